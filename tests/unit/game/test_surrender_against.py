"""Surrender offered against some up cards only (``surrender_against``): against each up card the
game is the surrender game where surrender is offered and the game without it elsewhere, to the
bit (an identity: each up card's values are computed apart)."""

from __future__ import annotations

import pytest

from bjcalc import Calculator, Rules
from bjcalc.analysis.charts import chart
from bjcalc.cli import main
from bjcalc.core.errors import RulesError

OFFERED = {"ten": {"T"}, "not_ace": {"2", "3", "4", "5", "6", "7", "8", "9", "T"}}


def _rows(rules: Rules, strategy: str) -> dict[str, float]:
    return {up: ev for up, _, ev, _ in Calculator(rules).game(strategy).rows()}


@pytest.mark.parametrize("against", ["ten", "not_ace"])
@pytest.mark.parametrize("surrender, hole", [("late", "peek"), ("early", "enhc")])
def test_each_up_card_is_the_surrender_game_or_the_game_without_it(against, surrender, hole):
    base = Rules(decks=1, max_split_hands=2, dealer_hits_soft_17=True, hole_card=hole)
    some = base.replace(surrender=surrender, surrender_against=against)
    for strategy in ("CD", "TD"):
        rows, every, none = (_rows(rules, strategy) for rules in (some, base.replace(surrender=surrender), base))
        assert rows == {up: (every if up in OFFERED[against] else none)[up] for up in rows}
        assert every != none        # (surrender is worth something here: the identity could fail)


def test_the_chart_surrenders_against_a_ten_only_and_hands_say_so():
    base = Rules(decks=1, max_split_hands=2, dealer_hits_soft_17=True)
    ten = Calculator(base.replace(surrender="late", surrender_against="ten"))
    table = chart(ten).table
    every, none = (chart(Calculator(rules)).table for rules in (base.replace(surrender="late"), base))
    assert (table["T"] == every["T"]).all() and table.drop(columns="T").equals(none.drop(columns="T"))
    assert table["T"].str.startswith("R").any()
    assert "surrender" in ten.hand("T,6", "T") and "surrender" not in ten.hand("T,6", "9")
    assert ten.rules.describe().endswith("late surrender against a ten only")


def test_it_needs_surrender_of_the_first_two_cards(capsys):
    for surrender in ("none", "any_time"):
        with pytest.raises(RulesError, match="needs --surrender late or early|needs surrender='late'"):
            Rules(surrender=surrender, surrender_against="ten")
    assert main(["edge", "--surrender-against", "ten"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("bjcalc: error: --surrender-against ten needs --surrender late or early (surrender of the "
                   "first two cards), not none")
