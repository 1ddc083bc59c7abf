"""Lucky Ladies: the player's first two cards total 20, the queens of hearts paying most, exact on any shoe.

The player's two cards are a uniformly random 2-subset of the shoe.  Those totalling 20
(aces 11: two ten-value cards, or an ace and a 9) are counted by rank pair, those of one
suit apart (:mod:`bjcalc.sidebets.subsets`): two of one rank and suit are a matched 20,
other two of one suit a suited 20, the rest any 20.  The ``C(q, 2)`` pairs of queens of
hearts (``q`` of them in the shoe) come out of the matched 20s.

The top event needs the dealer's cards too: after two queens of hearts, the dealer's up
and hole cards are two of the ``N - 2`` cards left, a blackjack when one is an ace and
the other a ten-value card: ``a * (t - 2)`` of the ``C(N - 2, 2)`` pairs (``a`` aces and
``t`` ten-value cards in the shoe).  The cards other players and the player's own play
take in between are unseen, so the dealer's two cards are as if dealt next.  The
combination counts are therefore of deals, the player's pair and the dealer's pair:
every player's event counted ``C(N - 2, 2)`` times, out of ``C(N, 2) * C(N - 2, 2)``.
The infinite deck gives the limit proportions.

>>> r = lucky_ladies(decks=6)
>>> f"{float(r.house_edge):.2%}"
'24.71%'
>>> r.table.loc[0, "combinations"] == math.comb(6, 2) * 24 * (96 - 2)
True
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Union

from ..core.cards import Shoe
from .base import PayTableLike, ShoeLike, SideBet, SideBetResult, shoe_or_decks
from .subsets import classes, tally

__all__ = ["LuckyLadies", "lucky_ladies"]

_EVENTS = ("QH pair + dealer BJ", "QH pair", "matched 20", "suited 20", "any 20")

_QUEEN, _HEARTS = 11, 1
_TENS = range(9, 13)


def _event(ranks: tuple[int, ...]) -> tuple[int, int]:
    """(event of one suit, event otherwise) of two sorted rank indices; 5 = no 20 (loses)."""
    low, high = ranks
    if not (low in _TENS and high in _TENS) and ranks != (0, 8):
        return 5, 5
    return (2 if low == high else 3), 4


_CLASSES = classes(13, 2, _event, lose=len(_EVENTS))


class LuckyLadies(SideBet):
    """Lucky Ladies: the player's first two cards total 20 (aces 11, so A-9 is 20).

    Events, checked in order: a pair of queens of hearts with a dealer blackjack, a pair of
    queens of hearts, a matched 20 (two cards of one rank and suit), a suited 20, any 20;
    anything else loses.  The dealer has a blackjack when the up and hole cards, two more
    cards from the shoe, are an ace and a ten-value card.  ``combinations`` counts deals
    of the player's two cards and the dealer's two, out of C(cards, 2) * C(cards - 2, 2).
    The shoe must carry suit counts.

    Built-in pay tables: ``a`` 1000, 125, 19, 9, 4 and ``b`` 1000, 200, 25, 10, 4.

    >>> LuckyLadies().combinations(2)["QH pair + dealer BJ"]
    240
    """

    name = "Lucky Ladies"
    key = "lucky-ladies"
    description = ("the player's two cards total 20; two queens of hearts pay most, with a dealer "
                   "blackjack more")
    events = _EVENTS
    losing_event = "no 20"
    paytables = {"a": (1000, 125, 19, 9, 4), "b": (1000, 200, 25, 10, 4)}
    default_paytable = "a"
    cards = 4
    needs_suits = True
    suits_for = "pays suited 20s and the queen of hearts"

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()} (suits tracked)",
                "cards: the player's first two cards from the full shoe; aces count 11 (A-9 is 20)",
                "dealer: the up and hole cards are two more cards from the shoe (the cards dealt between are "
                "unseen); a blackjack is an ace and a ten-value card",
                "combinations: deals of the player's two cards and the dealer's two")

    def _total_combinations(self, shoe: Shoe) -> int:
        return math.comb(int(shoe.total), 2) * math.comb(int(shoe.total) - 2, 2)

    def _counts(self, shoe: Shoe) -> list[Any]:
        suits = self._suit_table(shoe)
        counts = tally(suits, 2, _CLASSES, len(self.all_events), shoe.is_infinite)   # (the player's two cards)
        n, aces, tens = sum(map(sum, suits)), sum(suits[0]), sum(sum(suits[r]) for r in _TENS)
        queens = suits[_QUEEN][_HEARTS]
        pair: Any
        blackjack: Any
        deals: Any
        if shoe.is_infinite:
            pair, blackjack, deals = Fraction(queens, n) ** 2, 2 * Fraction(aces, n) * Fraction(tens, n), 1
        else:
            pair, blackjack, deals = math.comb(queens, 2), aces * (tens - 2), math.comb(n - 2, 2)
        counts[2] -= pair
        counts[0], counts[1] = pair * blackjack, pair * (deals - blackjack)
        return counts[:2] + [c * deals for c in counts[2:]]


def lucky_ladies(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
                 decks: Union[int, float, None] = None) -> SideBetResult:
    """Lucky Ladies on a shoe (or ``decks`` full decks; default 6) with a pay table (default ``a``).

    >>> r = lucky_ladies(decks=4, paytable="b")
    >>> f"house edge {float(r.house_edge):.2%}, return {1 - float(r.house_edge):.2%}"
    'house edge 19.46%, return 80.54%'
    """
    return LuckyLadies().evaluate(shoe_or_decks(shoe, decks), paytable, exact)
