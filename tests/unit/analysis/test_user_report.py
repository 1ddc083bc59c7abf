"""The game report as a client reads it: labels in words, one EV for the game, no engine message,
only this game's published figures (in percent, as house edges), rule effects drawn as differences
from the game, exceptions ranked by what they are worth per round, distinct colours for Dh/Ds and
P/Ph, a print stylesheet, no empty side-bets section, no README pointer, and a tables index
written for users.  Small games only (one deck, sections computed alone)."""

from __future__ import annotations

import re
import sys

import pandas as pd
import pytest

from bjcalc import Calculator, Rules
from bjcalc.analysis import report as report_module
from bjcalc.analysis.charts import chart
from bjcalc.analysis.render import _STYLE, chart_html, code_background, code_classes
from bjcalc.analysis.report import (CSS, TWO_HANDS, _effects_figure, client_text, most_valuable, report,
                                    rule_words, value_label)
from bjcalc.analysis.tables import table_sets, tables_index
from bjcalc.core.errors import BjcalcError
from bjcalc.game.variants import PRESETS

IDENTIFIERS = ("dealer_hits_soft_17", "enhc_obo", "double_after_split", "max_split_hands", "resplit_aces",
               "chart_action", "cd_action", "total_gain", "max_gain", "False", "True")


def test_rules_are_labelled_in_words_and_the_title_is_the_games():
    assert rule_words("dealer_hits_soft_17", False) == "Dealer hits soft 17: no"
    assert value_label("hole_card", "enhc_obo") == "no hole card, dealer BJ takes original bet only"
    # a sweep's readings of "double any two cards", and a game's own "any" with its soft doubles off
    assert [value_label("double_on", value) for value in ("any", "any hard")] == \
        ["any two cards", "any two cards, hard only"]
    assert value_label("double_on", "any", PRESETS["burn20"](double_on="any")) == "any two cards, hard only"
    page = report("burn20", sections=("rules",))
    text = page.html()
    assert "<h1>Blackjack Burn 20 (UK rules)</h1>" in text and "a bjcalc game report" not in text
    assert not [word for word in IDENTIFIERS if word in text.split("<footer>")[0]]
    assert "<td class=\"l\">Dealer hits soft 17</td>" in text and "leaves open" in text
    assert page.markdown().splitlines()[0] == "# Blackjack Burn 20 (UK rules)"


def test_the_open_rules_table_is_for_a_card_and_says_what_this_report_uses():
    changed = report(PRESETS["burn20"](dealer_hits_soft_17=True), sections=("rules",)).html()
    assert "yes (changed)" in changed and "bjcalc&#x27;s default here" not in changed
    assert "Blackjack Burn 20 (UK rules) (changed: dealer hits soft 17: yes)" in changed
    standard = report(Rules(dealer_hits_soft_17=True), sections=("rules",)).html()   # (no rule card)
    assert "leaves open" not in standard and "custom game" not in standard


def test_only_this_games_figures_in_percent_as_house_edges():
    uk = report_module._Game("burn20", PRESETS["burn20"](), Calculator(PRESETS["burn20"]()).shoe, "burn20", {},
                             report_module._Games(Calculator(PRESETS["burn20"]())))
    assert report_module._figures_of(uk) == ["burn20-card"]          # (not burn20-vegas: another game)
    text = report(Rules(decks=1, dealer_hits_soft_17=True), sections=("edges",)).markdown()
    row = next(line for line in text.splitlines() if "published as the player's)" in line)
    cells = row.split("|")
    assert cells[3:6] == [" 0.0072 % ", " 0.00802 % ", " 0.04398 % "]    # (Wizard's -0.000072, a fraction, once)


def test_the_distribution_states_the_games_own_figures_and_no_engine_message(monkeypatch):
    calc = Calculator(Rules(decks=1, max_split_hands=3))
    real = Calculator.outcomes
    message = "splitting 6,6 v 4 combines 163,765 rounds so far (limit 4,000,000); use max_split_hands=2"

    def refuse(self, *args, **kwargs):
        if self.rules.max_split_hands > 2:
            raise BjcalcError(message)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Calculator, "outcomes", refuse)
    page = report(calc, sections=("distribution",))
    text = page.html()
    assert "163,765" not in text and "max_split_hands" not in text and "Calculator" not in text
    own = calc.moments()
    assert f"<td class=\"l\">EV</td><td>{float(own.ev) * 100:+.4f} %</td>" in text     # the game's own EV first
    assert f"<h3>Distribution: {TWO_HANDS}</h3>" in text
    assert TWO_HANDS == "the same game with splits limited to 2 hands (an approximation for its distribution only)"


def test_the_rule_effects_are_drawn_as_differences_from_the_game():
    pytest.importorskip("matplotlib")
    bars = [("Decks: 8", 1.0531 - 1.0413, "decks"), ("Double on: hard 10-11", 1.0548 - 1.0413, "double_on"),
            ("Resplit aces: yes", 0.9803 - 1.0413, "resplit_aces")]
    figure = _effects_figure(bars, 1.0413)
    [axes] = figure.axes
    widths = [round(patch.get_width(), 6) for patch in axes.patches]
    assert widths == [round(change, 6) for _, change, _ in bars]       # (not 1.0531 and 1.0548 from 0)
    assert "1.0413 %" in axes.get_xlabel()


def test_exceptions_rank_by_their_worth_per_round():
    frame = pd.DataFrame({"up": ["6", "T"], "hand": ["A,A,A,A,5,2", "T,6"], "gain": [0.01, 0.001],
                          "contribution": [1e-9, 1e-5]})
    assert most_valuable(frame)["hand"].tolist() == ["T,6", "A,A,A,A,5,2"]


def test_dh_ds_and_p_ph_have_different_colours_in_chart_and_legend():
    assert len({code_background(code) for code in ("Dh", "Ds", "P", "Ph", "Ps", "H", "S")}) == 7
    assert code_classes("P") == "split" and code_classes("Ph") == "split else-hit"
    drawn = chart(Calculator(Rules(decks=1, max_split_hands=2)))
    fragment = chart_html(drawn)
    assert '<td class="double else-hit">Dh</td>' in fragment and '<td class="double else-stand">Ds</td>' in fragment
    assert '<span class="double else-stand">&nbsp;Ds&nbsp;</span>' in fragment
    assert ".double.else-stand" in _STYLE and "monospace" not in _STYLE


def test_one_font_family_and_a_print_stylesheet():
    assert len(re.findall(r"font-family", CSS)) == 1
    printed = CSS[CSS.index("@media print"):]
    assert "break-before:page" in printed and "print-color-adjust:exact" in printed and "details" in printed


def test_no_empty_side_bets_section_and_no_plot_credit_without_plots(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)   # (as if matplotlib were not installed)
    page = report(Calculator(Rules(decks=1, max_split_hands=2)), sections=("distribution", "side bets"))
    text = page.html()
    assert [section.key for section in page.sections] == ["distribution"]
    assert "plots by matplotlib" not in text and "pip install matplotlib" in text and "-e " not in text
    alone = report(Rules(decks=1, max_split_hands=2), sections=("side bets",)).markdown()
    assert "No side bet is offered" in alone


def test_no_readme_pointer_in_a_client_page():
    note = "the rules the source leaves open are burn20's defaults: see the README for the nearest readings"
    assert client_text(note) == "the rules the source leaves open are burn20's defaults"


def test_the_tables_index_speaks_to_users():
    index = tables_index(table_sets(), {"standard": ("0.5000", "0.4000")})
    for developer in ("tests/", "test_charts", "do not edit", "README"):
        assert developer not in index
    assert "`bjcalc tables --out FOLDER`" in index


def test_a_player_banked_games_rule_effects_read_as_house_edge_like_the_table_above():
    """(No Bust's "change in player EV" rows were shown as the player's figure under a house-edge
    table, and their reasons in the other sign.)"""
    text = report("no_bust_21st_century", sections=("edges",)).markdown()
    row = next(line for line in text.splitlines() if "blackjack paying 6:5" in line)
    cells = [cell.strip() for cell in row.split("|")]
    assert cells[2] == "change in house edge: blackjack paying 6:5 (published as the player's)"
    assert cells[3] == "1.39 %" and cells[4].startswith("1.3") and "gives 1.3948 % (TD)" in cells[6]


def test_a_refused_td_play_is_told_by_its_type_not_its_words():
    """The report shows a TD play the variant's round does not follow yet as not computed (a
    NotFollowedError, whatever its words); any other refusal is not swallowed."""
    from bjcalc.analysis.report import _td_refused
    from bjcalc.core.errors import NotFollowedError, StrategyError

    class Games:
        def __init__(self, error):
            self.error = error

        def result(self, strategy):
            if self.error:
                raise self.error
            return None

    assert _td_refused(Games(NotFollowedError("TD play is not followed here"))) == "TD play is not followed here"
    assert _td_refused(Games(None)) == ""
    with pytest.raises(StrategyError, match="something else"):
        _td_refused(Games(StrategyError("something else")))
