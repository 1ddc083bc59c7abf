"""A one-page analysis of a game: rules, house edges, rule effects, the round's distribution,
strategy, removal, side bets.

:func:`report` computes every section for a preset (by name) or any :class:`~bjcalc.core.rules.Rules`
and returns a :class:`Report`: ``.html()`` is one self-contained page (CSS inline, plots as inline
SVG, no script, prints on A4 or Letter), ``.markdown()`` the same in Markdown, and a notebook shows
it inline.  Where the round's distribution is refused for the game's resplits, its section gives
the same game split to two hands, says so, and states the game's own exact mean and SD.

>>> page = report("classic_single_deck", sections=("rules",))
>>> "<h2>1. Rules</h2>" in page.html(), page.markdown().splitlines()[0]
(True, '# classic_single_deck: a bjcalc game report')
"""

from __future__ import annotations

import copy
import dataclasses
import html
import importlib.metadata
import io
import re
import shlex
import time
import weakref
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence, Union

from ..core.cards import Shoe
from ..core.errors import BjcalcError
from ..core.progress import ProgressFn, no_progress
from ..core.rules import Rules
from ..game.calculator import Calculator, GameResult
from ..game.distribution import RoundOutcomes
from ..game.moments import RoundMoments
from ..game.variants import OPEN_RULES, PRESETS
from .charts import chart
from .counting import SYSTEMS, betting_correlation
from .render import chart_html, markdown_table
from .sweeps import EVs, edge_sweep, sweep_points

__all__ = ["report", "Report", "Section", "SECTIONS", "round_distribution", "resplit_moments", "moments_line"]

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
th,td{border:1px solid #bbb;padding:.15rem .45rem;text-align:right;white-space:nowrap}th{background:#eef2f7}
td.l,th.l{text-align:left;white-space:normal}.note{color:#555;font-size:.9rem}.wide{overflow-x:auto}
svg{max-width:100%;height:auto}code{overflow-wrap:anywhere}
.bjcalc{overflow-x:auto}.plots{display:flex;flex-wrap:wrap;gap:.4rem 1rem}.plots svg{width:28rem}
.key{display:inline-block;width:.9em;height:.9em;vertical-align:-.1em;border:1px solid #888}
details{margin:.4rem 0}summary{cursor:pointer;color:#1f3f66}
footer{margin-top:2rem;border-top:1px solid #bbb;font-size:.8rem;color:#555}footer p{margin:.3rem 0}
@media print{body{max-width:none;margin:0}h2{break-after:avoid}table,svg{break-inside:avoid}.plots svg{width:20rem}}
@page{size:auto;margin:15mm}
@media (max-width:40rem){body{margin:.8rem auto;padding:0 .5rem}h1{font-size:1.3rem}.plots svg{width:100%}
table{font-size:.75rem}th,td{padding:.1rem .25rem}
.bjcalc table{font-size:.7rem}body .bjcalc th,body .bjcalc td{padding:1px 3px}
body .bjcalc td{white-space:nowrap}body .bjcalc th{white-space:normal}
table.cards,table.cards tbody,table.cards tr{display:block}table.cards tr:first-child{display:none}
table.cards tr{border:1px solid #bbb;margin:.3rem 0;padding:.15rem .3rem}
table.cards td{display:inline-block;border:none;padding:0 .6rem 0 0;text-align:left;white-space:normal}
table.cards td:first-child{display:block;font-weight:bold}
table.cards td[data-label]::before{content:attr(data-label) ": ";color:#666}}
"""


def _plotted_with() -> str:
    """``, plots by matplotlib X`` (the plots' bytes depend on its version), or nothing."""
    try:
        return f", plots by matplotlib {importlib.metadata.version('matplotlib')}"
    except importlib.metadata.PackageNotFoundError:
        return ""


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
        # (the time is a line of its own: tables/ compares its reports without it, TIMING)
        body.append(f"<footer>\n<p>bjcalc {_version()}{_plotted_with()}; regenerate with "
                    f"<code>{html.escape(self.command)}</code>.</p>\n"
                    f"<p class=\"timing\">computed in {self.seconds:.1f} s.</p>\n</footer>")
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


def _table(header: Sequence[str], rows: Iterable[Sequence[Any]], left: int = 1,
           words: Sequence[int] = (), cards: bool = False) -> tuple[str, str]:
    """An HTML and a Markdown table: the first ``left`` columns and those in ``words`` are
    words (left-aligned, wrapping on a narrow screen), the others numbers (right-aligned, kept
    on one line: ``1.0413 %`` never breaks before its sign).  ``cards``: too wide for a phone,
    where each row becomes a card of labelled values (CSS only: each cell carries its label)."""
    rows = [[str(cell) for cell in row] for row in rows]

    def cell(tag: str, i: int, text: str) -> str:
        kind = " class=\"l\"" if i < left or i in words else ""
        label = f" data-label=\"{html.escape(header[i])}\"" if cards and tag == "td" and i else ""
        return f"<{tag}{kind}{label}>{html.escape(text)}</{tag}>"

    head = "".join(cell("th", i, h) for i, h in enumerate(header))
    body = "".join("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>" for row in rows)
    table = "<table class=\"cards\">" if cards else "<table>"
    return f"<div class=\"wide\">{table}<tr>{head}</tr>{body}</table></div>", "\n".join(markdown_table(header, rows))


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


def _rules_section(game: "_Game") -> Section:
    rules, shoe = game.rules, game.shoe
    words = html.escape(rules.describe(shoe))
    if game.preset is not None and (game.overrides or game.preset != game.name):
        changed = ", ".join(f"{rule}={value!r}" for rule, value in game.overrides.items())
        words += html.escape(f" (the preset {game.preset} with {changed} changed)" if changed else
                             f" (the rules of the preset {game.preset})")
    open_rules = OPEN_RULES.get(game.preset or "", {})
    if open_rules:
        rows = [(rule, ", ".join(str(v) for v in values), getattr(rules, rule)) for rule, values in open_rules.items()]
        table_html, table_md = _table(["open rule", "values the card allows", "bjcalc's default here"], rows, left=2)
        text = "What the game's card leaves open, and the value this report uses:"
    else:
        table_html = table_md = ""
        text = "No open rules recorded for this game: every rule is as stated."
    return Section("rules", TITLES["rules"], f"<p>{words}</p><p>{text}</p>{table_html}",
                   f"{html.unescape(words)}\n\n{text}\n\n{table_md}")


def _figures_of(game: "_Game") -> dict[str, Any]:
    """Which published figures belong to this game: those of its preset, when it is one, else
    those computed for exactly its rules (no rule changed)."""
    if game.games.calc.shoe != Shoe.decks(game.rules.decks):
        return {}
    from .published import figures

    if game.preset and not game.overrides:
        return {"games": [game.preset]}
    keys = [f.key for f in figures() if f.rules == game.rules and not f.change]
    return {"only": keys} if keys else {}


def _count_figures(game: "_Game") -> int:
    from .published import figures

    chosen = _figures_of(game)
    return sum(1 for f in figures() if f.game in chosen.get("games", ()) or f.key in chosen.get("only", ()))


def _edges_section(game: "_Game", progress: ProgressFn) -> Section:
    games = game.games
    rows = [("TD basic strategy (the chart)", "TD", _percent(-games.result("TD").ev))]
    progress.tick()
    for split in ("CDZ-", "CDP1", "CDP"):
        rows.append((f"composition-dependent, post-split {split}", "CD", _percent(-games.result("CD", split).ev)))
        progress.tick()
    table_html, table_md = _table(["play", "strategy", "house edge"], rows, left=2)
    from .published import verify

    chosen = _figures_of(game)
    checked = verify(progress=progress.wrap, evs=games.evs, **chosen) if chosen else []
    if checked:
        def unit(figure: Any) -> str:
            return " %" if figure.unit == "percent" else ""

        def ours(value: Optional[float], figure: Any) -> str:
            if value is None:
                return "-"
            digits = max(4, -Decimal(figure.published).as_tuple().exponent + 1)   # (one more than printed)
            return f"{value:.{digits}f}{unit(figure)}"

        vrows = [(row.figure.key, row.figure.quantity, row.figure.published + unit(row.figure),
                  ours(row.cd, row.figure), ours(row.td, row.figure), row.verdict) for row in checked]
        v_html, v_md = _table(["figure", "quantity", "published", "ours CD", "ours TD", "verdict"], vrows, left=2,
                              words=(5,), cards=True)
        notes = [(row.figure.key, row.figure.note) for row in checked if row.figure.note]
        notes_html = "".join(f"<li><b>{html.escape(key)}</b>: {html.escape(note)}</li>" for key, note in notes)
        extra_html = (f"<p>Published figures for this game (<code>bjcalc verify</code>):</p>{v_html}"
                      + (f"<ul class=\"note\">{notes_html}</ul>" if notes else ""))
        extra_md = (f"Published figures for this game (`bjcalc verify`):\n\n{v_md}"
                    + ("\n" if notes else "") + "".join(f"\n- **{key}**: {note}" for key, note in notes))
    else:
        extra_html = "<p class=\"note\">No published figure is recorded for this game.</p>"
        extra_md = "No published figure is recorded for this game."
    note = ("Values are per unit initial bet for one round from a full shoe; the house edge is minus the "
            "player's EV.  <code>bjcalc explain</code> searches the open rules for a published edge.")
    return Section("edges", TITLES["edges"], f"{table_html}<p class=\"note\">{note}</p>{extra_html}",
                   f"{table_md}\n\n{extra_md}")


def _rule_effects_section(game: "_Game", progress: "_Steps") -> Section:
    if game.preset is None or game.games.calc.shoe != Shoe.decks(game.rules.decks):
        text = ("Not for these rules: the sweep moves the open rules of a preset, and these are no preset's with "
                "some rules changed" if game.preset is None else
                "Not for a shoe other than the rules' own full shoe: the sweep deals each game's full shoe")
        return Section("rule effects", TITLES["rule effects"], f"<p class=\"note\">{text}.</p>", f"{text}.")
    frame = edge_sweep(game.preset, progress=progress.wrap, evs=game.games.evs, base=game.rules)
    name = game.preset
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
        picture = ("<p class=\"note\">The house edge (CD, %) as each open rule moves, the others as in this game: "
                   "<span class=\"key\" style=\"background:#3b6ea8\"></span> this game's value, "
                   "<span class=\"key\" style=\"background:#a8c8ec\"></span> another value (on the decks line, "
                   "the large mark is this game's).</p><div class=\"plots\">" + "".join(pictures) + "</div>")
    except ImportError:
        picture = "<p class=\"note\">(the plot needs matplotlib: pip install -e '.[notebooks]')</p>"
    return Section("rule effects", TITLES["rule effects"], picture + table_html, table_md)


_DISTRIBUTIONS: "weakref.WeakKeyDictionary[Calculator, tuple[RoundOutcomes, str]]" = weakref.WeakKeyDictionary()


def round_distribution(calc: Calculator) -> tuple[RoundOutcomes, str]:
    """The round's exact distribution (CD play, no insurance) as the report and
    ``tables/<preset>/pmf.csv`` give it, and what it is of: this game's own, or where its
    resplits are refused as too large, the same game's splitting to two hands only (said so in
    the text).  Computed once per calculator.  Raises the refusal if even that is too large.

    >>> from bjcalc import Rules
    >>> outcomes, basis = round_distribution(Calculator(Rules(decks=6)))
    >>> basis.startswith("the same game splitting to two hands only"), round(outcomes.sd, 4)
    (True, 1.1465)
    """
    if calc not in _DISTRIBUTIONS:
        try:
            _DISTRIBUTIONS[calc] = calc.outcomes(), "this game"
        except BjcalcError as exc:
            if calc.rules.max_split_hands <= 2:
                raise
            basis = (f"the same game splitting to two hands only (its resplits to {calc.rules.max_split_hands} "
                     f"hands are refused as too large: {exc})")
            two_hands = Calculator(calc.rules.replace(max_split_hands=2), calc.shoe, calc.split_strategy)
            _DISTRIBUTIONS[calc] = two_hands.outcomes(), basis
    return _DISTRIBUTIONS[calc]


_MOMENTS: "weakref.WeakKeyDictionary[Calculator, Optional[RoundMoments]]" = weakref.WeakKeyDictionary()


def resplit_moments(calc: Calculator) -> Optional[RoundMoments]:
    """Where :func:`round_distribution` gives the game split to two hands only, this game's
    own exact mean and variance with its resplits (:meth:`Calculator.moments`), else None
    (also where those are refused).  Computed once per calculator.

    >>> from bjcalc import Rules
    >>> round(resplit_moments(Calculator(Rules(decks=6, max_split_hands=3))).sd, 4)
    1.1527
    """
    if calc not in _MOMENTS:
        moments = None
        if round_distribution(calc)[1] != "this game":
            try:
                moments = calc.moments()
            except BjcalcError:
                pass
        _MOMENTS[calc] = moments
    return _MOMENTS[calc]


def moments_line(calc: Calculator, moments: RoundMoments) -> str:
    """One sentence: this game's own mean and SD with its resplits.

    >>> from bjcalc import Rules, Shoe
    >>> calc = Calculator(Rules(max_split_hands=4), shoe=Shoe.infinite())
    >>> moments_line(calc, calc.moments())[:60]
    'This game itself, resplitting to 4 hands (its exact mean and'
    """
    return (f"This game itself, resplitting to {calc.rules.max_split_hands} hands (its exact mean and variance, "
            f"Calculator.moments): EV {float(moments.ev) * 100:+.4f} %, SD {moments.sd:.4f}, average total bet "
            f"{float(moments.average_bet):.4f}, element of risk {float(moments.element_of_risk) * 100:+.4f} %.")


def _distribution_section(calc: Calculator) -> Section:
    """The round's exact distribution (:func:`round_distribution`)."""
    title = TITLES["distribution"]
    try:
        outcomes, basis = round_distribution(calc)
    except BjcalcError as exc:
        text = f"Not available for this game: {exc}"
        return Section("distribution", title, f"<p class=\"note\">{html.escape(text)}</p>", text)
    stats = outcomes.summary()
    rows = [(("+" if net > 0 else "") + f"{float(net):g}", f"{float(p):.8f}") for net, p in outcomes.pmf.items()]
    t_html, t_md = _table(["net result", "probability"], rows)
    s_rows = [("EV", f"{float(stats['ev']) * 100:+.4f} %"), ("standard deviation", f"{stats['sd']:.4f}"),
              ("win / push / loss", f"{float(stats['p_win']) * 100:.2f} / {float(stats['p_push']) * 100:.2f} / "
                                    f"{float(stats['p_loss']) * 100:.2f} %"),
              ("average total bet", f"{float(stats['average_bet']):.4f}"),
              ("element of risk", f"{float(stats['element_of_risk']) * 100:+.4f} %")]
    s_html, s_md = _table(["figure", "value"], s_rows)
    text = (f"The exact probability of every net result of one round (every split hand and double settled "
            f"against the one dealer hand, in initial bets), CD play with {calc.split_strategy} split hands, no "
            f"insurance, for {basis}.")
    moments = resplit_moments(calc)
    if moments is not None:
        text += " " + moments_line(calc, moments)
    try:
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(figsize=(6, 3))
        outcomes.plot(ax=axes)
        picture = ("<p class=\"note\">Probability of each net result (log scale).</p><div class=\"plots\">"
                   + _svg(figure, prefix="pmf-") + "</div>")
    except ImportError:
        picture = "<p class=\"note\">(the plot needs matplotlib: pip install -e '.[notebooks]')</p>"
    return Section("distribution", title, f"<p class=\"note\">{html.escape(text)}</p>{s_html}{picture}{t_html}",
                   f"{text}\n\n{s_md}\n\n{t_md}")


TOP_EXCEPTIONS = 12
"""How many of the most valuable CD exceptions the strategy section shows first (every one follows)."""


def _exception_rows(exceptions: Any) -> list[tuple[str, ...]]:
    return [(r.hand, r.up, r.row, r.chart_action, r.cd_action, f"{float(r.gain):.6f}") for r in exceptions.itertuples()]


def _strategy_section(game: "_Game", progress: "_Steps") -> Section:
    cd = chart(game.games.calc, "CD", progress=progress.wrap, td_result=game.games.result("TD"))
    exceptions = cd.exceptions
    header = ["hand", "up", "chart row", "chart says", "these cards", "gain"]
    best = exceptions.sort_values(["gain", "up", "hand"], ascending=[False, True, True], kind="stable")
    top_html, top_md = _table(header, _exception_rows(best.head(TOP_EXCEPTIONS)), left=5)
    all_html, _ = _table(header, _exception_rows(exceptions), left=5)
    shown = min(TOP_EXCEPTIONS, len(exceptions))
    if len(exceptions):
        top_html = (f"<h4>The {shown} most valuable of the {len(exceptions)} exceptions</h4>{top_html}"
                    f"<details><summary>Every one of the {len(exceptions)} exceptions, by up card</summary>"
                    f"{all_html}</details>")
        top_md = (f"#### The {shown} most valuable of the {len(exceptions)} exceptions\n\n{top_md}\n\n"
                  f"Every one of the {len(exceptions)} is in the table *Every hand* above.")
    else:
        top_html = top_md = ""
    note = (f"The total-dependent chart (colour-coded, with its legend), its {len(exceptions)} composition-dependent "
            f"exceptions by chart cell, the {shown} most valuable of them and every one.  gain: EV of the play for "
            f"the hand's exact cards minus the chart's, per unit initial bet, for a player holding that hand (not "
            f"weighted by how often it is dealt).")
    # (the chart's own Markdown headings go two levels down, under this section's)
    chart_md = re.sub(r"^(#+) ", lambda m: "#" * (len(m.group(1)) + 2) + " ", cd.to_markdown(), flags=re.M)
    return Section("strategy", TITLES["strategy"],
                   f"<p class=\"note\">{html.escape(note)}</p>{chart_html(cd, every_hand=False)}{top_html}",
                   f"{note}\n\n{chart_md}\n\n{top_md}")


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


def _side_bets_section(game: "_Game") -> Section:
    rules, shoe = game.rules, game.shoe
    bets = SIDE_BETS.get(game.preset or "", ())
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


def _preset_of(rules: Rules, name: Optional[str] = None) -> tuple[Optional[str], dict[str, Any]]:
    """The preset these rules are (``name`` first, if it is one), or the one they are with the
    fewest rules changed, and the changed rules; ``(None, {})`` when no preset fits."""
    best: tuple[Optional[str], dict[str, Any]] = (None, {})
    for preset, make in sorted(PRESETS.items(), key=lambda item: item[0] != name):
        base = make()
        changed = {f.name: getattr(rules, f.name) for f in dataclasses.fields(Rules)
                   if getattr(rules, f.name) != getattr(base, f.name)}
        try:
            fits = make(**changed) == rules
        except (BjcalcError, TypeError):   # (a combination the preset refuses)
            fits = False
        if fits and (best[0] is None or len(changed) < len(best[1])):
            best = (preset, changed)
    return best


class _Games:
    """The games one report needs, each computed once.  ``result(strategy, split)`` is the
    game result of ``calc`` (with that post-split strategy), computed the first time it is
    asked for; every caller gets a copy, so one section cannot change what the next reads.
    ``evs`` (:data:`~bjcalc.analysis.sweeps.EVs`) is shared with the rule sweep and ``verify``'s
    figures, which then compute no game twice; the report's own games go in when ``calc``
    deals its rules' full shoe in floats, the games those compute."""

    def __init__(self, calc: Calculator):
        self.calc = calc
        self.evs: EVs = {}
        self._results: dict[tuple[str, str], GameResult] = {}
        self._shared = not calc.exact and calc.shoe == Shoe.decks(calc.rules.decks)

    def result(self, strategy: str, split: Optional[str] = None) -> GameResult:
        key = (str(split or self.calc.split_strategy), strategy)
        if key not in self._results:
            calc = self.calc if key[0] == self.calc.split_strategy else \
                Calculator(self.calc.rules, self.calc.shoe, key[0], self.calc.exact)
            self._results[key] = calc.game(strategy)
            if self._shared:
                self.evs[(self.calc.rules, key[0], strategy)] = self._results[key].ev
        return copy.deepcopy(self._results[key])


@dataclass
class _Game:
    """What the sections read: the game's name, rules, shoe, the preset it is (with the rules
    changed from it) and its games."""

    name: str
    rules: Rules
    shoe: Shoe
    preset: Optional[str]
    overrides: dict[str, Any]
    games: _Games


class _Steps:
    """One progress bar over every step of a report: ``progress`` wraps ``range(total)`` and
    each step moves it on (``tick``, or ``wrap``: a ``progress`` for an analysis, moving once an
    item).  A section is given its steps (``begin``) and set to its end when done (``end``), so
    the bar stays right where a section takes fewer (or more) steps than planned."""

    def __init__(self, progress: ProgressFn, total: int):
        self._items: Iterator = iter(progress(range(total), total=total, desc="steps"))
        next(self._items, None)   # (a wrapped loop counts an item when the next one is asked for)
        self._left = 0

    def begin(self, steps: int) -> None:
        self._left = steps

    def tick(self) -> None:
        if self._left > 0:
            self._left -= 1
            next(self._items, None)

    def end(self) -> None:
        while self._left > 0:
            self.tick()

    def wrap(self, iterable: Iterable, total: Optional[int] = None, desc: str = "") -> Iterator:
        for item in iterable:
            yield item
            self.tick()

    def close(self) -> None:
        closing = getattr(self._items, "close", None)   # (stops a bar's thread if the report failed)
        if closing is not None:
            closing()


def _steps(key: str, game: _Game) -> int:
    """How many steps section ``key`` takes (for the progress bar)."""
    if key == "edges":
        return 4 + _count_figures(game)
    if key == "rule effects" and game.preset is not None:
        return len(sweep_points(game.preset))
    if key == "strategy":
        return 12   # (the chart: the TD strategy, the DAS codes, the exceptions against each up card)
    return 1


def report(game: Union[str, Rules, Calculator], shoe: Optional[Shoe] = None,
           sections: Sequence[str] = SECTIONS, progress: ProgressFn = no_progress,
           command: Optional[str] = None, name: Optional[str] = None) -> Report:
    """Compute the report of a preset (its name), a :class:`Rules` or a :class:`Calculator`.

    ``sections``: which of :data:`SECTIONS` to compute (all by default); ``progress`` gets one
    loop over every step of them (:mod:`bjcalc.core.progress`; the CLI draws a bar);
    ``command`` is the command line the footer names (default: the ``bjcalc report`` command
    for this game); ``name`` the game's name in the title (default the preset's, or
    ``custom game``).  Rules that are a preset's with some rules changed get that preset's
    rule sweep (with the changes kept) and, when no rule changed, its published figures.
    Each game is computed once in a report.
    """
    started = time.perf_counter()
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        raise BjcalcError(f"unknown report section {unknown[0]!r}; sections: {', '.join(SECTIONS)}")
    if isinstance(game, str):
        if game not in PRESETS:
            raise BjcalcError(f"unknown game {game!r}; presets: {', '.join(sorted(PRESETS))}")
        title, rules = game, PRESETS[game]()
        calc = Calculator(rules, shoe)
    elif isinstance(game, Calculator):
        title, rules, calc = "custom game", game.rules, game
    elif isinstance(game, Rules):
        title, rules, calc = "custom game", game, Calculator(game, shoe)
    else:
        raise BjcalcError(f"report takes a preset name, a Rules or a Calculator, not {type(game).__name__}")
    title = name or title
    preset, overrides = _preset_of(rules, title)
    about = _Game(title, rules, calc.shoe, preset, overrides, _Games(calc))
    builders: dict[str, Callable[[_Steps], Section]] = {
        "rules": lambda steps: _rules_section(about),
        "edges": lambda steps: _edges_section(about, steps),
        "rule effects": lambda steps: _rule_effects_section(about, steps),
        "distribution": lambda steps: _distribution_section(calc),
        "strategy": lambda steps: _strategy_section(about, steps),
        "removal": lambda steps: _removal_section(calc),
        "side bets": lambda steps: _side_bets_section(about),
    }
    chosen = [s for s in SECTIONS if s in sections]
    plan = {key: _steps(key, about) for key in chosen}
    steps = _Steps(progress, sum(plan.values()))
    built = []
    try:
        for key in chosen:
            steps.begin(plan[key])
            built.append(builders[key](steps))
            steps.end()
    finally:
        steps.close()
    if command is None:
        command = "bjcalc report " + (f"--variant {shlex.quote(title)}" if title in PRESETS else "[rule flags]")
    return Report(title, rules, calc.shoe, built, command, time.perf_counter() - started)
