"""The ``bjcalc chart`` and ``bjcalc tables`` commands: their parsers and what they print.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bjcalc")
>>> chart_parser, _ = add_chart_parsers(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["chart", "--format", "md"]).format
'md'
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Optional

from ..core.errors import BjcalcError
from ..core.progress import Progress, no_progress
from .output import fit, out_format
from .paths import MADE, output_folder, output_path, suffix_list, write_output

__all__ = ["add_chart_parsers", "run_chart", "run_tables", "CHART_SUFFIXES"]


def add_chart_parsers(subparsers: Any) -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """Add ``bjcalc chart`` and ``bjcalc tables`` to a CLI's subparsers; returns both parsers.

    The caller adds the rule flags (and ``--exact``, ``--json``, ``--quiet``) to the chart
    parser, ``--json`` and ``--quiet`` to the tables parser, and sets ``args.rules`` (a
    :class:`~bjcalc.core.rules.Rules`) and ``args.shoe`` before :func:`run_chart`.

    >>> parser = argparse.ArgumentParser(prog="bjcalc")
    >>> chart_parser, _ = add_chart_parsers(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["chart", "--strategy", "CD", "--format", "md"])
    >>> args.command, args.strategy, args.format, args.out
    ('chart', 'CD', 'md', None)
    """
    chart_parser = subparsers.add_parser(
        "chart", help="the basic strategy chart (TD) of a game; --strategy CD adds its exceptions",
        description="The total-dependent basic strategy chart of a game, and with --strategy CD the "
                    "composition-dependent exceptions and what each gains.")
    chart_parser.add_argument("--strategy", choices=("TD", "CD"), default="TD",
                              help="TD: the chart; CD: the chart and its composition-dependent exceptions")
    chart_parser.add_argument("--format", choices=("text", "md", "csv", "html"), default=None,
                              help="text (the default, or what --out's suffix names: .md, .csv, .html), md, csv "
                                   "(CD: the chart, a blank line, the exceptions) or html (a coloured page); --json "
                                   "gives JSON instead")
    chart_parser.add_argument("--out", metavar="FILE", default=None,
                              help="write to FILE instead of printing: " + suffix_list(CHART_SUFFIXES)
                                   + f", or .json with --json (the suffix names the format; {MADE})")
    tables_parser = subparsers.add_parser(
        "tables", help="regenerate the generated tables (charts, exceptions, EV tables, reports, side bets)",
        description="Write charts, CD exceptions, EV tables and game reports for every preset and common "
                    "standard rule sets, and every side bet's house edge by pay table and decks, with an index "
                    "README.md.")
    tables_parser.add_argument("--out", metavar="DIR", default="tables",
                               help=f"folder to write (default tables; {MADE})")
    tables_parser.add_argument("--only", nargs="+", action="extend", metavar="SET", help="only these sets (as listed in the index)")
    tables_parser.add_argument("--files", nargs="+", action="extend", metavar="FILE",   # (checked by generate_tables: no import here)
                               help="only these files of each set (chart.md, chart.csv, chart.html, exceptions.csv, "
                                    "ev.csv, REPORT.html, and a preset's eor.csv and pmf.csv) and of the folder "
                                    "(variants.md, variants.csv: every variant's house edge; sidebets.md, "
                                    "sidebets.csv: the side bets; whatever --only); default all: the "
                                    "reports take longest")
    tables_parser.add_argument("--workers", type=int, default=None, metavar="K",
                               help="local processes computing the sets (default: every core)")
    tables_parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                               help="a Dask scheduler, tcp://HOST:8786 (default: $DASK_SCHEDULER_ADDRESS, else local)")
    return chart_parser, tables_parser


CHART_SUFFIXES = {".md": "md", ".markdown": "md", ".csv": "csv", ".html": "html", ".htm": "html", ".txt": "text"}
"""The chart format an ``--out`` file's suffix names (when ``--format`` is not given)."""


def run_chart(args: argparse.Namespace, progress: Optional[Progress] = None) -> str:
    """``bjcalc chart``: the chart of ``args.rules`` in ``args.format`` (or with ``args.json``
    the JSON of :func:`bjcalc.cli.output.chart_json`); with ``args.out``, the file is written and a
    one-line note returned.  Reads ``shoe``, ``split``, ``exact`` and ``json`` from ``args`` when
    present; ``progress`` wraps the chart's steps."""
    from ..analysis.charts import chart     # (pandas: only when charting)
    from ..analysis.render import page
    from ..analysis.tables import write_text
    from .shared import calculator

    exact = bool(getattr(args, "exact", False))
    as_json = bool(getattr(args, "json", False))
    given = getattr(args, "format", None)
    if as_json and given not in (None, "text"):
        raise BjcalcError("give --json or --format, not both (--json is the chart as JSON)")
    out = getattr(args, "out", None)
    fmt = "text" if as_json else out_format(given, out, CHART_SUFFIXES, "text")   # (refused before a folder is made)
    path = output_path("--out", out, CHART_SUFFIXES if not as_json else (".json",))   # (before the work)
    with calculator(args, args.rules, getattr(args, "shoe", None), getattr(args, "split", "CDZ-"), exact) as calc:
        if calc.variant.hands_dealt == 2:       # (two hands that may switch cards: the switching table)
            from ..analysis.switch_chart import switch_chart

            result: Any = switch_chart(calc, progress=progress or no_progress)
        else:
            result = chart(calc, args.strategy, progress=progress or no_progress, pool=getattr(args, "pool", None))
        if as_json:
            from .output import chart_json, dumps, switch_chart_json

            payload = (switch_chart_json(result, exact) if calc.variant.hands_dealt == 2
                       else chart_json(result, calc.assumptions(args.strategy), exact))
            text = dumps("chart", payload) + "\n"
        elif fmt == "md":
            text = result.to_markdown()
        elif fmt == "csv":
            text = result.to_csv()
        elif fmt == "html":
            text = page(result.title, result.to_html())
        else:
            colour = out is None and sys.stdout.isatty() and "NO_COLOR" not in os.environ
            text = result.to_text(colour=colour)
    if path is not None:
        write_output(path, lambda where: write_text(where, text))
        return f"wrote {out}"
    # (only the text is wrapped to 80 columns: a wrapped CSV, Markdown or HTML line would break it)
    return (fit(text) if fmt == "text" and not as_json else text).rstrip("\n")


def run_tables(args: argparse.Namespace, progress: Optional[Progress] = None) -> str:
    """``bjcalc tables``: regenerate the tables folder (``args.out``, default ``tables``), the sets
    computed on ``args.workers`` local processes or the Dask ``args.scheduler`` (written here);
    with ``args.json``, the folder and the files written as JSON."""
    from ..analysis.tables import ALL_FILES, generate_tables

    folder = getattr(args, "out", None) or "tables"
    output_folder("--out", folder)       # (a file there, or a place that cannot be written: refused before the work)
    paths = generate_tables(folder, only=getattr(args, "only", None), progress=progress or no_progress,
                            files=getattr(args, "files", None) or ALL_FILES,   # (every file)
                            workers=getattr(args, "workers", None), scheduler=getattr(args, "scheduler", None))
    if getattr(args, "json", False):
        from .output import dumps

        return dumps("tables", {"folder": str(folder), "written": [str(p) for p in paths]})
    return f"wrote {len(paths)} files to {folder}"
