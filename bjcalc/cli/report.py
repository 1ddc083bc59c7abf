"""The ``bjcalc report`` command: a game's report, as HTML or Markdown.

Without ``--out`` the report goes to a file named after the game in the current folder
(``standard-report.html``; :func:`default_name`) when standard output is a terminal, where a
page of HTML is of no use; piped or redirected (``bjcalc report > r.html``), or with
``--out -``, it is printed.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any, Optional

from ..core.cards import Shoe
from ..core.errors import BjcalcError
from ..core.progress import isatty
from ..core.rules import Rules
from .output import out_format
from .paths import MADE, output_path, suffix_list, write_output
from .shoe_flags import flags_given

__all__ = ["add_report_arguments", "run_report", "REPORT_SUFFIXES", "default_name"]

REPORT_SUFFIXES = {".html": "html", ".htm": "html", ".md": "md", ".markdown": "md"}
"""The report format an ``--out`` file's suffix names."""


def add_report_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``bjcalc report`` beside the rule flags."""
    parser.add_argument("--out", metavar="FILE",
                        help=f"write the report to FILE ({suffix_list(REPORT_SUFFIXES)}; {MADE}); '-' prints it; "
                             f"default: GAME-report.html in this folder when the output is a terminal, else "
                             f"printed (piped or redirected)")
    parser.add_argument("--format", choices=("html", "md"), default=None,
                        help="html (one self-contained page; the default, or from --out's suffix) or md")


def run_report(args: argparse.Namespace, rules: Rules, shoe: Shoe, plain: bool, progress: Any,
               argv: Optional[list[str]] = None) -> str:
    """Compute the report (a preset by name when ``plain``: no rule flag and no custom shoe) and
    write it (``--out``, or :func:`default_name` when standard output is a terminal) or return
    it (``--out -``, or printed to a pipe); the file is checked before the report is computed."""
    from ..analysis.report import report

    fmt = out_format(args.format, args.out if args.out != "-" else None, REPORT_SUFFIXES, "html")
    if "split" in flags_given(args):      # (it was accepted and ignored)
        raise BjcalcError("--split does not apply to 'bjcalc report': the report is of CD play with CDZ- split hands "
                          "beside the TD chart (see 'bjcalc edge --split ...' for another post-split strategy)")
    target = args.out
    if target is None and _stdout_is_terminal():      # (a page of HTML on a terminal is of no use)
        target = default_name(args.variant, plain, fmt)
    path = output_path("--out", target, REPORT_SUFFIXES) if target != "-" else None    # (before the work)
    command = "bjcalc " + " ".join(shlex.quote(a) for a in (argv if argv is not None else ["report"]))
    game: Any = (args.variant or "standard") if plain else rules
    result = report(game, None if plain else shoe, progress=progress, command=command)
    text = result.html() if fmt == "html" else result.markdown()
    if path is None:
        return text
    write_output(path, lambda where: where.write_text(text, encoding="utf-8"))
    named = "" if args.out else " (a name of its own: --out FILE; printed: --out -)"
    return f"wrote {target} ({fmt}, {len(text):,} characters, computed in {result.seconds:.1f} s){named}"


def default_name(variant: Optional[str], plain: bool, fmt: str) -> str:
    """The file a report goes to without ``--out`` (on a terminal): the preset's name, with
    ``-custom`` when rule flags changed it, in the current folder.

    >>> default_name(None, True, "html"), default_name("burn20", False, "md")
    ('standard-report.html', 'burn20-custom-report.md')
    """
    return f"{variant or 'standard'}{'' if plain else '-custom'}-report.{fmt}"


def _stdout_is_terminal() -> bool:
    return isatty(sys.stdout)
