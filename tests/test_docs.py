"""The front door and the documentation site.

- README.md stays short (at most 150 lines), names no issue number and no date, and its test
  command is the one .ci/run runs.
- docs/performance.md is what benchmarks/render.py makes from the recorded benchmark runs.
- The site builds with ``mkdocs build --strict`` (a warning, a broken link or a missing reference
  fails it), every page is reachable from the home page by its links, and the API reference shows
  every public name (each module's ``__all__``), with no Sphinx role left raw.  Skipped, saying
  so, where the docs extra is not installed.

The examples of README.md and docs/*.md run as doctests (pyproject's ``--doctest-glob``).
"""

from __future__ import annotations

import html.parser
import importlib
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urldefrag

import pytest

from paths import ROOT

README = ROOT / "README.md"


def test_the_readme_is_short():
    assert len(README.read_text().splitlines()) <= 150


def test_the_readme_names_no_issue_and_no_date():
    text = README.read_text()
    assert not re.findall(r"\bissues?\s*#?\d+", text, re.I), "the README speaks of the product, not the tracker"
    assert not re.findall(r"(?<![\w&/])#\d+\b", text)
    assert not re.findall(r"\b\d{4}-\d{2}-\d{2}\b|\b(?:19|20)\d{2}\b", text), "no dates in the README"
    assert not re.findall(r"\b\d+(?:\.\d+)?\s*(?:ms|seconds?|minutes?|s)\b(?!\w)", text), "no timings in the README"


def test_the_readmes_set_up_commands_are_the_ones_that_run():
    text = README.read_text()
    assert "python -m pip install -e . && bjcalc edge" in text
    last = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line.strip()][-1]
    assert f"```sh\n{last}\n```" in text, "the README's test command is .ci/run's last line"


def _render():
    spec = importlib.util.spec_from_file_location("bjcalc_bench_render", ROOT / "benchmarks" / "render.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_performance_page_is_made_from_the_recorded_runs():
    render = _render()
    runs = render.runs()
    assert runs, "benchmarks/results/ holds no recorded run"
    for run in runs:
        assert {"benchmark", "command", "date", "commit", "machine", "load_average", "cases"} <= set(run)
        assert {"cpu", "cores", "python"} <= set(run["machine"])
    expected = render.render(runs, json.loads(render.REFERENCE.read_text()))
    assert (ROOT / "docs" / "performance.md").read_text() == expected, "run python benchmarks/render.py"


# -- the site -------------------------------------------------------------------------------------
for _tool in ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python", "mkdocs_jupyter"):
    if importlib.util.find_spec(_tool.split(".")[0]) is None or (
            "." in _tool and importlib.util.find_spec(_tool) is None):
        _MISSING: str | None = _tool
        break
else:
    _MISSING = None
needs_docs = pytest.mark.skipif(_MISSING is not None, reason=f"the docs build needs the docs extra ({_MISSING} is "
                                f"not installed): python -m pip install -e '.[docs]'")


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if attrs.get("id"):
            self.ids.add(attrs["id"])


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(errors="replace"))
    return parser


def _build(out: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-6000:]
    assert "WARNING" not in done.stderr, done.stderr[-6000:]


@needs_docs
def test_the_site_builds_strict_and_reads_whole(tmp_path):
    """One build (a few seconds of CPU, so once for the suite, not once per check) and its checks."""
    site = tmp_path / "site"
    _build(site)
    _every_page_is_reachable_from_the_home_page(site)
    _the_api_reference_shows_every_public_name(site)
    _the_api_reference_shows_no_raw_sphinx_role(site)


def _every_page_is_reachable_from_the_home_page(site: Path) -> None:
    pages = {p for p in site.rglob("*.html") if p.name != "404.html"}
    seen, todo = set(), [site / "index.html"]
    while todo:
        page = todo.pop()
        if page in seen or not page.exists():
            continue
        seen.add(page)
        if page.suffix != ".html":
            continue
        for href in _parse(page).links:
            target = urldefrag(href)[0]
            if not target or re.match(r"^[a-z]+:", target):
                continue
            todo.append((page.parent / unquote(target)).resolve())
    unreached = sorted(str(p.relative_to(site)) for p in pages - seen)
    assert unreached == [], f"pages no link from the home page reaches: {unreached}"


def _the_api_reference_shows_every_public_name(site: Path) -> None:
    ids: set[str] = set()
    for page in (site / "api").glob("*.html"):
        ids |= _parse(page).ids
    missing = []
    for path in sorted((ROOT / "bjcalc").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        if name.endswith("__main__"):
            continue
        module = importlib.import_module(name)
        missing += [f"{name}.{n}" for n in getattr(module, "__all__", ()) if not _documented(ids, name, n, module)]
    assert missing == [], f"public names (in __all__) the API reference does not show: {missing}"


def _documented(ids: set[str], module_name: str, name: str, module) -> bool:
    """Whether ``module.name`` has an entry: under that name, or, re-exported by a package, where it lives."""
    if f"{module_name}.{name}" in ids:
        return True
    value = getattr(module, name)
    if isinstance(value, type(sys)):
        return value.__name__ in ids
    if getattr(value, "__module__", None) and getattr(value, "__qualname__", None):
        return f"{value.__module__}.{value.__qualname__}" in ids
    return any(i.startswith(module_name + ".") and i.endswith("." + name) for i in ids)


def _the_api_reference_shows_no_raw_sphinx_role(site: Path) -> None:
    raw = {page.name: re.findall(r":(?:class|meth|func|data|mod|attr):`?[^\s<]*", page.read_text())[:3]
           for page in (site / "api").glob("*.html")}
    assert {name: found for name, found in raw.items() if found} == {}, "roles left raw (docs_hooks/griffe_bjcalc.py)"
