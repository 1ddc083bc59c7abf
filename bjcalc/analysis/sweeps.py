"""The house edge of a preset against its open rules: :func:`edge_sweep` moves one rule at a
time (the decks, and each rule the preset's sources leave open,
:data:`bjcalc.game.variants.OPEN_RULES`) and :func:`plot_edges` draws it (matplotlib, imported
only there: the ``notebooks`` extra).  The games of a sweep are tasks of the runner
(:func:`bjcalc.core.runner.run_chunks`, ``workers``/``scheduler``): in this process by default
(a sweep often runs inside a report, itself perhaps a task of ``bjcalc tables``), on local
processes or a Dask cluster when asked, with the same frame wherever they ran.

>>> frame = edge_sweep("classic_single_deck", rules=["double_after_split"])
>>> [(value, round(edge, 4)) for value, edge in zip(frame["value"], frame["house_edge"])]
[(False, 0.2168), (True, 0.0979)]
"""

from __future__ import annotations

import itertools
import math
from typing import Any, Iterable, Optional, Sequence

import pandas as pd

from ..core.errors import RulesError
from ..core.progress import ProgressFn, no_progress
from ..core.rules import Rules
from ..core.runner import run_chunks
from ..game.calculator import Calculator
from ..game.variants import DOUBLE_READINGS, VARIANTS, double_reading

__all__ = ["edge_sweep", "sweep_points", "plot_edges", "full_shoe_ev", "EVs"]

EVs = dict
"""EVs already computed, ``{(rules, post-split strategy, strategy): EV}``, each of a float game
dealt from the rules' own full shoe: :func:`full_shoe_ev` reads and fills one, so that analyses
run together (a report, ``verify``'s figures) compute each game once.  (An EV is a number:
nothing a caller does to it changes the one kept.)"""


def full_shoe_ev(rules: Rules, strategy: str = "CD", split: str = "CDZ-", evs: Optional[EVs] = None) -> Any:
    """EV of one round of ``rules`` dealt from its full shoe (floats), with ``strategy`` and
    post-split ``split``, taken from ``evs`` when there and added to it when not.

    >>> evs = {}
    >>> round(full_shoe_ev(Rules(decks=1, max_split_hands=2), evs=evs), 6) == round(list(evs.values())[0], 6)
    True
    """
    key = (rules, str(split), strategy)
    if evs is not None and key in evs:
        return evs[key]
    ev = Calculator(rules, split_strategy=split).game(strategy).ev
    if evs is not None:
        evs[key] = ev
    return ev


def _sweep_ev(task: tuple[Rules, str, int]) -> tuple[Any, int]:
    """A runner task: the full-shoe EV of one rule set of a sweep, and how many of the sweep's
    points it stands for (the progress weight)."""
    rule_set, strategy, points = task
    return full_shoe_ev(rule_set, strategy), points


def edge_sweep(preset: str, strategy: str = "CD", rules: Optional[Iterable[str]] = None,
               decks: Optional[Sequence[Any]] = None, progress: ProgressFn = no_progress,
               evs: Optional[EVs] = None, base: Optional[Rules] = None, workers: Optional[int] = 1,
               scheduler: Any = None, **overrides: Any) -> pd.DataFrame:
    """House edge (percent) of a preset as one rule at a time moves over its values.

    ``rules``: which rules (default ``decks`` and every open rule of the preset,
    :data:`bjcalc.game.variants.OPEN_RULES`); ``decks``: the deck counts to try (default the
    preset's open values, or 1, 2, 4, 6, 8); ``overrides``: rules pinned for every point.
    Columns ``rule``, ``value``, ``house_edge``, ``default`` (the preset's own value).
    Combinations the rules refuse (resplit aces with two hands) are left out.  ``evs``: games
    already computed (:data:`EVs`; the sweep adds its own), post-split strategy CDZ-.  ``base``:
    the game to move from, instead of the preset with ``overrides`` (the preset's open rules
    are still the ones moved): a game that is the preset with its number of decks changed, say.
    ``workers``/``scheduler``: where the games not in ``evs`` are computed, one task each
    (:func:`bjcalc.core.runner.run_chunks`; default 1: here; None: every local core); the
    frame does not depend on them.

    >>> frame = edge_sweep("classic_single_deck", rules=["double_after_split"])
    >>> frame[["value", "default"]].values.tolist()
    [[False, True], [True, False]]
    """
    tasks = sweep_points(preset, rules, decks)    # (refuses an unknown preset or rule)
    base = VARIANTS[preset].rules(**overrides) if base is None else base
    evs = {} if evs is None else evs
    soft_open = "double_soft" in VARIANTS[preset].open_rules and "double_soft" not in overrides
    points: list[tuple[str, Any, Optional[Rules]]] = []      # (rule, value, its rules; None: refused)
    for name, value in tasks:
        try:
            rule_set = base.replace(**_changes(name, value, soft_open))
        except RulesError:
            points.append((name, value, None))
            continue
        points.append((name, _value_of(rule_set, name), rule_set))     # (the reading the point's rules say)

    def key(rule_set: Rules) -> tuple:
        return rule_set, "CDZ-", strategy       # (full_shoe_ev's key, with its default split)

    todo: dict[Rules, int] = {}      # each game to compute once, with the number of points it is
    for _, _, point_rules in points:
        if point_rules is not None and key(point_rules) not in evs:
            todo[point_rules] = todo.get(point_rules, 0) + 1
    ahead = len(points) - sum(todo.values())       # points already known (or refused): ticked first

    def bar(ticks: Iterable, total: Optional[int] = None) -> Iterable:
        return progress(itertools.chain(itertools.repeat(None, ahead), ticks), total=len(points), desc=preset)

    computed = run_chunks(_sweep_ev, [(rule_set, strategy, n) for rule_set, n in todo.items()], workers=workers,
                          scheduler=scheduler, progress=bar, weight=lambda result: result[1], total=len(points))
    for rule_set, (ev, _) in zip(todo, computed):
        evs[key(rule_set)] = ev
    rows = [(name, value, -float(evs[key(rule_set)]) * 100, _value_of(base, name) == value)
            for name, value, rule_set in points if rule_set is not None]
    return pd.DataFrame(rows, columns=["rule", "value", "house_edge", "default"])


def _changes(name: str, value: Any, soft_open: bool = True) -> dict[str, Any]:
    """The rules a sweep point sets: ``double_on`` moves by reading (``"any"`` with soft doubles,
    ``"any hard"`` without: :data:`~bjcalc.game.variants.DOUBLE_READINGS`) where ``double_soft`` is
    open; where it is not (not an open rule of the preset, or pinned), the game's own stays.

    >>> _changes("double_on", "any"), _changes("double_on", "any", soft_open=False)
    ({'double_on': 'any', 'double_soft': True}, {'double_on': 'any'})
    """
    if name != "double_on":
        return {name: value}
    return dict(DOUBLE_READINGS[value]) if soft_open else {"double_on": DOUBLE_READINGS[value]["double_on"]}


def _value_of(rules: Rules, name: str) -> Any:
    return double_reading(rules) if name == "double_on" else getattr(rules, name)


def sweep_points(preset: str, rules: Optional[Iterable[str]] = None,
                 decks: Optional[Sequence[Any]] = None) -> list[tuple[str, Any]]:
    """The (rule, value) points :func:`edge_sweep` tries, in order (same arguments).
    ``double_on`` moves by reading (:data:`~bjcalc.game.variants.DOUBLE_READINGS`): ``"any"``
    lets soft hands double too; where the preset leaves ``double_soft`` open, ``"any hard"``
    (any two cards making a hard total) is a point of its own.

    >>> sweep_points("classic_single_deck", rules=["decks"], decks=(1, 2))
    [('decks', 1), ('decks', 2)]
    >>> sweep_points("burn20", rules=["double_on"])
    [('double_on', 'any'), ('double_on', 'any hard'), ('double_on', '9-11'), ('double_on', '10-11')]
    """
    if preset not in VARIANTS:
        raise RulesError(f"unknown preset {preset!r}; presets: {', '.join(sorted(VARIANTS))}")
    open_rules = dict(VARIANTS[preset].open_rules)
    open_rules["decks"] = tuple(decks) if decks is not None else open_rules.get("decks", (1, 2, 4, 6, 8))
    if "double_on" in open_rules:
        # by reading: "any" is any two cards, soft ones too (what a card's "double any two cards"
        # says); where double_soft is open, "any hard" is the other reading, and no point of its own
        soft_open = "double_soft" in open_rules
        open_rules["double_on"] = tuple(reading for value in open_rules["double_on"]
                                        for reading in ((value, "any hard") if value == "any" and soft_open
                                                        else (value,)))
        open_rules.pop("double_soft", None)
    names = list(rules) if rules is not None else ["decks"] + [n for n in open_rules if n != "decks"]
    tasks = []
    for name in names:
        if name not in open_rules:
            raise RulesError(f"{name!r} is not an open rule of {preset}; open rules: {', '.join(open_rules)}")
        for value in open_rules[name]:
            tasks.append((name, value))
    return tasks


def plot_edges(preset: str, strategy: str = "CD", rules: Optional[Iterable[str]] = None,
               decks: Optional[Sequence[Any]] = None, sweep: Optional[pd.DataFrame] = None,
               progress: ProgressFn = no_progress, workers: Optional[int] = 1, scheduler: Any = None,
               **overrides: Any) -> Any:
    """A matplotlib figure: the house edge against the number of decks (a line) and against
    each other open rule (bars; the preset's own value darker).  ``sweep``: an
    :func:`edge_sweep` frame already computed; else ``workers``/``scheduler`` say where its games
    are computed (as :func:`edge_sweep`).  Needs matplotlib (the ``notebooks`` extra).

    >>> frame = edge_sweep("classic_single_deck", rules=["decks", "double_after_split"], decks=(1, 2))
    >>> figure = plot_edges("classic_single_deck", sweep=frame)
    >>> [ax.get_title() for ax in figure.axes if ax.get_visible()]
    ['decks', 'double_after_split']
    """
    import matplotlib.pyplot as plt

    frame = sweep if sweep is not None else edge_sweep(preset, strategy, rules, decks, progress, workers=workers,
                                                                 scheduler=scheduler, **overrides)
    names = list(dict.fromkeys(frame["rule"]))
    columns = min(3, len(names)) or 1
    lines = math.ceil(len(names) / columns) or 1
    figure, axes = plt.subplots(lines, columns, figsize=(4.2 * columns, 3.2 * lines), squeeze=False)
    for ax, name in zip(axes.ravel(), names):
        part = frame[frame["rule"] == name]
        labels = [("inf" if v == math.inf else str(v)) for v in part["value"]]
        edges = part["house_edge"].tolist()
        if name == "decks":
            ax.plot(range(len(part)), edges, marker="o", color="#3b6ea8")
            for i, (edge, default) in enumerate(zip(edges, part["default"])):
                if default:
                    ax.plot([i], [edge], marker="o", markersize=10, color="#1f3f66")
                ax.annotate(f"{edge:.3f}", (i, edge), textcoords="offset points", xytext=(0, 6), ha="center",
                            fontsize=8)
            spread = (max(edges) - min(edges)) or 0.1
            ax.set_ylim(min(edges) - 0.3 * spread, max(edges) + 0.3 * spread)
            ax.margins(x=0.12)
        else:
            bars = ax.bar(range(len(part)), edges, color=["#3b6ea8" if d else "#a8c8ec" for d in part["default"]])
            ax.bar_label(bars, fmt="%.3f", fontsize=8)
            ax.axhline(0, color="#666", linewidth=0.6)
            ax.margins(y=0.15)
        ax.set_xticks(range(len(part)), labels, rotation=20 if max(map(len, labels)) > 5 else 0)
        ax.set_title(name)
        ax.set_ylabel("house edge %")
    for ax in axes.ravel()[len(names):]:
        ax.set_visible(False)
    figure.suptitle(f"{preset}: house edge ({strategy}) by rule")
    figure.tight_layout()
    return figure
