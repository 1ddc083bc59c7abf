"""Bankroll arithmetic from a game's mean and standard deviation per round: risk of ruin and N0.

These are the standard diffusion formulas (the player's bankroll as Brownian motion with drift
``ev`` and variance ``sd**2`` per round, in units of the initial bet).  They assume what that model
assumes, and no more: a flat bet of one unit every round, rounds independent and identically
distributed (no deck penetration, no bet spread, no count), and a round's result small next to the
bankroll (the walk is treated as continuous, so it cannot jump past zero).  They are
approximations of the real discrete game; bjcalc's exact numbers are the ``ev`` and ``sd`` that go
in.

- :func:`risk_of_ruin` -- the probability of losing ``bankroll_units`` before (or, with ``rounds``,
  within) that many rounds;
- :func:`n0` -- the number of rounds after which the expected win equals one standard deviation.

>>> round(risk_of_ruin(0.01, 1.15, 100), 4)          # 1 % edge, 100 units: 22 %
0.2204
>>> round(n0(0.01, 1.15))
13225
"""

from __future__ import annotations

import math
from typing import Optional

from ..core.errors import BjcalcError

__all__ = ["risk_of_ruin", "n0"]


def _check(name: str, value: float, positive: bool = False) -> float:
    """A finite real number (positive if asked), or a one-line BjcalcError."""
    if isinstance(value, bool):
        raise BjcalcError(f"{name} must be a number, not {value!r}")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise BjcalcError(f"{name} must be a number, not {value!r}") from None
    if not math.isfinite(number) or (positive and number <= 0):
        raise BjcalcError(f"{name} must be a finite{' positive' if positive else ''} number, not {value!r}")
    return number


def _normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def risk_of_ruin(ev: float, sd: float, bankroll_units: float, rounds: Optional[int] = None) -> float:
    """The probability that a bankroll of ``bankroll_units`` initial bets is lost.

    ``ev`` and ``sd``: the mean and standard deviation of one round's net result, per unit bet
    (``sd`` > 0).  Without ``rounds``, ruin at any time: ``exp(-2 ev B / sd**2)`` when ``ev`` > 0,
    and certain (1) when ``ev`` <= 0.  With ``rounds`` = n, ruin within n rounds, the first-passage
    probability of Brownian motion with drift: ``Phi((-B - ev n) / (sd sqrt n)) +
    exp(-2 ev B / sd**2) Phi((-B + ev n) / (sd sqrt n))``.  See the module docstring for what
    the diffusion model assumes.

    >>> risk_of_ruin(-0.005, 1.15, 200)                   # a negative game is lost for sure
    1.0
    >>> round(risk_of_ruin(0.01, 1.15, 100, rounds=10_000), 4)
    0.1512
    """
    ev, sd, bankroll = _check("ev", ev), _check("sd", sd, positive=True), _check("bankroll_units", bankroll_units,
                                                                                   positive=True)
    if rounds is None:
        return 1.0 if ev <= 0 else math.exp(-2 * ev * bankroll / sd ** 2)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise BjcalcError(f"rounds must be a whole number of rounds, at least 1, not {rounds!r}")
    spread = sd * math.sqrt(rounds)
    drift = ev * rounds
    below = _normal_cdf((-bankroll - drift) / spread)
    # exp(-2 ev B / sd^2) * Phi(...) can overflow for a negative ev and a large bankroll while the
    # product stays at most 1: take it in logs.
    tail = _normal_cdf((-bankroll + drift) / spread)
    mirrored = math.exp(-2 * ev * bankroll / sd ** 2 + math.log(tail)) if tail > 0 else 0.0
    return min(1.0, below + mirrored)


def n0(ev: float, sd: float) -> float:
    """N0 = (sd / ev)**2: the rounds after which the expected win equals one standard deviation
    of the total (a player's "long run"), for a game with ``ev`` > 0.

    >>> n0(0.02, 1.0)
    2500.0
    """
    ev, sd = _check("ev", ev), _check("sd", sd, positive=True)
    if ev <= 0:
        raise BjcalcError(f"N0 is defined for a game the player wins on average (ev > 0), not ev = {ev!r}")
    return (sd / ev) ** 2
