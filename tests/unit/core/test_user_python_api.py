"""The Python API as a user meets it: what a user naturally passes is read and normalised, the
rules never contradict the shoe, "T" is any ten-value card where ranks do not matter, and the
reprs and names say one thing once.  Tiny shoes and single decks: the whole file runs in seconds."""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest

import bjcalc
from bjcalc import Calculator, HandError, Rules, RulesError, Shoe, ShoeError, StrategyError
from bjcalc.cli import main

ONE_DECK_BY_VALUE = {**{rank: 4 for rank in "A23456789"}, "T": 16}      # a single deck written the obvious way
TWO_HANDS = dict(max_split_hands=2)


@pytest.fixture(scope="module")
def one_deck():
    return Calculator(Rules(decks=1, **TWO_HANDS))


# -- rules and shoe agree -----------------------------------------------------------------
def test_rules_follow_a_whole_deck_shoe_and_say_so():
    """(Calculator(Rules(decks=1), shoe=Shoe.decks(6)) computed 6 decks while its rules said 1 deck.)"""
    with pytest.warns(UserWarning, match=r"Rules\(decks=1\) and a shoe of 6 decks disagree"):
        calc = Calculator(Rules(decks=1), shoe=Shoe.decks(6))
    assert calc.rules.decks == 6 and calc.rules.describe().startswith("6 decks,")
    assert calc.assumptions().rules.startswith("6 decks,") and calc.assumptions().shoe == "6 decks"
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # the default deck count gives way to any shoe, quietly
        infinite = Calculator(Rules(), shoe=Shoe.infinite())
        single = Calculator(Rules(), shoe=Shoe.from_counts(ONE_DECK_BY_VALUE))
    assert infinite.rules.decks == math.inf and infinite.assumptions().rules.startswith("infinite deck,")
    assert single.rules.decks == 1 and single.assumptions().rules.startswith("1 deck,")


def test_a_standard_shoe_is_not_called_custom_and_a_custom_one_is():
    assert Calculator(Rules(), shoe=Shoe.decks(6)).assumptions().rules.startswith("6 decks,")
    assert Rules().describe(Shoe.decks(6)).startswith("6 decks,")
    assert Rules(decks=1).describe(Shoe.decks(6)).startswith("6 decks,")       # (it said "custom shoe")
    custom = Calculator(Rules(), shoe=Shoe.from_counts(A=4, T=16))        # the default decks: works as before
    assert custom.rules == Rules() and custom.assumptions().rules.startswith("custom shoe,")
    assert Rules().describe(Shoe.decks(1).without("A")).startswith("custom shoe,")
    # where tens split by rank, a T:16 deck is not a standard deck (its tens are all rank T)
    assert Rules(decks=1, split_tens_by_rank=True).describe(Shoe.from_counts(ONE_DECK_BY_VALUE)).startswith("custom")


def test_a_depleted_custom_shoe_still_reuses_a_calculator_of_other_decks():
    full = Calculator(Rules(**TWO_HANDS), shoe=Shoe.decks(1))        # its rules now say 1 deck
    less = Calculator(Rules(**TWO_HANDS), shoe=full.shoe.remove("5"), reuse=full)
    assert less.game().ev == Calculator(Rules(**TWO_HANDS), shoe=full.shoe.remove("5")).game().ev
    assert full.play_on(full.shoe.remove("5")).ev == full.play_on(less.shoe).ev


# -- "T" is any ten-value card ------------------------------------------------------------------
def test_t_removes_any_ten_value_card_where_ranks_do_not_matter():
    """(edge --decks 1 --remove T,T,T,T,T said "no T left" with 16 tens in the shoe.)"""
    five = Shoe.decks(1).without("T,T,T,T,T")
    assert five.value_counts()[9] == 11 and five.total == 47
    assert five.rank_counts[9:] == (0, 3, 4, 4)      # the named rank first, then the most plentiful
    assert Shoe.decks(1).without("T,T,T,T,T").rank_counts == Shoe.decks(1).without("T,T,T,T,T").rank_counts
    by_value = Shoe.from_counts(ONE_DECK_BY_VALUE)
    assert by_value.without("K").rank_counts[9] == 15 and by_value.remove("Q").value_counts()[9] == 15
    with pytest.raises(ShoeError, match="no 5 left to remove"):
        Shoe.decks(1).without("5,5,5,5,5")
    with pytest.raises(ShoeError, match="no T left"):
        Shoe.from_counts(A=4).without("T")


def test_remove_t_on_the_command_line(capsys):
    assert main(["edge", "--decks", "1", "--remove", "T,T,T,T,T", "--split-hands", "2"]) == 0
    first = capsys.readouterr().out
    assert main(["edge", "--decks", "1", "--remove", "T,T,T,T,J", "--split-hands", "2"]) == 0
    second = capsys.readouterr().out
    assert "47 cards" in first and first.split("\n")[-12:] != [] and \
        [line for line in first.splitlines() if line.startswith("EV ")] == \
        [line for line in second.splitlines() if line.startswith("EV ")]
    assert main(["hand", "--cards", "T,T", "--up", "T", "--decks", "1", "--remove", "T,T"]) == 0


def test_ten_ranks_stay_exact_where_tens_split_by_rank(capsys):
    rules = Rules(decks=1, split_tens_by_rank=True, **TWO_HANDS)
    with pytest.raises(ShoeError, match="no K left to remove .*split_tens_by_rank"):
        Calculator(rules, shoe=Shoe.from_counts(ONE_DECK_BY_VALUE).without("K"))
    # a rank the shoe holds is taken as named, as before
    calc = Calculator(rules, shoe=Shoe.decks(1).without("K"))
    assert calc.shoe.rank_counts[9:] == (4, 4, 4, 3)
    with pytest.raises(HandError, match="no K left to deal"):
        Calculator(rules, shoe=Shoe.from_counts(ONE_DECK_BY_VALUE)).hand("K,K", "6")
    assert main(["edge", "--decks", "1", "--remove", "K,K,K,K,K", "--split-tens-by-rank", "--split-hands", "2"]) == 2
    assert capsys.readouterr().err.startswith("bjcalc: error: the shoe has no K left to remove")


def test_a_deck_counted_by_value_mixes_with_whole_decks(one_deck):
    """(play_on refused a 16-ten single deck less an ace as "not a depleted shoe".)"""
    by_value = Shoe.from_counts(ONE_DECK_BY_VALUE)
    less = by_value.without("A")
    on_value = one_deck.play_on(less)
    assert on_value.ev == one_deck.play_on(Shoe.decks(1).without("A")).ev
    by_value_calc = Calculator(Rules(**TWO_HANDS), shoe=by_value)
    assert by_value_calc.play_on(Shoe.decks(1).without("A")).ev == on_value.ev
    assert by_value.counts_by() == Shoe.decks(1).counts_by() and by_value.whole_decks() == 1
    assert by_value_calc.hand("K,6", "Q") == one_deck.hand("T,6", "T")       # a K is a ten here
    with pytest.raises(ShoeError, match="no more cards of any value"):
        one_deck.play_on(Shoe.decks(2).without("A"))


# -- what a user naturally passes ------------------------------------------------------------
def test_rules_read_floats_numpy_and_any_case():
    assert Rules(blackjack_pays=1.5).blackjack_pays == Fraction(3, 2)
    assert Rules(blackjack_pays=1.2).blackjack_pays == Fraction(6, 5)
    assert Rules(blackjack_pays=np.float64(1.2)) == Rules(blackjack_pays="6:5")
    with pytest.raises(RulesError, match="blackjack_pays=1.3333333333333333 is not a short decimal.*'4:3'"):
        Rules(blackjack_pays=4 / 3)
    with pytest.raises(RulesError, match="blackjack_pays"):
        Rules(blackjack_pays=math.nan)
    assert Rules(decks=6.0) == Rules(decks=np.int64(6)) == Rules() and type(Rules(decks=6.0).decks) is int
    assert Rules(max_split_hands=np.int32(2), must_hit_below=np.int64(12), max_hand_cards=5.0) == \
        Rules(max_split_hands=2, must_hit_below=12, max_hand_cards=5)
    assert Rules(dealer_hits_soft_17=np.bool_(True)).dealer_hits_soft_17 is True
    assert Rules(hole_card="ENHC").hole_card == "enhc" and Rules(hole_card="ENHC-OBO").hole_card == "enhc_obo"
    assert Rules(surrender=" Late").surrender == "late" and Rules(surrender="any time").surrender == "any_time"
    for bad in (6.5, "6", True, np.float64(1.5)):
        with pytest.raises(RulesError, match="decks"):
            Rules(decks=bad)
    with pytest.raises(RulesError, match="hole_card"):
        Rules(hole_card="obo")


def test_strategy_and_play_names_in_any_case_and_spelling(one_deck):
    assert one_deck.game("td").ev == one_deck.game("TD").ev == one_deck.game("basic").ev
    assert one_deck.game("cd").ev == one_deck.game().ev
    with pytest.raises(StrategyError, match="strategy must be 'CD', 'TD' or a chart .*, not 'optimal'"):
        one_deck.game("optimal")
    small = Calculator(Rules(**TWO_HANDS), shoe=Shoe.from_counts({**{r: 1 for r in "A23456789"}, "T": 6}))
    british = small.effects_of_removal(play="reoptimised")
    assert british.equals(small.effects_of_removal(play="Reoptimized")) and "reoptimized" in british.name
    with pytest.raises(StrategyError, match="play must be 'fixed' or 'reoptimized'"):
        small.effects_of_removal(play="best")


def test_a_shoe_as_text_a_dict_or_counts(one_deck):
    wanted = Shoe.from_counts(A=4, T=16)
    assert Calculator(Rules(), shoe="A:4,T:16").shoe == wanted == Calculator(Rules(), shoe={"A": 4, "T": 16}).shoe
    assert Calculator(Rules(), shoe=np.array([4, 0, 0, 0, 0, 0, 0, 0, 0, 16])).shoe == wanted
    assert Calculator(Rules(), shoe=1).shoe == Shoe.decks(1)
    left = "A:3,2:4,3:4,4:4,5:4,6:4,7:4,8:4,9:4,T:16"
    assert one_deck.play_on(left).ev == one_deck.play_on(Shoe.decks(1).without("A")).ev
    with pytest.raises(ShoeError, match="a shoe is a bjcalc.Shoe, a number of decks"):
        Calculator(Rules(), shoe=object())
    with pytest.raises(ShoeError, match="rank:count"):
        Calculator(Rules(), shoe="A:4,T")


def test_shoe_counts_from_numpy_and_pandas():
    """(Shoe.from_counts(numpy_array) raised numpy's "truth value ... is ambiguous".)"""
    import pandas as pd

    by_value = Shoe.from_counts(np.array([4] * 9 + [16]))
    assert by_value.rank_counts == Shoe.from_counts(ONE_DECK_BY_VALUE).rank_counts
    assert Shoe.from_counts(np.arange(1, 14)).rank_counts == tuple(range(1, 14))
    assert Shoe.from_counts({np.int64(1): np.int64(4), "T": 16}) == Shoe.from_counts(A=4, T=16)
    assert Shoe.from_counts(pd.Series({"A": 4, "T": 16})) == Shoe.from_counts(A=4, T=16)
    assert Shoe.from_counts({"A": 4.0, "T": np.float64(16)}) == Shoe.from_counts(A=4, T=16)
    for bad, message in ((np.array([4] * 9), "10 .* or 13"), (np.ones((2, 13), dtype=int), "one row"),
                         (np.array([4.5] * 10), "whole number"), ({np.int64(11): 4}, "unknown rank"),
                         ({"A": np.bool_(True)}, "whole number"), ({1, 2}, "mapping")):
        with pytest.raises(ShoeError, match=message):
            Shoe.from_counts(bad)
    assert Shoe.decks(np.int64(2)) == Shoe.decks(2.0) == Shoe.decks(2)


def test_shoe_from_cards_len_getitem_and_one_way_to_remove():
    shoe = Shoe.from_cards("A,A,T")
    assert shoe.rank_counts[0] == 2 and shoe.suit_counts is None and len(shoe) == 3 and shoe["A"] == 2
    assert list(shoe) == ["A", "A", "T"] and "T" in shoe and "5" not in shoe
    deck = Shoe.decks(1)
    assert len(deck) == 52 and deck["K"] == 4 and deck["AS"] == 1 and Shoe.from_cards(list(deck)) == deck
    # "T" is any ten-value card, as without() reads it: counted and found as one
    assert deck["T"] == deck[10] == 16 and deck["TS"] == 1 and "T" in deck.without("T,T,T,T")
    with pytest.raises(ShoeError, match="infinite deck"):
        len(Shoe.infinite())
    # remove and without: the same cards accepted, the same error, the label and suits kept alike
    assert deck.remove("A,5") == deck.without("A,5") == deck.remove("A", 5)
    assert deck.remove("A").describe() == deck.without("A").describe() == "1 deck less A (51 cards)"
    assert deck.remove("AS").suit_counts == deck.without("AS").suit_counts and deck.remove("AS").suit_counts[0][0] == 0
    for take in (deck.remove, deck.without):
        with pytest.raises(ShoeError, match="no 5 left"):
            take("5,5,5,5,5")
        with pytest.raises(ShoeError, match="not a card"):
            take("X")


# -- reprs and names ---------------------------------------------------------------------------
def test_reprs_are_short_and_say_what_the_object_is(one_deck):
    assert repr(Shoe.decks(6)) == "Shoe.decks(6)" and repr(Shoe.infinite()) == "Shoe.infinite()"
    assert repr(Shoe.from_counts(A=4, T=16)) == "Shoe.from_counts({'A': 4, 'T': 16})"
    assert repr(Shoe.decks(6).without("A")) == "<Shoe: 6 decks less A (311 cards)>"
    assert eval(repr(Shoe.from_counts(A=4, T=16)), {"Shoe": Shoe}) == Shoe.from_counts(A=4, T=16)
    assert repr(Rules()) == "Rules()" and eval(repr(Rules(decks=1, blackjack_pays="6:5")), {"Rules": Rules}) \
        == Rules(decks=1, blackjack_pays="6:5")
    assert repr(one_deck) == "Calculator(Rules(decks=1, max_split_hands=2), shoe=Shoe.decks(1), split_strategy='CDZ-')"
    assert "object at" not in repr(Calculator(Rules(decks=1), exact=True, lean=True))
    result = one_deck.game()
    assert repr(result).startswith("GameResult(ev=0.00153") and "1 deck" in repr(result)


def test_results_hold_python_numbers(one_deck):
    result = one_deck.game()
    values = [result.ev, *result.by_upcard.tolist(), *[x for row in result.rows() for x in row[1:]]]
    assert all(type(v) is float for v in values)
    assert all(type(v) is float for v in one_deck.hand("T,6", "T").values())


def test_one_name_for_each_thing(one_deck):
    result = one_deck.game()
    assert not hasattr(result, "ev_given_up") and not hasattr(result, "up_probability")
    assert result.by_upcard.index.tolist() == result.upcard_probability.index.tolist() == \
        ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]
    assert float(sum(result.upcard_probability * result.by_upcard)) == pytest.approx(result.ev, abs=1e-15)
    names = dir(bjcalc)
    assert not {"Any", "TYPE_CHECKING", "annotations", "importlib", "types"} & set(names)
    assert {"Calculator", "Rules", "Shoe", "__version__"} <= set(names)


def test_the_effects_of_removal_show_what_they_hold():
    """(The notebook view said percent and showed -0.0946 for an eor["A"] of -0.000946.)"""
    eor = Calculator(Rules(**TWO_HANDS), shoe=Shoe.from_counts({**{r: 1 for r in "A23456789"}, "T": 6})) \
        .effects_of_removal()
    page = eor._repr_html_()
    assert eor.unit == "per unit initial bet" and eor.unit in page and "percent" not in page
    assert f"{float(eor['5']):+.6f}" in page and f"{float(eor['5']) * 100:+.4f}" not in page


# -- one reading of a strategy, the shoe's own rules under reuse, the ten substitution kept ------------
def test_every_round_method_reads_a_strategy_as_game_does():
    """(outcomes("td") and chart(calc, "td") refused what game("td") and moments("td") read.)"""
    from bjcalc.analysis.charts import chart
    from bjcalc.sidebets.buster import BusterBlackjack

    calc = Calculator(Rules(decks=1, **TWO_HANDS), shoe=Shoe.from_counts({**{r: 1 for r in "A23456789"}, "T": 4}),
                      exact=True)
    assert calc.outcomes("td").ev == calc.outcomes("TD").ev == calc.moments("basic").ev == calc.game("td").ev
    assert calc.outcomes(" cd ").strategy == "CD"
    assert chart(calc, "td", multi_card=False).table.equals(chart(calc, "TD", multi_card=False).table)
    assert BusterBlackjack(model="player", strategy="td").strategy == "TD"
    with pytest.raises(StrategyError, match="strategy must be"):
        calc.outcomes("optimal")


def test_reuse_keeps_the_shoes_own_deck_count():
    """(With reuse= the rules took the reused calculator's deck count: 6 decks named for a 1-deck shoe.)"""
    two = Calculator(Rules(decks=2, **TWO_HANDS))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        one = Calculator(Rules(decks=1, **TWO_HANDS), Shoe.decks(1), reuse=two)
    assert one.rules.decks == 1 and one.assumptions().rules.startswith("1 deck,")
    assert one.game().ev == pytest.approx(Calculator(Rules(decks=1, **TWO_HANDS)).game().ev, abs=1e-15)
    assert two.play_on(Shoe.decks(1)).assumptions.rules.startswith("1 deck,")
    assert Calculator(Rules(**TWO_HANDS), Shoe.decks(1), reuse=two).rules.decks == 1


def test_a_ten_taken_for_another_rank_stays_recorded():
    """(The record was an attribute outside the dataclass: dataclasses.replace dropped it.)"""
    import dataclasses
    import pickle

    taken = Shoe.from_counts({"A": 4, "T": 16}).without("K")
    copied = dataclasses.replace(taken, label="x")
    assert not copied.tens_named_exactly() and not pickle.loads(pickle.dumps(taken)).tens_named_exactly()
    plain = Shoe.from_counts({"A": 4, "T": 15})
    assert copied == taken == plain and hash(taken) == hash(plain)      # (not part of equality or the hash)
    with pytest.raises(ShoeError, match="no K left to remove"):
        Calculator(Rules(split_tens_by_rank=True, **TWO_HANDS), shoe=copied)
