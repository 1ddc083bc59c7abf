"""The suite's schedule names tests that exist: a renamed long test would otherwise start last
(conftest.LONGEST_FIRST) and leave one core idle while it runs."""

from conftest import LONGEST_FIRST
from paths import ROOT


def test_every_test_the_schedule_starts_first_is_defined():
    missing = []
    for node in LONGEST_FIRST:
        path, name = node.split("::")
        source = ROOT / path
        if not source.exists() or f"def {name.split('[')[0]}(" not in source.read_text():
            missing.append(node)
    assert missing == [], f"tests/conftest.py LONGEST_FIRST names tests that are not defined: {missing}"
