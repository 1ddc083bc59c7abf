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


def pytest_sessionfinish(session):
    """Freeze the objects the session leaves (gc.freeze) before the worker reports it is done.

    An xdist worker ends holding 2-3 million objects (the engine's caches), and pytest's cleanup
    then runs five full garbage collections, 3-6 s each on 2 cores (measured: 2.8 million objects,
    5.8 s a collection).  execnet interrupts a worker still busy 5 s after it was asked to stop,
    and the interrupt landed in a collection: a KeyboardInterrupt warning at the end of every full
    run.  Frozen, those objects are skipped by the collections; the process exits right after."""
    gc.freeze()
