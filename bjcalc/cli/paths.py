"""Where the ``bjcalc`` commands write: one rule for every file or folder a command writes.

Every command that writes (``chart --out``, ``tables --out``, ``report --out``, ``count --out``
and ``--plot``) checks its path with :func:`output_path` before any work starts, and writes
through :func:`write_output`:

* missing folders on the way are created (``--out results/2024/r.csv`` makes ``results/2024``);
* the file's suffix must be one the command writes (``.csv`` or ``.parquet`` ...); another
  suffix, or none, is refused in one line naming the suffixes it takes;
* a path that cannot be written (a folder where a file is wanted, a file where a folder is
  wanted, a read-only place) is refused before the work, in one line;
* an OS error while writing (a full disk, a folder removed meanwhile) is one line too.

Every refusal is a :class:`~bjcalc.core.errors.BjcalcError` (``bjcalc: error: ...``, exit 2).

>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as folder:
...     path = output_path("--out", os.path.join(folder, "new", "r.csv"), (".csv", ".parquet"))
...     write_output(path, lambda p: p.write_text("a,b\\n"))
...     (path.parent.is_dir(), path.read_text())
(True, 'a,b\\n')
>>> output_path("--out", "r.pdf", (".csv", ".parquet"))
Traceback (most recent call last):
...
bjcalc.core.errors.BjcalcError: --out r.pdf: the file must be named .csv or .parquet (missing folders are created)
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from ..core.errors import BjcalcError

__all__ = ["output_path", "output_folder", "write_output", "suffix_list", "MADE"]

MADE = "missing folders are created"
"""How every writing command treats a path's missing folders (said in each ``--help``)."""


def suffix_list(suffixes: Iterable[str]) -> str:
    """The suffixes as a user reads them: ``.csv or .parquet``, ``.png, .svg or .pdf``.

    >>> suffix_list((".png", ".svg", ".pdf"))
    '.png, .svg or .pdf'
    """
    names = list(dict.fromkeys(suffixes))
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def output_path(flag: str, value: Optional[Any], suffixes: Iterable[str]) -> Optional[Path]:
    """The file ``flag`` (``"--out"``) names, checked before any work: its suffix is one of
    ``suffixes`` (any case), it is not a folder, its missing folders are created (now, so that a
    folder that cannot be made is refused now) and it can be written; None when ``value`` is
    None.  An existing file is kept until :func:`write_output` replaces it.

    >>> output_path("--plot", None, (".png",)) is None
    True
    """
    if value is None:
        return None
    allowed = tuple(s.lower() for s in suffixes)
    text = str(value)
    path = Path(text)
    if not text.strip():
        raise BjcalcError(f"{flag} needs a file name ({suffix_list(allowed)})")
    if path.is_dir():
        raise BjcalcError(f"{flag} {text} is a folder: name a file in it ({suffix_list(allowed)})")
    if path.suffix.lower() not in allowed:
        raise BjcalcError(f"{flag} {text}: the file must be named {suffix_list(allowed)} ({MADE})")
    _make_folder(flag, text, path.parent)
    existed = path.exists()
    try:
        with open(path, "ab"):       # (appends nothing: an existing file is unchanged)
            pass
    except OSError as exc:
        raise BjcalcError(f"cannot write {text} ({flag}): {_reason(exc)}") from None
    if not existed:
        try:
            path.unlink()
        except OSError:
            pass
    return path


def output_folder(flag: str, value: Any) -> Path:
    """The folder ``flag`` names for a command that writes several files, checked before any
    work: not an existing file, created with its missing parents, and writable.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     output_folder("--out", os.path.join(folder, "a", "b")).is_dir()
    True
    """
    text = str(value)
    if not text.strip():
        raise BjcalcError(f"{flag} needs a folder name")
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise BjcalcError(f"{flag} {text} is a file: name a folder to write the files in ({MADE})")
    _make_folder(flag, text, path)
    try:
        probe = path / f".bjcalc-write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise BjcalcError(f"cannot write in the folder {text} ({flag}): {_reason(exc)}") from None
    return path


def write_output(path: Path, write: Callable[[Path], Any]) -> None:
    """Call ``write(path)`` (which writes the file), its folder made again if it went missing
    meanwhile; an OS error becomes one line, ``cannot write PATH: reason``."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path)
    except OSError as exc:
        raise BjcalcError(f"cannot write {path}: {_reason(exc)}") from None


def _make_folder(flag: str, text: str, folder: Path) -> None:
    """Create ``folder`` and its missing parents, or refuse in one line (a file in the way, a
    place where no folder can be made)."""
    for part in (folder, *folder.parents):
        if part.exists():
            if not part.is_dir():
                raise BjcalcError(f"cannot write {text} ({flag}): {part} is a file, not a folder")
            break
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BjcalcError(f"cannot write {text} ({flag}): cannot create the folder {folder}: {_reason(exc)}") from None


def _reason(exc: OSError) -> str:
    """An OS error in words: its message without the Python decoration."""
    return exc.strerror or str(exc)
