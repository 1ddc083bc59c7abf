"""Push 22 and Bust Bonus by an independent brute force, ``oracles.brute_dealer_bets``, written
from shared/reference/VARIANTS.md (section 5) and the rules without reading bjcalc.

* ``test_self_*``: the oracle itself.  Hand-counted tiny shoes (3-4 cards, worked out in the
  comments) through all four methods (every ordering of card positions; card by card over
  physical faces; card by card over (value, suit class); values then suits); the four methods
  agreeing exactly on seeded random shoes (positions: 5-8 cards; faces: 10-20 cards), the two
  fast ones on 1, 2 and 8 decks; chances summing to 1; H17 against S17 (equal exactly where no
  soft 17 can arise: Bust Bonus under a 7, 8, 9 or T); and every published figure of
  VARIANTS.md section 5 for these two bets, asserted to its printed digits (rounded half away
  from zero).  All are reproduced (6 and 8 decks included: the values method takes well under
  a second), so nothing is skipped or marked xfail.
  Readings: Push 22 is settled on every round, a dealer blackjack is "no 22"; Bust Bonus under
  an A or T is given no dealer blackjack (the peek), its events exclusive in the order suited
  8-8-8, 8-8-8 (8 up only), suited bust, bust (any other, a 22 included), no bust.

  ``python -m pytest tests/oracles/test_brute_dealer_bets.py -n 0 -k self`` needs no bjcalc
  side bets.
* ``test_engine_*``: bjcalc's exact results through its public API (``Push22(h17)
  .probabilities / .evaluate``, ``BustBonus(h17).by_up_card / .evaluate``) against the oracle,
  as rationals (sympy values read through ``str``), for H17 and S17, on one deck, on seeded
  random small shoes (10-20 cards, repeated faces, mixed suits) and on the published 6/8-deck
  shoes.
"""

from __future__ import annotations

import random
from fractions import Fraction as PyFraction

import pytest

from oracles import Fraction
from oracles import brute_dealer_bets as bdb

UP = bdb.UP_LABELS
RULES = [True, False]                 # h17


def F(*x) -> Fraction:
    return Fraction(*x)


# ------------------------------------------------------------------------------ random shoes
def random_shoe(seed: int, lo: int = 10, hi: int = 20) -> tuple:
    """``lo``-``hi`` physical cards drawn with replacement from a few faces (so faces repeat),
    two to four suits; always an ace, an eight and a ten-value among the ranks, so that
    blackjacks, 8-8-8 and suited hands can occur.  Redrawn until the cards' hard total is at
    least 18 (then the dealer cannot run out of cards)."""
    rng = random.Random(f"dealer-bets/{lo}-{hi}/{seed}")
    while True:
        ranks = ["A", "8", rng.choice("TJQK")] + rng.sample("234567", k=rng.randint(1, 4))
        suits = rng.sample(bdb.SUIT_CHARS, k=rng.randint(2, 4))
        faces = [r + s for r in ranks for s in suits]
        cards = [rng.choice(faces) for _ in range(rng.randint(lo, hi))]
        if sum(bdb.value(c) for c in cards) >= 18:
            return tuple(cards)


SEEDS = range(6)
TINY_SEEDS = range(6)


def test_self_random_shoes_are_as_described():
    for seed in SEEDS:
        shoe = random_shoe(seed)
        assert 10 <= len(shoe) <= 20 and len(set(shoe)) < len(shoe)
        assert len({c[1] for c in shoe}) >= 2
    for seed in TINY_SEEDS:
        assert 5 <= len(random_shoe(seed, 5, 8)) <= 8


# ------------------------------------------------------------------------------ basics
def test_self_cards():
    assert len(bdb.deck(1)) == 52 and len(set(bdb.deck(1))) == 52
    assert [bdb.value(c) for c in "AS 9H TD JC QS KH".split()] == [1, 9, 10, 10, 10, 10]
    assert bdb.suit_class("SSS") == "suited" and bdb.suit_class("SC") == "colour"
    assert bdb.suit_class("HD") == "colour" and bdb.suit_class("SH") == "mixed"
    # the dealer rule: (hard total, holds an ace, cards, h17)
    assert bdb.dealer_state(11, True, 2, True) == "blackjack"        # A + ten
    assert bdb.dealer_state(7, True, 2, True) is None                # soft 17, H17 hits
    assert bdb.dealer_state(7, True, 2, False) == 17                 # S17 stands
    assert bdb.dealer_state(17, True, 3, True) == 17                 # A 6 T: hard 17
    assert bdb.dealer_state(8, True, 3, True) == 18                  # soft 18
    assert bdb.dealer_state(16, False, 2, False) is None
    assert bdb.dealer_state(22, False, 3, False) == 22
    assert bdb.dealer_state(11, True, 1, True) is None               # one card: the hole card next
    with pytest.raises(bdb.EmptyShoe):
        bdb.push22_probabilities("2S 3S 4S".split(), True, "faces")  # 9: the dealer must draw


# ------------------------------------------------------------------------------ hand counts
@pytest.mark.parametrize("method", bdb.METHODS)
def test_self_push22_hand_counts(method):
    # TS TH 2S: 6 orders, equally likely.  T T (2 orders): 20, no 22.  T 2 or 2 T (4 orders):
    # 12, the dealer draws the last ten: T T 2 = 22 with spades and a heart: a mixed 22.
    p = bdb.push22_probabilities("TS TH 2S".split(), True, method)
    assert p == {"suited 22": 0, "same colour 22": 0, "22": F("2/3"), "no 22": F("1/3")}
    # the same with TS JS 2S: every 22 all spades; with TS JC 2S: all black, two suits.
    p = bdb.push22_probabilities("TS JS 2S".split(), True, method)
    assert (p["suited 22"], p["no 22"]) == (F("2/3"), F("1/3"))
    p = bdb.push22_probabilities("TS JC 2S".split(), False, method)
    assert (p["same colour 22"], p["no 22"]) == (F("2/3"), F("1/3"))
    # AS 6S 5H TD (A+6+5+T = 22: every 22 uses all four cards, mixed suits).  12 ordered
    # first two cards, 1/12 each:
    #   A6, 6A: soft 17.  S17 stands.  H17 hits: 5 (1/2) -> hard 12 -> T -> 22; T -> hard 17.
    #   A5, 5A: soft 16 -> 6 -> hard 12 -> T -> 22; or T -> hard 16 -> 6 -> 22: always 22.
    #   AT, TA: blackjack.
    #   65, 56: 11 -> A -> hard 12 -> T -> 22 (1/2); T -> 21.
    #   6T, T6: 16 -> A -> hard 17; 5 -> 21: no 22.
    #   5T, T5: 15 -> A -> 16 -> 6 -> 22 (1/2); 6 -> 21.
    # S17: (2 + 1 + 1) / 12 = 1/3;  H17: one more 1/12 from A6: 5/12.
    shoe = "AS 6S 5H TD".split()
    assert bdb.push22_probabilities(shoe, True, method)["22"] == F("5/12")
    assert bdb.push22_probabilities(shoe, False, method)["22"] == F("1/3")
    # 11:1: 12 * 5/12 - 1 = 4 (H17), 12/3 - 1 = 3 (S17).
    assert bdb.push22_house_edge(shoe, True, "11:1", method) == -4
    assert bdb.push22_house_edge(shoe, False, "11:1", method) == -3
    # all spades / all black: the same hands, suited / same colour.  50/20/8 at H17:
    # 50 * 5/12 - 7/12 = 243/12; 20 * 5/12 - 7/12 = 93/12.
    suited = "AS 6S 5S TS".split()
    assert bdb.push22_probabilities(suited, True, method)["suited 22"] == F("5/12")
    assert bdb.push22_house_edge(suited, True, "50/20/8", method) == F("-243/12")
    black = "AS 6C 5S TC".split()
    assert bdb.push22_probabilities(black, True, method)["same colour 22"] == F("5/12")
    assert bdb.push22_house_edge(black, True, "50/20/8", method) == F("-93/12")


@pytest.mark.parametrize("method", bdb.METHODS)
def test_self_bust_bonus_hand_counts(method):
    def table(shoe, h17=True, peek=True):
        got = bdb.bust_bonus_by_up_card(shoe.split(), h17, method, peek)
        return {u: {e: p for e, p in d.items() if p} for u, d in got.items() if d is not None}

    def edges(shoe, h17=True, peek=True):
        got = bdb.bust_bonus_house_edges(shoe.split(), h17, "silver_dollar", method, peek)
        return {u: e for u, e in got.items() if e is not None}

    # 8S 8H 8D 9C.  8 up: the hole card is an 8 (2/3) -> 16 -> 8 (1/2): 8-8-8 of three suits;
    # 9 (1/2): 25, a bust.  Hole 9 (1/3): 17.  So 8-8-8 1/3, bust 1/3, no bust 1/3:
    # EV 25/3 + 2/3 - 1/3 = 26/3.  9 up: 9 + 8 = 17, never a bust: EV -1.
    shoe = "8S 8H 8D 9C"
    assert table(shoe) == {"8": {"8-8-8": F("1/3"), "bust": F("1/3"), "no bust": F("1/3")},
                           "9": {"no bust": 1}}
    assert edges(shoe) == {"8": F("-26/3"), "9": 1}
    # 8S 8S 8S 8H: always 8-8-8; the card never dealt is the 8H with chance 1/4 (then three
    # spades: suited 8-8-8, 75), else 25: EV 75/4 + 75/4 = 75/2.
    assert table("8S 8S 8S 8H") == {"8": {"suited 8-8-8": F("1/4"), "8-8-8": F("3/4")}}
    assert edges("8S 8S 8S 8H") == {"8": F("-75/2")}
    # AS TS 5S 7H.  A up: hole T (1/3) blackjack; hole 5 -> soft 16 -> T -> 16 -> 7 -> 23, or
    # 7 -> hard 13 -> T -> 23: a bust (with the 7H: not suited); hole 7: soft 18.  Given no
    # blackjack: bust 1/2, EV 3/2 - 1/2 = 1.  5 up: every order busts (5 T 7 = 22; the others
    # 23): EV 1.  7 up: A (soft 18) or T (17) stand; 5 -> 12 -> A -> 13 -> T -> 23, or T ->
    # 22: bust 1/3, EV 2/3 - 2/3 = 0.  T up: hole A blackjack (1/3); 5 -> 15 -> A -> 16 -> 7,
    # or 7: bust; 7: 17.  Given no blackjack bust 1/2: EV 1 - 1/2 = 1/2.
    shoe = "AS TS 5S 7H"
    assert table(shoe) == {"A": {"bust": F("1/2"), "no bust": F("1/2")}, "5": {"bust": 1},
                           "7": {"bust": F("1/3"), "no bust": F("2/3")},
                           "T": {"bust": F("1/2"), "no bust": F("1/2")}}
    assert edges(shoe) == {"A": -1, "5": -1, "7": 0, "T": F("-1/2")}
    # without the conditioning (blackjack a loss): A and T bust 1/3.
    assert table(shoe, peek=False)["A"] == {"bust": F("1/3"), "no bust": F("2/3")}
    assert edges(shoe, peek=False)["T"] == 0                    # 2/3 - 2/3
    # TS 6S JS QH.  6 up: two tens follow (26); suited when they are TS and JS, i.e. the QH is
    # the card never dealt: 1/3.  EV 3/3 + 2/3 = 5/3.  T up (no ace: no blackjack): hole 6
    # (1/3) -> 16 -> a ten: 26; suited when {up, third} = {TS, JS}: P(up a spade) 2/3 * 1/2 =
    # 1/3, so suited bust 1/9, bust 2/9; hole ten (2/3): 20.  EV 20/9 + 4/9 - 6/9 = 2.
    assert table("TS 6S JS QH") == {"6": {"suited bust": F("1/3"), "bust": F("2/3")},
                                    "T": {"suited bust": F("1/9"), "bust": F("2/9"),
                                          "no bust": F("2/3")}}
    assert edges("TS 6S JS QH") == {"6": F("-5/3"), "T": -2}


def test_self_one_deck_hand_counts():
    d1 = bdb.deck(1)
    joint = bdb.outcomes(d1, True)
    # P(A up) = 1/13; P(blackjack | A up) = 16/51.
    assert bdb.up_card_chances(d1)["A"] == F("1/13")
    assert sum(p for k, p in joint["A"].items() if k[0] == "blackjack") == F("1/13") * F("16/51")
    bb = bdb.bust_bonus_by_up_card(d1, True)
    # 8 up: 8-8-8 = (3/51)(2/50) = 1/425; one deck has no suited 8-8-8.
    assert bb["8"]["8-8-8"] == F("1/425") and bb["8"]["suited 8-8-8"] == 0
    # under other up cards there is no 8-8-8 at all
    assert all(bb[u]["8-8-8"] == bb[u]["suited 8-8-8"] == 0 for u in UP if u != "8")
    # two decks: two cards of each face, so no three eights of one suit.
    bb2 = bdb.bust_bonus_by_up_card(bdb.deck(2), True)
    assert bb2["8"]["suited 8-8-8"] == 0                      # 2 of each face: only two of a suit
    bb3 = bdb.bust_bonus_by_up_card(bdb.deck(3), True, "values")
    # three decks: 12 eights, 3 per suit; hole 8 of the up card's suit 2/155, then the last
    # one 1/154; 8-8-8 of any suits: (11/155)(10/154).
    assert bb3["8"]["suited 8-8-8"] == F(2, 155) * F(1, 154)
    assert bb3["8"]["suited 8-8-8"] + bb3["8"]["8-8-8"] == F(11, 155) * F(10, 154)


# ------------------------------------------------------------------------------ sums, methods
def _check_sums(shoe, h17, method):
    p = bdb.push22_probabilities(shoe, h17, method)
    assert sum(p.values()) == 1 and all(x >= 0 for x in p.values())
    assert sum(bdb.up_card_chances(shoe, h17, method).values()) == 1
    for peek in (True, False):
        for d in bdb.bust_bonus_by_up_card(shoe, h17, method, peek).values():
            if d is not None:
                assert sum(d.values()) == 1 and all(x >= 0 for x in d.values())
    shares = bdb.bust_bonus_offered_shares(shoe, h17, method)
    assert sum(shares.values()) == 1


@pytest.mark.parametrize("h17", RULES)
def test_self_sums_to_one(h17):
    for shoe in [bdb.deck(1), bdb.deck(2)] + [random_shoe(s) for s in SEEDS]:
        _check_sums(list(shoe), h17, "values")


@pytest.mark.parametrize("h17", RULES)
def test_self_methods_agree_on_tiny_shoes(h17):
    """All four methods, on 5-8 card shoes: the joint (up card, outcome) distributions equal."""
    for seed in TINY_SEEDS:
        shoe = random_shoe(seed, 5, 8)
        ref = bdb.outcomes(shoe, h17, "positions")
        for method in ("faces", "suit-class", "values"):
            assert bdb.outcomes(shoe, h17, method) == ref, (seed, shoe, method)


@pytest.mark.parametrize("h17", RULES)
def test_self_methods_agree_on_small_shoes(h17):
    """faces, suit-class and values on the 10-20 card shoes the engine is compared on."""
    for seed in SEEDS:
        shoe = random_shoe(seed)
        ref = bdb.outcomes(shoe, h17, "faces")
        assert bdb.outcomes(shoe, h17, "suit-class") == ref, (seed, shoe)
        assert bdb.outcomes(shoe, h17, "values") == ref, (seed, shoe)
        _check_sums(list(shoe), h17, "faces")


@pytest.mark.parametrize("decks,h17", [(1, True), (1, False), (2, True), (2, False), (8, True)])
def test_self_card_by_card_equals_values_then_suits(decks, h17):
    """The card-by-card (value, suit class) recursion and the values-then-suits shortcut."""
    shoe = bdb.deck(decks)
    assert bdb.outcomes(shoe, h17, "suit-class") == bdb.outcomes(shoe, h17, "values")


def test_self_h17_against_s17():
    d1 = bdb.deck(1)
    h, s = bdb.bust_bonus_by_up_card(d1, True), bdb.bust_bonus_by_up_card(d1, False)
    # no soft 17 can follow a 7, 8, 9 or ten up (the hard part would be 6 or less with an ace):
    # identical chances.
    for u in "789T":
        assert h[u] == s[u]
    # under A-6 hitting soft 17 busts more often
    for u in "A23456":
        assert h[u]["bust"] + h[u]["suited bust"] > s[u]["bust"] + s[u]["suited bust"], u
    # Push 22: more 22s at H17 (1D: 0.073362 against 0.072401)
    p22 = {r: 1 - bdb.push22_probabilities(d1, r)["no 22"] for r in RULES}
    assert p22[True] > p22[False]
    assert bdb.round_half_away(p22[False], 6) == "0.072401"
    # a shoe without aces has no soft hands: H17 = S17 exactly
    no_aces = [c for c in bdb.deck(1) if c[0] != "A"]
    assert bdb.outcomes(no_aces, True) == bdb.outcomes(no_aces, False)


# ------------------------------------------------------------------------------ published figures
def test_self_published_push22():
    # P(22), H17, full shoe (WoO): 1D 0.073362, 6D 0.073536, 8D 0.073544.
    for decks, printed in ((1, "0.073362"), (6, "0.073536"), (8, "0.073544")):
        p = bdb.push22_probabilities(bdb.deck(decks), True)
        assert bdb.round_half_away(1 - p["no 22"], 6) == printed, decks
    # 6D: 11:1 11.76 %; 50/20/8 5.85 % (H17, the column the P(22) figures are printed for).
    six = bdb.deck(6)
    assert bdb.round_half_away(100 * bdb.push22_house_edge(six, True, "11:1"), 2) == "11.76"
    assert bdb.round_half_away(100 * bdb.push22_house_edge(six, True, "50/20/8"), 2) == "5.85"
    # S17 gives neither (12.89 %, 6.84 %): the figures are H17.
    assert bdb.round_half_away(100 * bdb.push22_house_edge(six, False, "11:1"), 2) == "12.89"
    assert bdb.round_half_away(100 * bdb.push22_house_edge(six, False, "50/20/8"), 2) == "6.84"


def test_self_published_bust_bonus():
    # 8D H17 (WoO), silver_dollar, by up card: A 9.03 %, 2 7.46 %, 3 8.37 %, 4 7.19 %
    # (A: given no dealer blackjack).
    edges = bdb.bust_bonus_house_edges(bdb.deck(8), True)
    got = {u: bdb.round_half_away(100 * edges[u], 2) for u in "A234"}
    assert got == {"A": "9.03", "2": "7.46", "3": "8.37", "4": "7.19"}
    # Without the conditioning under the A it would be far off: blackjack a loss.
    unpeeked = bdb.bust_bonus_house_edges(bdb.deck(8), True, peek=False)
    assert bdb.round_half_away(100 * unpeeked["A"], 2) != "9.03"


# ------------------------------------------------------------------------------ the engine
def _q(x):
    """A sympy (or any) exact value as a rational; None stays None."""
    if x is None:
        return None
    return PyFraction(str(x))


def _engine():
    try:
        from bjcalc import Shoe
        from bjcalc.sidebets import BustBonus, Push22
    except ImportError as missing:        # pragma: no cover
        pytest.skip(f"bjcalc has no Push22/BustBonus: {missing}")
    return Shoe, Push22, BustBonus


ENGINE_SHOES = [("1 deck", None)] + [(f"random {s}", s) for s in SEEDS]


def _shoes(key):
    Shoe, _, _ = _engine()
    if key is None:
        return bdb.deck(1), Shoe.decks(1)
    cards = list(random_shoe(key))
    return cards, Shoe.from_cards(cards)


@pytest.mark.parametrize("h17", RULES)
@pytest.mark.parametrize("name,seed", ENGINE_SHOES)
def test_engine_push22(name, seed, h17):
    _, Push22, _ = _engine()
    cards, shoe = _shoes(seed)
    got = Push22(h17).probabilities(shoe, exact=True)
    assert list(got.index) == bdb.PUSH22_EVENTS
    want = bdb.push22_probabilities(cards, h17)
    assert {e: _q(got[e]) for e in got.index} == want, (name, cards)
    for table in bdb.PUSH22_TABLES:
        he = Push22(h17).evaluate(shoe, table, exact=True).house_edge
        assert _q(he) == bdb.push22_house_edge(cards, h17, table), (name, table)


BB_COLUMNS = ["suited 8-8-8", "8-8-8", "suited bust", "bust", "no bust"]


@pytest.mark.parametrize("h17", RULES)
@pytest.mark.parametrize("name,seed", ENGINE_SHOES)
def test_engine_bust_bonus_by_up_card(name, seed, h17):
    _, _, BustBonus = _engine()
    cards, shoe = _shoes(seed)
    got = BustBonus(h17).by_up_card(shoe, "silver_dollar", exact=True)
    assert list(got.index) == UP
    want = bdb.bust_bonus_by_up_card(cards, h17)
    edges = bdb.bust_bonus_house_edges(cards, h17)
    shares = bdb.bust_bonus_offered_shares(cards, h17)
    for u in UP:
        row = got.loc[u]
        assert _q(row["house edge"]) == edges[u], (name, u)
        if want[u] is None:
            assert all(row[c] is None for c in BB_COLUMNS), (name, u)
        else:
            assert {c: _q(row[c]) for c in BB_COLUMNS} == want[u], (name, u)
        assert _q(row["share"]) == shares[u], (name, u)
    # the bet over every round it is offered on: the up cards weighted by their shares
    he = BustBonus(h17).evaluate(shoe, "silver_dollar", exact=True).house_edge
    assert _q(he) == bdb.bust_bonus_house_edge(cards, h17), name


@pytest.mark.parametrize("h17", RULES)
def test_engine_bust_bonus_without_peek(h17):
    """BustBonus(peek=False): a blackjack under an A or T is an ordinary loss."""
    _, _, BustBonus = _engine()
    for seed in (None, 0, 1):
        cards, shoe = _shoes(seed)
        got = BustBonus(h17, peek=False).by_up_card(shoe, "silver_dollar", exact=True)
        edges = bdb.bust_bonus_house_edges(cards, h17, peek=False)
        assert {u: _q(got.loc[u, "house edge"]) for u in UP} == edges, seed


def test_engine_published_shoes():
    """6 and 8 decks, where the published figures are: Push 22 (1, 6, 8 decks) and Bust Bonus
    (8 decks), H17, exactly."""
    Shoe, Push22, BustBonus = _engine()
    for decks in (6, 8):
        got = Push22(True).probabilities(Shoe.decks(decks), exact=True)
        assert {e: _q(got[e]) for e in got.index} == bdb.push22_probabilities(bdb.deck(decks), True)
        for table in bdb.PUSH22_TABLES:
            he = Push22(True).evaluate(Shoe.decks(decks), table, exact=True).house_edge
            assert _q(he) == bdb.push22_house_edge(bdb.deck(decks), True, table), (decks, table)
    got = BustBonus(True).by_up_card(Shoe.decks(8), "silver_dollar", exact=True)
    edges = bdb.bust_bonus_house_edges(bdb.deck(8), True)
    assert {u: _q(got.loc[u, "house edge"]) for u in UP} == edges


def test_engine_refuses_a_shoe_the_dealer_can_run_out_of():
    Shoe, Push22, BustBonus = _engine()
    cards = "2S 3S 4S".split()
    with pytest.raises(bdb.EmptyShoe):
        bdb.push22_probabilities(cards, True)
    with pytest.raises(Exception, match="run out"):
        Push22(True).probabilities(Shoe.from_cards(cards), exact=True)
    with pytest.raises(Exception, match="run out"):
        BustBonus(True).by_up_card(Shoe.from_cards(cards), exact=True)
