"""Self-checks of the Double Exposure brute force (tests/oracles/brute_double_exposure.py).

No comparison with bjcalc here: only the oracle's own identities, hand-computed cases, and
re-computations by independent routes (literal un-memoised enumerations, the other dealing
order, exact algebraic identities in the payout rules).  Runs in a few seconds.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracles import Fraction
from oracles import brute_double_exposure as de
from oracles.brute_double_exposure import DERules, make_shoe

F = Fraction

# small shoes (the literal no-split game needs ~12 cards to stay fast)
SMALL = {
    "S1": make_shoe({1: 2, 2: 1, 5: 1, 6: 1, 7: 1, 8: 2, 10: 4}),      # 12 cards
    "S2": make_shoe({1: 1, 3: 1, 4: 1, 6: 1, 7: 1, 9: 1, 10: 5}),      # 11
    "S3": make_shoe({1: 2, 4: 2, 7: 1, 8: 2, 10: 5}),                  # 12
}
# split shoes: four cards of the pair value so that 4 hands happen
SP8 = make_shoe({8: 4, 10: 5, 1: 2, 4: 2, 6: 1, 7: 1})     # 15: 8,8
SPA = make_shoe({1: 4, 10: 7, 6: 1, 9: 2, 7: 1, 5: 1})     # 16: A,A
SP3 = make_shoe({3: 4, 10: 6, 2: 1, 1: 2, 4: 1, 9: 1, 5: 1})   # 16: 3,3
# the brief's shoe C (17 cards; no path exhausts it under these rules)
SHOE_C = make_shoe({1: 3, 6: 1, 7: 2, 8: 3, 9: 2, 10: 6})

NO_SPLIT_RULES = [
    DERules(max_split_hands=1),
    DERules(max_split_hands=1, h17=False, double="any", tied_naturals="push", blackjack_pays=F(3, 2)),
    DERules(max_split_hands=1, double="any_hard"),
    DERules(max_split_hands=1, double="10-11", h17=False),
    DERules(max_split_hands=1, double="none"),
]


def dealer_starts(shoe):
    for a in range(1, 11):
        for b in range(a, 11):
            try:
                yield (a, b), de.remove(shoe, a, b)
            except ValueError:
                pass


# ----------------------------------------------------------------------------- dealer

@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("h17", [True, False])
def test_dealer_distribution_sums_to_one_and_matches_literal(name, h17):
    shoe = SMALL[name]
    for cards, rest in dealer_starts(shoe):
        dist = de.dealer_probabilities(rest, cards, h17)
        assert set(dist) == set(de.DEALER_OUTCOMES)
        assert sum(dist.values()) == 1
        assert all(p >= 0 for p in dist.values())
        lit = {o: F(0) for o in de.DEALER_OUTCOMES}
        for p, o in de.dealer_paths_literal(list(cards), rest, h17):
            lit[o] += F(p.numerator, p.denominator)
        assert lit == dist, (cards, rest)


def test_dealer_hand_computed():
    assert de.dealer_probabilities(make_shoe({10: 1}), (6, 10)) == {17: 0, 18: 0, 19: 0, 20: 0, 21: 0, "bust": 1}
    # soft 17 with an ace and a ten left
    s = make_shoe({1: 1, 10: 1})
    assert de.dealer_probabilities(s, (1, 6), True) == {17: F(1, 2), 18: F(1, 2), 19: 0, 20: 0, 21: 0, "bust": 0}
    assert de.dealer_probabilities(s, (1, 6), False)[17] == 1
    assert de.dealer_probabilities(s, (1, 6), DERules(h17=False))[17] == 1
    # standing hands do not draw, even from an empty shoe
    assert de.dealer_probabilities((0,) * 10, (10, 7))[17] == 1
    assert de.dealer_probabilities((0,) * 10, (1, 10))[21] == 1


# ----------------------------------------------------------------------------- hand values

def test_hand_computed_cases():
    r = DERules()
    full = make_shoe({5: 1, 6: 2, 10: 4})          # player 5,6 v dealer 10,6 leaves T,T,T
    hv = de.hand_values(full, (5, 6), 10, 6, r)
    assert hv == {"stand": 1, "hit": 1, "double": 2}
    full = make_shoe({8: 2, 10: 4, 6: 1})          # player 8,8 v dealer 10,6 leaves T,T,T
    hv = de.hand_values(full, (8, 8), 10, 6, r)
    assert hv == {"stand": 1, "hit": -1, "split": 2}
    # the dealer wins ties; a standing dealer never draws
    full = make_shoe({7: 2, 8: 1, 10: 6, 1: 1})
    assert de.hand_values(full, (10, 7), 10, 7, r)["stand"] == -1
    assert de.hand_values(full, (10, 8), 10, 7, r)["stand"] == 1
    assert de.hand_values(full, (10, 10), 10, 10, r)["stand"] == -1
    # hitting hard 20 v 20 wins only with the ace: 1 ace in 6 cards left
    assert de.hand_values(full, (10, 10), 10, 10, r)["hit"] == F(1, 6) - F(5, 6)


def test_naturals():
    full = make_shoe({1: 3, 10: 5, 7: 2})
    for bp in (F(1), F(3, 2)):
        for tied in ("win", "push"):
            r = DERules(blackjack_pays=bp, tied_naturals=tied)
            assert de.round_value(full, (1, 10), 10, 7, r) == bp
            assert de.round_value(full, (10, 1), 1, 10, r) == (bp if tied == "win" else 0)
            assert de.round_value(full, (10, 10), 10, 1, r) == -1
            assert de.round_value(full, (7, 7), 1, 10, r) == -1
    with pytest.raises(ValueError):
        de.hand_values(full, (1, 10), 10, 7, DERules())
    with pytest.raises(ValueError):
        de.hand_values(full, (10, 7), 1, 10, DERules())


@pytest.mark.parametrize("rules", [DERules(max_split_hands=1), DERules(max_split_hands=1, h17=False, double="any")])
def test_stand_hit_double_recursions(rules):
    """stand from the dealer distribution (dealer wins ties); hit and double from the
    three-card hands' values through the public API."""
    full = SMALL["S1"]
    for (up, hole), rest in dealer_starts(full):
        if de.is_natural((up, hole)):
            continue
        for (c1, c2), rest2 in dealer_starts(rest):
            if de.is_natural((c1, c2)):
                continue
            hv = de.hand_values(full, (c1, c2), up, hole, rules)
            t, _ = de.total_soft((c1, c2))
            dist = de.dealer_probabilities(rest2, (up, hole), rules.h17)
            assert hv["stand"] == dist["bust"] + sum(dist[o] for o in range(17, 22) if o < t) \
                - sum(dist[o] for o in range(17, 22) if o >= t)
            hit = F(0)
            dbl = F(0)
            for v, p, _ in de.draws(rest2):
                three = (c1, c2, v)
                if de.total_soft(three)[0] > 21:
                    hit -= p
                    dbl -= 2 * p
                else:
                    h3 = de.hand_values(full, three, up, hole, rules)
                    assert set(h3) == {"stand", "hit"}
                    hit += p * max(h3.values())
                    dbl += 2 * p * h3["stand"]
            assert hv["hit"] == hit
            assert ("double" in hv) == de.double_allowed((c1, c2), rules)
            if "double" in hv:
                assert hv["double"] == dbl


def test_double_rules():
    def r(d):
        return DERules(double=d)

    assert de.double_allowed((1, 7), r("any")) and not de.double_allowed((1, 7), r("any_hard"))
    assert de.double_allowed((10, 7), r("any_hard")) and not de.double_allowed((10, 7), r("9-11"))
    assert de.double_allowed((4, 5), r("9-11")) and not de.double_allowed((4, 5), r("10-11"))
    assert de.double_allowed((5, 6), r("10-11")) and not de.double_allowed((5, 6), r("none"))
    assert not de.double_allowed((1, 1), r("9-11"))       # soft 12
    assert not de.double_allowed((2, 3, 5), r("any"))     # three cards


# ----------------------------------------------------------------------------- split-free game

@pytest.mark.parametrize("name, ri", [(n, i) for n in ("S2", "S3") for i in range(len(NO_SPLIT_RULES))]
                         + [("S1", 1)])
def test_no_split_game_memo_equals_literal(name, ri):
    rules = NO_SPLIT_RULES[ri]
    shoe = SMALL[name]
    a = de.game_ev_no_split(shoe, rules)
    assert a == de.game_ev(shoe, rules)                  # max_split_hands=1 already
    assert a == de.game_ev(shoe, replace(rules, max_split_hands=4), splits=False)
    assert a == de.game_ev_no_split_literal(shoe, rules)


def test_no_split_hand_values_equal_literal():
    full = SMALL["S3"]
    rules = DERules(double="any", h17=False, max_split_hands=1)
    for (up, hole), rest in dealer_starts(full):
        if de.is_natural((up, hole)):
            continue
        for (c1, c2), rest2 in dealer_starts(rest):
            if de.is_natural((c1, c2)):
                continue
            hv = de.hand_values(full, (c1, c2), up, hole, rules)
            assert hv == de.hand_values_literal([c1, c2], [up, hole], rest2, rules)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_double_rules_monotone_without_splits(name):
    shoe = SMALL[name]
    ev = {d: de.game_ev_no_split(shoe, DERules(double=d)) for d in de.DOUBLE_RULES}
    assert ev["any"] >= ev["any_hard"] >= ev["9-11"] >= ev["10-11"] >= ev["none"]


# ----------------------------------------------------------------------------- payout identities

def test_natural_probabilities():
    shoe = SHOE_C
    a, t, n = shoe[0], shoe[9], sum(shoe)
    pn = de.p_natural_pairs(shoe)
    p_d = F(2 * a * t, n * (n - 1))
    p_both = p_d * F(2 * (a - 1) * (t - 1), (n - 2) * (n - 3))
    assert pn[(True, True)] == p_both
    assert pn[(True, True)] + pn[(False, True)] == p_d
    assert pn[(True, True)] + pn[(True, False)] == p_d
    assert sum(pn.values()) == 1


@pytest.mark.parametrize("base", [DERules(max_split_hands=2), DERules(max_split_hands=1, double="any")])
def test_blackjack_pays_and_tied_naturals_identities(base):
    shoe = SHOE_C
    pn = de.p_natural_pairs(shoe)
    p_player = pn[(True, True)] + pn[(True, False)]
    ev1 = de.game_ev(shoe, replace(base, blackjack_pays=F(1), tied_naturals="win"))
    for bp in (F(3, 2), F(6, 5), F(2)):
        ev_win = de.game_ev(shoe, replace(base, blackjack_pays=bp, tied_naturals="win"))
        ev_push = de.game_ev(shoe, replace(base, blackjack_pays=bp, tied_naturals="push"))
        assert ev_win - ev1 == (bp - 1) * p_player
        assert ev_win - ev_push == bp * pn[(True, True)]


# ----------------------------------------------------------------------------- splits

SPLIT_RULES = [
    DERules(max_split_hands=2),
    DERules(max_split_hands=3, double="any"),
    DERules(),
    DERules(das=False, h17=False),
    DERules(resplit_aces=True, double="any_hard"),
]
SPLIT_CASES = [
    (SP8, 8, [(10, 6), (7, 10), (4, 6)]),
    (SPA, 1, [(10, 6), (9, 10), (5, 6)]),
    (SP3, 3, [(2, 4)]),
]


@pytest.mark.parametrize("ri", range(len(SPLIT_RULES)))
def test_split_memo_equals_literal(ri):
    rules = SPLIT_RULES[ri]
    for shoe, pair, dealers in SPLIT_CASES:
        for d in dealers:
            a = de.split_value(pair, d, shoe, rules)
            assert a == de.split_value_literal(pair, d, shoe, rules), (pair, d, rules)


def test_split_limits_matter_on_these_shoes():
    """The split shoes discriminate: 2 v 3 v 4 hands, and resplitting aces, change values."""
    v = {m: de.split_value(8, (10, 6), SP8, DERules(max_split_hands=m)) for m in (2, 3, 4)}
    assert len(set(v.values())) == 3
    assert de.split_value(1, (10, 6), SPA, DERules()) != de.split_value(1, (10, 6), SPA, DERules(resplit_aces=True))
    # split aces get one card each: with max 4 but no resplit, the same as max 2
    assert de.split_value(1, (10, 6), SPA, DERules()) == de.split_value(1, (10, 6), SPA, DERules(max_split_hands=2))


def test_split_ace_ten_is_not_blackjack():
    # A,A v dealer 10,10 (20): each split ace + ten = 21 beats 20 (no blackjack payout, no hit)
    full = make_shoe({1: 2, 10: 4})
    assert de.hand_values(full, (1, 1), 10, 10, DERules(blackjack_pays=F(3, 2)))["split"] == 2
    # v dealer 21 the split 21s lose (dealer wins ties): dealer 10,5,6
    full = make_shoe({1: 2, 10: 3, 5: 1, 6: 1})
    # dealer 10,5 draws: after the split aces take two tens, the 6 (1/2) or ... enumerate by hand:
    # left after deal: 10,10,6 ; hand1 gets 10 (2/3) or 6 (1/3); hand2 from the rest; dealer draws.
    # hand1 T, hand2 T -> dealer 15 + 6 = 21: both 21s lose: -2   (2/3 * 1/2 = 1/3)
    # hand1 T, hand2 6 (soft 17) -> dealer 15 + T bust: +2        (2/3 * 1/2 = 1/3)
    # hand1 6, hand2 T -> dealer 15 + T bust: +2                  (1/3)
    assert de.hand_values(full, (1, 1), 10, 5, DERules())["split"] == F(-2, 3) + F(2, 3) + F(2, 3)


@pytest.mark.parametrize("rules", [DERules(max_split_hands=2), DERules(max_split_hands=3, das=False)])
def test_dealing_order_and_split_option(rules):
    shoe = SHOE_C
    ev = de.game_ev(shoe, rules)
    assert ev == de.game_ev_player_first(shoe, rules)
    assert ev >= de.game_ev_no_split(shoe, rules)           # split only adds an option
    # total probability of the dealer's two cards, and up/hole symmetry
    tot = F(0)
    acc = F(0)
    for up, p1, s1 in de.draws(shoe):
        for hole, p2, _ in de.draws(s1):
            tot += p1 * p2
            x = de.dealer_hand_ev(shoe, up, hole, rules)
            assert x == de.dealer_hand_ev(shoe, hole, up, rules)
            acc += p1 * p2 * x
    assert tot == 1 and acc == ev


def test_ties_and_tie_orders():
    # exact ties between reference actions are common (few dealer totals); this one raises
    with pytest.raises(de.StrategyTieError):
        de.hand_values(SHOE_C, (10, 10), 1, 7, DERules(tie_order=None))
    # ... and the game EV does not depend on the tie-break order on this shoe and rules
    assert len(de.game_ev_candidates(SHOE_C, DERules(max_split_hands=2))) == 1


def test_empty_shoe_raises():
    full = make_shoe({2: 2, 3: 2})          # dealer 2,3 and player 2,3: nothing left to draw
    with pytest.raises(de.EmptyShoeError):
        de.hand_values(full, (2, 3), 2, 3, DERules())
