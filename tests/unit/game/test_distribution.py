"""Issue 12: the distribution of a whole round (``Calculator.outcomes``), by identities.

The whole distribution is checked against an independent brute force in
``tests/oracles/test_brute_pmf.py`` (22 small shoes, splits to 4 hands, every hole-card rule, Burn 20,
No Bust).  Here, on real shoes: the pmf sums to 1 (exactly, in exact mode) and its mean is the
game's EV, for every post-split strategy, TD play, the new rules of issue 14, the infinite deck
and the presets' rules on one deck; insurance moves the mean by exactly the insurance EV; float
and exact agree; what is refused is refused in one line.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.core.errors import StrategyError
from bjcalc.game import variants
from bjcalc.game.distribution import MAX_STATES

ONE_SPLIT = dict(decks=1, max_split_hands=2)


def _check_identities(calc: Calculator, strategy: str = "CD") -> None:
    outcomes = calc.outcomes(strategy)
    pmf = outcomes.pmf
    assert (pmf > 0).all() and list(pmf.index) == sorted(pmf.index)
    if calc.exact:
        assert sum(pmf) == 1
        assert outcomes.ev == calc.game(strategy).ev
        assert outcomes.p_win + outcomes.p_push + outcomes.p_loss == 1
    else:
        assert abs(pmf.sum() - 1) < 1e-12
        assert abs(outcomes.ev - calc.game(strategy).ev) < 1e-12
    assert outcomes.average_bet >= 1
    assert outcomes.element_of_risk == -outcomes.ev / outcomes.average_bet


@pytest.mark.parametrize("split", ["CDZ-", "CDP1", "CDP"])
def test_mean_is_the_game_ev_for_every_post_split_strategy(split):
    _check_identities(Calculator(Rules(**ONE_SPLIT), split_strategy=split))


@pytest.mark.parametrize("rules", [
    dict(ONE_SPLIT, hole_card="enhc", surrender="early", blackjack_pays="6:5"),
    dict(ONE_SPLIT, hole_card="enhc_obo", dealer_hits_soft_17=True, double_after_split=False),
    dict(ONE_SPLIT, double_after_hit=True, surrender="any_time"),
    dict(ONE_SPLIT, hit_split_aces=True, double_split_aces=True, max_hand_cards=5),
], ids=["enhc-early-6:5", "obo-h17-nodas", "issue14-rules", "split-aces-5-cards"])
def test_mean_is_the_game_ev_across_rules(rules):
    _check_identities(Calculator(Rules(**rules)))


@pytest.mark.parametrize("preset", sorted(variants.PRESETS))
def test_mean_is_the_game_ev_for_every_preset_on_one_deck(preset):
    """Every preset's own procedure (Burn 20's dealer, No Bust's bust pushes, ...) on one
    deck split once (their 6-deck resplits are refused: see the size test)."""
    rules = variants.PRESETS[preset]().replace(decks=1, max_split_hands=2)
    _check_identities(Calculator(rules))


def test_td_play():
    _check_identities(Calculator(Rules(**ONE_SPLIT)), "TD")


def test_infinite_deck():
    _check_identities(Calculator(Rules(max_split_hands=2), shoe=Shoe.infinite()))


@pytest.mark.parametrize("split", ["CDZ-", "CDP"])
def test_infinite_deck_resplits_to_four_hands(split):
    """No card is ever short on the infinite deck, so a hand's finishes merge by class and
    resplits to four hands (aces too) stay small: not refused."""
    _check_identities(Calculator(Rules(max_split_hands=4, resplit_aces=True), shoe=Shoe.infinite(),
                                 split_strategy=split))


def test_infinite_deck_resplits_exactly():
    _check_identities(Calculator(Rules(max_split_hands=3, max_hand_cards=3), shoe=Shoe.infinite(), exact=True))


NO_THREES = Shoe.from_counts({"A": 2, "2": 2, "4": 2, "5": 2, "6": 2, "7": 2, "8": 2, "9": 2, "T": 8})


@functools.cache
def _exact_no_threes() -> Calculator:
    """The exact calculator of NO_THREES split once, shared by the tests that only read its round's
    distribution (the values it keeps make a second one cheaper: its figures do not depend on
    what the calculator valued before)."""
    return Calculator(Rules(decks=1, max_split_hands=2), shoe=NO_THREES, exact=True)


def test_exact_mode_sums_to_exactly_one_and_floats_agree():
    exact = _exact_no_threes()
    _check_identities(exact)
    floats = Calculator(exact.rules, shoe=NO_THREES).outcomes().pmf
    rationals = exact.outcomes().pmf
    assert list(floats.index) == [float(net) for net in rationals.index]
    assert max(abs(float(p) - q) for p, q in zip(rationals, floats)) < 1e-12
    assert all(isinstance(p, Fraction) for p in rationals)


def test_insurance_moves_the_mean_by_its_ev():
    """Taking insurance always adds, for each deal against an ace, exactly its insurance EV (on
    half a deck, whose ten-rich share makes insurance pay for some hands: optimal differs from
    both never and always)."""
    rules = Rules(decks=1, max_split_hands=1)
    half = Shoe.from_counts({"A": 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, "T": 8})
    calc = Calculator(rules, half, exact=True)
    never, always = calc.outcomes(insurance="never"), calc.outcomes(insurance="always")
    optimal = calc.outcomes(insurance="optimal")
    deals = calc.round.deals()[1]
    label = {1: "A", 10: "T"}
    gain = sum((Fraction(p) * Fraction(str(calc.insurance(",".join(label.get(c, str(c)) for c in hand), "A")))
                for (hand, _), p in deals.items()), Fraction(0))
    assert always.ev - never.ev == gain
    assert optimal.ev > never.ev and optimal.ev > always.ev
    assert always.average_bet - never.average_bet == sum(deals.values()) / 2


def test_six_decks_one_split_neighbourhood():
    """6 decks, S17, DAS, split once: SD about 1.15 (Wizard of Odds' simulations give 1.15 with
    resplits; ours splits once, see the README)."""
    outcomes = Calculator(Rules(decks=6, max_split_hands=2)).outcomes()
    assert 1.13 < outcomes.sd < 1.17
    assert 0.42 < outcomes.p_win < 0.44 and 0.08 < outcomes.p_push < 0.09
    assert math.isclose(outcomes.variance, outcomes.sd ** 2)


def test_refusals_are_one_line():
    with pytest.raises(StrategyError, match="per hand"):
        Calculator(Rules(**ONE_SPLIT), split_strategy="optimal").outcomes()
    with pytest.raises(StrategyError, match="insurance must be"):
        Calculator(Rules(**ONE_SPLIT)).outcomes(insurance="sometimes")
    with pytest.raises(StrategyError, match=r"too large.*limit 4,000,000.*max_split_hands=2") as refused:
        Calculator(Rules(decks=6, max_split_hands=4)).outcomes(require_pmf=True)
    assert "\n" not in str(refused.value) and MAX_STATES == 4_000_000


def test_compiled_merge_gives_the_numpy_sums_to_the_bit(monkeypatch):
    """The C merge of states (product, card check, merge; the two-hand square) sums the same
    weights in the same order as the numpy and pandas path: the pmfs are equal to the last bit.
    (Split once on half a deck: the order of the sums does not depend on the shoe's size, and it
    merges about as many states as a whole deck, 590 products and 53 squares to 680 and 56.)"""
    from bjcalc.engine import _kernels

    if not _kernels.merge_available():
        pytest.skip("the compiled kernel is not built here (python setup.py build_ext --inplace builds it)")
    small = Shoe.from_counts({"A": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 2, "7": 2, "8": 3, "9": 2, "T": 6})
    half = Shoe.from_counts({"A": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 2, "7": 2, "8": 2, "9": 2, "T": 8})
    for rules, shoe in ((Rules(decks=1, max_split_hands=2), half), (Rules(decks=1, max_split_hands=4), small)):
        compiled = Calculator(rules, shoe=shoe).outcomes().pmf
        monkeypatch.setattr(_kernels, "_MERGE", None)
        monkeypatch.setattr(_kernels, "_SQUARE", None)
        plain = Calculator(rules, shoe=shoe).outcomes().pmf
        monkeypatch.undo()
        assert list(compiled.index) == list(plain.index)
        assert compiled.tolist() == plain.tolist()


def test_csv_holds_the_pmf_and_its_assumptions():
    import io

    import pandas as pd

    outcomes = _exact_no_threes().outcomes()
    text = outcomes.to_csv()
    assert "# rules: custom shoe" in text and "post-split strategy: CDZ-" in text and "SD " in text
    table = pd.read_csv(io.StringIO(text), comment="#", dtype=str)
    assert [Fraction(p) for p in table["probability"]] == list(outcomes.pmf)
    assert Fraction(table["cumulative"].iloc[-1]) == 1
    assert [Fraction(net) for net in table["net"].str.lstrip("+")] == list(outcomes.pmf.index)
