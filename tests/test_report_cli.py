"""bjcalc report (issue 16): every section on the page, HTML and Markdown, the CLI's file output
and its refusals.  (The browser rendering and the numbers on the page: tests/test_report.py.)"""

import html

import pytest

from bjcalc.analysis.report import SECTIONS, TITLES, report
from bjcalc.cli import main
from bjcalc.core.errors import BjcalcError


@pytest.fixture(scope="module")
def classic():
    return report("classic_single_deck")


def test_every_section_in_order_with_the_assumptions(classic):
    page, text = classic.html(), classic.markdown()
    positions = [page.index(f"<h2>{n}. {html.escape(TITLES[key])}</h2>") for n, key in enumerate(SECTIONS, 1)]
    assert positions == sorted(positions)
    assert all(f"## {n}. {TITLES[key]}" in text for n, key in enumerate(SECTIONS, 1))
    assert classic.rules.describe(classic.shoe) in page and "Not available yet" in page
    # self-contained: nothing fetched (no script, stylesheet link, import or remote image)
    assert not any(part in page for part in ("<script", "<link", "@import", 'src="http', "url(http"))
    assert page.count("<svg") >= 1            # the edge-by-rule plot, inline


def test_the_cli_writes_the_page(tmp_path, capsys):
    out = tmp_path / "r.md"
    assert main(["report", "--variant", "classic_single_deck", "--out", str(out), "--quiet"]) == 0
    assert "wrote" in capsys.readouterr().out
    text = out.read_text()
    assert text.startswith("# classic_single_deck: a bjcalc game report")
    assert "bjcalc report --variant classic_single_deck" in text


@pytest.mark.parametrize("call, message", [
    (lambda: report("no such game"), "unknown game"),
    (lambda: report("standard", sections=("rules", "gossip")), "unknown report section"),
    (lambda: report(42), "preset name, a Rules or a Calculator"),
])
def test_bad_input_is_one_line(call, message):
    with pytest.raises(BjcalcError, match=message) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_an_unwritable_file_exits_2(tmp_path, capsys):
    assert main(["report", "--variant", "classic_single_deck", "--out", str(tmp_path / "no" / "r.html"),
                 "--quiet"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
