"""Self-checks of the Spanish 21 brute force (tests/oracles/brute_spanish21.py): a fast subset
of its own self-test (``python -m tests.oracles.brute_spanish21`` runs the whole of it).

No comparison with bjcalc here: hand-computed cases, re-computations by independent routes
(plain enumerations without memo, explicit split hand lists), the exact reduction to ordinary
blackjack checked against the brute_force oracle, and orderings that are theorems for the
optimal unsplit play.  Runs in under twenty seconds on one core.
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


# --------------------------------------------------------------------- Player's Edge 21 options

def test_face_pair_chance_formula():
    """c(D) = (D - 1) / (12 D - 1): 0 at D = 1, 5/71 at D = 6, 7/95 at D = 8, 1/12 infinite;
    == 12 C(D, 2) / C(12 D, 2); == an explicit count over labelled J Q K x 4 suits x D cards."""
    s21._check_face_pair_chance()
    assert s21.face_pair_probability(6) == Fraction(5, 71)
    assert s21.face_pair_probability(8) == Fraction(7, 95)
    assert s21.face_pair_probability(1) == 0


def test_face_pairs_win_hand_checked_and_identity():
    """TINY game 7/30 + c/3 (547/2130 at 6 decks), T,T round values (also against a sure dealer
    natural: 2c - 1), split T,T unchanged, decks=1 == no option, and
    game_ev(on) - game_ev(off) == sum_u P(T, T, u) c (1 - v(T,T v u)) by an independent route
    (1, 2 and 3 hands, 6 / 8 / infinite decks, redoubling, S17, no surrender)."""
    s21._check_face_pairs()
    R = S21Rules(decks=6, max_hands=1, face_pairs_win=True)
    assert s21.game_ev(s21.TINY, R) == Fraction(547, 2130)
    assert s21.game_ev(s21.TINY, S21Rules(decks=1, max_hands=1, face_pairs_win=True)) == Fraction(7, 30)


def test_face_pairs_win_nosplit_game_equals_plain_recursion():
    """6 decks, redoubling, face_pairs_win: game_ev == the plain recursion (its own c)."""
    s21._check_literal_game(cases=(("F", s21.SHOE_F, (5,)),))


def test_bonus_cards_on_split_hand_checked_and_never_raises():
    """No 5/6/7-card bonus on split hands, 6-7-8 / 7-7-7 still paid; 3,3 v T from {3:15, T}:
    split 6 -> 2; no change with max_hands=1; lower EV (2 hands, with and without
    redoubling) on SHOE_E, where a split hand ends as a 5-card 21."""
    s21._check_bonus_cards_on_split(shoes=(("E", s21.SHOE_E, True, (2,)),), doubles=(1, 3))
    threes = make_shoe({3: 15, 10: 1})
    r = S21Rules(decks=1, max_hands=2)
    assert s21.split_value(3, 10, threes, r) == 6
    assert s21.split_value(3, 10, threes, S21Rules(decks=1, max_hands=2, bonus_cards_on_split=False)) == 2


def test_bonus_cards_on_split_memoised_equals_literal():
    """split_value == split_literal with bonus_cards_on_split=False (3 hands, redoubling)."""
    s21._check_literal_splits(cases=(("C", s21.SHOE_C, (5,)),))


# --------------------------------------------------------------------- Super Bonus

def test_super_bonus_chance_doctests():
    """The doctests of suited_777_probability, super_777_probability, super_777_pay (exact
    values at 1, 3, 4, 6, 8 decks and infinite)."""
    import doctest
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    names = {"suited_777_probability", "super_777_probability", "super_777_pay"}
    tests = [t for t in finder.find(s21) if t.name.rsplit(".", 1)[-1] in names]
    assert {t.name.rsplit(".", 1)[-1] for t in tests if t.examples} == names
    for t in tests:
        runner.run(t)
    assert runner.failures == 0 and runner.tries >= 12


def test_super_bonus_chances_by_literal_count():
    """P3 = 4 C(D,3) / C(4D,3), P4 = 4 C(D,4) / C(4D,4) (6 decks 10/253, 10/1771; 8 decks
    7/155, 7/899; 1 deck 0; infinite 1/16, 1/64) == the sequential route == a literal count
    over every ordered choice of 4 distinct labelled sevens (player, player, up, player) of
    D = 1..4 decks; spades 1/4 when the three are suited and the up 7 is not; the pay at S = 200
    == the mean literal payoff of the assignments."""
    s21._check_super_chances(enumerate_decks=(1, 2, 3, 4))
    F = Fraction
    for d in (2, 3, 4):
        c = s21._super_777_count(d)
        assert c["P3"] == s21.suited_777_probability(d) and c["P4"] == s21.super_777_probability(d)
    assert s21._super_777_count(4)["P4"] == F(1, 455) and s21._super_777_count(3)["P3"] == F(1, 55)
    assert s21.super_777_pay(6, 200) == F(1339, 506) and s21.super_777_pay(6, 200, any_seven=True) == F(4729, 506)


def test_super_bonus_hand_checked_and_identity():
    """(7,7) v 7 values (hit 109/506 same suit, 1239/506 any seven), split hands not paid it
    (but their CDZ- reference is: split 4 -> 774/253 on {7: 9}), decks 1-3 / 1-2 unchanged,
    only the deals 7,7 v 7 change, and game_ev(on) - game_ev(off) == sum over 7,7 v 7 deals
    of P(deal) (v_on - v_off) by an independent route (1, 2 and 3 hands; 6 / 8 / infinite
    decks; redoubling; S17; no bonus on split hands)."""
    s21._check_super_bonus()


def test_super_bonus_memoised_equals_literal():
    """split_value == split_literal and game_ev (one hand) == the plain recursion, with the
    Super Bonus (both readings) on shoe G (five 7s)."""
    s21._check_literal_splits(cases=(("G", s21.SHOE_G, (6, 7)),))
    s21._check_literal_game(cases=(("G", s21.SHOE_G, (6, 7)),))


def test_super_bonus_example_game():
    """The example figures (shoe H, 18 cards, five 7s; decks=6, max_hands=2, H17): exact EVs
    for S = 0 and 200 (same suit); 200 (any seven) through the one deal that changes, 7,7 v 7
    (P = 5/408).  (The full self-test computes all three by game_ev and checks their
    differences against _super_bonus_gain.)"""
    off, on = s21._super_example_rules(0), s21._super_example_rules(200)
    assert s21.game_ev(s21.SHOE_H, off) == s21.SUPER_EXAMPLE[(0, False)]
    assert s21.game_ev(s21.SHOE_H, on) == s21.SUPER_EXAMPLE[(200, False)]
    # any seven (its whole game_ev is in the full self-test): only the deal 7,7 v 7 changes
    anyr = s21._super_example_rules(200, any_seven=True)
    p = Fraction(5 * 4 * 3, 18 * 17 * 16)
    delta = (s21.round_ev((7, 7), 7, s21.SHOE_H, anyr, conditioned=False)
             - s21.round_ev((7, 7), 7, s21.SHOE_H, off, conditioned=False))
    assert s21.SUPER_EXAMPLE[(0, False)] + p * delta == s21.SUPER_EXAMPLE[(200, True)]
