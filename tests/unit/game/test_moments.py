"""Issue 12: the exact mean and variance of a round with resplits (``Calculator.moments``).

The moments track at most two hands at a time and remove the others by exchangeability (see
``bjcalc/game/moments.py``), so they are checked against the whole distribution
(``Calculator.outcomes``, itself checked against an independent brute force in
``tests/oracles/test_brute_pmf.py``): equal as rationals on small shoes where resplits to 3 and 4
hands really happen (the variance differs from the same game's split to two hands), for
CDZ-/CDP/CDP1, TD, insurance, peek/ENHC/OBO, surrender, H17, resplit aces and No Bust; on
real shoes the mean equals the game's EV (checked inside every call) and one deck to three
hands equals the whole distribution computed with its size limit lifted.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.core.errors import ShoeError, StrategyError, TooLargeError
from bjcalc.game import variants
from bjcalc.game.moments import split_structures, tracked_terms

EIGHTS = {"A": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 4, "9": 1, "T": 12}
ACES = {"A": 4, "2": 1, "3": 1, "4": 1, "5": 1, "6": 2, "7": 1, "8": 1, "9": 2, "T": 12}
THREES = {"A": 1, "2": 1, "3": 3, "4": 1, "5": 2, "6": 1, "7": 2, "8": 1, "9": 2, "T": 10}

CASES = {
    "eights-cdz-4": (EIGHTS, dict(max_split_hands=4), "CDZ-", "CD", "never"),
    "aces-cdp-rsa-enhc-insured": (ACES, dict(max_split_hands=4, resplit_aces=True, hole_card="enhc"), "CDP", "CD",
                                  "always"),
    "threes-cdp1-td-obo-h17-late": (THREES, dict(max_split_hands=3, hole_card="enhc_obo", surrender="late",
                                                 dealer_hits_soft_17=True), "CDP1", "TD", "optimal"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_moments_equal_the_whole_distributions_exactly(case):
    counts, rules, split, strategy, insurance = CASES[case]
    shoe = Shoe.from_counts(counts)
    calc = Calculator(Rules(**rules), shoe=shoe, exact=True, split_strategy=split)
    whole, moments = calc.outcomes(strategy, insurance), calc.moments(strategy, insurance)
    assert moments.method == "hand pairs"       # (not the distribution's own moments: not vacuous)
    assert moments.ev == whole.ev
    assert moments.variance == whole.variance
    assert moments.average_bet == whole.average_bet
    assert moments.element_of_risk == whole.element_of_risk
    # not vacuous: the resplits change the spread on this shoe (by 0.03 or more: floats show it)
    two = Rules(**{**rules, "resplit_aces": False}).replace(max_split_hands=2)
    assert abs(Calculator(two, shoe=shoe, split_strategy=split).outcomes(strategy, insurance).variance
               - float(whole.variance)) > 1e-6


def test_no_bust_moments_equal_its_whole_distribution():
    calc = Calculator(variants.no_bust_21st_century(), shoe=Shoe.from_counts(EIGHTS), exact=True)
    whole, moments = calc.outcomes(), calc.moments()
    assert moments.method == "hand pairs"
    assert (moments.ev, moments.variance, moments.average_bet) == (whole.ev, whole.variance, whole.average_bet)


def test_a_shoe_where_a_round_could_run_out_takes_the_whole_distributions_moments():
    """Below the bound on a round's cards (the last cards of a shoe) the pairs' exchangeability
    does not hold, so the moments are the whole distribution's: exact all the same, said so in
    their text, and refused only where the distribution refuses."""
    tiny = {"A": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 4, "9": 1, "T": 6}
    calc = Calculator(Rules(max_split_hands=4), shoe=Shoe.from_counts(tiny), exact=True)
    moments, whole = calc.moments(), calc.outcomes()
    assert moments.method == "distribution"
    assert (moments.ev, moments.variance, moments.average_bet) == (whole.ev, whole.variance, whole.average_bet)
    assert moments.ev == calc.game().ev
    assert "from the whole distribution" in str(moments)
    larger = Calculator(Rules(max_split_hands=4), shoe=Shoe.from_counts(EIGHTS)).moments()
    assert larger.method == "hand pairs" and "from the whole distribution" not in str(larger)
    # refused as the distribution refuses it, without advising these very moments instead
    small_cards = {"A": 4, "2": 4, "3": 4, "4": 4, "5": 3, "6": 3, "7": 2, "8": 2, "9": 2, "T": 2}
    with pytest.raises(TooLargeError, match="moments on a shoe of 30 cards, where a round may take up to 31") \
            as refused:
        Calculator(Rules(max_split_hands=4), shoe=Shoe.from_counts(small_cards)).moments()
    assert "moments()" not in str(refused.value) and "\n" not in str(refused.value)


def test_the_moments_own_check_is_a_bug_not_a_refusal(monkeypatch):
    """A mean that is not the game's EV is a RuntimeError (a bug), never a ShoeError that a
    caller could take for a shoe too small (the simulator turns those into NaN)."""
    import bjcalc.game.moments as moments

    with pytest.raises(RuntimeError, match="do not add up"):
        moments._check_mean(1.0, -0.01, -0.0100001, False)
    moments._check_mean(Fraction(1), Fraction(-1, 100), Fraction(-1, 100), True)
    with pytest.raises(RuntimeError):
        moments._check_mean(Fraction(1), Fraction(-1, 100), Fraction(-1, 101), True)


def test_one_deck_to_three_hands_equals_the_whole_distribution():
    """A real shoe: the whole distribution of 1 deck split to three hands, computed once by the
    other route with its size limit lifted (87 s and 1.4 GB, 2026-12-02, see the README), had
    SD 1.159170243445094; the moments give the same to 1e-12."""
    moments = Calculator(Rules(decks=1, max_split_hands=3)).moments()
    assert math.isclose(moments.sd, 1.159170243445094, rel_tol=0, abs_tol=1e-12)


def test_six_decks_resplitting_to_three_hands():
    """Mean = game EV (checked inside); the SD in the published neighbourhood (about 1.15 with
    resplits), above the same game's split to two hands (1.1465)."""
    moments = Calculator(Rules(decks=6, max_split_hands=3)).moments()
    assert 1.1465 < moments.sd < 1.16
    assert 1.12 < moments.average_bet < 1.14


def test_float_and_exact_agree():
    shoe = Shoe.from_counts(EIGHTS)
    rules = Rules(max_split_hands=4, resplit_aces=True)
    exact, floats = (Calculator(rules, shoe=shoe, exact=x).moments() for x in (True, False))
    assert abs(float(exact.variance) - floats.variance) < 1e-12
    assert abs(float(exact.ev) - floats.ev) < 1e-12 and abs(float(exact.average_bet) - floats.average_bet) < 1e-12


# 36 cards, four aces and four eights (resplits to four hands happen), large enough for the moments by hand pairs
RESPLITS = {"A": 4, "2": 2, "3": 2, "4": 3, "5": 3, "6": 3, "7": 3, "8": 4, "9": 2, "T": 10}


@pytest.mark.parametrize("rules, split", [(Rules(decks=1, max_split_hands=4), "CDP"),
                                          (Rules(decks=1, max_split_hands=3, resplit_aces=True), "CDZ-")])
def test_compiled_settlement_gives_numpys_numbers_to_the_bit(monkeypatch, rules, split):
    """The compiled settlement of the tracked entries (``bjcalc_shifted_mass``) sums what the
    numpy one sums, in the same order.  (On a 36-card shoe: the order of the sums does not
    depend on the shoe's size, and a whole deck took twice as long.)"""
    from bjcalc.engine import _kernels

    if not _kernels.shifted_mass_available():
        pytest.skip("the compiled kernel is not built here (pip install -e . builds it)")
    shoe = Shoe.from_counts(RESPLITS)
    compiled = Calculator(rules, shoe, split_strategy=split).moments()
    assert compiled.method == "hand pairs"
    monkeypatch.setattr(_kernels, "shifted_mass_available", lambda: False)
    plain = Calculator(rules, shoe, split_strategy=split).moments()
    assert (compiled.ev, compiled.second_moment, compiled.average_bet) == (plain.ev, plain.second_moment,
                                                                           plain.average_bet)


@pytest.mark.parametrize("hands", [2, 3, 4])
def test_every_structure_is_counted_once(hands):
    """With no hand tracked, the structures' chances sum to 1 whatever a pair card's chance
    ``p``: the signed polynomial is exactly 1.  Each hand is tracked once in every structure
    it appears in: at ``p = 0`` (no resplit) two hands are tracked once each."""
    terms = tracked_terms(hands)
    assert terms[()][0] == 1 and not any(terms[()][1:])
    assert sum(ways[0] for key, ways in terms.items() if len(key) == 1) == 2
    assert all(len(s) >= 2 and s == tuple(sorted(s)) for s in split_structures(hands))
    assert len(split_structures(4)) == 8


def test_refusals_are_one_line():
    with pytest.raises(ShoeError, match="can run out of cards; use a larger shoe") as refused:
        Calculator(Rules(max_split_hands=4), shoe=Shoe.from_counts({"A": 2, "8": 4, "T": 6})).moments()
    assert "\n" not in str(refused.value)
    with pytest.raises(StrategyError, match="per hand"):
        Calculator(Rules(decks=1, max_split_hands=2), split_strategy="optimal").moments()
    with pytest.raises(StrategyError, match="insurance must be"):
        Calculator(Rules(decks=1)).moments(insurance="sometimes")


def test_edge_sd_takes_the_moments_where_a_real_shoe_resplits(monkeypatch, capsys):
    """``bjcalc edge --sd`` of a game that resplits from a real shoe goes to the moments first
    (its whole distribution is usually refused as too large); on a shoe so small that a round
    could run out the moments are the whole distribution's."""
    from bjcalc.cli import main

    def not_asked(self, *args):
        raise AssertionError("the distribution was not to be computed")

    with monkeypatch.context() as patched:
        patched.setattr(Calculator, "outcomes", not_asked)
        assert main(["edge", "--decks", "1", "--split-hands", "3", "--sd"]) == 0
        assert "SD 1.1592" in capsys.readouterr().out
    tiny = {"A": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 4, "9": 1, "T": 6}
    expected = Calculator(Rules(max_split_hands=4), shoe=Shoe.from_counts(tiny)).outcomes().sd
    assert main(["edge", "--shoe", ",".join(f"{r}:{n}" for r, n in tiny.items()), "--split-hands", "4", "--sd"]) == 0
    assert f"SD {expected:.4f}" in capsys.readouterr().out


def test_committed_pmf_files_state_the_games_own_resplit_moments():
    """Where ``tables/<preset>/pmf.csv`` holds the game split to two hands only, its second line
    gives the game's own exact mean and SD with its resplits (and they are fresh: the standard
    game's is recomputed)."""
    import re

    from paths import ROOT

    tables = ROOT / "tables"
    stated = {}
    for key in variants.PRESETS:
        lines = (tables / key / "pmf.csv").read_text().splitlines()
        if "splits limited to 2 hands" in lines[0]:
            found = re.match(r"# This game itself, resplitting to \d hands .* EV ([-+0-9.]+) %, SD ([0-9.]+),", lines[1])
            assert found, f"tables/{key}/pmf.csv lacks the game's own moments: run 'bjcalc tables --out tables'"
            stated[key] = float(found.group(2))
    assert "standard" in stated and len(stated) >= 4
    assert abs(Calculator(variants.standard()).moments().sd - stated["standard"]) < 1e-4


def test_split_to_two_hands_with_hit_split_aces_is_not_refused():
    """A game the distribution handles (6 decks split once, hitting split aces: one hand's
    finishes squared) is not refused by the moments, which take its whole states there; to
    four hands its tracked products (about 5 million states) are within the moments' limit."""
    calc = Calculator(Rules(decks=6, max_split_hands=2, hit_split_aces=True))
    whole, moments = calc.outcomes(), calc.moments()
    assert abs(whole.variance - moments.variance) < 1e-12 and abs(whole.ev - moments.ev) < 1e-12
