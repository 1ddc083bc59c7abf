"""A fingerprint of bjcalc's numbers: ``python benchmarks/fingerprint.py [out.json]``.

Computes a fixed list of results (every variant's CD and TD game at its own rules, standard games
over decks, dealer rules, hole-card rules, post-split strategies and exact arithmetic, hands'
action values, a round's distribution and moments, effects of removal) and prints one SHA-256 of
them all, with one per group; ``out.json`` keeps every number.  Run it before and after a change
that must not move any number (an engine refactor): the hashes are equal, or the file says which
result moved.  A result a variant refuses is fingerprinted as its refusal's text.
"""

from __future__ import annotations

import hashlib
import json
import sys
import warnings
from typing import Any, Callable

from bjcalc import Calculator, Rules, Shoe
from bjcalc.core.errors import BjcalcError
from bjcalc.game.variants import VARIANTS

HANDS = [("T,6", "T"), ("8,8", "A"), ("A,7", "9"), ("5,6", "6"), ("9,9", "7"), ("A,A", "5")]


def _text(value: Any) -> Any:
    """Numbers as exact text (a float's repr, a rational's fraction), containers walked."""
    if isinstance(value, dict):
        return {str(k): _text(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_text(v) for v in value]
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _guard(make: Callable[[], Any]) -> Any:
    try:
        return _text(make())
    except BjcalcError as refusal:
        return f"refused: {refusal}"


def results() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {"variants": {}, "standard": {}, "hands": {}, "distributions": {},
                                      "removal": {}}
    for name, variant in VARIANTS.items():
        if variant.hands_dealt == 2:
            rules = variant.rules(decks=1, max_split_hands=2)     # (two hands: a quick shoe)
        else:
            rules = variant.rules()
        calc = Calculator(rules)
        for strategy in ("CD", "TD"):
            out["variants"][f"{name} {strategy}"] = _guard(lambda: calc.game(strategy).ev)
        if variant.options:
            for option, spec in variant.options.items():
                other = next(v for v in spec.allowed if v != spec.default)
                changed = Calculator(variant.rules(**{**spec.needed(variant.options), option: other}))
                out["variants"][f"{name} {option}={other} CD"] = _guard(lambda: changed.game("CD").ev)
    for decks in (1, 2, 6, 8):
        for h17 in (False, True):
            for das in (True, False):
                rules = Rules(decks=decks, dealer_hits_soft_17=h17, double_after_split=das)
                calc = Calculator(rules)
                for strategy in ("CD", "TD"):
                    out["standard"][f"{decks}d h17={h17} das={das} {strategy}"] = _guard(
                        lambda: calc.game(strategy).ev)
    for hole in ("enhc", "enhc_obo"):
        out["standard"][f"6d {hole}"] = _guard(lambda: Calculator(Rules(hole_card=hole)).game().ev)
    out["standard"]["6d late surrender"] = _guard(lambda: Calculator(Rules(surrender="late")).game().ev)
    out["standard"]["6d bj 6:5"] = _guard(lambda: Calculator(Rules(blackjack_pays="6:5")).game().ev)
    for split in ("CDP1", "CDP"):
        out["standard"][f"2d {split}"] = _guard(lambda: Calculator(Rules(decks=2), split_strategy=split).game().ev)
    out["standard"]["1d optimal split once"] = _guard(lambda: Calculator(
        Rules(decks=1, max_split_hands=2), split_strategy="optimal").game().ev)
    out["standard"]["1d exact split once"] = _guard(lambda: Calculator(
        Rules(decks=1, max_split_hands=2), exact=True).game().ev)
    out["standard"]["infinite"] = _guard(lambda: Calculator(Rules(), shoe=Shoe.infinite()).game().ev)
    for name in [name for name in ("standard", "free_bet", "spanish_21", "players_edge_21") if name in VARIANTS]:
        calc = Calculator(VARIANTS[name].rules(decks=2))
        for cards, up in HANDS:
            out["hands"][f"{name} {cards} v {up}"] = _guard(lambda: dict(calc.hand(cards, up)))
    for name in ("standard", "free_bet"):
        calc = Calculator(VARIANTS[name].rules(decks=1, max_split_hands=2))
        out["distributions"][f"{name} 1d pmf"] = _guard(lambda: sorted(calc.outcomes().pmf.items()))
        moments = Calculator(VARIANTS[name].rules()).moments
        out["distributions"][f"{name} 6d moments"] = _guard(lambda: [moments().ev, moments().second_moment])
    out["removal"]["standard 6d fixed"] = _guard(lambda: dict(Calculator(Rules()).effects_of_removal("fixed")))
    out["removal"]["spanish_21 2d reoptimized"] = _guard(lambda: dict(
        Calculator(VARIANTS["spanish_21"].rules(decks=2)).effects_of_removal("reoptimized")))
    return out


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def main(argv: list[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = results()
    for group, values in found.items():
        print(f"{group:14} {len(values):3} results  {digest(values)[:16]}")
    print(f"{'all':14} {sum(map(len, found.values())):3} results  {digest(found)[:16]}")
    if argv:
        with open(argv[0], "w") as out:
            json.dump(found, out, indent=1, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
