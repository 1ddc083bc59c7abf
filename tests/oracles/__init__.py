"""Independent oracles for the test suite: brute-force enumerators and recursions written
from the rules (GAMES.md and the issues) by people who did not read the engine.

They import nothing from bjcalc, so an agreement between an oracle and the engine is
evidence, not an echo.  The ``test_*.py`` files beside them hold the comparisons with the
engine (and the oracles' self-tests); they, not the oracles, import bjcalc.  Test modules in
any folder import the oracles as ``from oracles import brute_force`` (tests/conftest.py puts
``tests/`` on the import path; nothing here edits ``sys.path``).

The oracles count in exact rationals, :data:`Fraction`: gmpy2's ``mpq`` where it is installed
(it is a dependency of bjcalc, so it is; a few times faster than ``fractions.Fraction``, which
is its fallback).  Only the number type is shared with the engine, an exact rational either
way: equal values compare and hash equal across the two types, and every oracle's reasoning
is its own.  ``BJCALC_ORACLE_FRACTIONS=1`` makes them count in ``fractions.Fraction`` (about
ten times slower), so that an agreement does not rest on gmpy2's arithmetic alone.
"""

import os

if os.environ.get("BJCALC_ORACLE_FRACTIONS"):      # (the standard library's, to rule gmpy2 out of a result)
    from fractions import Fraction
else:
    try:
        from gmpy2 import mpq as Fraction
    except ImportError:      # pragma: no cover - gmpy2 comes with bjcalc
        from fractions import Fraction

__all__ = ["Fraction"]
