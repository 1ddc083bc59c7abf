"""The dealer's final hand from the full shoe, with its suits: what Push 22 and Bust Bonus pay on.

Both bets deal the dealer's whole hand from the shoe (as Buster Blackjack's model
``"shoe"``): the up card is random, no other card is removed, and the dealer completes the
hand by its rule (stands on or hits soft 17).  Both pay more when every card of the hand
is of one suit (Push 22: or of one colour), which depends on the suits of cards that a
procedure reading only values draws.  One identity gets that from the dealer engine's
recursion over card values, exactly, without dealing suits.

**Derivation.**  Let the shoe hold N cards, n_v of value v, and let S be a set of its
cards (one suit, one colour, or all of them) holding s_v of value v.  The dealer's hand is
a sequence of values x_1 (the up card), x_2 (the hole card), ..., x_k, ending where the
procedure stops, which depends on the values alone.  A sequence holding m_v cards of
value v has probability

    P(x) = prod_v n_v (n_v - 1) ... (n_v - m_v + 1)  /  N (N - 1) ... (N - k + 1).

Given the values, the m_v cards of value v dealt are a uniformly random m_v-subset of the
shoe's n_v cards of that value, independently from value to value; all of them lie in S with
probability C(s_v, m_v) / C(n_v, m_v).  So

    P(x, every card in S) = P(x) prod_v C(s_v, m_v) / C(n_v, m_v)
                          = prod_v s_v (s_v - 1) ... (s_v - m_v + 1)  /  N (N - 1) ... (N - k + 1):

P(x) with S's counts in the numerator and the whole shoe's in the denominator.  Summed over
the sequences that end in a set of final outcomes (a total of 22; any bust), it is the
dealer's recursion run on S's counts while every draw is over the whole shoe: the engine's
:func:`~bjcalc.engine.lengths.dealer_lengths_given_up` with ``totals`` (exact: integer
numerators over the falling factorial of the shoe).  The four suits are disjoint events, so
"one suit" is their sum; "one colour" is the sum over red (hearts, diamonds) and black
(spades, clubs), which counts the one-suit hands too.  Under an up card of value u the up
card is in S with probability s_u / n_u, and the recursion then runs on S less that card
over N - 1 cards.  The infinite deck draws without depletion: the falling factorials become
powers, and the same identity holds with proportions.

:func:`up_card_hands` gives, under each up card, the chance of the up card, of the final
hand ending in the outcomes, of that with one suit and with one colour, and of a dealer
blackjack.  :class:`DealerHandBet` is the base of the two bets: the dealer's soft-17 rule,
and suits asked for only where the pay table pays a suited hand apart
(:meth:`DealerHandBet.pays_suits`).

>>> from bjcalc.core.outcomes import BUSTS
>>> hands = up_card_hands(Shoe.decks(1), StandardDealer(False), range(BUSTS.start, BUSTS.stop), exact=True)
>>> round(float(hands.hand[5]), 6), hands.up[5]        # P(bust | 6 up), P(6 up)
(0.420823, Fraction(1, 13))
>>> hands.suited[5] < hands.coloured[5] < hands.hand[5]
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional, Sequence

import numpy as np

from ..core.cards import Shoe
from ..core.errors import RulesError, ShoeError
from ..core.outcomes import ACE, TEN
from ..core.words import suited_shoe
from ..engine.dealer import StandardDealer
from ..engine.lengths import dealer_lengths_given_up
from .base import PayTable, PayTableLike, RemovalEffects, ShoeLike, SideBet, SideBetResult, as_shoe

if TYPE_CHECKING:   # pandas is imported where a table is built: it is slow to import
    import pandas as pd

__all__ = ["UpCardHands", "up_card_hands", "value_suit_counts", "falling", "DealerHandBet"]

_SUITS = ((0,), (1,), (2,), (3,))
"""The suits (spades, hearts, diamonds, clubs), as sets of suit indices."""
_COLOURS = ((0, 3), (1, 2))
"""Black (spades, clubs) and red (hearts, diamonds)."""


def value_suit_counts(shoe: Shoe) -> np.ndarray:
    """The shoe's cards by value (A, 2, ..., 9, ten-values pooled) and suit: a 10 x 4 array.

    >>> value_suit_counts(Shoe.decks(2))[9].tolist()
    [8, 8, 8, 8]
    """
    if shoe.suit_counts is None:
        raise ShoeError("this shoe is counted by rank only: it has no suits")
    by_rank = np.array(shoe.suit_counts, dtype=np.int64)
    return np.vstack([by_rank[:9], by_rank[9:].sum(axis=0)])


def falling(n: int, k: int) -> int:
    """n (n - 1) ... (n - k + 1): the ordered ways to deal k of n cards (0 if k > n).

    >>> falling(5, 2), falling(1, 2), falling(3, 0)
    (20, 0, 1)
    """
    return math.perm(n, k) if 0 <= k <= n else 0


@dataclass(frozen=True)
class UpCardHands:
    """Under each up card value (index 0 = ace ... 9 = ten-value): ``up``, its chance; and given
    it, ``hand``, the chance that the dealer's final hand ends in the outcomes asked for,
    ``suited`` that it does with every card of one suit, ``coloured`` of one colour (the suited
    hands included), and ``blackjack`` that the dealer has one.  Without suits, ``suited`` and
    ``coloured`` are None.  Exact: Fractions; else floats; an up card the shoe lacks has 0s."""

    up: list[Any]
    hand: list[Any]
    suited: Optional[list[Any]]
    coloured: Optional[list[Any]]
    blackjack: list[Any]


def up_card_hands(shoe: Shoe, procedure: StandardDealer, outcomes: Sequence[int], exact: bool,
                  suits: bool = True, name: str = "this bet") -> UpCardHands:
    """The dealer's final hand by up card, its suits too where ``suits`` (module docstring).

    ``outcomes``: the final outcomes counted (indices of :data:`~bjcalc.core.outcomes.OUTCOMES`:
    5 is a total of 22, 5-9 every bust).  A shoe the dealer can run out of is refused, in
    ``name``'s words.

    >>> hands = up_card_hands(Shoe.decks(6), StandardDealer(True), [5], exact=False, suits=False)
    >>> round(sum(p * h for p, h in zip(hands.up, hands.hand)), 6)     # P(22), H17, 6 decks
    0.073536
    """
    counts = np.array(shoe.value_counts(), dtype=np.int64)
    rows = [counts]
    if suits:
        by_suit = value_suit_counts(shoe)
        rows += [by_suit[:, list(group)].sum(axis=1) for group in _SUITS + _COLOURS]
    table = np.array(rows, dtype=np.int64)
    depletes = not shoe.is_infinite
    total = int(counts.sum())
    zero: Any = Fraction(0) if exact else 0.0
    out: dict[str, list[Any]] = {key: [zero] * 10 for key in ("up", "hand", "suited", "coloured", "blackjack")}
    for up in range(1, 11):
        n_up = int(counts[up - 1])
        if not n_up:
            continue
        left = np.clip(table - np.eye(10, dtype=np.int64)[up - 1], 0, None) if depletes else table
        drawn_from = total - 1 if depletes else total
        ended, _, stuck = dealer_lengths_given_up(up, left, procedure, depletes, exact, busts=list(outcomes),
                                                  totals=np.full(len(table), drawn_from))
        if stuck[0]:
            raise ShoeError(f"the shoe is too small for {name}: the dealer can run out of cards ({shoe.describe()})")
        values: list[Any]
        if exact:
            values = [sum((Fraction(int(v[r]), falling(drawn_from, n - 1) if depletes else drawn_from ** (n - 1))
                           for n, v in ended.items() if v[r]), Fraction(0)) for r in range(len(table))]
        else:
            values = [float(sum(v[r] for v in ended.values())) for r in range(len(table))]
        out["up"][up - 1] = _ratio(n_up, total, exact)
        out["hand"][up - 1] = values[0]
        if suits:
            share = [_ratio(int(table[r, up - 1]), n_up, exact) for r in range(len(table))]
            out["suited"][up - 1] = sum((share[r] * values[r] for r in range(1, 5)), zero)
            out["coloured"][up - 1] = sum((share[r] * values[r] for r in range(5, 7)), zero)
        if up in (ACE + 1, TEN + 1) and drawn_from:   # the hole card completes a natural
            out["blackjack"][up - 1] = _ratio(int(left[0, TEN if up == ACE + 1 else ACE]), drawn_from, exact)
    return UpCardHands(out["up"], out["hand"], out["suited"] if suits else None, out["coloured"] if suits else None,
                       out["blackjack"])


def _ratio(a: int, b: int, exact: bool) -> Any:
    return Fraction(a, b) if exact else a / b


class DealerHandBet(SideBet):
    """A bet on the dealer's final hand from the full shoe (Push 22, Bust Bonus): the dealer's
    soft-17 rule, and suits only where the pay table needs them.

    A subclass lists its events with suits tracked (``events``) and ``suited``: pairs (a suited
    event, the event its hands count in when suits are not tracked), indices into ``events``.
    A pay table that pays every suited event like its partner needs no suits: on a shoe counted
    by rank only the bet is then computed without them, its events the others (the suited
    hands counted in their partners); a table that pays them apart refuses such a shoe.
    Effects of removal follow the same rule: by rank where the table needs no suits, else card
    by card (rank and suit).  Subclasses implement :meth:`_events`.
    """

    suited: tuple[tuple[int, int], ...] = ()

    def __init__(self, hits_soft_17: bool = True, *, suits: bool = True):
        for flag, value in (("hits_soft_17", hits_soft_17), ("suits", suits)):
            if not isinstance(value, bool):
                raise RulesError(f"{flag} must be True or False, not {value!r}")
        self.hits_soft_17 = hits_soft_17
        self.suits = suits
        self.procedure = StandardDealer(hits_soft_17)
        self._removal_method = ("each specific card (rank and suit) removed in turn, as the pay table pays suited "
                                "hands apart; a rank's EoR is the average over its cards, weighted by their counts "
                                "(T: all ten-value cards)")
        if not suits:                   # the events and tables without the suited events
            cls = type(self)
            self.events = tuple(e for i, e in enumerate(cls.events) if i not in self._suited_events)
            self.paytables = {name: tuple(self._merge(pays)) for name, pays in cls.paytables.items()
                              if not self._pays_apart(pays)}
            self._removal_method = "one card of the rank removed (ten-values pooled): the pay table pays suits alike"

    @property
    def _suited_events(self) -> set[int]:
        return {i for i, _ in self.suited}

    def _pays_apart(self, pays: Sequence[Any]) -> bool:
        return any(Fraction(pays[i]) != Fraction(pays[j]) for i, j in self.suited)

    def _merge(self, pays: Sequence[Any]) -> list[Any]:
        return [p for i, p in enumerate(pays) if i not in self._suited_events]

    def pays_suits(self, paytable: PayTableLike = None) -> bool:
        """Whether this pay table pays a suited hand apart from its plain partner.

        >>> from bjcalc.sidebets.push22 import Push22
        >>> Push22().pays_suits("11:1"), Push22().pays_suits("50/20/8")
        (False, True)
        """
        return self.suits and self._pays_apart(self.paytable(paytable).pays)

    def _without_suits(self, shoe: Shoe, table: PayTable) -> Optional[tuple["DealerHandBet", PayTable]]:
        """The bet without suits and its table, where this shoe has none (and the table needs
        none); None where the bet tracks suits on this shoe."""
        if not self.suits or shoe.suit_counts is not None:
            return None
        if self._pays_apart(table.pays):
            raise ShoeError(f"{self.name}'s pay table {table.name} pays suited hands apart, so it needs suits: "
                            f"{suited_shoe()}; this shoe is counted by rank only")
        return self._merged(table)

    def _merged(self, table: PayTable) -> tuple["DealerHandBet", PayTable]:
        """The bet without suits, and a table paying every suited event like its partner, for it."""
        plain = self._twin()
        return plain, PayTable(table.name, plain.events, tuple(self._merge(table.pays)))

    def _twin(self) -> "DealerHandBet":
        """The same bet without suits."""
        raise NotImplementedError

    def _check(self, shoe: Shoe) -> None:
        if self.suits and shoe.suit_counts is None:
            raise ShoeError(f"{self.name} with suits tracked needs a shoe with suits ({suited_shoe()}); this shoe "
                            f"is counted by rank only")

    def probabilities(self, shoe: ShoeLike = 6, exact: bool = False) -> pd.Series:
        """Probability of every event (the losing event last); on a shoe without suits, of the
        events without suits (the suited hands counted in their partners).

        >>> from bjcalc.sidebets.push22 import Push22
        >>> Push22().probabilities(Shoe.from_counts(A=4, T=16, **{"6": 4})).index.tolist()
        ['22', 'no 22']
        """
        shoe = as_shoe(shoe)
        if self.suits and shoe.suit_counts is None:
            return self._twin().probabilities(shoe, exact)
        return super().probabilities(shoe, exact)

    def evaluate(self, shoe: ShoeLike = 6, paytable: PayTableLike = None, exact: bool = False) -> SideBetResult:
        """:meth:`SideBet.evaluate`; on a shoe without suits, with the events without suits, for a
        pay table that needs none (another is refused).

        >>> from bjcalc.sidebets.push22 import Push22
        >>> rank_only = Shoe.decks(6).without("5,5")
        >>> Push22().evaluate(rank_only).table["event"].tolist()
        ['22', 'no 22']
        >>> try:
        ...     Push22().evaluate(rank_only, "50/20/8")
        ... except ShoeError as refused:
        ...     print(str(refused)[:70])
        Push 22's pay table 50/20/8 pays suited hands apart, so it needs suits
        """
        shoe = as_shoe(shoe)
        table = self.paytable(paytable)
        plain = self._without_suits(shoe, table)
        if plain is not None:
            return plain[0].evaluate(shoe, plain[1], exact)
        return super().evaluate(shoe, table, exact)

    def effects_of_removal(self, shoe: ShoeLike = 6, paytable: PayTableLike = None, exact: bool = False,
                           max_tag: int = 3) -> RemovalEffects:
        """:meth:`SideBet.effects_of_removal`: one card of each rank removed where the pay table needs
        no suits, else each card (rank and suit) in turn.

        >>> from bjcalc.sidebets.push22 import Push22
        >>> e = Push22().effects_of_removal(1, "11:1", exact=True)
        >>> sum(e.table["share"] * e.table["eor"]) == 0
        True
        """
        shoe = as_shoe(shoe)
        table = self.paytable(paytable)
        plain = self._without_suits(shoe, table)
        if plain is None and self.suits and not self._pays_apart(table.pays):    # suits change no EV: by rank
            plain = self._merged(table)
        if plain is not None:
            return plain[0].effects_of_removal(shoe, plain[1], exact, max_tag)
        return super().effects_of_removal(shoe, table, exact, max_tag)

    def _removals(self, shoe: Shoe) -> list[tuple[int, Shoe, int]]:
        if self.suits and shoe.suit_counts is not None:    # (a suitless shoe is refused before)
            return self._removals_by_card(shoe.suit_counts)
        return super()._removals(shoe)

    def _dealer_text(self) -> str:
        return (f"dealer: {'hits' if self.hits_soft_17 else 'stands on'} soft 17, always completes the hand; the "
                f"whole dealer hand from the shoe, up card random, no other cards removed")

    def _suits_text(self, shoe: Shoe) -> str:
        if self.suits:
            return "suits: tracked (every card of the dealer's hand, dealt from the shoe's suit counts)"
        return "suits: not tracked (the pay table pays suited hands like the others)"

    def _hands(self, shoe: Shoe, outcomes: Sequence[int], exact: bool) -> UpCardHands:
        return up_card_hands(shoe, self.procedure, outcomes, exact, self.suits, self.name)

    def _probabilities(self, shoes: Sequence[Shoe], exact: bool) -> list[tuple[list[Any], Optional[list[int]]]]:
        found: dict[Any, list[Any]] = {}
        out: list[tuple[list[Any], Optional[list[int]]]] = []
        for shoe in shoes:
            key = (shoe.value_counts(), shoe.is_infinite,
                   None if not self.suits else value_suit_counts(shoe).tobytes())
            if key not in found:
                found[key] = self._events(shoe, exact)
            out.append((found[key], None))
        return out

    def _events(self, shoe: Shoe, exact: bool) -> list[Any]:
        """The probability of every event on one shoe (the losing event last)."""
        raise NotImplementedError
