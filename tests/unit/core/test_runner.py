"""The runner (bjcalc/core/runner.py): order, retries and lost workers, locally and on a real Dask
LocalCluster of two worker processes (started here; the dask extra is in the test extra)."""

import os
from pathlib import Path

import pytest

from bjcalc.core.errors import BjcalcError
from bjcalc.cli import FlagWords
from bjcalc.core.runner import run_chunks, scheduler_address
from bjcalc.core.words import rule, speaking


def square_after(task):
    """A chunk: its own square, after a sleep that makes later chunks finish first."""
    import time

    value, delay = task
    time.sleep(delay)
    return value * value


def fails_once(task):
    """Raises the first time it runs (a marker file remembers), then succeeds."""
    marker, value = task
    if not Path(marker).exists():
        Path(marker).write_text("failed once")
        raise RuntimeError("a transient failure")
    return value


def dies_once(task):
    """Kills its own worker process the first time it runs (a marker file remembers)."""
    marker, value = task
    if not Path(marker).exists():
        Path(marker).write_text("died once")
        os._exit(1)
    return value


def always_fails(task):
    raise RuntimeError(f"chunk {task} always fails")


def bad_input(task):
    raise BjcalcError("bad input fails the same way every time")


def advice(task):
    return f"use {rule('max_split_hands', task)}"


@pytest.mark.parametrize("workers", [1, 2])
def test_results_come_back_in_chunk_order(workers):
    tasks = [(3, 0.3), (1, 0.0), (2, 0.1)]
    ticks = []

    def progress(iterable, total=None):
        for item in iterable:
            ticks.append(total)
            yield item

    assert run_chunks(square_after, tasks, workers=workers, progress=progress) == [9, 1, 4]
    assert ticks == [3, 3, 3]


@pytest.mark.parametrize("workers", [1, 2])
def test_each_result_is_handed_over_here_as_it_comes(workers):
    seen = []
    tasks = [(3, 0.3), (1, 0.0), (2, 0.1)]
    assert run_chunks(square_after, tasks, workers=workers, on_result=lambda i, r: seen.append((i, r))) == [9, 1, 4]
    assert sorted(seen) == [(0, 9), (1, 1), (2, 4)]
    if workers == 2:
        assert seen[0] != (0, 9)             # the slow first chunk came back after another one


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failed_chunk_is_retried(tmp_path, workers):
    tasks = [(str(tmp_path / f"m{i}"), i) for i in range(3)]
    assert run_chunks(fails_once, tasks, workers=workers) == [0, 1, 2]
    assert all(Path(marker).exists() for marker, _ in tasks)      # each did fail once


@pytest.mark.parametrize("workers", [1, 2])
def test_a_chunk_that_keeps_failing_raises_never_drops(workers):
    with pytest.raises(RuntimeError, match="always fails"):
        run_chunks(always_fails, [1, 2], workers=workers, retries=1)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_worker_writes_in_the_callers_words(workers):
    """A message a chunk writes names the rules as its caller does (the command line's flags), in
    worker processes too."""
    assert run_chunks(advice, [2, 3], workers=workers) == ["use max_split_hands=2", "use max_split_hands=3"]
    with speaking(FlagWords()):
        assert run_chunks(advice, [2, 3], workers=workers) == ["use --split-hands 2", "use --split-hands 3"]


def test_bad_input_is_not_retried(tmp_path):
    with pytest.raises(BjcalcError, match="same way"):
        run_chunks(bad_input, [1], workers=1)


def test_a_killed_local_worker_is_replaced_and_its_chunk_run_again(tmp_path):
    tasks = [(str(tmp_path / "never"), 0), (str(tmp_path / "dies"), 1), (str(tmp_path / "never2"), 2)]
    Path(tasks[0][0]).write_text("")
    Path(tasks[2][0]).write_text("")
    assert run_chunks(dies_once, tasks, workers=2) == [0, 1, 2]
    assert Path(tasks[1][0]).read_text() == "died once"


def test_bad_arguments_are_refused():
    with pytest.raises(BjcalcError, match="workers"):
        run_chunks(abs, [1], workers=0)
    with pytest.raises(BjcalcError, match="tcp://"):
        scheduler_address("localhost")


def test_the_environment_names_the_scheduler(monkeypatch):
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "tcp://127.0.0.1:1")
    assert scheduler_address() == "tcp://127.0.0.1:1"
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS")
    assert scheduler_address() is None


def test_dask_gives_the_local_results_in_order(dask_client):
    tasks = [(3, 0.3), (1, 0.0), (2, 0.1)]
    assert run_chunks(square_after, tasks, scheduler=dask_client) == [9, 1, 4]
    assert run_chunks(square_after, tasks, scheduler=dask_client.scheduler.address) == [9, 1, 4]


def test_dask_retries_a_failed_chunk(dask_client, tmp_path):
    tasks = [(str(tmp_path / f"m{i}"), i) for i in range(3)]
    assert run_chunks(fails_once, tasks, scheduler=dask_client) == [0, 1, 2]


def test_dask_survives_a_killed_worker(dask_client, tmp_path):
    tasks = [(str(tmp_path / "dies"), 7), (str(tmp_path / "other"), 8)]
    Path(tasks[1][0]).write_text("")
    assert run_chunks(dies_once, tasks, scheduler=dask_client) == [7, 8]
    assert Path(tasks[0][0]).read_text() == "died once"


# The long computations that use the runner give the same results wherever their tasks ran.

EXPLAIN_CASE = dict(preset="classic_single_deck", target="0.10",
                    fixed={"max_split_hands": 2, "resplit_aces": False, "hit_split_aces": False})


def test_explain_on_dask_and_on_local_processes_equals_explain_here(dask_client):
    from bjcalc.analysis.explain import explain

    here = explain(**EXPLAIN_CASE, workers=1)
    assert len(here) == 4 and here[0].matches         # two rule sets, CD and TD
    assert explain(**EXPLAIN_CASE, workers=2) == here
    assert explain(**EXPLAIN_CASE, scheduler=dask_client) == here


def test_the_explain_command_takes_a_scheduler_address(dask_client):
    from bjcalc.cli import build_parser, run

    line = ["explain", "--variant", "classic_single_deck", "--edge", "0.10", "--strategy", "CD", "--fix",
            "max_split_hands=2", "resplit_aces=false", "hit_split_aces=false", "--quiet"]
    here = run(build_parser().parse_args(line + ["--workers", "1"]))
    assert here.startswith("1 of 2 rule sets")
    assert run(build_parser().parse_args(line + ["--scheduler", dask_client.scheduler.address])) == here


def test_a_sweep_on_dask_equals_the_sweep_here(dask_client):
    from bjcalc.analysis.sweeps import edge_sweep

    here = edge_sweep("classic_single_deck", rules=["double_after_split", "hit_split_aces"])
    assert edge_sweep("classic_single_deck", rules=["double_after_split", "hit_split_aces"],
                      scheduler=dask_client).equals(here)


def test_tables_computed_on_dask_are_the_files_written_here(dask_client, tmp_path):
    from bjcalc.analysis.tables import generate_tables

    sets, files = ["classic_single_deck", "standard-1d-h17-das"], ["chart.csv", "ev.csv"]
    here = generate_tables(tmp_path / "here", only=sets, files=files, workers=1)
    there = generate_tables(tmp_path / "dask", only=sets, files=files, scheduler=dask_client)
    assert [p.relative_to(tmp_path / "here") for p in here] == [p.relative_to(tmp_path / "dask") for p in there]
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(here, there))


def _game_in_child(queue):
    from bjcalc import Calculator, Rules
    queue.put(float(Calculator(Rules(decks=6, max_split_hands=2)).game().ev))


def test_a_forked_child_computes_after_the_parent_used_the_kernels_threads():
    """The kernel's thread pool does not survive a fork: a child decides its threads again
    (os.register_at_fork) instead of waiting for threads that are not there."""
    import multiprocessing

    from bjcalc import Calculator, Rules
    ev = float(Calculator(Rules(decks=6, max_split_hands=2)).game().ev)     # the parent's pool at work
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("this platform has no fork")
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_game_in_child, args=(queue,))
    child.start()
    child.join(timeout=120)
    hung = child.is_alive()
    if hung:
        child.kill()
    assert not hung and child.exitcode == 0 and queue.get(timeout=5) == ev


def test_a_pools_workers_exit_when_the_process_that_started_it_is_gone(tmp_path):
    """A process that dies without shutting its pool down (a server killed) leaves no worker
    waiting for work forever: each watches the pool's parent."""
    import os
    import subprocess
    import sys
    import time

    script = ("import os\nfrom bjcalc.core.runner import process_pool\npool = process_pool(1)\n"
              "print(pool.submit(os.getpid).result(), flush=True)\nos._exit(0)\n")
    out = tmp_path / "worker.txt"
    with out.open("w") as file:       # (a file, not a pipe, which the worker would hold open)
        subprocess.run([sys.executable, "-c", script], stdout=file, timeout=60, check=True)
    worker = int(out.read_text())
    for _ in range(50):
        try:
            os.kill(worker, 0)
        except OSError:
            return
        time.sleep(0.1)
    raise AssertionError(f"worker {worker} still runs 5 s after its parent exited")
