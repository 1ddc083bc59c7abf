"""A suited blackjack's own pay (``suited_blackjack_pays``): a quarter of naturals are of one suit
where suits are spread evenly, so the game is the plain game with a quarter of its natural
payout moved to the suited pay.  Checked as identities against the game without the rule, in
exact rationals: the EV, the round's distribution, its exact moments."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.cli import main
from bjcalc.core.errors import RulesError

SHOE = "A:4,5:4,6:4,7:4,T:8"      # (naturals, doubles and busts, small enough for exact rounds)
PLAIN = Rules(decks=1, max_split_hands=1)
SUITED = PLAIN.replace(suited_blackjack_pays="2:1")


def test_the_ev_moves_a_quarter_of_the_naturals_to_the_suited_pay():
    plain, suited, two = (Calculator(rules, shoe=SHOE, exact=True).game().ev
                          for rules in (PLAIN, SUITED, PLAIN.replace(blackjack_pays="2:1")))
    assert suited == plain + (two - plain) / 4 and suited != plain


def test_the_distribution_pays_a_quarter_of_the_naturals_two_to_one():
    plain, suited = (Calculator(rules, shoe=SHOE, exact=True).outcomes() for rules in (PLAIN, SUITED))
    naturals = plain.pmf[Fraction(3, 2)]     # (only a natural nets 3:2 here)
    expected = plain.pmf.copy()
    expected[Fraction(3, 2)] -= naturals / 4
    expected[Fraction(2)] += naturals / 4
    assert suited.pmf.to_dict() == expected.to_dict()
    assert suited.ev == Calculator(SUITED, shoe=SHOE, exact=True).game().ev


def test_the_moments_add_a_quarter_of_the_naturals_squared_pays():
    infinite = Shoe.infinite()
    rules = PLAIN.replace(decks=float("inf"))
    plain = Calculator(rules, shoe=infinite, exact=True)
    suited = Calculator(rules.replace(suited_blackjack_pays="2:1"), shoe=infinite, exact=True)
    naturals = plain.outcomes().pmf[Fraction(3, 2)]
    m_plain, m_suited = plain.moments(), suited.moments()
    second = m_plain.variance + m_plain.ev ** 2 + naturals / 4 * (Fraction(2) ** 2 - Fraction(3, 2) ** 2)
    assert m_suited.variance + m_suited.ev ** 2 == second
    assert m_suited.ev == m_plain.ev + naturals / 4 * Fraction(1, 2)


@pytest.mark.parametrize("argv, message", [
    (["--suited-bj", "2:1", "--burn20"], "--suited-bj is a rule of the standard round without Burn 20's redraw"),
    (["--suited-bj", "2:1", "--variant", "free_bet"], "--suited-bj is a rule of the standard round, not of free_bet's"),
    (["--suited-bj", "x"], "--suited-bj must be a ratio"),
])
def test_it_is_refused_in_one_line_where_suits_are_read_or_the_round_is_another(argv, message, capsys):
    assert main(["edge", "--quiet", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"bjcalc: error: {message}") and "\n" not in err


def test_it_is_stated_and_none_lifts_it():
    assert SUITED.describe().startswith("1 deck, S17, BJ pays 3:2 (suited 2:1), peek")
    assert repr(SUITED) == "Rules(decks=1, max_split_hands=1, suited_blackjack_pays='2:1')"
    with pytest.raises(RulesError, match="suited_blackjack_pays"):
        Rules(suited_blackjack_pays="-1")
