"""Unit tests, one folder per layer of bjcalc/.  Packages (with tests/published/ and tests/oracles/),
so that pytest names a test module by its path (unit.game.test_strategy) and two folders may hold
files of the same name."""
