"""The engine's workspace: what it builds once and shares between games, kept in one place.

Some of what the engine builds depends on the rules and the hand space, not on the shoe's
counts: the dealer's drawing trees (:class:`~bjcalc.engine.dealer.DealerTree`, the length trees
of :mod:`~bjcalc.engine.lengths`, Burn 20's fresh trees), Burn 20's dealer engines, the hand
spaces and the player's node sets.  A depleted shoe of a game (the effects of removal value
ten, the shoe simulator one a round) needs the same ones, so they are built once and kept.
Each kind is kept up to its own bound, the least recently used dropped first
(:data:`KINDS`: node sets are large, trees small), and :meth:`Workspace.sizes` says what is held.

Every kept structure is immutable once built, so sharing it changes no number: a game's values
are the same whatever the workspace holds (the suite's fingerprint is computed with it cold and
warm alike).  The workspace is safe across threads (a Dask worker runs tasks on several, and
the kernel's side thread builds dealer rows while the caller goes on): a structure is built
outside the lock, and where two threads build the same one the first kept is the one both use.
A forked child starts with a fresh lock.

What is derived from one such structure (a fixed play's reach over a node set, the plans of a
split or a deal on it, the kernel's grouping of a tree's moves) is kept beside it
(:meth:`Workspace.beside`, :data:`BESIDE`): weakly, so it goes when its structure goes.

>>> from bjcalc.engine.workspace import WORKSPACE
>>> first = WORKSPACE.built("hand spaces", ("example",), lambda: ["built"])
>>> WORKSPACE.built("hand spaces", ("example",), lambda: ["built again"]) is first
True
"""

from __future__ import annotations

import os
import threading
import weakref
from typing import Any, Callable, Optional, TypeVar

from cachetools import LRUCache

__all__ = ["Workspace", "WORKSPACE", "KINDS", "BESIDE"]

T = TypeVar("T")

KINDS = {"dealer trees": 256, "length trees": 256, "Burn 20 fresh trees": 64, "Burn 20 dealers": 32,
         "hand spaces": 64, "node sets": 8}
"""What the workspace keeps, and how many of each (node sets are large: a few games at a time)."""

BESIDE = ("forced reaches", "batch plans", "split plans", "split choices", "deal plans", "grouped moves")
"""What the workspace keeps beside a structure, as long as the structure lives: a fixed play's
reach and the lent rows' batch plans (by node set), the nodes and actions a split reads (by node
set) and the choices its hands make (by the values deciding them), a deal's nodes (by node
set), a dealer tree's moves grouped for the compiled kernel (by tree)."""


class Workspace:
    """The structures the engine builds once, by kind and key (:data:`KINDS`).

    >>> space = Workspace({"trees": 2}, beside=())
    >>> [space.built("trees", n, lambda: object()) is not None for n in range(3)], space.sizes()
    ([True, True, True], {'trees': 2})
    """

    def __init__(self, kinds: Optional[dict[str, int]] = None, beside: tuple[str, ...] = BESIDE):
        self._kept: dict[str, LRUCache] = {kind: LRUCache(maxsize=n) for kind, n in (KINDS if kinds is None else kinds).items()}
        self._beside: dict[str, weakref.WeakKeyDictionary] = {kind: weakref.WeakKeyDictionary() for kind in beside}
        self._lock = threading.Lock()

    def built(self, kind: str, key: Any, build: Callable[[], T]) -> T:
        """The structure of this kind kept under ``key``, built by ``build()`` where none is."""
        kept = self._kept[kind]
        with self._lock:           # (even a lookup reorders an LRU cache)
            found = kept.get(key)
        if found is None:
            made = build()
            with self._lock:
                found = kept.setdefault(key, made)
        return found

    def beside(self, kind: str, owner: Any) -> dict:
        """The dict of what is kept of this kind (:data:`BESIDE`) beside ``owner``, for as long
        as ``owner`` lives (weakly): the caller keeps there what it derives from ``owner`` alone.

        >>> space, owner = Workspace({}, ("plans",)), type("Owner", (), {})()
        >>> space.beside("plans", owner)["a plan"] = 1
        >>> space.beside("plans", owner), space.sizes()
        ({'a plan': 1}, {'plans': 1})
        """
        kept = self._beside[kind]
        with self._lock:
            found = kept.get(owner)
            if found is None:
                found = kept[owner] = {}
        return found

    def sizes(self) -> dict[str, int]:
        """How many structures of each kind are kept (beside kinds: how many owners)."""
        with self._lock:
            return {kind: len(kept) for kinds in (self._kept, self._beside) for kind, kept in kinds.items()}

    def clear(self) -> None:
        """Drop every kept structure (what is built next is built again, to the same numbers)."""
        with self._lock:
            for kinds in (self._kept, self._beside):
                for kept in kinds.values():
                    kept.clear()

    def _after_fork(self) -> None:
        self._lock = threading.Lock()      # (the parent's may have been held by another thread)


WORKSPACE = Workspace()
"""The workspace every engine of this process shares."""

if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=WORKSPACE._after_fork)
