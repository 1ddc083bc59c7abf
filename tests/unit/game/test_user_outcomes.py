"""What an analyst and a player meet first in the round's distribution and the hand command.

- ``Calculator(Rules()).outcomes()`` and ``bjcalc outcomes`` succeed on the default game
  (resplits to 4 hands from 6 decks, whose whole distribution is too large): they give the
  game's exact moments, say plainly that the pmf and win/push/loss need splitting to two
  hands, and their mean is the game's EV (exactly, in exact mode).
- Results hold Python floats (``Fraction`` in exact mode), not numpy scalars.
- ``hand`` gives each action's win/push/loss, the dealer's bust chance and, against an ace,
  insurance and even money; checked against an independent enumeration of the deals.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import bjcalc.game.distribution as distribution
from bjcalc import Calculator, Rules, Shoe
from bjcalc.cli import build_parser, run
from bjcalc.core.errors import TooLargeError

EIGHTS = {"A": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 4, "9": 1, "T": 12}


def cli(*argv: str) -> str:
    return run(build_parser().parse_args(list(argv)))


# -- the round's distribution on the default game ----------------------------------------------
@pytest.fixture(scope="module")
def default_outcomes():
    return Calculator(Rules()).outcomes()


def test_the_default_games_outcomes_are_its_exact_moments_said_so(default_outcomes):
    outcomes, calc = default_outcomes, Calculator(Rules())
    assert not outcomes.complete and outcomes.pmf is None
    assert (outcomes.p_win, outcomes.p_push, outcomes.p_loss) == (None, None, None)
    assert "too large" in outcomes.note and "max_split_hands=2" in outcomes.note
    assert "win/push/loss" in outcomes.note and "exact" in outcomes.note
    assert abs(outcomes.ev - calc.game().ev) < 1e-15
    moments = calc.moments()
    assert (outcomes.ev, outcomes.variance, outcomes.sd, outcomes.average_bet, outcomes.element_of_risk) == \
        (moments.ev, moments.variance, moments.sd, moments.average_bet, moments.element_of_risk)
    text = str(outcomes)
    assert text.startswith("No pmf: ") and "Exact for this game, from its exact moments:" in text
    assert "win/push/loss: need the whole distribution" in text
    assert "pmf=None" in repr(outcomes) and "\n" not in repr(outcomes)
    for method in (outcomes.table, outcomes.to_csv):        # (no pmf: said, not a numpy or pandas error)
        with pytest.raises(TooLargeError, match="no pmf: this game's whole distribution is too large"):
            method()


def test_the_whole_distribution_can_still_be_required():
    with pytest.raises(TooLargeError, match=r"too large.*max_split_hands=2"):
        Calculator(Rules()).outcomes(require_pmf=True)


def test_the_fallback_is_exactly_the_games_moments(monkeypatch):
    """A shoe small enough for the whole distribution in exact arithmetic, resplitting to four
    hands: with the distribution's size limit lowered the call falls back, and every figure
    it gives equals the whole distribution's as a rational, its mean the game's EV."""
    calc = Calculator(Rules(max_split_hands=4), shoe=Shoe.from_counts(EIGHTS), exact=True)
    whole = calc.outcomes(require_pmf=True)
    monkeypatch.setattr(distribution, "MAX_STATES", 10)
    with pytest.raises(TooLargeError):
        calc.outcomes(require_pmf=True)
    fallback = calc.outcomes()
    assert not fallback.complete and fallback.p_win is None
    assert fallback.ev == whole.ev == Fraction(str(calc.game().ev))
    assert (fallback.variance, fallback.average_bet, fallback.element_of_risk) == \
        (whole.variance, whole.average_bet, whole.element_of_risk)
    assert all(isinstance(x, Fraction) for x in (fallback.ev, fallback.variance, fallback.average_bet))


def test_outcomes_cli_on_the_default_game():
    payload = json.loads(cli("outcomes", "--json", "--quiet"))
    assert payload["pmf"] is None and payload["complete"] is False
    assert payload["p_win"] is None and payload["p_push"] is None and payload["p_loss"] is None
    assert "--split-hands 2" in payload["note"] and "max_split_hands" not in payload["note"]
    assert abs(payload["ev"] - Calculator(Rules()).game().ev) < 1e-15
    assert payload["sd"] > 1.15 and payload["average_bet"] > 1.13
    text = cli("outcomes", "--quiet")
    assert text.startswith("No pmf: this game's whole distribution is too large")
    assert "--split-hands 2" in text and "EV -0.4029 %" in text


def test_outcomes_cli_with_the_whole_distribution_says_it_is_complete():
    payload = json.loads(cli("outcomes", "--decks", "1", "--split-hands", "2", "--json", "--quiet"))
    assert payload["complete"] is True and payload["note"] is None and payload["pmf"]["-1"] > 0.4


# -- Python numbers, not numpy's -----------------------------------------------------------------
def test_round_outcomes_hold_python_numbers():
    outcomes = Calculator(Rules(decks=1, max_split_hands=2)).outcomes()
    for value in outcomes.summary().values():
        assert type(value) is float
    assert "np.float64" not in repr(outcomes) and "average_bet=" in repr(outcomes)
    quarter_deck = Shoe.from_counts({**{rank: 1 for rank in "A23456789"}, "T": 4})
    exact = Calculator(Rules(max_split_hands=2), shoe=quarter_deck, exact=True).outcomes()
    for name, value in exact.summary().items():
        assert type(value) is (float if name == "sd" else Fraction), name


# -- hand: win/push/loss, the dealer's bust, insurance and even money ------------------------------
def _dealer(counts: dict[int, int], up: int) -> dict[object, Fraction]:
    """The dealer's final hand (S17), the hole card drawn first: {17..21, "bust", "bj"}."""
    out: dict[object, Fraction] = {}

    def draw(left: dict[int, int], hard: int, aces: bool, cards: int, p: Fraction) -> None:
        total = hard + 10 if aces and hard + 10 <= 21 else hard
        if cards == 2 and total == 21:
            out["bj"] = out.get("bj", Fraction(0)) + p
            return
        if total >= 17:
            key = "bust" if total > 21 else total
            out[key] = out.get(key, Fraction(0)) + p
            return
        n = sum(left.values())
        for value, count in left.items():
            if count:
                draw({**left, value: count - 1}, hard + value, aces or value == 1, cards + 1, p * Fraction(count, n))

    draw(counts, up, up == 1, 1, Fraction(1))
    return out


def _one_deck_less(*values: int) -> dict[int, int]:
    counts = {v: 4 for v in range(1, 10)} | {10: 16}
    for v in values:
        counts[v] -= 1
    return counts


def test_hand_outcomes_match_an_independent_enumeration_exactly():
    """T,6 v T from one deck, peek: stand and hit (one card, then stand on 17-21: a hard hand)
    enumerated here with the dealer's hole card and draws, conditioned on no dealer blackjack
    as the EVs are; the calculator's probabilities are the same rationals, and win - loss is
    each action's EV exactly (twice it for the double)."""
    calc = Calculator(Rules(decks=1), exact=True)
    result, values = calc.hand_outcomes("T,6", "T"), calc.hand("T,6", "T")
    left = _one_deck_less(10, 6, 10)
    dealer = _dealer(left, 10)
    no_bj = 1 - dealer["bj"]
    stand = result.actions["stand"]
    assert (stand.p_win, stand.p_push, stand.p_loss) == (dealer["bust"] / no_bj, 0, sum(
        dealer[t] for t in range(17, 22)) / no_bj)
    assert result.dealer_bust == dealer["bust"] / no_bj
    win = push = loss = mass = Fraction(0)
    n = sum(left.values())
    for card, count in left.items():
        p = Fraction(count, n)
        rest = _dealer({**left, card: count - 1}, 10)
        alive = p * (1 - rest["bj"])
        mass += alive
        total = 16 + card
        if total > 21:
            loss += alive
            continue
        win += p * (rest["bust"] + sum(rest.get(t, 0) for t in range(17, total)))
        push += p * rest.get(total, 0)
        loss += p * sum(rest.get(t, 0) for t in range(total + 1, 22))
    hit = result.actions["hit"]
    assert (hit.p_win, hit.p_push, hit.p_loss) == (win / mass, push / mass, loss / mass)
    for action, outcome in result.actions.items():
        assert outcome.p_win + outcome.p_push + outcome.p_loss == 1
        stake = 2 if action == "double" else 1
        assert stake * (outcome.p_win - outcome.p_loss) == values[action]
        assert outcome.ev == values[action]
    assert result.best == values.best == "hit"


def test_hand_outcomes_unconditional_where_the_values_are():
    """ENHC: a dealer blackjack takes the bet, and the probabilities include it, as the EVs."""
    calc = Calculator(Rules(decks=1, hole_card="enhc"), exact=True)
    result, values = calc.hand_outcomes("T,6", "T"), calc.hand("T,6", "T")
    dealer = _dealer(_one_deck_less(10, 6, 10), 10)
    assert not result.conditioned and "unconditional" in result.basis
    assert result.actions["stand"].p_loss == dealer["bj"] + sum(dealer[t] for t in range(17, 22))
    for action, outcome in result.actions.items():
        assert outcome.p_win + outcome.p_push + outcome.p_loss == 1 and outcome.ev == values[action]


def test_insurance_and_even_money_against_an_ace():
    calc = Calculator(Rules(decks=1), exact=True)
    natural = calc.hand_outcomes("A,T", "A")
    p = Fraction(15, 49)        # the hole card a ten: 15 tens among the 49 cards left
    assert natural.insurance == (3 * p - 1) / 2 == Fraction(str(calc.insurance("A,T", "A")))
    assert natural.even_money == 1 and natural.natural_ev == Fraction(3, 2) * (1 - p)
    assert natural.even_money == natural.natural_ev + natural.insurance      # (3:2: even money is insuring)
    assert natural.take_even_money is False and natural.dealer_blackjack == p
    assert natural.actions["stand"].p_win == 1     # (given no dealer blackjack)
    other = calc.hand_outcomes("T,9", "A")
    assert other.insurance == Fraction(str(calc.insurance("T,9", "A"))) and other.even_money is None
    assert calc.hand_outcomes("T,9", "T").insurance is None


def test_a_split_is_shown_where_small_and_said_not_shown_where_not():
    two = Calculator(Rules(decks=1, max_split_hands=2), exact=True)
    result, values = two.hand_outcomes("8,8", "T"), two.hand("8,8", "T")
    split = result.actions["split"]
    assert split.ev == values["split"] and split.p_win + split.p_push + split.p_loss == 1
    assert min(split.pmf) == -4 and max(split.pmf) == 4         # (two doubled hands)
    resplits = Calculator(Rules(decks=6)).hand_outcomes("8,8", "T")
    assert "split" not in resplits.actions and "max_split_hands=2" in resplits.not_shown["split"]


def test_hand_cli_text_and_json():
    text = cli("hand", "--cards", "T,6", "--up", "T")
    assert "P(win)" in text and "dealer busts (T up, before the player draws): 0.229522780" in text
    assert "given no dealer blackjack" in text
    payload = json.loads(cli("hand", "--cards", "T,6", "--up", "T", "--json"))
    outcomes = payload["outcomes"]
    assert set(outcomes["actions"]) == set(payload["values"]) == {"stand", "hit", "double"}
    for action, figures in outcomes["actions"].items():
        assert abs(figures["win"] + figures["push"] + figures["loss"] - 1) < 1e-12
        assert abs(sum(float(net) * p for net, p in figures["pmf"].items()) - payload["values"][action]) < 1e-12
    assert "insurance" not in payload and "even_money" not in payload
    ace = json.loads(cli("hand", "--cards", "A,T", "--up", "A", "--json"))
    assert ace["even_money"]["ev"] == 1.0 and ace["even_money"]["take"] is False
    assert abs(ace["even_money"]["natural_ev"] + ace["insurance"]["ev"] - 1) < 1e-15
    assert ace["insurance"]["dealer_blackjack"] == pytest.approx(95 / 309, abs=1e-15)
    text = cli("hand", "--cards", "8,8", "--up", "T")
    assert "split      not shown:" in text and "--split-hands 2" in text and "max_split_hands" not in text
    exact = cli("hand", "--cards", "T,6", "--up", "T", "--decks", "1", "--exact")
    assert "P(win | stand) = " in exact and "P(dealer busts) = " in exact
