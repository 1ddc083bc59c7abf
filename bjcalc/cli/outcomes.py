"""The ``bjcalc outcomes`` command: the exact distribution of one round's net result.

>>> from bjcalc.cli import build_parser, run
>>> text = run(build_parser().parse_args(["outcomes", "--decks", "1", "--split-hands", "2", "--quiet"]))
>>> text.splitlines()[0].split()
['net', 'probability', 'cumulative']
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

from ..game.calculator import Calculator
from ..game.distribution import INSURANCE, net_label
from .output import assumptions_json, dumps, number

__all__ = ["add_outcomes_arguments", "run_outcomes"]


def add_outcomes_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``bjcalc outcomes`` beside the rule and output flags every game command has."""
    parser.add_argument("--strategy", choices=("CD", "TD"), default="CD",
                        help="CD: composition-dependent play (the default); TD: the total-dependent chart")
    parser.add_argument("--insurance", choices=INSURANCE, default="never",
                        help="never (the default), always against an ace, or optimal (when its EV is positive for "
                             "the cards seen)")


def run_outcomes(args: argparse.Namespace, calc: Calculator, progress: Callable[..., Any]) -> str:
    """The pmf as an aligned table with EV, SD, win/push/loss, average bet and element of
    risk (text; with ``--exact`` the probabilities as fractions too), or
    ``{"pmf": {"-1": p, ...}, "ev": ..., "sd": ..., ...}`` (JSON)."""
    outcomes = calc.outcomes(args.strategy, args.insurance, progress=progress)
    if args.json:
        payload = {"pmf": {net_label(net): number(p, args.exact) for net, p in outcomes.pmf.items()},
                   **{name: number(value, args.exact and name != "sd")      # (a square root: a float, as in edge --sd)
                      for name, value in outcomes.summary().items()},
                   "strategy": args.strategy, "insurance": args.insurance,
                   "assumptions": assumptions_json(outcomes.assumptions)}
        return dumps("outcomes", payload)
    if not args.exact:
        return str(outcomes)
    table, notes = str(outcomes).split("\n\n", 1)
    return "\n".join([table, ""] + [f"P({net_label(net)}) = {p}" for net, p in outcomes.pmf.items()] + ["", notes])
