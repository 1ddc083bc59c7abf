"""bjcalc: exact expected values for blackjack and its casino variants.

>>> from bjcalc import Calculator, Rules
>>> round(Calculator(Rules(decks=6)).game().ev, 5)
-0.00457
"""

from .calculator import Calculator, GameResult
from .cards import Shoe
from .errors import BjcalcError, HandError, RulesError, ShoeError, StrategyError
from .rules import Rules

__all__ = ["Calculator", "GameResult", "Shoe", "Rules", "BjcalcError", "RulesError", "ShoeError",
           "HandError", "StrategyError"]
__version__ = "0.1.0"
