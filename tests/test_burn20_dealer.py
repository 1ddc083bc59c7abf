"""The Burn 20 dealer (bjcalc/burn20.py) against independent brute force.

The brute force below is written from GAMES.md section 2 only: it draws every card
explicitly (hole card, each fresh pair, each hit) from what is left, with Fractions, and
runs the burn loop literally.  ``_brute_by_suit`` goes further and labels the aces
(of the up card's suit or not), removing the player's aces with unknown suits at random,
to check that ``share`` = the pre-round proportion is the right suit-blind model.

Timing of the float path on 6 decks is printed (no assertion).
"""

from __future__ import annotations

import random
import time
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest

from bjcalc import _kernels as kernels
from bjcalc.arithmetic import EXACT, FLOAT
from bjcalc.burn20 import Burn20Dealer, burn20_outcomes
from bjcalc.cards import Shoe
from bjcalc.dealer import DealerEngine, StandardDealer
from bjcalc.errors import RulesError

F = Fraction
SHARES = (F(0), F(1, 4), F(1, 2), F(1))
TEN_UP = np.eye(10, dtype=np.int64)[9]


# --------------------------------------------------------------------------------------
# brute force (values 1-10; outcome index: total - 17 for 17..26, 10 for blackjack)
# --------------------------------------------------------------------------------------

class _Empty(Exception):
    """A path of positive probability needed a card from an empty shoe."""


def _take(m, v):
    m = list(m)
    m[v - 1] -= 1
    return tuple(m)


def _add(out, dist, weight):
    for outcome, p in dist.items():
        out[outcome] = out.get(outcome, 0) + weight * p


@lru_cache(maxsize=None)
def _complete(hand, m, h17):
    """Finish an ordinary dealer hand (sorted tuple of values) from counts m."""
    hard = sum(hand)
    soft = 1 in hand and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total >= 18 or (total == 17 and not (soft and h17)):
        return {total - 17: F(1)}
    left = sum(m)
    if left == 0:
        raise _Empty
    out = {}
    for v in range(1, 11):
        if m[v - 1]:
            _add(out, _complete(tuple(sorted(hand + (v,))), _take(m, v), h17), F(m[v - 1], left))
    return out


@lru_cache(maxsize=None)
def _fresh(m, h17):
    """After a burn: two fresh cards, burned again while T+T or A+T, else completed."""
    left = sum(m)
    out = {}
    for a in range(1, 11):
        if not m[a - 1]:
            continue
        m1 = _take(m, a)
        for b in range(1, 11):
            if not m1[b - 1]:
                continue
            if left < 2:
                raise _Empty
            p = F(m[a - 1], left) * F(m1[b - 1], left - 1)
            m2 = _take(m1, b)
            if {a, b} in ({10}, {1, 10}):
                _add(out, _fresh(m2, h17), p)
            else:
                _add(out, _complete(tuple(sorted((a, b))), m2, h17), p)
    if left < 2:
        raise _Empty
    return out


def _brute(m, share, h17):
    """Joint outcome distribution under a ten up card; m = counts left (up card and removed gone)."""
    left = sum(m)
    if left == 0:
        raise _Empty
    out = {}
    for v in range(1, 11):
        if not m[v - 1]:
            continue
        p = F(m[v - 1], left)
        rest = _take(m, v)
        if v == 10:
            _add(out, _fresh(rest, h17), p)
        elif v == 1:
            _add(out, {10: F(1)}, p * (1 - share))
            if share:
                _add(out, _fresh(rest, h17), p * share)
        else:
            _add(out, _complete(tuple(sorted((10, v))), rest, h17), p)
    return out


def _brute_row(m, share, h17):
    """(list of 11 Fractions, ran out of cards)."""
    try:
        dist = _brute(tuple(int(x) for x in m), F(share), h17)
    except _Empty:
        return None, True
    return [dist.get(o, F(0)) for o in range(11)], False


def _brute_by_suit(shoe, same_suit_aces, removed, h17):
    """Labelled aces: ``same_suit_aces`` of the shoe's aces share the up card's suit.

    The removed cards' aces are of unknown suit: every split of them between the two
    labels is weighed by its hypergeometric chance.  The hole card is a labelled card."""
    aces = int(shoe[0])
    r = int(removed[0])
    out = [F(0)] * 11
    for x in range(0, r + 1):          # removed aces of the up card's suit
        if x > same_suit_aces or r - x > aces - same_suit_aces:
            continue
        weight = F(_comb(same_suit_aces, x) * _comb(aces - same_suit_aces, r - x), _comb(aces, r))
        m = np.asarray(shoe) - TEN_UP - np.asarray(removed)
        same, other = same_suit_aces - x, aces - same_suit_aces - (r - x)
        left = int(m.sum())
        dist = {}
        for v in range(1, 11):
            if not m[v - 1]:
                continue
            rest = _take(tuple(int(c) for c in m), v)
            if v == 1:
                if other:
                    _add(dist, {10: F(1)}, F(other, left))
                if same:
                    _add(dist, _fresh(rest, h17), F(same, left))
            elif v == 10:
                _add(dist, _fresh(rest, h17), F(int(m[9]), left))
            else:
                _add(dist, _complete(tuple(sorted((10, v))), rest, h17), F(int(m[v - 1]), left))
        for o, p in dist.items():
            out[o] += weight * p
    return out


def _comb(n, k):
    from math import comb
    return comb(n, k) if 0 <= k <= n else 0


def _fractions(row):
    return [F(int(x.numerator), int(x.denominator)) if hasattr(x, "numerator") else F(x) for x in row]


def _compositions(limit, max_hard=21):
    """Every multiset of card values (counts by value, within limit) with hard total <= max_hard."""
    out = []

    def walk(v, counts, hard):
        if v == 10:
            out.append(list(counts))
            return
        for k in range(0, int(limit[v]) + 1):
            if hard + k * (v + 1) > max_hard:
                break
            walk(v + 1, counts + [k], hard + k * (v + 1))

    walk(0, [], 0)
    return np.array(out, dtype=np.int64)


# --------------------------------------------------------------------------------------
# exact agreement with the brute force
# --------------------------------------------------------------------------------------

SMALL_SHOES = [
    [2, 1, 1, 0, 1, 1, 0, 2, 0, 8],      # 16 cards
    [3, 0, 2, 1, 0, 0, 1, 1, 1, 9],      # 18
    [4, 1, 0, 0, 1, 0, 1, 0, 0, 7],      # aces and tens: long burn chains
    [1, 2, 2, 2, 1, 1, 1, 1, 1, 6],      # 18
]
SMALL_REMOVED = [
    [0] * 10,
    [1, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    [0, 1, 0, 0, 1, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 3],
    [2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
]


@pytest.mark.parametrize("h17", [False, True])
@pytest.mark.parametrize("share", SHARES)
@pytest.mark.parametrize("shoe", SMALL_SHOES)
def test_exact_equals_brute_force(shoe, share, h17):
    shoe = np.array(shoe)
    removed = np.array([r for r in SMALL_REMOVED if (shoe - TEN_UP - r >= 0).all()])
    p, exhausted = burn20_outcomes(shoe, False, 10, removed, Burn20Dealer(h17, share), EXACT)
    pf, exhausted_f = burn20_outcomes(shoe, False, 10, removed, Burn20Dealer(h17, share), FLOAT)
    assert (exhausted == exhausted_f).all()
    for i, r in enumerate(removed):
        want, ran_out = _brute_row(shoe - TEN_UP - r, share, h17)
        assert bool(exhausted[i]) == ran_out
        if ran_out:
            assert all(x == 0 for x in p[i])
        else:
            assert _fractions(p[i]) == want
            assert sum(_fractions(p[i])) == 1
            assert np.abs(pf[i] - np.array([float(x) for x in want])).max() < 1e-14


def test_exact_equals_brute_force_random_tiny_shoes():
    """Random tiny shoes and removed sets, including ones that run out of cards."""
    rng = random.Random(20)
    checked = ran_out = 0
    for _ in range(40):
        shoe = np.array([rng.randint(0, 4)] + [rng.choice([0, 0, 1, 1, 2]) for _ in range(8)]
                        + [rng.randint(1, 8)])
        removed = np.array([[rng.randint(0, max(0, shoe[v] - (v == 9))) if rng.random() < 0.3 else 0
                             for v in range(10)] for _ in range(4)])
        h17, share = rng.random() < 0.5, rng.choice(SHARES)
        p, exhausted = burn20_outcomes(shoe, False, 10, removed, Burn20Dealer(h17, share), EXACT)
        _, exhausted_f = burn20_outcomes(shoe, False, 10, removed, Burn20Dealer(h17, share), FLOAT)
        assert (exhausted == exhausted_f).all()
        for i, r in enumerate(removed):
            want, runs_out = _brute_row(shoe - TEN_UP - r, share, h17)
            assert bool(exhausted[i]) == runs_out, (shoe, r)
            if runs_out:
                ran_out += 1
                assert all(x == 0 for x in p[i])
            else:
                checked += 1
                assert _fractions(p[i]) == want, (shoe, r, share, h17)
    assert checked > 100 and ran_out > 0


@pytest.mark.parametrize("shoe, removed", [
    ([0, 0, 0, 0, 0, 0, 0, 0, 0, 3], [0] * 10),            # T hole, burn, one card left for two
    ([2, 0, 0, 0, 0, 0, 0, 0, 0, 3], [0] * 10),            # A+A after a burn: soft 12 hits T, 12, empty
    ([1, 0, 0, 0, 0, 0, 0, 0, 0, 1], [1] + [0] * 9),       # nothing left for the hole card
])
def test_running_out_is_flagged(shoe, removed):
    shoe, removed = np.array(shoe), np.array([removed])
    for ar in (EXACT, FLOAT):
        p, exhausted = burn20_outcomes(shoe, False, 10, removed, Burn20Dealer(False, F(1, 4)), ar)
        assert exhausted[0] and all(x == 0 for x in p[0])
    assert _brute_row(shoe - TEN_UP - removed[0], F(1, 4), False)[1]


@pytest.mark.parametrize("h17", [False, True])
def test_share_is_the_pre_round_suit_proportion(h17):
    """Labelled aces, player's aces of unknown suit: equals share = same-suit aces / aces."""
    shoe = np.array([4, 1, 1, 0, 1, 1, 0, 1, 0, 8])
    for same in range(0, 5):
        share = F(same, 4)
        removed = np.array([[0] * 10, [1, 0, 0, 0, 0, 0, 0, 0, 0, 1], [2, 0, 1, 0, 0, 0, 0, 0, 0, 0]])
        p, exhausted = burn20_outcomes(shoe, False, 10, removed, Burn20Dealer(h17, share), EXACT)
        assert not exhausted.any()
        for i, r in enumerate(removed):
            assert _fractions(p[i]) == _brute_by_suit(shoe, same, r, h17)


# --------------------------------------------------------------------------------------
# identities
# --------------------------------------------------------------------------------------

def test_linear_in_share_and_share_zero_makes_every_ace_a_blackjack():
    shoe = np.array([4] * 9 + [16])
    removed = _compositions(shoe - TEN_UP)[::37]
    rows = {s: burn20_outcomes(shoe, False, 10, removed, Burn20Dealer(False, s), EXACT)[0] for s in SHARES}
    m = shoe - TEN_UP - removed
    for i in range(len(removed)):
        aces, left = int(m[i, 0]), int(m[i].sum())
        assert F(rows[F(0)][i, 10]) == F(aces, left)        # share 0: every hole ace is a blackjack
        assert F(rows[F(1)][i, 10]) == 0                     # share 1: no blackjack at all
        for s in SHARES:
            for o in range(11):
                assert rows[s][i, o] == (1 - s) * rows[F(0)][i, o] + s * rows[F(1)][i, o]


def test_no_tens_under_the_up_card_is_the_standard_dealer():
    """With no ten left behind the up card and share 0 nothing is ever burned."""
    shoe = np.array([4, 4, 4, 4, 4, 4, 4, 4, 4, 1])
    removed = np.array([[0] * 10, [1, 1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 2, 0, 3, 0, 0, 0, 0, 0]])
    for h17 in (False, True):
        for ar in (EXACT, FLOAT):
            p, _ = burn20_outcomes(shoe, False, 10, removed, Burn20Dealer(h17, F(0)), ar)
            standard = DealerEngine(Shoe.from_counts(shoe.tolist()), StandardDealer(h17), ar).evaluate(10, removed)
            if ar.exact:
                assert (p == standard.probabilities).all()
            else:
                assert np.abs(p - standard.probabilities).max() < 1e-15


@pytest.mark.parametrize("up", [1, 2, 6, 9])
def test_other_up_cards_are_the_standard_dealer(up):
    shoe = np.array([4] * 9 + [16])
    removed = _compositions(shoe - np.eye(10, dtype=np.int64)[up - 1])[::200]
    p, exhausted = burn20_outcomes(shoe, False, up, removed, Burn20Dealer(True, F(1, 4)), FLOAT)
    standard = DealerEngine(Shoe.decks(1), StandardDealer(True)).evaluate(up, removed)
    assert np.array_equal(p, standard.probabilities) and np.array_equal(exhausted, standard.exhausted)


def test_impossible_removed_sets_get_zero_rows_and_empty_input_works():
    shoe = np.array([4] * 9 + [16])
    removed = np.array([[5] + [0] * 9, [0] * 9 + [16], [0] * 10])
    for ar in (EXACT, FLOAT):
        p, exhausted = burn20_outcomes(shoe, False, 10, removed, Burn20Dealer(False), ar)
        assert not exhausted.any()
        assert all(x == 0 for x in p[0]) and all(x == 0 for x in p[1]) and sum(p[2]) == pytest.approx(1)
        p, exhausted = burn20_outcomes(shoe, False, 10, np.zeros((0, 10), dtype=np.int64), Burn20Dealer(False), ar)
        assert p.shape == (0, 11) and exhausted.shape == (0,)


# --------------------------------------------------------------------------------------
# float against exact, whole sets of player compositions
# --------------------------------------------------------------------------------------

@pytest.mark.parametrize("h17, share", [(False, F(1, 4)), (True, F(1, 2))])
def test_one_deck_every_player_composition_float_equals_exact(h17, share):
    shoe = np.array([4] * 9 + [16])
    removed = _compositions(shoe - TEN_UP)
    assert len(removed) > 2000
    procedure = Burn20Dealer(h17, share)
    exact, exhausted = burn20_outcomes(shoe, False, 10, removed, procedure, EXACT)
    floats, exhausted_f = burn20_outcomes(shoe, False, 10, removed, procedure, FLOAT)
    assert not exhausted.any() and not exhausted_f.any()
    assert all(sum(row) == 1 for row in exact)
    assert np.abs(exact.astype(float) - floats).max() < 1e-12


def test_six_decks_sample_float_equals_exact():
    shoe = np.array([24] * 9 + [96])
    removed = _compositions(shoe - TEN_UP)[::97]
    procedure = Burn20Dealer(False, F(1, 4))
    exact, _ = burn20_outcomes(shoe, False, 10, removed, procedure, EXACT)
    floats, _ = burn20_outcomes(shoe, False, 10, removed, procedure, FLOAT)
    assert all(sum(row) == 1 for row in exact)
    assert np.abs(exact.astype(float) - floats).max() < 1e-12


def test_numpy_fallback_equals_kernel(monkeypatch):
    shoe = np.array([24] * 9 + [96])
    removed = _compositions(shoe - TEN_UP)[::11]
    procedure = Burn20Dealer(True, F(1, 4))
    with_kernel, _ = burn20_outcomes(shoe, False, 10, removed, procedure, FLOAT)
    monkeypatch.setattr(kernels, "available", lambda: False)
    without, _ = burn20_outcomes(shoe, False, 10, removed, procedure, FLOAT)
    assert np.abs(with_kernel - without).max() < 1e-14


# --------------------------------------------------------------------------------------
# the infinite deck
# --------------------------------------------------------------------------------------

def _infinite_brute(counts, share, h17):
    """Non-depleting draws; a burn stage B = N + b B, so B = N / (1 - b)."""
    total = sum(counts)
    p = [F(c, total) for c in counts]

    @lru_cache(maxsize=None)
    def complete(hand):
        hard = sum(hand)
        soft = 1 in hand and hard + 10 <= 21
        t = hard + 10 if soft else hard
        if t >= 18 or (t == 17 and not (soft and h17)):
            return {t - 17: F(1)}
        out = {}
        for v in range(1, 11):
            if p[v - 1]:
                _add(out, complete(tuple(sorted(hand + (v,)))), p[v - 1])
        return out

    again, fresh = F(0), {}
    for a in range(1, 11):
        for b in range(1, 11):
            w = p[a - 1] * p[b - 1]
            if {a, b} in ({10}, {1, 10}):
                again += w
            elif w:
                _add(fresh, complete(tuple(sorted((a, b)))), w)
    burn = {o: x / (1 - again) for o, x in fresh.items()}
    out = {10: p[0] * (1 - share)}
    _add(out, burn, p[9] + p[0] * share)
    for v in range(2, 10):
        _add(out, complete(tuple(sorted((10, v)))), p[v - 1])
    return [out.get(o, F(0)) for o in range(11)]


@pytest.mark.parametrize("h17", [False, True])
@pytest.mark.parametrize("share", [F(0), F(1, 4), F(1)])
def test_infinite_deck(share, h17):
    counts = np.array([4] * 9 + [16])
    removed = np.array([[0] * 10, [1, 0, 0, 0, 0, 0, 0, 0, 0, 1]])
    exact, exhausted = burn20_outcomes(counts, True, 10, removed, Burn20Dealer(h17, share), EXACT)
    floats, _ = burn20_outcomes(counts, True, 10, removed, Burn20Dealer(h17, share), FLOAT)
    want = _infinite_brute([4] * 9 + [16], share, h17)
    assert not exhausted.any()
    assert _fractions(exact[0]) == want and _fractions(exact[1]) == want
    assert np.abs(floats - np.array([float(x) for x in want])[None, :]).max() < 1e-14
    # a 1000-deck shoe is close to the infinite deck
    big, _ = burn20_outcomes(counts * 1000, False, 10, removed[:1], Burn20Dealer(h17, share), FLOAT)
    assert np.abs(big[0] - floats[0]).max() < 1e-4


# --------------------------------------------------------------------------------------
# the procedure object
# --------------------------------------------------------------------------------------

def test_procedure_object():
    a = Burn20Dealer(hits_soft_17=False, share=F(1, 4))
    assert a == Burn20Dealer(False) and hash(a) == hash(Burn20Dealer(False, "1/4"))
    assert a != StandardDealer(False) and a != Burn20Dealer(False, F(1, 2))
    assert a.outcome((0,) * 9 + (2,), 20) == StandardDealer(False).outcome((0,) * 9 + (2,), 20)
    for bad in (F(-1, 4), F(5, 4), 0.25, "x", None, True):
        with pytest.raises(RulesError):
            Burn20Dealer(False, bad)


# --------------------------------------------------------------------------------------
# timing (printed, not asserted)
# --------------------------------------------------------------------------------------

def test_timing_six_decks_float(capsys):
    shoe = np.array([24] * 9 + [96])
    removed = _compositions(shoe - TEN_UP, max_hard=25)      # every composition to hard 25
    procedure = Burn20Dealer(False, F(1, 4))
    burn20_outcomes(shoe, False, 10, removed[:10], procedure, FLOAT)   # trees built
    start = time.perf_counter()
    p, exhausted = burn20_outcomes(shoe, False, 10, removed, procedure, FLOAT)
    elapsed = time.perf_counter() - start
    start = time.perf_counter()
    DealerEngine(Shoe.decks(6), StandardDealer(False)).evaluate(10, removed)
    standard = time.perf_counter() - start
    assert not exhausted.any() and np.abs(p.sum(axis=1) - 1).max() < 1e-13
    with capsys.disabled():
        print(f"\n[burn20 timing] 6 decks, {len(removed)} removed sets, float: {elapsed:.3f} s "
              f"(standard dealer engine: {standard:.3f} s)")
