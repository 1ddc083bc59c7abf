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
from typing import TYPE_CHECKING, Any

from ..core.cards import Shoe
from ..core.errors import RulesError, ShoeError
from ..core.rules import Rules
from ..engine.splits import PER_HAND_SPLIT_STRATEGIES
from ..game.rounds import Assumptions
from ..game.variants import VARIANTS, burn20
from ..sidebets.base import PayTableLike, SideBet
from ..sidebets.base import json_number as _json_number
from ..sidebets.buster import BUSTER_MODELS, BusterBlackjack
from ..sidebets.catalog import SIDE_BETS
from ..sidebets.lucky_lucky import LuckyLucky
from ..sidebets.pot_of_gold import PotOfGold
from .output import QUIET_NO_OP, assumptions_json, dumps, fit
from .shoe_flags import REMOVE_HELP, SHOE_HELP, decks_argument, shoe_argument, shoe_from_flags

if TYPE_CHECKING:   # pandas is imported where a table is built: it is slow to import
    import pandas as pd

__all__ = ["add_sidebet_parser", "run_sidebet", "sidebet_assumptions", "SIDE_BET_HELP"]

PLAYER_SPLITS = PER_HAND_SPLIT_STRATEGIES
"""``--model player``'s post-split strategies: those it replays card by card (the optimal split
decides with every card of the round): :data:`~bjcalc.engine.splits.PER_HAND_SPLIT_STRATEGIES`, as
:data:`~bjcalc.sidebets.buster_player.ENUMERATED_SPLIT_STRATEGIES` (not imported here: the parser is
built for every command)."""

SIDE_BET_HELP: dict[str, str] = {
    "buster": "Buster Blackjack: pays when the dealer busts, by the number of cards",
    "lucky-lucky": "Lucky Lucky: the player's two cards and the dealer's up card",
    "pot-of-gold": "Pot of Gold: Free Bet Blackjack's free chips in a round, under the main game's play"}
"""One line per side bet, by command-line name (``bjcalc sidebet --help``)."""


def add_sidebet_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``bjcalc sidebet buster|lucky-lucky|pot-of-gold ...`` to a CLI's subparsers; returns its parser.

    Flags: ``--decks N`` (or ``inf``), ``--shoe`` (a custom shoe, suits optional),
    ``--remove CARDS``, ``--paytable NAME`` / ``NAME,NAME`` / ``p1,p2,...``, ``--h17``,
    ``--burn20`` (Buster: the Burn 20 dealer), ``--model shoe|player`` with
    ``--strategy CD|TD`` and ``--split CDZ-|CDP1|CDP`` for model player (Buster), ``--eor``
    (effects of removal and a linear count), ``--full`` (Buster: every hand length),
    ``--exact``, ``--json``; Pot of Gold: ``--s17``, ``--no-free-split-fours`` and ``--split`` for
    the Free Bet game whose play it is valued under.  Dispatch ``args.command == "sidebet"`` to :func:`run_sidebet`.

    >>> parser = argparse.ArgumentParser(prog="bjcalc")
    >>> _ = add_sidebet_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["sidebet", "buster", "--decks", "2", "--h17"])
    >>> args.command, args.bet, args.decks, args.h17
    ('sidebet', 'buster', 2, True)
    """
    parser = subparsers.add_parser("sidebet", help="side bets: Buster Blackjack, Lucky Lucky, Pot of Gold",
                                   description="Exact probabilities, house edge and effects of removal "
                                               "of a side bet.")
    parser.add_argument("--quiet", action="store_true", help=QUIET_NO_OP)    # (before the bet's name too)
    bets = parser.add_subparsers(dest="bet", metavar="BET")
    bets.required = True
    for key, cls in SIDE_BETS.items():
        p = bets.add_parser(key, help=SIDE_BET_HELP[key], description=SIDE_BET_HELP[key])
        names = ", ".join(cls.paytables)
        p.add_argument("--decks", type=decks_argument, default=None, metavar="N",
                       help="number of decks, or 'inf' (default 6)")
        p.add_argument("--shoe", type=shoe_argument, default=None, help=SHOE_HELP)
        p.add_argument("--remove", metavar="CARDS", default=None, help=REMOVE_HELP)
        p.add_argument("--paytable", default=cls.default_paytable,
                       help=f"a pay table name ({names}), several names separated by commas, or "
                            f"{len(cls.events)} pays separated by commas (default {cls.default_paytable})")
        p.add_argument("--eor", action="store_true", help="effects of removal and a linear count")
        if key == "buster":
            p.add_argument("--h17", dest="h17", action="store_const", const=True, default=False,
                           help="dealer hits soft 17")
            p.add_argument("--s17", dest="h17", action="store_const", const=False, default=False,
                           help="dealer stands on soft 17 (the default)")
            p.add_argument("--no-burn20", dest="burn20", action="store_const", const=False, default=False,
                           help="the ordinary dealer (the default)")
            p.add_argument("--burn20", dest="burn20", action="store_const", const=True, default=False,
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
            p.add_argument("--s17", dest="h17", action="store_const", const=False, default=True,
                           help="the main game's dealer stands on soft 17 (default: hits, as Free Bet deals)")
            p.add_argument("--h17", dest="h17", action="store_const", const=True, default=True,
                           help="the main game's dealer hits soft 17 (the default)")
            p.add_argument("--no-free-split-fours", dest="free_split_fours", action="store_false", default=True,
                           help="a pair of 4s splits for money (the 2012 launch rules)")
            p.add_argument("--split", choices=PLAYER_SPLITS, default="CDZ-",
                           help="the main game's post-split strategy (default CDZ-)")
        p.add_argument("--exact", action="store_true", help="exact rational arithmetic")
        p.add_argument("--json", action="store_true", help="machine-readable output (see the documentation: JSON output)")
        p.add_argument("--quiet", action="store_true", help=QUIET_NO_OP)
    return parser


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
    states (the bet's rules, the shoe, the player's strategy where one plays, values per unit staked).

    >>> a = sidebet_assumptions(LuckyLucky(), Shoe.decks(6), exact=False)
    >>> a.shoe, a.arithmetic
    ('6 decks (suits tracked)', 'floating point')
    """
    found: dict[str, str] = {}
    others: list[str] = []
    for line in bet.assumptions(shoe):
        label, _, text = line.partition(": ")
        if label in ("shoe", "rules", "strategy", "post-split strategy") and text:
            found[label] = text
        else:
            others.append(line)
    rules = f"{bet.name}: " + "; ".join(others)
    if "rules" in found:
        rules += f"; the main game: {found['rules']}"
    return Assumptions(rules=rules, shoe=found.get("shoe", shoe.describe()),
                       strategy=found.get("strategy", "none: the side bet has no decisions"),
                       split_strategy=found.get("post-split strategy", "none: no player hands are played"),
                       conditioning="per unit staked on the side bet, unconditional",
                       arithmetic="exact rationals" if exact else "floating point")


def run_sidebet(args: argparse.Namespace) -> str:
    """Compute what ``bjcalc sidebet ...`` asked for; returns the text (or JSON) to print.

    >>> import json
    >>> parser = argparse.ArgumentParser(prog="bjcalc")
    >>> _ = add_sidebet_parser(parser.add_subparsers(dest="command"))
    >>> out = json.loads(run_sidebet(parser.parse_args(["sidebet", "lucky-lucky", "--json"])))
    >>> out["command"], out["combinations"]["suited 777"], out["results"][0]["paytable"]
    ('sidebet', 80, 'seed')
    """
    exact = bool(getattr(args, "exact", False))
    if args.bet == "buster":
        bet: SideBet = _buster_from(args)
    elif args.bet == "lucky-lucky":
        bet = LuckyLucky()
    elif args.bet == "pot-of-gold":
        bet = PotOfGold(VARIANTS["free_bet"].rules(dealer_hits_soft_17=bool(args.h17),
                                                     free_split_fours=bool(args.free_split_fours)), args.split)
    else:
        raise RulesError(f"unknown side bet {args.bet!r}: use {' or '.join(SIDE_BETS)}")
    shoe = shoe_from_flags(getattr(args, "decks", None), getattr(args, "shoe", None), getattr(args, "remove", None))
    if isinstance(bet, LuckyLucky) and shoe.suit_counts is None and not shoe.is_infinite:
        raise ShoeError("Lucky Lucky pays suited hands, so its shoe needs suits: give --shoe with suits "
                        "(AS:1,TH:2,...) and --remove cards with suits (7S,8H)")
    results = [bet.evaluate(shoe, spec, exact) for spec in _paytable_specs(bet, args.paytable)]
    full = (bet.bust_distribution(shoe, exact)     # --full: Buster's flag
            if isinstance(bet, BusterBlackjack) and getattr(args, "full", False) else None)
    eors = [bet.effects_of_removal(shoe, r.paytable, exact) for r in results] if args.eor else []
    versus = ([bet.compare_models(shoe, r.paytable, exact) for r in results]
              if isinstance(bet, BusterBlackjack) and bet.model == "player" else [])
    if args.json:
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
        out["assumptions"] = assumptions_json(sidebet_assumptions(bet, shoe, exact))
        return dumps("sidebet", out)
    blocks = [str(r) for r in results]
    if full is not None:
        blocks.append("\n".join(["full distribution"] + [
            f"{k:<16} {float(v):.12f}" + (f"   ({v})" if exact else "") for k, v in full.items()]))
    if versus:
        blocks.append(_versus_text(versus, exact))
    blocks += [str(e) for e in eors]
    return fit("\n\n".join(blocks))


def _buster_from(args: argparse.Namespace) -> BusterBlackjack:
    """The Buster bet a command line describes (model player: rules from --decks and --h17; with
    --burn20 the Burn 20 seed game's, ``variants.burn20``, with those two)."""
    strategy, split = getattr(args, "strategy", None), getattr(args, "split", None)
    burn = bool(getattr(args, "burn20", False))
    if args.model == "player":
        decks = 6 if args.decks is None else args.decks    # (a --shoe replaces the decks)
        if burn:
            rules = burn20(decks=decks, dealer_hits_soft_17=bool(args.h17))
        else:
            rules = Rules(decks=decks, dealer_hits_soft_17=bool(args.h17))
        return BusterBlackjack(model="player", rules=rules, strategy=strategy, split_strategy=split)
    given = [flag for flag, value in (("--strategy", strategy), ("--split", split)) if value is not None]
    if given:
        raise RulesError(f"{' and '.join(given)} describe{'s' if len(given) == 1 else ''} the player of "
                         f"--model player; --model shoe (the default) has no player")
    return BusterBlackjack(hits_soft_17=bool(args.h17), burn_20=burn)


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
