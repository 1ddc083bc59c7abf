"""Each rule is named and explained once (:data:`bjcalc.core.rules.RULE_INFO`), and every place
that shows a rule reads it there: the command line's flags and help, the report's labels and
words, ``explain --fix``'s values, and Rules' own checks."""

import dataclasses

import pytest

from bjcalc.analysis.explain import parse_fix
from bjcalc.analysis.report import rule_label, value_label
from bjcalc.cli import FIELD_FLAGS, SWITCHES, build_parser
from bjcalc.core.errors import RulesError
from bjcalc.core.rules import BOOL_FIELDS, GAME_FIELDS, RULE_INFO, Rules


def test_every_rule_field_is_stated_once_in_the_fields_order():
    assert list(RULE_INFO) == list(GAME_FIELDS)
    for name, info in RULE_INFO.items():
        assert info.label and info.help, name
        assert (info.typed == "") == (name in BOOL_FIELDS), name     # (an on/off rule has no typed value)
        assert len(info.flags) in ((0, 2) if name in BOOL_FIELDS else (0, 1)), name


@pytest.mark.parametrize("name", [name for name, info in RULE_INFO.items() if info.choices])
def test_a_rule_with_named_values_takes_exactly_those(name):
    info = RULE_INFO[name]
    for value in info.choices:
        if name == "double_on" and value == "none":
            assert Rules(double_on="none", double_after_hit=False).double_on == "none"
        elif name == "surrender_against":
            assert Rules(surrender="late", surrender_against=value).surrender_against == value
        elif name == "suited_blackjack_suit":
            assert Rules(suited_blackjack_pays="2:1", suited_blackjack_suit=value).suited_blackjack_suit == value
        else:
            assert getattr(Rules(**{name: value}), name) == value
    with pytest.raises(RulesError, match=name):
        Rules(**{name: "no_such_value"})
    assert set(dict(info.words)) - set(info.choices) <= {"any hard"}       # (words only of its values)


def test_the_command_line_and_the_report_read_the_stated_names():
    parser = build_parser()
    edge = next(action for action in parser._subparsers._group_actions[0].choices["edge"]._actions
                if "--split-hands" in action.option_strings)
    assert edge.help == RULE_INFO["max_split_hands"].help and edge.metavar == "N"
    assert SWITCHES["dealer_hits_soft_17"] == RULE_INFO["dealer_hits_soft_17"].flags == ("--h17", "--s17")
    assert SWITCHES["hit_21"] == ("--hit-21", "--no-hit-21") and FIELD_FLAGS["hit_21"] == "--no-hit-21"
    assert FIELD_FLAGS["bust_push"] == "--bust-push"
    assert rule_label("burn_20") == "Burn 20 redraw" and value_label("surrender", "any_time") == "at any time"
    assert [rule_label(name) for name in GAME_FIELDS] == [info.label for info in RULE_INFO.values()]


def test_explain_fixes_a_named_value_from_the_stated_choices():
    assert parse_fix("no_bust_21st_century", ["bust_push=three_card_lower"]) == {"bust_push": "three_card_lower"}
    with pytest.raises(RulesError, match="bust_push takes one of none, three_card_23_25"):
        parse_fix("no_bust_21st_century", ["bust_push=lower"])


def test_rule_info_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        RULE_INFO["decks"].label = "Shoes"      # type: ignore[misc]
