"""Splitting: the value of splitting a pair, under a named post-split strategy.

A split hand starts with one card of the pair, in the context where the other
pair card is also gone (see :mod:`bjcalc.hands`).  Its two-card value takes the
best allowed action (stand, hit, and double when the rules allow it after a
split), decided by the post-split strategy:

- ``"CDZ-"``: decide as for the same cards unsplit (zero memory of the split);
- ``"CDP1"``: decide optimally for the first split hand (the other pair card
  known to be gone), and use that rule for every split hand;
- ``"CDP"``: also use how many pair cards resplits removed; with two hands it is
  the same as CDP1.

With at most two hands, the two hands are exchangeable (each plays by its own
cards only and the dealer draws after both), so the split is worth twice one
hand, exactly.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import StrategyError
from .hands import EMPTY, add
from .player import UpcardValues
from .rules import Rules

SPLIT_STRATEGIES = ("CDZ-", "CDP1", "CDP", "optimal")
POST_SPLIT_ACTIONS = ("stand", "hit", "double")   # tie-break order: earlier wins


def check_split_strategy(name: str, rules: Rules) -> str:
    """Validate a post-split strategy name for these rules.

    >>> check_split_strategy("CDP1", Rules())
    'CDP1'
    """
    if name not in SPLIT_STRATEGIES:
        raise StrategyError(f"split strategy must be one of {', '.join(SPLIT_STRATEGIES)}, not {name!r}")
    if name == "optimal":
        raise StrategyError("split strategy 'optimal' is not available yet; use CDZ-, CDP1 or CDP")
    if rules.max_split_hands > 2:
        raise StrategyError(f"resplitting (max_split_hands={rules.max_split_hands}) is not available yet; "
                            "use max_split_hands=2")
    return name


def post_split_actions(rules: Rules, pair: int, hard: int, soft: bool) -> tuple[str, ...]:
    """Actions allowed on a split hand's first two cards.

    >>> post_split_actions(Rules(), 1, 12, True)
    ('stand',)
    >>> post_split_actions(Rules(double_on="9-11"), 8, 10, False)
    ('stand', 'hit', 'double')
    """
    actions = ["stand"]
    if pair != 1 or rules.hit_split_aces:
        actions.append("hit")
    if rules.double_after_split and rules.can_double(hard, soft) and (pair != 1 or rules.double_split_aces):
        actions.append("double")
    return tuple(actions)


def split_hand_values(rules: Rules, values: UpcardValues, strategy: str, max_cards: int) -> dict[int, Any]:
    """Value of one split hand for each pair value that can be split (joint, unit bet)."""
    nodes = values.nodes
    result = {}
    for pair in range(1, 11):
        context = add(EMPTY, pair)
        first = nodes.index.get((context, context))
        if first is None:
            continue
        total = 0
        for card in range(1, 11):
            node = nodes.child[first, card - 1]
            if node < 0:
                continue
            hand = tuple(nodes.hand[node])
            allowed = post_split_actions(rules, pair, int(nodes.hard[node]), bool(nodes.soft[node]))
            if max_cards <= 2:
                allowed = ("stand",)
            source = node if strategy != "CDZ-" else nodes.node(hand, EMPTY)
            choice = max(allowed, key=lambda a: (_action_value(values, source, a), -allowed.index(a)))
            total = total + values.draw[first, card - 1] * _action_value(values, node, choice)
        result[pair] = total
    return result


def _action_value(values: UpcardValues, node: int, action: str) -> Any:
    return {"stand": values.stand, "hit": values.hit, "double": values.double}[action][node]


def split_values(rules: Rules, values: UpcardValues, strategy: str, max_cards: int) -> dict[int, Any]:
    """Value of splitting each pair value (both hands, per unit initial bet, joint)."""
    return {pair: 2 * v for pair, v in split_hand_values(rules, values, strategy, max_cards).items()}
