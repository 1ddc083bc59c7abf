"""The vocabulary of the game, no engine: cards and shoes, rules, arithmetic, errors.

Everything else in bjcalc builds on this layer; it imports nothing from the layers above.

>>> from bjcalc.core import Rules, Shoe
>>> Rules(decks=1).decks, Shoe.decks(1).total
(1, 52)
"""

from .cards import Shoe
from .errors import BjcalcError, HandError, RulesError, ShoeError, StrategyError
from .rules import Rules

__all__ = ["Shoe", "Rules", "BjcalcError", "HandError", "RulesError", "ShoeError", "StrategyError"]
