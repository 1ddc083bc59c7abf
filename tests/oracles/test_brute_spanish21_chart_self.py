"""Self-checks of the Spanish 21 chart oracle (tests/oracles/brute_spanish21_chart.py).

No comparison with bjcalc here: the code reader against the legend's own words, hand-computed
deals (tiny shoes), a plain recursion written here (no memo, its own settlement and bonuses)
for charts that never double, split, surrender or rescue, and the theorem-like bound that a
chart never beats composition-dependent optimal play (brute_spanish21.game_ev).  Redoubling
(max_doubles 2, 3; the redouble rows and the rescue rows after 2 and 3 doubles): hand-computed
deals, the identity "redouble rows that name nothing = max_doubles 1", a plain recursion with
doubles, redoubles and rescues, and the bound against optimal play with max_doubles=3.  A few
seconds.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction as F

import pytest

from oracles import brute_spanish21 as s21
from oracles import brute_spanish21_chart as bc
from oracles.brute_spanish21 import S21Rules, make_shoe

COLS = bc.UP_COLUMNS
TOTAL_ROWS = [f"hard {t}" for t in range(5, 22)] + [f"soft {t}" for t in range(13, 22)]
PAIR_ROWS = [f"pair {v},{v}" for v in range(2, 10)] + ["pair T,T", "pair A,A"]
# the rows read after a double's card: j = 1 (rescue / redouble), 2 (... after 2 doubles), 3
DOUBLED_ROWS = [f"{k} {hs}{a}" for a, kinds in (("", ("rescue", "redouble")),
                                                (" after 2 doubles", ("rescue", "redouble")),
                                                (" after 3 doubles", ("rescue",)))
                for k in kinds for hs in ("hard", "soft")]


def _chart(fill="S", rescue="no", **cells):
    """A full chart of ``fill`` codes (rescue rows ``rescue``; the other rows read after a
    double absent, i.e. never); ``cells``: row -> code (every column) or row -> {column: code};
    row keys with '_' for ' ' (``hard_16``, ``pair_8,8``, ``redouble_hard_after_2_doubles``)."""
    chart = {r: {c: fill for c in COLS} for r in TOTAL_ROWS + PAIR_ROWS}
    chart["rescue hard"] = {c: rescue for c in COLS}
    chart["rescue soft"] = {c: rescue for c in COLS}
    for key, val in cells.items():
        row = key.replace("_", " ")
        if row not in chart and row in DOUBLED_ROWS:
            chart[row] = {c: "no" for c in COLS}
        assert row in chart, row
        if isinstance(val, dict):
            chart[row].update(val)
        else:
            chart[row] = {c: val for c in COLS}
    return chart


# ----------------------------------------------------------------------------- the code reader

def test_codes_read_as_the_legend_says():
    cp = bc.code_plays
    # plain codes: two cards the head (else the letter), three or more the letter
    assert cp("Dh", 2) == ("double", "hit") and cp("Dh", 3) == ("hit",) and cp("Dh", 7) == ("hit",)
    assert cp("Rs", 2) == ("surrender", "stand") and cp("Rs", 4) == ("stand",)
    assert cp("H", 9) == ("hit",) and cp("S", 2) == ("stand",)
    # "S3: stand, but hit with 3 or more cards"; "S5"; "H4: hit, but stand with 4 or more"
    assert [cp("S3", n) for n in (2, 3, 8)] == [("stand",), ("hit",), ("hit",)]
    assert [cp("S5", n) for n in (2, 4, 5, 6)] == [("stand",), ("stand",), ("hit",), ("hit",)]
    assert [cp("H4", n) for n in (2, 3, 4, 7)] == [("hit",), ("hit",), ("stand",), ("stand",)]
    # "Rs5: surrender, else stand, but hit with 5 or more cards"; "Rh5 ... stand with 5 or more"
    assert [cp("Rs5", n) for n in (2, 3, 4, 5)] == [("surrender", "stand"), ("stand",), ("stand",), ("hit",)]
    assert [cp("Rh5", n) for n in (2, 4, 5)] == [("surrender", "hit"), ("hit",), ("stand",)]
    # "Ds3: double, else stand, but hit with 3 or more cards"
    assert [cp("Ds3", n) for n in (2, 3, 6)] == [("double", "stand"), ("hit",), ("hit",)]
    # "D4s: double with 2 or 3 cards, else stand"; "D4: ... else hit"
    assert [cp("D4s", n) for n in (2, 3, 4, 5)] == [("double", "stand")] * 2 + [("stand",)] * 2
    assert [cp("D4", n) for n in (2, 3, 4)] == [("double", "hit")] * 2 + [("hit",)]
    # slashes: "2: double (else hit), 3: double, 4: stand, 5: stand, 6: stand, 7+: stand"
    assert [cp("Dh/D/S/S/S/S", n) for n in range(2, 9)] == (
        [("double", "hit"), ("double", "hit")] + [("stand",)] * 5)
    # "2: surrender (else hit), 3: stand, 4: stand, 5: hit, 6: hit, 7+: hit"
    assert [cp("Rh/S/S/H/H/H", n) for n in range(2, 9)] == (
        [("surrender", "hit"), ("stand",), ("stand",)] + [("hit",)] * 4)
    assert [cp("S/H/S/S/S/S", n)[0] for n in range(2, 10)] == ["stand", "hit"] + ["stand"] * 6
    # pair codes; Spanish 21 always lets a split hand double when doubling exists
    assert cp("Ph", 2) == ("split_das", "hit") and cp("P", 2) == ("split",)
    kw = dict(may_double=True, may_surrender=False, may_split=True, das=True)
    assert bc.decide("Ph", 2, **kw) == "split"
    assert bc.decide("Ph", 2, **dict(kw, das=False)) == "hit"
    assert bc.decide("Rh", 2, **kw) == "hit"                      # a split hand never surrenders
    assert bc.decide("Rs5", 2, **dict(kw, may_surrender=True)) == "surrender"
    assert bc.decide("D4s", 3, **kw) == "double"                  # doubling after a hit
    assert bc.decide("D4s", 3, **dict(kw, may_double=False)) == "stand"
    for bad in ("-", "X", "P4"):
        with pytest.raises(bc.ChartError):
            bc.code_plays(bad, 2)
    with pytest.raises(bc.ChartError):
        bc.decide("P", 2, **dict(kw, may_split=False))
    # rescue cells
    assert bc.rescue_totals("no") == frozenset()
    assert bc.rescue_totals("≤16") == frozenset(range(2, 17))
    assert bc.rescue_totals("5-14,16-17") == frozenset(list(range(5, 15)) + [16, 17])
    assert bc.rescue_totals("11-12,16") == frozenset({11, 12, 16})
    # redouble cells: "no", or DD and the totals as in a rescue cell
    assert bc.redouble_totals("no") == frozenset()
    assert bc.redouble_totals("DD9-11") == frozenset({9, 10, 11})
    assert bc.redouble_totals("DD≤17") == bc.redouble_totals("DD<=17") == frozenset(range(2, 18))
    assert bc.redouble_totals("DD11,13-18") == frozenset({11, 13, 14, 15, 16, 17, 18})
    for bad in ("-", "9-11", "DD", "D9", "DDx"):
        with pytest.raises(bc.ChartError):
            bc.redouble_totals(bad)
    assert bc.doubled_row("rescue", False, 1) == "rescue hard"
    assert bc.doubled_row("redouble", True, 2) == "redouble soft after 2 doubles"
    assert bc.doubled_row("rescue", True, 3) == "rescue soft after 3 doubles"
    # the notes' two-card exceptions
    note = ("where a bonus changes the play, these two cards are played apart from their row: "
            "7,8 v 7, 8, 9, T, A: hit (the 6-7-8 bonus)")
    assert bc.parse_note_exceptions(["the player may not hit a 21", note]) == {
        ((7, 8), c): "H" for c in ("7", "8", "9", "T", "A")}


# ----------------------------------------------------------------------------- hand-checked deals

def test_hand_checked_deals():
    R = S21Rules(decks=1, max_hands=1)
    # (a) whole no-split game on {T:4, 8, A} (brute_spanish21's case (g), its optimal play as a
    #     chart: hard 20 stands, hard 18 v T and soft 19 v T surrender): 7/30; no surrender 2/15.
    #     All stand: TT v T 0 (1/5), TT v 8 +1 (1/10), TT v A -1/3 (1/10), T8 v T -1 (1/5), T8 v A -1
    #     (1/15), TA +3/2 (4/15), 8A v T -1 (1/15): 2/15 too.
    tiny = {10: 4, 8: 1, 1: 1}
    ch = _chart("S", hard_18={"T": "Rs"}, soft_19={"T": "Rs"})
    assert bc.chart_ev(tiny, R, ch) == F(7, 30)
    assert bc.chart_ev(tiny, S21Rules(decks=1, max_hands=1, surrender=False), ch) == F(2, 15)
    assert bc.chart_ev(tiny, R, _chart("S")) == F(2, 15)
    # (b) rescue.  (7,4) v 9 from {7, 4, 9, 2, T, T}: left {2, T, T}, the dealer makes 19 or 21.
    #     Dh, rescue <=16: T -> 21 +2, 2 -> 13 rescued -1: 1.  Rescue "no": 13 doubled loses 2:
    #     2/3.  H, hard 13 S: 1/3.  Rescue off in the rules: 2/3 whatever the cell.
    sh = {7: 1, 4: 1, 9: 1, 2: 1, 10: 2}
    R6 = S21Rules(decks=6, max_hands=1)
    assert bc.deal_ev(sh, R6, _chart("S", rescue="≤16", hard_11="Dh"), (7, 4), 9) == 1
    assert bc.deal_ev(sh, R6, _chart("S", rescue="13", hard_11="Dh"), (7, 4), 9) == 1
    assert bc.deal_ev(sh, R6, _chart("S", rescue="14-16", hard_11="Dh"), (7, 4), 9) == F(2, 3)
    assert bc.deal_ev(sh, R6, _chart("S", rescue="no", hard_11="Dh"), (7, 4), 9) == F(2, 3)
    assert bc.deal_ev(sh, S21Rules(decks=6, max_hands=1, rescue=False),
                      _chart("S", rescue="≤16", hard_11="Dh"), (7, 4), 9) == F(2, 3)
    assert bc.deal_ev(sh, R6, _chart("S", rescue="≤16", hard_11="H"), (7, 4), 9) == F(1, 3)
    # (c) the 6-7-8 bonus: (6,7) v T from {6, 7, 8, T x3}: hit: 8 -> 99/64, T -> bust: -29/192;
    #     Dh: the doubled 21 wins 2, no bonus: -2/3.  No bonuses: -1/3.
    sh = {6: 1, 7: 1, 8: 1, 10: 3}
    assert bc.deal_ev(sh, R6, _chart("S", hard_13="H"), (6, 7), 10) == F(-29, 192)
    assert bc.deal_ev(sh, R6, _chart("S", hard_13="Dh"), (6, 7), 10) == F(-2, 3)
    assert bc.deal_ev(sh, S21Rules(max_hands=1, bonuses=False), _chart("S", hard_13="H"), (6, 7), 10) == F(-1, 3)
    #     7-7-7: (7,7) v T from {7 x3, T x3}, hard 14 hit: 7 -> 7-7-7, T -> bust: bonus/3 - 2/3, the
    #     bonus 3/2 + 3/4 * P(suited) = 3/2 + 3/4 * 4 C(3,3) / C(12,3) = 3/2 + 3/220 with 3 decks.
    assert bc.deal_ev({7: 3, 10: 3}, S21Rules(decks=3, max_hands=1), _chart("S", hard_14="H"), (7, 7), 10) \
        == (F(3, 2) + F(3, 220)) / 3 - F(2, 3)
    # (d) codes by the number of cards.  (3,6) v T from {3, 6, T, 4 x6}: left 4s only; the hole 4
    #     (dealer 14, then 18).  9 H -> 13 (3 cards) H -> 17 (4 cards): hard 17 "S4" or
    #     "S/S/H/S/S/S" hits -> 21 of 5 cards: +3/2; "S", "H4", "S5": -1.  Hard 13 "D4": double
    #     with 3 cards -> 17 doubled v 18: -2, rescued by "5-17": -1; hard 13 "D3": 3 cards hit.
    sh = {3: 1, 6: 1, 10: 1, 4: 6}
    base = dict(hard_9="H", hard_13="H")
    for code, want in (("S4", F(3, 2)), ("S/S/H/S/S/S", F(3, 2)), ("Ds3", F(3, 2)), ("S", -1),
                       ("H4", -1), ("S5", -1), ("S/S/S/H/H/H", -1)):
        assert bc.deal_ev(sh, R6, _chart("S", hard_17=code, **base), (3, 6), 10) == want, code
    assert bc.deal_ev(sh, R6, _chart("S", hard_9="H", hard_13="D4", hard_17="S4"), (3, 6), 10) == -2
    assert bc.deal_ev(sh, R6, _chart("S", rescue="5-17", hard_9="H", hard_13="D4"), (3, 6), 10) == -1
    assert bc.deal_ev(sh, R6, _chart("S", hard_9="H", hard_13="D3", hard_17="S4"), (3, 6), 10) == F(3, 2)
    assert bc.deal_ev(sh, R6, _chart("S", hard_9="H", hard_13="Dh", hard_17="S4"), (3, 6), 10) == F(3, 2)
    # (e) soft rescue row: (A,5) v T from {A, 5, T, 4 x4}: hole 4 (dealer 14 -> 18); double:
    #     soft 20 +2; rescued -1 when "rescue soft" names 20 (a hard row naming it does not).
    sh = {1: 1, 5: 1, 10: 1, 4: 4}
    ch = _chart("S", soft_16="Dh")
    assert bc.deal_ev(sh, R6, ch, (1, 5), 10) == 2
    ch["rescue soft"]["T"] = "20"
    assert bc.deal_ev(sh, R6, ch, (1, 5), 10) == -1
    ch["rescue soft"]["T"], ch["rescue hard"]["T"] = "no", "≤21"
    assert bc.deal_ev(sh, R6, ch, (1, 5), 10) == 2
    # (f) splits (brute_spanish21's case (h)): 8,8 v 7 from {8:3, T:4, 7}: every split hand stands;
    #     two hands 6/5, three (a resplit by the pair row) 12/5; pair row "S": 16 v 7 from
    #     {8, T x4}: hole 8 -> 15, then T: bust +1; hole T -> 17: -1: -3/5.
    sh = {8: 3, 10: 4, 7: 1}
    ch = _chart("S", **{"pair_8,8": "P"})
    for mh, want in ((2, F(6, 5)), (3, F(12, 5)), (4, F(12, 5))):
        assert bc.deal_ev(sh, S21Rules(decks=1, max_hands=mh), ch, (8, 8), 7) == want, mh
    assert bc.deal_ev(sh, S21Rules(decks=1, max_hands=2), _chart("S"), (8, 8), 7) == F(-3, 5)
    # (g) split aces play on: A,A v 6 from {A:2, 6, 5 x7}: each hand A,5 (soft 16); "H": A,5,5 =
    #     soft 21 of 3 cards +1 each: +2; "S": the dealer (6, 5, 5, 5) makes 21: -2; "Dh": two
    #     doubled 21s: +4.  A ten on a split ace is a 21, not a natural: +1 each.
    sh = {1: 2, 6: 1, 5: 7}
    R2 = S21Rules(decks=6, max_hands=2)
    for code, want in (("H", 2), ("S", -2), ("Dh", 4)):
        ch = _chart("S", soft_16=code)
        ch["pair A,A"] = {c: "P" for c in COLS}
        assert bc.deal_ev(sh, R2, ch, (1, 1), 6) == want, code
    ch = _chart("S")
    ch["pair A,A"] = {c: "P" for c in COLS}
    assert bc.deal_ev({1: 2, 6: 1, 10: 3}, R2, ch, (1, 1), 6) == 2
    # (h) the notes' exception: (7,8) v T hit in place of the row's surrender = hard 15 hit
    sh = {1: 1, 5: 2, 6: 2, 7: 3, 8: 2, 10: 5}
    exc = {((7, 8), "T"): "H"}
    a = bc.deal_ev(sh, R6, _chart("S", hard_15="Rh"), (7, 8), 10, exceptions=exc)
    assert a == bc.deal_ev(sh, R6, _chart("S", hard_15="H"), (7, 8), 10) != \
        bc.deal_ev(sh, R6, _chart("S", hard_15="Rh"), (7, 8), 10) == F(-13, 24)   # -1/12 - 1/2 * 11/12
    # (i) a card sequence that needs a card from an empty shoe raises
    with pytest.raises(s21.EmptyShoeError):
        bc.chart_ev({10: 3, 9: 1}, S21Rules(decks=1, max_hands=1), _chart("H"))


# ----------------------------------------------------------------------------- a plain recursion

def _plain_game(shoe, rules, policy):
    """The round by literal enumeration (no memo), one hand, never doubling / splitting /
    surrendering: policy(total, soft, n_cards, up) -> 'hit' | 'stand'.  Its own settlement,
    21 always wins, the bonuses written out (suits by chance)."""
    def tot(cards):
        s = sum(cards)
        return (s + 10, True) if 1 in cards and s + 10 <= 21 else (s, False)

    def draws(sh):
        n = sum(sh.values())
        assert n, "empty shoe"
        for v, k in sh.items():
            if k:
                rest = dict(sh)
                rest[v] -= 1
                yield v, F(k, n), rest

    def win21(cards):
        n = len(cards)
        if not rules.bonuses:
            return F(1)
        if n >= 7:
            return F(3)
        if n in (5, 6):
            return F(3, 2) if n == 5 else F(2)
        if n == 3 and sorted(cards) in ([6, 7, 8], [7, 7, 7]):
            d = rules.decks           # P(same suit): 6-7-8 1/16, 7-7-7 4 C(d,3) / C(4d,3)
            s = (F(1, 16) if sorted(cards) == [6, 7, 8]
                 else F(4 * d * (d - 1) * (d - 2), 4 * d * (4 * d - 1) * (4 * d - 2)))
            return F(3, 2) * (1 - s) + 2 * (s * 3 / 4) + 3 * (s / 4)
        return F(1)

    def dealer(cards, sh):           # {final total or 22: prob}
        t, soft = tot(cards)
        if t > 21:
            return {22: F(1)}
        if t > 17 or (t == 17 and not (soft and rules.h17)):
            return {t: F(1)}
        out = {}
        for v, p, rest in draws(sh):
            for o, q in dealer(cards + [v], rest).items():
                out[o] = out.get(o, 0) + p * q
        return out

    def player(cards, up, hole, sh):
        t, soft = tot(cards)
        if t > 21:
            return F(-1)
        if t == 21:
            return win21(cards)
        if policy(t, soft, len(cards), up) == "hit":
            return sum(p * player(cards + [v], up, hole, rest) for v, p, rest in draws(sh))
        ev = F(0)
        for o, q in dealer([up, hole], sh).items():
            ev += q * (1 if o == 22 or t > o else 0 if t == o else -1)
        return ev

    ev = F(0)
    for c1, p1, s1 in draws(shoe):
        for up, p2, s2 in draws(s1):
            for c2, p3, s3 in draws(s2):
                for hole, p4, s4 in draws(s3):
                    p = p1 * p2 * p3 * p4
                    if {c1, c2} == {1, 10}:
                        ev += p * rules.blackjack_pays
                    elif {up, hole} == {1, 10}:
                        ev -= p
                    else:
                        ev += p * player([c1, c2], up, hole, s4)
    return ev


def _below_17(t, soft, n, up):
    return "hit" if t < 17 else "stand"


def _by_cards(t, soft, n, up):
    """The policy of CARDS_CHART below, written out."""
    small = 2 <= up <= 6
    if not soft:
        if t <= 11:
            return "hit"
        if t == 15 and up == 10:
            return "hit" if n >= 5 else "stand"              # Rs5, no surrender in the rules
        if t == 16 and up == 9:
            return "hit" if n >= 3 else "stand"              # Ds3, no doubling in the rules
        if t <= 16:
            return ("hit" if n >= 4 else "stand") if small else "hit"   # S4 v 2-6, H v 7-A
        if t == 17:
            return "hit" if n == 4 else "stand"              # S/S/H/S/S/S
        return "stand"
    if t <= 16:
        return "hit"
    if t == 17:
        return "hit" if n < 4 else "stand"                   # H4
    if t == 18 and up != 5:
        return "hit" if n == 3 else "stand"                  # S/H/S/S/S/S (v 5: D4s -> S)
    return "stand"


SMALL = ("2", "3", "4", "5", "6")
CARDS_CHART = _chart("S")
for _t in range(5, 12):
    CARDS_CHART[f"hard {_t}"] = {c: ("Dh" if _t == 11 else "H") for c in COLS}
for _t in range(12, 17):
    CARDS_CHART[f"hard {_t}"] = {c: ("S4" if c in SMALL else "H") for c in COLS}
CARDS_CHART["hard 15"]["T"] = "Rs5"
CARDS_CHART["hard 16"]["9"] = "Ds3"
CARDS_CHART["hard 17"] = {c: "S/S/H/S/S/S" for c in COLS}
for _t in (13, 14, 15, 16):
    CARDS_CHART[f"soft {_t}"] = {c: "H" for c in COLS}
CARDS_CHART["soft 17"] = {c: "H4" for c in COLS}
CARDS_CHART["soft 18"] = {c: ("D4s" if c == "5" else "S/H/S/S/S/S") for c in COLS}
# pair rows: the two-card play of the pair's total (no split): A,A soft 12 hits; 2..8 by their totals
CARDS_CHART["pair A,A"] = {c: "H" for c in COLS}
for _v in range(2, 10):
    _t = 2 * _v
    CARDS_CHART[f"pair {_v},{_v}"] = {c: ("H" if _t <= 11 or (_t <= 16 and c not in SMALL) else "S")
                                       for c in COLS}
CARDS_CHART["pair 8,8"]["9"] = "S"               # hard 16 v 9 stands with two cards (Ds3)
CARDS_CHART["pair T,T"] = {c: "S" for c in COLS}


def _below_17_chart():
    ch = _chart("S")
    for t in range(5, 17):
        ch[f"hard {t}"] = {c: "H" for c in COLS}
    for t in (13, 14, 15, 16):
        ch[f"soft {t}"] = {c: "H" for c in COLS}
    for v in range(2, 9):
        ch[f"pair {v},{v}"] = {c: "H" for c in COLS}
    ch["pair A,A"] = {c: "H" for c in COLS}
    return ch


PLAIN_SHOES = ({1: 1, 2: 1, 3: 1, 6: 1, 7: 2, 8: 1, 10: 3}, {1: 2, 4: 1, 5: 2, 7: 1, 9: 1, 10: 3})


def test_never_doubling_chart_equals_plain_recursion():
    """A chart that hits below 17, and one with codes by the number of cards (S4, H4, slashes,
    Rs5 and Ds3 without surrender / doubling, D4s), equal the plain recursion; H17 and S17,
    one or two hands (pair rows that never split), bonuses on and off."""
    n = 0
    rule_sets = (S21Rules(decks=6, max_hands=1, surrender=False, max_doubles=0, rescue=False),
                 S21Rules(decks=3, max_hands=2, surrender=False, max_doubles=0, h17=False),
                 S21Rules(decks=6, max_hands=2, surrender=False, max_doubles=0, bonuses=False))
    for shoe, rules_used in ((PLAIN_SHOES[0], rule_sets), (PLAIN_SHOES[1], rule_sets[:1])):
        for rules in rules_used:
            for chart, policy in ((_below_17_chart(), _below_17), (CARDS_CHART, _by_cards)):
                a = bc.chart_ev(shoe, rules, chart)
                b = _plain_game(shoe, rules, policy)
                assert a == b, (shoe, rules, policy.__name__, a, b)
                n += 1
    # the same chart with doubling and surrender allowed differs (it doubles 11 and surrenders)
    r = S21Rules(decks=6, max_hands=1, max_doubles=1, rescue=False)
    assert bc.chart_ev(PLAIN_SHOES[1], r, CARDS_CHART) != _plain_game(PLAIN_SHOES[1], r, _by_cards)
    assert n == 8


# ----------------------------------------------------------------------------- never above optimal

CODES_TOTAL = ("H", "S", "Dh", "Ds", "Rh", "Rs", "S4", "H4", "S3", "Rs5", "Rh5", "Ds3", "D4", "D4s",
               "Dh/D/S/S/S/S", "Rh/S/S/H/H/H", "H/H/S/H/H/H")
CODES_PAIR = ("P", "Ph", "Ps", "H", "S", "Dh", "Rh", "S3")
CODES_RESCUE = ("no", "≤16", "5-14,16-17", "16", "11-12,16", "5-17")


def _random_chart(seed):
    rng = random.Random(seed)
    ch = {}
    for r in TOTAL_ROWS:
        ch[r] = {c: rng.choice(CODES_TOTAL) for c in COLS}
    for r in PAIR_ROWS:
        ch[r] = {c: rng.choice(CODES_PAIR) for c in COLS}
    for r in ("rescue hard", "rescue soft"):
        ch[r] = {c: rng.choice(CODES_RESCUE) for c in COLS}
    return ch


OPT_SHOE = {1: 2, 5: 1, 6: 2, 7: 2, 8: 1, 9: 1, 10: 4}


@pytest.mark.parametrize("rules", [S21Rules(decks=6, max_hands=1),
                                   S21Rules(decks=6, max_hands=2),
                                   S21Rules(decks=6, max_hands=2, h17=False, surrender=False)],
                         ids=["1hand", "2hands", "2hands-s17-nosurr"])
def test_chart_never_beats_optimal_play(rules):
    """CD optimal play (brute_spanish21.game_ev) is at least as good as any chart: a theorem with
    one hand; with splits (CDZ- post-split play) not one, but true here.  Random charts of every
    code (rescue cells too), the hit-below-17 chart and CARDS_CHART."""
    best = s21.game_ev(make_shoe(OPT_SHOE), rules)
    charts = [_random_chart(seed) for seed in range(1)] + [_below_17_chart(), CARDS_CHART]
    for ch in charts:
        assert bc.chart_ev(OPT_SHOE, rules, ch) <= best


# ----------------------------------------------------------------------------- redoubling

def _redouble_chart(**rows):
    """Hard 5 doubles (Dh), every other total stands; redouble hard 8-11 after the first
    double's card, 11 or less after the second; ``rows``: more rows read after a double."""
    return _chart("S", hard_5="Dh", redouble_hard="DD8-11", redouble_hard_after_2_doubles="DD≤11", **rows)


def test_redoubling_hand_checked():
    # (a) (2,3) v 6 from {2, 3 x3, 6, T x2}: left {3, 3, T, T}; hard 5 doubles; redouble hard
    #     "DD8-11" after the 1st double's card, "DD≤11" after the 2nd; every other total stands.
    #     Hole 3 (1/2): dealer 9, left {3, T, T}.  Double: 3 (1/3) -> 8, redouble (stake 4): T
    #       -> 18 (not named after 2 doubles: stands), the dealer draws T: 19, -4.  T (2/3) -> 15
    #       stands (stake 2), the dealer draws from {3, T}: 3 -> 12 then T: bust +2; T -> 19 -2:
    #       0.  Hole 3: 1/3 * -4 + 2/3 * 0 = -4/3.
    #     Hole T (1/2): dealer 16, left {3, 3, T}.  Double: 3 (2/3) -> 8, redouble: 3 (1/2) -> 11,
    #       redouble again (stake 8): T -> 21 +8; T (1/2) -> 18 (stake 4) v the dealer's 16 + 3 =
    #       19: -4; so (8 - 4) / 2 = 2.  T (1/3) -> 15 (stake 2) v 16 + 3 = 19: -2.
    #       Hole T: 2/3 * 2 + 1/3 * -2 = 2/3.
    #     EV = (-4/3 + 2/3) / 2 = -1/3.
    sh = {2: 1, 3: 3, 6: 1, 10: 2}
    R3 = S21Rules(decks=6, max_hands=1, max_doubles=3)
    assert bc.deal_ev(sh, R3, _redouble_chart(), (2, 3), 6) == F(-1, 3)
    #     max_doubles=2: the 11 after two doubles stands (stake 4) v 16 + T: bust +4; hole T:
    #     2/3 * (4 - 4) / 2 + 1/3 * -2 = -2/3; EV = (-4/3 - 2/3) / 2 = -1.
    assert bc.deal_ev(sh, replace(R3, max_doubles=2), _redouble_chart(), (2, 3), 6) == -1
    #     No redouble (max_doubles=1, or no redouble row, or a redouble SOFT row naming 8-11):
    #     hole 3: 8 (1/3) stands v 9 + T = 19: -2; 15 (2/3): 0.  Hole T: 8 (2/3) v 16 from {3, T}:
    #     19 -2 or bust +2: 0; 15 (1/3): -2.  EV = (-2/3 - 2/3) / 2 = -2/3.
    assert bc.deal_ev(sh, replace(R3, max_doubles=1), _redouble_chart(), (2, 3), 6) == F(-2, 3)
    assert bc.deal_ev(sh, R3, _chart("S", hard_5="Dh"), (2, 3), 6) == F(-2, 3)
    assert bc.deal_ev(sh, R3, _chart("S", hard_5="Dh", redouble_soft="DD8-11"), (2, 3), 6) == F(-2, 3)
    #     Rescue after 2 doubles "18": each 18 staking 4 loses 1, not 4: hole 3: 1/3 * -1 = -1/3;
    #     hole T: 2/3 * (8 - 1) / 2 + 1/3 * -2 = 5/3; EV = (-1/3 + 5/3) / 2 = 2/3.  The rules
    #     without rescue ignore the row (-1/3); "rescue hard" (after the 1st double: 8 or 15)
    #     naming 18 changes nothing (-1/3).
    assert bc.deal_ev(sh, R3, _redouble_chart(rescue_hard_after_2_doubles="18"), (2, 3), 6) == F(2, 3)
    assert bc.deal_ev(sh, replace(R3, rescue=False),
                      _redouble_chart(rescue_hard_after_2_doubles="18"), (2, 3), 6) == F(-1, 3)
    assert bc.deal_ev(sh, R3, _redouble_chart(rescue_hard="18"), (2, 3), 6) == F(-1, 3)
    #     READING: a rescue cell is literal, a 21 too: "rescue hard after 3 doubles" naming 21
    #     gives up the +8: hole T: 2/3 * (-1 - 4) / 2 + 1/3 * -2 = -7/3; EV = (-4/3 - 7/3) / 2.
    assert bc.deal_ev(sh, R3, _redouble_chart(rescue_hard_after_3_doubles="21"), (2, 3), 6) == F(-11, 6)
    #     a "-" cell is an error only where consulted (the 18 after two doubles v 6)
    with pytest.raises(bc.ChartError):
        bc.deal_ev(sh, R3, _redouble_chart(rescue_hard_after_2_doubles={"6": "-"}), (2, 3), 6)
    assert bc.deal_ev(sh, R3, _redouble_chart(rescue_hard_after_2_doubles={"5": "-"}), (2, 3), 6) == F(-1, 3)
    # (b) soft.  (A,2) v 6 from {A, 2, 5, 6, T x3}: left {5, T, T, T}; soft 13 doubles.
    #     Hole 5 (1/4): dealer 11, left {T x3}: double T -> hard 13 (stake 2) v 11 + T = 21: -2.
    #     Hole T (3/4): dealer 16, left {5, T, T}: double 5 (1/3) -> soft 18; T (2/3) -> hard 13
    #       v 16 from {5, T}: 21 -2 or bust +2: 0.  Soft 18 stands (stake 2): 16 + T bust: +2;
    #       "redouble soft" DD18: T -> hard 18 (stake 4), 16 + T bust: +4.
    #     No redouble: -2/4 + 3/4 * 2/3 = 0;  redouble soft 18: -2/4 + 3/4 * 4/3 = 1/2;
    #     "redouble hard" DD18 does not read soft 18: 0;  "redouble hard" DD13: hole 5: 13 -> T
    #     bust -4; hole T: 13 (2/3) -> 5: 18 v 16 + T bust +4, T: bust -4: 0; soft 18 (1/3) +2:
    #     -4/4 + 3/4 * 2/3 = -1/2.
    sh = {1: 1, 2: 1, 5: 1, 6: 1, 10: 3}
    for rows, want in (({}, 0), ({"redouble_soft": "DD18"}, F(1, 2)), ({"redouble_hard": "DD18"}, 0),
                       ({"redouble_hard": "DD13"}, F(-1, 2)),
                       ({"redouble_soft": "DD18", "redouble_hard": "DD13"}, -1 + F(3, 4) * F(4, 3))):
        assert bc.deal_ev(sh, R3, _chart("S", soft_13="Dh", **rows), (1, 2), 6) == want, rows


def test_redouble_rows_naming_nothing_equal_max_doubles_1():
    """max_doubles 2 or 3 with redouble rows that name nothing (absent, or every cell "no") is
    the game with max_doubles 1: random charts (random rescue rows after the 1st double; the
    rows after 2 and 3 doubles random too, never reached), one or two hands.  And with
    max_doubles 1 the redouble rows are never read: a chart redoubling every total gives the
    same EV.  With max_doubles 2 the redouble rows after 2 doubles are never read (a chart
    that redoubles after the first double's card gives the same EV with or without them)."""
    shoe = OPT_SHOE
    rng = random.Random(7)
    for seed, (mh, md) in enumerate(((1, 3), (2, 3), (2, 2))):
        ch = _random_chart(seed)
        r1 = S21Rules(decks=6, max_hands=mh, max_doubles=1, h17=bool(seed % 2))
        r = replace(r1, max_doubles=md)
        one = bc.chart_ev(shoe, r1, ch)
        assert bc.chart_ev(shoe, r, ch) == one                         # redouble rows absent
        full = dict(ch)
        for row in DOUBLED_ROWS[2:]:
            cells = CODES_RESCUE if row.startswith("rescue") else ("no",)
            full[row] = {c: rng.choice(cells) for c in COLS}
        assert bc.chart_ev(shoe, r, full) == one                       # redouble rows all "no"
        every = dict(ch, **{row: {c: "DD≤20" for c in COLS} for row in ("redouble hard", "redouble soft")})
        assert bc.chart_ev(shoe, r1, every) == one                     # md 1: never read
        if md == 2:                                                    # md 2: never read after 2 doubles
            red = dict(ch, **{"redouble hard": {c: "DD9-13" for c in COLS},
                              "redouble soft": {c: "DD13-18" for c in COLS}})
            more = dict(red, **{row: {c: "DD≤20" for c in COLS}
                                for row in ("redouble hard after 2 doubles", "redouble soft after 2 doubles")})
            assert bc.chart_ev(shoe, r, more) == bc.chart_ev(shoe, r, red) != one


def _plain_doubling_game(shoe, rules, play, after_double):
    """One hand by literal enumeration (no memo, no split, no surrender), with doubling and
    redoubling: play(total, soft, n_cards, up) -> 'hit' | 'stand' | 'double' (a double where it
    is not allowed is a hit); after_double(total, soft, j, up) -> 'stand' | 'rescue' |
    'redouble', read after the j-th double's card (its own settlement: stake 2 ** j, 21 always
    wins the stake, a rescue -1, a bust -stake; an undoubled 21 wins 1: no bonus at all, for
    rules with ``bonuses=False``)."""
    def tot(cards):
        s = sum(cards)
        return (s + 10, True) if 1 in cards and s + 10 <= 21 else (s, False)

    def draws(sh):
        n = sum(sh.values())
        assert n, "empty shoe"
        for v, k in sh.items():
            if k:
                rest = dict(sh)
                rest[v] -= 1
                yield v, F(k, n), rest

    def dealer(cards, sh):
        t, soft = tot(cards)
        if t > 21:
            return {22: F(1)}
        if t > 17 or (t == 17 and not (soft and rules.h17)):
            return {t: F(1)}
        out = {}
        for v, p, rest in draws(sh):
            for o, q in dealer(cards + [v], rest).items():
                out[o] = out.get(o, 0) + p * q
        return out

    def stand(t, stake, up, hole, sh):
        return sum(q * (stake if o == 22 or t > o else 0 if t == o else -stake)
                   for o, q in dealer([up, hole], sh).items())

    def doubled(cards, j, up, hole, sh):
        t, soft = tot(cards)
        if t > 21:
            return F(-(2 ** j))
        a = after_double(t, soft, j, up)
        if a == "rescue" and rules.rescue:
            return F(-1)
        if a == "redouble" and j < rules.max_doubles and t < 21:
            return sum(p * doubled(cards + [v], j + 1, up, hole, rest) for v, p, rest in draws(sh))
        return F(2 ** j) if t == 21 else stand(t, 2 ** j, up, hole, sh)

    def player(cards, up, hole, sh):
        t, soft = tot(cards)
        if t > 21:
            return F(-1)
        if t == 21:
            return F(1)                              # 21 always wins; no bonus (rules.bonuses off)
        a = play(t, soft, len(cards), up)
        if a == "double" and rules.max_doubles >= 1 and (len(cards) == 2 or rules.double_any_cards):
            return sum(p * doubled(cards + [v], 1, up, hole, rest) for v, p, rest in draws(sh))
        if a in ("hit", "double"):
            return sum(p * player(cards + [v], up, hole, rest) for v, p, rest in draws(sh))
        return stand(t, 1, up, hole, sh)

    ev = F(0)
    for c1, p1, s1 in draws(shoe):
        for up, p2, s2 in draws(s1):
            for c2, p3, s3 in draws(s2):
                for hole, p4, s4 in draws(s3):
                    p = p1 * p2 * p3 * p4
                    if {c1, c2} == {1, 10}:
                        ev += p * rules.blackjack_pays
                    elif {up, hole} == {1, 10}:
                        ev -= p
                    else:
                        ev += p * player([c1, c2], up, hole, s4)
    return ev


def _doubling_play(t, soft, n, up):
    if not soft:
        if 9 <= t <= 11:
            return "double" if n == 2 else "hit"         # Dh
        if t <= 11 or (t <= 16 and up >= 7 or up == 1 and t <= 16):
            return "hit"
        return "double" if t == 12 and up == 4 else "stand"   # "D" v 4: double any cards
    if t <= 12:
        return "hit"                                     # A,A: no row
    if t <= 17:
        return "double" if n == 2 else "hit"             # Dh
    return "stand"


def _after_double(t, soft, j, up):
    hs = "soft" if soft else "hard"
    rescue = {("hard", 1): range(13, 17) if up >= 7 or up == 1 else (), ("soft", 1): (),
              ("hard", 2): (16,), ("soft", 2): (20,),
              ("hard", 3): range(14, 17), ("soft", 3): (19, 20)}[hs, j]
    redouble = {("hard", 1): range(9, 12), ("soft", 1): range(13, 18),
                ("hard", 2): range(2, 14), ("soft", 2): (18, 19)}.get((hs, j), ())
    if t in rescue:
        return "rescue"
    return "redouble" if t in redouble else "stand"


def _doubling_chart():
    """_doubling_play / _after_double as a chart (no pair row is read: one hand)."""
    big = ("7", "8", "9", "T", "A")
    ch = _chart("S")
    for t in range(5, 17):
        ch[f"hard {t}"] = {c: ("Dh" if 9 <= t <= 11 else "H" if t <= 11 or c in big else "S") for c in COLS}
    ch["hard 12"]["4"] = "D"
    for t in range(13, 18):
        ch[f"soft {t}"] = {c: "Dh" for c in COLS}
    ch["rescue hard"] = {c: ("13-16" if c in big else "no") for c in COLS}
    ch["rescue soft"] = {c: "no" for c in COLS}
    ch["redouble hard"] = {c: "DD9-11" for c in COLS}
    ch["redouble soft"] = {c: "DD13-17" for c in COLS}
    ch["rescue hard after 2 doubles"] = {c: "16" for c in COLS}
    ch["rescue soft after 2 doubles"] = {c: "20" for c in COLS}
    ch["redouble hard after 2 doubles"] = {c: "DD≤13" for c in COLS}
    ch["redouble soft after 2 doubles"] = {c: "DD18-19" for c in COLS}
    ch["rescue hard after 3 doubles"] = {c: "14-16" for c in COLS}
    ch["rescue soft after 3 doubles"] = {c: "19-20" for c in COLS}
    return ch


def test_redoubling_chart_equals_plain_recursion():
    """A chart that doubles (two cards, and "D" at any number of cards), redoubles and rescues
    after each of three doubles, hard and soft rows, equals the plain recursion (no memo) on a
    small shoe: max_doubles 1, 2, 3, H17 / S17, rescue on / off; bonuses off (the plain
    recursion pays none)."""
    ch = _doubling_chart()
    options = ((3, True, True), (3, False, False), (2, True, True), (1, True, True))
    for shoe, opts in (({1: 1, 2: 2, 3: 1, 4: 1, 6: 1, 9: 1, 10: 3}, options),
                       ({1: 1, 2: 2, 3: 1, 5: 1, 6: 1, 9: 1, 10: 3}, options[:2])):
        seen = set()
        for md, h17, rescue in opts:
            rules = S21Rules(decks=6, max_hands=1, surrender=False, max_doubles=md, h17=h17,
                             rescue=rescue, bonuses=False)
            a = bc.chart_ev(shoe, rules, ch)
            assert a == _plain_doubling_game(shoe, rules, _doubling_play, _after_double), (shoe, md, h17, rescue)
            seen.add(a)
        assert len(seen) == len(opts)            # the options matter on these shoes


CODES_REDOUBLE = ("no", "DD9-11", "DD≤17", "DD11,13-18", "DD≤20", "DD12-16")


@pytest.mark.parametrize("rules", [S21Rules(decks=6, max_hands=1, max_doubles=3),
                                   S21Rules(decks=6, max_hands=2, max_doubles=3, h17=False),
                                   S21Rules(decks=6, max_hands=2, max_doubles=2, surrender=False)],
                         ids=["1hand-md3", "2hands-md3-s17", "2hands-md2-nosurr"])
def test_redoubling_chart_never_beats_optimal_play(rules):
    """With redoubling, CD optimal play (brute_spanish21.game_ev: stand / rescue / redouble
    after every double's card) is at least as good as any chart: random charts with random
    redouble and rescue rows after 1, 2 and 3 doubles, and _doubling_chart."""
    best = s21.game_ev(make_shoe(OPT_SHOE), rules)
    charts = []
    for seed in range(2):
        rng = random.Random(100 + seed)
        ch = _random_chart(100 + seed)
        for row in DOUBLED_ROWS:
            ch[row] = {c: rng.choice(CODES_RESCUE if row.startswith("rescue") else CODES_REDOUBLE)
                       for c in COLS}
        charts.append(ch)
    charts.append(_doubling_chart())
    evs = [bc.chart_ev(OPT_SHOE, rules, ch) for ch in charts]
    assert all(ev <= best for ev in evs), (best, evs)
    # redoubling is taken (the EV differs from the same charts at max_doubles 1)
    assert evs != [bc.chart_ev(OPT_SHOE, replace(rules, max_doubles=1), ch) for ch in charts]


# ----------------------------------------------------------------------------- ordinary blackjack

def _ordinary_chart(seed):
    """A random chart of the ordinary codes; 21 rows stand (brute_chart would hit a 21), split
    aces never (brute_chart's split aces take one card, Spanish 21's play on)."""
    rng = random.Random(seed)
    ch = {}
    for r in TOTAL_ROWS:
        ch[r] = {c: "S" if r.endswith(" 21") else rng.choice(("H", "S", "Dh", "Ds", "Rh", "Rs")) for c in COLS}
    for r in PAIR_ROWS:
        pool = ("H", "S", "Dh", "Rh") if r == "pair A,A" else ("H", "S", "Dh", "Ds", "Rh", "Rs", "P", "Ph", "Ps")
        ch[r] = {c: rng.choice(pool) for c in COLS}
    return ch


def test_reduced_to_ordinary_blackjack_equals_brute_chart():
    """With no 21 privilege, no bonus, no rescue and doubling on two cards only, the game is the
    ordinary one of brute_chart.py (peek, DAS, late surrender or none, 1 or 2 hands): random
    ordinary charts give the same exact EV (the chart conventions, split hands included)."""
    from oracles import brute_chart
    shoe = {1: 1, 5: 1, 6: 1, 7: 2, 8: 2, 10: 4}
    counts = tuple(shoe.get(v, 0) for v in range(1, 11))
    for i, (h17, surrender, hands) in enumerate(((True, True, 2), (False, False, 2), (True, False, 1),
                                                 (False, True, 1), (True, True, 2), (False, True, 2))):
        chart = _ordinary_chart(i)
        rules = S21Rules(decks=1, max_hands=hands, h17=h17, surrender=surrender, always_21=False,
                         bonuses=False, rescue=False, double_any_cards=False)
        flat = {(row, c): code for row, cells in chart.items() for c, code in cells.items()}
        theirs = brute_chart.chart_ev(dict(dealer_hits_soft_17=h17, max_split_hands=hands,
                                           surrender="late" if surrender else "none"), counts, flat)
        assert bc.chart_ev(shoe, rules, chart) == theirs, i
