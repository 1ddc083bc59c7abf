"""bjcalc: exact expected values for blackjack and its casino variants.

>>> from bjcalc import Calculator, Rules
>>> f"{float(Calculator(Rules()).game().ev):.9%}"   # 6 decks, S17, DAS, split to 4 hands: the default game
'-0.402870236%'
>>> from bjcalc import lucky_lucky
>>> f"{float(lucky_lucky(decks=6).house_edge):.2%}"
'5.31%'
"""

from .calculator import Calculator, GameResult
from .cards import Shoe
from .errors import BjcalcError, HandError, RulesError, ShoeError, StrategyError
from .rules import Rules
from .sidebets import BusterBlackjack, LuckyLucky, SideBet, buster_blackjack, lucky_lucky

__all__ = ["Calculator", "GameResult", "Shoe", "Rules", "BjcalcError", "RulesError", "ShoeError",
           "HandError", "StrategyError", "SideBet", "LuckyLucky", "BusterBlackjack", "lucky_lucky",
           "buster_blackjack"]
__version__ = "0.1.0"
