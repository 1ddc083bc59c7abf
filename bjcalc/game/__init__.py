"""Rounds and whole games: the calculator facade, total-dependent strategy, the presets.

>>> from bjcalc.game import Calculator, variants
>>> round(Calculator(variants.standard(decks=6, max_split_hands=2)).game().ev, 5)
-0.00457
"""

from . import variants
from .calculator import Calculator, GameResult

__all__ = ["Calculator", "GameResult", "variants"]
