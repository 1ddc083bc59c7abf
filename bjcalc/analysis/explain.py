"""Which assumptions give a published house edge?  (``bjcalc explain``)

For a preset and a target house edge, evaluate every combination of the rules its
card leaves open (:data:`bjcalc.game.variants.OPEN_RULES`), with CD and TD strategy,
in parallel over the local cores, and list the combinations nearest the target;
those that round to it at its printed precision are marked.

>>> rows = explain("classic_single_deck", "0.13", fixed={"max_split_hands": 2, "hit_split_aces": False,
...                                                      "resplit_aces": False}, workers=1)
>>> len(rows), rows[0].strategy in ("CD", "TD")
(4, True)
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Callable, Iterable, Optional

from ..core.errors import BjcalcError, RulesError
from ..game.variants import OPEN_RULES, PRESETS


@dataclass(frozen=True)
class Candidate:
    """One combination of open rules, one strategy, and the house edge it gives (percent)."""

    preset: str
    choices: tuple[tuple[str, Any], ...]
    strategy: str
    edge: float
    matches: bool
    distance: float

    def describe(self) -> str:
        rules = ", ".join(f"{k}={v}" for k, v in self.choices)
        return f"{self.edge:.4f} %  {self.strategy}  {rules}"


def combinations(preset: str, fixed: Optional[dict[str, Any]] = None) -> list[dict[str, Any]]:
    """Every combination of the preset's open rules (``fixed`` pins some of them)."""
    if preset not in PRESETS:
        raise RulesError(f"unknown preset {preset!r}; presets: {', '.join(sorted(PRESETS))}")
    open_rules = dict(OPEN_RULES.get(preset, {}))
    for name, value in (fixed or {}).items():
        open_rules[name] = (value,)
    names = list(open_rules)
    out = []
    for values in itertools.product(*(open_rules[n] for n in names)):
        choice = dict(zip(names, values))
        if choice.get("resplit_aces") and choice.get("max_split_hands", 4) < 3:
            continue   # impossible combination
        out.append(choice)
    return out


def _edges(task: tuple[str, dict[str, Any], tuple[str, ...]]) -> list[tuple[str, Optional[float]]]:
    from ..game.calculator import Calculator

    preset, choice, strategies = task
    try:
        calc = Calculator(PRESETS[preset](**choice))
        return [(s, -float(calc.game(s).ev) * 100) for s in strategies]
    except BjcalcError:
        return [(s, None) for s in strategies]


def explain(preset: str, target: str, fixed: Optional[dict[str, Any]] = None,
            strategies: Iterable[str] = ("CD", "TD"), workers: Optional[int] = None,
            progress: Optional[Callable[[Iterable, int], Iterable]] = None) -> list[Candidate]:
    """Candidates nearest ``target`` (a house edge in percent, as printed, e.g. ``"0.74"``)."""
    try:
        goal = Decimal(str(target))
    except Exception:
        raise RulesError(f"target must be a house edge in percent such as 0.74, not {target!r}") from None
    half_unit = 0.5 * 10.0 ** goal.as_tuple().exponent
    strategies = tuple(strategies)
    tasks = [(preset, choice, strategies) for choice in combinations(preset, fixed)]
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        results: Iterable = map(_edges, tasks)
    else:
        # Not fork: the parent's kernel threads would be copied mid-flight (a Jupyter kernel hangs).
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context(method))
        results = pool.map(_edges, tasks)
    if progress:
        results = progress(results, len(tasks))
    out = []
    for (_, choice, _), edges in zip(tasks, results):
        for strategy, edge in edges:
            if edge is None:
                continue
            distance = abs(edge - float(goal))
            out.append(Candidate(preset, tuple(choice.items()), strategy, edge, distance <= half_unit, distance))
    if workers != 1:
        pool.shutdown()
    return sorted(out, key=lambda c: (c.distance, c.strategy, c.choices))
