"""Renderings of strategy charts and EV tables: aligned text (80 columns, optionally ANSI
colour), Markdown, CSV, HTML (one background colour per action, no JavaScript) and a pandas
Styler.

The functions take a chart or an EV table as :mod:`bjcalc.analysis.charts` makes them (any
object with the attributes of :class:`ChartView` or :class:`EVTableView`); ``Chart.to_text()``,
``to_markdown()``, ``to_csv()``, ``to_html()``, ``styled()`` and the EV table's ``to_csv()``,
``to_html()`` call them.  This module computes nothing and imports no other analysis module
but :mod:`bjcalc.analysis.codes`.

>>> print("\\n".join(markdown_table(["hand", "2"], [["hard 16", "S"]])))
| hand | 2 |
|---|---|
| hard 16 | S |
"""

from __future__ import annotations

import html as _html
import textwrap
from typing import Any, Iterable, Optional, Protocol, Sequence

import pandas as pd

from ..core.rules import Rules
from .codes import LETTER_ACTION, NOT_DEALT, code_action, split_after_hit

__all__ = ["COLOURS", "code_classes", "code_background", "COLUMN_LABELS", "ChartView", "EVTableView", "edge_words", "markdown_table", "page", "exceptions_csv", "chart_text",
           "chart_markdown", "chart_csv_header", "chart_csv", "chart_html", "chart_styler", "ev_table_csv",
           "ev_table_html", "ev_table_text"]

COLOURS: dict[str, str] = {"hit": "#f6c6c0", "stand": "#fbe7a1", "double": "#b9e0a5", "split": "#a8c8ec",
                           "surrender": "#d6cbe8"}
"""Background colour of each action.  A chart cell takes its code's first action's colour; a
code that says what to do where that action is not allowed (Dh, Ds, Ph, Rs ...) shows the
colour of that other action in its lower right corner, so that Dh and Ds (and P, Ph and Ps)
differ at a glance, in the legend too (:func:`code_background`).  A cell not dealt, none."""


def _fallback(code: str) -> Optional[str]:
    """The action a code falls back on where its first is not allowed (Dh: hit), or None."""
    if code == NOT_DEALT or code.startswith("+"):
        return None
    two = split_after_hit(code)[0]
    return LETTER_ACTION.get(two[1].upper()) if len(two) > 1 else None


def code_classes(code: str) -> str:
    """The HTML classes of a chart cell: its action, and ``else-<action>`` where the code
    falls back on another.

    >>> code_classes("P"), code_classes("Ds"), code_classes("Ph"), code_classes("Dh+D")
    ('split', 'double else-stand', 'split else-hit', 'double else-hit')
    """
    action, other = code_action(code), _fallback(code)
    return action if other is None or other == action else f"{action} else-{other}"


def code_background(code: str) -> str:
    """The CSS background of a chart cell (see :data:`COLOURS`): one colour, or its action's
    with the fallback action's in the lower right corner.

    >>> code_background("S"), code_background("Ds")
    ('#fbe7a1', 'linear-gradient(135deg, #b9e0a5 62%, #fbe7a1 62%)')
    """
    action, other = code_action(code), _fallback(code)
    if action not in COLOURS:
        return "white"
    if other is None or other == action:
        return COLOURS[action]
    return _corner(action, other)


def _corner(action: str, other: str) -> str:
    """A cell of ``action``'s colour with ``other``'s in its lower right corner."""
    return f"linear-gradient(135deg, {COLOURS[action]} 62%, {COLOURS[other]} 62%)"


_ANSI = {"hit": "41", "stand": "43", "double": "42", "split": "44", "surrender": "45"}
_STYLE = ("<style>\n"
          ".bjcalc table {border-collapse: collapse; margin: 4px 0}\n"
          ".bjcalc th, .bjcalc td {padding: 2px 6px; border: 1px solid #999; text-align: center; color: #000; "
          "font-variant-numeric: tabular-nums}\n"
          ".bjcalc th.row {text-align: left}\n"
          ".bjcalc {-webkit-print-color-adjust: exact; print-color-adjust: exact}\n"
          + "".join(f".bjcalc .{action} {{background: {colour}}}\n" for action, colour in COLOURS.items())
          + "".join(f".bjcalc .{action}.else-{other} {{background: {_corner(action, other)}}}\n"
                    for action in COLOURS for other in COLOURS if other != action)
          + "</style>")

COLUMN_LABELS: dict[str, str] = {"row": "chart row", "chart_action": "chart play", "cd_action": "CD play",
                                 "total_gain": "total gain", "max_gain": "max gain",
                                 "total_contribution": "total contribution", "chart_ev": "chart EV", "cd_ev": "CD EV"}
"""The words an exception table's heading uses for a column (the frame's own names elsewhere)."""


def _words(line: str) -> str:
    """A line about the exceptions with their columns named as the tables head them."""
    for column, label in COLUMN_LABELS.items():
        line = line.replace(f"{column}:", f"{label}:")
    return line


class ChartView(Protocol):
    """What a chart rendering reads (:class:`bjcalc.analysis.charts.Chart` has it all)."""

    table: pd.DataFrame
    exceptions: Optional[pd.DataFrame]

    @property
    def title(self) -> str: ...

    def header_lines(self) -> list[str]: ...

    def legend(self) -> list[tuple[str, str]]: ...

    def exception_lines(self) -> list[str]: ...

    def exception_summary(self) -> pd.DataFrame: ...


class EVTableView(Protocol):
    """What an EV table rendering reads (:class:`bjcalc.analysis.charts.EVTable` has it all)."""

    long: pd.DataFrame
    rules: Rules
    shoe: str
    conditioning: str

    @property
    def wide(self) -> pd.DataFrame: ...

    @property
    def best(self) -> pd.DataFrame: ...


# -- pieces -------------------------------------------------------------------------------------
def edge_words(ev_percent: float) -> str:
    """``house edge X %``, or ``player edge X %`` when the game favours the player.

    >>> edge_words(-0.4029), edge_words(0.1531)
    ('house edge 0.4029 %', 'player edge 0.1531 %')
    """
    return f"player edge {ev_percent:.4f} %" if ev_percent > 0 else f"house edge {-ev_percent:.4f} %"


def markdown_table(header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> list[str]:
    """The lines of a Markdown table (``|`` in a cell escaped).

    >>> markdown_table(["a", "b"], [[1, "x|y"]])
    ['| a | b |', '|---|---|', '| 1 | x\\\\|y |']
    """
    def cell(x: Any) -> str:
        return str(x).replace("|", "\\|")
    out = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(cell(x) for x in row) + " |" for row in rows]
    return out


def page(title: str, body: str) -> str:
    """A standalone HTML page (UTF-8, sans-serif) holding ``body``.

    >>> page("A & B", "<p>hi</p>").splitlines()[4]
    '<title>A &amp; B</title>'
    """
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{_html.escape(title)}</title>\n</head>\n<body style=\"font-family:sans-serif\">\n"
            f"{body}\n</body>\n</html>\n")


def exceptions_csv(exceptions: pd.DataFrame, digits: int) -> str:
    """CD exceptions (:data:`bjcalc.analysis.charts.EXCEPTION_COLUMNS`) as CSV, the EVs and
    gains to ``digits`` decimals, a probability of reaching the hand and its contribution to the
    EV (where there) to ``digits + 4``.

    >>> frame = pd.DataFrame([["T", "T,2", 2, "hard 12", "hit", "stand", -0.25, -0.2, 0.05]],
    ...                      columns=["up", "hand", "cards", "row", "chart_action", "cd_action", "chart_ev",
    ...                               "cd_ev", "gain"])
    >>> print(exceptions_csv(frame, digits=3), end="")
    up,hand,cards,row,chart_action,cd_action,chart_ev,cd_ev,gain
    T,"T,2",2,hard 12,hit,stand,-0.250,-0.200,0.050
    """
    frame = exceptions.copy()
    for column in ("chart_ev", "cd_ev", "gain"):
        frame[column] = frame[column].map(lambda x: f"{float(x):.{digits}f}")
    for column in ("probability", "contribution"):
        if column in frame.columns:
            frame[column] = frame[column].map(lambda x: f"{float(x):.{digits + 4}f}")
    return frame.to_csv(index=False, lineterminator="\n")


def _summary_rows(chart: ChartView) -> pd.DataFrame:
    frame = chart.exception_summary()
    for column in ("total_gain", "max_gain"):
        frame[column] = frame[column].map(lambda g: f"{float(g):.6f}")
    frame["total_contribution"] = frame["total_contribution"].map(lambda g: f"{float(g):.8f}")
    return frame


def _exception_rows(chart: ChartView) -> pd.DataFrame:
    assert chart.exceptions is not None
    frame = chart.exceptions[["up", "hand", "row", "chart_action", "cd_action", "gain", "contribution"]].copy()
    frame["gain"] = frame["gain"].map(lambda g: f"{float(g):.6f}")
    frame["contribution"] = frame["contribution"].map(lambda g: f"{float(g):.8f}")
    return frame


def _labels(columns: Iterable[str]) -> list[str]:
    return [COLUMN_LABELS.get(column, column) for column in columns]


# -- charts ---------------------------------------------------------------------------------------
def chart_text(chart: ChartView, colour: bool = False) -> str:
    """Aligned plain text (fits 80 columns); ``colour`` adds ANSI backgrounds (``Chart.to_text``).

    >>> from bjcalc import Calculator, Rules
    >>> from bjcalc.analysis.charts import chart
    >>> lines = chart_text(chart(Calculator(Rules(decks=1, max_split_hands=2)))).splitlines()
    >>> print(next(line for line in lines if line.startswith("dealer")))
    dealer      2   3   4   5   6   7   8   9   T   A
    >>> max(map(len, lines)) <= 80
    True
    """
    def wrap(line: str) -> list[str]:
        return textwrap.wrap(line, 79, subsequent_indent="  ") or [""]

    lines = wrap(chart.title) + [w for line in chart.header_lines() for w in wrap(line)] + [""]
    # (a code with an after-hit suffix, "Dh+D", is four letters: the columns widen for it)
    width = max(3, *(len(str(code)) for code in chart.table.values.ravel()))
    columns = list(chart.table.columns)       # (the up cards; a variant's own: Double Exposure's dealer hands)
    fits = max(1, (79 - 9) // (width + 1))
    for start in range(0, len(columns), fits):      # (as many blocks as 80 columns need)
        block = columns[start:start + fits]
        if start:
            lines.append("")
        lines.append(f"{'dealer':<9}" + "".join(f" {up:^{width}}" if colour else f"{up:>{width + 1}}"
                                                for up in block))
        for row in chart.table.index:
            cells = []
            for up in block:
                code = chart.table.loc[row, up]
                text = f"{code:>{width + 1}}"
                if colour:
                    text = f" \x1b[30;{_ANSI.get(code_action(code), '47')}m{code:^{width}}\x1b[0m"
                cells.append(text)
            lines.append(f"{row:<9}" + "".join(cells))
    lines.append("")
    lines += wrap("  ".join(f"{code} {text}" for code, text in chart.legend()))
    if chart.exceptions is not None:
        lines += ["", "Composition-dependent exceptions"]
        lines += [w for line in chart.exception_lines() for w in wrap(_words(line))]
        if len(chart.exceptions):
            lines += ["", "By chart cell:",
                      f"{'row':<10}{'up':<3}{'chart play':<11}{'CD play':<10}{'hands':>6}{'total gain':>12}"
                      f"{'max gain':>10}"]
            for r in _summary_rows(chart).itertuples(index=False):
                lines.append(f"{r.row:<10}{r.up:<3}{r.chart_action:<11}{r.cd_action:<10}{r.hands:>6}"
                             f"{r.total_gain:>12}{r.max_gain:>10}")
            frame = _exception_rows(chart)
            width = max(4, frame["hand"].str.len().max())
            lines += ["", "Every hand:",
                      f"{'up':<3}{'hand':<{width + 2}}{'row':<10}{'chart play':<11}{'CD play':<10}{'gain':>9}"]
            for r in frame.itertuples(index=False):
                lines.append(f"{r.up:<3}{r.hand:<{width + 2}}{r.row:<10}{r.chart_action:<11}"
                             f"{r.cd_action:<10}{r.gain:>9}")
    return "\n".join(lines) + "\n"


def chart_markdown(chart: ChartView, exceptions: bool = True) -> str:
    """The chart (and exceptions: a summary by chart cell, then every hand) as a Markdown
    document (``Chart.to_markdown``); ``exceptions=False`` leaves the exceptions out (the
    report shows its own).

    >>> from bjcalc import Calculator, Rules
    >>> from bjcalc.analysis.charts import chart
    >>> chart_markdown(chart(Calculator(Rules(decks=1, max_split_hands=2)))).splitlines()[0]
    '# Basic strategy (total-dependent): 1 deck'
    """
    out = [f"# {chart.title}", ""]
    out += [f"- {line}" for line in chart.header_lines()] + [""]
    out += markdown_table(["hand"] + list(chart.table.columns),
                          [[row] + list(chart.table.loc[row]) for row in chart.table.index])
    out += ["", "Codes: " + "; ".join(f"**{code}** {text}" for code, text in chart.legend()) + "."]
    if chart.exceptions is not None and exceptions:
        out += ["", "## Composition-dependent exceptions", ""]
        for line in chart.exception_lines():
            out += [_words(line), ""]
        if len(chart.exceptions):
            out += ["### By chart cell", ""]
            frame = _summary_rows(chart)
            out += markdown_table(_labels(frame.columns), frame.values.tolist())
            out += ["", "### Every hand", ""]
            frame = _exception_rows(chart)
            out += markdown_table(_labels(frame.columns), frame.values.tolist())
    return "\n".join(out) + "\n"


def chart_csv_header(chart: ChartView) -> str:
    """The chart's title, rules, shoe, EVs and notes as ``# `` comment lines (``Chart.csv_header``).

    >>> from bjcalc import Calculator, Rules
    >>> from bjcalc.analysis.charts import chart
    >>> chart_csv_header(chart(Calculator(Rules(decks=1, max_split_hands=2)))).splitlines()[0]
    '# Basic strategy (total-dependent): 1 deck'
    """
    return "".join(f"# {line}\n" for line in [chart.title] + chart.header_lines())


def chart_csv(chart: ChartView) -> str:
    """The chart as CSV: ``# `` comment lines (title, rules, shoe, EVs, notes), then the table
    (first column ``hand``); for CD, a blank line and the exceptions as CSV, EVs and gains to
    9 decimals (``Chart.to_csv``).

    >>> from bjcalc import Calculator, Rules
    >>> from bjcalc.analysis.charts import chart
    >>> [line for line in chart_csv(chart(Calculator(Rules(decks=1)))).splitlines() if line[0] != "#"][0]
    'hand,2,3,4,5,6,7,8,9,T,A'
    """
    text = chart_csv_header(chart) + chart.table.to_csv(index_label="hand", lineterminator="\n")
    if chart.exceptions is not None:
        text += "\n" + exceptions_csv(chart.exceptions, digits=9)
    return text


def _html_chart(table: pd.DataFrame) -> str:
    head = "".join(f"<th>{up}</th>" for up in table.columns)
    lines = ['<table class="strategy">', f"<thead><tr><th>hand</th>{head}</tr></thead><tbody>"]
    for row in table.index:
        cells = "".join(f'<td class="{code_classes(code)}">{code}</td>' for code in table.loc[row])
        lines.append(f'<tr><th class="row">{row}</th>{cells}</tr>')
    lines.append("</tbody></table>")
    return "\n".join(lines)


def _html_legend(legend: list[tuple[str, str]]) -> str:
    return "<p>" + " &nbsp; ".join(f'<span class="{code_classes(code)}">&nbsp;{code}&nbsp;</span> '
                                   f'{_html.escape(text)}' for code, text in legend) + "</p>"


def _html_frame(frame: pd.DataFrame, kind: str) -> str:
    """A frame of exceptions (or their summary) as an HTML table, the plays coloured."""
    columns = list(frame.columns)
    head = "".join(f"<th>{_html.escape(label)}</th>" for label in _labels(columns))
    lines = [f'<table class="{kind}"><thead><tr>{head}</tr></thead><tbody>']
    for record in frame.itertuples(index=False):
        cells = []
        for name, value in zip(columns, record):
            if name in ("chart_action", "cd_action"):
                cells.append(f'<td class="{value}">{value}</td>')
            else:
                cells.append(f"<td>{_html.escape(str(value))}</td>")
        lines.append("<tr>" + "".join(cells) + "</tr>")
    lines.append("</tbody></table>")
    return "\n".join(lines)


def chart_html(chart: ChartView, full_page: bool = False, every_hand: bool = True, exceptions: bool = True) -> str:
    """Coloured HTML: a fragment with its own ``<style>`` (no JavaScript), or with
    ``full_page`` a standalone page (``Chart.to_html``).  ``every_hand=False`` leaves out the
    table of every exception hand (hundreds of rows for one deck) and keeps the summary by
    chart cell; ``exceptions=False`` leaves out every exception table (the report shows
    its own, in percent).

    >>> from bjcalc import Calculator, Rules
    >>> from bjcalc.analysis.charts import chart
    >>> fragment = chart_html(chart(Calculator(Rules(decks=1, max_split_hands=2))))
    >>> fragment.startswith('<div class="bjcalc">'), '<td class="split">P</td>' in fragment
    (True, True)
    """
    parts = [f"<h3>{_html.escape(chart.title)}</h3>", "<ul>"]
    parts += [f"<li>{_html.escape(line)}</li>" for line in chart.header_lines()]
    parts.append("</ul>")
    parts.append(_html_chart(chart.table))
    parts.append(_html_legend(chart.legend()))
    if chart.exceptions is not None and exceptions:
        parts.append(f"<h4>Composition-dependent exceptions ({len(chart.exceptions)})</h4>")
        parts += [f"<p>{_html.escape(_words(line))}</p>" for line in chart.exception_lines()]
        if len(chart.exceptions):
            parts.append("<h5>By chart cell</h5>")
            parts.append(_html_frame(_summary_rows(chart), "summary"))
            if every_hand:
                parts.append("<h5>Every hand</h5>")
                parts.append(_html_frame(_exception_rows(chart), "exceptions"))
    body = f'<div class="bjcalc">\n{_STYLE}\n' + "\n".join(parts) + "\n</div>"
    return page(chart.title, body) if full_page else body


def chart_styler(chart: ChartView) -> Any:
    """The chart as a pandas Styler, one background colour per action, with the title,
    rules, shoe and EVs above it and the legend (``Chart.styled``; needs jinja2 to render).

    >>> from bjcalc import Calculator, Rules
    >>> from bjcalc.analysis.charts import chart
    >>> type(chart_styler(chart(Calculator(Rules(decks=1, max_split_hands=2))))).__name__
    'Styler'
    """
    def colour(code: str) -> str:
        return f"background: {code_background(code)}; color: black; text-align: center"
    style = chart.table.style
    apply = getattr(style, "map", None) or style.applymap
    caption = (f"<b>{_html.escape(chart.title)}</b><br>"
               + "<br>".join(_html.escape(line) for line in chart.header_lines())
               + "<br>Codes: " + "; ".join(f"<b>{code}</b> {_html.escape(text)}" for code, text in chart.legend()))
    return apply(colour).set_caption(caption).set_table_styles(
        [{"selector": "caption", "props": "caption-side: top; text-align: left; font-weight: normal"}])


# -- EV tables ------------------------------------------------------------------------------------
def ev_table_csv(table: EVTableView, wide: bool = True) -> str:
    """The EVs as CSV to 6 decimals: ``wide`` (rows hand and action, columns up cards) or
    ``long`` (one row per up card, hand and action) (``EVTable.to_csv``).

    >>> from bjcalc import Calculator, Rules
    >>> from bjcalc.analysis.charts import ev_table
    >>> lines = ev_table_csv(ev_table(Calculator(Rules(decks=1)))).splitlines()
    >>> lines[0], lines[1][:21]
    ('hand,action,2,3,4,5,6,7,8,9,T,A', '"3,2",stand,-0.293289')
    """
    frame = table.wide if wide else table.long
    return frame.to_csv(float_format="%.6f", lineterminator="\n", index=wide)


def ev_table_html(table: EVTableView) -> str:
    """The wide EV table as coloured HTML, each hand's best action coloured (``EVTable.to_html``).

    >>> from bjcalc import Calculator, Rules
    >>> from bjcalc.analysis.charts import ev_table
    >>> '<td class="split">' in ev_table_html(ev_table(Calculator(Rules(decks=1))))
    True
    """
    wide, best = table.wide, table.best
    head = "".join(f"<th>{up}</th>" for up in wide.columns)
    lines = ['<div class="bjcalc">', _STYLE, f"<h3>EV of every action: {_html.escape(table.shoe)}</h3>",
             f"<p>{_html.escape(table.rules.describe(table.shoe))}.  Values: {_html.escape(table.conditioning)}; "
             f"the best action is coloured.</p>",
             f'<table class="ev"><thead><tr><th>hand</th><th>action</th>{head}</tr></thead><tbody>']
    for hand, action in wide.index:
        cells = []
        for up in wide.columns:
            value = wide.loc[(hand, action), up]
            if pd.isna(value):
                cells.append("<td></td>")
            else:
                mark = f' class="{action}"' if best.loc[hand, up] == action else ""
                cells.append(f"<td{mark}>{float(value):+.4f}</td>")
        lines.append(f'<tr><th class="row">{hand}</th><td>{action}</td>{"".join(cells)}</tr>')
    lines += ["</tbody></table>", "</div>"]
    return "\n".join(lines)


def ev_table_text(table: EVTableView) -> str:
    """The wide EV table as aligned text, values to 4 decimals with a sign (``str(EVTable)``).

    >>> from bjcalc import Calculator, Rules
    >>> from bjcalc.analysis.charts import ev_table
    >>> ev_table_text(ev_table(Calculator(Rules(decks=1)))).splitlines()[0].split()
    ['up', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A']
    """
    return table.wide.to_string(float_format=lambda x: f"{x:+.4f}")
