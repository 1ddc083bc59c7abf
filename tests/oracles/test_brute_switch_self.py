"""Self-checks of the Blackjack Switch brute force (tests/oracles/brute_switch.py).

No comparison with bjcalc here: only the oracle's own identities, hand-computed cases, and
re-computations by independent routes (literal un-memoised enumerations with stdlib Fraction and
the hole card dealt last in the reference computations, the other dealing order, the order of
the two hands, policy evaluation with the hole card dealt first).  Runs in a few seconds.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from oracles import Fraction
from oracles import brute_switch as sw
from oracles.brute_switch import SWRules, make_shoe

F = Fraction

# tiny ten-rich shoes: the split-free game runs out of nothing on them (splits would)
TINY = {
    "T1": make_shoe({1: 1, 2: 1, 6: 1, 9: 1, 10: 6}),         # 10 cards
    "T2": make_shoe({1: 2, 5: 1, 8: 1, 10: 7}),               # 11
    "T3": make_shoe({1: 1, 3: 1, 7: 1, 10: 8}),               # 11
    "T4": make_shoe({1: 2, 4: 1, 9: 1, 10: 8}),               # 12
}
# 14-card shoe: the whole game with splits to 2 hands runs out of nothing
U2 = make_shoe({1: 3, 6: 1, 7: 1, 8: 2, 10: 7})
# split shoes: four cards of the pair value, deals chosen so that nothing runs out
SP8 = make_shoe({8: 4, 10: 6, 1: 2, 4: 1, 6: 1, 7: 1, 9: 1})     # 16
SPA = make_shoe({1: 4, 10: 7, 6: 1, 9: 2, 7: 1, 5: 1})           # 16
SP3 = make_shoe({3: 4, 10: 7, 2: 1, 1: 2, 4: 1, 9: 1, 5: 1})     # 17

NO_SPLIT_RULES = [
    SWRules(max_split_hands=1),
    SWRules(max_split_hands=1, h17=False, double="9-11", dealer_22_pushes=False),
    SWRules(max_split_hands=1, blackjack_pays=F(3, 2), switched_blackjack="wins", double="10-11"),
    SWRules(max_split_hands=1, double="none", switching="never"),
    SWRules(max_split_hands=1, switching="always", h17=False),
]


def deals(shoe):
    """Every (cards4, up) the shoe can deal, with its probability (deal order c1..c4, u)."""
    for c1, p1, s1 in sw.draws(shoe):
        for c2, p2, s2 in sw.draws(s1):
            for c3, p3, s3 in sw.draws(s2):
                for c4, p4, s4 in sw.draws(s3):
                    for up, p5, _ in sw.draws(s4):
                        yield (c1, c2, c3, c4), up, p1 * p2 * p3 * p4 * p5


def pyf(x):
    return F(x.numerator, x.denominator)


# ----------------------------------------------------------------------------- cards, dealer

def test_shoe_and_draws():
    assert make_shoe({1: 2, 10: 3}) == (2, 0, 0, 0, 0, 0, 0, 0, 0, 3)
    with pytest.raises(sw.EmptyShoeError):
        list(sw.draws((0,) * 10))
    with pytest.raises(ValueError):
        sw.remove(make_shoe({10: 1}), 1)
    assert sum(p for _, p, _ in sw.draws(U2)) == 1
    assert sw.total_soft((1, 6)) == (17, True) and sw.total_soft((1, 6, 10)) == (17, False)
    assert sw.is_natural((10, 1)) and not sw.is_natural((1, 10, 10))
    assert sw.double_allowed((1, 7), SWRules()) and not sw.double_allowed((1, 7), SWRules(double="9-11"))
    assert sw.double_allowed((4, 5), SWRules(double="9-11")) and not sw.double_allowed((4, 5), SWRules(double="10-11"))
    assert not sw.double_allowed((5, 6), SWRules(double="none"))
    assert not sw.double_allowed((2, 3, 5), SWRules())


@pytest.mark.parametrize("h17", [True, False])
def test_dealer_distribution_sums_to_one_and_matches_literal(h17):
    shoe = TINY["T4"]
    for a in range(1, 11):
        for b in range(a, 11):
            try:
                rest = sw.remove(shoe, a, b)
            except ValueError:
                continue
            dist = sw.dealer_probabilities(rest, (a, b), h17)
            assert sum(dist.values()) == 1 and all(p >= 0 for p in dist.values())
            lit = {o: F(0) for o in sw.DEALER_OUTCOMES}
            for p, o in sw.dealer_paths_literal([a, b], rest, h17):
                lit[o] += pyf(p)
            assert lit == dist


def test_dealer_hand_computed():
    s = make_shoe({1: 1, 10: 1})
    assert sw.dealer_probabilities(s, (1, 6), True)[17] == F(1, 2)
    assert sw.dealer_probabilities(s, (1, 6), True)[18] == F(1, 2)
    assert sw.dealer_probabilities(s, (1, 6), False)[17] == 1
    assert sw.dealer_probabilities(make_shoe({10: 1}), (2, 10))[22] == 1      # 22 kept apart
    assert sw.dealer_probabilities(make_shoe({10: 1}), (6, 10))[23] == 1
    assert sw.dealer_probabilities((0,) * 10, (10, 7))[17] == 1               # standing: no draw


def test_payoffs():
    r, r2 = SWRules(), SWRules(dealer_22_pushes=False)
    assert [sw.hand_payoff(20, 1, o, r) for o in sw.DEALER_OUTCOMES] == [1, 1, 1, 0, -1, 0, 1]
    assert [sw.hand_payoff(20, 2, o, r2) for o in sw.DEALER_OUTCOMES] == [2, 2, 2, 0, -2, 2, 2]
    assert [sw.hand_payoff(0, 2, o, r) for o in sw.DEALER_OUTCOMES] == [-2] * 7


# ----------------------------------------------------------------------------- hole card posterior

def test_hole_posterior_hand_computed():
    s = make_shoe({1: 1, 5: 1, 10: 2})
    assert sw.hole_weights(s, 1) == ((1, F(1, 2)), (5, F(1, 2)))      # a ten would be a blackjack
    probs = {c: p for c, p, _ in sw.next_card_probs(s, 1)}
    # hole A or 5 (1/2 each); the next card is one of the three others
    assert probs == {1: F(1, 6), 5: F(1, 6), 10: F(2, 3)}
    assert {c: p for c, p, _ in sw.next_card_probs(s, 7)} == {1: F(1, 4), 5: F(1, 4), 10: F(1, 2)}
    assert sw.hole_weights(s, 10) == ((5, F(1, 3)), (10, F(2, 3)))
    with pytest.raises(ValueError):
        sw.hole_weights(make_shoe({10: 3}), 1)
    with pytest.raises(sw.EmptyShoeError):
        sw.next_card_probs(make_shoe({5: 1}), 1)        # only the hole card is left


@pytest.mark.parametrize("up", [1, 10, 6])
def test_posterior_is_bayes(up):
    """After any sequence of draws, the posterior of the hole card is uniform over the non-blackjack
    cards left, and the next-card probabilities sum to 1: recomputed here by Bayes from the joint
    law (hole first, then the draws)."""
    base = make_shoe({1: 2, 4: 1, 9: 1, 10: 4})
    b = sw.blackjack_hole(up)
    for seq in itertools.product(range(1, 11), repeat=2):
        joint = {}
        for h, ph, rest in sw.draws(base):
            if h == b:
                continue
            p, s = ph, rest
            for c in seq:
                if not s[c - 1]:
                    p = 0
                    break
                p *= F(s[c - 1], sum(s))
                s = sw.remove(s, c)
            if p:
                joint[h] = p
        if not joint:
            continue
        tot = sum(joint.values())
        after = sw.remove(base, *seq)
        assert dict(sw.hole_weights(after, up)) == {h: q / tot for h, q in joint.items()}
        assert sum(p for _, p, _ in sw.next_card_probs(after, up)) == 1


# ----------------------------------------------------------------------------- reference values

REF_BASES = [make_shoe({1: 1, 3: 1, 6: 1, 9: 1, 10: 4}), make_shoe({1: 2, 2: 1, 5: 1, 10: 4})]


@pytest.mark.parametrize("bi", range(len(REF_BASES)))
@pytest.mark.parametrize("rules", [SWRules(max_split_hands=1),
                                   SWRules(max_split_hands=1, h17=False, dealer_22_pushes=False)])
def test_reference_values_equal_hole_last_literal(bi, rules):
    """Posterior-of-the-hole expectimax == the hole-dealt-last unnormalised route (stdlib Fraction)."""
    base = REF_BASES[bi]
    for up in (1, 10, 2, 6):
        for hand in [(10, 6), (1, 5), (9, 2), (10, 1), (4, 4), (2, 3)]:
            vals = sw.reference_values(base, hand, up, rules)
            lit = sw.reference_values_literal(base, hand, up, rules)
            assert {a: pyf(v) for a, v in vals.items()} == lit, (hand, up)


@pytest.mark.parametrize("up", [1, 10, 5])
def test_reference_value_is_its_policy_value_with_hole_first(up):
    """The expectimax value of the chosen action == that policy's value when the hole card is dealt
    FIRST (explicitly, given no blackjack) and the hand plays its rule on the rest."""
    base = make_shoe({1: 2, 3: 1, 4: 1, 7: 1, 10: 5})
    rules = SWRules(max_split_hands=1)
    for hand in [(10, 6), (1, 5), (9, 2), (4, 3), (7, 7), (10, 10)]:
        h = sw.key(hand)
        best = max(sw.reference_values(base, h, up, rules).values())
        ev = F(0)
        for hole, w in sw.hole_weights(base, up):
            for p, vec, after in sw._unsplit_outcomes(h, h, sw.remove(base, hole), base, up, rules):
                ev += w * p * sw.settle(vec, (up, hole), after, rules)
        assert ev == best, (hand, up)


def test_reference_hand_computed():
    # 11 v 6 with only tens left: the dealer makes 26; double wins 2
    base = make_shoe({10: 4})
    r = SWRules()
    assert sw.reference_values(base, (5, 6), 6, r) == {"stand": 1, "hit": 1, "double": 2}
    # soft 21 (a switched ace-ten) can gain by doubling: A+T+T = 21 for two units v a sure dealer bust
    assert sw.reference_values(base, (1, 10), 6, r) == {"stand": 1, "hit": 1, "double": 2}
    # v a 2 the dealer makes 22: push everything that stands
    assert sw.reference_values(base, (5, 6), 2, r) == {"stand": 0, "hit": 0, "double": 0}
    assert sw.reference_values(base, (5, 6), 2, SWRules(dealer_22_pushes=False))["double"] == 2
    # peek: v an ace with {7, T, T, T} the hole card is the 7 (soft 18); the player's next card a ten
    base = make_shoe({7: 1, 10: 3})
    v = sw.reference_values(base, (9, 9), 1, r)
    assert v == {"stand": 0, "hit": -1, "double": -2, "split": 2}
    assert sw.two_card_decision((9, 9), base, 1, r) == "split"
    assert sw.reference_values(base, (10, 8), 1, r) == {"stand": 0, "hit": -1, "double": -2}


@pytest.mark.parametrize("shoe, pair, up, ms, ra", [
    (s, p, u, ms, ra) for s, p, u in [(SP8, 8, 6), (SP8, 8, 10), (SPA, 1, 9), (SPA, 1, 10)]
    for ms, ra in [(2, False), (4, False), (4, True)]] + [(SP3, 3, 1, 2, False), (SP8, 8, 1, 3, False)])
def test_split_reference_value_equals_hole_last_literal(shoe, pair, up, ms, ra):
    """The split's reference value (hole card dealt first, given no blackjack) == the hole-dealt-last
    unnormalised literal route divided by P(no blackjack)."""
    rules = SWRules(max_split_hands=ms, resplit_aces=ra)
    other = 10 if pair != 10 else 9
    cards4 = (pair, pair, other, 7 if shoe[6] else 9)
    g = sw._LiteralGame(shoe, cards4, up, rules)
    lit = g.split_ref_value_U(pair) / sw._lit_p_no_bj(g.base, up)
    assert pyf(sw.split_reference_value(pair, g.base, up, rules)) == lit


# ----------------------------------------------------------------------------- outcome lists

def test_outcome_probabilities_sum_to_one():
    rules = SWRules()
    shoe = SP8
    base = sw.remove(shoe, 8, 8, 10, 7, 6)
    for hole in (10, 4, 1):
        real = sw.remove(base, hole)
        assert sum(p for p, _, _ in sw._split_outcomes(8, real, base, 6, rules)) == 1
        for hand in [(8, 8), (10, 7), (1, 4), (4, 9)]:
            try:
                real2 = sw.remove(real, *[c for c in hand if c not in (8, 10, 7)])
            except ValueError:
                continue
            outs = sw._unsplit_outcomes(sw.key(hand), sw.key(hand), real2, base, 6, rules)
            assert sum(p for p, _, _ in outs) == 1
            assert all(sum(after) <= sum(real2) for _, _, after in outs)


@pytest.mark.parametrize("shoe, cards4, up, rules", [
    (SP8, (8, 8, 10, 7), 6, SWRules()),
    (SPA, (1, 1, 10, 9), 10, SWRules(resplit_aces=True)),
    (TINY["T2"], (10, 5, 1, 8), 10, SWRules(max_split_hands=1, blackjack_pays=F(3, 2))),
    (TINY["T4"], (1, 10, 9, 4), 10, SWRules(max_split_hands=1, switched_blackjack="wins")),
])
def test_literal_distribution_sums_to_one_and_means(shoe, cards4, up, rules):
    pv = sw.pairing_values(shoe, cards4, up, rules)
    for name in ("keep", "switch"):
        dist = sw.round_distribution_literal(shoe, cards4, up, rules, name)
        assert sum(dist.values()) == 1
        assert all(p > 0 for p in dist.values())
        assert sum(x * p for x, p in dist.items()) == pyf(pv[name])


# ----------------------------------------------------------------------------- hand-computed rounds

def test_hand_computed_switch_and_dealer_22():
    # deal A,T / 6,5 v 2; five tens left: the dealer makes 2+T+T = 22
    shoe = make_shoe({1: 1, 2: 1, 5: 1, 6: 1, 10: 6})
    c4 = (1, 10, 6, 5)
    # keep: the natural wins 1 even v 22, the 11 pushes whatever it does; switch: A,5 and 6,T push
    assert sw.pairing_values(shoe, c4, 2) == {"keep": 1, "switch": 0}
    assert sw.deal_value(shoe, c4, 2) == 1
    # dealer 22 is a bust: keep 1 + 2 (11 doubles to 21); switch: A,5 doubles (+2), 6,T stands (+1)
    r = SWRules(dealer_22_pushes=False)
    assert sw.pairing_values(shoe, c4, 2, r) == {"keep": 3, "switch": 3}
    assert sw.round_value(shoe, c4, 2, r) == 3


def test_hand_computed_switched_ace_ten_doubles():
    # deal A,5 / 6,T v 6, tens left (the dealer makes 26).  keep: A,5 doubles (+2), 6,T stands (+1).
    # switch: A,T (a 21, not a blackjack) doubles to a hard 21 (+2), 6,5 doubles to 21 (+2).
    shoe = make_shoe({1: 1, 5: 1, 6: 2, 10: 5})
    c4 = (1, 5, 6, 10)
    assert sw.pairing_values(shoe, c4, 6) == {"keep": 3, "switch": 4}
    assert sw.pairing_values(shoe, c4, 6, SWRules(switched_blackjack="wins")) == {"keep": 3, "switch": 3}
    assert sw.deal_value(shoe, c4, 6) == 4
    assert sw.deal_value(shoe, c4, 6, SWRules(switching="never")) == 3


def test_hand_computed_peek_and_split():
    # deal T,8 / 9,9 v A; left 7,T,T,T,T.  No blackjack means the hole card is the 7 (soft 18).
    shoe = make_shoe({1: 1, 7: 1, 8: 1, 9: 2, 10: 5})
    c4 = (10, 8, 9, 9)
    # keep: 18 stands (push), 9,9 splits into 19 + 19 (+2); switch: T,9 (+1), 9,8 (-1)
    assert sw.pairing_values(shoe, c4, 1) == {"keep": 2, "switch": 0}
    assert sw.pairing_values(shoe, c4, 1, SWRules(max_split_hands=1)) == {"keep": 0, "switch": 0}
    # dealer blackjack with probability 4/5: both hands lose
    assert sw.dealer_blackjack_value(c4) == -2
    assert sw.round_value(shoe, c4, 1) == F(4, 5) * -2 + F(1, 5) * 2
    # a natural as dealt pushes a dealer blackjack; a switch-made ace-ten does not count
    assert sw.dealer_blackjack_value((1, 10, 9, 9)) == -1
    assert sw.dealer_blackjack_value((1, 9, 9, 10)) == -2
    assert sw.dealer_blackjack_value((10, 1, 1, 10)) == 0


def test_all_tens_game_is_zero():
    shoe = make_shoe({10: 12})
    for r in (SWRules(), SWRules(max_split_hands=1), SWRules(switching="always"), SWRules(h17=False)):
        assert sw.game_ev(shoe, r) == 0
    # 20 v 20 with splits to 4 hands: each split hand is 20 too (no gain): split is not taken
    assert sw.two_card_decision((10, 10), sw.remove(shoe, 10, 10, 10, 10, 10), 10, SWRules()) == "stand"


def test_bad_deals():
    shoe = make_shoe({1: 1, 10: 5, 9: 2})
    with pytest.raises(ValueError):
        sw.pairing_values(shoe, (9, 9, 9, 10), 10)          # three nines
    with pytest.raises(ValueError):
        sw.deal_value(make_shoe({1: 1, 9: 4, 10: 2}), (9, 9, 9, 9), 1)    # the hole card must be a ten


# ----------------------------------------------------------------------------- whole game, no splits

@pytest.mark.parametrize("name, ri", [(n, 0) for n in TINY] + [("T4", i) for i in range(1, len(NO_SPLIT_RULES))]
                         + [("T1", 2), ("T3", 1)])
def test_no_split_game_memo_equals_literal(name, ri):
    shoe, rules = TINY[name], NO_SPLIT_RULES[ri]
    ev = sw.game_ev(shoe, rules)
    assert ev == sw.game_ev_up_first(shoe, rules)
    assert pyf(ev) == sw.game_ev_literal(shoe, rules)


@pytest.mark.parametrize("name", sorted(TINY))
def test_best_beats_never_and_always(name):
    shoe = TINY[name]
    r = SWRules(max_split_hands=1)
    best = sw.game_ev(shoe, r)
    never = sw.game_ev(shoe, replace(r, switching="never"))
    always = sw.game_ev(shoe, replace(r, switching="always"))
    assert best >= never and best >= always
    assert best > never            # switching is worth something on these shoes


def test_deal_probabilities_sum_to_one():
    for shoe in list(TINY.values()) + [U2]:
        assert sum(p for _, _, p in deals(shoe)) == 1


# ----------------------------------------------------------------------------- symmetries

def _all_pairing_values(shoe, rules):
    out = {}
    for c4, up, _ in deals(shoe):
        try:
            out[(c4, up)] = sw.pairing_values(shoe, c4, up, rules)
        except ValueError:          # a dealer blackjack is certain
            pass
    return out


@pytest.mark.parametrize("name, rules", [("T2", SWRules(max_split_hands=1)),
                                         ("T4", SWRules(max_split_hands=1, h17=False, dealer_22_pushes=False)),
                                         ("U2", SWRules(max_split_hands=2))])
def test_hand_order_symmetry(name, rules):
    """Deal (c3, c4, c1, c2) gives both pairings of deal (c1, c2, c3, c4) with the two hands played
    in the other order.  The sequential convention (each hand's rule ignores the other hand's
    draws) makes the expectation the same: checked, not assumed."""
    shoe = U2 if name == "U2" else TINY[name]
    pv = _all_pairing_values(shoe, rules)
    n_diff = 0
    for (c4, up), v in pv.items():
        w = pv[(c4[2:] + c4[:2], up)]
        assert v == w, (c4, up)
        n_diff += v["keep"] != v["switch"]
    assert n_diff > 0


@pytest.mark.parametrize("name", ["T1", "T4"])
def test_switch_is_keep_of_the_switched_deal(name):
    """With blackjack_pays=1 and a switched ace-ten winning 1 at once, the switch pairing of
    (c1, c2, c3, c4) is the keep pairing of (c1, c4, c3, c2)."""
    rules = SWRules(max_split_hands=1, switched_blackjack="wins")
    shoe = TINY[name]
    pv = _all_pairing_values(shoe, rules)
    for ((c1, c2, c3, c4), up), v in pv.items():
        assert v["switch"] == pv[((c1, c4, c3, c2), up)]["keep"]


def test_game_with_splits_two_orders_and_symmetric():
    rules = SWRules(max_split_hands=2)
    ev = sw.game_ev(U2, rules)
    assert ev == sw.game_ev_up_first(U2, rules)
    assert ev >= sw.game_ev(U2, replace(rules, switching="never"))
    assert ev >= sw.game_ev(U2, replace(rules, switching="always"))
    assert ev > sw.game_ev(U2, replace(rules, max_split_hands=1))


# ----------------------------------------------------------------------------- splits: memo v literal

SPLIT_CASES = [
    (SP8, (8, 8, 10, 7), 6), (SP8, (8, 8, 8, 10), 1), (SP8, (10, 8, 9, 8), 10),
    (SPA, (1, 1, 10, 9), 10), (SPA, (10, 1, 9, 1), 6), (SPA, (1, 10, 1, 10), 9),
    (SP3, (3, 3, 10, 5), 1), (SP3, (3, 10, 3, 9), 10),
]


@pytest.mark.parametrize("ci, rules", [(ci, rules) for ci in range(len(SPLIT_CASES)) for rules in (
    SWRules(), SWRules(resplit_aces=True, das=False, h17=False),
    SWRules(max_split_hands=3, double="9-11", dealer_22_pushes=False)) if ci % 3 == 0 or rules == SWRules()])
def test_split_pairing_values_memo_equal_literal(ci, rules):
    shoe, c4, up = SPLIT_CASES[ci]
    pv = sw.pairing_values(shoe, c4, up, rules)
    assert {k: pyf(v) for k, v in pv.items()} == sw.pairing_values_literal(shoe, c4, up, rules)
    assert sw.pairing_values(shoe, c4[2:] + c4[:2], up, rules) == pv           # hand order
    assert sw.deal_value(shoe, c4, up, rules) == max(pv.values())


def test_split_hand_reference_definition():
    base = make_shoe({8: 2, 10: 5, 1: 2, 4: 1})
    more = make_shoe({8: 3, 10: 5, 1: 2, 4: 1})      # base with the other split hand's pair card back
    # CDZ-: the shoe an unsplit hand holding these cards sees: the other pair card stays in, the
    # hand's own drawn cards come out
    assert sw.split_hand_reference(base, 8, (8, 10)) == sw.remove(more, 10)
    assert sw.split_hand_reference(base, 8, (4, 8, 10)) == sw.remove(more, 4, 10)
    # a pair-value card the hand drew itself (no resplit possible) does come out
    assert sw.split_hand_reference(base, 8, (8, 8)) == sw.remove(more, 8)
    assert sw.unsplit_reference(base, (8, 8), (4, 8, 8)) == sw.remove(base, 4)
