"""Fixed CD play on a depleted shoe (``Calculator.play_on``) against an independent brute force.

``tests/oracles/brute_fixed.py`` finds the CD strategy (CDZ- after splits) optimal for a
tiny shoe A by expectimax over every information state, then enumerates every card
sequence of a shoe B (A less one or two cards) played with those decisions, in exact
fractions.  bjcalc's public API must agree exactly:

* ``Calculator(rules, A, split_strategy="CDZ-", exact=True).play_on(B).ev`` = the oracle;
* with B = A, ``calc.game().ev`` = the oracle's fixed play = the oracle's expectimax EV.

Shoes are chosen so that no round, whatever the play, can run out of cards (the oracle
raises ``ShoeExhausted`` otherwise).  bjcalc itself does not refuse every such shoe: see
the xfail tests at the end.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Dict, List, Tuple

import pytest

from bjcalc import Calculator, Rules, Shoe, ShoeError
from oracles.brute_fixed import fixed_play_ev, optimal_ev

# one of each value, four tens (13 cards); a shoe with three 8s and two aces (13 cards);
# smaller ones with pairs of 2s and 8s (11 cards) and of 6s (10 cards)
S13 = {"A": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 1, "9": 1, "T": 4}
P13 = {"A": 2, "3": 1, "5": 1, "6": 1, "8": 3, "9": 1, "T": 4}
R11 = {"A": 1, "2": 2, "5": 1, "7": 1, "8": 2, "T": 4}
U10 = {"A": 1, "4": 1, "6": 2, "7": 1, "9": 1, "T": 4}

# (id, rules beyond decks=1, shoe A, removals giving the shoes B)
CASES: List[Tuple[str, Dict, Dict[str, int], List[str]]] = [
    ("S13-peek-2h-DAS", dict(max_split_hands=2), S13, ["5", "T", "5,T"]),
    ("S13-enhc-late-noDAS", dict(max_split_hands=2, hole_card="enhc", surrender="late",
                                 double_after_split=False), S13, ["A", "2,T"]),
    ("P13-peek-3h-late-H17", dict(max_split_hands=3, surrender="late", dealer_hits_soft_17=True),
     P13, ["8", "5", "A,3", "T"]),
    ("P13-enhc-3h", dict(max_split_hands=3, hole_card="enhc"), P13, ["T", "8", "A,A", "3,5"]),
    ("P13-obo-3h-early", dict(max_split_hands=3, hole_card="enhc_obo", surrender="early"),
     P13, ["A", "9", "8,A"]),
    ("P13-peek-2h-early-noDAS", dict(max_split_hands=2, surrender="early", double_after_split=False),
     P13, ["6", "T,T", "8,8"]),
    ("P13-peek-3h-RSA-hitSA", dict(max_split_hands=3, resplit_aces=True, hit_split_aces=True),
     P13, ["T", "A", "3,6"]),
    ("R11-obo-2h-late", dict(max_split_hands=2, hole_card="enhc_obo", surrender="late"),
     R11, ["2", "8", "A,5"]),
    ("R11-enhc-2h-early-noDAS", dict(max_split_hands=2, hole_card="enhc", surrender="early",
                                     double_after_split=False), R11, ["T", "2,7"]),
    ("U10-peek-2h-late-H17", dict(max_split_hands=2, surrender="late", dealer_hits_soft_17=True),
     U10, ["6", "T", "4,9"]),
    ("U10-enhc-2h-DAS", dict(max_split_hands=2, hole_card="enhc"), U10, ["A", "6,T"]),
]


def _less(counts: Dict[str, int], removal: str) -> Dict[str, int]:
    out = dict(counts)
    for rank in removal.split(","):
        out[rank] -= 1
        assert out[rank] >= 0
    return out


def _exact(value) -> Fraction:
    return Fraction(str(value))


@pytest.mark.parametrize("kw, shoe_a, removals", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_fixed_play_matches_brute_force(kw, shoe_a, removals):
    rules = Rules(decks=1, **kw)
    calc = Calculator(rules, Shoe.from_counts(shoe_a), split_strategy="CDZ-", exact=True)
    # B = A: bjcalc's own optimal CD EV, the oracle's fixed play and its expectimax value
    game = _exact(calc.game().ev)
    assert fixed_play_ev(rules, shoe_a, shoe_a) == game
    assert optimal_ev(rules, shoe_a) == game
    for removal in removals:
        shoe_b = _less(shoe_a, removal)
        ours = _exact(calc.play_on(Shoe.from_counts(shoe_b)).ev)
        assert ours == fixed_play_ev(rules, shoe_a, shoe_b), f"shoe A less {removal}"


def test_fixed_play_is_not_reoptimised_play():
    """The comparison can tell fixed play from the best play of shoe B: here they differ,
    and bjcalc's play_on gives the fixed value, its own game() on B the reoptimised one."""
    rules = Rules(decks=1, max_split_hands=2)
    shoe_b = _less(S13, "5")
    fixed = fixed_play_ev(rules, S13, shoe_b)
    best = optimal_ev(rules, shoe_b)
    assert fixed < best
    calc = Calculator(rules, Shoe.from_counts(S13), split_strategy="CDZ-", exact=True)
    assert _exact(calc.play_on(Shoe.from_counts(shoe_b)).ev) == fixed
    assert _exact(Calculator(rules, Shoe.from_counts(shoe_b), exact=True).game().ev) == best


# --- shoes in which a split round runs out of cards ---------------------------------------
# bjcalc refuses a shoe in which an unsplit round can run out ("the shoe is too small: this
# round can run out of cards"), and one in which a split round can (each used to be valued:
# +2 for the split below, and 43/660 for the fixed play after it).


def test_split_run_out_is_refused():
    """8,9,9,9,9 split to 2 hands: 9,9 v 8 with the hole card a 9 leaves one card for two
    split hands."""
    rules = Rules(decks=1, max_split_hands=2)
    calc = Calculator(rules, Shoe.from_counts({"8": 1, "9": 4}), split_strategy="CDZ-", exact=True)
    with pytest.raises(ShoeError, match="splitting 9,9 v 8 to 2 hands can run out"):
        calc.game()


def test_play_on_split_run_out_is_refused():
    """P13 (A,A,3,5,6,8,8,8,9,T,T,T,T) less T,T, 3 hands: 8,8 v A with an A in the hole, split
    to 3 hands, leaves the dealer's soft 12 with the shoe empty in some branches."""
    rules = Rules(decks=1, max_split_hands=3, resplit_aces=True)
    calc = Calculator(rules, Shoe.from_counts(P13), split_strategy="CDZ-", exact=True)
    with pytest.raises(ShoeError, match="splitting 8,8 v A to 3 hands can run out"):
        calc.play_on(Shoe.from_counts(_less(P13, "T,T")))
