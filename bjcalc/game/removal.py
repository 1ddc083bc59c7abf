"""Effects of removal, and a strategy made for one shoe played unchanged on another (the "fixed
play" of card counters).

The composition-dependent (CD) strategy best for a calculator's own shoe is a decision for
every hand it can hold: hit or stand at every composition (in every split context the
post-split strategy uses), the first action of every two-card hand (stand, hit, double, split,
surrender) and the first action of every split hand (stand, hit, double).  :func:`play_on` takes
those decisions from the full shoe's evaluation and values them exactly on another shoe (a
depleted one, say), with the other shoe's draw and dealer probabilities; ties are broken as the
engine breaks them (stand before hit, hit before double, double before split, split before
surrender).  The total-dependent (TD) chart is played on another shoe the same way, by
:func:`~bjcalc.game.strategy.total_dependent_game`.

Removing a random unseen card cannot change a fixed strategy's expected value, so the effects of
removal of fixed play, weighted by the cards' frequencies, sum to exactly zero: the test of
this module (``tests/unit/game/test_removal.py``).

>>> from bjcalc import Calculator, Rules
>>> calc = Calculator(Rules(decks=1))
>>> fixed = play_on(calc, Calculator(Rules(decks=1), calc.shoe.remove("5")))
>>> round(float(fixed.ev - calc.game().ev) * 100, 4)        # one five gone: +0.72 %
0.7191
"""

from __future__ import annotations

import dataclasses
import functools
import html
import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, cast

import numpy as np

from ..core.cards import RANK_VALUE, RANKS, SUITS, Shoe
from ..core.arithmetic import Value
from ..core.errors import ShoeError, StrategyError
from ..core.words import either
from ..core.wagers import INSURANCE_STAKE, MONEY, Wager, insurance_value
from ..core.outcomes import hand_total, is_natural
from ..engine.dealer import DealerRows
from ..engine.hands import IMPOSSIBLE, UNSPLIT, composition_of
from ..engine.player import PlayerEngine, UpcardValues
from ..engine import rows as row_supply
from ..engine.rows import lend, serve_borrowers
from ..engine.splits import SplitPlay
from .rounds import (Game, GameResult, check_per_hand_split, chip_split_plays, deal_plan, deal_probabilities,
                     pair_state, same_game, strategy_name, suited_natural_chance)
from .variants import variant_of

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["play_on", "play_on_each", "deals_on_both", "fixed_actions", "effects_of_removal", "removal_weights", "node_map",
           "forced_hits", "forced_sets", "FixedUpcard", "Deviation", "Deviations", "FIRST_ACTIONS", "PLAYS", "VALUE_LABELS",
           "is_missing", "play_name"]

PLAYS = ("fixed", "reoptimized")
VALUE_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
"""The rows of an effects-of-removal table: card values, ace first."""
FIRST_ACTIONS = ("stand", "hit", "double", "split")
"""The first actions a :class:`Deviation` takes or replaces, in the engine's tie-breaking order
(not surrender: where the strategy surrenders, no deviation applies)."""


@dataclasses.dataclass(frozen=True)
class Deviation:
    """A change to a fixed strategy's first decision: against up card value ``up``, an unsplit
    two-card hand of best total ``total`` (``soft``: an ace counted as 11; pairs included), or
    only the pair of value ``pair``, takes ``take`` where the strategy takes ``replaces``.

    A counter's index play at one count is one: "16 v T: stand at TC >= +1" is
    ``Deviation(10, "stand", "hit", total=16)`` at a true count of +1 or more and
    ``Deviation(10, "hit", "stand", total=16)`` below it.  It changes the first decision only,
    never a split hand's, and nothing after the first action (hits go on by the strategy).

    >>> play = Deviation(10, "stand", "hit", total=16)
    >>> play.applies(10, (10, 6)), play.applies(10, (8, 8)), play.applies(9, (10, 6)), play.label
    (True, True, False, '16 v T: stand for hit')
    >>> Deviation(5, "split", "stand", pair=10).applies(5, (10, 10))
    True
    """

    up: int
    take: str
    replaces: str
    total: Optional[int] = None
    soft: bool = False
    pair: Optional[int] = None

    def __post_init__(self) -> None:
        if self.up not in range(1, 11):
            raise StrategyError(f"a deviation's up card is a card value from 1 (ace) to 10, not {self.up!r}")
        for name in (self.take, self.replaces):
            if name not in FIRST_ACTIONS:
                raise StrategyError(f"a deviation's actions are among {', '.join(FIRST_ACTIONS)}, not {name!r}")
        if self.take == self.replaces:
            raise StrategyError(f"a deviation takes another action than the one it replaces, not {self.take!r} twice")
        if (self.total is None) == (self.pair is None):
            raise StrategyError("a deviation names a hand by its total (total=16) or its pair (pair=10), one of them")
        if self.pair is not None and self.pair not in range(1, 11):
            raise StrategyError(f"a deviation's pair is a card value from 1 to 10, not {self.pair!r}")
        if self.total is not None and not 4 <= self.total <= 21:
            raise StrategyError(f"a two-card hand's total is 4 to 21, not {self.total!r}")
        if "split" in (self.take, self.replaces) and self.pair is None:
            raise StrategyError("a deviation that splits or gives up a split names the pair (pair=10)")

    def applies(self, up: int, hand: tuple[int, int]) -> bool:
        """Whether this play is about ``hand`` (two card values) against up card value ``up``."""
        if up != self.up:
            return False
        if self.pair is not None:
            return hand[0] == hand[1] == self.pair
        composition = composition_of(hand)
        return not is_natural(composition) and hand_total(composition) == (self.total, self.soft)

    @property
    def label(self) -> str:
        """``"16 v T: stand for hit"``, ``"T,T v 5: split for stand"``."""
        name = (f"{VALUE_LABELS[self.pair - 1]},{VALUE_LABELS[self.pair - 1]}" if self.pair is not None
                else f"{'soft ' if self.soft else ''}{self.total}")
        return f"{name} v {VALUE_LABELS[self.up - 1]}: {self.take} for {self.replaces}"


@dataclasses.dataclass(frozen=True)
class Deviations:
    """The first-decision changes a fixed strategy makes in one round (``plays``: the first that
    applies to a hand and replaces the strategy's action there is taken, if the rules allow it on
    the shoe played), and whether the player insures every hand against an ace (naturals too:
    even money), half the initial bet paying 2:1 on a dealer blackjack.

    >>> Deviations((Deviation(10, "stand", "hit", total=16),), insure=True).describe()
    '16 v T: stand for hit; insurance taken'
    >>> Deviations().describe()
    'none'
    """

    plays: tuple[Deviation, ...] = ()
    insure: bool = False

    @functools.cached_property
    def _by_deal(self) -> dict[tuple[int, tuple[int, int]], tuple[Deviation, ...]]:
        """The plays about each (up card, two card values) they apply to (a simulator asks for
        every deal of every round)."""
        deals: dict[tuple[int, tuple[int, int]], tuple[Deviation, ...]] = {}
        for play in self.plays:
            for a in range(1, 11):
                for b in range(a, 11):
                    if play.applies(play.up, (a, b)):
                        deals[(play.up, (a, b))] = deals.get((play.up, (a, b)), ()) + (play,)
        return deals

    def touches(self, up: int, hand: tuple[int, int]) -> bool:
        """Whether a deal of ``hand`` (two card values, the lower first) against ``up`` can be
        played or paid otherwise."""
        return (self.insure and up == 1) or (up, hand) in self._by_deal

    def first_action(self, up: int, hand: tuple[int, int], chosen: str, allowed: Callable[[str], bool]) -> str:
        """The first action taken where the strategy takes ``chosen`` (``hand``: two card values,
        the lower first)."""
        for play in self._by_deal.get((up, hand), ()):
            if play.replaces == chosen and allowed(play.take):
                return play.take
        return chosen

    def describe(self) -> str:
        """The plays and insurance, in words."""
        words = [play.label for play in self.plays] + (["insurance taken"] if self.insure else [])
        return "; ".join(words) if words else "none"


def node_map(source: UpcardValues, target: Any) -> np.ndarray:
    """For each node of ``target`` (anything with its ``nodes``: values or a player engine), the
    node of ``source`` with the same cards in the same context (every hand a depleted shoe can
    hold, the full shoe can hold too).

    >>> from bjcalc import Calculator, Rules, Shoe
    >>> full, less = Calculator(Rules(decks=1)), Calculator(Rules(decks=1), Shoe.decks(1).remove("A"))
    >>> mapped = node_map(full.round.upcard(6), less.round.upcard(6))
    >>> bool((mapped >= 0).all())
    True
    """
    if target.nodes is source.nodes:         # (one node set: most depletions share the full shoe's)
        return source.nodes.indices
    positions = np.array([source.nodes._context_position.get(context, -1) for context in target.nodes.contexts],
                         dtype=np.int64)
    if (positions < 0).any():
        raise StrategyError("the other shoe plays a split context the strategy's shoe never reaches")
    found = source.nodes.lookup(target.nodes._codes, positions[target.nodes.context_id])
    if (found == IMPOSSIBLE).any():
        raise StrategyError("the other shoe holds hands the strategy's shoe cannot: give a shoe with no more "
                            "cards of any rank than the strategy's")
    return found


def forced_hits(source: UpcardValues, target: Any) -> tuple[np.ndarray, np.ndarray]:
    """:func:`node_map` of ``source`` onto ``target`` (values or a player engine), and where
    ``source``'s strategy hits on ``target``'s shoe: where it hits on its own, and where a hand
    must hit, among the hands that may.

    >>> from bjcalc import Calculator, Rules, Shoe
    >>> full, less = Calculator(Rules(decks=1)), Calculator(Rules(decks=1), Shoe.decks(1).remove("A"))
    >>> mapped, hits = forced_hits(full.round.upcard(10), less.round.engine)
    >>> bool((hits == full.round.upcard(10).hits[mapped]).all())
    True
    """
    mapped = node_map(source, target)
    hits = source.hits if mapped is source.nodes.indices else source.hits[mapped]   # (no copy for one node set)
    return mapped, (hits | target.must_hit) & target.can_hit


@dataclasses.dataclass
class FixedUpcard:
    """One up card: the other shoe's values when every hit/stand decision is the strategy's.

    ``value``: each node's value playing on by the fixed decisions (doubling and surrendering
    after a hit too, where the strategy does); ``hit``: hitting, then playing on by them (joint values, like :class:`~bjcalc.engine.player.UpcardValues`).
    """

    source: UpcardValues
    target: UpcardValues
    mapped: np.ndarray
    value: np.ndarray
    hit: np.ndarray
    chips: dict[str, "FixedUpcard"] = dataclasses.field(default_factory=dict)   # the other chips' (free chips)
    source_round: Any = None     # the strategy's round, where it has other chips than money

    @classmethod
    def build(cls, source: UpcardValues, target: UpcardValues) -> "FixedUpcard":
        mapped, hits = forced_hits(source, target)
        # doubling or surrendering after a hit: the strategy's action, on the other shoe
        action = np.asarray(source.action)[mapped] if source.action is not None else np.zeros(len(mapped))
        doubles, surrenders = action == 2, action == 3
        value, hit = target.ar.zeros(len(target.nodes)), target.ar.zeros(len(target.nodes))
        done = 0
        for level in target.nodes.levels:     # hard 21 first: a hit reads finished children
            if len(level):
                hit[level] = target.hit_with(value, level)     # (final: its children's values are)
                value[level] = np.where(hits[level], hit[level], target.stand[level])
                if doubles[level].any() or surrenders[level].any():
                    assert target.surrender is not None
                    value[level] = np.where(doubles[level], target.double[level],
                                            np.where(surrenders[level], target.surrender[level], value[level]))
                done += len(level)
        if done != len(target.nodes):        # (every node is in one level; if not, value the rest's hits)
            every = np.arange(len(target.nodes))
            hit = target.hit_with(value, every) if len(every) else value.copy()
        return cls(source, target, mapped, value, hit)

    @classmethod
    def on(cls, source: UpcardValues, other: Game, up: int, best_too: bool = False,
           source_round: Any = None) -> "FixedUpcard":
        """:meth:`build` against ``up`` on ``other``'s shoe, in one compiled pass with the
        decisions forced (:meth:`~bjcalc.engine.player.PlayerEngine.fixed_upcard`: the same
        numbers) where it serves, without valuing the other shoe's own best play unless
        ``best_too`` (then in the same pass, kept for ``other``); else :meth:`build` on
        :meth:`~bjcalc.game.rounds.Round.upcard`.  Where the round has other chips than money
        (free chips), each chip's play too, from ``source_round`` (the strategy's round)."""
        fixed = cls._on(source, other, up, best_too, MONEY)
        if not other.round.money_only:
            if source_round is None:
                raise StrategyError("fixed play of a round with free chips needs the strategy's round")
            fixed.source_round = source_round
            fixed.chips = {wager.name: cls._on(source_round.chip_values(up, wager), other, up, False, wager)
                           for wager in other.round.variant.wagers(other.rules)[1:]}
        return fixed

    @classmethod
    def _on(cls, source: UpcardValues, other: Game, up: int, best_too: bool, wager: Wager) -> "FixedUpcard":
        engine = other.round.engines[wager.name]
        if source.action is None or not (np.asarray(source.action) > 1).any():
            mapped, hits = forced_hits(source, engine)
            target = engine.fixed_upcard(up, hits, best_too)
            if target is not None:
                return cls(source, target, mapped, target.value, target.hit)
        return cls.build(source, other.round.chip_values(up, wager))

    def doubles(self, other: Game) -> np.ndarray:
        """Every two-card node's (unsplit) double value on the other shoe: with free chips, the
        chips the variant's double adds (:meth:`~bjcalc.game.rounds.Round.double_column`)."""
        return self.target.double if other.round.money_only else other.round.double_column(self.target, MONEY)

    def split_plays(self, other: Game, pair: int) -> tuple[SplitPlay, Optional[SplitPlay]]:
        """The first split hand's play and, where their chips differ, the hands split off
        (:func:`~bjcalc.game.rounds.chip_split_plays`, on the other shoe by the strategy's
        decisions)."""
        if other.round.money_only:
            return self.split_play, None
        if self.source_round is None:
            raise StrategyError("fixed play of a round with free chips needs the strategy's round")

        def played(own: Wager) -> tuple[Any, Any, UpcardValues, Any]:
            mine = self if own == MONEY else self.chips[own.name]
            return mine.target.stand, mine.hit, mine.source, mine.mapped

        first, later = chip_split_plays(other.round, self.target, self.source_round, self.source, pair, played)
        assert first is not None
        return first, later

    @property
    def split_play(self) -> SplitPlay:
        """Split hands' first actions as the strategy's shoe picks them (at their policy sources,
        as :mod:`bjcalc.engine.splits` picks them), valued on the other shoe."""
        return SplitPlay((self.target.stand, self.hit, self.target.double), self.source, self.mapped)


def play_name(play: Any) -> str:
    """``"fixed"`` or ``"reoptimized"`` from a play as a user writes it: any case, spelt
    ``"reoptimised"`` or ``"re-optimized"`` too; anything else is a StrategyError.

    >>> play_name("Fixed"), play_name("reoptimised"), play_name("re-optimised")
    ('fixed', 'reoptimized', 'reoptimized')
    """
    if play in PLAYS:
        return play
    word = play.strip().lower().replace("-", "").replace("ise", "ize") if isinstance(play, str) else None
    if word not in PLAYS:
        raise StrategyError(f"play must be 'fixed' or 'reoptimized' (or 'reoptimised'), not {play!r}")
    return word


def play_on(calc: Game, other: Game, strategy: str = "CD", best_too: bool = False,
            deviations: Optional[Deviations] = None) -> GameResult:
    """The game result of ``calc``'s strategy (the one best for ``calc``'s shoe) played unchanged
    on ``other``'s shoe; ``other`` has the same rules, post-split strategy and arithmetic.

    ``strategy="CD"``: composition-dependent play with ``calc``'s post-split strategy (not the
    optimal split, whose decisions depend on every card of a round); ``"TD"``: ``calc``'s
    total-dependent chart.  Exact in exact mode.  ``best_too``: value ``other``'s own best play
    of each hand in the same passes where they serve (kept for ``other.game()``, which then
    costs less; the same numbers): for a caller that wants both, like the shoe simulator.
    ``deviations`` (CD only): first decisions changed and insurance taken, a counter's index
    plays at one count (:class:`Deviations`); everything after a first action is the strategy's.

    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1))
    >>> play_on(calc, calc).ev == calc.game().ev                  # on its own shoe: the game itself
    True
    >>> stand = Deviations((Deviation(10, "stand", "hit", total=16),))
    >>> round(float(play_on(calc, calc, deviations=stand).ev - calc.game().ev) * 100, 4)   # 16 v T stood: worse
    -0.05
    """
    calc.round.variant.check_analysis("fixed play")
    strategy = strategy_name(strategy)
    if strategy == "TD":
        if deviations is not None:
            raise StrategyError("deviations change the CD strategy's first decisions: play strategy='CD'")
        _check_fixed_play(calc, other)
        from .strategy import total_dependent_game   # (strategy reads rounds; it does not read this module)

        chart = calc.game("TD").strategy     # type: ignore[attr-defined]
        result = total_dependent_game(other, chart)
        return dataclasses.replace(result, assumptions=_assumptions(calc, other, "TD"))
    return play_on_each(calc, other, (deviations,), best_too)[0]


def play_on_each(calc: Game, other: Game, deviations: Sequence[Optional[Deviations]],
                 best_too: bool = False, visit: Optional[Callable[[int, "FixedUpcard"], None]] = None
                 ) -> list[GameResult]:
    """:func:`play_on` with CD play, once for each of ``deviations`` (None: the strategy
    unchanged), in the same passes: the hands' values are shared, and only the deals a
    deviation touches are valued again.  ``visit(up, fixed)``, if given, sees each up card's
    :class:`FixedUpcard` (every hand's value under the strategy, on ``other``'s shoe) while it
    is at hand, for a caller that reads more of it than the round's value.

    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1))
    >>> less = Calculator(calc.rules, calc.shoe.remove("5", "6"))
    >>> plain, insured = play_on_each(calc, less, (None, Deviations(insure=True)))
    >>> plain.ev == play_on(calc, less).ev, bool(insured.ev < plain.ev)    # insuring off the top costs
    (True, True)
    """
    calc.round.variant.check_analysis("fixed play")
    valuation = _FixedPlayOn(calc, other, deviations, best_too)
    for up in range(1, 11):
        valuation.value(up, visit)
    return valuation.results()


class _FixedPlayOn:
    """:func:`play_on_each`'s valuation of one shoe, an up card at a time, so that a caller
    valuing several shoes can take them all against one up card before the next
    (:func:`effects_of_removal` does: the rows lent for an up card are then dropped when every
    shoe has read them).  Each shoe's numbers are the same whatever the order."""

    def __init__(self, calc: Game, other: Game, deviations: Sequence[Optional[Deviations]],
                 best_too: bool = False):
        _check_fixed_play(calc, other)
        check_per_hand_split(calc, "fixed play")
        self.calc, self.other, self.deviations, self.best_too = calc, other, deviations, best_too
        self.deals = deals = deals_on_both(other, calc)
        other.round.know_deals(functools.partial(_own_deals, deals))   # (other.game() would deal them again)
        self.rounds: list[dict[tuple, Value]] = [{} for _ in deviations]

    def value(self, up: int, visit: Optional[Callable[[int, "FixedUpcard"], None]] = None) -> None:
        """Value the deals against ``up`` (each up card once, in any order)."""
        calc, other, deviations = self.calc, self.other, self.deviations
        if not self.deals[up]:
            return
        fixed = FixedUpcard.on(calc.round.upcard(up), other, up, self.best_too, calc.round)
        if visit is not None:
            visit(up, fixed)
        deals_up = list(self.deals[up])
        unchanged = [[changes is None or not changes.touches(up, hand) for changes in deviations]
                     for hand, _ in deals_up]
        # (a deal every set changes needs no plain value: the strategy's split may be unplayable there)
        plain = _round_values(calc, other, fixed, deals_up, [any(flags) for flags in unchanged])
        for (hand, keys), value, flags in zip(deals_up, plain, unchanged):
            for values, changes, keeps in zip(self.rounds, deviations, flags):
                values[(up, hand, keys)] = value if keeps else _round_value(calc, other, fixed, hand, keys, changes)

    def results(self) -> list[GameResult]:
        """The game result of each of the deviations (every up card valued)."""
        calc, other = self.calc, self.other
        # (build sums the rounds in the deals' order, whatever order the up cards were valued in)
        return [GameResult.build(cast(Game, _ResultOf(other, _assumptions(calc, other, "CD", changes))), self.deals,
                                 values, "CD")
                for values, changes in zip(self.rounds, self.deviations)]


def deals_on_both(other: Game, calc: Game) -> dict:
    """The deals of ``other``'s shoe (:func:`~bjcalc.game.rounds.deal_probabilities`), each keyed
    by its :func:`~bjcalc.game.rounds.pair_state` on ``other``'s shoe and on ``calc``'s (whose
    strategy, played on ``other``'s shoe, takes its first actions by its own state), the two
    shoes dealt with the same rules.

    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1))
    >>> deals = deals_on_both(Calculator(calc.rules, calc.shoe.remove("8")), calc)
    >>> deals[10][((8, 8), (2, 3))], deals[10][((2, 8), (None, None))]     # (8,8 v T: two 8s left there, three here)
    (Fraction(16, 20825), Fraction(64, 20825))
    """
    return deal_probabilities(other.shoe, other.rules, lambda up, a, b: (
        pair_state(other.shoe, other.rules, up, (a, b)), pair_state(calc.shoe, calc.rules, up, (a, b))),
        unpaired=(None, None))


def _own_deals(deals: dict) -> dict:
    """Deals keyed by both shoes' pair states, as the other shoe keys its own: the
    probabilities of one key summed (exactly), the keys in the order
    :func:`~bjcalc.game.rounds.deal_probabilities` first meets them (it meets the deals in the
    same order whatever the key), so that the same numbers are added in the same order.

    Over the least common multiple of the probabilities' denominators every probability is a
    whole number, so the sums are of whole numbers, divided once: the same Fractions as adding
    them, at a small part of the cost (the simulator does this for every round)."""
    denominator = math.lcm(*{p.denominator for table in deals.values() for p in table.values()})
    own: dict[int, dict] = {}
    for up, table in deals.items():
        merged: dict = {}
        for (hand, (other_key, _)), p in table.items():
            merged[(hand, other_key)] = merged.get((hand, other_key), 0) + p.numerator * (denominator // p.denominator)
        own[up] = {key: Fraction(weight, denominator) for key, weight in merged.items()}
    return own


def _check_fixed_play(calc: Game, other: Game) -> None:
    """Refuse a pair of calculators a strategy cannot be carried between."""
    if (other.split_strategy, other.exact) != (calc.split_strategy, calc.exact) or not same_game(other.rules,
                                                                                                 calc.rules):
        raise StrategyError("play_on needs the same rules, post-split strategy and arithmetic on both shoes")
    # (by value: the engines see values, unless tens split by rank; Burn 20 sees suits too)
    detail = calc.rules.shoe_detail
    if not calc.shoe.is_infinite and not calc.shoe.holds(other.shoe, **detail):
        what = ("suit" if detail["suits"] and calc.shoe.suit_counts is not None else "rank" if detail["ranks"]
                else "value")
        raise ShoeError(f"the strategy of {calc.shoe.describe()} cannot be played on {other.shoe.describe()}: give "
                        f"a shoe with no more cards of any {what} (a depleted shoe)")


def _round_value(calc: Game, other: Game, fixed: FixedUpcard, hand: tuple[int, int], keys: tuple,
                 changes: Optional[Deviations] = None) -> Value:
    """The round's joint value of one deal when the strategy's first action is played (or the
    one ``changes`` takes instead, and its insurance)."""
    other_key, own_key = keys
    composition = composition_of(hand)
    target, source = fixed.target, fixed.source
    node = target.nodes.node(composition, UNSPLIT)
    other.round.check_dealable(target, node)
    blackjack = target.blackjack[node]
    insurance = _insurance(other, blackjack) if changes is not None and changes.insure and source.up == 1 else None
    if is_natural(composition):
        value = other.round.natural_value(blackjack)
        return value if insurance is None else value + insurance
    action = calc.round.first_action(source.up, source.nodes.node(composition, UNSPLIT), own_key)
    if changes is not None:
        action = changes.first_action(source.up, hand, action,
                                      lambda name: _allowed(other, fixed, node, hand, other_key, name))
    if action == "stand":
        value = target.stand[node]
    elif action == "hit":
        value = fixed.hit[node]
    elif action == "double":
        value = fixed.doubles(other)[node]
    elif action == "surrender":
        value = other.round.surrender(blackjack)
    else:
        value = _split_value(other, fixed, hand[0], other_key)
    value = value + other.round.blackjack_term(blackjack)
    return value if insurance is None else value + insurance


_ACTION_CODES = {"stand": 0, "hit": 1, "double": 2, "surrender": 3, "split": 4}


def _round_values(calc: Game, other: Game, fixed: FixedUpcard, deals: list[tuple[tuple[int, int], tuple]],
                  needed: list[bool]) -> list[Optional[Value]]:
    """:func:`_round_value` of each deal (hand, keys) with the strategy's first actions, in
    order, where ``needed`` (else None); in floats the nodes are read in one go, as arrays
    (the same numbers)."""
    if other.exact or not deals:
        return [_round_value(calc, other, fixed, hand, keys) if need else None
                for (hand, keys), need in zip(deals, needed)]
    target, source = fixed.target, fixed.source
    hands = tuple(hand for hand, _ in deals)
    plan, blackjack = other.round.dealt(target, hands)
    nodes = plan.nodes
    own = deal_plan(source, calc.rules, hands).nodes
    first_action = calc.round.first_action
    codes = np.array([0 if natural else _ACTION_CODES[first_action(source.up, int(node), keys[1])]
                      for natural, node, (_, keys) in zip(plan.natural.tolist(), own, deals)], dtype=np.int64)
    value = np.choose(np.minimum(codes, 2), (target.stand[nodes], fixed.hit[nodes], fixed.doubles(other)[nodes]))
    if (codes == 3).any():
        value = np.where(codes == 3, np.asarray(other.round.surrender(blackjack)), value)
    for i in np.flatnonzero(codes == 4).tolist():
        value[i] = _split_value(other, fixed, hands[i][0], deals[i][1][0]) if needed[i] else np.nan
    joint = other.round.joint_values(plan, blackjack, value)
    return [value if need else None for value, need in zip(list(joint), needed)]


def _allowed(other: Game, fixed: FixedUpcard, node: int, hand: tuple[int, int], key: Any, action: str) -> bool:
    """Whether the rules let the unsplit two-card hand at ``node`` take ``action`` on the other
    shoe (:meth:`~bjcalc.game.rounds.Round.actions`; a split the other shoe can deal)."""
    if action == "split":
        return hand[0] == hand[1] and key is not None and _fixed_split(other, fixed, hand[0], key) is not None
    return action in other.round.actions(fixed.target, node, None)


def _insurance(other: Game, blackjack: Value) -> Value:
    """Insurance's joint value with an ace up, ``blackjack`` the dealer's chance of one (his other
    card a ten) for the cards dealt: half the initial bet, paid 2:1."""
    return insurance_value(blackjack, other.ar.convert(INSURANCE_STAKE))


def fixed_actions(other: Game, fixed: FixedUpcard, node: int, key: Any) -> dict[str, Value]:
    """Joint values of the allowed first actions of the unsplit two-card hand at ``node`` of
    ``fixed.target`` (the other shoe), each followed by the strategy's own play after it: a hit
    by the strategy's hit/stand (and after-hit) decisions, a split by its post-split decisions
    (:attr:`FixedUpcard.split_play`), not the other shoe's best.  ``key`` is the other
    shoe's :func:`~bjcalc.game.rounds.pair_state` (None: no split).  The allowed actions are
    :meth:`~bjcalc.game.rounds.Round.actions`'s on the other shoe, less a split it cannot deal.

    Stand, double and surrender have no play after them, so only hit and split differ from the
    other shoe's own values; a fixed continuation is what makes a decision's effects of removal
    average exactly 0 over the unseen cards (see ``tests/unit/game/test_removal.py``).

    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1, double_after_split=False, max_split_hands=2))
    >>> less = Calculator(calc.rules, calc.shoe.remove("A"))
    >>> fixed = FixedUpcard.build(calc.round.upcard(6), less.round.upcard(6))
    >>> node = fixed.target.nodes.node(composition_of((10, 10)), UNSPLIT)
    >>> key = pair_state(less.shoe, less.rules, 5, (9, 9))        # T,T v 6 (rank indices)
    >>> values = fixed_actions(less, fixed, node, key)
    >>> float(values["split"] - less.round.actions(fixed.target, node, key)["split"]) > 0  # post-split T,2 v 6 hit
    True
    """
    target = fixed.target
    own = other.round.actions(target, node, None)     # (no key: the other shoe's own split is not computed)
    values: dict[str, Value] = {}
    for action in other.round.offers(target, node, key):       # (in the engine's order)
        if action == "split":
            split = _fixed_split(other, fixed, int(np.argmax(target.nodes.hand[node])) + 1, key)
            if split is not None:
                values["split"] = split
        else:
            values[action] = fixed.hit[node] if action == "hit" else own[action]
    return values


def _fixed_split(other: Game, fixed: FixedUpcard, pair: int, key: Any) -> Optional[Value]:
    return other.round.played_split(fixed.target, pair, key, *fixed.split_plays(other, pair))


def _split_value(other: Game, fixed: FixedUpcard, pair: int, key: Any) -> Value:
    value = _fixed_split(other, fixed, pair, key)
    if value is None:
        raise ShoeError("the other shoe cannot split this pair, which the strategy splits; use a larger shoe")
    return value


def _assumptions(calc: Game, other: Game, strategy: str, changes: Optional[Deviations] = None) -> Any:
    stated = other.assumptions(strategy)
    made_for = "composition-dependent (CD)" if strategy == "CD" else "the total-dependent (TD) chart"
    changed = "" if changes is None else f", first decisions changed: {changes.describe()}"
    return dataclasses.replace(stated, strategy=f"fixed: {made_for} best for {calc.shoe.describe()}, played "
                                                f"unchanged on this shoe{changed}")


@dataclasses.dataclass
class _ResultOf:
    """What :meth:`GameResult.build` reads of a calculator, with stated assumptions."""

    game: Game
    stated: Any

    @property
    def ar(self) -> Any:
        return self.game.ar

    @property
    def exact(self) -> bool:
        return self.game.exact

    def assumptions(self, strategy: Optional[str] = None) -> Any:
        return self.stated


def removal_weights(shoe: Shoe, rules: Any) -> dict[int, list[tuple[Fraction, Shoe]]]:
    """For each card value (1-10), the shoes left when one card of that value is removed, with
    the chance of each: the card is one of the shoe's cards of that value, all equally likely.

    Cards that leave the engine the same game are merged (any ten-value rank unless tens split
    by rank; any suit unless the dealer procedure sees suits, as Burn 20's does, or a suited
    natural's pay does: an ace of spades is not any ace where spade naturals pay more).

    >>> from bjcalc import Rules
    >>> weights = removal_weights(Shoe.decks(1), Rules(decks=1))
    >>> [(float(p), shoe.describe()) for p, shoe in weights[10]]    # every ten alike: one shoe stands for all
    [(1.0, '1 deck less TS (51 cards)')]
    """
    if shoe.is_infinite:
        raise ShoeError(f"an infinite shoe has no effect of removal: give a finite shoe "
                        f"({either('Shoe.decks(n)', '--decks N')})")
    by_rank = bool(rules.split_tens_by_rank)
    variant = variant_of(rules)
    out: dict[int, list[tuple[Fraction, Shoe]]] = {}
    for value in range(1, 11):
        ranks = [r for r in range(13) if RANK_VALUE[r] == value and shoe.rank_counts[r] > 0]
        total = sum(shoe.rank_counts[r] for r in ranks)
        merged: dict[Any, list] = {}
        for rank in ranks:
            if shoe.suit_counts is None or variant.suits_by_chance:
                cards = [(shoe.rank_counts[rank], shoe.remove(RANKS[rank]))]
            else:
                cards = [(n, shoe.without(f"{RANKS[rank]}{SUITS[s]}")) for s, n in enumerate(shoe.suit_counts[rank]) if n]
            for count, left in cards:
                key = (left.rank_counts if by_rank else left.value_counts(), repr(variant.dealer(rules, left)),
                       None if rules.suited_blackjack_pays is None else suited_natural_chance(rules, left))
                entry = merged.setdefault(key, [Fraction(0), left])
                entry[0] += Fraction(count, total)
        out[value] = [(p, left) for p, left in merged.values()]
    return out


def effects_of_removal(calc: Game, make: Callable[[Shoe], Game], play: str = "fixed",
                       strategy: str = "CD", visit: Optional[Callable[[int, int, Game, int, FixedUpcard], None]] = None
                       ) -> "pd.Series":
    """EV(shoe less one card of each value) - EV(shoe), per unit initial bet, for one round.

    ``make(shoe)`` builds a calculator of the same rules, post-split strategy and arithmetic on
    another shoe.  ``play="fixed"``: the strategy best for the full shoe (CD with the post-split
    strategy, or the TD chart) played unchanged (:func:`play_on`); ``"reoptimized"``: the best
    play for each depleted shoe.  The result is a pandas Series indexed ``A``, ``2`` ... ``9``,
    ``T`` with ``.full_ev``, ``.depleted_ev`` (a Series), ``.weights`` (each value's share of
    the shoe), ``.assumptions``, ``.weighted_sum()`` (exactly 0 for fixed play) and
    ``.table()`` (a DataFrame with the depleted EVs beside the effects).  A removed card is a
    random one of the shoe's cards of that value (its rank and, where the game sees suits, its
    suit), which the player has seen.  A value the shoe holds no card of has no effect: NaN,
    and its depleted EV NaN (its weight is 0).

    ``visit(value, i, other, up, fixed)`` (fixed CD play only) sees each depleted shoe's
    :class:`FixedUpcard` for each up card while it is at hand (``other``: the calculator of the
    ``i``-th shoe of :func:`removal_weights` for that card value), for a caller that reads more
    of the strategy's values on the depleted shoes than their EVs (playing efficiency does):
    the ten shoes are then valued once for both.  (Every shoe is valued against one up card
    before the next, so the visits come up card by up card, in an order that depends on the
    machine: smallest batch of rows first where a thread makes them ahead, else A to T.)

    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1, max_split_hands=2))
    >>> eor = effects_of_removal(calc, lambda shoe: Calculator(calc.rules, shoe))
    >>> [round(float(eor[card]) * 100, 2) for card in ("A", "5", "T")]
    [-0.58, 0.71, -0.51]
    >>> abs(float(eor.weighted_sum())) < 1e-15
    True
    """
    play, strategy = play_name(play), strategy_name(strategy)
    if play == "fixed":
        calc.round.variant.check_analysis("fixed play", "effects of removal with reoptimized play (each depleted "
                                                        "shoe played best: --play reoptimized)")
    if visit is not None and (play, strategy) != ("fixed", "CD"):
        raise StrategyError("only fixed CD play values the depleted shoes hand by hand: a visit needs play='fixed', "
                            "strategy='CD'")
    if (play, strategy) == ("fixed", "CD"):
        check_per_hand_split(calc, "fixed play")         # (before the full shoe's game, which may take minutes)
    ar = calc.ar
    rows = _shared_rows(calc)
    engine = calc.round.engine
    serve_borrowers(engine)     # (the depleted shoes borrow its dealer rows, and fixed play reads its values)
    try:
        weights_by_value = removal_weights(calc.shoe, calc.rules)
        full = calc.game(strategy)    # type: ignore[attr-defined]
        if rows is None and play == "fixed":     # (floats: the rows no node has, for all ten shoes at once)
            lend(engine, list(weights_by_value))

        def depleted_calculator(left: Shoe) -> Game:
            other = make(left)
            if rows is not None and other.round.dealer_engine.use_trees_of(calc.round.dealer_engine):
                other.round.dealer_engine.share_rows(rows)
            return other

        shoes_by_key = {(value, i): left for value, shoes in weights_by_value.items()
                        for i, (_, left) in enumerate(shoes)}
        if (play, strategy) == ("fixed", "CD"):     # (every shoe at once: they keep nothing between up cards)
            evs = _fixed_evs(calc, {key: depleted_calculator(left) for key, left in shoes_by_key.items()}, visit)
        else:       # (a shoe at a time: a shoe's own game keeps its values, about 110 MB at 6 decks)
            evs = {key: (play_on(calc, depleted_calculator(left), strategy).ev if play == "fixed"
                         else depleted_calculator(left).game(strategy).ev)     # type: ignore[attr-defined]
                   for key, left in shoes_by_key.items()}
        depleted = {}
        for value, shoes in weights_by_value.items():
            if not shoes:       # (no card of this value to remove: no effect, not a made-up one)
                depleted[VALUE_LABELS[value - 1]] = math.nan
                continue
            total = ar.scalar(0)
            for i, (p, _) in enumerate(shoes):
                total = total + ar.convert(p) * ar.convert(evs[(value, i)])
            depleted[VALUE_LABELS[value - 1]] = ar.output(total)
    finally:
        lend(engine, ())
        if rows is not None:
            calc.round.dealer_engine.share_rows(None)
    counts = calc.shoe.value_counts()
    weights = {VALUE_LABELS[v]: Fraction(counts[v], sum(counts)) for v in range(10)}
    if play == "fixed":
        how = f"fixed: {full.assumptions.strategy}, best for the full shoe, played unchanged on each depleted shoe"
    else:
        how = f"reoptimized: the best play for each depleted shoe ({full.assumptions.strategy})"
    stated = dataclasses.replace(full.assumptions, strategy=how)
    effects = [math.nan if is_missing(depleted[k]) else ar.output(ar.convert(depleted[k]) - ar.convert(full.ev))
               for k in VALUE_LABELS]
    return _effects_class()(effects,
                            index=list(VALUE_LABELS), name=f"EOR ({play} {strategy} play)",
                            full_ev=full.ev, depleted=depleted, weights=weights, assumptions=stated)


def _fixed_evs(calc: Game, others: dict[tuple[int, int], Game],
               visit: Optional[Callable[[int, int, Game, int, FixedUpcard], None]]) -> dict[tuple[int, int], Value]:
    """The fixed CD play's EV on each of ``others`` (keyed (card value, i) as
    :func:`effects_of_removal` keys them), every shoe against one up card before the next, as
    :func:`~bjcalc.engine.rows.lend_by_upcard` schedules them: the dealer rows ``calc``'s engine
    batches for an up card (:func:`~bjcalc.engine.rows.lend`) are dropped as
    soon as every shoe has read them, and made ahead in a thread where another core can, for the
    removed sets the fixed play's forced hits reach
    (:meth:`~bjcalc.engine.player.PlayerEngine.forced_sets`)."""
    valuations: dict[tuple[int, int], _FixedPlayOn] = {}

    def value(up: int) -> None:
        if not valuations:      # (the shoes' deals, once)
            valuations.update((key, _FixedPlayOn(calc, other, (None,))) for key, other in others.items())
        for (card, i), valuation in valuations.items():
            seen = None if visit is None else functools.partial(visit, card, i, others[(card, i)])
            valuation.value(up, seen)

    row_supply.lend_by_upcard(calc.round.engine, [other.round.engine for other in others.values()], value,
                              functools.partial(forced_sets, calc))
    return {key: valuation.results()[0].ev for key, valuation in valuations.items()}


def forced_sets(calc: Game, up: int, engine: PlayerEngine) -> Optional[np.ndarray]:
    """The removed sets whose dealer rows ``engine`` (a shoe's, playing ``calc``'s full-shoe
    strategy unchanged) asks for against ``up``
    (:meth:`~bjcalc.engine.player.PlayerEngine.forced_sets` of :func:`forced_hits`), or None
    where it asks for every row."""
    return engine.forced_sets(up, forced_hits(calc.round.upcard(up), engine)[1])


def is_missing(value: Any) -> bool:
    """Whether an effect of removal (or a depleted EV) is the NaN of no effect measured: a value
    the shoe holds no card of (exact values are Fractions, never NaN).

    >>> is_missing(float("nan")), is_missing(0.0), is_missing(Fraction(1, 3))
    (True, False, False)
    """
    return isinstance(value, float) and math.isnan(value)


def _shared_rows(calc: Game) -> Optional[DealerRows]:
    """A store of dealer rows for the full shoe and its depletions (most of a depleted shoe's
    removed sets leave cards that another depleted shoe's, or the full shoe's, leave too); the
    full shoe's engine keeps its rows there while the effects are computed.  Exact arithmetic
    only: there a row costs far more than finding it.  In floats each depleted shoe borrows the
    full shoe's rows (:meth:`~bjcalc.engine.rows.RowSupply.borrow_from`) and evaluates the
    few others its play reaches, and a store would cost more to search than it saves (about as
    much for the 6-deck table, and 80 MB).  None where the shoe cannot share (floats, an
    infinite shoe, too many cards to code)."""
    engine = calc.round.dealer_engine
    if not calc.exact or engine.shoe.is_infinite or not DealerRows.fits(engine.counts):
        return None
    rows = DealerRows(engine.counts, engine.arithmetic)
    engine.share_rows(rows)
    return rows


@functools.lru_cache(maxsize=None)
def _effects_class() -> Any:
    """The Series subclass of :func:`effects_of_removal`, made when pandas is first needed."""
    import pandas as pd

    class EffectsOfRemoval(pd.Series):
        """Effects of removal by card value, with the full and depleted EVs behind them, per unit
        initial bet (:attr:`unit`; multiply by 100 for percent)."""

        _metadata = ["full_ev", "depleted_ev", "weights", "assumptions"]
        unit = "per unit initial bet"

        def __init__(self, data: Any = None, *args: Any, full_ev: Any = None, depleted: Any = None,
                     weights: Any = None, assumptions: Any = None, **kwargs: Any) -> None:
            super().__init__(data, *args, **kwargs)
            if full_ev is not None:
                self.full_ev = full_ev
                self.depleted_ev = pd.Series(depleted, name="EV of the depleted shoe")
                self.weights = weights
                self.assumptions = assumptions

        @property
        def _constructor(self) -> Any:
            return pd.Series      # arithmetic on the effects gives a plain Series

        def weighted_sum(self) -> Any:
            """The effects weighted by each value's share of the shoe: exactly 0 for fixed play
            (a random unseen card cannot change a fixed strategy's EV), at least 0 reoptimized."""
            return sum(effect * self.weights[label] for label, effect in self.items() if self.weights[label])

        def table(self) -> "pd.DataFrame":
            """The depleted EVs beside the effects, per card value, with the full-shoe EV as a row."""
            frame = pd.DataFrame({"depleted EV": self.depleted_ev, "EOR": pd.Series(self)})
            frame.loc["full shoe"] = [self.full_ev, 0 * self.full_ev]
            return frame

        def _repr_html_(self) -> str:
            """A notebook's view: the effects with their weighted sum, the EVs, and the assumptions, in
            the Series' own unit (per unit initial bet: ``eor["5"]`` is the figure shown for 5)."""
            frame = pd.DataFrame({"EOR": [float(v) for v in self.values],
                                  "depleted EV": [float(self.depleted_ev[k]) for k in self.index]},
                                 index=self.index)
            mean = sum(float(self.depleted_ev[k]) * float(w) for k, w in self.weights.items() if w)
            frame.loc["weighted"] = [float(self.weighted_sum()), mean]
            # (+ 0.0: a float sum of -1e-17 reads +0.000000, not -0.000000; a value the shoe lacks: -)
            return (f"<p><b>{html.escape(str(self.name))}</b>, {self.unit} (0.001 is 0.1 % of a bet); full "
                    f"shoe's EV {float(self.full_ev):+.6f}; the last line weighs each card value by its share "
                    f"of the shoe (a sum of the effects, a mean of the EVs)</p>"
                    + frame.to_html(float_format=lambda x: f"{round(x, 6) + 0.0:+.6f}", na_rep="-")
                    + (self.assumptions.html() if self.assumptions else ""))

        def __reduce__(self) -> Any:
            # (the class is made inside a function, which pickle cannot name: rebuild it by a module-level one)
            return (_rebuilt_effects, (list(self.values), list(self.index), self.name, getattr(self, "full_ev", None),
                                       dict(getattr(self, "depleted_ev", {})), getattr(self, "weights", None),
                                       getattr(self, "assumptions", None)))

    return EffectsOfRemoval


def _rebuilt_effects(values: list, index: list, name: Any, full_ev: Any, depleted: dict, weights: Any,
                     assumptions: Any) -> "pd.Series":
    """An :func:`effects_of_removal` Series unpickled (joblib and process pools send them so).

    >>> import pickle
    >>> from bjcalc import Calculator, Rules
    >>> eor = Calculator(Rules(decks=1, max_split_hands=2)).effects_of_removal()
    >>> back = pickle.loads(pickle.dumps(eor))
    >>> back.equals(eor), back.full_ev == eor.full_ev, back.assumptions == eor.assumptions
    (True, True, True)
    """
    return _effects_class()(values, index=index, name=name, full_ev=full_ev, depleted=depleted, weights=weights,
                            assumptions=assumptions)
