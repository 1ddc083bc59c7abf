"""An analysis of a game on a few pages: rules, house edges, rule effects, the round's distribution,
strategy, removal, side bets.

:func:`report` computes every section for a preset (by name) or any :class:`~bjcalc.core.rules.Rules`
and returns a :class:`Report`: ``.html()`` is one self-contained page (CSS inline, plots as inline
SVG, no script, a print stylesheet for A4 or Letter), ``.markdown()`` the same in Markdown, and a
notebook shows it inline.  Every label is in words (:func:`rule_label`, :func:`value_label`), every
figure in percent of the initial bet.  The distribution section states the game's own exact mean
and SD; where the game's resplits make its full distribution too large, the distribution shown is
that of the same game with splits limited to two hands, headed as such.

>>> page = report("classic_single_deck", sections=("rules",))
>>> "<h2>1. Rules</h2>" in page.html(), page.markdown().splitlines()[0]
(True, '# Classic single-deck blackjack')
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
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence, Union

from ..core.cards import Shoe
from ..core.errors import BjcalcError, NotFollowedError, StrategyError
from ..core.progress import ProgressFn, no_progress
from ..core.rules import RULE_INFO, Rules, option_words
from ..game.calculator import Calculator, GameResult
from ..game.distribution import RoundOutcomes
from ..game.moments import RoundMoments
from ..game.variants import VARIANTS, variant_of
from .charts import chart
from .counting import SYSTEMS, betting_correlation
from .render import chart_html, chart_markdown, markdown_table
from .sweeps import EVs, edge_sweep, sweep_points

__all__ = ["report", "Report", "Section", "SECTIONS", "round_distribution", "resplit_moments", "moments_line"]

SECTIONS = ("rules", "edges", "rule effects", "distribution", "strategy", "removal", "side bets")
"""The report's sections, in order (a footer follows them)."""

TITLES = {"rules": "Rules", "edges": "House edge", "rule effects": "House edge by rule",
          "distribution": "The round's distribution", "strategy": "Strategy", "removal": "Effects of removal",
          "side bets": "Side bets"}

SIDE_BETS = {"no_bust_21st_century": ("buster", "lucky-lucky"), "free_bet": ("pot-of-gold",),
             "spanish_21": ("match-the-dealer",), "players_edge_21": ("match-the-dealer",)}
"""The side bets offered with a game: Buster Blackjack and Lucky Lucky with No Bust (GAMES.md), Pot
of Gold with Free Bet Blackjack, Match the Dealer with Spanish 21 (VARIANTS.md)."""

PRESET_TITLES = {"standard": "Standard shoe game", "burn20": "Blackjack Burn 20 (UK rules)",
                 "burn20_las_vegas": "Blackjack Burn 20 (Las Vegas rules)",
                 "no_bust_21st_century": "No Bust 21st Century Blackjack",
                 "no_bust_oceans_11": "No Bust 21st Century Blackjack (the Ocean's 11 analysis's rules)",
                 "classic_single_deck": "Classic single-deck blackjack"}
"""The title of each preset's report (a preset not named here is titled by its key)."""

WITHOUT_CARD = ("standard",)
"""Presets that are no casino's rule card: their report lists no rules "the card leaves open"."""

RULE_LABELS = {name: info.label for name, info in RULE_INFO.items()}
"""A label in words for each rule (:class:`~bjcalc.core.rules.Rules` field, from its
:class:`~bjcalc.core.rules.RuleInfo`)."""

_VALUE_WORDS: dict[str, dict[Any, str]] = {name: dict(info.words) for name, info in RULE_INFO.items() if info.words}


def rule_label(rule: str) -> str:
    """The rule's name in words.

    >>> rule_label("dealer_hits_soft_17"), rule_label("max_split_hands")
    ('Dealer hits soft 17', 'Split to at most')
    """
    return RULE_LABELS.get(rule, rule.replace("_", " ").capitalize())


def value_label(rule: str, value: Any, rules: Optional[Rules] = None) -> str:
    """A rule's value in words; ``rules``: the game it is in (``double_on="any"`` reads "any
    two cards, hard only" where its soft doubles are off; without ``rules``, "any" is any two
    cards, soft ones included, and "any hard" the hard-only reading, as the rule sweeps name them).

    >>> value_label("dealer_hits_soft_17", False), value_label("hole_card", "enhc_obo")
    ('no', 'no hole card, dealer BJ takes original bet only')
    >>> value_label("double_on", "any", Rules(double_soft=False)), value_label("max_split_hands", 4)
    ('any two cards, hard only', '4 hands')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if rule == "double_on" and value == "any":
        return "any two cards" + (", hard only" if rules is not None and not rules.double_soft else "")
    if rule in _VALUE_WORDS:
        return _VALUE_WORDS[rule].get(value, str(value))
    if rule == "decks":
        return "infinite" if value == float("inf") else str(value)
    if rule == "suited_blackjack_pays" and value is None:
        return "none"
    if rule in ("blackjack_pays", "suited_blackjack_pays"):
        pays = Fraction(value)
        return f"{pays.numerator}:{pays.denominator}"
    if rule == "max_split_hands":
        return f"{value} hand{'s' if value != 1 else ''}"
    if rule == "max_hand_cards":
        return "no limit" if value is None else f"{value} cards"
    if rule == "charlie":
        return "none" if value is None else f"{value} cards"
    if rule == "must_hit_below":
        return "never forced" if not value else str(value)
    return str(value)


def rule_words(rule: str, value: Any, rules: Optional[Rules] = None) -> str:
    """``Label: value`` (:func:`rule_label`, :func:`value_label`); a variant's options, each so.

    >>> rule_words("dealer_hits_soft_17", False)
    'Dealer hits soft 17: no'
    >>> rule_words("options", {"free_split_fours": False})
    'Free split fours: off'
    """
    if rule == "options":
        words = "; ".join(option_words(value))
        return words[:1].upper() + words[1:]
    return f"{rule_label(rule)}: {value_label(rule, value, rules)}"


def _title(preset: str) -> str:
    """A game's title in the report: :data:`PRESET_TITLES`, else the variant's own."""
    return PRESET_TITLES.get(preset) or (VARIANTS[preset].title if preset in VARIANTS else preset)


def game_title(preset: Optional[str], overrides: dict[str, Any], rules: Rules) -> str:
    """The report's title: the preset's (:data:`PRESET_TITLES`), with any rules changed from
    it, or "A custom blackjack game".

    >>> game_title("standard", {"dealer_hits_soft_17": True}, Rules(dealer_hits_soft_17=True))
    'Standard shoe game (changed: dealer hits soft 17: yes)'
    """
    if preset is None:
        return "A custom blackjack game"
    title = _title(preset)
    if overrides:
        changed = [rule_words(rule, value, rules) for rule, value in overrides.items()]
        title += " (changed: " + "; ".join(words[0].lower() + words[1:] for words in changed) + ")"
    return title


CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;max-width:60rem;
margin:1.5rem auto;padding:0 1rem;color:#222;line-height:1.4}
h1{font-size:1.6rem;border-bottom:2px solid #3b6ea8;margin-bottom:.2rem}.subtitle{margin-top:0;color:#555}
h2{font-size:1.25rem;color:#1f3f66;margin-top:1.8rem}h3{font-size:1.05rem;color:#1f3f66}
table{border-collapse:collapse;margin:.6rem 0;font-size:.85rem;font-variant-numeric:tabular-nums}
th,td{border:1px solid #bbb;padding:.15rem .45rem;text-align:right;white-space:nowrap}th{background:#eef2f7}
td.l,th.l{text-align:left;white-space:normal}.note{color:#555;font-size:.9rem}.wide{overflow-x:auto}
svg{max-width:100%;height:auto}code{overflow-wrap:anywhere}
.bjcalc{overflow-x:auto}.plots{display:flex;flex-wrap:wrap;gap:.4rem 1rem}.plots svg{width:34rem}.wide-plot svg{width:100%}
.side{display:flex;flex-wrap:wrap;gap:0 1.5rem;align-items:flex-start}
.key{display:inline-block;width:.9em;height:.9em;vertical-align:-.1em;border:1px solid #888}
details{margin:.4rem 0}summary{cursor:pointer;color:#1f3f66}
footer{margin-top:2rem;border-top:1px solid #bbb;font-size:.8rem;color:#555}footer p{margin:.3rem 0}
@media print{*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
html{font-size:9pt}body{max-width:none;margin:0;padding:0;line-height:1.25}
h1{font-size:14pt}h2{font-size:11pt;margin:8pt 0 3pt;break-after:avoid}h3,h4,h5{font-size:9pt;margin:5pt 0 2pt;
break-after:avoid}p,ul{margin:2pt 0}table{font-size:7pt;margin:2pt 0}th,td{padding:0 2pt}
table,svg,li{break-inside:avoid}.plots svg{width:22rem}.wide-plot svg{width:75%}details,.screen{display:none}
section.s-strategy{break-before:page}.bjcalc th,.bjcalc td{padding:0 2pt}footer{margin-top:6pt}}
@page{size:auto;margin:12mm}
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


def _plotted_with(page: str) -> str:
    """``, plots by matplotlib X`` where ``page`` holds a plot (their bytes depend on its
    version), else nothing."""
    if "<svg" not in page:
        return ""
    try:
        return f", plots by matplotlib {importlib.metadata.version('matplotlib')}"
    except importlib.metadata.PackageNotFoundError:
        return ""


PLOTS_NEED = "The plots need matplotlib (pip install matplotlib)."
"""What a page without its plots says."""


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
    """A computed report; see the module docstring.  ``name``: the game's key (its preset's, or
    the name given); ``title``: the page's title in words."""

    name: str
    rules: Rules
    shoe: Shoe
    sections: list[Section]
    command: str
    seconds: float
    notes: list[str] = field(default_factory=list)
    title: str = ""

    @property
    def heading(self) -> str:
        """The page's title (``title``, else ``name``)."""
        return self.title or self.name

    def html(self) -> str:
        """The whole report as one self-contained HTML page."""
        body = [f"<h1>{html.escape(self.heading)}</h1>",
                "<p class=\"subtitle\">Game report: house edge, strategy and the round's risk, by exact analysis "
                "(no simulation).</p>"]
        if not any(section.key == "rules" for section in self.sections):   # (section 1 says the rules)
            body.append(f"<p class=\"note\">{html.escape(self.rules.describe(self.shoe))}</p>")
        for number, section in enumerate(self.sections, 1):
            key = section.key.replace(" ", "-")
            body.append(f"<section class=\"s-{key}\">\n<h2>{number}. {html.escape(section.title)}</h2>\n"
                        f"{section.html}\n</section>")
        page = "\n".join(body)
        # (the time is a line of its own: tables/ compares its reports without it, TIMING)
        footer = (f"<footer>\n<p>bjcalc {_version()}{_plotted_with(page)}; regenerate with "
                  f"<code>{html.escape(self.command)}</code>.</p>\n"
                  f"<p class=\"timing\">computed in {self.seconds:.1f} s.</p>\n</footer>")
        return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                f"<title>{html.escape(self.heading)}: game report</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
                + page + "\n" + footer + "\n</body>\n</html>\n")

    def markdown(self) -> str:
        """The whole report in Markdown (plots left out, their tables kept)."""
        out = [f"# {self.heading}", "",
               "Game report: house edge, strategy and the round's risk, by exact analysis (no simulation).", ""]
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
    words = rules.describe(shoe)
    if (own := variant_of(rules).free_actions(rules)):      # (what the variant's round does its own way)
        words += f"; {own}"
    base = _title(game.preset) if game.preset is not None else None
    if game.preset is not None and game.overrides:
        changed = "; ".join(rule_words(rule, value, rules) for rule, value in game.overrides.items())
        words += f" (the rules of {base}, changed: {changed})"
    elif game.preset is not None and game.preset != game.name:
        words += f" (the rules of {base})"
    if shoe.whole_decks() is None:       # (a custom or depleted shoe: say which)
        words += f"; shoe: {shoe.describe()}"
    open_rules = (VARIANTS[game.preset].open_rules if game.preset is not None and game.preset not in WITHOUT_CARD
                  else {})
    if not open_rules:
        return Section("rules", TITLES["rules"], f"<p>{html.escape(words)}</p>", words)
    rows = [(rule_label(rule), "; ".join(value_label(rule, v) for v in values),
             value_label(rule, getattr(rules, rule), rules) + (" (changed)" if rule in game.overrides else ""))
            for rule, values in open_rules.items()]
    table_html, table_md = _table(["rule", "possible values", "this report"], rows, left=3)
    text = (f"What the rule card of {base} leaves open, and the value this report uses (the preset's, unless "
            f"marked changed):")
    return Section("rules", TITLES["rules"], f"<p>{html.escape(words)}</p><p>{html.escape(text)}</p>{table_html}",
                   f"{words}\n\n{text}\n\n{table_md}")


def _figures_of(game: "_Game") -> list[str]:
    """The keys of the published figures of exactly this game: those computed for its rules (a
    figure of the game itself, or of the effect of one rule changed from it); none for a shoe
    other than its rules' full shoe.  Another game's figure (another variant of the same
    preset) is not this game's, nor a side bet's figure."""
    if game.games.calc.shoe != variant_of(game.rules).shoe(game.rules):
        return []
    from .published import figures

    return [f.key for f in figures() if f.rules == game.rules]


def _count_figures(game: "_Game") -> int:
    return len(_figures_of(game))


_README = re.compile(r"[;:,]?\s*(?:\(\s*)?see the README[^;.)]*\)?", re.I)


def client_text(text: str) -> str:
    """``text`` without a pointer to bjcalc's README (a page for a client stands alone).

    >>> client_text("the open rules are burn20's defaults: see the README for the nearest readings")
    "the open rules are burn20's defaults"
    """
    return _README.sub("", text).strip()


def _edges_section(game: "_Game", progress: "_Steps") -> Section:
    games = game.games
    td_refused = _td_refused(games)
    rows = [("TD basic strategy (the chart)", "TD",
             f"not computed: {td_refused}" if td_refused else _percent(-games.result("TD").ev))]
    progress.tick()
    for split in ("CDZ-", "CDP1", "CDP"):
        rows.append((f"composition-dependent, post-split {split}", "CD", _percent(-games.result("CD", split).ev)))
        progress.tick()
    table_html, table_md = _table(["play", "strategy", "house edge"], rows, left=2)
    from .published import verify

    chosen = _figures_of(game)
    checked = verify(progress=progress.wrap, evs=games.evs, only=chosen) if chosen else []
    if checked:
        def sign(figure: Any) -> int:   # (a game's figure as the house edge, as in the table above; a hand's as is)
            return -1 if figure.sign == 1 and not figure.quantity.startswith("EV of") else 1

        def quantity(figure: Any) -> str:
            if sign(figure) > 0:
                return figure.quantity
            for player, house in (("game EV", "house edge"), ("change in player EV", "change in house edge"),
                                  ("player EV", "house edge")):
                if figure.quantity.startswith(player):
                    rest = figure.quantity[len(player):]
                    return house + rest + ("" if "printed as" in rest else " (published as the player's)")
            return figure.quantity

        def ours(value: Optional[float], figure: Any) -> str:
            if value is None:
                return "-"
            printed = figure.published_percent
            digits = max(4, -printed.as_tuple().exponent + 1)   # (one more than printed)
            return f"{sign(figure) * value * (1 if figure.unit == 'percent' else 100):.{digits}f} %"

        def verdict(row: Any) -> str:
            return row.reason_in(sign(row.figure)) or row.verdict   # (the reason starts with the verdict)

        vrows = [(str(number), quantity(row.figure), f"{sign(row.figure) * row.figure.published_percent} %",
                  ours(row.cd, row.figure), ours(row.td, row.figure), verdict(row))
                 for number, row in enumerate(checked, 1)]
        v_html, v_md = _table(["", "quantity", "published", "ours CD", "ours TD", "verdict"], vrows, left=2,
                              words=(5,), cards=True)
        notes = [(str(number), " ".join(part for part in (client_text(row.figure.note).rstrip(".") + "."
                                                          if row.figure.note else "",
                                                          "Source: " + client_text(row.figure.source) + ".") if part))
                 for number, row in enumerate(checked, 1)]
        notes_html = "".join(f"<li>{html.escape(key)}. {html.escape(note)}</li>" for key, note in notes)
        extra_html = (f"<p>Published figures for this game, in % of the initial bet:</p>{v_html}"
                      f"<ul class=\"note\" style=\"list-style:none;padding-left:0\">{notes_html}</ul>")
        extra_md = (f"Published figures for this game, in % of the initial bet:\n\n{v_md}\n"
                    + "".join(f"\n- {key}. {note}" for key, note in notes))
    else:
        extra_html = "<p class=\"note\">No published figure is recorded for exactly these rules.</p>"
        extra_md = "No published figure is recorded for exactly these rules."
    note = ("Values are per unit initial bet for one round from the shoe of section 1; the house edge is minus the "
            "player's EV.  TD: the chart's play (by hand total); CD: every decision by the hand's exact cards; "
            "CDZ-, CDP1, CDP: how many of a split round's cards CD play takes into account on the split hands.")
    return Section("edges", TITLES["edges"], f"{table_html}<p class=\"note\">{note}</p>{extra_html}",
                   f"{table_md}\n\n{note}\n\n{extra_md}")


def _rule_effects_section(game: "_Game", progress: "_Steps") -> Section:
    if game.preset is None or game.games.calc.shoe != variant_of(game.rules).shoe(game.rules):
        text = ("Not for these rules: the sweep moves the open rules of a preset, and these are no preset's with "
                "some rules changed" if game.preset is None else
                "Not for a shoe other than the rules' own full shoe: the sweep deals each game's full shoe")
        return Section("rule effects", TITLES["rule effects"], f"<p class=\"note\">{text}.</p>", f"{text}.")
    frame = edge_sweep(game.preset, progress=progress.wrap, evs=game.games.evs, base=game.rules)
    own = -float(game.games.result("CD").ev) * 100
    rows, bars = [], []
    for rule, value, edge, default in frame.itertuples(index=False):
        rows.append((rule_label(rule), value_label(rule, value), f"{edge:.4f} %",
                     "this game" if default else f"{edge - own:+.4f}"))
        if not default:
            bars.append((f"{rule_label(rule)}: {value_label(rule, value)}", edge - own, rule))
    table_html, table_md = _table(["rule", "value", "house edge (CD)", "change from this game (points)"], rows,
                                  left=2)
    text = (f"The house edge with CD play as each rule the card leaves open moves, the others as in this game "
            f"(house edge {own:.4f} %); a change is in percentage points of the initial bet, positive where the "
            f"house gains.")
    try:
        picture = ("<div class=\"plots wide-plot\">" + _svg(_effects_figure(bars, own), prefix="effects-") + "</div>")
    except ImportError:
        picture = f"<p class=\"note\">{PLOTS_NEED}</p>"
    return Section("rule effects", TITLES["rule effects"],
                   f"<p class=\"note\">{html.escape(text)}</p>{picture}{table_html}", f"{text}\n\n{table_md}")


def _effects_figure(bars: Sequence[tuple[str, float, str]], own: float) -> Any:
    """One horizontal bar chart of each rule value's change in house edge from this game
    (percentage points; this game is the zero line), grouped by rule: every bar on one axis,
    so that 0.014 and 0.37 points look as different as they are; ``own``: this game's house
    edge (%), named on the axis.  Needs matplotlib."""
    import matplotlib.pyplot as plt

    height = 0.5 + 0.28 * max(len(bars), 1)
    with plt.rc_context({"font.family": "sans-serif", "font.size": 10}):
        figure, axes = plt.subplots(figsize=(10, height * 1.1))
        changes = [change for _, change, _ in bars]
        places = list(range(len(bars)))
        axes.barh(places, changes, color=["#c0504d" if change > 0 else "#3b6ea8" for change in changes],
                  height=0.6)
        axes.axvline(0, color="#222", linewidth=0.8)
        axes.set_yticks(places, [label for label, _, _ in bars])
        axes.invert_yaxis()
        for place, change in zip(places, changes):
            axes.annotate(f"{change:+.3f}", (change, place), xytext=(3 if change >= 0 else -3, 0),
                          textcoords="offset points", va="center", ha="left" if change >= 0 else "right",
                          fontsize=9)
        for place in range(1, len(bars)):   # (a thin line between rules)
            if bars[place][2] != bars[place - 1][2]:
                axes.axhline(place - 0.5, color="#ccc", linewidth=0.6)
        reach = max([abs(change) for change in changes] + [0.01])
        axes.set_xlim(-reach * 1.35 if min(changes + [0]) < 0 else -reach * 0.1,
                      reach * 1.35 if max(changes + [0]) > 0 else reach * 0.1)
        axes.set_xlabel(f"change in house edge from this game's {own:.4f} % (percentage points; red: worse "
                        f"for the player)")
        axes.spines[["top", "right"]].set_visible(False)
        figure.tight_layout()
    return figure


_DISTRIBUTIONS: "weakref.WeakKeyDictionary[Calculator, tuple[RoundOutcomes, str]]" = weakref.WeakKeyDictionary()


def round_distribution(calc: Calculator) -> tuple[RoundOutcomes, str]:
    """The round's exact distribution (CD play, no insurance) as the report and
    ``tables/<preset>/pmf.csv`` give it, and what it is of: ``"this game"``, or where its
    resplits make it too large, the same game's with splits limited to two hands
    (:data:`TWO_HANDS`).  Computed once per calculator.  Raises the refusal if even that is too large.

    >>> from bjcalc import Rules
    >>> outcomes, basis = round_distribution(Calculator(Rules(decks=6)))
    >>> basis, round(outcomes.sd, 4)
    ('the same game with splits limited to 2 hands (an approximation for its distribution only)', 1.1465)
    """
    if calc not in _DISTRIBUTIONS:
        try:
            _DISTRIBUTIONS[calc] = calc.outcomes(require_pmf=True), "this game"
        except BjcalcError:
            if calc.rules.max_split_hands <= 2:
                raise
            # (two hands cannot resplit: resplitting aces is moot there, and refused by the rules' check)
            two_hands = Calculator(calc.rules.replace(max_split_hands=2, resplit_aces=False), calc.shoe,
                                   calc.split_strategy)
            _DISTRIBUTIONS[calc] = two_hands.outcomes(require_pmf=True), TWO_HANDS
    return _DISTRIBUTIONS[calc]


TWO_HANDS = "the same game with splits limited to 2 hands (an approximation for its distribution only)"
"""What :func:`round_distribution` gives where the game's own distribution is too large."""


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
            f"{float(moments.average_bet):.4f}, element of risk (house edge per unit bet) {float(moments.element_of_risk) * 100:+.4f} %.")


def _figure_rows(stats: dict[str, Any]) -> list[tuple[str, str]]:
    rows = [("EV", f"{float(stats['ev']) * 100:+.4f} %"), ("standard deviation", f"{float(stats['sd']):.4f}")]
    if stats.get("p_win") is not None:
        rows.append(("win / push / loss", f"{float(stats['p_win']) * 100:.2f} / {float(stats['p_push']) * 100:.2f} / "
                                          f"{float(stats['p_loss']) * 100:.2f} %"))
    return rows + [("average total bet", f"{float(stats['average_bet']):.4f}"),
                   ("element of risk (house edge per unit bet)", f"{float(stats['element_of_risk']) * 100:+.4f} %")]


def _distribution_section(calc: Calculator) -> Section:
    """The round's exact figures and distribution (:func:`round_distribution`); where that is
    of the game with splits limited to two hands, the game's own exact figures first."""
    title = TITLES["distribution"]
    refused = _refused(calc, "the round's distribution")
    if refused:
        return Section("distribution", title, f"<p class=\"note\">{html.escape(refused)}</p>", refused)
    try:
        outcomes, basis = round_distribution(calc)
    except BjcalcError:
        outcomes, basis = None, ""
    own = None
    if outcomes is not None:
        own = resplit_moments(calc)      # (kept per calculator: tables' pmf.csv reads it again)
    elif basis != "this game":
        try:
            own = calc.moments()
        except BjcalcError:
            pass
    play = (f"CD play (split hands {calc.split_strategy}), no insurance; net results in initial bets, every split "
            f"hand and double settled against the one dealer hand")
    parts_html, parts_md = [], []
    if outcomes is not None and basis == "this game":      # (round_distribution's basis: outcomes came)
        stats = outcomes.summary()
        text = f"This game's exact figures and the probability of every net result of one round: {play}."
    elif own is not None:
        stats = {"ev": own.ev, "sd": own.sd, "average_bet": own.average_bet, "element_of_risk": own.element_of_risk}
        text = (f"This game's exact figures for one round: {play}.  Its win, push and loss chances need the full "
                f"distribution of its resplits to {calc.rules.max_split_hands} hands, which is too large to list.")
    else:
        text = "The round's distribution and variance are too large to compute for this game."
        return Section("distribution", title, f"<p class=\"note\">{html.escape(text)}</p>", text)
    if outcomes is not None and basis != "this game":
        approx = dict(_figure_rows(outcomes.summary()))
        mine = dict(_figure_rows(stats))
        figure_rows = [(label, mine.get(label, "too large to list"), value) for label, value in approx.items()]
        s_html, s_md = _table(["figure", "this game", "splits limited to 2 hands"], figure_rows)
    else:
        s_html, s_md = _table(["figure", "this game"], _figure_rows(stats))
    parts_html.append(f"<p class=\"note\">{html.escape(text)}</p>{s_html}")
    parts_md += [text, s_md]
    if outcomes is not None:
        if basis != "this game":
            heading = "Distribution: " + basis
            words = ("The probabilities below, and the column \"splits limited to 2 hands\" above, are those of "
                     f"{basis}: its EV and SD differ from this game's by the value of resplitting.")
            parts_html.append(f"<h3>{html.escape(heading)}</h3><p class=\"note\">{html.escape(words)}</p>")
            parts_md += [f"### {heading}", words]
        assert outcomes.pmf is not None     # (round_distribution asks for the pmf: require_pmf)
        rows = [(("+" if net > 0 else "") + f"{float(net):g}", f"{float(p):.8f}") for net, p in outcomes.pmf.items()]
        t_html, t_md = _table(["net result", "probability"], rows)
        try:
            import matplotlib.pyplot as plt

            with plt.rc_context({"font.family": "sans-serif", "font.size": 9}):
                figure, axes = plt.subplots(figsize=(6, 3))
                outcomes.plot(ax=axes)
                axes.set_title("")   # (its EV is in the table, where it says of which game)
            picture = ("<div><p class=\"note\">Probability of each net result (log scale).</p><div class=\"plots\">"
                       + _svg(figure, prefix="pmf-") + "</div></div>")
        except ImportError:
            picture = f"<p class=\"note\">{PLOTS_NEED}</p>"
        parts_html.append(f"<div class=\"side\">{t_html}{picture}</div>")
        parts_md.append(t_md)
    return Section("distribution", title, "".join(parts_html), "\n\n".join(parts_md))


TOP_EXCEPTIONS = 12
"""How many of the most valuable CD exceptions the strategy section shows first (every one follows)."""

EXCEPTION_HEADER = ["hand", "up", "chart row", "chart says", "these cards", "gain if held",
                    "worth per round"]
"""The strategy section's exception tables: the hand, up card, chart row, the chart's play and
the best play for the exact cards, the gain for a player holding the hand (% of the bet) and
its contribution to the house edge (gain times the chance that a round reaches the hand, % of
the bet per round)."""


def _exception_rows(exceptions: Any) -> list[tuple[str, ...]]:
    return [(r.hand, r.up, r.row, r.chart_action, r.cd_action, f"{float(r.gain) * 100:.4f} %",
             f"{float(r.contribution) * 100:.6f} %") for r in exceptions.itertuples()]


def most_valuable(exceptions: Any) -> Any:
    """The CD exceptions, the most valuable first: by contribution to the house edge (gain
    times the chance of reaching the hand: what knowing the exception is worth per round),
    then by gain, up card and hand."""
    frame = exceptions.assign(_worth=exceptions["contribution"].map(float), _gain=exceptions["gain"].map(float))
    return frame.sort_values(["_worth", "_gain", "up", "hand"], ascending=[False, False, True, True],
                             kind="stable").drop(columns=["_worth", "_gain"])


def _by_cell(cd: Any) -> tuple[str, str]:
    """The exceptions grouped by chart cell, the most valuable cell first, in percent."""
    summary = cd.exception_summary(by="contribution")
    rows = [(r.row, r.up, r.chart_action, r.cd_action, str(r.hands), f"{float(r.max_gain) * 100:.4f} %",
             f"{float(r.total_contribution) * 100:.6f} %") for r in summary.itertuples()]
    return _table(["chart row", "up", "chart says", "these cards", "hands", "largest gain if held",
                   "worth per round"], rows, left=4)


def _td_refused(games: "_Games") -> str:
    """Why the game's TD play is refused (a variant's round the chart search does not follow
    yet: a :class:`~bjcalc.core.errors.NotFollowedError`), or "" where it is computed."""
    try:
        games.result("TD")
    except NotFollowedError as refusal:
        return str(refusal)
    return ""


def _strategy_section(game: "_Game", progress: "_Steps") -> Section:
    td_refused = _td_refused(game.games)
    if td_refused:
        text = f"Not computed: {td_refused}."
        return Section("strategy", TITLES["strategy"], f"<p class=\"note\">{html.escape(text)}</p>", text)
    refused = _refused(game.games.calc, "a chart's list of CD exceptions")
    cd = chart(game.games.calc, "TD" if refused else "CD", progress=progress.wrap, td_result=game.games.result("TD"))
    exceptions = cd.exceptions        # (a CD chart lists its exceptions; a TD chart has none)
    count = len(exceptions) if exceptions is not None else 0
    shown = min(TOP_EXCEPTIONS, count)
    note = ("The total-dependent chart (by hand total, colour-coded: a corner in a second colour is the play where "
            "the first is not allowed).")
    chart_md = chart_markdown(cd, exceptions=False).rstrip()
    # (the chart's own Markdown headings go two levels down, under this section's)
    chart_md = re.sub(r"^(#+) ", lambda m: "#" * (len(m.group(1)) + 2) + " ", chart_md, flags=re.M)
    if count:
        words = (f"Composition-dependent exceptions: {count} hands against an up card where the best play for the "
                 f"hand's exact cards differs from the chart.  Gain if held: EV of the best play minus the chart's, "
                 f"in % of the initial bet, for a player holding that hand; worth per round: that gain times the "
                 f"chance that a round reaches the hand playing the chart, i.e. how much of the house edge knowing "
                 f"the exception takes off.  The most valuable come first.")
        cell_html, cell_md = _by_cell(cd)
        header = EXCEPTION_HEADER
        top_html, top_md = _table(header, _exception_rows(most_valuable(exceptions).head(TOP_EXCEPTIONS)), left=5)
        all_html, all_md = _table(header, _exception_rows(exceptions), left=5)
        html_part = (f"<h3>Composition-dependent exceptions ({count})</h3><p class=\"note\">{html.escape(words)}</p>"
                     f"<h4>By chart cell</h4>{cell_html}"
                     f"<h4>The {shown} most valuable of the {count} exceptions</h4>{top_html}"
                     f"<details><summary>Every one of the {count} exceptions, by up card</summary>"
                     f"{all_html}</details>")
        md_part = (f"### Composition-dependent exceptions ({count})\n\n{words}\n\n#### By chart cell\n\n{cell_md}\n\n"
                   f"#### The {shown} most valuable of the {count} exceptions\n\n{top_md}\n\n"
                   f"#### Every one of the {count} exceptions, by up card\n\n{all_md}")
    else:
        html_part = md_part = refused or "No hand plays differently from the chart when its exact cards are known."
        html_part = f"<p class=\"note\">{html.escape(html_part)}</p>"
    if game.games.calc.variant.hands_dealt == 2:       # (two hands that may switch cards: when to switch)
        from .switch_chart import switch_chart

        switching = switch_chart(game.games.calc)
        switch_md = re.sub(r"^(#+) ", lambda m: "#" * (len(m.group(1)) + 2) + " ", switching.to_markdown(), flags=re.M)
        html_part += re.sub(r"<(/?)h([23])>", lambda m: f"<{m.group(1)}h{int(m.group(2)) + 1}>", switching.to_html())
        md_part += "\n\n" + switch_md.rstrip()
    return Section("strategy", TITLES["strategy"],
                   f"<p class=\"note\">{html.escape(note)}</p>{chart_html(cd, exceptions=False)}{html_part}",
                   f"{note}\n\n{chart_md}\n\n{md_part}")


def _refused(calc: Calculator, what: str) -> str:
    """Why the variant's round refuses an analysis, as a note ("" where it follows it)."""
    try:
        calc.round.variant.check_analysis(what)
    except BjcalcError as refusal:
        return f"Not computed: {refusal}."
    return ""


def _removal_section(calc: Calculator) -> Section:
    """The effects of removal of the full shoe's CD play, or, where the variant's round does not
    follow a fixed play yet, of each depleted shoe played best (saying so)."""
    refused = _refused(calc, "fixed play")
    if refused and _refused(calc, "effects of removal with reoptimized play"):
        return Section("removal", TITLES["removal"], f"<p class=\"note\">{html.escape(refused)}</p>", refused)
    play = "reoptimized" if refused else "fixed"
    try:
        effects = calc.effects_of_removal(play)
    except BjcalcError:
        text = "Not computed for this shoe: the effects of removal are those of a full shoe of whole decks."
        return Section("removal", TITLES["removal"], f"<p class=\"note\">{html.escape(text)}</p>", text)
    rows = [(card, f"{float(value) * 100:+.4f} %" if value == value else "none in the shoe")     # (NaN: none)
            for card, value in effects.items()]
    e_html, e_md = _table(["card", f"effect of removal ({'fixed CD' if play == 'fixed' else 'reoptimized'} play)"],
                          rows)
    scores = sorted(((betting_correlation(effects, system), name) for name, system in SYSTEMS.items()), reverse=True)
    c_rows = [(name, f"{score:.3f}") for score, name in scores]
    c_html, c_md = _table(["count", "betting correlation"], c_rows)
    best = scores[0][1]
    played = ("the full shoe's CD strategy played unchanged" if play == "fixed" else
              "each depleted shoe played best (CD), as this game's round does not follow a fixed play yet: "
              "a counter's fixed play would gain a little less")
    text = (f"The change in the game's EV (% of the initial bet) from removing one card of each value from the full "
            f"shoe, {played}; of the common counts, {best} fits these effects best.")
    return Section("removal", TITLES["removal"],
                   f"<p class=\"note\">{html.escape(text)}</p><div class=\"side\">{e_html}{c_html}</div>",
                   f"{text}\n\n{e_md}\n\n{c_md}")


def _side_bets_section(game: "_Game") -> Optional[Section]:
    """The side bets offered with this game (:data:`SIDE_BETS`), or None where none is."""
    rules, shoe = game.rules, game.shoe
    bets = SIDE_BETS.get(game.preset or "", ())
    if not bets:
        return None
    from ..sidebets import MatchTheDealer, PotOfGold, buster_blackjack, lucky_lucky

    rows = []
    if "pot-of-gold" in bets:
        try:
            edge = _percent(PotOfGold(rules).evaluate(shoe).house_edge)
        except StrategyError as error:      # (a rule of the game the count does not follow yet)
            edge = f"not computed: {error}"
        rows.append(("Pot of Gold (valued under this game's CD play)", edge))
    if "buster" in bets:
        result = buster_blackjack(shoe, hits_soft_17=rules.dealer_hits_soft_17)
        rows.append(("Buster Blackjack", _percent(result.house_edge)))
    if "lucky-lucky" in bets:
        rows.append(("Lucky Lucky", _percent(lucky_lucky(shoe).house_edge)))
    if "match-the-dealer" in bets:      # (Spanish 21's own pay tables: 4/9 on 6 decks, 3/12 on 8)
        paytable = "spanish_21_eight_deck" if shoe.whole_decks() == 8 else "spanish_21"
        rows.append((f"Match the Dealer ({paytable} pay table)",
                     _percent(MatchTheDealer().evaluate(shoe, paytable).house_edge)))
    table_html, table_md = _table(["side bet (default pay table)", "house edge"], rows)
    return Section("side bets", TITLES["side bets"], table_html, table_md)


NO_SIDE_BET = "No side bet is offered with this game among the games bjcalc knows."
"""The side bets section where it is the only one asked for and none applies (else it is left out)."""


def _preset_of(rules: Rules, name: Optional[str] = None) -> tuple[Optional[str], dict[str, Any]]:
    """The preset these rules are (``name`` first, if it is one), or the one they are with the
    fewest rules changed, and the changed rules; ``(None, {})`` when no preset fits."""
    best: tuple[Optional[str], dict[str, Any]] = (None, {})
    for preset, make in sorted(((key, variant.rules) for key, variant in VARIANTS.items()),
                               key=lambda item: item[0] != name):
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
        self._shared = not calc.exact and calc.shoe == variant_of(calc.rules).shoe(calc.rules)

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
    for this game); ``name`` the page's title (default: :func:`game_title`, the preset's
    title in words with any rules changed from it).  Rules that are a preset's with some rules
    changed get that preset's rule sweep (with the changes kept); the published figures shown
    are those of exactly these rules.  The side bets section is left out where no side bet is
    offered with the game.  Each game is computed once in a report.

    >>> report(Rules(decks=1, dealer_hits_soft_17=True), sections=("rules",)).title
    'Standard shoe game (changed: decks: 1; dealer hits soft 17: yes)'
    """
    started = time.perf_counter()
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        raise BjcalcError(f"unknown report section {unknown[0]!r}; sections: {', '.join(SECTIONS)}")
    if isinstance(game, str):
        if game not in VARIANTS:
            raise BjcalcError(f"unknown game {game!r}; games: {', '.join(sorted(VARIANTS))}")
        VARIANTS[game].check_analysis("the report")
        title, rules = game, VARIANTS[game].rules()
        calc = Calculator(rules, shoe)
    elif isinstance(game, Calculator):
        title, rules, calc = "custom game", game.rules, game
    elif isinstance(game, Rules):
        title, rules, calc = "custom game", game, Calculator(game, shoe)
    else:
        raise BjcalcError(f"report takes a preset name, a Rules or a Calculator, not {type(game).__name__}")
    calc.round.variant.check_analysis("the report")      # (before any section's work)
    if calc.round.variant.seen_hole(calc.rules) is not None:
        raise BjcalcError("the report is of the whole game: leave out the hole card (--hole), which hand values take")
    title = name or title
    preset, overrides = _preset_of(rules, title)
    about = _Game(title, rules, calc.shoe, preset, overrides, _Games(calc))
    builders: dict[str, Callable[[_Steps], Optional[Section]]] = {
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
            section = builders[key](steps)
            if section is None and chosen == ["side bets"]:   # (asked for alone: say so)
                section = Section(key, TITLES[key], f"<p class=\"note\">{NO_SIDE_BET}</p>", NO_SIDE_BET)
            if section is not None:                              # (else nothing applies: left out)
                built.append(section)
            steps.end()
    finally:
        steps.close()
    if command is None:
        command = "bjcalc report " + (f"--variant {shlex.quote(title)}" if title in VARIANTS else "[rule flags]")
    heading = game_title(preset, overrides, rules) if name is None or name in VARIANTS else name
    return Report(title, rules, calc.shoe, built, command, time.perf_counter() - started, title=heading)
