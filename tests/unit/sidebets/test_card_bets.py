"""The card side bets (21+3, Perfect Pairs, Lucky Ladies, Royal Match, Over/Under 13, Match the Dealer):
combination counts by hand on tiny shoes, counts that cover every deal, exact and float alike, the
infinite deck's limits, effects of removal, pay tables that do not pay an event, the command line.

Their published figures are checked in tests/published/test_published_sidebets.py."""

import argparse
import json
import math
import re
from fractions import Fraction

import pytest
import sympy

from bjcalc.cli import main
from bjcalc.cli.sidebets import add_sidebet_parser, list_sidebets, run_sidebet
from bjcalc.core.cards import Shoe
from bjcalc.core.errors import BjcalcError, RulesError, ShoeError
from bjcalc.sidebets import (SIDE_BETS, LuckyLadies, MatchTheDealer, OverUnder13, PerfectPairs, RoyalMatch,
                             TwentyOnePlusThree, match_the_dealer, over_under_13, twenty_one_plus_three)
from bjcalc.sidebets.subsets import classes, tally, weights

BETS = [TwentyOnePlusThree(), PerfectPairs(), LuckyLadies(), RoyalMatch(), OverUnder13(), MatchTheDealer()]
IDS = [bet.key for bet in BETS]


def _fraction(x) -> Fraction:
    assert isinstance(x, sympy.Rational), type(x)
    return Fraction(int(x.p), int(x.q))


def _deals(bet, n: int) -> int:
    """Every deal a bet's combinations count, for a shoe of n cards (written out, not the bet's own)."""
    return {"lucky-ladies": math.comb(n, 2) * math.comb(n - 2, 2), "match-the-dealer": n * math.comb(n - 1, 2),
            "21+3": math.comb(n, 3)}.get(bet.key, math.comb(n, 2))


# ------------------------------------------------------------------------------------------
# by hand, on tiny shoes
# ------------------------------------------------------------------------------------------
HAND_COUNTED = [
    # 21+3, AS 2S 3S QH KH KD, C(6, 3) = 20: A-2-3 of spades is the straight flush; Q-K-A with either king
    # the two straights (K-A-2 is none); KH KD with any of the other four the four pairs; 13 others.
    (TwentyOnePlusThree(), "AS 2S 3S QH KH KD",
     {"suited trips": 0, "straight flush": 1, "three of a kind": 0, "straight": 2, "flush": 0, "pair": 4,
      "other": 13}),
    # Perfect Pairs, AS AS AC AH KD KD, C(6, 2) = 15: perfect AS-AS and KD-KD; coloured AS-AC twice; mixed
    # AS-AH twice and AC-AH; 8 others.
    (PerfectPairs(), "AS AS AC AH KD KD",
     {"perfect pair": 2, "coloured pair": 2, "mixed pair": 3, "no pair": 8}),
    # Lucky Ladies, QH QH AS 9S KC TD: the player's 15 pairs: QH-QH; AS-9S suited; QH-KC twice, QH-TD twice and
    # KC-TD any 20; 8 others.  After QH-QH the dealer's pairs of AS 9S KC TD number 6, two a blackjack (AS-KC,
    # AS-TD); every other player's pair is counted with all 6: 15 * 6 = 90 deals.
    (LuckyLadies(), "QH QH AS 9S KC TD",
     {"QH pair + dealer BJ": 2, "QH pair": 4, "matched 20": 0, "suited 20": 6, "any 20": 30, "no 20": 48}),
    # Royal Match, KS QS QH 2H, C(4, 2) = 6: KS-QS royal, QH-2H suited, 4 others.
    (RoyalMatch(), "KS QS QH 2H", {"royal match": 1, "suited": 1, "unsuited": 4}),
    # Over/Under 13, A A 2 T T 3 (ranks only), C(6, 2) = 15: 13 is T-3 twice; over, T-T; under the other 12.
    (OverUnder13(), "A A 2 T T 3", {"under 13": 12, "over 13": 1, "13": 2}),
    # Match the Dealer, 7S 7S 7H 8C: 4 up cards * C(3, 2) = 12 deals.  Up 7S (twice): 7S-7H suited + unsuited,
    # 7S-8C suited, 7H-8C unsuited.  Up 7H: 7S-7S two unsuited, 7S-8C unsuited twice.  Up 8C: 3 without a match.
    (MatchTheDealer(), "7S 7S 7H 8C",
     {"two suited matches": 0, "suited + unsuited match": 2, "two unsuited matches": 1, "suited match": 2,
      "unsuited match": 4, "no match": 3}),
]


@pytest.mark.parametrize("bet, cards, counted", HAND_COUNTED, ids=[c[0].key for c in HAND_COUNTED])
def test_counts_on_a_tiny_shoe_are_the_ones_counted_by_hand(bet, cards, counted):
    shoe = Shoe.from_cards(cards)
    assert bet.combinations(shoe) == counted
    result = bet.evaluate(shoe, exact=True)
    assert result.total_combinations == sum(counted.values()) == _deals(bet, shoe.total)
    assert [_fraction(p) for p in result.table["probability"]] == [Fraction(c, result.total_combinations)
                                                                   for c in counted.values()]


@pytest.mark.parametrize("bet", BETS, ids=IDS)
@pytest.mark.parametrize("shoe", [Shoe.decks(1), Shoe.decks(2), Shoe.decks(6), Shoe.decks(6, "spanish"),
                                  Shoe.decks(2).without("AS,KH,KH,7D,QH")], ids=["1d", "2d", "6d", "6sp", "2d-less"])
def test_counts_cover_every_deal_and_exact_equals_float(bet, shoe):
    counts = bet.combinations(shoe)
    assert all(type(c) is int and c >= 0 for c in counts.values())
    assert sum(counts.values()) == _deals(bet, shoe.total)
    exact, floats = bet.probabilities(shoe, exact=True), bet.probabilities(shoe)
    assert sum(exact) == 1
    assert list(floats) == [float(p) for p in exact]        # (both the correctly rounded count / total)
    f, e = bet.evaluate(shoe), bet.evaluate(shoe, exact=True)
    assert f.ev == pytest.approx(float(e.ev), abs=1e-14)
    assert f.variance == pytest.approx(float(e.variance), abs=1e-12)


def test_the_classic_counts_of_six_decks():
    """The 6-deck counts of the Wizard of Odds' tables: 21+3, and Royal Match (4n^2 royals, 4(C(13n, 2) - n^2)
    other suited pairs)."""
    counts = TwentyOnePlusThree().combinations(6)
    assert (counts["straight flush"], counts["straight"], counts["pair"]) == (10368, 155520, 977184)
    assert counts["suited trips"] + counts["three of a kind"] == 13 * math.comb(24, 3)
    n = 6
    assert RoyalMatch().combinations(n) == {"royal match": 4 * n * n, "suited": 4 * (math.comb(13 * n, 2) - n * n),
                                            "unsuited": math.comb(52 * n, 2) - 4 * math.comb(13 * n, 2)}


# ------------------------------------------------------------------------------------------
# the infinite deck
# ------------------------------------------------------------------------------------------
def test_infinite_deck_limits_by_hand():
    inf = math.inf
    card, rank, ten = Fraction(1, 52), Fraction(1, 13), Fraction(4, 13)
    assert list(RoyalMatch().probabilities(inf, exact=True)) == [8 * card ** 2, Fraction(1, 4) - 8 * card ** 2,
                                                                 Fraction(3, 4)]
    # a pair of a rank: the second card the same card 1/52, of the other suit of its colour 1/52, red/black 2/52
    assert [_fraction(p) for p in PerfectPairs().probabilities(inf, exact=True)][:3] == [card, card, 2 * card]
    ladies = [_fraction(p) for p in LuckyLadies().probabilities(inf, exact=True)]
    assert ladies[0] == card ** 2 * 2 * rank * ten and ladies[1] == card ** 2 * (1 - 2 * rank * ten)
    # each player's card matches the up card by rank 1/13, of it 1/52 in suit too
    match = [_fraction(p) for p in MatchTheDealer().probabilities(inf, exact=True)]
    assert match[0] == card ** 2 and match[-1] == (1 - rank) ** 2
    assert [_fraction(p) for p in TwentyOnePlusThree().probabilities(inf, exact=True)][0] == 13 * 4 * card ** 3
    assert sum(OverUnder13().probabilities(Shoe.infinite("spanish"), exact=True)) == 1


@pytest.mark.parametrize("bet", BETS, ids=IDS)
def test_many_decks_approach_the_infinite_deck(bet):
    limit = bet.probabilities(math.inf)
    for deck in ("standard", "spanish"):
        big, inf = bet.probabilities(Shoe.decks(1000, deck)), bet.probabilities(Shoe.infinite(deck))
        assert list(big) == pytest.approx(list(inf), abs=2e-4)
    assert list(bet.probabilities(1000)) == pytest.approx(list(limit), abs=2e-4)
    assert sum(limit) == pytest.approx(1, abs=1e-15)


# ------------------------------------------------------------------------------------------
# effects of removal
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bet", BETS, ids=IDS)
@pytest.mark.parametrize("shoe", [Shoe.decks(1), Shoe.decks(6, "spanish")], ids=["1d", "6sp"])
def test_effects_of_removal_weighted_by_share_sum_to_zero_exactly(bet, shoe):
    for paytable in list(bet.paytables)[:2]:
        effects = bet.effects_of_removal(shoe, paytable, exact=True)
        present = [(s, e) for s, e in zip(effects.table["share"], effects.table["eor"]) if e is not None]
        assert sum(_fraction(s) * _fraction(e) for s, e in present) == 0
        assert sum(_fraction(s) for s in effects.table["share"]) == 1


def test_effects_of_removal_are_the_ev_of_the_shoe_less_one_card():
    shoe = Shoe.decks(1)
    bet = RoyalMatch()
    effects = bet.effects_of_removal(shoe, "v1", exact=True)
    base = _fraction(bet.evaluate(shoe, "v1", exact=True).ev)
    # a king: its removal is the same for every suit
    king = _fraction(bet.evaluate(shoe.without("KS"), "v1", exact=True).ev)
    tens = [_fraction(bet.evaluate(shoe.without(f"{r}S"), "v1", exact=True).ev) for r in "TJQK"]
    assert _fraction(effects.table.loc["T", "eor"]) == sum(tens) / 4 - base and king in tens
    # Over/Under sees values alone: one card of the rank out, suits dropped
    ou = OverUnder13().effects_of_removal(shoe, "over", exact=True)
    five = _fraction(OverUnder13().evaluate(Shoe.from_counts([4] * 4 + [3] + [4] * 4 + [16]), "over", exact=True).ev)
    assert _fraction(ou.table.loc["5", "eor"]) == five - _fraction(OverUnder13().evaluate(1, "over", exact=True).ev)


@pytest.mark.parametrize("bet", [PerfectPairs(), MatchTheDealer()], ids=["perfect-pairs", "match-the-dealer"])
def test_a_bet_blind_to_which_rank_has_no_linear_count(bet):
    """Every rank plays the same part, so every rank's EoR is one number, and they sum to zero."""
    effects = bet.effects_of_removal(2, exact=True)
    assert all(_fraction(e) == 0 for e in effects.table["eor"]) and set(effects.tags.values()) == {0}
    assert math.isnan(effects.correlation)


def test_effects_of_removal_need_a_card_to_spare():
    with pytest.raises(ShoeError, match="need at least 5 cards"):
        LuckyLadies().effects_of_removal(Shoe.from_cards("QH QH AS KD"))
    with pytest.raises(ShoeError, match="Lucky Ladies deals four cards: the shoe has only 3"):
        LuckyLadies().evaluate(Shoe.from_cards("QH QH AS"))


# ------------------------------------------------------------------------------------------
# pay tables
# ------------------------------------------------------------------------------------------
def test_a_table_that_does_not_pay_an_event_loses_on_it():
    bet = TwentyOnePlusThree()
    v1, v2 = bet.paytable("v1"), bet.paytable("v2")
    assert v1.as_dict()["pair"] == -1 and v2.as_dict()["pair"] == Fraction(5, 2)
    assert bet.paytable("9,9,9,9,9,lose") == v1 and bet.paytable([9, 9, 9, 9, 9, "loses"]).name == "v1"
    with pytest.raises(RulesError, match="must not be negative"):     # (a pay is a win or "lose")
        bet.paytable("9,9,9,9,9,-1")
    r = bet.evaluate(2, "v1", exact=True)
    p = {e: _fraction(x) for e, x in r.probabilities.items()}
    assert _fraction(r.ev) == 9 * (1 - p["pair"] - p["other"]) - p["pair"] - p["other"]
    assert _fraction(r.hit_frequency) == 1 - p["pair"] - p["other"]
    # Over/Under: two bets, each table paying one event
    under, over = over_under_13(decks=6, paytable="under", exact=True), over_under_13(decks=6, paytable="over",
                                                                                     exact=True)
    q = {e: _fraction(x) for e, x in under.probabilities.items()}
    assert _fraction(under.ev) == q["under 13"] - q["over 13"] - q["13"]
    assert _fraction(over.ev) == q["over 13"] - q["under 13"] - q["13"]
    assert _fraction(over.hit_frequency) == q["over 13"]


def test_match_the_dealer_pays_add_per_card_and_take_unsuited_over_suited():
    bet = MatchTheDealer()
    table = bet.paytable("4/19")
    assert table.name == "two_deck" and table.pays == tuple(map(Fraction, (38, 23, 8, 19, 4)))
    assert bet.paytable("3/12.5").pays[:2] == (Fraction(25), Fraction(31, 2))
    assert bet.paytable(" 3 / 12.5 ").name == "3/12.5"
    assert bet.paytable("4/9") == bet.paytable("spanish_21") == bet.paytable([18, 13, 8, 9, 4])
    spanish = match_the_dealer(Shoe.decks(6, "spanish"), "4/9", exact=True)
    assert spanish.shoe == "6 Spanish decks" and spanish.total_combinations == 288 * math.comb(287, 2)
    with pytest.raises(RulesError, match="U/S is two pays"):
        bet.paytable("4/9/2")
    with pytest.raises(RulesError, match="needs 5 pays"):
        bet.paytable("4,9")


def test_suit_bets_refuse_a_shoe_counted_by_rank_and_over_under_takes_it():
    rank_only = Shoe.from_counts([4] * 9 + [16])
    for bet in BETS:
        if bet.needs_suits:
            with pytest.raises(ShoeError, match=re.escape(bet.name) + " .*, so it needs a shoe with suit counts"):
                bet.evaluate(rank_only)
    assert over_under_13(rank_only).to_dict()["total_combinations"] == math.comb(52, 2)
    assert twenty_one_plus_three(math.inf).total_combinations is None


def test_subsets_count_the_subsets_of_kinds():
    table = [[2, 1], [0, 3]]                     # kind 0: 2 + 1 cards (columns 0, 1), kind 1: 0 + 3
    assert weights(table, [(0, 1), (1, 1)], False) == (3 * 3, 1 * 3)
    assert weights(table, [(1, 2)], False) == (3, 3)
    every = classes(2, 2, lambda kinds: (0, 1), lose=1)
    # sharing a column: 0-0 C(2, 2) + C(1, 2), 0-1 1 * 3, 1-1 C(3, 2); the other 8 of C(6, 2) = 15
    assert tally(table, 2, every, 2, False) == [1 + 3 + 3, 8]
    assert sum(tally(table, 2, every, 2, True)) == 1


# ------------------------------------------------------------------------------------------
# command line
# ------------------------------------------------------------------------------------------
def _cli(argv):
    parser = argparse.ArgumentParser(prog="bjcalc")
    add_sidebet_parser(parser.add_subparsers(dest="command"))
    return run_sidebet(parser.parse_args(argv))


@pytest.mark.parametrize("key", [bet.key for bet in BETS])
def test_cli_json_of_every_card_bet(key):
    out = json.loads(_cli(["sidebet", key, "--decks", "2", "--json", "--eor", "--exact"]))
    bet = SIDE_BETS[key]
    assert out["command"] == "sidebet" and out["key"] == key and out["bet"] == bet.name
    assert list(out["combinations"]) == list(out["probabilities"]) == list(bet.events) + [bet.losing_event]
    assert sum(out["combinations"].values()) == out["total_combinations"] == _deals(bet, 104)
    (result,) = out["results"]
    assert result["paytable"] == bet.default_paytable and list(result["pays"]) == list(bet.events)
    assert Fraction(result["house_edge"]["exact"]) == -Fraction(result["ev"]["exact"])
    assert set(out["effects_of_removal"][0]["tags"]) == set("A23456789T")
    assert "per unit staked on the side bet" in out["assumptions"]["conditioning"]


def test_cli_text_several_tables_and_the_infinite_deck():
    text = _cli(["sidebet", "perfect-pairs", "--decks", "8", "--paytable", "a,b,c,d"])
    assert [line.split()[2] for line in text.splitlines() if line.startswith("house edge")] == [
        "4.096386", "3.373494", "7.951807", "2.168675"]
    assert "coloured pair           1,664" in text and all(len(line) <= 80 for line in text.splitlines())
    text = _cli(["sidebet", "royal-match", "--decks", "inf", "--paytable", "v2"])
    assert "combinations" not in text and "infinite deck" in text
    text = _cli(["sidebet", "over-under-13", "--shoe", "A:2,2:1,T:2,3:1", "--paytable", "under,over"])
    assert "under 13                   12" in text and "house edge -" in text


def test_cli_variant_supplies_the_shoe_and_the_dealer_and_flags_override_it():
    one_deck = json.loads(_cli(["sidebet", "21+3", "--variant", "classic_single_deck", "--json"]))
    assert one_deck["total_combinations"] == math.comb(52, 3) and one_deck["assumptions"]["shoe"].startswith("1 deck")
    two = json.loads(_cli(["sidebet", "21+3", "--variant", "classic_single_deck", "--decks", "2", "--json"]))
    assert two["total_combinations"] == math.comb(104, 3)
    shoe = json.loads(_cli(["sidebet", "royal-match", "--variant", "burn20", "--shoe", "KS:1,QS:1,QH:1,2H:1",
                            "--json"]))
    assert shoe["combinations"] == {"royal match": 1, "suited": 1, "unsuited": 4}
    h17 = json.loads(_cli(["sidebet", "buster", "--variant", "no_bust_21st_century", "--json"]))
    assert "hits soft 17" in h17["assumptions"]["rules"]
    s17 = json.loads(_cli(["sidebet", "buster", "--variant", "no_bust_21st_century", "--s17", "--json"]))
    assert "stands on soft 17" in s17["assumptions"]["rules"]
    burn = json.loads(_cli(["sidebet", "buster", "--variant", "burn20", "--decks", "1", "--json"]))
    assert "Burn 20" in burn["assumptions"]["rules"] and burn["assumptions"]["shoe"] == "1 deck"
    with pytest.raises(BjcalcError, match="Pot of Gold pays by the free chips of Free Bet Blackjack"):
        _cli(["sidebet", "pot-of-gold", "--variant", "standard"])


def test_cli_list_every_bet_with_events_and_tables():
    text = _cli(["sidebet", "--list"])
    for key, bet in SIDE_BETS.items():
        assert f"({key})" in text or text.count(f"{key}: ") >= 1
        for table in bet.paytables:
            assert f"pay table {table}" in text
    assert "pay table v1 (default): suited trips 9" in text and "pair loses" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    out = json.loads(_cli(["sidebet", "--list", "--json"]))
    assert [b["key"] for b in out["bets"]] == list(SIDE_BETS)
    ladies = next(b for b in out["bets"] if b["key"] == "lucky-ladies")
    assert ladies["events"][0] == "QH pair + dealer BJ" and ladies["paytables"]["b"]["QH pair"] == 200
    assert ladies["default_paytable"] == "a" and ladies["needs_suits"] is True
    assert list_sidebets("royal-match").startswith("Royal Match (royal-match)")
    with pytest.raises(BjcalcError, match=r"name a side bet: .*--list"):
        _cli(["sidebet"])


def test_list_refuses_the_flags_of_a_computation(capsys):
    assert main(["sidebet", "--list", "21+3", "--decks", "2", "--eor"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "drop --decks, --eor" in err
    assert main(["sidebet", "--list", "21+3"]) == 0 and "21+3" in capsys.readouterr().out
    assert main(["sidebet", "--list", "pot-of-gold", "--split", "CDP"]) == 2      # (a flag read off the parser)
    assert "drop --split" in capsys.readouterr().err


def test_a_bet_every_rank_plays_alike_has_no_count_in_floats(capsys):
    """Perfect Pairs' effects of removal are all exactly zero; in floats they come out at rounding
    level, which must not make a count (tags of +-3 on noise)."""
    effects = SIDE_BETS["perfect-pairs"]().effects_of_removal(2)
    assert set(effects.tags.values()) == {0} and math.isnan(effects.correlation)
    assert main(["sidebet", "perfect-pairs", "--decks", "2", "--eor"]) == 0
    assert "betting correlation n/a" in " ".join(capsys.readouterr().out.split())


def test_pot_of_gold_names_the_preset_it_refuses(capsys):
    assert main(["sidebet", "pot-of-gold", "--variant", "burn20"]) == 2
    err = capsys.readouterr().err
    assert "--variant burn20 (Blackjack Burn 20) has none; use --variant free_bet" in err
