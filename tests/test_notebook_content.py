"""What the notebooks show and need (issue 10, item 13): the ``notebooks`` extra installs what it
takes to open and run them, no chart or figure is shown twice, and the side-bets plot shows the
deck effect with a legend clear of its bars."""

import html
import re
import sys
from pathlib import Path

import pytest

from paths import ROOT

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
nbformat = pytest.importorskip("nbformat", reason="the notebook tests need the test extra: pip install -e '.[test]'")

CHART_ROWS = ([f"hard {t}" for t in range(5, 22)] + [f"soft {t}" for t in range(13, 22)]
              + [f"pair {p},{p}" for p in "23456789TA"])


def _project() -> dict:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~;\[ ]", r, maxsplit=1)[0].strip().lower().replace("_", "-") for r in requirements}


def _code(path: Path) -> list:
    return [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]


def test_the_notebooks_extra_installs_jupyter_nbconvert_and_what_the_notebooks_use():
    project = _project()
    extra = _names(project["optional-dependencies"]["notebooks"])
    assert extra & {"jupyterlab", "notebook"}, "a notebook front end: `jupyter lab` or `jupyter notebook`"
    assert {"nbconvert", "ipykernel"} <= extra, "`jupyter nbconvert --execute` and the kernel it runs"
    assert {"matplotlib", "jinja2"} <= extra, "the plots, and Chart.styled() / pandas Stylers"
    installed = extra | _names(project["dependencies"])
    for path in NOTEBOOKS:
        for cell in _code(path):
            for module in re.findall(r"^\s*(?:from|import)\s+(\w+)", cell.source, re.M):
                assert module in sys.stdlib_module_names or module == "bjcalc" or module in installed, \
                    f"{path.name} imports {module}, which `pip install -e '.[notebooks]'` does not install"


def _text(output) -> str:
    if output.output_type == "stream":
        return output.text
    data = output.get("data", {})
    text = data.get("text/html") or data.get("text/plain") or ""
    text = re.sub(r"<style.*?</style>", " ", text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def _chart_grid(text: str):
    """The 35 x 10 codes of a whole strategy chart shown in ``text`` (as text or HTML), or None."""
    grid = []
    for row in CHART_ROWS:
        match = re.search(rf"(?<!\S){re.escape(row)}\s+((?:\S+\s+){{9}}\S+)", text)
        if not match:
            return None
        grid.append(tuple(match.group(1).split()))
    return tuple(grid)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_no_chart_or_figure_is_shown_twice(path):
    grids, images = [], []
    for number, cell in enumerate(_code(path)):
        for output in cell.outputs:
            grid = _chart_grid(_text(output))
            if grid is not None:
                grids.append((grid, number))
            if "image/png" in output.get("data", {}):
                images.append((output.data["image/png"], number))
            plain = output.get("data", {}).get("text/plain", "") if output.output_type == "execute_result" else ""
            assert not re.match(r"<(Figure|Axes|matplotlib)", plain), \
                f"code cell {number} echoes {plain!r} after its plot: end the cell with ';'"
    for shown in (grids, images):
        seen = {}
        for item, number in shown:
            assert item not in seen, f"code cells {seen[item]} and {number} show the same chart or figure"
            seen[item] = number


@pytest.fixture(scope="module")
def side_bets_plot():
    """Run the side-bets notebook's code (in this process, Agg backend) up to its deck plot."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    namespace: dict = {}
    for cell in _code(ROOT / "notebooks" / "side_bets.ipynb"):
        exec(cell.source, namespace)    # noqa: S102 (the notebook's own code)
        if ".plot" in cell.source:
            break
    ax = namespace["ax"]
    ax.figure.canvas.draw()
    yield namespace, ax
    plt.close(ax.figure)


def test_the_side_bets_legend_covers_no_bar(side_bets_plot):
    _, ax = side_bets_plot
    legend = ax.get_legend()
    assert legend is not None and len(legend.get_texts()) == 2
    box = legend.get_window_extent()
    bars = [p for p in ax.patches if p.get_height() != 0]
    assert bars
    covered = [p for p in bars if box.overlaps(p.get_window_extent())]
    assert covered == [], "the legend covers bars"


def test_the_side_bets_axis_shows_the_deck_effect(side_bets_plot):
    """Each bet's change with the number of decks fills a good part of the y axis (it was a tenth,
    on an axis from 0 to 7 %)."""
    namespace, ax = side_bets_plot
    low, high = ax.get_ylim()
    edges = namespace["edges"]
    for bet in edges:
        spread = (edges[bet].max() - edges[bet].min()) * 100    # percentage points, as plotted
        assert spread / (high - low) > 0.25, (bet, spread, (low, high))
