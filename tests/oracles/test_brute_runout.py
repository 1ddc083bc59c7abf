"""bjcalc's split values and split REFUSALS on tiny shoes, against an independent brute force.

tests/oracles/brute_runout.py was written from shared/reference/GAMES.md (section 1) and the
stated dealing semantics only, never from the engine's source: the up card and the pair are
out, the dealer's hole card is dealt next (enumerated explicitly, not available to the
player; in peek games a dealer blackjack ends the round before any split), the split hands
are dealt and played one by one (resplitting while allowed), and the dealer plays last
unless every split hand busted.  A player or dealer draw from an empty shoe RUNS OUT the
round.

* ``test_self_*``   check the enumerator: hand-checked rounds, agreement with
                    tests/oracles/brute_resplit.py (which deals the hole card last) wherever
                    neither runs out, and agreement of its two computations (the run-out
                    search and the valued enumeration).
* ``test_engine_*`` for every pair and up card a tiny shoe can deal, several rule sets
                    (2/3/4 hands, peek/ENHC, DAS on/off, S17/H17) and CDZ-/CDP1/CDP:
                    bjcalc's ``calc.hand([P, P], U)`` must raise ShoeError with
                    "splitting P,P v U to N hands can run out" exactly when the oracle's
                    split round can run out, and otherwise give the oracle's split value
                    exactly (rationals).  A ShoeError with another message (bjcalc refusing
                    the hand for another stated reason, e.g. "this round can run out of
                    cards") skips the combination; the skips are counted per reason.

N is the most hands the rules let the pair become: max_split_hands, 2 for aces without
resplit_aces (bjcalc names that limit even when the shoe holds fewer pair cards).

The last two tests are the smallest disagreements found with bjcalc, kept failing on purpose
(see their docstrings): a split refused in a peek game because of rounds in which the dealer
has blackjack (which a peek game never plays on), and a split refused with "a split hand can
run out of cards" where no split hand can.
"""

from __future__ import annotations

import functools
import gc
import random
from collections import Counter
from fractions import Fraction

import pytest

from oracles import brute_resplit as br
from oracles import brute_runout as ro
from oracles.brute_resplit import RRules

F = Fraction
LABEL = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
STRATEGIES = ("CDZ-", "CDP1", "CDP")
RANK_LABELS = ["A", 2, 3, 4, 5, 6, 7, 8, 9, "T"]


def random_shoes(seed: int, k: int, lo: int = 12, hi: int = 18):
    """k shoes of lo..hi cards, each dealt without replacement from a deck of four random
    ranks A-9 (four cards each) and twelve ten-values (few distinct ranks keep the
    enumeration quick)."""
    rng = random.Random(seed)
    out = []
    for _ in range(k):
        small = rng.sample(RANK_LABELS[:9], 4)
        deck = [lab for lab in small for _ in range(4)] + ["T"] * 12
        cards = rng.sample(deck, rng.randint(lo, hi))
        out.append(dict(Counter(cards)))
    return out


# name: (counts as given to Shoe.from_counts, split_tens_by_rank)
SHOES = {
    "TWOS": ({2: 24}, False),
    "MIX26": ({2: 8, 3: 8, 4: 4, "T": 4, "A": 2}, False),
    "N89": ({8: 1, 9: 4}, False),
    # the shoes of tests/oracles/test_brute_resplit.py
    "SA": ({3: 4, "T": 7, 2: 1, "A": 2, 4: 1, 9: 1}, False),
    "SB": ({8: 4, "T": 5, "A": 2, 4: 2, 6: 1, 7: 1}, False),
    "SC": ({4: 4, "T": 7, 2: 1, 8: 1, 9: 2, 7: 1}, False),
    "SD": ({"A": 4, "T": 7, 6: 1, 9: 2, 7: 1, 5: 1}, False),
    "SK": ({"K": 4, "T": 2, "Q": 1, 7: 2, 5: 2, 6: 1, 9: 2}, True),
    "SE": ({"A": 2, 2: 1, 6: 1, 8: 4, "T": 6}, False),
    # 8 cards: 5,5 v 8 with the hole card a 6 -- both hands bust and the shoe is empty; the
    # dealer's 14 draws nothing, so the round does not run out
    "BUST8": ({8: 1, 5: 2, "T": 4, 6: 1}, False),
    # 7 cards: run-outs, values, and hands bjcalc refuses for another stated reason
    "TINY7": ({"A": 3, "T": 3, 9: 1}, False),
}
for _i, _c in enumerate(random_shoes(20240611, 6)):
    SHOES[f"R{_i}"] = (_c, False)

# name: hole card, DAS, H17, max_split_hands, resplit aces
RULES = {
    "pS2": dict(hole="peek", das=True, h17=False, m=2, rsa=False),
    "eH2": dict(hole="enhc", das=False, h17=True, m=2, rsa=False),
    "pH3": dict(hole="peek", das=False, h17=True, m=3, rsa=False),
    "eS3": dict(hole="enhc", das=True, h17=False, m=3, rsa=True),
    "pS4": dict(hole="peek", das=True, h17=False, m=4, rsa=False),
    "eH4": dict(hole="enhc", das=False, h17=True, m=4, rsa=False),
    "oS4": dict(hole="enhc_obo", das=True, h17=False, m=4, rsa=True),
}

# (shoe, rule set): every pair and up card, CDZ-, CDP1 and CDP each.  A rotation rather than
# the full product, to keep the file under a minute: every rule set meets several shoes.
# (MIX26, 26 cards and 4 hands of small cards, the slowest enumeration, is compared once,
# under CDZ-, in test_engine_discriminates, not again on another worker.)
GRID = ([("TWOS", r) for r in RULES] + [("N89", r) for r in RULES]
        + [("BUST8", "pS2"), ("BUST8", "eH2"), ("TINY7", "eH2"),
           ("TINY7", "eS3"), ("TINY7", "eH4"),
           ("SA", "pH3"), ("SA", "eH4"), ("SB", "eS3"), ("SB", "pS4"), ("SC", "pS2"),
           ("SD", "eS3"), ("SD", "pS4"), ("SK", "pH3"), ("SE", "eH2"), ("SE", "oS4"),
           ("R0", "eH4"), ("R1", "pS2"), ("R2", "eS3"), ("R3", "pS4"), ("R4", "eH2"),
           ("R5", "eH4")])


def to_rrules(rule_name: str, byrank: bool) -> RRules:
    k = RULES[rule_name]
    return RRules(hole=k["hole"], das=k["das"], h17=k["h17"], max_split_hands=k["m"],
                  resplit_aces=k["rsa"], tens_by_rank=byrank)


def pairs_and_ups(counts, byrank):
    """(pair rank, up rank) for every pair the shoe can deal and every up card left after it
    (ten-value ranks merged unless splitting by rank)."""
    full = br.make_rank_shoe(counts, byrank)
    ranks = [i + 1 for i, c in enumerate(full) if c]
    out = []
    for p in ranks:
        for u in ranks:
            try:
                br.remove_ranks(full, p, p, u)
            except ValueError:
                continue
            out.append((p, u))
    return out


def _engine():
    import bjcalc  # noqa: F401  -- an ImportError here is a test failure, on purpose
    return bjcalc


def engine_calc(counts, byrank, rule_name, strategy):
    bj = _engine()
    k = RULES[rule_name]
    rules = bj.Rules(decks=1, dealer_hits_soft_17=k["h17"], hole_card=k["hole"], double_on="any",
                     double_soft=True, double_after_split=k["das"], max_split_hands=k["m"],
                     resplit_aces=k["rsa"], hit_split_aces=False, double_split_aces=False,
                     split_tens_by_rank=byrank, surrender="none")
    return bj.Calculator(rules, shoe=bj.Shoe.from_counts(dict(counts)), split_strategy=strategy,
                         exact=True)


def exact(v) -> Fraction:
    if isinstance(v, (int, Fraction)) and not isinstance(v, bool):
        return Fraction(v)
    if hasattr(v, "numerator") and hasattr(v, "denominator"):
        return Fraction(int(v.numerator), int(v.denominator))
    raise TypeError(f"engine returned {v!r} ({type(v).__name__}) with exact=True")


def refusal_text(pair: int, up: int, n: int) -> str:
    p, u = LABEL.get(pair, str(pair)), LABEL.get(up, str(up))
    return f"splitting {p},{p} v {u} to {n} hands can run out"


def engine_split(calc, pair: int, up: int):
    """(bjcalc's split value, None) or (None, the ShoeError's message)."""
    bj = _engine()
    P, U = LABEL.get(pair, str(pair)), LABEL.get(up, str(up))
    try:
        return exact(calc.hand([P, P], U)["split"]), None
    except bj.ShoeError as e:
        return None, str(e)


def oracle_split(counts, rules: RRules, strategy, pair, up):
    """"out", "undefined" (a decision value of the oracle is), or U_split (unconditional)."""
    try:
        if ro.split_runs_out(pair, up, counts, rules, strategy):
            return "out"
        return ro.U_split(pair, up, counts, rules, strategy)
    except ro.DecisionUndefined:
        return "undefined"


def conditioned(u: Fraction, counts, rules: RRules, pair, up):
    """U_split as calc.hand reports it (given no dealer blackjack in peek games); None when
    the dealer always has blackjack."""
    if rules.hole != "peek":
        return u
    full = br.make_rank_shoe(counts, rules.tens_by_rank)
    p_bj = br.p_bj(min(up, 10), br.to_values(br.remove_ranks(full, up, pair, pair)))
    return None if p_bj == 1 else u / (1 - Fraction(int(p_bj.numerator), int(p_bj.denominator)))


@functools.lru_cache(maxsize=None)
def compare(shoe_name: str, rule_name: str, strategies: tuple = STRATEGIES):
    """(tally, mismatches, oracle answers {(strategy, pair, up): "out" | "undefined" | U})
    over every pair and up card, CDZ-, CDP1 and CDP (or ``strategies``)."""
    # The oracle's memo tables hold millions of tuples and no reference cycles: the cyclic
    # garbage collector would only rescan them (a third of the time), so it pauses here.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _compare(shoe_name, rule_name, strategies)
    finally:
        if enabled:
            gc.enable()


def _compare(shoe_name: str, rule_name: str, strategies: tuple = STRATEGIES):
    bj = _engine()
    counts, byrank = SHOES[shoe_name]
    rules = to_rrules(rule_name, byrank)
    where = f"shoe {shoe_name} {counts} rules {rule_name} {RULES[rule_name]}"
    tally, bad, answers = Counter(), [], {}
    ro.clear_caches()                 # one shoe's states at a time: memory, and the gc's time
    for st in strategies:
        try:
            calc = engine_calc(counts, byrank, rule_name, st)
        except bj.ShoeError as e:
            calc, shoe_refused = None, str(e)
        for pair, up in pairs_and_ups(counts, byrank):
            P, U = LABEL.get(pair, str(pair)), LABEL.get(up, str(up))
            case = f"{where} {st}: {P},{P} v {U}"
            ans = answers[(st, pair, up)] = oracle_split(counts, rules, st, pair, up)
            if ans == "undefined":
                tally["skipped: an oracle decision value is undefined (dealer runs out in "
                      "a reference shoe)"] += 1
                continue
            want = None if ans == "out" else conditioned(ans, counts, rules, pair, up)
            if ans != "out" and want is None:
                tally["skipped: peek, the dealer always has blackjack"] += 1
                continue
            if calc is None:
                tally[f"skipped: bjcalc refuses the shoe: {shoe_refused}"] += 1
                continue
            got, refused = engine_split(calc, pair, up)
            if refused is not None and "splitting" not in refused:
                tally[f"skipped: bjcalc refuses for another reason: {refused}"] += 1
            elif ans == "out":
                text = refusal_text(pair, up, ro.hand_limit(pair, rules))
                if refused is not None and text in refused:
                    tally["refused (both)"] += 1
                elif refused is not None:
                    bad.append(f"{case}: refusal {refused!r} lacks {text!r}")
                else:
                    bad.append(f"{case}: the split round can run out, bjcalc values it {got}")
            elif refused is not None:
                bad.append(f"{case}: bjcalc refuses ({refused!r}), but no dealing sequence "
                           f"runs out; oracle split value {want}")
            elif got != want:
                bad.append(f"{case}: bjcalc {got} (~{float(got):.12f}), oracle {want} "
                           f"(~{float(want):.12f})")
            else:
                tally["valued (equal)"] += 1
    ro.clear_caches()
    return tally, bad, answers


# ==========================================================================
# self tests (no engine)
# ==========================================================================

def test_self_hand_checked_run_outs():
    # {8:1, 9:4}: 9,9 v 8 leaves one 9 beside the hole card (a 9: the dealer has 17).  With
    # 2 hands the first hand takes it (9,9 = 18 stands) and the second draws from an empty
    # shoe; with 3 or 4 it resplits and then draws from an empty shoe.  9,9 v 9 leaves the 8
    # for the hole card and nothing at all for the player.
    counts = {8: 1, 9: 4}
    for hole in ("peek", "enhc"):
        for m in (2, 3, 4):
            rules = RRules(hole=hole, max_split_hands=m, das=False)
            for st in STRATEGIES:
                for up in (8, 9):
                    assert ro.split_runs_out(9, up, counts, rules, st)
                    assert ro.runout_probability(9, up, counts, rules, st) == 1
                    with pytest.raises(ro.RunsOutError):
                        ro.U_split(9, up, counts, rules, st)
    # 24 twos, 2,2 v 2: every card is a 2, every hand is a pair of twos that draws to 20 (a
    # push at 18 is worse than the sure win at 20 over the dealer's 18): 2 hands need 2 x 10
    # cards, the up card, the hole card and 7 dealer cards: 29 > 24.
    for m in (2, 3, 4):
        assert ro.split_runs_out(2, 2, {2: 24}, RRules(max_split_hands=m), "CDZ-")
    # but not when the shoe is large enough for 2 hands: 29 twos
    assert not ro.split_runs_out(2, 2, {2: 29}, RRules(max_split_hands=2), "CDZ-")
    assert ro.U_split(2, 2, {2: 29}, RRules(max_split_hands=2), "CDZ-") == 2


def test_self_hand_checked_peek_blackjack_ends_the_round():
    # {A:2, T:4}, T,T v T, 2 hands.  After the up card and the pair: {A:2, T:1}.
    # Peek: a hole ace (2/3) is a dealer blackjack, the round ends before the split (weight
    #   0).  Hole T (1/3): dealer 20, the hands draw the two aces: 21, 21: +2.  U = 2/3, the
    #   split value given no blackjack 2, and nothing can run out.
    # ENHC, CDZ-: with a hole ace the hands draw from {A:1, T:1}; a hand T,T = 20 then HITS
    #   (in its reference situation {A:2, T:1} unseen, hitting 20 gains: -1/3 v -2/3 for
    #   standing against a likely dealer blackjack), takes the last card, and the second
    #   hand draws from an empty shoe: the round runs out.
    counts = {"A": 2, "T": 4}
    for m in (2, 3, 4):
        for st in STRATEGIES:
            peek = RRules(hole="peek", max_split_hands=m)
            assert not ro.split_runs_out("T", "T", counts, peek, st)
            assert ro.U_split("T", "T", counts, peek, st) == F(2, 3)
            assert ro.split_value("T", "T", counts, peek, st) == 2
        assert ro.split_runs_out("T", "T", counts, RRules(hole="enhc", max_split_hands=m), "CDZ-")
    # the peek exclusion is what keeps it from running out: the same search with blackjack
    # hole cards kept in (they weigh 0 but would be dealt) finds the run-out
    rules = RRules(hole="peek", max_split_hands=2)
    full = br.make_rank_shoe(counts, False)
    assert ro._ro_rest(False, 2, 2, br.make_rank_shoe({"A": 1, "T": 1}, False), 1, 10, 10,
                       br.to_values(full), rules, "CDZ-") == ro.OUT


def test_self_hand_checked_dealer_draws_nothing_after_all_hands_bust():
    # {8:1, 5:2, T:4, 6:1}, 5,5 v 8, peek, no DAS, 2 hands, CDZ-.  After the up card and the
    # pair: {T:4, 6:1}.  Hole 6 (1/5): the dealer has 14, {T:4} left.  5,T = 15 v 8 hits
    # (reference {5, 6, T, T, T}: hit -1/5, stand -13/30), busts, and so does the second hand:
    # the shoe is empty and the dealer, who would draw to 14, draws nothing: -2.  Hole T
    # (4/5): dealer 18, the hands come to 0 on average.
    counts = {8: 1, 5: 2, "T": 4, 6: 1}
    rules = RRules(hole="peek", das=False, max_split_hands=2)
    assert not ro.split_runs_out(5, 8, counts, rules, "CDZ-")
    assert ro.U_split(5, 8, counts, rules, "CDZ-") == F(-2, 5)
    # the hole-6 branch alone: -2, and a dealer who drew even then would run out
    upv, full_v = 8, br.to_values(br.make_rank_shoe(counts, False))
    after_hole = br.make_rank_shoe({"T": 4}, False)
    assert ro._rest((), 2, 2, after_hole, 6, 5, upv, full_v, rules, "CDZ-") == (-2, 0, 0)
    assert ro._rest((), 2, 2, br.make_rank_shoe({"T": 3, 6: 1}, False), 10, 5, upv, full_v,
                    rules, "CDZ-") == (0, 0, 0)
    assert ro._ro_rest(True, 2, 2, after_hole, 6, 5, upv, full_v, rules, "CDZ-") == ro.OUT
    # brute_resplit (hole card last, the dealer always completes his hand) runs out here
    with pytest.raises(br.EmptyShoeError):
        br.U_split(5, 8, br.make_rank_shoe(counts, False), rules, "CDZ-")


def test_self_agrees_with_brute_resplit_where_neither_runs_out():
    # brute_resplit deals the hole card after the player's cards, and its dealer always
    # completes his hand: whatever runs out here runs out there, and where neither runs out
    # (and brute_resplit's decision values are defined) the values are the same number.
    # The oracle's answers are those of the engine comparison (compare() is cached).  (Peek to
    # four hands on R3 only: SB under the same rules took a third of the test's time.)
    n = both_out = 0
    for shoe_name, rule_name in [("SK", "pH3"), ("SD", "eS3"), ("SE", "oS4"),
                                 ("BUST8", "eH2"), ("R3", "pS4"), ("R5", "eH4"),
                                 ("N89", "pS2")]:
        counts, byrank = SHOES[shoe_name]
        rules = to_rrules(rule_name, byrank)
        full = br.make_rank_shoe(counts, byrank)
        for (st, pair, up), ans in compare(shoe_name, rule_name)[2].items():
            if ans == "undefined":
                continue
            try:
                theirs = br.to_fraction(br.U_split(pair, up, full, rules, st))
            except br.EmptyShoeError:
                theirs = None
            where = (shoe_name, rule_name, st, pair, up, ans, theirs)
            if ans == "out":
                assert theirs is None, where
                both_out += 1
            elif theirs is not None:
                assert ans == theirs, where
                n += 1
        br.clear_caches()
    assert n >= 200 and both_out >= 10, (n, both_out)


def test_self_search_agrees_with_enumeration():
    # split_runs_out (a search without probabilities) against the valued enumeration's
    # P(run out) > 0, on shoes where both answers occur.
    seen = Counter()
    for shoe_name, rule_name in [("N89", "pS2"), ("N89", "eH4"), ("BUST8", "eH2"),
                                 ("TWOS", "pS2"), ("R1", "pS2"), ("R5", "eH4")]:
        counts, byrank = SHOES[shoe_name]
        rules = to_rrules(rule_name, byrank)
        for st in STRATEGIES:
            for pair, up in pairs_and_ups(counts, byrank):
                try:
                    a = ro.split_runs_out(pair, up, counts, rules, st)
                    b = ro.runout_probability(pair, up, counts, rules, st) > 0
                except ro.DecisionUndefined:
                    continue
                assert a == b, (shoe_name, rule_name, st, pair, up)
                seen[a] += 1
        ro.clear_caches()
    assert seen[True] >= 20 and seen[False] >= 50, seen


# ==========================================================================
# engine comparisons
# ==========================================================================

@pytest.mark.parametrize("shoe_name,rule_name", GRID, ids=[f"{s}-{r}" for s, r in GRID])
def test_engine_split_run_out_and_values(shoe_name, rule_name):
    tally, bad, _ = compare(shoe_name, rule_name)
    print(f"{shoe_name} {rule_name}: {dict(tally)}")
    assert tally["refused (both)"] + tally["valued (equal)"] + len(bad) > 0, dict(tally)
    assert not bad, f"{len(bad)} mismatches ({dict(tally)}):\n" + "\n".join(bad)


def _worst_case_cards(counts, hands: int) -> int:
    """Cards a split round to `hands` hands could take if every hand and the dealer drew the
    smallest cards of the shoe (each hand from the smallest card to a bust, the dealer from
    the two smallest to 17), the sharing of the shoe ignored."""
    vals = sorted(min(br.rank_of(k), 10) for k, n in counts.items() for _ in range(n))

    def cards_to_reach(start, stop):
        t, k = start, 0
        for v in vals:
            if t >= stop:
                break
            t, k = t + v, k + 1
        return k
    return hands * (1 + cards_to_reach(vals[0], 22)) + 2 + cards_to_reach(2 * vals[0], 17)


def test_engine_discriminates():
    """Both answers occur, and 4 hands fit into a shoe smaller than their worst case (MIX26, the
    slowest enumeration, under CDZ- alone: CDP1 and CDP meet run-outs on every shoe of GRID)."""
    tally, bad, answers = compare("MIX26", "pS4", ("CDZ-",))
    assert not bad
    assert not [k for k in tally if k.startswith("skipped")], dict(tally)
    assert tally["refused (both)"] >= 15 and tally["valued (equal)"] >= 5, dict(tally)
    # 4,4 v 4 on MIX26 (26 cards), 4 hands: no dealing sequence runs out and bjcalc's value
    # is the oracle's (compared above, nothing skipped), though four hands drawing small
    # cards could need far more cards than the shoe holds
    counts, _ = SHOES["MIX26"]
    assert sum(counts.values()) < _worst_case_cards(counts, 4)
    assert answers[("CDZ-", 4, 4)] not in ("out", "undefined")
    # every 2,2 and 3,3 split on MIX26 runs out with 4 hands
    assert all(answers[(st, p, u)] == "out" for (st, p, u) in answers if p in (2, 3))
    # the plain run-outs
    assert compare("TWOS", "pS2")[0]["refused (both)"] == 3
    assert compare("N89", "eH4")[0]["refused (both)"] == 6
    assert compare("BUST8", "pS2")[0]["valued (equal)"] >= 15


# --- the smallest disagreements found (kept failing on purpose: see the docstrings) ----------

def test_engine_peek_blackjack_hole_card_cannot_run_out():
    """{A:2, T:4}, peek, T,T v T: split to 2 hands (CDZ-), or to 3 or 4 (any strategy).

    Up T, pair T,T: {A:2, T:1} left.  A hole ace (2/3) is a dealer blackjack: in a peek game
    the dealer checks and the round ends before the split, so nothing is drawn.  With the
    hole ten (1/3) the dealer stands on 20 and the two hands draw the two aces (no resplit):
    21 and 21.  No dealing sequence runs out; the split value (given no blackjack) is +2.
    bjcalc used to refuse it ("splitting T,T v T to N hands can run out of cards"): the
    run-outs are in the hole-ace rounds, which a peek game never plays: there the hands draw from
    {A:1, T:1}, and a T,T either resplits (3-4 hands) or, under CDZ-, hits its 20 (its
    reference situation {A:2, T:1} makes hitting better: 1/3 v 0), and a later hand finds
    no card.  (With 2 hands, CDP1 and CDP were refused too, with "a split hand can run out
    of cards": see the next test.)"""
    counts = {"A": 2, "T": 4}
    bad = []
    for rule_name, st in [("pS2", "CDZ-"), ("pH3", "CDZ-"), ("pS4", "CDZ-"), ("pS4", "CDP1"),
                          ("pS4", "CDP")]:
        rules = to_rrules(rule_name, False)
        assert not ro.split_runs_out("T", "T", counts, rules, st)
        assert ro.split_value("T", "T", counts, rules, st) == 2
        got, refused = engine_split(engine_calc(counts, False, rule_name, st), 10, 10)
        if refused is not None or got != 2:
            bad.append(f"{rule_name} {RULES[rule_name]} {st}: bjcalc {got} {refused!r}; want 2")
    assert not bad, "\n".join(bad)


def test_engine_split_hand_refusal_where_no_split_hand_can_run_out():
    """{A:2, T:4}, A,A v T, split to 2 hands (one card to each ace; any strategy; peek or not).

    Up T, pair A,A: {T:3} left.  The hole card is a ten (dealer 20, no blackjack possible),
    each ace draws one ten (21, 21), one ten is left over, nobody else draws: the split value
    is +2, and no card is ever missing.  bjcalc used to refuse the hand: "a split hand can run
    out of cards; use a larger shoe" (also 7,7 v T on {7:2, T:3, A:1} in ENHC, and TINY7's
    A,A v T)."""
    counts = {"A": 2, "T": 4}
    bad = []
    for rule_name in ("pS2", "eH2"):
        rules = to_rrules(rule_name, False)
        for st in STRATEGIES:
            assert not ro.split_runs_out("A", "T", counts, rules, st)
            assert ro.split_value("A", "T", counts, rules, st) == 2
            got, refused = engine_split(engine_calc(counts, False, rule_name, st), 1, 10)
            if refused is not None or got != 2:
                bad.append(f"{rule_name} {RULES[rule_name]} {st}: bjcalc {got} {refused!r}; "
                           f"want 2")
    assert not bad, "\n".join(bad)
