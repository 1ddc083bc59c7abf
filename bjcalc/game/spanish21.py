"""Spanish 21: Spanish decks, a player 21 always wins, bonuses for long 21s and 6-7-8 / 7-7-7,
doubling on any number of cards with the double-down rescue.

The round.  Six or eight Spanish decks (48 cards: the pip tens removed, J, Q, K kept); the dealer
peeks; a player natural pays 3:2 and always wins, a dealer natural found by the peek included; a
player 21 always wins, paid at once; late surrender of the first two cards; doubling on any number
of cards, split hands too, one card after a double (option ``redoubling``: double again after the
double's card, up to three doubles, the wager 1, 2, 4, 8); the double-down rescue (option
``rescue``): after a double's card the hand may be given up for the original bet, net -1 whatever
was doubled; split any pair to four hands, aces too, split aces hit and doubled.  Bonuses on an
undoubled 21 (option ``split_bonuses``: split hands too): 5 cards 3:2, 6 cards 2:1, 7 or more 3:1;
6-7-8 or 7-7-7 in three cards 3:2, suited 2:1, spades 3:1.

How it is computed.  The round is the standard round with three changes, each a hook:

- the settlement (:class:`SpanishSettlement`): a 21 wins on every dealer outcome the peek lets the
  hand meet, a bonus 21 is its own payoff column, a doubled hand is paid by a table without bonuses,
  and a tied natural wins;
- after a double's card the hand may stand, be rescued or double again
  (:class:`~bjcalc.engine.settlement.AfterDouble`): the engine values the double with those choices
  (:meth:`~bjcalc.engine.player.PlayerEngine._doubles`);
- the shoe is made of Spanish decks (:data:`~bjcalc.core.cards.SPANISH_DECK`).

The suits.  The engine deals card values, not suits.  The suits of each value's cards are
exchangeable (a shoe of ``D`` Spanish decks holds ``D`` cards of each value in each suit, and cards
gone unseen are a random part of them), so given the values of a three-card 6-7-8 its three suits
are independent and uniform: all one suit with chance 1/16, all spades 1/64; three 7s are three of
the shoe's ``4D`` sevens drawn at random: all one suit with chance
``s = 4 C(D, 3) / C(4D, 3)`` (1/16 on an infinite shoe), spades ``s/4``.  Each such hand is paid
its expected bonus, ``3/2 + 3s/4`` (99/64 for 6-7-8), exactly, and decisions see values, not
suits (a player who also looked at suits would hit a suited 6-7 a little more often).

The Super Bonus (option ``super_bonus``, its multiple ``S``; off by default): an unsplit,
undoubled 7-7-7 against a dealer 7 pays ``S`` to 1 instead of the 7-7-7 bonus when the three 7s
and the up card are all one suit (``super_bonus_any_seven``: the three 7s of one suit, the up card
any 7, as casinos' rule cards put it).  The four 7s are four of the shoe's ``4D``: all one suit
with chance ``q = 4 C(D, 4) / C(4D, 4)``; the three with chance ``s`` as above; given three of one
suit and an up card of another, that suit is any of the four alike (the event is the same for
every suit), so spades a quarter of the time.  The hand is paid
``S q + (9/4)(s - q) + (3/2)(1 - s)`` (any 7: ``S s + (3/2)(1 - s)``), against a 7 only: the
payoff depends on the up card, which the settlement says by its own settlement against a 7
(:meth:`SpanishSettlement.against`).  Decisions still see values: a player who also sees the
suits of 7,7 against a 7 hits a 7,7 of the up card's suit (any 7: a suited 7,7) and splits the
others; that player is not computed (the split hands' 7-7-7 bonuses would then depend on which 7s each split hand holds).
A shoe that counts suits must hold its 6s, 7s and 8s evenly over the suits, as the rules' decks
do (:meth:`Spanish21.dealt_shoe`): these chances are those of whole decks.  A card removed by
value keeps them (its suit is any of the four alike, as the three 7s' are).

>>> from bjcalc.game.calculator import Calculator
>>> rules = Spanish21().rules(decks=1, max_split_hands=2)
>>> round(float(Calculator(rules).game().house_edge), 6)
0.00317
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Optional

import numpy as np

from ..core.cards import RANKS, SPANISH_DECK, SUITS, Shoe
from ..core.errors import RulesError, ShoeError
from ..core.outcomes import BLACKJACK
from ..core.rules import Rules
from ..core.wagers import MONEY, Wager
from ..core.words import rule
from ..engine.settlement import AfterDouble, Settlement
from .variant import Option, Variant

__all__ = ["Spanish21", "PlayersEdge21", "SpanishSettlement", "CARD_BONUSES", "seven_seven_seven_suited",
           "sevens_suited", "super_bonus_pay", "face_pair_suited", "PLAYERS_EDGE_OPTIONS"]

CARD_BONUSES = {5: Fraction(3, 2), 6: Fraction(2), 7: Fraction(3)}
"""What an undoubled 21 of this many cards pays (7: seven or more)."""

MIXED, SUITED, SPADES = Fraction(3, 2), Fraction(2), Fraction(3)
"""A 6-7-8 or 7-7-7's pays: mixed suits, one suit, all spades."""


def sevens_suited(decks: float, sevens: int) -> Fraction:
    """The chance that ``sevens`` 7s of a shoe of ``decks`` decks are all of one suit: the shoe's
    ``4D`` sevens hold ``D`` of each suit, and the cards are a random set of them.

    >>> sevens_suited(6, 3), sevens_suited(6, 4), sevens_suited(math.inf, 4), sevens_suited(1, 2)
    (Fraction(10, 253), Fraction(10, 1771), Fraction(1, 64), Fraction(0, 1))
    """
    if math.isinf(decks):
        return Fraction(1, 4 ** (sevens - 1))
    d = int(decks)
    return Fraction(4 * math.comb(d, sevens), math.comb(4 * d, sevens))


def seven_seven_seven_suited(decks: float) -> Fraction:
    """The chance that three 7s of a shoe of ``decks`` decks are all of one suit.

    >>> seven_seven_seven_suited(6), seven_seven_seven_suited(math.inf), seven_seven_seven_suited(1)
    (Fraction(10, 253), Fraction(1, 16), Fraction(0, 1))
    """
    return sevens_suited(decks, 3)


def super_bonus_pay(decks: float, multiple: int, any_seven: bool = False) -> Fraction:
    """What an unsplit, undoubled 7-7-7 against a dealer 7 is paid on average, given the values,
    with the Super Bonus paying ``multiple`` to 1: the three 7s and the up card all one suit
    (``any_seven``: the three 7s of one suit, the up card any 7) win the multiple instead of
    the 7-7-7 bonus; otherwise the bonus, which pays 2:1 (3:1 in spades) when the three are of
    one suit the up card is not of (that suit is any of the four alike: the event is the same
    for every suit), and 3:2 for mixed suits.

    >>> super_bonus_pay(6, 200), super_bonus_pay(6, 200, any_seven=True), super_bonus_pay(1, 200)
    (Fraction(1339, 506), Fraction(4729, 506), Fraction(3, 2))
    >>> super_bonus_pay(math.inf, 0) == _expected_pay(Fraction(1, 16)) - Fraction(1, 64) * Fraction(9, 4)
    True
    """
    three, four = sevens_suited(decks, 3), sevens_suited(decks, 4)
    if any_seven:
        return multiple * three + MIXED * (1 - three)
    spread = SUITED * Fraction(3, 4) + SPADES / 4
    return multiple * four + spread * (three - four) + MIXED * (1 - three)


def face_pair_suited(decks: float) -> Fraction:
    """The chance that two ten-valued cards of a shoe of ``decks`` Spanish decks are identical: the
    same face (J, Q or K) and the same suit.  The ``12 D`` ten-values are ``D`` cards of each of 12
    face-suits, the two cards a random pair of them.

    >>> face_pair_suited(6), face_pair_suited(8), face_pair_suited(math.inf), face_pair_suited(1)
    (Fraction(5, 71), Fraction(7, 95), Fraction(1, 12), Fraction(0, 1))
    """
    if math.isinf(decks):
        return Fraction(1, 12)
    d = int(decks)
    return Fraction(d - 1, 12 * d - 1)


def _expected_pay(suited: Fraction) -> Fraction:
    """A 6-7-8 or 7-7-7's expected pay when it is all one suit with chance ``suited`` (a quarter of
    that all spades).

    >>> _expected_pay(Fraction(1, 16))
    Fraction(99, 64)
    """
    return MIXED * (1 - suited) + SUITED * suited * Fraction(3, 4) + SPADES * suited / 4


MOST_SUPER_BONUS = 1_000_000
"""The largest Super Bonus multiple taken (a $1,000,000 prize on a $1 bet)."""


def _multiple(value: Any) -> int:
    """The ``super_bonus`` option's multiple, a whole number of at least 0, as a user writes it
    (``200``, ``"200"``).

    >>> _multiple("200"), _multiple(0)
    (200, 0)
    """
    try:
        multiple = int(str(value).strip())
    except ValueError:
        multiple = -1
    if isinstance(value, bool) or multiple < 0 or str(multiple) != str(value).strip():
        raise RulesError(f"option super_bonus of Spanish 21 is the Super Bonus's multiple, a whole number like 200 "
                         f"(0: none), not {value!r}")
    if multiple > MOST_SUPER_BONUS:
        raise RulesError(f"option super_bonus of Spanish 21 is at most {MOST_SUPER_BONUS:,} (a $1,000,000 prize on a "
                         f"$1 bet), not {multiple:,}")
    return multiple


class SpanishSettlement(Settlement):
    """Spanish 21's payoffs: a 21 always wins, the bonuses (``bonuses``; ``split_bonuses``: split
    hands too), no bonus on a doubled hand, a tied natural wins; ``after``: the rescue and the
    redoubles.

    >>> columns, column = SpanishSettlement(Rules()).stand_columns(
    ...     np.array([21, 21, 20]), np.array([3, 5, 2]), np.array([[0] * 5 + [1, 1, 1, 0, 0]] * 3), np.zeros(3, bool))
    >>> [str(columns[4, c]) for c in column]           # (against a dealer 21)
    ['99/64', '3/2', '-1']
    """

    def __init__(self, rules: Rules, wager: Wager = MONEY, bonuses: bool = True, split_bonuses: bool = True,
                 after: AfterDouble = AfterDouble(Fraction(-1)), split_card_bonuses: bool = True,
                 face_pairs_win: bool = False, super_bonus: int = 0, super_bonus_any_seven: bool = False,
                 up: Optional[int] = None):
        super().__init__(rules, wager)
        self.bonuses, self.split_bonuses, self.after = bonuses, split_bonuses, after
        self.split_card_bonuses, self.face_pairs_win = split_card_bonuses, face_pairs_win
        self.super_bonus, self.super_bonus_any_seven, self.up = super_bonus, super_bonus_any_seven, up
        self.dealt_wins = face_pairs_win

    def against(self, up: int) -> Settlement:
        """With a Super Bonus, the settlement against a 7 pays it (:func:`super_bonus_pay`); every
        other settlement is the same against every up card.

        >>> s = SpanishSettlement(Rules(), super_bonus=200)
        >>> s.against(6) is s, s.against(7).up, s.against(7).against(6).up
        (True, 7, None)
        """
        against = up if self.super_bonus and up == 7 else None
        if against == self.up:
            return self
        return SpanishSettlement(self.rules, self.wager, self.bonuses, self.split_bonuses, self.after,
                                 self.split_card_bonuses, self.face_pairs_win, self.super_bonus,
                                 self.super_bonus_any_seven, against)

    def _winning_21s(self, total: np.ndarray, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The standard columns and each hand's column (:meth:`Settlement.stand_columns`), a 21
        winning on every outcome but a blackjack."""
        columns, column = super().stand_columns(total, cards)
        columns = columns.copy()
        columns[:BLACKJACK, 5] = self.wager.pays(1)
        return columns, column

    def stand_columns(self, total: np.ndarray, cards: np.ndarray, hand: Optional[np.ndarray] = None,
                      split: Optional[np.ndarray] = None) -> tuple[np.ndarray, np.ndarray]:
        columns, column = self._winning_21s(total, cards)
        if not self.bonuses or hand is None:
            return columns, column
        paid = total == 21
        if split is not None and not self.split_bonuses:
            paid &= ~split
        by_cards = paid & ~split if split is not None and not self.split_card_bonuses else paid
        pays = [CARD_BONUSES[5], CARD_BONUSES[6], CARD_BONUSES[7],
                _expected_pay(Fraction(1, 16)), _expected_pay(seven_seven_seven_suited(self.rules.decks))]
        sevens = paid & (cards == 3) & (hand[:, 6] == 3)
        which = [by_cards & (cards == 5), by_cards & (cards == 6), by_cards & (cards >= 7),
                 paid & (cards == 3) & (hand[:, 5] == 1) & (hand[:, 6] == 1) & (hand[:, 7] == 1), sevens]
        if self.super_bonus and self.up == 7:      # (an unsplit 7-7-7 against a 7: the Super Bonus's pay)
            pays.append(super_bonus_pay(self.rules.decks, self.super_bonus, self.super_bonus_any_seven))
            which.append(sevens if split is None else sevens & ~split)
        table = columns.astype(object)
        for pay, where in zip(pays, which):
            bonus = np.full((columns.shape[0], 1), pay, dtype=object)
            bonus[BLACKJACK] = columns[BLACKJACK, 5]      # (a dealer blackjack: as any hand's bet)
            table = np.hstack([table, bonus])
            column = np.where(where, table.shape[1] - 1, column)
        return table, column

    def doubled_columns(self, total: np.ndarray, cards: np.ndarray, hand: np.ndarray,
                        split: np.ndarray) -> Optional[tuple[np.ndarray, np.ndarray]]:
        return self._winning_21s(total, cards)

    def after_double(self) -> AfterDouble:
        return self.after

    def natural_tie(self) -> Fraction:
        return self.natural_payout()

    def dealt_win(self, composition: tuple[int, ...]) -> Optional[tuple[Fraction, Fraction]]:
        if self.face_pairs_win and composition[9] == 2 and sum(composition) == 2:
            return face_pair_suited(self.rules.decks), Fraction(1)
        return None


class Spanish21(Variant):
    """Spanish 21: Spanish decks, 21 always wins, bonus 21s, doubling any cards with the rescue."""

    name = "spanish_21"
    round_name = "spanish_21"
    round_words = "its bonuses and the rescue"
    aliases = ("spanish", "spanish21", "spanish_blackjack")
    title = "Spanish 21"
    deck = SPANISH_DECK
    defaults = dict(decks=6, dealer_hits_soft_17=True, blackjack_pays="3:2", hole_card="peek", double_on="any",
                    double_soft=True, double_after_split=True, double_after_hit=True, max_split_hands=4,
                    resplit_aces=True, hit_split_aces=True, double_split_aces=True, surrender="late",
                    hit_21=False)
    open_rules = {"decks": (6, 8), "dealer_hits_soft_17": (True, False), "surrender": ("late", "none"),
                  "hit_split_aces": (True, False)}
    options = {
        "redoubling": Option(False, (False, True), "after a double's card the hand may double again, up to "
                                                   "three doubles (the wager 1, 2, 4, 8)"),
        "rescue": Option(True, (True, False), "after a double's card the hand may be given up for the "
                                              "original bet (net -1 whatever was doubled)"),
        "rescue_redoubles": Option(True, (True, False), "with redoubling, a redoubled hand may be rescued too "
                                                        "(False: after the first double only)"),
        "split_bonuses": Option(True, (True, False), "the 21 bonuses are paid on split hands too (False: on "
                                                     "unsplit hands only)", open=True),
        "split_card_bonuses": Option(True, (True, False), "the 5-, 6- and 7-card 21 bonuses are paid on split "
                                                          "hands too (False: not; the 6-7-8 and 7-7-7 follow "
                                                          "split_bonuses)"),
        "face_pairs_win": Option(False, (False, True), "two suited identical face cards (K-K of spades) win at "
                                                       "once, 1:1, whatever the dealer holds (Player's Edge 21)"),
        "super_bonus": Option(0, (0, 200), "the Super Bonus's multiple: an unsplit, undoubled 7-7-7 of one suit "
                                           "against a dealer 7 of that suit pays it to 1 instead of the 7-7-7 "
                                           "bonus (200: $1000 on $5, $5000 on $25; 0: no Super Bonus)",
                              parse=_multiple),
        "super_bonus_any_seven": Option(False, (False, True), "the Super Bonus against a dealer 7 of any suit (the "
                                                              "three 7s still of one suit)", needs=("super_bonus",)),
    }
    covers = frozenset({"the CD game", "hand values", "the report", "effects of removal with reoptimized play", "TD play",
                        "a strategy chart"})
    td_by_cards = (2, 3, 4, 5, 6, 7)
    suits_by_chance = True

    def check(self, rules: Rules) -> None:
        super().check(rules)
        if rules.hole_card != "peek":
            raise RulesError(f"Spanish 21's dealer peeks (a natural beats every hand but a natural before the "
                             f"player acts): keep {rule('hole_card', 'peek')}")
        if rules.surrender not in ("none", "late"):
            raise RulesError(f"Spanish 21 gives up a hand on its first two cards only: use {rule('surrender', 'late')}"
                             f" or {rule('surrender', 'none')}")
        if (rules.dealer_22_pushes or rules.burn_20 or rules.charlie is not None or rules.bust_push != "none"
                or rules.must_hit_below):
            raise RulesError("Spanish 21 takes no dealer 22 push, Burn 20, Charlie, bust push or forced hit rule")
        if rules.hit_21:
            raise RulesError(f"Spanish 21 pays a player 21 at once: keep {rule('hit_21', False)}")
        if rules.split_tens_by_rank:
            raise RulesError(f"Spanish 21 splits ten-values by value: keep {rule('split_tens_by_rank', False)}")
        if not (math.isinf(rules.decks) or float(rules.decks).is_integer()):
            raise RulesError(f"Spanish 21's 7-7-7 bonus needs a whole number of decks (its suits), not {rules.decks}")

    def dealt_shoe(self, rules: Rules, shoe: Shoe) -> Shoe:
        """The shoe, where it counts suits, checked to hold each 6, 7 and 8 evenly over the suits,
        as the rules' decks do: the suited bonuses' chances are those of whole decks.

        >>> Spanish21().dealt_shoe(Spanish21().rules(), Shoe.decks(6, "spanish").remove("7H"))
        Traceback (most recent call last):
        ...
        bjcalc.core.errors.ShoeError: Spanish 21's suited bonuses read the suits of 6 whole Spanish decks (6 of each 6, 7 and 8 in each suit), but this shoe's 7s are 6 S, 5 H, 6 D, 6 C: remove cards by value (7, not 7H), or give the shoe without suits
        """
        if shoe.suit_counts is None or shoe.is_infinite or math.isinf(rules.decks):
            return shoe
        decks = int(rules.decks)
        faces = self.option(rules, "face_pairs_win")
        ranks, which = ((5, 6, 7, 9, 10, 11, 12), "6, 7, 8, J, Q and K, and no pip 10") if faces else (
            (5, 6, 7), "6, 7 and 8")
        for rank in ranks:
            counts = shoe.suit_counts[rank]
            if any(n != (0 if rank == 9 else decks) for n in counts):
                spread = ", ".join(f"{n} {suit}" for n, suit in zip(counts, SUITS))
                raise ShoeError(f"{self.title}'s suited bonuses read the suits of {decks} whole Spanish deck"
                                f"{'s' if decks != 1 else ''} ({decks} of each {which} in each suit), but this "
                                f"shoe's {RANKS[rank]}s are {spread}: remove cards by value ({RANKS[rank]}, not "
                                f"{RANKS[rank]}H), or give the shoe without suits")
        return shoe

    def settlement(self, rules: Rules, wager: Wager = MONEY) -> Settlement:
        after = AfterDouble(Fraction(-1) if self.option(rules, "rescue") else None,
                            3 if self.option(rules, "redoubling") else 1,
                            None if self.option(rules, "rescue_redoubles") else 1)
        return SpanishSettlement(rules, wager, split_bonuses=self.option(rules, "split_bonuses"), after=after,
                                 split_card_bonuses=self.option(rules, "split_card_bonuses"),
                                 face_pairs_win=self.option(rules, "face_pairs_win"),
                                 super_bonus=self.option(rules, "super_bonus"),
                                 super_bonus_any_seven=self.option(rules, "super_bonus_any_seven"))

    def free_actions(self, rules: Rules) -> str:
        suited = seven_seven_seven_suited(rules.decks)
        decks = "an infinite shoe's" if math.isinf(rules.decks) else f"{int(rules.decks)} decks'"
        split = ("" if not self.option(rules, "split_bonuses") else
                 ", the card-count ones not on split hands" if not self.option(rules, "split_card_bonuses") else "")
        parts = ["a player 21 and a natural always win", "bonus 21s (5 cards 3:2, 6 cards 2:1, 7+ 3:1; 6-7-8 and "
                 "7-7-7 3:2, suited 2:1, spades 3:1)" + (split if self.option(rules, "split_bonuses")
                                                         else ", not on split hands") + ", not on doubled hands",
                 f"suits by chance given the values (6-7-8 one suit 1/16, 7-7-7 {suited}, {decks} sevens)"]
        if self.option(rules, "face_pairs_win"):
            parts.append(f"two suited identical face cards win 1:1 at once, even against a dealer natural (chance "
                         f"{face_pair_suited(rules.decks)} given two ten-values; a hand's values are those of the "
                         f"hand played)")
        if self.option(rules, "super_bonus"):
            against = "any 7" if self.option(rules, "super_bonus_any_seven") else "a 7 of their suit"
            parts.append(f"the Super Bonus: an unsplit, undoubled 7-7-7 of one suit against {against} pays "
                         f"{self.option(rules, 'super_bonus')} to 1 (by its chance given the values: "
                         f"{super_bonus_pay(rules.decks, self.option(rules, 'super_bonus'), self.option(rules, 'super_bonus_any_seven'))}"
                         f" on average)")
        if self.option(rules, "rescue"):
            parts.append("a doubled hand may be rescued for the original bet")
        if self.option(rules, "redoubling"):
            rescued = "" if self.option(rules, "rescue_redoubles") else " (a rescue after the first double only)"
            parts.append(f"redoubling up to three doubles{rescued}")
        return "; ".join(parts)

    def strategy_words(self, strategy: str) -> str:
        if strategy == "TD":
            return ("total-dependent (TD) basic strategy: hit, stand and doubles after a hit by total, softness "
                    "and number of cards (2, 3, 4, 5, 6, 7 or more), two-card doubles, surrender and pairs by total "
                    "and pair, the rescue (and with redoubling the redouble) after a double's card by the doubled "
                    "hand's total and the number of doubles; split hands follow the chart")
        if strategy != "CD":
            return ""
        return ("composition-dependent (CD): every decision uses the hand's exact card values and the up card, "
                "not the suits (a 6-7-8 or 7-7-7 is paid its expected bonus given the values)")

    def bonus_hands(self, rules: Rules) -> tuple[tuple[str, str], ...]:
        return (("6,7", "the 6-7-8 bonus"), ("6,8", "the 6-7-8 bonus"), ("7,8", "the 6-7-8 bonus"),
                ("7,7", "the 7-7-7 bonus"))

    def chart_notes(self, rules: Rules) -> list[str]:
        notes = ["codes by the number of cards: S4 stand, but hit with 4 or more cards; D4 double with 2 or 3 "
                 "cards, else hit; Rh5 surrender, else hit, but stand with 5 or more (the legend lists each)"]
        if self.option(rules, "rescue"):
            notes.append("rescue rows: after a double's card, give up a doubled hand of that total or less "
                         "for the original bet (net -1), else stand")
        if self.option(rules, "super_bonus"):
            seven = ("a suited 7,7" if self.option(rules, "super_bonus_any_seven")
                     else "a 7,7 of the up card's suit")
            notes.append(f"pair 7,7 against a 7 is played for the Super Bonus as the values say (a player who sees the "
                         f"suits does better: hit {seven}, split the others)")
        if self.option(rules, "redoubling"):
            notes.append("redouble rows: after a double's card, double a doubled hand of these totals again (a "
                         "rescue row first); rows 'after 2 doubles' and 'after 3 doubles' are read after a "
                         "redouble's card; a row not shown: never")
        return notes


PLAYERS_EDGE_OPTIONS = {"redoubling": True, "split_card_bonuses": False, "face_pairs_win": True}
"""Player's Edge 21 as Spanish 21's options: redoubling (up to three doubles), no 5/6/7-card bonus on a
split hand, two suited identical face cards win at once."""


class PlayersEdge21(Spanish21):
    """Player's Edge 21: Spanish 21 with :data:`PLAYERS_EDGE_OPTIONS` (a preset of its options: the
    same round, each option still open).

    >>> rules = PlayersEdge21().rules()
    >>> rules.variant, dict(rules.options)["face_pairs_win"], PlayersEdge21().rules(redoubling=False).options
    ('spanish_21', True, (('face_pairs_win', True), ('redoubling', False), ('split_card_bonuses', False)))
    """

    name = "players_edge_21"
    aliases = ("players_edge", "pe21", "player's_edge_21")
    title = "Player's Edge 21"

    def rules(self, **overrides: Any) -> Rules:
        return super().rules(**{**PLAYERS_EDGE_OPTIONS, **overrides})
