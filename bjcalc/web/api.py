"""The HTTP API as the command line: a query string read as a command's flags, answered by the
command line itself.

``answer("edge", [("decks", "1")])`` runs ``bjcalc edge --decks 1 --json`` in this process (the
same parser, the same command, so the same schema and numbers) and gives ``(200, its JSON)``;
bad input gives ``(400, {"error": "<the command line's one line>"})``, checked before any work.
A query key is a flag's name without its dashes (``split-hands`` or ``split_hands``); a flag
that takes no value is on with ``true`` (or an empty value) and off with ``false`` (its ``--no-``
form); a flag that takes several values takes the key repeated.

Safe by default: only the commands of :data:`COMMANDS`, none of the flags of :data:`BLOCKED`
(those that read or write files on the server, or start processes), an exact computation only
on shoes of at most :data:`EXACT_CARDS` cards (the size limit, refused up front with the size),
at most :data:`HEAVY_JOBS` computations at once; answers are cached by command and flags.

Long work runs as a job (:func:`start`): the same command line, in a thread, its progress by
step (each loop the command reports on stderr: up cards, tables, chart steps) read with
:func:`job`, and cancelled with :func:`cancel` (it stops at its next step and keeps nothing);
its answer lands in the same cache, so ``GET /api/<command>`` then answers at once.  The edge,
a hand and the chart of one game share its calculator (:mod:`bjcalc.cli.shared`): the page's
edge and chart value the up cards once.

>>> status, body = answer("dealer", [("up", "6"), ("decks", "1")])
>>> status, json.loads(body)["command"]
(200, 'dealer')
>>> answer("dealer", [("up", "6"), ("decks", "0")])[0]
400
"""

from __future__ import annotations

import argparse
import json
import secrets
import threading
import time
from concurrent.futures import Executor
from fractions import Fraction
from typing import Any, Iterable, Optional

from cachetools import LRUCache

from ..cli import build_parser, one_line, run
from ..cli.shared import SharedCalculators
from ..core.errors import BjcalcError
from ..core.progress import Cancelled, Watch

__all__ = ["COMMANDS", "BLOCKED", "EXACT_CARDS", "HEAVY_JOBS", "KEPT_JOBS", "answer", "report", "argv_of",
           "flags_of", "preset_rules", "ApiError", "Job", "start", "job", "cancel", "use_pool"]

COMMANDS = ("edge", "hand", "chart", "outcomes", "eor", "dealer", "insurance", "sidebet")
"""The commands the API answers (``sidebet`` with the bet as ``bet``)."""

BLOCKED = frozenset({"out", "format", "files", "chart", "workers", "scheduler", "cluster", "progress"})
"""Flags (by destination) the API refuses: they read or write the server's files or start workers."""

EXACT_CARDS = 104
"""The largest shoe (in cards) an exact computation may take through the API (two decks)."""

HEAVY_JOBS = 2
"""How many computations the API runs at once; more wait their turn."""

KEPT_JOBS = 64
"""How many jobs (the newest) the API remembers, finished or not."""

_CACHE: "LRUCache[tuple, tuple[int, str]]" = LRUCache(maxsize=256)
_CACHE_LOCK = threading.Lock()
_JOBS = threading.BoundedSemaphore(HEAVY_JOBS)
# The calculators of the games being computed, shared by the commands on them: the page asks for a
# game's edge and its chart at once, and the second reads the up cards' values the first computed.
_CALCULATORS = SharedCalculators()
_POOL: Optional[Executor] = None


def use_pool(pool: Optional[Executor]) -> None:
    """The process pool a chart's other TD searches (the game without DAS, without surrender)
    run on beside its own: the server's, kept warm (None: none, each search in turn)."""
    global _POOL
    _POOL = pool
_ON, _OFF = frozenset({"", "true", "1", "on", "yes"}), frozenset({"false", "0", "off", "no"})


class ApiError(BjcalcError):
    """A request the API refuses: one line, as the command line says its errors."""


def _subparser(parser: argparse.ArgumentParser, *path: str) -> argparse.ArgumentParser:
    for name in path:
        action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        if name not in action.choices:
            known = ", ".join(sorted(action.choices))
            raise ApiError(f"unknown {'bet' if parser.prog.endswith('sidebet') else 'command'} {name!r}: "
                           f"use one of {known}")
        parser = action.choices[name]
    return parser


def _path(command: str, pairs: list[tuple[str, str]]) -> list[str]:
    """The command words: ``[command]``, or ``["sidebet", bet]`` (the bet taken from ``pairs``)."""
    if command not in COMMANDS + ("report",):
        raise ApiError(f"the API answers {', '.join(COMMANDS)} and report, not {command!r}")
    if command != "sidebet":
        return [command]
    bets = [value for key, value in pairs if key == "bet"]
    if len(bets) != 1:
        raise ApiError("sidebet needs one bet, as bet=buster (list=true lists them)")
    return ["sidebet", bets[0]]


def _report_argv(pairs: Iterable[tuple[str, str]]) -> list[str]:
    return argv_of("report", pairs)[:-1] + ["--out=-", "--format=html", "--quiet"]


def report(pairs: Iterable[tuple[str, str]]) -> tuple[int, str]:
    """``(200, the game report's HTML page)`` for ``GET /api/report?<pairs>`` (what ``bjcalc report
    ... --out -`` prints), or ``(400, {"error": one line})``; cached as the commands are."""
    try:
        argv = _report_argv(pairs)
        args = _parsed(argv)
        _check_size(args)
    except BjcalcError as refusal:
        return 400, json.dumps({"error": one_line(str(refusal))})
    return _answered(argv, args)


def argv_of(command: str, pairs: Iterable[tuple[str, str]]) -> list[str]:
    """The command line the query ``pairs`` stand for, ``--json`` at its end.

    >>> argv_of("edge", [("decks", "1"), ("h17", "false"), ("bj", "6:5")])
    ['edge', '--decks=1', '--s17', '--bj=6:5', '--json']
    """
    pairs = list(pairs)
    if command == "sidebet" and any(key == "list" for key, _ in pairs):
        return ["sidebet", "--list", "--json"]
    path = _path(command, pairs)
    parser = _subparser(build_parser(), *path)
    by_flag = {flag: action for action in parser._actions for flag in action.option_strings}
    argv = list(path)
    for key, value in pairs:
        if command == "sidebet" and key == "bet":
            continue
        flag = "--" + key.strip().lstrip("-").replace("_", "-")
        action = by_flag.get(flag)
        if action is None or flag in ("--help", "--json"):
            close = sorted(f[2:] for f, a in by_flag.items() if f.startswith("--") and f not in ("--help", "--json")
                           and a.dest not in BLOCKED)
            raise ApiError(f"{' '.join(path)} takes no parameter {key!r}; its parameters: {', '.join(close)}")
        if action.dest in BLOCKED:
            raise ApiError(f"the API does not take {flag} (it reads or writes the server's files or starts "
                           f"workers): use the command line")
        if action.nargs == 0:
            text = value.strip().lower()
            if text in _ON:
                argv.append(flag)
            elif text in _OFF:
                offs = [other for other in action.option_strings if other != flag and other.startswith("--")]
                if flag != action.option_strings[0] or not offs:   # (an off flag, or no off form: off unless given)
                    raise ApiError(f"{key} is a switch that is off unless given: drop it, or give {key}=true")
                argv.append(offs[0])
            else:
                raise ApiError(f"{key} is a switch: give {key}=true or {key}=false, not {value!r}")
        else:
            argv.append(f"{flag}={value}")
    return argv + ["--json"]


def _parsed(argv: list[str]) -> argparse.Namespace:
    args, extra = build_parser().parse_known_args(argv)
    if extra:
        raise ApiError(f"unrecognized parameters: {' '.join(extra)}")
    args.argv = argv
    if hasattr(args, "quiet"):
        args.quiet = True       # (no progress on the server's stderr)
    return args


def _check_size(args: argparse.Namespace) -> None:
    """Refuse, before any work, an exact computation on a shoe larger than :data:`EXACT_CARDS`."""
    if not getattr(args, "exact", False):
        return
    from ..cli import _shoe_from, rules_from

    rules = rules_from(args)
    shoe = _shoe_from(args, rules)
    cards = None if shoe.is_infinite else int(sum(shoe.counts_by()))
    if cards is None or cards > EXACT_CARDS:
        size = "an infinite shoe" if cards is None else f"a shoe of {cards} cards"
        raise ApiError(f"exact=true on {size} is above this server's limit of {EXACT_CARDS} cards: use floats "
                       f"(drop exact), a smaller shoe, or the command line")


def answer(command: str, pairs: Iterable[tuple[str, str]]) -> tuple[int, str]:
    """``(status, body)`` for ``GET /api/<command>?<pairs>``: 200 and the command's JSON, or 400 and
    ``{"error": one line}`` for bad input (checked before any work); cached by the command line."""
    try:
        argv = argv_of(command, pairs)
        args = _parsed(argv)
        _check_size(args)
    except BjcalcError as refusal:
        return 400, json.dumps({"error": one_line(str(refusal))})
    return _answered(argv, args)


def _cached(argv: list[str]) -> Optional[tuple[int, str]]:
    with _CACHE_LOCK:
        return _CACHE.get(tuple(argv))


def _answered(argv: list[str], args: argparse.Namespace, watch: Optional[Watch] = None) -> tuple[int, str]:
    """The command's answer, from the cache or computed (one of :data:`HEAVY_JOBS` at a time);
    raises :class:`~bjcalc.core.progress.Cancelled` if ``watch`` is cancelled first."""
    cached = _cached(argv)
    if cached is not None:
        return cached
    while not _JOBS.acquire(timeout=0.1):      # (waiting its turn, it may be cancelled)
        if watch is not None and watch.cancelled:
            raise Cancelled("cancelled before it started")
    try:
        args.watch, args.calculators, args.pool = watch, _CALCULATORS, _POOL
        result = (200, run(args))
    except BjcalcError as refusal:
        result = (400, json.dumps({"error": one_line(str(refusal))}))
    finally:
        _JOBS.release()
    with _CACHE_LOCK:
        _CACHE[tuple(argv)] = result
    return result


class Job:
    """One command line run in a thread, watched: its state (``running``, ``done``, ``failed``:
    refused with a 400, ``cancelled``), its steps, and its answer once done."""

    def __init__(self, command: str, argv: list[str], args: argparse.Namespace):
        self.id = secrets.token_hex(8)
        self.command, self.argv = command, argv
        self.watch = Watch()
        self.state = "running"
        self.answer: Optional[tuple[int, str]] = None
        self.started = time.monotonic()
        self.elapsed: Optional[float] = None
        self.finished = threading.Event()
        cached = _cached(argv)
        if cached is not None:
            self._finish(cached)
        else:
            threading.Thread(target=self._work, args=(args,), name=f"bjcalc job {self.id}", daemon=True).start()

    def _finish(self, answer: Optional[tuple[int, str]]) -> None:
        self.answer = answer
        self.state = "cancelled" if answer is None else "done" if answer[0] == 200 else "failed"
        self.elapsed = time.monotonic() - self.started
        self.finished.set()

    def _work(self, args: argparse.Namespace) -> None:
        try:
            answer: Optional[tuple[int, str]] = _answered(self.argv, args, self.watch)
        except Cancelled:
            answer = None
        except Exception as error:      # (a bug: the job says so, the server goes on)
            answer = (500, json.dumps({"error": f"internal error: {type(error).__name__}: {error}"}))
        self._finish(answer)

    def json(self) -> dict[str, Any]:
        """What ``GET /api/jobs/<id>`` answers: id, command, command line, state, steps, seconds
        and, once finished, the command's JSON (``result``) or its one-line ``error``; a report's
        page is not inlined: ``download`` is where to get it (from the cache)."""
        payload: dict[str, Any] = {
            "id": self.id, "command": self.command, "argv": "bjcalc " + " ".join(self.argv), "state": self.state,
            "steps": self.watch.steps(),
            "seconds": round(time.monotonic() - self.started if self.elapsed is None else self.elapsed, 3)}
        if self.answer is not None:
            status, body = self.answer
            if status != 200:
                payload["error"] = json.loads(body)["error"]
            elif self.command == "report":
                payload["download"] = "report"
            else:
                payload["result"] = json.loads(body)
        return payload


_JOB_LIST: "LRUCache[str, Job]" = LRUCache(maxsize=KEPT_JOBS)


def start(command: str, pairs: Iterable[tuple[str, str]]) -> tuple[int, dict[str, Any]]:
    """Start ``command`` with the query ``pairs`` as a job: ``(202, its json)`` (``(200, ...)`` if
    already answered, from the cache), or ``(400, {"error": one line})`` for bad input, checked
    before any work as :func:`answer` does.

    >>> status, body = start("dealer", [("up", "6"), ("decks", "1")])
    >>> job(body["id"])[1]["state"] in ("running", "done")
    True
    >>> start("dealer", [("up", "6"), ("decks", "0")])[0]
    400
    """
    try:
        pairs = list(pairs)
        argv = _report_argv(pairs) if command == "report" else argv_of(command, pairs)
        args = _parsed(argv)
        _check_size(args)
    except BjcalcError as refusal:
        return 400, {"error": one_line(str(refusal))}
    started = Job(command, argv, args)
    with _CACHE_LOCK:
        _JOB_LIST[started.id] = started
    return (200 if started.finished.is_set() else 202), started.json()


def _find(job_id: str) -> Optional[Job]:
    with _CACHE_LOCK:
        return _JOB_LIST.get(job_id)


def job(job_id: str, wait: float = 0.0) -> tuple[int, dict[str, Any]]:
    """``(200, the job's json)``, once it has finished or ``wait`` seconds have passed; ``(404,
    ...)`` for an id this server does not know (or no longer: it keeps :data:`KEPT_JOBS`)."""
    found = _find(job_id)
    if found is None:
        return 404, {"error": f"no job {job_id!r} on this server (it keeps the newest {KEPT_JOBS})"}
    if wait > 0:
        found.finished.wait(wait)
    return 200, found.json()


def cancel(job_id: str) -> tuple[int, dict[str, Any]]:
    """Cancel the job (it stops at its next step; a finished job stays as it is): ``(200, its
    json)`` or ``(404, ...)``."""
    found = _find(job_id)
    if found is None:
        return job(job_id)
    found.watch.cancel()
    return 200, found.json()


def preset_rules(variant: Any) -> dict[str, Any]:
    """A variant's preset rules by the flags' destinations (:func:`flags_of`'s ``dest``: the rules'
    fields, and ``option_<name>`` for its options), as JSON values (a pay as the flag takes it, ``3:2``).

    >>> from bjcalc.game.variants import VARIANTS
    >>> rules = preset_rules(VARIANTS["spanish_21"])
    >>> rules["decks"], rules["dealer_hits_soft_17"], rules["blackjack_pays"], rules["option_rescue"]
    (6, True, '3:2', True)
    """
    import dataclasses

    from ..cli import OPTION_PREFIX

    rules = variant.rules()
    values = {field.name: getattr(rules, field.name) for field in dataclasses.fields(rules)}
    values.update({OPTION_PREFIX + name: variant.option(rules, name) for name in variant.options})
    def shown(value: Any) -> Any:       # (a pay as the flag takes it: 3:2)
        if isinstance(value, Fraction):
            return f"{value.numerator}:{value.denominator}"
        return value if isinstance(value, (bool, int, float, str, type(None))) else str(value)

    return {key: shown(value) for key, value in values.items() if key not in ("variant", "options")}


def flags_of(command: str, bet: Optional[str] = None) -> list[dict[str, Any]]:
    """The flags of ``command`` the API takes, for a form: each one's ``name`` (the query key),
    ``dest`` (the rule field or ``option_<name>`` it sets), ``kind`` (``switch``, ``choice`` or
    ``value``), ``choices``, ``default`` and ``help``,
    in the command line's order.

    >>> [f for f in flags_of("edge") if f["name"] == "h17"][0]["kind"]
    'switch'
    """
    parser = _subparser(build_parser(), *(["sidebet", bet] if command == "sidebet" and bet else [command]))
    out = []
    for action in parser._actions:
        longs = [flag for flag in action.option_strings if flag.startswith("--") and not flag.startswith("--no-")]
        if not longs or action.dest in BLOCKED | {"help", "json", "quiet"}:
            continue
        kind = "switch" if action.nargs == 0 else "choice" if action.choices else "value"
        default = action.default if action.default is not argparse.SUPPRESS else None
        out.append({"name": longs[0][2:], "dest": action.dest, "kind": kind, "choices": list(action.choices or []),
                    "default": default if isinstance(default, (str, int, float, bool, type(None))) else str(default),
                    "help": (action.help or "").replace("%%", "%")})
    return out
