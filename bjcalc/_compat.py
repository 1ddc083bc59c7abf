"""Deprecated module names from before the layered layout, kept importable.

``import bjcalc.charts`` (and the other flat names of bjcalc 0.1) still work: a finder
on ``sys.meta_path`` answers each old name with the module at its new place, with a
``DeprecationWarning``; an old module whose names now live in several modules
(:data:`ALSO_FROM`) answers each name from the first that has it.  The finder imports
nothing until an old name is asked for, so it costs ``import bjcalc`` nothing.

>>> import warnings
>>> import bjcalc.analysis.sweeps, bjcalc.engine.dealer
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")
...     from bjcalc.charts import chart, plot_edges   # now analysis.charts and analysis.sweeps
...     from bjcalc.dealer import DealerEngine, OUTCOMES   # now engine.dealer and core.outcomes
>>> plot_edges is bjcalc.analysis.sweeps.plot_edges, DealerEngine is bjcalc.engine.dealer.DealerEngine
(True, True)
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType
from typing import Optional, Sequence

__all__ = ["MOVED", "ALSO_FROM", "install"]

#: old module name -> its place in the layered package
MOVED: dict[str, str] = {
    "bjcalc.cards": "bjcalc.core.cards", "bjcalc.rules": "bjcalc.core.rules",
    "bjcalc.arithmetic": "bjcalc.core.arithmetic", "bjcalc.errors": "bjcalc.core.errors",
    "bjcalc.hands": "bjcalc.engine.hands", "bjcalc.dealer": "bjcalc.engine.dealer",
    "bjcalc.burn20": "bjcalc.engine.burn20", "bjcalc.settlement": "bjcalc.engine.settlement",
    "bjcalc.player": "bjcalc.engine.player", "bjcalc.splits": "bjcalc.engine.splits",
    "bjcalc.optimal": "bjcalc.engine.optimal",
    "bjcalc.calculator": "bjcalc.game.calculator", "bjcalc.strategy": "bjcalc.game.strategy",
    "bjcalc.variants": "bjcalc.game.variants",
    "bjcalc.charts": "bjcalc.analysis.charts", "bjcalc.explain": "bjcalc.analysis.explain",
    "bjcalc.published": "bjcalc.analysis.published", "bjcalc.progress": "bjcalc.core.progress", "bjcalc.output": "bjcalc.cli.output",
    "bjcalc.buster_player": "bjcalc.sidebets.buster_player",
}

#: old module name -> the other new modules that hold names the old module had
ALSO_FROM: dict[str, tuple[str, ...]] = {
    "bjcalc.charts": ("bjcalc.analysis.codes", "bjcalc.analysis.render", "bjcalc.analysis.tables",
                      "bjcalc.analysis.sweeps", "bjcalc.core.progress", "bjcalc.cli.charts"),
    "bjcalc.dealer": ("bjcalc.core.outcomes",),
    "bjcalc.calculator": ("bjcalc.game.rounds", "bjcalc.engine.procedures"),
    "bjcalc.splits": ("bjcalc.core.actions",),
    "bjcalc.burn20": ("bjcalc.engine.lengths",),
}


class _Alias(importlib.abc.Loader):
    def __init__(self, target: str, also: tuple[str, ...] = ()):
        self.target, self.also = target, also

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(f"{spec.name} is deprecated: import {self.target}", DeprecationWarning, stacklevel=2)
        if not self.also:
            return importlib.import_module(self.target)
        return _merged(spec.name, (self.target,) + self.also)

    def exec_module(self, module: ModuleType) -> None:   # the target ran its own code already
        pass


def _merged(name: str, homes: tuple[str, ...]) -> ModuleType:
    """A module that answers each name from the first of ``homes`` (modules, loaded on first
    use) that has it: an old module whose names now live in several places."""
    module = ModuleType(name, f"Deprecated: the names of {name}, now in {', '.join(homes)}.")

    def __getattr__(attribute: str) -> object:
        for home in homes:
            found = importlib.import_module(home).__dict__.get(attribute, _MISSING)
            if found is not _MISSING:
                return found
        raise AttributeError(f"module {name!r} has no attribute {attribute!r}")

    def __dir__() -> list[str]:
        return sorted({n for home in homes for n in getattr(importlib.import_module(home), "__all__", ())})

    module.__getattr__ = __getattr__   # type: ignore[method-assign]  # PEP 562 on a module object
    module.__dir__ = __dir__   # type: ignore[method-assign]
    module.__all__ = __dir__()   # type: ignore[attr-defined]
    return module


_MISSING = object()


class _MovedFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Optional[Sequence[str]] = None,
                  target: Optional[ModuleType] = None) -> Optional[importlib.machinery.ModuleSpec]:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(MOVED[fullname], ALSO_FROM.get(fullname, ())))


def install() -> None:
    """Put the finder on ``sys.meta_path`` once (``import bjcalc`` does this)."""
    if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _MovedFinder())   # before path finders, which could find a stale copy
