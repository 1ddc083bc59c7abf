"""The ``bjcalc eor`` command: the game's effects of removal and how the common counts track them.

>>> from bjcalc.cli import build_parser, run
>>> print(run(build_parser().parse_args(["eor", "--decks", "1", "--split-hands", "2", "--quiet"])).splitlines()[0])
effects of removal, fixed CD play (per card removed, % of the initial bet)
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

from ..analysis.counting import SYSTEMS, betting_correlation, insurance_correlation
from ..game.calculator import Calculator
from .output import assumptions_json, dumps, number

__all__ = ["add_eor_arguments", "run_eor"]


def add_eor_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``bjcalc eor`` beside the rule and output flags every game command has."""
    parser.add_argument("--play", choices=("fixed", "reoptimized"), default="fixed",
                        help="fixed: the full shoe's best strategy played unchanged on each depleted shoe (what "
                             "counters use; the default); reoptimized: the best play for each depleted shoe")
    parser.add_argument("--strategy", choices=("CD", "TD"), default="CD",
                        help="CD: composition-dependent play (the default); TD: the total-dependent chart")


def run_eor(args: argparse.Namespace, calc: Calculator, progress: Callable[..., Any]) -> str:
    """The effects of removal (text or JSON), with the betting and insurance correlations of
    the common counts."""
    effects = None
    for _ in progress([None], total=1):
        effects = calc.effects_of_removal(args.play, args.strategy)
    assert effects is not None
    correlations = {name: (betting_correlation(effects, system), insurance_correlation(calc.shoe, system))
                    for name, system in SYSTEMS.items()}
    info = effects.assumptions
    if args.json:
        return dumps("eor", {
            "play": args.play, "strategy": args.strategy, "full_ev": number(effects.full_ev, args.exact),
            "effects": {card: number(value, args.exact) for card, value in effects.items()},
            "depleted_ev": {card: number(value, args.exact) for card, value in effects.depleted_ev.items()},
            "weighted_sum": number(effects.weighted_sum(), args.exact),
            "counts": {name: {"betting_correlation": bc, "insurance_correlation": ic, "tags": {
                label: number(tag, False) for label, tag in zip(effects.index, SYSTEMS[name].tags)}}
                for name, (bc, ic) in correlations.items()},
            "assumptions": assumptions_json(info)})
    lines = [f"effects of removal, {args.play} {args.strategy} play (per card removed, % of the initial bet)",
             f"{'card':>5} {'EOR %':>10} {'EV after %':>11}"]
    for card, value in effects.items():
        lines.append(f"{card:>5} {float(value) * 100:>+10.4f} {float(effects.depleted_ev[card]) * 100:>+11.4f}")
    lines.append(f"{'full':>5} {'':>10} {float(effects.full_ev) * 100:>+11.4f}")
    lines.append(f"weighted sum {float(effects.weighted_sum()) * 100:+.2e} % "
                 f"({'exactly 0 for fixed play' if args.play == 'fixed' else 'at least 0 when reoptimized'})")
    if args.exact:
        lines += [""] + [f"EOR {card} = {value}" for card, value in effects.items()]
    lines += ["", f"{'count':<12} {'betting corr.':>13} {'insurance corr.':>15}  tags A 2-9 T"]
    for name, (bc, ic) in correlations.items():
        tags = " ".join(str(tag) for tag in SYSTEMS[name].tags)
        lines.append(f"{name:<12} {bc:>13.3f} {ic:>15.3f}  {tags}")
    return "\n".join(lines + [""] + info.lines())
