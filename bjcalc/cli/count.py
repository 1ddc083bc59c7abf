"""The ``bjcalc count`` command: simulated shoes with the exact EV of every round
(:func:`bjcalc.analysis.simulate.simulate`), summarised by true count, with the cut-card effect
and what a bet ramp earns.

>>> from bjcalc.cli import build_parser, run
>>> text = run(build_parser().parse_args(["count", "--decks", "1", "--split-hands", "2", "--shoes", "1",
...                                       "--workers", "1", "--quiet"]))
>>> text.splitlines()[0]
'bjcalc count: 1 shoe, 8 rounds, Hi-Lo, cut card after 39 of 52 cards'
"""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path
from typing import Any, Optional, Union

import numpy as np

from ..analysis.counting import SHORT_NAMES, count_system
from ..analysis.simulate import (PENETRATION_ONE, VALUES, cut_card_effect_controlled, parse_ramp,
                                plot_by_true_count, simulate)
from ..core.errors import BjcalcError
from ..game.calculator import Calculator
from ..core.progress import Progress
from ..core.rules import Rules
from ..core.cards import Shoe
from .output import assumptions_json, dumps
from .paths import MADE, output_path, write_output

__all__ = ["add_count_arguments", "run_count", "penetration_argument", "system_argument", "OUT_SUFFIXES",
           "PLOT_SUFFIXES"]

DEFAULT_RAMP = "tc<=1:1,2:2,3:4,4+:8"
OUT_SUFFIXES = (".csv", ".parquet")
"""The files ``--out`` writes the rounds to."""
PLOT_SUFFIXES = (".png", ".svg", ".pdf")
"""The files ``--plot`` draws."""


def penetration_argument(text: str) -> Union[float, int]:
    """``--penetration``: the fraction of the shoe dealt before the cut card, above 0 and below
    1 (``0.75``, or ``75%``), or the whole number of cards left behind it, 2 or more (``52``);
    ``1`` is refused (the whole shoe, or one card behind the cut card?).

    >>> penetration_argument("0.75"), penetration_argument("75%"), penetration_argument("52")
    (0.75, 0.75, 52)
    >>> penetration_argument("100%")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: takes the fraction of the shoe dealt before the cut card, above 0 and below 1 (0.75 or 75%), or the whole number of cards left behind it, 2 or more (52), not '100%'
    >>> penetration_argument("1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: penetration 1 is ambiguous: give the fraction of the shoe dealt before the cut card, above 0 and below 1 (0.75), or the whole number of cards left behind it, 2 or more (52)
    """
    word = text.strip()
    if re.fullmatch(r"\d+", word) and int(word) >= 2:
        return int(word)
    percent = re.fullmatch(r"(\d+(?:\.\d*)?|\.\d+)\s*%", word)
    try:
        value = float(percent.group(1)) / 100 if percent else float(word)
    except ValueError:
        value = math.nan
    if value == 1 and not percent:
        raise argparse.ArgumentTypeError(PENETRATION_ONE)
    if 0 < value < 1:
        return value
    raise argparse.ArgumentTypeError(f"takes the fraction of the shoe dealt before the cut card, above 0 and below 1 "
                                     f"(0.75 or 75%), or the whole number of cards left behind it, 2 or more (52), "
                                     f"not {text!r}")


def system_argument(text: str) -> str:
    """``--system``: a count by any name :func:`~bjcalc.analysis.counting.count_system` takes
    (the one lookup of ``eor --indices`` too); its usual spelling.

    >>> system_argument("Hi-Lo"), system_argument("halves"), system_argument("HIOPT2")
    ('Hi-Lo', 'Wong Halves', 'Hi-Opt II')
    """
    try:
        return count_system(text).name
    except BjcalcError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_count_arguments(parser: argparse.ArgumentParser, whole: Any) -> None:
    """The flags of ``bjcalc count`` beside the rule flags."""
    how = parser.add_argument_group("simulation")
    size = how.add_mutually_exclusive_group(required=True)
    size.add_argument("--rounds", type=whole, metavar="N", help="deal shoes until N rounds have been dealt")
    size.add_argument("--shoes", type=whole, metavar="N", help="deal N shoes")
    how.add_argument("--system", default="hilo", type=system_argument, metavar="NAME",
                     help=f"the count: {', '.join(SHORT_NAMES.values())} (any case; spellings such as Hi-Lo, "
                          f"'Hi-Opt II', wonghalves too; the names of 'bjcalc eor --indices'; default hilo)")
    how.add_argument("--penetration", type=penetration_argument, default=0.75, metavar="P",
                     help="where the cut card is: the fraction of the shoe dealt before it, above 0 and below 1 "
                          "(default 0.75; 75%% too), or the whole number of cards left behind it, 2 or more (52); "
                          "1 is refused as ambiguous")
    how.add_argument("--deck-resolution", type=float, default=0.0, metavar="DECKS",
                     help="decks left for the true count estimated to this many decks (0.5; default 0: exact)")
    how.add_argument("--seed", type=whole, default=0, help="the shuffle's seed (default 0)")
    how.add_argument("--values", choices=VALUES, default="both",
                     help="exact EVs per round: both plays (the default), fixed play only (half the time), "
                          "or none (counts and results only)")
    how.add_argument("--control-shoes", type=whole, default=None, metavar="N",
                     help="also deal N shoes without EVs (seed + 1) for the cut-card effect with a control "
                          "variate: the effects of removal predict each round's EV (a far smaller error)")
    how.add_argument("--indices", action="store_true",
                     help="the player adds the count's index plays (the Illustrious 18 and insurance, indices from "
                          "exact effects of removal for these rules) to basic strategy: each round gets their exact EV "
                          "too, is played out by them, and the ramp's win rate is theirs; a balanced count only")
    how.add_argument("--sd", action="store_true",
                     help="each round also gets the exact SD of its net result with perfect play (its exact "
                          "moments, resplits included: 1-2 s a round in 6 decks, so a sample of shoes)")
    how.add_argument("--ramp", default=DEFAULT_RAMP, help=f"bets by true count (default {DEFAULT_RAMP!r})")
    how.add_argument("--bankroll", type=float, default=1000.0, metavar="UNITS",
                     help="bankroll in smallest bets for the risk of ruin (default 1000)")
    run = parser.add_argument_group("where it runs")
    run.add_argument("--workers", type=whole, default=None, help="local processes (default: every core)")
    run.add_argument("--scheduler", default=None, metavar="ADDRESS",
                     help="a Dask scheduler, tcp://HOST:8786 (default: $DASK_SCHEDULER_ADDRESS, else local)")
    out = parser.add_argument_group("output")
    out.add_argument("--json", action="store_true", help="machine-readable output (see the documentation: JSON output)")
    out.add_argument("--out", metavar="FILE",
                     help=f"write the rounds, one row each, to FILE (.csv or .parquet; {MADE}; checked before the "
                          f"simulation)")
    out.add_argument("--plot", metavar="FILE",
                     help=f"draw EV by true count to FILE (.png, .svg or .pdf; matplotlib; {MADE})")
    out.add_argument("--quiet", action="store_true", help="no progress report on stderr")


def run_count(args: argparse.Namespace, rules: Rules, shoe: Shoe) -> str:
    """The simulation's summaries (text or JSON); the rounds go to ``--out``."""
    ramp = parse_ramp(args.ramp)
    if args.workers == 0:
        raise BjcalcError("--workers must be at least 1")
    # (what the summaries need, checked before the simulation rather than after it)
    bounds = [b for low, high, _ in ramp.steps for b in (low, high) if b is not None]
    for count in (*range(min(bounds, default=0) - 1, max(bounds, default=0) + 2), -10 ** 9, 10 ** 9):
        ramp.bet(count)        # (a count the ramp leaves out: its own message, naming the count nearest its steps)
    if not (math.isfinite(args.bankroll) and args.bankroll > 0):
        raise BjcalcError(f"--bankroll is in smallest bets, a finite positive number, not {args.bankroll:g}")
    if args.control_shoes is not None and args.control_shoes < 0:
        raise BjcalcError(f"--control-shoes is a number of shoes (0: none), not {args.control_shoes}")
    if args.control_shoes and args.values == "none":
        raise BjcalcError("--control-shoes needs the rounds' fixed-play EVs: --values both or fixed")
    if args.sd and args.values != "both":
        raise BjcalcError(f"--sd needs --values both (the rounds' SD is of perfect play, whose EV it goes with), "
                          f"not --values {args.values}")
    out, plot = _output_paths(args)       # (the files last: checked and their folders made before the work)
    progress: Optional[Progress] = Progress("count", unit="rounds" if args.rounds else "shoes", enabled=not args.quiet)
    sim = simulate(rules, rounds=args.rounds, shoes=args.shoes, seed=args.seed, system=args.system,
                   penetration=args.penetration, deck_resolution=args.deck_resolution,
                   split_strategy=getattr(args, "split", "CDZ-"), shoe=shoe, workers=args.workers,
                   scheduler=args.scheduler, progress=progress, values=args.values, indices=args.indices,
                   sd=args.sd)
    if out is not None:
        frame = sim.frame.assign(ranks_left=sim.frame["ranks_left"].map(lambda c: " ".join(map(str, c))))
        if out.suffix.lower() == ".parquet":
            try:
                write_output(out, frame.to_parquet)
            except ImportError:
                raise BjcalcError(PARQUET_NEEDS) from None
        else:
            write_output(out, lambda path: frame.to_csv(path, index=False))
    if plot is not None:
        try:
            figure = plot_by_true_count(sim)
        except ImportError:
            raise BjcalcError(PLOT_NEEDS) from None
        write_output(plot, lambda path: figure.savefig(path, dpi=120))
    controlled = None
    if args.control_shoes:
        dealt = simulate(rules, shoes=args.control_shoes, seed=args.seed + 1, system=args.system,
                         penetration=args.penetration, deck_resolution=args.deck_resolution,
                         split_strategy=sim.spec.split_strategy, shoe=shoe, workers=args.workers,
                         scheduler=args.scheduler, values="none",
                         progress=Progress("count", unit="control shoes", enabled=not args.quiet))
        effects = Calculator(rules, sim.spec.full_shoe, sim.spec.split_strategy).effects_of_removal()
        controlled = cut_card_effect_controlled(sim, dealt, effects)
    table = sim.by_true_count()
    indexed = bool(sim.spec.indices)
    slope = sim.true_count_slope()
    cut = sim.cut_card_effect()
    earned = sim.ramp(ramp, args.bankroll)
    gain = sim.index_gain() if indexed else None
    shoes = int(sim.frame["shoe"].nunique())
    total = sim.spec.full_shoe.total
    head = (f"bjcalc count: {shoes} shoe{'s' if shoes != 1 else ''}, {len(sim.frame)} rounds, {sim.spec.system}, "
            f"cut card after {sim.spec.cut_cards(total)} of {total} cards")
    if args.json:
        return dumps("count", {
            "shoes": shoes, "rounds": len(sim.frame), "system": sim.spec.system, "seed": args.seed,
            "indices": [{"play": p.play.label, "action": p.play.action, "versus": p.play.versus, "index": p.index,
                         "at_or_above": p.at_or_above, "rule": p.rule} for p in sim.spec.indices],
            "by_true_count": {str(tc): {k: _plain(v) for k, v in row.items()}
                              for tc, row in table.to_dict(orient="index").items()},
            "slope": {k: _plain(v) for k, v in slope.items()},
            "cut_card": {k: _plain(v) for k, v in cut.items()},
            "cut_card_controlled": None if controlled is None else {k: _plain(v) for k, v in controlled.items()},
            "index_gain": None if gain is None else {k: _plain(v) for k, v in gain.items()},
            "ramp": {k: _plain(v) for k, v in earned.items()},
            "out": args.out, "plot": args.plot, "simulation": sim.conditions, "assumptions": assumptions_json(sim.assumptions)})
    spread = sim.spec.sd
    width = 6 if indexed and spread else 7        # (the rounds column: 80 columns with every column)
    lines = [head, "", "EV per round, % of the initial bet: fixed play, perfect play"
                       + (", with the index plays" if indexed else "")
                       + "; insurance's EV per unit insured; "
                       + ("the mean exact SD of a round (perfect play); " if spread else "")
                       + "the rounds' results played out (mean %, SD)",
             f"{'TC':>4} {'rounds':>{width}} {'freq %':>6} {'fixed %':>8} {'perfect %':>9} "
             + (f"{'indices %':>9} " if indexed else "") + f"{'insur. %':>8} "
             + (f"{'rd SD':>6} " if spread else "") + f"{'result %':>8} {'SD':>6}"]
    for tc, row in table.iterrows():
        lines.append(f"{tc:>+4d} {int(row.rounds):>{width}d} {row.frequency * 100:>6.2f} "
                     f"{_shown(row.ev_fixed * 100, '>+8.3f')} {_shown(row.ev_perfect * 100, '>+9.3f')} "
                     + (f"{_shown(row.ev_indices * 100, '>+9.3f')} " if indexed else "")
                     + f"{_shown(row.ev_insurance * 100, '>+8.2f')} "
                     + (f"{_shown(row.sd_perfect, '>6.3f')} " if spread else "")
                     + f"{_shown(row.result * 100, '>+8.1f')} {_shown(row.result_sd, '>6.3f')}")
    lines.append(f"EV rises {_shown(slope['slope_fixed'] * 100, '+.3f')} % (fixed play), "
                 f"{_shown(slope['slope_perfect'] * 100, '+.3f')} % (perfect)"
                 + (f", {_shown(slope['slope_indices'] * 100, '+.3f')} % (with indices)" if indexed else "")
                 + " per true count (least squares over true counts -6 to 7)")
    lines += ["", f"full-shoe EV {cut['full_shoe_ev'] * 100:+.4f} %; mean EV per round dealt: fixed "
                  f"{_shown(cut['mean_ev_fixed'] * 100, '+.4f')} %, perfect "
                  f"{_shown(cut['mean_ev_perfect'] * 100, '+.4f')} %",
              f"cut-card effect (fixed play): {_shown(cut['cut_card_effect_fixed'] * 100, '+.4f')} % per round "
              + (f"(no standard error from {cut['shoes']} shoe{'s' if cut['shoes'] != 1 else ''})"
                 if math.isnan(cut['se_fixed']) else
                 f"+- {cut['se_fixed'] * 100:.4f} % (standard error, over {cut['shoes']} shoes)"),
              *([] if controlled is None else [
                  f"with a control variate ({controlled['shoes_dealt']} more shoes dealt without EVs, the "
                  f"effects of removal predicting each round): "
                  f"{_shown(controlled['cut_card_effect'] * 100, '+.4f')} % "
                  f"+- {_shown(controlled['se'] * 100, '.4f')} %"]),
              *([] if gain is None else [
                  f"over the fixed strategy, per round (flat bet): the index plays' decisions gain "
                  f"{_shown(gain['indices'] * 100, '+.4f')} % +- {_shown(gain['se_indices'] * 100, '.4f')} %, their "
                  f"insurance {_shown(gain['insurance'] * 100, '+.4f')} %, perfect play "
                  f"{_shown(gain['perfect'] * 100, '+.4f')} %: the decisions capture "
                  f"{_shown(gain['captured'] * 100, '.1f')} % of perfect play's gain"]),
              "", f"bet ramp {earned['ramp']} (mean bet {earned['mean_bet']:.2f} units; {earned['play']}):",
              f"  win {_shown(earned['win_per_100'], '+.3f')} units per 100 rounds, SD {earned['sd_per_100']:.2f}, "
              f"SCORE {_shown(earned['score'], '.1f')}, N0 {_shown(earned['n0'], ',.0f')} rounds,",
              f"  risk of ruin {_shown(earned['risk_of_ruin'], '.4f')} for {earned['bankroll_units']:g} units"]
    if sim.spec.values != "both":
        lines.append(f"(--values {sim.spec.values}: '-' marks what was not computed)")
    if args.out:
        lines.append(f"rounds written to {args.out}")
    if args.plot:
        lines.append(f"EV by true count drawn to {args.plot}")
    if indexed:
        lines += ["", f"index plays ({sim.spec.system}, by the true count before the deal; first decisions of "
                      f"unsplit hands):",
                  "  " + "; ".join(p.rule for p in sim.spec.indices)]
    lines += [""] + [f"{key.replace('_', ' ')}: {value}" for key, value in sim.conditions.items()]
    lines += sim.assumptions.lines()
    return "\n".join(lines)


PARQUET_NEEDS = "writing Parquet needs pyarrow (pip install pyarrow); or write a .csv"
PLOT_NEEDS = "--plot needs matplotlib (pip install matplotlib, or the notebooks extra)"


def _output_paths(args: argparse.Namespace) -> tuple[Optional[Path], Optional[Path]]:
    """``--out`` and ``--plot`` checked (:func:`bjcalc.cli.paths.output_path`), and what writing
    them needs (pyarrow, matplotlib) looked for, before the simulation."""
    # what writing needs first, so that a refusal leaves no folder made
    if args.out is not None and str(args.out).lower().endswith(".parquet") and \
            not _importable("pyarrow", "fastparquet"):
        raise BjcalcError(PARQUET_NEEDS)
    if args.plot is not None and not _importable("matplotlib"):
        raise BjcalcError(PLOT_NEEDS)
    return output_path("--out", args.out, OUT_SUFFIXES), output_path("--plot", args.plot, PLOT_SUFFIXES)


def _importable(*modules: str) -> bool:
    """Whether any of these modules can be imported (looked for, not imported)."""
    import importlib.util

    return any(importlib.util.find_spec(name) is not None for name in modules)


def _shown(value: float, spec: str) -> str:
    """``value`` formatted by ``spec``, or a dash as wide where it is NaN (not computed)."""
    if math.isnan(value):
        width = re.match(r"[<>^]?[+-]?(\d*)", spec)
        return "-".rjust(int(width.group(1)) if width and width.group(1) else 1)
    return format(value, spec)


def _plain(value: Any) -> Any:
    """A JSON-safe number: NaN and infinities as null."""
    if isinstance(value, str) or value is None:
        return value
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)       # (counts stay whole numbers)
    number = float(value)
    return number if math.isfinite(number) else None
