"""One guard for the whole suite: the bjcalc under test is this checkout's.

An editable install made from another checkout (or an old flat layout) can answer imports this
checkout no longer has, so that a test passes against code that is not here.  Install this
checkout (`python -m pip install -e '.[test]'`) or put it first on PYTHONPATH.
"""

import gc
import sys
from pathlib import Path

import pytest

import bjcalc

# tests/ on the import path whatever pytest's import mode: `from oracles import ...` and `from paths import ROOT`
sys.path.insert(0, str(Path(__file__).resolve().parent))
from paths import ROOT  # noqa: E402

if Path(bjcalc.__file__).resolve().parent != ROOT / "bjcalc":
    raise ImportError(f"the tests import bjcalc from {Path(bjcalc.__file__).parent}, not from this checkout "
                      f"({ROOT}): run python -m pip install -e '.[test]' here, or set PYTHONPATH={ROOT}")


@pytest.fixture(scope="session")
def dask_client():
    """A real Dask cluster of two worker processes on this machine, for the runner's tests (the
    test extra installs dask[distributed]); one per test session."""
    distributed = pytest.importorskip("distributed", reason="the test extra installs dask[distributed]")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=40) as cluster, distributed.Client(cluster) as client:
        yield client


gc.set_threshold(100_000, 50, 100)
"""Collect cycles less often than Python's default (700, 10, 10): a worker holds millions of the
engine's cached objects, and each full collection walks them all.  Measured on tests/unit/game and
tests/oracles (2 workers): 34 s of the workers' CPU went to collections, 19 s with these
thresholds, and no full collection ran at all.  Only the suite's pace changes: no test reads
when a cycle is collected."""


LONGEST_FIRST = (
    "tests/test_notebooks.py::test_notebook_runs_top_to_bottom_and_gives_its_committed_numbers[burn20]",
    "tests/test_notebooks.py::test_notebook_runs_top_to_bottom_and_gives_its_committed_numbers[counting_burn20]",
    "tests/test_docs.py::test_the_site_builds_strict_and_reads_whole",
    "tests/unit/analysis/test_simulate.py::test_the_rounds_sd_comes_with_resplits_the_distribution_refuses",
    "tests/unit/game/test_free_bet.py::test_the_moments_by_hand_pairs_equal_the_whole_distribution[2-True]",
    "tests/unit/analysis/test_simulate.py::test_the_controlled_cut_card_effect",
    "tests/oracles/test_brute_runout.py::test_engine_discriminates",
    "tests/unit/game/test_free_bet.py::test_free_doubles_after_a_hit_equal_the_oracle_exactly[G 4 hands]",
    "tests/unit/analysis/test_charts.py::test_generate_tables_is_idempotent_and_the_committed_tables_match_the_code",
    "tests/test_notebooks.py::test_notebook_runs_top_to_bottom_and_gives_its_committed_numbers[no_bust]",
    "tests/test_types.py::test_the_package_type_checks_clean",
    "tests/test_registry_battery.py::test_the_compiled_kernel_gives_numpys_numbers",
    "tests/test_notebooks.py::test_notebook_runs_top_to_bottom_and_gives_its_committed_numbers[variants]",
    "tests/unit/game/test_removal.py::test_hi_lo_indices_within_one_of_the_published",
    "tests/unit/game/test_free_bet.py::test_the_chart_and_report_say_where_a_double_or_split_is_free",
    "tests/test_notebooks.py::test_notebook_runs_top_to_bottom_and_gives_its_committed_numbers[side_bets]",
    "tests/unit/game/test_user_outcomes.py::test_outcomes_cli_on_the_default_game",
    "tests/test_notebooks.py::test_notebook_runs_top_to_bottom_and_gives_its_committed_numbers[quickstart]",
    "tests/test_notebooks.py::test_notebook_runs_top_to_bottom_and_gives_its_committed_numbers[published]",
)
"""The suite's longest tests (none with a module-scoped fixture), longest first."""


def pytest_collection_modifyitems(session, config, items):
    """Start the longest tests first, half of them at the head of each worker's share.

    pytest-xdist's worksteal gives each of the two workers one contiguous half of the tests and
    lets an idle worker steal from the end of the other's queue; a long test that starts last
    leaves the other core idle until it ends.  Dealt alternately to the heads of the two halves
    (longest first), the long tests start at once and the short ones fill in around them.  The
    order is the same in every worker, as xdist requires; nothing else depends on it."""
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    long = sorted((item for item in items if item.nodeid in rank), key=lambda item: rank[item.nodeid])
    if not long:
        return
    rest = [item for item in items if item.nodeid not in rank]
    first, second = long[0::2], long[1::2]
    cut = max(0, len(items) // 2 - len(first))
    items[:] = first + rest[:cut] + second + rest[cut:]


def pytest_sessionfinish(session):
    """Freeze the objects the session leaves (gc.freeze) before the worker reports it is done.

    An xdist worker ends holding 2-3 million objects (the engine's caches), and pytest's cleanup
    then runs five full garbage collections, 3-6 s each on 2 cores (measured: 2.8 million objects,
    5.8 s a collection).  execnet interrupts a worker still busy 5 s after it was asked to stop,
    and the interrupt landed in a collection: a KeyboardInterrupt warning at the end of every full
    run.  Frozen, those objects are skipped by the collections; the process exits right after."""
    gc.freeze()
