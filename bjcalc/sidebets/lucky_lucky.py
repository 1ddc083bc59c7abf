"""Lucky Lucky: the player's first two cards and the dealer's up card, exact on any shoe.

The three cards are a uniformly random 3-subset of the shoe, so every event is an
exact count of subsets (:meth:`LuckyLucky.combinations`) over C(cards, 3); the
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

import itertools
import math
from fractions import Fraction
from typing import Any, Optional, Sequence, Union

from ..core.cards import Shoe
from ..core.errors import ShoeError
from .base import PayTableLike, ShoeLike, SideBet, SideBetResult, as_shoe, shoe_or_decks

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


_LL_CLASSES = [(combo, _ll_event(tuple(v + 1 for v in combo), True), _ll_event(tuple(v + 1 for v in combo), False))
               for combo in itertools.combinations_with_replacement(range(10), 3)]


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
    events = _LL_EVENTS
    losing_event = "other"
    paytables = {"seed": (200, 100, 50, 30, 10, 3, 2, 2),
                 "wizard": (200, 100, 50, 30, 15, 3, 2, 2)}
    _removal_method = ("each specific card (rank and suit) removed in turn; a rank's EoR is the average over "
                       "its cards in the shoe, weighted by their counts (T: all ten-value cards)")

    def _check(self, shoe: Shoe) -> None:
        _suit_counts(shoe)
        if not shoe.is_infinite and shoe.total < 3:
            raise ShoeError(f"Lucky Lucky deals three cards: the shoe has only {shoe.total}")

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()} (suits tracked)",
                "cards: the player's two cards and the dealer's up card, three cards from the full shoe",
                "aces count 1 or 11; events checked in the order listed")

    def combinations(self, shoe: ShoeLike = 6) -> dict[str, int]:
        """Exact number of 3-card subsets of the shoe giving each event (losing event last).

        >>> c = LuckyLucky().combinations(6)
        >>> c["suited 678"], c["21"], sum(c.values()) == math.comb(312, 3)
        (864, 406296, True)
        """
        shoe = as_shoe(shoe)
        self._check(shoe)
        if shoe.is_infinite:
            raise ShoeError("the infinite deck has no combination counts: use probabilities()")
        return dict(zip(self.all_events, _ll_counts(_value_suit_counts(shoe))))

    def _probabilities(self, shoes: Sequence[Shoe], exact: bool) -> list[tuple[list[Any], Optional[list[int]]]]:
        out: list[tuple[list[Any], Optional[list[int]]]] = []
        for shoe in shoes:
            vs = _value_suit_counts(shoe)
            if shoe.is_infinite:
                limits = _ll_infinite(vs)
                out.append((limits if exact else [float(p) for p in limits], None))
                continue
            counts = _ll_counts(vs)
            total = math.comb(sum(map(sum, vs)), 3)
            probs = [Fraction(c, total) if exact else c / total for c in counts]
            out.append((probs, counts))
        return out

    def _removals(self, shoe: Shoe) -> list[tuple[int, Shoe, int]]:
        if shoe.total < 4:
            raise ShoeError(f"effects of removal on Lucky Lucky need at least 4 cards, not {shoe.total}")
        return self._removals_by_card(_suit_counts(shoe))


def _suit_counts(shoe: Shoe) -> tuple[tuple[int, ...], ...]:
    if shoe.suit_counts is None:
        raise ShoeError("Lucky Lucky pays suited hands, so it needs a shoe with suit counts (Shoe.decks(n), "
                        "Shoe.from_cards([...]) or Shoe(rank_counts, suit_counts)); this shoe is counted by "
                        "rank only")
    suits = shoe.suit_counts
    if len(suits) != 13 or any(len(row) != 4 for row in suits) or any(n < 0 for row in suits for n in row):
        raise ShoeError("a shoe's suit counts must be 13 rows (A..K) of 4 counts >= 0 (S, H, D, C)")
    if not shoe.is_infinite and tuple(sum(row) for row in suits) != tuple(shoe.rank_counts):
        raise ShoeError("the shoe's suit counts do not add up to its rank counts")
    return suits


def _value_suit_counts(shoe: Shoe) -> list[list[int]]:
    """10 x 4 counts by value (ten-values pooled) and suit."""
    suits = _suit_counts(shoe)
    vs = [list(suits[v]) for v in range(9)]
    vs.append([sum(suits[r][s] for r in range(9, 13)) for s in range(4)])
    return vs


def _ll_counts(vs: list[list[int]]) -> list[int]:
    """Exact 3-subset counts of every Lucky Lucky event (losing event last)."""
    by_value = [sum(row) for row in vs]
    counts = [0] * (len(_LL_EVENTS) + 1)
    for combo, suited_event, plain_event in _LL_CLASSES:
        mult: dict[int, int] = {}
        for v in combo:
            mult[v] = mult.get(v, 0) + 1
        total = math.prod(math.comb(by_value[v], m) for v, m in mult.items())
        if not total:
            continue
        suited = 0
        if suited_event != plain_event:
            suited = sum(math.prod(math.comb(vs[v][s], m) for v, m in mult.items()) for s in range(4))
        counts[suited_event] += suited
        counts[plain_event] += total - suited
    return counts


def _ll_infinite(vs: list[list[int]]) -> list[Fraction]:
    """Event probabilities when every card is drawn with the shoe's proportions (no depletion)."""
    n = sum(map(sum, vs))
    probs = [Fraction(0)] * (len(_LL_EVENTS) + 1)
    for combo, suited_event, plain_event in _LL_CLASSES:
        mult: dict[int, int] = {}
        for v in combo:
            mult[v] = mult.get(v, 0) + 1
        arrangements = Fraction(6, math.prod(math.factorial(m) for m in mult.values()))
        total = arrangements * math.prod(Fraction(sum(vs[v]), n) ** m for v, m in mult.items())
        suited = Fraction(0)
        if suited_event != plain_event:
            suited = arrangements * sum(math.prod(Fraction(vs[v][s], n) ** m for v, m in mult.items())
                                        for s in range(4))
        probs[suited_event] += suited
        probs[plain_event] += total - suited
    return probs


def lucky_lucky(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
                decks: Union[int, float, None] = None) -> SideBetResult:
    """Lucky Lucky on a shoe (or ``decks`` full decks; default 6) with a pay table.

    >>> r = lucky_lucky(decks=6, paytable="wizard")
    >>> f"{float(r.house_edge):.2%}"
    '2.66%'
    """
    return LuckyLucky().evaluate(shoe_or_decks(shoe, decks), paytable, exact)
