"""One guard for the whole suite: the bjcalc under test is this checkout's.

An editable install made from another checkout (or an old flat layout) can answer imports this
checkout no longer has, so that a test passes against code that is not here.  Install this
checkout (`python -m pip install -e '.[test]'`) or put it first on PYTHONPATH.
"""

from pathlib import Path

import bjcalc

ROOT = Path(__file__).resolve().parent.parent

if Path(bjcalc.__file__).resolve().parent != ROOT / "bjcalc":
    raise ImportError(f"the tests import bjcalc from {Path(bjcalc.__file__).parent}, not from this checkout "
                      f"({ROOT}): run python -m pip install -e '.[test]' here, or set PYTHONPATH={ROOT}")
