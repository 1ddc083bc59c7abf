"""The generated ``tables/`` folder: which rule sets it holds (:func:`table_sets`), its index
(``README.md``, :func:`tables_index`, with the house edges read back from the files,
:func:`table_edges`) and the writing of files (:func:`write_tables`, :func:`write_text`:
deterministic and idempotent, a file already holding the bytes is left alone).

:func:`generate_tables` writes each set's files (the chart, its exceptions and EV table,
rendered, and the game's report) and the catalogues of the variants and the side bets
(:data:`CATALOG_FILES`); ``bjcalc tables --out tables`` calls it.

>>> sets = table_sets()
>>> len(sets) == len(set(sets.values())), TABLE_FILES[:2]
(True, ('chart.md', 'chart.csv'))
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from ..core.errors import BjcalcError, NotFollowedError
from ..core.progress import ProgressFn, no_progress
from ..core.rules import Rules
from ..core.runner import run_chunks
from ..game.variants import PRESETS, VARIANTS
from ..game.calculator import Calculator
from .charts import chart, ev_table
from .codes import AFTER_HIT_LEGEND, LEGEND
from .render import edge_words, exceptions_csv, markdown_table, page   # (edge_words: here before render had it)
from .report import moments_line, report, resplit_moments, round_distribution

__all__ = ["EXTRA_SETS", "TABLE_FILES", "PRESET_FILES", "SIDEBET_FILES", "VARIANT_FILES", "CATALOG_FILES", "ALL_FILES", "TIMING", "is_preset",
           "table_sets", "table_edges", "tables_index", "generate_tables", "write_tables", "write_text", "edge_words",
           "without_timing"]

EXTRA_SETS: dict[str, dict[str, Any]] = {
    "standard-6d-s17-das-ls": dict(surrender="late"),
    "standard-6d-h17-das-ls": dict(dealer_hits_soft_17=True, surrender="late"),
    "standard-6d-s17-das-6to5": dict(blackjack_pays="6:5"),
}
"""Standard games with late surrender and with blackjack paying 6:5, for ``tables/``."""


def _standard_sets() -> dict[str, Rules]:
    out = {}
    for decks in (1, 2, 6, 8):
        for h17 in (False, True):
            for das in (True, False):
                key = f"standard-{decks}d-{'h17' if h17 else 's17'}-{'das' if das else 'nodas'}"
                out[key] = PRESETS["standard"](decks=decks, dealer_hits_soft_17=h17, double_after_split=das)
    out.update({key: PRESETS["standard"](**rules) for key, rules in EXTRA_SETS.items()})
    return out


def table_sets() -> dict[str, Rules]:
    """The rule sets ``tables/`` holds: every preset, every other registered variant at its own
    rules (its name the set's), then standard rules for 1, 2, 6, 8 decks, S17/H17, DAS or not,
    and 6 decks with late surrender (S17, H17) and with 6:5 (:data:`EXTRA_SETS`); a set equal to
    one already listed is left out.

    >>> sets = table_sets()
    >>> list(sets)[:2], "standard-8d-h17-nodas" in sets, "standard-6d-s17-das" in sets
    (['standard', 'burn20'], True, False)
    >>> sets["spanish_21"].variant, "free_bet" in sets
    ('spanish_21', True)
    >>> str(sets["standard-6d-s17-das-6to5"].blackjack_pays), sets["standard-6d-h17-das-ls"].surrender
    ('6/5', 'late')
    """
    out: dict[str, Rules] = {name: make() for name, make in PRESETS.items()}
    out.update({name: variant.rules() for name, variant in VARIANTS.items() if name not in PRESETS})
    for key, rules in _standard_sets().items():
        if rules not in out.values():
            out[key] = rules
    return out


TABLE_FILES = ("chart.md", "chart.csv", "chart.html", "exceptions.csv", "ev.csv", "REPORT.html")
"""The files of each set's folder, in the order the index links them."""

PRESET_FILES = ("eor.csv", "pmf.csv")
"""The files a named game's folder (a preset's, a variant's) holds besides :data:`TABLE_FILES`,
where bjcalc follows its round's fixed play and distribution: its effects of removal and
count metrics (:func:`bjcalc.analysis.counting.eor_csv`), and the exact distribution of a
round's net result (:meth:`bjcalc.game.distribution.RoundOutcomes.to_csv`, the report's:
:func:`bjcalc.analysis.report.round_distribution`)."""

SIDEBET_FILES = ("sidebets.md", "sidebets.csv")
"""The files of the folder itself, beside its index: the side-bet catalogue, every side bet's house
edge by pay table and number of decks (:func:`bjcalc.analysis.sidebet_catalog.sidebet_catalog`)."""

VARIANT_FILES = ("variants.md", "variants.csv")
"""The folder's other catalogue: every variant's house edge at its own rules, TD and CD
(:func:`bjcalc.analysis.variant_catalog.variant_catalog`)."""

CATALOG_FILES = VARIANT_FILES + SIDEBET_FILES
"""The files of the folder itself, beside its index: the two catalogues."""

ALL_FILES = TABLE_FILES + PRESET_FILES + CATALOG_FILES
"""Every file name ``bjcalc tables --files`` takes: each set's, a preset's, the folder's own."""


def is_preset(rules: Rules) -> bool:
    """Whether ``rules`` are a named game's own, a preset's or a variant's (its folder then holds
    :data:`PRESET_FILES` too, where bjcalc computes them for it).

    >>> is_preset(PRESETS["burn20"]()), is_preset(PRESETS["standard"](decks=2)), is_preset(VARIANTS["free_bet"].rules())
    (True, False, True)
    """
    return any(rules == variant.rules() for variant in VARIANTS.values())


_CHART_FILES = ("chart.md", "chart.csv", "chart.html")


def missing_files(rules: Rules) -> dict[str, str]:
    """The files of :data:`TABLE_FILES` and :data:`PRESET_FILES` a set of ``rules`` does not
    hold, each with what bjcalc says when asked for it (the analysis's refusal, checked before
    any work): a variant's folder holds what bjcalc computes for its round, a game without a
    name no :data:`PRESET_FILES`.

    >>> missing_files(PRESETS["standard"](decks=2))["eor.csv"]
    'a named game only'
    >>> sorted(missing_files(VARIANTS["double_exposure"].rules()))
    ['eor.csv', 'ev.csv', 'exceptions.csv', 'pmf.csv']
    >>> missing_files(VARIANTS["double_exposure"].rules())["ev.csv"][:60]
    "Double Exposure's values against an up card depend on both d"
    """
    from ..game.strategy import check_td_play

    calc = Calculator(rules)
    variant = calc.variant

    def charted() -> None:
        variant.check_analysis("a strategy chart")
        check_td_play(calc)

    def hand_values() -> None:
        for up in range(1, 11):
            variant.check_hand(rules, up)

    checks: dict[tuple[str, ...], Callable[[], None]] = {
        _CHART_FILES: charted,
        ("exceptions.csv",): lambda: variant.check_analysis("a chart's list of CD exceptions"),
        ("ev.csv",): hand_values,
        ("REPORT.html",): lambda: variant.check_analysis("the report"),
        ("eor.csv",): lambda: variant.check_analysis("fixed play"),
        ("pmf.csv",): lambda: variant.check_analysis("the round's distribution"),
    }
    out = {}
    for names, check in checks.items():
        try:
            check()
        except BjcalcError as refusal:      # (a variant's refusal without its list of what it computes)
            out.update({name: refusal.refused if isinstance(refusal, NotFollowedError) else str(refusal)
                        for name in names})
    if not is_preset(rules):
        out.update({name: "a named game only" for name in PRESET_FILES})
    return {name: out[name] for name in TABLE_FILES + PRESET_FILES if name in out}


def set_file_names(rules: Rules, files: Iterable[str] = TABLE_FILES + PRESET_FILES) -> tuple[str, ...]:
    """The files of ``files`` a set of ``rules`` holds (:func:`missing_files` says why not the others).

    >>> set_file_names(VARIANTS["spanish_21"].rules())
    ('chart.md', 'chart.csv', 'chart.html', 'ev.csv', 'REPORT.html')
    """
    missing = missing_files(rules)
    return tuple(name for name in TABLE_FILES + PRESET_FILES if name in set(files) and name not in missing)


TIMING = re.compile(r'^<p class="timing">[^<\n]*</p>$', re.M)
"""The one line of a generated file that two runs of the same code may write differently: a
report's ``computed in X s`` (``REPORT.html``'s footer, :mod:`bjcalc.analysis.report`).
:func:`write_text` leaves a file alone when only this line would change, and the freshness test
compares every file with exactly this line left out (:func:`without_timing`)."""


def without_timing(text: str) -> str:
    """``text`` with every :data:`TIMING` line emptied.

    >>> without_timing('<footer>\\n<p class="timing">computed in 3.1 s.</p>\\n</footer>')
    '<footer>\\n<p class="timing"></p>\\n</footer>'
    """
    return TIMING.sub('<p class="timing"></p>', text)

_EDGES = re.compile(r"^[#-] EV TD .*\((house|player) edge (\d+\.\d+) %\); EV CD .*\((house|player) edge (\d+\.\d+) %\)$",
                    re.M)


def _edges_of(chart_csv: str) -> Optional[tuple[str, str]]:
    """The house edges (percent, as printed, negative for a player edge: TD, CD) in a
    ``chart.csv``'s header, if there."""
    found = _EDGES.search(chart_csv)
    if not found:
        return None
    signed = [("-" if who == "player" else "") + number for who, number in (found.group(1, 2), found.group(3, 4))]
    return signed[0], signed[1]


def table_edges(folder: Any = "tables") -> dict[str, tuple[str, str]]:
    """The house edges (percent, TD and CD, as printed) of every set already generated in
    ``folder``, read from each set's ``chart.csv``, or its ``chart.md`` (a run of ``--files
    chart.md`` wrote only that one); for a named game whose folder has no chart stating them (a
    switching table, a game without a TD chart), the variant catalogue's (``variants.csv``: ``-``
    for a play bjcalc does not value for that game).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = write_text(Path(folder) / "standard" / "chart.csv",
    ...                    "# EV TD -0.5 % (house edge 0.5000 %); EV CD -0.4 % (house edge 0.4000 %)\\n")
    ...     table_edges(folder)
    {'standard': ('0.5000', '0.4000')}
    """
    out = {}
    for key in table_sets():
        for name in ("chart.csv", "chart.md"):      # (both hold the edges line: '# EV TD ...', '- EV TD ...')
            path = Path(folder) / key / name
            edges = _edges_of(path.read_text(encoding="utf-8")) if path.is_file() else None
            if edges is not None:
                out[key] = edges
                break
    catalogue = Path(folder) / "variants.csv"     # (a game whose chart states no edges line: the catalogue's)
    if catalogue.is_file():
        import csv

        lines = [line for line in catalogue.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
        for row in list(csv.reader(lines))[1:]:
            if row[0] in VARIANTS and row[0] not in out and (Path(folder) / row[0]).is_dir():
                out[row[0]] = (row[-2], row[-1])
    return out


TOO_LARGE = "the round's distribution is too large to list here, even split to two hands"
"""The first line of a named game's ``pmf.csv`` where no distribution can be listed (no row
follows; the next line gives the game's exact mean and SD)."""


def folder_files(folder: Any) -> dict[str, set[str]]:
    """The files each set of :func:`table_sets` has in ``folder`` (the index links those).

    >>> folder_files("no such folder")["standard"]
    set()
    """
    root = Path(folder)
    return {key: {path.name for path in (root / key).iterdir()} if (root / key).is_dir() else set()
            for key in table_sets()}


_LINKS = {"chart.md": "md", "chart.csv": "csv", "chart.html": "html", "REPORT.html": "report"}


def tables_index(sets: dict[str, Rules], edges: Optional[dict[str, tuple[str, str]]] = None,
                 present: Optional[dict[str, set[str]]] = None, catalogues: Optional[Iterable[str]] = None) -> str:
    """``tables/README.md``: what each set is, its house edge with TD and CD play (``edges``, as
    :func:`table_edges` reads them; a set without is marked not generated), and links to its
    files (those of ``present``, by set, where given: a partial run links only what it wrote);
    then the variant and side-bet catalogues, linked to those of :data:`CATALOG_FILES` in
    ``catalogues`` (default all of them; a catalogue with none: marked not generated).

    >>> index = tables_index(table_sets(), {"standard": ("0.5000", "0.4000")})
    >>> index.splitlines()[0], "| 0.5000 % | 0.4000 % |" in index, "[sidebets.md](sidebets.md)" in index
    ('# Generated strategy tables', True, True)
    >>> tables_index(table_sets(), catalogues=["sidebets.csv"]).splitlines()[-1][:40]
    'Side bets ([csv](sidebets.csv)): every s'
    """
    edges = edges or {}
    out = ["# Generated strategy tables", "",
           "Basic strategy charts, composition-dependent exceptions, EV tables and game reports for "
           "common rule sets, computed exactly by bjcalc (no simulation).  Made with `bjcalc tables --out "
           "FOLDER`; the same command remakes them.", "",
           "Each folder holds, for one rule set:", "",
           "- `chart.md`, `chart.csv`, `chart.html`: the basic strategy chart (by hand total) with its rules, "
           "shoe and house edge, and (md, html) the hands whose exact cards call for another play, by chart "
           "cell; `chart.csv` holds the rules and house edge in `#` comment lines (in pandas: "
           "`pandas.read_csv(path, comment=\"#\", index_col=0)`);",
           "- `exceptions.csv`: every hand (two cards, or more reached by hitting as the chart says) whose best "
           "play for its exact cards differs from the chart; `gain` is per unit initial bet for a player "
           "holding that hand, `contribution` that gain times the chance that a round reaches the hand (what "
           "knowing the exception is worth per round);",
           "- `ev.csv`: the EV of every allowed action of every starting two-card hand against every up card, "
           "per unit initial bet (rows hand and action, columns up card; in games where the dealer peeks, given "
           "that the dealer has no blackjack, as the chart's `values` line says);",
           "- `eor.csv` (named games only): the effect on the EV of removing one card of each value, in "
           "percent, with the full shoe's strategy played unchanged and with the best play for each depleted "
           "shoe, then each common count's tags, betting and insurance correlation and playing efficiency;",
           "- `pmf.csv` (named games only): the exact probability of every net result of one round (no "
           "insurance), with EV, SD, win/push/loss, average bet and element of risk in its `#` lines; where the "
           "game's resplits make the distribution too large, that of the same game with splits limited to 2 "
           "hands, as its first line says, and the game's own exact EV and SD on the next (where even that is too "
           "large, the first line says so, the next gives the game's exact EV and SD, and no row follows);",
           "- `REPORT.html`: the game's report (rules, house edges with each strategy and the "
           "published figures, the edge as each open rule changes, the round's distribution, the strategy "
           "and its most valuable exceptions, effects of removal, side bets; one self-contained page that "
           "prints on a few pages).", "",
           "A casino variant's folder holds the files of what bjcalc computes for its round (the list after the "
           "table says what each lacks and why): Double Exposure's chart has a column for each dealer hand (both "
           "cards are seen), Blackjack Switch's `chart` files hold its switching table and the chart of each hand, "
           "Spanish 21's codes change with the number of cards (the chart's legend says how).", "",
           "House edge: minus the EV of a round per unit initial bet, in percent, with the chart's play (TD, by "
           "hand total) and with composition-dependent play (CD: every decision by the hand's exact cards).  "
           "Every file is computed in floating point, split hands played by their own cards (CDZ-).", "",
           "Codes: " + "; ".join(f"**{code}** {text}" for code, text in LEGEND + AFTER_HIT_LEGEND) + ".", ""]
    presets = {rules: name for name, rules in sets.items() if name in PRESETS}
    rows, lacking = [], []
    for key, rules in sets.items():
        links = " ".join(f"[{_LINKS.get(name, name)}]({key}/{name})" for name in set_file_names(rules)
                         if present is None or name in present.get(key, ()))
        td, cd = (f"{edge} %" if edge != "-" else "not computed" for edge in edges[key]) if key in edges \
            else ("not generated",) * 2
        rows.append([f"`{key}`", rules.describe(VARIANTS.of(rules).shoe(rules)), td, cd, links])   # (Spanish decks)
        if key in VARIANTS:
            why: dict[str, list[str]] = {}
            for name, reason in missing_files(rules).items():
                why.setdefault(reason, []).append(f"`{name}`")
            lacking += [f"- `{key}`: no {', '.join(names)}: {reason}" for reason, names in why.items()]
    out += markdown_table(["set", "rules", "house edge TD", "house edge CD", "files"], rows)
    if lacking:
        out += ["", "What a game's folder lacks, in bjcalc's words when asked for it:", ""] + lacking
    for key, rules in _standard_sets().items():
        if key not in sets and rules in presets:
            out += ["", f"`{key}` is the same game as `{presets[rules]}`."]
    written = [name for name in CATALOG_FILES if catalogues is None or name in set(catalogues)]
    name = "[variants.md](variants.md)" if "variants.md" in written else "Games"
    csv = " ([csv](variants.csv))" if "variants.csv" in written else ""
    generated = any(file in written for file in VARIANT_FILES)
    own = ", ".join(v.title for v in VARIANTS.values() if v.round_name != "standard")    # (a round of their own)
    out += ["", "## Games", "",
            f"{name}{csv}: every variant bjcalc computes ({own} and the presets above), its house edge with TD and "
            f"CD play at its own rules"
            + ("" if generated else " (not generated)") + "."]
    name = "[sidebets.md](sidebets.md)" if "sidebets.md" in written else "Side bets"
    csv = " ([csv](sidebets.csv))" if "sidebets.csv" in written else ""
    written = [name for name in SIDEBET_FILES if name in written]
    out += ["", "## Side bets", "",
            f"{name}{csv}: every side bet's house edge by pay table and number of decks (1, 2, 4, 6 and 8, and "
            f"Spanish 21's decks for the tables dealt with them), with its hit frequency on 6 decks"
            + ("" if written else " (not generated)") + "."]
    return "\n".join(out) + "\n"


def write_tables(folder: Any, set_files: Callable[[str, Rules, tuple[str, ...]], dict[str, str]],
                 only: Optional[Iterable[str]] = None, progress: ProgressFn = no_progress,
                 files: Iterable[str] = TABLE_FILES + PRESET_FILES, workers: Optional[int] = 1,
                 scheduler: Any = None) -> list[Path]:
    """Write ``folder``: the index ``README.md``, and for each rule set of :func:`table_sets`
    (``only``: just these; the index always lists every set, with the house edges of the sets
    already in ``folder``, and the side-bet catalogue where ``folder`` holds it) a subfolder
    holding ``set_files(key, rules, files)`` (file name -> text, for the names in ``files``,
    default every one of :data:`TABLE_FILES` and :data:`PRESET_FILES`).  Returns the
    paths written, the index first.  The sets are computed as tasks of the runner
    (:func:`bjcalc.core.runner.run_chunks`: ``workers`` local processes, default 1: here, or a
    Dask ``scheduler``; ``set_files`` must then be a module-level function), whose results are
    the texts; only this process writes, each set's files as the set comes back, so the files
    do not depend on where the sets were computed.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [path.name for path in write_tables(folder, lambda key, rules, files: {"rules.txt": rules.describe()},
    ...                                         only=["classic_single_deck"])]
    ['README.md', 'rules.txt']
    """
    files = tuple(files)
    unknown_files = [name for name in files if name not in TABLE_FILES + PRESET_FILES]
    if unknown_files:
        raise BjcalcError(f"unknown table file {unknown_files[0]!r}; files: {', '.join(TABLE_FILES + PRESET_FILES)}")
    sets = table_sets()
    chosen = list(sets) if only is None else list(only)
    unknown = [key for key in chosen if key not in sets]
    if unknown:
        raise BjcalcError(f"unknown table set {unknown[0]!r}; sets: {', '.join(sets)}")
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    paths: dict[int, list[Path]] = {}

    def write(index: int, out: dict[str, str]) -> None:       # (each set as it comes: a stopped run keeps it)
        paths[index] = [write_text(root / chosen[index] / name, text) for name, text in out.items()]

    run_chunks(_set_task, [(set_files, key, sets[key], files) for key in chosen], workers=workers,
               scheduler=scheduler, on_result=write,
               progress=lambda ticks, total=None: progress(ticks, total=total, desc="tables"))
    written = [path for index in range(len(chosen)) for path in paths[index]]
    present = folder_files(root)
    catalogues = [name for name in CATALOG_FILES if (root / name).is_file()]
    return [write_text(root / "README.md", tables_index(sets, table_edges(root), present, catalogues))] + written


def _set_task(task: tuple[Callable, str, Rules, tuple[str, ...]]) -> dict[str, str]:
    """A runner task: one set's files, name -> text (computed wherever the runner puts it)."""
    set_files, key, rules, files = task
    return set_files(key, rules, files)


def write_text(path: Path, text: str) -> Path:
    """Write ``text`` (UTF-8; folders made as needed) unless the file already holds exactly it,
    or holds it but for its :data:`TIMING` line (a regenerated report keeps the time it was
    first computed in, so that regenerating changes no file); an OS error becomes a
    :class:`~bjcalc.core.errors.BjcalcError`.  Returns ``path``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = write_text(Path(folder) / "a" / "b.txt", "één\\n")
    ...     path.read_bytes()
    b'\\xc3\\xa9\\xc3\\xa9n\\n'
    """
    data = text.encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        old = path.read_bytes() if path.is_file() else None
        if old != data and (old is None or without_timing(old.decode("utf-8", "replace")) != without_timing(text)):
            path.write_bytes(data)
    except OSError as exc:
        raise BjcalcError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path


def generate_tables(folder: Any = "tables", only: Optional[Iterable[str]] = None,
                    progress: ProgressFn = no_progress, files: Iterable[str] = ALL_FILES,
                    workers: Optional[int] = None, scheduler: Any = None) -> list[Path]:
    """Write ``folder`` (index ``README.md`` and one subfolder per rule set of
    :func:`table_sets`): each set's CD chart (``chart.md``, ``chart.csv``,
    ``chart.html``), its exceptions (``exceptions.csv``), EV table (``ev.csv``) and
    report (``REPORT.html``, :func:`bjcalc.analysis.report.report`), in float arithmetic with
    post-split play CDZ-; and in ``folder`` itself the variant catalogue (:data:`VARIANT_FILES`:
    :func:`~bjcalc.analysis.variant_catalog.variant_catalog`) and the side-bet catalogue
    (:data:`SIDEBET_FILES`: :meth:`~bjcalc.analysis.sidebet_catalog.SideBetCatalog.to_markdown` and
    ``to_csv``).

    Deterministic (same code, same bytes, but for a report's time: see :data:`TIMING`) and
    idempotent; ``only``: just these sets (the index is always written, with the house edges of
    the sets already in ``folder``); ``files``: just these of :data:`TABLE_FILES` (and, for the
    presets, :data:`PRESET_FILES`: their effects of removal, ``eor.csv``, and round
    distribution, ``pmf.csv``) and of :data:`CATALOG_FILES` (default all: :data:`ALL_FILES`; a
    catalogue is written whenever ``files`` names it, whatever ``only``).  Returns the paths
    written, the index first (:func:`write_tables` writes it and the sets' files), the
    catalogues' last.  ``workers``/``scheduler``: where the sets are computed, one task each
    (:func:`bjcalc.core.runner.run_chunks`: default every local core; a Dask address or client);
    the files are the same wherever (the catalogues are computed here).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [path.name for path in generate_tables(folder, only=["classic_single_deck"], files=["chart.md", "ev.csv"])]
    ['README.md', 'chart.md', 'ev.csv']
    """
    files = tuple(files)
    unknown = [name for name in files if name not in ALL_FILES]
    if unknown:
        raise BjcalcError(f"unknown table file {unknown[0]!r}; files: {', '.join(ALL_FILES)}")
    catalogue = [name for name in CATALOG_FILES if name in files]
    texts = {}
    if any(name in SIDEBET_FILES for name in catalogue):      # (first: the index, written last, links them)
        from .sidebet_catalog import sidebet_catalog

        bets = sidebet_catalog()
        texts.update({"sidebets.md": bets.to_markdown(), "sidebets.csv": bets.to_csv()})
    if any(name in VARIANT_FILES for name in catalogue):
        from .variant_catalog import variant_catalog

        games = variant_catalog()
        texts.update({"variants.md": games.to_markdown(), "variants.csv": games.to_csv()})
    written = [write_text(Path(folder) / name, texts[name]) for name in catalogue]
    set_files = tuple(name for name in files if name not in CATALOG_FILES)
    if catalogue and not set_files:     # (the catalogue alone: no set to compute)
        only = []
    return write_tables(folder, _set_files, only=only, progress=progress, files=set_files, workers=workers,
                        scheduler=scheduler) + written


def _set_files(key: str, rules: Rules, files: tuple[str, ...] = TABLE_FILES + PRESET_FILES) -> dict[str, str]:
    calc = Calculator(rules)
    files = set_file_names(rules, files)      # (what bjcalc computes for the set's game)
    out = {}
    if calc.variant.hands_dealt == 2 and any(name in _CHART_FILES for name in files):   # (the switching table)
        from .switch_chart import switch_chart

        switching = switch_chart(calc)
        out.update({"chart.md": switching.to_markdown(), "chart.csv": switching.to_csv(),
                    "chart.html": page(switching.title, switching.to_html())})
    elif any(name in _CHART_FILES + ("exceptions.csv",) for name in files):
        drawn = chart(calc, "CD" if "exceptions.csv" in files else "TD")     # (CD: the chart and its exceptions)
        out.update({
            "chart.md": drawn.to_markdown(),
            "chart.csv": drawn.csv_header() + drawn.table.to_csv(index_label="hand", lineterminator="\n"),
            "chart.html": page(drawn.title, drawn.to_html()),
        })
        if "exceptions.csv" in files:
            out["exceptions.csv"] = exceptions_csv(drawn.exceptions, digits=6)
    if "ev.csv" in files:
        out["ev.csv"] = ev_table(calc).to_csv(wide=True)
    if "REPORT.html" in files:   # (the same calculator: the report reuses the games computed above)
        out["REPORT.html"] = report(calc, command=f"bjcalc tables --out tables --only {key}").html()
    if "eor.csv" in files:      # a named game's effects of removal and count metrics
        from .counting import eor_csv

        out["eor.csv"] = eor_csv(calc)
    if "pmf.csv" in files:      # (the report's, computed once for both)
        from ..game.distribution import SizeRefusal

        try:
            outcomes, basis = round_distribution(calc)
        except SizeRefusal as refusal:      # (too large even split to two hands: why, and the game's moments)
            out["pmf.csv"] = (f"# {key}: {TOO_LARGE}: {refusal.detail}\n# {moments_line(calc, calc.moments())}\n"
                              f"net,probability,cumulative\n")
        else:
            moments = resplit_moments(calc)
            own = "" if moments is None else f"# {moments_line(calc, moments)}\n"
            out["pmf.csv"] = f"# {key}: the distribution of {basis}\n{own}" + outcomes.to_csv()
    return {name: out[name] for name in files if name in out}
