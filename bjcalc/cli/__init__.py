"""The ``bjcalc`` command line.

    bjcalc edge [rule flags] [--strategy CD|TD | --chart FILE] [--split S] [--exact] [--json] [--quiet]
    bjcalc hand --cards T,6 --up T [rule flags] [--split S] [--exact] [--json] [--quiet]
    bjcalc dealer --up 6 [--variant V] [shoe flags] [--h17] [--burn20] [--peeked] [--exact] [--json]
    bjcalc insurance --cards T,T [--variant V] [shoe flags] [--exact] [--json]
    bjcalc chart [rule flags] [--strategy TD|CD] [--format text|md|csv|html] [--json] [--out FILE]
    bjcalc tables [--out DIR] [--only SET ...] [--workers K] [--scheduler ADDRESS] [--json] [--quiet]
    bjcalc verify [--game NAME] [--only KEY ...] [--json] [--quiet]
    bjcalc explain --variant NAME --edge 0.74 [--fix RULE=VALUE ...] [--workers K] [--scheduler ADDRESS]
                   [--json] [--quiet]
    bjcalc count [rule flags] [--system hilo] [--penetration 0.75] (--rounds N | --shoes N) [--seed S]
                 [--ramp R] [--workers K] [--scheduler ADDRESS] [--json | --out FILE] [--plot FILE]
                 [--quiet]
    bjcalc sidebet BET [--variant V] [shoe flags] [--paytable P] [--eor] [--exact] [--json] ...
    bjcalc sidebet --list [--json]

Rule flags start from ``--variant NAME`` (a preset of :mod:`bjcalc.game.variants`) or the
standard rules, and each flag given overrides one rule: one flag for each :class:`Rules` field
that takes a value, and both ways for each on/off rule (``--rsa``/``--no-rsa``,
``--h17``/``--s17``: :data:`SWITCHES`, made from the fields).  Shoe flags: ``--decks N``, or
``--shoe`` (a custom shoe, with or without suits), and ``--remove CARDS`` (other cards seen:
``hand`` and ``insurance`` take the hand and the up card out themselves, and say so).

Text fits 80 columns, broken between words, never inside a number (an exact fraction longer
than a line keeps its own); money in text is in percent of the bet, or per unit bet where a
line says so.  ``--json`` prints one JSON object whose shape every command
shares (:mod:`bjcalc.cli.output`; the documentation's "JSON output" page).  A long run reports its progress
on stderr (:mod:`bjcalc.core.progress`; ``--quiet`` turns it off).  A mistake in the
arguments prints one line saying what is wrong and how to fix it, naming the command
line's flags, and exits 2.

>>> main(["sidebet", "lucky-lucky", "--decks", "7_0"])
2
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import re
import sys
import textwrap
from collections import Counter
from fractions import Fraction
from typing import Any, NoReturn, Optional, Sequence

from ..game.calculator import Assumptions, Calculator
from ..core.cards import RANKS, Shoe, parse_card, parse_cards, rank_index
from .charts import add_chart_parsers, run_chart, run_tables
from ..core.errors import BjcalcError, RulesError, ShoeError
from .output import QUIET_NO_OP, assumptions_json, chart_json, dumps, fit, number, signed, upcard_json, upcard_lines
from ..core.progress import Progress
from ..core.words import UNSAID, Words, speaking
from ..core.rules import BOOL_FIELDS, GAME_FIELDS, RULE_INFO, Rules
from .shared import calculator
from .shoe_flags import REMOVE_HELP, SHOE_HELP, OnceFlag, SwitchFlag, decks_argument, flags_given, shoe_argument, shoe_from_flags
from ..engine import _kernels as kernels
from ..engine.splits import PER_HAND_SPLIT_STRATEGIES, SPLIT_STRATEGIES
from ..game.variants import VARIANTS, variant_of

__all__ = ["main", "build_parser", "run", "rules_from", "FlagWords", "CommandWords", "UsageError", "one_line",
           "COMMANDS", "SWITCHES", "FIELD_FLAGS", "OPTION_PREFIX", "variant_options", "option_flags"]

RULE_FIELDS = GAME_FIELDS

COMMANDS = ("edge", "hand", "dealer", "insurance", "chart", "eor", "outcomes", "report", "tables", "verify", "explain", "count",
            "sidebet")
RULE_COMMANDS = ("edge", "hand", "dealer", "insurance", "chart", "eor", "outcomes", "count")
"""Commands whose rules are flags (their messages name the flags: :class:`FlagWords`)."""


class UsageError(BjcalcError):
    """A command-line mistake (unknown option, missing value ...): printed as one line, exit status 2.

    >>> issubclass(UsageError, BjcalcError)
    True
    """


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # every option that takes a value refuses a second one that differs (--up 6 --up 7 used the
        # last silently); options of several values (--only, --files, --fix) add up instead
        self.register("action", None, OnceFlag)
        self.register("action", "store", OnceFlag)
        self.register("action", "store_const", OnceFlag)
        self.register("action", "version", _Version)

    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage dump
        # self.prog is the whole command ("bjcalc", "bjcalc hand", "bjcalc sidebet buster")
        if message.startswith("argument -") and message.endswith("expected one argument"):
            flag = message.split(":")[0].split()[-1].split("/")[-1]     # (argparse reads --bj -3:2 as two flags)
            message += f" (if it starts with '-', write {flag}=VALUE)"
        if message.startswith("argument --split: invalid choice: 'optimal'"):
            message += (": its decisions use every card of the round, which this command's play, hand by hand, "
                        "cannot follow; it needs a post-split strategy whose decisions are per hand")
        raise UsageError(f"{message} (see '{self.prog} --help')")


def version() -> str:
    """bjcalc's version: the installed distribution's (importlib.metadata) where that distribution
    is this copy of the package, else the package's own ``bjcalc.__version__``.

    (A checkout run from its folder, or through ``PYTHONPATH``, may sit beside an install of another
    checkout, whose metadata would name that one's version.)

    >>> version()[0].isdigit()
    True
    """
    import importlib.metadata
    import json
    import urllib.parse
    import urllib.request
    from pathlib import Path

    package = sys.modules[__name__.split(".")[0]]     # (bjcalc, loaded before its cli: no upward import)
    here = Path(str(package.__file__)).resolve().parent
    try:
        dist = importlib.metadata.distribution("bjcalc")
    except importlib.metadata.PackageNotFoundError:
        return package.__version__
    installed = [Path(str(dist.locate_file(f))).resolve() for f in dist.files or () if f.name == "__init__.py"
                 and f.parent.name == "bjcalc" and len(f.parts) == 2]
    url = json.loads(dist.read_text("direct_url.json") or "{}").get("url", "")
    source = (Path(urllib.request.url2pathname(urllib.parse.urlparse(url).path)).resolve() / "bjcalc"
              if url.startswith("file:") else None)
    return dist.version if here / "__init__.py" in installed or source == here else package.__version__


class _Version(argparse.Action):
    """``--version``: prints :func:`version` (looked up only when asked for: the metadata costs an import)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: Optional[str] = None, **kwargs: Any) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: Optional[str] = None) -> NoReturn:
        print(f"{parser.prog} {version()}")
        parser.exit()


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


def _parsed(parse: Any) -> Any:
    """An argparse type reading a variant option's value with its own ``parse`` (its RulesError
    becomes argparse's one-line error)."""
    def read(text: str) -> Any:
        try:
            return parse(text)
        except RulesError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return read


def _variant_name(text: str) -> str:
    """The registry name of a variant given by name or alias, any case (``free-bet``, ``switch``)."""
    try:
        return VARIANTS.find(text).name
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _max_cards(text: str) -> Optional[int]:
    # 'none' lifts a preset's limit (Rules' None)
    return None if text.strip().lower() == "none" else _whole(text)


# -- the rule flags, made from the Rules fields ------------------------------------------------
SWITCHES = {name: RULE_INFO[name].flags or ("--" + name.replace("_", "-"), "--no-" + name.replace("_", "-"))
            for name in BOOL_FIELDS}
"""Every on/off (bool) :class:`Rules` field -> its two flags, (on, off): made from the fields
(:data:`~bjcalc.core.rules.RULE_INFO` names the familiar short ones), so a new rule gets both."""


def _payout_or_none(text: str) -> Optional[str]:
    # 'none': no such pay (Rules' None); a payout's text is read by Rules
    return None if text.strip().lower() == "none" else text


_TYPED: dict[str, dict[str, Any]] = {"decks": dict(type=decks_argument), "whole": dict(type=_whole),
                                     "whole or none": dict(type=_max_cards), "payout": {},
                                     "payout or none": dict(type=_payout_or_none), "choice": {}}
"""How the command line reads a rule's value, by :attr:`~bjcalc.core.rules.RuleInfo.typed`."""


def _valued(name: str) -> tuple[str, dict[str, Any]]:
    """The flag, and its argparse options, of a :class:`Rules` field that takes a value (from its
    :class:`~bjcalc.core.rules.RuleInfo`).

    >>> _valued("max_split_hands")[0], _valued("surrender")[1]["choices"][:2]
    ('--split-hands', ('none', 'late'))
    """
    info = RULE_INFO[name]
    options = dict(_TYPED[info.typed], help=info.help)
    if info.choices:
        options["choices"] = info.choices
    if info.metavar:
        options["metavar"] = info.metavar
    return (info.flags[0] if info.flags else "--" + name.replace("_", "-")), options


_STANDARD = Rules()
FIELD_FLAGS = {name: SWITCHES[name][0 if getattr(_STANDARD, name) is False else 1] if name in SWITCHES else
               _valued(name)[0] for name in RULE_FIELDS}
"""The command-line flag of every :class:`Rules` field (an on/off rule's: the one that changes
the standard rules)."""


_OPTIONS = {name for variant in VARIANTS.values() for name in variant.options}
"""Every variant option's name (their flags: :func:`option_flags`)."""


class CommandWords(Words):
    """The command line's words where rules are not flags (``explain --fix decks=inf``, the side
    bets): rules as fields, values as typed (``inf``, ``none``), and the command line's way of
    doing things (:func:`~bjcalc.core.words.either`)."""

    command_line = True

    def value(self, field: str, value: Any) -> str:
        """A rule's value as typed on the command line (a word unquoted, ``inf``, ``none``).

        >>> CommandWords().rule("decks", math.inf), CommandWords().rule("hole_card", "enhc")
        ('decks=inf', 'hole_card=enhc')
        """
        if value is None:
            return "none"
        if isinstance(value, float) and value == math.inf:
            return "inf"
        return value if isinstance(value, str) else repr(value)


class FlagWords(CommandWords):
    """The command line's words for the commands whose rules are flags: a rule is its flag, an
    on/off rule the flag that says the value.

    >>> words = FlagWords()
    >>> words.rule("resplit_aces", True), words.rule("double_on", "9-11"), words.rule("max_split_hands")
    ('--rsa', '--double 9-11', '--split-hands')
    >>> words.rule("free_double_any_cards", False), words.rule("max_hand_cards", None)
    ('--no-free-double-any-cards', '--max-cards none')
    """

    def rule(self, field: str, value: Any = UNSAID) -> str:
        if field in SWITCHES:
            return FIELD_FLAGS[field] if value is UNSAID else SWITCHES[field][0 if value else 1]
        if field in _OPTIONS:
            on, off = option_flags(field)
            if value is UNSAID or isinstance(value, bool):
                return off if value is False else on
            return f"{on} {self.value(field, value)}"
        if field in FIELD_FLAGS:
            return FIELD_FLAGS[field] if value is UNSAID else f"{FIELD_FLAGS[field]} {self.value(field, value)}"
        return super().rule(field, value)


# -- flags -------------------------------------------------------------------------------------
DEALER_FLAGS = ("--variant", "--decks", "--shoe", "--remove", "--h17", "--burn20", "--hole")
INSURANCE_FLAGS = ("--variant", "--decks", "--shoe", "--remove")
_REFUSALS = {"dealer": "the dealer's outcomes depend only on the shoe, soft 17, Burn 20 and a hole card seen (--hole)",
             "insurance": "insurance depends only on the shoe and the cards seen",
             "report": "the report is of CD play with CDZ- split hands beside the TD chart (see 'bjcalc edge "
                       "--split ...' for another post-split strategy)"}
SPLIT_CHOICES = {"report": (), "count": PER_HAND_SPLIT_STRATEGIES, "eor": PER_HAND_SPLIT_STRATEGIES,
                 "outcomes": PER_HAND_SPLIT_STRATEGIES}
"""The post-split strategies a command takes where not all of them (none: it has no ``--split``):
the optimal split decides with every card of the round, which fixed play, the round's
distribution and a simulation cannot follow."""
_SPLIT_HELP = {"CDZ-": "CDZ- (the default)", "CDP1": "CDP1", "CDP": "CDP",
               "optimal": "optimal (one split, every card seen)"}


class _Refuse(argparse.Action):
    """A flag of the other commands that does not apply to this one: refused in one line."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: Optional[str] = None) -> None:
        command = parser.prog.split()[-1]
        raise UsageError(f"{option_string} does not apply to 'bjcalc {command}': {_REFUSALS[command]} "
                         f"(see '{parser.prog} --help')")


def _switch_help(field: str) -> str:
    """The help of an on/off rule's two flags, and which one the standard rules have."""
    said_on, said_off = RULE_INFO[field].help, RULE_INFO[field].off
    standard = "on" if getattr(_STANDARD, field) else "off"
    return f"{said_on}{'' if said_off == 'not' else '; off: ' + said_off} (standard rules: {standard})"


def _rule_flags(parser: argparse.ArgumentParser, command: str = "edge") -> None:
    """Rule and shoe flags.  Each rule flag sets one :class:`Rules` field only when given,
    so that ``--variant`` supplies the rest (default: the standard :class:`Rules`): a flag
    for each field that takes a value, and two for each on/off rule (:data:`SWITCHES`).
    ``dealer`` and ``insurance`` take only the flags that change their results and
    refuse the others; ``--split`` offers the strategies the command takes
    (:data:`SPLIT_CHOICES`)."""
    keep = {"dealer": DEALER_FLAGS, "insurance": INSURANCE_FLAGS}.get(command)
    g = parser.add_argument_group("rules (each flag overrides the variant's rule)" if keep is None else
                                  "rules and shoe (the other rule flags do not apply)")
    flag: dict[str, Any] = dict(default=argparse.SUPPRESS)

    def add(*names: str, refuse: bool = False, **options: Any) -> None:
        if not refuse and (keep is None or names[0] in keep):
            g.add_argument(*names, **options)      # (store and store_const are OnceFlag in every bjcalc parser)
        else:   # the flag is known (so it is not "unrecognized"), refused, and hidden from --help
            g.add_argument(*names, action=_Refuse, nargs="?", dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                           help=argparse.SUPPRESS)

    add("--variant", type=_variant_name, default=None, metavar="NAME",
        help="start from a variant: " + ", ".join(sorted(VARIANTS)) + " (default: standard rules)")
    for variant, name, option in variant_options():
        if isinstance(option.default, bool):
            on, off = option_flags(name)
            add(on, off, dest=OPTION_PREFIX + name, action=SwitchFlag, default=argparse.SUPPRESS,
                help=f"--variant {variant.name}: {option.help} (default: {'on' if option.default else 'off'})")
        elif option.parse is not None:     # (a value written many ways, read by the variant)
            add(option_flags(name)[0], dest=OPTION_PREFIX + name, default=argparse.SUPPRESS, metavar="VALUE",
                type=_parsed(option.parse),
                help=f"--variant {variant.name}: {option.help} (default: "
                     f"{'unset' if option.default is None else option.default})")
        else:
            add(option_flags(name)[0], dest=OPTION_PREFIX + name, default=argparse.SUPPRESS,
                choices=[value for value in option.allowed if value is not None],
                help=f"--variant {variant.name}: {option.help} (default: "
                     f"{'unset' if option.default is None else option.default})")
    for name in RULE_FIELDS:     # (in the fields' order)
        if name in SWITCHES:
            add(*SWITCHES[name], dest=name, action=SwitchFlag, help=_switch_help(name), **flag)
        else:
            valued, options = _valued(name)
            add(valued, dest=name, **options, **flag)
        if name == "decks":
            add("--shoe", type=shoe_argument, default=None, help=SHOE_HELP)
            add("--remove", metavar="CARDS", default=None, help=REMOVE_HELP)
    splits = SPLIT_CHOICES.get(command, SPLIT_STRATEGIES)
    add("--split", choices=splits, default="CDZ-", refuse=not splits,
        help="post-split strategy: " + ", ".join(_SPLIT_HELP[s] for s in splits))
    if keep is not None:
        add("--strategy", help=argparse.SUPPRESS)


def _output_flags(parser: argparse.ArgumentParser, exact: bool = True, quiet: bool = False) -> None:
    out = parser.add_argument_group("output")
    if exact:
        out.add_argument("--exact", action="store_true", help="exact rational arithmetic")
    out.add_argument("--json", action="store_true", help="machine-readable output (see the documentation: JSON output)")
    out.add_argument("--quiet", action="store_true", help="no progress report on stderr" if quiet else QUIET_NO_OP)


def _fix_help() -> str:
    from ..analysis.explain import open_rules_text

    lines = ["--fix takes the open rules of the chosen --variant (values tried without --fix):"]
    for name in sorted(VARIANTS):
        lines += textwrap.wrap(f"  {name}: {open_rules_text(name) or 'none'}", 78, subsequent_indent="      ",
                               break_on_hyphens=False)
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The ``bjcalc`` argument parser; its errors raise :class:`UsageError` (one line).

    >>> args = build_parser().parse_args(["sidebet", "buster", "--h17"])
    >>> args.command, args.bet, args.decks
    ('sidebet', 'buster', None)
    """
    parser = _Parser(prog="bjcalc", description="Exact expected values for blackjack.")
    parser.add_argument("--version", action="version", help="print bjcalc's version and exit")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    edge = sub.add_parser("edge", help="EV and house edge of a whole game, by up card",
                          description="EV and house edge of a whole game, by up card.")
    edge.add_argument("--strategy", choices=("CD", "TD"), default="CD",
                      help="CD: composition-dependent play (the default); TD: total-dependent basic strategy "
                           "(with --json, its chart too)")
    from .chart_cost import add_chart_argument

    add_chart_argument(edge)
    edge.add_argument("--sd", action="store_true",
                      help="the round's standard deviation too, from its exact distribution (bjcalc outcomes: a few "
                           "seconds more), or where that is too large (resplits to 3-4 hands from real shoes) "
                           "from its exact moments (about 3 s for 6 decks)")
    hand = sub.add_parser("hand", help="EV of every action for one hand", description="EV of every action for one "
                                                                                        "hand against an up card.")
    hand.add_argument("--cards", required=True, help="the player's cards, e.g. T,6 or A,7")
    hand.add_argument("--up", required=True, help="the dealer's up card")
    dealer = sub.add_parser("dealer", help="the dealer's final-outcome probabilities",
                            description="The dealer's final-outcome probabilities (17-21, blackjack, bust, and "
                                        "the bust totals 22-26) for an up card.")
    dealer.add_argument("--up", required=True, help="the dealer's up card")
    dealer.add_argument("--peeked", action="store_true", help="condition on no dealer blackjack")
    insurance = sub.add_parser("insurance", help="EV of insurance against an ace",
                               description="EV of insurance (half the bet, pays 2:1) against an ace up card, "
                                           "and P(dealer blackjack).")
    insurance.add_argument("--cards", required=True, help="the player's two cards, e.g. T,T")
    eor = sub.add_parser("eor", help="effects of removal, and how the common counts track them",
                         description="The effect on the game's EV of removing one card of each value (fixed or "
                                     "reoptimized play), with the betting and insurance correlations of the common "
                                     "count systems.")
    from .removal import add_eor_arguments

    add_eor_arguments(eor)
    outcomes = sub.add_parser("outcomes", help="the exact distribution of a round's net result",
                              description="The exact probability of every net result of one round (every split "
                                          "hand and double settled against the one dealer hand), with SD, "
                                          "win/push/loss, average bet and element of risk.  Where that is too "
                                          "large (resplits to 3-4 hands from real shoes, the default game), the "
                                          "game's exact EV, SD, variance, average bet and element of risk, said "
                                          "so first: the pmf and win/push/loss then need --split-hands 2.")
    from .outcomes import add_outcomes_arguments

    add_outcomes_arguments(outcomes)
    report = sub.add_parser("report", help="a report of a game (HTML or Markdown)",
                            description="A report of a game (a few printed pages): rules, house edges, the edge by rule, the "
                                        "round's distribution, the strategy chart, effects of removal and side "
                                        "bets.")
    from .report import add_report_arguments

    add_report_arguments(report)
    _rule_flags(report, "report")
    report.add_argument("--quiet", action="store_true", help="no progress report on stderr")
    for name, p in (("edge", edge), ("hand", hand), ("dealer", dealer), ("insurance", insurance), ("eor", eor),
                    ("outcomes", outcomes)):
        _rule_flags(p, name)
        _output_flags(p, quiet=name in ("edge", "hand", "eor", "outcomes"))
    chart_parser, tables_parser = add_chart_parsers(sub)
    _rule_flags(chart_parser, "chart")
    _output_flags(chart_parser, quiet=True)
    _output_flags(tables_parser, exact=False, quiet=True)
    from .sidebets import add_sidebet_parser    # the side bets load when a parser is built, not on import

    add_sidebet_parser(sub)
    verify = sub.add_parser("verify", help="reproduce every published figure (bjcalc.analysis.published)",
                            description="Every published figure bjcalc checks itself against "
                                        "(bjcalc/analysis/published.py, "
                                        "with its source): ours with CD and TD play, and a verdict.")
    verify.add_argument("--game", type=lambda text: "sidebets" if text.strip().lower() == "sidebets" else
                        _variant_name(text), metavar="NAME",
                        help="only this game's figures: " + ", ".join(sorted(VARIANTS)) + ", or sidebets (the side "
                             "bets')")
    verify.add_argument("--only", nargs="+", action="extend", metavar="KEY", help="only these figures (keys as listed)")
    _output_flags(verify, exact=False, quiet=True)
    explain = sub.add_parser("explain", help="which open rules give a published house edge",
                             description=textwrap.fill("Evaluate every combination of the rules a preset's card "
                                                       "leaves open, with CD and TD play, and list those nearest "
                                                       "a published house edge.", 78),
                             epilog=_fix_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    explain.add_argument("--variant", required=True, type=_variant_name, metavar="NAME",
                         help="the game whose card is read: " + ", ".join(sorted(VARIANTS)))
    explain.add_argument("--edge", required=True, help="the published house edge in percent, e.g. 0.74")
    explain.add_argument("--fix", nargs="+", action="extend", default=[], metavar="RULE=VALUE",
                         help="pin open rules (listed below) or any option of the variant, e.g. decks=6 "
                              "hole_card=enhc resplit_aces=false, redoubling=true")
    explain.add_argument("--strategy", choices=("CD", "TD", "both"), default="both",
                         help="the player's strategy: CD, TD, or both (the default)")
    explain.add_argument("--workers", type=_whole, default=None, help="local processes (default: every core)")
    explain.add_argument("--scheduler", default=None, metavar="ADDRESS",
                         help="a Dask scheduler, tcp://HOST:8786 (default: $DASK_SCHEDULER_ADDRESS, else local)")
    explain.add_argument("--top", type=_whole, default=15, help="how many candidates to list (default 15)")
    _output_flags(explain, exact=False, quiet=True)
    count = sub.add_parser("count", help="simulated shoes with the exact EV of every round",
                           description=textwrap.fill("Deal seeded shoes heads-up to a cut card and value every "
                                                     "round exactly before it is dealt (fixed and perfect play), "
                                                     "with the count; summaries by true count, the cut-card "
                                                     "effect and a bet ramp's win rate and risk.", 78))
    from .count import add_count_arguments

    _rule_flags(count, "count")
    add_count_arguments(count, _whole)
    serve = sub.add_parser("serve", help="the web app and its HTTP API on this machine (bjcalc[web])",
                           description=textwrap.fill("Serve the web app (a game's house edge, edge by up card and "
                                                     "chart, with a form of its rules) and the HTTP API, which "
                                                     "answers /api/COMMAND?FLAG=VALUE with what 'bjcalc COMMAND "
                                                     "--FLAG VALUE --json' prints; its documentation at /docs. "
                                                     "Needs the web extra: pip install 'bjcalc[web]'.", 78))
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=lambda text: 0 if text.strip() == "0" else _whole(text), default=8000,
                       help="the port (default 8000; 0: a free one, printed)")
    serve.add_argument("--quiet", action="store_true", help="print nothing but errors (not the address)")
    return parser


def rules_from(args: argparse.Namespace) -> Rules:
    """The :class:`Rules` the rule flags of a parsed command line describe.

    >>> rules_from(build_parser().parse_args(["edge", "--decks", "2", "--h17"])).describe()[:13]
    '2 decks, H17,'
    """
    given = {name: getattr(args, name) for name in RULE_FIELDS if hasattr(args, name)}
    if getattr(args, "shoe", None) is not None and "decks" in given:
        raise ShoeError("give --decks or --shoe, not both: --shoe is the whole shoe (to take cards out of "
                        "whole decks, use --decks N --remove CARDS)")
    options = {key[len(OPTION_PREFIX):]: value for key, value in vars(args).items() if key.startswith(OPTION_PREFIX)}
    variant = VARIANTS[args.variant] if getattr(args, "variant", None) else VARIANTS["standard"]
    for name in options:
        owners = [v.name for v, option, _ in variant_options() if option == name]
        if name not in variant.options:
            raise UsageError(f"{option_flags(name)[0]} is an option of --variant {' or '.join(owners)}, "
                             f"not of {variant.name}")
    return variant.rules(**given, **options)


OPTION_PREFIX = "option_"
"""Where a variant option's flag keeps its value in the parsed arguments."""


def preset_as_is(args: argparse.Namespace) -> bool:
    """Whether a command's arguments name a preset game unchanged: no rule flag, no variant option,
    no shoe of its own.

    >>> parser = build_parser()
    >>> preset_as_is(parser.parse_args(["report", "--variant", "free_bet"]))
    True
    >>> preset_as_is(parser.parse_args(["report", "--variant", "free_bet", "--no-free-split-fours"]))
    False
    """
    return not any(hasattr(args, name) for name in RULE_FIELDS) and not getattr(args, "shoe", None) \
        and not getattr(args, "remove", None) and not any(key.startswith(OPTION_PREFIX) for key in vars(args))


def variant_options() -> list[tuple[Any, str, Any]]:
    """Every (variant, option name, :class:`~bjcalc.game.variant.Option`) of the registry, in order: the
    options of each variant with a round of its own (a preset of another's options, Player's Edge 21,
    shares its round's)."""
    return [(variant, name, option) for variant in VARIANTS.values() if variant.round_name == variant.name
            for name, option in variant.options.items()]


def option_flags(name: str) -> tuple[str, str]:
    """A variant option's two flags (on, off), made from its name as a rule's are.

    >>> option_flags("free_split_fours")
    ('--free-split-fours', '--no-free-split-fours')
    """
    flag = name.replace("_", "-")
    return "--" + flag, "--no-" + flag


def _shoe_from(args: argparse.Namespace, rules: Rules) -> Shoe:
    return shoe_from_flags(None, getattr(args, "shoe", None), getattr(args, "remove", None), rules.decks,
                           variant_of(rules).deck)


def _progress(args: argparse.Namespace, label: str, unit: str) -> Any:
    """The run's progress: on stderr (``--quiet``: none), or, where the caller watches it (the web
    app sets ``args.watch``, a :class:`~bjcalc.core.progress.Watch`), as data it reads and cancels."""
    watch = getattr(args, "watch", None)
    if watch is not None:
        return watch.reporter(unit)
    return Progress(label, unit, enabled=not getattr(args, "quiet", False))


def run(args: argparse.Namespace) -> str:
    """The text (or JSON) a parsed command line asks for; text fits 80 columns.

    >>> print(run(build_parser().parse_args(["insurance", "--cards", "T,T", "--decks", "1"])).splitlines()[0])
    insurance against an ace, holding T,T: EV -0.071428571 per unit initial bet

    Its messages, errors and notes name rules as the command's flags (:class:`FlagWords`).
    """
    with speaking(FlagWords() if args.command in RULE_COMMANDS + ("report",) else CommandWords()):
        return _run(args)


def _run(args: argparse.Namespace) -> str:
    if args.command == "sidebet":  # no blackjack rules: its own flags
        from .sidebets import run_sidebet

        return run_sidebet(args)
    if args.command == "verify":
        return run_verify(args)
    if args.command == "tables":
        return _run_tables(args)
    if args.command == "explain":
        return run_explain(args)
    if args.command == "serve":       # (the web layer sits above this one: the bjcalc command starts it)
        raise UsageError("start the web app with the bjcalc command itself: bjcalc serve (or python -m bjcalc serve)")
    if args.command not in RULE_COMMANDS + ("report",):
        raise UsageError(_name_a_command())
    rules = rules_from(args)
    shoe = _shoe_from(args, rules)
    if args.command == "report":
        from .report import run_report

        return run_report(args, rules, shoe, preset_as_is(args), _progress(args, "report", "steps"),
                          getattr(args, "argv", None))
    if args.command == "chart":
        return _run_chart(args, rules, shoe)
    if args.command == "count":
        from .count import run_count

        return fit(run_count(args, rules, shoe)) if not args.json else run_count(args, rules, shoe)
    if getattr(args, "strategy", "CD") == "TD" and "split" in flags_given(args):   # (it was ignored silently)
        raise UsageError("--split does not apply to --strategy TD: split hands follow the TD chart (drop --split, "
                         "or use --strategy CD)")
    chart = None
    if getattr(args, "chart", None) is not None:      # read and checked before any work
        from .chart_cost import load_chart

        chart = load_chart(args, rules)
    # One game and exit: lean where the command goes through the up cards once (hand asks for
    # one, edge for each in turn; not edge --sd, whose moments go through them again, nor a TD
    # chart in edge's JSON, which the game then reads, nor a chart's cost, three games).
    # Elsewhere the dealer rows need not outlive the command either (eor turns them back on).
    once = args.command == "hand" or (args.command == "edge" and not args.sd and chart is None
                                       and not (args.json and args.strategy == "TD"))
    # (the edge and a hand may use a calculator the caller keeps between commands: the web app's)
    with calculator(args, rules, shoe, getattr(args, "split", "CDZ-"), args.exact, lean=True if once else "rows",
                    share=args.command in ("edge", "hand") and chart is None) as calc:
        if chart is not None:
            from .chart_cost import run_chart_edge

            text = run_chart_edge(args, calc, chart, _progress(args, "edge --chart", "up cards"))
            return text if args.json else fit(text)
        text = {"edge": _run_edge, "hand": _run_hand, "dealer": _run_dealer, "insurance": _run_insurance,
                "eor": _run_eor, "outcomes": _run_outcomes}[args.command](args, calc)
    return text if args.json else fit(text)


def _run_edge(args: argparse.Namespace, calc: Calculator) -> str:
    if args.sd:     # (before the game, which the optimal split makes long)
        from ..game.distribution import check_round_options

        check_round_options(calc, args.strategy, "never", "--sd: the round's SD")
    progress = _progress(args, "edge", "up cards")
    chart = None
    if args.json and args.strategy == "TD":   # the chart first: the game then reuses its values
        from ..analysis.charts import chart as make_chart

        chart = make_chart(calc, "TD", progress=_progress(args, "edge", "chart steps"))
    result = calc.game(args.strategy, progress=progress)
    rows = result.rows()   # plain tuples: the text and JSON need no pandas
    outcomes: Any = None
    if args.sd:     # the round's SD, the same from its distribution or its exact moments: the moments
        # where resplits from a real shoe usually make the distribution too large (on a shoe so
        # small that a round could run out they are the distribution's own)
        resplits = calc.rules.max_split_hands > 2 and not calc.shoe.is_infinite
        spread = _progress(args, "edge --sd", "up cards")      # (a minute and more in exact arithmetic)
        outcomes = calc.moments(args.strategy, progress=spread) if resplits else calc.outcomes(
            args.strategy, progress=spread)     # (split once, and still too large: outcomes' moments)
    if args.json:
        payload: dict[str, Any] = {
            "ev": number(result.ev, args.exact), "house_edge": number(result.house_edge, args.exact),
            "by_upcard": upcard_json(rows, args.exact), "assumptions": assumptions_json(result.assumptions)}
        if outcomes is not None:
            payload.update(sd=outcomes.sd, variance=number(outcomes.variance, args.exact))
        if chart is not None:
            payload["chart"] = chart_json(chart, result.assumptions, args.exact)
        return dumps("edge", payload)
    # percent of the initial bet throughout, as the summary (the JSON keeps fractions)
    lines = upcard_lines(rows, result.ev)
    summary = f"EV {signed(result.ev, 6, 100)} %  ({_edge_words(result.ev)})"
    if outcomes is not None:        # (the SD costs seconds: only with --sd)
        summary += f"  SD {outcomes.sd:.4f}"
    exact = [f"exact EV = {result.ev}"] if args.exact else []
    return "\n".join(lines + ["", summary] + exact + result.assumptions.lines())


def _edge_words(ev: Any) -> str:
    """``player edge x %`` or ``house edge x %`` (an EV that rounds to zero: a house edge of 0)."""
    text = signed(ev, 6, 100)
    return f"player edge {text[1:]} %" if text[0] == "+" and text.strip("+0.") else f"house edge {text[1:]} %"


def _run_eor(args: argparse.Namespace, calc: Calculator) -> str:
    from .removal import run_eor    # (the count systems load when asked for)

    return run_eor(args, calc, _progress(args, "eor", "tables"))


def _run_outcomes(args: argparse.Namespace, calc: Calculator) -> str:
    from .outcomes import run_outcomes

    return run_outcomes(args, calc, _progress(args, "outcomes", "up cards"))


def _run_hand(args: argparse.Namespace, calc: Calculator) -> str:
    cards, up = _hand_cards(args.cards), RANKS[rank_index(args.up)]
    _warn_if_removed_twice(args, cards, up)
    # (one hand, with progress: an optimal split can take minutes)
    values = [calc.hand(hand, args.up) for hand in _progress(args, "hand", "hands")([args.cards], total=1)][0]
    best = values.best
    assert values.assumptions is not None      # (a calculator's hand values state them)
    info = dataclasses.replace(values.assumptions, shoe=_shoe_seen(args, calc, cards, up, "the hand and up card"))
    from .outcomes import hand_figures, hand_json, hand_lines    # (win/push/loss, dealer bust, insurance)

    try:
        calc.variant.check_analysis("the round's distribution")
    except BjcalcError as refused:      # (the EVs stand; win/push/loss would be the money game's)
        figure_lines, figure_json = [fit(f"win, push, loss: not shown: {refused}")], {}
    else:
        figures = hand_figures(calc, values)
        figure_lines, figure_json = hand_lines(figures, args.exact), hand_json(figures, args.exact)
    if args.json:
        payload: dict[str, Any] = {"cards": cards, "up": up, "best": best,
                                   "values": {a: number(v, args.exact) for a, v in values.items()},
                                   "free": sorted(values.free), **figure_json}
        return dumps("hand", {**payload, "assumptions": assumptions_json(info)})
    lines = [f"{action:<10} {signed(v)}{'  (free)' if action in values.free else ''}"
             f"{'  <- best' if action == best else ''}" for action, v in values.items()]
    if args.exact:
        lines += [""] + [f"{action} = {v}" for action, v in values.items()]
    return "\n".join(lines + [""] + figure_lines + [""] + info.lines())


def _hand_cards(text: str) -> list[str]:
    """The player's cards as ranks (``"t6"`` and ``"10,6"`` are ``["T", "6"]``)."""
    return [RANKS[r] for r in parse_cards(text)]


def _shoe_seen(args: argparse.Namespace, calc: Calculator, cards: list[str], up: str, whose: str) -> str:
    """The shoe line of a command that takes the hand's cards and the up card out of the shoe
    itself: which cards left the shoe (``--remove``'s, then the hand's and the up card) and
    the cards left.

    >>> args = build_parser().parse_args(["hand", "--cards", "T,6", "--up", "T", "--decks", "1", "--remove", "5"])
    >>> _shoe_seen(args, Calculator(Rules(decks=1), Shoe.decks(1).without("5")), ["T", "6"], "T", "the hand and up card")
    '1 deck less 5 (--remove) and T,6 v T (the hand and up card): 48 cards'
    """
    shoe = calc.shoe
    if shoe.is_infinite:
        return f"{shoe.describe()} (no card seen changes it)"
    base = shoe.name()
    base += " (--remove) and" if getattr(args, "remove", None) else " less"
    seen = calc.variant.cards_seen(calc.rules)      # (cards the rules fix: Double Exposure's hole card)
    if seen:
        whose += f", and {seen}"
    return f"{base} {','.join(cards)} v {up} ({whose}): {calc.round.shoe.total - len(cards) - 1} cards"


def _warn_if_removed_twice(args: argparse.Namespace, cards: list[str], up: str) -> None:
    """A warning on stderr when ``--remove`` lists every card of the hand, rank for rank as
    written: the command takes them out itself, so if they are the same cards they would leave
    the shoe twice (a K in the hand and a T removed are told apart: the T may be another card)."""
    remove = getattr(args, "remove", None)
    if not remove:
        return
    removed: Counter[str] = Counter()
    for name in remove.replace(",", " ").split():
        try:
            removed[RANKS[parse_card(name)[0]]] += 1      # (AS, TH: the rank)
        except BjcalcError:
            return      # (not a card: the shoe's own error says so)
    hand = Counter(RANKS[rank_index(card)] for card in cards)
    if hand - removed:
        return
    which = f"the hand's cards ({','.join(cards)})"
    if not hand + Counter([RANKS[rank_index(up)]]) - removed:
        which += f" and the up card ({up})"
    print(f"bjcalc: warning: --remove {remove} lists {which}, which this command takes out of the shoe "
          f"itself: if they are the same cards, they leave it twice (list only the other cards seen)",
          file=sys.stderr)


def _dealer_assumptions(calc: Calculator, peeked: bool) -> Assumptions:
    return dataclasses.replace(
        calc.assumptions(), rules=calc.round.dealer_engine.procedure.describe(),
        strategy="none: the dealer's play is fixed by the rules",
        split_strategy="none: no player hands",
        conditioning="probabilities of the dealer's final hand, only the up card removed from the shoe; "
                     + ("conditioned on no dealer blackjack (--peeked)" if peeked else
                        "unconditional (blackjack included)"))


def _run_dealer(args: argparse.Namespace, calc: Calculator) -> str:
    series = calc.dealer(args.up, peeked=args.peeked)
    busts = series.attrs["bust_totals"]
    info = _dealer_assumptions(calc, args.peeked)
    if args.json:
        return dumps("dealer", {"up": args.up, "peeked": args.peeked,
                                "probabilities": {k: number(v, args.exact) for k, v in series.items()},
                                "bust_totals": {k: number(v, args.exact) for k, v in busts.items()},
                                "assumptions": assumptions_json(info)})
    up = RANKS[rank_index(args.up)]
    lines = [f"dealer up {up}" + (", no blackjack" if args.peeked else "") + ": P(final hand)"]
    for key, value in series.items():
        lines.append(f"{key:>9} {float(value):.9f}")
        if key == "bust":
            lines += [f"{'bust ' + total:>9} {float(p):.9f}" for total, p in busts.items()]
    if args.exact:
        lines += [""] + [f"{key} = {value}" for key, value in {**dict(series.items()), **busts}.items()]
    return "\n".join(lines + ["(bust 22 to bust 26: the bust totals, which add up to bust)", ""] + info.lines())


def _blackjack_probability(calc: Calculator, cards: str) -> Any:
    """P(the dealer's hole card makes blackjack under an ace), as Calculator.insurance reads the shoe."""
    counts = calc.shoe.remove("A", *(RANKS[r] for r in parse_cards(cards))).value_counts()
    return calc.ar.output(calc.ar.convert(Fraction(counts[9], sum(counts))))


def _run_insurance(args: argparse.Namespace, calc: Calculator) -> str:
    cards = _hand_cards(args.cards)
    _warn_if_removed_twice(args, cards, "A")
    value = calc.insurance(args.cards, "A")
    blackjack = _blackjack_probability(calc, args.cards)
    info = dataclasses.replace(
        calc.assumptions(),
        rules="insurance: half the initial bet, pays 2:1 when the dealer's hole card makes blackjack under an "
              "ace (worth taking when P(dealer blackjack) > 1/3)",
        shoe=_shoe_seen(args, calc, cards, "A", "the hand and the dealer's ace"),
        strategy="insurance taken on this hand", split_strategy="none: no split hands",
        conditioning="per unit initial bet; the hole card is drawn from the shoe less the up ace and the "
                     "player's cards")
    if args.json:
        return dumps("insurance", {"cards": cards, "up": "A", "insurance_ev": number(value, args.exact),
                                   "dealer_blackjack": number(blackjack, args.exact),
                                   "assumptions": assumptions_json(info)})
    lines = [f"insurance against an ace, holding {args.cards}: EV {signed(value)} per unit initial bet",
             f"P(dealer blackjack) {float(blackjack):.9f}"]
    if args.exact:
        lines += [f"insurance EV = {value}", f"P(dealer blackjack) = {blackjack}"]
    return "\n".join(lines + [""] + info.lines())


def _run_chart(args: argparse.Namespace, rules: Rules, shoe: Shoe) -> str:
    args.rules, args.shoe = rules, shoe
    return run_chart(args, progress=_progress(args, "chart", "steps"))     # (it wraps its text format itself)


def _run_tables(args: argparse.Namespace) -> str:
    return run_tables(args, progress=_progress(args, "tables", "rule sets"))


def run_verify(args: argparse.Namespace) -> str:
    """``bjcalc verify``: every published figure, ours with CD and TD, and a verdict."""
    from ..analysis.published import figures, verify, verify_text

    if args.only:
        known = [f.key for f in figures()]
        unknown = [key for key in args.only if key not in known]
        if unknown:
            raise UsageError(f"--only: unknown figure {unknown[0]!r}; figures: {', '.join(known)}")
    rows = verify(only=args.only, games=[args.game] if args.game else None,
                  progress=_progress(args, "verify", "figures"))
    if not rows:      # (a preset with no figure of its own: a variant's are filed under its family's game)
        games = sorted({f.game for f in figures()})
        if not args.only:
            raise UsageError(f"no published figure is filed under --game {args.game}; the games with figures are "
                             f"{', '.join(games)} (a variant's, such as Burn 20 Las Vegas's, under its family's)")
        raise UsageError(f"no figure is both of --game {args.game} and in --only {' '.join(args.only)}")
    if args.json:
        return dumps("verify", {"figures": [row.as_dict() for row in rows]})
    return verify_text(rows)


def run_explain(args: argparse.Namespace) -> str:
    """``bjcalc explain``: combinations of the card's open rules nearest a published house edge."""
    from decimal import Decimal, InvalidOperation

    from ..analysis.explain import combinations, explain, parse_fix

    fixed = parse_fix(args.variant, args.fix)
    try:
        target = Decimal(args.edge.strip())
        if not target.is_finite():
            raise InvalidOperation
    except InvalidOperation:
        raise UsageError(f"--edge takes the published house edge in percent, like 0.74, not {args.edge!r}") from None
    if not -100 <= target <= 100:
        raise UsageError(f"--edge is a house edge in percent, between -100 and 100, not {args.edge.strip()}")
    if args.top < 1:
        raise UsageError(f"--top lists at least 1 candidate, not {args.top}")
    strategies = ("CD", "TD") if args.strategy == "both" else (args.strategy,)
    if not combinations(args.variant, fixed):
        raise UsageError(f"no rule set of {args.variant} has every --fix given: {' '.join(args.fix)}")
    rows = explain(args.variant, args.edge, fixed=fixed, strategies=strategies, workers=args.workers,
                   scheduler=args.scheduler, progress=_progress(args, "explain", "rule sets"))
    matching = [r for r in rows if r.matches]
    if args.json:
        return dumps("explain", {
            "variant": args.variant, "target_house_edge": float(target) / 100,
            "target_as_printed": f"{args.edge.strip()} %", "fixed": _json_rules(fixed), "evaluated": len(rows),
            "matching": len(matching),
            "candidates": [{"house_edge": r.edge / 100, "strategy": r.strategy,
                            "rules": _json_rules(dict(r.choices)),
                            "rounds_to_target": r.matches,
                            "assumptions": assumptions_json(
                                Calculator(VARIANTS[args.variant].rules(**dict(r.choices))).assumptions(r.strategy))}
                           for r in rows[:args.top]]})
    lines = [f"{len(matching)} of {len(rows)} rule sets and strategies round to {args.edge} % house edge"
             f" ({args.variant}); nearest first (* rounds to it):"]
    lines += [("* " if r.matches else "  ") + r.describe() for r in rows[:args.top]]
    return fit("\n".join(lines))


def _json_rules(choices: dict[str, Any]) -> dict[str, Any]:
    """Rule values for JSON: the infinite deck as "inf" (JSON has no infinity)."""
    return {name: "inf" if value == math.inf else value for name, value in choices.items()}


def _name_a_command() -> str:
    """The error of a command line that names no command (it lists the side bets too)."""
    from ..sidebets.catalog import SIDE_BETS

    return (f"name a command: {', '.join(COMMANDS[:-1])} or {COMMANDS[-1]} "
            f"({' or '.join(SIDE_BETS)}) (see 'bjcalc --help')")


def _note_without_kernel(args: argparse.Namespace) -> None:
    """One line on stderr where this install has no compiled kernel and nothing asked for none
    (``BJCALC_NO_KERNEL``): the numbers are the same, the work about twice as long."""
    if kernels.available() or os.environ.get("BJCALC_NO_KERNEL") or getattr(args, "quiet", False):
        return
    print("bjcalc: note: this install has no compiled kernel (it is built at install where a C compiler is "
          "found): numpy gives the same numbers, about twice as slowly; pip install -e . with a C compiler "
          "builds it", file=sys.stderr)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point: run the command, print its output; returns the exit status (2: bad input).

    A mistake prints exactly one line to stderr, saying what is wrong and how to fix it.

    >>> main(["dealer", "--up", "6", "--decks", "0"])
    2
    """
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        args.argv = list(sys.argv[1:] if argv is None else argv)     # (a report names the command that made it)
        if args.command is None:
            raise UsageError(_name_a_command())
        if extra:  # name the subcommand whose --help lists what it takes
            bet = getattr(args, "bet", None) if args.command == "sidebet" else None     # (none with --list)
            where = " ".join(["bjcalc", args.command] + ([bet] if bet else []))
            raise UsageError(f"unrecognized arguments: {' '.join(extra)} (see '{where} --help')")
        _note_without_kernel(args)
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

