"""Kinds of deck: the standard 52 cards and the Spanish 48 (no pip tens), as shoes, in words, and
dealt by the engine.  The infinite Spanish deck's game is checked against the independent
infinite-deck recursion of tests/oracles/infinite_deck.py given a Spanish deck's proportions."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.core.cards import DECKS, SPANISH_DECK, STANDARD_DECK
from bjcalc.core.errors import ShoeError
from bjcalc.game.variant import Variant
from oracles.infinite_deck import Q, SPANISH_Q, InfiniteDeck

GRIFFIN = Rules(decks=math.inf, dealer_hits_soft_17=False, double_on="any", double_after_split=False,
                max_split_hands=2, hole_card="peek", blackjack_pays="3:2")


def test_a_spanish_deck_is_48_cards_without_the_pip_tens():
    shoe = Shoe.decks(6, "spanish")
    assert shoe.total == 288 and shoe["T"] == 72 and shoe.rank_counts[9] == 0
    assert shoe.value_counts() == (24,) * 9 + (72,)
    assert shoe.suit_counts is not None and shoe["JS"] == 6 and shoe.suit_counts[9] == (0, 0, 0, 0)
    assert Shoe.decks(6, SPANISH_DECK) == shoe and Shoe.decks(6, "Spanish") == shoe
    assert SPANISH_DECK.size == 48 and STANDARD_DECK.size == 52 and set(DECKS) == {"standard", "spanish"}


def test_a_spanish_shoe_says_what_it_is_and_rebuilds_from_its_repr():
    shoe = Shoe.decks(2, "spanish")
    assert shoe.describe() == "2 Spanish decks" and repr(shoe) == "Shoe.decks(2, 'spanish')"
    assert eval(repr(shoe)) == shoe and eval(repr(Shoe.infinite("spanish"))) == Shoe.infinite("spanish")
    assert shoe.remove("K").describe() == "2 Spanish decks less K (95 cards)"
    assert shoe.whole() == (SPANISH_DECK, 2) and Shoe.decks(2).whole() == (STANDARD_DECK, 2)
    assert Shoe.infinite("spanish").describe() == "infinite Spanish deck"
    assert Shoe.infinite("spanish").probability("T") == Fraction(1, 4)
    assert Rules(decks=2).describe(shoe).startswith("2 Spanish decks, S17")
    # by value (which ten ranks hold the tens is not asked), 4 of each and 12 tens is one Spanish deck
    assert Shoe.from_counts([4] * 9 + [12]).deck_words() == "1 Spanish deck"


def test_an_unknown_deck_is_refused_in_one_line():
    with pytest.raises(ShoeError, match="deck must be one of standard, spanish, not 'french'"):
        Shoe.decks(6, "french")


def test_a_variant_deals_its_own_kind_of_deck():
    class Spanish(Variant):
        deck = SPANISH_DECK

    assert Spanish().shoe(Rules(decks=8)) == Shoe.decks(8, "spanish")
    assert Variant().shoe(Rules(decks=8)) == Shoe.decks(8)


@pytest.mark.parametrize("h17", [False, True])
def test_the_infinite_spanish_deck_equals_the_independent_recursion_exactly(h17):
    rules = GRIFFIN.replace(dealer_hits_soft_17=h17)
    ours = Calculator(rules, Shoe.infinite("spanish"), exact=True).game().ev
    theirs = InfiniteDeck(h17=h17, q=SPANISH_Q).game()
    assert Fraction(int(ours.p), int(ours.q)) == theirs
    assert theirs != InfiniteDeck(h17=h17, q=Q).game()      # (the deck matters: the check can fail)


def test_spanish_decks_cost_the_player_what_the_pip_tens_gave():
    """Taking the pip tens out is worth about 2 % of the bet to the house at 6 decks (the known
    order of Spanish 21's cost before its rules give it back); and a Spanish shoe states itself."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")        # (6 Spanish decks are 6 decks: no disagreement to warn of)
        calc = Calculator(Rules(decks=6), Shoe.decks(6, "spanish"))
    standard = Calculator(Rules(decks=6)).game().ev
    assert calc.rules.decks == 6 and calc.assumptions().shoe == "6 Spanish decks"
    assert 0.015 < standard - calc.game().ev < 0.03
