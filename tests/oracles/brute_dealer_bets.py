"""Independent brute force for two side bets on the dealer's final hand: Push 22 and Bust Bonus.

Written from shared/reference/VARIANTS.md (section 5) and the brief's rules only; it imports
nothing from bjcalc and shares no code with ``bjcalc.sidebets`` or the engine's dealer.

The dealer's hand
-----------------
Dealt from the shoe (physical cards like ``"7H"``: rank A 2-9 T J Q K, suit S H D C; a shoe is
a list of them, duplicates allowed; no player cards are removed): the up card, the hole card,
then one card at a time until the dealer stands.  An ace counts 11 where that does not bust.
Two cards totalling 21 (A + ten-value) are a blackjack and stand at once.  The dealer stands on
hard 17 or more and soft 18 or more; on soft 17 hits if ``h17`` (H17), stands otherwise (S17).
Running out of cards while the dealer must draw raises :class:`EmptyShoe`.

Every method below produces the same thing, the dealer's *outcome* distribution by up card:
for each up-card label ``A, 2, ..., 9, T`` (ten-values pooled) the chance of the up card and,
given it, the chance of each outcome ``(kind, suits)`` of the final hand, where

* ``kind``: ``"blackjack"``, ``"8-8-8"`` (exactly three eights: 24, a bust), or the final total
  (17 ... 26);
* ``suits``: ``"suited"`` (every card of one suit), ``"colour"`` (every card red, H/D, or every
  card black, S/C, but not of one suit) or ``"mixed"``.

The two bets are read off it (:func:`push22_probabilities`, :func:`bust_bonus_by_up_card`).

Four methods, one question
--------------------------
* ``"positions"``: the most literal.  Every ordering of the shoe's card *positions* as far as
  the dealer draws (no memo, no pooling): each path has chance 1 / (N (N-1) ... ).  Only for
  shoes of a handful of cards (<= 9).
* ``"faces"``: card by card over the physical faces (``"TS"`` and ``"JS"`` apart), one branch
  per face weighted by the copies left, memoised on the dealer's cards so far as a multiset of
  faces (which fixes the cards left).  Exact for any shoe, but a deck has about two million such
  hands: used on small shoes (10-20 cards).
* ``"suit-class"``: card by card over (value, suit class).  The hand so far is summarised by
  its values (a multiset) and its suit class: one suit ``s``, one colour ``c`` (both suits of
  it), or mixed.  That summary fixes what is left of each (value, class): with every card so far
  of suit ``s``, ``k_v`` cards of value ``v`` drawn, there are ``n[v][s] - k_v`` cards of value
  ``v`` and suit ``s`` left, ``n[v][s']`` of the other suit of its colour and all of the other
  colour; with every card of colour ``c`` (both suits), ``n[v][c] - k_v`` of colour ``c`` and all
  of the other colour; once mixed, only ``n_v - k_v`` matters.  So the recursion is exact and
  card by card, on a few thousand states even for 8 decks.
* ``"values"``: values first, suits after.  The dealer's decisions depend on values only; given
  the sequence of values dealt, the physical cards of value ``v`` are a uniformly random ordered
  selection of ``k_v`` of the ``n_v`` cards of that value, independently for each value.  So
  P(every card of suit s | the values) = prod_v ff(n[v][s], k_v) / ff(n_v, k_v) (``ff`` the
  falling factorial), the same with a colour's count for P(every card of colour c), and a
  colour's hands not of one suit are its all-colour chance minus its two suits'.  The value
  recursion is memoised on the multiset of values.

The tests check the four equal (exactly) where each is fast enough.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from oracles import Fraction

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
COLOUR_OF = {"S": "black", "C": "black", "H": "red", "D": "red"}
SUITS_OF = {"black": (0, 3), "red": (1, 2)}           # indices into SUIT_CHARS
UP_LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T"]
METHODS = ("positions", "faces", "suit-class", "values")

PUSH22_EVENTS = ["suited 22", "same colour 22", "22", "no 22"]
PUSH22_TABLES = {"11:1": (11, 11, 11), "50/20/8": (50, 20, 8)}

BUST_EVENTS = ["suited 8-8-8", "8-8-8", "suited bust", "bust", "no bust"]
# silver_dollar: up card -> (bust, suited bust), to one; 8-8-8 with an 8 up: (25, 75).
BUST_TABLES = {
    "silver_dollar": {
        "A": (3, 50), "2": (1, 25), "3": (1, 15), "4": (1, 10), "5": (1, 5), "6": (1, 3),
        "7": (2, 15), "8": (2, 10), "9": (2, 20), "T": (2, 20), "8-8-8": (25, 75),
    },
}


class EmptyShoe(RuntimeError):
    """The dealer needed a card and none was left."""


def deck(n: int = 1) -> list[str]:
    """``n`` decks of physical cards."""
    return [r + s for r in RANK_CHARS for s in SUIT_CHARS] * n


def value(card: str) -> int:
    r = card[0]
    if r == "A":
        return 1
    if r in "TJQK":
        return 10
    return int(r)


def label(v: int) -> str:
    return "A" if v == 1 else "T" if v == 10 else str(v)


def suit_class(suits) -> str:
    """'suited', 'colour' or 'mixed' for the suits (letters) of a hand's cards."""
    s = set(suits)
    if len(s) == 1:
        return "suited"
    if len({COLOUR_OF[x] for x in s}) == 1:
        return "colour"
    return "mixed"


# ---------------------------------------------------------------------------- dealer rule
def dealer_state(hard: int, aces: bool, ncards: int, h17: bool):
    """None while the dealer must draw, else the kind of the final hand: 'blackjack' or the
    total (> 21 a bust).  ``hard``: the total with every ace 1; ``aces``: the hand holds one."""
    soft = aces and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if ncards == 2 and total == 21:
        return "blackjack"
    if total > 21:
        return total
    if ncards >= 2 and (total >= 18 or (total == 17 and not (soft and h17))):
        return total
    return None


def _kind(kind, values) -> object:
    """The outcome kind: exactly three eights is '8-8-8' (a 24), else the dealer_state kind."""
    if kind == 24 and len(values) == 3 and all(v == 8 for v in values):
        return "8-8-8"
    return kind


def _add(acc: dict, dist: dict, weight) -> None:
    for k, p in dist.items():
        acc[k] = acc.get(k, 0) + weight * p


# ---------------------------------------------------------------------------- method: positions
def _outcomes_positions(shoe: list[str], h17: bool) -> dict:
    n = len(shoe)
    if n > 9:
        raise ValueError("the positions method is for shoes of at most 9 cards")
    vals = [value(c) for c in shoe]
    out: dict = {}

    def walk(used: list[int], hard: int, aces: bool, weight, up: str):
        kind = dealer_state(hard, aces, len(used), h17)
        if kind is not None:
            key = (_kind(kind, [vals[i] for i in used]), suit_class(shoe[i][1] for i in used))
            out.setdefault(up, {})
            out[up][key] = out[up].get(key, 0) + weight
            return
        left = [i for i in range(n) if i not in used]
        if not left:
            raise EmptyShoe(f"the dealer needs a card after {[shoe[i] for i in used]}")
        w = weight / len(left)
        for i in left:
            walk(used + [i], hard + vals[i], aces or vals[i] == 1, w, up or label(vals[i]))

    walk([], 0, False, Fraction(1), "")
    return out                                 # joint: P(up label and outcome)


# ---------------------------------------------------------------------------- method: faces
def _outcomes_faces(shoe: list[str], h17: bool) -> dict:
    faces = sorted(set(shoe))
    count = Counter(shoe)
    copies = [count[f] for f in faces]
    vals = [value(f) for f in faces]
    total_cards = len(shoe)
    memo: dict = {}

    def go(hand: tuple):                       # hand: sorted tuple of face indices
        got = memo.get(hand)
        if got is not None:
            return got
        hard = sum(vals[i] for i in hand)
        aces = any(vals[i] == 1 for i in hand)
        kind = dealer_state(hard, aces, len(hand), h17)
        if kind is not None:
            res = {(_kind(kind, [vals[i] for i in hand]), suit_class(faces[i][1] for i in hand)): Fraction(1)}
        else:
            left = total_cards - len(hand)
            if left == 0:
                raise EmptyShoe(f"the dealer needs a card after {[faces[i] for i in hand]}")
            held = Counter(hand)
            acc: dict = {}
            for i in range(len(faces)):
                c = copies[i] - held[i]
                if c:
                    _add(acc, go(tuple(sorted(hand + (i,)))), c)
            res = {k: p / left for k, p in acc.items()}
        memo[hand] = res
        return res

    out: dict = {}
    for i, f in enumerate(faces):
        lab = label(vals[i])
        out.setdefault(lab, {})
        _add(out[lab], go((i,)), Fraction(copies[i], total_cards))
    return out


# ---------------------------------------------------------------------------- shoe by (value, suit)
def _value_suit_counts(shoe: list[str]) -> tuple:
    """n[v][s]: cards of value v (1..10; index v-1) and suit s."""
    n = [[0] * 4 for _ in range(10)]
    for c in shoe:
        n[value(c) - 1][SUIT_CHARS.index(c[1])] += 1
    return tuple(tuple(row) for row in n)


def _hand_kind(counts: tuple, h17: bool):
    hard = sum((v + 1) * k for v, k in enumerate(counts))
    ncards = sum(counts)
    kind = dealer_state(hard, counts[0] > 0, ncards, h17)
    if kind is None:
        return None
    vals = [v + 1 for v, k in enumerate(counts) for _ in range(k)]
    return _kind(kind, vals)


def _plus(counts: tuple, v: int) -> tuple:
    return counts[:v] + (counts[v] + 1,) + counts[v + 1:]


# ---------------------------------------------------------------------------- method: suit-class
@lru_cache(maxsize=None)
def _suit_class_go(n: tuple, counts: tuple, status, h17: bool):
    """Outcome distribution from a hand with these value counts and suit status
    (('s', suit index) | ('c', 'red'/'black') | 'm')."""
    kind = _hand_kind(counts, h17)
    if kind is not None:
        cls = "suited" if status[0] == "s" else "colour" if status[0] == "c" else "mixed"
        return {(kind, cls): Fraction(1)}
    left = sum(map(sum, n)) - sum(counts)
    if left == 0:
        raise EmptyShoe(f"the dealer needs a card after values {counts}")
    acc: dict = {}
    for v in range(10):
        k = counts[v]
        nv = n[v]
        if sum(nv) - k == 0:
            continue
        after = _plus(counts, v)
        if status[0] == "s":
            s = status[1]
            colour = COLOUR_OF[SUIT_CHARS[s]]
            s2 = [x for x in SUITS_OF[colour] if x != s][0]
            other = sum(nv[x] for x in SUITS_OF["red" if colour == "black" else "black"])
            branches = [(nv[s] - k, status), (nv[s2], ("c", colour)), (other, "m")]
        elif status[0] == "c":
            colour = status[1]
            mine = sum(nv[x] for x in SUITS_OF[colour]) - k
            other = sum(nv[x] for x in SUITS_OF["red" if colour == "black" else "black"])
            branches = [(mine, status), (other, "m")]
        else:
            branches = [(sum(nv) - k, "m")]
        for c, st in branches:
            if c:
                _add(acc, _suit_class_go(n, after, st, h17), c)
    return {key: p / left for key, p in acc.items()}


def _outcomes_suit_class(shoe: list[str], h17: bool) -> dict:
    n = _value_suit_counts(shoe)
    total = len(shoe)
    out: dict = {}
    zero = (0,) * 10
    for v in range(10):
        for s in range(4):
            if n[v][s]:
                lab = label(v + 1)
                out.setdefault(lab, {})
                _add(out[lab], _suit_class_go(n, _plus(zero, v), ("s", s), h17), Fraction(n[v][s], total))
    return out


# ---------------------------------------------------------------------------- method: values
def _ff(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _suit_split(n: tuple, counts: tuple) -> dict:
    """{'suited', 'colour', 'mixed'}: chances for a hand of these value counts (given the
    values dealt, the physical cards of each value are a uniform selection)."""
    denom = 1
    for v, k in enumerate(counts):
        denom *= _ff(sum(n[v]), k)
    one_suit = []
    for s in range(4):
        num = 1
        for v, k in enumerate(counts):
            num *= _ff(n[v][s], k)
        one_suit.append(Fraction(num, denom))
    one_colour = {}
    for colour, (a, b) in SUITS_OF.items():
        num = 1
        for v, k in enumerate(counts):
            num *= _ff(n[v][a] + n[v][b], k)
        one_colour[colour] = Fraction(num, denom)
    suited = sum(one_suit, Fraction(0))
    colour = sum(one_colour.values(), Fraction(0)) - suited
    return {"suited": suited, "colour": colour, "mixed": 1 - suited - colour}


@lru_cache(maxsize=None)
def _values_go(n: tuple, counts: tuple, h17: bool):
    kind = _hand_kind(counts, h17)
    if kind is not None:
        return {(kind, cls): p for cls, p in _suit_split(n, counts).items() if p}
    left = sum(map(sum, n)) - sum(counts)
    if left == 0:
        raise EmptyShoe(f"the dealer needs a card after values {counts}")
    acc: dict = {}
    for v in range(10):
        c = sum(n[v]) - counts[v]
        if c:
            _add(acc, _values_go(n, _plus(counts, v), h17), c)
    return {key: p / left for key, p in acc.items()}


def _outcomes_values(shoe: list[str], h17: bool) -> dict:
    n = _value_suit_counts(shoe)
    total = len(shoe)
    out: dict = {}
    zero = (0,) * 10
    for v in range(10):
        nv = sum(n[v])
        if nv:
            out[label(v + 1)] = {k: Fraction(nv, total) * p
                                 for k, p in _values_go(n, _plus(zero, v), h17).items()}
    return out


# ---------------------------------------------------------------------------- the outcomes
_OUTCOMES = {"positions": _outcomes_positions, "faces": _outcomes_faces,
             "suit-class": _outcomes_suit_class, "values": _outcomes_values}


@lru_cache(maxsize=64)
def _outcomes_cached(shoe: tuple, h17: bool, method: str) -> dict:
    joint = _OUTCOMES[method](list(shoe), h17)
    return {lab: {k: p for k, p in d.items() if p} for lab, d in joint.items()}


def outcomes(shoe, h17: bool, method: str = "values") -> dict:
    """{up label: {(kind, suits): P(up label and that final hand)}} (joint chances)."""
    return _outcomes_cached(tuple(shoe), bool(h17), method)


def up_card_chances(shoe, h17: bool = True, method: str = "values") -> dict:
    """{up label: P(up card)} (the labels the shoe holds)."""
    return {lab: sum(d.values(), Fraction(0)) for lab, d in outcomes(shoe, h17, method).items()}


# ---------------------------------------------------------------------------- Push 22
def push22_event(key) -> str:
    kind, cls = key
    if kind != 22:
        return "no 22"
    return {"suited": "suited 22", "colour": "same colour 22", "mixed": "22"}[cls]


def push22_probabilities(shoe, h17: bool = True, method: str = "values") -> dict:
    """Every round (no conditioning): {event: chance} in the order of PUSH22_EVENTS."""
    out = {e: Fraction(0) for e in PUSH22_EVENTS}
    for d in outcomes(shoe, h17, method).values():
        for key, p in d.items():
            out[push22_event(key)] += p
    return out


def push22_ev(shoe, h17: bool, table, method: str = "values") -> Fraction:
    pays = PUSH22_TABLES[table] if isinstance(table, str) else table
    p = push22_probabilities(shoe, h17, method)
    return sum((Fraction(a) * p[e] for a, e in zip(pays, PUSH22_EVENTS[:3])), Fraction(0)) - p["no 22"]


def push22_house_edge(shoe, h17: bool, table, method: str = "values") -> Fraction:
    return -push22_ev(shoe, h17, table, method)


# ---------------------------------------------------------------------------- Bust Bonus
def bust_event(key) -> str:
    """The Bust Bonus event of an outcome ('blackjack' included in 'no bust' here)."""
    kind, cls = key
    if kind == "8-8-8":
        return "suited 8-8-8" if cls == "suited" else "8-8-8"
    if kind != "blackjack" and kind > 21:
        return "suited bust" if cls == "suited" else "bust"
    return "no bust"


def bust_bonus_by_up_card(shoe, h17: bool = True, method: str = "values", peek: bool = True) -> dict:
    """{up label: {event: chance given the up card} or None}, labels A, 2, ..., 9, T.

    With ``peek``, under an A or T the chances are given no dealer blackjack (the bet is
    offered only then).  None: the shoe has no such up card, or (peek) it is always a
    blackjack."""
    joint = outcomes(shoe, h17, method)
    out: dict = {}
    for lab in UP_LABELS:
        d = joint.get(lab)
        if not d:
            out[lab] = None
            continue
        ev = {e: Fraction(0) for e in BUST_EVENTS}
        for key, p in d.items():
            if peek and key[0] == "blackjack":
                continue
            ev[bust_event(key)] += p
        mass = sum(ev.values(), Fraction(0))
        out[lab] = None if mass == 0 else {e: p / mass for e, p in ev.items()}
    return out


def bust_bonus_pays(up: str, table: str = "silver_dollar") -> dict:
    t = BUST_TABLES[table]
    bust, suited = t[up]
    eights = t["8-8-8"] if up == "8" else (0, 0)
    return {"suited 8-8-8": Fraction(eights[1]), "8-8-8": Fraction(eights[0]),
            "suited bust": Fraction(suited), "bust": Fraction(bust), "no bust": Fraction(-1)}


def bust_bonus_house_edges(shoe, h17: bool = True, table: str = "silver_dollar",
                           method: str = "values", peek: bool = True) -> dict:
    """{up label: house edge (-EV per unit) or None}."""
    out = {}
    for lab, p in bust_bonus_by_up_card(shoe, h17, method, peek).items():
        if p is None:
            out[lab] = None
            continue
        pays = bust_bonus_pays(lab, table)
        out[lab] = -sum((pays[e] * p[e] for e in BUST_EVENTS), Fraction(0))
    return out


def bust_bonus_offered_shares(shoe, h17: bool = True, method: str = "values", peek: bool = True) -> dict:
    """{up label: share of the rounds the bet is offered on}: P(up, and no blackjack under the
    peek) / P(offered)."""
    joint = outcomes(shoe, h17, method)
    w = {lab: sum((p for k, p in joint.get(lab, {}).items() if not (peek and k[0] == "blackjack")),
                  Fraction(0)) for lab in UP_LABELS}
    total = sum(w.values(), Fraction(0))
    return {lab: x / total for lab, x in w.items()}


def bust_bonus_house_edge(shoe, h17: bool = True, table: str = "silver_dollar",
                          method: str = "values", peek: bool = True) -> Fraction:
    """Per unit staked over every round the bet is offered on (the up cards weighted by
    their shares of those rounds)."""
    shares = bust_bonus_offered_shares(shoe, h17, method, peek)
    edges = bust_bonus_house_edges(shoe, h17, table, method, peek)
    return sum((shares[lab] * edges[lab] for lab in UP_LABELS if edges[lab] is not None), Fraction(0))


def round_half_away(x, digits: int) -> str:
    """Decimal text of an exact rational rounded half away from zero."""
    q = Fraction(x) * 10 ** digits
    sign = -1 if q < 0 else 1
    q = abs(q)
    whole = int(q)
    if q - whole >= Fraction(1, 2):
        whole += 1
    whole *= sign
    s = f"{abs(whole):0{digits + 1}d}"
    return ("-" if whole < 0 else "") + (s[:-digits] + "." + s[-digits:] if digits else s)
