"""Double Exposure against its independent brute-force oracle, its own identities, and its refusals.

The oracle (tests/oracles/brute_double_exposure.py) was written from VARIANTS.md alone, without
the engine; every comparison is exact (rationals), on shoes where no path of the round runs out
of cards.
"""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from fractions import Fraction

import pytest

from bjcalc import Calculator, Shoe
from bjcalc.core.errors import BjcalcError, StrategyError
from bjcalc.game.double_exposure import ExposedSettlement
from bjcalc.game.strategy import UpcardEvaluator, total_dependent_game
from bjcalc.game.variants import VARIANTS, find_variant
from bjcalc.core.rules import Rules
from oracles import brute_double_exposure as oracle

DE = VARIANTS["double_exposure"]
LABEL = "A23456789T"
C = {1: 3, 6: 1, 7: 2, 8: 3, 9: 2, 10: 6}
D = {1: 2, 5: 1, 6: 1, 7: 1, 8: 4, 9: 1, 10: 6}
E = {1: 1, 2: 1, 4: 3, 5: 3, 6: 1, 7: 1, 8: 3, 9: 1, 10: 6}
READINGS = [  # (the engine's rules, the oracle's)
    ({"max_split_hands": 2}, {"max_split_hands": 2}),
    ({"dealer_hits_soft_17": False, "double_on": "any", "double_soft": True, "double_after_split": False,
      "max_split_hands": 2, "tied_naturals": "push"},
     {"h17": False, "double": "any", "das": False, "max_split_hands": 2, "tied_naturals": "push"}),
    ({"max_split_hands": 1}, {"max_split_hands": 1}),
]


def calculator(counts: dict, **rules) -> Calculator:
    shoe = Shoe.from_counts({LABEL[v - 1]: n for v, n in counts.items()})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules say 6 decks; the calculator follows the shoe)
        return Calculator(DE.rules(**rules), shoe, exact=True)


def exact(value) -> Fraction:
    return Fraction(int(value.numerator), int(value.denominator))


CASES = [(counts, reading) for counts in (C, D) for reading in READINGS] + [(E, READINGS[2])]
"""Every reading on shoes C and D, and E (20 cards, where the oracle's resplits take seconds) unsplit."""


@pytest.mark.parametrize("counts, reading", CASES, ids=[f"{shoe}-{name}" for shoe in "CD" for name in
                                                        ("split once", "S17 any NDAS push", "no split")] + ["E-no split"])
def test_game_equals_the_oracle_exactly(counts, reading):
    ours, theirs = reading
    assert exact(calculator(counts, **ours).game().ev) == oracle.game_ev(oracle.make_shoe(counts),
                                                                          oracle.DERules(**theirs))


@pytest.mark.parametrize("hand, up, hole", [((8, 8), 10, 6), ((10, 6), 10, 7), ((5, 6), 9, 7), ((10, 10), 6, 10),
                                            ((1, 7), 10, 9), ((6, 5), 1, 8), ((1, 1), 5, 6)])
def test_every_action_of_a_hand_equals_the_oracle_exactly(hand, up, hole):
    calc = calculator(D, max_split_hands=2, hole=LABEL[hole - 1])
    values = calc.hand(",".join(LABEL[c - 1] for c in hand), LABEL[up - 1])
    expected = oracle.hand_values(oracle.make_shoe(D), hand, up, hole, oracle.DERules(max_split_hands=2))
    assert {name: exact(value) for name, value in values.items()} == expected


def test_the_game_is_the_mixture_of_its_hole_cards():
    """The whole game values each dealer hand once (``EV(u, h) = EV(h, u)``); valuing every hole card
    apart, each against every up card, gives the same EV exactly."""
    whole = calculator(E, max_split_hands=2)
    total = sum(E.values())
    mixture = sum(Fraction(n, total) * exact(calculator(E, max_split_hands=2, hole=LABEL[h - 1]).game().ev)
                  for h, n in E.items())
    assert exact(whole.game().ev) == mixture


def test_a_chart_column_of_one_dealer_hand_is_the_up_card_search():
    """With the hole card fixed, each column of the chart by dealer hand holds one pair of dealer
    cards: the joint search then chooses as the search for one up card does, to the same EV."""
    calc = calculator(E, max_split_hands=2, hole="6")
    by_hand = calc.game("TD")
    deals = calc.round.deals()
    by_up = sum(sum(deals[up].values()) * exact(evaluator.ev(evaluator.search.search()))
                for up in range(1, 11) if deals[up] for evaluator in [UpcardEvaluator(calc, up)])
    assert exact(by_hand.ev) == by_up
    assert set(by_hand.strategy.chart().columns) == {"8", "10", "11", "13", "14", "15", "16", "A6"}   # (E: one 6)


def test_td_play_is_no_better_than_cd_and_its_chart_is_by_dealer_hand():
    calc = calculator(C, max_split_hands=2)
    td, cd = calc.game("TD"), calc.game("CD")
    assert td.ev <= cd.ev and "against the dealer's hand" in td.assumptions.strategy
    chart = td.strategy.chart()
    assert chart.loc["hard 17", "17"] == "H"        # (a tie loses: 17 hits against the dealer's 17)


def test_the_dealer_wins_ties_but_naturals_are_settled_apart():
    table = ExposedSettlement(Rules()).stand_table()
    assert [table[t, t - 17] for t in range(17, 22)] == [-1] * 5
    assert table[20, 0] == 1 and table[16, 5] == 1        # (20 beats 17; 16 wins on a dealer 22)


def test_tied_naturals_win_at_the_naturals_payout():
    """The tie rule moves the EV by exactly P(both naturals) times the natural's payout."""
    win, push = calculator(C, max_split_hands=2), calculator(C, max_split_hands=2, tied_naturals="push")
    counts = [C.get(v, 0) for v in range(1, 11)]
    n = sum(counts)
    both = Fraction(4 * counts[0] * counts[9] * (counts[0] - 1) * (counts[9] - 1), n * (n - 1) * (n - 2) * (n - 3))
    assert exact(win.game().ev) - exact(push.game().ev) == both


def test_a_hand_needs_the_hole_card_and_a_dealer_natural_is_no_decision():
    with pytest.raises(StrategyError, match="--hole 6"):
        calculator(D).hand("T,6", "T")
    with pytest.raises(StrategyError, match="is a natural"):
        calculator(D, hole="A").hand("T,6", "T")
    assert DE.rules(hole=10) == DE.rules(hole="K") == DE.rules(hole="T")
    with pytest.raises(BjcalcError, match="A or 2-9 or T"):
        DE.rules(hole=11)


def test_analyses_that_do_not_follow_the_round_are_refused():
    calc = Calculator(DE.rules(decks=1))
    for ask in (lambda: calc.outcomes(), lambda: calc.effects_of_removal(), lambda: calc.play_on(calc.shoe)):
        with pytest.raises(BjcalcError, match="Double Exposure's round"):
            ask()
    with pytest.raises(BjcalcError, match="by the dealer's hand, not the up card"):
        total_dependent_game(calc)      # (a chart by up card: bjcalc edge --chart)
    with pytest.raises(BjcalcError, match="no insurance"):
        calc.insurance("T,T", "A")
    with pytest.raises(BjcalcError, match="two cards only"):
        Calculator(DE.rules(decks=1, double_after_hit=True))
    assert find_variant("double exposure") is DE


def test_the_command_line_values_the_game_and_a_hand(capsys):
    """The edge from a real ``python -m bjcalc`` process; the hand and dealer commands from the same
    entry point, ``main``, in this one."""
    from bjcalc.cli import main

    run = [sys.executable, "-m", "bjcalc"]
    edge = subprocess.run(run + ["edge", "--variant", "double_exposure", "--decks", "1", "--split-hands", "2"],
                          capture_output=True, text=True)
    assert edge.returncode == 0 and "house edge 0.5403" in edge.stdout and "dealer wins ties" in edge.stdout
    assert main(["hand", "--cards", "T,6", "--up", "T", "--variant", "double_exposure"]) == 2
    hand = capsys.readouterr()
    assert hand.out == "" and hand.err.count("\n") == 1 and "--hole" in hand.err
    assert main(["dealer", "--up", "T", "--hole", "6", "--variant", "double_exposure", "--decks", "1", "--json"]) == 0
    dealer = capsys.readouterr()          # (16 from 50 cards: 30 of them bust it)
    assert abs(json.loads(dealer.out)["probabilities"]["bust"] - 0.6) < 1e-12


def test_the_report_says_which_sections_the_round_does_not_follow():
    from bjcalc.analysis.report import report

    page = report(calculator(C, max_split_hands=2), sections=("strategy", "distribution", "removal")).markdown()
    assert page.count("Not computed: ") == 2 and "a chart's list of CD exceptions does not yet follow" in page
    assert "each depleted shoe played best (CD), as this game's round does not follow a fixed play yet" in page
    assert "| hand | 13 | 14 | 15 | 16 | 17 | 18 | 19 | A6 | A7 | A8 | A9 | 77 | 88 | 99 | TT | AA |" in page
