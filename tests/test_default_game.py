"""One default game everywhere (issue 10, item 4): ``Rules()``, ``bjcalc edge`` with no rule flags,
``variants.standard()``, the ``tables/standard`` set and the README's quickstart are the same game,
the common casino rule that resplits to 4 hands, with the same EV: the published exact figure."""

import contextlib
import io
import json
import re

import pytest

from bjcalc import Calculator, Rules, variants
from bjcalc.analysis.tables import table_sets
from bjcalc.cli import build_parser, main, rules_from
from paths import ROOT

README = ROOT / "README.md"

# GAMES.md section 1: an exact calculator's game EV for 6 decks, S17, double any two incl. soft, DAS,
# resplit to 4 (no RSA), no surrender, peek, 3:2, CDZ-, printed to 1e-9 %.
PUBLISHED_CDZ_PERCENT = "-0.402870236"


def _quickstart_calculator() -> Calculator:
    """The ``calc`` the README's first Python example builds (its lines up to ``calc = ...``)."""
    block = re.search(r"```python\n(.*?)```", README.read_text(), re.S).group(1)
    namespace: dict = {}
    for line in block.splitlines():
        if not line.startswith(">>> "):
            continue
        exec(line[4:], namespace)    # noqa: S102 (the README's own example code)
        if "calc" in namespace:
            return namespace["calc"]
    raise AssertionError("the README's quickstart builds no `calc`")


def _edge_json(argv: list[str]) -> dict:
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(argv) == 0
    return json.loads(out.getvalue())


def _numbers(value) -> list[float]:
    """Every number in a JSON value (so the test does not depend on where `edge --json` puts the EV)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [float(value)]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return []


def test_the_default_rules_resplit_to_four_hands():
    assert Rules().max_split_hands == 4
    assert "split to 4 hands" in Rules().describe()


def test_rules_the_cli_and_the_standard_preset_are_one_game():
    cli_rules = {command: rules_from(build_parser().parse_args([command] + extra))
                 for command, extra in (("edge", []), ("hand", ["--cards", "T,6", "--up", "T"]),
                                        ("chart", []))}
    assert variants.standard() == Rules()
    assert cli_rules == {command: Rules() for command in cli_rules}
    assert table_sets()["standard"] == Rules()


def test_the_readme_quickstart_is_the_default_game():
    calc = _quickstart_calculator()
    assert calc.rules == Rules() and calc.split_strategy == "CDZ-"
    assert calc.shoe == Calculator(Rules()).shoe


@pytest.fixture(scope="module")
def default_ev() -> float:
    return Calculator(Rules()).game().ev


def test_the_default_game_has_the_published_exact_ev(default_ev):
    half_unit = 0.5 * 10 ** -len(PUBLISHED_CDZ_PERCENT.split(".")[1])
    assert abs(default_ev * 100 - float(PUBLISHED_CDZ_PERCENT)) <= half_unit


def test_edge_with_no_flags_the_preset_and_the_readme_give_the_same_ev(default_ev):
    assert Calculator(variants.standard()).game().ev == default_ev
    assert _quickstart_calculator().game().ev == default_ev
    assert default_ev in _numbers(_edge_json(["edge", "--json"]))
    assert default_ev in _numbers(_edge_json(["edge", "--variant", "standard", "--json"]))


def test_the_readme_and_the_python_guide_show_the_default_games_figure_and_rules():
    assert f"'{PUBLISHED_CDZ_PERCENT}%'" in README.read_text()
    guide = (ROOT / "docs" / "guide" / "python.md").read_text()
    assert f"'{PUBLISHED_CDZ_PERCENT}%'" in guide and f"'{Rules().describe()}'" in guide
