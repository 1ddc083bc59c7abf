"""Side bets offered with the seed games: Lucky Lucky and Buster Blackjack.

Each bet is exact on any shoe (probabilities, house edge, effects of removal); a bet is
a leaf over the vocabulary (:mod:`bjcalc.core`), the engine and the game layer.

>>> from bjcalc.sidebets import lucky_lucky
>>> f"{float(lucky_lucky(decks=6).house_edge):.2%}"
'5.31%'
"""

from .bets import *  # noqa: F401,F403
from .bets import __all__  # noqa: F401
