"""Issue 14: doubling on any number of cards (``double_after_hit``) and surrender at any time
(``surrender="any_time"``).

The independent brute force for both rules is another module's (tests/oracles/test_brute_anytime.py);
here: identities that must hold exactly, the rules switched off giving the old game, never a
lower CD EV with a rule on, floats against exact rationals, a hand-worked case, TD charts,
fixed play, the published neighbourhood, and bad input.
"""

import subprocess
import sys
from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules, Shoe, variants
from bjcalc.cli import main
from bjcalc.core.errors import RulesError, StrategyError
from bjcalc.game.removal import play_on
from bjcalc.game.strategy import TotalDependentStrategy, total_dependent_game

# 14 cards: pairs of twos and tens split, an ace can be dealt, the round never runs dry
TINY = Shoe.from_counts({"A": 1, 2: 2, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, "T": 5})
SMALL = Shoe.from_counts({"A": 2, 2: 2, 3: 2, 4: 1, 5: 2, 6: 2, 7: 1, 8: 1, 9: 1, "T": 8})
BOTH = dict(double_after_hit=True, surrender="any_time")


def _ev(rules, shoe=None, **kw):
    return Calculator(rules, shoe, **kw).game().ev


def _exact(value):
    return Fraction(int(value.p), int(value.q))


# -- switched off, or unable to apply: the old game exactly --------------------------------------
@pytest.mark.parametrize("shoe", [None, SMALL])
def test_a_rule_that_cannot_apply_gives_the_old_game_exactly(shoe):
    # a 3-card hand that must stand cannot double; a 2-card limit leaves any-time surrender late surrender
    base = Rules(decks=1, max_hand_cards=3)
    assert _ev(base.replace(double_after_hit=True), shoe) == _ev(base, shoe)
    two = Rules(decks=1, max_hand_cards=2, surrender="late")
    assert _ev(two.replace(surrender="any_time"), shoe) == _ev(two, shoe)


def test_the_default_rules_have_neither():
    assert Rules().double_after_hit is False and Rules().surrender == "none"
    values = Calculator(Rules(decks=1)).round.upcard(6)
    assert not values.may_double.any() and not values.may_surrender.any()
    assert (values.action == values.hits).all()     # the action array is the old hit/stand choice


# -- a rule switched on never lowers the CD EV --------------------------------------------------
@pytest.mark.parametrize("name", sorted(variants.PRESETS))
def test_either_rule_never_lowers_a_presets_cd_ev(name):
    base = variants.PRESETS[name](double_after_hit=False,
                                  surrender="late" if name.startswith("no_bust") else "none")
    ev = _ev(base)
    double = _ev(base.replace(double_after_hit=True)) if base.double_on != "none" else ev
    anytime = _ev(base.replace(surrender="any_time"))
    both = _ev(base.replace(**BOTH)) if base.double_on != "none" else anytime
    assert double >= ev and anytime >= ev and both >= max(double, anytime)


@pytest.mark.parametrize("shoe", [Shoe.decks(1), Shoe.decks(2).remove("T", "T", "5"), SMALL, TINY, Shoe.infinite()])
def test_either_rule_never_lowers_the_cd_ev_of_a_shoe(shoe):
    hands = 2 if shoe is TINY else 4      # (TINY's T,T v A split to 3 hands can run out of cards: refused)
    for hole in ("peek", "enhc"):
        base = Rules(decks=1, hole_card=hole, surrender="late", max_split_hands=hands)
        ev = _ev(base, shoe)
        assert _ev(base.replace(double_after_hit=True), shoe) >= ev
        assert _ev(base.replace(surrender="any_time"), shoe) >= ev


# -- floats and exact rationals ------------------------------------------------------------------
@pytest.mark.parametrize("hole,split,extra", [
    ("peek", "CDZ-", dict(max_split_hands=3)),
    ("enhc", "CDP1", dict(double_after_split=False)),
    ("enhc_obo", "CDP", dict(hit_split_aces=True, double_on="9-11", double_soft=False)),
    ("peek", "optimal", dict(max_split_hands=2, double_after_split=False)),
])
def test_floats_agree_with_exact_rationals(hole, split, extra):
    rules = Rules(decks=1, hole_card=hole, **BOTH, **extra)
    shoe = TINY if rules.max_split_hands == 2 else SMALL      # (TINY's T,T v A split to 3 hands can run out)
    exact = _exact(_ev(rules, shoe, split_strategy=split, exact=True))
    assert abs(float(exact) - _ev(rules, shoe, split_strategy=split)) < 1e-12


def test_exact_values_satisfy_the_after_hit_recursion():
    """Exact identities on a 3-card hand: doubling is one card then standing on twice the bet, a
    hit is worth the best action of each hand it becomes, surrender is half the bet."""
    calc = Calculator(Rules(decks=1, **BOTH), TINY, exact=True)
    hand = calc.hand("2,3,4", "6")          # peek: values given no dealer blackjack (a 6 has none)
    assert set(hand) == {"stand", "hit", "double", "surrender"}
    assert hand["surrender"] == Fraction(-1, 2)
    left = TINY.remove("2", "3", "4", "6")
    total = sum(left.rank_counts)
    double = hit = 0
    for rank, count in zip("A23456789TJQK", left.rank_counts):
        if count:
            after = calc.hand(f"2,3,4,{rank}", "6")
            double += Fraction(count, total) * 2 * after["stand"]
            hit += Fraction(count, total) * max(after.values())
    assert hand["double"] == double and hand["hit"] == hit


def test_a_hand_worked_case():
    """Shoe {2, 3, 3, 4, 6, T, T}: the player holds 3,3,4 (hard 10, three cards) against a 6, so
    {2, T, T} is left; a hand stands at four cards, so the round never runs out of cards.

    Double (one card, then stand): a ten (2/3) makes 20 and the dealer's 6 takes {2, T} in some
    order, 18: +2; the two (1/3) makes 12 and the dealer's 6 takes T, T: 26, bust: +2.  So 2.
    Hit: the same cards on one unit: 1.  Stand on 10: the dealer's hole card is the two (1/3):
    6,2,T = 18, lose; a ten (2/3): 16, then the two (18, lose) or the ten (26, win) evenly:
    1/3 - 2/3 = -1/3.  (A 6 up has no blackjack: peek conditions on nothing.)"""
    shoe = Shoe.from_counts({2: 1, 3: 2, 4: 1, 6: 1, "T": 2})
    calc = Calculator(Rules(decks=1, double_after_hit=True, max_hand_cards=4), shoe, exact=True)
    values = calc.hand("3,3,4", "6")
    assert (values["double"], values["hit"], values["stand"]) == (2, 1, Fraction(-1, 3))
    assert "double" not in Calculator(Rules(decks=1, max_hand_cards=4), shoe, exact=True).hand("3,3,4", "6")


# -- TD charts, fixed play, optimal splits -------------------------------------------------------
def test_td_chart_shows_after_hit_cells_and_reads_back_exactly():
    calc = Calculator(Rules(decks=2, **BOTH))
    result = calc.game("TD")
    chart = result.strategy.chart()
    cells = set(chart.values.ravel())
    assert any(c.endswith("+D") for c in cells) and any(c.endswith("+R") for c in cells)
    assert result.ev <= calc.game().ev
    assert result.ev > Calculator(Rules(decks=2)).game("TD").ev
    again = total_dependent_game(calc, TotalDependentStrategy.from_chart(chart))
    assert again.ev == result.ev


def test_an_after_hit_code_on_a_pair_is_refused():
    from bjcalc.game.strategy import UpcardStrategy, set_cell

    with pytest.raises(StrategyError, match=r"\+D"):
        set_cell(UpcardStrategy(6), "pair 8,8", "P+D")


def test_fixed_play_on_its_own_shoe_is_the_game():
    rules = Rules(decks=1, max_split_hands=2, **BOTH)     # (TINY's T,T v A split to 3 hands can run out)
    calc = Calculator(rules, TINY, exact=True)
    assert play_on(calc, calc).ev == calc.game().ev
    less = Calculator(rules, TINY.remove("5"), exact=True)
    assert play_on(calc, less).ev <= less.game().ev


def test_optimal_splits_refuse_doubling_split_hands_after_hits():
    with pytest.raises(StrategyError, match="double_after_hit"):
        Calculator(Rules(decks=1, max_split_hands=2, double_after_hit=True), split_strategy="optimal")


# -- published neighbourhood ---------------------------------------------------------------------
def test_doubling_on_any_number_of_cards_is_worth_about_a_quarter_percent():
    """Rule-effect tables: about +0.23 % to +0.24 % in a 6-deck game (GAMES.md, section 5)."""
    effect = (_ev(Rules(double_after_hit=True)) - _ev(Rules())) * 100
    assert 0.21 <= effect <= 0.26, effect


# -- bad input -----------------------------------------------------------------------------------
def test_nonsense_combinations_name_both_fields():
    with pytest.raises(RulesError, match="double_after_hit.*double_on"):
        Rules(double_after_hit=True, double_on="none")
    with pytest.raises(RulesError, match="double_after_hit.*max_hand_cards"):
        Rules(double_after_hit=True, max_hand_cards=2)


@pytest.mark.parametrize("args,words", [
    (["--double", "none", "--double-after-hit"], "--double-after-hit"),
    (["--surrender", "anytime"], "--surrender"),
])
def test_cli_refuses_bad_input_in_one_line(args, words, capsys):
    # (bjcalc's entry point in this process: test_cli_takes_both_rules runs a process of its own)
    assert main(["edge", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and words in err and "Traceback" not in err


def test_cli_takes_both_rules():
    run = subprocess.run([sys.executable, "-m", "bjcalc", "edge", "--decks", "1", "--double-after-hit",
                          "--surrender", "any_time"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    text = " ".join(run.stdout.split())     # (the assumptions are wrapped to 80 columns)
    assert "double on any number of cards" in text and "surrender at any time" in text


def test_buster_player_model_refuses_after_hit_actions():
    from bjcalc.sidebets.buster_player import _Player

    with pytest.raises(RulesError, match="double_after_hit"):
        _Player(Rules(decks=1, double_after_hit=True), Shoe.decks(1), "CD", "CDZ-", False)


def test_binions_soft_17_effect_matches_with_doubling_on_any_number_of_cards():
    # Burn 20 Las Vegas, published S17 effect -0.37 %: ours -0.370 % with its published doubling rule
    from bjcalc.analysis.published import MATCHES, verify

    row = verify(only=["burn20-vegas-s17"])[0]
    assert row.figure.rules.double_after_hit and row.verdict == MATCHES
