"""bjcalc report (issue 16): every section on the page, HTML and Markdown, the CLI's file output
and its refusals; each game computed once, one progress loop, every CD exception listed.  (The
browser rendering and the numbers on the page: tests/unit/analysis/test_report.py.)"""

import html
import re

import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.analysis.charts import chart
from bjcalc.analysis.report import SECTIONS, TITLES, TOP_EXCEPTIONS, _Games, _preset_of, report
from bjcalc.analysis.sweeps import edge_sweep
from bjcalc.analysis.tables import table_sets
from bjcalc.cli import main
from bjcalc.core.errors import BjcalcError
from bjcalc.game import strategy
from bjcalc.game.variants import PRESETS


def _counting_searches(searches: list):
    """``total_dependent_game`` that notes each TD search (a strategy found, not one given)."""
    real = strategy.total_dependent_game

    def counting(calc, strategies=None, progress=None):
        if strategies is None:
            searches.append((calc.rules, calc.shoe, str(calc.split_strategy)))
        return real(calc, strategies, progress)
    return counting


@pytest.fixture(scope="module")
def classic_run():
    """classic_single_deck's report, the TD searches it ran and the progress loops it reported."""
    searches, loops = [], []

    def progress(iterable, total=None, desc=""):
        loops.append([total, 0])
        for item in iterable:
            yield item
            loops[-1][1] += 1

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strategy, "total_dependent_game", _counting_searches(searches))
        page = report("classic_single_deck", progress=progress)
    return page, searches, loops


@pytest.fixture(scope="module")
def classic(classic_run):
    return classic_run[0]


def test_every_section_in_order_with_the_assumptions(classic):
    page, text = classic.html(), classic.markdown()
    shown = SECTIONS[:-1]   # (no side bet is offered with this game: the section is left out)
    positions = [page.index(f"<h2>{n}. {html.escape(TITLES[key])}</h2>") for n, key in enumerate(shown, 1)]
    assert positions == sorted(positions) and "Side bets" not in page
    assert all(f"## {n}. {TITLES[key]}" in text for n, key in enumerate(shown, 1))
    assert classic.rules.describe(classic.shoe) in page and "standard deviation" in page
    # self-contained: nothing fetched (no script, stylesheet link, import or remote image)
    assert not any(part in page for part in ("<script", "<link", "@import", 'src="http', "url(http"))
    assert page.count("<svg") >= 1            # the edge-by-rule plot, inline
    # the published figures' table becomes labelled cards on a phone (CSS only)
    assert '<table class="cards">' in page and '<td data-label="ours CD">0.2168 %</td>' in page


def test_the_cli_writes_the_page(tmp_path, capsys):
    out = tmp_path / "r.md"
    assert main(["report", "--variant", "classic_single_deck", "--out", str(out), "--quiet"]) == 0
    assert "wrote" in capsys.readouterr().out
    text = out.read_text()
    assert text.startswith("# Classic single-deck blackjack\n")
    assert "bjcalc report --variant classic_single_deck" in text


@pytest.mark.parametrize("call, message", [
    (lambda: report("no such game"), "unknown game"),
    (lambda: report("standard", sections=("rules", "gossip")), "unknown report section"),
    (lambda: report(42), "preset name, a Rules or a Calculator"),
])
def test_bad_input_is_one_line(call, message):
    with pytest.raises(BjcalcError, match=message) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_an_unwritable_file_exits_2(tmp_path, capsys):
    (tmp_path / "no").write_text("a file where the folder would be")      # (a missing folder is created)
    assert main(["report", "--variant", "classic_single_deck", "--out", str(tmp_path / "no" / "r.html"),
                 "--quiet"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_each_game_is_computed_once(classic_run):
    """The report, its chart and the published figure all read one TD search of the game (the
    figure's game is the game itself; no DAS here, so no second chart); the figure's verdict
    reads one more game, the reading that reproduces the card (drawing to split aces)."""
    _, searches, _ = classic_run
    assert searches == [(PRESETS["classic_single_deck"](), Shoe.decks(1), "CDZ-"),
                        (PRESETS["classic_single_deck"](hit_split_aces=True), Shoe.decks(1), "CDZ-")]


def test_one_progress_loop_moves_once_a_step(classic_run):
    _, _, loops = classic_run
    assert len(loops) == 1
    [(total, done)] = loops
    assert done == total > len(SECTIONS)   # (steps inside sections: figures, sweep points, chart steps)


def test_results_handed_out_are_copies(monkeypatch):
    searches = []
    monkeypatch.setattr(strategy, "total_dependent_game", _counting_searches(searches))
    games = _Games(Calculator(Rules(decks=1, max_split_hands=2)))
    first = games.result("TD")
    ev, by_up = first.ev, first.by_upcard.to_dict()
    first.ev, first._ev_by_up["A"] = 99.0, 99.0     # a caller spoiling its copy (its dict behind by_upcard too)
    again = games.result("TD")
    assert (again.ev, again.by_upcard.to_dict()) == (ev, by_up) and len(searches) == 1
    assert games.evs == {(Rules(decks=1, max_split_hands=2), "CDZ-", "TD"): ev}


def test_the_strategy_section_lists_every_cd_exception(classic):
    exceptions = chart(Calculator(PRESETS["classic_single_deck"]()), "CD").exceptions
    count = len(exceptions)
    text = classic.markdown()
    part = text[text.index("## 5. Strategy"):text.index("## 6. ")]
    every = part[part.index(f"#### Every one of the {count} exceptions"):]
    assert len([line for line in every.splitlines() if line.startswith("| ")]) == count + 1   # (+ header)
    top = part[part.index(f"#### The {TOP_EXCEPTIONS} most valuable of the {count} exceptions"):
               part.index(f"#### Every one of the {count} exceptions")]
    # the most valuable: by contribution to the house edge (gain times the chance of reaching the hand)
    worth = [float(line.split("|")[-2].strip(" %")) for line in top.splitlines() if re.match(r"\| [^h-]", line)]
    expected = sorted(exceptions["contribution"].map(float), reverse=True)[:TOP_EXCEPTIONS]
    assert worth == [round(value * 100, 6) for value in expected]
    page = classic.html()
    details = page[page.index("<details>"):page.index("</details>")]
    assert f"Every one of the {count} exceptions" in details and details.count("<tr>") == count + 1


def test_a_preset_with_rules_changed_gets_that_presets_sweep():
    rules = table_sets()["standard-1d-h17-das"]
    assert _preset_of(rules) == ("standard", {"decks": 1, "dealer_hits_soft_17": True})
    assert _preset_of(PRESETS["burn20"](), "burn20") == ("burn20", {})
    frame = edge_sweep("standard", rules=["decks", "dealer_hits_soft_17"], decks=(1, 2), base=rules)
    expected = [("decks", 1, rules, True), ("decks", 2, rules.replace(decks=2), False),
                ("dealer_hits_soft_17", False, rules.replace(dealer_hits_soft_17=False), False),
                ("dealer_hits_soft_17", True, rules, True)]
    assert [(r.rule, r.value, r.default) for r in frame.itertuples()] == [(a, b, d) for a, b, _, d in expected]
    assert frame["house_edge"].tolist() == [-float(Calculator(game).game().ev) * 100 for *_, game, _ in expected]
