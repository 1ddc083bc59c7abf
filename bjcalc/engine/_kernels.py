"""The dealer engine's floating-point inner loop, in C when it could be built.

The C files of ``bjcalc/engine/kernel/`` (one per concern: ``dealer.c``, ``player.c``,
``optimal_split.c``, ``merge.c``, ``moments.c``, ``module.c``, and their shared
``kernel.h``) are compiled at install time into one extension module, ``_dealer_kernel``
(optional: see setup.py), and called through ctypes, which releases the GIL, so the
removed sets are split between threads, one per core.  Without the compiled kernel (or with the
environment variable ``BJCALC_NO_KERNEL=1``) :func:`available` is False and the
dealer engine uses its numpy implementation, which gives the same numbers.
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib.machinery
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Iterator, Optional

import numpy as np

from ..core.arithmetic import TIE_MARGIN
from ..core.runner import KERNEL_THREADS
from .workspace import WORKSPACE

__all__ = ["BJCALC_ABI", "bind", "threads", "serially", "side_thread", "available", "dealer_outcomes", "second_hand_available", "optimal_second_hand",
           "player_available", "DrawRules", "GroupedMoves", "grouped_moves", "player_draws", "player_play",
           "merge_available", "merge_product", "square_available", "merge_square",
           "shifted_mass_available", "ShiftedMass"]

_I64 = ctypes.POINTER(ctypes.c_int64)
_F64 = ctypes.POINTER(ctypes.c_double)
_U8 = ctypes.POINTER(ctypes.c_uint8)


BJCALC_ABI = 6
"""The interface version of the C kernel this loader binds (``bjcalc_abi_version`` in ``kernel/module.c``)."""


def _load() -> Optional[ctypes.CDLL]:
    """The compiled kernel, every function bound, or None (numpy computes the same numbers):
    when ``BJCALC_NO_KERNEL`` is set, none is built, or the build is of another interface
    version, which is said in one line on stderr (reinstall to rebuild it)."""
    if os.environ.get("BJCALC_NO_KERNEL"):
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    paths = [os.path.join(here, "_dealer_kernel" + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES]
    path = next((p for p in paths if os.path.exists(p)), None)
    return None if path is None else bind(path)


def bind(path: str) -> Optional[ctypes.CDLL]:
    """The kernel at ``path`` with every function bound, or None, said in one line on stderr,
    when it is a build of another interface version (a library without the version refused too).

    >>> import ctypes.util
    >>> bind(ctypes.util.find_library("m") or "libm.so.6") is None     # (no version: refused)
    True
    """
    library = ctypes.CDLL(path)
    version = getattr(library, "bjcalc_abi_version", None)
    found = version() if version is not None else None
    if found != BJCALC_ABI:
        sys.stderr.write(f"bjcalc: the compiled kernel {os.path.basename(path)} is a stale build (interface "
                         f"{found or 'before versions'}, this bjcalc needs {BJCALC_ABI}): reinstall bjcalc "
                         f"(pip install -e .) to rebuild it; numpy computes the same numbers meanwhile\n")
        return None
    for name, restype, argtypes in _SIGNATURES:
        function = getattr(library, name, None)
        if function is None:
            if name in _OPTIONAL:
                continue
            raise ImportError(f"the compiled kernel {path} of interface {found} lacks {name}: reinstall bjcalc")
        function.restype, function.argtypes = restype, argtypes
    return library


_SIGNATURES = [
    ("bjcalc_dealer_outcomes", ctypes.c_int,
     [ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, _I64, ctypes.c_int64, _F64,
      _I64, _I64, _I64, _F64, _U8, ctypes.c_int, ctypes.c_int64, _F64, _U8]),
    ("bjcalc_optimal_second_hand", ctypes.c_int,
     [ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, _I64, _I64, ctypes.c_int64,
      _I64, ctypes.c_int64, _U8, _U8, _U8, _I64, _I64, _F64, _F64, _F64, _I64,
      _F64, _F64, _U8, ctypes.c_double, ctypes.c_int64]),
    ("bjcalc_player_draws", ctypes.c_int,
     [ctypes.c_int64, _I64, _I64, ctypes.c_int, ctypes.c_int64, ctypes.c_double,
      ctypes.c_double, ctypes.c_double, ctypes.c_double, _I64, _F64, _F64, _U8]),
    ("bjcalc_player_play", ctypes.c_int,
     [ctypes.c_int64, _I64, _I64, _I64, _I64, _I64, ctypes.c_int, ctypes.c_int64,
      ctypes.c_double, ctypes.c_double, ctypes.c_double, ctypes.c_double, _F64,
      ctypes.c_int64, _F64, _I64, ctypes.c_int64, _F64, _I64,
      _U8, _U8, _I64, _I64, _F64, _F64, _F64, _U8, _F64, _U8, _U8, _U8, _F64, ctypes.c_double, ctypes.c_double,
      _F64, _F64,
      _U8, _U8, _F64, _F64, _U8, _U8]),
    ("bjcalc_dealer_outcomes_grouped", ctypes.c_int,
     [ctypes.c_int64] * 3 + [_I64, _F64, _I64, _I64, _I64, _I64, ctypes.c_int64]
     + [_I64] * 5 + [_F64, _F64, _U8, ctypes.c_int, ctypes.c_int64, _F64, _U8]),
    ("bjcalc_merge_product", ctypes.c_int64,
     [ctypes.c_int64, _I64, _I64, _F64, ctypes.c_int64, _I64, _I64, _F64,
      ctypes.c_int64, _I64, _I64, _I64, ctypes.c_int64, _I64, _I64, _F64]),
    ("bjcalc_merge_square", ctypes.c_int64,
     [ctypes.c_int64, _I64, _I64, _F64,
      ctypes.c_int64, _I64, _I64, _I64, ctypes.c_int64, _I64, _I64, _F64]),
    ("bjcalc_shifted_mass", ctypes.c_int,
     [ctypes.c_int64, _I64, _I64, _F64, ctypes.c_int64, _F64, ctypes.c_int64, _F64,
      _I64, ctypes.c_int64, _F64, _F64, _F64, _I64, ctypes.c_int64]),
]
"""Every function of the C file, its result and argument types."""
_OPTIONAL = {"bjcalc_dealer_outcomes_grouped"}
"""Compiled only where the compiler has vector extensions (GCC, clang); the plain walk serves otherwise."""

_LIBRARY = _load()
_KERNEL = _LIBRARY.bjcalc_dealer_outcomes if _LIBRARY is not None else None
_GROUPED = getattr(_LIBRARY, "bjcalc_dealer_outcomes_grouped", None) if _LIBRARY is not None else None
_SECOND_HAND = _LIBRARY.bjcalc_optimal_second_hand if _LIBRARY is not None else None
_PLAYER_DRAWS = _LIBRARY.bjcalc_player_draws if _LIBRARY is not None else None
_PLAYER_PLAY = _LIBRARY.bjcalc_player_play if _LIBRARY is not None else None
_MERGE = _LIBRARY.bjcalc_merge_product if _LIBRARY is not None else None
_SQUARE = _LIBRARY.bjcalc_merge_square if _LIBRARY is not None else None
_SHIFTED = _LIBRARY.bjcalc_shifted_mass if _LIBRARY is not None else None
_POOL: Optional[ThreadPoolExecutor] = None
_THREADS = 0        # (0: not decided yet)
_SIDE: Optional[ThreadPoolExecutor] = None     # (see side_thread)


def threads() -> int:
    """How many threads the kernel splits its work between, decided at the first call: the
    environment variable ``BJCALC_KERNEL_THREADS`` (:data:`~bjcalc.core.runner.KERNEL_THREADS`)
    if set, else one per core this process may run on, at most 4.  The runner sets it in its
    worker processes to their share of the cores (1 in a Dask task).

    >>> threads() >= 1
    True
    """
    global _POOL, _THREADS
    with _DECIDING:
        if not _THREADS:
            cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
            try:
                count = max(1, int(os.environ.get(KERNEL_THREADS, "")))
            except ValueError:      # (unset, or not a number: the default)
                count = min(4, cores)
            _POOL = ThreadPoolExecutor(max_workers=count) if _KERNEL is not None and count > 1 else None
            _THREADS = count
    return _THREADS


def side_thread() -> ThreadPoolExecutor:
    """One thread beside the kernel's pool (named ``bjcalc-side``), for work made ahead while
    the caller goes on (the fixed-play EOR table's dealer batches): its tasks run one at a
    time, in the order they are given.  Made when first asked for, and again in a forked
    child, where the parent's thread is not there.

    >>> side_thread().submit(sum, [1, 2]).result(), side_thread() is side_thread()
    (3, True)
    """
    global _SIDE
    with _DECIDING:
        if _SIDE is None:
            _SIDE = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bjcalc-side")
        return _SIDE


def _forget_threads() -> None:
    """In a forked child: the parent's pool and side threads are not there, so decide again
    (a pool that thinks it has its threads would never run a task)."""
    global _POOL, _THREADS, _SIDE, _DECIDING
    _POOL, _THREADS, _SIDE, _DECIDING = None, 0, None, threading.Lock()


_DECIDING = threading.Lock()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_threads)


_SERIAL = threading.local()


@contextlib.contextmanager
def serially() -> Iterator[None]:
    """Within it, this thread's kernel calls run in this thread alone, not split between the
    kernel's threads: for work done beside another thread's, which has the other cores (the
    same numbers: each set's row is computed alone).

    >>> with serially():
    ...     _SERIAL.on
    True
    >>> getattr(_SERIAL, "on", False)
    False
    """
    before = getattr(_SERIAL, "on", False)
    _SERIAL.on = True
    try:
        yield
    finally:
        _SERIAL.on = before


def _in_parallel(run, count: int, smallest: int, name: str) -> None:
    """``run(first, last)`` over ``range(count)``, split between the threads when worth it
    (each set's row is computed alone, so the split does not change a number); in this thread
    alone within :func:`serially`."""
    if threads() == 1 or _POOL is None or count < smallest or getattr(_SERIAL, "on", False):
        status = [run(0, count)]
    else:
        bounds = np.linspace(0, count, _THREADS + 1).astype(int)
        status = list(_POOL.map(run, bounds[:-1], bounds[1:]))
    if any(status):
        raise MemoryError(f"{name} could not allocate its work space")


def available() -> bool:
    """Whether the compiled kernel is in use."""
    return _KERNEL is not None


@dataclass(frozen=True)
class GroupedMoves:
    """A dealer tree's moves as ``bjcalc_dealer_outcomes_grouped`` in the C file reads them: the
    moves to another state (``inner_*``, by state), each state's pattern (its final moves as
    (value, outcome) pairs, listed once per pattern in ``pattern_*``), and per state the values it
    has drawn among its pattern's final values, with how many (``drew_*``).

    Patterns are in sorted order, not in order of first appearance, so that their order does not
    depend on which states a tree holds.  A larger shoe's tree still gives a depleted shoe numbers
    that differ from its own tree's by rounding: it has moves the smaller tree prunes (values the
    smaller shoe has none of), whose P and Q terms cancel exactly only in exact arithmetic.

    >>> from bjcalc.engine.dealer import DealerTree, StandardDealer
    >>> tree = DealerTree.build(10, StandardDealer(hits_soft_17=False))
    >>> moves = grouped_moves(tree)
    >>> len(moves.pattern_start) - 1, len(tree.drawn)       # far fewer patterns than states
    (6, 24)
    """

    inner_start: np.ndarray
    inner_value: np.ndarray
    inner_target: np.ndarray
    state_pattern: np.ndarray
    pattern_start: np.ndarray
    pattern_value: np.ndarray
    pattern_outcome: np.ndarray
    drew_start: np.ndarray
    drew_value: np.ndarray
    drew_count: np.ndarray
    arguments: tuple
    """The kernel's arguments that depend on the tree alone (pointers into these arrays and ``keep``)."""
    keep: tuple
    """The tree's level starts and drawn counts as the kernel reads them (contiguous copies if need be)."""

    @classmethod
    def of(cls, tree: Any) -> "GroupedMoves":
        """From anything with a tree's flat arrays (``drawn``, ``move_start``, ``move_value``,
        ``move_target``; see :class:`~bjcalc.engine.dealer.DealerTree`)."""
        inner_start, inner_value, inner_target = [0], [], []
        finals_of: list[tuple[tuple[int, int], ...]] = []
        for s in range(len(tree.drawn)):
            finals = []
            for m in range(tree.move_start[s], tree.move_start[s + 1]):
                value, target = int(tree.move_value[m]), int(tree.move_target[m])
                if target >= 0:
                    inner_value.append(value)
                    inner_target.append(target)
                else:
                    finals.append((value, -1 - target))
            inner_start.append(len(inner_value))
            finals_of.append(tuple(finals))
        patterns = {finals: i for i, finals in enumerate(sorted(set(finals_of)))}
        drew_start, drew_value, drew_count = [0], [], []
        for s, state_finals in enumerate(finals_of):
            for value, _ in state_finals:
                if tree.drawn[s, value] > 0:
                    drew_value.append(value)
                    drew_count.append(float(tree.drawn[s, value]))
            drew_start.append(len(drew_value))
        pattern_start, pattern_value, pattern_outcome = [0], [], []
        for pattern in patterns:
            pattern_value += [value for value, _ in pattern]
            pattern_outcome += [outcome for _, outcome in pattern]
            pattern_start.append(len(pattern_value))
        i64 = lambda values: np.array(values, dtype=np.int64)      # noqa: E731
        arrays = dict(inner_start=i64(inner_start), inner_value=i64(inner_value), inner_target=i64(inner_target),
                      state_pattern=i64([patterns[f] for f in finals_of]), pattern_start=i64(pattern_start),
                      pattern_value=i64(pattern_value), pattern_outcome=i64(pattern_outcome),
                      drew_start=i64(drew_start), drew_value=i64(drew_value))
        count = np.array(drew_count, dtype=np.float64)
        level_start, drawn = _i64(tree.level_start), np.ascontiguousarray(tree.drawn, dtype=np.float64)
        pointers = {name: a.ctypes.data_as(_I64) for name, a in arrays.items()}
        arguments = (len(level_start) - 1, level_start.ctypes.data_as(_I64), drawn.ctypes.data_as(_F64),
                     *(pointers[n] for n in ("inner_start", "inner_value", "inner_target", "state_pattern")),
                     len(pattern_start) - 1,
                     *(pointers[n] for n in ("pattern_start", "pattern_value", "pattern_outcome", "drew_start",
                                             "drew_value")),
                     count.ctypes.data_as(_F64))
        return cls(**arrays, drew_count=count, arguments=arguments, keep=(level_start, drawn))


def grouped_moves(tree: Any) -> GroupedMoves:
    """:class:`GroupedMoves` of a tree, built once per tree object (trees are kept and never
    change after they are built) and kept beside it in the engine's workspace."""
    kept = WORKSPACE.beside("grouped moves", tree)
    moves = kept.get("moves")
    if moves is None:
        moves = kept.setdefault("moves", GroupedMoves.of(tree))     # (one atomic step: the first kept wins)
    return moves


def dealer_outcomes(tree, counts: np.ndarray, valid: np.ndarray, depletes: bool,
                    n_outcomes: int) -> tuple[np.ndarray, np.ndarray]:
    """Joint outcome probabilities (sets x outcomes) and exhaustion flags, for one dealer tree."""
    assert _KERNEL is not None
    counts = np.ascontiguousarray(counts, dtype=np.float64)
    valid = np.ascontiguousarray(valid, dtype=np.uint8)
    sets = counts.shape[0]
    out = np.zeros((sets, n_outcomes))
    exhausted = np.zeros(sets, dtype=np.uint8)
    if _GROUPED is not None:
        fixed = (*grouped_moves(tree).arguments, counts.ctypes.data_as(_F64), valid.ctypes.data_as(_U8),
                 int(depletes), n_outcomes, out.ctypes.data_as(_F64), exhausted.ctypes.data_as(_U8))

        def grouped_run(first: int, last: int) -> int:
            return _GROUPED(first, last, *fixed)

        _in_parallel(grouped_run, sets, 256, "the dealer kernel")
        return out, exhausted.astype(bool)
    arrays = (tree.level_start, tree.drawn, tree.move_start, tree.move_value, tree.move_target)
    level_start, drawn, move_start, move_value, move_target = arrays

    def run(first: int, last: int) -> int:
        return _KERNEL(first, last, len(level_start) - 1, level_start.ctypes.data_as(_I64), len(drawn),
                       drawn.ctypes.data_as(_F64), move_start.ctypes.data_as(_I64),
                       move_value.ctypes.data_as(_I64), move_target.ctypes.data_as(_I64),
                       counts.ctypes.data_as(_F64), valid.ctypes.data_as(_U8), int(depletes), n_outcomes,
                       out.ctypes.data_as(_F64), exhausted.ctypes.data_as(_U8))

    _in_parallel(run, sets, 256, "the dealer kernel")
    return out, exhausted.astype(bool)


def second_hand_available() -> bool:
    """Whether the compiled optimal-split kernel is in use."""
    return _SECOND_HAND is not None


def optimal_second_hand(ext, firsts: np.ndarray, available: np.ndarray, first: np.ndarray,
                        own_stand: np.ndarray, own_bust: np.ndarray, variant_start: np.ndarray,
                        variant_bet: np.ndarray, double_stake: float,
                        partner: int = -1) -> tuple[np.ndarray, np.ndarray]:
    """Hand 2's optimal joint value per hand-1 finish (see ``bjcalc_optimal_second_hand`` in the
    C file and :mod:`bjcalc.engine.optimal`), and which hand-1 compositions can run out of cards
    (``double_stake``: the units a double stakes; ``partner``: the value index of a hole card a peek
    has ruled out, else -1)."""
    assert _SECOND_HAND is not None
    i64 = lambda a: np.ascontiguousarray(a, dtype=np.int64)      # noqa: E731
    f64 = lambda a: np.ascontiguousarray(a, dtype=np.float64)    # noqa: E731
    u8 = lambda a: np.ascontiguousarray(a, dtype=np.uint8)       # noqa: E731
    drawn, child, order = i64(ext.drawn), i64(ext.child), i64(np.concatenate(ext.levels))
    can_hit, must_hit, may_double = u8(ext.can_hit), u8(ext.must_hit), u8(ext.may_double)
    firsts, available, variant_start = i64(firsts), i64(available), i64(variant_start)
    first, own_stand, own_bust, variant_bet = f64(first), f64(own_stand), f64(own_bust), f64(variant_bet)
    out = np.zeros(len(variant_bet))
    exhausted = np.zeros(len(firsts), dtype=np.uint8)

    def run(lo: int, hi: int) -> int:
        return _SECOND_HAND(lo, hi, len(drawn), drawn.ctypes.data_as(_I64), child.ctypes.data_as(_I64),
                            len(order), order.ctypes.data_as(_I64), ext.root, can_hit.ctypes.data_as(_U8),
                            must_hit.ctypes.data_as(_U8), may_double.ctypes.data_as(_U8),
                            firsts.ctypes.data_as(_I64), available.ctypes.data_as(_I64),
                            first.ctypes.data_as(_F64), own_stand.ctypes.data_as(_F64),
                            own_bust.ctypes.data_as(_F64), variant_start.ctypes.data_as(_I64),
                            variant_bet.ctypes.data_as(_F64), out.ctypes.data_as(_F64),
                            exhausted.ctypes.data_as(_U8), float(double_stake), partner)

    _in_parallel(run, len(firsts), 16, "the optimal-split kernel")
    return out, exhausted.astype(bool)


def player_available() -> bool:
    """Whether the compiled player loops are in use (floats only)."""
    return _PLAYER_PLAY is not None


def _i64(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a, dtype=np.int64)


@dataclass(frozen=True)
class DrawRules:
    """What the player's next-card chances and bust values at a node depend on, besides its removed
    set (see ``node_draws`` in the C file): the shoe's counts less the up card (the shoe itself if it
    never depletes), the hole card's value index that makes a dealer blackjack after a bust (-1: none),
    the share of those hole cards that do, the blackjack chance when the shoe never depletes, and the
    payoffs of a bust without and with a dealer blackjack."""

    counts: np.ndarray
    depletes: bool
    partner: int
    share: float
    bj_fixed: float
    lose: float
    on_blackjack: float

    def arguments(self) -> tuple:
        counts = _i64(self.counts)
        return (counts.ctypes.data_as(_I64), int(self.depletes), self.partner, self.share, self.bj_fixed,
                self.lose, self.on_blackjack), counts


def player_draws(removed: np.ndarray, rules: DrawRules,
                 exhausted: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cards left, next-card chances and bust values of every node (``bjcalc_player_draws`` in the
    C file); ``exhausted`` (uint8, one per node) gains the nodes whose busting card empties the shoe."""
    assert _PLAYER_DRAWS is not None and exhausted.dtype == np.uint8 and exhausted.flags.c_contiguous
    removed = _i64(removed)
    n = len(removed)
    cards_left = np.empty(n, dtype=np.int64)
    draw, bust = np.empty((n, 10)), np.empty((n, 10))
    arguments, _keep = rules.arguments()
    _PLAYER_DRAWS(n, removed.ctypes.data_as(_I64), *arguments, cards_left.ctypes.data_as(_I64),
                  draw.ctypes.data_as(_F64), bust.ctypes.data_as(_F64), exhausted.ctypes.data_as(_U8))
    return cards_left, draw, bust


def player_play(level_start: np.ndarray, order: np.ndarray, child: np.ndarray, removed: np.ndarray,
                rules: DrawRules, bust: Optional[np.ndarray], by_set: np.ndarray, removed_index: np.ndarray,
                stand_columns: np.ndarray, stand_column: np.ndarray, can_hit: np.ndarray, must_hit: np.ndarray,
                source: np.ndarray, exhausted: np.ndarray, may_double: np.ndarray, may_surrender: np.ndarray,
                surrender: np.ndarray, double_stake: float, forced: Optional[np.ndarray] = None,
                zeroed: bool = False, stand_only: Optional[np.ndarray] = None,
                double_added: Optional[np.ndarray] = None,
                double_given: Optional[np.ndarray] = None) -> tuple[np.ndarray, ...]:
    """Cards left, stand, hit, value, action and double of every node, level by level
    (``bjcalc_player_play`` in the C file): stand from the dealer's outcomes ``by_set`` of each node's
    removed set and its column of ``stand_columns``; the bust values ``bust`` (None: from ``rules``);
    ``action`` (uint8: 0 stand, 1 hit, 2 double, 3 surrender) the best of the node's actions (doubling
    where ``may_double``, surrendering at ``surrender`` where ``may_surrender``) by its source's values,
    an action better only by more than :data:`~bjcalc.core.arithmetic.TIE_MARGIN`;
    a double is worth ``double_stake`` times the node's value standing after one more card, or,
    where ``double_added`` (float per node, NaN where not; None: nowhere) is a number, that value
    once plus ``double_added`` (a double that adds another kind of chip, valued by its own engine);
    ``double_given`` (float per node; None: not given): every double's value, made by the caller (a
    variant whose doubled hands have choices of their own).
    ``exhausted`` (uint8) gains the nodes that can run out of cards.

    ``forced`` (bool per node): also, in the same pass, the
    nodes played by hitting exactly there (the same C function), appended to the result
    as their hit, value and exhaustion flags: the numbers of a second call with ``can_hit`` and
    ``must_hit`` ``forced``, each node its own ``source`` and no action after a hit.
    ``zeroed``: the results start at zero (``order`` leaves some nodes out, which then read 0).
    ``stand_only`` (bool per node, where ``can_hit`` is false): nodes valued by standing alone, with
    hit, double and cards left 0 (a fixed play's hands it neither hits nor takes a first action on)."""
    assert _PLAYER_PLAY is not None and exhausted.dtype == np.uint8 and exhausted.flags.c_contiguous
    level_start, order, child, source, removed, removed_index, stand_column = (
        _i64(a) for a in (level_start, order, child, source, removed, removed_index, stand_column))
    by_set, stand_columns = (np.ascontiguousarray(a, dtype=np.float64) for a in (by_set, stand_columns))
    bust = None if bust is None else np.ascontiguousarray(bust, dtype=np.float64)
    can_hit, must_hit, may_double, may_surrender = (np.ascontiguousarray(a, dtype=np.uint8)
                                                    for a in (can_hit, must_hit, may_double, may_surrender))
    surrender = np.ascontiguousarray(surrender, dtype=np.float64)
    if stand_only is not None:
        stand_only = np.ascontiguousarray(stand_only, dtype=np.uint8)
    if double_added is not None:
        double_added = np.ascontiguousarray(double_added, dtype=np.float64)
    if double_given is not None:
        double_given = np.ascontiguousarray(double_given, dtype=np.float64)
    n = len(removed)
    empty = np.zeros if zeroed else np.empty
    cards_left = empty(n, dtype=np.int64)
    stand, hit, value, double = empty(n), empty(n), empty(n), empty(n)
    hits, action = np.zeros(n, dtype=np.uint8), np.zeros(n, dtype=np.uint8)
    arguments, _keep = rules.arguments()
    extra: list = [None] * 4      # (the forced pass's arguments, NULL for none, and its results)
    more: list = []
    if forced is not None:
        forced = np.ascontiguousarray(forced, dtype=np.uint8)
        forced_hit, forced_value, forced_flags = empty(n), empty(n), exhausted.copy()
        more = [forced_hit, forced_value, forced_flags]
        extra = [forced.ctypes.data_as(_U8), forced_hit.ctypes.data_as(_F64), forced_value.ctypes.data_as(_F64),
                 forced_flags.ctypes.data_as(_U8)]
    _PLAYER_PLAY(len(level_start) - 1, level_start.ctypes.data_as(_I64), order.ctypes.data_as(_I64),
                 child.ctypes.data_as(_I64), removed.ctypes.data_as(_I64), *arguments,
                 None if bust is None else bust.ctypes.data_as(_F64), by_set.shape[1],
                 by_set.ctypes.data_as(_F64), removed_index.ctypes.data_as(_I64), stand_columns.shape[1],
                 stand_columns.ctypes.data_as(_F64), stand_column.ctypes.data_as(_I64),
                 can_hit.ctypes.data_as(_U8), must_hit.ctypes.data_as(_U8), source.ctypes.data_as(_I64),
                 cards_left.ctypes.data_as(_I64), stand.ctypes.data_as(_F64), hit.ctypes.data_as(_F64),
                 value.ctypes.data_as(_F64), hits.ctypes.data_as(_U8), double.ctypes.data_as(_F64),
                 exhausted.ctypes.data_as(_U8), may_double.ctypes.data_as(_U8), may_surrender.ctypes.data_as(_U8),
                 surrender.ctypes.data_as(_F64), float(double_stake), TIE_MARGIN,
                 None if double_added is None else double_added.ctypes.data_as(_F64),
                 None if double_given is None else double_given.ctypes.data_as(_F64),
                 action.ctypes.data_as(_U8), *extra,
                 None if stand_only is None else stand_only.ctypes.data_as(_U8))
    return (cards_left, stand, hit, value, action, double, *more)


def merge_available() -> bool:
    """Whether the compiled merge of the round distribution's states is in use."""
    return _MERGE is not None


def square_available() -> bool:
    """Whether the compiled merge of two exchangeable hands (:func:`merge_square`) is in use."""
    return _SQUARE is not None


def shifted_mass_available() -> bool:
    """Whether the compiled settlement of the moments' tracked entries is in use."""
    return _SHIFTED is not None


class ShiftedMass:
    """The compiled settlement of one deal's tracked entries (``bjcalc_shifted_mass`` in the C
    file): every entry's states read the deal's card sets, each set's sequence chance
    ``chance[i, set]`` and dealer row ``probabilities[rows[i, set]]`` with ``i`` more pair cards
    (shift ``i``); a set's rows combined over an entry's shifts are made once per entry.

    >>> import numpy as np
    >>> rows = np.array([[0.5, 0.5], [0.25, 0.75]])
    >>> deal = ShiftedMass(np.array([[1.0, 0.5]]), np.array([[0, 1]]), rows) if shifted_mass_available() else None
    >>> deal.mass(np.array([0, 1, 0]), np.array([0, 0, 1]), np.array([1.0, 2.0, 4.0]), np.array([1.0]), 2
    ...           ).tolist() if deal else [[0.75, 1.25], [2.0, 2.0]]
    [[0.75, 1.25], [2.0, 2.0]]
    """

    def __init__(self, chance: np.ndarray, rows: np.ndarray, probabilities: np.ndarray):
        assert _SHIFTED is not None
        self.chance = np.ascontiguousarray(chance, dtype=np.float64)
        self.rows = _i64(rows)
        self.probabilities = np.ascontiguousarray(probabilities, dtype=np.float64)
        n_sets, self.outcomes = self.chance.shape[1], self.probabilities.shape[1]
        self.combined = np.empty((n_sets, self.outcomes))
        self.stamp = np.full(n_sets, -1, dtype=np.int64)
        self.entries = 0

    def mass(self, sets: np.ndarray, classes: np.ndarray, weight: np.ndarray, coef: np.ndarray,
             n_classes: int) -> np.ndarray:
        """One entry: state ``s`` holds set ``sets[s]`` and class ``classes[s]`` (0 ..
        ``n_classes`` - 1) and weighs ``weight[s]``; shift ``i`` counts ``coef[i]`` ways (0:
        not taken).  Each state's combined row times its weight, summed per class (classes by
        outcomes): numpy's sums in numpy's order."""
        sets, classes = _i64(sets), _i64(classes)
        weight, coef = (np.ascontiguousarray(a, dtype=np.float64) for a in (weight, coef))
        mass = np.zeros((n_classes, self.outcomes))
        assert _SHIFTED is not None
        _SHIFTED(len(sets), sets.ctypes.data_as(_I64), classes.ctypes.data_as(_I64), weight.ctypes.data_as(_F64),
                 len(coef), coef.ctypes.data_as(_F64), self.chance.shape[1], self.chance.ctypes.data_as(_F64),
                 self.rows.ctypes.data_as(_I64), self.outcomes, self.probabilities.ctypes.data_as(_F64),
                 mass.ctypes.data_as(_F64), self.combined.ctypes.data_as(_F64), self.stamp.ctypes.data_as(_I64),
                 self.entries)
        self.entries += 1
        return mass


def merge_product(a: tuple[np.ndarray, np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray, np.ndarray],
                  place: np.ndarray, base: np.ndarray, left: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every state of ``a`` (taken codes, class codes, float weights) followed by every one of
    ``b``: codes added, weights multiplied, sums whose digit ``(taken // place) % base`` exceeds
    ``left`` dropped, equal (taken, classes) merged in order of first appearance (weights
    summed in the flattened product's order, as ``numpy.bincount`` would)."""
    assert _MERGE is not None
    return _merge(_MERGE, a, b, place, base, left)


def merge_square(a: tuple[np.ndarray, np.ndarray, np.ndarray], place: np.ndarray, base: np.ndarray,
                 left: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`merge_product` of two exchangeable hands' states ``a`` with themselves, over the
    unordered pairs ``i <= j`` only (row by row), a pair ``i != j`` weighing twice."""
    assert _SQUARE is not None
    return _merge(_SQUARE, a, None, place, base, left)


def _merge(function: Any, a: tuple[np.ndarray, np.ndarray, np.ndarray],
           b: Optional[tuple[np.ndarray, np.ndarray, np.ndarray]], place: np.ndarray, base: np.ndarray,
           left: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    sides = (*a, *b) if b is not None else a
    arrays = [np.ascontiguousarray(x, dtype=dtype) for x, dtype in zip(sides, (np.int64, np.int64, np.float64) * 2)]
    checks = [np.ascontiguousarray(x, dtype=np.int64) for x in (place, base, left)]
    n_a = len(arrays[0])
    capacity = n_a * len(arrays[3]) if b is not None else n_a * (n_a + 1) // 2
    out = (np.empty(capacity, dtype=np.int64), np.empty(capacity, dtype=np.int64), np.empty(capacity))
    pointer = [x.ctypes.data_as(_F64 if x.dtype == np.float64 else _I64) for x in arrays + checks + list(out)]
    sized = [n_a, *pointer[0:3]] + ([len(arrays[3]), *pointer[3:6]] if b is not None else [])
    n = function(*sized, len(checks[0]), *pointer[-6:-3], capacity, *pointer[-3:])
    if n < 0:
        raise MemoryError("the round distribution's merge could not allocate its table")
    return out[0][:n].copy(), out[1][:n].copy(), out[2][:n].copy()
