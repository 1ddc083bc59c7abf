"""How far a long run has got, on stderr: the one progress helper of bjcalc.

:class:`Progress` wraps the loop of a long computation (``progress(iterable, total=n)``,
the signature every ``progress`` parameter in bjcalc takes).  On a terminal it draws a
tqdm bar, but only once the run has lasted ``delay`` seconds (quick runs stay quiet);
when stderr is not a terminal (a log file, CI, a pipe) it writes one line every
``interval`` seconds instead, such as ``bjcalc verify: 3/17 figures, 21 s``, and a
last line when it is done, so that a long run is never silent.  A background thread
keeps time, so a report comes on time even while one step takes minutes.
``Progress(..., enabled=False)`` (the CLI's ``--quiet``) reports nothing.

:class:`Watch` is the same callable for another thread to read instead of a person: each loop
it wraps is a step (what it counts, how many done of how many), and :meth:`Watch.cancel` makes
the next item of any step raise :class:`Cancelled` (the web app's progress and Cancel button).

>>> import io, time
>>> log = io.StringIO()
>>> report = Progress("demo", unit="steps", stream=log, terminal=False, interval=0.01)
>>> [time.sleep(0.03) or x for x in report(range(3), total=3)]
[0, 1, 2]
>>> lines = log.getvalue().splitlines()
>>> "/3 steps, " in lines[0], lines[-1].startswith("bjcalc demo: done, 3/3 steps in ")
(True, True)
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any, Callable, Iterable, Iterator, Optional, TextIO

__all__ = ["Progress", "ProgressFn", "Watch", "Cancelled", "no_progress", "tty_progress", "isatty",
           "NON_TERMINAL_INTERVAL", "TERMINAL_DELAY"]

NON_TERMINAL_INTERVAL = 10.0
"""Seconds between two progress lines when stderr is not a terminal."""
TERMINAL_DELAY = 2.0
"""Seconds a run lasts before its bar appears on a terminal."""
ProgressFn = Callable[..., Iterable]
"""What a ``progress`` parameter takes: ``progress(iterable, total=None, desc="")`` returning
the iterable, wrapped (a :class:`Progress`, :func:`no_progress`, :func:`tty_progress`)."""


class Progress:
    """A progress reporter for long loops (a callable: ``progress(iterable, total=None, desc="")``).

    Args:
        label: what is running, e.g. ``"verify"``; every message starts ``bjcalc <label>:``.
        unit: what the loop counts (``"figures"``, ``"up cards"`` ...).
        enabled: False reports nothing (``--quiet``).
        stream: where to write (default ``sys.stderr``, looked up when the loop starts).
        terminal: draw a bar (True) or write lines (False); default: whether ``stream`` is a terminal.
        interval: seconds between lines when not drawing a bar (default :data:`NON_TERMINAL_INTERVAL`).
        delay: seconds before a bar appears on a terminal (default :data:`TERMINAL_DELAY`).

    A call may name the step (``desc``), which then replaces the unit in the messages.

    >>> list(Progress("quiet", enabled=False)([1, 2], total=2))
    [1, 2]
    """

    def __init__(self, label: str, unit: str = "steps", *, enabled: bool = True, stream: Optional[TextIO] = None,
                 terminal: Optional[bool] = None, interval: Optional[float] = None,
                 delay: Optional[float] = None):
        self.label = label
        self.unit = unit
        self.enabled = enabled
        self.stream = stream
        self.terminal = terminal
        self.interval = interval
        self.delay = delay

    def __call__(self, iterable: Iterable, total: Optional[int] = None, desc: str = "") -> Iterable:
        if not self.enabled:
            return iterable
        if total is None:
            try:
                total = len(iterable)  # type: ignore[arg-type]
            except TypeError:
                total = None
        return self._track(iterable, total, desc or self.unit)

    def _track(self, iterable: Iterable, total: Optional[int], unit: str) -> Iterator:
        stream = self.stream or sys.stderr
        terminal = self.terminal if self.terminal is not None else isatty(stream)
        # (the module defaults are read now, so that they can be changed, in tests for instance)
        interval = NON_TERMINAL_INTERVAL if self.interval is None else self.interval
        delay = TERMINAL_DELAY if self.delay is None else self.delay
        ticker = _Ticker(self.label, unit, total, stream, terminal, interval, delay)
        ticker.start()
        try:
            for item in iterable:
                yield item
                ticker.done += 1
        finally:
            ticker.stop()


class _Ticker(threading.Thread):
    """Keeps time beside the loop; the only thread that writes (a bar, or lines)."""

    def __init__(self, label: str, unit: str, total: Optional[int], stream: TextIO, terminal: bool,
                 interval: float, delay: float):
        super().__init__(name=f"bjcalc progress {label}", daemon=True)
        self.label, self.unit, self.total, self.stream = label, unit, total, stream
        self.terminal, self.interval, self.delay = terminal, interval, delay
        self.done = 0                    # advanced by the loop's thread (an int: atomic enough)
        self.started = time.monotonic()
        self._stop_event = threading.Event()
        self._bar: Any = None
        self._lines = 0

    def _count(self) -> str:
        return f"{self.done}/{self.total} {self.unit}" if self.total is not None else f"{self.done} {self.unit}"

    def _line(self, text: str) -> None:
        try:
            self.stream.write(f"bjcalc {self.label}: {text}\n")
            self.stream.flush()
        except (OSError, ValueError):   # a closed or broken stream: progress is not worth an error
            pass
        self._lines += 1

    def run(self) -> None:
        if self.terminal:
            while not self._stop_event.wait(min(0.5, self.delay) if self._bar is None else 0.5):
                if self._bar is None and time.monotonic() - self.started >= self.delay:
                    from tqdm import tqdm

                    self._bar = tqdm(total=self.total, desc=f"bjcalc {self.label}", unit=f" {self.unit}",
                                     file=self.stream, leave=False, dynamic_ncols=True)
                if self._bar is not None:
                    self._bar.n = self.done
                    self._bar.refresh()
            if self._bar is not None:
                self._bar.close()
            return
        while not self._stop_event.wait(self.interval):
            self._line(f"{self._count()}, {time.monotonic() - self.started:.0f} s")

    def stop(self) -> None:
        self._stop_event.set()
        self.join()
        if not self.terminal and self._lines:   # it said something: say that it finished
            self._line(f"done, {self._count()} in {time.monotonic() - self.started:.0f} s")


class Cancelled(Exception):
    """A watched run was cancelled: raised at its next step (not a :class:`BjcalcError`: no answer
    to keep)."""


class Watch:
    """A run's progress as data, and its cancellation: a ``progress`` callable whose loops are
    read by another thread (:meth:`steps`) and stopped by it (:meth:`cancel`).

    Every loop it wraps is one step: ``{"desc": what it counts, "done": items done, "total": n or
    None}``.  Once cancelled, the next item of any step (the first included) raises
    :class:`Cancelled`, so a run stops between two steps' items, with nothing half made.

    >>> watch = Watch()
    >>> [x for x in watch(range(3), total=3, desc="up cards")]
    [0, 1, 2]
    >>> watch.steps()
    [{'desc': 'up cards', 'done': 3, 'total': 3}]
    >>> loop = iter(watch(range(10), total=10))
    >>> next(loop), watch.cancel()
    (0, None)
    >>> try:
    ...     next(loop)
    ... except Cancelled as stopped:
    ...     print(stopped)
    cancelled at step 2, 1/10 steps
    """

    def __init__(self) -> None:
        self._steps: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._cancelled = threading.Event()

    def __call__(self, iterable: Iterable, total: Optional[int] = None, desc: str = "") -> Iterator:
        if total is None:
            try:
                total = len(iterable)  # type: ignore[arg-type]
            except TypeError:
                total = None
        step = {"desc": desc or "steps", "done": 0, "total": total}
        with self._lock:
            self._steps.append(step)
        return self._track(iterable, step)

    def _track(self, iterable: Iterable, step: dict[str, Any]) -> Iterator:
        for item in iterable:
            if self._cancelled.is_set():
                with self._lock:
                    where = f"step {len(self._steps)}, {step['done']}/{step['total']} {step['desc']}"
                raise Cancelled(f"cancelled at {where}")
            yield item
            with self._lock:
                step["done"] += 1

    def reporter(self, unit: str) -> ProgressFn:
        """This watch as a ``progress`` whose steps count ``unit`` unless a loop names its own."""
        return lambda iterable, total=None, desc="": self(iterable, total=total, desc=desc or unit)

    def steps(self) -> list[dict[str, Any]]:
        """The steps so far, oldest first (copies: safe to read while the run goes on)."""
        with self._lock:
            return [dict(step) for step in self._steps]

    def cancel(self) -> None:
        """Stop the run at its next item (a no-op once it has finished)."""
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancelled.is_set()


def isatty(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (False for a closed or fake stream)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def no_progress(iterable: Iterable, total: Optional[int] = None, desc: str = "") -> Iterable:
    """Report nothing: the iterable unchanged (the default ``progress`` of the analyses).

    >>> no_progress([1, 2], total=2)
    [1, 2]
    """
    return iterable


def tty_progress(iterable: Iterable, total: Optional[int] = None, desc: str = "") -> Iterable:
    """A bar on stderr (a terminal :class:`Progress` labelled ``desc``, default ``charts``) when
    stderr is a terminal; otherwise the iterable unchanged (the ``bjcalc`` commands report
    to logs as well: :class:`Progress` with ``terminal=False``).

    >>> import sys
    >>> sys.stderr.isatty() or tty_progress([1, 2]) == [1, 2]
    True
    """
    if not sys.stderr.isatty():
        return iterable
    return Progress(desc or "charts", terminal=True)(iterable, total=total)
