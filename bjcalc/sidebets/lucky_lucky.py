"""Lucky Lucky: the player's first two cards and the dealer's up card, exact on any shoe.

The three cards are a uniformly random 3-subset of the shoe, so every event is an
exact count of subsets (:meth:`LuckyLucky.combinations`) over C(cards, 3), counted by
value multiset with those of one suit apart (:mod:`bjcalc.sidebets.subsets`); the
infinite deck gives the limit proportions.  The suited events need suits, so the shoe
must carry suit counts (``Shoe.decks(n)``, ``Shoe.from_cards``, or ``Shoe(rank_counts,
suit_counts)`` for a depleted shoe); a shoe counted by rank only is refused, because
the suited events are then not determined.

>>> ll = lucky_lucky(decks=6)
>>> ll.table.loc[0, ["event", "combinations"]].tolist()
['suited 777', 80]
>>> f"{float(ll.house_edge):.2%}"
'5.31%'
"""

from __future__ import annotations

from typing import Union

from ..core.cards import Shoe
from .base import PayTableLike, ShoeLike, SideBet, SideBetResult, shoe_or_decks
from .subsets import classes

__all__ = ["LuckyLucky", "lucky_lucky"]

_LL_EVENTS = ("suited 777", "suited 678", "777", "678", "suited 21", "21", "20", "19")


def _ll_event(values: tuple[int, ...], suited: bool) -> int:
    """Index into the Lucky Lucky events (8 = lose) of three card values (sorted, 1-10)."""
    if values == (7, 7, 7):
        return 0 if suited else 2
    if values == (6, 7, 8):
        return 1 if suited else 3
    hard = sum(values)
    total = hard + 10 if 1 in values and hard + 10 <= 21 else hard
    if total == 21:
        return 4 if suited else 5
    return {20: 6, 19: 7}.get(total, 8)


_LL_CLASSES = classes(10, 3, lambda combo: (_ll_event(tuple(v + 1 for v in combo), True),
                                             _ll_event(tuple(v + 1 for v in combo), False)), lose=len(_LL_EVENTS))


class LuckyLucky(SideBet):
    """Lucky Lucky: the player's first two cards and the dealer's up card.

    Events, checked in order: suited 7-7-7, suited 6-7-8, 7-7-7, 6-7-8, suited 21, 21,
    20, 19; anything else loses.  Aces count 1 or 11 (the best total <= 21); 6-7-8 and
    7-7-7 are by rank (J, Q, K count as ten-values elsewhere).  The three cards are a
    uniformly random 3-subset of the shoe, so ``combinations`` counts those subsets:
    exact integers out of C(cards, 3).  The shoe must carry suit counts.

    Built-in pay tables: ``seed`` (200, 100, 50, 30, 10, 3, 2, 2) and ``wizard`` (suited 21
    pays 15: 200, 100, 50, 30, 15, 3, 2, 2).

    >>> LuckyLucky().combinations(1)["suited 21"]
    108
    >>> LuckyLucky().evaluate(Shoe.from_counts(A=4, T=16))
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.ShoeError: Lucky Lucky pays suited hands, so it needs a shoe with suit counts (Shoe.decks(n), Shoe.from_cards([...]) or Shoe(rank_counts, suit_counts)); this shoe is counted by rank only
    """

    name = "Lucky Lucky"
    key = "lucky-lucky"
    description = "the player's two cards and the dealer's up card"
    events = _LL_EVENTS
    losing_event = "other"
    paytables = {"seed": (200, 100, 50, 30, 10, 3, 2, 2),
                 "wizard": (200, 100, 50, 30, 15, 3, 2, 2)}
    cards = 3
    needs_suits = True
    _classes = _LL_CLASSES

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()} (suits tracked)",
                "cards: the player's two cards and the dealer's up card, three cards from the full shoe",
                "aces count 1 or 11; events checked in the order listed")

    def _kinds(self, shoe: Shoe) -> list[list[int]]:
        suits = self._suit_table(shoe)        # by value (ten-values pooled) and suit
        return [list(suits[v]) for v in range(9)] + [[sum(suits[r][s] for r in range(9, 13)) for s in range(4)]]


def lucky_lucky(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
                decks: Union[int, float, None] = None) -> SideBetResult:
    """Lucky Lucky on a shoe (or ``decks`` full decks; default 6) with a pay table.

    >>> r = lucky_lucky(decks=6, paytable="wizard")
    >>> f"{float(r.house_edge):.2%}"
    '2.66%'
    """
    return LuckyLucky().evaluate(shoe_or_decks(shoe, decks), paytable, exact)
