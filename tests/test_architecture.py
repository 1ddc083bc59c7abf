"""The package's layers, read from its source: imports point only downward, there is no import
circle, and only the vocabulary and the engine's rule-to-procedure modules read a variant flag.

Every ``import`` statement counts, wherever it is (module level, inside a function, under
``TYPE_CHECKING``): an upward import hidden in a function is still an upward dependency.  The
checker is tested on a small planted package first, so a checker that sees nothing fails.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator, Optional

import pytest

from paths import ROOT

PACKAGE = ROOT / "bjcalc"

LAYERS = ("core", "engine", "game", "sidebets", "analysis", "cli", "web")
"""Subpackages from the bottom up: a module may import its own layer and the layers below it."""

FACE = ("bjcalc", "bjcalc._compat", "bjcalc.__main__")
"""The package face on top of everything: lazy public names and the old flat module names."""

VARIANT_FLAGS = ("burn_20", "dealer_22_pushes", "bust_push", "must_hit_below", "hit_21", "hole_card")
"""Rules fields that switch a variant's procedure rather than set a number."""

MAY_READ_FLAGS = ("bjcalc.core", "bjcalc.engine.procedures", "bjcalc.engine.settlement",
                  "bjcalc.engine.dealer", "bjcalc.engine.burn20", "bjcalc.game.variant", "bjcalc.game.variants",
                  "bjcalc.game.free_bet", "bjcalc.game.double_exposure", "bjcalc.game.blackjack_switch",
                  "bjcalc.game.spanish21")
"""Where variant flags may be read: the vocabulary, the one place that turns rules into
procedures (with the settlement and dealer procedures it builds), and the variant classes."""


def module_name(path: Path, root: Path) -> str:
    """``root/pkg/sub/mod.py`` -> ``pkg.sub.mod``; a package's ``__init__.py`` -> the package."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root``, by dotted name."""
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, int]]:
    """The package's own modules that ``name`` imports, with line numbers.

    ``from pkg import thing`` counts as importing the module ``pkg.thing`` when there is one, else
    ``pkg``; relative imports resolve against the module's package.
    """
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    top = next(iter(known)).split(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == top:
                    yield _nearest(alias.name, known), node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            if origin.split(".")[0] != top:
                continue
            for alias in node.names:
                target = f"{origin}.{alias.name}"
                yield (target if target in known else _nearest(origin, known)), node.lineno


def _nearest(dotted: str, known: dict[str, Path]) -> str:
    """The longest prefix of ``dotted`` that is a module of the package."""
    parts = dotted.split(".")
    while parts and ".".join(parts) not in known:
        parts.pop()
    return ".".join(parts)


def layer(name: str) -> Optional[int]:
    """The layer's height (0 = core), ``len(LAYERS)`` for the face, None for a stray module."""
    if name in FACE:
        return len(LAYERS)
    parts = name.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def upward_imports(root: Path) -> list[str]:
    """Each import of a higher layer, and each module outside every layer."""
    known = modules(root)
    problems = []
    for name, path in known.items():
        height = layer(name)
        if height is None:
            problems.append(f"{name} is in no layer ({', '.join(LAYERS)})")
            continue
        for target, line in imports(name, path, known):
            if (layer(target) or 0) > height:
                problems.append(f"{name}:{line} imports {target}, a higher layer")
    return sorted(set(problems))


def import_circles(root: Path) -> list[list[str]]:
    """The import circles among the package's modules (each found once, as a path of names)."""
    known = modules(root)
    graph = {name: sorted({target for target, _ in imports(name, path, known) if target != name})
             for name, path in known.items()}
    circles, state = [], {}   # state: 1 on the current path, 2 done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in graph.get(name, []):
            if state.get(target) == 1:
                circles.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target, path + [target])
        state[name] = 2

    for name in graph:
        if name not in state:
            visit(name, [name])
    return circles


def flag_reads(root: Path) -> list[str]:
    """Each ``something.<variant flag>`` read outside :data:`MAY_READ_FLAGS`."""
    problems = []
    for name, path in modules(root).items():
        if name.startswith(MAY_READ_FLAGS):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in VARIANT_FLAGS:
                problems.append(f"{name}:{node.lineno} reads .{node.attr}")
    return problems


def engine_class_tests(root: Path) -> list[str]:
    """Each ``isinstance(x, C)`` outside the engine where ``C`` is a class imported from the engine
    (a caller asks the object's hooks instead of testing what it is)."""
    problems = []
    for name, path in modules(root).items():
        if name.startswith(root.name + ".engine"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        engine_names = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                        and node.module is not None and (node.module.startswith("engine") or ".engine" in
                                                          "." + node.module)
                        for alias in node.names}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" \
                    and len(node.args) == 2:
                kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
                for kind in kinds:
                    if isinstance(kind, ast.Name) and kind.id in engine_names and kind.id[:1].isupper():
                        problems.append(f"{name}:{node.lineno} tests isinstance(..., {kind.id})")
                    elif isinstance(kind, ast.Attribute) and isinstance(kind.value, ast.Name) \
                            and kind.value.id in engine_names and kind.attr[:1].isupper():     # (module.Class)
                        problems.append(f"{name}:{node.lineno} tests isinstance(..., {kind.value.id}.{kind.attr})")
    return problems


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A small package with one of each fault: an upward import inside a function, a circle,
    and a flag read in the wrong layer."""
    root = tmp_path / "bjcalc"
    files = {
        "__init__.py": "",
        "core/__init__.py": "",
        "core/rules.py": "class Rules:\n    burn_20 = False\n",
        "engine/__init__.py": "",
        "engine/dealer.py": "def f():\n    from ..game import calculator\n",
        "engine/player.py": "from . import splits\n",
        "engine/splits.py": "from .player import x\n",
        "game/__init__.py": "",
        "game/calculator.py": "from ..core.rules import Rules\nflag = Rules().burn_20\n",
        "game/simulate.py": "from ..engine.dealer import Burn20Dealer\nburns = isinstance(None, Burn20Dealer)\n",
        "game/rounds.py": "from ..engine import burn20\nburns = isinstance(None, (int, burn20.Burn20Dealer))\n",
    }
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text)
    return root


def test_the_checker_finds_planted_faults(planted: Path) -> None:
    assert upward_imports(planted) == ["bjcalc.engine.dealer:2 imports bjcalc.game.calculator, a higher layer"]
    assert import_circles(planted) == [["bjcalc.engine.player", "bjcalc.engine.splits", "bjcalc.engine.player"]]
    assert flag_reads(planted) == ["bjcalc.game.calculator:2 reads .burn_20"]
    assert engine_class_tests(planted) == ["bjcalc.game.rounds:2 tests isinstance(..., burn20.Burn20Dealer)",
                                           "bjcalc.game.simulate:2 tests isinstance(..., Burn20Dealer)"]


def test_imports_point_only_downward() -> None:
    assert len(modules(PACKAGE)) > 30
    assert upward_imports(PACKAGE) == []


def test_no_import_circles() -> None:
    assert import_circles(PACKAGE) == []


def test_only_core_and_the_procedures_read_variant_flags() -> None:
    assert flag_reads(PACKAGE) == []


def test_no_isinstance_on_engine_classes_outside_the_engine() -> None:
    assert engine_class_tests(PACKAGE) == []


def test_every_module_declares_all() -> None:
    """``__all__`` in every module: what it offers is written down (an empty list for a module
    that offers nothing but running, like ``__main__``)."""
    missing = [name for name, path in modules(PACKAGE).items()
               if not any(isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets)
                          or isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "__all__"
                          for node in ast.parse(path.read_text(encoding="utf-8")).body)]
    assert missing == []


def test_the_kernel_loads_one_interface_version_and_refuses_others_in_one_line(capfd) -> None:
    """The loader binds a build only of its own interface version (no probing of older builds)."""
    import ctypes.util
    import re

    from bjcalc.engine import _kernels

    source = "".join(path.read_text(encoding="utf-8") for path in sorted((PACKAGE / "engine" / "kernel").glob("*.[ch]")))
    assert re.search(r"int bjcalc_abi_version\(void\) \{ return (\d+); \}", source)[1] == str(_kernels.BJCALC_ABI)
    if _kernels.available():
        assert _kernels._LIBRARY.bjcalc_abi_version() == _kernels.BJCALC_ABI
    capfd.readouterr()
    assert _kernels.bind(ctypes.util.find_library("m") or "libm.so.6") is None
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "stale build" in err and "reinstall bjcalc" in err


def test_the_command_line_and_the_analyses_never_set_engine_memory_flags() -> None:
    """One memory policy, set by Calculator(lean=...): no caller outside the engine sets an engine's
    rows' keep or its keep_values but the calculator (the effects of removal ask the engine's rows
    module to keep or forget: serve_borrowers, keeping_nothing)."""
    setters = []
    for name, path in modules(PACKAGE).items():
        if name.startswith("bjcalc.engine") or name == "bjcalc.game.calculator":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Attribute) and part.attr in ("keep", "keep_values"):
                        setters.append(f"{name}:{node.lineno} sets .{part.attr}")
    assert setters == []


def test_only_the_variant_class_turns_rules_into_procedures() -> None:
    """The dealer's procedure and the settlement come from the round's variant
    (:meth:`~bjcalc.game.variant.Variant.dealer`, ``settlement``): outside the engine only the
    variant class calls the rules-to-procedure functions, so a variant that overrides them is
    obeyed by every analysis (the simulator, the effects of removal, the side bets)."""
    callers = []
    for name, path in modules(PACKAGE).items():
        if name.startswith("bjcalc.engine") or name == "bjcalc.game.variant":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("procedures"):
                callers += [f"{name}:{node.lineno} imports {alias.name}" for alias in node.names
                            if alias.name in ("dealer_procedure", "settlement")]
    assert callers == []
