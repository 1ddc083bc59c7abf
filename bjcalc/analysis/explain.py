"""Which assumptions give a published house edge?  (``bjcalc explain``)

For a preset and a target house edge, evaluate every combination of the rules its
card leaves open (:data:`bjcalc.game.variants.OPEN_RULES`), with CD and TD strategy,
one task per combination on the runner (:func:`bjcalc.core.runner.run_chunks`: the local
cores by default, or a Dask cluster), and list the combinations nearest the target;
those that round to it at its printed precision are marked.  The candidates are the same
whatever the number of workers or where they run (each task is one rule set's own games).

>>> rows = explain("classic_single_deck", "0.13", fixed={"max_split_hands": 2, "hit_split_aces": False,
...                                                      "resplit_aces": False}, workers=1)
>>> len(rows), rows[0].strategy in ("CD", "TD")
(4, True)
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Callable, Iterable, Optional

from ..core.errors import BjcalcError, RulesError
from ..core.rules import GAME_FIELDS, RULE_INFO, Rules
from ..core.runner import run_chunks
from ..game.variants import OPEN_RULES, VARIANTS

__all__ = ["Candidate", "combinations", "explain", "open_rules_text", "parse_fix"]

RULE_FIELDS = GAME_FIELDS


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def open_rules_text(preset: str) -> str:
    """The rules a preset's card leaves open, with the values ``explain`` tries for each.

    >>> open_rules_text("classic_single_deck")
    'double_after_split (false, true), max_split_hands (2, 3, 4), resplit_aces (false, true), hit_split_aces (false, true)'
    """
    return ", ".join(f"{name} ({', '.join(_value_text(v) for v in values)})"
                     for name, values in OPEN_RULES.get(preset, {}).items())


_CHOICE_FIELDS = {name: info.choices for name, info in RULE_INFO.items() if info.choices}


def parse_fix(preset: str, items: Iterable[str]) -> dict[str, Any]:
    """``RULE=VALUE`` texts (``explain --fix``) as the open rules they pin, each checked.

    RULE is one of the preset's open rules, or any option of its variant (``-`` may stand for
    ``_``); VALUE is ``true``/``false`` for a yes-or-no rule, digits (or ``inf`` for decks) for
    a number, or one of the rule's named values.  Anything else, a rule given twice, or a
    combination no game allows is a :class:`~bjcalc.core.errors.RulesError` naming the open
    rules and their values.

    >>> parse_fix("burn20", ["decks=4", "hole-card=enhc_obo", "resplit_aces=true"])
    {'decks': 4, 'hole_card': 'enhc_obo', 'resplit_aces': True}
    >>> parse_fix("burn20", ["resplit_aces=1"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.RulesError: --fix resplit_aces=1: resplit_aces takes true or false; open rules of burn20: ...
    """
    if preset not in VARIANTS:
        raise RulesError(f"unknown preset {preset!r}; presets: {', '.join(sorted(VARIANTS))}")
    open_rules = OPEN_RULES.get(preset, {})
    listing = f"open rules of {preset}: {open_rules_text(preset)}" if open_rules else f"{preset} has no open rules"
    fixed: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise RulesError(f"--fix takes RULE=VALUE, like decks=6, not {item!r}; {listing}")
        name, text = (part.strip() for part in item.split("=", 1))
        name = name.replace("-", "_")
        option = VARIANTS[preset].options.get(name)
        if name not in open_rules and option is None:
            known = "stated by the card, not left open" if name in RULE_FIELDS else "not a rule"
            raise RulesError(f"--fix {item}: {name!r} is {known}; {listing}")
        if name in fixed:
            raise RulesError(f"--fix {item}: {name} is fixed twice; give each rule once")
        fixed[name] = (_option_value(option, name, text, item, listing) if option is not None
                       else _parse_value(name, text, item, listing))
    try:
        VARIANTS.of(VARIANTS[preset].rules(**fixed))      # (its options checked too: one that needs another)
    except RulesError as exc:
        raise RulesError(f"--fix {' '.join(items)}: {exc}") from None
    return fixed


def _option_value(option: Any, name: str, text: str, item: str, listing: str) -> Any:
    """A variant option's value written after ``--fix name=``: one of its allowed values as
    :func:`_value_text` writes it, or what its own reader takes."""
    for value in option.allowed:
        if value is not None and _value_text(value) == text.lower():
            return value
    if option.parse is not None:
        try:
            return option.parse(text)
        except RulesError as exc:
            raise RulesError(f"--fix {item}: {exc}; {listing}") from None
    shown = ", ".join(_value_text(v) for v in option.allowed if v is not None)
    raise RulesError(f"--fix {item}: {name} takes {shown}; {listing}")


def _parse_value(name: str, text: str, item: str, listing: str) -> Any:
    lowered = text.lower()
    default = getattr(Rules(), name)
    if isinstance(default, bool):
        if lowered in ("true", "false"):
            return lowered == "true"
        raise RulesError(f"--fix {item}: {name} takes true or false; {listing}")
    if name in _CHOICE_FIELDS:
        if text in _CHOICE_FIELDS[name]:
            return text
        raise RulesError(f"--fix {item}: {name} takes one of {', '.join(_CHOICE_FIELDS[name])}; {listing}")
    if name == "decks" and lowered in ("inf", "infinite"):
        return math.inf
    if text.isascii() and text.isdigit() and len(text) <= 9:
        value = int(text)
        try:
            VARIANTS["standard"].rules(**{name: value})
        except RulesError as exc:
            raise RulesError(f"--fix {item}: {exc}; {listing}") from None
        return value
    raise RulesError(f"--fix {item}: {name} takes a whole number{' or inf' if name == 'decks' else ''}; {listing}")


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
        """The edge, strategy and rules in one line, the doubling rule as computed: ``double_on=any``
        says whether soft hands may double (``double_soft``, or the preset's own rule), and
        ``double_soft`` is left out where it does not matter (doubling on 9-11 or 10-11).

        >>> Candidate("burn20", (("decks", 4), ("double_on", "any")), "CD", 0.75, False, 0.01).describe()
        '0.7500 %  CD  decks=4, double_on=any (hard only)'
        >>> Candidate("burn20", (("double_on", "9-11"), ("double_soft", False)), "TD", 0.7, True, 0).describe()
        '0.7000 %  TD  double_on=9-11'
        """
        choices = dict(self.choices)
        preset = VARIANTS[self.preset].rules()
        double_on = choices.get("double_on", preset.double_on)
        parts = []
        for name, value in self.choices:
            if name == "double_soft" and double_on != "any":
                continue
            text = f"{name}={value}"
            if name == "double_on" and value == "any" and "double_soft" not in choices:
                text += " (soft too)" if preset.double_soft else " (hard only)"
            parts.append(text)
        return f"{self.edge:.4f} %  {self.strategy}  {', '.join(parts)}"


def combinations(preset: str, fixed: Optional[dict[str, Any]] = None) -> list[dict[str, Any]]:
    """Every combination of the preset's open rules (``fixed`` pins some of them).

    >>> len(combinations("classic_single_deck")), len(combinations("classic_single_deck", {"max_split_hands": 2}))
    (20, 4)

    Where ``double_soft`` is open, it varies only with ``double_on="any"``: doubling "any two
    cards" is tried with soft hands and with hard ones only.

    >>> sorted((c["double_on"], c["double_soft"]) for c in combinations("burn20", {
    ...     "decks": 4, "dealer_hits_soft_17": False, "hole_card": "enhc_obo", "double_after_split": True,
    ...     "max_split_hands": 4, "resplit_aces": True}))
    [('10-11', False), ('9-11', False), ('any', False), ('any', True)]
    """
    if preset not in VARIANTS:
        raise RulesError(f"unknown preset {preset!r}; presets: {', '.join(sorted(VARIANTS))}")
    open_rules = dict(OPEN_RULES.get(preset, {}))
    for name, value in (fixed or {}).items():
        if name not in open_rules and name not in VARIANTS[preset].options:
            raise RulesError(f"{name!r} is not an open rule of {preset}; open rules: {open_rules_text(preset)}")
        open_rules[name] = (value,)
    default = VARIANTS[preset].rules(**(fixed or {}))
    VARIANTS.of(default)       # a bad value: its RulesError now, not "0 of 0 rule sets" later
    names = list(open_rules)
    out = []
    for values in itertools.product(*(open_rules[n] for n in names)):
        choice = dict(zip(names, values))
        if choice.get("resplit_aces") and choice.get("max_split_hands", 4) < 3:
            continue   # impossible combination
        if "double_soft" in choice and choice.get("double_on", default.double_on) != "any" \
                and choice["double_soft"] != open_rules["double_soft"][0]:
            continue   # the same game as the other double_soft (only hard totals double on 9-11 or 10-11)
        out.append(choice)
    return out


def _edges(task: tuple[str, dict[str, Any], tuple[str, ...]]) -> list[tuple[str, Optional[float]]]:
    from ..game.calculator import Calculator

    preset, choice, strategies = task
    try:
        calc = Calculator(VARIANTS[preset].rules(**choice))
    except BjcalcError:
        return [(s, None) for s in strategies]
    out: list[tuple[str, Optional[float]]] = []
    for strategy in strategies:      # (a strategy the game refuses leaves the others)
        try:
            out.append((strategy, -float(calc.game(strategy).ev) * 100))
        except BjcalcError:
            out.append((strategy, None))
    return out


def explain(preset: str, target: str, fixed: Optional[dict[str, Any]] = None,
            strategies: Iterable[str] = ("CD", "TD"), workers: Optional[int] = None,
            progress: Optional[Callable[[Iterable, int], Iterable]] = None, scheduler: Any = None) -> list[Candidate]:
    """Candidates nearest ``target`` (a house edge in percent, as printed, e.g. ``"0.74"``).

    ``workers``/``scheduler``: where the rule sets are computed (:func:`bjcalc.core.runner.run_chunks`:
    default every local core; a Dask address or client); the candidates do not depend on them.
    ``progress(iterable, total)`` advances by one rule set as each finishes.

    >>> rows = explain("classic_single_deck", "0.10", strategies=["CD"], workers=1,
    ...                fixed={"max_split_hands": 2, "resplit_aces": False, "hit_split_aces": False})
    >>> [(round(c.edge, 4), c.matches) for c in rows]
    [(0.0979, True), (0.2168, False)]
    """
    try:
        goal = Decimal(str(target))
    except Exception:
        raise RulesError(f"target must be a house edge in percent such as 0.74, not {target!r}") from None
    exponent = goal.as_tuple().exponent
    if not isinstance(exponent, int):       # NaN or infinity: no last digit
        raise RulesError(f"target must be a house edge in percent such as 0.74, not {target!r}")
    half_unit = 0.5 * 10.0 ** exponent
    strategies = tuple(strategies)
    tasks = [(preset, choice, strategies) for choice in combinations(preset, fixed)]
    # (the runner calls progress(ticks, total=n); explain's callers give progress(iterable, n))
    ticks = (lambda iterable, total=None: progress(iterable, total)) if progress else None
    results = run_chunks(_edges, tasks, workers=workers, scheduler=scheduler, progress=ticks)
    out = []
    for (_, choice, _), edges in zip(tasks, results):
        for strategy, edge in edges:
            if edge is None:
                continue
            distance = abs(edge - float(goal))
            out.append(Candidate(preset, tuple(choice.items()), strategy, edge, distance <= half_unit, distance))
    return sorted(out, key=lambda c: (c.distance, c.strategy, c.choices))
