"""Side bets: Lucky Lucky and Buster Blackjack (offered with the seed games), Free Bet
Blackjack's Pot of Gold, the card bets 21+3, Perfect Pairs, Lucky Ladies, Royal Match,
Over/Under 13 and Match the Dealer, and two bets on the dealer's hand, Push 22 and Bust Bonus.

Each bet is exact on any shoe (probabilities, house edge, effects of removal); a bet is
a leaf over the vocabulary (:mod:`bjcalc.core`), the engine and the game layer.  One
module per bet on a small base:

* :mod:`~bjcalc.sidebets.base`: pay tables, results, effects of removal, :class:`SideBet`;
* :mod:`~bjcalc.sidebets.lucky_lucky`: Lucky Lucky;
* :mod:`~bjcalc.sidebets.buster`: Buster Blackjack, and
  :mod:`~bjcalc.sidebets.buster_player`, its model with one player's cards removed first;
* :mod:`~bjcalc.sidebets.pot_of_gold`: Pot of Gold, valued under the Free Bet game's play;
* :mod:`~bjcalc.sidebets.twenty_one_plus_three`, :mod:`~bjcalc.sidebets.perfect_pairs`,
  :mod:`~bjcalc.sidebets.lucky_ladies`, :mod:`~bjcalc.sidebets.royal_match`,
  :mod:`~bjcalc.sidebets.over_under_13`, :mod:`~bjcalc.sidebets.match_the_dealer`: bets on the
  player's first cards (and the dealer's), counted in card combinations with
  :mod:`~bjcalc.sidebets.subsets`;
* :mod:`~bjcalc.sidebets.push22`: Push 22 and :mod:`~bjcalc.sidebets.bust_bonus`: Bust Bonus, on
  the dealer's final hand and its suits (:mod:`~bjcalc.sidebets.dealer_hand`);
* :mod:`~bjcalc.sidebets.catalog`: the bets by command-line name.

The dealer's hand length, which Buster pays on, is the engine's
(:mod:`bjcalc.engine.lengths`).  The ``bjcalc sidebet`` command line is
:mod:`bjcalc.cli.sidebets` (its ``add_sidebet_parser`` and ``run_sidebet`` were
importable from here before the layered layout).

>>> from bjcalc.sidebets import lucky_lucky
>>> f"{float(lucky_lucky(decks=6).house_edge):.2%}"
'5.31%'
"""

from .base import PayTable, RemovalEffects, SideBet, SideBetResult
from .bust_bonus import BustBonus, bust_bonus
from .buster import BusterBlackjack, buster_blackjack
from .catalog import SIDE_BETS
from .lucky_ladies import LuckyLadies, lucky_ladies
from .lucky_lucky import LuckyLucky, lucky_lucky
from .match_the_dealer import MatchTheDealer, match_the_dealer
from .over_under_13 import OverUnder13, over_under_13
from .perfect_pairs import PerfectPairs, perfect_pairs
from .pot_of_gold import PotOfGold, pot_of_gold
from .push22 import Push22, push_22
from .royal_match import RoyalMatch, royal_match
from .twenty_one_plus_three import TwentyOnePlusThree, twenty_one_plus_three

__all__ = ["PayTable", "SideBet", "LuckyLucky", "BusterBlackjack", "SideBetResult", "RemovalEffects",
           "PotOfGold", "lucky_lucky", "buster_blackjack", "pot_of_gold", "TwentyOnePlusThree", "PerfectPairs",
           "LuckyLadies", "RoyalMatch", "OverUnder13", "MatchTheDealer", "twenty_one_plus_three", "perfect_pairs",
           "lucky_ladies", "royal_match", "over_under_13", "match_the_dealer", "Push22", "push_22", "BustBonus",
           "bust_bonus", "SIDE_BETS"]
