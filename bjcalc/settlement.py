"""Settlement: what a finished player hand wins or loses against each dealer outcome.

The engine works with *joint* values: the expected result of a hand including
the dealer-blackjack cases it can lose to.  Where a dealer blackjack takes only
the original bet (a peek game, where the player never gets to act, and ENHC
"original bet only") that loss is the same whatever the player does, so it is
charged once per round (:meth:`Settlement.round_blackjack_loss`) and the hand's
own table pays 0 on a dealer blackjack.  Where it takes every bet (ENHC), the
hand's table charges the whole bet.

>>> from bjcalc.rules import Rules
>>> s = Settlement(Rules())
>>> s.stand_table()[18].tolist()
[1, 0, -1, -1, -1, 1, 1, 1, 1, 1, 0]
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from .dealer import BLACKJACK, N_OUTCOMES
from .rules import Rules


class Settlement:
    """Payoffs of the standard game for a unit bet; variants override the hooks."""

    def __init__(self, rules: Rules):
        self.rules = rules

    @property
    def blackjack_takes_whole_bet(self) -> bool:
        """Whether a dealer blackjack found after the players act takes doubles and splits too."""
        return self.rules.hole_card == "enhc"

    @property
    def hand_blackjack_payoff(self) -> int:
        """What a unit bet of a non-natural hand gets in the hand's own table on a dealer blackjack."""
        return -1 if self.blackjack_takes_whole_bet else 0

    def stand_table(self) -> np.ndarray:
        """Payoff (rows: player total 0-21, columns: dealer outcome) of a standing unit bet."""
        table = np.zeros((22, N_OUTCOMES), dtype=np.int64)
        for total in range(22):
            for outcome in range(BLACKJACK):
                dealer = 17 + outcome
                table[total, outcome] = 1 if dealer > 21 or total > dealer else (0 if total == dealer else -1)
            table[total, BLACKJACK] = self.hand_blackjack_payoff
        return table

    def bust_payoff(self) -> int:
        """What a busted unit bet gets when the dealer has no blackjack."""
        return -1

    def natural_payout(self) -> Fraction:
        """What a player natural wins when the dealer has none (a dealer natural pushes it)."""
        return Fraction(self.rules.blackjack_pays)

    def round_blackjack_loss(self) -> int:
        """Loss per round on a dealer blackjack charged outside the hands' tables (0 or 1)."""
        return 0 if self.blackjack_takes_whole_bet else 1
