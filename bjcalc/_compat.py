"""Deprecated module names from before the layered layout, kept importable.

``import bjcalc.charts`` (and the other flat names of bjcalc 0.1) still work: a finder
on ``sys.meta_path`` answers each old name with the module at its new place, with a
``DeprecationWarning``.  It imports nothing until an old name is asked for, so it
costs ``import bjcalc`` nothing.

>>> import warnings
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")
...     import bjcalc.charts as old
>>> import bjcalc.analysis.charts as new
>>> old is new
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType
from typing import Optional, Sequence

__all__ = ["MOVED", "install"]

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


class _Alias(importlib.abc.Loader):
    def __init__(self, target: str):
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(f"{spec.name} is deprecated: import {self.target}", DeprecationWarning, stacklevel=3)
        return importlib.import_module(self.target)

    def exec_module(self, module: ModuleType) -> None:   # the target ran its own code already
        pass


class _MovedFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Optional[Sequence[str]] = None,
                  target: Optional[ModuleType] = None) -> Optional[importlib.machinery.ModuleSpec]:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(MOVED[fullname]))


def install() -> None:
    """Put the finder on ``sys.meta_path`` once (``import bjcalc`` does this)."""
    if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _MovedFinder())   # before path finders, which could find a stale copy
