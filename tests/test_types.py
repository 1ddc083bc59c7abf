"""The whole package type-checks clean under mypy (settings in pyproject.toml)."""

import pytest

from paths import ROOT

api = pytest.importorskip("mypy.api", reason="type checks need mypy: pip install -e '.[test]'")


def test_the_package_type_checks_clean(tmp_path):
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path),
                                str(ROOT / "bjcalc")])
    assert status == 0, out + err


def test_the_package_says_it_is_typed():
    assert (ROOT / "bjcalc" / "py.typed").exists()
