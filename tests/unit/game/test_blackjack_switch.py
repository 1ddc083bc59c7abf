"""Blackjack Switch against its independent brute-force oracle, its own identities, and its refusals.

The oracle (tests/oracles/brute_switch.py) was written from VARIANTS.md and the issue alone,
without the engine; it plays the two hands one after the other and the dealer after them from
one shoe, so it also checks that the hands' values add up (the engine values each hand alone,
on the shoe less the other hand's cards).  Every comparison with it is exact (rationals).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import subprocess
import sys
import warnings
from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.cli import main
from bjcalc.core.errors import RulesError, ShoeError, StrategyError
from bjcalc.game.switching import hand_kind, hand_tables, hands_chart, switch_game, switching_table
from bjcalc.game.variants import VARIANTS, find_variant
from oracles import brute_switch as oracle

SW = VARIANTS["blackjack_switch"]
LABEL = "A23456789T"


def calculator(counts: dict, exact: bool = True, **rules) -> Calculator:
    shoe = Shoe.from_counts({LABEL[v - 1]: n for v, n in counts.items()})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules say 6 decks; the calculator follows the shoe)
        return Calculator(SW.rules(**rules), shoe, exact=exact)


def exact(value) -> Fraction:
    return Fraction(int(value.numerator), int(value.denominator))


# 16 cards, 110 points: two unsplit hands and the dealer cannot run out (86)
G = {1: 2, 3: 1, 4: 1, 5: 1, 6: 2, 7: 1, 8: 1, 9: 1, 10: 6}
U2 = {1: 3, 6: 1, 7: 1, 8: 2, 10: 7}          # 14 cards, 102 points
SP8 = {8: 4, 10: 6, 1: 2, 4: 1, 6: 1, 7: 1, 9: 1}
SPA = {1: 4, 10: 7, 6: 1, 9: 2, 7: 1, 5: 1}
BIG = {8: 4, 10: 8, 1: 2, 4: 1, 6: 1, 7: 1, 9: 2, 5: 1, 2: 1}
READINGS = [  # (the engine's rules, the oracle's)
    ({}, {}),
    ({"dealer_hits_soft_17": False, "double_on": "9-11"}, {"h17": False, "double": "9-11"}),
    ({"switched_blackjack": "wins"}, {"switched_blackjack": "wins"}),
]


@pytest.mark.parametrize("ours, theirs", READINGS, ids=["H17 any", "S17 9-11", "switched wins"])
def test_the_unsplit_game_equals_the_oracle_exactly(ours, theirs):
    """The oracle plays hand 1, then hand 2, then the dealer from one shoe: the engine's sum of
    hands valued alone is that game's value exactly."""
    ev = calculator(U2, max_split_hands=1, **ours).game().ev
    assert 2 * exact(ev) == oracle.game_ev(oracle.make_shoe(U2), oracle.SWRules(max_split_hands=1, **theirs))


def _pairings(tables, counts, cards, up, rational=True):
    """The engine's value of keeping and of switching the deal ``cards`` v ``up``, given no dealer
    blackjack: each hand's value from the table of the other hand's cards."""
    c1, c2, c3, c4 = cards
    left = dict(counts)
    for card in (*cards, up):
        left[card] -= 1
    blackjack = Fraction(left.get({1: 10, 10: 1}.get(up, 0), 0), sum(left.values())) if up in (1, 10) else 0
    blackjack = blackjack if rational else float(blackjack)

    def value(hand, other, switched):
        table, hand = tables[tuple(sorted(other))], tuple(sorted(hand))
        value = table.as_21[up] if switched and hand == (1, 10) else table.values[up][hand]
        return exact(value) if rational else float(value)

    keep = value((c1, c2), (c3, c4), False) + value((c3, c4), (c1, c2), False)
    switch = value((c1, c4), (c3, c2), True) + value((c3, c2), (c1, c4), True)
    return {"keep": keep / (1 - blackjack), "switch": switch / (1 - blackjack)}


@pytest.mark.parametrize("counts, hands, deals", [
    (SP8, 2, [((8, 8, 10, 6), 7), ((8, 10, 8, 6), 10), ((8, 4, 8, 9), 7), ((1, 10, 8, 8), 9), ((8, 8, 8, 6), 1)]),
    (SPA, 2, [((1, 1, 10, 6), 9), ((1, 10, 1, 9), 10), ((1, 5, 1, 10), 7)]),
    (BIG, 4, [((8, 8, 10, 6), 7), ((8, 10, 8, 5), 9), ((2, 8, 8, 8), 10)]),
], ids=["8s split once", "aces split once", "8s to 4 hands"])
def test_pairing_values_with_splits_equal_the_oracle_exactly(counts, hands, deals):
    """Exactly (rationals); splits to 4 hands in floats, to 1e-12 (a 21-card shoe's 55 exact
    calculators take a while; floats equal rationals is one of every variant's identities)."""
    rational = hands < 4
    tables = hand_tables(calculator(counts, exact=rational, max_split_hands=hands))
    for cards, up in deals:
        theirs = oracle.pairing_values(oracle.make_shoe(counts), cards, up, oracle.SWRules(max_split_hands=hands))
        ours = _pairings(tables, counts, cards, up, rational)
        if rational:
            assert ours == {k: exact(v) for k, v in theirs.items()}, (cards, up)
        else:
            assert all(abs(ours[k] - float(theirs[k])) < 1e-12 for k in theirs), (cards, up, ours, theirs)


def test_the_variant_is_found_by_its_names():
    assert find_variant("Blackjack Switch").name == find_variant("switch").name == "blackjack_switch"


def test_in_the_infinite_deck_the_game_is_the_best_pairing_of_single_hand_values():
    """Infinite deck: a hand's value does not depend on the other hand, so the game is the
    expectation of the better pairing's sum, from ``Calculator.hand`` of the standard round (1:1
    naturals, dealer 22 pushing): another route to every number."""
    rules = SW.rules()
    game = Calculator(rules, Shoe.infinite()).game()
    single = Calculator(Rules(**{k: getattr(rules, k) for k in SW.defaults}), Shoe.infinite())
    p = {v: Fraction(16 if v == 10 else 4, 52) for v in range(1, 11)}
    total = 0.0
    for up in range(1, 11):
        stand_21 = single.hand("A,5,5", LABEL[up - 1])["stand"]     # (a 21 of three cards: the switched A,T)
        value = {}
        for a, b in itertools.combinations_with_replacement(range(1, 11), 2):
            best = max(single.hand(f"{LABEL[a - 1]},{LABEL[b - 1]}", LABEL[up - 1]).values())
            value[a, b] = value[b, a] = best
        blackjack = p[10] if up == 1 else p[1] if up == 10 else 0
        for c1, c2, c3, c4 in itertools.product(range(1, 11), repeat=4):
            chance = float(p[up] * p[c1] * p[c2] * p[c3] * p[c4])
            keep = value[c1, c2] + value[c3, c4]
            switch = sum(stand_21 if {x, y} == {1, 10} else value[x, y] for x, y in ((c1, c4), (c3, c2)))
            naturals = ({c1, c2} == {1, 10}) + ({c3, c4} == {1, 10})
            total += chance * (float(blackjack) * (naturals - 2) + (1 - float(blackjack)) * max(keep, switch))
    assert abs(game.ev - total / 2) < 1e-12


def test_switching_by_the_table_is_never_better_than_switching_exactly():
    calc = calculator(U2, max_split_hands=1)
    tables = hand_tables(calc)
    best = switch_game(calc, tables=tables).ev
    table = switching_table(calc)
    assert switch_game(calc, switching=table, tables=tables).ev <= best


def test_the_game_is_the_mixture_of_its_up_cards():
    result = calculator(U2, max_split_hands=1).game()
    assert sum(p * ev for _, p, ev, _ in result.rows()) == result.ev
    assert sum(p for _, p, _, _ in result.rows()) == 1


def test_a_hand_given_the_other_hand_is_the_round_on_the_shoe_less_those_cards():
    shoe = Shoe.decks(1)
    given = Calculator(SW.rules(decks=1, other_hand="T,6"), shoe).hand("9,5", "7")
    plain = Calculator(Rules(**{**SW.defaults, "decks": 1}), shoe.remove("T", "6")).hand("9,5", "7")
    assert dict(given) == dict(plain)
    assert "the other hand 6,T" in given.assumptions.shoe or "6,T" in given.assumptions.rules


def test_the_other_hand_reads_as_players_write_it():
    for text in ("T6", "t,6", "10 6", "K,6", "6,Q"):
        assert SW.rules(other_hand=text) == SW.rules(other_hand="6,T")
    with pytest.raises(RulesError, match="the other hand's two cards, like T,6"):
        SW.rules(other_hand="X5")


def test_hand_values_without_the_other_hand_are_refused_in_words():
    with pytest.raises(StrategyError, match="give them with the option other_hand"):
        Calculator(SW.rules()).hand("T,6", "6")


def test_a_shoe_two_hands_can_run_out_of_is_refused_with_its_size():
    with pytest.raises(ShoeError, match="too small for Blackjack Switch: 110 points .* up to 146"):
        calculator(G, max_split_hands=2).game()


def test_the_hands_chart_played_is_no_better_than_cd_play_and_is_the_chart_printed():
    calc = calculator(U2, max_split_hands=1)
    td = calc.game("basic")
    assert td.strategy_name == "TD" and td.ev <= calc.game("CD").ev
    assert td.strategy.chart().equals(hands_chart(calc).chart())
    assert "each hand plays the basic strategy chart of a hand alone" in td.assumptions.strategy


def test_a_chart_brought_is_played_as_written_by_both_hands():
    calc = calculator(U2, max_split_hands=1)
    td = calc.game("TD")
    assert calc.game(td.strategy).ev == td.ev
    card = td.strategy.chart()
    card.loc["hard 16", "T"] = "S" if card.loc["hard 16", "T"] != "S" else "H"
    mine = calc.game(card)
    assert mine.ev != td.ev and mine.ev <= calc.game("CD").ev
    assert mine.strategy_name == "chart" and mine.assumptions.strategy.startswith("the chart given")


def test_rules_the_game_cannot_take_are_refused():
    for changes in ({"hole_card": "enhc"}, {"surrender": "late"}, {"double_after_hit": True}):
        with pytest.raises(RulesError):
            Calculator(SW.rules(**changes))


def test_switching_table_rows_name_every_hand():
    assert {hand_kind((a, b)) for a in range(1, 11) for b in range(a, 11)} | {hand_kind((1, 10), True)} == \
        set(switching_table(Calculator(SW.rules(decks=1, max_split_hands=2))).values[6])


def _cli(*args: str, process: bool = False) -> subprocess.CompletedProcess:
    """The command's exit code and output: in a process of its own, or (quicker, the same
    ``main``) in this one."""
    if process:
        return subprocess.run([sys.executable, "-m", "bjcalc", *args], capture_output=True, text=True, timeout=300)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def test_the_command_line_values_the_game_its_switching_table_and_a_chart_brought(tmp_path):
    """On U2 (14 cards, unsplit hands: quick), each command's JSON is the Python API's number (the
    first from a real ``python -m bjcalc`` process, the others from the same entry point here)."""
    shoe = ["--shoe", "A:3,6:1,7:1,8:2,T:7", "--split-hands", "1"]
    calc = calculator(U2, exact=False, max_split_hands=1)
    edge = _cli("edge", "--variant", "switch", *shoe, "--json", process=True)
    assert edge.returncode == 0, edge.stderr
    assert abs(json.loads(edge.stdout)["ev"] - calc.game().ev) < 1e-12
    chart = _cli("chart", "--variant", "blackjack_switch", *shoe, "--json")
    assert chart.returncode == 0, chart.stderr
    payload = json.loads(chart.stdout)
    assert payload["table"]["hard 16"]["T"] == switching_table(calc).values[10]["hard 16"]
    assert payload["ev"]["switching by this table"] <= payload["ev"]["exact switching"]
    card = tmp_path / "card.csv"
    assert _cli("chart", *shoe, "--format", "csv", "--out", str(card)).returncode == 0
    cost = _cli("edge", "--variant", "switch", *shoe, "--chart", str(card), "--json")
    assert cost.returncode == 0, cost.stderr
    assert abs(json.loads(cost.stdout)["ev"] - calc.game(card).ev) < 1e-12
    bad = _cli("hand", "--variant", "switch", "--cards", "T,6", "--up", "6", "--other-hand", "X5")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "like T,6 or A,7" in bad.stderr


def test_the_report_prints_the_switching_table_and_the_reoptimized_effects():
    from bjcalc.analysis.report import report
    from bjcalc.analysis.switch_chart import switch_chart

    calc = calculator(U2, exact=False, max_split_hands=1)
    page = report(calc, sections=("strategy", "removal")).markdown()
    table = switch_chart(calc).to_markdown()
    assert "### Switching table" in page and table.split("\n\n")[2] in page      # (the table's own rows)
    assert "each depleted shoe played best (CD)" in page
    effects = calc.effects_of_removal("reoptimized")
    assert all(f"| {card} | {float(value) * 100:+.4f} % |" in page for card, value in effects.items() if value == value)
    assert "| 2 | none in the shoe |" in page       # (a card the shoe lacks has no effect of removal)
