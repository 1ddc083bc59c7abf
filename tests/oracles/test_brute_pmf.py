"""Issue 12: the distribution of one whole round, by an independent brute force.

``oracles.brute_pmf`` enumerates explicit card sequences from small shoes (the hole card a
real card from the shoe, the whole round with every split hand, one dealer hand for all) and
plays them with CD expectimax and CDZ- split hands.  It was written from GAMES.md, the README's
*Definitions* and the issue, without reading the engine.  Here:

* tiny shoes whose distributions are worked out by hand below check the oracle itself (the
  peek's information, ENHC lose-all against original-bets-only, early against late surrender);
* on 11-12 card shoes, its distribution sums to exactly 1 and its mean equals bjcalc's exact
  game EV (``Calculator(..., split_strategy="CDZ-", exact=True).game().ev``), as rationals,
  for peek / ENHC / ENHC OBO, S17 / H17, DAS / no DAS, resplits to 3 and 4 hands (aces too),
  hitting and doubling split aces, late and early surrender, 6:5, restricted doubling, Burn 20
  and No Bust 21st Century;
* each of those cases is checked not to be vacuous: switching its rule off changes bjcalc's EV
  (so the rule's lines of play really are reached on that shoe);
* a second route through the oracle, explicit concrete card sequences played with the strategy
  it found (``replay_pmf``), gives the same whole distribution, not only its mean.

These tests FAIL (not skip) when bjcalc cannot be imported.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Dict

import pytest

from bjcalc import Calculator, Rules, Shoe
from oracles.brute_pmf import (
    OracleRules,
    ShoeExhausted,
    pmf_mean,
    pmf_variance,
    replay_pmf,
    round_pmf,
)

F = Fraction

# --------------------------------------------------------------------------- hand-worked shoes

# Shoe A,T,T,T (4 cards: the deal uses them all).  The ace is player card 1 or 2 with
# probability 1/2: a natural against T,T, paid.  Otherwise it is the up card or the hole card
# (1/4 each): a dealer blackjack, seen by the peek: -1, or -1/2 after an early surrender
# (the player, holding T,T against an ace, or against a ten with the ace among the two unseen
# cards, would face a blackjack with probability 1 or 1/2, and no card is left to draw).
TINY_4 = {"A": 1, "T": 3}

# Shoe A,T,T,T,T (5 cards), no split, no hitting 21.  Ace to the player (2/5): natural, +3/2.
# Ace up (1/5): hole T, a dealer blackjack.  Ace in the hole (1/5) or the ace the 5th card
# (1/5): the player sees T,T against a ten either way.
#   peek: ace in the hole is seen at once (-1); otherwise the peek tells him the hole is a ten,
#         so the next card is the ace: he doubles, 21 against 20, +2.
#   ENHC lose-all: he cannot tell those two worlds apart (1/2 each).  Stand -1/2 (BJ -1, 20 v 20
#         push); hit 0 (T: bust, and the BJ anyway, -1; A: 21 v 20, +1); double 0 (-2, +2):
#         hit and double tie, hit comes first: -1 and +1.  Ace up: nothing helps, -1.
#   ENHC OBO: a dealer blackjack takes the original bet only, so double is worth 1/2: -1, +2
#         (the same as peek).
#   early surrender (peek): against the ace up the blackjack is certain: -1/2; against a ten
#         continuing is worth 1/2 > -1/2.  With ENHC: continuing is worth 0, so the same.
TINY_5 = {"A": 1, "T": 4}

HAND_WORKED = [
    ("4 cards peek", TINY_4, dict(), {F(3, 2): F(1, 2), F(-1): F(1, 2)}),
    ("4 cards 6:5", TINY_4, dict(blackjack_pays="6:5"), {F(6, 5): F(1, 2), F(-1): F(1, 2)}),
    ("4 cards late", TINY_4, dict(surrender="late"), {F(3, 2): F(1, 2), F(-1): F(1, 2)}),
    ("4 cards early", TINY_4, dict(surrender="early"), {F(3, 2): F(1, 2), F(-1, 2): F(1, 2)}),
    ("5 cards peek", TINY_5, dict(), {F(3, 2): F(2, 5), F(-1): F(2, 5), F(2): F(1, 5)}),
    ("5 cards enhc", TINY_5, dict(hole_card="enhc"),
     {F(3, 2): F(2, 5), F(-1): F(2, 5), F(1): F(1, 5)}),
    ("5 cards obo", TINY_5, dict(hole_card="enhc_obo"),
     {F(3, 2): F(2, 5), F(-1): F(2, 5), F(2): F(1, 5)}),
    ("5 cards early", TINY_5, dict(surrender="early"),
     {F(3, 2): F(2, 5), F(-1, 2): F(1, 5), F(-1): F(1, 5), F(2): F(1, 5)}),
    ("5 cards enhc early", TINY_5, dict(hole_card="enhc", surrender="early"),
     {F(3, 2): F(2, 5), F(-1, 2): F(1, 5), F(-1): F(1, 5), F(1): F(1, 5)}),
    ("5 cards enhc late", TINY_5, dict(hole_card="enhc", surrender="late"),
     {F(3, 2): F(2, 5), F(-1): F(2, 5), F(1): F(1, 5)}),
    # six tens: 20 v 20 whatever happens; split T,T (two more 20s) only ties standing, and
    # stand comes first; hitting or doubling busts.
    ("six tens", {"T": 6}, dict(max_split_hands=2), {F(0): F(1)}),
]


@pytest.mark.parametrize("shoe, rules, expected", [c[1:] for c in HAND_WORKED],
                         ids=[c[0] for c in HAND_WORKED])
def test_hand_worked_distributions(shoe, rules, expected):
    """The oracle reproduces distributions worked out by hand (see the comments above)."""
    base = dict(max_split_hands=1, hit_21=False) if shoe is TINY_5 else {}
    pmf = round_pmf(OracleRules(**{**base, **rules}), shoe)
    assert pmf == expected
    assert replay_pmf(OracleRules(**{**base, **rules}), shoe) == expected


def test_variance_and_mean_helpers():
    pmf = round_pmf(OracleRules(), TINY_4)
    assert pmf_mean(pmf) == F(1, 4)
    assert pmf_variance(pmf) == F(25, 16)  # (5/4)^2 either way


def test_a_shoe_too_small_is_refused_not_guessed():
    # T,T v T with one card left: hitting the hard 20 reaches 21 (the ace) and may hit again.
    with pytest.raises(ShoeExhausted):
        round_pmf(OracleRules(max_split_hands=1), TINY_5)


def test_rules_read_from_bjcalc_rules():
    """``round_pmf`` takes a ``bjcalc.Rules`` as well (its ``decks`` is ignored)."""
    rules = Rules(decks=1, hole_card="enhc", max_split_hands=1, hit_21=False)
    assert round_pmf(rules, TINY_5) == {F(3, 2): F(2, 5), F(-1): F(2, 5), F(1): F(1, 5)}


# --------------------------------------------------------------------------- against bjcalc

S1 = {"A": 1, "2": 2, "4": 1, "6": 1, "7": 1, "9": 1, "T": 4}
S2 = {"A": 2, "6": 2, "7": 3, "8": 1, "T": 3}
R3 = {"A": 1, "2": 1, "5": 1, "7": 2, "8": 2, "9": 1, "T": 3}
R3_NINES = {"5": 1, "6": 1, "7": 1, "8": 2, "9": 4, "T": 3}
R4_NINES = {"A": 1, "6": 1, "7": 1, "8": 1, "9": 4, "T": 4}
R4_TENS = {"3": 1, "5": 2, "7": 1, "8": 2, "9": 2, "T": 4}
ACES_A = {"A": 3, "6": 1, "7": 2, "8": 2, "9": 1, "T": 3}
ACES_B = {"A": 3, "5": 1, "7": 1, "8": 1, "9": 2, "T": 4}
BURN_A = "TS KH AS 9C 9D 7C 7D 8C 5C 6C 5D 8D"  # a hole AS burns under TS, is a BJ under KH
BURN_B = "TS JS AS 9C 7C 9D 6C 7D 8C 8D 6D"  # every ace shares the tens' suit

NO_BUST = dict(dealer_hits_soft_17=True, surrender="late", bust_push="three_card_23_25",
               must_hit_below=12, hit_21=False)
BURN = dict(burn_20=True, dealer_22_pushes=True, hole_card="enhc", double_on="9-11")

# (id, shoe, rules, the same rules with the feature under test switched off)
CASES = [
    ("peek", S1, dict(max_split_hands=2), None),
    ("enhc", S1, dict(max_split_hands=2, hole_card="enhc"), dict(hole_card="peek")),
    ("enhc_obo late resplit3", R3, dict(max_split_hands=3, hole_card="enhc_obo", surrender="late"),
     dict(hole_card="enhc")),
    ("late surrender", S1, dict(max_split_hands=2, surrender="late"), dict(surrender="none")),
    ("early surrender", S1, dict(max_split_hands=2, surrender="early"), dict(surrender="late")),
    ("enhc early surrender", S1, dict(max_split_hands=2, hole_card="enhc", surrender="early"),
     dict(surrender="late")),
    ("6:5", S1, dict(max_split_hands=2, blackjack_pays="6:5"), dict(blackjack_pays="3:2")),
    ("no DAS", S1, dict(max_split_hands=2, double_after_split=False),
     dict(double_after_split=True)),
    ("H17", S2, dict(max_split_hands=2, dealer_hits_soft_17=True), dict(dealer_hits_soft_17=False)),
    ("double 10-11 hard", ACES_B, dict(max_split_hands=2, double_on="10-11"),
     dict(double_on="any")),
    ("resplit to 3", R3_NINES, dict(max_split_hands=3), dict(max_split_hands=2)),
    ("resplit to 4", R4_NINES, dict(max_split_hands=4), dict(max_split_hands=3)),
    ("resplit tens to 4 enhc no DAS", R4_TENS,
     dict(max_split_hands=4, hole_card="enhc", double_after_split=False), dict(max_split_hands=3)),
    ("resplit aces", ACES_A, dict(max_split_hands=3, resplit_aces=True), dict(resplit_aces=False)),
    ("hit split aces", ACES_B, dict(max_split_hands=3, resplit_aces=True, hit_split_aces=True),
     dict(hit_split_aces=False)),
    ("double split aces enhc", ACES_A,
     dict(max_split_hands=4, resplit_aces=True, double_split_aces=True, hole_card="enhc"),
     dict(double_split_aces=False)),
    ("no bust 23-25", R3, dict(NO_BUST, max_split_hands=2), dict(bust_push="none")),
    ("no bust lower 6:5", S1, dict(NO_BUST, max_split_hands=2, bust_push="three_card_lower",
                                   blackjack_pays="6:5"), dict(bust_push="none")),
    ("burn 20 enhc", BURN_A, dict(BURN, max_split_hands=2), dict(burn_20=False)),
    ("burn 20 obo", BURN_A, dict(BURN, max_split_hands=2, hole_card="enhc_obo", double_on="any"),
     dict(burn_20=False)),
    ("burn 20 peek H17", BURN_B, dict(BURN, max_split_hands=2, hole_card="peek",
                                      dealer_hits_soft_17=True, double_on="any"),
     dict(burn_20=False)),
    ("dealer 22 pushes", S1, dict(max_split_hands=2, dealer_22_pushes=True),
     dict(dealer_22_pushes=False)),
]
IDS = [c[0] for c in CASES]
BY_ID = {c[0]: c[1:] for c in CASES}


def _shoe(shoe) -> Shoe:
    return Shoe.from_cards(shoe) if isinstance(shoe, str) else Shoe.from_counts(shoe)


def _oracle_shoe(shoe):
    return shoe.split() if isinstance(shoe, str) else shoe


@functools.lru_cache(maxsize=None)
def _oracle(case_id: str) -> Dict[Fraction, Fraction]:
    shoe, rules, _ = BY_ID[case_id]
    return round_pmf(OracleRules(**rules), _oracle_shoe(shoe))


def _bjcalc_ev(shoe, rules) -> Fraction:
    calc = Calculator(Rules(decks=1, **rules), shoe=_shoe(shoe), split_strategy="CDZ-", exact=True)
    return Fraction(str(calc.game().ev))


@functools.lru_cache(maxsize=None)
def _case_ev(case_id: str) -> Fraction:
    """bjcalc's exact game EV of a case under its own rules, computed once for the two tests that
    read it (the oracle's mean, and the same rules with the rule under test switched off)."""
    shoe, rules, _ = BY_ID[case_id]
    return _bjcalc_ev(shoe, rules)


@pytest.mark.parametrize("case_id", IDS)
def test_distribution_sums_to_one_and_mean_is_bjcalc_ev(case_id):
    shoe, rules, _ = BY_ID[case_id]
    pmf = _oracle(case_id)
    assert sum(pmf.values()) == 1
    assert all(p > 0 for p in pmf.values())
    hands = rules.get("max_split_hands", 4)
    assert all(abs(r) <= 2 * hands for r in pmf)  # at most every hand doubled
    assert pmf_mean(pmf) == _case_ev(case_id)


@pytest.mark.parametrize("case_id", [c for c in IDS if BY_ID[c][2] is not None])
def test_case_exercises_its_rule(case_id):
    """Switching the rule under test off changes the EV: the case is not vacuous."""
    shoe, rules, off = BY_ID[case_id]
    assert _case_ev(case_id) != _bjcalc_ev(shoe, {**rules, **off})


@pytest.mark.parametrize("case_id", ["peek", "enhc early surrender", "enhc_obo late resplit3",
                                     "resplit to 4", "double split aces enhc", "no bust 23-25",
                                     "burn 20 peek H17"])
def test_explicit_card_sequences_give_the_same_distribution(case_id):
    """Replaying explicit concrete card sequences (the hole card a concrete card from the
    start) with the oracle's strategy gives the whole distribution again, exactly."""
    shoe, rules, _ = BY_ID[case_id]
    assert replay_pmf(OracleRules(**rules), _oracle_shoe(shoe)) == _oracle(case_id)


def test_enhc_obo_equals_peek():
    """With the original bet only at risk to a dealer blackjack, not knowing the hole card
    costs nothing: the same distribution as peek (an identity of the rules)."""
    shoe, rules, _ = BY_ID["enhc_obo late resplit3"]
    assert rules["hole_card"] == "enhc_obo"
    peek = round_pmf(OracleRules(**{**rules, "hole_card": "peek"}), shoe)
    assert _oracle("enhc_obo late resplit3") == peek


# --------------------------------------------------------------------------- the whole distribution

def _bjcalc_pmf(shoe, rules, **options) -> Dict[Fraction, Fraction]:
    calc = Calculator(Rules(decks=1, **rules), shoe=_shoe(shoe), split_strategy="CDZ-", exact=True)
    pmf = calc.outcomes(**options).pmf
    return {Fraction(net): Fraction(p) for net, p in pmf.items()}


@pytest.mark.parametrize("case_id", IDS)
def test_bjcalc_distribution_is_the_oracles(case_id):
    """``Calculator.outcomes()`` (issue 12) gives the oracle's whole distribution, every net
    result's probability as the same rational: splits to 3 and 4 hands, every hole-card rule,
    surrender, 6:5, Burn 20 and No Bust included."""
    shoe, rules, _ = BY_ID[case_id]
    assert _bjcalc_pmf(shoe, rules) == _oracle(case_id)
