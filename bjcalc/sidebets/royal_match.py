"""Royal Match: the player's first two cards of one suit, a suited K-Q paying most, exact on any shoe.

The two cards are a uniformly random 2-subset of the shoe, so every event is an exact
count of subsets over C(cards, 2): by rank pair, those of one suit apart
(:mod:`bjcalc.sidebets.subsets`).  A suited king and queen is a royal match; any other
two cards of one suit (two identical cards too) are suited.  The infinite deck gives
the limit proportions.

>>> r = royal_match(decks=6)
>>> r.table["combinations"].tolist()
[144, 11868, 36504]
>>> f"{float(r.house_edge):.2%}"
'6.67%'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Union

from ..core.cards import Shoe
from .base import PayTableLike, ShoeLike, SideBet, SideBetResult, shoe_or_decks
from .subsets import classes

__all__ = ["RoyalMatch", "royal_match"]

_QUEEN_KING = (11, 12)

_CLASSES = classes(13, 2, lambda ranks: (0 if ranks == _QUEEN_KING else 1, 2), lose=2)


class RoyalMatch(SideBet):
    """Royal Match: the player's first two cards are suited; a suited K-Q is a royal match.

    Events: royal match, suited; two cards of different suits lose.  ``combinations``
    counts 2-subsets of the shoe, out of C(cards, 2).  The shoe must carry suit counts.

    Built-in pay tables (royal / suited): ``v1`` 25 / 5:2, ``v2`` 10 / 3.

    >>> RoyalMatch().combinations(1)
    {'royal match': 4, 'suited': 308, 'unsuited': 1014}
    """

    name = "Royal Match"
    key = "royal-match"
    description = "the player's two cards suited; a suited K-Q is a royal match"
    events = ("royal match", "suited")
    losing_event = "unsuited"
    paytables = {"v1": (25, Fraction(5, 2)), "v2": (10, 3)}
    default_paytable = "v1"
    cards = 2
    needs_suits = True
    _classes = _CLASSES

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()} (suits tracked)",
                "cards: the player's first two cards from the full shoe")


def royal_match(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
                decks: Union[int, float, None] = None) -> SideBetResult:
    """Royal Match on a shoe (or ``decks`` full decks; default 6) with a pay table (default ``v1``).

    >>> f"{float(royal_match(decks=8, paytable='v2').house_edge):.2%}"
    '-1.35%'
    """
    return RoyalMatch().evaluate(shoe_or_decks(shoe, decks), paytable, exact)
