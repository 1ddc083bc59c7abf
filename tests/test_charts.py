"""Strategy charts, CD exceptions, EV tables, renderings and the generated tables/ folder."""

import argparse
import functools
from io import StringIO
from pathlib import Path

import pandas as pd
import pytest

from bjcalc import Calculator, Rules
from bjcalc.analysis.charts import (COLOURS, UPS, cell_alternatives, chart, edge_sweep, ev_table, generate_tables,
                                    hand_label, plot_edges, resolve, table_sets, tables_index, td_ev_table,
                                    tty_progress, two_card_hands)
from bjcalc.cli.charts import add_chart_parsers, run_chart, run_tables
from bjcalc.game.strategy import TotalDependentStrategy, total_dependent_game
from bjcalc.game.variants import PRESETS
from test_strategy import _published

TABLES = Path(__file__).resolve().parent.parent / "tables"
PRESET_NAMES = sorted(PRESETS)


@functools.lru_cache(maxsize=None)
def small(preset: str) -> Calculator:
    """The preset with one deck and at most two hands: every chart cell is then exactly a best reply."""
    return Calculator(PRESETS[preset](decks=1, max_split_hands=2, resplit_aces=False))


@functools.lru_cache(maxsize=None)
def td_result(preset: str):
    return small(preset).game("TD")


@functools.lru_cache(maxsize=None)
def cd_chart(preset: str):
    return chart(small(preset), "CD")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_td_chart_cell_is_the_argmax_of_its_ev_table(preset):
    # td_ev_table: the game EV given the up card when one cell reads another code, all else as charted.
    calc = small(preset)
    table = td_ev_table(calc, result=td_result(preset))
    assert set(table["up"]) == set(UPS)
    for (up, row), group in table.groupby(["up", "row"]):
        chosen = group[group["chosen"]]
        assert len(chosen) == 1 and chosen["code"].iloc[0] == td_result(preset).strategy.chart().loc[row, up]
        others = group[~group["chosen"]]
        if len(others):
            assert others["ev"].max() <= chosen["ev"].iloc[0] + 1e-12, (up, row, group.values.tolist())


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_chart_is_the_td_strategy_and_plays_to_its_ev(preset):
    calc, result = small(preset), td_result(preset)
    drawn = cd_chart(preset)
    assert drawn.resolved().equals(result.strategy.chart())     # Ph/Ps/Pd read as P under DAS
    replay = total_dependent_game(calc, TotalDependentStrategy.from_chart(drawn.table,
                                                                          das=calc.rules.double_after_split))
    assert replay.ev == pytest.approx(result.ev, abs=1e-12)
    assert drawn.ev["TD"] == pytest.approx(result.ev, abs=1e-15) and drawn.ev["CD"] >= drawn.ev["TD"] - 1e-12


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_cd_exceptions_gain_what_they_state_and_no_two_card_hand_is_missing(preset):
    calc, drawn = small(preset), cd_chart(preset)
    table, exceptions = drawn.resolved(), drawn.exceptions
    assert list(exceptions.columns)[:4] == ["up", "hand", "cards", "row"]
    for r in exceptions.itertuples(index=False):
        values = calc.hand(r.hand, r.up)
        assert r.chart_action == resolve(drawn.table.loc[r.row, r.up] if r.row in table.index else r.chart, values)
        assert r.cd_action == max(values, key=values.get)
        assert values[r.cd_action] - values[r.chart_action] == pytest.approx(r.gain, abs=1e-12)
        assert r.gain > 1e-9 and r.cards == len(r.hand.split(","))
    listed = {(r.up, r.hand) for r in exceptions.itertuples(index=False)}
    for up in UPS:
        for hand in two_card_hands():
            label = hand_label(hand)
            if (up, label) in listed:
                continue
            values = calc.hand(label, up)
            pair = hand[0] == hand[1] and calc.rules.splits
            row = f"pair {label}" if pair else drawn_row(hand)
            if row not in table.index:
                continue
            action = resolve(table.loc[row, up], values)
            assert values[action] >= max(values.values()) - 1e-9, (up, label, row, values)


def drawn_row(hand):
    total = sum(hand)
    soft = 1 in hand and total + 10 <= 21
    return f"{'soft' if soft else 'hard'} {total + 10 if soft else total}"


def test_preset_charts_differ_and_respect_forced_plays():
    standard, burn20, no_bust = (cd_chart(p).table for p in ("standard", "burn20", "no_bust_21st_century"))
    assert not standard.equals(burn20) and not standard.equals(no_bust)
    # Burn 20 doubles hard 9-11 only: no double anywhere else, and no soft doubles.
    doubles = {row for row in burn20.index for up in UPS if burn20.loc[row, up].startswith("D")}
    assert doubles <= {"hard 9", "hard 10", "hard 11", "pair 5,5"}
    # No Bust: forced hits below 12 (hit or double), and no hitting a 21.
    for total in range(5, 12):
        assert all(code in ("H", "Dh") for code in no_bust.loc[f"hard {total}"])
    assert set(no_bust.loc["hard 21"]) == {"S"} and set(no_bust.loc["soft 21"]) == {"S"}
    assert cd_chart("no_bust_21st_century").notes[:2] == ["the player must hit totals below 12 (forced H)",
                                                           "the player may not hit a 21"]


def test_6_deck_s17_das_chart_is_the_published_basic_strategy():
    drawn = chart(Calculator(PRESETS["standard"](decks=6)), "CD")
    published = _published()
    assert drawn.resolved().loc[published.index, published.columns].equals(published)
    # The codes that say "split only with DAS" are the familiar ones of the combined 4-8 deck chart.
    ph = {(row, up) for row in drawn.table.index for up in UPS if drawn.table.loc[row, up] == "Ph"}
    assert ph == {("pair 2,2", "2"), ("pair 2,2", "3"), ("pair 3,3", "2"), ("pair 3,3", "3"),
                  ("pair 4,4", "5"), ("pair 4,4", "6"), ("pair 6,6", "2")}
    exceptions = drawn.exceptions.set_index(["up", "hand"])
    assert exceptions.loc[("4", "T,2"), "cd_action"] == "hit"              # 12 v 4: hit T,2
    assert exceptions.loc[("T", "4,4,4,4"), "cd_action"] == "stand"        # multi-card 16 v T: stand
    assert set(exceptions.loc["T", "row"]) == {"hard 16"}


def test_ev_table_holds_every_allowed_action_of_every_two_card_hand():
    calc = small("standard")
    table = ev_table(calc)
    assert list(table.long.columns) == ["up", "hand", "action", "ev"]
    assert set(table.long["up"]) == set(UPS) and table.long["hand"].nunique() == 54
    for up, hand in (("T", "T,6"), ("A", "8,8"), ("6", "A,7"), ("5", "5,5")):
        values = calc.hand(hand, up)
        rows = table.long[(table.long["up"] == up) & (table.long["hand"] == hand)]
        assert dict(zip(rows["action"], rows["ev"])) == values
        assert table.best.loc[hand, up] == max(values, key=values.get)
        assert table.wide.loc[(hand, "stand"), up] == values["stand"]
    assert list(table.wide.columns) == list(UPS)
    assert "split" in table._repr_html_() and "<table" in table._repr_html_()
    wide = pd.read_csv(StringIO(table.to_csv()), index_col=[0, 1])
    assert wide.shape == table.wide.shape


def test_chart_renderings():
    drawn = cd_chart("standard")
    text = drawn.to_text()
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "hard 16     S   S   S   S   S   H   H   H   H   H" in text
    assert "\x1b[" in drawn.to_text(colour=True) and "\x1b[" not in text
    markdown = drawn.to_markdown()
    assert "| hand | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | T | A |" in markdown
    assert "## Composition-dependent exceptions" in markdown
    csv = drawn.to_csv().split("\n\n")
    assert pd.read_csv(StringIO(csv[0]), index_col=0).equals(drawn.table.rename_axis("hand"))
    assert len(pd.read_csv(StringIO(csv[1]))) == len(drawn.exceptions)
    html = drawn._repr_html_()
    for action, colour in COLOURS.items():
        assert colour in html
    assert '<td class="split">P</td>' in html and '<td class="hit">H</td>' in html
    styled = drawn.styled().to_html()
    assert COLOURS["double"] in styled
    td_only = chart(small("classic_single_deck"))
    assert td_only.exceptions is None and "exceptions" not in td_only.to_markdown()


def test_codes_and_hands():
    assert resolve("Rp", ["stand", "hit", "split"]) == "split"
    assert resolve("Ph", ["stand", "hit", "double", "split"]) == "split"
    assert resolve("Ds", ["stand", "hit"]) == "stand"
    assert cell_alternatives("soft 18", "Ds", Rules()) == ["Dh", "S"]
    assert hand_label([1, 1, 10, 4]) == "A,A,T,4"
    assert tty_progress([1, 2]) == [1, 2]           # not a terminal: no bar


def test_cli_chart_and_tables(tmp_path):
    parser = argparse.ArgumentParser(prog="bjcalc")
    sub = parser.add_subparsers(dest="command")
    add_chart_parsers(sub)
    args = parser.parse_args(["chart", "--format", "md"])
    args.rules = Rules(decks=1, max_split_hands=2, double_on="10-11")
    assert run_chart(args).startswith("# Basic strategy (total-dependent): 1 deck")
    args.format, args.strategy, args.out = "html", "CD", str(tmp_path / "chart.html")
    assert run_chart(args) == f"wrote {args.out}"
    page = Path(args.out).read_text()
    assert page.startswith("<!DOCTYPE html>") and "Composition-dependent exceptions" in page
    args.format, args.out = "csv", None
    assert run_chart(args).startswith("hand,2,3,4,5,6,7,8,9,T,A")
    args.format, args.strategy = "text", "TD"
    assert "dealer      2   3" in run_chart(args)
    tables = parser.parse_args(["tables", "--out", str(tmp_path / "t"), "--only", "classic_single_deck"])
    assert run_tables(tables) == f"wrote 6 files to {tmp_path / 't'}"


# The committed tables: a representative subset is regenerated and compared byte for byte.
SUBSET = ["classic_single_deck", "standard-1d-h17-das", "standard-2d-s17-nodas"]


def test_generate_tables_is_idempotent_and_the_committed_tables_match_the_code(tmp_path):
    first = generate_tables(tmp_path, only=SUBSET)
    snapshot = {p: p.read_bytes() for p in first}
    second = generate_tables(tmp_path, only=SUBSET)
    assert second == first and {p: p.read_bytes() for p in second} == snapshot
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file()) == \
        sorted(p.relative_to(tmp_path) for p in first)
    stale = [str(p.relative_to(tmp_path)) for p in first
             if (TABLES / p.relative_to(tmp_path)).read_bytes() != p.read_bytes()]
    assert stale == [], f"tables/ is stale: run 'bjcalc tables --out tables' ({stale})"


def test_committed_tables_hold_every_set():
    sets = table_sets()
    assert (TABLES / "README.md").read_text() == tables_index(sets)
    for key in sets:
        for name in ("chart.md", "chart.csv", "chart.html", "exceptions.csv", "ev.csv"):
            assert (TABLES / key / name).is_file(), f"tables/{key}/{name} is missing"
    for key in ("standard", "burn20", "no_bust_21st_century"):
        committed = pd.read_csv(TABLES / key / "chart.csv", index_col=0)
        assert committed.shape == (36, 10) and list(committed.columns) == list(UPS)
    assert pd.read_csv(TABLES / "standard" / "chart.csv", index_col=0).loc["pair 8,8", "A"] == "P"


def test_edge_sweep_and_plot():
    frame = edge_sweep("classic_single_deck", rules=["decks", "double_after_split"], decks=(1, 2))
    assert frame["rule"].tolist() == ["decks", "decks", "double_after_split", "double_after_split"]
    assert frame.loc[frame["default"], "value"].tolist() == [1, False]
    edges = dict(zip(frame["value"].astype(str) + frame["rule"], frame["house_edge"]))
    assert edges["2decks"] > edges["1decks"] and edges["Truedouble_after_split"] < edges["Falsedouble_after_split"]
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    figure = plot_edges("classic_single_deck", sweep=frame)
    assert [ax.get_title() for ax in figure.axes if ax.get_visible()] == ["decks", "double_after_split"]
