"""Analyses over a game or a side bet, each a leaf module: charts and their renderings, the
generated tables, rule sweeps, published figures (`verify`) and the open-rule search (`explain`).

Nothing below imports this package.
"""

__all__: list[str] = []
