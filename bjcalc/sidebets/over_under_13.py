"""Over/Under 13: the player's first two cards total under or over 13 (aces 1), exact on any shoe.

Two bets on one count: Under wins on a total of 2 to 12, Over on 14 to 20, and a total of
13 loses both.  The two cards are a uniformly random 2-subset of the shoe, counted by
value pair (aces 1, every ten-value card 10; suits play no part) over C(cards, 2)
(:mod:`bjcalc.sidebets.subsets`).  The bet is one :class:`OverUnder13` whose two pay
tables, ``under`` and ``over``, each pay one event and lose on the other; the infinite
deck gives the limit proportions.

>>> r = over_under_13(decks=6, paytable="over")
>>> r.table[["event", "pays"]].values.tolist()
[['under 13', -1.0], ['over 13', 1.0], ['13', -1.0]]
>>> f"{float(r.house_edge):.3%}"
'6.555%'
"""

from __future__ import annotations

from typing import Union

from ..core.cards import Shoe
from .base import PayTableLike, ShoeLike, SideBet, SideBetResult, shoe_or_decks
from .subsets import classes

__all__ = ["OverUnder13", "over_under_13"]


def _event(values: tuple[int, ...]) -> tuple[int, int]:
    """The event of two value indices (0 = ace .. 9 = ten-value): 0 under, 1 over, 2 thirteen."""
    total = values[0] + values[1] + 2
    event = 0 if total < 13 else 1 if total > 13 else 2
    return event, event


_CLASSES = classes(10, 2, _event, lose=2)


class OverUnder13(SideBet):
    """Over/Under 13: the total of the player's first two cards, aces 1, ten-values 10.

    Events: under 13, over 13; a total of 13 loses both ways.  The pay table names the bet:
    ``under`` (under 13 pays 1, over 13 loses) or ``over`` (over 13 pays 1, under 13 loses).
    ``combinations`` counts 2-subsets of the shoe, out of C(cards, 2); a shoe counted by
    rank alone will do.

    >>> OverUnder13().combinations(1)
    {'under 13': 596, 'over 13': 618, '13': 112}
    """

    name = "Over/Under 13"
    key = "over-under-13"
    description = "the player's two cards total under or over 13 (aces 1); 13 loses both"
    events = ("under 13", "over 13")
    losing_event = "13"
    paytables = {"under": (1, -1), "over": (-1, 1)}
    default_paytable = "under"
    cards = 2
    _classes = _CLASSES

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()}",
                "cards: the player's first two cards from the full shoe; aces count 1, ten-value cards 10")

    def _kinds(self, shoe: Shoe) -> list[list[int]]:
        return [[n] for n in shoe.value_counts()]     # by value, one column: suits play no part


def over_under_13(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
                  decks: Union[int, float, None] = None) -> SideBetResult:
    """Over/Under 13 on a shoe (or ``decks`` full decks; default 6), ``paytable`` ``under``
    (the default) or ``over``.

    >>> f"{float(over_under_13(decks=6).house_edge):.3%}"
    '10.067%'
    """
    return OverUnder13().evaluate(shoe_or_decks(shoe, decks), paytable, exact)
