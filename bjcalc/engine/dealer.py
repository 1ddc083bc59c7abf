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

>>> from bjcalc.core.cards import Shoe
>>> engine = DealerEngine(Shoe.decks(1), StandardDealer(hits_soft_17=False))
>>> p = engine.probabilities(6, np.zeros((1, 10), dtype=int))[0]
>>> round(float(p[:5].sum() + p[10]), 6), round(float(p[5:10].sum()), 6)
(0.579177, 0.420823)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, ClassVar, Optional, Sequence

import numpy as np

from . import _kernels as kernels
from ..core.arithmetic import FLOAT, Arithmetic
from ..core.cards import Shoe
from ..core.errors import ShoeError
from ..core.outcomes import ACE, BLACKJACK, N_OUTCOMES, TEN, is_natural, soft_total
from .hands import composition_of
from .workspace import WORKSPACE

__all__ = ["StandardDealer", "DealerTree", "DealerEngine", "DealerResult", "DealerRows", "grow_levels", "tree_limit",
           "SKIP"]

def tree_limit(left: np.ndarray) -> tuple[int, ...]:
    """The per-value card limit of one :class:`DealerTree` serving many shoes (rows of counts
    left besides the up card): the most any row holds, and never above 17, since a drawing
    dealer holds at most 16 cards of one value (hard total 16 at most) before the last.

    >>> tree_limit(np.array([[4] * 9 + [16], [24] * 9 + [96]]))
    (17, 17, 17, 17, 17, 17, 17, 17, 17, 17)
    """
    return tuple(int(x) for x in np.minimum(np.asarray(left).max(axis=0), 17))


@dataclass(frozen=True)
class StandardDealer:
    """The usual dealer: draws to 17, stands on soft 17 unless ``hits_soft_17``.

    :meth:`outcome` is the procedure's whole definition; a variant dealer (a burn
    rule, a different stopping rule) subclasses it.

    >>> StandardDealer(hits_soft_17=True).outcome((1, 0, 0, 0, 0, 1, 0, 0, 0, 0), 7) is None
    True
    >>> from bjcalc.core.outcomes import OUTCOMES
    >>> OUTCOMES[StandardDealer(hits_soft_17=False).outcome((1, 0, 0, 0, 0, 0, 0, 0, 0, 1), 11)]
    'blackjack'
    """

    hits_soft_17: bool
    special_up_cards: ClassVar[Optional[tuple[int, ...]]] = None
    """The up cards (1-10) where :meth:`special_outcomes` may answer, where a variant overrides it
    (None: any up card); under the others the dealer walks the standard tree, so a depleted
    shoe may borrow a larger shoe's rows there (:meth:`DealerEngine.rows_agree`)."""

    def start_hard(self, up: int) -> int:
        """A hook: the hard total of the dealer's hand before the tree's first draw under up card
        value ``up``: the up card alone for the standard dealer, whose hole card is the first
        card drawn (a dealer whose hole card is known, as in Double Exposure, adds it).

        >>> StandardDealer(hits_soft_17=False).start_hard(6)
        6
        """
        return up

    def hole_blackjack_share(self, up: int) -> Fraction:
        """Share of the hole cards that would complete a blackjack which really do (all of them)."""
        return Fraction(1)

    def most_burned(self, counts: Sequence[int], up: Optional[int] = None) -> int:
        """A hook: at most how many cards of a shoe (counts by value, ace first) the dealer may
        take besides its final hand under up card value ``up`` (None: any up card; the standard
        dealer: none).

        >>> StandardDealer(hits_soft_17=False).most_burned([4] * 9 + [16])
        0
        """
        return 0

    def outcome(self, hand: Sequence[int], hard: int) -> Optional[int]:
        """The final outcome index of a dealer hand (counts by value, hard total), or None if it draws."""
        if is_natural(hand):
            return BLACKJACK
        return _stopping_outcome(hard, hand[ACE] > 0, self.hits_soft_17)

    def special_outcomes(self, engine: "DealerEngine", up: int,
                         removed: np.ndarray) -> Optional["DealerResult"]:
        """A hook for a variant dealer whose procedure is no single drawing tree under some up
        card: its outcomes for these removed sets, or None (the standard dealer: always None)
        to let the engine walk :class:`DealerTree`.

        >>> StandardDealer(hits_soft_17=False).special_outcomes(None, 10, np.zeros((1, 10))) is None
        True
        """
        return None

    def length_procedure(self, up: int) -> tuple["StandardDealer", tuple[int, ...]]:
        """A hook for the hand-length walk (:func:`~bjcalc.engine.lengths.dealer_lengths`): the
        procedure whose drawing tree gives this dealer's hands by length under the up card ``up``,
        and the outcomes of that tree to drop (hands :meth:`special_lengths` counts instead).
        The standard dealer: its own tree, nothing dropped.

        >>> StandardDealer(hits_soft_17=True).length_procedure(10)
        (StandardDealer(hits_soft_17=True), ())
        """
        return self, ()

    def special_lengths(self, up: int, left: np.ndarray, depletes: bool, exact: bool,
                        busts: Sequence[int]) -> Optional[tuple[dict[int, Any], dict[int, Any], np.ndarray]]:
        """A hook for the hand-length walk (:func:`~bjcalc.engine.lengths.dealer_lengths`): the
        hands the tree of :meth:`length_procedure` leaves out, for shoes given as the value
        counts ``left`` besides the up card ``up`` (one row each): {n: P(bust with n cards)},
        {n: P(stand with n cards)} given the up card (exact: lists of Fractions, else float
        arrays; ``busts`` are the outcomes that count as a bust) and which shoes can run out;
        or None (the standard dealer: always None) when the tree is the whole story.

        >>> StandardDealer(hits_soft_17=False).special_lengths(10, np.array([[4] * 9 + [15]]), True, True, ()) is None
        True
        """
        return None

    @property
    def burns_cards(self) -> bool:
        """Whether the procedure can burn cards (take them out of play unseen, see
        :meth:`most_cards_burned`): never for the standard dealer.

        >>> StandardDealer(hits_soft_17=False).burns_cards
        False
        """
        return False

    def burns_pair(self, up: int, hole: int, same_suit: bool) -> bool:
        """A hook: whether the dealer's up card (value) and the card under it (value; of the up
        card's suit or not) are burned and redrawn, as a dealing simulation asks: never for the
        standard dealer.

        >>> StandardDealer(hits_soft_17=False).burns_pair(10, 10, False)
        False
        """
        return False

    def has_blackjack(self, up: int, hole: int, same_suit: bool) -> bool:
        """Whether the up card and the card under it (values; of the up card's suit or not) are a
        dealer blackjack: a natural the procedure does not burn (:meth:`burns_pair`), what a peek
        finds.

        >>> StandardDealer(hits_soft_17=False).has_blackjack(10, 1, True)
        True
        """
        return is_natural(composition_of((up, hole))) and not self.burns_pair(up, hole, same_suit)

    def first_pair(self, up: int, hole: int, same_suit: bool, draw: Callable[[], int]) -> tuple[int, int]:
        """A hook: the two cards (values) the dealer completes the hand from, given the up card and
        the card under it (``draw``: the next card's value, for a procedure that burns them and
        draws fresh ones): those two for the standard dealer.

        >>> StandardDealer(hits_soft_17=False).first_pair(10, 10, True, lambda: 5)
        (10, 10)
        """
        return up, hole

    def deal(self, up: int, hole: int, same_suit: bool, draw: Callable[[], int], complete: bool = True) -> Optional[int]:
        """The dealer's hand played card by card, as a dealing simulation follows it: the up card
        and the card under it (values; ``same_suit``: of the up card's suit), then :meth:`first_pair`
        and :meth:`outcome`'s draws, each card's value from ``draw``.  The outcome index, or None
        when not ``complete`` (the dealer stops once the blackjack is settled) and no blackjack.
        The same procedure :class:`DealerTree` walks, one hand at a time.

        >>> cards = iter([5, 4])
        >>> from bjcalc.core.outcomes import OUTCOMES
        >>> OUTCOMES[StandardDealer(hits_soft_17=False).deal(6, 2, False, lambda: next(cards))]
        '17'
        >>> StandardDealer(hits_soft_17=False).deal(6, 2, False, lambda: 9, complete=False) is None
        True
        """
        hand = list(self.first_pair(up, hole, same_suit, draw))
        while True:
            outcome = self.outcome(composition_of(hand), sum(hand))
            if outcome == BLACKJACK or (outcome is not None and complete):
                return outcome
            if not complete:
                return None
            hand.append(draw())

    def most_cards_burned(self, value_counts: Sequence[int]) -> int:
        """The most cards the procedure can burn (take out of play unseen) in one round
        from a shoe with these counts by value: none for the standard dealer.

        >>> StandardDealer(hits_soft_17=False).most_cards_burned((4,) * 9 + (16,))
        0
        """
        return 0

    def describe(self) -> str:
        """The procedure in words.

        >>> StandardDealer(hits_soft_17=True).describe()
        'the dealer hits soft 17'
        """
        return f"the dealer {'hits' if self.hits_soft_17 else 'stands on'} soft 17"


@dataclass
class _Level:
    states: np.ndarray          # (n, 10) cards drawn after the up card
    moves: list                 # per value: (sources, next-level targets, sources, outcomes)
    n_next: int


SKIP = -1
"""What a ``classify`` callback of :func:`grow_levels` returns for a draw the procedure never makes."""


def grow_levels(start_hard: int, limit: Optional[Sequence[int]],
                classify: "Callable[[tuple[int, ...], int, int], Optional[int]]") -> list["_Level"]:
    """The drawing states of a dealer procedure, level by level (level k = k cards drawn).

    Starting from no card drawn (the hand's hard total ``start_hard``), each state draws
    every value the ``limit`` allows; ``classify(drawn, hard, depth)`` says where the draw
    leads: None to a state that draws on (states with the same cards merge), a target
    index >= 0 to a final outcome, or :data:`SKIP` for a draw the procedure never makes.
    """
    limit = tuple(limit) if limit is not None else (10 ** 6,) * 10
    levels = []
    states: list[tuple[int, ...]] = [(0,) * 10]     # drawn cards, in order of discovery
    hards = [start_hard]                            # the hard total of the dealer's hand in each
    depth = 0
    while states:
        position: dict[tuple[int, ...], int] = {}
        following: list[tuple[int, ...]] = []
        following_hards: list[int] = []
        moves = []
        for value in range(10):
            src_next, dst_next, src_end, targets = [], [], [], []
            cap, step = limit[value], value + 1
            for i, state in enumerate(states):
                if state[value] >= cap:
                    continue
                drawn = state[:value] + (state[value] + 1,) + state[value + 1:]
                hard = hards[i] + step
                target = classify(drawn, hard, depth)
                if target is None:
                    at = position.get(drawn)
                    if at is None:
                        at = position[drawn] = len(following)
                        following.append(drawn)
                        following_hards.append(hard)
                    src_next.append(i)
                    dst_next.append(at)
                elif target != SKIP:
                    src_end.append(i)
                    targets.append(target)
            moves.append(tuple(np.array(a, dtype=np.intp) for a in (src_next, dst_next, src_end, targets)))
        levels.append(_Level(np.array(states, dtype=np.int64).reshape(-1, 10), moves, len(following)))
        states, hards = following, following_hards
        depth += 1
    return levels


class DealerTree:
    """Every drawing state of the dealer for one up card, level by level.

    ``limit`` caps how many cards of each value the dealer can draw (the shoe's
    counts), pruning states no shoe can reach.  Trees are shared between engines
    (they depend only on the procedure, the up card and the limit).

    >>> tree = DealerTree.build(10, StandardDealer(hits_soft_17=False))
    >>> [len(level.states) for level in tree.levels][:3]
    [1, 5, 8]
    """

    @classmethod
    def build(cls, up: int, procedure: "StandardDealer", limit: Optional[Sequence[int]] = None) -> "DealerTree":
        """The tree for these arguments, built once (:data:`~bjcalc.engine.workspace.WORKSPACE`)."""
        key = (up, procedure, None if limit is None else tuple(int(x) for x in limit))
        return WORKSPACE.built("dealer trees", key, lambda: cls(up, procedure, limit))

    def __init__(self, up: int, procedure: "StandardDealer", limit: Optional[Sequence[int]] = None):
        self.up = up

        if type(procedure).outcome is StandardDealer.outcome:     # the same rule, without a hand per draw
            classify = _standard_classify(up, procedure.hits_soft_17)
        else:
            def classify(drawn: tuple[int, ...], hard: int, depth: int) -> Optional[int]:
                return procedure.outcome(drawn[:up - 1] + (drawn[up - 1] + 1,) + drawn[up:], hard)

        levels = grow_levels(procedure.start_hard(up), limit, classify)
        self.levels = levels
        self._flatten()

    def _flatten(self) -> None:
        """The tree as flat arrays (states in level order, moves grouped by state, by value within
        a state) for the kernel."""
        sizes = [len(level.states) for level in self.levels]
        offsets = np.cumsum([0] + sizes)
        state_parts, value_parts, target_parts = [], [], []
        for k, level in enumerate(self.levels):
            for value, (src_next, dst_next, src_end, outcomes) in enumerate(level.moves):
                state_parts += [offsets[k] + src_next, offsets[k] + src_end]
                target_parts += [offsets[k + 1] + dst_next, -1 - outcomes]
                value_parts += [np.full(len(src_next) + len(src_end), value)]
        states = np.concatenate(state_parts).astype(np.int64)
        values = np.concatenate(value_parts).astype(np.int64)
        targets = np.concatenate(target_parts).astype(np.int64)
        order = np.lexsort((values, states))        # a state has at most one move per value
        self.level_start = offsets.astype(np.int64)
        self.drawn = np.concatenate([level.states for level in self.levels]).astype(np.float64).reshape(-1, 10)
        self.move_start = np.concatenate([[0], np.cumsum(np.bincount(states, minlength=offsets[-1]))]).astype(np.int64)
        self.move_value = values[order]
        self.move_target = targets[order]


def _stopping_outcome(hard: int, has_ace: bool, hits_soft_17: bool) -> Optional[int]:
    """The standard dealer's rule, past the natural: the outcome index of a hand that stands
    (17 or more, soft 17 hit under H17; a bust included), or None while it draws."""
    total, soft = soft_total(hard, bool(has_ace))
    if total > 17 or (total == 17 and not (soft and hits_soft_17)):
        return total - 17
    return None


def _standard_classify(up: int, hits_soft_17: bool) -> "Callable[[tuple[int, ...], int, int], Optional[int]]":
    """:meth:`StandardDealer.outcome` of the up card and ``drawn`` as a :func:`grow_levels` callback,
    from the hard total and the aces alone (no hand built per draw): the same outcomes."""
    ace_up, ten_up = up == 1, up == 10

    def classify(drawn: tuple[int, ...], hard: int, depth: int) -> Optional[int]:
        if depth == 0 and hard == 11 and ((ace_up and drawn[TEN]) or (ten_up and drawn[ACE])):
            return BLACKJACK
        return _stopping_outcome(hard, ace_up or drawn[ACE] > 0, hits_soft_17)

    return classify


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
        self._rows: Optional[DealerRows] = None

    def tree(self, up: int) -> DealerTree:
        if up not in self._trees:
            # (capped as tree_limit caps it: shoes that differ only above 17 cards of a value share a tree)
            left = self.counts - np.eye(10, dtype=np.int64)[up - 1]
            limit = None if self.shoe.is_infinite else tree_limit(left[None])
            self._trees[up] = DealerTree.build(up, self.procedure, limit)
        return self._trees[up]

    def use_trees_of(self, other: "DealerEngine") -> bool:
        """Draw with ``other``'s dealer trees when they serve this shoe: the same procedure, and
        at least as many cards of every value in ``other``'s shoe (a tree only lists drawing
        states; this engine's counts weigh them, and a state this shoe cannot reach weighs 0, as
        for any removed set).  Building trees is most of the cost of an engine for a depleted
        shoe, which the shoe simulator needs every round.  Returns whether they were taken.

        >>> from bjcalc.core.cards import Shoe
        >>> full = DealerEngine(Shoe.decks(1), StandardDealer(False))
        >>> less = DealerEngine(Shoe.decks(1).remove("5"), StandardDealer(False))
        >>> less.use_trees_of(full), full.use_trees_of(less)
        (True, False)
        """
        if (other.procedure != self.procedure or other.shoe.is_infinite or self.shoe.is_infinite
                or (other.counts < self.counts).any()):
            return False
        self._trees.update({up: other.tree(up) for up in range(1, 11) if other.counts[up - 1] > 0})
        return True

    def rows_agree(self, other: "DealerEngine", up: int) -> bool:
        """Whether a removed set leaving the same cards in both shoes gets the same row from this
        engine and ``other`` against ``up``: the same procedure, walking its standard tree there
        (not a variant's own outcomes: Burn 20's under a ten), the same arithmetic and tree (see
        :meth:`use_trees_of`), finite shoes.

        >>> from bjcalc.core.cards import Shoe
        >>> full = DealerEngine(Shoe.decks(1), StandardDealer(False))
        >>> less = DealerEngine(Shoe.decks(1).remove("5"), StandardDealer(False))
        >>> less.rows_agree(full, 6), less.use_trees_of(full), less.rows_agree(full, 6)
        (False, True, True)
        """
        return (self.procedure == other.procedure and self.arithmetic is other.arithmetic
                and self._walks_tree(up) and not (self.shoe.is_infinite or other.shoe.is_infinite)
                and self._trees.get(up) is not None and self._trees.get(up) is other._trees.get(up))

    def _walks_tree(self, up: int) -> bool:
        """Whether the rows against ``up`` are the standard tree's walk (no variant's own outcomes):
        the up cards the class that defines :meth:`~StandardDealer.special_outcomes` names in its
        own ``special_up_cards`` are not (a subclass that overrides the hook without naming
        them: every up card)."""
        for cls in type(self.procedure).__mro__:
            if "special_outcomes" in vars(cls):
                if cls is StandardDealer:
                    return True
                special = vars(cls).get("special_up_cards")
                return special is not None and up not in special
        return False

    def share_rows(self, rows: Optional["DealerRows"]) -> bool:
        """Keep evaluated rows in ``rows`` (a :class:`DealerRows` made for this shoe or a larger
        one, with the same arithmetic), and evaluate only the rows it lacks; None stops.  A row
        is shared where a removed set leaves the same cards in two shoes (a player's cards here,
        those and the missing ones in the larger shoe) and both draw with one tree (take the
        larger shoe's with :meth:`use_trees_of`): effects of removal evaluate a shoe and its ten
        depletions, whose removed sets overlap that way.  The numbers are unchanged: a row
        depends only on the tree and the cards it leaves.  Returns whether the rows are used.

        >>> from bjcalc.core.cards import Shoe
        >>> full = DealerEngine(Shoe.decks(1), StandardDealer(False))
        >>> less = DealerEngine(Shoe.decks(1).remove("5"), StandardDealer(False))
        >>> rows = DealerRows(full.counts, full.arithmetic)
        >>> full.share_rows(rows), less.use_trees_of(full), less.share_rows(rows)
        (True, True, True)
        >>> five = np.eye(10, dtype=np.int64)[[4]]
        >>> bool((full.probabilities(6, five) == less.probabilities(6, np.zeros((1, 10), dtype=np.int64))).all())
        True
        >>> rows.held(6)             # one row served both
        1
        """
        if rows is not None and (rows.arithmetic is not self.arithmetic or self.shoe.is_infinite
                                 or (self.counts > rows.counts).any()):
            return False
        self._rows = rows
        return True

    def remaining(self, up: int, removed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Counts left by value for each removed set (rows), and a mask of dealable sets."""
        base = self.counts.copy()
        base[up - 1] -= 1
        left = base - removed
        # A set is undealable where it takes more of a value than is left: one quick reduction over
        # the whole array says whether any is, then the negative cells' rows (numpy's reductions
        # along the sets' short rows cost ten times as much)
        valid = np.ones(len(left), dtype=bool)
        if left.min(initial=0) < 0:
            valid[np.flatnonzero(left.ravel() < 0) // left.shape[1]] = False
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
        special = self.procedure.special_outcomes(self, up, removed)
        if special is not None:      # a variant dealer (Burn 20 under a ten) computes its own
            return special
        if self.shoe.is_infinite:
            row = self._evaluate(up, np.zeros((1, 10), dtype=np.int64))
            return DealerResult(np.repeat(row.probabilities, len(removed), axis=0),
                                np.zeros(len(removed), dtype=bool))
        if self._rows is not None:
            return self._rows.evaluate(self, up, removed)
        return self._evaluate(up, removed)

    def _evaluate(self, up: int, removed: np.ndarray) -> "DealerResult":
        left, valid = self.remaining(up, removed)
        if not valid.all():
            left[~valid] = 0          # (a fresh array: only an infinite shoe's is shared, and it is all valid)
        depletes = not self.shoe.is_infinite
        exhausted = np.zeros(len(removed), dtype=bool)
        method = self._generic if self.arithmetic.exact else self._float
        probabilities = method(up, left, valid, depletes, exhausted)
        return DealerResult(probabilities, exhausted)

    def _float(self, up: int, left: np.ndarray, valid: np.ndarray, depletes: bool,
               exhausted: np.ndarray) -> np.ndarray:
        if not kernels.available():
            return self._generic(up, left, valid, depletes, exhausted)
        out, stuck = kernels.dealer_outcomes(self.tree(up), left, valid, depletes, N_OUTCOMES)
        exhausted |= stuck
        return out

    def _generic(self, up: int, left: np.ndarray, valid: np.ndarray, depletes: bool,
                 exhausted: np.ndarray) -> np.ndarray:
        """The recursion in numpy, for exact rationals (and floats without the C kernel).

        State weights are integers over the falling factorial of the cards left, so
        exact mode never creates a rational until an outcome is reached.  Those integers are
        numpy's int64 where none can exceed it (every one is at most the falling factorial of
        the most cards left over the tree's depth, or its power on the infinite deck: one deck,
        two against most up cards), Python's otherwise: the same integers either way, so the
        same rationals."""
        ar = self.arithmetic
        levels = self.tree(up).levels
        integers, integer_zeros = ar.integers, ar.integer_zeros
        if ar.exact and _fits_int64(left, len(levels), depletes):
            integers, integer_zeros = _int64, _int64_zeros
        counts = integers(left.T)                                         # (10, sets) ints
        total = counts.sum(axis=0)
        sets = left.shape[0]
        out = ar.zeros((N_OUTCOMES, sets))
        reach = integers(valid.astype(np.int64))[None, :]                 # numerators over ff(total, k)
        falling = integers(np.ones(sets, dtype=np.int64))                 # ff(total, k)
        # exact: the outcomes' numerators over one running denominator (ff(total, k), a level's
        # empty shoe counting 1: nothing reaches past it), one rational per outcome at the end
        ended_sum = integer_zeros((N_OUTCOMES, sets))
        for k, level in enumerate(levels):
            remaining = total - k if depletes else total
            reach = _mark_exhaustion(reach, remaining, exhausted)
            if ar.exact:
                step = np.where(remaining > 0, remaining, 1)
                falling, ended_sum = falling * step, ended_sum * step[None, :]
            else:
                falling = falling * np.where(remaining > 0, remaining, 0)
            following = integer_zeros((level.n_next, sets))
            ended = integer_zeros((N_OUTCOMES, sets))
            for value, (src_next, dst_next, src_end, outcomes) in enumerate(level.moves):
                for src, dst, target in ((src_next, dst_next, following), (src_end, outcomes, ended)):
                    if len(src):
                        factor = counts[value][None, :] - (level.states[src, value][:, None] if depletes else 0)
                        np.add.at(target, dst, reach[src] * factor)
            if ar.exact:
                ended_sum = ended_sum + ended
            else:
                out += ar.rationals(ended, np.broadcast_to(falling, ended.shape))
            reach = following
        if ar.exact:
            out = ar.rationals(ended_sum, np.broadcast_to(falling, ended_sum.shape))
        out = np.ascontiguousarray(out.T)
        out[exhausted] = 0
        return out


_EXHAUSTED = "the shoe is too small: a round can run out of cards; use a larger shoe"


class DealerRows:
    """Evaluated dealer rows by up card and the cards they leave, shared by the engines of a shoe
    and of its depletions (:meth:`DealerEngine.share_rows`).  A row is the dealer's
    outcome probabilities and exhaustion flag for one set of cards left; it depends on nothing
    else but the tree, which the sharing engines have in common.  The cards left are coded as
    one integer (mixed radix: each value's count in the first shoe, plus one), kept sorted.
    """

    def __init__(self, counts: np.ndarray, arithmetic: Arithmetic):
        if not self.fits(counts):
            raise ShoeError("too many cards to code the cards left as one integer")
        self.counts = np.asarray(counts, dtype=np.int64)
        self.arithmetic = arithmetic
        self.radix = np.concatenate([[1], np.cumprod(self.counts + 1)[:-1]])
        self.trees: dict[int, DealerTree] = {}
        # by up card, chunks of (sorted codes, rows, exhaustion flags), one per evaluation that
        # added rows: searching a dozen sorted chunks costs less than re-sorting one growing store
        self.chunks: dict[int, list[tuple[np.ndarray, np.ndarray, np.ndarray]]] = {}

    @staticmethod
    def fits(counts: np.ndarray) -> bool:
        """Whether every set of cards left from ``counts`` has a code within int64."""
        return float(np.prod(np.asarray(counts, dtype=np.float64) + 1)) < 2.0 ** 62

    def held(self, up: int) -> int:
        """How many rows the store holds against up card ``up`` (see :meth:`DealerEngine.share_rows`)."""
        return sum(len(codes) for codes, _, _ in self.chunks.get(up, []))

    def evaluate(self, engine: DealerEngine, up: int, removed: np.ndarray) -> DealerResult:
        """:meth:`DealerEngine.evaluate` of ``engine`` (whose standard tree is the store's),
        evaluating only the rows the store lacks."""
        tree = engine.tree(up)
        if self.trees.setdefault(up, tree) is not tree:
            return engine._evaluate(up, removed)      # (another tree: rows could differ)
        left, valid = engine.remaining(up, removed)
        codes = left @ self.radix
        chunks = self.chunks.setdefault(up, [])
        # the valid sets still unfound, sorted by code (sorted keys search a sorted chunk several
        # times faster); each chunk found in gives (those sets, the chunk, their places in it)
        pending = np.flatnonzero(valid)
        pending = pending[np.argsort(codes[pending], kind="stable")]
        found: list[tuple[np.ndarray, tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray]] = []
        for chunk in chunks:
            if not len(pending):
                break
            wanted = codes[pending]
            where = np.minimum(np.searchsorted(chunk[0], wanted), len(chunk[0]) - 1)
            hit = chunk[0][where] == wanted
            found.append((pending[hit], chunk, where[hit]))
            pending = pending[~hit]
        if len(pending):
            new, first = np.unique(codes[pending], return_index=True)
            fresh = engine._evaluate(up, removed[pending[first]])
            chunks.append((new, fresh.probabilities, fresh.exhausted))
            found.append((pending, chunks[-1], np.searchsorted(new, codes[pending])))
        if not chunks:          # (no row to keep: every set is one the shoe cannot deal)
            return engine._evaluate(up, removed)
        first_rows = chunks[0][1]
        probabilities = np.empty((len(codes), first_rows.shape[1]), dtype=first_rows.dtype)
        exhausted = np.zeros(len(codes), dtype=bool)
        for sets, (_, rows, stuck), at in found:
            probabilities[sets], exhausted[sets] = rows[at], stuck[at]
        if not valid.all():
            probabilities[~valid] = 0 * first_rows[0, 0]
        return DealerResult(probabilities, exhausted)


@dataclass
class DealerResult:
    """Joint outcome probabilities (sets x outcomes) and which removed sets run out of cards."""

    probabilities: np.ndarray
    exhausted: np.ndarray


def _fits_int64(left: np.ndarray, depth: int, depletes: bool) -> bool:
    """Whether every integer of the exact dealer recursion over ``left`` (cards left, one set a
    row) fits in int64: each is at most the falling factorial of the most cards left over
    ``depth`` draws (the power, where the shoe does not deplete), the common denominator.

    >>> _fits_int64(np.full((1, 10), 4), 10, True), _fits_int64(np.full((1, 10), 24), 10, True)
    (True, False)
    """
    most = int(left.sum(axis=1).max()) if len(left) else 0
    bound = 1
    for k in range(depth):
        bound *= max(most - k, 1) if depletes else max(most, 1)
    return bound < 2 ** 62


def _int64(values: Any) -> np.ndarray:
    return np.asarray(values, dtype=np.int64)


def _int64_zeros(shape: Any) -> np.ndarray:
    return np.zeros(shape, dtype=np.int64)


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
