"""Fixed play with index deviations and insurance (``play_on(..., deviations=...)``)
against an independent brute force.

``tests/oracles/brute_deviations.py`` plays every card sequence of a tiny shoe B with the CD
strategy (CDZ- after splits) optimal for shoe A -- brute_fixed's strategy -- with the first
action of chosen unsplit hands replaced (a total play or a pair play, applied only where
shoe A's action is the one it replaces and the rules allow the one it takes), and with
insurance against every ace up card, in exact fractions.  bjcalc's public API must agree
exactly::

    calc = Calculator(Rules(decks=1, ...), Shoe.from_counts(A), split_strategy="CDZ-", exact=True)
    other = Calculator(calc.rules, Shoe.from_counts(B), split_strategy="CDZ-", exact=True)
    play_on(calc, other, deviations=Deviations(plays=(Deviation(...), ...), insure=...)).ev

Every deviation below changes the first action of at least one hand dealt from B (the oracle
tests check it), so each case tells the deviated play from the plain one: stand->hit,
hit->stand, hit->double, stand->split (a ten pair shoe A stands on) and split->stand (an
8,8 shoe A splits), in peek, ENHC and ENHC OBO games, with and without DAS, split to 2 and
3 hands, late and early surrender; insurance alone and with deviations; B = A twice.  A
deviation whose ``replaces`` never matches, or whose ``take`` the rules forbid, must give
the plain fixed play.  Shoes cannot run out of cards in any round (the oracle raises
``ShoeExhausted`` otherwise).

The tests whose names contain "oracle" need only the oracles and ``bjcalc.Rules`` (run
them with ``-k oracle``); the comparisons import the deviation API inside the tests.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Dict, List, Tuple

import pytest

from oracles.brute_deviations import applicable, deviated_play, deviated_play_ev
from oracles.brute_fixed import counts_tuple, fixed_play_ev

# the shoes of tests/oracles/test_brute_fixed.py: one of each value and four tens (13 cards); three
# 8s and two aces (13); pairs of 2s and 8s (11); a pair of 6s (10)
S13 = {"A": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 1, "9": 1, "T": 4}
P13 = {"A": 2, "3": 1, "5": 1, "6": 1, "8": 3, "9": 1, "T": 4}
R11 = {"A": 1, "2": 2, "5": 1, "7": 1, "8": 2, "T": 4}
U10 = {"A": 1, "4": 1, "6": 2, "7": 1, "9": 1, "T": 4}


def _dev(up: int, take: str, replaces: str, **which) -> Dict:
    return dict(up=up, take=take, replaces=replaces, **which)


# (id, rules beyond decks=1, shoe A, cards removed to make shoe B ("" for B = A), deviations,
#  insure, the oracle's EV, the plain fixed-play EV (fixed_play_ev) beside it)
CASES: List[Tuple[str, Dict, Dict[str, int], str, List[Dict], bool, Fraction, Fraction]] = [
    # stand->hit (12 v 4: 3,9 and 5,7) and hit->stand (16 v T: 6,T and 7,9); B = A
    ("S13-peek-2h-DAS-BeqA", dict(max_split_hands=2), S13, "",
     [_dev(4, "hit", "stand", total=12), _dev(10, "stand", "hit", total=16)], False,
     Fraction(366917, 12972960), Fraction(19127, 617760)),
    # stand->split T,T v 5, insured
    ("S13-peek-2h-TTv5-ins", dict(max_split_hands=2), S13, "2",
     [_dev(5, "split", "stand", pair=10)], True,
     Fraction(110261, 2494800), Fraction(5167, 124740)),
    # hit->stand 2,T v T; hit->double soft 13 (A,2) v 2; lose-all, no DAS
    ("R11-enhc-2h-late-noDAS", dict(max_split_hands=2, hole_card="enhc", surrender="late",
                                    double_after_split=False), R11, "8",
     [_dev(10, "stand", "hit", total=12), _dev(2, "double", "hit", total=13, soft=True)], False,
     Fraction(158, 1575), Fraction(359, 3150)),
    # insurance alone, OBO
    ("R11-obo-2h-late-ins", dict(max_split_hands=2, hole_card="enhc_obo", surrender="late"),
     R11, "2", [], True,
     Fraction(10589, 75600), Fraction(9329, 75600)),
    # split->stand 8,8 v 9, insured, OBO, split to 3 hands
    ("P13-obo-3h-early-88v9-ins", dict(max_split_hands=3, hole_card="enhc_obo", surrender="early"),
     P13, "T", [_dev(9, "stand", "split", pair=8)], True,
     Fraction(2383, 23760), Fraction(2017, 17325)),
    # split->stand 8,8 v 3; hit->double hard 8 (3,5) v 9
    ("P13-peek-3h-late-H17", dict(max_split_hands=3, surrender="late", dealer_hits_soft_17=True),
     P13, "A", [_dev(3, "stand", "split", pair=8), _dev(9, "double", "hit", total=8)], False,
     Fraction(79231, 831600), Fraction(40627, 415800)),
    # stand->split T,T v 4
    ("U10-peek-2h-late-H17-TTv4", dict(max_split_hands=2, surrender="late", dealer_hits_soft_17=True),
     U10, "6", [_dev(4, "split", "stand", pair=10)], False,
     Fraction(17, 140), Fraction(887, 7560)),
    # insurance alone, lose-all ENHC; B = A
    ("U10-enhc-2h-DAS-ins-BeqA", dict(max_split_hands=2, hole_card="enhc"), U10, "", [], True,
     Fraction(2369, 18900), Fraction(1027, 9450)),
    # stand->hit soft 17 (A,6) v 3, insured, early surrender (peek), no DAS
    ("P13-peek-2h-early-noDAS-ins", dict(max_split_hands=2, surrender="early",
                                         double_after_split=False), P13, "A,8",
     [_dev(3, "hit", "stand", total=17, soft=True)], True,
     Fraction(4847, 41580), Fraction(149, 1386)),
    # against an ace in lose-all ENHC: hit->double 11 (3,8 and 5,6), stand->split 8,8; insured
    ("P13-enhc-3h-vA-ins", dict(max_split_hands=3, hole_card="enhc"), P13, "8",
     [_dev(1, "double", "hit", total=11), _dev(1, "split", "stand", pair=8)], True,
     Fraction(270097, 2494800), Fraction(12257, 118800)),
]

# deviations that change nothing: shoe A never doubles hard 16 v T here, it stands (6,T and
# 7,9), so a play replacing "double" never matches; and double_on="10-11" forbids doubling it
NO_EFFECT: List[Tuple[str, Dict, Dict[str, int], str, Dict, Fraction]] = [
    ("U10-replaces-never-matches", dict(max_split_hands=2), U10, "T",
     _dev(10, "hit", "double", total=16), Fraction(32, 315)),
    ("U10-take-not-allowed", dict(max_split_hands=2, double_on="10-11"), U10, "T",
     _dev(10, "double", "stand", total=16), Fraction(157, 1890)),
]


def _rules(kw: Dict):
    from bjcalc import Rules
    return Rules(decks=1, **kw)


def _less(counts: Dict[str, int], removal: str) -> Dict[str, int]:
    out = dict(counts)
    for rank in filter(None, removal.split(",")):
        out[rank] -= 1
        assert out[rank] >= 0
    return out


def _exact(value) -> Fraction:
    return Fraction(str(value))


_ORACLE: Dict[tuple, tuple] = {}


def _oracle(rules, shoe_a: Dict[str, int], shoe_b: Dict[str, int], devs: List[Dict], insure: bool):
    """The oracle's (EV, changed hands), computed once per case for the whole module."""
    key = (rules, counts_tuple(shoe_a), counts_tuple(shoe_b),
           tuple(tuple(sorted(d.items())) for d in devs), insure)
    if key not in _ORACLE:
        _ORACLE[key] = deviated_play(rules, shoe_a, shoe_b, devs, insure)
    return _ORACLE[key]


def _insurance_ev(counts: Dict[str, int]) -> Fraction:
    """Closed form of insuring every hand against an ace: the up card and the dealer's
    second card are, by exchangeability, two cards drawn from the full shoe."""
    shoe = counts_tuple(counts)
    n, aces, tens = sum(shoe), shoe[0], shoe[9]
    return Fraction(aces * tens, n * (n - 1)) - Fraction(aces * (n - 1 - tens), 2 * n * (n - 1))


_IDS = [c[0] for c in CASES]
_NO_IDS = [c[0] for c in NO_EFFECT]


# --- the oracle on its own (no deviation API needed) ------------------------------------------

@pytest.mark.parametrize("kw, shoe_a, removal",
                         [c[1:4] for c in CASES] + [c[1:4] for c in NO_EFFECT], ids=_IDS + _NO_IDS)
def test_oracle_reduces_to_fixed_play(kw, shoe_a, removal):
    rules, shoe_b = _rules(kw), _less(shoe_a, removal)
    assert deviated_play_ev(rules, shoe_a, shoe_b, (), False) == fixed_play_ev(rules, shoe_a, shoe_b)


@pytest.mark.parametrize("kw, shoe_a, removal, devs, insure, ev, fixed",
                         [c[1:] for c in CASES], ids=_IDS)
def test_oracle_cases_do_what_they_say(kw, shoe_a, removal, devs, insure, ev, fixed):
    """Each deviation changes a first action of a hand dealt from B, the values are the
    ones listed, and insurance adds exactly its closed form."""
    rules, shoe_b = _rules(kw), _less(shoe_a, removal)
    assert fixed_play_ev(rules, shoe_a, shoe_b) == fixed
    value, changed = _oracle(rules, shoe_a, shoe_b, devs, insure)
    assert value == ev
    for dev in devs:
        hands = [(up, cards, how) for (up, cards), how in changed.items()
                 if applicable(rules, shoe_a, dev, up, cards)]
        assert hands and all(how == (dev["replaces"], dev["take"]) for _, _, how in hands), dev
    if insure:
        assert value - deviated_play_ev(rules, shoe_a, shoe_b, devs, False) == _insurance_ev(shoe_b)
    if devs:
        assert value - (_insurance_ev(shoe_b) if insure else 0) != fixed


@pytest.mark.parametrize("kw, shoe_a, removal, dev, fixed", [c[1:] for c in NO_EFFECT], ids=_NO_IDS)
def test_oracle_unmatched_deviation_changes_nothing(kw, shoe_a, removal, dev, fixed):
    rules, shoe_b = _rules(kw), _less(shoe_a, removal)
    value, changed = _oracle(rules, shoe_a, shoe_b, [dev], False)
    assert not changed
    assert value == fixed == fixed_play_ev(rules, shoe_a, shoe_b)


# --- bjcalc against the oracle -----------------------------------------------------------------

def _calculators(kw: Dict, shoe_a: Dict[str, int], shoe_b: Dict[str, int]):
    from bjcalc import Calculator, Shoe
    calc = Calculator(_rules(kw), Shoe.from_counts(shoe_a), split_strategy="CDZ-", exact=True)
    other = Calculator(calc.rules, Shoe.from_counts(shoe_b), split_strategy="CDZ-", exact=True)
    return calc, other


def _deviations(devs: List[Dict], insure: bool):
    from bjcalc.game.removal import Deviation, Deviations
    return Deviations(plays=tuple(Deviation(**d) for d in devs), insure=insure)


@pytest.mark.parametrize("kw, shoe_a, removal, devs, insure", [c[1:6] for c in CASES], ids=_IDS)
def test_deviated_play_matches_brute_force(kw, shoe_a, removal, devs, insure):
    from bjcalc.game.removal import play_on
    shoe_b = _less(shoe_a, removal)
    calc, other = _calculators(kw, shoe_a, shoe_b)
    result = play_on(calc, other, deviations=_deviations(devs, insure))
    assert _exact(result.ev) == _oracle(calc.rules, shoe_a, shoe_b, devs, insure)[0]


@pytest.mark.parametrize("kw, shoe_a, removal, dev, fixed", [c[1:] for c in NO_EFFECT], ids=_NO_IDS)
def test_unmatched_deviation_gives_plain_fixed_play(kw, shoe_a, removal, dev, fixed):
    from bjcalc.game.removal import play_on
    shoe_b = _less(shoe_a, removal)
    calc, other = _calculators(kw, shoe_a, shoe_b)
    plain = _exact(play_on(calc, other).ev)
    assert plain == fixed_play_ev(calc.rules, shoe_a, shoe_b)
    assert _exact(play_on(calc, other, deviations=_deviations([dev], False)).ev) == plain
    assert _exact(play_on(calc, other, deviations=_deviations([], False)).ev) == plain
