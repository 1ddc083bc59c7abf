"""Card counting systems and how well they track a game: tags, betting and insurance correlation.

A count system gives each card value a tag; a player keeps the running sum of the tags of the
cards seen.  How well that sum tracks the player's advantage is measured against the game's
effects of removal (:meth:`bjcalc.Calculator.effects_of_removal`):

- :func:`betting_correlation` -- the correlation of the tags with the EORs over the 13 ranks
  (each ten-value rank counted, so tens weigh four times);
- :func:`insurance_correlation` -- the same with the effects of removal of the insurance bet,
  exact from the shoe (:func:`insurance_effects`);
- :func:`indices` -- the true count at which a play changes (16 v T: stand at +1 ...), from the
  exact effects of removal of each decision;
- :func:`playing_efficiency` -- how much of perfect play's gain over basic strategy on the
  first decision of every two-card hand a count's linear estimate captures, exact per shoe
  (:func:`playing_gains` gives it per decision).

>>> round(betting_correlation(GRIFFIN_SINGLE_DECK_EOR, SYSTEMS["Hi-Lo"]), 2)
0.97
"""

from __future__ import annotations

import functools
import math
import re
import weakref
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Sequence, Union

from ..core.actions import PostSplitStrategy
from ..core.cards import RANK_VALUE, RANKS, SUITS, Shoe, parse_cards, rank_index
from ..core.errors import BjcalcError
from ..core.outcomes import hand_total, is_natural
from ..engine.hands import UNSPLIT, composition_of
from ..game.calculator import Calculator
from ..game.removal import (VALUE_LABELS, Deviation, Deviations, FixedUpcard, deals_on_both, effects_of_removal,
                            fixed_actions, is_missing, removal_weights)
from ..game.rounds import Game, pair_state

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CountSystem", "SYSTEMS", "betting_correlation", "insurance_effects", "insurance_correlation",
           "GRIFFIN_SINGLE_DECK_EOR", "GRIFFIN_PLAYING_EFFICIENCY", "VALUE_LABELS", "Play", "COMMON_PLAYS", "indices",
           "playable", "count_system", "system_key", "SYSTEM_NAMES", "SYSTEM_ALIASES", "SHORT_NAMES", "count_names",
           "offers_insurance",
           "IndexPlay", "index_plays", "deviations_at", "insurance_ev", "sample_shoes", "playing_gains",
           "playing_efficiency", "fixed_effects", "eor_csv"]

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


def system_key(text: str) -> str:
    """A count's name as :data:`SYSTEM_NAMES` keys it: lower case, letters and digits only.

    >>> system_key("Hi-Opt II")
    'hioptii'
    """
    return re.sub(r"[^a-z0-9]", "", text.lower())


SYSTEM_NAMES = {system_key(name): name for name in SYSTEMS}
"""Count systems by their short names (``hilo``, ``ko``, ``hiopti`` ...): :func:`system_key` of each."""

SHORT_NAMES: dict[str, str] = {"Hi-Lo": "hilo", "KO": "ko", "Hi-Opt I": "hiopt1", "Hi-Opt II": "hiopt2",
                               "Omega II": "omega2", "Zen": "zen", "Wong Halves": "halves", "Red 7": "red7"}
"""The short name of each count of :data:`SYSTEMS` that messages and help show (every spelling
:func:`count_system` takes is accepted)."""

SYSTEM_ALIASES: dict[str, str] = {
    **{system_key(short): name for name, short in SHORT_NAMES.items()},
    "highlow": "Hi-Lo", "knockout": "KO", "zencount": "Zen", "redseven": "Red 7"}
"""Other names of the counts, keyed as :func:`system_key` keys them (``halves``, ``hiopt2``,
``omega2``, ``knockout`` ...), beside :data:`SYSTEM_NAMES`."""


def count_names(systems: Optional[Sequence[CountSystem]] = None) -> str:
    """The counts' names as messages list them: each short name with its usual spelling
    (``systems``: just these; default every count of :data:`SYSTEMS`).

    >>> count_names([SYSTEMS["Hi-Lo"], SYSTEMS["Wong Halves"]])
    'hilo (Hi-Lo), halves (Wong Halves)'
    """
    chosen = list(SYSTEMS.values()) if systems is None else list(systems)
    return ", ".join(f"{SHORT_NAMES.get(s.name, system_key(s.name))} ({s.name})" for s in chosen)

GRIFFIN_SINGLE_DECK_EOR: dict[str, float] = {
    "A": -0.0061, "2": 0.0038, "3": 0.0044, "4": 0.0055, "5": 0.0069, "6": 0.0046, "7": 0.0028, "8": 0.0,
    "9": -0.0018, "T": -0.0051}
"""Griffin's published single-deck effects of removal (S17, no DAS, basic strategy), per unit bet
(The Theory of Blackjack; in percent there)."""


def _correlation(effects: Mapping[str, Number], system: CountSystem) -> float:
    """Pearson's correlation over the 13 ranks (each ten-value rank its own point), less the
    values whose effect is NaN (a shoe with no card of that value has none to remove); NaN if
    what is left does not vary."""
    missing = [label for label in VALUE_LABELS if label not in effects]
    if missing:
        raise BjcalcError(f"effects of removal are needed for every value A, 2 ... 9, T; missing {missing[0]}")
    xs, ys = [], []
    for label, tag, ranks in zip(VALUE_LABELS, system.tags, RANKS_PER_VALUE):
        if not math.isnan(float(effects[label])):
            xs += [float(tag)] * ranks
            ys += [float(effects[label])] * ranks
    mx, my = sum(xs) / max(len(xs), 1), sum(ys) / max(len(ys), 1)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        if len(xs) < 13:
            return math.nan
        raise BjcalcError("a correlation needs tags and effects that are not all equal")
    return sxy / math.sqrt(sxx * syy)


def count_system(system: Union[str, CountSystem]) -> CountSystem:
    """A count of :data:`SYSTEMS` by name, ignoring case, spaces, hyphens and other punctuation
    (``hilo``, ``Hi-Lo``, ``Hi-Opt II``, ``wonghalves``), or by another usual name
    (:data:`SYSTEM_ALIASES`: ``halves``, ``hiopt2``, ``omega2`` ...), or a :class:`CountSystem` as
    it is; the functions and commands taking a count take any of these (the one lookup).

    >>> count_system("hilo").name, count_system("omega ii").name, count_system(SYSTEMS["Zen"]).name
    ('Hi-Lo', 'Omega II', 'Zen')
    >>> count_system("HI-LO").name, count_system("halves").name, count_system("Wong-Halves").name
    ('Hi-Lo', 'Wong Halves', 'Wong Halves')
    """
    if isinstance(system, CountSystem):
        return system
    if not isinstance(system, str):
        raise BjcalcError(f"a count is a CountSystem or a name ({count_names()}), not {type(system).__name__}")
    key = system_key(system)
    name = SYSTEM_NAMES.get(key) or SYSTEM_ALIASES.get(key)
    if name is None:
        raise BjcalcError(f"unknown count {system.strip() or system!r}; counts (any case, with or without spaces "
                          f"and hyphens): {count_names()}")
    return SYSTEMS[name]


def betting_correlation(effects: Mapping[str, Number], system: Union[str, CountSystem]) -> float:
    """How well the count tracks the game's edge: the correlation of the tags with the effects
    of removal (a Series or dict by value label, e.g. from
    :meth:`~bjcalc.Calculator.effects_of_removal`) over the 13 ranks.

    >>> round(betting_correlation(GRIFFIN_SINGLE_DECK_EOR, SYSTEMS["Zen"]), 2)
    0.96
    """
    return _correlation(effects, count_system(system))


def insurance_effects(shoe: Shoe) -> dict[str, Union[Fraction, float]]:
    """The exact effect of removing one card of each value on the insurance bet's EV per unit
    insured (it pays 2:1 on a hole ten), the ace up card already out of the shoe; NaN for a
    value the shoe holds no card of.

    >>> effects = insurance_effects(Shoe.decks(1))
    >>> effects["T"], effects["5"]
    (Fraction(-7, 170), Fraction(8, 425))
    """
    if shoe.is_infinite:
        raise BjcalcError("an infinite shoe has no effect of removal: give a finite shoe")
    counts = list(shoe.value_counts())
    if not offers_insurance(counts):
        raise BjcalcError("insurance needs an ace up and two more cards in the shoe")
    full = insurance_ev(counts)
    return {label: insurance_ev([n - (v == value) for v, n in enumerate(counts)]) - full if counts[value] else
            math.nan for value, label in enumerate(VALUE_LABELS)}


def insurance_ev(counts: Sequence[int]) -> Fraction:
    """Insurance's EV per unit insured (2:1 on a hole ten) with an ace up, from the value counts
    before the ace is dealt (the player's cards unseen).

    >>> insurance_ev((4, 4, 4, 4, 4, 4, 4, 4, 4, 16))          # one deck: 16 tens among 51 cards
    Fraction(-1, 17)
    """
    cards = sum(counts) - 1
    return 3 * Fraction(counts[9], cards) - 1


def insurance_correlation(shoe: Shoe, system: Union[str, CountSystem]) -> float:
    """The correlation of the tags with the insurance bet's effects of removal (how well the count
    says when to insure); NaN for a finite shoe that never offers insurance (no ace, or too few
    cards to deal it), so that the other metrics of such a shoe still come.

    >>> round(insurance_correlation(Shoe.decks(6), SYSTEMS["Hi-Lo"]), 2)
    0.76
    >>> insurance_correlation(Shoe.from_counts({6: 20, "T": 20}), SYSTEMS["Hi-Lo"])
    nan
    """
    if not shoe.is_infinite and not offers_insurance(shoe.value_counts()):
        return math.nan
    return _correlation(insurance_effects(shoe), count_system(system))


def offers_insurance(counts: Sequence[int]) -> bool:
    """Whether a shoe of ``counts`` (by value, ace first) can deal insurance: an ace up and two
    more cards.

    >>> offers_insurance(Shoe.decks(1).value_counts()), offers_insurance([0] * 5 + [20, 0, 0, 0, 20])
    (True, False)
    """
    return counts[0] >= 1 and sum(counts) >= 3


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


def _fixes(calc: Calculator) -> bool:
    """Whether a decision's play after it can be held at ``calc``'s (the full shoe's) on a depleted
    shoe: every post-split strategy but the optimal split, whose decisions use every card of a
    round (there the depleted shoe's own play after the decision is taken)."""
    return not (calc.split_strategy == PostSplitStrategy.OPTIMAL and calc.rules.splits)


def _fixed_hand(calc: Calculator, base: Calculator, cards: str, up: str) -> dict[str, Any]:
    """:meth:`Calculator.hand` on ``calc``'s shoe with ``base``'s play after the first action
    (its hit/stand and post-split decisions: :func:`~bjcalc.game.removal.fixed_actions`)."""
    ranks = parse_cards(cards)
    up_rank = rank_index(up)
    calc.shoe.remove(RANKS[up_rank], *(RANKS[r] for r in ranks))       # can the shoe deal them?
    up_value = RANK_VALUE[up_rank]
    values = calc.round.upcard(up_value)
    node = values.nodes.node(composition_of(RANK_VALUE[r] for r in ranks), UNSPLIT)
    calc.round.check_dealable(values, node)
    fixed = FixedUpcard.build(base.round.upcard(up_value), values)
    key = pair_state(calc.shoe, calc.rules, up_rank, ranks) if len(ranks) == 2 else None
    blackjack = values.blackjack[node]
    return {a: calc.ar.output(calc.round.report(v, blackjack)) for a, v in fixed_actions(calc, fixed, node, key).items()}


def _decision_gain(calc: Calculator, play: Play, base: Optional[Calculator] = None) -> Any:
    """EV of ``action`` minus EV of ``versus`` for this hand on this calculator's shoe (per unit
    initial bet, on the basis :meth:`Calculator.hand` states; insurance per unit insured); with
    ``base``, each action followed by ``base``'s play (the full shoe's), not the shoe's own best."""
    if play.cards == "insurance":
        return insurance_ev(calc.shoe.value_counts())
    values = calc.hand(play.cards, play.up) if base is None else _fixed_hand(calc, base, play.cards, play.up)
    for name in (play.action, play.versus):
        if name not in values:
            raise BjcalcError(f"{play.label}: {name} is not allowed by these rules")
    return values[play.action] - values[play.versus]


def playable(calc: Calculator, plays: Sequence[Play] = COMMON_PLAYS) -> list[Play]:
    """The plays of ``plays`` that have an index on ``calc``'s shoe and rules: the shoe can deal
    the hand and up card less any one card (the effects of removal deal it from every such
    shoe; insurance needs two aces) and the rules allow both actions.  The others would be
    refused by :func:`indices`.

    >>> from bjcalc import Rules, Shoe
    >>> no_fours = Calculator(Rules(decks=1), Shoe.decks(1).remove(*"4444"))
    >>> [f"{play.label} ({play.cards})" for play in COMMON_PLAYS if play not in playable(no_fours)]
    ['10 v T (6,4)', '9 v 2 (5,4)', '10 v A (6,4)', '9 v 7 (5,4)', '12 v 4 (T,2)']
    """
    return [play for play in plays if _dealable(calc.shoe, play) and (
        play.cards == "insurance" or {play.action, play.versus} <= set(calc.hand(play.cards, play.up)))]


def _dealable(shoe: Shoe, play: Play) -> bool:
    """Whether ``play``'s cards and up card can be dealt from ``shoe`` less any one card; insurance
    needs an ace up and an ace to remove."""
    if shoe.is_infinite:
        return True
    if play.cards == "insurance":
        return shoe.value_counts()[0] > 1
    needed = [0] * 13
    for rank in [*parse_cards(play.cards), rank_index(play.up)]:
        needed[rank] += 1
    return all(have > want for have, want in zip(shoe.rank_counts, needed) if want)


def indices(calc: Calculator, system: Union[str, CountSystem], plays: Iterable[Play] = COMMON_PLAYS) -> "pd.DataFrame":
    """The true count at which each play changes, for a balanced count.

    For a decision, G(shoe) = EV(action) - EV(versus).  Its effect of removal for each card
    value, e_v = G(shoe less a card of value v) - G(shoe), is exact (the hand's values on each
    depleted shoe).  Removing r cards from an N-card shoe moves G by about (N - 1) / (N - r)
    times the sum of the removed cards' effects (the shoe's proportions move by that much);
    Griffin's linear estimate puts b t for each card's effect, b = sum(t e) / sum(t^2) over the
    13 ranks (the least-squares slope), so at true count c (running count per 52 cards left,
    c = 52 RC / (N - r)) G is about G0 + c * s with s = (N - 1) / 52 * b (the scaling is exact
    for one card removed).  The index is -G0 / s: take ``action`` at or above it when s > 0, at
    or below it when s < 0.

    >>> from bjcalc import Rules
    >>> table = indices(Calculator(Rules(decks=6)), SYSTEMS["Hi-Lo"], COMMON_PLAYS[:2])
    >>> [(row.play, round(row.index, 1), row.rule) for row in table.itertuples()]
    [('insurance', 3.2, 'insure at TC >= +3'), ('16 v T', 0.8, 'stand at TC >= +1')]
    """
    import pandas as pd

    system = count_system(system)
    if not system.balanced:
        raise BjcalcError(f"{system.name} is unbalanced: indices here are true counts, which need a balanced count")
    shoe = calc.shoe
    weights = removal_weights(shoe, calc.rules)
    depleted = {value: [(p, Calculator(calc.rules, left, calc.split_strategy, calc.exact)) for p, left in shoes]
                for value, shoes in weights.items()}
    cards = sum(shoe.rank_counts)
    follow = calc if _fixes(calc) else None       # the full shoe's play after each action, held fixed
    rows = []
    for play in plays:
        base = float(_decision_gain(calc, play))
        effects = [sum(float(p) * float(_decision_gain(other, play, follow)) for p, other in depleted[v]) - base
                   if depleted.get(v) else math.nan for v in range(1, 11)]    # (NaN: no card to remove)
        slope = (cards - 1) / 52 * float(_fit(system, effects)[1])
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


@dataclass(frozen=True)
class IndexPlay:
    """A play of an index table as a player uses it: ``play``'s action is taken at a true count at
    or above the whole-number ``index`` (``at_or_above``) or at or below it, and its ``versus``
    elsewhere.

    >>> sixteen = IndexPlay(COMMON_PLAYS[1], 1, True)                    # 16 v T: stand at TC >= +1
    >>> sixteen.active(0.99), sixteen.active(1.0), sixteen.deviation(1.5).label, sixteen.rule
    (False, True, '16 v T: stand for hit', '16 v T: stand at TC >= +1')
    >>> IndexPlay(COMMON_PLAYS[13], -1, False).active(-1.0)              # (an "at or below" play)
    True
    >>> sixteen.deviation(-2.0).label                                    # short of the index: hit
    '16 v T: hit for stand'
    """

    play: Play
    index: int
    at_or_above: bool

    @property
    def rule(self) -> str:
        """The play as players write it: ``"16 v T: stand at TC >= +1"``."""
        return f"{self.play.label}: {self.play.action} at TC {'>=' if self.at_or_above else '<='} {self.index:+d}"

    def active(self, true_count: float) -> bool:
        """Whether the play's ``action`` is taken at this true count."""
        return true_count >= self.index if self.at_or_above else true_count <= self.index

    def deviation(self, true_count: float) -> Optional[Deviation]:
        """The first-decision change at this true count (None for insurance, which
        :func:`deviations_at` turns into :attr:`~bjcalc.game.removal.Deviations.insure`)."""
        play = self.play
        if play.cards == "insurance":
            return None
        take, replaces = (play.action, play.versus) if self.active(true_count) else (play.versus, play.action)
        values = [RANK_VALUE[rank] for rank in parse_cards(play.cards)]
        up = RANK_VALUE[rank_index(play.up)]
        if "split" in (take, replaces):
            return Deviation(up, take, replaces, pair=values[0])
        total, soft = hand_total(composition_of(values))
        return Deviation(up, take, replaces, total=total, soft=soft)


def index_plays(table: "pd.DataFrame") -> tuple[IndexPlay, ...]:
    """The plays of an :func:`indices` table with their whole-number indices, as its ``rule``
    column states them (a play the count does not move is left out).

    >>> import pandas as pd
    >>> table = pd.DataFrame([{"cards": "T,6", "up": "T", "action": "stand", "versus": "hit", "index": 0.81,
    ...                        "gain per TC": 0.004}])
    >>> index_plays(table)[0].index, index_plays(table)[0].at_or_above
    (1, True)
    """
    plays = []
    for row in table.to_dict(orient="records"):
        if row["index"] is None or not math.isfinite(row["index"]):
            continue
        plays.append(IndexPlay(Play(row["cards"], row["up"], row["action"], row["versus"]), round(row["index"]),
                               row["gain per TC"] > 0))
    return tuple(plays)


def deviations_at(plays: Sequence[IndexPlay], true_count: float) -> Deviations:
    """The first-decision changes and insurance of a basic-strategy-plus-indices player at a true
    count (:class:`~bjcalc.game.removal.Deviations`, for :func:`~bjcalc.game.removal.play_on`).

    >>> plays = (IndexPlay(COMMON_PLAYS[0], 3, True), IndexPlay(COMMON_PLAYS[1], 1, True))
    >>> deviations_at(plays, 3.2).describe()
    '16 v T: stand for hit; insurance taken'
    >>> deviations_at(plays, 0.4).describe()
    '16 v T: hit for stand'
    """
    # (the plays compare the count with whole numbers: its floor and ceiling decide them all)
    floor, ceiling = math.floor(true_count), math.ceil(true_count)
    return _deviations_at(tuple(plays), floor if floor == ceiling else floor + 0.5)


@functools.lru_cache(maxsize=1024)
def _deviations_at(plays: tuple[IndexPlay, ...], true_count: float) -> Deviations:
    changes = tuple(d for d in (play.deviation(true_count) for play in plays) if d is not None)
    insure = any(play.play.cards == "insurance" and play.active(true_count) for play in plays)
    return Deviations(changes, insure)


def _fit(system: CountSystem, effects: Sequence[Any]) -> tuple[Any, Any]:
    """The least-squares line of the effects (by value A ... T) on the tags over the 13 ranks:
    (intercept, slope), the intercept being the effects' mean (tags centred on their mean, so a
    count and any affine change of its tags fit alike).  No slope (0) for a count whose tags are
    all equal.  A value whose effect is missing (NaN: the shoe has none of it, or its removal
    leaves the decision unplayable) is left out, and the tags centred on the ranks left, not
    counted as an effect of 0."""
    weights = _weights(effects)
    if sum(weights) == 0:
        return math.nan, 0.0
    tags = _centred(system, weights)
    zero = 0 * next(e for e, n in zip(effects, weights) if n)
    mean = sum((e * n for e, n in zip(effects, weights) if n), zero) / sum(weights)
    spread = sum(t * t * n for t, n in zip(tags, weights))
    if spread == 0:
        return mean, 0 * mean
    return mean, sum((e * t * n for e, t, n in zip(effects, tags, weights) if n), zero) / spread


def _weights(*columns: Sequence[Any]) -> tuple[int, ...]:
    """Each value's ranks among the 13 (4 for tens), 0 where any column's entry is missing (NaN)."""
    return tuple(0 if any(is_missing(column[v]) for column in columns) else n for v, n in enumerate(RANKS_PER_VALUE))


def _centred(system: CountSystem, weights: Sequence[int] = RANKS_PER_VALUE) -> tuple[Fraction, ...]:
    """The tags less their mean over the 13 ranks, or over the ranks ``weights`` counts (a
    balanced count's tags are unchanged over all 13)."""
    mean = sum((t * n for t, n in zip(system.tags, weights)), Fraction(0)) / sum(weights)
    return tuple(t - mean for t in system.tags)


GRIFFIN_PLAYING_EFFICIENCY: dict[str, float] = {
    "Hi-Lo": 0.51, "KO": 0.55, "Hi-Opt I": 0.61, "Hi-Opt II": 0.67, "Omega II": 0.67, "Zen": 0.63,
    "Wong Halves": 0.56, "Red 7": 0.54}
"""The published playing efficiencies (Griffin's method, single deck, as quoted in the count
books and their comparison tables), for comparison with :func:`playing_efficiency`."""

Decision = tuple[int, tuple[int, int], Any]
"""A first decision: (up card value, the player's two card values, the full shoe's pair state)."""


@dataclass
class _Values:
    """One decision on one shoe: the deal's chance, P(dealer blackjack) given it, and each allowed
    action's joint value summed over its deals (per round)."""

    p: Any
    blackjack: Any
    actions: dict[str, Any]


def _decision_values(calc: Calculator, base: Calculator, fixed: bool = False) -> dict[Decision, _Values]:
    """Every first decision of a two-card hand (naturals aside) on ``calc``'s shoe, keyed as on
    ``base``'s shoe (its pair state), with the actions allowed on every deal of it; each action
    followed by the shoe's own best play, or with ``fixed`` by ``base``'s play (its hit/stand and
    post-split decisions, :func:`~bjcalc.game.removal.fixed_actions`)."""
    deals = deals_on_both(calc, base)
    out: dict[Decision, _Values] = {}
    for up in range(1, 11):
        if deals[up]:
            # (fixed: the base's decisions forced in one pass over the hands they reach; else the shoe's best play)
            follow = FixedUpcard.on(base.round.upcard(up), calc, up, source_round=base.round) if fixed else None
            _add_decisions(out, calc, up, deals[up], follow)
    return out


def _add_decisions(out: dict[Decision, _Values], calc: Game, up: int, deals: dict,
                   follow: Optional[FixedUpcard]) -> None:
    """:func:`_decision_values`'s decisions against ``up`` added to ``out``: valued with
    ``follow``'s fixed play on ``calc``'s shoe, or (None) with the shoe's own best play."""
    values = calc.round.upcard(up) if follow is None else follow.target
    for (hand, (key, base_key)), p in deals.items():
        composition = composition_of(hand)
        if is_natural(composition):
            continue
        node = values.nodes.node(composition, UNSPLIT)
        calc.round.check_dealable(values, node)
        chance = calc.ar.convert(p)
        actions = calc.round.actions(values, node, key) if follow is None else fixed_actions(calc, follow, node, key)
        joint = {a: chance * v for a, v in actions.items()}
        entry = out.get((up, hand, base_key))
        if entry is None:
            out[(up, hand, base_key)] = _Values(chance, values.blackjack[node], joint)
        else:      # the same decision dealt with other ranks: an action counts if every deal allows it
            entry.p += chance
            entry.actions = {a: v + joint[a] for a, v in entry.actions.items() if a in joint}


def _gains(values: _Values, chosen: str, per_deal: bool, conditioned: bool) -> dict[str, Any]:
    """Each other action's gain over ``chosen``: per round (joint), or per deal of the hand (on the
    basis :meth:`Calculator.hand` uses: given no dealer blackjack in peek games)."""
    out = {a: v - values.actions[chosen] for a, v in values.actions.items() if a != chosen}
    if per_deal:
        scale = values.p * (1 - values.blackjack) if conditioned and values.blackjack != 1 else values.p
        out = {a: g / scale for a, g in out.items()}
    return out


def sample_shoes(shoe: Shoe, dealt: float = 0.5, samples: int = 24, seed: int = 13) -> list[Shoe]:
    """``samples`` shoes, each ``shoe`` less ``round(dealt x cards)`` cards drawn at random without
    replacement (with their suits when the shoe counts suits): a deterministic sample (``seed``)
    of the shoes a counter meets at that depth.

    >>> [s.total for s in sample_shoes(Shoe.decks(1), 0.25, samples=2)]
    [39, 39]
    """
    import numpy as np

    if shoe.is_infinite:
        raise BjcalcError("an infinite shoe is never depleted: give a finite shoe")
    if not 0 < dealt < 1:
        raise BjcalcError(f"dealt is the share of the shoe dealt, between 0 and 1, not {dealt}")
    if samples < 1:
        raise BjcalcError(f"samples must be at least 1, not {samples}")
    if shoe.suit_counts is None:
        cards = [RANKS[r] for r, n in enumerate(shoe.rank_counts) for _ in range(n)]
    else:
        cards = [f"{RANKS[r]}{SUITS[s]}" for r, suits in enumerate(shoe.suit_counts) for s, n in enumerate(suits)
                 for _ in range(n)]
    take = round(dealt * len(cards))
    if not 0 < take < len(cards) - 2:
        raise BjcalcError(f"dealing {dealt} of {len(cards)} cards leaves no round to play: give dealt so that "
                          f"at least one card is dealt and three are left")
    rng = np.random.default_rng(seed)
    return [shoe.without([cards[i] for i in sorted(rng.choice(len(cards), take, replace=False))])
            for _ in range(samples)]


@dataclass
class _Basis:
    """The full shoe's part of playing efficiency: each decision's basic-strategy action, and
    for each other action its gain per deal G0 and its exact effects of removal by value."""

    full: dict[Decision, _Values]
    chosen: dict[Decision, str]
    base: dict[Decision, dict[str, Any]]
    effects: dict[Decision, dict[str, list[Any]]]


Depleted = dict[int, list[tuple[Fraction, dict[Decision, _Values]]]]
"""Per card value, each shoe left by removing one card of it (:func:`removal_weights`): its
chance and its decisions (:func:`_decision_values` against the full shoe)."""

_BASES: "weakref.WeakKeyDictionary[Calculator, _Basis]" = weakref.WeakKeyDictionary()
"""Each calculator's basis, made once: both methods of playing efficiency, and several calls, share it."""


def _basis(calc: Calculator) -> _Basis:
    basis = _BASES.get(calc)
    if basis is None:
        depleted: Depleted = {}
        for value, removals in removal_weights(calc.shoe, calc.rules).items():
            # (each depleted shoe reuses the full one's trees, nodes and dealer rows: Calculator._depleted)
            depleted[value] = [(p, _decision_values(calc._depleted(left), calc, _fixes(calc))) for p, left in removals]
        basis = _BASES[calc] = _make_basis(calc, depleted)
    return basis


def _make_basis(calc: Calculator, depleted: Depleted) -> _Basis:
    """The basis of ``calc``'s shoe from its depleted shoes' decisions."""
    conditioned = calc.hand_values_conditioned
    full = _decision_values(calc, calc)
    chosen = {d: max(v.actions, key=lambda a: v.actions[a]) for d, v in full.items()}   # the engine's tie-break
    base = {d: _gains(v, chosen[d], True, conditioned) for d, v in full.items()}
    effects: dict[Decision, dict[str, list[Any]]] = {}
    for d, gains in base.items():
        effects[d] = {a: [math.nan] * 10 for a in gains}      # (NaN: no effect measured, left out of the fits)
        for value, shoes in depleted.items():
            if not shoes or any(d not in values or chosen[d] not in values[d].actions for _, values in shoes):
                continue           # no card of this value, or its removal leaves the decision unplayable
            for a, g in gains.items():
                if all(a in values[d].actions for _, values in shoes):
                    after = sum((calc.ar.convert(p) * _gains(values[d], chosen[d], True, conditioned)[a]
                                 for p, values in shoes), 0 * g)
                    effects[d][a][value - 1] = after - g
    return _Basis(full, chosen, base, effects)


def fixed_effects(calc: Calculator) -> "pd.Series":
    """``calc.effects_of_removal()`` (fixed CD play), the depleted shoes' passes also making what
    :func:`playing_efficiency`, :func:`playing_gains` and the like read of them: a later call of
    those on ``calc`` values no depleted shoe again (each shoe's fixed play is valued once for
    both, about a third of ``bjcalc eor``'s time saved on 6 decks).  The same numbers either way.

    >>> from bjcalc import Rules
    >>> calc = Calculator(Rules(decks=1, max_split_hands=2))
    >>> eor = fixed_effects(calc)
    >>> eor.equals(Calculator(calc.rules).effects_of_removal())
    True
    >>> round(playing_efficiency(calc, SYSTEMS["Hi-Lo"], method="griffin"), 2)     # (no shoe valued again)
    0.49
    """
    if calc in _BASES or not _fixes(calc):      # (the optimal split plays each depleted shoe its own way)
        return calc.effects_of_removal()
    removals = removal_weights(calc.shoe, calc.rules)
    found: dict[tuple[int, int], dict[Decision, _Values]] = {}
    deals: dict[tuple[int, int], dict[int, dict]] = {}

    def visit(value: int, i: int, other: Game, up: int, fixed: FixedUpcard) -> None:
        if (value, i) not in deals:
            deals[(value, i)] = deals_on_both(other, calc)
        if deals[(value, i)][up]:
            _add_decisions(found.setdefault((value, i), {}), other, up, deals[(value, i)][up], fixed)

    effects = effects_of_removal(calc, calc._depleted, "fixed", "CD", visit)
    _BASES[calc] = _make_basis(calc, {value: [(p, found.get((value, i), {})) for i, (p, _) in enumerate(shoes)]
                                      for value, shoes in removals.items()})
    return effects


def playing_gains(calc: Calculator, systems: Sequence[CountSystem], shoes: Optional[Sequence[Shoe]] = None,
                  **sample: Any) -> "pd.DataFrame":
    """Per decision (up card, the player's two cards), summed over ``shoes`` (default
    :func:`sample_shoes` of ``calc.shoe`` with ``sample``'s arguments): the gain over basic
    strategy per round of perfect play (``perfect``) and of each count's linear estimate (a
    column per system), exact per shoe.  :func:`playing_efficiency` divides their totals.

    Basic strategy is the full shoe's best first action of the hand (CD, ties as the engine
    breaks them).  On each shoe, every action's value is the engine's (the hand's best play
    after it, on that shoe), per round (times the chance of the deal).  Perfect play takes the
    best action on the shoe; a count takes the action its estimate puts best: for each other
    action, G0 + (N - 1) / (N - r) b RC, with G0 the action's gain per deal over basic strategy
    on the full shoe, b the least-squares slope of its exact effects of removal on the count's
    tags (13 ranks, tags less their mean), N the full shoe's cards, r the cards gone and RC the
    running count of them (Griffin's linear estimate, as :func:`indices` uses it).

    >>> from bjcalc import Rules
    >>> table = playing_gains(Calculator(Rules(decks=1)), [SYSTEMS["Hi-Lo"]], samples=2)
    >>> bool((table["Hi-Lo"] <= table["perfect"] + 1e-15).all())
    True
    """
    import pandas as pd

    systems = list(systems)
    if calc.shoe.is_infinite:
        raise BjcalcError("an infinite shoe is never depleted: playing efficiency needs a finite shoe")
    shoes = sample_shoes(calc.shoe, **sample) if shoes is None else list(shoes)
    if not shoes:
        raise BjcalcError("playing efficiency needs at least one shoe")
    basis = _basis(calc)
    full_counts = calc.shoe.value_counts()
    cards = sum(full_counts)
    fits = {system.name: {d: {a: _fit(system, e) for a, e in by_action.items()}
                          for d, by_action in basis.effects.items()} for system in systems}
    centred = {system.name: _centred(system) for system in systems}
    totals: dict[Decision, dict[str, Any]] = {}
    for shoe in shoes:
        if shoe.is_infinite or any(n < m for n, m in zip(full_counts, shoe.value_counts())):
            raise BjcalcError(f"{shoe.describe()} is not a depletion of {calc.shoe.describe()}: give shoes with no "
                              f"more cards of any value")
        gone = [n - m for n, m in zip(full_counts, shoe.value_counts())]
        left = cards - sum(gone)
        scale = Fraction(cards - 1, left)
        values = _decision_values(calc._depleted(shoe), calc)     # (the full shoe's trees and nodes serve)
        for d, there in values.items():
            a0 = basis.chosen[d]
            if a0 not in there.actions:
                continue        # the shoe cannot play basic strategy's action here (too few cards to split)
            gains = _gains(there, a0, False, False)
            row = totals.setdefault(d, {"perfect": 0 * calc.ar.scalar(0), **{s.name: 0 * calc.ar.scalar(0)
                                                                              for s in systems}})
            row["perfect"] = row["perfect"] + max([0 * calc.ar.scalar(0), *gains.values()])
            for system in systems:
                running = sum(t * n for t, n in zip(centred[system.name], gone))
                best, pick = 0, a0
                for a, (_, slope) in fits[system.name][d].items():
                    if a not in gains:
                        continue
                    estimate = basis.base[d][a] + calc.ar.convert(scale * running) * slope
                    if estimate > best:
                        best, pick = estimate, a
                if pick != a0:
                    row[system.name] = row[system.name] + gains[pick]
    rows = [{"up": VALUE_LABELS[up - 1], "hand": ",".join(VALUE_LABELS[v - 1] for v in hand), "pair state": key,
             "basic": basis.chosen[(up, hand, key)], **{k: calc.ar.output(v) for k, v in row.items()}}
            for (up, hand, key), row in totals.items()]
    table = pd.DataFrame(rows)
    table.attrs["shoes"] = len(shoes)
    return table


def playing_efficiency(calc: Calculator, system: Union[CountSystem, Sequence[CountSystem]],
                       shoes: Optional[Sequence[Shoe]] = None, method: str = "shoes", **sample: Any) -> Any:
    """A count's playing efficiency on the first decision of every two-card hand: the gain over
    basic strategy of the count's play divided by perfect play's gain.  1 means the count plays
    every one of these decisions perfectly; it cannot be more.  For several systems, a dict by
    name.

    ``method="shoes"`` (bjcalc's definition): over ``shoes`` (default :func:`sample_shoes`: 24
    shoes a quarter dealt; ``sample`` passes ``dealt``, ``samples``, ``seed``), both gains exact
    per shoe (:func:`playing_gains` says which play each makes), summed over the shoes.
    ``method="griffin"``: Griffin's normal approximation with the same exact effects, at the
    depth ``dealt`` (default 0.25): each decision's gain G over its next-best action is taken as
    normal, mean G0, standard deviation s = sd(e) sqrt(r (N - 1) / (N - r)) (r of the N cards
    dealt, sd over the 13 ranks); perfect play gains E[max(0, G)], the count E[max(0, G^)] with
    G^ normal of deviation |rho| s (rho: the tags' correlation with e), each weighted by the
    chance of the hand; no shoe is sampled.

    >>> from bjcalc import Rules
    >>> pe = playing_efficiency(Calculator(Rules(decks=1)), [SYSTEMS["Hi-Lo"], SYSTEMS["Omega II"]], samples=4)
    >>> pe["Hi-Lo"] < pe["Omega II"] <= 1
    True
    >>> round(playing_efficiency(Calculator(Rules(decks=1)), SYSTEMS["Hi-Lo"], method="griffin"), 2)
    0.48
    """
    systems: list[CountSystem] = [system] if isinstance(system, CountSystem) else list(system)
    out: dict[str, float]
    if method == "griffin":
        if shoes is not None or set(sample) - {"dealt"}:
            raise BjcalcError("Griffin's playing efficiency samples no shoes: give only dealt")
        out = _griffin(calc, systems, sample.get("dealt", 0.25))
    elif method == "shoes":       # (a quarter dealt by default, as documented: sample_shoes' own default is half)
        table = playing_gains(calc, systems, shoes, **({"dealt": 0.25, **sample} if shoes is None else sample))
        perfect = sum(float(v) for v in table["perfect"])
        if perfect <= 0:
            raise BjcalcError("perfect play gains nothing over basic strategy on these shoes: playing efficiency is "
                              "undefined (give depleted shoes)")
        out = {s.name: sum((float(v) for v in table[s.name]), 0.0) / perfect for s in systems}
    else:
        raise BjcalcError(f"method must be 'shoes' or 'griffin', not {method!r}")
    return out[system.name] if isinstance(system, CountSystem) else out


def _griffin(calc: Calculator, systems: Sequence[CountSystem], dealt: float) -> dict[str, float]:
    """Griffin's normal approximation of playing efficiency (see :func:`playing_efficiency`)."""
    if calc.shoe.is_infinite:
        raise BjcalcError("an infinite shoe is never depleted: playing efficiency needs a finite shoe")
    if not 0 < dealt < 1:
        raise BjcalcError(f"dealt is the share of the shoe dealt, between 0 and 1, not {dealt}")
    basis = _basis(calc)
    cards = sum(calc.shoe.value_counts())
    gone = round(dealt * cards)
    depth = math.sqrt(gone * (cards - 1) / (cards - gone))
    conditioned = calc.hand_values_conditioned
    perfect, count = 0.0, {s.name: 0.0 for s in systems}
    for d, gains in basis.base.items():
        if not gains:
            continue
        action = max(gains, key=lambda a: gains[a])       # the next-best action
        mean, effects = float(gains[action]), [float(e) for e in basis.effects[d][action]]
        spread = math.sqrt(_variance(effects)) * depth
        if spread == 0:
            continue
        values = basis.full[d]
        weight = float(values.p) * (1 - float(values.blackjack) if conditioned else 1)
        perfect += weight * _normal_gain(mean, spread)
        for system in systems:
            rho = _weighted_correlation([float(t) for t in system.tags], effects)
            count[system.name] += weight * _normal_gain(mean, abs(rho) * spread)
    if perfect <= 0:
        raise BjcalcError("no decision's gain moves with the cards dealt: playing efficiency is undefined")
    return {name: gain / perfect for name, gain in count.items()}


def _variance(xs: Sequence[float], weights: Optional[Sequence[int]] = None) -> float:
    """The variance over the 13 ranks of values by card value (over the ranks ``weights``
    counts: default those whose value is not NaN)."""
    weights = _weights(xs) if weights is None else weights
    ranks = sum(weights)
    if ranks == 0:
        return 0.0
    mean = sum(x * n for x, n in zip(xs, weights) if n) / ranks
    return sum((x - mean) ** 2 * n for x, n in zip(xs, weights) if n) / ranks


def _weighted_correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation over the 13 ranks, less the values either side misses (NaN); 0 when
    either side does not vary."""
    weights = _weights(xs, ys)
    ranks = sum(weights)
    if ranks == 0:
        return 0.0
    mx, my = (sum(v * n for v, n in zip(vs, weights) if n) / ranks for vs in (xs, ys))
    sxy = sum((x - mx) * (y - my) * n for x, y, n in zip(xs, ys, weights) if n)
    sxx, syy = _variance(xs, weights) * ranks, _variance(ys, weights) * ranks
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0


def _normal_gain(mean: float, spread: float) -> float:
    """E[max(0, X)] for X normal with this mean and standard deviation."""
    if spread == 0:
        return max(0.0, mean)
    z = mean / spread
    return spread * math.exp(-z * z / 2) / math.sqrt(2 * math.pi) + mean * (1 + math.erf(z / math.sqrt(2))) / 2


def eor_csv(calc: Calculator, dealt: float = 0.25) -> str:
    """The effects of removal of a game as CSV, the file ``tables/<preset>/eor.csv``: ``# ``
    comment lines (rules, shoe, the plays, the full shoe's EV), a row per card value (its share
    of the shoe, then EOR and depleted EV in percent, fixed CD play and reoptimized, 6 decimals),
    a row of weighted sums, a blank line, and each common count's tags, betting and insurance
    correlation and playing efficiency (Griffin's approximation, ``dealt`` of the shoe dealt).

    >>> from bjcalc import Rules
    >>> lines = eor_csv(Calculator(Rules(decks=1, max_split_hands=2))).splitlines()
    >>> [line for line in lines if line.startswith("card")]
    ['card,share,fixed EOR %,fixed EV after %,reoptimized EOR %,reoptimized EV after %']
    """
    fixed, best = fixed_effects(calc), calc.effects_of_removal("reoptimized")    # (fixed: playing efficiency's too)
    info = fixed.assumptions
    pe = playing_efficiency(calc, list(SYSTEMS.values()), method="griffin", dealt=dealt)
    out = [f"# Effects of removal and counts: {calc.shoe.describe()}", f"# rules: {info.rules}",
           f"# shoe: {info.shoe}; post-split play {calc.split_strategy}",
           f"# {info.strategy}",
           "# reoptimized: the best CD play for each depleted shoe",
           f"# EV of the full shoe {float(fixed.full_ev) * 100:+.4f} %; a removed card is a random one of the shoe's "
           f"cards of its value (rank and, in a game that sees suits, suit), seen by the player",
           f"# values: {info.conditioning}; effects per card removed, in percent",
           "card,share,fixed EOR %,fixed EV after %,reoptimized EOR %,reoptimized EV after %"]
    for card in VALUE_LABELS:
        out.append(f"{card},{float(fixed.weights[card]):.6f},{float(fixed[card]) * 100:.6f},"
                   f"{float(fixed.depleted_ev[card]) * 100:.6f},{float(best[card]) * 100:.6f},"
                   f"{float(best.depleted_ev[card]) * 100:.6f}")
    fixed_sum, best_sum = (f"{float(e.weighted_sum()) * 100:.6f}".replace("-0.000000", "0.000000")
                           for e in (fixed, best))      # (floats: the fixed sum is 0 to 1e-15)
    out.append(f"weighted sum,1.000000,{fixed_sum},,{best_sum},")
    out += ["", f"count,{','.join('tag ' + card for card in VALUE_LABELS)},betting correlation,insurance correlation,"
                f"playing efficiency (Griffin; {dealt:g} dealt)"]
    for name, system in SYSTEMS.items():
        out.append(f"{name},{','.join(str(t) for t in system.tags)},{betting_correlation(fixed, system):.4f},"
                   f"{insurance_correlation(calc.shoe, system):.4f},{pe[name]:.4f}")
    return "\n".join(out) + "\n"
