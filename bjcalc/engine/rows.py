"""Where a player engine's dealer rows come from: evaluated and kept, borrowed from the engine of
a shoe one card larger, or lent to such engines in batches.

A row is the dealer's outcome probabilities against an up card for the cards one removed set of
the player's nodes leaves.  It depends only on the dealer's tree and the cards left, so a shoe
one card short of another can read most of its rows from the other's (a removed set here leaves
what the set plus that card leaves there): the effects of removal value ten such shoes after the
full one, and the shoe simulator a depleted shoe per round.  :class:`RowSupply` is this
bookkeeping for one engine, apart from the player's recursion (:mod:`bjcalc.engine.player`),
which asks it for rows: its own, kept while :attr:`RowSupply.keep` (the memory policy the
calculator sets), borrowed (:meth:`RowSupply.borrow_from`), or from a lender's batch made for
every borrower at once (:meth:`RowSupply.lend_to`; :meth:`RowSupply.prepare_lent` makes one
ahead in another thread).  The numbers are the same wherever a row comes from.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import threading
from typing import Callable, Iterable, Iterator, Optional, Protocol, Sequence

import numpy as np

from . import _kernels
from ..core.arithmetic import Arithmetic
from ..core.cards import Shoe
from .dealer import DealerEngine, DealerResult
from .hands import CODE_DIGITS, NodeSet, counts_of_codes
from .workspace import WORKSPACE

__all__ = ["RowSupply", "batch_plan", "lend", "serve_borrowers", "keeping_nothing", "make_ahead", "lend_by_upcard",
           "AHEAD_DEPTH"]


class Engine(Protocol):
    """What a supply reads of its engine and of a lender's (a
    :class:`~bjcalc.engine.player.PlayerEngine`: the player's recursion, which imports this module)."""

    nodes: NodeSet
    dealer: DealerEngine
    shoe: Shoe
    ar: Arithmetic
    keep_values: bool
    rows: "RowSupply"


class RowSupply:
    """The dealer rows of one player engine (see the module docstring).

    ``keep`` (on by default): keep the rows of every node once evaluated (:meth:`outcome`), for
    another play on the same shoe or depleted shoes that borrow them (:meth:`borrow_from`,
    :meth:`lend_to`, which turn it back on).  A caller that values one game and stops (the
    command line) turns it off: the rows of a 6-deck game with resplits are about 23 MB.

    >>> from bjcalc import Calculator, Rules
    >>> engine = Calculator(Rules(decks=1)).round.engine
    >>> engine.rows.outcome(6) is engine.rows.outcome(6), engine.rows.keep
    (True, True)
    """

    def __init__(self, nodes: NodeSet, dealer: DealerEngine, shoe: Shoe, arithmetic: Arithmetic):
        # (not the engine itself: a cycle would keep a dropped depleted shoe's rows until a collection)
        self.nodes, self.dealer, self.shoe, self.ar = nodes, dealer, shoe, arithmetic
        self.outcomes: dict[int, DealerResult] = {}     # the dealer rows of every node, by up card
        self.keep = True                                # whether outcomes keeps them (see above)
        self.lender: Optional[tuple["Engine", int]] = None     # see borrow_from
        self._lending: tuple[int, ...] = ()                            # see lend_to
        self._beyond: dict[int, tuple[Optional[np.ndarray], DealerResult, dict[int, np.ndarray]]] = {}

    def outcome(self, up: int) -> DealerResult:
        """The dealer's outcomes against ``up`` for every removed set of the nodes (evaluated
        once where :attr:`keep`: the engine's best play and a fixed play on the same shoe read
        the same rows, and the shoe simulator asks for both on every depleted shoe)."""
        rows = self.outcomes.get(up)
        if rows is None:
            rows = self.rows_of(up, None)
            if self.keep:     # (two threads may both evaluate them: the rows first kept serve both)
                rows = self.outcomes.setdefault(up, rows)
        return rows

    def rows_of(self, up: int, sets: Optional[np.ndarray]) -> DealerResult:
        """The dealer's outcomes against ``up`` for the removed sets ``sets`` (indices of
        ``nodes.removed_sets``; None: every one), one row each in that order: the lender's where
        it has them (:meth:`borrow_from`), the others evaluated."""
        every = self.nodes.removed_sets
        lent = self.lent_rows(up, sets)
        if lent is None:
            return self.dealer.evaluate(up, every if sets is None else every.take(sets, axis=0))
        batch = self.lender[0].rows.lent_batch(up, sets, self.lender[1])  # type: ignore[index]
        if batch is not None:      # (one take: the lender's rows and its batch, one table)
            table, index = batch
            return DealerResult(table.probabilities.take(index, axis=0), table.exhausted.take(index))
        rows, shifted = lent
        there = shifted if sets is None else shifted.take(sets)
        missing = np.flatnonzero(there < 0)
        there = np.maximum(there, 0)     # (most rows: the lender's; the missing ones are replaced below)
        # (take: several times faster than indexing rows, or than assigning them)
        probabilities, exhausted = rows.probabilities.take(there, axis=0), rows.exhausted.take(there)
        if len(missing):
            fresh = self.dealer.evaluate(up, every.take(missing if sets is None else sets.take(missing), axis=0))
            probabilities[missing], exhausted[missing] = fresh.probabilities, fresh.exhausted
        return DealerResult(probabilities, exhausted)

    def lend_to(self, values: Sequence[int]) -> None:
        """Expect borrowers (:meth:`borrow_from`) one card short of each of ``values`` (1-10),
        all valuing plays that reach the same removed sets (a fixed play's effects of removal):
        the rows they need that no node here has (a set one card larger than any node removes,
        mostly a standing hand that card would bust) are then evaluated for all of them in one
        batch per up card, each row once, when the first asks (:meth:`lent_batch`).  Without
        it each borrower evaluates its own, in smaller batches that cost about twice as much a
        row, and a row several borrowers need several times.  ``()`` forgets the batches.  The
        numbers are unchanged: a row depends only on the dealer's tree and the cards left.  A
        caller that has every borrower ask against one up card before the next drops each batch
        after the last with :meth:`lent_for`.

        >>> from bjcalc import Calculator, Rules
        >>> full = Calculator(Rules(decks=6))
        >>> _ = full.game()
        >>> full.round.engine.rows.lend_to(range(1, 11))
        >>> less = Calculator(Rules(decks=6), full.shoe.remove("T"), reuse=full)
        >>> alone = Calculator(Rules(decks=6), full.shoe.remove("T"))
        >>> less.game().ev == alone.game().ev
        True
        >>> full.round.engine.rows.lend_to(())
        """
        with _LENDING_LOCK:
            self._lending = tuple(int(v) for v in values)
            self._beyond = {}
            if self._lending:            # (every borrower reads this engine's rows and values)
                self.keep = True         # (and the engine keeps its values: lend)

    @property
    def lending(self) -> tuple[int, ...]:
        """The card values whose one-short shoes this engine lends its rows to (:meth:`lend_to`).

        >>> from bjcalc import Calculator, Rules
        >>> engine = Calculator(Rules(decks=1)).round.engine
        >>> engine.rows.lend_to([5, 10])
        >>> engine.rows.lending, engine.rows.lend_to(()), engine.rows.lending
        ((5, 10), None, ())
        """
        return self._lending

    def borrows_from(self, lender: "Engine", up: int) -> bool:
        """Whether this engine takes its dealer rows against ``up`` from ``lender`` (:meth:`borrow_from`,
        where the two dealers' rows agree there: not under a ten in Burn 20).

        >>> from bjcalc import Calculator, Rules
        >>> full = Calculator(Rules(decks=1))
        >>> less = Calculator(full.rules, full.shoe.remove("5"), reuse=full)
        >>> alone = Calculator(full.rules, full.shoe.remove("5"))
        >>> less.round.engine.rows.borrows_from(full.round.engine, 6), alone.round.engine.rows.borrows_from(full.round.engine, 6)
        (True, False)
        """
        return (self.lender is not None and self.lender[0] is lender and self.nodes is lender.nodes
                and self.dealer.rows_agree(lender.dealer, up))

    def lent_for(self, up: int) -> None:
        """Every borrower has asked for its rows against ``up`` (:meth:`lend_to`): drop that up
        card's batch.  A borrower that asks again gets it made again (the same numbers)."""
        with _LENDING_LOCK:
            self._beyond.pop(up, None)

    def prepare_lent(self, up: int, sets: Optional[np.ndarray]) -> None:
        """Make now the batch of rows lent against ``up`` (:meth:`lend_to`) for borrowers that
        will ask for the removed sets ``sets`` (the engine's ``forced_sets``), the batch the first of them
        would make: in another thread while the borrowers read the rows of other up cards, as
        :func:`~bjcalc.game.removal.effects_of_removal` does on a machine of several cores.
        It is made outside the lending lock, so those borrowers are not held up meanwhile, and
        then held for ``up`` in place of any batch for other sets, unless one for these sets got
        there first (the same numbers: a row depends only on the dealer's tree and the cards
        left).  Nothing is made where nothing is lent.

        >>> from bjcalc import Calculator, Rules
        >>> full = Calculator(Rules(decks=6))
        >>> _ = full.game()
        >>> engine = full.round.engine
        >>> engine.rows.lend_to(range(1, 11))
        >>> less = Calculator(Rules(decks=6), full.shoe.remove("T"), reuse=full)
        >>> hits = engine.upcard(7).hits
        >>> engine.rows.prepare_lent(7, less.round.engine.forced_sets(7, hits))
        >>> alone = Calculator(Rules(decks=6), full.shoe.remove("T")).round.engine
        >>> reach = engine.nodes.reachable(hits)
        >>> borrowed = less.round.engine.fixed_upcard(7, hits)
        >>> bool((borrowed.value[reach] == alone.fixed_upcard(7, hits).value[reach]).all())
        True
        >>> engine.rows.lend_to(())
        """
        with _LENDING_LOCK:
            lending, held = self._lending, self._beyond.get(up)
            if not lending or (held is not None and _same_sets(held[0], sets)):
                return
        own = self.outcome(up)
        batch = self._batch_beyond(up, sets, lending, own)
        with _LENDING_LOCK:
            held = self._beyond.get(up)
            if self._lending == lending and (held is None or not _same_sets(held[0], sets)):
                self._beyond[up] = (sets, *batch)

    def lent_batch(self, up: int, sets: Optional[np.ndarray], value: int
                    ) -> Optional[tuple[DealerResult, np.ndarray]]:
        """For a borrower one card of ``value`` short asking for the rows of the removed sets
        ``sets`` (indices of ``removed_sets``; None: all) against ``up``: a table of rows and
        each set's row in it, or None where ``value`` is not lent to (:meth:`lend_to`).  The
        table is this engine's rows followed by one batch holding, for every value lent to,
        the sets of ``sets`` one card of it larger that no node here removes, each once.  It is
        made when the first borrower asks (or ahead: :meth:`prepare_lent`) and kept while they
        ask for the same ``sets`` (the play's reach, one array for every shoe valuing the play;
        an equal array serves too)."""
        if value not in self._lending:
            return None
        # (this engine's own rows outside the lock: evaluating them may borrow from its own lender)
        own = self.outcome(up)
        with _LENDING_LOCK:       # (lend_to may run in another thread: read what is lent once, here)
            lending = self._lending
            if value not in lending:
                return None
            held = self._beyond.get(up)
            if held is None or not _same_sets(held[0], sets):
                held = self._beyond[up] = (sets, *self._batch_beyond(up, sets, lending, own))
        return held[1], held[2][value]

    def _batch_beyond(self, up: int, sets: Optional[np.ndarray], lending: tuple[int, ...], own: DealerResult
                      ) -> tuple[DealerResult, dict[int, np.ndarray]]:
        """:meth:`lent_batch`'s table and, for each value of ``lending``, the rows of ``sets``
        (``own``: this engine's rows)."""
        held = len(own.exhausted)
        index, unique = batch_plan(self.nodes, sets, lending, held)
        # One table, this engine's rows then the batch's, the batch evaluated a slice at a time into
        # it: the slices' work space is reused rather than made fresh for every up card (the whole
        # batch's sets and the cards they leave, as floats, are 17 MB under an ace at 6 decks).
        table = DealerResult(np.empty((held + len(unique), own.probabilities.shape[1]), own.probabilities.dtype),
                             np.empty(held + len(unique), dtype=bool))
        table.probabilities[:held], table.exhausted[:held] = own.probabilities, own.exhausted
        for first in range(0, len(unique), _BATCH_SLICE):
            fresh = self.dealer.evaluate(up, counts_of_codes(unique[first:first + _BATCH_SLICE]))
            rows = slice(held + first, held + first + len(fresh.exhausted))
            table.probabilities[rows], table.exhausted[rows] = fresh.probabilities, fresh.exhausted
        return table, index

    def borrow_from(self, lender: "Engine") -> bool:
        """Take dealer rows from ``lender``, the engine of a shoe with exactly one card more (of
        some value c) and the same nodes and dealer trees, wherever it has evaluated them: here a
        removed set leaves the cards that set plus c leaves there, so this shoe's row for a set is
        the lender's row for the set one c larger, where a node of the lender removes that.  The
        effects of removal value ten such shoes after the full one: most of their rows are the
        full shoe's (the rest are hands that reach a high total only with the missing card).
        The numbers are unchanged: a row depends only on the dealer's tree and the cards left.
        Returns whether the rows are borrowed.

        >>> from bjcalc import Calculator, Rules
        >>> full = Calculator(Rules(decks=6))
        >>> less = Calculator(Rules(decks=6), full.shoe.remove("5"), reuse=full)  # (reuse borrows)
        >>> alone = Calculator(Rules(decks=6), full.shoe.remove("5"))
        >>> _ = full.game()
        >>> bool((less.round.engine.rows.outcome(6).probabilities[alone.round.engine.nodes.removed_index]
        ...       == alone.round.engine.rows.outcome(6).probabilities[alone.round.engine.nodes.removed_index]).all())
        True
        """
        gap = lender.dealer.counts - self.dealer.counts
        if (lender.nodes is not self.nodes or lender.ar is not self.ar or self.shoe.is_infinite
                or lender.shoe.is_infinite or gap.sum() != 1 or gap.min() < 0):
            return False
        self.lender = (lender, int(np.argmax(gap)) + 1)
        # (a borrower values both plays; a lender serves several shoes its rows and, for fixed play, its values)
        self.keep = True
        serve_borrowers(lender)
        return True

    def lent_rows(self, up: int, sets: Optional[np.ndarray] = None) -> Optional[tuple[DealerResult, np.ndarray]]:
        """The lender's rows against ``up`` and each set's place among them (:meth:`borrow_from`),
        where its dealer evaluates them as this one would, for a borrower asking for the rows of
        ``sets`` (None: every set)."""
        if self.lender is None:
            return None
        lender, value = self.lender
        if not self.dealer.rows_agree(lender.dealer, up):
            return None
        rows = lender.rows.outcomes.get(up)
        if rows is None:
            # The lender did not keep them (its game ran before anyone borrowed): evaluate them
            # where that pays, for a borrower's every set (as many rows as its own, then kept for
            # the next borrowers) or for the shoes a lender batches (lend_to); a fixed play's
            # sets alone are fewer, and this shoe evaluates them itself.
            if sets is not None and value not in lender.rows.lending:
                return None
            rows = lender.rows.outcome(up)
        return rows, self.nodes.shifted_sets(value)


def lend(engine: Engine, values: Sequence[int]) -> None:
    """Have ``engine`` lend its dealer rows to the shoes one card short of each of ``values``
    (:meth:`RowSupply.lend_to`; ``()`` stops), keeping its rows and values for them
    (:func:`serve_borrowers`).

    >>> from bjcalc import Calculator, Rules
    >>> engine = Calculator(Rules(decks=1), lean=True).round.engine
    >>> lend(engine, [5, 10])
    >>> engine.rows.lending, engine.rows.keep, engine.keep_values
    ((5, 10), True, True)
    >>> lend(engine, ())
    """
    engine.rows.lend_to(values)
    if engine.rows.lending:            # (every borrower reads this engine's rows and values)
        serve_borrowers(engine)


def serve_borrowers(engine: "Engine") -> None:
    """Have ``engine`` keep its rows and values from now on: shoes one card short will borrow
    them (the effects of removal make them after the full shoe's game, which must keep what it
    evaluates for them).  Lending and borrowing turn the same on (:meth:`RowSupply.lend_to`,
    :meth:`RowSupply.borrow_from`)."""
    engine.rows.keep = engine.keep_values = True


@contextlib.contextmanager
def keeping_nothing(engines: Iterable[Engine]) -> Iterator[None]:
    """Inside the block ``engines`` keep only the up card at hand (no rows, one up card's values:
    many depleted shoes alive at once, valued an up card at a time); after it each keeps what it
    kept before.

    >>> from bjcalc import Calculator, Rules
    >>> engine = Calculator(Rules(decks=1)).round.engine
    >>> with keeping_nothing([engine]):
    ...     engine.rows.keep, engine.keep_values
    (False, False)
    >>> engine.rows.keep, engine.keep_values
    (True, True)
    """
    engines = list(engines)
    kept = [(engine.rows.keep, engine.keep_values) for engine in engines]
    for engine in engines:
        engine.rows.keep = engine.keep_values = False
    try:
        yield
    finally:
        for engine, (rows, values) in zip(engines, kept):
            engine.rows.keep, engine.keep_values = rows, values


def make_ahead(lender: Engine, up: int, sets: np.ndarray) -> concurrent.futures.Future:
    """``lender``'s batch of rows lent against ``up`` for borrowers asking for the removed sets
    ``sets`` (:meth:`RowSupply.prepare_lent`), made in a thread of its own with the dealer kernel
    in that thread alone, while the borrowers are valued against other up cards (most of that is
    the player's compiled pass, one core's work).  Batches are made in the order they are asked
    for (:func:`~bjcalc.engine._kernels.side_thread`); the caller says how far ahead."""
    return _kernels.side_thread().submit(_prepare_serially, lender, up, sets)


AHEAD_DEPTH = 2
"""How many up cards' batches :func:`lend_by_upcard` has made ahead of the one valued: with one,
the thread sits idle after a small batch and the borrowers then wait for a large one; two keep it
ahead through a 6-deck table (with the up cards taken smallest batch first), for one more batch
held (under 10 MB at 6 decks)."""


def lend_by_upcard(lender: "Engine", borrowers: Sequence["Engine"], value: Callable[[int], None],
                   wanted: Callable[[int, "Engine"], Optional[np.ndarray]]) -> None:
    """Value every borrower of ``lender``'s rows against one up card before the next (``value(up)``),
    so that the rows the lender batches for an up card are dropped as soon as all have read them
    (:meth:`RowSupply.lent_for`) instead of kept for all ten (about 60 MB of a 6-deck table's peak).

    The borrowers keep only the up card at hand meanwhile (:func:`keeping_nothing`).  Where
    another core can, each up card's batch is made ahead in a thread of its own
    (:func:`make_ahead`), for the removed sets ``wanted(up, borrower)`` names for the first
    borrower that takes its rows against ``up`` from the lender, up to :data:`AHEAD_DEPTH` up
    cards ahead of the one valued, the up cards taken smallest batch first (the up cards with no
    batch made ahead before all, ties A to T): the first batch is waited for, and the thread then
    stays ahead through the large ones (at 6 decks an ace's and a seven's to a ten's, about four
    times a six's).  The numbers are the same in any order; only the order of the ``value``
    calls depends on the machine.  After a failure the batches not yet begun are cancelled and
    the rest waited for, so nothing is left running on the engines.
    """
    borrowers = list(borrowers)
    ahead: dict[int, concurrent.futures.Future] = {}
    with keeping_nothing(borrowers):
        try:
            sets = {up: _ahead_sets(lender, borrowers, up, wanted) for up in range(1, 11)}
            size = {up: -1 if held is None else len(held) for up, held in sets.items()}
            ups = sorted(size, key=size.__getitem__)

            def start(place: int) -> None:
                held = sets[ups[place]] if place < len(ups) else None
                if held is not None:
                    ahead[ups[place]] = make_ahead(lender, ups[place], held)

            for place in range(AHEAD_DEPTH):      # (while the first up card's values are made)
                start(place)
            for place, up in enumerate(ups):
                if up in ahead:
                    ahead[up].result()
                    del ahead[up]      # (after: an interrupted wait leaves it to the finally's)
                start(place + AHEAD_DEPTH)
                value(up)
                lender.rows.lent_for(up)
        finally:
            for future in ahead.values():
                future.cancel()
            concurrent.futures.wait(list(ahead.values()))


def _ahead_sets(lender: "Engine", borrowers: list["Engine"], up: int,
                wanted: Callable[[int, "Engine"], Optional[np.ndarray]]) -> Optional[np.ndarray]:
    """The removed sets of the batch :func:`lend_by_upcard` makes ahead against ``up``, or None
    where it is not worth a thread: one core or no compiled kernel
    (:func:`~bjcalc.engine._kernels.threads`), a lender that lends nothing, no card of that value,
    no borrower that takes its rows against ``up`` from the lender, or a play whose borrowers ask
    for every row (``wanted`` says None)."""
    if (not _kernels.available() or _kernels.threads() < 2 or not lender.rows.lending
            or not lender.shoe.value_counts()[up - 1]):
        return None
    borrower = next((engine for engine in borrowers if engine.rows.borrows_from(lender, up)), None)
    return None if borrower is None else wanted(up, borrower)


def _prepare_serially(engine: Engine, up: int, sets: np.ndarray) -> None:
    """:meth:`RowSupply.prepare_lent` with the kernel in this thread alone
    (:func:`~bjcalc.engine._kernels.serially`): the other core is the borrowers'."""
    with _kernels.serially():
        engine.rows.prepare_lent(up, sets)


def _same_sets(held: Optional[np.ndarray], sets: Optional[np.ndarray]) -> bool:
    """Whether a lent batch made for the removed sets ``held`` serves a borrower asking for
    ``sets``: the same array, or equal ones (``forced_reach`` forgets its plays when a node
    set has had too many, and then makes the same sets again as a new array)."""
    return held is sets or (held is not None and sets is not None and np.array_equal(held, sets))


_BATCH_SLICE = 8192
"""How many sets of a lent batch (:meth:`RowSupply._batch_beyond`) the dealer evaluates at a time."""
_LENDING_LOCK = threading.Lock()    # (lend_to and the batches: one lock for all engines, which then pickle)


_BatchPlan = tuple[Optional[np.ndarray], dict[int, np.ndarray], np.ndarray]     # (sets, index, unique)
_BATCH_PLANS_LOCK = threading.Lock()


def batch_plan(nodes: NodeSet, sets: Optional[np.ndarray], lending: tuple[int, ...], held: int
               ) -> tuple[dict[int, np.ndarray], np.ndarray]:
    """Where the rows of a lent batch (:meth:`RowSupply.lend_to`) come from, for borrowers
    one card of each value of ``lending`` short asking for the removed sets ``sets`` (indices of
    ``nodes.removed_sets``; None: every one): for each value, each set's row in a table of the
    lender's ``held`` rows followed by the batch's, and the codes of the batch's sets (each set
    one card larger than a set of ``sets`` that no node removes, each once, ascending).

    It depends on the node set, the sets and the values alone, not on the up card or the
    shoe, so it is made once and kept (read-only) for every up card and game whose play
    reaches the same sets (``forced_reach`` keeps one array for each): an EOR table asks
    for six or seven plans for its ten up cards at 6 decks, and a second table on the same rules
    none.  Up to 10 are kept per node set, a table's one per up card at most (about 1.5 MB each
    at 6 decks), all forgotten when an 11th comes, and with the node set.

    >>> from bjcalc import Calculator, Rules
    >>> from bjcalc.engine.player import forced_reach
    >>> engine = Calculator(Rules(decks=1)).round.engine
    >>> sets = forced_reach(engine.nodes, engine.upcard(6).hits).sets
    >>> index, unique = batch_plan(engine.nodes, sets, (5, 10), len(engine.nodes.removed_sets))
    >>> batch_plan(engine.nodes, sets, (5, 10), len(engine.nodes.removed_sets))[1] is unique    # (kept)
    True
    >>> borrowed = engine.nodes.shifted_sets(5).take(sets)
    >>> bool((index[5][borrowed >= 0] == borrowed[borrowed >= 0]).all() and (index[5] >= 0).all())
    True
    """
    key = (None if sets is None else id(sets), lending, held)
    kept: dict[tuple, _BatchPlan] = WORKSPACE.beside("batch plans", nodes)
    with _BATCH_PLANS_LOCK:
        entry = kept.get(key)
    if entry is not None and entry[0] is sets:     # (the array itself is kept with its plan: its id is its own)
        return entry[1], entry[2]
    chosen = np.arange(len(nodes.removed_sets)) if sets is None else sets
    codes = nodes.set_codes.take(chosen)
    index, larger = {}, []
    for value in lending:
        index[value] = there = nodes.shifted_sets(value).take(chosen)
        short = np.flatnonzero(there < 0)
        larger.append((short, codes.take(short) + CODE_DIGITS[value - 1]))
    # (return_index: a stable sort, which merges the ten ascending runs several times faster)
    unique, _, inverse = np.unique(np.concatenate([wanted for _, wanted in larger]), return_index=True,
                                   return_inverse=True)
    start = 0
    for value, (short, _) in zip(lending, larger):
        index[value][short] = held + inverse.reshape(-1)[start:start + len(short)]
        start += len(short)
        index[value].flags.writeable = False
    unique.flags.writeable = False
    with _BATCH_PLANS_LOCK:
        if len(kept) >= 10:
            kept.clear()
        kept[key] = (sets, index, unique)
    return index, unique
