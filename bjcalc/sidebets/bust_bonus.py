"""Bust Bonus: placed after the dealer's up card is seen; pays when the dealer busts.

The pays depend on the up card, and on whether every card of the dealer's busted hand is of
one suit (a suited bust); with an 8 up, a dealer 8-8-8 pays a premium instead of the 8's
pays.  The bet deals the dealer's whole hand from the shoe (as Buster Blackjack's model
``"shoe"``: no other card removed), the dealer hitting soft 17 or not (``hits_soft_17``,
H17 by default).  The built-in table, ``silver_dollar`` (the table of the game as dealt at
the Silver Dollar casino, SeaTac, analysed on the Wizard of Odds' Bust Bonus page), pays
to one:

    up card   A   2   3   4   5   6   7   8   8-8-8   9   T
    bust      3   1   1   1   1   1   2   2   25      2   2
    suited   50  25  15  10   5   3  15  10   75     20  20

**The peek.**  With an ace or a ten-value up, the dealer checks for blackjack before the bet is
offered (``peek=True``, the default, as that analysis reads the game): the bet is made only
when the dealer has none, so its chances under an A or T up are given no dealer blackjack,
P(bust | up, no blackjack) = P(bust | up) / (1 - P(blackjack | up)) (a blackjack is never a
bust).  ``peek=False``: the bet is made before any check (or no hole card is dealt), and a
dealer blackjack is a hand that does not bust: the bet loses.

**By up card.**  The bet is a decision after the up card, so its figures are by up card
(:meth:`BustBonus.by_up_card`): the chances given the up card value (averaged over its suit).
Suited busts follow the identity of :mod:`bjcalc.sidebets.dealer_hand`: a bust sequence of
values with m_v cards of value v is dealt from a set of cards S (s_v of value v) with chance
prod_v falling(s_v, m_v) / falling(N, k), so the dealer's recursion run on each suit's counts,
every draw over the whole shoe, gives P(bust, every card of that suit | up), the up card of
the suit with chance s_u / n_u.  The 8-8-8 is one hand: under an 8 up (n_8 eights, N cards)
the hole card and the one draw to hard 16 are 8s with chance (n_8 - 1)(n_8 - 2) / ((N - 1)(N - 2)),
the same with one suit's 8s for the suited 8-8-8 (without depletion, (n_8 / N)^2).

**Placed on every round** (:meth:`BustBonus.evaluate`, the base class's shape): the events
are by up card, ``A suited bust``, ``A bust``, ..., ``suited 8-8-8``, ``8-8-8``, ``8 suited
bust``, ``8 bust``, ..., ``T bust``, then ``no bust``; each event's chance is of the rounds the
bet is offered on (with the peek, those without a dealer blackjack under an A or T up), so
its EV is a bettor's who makes it every time it is offered: the up cards' EVs weighted by
their shares of those rounds.  With the peek that EV is a ratio (the expected win over the
chance that the bet is offered); removing a card at random keeps each part's expectation, not
the ratio's, so its effects of removal need not sum to zero (without the peek they do).

>>> table = BustBonus().by_up_card(8)
>>> [f"{-float(table.loc[up, 'ev']):.2%}" for up in ("A", "2", "3", "4")]
['9.03%', '7.46%', '8.37%', '7.19%']
"""

from __future__ import annotations

import math

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Union

from ..core.cards import Shoe
from ..core.errors import RulesError, ShoeError
from ..engine.lengths import BUST_OUTCOMES
from .base import PayTable, PayTableLike, ShoeLike, SideBetResult, as_shoe, json_number, shoe_or_decks, user_number
from .dealer_hand import DealerHandBet, UpCardHands, falling, value_suit_counts

if TYPE_CHECKING:   # pandas is imported where a table is built: it is slow to import
    import pandas as pd

__all__ = ["BustBonus", "bust_bonus", "UpCardTable", "UP_CARDS"]

UP_CARDS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
"""The up cards by value, ace first; ``T`` is any ten-value card."""

_EIGHT = UP_CARDS.index("8")


def _events() -> tuple[tuple[str, ...], tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The events with suits, the (suited, plain) pairs among them, and each event's up card index."""
    events: list[str] = []
    ups: list[int] = []
    for v, up in enumerate(UP_CARDS):
        kinds = (["suited 8-8-8", "8-8-8"] if up == "8" else []) + [f"{up} suited bust", f"{up} bust"]
        events += kinds
        ups += [v] * len(kinds)
    pairs = tuple((i, i + 1) for i, e in enumerate(events) if "suited" in e)
    return tuple(events), pairs, tuple(ups)


_BB_EVENTS, _BB_SUITED, _BB_UPS = _events()


class BustBonus(DealerHandBet):
    """Bust Bonus: wins when the dealer busts, paid by the up card and the busted hand's suits.

    Events, by up card in the order A, 2, ..., 9, T: ``X suited bust`` (every card of the
    dealer's busted hand of one suit), ``X bust`` (any other bust); with an 8 up, ``suited
    8-8-8`` and ``8-8-8`` first (a dealer 8-8-8, which pays instead of the 8's bust pays);
    otherwise ``no bust`` and the bet loses.  :meth:`evaluate` is the bet placed on every
    round it is offered (chances of those rounds); :meth:`by_up_card` is each up card's.

    ``hits_soft_17`` (default True, H17); ``peek`` (default True): under an A or T up the bet
    is offered only when the peek finds no blackjack (module docstring).  Built-in pay table:
    ``silver_dollar``; or a list of 22 pays, one per event in order.  A table that pays every
    suited event like its plain partner needs no suits.

    >>> r = BustBonus().evaluate(8, exact=True)
    >>> sum(r.table["probability"]) == 1, f"{float(r.house_edge):.4%}"
    (True, '7.9870%')
    >>> BustBonus().paytable().as_dict()["suited 8-8-8"]
    Fraction(75, 1)
    """

    name = "Bust Bonus"
    key = "bust-bonus"
    events = _BB_EVENTS
    losing_event = "no bust"
    paytables = {"silver_dollar": (50, 3, 25, 1, 15, 1, 10, 1, 5, 1, 3, 1, 15, 2, 75, 25, 10, 2, 20, 2, 20, 2)}
    default_paytable = "silver_dollar"
    suited = _BB_SUITED

    def __init__(self, hits_soft_17: bool = True, *, peek: bool = True, suits: bool = True):
        if not isinstance(peek, bool):
            raise RulesError(f"peek must be True or False, not {peek!r}")
        self.peek = peek
        super().__init__(hits_soft_17, suits=suits)
        if peek:
            self._removal_method += ("; the EV is per round the bet is offered (none under an A or T with a dealer "
                                     "blackjack), a ratio of two expectations, so the share-weighted EoRs need not "
                                     "sum to zero (without the peek they do)")
        self._ups = tuple(up for i, up in enumerate(_BB_UPS) if suits or i not in self._suited_events)

    def __repr__(self) -> str:
        return (f"BustBonus(hits_soft_17={self.hits_soft_17}, peek={self.peek}"
                + ("" if self.suits else ", suits=False") + ")")

    def _twin(self) -> "BustBonus":
        return BustBonus(self.hits_soft_17, peek=self.peek, suits=False)

    def _peeks(self, up: int) -> bool:
        return self.peek and UP_CARDS[up] in ("A", "T")

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        peek = ("peek: with an A or T up the dealer checks for blackjack before the bet is offered: it is made "
                "only without one, so its chances under those up cards are given no dealer blackjack"
                if self.peek else
                "no peek: the bet is made before any check for blackjack; a dealer blackjack does not bust, the "
                "bet loses")
        return (f"shoe: {shoe.describe()}" + (" (suits tracked)" if self.suits else ""), self._dealer_text(), peek,
                self._suits_text(shoe) + ("; a suited bust: every card of the busted hand of one suit"
                                          if self.suits else ""),
                "rounds: the bet placed on every round it is offered; its chances are of those rounds, the EV a "
                "weighted average of the up cards' (by_up_card)")

    # -- probabilities ----------------------------------------------------------------------
    def _given_up(self, shoe: Shoe, exact: bool) -> tuple[list[Any], list[list[Any]]]:
        """Each up card's share of the rounds the bet is offered on, and the chance of each of its
        events given it (in the order of ``events``; nothing for an up card never offered)."""
        hands = self._hands(shoe, BUST_OUTCOMES, exact)
        eights = self._eights(shoe, exact)
        zero: Any = Fraction(0) if exact else 0.0
        offered = [p * (1 - bj if self._peeks(v) else 1) for v, (p, bj) in enumerate(zip(hands.up, hands.blackjack))]
        rounds = sum(offered, zero)
        if not rounds:
            raise ShoeError(f"{self.name} is never offered on this shoe ({shoe.describe()}): every up card is an A "
                            f"or T with a dealer blackjack")
        given: list[list[Any]] = []
        for v in range(10):
            kept = 1 - hands.blackjack[v] if self._peeks(v) else 1
            given.append([] if not offered[v] else [p / kept for p in self._up_events(v, hands, eights)])
        return [o / rounds for o in offered], given

    def _up_events(self, v: int, hands: UpCardHands, eights: tuple[Any, Any]) -> list[Any]:
        """The chances of an up card's events given it, before the peek's conditioning."""
        bust = hands.hand[v]
        eight, suited_eight = eights if v == _EIGHT else (0, 0)
        if hands.suited is None:
            return ([eight] if v == _EIGHT else []) + [bust - eight]
        suited = hands.suited[v]
        return ([suited_eight, eight - suited_eight] if v == _EIGHT else []) + \
            [suited - suited_eight, bust - suited - (eight - suited_eight)]

    def _eights(self, shoe: Shoe, exact: bool) -> tuple[Any, Any]:
        """P(the dealer's hand is 8-8-8 | an 8 up) and P(suited 8-8-8 | an 8 up)."""
        counts = shoe.value_counts()
        n, total = counts[_EIGHT], sum(counts)
        if not n:
            return (Fraction(0), Fraction(0)) if exact else (0.0, 0.0)
        by_suit = [int(c) for c in value_suit_counts(shoe)[_EIGHT]] if self.suits else []

        def two_more(eights: int) -> Fraction:     # the hole card and the one draw, from eights of a set
            if shoe.is_infinite:
                return Fraction(eights, total) ** 2
            return Fraction(falling(eights - 1, 2), falling(total - 1, 2)) if falling(total - 1, 2) else Fraction(0)

        both = (two_more(n), sum((Fraction(s, n) * two_more(s) for s in by_suit), Fraction(0)))
        return both if exact else (float(both[0]), float(both[1]))

    def _events(self, shoe: Shoe, exact: bool) -> list[Any]:
        shares, given = self._given_up(shoe, exact)
        zero: Any = Fraction(0) if exact else 0.0
        probs: list[Any] = []
        for v in range(10):      # (the events run by up card, ace first)
            probs += [shares[v] * p for p in given[v]] if given[v] else [zero] * self._ups.count(v)
        return probs + [1 - sum(probs, zero)]

    def by_up_card(self, shoe: ShoeLike = 6, paytable: PayTableLike = None, exact: bool = False) -> pd.DataFrame:
        """The bet by up card (index ``A``, ``2``, ..., ``T``): ``share`` (of the rounds it is offered
        on), the chance of each event given the up card (columns named without the up card:
        ``suited bust``, ``bust``, ``suited 8-8-8``, ``8-8-8``, 0 where an up card has no such
        event), ``no bust``, ``ev`` and ``house edge`` per unit staked.  An up card the shoe
        lacks (or, with the peek, always a dealer blackjack) has no chances (None).

        >>> t = BustBonus().by_up_card(8)
        >>> round(float(t.loc["A", "suited bust"]), 6), round(float(t.loc["A", "bust"]), 6)
        (0.002239, 0.198886)
        """
        return self.up_card_table(shoe, paytable, exact).table

    def up_card_table(self, shoe: ShoeLike = 6, paytable: PayTableLike = None, exact: bool = False) -> UpCardTable:
        """:meth:`by_up_card` with its pay table and assumptions, printable (:class:`UpCardTable`).

        >>> print("\\n".join(str(BustBonus().up_card_table(8)).splitlines()[2:4]))
        up     share       P(bust)     P(suited)           EV  pays
        A   0.055847  0.2011250055  0.0022390267  -0.09026572  bust 3, suited 50
        """
        import pandas as pd

        shoe = as_shoe(shoe)
        table = self.paytable(paytable)
        plain = self._without_suits(shoe, table)
        bet = self
        if plain is not None:
            assert isinstance(plain[0], BustBonus)
            bet, table = plain[0], plain[1]
        bet._check(shoe)
        shares, given = bet._given_up(shoe, exact)
        labels = ["suited 8-8-8", "8-8-8", "suited bust", "bust"] if bet.suits else ["8-8-8", "bust"]
        zero: Any = Fraction(0) if exact else 0.0
        rows, pays = [], {}
        for v, up in enumerate(UP_CARDS):
            names = [e.removeprefix(f"{up} ") for i, e in zip(bet._ups, bet.events) if i == v]
            pays[up] = dict(zip(names, (p for i, p in zip(bet._ups, table.pays) if i == v)))
            if not given[v]:
                rows.append([user_number(shares[v], exact)] + [None] * (len(labels) + 3))
                continue
            chances = dict(zip(names, given[v]))
            lose = 1 - sum(given[v], zero)
            ev = sum((p * pays[up][name] for name, p in chances.items()), zero) - lose
            rows.append([user_number(x, exact) for x in
                         [shares[v]] + [chances.get(label, zero) for label in labels] + [lose, ev, -ev]])
        frame = pd.DataFrame(rows, columns=["share"] + labels + ["no bust", "ev", "house edge"],
                             index=pd.Index(list(UP_CARDS), name="up"))
        if exact:
            frame = frame.astype(object)
        return UpCardTable(bet.name, table, pays, shoe.describe(), frame, exact, bet._assumptions(shoe))


@dataclass(frozen=True)
class UpCardTable:
    """Bust Bonus by up card on one shoe: ``table`` (:meth:`BustBonus.by_up_card`), the pay table
    and each up card's pays (``pays``: up card -> event, named as the table's columns -> pays),
    the assumptions; prints as a table, ``to_dict`` for JSON."""

    bet: str
    paytable: PayTable
    pays: dict[str, dict[str, Fraction]]
    shoe: str
    table: pd.DataFrame
    exact: bool
    assumptions: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """Up card -> share, the chance of each event given it, ``no bust``, ``ev``, ``house_edge`` and
        ``pays`` (exact numbers as ``{"exact": "p/q", "float": x}``; None where never offered).

        >>> BustBonus().up_card_table(8).to_dict()["4"]["house_edge"] > 0.07
        True
        """
        out: dict[str, Any] = {}
        for up, row in self.table.iterrows():
            out[str(up)] = {column.replace(" ", "_") if column == "house edge" else column:
                            None if _missing(row[column]) else json_number(row[column], self.exact)
                            for column in self.table.columns}
            out[str(up)]["pays"] = {name: json_number(user_number(p, self.exact), self.exact)
                                    for name, p in self.pays[str(up)].items()}
        return out

    def __str__(self) -> str:
        suits = "suited bust" in self.table.columns
        rows = [f"{self.bet} by up card, pay table {self.paytable.name}: the chances given the up card", "",
                f"{'up':<3} {'share':>8}  {'P(bust)':>12}  {'P(suited)':>12}  {'EV':>11}  pays"]
        for up, row in self.table.iterrows():
            pays = self.pays[str(up)]
            said = ", ".join(f"{name.replace(' bust', '') if name != 'bust' else 'bust'} {_fmt(p)}"
                             for name, p in reversed(pays.items()) if "8-8-8" not in name)
            if _missing(row["ev"]):
                rows.append(f"{str(up):<3} {float(row['share']):>8.6f}  never offered on this shoe")
                continue
            suited = (f"{float(row['suited bust'] + row['suited 8-8-8']):>12.10f}" if suits else f"{'-':>12}")
            rows.append(f"{str(up):<3} {float(row['share']):>8.6f}  {1 - float(row['no bust']):>12.10f}  {suited}  "
                        f"{float(row['ev']):>+11.8f}  {said}")
            if "8-8-8" in pays:
                eights = float(row["8-8-8"]) + (float(row["suited 8-8-8"]) if suits else 0.0)
                rows.append(f"{'':<3} {'8-8-8':>8}  {eights:>12.10f}  " + (
                    f"{float(row['suited 8-8-8']):>12.10f}" if suits else f"{'-':>12}") + f"  {'':>11}  " + ", ".join(
                    f"{name.replace('8-8-8', '').strip() or '8-8-8'} {_fmt(p)}" for name, p in
                    reversed(pays.items()) if "8-8-8" in name))
        rows.append("share: of the rounds the bet is offered on; P(bust), P(suited): every bust, every suited bust "
                    "(under an 8 up, the 8-8-8 line is part of them and pays instead); EV per unit staked")
        return "\n".join(rows)


def _missing(value: Any) -> bool:
    """Whether a cell of the table is an up card the shoe never offers the bet under (None; NaN in
    floats, as pandas keeps it)."""
    return value is None or (isinstance(value, float) and math.isnan(value))


def _fmt(pay: Fraction) -> str:
    return str(pay.numerator) if pay.denominator == 1 else f"{pay.numerator}/{pay.denominator}"


def bust_bonus(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
               decks: Union[int, float, None] = None, hits_soft_17: bool = True, peek: bool = True) -> SideBetResult:
    """Bust Bonus placed on every round it is offered, on a shoe (or ``decks`` full decks; default 6).

    >>> f"{float(bust_bonus(decks=8).house_edge):.4%}"
    '7.9870%'
    """
    return BustBonus(hits_soft_17, peek=peek).evaluate(shoe_or_decks(shoe, decks), paytable, exact)
