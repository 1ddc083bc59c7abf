"""Identities that must hold exactly, and float/exact agreement."""

import functools
from fractions import Fraction

import numpy as np
import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.game.calculator import deal_probabilities
from bjcalc.engine.dealer import DealerEngine, StandardDealer
from bjcalc.core.arithmetic import EXACT

DEPLETED = Shoe.from_counts({"A": 3, 2: 2, 3: 4, 4: 3, 5: 4, 6: 2, 7: 4, 8: 3, 9: 4, "T": 4, "J": 3, "Q": 4, "K": 2})
HALF = Shoe.from_counts({rank: 2 for rank in ("A", 2, 3, 4, 5, 6, 7, 8, 9, "T", "J", "Q", "K")})
"""Half a deck, every rank (ten-values split by rank too): a whole exact game at half the cost of DEPLETED's."""


def _fraction(value):
    return Fraction(int(value.p), int(value.q))


@pytest.mark.parametrize("shoe", [Shoe.decks(1), Shoe.decks(2), DEPLETED, Shoe.infinite()],
                         ids=["1deck", "2decks", "depleted", "infinite"])
@pytest.mark.parametrize("h17", [False, True])
def test_dealer_probabilities_sum_to_exactly_one(shoe, h17):
    for up in "A23456789T":
        calc = Calculator(Rules(dealer_hits_soft_17=h17), shoe=shoe, exact=True)
        assert sum(_fraction(v) for v in calc.dealer(up)) == 1
        peeked = calc.dealer(up, peeked=True)
        assert sum(_fraction(v) for v in peeked) == 1 and peeked["blackjack"] == 0


def test_dealer_rows_sum_to_one_for_every_removed_set():
    """Every dealable removed set of a node set gets a distribution summing to exactly 1."""
    calc = Calculator(Rules(decks=1), exact=True)
    removed = calc.engine.nodes.removed_sets[::37]
    engine = DealerEngine(Shoe.decks(1), StandardDealer(False), EXACT)
    for up in (1, 6, 10):
        result = engine.evaluate(up, removed)
        _, valid = engine.remaining(up, removed)
        sums = result.probabilities.sum(axis=1)
        assert all(s == 1 for s, ok in zip(sums, valid) if ok)
        assert all(s == 0 for s, ok in zip(sums, valid) if not ok)


@pytest.mark.parametrize("shoe", [Shoe.decks(1), DEPLETED, Shoe.infinite()], ids=["1deck", "depleted", "inf"])
def test_deal_probabilities_sum_to_one(shoe):
    deals = deal_probabilities(shoe, Rules(split_tens_by_rank=True))
    assert sum(p for table in deals.values() for p in table.values()) == 1


@pytest.mark.parametrize("rules", [
    Rules(decks=1, max_split_hands=2),
    Rules(decks=1, dealer_hits_soft_17=True, hole_card="enhc", surrender="late", double_after_split=False,
          max_split_hands=2),
    Rules(decks=1, hole_card="enhc_obo", surrender="early", hit_split_aces=True, split_tens_by_rank=True,
          max_split_hands=2),
], ids=["S17-peek", "H17-enhc-late", "obo-early-hsa"])
def test_float_and_exact_agree_on_a_whole_game(rules):
    exact = Calculator(rules, shoe=HALF, exact=True).game()
    floating = Calculator(rules, shoe=HALF).game()
    assert abs(float(exact.ev) - floating.ev) < 1e-12
    for up, value in exact.by_upcard.items():
        assert abs(float(value) - floating.by_upcard[up]) < 1e-12


@functools.cache
def _hands_calculator(hole_card, exact):
    """One calculator per hole-card rule and arithmetic, shared by the hands below: a hand's
    values do not depend on what the calculator valued before
    (test_ev_is_independent_of_cache_state_and_order), and hands against the same up card share
    its evaluation instead of repeating it."""
    rules = Rules(decks=1, hole_card=hole_card, surrender="late", dealer_hits_soft_17=True, max_split_hands=2)
    return Calculator(rules, exact=exact)


@pytest.mark.parametrize("hand,up", [("T,6", "T"), ("8,8", "A"), ("A,7", "9"), ("5,5", "6"), ("2,3,4", "7"),
                                     ("A,A", "T"), ("9,2", "A")])
@pytest.mark.parametrize("hole_card", ["peek", "enhc", "enhc_obo"])
def test_float_and_exact_agree_on_hands(hand, up, hole_card):
    # Split once: resplit float/exact agreement is tests/unit/engine/test_splits.py's (and costs 4x here).
    # One deck: the agreement does not depend on the shoe's size, and two decks took half as long again.
    exact = _hands_calculator(hole_card, True).hand(hand, up)
    floating = _hands_calculator(hole_card, False).hand(hand, up)
    assert exact.keys() == floating.keys()
    for action in exact:
        assert abs(float(exact[action]) - floating[action]) < 1e-12


def test_peek_conditioning_changes_the_players_draws():
    """Under an ace, the hole card is known not to be a ten: a peek game's hit value differs
    from the unconditioned ENHC-OBO value, which charges the blackjack loss separately."""
    peek = Calculator(Rules(decks=1, max_split_hands=2), exact=True).hand("6,5", "A")
    obo = Calculator(Rules(decks=1, hole_card="enhc_obo", max_split_hands=2), exact=True).hand("6,5", "A")
    # OBO loses exactly the original bet to a dealer blackjack, whatever the player does:
    p_bj = Fraction(16, 49)  # 16 tens among the 49 cards left after A, 6, 5 from one deck
    for action in ("stand", "hit", "double"):
        assert _fraction(obo[action]) == (1 - p_bj) * _fraction(peek[action]) - p_bj


def test_ev_is_independent_of_cache_state_and_order():
    first = Calculator(Rules(decks=2))
    a = first.hand("8,8", "T")
    game_a = first.game().ev
    second = Calculator(Rules(decks=2))
    game_b = second.game().ev
    b = second.hand("8,8", "T")
    assert a == b and game_a == game_b


def test_early_surrender_is_worth_at_least_late_surrender():
    late = Calculator(Rules(decks=6, surrender="late", max_split_hands=2)).game().ev
    early = Calculator(Rules(decks=6, surrender="early", max_split_hands=2)).game().ev
    none = Calculator(Rules(decks=6, max_split_hands=2)).game().ev
    assert early > late > none


def test_compiled_kernel_and_numpy_recursion_agree():
    """The C kernel and the numpy recursion are two implementations of the dealer engine."""
    from bjcalc.engine import _kernels
    from bjcalc.core.arithmetic import FLOAT

    if not _kernels.available():
        pytest.skip("the C kernel was not built here; only the numpy recursion runs")
    calc = Calculator(Rules(decks=6, dealer_hits_soft_17=True, max_split_hands=2))
    removed = calc.engine.nodes.removed_sets
    engine = DealerEngine(Shoe.decks(6), StandardDealer(True), FLOAT)
    for up in range(1, 11):
        left, valid = engine.remaining(up, removed)
        left = np.where(valid[:, None], left, 0)
        fast = engine._float(up, left, valid, True, np.zeros(len(removed), dtype=bool))
        slow = engine._generic(up, left, valid, True, np.zeros(len(removed), dtype=bool))
        assert np.abs(fast - slow).max() < 1e-14


def test_peeked_dealer_probabilities_never_round_above_one():
    """Found by hypothesis: A up on {A:4, T:2} busts surely once blackjack is ruled out; in floats
    the conditioning once gave 1.0000000000000002."""
    from bjcalc import Calculator, Rules, Shoe

    series = Calculator(Rules(decks=1), shoe=Shoe.from_counts({"A": 4, "T": 2})).dealer("A", peeked=True)
    assert series["bust"] == 1.0
    assert all(0 <= float(p) <= 1 for p in series)


def test_dealer_probabilities_never_round_above_one_without_a_peek():
    """Found by hypothesis: an 8 up on {7:3, 8:3} (ENHC) always busts; the bust probability, summed
    from the bust totals 22-26 in floats, once came out as 1.0000000000000002."""
    from bjcalc import Calculator, Rules, Shoe

    shoe = Shoe.from_counts({"7": 3, "8": 3})
    series = Calculator(Rules(decks=1, hole_card="enhc"), shoe=shoe).dealer("8")
    assert series["bust"] == 1.0
    assert all(0 <= float(p) <= 1 for p in series)


@pytest.mark.parametrize("h17", [False, True])
def test_the_exact_dealer_in_int64_gives_the_python_integers_rationals(h17, monkeypatch):
    """The exact dealer counts in numpy's int64 where no integer can exceed it (a small shoe) and in
    Python's integers otherwise: the same rows either way, every up card, with cards removed and a
    dealer that can run out of cards."""
    from bjcalc.engine import dealer as dealer_module

    shoe = Shoe.from_counts({"A": 2, "2": 1, "3": 1, "4": 2, "5": 1, "6": 2, "7": 1, "8": 1, "9": 1, "T": 6})
    removed = np.array([[0] * 10, [1, 0, 0, 1, 0, 0, 0, 0, 0, 2], [2, 1, 1, 2, 1, 1, 1, 1, 1, 4],
                        [2, 0, 1, 2, 1, 1, 1, 1, 1, 6]])      # (the last: a 2 and a 6 left, too few)
    assert dealer_module._fits_int64(np.asarray([shoe.value_counts()]), 18, True)     # (this shoe takes int64)
    fast = {up: DealerEngine(shoe, StandardDealer(h17), EXACT).evaluate(up, removed) for up in range(1, 11)}
    monkeypatch.setattr(dealer_module, "_fits_int64", lambda *args: False)
    for up, rows in fast.items():
        wide = DealerEngine(shoe, StandardDealer(h17), EXACT).evaluate(up, removed)
        assert (rows.probabilities == wide.probabilities).all() and (rows.exhausted == wide.exhausted).all(), up
    assert any(rows.exhausted.any() for rows in fast.values())       # (the run-out rows compared too)
    # the infinite deck (it does not deplete: the power bounds its integers), against every up card
    monkeypatch.undo()
    fast = {up: DealerEngine(Shoe.infinite(), StandardDealer(h17), EXACT).evaluate(up, removed[:1]) for up in range(1, 11)}
    monkeypatch.setattr(dealer_module, "_fits_int64", lambda *args: False)
    for up, rows in fast.items():
        assert (rows.probabilities == DealerEngine(Shoe.infinite(), StandardDealer(h17), EXACT).evaluate(
            up, removed[:1]).probabilities).all(), up
