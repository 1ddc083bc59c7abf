"""What the ``bjcalc`` commands print: one JSON shape, and text that fits 80 columns (:func:`fit`:
never broken inside a number).

The JSON of every command is an object with ``"command"`` (its name) and, wherever a
result rests on a game, ``"assumptions"``: always the same object, the fields of
:class:`~bjcalc.game.calculator.Assumptions` (``rules``, ``shoe``, ``strategy``,
``split_strategy``, ``conditioning``, ``arithmetic``), each a sentence.  Money is in
fractions of the bet (``-0.0045`` is a house edge of 0.45 %); a field in percent says
so in its name (``*_percent``).  A computed number is a plain JSON number, or with
``--exact`` an object ``{"exact": "p/q", "float": x}`` (the one exception: a standard
deviation, which is irrational, stays a float).  The documentation's "JSON output" page
lists every command's fields.

>>> from fractions import Fraction
>>> number(0.25, exact=False), number(Fraction(-1, 3), exact=True)
(0.25, {'exact': '-1/3', 'float': -0.3333333333333333})
>>> print(fit("rules: " + "6 decks, S17, " * 8, width=40))
rules: 6 decks, S17, 6 decks, S17, 6
  decks, S17, 6 decks, S17, 6 decks,
  S17, 6 decks, S17, 6 decks, S17, 6
  decks, S17,
"""

from __future__ import annotations

import json
import math
import re
import textwrap
from pathlib import Path
from typing import Any, Iterable, Optional

from ..core.errors import BjcalcError
from ..game.calculator import Assumptions

__all__ = ["WIDTH", "QUIET_NO_OP", "number", "signed", "assumptions_json", "chart_json", "switch_chart_json", "upcard_json", "upcard_lines",
           "dumps", "fit", "lines_fit", "out_format"]

WIDTH = 80
"""Columns every text output fits in."""

QUIET_NO_OP = "accepted, with nothing to turn off: this command is quick and reports no progress"
"""The help of ``--quiet`` on a command with no progress report: every command takes the flag, so
a script may pass it to all of them."""


def number(value: Any, exact: bool) -> Any:
    """A computed value for JSON: a float, or with ``exact`` ``{"exact": "p/q", "float": x}``;
    None (JSON null) for no value (None, or the NaN of a value that does not exist, like the
    effect of removing a card the shoe holds none of).

    >>> from fractions import Fraction
    >>> number(Fraction(3, 2), exact=True), number(float("nan"), exact=True)
    ({'exact': '3/2', 'float': 1.5}, None)
    """
    if value is None or (isinstance(value, float) and value != value):     # (NaN is not equal to itself)
        return None
    if exact:
        return {"exact": str(value), "float": float(value)}
    return float(value)


def signed(value: Any, places: int = 9, scale: int = 1) -> str:
    """A value (times ``scale``, 100 for percent) with a sign and ``places`` decimals; zero, and
    what rounds to it, as ``+0.000...`` (never ``-0.000``).

    >>> signed(-0.0040592, 4, 100), signed(-1e-12, 4, 100)
    ('-0.4059', '+0.0000')
    """
    text = f"{float(value) * scale:+.{places}f}"
    return "+" + text[1:] if text[0] == "-" and not text.strip("-0.") else text


def upcard_lines(rows: Iterable[tuple[str, Any, Any, Any]], ev: Any) -> list[str]:
    """A game's EV by up card as an aligned table, in percent of the initial bet: ``rows`` as
    :meth:`GameResult.rows <bjcalc.game.rounds.GameResult.rows>` gives them, and the game's ``ev``.

    >>> print("\\n".join(upcard_lines([("6", 0.5, 0.2, 0.1), ("T", 0.5, -0.2, -0.1)], 0.0)))
     up     P(up) %  EV given up %  contribution %
      6   50.000000    +20.0000000     +10.0000000
      T   50.000000    -20.0000000     -10.0000000
    all  100.000000     +0.0000000
    """
    lines = [f"{'up':>3} {'P(up) %':>11} {'EV given up %':>14} {'contribution %':>15}"]
    for up, p_up, up_ev, part in rows:
        lines.append(f"{up:>3} {float(p_up) * 100:>11.6f} {signed(up_ev, 7, 100):>14} {signed(part, 7, 100):>15}")
    return lines + [f"{'all':>3} {100:>11.6f} {signed(ev, 7, 100):>14}"]


def upcard_json(rows: Iterable[tuple[str, Any, Any, Any]], exact: bool) -> dict[str, dict[str, Any]]:
    """The ``"by_upcard"`` object of a game: up card -> ``probability``, ``ev``, ``contribution``.

    >>> upcard_json([("6", 0.5, 0.2, 0.1)], exact=False)
    {'6': {'probability': 0.5, 'ev': 0.2, 'contribution': 0.1}}
    """
    return {up: {"probability": number(p_up, exact), "ev": number(up_ev, exact), "contribution": number(part, exact)}
            for up, p_up, up_ev, part in rows}


def assumptions_json(assumptions: Assumptions) -> dict[str, str]:
    """The ``"assumptions"`` object: every field of an :class:`Assumptions`, by name.

    >>> from bjcalc import Calculator, Rules
    >>> sorted(assumptions_json(Calculator(Rules(decks=1)).assumptions()))
    ['arithmetic', 'conditioning', 'rules', 'shoe', 'split_strategy', 'strategy']
    """
    return assumptions.as_dict()


def _legend(chart: Any) -> list[tuple[str, str]]:
    legend = chart.legend
    return list(legend() if callable(legend) else legend)


def chart_json(chart: Any, assumptions: Assumptions, exact: bool) -> dict[str, Any]:
    """A :class:`~bjcalc.analysis.charts.Chart` as JSON: ``table`` (row -> up card -> code),
    ``legend`` (code -> meaning, every code of the table), ``exceptions`` (CD: one
    object per hand, values per unit initial bet; TD: empty), ``ev`` of TD and CD play,
    and the assumptions.
    """
    table = {str(row): {str(up): str(code) for up, code in cells.items()} for row, cells in chart.table.iterrows()}
    exceptions = []
    if chart.exceptions is not None:
        for record in chart.exceptions.to_dict(orient="records"):
            exceptions.append({key: (number(value, exact) if key in ("chart_ev", "cd_ev", "gain") else
                                     int(value) if key == "cards" else str(value))
                               for key, value in record.items()})
    return {"strategy": chart.strategy, "table": table,
            "legend": {code: meaning for code, meaning in _legend(chart)}, "exceptions": exceptions,
            "ev": {name: number(value, exact) for name, value in chart.ev.items()},
            "assumptions": assumptions_json(assumptions)}


def switch_chart_json(chart: Any, exact: bool) -> dict[str, Any]:
    """A :class:`~bjcalc.analysis.switch_chart.SwitchChart` as JSON: ``table`` (hand kind -> up card
    -> EV in % as printed), ``rule`` (how to read it), ``hands`` (the hands' TD chart: row -> up
    card -> code), ``ev`` (per hand, switching exactly and by the table) and the assumptions."""
    frame = chart.switching.frame()
    table = {str(row): {str(up): number(value, False) for up, value in cells.items()} for row, cells in frame.iterrows()}
    hands = {str(row): {str(up): str(code) for up, code in cells.items()} for row, cells in chart.hands.iterrows()}
    return {"strategy": chart.strategy, "table": table, "rule": chart.header_lines()[1], "hands": hands,
            "ev": {name: number(value, exact) for name, value in chart.ev.items()},
            "assumptions": assumptions_json(chart.assumptions)}


def dumps(command: str, payload: dict[str, Any]) -> str:
    """The JSON text of one command's result: ``{"command": ..., **payload}``, indented.
    Strict JSON, which every parser reads: a NaN anywhere (no value) becomes null and an
    infinity (the infinite deck's) the string ``"inf"``, as :func:`number` would have them.

    >>> print(dumps("demo", {"ev": 0.5, "slope": float("nan"), "decks": [float("inf")]}))
    {
      "command": "demo",
      "ev": 0.5,
      "slope": null,
      "decks": [
        "inf"
      ]
    }
    """
    return json.dumps(_strict({"command": command, **payload}), indent=2, allow_nan=False)


def _strict(value: Any) -> Any:
    """``value`` with every NaN float replaced by None and every infinity by ``"inf"``/``"-inf"``."""
    if isinstance(value, float):
        if value != value:
            return None
        return ("inf" if value > 0 else "-inf") if value in (math.inf, -math.inf) else value
    if isinstance(value, dict):
        return {key: _strict(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_strict(item) for item in value]
    return value


_KEEP = "\ue000"
"""A space at which a line may not break (a private-use character, never in bjcalc's text)."""
_FIELD_GAP = re.compile(r"(?<=\S) {2,}(?=\S)")
_ASSIGNMENT = re.compile(r" *[^=]+ = \S+")


def _glued(body: str, room: int) -> str:
    """``body`` with the spaces it may not break at made :data:`_KEEP`: inside each field of a
    line of fields (set apart by two spaces or more, as in ``house edge 5.3 %   hit frequency
    0.24``) when every field fits in ``room``, and before a ``%``."""
    gaps = _FIELD_GAP.findall(body)
    fields = _FIELD_GAP.split(body)
    if gaps and all(len(field) <= room for field in fields):
        body = fields[0].replace(" ", _KEEP) + "".join(gap + field.replace(" ", _KEEP)
                                                       for gap, field in zip(gaps, fields[1:]))
    return body.replace(" %", _KEEP + "%")


def fit(text: str, width: int = WIDTH) -> str:
    """``text`` with every line longer than ``width`` wrapped (continuation lines
    indented two more spaces), never inside a word or a number: a label stays with its
    value, a number with its ``%``, and a line ``name = value`` (an exact fraction) stays
    whole however long.  Lines with terminal colour codes are left as they are.

    >>> fraction = "-2702544761567758362075906601587158564715707449/627651264301000383055072514866531538"
    >>> fit("exact EV = " + fraction) == "exact EV = " + fraction
    True
    >>> print(fit("house edge 5.305386 %   EV -5.305386 %   std dev 2.875534   hit frequency 23.7487 %"))
    house edge 5.305386 %   EV -5.305386 %   std dev 2.875534
      hit frequency 23.7487 %
    """
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width or "\x1b" in line or _ASSIGNMENT.fullmatch(line):
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip(" "))]
        body = _glued(line[len(indent):], width - len(indent) - 2)
        out += [part.replace(_KEEP, " ") for part in
                textwrap.wrap(indent + body, width, initial_indent="", subsequent_indent=indent + "  ",
                              break_long_words=False, break_on_hyphens=False)] or [""]
    return "\n".join(out)


def lines_fit(lines: Iterable[str], width: int = WIDTH) -> list[str]:
    """:func:`fit` of each line, as a list of lines."""
    return fit("\n".join(lines), width).split("\n")


def out_format(given: Optional[str], out: Optional[str], suffixes: dict[str, str], default: str) -> str:
    """The format a command writes: ``--format`` where given, else the one ``--out``'s suffix
    names (``suffixes``: suffix -> format), else ``default``.  A ``--format`` that another
    format's suffix contradicts (``--format md --out r.html``) is refused, in one line.

    >>> CHART = {".md": "md", ".csv": "csv", ".html": "html"}
    >>> out_format(None, "chart.csv", CHART, "text"), out_format("md", "notes.txt", CHART, "text")
    ('csv', 'md')
    >>> out_format("md", "r.html", CHART, "text")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.BjcalcError: --format md does not match --out r.html (html): drop --format, or name the file for md
    """
    named = suffixes.get(Path(out).suffix.lower()) if out else None
    if given is not None and named is not None and named != given:
        raise BjcalcError(f"--format {given} does not match --out {out} ({named}): drop --format, or name the file "
                          f"for {given}")
    return given or named or default
