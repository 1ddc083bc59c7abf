"""Published figures (bjcalc/analysis/published.py holds them with their sources, and the Wizard of
Odds Appendix 9 tables) and an independent infinite-deck recursion; and how ``bjcalc verify``
judges and prints them (issue 10 item 11)."""

import math
from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules

from oracles.infinite_deck import InfiniteDeck
from paths import ROOT

GRIFFIN = Rules(decks=math.inf, dealer_hits_soft_17=False, double_on="any", double_after_split=False,
                max_split_hands=2, hole_card="peek", blackjack_pays="3:2")


def _printed_tolerance(text: str) -> float:
    """Half a unit in the last printed digit."""
    return 0.5 * 10 ** -len(text.split(".")[1])


@pytest.mark.parametrize("h17,das", [(False, False), (False, True), (True, False), (True, True)])
def test_infinite_deck_game_equals_independent_recursion_exactly(h17, das):
    rules = GRIFFIN.replace(dealer_hits_soft_17=h17, double_after_split=das)
    calc = Calculator(rules, exact=True)
    ours = calc.game().ev
    assert Fraction(int(ours.p), int(ours.q)) == InfiniteDeck(h17=h17, das=das).game()
    if das:
        # With an infinite deck a hand's cards never change what comes next, so the best play
        # depends on the total alone and TD is optimal: the TD game is this CD game exactly (with
        # DAS these are Rules(decks=inf, dealer_hits_soft_17=h17, max_split_hands=2): the game
        # tests/unit/game/test_strategy.py would otherwise value again).
        assert rules == Rules(decks=math.inf, dealer_hits_soft_17=h17, max_split_hands=2)
        assert calc.game("TD").ev == ours


@pytest.mark.xfail(strict=True, reason=(
    "Griffin's -0.690223 % differs from our -0.6902366 % by 1.37e-7; an independent exact "
    "recursion (tests/oracles/infinite_deck.py) agrees with ours, so the published rule details must differ"))
def test_griffin_infinite_deck_figure():
    assert Calculator(GRIFFIN).game().ev == pytest.approx(-0.00690223, abs=1e-7)


DEALER_1D_S17 = {
    "A": "0.126128 0.131003 0.129486 0.131553 0.0515646 0.313726 0.11654",
    "2": "0.138976 0.131762 0.131815 0.123948 0.120526 0 0.352973",
    "6": "0.166948 0.106454 0.107192 0.100705 0.0978785 0 0.420823",
    "T": "0.114418 0.112879 0.114662 0.328879 0.0364661 0.0784314 0.214264",
}


# P(blackjack | A up) is exactly 16/51 = 0.31372549..., which rounds to 0.313725: the printed
# 0.313726 is one unit off in its last digit.  We check the exact value instead of that digit.
MISROUNDED = {("A", "blackjack"): Fraction(16, 51)}


@pytest.mark.parametrize("up", sorted(DEALER_1D_S17))
def test_single_deck_dealer_table_to_printed_digits(up):
    series = Calculator(Rules(decks=1)).dealer(up)
    exact = Calculator(Rules(decks=1), exact=True).dealer(up)
    printed = DEALER_1D_S17[up].split()
    for key, text in zip(["17", "18", "19", "20", "21", "blackjack", "bust"], printed):
        if (up, key) in MISROUNDED:
            assert Fraction(str(exact[key])) == MISROUNDED[(up, key)]
            continue
        tolerance = _printed_tolerance(text) if "." in text else 0
        assert abs(series[key] - float(text)) <= tolerance, (up, key)


# Wizard of Odds, Blackjack Appendix 9: exact stand / hit / double values by hand (their split
# columns are approximate and are checked in the split issue).  Pages: "Six deck, dealer hits on
# soft 17, no hole card" (values unconditional, dealer blackjack takes all) and "2 decks, dealer
# hits on soft 17" (values given no dealer blackjack).
WIZARD_HANDS = [
    (dict(decks=6, dealer_hits_soft_17=True, hole_card="enhc"), "A", "2,A", (-0.722356, -0.379910, -1.024099)),
    (dict(decks=6, dealer_hits_soft_17=True, hole_card="enhc"), "A", "3,2", (-0.721887, -0.529734, -1.443774)),
    (dict(decks=6, dealer_hits_soft_17=True, hole_card="enhc"), "A", "6,5", (-0.720879, -0.235772, -0.535879)),
    (dict(decks=6, dealer_hits_soft_17=True, hole_card="enhc"), "A", "7,A", (-0.466029, -0.421285, -0.909374)),
    (dict(decks=2, dealer_hits_soft_17=True), "A", "2,A", (-0.594150, -0.103429, -0.571816)),
    (dict(decks=2, dealer_hits_soft_17=True), "A", "6,4", (-0.587412, 0.038312, -0.003909)),
    (dict(decks=2, dealer_hits_soft_17=True), "A", "6,5", (-0.587564, 0.121079, 0.166650)),
    (dict(decks=2, dealer_hits_soft_17=True), "A", "7,A", (-0.224703, -0.165428, -0.416886)),
]


@pytest.mark.parametrize("rules,up,cards,published", WIZARD_HANDS)
def test_wizard_appendix_9_hand_values(rules, up, cards, published):
    values = Calculator(Rules(**rules)).hand(cards, up)
    for action, text in zip(("stand", "hit", "double"), published):
        assert abs(values[action] - text) <= 5e-7, (cards, action)


@pytest.mark.parametrize("das,published", [(False, -0.340317), (True, -0.333718)])
@pytest.mark.parametrize("split_strategy", ["CDZ-", "CDP1"])
def test_nairn_single_deck_split_8_8_against_ace(das, published, split_strategy):
    # Nairn's post-split play is a fixed strategy, so CD play may only be higher; here it agrees
    # to every printed digit.
    rules = Rules(decks=1, double_after_split=das, max_split_hands=2)
    value = Calculator(rules, split_strategy=split_strategy).hand("8,8", "A")["split"]
    assert value >= published - 5e-7
    assert abs(value - published) <= 5e-7


# -- bjcalc verify: verdicts, units, sources (issue 10 item 11) -----------------------------------
from bjcalc.analysis.published import DIFFERS, MATCHES, ROUNDING, Row, figures, verify_text  # noqa: E402

FIGURES = {f.key: f for f in figures()}


@pytest.mark.parametrize("key, ours, verdict", [
    ("burn20-vegas-rsa", -0.07, MATCHES), ("burn20-vegas-rsa", -0.0651, MATCHES),
    ("burn20-vegas-rsa", -0.0649, ROUNDING), ("burn20-vegas-rsa", -0.0801, DIFFERS),
    ("nairn-8-8-das", -0.3337181, MATCHES), ("nairn-8-8-das", -0.3337188, ROUNDING),
    ("nairn-8-8-das", -0.333720, DIFFERS),
    ("wizard-1d-s17-peek-das", 0.0018312, ROUNDING),       # the source's stated precision, 2e-5
    ("wizard-1d-s17-peek-das", 0.0018612, DIFFERS),
    # 13.7 units of the last printed digit: no stated precision of Griffin's covers it
    ("griffin-infinite", -0.6902366, DIFFERS),
])
def test_verdicts_distinguish_digits_rounding_and_differs(key, ours, verdict):
    row = Row(FIGURES[key], ours, None)
    assert row.verdict == verdict and row.verdict_strategies == ("CD",)


def test_the_best_strategy_gives_the_verdict_and_is_named():
    row = Row(FIGURES["uk-standard"], 0.7, 0.621)
    assert row.verdict == MATCHES and row.verdict_strategies == ("TD",)
    assert row.difference == pytest.approx(0.001)
    assert "matches (TD)" in verify_text([row])


def _fake_rows():
    """Every figure with made-up values of many digits (rendering only, no computation)."""
    return [Row(f, float(f.published) * 1.0123456789, float(f.published) * 0.9876543211 if "TD" in f.strategies
                else None) for f in figures()]


def test_verify_text_fits_80_columns_with_one_unit_per_column():
    text = verify_text(_fake_rows())
    assert all(len(line) <= 80 for line in text.splitlines()), max(text.splitlines(), key=len)
    assert "as the player's EV in % of the initial bet" in text.splitlines()[0]
    rows = {line.split()[0]: line.split() for line in text.splitlines() if line.split()[:1] and
            line.split()[0] in FIGURES}
    assert list(rows) == list(FIGURES)
    # fractions of the bet are shown in percent too, their printed digits kept; a house edge h as -h
    assert rows["wizard-6d-h17-enhc-das"][1] == "-0.72705" and rows["nairn-8-8-das"][1] == "-33.3718"
    assert rows["griffin-infinite"][1] == "-0.690223" and rows["burn20-card"][1] == "-0.74"
    for key, f in FIGURES.items():
        assert rows[key][1] == str(f.published_percent if f.sign == 1 else -f.published_percent)


def test_every_figure_cites_its_source_in_full_and_no_file_outside_the_package():
    for f in figures():
        assert len(f.source) > 40 and "GAMES.md" not in f.source + f.note + f.quantity, f.key
    package = ROOT / "bjcalc"
    assert [p.name for p in package.glob("*.py") if "GAMES.md" in p.read_text()] == []
    assert "GAMES.md" not in verify_text(_fake_rows())
