"""An N-card Charlie (``Rules(charlie=N)``, ``--charlie N``): a hand of N cards that has not busted
wins at once.  The settlement states it once (:meth:`Settlement.stand_columns`), and every pass
reads it there: the engine's values, the round's distribution, the simulator.  Its numbers are
checked against the independent oracle in tests/oracles/test_brute_variants.py (hand values and
games, peek, ENHC and ENHC OBO) and by the registry battery (``standard+charlie=4``)."""

import numpy as np
import pytest

from bjcalc import Calculator, Rules
from bjcalc.cli import main
from bjcalc.core.errors import HandError, RulesError, StrategyError
from bjcalc.engine.settlement import Settlement

ONE_DECK = dict(decks=1, max_split_hands=2)


@pytest.fixture(scope="module")
def exact():
    return Calculator(Rules(charlie=5, **ONE_DECK), exact=True)


def test_without_a_charlie_the_stand_columns_are_the_totals():
    """The six columns of totals 16-21, each hand at its total's (16 or less: 16's)."""
    settlement = Settlement(Rules())
    total, cards = np.arange(4, 22), np.full(18, 5)
    columns, column = settlement.stand_columns(total, cards)
    assert (columns == settlement.stand_table()[16:22].T).all()
    assert (columns[:, column] == settlement.stand_table()[total].T).all()


def test_a_charlie_wins_every_outcome_but_a_blackjack_that_takes_any_hand():
    for hole, on_blackjack in (("peek", 0), ("enhc", -1), ("enhc_obo", 0)):
        row = Settlement(Rules(charlie=5, hole_card=hole)).stand_row(12, 5)
        assert row[:-1].tolist() == [1] * 10 and row[-1] == on_blackjack, hole
    assert Settlement(Rules(charlie=5)).stand_row(12, 4).tolist() == Settlement(Rules()).stand_row(12, 4).tolist()
    assert Settlement(Rules(charlie=5, dealer_22_pushes=True)).stand_row(20, 5)[22 - 17] == 1     # (it has won)


def test_a_hand_at_its_charlie_takes_no_more_cards_and_wins(exact):
    values = exact.hand("2,3,2,4", "T")      # (any card makes five cards of 21 or less)
    assert values["hit"] == 1 and values.best == "hit"
    with pytest.raises(HandError, match="a hand of 5 cards takes no more: its hands win \\(Charlie\\)"):
        exact.hand("2,2,2,3,A,2", "T")


def test_a_charlie_is_worth_more_the_fewer_its_cards_and_exact_equals_floats(exact):
    evs = [Calculator(Rules(charlie=n, **ONE_DECK)).game().ev for n in (5, 6, None)]
    assert evs[0] > evs[1] > evs[2]
    assert abs(float(exact.game().ev) - evs[0]) < 1e-12


def test_the_rule_is_said_and_checked():
    rules = Rules(charlie=6)
    assert rules.describe().endswith("6-card Charlie") and rules.most_hand_cards == 6
    assert "6-card Charlie: a hand of 6 cards that has not busted wins at once" in rules.chart_notes()
    assert Rules(charlie=5, max_hand_cards=6).most_hand_cards == 5
    with pytest.raises(RulesError, match="charlie=6 can never apply with max_hand_cards=5"):
        Rules(charlie=6, max_hand_cards=5)
    for bad in (2, 22, True, 4.5):
        with pytest.raises(RulesError, match="charlie must be None \\(no Charlie\\) or a whole number of cards"):
            Rules(charlie=bad)


def test_the_optimal_split_refuses_a_charlie():
    with pytest.raises(StrategyError, match="split strategy 'optimal' settles hands by their totals"):
        Calculator(Rules(charlie=5, **ONE_DECK), split_strategy="optimal").game()


def test_the_command_line_takes_charlie(capsys):
    assert main(["edge", "--decks", "1", "--split-hands", "2", "--charlie", "5"]) == 0
    assert "5-card Charlie" in capsys.readouterr().out
    assert main(["edge", "--charlie", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "charlie" in err
