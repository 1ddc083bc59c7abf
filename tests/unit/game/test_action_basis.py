"""Every comparison of actions is made on one basis (issue 10, item 1).

In a peek game with early surrender the surrender is decided before the peek, so it can only
be compared with the other actions unconditionally (a dealer blackjack's loss included).
Here the unconditional value of every action is rebuilt independently -- the other actions
from a game without surrender (whose values are the same: surrender is only ever the first
decision), undone from the conditioning with P(dealer blackjack) counted from the shoe, and
surrender from its rule -- and the best play of ``hand``, ``ev_table().best``, the CD
exceptions and the CLI must be its argmax, for every hole-card rule and surrender rule.
"""

from __future__ import annotations

import functools

import pytest

from bjcalc import Calculator, Rules, Shoe
from bjcalc.game.calculator import deal_probabilities
from bjcalc.analysis.charts import chart, ev_table, hand_label, two_card_hands
from bjcalc.analysis.codes import UPS
from bjcalc.cli import main

SHOES = {"1deck": Shoe.decks(1),
         "ten-rich": Shoe.from_counts({"A": 4, 2: 3, 3: 3, 4: 4, 5: 4, 6: 3, 7: 4, 8: 4, 9: 3, "T": 24})}
HOLE_CARDS = ("peek", "enhc", "enhc_obo")
SURRENDERS = ("none", "late", "early")
VALUE = {"A": 1, "T": 10, **{str(v): v for v in range(2, 10)}}


@functools.lru_cache(maxsize=None)
def calc(hole_card: str, surrender: str, shoe: str) -> Calculator:
    return Calculator(Rules(decks=1, hole_card=hole_card, surrender=surrender), shoe=SHOES[shoe])


@functools.lru_cache(maxsize=None)
def table(hole_card: str, surrender: str, shoe: str):
    return ev_table(calc(hole_card, surrender, shoe))


def p_dealer_blackjack(shoe: Shoe, hand: tuple[int, ...], up: int) -> float:
    """P(the hole card makes a blackjack), counted from the cards left (by value)."""
    left = list(shoe.value_counts())
    for value in hand + (up,):
        left[value - 1] -= 1
    needed = {1: 10, 10: 1}.get(up)
    return 0.0 if needed is None else left[needed - 1] / sum(left)


def unconditional(hole_card: str, surrender: str, shoe: str, hand: tuple[int, ...], up: str) -> dict[str, float]:
    """Every action's EV before the peek, built without the basis the calculator states."""
    reference = calc(hole_card, "none", shoe).hand(hand_label(hand), up)
    p = p_dealer_blackjack(SHOES[shoe], hand, VALUE[up])
    if hole_card == "peek":   # conditioned on no blackjack: a blackjack takes the original bet
        values = {a: v * (1 - p) - p for a, v in reference.items()}
    else:                     # ENHC values are unconditional already
        values = dict(reference)
    if surrender == "early" and len(hand) == 2:
        values["surrender"] = -0.5                       # half the bet, whatever the dealer holds
    elif surrender == "late" and len(hand) == 2:
        values["surrender"] = -0.5 * (1 - p) - p         # a dealer blackjack takes the whole bet
    return values


COMBOS = [(h, s, shoe) for h in HOLE_CARDS for s in SURRENDERS for shoe in SHOES]


@pytest.mark.parametrize("hole_card,surrender,shoe", COMBOS)
def test_best_play_is_the_argmax_of_the_unconditional_values(hole_card, surrender, shoe):
    c, ev = calc(hole_card, surrender, shoe), table(hole_card, surrender, shoe)
    best = ev.best
    # the basis the calculator states for its hand values
    conditioned = "conditioned on no dealer blackjack" in c.assumptions().conditioning
    assert conditioned == (hole_card == "peek" and surrender != "early")
    checked = 0
    for up in UPS:
        for hand in two_card_hands():
            label = hand_label(hand)
            truth = unconditional(hole_card, surrender, shoe, hand, up)
            p = p_dealer_blackjack(SHOES[shoe], hand, VALUE[up])
            if hole_card == "peek" and p == 1:
                continue
            values = c.hand(label, up)
            assert values.keys() == truth.keys(), (label, up)
            # the values are on the basis stated, action by action
            for action, value in values.items():
                expected = (truth[action] + p) / (1 - p) if conditioned else truth[action]
                assert value == pytest.approx(expected, abs=1e-12), (label, up, action)
            top = max(truth.values())
            for chosen in (max(values, key=values.get), best.loc[label, up]):
                assert truth[chosen] >= top - 1e-12, (label, up, chosen, truth)
            checked += 1
    assert checked > 400


@pytest.mark.parametrize("hole_card", HOLE_CARDS)
def test_multi_card_hands_are_on_the_same_basis(hole_card):
    c = calc(hole_card, "early", "1deck")
    for hand, up in (((5, 4, 3), "T"), ((2, 2, 3, 6), "A"), ((7, 2, 3), "A")):
        values = c.hand(hand_label(hand), up)
        truth = unconditional(hole_card, "early", "1deck", hand, up)
        assert values == pytest.approx(truth, abs=1e-12)


def test_early_surrender_t4_v_t_and_12_v_a_surrender():
    # the cases, 6 decks: hit given no blackjack -0.3546, unconditionally -0.5551
    six = Calculator(Rules(surrender="early"))
    assert ev_table(six).best.loc["T,4", "T"] == "surrender"
    values = six.hand("5,7", "A")
    assert max(values, key=values.get) == "surrender"
    assert values["surrender"] == -0.5 and values["hit"] == pytest.approx(-0.555110, abs=1e-6)


@pytest.mark.parametrize("hole_card,surrender,shoe", COMBOS)
def test_the_game_ev_is_the_deal_weighted_best_of_the_reported_values(hole_card, surrender, shoe):
    # A round is worth the best action's unconditional value: rebuilt from hand() on the basis it
    # states, weighted by the deal probabilities, it must give game() (which never used hand()).
    c = calc(hole_card, surrender, shoe)
    conditioned = "conditioned on no dealer blackjack" in c.assumptions().conditioning
    total = 0.0
    for up, deals in deal_probabilities(c.shoe, c.rules).items():
        label = {1: "A", 10: "T"}.get(up, str(up))
        for (hand, _), p in deals.items():
            values = c.hand(hand_label(hand), label)
            p_bj = p_dealer_blackjack(c.shoe, hand, up)
            if conditioned and p_bj == 1:
                best = -1.0                        # the dealer always has blackjack: never asked
            elif conditioned:
                best = max(values.values()) * (1 - p_bj) - (0 if sorted(hand) == [1, 10] else p_bj)
            else:
                best = max(values.values())
            total += float(p) * best
    assert total == pytest.approx(c.game().ev, abs=1e-12)


def test_cd_exceptions_of_an_early_surrender_game_are_unconditional_argmaxes():
    c = calc("peek", "early", "ten-rich")
    drawn = chart(c, "CD", multi_card=False)
    assert len(drawn.exceptions)
    for r in drawn.exceptions.itertuples(index=False):
        hand = tuple(VALUE[x] for x in r.hand.split(","))
        truth = unconditional("peek", "early", "ten-rich", hand, r.up)
        assert truth[r.cd_action] >= max(truth.values()) - 1e-12, r
        assert truth[r.cd_action] - truth[r.chart_action] == pytest.approx(r.gain, abs=1e-12)


def test_the_stated_basis_is_the_property():
    for hole_card in HOLE_CARDS:
        for surrender in SURRENDERS:
            c = calc(hole_card, surrender, "1deck")
            assert c.hand_values_conditioned == ("conditioned on no" in c.assumptions().conditioning)


def test_a_natural_pushes_a_dealer_blackjack_in_every_hole_card_rule():
    # A,T v T: paid 3:2 unless the hole card is an ace (then a push), so unconditionally
    # 1.5 * (1 - p); conditioned on no dealer blackjack, 1.5.  (ENHC-OBO charged a lost bet.)
    for hole_card in HOLE_CARDS:
        c = calc(hole_card, "none", "1deck")
        p = p_dealer_blackjack(SHOES["1deck"], (1, 10), 10)
        want = 1.5 if hole_card == "peek" else 1.5 * (1 - p)
        assert c.hand("A,T", "T")["stand"] == pytest.approx(want, abs=1e-15), hole_card


def test_cli_hand_marks_early_surrender_best(capsys):
    assert main(["hand", "--cards", "5,7", "--up", "A", "--surrender", "early"]) == 0
    out = capsys.readouterr().out
    best = [line for line in out.splitlines() if "<- best" in line]
    assert len(best) == 1 and best[0].startswith("surrender"), out
    assert "unconditional" in out and "conditioned on no dealer blackjack" not in out


@pytest.mark.parametrize("hole_card,surrender", [("peek", "late"), ("peek", "early"), ("enhc", "late")])
@pytest.mark.parametrize("exact", [False, True])
def test_hand_values_state_their_basis_and_best_play(hole_card, surrender, exact):
    """``hand`` says on which basis its values are (the calculator's own reading of the rules),
    names the best action as the argmax of its values (the earlier of equal ones), and keeps
    both through a pickle (Dask ships results that way)."""
    import pickle

    calc = Calculator(Rules(decks=1, hole_card=hole_card, surrender=surrender), exact=exact)
    values = calc.hand("8,8", "T")
    assert (values.cards, values.up) == ("8,8", "T")
    assert values.assumptions == calc.assumptions()
    conditioned = "conditioned on no dealer blackjack" in values.assumptions.conditioning
    assert conditioned == calc.hand_values_conditioned == (hole_card == "peek" and surrender != "early")
    top = max(values.values())
    assert values.best == [action for action, v in values.items() if v == top][0]
    assert str(values).splitlines()[1:] == values.assumptions.lines()
    again = pickle.loads(pickle.dumps(values))
    assert again == values and (again.best, again.assumptions) == (values.best, values.assumptions)
