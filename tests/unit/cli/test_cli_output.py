"""What every ``bjcalc`` command prints: one JSON shape (issue 10 item 7), text within 80
columns, help for every option, flags that do not apply refused, and the words of the
output (items 6, 8, 9), custom shoes (item 8), ``explain --fix`` (item 5) and progress
(item 10).  Small shoes and single decks keep it quick.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import re
import time
from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules, Shoe, variants
from bjcalc.game.calculator import Assumptions
from bjcalc.cli import _Refuse, build_parser, main
from bjcalc.core.progress import Progress
from bjcalc.sidebets import LuckyLucky, buster_blackjack
from paths import ROOT

SMALL = "A:4,T:16,5:8,6:8"
HALF_DECK = "A:2,2:2,3:2,4:2,5:2,6:2,7:2,8:2,9:2,T:8"      # every up card, for charts
EXPLAIN = ["explain", "--variant", "classic_single_deck", "--edge", "0.13", "--workers", "1", "--fix",
           "max_split_hands=2", "resplit_aces=false", "double_after_split=false", "hit_split_aces=true"]
ASSUMPTION_KEYS = {f.name for f in dataclasses.fields(Assumptions)}
ARITHMETIC = {"exact rationals", "floating point"}


def run(argv, capsys):
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


PROGRESS_LINE = re.compile(r"^bjcalc [a-z][\w-]*: .*$\n?", re.M)
"""A progress report on stderr ("bjcalc outcomes: 0/1 distributions, 10 s"): a long command
prints them after 10 s, which a loaded machine can reach; they are not errors."""


def run_ok(argv, capsys) -> str:
    rc, out, err = run(argv, capsys)
    err = PROGRESS_LINE.sub("", err)
    assert (rc, err) == (0, ""), err
    return out


def one_error(argv, capsys) -> str:
    rc, out, err = run(argv, capsys)
    assert rc == 2 and out == "", (rc, out, err)
    assert err.startswith("bjcalc: error: ") and err.count("\n") == 1, err
    return err


# Every command, with cheap arguments: (name, argv, where its assumptions are).
COMMANDS = [
    ("edge", ["edge", "--decks", "1", "--split-hands", "2"], "top"),
    ("edge", ["edge", "--decks", "1", "--split-hands", "2", "--strategy", "TD"], "top"),
    ("edge", ["edge", "--shoe", SMALL, "--exact"], "top"),
    ("edge", ["edge", "--shoe", SMALL, "--split-hands", "2", "--sd", "--exact"], "top"),
    ("hand", ["hand", "--cards", "T,6", "--up", "T", "--decks", "1", "--surrender", "late"], "top"),
    ("hand", ["hand", "--cards", "5,6", "--up", "6", "--shoe", SMALL, "--exact"], "top"),
    ("dealer", ["dealer", "--up", "6", "--decks", "1"], "top"),
    ("dealer", ["dealer", "--up", "A", "--decks", "1", "--peeked", "--exact"], "top"),
    ("insurance", ["insurance", "--cards", "T,T", "--decks", "1"], "top"),
    ("insurance", ["insurance", "--cards", "T,5", "--decks", "2", "--exact"], "top"),
    ("chart", ["chart", "--decks", "1", "--split-hands", "2"], "top"),
    ("chart", ["chart", "--shoe", HALF_DECK, "--split-hands", "2", "--strategy", "CD"], "top"),
    ("eor", ["eor", "--decks", "1", "--split-hands", "2"], "top"),
    ("eor", ["eor", "--shoe", SMALL, "--split-hands", "2", "--play", "reoptimized", "--exact"], "top"),
    ("outcomes", ["outcomes", "--decks", "1", "--split-hands", "2"], "top"),
    ("outcomes", ["outcomes", "--shoe", SMALL, "--split-hands", "2", "--exact", "--insurance", "always"], "top"),
    ("sidebet", ["sidebet", "buster", "--decks", "1", "--eor", "--full"], "top"),
    ("sidebet", ["sidebet", "buster", "--decks", "2", "--model", "player", "--exact"], "top"),
    ("sidebet", ["sidebet", "lucky-lucky", "--decks", "1", "--paytable", "seed,wizard"], "top"),
    ("verify", ["verify", "--only", "nairn-8-8-das"], "figures"),
    ("explain", EXPLAIN, "candidates"),
    ("tables", ["tables", "--only", "classic_single_deck", "--files", "chart.md", "ev.csv"], None),   # (no report)
    ("count", ["count", "--shoe", HALF_DECK, "--split-hands", "2", "--shoes", "2", "--workers", "1"], "top"),
]
IDS = [" ".join(argv)[:50] for _, argv, _ in COMMANDS]


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """Run in a fresh folder (``tables`` writes into ./tables)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _argv(argv, folder):
    return argv + (["--out", "tables"] if argv[0] == "tables" else [])


def _walk(node, path=()):
    """Every (path, key, value) of a JSON tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path, key, value
            yield from _walk(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, path + (i,))


def _check_assumptions(value):
    assert isinstance(value, dict) and set(value) == ASSUMPTION_KEYS, value
    assert all(isinstance(v, str) and v for v in value.values()), value
    assert value["arithmetic"] in ARITHMETIC


def _check_chart(chart):
    assert {"table", "legend", "exceptions", "assumptions"} <= set(chart)
    table, legend = chart["table"], chart["legend"]
    assert any(row.startswith("hard ") for row in table) and any(row.startswith("pair ") for row in table)
    for row, cells in table.items():
        assert list(cells) == ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"], row
        for code in cells.values():
            assert code in legend, (row, code)      # every code is explained
    assert all(isinstance(text, str) and text for text in legend.values())
    assert isinstance(chart["exceptions"], list)
    _check_assumptions(chart["assumptions"])


@pytest.mark.parametrize("name, argv, where", COMMANDS, ids=IDS)
def test_every_command_prints_the_one_json_shape(name, argv, where, capsys, in_tmp):
    """Issue 10 item 7: one JSON shape for every command (``--json``), strict JSON (no NaN or Infinity,
    which strict parsers refuse)."""
    def refuse(constant):
        raise AssertionError(f"{constant} is not JSON")

    out = json.loads(run_ok(_argv(argv, in_tmp) + ["--json"], capsys), parse_constant=refuse)
    assert isinstance(out, dict) and out["command"] == name
    # assumptions: the same object everywhere, where it applies
    if where == "top":
        _check_assumptions(out["assumptions"])
    elif where is not None:
        assert out[where] and all("assumptions" in item for item in out[where])
    found = [value for _, key, value in _walk(out) if key == "assumptions"]
    assert where is None or found
    for value in found:
        _check_assumptions(value)
    exact = "--exact" in argv
    for path, key, value in _walk(out):
        # one arithmetic name, in the assumptions only; percent only in fields that say so
        assert key != "arithmetic" or path[-1:] == ("assumptions",), path
        assert "percent" not in key or key.endswith("_percent"), key
        # exact values in one form, and only with --exact
        if isinstance(value, dict) and "exact" in value:
            assert exact and set(value) == {"exact", "float"}, (path, key, value)
            assert float(Fraction(value["exact"])) == pytest.approx(value["float"], rel=1e-12, abs=1e-300)
    if exact:
        assert any(isinstance(value, dict) and "exact" in value for _, _, value in _walk(out))
    if name in ("edge", "chart"):
        chart = out if name == "chart" else out.get("chart")
        if name == "chart" or "TD" in argv:
            _check_chart(chart)
        else:
            assert "chart" not in out


def test_edge_json_is_in_fractions_of_the_bet_with_the_td_chart(capsys):
    out = json.loads(run_ok(["edge", "--decks", "1", "--split-hands", "2", "--strategy", "TD", "--json"], capsys))
    result = Calculator(Rules(decks=1, max_split_hands=2)).game("TD")
    assert out["ev"] == pytest.approx(float(result.ev), abs=1e-12) and abs(out["ev"]) < 0.01
    assert out["house_edge"] == -out["ev"]
    assert sum(row["contribution"] for row in out["by_upcard"].values()) == pytest.approx(out["ev"], abs=1e-12)
    assert sum(row["probability"] for row in out["by_upcard"].values()) == pytest.approx(1)
    from bjcalc.analysis.charts import chart
    expected = chart(Calculator(Rules(decks=1, max_split_hands=2)), "TD")
    assert out["chart"]["table"] == {row: dict(cells) for row, cells in expected.table.to_dict("index").items()}


def test_chart_json_matches_the_chart_object(capsys):
    """Issue 10 item 6: ``chart --json`` is honoured."""
    from bjcalc.analysis.charts import chart
    out = json.loads(run_ok(["chart", "--shoe", HALF_DECK, "--split-hands", "2", "--strategy", "CD", "--json"],
                            capsys))
    shoe = Shoe.from_counts([2] * 9 + [8])
    expected = chart(Calculator(Rules(max_split_hands=2), shoe=shoe), "CD")
    assert out["table"] == {row: dict(cells) for row, cells in expected.table.to_dict("index").items()}
    legend = expected.legend() if callable(expected.legend) else expected.legend
    assert out["legend"] == dict(legend)
    assert len(out["exceptions"]) == len(expected.exceptions)
    for got, want in zip(out["exceptions"], expected.exceptions.to_dict("records")):
        assert (got["up"], got["hand"], got["cd_action"]) == (want["up"], want["hand"], want["cd_action"])
        assert got["gain"] == pytest.approx(float(want["gain"]), abs=1e-12)


def test_chart_json_and_format_exclude_each_other(capsys):
    assert "--json or --format" in one_error(["chart", "--decks", "1", "--format", "md", "--json"], capsys)


# -- text: 80 columns --------------------------------------------------------------------------
TEXT_COMMANDS = [argv for _, argv, _ in COMMANDS] + [
    ["sidebet", "buster", "--burn20", "--decks", "1", "--remove", "AS,KH"],
    ["chart", "--variant", "burn20", "--decks", "1", "--strategy", "TD"],
    ["edge", "--variant", "no_bust_21st_century", "--decks", "1", "--split-hands", "2"],
    ["verify", "--only", "nairn-8-8-das", "nairn-8-8-no-das"],
]


@pytest.mark.parametrize("argv", TEXT_COMMANDS, ids=[" ".join(a)[:50] for a in TEXT_COMMANDS])
def test_every_command_text_fits_80_columns(argv, capsys, in_tmp):
    """Issue 10 item 9: the rules line ran to 159 columns."""
    out = run_ok(_argv(argv, in_tmp), capsys)
    assert out.strip()
    too_wide = [line for line in out.splitlines() if len(line) > 80]
    assert too_wide == []


def _parsers(parser):
    """``parser`` and every command's and sub-command's parser under it."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                yield from _parsers(child)


def test_every_option_of_every_command_has_help():
    """Issue 10 item 9: every action of every subparser has help text (the hidden ones
    are the flags a command refuses)."""
    seen = 0
    for parser in _parsers(build_parser()):
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            seen += 1
            if isinstance(action, _Refuse):
                assert action.help == argparse.SUPPRESS
                continue
            assert action.help and action.help != argparse.SUPPRESS, (parser.prog, action.option_strings)
    assert seen > 100


@pytest.mark.parametrize("argv", [[], ["edge"], ["hand"], ["dealer"], ["insurance"], ["chart"], ["eor"], ["outcomes"], ["report"],
                                  ["tables"], ["verify"], ["explain"], ["count"], ["sidebet"], ["sidebet", "buster"],
                                  ["sidebet", "lucky-lucky"]], ids=lambda a: " ".join(a) or "bjcalc")
def test_every_help_fits_80_columns(argv, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(argv + ["--help"])
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if len(line) > 80] == []
    if argv != ["explain"]:     # (explain --fix names the rules as Rules fields: its RULE=VALUE syntax)
        assert not re.search(r"\b(max_split_hands|blackjack_pays|max_hand_cards|must_hit_below)\b", out)


# -- the words of the output --------------------------------------------------------------------
def test_a_positive_result_reads_player_edge(capsys):
    out = run_ok(["edge", "--decks", "1", "--split-hands", "2"], capsys)
    assert "player edge 0.153120 %" in out and "house edge -" not in out
    out = run_ok(["edge", "--decks", "2", "--h17"], capsys)
    assert re.search(r"house edge 0\.\d{6} %", out) and "player edge" not in out


def test_insurance_prints_its_rules_shoe_and_dealer_blackjack(capsys):
    out = run_ok(["insurance", "--cards", "T,T", "--decks", "1"], capsys)
    assert "P(dealer blackjack) 0.285714286" in out            # 14 tens among the 49 unseen cards
    assert "rules: insurance: half the initial bet, pays 2:1" in out and "shoe: 1 deck" in out
    data = json.loads(run_ok(["insurance", "--cards", "T,5", "--decks", "2", "--exact", "--json"], capsys))
    assert Fraction(data["dealer_blackjack"]["exact"]) == Fraction(31, 101)
    assert Fraction(data["insurance_ev"]["exact"]) == Fraction(1, 2) * (3 * Fraction(31, 101) - 1)


def test_dealer_prints_the_bust_totals(capsys):
    out = run_ok(["dealer", "--up", "6", "--decks", "1"], capsys)
    series = Calculator(Rules(decks=1)).dealer("6")
    for total, p in series.attrs["bust_totals"].items():
        assert f"bust {total} {float(p):.9f}" in out
    assert "rules: the dealer stands on soft 17" in out


@pytest.mark.parametrize("command", [["dealer", "--up", "6"], ["insurance", "--cards", "T,T"]])
@pytest.mark.parametrize("flag", [["--split", "CDP"], ["--strategy", "TD"], ["--surrender", "late"], ["--das"],
                                  ["--split-hands", "4"], ["--bj", "6:5"], ["--hole-card", "enhc"]])
def test_dealer_and_insurance_refuse_flags_that_do_not_apply(command, flag, capsys):
    err = one_error(command + flag, capsys)
    assert f"{flag[0]} does not apply to 'bjcalc {command[0]}'" in err and f"bjcalc {command[0]} --help" in err


def test_dealer_takes_the_flags_that_change_it(capsys):
    out = json.loads(run_ok(["dealer", "--up", "T", "--variant", "burn20", "--h17", "--decks", "1", "--json"],
                            capsys))
    expected = Calculator(variants.burn20(decks=1, dealer_hits_soft_17=True)).dealer("T")
    assert out["probabilities"]["bust"] == pytest.approx(float(expected["bust"]), abs=1e-12)
    assert "Burn 20" in out["assumptions"]["rules"] and "hits soft 17" in out["assumptions"]["rules"]
    one_error(["insurance", "--cards", "T,T", "--h17"], capsys)


@pytest.mark.parametrize("argv, flag, field", [
    (["--split-hands", "0"], "--split-hands", "max_split_hands"),
    (["--split-hands", "2", "--rsa"], "--rsa", "resplit_aces"),
    (["--split", "optimal", "--split-hands", "3"], "--split-hands 2", "max_split_hands"),
    (["--bj", "x"], "--bj", "blackjack_pays"),
    (["--double", "9-11", "--double-split-aces"], "--double 9-11", "double_on"),
    (["--max-cards", "1"], "--max-cards", "None"),
])
def test_errors_name_the_command_line_flags(argv, flag, field, capsys):
    """Issue 10 item 9: errors name CLI flags, not Python fields."""
    err = one_error(["hand", "--cards", "T,6", "--up", "6"] + argv, capsys)
    assert flag in err and field not in err, err


# -- custom shoes (item 8) ----------------------------------------------------------------------
def test_remove_named_cards_from_whole_decks(capsys):
    out = json.loads(run_ok(["edge", "--decks", "1", "--split-hands", "2", "--remove", "A,A,5,T", "--json"], capsys))
    counts = [2, 4, 4, 4, 3, 4, 4, 4, 4, 3, 4, 4, 4]
    expected = Calculator(Rules(decks=1, max_split_hands=2), shoe=Shoe(tuple(counts))).game()
    assert out["ev"] == pytest.approx(float(expected.ev), abs=1e-12)
    assert out["assumptions"]["shoe"] == "1 deck less A,A,5,T (48 cards)"
    assert out["assumptions"]["rules"].startswith("custom shoe, S17")
    assert "no 5 left" in one_error(["edge", "--decks", "1", "--remove", "5,5,5,5,5"], capsys)
    assert "not a card" in one_error(["edge", "--decks", "1", "--remove", "Z"], capsys)


def test_footer_never_contradicts_itself(capsys):
    out = run_ok(["edge", "--variant", "classic_single_deck", "--shoe", SMALL], capsys)
    rules = next(line for line in out.splitlines() if line.startswith("rules: "))
    assert rules.startswith("rules: custom shoe,") and "1 deck" not in out.split("shoe: ")[0]
    assert "shoe: A:4 5:8 6:8 T:16 (36 cards)" in out
    assert "not both" in one_error(["edge", "--decks", "1", "--shoe", SMALL], capsys)
    out = run_ok(["chart", "--decks", "1", "--split-hands", "2", "--remove", "A"], capsys)
    assert "rules: custom shoe," in out and "1 deck less A (51 cards)" in out


def test_suited_custom_shoe_for_burn20(capsys):
    unique = ["AS", "AH", "KS", "TH", "QD", "JC", "5S", "6H", "7D", "8C", "9S", "2H", "3D", "4C"]
    cards, text = unique * 4, ",".join(f"{card}:4" for card in unique)
    out = json.loads(run_ok(["edge", "--variant", "burn20", "--split-hands", "2", "--shoe", text, "--json"], capsys))
    shoe = Shoe.from_cards(cards)
    expected = Calculator(variants.burn20(max_split_hands=2), shoe=shoe).game()
    assert out["ev"] == pytest.approx(float(expected.ev), abs=1e-12)
    # without suits Burn 20 cannot tell the same-suit ace: refused with a message
    err = one_error(["edge", "--variant", "burn20", "--shoe", "A:8,T:16,5:8,6:8"], capsys)
    assert "suits" in err
    assert "a mix" in one_error(["edge", "--variant", "burn20", "--shoe", "AS:4,T:16"], capsys)


def test_side_bets_take_shoe_and_remove(capsys):
    out = json.loads(run_ok(["sidebet", "buster", "--decks", "2", "--remove", "5,5,T", "--json"], capsys))
    expected = buster_blackjack(Shoe.decks(2).without("5,5,T"))
    assert out["results"][0]["house_edge"] == pytest.approx(float(expected.house_edge), abs=1e-12)
    assert out["assumptions"]["shoe"] == "2 decks less 5,5,T (101 cards)"
    out = json.loads(run_ok(["sidebet", "lucky-lucky", "--shoe", "7S:3,7H:3,6S:2,8S:2,TD:8", "--json"], capsys))
    shoe = Shoe.from_cards(["7S"] * 3 + ["7H"] * 3 + ["6S"] * 2 + ["8S"] * 2 + ["TD"] * 8)
    assert out["combinations"] == LuckyLucky().combinations(shoe) and out["combinations"]["suited 777"] == 2
    assert "suits" in one_error(["sidebet", "lucky-lucky", "--remove", "7,7"], capsys)
    assert "not both" in one_error(["sidebet", "buster", "--decks", "2", "--shoe", SMALL], capsys)


# -- explain --fix (item 5) ---------------------------------------------------------------------
@pytest.mark.parametrize("fix, words", [
    ("max_split_hands=two", "max_split_hands takes a whole number"),
    ("split_hands=2", "'split_hands' is not a rule"),
    ("hole_card=foo", "hole_card takes one of peek, enhc, enhc_obo"),
    ("dealer_hits_soft_17=yes", "dealer_hits_soft_17 takes true or false"),
    ("resplit_aces=1", "resplit_aces takes true or false"),
    ("decks", "RULE=VALUE"),
    ("max_split_hands=9", "max_split_hands must be a whole number from 1"),
])
def test_explain_fix_is_validated_like_the_rule_flags(fix, words, capsys):
    err = one_error(["explain", "--variant", "burn20", "--edge", "0.74", "--fix", fix], capsys)
    assert words in err and "open rules of burn20: decks (4, 6, 8)" in err, err


def test_explain_fix_refuses_rules_the_card_states_and_impossible_sets(capsys):
    err = one_error(["explain", "--variant", "classic_single_deck", "--edge", "0.13", "--fix",
                     "dealer_hits_soft_17=true"], capsys)
    assert "stated by the card" in err and "hit_split_aces (false, true)" in err
    err = one_error(["explain", "--variant", "burn20", "--edge", "0.74", "--fix", "max_split_hands=2",
                     "resplit_aces=true"], capsys)
    assert "resplit_aces=True needs max_split_hands of 3 or 4" in err
    assert "twice" in one_error(["explain", "--variant", "burn20", "--edge", "0.74", "--fix", "decks=4",
                                 "decks=6"], capsys)
    assert "--edge" in one_error(["explain", "--variant", "burn20", "--edge", "abc"], capsys)


def test_explain_help_lists_the_fixable_rules(capsys):
    with pytest.raises(SystemExit):
        main(["explain", "--help"])
    out = capsys.readouterr().out
    for preset in ("burn20", "burn20_las_vegas", "classic_single_deck", "no_bust_21st_century", "standard"):
        assert f"  {preset}: " in out
    assert "bust_push (three_card_23_25, three_card_25_v_26, three_card_lower)" in " ".join(out.split())


# -- progress (item 10) -------------------------------------------------------------------------
def test_progress_writes_a_line_periodically_when_not_a_terminal():
    stream = io.StringIO()
    report = Progress("demo", "steps", stream=stream, terminal=False, interval=0.01)
    seen = []
    for item in report(iter(range(4)), total=4):
        time.sleep(0.05)
        seen.append(item)
    lines = stream.getvalue().splitlines()
    assert seen == [0, 1, 2, 3]
    assert len(lines) >= 3 and all(line.startswith("bjcalc demo: ") for line in lines)
    assert re.fullmatch(r"bjcalc demo: \d/4 steps, \d+ s", lines[0])
    assert re.fullmatch(r"bjcalc demo: done, 4/4 steps in \d+ s", lines[-1])


def test_progress_is_silent_for_quick_runs_and_when_quiet():
    stream = io.StringIO()
    assert list(Progress("demo", stream=stream, terminal=False, interval=60)(range(3))) == [0, 1, 2]
    assert list(Progress("demo", stream=stream, terminal=False, interval=0.001, enabled=False)(range(3))) == [0, 1, 2]
    assert stream.getvalue() == ""


def test_progress_draws_a_bar_on_a_terminal():
    stream = io.StringIO()
    report = Progress("demo", "steps", stream=stream, terminal=True, delay=0.0)
    for _ in report(range(3), total=3):
        time.sleep(0.6)
    assert "bjcalc demo" in stream.getvalue() and "/3" in stream.getvalue()


@pytest.mark.parametrize("argv", [["verify", "--only", "nairn-8-8-das"], EXPLAIN,
                                  ["edge", "--decks", "1", "--split-hands", "2"],
                                  ["chart", "--decks", "1", "--split-hands", "2"],
                                  ["outcomes", "--decks", "1", "--split-hands", "2"],
                                  # (1 deck: each step lasts long enough for a report; the tiny shoe's SD
                                  # could end before the first one, and 'done' follows a report)
                                  ["edge", "--sd", "--decks", "1", "--split-hands", "2"]],
                         ids=["verify", "explain", "edge", "chart", "outcomes", "edge-sd"])
def test_long_commands_report_progress_on_stderr_unless_quiet(argv, capsys, monkeypatch):
    """(``edge --sd --exact`` used to be silent for the minute its SD took after the game.)"""
    import bjcalc.core.progress
    monkeypatch.setattr(bjcalc.core.progress, "NON_TERMINAL_INTERVAL", 0.001)
    if argv[0] == "verify":     # (its one figure can come from a cache an earlier test filled: no time to report)
        import dataclasses
        import time

        import bjcalc.analysis.published as published

        def slow(compute):
            return lambda strategy: time.sleep(0.05) or compute(strategy)

        every = published.figures
        monkeypatch.setattr(published, "figures",
                            lambda: [dataclasses.replace(f, compute=slow(f.compute)) for f in every()])
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert re.search(rf"^bjcalc {argv[0]}: ", err, re.M) and "done, " in err, err
    if "--sd" in argv:
        assert re.search(r"^bjcalc edge --sd: done, 10/10 up cards", err, re.M), err
    assert main(argv + ["--quiet"]) == 0
    assert capsys.readouterr().err == ""


# -- the documentation's command line and JSON pages ---------------------------------------------
def test_the_docs_document_every_command_and_the_json_shape():
    cli = (ROOT / "docs" / "guide" / "cli.md").read_text()
    for command in ("edge", "hand", "dealer", "insurance", "chart", "eor", "outcomes", "report", "tables",
                    "verify", "explain", "count", "sidebet"):
        assert f"bjcalc {command}" in cli, command
    json_page = (ROOT / "docs" / "guide" / "json.md").read_text()
    for word in ("assumptions", "_percent", '"exact"', "command") + tuple(ASSUMPTION_KEYS):
        assert word in json_page, word
    for command in ("edge", "hand", "dealer", "insurance", "chart", "eor", "outcomes", "count", "tables", "sidebet",
                    "verify", "explain"):
        assert f"| `{command}` |" in json_page, command


def test_edge_sd_is_the_distributions():
    """``bjcalc edge --sd`` puts the round's SD in its summary line: the one ``outcomes`` gives."""
    from bjcalc.cli import build_parser, run

    argv = ["--shoe", SMALL, "--split-hands", "2", "--quiet"]
    summary = [line for line in run(build_parser().parse_args(["edge", *argv, "--sd"])).splitlines()
               if line.startswith("EV ")][0]
    sd = json.loads(run(build_parser().parse_args(["outcomes", *argv, "--json"])))["sd"]
    assert summary.endswith(f"SD {sd:.4f}")
    plain = run(build_parser().parse_args(["edge", *argv]))
    assert "SD" not in plain.split("rules:")[0]     # (no "SD: see --sd" on every run)


def test_an_exact_runs_sd_is_a_float_in_outcomes_as_in_edge(capsys):
    """(``outcomes --exact --json`` gave the SD, a square root, as {"exact": "1.26...", ...}.)"""
    argv = ["--shoe", "A:4,5:8,6:8,T:16", "--split-hands", "2", "--exact", "--json", "--quiet"]
    outcomes = json.loads(run_ok(["outcomes", *argv], capsys))
    edge = json.loads(run_ok(["edge", "--sd", *argv], capsys))
    assert isinstance(outcomes["sd"], float) and outcomes["sd"] == edge["sd"]
    assert Fraction(outcomes["variance"]["exact"]) == Fraction(edge["variance"]["exact"])


def test_eor_on_a_shoe_without_aces_gives_its_effects_and_no_insurance_correlation(capsys):
    """(It refused with "insurance needs an ace up", which the effects do not need.)"""
    out = json.loads(run_ok(["eor", "--shoe", "6:20,T:20", "--json", "--quiet"], capsys))
    assert out["effects"]["A"] is None and out["effects"]["6"] > 0 > out["effects"]["T"]
    assert all(count["insurance_correlation"] is None for count in out["counts"].values())


def test_every_command_takes_quiet_so_a_script_may_pass_it_to_all(capsys):
    """``--quiet`` is a flag of every command and sub-command (``sidebet --quiet buster`` too;
    those without a progress report take it as doing nothing), and it changes nothing they print."""
    commands = {parser.prog: parser for parser in _parsers(build_parser()) if parser.prog != "bjcalc"}
    assert {"bjcalc dealer", "bjcalc sidebet", "bjcalc sidebet buster"} <= set(commands)
    assert [prog for prog, p in commands.items() if not any("--quiet" in a.option_strings for a in p._actions)] == []
    for words in (["dealer", "--up", "6", "--decks", "1"], ["insurance", "--cards", "T,T", "--decks", "2"]):
        assert run_ok(words + ["--quiet"], capsys) == run_ok(words, capsys)


def test_an_install_without_the_compiled_kernel_says_so_in_one_line(monkeypatch, capsys):
    """(numpy's numbers equal the kernel's to 1e-12: the registry battery checks it)"""
    from bjcalc.cli import main
    from bjcalc.engine import _kernels

    assert main(["edge", "--decks", "1", "--split-hands", "2", "--json"]) == 0
    built = capsys.readouterr()
    monkeypatch.delenv("BJCALC_NO_KERNEL", raising=False)
    monkeypatch.setattr(_kernels, "available", lambda: False)
    assert main(["edge", "--decks", "1", "--split-hands", "2", "--json"]) == 0
    without = capsys.readouterr()
    assert abs(json.loads(without.out)["ev"] - json.loads(built.out)["ev"]) < 1e-12 and built.err == ""
    assert len(without.err.splitlines()) == 1 and "no compiled kernel" in without.err
    monkeypatch.setenv("BJCALC_NO_KERNEL", "1")           # (asked for: nothing to say)
    assert main(["edge", "--decks", "1", "--split-hands", "2", "--json"]) == 0 and capsys.readouterr().err == ""
