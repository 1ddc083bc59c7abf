"""Analyses over a game, on top of it: free functions importing only the layers below (core,
engine, game, sidebets) and, without a circle, one another; nothing below imports them.

- :mod:`~bjcalc.analysis.codes` -- a chart's vocabulary: up card columns, actions, codes and
  their meanings (used by the two below).
- :mod:`~bjcalc.analysis.render` -- text, Markdown, CSV, HTML and Styler renderings of charts and
  EV tables.
- :mod:`~bjcalc.analysis.charts` -- strategy charts, CD exceptions, EV tables (uses the two above).
- :mod:`~bjcalc.analysis.sweeps` -- the house edge against a preset's open rules, and its plots.
- :mod:`~bjcalc.analysis.published` -- published figures and their verdicts (``bjcalc verify``).
- :mod:`~bjcalc.analysis.explain` -- the open-rule search (``bjcalc explain``).
- :mod:`~bjcalc.analysis.risk` -- risk of ruin and N0 from a game's mean and standard deviation.
- :mod:`~bjcalc.analysis.counting` -- count systems, betting and insurance correlation.
- :mod:`~bjcalc.analysis.report` -- a game's report (uses most of the above).
- :mod:`~bjcalc.analysis.sidebet_catalog` -- every side bet's house edge by pay table and decks.
- :mod:`~bjcalc.analysis.tables` -- the generated ``tables/`` folder: its rule sets, index, file
  writing and ``generate_tables`` (charts and reports of every set, the side-bet catalogue).

Nothing below imports this package.
"""

__all__: list[str] = []
