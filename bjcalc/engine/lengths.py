"""The length of the dealer's final hand: P(bust with n cards) and P(stand with n cards).

Buster Blackjack pays by the number of cards in the dealer's busted hand, so it needs
the dealer's outcomes split by hand length ``n`` (up card and hole card included).
The dealer tree of :class:`~bjcalc.engine.dealer.DealerTree` already says it: a final
move from level ``k`` (``k`` cards drawn after the up card) ends a hand of ``k + 2``
cards.  :class:`LengthTree` is that tree with each final move relabelled from its
outcome to a *column*, bust or stand, by length; evaluating it is then the ordinary
dealer recursion with columns instead of outcomes:

* :func:`dealer_lengths_given_up`: one up card, many shoes, in numpy (floats, or exact
  integer numerators over falling factorials);
* :func:`float_bust_lengths_given_up`: the same in floats through the dealer's C kernel
  (:func:`bjcalc.engine._kernels.dealer_outcomes`) when it is built;
* :func:`dealer_lengths`: the up card random from the shoe too, summed over up cards;
  the dealer procedure is a hook object it asks under each up card which tree to walk
  (:meth:`~bjcalc.engine.dealer.StandardDealer.length_procedure`) and which hands that
  tree leaves out (:meth:`~bjcalc.engine.dealer.StandardDealer.special_lengths`: the
  Burn 20 dealer's burned hands, :class:`bjcalc.engine.burn20.Burn20Dealer`).

Columns: :data:`DISCARDED` (0) takes what a caller drops, :data:`ALL_STANDS` (1) every
stand when the stands are pooled, :func:`stand_column` and :func:`bust_column` the
hands of one length.

>>> six_decks = np.array([[24] * 9 + [96]])
>>> bust, stand, stuck = dealer_lengths(six_decks, StandardDealer(hits_soft_17=True), depletes=True, exact=False)
>>> round(float(bust[3][0]), 6), round(float(sum(b[0] for b in bust.values())), 6), bool(stuck[0])
(0.173032, 0.28576, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional, Sequence, Union, cast

import numpy as np

from . import _kernels as kernels
from ..core.outcomes import BUSTS, N_OUTCOMES
from .dealer import DealerTree, StandardDealer, tree_limit
from .workspace import WORKSPACE

__all__ = ["BUST_OUTCOMES", "DISCARDED", "ALL_STANDS", "stand_column", "bust_column", "LengthTree",
           "dealer_lengths_given_up", "float_bust_lengths_given_up", "dealer_lengths"]

BUST_OUTCOMES: tuple[int, ...] = tuple(range(BUSTS.start, BUSTS.stop))
"""Dealer outcomes (indices of :data:`~bjcalc.engine.dealer.OUTCOMES`) that are a bust: totals 22-26."""

DISCARDED = 0
"""The column of the outcomes a caller drops (counted as neither bust nor stand)."""

ALL_STANDS = 1
"""The column of every stand, whatever its length, in a tree whose stands are pooled."""


def stand_column(n: int) -> int:
    """The column of the hands that stand (a blackjack included) with ``n`` cards.

    >>> stand_column(2), bust_column(3)
    (4, 7)
    """
    return 2 * n


def bust_column(n: int) -> int:
    """The column of the hands that bust with ``n`` cards.

    >>> [bust_column(n) for n in (3, 4)]
    [7, 9]
    """
    return 2 * n + 1


@dataclass(frozen=True)
class _LengthLevel:
    """One level of a :class:`LengthTree`: ``moves`` per card value are (sources, their
    next-level targets, sources that end, their end columns)."""

    states: np.ndarray          # (n, 10) cards drawn after the up card
    moves: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]
    n_next: int
    columns: tuple[int, ...]    # the distinct end columns of the level, increasing


class LengthTree:
    """A :class:`~bjcalc.engine.dealer.DealerTree` whose final moves lead to hand-length columns.

    ``busts`` are the outcomes that count as a bust, ``dropped`` those counted as
    neither (:data:`DISCARDED`); every other outcome stands.  ``pool_stands`` sends
    every stand to :data:`ALL_STANDS` instead of :func:`stand_column`.  ``levels``
    (for the numpy walk) and the flat arrays ``level_start``, ``drawn``,
    ``move_start``, ``move_value``, ``move_target`` (for the C kernel, a final move
    ``-1 - column``) are the dealer tree's, relabelled; ``n_columns`` is the width of
    a result and ``longest_bust`` the most cards of a busted hand (0 if none).

    >>> tree = LengthTree.build(10, StandardDealer(hits_soft_17=False))
    >>> tree.longest_bust, tree.n_columns, tree.levels[0].columns    # T up: a hole 7-A stands with 2 cards
    (7, 16, (4,))
    """

    @classmethod
    def build(cls, up: int, procedure: StandardDealer, limit: Optional[Sequence[int]] = None,
              busts: Sequence[int] = BUST_OUTCOMES, dropped: Sequence[int] = (),
              pool_stands: bool = False) -> "LengthTree":
        """The tree for these arguments, built once (trees depend on no shoe, only on the limit:
        :data:`~bjcalc.engine.workspace.WORKSPACE`)."""
        key = (up, procedure, None if limit is None else tuple(int(x) for x in limit), tuple(busts),
               tuple(dropped), bool(pool_stands))
        return WORKSPACE.built("length trees", key, lambda: cls(up, procedure, limit, busts, dropped, pool_stands))

    def __init__(self, up: int, procedure: StandardDealer, limit: Optional[Sequence[int]] = None,
                 busts: Sequence[int] = BUST_OUTCOMES, dropped: Sequence[int] = (), pool_stands: bool = False):
        dealer = DealerTree.build(up, procedure, limit)
        is_bust = np.isin(np.arange(N_OUTCOMES), list(busts))
        is_dropped = np.isin(np.arange(N_OUTCOMES), list(dropped))

        def columns(outcomes: np.ndarray, n: Any) -> np.ndarray:
            stand = ALL_STANDS if pool_stands else 2 * n
            out = np.where(is_bust[outcomes], 2 * n + 1, stand)
            return np.where(is_dropped[outcomes], DISCARDED, out).astype(np.intp)

        self.up = up
        self.levels: list[_LengthLevel] = []
        for k, level in enumerate(dealer.levels):
            moves = []
            for src_next, dst_next, src_end, outcomes in level.moves:
                ends = columns(outcomes, k + 2)
                kept = ends != DISCARDED          # a dropped end is a draw never made
                moves.append((src_next, dst_next, src_end[kept], ends[kept]))
            used = sorted({int(c) for *_, ends in moves for c in ends})
            self.levels.append(_LengthLevel(level.states, moves, level.n_next, tuple(used)))
        # the flat arrays: a final move's level (so its hand length) from its state
        self.level_start, self.drawn = dealer.level_start, dealer.drawn
        self.move_start, self.move_value = dealer.move_start, dealer.move_value
        level_of_state = np.repeat(np.arange(len(dealer.levels)), np.diff(dealer.level_start))
        state_of_move = np.repeat(np.arange(len(dealer.drawn)), np.diff(dealer.move_start))
        target = dealer.move_target.copy()
        final = target < 0
        lengths = level_of_state[state_of_move[final]] + 2
        outcomes = -1 - target[final]
        target[final] = -1 - columns(outcomes, lengths)
        self.move_target = np.ascontiguousarray(target)
        busted = lengths[is_bust[outcomes] & ~is_dropped[outcomes]]
        self.longest_bust = int(busted.max()) if len(busted) else 0
        self.n_columns = bust_column(len(dealer.levels) + 1) + 1


def _walk(tree: LengthTree, left: np.ndarray, depletes: bool, exact: bool,
          totals: Optional[np.ndarray] = None) -> tuple[np.ndarray, np.ndarray]:
    """The dealer recursion over a length tree, one column per shoe (rows of ``left``): the
    (columns, shoes) sums of the hands ending in each column, and which shoes run out.

    Floats: probabilities.  Exact: integer numerators over perm(cards left, n - 1) for the
    columns of hands of n cards ((cards left)^(n - 1) without depletion), int64 while
    they fit, else Python ints.  ``totals``: the cards left in each shoe when a row counts
    only some of them (the draws' denominators; default the rows' sums)."""
    shoes = len(left)
    totals = left.sum(axis=1) if totals is None else np.asarray(totals)
    exhausted = np.zeros(shoes, dtype=bool)
    if exact:
        peak = int(totals.max()) if shoes else 0
        largest = math.perm(peak, len(tree.levels)) if depletes else peak ** len(tree.levels)
        dtype: Any = np.int64 if largest < 2 ** 62 else object   # int64 is exact below this
        counts = left.astype(dtype)
    else:
        dtype = np.float64
        counts = left.astype(np.float64)
    reach = np.ones((1, shoes), dtype=dtype)
    ended = np.zeros((tree.n_columns, shoes), dtype=dtype)
    for k, level in enumerate(tree.levels):
        remaining = totals - k if depletes else totals
        empty = remaining <= 0
        if empty.any():
            exhausted |= empty & (reach != 0).any(axis=0)
            reach = reach.copy()
            reach[:, empty] = 0
        safe = np.where(empty, 1, remaining)
        following = np.zeros((level.n_next, shoes), dtype=dtype)
        for value, (src_next, dst_next, src_end, columns) in enumerate(level.moves):
            for src in (src_next, src_end):
                if not len(src):
                    continue
                drawn = level.states[src, value].astype(dtype)[:, None] if depletes else 0
                factor = counts[None, :, value] - drawn
                if not exact:
                    factor = factor / safe
                contribution = reach[src] * factor
                if src is src_next:
                    np.add.at(following, dst_next, contribution)
                    continue
                for column in level.columns:
                    ends = columns == column
                    if ends.any():
                        ended[column] = ended[column] + contribution[ends].sum(axis=0)
        reach = following
    return ended, exhausted


def dealer_lengths_given_up(up: int, left: np.ndarray, procedure: StandardDealer, depletes: bool,
                            exact: bool, busts: Sequence[int] = BUST_OUTCOMES, dropped: Sequence[int] = (),
                            totals: Optional[np.ndarray] = None
                            ) -> tuple[dict[int, np.ndarray], dict[int, np.ndarray], np.ndarray]:
    """For a fixed up card and many shoes given as the value counts left besides it (one row
    each): {n: P(bust with n cards)}, {n: P(stand with n cards)} (a blackjack stands with 2),
    n counting the up card, and which shoes the dealer can run out of.

    ``busts``: the outcome indices (:data:`~bjcalc.engine.dealer.OUTCOMES`) that count as a bust
    (totals 22-26); ``dropped``: outcomes counted in neither table (those a procedure's
    :meth:`~bjcalc.engine.dealer.StandardDealer.length_procedure` drops, like the Burn 20
    hole-card tens and aces, accounted for elsewhere).

    Walks the :class:`LengthTree` level by level, one column per shoe.  Exact mode returns
    integer numerators (ordered sequences of the n - 1 cards drawn after the up card) over
    perm(cards left, n - 1), or (cards left)^(n - 1) without depletion: int64 while they
    fit, else Python ints.

    ``totals``: the cards left in each shoe, where a row counts only some of them (the cards
    of one suit, say): each draw is then over the whole shoe, so a row's floats are the
    chances that the dealer's hand ends in a column *and* every card drawn is of the row's
    (exact: the numerators count only the row's cards, over perm(totals, n - 1)).  Default:
    the rows' sums.

    >>> bust, stand, stuck = dealer_lengths_given_up(6, np.array([[4, 4, 4, 4, 4, 3, 4, 4, 4, 16]]),
    ...                                              StandardDealer(False), True, False)
    >>> round(float(sum(b[0] for b in bust.values())), 6), bool(stuck[0])
    (0.420823, False)
    >>> spades = np.array([[1, 1, 1, 1, 1, 0, 1, 1, 1, 4]])        # the 6 of spades is up
    >>> bust, _, _ = dealer_lengths_given_up(6, spades, StandardDealer(False), True, True, totals=[51])
    >>> sum(int(b[0]) for b in bust.values()) > 0       # numerators of all-spade busts, over perm(51, n - 1)
    True
    """
    limit = tree_limit(left) if depletes else None
    tree = LengthTree.build(up, procedure, limit, busts, dropped)
    ended, exhausted = _walk(tree, left, depletes, exact, totals)
    lengths = range(2, len(tree.levels) + 2)
    return ({n: ended[bust_column(n)] for n in lengths}, {n: ended[stand_column(n)] for n in lengths}, exhausted)


def float_bust_lengths_given_up(up: int, rows: np.ndarray, procedure: StandardDealer
                                ) -> tuple[dict[int, np.ndarray], np.ndarray, np.ndarray]:
    """P(bust with n cards) per remaining shoe (rows: counts left after the up card), P(no bust),
    and which shoes the dealer can run out of; floats, through the C kernel when it is built
    (else :func:`dealer_lengths_given_up`, the same numbers).

    >>> busts, no_bust, stuck = float_bust_lengths_given_up(6, np.array([[4, 4, 4, 4, 4, 3, 4, 4, 4, 16]]),
    ...                                                     StandardDealer(False))
    >>> round(float(sum(b[0] for b in busts.values())), 6), round(float(no_bust[0]), 6)
    (0.420823, 0.579177)
    """
    if kernels.available():
        tree = LengthTree.build(up, procedure, tree_limit(rows), pool_stands=True)
        out, exhausted = kernels.dealer_outcomes(tree, rows, np.ones(len(rows), dtype=bool), True, tree.n_columns)
        return ({n: out[:, bust_column(n)] for n in range(3, tree.longest_bust + 1)}, out[:, ALL_STANDS],
                exhausted)
    bust, stand, exhausted = dealer_lengths_given_up(up, rows, procedure, depletes=True, exact=False)
    return bust, cast(np.ndarray, sum(stand.values())), exhausted


def dealer_lengths(rows: np.ndarray, procedure: Union[StandardDealer, Sequence[StandardDealer]], depletes: bool,
                   exact: bool, busts: Sequence[int] = BUST_OUTCOMES) -> tuple[dict[int, Any], dict[int, Any], np.ndarray]:
    """For shoes given as value counts (one row each): P(bust with n cards) and P(stand with n
    cards) by hand length n, the up card random from the shoe; and which shoes run out.

    ``procedure``: the dealer's procedure, one for every shoe or a sequence of one per shoe
    (a variant's may differ by shoe, like the suit share of Burn 20's).  Under each up card
    the procedure is asked through two hooks: :meth:`~bjcalc.engine.dealer.StandardDealer.length_procedure`
    names the drawing tree to walk (and its outcomes to drop), summed like
    :func:`dealer_lengths_given_up` over the up cards (shoes whose procedures walk the same
    tree are walked together); :meth:`~bjcalc.engine.dealer.StandardDealer.special_lengths`
    gives the hands that tree leaves out (Burn 20's burned hands, by the length of the final
    hand), as probabilities given the up card, added after the division.  Exact mode keeps
    integer numerators (ordered card sequences) over the falling factorial N (N-1) ...
    (N-n+1) (N^n without depletion) and divides at the end, giving Fractions.  ``busts``: the
    outcomes that count as a bust (default totals 22-26).

    >>> bust, stand, stuck = dealer_lengths(np.array([[4] * 9 + [16]]), StandardDealer(False), True, True)
    >>> sum(b[0] for b in bust.values()) + sum(s[0] for s in stand.values()) == 1
    True
    >>> from bjcalc.engine.burn20 import Burn20Dealer
    >>> burned, _, _ = dealer_lengths(np.array([[4] * 9 + [16]]), Burn20Dealer(False, Fraction(1, 4)), True, True)
    >>> burned[3][0] > bust[3][0]          # a burned ten up card redraws: more 3-card busts
    True
    """
    shoes = len(rows)
    procedures = [procedure] * shoes if isinstance(procedure, StandardDealer) else list(procedure)
    if len(procedures) != shoes:
        raise ValueError(f"dealer_lengths: {len(procedures)} procedures for {shoes} shoes")
    distinct = _groups(procedures)                    # procedure -> its rows
    totals = rows.sum(axis=1)
    bust: dict[int, Any] = {}
    stand: dict[int, Any] = {}
    special: list[tuple[dict[int, Any], dict[int, Any]]] = []    # probabilities, added after the division
    exhausted = np.zeros(shoes, dtype=bool)
    for up in range(1, 11):
        up_count = rows[:, up - 1]
        dealt = up_count > 0
        if not dealt.any():
            continue
        left = np.clip(rows - np.eye(10, dtype=np.int64)[up - 1], 0, None) if depletes else rows
        walk_of = {p: p.length_procedure(up) for p in distinct}
        walks = _groups([walk_of[p] for p in procedures])      # shoes walking the same tree, walked together
        given_bust, given_stand, stuck = _by_group(
            [(index, dealer_lengths_given_up(up, left[index] if len(walks) > 1 else left, walk, depletes, exact,
                                             busts, dropped))
             for (walk, dropped), index in walks.items()], shoes, exact)
        more = []
        for p, index in distinct.items():
            found = p.special_lengths(up, left[index] if len(distinct) > 1 else left, depletes, exact, busts)
            if found is not None:
                more.append((index, found))
        if more:
            more_bust, more_stand, more_stuck = _by_group(more, shoes, exact)
            stuck = stuck | more_stuck
            weight: Any = [Fraction(int(c), int(t)) if t else Fraction(0) for c, t in zip(up_count, totals)]
            if not exact:
                weight = np.array([float(w) for w in weight])
            special.append(({n: _times(weight, v, exact) for n, v in more_bust.items()},
                            {n: _times(weight, v, exact) for n, v in more_stand.items()}))
        exhausted |= stuck & dealt
        # exact: numerators over perm(N - 1, n - 1) (N^(n-1)); times the up card's count, over perm(N, n) (N^n)
        share = up_count.astype(object) if exact else np.where(dealt, up_count, 0) / np.where(totals, totals, 1)
        for given, table in ((given_bust, bust), (given_stand, stand)):
            for n, values in given.items():
                term = share * (values.astype(object) if exact else values)
                table[n] = table[n] + term if n in table else term
    if exact:
        for table in (bust, stand):
            for n, numerators in table.items():
                denominators = [math.perm(int(t), n) if depletes else int(t) ** n for t in totals]
                table[n] = [Fraction(int(a), b) if b else Fraction(0) for a, b in zip(numerators, denominators)]
    for more_bust, more_stand in special:
        for extra, table in ((more_bust, bust), (more_stand, stand)):
            for n, values in extra.items():
                if n in table:
                    table[n] = [a + b for a, b in zip(table[n], values)] if exact else table[n] + values
                else:
                    table[n] = values
    return bust, stand, exhausted


def _groups(items: Sequence[Any]) -> dict[Any, list[int]]:
    """The positions of equal ``items``, by item, in order of first appearance."""
    found: dict[Any, list[int]] = {}
    for i, item in enumerate(items):
        found.setdefault(item, []).append(i)
    return found


def _by_group(parts: list[tuple[list[int], tuple[dict[int, Any], dict[int, Any], np.ndarray]]], shoes: int,
              exact: bool) -> tuple[dict[int, Any], dict[int, Any], np.ndarray]:
    """Tables computed per group of rows (the positions, then bust, stand, exhausted) as tables of every row:
    one group of every row is itself; otherwise a length a group lacks is 0 there (exact: Python ints or
    Fractions in object arrays)."""
    if len(parts) == 1 and len(parts[0][0]) == shoes:
        return parts[0][1]
    tables: tuple[dict[int, Any], dict[int, Any]] = ({}, {})
    exhausted = np.zeros(shoes, dtype=bool)
    for index, (*found, stuck) in parts:
        exhausted[index] = stuck
        for part, table in zip(found, tables):
            for n, values in part.items():
                if n not in table:
                    table[n] = np.zeros(shoes, dtype=object) if exact else np.zeros(shoes)
                column = np.empty(len(index), dtype=object) if exact else None
                if column is not None:
                    column[:] = list(values)
                table[n][index] = values if column is None else column
    return tables[0], tables[1], exhausted


def _times(weight: Any, values: Any, exact: bool) -> Any:
    return [w * v for w, v in zip(weight, values)] if exact else weight * values
