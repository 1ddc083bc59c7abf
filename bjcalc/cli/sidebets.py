"""The ``bjcalc sidebet`` command: its argument parser and what it runs.

The bets themselves are :mod:`bjcalc.sidebets` (one module per bet); this module only
reads a command line, asks them, and prints in the shape every command shares
(:mod:`bjcalc.cli.output`).  :mod:`bjcalc.cli` imports it only when a parser is built
or a side bet is run, so ``import bjcalc.cli`` loads no side bet.

>>> parser = argparse.ArgumentParser(prog="bjcalc")
>>> _ = add_sidebet_parser(parser.add_subparsers(dest="command"))
>>> lines = run_sidebet(parser.parse_args(["sidebet", "buster", "--decks", "1"])).splitlines()
>>> for line in lines[:2]:
...     print(line)
Buster Blackjack, pay table seed: bust 3 cards 1, bust 4 cards 3, bust 5 cards
  5, bust 6 cards 20, bust 7 cards 100, bust 8+ cards 250
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Optional

from ..core.cards import Shoe
from ..core.errors import RulesError, ShoeError
from ..core.rules import Rules
from ..engine.splits import PER_HAND_SPLIT_STRATEGIES
from ..game.rounds import Assumptions
from ..game.variant import Variant
from ..game.variants import VARIANTS, burn20
from ..sidebets.base import PayTableLike, SideBet
from ..sidebets.base import json_number as _json_number
from ..sidebets.buster import BUSTER_MODELS, BusterBlackjack
from ..sidebets.bust_bonus import BustBonus
from ..sidebets.catalog import SIDE_BETS
from ..sidebets.pot_of_gold import PotOfGold
from ..sidebets.push22 import Push22
from .output import QUIET_NO_OP, assumptions_json, dumps, fit
from .shoe_flags import REMOVE_HELP, SHOE_HELP, decks_argument, shoe_argument, shoe_from_flags

if TYPE_CHECKING:   # pandas is imported where a table is built: it is slow to import
    import pandas as pd

__all__ = ["add_sidebet_parser", "run_sidebet", "sidebet_assumptions", "list_sidebets", "SIDE_BET_HELP"]

PLAYER_SPLITS = PER_HAND_SPLIT_STRATEGIES
"""``--model player``'s post-split strategies: those it replays card by card (the optimal split
decides with every card of the round): :data:`~bjcalc.engine.splits.PER_HAND_SPLIT_STRATEGIES`, as
:data:`~bjcalc.sidebets.buster_player.ENUMERATED_SPLIT_STRATEGIES` (not imported here: the parser is
built for every command)."""

SIDE_BET_HELP: dict[str, str] = {key: f"{cls.name}: {cls.description}" for key, cls in SIDE_BETS.items()}
"""One line per side bet, by command-line name (``bjcalc sidebet --help``)."""


def add_sidebet_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``bjcalc sidebet BET ...`` (and ``bjcalc sidebet --list``) to a CLI's subparsers; returns its parser.

    Flags of every bet: ``--variant NAME`` (the shoe, and the dealer's soft-17 rule for a bet that
    sees the dealer, of a preset game), ``--decks N`` (or ``inf``), ``--shoe`` (a custom shoe, suits
    optional), ``--remove CARDS``, ``--paytable NAME`` / ``NAME,NAME`` / ``p1,p2,...``, ``--eor``
    (effects of removal and a linear count), ``--exact``, ``--json``; Buster: ``--h17``, ``--burn20``
    (the Burn 20 dealer), ``--model shoe|player`` with ``--strategy CD|TD`` and ``--split
    CDZ-|CDP1|CDP`` for model player, ``--full`` (every hand length); Pot of Gold: ``--s17``,
    Free Bet's options (``--no-free-split-fours``, ``--free-double-any-cards``) and ``--split`` for the
    Free Bet game whose play it is valued under.
    Push 22 and Bust Bonus: ``--s17`` (default H17, or ``--variant``'s rule), Bust Bonus
    ``--no-peek``.  Dispatch ``args.command == "sidebet"`` to :func:`run_sidebet`.

    >>> parser = argparse.ArgumentParser(prog="bjcalc")
    >>> _ = add_sidebet_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["sidebet", "buster", "--decks", "2", "--h17"])
    >>> args.command, args.bet, args.decks, args.h17
    ('sidebet', 'buster', 2, True)
    """
    parser = subparsers.add_parser("sidebet", help="side bets: " + ", ".join(cls.name for cls in SIDE_BETS.values()),
                                   description="Exact probabilities, house edge and effects of removal "
                                               "of a side bet; --list lists them.")
    parser.add_argument("--list", dest="list_bets", action="store_true",
                        help="every side bet: what it pays on, its events and pay tables (with --json, as JSON)")
    parser.add_argument("--json", dest="list_json", action="store_true", help="--list as JSON")
    parser.add_argument("--quiet", action="store_true", help=QUIET_NO_OP)    # (before the bet's name too)
    bets = parser.add_subparsers(dest="bet", metavar="BET")
    for key, cls in SIDE_BETS.items():
        p = bets.add_parser(key, help=SIDE_BET_HELP[key], description=SIDE_BET_HELP[key])
        names = ", ".join(cls.paytables)
        dealer = key in ("buster", "pot-of-gold", "push-22", "bust-bonus")
        p.add_argument("--variant", choices=sorted(VARIANTS), default=None, metavar="NAME",
                       help="the shoe of a preset game" + (" and its dealer's soft-17 rule" if dealer else "")
                            + f" ({', '.join(sorted(VARIANTS))}); --decks and --shoe override its shoe")
        p.add_argument("--decks", type=decks_argument, default=None, metavar="N",
                       help="number of decks, or 'inf' (default 6)")
        p.add_argument("--shoe", type=shoe_argument, default=None, help=SHOE_HELP)
        p.add_argument("--remove", metavar="CARDS", default=None, help=REMOVE_HELP)
        forms = f", {cls.paytable_forms}," if cls.paytable_forms else ""
        p.add_argument("--paytable", default=cls.default_paytable,
                       help=f"a pay table name ({names}), several names separated by commas{forms} or "
                            f"{len(cls.events)} pays separated by commas, 'lose' for an event the table does not "
                            f"pay (default {cls.default_paytable})")
        p.add_argument("--eor", action="store_true", help="effects of removal and a linear count")
        if key == "buster":
            p.add_argument("--h17", dest="h17", action="store_const", const=True, default=None,
                           help="dealer hits soft 17")
            p.add_argument("--s17", dest="h17", action="store_const", const=False, default=None,
                           help="dealer stands on soft 17 (the default, or --variant's rule)")
            p.add_argument("--no-burn20", dest="burn20", action="store_const", const=False, default=None,
                           help="the ordinary dealer (the default, or --variant's)")
            p.add_argument("--burn20", dest="burn20", action="store_const", const=True, default=None,
                           help="the Burn 20 dealer: under a ten, a hole ten or a hole ace of the up card's suit "
                                "is burned and the dealer redraws; the bet counts the final hand's cards (a "
                                "dealer 22 is a bust); --model player plays the Burn 20 seed game")
            p.add_argument("--model", choices=BUSTER_MODELS, default="shoe",
                           help="shoe: the dealer's hand from the full shoe (default); player: one player "
                                "plays the main game first and his cards leave the shoe (prints the "
                                "difference from model shoe)")
            p.add_argument("--strategy", choices=("CD", "TD"), default=None,
                           help="--model player: the player's strategy (default CD)")
            p.add_argument("--split", choices=PLAYER_SPLITS, default=None,
                           help="--model player: the post-split strategy, CDZ- (the default), CDP1 or CDP (the "
                                "player's hands are replayed card by card: not the optimal split)")
            p.add_argument("--full", action="store_true", help="every busted-hand length separately")
        if key == "pot-of-gold":
            p.add_argument("--s17", dest="h17", action="store_const", const=False, default=None,
                           help="the main game's dealer stands on soft 17 (default: hits, as Free Bet deals)")
            p.add_argument("--h17", dest="h17", action="store_const", const=True, default=None,
                           help="the main game's dealer hits soft 17 (the default)")
            for name, option in FREE_BET.options.items():     # (Free Bet's own options: --x and --no-x)
                flag, default = name.replace("_", "-"), "on" if option.default else "off"
                p.add_argument(f"--{flag}", dest=name, action="store_const", const=True, default=None,
                               help=f"{option.help} (default: {default})")
                p.add_argument(f"--no-{flag}", dest=name, action="store_const", const=False, default=None,
                               help=f"the main game without this option (--{flag})")
            p.add_argument("--split", choices=PLAYER_SPLITS, default="CDZ-",
                           help="the main game's post-split strategy (default CDZ-)")
        if key in ("push-22", "bust-bonus"):
            p.add_argument("--h17", dest="h17", action="store_const", const=True, default=None,
                           help="dealer hits soft 17 (the default, as the published figures; with --variant: "
                                "its rule)")
            p.add_argument("--s17", dest="h17", action="store_const", const=False, default=None,
                           help="dealer stands on soft 17")
        if key == "bust-bonus":
            p.add_argument("--peek", dest="peek", action="store_true", default=None,
                           help="with an A or T up the bet is offered only after the peek finds no blackjack "
                                "(the default)")
            p.add_argument("--no-peek", dest="peek", action="store_false", default=None,
                           help="the bet is made before any check for blackjack (a dealer blackjack loses it); "
                                "default: with an A or T up it is offered only after the peek finds none")
        p.add_argument("--exact", action="store_true", help="exact rational arithmetic")
        p.add_argument("--json", action="store_true", help="machine-readable output (see the documentation: JSON output)")
        p.add_argument("--quiet", action="store_true", help=QUIET_NO_OP)
        _BET_FLAGS[key] = _computing_flags(p)
    return parser


def _computing_flags(bet: argparse.ArgumentParser) -> dict[str, tuple[Any, str]]:
    """A bet parser's flags that change what is computed (``--list`` refuses them): argparse name ->
    (value when not given, the flags that set it), read from the parser itself, so a new flag is
    counted with no list to keep."""
    flags: dict[str, tuple[Any, str]] = {}
    for action in bet._actions:       # (argparse has no public list of a parser's arguments)
        if action.option_strings and action.dest not in ("help", "json", "quiet"):
            default, said = flags.get(action.dest, (action.default, ""))
            flags[action.dest] = (default, "/".join(filter(None, [said, *action.option_strings])))
    return flags


def _paytable_specs(bet: SideBet, text: str) -> list[PayTableLike]:
    """The pay tables ``--paytable`` names: names (each once, in order), or one list of pays."""
    parts = [p.strip() for p in str(text).split(",") if p.strip()]
    if not parts:
        raise RulesError("--paytable is empty: give a name or a list of pays")
    names = [p.lower().replace("-", "_") for p in parts]
    if all(n in bet.paytables for n in names):
        return list(dict.fromkeys(names))
    if any(n in bet.paytables for n in names):
        raise RulesError(f"--paytable mixes names and pays: give names ({', '.join(bet.paytables)}) "
                         f"or {len(bet.events)} pays")
    return [text]


def sidebet_assumptions(bet: SideBet, shoe: Shoe, exact: bool) -> Assumptions:
    """A side bet's assumptions as the :class:`~bjcalc.game.rounds.Assumptions` every bjcalc result
    states: :meth:`~bjcalc.sidebets.base.SideBet.stated_assumptions`.

    >>> from bjcalc.sidebets import LuckyLucky
    >>> a = sidebet_assumptions(LuckyLucky(), Shoe.decks(6), exact=False)
    >>> a.shoe, a.arithmetic
    ('6 decks (suits tracked)', 'floating point')
    """
    return bet.stated_assumptions(shoe, exact)


def run_sidebet(args: argparse.Namespace) -> str:
    """Compute what ``bjcalc sidebet ...`` asked for; returns the text (or JSON) to print.

    >>> import json
    >>> parser = argparse.ArgumentParser(prog="bjcalc")
    >>> _ = add_sidebet_parser(parser.add_subparsers(dest="command"))
    >>> out = json.loads(run_sidebet(parser.parse_args(["sidebet", "lucky-lucky", "--json"])))
    >>> out["command"], out["combinations"]["suited 777"], out["results"][0]["paytable"]
    ('sidebet', 80, 'seed')
    """
    as_json = bool(getattr(args, "json", False) or getattr(args, "list_json", False))
    if getattr(args, "list_bets", False):
        ignored = [flag for dest, (unset, flag) in _BET_FLAGS.get(args.bet, {}).items()
                   if getattr(args, dest, unset) != unset]
        if ignored:
            raise RulesError(f"--list lists the bets and computes nothing: drop {', '.join(ignored)} (or --list, to "
                             f"compute the bet)")
        return list_sidebets(getattr(args, "bet", None), as_json)
    if getattr(args, "bet", None) is None:
        raise RulesError(f"name a side bet: {', '.join(SIDE_BETS)}, or --list to see them all "
                         f"(see 'bjcalc sidebet --help')")
    exact = bool(getattr(args, "exact", False))
    variant, rules = _game_of(args)
    if args.bet == "buster":
        bet: SideBet = _buster_from(args, rules)
    elif args.bet in ("push-22", "bust-bonus"):
        bet = _dealer_bet(args, variant, rules)
    elif args.bet == "pot-of-gold":
        assert rules is not None and variant is not None
        if variant.round_name == "standard":      # (name the preset given, not the round it plays)
            raise RulesError(f"Pot of Gold pays by the free chips of Free Bet Blackjack: --variant {variant.name} "
                             f"({variant.title}) has none; use --variant free_bet")
        bet = PotOfGold(rules, args.split)
    elif args.bet in SIDE_BETS:
        bet = SIDE_BETS[args.bet]()
    else:
        raise RulesError(f"unknown side bet {args.bet!r}: use {' or '.join(SIDE_BETS)}")
    shoe = _shoe_of(args, variant, rules)
    if bet.needs_suits and shoe.suit_counts is None and not shoe.is_infinite:
        raise ShoeError(f"{bet.name} {bet.suits_for}, so its shoe needs suits: give --shoe with suits "
                        f"(AS:1,TH:2,...) and --remove cards with suits (7S,8H)")
    specs = _paytable_specs(bet, args.paytable)     # (each pass reads the specs: on a shoe without suits
    results = [bet.evaluate(shoe, spec, exact) for spec in specs]     # a result's table is the suit-free one)
    full = (bet.bust_distribution(shoe, exact)     # --full: Buster's flag
            if isinstance(bet, BusterBlackjack) and getattr(args, "full", False) else None)
    eors = [bet.effects_of_removal(shoe, spec, exact) for spec in specs] if args.eor else []
    versus = ([bet.compare_models(shoe, spec, exact) for spec in specs]
              if isinstance(bet, BusterBlackjack) and bet.model == "player" else [])
    by_up = [bet.up_card_table(shoe, spec, exact) for spec in specs] if isinstance(bet, BustBonus) else []
    if as_json:
        first = results[0].to_dict()
        out: dict[str, Any] = {"bet": first["bet"], "key": bet.key, "probabilities": first["probabilities"]}
        if "combinations" in first:
            out["combinations"] = first["combinations"]
            out["total_combinations"] = first["total_combinations"]
        out["results"] = [{"paytable": r.paytable.name, **{k: d[k] for k in (
            "ev", "house_edge", "variance", "std_dev", "hit_frequency")}, "pays": d["paytable"]["pays"]}
            for r, d in ((r, r.to_dict()) for r in results)]
        if full is not None:
            out["distribution"] = {k: _json_number(v, exact) for k, v in full.items()}
        if eors:
            out["effects_of_removal"] = [{k: v for k, v in e.to_dict().items() if k not in ("bet", "shoe")}
                                         for e in eors]
        if versus:
            out["model_shoe"] = _versus_json(versus, exact)
        if by_up:
            out["by_up_card"] = [{"paytable": t.paytable.name, "up_cards": t.to_dict()} for t in by_up]
        out["assumptions"] = assumptions_json(sidebet_assumptions(bet, shoe, exact))
        return dumps("sidebet", out)
    blocks = [str(t) for t in by_up] + [str(r) for r in results]
    if full is not None:
        blocks.append("\n".join(["full distribution"] + [
            f"{k:<16} {float(v):.12f}" + (f"   ({v})" if exact else "") for k, v in full.items()]))
    if versus:
        blocks.append(_versus_text(versus, exact))
    blocks += [str(e) for e in eors]
    return fit("\n\n".join(blocks))


def _game_of(args: argparse.Namespace) -> tuple[Optional[Variant], Optional[Rules]]:
    """The preset game ``--variant`` names (Pot of Gold: Free Bet Blackjack's by default) and its rules,
    with the decks, the dealer's soft-17 rule and the variant options the command line gives; none
    without ``--variant`` (Buster's rules are then its own flags')."""
    name = getattr(args, "variant", None) or ("free_bet" if args.bet == "pot-of-gold" else None)
    if name is None:
        return None, None
    variant = VARIANTS[name]
    given = {"decks": args.decks, "dealer_hits_soft_17": getattr(args, "h17", None),
             **{name: getattr(args, name, None) for name in FREE_BET.options}}
    return variant, variant.rules(**{field: value for field, value in given.items() if value is not None})


def _shoe_of(args: argparse.Namespace, variant: Optional[Variant], rules: Optional[Rules]) -> Shoe:
    """The shoe of the command line: ``--shoe``, or ``--decks`` decks (of ``--variant``'s kind), or the
    variant's shoe, less ``--remove``."""
    if variant is None or rules is None or args.shoe is not None:
        return shoe_from_flags(args.decks, args.shoe, args.remove)
    shoe = variant.shoe(rules)
    return shoe if args.remove is None else shoe.without(args.remove)


FREE_BET = VARIANTS["free_bet"]
"""The game Pot of Gold is valued under, whose options are its flags."""

_BET_FLAGS: dict[str, dict[str, tuple[Any, str]]] = {}
"""Each bet's :func:`_computing_flags`, recorded as its parser is built."""


def _dealer_bet(args: argparse.Namespace, variant: Optional[Variant], rules: Optional[Rules]) -> SideBet:
    """Push 22 or Bust Bonus as the command line describes them: the dealer's soft-17 rule from
    --h17/--s17, else ``--variant``'s (H17 without either, as the published figures); Bust Bonus's
    peek from --no-peek, else the variant's hole card.  A variant whose dealer these bets do not
    deal (Burn 20's redraws) is refused."""
    if rules is not None and variant is not None and variant.dealer(rules, Shoe.infinite()).burns_cards:
        raise RulesError(f"{SIDE_BETS[args.bet].name} deals the ordinary dealer, not {variant.title}'s (its dealer "
                         f"burns cards): drop --variant {variant.name}, or use 'bjcalc sidebet buster', which "
                         f"follows it")
    h17 = args.h17 if args.h17 is not None else rules.dealer_hits_soft_17 if rules is not None else True
    if args.bet == "push-22":
        return Push22(h17)
    peek = args.peek if args.peek is not None else variant.settlement(rules).peeks if (
        rules is not None and variant is not None) else True
    return BustBonus(h17, peek=bool(peek))


def _buster_from(args: argparse.Namespace, rules: Optional[Rules]) -> BusterBlackjack:
    """The Buster bet a command line describes: the dealer of ``--variant``'s rules, or of --h17 and
    --burn20 (model player: rules from --decks and --h17; with --burn20 the Burn 20 seed game's,
    ``variants.burn20``, with those two)."""
    strategy, split = getattr(args, "strategy", None), getattr(args, "split", None)
    burn = getattr(args, "burn20", None)
    if rules is not None and burn is not None:
        rules = rules.replace(burn_20=burn)
    if args.model == "player":
        if rules is None:
            decks = 6 if args.decks is None else args.decks    # (a --shoe replaces the decks)
            h17 = bool(args.h17)
            rules = (burn20 if burn else Rules)(decks=decks, dealer_hits_soft_17=h17)
        return BusterBlackjack(model="player", rules=rules, strategy=strategy, split_strategy=split)
    given = [flag for flag, value in (("--strategy", strategy), ("--split", split)) if value is not None]
    if given:
        raise RulesError(f"{' and '.join(given)} describe{'s' if len(given) == 1 else ''} the player of "
                         f"--model player; --model shoe (the default) has no player")
    if rules is None:
        return BusterBlackjack(hits_soft_17=bool(args.h17), burn_20=bool(burn))
    dealer = VARIANTS.of(rules).dealer(rules, Shoe.infinite())
    return BusterBlackjack(hits_soft_17=dealer.hits_soft_17, burn_20=dealer.burns_cards)


def list_sidebets(key: Optional[str] = None, as_json: bool = False) -> str:
    """``bjcalc sidebet --list``: every side bet (or the one ``key`` names) with what it pays on, its
    events in order and its built-in pay tables (the default first).

    >>> print(list_sidebets("royal-match"))
    Royal Match (royal-match): the player's two cards suited; a suited K-Q is a
      royal match
      events, in order: royal match, suited; else unsuited (loses)
      pay table v1 (default): royal match 25, suited 5/2
      pay table v2: royal match 10, suited 3
    """
    bets = [cls for name, cls in SIDE_BETS.items() if key in (None, name)]
    if as_json:
        return dumps("sidebet", {"bets": [
            {"key": cls.key, "name": cls.name, "description": cls.description, "events": list(cls.events),
             "losing_event": cls.losing_event, "default_paytable": cls.default_paytable, "needs_suits": cls.needs_suits,
             "paytables": {t.name: {e: _json_number(p, False) for e, p in t.as_dict().items()}
                           for t in cls.named_paytables()}} for cls in bets]})
    lines = []
    for cls in bets:
        lines += [(cls.name if cls.name == cls.key else f"{cls.name} ({cls.key})") + f": {cls.description}",
                  f"  events, in order: {', '.join(cls.events)}; else {cls.losing_event} (loses)"]
        for table in cls.named_paytables():
            default = " (default)" if table.name == cls.default_paytable else ""
            lines.append(f"  pay table {table.name}{default}: {table.describe().partition(': ')[2]}")
    return fit("\n".join(lines))


def _versus_json(tables: list[pd.DataFrame], exact: bool) -> dict[str, Any]:
    """Model shoe's probabilities and house edges, and model player's differences from them."""
    events = tables[0].iloc[:-1]
    return {"probabilities": {e: _json_number(p, exact) for e, p in zip(events["event"], events["P shoe model"])},
            "difference": {e: _json_number(d, exact) for e, d in zip(events["event"], events["difference"])},
            "house_edge": {t.attrs["paytable"]: _json_number(t.iloc[-1]["P shoe model"], exact) for t in tables},
            "house_edge_difference": {t.attrs["paytable"]: _json_number(t.iloc[-1]["difference"], exact)
                                      for t in tables}}


def _versus_text(tables: list[pd.DataFrame], exact: bool) -> str:
    """The text block of model player's differences from model shoe."""
    rows = ["difference from model 'shoe' (model player - model shoe)",
            f"{'event':<16} {'P shoe model':>14} {'P player model':>15} {'difference':>12}"]
    for _, row in tables[0].iloc[:-1].iterrows():
        rows.append(f"{row['event']:<16} {float(row['P shoe model']):>14.10f} {float(row['P player model']):>15.10f}"
                    f" {float(row['difference']):>+12.3e}")
    for table in tables:
        edge = table.iloc[-1]
        rows.append(f"house edge, pay table {table.attrs['paytable']}: shoe {float(edge['P shoe model']) * 100:.6f} %, "
                    f"player {float(edge['P player model']) * 100:.6f} %, difference "
                    f"{float(edge['difference']) * 100:+.3e} %" + (f" (exactly {edge['difference']})" if exact else ""))
    return "\n".join(rows)
