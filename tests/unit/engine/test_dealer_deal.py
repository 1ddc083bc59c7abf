"""The dealer's procedure played card by card (``StandardDealer.deal``, what the shoe simulator
follows) against the engine's exact outcome probabilities.

Every sequence of cards the procedure can draw from a small shoe is enumerated: the hole card,
then each card ``deal`` asks for (Burn 20's fresh pairs included), each with its chance given the
cards left, in Fractions; a hole ace under a ten is of the ten's suit with chance ``share``.  The
sum over the sequences ending in each outcome must equal the dealer engine's exact row (the tree
walk, or Burn 20's redraw algebra) to the last digit: the simulator and the exact passes then
follow one procedure.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from bjcalc.core.arithmetic import EXACT
from bjcalc.core.cards import Shoe
from bjcalc.core.outcomes import BLACKJACK, N_OUTCOMES
from bjcalc.engine.burn20 import Burn20Dealer, burn20_outcomes
from bjcalc.engine.dealer import DealerEngine, StandardDealer


class _More(Exception):
    """The procedure asked for a card past the sequence being replayed."""


def _dealt(procedure, left, up, share, complete=True):
    """{outcome: chance} of ``procedure.deal`` over every card sequence from counts ``left`` (the
    up card out), by replaying each sequence and branching where it asks for one more card."""
    out: dict = {}

    def explore(cards: tuple, same_suit: bool, chance: Fraction) -> None:
        rest = iter(cards[1:])

        def draw() -> int:
            value = next(rest, None)
            if value is None:
                raise _More
            return value

        try:
            outcome = procedure.deal(up, cards[0], same_suit, draw, complete)
        except _More:
            counts = list(left)
            for value in cards:
                counts[value - 1] -= 1
            total = sum(counts)
            assert total > 0, "the shoe ran out: choose a larger one"
            for value in range(1, 11):
                if counts[value - 1]:
                    explore(cards + (value,), same_suit, chance * Fraction(counts[value - 1], total))
            return
        out[outcome] = out.get(outcome, 0) + chance

    total = sum(left)
    for hole in range(1, 11):
        if not left[hole - 1]:
            continue
        chance = Fraction(left[hole - 1], total)
        if hole == 1 and up == 10 and share is not None:     # (the hole ace's suit: Burn 20 reads it)
            explore((hole,), True, chance * share)
            explore((hole,), False, chance * (1 - share))
        else:
            explore((hole,), False, chance)
    return out


def _row(out):
    return [out.get(o, Fraction(0)) for o in range(N_OUTCOMES)]


SHOES = [
    (4, 4, 4, 4, 4, 4, 4, 4, 4, 16),      # one deck
    (2, 1, 2, 1, 3, 1, 2, 1, 2, 9),
]


@pytest.mark.parametrize("h17", [False, True])
@pytest.mark.parametrize("shoe", SHOES)
def test_standard_dealer_card_by_card_equals_the_tree(shoe, h17):
    procedure = StandardDealer(hits_soft_17=h17)
    engine = DealerEngine(Shoe.from_counts(shoe), procedure, EXACT)
    for up in range(1, 11):
        left = list(shoe)
        left[up - 1] -= 1
        want = [Fraction(int(x.numerator), int(x.denominator)) for x in
                engine.probabilities(up, np.zeros((1, 10), dtype=np.int64))[0]]
        got = _row(_dealt(procedure, left, up, None))
        assert got == want, up
        assert sum(got) == 1


@pytest.mark.parametrize("h17, share", [(False, Fraction(1, 4)), (True, Fraction(1))])
def test_burn20_card_by_card_equals_the_redraw_algebra(share, h17):
    shoe = (2, 1, 1, 1, 1, 1, 1, 1, 1, 6)
    procedure = Burn20Dealer(hits_soft_17=h17, share=share)
    up_ten = np.eye(10, dtype=np.int64)[9]
    rows, exhausted = burn20_outcomes(np.array(shoe), False, 10, np.zeros((1, 10), dtype=np.int64), procedure, EXACT)
    assert not exhausted[0]
    want = [Fraction(int(x.numerator), int(x.denominator)) for x in rows[0]]
    got = _row(_dealt(procedure, list(np.array(shoe) - up_ten), 10, share))
    assert got == want
    assert got[BLACKJACK] == Fraction(2, 15) * (1 - share)      # (only a hole ace of another suit)


def test_an_unfinished_deal_stops_at_the_blackjack_check():
    """``complete=False``: a blackjack or nothing, the burned pairs redrawn first (their cards seen)."""
    procedure = Burn20Dealer(hits_soft_17=False)
    drawn = []

    def draw() -> int:
        drawn.append([10, 1, 6, 3][len(drawn)])
        return drawn[-1]

    assert procedure.deal(10, 10, False, draw, complete=False) is None
    assert drawn == [10, 1, 6, 3]                 # (T+A burned too, then 6+3 kept)
    assert procedure.deal(10, 1, False, draw, complete=False) == BLACKJACK
    assert procedure.deal(10, 1, True, lambda: 9, complete=False) is None
    assert procedure.has_blackjack(10, 1, False) and not procedure.has_blackjack(10, 1, True)
