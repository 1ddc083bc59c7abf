"""Perfect Pairs: the player's first two cards a pair, by how alike they are, exact on any shoe.

The two cards are a uniformly random 2-subset of the shoe, so every event is an exact
count of subsets over C(cards, 2).  The pairs of a rank with ``n`` cards number C(n, 2);
those of one suit (identical cards: a *perfect* pair) ``sum_s C(n_s, 2)``; those of one
colour (spades and clubs black, hearts and diamonds red) ``C(black, 2) + C(red, 2)``, of
which the ones not perfect are *coloured* pairs; the rest are *mixed* pairs
(:func:`bjcalc.sidebets.subsets.weights` over the shoe by suit, then by colour).  The
infinite deck gives the limit proportions.

>>> r = perfect_pairs(decks=8, paytable="a")
>>> r.table["combinations"].tolist()
[1456, 1664, 3328, 79872]
>>> f"{float(r.house_edge):.2%}"
'4.10%'
"""

from __future__ import annotations

from typing import Any, Union

from ..core.cards import Shoe
from .base import PayTableLike, ShoeLike, SideBet, SideBetResult, shoe_or_decks
from .subsets import weights, whole

__all__ = ["PerfectPairs", "perfect_pairs"]


class PerfectPairs(SideBet):
    """Perfect Pairs: the player's first two cards are a pair.

    Events: a perfect pair (same rank and suit), a coloured pair (same rank and colour,
    different suits), a mixed pair (same rank, red and black); anything else loses.  Ranks
    count (a J and a Q are no pair).  ``combinations`` counts 2-subsets of the shoe, out of
    C(cards, 2).  The shoe must carry suit counts.

    Built-in pay tables (perfect / coloured / mixed): ``a`` 25/12/6, ``b`` 30/10/5, ``c``
    25/12/5, ``d`` 25/15/5.

    >>> PerfectPairs().combinations(1)
    {'perfect pair': 0, 'coloured pair': 26, 'mixed pair': 52, 'no pair': 1248}
    """

    name = "Perfect Pairs"
    key = "perfect-pairs"
    description = "the player's first two cards a pair: perfect (suited), coloured or mixed"
    events = ("perfect pair", "coloured pair", "mixed pair")
    losing_event = "no pair"
    paytables = {"a": (25, 12, 6), "b": (30, 10, 5), "c": (25, 12, 5), "d": (25, 15, 5)}
    default_paytable = "a"
    cards = 2
    needs_suits = True
    suits_for = "pays by the suits and colours of a pair"

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()} (suits tracked)",
                "cards: the player's first two cards from the full shoe",
                "colours: spades and clubs black, hearts and diamonds red")

    def _counts(self, shoe: Shoe) -> list[Any]:
        suits = self._suit_table(shoe)
        colours = [(row[0] + row[3], row[1] + row[2]) for row in suits]     # (black, red): S, H, D, C
        counts: list[Any] = [0, 0, 0]
        for rank in range(13):
            pairs, perfect = weights(suits, [(rank, 2)], shoe.is_infinite)
            _, one_colour = weights(colours, [(rank, 2)], shoe.is_infinite)
            counts[0] += perfect
            counts[1] += one_colour - perfect
            counts[2] += pairs - one_colour
        return counts + [whole(suits, 2, shoe.is_infinite) - sum(counts)]


def perfect_pairs(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
                  decks: Union[int, float, None] = None) -> SideBetResult:
    """Perfect Pairs on a shoe (or ``decks`` full decks; default 6) with a pay table (default ``a``).

    >>> f"{float(perfect_pairs(decks=8, paytable='d').house_edge):.2%}"
    '2.17%'
    """
    return PerfectPairs().evaluate(shoe_or_decks(shoe, decks), paytable, exact)
