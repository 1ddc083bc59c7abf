"""bjcalc: exact expected values for blackjack and its casino variants.

The package is layered, imports pointing only downward: :mod:`bjcalc.core` (cards,
shoes, rules, arithmetic), :mod:`bjcalc.engine` (the exact recursions),
:mod:`bjcalc.game` (rounds, strategies, presets, the :class:`Calculator` facade),
:mod:`bjcalc.sidebets`, :mod:`bjcalc.analysis` (charts, tables, published figures)
and :mod:`bjcalc.cli` on top.  The names below load on first use, so ``import
bjcalc`` itself is quick.

>>> from bjcalc import Calculator, Rules
>>> f"{float(Calculator(Rules()).game().ev):.9%}"   # 6 decks, S17, DAS, split to 4 hands: the default game
'-0.402870236%'
>>> from bjcalc import lucky_lucky
>>> f"{float(lucky_lucky(decks=6).house_edge):.2%}"
'5.31%'
"""

from __future__ import annotations

import importlib as _importlib
import types as _types
from typing import TYPE_CHECKING, Any

from . import _compat

if TYPE_CHECKING:   # what the lazy names are, for type checkers and editors
    from .core.cards import Shoe
    from .core.errors import BjcalcError, HandError, RulesError, ShoeError, StrategyError
    from .core.rules import Rules
    from .game import variants
    from .game.calculator import Calculator
    from .game.rounds import GameResult, HandValues
    from .sidebets import BusterBlackjack, LuckyLucky, SideBet, buster_blackjack, lucky_lucky

__all__ = ["Calculator", "GameResult", "HandValues",
           "Shoe", "Rules", "BjcalcError", "RulesError", "ShoeError",
           "HandError", "StrategyError", "SideBet", "LuckyLucky", "BusterBlackjack", "lucky_lucky",
           "buster_blackjack", "variants"]
__version__ = "0.2.0"
"""This copy's version; ``bjcalc --version`` prefers the installed distribution's, where it is this copy."""

_HOME = {"Calculator": "game.calculator", "GameResult": "game.rounds", "HandValues": "game.rounds",
         "Shoe": "core.cards",
         "Rules": "core.rules", "BjcalcError": "core.errors", "RulesError": "core.errors",
         "ShoeError": "core.errors", "HandError": "core.errors", "StrategyError": "core.errors",
         "SideBet": "sidebets", "LuckyLucky": "sidebets", "BusterBlackjack": "sidebets",
         "lucky_lucky": "sidebets", "buster_blackjack": "sidebets"}
_SUBMODULES = {"variants": "game.variants"}

_compat.install()


def __getattr__(name: str) -> Any:
    """Load a public name on first use (PEP 562)."""
    if name in _HOME:
        value = getattr(_importlib.import_module(f".{_HOME[name]}", __name__), name)
    elif name in _SUBMODULES:
        value = _importlib.import_module(f".{_SUBMODULES[name]}", __name__)
    else:
        raise AttributeError(f"module 'bjcalc' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names, and the subpackages imported so far (not this module's own helpers).

    >>> import bjcalc
    >>> "Calculator" in dir(bjcalc), "importlib" in dir(bjcalc), "TYPE_CHECKING" in dir(bjcalc)
    (True, False, False)
    """
    loaded = {name for name, value in globals().items()
              if isinstance(value, _types.ModuleType) and not name.startswith("_")}
    return sorted(set(__all__) | loaded | {"__version__"})
