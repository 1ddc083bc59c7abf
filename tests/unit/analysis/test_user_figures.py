"""What a user meets in the published figures, explain, the sweeps and the strategy charts:
doubling "any two cards" read with soft hands too, every verify verdict with its reason and
one sign per column, surrender codes in the reading players use, and each CD exception's
contribution to the house edge."""

import itertools
import json
from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules, variants
from bjcalc.analysis.charts import chart
from bjcalc.analysis.codes import AFTER_HIT_LEGEND, LEGEND, resolve, strategy_code
from bjcalc.analysis.explain import Candidate, combinations, explain
from bjcalc.analysis.published import DIFFERS, MATCHES, Row, figures, verify, verify_text
from bjcalc.analysis.sweeps import edge_sweep, sweep_points
from bjcalc.cli import main
from bjcalc.game.strategy import TotalDependentStrategy, total_dependent_game

FIGURES = {f.key: f for f in figures()}


# -- doubling "any two cards": soft hands too, and "any hard" said as such ---------------------------
def test_burn20_sweep_reads_double_any_two_cards_with_soft_hands_and_names_any_hard():
    assert sweep_points("burn20", rules=["double_on"]) == [("double_on", "any"), ("double_on", "any hard"),
                                                          ("double_on", "9-11"), ("double_on", "10-11")]
    base = variants.burn20(decks=1)
    frame = edge_sweep("burn20", rules=["double_on"], base=base).set_index("value")
    for reading, soft in (("any", True), ("any hard", False)):
        game = Calculator(base.replace(double_on="any", double_soft=soft)).game()
        assert frame.loc[reading, "house_edge"] == -float(game.ev) * 100
    assert frame.loc["any", "house_edge"] < frame.loc["any hard", "house_edge"]     # soft doubles help the player
    assert frame["default"].tolist() == [False, False, True, False]                 # the preset doubles hard 9-11
    # a preset whose "any" already includes soft hands gets no "any hard" point
    assert [v for _, v in sweep_points("standard", rules=["double_on"])] == ["any", "9-11", "10-11"]


def test_explain_tries_double_any_two_cards_with_soft_hands_and_labels_what_it_computed():
    fixed = {"decks": 4, "dealer_hits_soft_17": False, "hole_card": "enhc_obo", "double_after_split": True,
             "max_split_hands": 4, "resplit_aces": True}
    doubles = sorted((c["double_on"], c["double_soft"]) for c in combinations("burn20", fixed))
    assert doubles == [("10-11", False), ("9-11", False), ("any", False), ("any", True)]   # no duplicate game
    rows = explain("burn20", "0.73", fixed={**fixed, "double_on": "any"}, strategies=["CD"], workers=1)
    by_soft = {dict(r.choices)["double_soft"]: r for r in rows}
    # the figures: soft doubles allowed 0.7339 % (rounds to 0.73), hard only 0.7425 %
    assert round(by_soft[True].edge, 4) == 0.7339 and by_soft[True].matches
    assert round(by_soft[False].edge, 4) == 0.7425 and not by_soft[False].matches
    assert "double_on=any, double_soft=True" in by_soft[True].describe()
    # a choice of double_on alone says which reading was computed
    assert Candidate("burn20", (("double_on", "any"),), "CD", 1.0, False, 0.3).describe().endswith(
        "double_on=any (hard only)")
    assert Candidate("standard", (("double_on", "any"),), "CD", 1.0, False, 0.3).describe().endswith(
        "double_on=any (soft too)")


# -- verify: every verdict with its reason, every column the player's EV ------------------------------
def test_every_figure_has_one_sign_and_the_table_shows_the_players_ev():
    for f in figures():
        house = f.quantity.startswith(("house edge", "change in house edge"))
        assert f.sign == (-1 if house else 1), f.key
    no_bust = FIGURES["no-bust-oceans-11"]
    assert no_bust.sign == 1 and "printed as the bank's edge, -0.18 %" in no_bust.quantity
    rows = [Row(FIGURES["burn20-card"], 1.0413, 1.0440), Row(FIGURES["no-bust-oceans-11"], -0.328, -0.362),
            Row(FIGURES["griffin-infinite"], -0.6902366, -0.6902366)]
    table = {line.split()[0]: line.split() for line in verify_text(rows).splitlines() if line[:1].isalpha()}
    assert table["burn20-card"][1:4] == ["-0.74", "-1.041", "-1.044"]       # a house edge h shown as -h
    assert table["no-bust-oceans-11"][1:4] == ["0.18", "-0.328", "-0.362"]
    assert table["griffin-infinite"][1] == "-0.690223"
    card = rows[0].as_dict()
    assert (card["published"], card["cd"]) == (-0.0074, pytest.approx(-0.010413))
    assert card["published_as_printed"] == "0.74 %" and "negated" in card["view"]
    text = verify_text(rows)
    assert "house edge 0.74 %:" in text and "player EV (printed as the bank's edge, -0.18 %) 0.18 %:" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_a_seed_cards_row_says_which_reading_reproduces_it_computed_in_the_run():
    row = verify(only=["classic-single-deck"])[0]
    assert row.verdict == DIFFERS and row.reading_verdict == MATCHES
    reading = variants.classic_single_deck(hit_split_aces=True)
    assert row.reading_values == [{"TD": -float(Calculator(reading).game("TD").ev) * 100}]
    assert row.reason == ("differs by 0.087 % (CD); the reading that reproduces it (bjcalc explain): "
                          "drawing to split aces, gives -0.1305 % (TD), which rounds to it")    # (the player's EV)
    assert "the reading that reproduces it" in " ".join(verify_text([row]).split())


def test_burn20_cards_row_names_both_readings_that_give_0_74():
    row = verify(only=["burn20-card"])[0]
    assert row.verdict == DIFFERS and row.reading_verdict == MATCHES
    hard = -float(Calculator(variants.burn20(decks=4, hole_card="enhc_obo", resplit_aces=True)).game("CD").ev) * 100
    soft = -float(Calculator(variants.burn20(decks=4, hole_card="enhc_obo", resplit_aces=True, double_on="any",
                                             double_soft=True)).game("TD").ev) * 100
    assert row.reading_values == [{"CD": hard}, {"TD": soft}]
    assert "the readings that reproduce it (bjcalc explain): 4 decks" in row.reason
    assert "gives -0.7425 % (CD), which rounds to it" in row.reason      # (a house edge as the player's EV)
    assert "doubling on any two cards, soft ones too, gives -0.7384 % (TD), which rounds to it" in row.reason


def test_every_verdict_carries_its_reason():
    """Each reason is in the terms of verify's columns: percent, as the player's EV (a house edge
    or its change negated), so that a row's figures and its reason never disagree in sign."""
    assert Row(FIGURES["nairn-8-8-das"], -0.33371813, None).reason.startswith("matches: ours, -33.371813 % (CD)")
    assert Row(FIGURES["burn20-vegas-rsa"], -0.065, -0.065).reason.startswith(
        "within the publication's rounding: ours, 0.0650 % (CD), is within one unit of its last digit, 0.01 %, of 0.07 %")
    assert Row(FIGURES["wizard-1d-s17-peek-das"], 0.0018312, None).reason.endswith(
        "within the precision the source states, 0.002 %, of 0.1839 %")    # (printed as a fraction)
    griffin = Row(FIGURES["griffin-infinite"], -0.6902366, -0.6902366).reason
    assert griffin == "differs by 1.4e-05 % (CD); an independent exact recursion agrees with ours to every digit"
    # a reading that does not reproduce the figure is named as the nearest, not as an explanation
    vegas = Row(FIGURES["burn20-vegas"], 0.988, 0.989, reading_values=[{"CD": 0.923, "TD": 0.93}])
    assert vegas.reason.startswith("differs by 0.19 % (CD); no reading of the open rules reproduces it")
    assert "the nearest, resplit aces" in vegas.reason and "-0.9230 % (CD)" in vegas.reason


def test_verify_json_carries_reason_and_players_view(capsys):
    assert main(["verify", "--only", "classic-single-deck", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["figures"]
    assert row["published"] == -0.0013 and row["cd"] < -0.002 and row["reason"].startswith("differs")
    (reading,) = row["readings"]
    assert reading["rules"] == {"hit_split_aces": True} and reading["verdict"] == MATCHES
    assert round(reading["values"]["TD"], 6) == -0.001305


# -- surrender codes: the letter is the play where surrender is not offered ---------------------------
@pytest.fixture(scope="module")
def h17_late():
    rules = Rules(decks=1, dealer_hits_soft_17=True, surrender="late", max_split_hands=2)
    return Calculator(rules), chart(Calculator(rules))


def test_16_v_t_reads_surrender_else_hit_and_after_a_hit_stand(h17_late):
    calc, drawn = h17_late
    code = drawn.table.loc["hard 16", "T"]
    assert code == "Rh+S"                       # was "Rs": read as "stand where surrender is not offered"
    # where surrender is not offered, T,6 v T hits (the game's own values without surrender)
    plain = Calculator(calc.rules.replace(surrender="none")).hand("T,6", "T")
    assert plain["hit"] > plain["stand"]
    assert drawn.action("hard 16", "T", ["stand", "hit"]) == "hit"
    assert resolve(code, ["stand", "hit", "surrender"]) == "surrender"
    assert resolve(code, ["stand", "hit"], cards=3) == "stand"                     # after a hit: the strategy's play
    legend = dict(drawn.legend())
    assert legend["Rh"] == "surrender; where surrender is not offered, hit"
    assert legend["+S"] == "after a hit or a split: stand"
    assert dict(LEGEND + AFTER_HIT_LEGEND)["Rs"] == "surrender; where surrender is not offered, stand"


def test_the_printed_surrender_codes_play_the_same_strategy(h17_late):
    calc, drawn = h17_late
    assert drawn.resolved().map(strategy_code).equals(drawn.td.chart())     # (DAS codes read as P)
    replay = total_dependent_game(calc, TotalDependentStrategy.from_chart(drawn.table))
    assert replay.ev == drawn.ev["TD"]
    assert "Rh+S" in drawn.to_text() and "+S after a hit or a split: stand" in " ".join(drawn.to_text().split())


# -- each CD exception's contribution to the house edge -----------------------------------------------
@pytest.fixture(scope="module")
def one_deck_cd():
    calc = Calculator(Rules(decks=1, max_split_hands=2))
    return calc, chart(calc, "CD")


def _reach_by_orderings(calc, drawn, hand, up):
    """The probability of the deal and draws reaching ``hand`` against ``up``, summed over every
    order of its cards in which the chart hits each hand on the way, and no dealer blackjack."""
    counts = list(calc.shoe.value_counts())
    up_value = {"A": 1, "T": 10}.get(up) or int(up)
    total = sum(counts)
    p_up = Fraction(counts[up_value - 1], total)
    counts[up_value - 1] -= 1
    values = [{"A": 1, "T": 10}.get(c) or int(c) for c in hand.split(",")]
    reach = Fraction(0)
    for order in set(itertools.permutations(values)):
        p, left, ok = Fraction(1), list(counts), True
        for i, card in enumerate(order):
            if i >= 2:   # the chart hits the hand of the first i cards
                held = order[:i]
                allowed = calc.hand(",".join("A" if v == 1 else "T" if v == 10 else str(v) for v in held), up)
                hard = sum(held)
                soft = 1 in held and hard + 10 <= 21
                pair = i == 2 and held[0] == held[1]
                name = "A" if held[0] == 1 else "T" if held[0] == 10 else str(held[0])
                row = f"pair {name},{name}" if pair else f"{'soft' if soft else 'hard'} {hard + 10 if soft else hard}"
                if resolve(drawn.table.loc[row, up], allowed, True, i) != "hit":
                    ok = False
                    break
            p *= Fraction(left[card - 1], sum(left))
            left[card - 1] -= 1
        if ok:
            reach += p
    completes = {1: 10, 10: 1}.get(up_value)
    no_blackjack = 1 - Fraction(left_after(counts, values)[completes - 1], sum(counts) - len(values)) \
        if completes else 1
    return p_up * reach * no_blackjack


def left_after(counts, values):
    left = list(counts)
    for v in values:
        left[v - 1] -= 1
    return left


def test_exception_probability_is_the_chance_of_reaching_the_hand(one_deck_cd):
    calc, drawn = one_deck_cd
    rows = drawn.exceptions
    assert list(rows.columns[-2:]) == ["probability", "contribution"]
    t3 = rows[(rows["hand"] == "T,3") & (rows["up"] == "2")].iloc[0]
    assert t3["probability"] == pytest.approx(float(Fraction(4, 52) * 2 * Fraction(16, 51) * Fraction(4, 50)),
                                              rel=1e-12)
    # multi-card hands (against a ten: the peek conditions them) by brute force over the orders of their cards
    multi = rows[(rows["cards"] > 2) & (rows["up"].isin(["T", "2"]))].head(12)
    assert len(multi) == 12
    for r in multi.itertuples(index=False):
        assert r.probability == pytest.approx(float(_reach_by_orderings(calc, drawn, r.hand, r.up)), rel=1e-12), r.hand
    assert (rows["contribution"] == rows["gain"] * rows["probability"]).all()


def test_exception_summary_ranks_by_contribution(one_deck_cd):
    _, drawn = one_deck_cd
    summary = drawn.exception_summary(by="contribution")
    assert summary["total_contribution"].is_monotonic_decreasing
    assert summary["total_contribution"].sum() == pytest.approx(drawn.exceptions["contribution"].sum(), rel=1e-12)
    top = summary.iloc[0]
    assert (top["row"], top["up"], top["cd_action"]) == ("hard 16", "T", "stand")
    assert (drawn.exceptions["contribution"] > 0).all()
    with pytest.raises(Exception, match="by must be 'chart' or 'contribution'"):
        drawn.exception_summary(by="gain")


def test_a_sweep_keeps_a_pinned_double_soft():
    """(The "any" point turned soft doubles on even where the game pinned them off, so no row was
    this game, and the row said "any" of a game that was not it.)"""
    from bjcalc.analysis.sweeps import edge_sweep

    frame = edge_sweep("standard", rules=["double_on"], double_soft=False, max_split_hands=2, decks=(1,))
    assert frame["value"].tolist() == ["any hard", "9-11", "10-11"]
    assert frame["default"].tolist() == [True, False, False]


@pytest.mark.parametrize("code", ["Rh+S", "Rh+Ds", "Rs+H", "Rh+Rs", "Dh+D", "Rs+R", "Rh", "H"])
def test_a_printed_code_sets_the_strategy_its_strategy_code_names(code):
    """One reading of the after-hit suffixes: the chart reader (set_cell) and strategy_code; and
    the legend explains every suffix they read."""
    from bjcalc.game.strategy import AFTER_HIT_SUFFIXES, UpcardStrategy, set_cell

    assert tuple(suffix for suffix, _ in AFTER_HIT_LEGEND) == AFTER_HIT_SUFFIXES

    printed, written = UpcardStrategy(10), UpcardStrategy(10)
    set_cell(printed, "hard 16", code)
    set_cell(written, "hard 16", strategy_code(code))
    entry = (16, False)
    assert (printed.hits[entry], printed.two_card[entry], printed.after_hit.get(entry)) == \
        (written.hits[entry], written.two_card[entry], written.after_hit.get(entry))


def test_explain_tries_a_variants_open_options_and_pins_any_option():
    """A casino variant's open options are open rules (Free Bet's launch rules are two of them),
    and ``--fix`` pins any option of the variant, read as its flag reads it."""
    from bjcalc.analysis.explain import combinations, open_rules_text, parse_fix
    from bjcalc.core.errors import RulesError

    free = combinations("free_bet", {"decks": 6, "dealer_hits_soft_17": True})
    assert {(c["free_split_fours"], c["free_double_any_cards"]) for c in free} == {
        (True, False), (True, True), (False, False), (False, True)}
    assert "tied_naturals (win, push)" in open_rules_text("double_exposure")
    fixed = parse_fix("spanish_21", ["redoubling=true", "rescue-redoubles=false", "super_bonus=200"])
    assert fixed == {"redoubling": True, "rescue_redoubles": False, "super_bonus": 200}
    assert all(c["redoubling"] and not c["rescue_redoubles"] for c in combinations("spanish_21", fixed))
    with pytest.raises(RulesError, match="redoubling takes false, true"):
        parse_fix("spanish_21", ["redoubling=maybe"])
