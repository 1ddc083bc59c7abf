"""The one runner of long computations: chunks of work on local processes or a Dask cluster.

Why here, in the vocabulary layer: the runner knows nothing of blackjack.  It maps a function
over a list of chunks and gives back the results in the chunks' order; the analyses that use it
(``bjcalc count``'s simulator, ``explain``, ``tables`` and the edge sweeps) sit above it and
bring the game.  Putting it at the bottom lets every layer use it without an upward import.

Where the work runs (:func:`run_chunks`):

- ``workers=1``: in this process, one chunk after another (no pool; what tests and notebooks
  often want).
- otherwise, with no scheduler: ``workers`` local processes (default: every core) of a
  :class:`concurrent.futures.ProcessPoolExecutor` started by ``forkserver`` (or ``spawn``), the
  embedded default with nothing to install or start.
- ``scheduler="tcp://HOST:8786"``, or the ``DASK_SCHEDULER_ADDRESS`` environment variable, or a
  ``distributed.Client`` given as ``scheduler``: the same chunks as tasks of a Dask distributed
  cluster (``pip install -e '.[dask]'``).  bjcalc never runs a distributed engine of its own.

What the caller must do for results to be deterministic and independent of where they ran: make
each chunk self-contained (its own seed, say ``(seed, chunk index)``), and make the function a
module-level one (it is pickled).  The runner reassembles the results in the chunks' order.

Set-up is paid once per process, not once per chunk: a function keeps what is expensive to build
(a full-shoe calculator, its dealer trees and node sets) with :func:`per_process`, a cache that
lives as long as the worker process, across the chunks it runs.  Make chunks big enough that
this set-up is small beside them (seconds of work each).

Threads.  The engine's compiled kernel splits its work between a thread per core in a process
of its own; in a worker it gets its share of the cores instead (``BJCALC_KERNEL_THREADS``,
:data:`KERNEL_THREADS`): cores // workers threads in the local pool's processes, one in the
tasks run on Dask, whose workers are a process per core.  So no two threads contend for a core.

Failures.  A chunk whose function raises is run again, up to ``retries`` more times (a
:class:`~bjcalc.core.errors.BjcalcError` is not retried: bad input fails the same way every
time); after that the error is raised: a chunk is never dropped from the results.  A worker
lost mid-run (killed, out of memory, its machine gone): locally, the pool breaks, the runner
starts a new pool and runs every chunk not yet finished again, and that counts as one of each
such chunk's retries; on Dask, the scheduler gives the lost worker's tasks to the other workers
(a Dask nanny restarts a killed worker process), and a task whose workers die more than
``distributed.scheduler.allowed-failures`` times (3 by default) fails with ``KilledWorker``,
which is raised here.  Either way the results are the same as in an undisturbed run, since
each chunk is computed from its own inputs only.

>>> run_chunks(abs, [-3, 1, -2], workers=1)
[3, 1, 2]
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence, TypeVar

from . import words
from .errors import BjcalcError

__all__ = ["KERNEL_THREADS", "run_chunks", "process_pool", "per_process", "scheduler_address", "DEFAULT_RETRIES",
           "SCHEDULER_VARIABLE"]

T = TypeVar("T")
R = TypeVar("R")

DEFAULT_RETRIES = 2
"""How many more times a failed chunk is run before its error is raised."""
SCHEDULER_VARIABLE = "DASK_SCHEDULER_ADDRESS"
"""The environment variable naming a Dask scheduler when no ``scheduler`` is given."""

_CACHE: dict[Any, Any] = {}


KERNEL_THREADS = "BJCALC_KERNEL_THREADS"
"""The environment variable that sets how many threads the engine's compiled kernel uses (read
at its first call; by default one per core: :func:`bjcalc.engine._kernels.threads`)."""


def _share_cores(threads: int = 1) -> None:
    """A worker process's set-up: its kernel on ``threads`` threads, its share of the cores
    (unless the variable is set already)."""
    os.environ.setdefault(KERNEL_THREADS, str(threads))


def _worker_setup(threads: int, parent: int) -> None:
    """A pool process's set-up: its kernel's threads (:func:`_share_cores`), and a watch on the
    process that started the pool: a worker whose parent is gone (killed, or a server stopped
    before it could shut its pool down) exits, rather than wait for work forever."""
    _share_cores(threads)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(parent, 0)
            except OSError:
                os._exit(0)

    threading.Thread(target=watch, name="bjcalc parent watch", daemon=True).start()


def _on_one_thread(function: Callable[[T], R], chunk: T) -> R:
    """``function(chunk)`` in a Dask worker, its kernel on one thread (see :func:`_share_cores`):
    a cluster runs a worker process per core.  (The variable stays set in that process: with an
    in-process cluster, ``Client(processes=False)``, that is the caller's own.)"""
    _share_cores(1)
    return function(chunk)


def _spoken(said: "words.Words", function: Callable[[T], R], chunk: T) -> R:
    """``function(chunk)``, its messages in the words ``said``."""
    with words.speaking(said):
        return function(chunk)


def per_process(key: Any, make: Callable[[], T]) -> T:
    """``make()``, built once per process for each ``key`` and kept for the process's life (a
    worker keeps its calculators between the chunks it runs).  ``key`` must say everything
    ``make`` depends on.

    >>> per_process(("demo", 1), lambda: [1]) is per_process(("demo", 1), lambda: [2])
    True
    """
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


def scheduler_address(scheduler: Any = None) -> Any:
    """The Dask scheduler to use: ``scheduler`` if given (an address or a ``distributed.Client``),
    else the ``DASK_SCHEDULER_ADDRESS`` environment variable, else None (local processes).

    >>> scheduler_address("tcp://10.0.0.1:8786")
    'tcp://10.0.0.1:8786'
    """
    if scheduler is None:
        scheduler = os.environ.get(SCHEDULER_VARIABLE) or None
    if isinstance(scheduler, str):
        scheduler = scheduler.strip()
        if "://" not in scheduler:
            raise BjcalcError(f"a Dask scheduler address looks like tcp://HOST:8786, not {scheduler!r}")
    return scheduler


def run_chunks(function: Callable[[T], R], chunks: Sequence[T], *, workers: Optional[int] = None,
               scheduler: Any = None, retries: int = DEFAULT_RETRIES,
               progress: Optional[Callable[..., Iterable]] = None,
               weight: Optional[Callable[[R], int]] = None, total: Optional[int] = None,
               on_result: Optional[Callable[[int, R], None]] = None) -> list[R]:
    """``[function(chunk) for chunk in chunks]``, computed on local processes or a Dask cluster
    (see the module docstring), in the chunks' order whatever order they finish in.

    ``workers``: local processes (default every core; 1 runs here); ignored with a scheduler,
    whose cluster has its own.  ``scheduler``: a Dask address ``tcp://HOST:PORT`` or a
    ``distributed.Client``; default the ``DASK_SCHEDULER_ADDRESS`` environment variable, else
    local.  ``retries``: more runs of a failed chunk before its error is raised.
    ``progress(iterable, total=total)`` advances by ``weight(result)`` (default 1) as each chunk
    finishes (``total`` defaults to the number of chunks: give it when weighing results).
    ``on_result(index, result)`` is called here, in the calling process, as each chunk finishes
    (in the order they finish): to write a chunk's output at once, so that an interrupted run
    keeps what was done.

    >>> run_chunks(len, ["ab", "c"], workers=1, weight=lambda n: n, total=3)
    [2, 1]
    """
    chunks = list(chunks)
    if isinstance(workers, bool) or (workers is not None and (not isinstance(workers, int) or workers < 1)):
        raise BjcalcError(f"workers must be a whole number of processes, at least 1, not {workers!r}")
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise BjcalcError(f"retries must be a whole number, at least 0, not {retries!r}")
    where = scheduler_address(scheduler)
    if type(words.current()) is not words.Words:      # (a message a worker writes is in the caller's words)
        function = functools.partial(_spoken, words.current(), function)
    if where is not None:
        finished = _on_dask(function, chunks, where, retries)
    elif (workers or os.cpu_count() or 1) == 1 or len(chunks) <= 1:
        finished = _here(function, chunks, retries)
    else:
        finished = _on_processes(function, chunks, min(workers or os.cpu_count() or 1, len(chunks)), retries)
    results: dict[int, Any] = {}
    ticks = _ticks(finished, results, weight, on_result)
    for _ in (progress(ticks, total=len(chunks) if total is None and weight is None else total)
              if progress else ticks):
        pass
    return [results[i] for i in range(len(chunks))]


def _ticks(finished: Iterator[tuple[int, Any]], results: dict[int, Any],
           weight: Optional[Callable[[Any], int]], on_result: Optional[Callable[[int, Any], None]]) -> Iterator[None]:
    """One tick per unit of work (``weight(result)``, default 1 per chunk), as the chunks finish."""
    for index, result in finished:
        results[index] = result
        if on_result is not None:
            on_result(index, result)
        yield from (None for _ in range(weight(result) if weight else 1))


def _here(function: Callable, chunks: list, retries: int) -> Iterator[tuple[int, Any]]:
    for index, chunk in enumerate(chunks):
        for attempt in range(retries + 1):
            try:
                result = function(chunk)
                break
            except BjcalcError:
                raise
            except Exception:
                if attempt == retries:
                    raise
        yield index, result


def process_pool(workers: int, threads: Optional[int] = None) -> ProcessPoolExecutor:
    """A pool of ``workers`` local processes as the runner starts them: by ``forkserver`` (or
    ``spawn``; not fork, which would copy the parent's kernel threads mid-flight and hang a
    Jupyter kernel), each kernel on its share of the cores (or ``threads`` threads).  For a
    caller that keeps a pool warm across many small pieces of work (the web app's);
    :func:`run_chunks` starts its own.

    >>> with process_pool(1) as pool:
    ...     pool.submit(abs, -2).result()
    2
    """
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context(method),
                               initializer=_worker_setup,
                               initargs=(threads or max(1, (os.cpu_count() or 1) // workers), os.getpid()))


def _on_processes(function: Callable, chunks: list, workers: int, retries: int) -> Iterator[tuple[int, Any]]:
    failures = [0] * len(chunks)
    pending = set(range(len(chunks)))
    while pending:
        pool = process_pool(workers)
        try:
            running = {pool.submit(function, chunks[i]): i for i in sorted(pending)}
            while running:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    index = running.pop(future)
                    error = future.exception()
                    if error is None:
                        pending.discard(index)
                        yield index, future.result()
                        continue
                    if isinstance(error, BjcalcError) or failures[index] >= retries:
                        raise error
                    failures[index] += 1
                    if isinstance(error, BrokenProcessPool):
                        continue     # every running chunk fails with it: a new pool runs them again
                    running[pool.submit(function, chunks[index])] = index
        except BrokenProcessPool:
            pass       # submitting to a broken pool: the loop starts a new one for what is pending
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _on_dask(function: Callable, chunks: list, scheduler: Any, retries: int) -> Iterator[tuple[int, Any]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise BjcalcError("a Dask scheduler needs the dask extra: pip install 'bjcalc[dask]' (or "
                          "pip install 'dask[distributed]')") from None
    own = not isinstance(scheduler, Client)
    if own:
        try:
            client = Client(scheduler, timeout="20s")
        except (OSError, TimeoutError) as exc:
            raise BjcalcError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    else:
        client = scheduler
    try:
        # pure=False: two equal chunks are still two tasks (each chunk carries its own seed anyway)
        futures = [client.submit(_on_one_thread, function, chunk, retries=retries, pure=False) for chunk in chunks]
        index = {future.key: i for i, future in enumerate(futures)}
        for future in as_completed(futures):
            yield index[future.key], future.result()
    finally:
        if own:
            client.close()
