"""Exact comparison of bjcalc's RESPLIT values with an independent brute force.

tests/oracles/brute_resplit.py was written from shared/reference/GAMES.md (section 1)
and the resplit contract only, never from the engine's source.

* ``test_self_*``   check the enumerator itself: hand-computed cases, agreement
                    with the older single-split enumerator tests/oracles/brute_force.py
                    at max_split_hands=2, a literal (un-memoised) re-enumeration,
                    and that the test shoes discriminate (CDZ-/CDP1/CDP, 3 vs 4
                    hands and the tie-break all change some values).
* ``test_engine_*`` compare bjcalc EXACTLY (rational equality) with the brute
                    force: split values of every pair v every up card on tiny
                    shoes, for max_split_hands 2/3/4, CDZ-/CDP1/CDP,
                    peek/enhc/enhc_obo, DAS on/off, resplit/hit/double split
                    aces, split_tens_by_rank; plus whole-game EVs.

Test shoes are 14-16 cards: four cards of a pair rank (so 4 hands happen), a few
small cards, many ten-values.  Pairs of ten-values are split only on the
by-rank shoe SK and on SE (on the others, splitting 7 tens four ways exhausts
the shoe).  Every value
compared here is computed without any path drawing from an empty shoe (the
enumerator raises EmptyShoeError otherwise, which would fail the test).
"""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest


from oracles import brute_resplit as br
from oracles.brute_resplit import RRules

F = Fraction
LABEL = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
STRATEGIES = ("CDZ-", "CDP1", "CDP")

# name: (counts as given to Shoe.from_counts, split_tens_by_rank)
SHOES = {
    "SA": ({3: 4, "T": 7, 2: 1, "A": 2, 4: 1, 9: 1}, False),           # 16: 3,3 / A,A
    "SB": ({8: 4, "T": 5, "A": 2, 4: 2, 6: 1, 7: 1}, False),           # 15: 8,8 / 4,4 / A,A
    "SC": ({4: 4, "T": 7, 2: 1, 8: 1, 9: 2, 7: 1}, False),             # 16: 4,4 / 9,9
    "SD": ({"A": 4, "T": 7, 6: 1, 9: 2, 7: 1, 5: 1}, False),           # 16: A,A (4 aces) / 9,9
    "SK": ({"K": 4, "T": 2, "Q": 1, 7: 2, 5: 2, 6: 1, 9: 2}, True),    # 14: K,K / T,T by rank
    "SE": ({"A": 2, 2: 1, 6: 1, 8: 4, "T": 6}, False),                 # 14: 8,8 / A,A / T,T by value
}
# shoes on which ten-value pairs are split even when not splitting by rank
TEN_PAIRS_OK = {"SE"}


def rules_kw(hole="peek", das=True, m=2, rsa=False, hsa=False, dsa=False, byrank=False):
    return dict(hole=hole, das=das, m=m, rsa=rsa, hsa=hsa, dsa=dsa, byrank=byrank)


def to_rrules(kw, tie_order=br.PREFERENCE) -> RRules:
    return RRules(hole=kw["hole"], das=kw["das"], max_split_hands=kw["m"],
                  resplit_aces=kw["rsa"], hit_split_aces=kw["hsa"],
                  double_split_aces=kw["dsa"], tens_by_rank=kw["byrank"], tie_order=tie_order)


def case_str(shoe_name, kw, strategy, pair, up) -> str:
    counts, _ = SHOES.get(shoe_name, (shoe_name, None))
    return (f"shoe {shoe_name} {counts} rules hole={kw['hole']} das={kw['das']} "
            f"max_split_hands={kw['m']} rsa={kw['rsa']} hsa={kw['hsa']} dsa={kw['dsa']} "
            f"tens_by_rank={kw['byrank']} strategy {strategy}: {pair},{pair} v {up}")


def pairs_and_ups(counts, byrank, only_pair=None, ten_pairs=False):
    """(pair label, up label) for every splittable pair and dealable up card.
    Ten-value pairs only when splitting by rank or ten_pairs (see module doc)."""
    full = br.make_rank_shoe(counts, True)
    ranks = [i + 1 for i, c in enumerate(full) if c]
    out = []
    for p in ranks:
        if full[p - 1] < 2 or (p >= 10 and not (byrank or ten_pairs)):
            continue
        if only_pair is not None and p != only_pair:
            continue
        for u in ranks:
            try:
                br.remove_ranks(full, p, p, u)
            except ValueError:
                continue
            out.append((LABEL.get(p, p), LABEL.get(u, u)))
    return out


def brute_split(counts, kw, strategy, pair, up, tie_order=br.PREFERENCE):
    """Brute-force split value, or None when undefined (peek and the dealer
    always has blackjack)."""
    try:
        return br.hand_values([pair, pair], up, counts, to_rrules(kw, tie_order), strategy)["split"]
    except ZeroDivisionError:
        return None


def fmt(x) -> str:
    return f"{x} (~{float(x):.12f})"


# ==========================================================================
# self tests (no engine)
# ==========================================================================

def test_self_hand_checked_resplit_count():
    # Full {8:3, T:5, 6:1}; split 8,8 v 6; no DAS.  Unseen {8:1, T:5}.
    # Every hand stands (8,T = 18 and 8,8 = 16 bust on any hit from these
    # cards; the reference situations only hold 8s and tens too).  The dealer
    # always busts: 6+8 = 14 -> +T/+8 bust; 6+T = 16 -> bust.  So the split
    # value is the expected number of hands.  The lone 8 resplits iff it is
    # one of the first two cards dealt (prob 2/6): 2 + 1/3 = 7/3 with 3 or 4
    # hands allowed, 2 with 2 hands.  Worst case the player takes 4 cards and
    # the dealer 2: exactly the 6 unseen.
    counts = {8: 3, "T": 5, 6: 1}
    for hole in ("peek", "enhc", "enhc_obo"):
        for st in STRATEGIES:
            for m, want in ((2, F(2)), (3, F(7, 3)), (4, F(7, 3))):
                got = brute_split(counts, rules_kw(hole=hole, das=False, m=m), st, 8, 6)
                assert got == want, (hole, st, m, got)


def test_self_hand_checked_dealer_blackjack_takes_split_hands():
    # Full {8:3, T:5, A:1}; split 8,8 v A; no DAS.  Unseen {8:1, T:5}; the hole
    # card is dealt after the player's cards.  All hands stand (18 or 16; any
    # hit busts).  Dealer: hole T -> BJ, hole 8 -> soft 19 (beats 18 and 16).
    # peek: given no BJ the hole IS the 8, so the player gets only tens, never
    #   resplits, and both hands lose: -2 for any max_split_hands.
    # enhc (BJ takes every bet): 8 among the first two cards (2/6) -> with
    #   3-4 hands: 3 hands, hole T -> -3; with 2 hands: 8,8 + 8,T, hole T -> -2.
    #   Else (4/6): 2 hands, hole 8 (1/4) -> -2 or BJ (3/4) -> -2.
    #   m=2: -2;  m=3,4: 2/6*(-3) + 4/6*(-2) = -7/3.
    # enhc_obo (BJ takes 1 unit): 8 early (2/6): hole T -> -1.  Else: hole 8
    #   (1/4) -> -2, BJ (3/4) -> -1: -5/4.  Total -1/3 - 5/6 = -7/6, any m.
    counts = {8: 3, "T": 5, "A": 1}
    want = {("peek", 2): -2, ("peek", 3): -2, ("peek", 4): -2,
            ("enhc", 2): -2, ("enhc", 3): F(-7, 3), ("enhc", 4): F(-7, 3),
            ("enhc_obo", 2): F(-7, 6), ("enhc_obo", 3): F(-7, 6), ("enhc_obo", 4): F(-7, 6)}
    for (hole, m), w in want.items():
        for st in STRATEGIES:
            assert brute_split(counts, rules_kw(hole=hole, das=False, m=m), st, 8, "A") == w


def test_self_hand_checked_resplit_aces():
    # Full {A:3, T:4, 9:1}; split A,A v 9, one card to each ace.  Unseen
    # {A:1, T:4}; dealer 9 + hole: T -> 19, A -> soft 20 (no BJ under a 9).
    # No resplit (rsa off, or 2 hands): A in position 1-2 (2/5): 21 and soft 12,
    #   hole T (19): 0.  A in the hole (1/5): 21,21 v 20: +2.  A later (2/5):
    #   21,21 v 19: +2.  Value 6/5.
    # rsa, 3-4 hands: A in position 1-2 (2/5): resplit, three 21s v 19: +3;
    #   else +2 as above.  Value 2/5*3 + 3/5*2 = 12/5.
    counts = {"A": 3, "T": 4, 9: 1}
    for hole in ("peek", "enhc", "enhc_obo"):
        for st in STRATEGIES:
            assert brute_split(counts, rules_kw(hole=hole, m=2), st, "A", 9) == F(6, 5)
            for m in (3, 4):
                assert brute_split(counts, rules_kw(hole=hole, m=m), st, "A", 9) == F(6, 5)
                assert brute_split(counts, rules_kw(hole=hole, m=m, rsa=True), st, "A", 9) \
                    == F(12, 5)


def test_self_hand_checked_tens_by_rank():
    # Full {K:3, T:4, 9:1}; split K,K v 9.  Unseen {K:1, T:4}; the dealer makes
    # 19 and stands; every player hand is 20 and stands: value = number of hands.
    # By rank (resplit only on the K): the K is among the first two cards with
    # prob 2/5 -> 3 hands: 2 + 2/5 = 12/5 (3 or 4 hands allowed), 2 with 2.
    # By value (any ten resplits): the first card always resplits -> 3 hands
    # with max 3; with max 4 the second card resplits too -> 4 hands, but then
    # 4 hands + dealer need 6 cards of the 5 unseen: only max 3 is checked.
    counts = {"K": 3, "T": 4, 9: 1}
    for hole in ("peek", "enhc", "enhc_obo"):
        for st in STRATEGIES:
            assert brute_split(counts, rules_kw(hole=hole, m=2, byrank=True), st, "K", 9) == 2
            assert brute_split(counts, rules_kw(hole=hole, m=3, byrank=True), st, "K", 9) == F(12, 5)
            assert brute_split(counts, rules_kw(hole=hole, m=4, byrank=True), st, "K", 9) == F(12, 5)
            assert brute_split(counts, rules_kw(hole=hole, m=3), st, "K", 9) == 3
            with pytest.raises(br.EmptyShoeError):
                brute_split(counts, rules_kw(hole=hole, m=4), st, "K", 9)


def test_self_decision_tie_break_order():
    # 21 (A,T after a split) v 6 from a shoe of tens only: hitting soft 21
    # always gives hard 21 again, so stand and hit tie exactly; the tie-break
    # must choose stand (first in the order stand, hit, double).
    rules = RRules()
    ref = br.make_rank_shoe({"T": 6}, False)
    refv = br.to_values(ref)
    h = (1, 10)
    assert br.U_stand(h, 6, refv, rules) == br.U_hit(h, 6, refv, rules)
    assert br.decide(h, 6, refv, rules, ("stand", "hit")) == "stand"
    r2 = RRules(tie_order=("hit", "stand", "double"))
    assert br.decide(h, 6, refv, r2, ("stand", "hit")) == "hit"


def test_self_matches_single_split_enumerator_at_two_hands():
    # tests/oracles/brute_force.py (someone else's enumerator) at max_split_hands=2,
    # CDZ- and CDP1 with the same tie-break (stand, hit, double); CDP equals
    # CDP1 when only 2 hands can exist (k - 1 = 1 always).
    from oracles import brute_force as bf
    tb = ("stand", "hit", "double")
    n = 0
    for shoe_name in ("SB", "SC"):
        counts, _ = SHOES[shoe_name]
        full = bf.make_shoe({br.rank_of(k): v for k, v in counts.items()})
        for hole, das, hsa in (("peek", True, False), ("enhc", False, True), ("enhc_obo", True, True)):
            kw = rules_kw(hole=hole, das=das, m=2, hsa=hsa)
            brules = bf.BFRules(hole=hole, das=das, max_split_hands=2, hit_split_aces=hsa)
            for pair, up in pairs_and_ups(counts, False):
                p, u = br.rank_of(pair), br.rank_of(up)
                vals = {st: brute_split(counts, kw, st, pair, up) for st in STRATEGIES}
                if vals["CDZ-"] is None:
                    continue
                assert vals["CDP"] == vals["CDP1"], (shoe_name, kw, pair, up)
                for st in ("CDZ-", "CDP1"):
                    want = bf.hand_values((p, p), u, full, brules, st, tb)["split"]
                    assert vals[st] == want, (shoe_name, kw, st, pair, up, vals[st], want)
                    n += 1
    assert n >= 40


@pytest.mark.parametrize("shoe_name,pair,up,kw", [
    ("SB", 8, 10, rules_kw(hole="enhc", m=4)),
    ("SB", 4, 6, rules_kw(hole="peek", m=3, das=False)),
    ("SA", 3, 2, rules_kw(hole="enhc_obo", m=4)),
    ("SD", 1, 7, rules_kw(hole="peek", m=4, rsa=True, hsa=True, dsa=True)),
    ("SD", 1, 10, rules_kw(hole="enhc", m=3, rsa=True, hsa=True)),
    ("SK", 13, 12, rules_kw(hole="enhc_obo", m=4, byrank=True)),
    ("SK", 13, 10, rules_kw(hole="peek", m=4, byrank=True)),
], ids=lambda x: str(x) if not isinstance(x, dict) else "")
def test_self_literal_enumeration_agrees(shoe_name, pair, up, kw):
    # The memoised round recursion vs a literal one that keeps the explicit list
    # of hands and re-derives every decision at every node.
    counts, byrank = SHOES[shoe_name]
    kw = dict(kw, byrank=byrank)
    rules = to_rrules(kw)
    full = br.make_rank_shoe(counts, byrank)
    for st in STRATEGIES:
        assert br.U_split(pair, up, full, rules, st) == br.U_split_literal(pair, up, full, rules, st)


def test_self_test_shoes_discriminate():
    # The engine comparison only means something if the strategies, the hand
    # limit and the tie-break order actually change split values on these shoes.
    diff = {"CDZ- vs CDP1": 0, "CDP1 vs CDP": 0, "3 vs 4 hands": 0, "tie-break": 0}
    for shoe_name, hole in (("SB", "peek"), ("SC", "enhc"), ("SK", "peek")):
        counts, byrank = SHOES[shoe_name]
        kw4 = rules_kw(hole=hole, m=4, byrank=byrank)
        kw3 = dict(kw4, m=3)
        for pair, up in pairs_and_ups(counts, byrank):
            v = {st: brute_split(counts, kw4, st, pair, up) for st in STRATEGIES}
            if v["CDP"] is None:
                continue
            diff["CDZ- vs CDP1"] += v["CDZ-"] != v["CDP1"]
            diff["CDP1 vs CDP"] += v["CDP1"] != v["CDP"]
            diff["3 vs 4 hands"] += brute_split(counts, kw3, "CDP", pair, up) != v["CDP"]
            diff["tie-break"] += any(brute_split(counts, kw4, "CDP", pair, up, tie) != v["CDP"]
                                     for tie in (("hit", "stand", "double"),
                                                 ("double", "hit", "stand")))
    assert all(n >= 2 for n in diff.values()), diff


# ==========================================================================
# engine comparisons
# ==========================================================================

def _engine():
    import bjcalc  # noqa: F401  -- an ImportError here is a test failure, on purpose
    return bjcalc


@functools.lru_cache(maxsize=None)
def engine_calc(shoe_name: str, kw_items: tuple, strategy: str):
    bj = _engine()
    kw = dict(kw_items)
    counts, _ = SHOES[shoe_name]
    rules = bj.Rules(decks=1, dealer_hits_soft_17=False, hole_card=kw["hole"], double_on="any",
                     double_soft=True, double_after_split=kw["das"], max_split_hands=kw["m"],
                     resplit_aces=kw["rsa"], hit_split_aces=kw["hsa"],
                     double_split_aces=kw["dsa"], split_tens_by_rank=kw["byrank"],
                     surrender="none")
    return bj.Calculator(rules, shoe=bj.Shoe.from_counts(dict(counts)), split_strategy=strategy,
                         exact=True)


def to_fraction(v) -> Fraction:
    if isinstance(v, (int, Fraction)) and not isinstance(v, bool):
        return Fraction(v)
    if hasattr(v, "p") and hasattr(v, "q"):          # sympy Rational / Integer
        return Fraction(int(v.p), int(v.q))
    raise TypeError(f"engine returned {v!r} ({type(v).__name__}) with exact=True")


def compare_splits(shoe_name, kw, only_pair=None):
    """Compare every (pair, up) of the shoe for the 3 post-split strategies.
    Returns (number compared, list of mismatch descriptions)."""
    counts, byrank = SHOES[shoe_name]
    kw = dict(kw, byrank=byrank)
    bad, n = [], 0
    for st in STRATEGIES:
        calc = engine_calc(shoe_name, tuple(sorted(kw.items())), st)
        for pair, up in pairs_and_ups(counts, byrank, only_pair, shoe_name in TEN_PAIRS_OK):
            want = brute_split(counts, kw, st, pair, up)
            if want is None:
                continue
            got = to_fraction(calc.hand([pair, pair], up)["split"])
            n += 1
            if got != want:
                bad.append(f"{case_str(shoe_name, kw, st, pair, up)}: engine {fmt(got)} "
                           f"brute {fmt(want)}")
    return n, bad


# --- main grid: every shoe x (hole card, DAS, hands) x CDZ-/CDP1/CDP -----------
# (a rotation rather than the full product, to keep the runtime down; every
# hole card meets DAS on and off with 3 and 4 hands across the two lists)
HOLE_DAS_HANDS = [
    ("peek", True, 2), ("enhc_obo", False, 2),                                    # sanity
    ("peek", True, 3), ("enhc", False, 3), ("enhc_obo", True, 3), ("peek", False, 3),
    ("peek", False, 4), ("enhc", True, 4), ("enhc_obo", False, 4), ("peek", True, 4),
    ("enhc", False, 4),
]
MAIN = [(s, hole, das, m) for s in SHOES for hole, das, m in HOLE_DAS_HANDS if s != "SE"]
MAIN += [("SE", "peek", True, 3), ("SE", "enhc", False, 4), ("SE", "enhc_obo", True, 4),
         ("SE", "peek", False, 4)]


@pytest.mark.parametrize("shoe_name,hole,das,m", MAIN,
                         ids=[f"{s}-{h}-{'DAS' if d else 'noDAS'}-{m}h" for s, h, d, m in MAIN])
def test_engine_split_values(shoe_name, hole, das, m):
    n, bad = compare_splits(shoe_name, rules_kw(hole=hole, das=das, m=m))
    assert n > 0
    assert not bad, f"{len(bad)} mismatches of {n}:\n" + "\n".join(bad)


# --- split aces: resplit / hit / double split aces, only A,A compared --------
ACE_FLAGS = [  # (rsa, hsa, dsa, das)
    (False, True, False, True), (True, False, False, True), (True, False, False, False),
    (True, True, False, True), (True, True, False, False), (True, True, True, True),
    (False, True, True, True),
]
_HOLES = ("peek", "enhc", "enhc_obo")
ACES = [(s, _HOLES[(i + j + 2 * si) % 3], fl, m)
        for si, s in enumerate(("SA", "SB", "SD", "SE")) for i, fl in enumerate(ACE_FLAGS)
        for j, m in enumerate((3, 4))]


@pytest.mark.parametrize("shoe_name,hole,flags,m", ACES,
                         ids=[f"{s}-{h}-rsa{int(f[0])}hsa{int(f[1])}dsa{int(f[2])}das{int(f[3])}-{m}h"
                              for s, h, f, m in ACES])
def test_engine_split_aces(shoe_name, hole, flags, m):
    rsa, hsa, dsa, das = flags
    n, bad = compare_splits(shoe_name, rules_kw(hole=hole, das=das, m=m, rsa=rsa, hsa=hsa, dsa=dsa),
                            only_pair=1)
    assert n > 0
    assert not bad, f"{len(bad)} mismatches of {n}:\n" + "\n".join(bad)


# --- the hand-checked shoes of the self tests, through the engine ---------------
HAND_CHECKED = [
    ({8: 3, "T": 5, 6: 1}, 8, 6, dict(das=False), {2: F(2), 3: F(7, 3), 4: F(7, 3)}),
    ({8: 3, "T": 5, "A": 1}, 8, "A", dict(hole="enhc", das=False), {2: F(-2), 3: F(-7, 3), 4: F(-7, 3)}),
    ({8: 3, "T": 5, "A": 1}, 8, "A", dict(hole="enhc_obo", das=False), {2: F(-7, 6), 3: F(-7, 6), 4: F(-7, 6)}),
    ({8: 3, "T": 5, "A": 1}, 8, "A", dict(hole="peek", das=False), {2: F(-2), 3: F(-2), 4: F(-2)}),
    ({"A": 3, "T": 4, 9: 1}, "A", 9, dict(rsa=True), {3: F(12, 5), 4: F(12, 5)}),
    ({"A": 3, "T": 4, 9: 1}, "A", 9, dict(), {2: F(6, 5), 3: F(6, 5), 4: F(6, 5)}),
    ({"K": 3, "T": 4, 9: 1}, "K", 9, dict(byrank=True), {2: F(2), 3: F(12, 5), 4: F(12, 5)}),
    ({"K": 3, "T": 4, 9: 1}, "K", 9, dict(), {3: F(3)}),
]


@pytest.mark.parametrize("case", HAND_CHECKED, ids=[f"hc{i}" for i in range(len(HAND_CHECKED))])
def test_engine_hand_checked_cases(case):
    bj = _engine()
    counts, pair, up, kw, want = case
    bad = []
    for m, w in want.items():
        k = rules_kw(m=m, **kw)
        for st in STRATEGIES:
            rules = bj.Rules(decks=1, hole_card=k["hole"], double_after_split=k["das"],
                             max_split_hands=m, resplit_aces=k["rsa"],
                             split_tens_by_rank=k["byrank"])
            calc = bj.Calculator(rules, shoe=bj.Shoe.from_counts(dict(counts)), split_strategy=st,
                                 exact=True)
            got = to_fraction(calc.hand([pair, pair], up)["split"])
            if got != w:
                bad.append(f"{counts} {k} {st} {pair},{pair} v {up}: engine {fmt(got)} want {w}")
    assert not bad, "\n".join(bad)


# --- whole-game EV (CD play, resplits) -------------------------------------------
GAMES = [
    ("SB", rules_kw(hole="peek", das=True, m=3), "CDZ-"),
    ("SB", rules_kw(hole="enhc", das=False, m=3), "CDP"),
    ("SD", rules_kw(hole="peek", das=True, m=3, rsa=True), "CDP1"),
    ("SD", rules_kw(hole="enhc_obo", das=True, m=3, rsa=True, hsa=True, dsa=True), "CDP"),
    ("SC", rules_kw(hole="enhc_obo", das=False, m=4), "CDP"),
    ("SK", rules_kw(hole="peek", das=True, m=3), "CDP"),
    ("SK", rules_kw(hole="enhc", das=True, m=4), "CDP1"),
]


@pytest.mark.parametrize("game", GAMES, ids=[f"{s}-{k['hole']}-{k['m']}h-{st}" for s, k, st in GAMES])
def test_engine_game_ev(game):
    shoe_name, kw, st = game
    counts, byrank = SHOES[shoe_name]
    kw = dict(kw, byrank=byrank)
    want = br.game_ev(counts, to_rrules(kw), st)
    got = to_fraction(engine_calc(shoe_name, tuple(sorted(kw.items())), st).game().ev)
    assert got == want, f"{case_str(shoe_name, kw, st, '-', '-')} game EV: engine {fmt(got)} brute {fmt(want)}"
