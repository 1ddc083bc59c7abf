"""Strategy charts, EV tables, their renderings, and the generated ``tables/`` folder.

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
- Renderings: text (aligned, 80 columns), Markdown, CSV and HTML (one colour per
  action; ``Chart.styled()`` gives a pandas Styler); :func:`plot_edges` draws how a
  preset's house edge moves with the decks and each open rule (matplotlib, imported
  only there).
- :func:`generate_tables` writes ``tables/`` (deterministic, idempotent), and
  :func:`add_chart_parsers`, :func:`run_chart`, :func:`run_tables` are the ``bjcalc chart``
  and ``bjcalc tables`` commands.

Chart codes: H hit, S stand, Dh/Ds double (else hit/stand), P split, Rh/Rs/Rp surrender
(else hit/stand/split): the letters after the first say what to do where it is not allowed.
A pair row gives the pair's own best play.  A pair code of P and more letters splits where
doubling after a split is allowed and otherwise reads on as the code after the P: Ph, Ps,
Pdh, Pds, Prh, Prs, Prp (``Prp``: split with DAS; without, surrender, else split).

>>> from bjcalc import Calculator, Rules
>>> table = chart(Calculator(Rules(decks=1, max_split_hands=2))).table
>>> table.loc["hard 11", "T"], table.loc["pair 8,8", "T"], table.loc["soft 18", "A"]
('Dh', 'P', 'S')
"""

from __future__ import annotations

import copy
import html as _html
import math
import re
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence

import pandas as pd

from ..game.calculator import Calculator, deal_probabilities
from ..core.errors import BjcalcError, HandError, RulesError, ShoeError, StrategyError
from ..core.rules import Rules
from ..game.strategy import UP_LABEL, UP_ORDER, TotalDependentStrategy, UpcardEvaluator, set_cell
from ..game.variants import OPEN_RULES, PRESETS

UPS: tuple[str, ...] = tuple(UP_LABEL.get(up, str(up)) for up in UP_ORDER)
"""Up card labels in chart order: 2 ... 9, T, A."""
ACTIONS: tuple[str, ...] = ("stand", "hit", "double", "split", "surrender")
LETTER_ACTION = {"H": "hit", "S": "stand", "D": "double", "P": "split", "R": "surrender"}
COLOURS = {"hit": "#f6c6c0", "stand": "#fbe7a1", "double": "#b9e0a5", "split": "#a8c8ec",
           "surrender": "#d6cbe8"}
"""Background colour of each action (a chart cell takes its first letter's action)."""
_IF_DAS = "split if doubling after a split is allowed, else "
LEGEND = (("H", "hit"), ("S", "stand"), ("Dh", "double, else hit"), ("Ds", "double, else stand"),
          ("P", "split"), ("Ph", _IF_DAS + "hit"), ("Ps", _IF_DAS + "stand"),
          ("Pdh", _IF_DAS + "double (else hit)"), ("Pds", _IF_DAS + "double (else stand)"),
          ("Prh", _IF_DAS + "surrender (else hit)"), ("Prs", _IF_DAS + "surrender (else stand)"),
          ("Prp", _IF_DAS + "surrender (else split)"),
          ("Rh", "surrender, else hit"), ("Rs", "surrender, else stand"), ("Rp", "surrender, else split"))
"""Every code a chart writes, with its meaning (the DAS codes are :data:`bjcalc.game.strategy.DAS_CODES`)."""
_ANSI = {"hit": "41", "stand": "43", "double": "42", "split": "44", "surrender": "45"}
_VALUE = {"A": 1, "T": 10, **{str(v): v for v in range(2, 10)}}

Progress = Callable[..., Iterable]


def _label(value: int) -> str:
    return UP_LABEL.get(value, str(value))


def _no_progress(iterable: Iterable, total: Optional[int] = None, desc: str = "") -> Iterable:
    return iterable


def tty_progress(iterable: Iterable, total: Optional[int] = None, desc: str = "") -> Iterable:
    """A bar on stderr (:class:`bjcalc.core.progress.Progress`) when stderr is a terminal; otherwise the
    iterable unchanged (the ``bjcalc`` commands also report to logs: see :mod:`bjcalc.core.progress`)."""
    if not sys.stderr.isatty():
        return iterable
    from ..core.progress import Progress

    return Progress(desc or "charts", terminal=True)(iterable, total=total)


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


def is_das_code(code: str) -> bool:
    """Whether ``code`` splits only where doubling after a split is allowed (``Ph``, ``Prp`` ...)."""
    return len(code) > 1 and code[0] == "P"


def without_das(code: str) -> str:
    """What a code says where doubling after a split is not allowed.

    >>> without_das("Prp"), without_das("Pdh"), without_das("Ph"), without_das("Rh")
    ('Rp', 'Dh', 'H', 'Rh')
    """
    return code[1].upper() + code[2:] if is_das_code(code) else code


def resolve(code: str, allowed: Iterable[str], das: bool = True) -> str:
    """The action a chart code means for a hand whose allowed actions are ``allowed``;
    ``das``: whether doubling after a split is allowed (for ``Ph``, ``Prp`` ...).

    >>> resolve("Dh", ["stand", "hit"]), resolve("Rp", ["stand", "hit", "split"]), resolve("S", ["hit"])
    ('hit', 'split', 'hit')
    >>> resolve("Prp", ["stand", "hit", "split", "surrender"], das=False), resolve("Prp", ["hit", "split"])
    ('surrender', 'split')
    """
    allowed = list(allowed)
    if is_das_code(code):
        if das and "split" in allowed:
            return "split"
        code = without_das(code)
    for letter in code:
        action = LETTER_ACTION[letter.upper()]
        if action in allowed:
            return action
    for action in ("hit", "stand"):
        if action in allowed:
            return action
    return allowed[0]


def _allowed_values(calc: Calculator, values: Sequence[int], up: str) -> Optional[dict[str, Any]]:
    try:
        return calc.hand([_label(v) for v in values], up)
    except (ShoeError, HandError):
        return None


def _best(values: dict[str, Any], prefer: str) -> str:
    best = prefer if prefer in values else next(iter(values))
    for action in ACTIONS:
        if action in values and values[action] > values[best]:
            best = action
    return best


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
    ``conditioning`` states) and ``gain`` (their difference, for a player holding that hand:
    not weighted by how often it is dealt).  ``ev``: whole-game EV under each strategy,
    ``{"TD": ..., "CD": ...}``.
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
        return self.decode(self.rules.double_after_split)

    def action(self, row: str, up: str, allowed: Iterable[str] = ACTIONS) -> str:
        """What the chart says for ``row`` against ``up`` when ``allowed`` actions are open."""
        code = self.resolved().loc[row, up]
        return resolve(code, allowed)

    def header_lines(self) -> list[str]:
        """Rules, shoe, the EV of TD and CD play, what the values mean, and notes."""
        ev_td, ev_cd = (float(self.ev[k]) * 100 for k in ("TD", "CD"))
        lines = [f"rules: {self.rules.describe(self.shoe)}",
                 f"shoe: {self.shoe}; post-split play {self.split_strategy}",
                 f"EV TD {ev_td:+.4f} % (house edge {-ev_td:.4f} %); "
                 f"EV CD {ev_cd:+.4f} % (house edge {-ev_cd:.4f} %)"]
        if self.conditioning:
            lines.append(f"values: {self.conditioning}")
        if self.no_das_cells:
            lines.append("without doubling after a split also: "
                         + ", ".join(f"{row} v {up} {code}" for (row, up), code in self.no_das_cells.items()))
        return lines + self.notes

    def legend(self) -> list[tuple[str, str]]:
        """(code, meaning) of every code the chart uses."""
        used = set(self.table.values.ravel()) | set(self.no_das_cells.values())
        return [(code, text) for code, text in LEGEND if code in used]

    def exception_summary(self) -> pd.DataFrame:
        """The CD exceptions grouped by chart cell and plays: ``row``, ``up``, ``chart_action``,
        ``cd_action``, ``hands`` (how many), ``total_gain`` (the sum of their gains) and
        ``max_gain``, in chart order.  Gains per unit initial bet, per hand held, not weighted
        by how often each hand is dealt.

        >>> from bjcalc import Calculator, Rules
        >>> summary = chart(Calculator(Rules(decks=6)), "CD").exception_summary()
        >>> first = summary.iloc[0]
        >>> first["row"], first["up"], first["chart_action"], first["cd_action"], int(first["hands"])
        ('hard 12', '4', 'stand', 'hit', 1)
        """
        if self.exceptions is None:
            raise StrategyError("a TD chart has no exceptions: draw it with strategy='CD'")
        columns = ["row", "up", "chart_action", "cd_action", "hands", "total_gain", "max_gain"]
        if not len(self.exceptions):
            return pd.DataFrame(columns=columns)
        grouped = (self.exceptions.groupby(["row", "up", "chart_action", "cd_action"], sort=False)
                   .agg(hands=("hand", "size"), total_gain=("gain", "sum"), max_gain=("gain", "max"))
                   .reset_index())
        position = {row: i for i, row in enumerate(self.table.index)}
        grouped = grouped.assign(row_order=grouped["row"].map(lambda row: position.get(row, len(position))),
                                 up_order=grouped["up"].map(UPS.index))
        return grouped.sort_values(["row_order", "up_order"], kind="stable")[columns].reset_index(drop=True)

    def _summary_rows(self) -> pd.DataFrame:
        frame = self.exception_summary()
        for column in ("total_gain", "max_gain"):
            frame[column] = frame[column].map(lambda g: f"{float(g):.6f}")
        return frame

    def _exception_rows(self) -> pd.DataFrame:
        assert self.exceptions is not None
        frame = self.exceptions[["up", "hand", "row", "chart_action", "cd_action", "gain"]].copy()
        frame["gain"] = frame["gain"].map(lambda g: f"{float(g):.6f}")
        return frame

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
                "total_gain: the sum of a group's gains."]

    # -- renderings ------------------------------------------------------------------------------
    def to_text(self, colour: bool = False) -> str:
        """Aligned plain text (fits 80 columns); ``colour`` adds ANSI backgrounds."""
        def wrap(line: str) -> list[str]:
            return textwrap.wrap(line, 79, subsequent_indent="  ") or [""]

        lines = wrap(self.title) + [w for line in self.header_lines() for w in wrap(line)] + [""]
        lines.append(f"{'dealer':<9}" + "".join(f" {up:^3}" if colour else f"{up:>4}" for up in UPS))
        for row in self.table.index:
            cells = []
            for up in UPS:
                code = self.table.loc[row, up]
                text = f"{code:>4}"
                if colour:
                    text = f" \x1b[30;{_ANSI[LETTER_ACTION[code[0]]]}m{code:^3}\x1b[0m"
                cells.append(text)
            lines.append(f"{row:<9}" + "".join(cells))
        lines.append("")
        lines += wrap("  ".join(f"{code} {text}" for code, text in self.legend()))
        if self.exceptions is not None:
            lines += ["", "Composition-dependent exceptions"]
            lines += [w for line in self.exception_lines() for w in wrap(line)]
            if len(self.exceptions):
                lines += ["", "By chart cell:",
                          f"{'row':<10}{'up':<3}{'chart play':<11}{'CD play':<10}{'hands':>6}{'total gain':>12}"
                          f"{'max gain':>10}"]
                for r in self._summary_rows().itertuples(index=False):
                    lines.append(f"{r.row:<10}{r.up:<3}{r.chart_action:<11}{r.cd_action:<10}{r.hands:>6}"
                                 f"{r.total_gain:>12}{r.max_gain:>10}")
                frame = self._exception_rows()
                width = max(4, frame["hand"].str.len().max())
                lines += ["", "Every hand:",
                          f"{'up':<3}{'hand':<{width + 2}}{'row':<10}{'chart play':<11}{'CD play':<10}{'gain':>9}"]
                for r in frame.itertuples(index=False):
                    lines.append(f"{r.up:<3}{r.hand:<{width + 2}}{r.row:<10}{r.chart_action:<11}"
                                 f"{r.cd_action:<10}{r.gain:>9}")
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        extra = "" if self.exceptions is None else f", {len(self.exceptions)} CD exceptions"
        return f"<Chart {self.strategy}: {self.rules.describe()}; shoe {self.shoe}{extra}>"

    def to_markdown(self) -> str:
        """The chart (and exceptions: a summary by chart cell, then every hand) as a Markdown document."""
        out = [f"# {self.title}", ""]
        out += [f"- {line}" for line in self.header_lines()] + [""]
        out += _markdown_table(["hand"] + list(UPS), [[row] + list(self.table.loc[row]) for row in self.table.index])
        out += ["", "Codes: " + "; ".join(f"**{code}** {text}" for code, text in self.legend()) + "."]
        if self.exceptions is not None:
            first, units = self.exception_lines()
            units = units.replace("gain:", "`gain`:", 1).replace("total_gain:", "`total_gain`:")
            out += ["", "## Composition-dependent exceptions", "", first, "", units, ""]
            if len(self.exceptions):
                out += ["### By chart cell", ""]
                frame = self._summary_rows()
                out += _markdown_table(list(frame.columns), frame.values.tolist())
                out += ["", "### Every hand", ""]
                frame = self._exception_rows()
                out += _markdown_table(list(frame.columns), frame.values.tolist())
        return "\n".join(out) + "\n"

    def csv_header(self) -> str:
        """The chart's title, rules, shoe, EVs and notes as ``# `` comment lines (for the CSV)."""
        return "".join(f"# {line}\n" for line in [self.title] + self.header_lines())

    def to_csv(self) -> str:
        """The chart as CSV: ``# `` comment lines (title, rules, shoe, EVs, notes), then the table
        (first column ``hand``); for CD, a blank line and the exceptions as CSV.  Read the chart
        back with ``pd.read_csv(path, comment="#", index_col=0, nrows=36)``."""
        text = self.csv_header() + self.table.to_csv(index_label="hand", lineterminator="\n")
        if self.exceptions is not None:
            text += "\n" + _exceptions_csv(self.exceptions, digits=9)
        return text

    def to_html(self, full_page: bool = False) -> str:
        """Coloured HTML: a fragment with its own ``<style>`` (no JavaScript), or with
        ``full_page`` a standalone page."""
        parts = [f"<h3>{_html.escape(self.title)}</h3>", "<ul>"]
        parts += [f"<li>{_html.escape(line)}</li>" for line in self.header_lines()]
        parts.append("</ul>")
        parts.append(_html_chart(self.table))
        parts.append(_html_legend(self.legend()))
        if self.exceptions is not None:
            parts.append(f"<h4>Composition-dependent exceptions ({len(self.exceptions)})</h4>")
            parts += [f"<p>{_html.escape(line)}</p>" for line in self.exception_lines()]
            if len(self.exceptions):
                parts.append("<h5>By chart cell</h5>")
                parts.append(_html_frame(self._summary_rows(), "summary"))
                parts.append("<h5>Every hand</h5>")
                parts.append(_html_frame(self._exception_rows(), "exceptions"))
        body = f'<div class="bjcalc">\n{_STYLE}\n' + "\n".join(parts) + "\n</div>"
        return _page(self.title, body) if full_page else body

    def _repr_html_(self) -> str:
        return self.to_html()

    def styled(self):
        """The chart as a pandas Styler, one background colour per action, with the title,
        rules, shoe and EVs above it and the legend (needs jinja2)."""
        def colour(code: str) -> str:
            return f"background-color: {COLOURS[LETTER_ACTION[code[0]]]}; color: black; text-align: center"
        style = self.table.style
        apply = getattr(style, "map", None) or style.applymap
        caption = (f"<b>{_html.escape(self.title)}</b><br>"
                   + "<br>".join(_html.escape(line) for line in self.header_lines())
                   + "<br>Codes: " + "; ".join(f"<b>{code}</b> {_html.escape(text)}" for code, text in self.legend()))
        return apply(colour).set_caption(caption).set_table_styles(
            [{"selector": "caption", "props": "caption-side: top; text-align: left; font-weight: normal"}])


def chart(calc: Calculator, strategy: str = "TD", das_codes: bool = True, multi_card: bool = True,
          min_gain: Optional[float] = None, progress: Progress = _no_progress) -> Chart:
    """The basic strategy chart of ``calc``'s game (see :class:`Chart`).

    ``strategy``: ``"TD"`` (the chart) or ``"CD"`` (the chart and its composition-dependent
    exceptions).  ``das_codes``: where doubling after a split is allowed, mark splits that
    are right only because of it (Ph, Ps, Pdh, Pds, Prh, Prs, Prp: what to do without DAS),
    and list any other cell that differs without DAS (:attr:`Chart.no_das_cells`), so that
    :meth:`Chart.decode` gives the chart of either game (costs a second TD search).
    ``multi_card``: CD exceptions include hands of three or more cards (those a chart
    player reaches by hitting).  ``min_gain``: smallest gain listed (default 1e-9 in
    floats, 0 in exact mode).
    """
    if strategy not in ("TD", "CD"):
        raise StrategyError(f"strategy must be 'TD' or 'CD', not {strategy!r}")
    rules = calc.rules
    das_applies = das_codes and rules.double_after_split and rules.splits and rules.double_on != "none"
    steps = ["TD strategy"] + (["DAS codes"] if das_applies else []) + \
        (["CD exceptions " + up for up in UPS] if strategy == "CD" else [])
    result = table = td = exceptions = None
    no_das_cells: dict[tuple[str, str], str] = {}
    rows: list[dict] = []
    for step in progress(steps, total=len(steps), desc="chart"):
        if step == "TD strategy":
            result = calc.game("TD")
            td = result.strategy
            table = td.chart()
        elif step == "DAS codes":
            no_das = Calculator(rules.replace(double_after_split=False), shoe=calc.shoe,
                                split_strategy=calc.split_strategy, exact=calc.exact)
            table, no_das_cells = _das_codes(table, no_das.game("TD").strategy.chart())
        else:
            rows += _exceptions_for(calc, td, table, step.split()[-1], multi_card, min_gain)
    if strategy == "CD":
        exceptions = pd.DataFrame(rows, columns=EXCEPTION_COLUMNS)
    ev = {"TD": result.ev, "CD": calc.game("CD").ev}
    return Chart(table=table, strategy=strategy, rules=rules, shoe=calc.shoe.describe(),
                 split_strategy=calc.split_strategy, ev=ev, td=td, exceptions=exceptions, notes=rule_notes(rules),
                 no_das_cells=no_das_cells, conditioning=calc.assumptions().conditioning)


def _das_codes(with_das: pd.DataFrame, without: pd.DataFrame) -> tuple[pd.DataFrame, dict[tuple[str, str], str]]:
    """The DAS chart with each split that is right only with DAS coded ``P`` + the play without
    it (``Ph``, ``Prp`` ...), and the other cells that differ without DAS, ``{(row, up): code}``."""
    out = with_das.copy()
    others: dict[tuple[str, str], str] = {}
    for row in out.index:
        for up in out.columns:
            mine, other = out.loc[row, up], without.loc[row, up]
            if mine == other:
                continue
            if row.startswith("pair") and mine == "P":
                out.loc[row, up] = "P" + other.lower()
            else:
                others[(row, up)] = other
    return out, others


def rule_notes(rules: Rules) -> list[str]:
    """What a chart reader must know about these rules that the codes do not say."""
    notes = []
    if rules.must_hit_below:
        notes.append(f"the player must hit totals below {rules.must_hit_below} (forced H)")
    if not rules.hit_21:
        notes.append("the player may not hit a 21")
    if rules.double_on in ("9-11", "10-11"):
        notes.append(f"doubling on hard {rules.double_on} only")
    elif rules.double_on == "any" and not rules.double_soft:
        notes.append("no doubling on soft hands")
    elif rules.double_on == "none":
        notes.append("no doubling")
    if not rules.splits:
        notes.append("no splitting: pairs play by their total")
    if rules.split_tens_by_rank:
        notes.append("pair T,T means two tens of the same rank; other ten-value pairs play as hard 20")
    if rules.hole_card != "peek":
        notes.append("no hole card: " + ("a dealer blackjack takes doubles and splits too"
                                         if rules.hole_card == "enhc" else
                                         "a dealer blackjack takes the original bet only"))
    if rules.burn_20:
        notes.append("Burn 20: the dealer redraws under a ten when the hole card is a ten or a same-suit ace")
    if rules.dealer_22_pushes:
        notes.append("a dealer 22 pushes every hand still in play")
    if rules.bust_push != "none":
        notes.append(f"three-card busts push a higher dealer bust ({rules.bust_push})")
    return notes


EXCEPTION_COLUMNS = ["up", "hand", "cards", "row", "chart_action", "cd_action", "chart_ev", "cd_ev", "gain"]
"""Columns of :attr:`Chart.exceptions` (the chart's code is ``chart.table.loc[row, up]``)."""


def _code(td: TotalDependentStrategy, table: pd.DataFrame, row: str, up: str, values: Sequence[int],
          splittable: bool) -> str:
    if row in table.index:
        return table.loc[row, up]
    total, soft = _totals(values)       # hard 4 and soft 12: only pairs make them
    pair = values[0] if len(values) == 2 and values[0] == values[1] and splittable else None
    return td.code(_VALUE[up], total, soft, pair)


def _exceptions_for(calc: Calculator, td: TotalDependentStrategy, table: pd.DataFrame, up: str,
                    multi_card: bool, min_gain: Optional[float]) -> list[dict]:
    """Exceptions against one up card: two-card hands, then hands a chart player reaches by hitting."""
    if _VALUE[up] not in td:
        return []
    threshold = min_gain if min_gain is not None else (0 if calc.exact else 1e-9)
    splittable, das = calc.rules.splits, calc.rules.double_after_split
    found: list[dict] = []
    frontier: list[tuple[int, ...]] = []

    def check(values: tuple[int, ...]) -> Optional[str]:
        allowed = _allowed_values(calc, values, up)
        if allowed is None:
            return None
        row = _row(values, splittable)
        code = _code(td, table, row, up, values, splittable)
        action = resolve(code, allowed, das)
        best = _best(allowed, action)
        gain = allowed[best] - allowed[action]
        if best != action and gain > threshold:
            found.append({"up": up, "hand": hand_label(values), "cards": len(values), "row": row,
                          "chart_action": action, "cd_action": best, "chart_ev": allowed[action],
                          "cd_ev": allowed[best], "gain": gain})
        return action

    for a, b in two_card_hands():
        if check((a, b)) == "hit":
            frontier.append((a, b))
    if not multi_card:
        return found
    seen: set[tuple[int, ...]] = set()
    while frontier:
        hand = frontier.pop()
        for card in range(1, 11):
            child = tuple(sorted(hand + (card,)))
            if sum(child) > 21 or child in seen:
                continue
            seen.add(child)
            if check(child) == "hit":
                frontier.append(child)
    two = [r for r in found if r["cards"] == 2]
    more = sorted((r for r in found if r["cards"] > 2),
                  key=lambda r: (r["row"].startswith("soft"), int(r["row"].split()[1]), r["cards"], r["hand"]))
    return two + more


# -- the EV table ---------------------------------------------------------------------------------
@dataclass
class EVTable:
    """EV of every allowed action of every starting two-card hand against every up card.

    ``long``: tidy, one row per (up, hand, action) with ``ev``.  ``wide``: rows (hand, action),
    columns up cards 2-A.  ``best``: the best action, rows hands, columns up cards (the CD
    play of each two-card hand).  Values are ``calc.hand`` values: per unit initial bet,
    optimal CD play after the decision, every action of a hand on one basis, which
    ``conditioning`` states (in peek games conditioned on no dealer blackjack, except with
    early surrender: unconditional).
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
        frame = self.wide if wide else self.long
        return frame.to_csv(float_format="%.6f", lineterminator="\n", index=wide)

    def to_html(self) -> str:
        wide, best = self.wide, self.best
        head = "".join(f"<th>{up}</th>" for up in wide.columns)
        lines = ['<div class="bjcalc">', _STYLE, f"<h3>EV of every action: {_html.escape(self.shoe)}</h3>",
                 f"<p>{_html.escape(self.rules.describe())}.  Values: {_html.escape(self.conditioning)}; "
                 f"the best action is coloured.</p>",
                 f'<table class="ev"><thead><tr><th>hand</th><th>action</th>{head}</tr></thead><tbody>']
        for hand, action in wide.index:
            cells = []
            for up in wide.columns:
                value = wide.loc[(hand, action), up]
                if pd.isna(value):
                    cells.append("<td></td>")
                else:
                    mark = f' class="{action}"' if best.loc[hand, up] == action else ""
                    cells.append(f"<td{mark}>{float(value):+.4f}</td>")
            lines.append(f'<tr><th class="row">{hand}</th><td>{action}</td>{"".join(cells)}</tr>')
        lines += ["</tbody></table>", "</div>"]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return self.to_html()

    def __str__(self) -> str:
        return self.wide.to_string(float_format=lambda x: f"{x:+.4f}")

    def __repr__(self) -> str:
        return f"<EVTable: {len(self.long)} values; {self.rules.describe()}; shoe {self.shoe}>"


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
                changed = copy.deepcopy(base[value])
                set_cell(changed, row, alternative)
                out.append((up, row, alternative, False, evaluator.ev(changed)))
    return pd.DataFrame(out, columns=["up", "row", "code", "chosen", "ev"])


# -- rendering helpers ----------------------------------------------------------------------------
def _markdown_table(header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> list[str]:
    def cell(x: Any) -> str:
        return str(x).replace("|", "\\|")
    out = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(cell(x) for x in row) + " |" for row in rows]
    return out


_STYLE = ("<style>\n"
          ".bjcalc table {border-collapse: collapse; margin: 4px 0}\n"
          ".bjcalc th, .bjcalc td {padding: 2px 6px; border: 1px solid #999; text-align: center; color: #000; "
          "font-family: monospace}\n"
          ".bjcalc th.row {text-align: left}\n"
          + "".join(f".bjcalc .{action} {{background: {colour}}}\n" for action, colour in COLOURS.items())
          + "</style>")


def _cls(code: str) -> str:
    return LETTER_ACTION[code[0]]


def _html_chart(table: pd.DataFrame) -> str:
    head = "".join(f"<th>{up}</th>" for up in table.columns)
    lines = ['<table class="strategy">', f"<thead><tr><th>hand</th>{head}</tr></thead><tbody>"]
    for row in table.index:
        cells = "".join(f'<td class="{_cls(code)}">{code}</td>' for code in table.loc[row])
        lines.append(f'<tr><th class="row">{row}</th>{cells}</tr>')
    lines.append("</tbody></table>")
    return "\n".join(lines)


def _html_legend(legend: list[tuple[str, str]]) -> str:
    return "<p>" + " &nbsp; ".join(f'<span class="{_cls(code)}">&nbsp;{code}&nbsp;</span> {_html.escape(text)}'
                                   for code, text in legend) + "</p>"


def _html_frame(frame: pd.DataFrame, kind: str) -> str:
    """A frame of exceptions (or their summary) as an HTML table, the plays coloured."""
    columns = list(frame.columns)
    head = "".join(f"<th>{c}</th>" for c in columns)
    lines = [f'<table class="{kind}"><thead><tr>{head}</tr></thead><tbody>']
    for record in frame.itertuples(index=False):
        cells = []
        for name, value in zip(columns, record):
            if name in ("chart_action", "cd_action"):
                cells.append(f'<td class="{value}">{value}</td>')
            else:
                cells.append(f"<td>{_html.escape(str(value))}</td>")
        lines.append("<tr>" + "".join(cells) + "</tr>")
    lines.append("</tbody></table>")
    return "\n".join(lines)


def _exceptions_csv(exceptions: pd.DataFrame, digits: int) -> str:
    frame = exceptions.copy()
    for column in ("chart_ev", "cd_ev", "gain"):
        frame[column] = frame[column].map(lambda x: f"{float(x):.{digits}f}")
    return frame.to_csv(index=False, lineterminator="\n")


def _page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{_html.escape(title)}</title>\n</head>\n<body style=\"font-family:sans-serif\">\n"
            f"{body}\n</body>\n</html>\n")


# -- house edge against the open rules ---------------------------------------------------------
def edge_sweep(preset: str, strategy: str = "CD", rules: Optional[Iterable[str]] = None,
               decks: Optional[Sequence[Any]] = None, progress: Progress = _no_progress,
               **overrides: Any) -> pd.DataFrame:
    """House edge (percent) of a preset as one rule at a time moves over its values.

    ``rules``: which rules (default ``decks`` and every open rule of the preset,
    :data:`bjcalc.game.variants.OPEN_RULES`); ``decks``: the deck counts to try (default the
    preset's open values, or 1, 2, 4, 6, 8); ``overrides``: rules pinned for every point.
    Columns ``rule``, ``value``, ``house_edge``, ``default`` (the preset's own value).
    Combinations the rules refuse (resplit aces with two hands) are left out.

    >>> frame = edge_sweep("classic_single_deck", rules=["double_after_split"])
    >>> frame[["value", "default"]].values.tolist()
    [[False, True], [True, False]]
    """
    if preset not in PRESETS:
        raise RulesError(f"unknown preset {preset!r}; presets: {', '.join(sorted(PRESETS))}")
    make = PRESETS[preset]
    base = make(**overrides)
    open_rules = dict(OPEN_RULES.get(preset, {}))
    open_rules["decks"] = tuple(decks) if decks is not None else open_rules.get("decks", (1, 2, 4, 6, 8))
    names = list(rules) if rules is not None else ["decks"] + [n for n in open_rules if n != "decks"]
    tasks = []
    for name in names:
        if name not in open_rules:
            raise RulesError(f"{name!r} is not an open rule of {preset}; open rules: {', '.join(open_rules)}")
        for value in open_rules[name]:
            tasks.append((name, value))
    cache: dict[Rules, float] = {}
    rows = []
    for name, value in progress(tasks, total=len(tasks), desc=preset):
        try:
            rule_set = base.replace(**{name: value})
        except RulesError:
            continue
        if rule_set not in cache:
            cache[rule_set] = -float(Calculator(rule_set).game(strategy).ev) * 100
        rows.append((name, value, cache[rule_set], getattr(base, name) == value))
    return pd.DataFrame(rows, columns=["rule", "value", "house_edge", "default"])


def plot_edges(preset: str, strategy: str = "CD", rules: Optional[Iterable[str]] = None,
               decks: Optional[Sequence[Any]] = None, sweep: Optional[pd.DataFrame] = None,
               progress: Progress = _no_progress, **overrides: Any):
    """A matplotlib figure: the house edge against the number of decks (a line) and against
    each other open rule (bars; the preset's own value darker).  ``sweep``: an
    :func:`edge_sweep` frame already computed.  Needs matplotlib (the ``notebooks`` extra).
    """
    import matplotlib.pyplot as plt

    frame = sweep if sweep is not None else edge_sweep(preset, strategy, rules, decks, progress, **overrides)
    names = list(dict.fromkeys(frame["rule"]))
    columns = min(3, len(names)) or 1
    lines = math.ceil(len(names) / columns) or 1
    figure, axes = plt.subplots(lines, columns, figsize=(4.2 * columns, 3.2 * lines), squeeze=False)
    for ax, name in zip(axes.ravel(), names):
        part = frame[frame["rule"] == name]
        labels = [("inf" if v == math.inf else str(v)) for v in part["value"]]
        edges = part["house_edge"].tolist()
        if name == "decks":
            ax.plot(range(len(part)), edges, marker="o", color="#3b6ea8")
            for i, (edge, default) in enumerate(zip(edges, part["default"])):
                if default:
                    ax.plot([i], [edge], marker="o", markersize=10, color="#1f3f66")
                ax.annotate(f"{edge:.3f}", (i, edge), textcoords="offset points", xytext=(0, 6), ha="center",
                            fontsize=8)
            spread = (max(edges) - min(edges)) or 0.1
            ax.set_ylim(min(edges) - 0.3 * spread, max(edges) + 0.3 * spread)
            ax.margins(x=0.12)
        else:
            bars = ax.bar(range(len(part)), edges, color=["#3b6ea8" if d else "#a8c8ec" for d in part["default"]])
            ax.bar_label(bars, fmt="%.3f", fontsize=8)
            ax.axhline(0, color="#666", linewidth=0.6)
            ax.margins(y=0.15)
        ax.set_xticks(range(len(part)), labels, rotation=20 if max(map(len, labels)) > 5 else 0)
        ax.set_title(name)
        ax.set_ylabel("house edge %")
    for ax in axes.ravel()[len(names):]:
        ax.set_visible(False)
    figure.suptitle(f"{preset}: house edge ({strategy}) by rule")
    figure.tight_layout()
    return figure


# -- the tables/ folder ---------------------------------------------------------------------------
EXTRA_SETS: dict[str, dict[str, Any]] = {
    "standard-6d-s17-das-ls": dict(surrender="late"),
    "standard-6d-h17-das-ls": dict(dealer_hits_soft_17=True, surrender="late"),
    "standard-6d-s17-das-6to5": dict(blackjack_pays="6:5"),
}
"""Standard games with late surrender and with blackjack paying 6:5, for ``tables/``."""


def _standard_sets() -> dict[str, Rules]:
    out = {}
    for decks in (1, 2, 6, 8):
        for h17 in (False, True):
            for das in (True, False):
                key = f"standard-{decks}d-{'h17' if h17 else 's17'}-{'das' if das else 'nodas'}"
                out[key] = PRESETS["standard"](decks=decks, dealer_hits_soft_17=h17, double_after_split=das)
    out.update({key: PRESETS["standard"](**rules) for key, rules in EXTRA_SETS.items()})
    return out


def table_sets() -> dict[str, Rules]:
    """The rule sets ``tables/`` holds: every preset, then standard rules for 1, 2, 6, 8 decks,
    S17/H17, DAS or not, and 6 decks with late surrender (S17, H17) and with 6:5
    (:data:`EXTRA_SETS`); a set equal to one already listed is left out.

    >>> sets = table_sets()
    >>> list(sets)[:2], "standard-8d-h17-nodas" in sets, "standard-6d-s17-das" in sets
    (['standard', 'burn20'], True, False)
    >>> str(sets["standard-6d-s17-das-6to5"].blackjack_pays), sets["standard-6d-h17-das-ls"].surrender
    ('6/5', 'late')
    """
    out: dict[str, Rules] = {name: make() for name, make in PRESETS.items()}
    for key, rules in _standard_sets().items():
        if rules not in out.values():
            out[key] = rules
    return out


TABLE_FILES = ("chart.md", "chart.csv", "chart.html", "exceptions.csv", "ev.csv")


def _set_files(rules: Rules) -> dict[str, str]:
    calc = Calculator(rules)
    cd = chart(calc, "CD")
    evs = ev_table(calc)
    return {
        "chart.md": cd.to_markdown(),
        "chart.csv": cd.csv_header() + cd.table.to_csv(index_label="hand", lineterminator="\n"),
        "chart.html": _page(cd.title, cd.to_html()),
        "exceptions.csv": _exceptions_csv(cd.exceptions, digits=6),
        "ev.csv": evs.to_csv(wide=True),
    }


_EDGES = re.compile(r"^# EV TD .*\(house edge (-?\d+\.\d+) %\); EV CD .*\(house edge (-?\d+\.\d+) %\)$", re.M)


def _edges_of(chart_csv: str) -> Optional[tuple[str, str]]:
    """The house edges (percent, as printed: TD, CD) in a ``chart.csv``'s header, if there."""
    found = _EDGES.search(chart_csv)
    return (found.group(1), found.group(2)) if found else None


def table_edges(folder: Any = "tables") -> dict[str, tuple[str, str]]:
    """The house edges (percent, TD and CD, as printed) of every set already generated in
    ``folder``, read from each set's ``chart.csv``."""
    out = {}
    for key in table_sets():
        path = Path(folder) / key / "chart.csv"
        edges = _edges_of(path.read_text(encoding="utf-8")) if path.is_file() else None
        if edges is not None:
            out[key] = edges
    return out


def tables_index(sets: dict[str, Rules], edges: Optional[dict[str, tuple[str, str]]] = None) -> str:
    """``tables/README.md``: what each set is, its house edge with TD and CD play (``edges``, as
    :func:`table_edges` reads them; a set without is marked not generated), and links."""
    edges = edges or {}
    out = ["# Generated strategy tables", "",
           "Generated by `bjcalc tables --out tables` (or `bjcalc.analysis.charts.generate_tables(\"tables\")`); "
           "do not edit by hand.  `tests/test_charts.py` fails when these files no longer match the code.", "",
           "Each folder holds, for one rule set (float arithmetic, post-split play CDZ-):", "",
           "- `chart.md`, `chart.csv`, `chart.html`: the total-dependent (TD) basic strategy chart with its "
           "rules, shoe and the EV of TD and CD play (in `chart.csv` as `#` comment lines: read it with "
           "`pandas.read_csv(path, comment=\"#\", index_col=0)`), and (md, html) the composition-dependent "
           "exceptions, summarised by chart cell;",
           "- `exceptions.csv`: every hand (two cards, or more cards reached by hitting by the chart) whose "
           "best play for its exact cards differs from the chart; `gain` is per unit initial bet for a player "
           "holding that hand, not weighted by how often it is dealt;",
           "- `ev.csv`: EV of every allowed action of every starting two-card hand against every up card, per "
           "unit initial bet (rows hand and action, columns up card; every action of a hand on one basis, "
           "stated in the chart's `values` line: in peek games given no dealer blackjack).", "",
           "House edge: minus the EV of a round per unit initial bet, in percent, with the TD chart and with "
           "CD play (every decision by the hand's exact cards).", "",
           "Codes: " + "; ".join(f"**{code}** {text}" for code, text in LEGEND) + ".", ""]
    presets = {rules: name for name, rules in sets.items() if name in PRESETS}
    rows = []
    for key, rules in sets.items():
        links = " ".join(f"[{name.split('.')[1]}]({key}/{name})" if name.startswith("chart")
                         else f"[{name}]({key}/{name})" for name in TABLE_FILES)
        td, cd = (f"{edge} %" for edge in edges[key]) if key in edges else ("not generated",) * 2
        rows.append([f"`{key}`", rules.describe(), td, cd, links])
    out += _markdown_table(["set", "rules", "house edge TD", "house edge CD", "files"], rows)
    for key, rules in _standard_sets().items():
        if key not in sets and rules in presets:
            out += ["", f"`{key}` is the same game as `{presets[rules]}`."]
    return "\n".join(out) + "\n"


def generate_tables(folder: Any = "tables", only: Optional[Iterable[str]] = None,
                    progress: Progress = _no_progress) -> list[Path]:
    """Write ``folder`` (index ``README.md`` and one subfolder per rule set of :func:`table_sets`).

    Deterministic (same code, same bytes) and idempotent; ``only``: just these sets (the
    index is always written, with the house edges of the sets already in ``folder``).
    Returns the paths written.
    """
    sets = table_sets()
    chosen = list(sets) if only is None else list(only)
    unknown = [key for key in chosen if key not in sets]
    if unknown:
        raise BjcalcError(f"unknown table set {unknown[0]!r}; sets: {', '.join(sets)}")
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    written = []
    for key in progress(chosen, total=len(chosen), desc="tables"):
        for name, text in _set_files(sets[key]).items():
            written.append(_write(root / key / name, text))
    return [_write(root / "README.md", tables_index(sets, table_edges(root)))] + written


def _write(path: Path, text: str) -> Path:
    """Write ``text`` (UTF-8) unless the file already holds exactly it; an OS error becomes a BjcalcError."""
    data = text.encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
    except OSError as exc:
        raise BjcalcError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path
