"""Strategy charts and EV tables of a game: what a chart says, where exact cards play otherwise,
and what each action is worth.

- :func:`chart` -- the basic strategy of a game as a printed chart (a :class:`Chart`): rows
  hard 5-21, soft 13-21 and pairs, columns the dealer's up card 2-A.  ``strategy="TD"``
  is the total-dependent strategy bjcalc finds (:mod:`bjcalc.game.strategy`); ``"CD"`` adds
  the composition-dependent exceptions: every two-card hand, and every hand of more
  cards a chart player reaches, where the best play for the exact cards differs from
  the chart, with what it gains, and a summary of them by chart cell.
- :func:`ev_table` -- the EV of every allowed action of every starting two-card hand
  against every up card (an :class:`EVTable`: tidy ``long`` and ``wide`` views).
- :func:`td_ev_table` -- the game EV given the up card when one chart cell changes, for
  every cell and every other code: the table a TD chart is the argmax of.

A chart renders itself as text (aligned, 80 columns), Markdown, CSV and HTML, and as a
pandas Styler (``Chart.styled()``): :mod:`bjcalc.analysis.render`.  The codes and what
they mean (H, S, Dh/Ds, P, Rh/Rs/Rp, and the DAS pair codes Ph ... Prp; a pair row gives
the pair's own best play): :mod:`bjcalc.analysis.codes`.  The house edge against a
preset's open rules, and its plots: :mod:`bjcalc.analysis.sweeps`.

>>> from bjcalc import Calculator, Rules
>>> table = chart(Calculator(Rules(decks=1, max_split_hands=2))).table
>>> table.loc["hard 11", "T"], table.loc["pair 8,8", "T"], table.loc["soft 18", "A"]
('Dh', 'P', 'S')
"""

from __future__ import annotations

import contextlib
import numbers
from concurrent.futures import BrokenExecutor, Executor, Future
from fractions import Fraction
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, Sequence

import pandas as pd

from ..core.arithmetic import arithmetic_for
from ..core.cards import rank_index
from ..core.errors import HandError, ShoeError, StrategyError
from ..core.progress import ProgressFn, no_progress
from ..core.rules import Rules
from ..game.calculator import Calculator, GameResult, deal_probabilities
from ..game.rounds import strategy_name
from ..game.variants import variant_of
from ..game.strategy import (AFTER_DOUBLE_ROWS, CHART_ROWS, IMPLICIT_ROWS, UP_LABEL, TotalDependentStrategy, UpcardEvaluator,
                             after_double_row_parts, after_double_totals, count_code_plays, count_code_words,
                             das_codes_split, two_card_code,
                             set_cell)
from .codes import (ACTIONS, AFTER_HIT_LEGEND, LEGEND, NOT_DEALT, NOT_DEALT_LEGEND, UPS, cell_plays, is_das_code,
                    resolve, split_after_hit, without_das)
from .render import (chart_csv, chart_csv_header, chart_html, chart_markdown, chart_styler, chart_text, edge_words,
                     ev_table_csv, ev_table_html, ev_table_text)

__all__ = ["Chart", "chart", "EXCEPTION_COLUMNS", "EVTable", "ev_table", "cell_alternatives", "td_ev_table",
           "hand_label", "two_card_hands", "chart_differences", "DIFFERENCE_COLUMNS"]

_VALUE = {"A": 1, "T": 10, **{str(v): v for v in range(2, 10)}}


def _label(value: int) -> str:
    return UP_LABEL.get(value, str(value))


def _td_strategy(result: GameResult) -> TotalDependentStrategy:
    """The TD strategy of a ``game("TD")`` result (which always has one)."""
    assert result.strategy is not None, "not a game('TD') result"
    return result.strategy


# -- hands ------------------------------------------------------------------------------------
def hand_label(values: Sequence[int]) -> str:
    """``"A,7"``, ``"T,6"``, ``"8,4,4"``: aces first, then the other cards high to low.

    >>> hand_label([6, 10]), hand_label([7, 1]), hand_label([4, 8, 4])
    ('T,6', 'A,7', '8,4,4')
    """
    ordered = sorted(values, key=lambda v: (v != 1, -v))
    return ",".join(_label(v) for v in ordered)


def _totals(values: Sequence[int]) -> tuple[int, bool]:
    hard = sum(values)
    soft = 1 in values and hard + 10 <= 21
    return (hard + 10 if soft else hard), soft


def two_card_hands() -> list[tuple[int, int]]:
    """Every starting two-card hand but the natural, by value, in EV-table order: hard
    hands by total, soft hands, pairs.

    >>> hands = two_card_hands()
    >>> len(hands), hands[0], hands[-1]
    (54, (3, 2), (1, 1))
    """
    hard = sorted(((a, b) for a in range(2, 11) for b in range(2, a)), key=lambda h: (sum(h), -h[0]))
    soft = [(1, b) for b in range(2, 10)]
    pairs = [(v, v) for v in (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)]
    return hard + soft + pairs


def _row(values: Sequence[int], splittable: bool) -> str:
    """The chart row a hand is played by."""
    if len(values) == 2 and values[0] == values[1] and splittable:
        name = _label(values[0])
        return f"pair {name},{name}"
    total, soft = _totals(values)
    return f"{'soft' if soft else 'hard'} {total}"


def _allowed_values(calc: Calculator, values: Sequence[int], up: str) -> Optional[dict[str, Any]]:
    try:
        return calc.hand([_label(v) for v in values], up)
    except (ShoeError, HandError):
        return None


def _best(values: dict[str, Any], prefer: str) -> str:
    """The best action, ``prefer`` on a tie (in floats, within the engine's tie margin)."""
    first = prefer if prefer in values else next(iter(values))
    return arithmetic_for(values.values()).best({first: values[first],
                                                 **{action: values[action] for action in ACTIONS if action in values}})


# -- the chart ------------------------------------------------------------------------------------
@dataclass
class Chart:
    """A basic strategy chart, and for CD its composition-dependent exceptions.

    ``table``: codes, rows ``hard 5``-``hard 21``, ``soft 13``-``soft 21``, ``pair 2,2``-``pair A,A``
    (a pair's own best play), columns ``2``-``9``, ``T``, ``A``.  ``no_das_cells``: cells whose
    play without doubling after a split the codes cannot say (a total row that doubles only
    because of DAS), ``{(row, up): code}``; :meth:`decode` reads the chart either way.
    ``exceptions`` (CD only; otherwise None): one row per hand and up card where the exact
    cards call for another play than the chart, with the chart's action, the CD action, both
    EVs (``calc.hand`` values: per unit initial bet, CD play after the decision, on the basis
    ``conditioning`` states), ``gain`` (their difference, for a player holding that hand:
    not weighted by how often it is dealt), ``probability`` (how often a round reaches that
    decision playing the chart: :data:`EXCEPTION_COLUMNS`) and ``contribution`` (``gain``
    times ``probability``: what the exception is worth per round, the house edge it takes
    off; :meth:`exception_summary` can rank by it).  ``ev``: whole-game EV under each strategy,
    ``{"TD": ..., "CD": ...}``.  ``notes``: what the codes do not say about the rules
    (:meth:`Rules.chart_notes <bjcalc.core.rules.Rules.chart_notes>`).  Renderings:
    :mod:`bjcalc.analysis.render`.

    >>> from bjcalc import Calculator, Rules
    >>> drawn = chart(Calculator(Rules(decks=1, max_split_hands=2)), "CD")
    >>> drawn.strategy, len(drawn.exceptions), drawn.exceptions.iloc[0][["up", "hand", "chart_action", "cd_action"]].tolist()
    ('CD', 398, ['2', 'T,3', 'stand', 'hit'])
    """

    table: pd.DataFrame
    strategy: str
    rules: Rules
    shoe: str
    split_strategy: str
    ev: dict[str, Any]
    td: TotalDependentStrategy
    exceptions: Optional[pd.DataFrame] = None
    notes: list[str] = field(default_factory=list)
    no_das_cells: dict[tuple[str, str], str] = field(default_factory=dict)
    conditioning: str = ""

    # -- views -----------------------------------------------------------------------------
    @property
    def title(self) -> str:
        """What the chart is, and its shoe.

        >>> from bjcalc import Calculator, Rules
        >>> chart(Calculator(Rules(decks=1, max_split_hands=2))).title
        'Basic strategy (total-dependent): 1 deck'
        """
        kind = ("Basic strategy (total-dependent)" if self.strategy == "TD"
                else "Basic strategy with composition-dependent exceptions")
        return f"{kind}: {self.shoe}"

    def decode(self, das: bool) -> pd.DataFrame:
        """The chart read where doubling after a split is (``das``) or is not allowed: every DAS
        code (``Ph``, ``Prp`` ...) becomes ``P`` or the code after its P, and without DAS the
        :attr:`no_das_cells` take their own code.

        >>> from bjcalc import Calculator, Rules
        >>> drawn = chart(Calculator(Rules(decks=2, dealer_hits_soft_17=True, surrender="late")))
        >>> drawn.table.loc["pair 8,8", "A"], drawn.decode(True).loc["pair 8,8", "A"], \\
        ...     drawn.decode(False).loc["pair 8,8", "A"]
        ('Prp', 'P', 'Rp')
        """
        table = self.table.apply(lambda column: column.map(lambda code: "P" if das and is_das_code(code)
                                                           else without_das(code)))
        if not das:
            for (row, up), code in self.no_das_cells.items():
                table.loc[row, up] = code
        return table

    def resolved(self) -> pd.DataFrame:
        """The chart for exactly these rules (:meth:`decode` with the rules' own DAS)."""
        return self.decode(das_codes_split(self.rules))

    def action(self, row: str, up: str, allowed: Iterable[str] = ACTIONS) -> str:
        """What the chart says for ``row`` against ``up`` when ``allowed`` actions are open.

        >>> from bjcalc import Calculator, Rules
        >>> drawn = chart(Calculator(Rules(decks=1, max_split_hands=2)))
        >>> drawn.action("hard 11", "T"), drawn.action("hard 11", "T", ["stand", "hit"])
        ('double', 'hit')
        """
        code = self.resolved().loc[row, up]
        return resolve(code, allowed)

    def header_lines(self) -> list[str]:
        """Rules, shoe, the EV of TD and CD play, what the values mean, and notes."""
        ev_td, ev_cd = (float(self.ev[k]) * 100 for k in ("TD", "CD"))
        # (a TD chart's split hands follow the chart, as its EV and JSON say; the CD EV's follow the post-split play)
        split = (f"split hands follow this chart (EV CD: post-split play {self.split_strategy})"
                 if self.strategy == "TD" else f"post-split play {self.split_strategy}")
        lines = [f"rules: {self.rules.describe(self.shoe)}",
                 f"shoe: {self.shoe}; {split}",
                 f"EV TD {ev_td:+.4f} % ({edge_words(ev_td)}); EV CD {ev_cd:+.4f} % ({edge_words(ev_cd)})"]
        if self.conditioning:
            lines.append(f"values: {self.conditioning}")
        if self.no_das_cells:
            lines.append("without doubling after a split also: "
                         + ", ".join(f"{row} v {up} {code}" for (row, up), code in self.no_das_cells.items()))
        return lines + self.notes

    def legend(self) -> list[tuple[str, str]]:
        """(code, meaning) of every code the chart uses; codes that mean the same (a rescue or
        redouble row's totals: ``13-16, 13-17``) as one entry.

        >>> from bjcalc import Calculator, Rules
        >>> chart(Calculator(Rules(decks=1, max_split_hands=2))).legend()[:3]
        [('H', 'hit'), ('S', 'stand'), ('Dh', 'double, else hit')]
        """
        used = {part for code in set(self.table.values.ravel()) | set(self.no_das_cells.values())
                for part in split_after_hit(code) if part}
        known = [(code, text) for code, text in LEGEND + AFTER_HIT_LEGEND + NOT_DEALT_LEGEND if code in used]
        alike: dict[str, list[str]] = {}
        for code in sorted(used - {code for code, _ in known}):
            text = count_code_words(code)
            if text is not None:
                alike.setdefault(text, []).append(code)
        return known + [(", ".join(codes), text) for text, codes in alike.items()]

    def exception_summary(self, by: str = "chart") -> pd.DataFrame:
        """The CD exceptions grouped by chart cell and plays: ``row``, ``up``, ``chart_action``,
        ``cd_action``, ``hands`` (how many), ``total_gain`` (the sum of their gains),
        ``max_gain`` and ``total_contribution`` (the sum of their contributions: gain times the
        probability that a round reaches the hand, per round, see :data:`EXCEPTION_COLUMNS`).
        Gains per unit initial bet, per hand held, not weighted by how often each hand is dealt.
        ``by="chart"``: in chart order; ``by="contribution"``: the largest total contribution
        first (what a player gains most from learning).

        >>> from bjcalc import Calculator, Rules
        >>> drawn = chart(Calculator(Rules(decks=6)), "CD")
        >>> first = drawn.exception_summary().iloc[0]
        >>> first["row"], first["up"], first["chart_action"], first["cd_action"], int(first["hands"])
        ('hard 12', '4', 'stand', 'hit', 1)
        >>> one = chart(Calculator(Rules(decks=1, max_split_hands=2)), "CD", multi_card=False).exceptions.iloc[0]
        >>> one["hand"], one["up"], round(float(one["probability"]) * 16575, 9)
        ('T,3', '2', 64.0)
        >>> bool(one["contribution"] == one["gain"] * one["probability"])
        True
        >>> top = drawn.exception_summary(by="contribution").iloc[0]
        >>> top["row"], top["up"], top["cd_action"], f"{top['total_contribution'] * 100:.5f} %"
        ('hard 16', 'T', 'stand', '0.00273 %')
        """
        if self.exceptions is None:
            raise StrategyError("a TD chart has no exceptions: draw it with strategy='CD'")
        if by not in ("chart", "contribution"):
            raise StrategyError(f"by must be 'chart' or 'contribution', not {by!r}")
        columns = ["row", "up", "chart_action", "cd_action", "hands", "total_gain", "max_gain", "total_contribution"]
        if not len(self.exceptions):
            return pd.DataFrame(columns=columns)
        grouped = (self.exceptions.groupby(["row", "up", "chart_action", "cd_action"], sort=False)
                   .agg(hands=("hand", "size"), total_gain=("gain", "sum"), max_gain=("gain", "max"),
                        total_contribution=("contribution", "sum"))
                   .reset_index())
        position = {row: i for i, row in enumerate(self.table.index)}
        grouped = grouped.assign(row_order=grouped["row"].map(lambda row: position.get(row, len(position))),
                                 up_order=grouped["up"].map(UPS.index))
        grouped = grouped.sort_values(["row_order", "up_order"], kind="stable")
        if by == "contribution":
            grouped = grouped.assign(key=grouped["total_contribution"].map(float)).sort_values(
                "key", ascending=False, kind="stable")
        return grouped[columns].reset_index(drop=True)

    def exception_lines(self) -> list[str]:
        """What the exceptions are and the unit of their gains, in words."""
        assert self.exceptions is not None
        count = len(self.exceptions)
        groups = len(self.exception_summary())
        return [f"{count} hand{'s' if count != 1 else ''} against an up card play differently from the chart "
                f"when their exact cards are known (in {groups} group{'s' if groups != 1 else ''} by chart cell "
                f"and play).",
                "gain: EV of the CD play minus EV of the chart's play, per unit initial bet, for a player "
                "holding that hand (not weighted by how often it is dealt; CD play afterwards); "
                "total_gain: the sum of a group's gains; contribution: gain times the probability that a round "
                "reaches the hand playing the chart (the house edge the exception takes off, per round)."]

    # -- renderings (bjcalc.analysis.render) ------------------------------------------------------
    def to_text(self, colour: bool = False) -> str:
        """Aligned plain text (fits 80 columns); ``colour`` adds ANSI backgrounds."""
        return chart_text(self, colour)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        extra = "" if self.exceptions is None else f", {len(self.exceptions)} CD exceptions"
        return f"<Chart {self.strategy}: {self.rules.describe(self.shoe)}; shoe {self.shoe}{extra}>"

    def to_markdown(self) -> str:
        """The chart (and exceptions: a summary by chart cell, then every hand) as a Markdown document."""
        return chart_markdown(self)

    def csv_header(self) -> str:
        """The chart's title, rules, shoe, EVs and notes as ``# `` comment lines (for the CSV)."""
        return chart_csv_header(self)

    def to_csv(self) -> str:
        """The chart as CSV: ``# `` comment lines (title, rules, shoe, EVs, notes), then the table
        (first column ``hand``); for CD, a blank line and the exceptions as CSV.  Read the chart
        back with ``pd.read_csv(path, comment="#", index_col=0, nrows=36)``."""
        return chart_csv(self)

    def to_html(self, full_page: bool = False) -> str:
        """Coloured HTML: a fragment with its own ``<style>`` (no JavaScript), or with
        ``full_page`` a standalone page."""
        return chart_html(self, full_page)

    def _repr_html_(self) -> str:
        return self.to_html()

    def styled(self) -> Any:
        """The chart as a pandas Styler, one background colour per action, with the title,
        rules, shoe and EVs above it and the legend (needs jinja2)."""
        return chart_styler(self)


def chart(calc: Calculator, strategy: str = "TD", das_codes: bool = True, multi_card: bool = True,
          min_gain: Optional[float] = None, progress: ProgressFn = no_progress,
          td_result: Optional[GameResult] = None, pool: Optional[Executor] = None) -> Chart:
    """The basic strategy chart of ``calc``'s game (see :class:`Chart`).

    ``strategy``: ``"TD"`` (the chart) or ``"CD"`` (the chart and its composition-dependent
    exceptions).  ``das_codes``: where doubling after a split is allowed, mark splits that
    are right only because of it (Ph, Ps, Pdh, Pds, Prh, Prs, Prp: what to do without DAS),
    and list any other cell that differs without DAS (:attr:`Chart.no_das_cells`), so that
    :meth:`Chart.decode` gives the chart of either game (costs a second TD search).
    ``multi_card``: CD exceptions include hands of three or more cards (those a chart
    player reaches by hitting).  ``min_gain``: smallest gain listed (default 1e-9 in
    floats, 0 in exact mode).  ``progress`` wraps the steps (:mod:`bjcalc.core.progress`).
    ``td_result``: ``calc.game("TD")`` when the caller has it already (the TD search is the
    chart's longest step); it is read, not changed.  ``pool``: an executor (a process pool
    kept warm, as the web app's) on which the other games' TD searches the codes need (without
    DAS, without surrender) run while this one's does; None: each in turn, here.  The chart is
    the same either way.

    >>> from bjcalc import Calculator, Rules
    >>> drawn = chart(Calculator(Rules(decks=1, max_split_hands=2)), "CD", multi_card=False)
    >>> drawn.table.loc["hard 16", "T"], sorted(set(drawn.exceptions["cards"]))
    ('H', [2])
    """
    if not isinstance(calc, Calculator):
        raise StrategyError(f"chart needs a bjcalc.Calculator (Calculator(rules, shoe)), not {type(calc).__name__}")
    calc.round.variant.check_analysis("a strategy chart")
    strategy = strategy_name(strategy)
    if strategy == "CD":
        calc.round.variant.check_analysis("a chart's list of CD exceptions", "--strategy TD, the chart alone")
    if min_gain is not None and (isinstance(min_gain, bool) or not isinstance(min_gain, numbers.Real)):
        raise StrategyError(f"min_gain must be a number (the smallest gain listed), not {min_gain!r}")
    if td_result is not None and (getattr(td_result, "strategy", None) is None
                                  or getattr(td_result, "assumptions", None) != calc.assumptions("TD")):
        raise StrategyError("td_result must be this calculator's own game('TD') (the same rules, shoe and arithmetic, "
                            "with its TD strategy): leave it out to compute it")
    rules = calc.rules
    das_applies = das_codes and rules.splits and das_codes_split(rules)
    steps = ["TD strategy"] + (["DAS codes"] if das_applies else []) + \
        (["CD exceptions " + up for up in UPS] if strategy == "CD" else [])
    result: Optional[GameResult] = None
    td: Optional[TotalDependentStrategy] = None
    table = exceptions = None
    no_das_cells: dict[tuple[str, str], str] = {}
    rows: list[dict] = []
    others = _Others(calc, pool)
    no_das_rules = rules.replace(double_after_split=False, double_split_aces=False)
    if das_applies:
        others.start(no_das_rules)
    if rules.surrender != "none" and not calc.round.variant.td_by_cards:
        others.start(rules.replace(surrender="none", surrender_against="any"))     # (likely: _surrender_codes)
    try:
        for step in progress(steps, total=len(steps), desc="chart"):
            if step == "TD strategy":
                result = td_result if td_result is not None else calc.game("TD")
                td = _td_strategy(result)
                table = td.chart()
            elif step == "DAS codes":
                table, no_das_cells = _das_codes(table, others.chart(no_das_rules))
            else:
                assert td is not None       # (the "TD strategy" step comes first)
                rows += _exceptions_for(calc, td, table, step.split()[-1], multi_card, min_gain)
        by_cards = td is not None and any(strategy.by_cards for strategy in td.values())
        if not by_cards:      # (codes by the number of cards print as played)
            table, no_das_cells = _surrender_codes(calc, table, no_das_cells, others)
    finally:
        others.close()
    if strategy == "CD":
        exceptions = pd.DataFrame(rows, columns=EXCEPTION_COLUMNS)
    assert result is not None and td is not None        # (progress gives every step)
    ev = {"TD": result.ev, "CD": calc.game("CD").ev}
    return Chart(table=table, strategy=strategy, rules=rules, shoe=calc.shoe.describe(),
                 split_strategy=calc.split_strategy, ev=ev, td=td, exceptions=exceptions,
                 notes=rules.chart_notes(after_hit_codes=not by_cards) + calc.round.variant.chart_notes(rules)
                 + _bonus_marks(calc, td),
                 no_das_cells=no_das_cells, conditioning=calc.assumptions().conditioning)


def _bonus_marks(calc: Calculator, td: TotalDependentStrategy) -> list[str]:
    """A note of the bonus hands (:meth:`~bjcalc.game.variant.Variant.bonus_hands`) whose best play,
    by their exact cards, is not their row's two-card play in the chart: where a bonus changes the
    play (a 6,7 that hits for the 6-7-8 where hard 13 stands)."""
    marks = []
    for cards, bonus in calc.round.variant.bonus_hands(calc.rules):
        plays: dict[str, list[str]] = {}
        first, second = (rank_index(card) + 1 for card in cards.split(","))
        total, soft = first + second + (10 if 1 in (first, second) else 0), 1 in (first, second)
        for up in UPS:
            value = rank_index(up) + 1
            strategy = td.get(value)
            if strategy is None or not calc.round.deals()[value]:
                continue
            if first == second and first in strategy.pairs:
                chart_play = strategy.pairs[first]
            else:
                chart_play = strategy.two_card.get((total, soft), "play")
                if chart_play == "play":
                    chart_play = "hit" if strategy.hits_at(total, soft) else "stand"
            best = calc.hand(cards, up).best
            if best != chart_play:
                plays.setdefault(best, []).append(up)
        marks += [f"{cards} v {', '.join(ups)}: {best}" for best, ups in plays.items()]
        if plays:
            marks[-1] += f" ({bonus})"
    return ["where a bonus changes the play, CD play of these two cards leaves their row (the chart's EV plays "
            "the row): " + "; ".join(marks)] if marks else []


def td_chart_table(rules: Rules, shoe: Any, split_strategy: Any, exact: bool) -> pd.DataFrame:
    """The TD chart's table (plain codes) of the game of ``rules`` on ``shoe``: what a chart's
    codes compare with (the game without DAS, without surrender); module-level, so that a
    process pool can run it."""
    return _td_strategy(Calculator(rules, shoe=shoe, split_strategy=split_strategy, exact=exact).game("TD")).chart()


class _Others:
    """The TD chart tables of other rules on ``calc``'s shoe that a chart's codes need, each
    computed once: started on ``pool`` ahead of the need (:meth:`start`), or here when asked
    for (:meth:`chart`).  A pool that fails (a worker lost) is left for this process."""

    def __init__(self, calc: Calculator, pool: Optional[Executor]):
        self.calc, self.pool = calc, pool
        self.futures: dict[Rules, Future] = {}
        self.tables: dict[Rules, pd.DataFrame] = {}

    def _args(self, rules: Rules) -> tuple:
        return rules, self.calc.shoe, self.calc.split_strategy, self.calc.exact

    def start(self, rules: Rules) -> None:
        if self.pool is not None and rules not in self.futures:
            try:
                self.futures[rules] = self.pool.submit(td_chart_table, *self._args(rules))
            except (BrokenExecutor, RuntimeError):       # (a pool broken or shut down: here, then)
                self.pool = None

    def chart(self, rules: Rules) -> pd.DataFrame:
        if rules not in self.tables:
            future = self.futures.pop(rules, None)
            table = None
            if future is not None:
                with contextlib.suppress(BrokenExecutor):       # (a worker lost: here, then)
                    table = future.result()
            self.tables[rules] = table if table is not None else td_chart_table(*self._args(rules))
        return self.tables[rules]

    def close(self) -> None:
        """Cancel what was started and not needed (a pool's work not begun)."""
        for future in self.futures.values():
            future.cancel()


def _code_at(table: pd.DataFrame, row: str, up: str) -> str:
    """A chart's code at a cell, where the chart may leave the row out (:data:`IMPLICIT_ROWS`: they
    hit; a rescue or redouble row: none)."""
    if row in table.index:
        return table.loc[row, up]
    return "no" if row in AFTER_DOUBLE_ROWS else "H"


def _das_codes(with_das: pd.DataFrame, without: pd.DataFrame) -> tuple[pd.DataFrame, dict[tuple[str, str], str]]:
    """The DAS chart with each split that is right only with DAS coded ``P`` + the play without
    it (``Ph``, ``Prp`` ...), and the other cells that differ without DAS, ``{(row, up): code}``."""
    out = with_das.copy()
    others: dict[tuple[str, str], str] = {}
    for row in out.index:
        for up in out.columns:
            mine, other = out.loc[row, up], _code_at(without, row, up)
            if mine == other:
                continue
            if row.startswith("pair") and mine == "P":
                out.loc[row, up] = "P" + other.lower()
            else:
                others[(row, up)] = other
    return out, others


def _surrender_codes(calc: Calculator, table: pd.DataFrame, no_das: dict[tuple[str, str], str],
                     others: "_Others") -> tuple[pd.DataFrame, dict[tuple[str, str], str]]:
    """The chart with each total's surrender code (``Rh``, ``Rs``) in the reading players use: its
    letter the play where surrender is not offered (this game's TD chart without surrender),
    and where the play after a hit or a split (the strategy's hit/stand entry) differs, that
    play as a suffix (``Rh+S``, ``Rh+Ds``; :mod:`bjcalc.analysis.codes`).  The strategy played
    is the same: the two-card letter is printed only (:func:`~bjcalc.analysis.codes.strategy_code`
    reads the code back as the strategy writes it)."""
    def surrenders(row: str, code: str) -> bool:
        return not row.startswith("pair") and split_after_hit(code)[0] in ("Rh", "Rs")

    cells = [(row, up) for row in table.index for up in table.columns if surrenders(row, table.loc[row, up])]
    extra = [(row, up) for (row, up), code in no_das.items() if surrenders(row, code)]
    if not cells and not extra:
        return table, no_das

    def plain_chart(**changes: Any) -> pd.DataFrame:
        return others.chart(calc.rules.replace(surrender="none", surrender_against="any", **changes))

    def printed(code: str, plain: str) -> str:
        two, after = split_after_hit(code)
        after_hit = two[-1]                               # the strategy's hit/stand entry
        plain_two = split_after_hit(plain)[0]
        offered = plain_two[0].lower() if plain_two[0] in "HS" else plain_two[-1]    # (a double: its letter)
        if offered == after_hit:
            return code
        return two[0] + offered + (after + after_hit if after else "+" + after_hit.upper())

    table = table.copy()
    if cells:
        plain = plain_chart()
        for row, up in cells:
            table.loc[row, up] = printed(table.loc[row, up], _code_at(plain, row, up))
    if extra:
        plain = plain_chart(double_after_split=False)
        no_das = {key: printed(code, _code_at(plain, *key)) if key in extra else code for key, code in no_das.items()}
    return table, no_das


EXCEPTION_COLUMNS = ["up", "hand", "cards", "row", "chart_action", "cd_action", "chart_ev", "cd_ev", "gain",
                     "probability", "contribution"]
"""Columns of :attr:`Chart.exceptions` (the chart's code is ``chart.table.loc[row, up]``).

``probability``: the probability that a round (from the full shoe) reaches this decision
playing the chart: the dealer shows ``up`` and the player holds exactly these cards as an
unsplit hand, drawn in any order in which the chart hits every hand on the way (a two-card
hand: the probability of the deal); in a game whose hand values are conditioned on no dealer
blackjack (a peek game), and the dealer has no blackjack.  Hands reached after a split are
not counted.  ``contribution``: ``gain * probability``, what the exception adds to the game's
EV per round (the house edge it takes off), on the basis of ``gain``.  Exact rationals in exact
mode.  For T,3 against a 2 from one deck: 4/52 (the up card) times 2 * 16/51 * 4/50 (a ten and a
three, in either order) = 64/16575 (:meth:`Chart.exception_summary` shows it).
"""


def _code(td: TotalDependentStrategy, column: dict[str, str], row: str, up: str, values: Sequence[int],
          splittable: bool) -> str:
    """The chart's code for ``values`` against ``up`` (``column``: the table's codes against
    ``up`` by row, read once: a chart's exceptions ask for hundreds of thousands of cells)."""
    if row in column:
        return column[row]
    total, soft = _totals(values)       # hard 4 and soft 12: only pairs make them
    pair = values[0] if len(values) == 2 and values[0] == values[1] and splittable else None
    return td.code(_VALUE[up], total, soft, pair)


def _exceptions_for(calc: Calculator, td: TotalDependentStrategy, table: pd.DataFrame, up: str,
                    multi_card: bool, min_gain: Optional[float]) -> list[dict]:
    """Exceptions against one up card: two-card hands, then hands a chart player reaches by
    hitting (level by level: a hand of n cards is reached from hands of n - 1 cards only, so
    each hand's probability of being reached is complete before it is checked)."""
    if _VALUE[up] not in td:
        return []
    threshold = min_gain if min_gain is not None else (0 if calc.exact else 1e-9)
    splittable, das = calc.rules.splits, das_codes_split(calc.rules)
    found: list[dict] = []
    column = table[up].to_dict()
    draw, no_blackjack, p_up = _draws(calc, _VALUE[up])

    def check(values: tuple[int, ...], reach: Fraction) -> Optional[str]:
        allowed = _allowed_values(calc, values, up)
        if allowed is None:
            return None
        row = _row(values, splittable)
        code = _code(td, column, row, up, values, splittable)
        action = resolve(code, allowed, das, len(values))
        best = _best(allowed, action)
        gain = allowed[best] - allowed[action]
        if best != action and gain > threshold:
            probability = calc.ar.output(p_up * reach * no_blackjack(values))
            found.append({"up": up, "hand": hand_label(values), "cards": len(values), "row": row,
                          "chart_action": action, "cd_action": best, "chart_ev": allowed[action],
                          "cd_ev": allowed[best], "gain": gain, "probability": probability,
                          "contribution": gain * probability})
        return action

    level: dict[tuple[int, ...], Fraction] = {}
    for a, b in two_card_hands():
        reach = draw((), a) * draw((a,), b) + (draw((), b) * draw((b,), a) if a != b else 0)
        if check((a, b), reach) == "hit":
            level[(a, b)] = reach
    if not multi_card:
        return found
    while level:
        children: dict[tuple[int, ...], Fraction] = {}
        for hand, reach in level.items():
            for card in range(1, 11):
                child = tuple(sorted(hand + (card,)))
                if sum(child) <= 21:
                    children[child] = children.get(child, 0) + reach * draw(hand, card)
        level = {}
        for child, reach in children.items():
            if check(child, reach) == "hit":
                level[child] = reach
    two = [r for r in found if r["cards"] == 2]
    more = sorted((r for r in found if r["cards"] > 2),
                  key=lambda r: (r["row"].startswith("soft"), int(r["row"].split()[1]), r["cards"], r["hand"]))
    return two + more


def _draws(calc: Calculator, up: int) -> tuple[Any, Any, Fraction]:
    """For an up card's exceptions: ``draw(held, card)``, the exact probability that the
    player's next card is ``card`` holding ``held`` (the up card gone); ``no_blackjack(held)``,
    the probability that the hole card makes no dealer blackjack (1 where hand values are
    not conditioned on it); and the up card's own probability."""
    full = calc.shoe.value_counts()
    counts = list(full)
    infinite = calc.shoe.is_infinite
    if not infinite:
        counts[up - 1] -= 1
    left = sum(counts)

    def draw(held: tuple[int, ...], card: int) -> Fraction:
        if infinite:
            return Fraction(counts[card - 1], left)
        remaining = left - len(held)
        return Fraction(max(counts[card - 1] - held.count(card), 0), remaining) if remaining > 0 else Fraction(0)

    completes = {1: 10, 10: 1}.get(up) if calc.hand_values_conditioned else None

    def no_blackjack(held: tuple[int, ...]) -> Fraction:
        return Fraction(1) if completes is None else 1 - draw(held, completes)

    return draw, no_blackjack, Fraction(full[up - 1], sum(full))


# -- the EV table ---------------------------------------------------------------------------------
@dataclass
class EVTable:
    """EV of every allowed action of every starting two-card hand against every up card.

    ``long``: tidy, one row per (up, hand, action) with ``ev``.  ``wide``: rows (hand, action),
    columns up cards 2-A.  ``best``: the best action, rows hands, columns up cards (the CD
    play of each two-card hand).  Values are ``calc.hand`` values: per unit initial bet,
    optimal CD play after the decision, every action of a hand on one basis, which
    ``conditioning`` states (in peek games conditioned on no dealer blackjack, except with
    early surrender: unconditional).  Renderings: :mod:`bjcalc.analysis.render`.

    >>> from bjcalc import Calculator, Rules
    >>> table = ev_table(Calculator(Rules(decks=1, max_split_hands=2)))
    >>> table.long.iloc[0].tolist()[:3], table.best.loc["T,6", "T"]
    (['2', '3,2', 'stand'], 'hit')
    """

    long: pd.DataFrame
    rules: Rules
    shoe: str
    conditioning: str = ""

    @property
    def wide(self) -> pd.DataFrame:
        frame = self.long.pivot(index=["hand", "action"], columns="up", values="ev")
        order = [(hand_label(h), a) for h in two_card_hands() for a in ACTIONS]
        index = [key for key in order if key in frame.index]
        return frame.reindex(index=pd.MultiIndex.from_tuples(index, names=["hand", "action"]),
                             columns=[u for u in UPS if u in frame.columns])

    @property
    def best(self) -> pd.DataFrame:
        rows = {}
        for (up, hand), group in self.long.groupby(["up", "hand"], sort=False):
            values = dict(zip(group["action"], group["ev"]))
            rows[(hand, up)] = _best(values, "stand" if "stand" in values else next(iter(values)))
        hands = [hand_label(h) for h in two_card_hands()]
        frame = pd.DataFrame(index=[h for h in hands if any((h, u) in rows for u in UPS)],
                             columns=[u for u in UPS if any((h, u) in rows for h in hands)])
        for (hand, up), action in rows.items():
            frame.loc[hand, up] = action
        return frame

    def to_csv(self, wide: bool = True) -> str:
        """The EVs as CSV to 6 decimals, ``wide`` or ``long``."""
        return ev_table_csv(self, wide)

    def to_html(self) -> str:
        """The wide table as coloured HTML, each hand's best action coloured."""
        return ev_table_html(self)

    def _repr_html_(self) -> str:
        return self.to_html()

    def __str__(self) -> str:
        return ev_table_text(self)

    def __repr__(self) -> str:
        return f"<EVTable: {len(self.long)} values; {self.rules.describe(self.shoe)}; shoe {self.shoe}>"


def ev_table(calc: Calculator) -> EVTable:
    """The EV of each allowed action of every starting two-card hand against every up card.

    >>> from bjcalc import Calculator, Rules
    >>> table = ev_table(Calculator(Rules(decks=6)))
    >>> round(float(table.wide.loc[("T,6", "hit"), "T"]), 4), table.best.loc["8,8", "T"]
    (-0.5347, 'split')
    """
    rows = []
    for up in UPS:
        for hand in two_card_hands():
            values = _allowed_values(calc, hand, up)
            if values is None:
                continue
            for action in ACTIONS:
                if action in values:
                    rows.append((up, hand_label(hand), action, values[action]))
    long = pd.DataFrame(rows, columns=["up", "hand", "action", "ev"])
    return EVTable(long=long, rules=calc.rules, shoe=calc.shoe.describe(),
                   conditioning=calc.assumptions().conditioning)


# -- the TD chart's own EV table: one cell changed at a time ------------------------------------
DIFFERENCE_COLUMNS = ["row", "up", "code", "basic_strategy"]
"""Columns of :func:`chart_differences`: the chart's row and up card, its code as written, and
the TD chart's code there (as :meth:`TotalDependentStrategy.chart
<bjcalc.game.strategy.TotalDependentStrategy.chart>` writes it)."""


def chart_differences(table: pd.DataFrame, td: TotalDependentStrategy, rules: Rules) -> pd.DataFrame:
    """The cells of a chart ``table`` (one :func:`~bjcalc.game.strategy.chart_strategy` has
    read) that play otherwise under ``rules`` than the TD strategy ``td`` of the same game
    (a ``calc.game("TD").strategy``): cells whose codes make some hand of the row play another
    way (:func:`~bjcalc.analysis.codes.cell_plays`), so that ``P`` and ``Ph`` where doubling
    after a split is allowed, or ``Dh`` and ``H`` on a total that may not double, are no
    difference.  In chart order (hard, soft, pairs; up cards 2 to A), with
    :data:`DIFFERENCE_COLUMNS`; a cell against an up card the shoe cannot deal is left out.

    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1, max_split_hands=2))
    >>> td = calc.game("TD").strategy
    >>> card = td.chart()
    >>> card.loc["hard 16", "T"], card.loc["pair 2,2", "2"] = "S", "Ph"
    >>> chart_differences(card, td, calc.rules).values.tolist()
    [['hard 16', 'T', 'S', 'H']]
    """
    by_cards = variant_of(rules).td_by_cards
    order = {row: i for i, row in enumerate(CHART_ROWS + IMPLICIT_ROWS + AFTER_DOUBLE_ROWS)}
    given = {str(row).strip(): row for row in table.index}
    # (rows a chart may leave out, where the TD chart has them: compared as the reader reads them left out)
    rows = sorted(set(given) | {row for row in td.chart().index if row in AFTER_DOUBLE_ROWS + IMPLICIT_ROWS},
                  key=order.__getitem__)
    out = []
    for label in rows:
        for up in UPS:
            column = next(c for c in table.columns if str(c).strip() == up)
            code = str(table.loc[given[label], column]).strip() if label in given else \
                "no" if label in AFTER_DOUBLE_ROWS else "H"
            best = _td_cell(td, label, _VALUE[up])
            if NOT_DEALT not in (code, best) and \
                    _cell_plays(label, code, rules, by_cards) != _cell_plays(label, best, rules, by_cards):
                out.append((label, up, code, best))
    return pd.DataFrame(out, columns=DIFFERENCE_COLUMNS)


def _row_hand(row: str) -> tuple[int, bool, Optional[int]]:
    """A chart row's total, softness and pair value (None: a total's row)."""
    kind, _, what = row.partition(" ")
    pair = _VALUE[what[0]] if kind == "pair" else None
    if pair:
        return (12, True, pair) if pair == 1 else (2 * pair, False, pair)
    return int(what), kind == "soft", None


def _td_cell(td: TotalDependentStrategy, row: str, up: int) -> str:
    """The TD chart's code in a row (a rescue or redouble row's too) against ``up``."""
    if row in AFTER_DOUBLE_ROWS:
        table, soft, double = after_double_row_parts(row)
        return td.rescue_code(up, soft, table, double)
    return td.code(up, *_row_hand(row))


def _cell_plays(row: str, code: str, rules: Rules, by_cards: tuple[int, ...]) -> Any:
    """What a cell plays, to compare two cells of a row: :func:`~bjcalc.analysis.codes.cell_plays`;
    in a chart by the number of cards (``by_cards``) a total's each count's play and fallback
    (:func:`~bjcalc.game.strategy.count_code_plays`), a pair's its two-card play, a rescue or
    redouble row's its totals."""
    if row in AFTER_DOUBLE_ROWS:
        return after_double_totals(code, " soft" in row)
    if not by_cards:
        return cell_plays(row, code, rules)
    total, _, _ = _row_hand(row)
    plays = count_code_plays(code, by_cards, total)
    if not row.startswith("pair"):
        return plays
    return cell_plays(row, code if plays is None else two_card_code(plays), rules)


def cell_alternatives(row: str, code: str, rules: Rules) -> list[str]:
    """The codes one step from ``code`` in a chart cell: the other hit/stand letter, or
    another first-two-card action (a pair, its own best play: stand, hit, double, split,
    surrender).

    >>> cell_alternatives("hard 16", "H", Rules(surrender="late"))
    ['S', 'Dh', 'Rh']
    >>> cell_alternatives("pair 8,8", "P", Rules())
    ['S', 'H', 'Dh']
    """
    out = []
    double = rules.double_on != "none"
    surrender = rules.surrender != "none"
    if row.startswith("pair"):
        # the fallback letter of D and R never plays where they are allowed: keep the cell's own
        letter = code[-1] if code[-1] in "hs" and len(code) > 1 else ("s" if code == "S" else "h")
        candidates = ["S", "H"] + (["D" + letter] if double else []) + \
            (["P"] if rules.splits else []) + (["R" + letter] if surrender else [])
        current = resolve(code, ACTIONS)
        return [c for c in candidates if resolve(c, ACTIONS) != current]
    first, letter = code[0], (code[1] if len(code) == 2 else ("h" if code == "H" else "s"))
    flip = {"h": "s", "s": "h"}[letter]
    out.append(flip.upper() if first in "HS" else first + flip)
    for action in ("play", "D", "R"):
        if action == "D" and not double or action == "R" and not surrender:
            continue
        if (action == "play" and first in "HS") or action == first:
            continue
        out.append(letter.upper() if action == "play" else action + letter)
    return out


def td_ev_table(calc: Calculator, ups: Optional[Iterable[str]] = None, result: Any = None,
                rows: Optional[Iterable[str]] = None) -> pd.DataFrame:
    """For each up card and chart cell, the EV given the up card when that one cell reads
    another code (:func:`cell_alternatives`), everything else as the TD chart says.

    Columns ``up``, ``row``, ``code``, ``chosen`` (the chart's own code) and ``ev``; the
    chart's code is the argmax of each (up, row) group.  Pair rows appear where pairs may
    split.  ``result``: a ``calc.game("TD")`` already computed; ``ups``, ``rows``: only these.

    >>> from bjcalc import Calculator, Rules
    >>> frame = td_ev_table(Calculator(Rules(decks=1, max_split_hands=2)), ups=["T"], rows=["hard 16"])
    >>> frame[["code", "chosen"]].values.tolist(), frame.loc[frame["ev"].idxmax(), "code"]
    ([['H', True], ['S', False], ['Dh', False]], 'H')
    """
    only_rows = None if rows is None else set(rows)
    result = result if result is not None else calc.game("TD")
    table = result.strategy.chart()
    base = TotalDependentStrategy.from_chart(table)
    deals = deal_probabilities(calc.shoe, calc.rules)
    out = []
    for up in (list(ups) if ups is not None else list(UPS)):
        value = _VALUE[up]
        if value not in result.strategy:
            continue
        evaluator = UpcardEvaluator(calc, value, deals[value])
        chosen_ev = evaluator.ev(base[value])
        for row in table.index:
            if (row.startswith("pair") and not calc.rules.splits) or (only_rows is not None and row not in only_rows):
                continue
            code = table.loc[row, up]
            out.append((up, row, code, True, chosen_ev))
            for alternative in cell_alternatives(row, code, calc.rules):
                changed = base[value].copy()
                set_cell(changed, row, alternative)
                out.append((up, row, alternative, False, evaluator.ev(changed)))
    return pd.DataFrame(out, columns=["up", "row", "code", "chosen", "ev"])
