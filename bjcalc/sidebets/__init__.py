"""Side bets: Lucky Lucky and Buster Blackjack (offered with the seed games), and Free Bet
Blackjack's Pot of Gold.

Each bet is exact on any shoe (probabilities, house edge, effects of removal); a bet is
a leaf over the vocabulary (:mod:`bjcalc.core`), the engine and the game layer.  One
module per bet on a small base:

* :mod:`~bjcalc.sidebets.base`: pay tables, results, effects of removal, :class:`SideBet`;
* :mod:`~bjcalc.sidebets.lucky_lucky`: Lucky Lucky;
* :mod:`~bjcalc.sidebets.buster`: Buster Blackjack, and
  :mod:`~bjcalc.sidebets.buster_player`, its model with one player's cards removed first;
* :mod:`~bjcalc.sidebets.pot_of_gold`: Pot of Gold, valued under the Free Bet game's play;
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
from .buster import BusterBlackjack, buster_blackjack
from .catalog import SIDE_BETS
from .lucky_lucky import LuckyLucky, lucky_lucky
from .pot_of_gold import PotOfGold, pot_of_gold

__all__ = ["PayTable", "SideBet", "LuckyLucky", "BusterBlackjack", "SideBetResult", "RemovalEffects",
           "PotOfGold", "lucky_lucky", "buster_blackjack", "pot_of_gold", "SIDE_BETS"]
