"""The dealer engine: exact final-outcome probabilities of the dealer's hand.

The dealer's hand is a multiset of card values drawn after the up card.  For an
up card, :class:`DealerTree` lists every multiset the dealer can hold while still
drawing, level by level (level k = k cards drawn after the up card), with the
transition on each card value to a deeper state or to a final outcome.  The tree
depends only on the dealer's procedure, never on the shoe.

:class:`DealerEngine` then evaluates the tree for many *removed sets* at once: a
removed set is the multiset of cards known to be out of the shoe besides the up
card (the player's hand, a split partner's card ...).  All removed sets are one
numpy axis, so the dealer is evaluated for thousands of player hands in a few
array operations per tree level.  The dealer's hole card is drawn like any other
card after the removed cards, so blackjack is an ordinary outcome
(:data:`BLACKJACK`); a peek game conditions on its absence afterwards.

Outcomes are indexed 0-10: final totals 17..26 (22-26 are busts, kept apart
because some variants settle by the bust total), then blackjack.

>>> from bjcalc.cards import Shoe
>>> engine = DealerEngine(Shoe.decks(1), StandardDealer(hits_soft_17=False))
>>> p = engine.probabilities(6, np.zeros((1, 10), dtype=int))[0]
>>> round(float(p[:5].sum() + p[10]), 6), round(float(p[5:10].sum()), 6)
(0.579177, 0.420823)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np
import scipy.sparse as sparse

from .arithmetic import FLOAT, Arithmetic
from .cards import Shoe
from .errors import ShoeError

OUTCOMES: tuple[str, ...] = ("17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "blackjack")
"""Dealer final outcomes: totals 17-26 (22 and up are busts) and blackjack."""
N_OUTCOMES = len(OUTCOMES)
BLACKJACK = 10
BUSTS = slice(5, 10)
ACE, TEN = 0, 9  # value indices


def hand_total(counts: Sequence[int]) -> tuple[int, bool]:
    """Best total of a hand given counts by value, and whether it is soft.

    >>> hand_total((1, 0, 0, 0, 0, 1, 0, 0, 0, 0)), hand_total((2, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    ((17, True), (12, False))
    """
    hard = sum((value + 1) * n for value, n in enumerate(counts))
    soft = counts[ACE] > 0 and hard + 10 <= 21
    return (hard + 10 if soft else hard), soft


@dataclass(frozen=True)
class StandardDealer:
    """The usual dealer: draws to 17, stands on soft 17 unless ``hits_soft_17``.

    :meth:`outcome` is the procedure's whole definition; a variant dealer (a burn
    rule, a different stopping rule) subclasses it.

    >>> StandardDealer(hits_soft_17=True).outcome((1, 0, 0, 0, 0, 1, 0, 0, 0, 0)) is None
    True
    >>> OUTCOMES[StandardDealer(hits_soft_17=False).outcome((1, 0, 0, 0, 0, 0, 0, 0, 0, 1))]
    'blackjack'
    """

    hits_soft_17: bool

    def outcome(self, hand: Sequence[int]) -> Optional[int]:
        """The final outcome index of a dealer hand (counts by value), or None if it draws."""
        if sum(hand) == 2 and hand[ACE] == 1 and hand[TEN] == 1:
            return BLACKJACK
        total, soft = hand_total(hand)
        if total > 21:
            return total - 17
        if total > 17 or (total == 17 and not (soft and self.hits_soft_17)):
            return total - 17
        return None


@dataclass
class _Level:
    states: np.ndarray          # (n, 10) cards drawn after the up card
    moves: list                 # per value: (sources, next-level targets, sources, outcomes)
    n_next: int
    to_next: sparse.csr_matrix  # float operators, see DealerEngine._float
    depletion: sparse.csr_matrix


class DealerTree:
    """Every drawing state of the dealer for one up card, level by level.

    ``limit`` caps how many cards of each value the dealer can draw (the shoe's
    counts), pruning states no shoe can reach.

    >>> tree = DealerTree(10, StandardDealer(hits_soft_17=False))
    >>> [len(level.states) for level in tree.levels][:3]
    [1, 5, 8]
    """

    def __init__(self, up: int, procedure: StandardDealer, limit: Optional[Sequence[int]] = None):
        self.up = up
        limit = tuple(limit) if limit is not None else (10 ** 6,) * 10
        levels = []
        current = {(0,) * 10: 0}
        while current:
            states = list(current)
            following: dict[tuple[int, ...], int] = {}
            moves = []
            for value in range(10):
                src_next, dst_next, src_end, outcomes = [], [], [], []
                for i, state in enumerate(states):
                    if state[value] >= limit[value]:
                        continue
                    drawn = list(state)
                    drawn[value] += 1
                    hand = list(drawn)
                    hand[up - 1] += 1
                    outcome = procedure.outcome(hand)
                    if outcome is None:
                        src_next.append(i)
                        dst_next.append(following.setdefault(tuple(drawn), len(following)))
                    else:
                        src_end.append(i)
                        outcomes.append(outcome)
                moves.append(tuple(np.array(a, dtype=np.intp) for a in (src_next, dst_next, src_end, outcomes)))
            levels.append((np.array(states, dtype=np.int64), moves, len(following)))
            current = following
        self.levels = [self._compile(*level) for level in levels]

    @staticmethod
    def _compile(states: np.ndarray, moves: list, n_next: int) -> _Level:
        # Rows: next-level states, then the outcomes.  Columns: (value, state) pairs.
        n = len(states)
        rows, cols, drawn = [], [], []
        for value, (src_next, dst_next, src_end, outcomes) in enumerate(moves):
            for src, dst in ((src_next, dst_next), (src_end, outcomes + n_next)):
                rows.append(dst)
                cols.append(value * n + src)
                drawn.append(states[src, value])
        rows_a, cols_a, drawn_a = (np.concatenate(x) for x in (rows, cols, drawn))
        shape = (n_next + N_OUTCOMES, 10 * n)
        to_next = sparse.csr_matrix((np.ones(len(rows_a)), (rows_a, cols_a)), shape=shape)
        depletion = sparse.csr_matrix((drawn_a.astype(float), (rows_a, cols_a % n)), shape=(shape[0], n))
        return _Level(states, moves, n_next, to_next, depletion)


class DealerEngine:
    """Dealer outcome probabilities for one shoe, for any up card and removed sets.

    ``probabilities(up, removed)`` returns an array (one row per removed set, one
    column per outcome) of the *joint* probabilities of the dealer's final outcome,
    blackjack included, when the dealer shows ``up`` and the cards in ``removed`` are
    also gone.  A removed set the shoe cannot supply gets an all-zero row.
    """

    def __init__(self, shoe: Shoe, procedure: StandardDealer, arithmetic: Arithmetic = FLOAT):
        self.shoe = shoe
        self.procedure = procedure
        self.arithmetic = arithmetic
        self.counts = np.array(shoe.value_counts(), dtype=np.int64)
        self._trees: dict[int, DealerTree] = {}

    def tree(self, up: int) -> DealerTree:
        if up not in self._trees:
            limit = None if self.shoe.is_infinite else self.counts - np.eye(10, dtype=np.int64)[up - 1]
            self._trees[up] = DealerTree(up, self.procedure, limit)
        return self._trees[up]

    def remaining(self, up: int, removed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Counts left by value for each removed set (rows), and a mask of dealable sets."""
        left = self.counts - np.eye(10, dtype=np.int64)[up - 1] - removed
        valid = (left >= 0).all(axis=1)
        if self.shoe.is_infinite:  # the infinite deck never depletes
            left = np.broadcast_to(self.counts, removed.shape)
            valid = np.ones(len(removed), dtype=bool)
        return left, valid

    def probabilities(self, up: int, removed: np.ndarray) -> np.ndarray:
        """Joint outcome probabilities, one row per removed set; refuses a shoe that runs out."""
        result = self.evaluate(up, removed)
        if result.exhausted.any():
            raise ShoeError(_EXHAUSTED)
        return result.probabilities

    def evaluate(self, up: int, removed: np.ndarray) -> "DealerResult":
        """Joint outcome probabilities and, per removed set, whether the dealer can run out of cards.

        A removed set whose dealer can run out gets a zero row and ``exhausted`` True:
        the caller decides whether a round can really reach it.
        """
        removed = np.asarray(removed, dtype=np.int64).reshape(-1, 10)
        if self.shoe.is_infinite:
            row = self._evaluate(up, np.zeros((1, 10), dtype=np.int64))
            return DealerResult(np.repeat(row.probabilities, len(removed), axis=0),
                                np.zeros(len(removed), dtype=bool))
        return self._evaluate(up, removed)

    def _evaluate(self, up: int, removed: np.ndarray) -> "DealerResult":
        left, valid = self.remaining(up, removed)
        left = np.where(valid[:, None], left, 0)
        depletes = not self.shoe.is_infinite
        exhausted = np.zeros(len(removed), dtype=bool)
        method = self._exact if self.arithmetic.exact else self._float
        probabilities = method(up, left, valid, depletes, exhausted)
        return DealerResult(probabilities, exhausted)

    def _float(self, up: int, left: np.ndarray, valid: np.ndarray, depletes: bool,
               exhausted: np.ndarray) -> np.ndarray:
        counts = np.ascontiguousarray(left.T, dtype=np.float64)        # (10, sets)
        total = counts.sum(axis=0)
        out = np.zeros((N_OUTCOMES, left.shape[0]))
        reach = valid.astype(np.float64)[None, :]
        for k, level in enumerate(self.tree(up).levels):
            remaining = total - k if depletes else total
            reach = _mark_exhaustion(reach, remaining, exhausted)
            scaled = reach / np.where(remaining > 0, remaining, 1)
            weighted = (scaled[None, :, :] * counts[:, None, :]).reshape(-1, scaled.shape[1])
            result = level.to_next @ weighted
            if depletes:
                result -= level.depletion @ scaled
            out += result[level.n_next:]
            reach = result[:level.n_next]
        return np.ascontiguousarray(out.T)

    def _exact(self, up: int, left: np.ndarray, valid: np.ndarray, depletes: bool,
               exhausted: np.ndarray) -> np.ndarray:
        ar = self.arithmetic
        counts = ar.integers(left.T)                                      # (10, sets) ints
        total = counts.sum(axis=0)
        sets = left.shape[0]
        out = ar.zeros((N_OUTCOMES, sets))
        reach = ar.integers(valid.astype(np.int64))[None, :]             # numerators over ff(total, k)
        falling = ar.integers(np.ones(sets, dtype=np.int64))             # ff(total, k)
        for k, level in enumerate(self.tree(up).levels):
            remaining = total - k if depletes else total
            reach = _mark_exhaustion(reach, remaining, exhausted)
            falling = falling * np.where(remaining > 0, remaining, 0)
            following = np.zeros((level.n_next, sets), dtype=object)
            following.fill(0)
            ended = np.zeros((N_OUTCOMES, sets), dtype=object)
            ended.fill(0)
            for value, (src_next, dst_next, src_end, outcomes) in enumerate(level.moves):
                for src, dst, target in ((src_next, dst_next, following), (src_end, outcomes, ended)):
                    if len(src):
                        factor = counts[value][None, :] - (level.states[src, value][:, None] if depletes else 0)
                        np.add.at(target, dst, reach[src] * factor)
            out += ar.rationals(ended, np.broadcast_to(falling, ended.shape))
            reach = following
        out = np.ascontiguousarray(out.T)
        out[exhausted] = 0
        return out


_EXHAUSTED = "the shoe is too small: a round can run out of cards; use a larger shoe"


@dataclass
class DealerResult:
    """Joint outcome probabilities (sets x outcomes) and which removed sets run out of cards."""

    probabilities: np.ndarray
    exhausted: np.ndarray


def _mark_exhaustion(reach: np.ndarray, remaining: np.ndarray, exhausted: np.ndarray) -> np.ndarray:
    """Flag removed sets whose dealer reaches a draw with no card left, and stop them there."""
    empty = remaining <= 0
    if empty.any():
        stuck = empty & (reach != 0).any(axis=0)
        if stuck.any():
            exhausted |= stuck
            reach = reach.copy()
            reach[:, stuck] = 0
    return reach
