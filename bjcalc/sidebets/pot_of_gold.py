"""Pot of Gold: Free Bet Blackjack's side bet on the number of free chips in a round.

The bet pays by how many free chips (free doubles and free splits) the player receives in
the round: 1 pays 3:1, 2 pay 12:1, 3 pay 30:1, 4 pay 60:1, 5 pay 100:1, 6 pay 200:1 and 7
or more 1000:1; none loses.  The count depends on the player's decisions, so the bet is
valued under the main game's play: the CD strategy of the Free Bet game with its post-split
strategy, the play :meth:`~bjcalc.game.calculator.Calculator.game` values.  The exact
count distribution is :func:`~bjcalc.game.free_chips.free_chip_counts` (its module
docstring gives the derivation); a dealer blackjack found by the peek ends the round with
no free chip.  Effects of removal reoptimize the main game's play on each depleted shoe.

>>> bet = PotOfGold()
>>> f"{float(bet.evaluate(6).house_edge):.3%}"
'5.784%'
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Optional, Sequence

from ..core.cards import Shoe
from ..core.errors import RulesError
from ..core.rules import Rules
from ..game.calculator import Calculator
from ..game.free_chips import free_chip_counts
from ..game.variants import VARIANTS, variant_of
from .base import ShoeLike, SideBet, SideBetResult, as_shoe

__all__ = ["PotOfGold", "pot_of_gold"]

_MOST = 7
"""The most free chips the pay table tells apart (7 or more pay alike)."""


class PotOfGold(SideBet):
    """Pot of Gold: pays by the number of free chips the player receives in a Free Bet round.

    ``rules``: the main game (default Free Bet Blackjack's, ``VARIANTS["free_bet"].rules()``;
    its decks are replaced by the shoe the bet is valued on); ``split_strategy``: the
    post-split strategy of the main game's play (CDZ-, CDP1 or CDP).

    >>> PotOfGold(Rules())
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.RulesError: Pot of Gold pays by the free chips of Free Bet Blackjack: its main game must be a variant with free chips (free_bet), not standard
    """

    name = "Pot of Gold"
    key = "pot-of-gold"
    description = "Free Bet Blackjack's free chips in a round, under the main game's play"
    events = tuple(f"{n}{'+' if n == _MOST else ''} free chip{'s' if n > 1 else ''}" for n in range(_MOST, 0, -1))
    losing_event = "no free chip"
    paytables = {"standard": (1000, 200, 100, 60, 30, 12, 3)}
    default_paytable = "standard"
    _removal_method = ("one card of the rank removed (ten-values pooled), the main game's play reoptimized on "
                       "the depleted shoe")

    def __init__(self, rules: Optional[Rules] = None, split_strategy: str = "CDZ-"):
        rules = VARIANTS["free_bet"].rules() if rules is None else rules
        variant = variant_of(rules)
        if len(variant.wagers(rules)) < 2:
            raise RulesError(f"Pot of Gold pays by the free chips of Free Bet Blackjack: its main game must be a "
                             f"variant with free chips (free_bet), not {rules.variant}")
        self.rules, self.split_strategy = rules, split_strategy
        # (refuses a bad strategy now; on the infinite deck of the rules' own, which it then deals without a word)
        Calculator(rules.replace(decks=math.inf), split_strategy=split_strategy, shoe=Shoe.infinite())

    def __repr__(self) -> str:
        return f"PotOfGold(rules={self.rules!r}, split_strategy={self.split_strategy!r})"

    def _calculator(self, shoe: Shoe, exact: bool) -> Calculator:
        return Calculator(self.rules, shoe=shoe, exact=exact, split_strategy=self.split_strategy)

    def free_chips(self, shoe: ShoeLike = 6, exact: bool = False) -> dict[int, Any]:
        """The exact distribution of the round's free chips (count -> probability).

        >>> round(float(PotOfGold().free_chips(6)[1]), 6)
        0.143418
        """
        return free_chip_counts(self._calculator(as_shoe(shoe), exact))

    def _probabilities(self, shoes: Sequence[Shoe], exact: bool) -> list[tuple[list[Any], Optional[list[int]]]]:
        out: list[tuple[list[Any], Optional[list[int]]]] = []
        for shoe in shoes:
            counts = free_chip_counts(self._calculator(shoe, exact))
            zero: Any = Fraction(0) if exact else 0.0
            most = sum((p for k, p in counts.items() if k >= _MOST), zero)
            probs = [most] + [counts.get(k, zero) for k in range(_MOST - 1, 0, -1)] + [counts.get(0, zero)]
            out.append((probs, None))
        return out

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        calc = Calculator(self.rules, shoe=shoe, split_strategy=self.split_strategy)
        stated = calc.assumptions("CD")
        return (f"shoe: {shoe.describe()}",
                f"rules: {stated.rules}",
                f"strategy: {stated.strategy}",
                f"post-split strategy: {stated.split_strategy}",
                "free chips: free doubles and free splits the player receives in the round; a dealer blackjack "
                "found by the peek ends the round with none")


def pot_of_gold(decks: ShoeLike = 6, paytable: Any = None, exact: bool = False,
                rules: Optional[Rules] = None) -> SideBetResult:
    """Pot of Gold on ``decks`` (a number of decks or a shoe) under Free Bet's CD play.

    >>> f"{float(pot_of_gold(8).ev):+.3%}"
    '-4.940%'
    """
    return PotOfGold(rules).evaluate(decks, paytable, exact)
