"""The ``bjcalc report`` command: a game's one-page report, as HTML or Markdown."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path
from typing import Any, Optional

from ..core.cards import Shoe
from ..core.errors import BjcalcError
from ..core.rules import Rules
from .output import out_format
from .shoe_flags import flags_given

__all__ = ["add_report_arguments", "run_report", "REPORT_SUFFIXES"]

REPORT_SUFFIXES = {".html": "html", ".htm": "html", ".md": "md", ".markdown": "md"}
"""The report format an ``--out`` file's suffix names."""


def add_report_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``bjcalc report`` beside the rule flags."""
    parser.add_argument("--out", metavar="FILE", help="write the report to FILE (default: print it)")
    parser.add_argument("--format", choices=("html", "md"), default=None,
                        help="html (one self-contained page; the default, or from --out's suffix) or md")


def run_report(args: argparse.Namespace, rules: Rules, shoe: Shoe, plain: bool, progress: Any,
               argv: Optional[list[str]] = None) -> str:
    """Compute the report (a preset by name when ``plain``: no rule flag and no custom shoe) and
    write or return it."""
    from ..analysis.report import report

    suffix = Path(args.out).suffix.lower() if args.out else ""
    if suffix and suffix not in REPORT_SUFFIXES:
        raise BjcalcError(f"--out writes an HTML (.html) or Markdown (.md) report, not {suffix!r}: name the file so")
    fmt = out_format(args.format, args.out, REPORT_SUFFIXES, "html")
    if "split" in flags_given(args):      # (it was accepted and ignored)
        raise BjcalcError("--split does not apply to 'bjcalc report': the report is of CD play with CDZ- split hands "
                          "beside the TD chart (see 'bjcalc edge --split ...' for another post-split strategy)")
    command = "bjcalc " + " ".join(shlex.quote(a) for a in (argv if argv is not None else ["report"]))
    game: Any = (args.variant or "standard") if plain else rules
    result = report(game, None if plain else shoe, progress=progress, command=command)
    text = result.html() if fmt == "html" else result.markdown()
    if not args.out:
        return text
    try:
        Path(args.out).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BjcalcError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    return f"wrote {args.out} ({fmt}, {len(text):,} characters, computed in {result.seconds:.1f} s)"
