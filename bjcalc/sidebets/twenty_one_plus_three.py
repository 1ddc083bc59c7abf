"""21+3: the player's two cards and the dealer's up card as a three-card poker hand, exact on any shoe.

The three cards are a uniformly random 3-subset of the shoe (the bet is blind to which card
is the dealer's), so every event is an exact count of subsets over C(cards, 3).  They are
counted by rank multiset (455 of them: J, Q and K are ranks of their own here), each
multiset's subsets split into those of one suit and the rest
(:mod:`bjcalc.sidebets.subsets`): three of a rank are suited trips when of one suit, else
three of a kind; three ranks in a row (A-2-3 to Q-K-A; K-A-2 is not a straight) a
straight flush or a straight; any other three cards of one suit a flush (a pair included,
as a pair of identical cards can be in a shoe of several decks), a pair otherwise a pair.
The infinite deck gives the limit proportions.

Pay tables differ in the events they pay: each states a pay for every event, -1 for one
it does not pay (``v1`` pays suited trips as three of a kind, 9, and loses on a pair).

>>> r = twenty_one_plus_three(decks=6)
>>> r.table.loc[1, ["event", "combinations"]].tolist()
['straight flush', 10368]
>>> f"{float(r.house_edge):.2%}"
'3.24%'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Union

from ..core.cards import Shoe
from .base import PayTableLike, ShoeLike, SideBet, SideBetResult, shoe_or_decks
from .subsets import classes

__all__ = ["TwentyOnePlusThree", "twenty_one_plus_three"]

_EVENTS = ("suited trips", "straight flush", "three of a kind", "straight", "flush", "pair")

_STRAIGHTS = {frozenset((r, r + 1, r + 2)) for r in range(11)} | {frozenset((11, 12, 0))}
"""Rank indices (A = 0 .. K = 12) of the twelve straights: A-2-3 to J-Q-K, and Q-K-A."""


def _event(ranks: tuple[int, ...]) -> tuple[int, int]:
    """(event of one suit, event otherwise) of three sorted rank indices; 6 = other (loses)."""
    low, middle, high = ranks
    if low == high:
        return 0, 2
    if frozenset(ranks) in _STRAIGHTS:
        return 1, 3
    return (4, 5) if low == middle or middle == high else (4, 6)


_CLASSES = classes(13, 3, _event, lose=len(_EVENTS))


class TwentyOnePlusThree(SideBet):
    """21+3: the player's first two cards and the dealer's up card as a three-card poker hand.

    Events, checked in order: suited trips (three of a rank and suit), straight flush, three
    of a kind, straight, flush, pair (two of a rank); anything else loses.  Ranks count (J,
    Q and K are distinct); an ace is high or low in a straight (A-2-3, Q-K-A, not K-A-2).
    ``combinations`` counts 3-subsets of the shoe, out of C(cards, 3).  The shoe must carry
    suit counts.

    Built-in pay tables (a table that does not pay an event pays -1 on it):

    * ``v1`` (the original): straight flush, three of a kind, straight and flush 9 (suited
      trips are three of a kind), a pair loses;
    * ``v2``: every one of those and a pair 5:2;
    * ``v3``: suited trips 100, straight flush 35, three of a kind 33, straight 10, flush 5;
    * ``modern``: suited trips 100, straight flush 40, three of a kind 30, straight 10, flush 5.

    >>> bet = TwentyOnePlusThree()
    >>> bet.paytable("v1").describe()
    'v1: suited trips 9, straight flush 9, three of a kind 9, straight 9, flush 9, pair loses'
    >>> bet.combinations(1)["suited trips"], bet.combinations(1)["straight"]
    (0, 720)
    """

    name = "21+3"
    key = "21+3"
    description = "the player's two cards and the dealer's up card as a three-card poker hand"
    events = _EVENTS
    losing_event = "other"
    paytables = {"v1": (9, 9, 9, 9, 9, -1),
                 "v2": (Fraction(5, 2),) * 6,
                 "v3": (100, 35, 33, 10, 5, -1),
                 "modern": (100, 40, 30, 10, 5, -1)}
    default_paytable = "v1"
    cards = 3
    needs_suits = True
    suits_for = "pays flushes"
    _classes = _CLASSES

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()} (suits tracked)",
                "cards: the player's two cards and the dealer's up card, three cards from the full shoe",
                "hands: three-card poker by rank (J, Q, K distinct); an ace is high or low in a straight (A-2-3, "
                "Q-K-A; not K-A-2); a flush with a pair is a flush; events checked in the order listed")


def twenty_one_plus_three(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
                          decks: Union[int, float, None] = None) -> SideBetResult:
    """21+3 on a shoe (or ``decks`` full decks; default 6) with a pay table (default ``v1``).

    >>> f"{float(twenty_one_plus_three(decks=2, paytable='v2').house_edge):.2%}"
    '2.78%'
    """
    return TwentyOnePlusThree().evaluate(shoe_or_decks(shoe, decks), paytable, exact)
