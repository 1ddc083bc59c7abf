"""The engine's workspace: what is built once is kept in one place, safely across threads, and
what it holds changes no number."""

import gc
import re
import threading
from pathlib import Path

from bjcalc import Calculator, Rules, Shoe
from bjcalc.engine import _kernels
from bjcalc.engine.workspace import BESIDE, KINDS, WORKSPACE, Workspace

ENGINE = Path(__file__).resolve().parents[3] / "bjcalc" / "engine"


def test_threads_building_one_structure_all_get_the_one_kept():
    space, got, start = Workspace({"trees": 4}, beside=()), [], threading.Barrier(8)

    def build():
        start.wait()
        got.append(space.built("trees", "key", lambda: object()))

    threads = [threading.Thread(target=build) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(got) == 8 and all(item is got[0] for item in got) and space.sizes() == {"trees": 1}


def test_each_kind_is_kept_up_to_its_bound_and_a_cold_workspace_gives_the_same_numbers():
    rules = Rules(decks=2, max_split_hands=2)
    warm = Calculator(rules, Shoe.decks(2).remove("5")).game().ev
    assert all(0 < n <= KINDS[kind] for kind, n in WORKSPACE.sizes().items() if kind in ("dealer trees", "node sets"))
    WORKSPACE.clear()
    assert set(WORKSPACE.sizes().values()) == {0}
    assert Calculator(rules, Shoe.decks(2).remove("5")).game().ev == warm


def test_the_engine_keeps_what_it_builds_in_the_workspace_only():
    """No module of the engine or the game keeps its own cache of built structures (a module- or
    class-level LRU cache or weakly keyed dict; in the engine, a module function under
    functools' lru_cache too): they are the workspace's kinds, or kept beside their structure by
    it (a memo local to one call or one object is not kept)."""
    kept = re.compile(r"^(?:\S.*|    \w+\s*:.*|    \w+\s*=.*)(?:LRUCache|WeakKeyDictionary)\(", re.M)
    memo = re.compile(r"^@(?:functools\.)?lru_cache", re.M)
    paths = [(path, (kept, memo)) for path in sorted(ENGINE.glob("*.py")) if path.name != "workspace.py"]
    paths += [(path, (kept,)) for path in sorted((ENGINE.parent / "game").glob("*.py"))]
    found = [f"{path.name}: {match}" for path, patterns in paths for pattern in patterns
             for match in pattern.findall(path.read_text())]
    assert found == []
    assert kept.findall("_PLANS: dict = weakref.WeakKeyDictionary()\n")      # (the pattern finds one)


def test_what_is_kept_beside_a_structure_goes_with_it_and_with_clear():
    space = Workspace({}, ("plans",))
    owner = type("Owner", (), {})()
    space.beside("plans", owner)["plan"] = 1
    assert space.beside("plans", owner) == {"plan": 1} and space.sizes() == {"plans": 1}
    del owner
    gc.collect()
    assert space.sizes() == {"plans": 0}
    other = type("Owner", (), {})()
    space.beside("plans", other)["plan"] = 2
    space.clear()
    assert space.beside("plans", other) == {}


def test_a_fixed_plays_reach_and_its_split_plans_are_kept_beside_their_node_set():
    WORKSPACE.clear()
    calc = Calculator(Rules(decks=1, max_split_hands=2))
    calc.game("TD")
    calc.effects_of_removal()      # (a fixed play on ten shoes, its split hands decided on the full shoe)
    kept = [kind for kind in BESIDE if kind != "grouped moves" or _kernels.available()]    # (the kernel's only)
    assert all(WORKSPACE.sizes()[kind] > 0 for kind in kept), WORKSPACE.sizes()
