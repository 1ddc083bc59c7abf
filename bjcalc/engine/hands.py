"""Player hands as compositions: counts of each card value, the engine's hand type.

Order never matters to a blackjack hand's value or to what is left in the shoe,
so the engine keys every hand by its composition (a 10-tuple of counts, aces
first).  :class:`HandSpace` enumerates every composition a player can hold (hard
total at most 21), and :class:`NodeSet` pairs compositions with a *context*: the
extra cards known to be gone besides the hand and the up card (for instance the
other card of a split pair).  Nodes are the rows of every array the player engine
computes.

>>> space = HandSpace(limit=(4,) * 9 + (16,), max_cards=None)
>>> space.index[(1, 0, 0, 0, 0, 0, 0, 0, 0, 1)] >= 0
True
>>> describe((1, 0, 0, 0, 0, 1, 0, 0, 0, 0))
'soft 17'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Mapping, Optional, Union

import numpy as np

from ..core.outcomes import hand_total, soft_total

__all__ = ["Composition", "Context", "UNSPLIT", "EMPTY", "BUST", "add", "composition_of", "describe", "HandSpace", "NodeSet",
           "CODE_DIGITS", "counts_of_codes"]

Composition = tuple[int, ...]
EMPTY: Composition = (0,) * 10
CODE_DIGITS = 32 ** np.arange(10, dtype=np.int64)
"""A composition's (or removed set's) code: its counts by value (each below 32) as base-32 digits,
the ace's the lowest: one card of value v more adds ``CODE_DIGITS[v - 1]``."""


def counts_of_codes(codes: np.ndarray) -> np.ndarray:
    """Counts by value (rows of 10) of the codes of :data:`CODE_DIGITS`.

    >>> counts_of_codes(np.array([1 + 2 * 32 ** 9])).tolist()
    [[1, 0, 0, 0, 0, 0, 0, 0, 0, 2]]
    """
    codes = np.asarray(codes, dtype=np.int64)
    return (codes[:, None] >> (5 * np.arange(10, dtype=np.int64))[None, :]) & 31

BUST = -1
"""The node code of a busted hand."""
IMPOSSIBLE = -2


@dataclass(frozen=True)
class Context:
    """Where a hand is played: the extra cards known to be gone, and whose decisions it uses.

    ``extra`` is the composition removed from the shoe besides the hand and the up
    card (for a split hand: the other pair cards).  ``policy`` is ``None`` when the
    hand decides optimally for this situation, or the ``extra`` of another context
    whose optimal decisions it copies (a post-split strategy such as CDZ- plays by
    the decisions of the unsplit hand, ``policy=EMPTY``).

    >>> Context(add(EMPTY, 8), policy=EMPTY).extra[7]
    1
    """

    extra: Composition = (0,) * 10
    policy: Optional[Composition] = None


UNSPLIT = Context()


def add(composition: Composition, value: int, times: int = 1) -> Composition:
    """The composition with ``times`` more cards of ``value`` (1-10).

    >>> add(EMPTY, 10)[9], add(EMPTY, 1, 2)[0]
    (1, 2)
    """
    c = list(composition)
    c[value - 1] += times
    return tuple(c)


def composition_of(values: Iterable[int]) -> Composition:
    """The composition of a list of card values.

    >>> composition_of([10, 6, 10])[5:]
    (1, 0, 0, 0, 2)
    """
    c = [0] * 10
    for v in values:
        c[v - 1] += 1
    return tuple(c)


def describe(composition: Sequence[int]) -> str:
    """``"hard 16"``, ``"soft 18"``, ``"bust 24"``.

    >>> describe((0, 0, 0, 0, 0, 1, 0, 0, 0, 1))
    'hard 16'
    """
    total, soft = hand_total(composition)
    if total > 21:
        return f"bust {total}"
    return f"{'soft' if soft else 'hard'} {total}"


class HandSpace:
    """Every composition with 1 to ``max_cards`` cards and a hard total of at most 21.

    ``limit`` (counts by value) leaves out compositions no shoe of those counts can
    deal; ``None`` means no limit (the infinite deck).  Compositions are ordered by hard
    total, then number of cards, then counts.
    """

    def __init__(self, limit: Optional[Sequence[int]], max_cards: Optional[int]):
        limit = tuple(limit) if limit is not None else (21,) * 10
        cap = max_cards if max_cards is not None else 21
        found: list[tuple[int, int, Composition]] = []     # (hard total, cards, composition)

        def extend(value: int, counts: tuple[int, ...], hard: int, cards: int) -> None:
            if value > 10:
                if cards:
                    found.append((hard, cards, counts))
                return
            k = 0
            while hard + value * k <= 21 and k <= limit[value - 1] and cards + k <= cap:
                extend(value + 1, counts + (k,), hard + value * k, cards + k)
                k += 1

        extend(1, (), 0, 0)
        found.sort()
        self.compositions = [c for _, _, c in found]
        self.index = {c: i for i, c in enumerate(self.compositions)}
        self.max_cards = cap

    @cached_property
    def array(self) -> np.ndarray:
        """The compositions as rows of an array (counts by value)."""
        return np.array(self.compositions, dtype=np.int64).reshape(-1, 10)

    @cached_property
    def codes(self) -> np.ndarray:
        """Each composition's code (counts as base-32 digits), ascending for sorted lookups, and the
        composition of each."""
        codes = self.array @ CODE_DIGITS
        order = np.argsort(codes)
        return np.stack([codes[order], order])

    def locate(self, codes: np.ndarray) -> np.ndarray:
        """The composition index of each code, or -1 where the space has none."""
        sorted_codes, order = self.codes
        if not len(sorted_codes):
            return np.full(np.shape(codes), -1, dtype=np.int64)
        at = np.minimum(np.searchsorted(sorted_codes, codes), len(sorted_codes) - 1)
        return np.where(sorted_codes[at] == codes, order[at], -1)

    @cached_property
    def child(self) -> np.ndarray:
        """(compositions, 10): the composition one more card of each value makes, or -1 (past
        hard 21, or outside the space)."""
        base = self.array @ CODE_DIGITS
        return np.stack([self.locate(base + CODE_DIGITS[v]) for v in range(10)], axis=1).reshape(-1, 10)


class NodeSet:
    """(composition, context) pairs with their totals and hit transitions.

    ``contexts`` maps a :class:`Context` to the compositions played in it (each one of the
    ``space``'s), as compositions or as an array of their indices in ``space.compositions``.  Arrays (one row per node): ``hand``, ``extra``,
    ``removed`` (= hand + extra), ``hard``, ``total``, ``soft``, ``cards``,
    ``child`` (node reached by drawing each value, :data:`BUST` or
    :data:`IMPOSSIBLE`).
    """

    def __init__(self, space: HandSpace, contexts: Mapping[Context, Union[Sequence[Composition], np.ndarray]]):
        self.space = space
        index = space.index
        members = [np.asarray(hands, dtype=np.int64) if isinstance(hands, np.ndarray)
                   else np.fromiter((index[c] for c in hands), dtype=np.int64, count=len(hands))
                   for hands in contexts.values()]
        sizes = [len(m) for m in members]
        self.contexts = list(contexts)
        self.composition = np.concatenate(members) if members else np.zeros(0, dtype=np.int64)
        self.context_id = np.repeat(np.arange(len(self.contexts)), sizes)
        self.hand = space.array[self.composition].reshape(-1, 10)
        self._extras = np.array([c.extra for c in self.contexts], dtype=np.int64).reshape(-1, 10)
        self.removed = self.hand + self._extras[self.context_id]
        values = np.arange(1, 11)
        self.hard = self.hand @ values
        self.cards = self.hand.sum(axis=1)
        self.total, self.soft = soft_total(self.hard, self.hand[:, 0] > 0)
        self._context_position = {context: i for i, context in enumerate(self.contexts)}
        self._by_extra: dict[Composition, list[Context]] = {}
        for context in self.contexts:
            self._by_extra.setdefault(context.extra, []).append(context)
        self._codes = self.hand @ CODE_DIGITS
        self._found: dict[tuple[Composition, Context], Optional[int]] = {}     # find's answers
        # The node of each (context, composition of the space): lookups are one gather.
        self._node_of = np.full((len(self.contexts), len(space.compositions)), IMPOSSIBLE, dtype=np.int64)
        self._node_of[self.context_id, self.composition] = np.arange(len(self.composition))
        if np.count_nonzero(self._node_of >= 0) != len(self.composition):
            raise ValueError("a context lists a composition twice")
        grown = space.child[self.composition]
        child = np.where(grown >= 0, self._node_of[self.context_id[:, None], np.maximum(grown, 0)], IMPOSSIBLE)
        self.child = np.where(self.hard[:, None] + values[None, :] > 21, BUST, child)
        # Unique removed sets, for one dealer evaluation per set.
        # (by code: counts stay below 32, a hand's hard total is at most 21 and at most 3 pair cards are extra)
        self._set_codes, first, inverse = np.unique(self.removed @ CODE_DIGITS, return_index=True, return_inverse=True)
        self.removed_sets = self.removed[first]
        self.removed_index = inverse.reshape(-1)
        self._shifted: dict[int, np.ndarray] = {}
        by_level = np.argsort(-self.hard, kind="stable")           # hard 21 first, nodes in order within
        bounds = np.searchsorted(-self.hard[by_level], np.arange(-21, 0), side="left")
        self.levels = np.split(by_level, bounds[1:])

    @cached_property
    def extra(self) -> np.ndarray:
        """The extra cards gone at each node (its context's), counts by value."""
        return self._extras[self.context_id]

    @cached_property
    def split(self) -> np.ndarray:
        """Whether each node is a split hand's (its context takes extra cards gone: pair cards)."""
        split = self._extras[self.context_id].sum(axis=1) > 0
        split.flags.writeable = False      # (shared by every engine of this node set)
        return split

    @cached_property
    def context(self) -> list[Context]:
        """The context of each node."""
        return [self.contexts[i] for i in self.context_id]

    def __len__(self) -> int:
        return len(self.hand)

    @cached_property
    def play_order(self) -> tuple[np.ndarray, np.ndarray]:
        """The nodes level by level, hard 21 first (every child before its parent), as the compiled
        player pass takes them: each level's start in the order, then the order.

        >>> nodes = NodeSet(HandSpace(limit=(4,) * 9 + (16,), max_cards=None),
        ...                 {Context(): [(0,) * 9 + (1,), (0, 0, 0, 0, 0, 1, 0, 0, 0, 1)]})
        >>> [a.tolist() for a in nodes.play_order]      # (T,6 is hard 16, T hard 10)
        [[0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2], [1, 0]]
        """
        sizes = [len(level) for level in self.levels]
        return (np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
                np.concatenate(self.levels).astype(np.int64))

    @property
    def set_codes(self) -> np.ndarray:
        """Each removed set's code, ascending, in the order of ``removed_sets``: its counts by
        value as base-32 digits (:data:`CODE_DIGITS`; one card of value v more adds 32 ** (v - 1)).

        >>> nodes = NodeSet(HandSpace(limit=(4,) * 9 + (16,), max_cards=None), {Context(): [(1,) + (0,) * 9]})
        >>> nodes.set_codes.tolist()
        [1]
        """
        return self._set_codes

    def shifted_sets(self, value: int) -> np.ndarray:
        """For each removed set (a row of ``removed_sets``), the index of the set holding the same
        cards and one more of ``value`` (1-10), or -1 where no node removes that set.  The dealer's
        row for a set on a shoe one such card short is the full shoe's row for the set one card
        larger (see :meth:`~bjcalc.engine.rows.RowSupply.borrow_from`).

        >>> nodes = NodeSet(HandSpace(limit=(4,) * 9 + (16,), max_cards=None),
        ...                 {Context(): [(0,) * 9 + (1,), (0, 0, 0, 0, 0, 1, 0, 0, 0, 1)]})
        >>> nodes.removed_sets.tolist(), nodes.shifted_sets(6).tolist(), nodes.shifted_sets(5).tolist()
        ([[0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1, 0, 0, 0, 1]], [1, -1], [-1, -1])
        """
        shifted = self._shifted.get(value)
        if shifted is None:
            codes = self._set_codes
            wanted = codes + CODE_DIGITS[value - 1]
            at = np.minimum(np.searchsorted(codes, wanted), max(len(codes) - 1, 0))
            shifted = np.where((codes[at] == wanted) if len(codes) else np.zeros(0, dtype=bool), at, -1)
            self._shifted[value] = shifted = shifted.astype(np.int64)
        return shifted

    @cached_property
    def indices(self) -> np.ndarray:
        """Every node's index, in order (read-only): the identity map onto this node set.

        >>> from bjcalc import Calculator, Rules
        >>> nodes = Calculator(Rules(decks=1)).round.engine.nodes
        >>> bool((nodes.indices == range(len(nodes))).all()), nodes.indices.flags.writeable
        (True, False)
        """
        indices = np.arange(len(self))
        indices.flags.writeable = False
        return indices

    @cached_property
    def most_removed(self) -> int:
        """The most cards any node's removed set holds."""
        return int(self.removed_sets.sum(axis=1).max(initial=0))

    def reachable(self, hits: np.ndarray) -> np.ndarray:
        """Which nodes a play hitting exactly where ``hits`` says can reach or read: every hand of
        one or two cards, every hand one card more (a first action may be a hit or a double
        whatever the play does next), and every hand a hit of a reachable hand leads to.
        (:func:`~bjcalc.engine.player.forced_reach` keeps the answers of the last few plays.)

        >>> nodes = NodeSet(HandSpace(limit=(4,) * 9 + (16,), max_cards=None),
        ...                 {Context(): HandSpace(limit=(4,) * 9 + (16,), max_cards=None).compositions})
        >>> reach = nodes.reachable(np.zeros(len(nodes), dtype=bool))     # standing on every first two cards
        >>> int(nodes.cards[reach].max()), bool(reach.all())
        (3, False)
        """
        reach = self.cards <= 2
        first = reach.copy()
        for level in reversed(self.levels):        # (hard 1 first: a hit leads to a higher hard total)
            going = level[reach[level] & (hits[level] | first[level])]
            kids = self.child[going].ravel()
            reach[kids[kids >= 0]] = True
        return reach

    def lookup(self, codes: np.ndarray, context_ids: np.ndarray) -> np.ndarray:
        """Node of each (composition code, context index), or :data:`IMPOSSIBLE`."""
        found = self.space.locate(codes)
        return np.where(found >= 0, self._node_of[context_ids, np.maximum(found, 0)], IMPOSSIBLE)

    def find(self, hand: Composition, context: Context = UNSPLIT) -> Optional[int]:
        """The node of ``hand`` in ``context``, or None if the set has none (remembered: a round
        asks for the same few hundred hands on every shoe that shares the set)."""
        key = (hand if isinstance(hand, tuple) else tuple(hand), context)
        found = self._found.get(key, -1)
        if found == -1:
            position = self._context_position.get(context)
            composition = self.space.index.get(key[0])
            found = None
            if position is not None and composition is not None:
                node = int(self._node_of[position, composition])
                found = None if node == IMPOSSIBLE else node
            self._found[key] = found
        return found

    def node(self, hand: Composition, context: Context = UNSPLIT) -> int:
        """The node of ``hand`` in ``context`` (KeyError if there is none)."""
        node = self.find(hand, context)
        if node is None:
            raise KeyError((hand, context))
        return node

    def find_with_extra(self, hand: Composition, extra: Composition) -> Optional[int]:
        """Some node of ``hand`` with exactly ``extra`` gone (whatever its policy), or None."""
        for context in self._by_extra.get(extra, ()):
            node = self.find(hand, context)
            if node is not None:
                return node
        return None
