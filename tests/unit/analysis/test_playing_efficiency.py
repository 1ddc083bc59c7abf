"""Playing efficiency (issue 13): identities that hold whatever the shoes, a check of the
per-round gains against the public hand values, the published neighbourhood, and the
``bjcalc eor`` count output (indices, playing efficiency, bad input)."""

from fractions import Fraction
import json

import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.analysis.counting import (GRIFFIN_PLAYING_EFFICIENCY, SYSTEMS, CountSystem, playing_efficiency,
                                      playing_gains, sample_shoes)
from bjcalc.cli import main
from bjcalc.core.errors import BjcalcError
from paths import ROOT

SINGLE = Rules(decks=1, double_after_split=False)    # Griffin's single deck: S17, no DAS


@pytest.fixture(scope="module")
def calc():
    return Calculator(SINGLE)


@pytest.fixture(scope="module")
def gains(calc):
    """Every common count, a no-information count and Hi-Lo's tags doubled and shifted, on 4 shoes."""
    flat = CountSystem("flat", (1,) * 10)
    affine = CountSystem("2 Hi-Lo + 1", tuple(2 * t + 1 for t in SYSTEMS["Hi-Lo"].tags))
    return playing_gains(calc, [*SYSTEMS.values(), flat, affine], samples=4)


def test_no_count_beats_perfect_play_on_any_decision(gains):
    """The count picks one of the actions perfect play picks from: never more gain, per decision."""
    assert (gains["perfect"] >= 0).all()
    for name in SYSTEMS:
        assert (gains[name] <= gains["perfect"]).all(), name


def test_a_count_without_information_never_leaves_basic_strategy(gains):
    """Equal tags carry no information: the estimate is the full shoe's gain, never positive."""
    assert (gains["flat"] == 0).all()


def test_playing_efficiency_ignores_affine_changes_of_the_tags(gains):
    """2 t + 1 orders shoes as t does once centred: the same play, the same gains."""
    assert (gains["2 Hi-Lo + 1"] == gains["Hi-Lo"]).all()


def test_the_full_shoe_gives_nothing_to_measure(calc):
    table = playing_gains(calc, [SYSTEMS["Hi-Lo"]], shoes=[calc.shoe])
    assert (table["perfect"] == 0).all() and (table["Hi-Lo"] == 0).all()
    with pytest.raises(BjcalcError, match="undefined"):
        playing_efficiency(calc, SYSTEMS["Hi-Lo"], shoes=[calc.shoe])


def test_perfect_gain_matches_the_hand_values_of_the_shoe(calc):
    """16 (6 and a ten) v a ten on one depleted shoe: the chance of the deal times the best
    action's gain over basic strategy's hit, from Calculator.hand on that shoe (given no dealer
    blackjack, so times P(no blackjack)), counted here from the shoe's cards."""
    shoe = Shoe.decks(1).remove("2", "3", "4", "5", "5", "6", "9", "8", "A", "T", "T", "2", "3")
    table = playing_gains(calc, [SYSTEMS["Hi-Lo"]], shoes=[shoe]).set_index(["up", "hand"])
    counts = shoe.value_counts()
    cards, tens, sixes, aces = sum(counts), counts[9], counts[5], counts[0]
    deal = Fraction(tens, cards) * 2 * Fraction(sixes, cards - 1) * Fraction(tens - 1, cards - 2)
    no_blackjack = 1 - Fraction(aces, cards - 3)
    values = Calculator(SINGLE, shoe).hand("T,6", "T")
    best = max(values.values()) - values["hit"]
    assert calc.hand("T,6", "T")["hit"] == max(calc.hand("T,6", "T").values())     # basic strategy hits
    assert abs(float(table.loc[("T", "6,T"), "perfect"]) - float(deal * no_blackjack) * best) < 1e-15


def test_griffin_published_neighbourhood_single_deck(calc):
    """The published playing efficiencies (single deck; Griffin's method, as quoted in the count
    tables: Hi-Lo 0.51 ... Hi-Opt II and Omega II 0.67) from Griffin's normal approximation over
    bjcalc's exact decision effects: within 0.01 with a tenth of the deck dealt, within 0.04 a
    quarter dealt (the approximation's gains shrink a little with depth; the published depth
    is not stated)."""
    systems = list(SYSTEMS.values())
    for dealt, tolerance in ((0.1, 0.01), (0.25, 0.04)):
        pe = playing_efficiency(calc, systems, method="griffin", dealt=dealt)
        gaps = {name: round(pe[name] - published, 3) for name, published in GRIFFIN_PLAYING_EFFICIENCY.items()}
        assert max(abs(g) for g in gaps.values()) <= tolerance, (dealt, gaps)


def test_griffin_identities(calc):
    """Equal tags (no information) gain nothing; an affine change of the tags changes nothing;
    no count, whatever its tags, passes 1."""
    flat = CountSystem("flat", (3,) * 10)
    affine = CountSystem("affine", tuple(1 - 3 * t for t in SYSTEMS["Zen"].tags))
    odd = [CountSystem(f"odd {i}", tuple((i * v * v) % 7 - 3 for v in range(1, 11))) for i in range(1, 6)]
    pe = playing_efficiency(calc, [flat, affine, SYSTEMS["Zen"], *odd], method="griffin")
    assert pe["flat"] == 0
    assert abs(pe["affine"] - pe["Zen"]) < 1e-12
    assert all(0 <= value <= 1 for value in pe.values()), pe


def test_sample_shoes_are_deterministic_and_keep_suits():
    first, again = sample_shoes(Shoe.decks(1), 0.5, 3, seed=5), sample_shoes(Shoe.decks(1), 0.5, 3, seed=5)
    assert [s.rank_counts for s in first] == [s.rank_counts for s in again]
    assert all(s.total == 26 for s in first) and all(s.suit_counts is not None for s in first)
    with pytest.raises(BjcalcError, match="between 0 and 1"):
        sample_shoes(Shoe.decks(1), 1.5)


# -- the command line -----------------------------------------------------------------------------
EOR = ["eor", "--decks", "1", "--split-hands", "2", "--quiet"]


def test_eor_prints_indices_in_the_players_layout(capsys):
    assert main(EOR + ["--indices", "hilo"]) == 0
    out = capsys.readouterr().out
    assert "Hi-Lo indices" in out
    assert any(line.startswith("16 v T") and "stand at TC >= " in line for line in out.splitlines())
    assert "Griffin's normal approximation" in out and "exact per shoe" not in out


def test_eor_json_holds_playing_efficiency_and_indices(capsys):
    assert main(EOR + ["--indices", "Hi-Opt II", "--pe-shoes", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["counts"]) == set(SYSTEMS)
    assert all(set(c["playing_efficiency"]) == {"griffin", "shoes"} for c in data["counts"].values())
    assert "over 2 shoes" in data["playing_efficiency_basis"]
    assert data["indices"]["count"] == "Hi-Opt II"
    assert {p["play"] for p in data["indices"]["plays"]} >= {"insurance", "16 v T"}


def test_eor_indices_on_a_shoe_missing_a_rank_lists_the_plays_it_leaves_out(capsys):
    """(A shoe without fours refused every index, "the shoe has no 4 left to deal"; count --indices
    dropped those plays.)  The plays' own cards are fixed (10 v T is 6,4), so those go."""
    argv = ["eor", "--decks", "1", "--remove", "4,4,4,4", "--split-hands", "2", "--quiet", "--indices", "hilo"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert any(line.startswith("16 v T") for line in out.splitlines())
    assert "left out (the shoe cannot deal" in out and "10 v T (6,4)" in out
    assert main(argv + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)["indices"]
    left_out = {p["play"] for p in data["left_out"]}
    assert left_out == {"10 v T", "9 v 2", "10 v A", "9 v 7", "12 v 4"}
    assert left_out.isdisjoint(p["play"] for p in data["plays"]) and len(data["plays"]) == 13


def test_a_missing_effect_is_left_out_of_the_fits_not_counted_as_zero():
    """A value with no effect (NaN: the shoe has none of it) is left out of the least-squares line,
    the variance and the correlation over the ranks; numpy over the ranks that are left agrees."""
    import math

    import numpy as np

    from bjcalc.analysis.counting import _fit, _variance, _weighted_correlation

    hilo = SYSTEMS["Hi-Lo"]
    effects = [-0.6, 0.4, 0.45, math.nan, 0.7, 0.45, 0.3, 0.0, -0.2, -0.5]
    kept = [v for v in range(10) if not math.isnan(effects[v])]
    ranks = [v for v in kept for _ in range(4 if v == 9 else 1)]    # (a ten-value is four ranks)
    x = np.array([float(hilo.tags[v]) for v in ranks])
    y = np.array([effects[v] for v in ranks])
    slope, intercept = np.polyfit(x, y, 1)
    mean, fitted = _fit(hilo, effects)
    assert fitted == pytest.approx(slope, abs=1e-12) and mean == pytest.approx(y.mean(), abs=1e-12)
    assert _variance(effects) == pytest.approx(y.var(), abs=1e-12)
    assert _weighted_correlation([float(t) for t in hilo.tags], effects) == pytest.approx(
        np.corrcoef(x, y)[0, 1], abs=1e-12)
    with_zero = [0.0 if math.isnan(e) else e for e in effects]       # (what a missing effect used to count as)
    assert _fit(hilo, with_zero)[1] != pytest.approx(slope, abs=1e-6)


@pytest.mark.parametrize("extra, words", [
    (["--indices", "nosuch"], "unknown count 'nosuch'"),
    (["--indices", "ko"], "KO is unbalanced"),
    (["--pe-shoes", "-1"], "--pe-shoes must be 0 or more"),
    (["--pe-shoes", "1000000"], "at most 10,000"),
    (["--pe-dealt", "1.5"], "--pe-dealt is the share"),
])
def test_eor_bad_input_exits_2_with_one_line(extra, words, capsys):
    assert main(EOR + extra) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and words in err, err


def test_committed_eor_tables_hold_their_identities():
    """Each preset's tables/<preset>/eor.csv (kept fresh by tests/unit/analysis/test_charts.py): the fixed
    effects weighted by the shares sum to 0, the reoptimized ones to at least 0, shares to 1,
    and the effects are the EV after less the full EV."""
    import pandas as pd

    from bjcalc.game.variants import PRESETS

    for name in PRESETS:
        path = ROOT / "tables" / name / "eor.csv"
        table = pd.read_csv(path, comment="#", nrows=11, index_col=0)
        full = float(next(line for line in path.read_text().splitlines() if "EV of the full shoe" in line)
                     .split("shoe ")[1].split(" %")[0])
        cards = table.drop(index="weighted sum")
        assert abs(cards["share"].sum() - 1) < 1e-5, name
        assert abs((cards["share"] * cards["fixed EOR %"]).sum()) < 1e-5, name
        assert (cards["share"] * cards["reoptimized EOR %"]).sum() > -1e-5, name
        assert (abs(cards["fixed EV after %"] - full - cards["fixed EOR %"]) < 2e-4).all(), name
        assert table.loc["weighted sum", "fixed EOR %"] == 0, name


@pytest.mark.parametrize("rules, split", [
    (SINGLE, "CDZ-"),
    (Rules(decks=2, hole_card="enhc", max_split_hands=4, surrender="late"), "CDP"),
    (Rules(decks=1, max_split_hands=3, resplit_aces=True, hit_split_aces=True), "CDP1"),
])
def test_the_effects_pass_makes_the_same_basis_as_its_own(rules, split):
    """fixed_effects values each depleted shoe once for the effects and for playing efficiency:
    the effects, the basis (every decision's values on every depleted shoe) and the playing
    efficiencies equal, to the bit, those of a calculator that made its basis by itself."""
    from bjcalc.analysis import counting

    shared, alone = Calculator(rules, split_strategy=split), Calculator(rules, split_strategy=split)
    assert counting.fixed_effects(shared).equals(alone.effects_of_removal())
    assert shared in counting._BASES and alone not in counting._BASES
    assert counting._BASES[shared] == counting._basis(alone)
    systems = list(SYSTEMS.values())
    assert (playing_efficiency(shared, systems, method="griffin")
            == playing_efficiency(alone, systems, method="griffin"))


def test_playing_efficiency_samples_a_quarter_dealt_by_default(calc):
    """As its docstring and the README say (it took sample_shoes' own default, half the shoe dealt)."""
    hilo = SYSTEMS["Hi-Lo"]
    default = playing_efficiency(calc, hilo, samples=2)
    assert default == playing_efficiency(calc, hilo, shoes=sample_shoes(calc.shoe, 0.25, 2))
    assert default != playing_efficiency(calc, hilo, samples=2, dealt=0.5)


def test_the_count_functions_take_a_count_by_name_too(calc):
    """(betting_correlation(e, "Hi-Lo") raised AttributeError; a name is what a notebook types.)"""
    from bjcalc.analysis.counting import betting_correlation, count_system, insurance_correlation

    effects = calc.effects_of_removal()
    assert betting_correlation(effects, "hi-lo") == betting_correlation(effects, SYSTEMS["Hi-Lo"])
    assert insurance_correlation(calc.shoe, "Zen") == insurance_correlation(calc.shoe, SYSTEMS["Zen"])
    with pytest.raises(BjcalcError, match="unknown count 'hilow'"):
        count_system("hilow")
