"""The package and its tests pass ruff's check (settings in pyproject.toml: pyflakes' errors,
unused imports and names among them, and the statement-level rules)."""

import subprocess
import sys

import pytest

from paths import ROOT

pytest.importorskip("ruff", reason="the lint check needs ruff: pip install -e '.[test]'")


def test_ruff_finds_nothing():
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "bjcalc", "tests"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
