"""Match the Dealer: each of the player's first two cards matching the dealer's up card, exact on any shoe.

A player's card matches when it has the up card's rank; a match of its suit too is a
suited match.  Each card pays on its own, unsuited ``U`` or suited ``S``, and the two add,
so the events are the six ways two cards can match: two suited matches (2S), a suited
and an unsuited (S + U), two unsuited (2U), one suited (S), one unsuited (U), none.

The cards have roles here: for an up card of rank ``r`` and suit ``s`` (``c`` such cards in
the shoe), the player's two cards come from the ``N - 1`` left, of which ``c - 1`` match in
suit, ``n_r - c`` in rank alone and ``N - n_r`` not at all; the player's pairs of each kind
(``C(c - 1, 2)``, ``(c - 1)(n_r - c)``, ...), weighted by ``c`` and summed over the up
cards, count every event in deals of an up card and the player's two cards, out of
``N * C(N - 1, 2)``.  On the infinite deck a card matches in suit with probability ``p_rs``
and in rank alone ``p_r - p_rs``, independently.

A pay table is ``U/S`` (``"4/19"``), a name, or the six events' pays.

>>> r = match_the_dealer(decks=2, paytable="4/19")
>>> r.paytable.name, f"{float(r.house_edge):.2%}"
('two_deck', '3.31%')
>>> sum(r.table["combinations"]) == 104 * math.comb(103, 2)
True
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import Any, Union

from ..core.cards import Shoe
from ..core.errors import RulesError
from .base import PayTable, PayTableLike, ShoeLike, SideBet, SideBetResult, _parse_pay, shoe_or_decks

__all__ = ["MatchTheDealer", "match_the_dealer"]


def _pays(unsuited: Any, suited: Any) -> tuple[Any, ...]:
    """The five paying events' pays of an unsuited and a suited match's."""
    return 2 * suited, suited + unsuited, 2 * unsuited, suited, unsuited


class MatchTheDealer(SideBet):
    """Match the Dealer: each of the player's first two cards matching the dealer's up card by rank.

    Events: two suited matches, a suited and an unsuited match, two unsuited matches, a
    suited match, an unsuited match; no match loses.  Pays add per matching card, so a pay
    table is an unsuited and a suited pay: ``paytable("4/19")``.  ``combinations`` counts
    deals of the up card and the player's two cards, out of cards * C(cards - 1, 2).  The
    shoe must carry suit counts.

    Built-in pay tables (unsuited / suited, the deck counts they are dealt with): ``two_deck``
    4/19, ``four_deck`` 4/12, ``five_deck`` 3/15, ``six_deck`` 4/11 (the default), ``eight_deck``
    3/14; Spanish 21 (48-card decks, ``spanish_paytables``): ``spanish_21`` 4/9 (6 decks),
    ``spanish_21_eight_deck`` 3/12.

    >>> table = MatchTheDealer().paytable("4/11")
    >>> table.name, table.as_dict()["two suited matches"], table.as_dict()["suited + unsuited match"]
    ('six_deck', Fraction(22, 1), Fraction(15, 1))
    >>> MatchTheDealer().paytable("5/12.5").name
    '5/12.5'
    """

    name = "Match the Dealer"
    key = "match-the-dealer"
    description = "each of the player's two cards matching the dealer's up card by rank"
    events = ("two suited matches", "suited + unsuited match", "two unsuited matches", "suited match",
              "unsuited match")
    losing_event = "no match"
    paytables = {"two_deck": _pays(4, 19), "four_deck": _pays(4, 12), "five_deck": _pays(3, 15),
                 "six_deck": _pays(4, 11), "eight_deck": _pays(3, 14), "spanish_21": _pays(4, 9),
                 "spanish_21_eight_deck": _pays(3, 12)}
    default_paytable = "six_deck"
    spanish_paytables = ("spanish_21", "spanish_21_eight_deck")
    cards = 3
    needs_suits = True
    suits_for = "pays suited matches"
    paytable_forms = "U/S, an unsuited and a suited match's pays (4/19)"

    def paytable(self, spec: PayTableLike = None) -> PayTable:
        """:meth:`SideBet.paytable`, and ``"U/S"``: an unsuited match pays ``U``, a suited ``S``.

        >>> MatchTheDealer().paytable("4/19/2")
        Traceback (most recent call last):
        ...
        bjcalc.core.errors.RulesError: a Match the Dealer pay table U/S is two pays, like 4/19, not '4/19/2'
        """
        if isinstance(spec, str) and "/" in spec and "," not in spec:
            parts = spec.split("/")
            if len(parts) != 2:
                raise RulesError(f"a Match the Dealer pay table U/S is two pays, like 4/19, not {spec!r}")
            unsuited, suited = (_parse_pay(p) for p in parts)
            table = super().paytable(_pays(unsuited, suited))
            if table.name == "custom":
                table = dataclasses.replace(table, name="/".join(p.strip() for p in parts))
            return table
        return super().paytable(spec)

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()} (suits tracked)",
                "cards: the dealer's up card and the player's first two cards from the full shoe; a match is by "
                "rank (J, Q, K distinct), suited when of the up card's suit too; each matching card pays, the pays "
                "add",
                "combinations: deals of the up card and the player's two cards")

    def _total_combinations(self, shoe: Shoe) -> int:
        n = int(shoe.total)
        return n * math.comb(n - 1, 2)

    def _counts(self, shoe: Shoe) -> list[Any]:
        suits = self._suit_table(shoe)
        n = sum(map(sum, suits))
        counts: list[Any] = [0] * len(self.all_events)
        for row in suits:
            for count in row:
                if count:
                    up, ways = (_drawn if shoe.is_infinite else _dealt)(count, sum(row), n)
                    for event, w in enumerate(ways):
                        counts[event] += up * w
        return counts


def _dealt(count: int, in_rank: int, n: int) -> tuple[Any, list[Any]]:
    """An up card of a rank and suit with ``count`` such cards (``in_rank`` of its rank, ``n`` in
    all): its weight, and the player's pairs of each event from the ``n - 1`` cards left."""
    suited, unsuited, other = count - 1, in_rank - count, n - in_rank
    return count, [math.comb(suited, 2), suited * unsuited, math.comb(unsuited, 2), suited * other,
                   unsuited * other, math.comb(other, 2)]


def _drawn(count: int, in_rank: int, n: int) -> tuple[Any, list[Any]]:
    """:func:`_dealt` on the infinite deck: each player's card a suited match, an unsuited one or
    none, independently, with the shoe's proportions."""
    suited, unsuited, other = Fraction(count, n), Fraction(in_rank - count, n), 1 - Fraction(in_rank, n)
    return suited, [suited ** 2, 2 * suited * unsuited, unsuited ** 2, 2 * suited * other,
                    2 * unsuited * other, other ** 2]


def match_the_dealer(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
                     decks: Union[int, float, None] = None) -> SideBetResult:
    """Match the Dealer on a shoe (or ``decks`` full decks; default 6) with a pay table (default
    ``six_deck``, 4/11).

    >>> spanish = Shoe.decks(6, "spanish")
    >>> f"{float(match_the_dealer(spanish, 'spanish_21').house_edge):.3%}"
    '3.055%'
    """
    return MatchTheDealer().evaluate(shoe_or_decks(shoe, decks), paytable, exact)
