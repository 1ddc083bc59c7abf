"""Spanish 21 against its independent brute-force oracle, its own identities, and its refusals.

The oracle (tests/oracles/brute_spanish21.py) was written from VARIANTS.md and the rules' readings
alone, without the engine; every comparison is exact (rationals), on shoes where no path of the
round runs out of cards and no decision of a split hand's reference play is a tie.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
import warnings
from fractions import Fraction

import pytest

from bjcalc import Calculator, Shoe
from bjcalc.core.errors import BjcalcError, RulesError, ShoeError
from bjcalc.game.spanish21 import PLAYERS_EDGE_OPTIONS, SpanishSettlement, face_pair_suited, seven_seven_seven_suited
from bjcalc.game.variants import VARIANTS, find_variant
from bjcalc.analysis.charts import chart
from bjcalc.cli import main
from oracles import brute_spanish21 as oracle
from oracles import brute_spanish21_chart as chart_oracle

S21 = VARIANTS["spanish_21"]
LABEL = "A23456789T"
S1 = {1: 2, 5: 2, 6: 2, 7: 3, 8: 2, 9: 1, 10: 6}
"""18 cards with three 7s and a 6-7-8: every bonus a three-card 21 can take, and the rescue."""
READINGS = [  # (the engine's rules, the oracle's; redoubling, and no rescue and no surrender: every action
    # of a hand, below; the registry's battery plays each option on its own shoe too)
    ({"max_split_hands": 2}, {"max_hands": 2}),
    ({"max_split_hands": 2, "split_bonuses": False, "dealer_hits_soft_17": False},
     {"max_hands": 2, "bonus_on_split": False, "h17": False}),
]


def calculator(counts: dict, exact: bool = True, **rules) -> Calculator:
    shoe = Shoe.from_counts({LABEL[v - 1]: n for v, n in counts.items()})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules say 6 decks; the calculator follows the shoe)
        return Calculator(S21.rules(**{"decks": 1, **rules}), shoe, exact=exact)


def exact(value) -> Fraction:
    return Fraction(int(value.numerator), int(value.denominator))


def bjcalc(*args: str) -> subprocess.CompletedProcess:
    """``bjcalc ARGS``'s exit code and output from its entry point in this process (quicker than a
    process of its own: test_the_command_line_values_the_game_and_refuses_in_one_line runs one)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


@pytest.mark.parametrize("reading", READINGS, ids=["split once", "S17 no split bonuses"])
def test_game_equals_the_oracle_exactly(reading):
    ours, theirs = reading
    assert exact(calculator(S1, **ours).game().ev) == oracle.game_ev(oracle.make_shoe(S1),
                                                                      oracle.S21Rules(decks=1, **theirs))


HANDS = [((6, 7), 5), ((7, 7), 10), ((5, 6), 9), ((10, 6), 10), ((8, 8), 7), ((1, 1), 6), ((9, 7), 1)]


@pytest.mark.parametrize("ours, theirs", [({"redoubling": True}, {"max_doubles": 3}),
                                          ({"rescue": False, "surrender": "none"}, {"rescue": False,
                                                                                    "surrender": False})],
                         ids=["redoubling", "no rescue no surrender"])
def test_every_action_of_a_hand_equals_the_oracle_exactly(ours, theirs):
    calc = calculator(S1, max_split_hands=2, **ours)
    rules = oracle.S21Rules(decks=1, max_hands=2, **theirs)
    for hand, up in HANDS:
        values = calc.hand(",".join(LABEL[c - 1] for c in hand), LABEL[up - 1])
        expected = oracle.action_values(hand, up, oracle.make_shoe(S1), rules)
        assert {name: exact(value) for name, value in values.items()} == expected, (hand, up)


def test_players_edge_21_equals_the_oracle_exactly_with_its_face_pairs():
    """Player's Edge 21 (Spanish 21's options: redoubling, no 5/6/7-card bonus on a split hand, two
    suited identical face cards winning at once) with the suits of the rules' 6 decks: a dealt
    pair of ten-values wins at once with chance 5/71, which the oracle derives on its own."""
    edge = find_variant("pe21")
    assert edge is VARIANTS["players_edge_21"] and edge.rules().variant == "spanish_21"
    assert dict(edge.rules().options) == PLAYERS_EDGE_OPTIONS
    shoe = Shoe.from_counts({LABEL[v - 1]: n for v, n in S1.items()})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules say 6 decks; the calculator follows the shoe)
        ours = exact(Calculator(edge.rules(max_split_hands=2), shoe, exact=True).game().ev)
    assert ours == oracle.game_ev(oracle.make_shoe(S1), oracle.S21Rules(
        decks=6, max_hands=2, max_doubles=3, face_pairs_win=True, bonus_cards_on_split=False))
    assert face_pair_suited(6) == Fraction(5, 71) and face_pair_suited(1) == 0


@pytest.mark.parametrize("ours, theirs", [({}, {}), ({"dealer_hits_soft_17": False, "surrender": "none"},
                                                     {"h17": False, "surrender": False}),
                                          ({"redoubling": True}, {"max_doubles": 3})],
                         ids=["H17", "S17 no surrender", "redoubling"])
def test_the_td_chart_as_printed_played_by_an_independent_oracle_is_the_td_game(ours, theirs):
    """The TD chart by total, softness and number of cards, with its rescue rows (and with
    redoubling its redouble rows, by double), as printed (S4, D4s, Rh5, each count's play,
    5-14,16-17, DD9-11 ...): a brute force that plays the printed codes as the legend reads them
    (tests/oracles/brute_spanish21_chart.py, written without the engine) gets the engine's TD EV,
    exactly; and the chart is no better than CD play."""
    drawn = chart(calculator(S1, max_split_hands=2, decks=6, **ours), "TD")
    table = drawn.table.to_dict(orient="index")
    assert any(code[-1].isdigit() or "/" in code for row in table.values() for code in row.values())   # (by count)
    assert exact(drawn.ev["TD"]) == chart_oracle.chart_ev(S1, oracle.S21Rules(decks=6, max_hands=2, **theirs), table)
    assert drawn.ev["TD"] <= drawn.ev["CD"]


def test_each_option_moves_the_edge_the_way_it_must():
    """The rescue, redoubling and bonuses on split hands are choices or pays the player gains by;
    standing on soft 17 helps the player; floats equal rationals where no tie decides a play."""
    base = exact(calculator(S1, max_split_hands=2).game().ev)
    assert exact(calculator(S1, max_split_hands=2, rescue=False).game().ev) <= base
    assert exact(calculator(S1, max_split_hands=2, redoubling=True).game().ev) >= base
    assert exact(calculator(S1, max_split_hands=2, split_bonuses=False).game().ev) <= base
    floats = calculator(S1, exact=False, max_split_hands=1).game().ev
    assert abs(floats - float(calculator(S1, max_split_hands=1).game().ev)) < 1e-12


def test_a_21_always_wins_and_a_bonus_is_its_expected_pay():
    settlement = SpanishSettlement(S21.rules())
    import numpy as np
    hands = np.array([[0] * 5 + [1, 1, 1, 0, 0], [0] * 6 + [3, 0, 0, 0], [2, 0, 0, 0, 3, 0, 0, 0, 0, 1],
                      [0] * 9 + [2]])
    columns, column = settlement.stand_columns(np.array([21, 21, 21, 20]), np.array([3, 3, 6, 2]), hands,
                                               np.zeros(4, dtype=bool))
    against_21 = [columns[4, c] for c in column]
    suited = seven_seven_seven_suited(6)
    assert against_21 == [Fraction(99, 64), Fraction(3, 2) + Fraction(3, 4) * suited, 2, -1]
    doubled, at = settlement.doubled_columns(np.array([21]), np.array([5]), hands[:1], np.zeros(1, dtype=bool))
    assert doubled[:10, at[0]].tolist() == [1] * 10         # (a doubled 21 wins 1:1 on every outcome)
    assert settlement.natural_tie() == Fraction(3, 2)
    # a natural always wins: given no dealer blackjack, and in the game, it is worth its 3:2
    calc = calculator(S1, max_split_hands=2)
    assert exact(calc.hand("A,T", "A")["stand"]) == exact(calc.hand("T,A", "T")["stand"]) == Fraction(3, 2)


def test_rules_the_game_cannot_take_are_refused_and_analyses_it_does_not_follow_too():
    with pytest.raises(RulesError, match="peeks"):
        Calculator(S21.rules(hole_card="enhc"))
    with pytest.raises(RulesError, match="first two cards only"):
        Calculator(S21.rules(surrender="any_time"))
    with pytest.raises(RulesError, match="pays a player 21 at once"):
        Calculator(S21.rules(hit_21=True))
    with pytest.raises(RulesError, match="has no option 'redouble'"):
        Calculator(S21.rules(options={"redouble": True}))
    calc = calculator(S1, exact=False, max_split_hands=2)
    for ask in (lambda: calc.outcomes(), lambda: calc.effects_of_removal()):
        with pytest.raises(BjcalcError, match="Spanish 21's round"):
            ask()
    assert find_variant("spanish") is find_variant("Spanish 21") is S21
    assert S21.shoe(S21.rules()).describe() == "6 Spanish decks"


@pytest.mark.parametrize("ours, theirs", [({}, {}), ({"redoubling": True}, {"max_doubles": 3})],
                         ids=["H17", "redoubling"])
def test_a_chart_a_player_brings_is_valued_as_an_independent_oracle_plays_it(ours, theirs, tmp_path, capsys):
    """A Spanish 21 chart brought (codes by the number of cards, rescue and redouble rows), here
    the game's own TD chart with cells a casino card might print otherwise: the engine values it
    as the chart oracle plays it (written without the engine), exactly; the chart as printed is
    the TD game itself."""
    calc = calculator(S1, max_split_hands=2, decks=6, **ours)
    td = calc.game("TD")
    table = td.strategy.chart()
    assert calc.game(table).ev == td.ev            # (the chart read back: the same game)
    table.loc["hard 16", "T"] = "Rs"               # (surrender, else stand, with any number of cards)
    table.loc["hard 12", "6"] = "S4"
    table.loc["hard 10", "9"] = "D4s"
    table.loc["soft 18", "9"] = "Ds/D/S/S/H/H"
    table.loc["hard 11", "5"] = "D"
    table.loc["rescue hard", "T"] = "13-15,17"
    table.loc["pair 8,8", "T"] = "Rp"
    if ours:
        table.loc["redouble hard", "6"] = "DD≤11"
        table = table.drop(index=[row for row in table.index if "after 3 doubles" in row])   # (a row left out: none)
    mine = calc.game(table)
    expected = chart_oracle.chart_ev(S1, oracle.S21Rules(decks=6, max_hands=2, **theirs),
                                     table.to_dict(orient="index"))
    assert exact(mine.ev) == expected and mine.ev < td.ev
    assert mine.assumptions.strategy.startswith("the chart given (a chart table), played as written")
    if not ours:        # the command line: the chart's EV, its cost and the cells that differ
        from bjcalc.cli import main

        card = tmp_path / "card.csv"
        card.write_text(table.to_csv(index_label="hand"))
        shoe = ",".join(f"{LABEL[v - 1]}:{n}" for v, n in S1.items())
        assert main(["edge", "--variant", "spanish_21", "--shoe", shoe, "--split-hands", "2", "--chart", str(card),
                     "--json", "--exact"]) == 0
        result = json.loads(capsys.readouterr().out)
        assert Fraction(result["ev"]["exact"]) == expected and Fraction(result["ev_td"]["exact"]) == exact(td.ev)
        differing = {(cell["row"], cell["up"]): cell["code"] for cell in result["differing_cells"]}
        assert differing[("rescue hard", "T")] == "13-15,17" and differing[("soft 18", "9")] == "Ds/D/S/S/H/H"


S2 = {1: 2, 2: 4, 5: 2, 6: 2, 7: 3, 8: 2, 10: 6}
"""Four 2s: a split 2,2 that cannot split again is a hard 4, which the chart then prints."""
S3 = {1: 3, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3, 8: 2, 9: 2, 10: 6}


@pytest.mark.parametrize("counts, options", [(S1, {}), (S3, {"double_after_split": False}),
                                             (S2, {"redoubling": True})],
                         ids=["S1", "S3 no DAS", "S2 redoubling"])
def test_the_td_chart_read_back_is_the_td_game_and_differs_nowhere(counts, options):
    """What the chart prints is what the TD game plays: a double after a hit where a hand that may
    not double stands (Ds in a count's place), hard 4 and soft 12 where they do not hit, the
    rescue and redouble rows; read back it is the same game, and no cell differs."""
    from bjcalc.analysis.charts import chart_differences

    calc = calculator(counts, exact=True, max_split_hands=2, decks=6, **options)
    td = calc.game("TD")
    table = td.strategy.chart()
    assert calc.game(table).ev == td.ev
    assert chart_differences(table, td.strategy, calc.rules).empty
    if counts is S2:
        assert "hard 4" in table.index


def test_a_chart_brought_with_a_code_it_cannot_read_is_refused_naming_the_cell():
    calc = calculator(S1, exact=False, max_split_hands=2)
    table = calc.game("TD").strategy.chart()
    for row, code, said in [("hard 16", "S9", "unknown chart code 'S9' at hard 16 v T"),
                            ("rescue hard", "DD≤16", "unknown rescue cell 'DD≤16' at rescue hard v T"),
                            ("pair 8,8", "P4", "unknown chart code 'P4' at pair 8,8 v T"),
                            ("rescue hard", "99", "unknown rescue cell '99' at rescue hard v T"),
                            ("rescue hard", "17-14", "unknown rescue cell '17-14' at rescue hard v T"),
                            ("hard 12", "H/Rs/H/H/H/H", "unknown chart code 'H/Rs/H/H/H/H' at hard 12 v T")]:
        bad = table.copy()
        bad.loc[row, "T"] = code
        with pytest.raises(BjcalcError, match=re.escape(said)):
            calc.game(bad)
    redoubles = calculator(S1, exact=False, max_split_hands=2, redoubling=True).game("TD").strategy.chart()
    with pytest.raises(BjcalcError, match="the row 'redouble hard' plays no part in this game \\(1 double at most\\)"):
        calc.game(redoubles.drop(index=[row for row in redoubles.index if "after" in row]))
    with pytest.raises(BjcalcError, match="'rescue hard' plays no part in this game \\(no rescue\\)"):
        calculator(S1, exact=False, max_split_hands=2, rescue=False).game(table)


def test_the_command_line_values_the_game_and_refuses_in_one_line():
    shoe = ",".join(f"{LABEL[v - 1]}:{n}" for v, n in S1.items())
    run = subprocess.run([sys.executable, "-m", "bjcalc", "edge", "--variant", "spanish", "--shoe", shoe,
                          "--split-hands", "2", "--redoubling", "--json"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    expected = calculator(S1, exact=False, max_split_hands=2, redoubling=True, decks=6).game().ev
    assert abs(result["ev"] - expected) < 1e-12            # (a shoe of counts: the 7-7-7's suits as the rules' decks)
    assert "10/253" in result["assumptions"]["rules"]
    bad = bjcalc("edge", "--variant", "spanish", "--hole-card", "enhc")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "peeks" in bad.stderr


def test_the_report_says_what_it_computes_and_why_the_rest_is_not(tmp_path):
    """The report of the preset: its edges, its chart with the rescue rows (in colour), the effects
    of removal with each depleted shoe played best (the API's), and Match the Dealer at Spanish 21's
    own pay table (the published 3.055 %); the distribution, refused, says why."""
    from bjcalc.analysis.report import report
    from bjcalc.sidebets import MatchTheDealer

    rules = S21.rules(decks=2, max_split_hands=2)       # (2 decks, one split: the 6-deck game's report is slow)
    page = report(rules, sections=("edges", "distribution", "strategy", "removal", "side bets"))
    text = page.markdown()
    calc = Calculator(rules)
    assert f"| composition-dependent, post-split CDZ- | CD | {-float(calc.game().ev) * 100:.4f} % |" in text
    assert "Not computed: the round's distribution does not yet follow Spanish 21's round" in text
    assert "| rescue hard | no | no |" in text and "rescue rows" in text
    effects = calc.effects_of_removal("reoptimized")
    assert f"| 5 | {float(effects['5']) * 100:+.4f} % |" in text and "each depleted shoe played best" in text
    edge = MatchTheDealer().evaluate(calc.shoe, "spanish_21").house_edge
    assert f"| Match the Dealer (spanish_21 pay table) | {float(edge) * 100:.4f} % |" in text
    six_decks = MatchTheDealer().evaluate(S21.shoe(S21.rules()), "spanish_21").house_edge
    assert round(float(six_decks) * 100, 3) == 3.055
    html_page = page.html()
    assert "≤16" in html_page and 'class="surrender"' in html_page    # (the rescue cells, coloured)


def test_the_chart_writes_as_html_with_its_rescue_rows(tmp_path, capsys):
    from bjcalc.cli import main
    out = tmp_path / "chart.html"
    # (split once: the preset's own chart.html, resplits and all, is compared byte for byte with
    # tables/spanish_21 in test_charts.py's test of the committed tables)
    assert main(["chart", "--variant", "spanish_21", "--split-hands", "2", "--format", "html", "--out", str(out),
                 "--quiet"]) == 0
    page = out.read_text()
    assert "rescue hard" in page and "S4" in page and "Ds/Ds/D/D/H/H" in page


@pytest.mark.parametrize("options", [{"redoubling": True}, {"redoubling": True, "rescue_redoubles": False},
                                     PLAYERS_EDGE_OPTIONS], ids=["redoubling", "rescue after the first", "pe21"])
def test_td_play_with_redoubling_chooses_by_total_after_each_double(options):
    """The TD chart of a game with redoubling: a rescue and a redouble table for each double
    (a hand staking 4 or 8 gives up more by standing than one staking 2), no better than CD play,
    floats equal to rationals, and the game it states is the one its rounds play out."""
    rational = calculator(S1, max_split_hands=2, **options)
    td, cd = rational.game("TD"), rational.game("CD")
    assert td.ev <= cd.ev
    assert abs(calculator(S1, exact=False, max_split_hands=2, **options).game("TD").ev - float(td.ev)) < 1e-12
    table = td.strategy.chart()
    redoubles = [row for row in table.index if row.startswith("redouble")]
    assert redoubles and all(code in ("no", "-") or code.startswith("DD") for row in redoubles for code in table.loc[row])
    rows = [row for row in table.index if "after 2 doubles" in row or "after 3 doubles" in row]
    if options.get("rescue_redoubles", True) is False:
        assert not any(row.startswith("rescue") for row in rows)


def test_the_report_of_players_edge_21_has_its_td_chart_with_the_redouble_rows():
    from bjcalc.analysis.report import report

    rules = VARIANTS["players_edge_21"].rules(decks=2, max_split_hands=2)     # (2 decks, one split: quick)
    page = report(rules, sections=("edges", "strategy")).markdown()
    calc = Calculator(rules)
    td, cd = calc.game("TD"), calc.game("CD")
    assert f"| TD basic strategy (the chart) | TD | {-float(td.ev) * 100:.4f} % |" in page
    assert f"| composition-dependent, post-split CDZ- | CD | {-float(cd.ev) * 100:.4f} % |" in page
    assert "| redouble hard | DD" in page and "redouble rows" in page
    assert 0 < float(cd.ev - td.ev) < 0.0005      # (the chart costs about 0.011 % at 6 decks, as Spanish 21's)


S7 = {1: 2, 5: 1, 6: 2, 7: 5, 8: 2, 9: 1, 10: 6}
"""19 cards with five 7s: a 7,7 against a 7 that draws a third 7."""


@pytest.mark.parametrize("decks", [2, 3])
@pytest.mark.parametrize("any_seven", [False, True])
def test_the_super_bonus_pays_its_chance_counted_suit_by_suit(decks, any_seven):
    """The expected pay of an unsplit 7-7-7 against a 7, counted over every ordered choice of
    four of the shoe's labelled 7s (D of each suit; the last is the up card)."""
    from itertools import permutations

    from bjcalc.game.spanish21 import super_bonus_pay

    sevens = [suit for suit in "SHDC" for _ in range(decks)]
    pays = []
    for a, b, c, up in permutations(range(len(sevens)), 4):
        suits = [sevens[i] for i in (a, b, c)]
        one_suit = len(set(suits)) == 1
        if one_suit and (any_seven or sevens[up] == suits[0]):
            pays.append(Fraction(200))
        elif one_suit:
            pays.append(Fraction(3) if suits[0] == "S" else Fraction(2))
        else:
            pays.append(Fraction(3, 2))
    assert sum(pays) / len(pays) == super_bonus_pay(decks, 200, any_seven)


@pytest.mark.parametrize("any_seven", [False, True])
def test_the_super_bonus_moves_only_a_7_7_against_a_7_by_its_pay(any_seven):
    """Exactly: hitting 7,7 against a 7 gains the chance of a third 7 times the pay it adds; every
    other action and hand is unchanged; the game moves by that hand's best value alone."""
    from bjcalc.game.spanish21 import super_bonus_pay

    plain = calculator(S7, max_split_hands=2, decks=6)
    bonus = calculator(S7, max_split_hands=2, decks=6, super_bonus=200, super_bonus_any_seven=any_seven)
    before, after = plain.hand("7,7", "7"), bonus.hand("7,7", "7")
    added = super_bonus_pay(6, 200, any_seven) - (Fraction(3, 2) + Fraction(3, 4) * seven_seven_seven_suited(6))
    assert exact(after["hit"] - before["hit"]) == Fraction(2, 16) * added       # (two 7s among 16 cards left)
    assert all(after[a] == before[a] for a in after if a != "hit")
    for hand, up in (("7,7", "6"), ("6,8", "7"), ("7,T", "7")):
        assert dict(bonus.hand(hand, up)) == dict(plain.hand(hand, up))
    dealt = Fraction(5 * 4 * 3, 19 * 18 * 17)
    best = exact(max(after.values())) - exact(max(before.values()))
    assert exact(bonus.game().ev - plain.game().ev) == dealt * best
    assert calculator(S7, max_split_hands=2, decks=1, super_bonus=200).game().ev == calculator(
        S7, max_split_hands=2, decks=1).game().ev                    # (one deck: no two 7s of a suit)


def test_the_super_bonus_is_an_option_the_command_line_reads_or_refuses_in_one_line():
    run = bjcalc("edge", "--variant", "spanish", "--decks", "1", "--split-hands", "1", "--super-bonus", "200",
                 "--super-bonus-any-seven", "--json")
    assert run.returncode == 0, run.stderr
    rules = json.loads(run.stdout)["assumptions"]["rules"]
    assert "Super Bonus" in rules and "200 to 1" in rules and "any 7" in rules
    for bad in ("x", "-3", "2.5"):
        run = bjcalc("edge", "--variant", "spanish", "--super-bonus", bad)
        assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1 and "whole number" in run.stderr
    with pytest.raises(RulesError, match="whole number"):
        S21.rules(super_bonus=-1)
    # against which 7, without a Super Bonus: refused, saying what to add (it used to do nothing)
    run = bjcalc("edge", "--variant", "spanish", "--super-bonus-any-seven")
    assert run.returncode == 2 and run.stdout == "" and run.stderr.strip() == (
        "bjcalc: error: --super-bonus-any-seven means nothing while --super-bonus 0: give --super-bonus too "
        "(--super-bonus 200)")
    with pytest.raises(RulesError, match=r"super_bonus_any_seven=True means nothing while super_bonus=0"):
        Calculator(S21.rules(super_bonus_any_seven=True))
    Calculator(S21.rules(super_bonus_any_seven=False))      # (its default needs nothing)


@pytest.mark.parametrize("options", [{"super_bonus": 200}, {"super_bonus": 200, "super_bonus_any_seven": True}],
                         ids=["same suit", "any seven"])
def test_the_super_bonus_game_equals_the_oracle_exactly(options):
    """On a shoe with five 7s and the suits of 6 decks, the game with the Super Bonus equals the
    independent oracle's (which derives the suits' chances on its own), as does a shoe of 7s
    alone, where a split hand plays as the same cards unsplit would (CDZ-) and so hits for a
    bonus only an unsplit hand is paid."""
    for counts in (S7, {7: 9}):
        ours = exact(calculator(counts, max_split_hands=2, decks=6, **options).game().ev)
        assert ours == oracle.game_ev(oracle.make_shoe(counts), oracle.S21Rules(decks=6, max_hands=2, **options))


def test_a_shoe_whose_suits_the_bonuses_cannot_read_is_refused_and_reuse_reads_its_own_decks():
    """The suited bonuses' chances are those of the rules' whole decks: a suited shoe holding its
    6s, 7s or 8s unevenly (a 7 of hearts removed, all spades) is refused in one line, a card
    removed by value is not; a calculator reusing one of other decks pays its own decks' suits;
    the Super Bonus's multiple is bounded and the settlement against a 7 is for a 7 only."""
    from bjcalc.game.spanish21 import MOST_SUPER_BONUS

    six = S21.shoe(S21.rules())
    with pytest.raises(ShoeError, match=r"this shoe's 7s are 6 S, 5 H, 6 D, 6 C: remove cards by value"):
        Calculator(S21.rules(super_bonus=200), six.remove("7H"))
    with pytest.raises(ShoeError, match="this shoe's 6s"):
        Calculator(S21.rules(), Shoe.from_cards(["6S", "7S", "8S", "TS", "AS"] * 4))
    assert Calculator(S21.rules(super_bonus=200), six.remove("7")).shoe.suit_counts is None
    with pytest.raises(ShoeError, match="this shoe's Ks are 5 S, 6 H"):      # (the face pairs read J, Q, K suits)
        Calculator(VARIANTS["players_edge_21"].rules(), six.remove("KS"))
    assert Calculator(S21.rules(), six.remove("KS")).shoe.suit_counts is not None      # (no face pairs: fine)
    for args in (["--remove", "7H"], ["--shoe", "AS:2,6S:2,7S:5,8S:2,TS:6"]):
        run = bjcalc("hand", "--cards", "7,7", "--up", "7", "--variant", "spanish", "--super-bonus", "200", *args)
        assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1 and "by value" in run.stderr
    lender = Calculator(S21.rules(decks=8, max_split_hands=2))
    alone = Calculator(S21.rules(decks=6, max_split_hands=2)).game().ev
    assert Calculator(S21.rules(decks=6, max_split_hands=2), reuse=lender).game().ev == alone
    with pytest.raises(RulesError, match="at most 1,000,000"):
        S21.rules(super_bonus=MOST_SUPER_BONUS + 1)
    with pytest.raises(RulesError, match="takes 300 as a value, not '300'"):
        Calculator(S21.rules(max_split_hands=2).replace(options={"super_bonus": "300"}))
    settlement = SpanishSettlement(S21.rules(), super_bonus=200)
    assert settlement.against(7).against(6).up is None and settlement.against(7).against(7).up == 7
