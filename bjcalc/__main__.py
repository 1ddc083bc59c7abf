"""``python -m bjcalc`` and the ``bjcalc`` command: the command line, and ``bjcalc serve`` (the web
app, a layer above the command line)."""

import sys
from typing import Optional, Sequence

from .cli import main as command_line

__all__ = ["main"]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run ``bjcalc ARGS``; ``serve`` starts the web app (:mod:`bjcalc.web.server`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["serve"] and not {"-h", "--help"} & set(argv):
        from .web.server import main as serve

        return serve(argv[1:])
    return command_line(argv)


if __name__ == "__main__":
    sys.exit(main())
