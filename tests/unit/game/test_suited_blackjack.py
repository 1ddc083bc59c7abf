"""A suited blackjack's own pay (``suited_blackjack_pays``): a quarter of naturals are of one suit
where suits are spread evenly, so the game is the plain game with a quarter of its natural
payout moved to the suited pay.  Checked as identities against the game without the rule, in
exact rationals: the EV, the round's distribution, its exact moments.  A shoe whose suits are
not spread evenly has its own share (every natural suited, none, a half), checked against the
games whose blackjack pays the suited or the plain pay."""

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


CARDS = "AS AH TS TS TH TH 4C 6C 6C 8C 8C 9C 9C 9C"
"""14 cards, a natural's ace and ten of one suit with chance (1 x 2 + 1 x 2) / (2 x 4) = 1/2."""


@pytest.mark.parametrize("cards, share", [
    (CARDS, Fraction(1, 2)),
    (CARDS.replace("AH", "AS").replace("TH", "TS"), Fraction(1)),      # (every natural suited)
    (CARDS.replace("AH", "AD").replace("TS", "TC").replace("TH", "TC"), Fraction(0)),   # (none: A of S, D; tens C)
])
def test_a_shoe_with_uneven_suits_pays_its_own_share_of_naturals_suited(cards, share):
    shoe = Shoe.from_cards(cards)
    rules = PLAIN.replace(max_split_hands=2)
    plain, suited, two = (Calculator(r, shoe=shoe, exact=True) for r in
                          (rules, rules.replace(suited_blackjack_pays="2:1"), rules.replace(blackjack_pays="2:1")))
    assert shoe.suited_natural_chance() == share
    assert suited.game().ev == plain.game().ev + share * (two.game().ev - plain.game().ev)
    assert suited.outcomes().ev == suited.game().ev
    assert f"suited naturals {share} of naturals (from the shoe's suits)" in suited.assumptions().shoe


@pytest.mark.parametrize("suit, share", [("spades", Fraction(1, 4)), ("hearts", Fraction(1, 4)),
                                         ("clubs", Fraction(0))])
def test_a_bonus_blackjack_in_one_suit_pays_that_suits_share_of_naturals(suit, share):
    shoe = Shoe.from_cards(CARDS)      # (A of S and H, tens two of each: 1 x 2 / (2 x 4) a suit)
    rules = PLAIN.replace(max_split_hands=2)
    plain, one_suit, two = (Calculator(r, shoe=shoe, exact=True) for r in (
        rules, rules.replace(suited_blackjack_pays="2:1", suited_blackjack_suit=suit),
        rules.replace(blackjack_pays="2:1")))
    assert one_suit.game().ev == plain.game().ev + share * (two.game().ev - plain.game().ev)
    assert one_suit.outcomes().ev == one_suit.game().ev
    assert f"naturals suited in {suit} {share} of naturals (from the shoe's suits)" in one_suit.assumptions().shoe
    assert one_suit.rules.describe().split(", ")[2] == f"BJ pays 3:2 (suited {suit} 2:1)"


def test_a_bonus_blackjack_in_one_suit_is_a_sixteenth_of_naturals_in_whole_decks():
    plain, spades, two = (Calculator(rules, shoe=SHOE, exact=True).game().ev for rules in (
        PLAIN, SUITED.replace(suited_blackjack_suit="spades"), PLAIN.replace(blackjack_pays="2:1")))
    assert spades == plain + (two - plain) / 16
    assert Shoe.decks(2).suited_natural_chance(suit=0) == Fraction(1, 16)


def test_a_shoe_without_suits_is_taken_as_spread_evenly_and_says_so():
    calc = Calculator(SUITED, shoe=SHOE)
    assert calc.assumptions().shoe.endswith("suited naturals 1/4 of naturals (the shoe counts ranks only: "
                                            "suits taken as spread evenly)")
    assert "suited" not in Calculator(PLAIN, shoe=SHOE).assumptions().shoe


@pytest.mark.parametrize("argv, message", [
    (["--suited-bj", "2:1", "--burn20"], "--suited-bj is a rule of the standard round without Burn 20's redraw"),
    (["--suited-bj", "2:1", "--variant", "free_bet"], "--suited-bj is a rule of the standard round, not of free_bet's"),
    (["--suited-bj", "x"], "--suited-bj must be a ratio"),
    (["--suited-bj-suit", "spades"], "--suited-bj-suit spades names the suit of --suited-bj, which is none"),
    (["--suited-bj", "2:1", "--suited-bj-suit", "spade"], "argument --suited-bj-suit: invalid choice: 'spade'"),
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


SUITED_SHOE = "AS AS AH AD AC TS TS TH KD QC JS 2S 3H 4D 5C 6S 7H 8D 9C 9S".split()
"""20 cards with suits: two aces of spades, so a spade natural can still be dealt with one gone."""


@pytest.mark.parametrize("play", ["fixed", "reoptimized"])
def test_the_effect_of_removing_an_ace_is_the_mean_over_its_suits_where_one_suit_pays_more(play):
    """With spade naturals paid 2:1, removing an ace of spades is not removing any ace: the effect
    of an ace is the mean over the shoe's aces of the shoe each leaves (exactly, in rationals)."""
    import warnings

    rules = Rules(decks=1, suited_blackjack_pays="2:1", suited_blackjack_suit="spades", max_split_hands=1)
    shoe = Shoe.from_cards(SUITED_SHOE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules' deck gives way to the shoe)
        full = Calculator(rules, shoe, exact=True)
        effects = full.effects_of_removal(play)
        left = [shoe.without(ace) for ace in ("AS", "AS", "AH", "AD", "AC")]
        if play == "fixed":
            depleted = [full.play_on(one).ev for one in left]
        else:
            depleted = [Calculator(rules, one, exact=True).game().ev for one in left]
    assert effects["A"] == sum(depleted) / 5 - full.game().ev
    assert depleted[0] != depleted[2]          # (the suits differ: a merged removal would be wrong)
