"""End-to-end tests of the ``bjcalc`` command line, through :func:`bjcalc.cli.main`.

Every command's output is checked against the library it wraps (``--json`` must
parse and carry the same numbers); every error path must exit 2 with exactly one
line on stderr that names the problem.  Small shoes and ``--decks 1`` keep it fast.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

import bjcalc
from bjcalc import Calculator, Rules, Shoe
from bjcalc.cli import main, one_line
from bjcalc.sidebets import buster_blackjack, lucky_lucky

SMALL_SHOE = "A:4,T:16,5:8,6:8"


def run(argv, capsys):
    """(exit status, stdout, stderr) of one command line."""
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def run_json(argv, capsys):
    rc, out, err = run(argv + ["--json"], capsys)
    assert (rc, err) == (0, ""), err
    return json.loads(out)


def assert_one_error_line(err: str) -> None:
    assert err.startswith("bjcalc: error: ") and err.endswith("\n"), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err


# ---------------------------------------------------------------------------------------
# commands: output matches the library
# ---------------------------------------------------------------------------------------
def test_version_prints_the_packages_version(capsys):
    """``bjcalc --version`` prints ``bjcalc X.Y.Z``: this copy's version, which pyproject.toml states too."""
    import re
    import tomllib

    from paths import ROOT

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["version"] == bjcalc.__version__, "bump both: pyproject.toml's version and bjcalc.__version__"
    assert capsys.readouterr().out == f"bjcalc {bjcalc.__version__}\n", (
        "the installed metadata of this checkout is stale: python -m pip install -e .")
    assert re.fullmatch(r"\d+\.\d+\.\d+", bjcalc.__version__)


def test_edge_json_matches_calculator(capsys):
    out = run_json(["edge", "--decks", "1", "--h17"], capsys)
    result = Calculator(Rules(decks=1, dealer_hits_soft_17=True)).game()
    assert out["ev"] == pytest.approx(float(result.ev), abs=1e-12)
    assert out["house_edge"] == pytest.approx(-out["ev"], abs=1e-15)
    assert set(out["by_upcard"]) == {str(k) for k in result.by_upcard.keys()}
    assert "H17" in out["assumptions"]["rules"] and out["assumptions"]["strategy"]


def test_edge_text_has_a_row_per_up_card_and_the_total(capsys):
    rc, out, err = run(["edge", "--shoe", SMALL_SHOE, "--strategy", "TD"], capsys)
    assert (rc, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["up", "P(up)"]
    assert any(line.split()[0] == "all" for line in lines)


def test_hand_json_matches_calculator_and_names_the_best_action(capsys):
    out = run_json(["hand", "--cards", "T,6", "--up", "T", "--decks", "1", "--surrender", "late"], capsys)
    values = Calculator(Rules(decks=1, surrender="late")).hand("T,6", "T")
    assert set(out["values"]) == set(values) == {"stand", "hit", "double", "surrender"}
    for action, value in values.items():
        assert out["values"][action] == pytest.approx(float(value), abs=1e-12)
    assert out["best"] == max(values, key=lambda a: values[a])
    assert out["cards"] == ["T", "6"] and out["up"] == "T"


def test_hand_exact_json_gives_exact_rationals(capsys):
    out = run_json(["hand", "--cards", "5,6", "--up", "6", "--shoe", SMALL_SHOE, "--exact"], capsys)
    values = Calculator(Rules(decks=1), shoe=Shoe.from_counts(A=4, T=16, **{"5": 8, "6": 8}),
                        exact=True).hand("5,6", "6")
    for action, value in values.items():
        assert Fraction(out["values"][action]["exact"]) == Fraction(str(value))
        assert out["values"][action]["float"] == pytest.approx(float(value))


def test_hand_text_marks_the_best_action(capsys):
    rc, out, err = run(["hand", "--cards", "A,7", "--up", "9", "--decks", "1"], capsys)
    assert (rc, err) == (0, "")
    assert sum("<- best" in line for line in out.splitlines()) == 1


@pytest.mark.parametrize("peeked", [False, True])
def test_dealer_json_matches_calculator(peeked, capsys):
    out = run_json(["dealer", "--up", "A", "--decks", "1"] + (["--peeked"] if peeked else []), capsys)
    series = Calculator(Rules(decks=1)).dealer("A", peeked=peeked)
    assert out["peeked"] is peeked
    assert list(out["probabilities"]) == [str(k) for k in series.index]
    for key, value in series.items():
        assert out["probabilities"][str(key)] == pytest.approx(float(value), abs=1e-12)
    assert math.fsum(out["probabilities"].values()) == pytest.approx(1)
    assert out["bust_totals"]


def test_dealer_text(capsys):
    rc, out, err = run(["dealer", "--up", "6", "--decks", "1", "--peeked"], capsys)
    assert (rc, err) == (0, "")
    assert out.startswith("dealer up 6, no blackjack")


def test_insurance_json_and_text_match_calculator(capsys):
    expected = float(Calculator(Rules(decks=1)).insurance("T,T", "A"))
    out = run_json(["insurance", "--cards", "T,T", "--decks", "1"], capsys)
    assert out["insurance_ev"] == pytest.approx(expected, abs=1e-12)
    assert expected == pytest.approx(-1 / 14)      # 14 tens in 49 cards: (2*14 - 35) / 2 / 49
    rc, text, err = run(["insurance", "--cards", "T,T", "--decks", "1"], capsys)
    assert (rc, err) == (0, "") and f"{expected:+.9f}" in text


def test_sidebet_buster_json_matches_library(capsys):
    out = run_json(["sidebet", "buster", "--h17", "--paytable", "wizard"], capsys)
    result = buster_blackjack(decks=6, hits_soft_17=True, paytable="wizard")
    assert out["bet"] == "Buster Blackjack"
    assert [r["paytable"] for r in out["results"]] == ["wizard"]
    assert out["results"][0]["house_edge"] == pytest.approx(float(result.house_edge), abs=1e-12)
    assert f"{out['results'][0]['house_edge']:.4%}" == "6.2143%"
    assert math.fsum(out["probabilities"].values()) == pytest.approx(1)


def test_sidebet_lucky_lucky_json_matches_library(capsys):
    out = run_json(["sidebet", "lucky-lucky", "--decks", "1"], capsys)
    result = lucky_lucky(decks=1)
    assert out["total_combinations"] == math.comb(52, 3)
    assert out["results"][0]["ev"] == pytest.approx(float(result.ev), abs=1e-12)
    assert sum(out["combinations"].values()) == math.comb(52, 3)


def test_sidebet_text(capsys):
    rc, out, err = run(["sidebet", "lucky-lucky", "--decks", "6"], capsys)
    assert (rc, err) == (0, "")
    assert "house edge 5.305386 %" in out


def test_help_exits_0_at_every_level(capsys):
    for argv in (["--help"], ["sidebet", "--help"], ["sidebet", "buster", "--help"], ["hand", "--help"]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 0
        out, _ = capsys.readouterr()
        assert "usage: bjcalc" in out
    with pytest.raises(SystemExit):
        main(["sidebet", "buster", "--help"])
    assert "--paytable" in capsys.readouterr().out


def test_the_package_exports_the_side_bets():
    for name in ("SideBet", "LuckyLucky", "BusterBlackjack", "lucky_lucky", "buster_blackjack"):
        assert name in bjcalc.__all__ and hasattr(bjcalc, name)
    assert issubclass(bjcalc.LuckyLucky, bjcalc.SideBet)


# ---------------------------------------------------------------------------------------
# errors: exit 2, exactly one line naming the problem (and, for usage, the right --help)
# ---------------------------------------------------------------------------------------
HAND = ["hand", "--cards", "T6", "--up", "6", "--decks", "1"]

ERRORS = [
    # found by a fresh-eyes audit: accepted, or refused only after the work
    (["explain", "--variant", "classic_single_deck", "--edge", "0.13", "--top", "0"], "--top lists at least 1"),
    (["explain", "--variant", "classic_single_deck", "--edge", "150"], "between -100 and 100"),
    (["report", "--out", "r.pdf"], "--out r.pdf: the file must be named .html, .htm, .md or .markdown"),
    # contradictory flags: refused, not the last one winning silently; a flag without effect
    (HAND + ["--h17", "--s17"], "argument --s17: contradicts --h17: give one of them (see 'bjcalc hand --help')"),
    (["edge", "--no-das", "--das"], "argument --das: contradicts --no-das: give one of them"),
    (["edge", "--decks", "2", "--decks", "6"], "argument --decks: contradicts --decks 2: give it once"),
    (["edge", "--surrender", "late", "--surrender", "early"], "contradicts --surrender late: give it once"),
    (["eor", "--remove", "5", "--remove", "6"], "give it once, with every card to take out: --remove 5,6"),
    (["count", "--split", "CDP", "--split", "CDZ-"], "argument --split: contradicts --split CDP"),
    (["dealer", "--up", "6", "--s17", "--h17"], "contradicts --s17"),
    (["sidebet", "buster", "--decks", "1", "--decks", "2"], "argument --decks: contradicts --decks 1"),
    (["sidebet", "lucky-lucky", "--remove", "AS", "--remove", "KH"], "--remove AS,KH"),
    (["edge", "--strategy", "TD", "--split", "CDP"], "--split does not apply to --strategy TD"),
    (HAND + ["--cards", "5,5"], "argument --cards: contradicts --cards T6: give it once"),
    (["dealer", "--up", "6", "--up", "7"], "argument --up: contradicts --up 6"),
    (["outcomes", "--insurance", "always", "--insurance", "never"], "contradicts --insurance always"),
    (["count", "--shoes", "1", "--shoes", "2"], "argument --shoes: contradicts --shoes 1"),
    (["sidebet", "buster", "--paytable", "seed", "--paytable", "wizard"], "contradicts --paytable seed"),
    # a format the file name contradicts, a flag the report ignored (found by a fresh-eyes audit)
    (["chart", "--format", "md", "--out", "chart.html"], "--format md does not match --out chart.html (html)"),
    (["report", "--format", "md", "--out", "r.html"], "drop --format, or name the file for md"),
    (["report", "--split", "CDP1"], "--split does not apply to 'bjcalc report'"),
    # a preset with no figure of its own (was a TypeError traceback)
    (["verify", "--game", "burn20_las_vegas"], "no published figure is filed under --game burn20_las_vegas"),
    (["verify", "--game", "no_bust_oceans_11", "--json"], "the games with figures are blackjack_switch, burn20, classic_single_deck"),
    (HAND + ["--hit-split-aces", "--max-cards", "2"], "--hit-split-aces can never apply with --max-cards 2"),
    # advice that, followed, leads to the next refusal and back (found by a fresh-eyes audit)
    (["edge", "--rsa", "--split-hands", "1"], "--rsa needs --split-hands of 3 or 4"),
    (["edge", "--rsa", "--split", "optimal"], "so no resplit aces: use CDZ-, CDP1 or CDP, or drop --rsa and use "
                                              "--split-hands 2"),
    (["edge", "--burn20", "--decks", "1", "--remove", "T"], "give --decks N or a --shoe with suits (AS:1,TH:2,...)"),
    (["sidebet", "buster", "--burn20", "--shoe", "A:4,5:8,T:16"], "--remove cards with their suits (TS,AH)"),
    (["sidebet", "buster", "--model", "player", "--split", "optimal"],
     "invalid choice: 'optimal' (choose from 'CDZ-', 'CDP1', 'CDP')"),
    (["outcomes", "--strategy", "TD", "--split", "CDZ-"], "split hands follow the TD chart"),
    (["eor", "--strategy", "TD", "--split", "CDP"], "drop --split, or use --strategy CD"),
    # commands and unknown options, with the --help of the (sub)command that went wrong
    ([], "name a command: edge, hand, dealer, insurance, chart, eor, outcomes, report, tables, verify, explain, count or sidebet"),
    (["bogus"], "invalid choice"),
    (["sidebet"], "see 'bjcalc sidebet --help'"),
    (["sidebet", "bust"], "invalid choice: 'bust'"),
    (["sidebet", "buster", "--bogus"], "see 'bjcalc sidebet buster --help'"),
    (["sidebet", "lucky-lucky", "--h17"], "unrecognized arguments: --h17 (see 'bjcalc sidebet lucky-lucky --help')"),
    (["sidebet", "buster", "--paytable"], "expected one argument (if it starts with '-', write --paytable=VALUE) "
                                          "(see 'bjcalc sidebet buster --help')"),
    (HAND + ["--bogus"], "unrecognized arguments: --bogus (see 'bjcalc hand --help')"),
    (["hand", "--up", "6"], "required: --cards (see 'bjcalc hand --help')"),
    (HAND + ["foo\nbar"], "foo\\nbar"),
    (HAND + ["foo\r\nbar\u2028baz"], "foo\\r\\nbar\\u2028baz"),
    # numbers are digits only
    (["hand", "--cards", "T6", "--up", "6", "--decks", "1_0"], "--decks: decks must be a whole number"),
    (["hand", "--cards", "T6", "--up", "6", "--decks", "+6"], "digits only"),
    (["hand", "--cards", "T6", "--up", "6", "--decks", "1001"], "from 1 to 1000"),
    (["dealer", "--up", "T", "--decks", "1000000000000000000"], "from 1 to 1000"),
    (["sidebet", "buster", "--decks", "1_0"], "--decks: decks must be a whole number"),
    (["sidebet", "lucky-lucky", "--decks", "0"], "from 1 to 1000"),
    (HAND + ["--split-hands", "1_0"], "--split-hands: takes a whole number"),
    (HAND + ["--max-cards", "3.0"], "--max-cards: takes a whole number"),
    (HAND + ["--split-hands", "99999999999"], "far too large"),
    # shoes
    (["dealer", "--up", "5", "--shoe", "A:1,A:4,5:4,T:16"], "rank A is given twice"),
    (["dealer", "--up", "5", "--shoe", "a:1,A:4,5:4"], "twice"),
    (["dealer", "--up", "5", "--shoe", "A:1_0,5:4"], "whole number"),
    (["dealer", "--up", "5", "--shoe", "A:100001,5:4"], "at most 100000"),
    (["dealer", "--up", "5", "--shoe", "A:1" + "0" * 5000], "at most 100000"),
    (["dealer", "--up", "5", "--shoe", "Z:1,Z:2"], "unknown rank"),
    (["dealer", "--up", "5", "--shoe", "A4"], "rank:count"),
    (["dealer", "--up", "5", "--shoe", "A:0"], "empty"),
    (["dealer", "--up", "6", "--shoe", "A:4,T:16"], "left to deal"),
    # rules
    (HAND + ["--bj=-3:-2"], "must not be negative"),
    (HAND + ["--bj", "1_0:2"], "--bj must be a ratio"),
    (HAND + ["--bj", "5000"], "at most 1000"),
    (HAND + ["--bj", "-3:2"], "argument --bj: expected one argument (if it starts with '-', write --bj=VALUE)"),
    (HAND + ["--double-split-aces", "--double", "9-11"], "soft hand"),
    (HAND + ["--double-split-aces", "--no-double-soft"], "with --no-double-soft"),
    (HAND + ["--double-split-aces", "--no-das"], "--double-split-aces needs --das"),
    (HAND + ["--max-cards", "1"], "--max-cards must be none (no limit) or a whole number >= 2"),
    (HAND + ["--hole-card", "nope"], "--hole-card"),
    # hands
    (["hand", "--cards", "Z6", "--up", "6", "--decks", "1"], "not a card"),
    (["hand", "--cards", "T,T,5", "--up", "6", "--decks", "1"], "bust"),
    (["hand", "--cards", "T", "--up", "6", "--decks", "1"], "two cards"),
    (["insurance", "--cards", "A,A,A,A", "--decks", "1"], "two cards"),
    (["insurance", "--cards", "A,A", "--shoe", "A:2"], "no A left"),
    (["insurance", "--cards", "A,A", "--shoe", "A:3"], "hole card"),
    (["dealer", "--up", "11", "--decks", "1"], "not a card"),
    # a split round that can run out of cards (its value used to read +400 %)
    (["edge", "--shoe", "2:24"], "splitting 2,2 v 2 to 4 hands can run out of cards"),
    (["edge", "--shoe", "2:24", "--strategy", "TD"], "splitting 2,2 v 2 to 4 hands can run out of cards"),
    (["hand", "--cards", "9,9", "--up", "8", "--shoe", "8:1,9:4", "--split-hands", "2"],
     "splitting 9,9 v 8 to 2 hands can run out of cards"),
    # side bets
    (["sidebet", "buster", "--paytable", "vegas"], "unknown Buster Blackjack pay table 'vegas'"),
    (["sidebet", "buster", "--paytable", "seed,3"], "mixes names and pays"),
    (["sidebet", "buster", "--paytable", "1,2,3"], "needs 6 pays"),
    (["sidebet", "lucky-lucky", "--paytable", ""], "empty"),
    (["sidebet", "buster", "--strategy", "TD"], "--model player"),
]


@pytest.mark.parametrize("argv, words", ERRORS, ids=[" ".join(a)[:60] or "(none)" for a, _ in ERRORS])
def test_errors_exit_2_with_one_line(argv, words, capsys):
    rc, out, err = run(argv, capsys)
    assert rc == 2, (out, err)
    assert out == ""
    assert_one_error_line(err)
    assert words in err, err


def test_buster_player_takes_the_split_strategies_it_can_replay():
    """(It took 'optimal' and then advised --split-hands 2, which 'sidebet buster' does not have.)"""
    from bjcalc.cli.sidebets import PLAYER_SPLITS
    from bjcalc.sidebets.buster_player import ENUMERATED_SPLIT_STRATEGIES

    assert PLAYER_SPLITS == ENUMERATED_SPLIT_STRATEGIES


def test_a_flag_given_twice_alike_is_fine(capsys):
    once = run_json(HAND + ["--h17"], capsys)
    twice = run_json(HAND + ["--h17", "--h17", "--decks", "1"], capsys)
    assert twice == once


def test_one_line_escapes_every_line_break():
    text = one_line("a\nb\rc\x0bd\x0ce\x1cf\x85g\u2028h\u2029i\tj")
    assert len(text.splitlines()) == 1 and text.startswith("a\\nb\\rc")
    assert one_line("déjà vu: 'A,7'") == "déjà vu: 'A,7'"


def test_chart_command_prints_a_markdown_chart(capsys):
    assert main(["chart", "--decks", "1", "--split-hands", "2", "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert "hard 16" in out and "| T" in out.replace("|T", "| T")


def test_chart_command_on_a_variant(capsys):
    assert main(["chart", "--variant", "no_bust_21st_century", "--decks", "1", "--split-hands", "2"]) == 0
    assert "hard 11" in capsys.readouterr().out


def test_chart_machine_formats_are_not_wrapped_and_a_suffix_names_the_format(capsys, tmp_path):
    """(A chart printed as CSV had its header lines wrapped at 80 columns, the continuation lines
    without '#': pandas could not read it; --out chart.csv wrote the text format.)"""
    import io

    import pandas as pd

    argv = ["chart", "--decks", "1", "--split-hands", "2", "--quiet"]
    rc, out, _ = run(argv + ["--format", "csv"], capsys)
    assert rc == 0 and pd.read_csv(io.StringIO(out), comment="#", index_col=0).shape == (36, 10)
    rc, out, _ = run(argv + ["--format", "md"], capsys)
    assert rc == 0 and any(len(line) > 80 for line in out.splitlines())       # (not wrapped)
    rc, out, _ = run(argv, capsys)
    assert rc == 0 and all(len(line) <= 80 for line in out.splitlines())     # (the text is)
    target = tmp_path / "chart.csv"
    assert run(argv + ["--out", str(target)], capsys)[0] == 0
    assert target.read_text().startswith("# Basic strategy") and "hand,2,3,4,5,6,7,8,9,T,A" in target.read_text()


def test_options_of_several_values_add_up_when_repeated():
    """(verify --only A --only B, tables --files ... --files ... and explain --fix ... --fix ... kept
    only the last list: explain dropped three of four pins without a word.)"""
    from bjcalc.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["verify", "--only", "a", "b", "--only", "c"]).only == ["a", "b", "c"]
    assert parser.parse_args(["tables", "--files", "chart.md", "--files", "ev.csv"]).files == ["chart.md", "ev.csv"]
    args = parser.parse_args(["explain", "--variant", "burn20", "--edge", "0.7", "--fix", "a=1", "b=2", "--fix", "c=3"])
    assert args.fix == ["a=1", "b=2", "c=3"]
    assert parser.parse_args(["explain", "--variant", "burn20", "--edge", "0.7"]).fix == []



# ---------------------------------------------------------------------------------------
# edge --chart: what a chart a player brings costs
# ---------------------------------------------------------------------------------------
ONE_DECK = ["--decks", "1", "--split-hands", "2"]


def _chart_file(folder, flags, capsys, **cells):
    """The chart ``bjcalc chart --format csv`` writes for these flags, with some cells changed
    (``hard_16_T="S"``), as a file in ``folder``."""
    import io

    import pandas as pd

    path = folder / "card.csv"
    assert run(["chart", *flags, "--format", "csv", "--out", str(path), "--quiet"], capsys)[0] == 0
    if cells:
        table = pd.read_csv(io.StringIO(path.read_text()), comment="#", index_col=0)
        for name, code in cells.items():
            kind, total, up = name.split("_")
            table.loc[f"{kind} {total}", up] = code
        path.write_text("# a casino's card\n" + table.to_csv())
    return path


def test_edge_chart_answers_in_one_line_and_lists_the_cells_that_differ(capsys, tmp_path):
    path = _chart_file(tmp_path, ONE_DECK, capsys, hard_16_T="S")
    rc, out, err = run(["edge", *ONE_DECK, "--chart", str(path), "--quiet"], capsys)
    assert (rc, err) == (0, "")
    answer = " ".join(out.split("\n\n")[0].split())
    assert answer.startswith("EV with your chart +0.0811 % (player edge 0.0811 %): it costs 0.0341 % against basic "
                             "strategy (TD +0.1152 %) and 0.0721 % against CD play (CD +0.1531 %)"), answer
    assert "1 cell plays otherwise than basic strategy" in out and "  hard 16 v T: S (basic strategy H)" in out
    assert f"strategy: the chart given ({path})" in " ".join(out.split()) and "arithmetic: floating point" in out
    assert all(len(line) <= 80 for line in out.splitlines() if str(path) not in line)     # (a path cannot wrap)
    data = run_json(["edge", *ONE_DECK, "--chart", str(path), "--quiet"], capsys)
    assert {"ev", "house_edge", "by_upcard", "assumptions", "chart_file", "ev_td", "ev_cd", "cost_against_td",
            "cost_against_cd", "differing_cells", "compared_with"} <= set(data)
    calc = Calculator(Rules(decks=1, max_split_hands=2))
    assert data["ev"] == pytest.approx(calc.game(path).ev, abs=1e-15) and data["ev"] < data["ev_td"]
    assert data["ev_td"] == pytest.approx(calc.game("TD").ev, abs=1e-15)
    assert data["cost_against_td"] == pytest.approx(data["ev_td"] - data["ev"], abs=1e-15)
    assert data["cost_against_td"] > 0
    assert data["cost_against_cd"] == pytest.approx(data["ev_cd"] - data["ev"], abs=1e-15)
    assert data["differing_cells"] == [{"row": "hard 16", "up": "T", "code": "S", "basic_strategy": "H"}]
    assert data["assumptions"]["split_strategy"] == "split hands follow the chart given"
    assert data["compared_with"]["CD"]["split_strategy"] == "CDZ-" and sorted(data["by_upcard"]) == sorted(
        ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"])


def test_edge_chart_exact_values_the_td_chart_at_the_td_ev_to_the_last_digit(capsys, tmp_path):
    small = ["--shoe", "A:2,2:2,5:2,6:2,8:3,9:2,T:8", "--split-hands", "2"]     # (21 cards: exact is quick)
    path = _chart_file(tmp_path, small, capsys)
    data = run_json(["edge", *small, "--chart", str(path), "--exact", "--quiet"], capsys)
    assert Fraction(data["ev"]["exact"]) == Fraction(data["ev_td"]["exact"]) != 0
    assert data["cost_against_td"]["exact"] == "0" and data["differing_cells"] == []
    assert Fraction(data["cost_against_cd"]["exact"]) > 0 and data["assumptions"]["arithmetic"] == "exact rationals"


@pytest.mark.parametrize("flags", [["--variant", "free_bet", *ONE_DECK], [*ONE_DECK, "--h17", "--remove", "5,5"]],
                         ids=["free_bet", "h17 less two fives"])
def test_edge_chart_takes_the_rule_and_shoe_flags(flags, capsys, tmp_path):
    path = _chart_file(tmp_path, flags, capsys)
    rc, out, err = run(["edge", *flags, "--chart", str(path), "--quiet"], capsys)
    assert (rc, err) == (0, "") and "it costs nothing against basic strategy" in " ".join(out.split())
    assert "no cell plays otherwise than basic strategy" in out


def test_commands_sharing_a_calculator_print_what_each_prints_alone():
    """The web app's commands share a game's calculator (``args.calculators``): two threads
    asking for the chart and the edge at once, then a hand, print what each command prints on
    a calculator of its own, whichever comes first."""
    import threading

    from bjcalc.cli import build_parser
    from bjcalc.cli import run as run_args
    from bjcalc.cli.shared import SharedCalculators

    commands = [["chart", "--decks", "1", "--split-hands", "2", "--json"],
                ["edge", "--decks", "1", "--split-hands", "2", "--json", "--quiet"],
                ["hand", "--decks", "1", "--split-hands", "2", "--cards", "8,8", "--up", "T", "--json", "--quiet"]]
    alone = [run_args(build_parser().parse_args(argv)) for argv in commands]
    shared, printed = SharedCalculators(), {}

    def command(index):
        args = build_parser().parse_args(commands[index])
        args.calculators = shared
        printed[index] = run_args(args)

    threads = [threading.Thread(target=command, args=(index,)) for index in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    command(2)
    assert [printed[index] for index in range(3)] == alone
    assert len(shared) == 0        # (kept while in use only)
