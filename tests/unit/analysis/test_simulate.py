"""The shoe simulator (bjcalc/analysis/simulate.py, ``bjcalc count``): every round's exact EVs
are those of a calculator built afresh on the cards left, the shoe is the seeded shuffle, the
counts are the tags of the cards seen, rounds played out by hand give the results worked out
here, and the frame is the same on 1, 2 or 4 local workers, on a Dask cluster, and when a worker dies."""

import dataclasses
import json
import math
import os
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.analysis.counting import COMMON_PLAYS, SYSTEMS, IndexPlay, deviations_at, insurance_ev
from bjcalc.analysis.simulate import (Simulation, SimulationSpec, _Worker, cut_card_effect_controlled, linear_ev,
                                     parse_ramp, plot_by_true_count, simulate, simulate_shoes)
from bjcalc.cli import main
from bjcalc.core.cards import RANK_VALUE, RANKS
from bjcalc.core.errors import BjcalcError, ShoeError, TooLargeError
from bjcalc.core.runner import run_chunks
from bjcalc.game.removal import Deviation, Deviations, play_on, play_on_each

SMALL = Shoe.from_counts({"A": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 1, "9": 1, "T": 4})
MID = Shoe.from_counts({"A": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 2, "7": 2, "8": 2, "9": 2, "T": 8})
MID_FLAG = "A:2,2:2,3:2,4:2,5:2,6:2,7:2,8:2,9:2,T:8"
RULES = Rules(decks=1, max_split_hands=2)


def rank_counts_after(shoe, cards_text):
    counts = list(shoe.rank_counts)
    for text in cards_text:
        for card in filter(None, text.split(",")):
            counts[RANKS.index(card[0])] -= 1
    return tuple(counts)


@pytest.fixture(scope="module")
def exact_run():
    return simulate(RULES, shoes=2, seed=5, exact=True, shoe=SMALL, penetration=0.7, workers=1, progress=None)


def test_every_round_is_valued_exactly_on_the_cards_left(exact_run):
    """ev_perfect = Calculator(rules, shoe=cards left).game().ev and ev_fixed = the full shoe's
    strategy played on them, as exact rationals; the shoe is the full shoe less every card the
    shoe's earlier rounds used; off the top both are the game EV."""
    frame = exact_run.frame
    full = Calculator(RULES, SMALL, exact=True)
    assert len(frame) >= 4
    for shoe_number, rounds in frame.groupby("shoe"):
        assert rounds.iloc[0].ev_fixed == rounds.iloc[0].ev_perfect == full.game().ev == exact_run.full_ev
        for k, row in enumerate(rounds.itertuples()):
            left = rank_counts_after(SMALL, rounds["cards"].iloc[:k])
            assert row.ranks_left == left and row.cards_left == sum(left)
            shoe = Shoe(left)
            try:
                perfect = Calculator(RULES, shoe, exact=True).game().ev
            except ShoeError:       # (a split perfect play compares could run out of cards: NaN)
                assert math.isnan(row.ev_perfect)
            else:
                assert row.ev_perfect == perfect
            assert row.ev_fixed == full.play_on(shoe).ev
            assert isinstance(Fraction(str(row.ev_fixed)), Fraction)


def test_the_shoe_is_the_seeded_shuffle_dealt_to_the_cut_card(exact_run):
    frame = exact_run.frame
    for shoe_number, rounds in frame.groupby("shoe"):
        dealt = [card for text in rounds["cards"] for card in text.split(",")]
        cards = [RANKS[r] for r in range(13) for _ in range(SMALL.rank_counts[r])]
        order = np.random.default_rng([5, shoe_number]).permutation(len(cards))
        assert dealt == [cards[i] for i in order][:len(dealt)]
        cut = int(0.7 * SMALL.total)
        assert sum(len(t.split(",")) for t in rounds["cards"].iloc[:-1]) < cut      # the last round began before it
        assert len(dealt) >= cut or rounds.iloc[-1].cards_left - len(rounds["cards"].iloc[-1].split(",")) < 4


def test_the_count_is_the_tags_of_the_cards_seen():
    sim = simulate(RULES, shoes=3, seed=11, system="zen", shoe=MID, workers=1, progress=None)
    tags = SYSTEMS["Zen"].tags
    for _, rounds in sim.frame.groupby("shoe"):
        running = Fraction(0)
        for row in rounds.itertuples():
            assert row.running_count == float(running)
            assert row.true_count == pytest.approx(float(running) / (row.cards_left / 52))
            running += sum(tags[RANK_VALUE[RANKS.index(card[0])] - 1] for card in row.cards.split(","))


class Script:
    """A draw function dealing given cards (suits spades unless given), recording them as the
    simulator's does."""

    def __init__(self, cards):
        self.cards = [(RANKS.index(c[0]), "SHDC".index(c[1]) if len(c) > 1 else 0) for c in cards.split(",")]
        self.dealt = []

    def __call__(self):
        card = self.cards.pop(0)
        self.dealt.append(card)
        return card[0]


@pytest.mark.parametrize("rules, cards, result", [
    # dealt player, up, player, hole (peek); then the player's draws, then the dealer's
    (Rules(decks=1), "T,6,9,T,6", 1.0),               # 19 v 6 stands; the dealer's 16 + 6 busts
    (Rules(decks=1), "A,9,T,5", 1.5),                 # a natural pays 3:2
    (Rules(decks=1, blackjack_pays="6:5"), "A,9,T,5", 1.2),
    (Rules(decks=1, suited_blackjack_pays="2:1"), "AH,9,TH,5", 2.0),     # a suited natural pays its own
    (Rules(decks=1, suited_blackjack_pays="2:1"), "AH,9,TS,5", 1.5),
    (Rules(decks=1, suited_blackjack_pays="2:1", suited_blackjack_suit="spades"), "AS,9,KS,5", 2.0),
    (Rules(decks=1, suited_blackjack_pays="2:1", suited_blackjack_suit="spades"), "AH,9,TH,5", 1.5),
    (Rules(decks=1), "A,T,T,A", 0.0),                 # natural v natural
    (Rules(decks=1), "9,A,8,T", -1.0),                # the peek finds a blackjack
    (Rules(decks=1), "6,6,5,T,T,7", 2.0),             # 11 v 6 doubles: 21 v 16 + 7 = 23
    (Rules(decks=1), "T,6,6,T,5", -1.0),              # 16 v 6 stands; the dealer's 16 + 5 makes 21
    (Rules(decks=1), "8,6,8,T,3,T,T,9", 3.0),         # 8,8 v 6 splits: 8,3 doubles to 21, 8,T stands; 16 + 9 busts
    (Rules(decks=1, hole_card="enhc"), "A,T,A,9,8,A", -2.0),      # A,A v T splits (one card each); the
    (Rules(decks=1, hole_card="enhc_obo"), "A,T,A,9,8,A", -1.0),  # dealer's blackjack takes both, or one
    (Rules(decks=1, hole_card="enhc_obo"), "6,T,5,T,A", -1.0),    # 11 v T doubles; original bet only
    (Rules(decks=1, dealer_22_pushes=True), "T,6,8,T,6", 0.0),  # 18 v 16 + 6 = 22 pushes
    (Rules(decks=1), "T,T,6,6,8,9", -1.0),            # 16 v T hits to 24 and busts
    (Rules(decks=1, bust_push="three_card_23_25"), "T,T,6,6,8,9", 0.0),   # ... a three-card 24 pushes a dealer 25
])
def test_rounds_played_out_by_hand(rules, cards, result):
    worker = _Worker(SimulationSpec(rules))
    script = Script(cards)
    got = worker.play_round(script, script.dealt)
    # what the full shoe's best CD play does here, worked out from Calculator.hand:
    assert got == result, (cards, got)


def test_a_burned_pair_leaves_the_shoe_and_the_dealer_redraws():
    worker = _Worker(SimulationSpec(Rules(decks=6, burn_20=True, hole_card="enhc", dealer_22_pushes=True)))
    # player T,9 stands v a ten up (spades); the second card an ace of spades: burned with it,
    # the dealer takes T,T (burned again), then 7,T = 17: the player's 19 wins
    script = Script("T,TS,9,AS,TH,TD,7,TC")
    assert worker.play_round(script, script.dealt) == 1.0
    assert not script.cards
    # an ace of another suit is a blackjack
    script = Script("T,TS,9,AH")
    assert worker.play_round(script, script.dealt) == -1.0


def test_the_frame_is_the_same_on_one_and_four_local_workers():
    kwargs = dict(shoes=4, seed=3, shoe=MID, progress=None, shoes_per_chunk=1)
    one = simulate(RULES, workers=1, **kwargs).frame
    # (four processes on two cores: chunks may finish in any order; two workers: the index plays' test)
    pd.testing.assert_frame_equal(one, simulate(RULES, workers=4, **kwargs).frame)
    assert len(one) > 10


def test_values_leave_out_evs_and_nothing_else():
    """--values fixed / none: the same shoes dealt and played, the same counts and results; the
    EVs left out are NaN, those kept are the full run's (the shoe is large enough that no round
    is refused, the one thing EVs could change)."""
    kwargs = dict(shoes=3, seed=8, shoe=Shoe.decks(1), workers=1, progress=None)
    both = simulate(RULES, **kwargs).frame
    fixed = simulate(RULES, values="fixed", **kwargs).frame
    none = simulate(RULES, values="none", **kwargs).frame
    kept = [c for c in both.columns if not c.startswith("ev_")]
    pd.testing.assert_frame_equal(fixed[kept], both[kept])
    pd.testing.assert_frame_equal(none[kept], both[kept])
    assert (fixed["ev_fixed"] == both["ev_fixed"]).all() and fixed["ev_perfect"].isna().all()
    assert none["ev_fixed"].isna().all() and none["ev_perfect"].isna().all()
    sim = simulate(RULES, values="none", **kwargs)
    assert math.isnan(sim.cut_card_effect()["cut_card_effect_fixed"])
    assert math.isnan(sim.ramp("tc<=0:1,1+:2")["risk_of_ruin"])
    with pytest.raises(BjcalcError, match="values must be one of both, fixed, none"):
        simulate(RULES, values="some", **kwargs)


def test_fixed_values_deal_the_rounds_of_both_on_a_shoe_that_runs_low():
    """Down to one card behind the cut card of a 20-card shoe, where perfect play is refused for
    some rounds that fixed play can value: those rounds are dealt in both modes (ev_perfect NaN)."""
    small = Shoe.from_counts({"A": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 1, "7": 1, "8": 1, "9": 1, "T": 6})
    refused = 0
    for seed in (2, 4, 6):
        kwargs = dict(shoes=1, seed=seed, shoe=small, penetration=0.95, workers=1, progress=None)   # (19 of 20)
        both, fixed = simulate(RULES, **kwargs).frame, simulate(RULES, values="fixed", **kwargs).frame
        pd.testing.assert_frame_equal(both.drop(columns="ev_perfect"), fixed.drop(columns="ev_perfect"))
        refused += int(both["ev_perfect"].isna().sum())
    assert refused >= 1


def test_the_shoe_that_rounds_cut_short_is_left_out_of_the_cut_card_effect():
    sim = simulate(RULES, rounds=9, seed=2, shoe=MID, workers=1, progress=None)
    whole = sim.whole_shoes()
    assert sim.partial_shoe == int(sim.frame["shoe"].iloc[-1]) and sim.partial_shoe not in set(whole["shoe"])
    assert sim.cut_card_effect()["rounds"] == len(whole) < 9
    assert sim.cut_card_effect()["mean_ev_fixed"] == pytest.approx(whole["ev_fixed"].astype(float).mean())
    assert simulate(RULES, shoes=2, seed=2, shoe=MID, workers=1, progress=None).partial_shoe is None


def test_rounds_cut_the_frame_at_exactly_that_many():
    sim = simulate(RULES, rounds=9, seed=2, shoe=MID, workers=1, progress=None)
    whole = simulate(RULES, shoes=4, seed=2, shoe=MID, workers=1, progress=None).frame
    assert len(whole) > 9
    pd.testing.assert_frame_equal(sim.frame, whole.iloc[:9])



def dies_once(task):
    """A chunk that kills its own worker process the first time it runs."""
    marker, inner = task
    if not Path(marker).exists():
        Path(marker).write_text("died")
        os._exit(1)
    return simulate_shoes(inner)


def test_dask_gives_the_local_frame_even_when_a_worker_dies(dask_client, tmp_path):
    kwargs = dict(shoes=3, seed=9, shoe=MID, progress=None, shoes_per_chunk=1)
    local = simulate(RULES, workers=1, **kwargs).frame
    pd.testing.assert_frame_equal(simulate(RULES, scheduler=dask_client, **kwargs).frame, local)
    spec = SimulationSpec(RULES, system="Hi-Lo", seed=9, shoe=MID)
    tasks = [(str(tmp_path / f"marker{i}"), (spec, i, 1)) for i in range(3)]
    for marker, _ in tasks[::2]:
        Path(marker).write_text("")        # only the middle chunk dies
    frames = run_chunks(dies_once, tasks, scheduler=dask_client)
    pd.testing.assert_frame_equal(pd.concat(frames, ignore_index=True), local)
    assert Path(tasks[1][0]).read_text() == "died"


def test_a_local_worker_killed_mid_run_gives_the_same_frame(tmp_path):
    spec = SimulationSpec(RULES, seed=4, shoe=MID)
    tasks = [(str(tmp_path / f"marker{i}"), (spec, i, 1)) for i in range(2)]
    Path(tasks[0][0]).write_text("")
    frames = run_chunks(dies_once, tasks, workers=2)
    expected = simulate(RULES, shoes=2, seed=4, shoe=MID, workers=1, progress=None).frame
    pd.testing.assert_frame_equal(pd.concat(frames, ignore_index=True), expected)


def test_summaries():
    sim = simulate(RULES, shoes=8, seed=1, shoe=MID, workers=1, progress=None)
    table = sim.by_true_count()
    assert table["rounds"].sum() == len(sim.frame)
    assert table["frequency"].sum() == pytest.approx(1)
    cut = sim.cut_card_effect()
    assert cut["cut_card_effect_fixed"] == pytest.approx(sim.frame["ev_fixed"].mean() - sim.full_ev)
    flat = sim.ramp("tc<=-100:1,-99+:1")          # a flat bet: the mean EV per round, the results' SD
    assert flat["ev_per_round"] == pytest.approx(sim.frame["ev_fixed"].mean())
    assert flat["sd_per_round"] == pytest.approx(sim.frame["result"].std())
    spread = sim.ramp("tc<=1:1,2:2,3:4,4+:8")
    bets = [parse_ramp("tc<=1:1,2:2,3:4,4+:8").bet(tc) for tc in sim.frame["true_count"]]
    assert spread["mean_bet"] == pytest.approx(np.mean(bets))
    slope = sim.true_count_slope(low=-100, high=100)      # every round: numpy's own least squares
    tc = sim.frame["true_count"].astype(float)
    assert slope["slope_fixed"] == pytest.approx(np.polyfit(tc, sim.frame["ev_fixed"].astype(float), 1)[0])
    assert slope["rounds"] == len(sim.frame)


def test_the_cut_card_effects_error_treats_shoes_as_the_independent_draws():
    """Three shoes of 2, 1 and 3 rounds, worked by hand: the mean per round dealt is 0.5 / 6, and
    its error that of a ratio of shoe sums (residuals 0.4 - 2/12, -0.2 - 1/12, 0.3 - 3/12)."""
    frame = pd.DataFrame({"shoe": [0, 0, 1, 2, 2, 2], "ev_fixed": [0.1, 0.3, -0.2, 0.0, 0.0, 0.3],
                          "ev_perfect": [0.1, 0.3, -0.2, 0.0, 0.0, 0.3]})
    sim = Simulation(SimulationSpec(RULES), frame, 0.05, None, {})
    cut = sim.cut_card_effect()
    assert cut["mean_ev_fixed"] == pytest.approx(0.5 / 6) and cut["shoes"] == 3 and cut["rounds"] == 6
    assert cut["cut_card_effect_fixed"] == pytest.approx(0.5 / 6 - 0.05)
    residuals = [0.4 - 2 / 12, -0.2 - 1 / 12, 0.3 - 3 / 12]
    assert cut["se_fixed"] == pytest.approx((sum(r * r for r in residuals) * 3 / 2) ** 0.5 / 6)
    alike = frame.assign(shoe=[0, 0, 1, 1, 2, 2], ev_fixed=[0.1, 0.2] * 3)
    same = Simulation(SimulationSpec(RULES), alike, 0, None, {})
    assert same.cut_card_effect()["se_fixed"] == pytest.approx(0, abs=1e-15)     # every shoe alike: no spread


def test_the_linear_prediction_is_each_cards_effect_for_one_card_gone():
    calc = Calculator(RULES)
    eor, full_ev = calc.effects_of_removal(), calc.game().ev
    for rank in ("A", "2", "5", "9", "T", "K"):
        frame = pd.DataFrame({"ranks_left": [calc.shoe.remove(rank).rank_counts]})
        label = "T" if rank in "TK" else rank
        assert linear_ev(frame, calc.shoe, full_ev, eor).iloc[0] - full_ev == pytest.approx(float(eor[label]),
                                                                                           abs=1e-15)
    assert linear_ev(pd.DataFrame({"ranks_left": [calc.shoe.rank_counts]}), calc.shoe, full_ev, eor).iloc[0] == \
        pytest.approx(full_ev, abs=1e-15)


def test_the_controlled_cut_card_effect():
    """With every effect 0 the prediction is the full shoe's EV and the estimate is the plain
    one, error and all; with the real effects it agrees with the plain one and its error is
    under half the plain one's (one deck dealt deep, where the linear prediction misses most)."""
    kwargs = dict(seed=5, shoe=Shoe.decks(1), workers=1, progress=None)
    valued = simulate(RULES, shoes=20, values="fixed", **kwargs)
    dealt = simulate(RULES, shoes=2000, values="none", **{**kwargs, "seed": 6})
    plain = valued.cut_card_effect()
    zero = pd.Series(0.0, index=list("A23456789T"))
    same = cut_card_effect_controlled(valued, dealt, zero)
    assert same["cut_card_effect"] == pytest.approx(plain["cut_card_effect_fixed"], abs=1e-15)
    # (the prediction is the full shoe's EV in every round: its spread is 0 but for the rounding of
    # per-shoe means of one float)
    assert same["se"] == pytest.approx(plain["se_fixed"], rel=1e-12)
    assert same["predicted_se"] == pytest.approx(0, abs=1e-15)
    effect = cut_card_effect_controlled(valued, dealt, Calculator(RULES).effects_of_removal())
    assert effect["se"] < plain["se_fixed"] / 2
    assert abs(effect["cut_card_effect"] - plain["cut_card_effect_fixed"]) < 2 * plain["se_fixed"]
    with pytest.raises(BjcalcError, match="independent"):
        cut_card_effect_controlled(valued, valued, zero)
    with pytest.raises(BjcalcError, match="same game"):
        cut_card_effect_controlled(valued, simulate(RULES.replace(dealer_hits_soft_17=True), shoes=2,
                                                    values="none", **{**kwargs, "seed": 7}), zero)


def test_the_plot_of_ev_by_true_count():
    pytest.importorskip("matplotlib")
    sim = simulate(RULES, shoes=8, seed=1, shoe=MID, workers=1, progress=None)
    table = sim.by_true_count()
    figure = plot_by_true_count(sim)
    ev, share = figure.axes
    fixed = ev.get_lines()[1]          # (the zero line first)
    assert list(fixed.get_xdata()) == list(table.index)
    assert list(fixed.get_ydata()) == pytest.approx(list(table["ev_fixed"] * 100))
    assert [bar.get_height() for bar in share.patches] == pytest.approx(list(table["frequency"] * 100))
    assert "per true count" in ev.get_legend().get_texts()[-1].get_text()
    assert plot_by_true_count(sim.frame).axes[0].get_title().startswith("EV by true count")


def test_bad_input():
    with pytest.raises(BjcalcError, match="rounds or of shoes"):
        simulate(RULES, workers=1)
    with pytest.raises(BjcalcError, match="penetration"):
        simulate(RULES, shoes=1, penetration=1.5, workers=1)
    with pytest.raises(BjcalcError, match="finite shoe"):
        simulate(Rules(decks=float("inf")), shoes=1, workers=1)
    with pytest.raises(BjcalcError, match=r"unknown count 'nope'; counts .*hilo \(Hi-Lo\)"):
        simulate(RULES, shoes=1, system="nope", workers=1)
    with pytest.raises(BjcalcError, match="no bet"):
        parse_ramp("2:1").bet(0)


def test_cli(tmp_path, capsys):
    out = tmp_path / "rounds.csv"
    assert main(["count", "--shoe", MID_FLAG, "--split-hands", "2", "--shoes", "2", "--seed", "3", "--workers", "1",
                 "--quiet", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "cut-card effect" in text and max(len(line) for line in text.splitlines()) <= 80
    written = pd.read_csv(out)
    expected = simulate(Rules(max_split_hands=2), shoes=2, seed=3, shoe=MID, workers=1, progress=None).frame
    assert list(written["ev_fixed"]) == pytest.approx(list(expected["ev_fixed"]), rel=1e-12)
    assert main(["count", "--shoe", MID_FLAG, "--shoes", "1", "--workers", "1", "--json", "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["command"] == "count"
    if __import__("importlib").util.find_spec("matplotlib"):
        plot = tmp_path / "ev.png"
        assert main(["count", "--shoe", MID_FLAG, "--shoes", "1", "--workers", "1", "--quiet", "--plot", str(plot)]) == 0
        assert f"drawn to {plot}" in capsys.readouterr().out.replace("\n  ", " ")
        assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    one_deck = ["count", "--decks", "1", "--split-hands", "2", "--workers", "1", "--quiet", "--seed", "4"]
    assert main(one_deck + ["--shoes", "2", "--values", "fixed", "--control-shoes", "30", "--json"]) == 0
    controlled = json.loads(capsys.readouterr().out)["cut_card_controlled"]
    rules = Rules(decks=1, max_split_hands=2)
    valued = simulate(rules, shoes=2, seed=4, values="fixed", workers=1, progress=None)
    dealt = simulate(rules, shoes=30, seed=5, values="none", workers=1, progress=None)
    expected = cut_card_effect_controlled(valued, dealt, Calculator(rules).effects_of_removal())
    assert controlled["cut_card_effect"] == pytest.approx(expected["cut_card_effect"], rel=1e-12)
    assert controlled["shoes_dealt"] == 30 and controlled["se"] == pytest.approx(expected["se"], rel=1e-12)
    for argv, words in ((["count", "--decks", "1"], "--rounds --shoes"),
                        (one_deck + ["--shoes", "1", "--values", "none", "--control-shoes", "5"], "--values both or fixed"),
                        (["count", "--decks", "1", "--shoes", "1", "--out", "x.txt"], ".csv or .parquet"),
                        (["count", "--decks", "1", "--shoes", "1", "--plot", "x.txt"], ".png, .svg or .pdf"),
                        (["count", "--decks", "inf", "--shoes", "1"], "finite shoe")):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and words in err


def test_rounds_played_out_off_the_top_average_to_the_game_ev():
    """Played out from freshly shuffled decks, the results average to the game's exact EV (within
    4 standard errors; the split hands' simplified decisions cost far less than that)."""
    worker = _Worker(SimulationSpec(RULES))
    rng = np.random.default_rng(2026)
    cards = [(rank, suit) for rank in range(13) for suit in range(4)]
    results = []
    for _ in range(20000):
        deck = [cards[i] for i in rng.permutation(52)]
        dealt = []

        def draw():
            dealt.append(deck[len(dealt)])
            return dealt[-1][0]

        results.append(worker.play_round(draw, dealt))
    mean, sd = np.mean(results), np.std(results)
    assert abs(mean - worker.full_ev) < 4 * sd / np.sqrt(len(results)), (mean, worker.full_ev)


# -- index plays and insurance (issue 15: "basic strategy ... optionally with count indices") ------

ACES2 = Shoe.from_counts({"A": 2, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 1, "9": 1, "T": 4})
# 16 v T stands and T,T v 6 splits at a true count of 0 or more, 12 v 4 stands at -1 or more
# (hits below), insurance at +1 or more: indices chosen so that a small shoe's counts cross them
INDEX_PLAYS = (IndexPlay(COMMON_PLAYS[0], 1, True), IndexPlay(COMMON_PLAYS[1], 0, True),
               IndexPlay(COMMON_PLAYS[4], 0, True), IndexPlay(COMMON_PLAYS[14], -1, True))


def test_with_index_plays_every_round_is_valued_exactly():
    """ev_indices = the full shoe's strategy with the index plays of the round's true count
    (floored) on the cards left, as exact rationals (play_on's own values against an independent
    brute force: tests/oracles/test_brute_deviations.py); ev_fixed is still the plain strategy's, and
    ev_insurance the insurance bet's EV from the cards left."""
    spec = SimulationSpec(RULES, seed=5, penetration=0.7, exact=True, shoe=ACES2, indices=INDEX_PLAYS, values="fixed")
    frame = simulate_shoes((spec, 0, 3))      # (6 rounds: index plays change 4, insurance is taken in 1)
    full = Calculator(RULES, ACES2, exact=True)
    changed = insured = 0
    for row in frame.itertuples():
        shoe = Shoe(row.ranks_left)
        deviations = deviations_at(INDEX_PLAYS, row.true_count)
        other = Calculator(RULES, shoe, exact=True)      # (built alone: both plays valued on it)
        assert row.ev_indices == play_on(full, other, deviations=deviations).ev
        assert row.ev_fixed == play_on(full, other).ev
        counts = shoe.value_counts()
        if counts[0]:
            assert row.ev_insurance == 3 * Fraction(counts[9], sum(counts) - 1) - 1
        else:
            assert math.isnan(row.ev_insurance)          # (no ace left to show)
        changed += row.ev_indices != row.ev_fixed
        insured += deviations.insure
    assert changed >= 3 and 0 < insured < len(frame)      # (the plays and insurance both ways)
    assert frame.iloc[0].ev_indices != frame.iloc[0].ev_fixed    # off the top: T,T v 6 splits, 16 v T stands


def test_the_frame_with_index_plays_is_the_same_on_one_and_two_workers():
    kwargs = dict(shoes=3, seed=8, shoe=MID, progress=None, shoes_per_chunk=1, indices=True)
    one = simulate(RULES, workers=1, **kwargs)
    pd.testing.assert_frame_equal(one.frame, simulate(RULES, workers=2, **kwargs).frame)
    assert len(one.spec.indices) == 16 and "left out: 12 v 2, 13 v 3" in one.conditions["indices"]  # (two 2s, 3s)
    assert not one.frame["ev_indices"].isna().any() and one.ramp("tc<=1:1,2+:2")["play"].endswith("Hi-Lo indices")
    assert "index plays" in one.assumptions.strategy and "indices" in one.conditions
    plain = simulate(RULES, shoes=1, seed=8, shoe=MID, progress=None, workers=1)
    assert plain.frame["ev_indices"].isna().all() and plain.ramp("tc<=1:1,2+:2")["play"] == "fixed strategy"
    gain, frame = one.index_gain(), one.frame
    together = gain["indices"] + gain["insurance"]
    assert together == pytest.approx((frame.ev_indices - frame.ev_fixed).mean(), rel=1e-12, abs=1e-15)
    # (captured is over the rounds perfect play is valued in: NaN where a split it compares could run out)
    valued = frame.ev_perfect.notna()
    assert 0 < valued.sum() < len(frame)
    alone = dataclasses.replace(one, frame=frame[valued].reset_index(drop=True)).index_gain()
    assert gain["captured"] == pytest.approx(alone["indices"] / alone["perfect"], rel=1e-9)
    assert gain["insurance"] != 0 and 0 < gain["captured"] <= 1
    if __import__("importlib").util.find_spec("matplotlib"):
        labels = [t.get_text() for t in plot_by_true_count(one).axes[0].get_legend().get_texts()]
        assert "EV, fixed play + index plays" in labels and "per true count" in labels[-1]


@pytest.mark.parametrize("rules, cards, deviations, result", [
    (Rules(decks=1), "T,T,6,6,8", Deviations((Deviation(10, "stand", "hit", total=16),)), 1.0),  # 16 stands; 16+8 busts
    (Rules(decks=1), "T,T,6,6,8", Deviations((Deviation(9, "stand", "hit", total=16),)), -1.0),  # (not v a ten): hits
    (Rules(decks=1), "T,6,T,5,9,T,6", Deviations((Deviation(6, "split", "stand", pair=10),)), 2.0),  # T,9 T,T v 17
    (Rules(decks=1), "9,A,8,T", Deviations(insure=True), 0.0),          # the peek's blackjack: -1 + 1 insured
    (Rules(decks=1), "A,A,T,T", Deviations(insure=True), 1.0),          # even money on a natural
    (Rules(decks=1), "T,A,9,7", Deviations(insure=True), 0.5),          # 19 beats soft 18; insurance lost
    (Rules(decks=1, hole_card="enhc"), "T,A,9,T", Deviations(insure=True), 0.0),   # no hole card: his second card
    (Rules(decks=1, hole_card="enhc", surrender="late"), "T,A,6,T", Deviations(insure=True), 0.0),  # 16 v A
    (Rules(decks=1, hole_card="enhc", surrender="late"), "T,A,6,T", Deviations(), -1.0),  # surrenders: his blackjack
    (Rules(decks=1, hole_card="enhc", surrender="late"), "T,A,6,9", Deviations(), -0.5),  # takes the whole bet
])
def test_rounds_played_out_with_index_plays(rules, cards, deviations, result):
    worker = _Worker(SimulationSpec(rules))
    script = Script(cards)
    assert worker.play_round(script, script.dealt, deviations) == result, cards
    assert not script.cards


def test_index_plays_need_a_balanced_count(capsys):
    with pytest.raises(BjcalcError, match="unbalanced"):
        simulate(RULES, shoes=1, system="ko", indices=True, workers=1)
    assert main(["count", "--decks", "1", "--shoes", "1", "--system", "ko", "--indices", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "balanced" in err
    assert main(["count", "--shoe", MID_FLAG, "--shoes", "1", "--workers", "1", "--indices", "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["indices"][0]["play"] == "insurance" and "ev_indices" in out["by_true_count"]["0"]
    assert set(out["index_gain"]) >= {"indices", "perfect", "captured", "se_indices"}
    assert main(["count", "--shoe", MID_FLAG, "--shoes", "1", "--workers", "1", "--indices", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "indices %" in text and "16 v T: stand at TC >=" in text.replace("\n    ", " ")
    assert max(len(line) for line in text.splitlines()) <= 80


@pytest.mark.parametrize("rules, removed", [
    (Rules(decks=1, max_split_hands=2), ("5",)),
    (Rules(decks=1, max_split_hands=2, hole_card="enhc"), ("9", "T")),
    (Rules(decks=1, max_split_hands=2, hole_card="enhc_obo", surrender="early"), ("A",)),
])
def test_insurance_is_worth_its_closed_form(rules, removed):
    """Insuring every hand against an ace adds P(ace up) x (3 P(ten | ace up) - 1) / 2 to the
    round, exactly: the engine's sum over deals of each deal's own chance of a dealer blackjack
    against the closed form that index_gain uses (by exchangeability the player's cards do not
    change the dealer's chance of a ten, averaged over them)."""
    full = Calculator(rules, ACES2, exact=True)
    shoe = full.shoe.remove(*removed)
    other = Calculator(rules, shoe, exact=True)
    plain, insured = play_on_each(full, other, (None, Deviations(insure=True)))
    counts = shoe.value_counts()
    assert insured.ev - plain.ev == Fraction(counts[0], sum(counts)) * insurance_ev(counts) / 2


@pytest.mark.parametrize("rules, cards, deviations, result", [
    # 9 v 2 may double only on 10-11: the play is skipped and 9 hits (9 + 4 = 13, then basic stands v 2)
    (Rules(decks=1, double_on="10-11"), "5,2,4,T,4,8", Deviations((Deviation(2, "double", "hit", total=9),)), -1.0),
    # 8,8 v T splits; the split hands' 16s are not deviated (8,8 + T busts, 8,T stands); dealer T,7
    (Rules(decks=1, max_split_hands=2), "8,T,8,7,8,T,T", Deviations((Deviation(10, "stand", "hit", total=16),)), 0.0),
])
def test_index_plays_leave_forbidden_actions_and_split_hands_alone(rules, cards, deviations, result):
    worker = _Worker(SimulationSpec(rules))
    script = Script(cards)
    assert worker.play_round(script, script.dealt, deviations) == result, cards
    assert not script.cards


def test_index_plays_the_rules_or_the_shoe_cannot_have_are_left_out():
    sim = simulate(Rules(decks=1, double_on="10-11", max_split_hands=1), shoes=1, seed=2, workers=1, progress=None,
                   indices=True)
    assert {p.play.label for p in sim.spec.indices}.isdisjoint({"9 v 2", "9 v 7", "T,T v 5", "T,T v 6"})
    assert "left out: T,T v 5, T,T v 6, 9 v 2, 9 v 7" in sim.conditions["indices"]
    tiny = Shoe.from_counts({"A": 1, "5": 1, "6": 1, "7": 1, "8": 1, "9": 1, "T": 4})
    with pytest.raises(BjcalcError, match="too small to deal any index play"):
        simulate(RULES, shoes=1, shoe=tiny, indices=True, workers=1)


def test_each_rounds_sd_is_its_whole_distributions():
    """sd=True: every round's sd_perfect is the SD of Calculator(rules, shoe=cards left).outcomes()
    (the moments by hand pairs on the first rounds, the distribution's own moments on the last
    ones, where a round could run out of cards), whose mean is the round's ev_perfect exactly
    (the distribution is of the same play); off the top it is the full shoe's; without sd the
    column is NaN and nothing else changes."""
    kwargs = dict(shoes=4, seed=5, exact=True, shoe=SMALL, penetration=0.7, workers=1, progress=None)
    run = simulate(RULES, sd=True, **kwargs)
    frame = run.frame
    full = Calculator(RULES, SMALL, exact=True).outcomes()
    assert len(frame) >= 4 and frame.groupby("shoe")["sd_perfect"].first().eq(full.sd).all()
    valued = 0
    for row in frame.itertuples():
        calc = Calculator(RULES, Shoe(row.ranks_left), exact=True)
        if math.isnan(row.sd_perfect):     # (a shoe so small the distribution, not the EV, can run out)
            with pytest.raises(ShoeError):
                calc.outcomes()
            continue
        outcomes = calc.outcomes()
        assert outcomes.ev == row.ev_perfect and sum(outcomes.pmf) == 1
        assert row.sd_perfect == outcomes.sd == math.sqrt(float(outcomes.variance))
        valued += 1
    assert valued >= 4
    plain = simulate(RULES, **kwargs).frame
    assert plain["sd_perfect"].isna().all()
    pd.testing.assert_frame_equal(plain.drop(columns="sd_perfect"), frame.drop(columns="sd_perfect"))
    assert run.by_true_count()["sd_perfect"].notna().any() and "sd_perfect" in run.assumptions.strategy


def test_the_rounds_sd_comes_with_resplits_the_distribution_refuses():
    """A real deck resplitting to four hands: its whole distribution is refused as too large,
    yet every round gets its exact SD, from the exact moments (two hands at a time): the last
    round's, recomputed alone on its depleted deck, is the same."""
    rules = Rules(decks=1, max_split_hands=4)
    with pytest.raises(TooLargeError):
        Calculator(rules).outcomes(require_pmf=True)
    frame = simulate(rules, shoes=1, seed=4, penetration=0.2, sd=True, workers=1, progress=None).frame
    assert len(frame) >= 3 and frame["sd_perfect"].notna().all()
    for row in frame.iloc[[-1]].itertuples():
        moments = Calculator(rules, Shoe(row.ranks_left)).moments()
        assert moments.method == "hand pairs"
        assert row.sd_perfect == moments.sd and abs(moments.ev - row.ev_perfect) < 1e-12


def test_rounds_value_no_more_of_a_shoe_than_they_keep(monkeypatch):
    """rounds=N values at most N + 1 rounds of a chunk (the one after tells whether the cut falls
    inside a shoe), not every round to the cut card: a sample's SDs cost what it holds."""
    depleted = []
    original = Calculator.moments

    def counted(self, *args):
        if self.shoe != MID:
            depleted.append(self.shoe)
        return original(self, *args)

    monkeypatch.setattr(Calculator, "moments", counted)
    whole = simulate(RULES, shoes=1, seed=2, shoe=MID, sd=True, workers=1, progress=None).frame
    assert len(whole) >= 3 and len(depleted) == len(whole) - 1      # (the shoe's first round is MID itself)
    depleted.clear()
    sim = simulate(RULES, rounds=1, seed=2, shoe=MID, sd=True, workers=1, progress=None)
    assert len(depleted) == 1          # the second round, the one after the cut
    pd.testing.assert_frame_equal(sim.frame, whole.iloc[:1])
    assert sim.partial_shoe == 0


def test_a_failed_self_check_of_the_moments_is_not_hidden_as_nan(monkeypatch):
    """Only refusals (a shoe too small, too many states) leave a round's SD NaN: the moments'
    own check failing is a bug, and the simulation stops with it."""
    def failing(self, *args):
        if self.shoe != MID:      # (the full shoe's, checked up front, passes)
            raise RuntimeError("the round's moments do not add up")
        return original(self, *args)

    original = Calculator.moments
    monkeypatch.setattr(Calculator, "moments", failing)
    with pytest.raises(RuntimeError, match="do not add up"):
        simulate(RULES, shoes=1, seed=5, shoe=MID, sd=True, workers=1, progress=None)


def test_the_rounds_sd_is_refused_up_front_where_it_cannot_be_had(capsys):
    with pytest.raises(BjcalcError, match="values='both'"):
        simulate(RULES, shoes=1, shoe=MID, sd=True, values="fixed", workers=1, progress=None)
    with pytest.raises(BjcalcError, match="post-split strategy"):
        simulate(RULES, shoes=1, shoe=MID, sd=True, split_strategy="optimal", workers=1, progress=None)
    assert main(["count", "--shoe", MID_FLAG, "--split-hands", "2", "--shoes", "1", "--workers", "1", "--quiet",
                 "--sd", "--values", "fixed"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "perfect play" in err


def test_cli_with_the_rounds_sd_and_index_plays_stays_in_80_columns(capsys):
    # (on MID, half a deck: the same columns and sections as a whole deck's run)
    flags = ["count", "--shoe", MID_FLAG, "--split-hands", "2", "--shoes", "1", "--seed", "2", "--workers", "1",
             "--penetration", "0.3", "--quiet", "--sd"]
    assert main(flags + ["--indices"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 80
    head = next(i for i, line in enumerate(lines) if line.split()[:2] == ["TC", "rounds"])
    rises = next(i for i, line in enumerate(lines) if line.startswith("EV rises"))
    rows = [line.split() for line in lines[head + 1:rises]]
    # TC, rounds, freq, fixed, perfect, indices, insurance, the round's SD, result, results' SD
    assert rows and all(len(row) == 10 and 1.0 < float(row[7]) < 1.3 for row in rows)


def test_a_run_too_short_or_too_narrow_gives_nan_not_a_warning_or_traceback():
    """Ten rounds finish no whole shoe (no cut-card effect: NaN, no 0/0 warning); a tiny shoe
    may give one true count only (no line: NaN, where polyfit raised LinAlgError)."""
    import warnings

    import pandas as pd

    from bjcalc.analysis.simulate import true_count_slope

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sim = simulate(Rules(decks=1, max_split_hands=2), rounds=3, seed=1, workers=1, progress=None)
        effect = sim.cut_card_effect()
        assert math.isnan(effect["mean_ev_fixed"]) and math.isnan(effect["se_fixed"])
        one_count = pd.DataFrame({"true_count": [2.0, 2.0, 2.0], "ev_fixed": [0.1, 0.2, 0.3],
                                  "ev_perfect": [0.1, 0.2, 0.3]})
        line = true_count_slope(one_count, low=-10, high=10)
        assert math.isnan(line["slope_fixed"]) and math.isnan(line["intercept_perfect"])


@pytest.mark.parametrize("flags, words", [
    (["--bankroll", "0"], "--bankroll is in smallest bets"),
    (["--ramp", "tc<=1:1,3:4"], "gives no bet at true count"),
    (["--control-shoes", "-1"], "--control-shoes is a number of shoes"),
    (["--sd", "--values", "none"], "--sd needs --values both"),
    (["--ramp", "tc<=1:1,2:2"], "gives no bet at true count 3:"),     # (not "at true count 1000000000")
])
def test_count_refuses_what_its_summaries_cannot_use_before_simulating(flags, words, monkeypatch, capsys):
    """These used to be found after the whole simulation (36 s for 200 rounds), its rounds lost."""
    import bjcalc.cli.count as count_cli

    monkeypatch.setattr(count_cli, "simulate", lambda *a, **k: pytest.fail("simulated before refusing"))
    assert main(["count", "--rounds", "200", "--quiet", *flags]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_edge_sd_under_the_optimal_split_is_refused_up_front(monkeypatch, capsys):
    from bjcalc.game.calculator import Calculator as Calc

    monkeypatch.setattr(Calc, "game", lambda *a, **k: pytest.fail("the game was computed before the refusal"))
    assert main(["edge", "--decks", "1", "--split", "optimal", "--split-hands", "2", "--sd"]) == 2
    assert "--sd: the round's SD needs a post-split strategy" in capsys.readouterr().err


@pytest.mark.parametrize("flags, words", [
    # rounds are played out hand by hand: the optimal split cannot be played, whatever is valued
    (["--split", "optimal", "--split-hands", "2", "--shoes", "1", "--values", "none"],
     "needs a post-split strategy whose decisions are per hand"),
    (["--split", "optimal", "--split-hands", "2", "--shoes", "1"], "decisions are per hand"),
    # a frame row per round: refused with its size, before any game
    (["--shoes", "100000000", "--values", "none"], "100,000,000 shoes (about 4,333,333,333 rounds) is too large"),
    (["--rounds", "10000001", "--values", "none"], "at most 10,000,000 rounds"),
])
def test_count_refuses_a_run_it_cannot_do_before_any_game(flags, words, monkeypatch, capsys):
    """The optimal split with --values none computed the optimal game (minutes for one deck) and
    then played split hands by their own cards; 10^8 shoes were accepted (days, terabytes)."""
    from bjcalc.game.calculator import Calculator as Calc

    monkeypatch.setattr(Calc, "game", lambda *a, **k: pytest.fail("the game was computed before the refusal"))
    assert main(["count", "--decks", "6", "--quiet", "--workers", "1", *flags]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1, err


def test_count_of_one_shoe_says_it_has_no_standard_error(capsys):
    """(It printed "+- - % (standard error, over 1 shoes)".)"""
    assert main(["count", "--decks", "1", "--split-hands", "2", "--shoes", "1", "--workers", "1", "--quiet"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "(no standard error from 1 shoe)" in text and "+- -" not in text
