"""What a hand may do under a rule set: hit, double, split, surrender, written once.

The engine asks these predicates (as Farmer's ``BJRules`` asks its rule object) instead
of reading rule fields itself.  Each takes scalars or numpy arrays of totals and card
counts.

>>> from bjcalc.core.rules import Rules
>>> may_hit(Rules(), 21, 2, 10), may_hit(Rules(hit_21=False), 21, 3, 10)
(True, False)
>>> post_split_actions(Rules(), 1, 12, True, max_cards=21)
('stand',)
"""

from __future__ import annotations

from enum import Enum
from typing import Optional, Union, overload

import numpy as np

from .errors import StrategyError
from .rules import Rules
from .words import rule

__all__ = ["PostSplitStrategy", "may_hit", "must_hit", "may_double_after_hit", "may_surrender_after_hit",
           "post_split_actions", "most_hands", "check_optimal_split_rules",
           "POST_SPLIT_ACTIONS"]

Flags = Union[bool, np.ndarray]
Numbers = Union[int, np.ndarray]

class PostSplitStrategy(str, Enum):
    """How split hands are played (composition-dependent); a member equals its name as a string.

    - ``CDZ``, "CDZ-": each split hand as the same cards unsplit (zero memory);
    - ``CDP1``: optimal for the first split hand (one extra pair card gone), used for all;
    - ``CDP``: may also depend on how many pair cards the resplits removed;
    - ``OPTIMAL``: one split, every decision using every card seen in the round.

    >>> PostSplitStrategy("CDP1") is PostSplitStrategy.CDP1, PostSplitStrategy.CDZ == "CDZ-"
    (True, True)
    """

    CDZ = "CDZ-"
    CDP1 = "CDP1"
    CDP = "CDP"
    OPTIMAL = "optimal"

    def __str__(self) -> str:
        return self.value


POST_SPLIT_ACTIONS = ("stand", "hit", "double")
"""The actions of a split hand, in tie-break order (earlier wins)."""


@overload
def may_hit(rules: Rules, total: int, cards: int, max_cards: int) -> bool: ...
@overload
def may_hit(rules: Rules, total: np.ndarray, cards: np.ndarray, max_cards: int) -> np.ndarray: ...
def may_hit(rules: Rules, total: Numbers, cards: Numbers, max_cards: int) -> Flags:
    """Whether a hand with this total and number of cards may take a card: below the card
    limit, and below 21 unless the rules let a 21 hit (No Bust's player must stand on any 21).

    >>> may_hit(Rules(), np.array([20, 21]), np.array([2, 5]), 5).tolist()
    [True, False]
    """
    return (cards < max_cards) & ((total < 21) | rules.hit_21)


@overload
def must_hit(rules: Rules, total: int, can_hit: bool) -> bool: ...
@overload
def must_hit(rules: Rules, total: np.ndarray, can_hit: np.ndarray) -> np.ndarray: ...
def must_hit(rules: Rules, total: Numbers, can_hit: Flags) -> Flags:
    """Whether a hand that may hit is forced to (No Bust: the player must hit 11 or less).

    >>> must_hit(Rules(must_hit_below=12), np.array([11, 12]), np.array([True, True])).tolist()
    [True, False]
    """
    return can_hit & (total < rules.must_hit_below)


@overload
def may_double_after_hit(rules: Rules, hard: int, soft: bool, cards: int, can_hit: bool, split: bool) -> bool: ...
@overload
def may_double_after_hit(rules: Rules, hard: np.ndarray, soft: np.ndarray, cards: np.ndarray,
                         can_hit: np.ndarray, split: np.ndarray) -> np.ndarray: ...
def may_double_after_hit(rules: Rules, hard: Numbers, soft: Flags, cards: Numbers,
                         can_hit: Flags, split: Flags) -> Flags:
    """Whether a hand of three or more cards may double (``double_after_hit``): it may draw, its
    current total passes ``double_on``/``double_soft``, and a split hand needs DAS.  (A split
    ace's hand has three cards only with ``hit_split_aces``; it then doubles like any split hand.)
    Two-card hands are the round's and the split's to decide (:func:`post_split_actions`).

    >>> r = Rules(double_after_hit=True, double_on="9-11", double_after_split=False)
    >>> may_double_after_hit(r, np.array([11, 11, 12, 11]), np.array([False] * 4), np.array([3, 3, 3, 2]),
    ...                      np.array([True] * 4), np.array([False, True, False, False])).tolist()
    [True, False, False, False]
    >>> may_double_after_hit(r, 10, False, 3, True, False)
    True
    """
    hard, soft = np.asarray(hard), np.asarray(soft, dtype=bool)
    if not rules.double_after_hit or rules.double_on == "none":
        return np.zeros(hard.shape, dtype=bool) if hard.ndim else False
    if rules.double_on == "any":
        total_ok = ~soft | rules.double_soft
    else:
        low = 9 if rules.double_on == "9-11" else 10
        total_ok = ~soft & (hard >= low) & (hard <= 11)
    may = (np.asarray(cards) >= 3) & np.asarray(can_hit, dtype=bool) & total_ok & (
        ~np.asarray(split, dtype=bool) | rules.double_after_split)
    return may if hard.ndim else bool(may)


def may_surrender_after_hit(rules: Rules, cards: np.ndarray, split: np.ndarray) -> np.ndarray:
    """Whether a hand of three or more cards may surrender: ``surrender="any_time"`` and an unsplit
    hand (split hands never surrender).  Two-card hands are the round's to decide.

    >>> may_surrender_after_hit(Rules(surrender="any_time"), np.array([2, 3, 3]),
    ...                         np.array([False, False, True])).tolist()
    [False, True, False]
    """
    if rules.surrender != "any_time":
        return np.zeros(np.shape(cards), dtype=bool)
    return (np.asarray(cards) >= 3) & ~np.asarray(split, dtype=bool)


def post_split_actions(rules: Rules, pair: int, hard: int, soft: bool, *, max_cards: int,
                       may_double: Optional[bool] = None) -> tuple[str, ...]:
    """Actions allowed on a split hand's first two cards (pair value ``pair``, 1 = aces).

    ``max_cards`` is the most cards a hand may hold (the hand space's limit, which every caller
    must say): at two, a split hand may only stand, whatever the rules allow.  ``may_double``:
    whether the round offers a split hand a double at this total (a variant's own answer, DAS
    included: Free Bet's free double on hard 9-11 whatever the money doubles); None: the rules'
    (DAS and :meth:`Rules.can_double <bjcalc.core.rules.Rules.can_double>`).  Either way a split
    ace's only with ``double_split_aces``.

    >>> post_split_actions(Rules(double_on="9-11"), 8, 10, False, max_cards=21)
    ('stand', 'hit', 'double')
    >>> post_split_actions(Rules(double_on="9-11"), 8, 10, False, max_cards=2)
    ('stand',)
    """
    if max_cards <= 2:
        return ("stand",)
    total = hard + 10 if soft else hard
    may_draw = total < 21 or rules.hit_21          # "must stand on any 21" forbids doubling it too
    may_hit_it = (pair != 1 or rules.hit_split_aces) and may_draw
    actions = [] if may_hit_it and total < rules.must_hit_below else ["stand"]
    if may_hit_it:
        actions.append("hit")
    offered = rules.double_after_split and rules.can_double(hard, soft) if may_double is None else may_double
    if may_draw and offered and (pair != 1 or rules.double_split_aces):
        actions.append("double")
    return tuple(actions)


def most_hands(rules: Rules, pair: int) -> int:
    """How many hands a pair can become (aces resplit only with ``resplit_aces``).

    >>> most_hands(Rules(max_split_hands=4), 1), most_hands(Rules(max_split_hands=4), 8)
    (2, 4)
    """
    if pair == 1 and not rules.resplit_aces:
        return min(2, rules.max_split_hands)
    return rules.max_split_hands


def check_optimal_split_rules(rules: Rules) -> None:
    """Refuse rules the optimal split search does not cover, with a message saying what to change.

    >>> check_optimal_split_rules(Rules(max_split_hands=4))
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.StrategyError: split strategy 'optimal' covers one split (two hands): use max_split_hands=2, or CDZ-, CDP1 or CDP to resplit
    """
    if rules.max_split_hands > 2 and rules.resplit_aces:    # (max_split_hands=2 alone would not do)
        raise StrategyError(f"split strategy 'optimal' covers one split (two hands), so no resplit aces: use CDZ-, "
                            f"CDP1 or CDP, or drop {rule('resplit_aces')} and use {rule('max_split_hands', 2)}")
    if rules.max_split_hands > 2:
        raise StrategyError(f"split strategy 'optimal' covers one split (two hands): use "
                            f"{rule('max_split_hands', 2)}, or CDZ-, CDP1 or CDP to resplit")
    if rules.bust_push != "none":
        raise StrategyError("split strategy 'optimal' does not cover bust-push rules (No Bust): use CDZ-, CDP1 "
                            "or CDP")
    if rules.charlie is not None:
        raise StrategyError(f"split strategy 'optimal' settles hands by their totals, not a Charlie "
                            f"({rule('charlie')}): use CDZ-, CDP1 or CDP")
    # (surrender at any time needs nothing: split hands never surrender)
    if rules.double_after_hit and rules.double_after_split:
        raise StrategyError(f"split strategy 'optimal' does not cover doubling a split hand after a hit "
                            f"({rule('double_after_hit')} with DAS): use CDZ-, CDP1 or CDP")
