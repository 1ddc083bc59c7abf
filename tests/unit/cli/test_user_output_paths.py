"""Where the commands write, one rule for all (bjcalc.cli.paths): missing folders are created, a
suffix the command does not write is refused naming those it does, a path that cannot be written
is refused in one line before any work, an OS error at write time is one line too.  And the count
command's own words: one lookup of count names for ``count`` and ``eor``, ``--penetration 1``
refused as ambiguous, progress that never passes its total; ``report`` on a terminal writes a
file instead of printing a page of HTML."""

from __future__ import annotations

import json
import os
import re

import pytest

import bjcalc.analysis.charts
import bjcalc.analysis.report
import bjcalc.analysis.tables
import bjcalc.cli.count
import bjcalc.cli.report
import bjcalc.core.progress
from bjcalc import Rules
from bjcalc.analysis.counting import SYSTEMS, count_system
from bjcalc.analysis.simulate import simulate
from bjcalc.cli import build_parser, main
from bjcalc.cli.paths import MADE
from bjcalc.core.errors import BjcalcError

COUNT = ["count", "--decks", "1", "--split-hands", "2", "--shoes", "2", "--workers", "1", "--quiet",
         "--values", "none"]
CHART = ["chart", "--decks", "1", "--split-hands", "2", "--quiet"]
TABLES = ["tables", "--only", "classic_single_deck", "--files", "chart.md", "--quiet", "--workers", "1"]
UNWRITABLE = "/proc/bjcalc-no-such-place"      # (a place no one, not even root, can make a folder in)


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def no_work(monkeypatch):
    """Every long computation of the writing commands fails the test if it starts."""
    def refuse(*args, **kwargs):
        raise AssertionError("the work started before the output path was checked")
    monkeypatch.setattr(bjcalc.cli.count, "simulate", refuse)
    monkeypatch.setattr(bjcalc.analysis.charts, "chart", refuse)
    monkeypatch.setattr(bjcalc.analysis.tables, "generate_tables", refuse)
    monkeypatch.setattr(bjcalc.analysis.report, "report", refuse)


class _FakeReport:
    seconds = 0.0

    def html(self):
        return "<html>page</html>"

    def markdown(self):
        return "# page"


@pytest.fixture
def quick_report(monkeypatch):
    """``report`` computed instantly (its CLI is what is tested here)."""
    monkeypatch.setattr(bjcalc.analysis.report, "report", lambda *args, **kwargs: _FakeReport())


def _one_line_error(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and err.startswith("bjcalc: error: "), err
    return err


# -- one rule: missing folders are created, for every command that writes ------------------------
def test_count_out_into_a_missing_folder_creates_it(here, capsys):
    assert main(COUNT + ["--out", "nodir/deeper/r.csv"]) == 0
    assert "rounds written to nodir/deeper/r.csv" in capsys.readouterr().out
    assert (here / "nodir" / "deeper" / "r.csv").read_text().startswith("shoe,round,")


def test_count_plot_into_a_missing_folder_creates_it(here, capsys):
    pytest.importorskip("matplotlib")
    assert main(COUNT + ["--plot", "pics/p.svg"]) == 0
    assert (here / "pics" / "p.svg").read_text().lstrip().startswith("<?xml")


def test_chart_and_tables_into_missing_folders_create_them(here, capsys):
    assert main(CHART + ["--out", "charts/new/c.md"]) == 0
    assert (here / "charts" / "new" / "c.md").read_text().startswith("# Basic strategy")
    assert main(TABLES + ["--out", "a/b/tables"]) == 0
    assert (here / "a" / "b" / "tables" / "classic_single_deck" / "chart.md").is_file()


def test_report_into_a_missing_folder_creates_it(here, capsys, quick_report):
    assert main(["report", "--out", "nodir2/r.html", "--quiet"]) == 0     # (it was refused)
    assert (here / "nodir2" / "r.html").read_text() == "<html>page</html>"


@pytest.mark.parametrize("command", [["chart"], ["tables"], ["report"], ["count"]])
def test_each_writing_command_says_the_rule_in_its_help(command, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")        # (the phrase on one line)
    with pytest.raises(SystemExit):
        main(command + ["--help"])
    out = capsys.readouterr().out
    flags = ("--out", "--plot") if command == ["count"] else ("--out",)
    for flag in flags:
        line = next(line for line in out.splitlines() if line.strip().startswith(flag + " "))
        assert MADE in line, line


# -- refused before any work, in one line ------------------------------------------------------------
@pytest.mark.parametrize("argv, words", [
    (COUNT + ["--out", "r.txt"], "--out r.txt: the file must be named .csv or .parquet"),
    (COUNT + ["--out", "r"], "the file must be named .csv or .parquet"),
    (COUNT + ["--plot", "p.txt"], "--plot p.txt: the file must be named .png, .svg or .pdf"),
    (CHART + ["--out", "c.pdf"], "--out c.pdf: the file must be named .md, .markdown, .csv, .html, .htm or .txt"),
    (CHART + ["--json", "--out", "c.md"], "the file must be named .json"),
    (["report", "--out", "r.pdf"], "--out r.pdf: the file must be named .html, .htm, .md or .markdown"),
], ids=["count-out", "count-out-bare", "count-plot", "chart-pdf", "chart-json", "report-pdf"])
def test_a_suffix_the_command_does_not_write_is_refused_naming_those_it_does(argv, words, here, capsys, no_work):
    assert words in _one_line_error(capsys, argv)
    assert list(here.iterdir()) == []         # (nothing written, no folder made)


@pytest.mark.parametrize("argv", [
    COUNT + ["--out", "afolder.csv"], COUNT + ["--plot", "afolder.csv"],
    CHART + ["--out", "afolder.csv"], ["report", "--out", "afolder.html"],
], ids=["count-out", "count-plot", "chart", "report"])
def test_a_folder_where_a_file_is_wanted_is_refused_before_the_work(argv, here, capsys, no_work):
    (here / "afolder.csv").mkdir()
    (here / "afolder.html").mkdir()
    assert "is a folder: name a file in it" in _one_line_error(capsys, argv)


@pytest.mark.parametrize("argv", [
    COUNT + ["--out", "afile/r.csv"], COUNT + ["--plot", "afile/p.png"], CHART + ["--out", "afile/c.md"],
    ["report", "--out", "afile/r.html"], TABLES + ["--out", "afile/sub"],
], ids=["count-out", "count-plot", "chart", "report", "tables"])
def test_a_file_where_a_folder_is_wanted_is_refused_before_the_work(argv, here, capsys, no_work):
    (here / "afile").write_text("mine")
    assert "afile is a file, not a folder" in _one_line_error(capsys, argv)
    assert (here / "afile").read_text() == "mine"


def test_tables_into_an_existing_file_is_refused_before_the_work(here, capsys, no_work):
    (here / "afile").write_text("mine")
    err = _one_line_error(capsys, TABLES + ["--out", "afile"])
    assert "--out afile is a file: name a folder" in err and (here / "afile").read_text() == "mine"


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc (Linux)")
@pytest.mark.parametrize("argv", [
    COUNT + ["--out", f"{UNWRITABLE}/r.csv"], COUNT + ["--plot", f"{UNWRITABLE}/p.png"],
    CHART + ["--out", f"{UNWRITABLE}/c.md"], ["report", "--out", f"{UNWRITABLE}/r.html"],
    TABLES + ["--out", UNWRITABLE], TABLES + ["--out", "/proc/xyz"],
], ids=["count-out", "count-plot", "chart", "report", "tables", "tables-proc-xyz"])
def test_a_place_that_cannot_be_written_is_refused_before_the_work(argv, capsys, no_work):
    assert "cannot write" in _one_line_error(capsys, argv)


def test_an_os_error_while_writing_the_rounds_is_one_line(here, capsys, monkeypatch):
    """The path was fine when checked, then a folder took the file's place during the run."""
    real = simulate

    def meanwhile(*args, **kwargs):
        result = real(*args, **kwargs)
        (here / "out" / "r.csv").mkdir()
        return result
    monkeypatch.setattr(bjcalc.cli.count, "simulate", meanwhile)
    err = _one_line_error(capsys, COUNT + ["--out", "out/r.csv"])
    assert "cannot write out/r.csv" in err


def test_parquet_without_pyarrow_is_refused_before_the_work(here, capsys, no_work, monkeypatch):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("pyarrow", "fastparquet") else real(name, *a))
    assert "needs pyarrow" in _one_line_error(capsys, COUNT + ["--out", "r.parquet"])


# -- report: no page of HTML on a terminal ----------------------------------------------------------
def test_report_on_a_terminal_writes_a_file_named_after_the_game(here, capsys, quick_report, monkeypatch):
    monkeypatch.setattr(bjcalc.cli.report, "_stdout_is_terminal", lambda: True)
    assert main(["report", "--variant", "burn20", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("wrote burn20-report.html (html, ") and "<html>" not in out
    assert (here / "burn20-report.html").read_text() == "<html>page</html>"
    assert main(["report", "--decks", "2", "--format", "md", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("wrote standard-custom-report.md (md, ")
    assert (here / "standard-custom-report.md").read_text() == "# page"
    assert main(["report", "--out", "-", "--quiet"]) == 0            # asked for: printed
    assert capsys.readouterr().out == "<html>page</html>\n"


def test_report_piped_or_redirected_prints_the_page(here, capsys, quick_report, monkeypatch):
    monkeypatch.setattr(bjcalc.cli.report, "_stdout_is_terminal", lambda: False)
    assert main(["report", "--quiet"]) == 0
    assert capsys.readouterr().out == "<html>page</html>\n" and list(here.iterdir()) == []


# -- count names: one lookup for count and eor ------------------------------------------------------
@pytest.mark.parametrize("spelling, name", [
    ("Hi-Lo", "Hi-Lo"), ("hilo", "Hi-Lo"), ("HI LO", "Hi-Lo"), ("halves", "Wong Halves"),
    ("wong-halves", "Wong Halves"), ("wonghalves", "Wong Halves"), ("hiopt2", "Hi-Opt II"),
    ("Hi-Opt II", "Hi-Opt II"), ("omega2", "Omega II"), ("KO", "KO"), ("red7", "Red 7"), ("Hi-Opt I", "Hi-Opt I"),
])
def test_count_and_eor_take_the_same_count_names(spelling, name):
    parser = build_parser()
    assert parser.parse_args(["count", "--shoes", "1", "--system", spelling]).system == name
    assert count_system(spelling).name == name           # (what eor --indices looks up)


def test_an_unknown_count_lists_the_names_the_commands_take(capsys):
    for argv in (["count", "--shoes", "1", "--system", "hilow"], ["eor", "--decks", "1", "--indices", "hilow"]):
        err = _one_line_error(capsys, argv)
        assert "unknown count 'hilow'" in err and "hilo (Hi-Lo)" in err and "halves (Wong Halves)" in err


def test_the_balanced_count_hint_names_counts_that_are_taken(capsys):
    with pytest.raises(BjcalcError, match="unbalanced") as caught:
        simulate(Rules(decks=1, max_split_hands=2), shoes=1, system="ko", indices=True, workers=1, progress=None)
    named = re.findall(r"(\w+) \(([^)]+)\)", str(caught.value).split("balanced count:")[1])
    assert {short for short, _ in named} >= {"hilo", "halves", "zen"}
    for short, full in named:
        assert count_system(short) is SYSTEMS[full] and SYSTEMS[full].balanced
        assert build_parser().parse_args(["count", "--shoes", "1", "--system", short]).system == full
    assert "halves (Wong Halves)" in _one_line_error(capsys, ["eor", "--decks", "1", "--indices", "ko"])


def test_count_runs_with_a_display_name(capsys):
    assert main(COUNT + ["--system", "Hi-Lo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["system"] == "Hi-Lo"


# -- --penetration 1 is ambiguous ---------------------------------------------------------------------
@pytest.mark.parametrize("value", ["1", "1.0"])
def test_penetration_one_is_refused_as_ambiguous(value, capsys, no_work):
    err = _one_line_error(capsys, ["count", "--shoes", "1", "--penetration", value])
    assert "penetration 1 is ambiguous" in err and "0.75" in err and "2 or more (52)" in err


def test_penetration_one_is_refused_in_python_too():
    with pytest.raises(BjcalcError, match="penetration 1 is ambiguous"):
        simulate(Rules(decks=1, max_split_hands=2), shoes=1, penetration=1, workers=1, progress=None)


@pytest.mark.parametrize("value, taken", [("0.75", 0.75), (".5", 0.5), ("75%", 0.75), ("2", 2), ("52", 52)])
def test_penetration_fractions_percentages_and_cards_behind(value, taken):
    assert build_parser().parse_args(["count", "--shoes", "1", "--penetration", value]).penetration == taken


@pytest.mark.parametrize("value", ["0", "0%", "1.5", "-0.5", "nan", "inf", "52.5", "100%"])
def test_other_penetrations_are_refused_in_one_line(value, capsys, no_work):
    err = _one_line_error(capsys, ["count", "--shoes", "1", "--penetration", value])
    assert "--penetration" in err and "ambiguous" not in err      # (100 % is out of range, not ambiguous)


# -- progress never passes its total ---------------------------------------------------------------
def _counting_progress(log):
    def progress(iterable, total=None, desc=""):
        done = 0
        for item in iterable:
            done += 1
            yield item
        log.append((done, total))
    return progress


@pytest.mark.parametrize("size", [dict(rounds=200), dict(rounds=7), dict(shoes=3)])
def test_progress_counts_what_was_asked_for_and_no_more(size):
    log = []
    sim = simulate(Rules(decks=1, max_split_hands=2), workers=1, values="none", progress=_counting_progress(log),
                   **size)
    assert log and all(done <= total for done, total in log), log
    wanted = size.get("rounds", size.get("shoes"))
    assert sum(done for done, _ in log) == wanted
    assert len(sim.frame) == size["rounds"] if "rounds" in size else sim.frame["shoe"].nunique() == 3


def test_the_count_command_reports_rounds_up_to_the_total(capsys, monkeypatch):
    monkeypatch.setattr(bjcalc.core.progress, "NON_TERMINAL_INTERVAL", 0.0005)
    # (a line as soon as the ticker runs: on a loaded machine its thread may first run when the
    # quick count is over, and a run that said nothing ends without a "done" line)
    run = bjcalc.core.progress._Ticker.run

    def run_saying_first(self):
        self._line(f"{self._count()}, 0 s")
        run(self)

    monkeypatch.setattr(bjcalc.core.progress._Ticker, "run", run_saying_first)
    argv = [a for a in COUNT if a != "--quiet"]
    argv[argv.index("--shoes"):argv.index("--shoes") + 2] = ["--rounds", "60"]
    assert main(argv) == 0
    err = capsys.readouterr().err
    counts = [(int(a), int(b)) for a, b in re.findall(r"(\d+)/(\d+) rounds", err)]
    assert counts and all(a <= b == 60 for a, b in counts), err
    assert re.search(r"^bjcalc count: done, 60/60 rounds", err, re.M), err


def test_a_refused_command_makes_no_folder(here, capsys, no_work, monkeypatch):
    """(A format clash, or a plot without matplotlib, was refused after the missing folder was made.)"""
    _one_line_error(capsys, ["chart", "--format", "md", "--out", "newdir/c.html"])
    monkeypatch.setattr(bjcalc.cli.count, "_importable", lambda *modules: False)
    _one_line_error(capsys, ["count", "--shoes", "1", "--plot", "plotdir/p.png"])
    assert not (here / "newdir").exists() and not (here / "plotdir").exists()
