"""The variant catalogue: every game of the registry at its own rules, with its house edge.

:func:`variant_catalog` values each variant of :data:`~bjcalc.game.variants.VARIANTS` on its own
rules and shoe (the rules its card states and our defaults for the rest, as ``bjcalc edge
--variant NAME`` plays it), with the TD chart's play and with composition-dependent play (CD,
split hands by their own cards: CDZ-), in floating point.  ``bjcalc tables`` writes it as
``tables/variants.md`` and ``tables/variants.csv`` (:meth:`VariantCatalog.to_markdown`,
:meth:`VariantCatalog.to_csv`); the notebook ``variants.ipynb`` draws it.

>>> c = variant_catalog(["classic_single_deck"], strategies=("CD",))
>>> f"{c.table.loc['classic_single_deck', 'house edge CD']:.4%}"
'0.2168%'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Optional

from ..core.errors import BjcalcError, StrategyError
from ..game.calculator import Calculator
from ..game.variants import VARIANTS
from .render import markdown_table

if TYPE_CHECKING:   # pandas is imported where a table is built: it is slow to import
    import pandas as pd

__all__ = ["VARIANT_CATALOG_TITLE", "VariantCatalog", "variant_catalog"]

VARIANT_CATALOG_TITLE = "Games: every variant's house edge at its own rules"
"""The catalogue's title (the first line of its files)."""

_NOTES = ("values: the house edge in percent of the initial bet (minus the player's EV per round), exact "
          "analysis (no simulation) in floating point, on each game's own full shoe",
          "TD: the basic strategy chart's play (by hand total; Double Exposure's by the dealer's two cards); "
          "CD: every decision by the hand's exact cards (and whatever else the game shows), split hands by "
          "their own cards (CDZ-)",
          "rules: each game as `bjcalc edge --variant NAME` plays it, the rules its card states and bjcalc's "
          "defaults for the rest (`bjcalc explain --variant NAME` tries the others)",
          "Blackjack Switch: per hand (the round's EV over its two wagers), the switch on each pairing's exact EV; "
          "-: a play bjcalc does not value for that game yet")


@dataclass(frozen=True)
class VariantCatalog:
    """The catalogue: ``table`` has one row per variant (index ``variant``, its registry name, in
    the registry's order) and the columns ``game`` (its title), ``rules`` (in words, its free
    actions too) and ``house edge TD`` / ``house edge CD`` (per unit initial bet) for the
    strategies valued; ``notes``: what the figures are."""

    table: "pd.DataFrame"
    notes: tuple[str, ...] = _NOTES

    @property
    def edges(self) -> list[str]:
        """The house-edge columns, in order."""
        return [column for column in self.table.columns if column.startswith("house edge")]

    def _rows(self) -> list[list[str]]:
        return [[name, row["game"], row["rules"]] + ["-" if math.isnan(row[column]) else f"{row[column] * 100:.4f}"
                                                     for column in self.edges]
                for name, row in self.table.iterrows()]

    def to_markdown(self) -> str:
        """The catalogue as a Markdown page: a title, what the figures are, the table (percent, 4 decimals)."""
        header = ["variant", "game", "rules"] + [f"{column} (%)" for column in self.edges]
        rows = [[f"`{name}`", game, rules] + figures for name, game, rules, *figures in self._rows()]
        return "\n".join([f"# {VARIANT_CATALOG_TITLE}", ""] + [f"- {note}" for note in self.notes] + [""]
                         + markdown_table(header, rows)) + "\n"

    def to_csv(self) -> str:
        """The catalogue as CSV: the title and notes in ``#`` lines (pandas: ``pandas.read_csv(path,
        comment="#")``), a header and one line per variant, house edges in percent (4 decimals)."""
        import csv
        import io

        out = io.StringIO()
        out.write("".join(f"# {line}\n" for line in (VARIANT_CATALOG_TITLE,) + self.notes))
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["variant", "game", "rules"] + self.edges)
        writer.writerows(self._rows())
        return out.getvalue()


def variant_catalog(names: Optional[Iterable[str]] = None, strategies: Iterable[str] = ("TD", "CD")) -> VariantCatalog:
    """Each variant of ``names`` (default every one of the registry, in its order) valued at its own
    rules with each of ``strategies`` (``"TD"``, ``"CD"``): a :class:`VariantCatalog`."""
    import pandas as pd

    names = list(VARIANTS) if names is None else list(names)
    strategies = tuple(strategies)
    unknown = [name for name in names if name not in VARIANTS]
    if unknown:
        raise BjcalcError(f"unknown variant {unknown[0]!r}; variants: {', '.join(VARIANTS)}")
    rows = []
    for name in names:
        variant = VARIANTS[name]
        calc = Calculator(variant.rules(), lean="rows")
        row: dict[str, Any] = {"game": variant.title, "rules": calc.assumptions().rules}
        for strategy in strategies:      # (a play the game does not value yet: no number, never a guess)
            try:
                row[f"house edge {strategy}"] = float(-calc.game(strategy).ev)
            except StrategyError:
                row[f"house edge {strategy}"] = math.nan
        rows.append(row)
    frame = pd.DataFrame(rows, index=pd.Index(names, name="variant"),
                         columns=["game", "rules"] + [f"house edge {s}" for s in strategies])
    return VariantCatalog(frame)
