"""Start-up stays light: ``import bjcalc`` loads neither sympy nor pandas (exact mode imports
sympy when it is used, tables import pandas when asked for), and compiles nothing."""

import subprocess
import sys

from paths import ROOT


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_import_bjcalc_loads_neither_sympy_nor_pandas():
    assert _run("import bjcalc, sys; print('sympy' in sys.modules, 'pandas' in sys.modules)") == "False False"


def test_the_public_names_still_load_on_use():
    assert _run("import bjcalc; print(bjcalc.Calculator.__name__, bjcalc.variants.standard().decks, "
                "sorted(set(bjcalc.__all__) - set(dir(bjcalc))))") == "Calculator 6 []"


def test_a_cold_import_compiles_nothing():
    # the C kernel is built by pip install; importing the engine only loads it (or falls back to numpy)
    assert _run("import sys, bjcalc.engine.dealer; "
                "print('setuptools' in sys.modules or 'distutils' in sys.modules)") == "False"
