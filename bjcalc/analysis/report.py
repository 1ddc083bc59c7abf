"""A one-page analysis of a game: rules, house edges, rule effects, strategy, removal, side bets.

:func:`report` computes every section for a preset (by name) or any :class:`~bjcalc.core.rules.Rules`
and returns a :class:`Report`: ``.html()`` is one self-contained page (CSS inline, plots as inline
SVG, no script, prints on A4 or Letter), ``.markdown()`` the same in Markdown, and a notebook shows
it inline.  A section whose analysis bjcalc does not have yet (the round's distribution) says so in
one line.

>>> page = report("classic_single_deck", sections=("rules",))
>>> "<h2>1. Rules</h2>" in page.html(), page.markdown().splitlines()[0]
(True, '# classic_single_deck: a bjcalc game report')
"""

from __future__ import annotations

import html
import importlib.metadata
import io
import re
import shlex
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from ..core.cards import Shoe
from ..core.errors import BjcalcError
from ..core.progress import ProgressFn, no_progress
from ..core.rules import Rules
from ..game.calculator import Calculator
from ..game.variants import OPEN_RULES, PRESETS
from .charts import chart
from .counting import SYSTEMS, betting_correlation
from .render import chart_html, markdown_table
from .sweeps import edge_sweep

__all__ = ["report", "Report", "Section", "SECTIONS"]

SECTIONS = ("rules", "edges", "rule effects", "distribution", "strategy", "removal", "side bets")
"""The report's sections, in order (a footer follows them)."""

TITLES = {"rules": "Rules", "edges": "House edge", "rule effects": "House edge by rule",
          "distribution": "The round's distribution", "strategy": "Strategy", "removal": "Effects of removal",
          "side bets": "Side bets"}

SIDE_BETS = {"no_bust_21st_century": ("buster", "lucky-lucky")}
"""The side bets offered with a seed game (GAMES.md): Buster Blackjack and Lucky Lucky with No Bust."""

CSS = """
body{font-family:Georgia,'Times New Roman',serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem;color:#222;
line-height:1.4}
h1{font-size:1.6rem;border-bottom:2px solid #3b6ea8}h2{font-size:1.25rem;color:#1f3f66;margin-top:1.8rem}
table{border-collapse:collapse;margin:.6rem 0;font-family:Helvetica,Arial,sans-serif;font-size:.85rem}
th,td{border:1px solid #bbb;padding:.15rem .45rem;text-align:right}th{background:#eef2f7}
td.l,th.l{text-align:left}.note{color:#555;font-size:.9rem}.wide{overflow-x:auto}
svg{max-width:100%;height:auto}code{overflow-wrap:anywhere}
.bjcalc{overflow-x:auto}.plots{display:flex;flex-wrap:wrap;gap:.4rem 1rem}.plots svg{width:18.5rem}footer{margin-top:2rem;border-top:1px solid #bbb;font-size:.8rem;color:#555}
@media print{body{max-width:none;margin:0}h2{break-after:avoid}table,svg{break-inside:avoid}}
@page{size:auto;margin:15mm}
@media (max-width:40rem){body{margin:.8rem auto;padding:0 .5rem}h1{font-size:1.3rem}.plots svg{width:100%}
table{font-size:.75rem}th,td{padding:.1rem .25rem}
.bjcalc table{font-size:.7rem}body .bjcalc th,body .bjcalc td{padding:1px 3px}}
"""


def _version() -> str:
    try:
        return importlib.metadata.version("bjcalc")
    except importlib.metadata.PackageNotFoundError:   # (run from a checkout that was never installed)
        return "(not installed)"


@dataclass
class Section:
    """One section: its key, title, HTML body and Markdown body."""

    key: str
    title: str
    html: str
    markdown: str


@dataclass
class Report:
    """A computed report; see the module docstring."""

    name: str
    rules: Rules
    shoe: Shoe
    sections: list[Section]
    command: str
    seconds: float
    notes: list[str] = field(default_factory=list)

    def html(self) -> str:
        """The whole report as one self-contained HTML page."""
        body = [f"<h1>{html.escape(self.name)}: a bjcalc game report</h1>"]
        if not any(section.key == "rules" for section in self.sections):   # (section 1 says the rules)
            body.append(f"<p class=\"note\">{html.escape(self.rules.describe(self.shoe))}</p>")
        for number, section in enumerate(self.sections, 1):
            body.append(f"<h2>{number}. {html.escape(section.title)}</h2>\n{section.html}")
        body.append(f"<footer><p>bjcalc {_version()}; regenerate with <code>{html.escape(self.command)}</code>; "
                    f"computed in {self.seconds:.1f} s.</p></footer>")
        return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                f"<title>{html.escape(self.name)}: bjcalc report</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
                + "\n".join(body) + "\n</body>\n</html>\n")

    def markdown(self) -> str:
        """The whole report in Markdown (plots left out, their tables kept)."""
        out = [f"# {self.name}: a bjcalc game report", ""]
        if not any(section.key == "rules" for section in self.sections):
            out += [self.rules.describe(self.shoe), ""]
        for number, section in enumerate(self.sections, 1):
            out += [f"## {number}. {section.title}", "", section.markdown.rstrip(), ""]
        out += ["---", f"bjcalc {_version()}; regenerate with `{self.command}`; computed in {self.seconds:.1f} s.", ""]
        return "\n".join(out)

    def _repr_html_(self) -> str:
        return self.html()


def _table(header: Sequence[str], rows: Iterable[Sequence[Any]], left: int = 1) -> tuple[str, str]:
    """An HTML and a Markdown table (the first ``left`` columns left-aligned)."""
    rows = [[str(cell) for cell in row] for row in rows]
    head = "".join(f"<th class=\"l\">{html.escape(h)}</th>" if i < left else f"<th>{html.escape(h)}</th>"
                   for i, h in enumerate(header))
    body = "".join("<tr>" + "".join(f"<td class=\"l\">{html.escape(c)}</td>" if i < left else
                                    f"<td>{html.escape(c)}</td>" for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f"<div class=\"wide\"><table><tr>{head}</tr>{body}</table></div>", "\n".join(markdown_table(header, rows))


def _percent(value: Any) -> str:
    return f"{float(value) * 100:.4f} %"


def _svg(figure: Any, prefix: str = "") -> str:
    """The figure as inline SVG, its text as text, the same bytes every time (no date, fixed
    ids); ``prefix`` goes before every id (and every reference to one), so that several figures
    on one page have no id in common."""
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "bjcalc"}):
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    if prefix:
        text = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}\1"', text)
        text = re.sub(r'url\(#([^)]+)\)', rf'url(#{prefix}\1)', text)
        text = re.sub(r'href="#([^"]+)"', rf'href="#{prefix}\1"', text)
    return text


def _rules_section(name: str, rules: Rules, shoe: Shoe) -> Section:
    words = html.escape(rules.describe(shoe))
    open_rules = OPEN_RULES.get(name, {})
    if open_rules:
        rows = [(rule, ", ".join(str(v) for v in values), getattr(rules, rule)) for rule, values in open_rules.items()]
        table_html, table_md = _table(["open rule", "values the card allows", "bjcalc's default here"], rows, left=2)
        text = "What the game's card leaves open, and the value this report uses:"
    else:
        table_html = table_md = ""
        text = "No open rules recorded for this game: every rule is as stated."
    return Section("rules", TITLES["rules"], f"<p>{words}</p><p>{text}</p>{table_html}",
                   f"{rules.describe(shoe)}\n\n{text}\n\n{table_md}")


def _edges_section(name: str, calc: Calculator, rules: Rules, shoe: Shoe) -> Section:
    rows = []
    td = calc.game("TD")
    rows.append(("TD basic strategy (the chart)", "TD", _percent(-td.ev)))
    for split in ("CDZ-", "CDP1", "CDP"):
        ev = (calc if split == calc.split_strategy else Calculator(rules, shoe, split)).game("CD").ev
        rows.append((f"composition-dependent, post-split {split}", "CD", _percent(-ev)))
    table_html, table_md = _table(["play", "strategy", "house edge"], rows, left=2)
    from .published import verify

    checked = [row for row in verify(games=[name])] if name in PRESETS else []
    if checked:
        def unit(figure: Any) -> str:
            return " %" if figure.unit == "percent" else ""

        vrows = [(row.figure.key, row.figure.quantity, row.figure.published + unit(row.figure),
                  f"{row.cd:.4f}{unit(row.figure)}" if row.cd is not None else "-",
                  f"{row.td:.4f}{unit(row.figure)}" if row.td is not None else "-",
                  row.verdict) for row in checked]
        v_html, v_md = _table(["figure", "quantity", "published", "ours CD", "ours TD", "verdict"], vrows, left=2)
        notes = [(row.figure.key, row.figure.note) for row in checked if row.figure.note]
        notes_html = "".join(f"<li><b>{html.escape(key)}</b>: {html.escape(note)}</li>" for key, note in notes)
        extra_html = (f"<p>Published figures for this game (<code>bjcalc verify</code>):</p>{v_html}"
                      + (f"<ul class=\"note\">{notes_html}</ul>" if notes else ""))
        extra_md = (f"Published figures for this game (`bjcalc verify`):\n\n{v_md}"
                    + "".join(f"\n- **{key}**: {note}" for key, note in notes))
    else:
        extra_html = "<p class=\"note\">No published figure is recorded for this game.</p>"
        extra_md = "No published figure is recorded for this game."
    note = ("Values are per unit initial bet for one round from a full shoe; the house edge is minus the "
            "player's EV.  <code>bjcalc explain</code> searches the open rules for a published edge.")
    return Section("edges", TITLES["edges"], f"{table_html}<p class=\"note\">{note}</p>{extra_html}",
                   f"{table_md}\n\n{extra_md}")


def _rule_effects_section(name: str, progress: ProgressFn) -> Section:
    if name not in PRESETS:
        return Section("rule effects", TITLES["rule effects"], "<p class=\"note\">Not for custom rules: a sweep "
                       "moves a preset's open rules (give --variant).</p>", "Not for custom rules.")
    frame = edge_sweep(name, progress=progress, decks=None)
    rows = [(rule, "inf" if value == float("inf") else value, f"{edge:.4f} %", "yes" if default else "")
            for rule, value, edge, default in frame.itertuples(index=False)]
    table_html, table_md = _table(["rule", "value", "house edge (CD)", "this game"], rows, left=2)
    try:
        from .sweeps import plot_edges

        pictures = []
        for number, rule in enumerate(dict.fromkeys(frame["rule"])):   # one figure a rule: they wrap on a phone
            figure = plot_edges(name, sweep=frame[frame["rule"] == rule])
            figure.suptitle("")
            pictures.append(_svg(figure, prefix=f"edge{number}-"))
        picture = ("<p class=\"note\">The house edge (CD, %) as each open rule moves, the others as in this game "
                   "(the darker mark: this game's value).</p><div class=\"plots\">" + "".join(pictures) + "</div>")
    except ImportError:
        picture = "<p class=\"note\">(the plot needs matplotlib: pip install -e '.[notebooks]')</p>"
    return Section("rule effects", TITLES["rule effects"], picture + table_html, table_md)


def _distribution_section() -> Section:
    text = ("Not available yet: bjcalc computes the mean of a round exactly, not yet its whole distribution "
            "(standard deviation, win/push/loss, element of risk).")
    return Section("distribution", TITLES["distribution"], f"<p class=\"note\">{text}</p>", text)


def _strategy_section(calc: Calculator, progress: ProgressFn) -> Section:
    cd = chart(calc, "CD", progress=progress)
    top_html = top_md = ""
    exceptions = cd.exceptions
    if len(exceptions):
        best = exceptions.sort_values("gain", ascending=False).head(12)
        rows = [(r.hand, r.up, r.row, r.chart_action, r.cd_action, f"{float(r.gain):.5f}")
                for r in best.itertuples()]
        top_html, top_md = _table(["hand", "up", "chart row", "chart says", "these cards", "gain"], rows, left=5)
        top_html = f"<h4>The {len(best)} most valuable exceptions</h4>{top_html}"
    note = (f"The total-dependent chart (colour-coded), its {len(exceptions)} composition-dependent exceptions "
            f"by chart cell, and the {min(12, len(exceptions))} most valuable of them (gain per hand dealt, in "
            f"initial bets); <code>bjcalc chart --strategy CD</code> lists every hand.")
    return Section("strategy", TITLES["strategy"],
                   f"<p class=\"note\">{note}</p>{chart_html(cd, every_hand=False)}{top_html}",
                   f"{note.replace('<code>', '`').replace('</code>', '`')}\n\n{cd.to_markdown()}\n\n{top_md}")


def _removal_section(calc: Calculator) -> Section:
    try:
        effects = calc.effects_of_removal()
    except BjcalcError as exc:
        text = f"Not available for this shoe: {exc}"
        return Section("removal", TITLES["removal"], f"<p class=\"note\">{html.escape(text)}</p>", text)
    rows = [(card, f"{float(value) * 100:+.4f}") for card, value in effects.items()]
    e_html, e_md = _table(["card", "EOR % (fixed CD play)"], rows)
    scores = sorted(((betting_correlation(effects, system), name) for name, system in SYSTEMS.items()), reverse=True)
    c_rows = [(name, f"{score:.3f}") for score, name in scores]
    c_html, c_md = _table(["count", "betting correlation"], c_rows)
    best = scores[0][1]
    text = (f"The effect on the game's EV of removing one card of each value, the full shoe's CD strategy "
            f"played unchanged; {best} fits these effects best.")
    return Section("removal", TITLES["removal"], f"<p class=\"note\">{html.escape(text)}</p>{e_html}{c_html}",
                   f"{text}\n\n{e_md}\n\n{c_md}")


def _side_bets_section(name: str, rules: Rules, shoe: Shoe) -> Section:
    bets = SIDE_BETS.get(name, ())
    if not bets:
        text = "No side bet is offered with this game among bjcalc's seed games."
        return Section("side bets", TITLES["side bets"], f"<p class=\"note\">{text}</p>", text)
    from ..sidebets import buster_blackjack, lucky_lucky

    rows = []
    if "buster" in bets:
        result = buster_blackjack(shoe, hits_soft_17=rules.dealer_hits_soft_17)
        rows.append(("Buster Blackjack", _percent(result.house_edge)))
    if "lucky-lucky" in bets:
        rows.append(("Lucky Lucky", _percent(lucky_lucky(shoe).house_edge)))
    table_html, table_md = _table(["side bet (default pay table)", "house edge"], rows)
    return Section("side bets", TITLES["side bets"], table_html, table_md)


def report(game: Union[str, Rules, Calculator], shoe: Optional[Shoe] = None,
           sections: Sequence[str] = SECTIONS, progress: ProgressFn = no_progress,
           command: Optional[str] = None) -> Report:
    """Compute the report of a preset (its name), a :class:`Rules` or a :class:`Calculator`.

    ``sections``: which of :data:`SECTIONS` to compute (all by default); ``progress`` wraps the
    loop over sections; ``command`` is the command line the footer names (default: the
    ``bjcalc report`` command for this game).
    """
    started = time.perf_counter()
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        raise BjcalcError(f"unknown report section {unknown[0]!r}; sections: {', '.join(SECTIONS)}")
    if isinstance(game, str):
        if game not in PRESETS:
            raise BjcalcError(f"unknown game {game!r}; presets: {', '.join(sorted(PRESETS))}")
        name, rules = game, PRESETS[game]()
        calc = Calculator(rules, shoe)
    elif isinstance(game, Calculator):
        name, rules, calc = "custom game", game.rules, game
    elif isinstance(game, Rules):
        name, rules, calc = "custom game", game, Calculator(game, shoe)
    else:
        raise BjcalcError(f"report takes a preset name, a Rules or a Calculator, not {type(game).__name__}")
    shoe = calc.shoe
    builders: dict[str, Callable[[], Section]] = {
        "rules": lambda: _rules_section(name, rules, shoe),
        "edges": lambda: _edges_section(name, calc, rules, shoe),
        "rule effects": lambda: _rule_effects_section(name, no_progress),
        "distribution": _distribution_section,
        "strategy": lambda: _strategy_section(calc, no_progress),
        "removal": lambda: _removal_section(calc),
        "side bets": lambda: _side_bets_section(name, rules, shoe),
    }
    chosen = [s for s in SECTIONS if s in sections]
    built = [builders[key]() for key in progress(chosen, total=len(chosen))]
    if command is None:
        command = "bjcalc report " + (f"--variant {shlex.quote(name)}" if name in PRESETS else "[rule flags]")
    return Report(name, rules, shoe, built, command, time.perf_counter() - started)
