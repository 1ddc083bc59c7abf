"""The HTML report of a game, checked as a page: it parses as HTML5 without one error, headless
Chromium renders it (not blank, no console message, every section heading in the rendered DOM, at
1280 px and at a phone's 400 px), and every number of its House edge and Effects of removal tables
is the API's value for the same game to the digits printed.

The browser test needs the Debian ``chromium`` package (``.ci/run`` installs it when missing) and
says so when it skips.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import html5lib
import pytest

from bjcalc import Calculator, variants
from bjcalc.analysis.report import SECTIONS, TITLES, report

GAME = "classic_single_deck"
HEADINGS = [f"{number}. {TITLES[key]}" for number, key in enumerate(SECTIONS[:-1], 1)]   # (no side bet with this game: left out)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("report") / f"{GAME}.html"
    path.write_text(report(GAME).html(), encoding="utf-8")
    return path


def _tree(text: str):
    return html5lib.parse(text, namespaceHTMLElements=False)


def _text(element) -> str:
    return " ".join("".join(element.itertext()).split())


def _table(tree, header: list[str]) -> list[list[str]]:
    """The body rows of the one table whose first row is ``header``."""
    found = []
    for table in tree.iter("table"):
        rows = [[_text(cell) for cell in row if cell.tag in ("th", "td")] for row in table.iter("tr")]
        if rows and rows[0] == header:
            found.append(rows[1:])
    assert len(found) == 1, f"{len(found)} tables headed {header}"
    return found[0]


def test_the_page_parses_as_html5_without_an_error(page):
    parser = html5lib.HTMLParser(strict=True)   # raises at the first parse error
    parser.parse(page.read_text(encoding="utf-8"))
    assert parser.errors == []


def test_the_page_is_self_contained(page):
    text = page.read_text(encoding="utf-8")
    for loads in ("<script", " src=", 'href="http', "url(http", "@import"):   # (namespace URIs load nothing)
        assert loads not in text


def _chromium(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--enable-logging=stderr", "--v=0", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium not found: install the Debian 'chromium' package "
                    "(.ci/run installs it when missing) to render the report in a browser")
@pytest.mark.parametrize("width", [1280, 400])
def test_chromium_renders_every_section_without_a_console_message(page, tmp_path, width):
    shot = tmp_path / f"report-{width}.png"
    run = _chromium(f"--window-size={width},4000", f"--screenshot={shot}", page.as_uri())
    assert run.returncode == 0, run.stderr[-2000:]
    dom = _chromium(f"--window-size={width},4000", "--dump-dom", page.as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    console = [line for line in (run.stderr + dom.stderr).splitlines() if ":CONSOLE" in line]
    assert console == [], "\n".join(console)   # the page has no script: any console line is an error
    assert [_text(h2) for h2 in _tree(dom.stdout).iter("h2")] == HEADINGS
    from PIL import Image   # (pillow comes with matplotlib, in the test extra)

    with Image.open(shot) as image:
        assert image.size == (width, 4000)
        pixels = image.convert("RGB")
        colours = pixels.getcolors(maxcolors=1 << 20)
        assert colours is not None and len(colours) > 50, "a blank or nearly blank screenshot"
        white = max(colours)[0] / (image.size[0] * image.size[1])
        assert white < 0.97, f"{white:.1%} of the screenshot is one colour"


def test_every_house_edge_and_effect_of_removal_is_the_apis(page):
    tree = _tree(page.read_text(encoding="utf-8"))
    rules = variants.classic_single_deck()
    edges = _table(tree, ["play", "strategy", "house edge"])
    expected = [["TD basic strategy (the chart)", "TD", f"{-Calculator(rules).game('TD').ev * 100:.4f} %"]]
    for split in ("CDZ-", "CDP1", "CDP"):
        ev = Calculator(rules, split_strategy=split).game("CD").ev
        expected.append([f"composition-dependent, post-split {split}", "CD", f"{-ev * 100:.4f} %"])
    assert edges == expected
    effects = Calculator(rules).effects_of_removal()
    removal = _table(tree, ["card", "effect of removal (fixed CD play)"])
    assert removal == [[str(card), f"{float(value) * 100:+.4f} %"] for card, value in effects.items()]
    assert len(removal) == 10
