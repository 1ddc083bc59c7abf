"""Risk of ruin and N0 (issue 12): the diffusion formulas checked against an independent
computation (the first-passage time density of Brownian motion with drift, integrated
numerically) and against the identities they must satisfy."""

import math

import pytest

from bjcalc.analysis.risk import n0, risk_of_ruin
from bjcalc.core.errors import BjcalcError

integrate = pytest.importorskip("scipy.integrate", reason="the numerical check needs scipy")


def first_passage_probability(ev, sd, bankroll, rounds):
    """P(the bankroll, a Brownian motion with drift ev and variance sd**2 per round started at
    bankroll, reaches 0 by time rounds): the integral of the inverse Gaussian density
    B / (sd sqrt(2 pi t^3)) exp(-(B + ev t)^2 / (2 sd^2 t))."""
    def density(t):
        return bankroll / (sd * math.sqrt(2 * math.pi * t ** 3)) * math.exp(-(bankroll + ev * t) ** 2 / (2 * sd ** 2 * t))
    value, _ = integrate.quad(density, 0, rounds, limit=500, epsabs=1e-13, epsrel=1e-11)
    return value


@pytest.mark.parametrize("ev, sd, bankroll, rounds", [
    (0.01, 1.15, 100, 10_000), (0.005, 1.3, 50, 2_000), (-0.004, 1.15, 200, 50_000), (0.0, 1.0, 10, 100),
    (0.02, 1.1, 30, 1_000_000)])
def test_finite_horizon_matches_the_first_passage_density(ev, sd, bankroll, rounds):
    assert risk_of_ruin(ev, sd, bankroll, rounds) == pytest.approx(first_passage_probability(ev, sd, bankroll, rounds),
                                                                   abs=1e-9)


def test_the_identities():
    # no drift: the reflection principle, 2 Phi(-B / (sd sqrt n))
    assert risk_of_ruin(0.0, 1.0, 10, rounds=100) == pytest.approx(math.erfc(1 / math.sqrt(2)), abs=1e-15)
    # the finite horizon grows with the rounds towards the infinite one
    finite = [risk_of_ruin(0.01, 1.15, 100, rounds=n) for n in (10, 1_000, 100_000, 10_000_000)]
    assert finite == sorted(finite)
    assert finite[-1] == pytest.approx(risk_of_ruin(0.01, 1.15, 100), abs=1e-12)
    assert risk_of_ruin(-0.01, 1.15, 100) == 1.0 and risk_of_ruin(0.0, 1.15, 100) == 1.0
    assert n0(0.01, 1.15) == pytest.approx(13225)


@pytest.mark.parametrize("call", [lambda: risk_of_ruin(0.01, 0, 100), lambda: risk_of_ruin(0.01, 1, -5),
                                  lambda: risk_of_ruin(0.01, 1, 10, rounds=0), lambda: risk_of_ruin("x", 1, 10),
                                  lambda: risk_of_ruin(0.01, 1, 10, rounds=2.5), lambda: n0(-0.01, 1.15),
                                  lambda: risk_of_ruin(float("nan"), 1, 10)])
def test_bad_input_is_one_line(call):
    with pytest.raises(BjcalcError) as caught:
        call()
    assert str(caught.value) and "\n" not in str(caught.value)
