"""The side bets by command-line name.

>>> list(SIDE_BETS)[-2:], len(SIDE_BETS)
(['push-22', 'bust-bonus'], 11)
>>> all(key == cls.key for key, cls in SIDE_BETS.items())
True
"""

from __future__ import annotations

from .base import SideBet
from .bust_bonus import BustBonus
from .buster import BusterBlackjack
from .lucky_ladies import LuckyLadies
from .lucky_lucky import LuckyLucky
from .match_the_dealer import MatchTheDealer
from .over_under_13 import OverUnder13
from .perfect_pairs import PerfectPairs
from .pot_of_gold import PotOfGold
from .push22 import Push22
from .royal_match import RoyalMatch
from .twenty_one_plus_three import TwentyOnePlusThree

__all__ = ["SIDE_BETS"]

SIDE_BETS: dict[str, type[SideBet]] = {bet.key: bet for bet in (
    LuckyLucky, BusterBlackjack, PotOfGold, TwentyOnePlusThree, PerfectPairs, LuckyLadies, RoyalMatch, OverUnder13,
    MatchTheDealer, Push22, BustBonus)}
"""Command-line name -> side-bet class, in the order ``bjcalc sidebet --list`` lists them."""
