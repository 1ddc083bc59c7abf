"""An independent infinite-deck calculator, written for the tests only.

It shares no code with bjcalc: a plain recursion over (total, softness) with
fixed card probabilities (1/13 each, 4/13 for ten-values; or any others given, such as a
Spanish deck's 1/12 each and 3/12 for ten-values), valid only for an infinite deck, where
composition never matters.  Rules covered: S17/H17, peek,
double any two, DAS or not, split once (no resplit), split aces one card.
"""

from __future__ import annotations

from oracles import Fraction
from functools import lru_cache

Q = {v: (Fraction(4, 13) if v == 10 else Fraction(1, 13)) for v in range(1, 11)}
SPANISH_Q = {v: (Fraction(3, 12) if v == 10 else Fraction(1, 12)) for v in range(1, 11)}


def _add(total: int, soft: bool, card: int) -> tuple[int, bool]:
    total += card
    if card == 1 and total + 10 <= 21:
        return total + 10, True
    if total > 21 and soft:
        return total - 10, False
    return total, soft


class InfiniteDeck:
    def __init__(self, h17: bool = False, das: bool = False, q: dict = Q):
        self.h17 = h17
        self.das = das
        self.q = q
        self._dealer = lru_cache(None)(self._dealer_from)
        self._best = lru_cache(None)(self._best_hit_stand)

    def _dealer_from(self, total: int, soft: bool, cards: int) -> dict:
        if cards == 2 and total == 21:
            return {"bj": Fraction(1)}
        if total > 21:
            return {"bust": Fraction(1)}
        if total > 17 or (total == 17 and not (soft and self.h17)):
            return {total: Fraction(1)}
        out: dict = {}
        for card, q in self.q.items():
            for k, p in self._dealer_from(*_add(total, soft, card), cards + 1).items():
                out[k] = out.get(k, 0) + p * q
        return out

    def dealer(self, up: int) -> tuple[dict, Fraction]:
        """Outcome probabilities given no dealer blackjack, and P(blackjack)."""
        d = self._dealer(*_add(0, False, up), 1)
        bj = d.get("bj", Fraction(0))
        return {k: v / (1 - bj) for k, v in d.items() if k != "bj"}, bj

    def stand(self, total: int, up: int) -> Fraction:
        d, _ = self.dealer(up)
        return sum((p if (k == "bust" or total > k) else (-p if total < k else 0)) for k, p in d.items())

    def hit(self, total: int, soft: bool, up: int) -> Fraction:
        ev = Fraction(0)
        for card, q in self.q.items():
            t, s = _add(total, soft, card)
            ev += q * (-1 if t > 21 else self._best(t, s, up))
        return ev

    def _best_hit_stand(self, total: int, soft: bool, up: int) -> Fraction:
        return max(self.stand(total, up), self.hit(total, soft, up))

    def double(self, total: int, soft: bool, up: int) -> Fraction:
        ev = Fraction(0)
        for card, q in self.q.items():
            t, _ = _add(total, soft, card)
            ev += q * (-1 if t > 21 else self.stand(t, up))
        return 2 * ev

    def split(self, pair: int, up: int) -> Fraction:
        t1, s1 = _add(0, False, pair)
        ev = Fraction(0)
        for card, q in self.q.items():
            t, s = _add(t1, s1, card)
            if pair == 1:
                ev += q * self.stand(t, up)
            else:
                options = [self._best(t, s, up)]
                if self.das:
                    options.append(self.double(t, s, up))
                ev += q * max(options)
        return 2 * ev

    def hand(self, a: int, b: int, up: int) -> Fraction:
        t, s = _add(*_add(0, False, a), b)
        options = [self.stand(t, up), self.hit(t, s, up), self.double(t, s, up)]
        if a == b:
            options.append(self.split(a, up))
        return max(options)

    def game(self) -> Fraction:
        total = Fraction(0)
        for up in range(1, 11):
            _, bj = self.dealer(up)
            for a in range(1, 11):
                for b in range(1, 11):
                    p = self.q[up] * self.q[a] * self.q[b]
                    if {a, b} == {1, 10}:
                        total += p * Fraction(3, 2) * (1 - bj)
                    else:
                        total += p * ((1 - bj) * self.hand(a, b, up) - bj)
        return total
