"""Independent brute-force enumerators for six card side bets (exact rationals).

Written from shared/reference/VARIANTS.md (section 5) and the brief of the task only; it
imports nothing from bjcalc, so it shares no code with ``bjcalc.sidebets``.

Bets: 21+3, Perfect Pairs, Lucky Ladies, Royal Match, Over/Under 13, Match the Dealer.

* Cards are physical: strings like ``"7H"`` (rank A 2-9 T J Q K, suit S H D C); a shoe is a
  list of them, duplicates allowed (a six-deck shoe holds six 7H).  ``deck(n)`` is n standard
  52-card decks, ``deck(n, spanish=True)`` n Spanish decks (48 cards: the four pip tens
  removed, J Q K kept).
* Deal order: the player's first card, the player's second card, the dealer's up card, the
  dealer's hole card (only the cards a bet looks at are dealt).  Every card is equally likely
  to be at every position, so the order among the cards a bet treats alike does not matter.
* Two independent routes, which the tests compare on small shoes:

  - ``method="positions"``: every selection of card positions of the shoe, each equally
    likely.  Unordered selections (``itertools.combinations``) for the bets on a set of cards
    (21+3, Perfect Pairs, Royal Match, Over/Under 13); ordered selections
    (``itertools.permutations``) where the role of each card matters (Lucky Ladies: two player
    cards then up and hole card; Match the Dealer: two player cards then the up card).  Slow:
    small shoes only.
  - ``method="faces"`` (the default): distinct faces with multiplicities.  A multiset of faces
    {f: m} taken from counts {f: c} is drawn in prod C(c_f, m_f) ways out of C(N, k); an
    ordered draw of faces f1, f2, ... has falling-product weight c_f1 * (c_f2 - [f2 == f1]) ...
    over N (N - 1) ...  Lucky Ladies draws the player's pair as a multiset and, only after a
    pair of queens of hearts, the dealer's up and hole card as an ordered draw from what is
    left; Match the Dealer draws the up card, then the player's pair as a multiset from the
    rest.

* Pay tables are dicts {event: net pay per unit}; an event missing from the table (always the
  last, "nothing") loses 1.  ``TABLES[bet][name]`` holds the named tables of VARIANTS.md.
  ``ev(probabilities, table)`` is the expected net result per unit; house edge = -EV.

Readings chosen where the wording leaves a choice (the common casino reading):

* 21+3: ranks are ranks (T J Q K are four different ranks: T-J-Q and J-Q-K are straights,
  J-J-Q is a pair, T-K-x is no pair).  Ace high or low: A-2-3 and Q-K-A are straights, K-A-2
  is not.  Each hand is in one category only, the first of: suited trips (three cards of one
  rank and one suit: three or more decks), straight flush, three of a kind, straight, flush,
  pair, nothing.  Where a table has no suited-trips pay (v1, v2), suited trips is paid as
  three of a kind (the published v1 figures at 4, 6 and 8 decks need this reading).  v2: every
  category down to a pair pays 5/2.  v3 and modern: a pair loses.
* Perfect Pairs: same rank (T and K are not a pair).  Colour: hearts and diamonds red, spades
  and clubs black.  Perfect = same rank and suit (several decks only), coloured = same rank,
  other suit of the same colour, mixed = same rank, other colour.
* Lucky Ladies: the two player cards total 20 counting an ace 11 and T J Q K 10 (so A+9 is a
  20, A+A is 12 or 22, never 20).  First of: a pair of queens of hearts and a dealer blackjack
  (the up and the hole card, dealt from what is left after the player's pair, are an ace and
  a ten-value card, either order); a pair of queens of hearts; matched 20 (two cards of the
  same rank and suit, e.g. KS KS); suited 20 (same suit otherwise, e.g. KS QS, AS 9S); any
  other 20.  The dealer's cards matter only to the top award.
* Royal Match: royal = a king and a queen of one suit; suited = any other two cards of one
  suit (KS KS from two decks is suited, not royal).
* Over/Under 13: aces 1, T J Q K 10; a total of 13 loses both bets.  Two bets: table "under"
  pays 1 on a total of 12 or less, table "over" pays 1 on 14 or more.
* Match the Dealer: each player card is compared with the up card by rank (J and K do not
  match); same rank and suit: a suited match (pays S); same rank, other suit: an unsuited
  match (pays U); the pays of the two cards add (two suited matches pay 2S, one of each S+U,
  ...); no match loses 1.  Tables are named "U/S".
"""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb, prod
from typing import Callable, Iterator

from oracles import Fraction

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
RED = frozenset("HD")
TEN_RANKS = frozenset("TJQK")

# ------------------------------------------------------------------------------ events
TWENTY_ONE_PLUS_THREE_EVENTS = ["suited trips", "straight flush", "three of a kind", "straight",
                                "flush", "pair", "nothing"]
PERFECT_PAIRS_EVENTS = ["perfect pair", "coloured pair", "mixed pair", "nothing"]
LUCKY_LADIES_EVENTS = ["queen of hearts pair and dealer blackjack", "queen of hearts pair",
                       "matched 20", "suited 20", "any 20", "nothing"]
ROYAL_MATCH_EVENTS = ["royal match", "suited", "nothing"]
OVER_UNDER_EVENTS = ["under", "thirteen", "over"]
MATCH_THE_DEALER_EVENTS = ["two suited", "suited and unsuited", "two unsuited", "one suited",
                           "one unsuited", "nothing"]


def deck(n: int = 1, spanish: bool = False) -> list[str]:
    """``n`` standard decks (52 cards each), or ``n`` Spanish decks (48: no pip tens)."""
    ranks = RANK_CHARS.replace("T", "") if spanish else RANK_CHARS
    return [r + s for r in ranks for s in SUIT_CHARS] * n


def rank_index(card: str) -> int:
    """A=1, 2..9, T=10, J=11, Q=12, K=13."""
    return RANK_CHARS.index(card[0]) + 1


# ------------------------------------------------------------------------------ classifiers
def classify_21_plus_3(cards) -> str:
    """Three cards (the player's two and the up card) as a three-card poker hand."""
    ranks = sorted(rank_index(c) for c in cards)
    flush = len({c[1] for c in cards}) == 1
    distinct = len(set(ranks))
    if distinct == 1:
        return "suited trips" if flush else "three of a kind"
    straight = distinct == 3 and (ranks[2] - ranks[0] == 2 or ranks == [1, 12, 13])
    if straight and flush:
        return "straight flush"
    if straight:
        return "straight"
    if flush:
        return "flush"
    if distinct == 2:
        return "pair"
    return "nothing"


def classify_perfect_pairs(cards) -> str:
    a, b = cards
    if a[0] != b[0]:
        return "nothing"
    if a[1] == b[1]:
        return "perfect pair"
    if (a[1] in RED) == (b[1] in RED):
        return "coloured pair"
    return "mixed pair"


def _ll_value(card: str) -> int:
    r = card[0]
    if r == "A":
        return 11
    if r in TEN_RANKS:
        return 10
    return int(r)


def classify_lucky_ladies_player(cards) -> str:
    """The player's two cards; "queen of hearts pair" before the dealer's cards are known."""
    a, b = cards
    if _ll_value(a) + _ll_value(b) != 20:
        return "nothing"
    if a == b == "QH":
        return "queen of hearts pair"
    if a == b:
        return "matched 20"
    if a[1] == b[1]:
        return "suited 20"
    return "any 20"


def _is_blackjack(up: str, hole: str) -> bool:
    return (up[0] == "A" and hole[0] in TEN_RANKS) or (hole[0] == "A" and up[0] in TEN_RANKS)


def classify_lucky_ladies(cards) -> str:
    """Four cards in deal order: player, player, dealer up, dealer hole."""
    p1, p2, up, hole = cards
    event = classify_lucky_ladies_player((p1, p2))
    if event == "queen of hearts pair" and _is_blackjack(up, hole):
        return "queen of hearts pair and dealer blackjack"
    return event


def classify_royal_match(cards) -> str:
    a, b = cards
    if a[1] != b[1]:
        return "nothing"
    if {a[0], b[0]} == {"K", "Q"}:
        return "royal match"
    return "suited"


def _ou_value(card: str) -> int:
    r = card[0]
    if r == "A":
        return 1
    if r in TEN_RANKS:
        return 10
    return int(r)


def classify_over_under(cards) -> str:
    total = sum(_ou_value(c) for c in cards)
    return "under" if total < 13 else "over" if total > 13 else "thirteen"


def classify_match_the_dealer(cards) -> str:
    """Three cards in deal order: player, player, dealer up."""
    p1, p2, up = cards
    suited = unsuited = 0
    for c in (p1, p2):
        if c[0] == up[0]:
            if c[1] == up[1]:
                suited += 1
            else:
                unsuited += 1
    return {(2, 0): "two suited", (1, 1): "suited and unsuited", (0, 2): "two unsuited",
            (1, 0): "one suited", (0, 1): "one unsuited", (0, 0): "nothing"}[(suited, unsuited)]


# ------------------------------------------------------------------------------ pay tables
def match_the_dealer_table(unsuited, suited) -> dict:
    """The per-card pays U (unsuited match) and S (suited match) added over the two cards."""
    u, s = Fraction(unsuited), Fraction(suited)
    return {"two suited": 2 * s, "suited and unsuited": s + u, "two unsuited": 2 * u,
            "one suited": s, "one unsuited": u}


def _all(pay, events) -> dict:
    return {e: Fraction(pay) for e in events}


TABLES: dict[str, dict[str, dict]] = {
    "21+3": {
        "v1": _all(9, ["suited trips", "straight flush", "three of a kind", "straight", "flush"]),
        "v2": _all(Fraction(5, 2), ["suited trips", "straight flush", "three of a kind", "straight",
                                    "flush", "pair"]),
        "v3": {"suited trips": Fraction(100), "straight flush": Fraction(35),
               "three of a kind": Fraction(33), "straight": Fraction(10), "flush": Fraction(5)},
        "modern": {"suited trips": Fraction(100), "straight flush": Fraction(40),
                   "three of a kind": Fraction(30), "straight": Fraction(10), "flush": Fraction(5)},
    },
    "perfect-pairs": {
        name: {"perfect pair": Fraction(p), "coloured pair": Fraction(c), "mixed pair": Fraction(m)}
        for name, (p, c, m) in {"A": (25, 12, 6), "B": (30, 10, 5), "C": (25, 12, 5),
                                "D": (25, 15, 5)}.items()
    },
    "lucky-ladies": {
        name: dict(zip(LUCKY_LADIES_EVENTS[:-1], map(Fraction, pays)))
        for name, pays in {"A": (1000, 125, 19, 9, 4), "B": (1000, 200, 25, 10, 4)}.items()
    },
    "royal-match": {
        "v1": {"royal match": Fraction(25), "suited": Fraction(5, 2)},
        "v2": {"royal match": Fraction(10), "suited": Fraction(3)},
    },
    "over-under-13": {
        "under": {"under": Fraction(1)},
        "over": {"over": Fraction(1)},
    },
    "match-the-dealer": {
        "4/19": match_the_dealer_table(4, 19),
        "4/11": match_the_dealer_table(4, 11),
        "4/9": match_the_dealer_table(4, 9),
    },
}


def ev(probabilities: dict, table: dict) -> Fraction:
    """Expected net result per unit: each event pays ``table[event]``, any other loses 1."""
    unknown = set(table) - set(probabilities)
    if unknown:
        raise KeyError(f"pay table events {sorted(unknown)} are not events of this bet")
    return sum((p * Fraction(table.get(e, -1)) for e, p in probabilities.items()), Fraction(0))


# ------------------------------------------------------------------------------ enumeration
def _faces(shoe: list[str]) -> list[tuple[str, int]]:
    return sorted(Counter(shoe).items())


def _multisets(counts: list[tuple[str, int]], k: int) -> Iterator[tuple[tuple[str, ...], int]]:
    """Every multiset of k faces with the number of k-card subsets of positions showing it."""
    for idx in itertools.combinations_with_replacement(range(len(counts)), k):
        ways = prod(comb(counts[i][1], m) for i, m in Counter(idx).items())
        if ways:
            yield tuple(counts[i][0] for i in idx), ways


def _by_positions(shoe: list[str], k: int, ordered: bool, classify: Callable, events) -> dict:
    n = len(shoe)
    if n < k:
        raise ValueError(f"the bet needs {k} cards, the shoe has {n}")
    counts: Counter = Counter()
    select = itertools.permutations if ordered else itertools.combinations
    for positions in select(range(n), k):
        counts[classify(tuple(shoe[i] for i in positions))] += 1
    total = sum(counts.values())
    assert total == (prod(range(n - k + 1, n + 1)) if ordered else comb(n, k))
    return {e: Fraction(counts.get(e, 0), total) for e in events}


def _unordered_by_faces(shoe: list[str], k: int, classify: Callable, events) -> dict:
    n = len(shoe)
    if n < k:
        raise ValueError(f"the bet needs {k} cards, the shoe has {n}")
    counts: Counter = Counter()
    for faces, ways in _multisets(_faces(shoe), k):
        counts[classify(faces)] += ways
    assert sum(counts.values()) == comb(n, k)
    return {e: Fraction(counts.get(e, 0), comb(n, k)) for e in events}


def _check_method(method: str) -> None:
    if method not in ("faces", "positions"):
        raise ValueError(f"method is 'faces' or 'positions', not {method!r}")


def _set_bet(k: int, classify: Callable, events: list[str]):
    def probabilities(shoe: list[str], method: str = "faces") -> dict:
        _check_method(method)
        if method == "positions":
            return _by_positions(shoe, k, False, classify, events)
        return _unordered_by_faces(shoe, k, classify, events)
    return probabilities


twenty_one_plus_three_probabilities = _set_bet(3, classify_21_plus_3, TWENTY_ONE_PLUS_THREE_EVENTS)
perfect_pairs_probabilities = _set_bet(2, classify_perfect_pairs, PERFECT_PAIRS_EVENTS)
royal_match_probabilities = _set_bet(2, classify_royal_match, ROYAL_MATCH_EVENTS)
over_under_probabilities = _set_bet(2, classify_over_under, OVER_UNDER_EVENTS)


def lucky_ladies_probabilities(shoe: list[str], method: str = "faces") -> dict:
    """Player's pair, then (for the top award) the dealer's up and hole card from the rest."""
    _check_method(method)
    if method == "positions":
        return _by_positions(shoe, 4, True, classify_lucky_ladies, LUCKY_LADIES_EVENTS)
    n = len(shoe)
    if n < 4:
        raise ValueError(f"the bet needs 4 cards, the shoe has {n}")
    faces = _faces(shoe)
    out = {e: Fraction(0) for e in LUCKY_LADIES_EVENTS}
    pairs = comb(n, 2)
    for player, ways in _multisets(faces, 2):
        event = classify_lucky_ladies_player(player)
        w = Fraction(ways, pairs)
        if event != "queen of hearts pair":
            out[event] += w
            continue
        left = Counter(dict(faces))
        left.subtract(player)
        bj = 0                                  # ordered (up, hole) draws making a blackjack
        for up, hole in itertools.product(list(left), repeat=2):
            ways_dealer = left[up] * (left[hole] - (up == hole))
            if ways_dealer > 0 and _is_blackjack(up, hole):
                bj += ways_dealer
        p_bj = Fraction(bj, (n - 2) * (n - 3))
        out["queen of hearts pair and dealer blackjack"] += w * p_bj
        out["queen of hearts pair"] += w * (1 - p_bj)
    assert sum(out.values()) == 1
    return out


def match_the_dealer_probabilities(shoe: list[str], method: str = "faces") -> dict:
    """The up card, then the player's pair (as a multiset) from the rest."""
    _check_method(method)
    if method == "positions":
        return _by_positions(shoe, 3, True, classify_match_the_dealer, MATCH_THE_DEALER_EVENTS)
    n = len(shoe)
    if n < 3:
        raise ValueError(f"the bet needs 3 cards, the shoe has {n}")
    faces = _faces(shoe)
    counts: Counter = Counter()
    for up, c_up in faces:
        left = [(f, c - (f == up)) for f, c in faces]
        for player, ways in _multisets(left, 2):
            counts[classify_match_the_dealer(player + (up,))] += c_up * ways
    total = n * comb(n - 1, 2)
    assert sum(counts.values()) == total
    return {e: Fraction(counts.get(e, 0), total) for e in MATCH_THE_DEALER_EVENTS}


PROBABILITIES: dict[str, Callable] = {
    "21+3": twenty_one_plus_three_probabilities,
    "perfect-pairs": perfect_pairs_probabilities,
    "lucky-ladies": lucky_ladies_probabilities,
    "royal-match": royal_match_probabilities,
    "over-under-13": over_under_probabilities,
    "match-the-dealer": match_the_dealer_probabilities,
}


def _ev_function(bet: str):
    def bet_ev(shoe: list[str], table, method: str = "faces") -> Fraction:
        """Exact EV per unit; ``table`` a dict {event: net pay} or a name of TABLES[bet]."""
        if isinstance(table, str):
            table = TABLES[bet][table]
        return ev(PROBABILITIES[bet](shoe, method), table)
    bet_ev.__name__ = bet.replace("-", "_").replace("+", "_plus_") + "_ev"
    return bet_ev


twenty_one_plus_three_ev = _ev_function("21+3")
perfect_pairs_ev = _ev_function("perfect-pairs")
lucky_ladies_ev = _ev_function("lucky-ladies")
royal_match_ev = _ev_function("royal-match")
over_under_ev = _ev_function("over-under-13")
match_the_dealer_ev = _ev_function("match-the-dealer")


def house_edge(bet: str, shoe: list[str], table, method: str = "faces") -> Fraction:
    """-EV per unit staked."""
    return -_ev_function(bet)(shoe, table, method)


def round_half_away(x, digits: int) -> str:
    """``x`` (exact) rounded to ``digits`` decimals, half away from zero, as printed."""
    x = Fraction(x)
    scaled = abs(x) * 10 ** digits
    q = int(scaled + Fraction(1, 2))            # floor(|x| 10^d + 1/2)
    sign = "-" if x < 0 and q else ""
    s = str(q).rjust(digits + 1, "0")
    return sign + (s[:-digits] + "." + s[-digits:] if digits else s)

