"""Floats choose what rationals choose where two actions tie exactly.

A post-split strategy decides at a node's policy source and plays that choice at the node, so an
exact tie at the source (the same value standing and hitting, common on small shoes) must go to
the earlier action in floats too, whichever order the float sums were made in
(:data:`~bjcalc.core.arithmetic.TIE_MARGIN`).  Free Bet on 14 cards has such a tie: a soft 14 of
an ace, a 4 and a 9 is worth -17/30 standing and hitting against a ten, and a split pair of aces
plays that choice on its own cards, where hitting is worse.
"""

from __future__ import annotations

import warnings

import pytest

from bjcalc import Calculator, Shoe
from bjcalc.engine import _kernels
from bjcalc.engine import player
from bjcalc.game.variants import VARIANTS

TIED = "AS AH TS TS TH TH 4C 6C 6C 8C 8C 9C 9C 9C".split()


def free_bet(exact: bool) -> Calculator:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules' decks give way to the shoe)
        return Calculator(VARIANTS["free_bet"].rules(), Shoe.from_cards(TIED), exact=exact)


@pytest.fixture(scope="module")
def rational():
    return free_bet(True)


def test_the_tie_is_there(rational):
    values = rational.round.upcard(10)
    nodes = values.nodes
    tied = [i for i in range(len(nodes)) if list(nodes.hand[i]) == [1, 0, 0, 1, 0, 0, 0, 0, 1, 0]
            and list(nodes.removed[i]) == list(nodes.hand[i])]
    assert len(tied) == 1 and values.stand[tied[0]] == values.hit[tied[0]] == -rational.ar.scalar(17, 30)


@pytest.mark.parametrize("compiled", [True, False], ids=["C kernel", "numpy"])
def test_floats_break_an_exact_tie_as_rationals_do(rational, compiled, monkeypatch):
    if compiled and not _kernels.player_available():
        pytest.skip("no compiled kernel here (BJCALC_NO_KERNEL set, or no C compiler at install)")
    if not compiled:
        monkeypatch.setattr(player.kernels, "player_available", lambda: False)
    floats = free_bet(False).game()
    exact = rational.game()
    for up, ev in exact.by_upcard.items():
        assert abs(floats.by_upcard[up] - float(ev)) < 1e-12, up
    assert abs(floats.ev - float(exact.ev)) < 1e-12
