"""Independent brute-force enumerators for the side bets (exact, ``fractions.Fraction``).

Written from the rules (shared/reference/GAMES.md, section 3) only; it imports nothing
from bjcalc, so it shares no code with ``bjcalc.sidebets`` or ``bjcalc.engine.dealer``.

* Cards are physical: strings like ``"7H"`` (rank A 2-9 T J Q K, suit S H D C); a shoe
  is a list of them (duplicates allowed: a multi-deck shoe has several 7H).
* Lucky Lucky: every 3-card subset of the physical cards (``itertools.combinations`` of
  positions) is classified one by one.  ``lucky_lucky_infinite`` walks every ordered
  triple of the 52 card faces instead, each face with probability 1/52.
* Buster Blackjack: the dealer's hand is dealt card by card from what is left: the up
  card, the hole card, then hits until the dealer stands.  Each step branches on every
  card still in the shoe (cards of equal value give identical branches, so one branch
  per value, weighted by how many such cards remain).  Running out of cards raises
  :class:`EmptyShoe`.  The only cache is ``lru_cache`` on a pure function of
  (cards left, the dealer's cards so far).
* Effects of removal: the EV with each physical card removed in turn, averaged over
  the cards of each value (ten-values pooled), minus the full shoe's EV.
"""

from __future__ import annotations

import itertools
from collections import Counter
from oracles import Fraction
from functools import lru_cache
from math import comb

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"

LUCKY_EVENTS = ["suited 777", "suited 678", "777", "678", "suited 21", "21", "20", "19", "other"]
BUSTER_EVENTS = ["bust 3 cards", "bust 4 cards", "bust 5 cards", "bust 6 cards", "bust 7 cards",
                 "bust 8+ cards", "no bust"]


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


# ---------------------------------------------------------------------------- Lucky Lucky
def lucky_event(cards: tuple[str, str, str]) -> str:
    ranks = sorted(c[0] for c in cards)
    suited = len({c[1] for c in cards}) == 1
    if ranks == ["7", "7", "7"]:
        return "suited 777" if suited else "777"
    if ranks == ["6", "7", "8"]:
        return "suited 678" if suited else "678"
    total = sum(value(c) for c in cards)
    if any(c[0] == "A" for c in cards) and total + 10 <= 21:
        total += 10
    if total == 21:
        return "suited 21" if suited else "21"
    if total in (19, 20):
        return str(total)
    return "other"


def lucky_lucky_counts(shoe: list[str]) -> dict[str, int]:
    """Number of 3-card subsets of the shoe (cards as physical objects) per event."""
    counts = Counter(lucky_event(three) for three in itertools.combinations(shoe, 3))
    assert sum(counts.values()) == comb(len(shoe), 3)
    return {e: counts.get(e, 0) for e in LUCKY_EVENTS}


def lucky_lucky_probabilities(shoe: list[str]) -> dict[str, Fraction]:
    total = comb(len(shoe), 3)
    return {e: Fraction(c, total) for e, c in lucky_lucky_counts(shoe).items()}


def lucky_lucky_infinite() -> dict[str, Fraction]:
    """Infinite deck: three independent cards, each of the 52 faces with probability 1/52."""
    faces = deck(1)
    counts = Counter(lucky_event(t) for t in itertools.product(faces, repeat=3))
    return {e: Fraction(counts.get(e, 0), 52 ** 3) for e in LUCKY_EVENTS}


# ---------------------------------------------------------------------------- Buster Blackjack
def _dealer_total(hand: tuple[int, ...]) -> tuple[int, bool]:
    total = sum(hand)
    if 1 in hand and total + 10 <= 21:
        return total + 10, True
    return total, False


@lru_cache(maxsize=None)
def _dealer(left: tuple[int, ...], hand: tuple[int, ...], h17: bool, depletes: bool) -> tuple:
    """Outcome distribution from here: tuple of (outcome, probability) where outcome is the
    number of cards of a busted hand, or 0 for no bust.  ``left``: counts of values 1..10."""
    total, soft = _dealer_total(hand)
    if len(hand) == 2 and total == 21:
        return ((0, Fraction(1)),)                       # blackjack: not a bust
    if total > 21:
        return ((len(hand), Fraction(1)),)
    if len(hand) >= 2 and (total >= 18 or (total == 17 and not (soft and h17))):
        return ((0, Fraction(1)),)
    cards_left = sum(left)
    if cards_left == 0:
        raise EmptyShoe(f"the dealer needs a card after {hand}")
    out: Counter = Counter()
    for v in range(1, 11):
        n = left[v - 1]
        if n == 0:
            continue
        p = Fraction(n, cards_left)
        after = tuple(c - (1 if (i == v - 1 and depletes) else 0) for i, c in enumerate(left))
        for outcome, q in _dealer(after, tuple(sorted(hand + (v,))), h17, depletes):
            out[outcome] += p * q
    return tuple(sorted(out.items()))


def buster_distribution(shoe: list[str], h17: bool, depletes: bool = True) -> dict[int, Fraction]:
    """{n: P(dealer busts with n cards)} and {0: P(no bust)}, dealer hand from the full shoe."""
    counts = Counter(value(c) for c in shoe)
    left = tuple(counts.get(v, 0) for v in range(1, 11))
    return dict(_dealer(left, (), h17, depletes))


def buster_probabilities(shoe: list[str], h17: bool, depletes: bool = True) -> dict[str, Fraction]:
    dist = buster_distribution(shoe, h17, depletes)
    out = {f"bust {n} cards": dist.get(n, Fraction(0)) for n in range(3, 8)}
    out["bust 8+ cards"] = sum((p for n, p in dist.items() if n >= 8), Fraction(0))
    out["no bust"] = dist.get(0, Fraction(0))
    assert dist.get(2, 0) == 0 and dist.get(1, 0) == 0
    return out


# ---------------------------------------------------------------------------- EV and EoR
def ev(probabilities: dict[str, Fraction], pays: list) -> Fraction:
    """EV per unit: the paying events pay ``pays`` in order, the last event loses 1."""
    events = list(probabilities)
    table = dict(zip(events[:-1], [Fraction(p) for p in pays]))
    table[events[-1]] = Fraction(-1)
    return sum((probabilities[e] * table[e] for e in events), Fraction(0))


def effects_of_removal(shoe: list[str], probabilities, pays: list) -> dict[int, Fraction]:
    """{value: EoR}: each physical card removed in turn, averaged over the cards of each value."""
    base = ev(probabilities(shoe), pays)
    sums: dict[int, list] = {}
    cache: dict[str, Fraction] = {}
    for i, card in enumerate(shoe):
        if card not in cache:
            cache[card] = ev(probabilities(shoe[:i] + shoe[i + 1:]), pays)
        acc = sums.setdefault(value(card), [Fraction(0), 0])
        acc[0] += cache[card]
        acc[1] += 1
    return {v: s / n - base for v, (s, n) in sorted(sums.items())}
