"""The side bets by command-line name.

>>> sorted(SIDE_BETS)
['buster', 'lucky-lucky', 'pot-of-gold']
>>> all(key == cls.key for key, cls in SIDE_BETS.items())
True
"""

from __future__ import annotations

from .base import SideBet
from .buster import BusterBlackjack
from .lucky_lucky import LuckyLucky
from .pot_of_gold import PotOfGold

__all__ = ["SIDE_BETS"]

SIDE_BETS: dict[str, type[SideBet]] = {"lucky-lucky": LuckyLucky, "buster": BusterBlackjack,
                                         "pot-of-gold": PotOfGold}
"""Command-line name -> side-bet class."""
