"""Issue 14: doubling on any number of cards and surrender at any time, checked exactly
against an independent brute force.

tests/oracles/brute_anytime.py was written from shared/reference/GAMES.md, issue 14's rule
contract and the README's definitions, never from the engine's source (it reuses the
independent tests/oracles/brute_force.py for the dealer and the deal).

* ``test_self_*``   check the brute force on its own: with both rules off it equals
                    brute_force exactly; hand-worked cases; turning a rule on never lowers a
                    value; identities.  They do not need the new engine rules:
                    ``python -m pytest tests/oracles/test_brute_anytime.py -k self``
* ``test_engine_*`` compare bjcalc EXACTLY (rational equality) with the brute force: game EV,
                    every two-card hand's action values and some three-card hands, on small
                    shoes, peek / ENHC / ENHC OBO, S17 / H17, DAS on / off, splits (two hands,
                    CDZ- and CDP1), each rule alone and both together.  They are SKIPPED only
                    while ``bjcalc.Rules`` refuses ``double_after_hit=True`` or
                    ``surrender="any_time"`` (the engine does not have the rule yet); any other
                    error fails.

Post-split reading.  A split hand's CDZ-/CDP1 decision compares single-hand values of the
same cards; once split and unsplit hands have different actions after a hit (surrender at
any time is unsplit only; doubling after a hit needs DAS on a split hand) "the value of
hitting" can continue with the unsplit hand's actions (``SPLIT_REFERENCE = "unsplit"``,
the README's "CDZ- plays a split hand as the same cards unsplit") or with the split hand's
own (``"split"``).  The readings differ on many split values here; a failing engine
comparison says which reading, if any, the engine's value equals.
"""

from __future__ import annotations

import ast
import functools
from fractions import Fraction

import pytest

from oracles import brute_anytime as ba
from oracles import brute_force as bf
from oracles import brute_pmf
from oracles.brute_anytime import ARules, make_shoe

F = Fraction
SPLIT_REFERENCE = "unsplit"
# CDZ- plays a split hand by the unsplit hand's values; CDP1 decides optimally for the split
# hand itself, whose own actions (no surrender, doubling only with DAS) then carry on after a
# hit: the "split" reading.
READING = {"CDZ-": "unsplit", "CDP1": "split"}

# --------------------------------------------------------------------------
# shoes (brute_force's test shoes: 15-18 cards, many ten-values; no enumerated path runs
# out of cards -- test_self_combos_never_exhaust checks it with both rules on)
# --------------------------------------------------------------------------

SHOES = {
    "S1": {1: 2, 2: 1, 3: 1, 6: 1, 8: 2, 10: 8},          # 15 cards
    "S2": {1: 2, 4: 1, 5: 2, 7: 2, 9: 1, 10: 9},          # 17 cards
    "S3": {1: 3, 2: 2, 6: 1, 9: 2, 10: 10},               # 18 cards
    "S4": {1: 2, 3: 2, 5: 1, 7: 2, 8: 2, 10: 9},          # 18 cards
    "S5": {1: 2, 2: 2, 4: 2, 6: 2, 10: 10},               # 18 cards
}

# rule sets as the engine's Rules(...) keyword arguments
_BASE = dict(decks=1, dealer_hits_soft_17=False, blackjack_pays="3:2", hole_card="peek",
             double_on="any", double_soft=True, double_after_split=True, max_split_hands=2,
             resplit_aces=False, hit_split_aces=False, double_split_aces=False,
             split_tens_by_rank=False, surrender="none", max_hand_cards=None)
DAH = dict(double_after_hit=True)
ANY = dict(surrender="any_time")


def _cfg(new: dict, **kw) -> dict:
    d = dict(_BASE)
    d.update(new)
    d.update(kw)
    return d


CONFIGS = {
    # doubling after a hit alone
    "D1": _cfg(DAH),                                                   # peek S17 DAS
    "D2": _cfg(DAH, dealer_hits_soft_17=True, double_after_split=False, double_on="9-11",
               hit_split_aces=True),                                   # peek H17 no DAS
    "D3": _cfg(DAH, hole_card="enhc", hit_split_aces=True),            # split aces hit, then double
    "D4": _cfg(DAH, hole_card="enhc_obo", dealer_hits_soft_17=True, double_on="10-11",
               double_soft=False),
    "D5": _cfg(DAH, hole_card="enhc", double_after_split=False),
    # surrender at any time alone
    "R1": _cfg(ANY),                                                   # peek S17 DAS
    "R2": _cfg(ANY, hole_card="enhc", dealer_hits_soft_17=True, double_after_split=False),
    "R3": _cfg(ANY, hole_card="enhc_obo", hit_split_aces=True),
    # both
    "B1": _cfg({**DAH, **ANY}, dealer_hits_soft_17=True),              # peek H17 DAS
    "B2": _cfg({**DAH, **ANY}, hole_card="enhc", double_after_split=False, double_on="9-11"),
    "B3": _cfg({**DAH, **ANY}, hole_card="enhc_obo", dealer_hits_soft_17=True,
               hit_split_aces=True, double_split_aces=True),
    "B4": _cfg({**DAH, **ANY}, max_split_hands=1),                     # peek, no split
    "B5": _cfg({**DAH, **ANY}, hole_card="enhc", dealer_hits_soft_17=True, double_soft=False),
}

# (config, shoe, post-split strategy) compared with the engine
COMBOS = [
    ("D1", "S1", "CDZ-"), ("D1", "S4", "CDP1"), ("D2", "S5", "CDZ-"), ("D3", "S2", "CDZ-"),
    ("D4", "S3", "CDZ-"), ("D5", "S5", "CDZ-"),
    ("R1", "S3", "CDZ-"), ("R2", "S1", "CDZ-"), ("R3", "S2", "CDP1"),
    ("B1", "S4", "CDZ-"), ("B2", "S5", "CDZ-"), ("B3", "S1", "CDZ-"), ("B4", "S2", "CDZ-"),
    ("B5", "S3", "CDP1"),
]
COMBO_IDS = [f"{c}-{s}-{st}" for c, s, st in COMBOS]


def a_rules(cfg: dict, split_reference: str = SPLIT_REFERENCE, **change) -> ARules:
    """The brute force's rules for an engine configuration (`change`: brute-force fields)."""
    a, b = cfg["blackjack_pays"].split(":")
    assert not cfg["resplit_aces"] and not cfg["split_tens_by_rank"] and cfg["max_hand_cards"] is None
    kw = dict(h17=cfg["dealer_hits_soft_17"], bj_pays=F(int(a), int(b)), hole=cfg["hole_card"],
              double_on=cfg["double_on"], double_soft=cfg["double_soft"],
              das=cfg["double_after_split"], max_split_hands=cfg["max_split_hands"],
              hit_split_aces=cfg["hit_split_aces"], double_split_aces=cfg["double_split_aces"],
              surrender=cfg["surrender"], double_after_hit=cfg.get("double_after_hit", False),
              split_reference=split_reference)
    kw.update(change)
    return ARules(**kw)


def comparable_deals(full, rules):
    """Non-natural two-card hands v up cards for which hand() is defined."""
    out = []
    for (hand, up), _ in sorted(bf.deal_probabilities(full).items()):
        if bf.is_natural(hand):
            continue
        if rules.hole == "peek" and bf.p_dealer_bj(up, bf.remove(full, up, *hand)) == 1:
            continue
        out.append((hand, up))
    return out


def fmt(x) -> str:
    return f"{x} (~{float(x):.9f})"


# ==========================================================================
# self tests of the brute force (no engine needed)
# ==========================================================================

def test_self_oracles_import_nothing_from_bjcalc():
    # The agreement with the engine is evidence only if the brute force is independent.
    for mod in (ba, bf):
        tree = ast.parse(open(mod.__file__, encoding="utf-8").read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(n.split(".")[0] == "bjcalc" for n in names), (mod.__name__, names)


OFF_CASES = [  # (shoe, brute_force rules): both new rules off
    ("S1", dict(hole="peek", surrender="late")),
    ("S5", dict(hole="enhc", h17=True, das=False, surrender="early")),
    ("S2", dict(hole="enhc_obo", hit_split_aces=True, surrender="late")),
]


@pytest.mark.parametrize("shoe_name,kw", OFF_CASES, ids=[s for s, _ in OFF_CASES])
def test_self_rules_off_equal_brute_force(shoe_name, kw):
    # Both rules off: every hand value and the game EV are brute_force's, exactly, under
    # either post-split reading (they coincide when split and unsplit hands have the same
    # actions after a hit).
    full = make_shoe(SHOES[shoe_name])
    old = bf.BFRules(**kw)
    assert bf.game_ev_candidates(full, old) == ba.game_ev_candidates(full, ARules(**kw))
    for ref in ("unsplit", "split"):
        new = ARules(split_reference=ref, **kw)
        assert ba.to_bf_rules(new) == old
        for hand, up in comparable_deals(full, new):
            assert (ba.hand_value_candidates(hand, up, full, new)
                    == bf.hand_value_candidates(hand, up, full, old)), (hand, up, ref)


@pytest.mark.parametrize("hole", ["peek", "enhc", "enhc_obo"])
def test_self_double_after_hit_hand_worked(hole):
    # Full shoe {2, 3, 6, T x4}; up T (no ace: no dealer blackjack, so peek, ENHC and OBO
    # agree and nothing is conditioned).
    # (a) 2,3,6 = 11 v T: the unseen cards are three tens.  Stand: 11 v 20 -> -1.  Hit: a
    #     ten, 21 v 20 -> +1 (hitting 21 busts).  Double after the hits: 21 for two bets, +2.
    #     Without the rule a three-card hand has no double.
    # (b) 2,3 = 5 v T: unseen {6, T, T, T}.  Hit: the 6 (1/4) makes 2,3,6 = 11 with three
    #     tens left, worth +2 with the rule (double, as in (a)) and +1 without; a ten (3/4)
    #     makes 15 with {6, T, T} left: stand -1/3 (hole 6 -> 16, draws a ten, busts: +1;
    #     hole ten: 20, -1), hit -1/3 (the 6 -> 21, +1; a ten busts), double after hit -2/3,
    #     so -1/3.  Hit = 1/4 * 2 + 3/4 * (-1/3) = +1/4 (rule) and 1/4 - 1/4 = 0 (no rule).
    #     Stand 5 = -1/2 (the dealer busts only on hole 6), double 5 = -1: unchanged.
    #     double_on="10-11" still allows 11 after the hits (so hit stays +1/4) but not 5;
    #     "9-11" likewise; "none" gives the old value 0.
    full = make_shoe({2: 1, 3: 1, 6: 1, 10: 4})
    assert ba.hand_values((2, 3, 6), 10, full, ARules(hole=hole)) == {"stand": -1, "hit": 1}
    assert ba.hand_values((2, 3, 6), 10, full, ARules(hole=hole, double_after_hit=True)) == {
        "stand": -1, "hit": 1, "double": 2}
    assert ba.hand_values((2, 3), 10, full, ARules(hole=hole)) == {
        "stand": F(-1, 2), "hit": 0, "double": -1}
    assert ba.hand_values((2, 3), 10, full, ARules(hole=hole, double_after_hit=True)) == {
        "stand": F(-1, 2), "hit": F(1, 4), "double": -1}
    for on in ("10-11", "9-11"):
        assert ba.hand_values((2, 3), 10, full, ARules(hole=hole, double_after_hit=True,
                                                       double_on=on)) == {
            "stand": F(-1, 2), "hit": F(1, 4)}
    assert ba.hand_values((2, 3), 10, full, ARules(hole=hole, double_after_hit=True,
                                                   double_on="none")) == {
        "stand": F(-1, 2), "hit": 0}


@pytest.mark.parametrize("hole", ["peek", "enhc", "enhc_obo"])
def test_self_surrender_any_time_hand_worked(hole):
    # Full shoe {2, 4, T x4}; 10,2 = 12 v T (no ace: no dealer blackjack anywhere).
    # Unseen {4, T, T}.  Stand 12: hole 4 (1/3) -> 14, draws a ten, busts: +1; hole ten
    # (2/3): 20, -1 => -1/3.  Hit: a ten (2/3) busts, -1; the 4 (1/3) makes 16 with two tens
    # left: the dealer has 20, standing or hitting loses 1, surrendering now loses 1/2 =>
    # hit = 2/3 * (-1) + 1/3 * (-1/2) = -5/6 with surrender at any time, -1 without.
    # Double: 16 or bust for two bets, -2.  Surrender on the two cards: -1/2 (late or any time).
    full = make_shoe({2: 1, 4: 1, 10: 4})
    old = {"stand": F(-1, 3), "hit": -1, "double": -2}
    assert ba.hand_values((10, 2), 10, full, ARules(hole=hole)) == old
    assert ba.hand_values((10, 2), 10, full, ARules(hole=hole, surrender="late")) == {
        **old, "surrender": F(-1, 2)}
    for dah in (False, True):
        assert ba.hand_values((10, 2), 10, full, ARules(hole=hole, surrender="any_time",
                                                        double_after_hit=dah)) == {
            "stand": F(-1, 3), "hit": F(-5, 6), "double": -2, "surrender": F(-1, 2)}
    # the three-card 16 itself: surrender is offered after the hit, only with any_time
    assert ba.hand_values((10, 2, 4), 10, full, ARules(hole=hole, surrender="any_time")) == {
        "stand": -1, "hit": -1, "surrender": F(-1, 2)}
    assert "surrender" not in ba.hand_values((10, 2, 4), 10, full,
                                             ARules(hole=hole, surrender="late"))


def test_self_surrender_any_time_against_a_dealer_blackjack():
    # Full {A, 2, 4, T x4}; 10,2,4 = 16 v A leaves three tens unseen: the dealer's second
    # card makes a blackjack for sure.  ENHC: surrendering after the hits still loses the
    # whole bet (-1), as late surrender does there; so do standing and hitting (26).
    # OBO: -1 for everything too.
    # Peek: the dealer always has blackjack, so no conditioned value exists.
    full = make_shoe({1: 1, 2: 1, 4: 1, 10: 4})
    for hole in ("enhc", "enhc_obo"):
        v = ba.hand_values((10, 2, 4), 1, full, ARules(hole=hole, surrender="any_time"))
        assert v == {"stand": -1, "hit": -1, "surrender": -1}
    with pytest.raises(ZeroDivisionError):
        ba.hand_values((10, 2, 4), 1, full, ARules(hole="peek", surrender="any_time"))


MONO_CASES = [  # (shoe, brute-force rules)
    ("S1", dict(hole="peek")),
    ("S5", dict(hole="enhc", h17=True, das=False, hit_split_aces=True)),
    ("S1", dict(hole="enhc_obo", double_on="9-11", double_soft=False)),
]


@pytest.mark.parametrize("shoe_name,kw", MONO_CASES,
                         ids=[f"{s}-{kw['hole']}" for s, kw in MONO_CASES])
def test_self_turning_a_rule_on_never_lowers_a_value(shoe_name, kw):
    # Unsplit hands are played optimally, so adding an option can only raise a value:
    # stand and two-card doubles are unchanged, hit can only rise, and with no split the
    # game EV is a maximum over more strategies.  With splits the post-split strategy is a
    # FIXED rule, so it is not a theorem there, but it holds on these shoes under both
    # post-split readings.  Each rule must also raise the game EV strictly here, or the
    # engine comparison would not test it.
    full = make_shoe(SHOES[shoe_name])
    for m in (1, 2):
        off = ARules(max_split_hands=m, **kw)
        ev_off = ba.game_ev_candidates(full, off)
        for new in (DAH, ANY, {**DAH, **ANY}):
            for ref in (("unsplit",) if m == 1 else ("unsplit", "split")):
                on = ARules(max_split_hands=m, split_reference=ref, **kw, **new)
                ev_on = ba.game_ev_candidates(full, on)
                assert min(ev_on) > max(ev_off), (m, new, ref)
            if m == 1:
                for hand, up in comparable_deals(full, off):
                    v0 = ba.hand_values(hand, up, full, off)
                    v1 = ba.hand_values(hand, up, full, ARules(max_split_hands=1, **kw, **new))
                    assert v1["stand"] == v0["stand"] and v1["hit"] >= v0["hit"], (hand, up)
                    assert v1.get("double") == v0.get("double"), (hand, up)


@pytest.mark.parametrize("shoe_name", ["S1"])
def test_self_peek_equals_obo_game_ev(shoe_name):
    # OBO: a dealer blackjack costs exactly 1 whatever the player did, so every value at
    # every node is P(no BJ) x peek value - P(BJ): the same play, the same game EV (with a
    # surrender at any time too, which loses the whole bet to a blackjack in OBO).
    full = make_shoe(SHOES[shoe_name])
    for new in ({**DAH, **ANY},):
        for das in (True, False):
            evs = {h: ba.game_ev_candidates(full, ARules(hole=h, das=das, **new))
                   for h in ("peek", "enhc_obo")}
            assert evs["peek"] == evs["enhc_obo"], (new, das)


@pytest.mark.parametrize("shoe_name", ["S1", "S5"])
def test_self_split_reading_identities(shoe_name):
    # Under the "split" reading a split hand's decisions use its own actions only, so
    # (a) surrender at any time (never on split hands) leaves every split value unchanged;
    # (b) without DAS a split hand never doubles, so doubling after a hit leaves them
    #     unchanged too.  Under the "unsplit" reading both can change the split values;
    #     the readings must differ somewhere here, or the engine test could not tell them
    #     apart.
    full = make_shoe(SHOES[shoe_name])
    differ = 0
    for hole in ("peek",):
        for das in (True, False):
            base = ARules(hole=hole, das=das, split_reference="split")
            rules = [ARules(hole=hole, das=das, surrender="any_time", split_reference="split")]
            if not das:
                rules.append(ARules(hole=hole, das=das, double_after_hit=True,
                                    split_reference="split"))
            for hand, up in comparable_deals(full, base):
                if not bf.is_pair(hand):
                    continue
                v0 = ba.hand_value_candidates(hand, up, full, base)["split"]
                for r in rules:
                    assert ba.hand_value_candidates(hand, up, full, r)["split"] == v0, (hand, up, r)
                for new in (DAH, ANY):
                    u = ba.hand_value_candidates(hand, up, full,
                                                 ARules(hole=hole, das=das, **new))["split"]
                    s = ba.hand_value_candidates(hand, up, full,
                                                 ARules(hole=hole, das=das,
                                                        split_reference="split", **new))["split"]
                    differ += u != s
    assert differ >= 1


PMF_SHOES = {  # tests/oracles/test_brute_pmf.py's S1 and S2 (11-12 cards)
    "P1": {1: 1, 2: 2, 4: 1, 6: 1, 7: 1, 9: 1, 10: 4},
    "P2": {1: 2, 6: 2, 7: 3, 8: 1, 10: 3},
}
PMF_CASES = [("P1", "peek", {**DAH, **ANY}, True), ("P1", "enhc", DAH, False),
             ("P2", "enhc_obo", ANY, True), ("P2", "enhc", {**DAH, **ANY}, False)]


@pytest.mark.parametrize("shoe_name,hole,new,das", PMF_CASES,
                         ids=[f"{c[0]}-{c[1]}-{'-'.join(c[2])}-das{c[3]}" for c in PMF_CASES])
def test_self_mean_of_the_round_distribution(shoe_name, hole, new, das):
    # tests/oracles/brute_pmf.py, another brute force (information-state worlds, casino
    # order, the peek explicit), extended with the same two rules, gives the round's whole
    # distribution; its mean is this game EV exactly (split to two hands, CDZ-).
    counts = PMF_SHOES[shoe_name]
    labels = {("A" if v == 1 else "T" if v == 10 else str(v)): n for v, n in counts.items()}
    pmf = brute_pmf.round_pmf(brute_pmf.OracleRules(hole_card=hole, max_split_hands=2,
                                                    double_after_split=das, **new), labels)
    assert sum(pmf.values()) == 1
    mean = sum(r * p for r, p in pmf.items())
    assert {mean} == ba.game_ev_candidates(make_shoe(counts), ARules(hole=hole, das=das, **new))


def test_self_split_ace_double_after_hit_reading():
    # A split-ace hand that has hit (hit_split_aces) doubles per DAS and its total; the
    # other reading also asks for double_split_aces.  With double_split_aces on, or DAS
    # off, the readings coincide; with hit_split_aces, DAS and no double_split_aces they
    # differ (so the engine comparison D3 can tell them apart).
    full = make_shoe(SHOES["S1"])
    for dsa, das, same in ((True, True, True), (False, False, True), (False, True, False)):
        kw = dict(hole="enhc", hit_split_aces=True, double_split_aces=dsa, das=das,
                  double_after_hit=True)
        a = ba.hand_value_candidates((1, 1), 6, full, ARules(**kw))["split"]
        b = ba.hand_value_candidates((1, 1), 6, full,
                                     ARules(split_ace_dah_needs_dsa=True, **kw))["split"]
        assert (a == b) == same, kw


@pytest.mark.parametrize("combo", COMBOS, ids=COMBO_IDS)
def test_self_combos_never_exhaust(combo):
    # Every action of every dealable hand, splits included: no path draws from an empty
    # shoe (the brute force raises EmptyShoeError otherwise).  The values stay within their
    # bounds.  (The other post-split reading plays the same cards, only other decisions;
    # test_self_split_reading_identities runs it.)
    c, s, st = combo
    full = make_shoe(SHOES[s])
    for ref in (SPLIT_REFERENCE,):
        rules = a_rules(CONFIGS[c], ref)
        evs = ba.game_ev_candidates(full, rules, st)
        assert all(-2 <= e <= 2 for e in evs)
        for hand, up in comparable_deals(full, rules):
            for a, vals in ba.hand_value_candidates(hand, up, full, rules, st).items():
                # hitting then doubling can win or lose two bets
                bound = {"split": 4, "double": 2, "hit": 2 if rules.double_after_hit else 1,
                         }.get(a, 1)
                assert all(-bound <= v <= bound for v in vals), (hand, up, a)


# ==========================================================================
# engine comparisons (skipped only while Rules refuses the new rules)
# ==========================================================================

def _engine():
    import bjcalc  # noqa: F401  -- an ImportError is a test failure, on purpose
    return bjcalc


@functools.lru_cache(maxsize=None)
def _refusal(rule: str) -> str:
    """Why the engine cannot take `rule` yet ("" if it can)."""
    bj = _engine()
    kw = {"dah": DAH, "any": ANY}[rule]
    refused = (TypeError,) + ((bj.RulesError,) if hasattr(bj, "RulesError") else ())
    try:
        bj.Rules(**kw)
    except refused as e:
        return f"bjcalc.Rules does not accept {kw} yet (issue 14 not implemented): {e}"
    return ""


def _skip_unless_engine_has(cfg: dict) -> None:
    for rule, on in (("dah", cfg.get("double_after_hit")), ("any", cfg["surrender"] == "any_time")):
        if on and _refusal(rule):
            pytest.skip(_refusal(rule))


@functools.lru_cache(maxsize=None)
def _engine_calc(cfg_items: tuple, shoe_name: str, strategy: str):
    bj = _engine()
    return bj.Calculator(bj.Rules(**dict(cfg_items)),
                         shoe=bj.Shoe.from_counts(dict(SHOES[shoe_name])),
                         split_strategy=strategy, exact=True)


def engine_calc(cfg: dict, shoe_name: str, strategy: str):
    return _engine_calc(tuple(sorted(cfg.items())), shoe_name, strategy)


def to_fraction(v) -> Fraction:
    if isinstance(v, bool):
        raise TypeError(f"unexpected bool {v!r}")
    if isinstance(v, (int, Fraction)):
        return Fraction(v)
    if hasattr(v, "p") and hasattr(v, "q"):          # sympy Rational
        return Fraction(int(v.p), int(v.q))
    if isinstance(v, float):
        raise TypeError(f"engine returned a float ({v!r}) with exact=True")
    return Fraction(str(v))


def other_reading(st: str) -> str:
    return "split" if READING[st] == "unsplit" else "unsplit"


def check_game_ev(cfg: dict, shoe_name: str, st: str) -> None:
    full = make_shoe(SHOES[shoe_name])
    want = ba.game_ev_candidates(full, a_rules(cfg, READING[st]), st)
    got = to_fraction(engine_calc(cfg, shoe_name, st).game().ev)
    if got in want:
        return
    notes = []   # which other game the engine's value is, if any
    if got in ba.game_ev_candidates(full, a_rules(cfg, other_reading(st)), st):
        notes.append(f"the engine equals the {other_reading(st)!r} post-split reading")
    if cfg["hit_split_aces"] and not cfg["double_split_aces"] and got in ba.game_ev_candidates(
            full, a_rules(cfg, READING[st], split_ace_dah_needs_dsa=True), st):
        notes.append("the engine equals the reading where a hit split-ace hand doubles only "
                     "with double_split_aces")
    if got in ba.game_ev_candidates(full, a_rules(cfg, READING[st], double_after_hit=False, surrender="none"), st):
        notes.append("the engine equals the game WITHOUT the new rules")
    pytest.fail(f"engine {fmt(got)} brute force {', '.join(map(fmt, sorted(want)))} "
                f"({'; '.join(notes) or 'neither post-split reading'})")


def check_hand_values(cfg: dict, shoe_name: str, st: str) -> None:
    """Every non-natural two-card hand v every up card, every action."""
    full, rules = make_shoe(SHOES[shoe_name]), a_rules(cfg, READING[st])
    calc = engine_calc(cfg, shoe_name, st)
    bad, n = [], 0
    for hand, up in comparable_deals(full, rules):
        want = ba.hand_value_candidates(hand, up, full, rules, st)
        got = calc.hand(list(hand), up)
        if set(got) != set(want):
            bad.append(f"{hand} v {up}: actions engine {sorted(got)} brute {sorted(want)}")
        for a in sorted(set(got) & set(want)):
            n += 1
            g = to_fraction(got[a])
            if g not in want[a]:
                other = ba.hand_value_candidates(hand, up, full, a_rules(cfg, other_reading(st)), st)
                note = " (= the other post-split reading)" if g in other.get(a, ()) else ""
                bad.append(f"{hand} v {up} {a}: engine {fmt(g)} brute "
                           f"{', '.join(map(fmt, sorted(want[a])))}{note}")
    assert n > 0
    assert not bad, f"{len(bad)} mismatches of {n}:\n" + "\n".join(bad)


MULTI = [((2, 3, 1), 10), ((1, 2, 3), 6), ((3, 3, 5), 1), ((2, 2, 4), 10), ((1, 1, 2), 10),
         ((2, 6, 3), 1), ((5, 7, 4), 10), ((1, 4, 5), 1), ((2, 4, 4), 6), ((4, 5, 2), 10),
         ((2, 2, 6), 1), ((3, 5, 2), 4)]


def check_multi_card_hands(cfg: dict, shoe_name: str, st: str) -> None:
    """Hands of three cards: stand, hit, and double / surrender where the rules allow."""
    full, rules = make_shoe(SHOES[shoe_name]), a_rules(cfg, READING[st])
    calc = engine_calc(cfg, shoe_name, st)
    bad, n = [], 0
    for hand, up in MULTI:
        try:
            shoe = bf.remove(full, up, *hand)
        except ValueError:
            continue          # not dealable from this shoe
        if bf.total_soft(hand)[0] > 21 or (rules.hole == "peek" and bf.p_dealer_bj(up, shoe) == 1):
            continue
        want = ba.hand_values(hand, up, full, rules, st)
        got = calc.hand(list(hand), up)
        if set(got) != set(want):
            bad.append(f"{hand} v {up}: actions engine {sorted(got)} brute {sorted(want)}")
        for a in sorted(set(got) & set(want)):
            n += 1
            if to_fraction(got[a]) != want[a]:
                bad.append(f"{hand} v {up} {a}: engine {fmt(to_fraction(got[a]))} "
                           f"brute {fmt(want[a])}")
    assert n > 0
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("combo", COMBOS, ids=COMBO_IDS)
def test_engine_game_ev(combo):
    c, s, st = combo
    _skip_unless_engine_has(CONFIGS[c])
    check_game_ev(CONFIGS[c], s, st)


@pytest.mark.parametrize("combo", COMBOS, ids=COMBO_IDS)
def test_engine_hand_values(combo):
    c, s, st = combo
    _skip_unless_engine_has(CONFIGS[c])
    check_hand_values(CONFIGS[c], s, st)


MULTI_COMBOS = [("D1", "S4", "CDZ-"), ("D4", "S3", "CDZ-"), ("R2", "S1", "CDZ-"),
                ("B1", "S4", "CDZ-"), ("B2", "S5", "CDZ-"), ("B5", "S3", "CDZ-")]


@pytest.mark.parametrize("combo", MULTI_COMBOS, ids=lambda x: "-".join(x))
def test_engine_multi_card_hands(combo):
    c, s, st = combo
    _skip_unless_engine_has(CONFIGS[c])
    check_multi_card_hands(CONFIGS[c], s, st)


OFF_COMBOS = [("D3", "S2", "CDZ-"), ("R2", "S1", "CDZ-"), ("B3", "S1", "CDZ-")]


@pytest.mark.parametrize("combo", OFF_COMBOS, ids=lambda x: "-".join(x))
def test_engine_rules_off_is_the_old_game(combo):
    # The same grid with both rules off (double_after_hit=False written out once the engine
    # knows the field) equals the brute force, which is brute_force's old game exactly.
    # Runs today: it also checks this file's engine harness.
    c, s, st = combo
    cfg = dict(CONFIGS[c], surrender="none")
    cfg.pop("double_after_hit", None)
    if not _refusal("dah"):
        cfg["double_after_hit"] = False
    check_game_ev(cfg, s, st)
    check_hand_values(cfg, s, st)
    check_multi_card_hands(cfg, s, st)
