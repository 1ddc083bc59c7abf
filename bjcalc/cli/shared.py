"""Calculators the commands of a long-lived caller share while they run: the web app's.

A command line builds its calculator, computes and exits.  The web app answers several commands
on the same game at once (its page asks for the edge and the chart of each game it shows), and
a calculator that has valued the up cards for one serves the other at little cost: a CD game
after the TD chart's search reads the same values.  :class:`SharedCalculators` keeps the
calculators of the games being computed, keyed by what decides their numbers (rules, shoe,
post-split strategy, arithmetic), each used by one command at a time; :func:`calculator` hands
a command its calculator, shared where the caller set ``args.calculators``, else its own.

A shared calculator keeps its values (``lean="rows"``): a command's numbers are the same from
a fresh one or a kept one (the values do not depend on which command computed them first).
"""

from __future__ import annotations

import argparse
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Optional, Union

from ..core.cards import Shoe
from ..core.rules import Rules
from ..game.calculator import Calculator

__all__ = ["SharedCalculators", "calculator"]


class SharedCalculators:
    """The calculators of the games some command is computing, by rules, shoe, post-split
    strategy and arithmetic, each with a lock: :meth:`use` holds it while a command computes,
    so that two commands on one game take turns on its calculator (the second reading what the
    first computed).  A calculator is kept while a command uses it or waits for it, and
    forgotten when the last one is done: the page's commands on a game come together, and a
    calculator's values (tens of MB for a game of 8 decks) outlive nothing.

    >>> shared = SharedCalculators()
    >>> with shared.use(Rules(decks=1), None, "CDZ-", False) as first:
    ...     with shared.use(Rules(decks=1), None, "CDZ-", False, wait=False) as again:
    ...         again is first
    True
    >>> len(shared)
    0
    """

    def __init__(self) -> None:
        self._kept: dict[tuple, list[Any]] = {}       # key -> [calculator, lock, commands using or waiting]
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """How many calculators are kept now."""
        return len(self._kept)

    @contextmanager
    def use(self, rules: Rules, shoe: Optional[Shoe], split_strategy: Any, exact: bool,
            wait: bool = True) -> Iterator[Calculator]:
        """The game's calculator, made or kept, while no other command uses it (``wait=False``:
        at once, whoever uses it: for a caller that holds it already)."""
        key = (rules, shoe, str(split_strategy), bool(exact))
        with self._lock:
            kept = self._kept.get(key)
            if kept is None:
                kept = self._kept[key] = [Calculator(rules, shoe=shoe, split_strategy=split_strategy, exact=exact,
                                                     lean="rows"), threading.Lock(), 0]
            kept[2] += 1
        try:
            if wait:
                with kept[1]:
                    yield kept[0]
            else:
                yield kept[0]
        finally:
            with self._lock:
                kept[2] -= 1
                if not kept[2]:
                    del self._kept[key]


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
