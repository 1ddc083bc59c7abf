"""MkDocs hooks (mkdocs.yml's ``hooks``): the repository's notebooks and tables as pages of the site.

Nothing is copied into ``docs/``: the files are added to the build where they are.

- ``notebooks/*.ipynb`` become ``notebooks/NAME.ipynb`` pages, rendered by mkdocs-jupyter from
  their committed outputs (not executed).
- A line ``<!-- bjcalc:variant NAME -->`` in a page becomes that preset's rules and open rules,
  read from ``bjcalc.game.variants`` when the site is built (so the page cannot drift from the
  code), with links to its tables where ``tables/`` holds them.
- ``tables/`` becomes a browsable section: ``tables/index.md`` (the folder's index, its links
  pointing at pages), each set's ``chart.md`` and the side bets' ``sidebets.md`` as pages, each CSV
  file as a page ``NAME-csv`` that shows it as a table (with a link to the file itself, also
  served), and the HTML charts and game reports served as the pages they are.
"""

from __future__ import annotations

import csv
import io
import os
import re
import sys
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent   # (this file is docs_hooks/hooks.py)
NOTEBOOKS = ROOT / "notebooks"
TABLES = ROOT / "tables"


VARIANT_MARK = re.compile(r"^<!-- bjcalc:variant (\w+) -->$", re.M)


def _shown(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def variant_block(name: str, page_path: str) -> str:
    """A preset's rules, its open rules (the preset's value in bold) and links to its tables."""
    from bjcalc.game.variants import OPEN_RULES, VARIANTS

    variant = VARIANTS[name]
    rules = variant.rules()
    lines = [f"**{variant.title}.** Rules: {rules.describe()}.", ""]
    open_rules = OPEN_RULES.get(name, {})
    if open_rules:
        lines.append("Open rules, and the values `bjcalc explain` tries (the preset's in bold):")
        lines.append("")
        for field, values in open_rules.items():
            preset = variant.option(rules, field) if field in variant.options else getattr(rules, field, None)
            shown = [f"**{_shown(v)}**" if v == preset else _shown(v) for v in values]
            lines.append(f"- `{field}`: {', '.join(shown)}")
        lines.append("")
    if (TABLES / name / "chart.md").exists():
        up = "../" * page_path.count("/")
        lines.append(f"Tables: [chart]({up}tables/{name}/chart.md), [game report]({up}tables/{name}/REPORT.html), "
                     f"[every file]({up}tables/index.md).")
        lines.append("")
    return "\n".join(lines)


def on_config(config):
    """Let nbconvert (behind mkdocs-jupyter) find its templates where pip put them: in a virtual
    environment made with ``--system-site-packages`` they are under the base installation's
    ``share/jupyter``, which Jupyter does not look in by itself."""
    base = Path(sys.base_prefix) / "share" / "jupyter"
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if base.is_dir() and str(base) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([*paths, str(base)])
    return config


def on_page_markdown(markdown: str, page, config, files) -> str:
    return VARIANT_MARK.sub(lambda m: variant_block(m.group(1), page.file.src_uri), markdown)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").strip()


def csv_page(title: str, name: str, text: str) -> str:
    """A CSV file as a page: its ``#`` lines as a list, each block of rows as a table (left out of the
    site's search: it is data, and indexing it would cost most of the build's time)."""
    out = ["---", "search:", "  exclude: true", "---", "", f"# {title}", "", f"The file: [`{name}`]({name}) (CSV; its `#` lines are comments, "
           "`pandas.read_csv(path, comment=\"#\")` reads it).", ""]
    blocks: list[list[list[str]]] = [[]]
    for line in text.splitlines():
        if line.startswith("#"):
            if blocks[-1]:
                blocks.append([])
            out.append(f"- {_cell(line.lstrip('#'))}")
        elif not line.strip():
            if blocks[-1]:
                blocks.append([])
        else:
            blocks[-1].append(next(csv.reader(io.StringIO(line))))
    for rows in (b for b in blocks if b):
        width = max(len(r) for r in rows)
        rows = [r + [""] * (width - len(r)) for r in rows]
        out += ["", "| " + " | ".join(_cell(c) for c in rows[0]) + " |", "|" + "---|" * width]
        out += ["| " + " | ".join(_cell(c) for c in r) + " |" for r in rows[1:]]
    return "\n".join(out) + "\n"


def _file(config, uri: str) -> File:
    """The repository's file ``uri`` (a path from the repository root) as a file of the site."""
    return File(uri, src_dir=str(ROOT), dest_dir=config["site_dir"], use_directory_urls=config["use_directory_urls"])


def tables_index(text: str) -> str:
    """``tables/README.md`` as the site's index of the tables: the sets first, each linked to its
    chart, with its files' links pointing at pages (a CSV file at the page that shows it); then
    what each file holds, and the codes."""
    text = re.sub(r"\]\(((?:[\w.-]+/)?[\w.-]+)\.csv\)", r"](\1-csv.md)", text)
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| set |"))
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    table = [re.sub(r"^\| `([\w.-]+)` \|", r"| [`\1`](\1/chart.md) |", line) for line in lines[start:end]]
    about = "\n".join(lines[1:start]).strip()
    after = "\n".join(lines[end:]).strip()
    intro = ("The tables bjcalc ships, computed exactly for each preset and for the common rule sets.  A set's "
             "name opens its chart; its row links each file: the chart (md, and as HTML), its CSV files (each "
             "shown as a table, with a link to the file), and its game report, a page of its own.")
    return "\n\n".join(["# Tables", intro, "## The sets", "\n".join(table), after,
                         "## What each file holds", about]) + "\n"


@event_priority(100)     # before mkdocs-jupyter's own on_files, which claims the notebooks added here
def on_files(files: Files, config) -> Files:
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        files.append(_file(config, f"notebooks/{path.name}"))
    if not (TABLES / "README.md").exists():
        return files
    files.append(File.generated(config, "tables/index.md", content=tables_index((TABLES / "README.md").read_text())))
    for path in sorted(TABLES.rglob("*")):
        if not path.is_file() or path == TABLES / "README.md":     # (the index: tables/index.md above)
            continue
        uri = path.relative_to(ROOT).as_posix()
        if path.suffix in (".md", ".html"):
            files.append(_file(config, uri))
        elif path.suffix == ".csv":
            files.append(_file(config, uri))
            title = path.name if path.parent == TABLES else f"{path.parent.name}: {path.name}"
            files.append(File.generated(config, uri.removesuffix(".csv") + "-csv.md",
                                        content=csv_page(title, path.name, path.read_text())))
    return files
