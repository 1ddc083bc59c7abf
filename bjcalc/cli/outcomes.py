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
from ..game.distribution import INSURANCE
from .output import assumptions_json, dumps, number

__all__ = ["add_outcomes_arguments", "run_outcomes"]


def add_outcomes_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``bjcalc outcomes`` beside the rule and output flags every game command has."""
    parser.add_argument("--strategy", choices=("CD", "TD"), default="CD",
                        help="CD: composition-dependent play (the default); TD: the total-dependent chart")
    parser.add_argument("--insurance", choices=INSURANCE, default="never",
                        help="never (the default), always against an ace, or optimal (when its EV is positive for "
                             "the cards seen)")


def _label(net: Any) -> str:
    value = float(net)
    text = f"{value:g}"
    return "+" + text if value > 0 else text


def run_outcomes(args: argparse.Namespace, calc: Calculator, progress: Callable[..., Any]) -> str:
    """The pmf as an aligned table with EV, SD, win/push/loss, average bet and element of
    risk (text), or ``{"pmf": {"-1": p, ...}, "ev": ..., "sd": ..., ...}`` (JSON)."""
    outcomes = None
    for _ in progress([None], total=1):
        outcomes = calc.outcomes(args.strategy, args.insurance)
    assert outcomes is not None
    stats = outcomes.summary()
    if args.json:
        payload = {"pmf": {_label(net): number(p, args.exact) for net, p in outcomes.pmf.items()},
                   **{name: number(value, args.exact) for name, value in stats.items()},
                   "strategy": args.strategy, "insurance": args.insurance,
                   "assumptions": assumptions_json(outcomes.assumptions)}
        return dumps("outcomes", payload)
    lines = [f"{'net':>6} {'probability':>14} {'cumulative':>12}"]
    cumulative = 0.0
    for net, p in outcomes.pmf.items():
        cumulative += float(p)
        lines.append(f"{_label(net):>6} {float(p):>14.10f} {cumulative:>12.8f}")
    lines += ["",
              f"EV {float(stats['ev']) * 100:+.4f} %   SD {stats['sd']:.4f}   variance {float(stats['variance']):.4f}",
              f"win {float(stats['p_win']) * 100:.4f} %   push {float(stats['p_push']) * 100:.4f} %   "
              f"loss {float(stats['p_loss']) * 100:.4f} %",
              f"average bet {float(stats['average_bet']):.6f}   element of risk "
              f"{float(stats['element_of_risk']) * 100:+.4f} %",
              f"strategy: {args.strategy}; insurance: {args.insurance}"]
    if args.exact:
        lines += [""] + [f"P({_label(net)}) = {p}" for net, p in outcomes.pmf.items()]
    return "\n".join(lines + [""] + outcomes.assumptions.lines())
