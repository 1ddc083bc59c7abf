"""The split run-out check (:mod:`bjcalc.engine.shortage`) on its own: the multiset codes, the
cheap test that spares real shoes the walk, and refusals through every route that values a
split (CD, TD, fixed play).  Whether it refuses exactly where a round can run out, and the
values where it does not, is checked against an independent brute force in
``tests/oracles/test_brute_runout.py``."""

from __future__ import annotations

import numpy as np
import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.core.errors import ShoeError
from bjcalc.engine import shortage
from bjcalc.engine.shortage import _Codes


@pytest.mark.parametrize("limit", [[4, 4, 4, 4, 4, 4, 4, 4, 4, 16, 0], [60] * 11])
def test_codes_add_without_carry_and_tell_what_fits(limit):
    codes = _Codes(limit)
    assert codes.dtype == (np.int64 if max(limit) < 60 else object)    # (wide shoes: Python integers)
    rng = np.random.default_rng(7)
    a = rng.integers(0, np.array(limit) + 1, size=(200, 11))
    b = rng.integers(0, np.array(limit) + 1, size=(200, 11))
    b[:100] = rng.integers(0, np.array(limit) - a[:100] + 1)       # (half of them fit)

    def encode(rows):
        return codes.array([sum(int(c) * unit for c, unit in zip(row, codes.unit)) for row in rows])

    total = encode(a) + encode(b)
    assert (codes.decode(total)[:, :11] == a + b).all() and (codes.decode(total)[:, 11] == (a + b).sum(axis=1)).all()
    fits = ((a + b) <= np.array(limit)).all(axis=1) & ((a + b).sum(axis=1) <= sum(limit) - 1)    # (the hole card)
    assert (codes.fits(total) == fits).all()
    assert codes.fits(total).any() and not codes.fits(total).all()      # (both kinds drawn)


def test_real_shoes_are_spared_the_walk(monkeypatch):
    """A shoe of at least the round's most cards (a deck, 6 decks) never follows the play."""
    def fail(*args):
        raise AssertionError("followed the play on a shoe that cannot run out")

    monkeypatch.setattr(shortage, "_split_sets", fail)
    Calculator(Rules(decks=1, max_split_hands=4, resplit_aces=True)).game()
    Calculator(Rules(decks=1), Shoe.decks(1).remove(*"23456789TA")).game()


def test_burn_20_burns_only_under_a_ten(monkeypatch):
    """Burn 20's dealer burns only under a ten-value: under any other up card the cheap tests
    count no burned cards, so a deck less nine small cards follows the play under a ten only
    (the walks under 7, 8, 9 and A found nothing, and took the game from 0.2 s to 7 s)."""
    from bjcalc import variants

    followed = []
    original = shortage._may_run_out_playing

    def record(dealer, nodes, up, *args):
        answer = original(dealer, nodes, up, *args)
        if answer:
            followed.append(up)
        return answer

    monkeypatch.setattr(shortage, "_may_run_out_playing", record)
    rules = variants.burn20(decks=1)
    left = Calculator(rules).shoe.without("2S,2H,2D,3S,3H,3D,7S,7H,7D".split(","))
    Calculator(rules, left).game()
    assert set(followed) <= {10}
    counts = list(left.value_counts())
    counts[9] -= 1
    dealer = Calculator(rules, left).round.dealer_engine
    assert dealer.procedure.most_burned(counts, 9) == 0 < dealer.procedure.most_burned(counts, 10)


TWOS = Shoe.from_counts({2: 24})


@pytest.mark.parametrize("strategy", ["CD", "TD"])
def test_cd_and_td_refuse_a_split_that_can_run_out(strategy):
    with pytest.raises(ShoeError, match="splitting 2,2 v 2 to 4 hands can run out of cards"):
        Calculator(Rules(), TWOS).game(strategy)
    with pytest.raises(ShoeError, match="splitting 2,2 v 2 to 2 hands can run out of cards"):
        Calculator(Rules(max_split_hands=2), TWOS).game(strategy)
    assert Calculator(Rules(max_split_hands=1), TWOS, exact=True).game(strategy).ev == 1      # no split: every hand wins


def test_each_post_split_strategy_is_checked():
    """A small shoe where 8,8 v 6 split to 4 hands finishes under every post-split strategy,
    and one where it can run out."""
    calm = Shoe.from_counts({8: 5, "T": 16, 9: 2, 7: 2, 6: 1})
    short = Shoe.from_counts({8: 5, 2: 6, 3: 4, "T": 3, 6: 1})
    for split in ("CDZ-", "CDP1", "CDP"):
        Calculator(Rules(), calm, split_strategy=split).hand("8,8", "6")
        with pytest.raises(ShoeError, match="splitting 8,8 v 6 to 4 hands can run out"):
            Calculator(Rules(), short, split_strategy=split).hand("8,8", "6")
