"""Where the repository is, for tests in any folder: ``from paths import ROOT`` (tests/conftest.py
puts tests/ on the import path, as for ``from oracles import ...``)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
