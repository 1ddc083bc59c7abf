"""Rounds and whole games: the calculator facade, the round object, total-dependent strategy,
the presets, and the post-split strategies (:class:`PostSplitStrategy`; names as strings work too).

>>> from bjcalc.game import Calculator, variants
>>> round(Calculator(variants.standard(decks=6, max_split_hands=2)).game().ev, 5)
-0.00457
"""

from ..core.actions import PostSplitStrategy
from . import variants
from .calculator import Calculator
from .rounds import Assumptions, GameResult, Round

__all__ = ["Calculator", "GameResult", "Assumptions", "Round", "PostSplitStrategy", "variants"]
