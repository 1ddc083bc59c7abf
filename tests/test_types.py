"""The whole package type-checks clean under mypy (settings in pyproject.toml)."""

import os

import pytest

from paths import ROOT

api = pytest.importorskip("mypy.api", reason="type checks need mypy: pip install -e '.[test]'")


def test_the_package_type_checks_clean():
    # (no cache: each run starts cold anyway, and mypy's docs name os.devnull for "write none")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", os.devnull,
                                str(ROOT / "bjcalc")])
    assert status == 0, out + err


def test_the_package_says_it_is_typed():
    assert (ROOT / "bjcalc" / "py.typed").exists()
