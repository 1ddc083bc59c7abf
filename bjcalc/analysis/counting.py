"""Card counting systems and how well they track a game: tags, betting and insurance correlation.

A count system gives each card value a tag; a player keeps the running sum of the tags of the
cards seen.  How well that sum tracks the player's advantage is measured against the game's
effects of removal (:meth:`bjcalc.Calculator.effects_of_removal`):

- :func:`betting_correlation` -- the correlation of the tags with the EORs over the 13 ranks
  (each ten-value rank counted, so tens weigh four times);
- :func:`insurance_correlation` -- the same with the effects of removal of the insurance bet,
  exact from the shoe (:func:`insurance_effects`);
- :func:`indices` -- the true count at which a play changes (16 v T: stand at +1 ...), from the
  exact effects of removal of each decision.

>>> round(betting_correlation(GRIFFIN_SINGLE_DECK_EOR, SYSTEMS["Hi-Lo"]), 2)
0.97
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence, Union

from ..core.cards import Shoe
from ..core.errors import BjcalcError
from ..game.calculator import Calculator
from ..core.cards import RANK_VALUE, parse_cards
from ..core.outcomes import hand_total
from ..engine.hands import composition_of
from ..game.removal import VALUE_LABELS, removal_weights

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CountSystem", "SYSTEMS", "betting_correlation", "insurance_effects", "insurance_correlation",
           "GRIFFIN_SINGLE_DECK_EOR", "VALUE_LABELS", "Play", "COMMON_PLAYS", "indices"]

RANKS_PER_VALUE = (1,) * 9 + (4,)       # T, J, Q, K share the value ten
Number = Union[int, float, Fraction]


@dataclass(frozen=True)
class CountSystem:
    """A count: a tag for each card value A, 2 ... 9, T (ten-values alike).

    ``note`` says anything the tags alone do not (Red 7 counts only its red sevens).

    >>> hi_lo = SYSTEMS["Hi-Lo"]
    >>> str(hi_lo.level), hi_lo.balanced
    ('1', True)
    >>> ko = SYSTEMS["KO"]
    >>> ko.balanced, str(ko.imbalance_per_deck), str(ko.initial_running_count(6)), str(ko.pivot)
    (False, '4', '-20', '4')
    """

    name: str
    tags: tuple[Fraction, ...]
    note: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if len(self.tags) != 10:
            raise BjcalcError(f"a count needs 10 tags (A, 2 ... 9, T), not {len(self.tags)}")
        object.__setattr__(self, "tags", tuple(Fraction(t) for t in self.tags))

    @classmethod
    def custom(cls, name: str, tags: Mapping[str, Number]) -> "CountSystem":
        """A count from tags by value label, e.g. ``{"A": -1, "2": 1, ..., "T": -1}``.

        >>> CountSystem.custom("mine", {"5": 1, "T": -1}).tags[4]
        Fraction(1, 1)
        """
        unknown = sorted(set(tags) - set(VALUE_LABELS))
        if unknown:
            raise BjcalcError(f"tags are by card value {', '.join(VALUE_LABELS)}; not {unknown[0]!r}")
        return cls(name, tuple(Fraction(tags.get(label, 0)) for label in VALUE_LABELS))

    @property
    def level(self) -> Fraction:
        """The largest tag in size."""
        return max(abs(t) for t in self.tags)

    @property
    def imbalance_per_deck(self) -> Fraction:
        """The sum of the tags over one 52-card deck: 0 for a balanced count."""
        return sum((4 * n * t for n, t in zip(RANKS_PER_VALUE, self.tags)), Fraction(0))

    @property
    def balanced(self) -> bool:
        """Whether a whole deck counts to zero (the running count is then divided by the decks
        left: the true count)."""
        return self.imbalance_per_deck == 0

    def initial_running_count(self, decks: int) -> Fraction:
        """An unbalanced count's starting running count, ``imbalance x (1 - decks)``, so that the
        :attr:`pivot` means the same whatever the shoe (the Knock-Out convention); 0 if balanced."""
        return self.imbalance_per_deck * (1 - decks)

    @property
    def pivot(self) -> Fraction:
        """For an unbalanced count started at :meth:`initial_running_count`: the running count
        at which it agrees with its balanced counterpart's true count (equal to the imbalance)."""
        return self.imbalance_per_deck


def _system(name: str, tags: str, note: str = "") -> CountSystem:
    return CountSystem(name, tuple(Fraction(t) for t in tags.split()), note)


SYSTEMS: dict[str, CountSystem] = {system.name: system for system in (
    _system("Hi-Lo", "-1 1 1 1 1 1 0 0 0 -1"),
    _system("KO", "-1 1 1 1 1 1 1 0 0 -1"),
    _system("Hi-Opt I", "0 0 1 1 1 1 0 0 0 -1"),
    _system("Hi-Opt II", "0 1 1 2 2 1 1 0 0 -2"),
    _system("Omega II", "0 1 1 2 2 2 1 0 -1 -2"),
    _system("Zen", "-1 1 1 2 2 2 1 0 0 -2"),
    _system("Wong Halves", "-1 1/2 1 1 3/2 1 1/2 0 -1/2 -1"),
    _system("Red 7", "-1 1 1 1 1 1 1/2 0 0 -1",
            "red sevens count +1 and black sevens 0: the tag 1/2 is a seven's average over its colour, "
            "what the correlations (by value) can use"),
)}
"""The common systems by name (tags A, 2 ... 9, T)."""

GRIFFIN_SINGLE_DECK_EOR: dict[str, float] = {
    "A": -0.0061, "2": 0.0038, "3": 0.0044, "4": 0.0055, "5": 0.0069, "6": 0.0046, "7": 0.0028, "8": 0.0,
    "9": -0.0018, "T": -0.0051}
"""Griffin's published single-deck effects of removal (S17, no DAS, basic strategy), per unit bet
(The Theory of Blackjack; in percent there)."""


def _correlation(effects: Mapping[str, Number], system: CountSystem) -> float:
    """Pearson's correlation over the 13 ranks (each ten-value rank its own point)."""
    missing = [label for label in VALUE_LABELS if label not in effects]
    if missing:
        raise BjcalcError(f"effects of removal are needed for every value A, 2 ... 9, T; missing {missing[0]}")
    xs, ys = [], []
    for label, tag, ranks in zip(VALUE_LABELS, system.tags, RANKS_PER_VALUE):
        xs += [float(tag)] * ranks
        ys += [float(effects[label])] * ranks
    mx, my = sum(xs) / 13, sum(ys) / 13
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        raise BjcalcError("a correlation needs tags and effects that are not all equal")
    return sxy / math.sqrt(sxx * syy)


def betting_correlation(effects: Mapping[str, Number], system: CountSystem) -> float:
    """How well the count tracks the game's edge: the correlation of the tags with the effects
    of removal (a Series or dict by value label, e.g. from
    :meth:`~bjcalc.Calculator.effects_of_removal`) over the 13 ranks.

    >>> round(betting_correlation(GRIFFIN_SINGLE_DECK_EOR, SYSTEMS["Zen"]), 2)
    0.96
    """
    return _correlation(effects, system)


def insurance_effects(shoe: Shoe) -> dict[str, Fraction]:
    """The exact effect of removing one card of each value on the insurance bet's EV per unit
    insured (it pays 2:1 on a hole ten), the ace up card already out of the shoe.

    >>> effects = insurance_effects(Shoe.decks(1))
    >>> effects["T"], effects["5"]
    (Fraction(-7, 170), Fraction(8, 425))
    """
    if shoe.is_infinite:
        raise BjcalcError("an infinite shoe has no effect of removal: give a finite shoe")
    counts = list(shoe.value_counts())
    if counts[0] < 1 or sum(counts) < 3:
        raise BjcalcError("insurance needs an ace up and two more cards in the shoe")
    full = _insurance_ev(counts)
    return {label: _insurance_ev([n - (v == value) for v, n in enumerate(counts)]) - full if counts[value] else
            Fraction(0) for value, label in enumerate(VALUE_LABELS)}


def _insurance_ev(counts: Sequence[int]) -> Fraction:
    """Insurance's EV per unit insured (2:1 on a hole ten) with an ace up, from the value counts
    before the ace is dealt."""
    cards = sum(counts) - 1
    return 3 * Fraction(counts[9], cards) - 1


def insurance_correlation(shoe: Shoe, system: CountSystem) -> float:
    """The correlation of the tags with the insurance bet's effects of removal (how well the count
    says when to insure).

    >>> round(insurance_correlation(Shoe.decks(6), SYSTEMS["Hi-Lo"]), 2)
    0.76
    """
    return _correlation(insurance_effects(shoe), system)


@dataclass(frozen=True)
class Play:
    """A decision a count can change: ``action`` instead of ``versus`` with ``cards`` against ``up``
    (``cards="insurance"``: taking insurance against an ace, versus not)."""

    cards: str
    up: str
    action: str
    versus: str

    @property
    def label(self) -> str:
        if self.cards == "insurance":
            return "insurance"
        values = [RANK_VALUE[rank] for rank in parse_cards(self.cards)]
        ranks = self.cards.split(",")
        pair = len(ranks) == 2 and ranks[0] == ranks[1]
        name = self.cards if pair else str(hand_total(composition_of(values))[0])
        return f"{name} v {self.up}"


COMMON_PLAYS: tuple[Play, ...] = (
    Play("insurance", "A", "insure", "no insurance"),
    Play("T,6", "T", "stand", "hit"), Play("T,5", "T", "stand", "hit"), Play("T,T", "5", "split", "stand"),
    Play("T,T", "6", "split", "stand"), Play("6,4", "T", "double", "hit"), Play("T,2", "3", "stand", "hit"),
    Play("T,2", "2", "stand", "hit"), Play("6,5", "A", "double", "hit"), Play("5,4", "2", "double", "hit"),
    Play("6,4", "A", "double", "hit"), Play("5,4", "7", "double", "hit"), Play("T,6", "9", "stand", "hit"),
    Play("T,3", "2", "stand", "hit"), Play("T,2", "4", "stand", "hit"), Play("T,2", "5", "stand", "hit"),
    Play("T,2", "6", "stand", "hit"), Play("T,3", "3", "stand", "hit"))
"""The plays of the well-known Hi-Lo index lists (the "Illustrious 18"), each with the hand's most
common two cards."""


def _decision_gain(calc: Calculator, play: Play) -> Any:
    """EV of ``action`` minus EV of ``versus`` for this hand on this calculator's shoe (per unit
    initial bet, on the basis :meth:`Calculator.hand` states; insurance per unit insured)."""
    if play.cards == "insurance":
        return _insurance_ev(calc.shoe.value_counts())
    values = calc.hand(play.cards, play.up)
    for name in (play.action, play.versus):
        if name not in values:
            raise BjcalcError(f"{play.label}: {name} is not allowed by these rules")
    return values[play.action] - values[play.versus]


def indices(calc: Calculator, system: CountSystem, plays: Sequence[Play] = COMMON_PLAYS) -> "pd.DataFrame":
    """The true count at which each play changes, for a balanced count.

    For a decision, G(shoe) = EV(action) - EV(versus).  Its effect of removal for each card
    value, e_v = G(shoe less a card of value v) - G(shoe), is exact (the hand's values on each
    depleted shoe).  Griffin's linear estimate then gives G at true count c (tag sum per deck
    of the cards seen) as G0 + c * s, with s = (N - 1) / 51 * sum(t e) / sum(t^2) over the 13 ranks
    (N: cards in the shoe; (N-1)/51 rescales an N-card shoe's effects to one deck's), and the
    index is -G0 / s: take ``action`` at or above it when s > 0, at or below it when s < 0.

    >>> from bjcalc import Rules
    >>> table = indices(Calculator(Rules(decks=6)), SYSTEMS["Hi-Lo"], COMMON_PLAYS[:2])
    >>> [(row.play, round(row.index, 1), row.rule) for row in table.itertuples()]
    [('insurance', 3.1, 'insure at TC >= +3'), ('16 v T', 0.8, 'stand at TC >= +1')]
    """
    import pandas as pd

    if not system.balanced:
        raise BjcalcError(f"{system.name} is unbalanced: indices here are true counts, which need a balanced count")
    shoe = calc.shoe
    weights = removal_weights(shoe, calc.rules)
    depleted = {value: [(p, Calculator(calc.rules, left, calc.split_strategy, calc.exact)) for p, left in shoes]
                for value, shoes in weights.items()}
    cards = sum(shoe.rank_counts)
    per_rank = [(float(t), n) for t, n in zip(system.tags, RANKS_PER_VALUE)]
    spread = sum(t * t * n for t, n in per_rank)
    rows = []
    for play in plays:
        base = float(_decision_gain(calc, play))
        effects = [sum(float(p) * float(_decision_gain(other, play)) for p, other in depleted[v]) - base
                   if depleted.get(v) else 0.0 for v in range(1, 11)]
        slope = (cards - 1) / 51 * sum(t * e * n for (t, n), e in zip(per_rank, effects)) / spread
        index: Optional[float] = -base / slope if slope else None
        if index is None:
            rule = f"{play.action}: the count does not move this decision"
        else:
            rounded = round(index)
            rule = f"{play.action} at TC {'>=' if slope > 0 else '<='} {rounded:+d}"
        rows.append({"play": play.label, "cards": play.cards, "up": play.up, "action": play.action,
                     "versus": play.versus, "gain at TC 0": base, "gain per TC": slope, "index": index,
                     "rule": rule})
    return pd.DataFrame(rows)
