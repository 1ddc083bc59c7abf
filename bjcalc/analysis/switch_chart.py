"""The chart of a game of two hands that may switch cards (Blackjack Switch): its switching table,
what the table costs against switching on exact EVs, and what every number assumes.

The table (:func:`~bjcalc.game.switching.switching_table`) gives each kind of two-card hand's
EV against each up card; a player adds the two hands dealt and the two the switch would make,
and switches when the second sum is larger.  Both games are valued exactly
(:func:`~bjcalc.game.switching.switch_game`): switching on each pairing's exact EV, and
switching by the table as printed.

>>> from bjcalc import Calculator, Shoe
>>> from bjcalc.game.variants import VARIANTS
>>> half_deck = Shoe.from_counts({**{rank: 2 for rank in "A23456789"}, "T": 8})
>>> drawn = switch_chart(Calculator(VARIANTS["blackjack_switch"].rules(decks=1, max_split_hands=2), half_deck))
>>> drawn.title, drawn.table.loc["hard 16", "T"]
('Switching table: A:2 2:2 3:2 4:2 5:2 6:2 7:2 8:2 9:2 T:8 (26 cards)', '-49.6')
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.progress import ProgressFn, no_progress
from ..game.rounds import Assumptions
from .render import markdown_table
from ..game.switching import SwitchingTable, check_game, hand_tables, hands_chart, switch_game, switching_table

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["SwitchChart", "switch_chart"]

_HANDS = ("The hands' play: the basic strategy chart of a hand alone on the whole shoe (TD codes as "
          "bjcalc chart writes them; the game with it: bjcalc edge --strategy TD)")
_RULE = ("switch when the two hands the switch makes are worth more together than the two dealt "
         "(a tie keeps them); values: EV in % of one hand's wager, given no dealer blackjack")


@dataclass
class SwitchChart:
    """A switching table as a chart: ``table`` (rows :data:`~bjcalc.game.switching.SWITCH_ROWS`,
    columns ``2``-``9``, ``T``, ``A``; the EVs in % as printed), ``ev`` (the game's EV per hand
    switching exactly and by the table), the assumptions, the table itself (``switching``) and
    ``hands``, the basic strategy chart the hands play (TD codes, as ``bjcalc chart`` writes them:
    :func:`~bjcalc.game.switching.hands_chart`)."""

    switching: SwitchingTable
    ev: dict[str, Any]
    assumptions: Assumptions
    shoe: str
    hands: "pd.DataFrame"
    strategy: str = "switching table"

    @property
    def title(self) -> str:
        return f"Switching table: {self.shoe}"

    @property
    def table(self) -> "pd.DataFrame":
        """The table as printed: the values as text (``-``: a hand the shoe cannot deal)."""
        return self.switching.frame().apply(lambda column: column.map(self.switching.cell))

    def header_lines(self) -> list[str]:
        exact, by_table = self.ev["exact switching"], self.ev["switching by this table"]
        return [self.title, _RULE,
                f"the game, CD play: {_edge(exact)} switching on exact EVs, {_edge(by_table)} by this table (the "
                f"table costs {float(exact - by_table) * 100:.4f} %); the game assumes:",
                *("  " + line for line in self.assumptions.lines())]

    def to_text(self, colour: bool = False) -> str:
        return ("\n".join(self.header_lines()) + "\n\n" + str(self.switching) + "\n\n" + _HANDS + "\n\n"
                + self.hands.to_string() + "\n")

    def __str__(self) -> str:
        return self.to_text()

    def to_markdown(self) -> str:
        lines = [f"# {self.title}", "", *(f"{line.strip()}  " for line in self.header_lines()[1:]), ""]
        lines += _markdown(self.table) + ["", f"## {_HANDS}", ""] + _markdown(self.hands)
        return "\n".join(lines) + "\n"

    def to_csv(self) -> str:
        header = "".join(f"# {line}\n" for line in self.header_lines())
        return (header + self.table.to_csv(index_label="hand") + f"\n# {_HANDS}\n"
                + self.hands.to_csv(index_label="hand"))

    def to_html(self, full_page: bool = False) -> str:
        lines = "".join(f"<p>{html.escape(line)}</p>\n" for line in self.header_lines()[1:])
        return (f"<h2>{html.escape(self.title)}</h2>\n{lines}{self.table.to_html()}\n"
                f"<h3>{html.escape(_HANDS)}</h3>\n{self.hands.to_html()}")

    def _repr_html_(self) -> str:
        return self.to_html()


def _edge(ev: Any) -> str:
    """A game's EV as its edge in words (``house edge 0.5408 %``)."""
    return f"house edge {-float(ev) * 100:.4f} %" if ev <= 0 else f"player edge {float(ev) * 100:.4f} %"


def _markdown(frame: "pd.DataFrame") -> list[str]:
    """A table's lines in Markdown, its rows headed ``hand``."""
    return markdown_table(["hand", *frame.columns], [[row, *cells] for row, cells in frame.iterrows()])


def switch_chart(calc: Any, progress: ProgressFn = no_progress) -> SwitchChart:
    """The :class:`SwitchChart` of ``calc``'s game (a variant dealing two hands)."""
    check_game(calc)
    table = switching_table(calc)
    tables = hand_tables(calc, progress)
    exact = switch_game(calc, tables=tables).ev
    by_table = switch_game(calc, switching=table, tables=tables).ev
    return SwitchChart(table, {"exact switching": exact, "switching by this table": by_table},
                       calc.assumptions("CD"), calc.shoe.describe(), hands_chart(calc).chart())
