"""bjcalc's total-dependent (chart) play against the brute-force chart oracle (brute_chart.py).

The oracle enumerates every card sequence of one round dealt from a tiny shoe (12-17 cards) and
plays it by a fixed chart; bjcalc computes the same chart's EV through its public API
(``total_dependent_game(calc, TotalDependentStrategy.from_chart(df))``, and ``calc.game("TD")``
for its own chart).  Both read the same chart; the EVs must be equal as exact rationals.

Case ids: ``<rules id>-<shoe id>-<chart>``; RULES and SHOES below say what each id is.
"""

import functools
import random
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from oracles.brute_chart import (PAIR_CODES, TOTAL_CODES, UP_COLUMNS, ShoeExhausted, chart_ev, chart_rows,
                                 read_csv_chart, round_distribution)
from paths import ROOT

pd = pytest.importorskip("pandas")

# rule sets: the keys are bjcalc's Rules fields
RULES = {
    # standard: S17, 3:2, peek, double any two incl. soft, DAS, split to 4 hands, no surrender
    "std4": {},
    # H17, 6:5, ENHC, double hard 9-11 only, no DAS, split to 2 hands, late surrender
    "enhc2": dict(dealer_hits_soft_17=True, blackjack_pays="6:5", hole_card="enhc", double_on="9-11",
                  double_after_split=False, max_split_hands=2, surrender="late"),
    # S17, peek, double hard 10-11 only, DAS, split to 3 hands, late surrender
    "peek3": dict(double_on="10-11", max_split_hands=3, surrender="late"),
    # H17, ENHC, double any two hard (no soft doubles), DAS, split to 4 hands, no surrender
    "enhc4": dict(dealer_hits_soft_17=True, hole_card="enhc", double_soft=False, max_split_hands=4),
    # S17, BJ pays 1:1, peek, no doubling, no DAS, no split, late surrender
    "nosplit": dict(blackjack_pays="1:1", double_on="none", double_after_split=False, max_split_hands=1,
                    surrender="late"),
    # H17, ENHC, double any two incl. soft, no DAS, split to 3 hands, late surrender
    "enhc3": dict(dealer_hits_soft_17=True, hole_card="enhc", double_after_split=False, max_split_hands=3,
                  surrender="late"),
    # H17, peek, double any two incl. soft, DAS, split to 2 hands, late surrender
    "h17peek2": dict(dealer_hits_soft_17=True, max_split_hands=2, surrender="late"),
}

# shoes: counts of A, 2, ..., 9, ten-value cards
SHOES = {
    "s13a": (2, 1, 0, 1, 1, 1, 0, 2, 0, 5),   # 13 cards: A,A 8,8 T,T pairs
    "s15a": (0, 0, 1, 1, 1, 1, 2, 2, 1, 6),   # 15 cards
    "s13b": (0, 0, 0, 1, 1, 1, 1, 1, 4, 4),   # 13 cards: four 9s, four tens
    "s16a": (1, 0, 0, 3, 0, 0, 0, 5, 0, 7),   # 16 cards: five 8s (resplit limit binds at 4 hands)
    "s16b": (1, 0, 1, 0, 0, 0, 4, 0, 4, 6),   # 16 cards: four 7s, four 9s
    "s16c": (1, 0, 0, 0, 0, 2, 3, 4, 1, 5),   # 16 cards
    "s17a": (1, 0, 0, 0, 0, 0, 4, 4, 4, 4),   # 17 cards: four each of 7, 8, 9, T
    "s17b": (1, 1, 1, 2, 1, 0, 1, 2, 1, 7),   # 17 cards, no 6 (bjcalc's chart writes '-' for v 6)
}

# (rules id, shoe id) pairs the random charts are played on: CHARTS_PER_COMBO charts each.  Each shoe was chosen so
# that no card sequence of a random chart runs out of cards under those rules (the oracle raises
# ShoeExhausted otherwise, and the case is skipped, not hidden: it shows as a skip).
RANDOM_COMBOS = [
    ("std4", "s16a"), ("std4", "s16b"), ("std4", "s17a"),
    ("enhc2", "s13a"), ("enhc2", "s15a"),
    ("peek3", "s13b"), ("peek3", "s16b"),
    ("enhc4", "s16a"), ("enhc4", "s16c"),
    ("nosplit", "s13a"), ("nosplit", "s15a"),
    ("enhc3", "s13b"), ("enhc3", "s16b"),
    ("h17peek2", "s15a"), ("h17peek2", "s13a"),
]
CHARTS_PER_COMBO = 3


def random_chart(seed, random_21=False):
    """A chart of random codes, each drawn from the codes valid for its row (total rows: H, S, Dh, Ds,
    Rh, Rs; pair rows: those and P, Ph, Ps, Pdh, Pds, Rp, Prh, Prs, Prp).  The hard 21 and soft 21
    rows stand unless ``random_21``."""
    rng = random.Random(seed)
    chart = {}
    for row in chart_rows():
        for column in UP_COLUMNS:
            chart[(row, column)] = rng.choice(PAIR_CODES if row.startswith("pair") else TOTAL_CODES)
            if row in ("hard 21", "soft 21") and not random_21:
                chart[(row, column)] = "S"
    return chart


def chart_frame(chart):
    """The chart as the DataFrame ``TotalDependentStrategy.from_chart`` reads (rows as printed,
    columns 2-9, T, A)."""
    return pd.DataFrame([[chart[(row, column)] for column in UP_COLUMNS] for row in chart_rows()],
                        index=chart_rows(), columns=list(UP_COLUMNS))


def frame_chart(frame):
    return {(str(row), str(column)): str(frame.loc[row, column]).strip()
            for row in frame.index for column in frame.columns}


def as_fraction(value):
    """bjcalc's exact numbers (sympy Rational) as a Fraction."""
    if hasattr(value, "p") and hasattr(value, "q"):
        return Fraction(int(value.p), int(value.q))
    return Fraction(str(value))


@functools.lru_cache(maxsize=None)
def calculator(rules_id, shoe_id):
    from bjcalc import Calculator, Rules, Shoe
    return Calculator(Rules(**RULES[rules_id]), shoe=Shoe.from_counts(SHOES[shoe_id]), exact=True)


def engine_chart_ev(rules_id, shoe_id, chart):
    from bjcalc.game.strategy import TotalDependentStrategy, total_dependent_game
    das = RULES[rules_id].get("double_after_split", True)
    strategy = TotalDependentStrategy.from_chart(chart_frame(chart), das=das)
    return as_fraction(total_dependent_game(calculator(rules_id, shoe_id), strategy).ev)


def oracle_or_skip(rules, counts, chart):
    try:
        return chart_ev(rules, counts, chart)
    except ShoeExhausted:
        pytest.skip("the oracle's shoe runs out for some card sequence of this chart")


def engine_or_skip(rules_id, shoe_id, chart):
    """bjcalc's EV of the chart; a ShoeError refusal is a skip (with bjcalc's message) only where the
    oracle's shoe runs out when the dealer completes a hand after every player hand busted (the
    dealer's draw changes no result there, but a calculator may want the cards); otherwise it fails."""
    from bjcalc import ShoeError
    try:
        return engine_chart_ev(rules_id, shoe_id, chart)
    except ShoeError as exc:
        try:
            chart_ev(RULES[rules_id], SHOES[shoe_id], chart, dealer_always_draws=True)
        except ShoeExhausted:
            pytest.skip(f"bjcalc refuses: {exc} -- the oracle runs out there only if the dealer draws "
                        f"after every player hand busted")
        raise


# --- the oracle itself --------------------------------------------------------------------------

def constant_chart(total_code="S", pair_code="S"):
    return {(row, column): pair_code if row.startswith("pair") else total_code
            for row in chart_rows() for column in UP_COLUMNS}


@pytest.mark.parametrize("hole_card", ["peek", "enhc"])
def test_all_stand_by_hand(hole_card):
    """Cards T,T,T,6,5; every hand stands.  The player's two cards are one of 10 pairs, the
    dealer's one of the 3 pairs of the other three cards, all 30 equally likely (peek or not):
    T,T (3 ways) v T,6 / T,5 / 6,5: the dealer draws to 21 each time: -1 x 3 x 3 = -9;
    T,6 (3 ways) v T,T: -1, v T,5 (x2): 15 + T busts: +1 +1: +1 x 3 = +3;
    T,5 (3 ways) v T,T: -1, v T,6 (x2): 16 + T busts: +3;
    6,5 (stands on 11) v T,T (x3): -3.   Total -6 / 30 = -1/5."""
    rules = {"hole_card": hole_card}
    counts = (0, 0, 0, 0, 1, 1, 0, 0, 0, 3)
    assert chart_ev(rules, counts, constant_chart()) == Fraction(-1, 5)
    # hard 11 doubles: 6,5 draws the last T (the dealer holds T,T): 21 v 20, +2 x 3 = +6 instead of -3
    chart = constant_chart()
    chart[("hard 11", "T")] = "Dh"
    assert chart_ev(rules, counts, chart) == Fraction(3, 30)


@pytest.mark.parametrize("pays, ev", [("3:2", Fraction(1, 6)), ("6:5", Fraction(1, 15))])
@pytest.mark.parametrize("hole_card", ["peek", "enhc"])
def test_naturals_by_hand(pays, ev, hole_card):
    """Cards A,T,T,9, all stand: 6 equally likely player pairs, the dealer gets the other two.
    A,T (2 ways) v T,9: blackjack, +pays each;  T,T v A,9: 20 v soft 20, push;
    A,9 v T,T: push;  T,9 (2 ways) v A,T: -1 each.   (2 pays - 2) / 6."""
    rules = {"hole_card": hole_card, "blackjack_pays": pays}
    assert chart_ev(rules, (1, 0, 0, 0, 0, 0, 0, 0, 1, 2), constant_chart()) == ev


def test_empty_shoe_raises():
    # T,T,6,7: a dealer holding 6,7 must draw from an empty shoe
    with pytest.raises(ShoeExhausted):
        chart_ev({}, (0, 0, 0, 0, 0, 1, 1, 0, 0, 2), constant_chart())


@pytest.mark.parametrize("rules_id, shoe_id", [("std4", "s16a"), ("enhc3", "s13b"), ("nosplit", "s15a")])
def test_probabilities_sum_to_one(rules_id, shoe_id):
    dist = round_distribution(RULES[rules_id], SHOES[shoe_id], random_chart(f"sum-{rules_id}-{shoe_id}"))
    assert sum(dist.values()) == 1
    assert all(p > 0 for p in dist.values())


def test_peek_equals_enhc_without_extra_bets():
    """With no double, split or surrender, a dealer blackjack takes 1 (or pushes a natural) with or
    without a hole card, and the player's draws do not depend on the hole card: the two EVs agree."""
    rng = random.Random(7)
    chart = {(row, column): rng.choice("HS") for row in chart_rows() for column in UP_COLUMNS}
    for counts in (SHOES["s13a"], SHOES["s15a"]):
        peek = chart_ev({"hole_card": "peek", "max_split_hands": 1}, counts, chart)
        enhc = chart_ev({"hole_card": "enhc", "max_split_hands": 1}, counts, chart)
        assert peek == enhc


def test_pair_rows_that_play_the_total_equal_no_split():
    """Pair rows holding their total row's code (A,A and 2,2, totals without a row, hit) play like
    a game without splits, which never reads the pair rows."""
    chart = random_chart("pairs-as-totals")
    for column in UP_COLUMNS:
        for v in range(2, 11):
            label = "T" if v == 10 else str(v)
            chart[(f"pair {label},{label}", column)] = "H" if v == 2 else chart[(f"hard {2 * v}", column)]
        chart[("pair A,A", column)] = "H"
    counts = SHOES["s15a"]
    assert chart_ev({"max_split_hands": 4}, counts, chart) == chart_ev({"max_split_hands": 1}, counts, chart)


def test_read_csv_chart():
    text = ('# a comment\nhand,2,3,4,5,6,7,8,9,T,A\nhard 5,H,H,H,H,H,H,H,H,H,H\n'
            '"pair 2,2",Ph,P,P,P,P,P,H,H,H,-\n')
    chart = read_csv_chart(text)
    assert chart[("hard 5", "A")] == "H"
    assert chart[("pair 2,2", "2")] == "Ph" and chart[("pair 2,2", "A")] == "-"
    assert len(chart) == 20


# --- bjcalc against the oracle ------------------------------------------------------------------

RANDOM_CASES = [pytest.param(r, s, k, id=f"{r}-{s}-chart{k}") for r, s in RANDOM_COMBOS
                for k in range(CHARTS_PER_COMBO)]


@pytest.mark.parametrize("rules_id, shoe_id, k", RANDOM_CASES)
def test_random_chart(rules_id, shoe_id, k):
    chart = random_chart(f"{rules_id}-{shoe_id}-{k}")
    expected = oracle_or_skip(RULES[rules_id], SHOES[shoe_id], chart)
    assert engine_or_skip(rules_id, shoe_id, chart) == expected


@pytest.mark.parametrize("rules_id, shoe_id, k", [
    pytest.param("std4", "s16a", 0, id="std4-s16a-21rows0"),
    pytest.param("enhc2", "s13a", 0, id="enhc2-s13a-21rows0"),
    pytest.param("peek3", "s13b", 0, id="peek3-s13b-21rows0"),
    pytest.param("h17peek2", "s15a", 0, id="h17peek2-s15a-21rows0"),
])
def test_random_chart_hitting_21(rules_id, shoe_id, k):
    """Random codes on the hard 21 and soft 21 rows too: a chart that hits 21 is followed."""
    chart = random_chart(f"21-{rules_id}-{shoe_id}-{k}", random_21=True)
    expected = oracle_or_skip(RULES[rules_id], SHOES[shoe_id], chart)
    assert engine_or_skip(rules_id, shoe_id, chart) == expected


TD_CASES = [("std4", "s17b"), ("enhc2", "s15a"), ("peek3", "s13b"), ("enhc4", "s16a"), ("nosplit", "s13a"),
            ("h17peek2", "s16c")]


@pytest.mark.parametrize("rules_id, shoe_id", [pytest.param(r, s, id=f"{r}-{s}-TD") for r, s in TD_CASES])
def test_engine_td_chart(rules_id, shoe_id):
    """bjcalc's own TD chart: its EV, and the EV of the same chart read back, equal the oracle's.
    bjcalc writes '-' in cells no hand reaches (the oracle reads them as 'S'; bjcalc reads them back as they are: the next test)."""
    result = calculator(rules_id, shoe_id).game("TD")
    chart = frame_chart(result.strategy.chart())
    expected = oracle_or_skip(RULES[rules_id], SHOES[shoe_id], chart)
    assert as_fraction(result.ev) == expected
    filled = {cell: "S" if code == "-" else code for cell, code in chart.items()}
    assert engine_chart_ev(rules_id, shoe_id, filled) == expected


def test_engine_chart_round_trip_with_unreachable_cells():
    """bjcalc reads back the '-' its own chart writes against an up card the shoe cannot deal."""
    from bjcalc.game.strategy import TotalDependentStrategy, total_dependent_game
    calc = calculator("std4", "s17b")
    result = calc.game("TD")
    again = total_dependent_game(calc, TotalDependentStrategy.from_chart(result.strategy.chart()))
    assert again.ev == result.ev


def test_cli_csv_chart():
    """The chart `bjcalc chart --format csv` prints, parsed by read_csv_chart: its printed EV
    (4 decimals of a percent) and bjcalc's exact EV of the parsed chart match the oracle."""
    rules_id, shoe_id = "enhc3", "s16a"
    out = subprocess.run([sys.executable, "-m", "bjcalc", "chart", "--shoe", "A:1,4:3,8:5,T:7", "--h17",
                          "--hole-card", "enhc", "--no-das", "--split-hands", "3", "--surrender", "late",
                          "--format", "csv"], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert SHOES[shoe_id] == (1, 0, 0, 3, 0, 0, 0, 5, 0, 7) and "H17" in out and "split to 3 hands" in out
    chart = read_csv_chart(out)
    expected = oracle_or_skip(RULES[rules_id], SHOES[shoe_id], chart)
    printed = re.search(r"EV TD ([+-][0-9.]+) %", out).group(1)
    assert f"{float(expected) * 100:+.4f}" == printed
    filled = {cell: "S" if code == "-" else code for cell, code in chart.items()}
    assert engine_chart_ev(rules_id, shoe_id, filled) == expected
