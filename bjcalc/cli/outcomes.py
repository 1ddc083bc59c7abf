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
from ..game.hand_outcomes import HandOutcomes, hand_outcomes
from ..game.rounds import HandValues
from .output import assumptions_json, dumps, number

__all__ = ["add_outcomes_arguments", "run_outcomes", "hand_figures", "hand_json", "hand_lines"]


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
    ``{"pmf": {"-1": p, ...}, "ev": ..., "sd": ..., ..., "complete": true, "note": null}``
    (JSON).  Where the whole distribution is too large for the game (resplits from real
    shoes), the game's exact moments, said so first: ``"pmf"``, ``"p_win"``, ``"p_push"``
    and ``"p_loss"`` null, ``"complete"`` false and the ``"note"`` saying what needs
    ``--split-hands 2``."""
    outcomes = calc.outcomes(args.strategy, args.insurance, progress=progress)
    note = outcomes.note or None
    if args.json:
        pmf = None if outcomes.pmf is None else {net_label(net): number(p, args.exact) for net, p in outcomes.pmf.items()}
        payload = {"pmf": pmf,
                   **{name: number(value, args.exact and name != "sd")      # (a square root: a float, as in edge --sd)
                      for name, value in outcomes.summary().items()},
                   "complete": outcomes.complete, "note": note,
                   "strategy": args.strategy, "insurance": args.insurance,
                   "assumptions": assumptions_json(outcomes.assumptions)}
        return dumps("outcomes", payload)
    text = str(outcomes)
    if outcomes.pmf is None:
        if args.exact:
            text += "\n\n" + "\n".join(f"{name} = {value}" for name, value in outcomes.summary().items()
                                        if value is not None and name != "sd")
        return text
    if not args.exact:
        return text
    table, notes = text.split("\n\n", 1)
    return "\n".join([table, ""] + [f"P({net_label(net)}) = {p}" for net, p in outcomes.pmf.items()] + ["", notes])


def hand_figures(calc: Calculator, values: HandValues) -> HandOutcomes:
    """The figures ``bjcalc hand`` adds to a hand's EVs (see :mod:`bjcalc.game.hand_outcomes`)."""
    return hand_outcomes(calc, values.cards, values.up, values)


def hand_json(result: HandOutcomes, exact: bool) -> dict[str, Any]:
    """``"outcomes"``: per action ``win``, ``push``, ``loss`` and the ``pmf`` (net label ->
    probability), the actions ``not_shown`` with why, the dealer's bust chance and its basis;
    against an ace with two cards ``"insurance"`` and, for a natural, ``"even_money"``.

    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1))
    >>> fields = hand_json(hand_figures(calc, calc.hand("A,T", "A")), exact=False)
    >>> sorted(fields), fields["even_money"]["ev"], fields["outcomes"]["actions"]["stand"]["win"]
    (['even_money', 'insurance', 'outcomes'], 1.0, 1.0)
    """
    out: dict[str, Any] = {"outcomes": {
        "best": result.best,
        "actions": {action: {"win": number(o.p_win, exact), "push": number(o.p_push, exact),
                             "loss": number(o.p_loss, exact),
                             "pmf": {net_label(net): number(p, exact) for net, p in o.pmf.items()}}
                    for action, o in result.actions.items()},
        "not_shown": dict(result.not_shown),
        "dealer_bust": number(result.dealer_bust, exact),
        "basis": f"{result.basis}; the hand's cards and the up card out of the shoe; each action played on as its "
                 f"EV assumes; the dealer's bust before the player draws"}}
    if result.insurance is not None:
        out["insurance"] = {"ev": number(result.insurance, exact),
                            "dealer_blackjack": number(result.dealer_blackjack, exact),
                            "basis": "per unit initial bet (half the bet, pays 2:1), unconditional"}
    if result.even_money is not None:
        out["even_money"] = {"ev": number(result.even_money, exact), "natural_ev": number(result.natural_ev, exact),
                             "take": result.take_even_money,
                             "basis": "unconditional: even money is offered before the peek"}
    return out


def hand_lines(result: HandOutcomes, exact: bool) -> list[str]:
    """The figures as ``bjcalc hand`` prints them under the EVs (with ``exact`` each
    probability as a fraction too)."""
    lines = result.lines()
    if exact:
        lines += [""] + [f"P({name} | {action}) = {p}" for action, o in result.actions.items()
                         for name, p in (("win", o.p_win), ("push", o.p_push), ("loss", o.p_loss))]
        if result.dealer_bust is not None:
            lines.append(f"P(dealer busts) = {result.dealer_bust}")
        if result.insurance is not None:
            lines.append(f"insurance EV = {result.insurance}")
        if result.natural_ev is not None:
            lines.append(f"natural EV (unconditional) = {result.natural_ev}")
    return lines
