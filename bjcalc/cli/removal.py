"""The ``bjcalc eor`` command: the game's effects of removal, how the common counts track them
(betting and insurance correlation, playing efficiency) and, asked for, a count's indices.

>>> from bjcalc.cli import build_parser, run
>>> print(run(build_parser().parse_args(["eor", "--decks", "1", "--split-hands", "2", "--quiet"])).splitlines()[0])
effects of removal, fixed CD play (per card removed, % of the initial bet)
"""

from __future__ import annotations

import argparse
import math
from typing import Any, Callable

from ..analysis.counting import (COMMON_PLAYS, SHORT_NAMES, SYSTEMS, betting_correlation, count_names,
                                 count_system, fixed_effects, indices, insurance_correlation, playable,
                                 playing_efficiency, sample_shoes)
from ..core.errors import BjcalcError, ShoeError
from ..game.calculator import Calculator
from .output import assumptions_json, dumps, number

__all__ = ["add_eor_arguments", "run_eor"]

PE_DEALT = 0.25
MAX_PE_SHOES = 10_000
"""The most shoes ``--pe-shoes`` values (each about a game's time)."""


def add_eor_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``bjcalc eor`` beside the rule and output flags every game command has."""
    parser.add_argument("--play", choices=("fixed", "reoptimized"), default="fixed",
                        help="fixed: the full shoe's best strategy played unchanged on each depleted shoe (what "
                             "counters use; the default); reoptimized: the best play for each depleted shoe")
    parser.add_argument("--strategy", choices=("CD", "TD"), default="CD",
                        help="CD: composition-dependent play (the default); TD: the total-dependent chart")
    parser.add_argument("--indices", metavar="COUNT",
                        help="also print this balanced count's indices for the well-known plays: "
                             + ", ".join(SHORT_NAMES[s.name] for s in SYSTEMS.values() if s.balanced)
                             + " (any case; spellings such as Hi-Lo, 'Hi-Opt II' too; the names of 'bjcalc count "
                               "--system')")
    parser.add_argument("--pe-shoes", type=int, default=0, metavar="N",
                        help="also the playing efficiency exact per shoe over N random depleted shoes (slow: a "
                             "game's time per shoe; default 0: only Griffin's approximation)")
    parser.add_argument("--pe-dealt", type=float, default=PE_DEALT, metavar="F",
                        help=f"the share of the shoe dealt for playing efficiency (default {PE_DEALT})")


def _playing_efficiency(args: argparse.Namespace, calc: Calculator) -> tuple[dict[str, dict[str, float]], str]:
    """Each count's playing efficiency by method ("griffin", and "shoes" if asked for), in
    floats, and what they are over (or why there are none)."""
    if calc.shoe.is_infinite:
        return {}, "not computed: an infinite shoe is never depleted"
    floats = Calculator(calc.rules, calc.shoe, calc.split_strategy) if calc.exact else calc
    systems = list(SYSTEMS.values())
    out = {}
    basis = (f"the first decision of every two-card hand, {args.pe_dealt:g} of the shoe dealt; Griffin's normal "
             f"approximation with exact effects of removal")
    try:
        out["griffin"] = playing_efficiency(floats, systems, method="griffin", dealt=args.pe_dealt)
        if args.pe_shoes:
            shoes = sample_shoes(calc.shoe, args.pe_dealt, args.pe_shoes)
            out["shoes"] = playing_efficiency(floats, systems, shoes)
            basis += f"; exact: exact per shoe over {args.pe_shoes} shoes dealt at random (seed 13)"
    except ShoeError as exc:     # a shoe too small to deal from and still play every round
        return {}, f"not computed: {exc}"
    return out, basis


def run_eor(args: argparse.Namespace, calc: Calculator, progress: Callable[..., Any]) -> str:
    """The effects of removal (text or JSON), with the betting and insurance correlations and
    the playing efficiency of the common counts, and (``--indices``) a count's indices."""
    system = count_system(args.indices) if args.indices else None     # bad input first, before the work
    if system is not None and not system.balanced:
        raise BjcalcError(f"--indices {args.indices}: {system.name} is unbalanced; indices are by true count, which "
                          f"needs a balanced count: {count_names([s for s in SYSTEMS.values() if s.balanced])}")
    if system is not None and calc.variant.dealer_hand_seen:
        raise BjcalcError(f"--indices: index plays are by the up card, and {calc.variant.title}'s decisions see both "
                          f"dealer cards; leave --indices out")
    if not 0 < args.pe_dealt < 1:
        raise BjcalcError(f"--pe-dealt is the share of the shoe dealt, between 0 and 1, not {args.pe_dealt}")
    if args.pe_shoes < 0:
        raise BjcalcError(f"--pe-shoes must be 0 or more, not {args.pe_shoes}")
    if args.pe_shoes > MAX_PE_SHOES:
        raise BjcalcError(f"--pe-shoes {args.pe_shoes}: each shoe costs about a game's time (0.2-0.5 s for 6 decks); "
                          f"at most {MAX_PE_SHOES:,} (an hour or so)")
    effects = None
    for _ in progress([None], total=1, desc="effects of removal"):
        if (args.play, args.strategy) == ("fixed", "CD") and not calc.exact:   # (playing efficiency's shoes too)
            effects = fixed_effects(calc)
        else:
            effects = calc.effects_of_removal(args.play, args.strategy)
    assert effects is not None
    efficiency, pe_basis = _playing_efficiency(args, calc)
    table, left_out = None, []
    if system is not None:       # (the plays this shoe cannot deal, or these rules forbid, are listed, not refused)
        plays = playable(calc)
        left_out = [play for play in COMMON_PLAYS if play not in plays]
        if not plays:
            raise BjcalcError(f"--indices {args.indices}: the shoe cannot deal any index play's cards less any one "
                              f"card (or the rules forbid them): use whole decks")
        table = indices(calc, system, progress(plays, total=len(plays), desc="index plays"))
    correlations = {name: (betting_correlation(effects, system), insurance_correlation(calc.shoe, system))
                    for name, system in SYSTEMS.items()}
    info = effects.assumptions
    if args.json:
        payload = {
            "play": args.play, "strategy": args.strategy, "full_ev": number(effects.full_ev, args.exact),
            "effects": {card: number(value, args.exact) for card, value in effects.items()},
            "depleted_ev": {card: number(value, args.exact) for card, value in effects.depleted_ev.items()},
            "weighted_sum": number(effects.weighted_sum(), args.exact),
            "counts": {name: {"betting_correlation": number(bc, False), "insurance_correlation": number(ic, False),
                              "playing_efficiency": {method: pe[name] for method, pe in efficiency.items()},
                              "tags": {label: number(tag, False) for label, tag in zip(effects.index,
                                                                                      SYSTEMS[name].tags)}}
                       for name, (bc, ic) in correlations.items()},
            "playing_efficiency_basis": pe_basis,
            "assumptions": assumptions_json(info)}
        if table is not None and system is not None:
            payload["indices"] = {"count": system.name, "plays": [
                {"play": row["play"], "cards": row["cards"], "up": row["up"], "action": row["action"],
                 "versus": row["versus"], "index": row["index"], "rule": row["rule"],
                 "gain_at_tc_0": row["gain at TC 0"], "gain_per_tc": row["gain per TC"]}
                for row in table.to_dict("records")],
                "left_out": [{"play": play.label, "cards": play.cards, "up": play.up} for play in left_out]}
        return dumps("eor", payload)
    lines = [f"effects of removal, {args.play} {args.strategy} play (per card removed, % of the initial bet)",
             f"{'card':>5} {'EOR %':>10} {'EV after %':>11}"]
    for card, value in effects.items():
        if math.isnan(float(value)):      # (no card of this value in the shoe: nothing to remove)
            lines.append(f"{card:>5} {'-':>10} {'-':>11}  (the shoe holds none)")
            continue
        lines.append(f"{card:>5} {float(value) * 100:>+10.4f} {float(effects.depleted_ev[card]) * 100:>+11.4f}")
    lines.append(f"{'full':>5} {'':>10} {float(effects.full_ev) * 100:>+11.4f}")
    lines.append(f"weighted sum {float(effects.weighted_sum()) * 100:+.2e} % "
                 f"({'exactly 0 for fixed play' if args.play == 'fixed' else 'at least 0 when reoptimized'})")
    if args.exact:
        lines += [""] + [f"EOR {card} = {value}" for card, value in effects.items() if not math.isnan(float(value))]
    exact_pe = "shoes" in efficiency
    extra = ("  exact", "     PE") if exact_pe else ("", "")
    lines += ["", f"{'count':<12} {'betting':>8} {'insur.':>7} {'playing':>8}{extra[0]}  tags A 2 3 4 5 6 7 8 9 T",
              f"{'':<12} {'corr.':>8} {'corr.':>7} {'eff.':>8}{extra[1]}"]
    for name, (bc, ic) in correlations.items():
        tags = " ".join(str(tag) for tag in SYSTEMS[name].tags)
        pe = f"{efficiency['griffin'][name]:.3f}" if efficiency else "-"
        exact = f" {efficiency['shoes'][name]:>6.3f}" if exact_pe else ""
        bc_text, ic_text = ("-" if math.isnan(c) else f"{c:.3f}" for c in (bc, ic))
        lines.append(f"{name:<12} {bc_text:>8} {ic_text:>7} {pe:>8}{exact}  {tags}")
    lines.append(f"playing efficiency: {pe_basis}")
    if table is not None and system is not None:
        lines += ["", f"{system.name} indices (true count: running count per 52 cards left; "
                      f"Griffin's linear estimate from exact effects of removal)",
                  f"{'play':<10} {'rule':<30} {'index':>7} {'gain at TC 0':>13} {'gain per TC':>12}"]
        for row in table.to_dict("records"):
            index = "-" if row["index"] is None else f"{row['index']:+.2f}"
            lines.append(f"{row['play']:<10} {row['rule']:<30} {index:>7} {row['gain at TC 0'] * 100:>+12.3f}% "
                         f"{row['gain per TC'] * 100:>+11.4f}%")
        if left_out:
            lines.append("left out (the shoe cannot deal these cards less any one card, or the rules forbid an "
                         "action): " + ", ".join(f"{play.label} ({play.cards})" for play in left_out))
    return "\n".join(lines + [""] + info.lines())
