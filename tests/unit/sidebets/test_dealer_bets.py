"""Push 22 and Bust Bonus (bjcalc.sidebets.push22, bust_bonus): bets on the dealer's final hand and
its suits.  Checked against a brute-force deal written here from the rules alone (no bjcalc dealer
engine): card by card with suits on tiny shoes, by value on one deck, and by value on the infinite
deck where the suits follow from an identity; hand-checkable shoes; floats against rationals;
effects of removal; the command line."""

import json
import math
from fractions import Fraction
from functools import lru_cache

import pytest
import sympy

from bjcalc.cli import main
from bjcalc.core.cards import Shoe
from bjcalc.core.errors import RulesError, ShoeError
from bjcalc.sidebets import SIDE_BETS, BustBonus, Push22, bust_bonus, push_22

RED, BLACK = frozenset("HD"), frozenset("SC")


def _fraction(x) -> Fraction:
    return Fraction(int(sympy.Rational(x).p), int(sympy.Rational(x).q))


# -- a brute-force dealer, from the rules --------------------------------------------------------
def _stands(values: tuple, h17: bool):
    """The final total of a dealer hand (values in any order), "bj", or None while it draws."""
    hard = sum(values)
    soft = 1 in values and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if len(values) == 2 and total == 21:
        return "bj"
    if total > 17 or (total == 17 and not (soft and h17)):
        return total
    return None


def _deal(cards: tuple, h17: bool) -> dict:
    """Every dealer hand dealt card by card from physical cards ("TS", "8H", ...): {(up value, final
    total or "bj", the hand's sorted values, its suits): probability}, exactly."""
    def value(card):
        return 1 if card[0] == "A" else 10 if card[0] in "TJQK" else int(card[0])

    @lru_cache(maxsize=None)
    def rest(hand: tuple, suits: frozenset, left: tuple) -> dict:
        final = _stands(hand, h17) if len(hand) >= 2 else None
        if final is not None:
            return {(final, hand, suits): Fraction(1)}
        assert left, "the dealer ran out of cards"
        out: dict = {}
        for i, card in enumerate(left):
            drawn = rest(tuple(sorted(hand + (value(card),))), suits | {card[1]}, left[:i] + left[i + 1:])
            for key, p in drawn.items():
                out[key] = out.get(key, 0) + p / len(left)
        return out

    out: dict = {}
    for i, up in enumerate(cards):
        for (final, hand, suits), p in rest((value(up),), frozenset(up[1]), cards[:i] + cards[i + 1:]).items():
            key = (value(up), final, hand, suits)
            out[key] = out.get(key, 0) + p / len(cards)
    return out


def _push22_brute(cards, h17):
    deal = _deal(tuple(sorted(cards)), h17)
    twenty_two = [(suits, p) for (_, final, _, suits), p in deal.items() if final == 22]
    suited = sum((p for suits, p in twenty_two if len(suits) == 1), Fraction(0))
    coloured = sum((p for suits, p in twenty_two if suits <= RED or suits <= BLACK), Fraction(0))
    total = sum((p for _, p in twenty_two), Fraction(0))
    return {"suited 22": suited, "same colour 22": coloured - suited, "22": total - coloured, "no 22": 1 - total}


def _bust_bonus_brute(cards, h17, peek=True):
    """Bust Bonus by up card value: {up: (P(up), {event: P(event | up, offered)})}."""
    deal = _deal(tuple(sorted(cards)), h17)
    out = {}
    for up in sorted({key[0] for key in deal}):
        hands = {k: p for k, p in deal.items() if k[0] == up}
        p_up = sum(hands.values())
        blackjack = sum((p for k, p in hands.items() if k[1] == "bj"), Fraction(0)) / p_up
        kept = 1 - blackjack if peek and up in (1, 10) else 1
        events = {"suited 8-8-8": Fraction(0), "8-8-8": Fraction(0), "suited bust": Fraction(0), "bust": Fraction(0)}
        for (_, final, hand, suits), p in hands.items():
            if final == "bj" or final <= 21:
                continue
            kind = "8-8-8" if hand == (8, 8, 8) else "bust"
            events[("suited " if len(suits) == 1 else "") + kind] += p / p_up / kept
        out[up] = (p_up * kept, events)
    return out


# -- Push 22 ---------------------------------------------------------------------------------------
TINY_SHOES = [
    "TS KS 2S 6H 6S 5D 4C AS 9D QH 3S",
    "2S 2H TC JC QS 6S 7D AH 8S 9S",
    "TS TS TH 2S 2C 6S 6C 5S AD AS 4S",
]


@pytest.mark.parametrize("cards", TINY_SHOES)
@pytest.mark.parametrize("h17", [True, False])
def test_push22_equals_a_card_by_card_deal_on_tiny_suited_shoes(cards, h17):
    ours = Push22(h17).probabilities(Shoe.from_cards(cards.split()), exact=True)
    assert {e: _fraction(p) for e, p in ours.items()} == _push22_brute(cards.split(), h17)


@pytest.mark.parametrize("h17, printed", [(True, "0.073362"), (False, "0.072401")])
def test_push22_one_deck_equals_a_deal_by_value(h17, printed):
    """P(22) on one deck, dealt value by value (memoised on the cards left), exactly."""
    @lru_cache(maxsize=None)
    def rest(hand: tuple, left: tuple) -> Fraction:
        final = _stands(hand, h17) if len(hand) >= 2 else None
        if final is not None:
            return Fraction(final == 22)
        n = sum(left)
        return sum((Fraction(c, n) * rest(tuple(sorted(hand + (v + 1,))), left[:v] + (c - 1,) + left[v + 1:])
                    for v, c in enumerate(left) if c), Fraction(0))

    full = (4,) * 9 + (16,)
    brute = sum((Fraction(c, 52) * rest((v + 1,), full[:v] + (c - 1,) + full[v + 1:]) for v, c in enumerate(full)),
                Fraction(0))
    ours = 1 - _fraction(Push22(h17).probabilities(1, exact=True)["no 22"])
    assert ours == brute and f"{float(ours):.6f}" == printed


@pytest.mark.parametrize("h17", [True, False])
def test_push22_infinite_deck_suits_follow_from_the_hand_length(h17):
    """Infinite deck, equal suits: a k-card hand is of one suit with chance 4 (1/4)^k, of one colour
    2 (1/2)^k; the brute force sums those over the 22s by length."""
    @lru_cache(maxsize=None)
    def rest(hand: tuple) -> tuple:
        final = _stands(hand, h17) if len(hand) >= 2 else None
        if final is not None:
            k = len(hand)
            return (Fraction(1), 4 * Fraction(1, 4) ** k, 2 * Fraction(1, 2) ** k) if final == 22 else (0, 0, 0)
        parts = [(Fraction(4 if v == 10 else 1, 13), rest(tuple(sorted(hand + (v,))))) for v in range(1, 11)]
        return tuple(sum((w * r[i] for w, r in parts), Fraction(0)) for i in range(3))

    total, suited, coloured = (sum((Fraction(4 if v == 10 else 1, 13) * rest((v,))[i] for v in range(1, 11)),
                                   Fraction(0)) for i in range(3))
    ours = {e: _fraction(p) for e, p in Push22(h17).probabilities(math.inf, exact=True).items()}
    assert ours == {"suited 22": suited, "same colour 22": coloured - suited, "22": total - coloured,
                    "no 22": 1 - total}


@pytest.mark.parametrize("cards, event", [("TS KS 2S", "suited 22"), ("TS KC 2S", "same colour 22"),
                                          ("TS KH 2S", "22")])
def test_push22_by_hand_on_three_cards(cards, event):
    # Up T (2/3): a hole T stands on 20, a hole 2 draws the last T to 22; up 2 (1/3): T, T is 22.
    p = Push22().probabilities(Shoe.from_cards(cards.split()), exact=True)
    assert _fraction(p[event]) == Fraction(2, 3) and _fraction(p["no 22"]) == Fraction(1, 3)
    edge = Push22().evaluate(Shoe.from_cards(cards.split()), "50/20/8", exact=True).ev
    assert _fraction(edge) == Fraction(2, 3) * {"suited 22": 50, "same colour 22": 20, "22": 8}[event] - Fraction(1, 3)


def test_push22_pay_tables_and_suits_only_where_needed():
    bet = Push22()
    assert bet.paytable("11:1").pays == bet.paytable("11,11,11").pays == bet.paytable("11").pays
    assert bet.paytable("11,11,11").name == "11:1" and bet.paytable("50,20,8").name == "50/20/8"
    rank_only = Shoe.decks(6).without("5,5")
    plain = bet.evaluate(rank_only, "11:1", exact=True)
    suited = bet.evaluate(Shoe.decks(6).without("5S,5H"), "11:1", exact=True)
    assert plain.table["event"].tolist() == ["22", "no 22"] and plain.ev == suited.ev
    with pytest.raises(ShoeError, match="pay table 50/20/8 pays suited hands apart"):
        bet.evaluate(rank_only, "50/20/8")
    with pytest.raises(ShoeError, match="pays suited hands apart"):
        bet.effects_of_removal(rank_only, "50/20/8")
    with pytest.raises(RulesError, match="needs 3 pays"):
        bet.paytable("1,2")
    with pytest.raises(RulesError, match="hits_soft_17 must be True or False"):
        Push22("yes")
    with pytest.raises(ShoeError, match="too small for Push 22: the dealer can run out"):
        bet.evaluate(Shoe.from_cards("2S 2H 3S".split()))


# -- Bust Bonus ------------------------------------------------------------------------------------
@pytest.mark.parametrize("cards", TINY_SHOES + ["8S 8S 8S 8H 8D 6S TS"])
@pytest.mark.parametrize("peek", [True, False])
def test_bust_bonus_by_up_card_equals_a_card_by_card_deal(cards, peek):
    shoe = Shoe.from_cards(cards.split())
    table = BustBonus(h17 := True, peek=peek).by_up_card(shoe, exact=True)
    brute = _bust_bonus_brute(cards.split(), h17, peek)
    offered = sum(w for w, _ in brute.values())
    for v, up in enumerate("A23456789T", start=1):
        if v not in brute:
            assert table.loc[up, "share"] == 0
            continue
        weight, events = brute[v]
        assert _fraction(table.loc[up, "share"]) == weight / offered, up
        if weight:
            assert {e: _fraction(table.loc[up, e]) for e in events} == events, up


@pytest.mark.parametrize("cards, up, ev", [("8S 8S 8S", "8", 75), ("8S 8H 8S", "8", 25), ("TS 6S TS", "6", 3),
                                           ("TS 6H TS", "6", 1)])
def test_bust_bonus_by_hand_on_three_cards(cards, up, ev):
    # 8-8-8 always busts; T,6,T: a 6 up takes T, T to 26; a T up busts when the 6 is the hole card.
    table = BustBonus().by_up_card(Shoe.from_cards(cards.split()), exact=True)
    assert _fraction(table.loc[up, "ev"]) == ev
    if up == "6":
        assert _fraction(table.loc["T", "bust" if ev == 1 else "suited bust"]) == Fraction(1, 2)


def test_bust_bonus_blind_bet_is_the_up_cards_weighted_by_their_shares():
    bet = BustBonus()
    table = bet.by_up_card(2, exact=True)
    result = bet.evaluate(2, exact=True)
    assert sum(result.table["probability"]) == 1
    assert result.ev == sum(table["share"] * table["ev"])
    unpeeked = BustBonus(peek=False).by_up_card(2, exact=True)
    assert (unpeeked.loc["A", "ev"] < table.loc["A", "ev"]) and unpeeked.loc["6", "ev"] == table.loc["6", "ev"]


def test_bust_bonus_needs_suits_for_a_table_that_pays_them():
    rank_only = Shoe.decks(2).without("5,5")
    with pytest.raises(ShoeError, match="pay table silver_dollar pays suited hands apart"):
        BustBonus().evaluate(rank_only)
    alike = [3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 25, 25, 2, 2, 2, 2, 2, 2]
    plain = BustBonus().evaluate(rank_only, alike, exact=True)
    suited = BustBonus().evaluate(Shoe.decks(2).without("5S,5H"), alike, exact=True)
    assert plain.ev == suited.ev and "A suited bust" not in plain.table["event"].tolist()
    with pytest.raises(RulesError, match="needs 22 pays"):
        BustBonus().paytable("1,2,3")
    with pytest.raises(RulesError, match="peek must be True or False"):
        BustBonus(peek=1)


# -- both ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bet, table", [(Push22(), "50/20/8"), (Push22(False), "11:1"), (BustBonus(), None),
                                        (BustBonus(False, peek=False), None)])
@pytest.mark.parametrize("shoe", [Shoe.decks(6), Shoe.from_cards(TINY_SHOES[0].split()), Shoe.decks(math.inf)])
def test_floats_equal_rationals(bet, table, shoe):
    exact = bet.evaluate(shoe, table, exact=True)
    floats = bet.evaluate(shoe, table)
    for e, f in zip(exact.table["probability"], floats.table["probability"]):
        assert float(e) == pytest.approx(f, abs=1e-13)
    assert float(exact.ev) == pytest.approx(floats.ev, abs=1e-12)


@pytest.mark.parametrize("bet, table", [(Push22(), "50/20/8"), (Push22(), "11:1"), (BustBonus(peek=False), None)])
def test_effects_of_removal_sum_to_exactly_zero(bet, table):
    e = bet.effects_of_removal(1, table, exact=True)
    assert sum(e.table["share"] * e.table["eor"]) == 0
    assert ("rank and suit" in e.method) == (table != "11:1")


def test_bust_bonus_with_the_peek_is_per_round_offered_so_its_removal_effects_need_not_sum_to_zero():
    e = BustBonus().effects_of_removal(1, exact=True)
    assert 0 < abs(sum(e.table["share"] * e.table["eor"])) < 1e-5 and "need not sum to zero" in e.method


def test_push22_suited_table_removal_effects_to_the_sources_digits():
    # Stephen How's EoRs of the 50/20/8 bet, 6 decks (percent, one card removed).
    printed = {"A": 0.52, "2": -0.44, "3": 0.07, "4": 0.11, "5": 0.13, "6": -0.32, "7": -0.12, "8": -0.06,
               "9": -0.03, "T": 0.03}
    eors = Push22().effects_of_removal(6, "50/20/8").table["eor"]
    assert {rank: round(float(eors[rank]) * 100, 2) for rank in printed} == printed


def test_catalog_and_public_names():
    assert SIDE_BETS["push-22"] is Push22 and SIDE_BETS["bust-bonus"] is BustBonus
    assert push_22(decks=6).house_edge == Push22().evaluate(6).house_edge
    assert bust_bonus(decks=8, peek=False).ev == BustBonus(peek=False).evaluate(8).ev


# -- the command line ------------------------------------------------------------------------------
def _run(argv, capsys):
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def test_cli_push22_text_and_json(capsys):
    rc, out, err = _run(["sidebet", "push-22", "--paytable", "11:1,50/20/8"], capsys)
    assert (rc, err) == (0, "") and "house edge 11.756526 %" in out and "house edge 5.853943 %" in out
    rc, out, err = _run(["sidebet", "push-22", "--decks", "1", "--s17", "--exact", "--json"], capsys)
    data = json.loads(out)
    assert (rc, data["key"], data["results"][0]["paytable"]) == (0, "push-22", "11:1")
    assert sum(Fraction(p["exact"]) for p in data["probabilities"].values()) == 1
    assert "stands on soft 17" in data["assumptions"]["rules"]
    rc, out, err = _run(["sidebet", "push-22", "--remove", "5,5", "--json"], capsys)
    assert rc == 0 and list(json.loads(out)["probabilities"]) == ["22", "no 22"]


def test_cli_bust_bonus_text_json_and_eor(capsys):
    rc, out, err = _run(["sidebet", "bust-bonus", "--decks", "8"], capsys)
    assert (rc, err) == (0, "") and "by up card" in out and "-0.09026572" in out and "house edge 7.987000 %" in out
    rc, out, err = _run(["sidebet", "bust-bonus", "--decks", "8", "--json", "--eor", "--no-peek"], capsys)
    data = json.loads(out)
    assert rc == 0 and data["key"] == "bust-bonus" and "effects_of_removal" in data
    ups = data["by_up_card"][0]["up_cards"]
    assert set(ups) == set("A23456789T") and ups["8"]["pays"]["suited 8-8-8"] == 75
    assert "no peek" in data["assumptions"]["rules"]


@pytest.mark.parametrize("argv, message", [
    (["sidebet", "push-22", "--remove", "5,5", "--paytable", "50/20/8"], "--remove cards with their suits"),
    (["sidebet", "push-22", "--paytable", "1,2"], "needs 3 pays"),
    (["sidebet", "push-22", "--paytable", "vegas"], "unknown Push 22 pay table 'vegas'"),
    (["sidebet", "bust-bonus", "--shoe", "A:4,T:16,6:4"], "pays suited hands apart"),
    (["sidebet", "bust-bonus", "--shoe", "2S:2,3S:1"], "the dealer can run out of cards"),
    (["sidebet", "push-22", "--burn20"], "unrecognized arguments: --burn20"),
])
def test_cli_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    rc, out, err = _run(argv, capsys)
    assert rc == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_cli_a_shoe_without_suits_takes_the_tables_that_pay_suits_alike(capsys):
    """On a shoe counted by rank, each pass (the result, the effects of removal, the table by up
    card) reads the pay table the command line gave, not the suit-free one a result holds."""
    rc, out, err = _run(["sidebet", "push-22", "--remove", "5,5", "--eor"], capsys)
    assert (rc, err) == (0, "") and "house edge" in out and "one count unit" in out
    alike = "3,3,1,1,1,1,1,1,1,1,1,1,2,2,25,25,2,2,2,2,2,2"      # (suited busts paid as the others)
    rc, out, err = _run(["sidebet", "bust-bonus", "--remove", "5,5", "--paytable", alike, "--eor"], capsys)
    assert (rc, err) == (0, "") and "Bust Bonus by up card, pay table custom" in out


def test_cli_the_dealer_bets_follow_the_variants_dealer_or_refuse_it(capsys):
    rc, out, err = _run(["sidebet", "bust-bonus", "--variant", "classic_single_deck"], capsys)
    assert rc == 0 and "no peek: the bet is made before any check for blackjack" in out     # (no hole card)
    rc, out, err = _run(["sidebet", "push-22", "--variant", "burn20"], capsys)
    assert rc == 2 and err.count("\n") == 1 and "burns cards" in err and "sidebet buster" in err
    h17 = _run(["sidebet", "push-22", "--variant", "no_bust_21st_century", "--json"], capsys)[1]
    s17 = _run(["sidebet", "push-22", "--variant", "standard", "--json"], capsys)[1]
    assert json.loads(h17)["results"][0]["house_edge"] == json.loads(
        _run(["sidebet", "push-22", "--h17", "--json"], capsys)[1])["results"][0]["house_edge"]
    assert json.loads(s17)["results"][0]["house_edge"] > json.loads(h17)["results"][0]["house_edge"]


def test_cli_an_up_card_the_shoe_never_deals_is_said_not_nan(capsys):
    rc, out, err = _run(["sidebet", "bust-bonus", "--shoe", "8S:3,TS:4"], capsys)
    assert rc == 0 and "nan" not in out and "A   0.000000  never offered on this shoe" in out
    rc, out, err = _run(["sidebet", "bust-bonus", "--shoe", "8S:3,TS:4", "--json"], capsys)
    assert json.loads(out)["by_up_card"][0]["up_cards"]["A"]["house_edge"] is None
