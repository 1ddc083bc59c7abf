"""The exact recursions: hands, the dealer, Burn 20's dealer, settlement, player values, splits.

The engine reads the vocabulary (:mod:`bjcalc.core`) and nothing above it.  Its entry
points are :class:`~bjcalc.engine.dealer.DealerEngine` and
:class:`~bjcalc.engine.player.PlayerEngine`; :mod:`bjcalc.game` puts them together.
"""

__all__: list[str] = []
