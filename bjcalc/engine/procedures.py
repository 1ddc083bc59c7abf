"""The one place where :class:`~bjcalc.core.rules.Rules` become procedures: the dealer's
procedure (a hook object the engine asks, never a flag it reads) and the settlement.

A new variant dealer is a :class:`~bjcalc.engine.dealer.StandardDealer` subclass
overriding its do-nothing hooks (``outcome``, ``special_outcomes``,
``length_procedure`` and ``special_lengths`` (hands by length), ``burns_cards``,
``most_cards_burned``, ``hole_blackjack_share``), chosen here; a new way of paying is a
:class:`~bjcalc.engine.settlement.Settlement` hook.

>>> from bjcalc.core.cards import Shoe
>>> from bjcalc.core.rules import Rules
>>> type(dealer_procedure(Rules(), Shoe.decks(6))).__name__, type(dealer_procedure(Rules(burn_20=True), Shoe.decks(6))).__name__
('StandardDealer', 'Burn20Dealer')
>>> settlement(Rules()).peeks
True
"""

from __future__ import annotations

from fractions import Fraction

from ..core.cards import Shoe
from ..core.errors import ShoeError
from ..core.words import suited_shoe
from ..core.rules import Rules
from .burn20 import Burn20Dealer
from .dealer import StandardDealer
from .settlement import Settlement

__all__ = ["dealer_procedure", "burn20_share", "settlement"]


def settlement(rules: Rules) -> Settlement:
    """What finished hands win or lose under these rules."""
    return Settlement(rules)


def dealer_procedure(rules: Rules, shoe: Shoe) -> StandardDealer:
    """The dealer's procedure for these rules (Burn 20's redraw, or the standard dealer)."""
    if not rules.burn_20:
        return StandardDealer(rules.dealer_hits_soft_17)
    return Burn20Dealer(rules.dealer_hits_soft_17, burn20_share(shoe))


def burn20_share(shoe: Shoe) -> Fraction:
    """Chance that an ace in the hole under a ten shares the ten's suit, for a suit-blind player.

    The up card is a ten of suit s with chance t_s/T and a hole ace is of suit s with
    chance a_s/A (t, a: tens and aces by suit before the round), whatever else is drawn,
    so the share is sum(t_s a_s)/(T A); the dealer's outcomes are linear in it, so the
    mixture over the up card's suit is exact.  1/4 for whole decks and the infinite deck.

    >>> burn20_share(Shoe.decks(6)), burn20_share(Shoe.from_cards(["KS", "TH", "AS", "AD"]))
    (Fraction(1, 4), Fraction(1, 4))
    """
    if shoe.is_infinite:
        return Fraction(1, 4)
    if shoe.suit_counts is None:
        raise ShoeError(f"Burn 20 needs the suits of the aces and tens: {suited_shoe()}")
    aces = shoe.suit_counts[0]
    tens = [sum(shoe.suit_counts[r][s] for r in range(9, 13)) for s in range(4)]
    if sum(aces) == 0 or sum(tens) == 0:
        return Fraction(1, 4)      # no ace or no ten: the share never matters
    return Fraction(sum(t * a for t, a in zip(tens, aces)), sum(tens) * sum(aces))
