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
from typing import Mapping, Optional

import numpy as np

from ..core.outcomes import hand_total

__all__ = ["Composition", "Context", "UNSPLIT", "EMPTY", "BUST", "add", "composition_of", "describe", "HandSpace", "NodeSet"]

Composition = tuple[int, ...]
EMPTY: Composition = (0,) * 10
_DIGITS = 32 ** np.arange(10, dtype=np.int64)   # a composition's code: counts (< 32) as base-32 digits
BUST, IMPOSSIBLE = -1, -2


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
    deal; ``None`` means no limit (the infinite deck).
    """

    def __init__(self, limit: Optional[Sequence[int]], max_cards: Optional[int]):
        limit = tuple(limit) if limit is not None else (21,) * 10
        cap = max_cards if max_cards is not None else 21
        found: list[Composition] = []

        def extend(value: int, counts: list[int], hard: int, cards: int) -> None:
            if value > 10:
                if cards:
                    found.append(tuple(counts))
                return
            k = 0
            while hard + value * k <= 21 and k <= limit[value - 1] and cards + k <= cap:
                extend(value + 1, counts + [k], hard + value * k, cards + k)
                k += 1

        extend(1, [], 0, 0)
        found.sort(key=lambda c: (sum((v + 1) * n for v, n in enumerate(c)), sum(c), c))
        self.compositions = found
        self.index = {c: i for i, c in enumerate(found)}
        self.max_cards = cap


class NodeSet:
    """(composition, context) pairs with their totals and hit transitions.

    ``contexts`` maps a :class:`Context` to the compositions played in it.  Arrays (one row per node): ``hand``, ``extra``,
    ``removed`` (= hand + extra), ``hard``, ``total``, ``soft``, ``cards``,
    ``child`` (node reached by drawing each value, :data:`BUST` or
    :data:`IMPOSSIBLE`).
    """

    def __init__(self, space: HandSpace, contexts: Mapping[Context, Sequence[Composition]]):
        self.space = space
        hands: list[Composition] = []
        where: list[Context] = []
        for context, members in contexts.items():
            hands.extend(members)
            where.extend([context] * len(members))
        extras = [c.extra for c in where]
        self.context = where
        self.hand = np.array(hands, dtype=np.int64).reshape(-1, 10)
        self.extra = np.array(extras, dtype=np.int64).reshape(-1, 10)
        self.removed = self.hand + self.extra
        values = np.arange(1, 11)
        self.hard = self.hand @ values
        self.cards = self.hand.sum(axis=1)
        self.soft = (self.hand[:, 0] > 0) & (self.hard + 10 <= 21)
        self.total = np.where(self.soft, self.hard + 10, self.hard)
        self.contexts = list(contexts)
        self._context_position = {context: i for i, context in enumerate(self.contexts)}
        self._by_extra: dict[Composition, list[Context]] = {}
        for context in self.contexts:
            self._by_extra.setdefault(context.extra, []).append(context)
        self.context_id = np.repeat(np.arange(len(self.contexts)), [len(m) for m in contexts.values()])
        # Nodes keyed by (composition code, context) in one sorted array: lookups by searchsorted.
        self._codes = self.hand @ _DIGITS
        keys = self._codes * len(self.contexts) + self.context_id
        self._order = np.argsort(keys)             # keys are distinct: no stable sort needed
        self._sorted_keys = keys[self._order]
        child = np.empty((len(hands), 10), dtype=np.int64)
        for v in range(1, 11):
            found = self.lookup(self._codes + _DIGITS[v - 1], self.context_id)
            child[:, v - 1] = np.where(self.hard + v > 21, BUST, found)
        self.child = child
        # Unique removed sets, for one dealer evaluation per set.
        # (by code: counts stay below 32, a hand's hard total is at most 21 and at most 3 pair cards are extra)
        _, first, inverse = np.unique(self.removed @ _DIGITS, return_index=True, return_inverse=True)
        self.removed_sets = self.removed[first]
        self.removed_index = inverse.reshape(-1)
        self.levels = [np.flatnonzero(self.hard == h) for h in range(21, 0, -1)]

    def __len__(self) -> int:
        return len(self.hand)

    def lookup(self, codes: np.ndarray, context_ids: np.ndarray) -> np.ndarray:
        """Node of each (composition code, context index), or :data:`IMPOSSIBLE`."""
        keys = codes * len(self.contexts) + context_ids
        at = np.minimum(np.searchsorted(self._sorted_keys, keys), len(self._sorted_keys) - 1)
        return np.where(self._sorted_keys[at] == keys, self._order[at], IMPOSSIBLE)

    def find(self, hand: Composition, context: Context = UNSPLIT) -> Optional[int]:
        """The node of ``hand`` in ``context``, or None if the set has none."""
        if context not in self._context_position:
            return None
        code = np.array([int(np.dot(hand, _DIGITS))], dtype=np.int64)
        node = int(self.lookup(code, np.array([self._context_position[context]]))[0])
        return None if node == IMPOSSIBLE else node

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
