"""Strategy charts, CD exceptions, EV tables, renderings and the generated tables/ folder."""

import argparse
import functools
import re
from io import StringIO
from pathlib import Path

import pandas as pd
import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.analysis.charts import (cell_alternatives, chart, chart_differences, ev_table, hand_label, td_ev_table,
                                    two_card_hands)
from bjcalc.analysis.codes import AFTER_HIT_LEGEND, LEGEND, UPS, is_das_code, resolve, split_after_hit, strategy_code
from bjcalc.analysis.render import COLOURS
from bjcalc.analysis.sweeps import edge_sweep, plot_edges
from bjcalc.analysis.tables import (ALL_FILES, PRESET_FILES, SIDEBET_FILES, TABLE_FILES, TIMING, TOO_LARGE,
                                   VARIANT_FILES, folder_files, generate_tables, missing_files, set_file_names,
                                   table_edges, table_sets, tables_index, without_timing, write_text)
from bjcalc.cli.charts import add_chart_parsers, run_chart, run_tables
from bjcalc.core.progress import tty_progress
from bjcalc.game.strategy import TotalDependentStrategy, total_dependent_game
from bjcalc.game.variants import PRESETS, VARIANTS
from paths import ROOT
from unit.game.test_strategy import _published

TABLES = ROOT / "tables"
PRESET_NAMES = sorted(PRESETS)


@functools.lru_cache(maxsize=None)
def calculator(rules: Rules) -> Calculator:
    """One calculator per rule set, shared by the tests that only read its games (its figures do not
    depend on what it valued before)."""
    return Calculator(rules)


@functools.lru_cache(maxsize=None)
def td_game(rules: Rules):
    return calculator(rules).game("TD")


def small(preset: str) -> Calculator:
    """The preset with one deck and at most two hands: every chart cell is then exactly a best reply."""
    return calculator(PRESETS[preset](decks=1, max_split_hands=2, resplit_aces=False))


def td_result(preset: str):
    return td_game(small(preset).rules)


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
    # Ph/Ps/Pd read as P under DAS; a printed surrender code (Rh+S) as the strategy writes it (Rs)
    assert drawn.resolved().map(strategy_code).equals(result.strategy.chart())
    replay = total_dependent_game(calc, TotalDependentStrategy.from_chart(drawn.table,
                                                                          das=calc.rules.double_after_split))
    assert replay.ev == pytest.approx(result.ev, abs=1e-12)
    assert drawn.ev["TD"] == pytest.approx(result.ev, abs=1e-15) and drawn.ev["CD"] >= drawn.ev["TD"] - 1e-12


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_cd_exceptions_gain_what_they_state_and_no_two_card_hand_is_missing(preset):
    calc, drawn = small(preset), cd_chart(preset)
    table, exceptions = drawn.resolved(), drawn.exceptions
    # no column says again what another one says (the chart's code is the table's cell)
    assert list(exceptions.columns) == ["up", "hand", "cards", "row", "chart_action", "cd_action", "chart_ev",
                                        "cd_ev", "gain", "probability", "contribution"]
    for r in exceptions.itertuples(index=False):
        values = calc.hand(r.hand, r.up)
        assert r.chart_action == resolve(drawn.table.loc[r.row, r.up], values, calc.rules.double_after_split,
                                         r.cards)
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
    assert csv[0].startswith(f"# {drawn.title}\n# rules: {drawn.rules.describe()}\n")
    assert pd.read_csv(StringIO(csv[0]), comment="#", index_col=0).equals(drawn.table.rename_axis("hand"))
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
    lines = run_chart(args).splitlines()
    assert lines[1] == f"# rules: {args.rules.describe()}"
    assert [line for line in lines if not line.startswith("#")][0] == "hand,2,3,4,5,6,7,8,9,T,A"
    args.format, args.strategy = "text", "TD"
    assert "dealer      2   3" in run_chart(args)
    tables = parser.parse_args(["tables", "--out", str(tmp_path / "t"), "--only", "classic_single_deck",
                                "--files", "chart.md", "ev.csv"])   # (a report: test_the_committed_report...)
    assert run_tables(tables) == f"wrote 3 files to {tmp_path / 't'}"
    assert sorted(p.name for p in (tmp_path / "t" / "classic_single_deck").iterdir()) == ["chart.md", "ev.csv"]


# The committed tables: a representative subset is regenerated and compared byte for byte, with
# the side-bet catalogue (the reports, which take longer, for one set: next test).
SUBSET = ["classic_single_deck", "standard-1d-h17-das", "standard-2d-s17-nodas", "spanish_21"]
NOT_REPORTS = [name for name in TABLE_FILES if name != "REPORT.html"] + list(SIDEBET_FILES)


def test_generate_tables_is_idempotent_and_the_committed_tables_match_the_code(tmp_path):
    first = generate_tables(tmp_path, only=SUBSET, files=NOT_REPORTS, workers=1)
    assert [p.name for p in first[-2:]] == list(SIDEBET_FILES)
    snapshot = {p: p.read_bytes() for p in first}
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file()) == \
        sorted(p.relative_to(tmp_path) for p in first)
    index = (tmp_path / "README.md").read_text()
    # made again in the same process (its caches warm), one set gives the same bytes
    second = generate_tables(tmp_path, only=SUBSET[:1], files=NOT_REPORTS, workers=1)
    again = [p for p in second if p.name != "README.md"]      # (the index lists the sets made: that one)
    assert again and set(again) <= set(first) and {p: p.read_bytes() for p in again} == {p: snapshot[p] for p in again}
    # (the index lists the house edges of the sets in its folder: only those of SUBSET here)
    stale = [str(p.relative_to(tmp_path)) for p in first if p.name != "README.md"
             and (TABLES / p.relative_to(tmp_path)).read_bytes() != p.read_bytes()]
    assert stale == [], f"tables/ is stale: run 'bjcalc tables --out tables' ({stale})"
    written = {key: {p.name for p in first if p.parent.name == key} for key in table_sets()}   # (links: those only)
    assert index == tables_index(table_sets(), {key: table_edges(TABLES)[key] for key in SUBSET}, written,
                                 SIDEBET_FILES)      # (the variant catalogue is not made here: see below)
    assert index.count("not generated") == 2 * (len(table_sets()) - len(SUBSET)) + 1     # (+1: the games)
    # the committed index: every set generated, every file linked
    assert (TABLES / "README.md").read_text() == tables_index(table_sets(), table_edges(TABLES))


def test_the_committed_variant_catalogue_matches_the_code():
    """Two of its rows computed again (every row takes 8 s) equal the committed ones, line for line."""
    from bjcalc.analysis.variant_catalog import variant_catalog

    committed = (TABLES / "variants.csv").read_text().splitlines()
    fresh = variant_catalog(["classic_single_deck", "double_exposure"]).to_csv().splitlines()
    assert [line for line in fresh if line.startswith("#")] == [line for line in committed if line.startswith("#")]
    rows = [line for line in fresh if not line.startswith("#")]
    assert set(rows) <= set(committed) and len(rows) == 3
    assert [line.split(",")[0] for line in committed if not line.startswith("#")][1:] == list(VARIANTS)


def drawn_to_4_decimals(page: str) -> str:
    """The page with every coordinate of its drawings rounded to 1e-4 points.  matplotlib writes
    6 decimals, and its layout constants (the axes' edges: 22.3171875 points and the like) sit on
    a rounding half, so a last-bit difference in matplotlib's own arithmetic draws 22.317187 in
    one process and 22.317188 in another from the same page (seen between two machines, and
    between the compiled and the numpy engine on one; every figure in the text is still compared
    to the byte)."""
    def coordinates(svg: re.Match) -> str:
        return re.sub(r"\d+\.\d{5,}", lambda number: f"{float(number.group()):.4f}", svg.group())
    return re.sub(r"<svg.*?</svg>", coordinates, page, flags=re.S)


def test_the_committed_report_matches_the_code(tmp_path):
    """A set's REPORT.html regenerated: the same bytes but for the one line stating how long it
    took (TIMING, its own line in the footer), which this comparison leaves out and nothing else."""
    matplotlib = pytest.importorskip("matplotlib", reason="the committed reports' plots need matplotlib (test extra)")
    [_, written] = generate_tables(tmp_path, only=["classic_single_deck"], files=["REPORT.html"], workers=1)
    new, committed = written.read_text(encoding="utf-8"), (TABLES / "classic_single_deck" / "REPORT.html").read_text()
    assert len(TIMING.findall(new)) == 1 and len(TIMING.findall(committed)) == 1
    assert new.count("\n") == committed.count("\n")
    drawn_with = re.search(r"plots by matplotlib ([^;]+);", committed)
    if drawn_with is None or drawn_with.group(1) != matplotlib.__version__:
        # the plots' SVG bytes are matplotlib's: with another version, compare everything else
        new, committed = (re.sub(r"<svg.*?</svg>", "<svg/>", re.sub(r"plots by matplotlib [^;]+;", "", text),
                                 flags=re.S) for text in (new, committed))
    assert drawn_to_4_decimals(without_timing(new)) == drawn_to_4_decimals(without_timing(committed)), \
        "tables/classic_single_deck/REPORT.html is stale: run 'bjcalc tables --out tables'"
    # regenerating keeps the file (and its time) when only the time differs
    written.write_text(TIMING.sub('<p class="timing">computed in 999.9 s.</p>', new), encoding="utf-8")
    kept = written.read_bytes()
    write_text(written, new)
    assert written.read_bytes() == kept
    write_text(written, new.replace("classic_single_deck", "classic single deck"))   # anything else: rewritten
    assert written.read_bytes() != kept


def test_committed_tables_hold_every_set():
    sets = table_sets()
    edges = table_edges(TABLES)
    assert set(edges) == set(sets), f"tables/ lacks {sorted(set(sets) - set(edges))}: run 'bjcalc tables'"
    assert (TABLES / "README.md").read_text() == tables_index(sets, edges)
    for name in SIDEBET_FILES:
        assert (TABLES / name).is_file(), f"tables/{name} is missing"
    for key, rules in sets.items():
        held = set_file_names(rules)
        for name in TABLE_FILES + PRESET_FILES:
            assert (TABLES / key / name).is_file() == (name in held), f"tables/{key}/{name}: {missing_files(rules)}"
    assert folder_files(TABLES) == {key: set(set_file_names(rules)) for key, rules in sets.items()}
    for key in PRESETS:      # the pmf: probabilities that sum to 1, and the SD its # lines state
        pmf = pd.read_csv(TABLES / key / "pmf.csv", comment="#")
        assert abs(pmf["probability"].sum() - 1) < 1e-9 and pmf["cumulative"].iloc[-1] == 1
        net = pmf["net"].astype(float)
        mean = (net * pmf["probability"]).sum()
        sd = ((net - mean) ** 2 * pmf["probability"]).sum() ** 0.5
        stated = re.search(r"^# EV .* SD ([0-9.]+)", (TABLES / key / "pmf.csv").read_text(), re.M)
        assert stated and abs(float(stated.group(1)) - sd) < 1e-4, key
    for key in ("standard", "burn20", "no_bust_21st_century"):
        committed = pd.read_csv(TABLES / key / "chart.csv", comment="#", index_col=0)
        assert committed.shape == (36, 10) and list(committed.columns) == list(UPS)
    assert pd.read_csv(TABLES / "standard" / "chart.csv", comment="#", index_col=0).loc["pair 8,8", "A"] == "P"


def test_every_variant_has_a_folder_of_what_bjcalc_computes_for_it():
    """Each registered game is a set of tables/ at its own rules; its folder lacks only the files whose
    analysis bjcalc refuses for its round, and the index says which and why, in the refusal's words."""
    from bjcalc.core.errors import StrategyError
    from bjcalc.game.strategy import check_td_play

    sets = table_sets()
    assert [key for key in sets if key in VARIANTS] == list(VARIANTS)
    assert all(sets[name] == variant.rules() for name, variant in VARIANTS.items())
    assert all(missing_files(sets[name]) == {} for name in PRESETS) and missing_files(sets["free_bet"]) == {}
    index = (TABLES / "README.md").read_text()
    for name in ("double_exposure", "blackjack_switch", "spanish_21", "players_edge_21"):
        missing = missing_files(sets[name])
        assert {"exceptions.csv", "eor.csv", "pmf.csv"} <= set(missing) and "REPORT.html" not in missing
        assert f"- `{name}`: no " in index
        for reason in set(missing.values()):
            assert reason in index
    # each refusal is the one the analysis gives when asked (before any work)
    for name, analysis in [("double_exposure", lambda calc: ev_table(calc)),
                           ("spanish_21", lambda calc: chart(calc, "CD")),
                           ("blackjack_switch", lambda calc: calc.outcomes())]:
        calc = Calculator(sets[name])
        with pytest.raises(StrategyError) as refused:
            analysis(calc)
        assert any(str(refused.value).startswith(reason) for reason in missing_files(sets[name]).values()), name
    assert check_td_play(Calculator(sets["players_edge_21"])) is None       # (redoubling: by double)
    # the edges: each chart's own line, or (a switching table, no TD chart) the variant catalogue's
    catalogue = pd.read_csv(TABLES / "variants.csv", comment="#", index_col=0, dtype=str)
    edges = table_edges(TABLES)
    for name in VARIANTS:
        assert edges[name] == tuple(catalogue.loc[name].iloc[-2:]), name
    assert "| `players_edge_21` | Spanish 21, 6 Spanish decks, H17, " in index
    assert "| -0.0259 % | -0.0368 % | [md](players_edge_21/chart.md) " in index      # (a player edge)
    # Double Exposure's chart is by the dealer's two cards; Blackjack Switch's holds the switching table
    exposed = pd.read_csv(TABLES / "double_exposure" / "chart.csv", comment="#", index_col=0)
    assert {"A9", "TT", "19"} <= set(exposed.columns)
    switching = (TABLES / "blackjack_switch" / "chart.csv").read_text()
    assert switching.startswith("# Switching table: 6 decks") and "\n# The hands' play: " in switching
    # Free Bet's round distribution is too large even split to two hands: its pmf.csv says so
    free = (TABLES / "free_bet" / "pmf.csv").read_text().splitlines()
    assert free[0].startswith(f"# free_bet: {TOO_LARGE}: splitting ") and free[1].startswith("# This game itself")
    assert free[2:] == ["net,probability,cumulative"]
    assert "EV -1.0144 %" in free[1]


def test_the_distribution_of_a_game_resplitting_aces_falls_back_to_two_hands():
    """(The fallback asked for two hands with resplit aces, which the rules refuse: a RulesError that
    the report swallowed into 'too large', and tables' pmf.csv did not.)"""
    from bjcalc.analysis.report import TWO_HANDS, round_distribution

    outcomes, basis = round_distribution(Calculator(Rules(resplit_aces=True)))
    assert basis == TWO_HANDS and abs(outcomes.pmf.sum() - 1) < 1e-12


def test_the_committed_tables_side_bet_catalogue_holds_every_table_of_every_bet():
    """tables/sidebets.csv: one row per named pay table of every bet, the Spanish columns for the
    tables dealt with Spanish decks only, figures the bets' own, and the rule each dealer bet uses."""
    from bjcalc.sidebets import SIDE_BETS, BustBonus, BusterBlackjack

    frame = pd.read_csv(TABLES / "sidebets.csv", comment="#", dtype={"paytable": str})
    assert [(c, t) for c, t in zip(frame["command"], frame["paytable"])] == \
        [(key, table.name) for key, bet in SIDE_BETS.items() for table in bet.named_paytables()]
    assert list(frame.columns[3:]) == ["1 deck", "2 decks", "4 decks", "6 decks", "8 decks", "6 Spanish decks",
                                       "8 Spanish decks", "hit frequency, 6 decks"]
    spanish = frame["6 Spanish decks"].notna()
    assert frame.loc[spanish, "paytable"].tolist() == ["spanish_21", "spanish_21_eight_deck"]
    assert frame.loc[spanish, "8 Spanish decks"].notna().all() and frame.iloc[:, 3:8].notna().all().all()
    row = frame.set_index(["command", "paytable"])
    assert row.loc[("match-the-dealer", "spanish_21"), "6 Spanish decks"] == 3.0555      # published: 3.055 %
    assert row.loc[("bust-bonus", "silver_dollar"), "8 decks"] == \
        round(float(BustBonus().evaluate(8).house_edge) * 100, 4) == 7.9870
    assert row.loc[("buster", "wizard"), "6 decks"] == \
        round(float(BusterBlackjack(hits_soft_17=True).evaluate(6, "wizard").house_edge) * 100, 4)
    comments = [line for line in (TABLES / "sidebets.csv").read_text().splitlines() if line.startswith("#")]
    for bet in ("Buster Blackjack", "Push 22", "Bust Bonus"):
        assert any(line.startswith(f"# {bet}: ") and "(H17)" in line for line in comments), bet
    page = (TABLES / "sidebets.md").read_text()
    assert "| Match the Dealer | `spanish_21` | " in page
    assert "| Royal Match | `v2` | 3.7707 | 0.8215 | -0.6317 |" in page      # (a negative edge: the player's)


def test_the_index_shows_house_edges_and_surrender_and_6_5_sets():
    sets = table_sets()
    assert sets["standard-6d-s17-das-ls"] == PRESETS["standard"](surrender="late")
    assert sets["standard-6d-h17-das-ls"] == PRESETS["standard"](dealer_hits_soft_17=True, surrender="late")
    assert sets["standard-6d-s17-das-6to5"] == PRESETS["standard"](blackjack_pays="6:5")
    index = tables_index(sets, {"standard": ("0.4059", "0.4029")})
    assert "| set | rules | house edge TD | house edge CD | files |" in index
    assert "| `standard` | " + sets["standard"].describe() + " | 0.4059 % | 0.4029 % |" in index
    # the edges read back are those each set's chart states
    drawn = chart(small("classic_single_deck"))
    edges = {"classic_single_deck": (f"{-float(drawn.ev['TD']) * 100:.4f}", f"{-float(drawn.ev['CD']) * 100:.4f}")}
    from bjcalc.analysis.tables import _edges_of
    assert _edges_of(drawn.csv_header()) == edges["classic_single_deck"]


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


# -- DAS codes (issue 10, item 2): every cell, read with and without DAS, is that game's best play --------
# Every preset with one surrender rule, each rule on two presets, not the cross product (under
# every surrender rule a preset's chart has the same DAS codes, in as many cells); between them
# every code the cross product's charts use: early surrender's Rp and Prp (standard, Ocean's 11),
# Rh and Rs, Burn 20's Ps, No Bust's Pdh, the after-hit +D codes.
SURRENDER_OF = {"standard": "early", "no_bust_oceans_11": "early", "burn20_las_vegas": "late",
                "no_bust_21st_century": "late", "burn20": "none", "classic_single_deck": "none"}
assert sorted(SURRENDER_OF) == PRESET_NAMES
DAS_SETS = {f"{preset}-{surrender}": (preset, surrender, 1) for preset, surrender in SURRENDER_OF.items()}
DAS_SETS["standard-2d-h17-late"] = ("standard", "late", 2)    # a total row doubles only with DAS here


def das_calc(name: str, das: bool) -> Calculator:
    """(Where these are a preset's own rules, the calculator of small(preset): the same game.)"""
    preset, surrender, decks = DAS_SETS[name]
    extra = {"dealer_hits_soft_17": True} if name.endswith("h17-late") else {}
    return calculator(PRESETS[preset](decks=decks, max_split_hands=2, resplit_aces=False, double_after_split=das,
                                      surrender=surrender, **extra))


@pytest.mark.parametrize("name", sorted(DAS_SETS))
def test_every_chart_cell_decodes_under_both_das_readings_to_that_games_best_play(name):
    results = {das: td_game(das_calc(name, das).rules) for das in (True, False)}
    drawn = chart(das_calc(name, True), td_result=results[True])     # (the chart of that very TD game)
    das_cells = {(row, up) for row in drawn.table.index for up in UPS if is_das_code(drawn.table.loc[row, up])}
    checked = das_cells | set(drawn.no_das_cells)
    for das in (True, False):
        calc = das_calc(name, das)
        result = results[das]
        decoded = drawn.decode(das)
        assert decoded.map(strategy_code).equals(result.strategy.chart()), \
            (das, decoded.compare(result.strategy.chart()))
        # the cells the DAS reading decides, against the EV table of that reading (one cell changed at a time)
        if not checked:
            continue
        table = td_ev_table(calc, ups=sorted({up for _, up in checked}), result=result,
                            rows=sorted({row for row, _ in checked}))
        for (up, row), group in table.groupby(["up", "row"]):
            if (row, up) not in checked:
                continue
            chosen = group[group["chosen"]]
            assert chosen["code"].iloc[0] == decoded.loc[row, up]
            assert chosen["ev"].iloc[0] >= group["ev"].max() - 1e-12, (das, up, row, group.values.tolist())
            # and the code read directly (resolve) means the same play as the decoded cell
            code = drawn.no_das_cells.get((row, up), drawn.table.loc[row, up]) if not das else drawn.table.loc[row, up]
            assert resolve(code, ACTION_NAMES, das) == resolve(decoded.loc[row, up], ACTION_NAMES)
    # every code used has its own legend entry
    # (a total's code may end in an after-hit suffix, +D or +R, with its own entry: issue 14)
    legend = dict(LEGEND + AFTER_HIT_LEGEND)
    parts = {part for code in set(drawn.table.values.ravel()) | set(drawn.no_das_cells.values())
             for part in split_after_hit(code) if part}
    assert all(part in legend for part in parts)
    assert [code for code, _ in drawn.legend()] == [c for c, _ in LEGEND + AFTER_HIT_LEGEND if c in parts]


ACTION_NAMES = ("stand", "hit", "double", "split", "surrender")


def test_das_codes_have_one_code_and_legend_entry_per_fallback():
    codes = [code for code, _ in LEGEND]
    assert len(codes) == len(set(codes))
    for fallback in ("H", "S", "Dh", "Ds", "Rh", "Rs", "Rp"):
        code = "P" + fallback.lower()
        assert code in codes and is_das_code(code)
        assert resolve(code, ACTION_NAMES, das=True) == "split"
        assert resolve(code, ACTION_NAMES, das=False) == resolve(fallback, ACTION_NAMES)
    # the case: 2 decks, H17, late surrender, 8,8 v A: split with DAS, surrender without
    calc = das_calc("standard-2d-h17-late", True)
    drawn = chart(calc, td_result=td_game(calc.rules))
    assert drawn.table.loc["pair 8,8", "A"] == "Prp"
    assert drawn.decode(True).loc["pair 8,8", "A"] == "P" and drawn.decode(False).loc["pair 8,8", "A"] == "Rp"
    values = das_calc("standard-2d-h17-late", False).hand("8,8", "A")
    assert max(values, key=values.get) == "surrender"
    assert drawn.no_das_cells == {("soft 17", "2"): "H"}
    assert "without doubling after a split also: soft 17 v 2 H" in drawn.to_text()


# -- pair rows (issue 10, item 3): the pair's own best play ---------------------------------------------------
@pytest.mark.parametrize("rules", [Rules(decks=1), PRESETS["standard"](decks=1)], ids=["Rules", "standard"])
def test_single_deck_7_7_v_t_stands_and_is_no_exception(rules):
    drawn = chart(Calculator(rules), "CD", multi_card=False)
    assert drawn.table.loc["pair 7,7", "T"] == "S" and drawn.table.loc["hard 14", "T"] == "H"
    assert ("T", "7,7") not in set(zip(drawn.exceptions["up"], drawn.exceptions["hand"]))
    values = Calculator(rules).hand("7,7", "T")
    assert max(values, key=values.get) == "stand"
    assert cell_alternatives("pair 7,7", "S", rules) == ["H", "Ds", "P"]


# -- exceptions summary, units, the styled chart (issue 10, items 12 and 13) ----------------------------------
def test_exceptions_are_summarised_by_chart_cell_before_the_long_list():
    drawn = cd_chart("standard")
    summary = drawn.exception_summary()
    assert list(summary.columns) == ["row", "up", "chart_action", "cd_action", "hands", "total_gain", "max_gain",
                                     "total_contribution"]
    assert summary["hands"].sum() == len(drawn.exceptions)
    assert summary["total_gain"].sum() == pytest.approx(drawn.exceptions["gain"].sum(), abs=1e-12)
    for r in summary.itertuples(index=False):
        group = drawn.exceptions[(drawn.exceptions["row"] == r.row) & (drawn.exceptions["up"] == r.up)
                                 & (drawn.exceptions["chart_action"] == r.chart_action)
                                 & (drawn.exceptions["cd_action"] == r.cd_action)]
        assert (len(group), group["gain"].max()) == (r.hands, r.max_gain)
    rows = list(drawn.table.index)
    keys = [(rows.index(r.row), UPS.index(r.up)) for r in summary.itertuples(index=False)]
    assert keys == sorted(keys)
    units = "per unit initial bet, for a player holding that hand (not weighted by how often it is dealt"
    for text, (summary_mark, list_mark) in ((drawn.to_text(), ("By chart cell:", "Every hand:")),
                                            (drawn.to_markdown(), ("### By chart cell", "### Every hand")),
                                            (drawn.to_html(), ("<h5>By chart cell</h5>", "<h5>Every hand</h5>"))):
        assert 0 < text.index(summary_mark) < text.index(list_mark)
        assert units in " ".join(text.split())
    assert all(len(line) <= 80 for line in drawn.to_text().splitlines())


def test_the_styled_chart_carries_rules_and_legend():
    drawn = cd_chart("standard")
    styled = drawn.styled().to_html()
    assert drawn.rules.describe() in styled and drawn.title in styled
    for code, text in drawn.legend():
        assert f"<b>{code}</b> {text}" in styled
    html = drawn.to_html()
    assert drawn.rules.describe() in html and "double, else hit" in html


def test_a_player_favourable_chart_says_player_edge():
    """Issue 10 item 9: a positive EV reads "player edge X %", never "house edge -X %", and the
    tables index still reads it back as a (negative) house edge."""
    from bjcalc.analysis.tables import _edges_of

    header = chart(Calculator(Rules(decks=1, max_split_hands=2)), "TD").header_lines()
    edges = next(line for line in header if line.startswith("EV TD"))
    assert "player edge" in edges and "house edge -" not in edges
    assert _edges_of("# " + edges) == tuple("-" + part.split("player edge ")[1].split(" %")[0]
                                            for part in edges.split(";"))


@pytest.mark.parametrize("argv", [["chart", "--decks", "1", "--remove", "2,2,2,2"], ["chart", "--shoe", "A:4,T:16"],
                                  ["edge", "--shoe", "A:4,T:16", "--strategy", "TD", "--json"]])
def test_a_chart_against_an_up_card_the_shoe_cannot_deal(argv, capsys):
    """No two left (or only aces and tens): the chart's columns of up cards the shoe cannot deal
    read "-", with the legend saying so, where they used to raise KeyError."""
    from bjcalc.cli import main

    assert main(argv) == 0
    out = capsys.readouterr().out
    if "--json" in argv:
        assert '"-"' in out
    else:
        assert "not dealt: the shoe holds no card of that value" in " ".join(out.split())
    drawn = chart(Calculator(Rules(decks=1), shoe=Calculator(Rules(decks=1)).shoe.remove("2", "2", "2", "2")))
    assert set(drawn.table["2"]) == {"-"} and "-" not in set(drawn.table["3"])
    assert ("-", "not dealt: the shoe holds no card of that value") in drawn.legend()
    assert '<td class="none">-</td>' in drawn._repr_html_() and "\x1b[30;47m" in drawn.to_text(colour=True)


def test_bjcalc_tables_regenerates_every_file_by_default(monkeypatch):
    """(The command wrote only the six files of every set, never a preset's eor.csv and pmf.csv, which
    the README's 'bjcalc tables --out tables' says it regenerates; its --help listed six of eight.)"""
    import argparse

    import bjcalc.analysis.tables as tables_module

    asked = {}
    monkeypatch.setattr(tables_module, "generate_tables", lambda folder, **options: asked.update(options) or [])
    parser = argparse.ArgumentParser()
    _, tables_parser = add_chart_parsers(parser.add_subparsers(dest="command"))
    run_tables(parser.parse_args(["tables", "--out", "unused"]))
    assert tuple(asked["files"]) == ALL_FILES == TABLE_FILES + PRESET_FILES + VARIANT_FILES + SIDEBET_FILES
    assert all(name in tables_parser.format_help() for name in ALL_FILES)


def test_a_td_charts_header_says_its_split_hands_follow_the_chart():
    """(The text said "post-split play CDZ-" for the TD chart, whose JSON and EV have split hands follow
    the chart; CDZ- is the CD EV's.)"""
    calc = Calculator(Rules(decks=1, max_split_hands=2), split_strategy="CDP")
    td, cd = chart(calc, "TD").header_lines(), chart(calc, "CD").header_lines()
    assert td[1].endswith("; split hands follow this chart (EV CD: post-split play CDP)")
    assert calc.assumptions("TD").split_strategy.startswith("TD: split hands follow the same total-dependent chart")
    assert cd[1].endswith("; post-split play CDP")


def test_a_partial_tables_run_indexes_what_it_wrote(tmp_path):
    """(--files chart.md left the set 'not generated' in the index, its edges being read from chart.csv
    only, and linked the seven files it had not written.)"""
    from bjcalc.analysis.tables import generate_tables

    generate_tables(tmp_path, only=["classic_single_deck"], files=["chart.md"], workers=1)
    row = next(line for line in (tmp_path / "README.md").read_text().splitlines()
               if line.startswith("| `classic_single_deck`"))
    edges = chart(Calculator(PRESETS["classic_single_deck"]())).header_lines()[2]
    assert "not generated" not in row and edges.split("house edge ")[1].split(" %")[0] in row
    assert "classic_single_deck/chart.md" in row and "chart.csv" not in row and "REPORT.html" not in row
    assert (tmp_path / "README.md").read_text().endswith("with its hit frequency on 6 decks (not generated).\n")


def test_chart_refuses_a_td_result_of_another_game_and_what_is_not_a_calculator():
    """(A TD result of another game gave that game's TD EV beside this one's CD EV under this
    one's header; a CD result, a Rules or a text min_gain raised AttributeError or TypeError.)"""
    from bjcalc.core.errors import StrategyError

    calc = Calculator(Rules(decks=1, max_split_hands=2))
    other = Calculator(Rules(decks=1, max_split_hands=2, dealer_hits_soft_17=True))
    for wrong in (other.game("TD"), calc.game("CD")):
        with pytest.raises(StrategyError, match="td_result must be this calculator's own game"):
            chart(calc, "TD", td_result=wrong)
    with pytest.raises(StrategyError, match="chart needs a bjcalc.Calculator"):
        chart(Rules(), "TD")
    with pytest.raises(StrategyError, match="min_gain must be a number"):
        chart(calc, "CD", min_gain="x")
    assert chart(calc, "TD", td_result=calc.game("TD")).ev["TD"] == calc.game("TD").ev


def test_a_chart_and_ev_table_of_another_shoe_say_its_decks_as_the_game_does():
    """(Their repr and HTML caption said '6 decks' for a two-deck shoe under 6-deck rules; the rules
    now take a whole-deck shoe's count, and a custom shoe reads "custom shoe".)"""
    calc = Calculator(Rules(decks=6, max_split_hands=2), Shoe.decks(2))
    table = ev_table(calc)
    assert "2 decks, S17" in repr(table) and "2 decks, S17" in table._repr_html_() and "6 decks" not in repr(table)
    assert calc.game().assumptions.rules.startswith("2 decks")
    custom = Calculator(Rules(decks=6, max_split_hands=2), Shoe.decks(2).without("A"))
    assert "custom shoe" in repr(ev_table(custom)) and custom.game().assumptions.rules.startswith("custom shoe")


@pytest.mark.parametrize("rules, differing", [
    (Rules(decks=6, double_on="10-11"), []),                  # Dh on 9 and soft hands: a hit where they may not double
    # pair rows: a pair that may not split plays its total; A,A is then a soft 12, which the card
    # leaves out (it hits) and the TD chart doubles against a 6
    (Rules(decks=6, max_split_hands=1), [("soft 12", "6", "H", "Dh")]),
    (Rules(decks=6, dealer_hits_soft_17=True, double_after_split=False),
     [("hard 11", "A", "H", "Dh"), ("soft 18", "2", "S", "Ds"), ("soft 19", "6", "S", "Ds"),
      ("pair 2,2", "2", "P", "H"), ("pair 2,2", "3", "P", "H"), ("pair 3,3", "2", "P", "H"),
      ("pair 3,3", "3", "P", "H"), ("pair 4,4", "5", "P", "H"), ("pair 4,4", "6", "P", "H"),
      ("pair 6,6", "2", "P", "H")]),
], ids=["double 10-11", "no splits", "H17 no DAS"])
def test_chart_differences_compare_what_cells_play_not_how_they_are_spelled(rules, differing):
    """The published 6-deck S17 DAS card against the TD chart of other rules: a cell differs where
    some hand of its row plays otherwise under these rules, not where its code is spelled otherwise."""
    calc = Calculator(rules)
    td = calc.game("TD").strategy
    assert [tuple(cell) for cell in chart_differences(_published(), td, rules).values.tolist()] == differing
    printed = td.chart()
    assert (printed.loc[_published().index] != _published()).values.sum() + len(printed) - len(_published()) >= \
        len(differing)


def test_a_chart_whose_other_searches_run_on_a_pool_is_the_same():
    """The codes' other TD searches (without DAS, without surrender) started on an executor, as
    the web app's process does, give the chart made one search after another (a thread pool
    here: the same futures; the web test runs them in a process)."""
    from concurrent.futures import ThreadPoolExecutor

    calc = Calculator(Rules(decks=1, max_split_hands=2, dealer_hits_soft_17=True, surrender="late"))
    alone = chart(calc)
    with ThreadPoolExecutor(1) as pool:
        pooled = chart(calc, pool=pool)
    assert pooled.table.equals(alone.table) and pooled.no_das_cells == alone.no_das_cells
    assert alone.table.map(lambda code: code.startswith(("Ph", "Pd", "Rh", "Rs"))).any().any()   # (codes that need them)
