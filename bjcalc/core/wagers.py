"""What a chip on a hand pays when the hand wins, pushes or loses.

A finished hand carries one or more chips; its result is the sum of its chips' results.
A money chip of one unit pays +1 on a win, 0 on a push and -1 on a loss; a free chip
(Free Bet Blackjack's free double and free split) pays +1 on a win and nothing otherwise,
since the house, not the player, put it up.  A double adds a chip to its hand, a split
puts a chip on the new hand; which chip each action adds is the variant's to say
(:class:`bjcalc.game.variants.Variant`), and the engine values each kind of chip with its
own payoff table (:class:`bjcalc.engine.settlement.Settlement`).

>>> MONEY.pays(1), MONEY.pays(-1), FREE_CHIP.pays(1), FREE_CHIP.pays(-1)
(1, -1, 1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["Wager", "MONEY", "FREE_CHIP", "WAGERS", "doubled", "DOUBLE_STAKE", "SURRENDER_LOSS", "INSURANCE_STAKE",
           "INSURANCE_PAYS", "insurance_value", "surrender_value"]


@dataclass(frozen=True)
class Wager:
    """One unit chip: its name and what it pays on a win, a push and a loss of its hand."""

    name: str
    win: int
    push: int
    loss: int

    def pays(self, result: int) -> int:
        """What the chip pays for a unit money result (+1 win, 0 push, -1 loss; a natural's
        bonus is the round's to pay, not a chip's).

        >>> FREE_CHIP.pays(0)
        0
        """
        return self.win if result > 0 else self.push if result == 0 else self.loss


MONEY = Wager("money", 1, 0, -1)
FREE_CHIP = Wager("free", 1, 0, 0)
WAGERS = {wager.name: wager for wager in (MONEY, FREE_CHIP)}
"""Every kind of chip by name."""


def doubled(own: Wager, added: Wager) -> tuple[Wager, Wager]:
    """The chips on a doubled hand: its own and the one the double adds (one more card, no
    redoubling).

    >>> [chip.name for chip in doubled(MONEY, FREE_CHIP)]
    ['money', 'free']
    """
    return own, added


DOUBLE_STAKE = len(doubled(MONEY, MONEY))
"""Units of its own chip a hand stakes once doubled with another of the same: 2.  The engine values
such a double as this many times the hand's value standing after one more card (its passes, the
optimal split and the compiled kernel all take it from here), and a round that adds another kind of
chip pays each chip by its own table."""


SURRENDER_LOSS = Fraction(1, 2)
"""What a surrendered hand gives up, per unit of its bet: half (the other half is returned)."""

INSURANCE_STAKE = Fraction(1, 2)
"""The insurance bet, per unit initial bet: half of it."""

INSURANCE_PAYS = 2
"""What insurance pays per unit staked when the dealer has a blackjack (2:1); it loses its stake
otherwise."""


def surrender_value(blackjack: Any, blackjack_payoff: Any, loss: Any = SURRENDER_LOSS) -> Any:
    """Joint value of surrendering a hand when the dealer has a blackjack with chance
    ``blackjack``: ``loss`` (:data:`SURRENDER_LOSS`, or it in the caller's arithmetic) is given up
    without one; with one the hand is settled as it stands, by ``blackjack_payoff`` (what the
    hand's table pays a unit bet on a dealer blackjack: -1, or 0 where the dealer takes the
    original bet only), as for late surrender.  (Early surrender, before the dealer checks,
    gives up ``loss`` on a dealer blackjack too: the round says so.)

    >>> surrender_value(0, -1), surrender_value(Fraction(1, 3), -1), surrender_value(Fraction(1, 3), 0)
    (Fraction(-1, 2), Fraction(-2, 3), Fraction(-1, 3))
    """
    return -loss * (1 - blackjack) + blackjack_payoff * blackjack


def insurance_value(blackjack: Any, stake: Any = INSURANCE_STAKE) -> Any:
    """Insurance's value per unit initial bet when the dealer has a blackjack with chance
    ``blackjack``: ``stake`` (:data:`INSURANCE_STAKE`, or it in the caller's arithmetic) wins
    ``INSURANCE_PAYS`` times itself or is lost.

    >>> insurance_value(Fraction(1, 3)), insurance_value(Fraction(4, 13))
    (Fraction(0, 1), Fraction(-1, 26))
    """
    return stake * ((INSURANCE_PAYS + 1) * blackjack - 1)
