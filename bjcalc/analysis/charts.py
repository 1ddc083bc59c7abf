"""Strategy charts, EV tables, their renderings, and the generated ``tables/`` folder.

- :func:`chart` -- the basic strategy of a game as a printed chart (a :class:`Chart`): rows
  hard 5-21, soft 13-21 and pairs, columns the dealer's up card 2-A.  ``strategy="TD"``
  is the total-dependent strategy bjcalc finds (:mod:`bjcalc.game.strategy`); ``"CD"`` adds
  the composition-dependent exceptions: every two-card hand, and every hand of more
  cards a chart player reaches, where the best play for the exact cards differs from
  the chart, with what it gains.
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

Chart codes: H hit, S stand, Dh/Ds double (else hit/stand), P split, Ph/Ps/Pd split when
doubling after a split is allowed (without DAS: hit/stand/double), Rh/Rs/Rp surrender
(else hit/stand/split).

>>> from bjcalc import Calculator, Rules
>>> table = chart(Calculator(Rules(decks=1, max_split_hands=2))).table
>>> table.loc["hard 11", "T"], table.loc["pair 8,8", "T"], table.loc["soft 18", "A"]
('Dh', 'P', 'S')
"""

from __future__ import annotations

import copy
import html as _html
import math
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence

import pandas as pd

from ..game.calculator import Calculator
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
LEGEND = (("H", "hit"), ("S", "stand"), ("Dh", "double, else hit"), ("Ds", "double, else stand"),
          ("P", "split"), ("Ph", "split if doubling after a split is allowed, else hit"),
          ("Ps", "split if doubling after a split is allowed, else stand"),
          ("Pd", "split if doubling after a split is allowed, else double"),
          ("Rh", "surrender, else hit"), ("Rs", "surrender, else stand"), ("Rp", "surrender, else split"))
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


def resolve(code: str, allowed: Iterable[str]) -> str:
    """The action a chart code means for a hand whose allowed actions are ``allowed``.

    >>> resolve("Dh", ["stand", "hit"]), resolve("Rp", ["stand", "hit", "split"]), resolve("S", ["hit"])
    ('hit', 'split', 'hit')
    """
    allowed = list(allowed)
    for letter in code[:2]:
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

    ``table``: codes, rows ``hard 5``-``hard 21``, ``soft 13``-``soft 21``, ``pair 2,2``-``pair A,A``,
    columns ``2``-``9``, ``T``, ``A``.  ``exceptions`` (CD only; otherwise None): one row per
    hand and up card where the exact cards call for another play than the chart, with the
    chart's code and action, the CD action, both EVs (``calc.hand`` values: CD play after
    the decision; in peek games conditioned on no dealer blackjack) and ``gain``.
    ``ev``: whole-game EV under each strategy, ``{"TD": ..., "CD": ...}``.
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

    # -- views -----------------------------------------------------------------------------
    @property
    def title(self) -> str:
        kind = ("Basic strategy (total-dependent)" if self.strategy == "TD"
                else "Basic strategy with composition-dependent exceptions")
        return f"{kind}: {self.shoe}"

    def resolved(self) -> pd.DataFrame:
        """The chart for exactly these rules: Ph/Ps/Pd read as P where DAS applies (else their fallback)."""
        das = self.rules.double_after_split

        def one(code: str) -> str:
            if len(code) == 2 and code[0] == "P":
                return "P" if das else {"h": "H", "s": "S", "d": "D"}[code[1]]
            return code
        return self.table.apply(lambda column: column.map(one))

    def action(self, row: str, up: str, allowed: Iterable[str] = ACTIONS) -> str:
        """What the chart says for ``row`` against ``up`` when ``allowed`` actions are open."""
        code = self.resolved().loc[row, up]
        return resolve(code, allowed)

    def header_lines(self) -> list[str]:
        ev_td, ev_cd = (float(self.ev[k]) * 100 for k in ("TD", "CD"))
        lines = [f"rules: {self.rules.describe(self.shoe)}",
                 f"shoe: {self.shoe}; post-split play {self.split_strategy}",
                 f"EV TD {ev_td:+.4f} % (house edge {-ev_td:.4f} %); "
                 f"EV CD {ev_cd:+.4f} % (house edge {-ev_cd:.4f} %)"]
        return lines + self.notes

    def legend(self) -> list[tuple[str, str]]:
        used = set(self.table.values.ravel())
        return [(code, text) for code, text in LEGEND if code in used]

    def _exception_rows(self) -> pd.DataFrame:
        assert self.exceptions is not None
        frame = self.exceptions[["up", "hand", "row", "chart", "chart_action", "cd_action", "gain"]].copy()
        frame["gain"] = frame["gain"].map(lambda g: f"{float(g):.6f}")
        return frame

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
            lines += ["", f"Composition-dependent exceptions ({len(self.exceptions)}; gain per hand, "
                          f"units of the initial bet):"]
            if len(self.exceptions):
                frame = self._exception_rows()
                width = max(4, frame["hand"].str.len().max())
                lines.append(f"{'up':<3}{'hand':<{width + 2}}{'row':<10}{'chart':<6}{'chart play':<11}"
                             f"{'CD play':<10}{'gain':>8}")
                for r in frame.itertuples(index=False):
                    lines.append(f"{r.up:<3}{r.hand:<{width + 2}}{r.row:<10}{r.chart:<6}{r.chart_action:<11}"
                                 f"{r.cd_action:<10}{r.gain:>8}")
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        extra = "" if self.exceptions is None else f", {len(self.exceptions)} CD exceptions"
        return f"<Chart {self.strategy}: {self.rules.describe()}; shoe {self.shoe}{extra}>"

    def to_markdown(self) -> str:
        """The chart (and exceptions) as a Markdown document."""
        out = [f"# {self.title}", ""]
        out += [f"- {line}" for line in self.header_lines()] + [""]
        out += _markdown_table(["hand"] + list(UPS), [[row] + list(self.table.loc[row]) for row in self.table.index])
        out += ["", "Codes: " + "; ".join(f"**{code}** {text}" for code, text in self.legend()) + "."]
        if self.exceptions is not None:
            out += ["", "## Composition-dependent exceptions", "",
                    f"{len(self.exceptions)} hands play differently from the chart when their exact cards are "
                    f"known.  `gain`: EV of the CD play minus EV of the chart's play, per unit initial bet "
                    f"(CD play afterwards).", ""]
            if len(self.exceptions):
                frame = self._exception_rows()
                out += _markdown_table(list(frame.columns), frame.values.tolist())
        return "\n".join(out) + "\n"

    def to_csv(self) -> str:
        """The chart as CSV (first column ``hand``); for CD, a blank line and the exceptions as CSV."""
        text = self.table.to_csv(index_label="hand", lineterminator="\n")
        if self.exceptions is not None:
            frame = self.exceptions.copy()
            for column in ("chart_ev", "cd_ev", "gain"):
                frame[column] = frame[column].map(lambda x: f"{float(x):.9f}")
            text += "\n" + frame.to_csv(index=False, lineterminator="\n")
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
            if len(self.exceptions):
                parts.append(_html_exceptions(self.exceptions))
        body = f'<div class="bjcalc">\n{_STYLE}\n' + "\n".join(parts) + "\n</div>"
        return _page(self.title, body) if full_page else body

    def _repr_html_(self) -> str:
        return self.to_html()

    def styled(self):
        """The chart as a pandas Styler, one background colour per action (needs jinja2)."""
        def colour(code: str) -> str:
            return f"background-color: {COLOURS[LETTER_ACTION[code[0]]]}; color: black; text-align: center"
        style = self.table.style
        apply = getattr(style, "map", None) or style.applymap
        return apply(colour).set_caption(self.title)


def chart(calc: Calculator, strategy: str = "TD", das_codes: bool = True, multi_card: bool = True,
          min_gain: Optional[float] = None, progress: Progress = _no_progress) -> Chart:
    """The basic strategy chart of ``calc``'s game (see :class:`Chart`).

    ``strategy``: ``"TD"`` (the chart) or ``"CD"`` (the chart and its composition-dependent
    exceptions).  ``das_codes``: where doubling after a split is allowed, mark splits that
    are right only because of it (Ph/Ps/Pd; costs a second TD search, without DAS).
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
    rows: list[dict] = []
    for step in progress(steps, total=len(steps), desc="chart"):
        if step == "TD strategy":
            result = calc.game("TD")
            td = result.strategy
            table = td.chart()
        elif step == "DAS codes":
            no_das = Calculator(rules.replace(double_after_split=False), shoe=calc.shoe,
                                split_strategy=calc.split_strategy, exact=calc.exact)
            table = _das_codes(table, no_das.game("TD").strategy.chart())
        else:
            rows += _exceptions_for(calc, td, table, step.split()[-1], multi_card, min_gain)
    if strategy == "CD":
        exceptions = pd.DataFrame(rows, columns=EXCEPTION_COLUMNS)
    ev = {"TD": result.ev, "CD": calc.game("CD").ev}
    return Chart(table=table, strategy=strategy, rules=rules, shoe=calc.shoe.describe(),
                 split_strategy=calc.split_strategy, ev=ev, td=td, exceptions=exceptions, notes=rule_notes(rules))


def _das_codes(with_das: pd.DataFrame, without: pd.DataFrame) -> pd.DataFrame:
    out = with_das.copy()
    for row in out.index:
        if not row.startswith("pair"):
            continue
        for up in out.columns:
            other = without.loc[row, up]
            if out.loc[row, up] == "P" and other != "P":
                letter = other[1] if other[0] == "R" and len(other) == 2 and other[1] in "hs" else other[0].lower()
                out.loc[row, up] = "P" + (letter if letter in "hsd" else "h")
    return out


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


EXCEPTION_COLUMNS = ["up", "hand", "cards", "row", "chart", "chart_action", "cd_action", "chart_ev", "cd_ev",
                     "gain"]


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
    splittable = calc.rules.splits
    found: list[dict] = []
    frontier: list[tuple[int, ...]] = []

    def check(values: tuple[int, ...]) -> Optional[str]:
        allowed = _allowed_values(calc, values, up)
        if allowed is None:
            return None
        row = _row(values, splittable)
        code = _code(td, table, row, up, values, splittable)
        action = resolve(code, allowed)
        best = _best(allowed, action)
        gain = allowed[best] - allowed[action]
        if best != action and gain > threshold:
            found.append({"up": up, "hand": hand_label(values), "cards": len(values), "row": row, "chart": code,
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
    optimal CD play after the decision, in peek games conditioned on no dealer blackjack.
    """

    long: pd.DataFrame
    rules: Rules
    shoe: str

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
                 f"<p>{_html.escape(self.rules.describe())}.  Per unit initial bet; the best action is coloured.</p>",
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
    return EVTable(long=long, rules=calc.rules, shoe=calc.shoe.describe())


# -- the TD chart's own EV table: one cell changed at a time ------------------------------------
def cell_alternatives(row: str, code: str, rules: Rules, total_codes: Optional[pd.Series] = None) -> list[str]:
    """The codes one step from ``code`` in a chart cell: the other hit/stand letter, or
    another first-two-card action (a pair: play, double, split, surrender).

    >>> cell_alternatives("hard 16", "H", Rules(surrender="late"))
    ['S', 'Dh', 'Rh']
    >>> cell_alternatives("pair 8,8", "P", Rules(), total_codes=pd.Series({"8": "S"}), )
    ['S', 'Ds']
    """
    out = []
    double = rules.double_on != "none"
    surrender = rules.surrender != "none"
    if row.startswith("pair"):
        # a pair's play (hit or stand) is its total's hit/stand entry
        letter = "h"
        if total_codes is not None and len(total_codes):
            first = str(total_codes.iloc[0])
            letter = first[1] if len(first) == 2 and first[1] in "hs" else first[0].lower()
            letter = letter if letter in "hs" else "h"
        candidates = [letter.upper()] + (["D" + letter] if double else []) + \
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


def td_ev_table(calc: Calculator, ups: Optional[Iterable[str]] = None, result: Any = None) -> pd.DataFrame:
    """For each up card and chart cell, the EV given the up card when that one cell reads
    another code (:func:`cell_alternatives`), everything else as the TD chart says.

    Columns ``up``, ``row``, ``code``, ``chosen`` (the chart's own code) and ``ev``; the
    chart's code is the argmax of each (up, row) group.  Pair rows appear where pairs may
    split.  ``result``: a ``calc.game("TD")`` already computed.
    """
    result = result if result is not None else calc.game("TD")
    table = result.strategy.chart()
    base = TotalDependentStrategy.from_chart(table)
    rows = []
    for up in (list(ups) if ups is not None else list(UPS)):
        value = _VALUE[up]
        if value not in result.strategy:
            continue
        evaluator = UpcardEvaluator(calc, value)
        chosen_ev = evaluator.ev(base[value])
        for row in table.index:
            if row.startswith("pair") and not calc.rules.splits:
                continue
            code = table.loc[row, up]
            total_row = _pair_total_row(row)
            totals = table.loc[[total_row], up] if total_row in table.index else None
            rows.append((up, row, code, True, chosen_ev))
            for alternative in cell_alternatives(row, code, calc.rules, totals):
                changed = copy.deepcopy(base[value])
                set_cell(changed, row, alternative)
                rows.append((up, row, alternative, False, evaluator.ev(changed)))
    return pd.DataFrame(rows, columns=["up", "row", "code", "chosen", "ev"])


def _pair_total_row(row: str) -> str:
    if not row.startswith("pair"):
        return row
    value = _VALUE[row.split()[1].split(",")[0]]
    total, soft = _totals((value, value))
    return f"{'soft' if soft else 'hard'} {total}"


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


def _html_exceptions(frame: pd.DataFrame) -> str:
    columns = ["up", "hand", "row", "chart", "chart_action", "cd_action", "gain"]
    head = "".join(f"<th>{c}</th>" for c in columns)
    lines = [f'<table class="exceptions"><thead><tr>{head}</tr></thead><tbody>']
    for record in frame[columns].itertuples(index=False):
        cells = []
        for name, value in zip(columns, record):
            if name in ("chart_action", "cd_action"):
                cells.append(f'<td class="{value}">{value}</td>')
            else:
                cells.append(f"<td>{f'{float(value):.6f}' if name == 'gain' else _html.escape(str(value))}</td>")
        lines.append("<tr>" + "".join(cells) + "</tr>")
    lines.append("</tbody></table>")
    return "\n".join(lines)


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
def table_sets() -> dict[str, Rules]:
    """The rule sets ``tables/`` holds: every preset, then standard rules for 1, 2, 6, 8 decks,
    S17/H17, DAS or not (a set equal to one already listed is left out).

    >>> sets = table_sets()
    >>> list(sets)[:2], "standard-8d-h17-nodas" in sets, "standard-6d-s17-das" in sets
    (['standard', 'burn20'], True, False)
    """
    out: dict[str, Rules] = {name: make() for name, make in PRESETS.items()}
    for decks in (1, 2, 6, 8):
        for h17 in (False, True):
            for das in (True, False):
                key = f"standard-{decks}d-{'h17' if h17 else 's17'}-{'das' if das else 'nodas'}"
                rules = PRESETS["standard"](decks=decks, dealer_hits_soft_17=h17, double_after_split=das)
                if rules not in out.values():
                    out[key] = rules
    return out


TABLE_FILES = ("chart.md", "chart.csv", "chart.html", "exceptions.csv", "ev.csv")


def _set_files(rules: Rules) -> dict[str, str]:
    calc = Calculator(rules)
    cd = chart(calc, "CD")
    exceptions = cd.exceptions.copy()
    for column in ("chart_ev", "cd_ev", "gain"):
        exceptions[column] = exceptions[column].map(lambda x: f"{float(x):.6f}")
    evs = ev_table(calc)
    return {
        "chart.md": cd.to_markdown(),
        "chart.csv": cd.table.to_csv(index_label="hand", lineterminator="\n"),
        "chart.html": _page(cd.title, cd.to_html()),
        "exceptions.csv": exceptions.to_csv(index=False, lineterminator="\n"),
        "ev.csv": evs.to_csv(wide=True),
    }


def tables_index(sets: dict[str, Rules]) -> str:
    """``tables/README.md``: what each set is, with links (no computation)."""
    out = ["# Generated strategy tables", "",
           "Generated by `bjcalc tables --out tables` (or `bjcalc.analysis.charts.generate_tables(\"tables\")`); "
           "do not edit by hand.  `tests/test_charts.py` fails when these files no longer match the code.", "",
           "Each folder holds, for one rule set (float arithmetic, post-split play CDZ-):", "",
           "- `chart.md`, `chart.csv`, `chart.html`: the total-dependent (TD) basic strategy chart, the "
           "EV of TD and CD play, and (md, html) the composition-dependent exceptions;",
           "- `exceptions.csv`: every hand (two cards, or more cards reached by hitting by the chart) whose "
           "best play for its exact cards differs from the chart, and the gain per hand;",
           "- `ev.csv`: EV of every allowed action of every starting two-card hand against every up card "
           "(rows hand and action, columns up card; peek games: given no dealer blackjack).", "",
           "Codes: " + "; ".join(f"**{code}** {text}" for code, text in LEGEND) + ".", ""]
    presets = {rules: name for name, rules in sets.items() if name in PRESETS}
    rows = []
    for key, rules in sets.items():
        links = " ".join(f"[{name.split('.')[1]}]({key}/{name})" if name.startswith("chart")
                         else f"[{name}]({key}/{name})" for name in TABLE_FILES)
        rows.append([f"`{key}`", rules.describe(), links])
    out += _markdown_table(["set", "rules", "files"], rows)
    for decks in (1, 2, 6, 8):
        for h17 in (False, True):
            for das in (True, False):
                key = f"standard-{decks}d-{'h17' if h17 else 's17'}-{'das' if das else 'nodas'}"
                rules = PRESETS["standard"](decks=decks, dealer_hits_soft_17=h17, double_after_split=das)
                if key not in sets and rules in presets:
                    out += ["", f"`{key}` is the same game as `{presets[rules]}`."]
    return "\n".join(out) + "\n"


def generate_tables(folder: Any = "tables", only: Optional[Iterable[str]] = None,
                    progress: Progress = _no_progress) -> list[Path]:
    """Write ``folder`` (index ``README.md`` and one subfolder per rule set of :func:`table_sets`).

    Deterministic (same code, same bytes) and idempotent; ``only``: just these sets (the
    index is always written).  Returns the paths written.
    """
    sets = table_sets()
    chosen = list(sets) if only is None else list(only)
    unknown = [key for key in chosen if key not in sets]
    if unknown:
        raise BjcalcError(f"unknown table set {unknown[0]!r}; sets: {', '.join(sets)}")
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    written = [_write(root / "README.md", tables_index(sets))]
    for key in progress(chosen, total=len(chosen), desc="tables"):
        for name, text in _set_files(sets[key]).items():
            written.append(_write(root / key / name, text))
    return written


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
