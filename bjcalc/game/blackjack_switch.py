"""Blackjack Switch (Geoff Hall): two hands, and the switch of their second cards.

The round.  The player bets two equal wagers and is dealt two hands face up; seeing both
and the dealer's up card, the player may exchange the hands' second cards.  A dealer
blackjack (peek, with an ace or a ten up) beats both hands before any switch, but for a
player natural, which pushes.  A natural as dealt pays 1:1; an ace and a ten made by the
switch is a 21, not a blackjack (option ``switched_blackjack``: ``"wins"``, paid 1:1 at
once, the rule some tables offer).  A dealer 22 pushes every hand still in play but a
natural, which wins.  Double any two cards, DAS, resplit to four hands, one card to split
aces.  The hands are played one after the other against one dealer hand.

How it is computed.  Each hand is an ordinary hand of the standard round (1:1 naturals,
dealer 22 pushing) dealt from the shoe less the other hand's two cards: ``other_hand``
(an option) makes the game "the round given the other hand", which the engine values up
card by up card, every decision composition-dependent and seeing the five cards of the
deal.  The whole game, the switch decision on the exact EV of each pairing, weighs those
rounds by the chance of each deal (:mod:`bjcalc.game.switching`, which also says why the
hands' values add up exactly under this play).

>>> from bjcalc.game.calculator import Calculator
>>> rules = BlackjackSwitch().rules(decks=1, max_split_hands=2)
>>> round(float(Calculator(rules).game().ev), 6)
0.004247
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional

from ..core.cards import RANKS, RANK_VALUE, Shoe, parse_cards
from ..core.errors import BjcalcError, RulesError, ShoeError, StrategyError
from ..core.rules import Rules
from ..core.words import rule
from .variant import Option, Variant

__all__ = ["BlackjackSwitch", "HAND_LABELS", "hand_label"]

_LABELS = RANKS[:10]


def hand_label(a: int, b: int) -> str:
    """The label of a two-card hand by its values, low card first, ace low: ``hand_label(10, 6)`` is ``"6,T"``.

    >>> hand_label(10, 6), hand_label(1, 10)
    ('6,T', 'A,T')
    """
    a, b = sorted((a, b))
    return f"{_LABELS[a - 1]},{_LABELS[b - 1]}"


HAND_LABELS = tuple(hand_label(a, b) for a in range(1, 11) for b in range(a, 11))
"""Every two-card hand by values, as the ``other_hand`` option names it (``"A,A"`` ... ``"T,T"``)."""


def other_hand_values(value: Any) -> tuple[int, int]:
    """The two card values of an ``other_hand`` label (``"6,T"``).

    >>> other_hand_values("6,T")
    (6, 10)
    """
    a, b = str(value).split(",")
    return RANK_VALUE[_LABELS.index(a)], RANK_VALUE[_LABELS.index(b)]


def _other_hand(value: Any) -> Optional[str]:
    """The ``other_hand`` option's label for two cards (``"T6"``, ``"K,6"``, ``"10 6"``); None stays None."""
    if value is None:
        return None
    try:
        ranks = parse_cards(value) if not isinstance(value, (tuple, list)) else parse_cards(",".join(map(str, value)))
    except BjcalcError:
        ranks = None
    if ranks is None or len(ranks) != 2:
        raise RulesError(f"option other_hand of Blackjack Switch is the other hand's two cards, like T,6 or A,7, "
                         f"not {value!r}")
    return hand_label(RANK_VALUE[ranks[0]], RANK_VALUE[ranks[1]])


class BlackjackSwitch(Variant):
    """Blackjack Switch: two hands, their second cards exchangeable; 1:1 naturals, dealer 22 pushes."""

    name = "blackjack_switch"
    round_name = "blackjack_switch"
    round_words = "two hands that may switch cards"
    hands_dealt = 2
    aliases = ("switch", "bj_switch", "blackjackswitch")
    title = "Blackjack Switch"
    defaults = dict(decks=6, dealer_hits_soft_17=True, blackjack_pays="1:1", hole_card="peek", double_on="any",
                    double_soft=True, double_after_split=True, max_split_hands=4, resplit_aces=False,
                    hit_split_aces=False, surrender="none", dealer_22_pushes=True)
    open_rules = {"decks": (6, 8), "dealer_hits_soft_17": (True, False), "resplit_aces": (False, True),
                  "max_split_hands": (2, 4)}
    options = {
        "switched_blackjack": Option("21", ("21", "wins"), "an ace and a ten made by the switch is a 21 (21), or "
                                                           "wins 1:1 at once (wins)", open=True),
        "other_hand": Option(None, (None,) + HAND_LABELS, "the other hand's two cards, like 6,T: the round of one "
                                                         "hand given them (hand values need it; unset: the "
                                                         "whole game)", parse=_other_hand),
    }
    covers = frozenset({"the CD game", "hand values", "the report", "a strategy chart", "TD play",
                        "effects of removal with reoptimized play"})

    def check(self, rules: Rules) -> None:
        super().check(rules)
        if rules.hole_card != "peek":
            raise RulesError(f"Blackjack Switch peeks for a dealer blackjack before the switch: keep "
                             f"{rule('hole_card', 'peek')}")
        if rules.double_after_hit or rules.surrender != "none" or rules.burn_20 or rules.charlie is not None:
            raise RulesError("Blackjack Switch takes no double after a hit, surrender, Burn 20 or Charlie rule")
        if rules.split_tens_by_rank:
            raise RulesError(f"Blackjack Switch splits ten-values by value: keep {rule('split_tens_by_rank', False)}")

    def other_hand(self, rules: Rules) -> Optional[tuple[int, int]]:
        """The other hand's two card values the rules fix (None: the whole game)."""
        label = self.option(rules, "other_hand")
        return None if label is None else other_hand_values(label)

    def with_other_hand(self, rules: Rules, a: int, b: int) -> Rules:
        """``rules`` with the other hand fixed at values ``a`` and ``b``."""
        return rules.replace(options={**dict(rules.options), "other_hand": hand_label(a, b)})

    def switched_natural(self, rules: Rules) -> Optional[Fraction]:
        """What an ace and a ten made by the switch wins at once (None: it is a 21 and plays on)."""
        return Fraction(1) if self.option(rules, "switched_blackjack") == "wins" else None

    def dealt_shoe(self, rules: Rules, shoe: Shoe) -> Shoe:
        other = self.other_hand(rules)
        if other is None:
            return shoe
        counts = shoe.value_counts()
        if not shoe.is_infinite and any(counts[v - 1] < list(other).count(v) for v in set(other)):
            raise ShoeError(f"the shoe cannot deal the other hand {hand_label(*other)} (option other_hand): it holds "
                            f"too few of its cards")
        return shoe.remove(*(_LABELS[v - 1] for v in other))

    def cards_seen(self, rules: Rules) -> str:
        label = self.option(rules, "other_hand")
        return "" if label is None else f"the other hand {label}"

    def check_hand(self, rules: Rules, up: int) -> None:
        if self.other_hand(rules) is None:
            raise StrategyError("Blackjack Switch's hand values depend on the other hand's two cards: give them "
                                "with the option other_hand (--other-hand T,6, say)")

    def check_dealer(self, rules: Rules, up: int) -> None:
        """The dealer's outcomes need no other hand (the shoe less it, where given)."""

    def free_actions(self, rules: Rules) -> str:
        switched = ("wins 1:1 at once" if self.option(rules, "switched_blackjack") == "wins" else "is a 21, "
                    "not a blackjack")
        return (f"two hands of one unit each, their second cards exchangeable; a switched ace-ten {switched}; "
                f"a dealer blackjack takes both hands but naturals, which push")

    def conditioning_words(self, rules: Rules) -> str:
        if self.other_hand(rules) is not None:
            return ("per unit initial bet on this hand, given the other hand's two cards; hand values conditioned "
                    "on no dealer blackjack (peek)")
        return ("per unit initial bet on each of the two hands (the round's EV over 2), unconditional; the switch "
                "is decided after the peek")

    def strategy_words(self, strategy: str) -> str:
        if strategy == "CD":
            return ("composition-dependent (CD): each hand's decisions use its own cards and the five cards of the "
                    "deal (both hands and the up card), not the other hand's draws; the switch on the exact EV of "
                    "each pairing")
        return ("total-dependent (TD): each hand plays the basic strategy chart of a hand alone (by total, softness "
                "and pair against the up card; a switched ace-ten stands); the switch on the exact EV of each "
                "pairing under that play")

    def chart_notes(self, rules: Rules) -> list[str]:
        return ["Blackjack Switch: the chart is for either hand; switch when the two hands the switch makes are "
                "worth more together than the two dealt (the switching table)"]


def check_two_hands(rules: Rules, shoe: Shoe) -> None:
    """Refuse a shoe that two hands and the dealer could run out of: one with no more points
    (aces 1) than the round's hands can hold.  A player hand holds at most 30 (it draws on a hard
    total of 20 at most: hitting a hard 21 loses for certain, which CD play never does), the
    dealer's at most 26 (it draws on a hard 16 at most), and each hand may split to
    ``max_split_hands``.

    >>> check_two_hands(Rules(max_split_hands=2), Shoe.from_counts({"A": 2, "2": 2, "5": 2, "6": 2, "8": 3,
    ...                                                                "9": 2, "T": 8}))
    >>> check_two_hands(Rules(max_split_hands=4), Shoe.from_counts(T=20))
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.ShoeError: the shoe is too small for Blackjack Switch: 200 points (aces 1), and two hands split to 4 and the dealer can hold up to 266; use a shoe of more than 266 points or fewer split hands (max_split_hands)
    """
    if shoe.is_infinite:
        return
    points = sum(v * n for v, n in zip(range(1, 11), shoe.value_counts()))
    most = 2 * max(1, rules.max_split_hands) * 30 + 26
    if points <= most:
        fewer = f" or fewer split hands ({rule('max_split_hands')})" if rules.max_split_hands > 1 else ""
        held = f"split to {rules.max_split_hands}" if rules.max_split_hands > 1 else "unsplit"
        raise ShoeError(f"the shoe is too small for Blackjack Switch: {points} points (aces 1), and two hands "
                        f"{held} and the dealer can hold up to {most}; use a shoe of more than {most} points{fewer}")
