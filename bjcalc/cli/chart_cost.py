"""``bjcalc edge --chart FILE``: what a chart a player brings (the casino's card, a book's) costs.

The chart is played as written, its exact EV beside the EV of the game's TD basic strategy and
of CD play, and the cells where it plays otherwise than the TD chart.  The chart is read and
checked before any work (:func:`load_chart`); the first line answers.

>>> import os, tempfile
>>> from bjcalc.cli import build_parser, run
>>> from bjcalc import Calculator, Rules
>>> card = Calculator(Rules(decks=1, max_split_hands=2)).game("TD").strategy.chart()
>>> card.loc["hard 16", "T"] = "S"
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "card.csv")
...     _ = card.to_csv(path, index_label="hand")
...     text = run(build_parser().parse_args(["edge", "--decks", "1", "--split-hands", "2", "--chart", path,
...                                           "--quiet"]))
>>> print("\\n".join(text.splitlines()[:5]))
EV with your chart +0.0811 % (player edge 0.0811 %): it costs 0.0341 % against
  basic strategy (TD +0.1152 %) and 0.0721 % against CD play (CD +0.1531 %)
<BLANKLINE>
1 cell plays otherwise than basic strategy (the TD chart for these rules):
  hard 16 v T: S (basic strategy H)
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Callable

from ..core.errors import BjcalcError
from ..core.rules import Rules
from ..game.calculator import Calculator, GameResult
from ..game.strategy import TotalDependentStrategy, chart_game, chart_strategy, check_up_cards, read_chart
from .output import assumptions_json, dumps, number, upcard_json, upcard_lines
from .shoe_flags import flags_given

__all__ = ["add_chart_argument", "GivenChart", "load_chart", "run_chart_edge", "answer", "SHOWN"]

SHOWN = 10
"""How many differing cells the text lists (``--json`` lists every one)."""


def add_chart_argument(edge: argparse.ArgumentParser) -> None:
    """``--chart FILE`` on ``bjcalc edge``."""
    edge.add_argument("--chart", metavar="FILE", default=None,
                      help="play the chart in FILE exactly as written and say what it costs: its EV, and the EVs "
                           "of TD basic strategy and of CD play for these rules, which it computes too (they share "
                           "the hands' values: about the time of --strategy TD), and the cells where it plays "
                           "otherwise than the TD chart.  FILE: CSV as 'bjcalc chart --format csv' writes it (rows "
                           "hard 5-21, soft 13-21, pairs; columns 2-9, T, A; '#' lines skipped).  --split sets the "
                           "CD play's post-split strategy.  Not with --strategy or --sd")


@dataclass(frozen=True)
class GivenChart:
    """A chart read for a game: its ``table`` (as written), the ``strategy`` it plays, and its ``name`` (the file)."""

    table: Any
    strategy: TotalDependentStrategy
    name: str


def load_chart(args: argparse.Namespace, rules: Rules) -> GivenChart:
    """Refuse ``--chart`` with ``--strategy`` or ``--sd``, and read and check the chart
    ``args.chart`` for ``rules`` (:func:`~bjcalc.game.strategy.chart_strategy`): before any work.

    >>> from bjcalc.cli import build_parser
    >>> load_chart(build_parser().parse_args(["edge", "--chart", "card.csv", "--strategy", "TD"]), Rules())
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.BjcalcError: give --chart or --strategy, not both: --chart plays your chart and compares it with TD and CD play
    """
    if "strategy" in flags_given(args):
        raise BjcalcError("give --chart or --strategy, not both: --chart plays your chart and compares it with TD and "
                          "CD play")
    if args.sd:
        raise BjcalcError("--sd does not apply to --chart: the round's SD is of CD or TD play (bjcalc edge --sd "
                          "--strategy TD)")
    table = read_chart(args.chart)
    return GivenChart(table, chart_strategy(table, rules, args.chart), args.chart)


def run_chart_edge(args: argparse.Namespace, calc: Calculator, chart: GivenChart, progress: Callable[..., Any]) -> str:
    """The chart's EV and what it costs against TD and CD play (text: the answer first, then the
    differing cells, the chart's EV by up card and the assumptions; or JSON)."""
    from ..analysis.charts import chart_differences     # (pandas: only when a chart is played)

    def step(what: str) -> Callable[..., Any]:
        return lambda ups, total=None, desc="": progress(ups, total=total, desc=f"up cards ({what})")

    check_up_cards(calc, chart.strategy, chart.name)      # (before the work)
    cd = calc.game("CD", progress=step("CD"))      # (first: a game it refuses is refused before the others)
    td = calc.game("TD", progress=step("TD"))
    mine = chart_game(calc, chart.strategy, chart.name, progress=step("your chart"))
    assert td.strategy is not None          # (a TD game's strategy)
    differing = chart_differences(chart.table, td.strategy, calc.rules)
    if args.json:
        return dumps("edge", {
            "ev": number(mine.ev, args.exact), "house_edge": number(mine.house_edge, args.exact),
            "by_upcard": upcard_json(mine.rows(), args.exact), "assumptions": assumptions_json(mine.assumptions),
            "chart_file": chart.name, "ev_td": number(td.ev, args.exact), "ev_cd": number(cd.ev, args.exact),
            "cost_against_td": number(td.ev - mine.ev, args.exact),
            "cost_against_cd": number(cd.ev - mine.ev, args.exact),
            "differing_cells": differing.to_dict(orient="records"),
            "compared_with": {"TD": assumptions_json(td.assumptions), "CD": assumptions_json(cd.assumptions)}})
    exact = [f"exact EV = {mine.ev}", f"exact cost against TD = {td.ev - mine.ev}",
             f"exact cost against CD = {cd.ev - mine.ev}"] if args.exact else []
    compared = (f"compared with: {td.assumptions.strategy}; {cd.assumptions.strategy}, post-split strategy "
                f"{cd.assumptions.split_strategy}")
    return "\n".join([answer(mine, td, cd)] + exact + [""] + _difference_lines(differing) + [""]
                     + upcard_lines(mine.rows(), mine.ev) + [""] + mine.assumptions.lines() + [compared])


def answer(mine: GameResult, td: GameResult, cd: GameResult) -> str:
    """The one-line answer: the chart's EV and edge, and what it costs against TD and CD play.

    >>> from bjcalc.game.rounds import Assumptions
    >>> said = Assumptions("", "", "", "", "", "")
    >>> game = lambda ev: GameResult(ev, {}, {}, said, False)
    >>> answer(game(-0.004321), game(-0.004059), game(-0.004029))
    'EV with your chart -0.4321 % (house edge 0.4321 %): it costs 0.0262 % against basic strategy (TD -0.4059 %) and 0.0292 % against CD play (CD -0.4029 %)'
    >>> answer(game(-0.004059), game(-0.004059), game(-0.004029)).split(": ")[1]
    'it costs nothing against basic strategy (TD -0.4059 %) and 0.0030 % against CD play (CD -0.4029 %)'
    >>> answer(game(-0.004029), game(-0.004059), game(-0.004029)).split(": ")[1]
    'it gains 0.0030 % on basic strategy (TD -0.4059 %) and costs nothing against CD play (CD -0.4029 %)'
    """
    from ..analysis.render import edge_words

    ev = float(mine.ev) * 100
    td_verb, td_part = _cost(mine.ev, td.ev)
    cd_verb, cd_part = _cost(mine.ev, cd.ev)
    return (f"EV with your chart {ev:+.4f} % ({edge_words(ev)}): it {td_verb} {td_part} basic strategy "
            f"(TD {float(td.ev) * 100:+.4f} %) and {'' if cd_verb == td_verb else cd_verb + ' '}{cd_part} CD play "
            f"(CD {float(cd.ev) * 100:+.4f} %)")


def _cost(ev: Any, other: Any) -> tuple[str, str]:
    """What playing the chart (``ev``) instead of a strategy of EV ``other`` does: ``("costs",
    "0.0262 % against")``, ``("gains", "0.0010 % on")``, or ``("costs", "nothing against")``;
    in percent, to 4 decimals, or more where the difference rounds to 0 there (to 9)."""
    lost = float(other - ev) * 100
    places = 4
    while places < 9 and round(lost, places) == 0:
        places += 1
    if round(lost, places) == 0:
        return "costs", "nothing against"
    return ("costs", f"{lost:.{places}f} % against") if lost > 0 else ("gains", f"{-lost:.{places}f} % on")


def _difference_lines(differing: Any) -> list[str]:
    """The cells that play otherwise than the TD chart, the first :data:`SHOWN` of them."""
    count = len(differing)
    if not count:
        return ["no cell plays otherwise than basic strategy (the TD chart for these rules)"]
    lines = [f"{count} cell{'s play' if count != 1 else ' plays'} otherwise than basic strategy (the TD chart for "
             f"these rules):"]
    lines += [f"  {cell.row} v {cell.up}: {cell.code} (basic strategy {cell.basic_strategy})"
              for cell in differing.head(SHOWN).itertuples(index=False)]
    if count > SHOWN:
        lines.append(f"  and {count - SHOWN} more (--json lists every one)")
    return lines
