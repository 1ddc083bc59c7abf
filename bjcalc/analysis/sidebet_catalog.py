"""The side-bet catalogue: every side bet's house edge by pay table and number of decks.

:func:`sidebet_catalog` values every named pay table of every bet of
:data:`~bjcalc.sidebets.catalog.SIDE_BETS` on 1, 2, 4, 6 and 8 standard decks, the tables dealt
with Spanish 21's 48-card decks (Match the Dealer's, :attr:`~bjcalc.sidebets.base.SideBet.spanish_paytables`)
on 6 and 8 Spanish decks too, with each table's hit frequency on 6 decks.  A bet that pays on the
dealer's hand or on a main game's play is valued under one stated rule (:func:`catalog_bets`).
``bjcalc tables`` writes the catalogue as ``tables/sidebets.md`` and ``tables/sidebets.csv``
(:meth:`SideBetCatalog.to_markdown`, :meth:`SideBetCatalog.to_csv`).

>>> c = sidebet_catalog(decks=(6, 8), spanish_decks=(), every_paytable=False)
>>> f"{c.table.loc[('21+3', 'v1'), '6 decks']:.4%}", len(c.table) == len(SIDE_BETS)
('3.2386%', True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Optional

from ..core.cards import Shoe
from ..sidebets import BusterBlackjack, BustBonus, MatchTheDealer, PotOfGold, Push22, SideBet
from ..sidebets.catalog import SIDE_BETS
from .render import markdown_table

if TYPE_CHECKING:   # pandas is imported where a table is built: it is slow to import
    import pandas as pd

__all__ = ["CATALOG_DECKS", "SPANISH_DECKS", "HIT_FREQUENCY_DECKS", "CATALOG_TITLE", "SideBetCatalog",
           "catalog_bets", "sidebet_catalog"]

CATALOG_DECKS: tuple[int, ...] = (1, 2, 4, 6, 8)
"""The numbers of standard decks the catalogue values every pay table on."""

SPANISH_DECKS: tuple[int, ...] = (6, 8)
"""The numbers of Spanish 21 decks (48 cards, no pip tens) the catalogue values the Spanish tables on."""

HIT_FREQUENCY_DECKS = 6
"""The number of standard decks of the catalogue's hit frequency."""

CATALOG_TITLE = "Side bets: house edge by pay table and number of decks"
"""The catalogue's title (the first line of its files)."""


def catalog_bets() -> dict[str, SideBet]:
    """Every bet of :data:`~bjcalc.sidebets.catalog.SIDE_BETS` as the catalogue values it, by
    command name: Buster Blackjack with the dealer hitting soft 17 (H17, as No Bust 21st Century
    deals it), Push 22 and Bust Bonus with their own default, H17 (the rule of their published
    figures), Pot of Gold under Free Bet Blackjack's own rules and play; every other bet pays on
    the cards alone.

    >>> bets = catalog_bets()
    >>> list(bets) == list(SIDE_BETS), bets["buster"].hits_soft_17, bets["push-22"].hits_soft_17
    (True, True, True)
    """
    return {key: BusterBlackjack(hits_soft_17=True) if cls is BusterBlackjack else cls()
            for key, cls in SIDE_BETS.items()}


def _rule(bet: SideBet) -> Optional[str]:
    """What a bet's figures assume beyond the shoe and the pay table (None: nothing)."""
    dealer = "the dealer hits soft 17 (H17)" if getattr(bet, "hits_soft_17", False) else \
        "the dealer stands on soft 17 (S17)"
    if isinstance(bet, BusterBlackjack):
        return (f"{bet.name}: {dealer}, as No Bust 21st Century deals it; the dealer's whole hand from the shoe "
                f"(one player's cards taken out first gives the same figures, exactly)")
    if isinstance(bet, PotOfGold):
        rules = bet.rules
        return (f"{bet.name}: Free Bet Blackjack's own rules ({'H17' if rules.dealer_hits_soft_17 else 'S17'}, a "
                f"dealer 22 pushes, free doubles and splits; `--variant free_bet`) on each column's decks, the "
                f"player's composition-dependent play with post-split play {bet.split_strategy}: the bet pays by "
                f"the free chips that play receives")
    if isinstance(bet, Push22):
        return (f"{bet.name}: the side bet's own house edge (not a main game's push-22 rule); {dealer}, as the "
                f"published figures read it; the dealer's whole hand from the shoe")
    if isinstance(bet, BustBonus):
        return (f"{bet.name}: the bet placed on every round it is offered, its overall house edge (each up "
                f"card's bet weighted by its share of those rounds; by up card: `bjcalc sidebet bust-bonus`); "
                f"{dealer}, as the published figures read it; with an A or T up the dealer peeks first, and the "
                f"bet is offered only without a blackjack")
    if isinstance(bet, MatchTheDealer):
        tables = " and ".join(f"`{name}`" for name in bet.spanish_paytables)
        return (f"{bet.name}: each table is named for the decks it is dealt with, {tables} for Spanish 21's "
                f"48-card decks (the Spanish columns); on other decks a table is a what-if (`two_deck` on 6 decks "
                f"favours the player)")
    return None


def _decks(n: int, deck: str = "") -> str:
    return f"{n} {deck + ' ' if deck else ''}deck{'s' if n != 1 else ''}"


@dataclass(frozen=True)
class SideBetCatalog:
    """The catalogue: ``table`` has one row per bet and pay table (index ``bet``, the bet's
    name, and ``paytable``, in the order of :data:`~bjcalc.sidebets.catalog.SIDE_BETS`, each
    bet's default table first), a ``command`` column (the bet's ``bjcalc sidebet`` name), the
    house edge per unit staked on each shoe (columns ``1 deck``, ``2 decks``, ..., ``6 Spanish
    decks``, ...; NaN where a table is not valued on that shoe: Spanish decks for the Spanish
    tables only) and ``hit frequency, 6 decks`` (the chance that the bet wins).  ``notes``: what
    the figures are; ``rules``: the rule each bet that needs one is valued under, one line each.

    >>> c = sidebet_catalog(decks=(6,), spanish_decks=(), every_paytable=False)
    >>> list(c.table.columns)
    ['command', '6 decks', 'hit frequency, 6 decks']
    >>> print(c.to_csv().splitlines()[-1])
    Bust Bonus,silver_dollar,bust-bonus,8.1223,30.0007
    """

    table: pd.DataFrame
    notes: tuple[str, ...]
    rules: tuple[str, ...]

    @property
    def shoes(self) -> list[str]:
        """The shoe columns, in order (between ``command`` and the hit frequency)."""
        return list(self.table.columns[1:-1])

    def _cells(self, blank: str) -> list[list[str]]:
        rows = []
        for (bet, paytable), row in self.table.iterrows():
            figures = [row[column] for column in self.shoes] + [row[self.table.columns[-1]]]
            rows.append([bet, paytable, row["command"]] + [blank if math.isnan(x) else f"{x * 100:.4f}"
                                                            for x in figures])
        return rows

    def to_markdown(self) -> str:
        """The catalogue as a Markdown page: a title, what the figures are, the table (figures in
        percent, 4 decimals; ``-`` where a table is not valued), the rule each bet is valued under.

        >>> c = sidebet_catalog(decks=(6,), spanish_decks=(), every_paytable=False)
        >>> [line for line in c.to_markdown().splitlines() if line.startswith("| Perfect")]
        ['| Perfect Pairs | `a` | 6.1093 | 7.3955 |']
        """
        header = ["bet", "pay table"] + self.shoes + [self.table.columns[-1]]
        rows = [[bet, f"`{paytable}`"] + figures for bet, paytable, _, *figures in self._cells("-")]
        return "\n".join([f"# {CATALOG_TITLE}", ""] + [f"- {note}" for note in self.notes] + [""]
                         + markdown_table(header, rows) + ["", "The rules each bet is valued under:", ""]
                         + [f"- {rule}" for rule in self.rules]) + "\n"

    def to_csv(self) -> str:
        """The catalogue as CSV: the title, notes and rules in ``#`` lines (pandas:
        ``pandas.read_csv(path, comment="#")``), then a header and one line per bet and pay table,
        figures in percent (4 decimals; empty where a table is not valued).

        >>> c = sidebet_catalog(decks=(6,), spanish_decks=(), every_paytable=False)
        >>> [line for line in c.to_csv().splitlines() if not line.startswith("#")][0]
        'bet,paytable,command,6 decks,"hit frequency, 6 decks"'
        """
        import csv
        import io

        out = io.StringIO()
        out.write("".join(f"# {line}\n" for line in (CATALOG_TITLE,) + self.notes + self.rules))
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["bet", "paytable", "command"] + self.shoes + [self.table.columns[-1]])
        writer.writerows(self._cells(""))
        return out.getvalue()


def sidebet_catalog(decks: Iterable[int] = CATALOG_DECKS, spanish_decks: Iterable[int] = SPANISH_DECKS,
                    every_paytable: bool = True, hit_decks: int = HIT_FREQUENCY_DECKS) -> SideBetCatalog:
    """Every bet of :func:`catalog_bets` valued on ``decks`` standard decks, its Spanish 21 tables
    on ``spanish_decks`` Spanish decks too (floating point), with each table's hit frequency on
    ``hit_decks`` standard decks: every named pay table (``every_paytable``), or each bet's
    default table only.

    >>> c = sidebet_catalog(decks=(1, 8), spanish_decks=(6,))
    >>> c.table.loc[("Match the Dealer", "spanish_21"), ["8 decks", "6 Spanish decks"]].map("{:.4%}".format).tolist()
    ['8.9750%', '3.0555%']
    >>> bool(math.isnan(c.table.loc[("Match the Dealer", "two_deck"), "6 Spanish decks"]))
    True
    """
    import pandas as pd

    decks, spanish_decks = tuple(decks), tuple(spanish_decks)
    shoes = [(_decks(n), Shoe.decks(n), False) for n in decks] + \
        [(_decks(n, "Spanish"), Shoe.decks(n, "spanish"), True) for n in spanish_decks]
    hits = f"hit frequency, {_decks(hit_decks)}"
    bets = catalog_bets()
    rows, index = [], []
    for key, bet in bets.items():
        tables = bet.named_paytables() if every_paytable else [bet.paytable()]
        for table in tables:
            spanish = table.name in bet.spanish_paytables
            results = {label: bet.evaluate(shoe, table) for label, shoe, of_spanish in shoes
                       if spanish or not of_spanish}      # (Spanish decks: the Spanish tables only)
            hit = results.get(_decks(hit_decks)) or bet.evaluate(Shoe.decks(hit_decks), table)
            row: dict[str, Any] = {"command": key}
            row.update({label: float(results[label].house_edge) if label in results else math.nan
                        for label, _, _ in shoes})
            row[hits] = float(hit.hit_frequency)
            rows.append(row)
            index.append((bet.name, table.name))
    frame = pd.DataFrame(rows, index=pd.MultiIndex.from_tuples(index, names=["bet", "paytable"]),
                         columns=["command"] + [label for label, _, _ in shoes] + [hits])
    notes = ("values: the house edge in percent of the side bet staked (negative: the player's edge), from each "
             "shoe's exact probabilities (no simulation) in floating point; the hit frequency is the chance that "
             "the bet wins, in percent",
             "every named pay table of every bet, its default first (`bjcalc sidebet --list` gives each table's "
             "pays); standard 52-card decks, and Spanish 21's 48-card decks (no pip tens) for the tables dealt "
             "with them")
    rules = tuple(rule for rule in map(_rule, bets.values()) if rule is not None)
    return SideBetCatalog(frame, notes, rules)
