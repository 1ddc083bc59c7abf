"""Total-dependent basic strategy: chart, EV bounds and identities."""

import functools
import io
import re
import warnings

import pandas as pd
import pytest

from bjcalc import Calculator, Rules, Shoe

# The well-known basic strategy for 4-8 decks, dealer stands on soft 17, double any two cards,
# double after split, no surrender (Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy",
# S17 DAS chart; written here by hand).  Columns: dealer 2 3 4 5 6 7 8 9 T A.
# Codes: H hit, S stand, Dh double else hit, Ds double else stand, P split.
PUBLISHED_6D_S17_DAS = """
hard 5    H  H  H  H  H  H  H  H  H  H
hard 6    H  H  H  H  H  H  H  H  H  H
hard 7    H  H  H  H  H  H  H  H  H  H
hard 8    H  H  H  H  H  H  H  H  H  H
hard 9    H  Dh Dh Dh Dh H  H  H  H  H
hard 10   Dh Dh Dh Dh Dh Dh Dh Dh H  H
hard 11   Dh Dh Dh Dh Dh Dh Dh Dh Dh H
hard 12   H  H  S  S  S  H  H  H  H  H
hard 13   S  S  S  S  S  H  H  H  H  H
hard 14   S  S  S  S  S  H  H  H  H  H
hard 15   S  S  S  S  S  H  H  H  H  H
hard 16   S  S  S  S  S  H  H  H  H  H
hard 17   S  S  S  S  S  S  S  S  S  S
hard 18   S  S  S  S  S  S  S  S  S  S
hard 19   S  S  S  S  S  S  S  S  S  S
hard 20   S  S  S  S  S  S  S  S  S  S
hard 21   S  S  S  S  S  S  S  S  S  S
soft 13   H  H  H  Dh Dh H  H  H  H  H
soft 14   H  H  H  Dh Dh H  H  H  H  H
soft 15   H  H  Dh Dh Dh H  H  H  H  H
soft 16   H  H  Dh Dh Dh H  H  H  H  H
soft 17   H  Dh Dh Dh Dh H  H  H  H  H
soft 18   S  Ds Ds Ds Ds S  S  H  H  H
soft 19   S  S  S  S  S  S  S  S  S  S
soft 20   S  S  S  S  S  S  S  S  S  S
soft 21   S  S  S  S  S  S  S  S  S  S
pair 2,2  P  P  P  P  P  P  H  H  H  H
pair 3,3  P  P  P  P  P  P  H  H  H  H
pair 4,4  H  H  H  P  P  H  H  H  H  H
pair 5,5  Dh Dh Dh Dh Dh Dh Dh Dh H  H
pair 6,6  P  P  P  P  P  H  H  H  H  H
pair 7,7  P  P  P  P  P  P  H  H  H  H
pair 8,8  P  P  P  P  P  P  P  P  P  P
pair 9,9  P  P  P  P  P  S  P  P  S  S
pair T,T  S  S  S  S  S  S  S  S  S  S
pair A,A  P  P  P  P  P  P  P  P  P  P
"""


def _published() -> pd.DataFrame:
    rows = [line.split() for line in PUBLISHED_6D_S17_DAS.strip().splitlines()]
    return pd.DataFrame([r[2:] for r in rows], index=[" ".join(r[:2]) for r in rows],
                        columns=["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"])


def test_td_chart_6_decks_s17_das_matches_the_published_chart():
    chart = Calculator(Rules(decks=6, dealer_hits_soft_17=False, double_after_split=True)).game("TD").strategy.chart()
    published = _published()
    differences = [(row, col, chart.loc[row, col], published.loc[row, col])
                   for row in published.index for col in published.columns
                   if chart.loc[row, col] != published.loc[row, col]]
    assert differences == []


SHOES = {"1deck": Shoe.decks(1), "2decks": Shoe.decks(2), "6decks": Shoe.decks(6),
         "depleted": Shoe.from_counts({"A": 3, 2: 4, 3: 3, 4: 4, 5: 2, 6: 4, 7: 4, 8: 3, 9: 4, "T": 14})}
RULES = {"S17-DAS": Rules(), "H17-noDAS-LS": Rules(dealer_hits_soft_17=True, double_after_split=False, surrender="late"),
         "ENHC-9-11": Rules(hole_card="enhc", double_on="9-11"),
         "OBO-ES-HSA": Rules(hole_card="enhc_obo", surrender="early", hit_split_aces=True)}


@pytest.mark.parametrize("shoe", list(SHOES))
@pytest.mark.parametrize("rules", list(RULES))
def test_td_is_never_above_cd_with_optimal_post_split_play(shoe, rules):
    # CDP1 plays each split hand optimally given its own cards (and the removed pair card), so no
    # total-dependent play can beat it; under CDZ- (pre-split decisions) that bound need not hold.
    calc = Calculator(RULES[rules], shoe=SHOES[shoe], split_strategy="CDP1")
    assert calc.game("TD").ev <= calc.game("CD").ev


# TD equals CD exactly in the infinite deck (S17 and H17): checked with the CD game it is compared
# with, which the independent infinite-deck recursion checks too, in
# tests/published/test_published.py::test_infinite_deck_game_equals_independent_recursion_exactly.


def test_td_in_exact_mode_agrees_with_floats():
    # (half a deck: the agreement does not depend on the shoe's size, and "depleted", 45 cards, took 2.5x as long)
    shoe = Shoe.from_counts({"A": 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, "T": 8})
    rules = Rules(max_split_hands=2)     # any game will do; resplitting is checked in test_splits
    exact = Calculator(rules, shoe=shoe, exact=True).game("TD")
    floating = Calculator(rules, shoe=shoe).game("TD")
    assert abs(float(exact.ev) - floating.ev) < 1e-12
    assert exact.strategy.chart().equals(floating.strategy.chart())


def test_td_result_states_its_strategy():
    result = Calculator(Rules(decks=2)).game("TD")
    assert "total-dependent" in result.assumptions.strategy
    assert "total-dependent" in str(result)


# -- a chart a player brings, valued exactly ------------------------------------------------------
from fractions import Fraction  # noqa: E402

from bjcalc import StrategyError  # noqa: E402
from bjcalc.cli import main  # noqa: E402
from bjcalc.game.strategy import TotalDependentStrategy, chart_strategy, read_chart  # noqa: E402
from bjcalc.game.variants import VARIANTS  # noqa: E402

ONE_DECK = Rules(decks=1, max_split_hands=2)


@functools.lru_cache(maxsize=None)
def _one_deck_td():
    """The 1-deck game's TD result (its chart: ``.strategy.chart()``, a new table each time)."""
    return Calculator(ONE_DECK).game("TD")


SMALL_SHOE = "A:2,2:2,5:2,6:2,8:3,9:2,T:8"
"""A 21-card shoe (exact play is quick on it), with pairs Free Bet splits free."""

HALF_SHOE = "A:2,2:2,3:2,4:2,5:2,6:2,7:2,8:2,9:2,T:8"
"""Half a deck: a chart with every kind of code (DAS codes, printed surrender codes) in exact play."""


def _written_chart(tmp_path, flags):
    """The CSV ``bjcalc chart --format csv`` writes for these rule flags, and its path."""
    path = tmp_path / "chart.csv"
    assert main(["chart", *flags, "--format", "csv", "--out", str(path), "--quiet"]) == 0
    return path


@pytest.mark.parametrize("rules, flags", [
    (Rules(decks=1, max_split_hands=2, dealer_hits_soft_17=True, surrender="late", max_hand_cards=5),
     ["--shoe", HALF_SHOE, "--split-hands", "2", "--h17", "--surrender", "late", "--max-cards", "5"]),
    (VARIANTS["free_bet"].rules(decks=1, max_split_hands=2),
     ["--variant", "free_bet", "--shoe", SMALL_SHOE, "--split-hands", "2"]),
], ids=["half deck H17 LS", "Free Bet small shoe"])
def test_the_td_chart_bjcalc_writes_is_valued_at_the_td_ev_exactly(rules, flags, tmp_path):
    """Chart, CSV, chart: the exact EV of the chart read back is the TD strategy's, to the last digit
    (through --chart --exact too: tests/unit/cli).  The half deck's hands stand at five cards, which
    halves the exact work (the identity does not depend on the shoe's size: six decks took three
    times as long); its chart has DAS codes (Ph) and printed surrender codes (Rh+S); Free Bet's
    has its free doubles and splits, whose split hands carry the free chip."""
    path = _written_chart(tmp_path, flags)
    if rules.surrender != "none":
        assert {"Ph", "Rh+S"} <= set(read_chart(path).values.ravel())
    shoe = Shoe.of(flags[flags.index("--shoe") + 1])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules' decks give way to the shoe)
        calc = Calculator(rules, shoe, exact=True)
    best, mine = calc.game("TD"), calc.game(path)
    assert Fraction(str(mine.ev)) == Fraction(str(best.ev)) and mine.ev == best.ev
    assert mine.strategy_name == "chart" and str(path) in mine.assumptions.strategy
    assert calc.game(str(path)).ev == best.ev       # (a str that names the file reads it too)


def test_a_changed_cell_costs_what_the_game_says_and_the_result_names_the_chart():
    calc = Calculator(ONE_DECK)
    best = calc.game("TD")
    card = best.strategy.chart()
    card.loc["hard 16", "T"] = "S"
    mine = calc.game(card)
    assert mine.ev < best.ev
    assert mine.assumptions.strategy.startswith("the chart given (a chart table), played as written")
    assert mine.assumptions.split_strategy == "split hands follow the chart given"
    assert "basic strategy" not in mine.assumptions.strategy and "played as written" in str(mine)
    assert calc.game(TotalDependentStrategy.from_chart(card)).ev == mine.ev
    no_splits = Calculator(Rules(decks=1, max_split_hands=1))
    assert no_splits.game(card.drop(index=[row for row in card.index if row.startswith("pair")])).assumptions \
        .split_strategy == "no splitting"     # (where pairs do not split, a chart may leave them out)


def test_read_chart_skips_comments_and_ends_at_a_cd_charts_exceptions():
    table = _one_deck_td().strategy.chart()
    text = ("# Basic strategy with composition-dependent exceptions\n\n" + table.to_csv(index_label="hand")
            + "\nup,hand,cards,row\n2,\"T,3\",2,hard 13\n")
    read = read_chart(text)
    assert read.equals(table) and read.index.name == "hand"
    assert read_chart(io.StringIO(text)).equals(table)


@pytest.mark.parametrize("change, words", [
    (lambda t: t.rename(columns={"T": "10"}), "the chart table: unknown up card column '10'; columns are 2-9"),
    (lambda t: t.drop(columns="A"), "no column for up card A"),
    (lambda t: t.set_axis(list(t.columns[:-1]) + ["T"], axis=1), "up card column 'T' appears 2 times"),
    (lambda t: t.rename(index={"hard 12": "hard 22"}), "unknown row 'hard 22'"),
    (lambda t: t.rename(index={"hard 12": "hard 16"}), "row 'hard 16' appears 2 times"),
    (lambda t: t.drop(index="soft 13"), "no row for soft 13"),
    (lambda t: t[[not row.startswith("pair") for row in t.index]], "no row for pair 2,2 to pair A,A"),
    (lambda t: t.iloc[:0], "the chart table is empty"),
    (lambda t: _cell(t, "hard 16", "T", "X"), "unknown chart code 'X' at hard 16 v T; codes: H, S, D, Dh"),
    (lambda t: _cell(t, "hard 16", "7", "Ph"), "chart code 'Ph' at hard 16 v 7: a total's codes are H, S"),
    (lambda t: _cell(t, "pair 8,8", "A", "P+D"), "chart code 'P+D' at pair 8,8 v A: only a total's code"),
    (lambda t: _cell(t, "hard 16", "T", "Rh+S"), "chart code 'Rh+S' at hard 16 v T plays H on two cards "
                                                  "(surrender is not offered)"),
    (lambda t: _cell(t, "hard 9", "6", None), "unknown chart code '' at hard 9 v 6"),
])
def test_a_chart_is_checked_and_each_refusal_names_its_row_column_or_code(change, words):
    table = _one_deck_td().strategy.chart()
    with pytest.raises(StrategyError, match=re.escape(words)):
        chart_strategy(change(table), ONE_DECK)


def _cell(table, row, up, code):
    table = table.copy()
    table.loc[row, up] = code
    return table


def test_a_chart_column_of_dashes_plays_no_up_card_and_is_refused_where_the_shoe_deals_it():
    table = _one_deck_td().strategy.chart()
    table["7"] = "-"
    assert 7 not in chart_strategy(table, ONE_DECK)
    with pytest.raises(StrategyError, match="a chart table has no decisions against up card 7, which the shoe deals"):
        Calculator(ONE_DECK).game(table)
    with pytest.raises(StrategyError, match="strategy must be 'CD', 'TD' or a chart"):
        Calculator(ONE_DECK).game(42)
