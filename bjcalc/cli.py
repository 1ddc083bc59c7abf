"""The ``bjcalc`` command line.

    bjcalc edge [rule flags] [--strategy CD|TD] [--split CDZ-|CDP1|CDP|optimal] [--exact] [--json]
    bjcalc hand --cards T,6 --up T [rule flags] [--split CDZ-|CDP1|CDP|optimal] [--exact] [--json]
    bjcalc dealer --up 6 [rule flags] [--peeked] [--exact] [--json]
    bjcalc insurance --cards T,T [rule flags] [--exact] [--json]
    bjcalc sidebet buster [--decks N] [--h17] [--burn20] [--model shoe|player [--strategy CD|TD] [--split S]]
                          [--paytable NAME|PAYS] [--full] [--eor] [--exact] [--json]
    bjcalc sidebet lucky-lucky [--decks N] [--paytable NAME|PAYS] [--eor] [--exact] [--json]
    bjcalc chart [rule flags | --variant NAME] [--strategy TD|CD] [--format text|md|csv|html] [--out FILE]
    bjcalc tables [--out DIR]
    bjcalc verify [--game NAME] [--only KEY ...] [--json]
    bjcalc explain --variant NAME --edge 0.74 [--fix RULE=VALUE ...] [--strategy CD|TD|both] [--json]

Rule flags start from ``--variant NAME`` (a preset of :mod:`bjcalc.variants`) or the
standard rules, and each flag given overrides one rule.

A mistake in the arguments prints one line saying what is wrong and how to fix
it, and exits 2.

>>> main(["sidebet", "lucky-lucky", "--decks", "7_0"])
2
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import re
import sys
from typing import Any, Optional, Sequence

from .calculator import Calculator
from .charts import add_chart_parsers, run_chart, run_tables
from .cards import MAX_COUNT, RANKS, Shoe, rank_index
from .errors import BjcalcError
from .rules import BUST_PUSH, DOUBLE_ON, HOLE_CARD_MODELS, SURRENDER, Rules
from .sidebets import SIDE_BETS, add_sidebet_parser, decks_argument, run_sidebet
from .splits import SPLIT_STRATEGIES
from .variants import PRESETS

RULE_FIELDS = tuple(f.name for f in dataclasses.fields(Rules))

COMMANDS = ("edge", "hand", "dealer", "insurance", "chart", "tables", "verify", "explain", "sidebet")


class UsageError(BjcalcError):
    """A command-line mistake (unknown option, missing value ...): printed as one line, exit status 2.

    >>> issubclass(UsageError, BjcalcError)
    True
    """


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not argparse's usage dump
        # self.prog is the whole command ("bjcalc", "bjcalc hand", "bjcalc sidebet buster")
        raise UsageError(f"{message} (see '{self.prog} --help')")


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters escaped, so an error is one line.

    >>> one_line("unrecognized arguments: foo\\nbar")
    'unrecognized arguments: foo\\\\nbar'
    """
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


_WHOLE = re.compile(r"\s*-?[0-9]+\s*")


def _whole(text: str) -> int:
    # int() would also take '1_0' or '+2'; a negative number gets the rule's own message
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"takes a whole number (digits only), not {text!r}")
    if len(text.strip()) > 9:
        raise argparse.ArgumentTypeError(f"{text.strip()[:20]!r}... is far too large")
    return int(text)


def _shoe(text: str) -> Shoe:
    """``A:4,2:4,T:16`` -> a shoe (argparse adds the "argument --shoe:" to its errors)."""
    counts: dict[str, int] = {}
    for part in text.split(","):
        if ":" not in part:
            raise argparse.ArgumentTypeError(f"takes rank:count pairs like A:4,T:16, not {part!r}")
        rank, count = (piece.strip() for piece in part.split(":", 1))
        try:
            name = RANKS[rank_index(rank)]
        except BjcalcError as exc:
            raise argparse.ArgumentTypeError(f"unknown rank: {exc}") from None
        # a dict would silently keep the last of two equal spellings (A:1,A:4)
        if rank in counts:
            raise argparse.ArgumentTypeError(f"rank {name} is given twice; give each rank once, like A:4,T:16")
        if not _WHOLE.fullmatch(count):
            raise argparse.ArgumentTypeError(f"the count for {rank!r} must be a whole number, not {count!r}")
        if len(count) > 20:  # int() refuses past 4300 digits; and the message would be huge
            raise argparse.ArgumentTypeError(f"the count for {rank!r} must be at most {MAX_COUNT}")
        counts[rank] = int(count)
    try:
        return Shoe.from_counts(counts)
    except BjcalcError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _rule_flags(parser: argparse.ArgumentParser) -> None:
    """Rule flags.  Each sets one :class:`Rules` field only when given, so that
    ``--variant`` supplies the rest (default: the standard :class:`Rules`)."""
    g = parser.add_argument_group("rules (each flag overrides the variant's rule)")
    flag = dict(default=argparse.SUPPRESS)
    g.add_argument("--variant", choices=sorted(PRESETS), default=None,
                   help="start from a preset: " + ", ".join(sorted(PRESETS)))
    g.add_argument("--decks", dest="decks", type=decks_argument, help="number of decks, or 'inf' (default 6)", **flag)
    g.add_argument("--shoe", type=_shoe, help="a custom shoe as rank:count pairs, e.g. A:4,5:3,T:16")
    g.add_argument("--h17", dest="dealer_hits_soft_17", action="store_const", const=True,
                   help="dealer hits soft 17", **flag)
    g.add_argument("--s17", dest="dealer_hits_soft_17", action="store_const", const=False,
                   help="dealer stands on soft 17 (the default)", **flag)
    g.add_argument("--bj", dest="blackjack_pays", help="blackjack payout (default 3:2)", **flag)
    g.add_argument("--hole-card", dest="hole_card", choices=HOLE_CARD_MODELS, **flag)
    g.add_argument("--double", dest="double_on", choices=DOUBLE_ON, help="first-two-card doubling (default any)",
                   **flag)
    g.add_argument("--no-double-soft", dest="double_soft", action="store_const", const=False,
                   help="soft hands may not double", **flag)
    g.add_argument("--das", dest="double_after_split", action="store_const", const=True,
                   help="double after a split (the default)", **flag)
    g.add_argument("--no-das", dest="double_after_split", action="store_const", const=False,
                   help="no doubling after a split", **flag)
    g.add_argument("--split-hands", dest="max_split_hands", type=_whole,
                   help="most hands by splitting, 1 = no split (default 4)", **flag)
    g.add_argument("--rsa", dest="resplit_aces", action="store_const", const=True, help="resplit aces", **flag)
    g.add_argument("--hit-split-aces", dest="hit_split_aces", action="store_const", const=True, **flag)
    g.add_argument("--double-split-aces", dest="double_split_aces", action="store_const", const=True,
                   help="split aces may double (needs --double any, soft doubles and DAS)", **flag)
    g.add_argument("--split-tens-by-rank", dest="split_tens_by_rank", action="store_const", const=True,
                   help="only identical ten ranks split", **flag)
    g.add_argument("--surrender", dest="surrender", choices=SURRENDER, **flag)
    g.add_argument("--max-cards", dest="max_hand_cards", type=_whole, help="a hand with this many cards stands",
                   **flag)
    g.add_argument("--burn20", dest="burn_20", action="store_const", const=True,
                   help="Burn 20: redraw when a ten up card gets a ten or same-suit ace", **flag)
    g.add_argument("--dealer-22-pushes", dest="dealer_22_pushes", action="store_const", const=True,
                   help="a dealer 22 pushes every hand still in play", **flag)
    g.add_argument("--bust-push", dest="bust_push", choices=BUST_PUSH, help="No Bust's three-card bust pushes",
                   **flag)
    g.add_argument("--must-hit-below", dest="must_hit_below", type=_whole,
                   help="the player must hit totals below this", **flag)
    g.add_argument("--no-hit-21", dest="hit_21", action="store_const", const=False,
                   help="the player may not hit a 21", **flag)
    g.add_argument("--split", choices=SPLIT_STRATEGIES, default="CDZ-", help="post-split strategy (default CDZ-)")
    out = parser.add_argument_group("output")
    out.add_argument("--exact", action="store_true", help="exact rational arithmetic")
    out.add_argument("--json", action="store_true", help="machine-readable output")


def build_parser() -> argparse.ArgumentParser:
    """The ``bjcalc`` argument parser; its errors raise :class:`UsageError` (one line).

    >>> args = build_parser().parse_args(["sidebet", "buster", "--h17"])
    >>> args.command, args.bet, args.decks
    ('sidebet', 'buster', 6)
    """
    parser = _Parser(prog="bjcalc", description="Exact expected values for blackjack.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    edge = sub.add_parser("edge", help="EV and house edge of a whole game, by up card")
    edge.add_argument("--strategy", choices=("CD", "TD"), default="CD")
    hand = sub.add_parser("hand", help="EV of every action for one hand")
    hand.add_argument("--cards", required=True, help="the player's cards, e.g. T,6 or A,7")
    hand.add_argument("--up", required=True, help="the dealer's up card")
    dealer = sub.add_parser("dealer", help="the dealer's final-outcome probabilities")
    dealer.add_argument("--up", required=True, help="the dealer's up card")
    dealer.add_argument("--peeked", action="store_true", help="condition on no dealer blackjack")
    insurance = sub.add_parser("insurance", help="EV of insurance against an ace")
    insurance.add_argument("--cards", required=True, help="the player's cards")
    for p in (edge, hand, dealer, insurance):
        _rule_flags(p)
    chart_parser, _ = add_chart_parsers(sub)
    _rule_flags(chart_parser)
    add_sidebet_parser(sub)
    verify = sub.add_parser("verify", help="reproduce every published figure (GAMES.md)")
    verify.add_argument("--game", choices=sorted(PRESETS), help="only this game's figures")
    verify.add_argument("--only", nargs="+", metavar="KEY", help="only these figures (keys as listed)")
    verify.add_argument("--json", action="store_true", help="machine-readable output")
    explain = sub.add_parser("explain", help="which open rules give a published house edge")
    explain.add_argument("--variant", required=True, choices=sorted(PRESETS))
    explain.add_argument("--edge", required=True, help="the published house edge in percent, e.g. 0.74")
    explain.add_argument("--fix", nargs="+", default=[], metavar="RULE=VALUE",
                         help="pin open rules, e.g. decks=6 hole_card=enhc")
    explain.add_argument("--strategy", choices=("CD", "TD", "both"), default="both")
    explain.add_argument("--workers", type=_whole, default=None, help="processes (default: every core)")
    explain.add_argument("--top", type=_whole, default=15, help="how many candidates to list (default 15)")
    explain.add_argument("--json", action="store_true", help="machine-readable output")
    return parser


def rules_from(args: argparse.Namespace) -> Rules:
    """The :class:`Rules` the rule flags of a parsed command line describe.

    >>> rules_from(build_parser().parse_args(["edge", "--decks", "2", "--h17"])).describe()[:13]
    '2 decks, H17,'
    """
    given = {name: getattr(args, name) for name in RULE_FIELDS if hasattr(args, name)}
    if args.variant:
        return PRESETS[args.variant](**given)
    return Rules(**given)


def _number(value: Any, exact: bool) -> Any:
    if exact:
        return {"exact": str(value), "float": float(value)}
    return float(value)


def _fmt(value: Any) -> str:
    return f"{float(value):+.9f}"


def run(args: argparse.Namespace) -> str:
    """The text (or JSON) a parsed command line asks for.

    >>> print(run(build_parser().parse_args(["insurance", "--cards", "T,T", "--decks", "1"])))
    insurance EV -0.071428571 per unit initial bet (half-bet insurance paying 2:1)
    """
    if args.command == "sidebet":  # no blackjack rules: its own flags
        return run_sidebet(args)
    if args.command == "verify":
        return run_verify(args)
    if args.command == "tables":
        return run_tables(args)
    if args.command == "explain":
        return run_explain(args)
    rules = rules_from(args)
    if args.command == "chart":
        args.rules = rules
        return run_chart(args)
    calc = Calculator(rules, shoe=args.shoe, split_strategy=args.split, exact=args.exact)
    if args.command == "edge":
        # (optimal splits take minutes on a whole game: show how far it is)
        slow = args.split == "optimal" and args.strategy == "CD"
        result = calc.game(args.strategy, progress=_progress("up cards") if slow else None)
        if args.json:
            return json.dumps({"ev": _number(result.ev, args.exact),
                               "house_edge": _number(result.house_edge, args.exact),
                               "by_upcard": {k: _number(v, args.exact) for k, v in result.by_upcard.items()},
                               "assumptions": dict(zip(["rules", "shoe", "strategy", "split_strategy",
                                                        "values", "arithmetic"],
                                                       [line.split(": ", 1)[1] for line in
                                                        result.assumptions.lines()]))}, indent=2)
        table = result.table()
        lines = [f"{'up':>3} {'P(up)':>10} {'EV given up':>14} {'contribution':>14}"]
        for up, row in table.iterrows():
            lines.append(f"{up:>3} {float(row['P(up)']):>10.6f} {_fmt(row['EV']):>14} {_fmt(row['contribution']):>14}")
        lines.append(f"{'all':>3} {1:>10.6f} {_fmt(result.ev):>14}")
        lines.append("")
        lines.append(str(result))
        return "\n".join(lines)
    if args.command == "hand":
        values = calc.hand(args.cards, args.up)
        best = max(values, key=lambda a: values[a])
        info = calc.assumptions()
        if args.json:
            return json.dumps({"cards": args.cards, "up": args.up, "best": best,
                               "values": {a: _number(v, args.exact) for a, v in values.items()},
                               "assumptions": info.lines()}, indent=2)
        lines = [f"{action:<10} {_fmt(v)}{'  <- best' if action == best else ''}"
                 + (f"   ({v})" if args.exact else "") for action, v in values.items()]
        return "\n".join(lines + [""] + info.lines())
    if args.command == "dealer":
        series = calc.dealer(args.up, peeked=args.peeked)
        if args.json:
            return json.dumps({"up": args.up, "peeked": args.peeked,
                               "probabilities": {k: _number(v, args.exact) for k, v in series.items()},
                               "bust_totals": {k: _number(v, args.exact) for k, v in
                                               series.attrs["bust_totals"].items()}}, indent=2)
        lines = [f"{k:>9} {float(v):.9f}" + (f"   ({v})" if args.exact else "") for k, v in series.items()]
        return "\n".join([f"dealer up {args.up}" + (", no blackjack" if args.peeked else "")] + lines
                         + [""] + calc.assumptions().lines()[:2])
    if args.command == "insurance":
        value = calc.insurance(args.cards, "A")
        if args.json:
            return json.dumps({"cards": args.cards, "insurance_ev": _number(value, args.exact)})
        return f"insurance EV {_fmt(value)} per unit initial bet (half-bet insurance paying 2:1)"
    raise UsageError(_NAME_A_COMMAND)


def run_verify(args: argparse.Namespace) -> str:
    """``bjcalc verify``: every published figure, ours with CD and TD, and a verdict."""
    from .published import verify

    rows = verify(only=args.only, games=[args.game] if args.game else None, progress=_progress("figures"))
    if args.json:
        return json.dumps([row.as_dict() for row in rows], indent=2)
    lines = [f"{'figure':<40} {'published':>13} {'CD':>13} {'TD':>13}  verdict"]
    for row in rows:
        f = row.figure
        unit = " %" if f.unit == "percent" else ""
        cell = (lambda v: "-" if v is None else f"{v:.{_digits(f.published) + 1}f}")
        lines.append(f"{f.key:<40} {f.published + unit:>13} {cell(row.cd):>13} {cell(row.td):>13}  {row.verdict}")
    lines.append("")
    for row in rows:
        f = row.figure
        lines.append(f"{f.key}: {f.quantity}; {f.source}; assumes {f.assumptions}" + (f"; {f.note}" if f.note else ""))
    return "\n".join(lines)


def _digits(printed: str) -> int:
    return len(printed.split(".")[1]) if "." in printed else 0


def run_explain(args: argparse.Namespace) -> str:
    """``bjcalc explain``: combinations of the card's open rules nearest a published house edge."""
    from .explain import explain

    fixed = {}
    for item in args.fix:
        if "=" not in item:
            raise UsageError(f"--fix takes RULE=VALUE pairs such as decks=6, not {item!r}")
        name, text = item.split("=", 1)
        fixed[name] = _literal(text)
    strategies = ("CD", "TD") if args.strategy == "both" else (args.strategy,)
    rows = explain(args.variant, args.edge, fixed=fixed, strategies=strategies, workers=args.workers,
                   progress=lambda it, n: _progress("rule sets")(it, total=n))
    if args.json:
        return json.dumps([{"edge_percent": r.edge, "strategy": r.strategy, "rules": dict(r.choices),
                            "rounds_to_target": r.matches} for r in rows[:args.top]], indent=2)
    matching = [r for r in rows if r.matches]
    lines = [f"{len(matching)} of {len(rows)} rule sets and strategies round to {args.edge} %"
             f" ({args.variant}); nearest first:"]
    lines += [("* " if r.matches else "  ") + r.describe() for r in rows[:args.top]]
    return "\n".join(lines)


def _literal(text: str) -> Any:
    """``6`` -> 6, ``true`` -> True, ``none`` -> None, anything else stays text."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    if lowered == "inf":
        return math.inf
    return int(lowered) if lowered.isdigit() else text.strip()


def _progress(unit: str):
    """A tqdm progress bar on stderr when it is a terminal; otherwise no bar."""
    def wrap(iterable, total=None):
        if not sys.stderr.isatty():
            return iterable
        from tqdm import tqdm

        return tqdm(iterable, total=total, unit=f" {unit}", file=sys.stderr, leave=False)
    return wrap


_NAME_A_COMMAND = (f"name a command: {', '.join(COMMANDS[:-1])} or {COMMANDS[-1]} "
                   f"({' or '.join(SIDE_BETS)}) (see 'bjcalc --help')")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point: run the command, print its output; returns the exit status (2: bad input).

    A mistake prints exactly one line to stderr, saying what is wrong and how to fix it.

    >>> main(["dealer", "--up", "6", "--decks", "0"])
    2
    """
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if args.command is None:
            raise UsageError(_NAME_A_COMMAND)
        if extra:  # name the subcommand whose --help lists what it takes
            where = " ".join(["bjcalc", args.command] + ([args.bet] if args.command == "sidebet" else []))
            raise UsageError(f"unrecognized arguments: {' '.join(extra)} (see '{where} --help')")
        output = run(args)
    except BjcalcError as exc:  # UsageError included
        print(f"bjcalc: error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    try:
        print(output)
    except BrokenPipeError:   # e.g. piped into head: not an error of ours
        sys.stdout = open(os.devnull, "w")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
