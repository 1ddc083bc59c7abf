"""Self-checks of the Spanish 21 brute force (tests/oracles/brute_spanish21.py): a fast subset
of its own self-test (``python -m tests.oracles.brute_spanish21`` runs the whole of it).

No comparison with bjcalc here: hand-computed cases, re-computations by independent routes
(plain enumerations without memo, explicit split hand lists), the exact reduction to ordinary
blackjack checked against the brute_force oracle, and orderings that are theorems for the
optimal unsplit play.  Runs in a few seconds.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from oracles import brute_spanish21 as s21
from oracles.brute_spanish21 import INFINITE, S21Rules, make_shoe


@pytest.fixture(autouse=True, scope="module")
def _fresh_caches():
    s21.clear_caches()
    yield
    s21.clear_caches()


def test_hand_checked_cases():
    """21 always wins, rescue, redoubling, the bonuses, dealer naturals, a whole 6-card
    no-split game (7/30; 2/15 without surrender and for ordinary blackjack), splits with
    forced resplits (6/5, 12/5), EmptyShoeError."""
    s21._check_hand_cases()


def test_dealer_distribution_matches_plain_enumeration():
    s21._check_dealer()


def test_split_memoised_equals_literal():
    """2 and 3 hands, redoubling, S17, no bonus on split hands, no rescue, 3-deck 7-7-7."""
    s21._check_literal_splits(cases=(("C", s21.SHOE_C, (1, 2, 3)),))


def test_nosplit_game_equals_plain_recursion():
    s21._check_literal_game(cases=(("F", s21.SHOE_F, (0, 1, 3)),))


def test_reduces_to_ordinary_blackjack_of_brute_force():
    assert s21._check_brute_force(shoes=(("TINY", s21.TINY), ("C", s21.SHOE_C)))


def test_more_options_never_lower_the_one_hand_ev():
    s21._check_monotone(shoes=(("C", s21.SHOE_C), ("D", s21.SHOE_D)), hands=(1,))


def test_round_game_and_action_values_consistent():
    s21._check_consistency(shoes=(s21.SHOE_C,))


def test_spanish_deck_and_bonus_constants():
    assert s21.spanish_decks(1) == (4,) * 9 + (12,)
    assert sum(s21.spanish_decks(6)) == 288
    assert s21.suited_777_probability(6) == Fraction(4 * 20, 2024)
    assert s21.suited_777_probability(INFINITE) == Fraction(1, 16)
    assert s21.bonus_21((8, 6, 7), S21Rules()) == Fraction(99, 64)
    d = s21.dealer_dist(6, INFINITE, True)
    assert sum(d.values()) == 1 and "blackjack" not in d
    assert s21.dealer_dist(1, INFINITE, False)["blackjack"] == Fraction(12, 48)
    with pytest.raises(s21.EmptyShoeError):
        s21.game_ev(make_shoe({10: 2, 9: 1}), S21Rules(max_hands=1))
