"""The seed games: presets, invariants, speed relative to the standard game."""

import functools
import math
from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules, Shoe, ShoeError, variants

SMALL = Shoe.from_counts({"A": 2, 2: 2, 3: 2, 4: 1, 5: 2, 6: 2, 7: 1, 8: 1, 9: 1, "T": 8})


def _exact(value):
    return Fraction(int(value.p), int(value.q))


@pytest.mark.parametrize("name", sorted(variants.PRESETS))
def test_every_preset_documents_its_rules_and_overrides(name):
    preset = variants.PRESETS[name]
    assert "default" in preset.__doc__.lower() or name == "standard"
    assert preset(decks=2).decks == 2


def test_burn20_without_burn_and_push_is_the_standard_game():
    burn_off = variants.burn20(burn_20=False, dealer_22_pushes=False)
    plain = Rules(**{k: v for k, v in variants.BURN20.items() if k not in ("burn_20", "dealer_22_pushes")})
    assert Calculator(burn_off).game().ev == Calculator(plain).game().ev


def test_burn20_with_every_hole_ace_burned_never_gives_a_dealer_blackjack_under_a_ten():
    from bjcalc.engine.burn20 import Burn20Dealer
    from bjcalc.engine.dealer import DealerEngine
    import numpy as np

    engine = DealerEngine(Shoe.decks(1), Burn20Dealer(False, share=Fraction(1)))
    assert engine.probabilities(10, np.zeros((1, 10), dtype=int))[0, -1] == 0


def test_burn20_needs_suits():
    with pytest.raises(ShoeError, match="suits"):
        Calculator(variants.burn20(), shoe=SMALL).game()


NO_BUST_SHOE = Shoe.from_counts({"A": 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, "T": 10})


@functools.cache
def _no_bust_evs(bust_push):
    """The game EV with ``bust_push`` on the small shoe (exact) and in six decks; the readings
    below share the one without bust pushes."""
    rules = variants.no_bust_21st_century(bust_push=bust_push, max_split_hands=2)
    return (_exact(Calculator(rules, shoe=NO_BUST_SHOE, exact=True).game().ev),
            Calculator(rules.replace(decks=6)).game().ev)


@pytest.mark.parametrize("reading", ["three_card_23_25", "three_card_25_v_26", "three_card_lower"])
def test_the_no_bust_rule_only_raises_the_players_ev(reading):
    (exact, six), (exact_none, six_none) = _no_bust_evs(reading), _no_bust_evs("none")
    assert exact >= exact_none
    assert six > six_none


def test_no_bust_player_must_hit_eleven_and_may_not_hit_21():
    calc = Calculator(variants.no_bust_21st_century(decks=1))
    assert "stand" not in calc.hand("6,5", "T") and "double" in calc.hand("6,5", "T")
    assert "hit" not in calc.hand("5,6,T", "6")
    assert "hit" in calc.hand("T,6", "T") and "stand" in calc.hand("T,6", "T")


def test_no_bust_three_card_bust_is_worth_more_than_minus_one():
    rules = variants.no_bust_21st_century(decks=1, max_split_hands=2)
    # Doubling 7,6 can only end on 14-23; a three-card 23 pushes a dealer 24-26.
    with_push = Calculator(rules).hand("7,6", "6")["double"]
    without = Calculator(rules.replace(bust_push="none")).hand("7,6", "6")["double"]
    assert with_push > without


def test_eleven_card_limit_changes_nothing_measurable_in_six_decks_but_binds_in_a_small_shoe():
    six = variants.classic_single_deck(decks=6)
    difference = Calculator(six).game().ev - Calculator(six.replace(max_hand_cards=None)).game().ev
    assert abs(difference) < 1e-12
    # Eight aces and eight deuces: five-card hands under 21 are common, so a 5-card limit binds.
    shoe = Shoe.from_counts({"A": 8, 2: 8, 3: 2, "T": 10})
    limited = variants.classic_single_deck(max_hand_cards=5)
    a = Calculator(limited, shoe=shoe, exact=True).game().ev
    b = Calculator(limited.replace(max_hand_cards=None), shoe=shoe, exact=True).game().ev
    assert a != b and a < b


@pytest.mark.parametrize("name", ["burn20", "no_bust_21st_century", "classic_single_deck"])
def test_preset_games_run_in_float_and_exact_alike_on_a_small_shoe(name):
    rules = variants.PRESETS[name](max_split_hands=2, decks=1)
    shoe = Shoe.decks(1)
    if name != "classic_single_deck":
        rules = rules.replace(resplit_aces=False)
    floating = Calculator(rules, shoe=shoe).game()
    assert math.isfinite(floating.ev)
    assert rules.describe() in " ".join(str(floating).split())     # (the text wraps at 80 columns)
