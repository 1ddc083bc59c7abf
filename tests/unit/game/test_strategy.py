"""Total-dependent basic strategy: chart, EV bounds and identities."""

import math

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


@pytest.mark.parametrize("h17", [False, True])
def test_td_equals_cd_exactly_in_the_infinite_deck(h17):
    # With an infinite deck a hand's cards never change what comes next, so the best play depends
    # on the total alone and TD is optimal.
    calc = Calculator(Rules(decks=math.inf, dealer_hits_soft_17=h17, max_split_hands=2), exact=True)
    assert calc.game("TD").ev == calc.game("CD").ev


def test_td_in_exact_mode_agrees_with_floats():
    shoe = SHOES["depleted"]
    rules = Rules(max_split_hands=2)     # any game will do; resplitting is checked in test_splits
    exact = Calculator(rules, shoe=shoe, exact=True).game("TD")
    floating = Calculator(rules, shoe=shoe).game("TD")
    assert abs(float(exact.ev) - floating.ev) < 1e-12
    assert exact.strategy.chart().equals(floating.strategy.chart())


def test_td_result_states_its_strategy():
    result = Calculator(Rules(decks=2)).game("TD")
    assert "total-dependent" in result.assumptions.strategy
    assert "total-dependent" in str(result)
