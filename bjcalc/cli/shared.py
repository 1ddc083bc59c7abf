"""Calculators a long-lived caller keeps between commands: the web app's.

A command line builds its calculator, computes and exits.  The web app answers many commands
on the same game (its page asks for the edge and the chart of each game it shows), and a
calculator that has valued the up cards for one serves the next at little cost: a CD game
after the TD chart's search reads the same values.  :class:`SharedCalculators` keeps the
latest few, keyed by what decides their numbers (rules, shoe, post-split strategy,
arithmetic), each used by one command at a time; :func:`calculator` hands a command its
calculator, shared where the caller set ``args.calculators``, else its own.

A shared calculator keeps its values (``lean="rows"``): a command's numbers are the same from
a fresh one or a kept one (the values do not depend on which command computed them first).
"""

from __future__ import annotations

import argparse
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Optional, Union

from cachetools import LRUCache

from ..core.cards import Shoe
from ..core.rules import Rules
from ..game.calculator import Calculator

__all__ = ["SharedCalculators", "calculator"]


class SharedCalculators:
    """The ``size`` latest calculators, by rules, shoe, post-split strategy and arithmetic,
    each with a lock: :meth:`use` holds it while a command computes, so that two commands on
    one game take turns on its calculator (the second reading what the first computed).

    >>> shared = SharedCalculators(size=1)
    >>> with shared.use(Rules(decks=1), None, "CDZ-", False) as first:
    ...     pass
    >>> with shared.use(Rules(decks=1), None, "CDZ-", False) as again:
    ...     again is first
    True
    """

    def __init__(self, size: int = 2):
        self._kept: "LRUCache[tuple, tuple[Calculator, threading.Lock]]" = LRUCache(maxsize=size)
        self._lock = threading.Lock()

    @contextmanager
    def use(self, rules: Rules, shoe: Optional[Shoe], split_strategy: Any, exact: bool) -> Iterator[Calculator]:
        """The game's calculator, made or kept, while no other command uses it."""
        key = (rules, shoe, str(split_strategy), bool(exact))
        with self._lock:
            kept = self._kept.get(key)
            if kept is None:
                kept = (Calculator(rules, shoe=shoe, split_strategy=split_strategy, exact=exact, lean="rows"),
                        threading.Lock())
            self._kept[key] = kept      # (the latest used is the last to go)
        calc, lock = kept
        with lock:
            yield calc


@contextmanager
def calculator(args: argparse.Namespace, rules: Rules, shoe: Optional[Shoe], split_strategy: Any, exact: bool,
               lean: Union[bool, str] = False, share: bool = True) -> Iterator[Calculator]:
    """The command's calculator: with ``share``, from ``args.calculators`` (a
    :class:`SharedCalculators`) where the caller keeps them; else a new one with the memory
    policy ``lean``."""
    shared: Optional[SharedCalculators] = getattr(args, "calculators", None) if share else None
    if shared is None:
        yield Calculator(rules, shoe=shoe, split_strategy=split_strategy, exact=exact, lean=lean)
        return
    with shared.use(rules, shoe, split_strategy, exact) as calc:
        yield calc
