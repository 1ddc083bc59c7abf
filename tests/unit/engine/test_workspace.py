"""The engine's workspace: what is built once is kept in one place, safely across threads, and
what it holds changes no number."""

import re
import threading
from pathlib import Path

from bjcalc import Calculator, Rules, Shoe
from bjcalc.engine.workspace import KINDS, WORKSPACE, Workspace

ENGINE = Path(__file__).resolve().parents[3] / "bjcalc" / "engine"


def test_threads_building_one_structure_all_get_the_one_kept():
    space, got, start = Workspace({"trees": 4}), [], threading.Barrier(8)

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
    """No engine module keeps its own cache of built structures (a module- or class-level LRU
    cache, a module function under functools' lru_cache): they are the workspace's kinds (a
    memo local to one call is not kept)."""
    kept = re.compile(r"^(?:\S.*|    \w+\s*:.*|    \w+\s*=.*)LRUCache\(|^@(?:functools\.)?lru_cache", re.M)
    found = [f"{path.name}: {match}" for path in sorted(ENGINE.glob("*.py")) if path.name != "workspace.py"
             for match in kept.findall(path.read_text())]
    assert found == []
