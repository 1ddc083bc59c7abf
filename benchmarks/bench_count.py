"""Rounds per second of the shoe simulator (``bjcalc count``), and where a round's time goes.

Run:  python benchmarks/bench_count.py [ROUNDS] [--indices] [--dask | --only-dask] [--no-record]

The game: 6 decks, S17, DAS, split once (CDZ-), floats, 75 % penetration, Hi-Lo.
Every round gets both exact EVs (fixed and perfect play) and is played out; with ``--indices``
the player adds the Hi-Lo index plays, and each round gets their exact EV as well.  Printed:

- rounds per second of one process (``workers=1``), by wall clock and per CPU-second (the
  engine's dealer kernel may use threads, so CPU time is the per-core figure);
- the per-round cost breakdown, timed on the same rounds in the same order: building the
  depleted shoe's calculator (dealer trees, node sets), perfect play (its game), fixed play
  (the full shoe's strategy on it), and the rest (play-out, counting, bookkeeping);
- with ``--dask``: the same rounds on a 2-worker Dask LocalCluster and on 2 local processes.

Every run is recorded in ``benchmarks/results/`` (``record.py``; ``--no-record`` to print only),
and ``python benchmarks/render.py`` makes ``docs/performance.md`` from those files.
The machine's load average is printed first: timings on a loaded machine are not comparable.
This prints and records; it asserts nothing (timings are not tests).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from bjcalc import Calculator, Rules
from bjcalc.analysis import simulate as sim_module
from bjcalc.analysis.simulate import SimulationSpec, _Worker, simulate, with_index_plays
from bjcalc.game.removal import play_on_each
from record import Run

RULES = Rules(decks=6, dealer_hits_soft_17=False, double_after_split=True, max_split_hands=2)
REFERENCE = json.loads((Path(__file__).resolve().parent / "reference.json").read_text())["figures"]["count-6d"]
"""The reference calculator's rate for this game (``benchmarks/reference.json``)."""


class Timed:
    """Wraps the three costly steps of a round to add up their times."""

    def __init__(self) -> None:
        self.times = {"calculator": 0.0, "perfect": 0.0, "fixed": 0.0}

    def wrap(self, name: str, function):
        def timed(*args, **kwargs):
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.times[name] += time.process_time() - start
        return timed


def breakdown(rounds: int, indices: bool = False) -> dict:
    spec = SimulationSpec(RULES)
    worker = _Worker(with_index_plays(spec) if indices else spec)
    timed = Timed()
    original_calc, original_play_on = sim_module.Calculator, sim_module.play_on_each

    class TimedCalculator(Calculator):
        def __init__(self, *args, **kwargs):
            timed.wrap("calculator", super().__init__)(*args, **kwargs)

        def game(self, *args, **kwargs):
            return timed.wrap("perfect", super().game)(*args, **kwargs)

    sim_module.Calculator, sim_module.play_on_each = TimedCalculator, timed.wrap("fixed", play_on_each)
    try:
        wall, cpu, done, number = time.perf_counter(), time.process_time(), 0, 0
        while done < rounds:
            done += len(worker.shoe(number))
            number += 1
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        sim_module.Calculator, sim_module.play_on_each = original_calc, original_play_on
    print(f"one process: {done} rounds ({number} shoes) in {wall:.1f} s wall, {cpu:.1f} CPU-s: "
          f"{done / wall:.1f} rounds/s wall, {done / cpu:.1f} rounds per CPU-second "
          f"(reference {REFERENCE['rounds_per_second']})")
    rest = cpu - sum(timed.times.values())
    parts = {}
    for name, seconds in list(timed.times.items()) + [("play-out, count, rows", rest)]:
        print(f"  {name:<22} {seconds / done * 1000:7.1f} ms per round  {seconds / cpu * 100:5.1f} %")
        parts[name] = seconds / done * 1000
    return {"case": "count-indices" if indices else "count", "kind": "one process",
            "label": f"bjcalc count rounds, {RULES.describe()}, both exact EVs and the play-out"
                     + (", with the Hi-Lo index plays" if indices else ""),
            "reference": "count-6d", "rounds": done, "shoes": number, "wall_s": wall, "cpu_s": cpu,
            "rounds_per_second": done / wall, "rounds_per_cpu_second": done / cpu, "ms_per_round": parts}


def dask_against_local(rounds: int) -> dict:
    from distributed import Client, LocalCluster

    # a shoe per task (about 43 rounds), so that both runners have several tasks for two workers
    kwargs = dict(rounds=rounds, seed=1, progress=None, shoes_per_chunk=1)
    start = time.perf_counter()
    local = simulate(RULES, workers=2, **kwargs)
    local_time = time.perf_counter() - start
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=40) as cluster, Client(cluster) as client:
        start = time.perf_counter()
        remote = simulate(RULES, scheduler=client, **kwargs)
        dask_time = time.perf_counter() - start
    same = local.frame.equals(remote.frame)
    print(f"2 local processes: {rounds / local_time:.1f} rounds/s; 2-worker Dask LocalCluster: "
          f"{rounds / dask_time:.1f} rounds/s (ratio {local_time / dask_time:.2f}); identical frames: {same}")
    return {"case": "count-dask", "kind": "two workers", "label": f"the same {rounds} rounds on 2 local processes "
            "and on a 2-worker Dask LocalCluster", "reference": None, "rounds": rounds,
            "local_rounds_per_second": rounds / local_time, "dask_rounds_per_second": rounds / dask_time,
            "identical": bool(same)}


def main(argv: list[str]) -> None:
    rounds = int(next((a for a in argv if a.isdigit()), 200))
    run = Run("bench_count.py", argv)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {RULES.describe()}")
    if "--only-dask" not in argv:
        run.add(breakdown(rounds, "--indices" in argv))
    if "--dask" in argv or "--only-dask" in argv:
        run.add(dask_against_local(rounds))
    if "--no-record" not in argv:
        run.save()


if __name__ == "__main__":
    main(sys.argv[1:])
