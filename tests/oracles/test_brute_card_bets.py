"""Six card side bets (21+3, Perfect Pairs, Lucky Ladies, Royal Match, Over/Under 13, Match the
Dealer) by an independent brute force, ``oracles.brute_card_bets``, written from
shared/reference/VARIANTS.md (section 5) without reading bjcalc.

* ``test_self_*``: the oracle itself.  Hand-counted tiny shoes (the counts worked out in the
  comments), the categories summing to exactly 1, the two routes of the oracle (every selection
  of card positions against faces with multiplicities) agreeing exactly, the three-card poker
  counts of one deck, and every published figure of VARIANTS.md section 5 for these bets,
  asserted to its printed digits (rounded half away from zero).  All of them are reproduced,
  so no case is marked xfail.  Two readings are settled by the figures:

  - 21+3 v1 pays suited trips as three of a kind (9): with suited trips losing, 4D/6D/8D give
    4.3846 / 3.4460 / 2.9805 %, not the printed 4.24 / 3.24 / 2.74 % (1D and 2D cannot make
    suited trips).  ``test_self_21_plus_3_v1_suited_trips_reading`` keeps that evidence.
  - Lucky Ladies table B's "return" is 1 - house edge (the stake plus the mean net win, per
    unit): 75.0611 / 80.5440 / 82.3609 % at 2D / 4D / 6D (house edges 24.94 / 19.46 / 17.64 %).

  These tests do not need the side bets in bjcalc:
  ``python -m pytest tests/oracles/test_brute_card_bets.py -n 0 -k self``.
* ``test_engine_*``: bjcalc's exact house edge
  (``SIDE_BETS[name]().evaluate(Shoe.from_cards(cards), table, exact=True).house_edge``)
  against the oracle, as rationals, on seeded small shoes (8-20 cards, repeated faces, mixed
  suits; the Lucky Ladies shoes hold two or three queens of hearts) and on one deck, for every
  named pay table.  They SKIP, with the reason, while bjcalc's catalog lacks the bet.  Match the
  Dealer: a refused table name "U/S" is retried as the explicit pays "U,S", with a warning.
"""

from __future__ import annotations

import functools
import random
import warnings
from collections import Counter
from fractions import Fraction as PyFraction

import pytest

from oracles import Fraction
from oracles import brute_card_bets as bcb

BETS = list(bcb.PROBABILITIES)
ENGINE_TABLES = {
    "21+3": ["v1", "v2", "v3", "modern"],
    "perfect-pairs": ["A", "B", "C", "D"],
    "lucky-ladies": ["A", "B"],
    "royal-match": ["v1", "v2"],
    "over-under-13": ["under", "over"],
    "match-the-dealer": ["4/19", "4/11", "4/9"],
}


@functools.lru_cache(maxsize=None)
def _probabilities(bet: str, shoe: tuple, method: str = "faces") -> dict:
    return bcb.PROBABILITIES[bet](list(shoe), method)


def _house_edge(bet: str, shoe: tuple, table: str) -> Fraction:
    return -bcb.ev(_probabilities(bet, shoe), bcb.TABLES[bet][table])


def _deck(n: int, spanish: bool = False) -> tuple:
    return tuple(bcb.deck(n, spanish))


# ------------------------------------------------------------------------------ random shoes
# Ranks each bet cares about, so that its events occur on a small shoe.
_RANKS = {
    "21+3": "A23JQK",
    "perfect-pairs": "78K",
    "lucky-ladies": "A9TJQK5",
    "royal-match": "KQ27",
    "over-under-13": "A23TK6",
    "match-the-dealer": "7JK",
}


def random_shoe(bet: str, seed: int) -> tuple:
    """8-20 physical cards drawn with replacement from a few faces (so faces repeat), suits
    mixed; for Lucky Ladies two or three queens of hearts and at least one ace and one ten."""
    rng = random.Random(f"{bet}/{seed}")
    ranks = rng.sample(_RANKS[bet], k=min(len(_RANKS[bet]), rng.randint(3, 5)))
    suits = rng.sample(bcb.SUIT_CHARS, k=rng.randint(2, 4))
    faces = [r + s for r in ranks for s in suits]
    n = rng.randint(8, 20)
    cards = [rng.choice(faces) for _ in range(n)]
    if bet == "lucky-ladies":
        queens = rng.randint(2, 3)
        cards = ["QH"] * queens + ["AS", "KD"] + cards[queens + 2:]
    if len(set(cards)) == len(cards):          # make sure a face repeats
        cards[-1] = cards[0]
    rng.shuffle(cards)
    return tuple(cards)


SEEDS = range(5)
SMALL_SHOES = [(bet, seed) for bet in BETS for seed in SEEDS]


def test_self_random_shoes_are_as_described():
    for bet, seed in SMALL_SHOES:
        shoe = random_shoe(bet, seed)
        assert 8 <= len(shoe) <= 20
        assert len(set(shoe)) < len(shoe)
        assert len({c[1] for c in shoe}) >= 2
        if bet == "lucky-ladies":
            assert Counter(shoe)["QH"] >= 2
            assert any(c[0] == "A" for c in shoe) and any(c[0] in "TJQK" and c != "QH" for c in shoe)


# ------------------------------------------------------------------------------ hand counts
def test_self_deck():
    assert len(bcb.deck(1)) == 52 and len(set(bcb.deck(1))) == 52
    assert len(bcb.deck(6)) == 312 and Counter(bcb.deck(6))["7H"] == 6
    spanish = bcb.deck(2, spanish=True)
    assert len(spanish) == 96 and not any(c[0] == "T" for c in spanish)
    assert Counter(spanish)["JH"] == Counter(spanish)["KS"] == 2


def test_self_21_plus_3_hand_counts():
    # AS 2S 3S 3H QS: the 10 three-card subsets:
    #   AS2S3S straight flush; AS2S3H straight; AS2SQS, AS3SQS, 2S3SQS flush;
    #   AS3S3H, 2S3S3H, 3S3HQS pair; AS3HQS, 2S3HQS nothing.
    p = bcb.twenty_one_plus_three_probabilities("AS 2S 3S 3H QS".split())
    assert p == {"suited trips": 0, "straight flush": Fraction(1, 10), "three of a kind": 0,
                 "straight": Fraction(1, 10), "flush": Fraction(3, 10), "pair": Fraction(3, 10),
                 "nothing": Fraction(2, 10)}
    # v1: 5 wins at 9, 5 losses: (45 - 5) / 10 = 4.
    assert bcb.twenty_one_plus_three_ev("AS 2S 3S 3H QS".split(), "v1") == 4
    # AH KH QH 2H: AKQ straight flush (Q-K-A: ace high); AK2, AQ2, KQ2 flush only (K-A-2 is not
    # a straight).
    p = bcb.twenty_one_plus_three_probabilities("AH KH QH 2H".split())
    assert (p["straight flush"], p["flush"], p["straight"]) == (Fraction(1, 4), Fraction(3, 4), 0)
    # TD JC QS KH: TJQ and JQK straights (T, J, Q, K four ranks), TJK and TQK nothing.
    p = bcb.twenty_one_plus_three_probabilities("TD JC QS KH".split())
    assert (p["straight"], p["nothing"]) == (Fraction(1, 2), Fraction(1, 2))
    # TS KH JD / TS TH KD: ten-values of different ranks are no pair; two tens are.
    assert bcb.classify_21_plus_3(("TS", "KH", "JD")) == "nothing"
    assert bcb.classify_21_plus_3(("TS", "TH", "KD")) == "pair"
    assert bcb.classify_21_plus_3(("KS", "AS", "2S")) == "flush"
    assert bcb.classify_21_plus_3(("KS", "AH", "2S")) == "nothing"
    # 3S 3S 3S 3H: one suited trips (the three 3S), three three of a kind (two 3S of three,
    # with the 3H).  Modern: (100 + 3 * 30) / 4 = 95 / 2; v1: all four pay 9.
    shoe = "3S 3S 3S 3H".split()
    p = bcb.twenty_one_plus_three_probabilities(shoe)
    assert (p["suited trips"], p["three of a kind"]) == (Fraction(1, 4), Fraction(3, 4))
    assert bcb.twenty_one_plus_three_ev(shoe, "modern") == Fraction(95, 2)
    assert bcb.twenty_one_plus_three_ev(shoe, "v1") == 9
    assert bcb.twenty_one_plus_three_ev(shoe, "v2") == Fraction(5, 2)


def test_self_21_plus_3_one_deck_is_three_card_poker():
    # The classic three-card poker counts of C(52, 3) = 22100 hands.
    p = bcb.twenty_one_plus_three_probabilities(bcb.deck(1))
    counts = {e: p[e] * 22100 for e in p}
    assert counts == {"suited trips": 0, "straight flush": 48, "three of a kind": 52, "straight": 720,
                      "flush": 1096, "pair": 3744, "nothing": 16440}


def test_self_21_plus_3_v1_suited_trips_reading():
    """v1 pays suited trips as three of a kind: with suited trips losing the printed 4D, 6D and
    8D figures are not reproduced."""
    table = dict(bcb.TABLES["21+3"]["v1"])
    del table["suited trips"]
    got = {n: bcb.round_half_away(-100 * bcb.ev(_probabilities("21+3", _deck(n)), table), 2)
           for n in (4, 6, 8)}
    assert got == {4: "4.38", 6: "3.45", 8: "2.98"}     # printed: 4.24, 3.24, 2.74


def test_self_perfect_pairs_hand_counts():
    # 7S 7S 7C 7H 8D, the 10 pairs: 7S7S perfect; 7S7C (x2) coloured; 7S7H (x2), 7C7H mixed;
    # 8D with each 7: nothing (4).  Table A: (25 + 2*12 + 3*6 - 4) / 10 = 63/10.
    shoe = "7S 7S 7C 7H 8D".split()
    assert bcb.perfect_pairs_probabilities(shoe) == {
        "perfect pair": Fraction(1, 10), "coloured pair": Fraction(2, 10), "mixed pair": Fraction(3, 10),
        "nothing": Fraction(4, 10)}
    assert bcb.perfect_pairs_ev(shoe, "A") == Fraction(63, 10)
    # KH KD KS: KH KD coloured (both red), KH KS and KD KS mixed.
    p = bcb.perfect_pairs_probabilities("KH KD KS".split())
    assert (p["coloured pair"], p["mixed pair"]) == (Fraction(1, 3), Fraction(2, 3))
    assert bcb.classify_perfect_pairs(("TS", "KS")) == "nothing"
    # One deck: per rank 6 pairs, 2 coloured (SC, HD) and 4 mixed; no perfect pair.
    p = bcb.perfect_pairs_probabilities(bcb.deck(1))
    assert (p["perfect pair"], p["coloured pair"], p["mixed pair"]) == (0, Fraction(26, 1326),
                                                                        Fraction(52, 1326))


def test_self_lucky_ladies_hand_counts():
    # QH QH AS KS 9S TD (values 10 10 11 10 9 10), the 15 player pairs:
    #   QH QH: queen of hearts pair (1);  AS 9S: suited 20 (1);
    #   QH-KS (2), QH-TD (2), KS-TD (1): any other 20 (5);
    #   QH-AS (2), QH-9S (2), AS-KS, AS-TD, KS-9S, 9S-TD: not 20 (8).
    # After QH QH the dealer draws (up, hole) from AS KS 9S TD: 12 ordered draws, 4 blackjacks
    # (AS KS, KS AS, AS TD, TD AS): 1/3.  Top award 1/15 * 1/3 = 1/45, QH pair 2/45.
    shoe = "QH QH AS KS 9S TD".split()
    expected = {"queen of hearts pair and dealer blackjack": Fraction(1, 45),
                "queen of hearts pair": Fraction(2, 45), "matched 20": 0, "suited 20": Fraction(1, 15),
                "any 20": Fraction(5, 15), "nothing": Fraction(8, 15)}
    assert bcb.lucky_ladies_probabilities(shoe) == expected
    assert bcb.lucky_ladies_probabilities(shoe, method="positions") == expected
    # Table A: 1000/45 + 125*2/45 + 9/15 + 4*5/15 - 8/15 = 1250/45 + 63/45 = 1313/45.
    assert bcb.lucky_ladies_ev(shoe, "A") == Fraction(1313, 45)
    # KS KS KH 5C, 6 pairs: KS KS matched 20; KS KH (x2) any 20 (other suits); with 5C nothing (3).
    p = bcb.lucky_ladies_probabilities("KS KS KH 5C".split())
    assert (p["matched 20"], p["any 20"], p["nothing"]) == (Fraction(1, 6), Fraction(2, 6), Fraction(3, 6))
    # The ace counts 11: A+9 is a 20, A+A never is.
    assert bcb.classify_lucky_ladies_player(("AD", "9C")) == "any 20"
    assert bcb.classify_lucky_ladies_player(("AD", "AD")) == "nothing"
    assert bcb.classify_lucky_ladies_player(("JC", "QC")) == "suited 20"
    assert bcb.classify_lucky_ladies(("QH", "QH", "KC", "AC")) == "queen of hearts pair and dealer blackjack"
    assert bcb.classify_lucky_ladies(("QH", "QH", "AC", "AC")) == "queen of hearts pair"


def test_self_royal_match_hand_counts():
    # KS QS KH 2H 5D, the 10 pairs: KS QS royal; KH 2H suited; the other 8 nothing.
    # v1: (25 + 5/2 - 8) / 10 = 39/20.
    shoe = "KS QS KH 2H 5D".split()
    assert bcb.royal_match_probabilities(shoe) == {"royal match": Fraction(1, 10), "suited": Fraction(1, 10),
                                                   "nothing": Fraction(8, 10)}
    assert bcb.royal_match_ev(shoe, "v1") == Fraction(39, 20)
    assert bcb.classify_royal_match(("KS", "KS")) == "suited"
    # One deck: 4 royals, 4 * C(13, 2) - 4 = 308 other suited pairs, of 1326.
    p = bcb.royal_match_probabilities(bcb.deck(1))
    assert (p["royal match"], p["suited"]) == (Fraction(4, 1326), Fraction(308, 1326))


def test_self_over_under_hand_counts():
    # AS 2S TH 3D KC (values 1 2 10 3 10), the 10 totals: A2 3, AT 11, A3 4, AK 11, 2T 12, 23 5,
    # 2K 12 (under: 7); T3 13, 3K 13 (thirteen: 2); TK 20 (over: 1).
    shoe = "AS 2S TH 3D KC".split()
    assert bcb.over_under_probabilities(shoe) == {"under": Fraction(7, 10), "thirteen": Fraction(2, 10),
                                                  "over": Fraction(1, 10)}
    assert bcb.over_under_ev(shoe, "under") == Fraction(7 - 3, 10)
    assert bcb.over_under_ev(shoe, "over") == Fraction(1 - 9, 10)


def test_self_match_the_dealer_hand_counts():
    # 7S 7S 7H 2C, the 24 ordered deals (player, player, up):
    #   up a 7S (2 ways), left 7S 7H 2C: {7S 7H} suited + unsuited, {7S 2C} one suited,
    #     {7H 2C} one unsuited, each pair in 2 orders: 4, 4, 4;
    #   up 7H, left 7S 7S 2C: {7S 7S} two unsuited (2), {7S 2C} x2 one unsuited (4);
    #   up 2C, left the three 7s: nothing (6).
    shoe = "7S 7S 7H 2C".split()
    expected = {"two suited": 0, "suited and unsuited": Fraction(4, 24), "two unsuited": Fraction(2, 24),
                "one suited": Fraction(4, 24), "one unsuited": Fraction(8, 24), "nothing": Fraction(6, 24)}
    assert bcb.match_the_dealer_probabilities(shoe) == expected
    assert bcb.match_the_dealer_probabilities(shoe, method="positions") == expected
    # 4/19: (4*23 + 4*19 + 8*4 + 2*8 - 6) / 24 = 210/24 = 35/4.
    assert bcb.match_the_dealer_ev(shoe, "4/19") == Fraction(35, 4)
    # 7S 7S 7S 2C: up a 7S (3 ways), left 7S 7S 2C: two suited (2 orders), one suited (4);
    # up 2C: nothing (6).  So 6, 12, 6 of 24.
    p = bcb.match_the_dealer_probabilities("7S 7S 7S 2C".split())
    assert (p["two suited"], p["one suited"], p["nothing"]) == (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
    # Ranks, not values: a jack does not match a king.
    assert bcb.classify_match_the_dealer(("JS", "QS", "KS")) == "nothing"


def test_self_round_half_away():
    assert bcb.round_half_away(Fraction(6555, 1000), 2) == "6.56"
    assert bcb.round_half_away(Fraction(-6555, 1000), 2) == "-6.56"
    assert bcb.round_half_away(Fraction(-1, 1000), 2) == "0.00"
    assert bcb.round_half_away(Fraction(2, 3), 0) == "1"
    assert bcb.round_half_away(Fraction(1, 30), 3) == "0.033"


# ------------------------------------------------------------------------------ sums, two routes
SUM_SHOES = {"1D": _deck(1), "2D": _deck(2), "6D-spanish": _deck(6, True),
             "small": random_shoe("lucky-ladies", 0)}


@pytest.mark.parametrize("shoe_id", list(SUM_SHOES))
@pytest.mark.parametrize("bet", BETS)
def test_self_categories_sum_to_one(bet, shoe_id):
    p = _probabilities(bet, SUM_SHOES[shoe_id])
    assert list(p) == {"21+3": bcb.TWENTY_ONE_PLUS_THREE_EVENTS, "perfect-pairs": bcb.PERFECT_PAIRS_EVENTS,
                       "lucky-ladies": bcb.LUCKY_LADIES_EVENTS, "royal-match": bcb.ROYAL_MATCH_EVENTS,
                       "over-under-13": bcb.OVER_UNDER_EVENTS,
                       "match-the-dealer": bcb.MATCH_THE_DEALER_EVENTS}[bet]
    assert sum(p.values()) == 1
    assert all(v >= 0 for v in p.values())


@pytest.mark.parametrize("bet,seed", SMALL_SHOES)
def test_self_positions_equal_faces_small_shoes(bet, seed):
    shoe = random_shoe(bet, seed)
    assert _probabilities(bet, shoe, "positions") == _probabilities(bet, shoe, "faces")


@pytest.mark.parametrize("bet", [b for b in BETS if b != "lucky-ladies"])
def test_self_positions_equal_faces_one_deck(bet):
    # (Lucky Ladies by positions on 52 cards is 52*51*50*49 deals: too slow; one deck has no
    # queen-of-hearts pair anyway, and the small shoes above cover the dealer's cards.)
    assert _probabilities(bet, _deck(1), "positions") == _probabilities(bet, _deck(1), "faces")


def test_self_lucky_ladies_top_award_occurs():
    hits = [seed for seed in SEEDS
            if _probabilities("lucky-ladies", random_shoe("lucky-ladies", seed))[bcb.LUCKY_LADIES_EVENTS[0]] > 0]
    assert hits == list(SEEDS)
    assert _probabilities("lucky-ladies", _deck(2))[bcb.LUCKY_LADIES_EVENTS[0]] > 0


# ------------------------------------------------------------------------------ published figures
# (bet, decks, spanish, table, printed figure in %, "edge" or "return"), VARIANTS.md section 5.
PUBLISHED = [
    ("21+3", 1, False, "v1", "13.30", "edge"),
    ("21+3", 2, False, "v1", "7.26", "edge"),
    ("21+3", 4, False, "v1", "4.24", "edge"),
    ("21+3", 6, False, "v1", "3.24", "edge"),
    ("21+3", 8, False, "v1", "2.74", "edge"),
    ("21+3", 2, False, "v2", "2.78", "edge"),
    ("perfect-pairs", 8, False, "A", "4.10", "edge"),
    ("perfect-pairs", 8, False, "B", "3.37", "edge"),
    ("perfect-pairs", 8, False, "C", "7.95", "edge"),
    ("perfect-pairs", 8, False, "D", "2.17", "edge"),
    ("lucky-ladies", 1, False, "A", "38.16", "edge"),
    ("lucky-ladies", 6, False, "A", "24.71", "edge"),
    ("lucky-ladies", 8, False, "A", "24.05", "edge"),
    ("lucky-ladies", 2, False, "B", "75.06", "return"),
    ("lucky-ladies", 4, False, "B", "80.54", "return"),
    ("lucky-ladies", 6, False, "B", "82.36", "return"),
    ("royal-match", 1, False, "v1", "10.86", "edge"),
    ("royal-match", 1, False, "v2", "3.77", "edge"),
    ("royal-match", 2, False, "v1", "8.33", "edge"),
    ("royal-match", 2, False, "v2", "0.82", "edge"),
    ("royal-match", 6, False, "v1", "6.67", "edge"),
    ("royal-match", 6, False, "v2", "-1.11", "edge"),
    ("royal-match", 8, False, "v1", "6.46", "edge"),
    ("royal-match", 8, False, "v2", "-1.35", "edge"),
    ("over-under-13", 6, False, "under", "10.067", "edge"),
    ("over-under-13", 6, False, "over", "6.555", "edge"),
    ("match-the-dealer", 2, False, "4/19", "3.31", "edge"),
    ("match-the-dealer", 6, True, "4/9", "3.055", "edge"),
]


@pytest.mark.parametrize("bet,decks,spanish,table,printed,kind", PUBLISHED,
                         ids=[f"{b}-{n}D{'-spanish' if s else ''}-{t}" for b, n, s, t, _, _ in PUBLISHED])
def test_self_published(bet, decks, spanish, table, printed, kind):
    edge = _house_edge(bet, _deck(decks, spanish), table)
    value = 100 * (1 - edge if kind == "return" else edge)      # "return": 1 - house edge
    digits = len(printed.split(".")[1])
    assert bcb.round_half_away(value, digits) == printed, (bet, decks, table, bcb.round_half_away(value, 6))


# ------------------------------------------------------------------------------ bjcalc
def _engine_house_edge(bet: str, cards: tuple, table: str) -> PyFraction:
    try:
        from bjcalc.sidebets.catalog import SIDE_BETS
    except ImportError as exc:
        pytest.skip(f"bjcalc.sidebets.catalog.SIDE_BETS cannot be imported ({exc})")
    if bet not in SIDE_BETS:
        pytest.skip(f"bjcalc has no side bet {bet!r} yet (SIDE_BETS holds {sorted(SIDE_BETS)})")
    from bjcalc import Shoe

    side_bet = SIDE_BETS[bet]()
    shoe = Shoe.from_cards(list(cards))
    try:
        result = side_bet.evaluate(shoe, table, exact=True)
    except (ValueError, KeyError, LookupError) as exc:
        if bet != "match-the-dealer":
            raise
        explicit = table.replace("/", ",")
        warnings.warn(f"match-the-dealer refused the table name {table!r} ({exc}); "
                      f"compared with the explicit pays {explicit!r} instead", stacklevel=2)
        result = side_bet.evaluate(shoe, explicit, exact=True)
    return PyFraction(str(result.house_edge))


ENGINE_CASES = [(bet, f"random-{seed}") for bet in BETS for seed in SEEDS] + [(bet, "1D") for bet in BETS]


def _case_shoe(bet: str, shoe_id: str) -> tuple:
    if shoe_id == "1D":
        return _deck(1)
    return random_shoe(bet, int(shoe_id.split("-")[1]))


@pytest.mark.parametrize("bet,shoe_id", ENGINE_CASES)
def test_engine_house_edge_equals_oracle(bet, shoe_id):
    cards = _case_shoe(bet, shoe_id)
    for table in ENGINE_TABLES[bet]:
        expected = _house_edge(bet, cards, table)
        got = _engine_house_edge(bet, cards, table)
        assert got == expected, (bet, table, cards, got, expected)


@pytest.mark.parametrize("bet", BETS)
def test_engine_two_decks(bet):
    """Two decks: the first standard shoe with two cards of a face (perfect pairs, matched 20,
    Lucky Ladies' queen-of-hearts pair and top award, two suited matches); the first pay table
    of each bet keeps it short."""
    table = ENGINE_TABLES[bet][0]
    assert _engine_house_edge(bet, _deck(2), table) == _house_edge(bet, _deck(2), table)
