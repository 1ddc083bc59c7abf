"""Push 22: pays when the dealer's final hand totals exactly 22.

The bet covers the hand a main-game "push 22" rule pushes (Blackjack Switch, Free Bet
Blackjack).  It deals the dealer's whole hand from the shoe (as Buster Blackjack's model
``"shoe"``): the up card random, no other card removed, and the dealer completes the hand,
hitting soft 17 or not (``hits_soft_17``, H17 by default, as the published figures).  A
dealer blackjack is never 22, so the peek changes nothing: a blackjack it finds ends the
round and the bet loses, as it would if the dealer drew on.  The bet is settled on every
round, and P(22) is unconditional.

Pay tables: ``11:1`` (any 22 pays 11 to 1) and ``50/20/8`` (a 22 whose every card is of one
suit pays 50, of one colour 20, any other 22 pays 8).  The first needs no suits (a shoe
counted by rank only gives the one event ``22``); the second does.

**Derivation.**  P(22) is the dealer's recursion with one final outcome kept, a total of 22,
summed over the up cards (:func:`~bjcalc.sidebets.dealer_hand.up_card_hands`).  For the
suits, a sequence of values that ends on 22, m_v cards of value v out of a shoe of N cards
(n_v of value v, s_v of them in a set S of cards), has chance prod_v falling(n_v, m_v) /
falling(N, k); given the values, the cards of each value are a uniformly random subset of
that value's cards, so all of them lie in S with chance prod_v C(s_v, m_v) / C(n_v, m_v), and
the product of the two is prod_v falling(s_v, m_v) / falling(N, k): the same recursion on S's
counts with every draw over the whole shoe (:mod:`bjcalc.sidebets.dealer_hand`).  With
S each suit in turn (disjoint), and each colour (red: hearts and diamonds; black: spades
and clubs):

    P(suited 22)      = sum over the 4 suits S of P(22, every card in S)
    P(same colour 22) = sum over the 2 colours S of P(22, every card in S) - P(suited 22)
    P(22), other      = P(22) - P(suited 22) - P(same colour 22)

exact in rationals, with no enumeration of the suits dealt.

>>> r = push_22(decks=6)
>>> f"{1 - float(r.probabilities['no 22']):.6f}", f"{float(r.house_edge):.2%}"
('0.073536', '11.76%')
>>> f"{float(push_22(decks=6, paytable='50/20/8').house_edge):.2%}"
'5.85%'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Union

from ..core.cards import Shoe
from ..core.outcomes import OUTCOMES
from .base import PayTable, PayTableLike, ShoeLike, SideBetResult, _looks_numeric, shoe_or_decks
from .dealer_hand import DealerHandBet

__all__ = ["Push22", "push_22"]

TWENTY_TWO = OUTCOMES.index("22")
"""The dealer outcome the bet pays on: a final total of 22."""


class Push22(DealerHandBet):
    """Push 22: wins when the dealer's final hand totals exactly 22.

    Events (suits tracked), checked in order: ``suited 22`` (every card of the dealer's 22 of
    one suit), ``same colour 22`` (of one colour), ``22`` (any other); otherwise ``no 22``
    (a dealer blackjack included) and the bet loses.  On a shoe counted by rank only the
    events are ``22`` and ``no 22``, for a pay table that pays every 22 alike.

    ``hits_soft_17``: the dealer's rule (default True, H17).  Built-in pay tables: ``11:1``
    (11, 11, 11) and ``50/20/8`` (50, 20, 8); any list of three pays, or one pay for every 22.

    >>> p = Push22().probabilities(6, exact=True)
    >>> sum(p) == 1, round(float(p["suited 22"]), 6)       # the source of 50/20/8 prints 0.003327
    (True, 0.003327)
    >>> Push22().paytable("11").describe()
    '11:1: suited 22 11, same colour 22 11, 22 11'
    >>> Push22(hits_soft_17=False).assumptions(1)[1][:56]
    'dealer: stands on soft 17, always completes the hand; th'
    """

    name = "Push 22"
    key = "push-22"
    events = ("suited 22", "same colour 22", "22")
    losing_event = "no 22"
    paytables = {"11:1": (11, 11, 11), "50/20/8": (50, 20, 8)}
    default_paytable = "11:1"
    suited = ((0, 2), (1, 2))

    def __repr__(self) -> str:
        return f"Push22(hits_soft_17={self.hits_soft_17}" + ("" if self.suits else ", suits=False") + ")"

    def _twin(self) -> "Push22":
        return Push22(self.hits_soft_17, suits=False)

    def paytable(self, spec: PayTableLike = None) -> PayTable:
        """:meth:`SideBet.paytable`; one pay alone (``11``, or ``[11]``) pays every 22 alike.

        >>> Push22().paytable([12]).pays
        (Fraction(12, 1), Fraction(12, 1), Fraction(12, 1))
        """
        if len(self.events) > 1:
            if isinstance(spec, str) and spec.strip() not in self.paytables and _looks_numeric(spec.strip()):
                spec = [spec.strip()] * len(self.events)
            elif isinstance(spec, (list, tuple)) and len(spec) == 1:
                spec = list(spec) * len(self.events)
        return super().paytable(spec)

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()}" + (" (suits tracked)" if self.suits else ""), self._dealer_text(),
                "peek: a dealer blackjack is never 22, so the bet loses it whether the dealer peeks or not; it is "
                "settled on every round, and P(22) is unconditional",
                self._suits_text(shoe) + ("; suited 22: every card of the 22 of one suit; same colour 22: of one "
                                          "colour, not one suit" if self.suits else ""))

    def _events(self, shoe: Shoe, exact: bool) -> list[Any]:
        hands = self._hands(shoe, [TWENTY_TWO], exact)
        zero: Any = Fraction(0) if exact else 0.0

        def total(values: list[Any]) -> Any:
            return sum((p * h for p, h in zip(hands.up, values)), zero)

        twenty_two = total(hands.hand)
        if hands.suited is None or hands.coloured is None:
            return [twenty_two, 1 - twenty_two]
        suited, coloured = total(hands.suited), total(hands.coloured)
        return [suited, coloured - suited, twenty_two - coloured, 1 - twenty_two]


def push_22(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
            decks: Union[int, float, None] = None, hits_soft_17: bool = True) -> SideBetResult:
    """Push 22 on a shoe (or ``decks`` full decks; default 6) with a pay table (default ``11:1``).

    >>> f"{float(push_22(decks=8, hits_soft_17=False).house_edge):.4%}"
    '12.8808%'
    """
    return Push22(hits_soft_17).evaluate(shoe_or_decks(shoe, decks), paytable, exact)
