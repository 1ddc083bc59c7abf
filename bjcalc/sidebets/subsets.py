"""Counting the cards a side bet sees: the card sets of every multiset of kinds, split by suit.

A side bet on a few cards dealt from the shoe (the player's two, or those and the dealer's
up card) pays on their *kinds* (ranks, or values with the ten-values pooled) and on whether
they share a suit (or a colour).  The shoe is a *table*: one row per kind, one column per
suit (or colour), each entry the number of such cards.  For a multiset of ``k`` kinds
``r1..rj`` taken ``m1..mj`` times, the ``k``-card subsets of the shoe with exactly those kinds
number ``prod C(n_r, m_r)`` (``n_r``: the row's total), and those whose cards all stand in
one column ``sum_c prod C(t_rc, m_r)``: the whole derivation of every count here.

On the infinite deck every card is drawn with the table's proportions ``p_r = n_r / N``, so
the same multiset comes with probability ``k! / prod m_r! * prod p_r^m_r`` (any order), and
its one-column part with ``sum_c`` of the same product over the column's proportions.

A bet states its events as *classes* (:func:`classes`): for each multiset of kinds, the event
when the cards share a column and the event otherwise; :func:`tally` adds up the classes
over a table, the losing event taking whatever no class pays.

>>> one_deck = [[4]] * 9 + [[16]]                 # values A..T, one column: suits ignored
>>> pairs = classes(10, 2, lambda kinds: (0, 0) if kinds[0] == kinds[1] else (1, 1), lose=1)
>>> tally(one_deck, 2, pairs, 2, infinite=False)  # pairs by value, and the rest of C(52, 2)
[174, 1152]
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any, Callable, Sequence

__all__ = ["Table", "Class", "classes", "tally", "weights", "whole"]

Table = Sequence[Sequence[int]]
"""A shoe as counts by kind (rows) and suit or colour (columns); the infinite deck's as proportions."""

Class = tuple[tuple[tuple[int, int], ...], int, int]
"""((kind, times), ...), the event when the cards share a column, the event otherwise."""


def classes(kinds: int, k: int, classify: Callable[[tuple[int, ...]], tuple[int, int]], lose: int) -> list[Class]:
    """Every multiset of ``k`` of ``kinds`` kinds that ``classify`` (sorted kinds -> (event when
    the cards share a column, event otherwise)) does not send wholly to the losing event.

    >>> classes(3, 2, lambda kinds: (0, 1) if kinds == (1, 2) else (1, 1), lose=1)
    [(((1, 1), (2, 1)), 0, 1)]
    """
    out = []
    for combo in itertools.combinations_with_replacement(range(kinds), k):
        one, other = classify(combo)
        if (one, other) != (lose, lose):
            out.append((tuple(sorted({kind: combo.count(kind) for kind in combo}.items())), one, other))
    return out


def whole(table: Table, k: int, infinite: bool) -> Any:
    """Every ``k``-card subset of the table's cards: ``C(N, k)``; 1 on the infinite deck.

    >>> whole([[4]] * 13, 2, False), whole([[1]] * 13, 2, True)
    (1326, 1)
    """
    return 1 if infinite else math.comb(sum(map(sum, table)), k)


def weights(table: Table, kinds: Sequence[tuple[int, int]], infinite: bool) -> tuple[Any, Any]:
    """(all the card sets of these kinds, those whose cards share one column): integer counts of
    subsets, or on the infinite deck their probabilities (Fractions).  ``kinds``: (kind, times).

    >>> spades_hearts = [[1, 1]] * 13                 # one deck, ranks by two suits only
    >>> weights(spades_hearts, [(12, 1), (11, 1)], False)      # K and Q: 4 pairs, 2 suited
    (4, 2)
    >>> weights([[1] * 4] * 13, [(12, 1), (11, 1)], True)      # a suited K-Q from the infinite deck
    (Fraction(2, 169), Fraction(1, 338))
    """
    if infinite:
        n = sum(map(sum, table))
        arrangements = Fraction(math.factorial(sum(m for _, m in kinds)),
                                math.prod(math.factorial(m) for _, m in kinds))
        every = arrangements * math.prod(Fraction(sum(table[r]), n) ** m for r, m in kinds)
        alike = arrangements * sum(math.prod(Fraction(table[r][c], n) ** m for r, m in kinds)
                                   for c in range(len(table[0])))
        return every, alike
    every_count = math.prod(math.comb(sum(table[r]), m) for r, m in kinds)
    if not every_count:
        return 0, 0
    return every_count, sum(math.prod(math.comb(table[r][c], m) for r, m in kinds) for c in range(len(table[0])))


def tally(table: Table, k: int, bet_classes: Sequence[Class], size: int, infinite: bool) -> list[Any]:
    """The weight (:func:`weights`) of each of ``size`` events over the table's ``k``-card sets,
    the last (losing) event taking every set no class pays: counts summing to ``C(N, k)``, or
    on the infinite deck probabilities summing to 1.

    >>> suited = classes(13, 2, lambda kinds: (0, 1), lose=1)    # two cards of one suit
    >>> tally([[1] * 4] * 13, 2, suited, 2, infinite=False)
    [312, 1014]
    """
    counts: list[Any] = [0] * size
    for kinds, one, other in bet_classes:
        every, alike = weights(table, kinds, infinite)
        counts[one] += alike
        counts[other] += every - alike
    counts[-1] = whole(table, k, infinite) - sum(counts[:-1])
    return counts
