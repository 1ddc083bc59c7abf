"""The Burn 20 dealer (bjcalc/engine/burn20.py) against independent brute force.

The brute force below is written from GAMES.md section 2 only: it draws every card
explicitly (hole card, each fresh pair, each hit) from what is left, with Fractions, and
runs the burn loop literally.  ``_brute_by_suit`` goes further and labels the aces
(of the up card's suit or not), removing the player's aces with unknown suits at random,
to check that ``share`` = the pre-round proportion is the right suit-blind model.

It also keeps the number of cards in the dealer's final hand (the completion keys its
outcomes by (outcome, cards)): ``_buster_brute`` deals Buster Blackjack's whole dealer
hand from a shoe of physical cards with suits (``"TS"``, ``"AH"`` ...): the up card is
any card, under a ten-value the hole card any card left, and a ten or an ace of the
up card's own suit is burned; burned cards are not in the final hand.  It is compared
with ``bjcalc.sidebets.BusterBlackjack(burn_20=True)``, which it shares no code with.

Timing of the float path on 6 decks is printed (no assertion).
"""

from __future__ import annotations

import random
import time
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest

from bjcalc.engine import _kernels as kernels
from bjcalc.core.arithmetic import EXACT, FLOAT
from bjcalc.engine.burn20 import Burn20Dealer, burn20_outcomes
from bjcalc.core.cards import Shoe
from bjcalc.engine.dealer import DealerEngine, StandardDealer
from bjcalc.core.errors import RulesError

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


def _marginal(dist):
    """{(outcome, cards): p} -> {outcome: p}."""
    out = {}
    for (outcome, _), p in dist.items():
        out[outcome] = out.get(outcome, 0) + p
    return out


@lru_cache(maxsize=None)
def _complete_n(hand, m, h17):
    """Finish an ordinary dealer hand (sorted tuple of values) from counts m:
    {(outcome, cards in the final hand): p}."""
    hard = sum(hand)
    soft = 1 in hand and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total >= 18 or (total == 17 and not (soft and h17)):
        return {(total - 17, len(hand)): F(1)}
    left = sum(m)
    if left == 0:
        raise _Empty
    out = {}
    for v in range(1, 11):
        if m[v - 1]:
            _add(out, _complete_n(tuple(sorted(hand + (v,))), _take(m, v), h17), F(m[v - 1], left))
    return out


@lru_cache(maxsize=None)
def _complete(hand, m, h17):
    """Finish an ordinary dealer hand (sorted tuple of values) from counts m."""
    return _marginal(_complete_n(hand, m, h17))


@lru_cache(maxsize=None)
def _fresh_n(m, h17):
    """After a burn: two fresh cards, burned again while T+T or A+T, else completed:
    {(outcome, cards in the final hand): p}, the burned cards not in the hand."""
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
                _add(out, _fresh_n(m2, h17), p)
            else:
                _add(out, _complete_n(tuple(sorted((a, b))), m2, h17), p)
    if left < 2:
        raise _Empty
    return out


@lru_cache(maxsize=None)
def _fresh(m, h17):
    """After a burn: two fresh cards, burned again while T+T or A+T, else completed."""
    return _marginal(_fresh_n(m, h17))


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


# --------------------------------------------------------------------------------------
# Buster Blackjack with the Burn 20 dealer: the whole dealer hand from physical cards
# --------------------------------------------------------------------------------------

def _card_value(card):
    rank = card[:-1].upper()
    return 1 if rank == "A" else 10 if rank in ("T", "10", "J", "Q", "K") else int(rank)


def _buster_brute(cards, h17):
    """{(outcome, cards in the dealer's final hand): p}: the up card is any physical card;
    under a ten-value the hole card is any card left: a ten, or an ace of the up card's
    suit, is burned (then fresh pairs, :func:`_fresh_n`), an ace of another suit is a
    blackjack (two cards), 2-9 an ordinary hand; any other up card an ordinary hand."""
    kinds = {}
    for card in cards:
        key = (_card_value(card), card[-1].upper())
        kinds[key] = kinds.get(key, 0) + 1
    counts = [0] * 10
    for (v, _), n in kinds.items():
        counts[v - 1] += n
    counts, total = tuple(counts), len(cards)
    out = {}
    for (up, up_suit), n_up in kinds.items():
        p_up = F(n_up, total)
        m = _take(counts, up)
        if up != 10:
            _add(out, _complete_n((up,), m, h17), p_up)
            continue
        if total == 1:
            raise _Empty
        for (hole, hole_suit), n_hole in kinds.items():
            n_hole -= (hole, hole_suit) == (up, up_suit)
            if n_hole <= 0:
                continue
            p = p_up * F(n_hole, total - 1)
            rest = _take(m, hole)
            if hole == 10 or (hole == 1 and hole_suit == up_suit):
                _add(out, _fresh_n(rest, h17), p)            # burned: the final hand starts afresh
            elif hole == 1:
                _add(out, {(10, 2): F(1)}, p)                  # blackjack: no bust
            else:
                _add(out, _complete_n((hole, 10), rest, h17), p)
    return out


def _buster_brute_distribution(cards, h17, twenty_two_is_bust=True):
    """{"bust n cards": p} (lengths with p > 0) and "no bust", or None if the dealer can run out."""
    try:
        dist = _buster_brute(cards, h17)
    except _Empty:
        return None
    busts = range(5 if twenty_two_is_bust else 6, 10)
    out, no_bust = {}, F(0)
    for (outcome, n), p in sorted(dist.items(), key=lambda item: item[0][1]):
        if outcome in busts:
            out[f"bust {n} cards"] = out.get(f"bust {n} cards", F(0)) + p
        else:
            no_bust += p
    return {**{k: v for k, v in out.items() if v}, "no bust": no_bust}


SUITED_SHOES = [
    "AS AH 2D 3C 5S 6H 8D 8C TS TH JS QD KC TC JH QS",          # 16 cards, tens of every suit
    "AS AH AD AC 2S 5H 7D TS JS QS KH TH JD QC",                 # aces and tens: long burn chains
    "AS AS TS TS KS QS 9S 8S 7H 6D 5C 4S 3H 2S",                 # same-suit aces under spade tens
    "AH AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",                 # no ace shares a ten's suit: share 0
    "AS 2H 2D 3C 4S 6H 7D 9C TH JD QC KS TS 8H",                 # one ace, 5 tens
]


def _random_suited_shoes(count, seed):
    rng = random.Random(seed)
    pool = [r + s for r in "A23456789TJQK" for s in "SHDC"] * 2
    return [" ".join(rng.sample(pool, rng.randint(10, 15))) for _ in range(count)]


@pytest.mark.parametrize("h17", [False, True])
@pytest.mark.parametrize("cards", SUITED_SHOES + _random_suited_shoes(8, seed=22))
def test_buster_burn20_equals_brute_force_on_tiny_suited_shoes(cards, h17):
    """Every busted-hand length, exactly, or the same refusal when the dealer can run out."""
    from bjcalc.core.errors import ShoeError
    from bjcalc.sidebets import BusterBlackjack

    shoe = Shoe.from_cards(cards)
    want = _buster_brute_distribution(cards.split(), h17)
    bet = BusterBlackjack(hits_soft_17=h17, burn_20=True)
    if want is None:
        with pytest.raises(ShoeError, match="run out of cards"):
            bet.bust_distribution(shoe, exact=True)
        return
    got = bet.bust_distribution(shoe, exact=True)
    assert {k: _fractions([v])[0] for k, v in got.items()} == want
    assert sum(want.values()) == 1
    # the 22-is-no-bust reading, and the six events of the bet
    flipped = BusterBlackjack(hits_soft_17=h17, burn_20=True, twenty_two_is_bust=False)
    assert {k: _fractions([v])[0] for k, v in flipped.bust_distribution(shoe, exact=True).items()} == \
        _buster_brute_distribution(cards.split(), h17, twenty_two_is_bust=False)
    events = bet.probabilities(shoe, exact=True)
    for n in range(3, 8):
        assert _fractions([events[f"bust {n} cards"]])[0] == want.get(f"bust {n} cards", 0)
    assert _fractions([events["bust 8+ cards"]])[0] == sum(
        (p for k, p in want.items() if k != "no bust" and int(k.split()[1]) >= 8), F(0))


def test_buster_burn20_brute_force_cases_cover_what_matters():
    """The shoes above include refusals, burns under both suit cases, and long hands."""
    dists = [_buster_brute_distribution(c.split(), h17) for c in SUITED_SHOES + _random_suited_shoes(8, seed=22)
             for h17 in (False, True)]
    assert any(d is None for d in dists) and sum(d is not None for d in dists) >= 16
    assert any(d is not None and any(int(k.split()[1]) >= 6 for k in d if k != "no bust") for d in dists)
    # a burned hand's length counts the fresh cards only: two tens and the ace of spades under
    # the ten of spades give 2-card fresh hands that are not the 3-card hand {T, T, x}
    cards = "TS KS AS 9H 8D 7C 6S 5H".split()
    burned = _buster_brute(cards, False)
    assert any(n == 2 and o < 5 for (o, n) in burned)


@pytest.mark.parametrize("h17", [False, True])
def test_burn20_lengths_sum_to_the_burned_part_of_the_dealer_outcomes(h17):
    """burn20_lengths summed over the length is burn20_outcomes less its hole-card 2-9 branch
    and the off-suit blackjack (an identity of the engine, not an independent check)."""
    from bjcalc.engine.burn20 import burn20_lengths, hole_branch_dealer

    shoe = np.array([4, 1, 2, 0, 1, 1, 2, 1, 1, 9])
    removed = np.array([[0] * 10, [1, 0, 0, 0, 0, 0, 0, 0, 0, 2], [0, 1, 1, 0, 0, 0, 0, 0, 0, 0]])
    for share in SHARES:
        p, stuck = burn20_outcomes(shoe, False, 10, removed, Burn20Dealer(h17, share), EXACT)
        hole = DealerEngine(Shoe.from_counts(shoe.tolist()), hole_branch_dealer(h17), EXACT).evaluate(10, removed)
        lengths, stuck_l = burn20_lengths(shoe - TEN_UP - removed, share, h17, EXACT)
        floats, _ = burn20_lengths(shoe - TEN_UP - removed, share, h17, FLOAT)
        assert (stuck == stuck_l).all() and not stuck.any()
        for i, r in enumerate(removed):
            m = shoe - TEN_UP - r
            burned = [sum(_fractions(lengths[i, :, o])) for o in range(11)]
            assert burned[:10] == [a - b for a, b in zip(_fractions(p[i, :10]), _fractions(hole.probabilities[i, :10]))]
            assert burned[10] == 0 and _fractions([p[i, 10]])[0] == (1 - share) * F(int(m[0]), int(m.sum()))
            assert np.abs(floats[i].astype(float) - lengths[i].astype(float)).max() < 1e-15


@pytest.mark.parametrize("h17", [False, True])
def test_buster_burn20_infinite_deck_equals_brute_force(h17):
    """Non-depleting draws: a burn stage B = N + b B by (outcome, length), so B = N / (1 - b)."""
    from bjcalc.sidebets import BusterBlackjack

    counts = [4] * 9 + [16]
    p = [F(c, 52) for c in counts]

    @lru_cache(maxsize=None)
    def complete(hand):
        hard = sum(hand)
        soft = 1 in hand and hard + 10 <= 21
        t = hard + 10 if soft else hard
        if t >= 18 or (t == 17 and not (soft and h17)):
            return {(t - 17, len(hand)): F(1)}
        out = {}
        for v in range(1, 11):
            _add(out, complete(tuple(sorted(hand + (v,)))), p[v - 1])
        return out

    again, fresh = F(0), {}
    for a in range(1, 11):
        for b in range(1, 11):
            if {a, b} in ({10}, {1, 10}):
                again += p[a - 1] * p[b - 1]
            else:
                _add(fresh, complete(tuple(sorted((a, b)))), p[a - 1] * p[b - 1])
    share = F(1, 4)
    dist = {}
    for up in range(1, 10):
        _add(dist, complete((up,)), p[up - 1])
    _add(dist, {(10, 2): F(1)}, p[9] * p[0] * (1 - share))
    _add(dist, {k: x / (1 - again) for k, x in fresh.items()}, p[9] * (p[9] + p[0] * share))
    for hole in range(2, 10):
        _add(dist, complete((hole, 10)), p[9] * p[hole - 1])
    want = {}
    for (o, n), x in dist.items():
        key = f"bust {n} cards" if 5 <= o <= 9 else "no bust"
        want[key] = want.get(key, F(0)) + x
    got = BusterBlackjack(hits_soft_17=h17, burn_20=True).bust_distribution(Shoe.infinite(), exact=True)
    assert {k: _fractions([v])[0] for k, v in got.items()} == {k: v for k, v in want.items() if v}
