"""Settlement: what a finished player hand wins or loses against each dealer outcome.

The engine works with *joint* values: the expected result of a hand including
the dealer-blackjack cases it can lose to.  Where a dealer blackjack takes only
the original bet (a peek game, where the player never gets to act, and ENHC
"original bet only") that loss is the same whatever the player does, so it is
charged once per round (:meth:`Settlement.round_blackjack_loss`) and the hand's
own table pays 0 on a dealer blackjack.  Where it takes every bet (ENHC), the
hand's table charges the whole bet.

>>> from bjcalc.core.rules import Rules
>>> s = Settlement(Rules())
>>> s.stand_table()[18].tolist()
[1, 0, -1, -1, -1, 1, 1, 1, 1, 1, 0]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

import numpy as np

from ..core.outcomes import BLACKJACK, N_OUTCOMES
from ..core.rules import Rules
from ..core.wagers import MONEY, SURRENDER_LOSS, Wager, surrender_value

__all__ = ["Settlement", "AfterDouble"]


@dataclass(frozen=True)
class AfterDouble:
    """What a doubled hand may do once its card is dealt, besides standing: give the hand up for
    ``rescue`` (its result per unit initial bet whatever was doubled; None: not offered) after
    each of its first ``rescued`` doubles (None: after every one), and double again until
    ``doubles`` doubles in all (each doubling the wager then on the hand and taking one card; 1: no
    redouble).  The standard round offers neither.

    >>> AfterDouble().offers_more, AfterDouble(rescue=Fraction(-1)).offers_more
    (False, True)
    >>> AfterDouble(Fraction(-1), doubles=3, rescued=1).rescues(2)
    False
    """

    rescue: Optional[Fraction] = None
    doubles: int = 1
    rescued: Optional[int] = None

    def rescues(self, double: int) -> bool:
        """Whether a hand may be rescued after the card of its ``double``-th double (1 = the first)."""
        return self.rescue is not None and (self.rescued is None or double <= self.rescued)

    @property
    def offers_more(self) -> bool:
        """Whether a doubled hand has any choice but to stand."""
        return self.rescue is not None or self.doubles > 1


class Settlement:
    """Payoffs of the standard game for a unit chip (``wager``: a money chip unless said);
    variants override the hooks.

    A free chip (:data:`~bjcalc.core.wagers.FREE_CHIP`) is paid the same tables, each
    money result read through :meth:`~bjcalc.core.wagers.Wager.pays`:

    >>> from bjcalc.core.wagers import FREE_CHIP
    >>> Settlement(Rules(), FREE_CHIP).stand_table()[18].tolist(), Settlement(Rules(), FREE_CHIP).bust_payoff()
    ([1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0], 0)
    """

    dealt_wins = False
    """Whether :meth:`dealt_win` may name a hand (a variant that overrides it sets this True: the
    round's many-deals path asks only then)."""

    def __init__(self, rules: Rules, wager: Wager = MONEY):
        self.rules = rules
        self.wager = wager

    def _chip(self, table: np.ndarray) -> np.ndarray:
        """A money chip's payoffs read as this settlement's chip's."""
        if self.wager == MONEY:
            return table
        w = self.wager
        return np.where(table > 0, w.win, np.where(table < 0, w.loss, w.push)).astype(np.int64)

    @property
    def peeks(self) -> bool:
        """Whether the dealer checks for blackjack before the players act (so hand values are
        conditioned on no dealer blackjack, and early surrender comes before the check)."""
        return self.rules.hole_card == "peek"

    @property
    def blackjack_first(self) -> bool:
        """Whether a dealer blackjack settles the round before the player decides anything: a peek
        game without early surrender (which is offered before the check).  Then a hand's values
        may be stated given no dealer blackjack.

        >>> Settlement(Rules()).blackjack_first, Settlement(Rules(surrender="early")).blackjack_first
        (True, False)
        """
        return self.peeks and self.rules.surrender != "early"

    @property
    def blackjack_takes_whole_bet(self) -> bool:
        """Whether a dealer blackjack found after the players act takes doubles and splits too."""
        return self.rules.hole_card == "enhc"

    @property
    def hand_blackjack_payoff(self) -> int:
        """What a unit bet of a non-natural hand gets in the hand's own table on a dealer blackjack."""
        return self.wager.pays(-1) if self.blackjack_takes_whole_bet else 0

    def stand_table(self) -> np.ndarray:
        """Payoff (rows: player total 0-21, columns: dealer outcome) of a standing unit bet.

        With ``dealer_22_pushes`` (Burn 20) a dealer 22 pushes every hand still in play.
        """
        table = np.zeros((22, N_OUTCOMES), dtype=np.int64)
        for total in range(22):
            for outcome in range(BLACKJACK):
                dealer = 17 + outcome
                table[total, outcome] = 1 if dealer > 21 or total > dealer else (0 if total == dealer else -1)
            table[total, BLACKJACK] = -1 if self.blackjack_takes_whole_bet else 0      # (money results: see _chip)
        if self.rules.dealer_22_pushes:
            table[:, 22 - 17] = 0
        return self._chip(table)

    def stand_row(self, total: int, cards: int) -> np.ndarray:
        """Payoff by dealer outcome of a unit bet standing with this total (at most 21) and number of
        cards: its row of :meth:`stand_table`, or, for a Charlie (``rules.charlie`` cards), a win on
        every dealer outcome but a blackjack (which takes it as it takes any hand's bet).

        >>> from bjcalc.core.rules import Rules
        >>> Settlement(Rules(charlie=5)).stand_row(14, 5).tolist(), Settlement(Rules()).stand_row(14, 5).tolist()
        ([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0], [-1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 0])
        """
        columns, column = self.stand_columns(np.array([total]), np.array([cards]))
        return columns[:, column[0]]

    def stand_columns(self, total: np.ndarray, cards: np.ndarray, hand: Optional[np.ndarray] = None,
                      split: Optional[np.ndarray] = None) -> tuple[np.ndarray, np.ndarray]:
        """What standing hands win, as a table and a column per hand: ``(columns, column)``, where
        ``columns[:, column[i]]`` is the payoff by dealer outcome of hand ``i`` of this total (at
        most 21) and number of cards.  Standing on 16 or less pays as 16 does, so the totals
        16-21 make six columns; a Charlie (``rules.charlie``) is a seventh, a win on every
        outcome but a dealer blackjack.  The engine reads its nodes' stand values through it,
        the other passes through :meth:`stand_row`: one settlement of standing hands for all.
        ``hand`` (each hand's counts by value, 1-10) and ``split`` (bool: a split hand) are for
        a variant whose payoffs depend on more than the total and the number of cards.

        >>> from bjcalc.core.rules import Rules
        >>> columns, column = Settlement(Rules(charlie=5)).stand_columns(np.array([12, 21, 20]), np.array([2, 3, 5]))
        >>> columns.shape, column.tolist()
        ((11, 7), [0, 5, 6])
        """
        table = self.stand_table()
        columns = table[16:22].T
        column = np.clip(total, 16, 21) - 16
        if self.rules.charlie is not None:
            win = np.full(N_OUTCOMES, self.wager.pays(1), dtype=np.int64)
            win[BLACKJACK] = table[16, BLACKJACK]       # (a dealer blackjack takes it as any hand's bet)
            columns = np.column_stack([columns, win])
            column = np.where(cards >= self.rules.charlie, columns.shape[1] - 1, column)
        return np.ascontiguousarray(columns), column

    def against(self, up: int) -> "Settlement":
        """The settlement of hands played against the up card ``up``: this one, unless a payoff
        depends on the up card (a variant's bonus against one up card); the engine reads the
        stand columns of the settlement it returns for that up card.

        >>> s = Settlement(Rules())
        >>> s.against(7) is s
        True
        """
        return self

    def doubled_columns(self, total: np.ndarray, cards: np.ndarray, hand: np.ndarray,
                        split: np.ndarray) -> Optional[tuple[np.ndarray, np.ndarray]]:
        """What doubled hands win standing, per unit of their wager, as :meth:`stand_columns` says
        it for undoubled ones; None: the same (a variant whose bonuses a doubled hand forgoes
        says otherwise)."""
        return None

    def after_double(self) -> AfterDouble:
        """What a doubled hand may do after its card besides standing (the standard round:
        nothing)."""
        return AfterDouble()

    def bust_payoff(self) -> int:
        """What a busted unit bet gets when the dealer has no blackjack (unless :meth:`bust_row` says more)."""
        return self.wager.pays(-1)

    def bust_row(self, cards: int, total: int) -> Optional[np.ndarray]:
        """Payoff by dealer outcome of a busted unit bet with this many cards and (hard) total,
        when it depends on the dealer's hand (No Bust's bust-push rule); None when it is
        always :meth:`bust_payoff`.

        >>> from bjcalc.core.rules import Rules
        >>> Settlement(Rules(bust_push="three_card_23_25")).bust_row(3, 24).tolist()
        [-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0]
        """
        rule = self.rules.bust_push
        if rule == "none" or cards != 3:
            return None
        if rule == "three_card_23_25" and not 23 <= total <= 25:
            return None
        if rule == "three_card_25_v_26" and total != 25:
            return None
        row = np.full(N_OUTCOMES, -1, dtype=np.int64)          # (money results, read as the chip's below)
        for outcome in range(5, 10):          # dealer busts with 22-26
            dealer = 17 + outcome
            if dealer > total and (rule != "three_card_25_v_26" or dealer == 26):
                row[outcome] = 0
        row[BLACKJACK] = -1 if self.blackjack_takes_whole_bet else 0
        return self._chip(row)

    def natural_pays(self, suited_chance: Optional[Fraction] = None) -> tuple[tuple[Fraction, Fraction], ...]:
        """What a player natural wins when the dealer has none, as ``(chance, pays)`` pairs: the
        blackjack pay, or with ``suited_blackjack_pays`` the naturals of one suit, a share
        ``suited_chance`` of them (the shoe's:
        :meth:`~bjcalc.core.cards.Shoe.suited_natural_chance`), paid that.

        >>> from bjcalc.core.rules import Rules
        >>> [tuple(map(str, pair)) for pair in Settlement(Rules(suited_blackjack_pays="2:1")).natural_pays(Fraction(1, 4))]
        [('3/4', '3/2'), ('1/4', '2')]
        """
        pays = Fraction(self.rules.blackjack_pays)
        suited = self.rules.suited_blackjack_pays
        if suited is None:
            return ((Fraction(1), pays),)
        if suited_chance is None:
            raise TypeError("a suited blackjack's pay needs the shoe's chance of a suited natural")
        return tuple((chance, paid) for chance, paid in ((1 - suited_chance, pays), (suited_chance, Fraction(suited)))
                     if chance)

    def natural_pay(self, suited: bool) -> Fraction:
        """What a natural of one suit (``suited``) or of two wins when the dealer has none."""
        suited_pays = self.rules.suited_blackjack_pays
        return Fraction(suited_pays if suited and suited_pays is not None else self.rules.blackjack_pays)

    def natural_payout(self, suited_chance: Optional[Fraction] = None) -> Fraction:
        """What a player natural wins on average when the dealer has none (a dealer natural
        pushes it): :meth:`natural_pays`' mean."""
        return sum((chance * pays for chance, pays in self.natural_pays(suited_chance)), Fraction(0))

    def dealt_win(self, composition: tuple[int, ...]) -> Optional[tuple[Fraction, Fraction]]:
        """A two-card hand that may win at once by its suits, before any decision and whatever the
        dealer holds: ``(chance, pays)`` given its card values (``composition``: counts by value,
        ace first), or None where none does (the standard round).  Player's Edge 21's two suited
        identical face cards."""
        return None

    def surrendered(self, blackjack: Any, loss: Any = SURRENDER_LOSS) -> Any:
        """Joint value of a hand surrendered on its first two cards when the dealer has a blackjack
        with chance ``blackjack``, the round's own charge (:meth:`round_blackjack_loss`) apart.  A
        late surrender (after the peek, or with no hole card once the dealer turns a blackjack) is
        settled as the hand stands (:func:`~bjcalc.core.wagers.surrender_value`); an early one,
        before the dealer checks, gives up ``loss`` (:data:`~bjcalc.core.wagers.SURRENDER_LOSS`,
        or it in the caller's arithmetic) whatever he holds, so the round's charge is given back.
        Linear in ``blackjack``: at 0 or 1 it is the hand's result given that event, what a dealing
        simulation pays.

        >>> [str(Settlement(Rules(surrender=kind)).surrendered(Fraction(b)) - b) for kind in ("late", "early")
        ...  for b in (0, 1)]
        ['-1/2', '-1', '-1/2', '-1/2']
        """
        if self.rules.surrender == "early":
            return -loss + self.round_blackjack_loss() * blackjack
        return surrender_value(blackjack, self.hand_blackjack_payoff, loss)

    def natural_tie(self) -> Fraction:
        """What a player natural gets when the dealer's peek finds one too (the standard round: a
        push, 0; Spanish 21's natural always wins)."""
        return Fraction(0)

    def round_blackjack_loss(self) -> int:
        """Loss per round on a dealer blackjack charged outside the hands' tables (0 or 1)."""
        return 0 if self.blackjack_takes_whole_bet else 1
