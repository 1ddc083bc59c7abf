"""Double Exposure: both dealer cards face up, the dealer wins ties, blackjack pays 1:1.

The round.  The dealer's two cards are dealt face up before the player acts; a dealer
natural wins at once (the player loses the initial bet, but for a player natural, which wins
or pushes by the ``tied_naturals`` option); otherwise the player plays knowing both cards, a
player natural is paid 1:1, the dealer draws as usual, and every tie is the dealer's.

How it is computed.  Once the dealer's two cards ``u`` and ``h`` are known the round is an
ordinary round dealt from the shoe less those two cards, against a dealer whose hand starts
at ``u + h`` (:class:`ExposedDealer`: the standard dealer's tree, started from two cards and
never making a natural) and a settlement where a tie loses (:class:`ExposedSettlement`).  So
``hole`` (the dealer's second card, an option) makes the game "the round given the hole
card": the engine values it up card by up card on the shoe less the hole card, every
decision composition-dependent and seeing both dealer cards.  The whole game, and its TD
chart by the dealer's hand, weigh those rounds by the chance of the dealer's two cards
(:mod:`bjcalc.game.dealer_hands`); a dealer natural is settled there in closed form.

>>> from bjcalc.game.calculator import Calculator
>>> rules = DoubleExposure().rules(decks=1, max_split_hands=2)
>>> round(float(Calculator(rules).game().house_edge), 6)
0.005403
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional, Sequence

import numpy as np

from ..core.cards import RANK_VALUE, RANKS, Shoe
from ..core.errors import RulesError, ShoeError, StrategyError
from ..core.outcomes import N_OUTCOMES, is_natural
from ..core.rules import Rules
from ..core.wagers import MONEY, Wager
from ..core.words import rule
from ..engine.hands import composition_of
from ..engine.dealer import DealerEngine, DealerResult, StandardDealer
from ..engine.settlement import Settlement
from .variant import Option, Variant

__all__ = ["DoubleExposure", "ExposedDealer", "ExposedSettlement", "HOLE_LABELS"]

HOLE_LABELS = RANKS[:10]
"""The dealer's hole card by value (1-10), as the ``hole`` option names it."""


@dataclass(frozen=True)
class ExposedDealer(StandardDealer):
    """The standard dealer whose second card, ``hole`` (a value, 1 = ace), is known: the tree
    starts from the two cards, and the hand is never a natural (a natural ends the round
    before the player acts, outside the engine).

    >>> d = ExposedDealer(hits_soft_17=True, hole=6)
    >>> d.start_hard(1), d.outcome((1, 0, 0, 0, 0, 0, 0, 0, 0, 0), 7) is None     # A,6 is soft 17: H17 hits
    (7, True)
    """

    hole: int = 10

    def start_hard(self, up: int) -> int:
        return up + self.hole

    def hole_blackjack_share(self, up: int) -> Fraction:
        return Fraction(0)

    def outcome(self, hand: Sequence[int], hard: int) -> Optional[int]:
        held = list(hand)
        held[self.hole - 1] += 1       # (three or more cards: never a natural)
        return super().outcome(tuple(held), hard)

    def stands_on(self, up: int) -> Optional[int]:
        """The outcome of the dealer's two cards when it draws no card under them (None: it draws)."""
        return super().outcome(composition_of((up, self.hole)), up + self.hole)

    def special_outcomes(self, engine: DealerEngine, up: int, removed: np.ndarray) -> Optional[DealerResult]:
        """A dealer that stands on its two cards: that outcome for certain (the drawing tree
        starts with a draw); otherwise the tree from the two cards (None)."""
        outcome = self.stands_on(up)
        if outcome is None:
            return None
        removed = np.asarray(removed, dtype=np.int64).reshape(-1, 10)
        _, valid = engine.remaining(up, removed)
        probabilities = engine.arithmetic.zeros((len(removed), N_OUTCOMES))
        probabilities[valid, outcome] = engine.arithmetic.scalar(1)
        return DealerResult(probabilities, np.zeros(len(removed), dtype=bool))

    def describe(self) -> str:
        return f"{super().describe()}, hole card {HOLE_LABELS[self.hole - 1]} face up"


class ExposedSettlement(Settlement):
    """The standard payoffs, but the dealer wins ties: a standing total equal to the dealer's
    final total loses.

    >>> ExposedSettlement(Rules()).stand_table()[18].tolist()
    [1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 0]
    """

    def stand_table(self) -> np.ndarray:
        table = super().stand_table().copy()
        for total in range(17, 22):
            table[total, total - 17] = self.wager.pays(-1)
        return table


def _hole(value: Any) -> Optional[str]:
    """The ``hole`` option's label for a value, rank or label (None stays None)."""
    if value is None:
        return None
    text = str(value).strip().upper()
    text = {"1": "A", "10": "T", "J": "T", "Q": "T", "K": "T"}.get(text, text)
    if text not in HOLE_LABELS:
        raise RulesError(f"option hole of Double Exposure is the dealer's second card, A or 2-9 or T, not {value!r}")
    return text


class DoubleExposure(Variant):
    """Double Exposure: both dealer cards seen, the dealer wins ties but tied naturals, 1:1 naturals."""

    name = "double_exposure"
    round_name = "double_exposure"
    round_words = "both dealer cards seen"
    dealer_hand_seen = True
    aliases = ("doubleexposure", "double_exposure_blackjack")
    title = "Double Exposure"
    defaults = dict(decks=6, dealer_hits_soft_17=True, blackjack_pays="1:1", hole_card="peek", double_on="9-11",
                    double_soft=True, double_after_split=True, max_split_hands=4, resplit_aces=False,
                    hit_split_aces=False, surrender="none")
    open_rules = {"decks": (6, 8), "dealer_hits_soft_17": (True, False), "double_on": ("9-11", "10-11", "any"),
                  "double_after_split": (True, False), "max_split_hands": (2, 4)}
    options = {
        "tied_naturals": Option("win", ("win", "push"), "a player natural against a dealer natural wins, paid "
                                                        "as a natural (win), or pushes (push)", open=True),
        "hole": Option(None, (None,) + HOLE_LABELS, "the dealer's second card, face up: the round given it "
                                                    "(hand values need it; unset: the whole game)",
                       parse=_hole),
    }
    covers = frozenset({"the CD game", "hand values", "TD play", "a strategy chart", "the report",
                        "effects of removal with reoptimized play"})

    def check(self, rules: Rules) -> None:
        super().check(rules)
        if rules.hole_card != "peek":
            raise RulesError(f"Double Exposure deals the dealer's two cards face up, so a dealer natural ends the "
                             f"round before the player acts: keep {rule('hole_card', 'peek')}")
        if rules.double_after_hit:
            raise RulesError(f"Double Exposure doubles on two cards only: use {rule('double_after_hit', False)}")
        if rules.surrender != "none" or rules.dealer_22_pushes or rules.burn_20 or rules.charlie is not None:
            raise RulesError("Double Exposure takes no surrender, dealer 22 push, Burn 20 or Charlie rule")
        if rules.split_tens_by_rank:
            raise RulesError(f"Double Exposure splits ten-values by value: keep {rule('split_tens_by_rank', False)}")

    def seen_hole(self, rules: Rules) -> Optional[int]:
        label = self.option(rules, "hole")
        return None if label is None else HOLE_LABELS.index(label) + 1

    def with_hole(self, rules: Rules, hole: int) -> Rules:
        return rules.replace(options={**dict(rules.options), "hole": HOLE_LABELS[hole - 1]})

    def cards_seen(self, rules: Rules) -> str:
        hole = self.seen_hole(rules)
        return "" if hole is None else f"the dealer's hole card {HOLE_LABELS[hole - 1]}"

    def natural_tie(self, rules: Rules) -> Fraction:
        return Fraction(rules.blackjack_pays) if self.option(rules, "tied_naturals") == "win" else Fraction(0)

    def dealt_shoe(self, rules: Rules, shoe: Shoe) -> Shoe:
        hole = self.seen_hole(rules)
        if hole is None:
            return shoe
        return shoe.remove(_rank_of(shoe, hole))

    def settlement(self, rules: Rules, wager: Wager = MONEY) -> Settlement:
        return ExposedSettlement(rules, wager)

    def dealer(self, rules: Rules, shoe: Shoe) -> StandardDealer:
        hole = self.seen_hole(rules)
        if hole is None:       # (the whole game is valued hole card by hole card: dealer_hands)
            return super().dealer(rules, shoe)
        return ExposedDealer(rules.dealer_hits_soft_17, hole)

    def free_actions(self, rules: Rules) -> str:
        tied = "win" if self.option(rules, "tied_naturals") == "win" else "push"
        return f"both dealer cards face up, every decision sees them; the dealer wins ties; tied naturals {tied}"

    def conditioning_words(self, rules: Rules) -> str:
        if self.seen_hole(rules) is not None:
            return ("per unit initial bet, given the dealer's hole card: hand values given both dealer cards, game "
                    "values over the up card")
        return ("per unit initial bet, unconditional (dealer naturals included); hand values need the hole card "
                "(--hole); the game's value by up card averages over the hole card")

    def strategy_words(self, strategy: str) -> str:
        return {"CD": "composition-dependent (CD): every decision uses the hand's exact cards and both dealer cards",
                "TD": "total-dependent (TD): decisions by the hand's total, softness and pair against the dealer's "
                      "hand (its hard or soft total, or its pair)"}[strategy]

    def chart_notes(self, rules: Rules) -> list[str]:
        return ["Double Exposure: the columns are the dealer's two cards, both face up: a hard total (5-19), "
                "an ace and a 2-9 (A2-A9, soft 13-20) or a pair (22-TT, AA); a dealer blackjack ends the round "
                "before the player acts; every tie but tied naturals is the dealer's"]

    def check_hand(self, rules: Rules, up: int) -> None:
        hole = self.seen_hole(rules)
        if hole is None:
            raise StrategyError("Double Exposure's values against an up card depend on both dealer cards: give "
                                "the dealer's second card with the option hole (--hole 6, say)")
        if is_natural(composition_of((up, hole))):
            raise StrategyError(f"the dealer's {HOLE_LABELS[up - 1]},{HOLE_LABELS[hole - 1]} is a natural: the round "
                                f"ends before the player acts (every hand but a natural loses 1)")


def _rank_of(shoe: Shoe, value: int) -> str:
    """A rank of this value that the shoe holds (the most plentiful ten-value rank for a ten)."""
    ranks = [r for r in range(13) if RANK_VALUE[r] == value]
    held = max(ranks, key=lambda r: shoe.rank_counts[r])
    if shoe.rank_counts[held] == 0 and not shoe.is_infinite:
        raise ShoeError(f"the shoe holds no {HOLE_LABELS[value - 1]} for the dealer's hole card")
    return RANKS[held]
