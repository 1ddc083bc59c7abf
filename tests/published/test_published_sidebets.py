"""Published figures of the card side bets (bjcalc/analysis/published.py holds them with their sources):
each of ours, exact, rounds to the printed digits, and ``bjcalc verify`` says so.

Lucky Ladies pay table B is printed as a *return*: read as 100 % less the house edge (1 + EV, the stake
back with the winnings) it is reproduced on every deck count; read as the winnings alone it is not."""

import json
import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

from bjcalc.analysis.published import MATCHES, figures, verify
from bjcalc.cli import main
from bjcalc.core.cards import Shoe
from bjcalc.sidebets import (lucky_ladies, match_the_dealer, over_under_13, perfect_pairs, royal_match,
                             twenty_one_plus_three)

SIDE_BET_FIGURES = [f for f in figures() if f.game == "sidebets" and not f.key.startswith(("push22", "bust-bonus"))]
"""The card bets' figures (the dealer bets': tests/published/test_published_dealer_bets.py)."""


def _edge(result) -> Fraction:
    """A result's exact house edge in percent."""
    return Fraction(int(result.house_edge.p), int(result.house_edge.q)) * 100


def _rounds_to(value: Fraction, printed: str) -> bool:
    places = Decimal(printed).as_tuple().exponent
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(places), rounding=ROUND_HALF_UP) == Decimal(printed)


PRINTED = [
    (lambda: twenty_one_plus_three(decks=1, paytable="v1", exact=True), "13.30"),
    (lambda: twenty_one_plus_three(decks=2, paytable="v1", exact=True), "7.26"),
    (lambda: twenty_one_plus_three(decks=4, paytable="v1", exact=True), "4.24"),
    (lambda: twenty_one_plus_three(decks=6, paytable="v1", exact=True), "3.24"),
    (lambda: twenty_one_plus_three(decks=8, paytable="v1", exact=True), "2.74"),
    (lambda: twenty_one_plus_three(decks=2, paytable="v2", exact=True), "2.78"),
    (lambda: perfect_pairs(decks=8, paytable="a", exact=True), "4.10"),
    (lambda: perfect_pairs(decks=8, paytable="b", exact=True), "3.37"),
    (lambda: perfect_pairs(decks=8, paytable="c", exact=True), "7.95"),
    (lambda: perfect_pairs(decks=8, paytable="d", exact=True), "2.17"),
    (lambda: lucky_ladies(decks=1, paytable="a", exact=True), "38.16"),
    (lambda: lucky_ladies(decks=6, paytable="a", exact=True), "24.71"),
    (lambda: lucky_ladies(decks=8, paytable="a", exact=True), "24.05"),
    (lambda: royal_match(decks=1, paytable="v1", exact=True), "10.86"),
    (lambda: royal_match(decks=2, paytable="v1", exact=True), "8.33"),
    (lambda: royal_match(decks=6, paytable="v1", exact=True), "6.67"),
    (lambda: royal_match(decks=8, paytable="v1", exact=True), "6.46"),
    (lambda: royal_match(decks=1, paytable="v2", exact=True), "3.77"),
    (lambda: royal_match(decks=2, paytable="v2", exact=True), "0.82"),
    (lambda: royal_match(decks=6, paytable="v2", exact=True), "-1.11"),
    (lambda: royal_match(decks=8, paytable="v2", exact=True), "-1.35"),
    (lambda: over_under_13(decks=6, paytable="under", exact=True), "10.067"),
    (lambda: over_under_13(decks=6, paytable="over", exact=True), "6.555"),
    (lambda: match_the_dealer(decks=2, paytable="4/19", exact=True), "3.31"),
    (lambda: match_the_dealer(Shoe.decks(6, "spanish"), "4/9", exact=True), "3.055"),
]


@pytest.mark.parametrize("result, printed", PRINTED, ids=[p for _, p in PRINTED])
def test_our_exact_house_edge_rounds_to_the_printed_one(result, printed):
    assert _rounds_to(_edge(result()), printed)


@pytest.mark.parametrize("decks, printed", [(2, "75.06"), (4, "80.54"), (6, "82.36")])
def test_lucky_ladies_b_return_is_one_less_the_house_edge(decks, printed):
    result = lucky_ladies(decks=decks, paytable="b", exact=True)
    assert _rounds_to(100 - _edge(result), printed)
    # the other reading: the winnings alone, the stake not returned (short of it by the hit frequency)
    p = {e: Fraction(int(x.p), int(x.q)) for e, x in result.probabilities.items()}
    winnings = sum(p[e] * pay for e, pay in result.paytable.as_dict().items()) * 100
    assert winnings == 100 - _edge(result) - Fraction(int(result.hit_frequency.p), int(result.hit_frequency.q)) * 100
    assert not _rounds_to(winnings, printed) and abs(winnings - Fraction(printed)) > 5


def test_verify_reproduces_every_side_bet_figure_to_its_digits():
    keys = {f.key for f in SIDE_BET_FIGURES}
    rows = [row for row in verify(games=["sidebets"]) if row.figure.key in keys]
    assert len(rows) == len(SIDE_BET_FIGURES) == 28      # (the dealer bets': test_published_dealer_bets)
    assert {r.verdict for r in rows} == {MATCHES}
    for row in rows:
        assert row.td is None and row.verdict_strategies == ("exact",) and row.reason.startswith("matches: ours, ")
        assert row.figure.rules is None and row.figure.sign == -1 and row.figure.quantity.startswith("house edge")
    ladies = next(r for r in rows if r.figure.key == "lucky-ladies-b-2d")
    assert ladies.figure.published == "24.94" and "printed as a return of 75.06 %" in ladies.figure.quantity


def test_verify_cli_side_bets(capsys):
    assert main(["verify", "--game", "sidebets", "--only", "match-the-dealer-sp21-6d", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["figures"]
    assert row["verdict"] == MATCHES and row["published_as_printed"] == "3.055 %"
    assert row["assumptions"]["shoe"] == "6 Spanish decks (suits tracked)"
    assert "pay table spanish_21" in row["assumptions"]["rules"]
    assert math.isclose(row["cd"], -0.0305548, abs_tol=1e-7)
