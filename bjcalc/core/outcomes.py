"""Hand totals and the dealer's final outcomes: the arithmetic of a blackjack hand, written once.

A hand is counted by card value (index 0 = ace ... 9 = ten-value).  Its *hard* total
counts aces as 1; it is *soft* when an ace can count 11 without busting, and its
total is then the hard total plus 10.  A *natural* is an ace and a ten-value as the
first two cards.  The dealer's final outcome is one of :data:`OUTCOMES`: totals 17-26
(22-26 are busts, kept apart because some variants settle by the bust total) or
blackjack.

>>> soft_total(7, True), soft_total(17, True), hand_total((1, 0, 0, 0, 0, 1, 0, 0, 0, 0))
((17, True), (17, False), (17, True))
>>> is_natural((1, 0, 0, 0, 0, 0, 0, 0, 0, 1)), OUTCOMES[BLACKJACK]
(True, 'blackjack')
"""

from __future__ import annotations

from typing import Sequence, Union, overload

import numpy as np

__all__ = ["OUTCOMES", "N_OUTCOMES", "BLACKJACK", "BUSTS", "ACE", "TEN", "soft_total", "hand_total",
           "is_natural"]

OUTCOMES: tuple[str, ...] = ("17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "blackjack")
"""Dealer final outcomes: totals 17-26 (22 and up are busts) and blackjack."""
N_OUTCOMES = len(OUTCOMES)
BLACKJACK = 10
"""Index of the blackjack outcome in :data:`OUTCOMES`."""
BUSTS = slice(5, 10)
"""The bust outcomes (22-26) in :data:`OUTCOMES`."""
ACE = 0
"""Value index of the ace in counts by value."""
TEN = 9
"""Value index of the ten-values in counts by value."""

@overload
def soft_total(hard: int, has_ace: bool) -> tuple[int, bool]: ...
@overload
def soft_total(hard: np.ndarray, has_ace: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...
def soft_total(hard: Union[int, np.ndarray],
               has_ace: Union[bool, np.ndarray]) -> tuple[Union[int, np.ndarray], Union[bool, np.ndarray]]:
    """The best total of a hand and whether it is soft, from its hard total and whether it holds an ace.

    Works element-wise on numpy arrays too.

    >>> soft_total(np.array([5, 12]), np.array([True, True]))
    (array([15, 12]), array([ True, False]))
    """
    soft = has_ace & (hard + 10 <= 21)
    if isinstance(soft, np.ndarray):
        return np.where(soft, hard + 10, hard), soft
    return (hard + 10 if soft else hard), bool(soft)


def hand_total(counts: Sequence[int]) -> tuple[int, bool]:
    """Best total of a hand given its counts by value, and whether it is soft.

    >>> hand_total((1, 0, 0, 0, 0, 1, 0, 0, 0, 0)), hand_total((2, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    ((17, True), (12, False))
    """
    hard = sum((value + 1) * n for value, n in enumerate(counts))
    return soft_total(hard, bool(counts[ACE] > 0))


def is_natural(counts: Sequence[int]) -> bool:
    """Whether a hand (counts by value) is an ace and a ten-value, two cards in all.

    >>> is_natural((1, 0, 0, 0, 0, 0, 0, 0, 0, 1)), is_natural((1, 0, 0, 0, 0, 0, 0, 0, 1, 1))
    (True, False)
    """
    return bool(counts[ACE] == 1 and counts[TEN] == 1 and sum(counts) == 2)
