"""Buster Blackjack, model "player", checked EXACTLY against an independent brute force.

tests/oracles/buster_player_brute.py enumerates every card sequence of a round (player's
cards by the CD strategy, then the dealer's) on tiny shoes, written from
shared/reference/GAMES.md and the public API only (player decisions from
tests/oracles/brute_force.py).

* ``test_self_*``   check the brute force itself.
* ``test_engine_*`` compare bjcalc's ``BusterBlackjack(model="player", ...)`` with it,
                    exactly (rational equality).  They FAIL (not skip) while the
                    engine does not implement the model.

A THEOREM the self tests confirm on every case: the "player" model equals the
"shoe" model exactly.  The player's draws are a stopping time of the card sequence
(every decision uses only cards already seen: his own, the up card, and in peek
games the fact that there is no dealer blackjack), and for cards dealt without
replacement the cards after a stopping time are distributed like fresh cards from
the shoe (given the up and hole cards).  So removing the player's cards does not
change the dealer's bust distribution, on any shoe, with any legal strategy.  The
enumeration does remove them: a clairvoyant "strategy" that looks at the next card
(test_self_enumeration_discriminates) changes the distribution.
"""

from __future__ import annotations

from fractions import Fraction

import pytest


from oracles import brute_force as bf
from oracles import buster_player_brute as bpb
from oracles.buster_player_brute import BusterRules

F = Fraction

# --------------------------------------------------------------------------
# shoes: 13 counts by rank A, 2..9, T, J, Q, K (15-18 cards, many ten-values so
# that no enumerated path, nor any value a decision looks at, runs out of cards:
# the brute force raises EmptyShoeError if one does)
# --------------------------------------------------------------------------
#            A  2  3  4  5  6  7  8  9  T  J  Q  K
SHOES13 = {
    "S1": (2, 1, 1, 0, 0, 1, 0, 2, 0, 2, 2, 2, 2),   # 15 cards
    "S2": (2, 0, 0, 1, 2, 0, 2, 0, 1, 3, 2, 2, 2),   # 17 cards
    "S3": (3, 2, 0, 0, 0, 1, 0, 0, 2, 4, 2, 2, 2),   # 18 cards
    "S4": (2, 0, 2, 0, 1, 0, 2, 2, 0, 9, 0, 0, 0),   # 18 cards
    "S5": (2, 2, 0, 2, 0, 2, 0, 0, 0, 1, 3, 3, 3),   # 18 cards
}


def values_of(counts13) -> tuple:
    """13 counts by rank -> the brute force's 10 counts by value."""
    return tuple(counts13[:9]) + (sum(counts13[9:]),)


# rule sets as bjcalc Rules(...) keyword arguments
_BASE = dict(decks=1, dealer_hits_soft_17=True, hole_card="peek", max_split_hands=2,
             double_after_split=True, surrender="none")


def _cfg(**kw):
    d = dict(_BASE)
    d.update(kw)
    return d


CONFIGS = {
    # the brief's example: peek, H17, DAS, split to 2, no surrender
    "R1": _cfg(),
    # peek, S17, no DAS, late surrender
    "R2": _cfg(dealer_hits_soft_17=False, double_after_split=False, surrender="late"),
    # ENHC (lose all), H17, DAS
    "R3": _cfg(hole_card="enhc"),
    # ENHC, S17, no DAS, resplit to 3 hands
    "R4": _cfg(hole_card="enhc", dealer_hits_soft_17=False, double_after_split=False,
               max_split_hands=3),
    # peek, H17, DAS, resplit to 3 hands incl. aces, hit split aces
    "R5": _cfg(max_split_hands=3, resplit_aces=True, hit_split_aces=True),
    # peek, S17, no split, double 9-11 only
    "R6": _cfg(dealer_hits_soft_17=False, max_split_hands=1, double_on="9-11"),
}

ENGINE_CASES = [
    ("R1", "S1"), ("R1", "S2"), ("R1", "S3"),
    ("R2", "S4"), ("R2", "S5"),
    ("R3", "S1"), ("R3", "S3"),
    ("R4", "S2"), ("R4", "S5"),
    ("R5", "S3"), ("R5", "S4"),
    ("R6", "S1"),
]


def brute_rules(name: str) -> BusterRules:
    return BusterRules.from_engine_kwargs(**CONFIGS[name])


_cache = {}


def player(rname: str, sname: str, strategy: str = "CD"):
    k = (rname, sname, strategy)
    if k not in _cache:
        _cache[k] = bpb.player_model(values_of(SHOES13[sname]), brute_rules(rname), strategy)
    return _cache[k]


def shoe_brute(sname: str, h17: bool):
    return bpb.shoe_model(values_of(SHOES13[sname]), h17)


def to_fraction(x) -> Fraction:
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    return Fraction(int(x.p), int(x.q))     # sympy.Rational


def series_dict(series) -> dict:
    return {str(k): to_fraction(v) for k, v in series.items()}


def assert_same_lengths(engine: dict, brute: dict):
    """Engine's bust_distribution (every length) v the brute force's lengths."""
    want = bpb.as_lengths(brute)
    for label in set(engine) | set(want):
        assert engine.get(label, F(0)) == want.get(label, F(0)), \
            (label, engine.get(label), want.get(label))


# --------------------------------------------------------------------------
# self tests
# --------------------------------------------------------------------------

@pytest.mark.parametrize("rname,sname", ENGINE_CASES)
def test_self_sums_to_one(rname, sname):
    d = player(rname, sname)
    assert sum(d.values()) == 1
    assert all(p >= 0 for p in d.values())
    assert all(k == bpb.NO_BUST or k >= 3 for k in d)


@pytest.mark.parametrize("rname,sname", [("R1", "S1"), ("R3", "S2"), ("R2", "S5")])
def test_self_forced_stand_equals_shoe_model_without_player_cards(rname, sname):
    """Player never draws: the dealer's hand is the shoe model on the shoe minus the
    player's two cards, averaged over those two cards."""
    full = values_of(SHOES13[sname])
    r = brute_rules(rname)
    got = player(rname, sname, "stand")
    want = {}
    for c1, p1, s1 in bpb.draws(full):
        for c2, p2, s2 in bpb.draws(s1):
            for k, q in bpb.shoe_model(s2, r.h17).items():
                bpb.add(want, k, p1 * p2 * q)
    assert got == want


@pytest.mark.parametrize("sname", sorted(SHOES13))
@pytest.mark.parametrize("h17", [False, True])
def test_self_shoe_model_matches_bjcalc(sname, h17):
    from bjcalc import Shoe
    from bjcalc.sidebets import BusterBlackjack
    shoe = Shoe.from_counts(list(SHOES13[sname]))
    engine = series_dict(BusterBlackjack(hits_soft_17=h17).bust_distribution(shoe, exact=True))
    assert_same_lengths(engine, shoe_brute(sname, h17))
    ev = series_dict(BusterBlackjack(hits_soft_17=h17).probabilities(shoe, exact=True))
    assert ev == bpb.as_events(shoe_brute(sname, h17))


@pytest.mark.parametrize("rname,sname", ENGINE_CASES)
def test_self_player_model_equals_shoe_model(rname, sname):
    """The theorem of the module docstring, confirmed by brute force."""
    assert player(rname, sname) == shoe_brute(sname, brute_rules(rname).h17)


@pytest.mark.parametrize("rname,sname", [("R1", "S1"), ("R3", "S2"), ("R2", "S4")])
def test_self_enumeration_discriminates(rname, sname):
    """The shoes do discriminate a dealer hand that depends on the player's cards:
    a clairvoyant player (sees the next card, leaves a busting card to the dealer)
    gives a different distribution from the shoe model and the CD player."""
    r = brute_rules(rname)
    full = values_of(SHOES13[sname])
    oracle = bpb.oracle_model(full, r)
    assert sum(oracle.values()) == 1
    assert oracle != shoe_brute(sname, r.h17)
    assert oracle != player(rname, sname)
    # and the CD player really draws cards on these shoes
    actions = set()
    for (hand, up), p in bf.deal_probabilities(full).items():
        if bpb.natural(hand) or (r.hole == "peek" and bf.p_dealer_bj(up, bf.remove(full, up, *hand)) == 1):
            continue
        actions.add(bpb.initial_action(hand, up, full, r))
    assert {"hit", "stand"} <= actions and actions & {"double", "split"}


@pytest.mark.parametrize("rname,sname", [("R1", "S1"), ("R2", "S4"), ("R3", "S3"), ("R6", "S1")])
def test_self_play_is_the_cd_strategy(rname, sname):
    """The main-bet EV of exactly the card sequences enumerated equals the CD game
    EV of brute_force.py (two hands at most, (stand, hit, double) tie-break after a
    split): the explicit play realises the optimal values."""
    r = brute_rules(rname)
    full = values_of(SHOES13[sname])
    assert bpb.main_game_ev(full, r) == bf.game_ev(full, r.bf(), "CDZ-", bpb.POST_SPLIT_ORDER)


@pytest.mark.parametrize("rname,sname", [("R4", "S2"), ("R5", "S3")])
def test_self_play_realises_its_values_with_resplits(rname, sname):
    """Three hands: the EV of the enumerated play equals the values the decisions used."""
    r = brute_rules(rname)
    full = values_of(SHOES13[sname])
    want = F(0)
    for (hand, up), p in bf.deal_probabilities(full).items():
        shoe = bf.remove(full, up, *hand)
        pbj = bf.p_dealer_bj(up, shoe)
        if bpb.natural(hand):
            want += p * (1 - pbj) * F(3, 2)
        elif r.hole == "peek":
            want += p * (-pbj + (max(bpb.initial_values(hand, up, full, r).values()) if pbj < 1 else 0))
        else:
            want += p * max(bpb.initial_values(hand, up, full, r).values())
    assert bpb.main_game_ev(full, r) == want


@pytest.mark.parametrize("rname,sname", [("R1", "S1"), ("R2", "S3"), ("R3", "S5")])
def test_self_split_value_matches_brute_force(rname, sname):
    r = brute_rules(rname)
    full = values_of(SHOES13[sname])
    n = 0
    for pair in range(1, 11):
        for up in range(1, 11):
            need = {pair: 2}
            need[up] = need.get(up, 0) + 1
            if any(full[c - 1] < k for c, k in need.items()):
                continue
            n += 1
            assert bpb.U_split(pair, up, full, r) == \
                bf.U_split(pair, up, full, r.bf(), "CDZ-", bpb.POST_SPLIT_ORDER), (pair, up)
    assert n > 10


def test_self_hand_counted_by_hand():
    """A 4-card shoe worked by hand: three tens and a 6, dealer S17.
    Up card random: T (3/4) or 6 (1/4).  Shoe model: up T, hole T (2/3) -> 20 no
    bust; up T, hole 6 (1/3) -> 16, draws T (2/2) -> bust 3.  Up 6, hole T -> 16,
    draws T -> bust 3.  P(bust 3) = 3/4 * 1/3 + 1/4 = 1/2."""
    d = bpb.shoe_model(bpb.make_shoe({6: 1, 10: 3}), False)
    assert d == {3: F(1, 2), bpb.NO_BUST: F(1, 2)}


def test_self_empty_shoe_raises():
    with pytest.raises(bpb.EmptyShoeError):
        bpb.shoe_model(bpb.make_shoe({2: 3}), False)


# --------------------------------------------------------------------------
# engine tests (fail until BusterBlackjack(model="player") exists)
# --------------------------------------------------------------------------

def _engine_bet(rname):
    from bjcalc import Rules
    from bjcalc.sidebets import BusterBlackjack
    return BusterBlackjack(model="player", rules=Rules(**CONFIGS[rname]), strategy="CD")


@pytest.mark.parametrize("rname,sname", ENGINE_CASES)
def test_engine_bust_distribution(rname, sname):
    from bjcalc import Shoe
    shoe = Shoe.from_counts(list(SHOES13[sname]))
    engine = series_dict(_engine_bet(rname).bust_distribution(shoe, exact=True))
    assert_same_lengths(engine, player(rname, sname))


@pytest.mark.parametrize("rname,sname", [("R1", "S2"), ("R2", "S4"), ("R4", "S5"), ("R5", "S3")])
def test_engine_probabilities(rname, sname):
    from bjcalc import Shoe
    shoe = Shoe.from_counts(list(SHOES13[sname]))
    series = _engine_bet(rname).probabilities(shoe, exact=True)
    assert [str(k) for k in series.index] == list(bpb.as_events({}).keys())
    assert series_dict(series) == bpb.as_events(player(rname, sname))
