"""The rules of a blackjack game as an immutable, validated value object.

>>> r = Rules(decks=1, dealer_hits_soft_17=True, blackjack_pays="6:5")
>>> r.blackjack_pays
Fraction(6, 5)
>>> r.replace(surrender="late").surrender
'late'
>>> Rules(double_on="9-12")
Traceback (most recent call last):
...
bjcalc.errors.RulesError: double_on must be one of 'any', '9-11', '10-11', 'none', not '9-12'
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional, Union

from .errors import RulesError

HOLE_CARD_MODELS = ("peek", "enhc", "enhc_obo")
DOUBLE_ON = ("any", "9-11", "10-11", "none")
SURRENDER = ("none", "late", "early")
MAX_SPLIT_HANDS = 4


def parse_payout(value: Any, field_name: str = "blackjack_pays") -> Fraction:
    """An exact payout from ``"3:2"``, ``"6/5"``, ``"1.5"``, an int or a Fraction.

    >>> parse_payout("3:2"), parse_payout(1), parse_payout("1.2")
    (Fraction(3, 2), Fraction(1, 1), Fraction(6, 5))
    """
    try:
        if isinstance(value, bool):
            raise ValueError
        if isinstance(value, (int, Fraction)):
            payout = Fraction(value)
        elif isinstance(value, str):
            text = value.strip()
            if ":" in text:
                num, den = text.split(":")
                payout = Fraction(int(num), int(den))
            else:
                payout = Fraction(text)
        else:
            raise ValueError
    except (ValueError, ZeroDivisionError):
        raise RulesError(f"{field_name} must be a ratio such as '3:2', '6:5' or '1:1', not {value!r}") from None
    if payout < 0:
        raise RulesError(f"{field_name} must not be negative, not {value!r}")
    return payout


@dataclass(frozen=True)
class Rules:
    """Every rule of a blackjack game that changes its expected value.

    All fields are keyword arguments with the defaults of a common 6-deck shoe game.
    Construction validates every field and the combination; a problem raises
    :class:`~bjcalc.errors.RulesError` naming the field and the allowed values.

    Fields:
        decks: number of 52-card decks (a positive int) or ``math.inf``.
        dealer_hits_soft_17: H17 when True, S17 when False.
        blackjack_pays: payout of a player natural, ``"3:2"``, ``"6:5"``, a Fraction ...
        hole_card: ``"peek"`` (dealer checks for blackjack under an A or ten; the player
            loses only the original bet to it), ``"enhc"`` (no hole card; a dealer
            blackjack takes every bet, doubles and splits too), ``"enhc_obo"`` (no hole
            card; a dealer blackjack takes the original bet only).
        double_on: which first-two-card hands may double: ``"any"``, ``"9-11"`` and
            ``"10-11"`` (hard totals only), ``"none"``.
        double_soft: with ``double_on="any"``, whether soft hands may double.
        double_after_split: whether a split hand may double on its first two cards.
        max_split_hands: most hands a round can become by splitting (1 = no split).
        resplit_aces, hit_split_aces, double_split_aces: what split aces may do.
        split_tens_by_rank: only identical ten-value ranks split (K-K yes, K-10 no).
        surrender: ``"none"``, ``"late"`` (after the dealer's blackjack check; a dealer
            blackjack still takes the whole bet) or ``"early"`` (before it).
        max_hand_cards: a hand with this many cards stands (``None``: no limit).

    >>> Rules().describe()
    '6 decks, S17, BJ pays 3:2, peek, double any two cards incl. soft, DAS, split to 2 hands, no surrender'
    """

    decks: Union[int, float] = 6
    dealer_hits_soft_17: bool = False
    blackjack_pays: Union[Fraction, str] = field(default=Fraction(3, 2))
    hole_card: str = "peek"
    double_on: str = "any"
    double_soft: bool = True
    double_after_split: bool = True
    max_split_hands: int = 2
    resplit_aces: bool = False
    hit_split_aces: bool = False
    double_split_aces: bool = False
    split_tens_by_rank: bool = False
    surrender: str = "none"
    max_hand_cards: Optional[int] = None

    def __post_init__(self) -> None:
        if not (self.decks == math.inf or (isinstance(self.decks, int) and not isinstance(self.decks, bool)
                                           and self.decks >= 1)):
            raise RulesError(f"decks must be a positive whole number or math.inf, not {self.decks!r}")
        object.__setattr__(self, "blackjack_pays", parse_payout(self.blackjack_pays))
        for name in ("dealer_hits_soft_17", "double_soft", "double_after_split", "resplit_aces",
                     "hit_split_aces", "double_split_aces", "split_tens_by_rank"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False, not {getattr(self, name)!r}")
        for name, allowed in (("hole_card", HOLE_CARD_MODELS), ("double_on", DOUBLE_ON),
                              ("surrender", SURRENDER)):
            if getattr(self, name) not in allowed:
                options = ", ".join(repr(a) for a in allowed)
                raise RulesError(f"{name} must be one of {options}, not {getattr(self, name)!r}")
        n = self.max_split_hands
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SPLIT_HANDS:
            raise RulesError(f"max_split_hands must be a whole number from 1 (no splitting) to "
                             f"{MAX_SPLIT_HANDS}, not {n!r}")
        m = self.max_hand_cards
        if m is not None and (isinstance(m, bool) or not isinstance(m, int) or m < 2):
            raise RulesError(f"max_hand_cards must be None (no limit) or a whole number >= 2, not {m!r}")
        self._check_combination()

    def _check_combination(self) -> None:
        if self.max_split_hands == 1:
            for name in ("resplit_aces", "hit_split_aces", "double_split_aces"):
                if getattr(self, name):
                    raise RulesError(f"{name}=True needs splitting: set max_split_hands to 2 or more")
        if self.resplit_aces and self.max_split_hands < 3:
            raise RulesError("resplit_aces=True needs max_split_hands of 3 or 4 (2 hands cannot resplit)")
        if self.double_split_aces and not self.double_after_split:
            raise RulesError("double_split_aces=True needs double_after_split=True")
        if self.double_split_aces and self.double_on == "none":
            raise RulesError("double_split_aces=True needs doubling: double_on is 'none'")

    # -- helpers -------------------------------------------------------------------------
    def replace(self, **changes: Any) -> "Rules":
        """A copy with some fields changed (validated again).

        >>> Rules().replace(decks=2).decks
        2
        """
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RulesError(f"unknown rule {sorted(unknown)[0]!r}; known rules: "
                             + ", ".join(f.name for f in dataclasses.fields(self)))
        return dataclasses.replace(self, **changes)

    def can_double(self, hard_total: int, soft: bool) -> bool:
        """Whether a first-two-card hand of this total may double.

        >>> Rules(double_on="9-11").can_double(11, False), Rules(double_on="9-11").can_double(19, True)
        (True, False)
        """
        if self.double_on == "none":
            return False
        if self.double_on == "any":
            return self.double_soft or not soft
        if soft:
            return False
        low = 9 if self.double_on == "9-11" else 10
        return low <= hard_total <= 11

    @property
    def splits(self) -> bool:
        """Whether pairs may be split at all."""
        return self.max_split_hands >= 2

    def describe(self) -> str:
        """The rules in the usual shorthand."""
        decks = "infinite deck" if self.decks == math.inf else f"{self.decks} deck" + ("s" if self.decks != 1 else "")
        pays = self.blackjack_pays
        parts = [decks, "H17" if self.dealer_hits_soft_17 else "S17",
                 f"BJ pays {pays.numerator}:{pays.denominator}",
                 {"peek": "peek", "enhc": "ENHC (dealer BJ takes all)",
                  "enhc_obo": "ENHC (dealer BJ takes original bet only)"}[self.hole_card]]
        if self.double_on == "none":
            parts.append("no doubling")
        elif self.double_on == "any":
            parts.append("double any two cards" + (" incl. soft" if self.double_soft else ", hard only"))
        else:
            parts.append(f"double on {self.double_on}")
        if self.splits:
            if self.double_on != "none":
                parts.append("DAS" if self.double_after_split else "no DAS")
            parts.append(f"split to {self.max_split_hands} hands")
            for name, text in (("resplit_aces", "RSA"), ("hit_split_aces", "hit split aces"),
                               ("double_split_aces", "double split aces"),
                               ("split_tens_by_rank", "split identical ten ranks only")):
                if getattr(self, name):
                    parts.append(text)
        else:
            parts.append("no splitting")
        parts.append("no surrender" if self.surrender == "none" else f"{self.surrender} surrender")
        if self.max_hand_cards is not None:
            parts.append(f"{self.max_hand_cards}-card hands stand")
        return ", ".join(parts)

    def __str__(self) -> str:
        return self.describe()
