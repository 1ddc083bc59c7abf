"""The command line as a user meets it: numbers never broken across lines, the shoe line of
``hand`` and ``insurance`` saying which cards left the shoe, help listing only what a
command takes, both flags of every on/off rule, ``--version``, and the units of ``edge``."""

from __future__ import annotations

import argparse
import dataclasses
import json
import re

import pytest

import bjcalc
from bjcalc import Calculator, Rules, Shoe
from bjcalc.cli import FIELD_FLAGS, SWITCHES, FlagWords, build_parser, main, option_flags, rules_from, variant_options
from bjcalc.core.rules import VARIANT_FIELDS
from bjcalc.cli.output import fit
from bjcalc.cli.shoe_flags import REMOVE_HELP
from bjcalc.game.variants import PRESETS

SMALL = "A:4,5:8,6:8,T:16"
BOOL_FIELDS = [f.name for f in dataclasses.fields(Rules) if f.type in (bool, "bool")]


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def ok(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 0, err
    return out, err


def error(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (code, out, err)
    return err


# -- a number is never broken across lines -------------------------------------------------------
FRACTION = ("-2702544761567758362075906601587158564715707449/"
            "627651264301000383055072514866531538192940191625")


def test_a_long_exact_fraction_keeps_its_line():
    """(``edge --decks 8 --exact`` printed the denominator's last 27 digits on the next line.)"""
    for line in (f"exact EV = {FRACTION}", f"  stand = {FRACTION}"):
        assert fit(line) == line
    wrapped = fit("the exact value is " + FRACTION + " per unit bet, and more words follow it here")
    assert FRACTION in wrapped.split("\n")[1].split()
    for piece in fit("x " * 30 + "y" * 100).split():
        assert piece in ("x", "y" * 100)


def test_a_label_stays_with_its_value(capsys):
    """(Lucky Lucky's summary ended one line with "hit frequency" and began the next with its value.)"""
    assert fit("house edge 5.305386 %   EV -0.053053865   std dev 2.875534   hit frequency 0.237487").split("\n") \
        == ["house edge 5.305386 %   EV -0.053053865   std dev 2.875534", "  hit frequency 0.237487"]
    out, _ = ok(["sidebet", "lucky-lucky", "--decks", "1"], capsys)
    lines = out.splitlines()
    assert not [line for line in lines if line.rstrip().endswith(("frequency", "edge", "EV", "dev"))]
    assert any(re.search(r"hit frequency \d+\.\d{4} %", line) for line in lines)      # (a percent, like the edge)
    assert max(len(line) for line in lines) <= 80


def test_a_number_keeps_its_percent_sign():
    assert all(not line.lstrip().startswith("%") for line in fit(("word " * 15 + "1.5 %  ") * 3).split("\n"))


# -- hand and insurance say which cards left the shoe ---------------------------------------------
def test_the_shoe_line_names_every_card_taken_out_and_warns_of_a_repeat(capsys):
    """(``--remove T,6,T`` with the hand T,6 v T valued a 46-card shoe while the shoe line said 49.)"""
    argv = ["hand", "--cards", "T,6", "--up", "T", "--decks", "1"]
    out, err = ok(argv + ["--remove", "T,6,T", "--json"], capsys)
    payload = json.loads(out)
    assert payload["assumptions"]["shoe"] == \
        "1 deck less T,6,T (--remove) and T,6 v T (the hand and up card): 46 cards"
    assert err.startswith("bjcalc: warning: --remove T,6,T lists the hand's cards (T,6) and the up card (T), "
                          "which this command takes out of the shoe itself")
    assert len(err.strip().splitlines()) == 1
    values = Calculator(Rules(decks=1), shoe=Shoe.decks(1).without("T,6,T")).hand("T,6", "T")
    assert payload["values"]["hit"] == pytest.approx(float(values["hit"]), abs=1e-12)
    out, err = ok(argv, capsys)
    assert err == "" and "shoe: 1 deck less T,6 v T (the hand and up card): 49 cards" in out
    out, err = ok(argv + ["--remove", "5,T"], capsys)        # (another player's ten: no warning)
    assert err == "" and "1 deck less 5,T (--remove) and T,6 v T (the hand and up card): 47 cards" in \
        " ".join(out.split())
    # ranks as written: a hand of K,Q against a J, and tens removed, may be other cards seen
    out, err = ok(["hand", "--cards", "K,Q", "--up", "J", "--decks", "1", "--remove", "T,T,T"], capsys)
    assert err == ""
    out, err = ok(["hand", "--cards", "K,Q", "--up", "J", "--decks", "1", "--remove", "Q,K"], capsys)
    assert "lists the hand's cards (K,Q)," in err and "up card" not in err


def test_insurance_says_which_cards_left_the_shoe(capsys):
    out, err = ok(["insurance", "--cards", "T,T", "--decks", "1", "--remove", "T,T", "--json"], capsys)
    payload = json.loads(out)
    assert payload["cards"] == ["T", "T"]
    assert payload["assumptions"]["shoe"] == \
        "1 deck less T,T (--remove) and T,T v A (the hand and the dealer's ace): 47 cards"
    assert "lists the hand's cards (T,T)," in err


def test_remove_help_says_the_hand_and_up_card_are_taken_out(capsys):
    assert "the hand's cards and the up card out themselves" in REMOVE_HELP
    with pytest.raises(SystemExit):
        main(["hand", "--help"])
    assert "the up card out themselves" in " ".join(capsys.readouterr().out.split())


# -- help lists only what a command takes ---------------------------------------------------------
def _subparsers():
    return next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices


def _visible(parser, option):
    return [a for a in parser._actions if option in a.option_strings and a.help != argparse.SUPPRESS]


@pytest.mark.parametrize("command, choices", [
    ("edge", ["CDZ-", "CDP1", "CDP", "optimal"]), ("hand", ["CDZ-", "CDP1", "CDP", "optimal"]),
    ("chart", ["CDZ-", "CDP1", "CDP", "optimal"]), ("count", ["CDZ-", "CDP1", "CDP"]),
    ("eor", ["CDZ-", "CDP1", "CDP"]), ("outcomes", ["CDZ-", "CDP1", "CDP"]), ("report", None),
    ("dealer", None), ("insurance", None)])
def test_split_offers_only_the_strategies_a_command_takes(command, choices, capsys):
    """(``report --help`` offered --split, which it always refused; count, eor and outcomes
    offered --split optimal.)"""
    shown = _visible(_subparsers()[command], "--split")
    assert ([list(shown[0].choices)] if shown else [None]) == [choices]
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    assert ("--split" in text.replace("--split-", "")) == (choices is not None)
    if choices is not None and "optimal" not in choices:
        assert "optimal" not in text.split("--split {")[1].split("\n\n")[0]


def test_refused_split_says_why(capsys):
    assert "--split does not apply to 'bjcalc report'" in error(["report", "--split", "CDP"], capsys)
    assert "invalid choice: 'optimal'" in error(["outcomes", "--split", "optimal"], capsys)


# -- every on/off rule has both flags, made from the rules ----------------------------------------
def test_every_on_off_rule_has_both_flags_in_help(capsys):
    assert set(SWITCHES) == set(BOOL_FIELDS) and len(BOOL_FIELDS) >= 11
    with pytest.raises(SystemExit):
        main(["edge", "--help"])
    text = capsys.readouterr().out
    for field in BOOL_FIELDS:
        on, off = SWITCHES[field]
        assert f"{on}, {off}" in text, field
    for flag in ("--rsa, --no-rsa", "--h17, --s17", "--das, --no-das", "--burn20, --no-burn20",
                 "--double-after-hit, --no-double-after-hit", "--dealer-22-pushes, --no-dealer-22-pushes",
                 "--split-tens-by-rank, --no-split-tens-by-rank", "--double-soft, --no-double-soft",
                 "--hit-21, --no-hit-21", "--hit-split-aces, --no-hit-split-aces",
                 "--double-split-aces, --no-double-split-aces"):
        assert flag in text, flag


@pytest.mark.parametrize("field", BOOL_FIELDS)
def test_each_flag_sets_its_rule_either_way(field):
    on, off = SWITCHES[field]
    parse = build_parser().parse_args
    assert getattr(parse(["edge", on]), field) is True and getattr(parse(["edge", off]), field) is False


def test_a_presets_on_off_rules_switch_the_other_way(capsys):
    parse = build_parser().parse_args
    assert rules_from(parse(["edge", "--variant", "burn20", "--double-soft", "--decks", "1"])) == \
        PRESETS["burn20"](double_soft=True, decks=1)
    assert rules_from(parse(["edge", "--variant", "no_bust_oceans_11", "--no-double-after-hit"])) == \
        PRESETS["no_bust_oceans_11"](double_after_hit=False)
    assert rules_from(parse(["edge", "--variant", "classic_single_deck", "--max-cards", "none"])).max_hand_cards \
        is None
    assert rules_from(parse(["edge", "--variant", "classic_single_deck", "--no-split-tens-by-rank"])) == \
        PRESETS["classic_single_deck"](split_tens_by_rank=False)
    out, _ = ok(["hand", "--cards", "T,6", "--up", "T", "--decks", "1", "--variant", "no_bust_oceans_11",
                 "--no-double-after-hit", "--json"], capsys)
    expected = Calculator(PRESETS["no_bust_oceans_11"](decks=1, double_after_hit=False)).hand("T,6", "T")
    assert json.loads(out)["values"] == pytest.approx({a: float(v) for a, v in expected.items()}, abs=1e-12)
    assert "argument --no-rsa: contradicts --rsa: give one of them" in error(["edge", "--rsa", "--no-rsa"], capsys)


def test_rule_errors_name_real_flags():
    options = {s for a in _subparsers()["edge"]._actions for s in a.option_strings}
    assert set(FIELD_FLAGS) == {f.name for f in dataclasses.fields(Rules)} - set(VARIANT_FIELDS)
    # (a variant and its options: --variant NAME and one flag pair per option of the registry)
    switches = [name for _, name, option in variant_options() if isinstance(option.default, bool)]
    valued = [name for _, name, option in variant_options() if not isinstance(option.default, bool)]
    assert "--variant" in options and {flag for name in switches for flag in option_flags(name)} <= options
    assert {option_flags(name)[0] for name in valued} <= options     # (a valued option: its one flag)
    assert set(FIELD_FLAGS.values()) <= options
    assert {flag for pair in SWITCHES.values() for flag in pair} <= options
    words = FlagWords()      # (every rule and option a message names is said as its flag)
    assert {words.rule(name) for name in FIELD_FLAGS} <= options
    assert {words.rule(name, value) for name in SWITCHES for value in (True, False)} <= options
    assert {words.rule(name, value) for name in switches for value in (True, False)} <= options
    assert {words.rule(name, "push").split()[0] for name in valued} <= options
    assert words.rule("resplit_aces", False) == "--no-rsa" and words.rule("double_on", "9-11") == "--double 9-11"


# -- version, units, signs, lists ----------------------------------------------------------------
def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out == f"bjcalc {bjcalc.__version__}\n"


def test_edge_is_in_percent_throughout_and_its_json_in_fractions(capsys):
    argv = ["edge", "--shoe", SMALL, "--split-hands", "2", "--quiet"]
    text, _ = ok(argv, capsys)
    payload = json.loads(ok(argv + ["--json"], capsys)[0])
    lines = text.splitlines()
    assert lines[0].split() == ["up", "P(up)", "%", "EV", "given", "up", "%", "contribution", "%"]
    for line in lines[1:]:
        if not line.strip():
            break
        up, p_up, ev, *part = line.split()
        if up == "all":
            assert float(ev) == pytest.approx(payload["ev"] * 100, abs=1e-7)
            continue
        row = payload["by_upcard"][up]
        assert float(p_up) == pytest.approx(row["probability"] * 100, abs=1e-6)
        assert float(ev) == pytest.approx(row["ev"] * 100, abs=1e-7)
        assert float(part[0]) == pytest.approx(row["contribution"] * 100, abs=1e-7)
    summary = next(line for line in lines if line.startswith("EV "))
    assert summary == f"EV {payload['ev'] * 100:+.6f} %  (player edge {payload['ev'] * 100:.6f} %)" \
        if payload["ev"] > 0 else f"EV {payload['ev'] * 100:+.6f} %  (house edge {-payload['ev'] * 100:.6f} %)"
    assert "SD" not in text.split("rules:")[0]


def test_no_negative_zero(capsys):
    """(``--shoe T:100`` printed ``house edge -0.000000 %``.)"""
    out, _ = ok(["edge", "--shoe", "T:100", "--split-hands", "2", "--quiet"], capsys)
    assert "-0.0" not in out and "EV +0.000000 %  (house edge 0.000000 %)" in out


def test_hand_json_gives_the_cards_as_a_list(capsys):
    out, _ = ok(["hand", "--cards", "t6", "--up", "10", "--decks", "1", "--json"], capsys)
    payload = json.loads(out)
    assert payload["cards"] == ["T", "6"] and payload["up"] == "T"


# -- errors in the command line's words -----------------------------------------------------------
def test_a_zero_payout_says_the_second_number_must_be_positive(capsys):
    assert "second number must be positive" in error(["edge", "--bj", "3:0"], capsys)


def test_explain_says_inf_not_math_inf(capsys):
    err = error(["explain", "--variant", "burn20", "--edge", "0.74", "--fix", "decks=0"], capsys)
    assert "math.inf" not in err and "or inf" in err


def test_explain_refuses_a_fixed_option_that_means_nothing_alone(capsys):
    """A variant's option that needs another (which 7 a Super Bonus is paid against, with none) is
    refused by explain --fix as by edge, not valued as 0 of 0 rule sets."""
    err = error(["explain", "--variant", "spanish_21", "--edge", "0.4", "--workers", "1", "--fix",
                 "super_bonus_any_seven=true"], capsys)
    assert "means nothing while super_bonus=0" in err and "super_bonus=200" in err


def test_every_no_flag_of_every_command_has_its_positive_form():
    """Wherever ``--no-x`` is taken, ``--x`` is too (the side bets' commands included)."""
    import argparse

    def parsers(parser, path):
        yield path, parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    yield from parsers(sub, f"{path} {name}")

    missing = []
    for path, parser in parsers(build_parser(), "bjcalc"):
        flags = {flag for action in parser._actions for flag in action.option_strings}
        missing += [f"{path}: {flag}" for flag in sorted(flags) if flag.startswith("--no-")
                    and "--" + flag[len("--no-"):] not in flags]
    assert missing == []
