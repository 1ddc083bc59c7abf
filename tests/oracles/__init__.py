"""Independent oracles for the test suite: brute-force enumerators and recursions written
from the rules (GAMES.md and the issues) by people who did not read the engine.

They import nothing from bjcalc, so an agreement between an oracle and the engine is
evidence, not an echo.  Test modules import them as ``from oracles import brute_force``
(pytest puts ``tests/`` on the import path for its test modules; nothing here edits
``sys.path``).
"""
