"""One round of a game: the deal, the player's values by up card, the blackjack and
surrender terms, and what every result assumes.

:class:`Round` is the public object the calculator facade, total-dependent strategy and
the side bets share: it owns the engines of one rule set and shoe and answers what a
round needs (the joint value of each action of a hand, a split, the round's dealer
blackjack term), so none of them reaches into another's private methods.

Values are *joint* with the dealer-blackjack event (see :mod:`bjcalc.engine.settlement`):
a hand's value includes the cases it loses to a dealer blackjack that the hand's own
table charges; the round charges the rest once (:meth:`Round.blackjack_term`).

>>> from bjcalc.core.arithmetic import FLOAT
>>> round_ = Round(Rules(decks=1, max_split_hands=2), Shoe.decks(1), "CDZ-", FLOAT)
>>> deals = round_.deals()
>>> float(sum(p for table in deals.values() for p in table.values()))
1.0
>>> values = round_.upcard(6)
>>> sorted(round_.actions(values, values.nodes.node(composition_of((8, 8)), UNSPLIT), 2))
['double', 'hit', 'split', 'stand']
"""

from __future__ import annotations

import functools
import html
import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Protocol, Sequence, Union

import numpy as np

from ..core.actions import PostSplitStrategy, most_hands
from ..core.arithmetic import Arithmetic, Value, arithmetic_for
from ..core.cards import RANK_VALUE, RANKS, Shoe
from ..core.errors import ShoeError, StrategyError
from ..core.words import rule
from ..core.outcomes import is_natural
from ..core.rules import SUITED_BLACKJACK_SUIT, Rules
from ..engine.dealer import DealerEngine
from ..engine.hands import UNSPLIT, composition_of
from ..engine.optimal import OptimalSplit
from ..engine.player import PlayerEngine, UpcardValues, hand_space
from ..core.wagers import DOUBLE_STAKE, MONEY, SURRENDER_LOSS, WAGERS, Wager, doubled
from ..engine.shortage import Decisions, split_play_decisions, split_runs_out, value_label
from ..engine.splits import SplitPlay, check_split_strategy, context_strategy, split_contexts, split_value
from ..engine.workspace import WORKSPACE
from .variants import variant_of

if TYPE_CHECKING:      # pandas is imported where a table is asked for: it is slow to import
    import pandas as pd

__all__ = ["Assumptions", "HandValues",
           "Round", "DealPlan", "deal_plan", "Game", "GameResult", "Deals", "UP_LABELS", "pair_state",
           "deal_probabilities", "check_per_hand_split", "STRATEGIES", "strategy_name", "check_shoe_fits",
           "same_game", "chip_split_plays", "suited_natural_chance"]

STRATEGIES = ("CD", "TD")
"""The player's strategies: composition-dependent (CD) and total-dependent basic strategy (TD)."""

_STRATEGY_NAMES = {"cd": "CD", "td": "TD", "basic": "TD", "basic strategy": "TD", "basic_strategy": "TD",
                   "composition-dependent": "CD", "composition dependent": "CD",
                   "total-dependent": "TD", "total dependent": "TD"}


def strategy_name(strategy: Any) -> str:
    """``"CD"`` or ``"TD"`` from a strategy as a user writes it: any case, or in words
    (``"basic"`` is the total-dependent basic strategy); anything else is a StrategyError.

    >>> strategy_name("td"), strategy_name("Basic"), strategy_name("CD")
    ('TD', 'TD', 'CD')
    >>> strategy_name("optimal")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.StrategyError: strategy must be 'CD' or 'TD' (composition-dependent, or total-dependent basic strategy), not 'optimal'
    """
    if strategy in STRATEGIES:
        return strategy
    name = _STRATEGY_NAMES.get(strategy.strip().lower()) if isinstance(strategy, str) else None
    if name is None:
        raise StrategyError(f"strategy must be 'CD' or 'TD' (composition-dependent, or total-dependent basic "
                            f"strategy), not {strategy!r}")
    return name


def same_game(a: Rules, b: Rules) -> bool:
    """Whether two rule sets play the same game on a given shoe: equal but for ``decks``, which
    only names the shoe a calculator deals when it is given none.

    >>> same_game(Rules(decks=1), Rules(decks=2)), same_game(Rules(), Rules(dealer_hits_soft_17=True))
    (True, False)
    """
    return a == b or a.replace(decks=b.decks) == b


def check_shoe_fits(shoe: Shoe, rules: Rules) -> None:
    """Refuse, under ``split_tens_by_rank``, a shoe that lost a ten of another rank than the one
    named (:meth:`~bjcalc.core.cards.Shoe.without`: where tens are told apart by rank, "K" is not
    any ten).

    >>> check_shoe_fits(Shoe.from_counts(T=16).without("K"), Rules(split_tens_by_rank=True))
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.ShoeError: the shoe has no K left to remove (it took a T for it): with split_tens_by_rank the ten ranks differ; remove ranks the shoe holds
    """
    if rules.split_tens_by_rank and not shoe.tens_named_exactly():
        named, taken = shoe.substituted[0]
        raise ShoeError(f"the shoe has no {RANKS[named]} left to remove (it took a {RANKS[taken]} for it): with "
                        f"split_tens_by_rank the ten ranks differ; remove ranks the shoe holds")

Deals = dict[int, dict[tuple[tuple[int, int], Any], Fraction]]
"""Up value -> {(the player's two values, :func:`pair_state`): probability}."""


@dataclass(frozen=True)
class Assumptions:
    """Everything a result depends on, stated in words."""

    rules: str
    shoe: str
    strategy: str
    split_strategy: str
    conditioning: str
    arithmetic: str

    def lines(self) -> list[str]:
        """One ``name: sentence`` line per assumption, as the CLI prints them."""
        return [f"rules: {self.rules}", f"shoe: {self.shoe}", f"strategy: {self.strategy}",
                f"post-split strategy: {self.split_strategy}", f"values: {self.conditioning}",
                f"arithmetic: {self.arithmetic}"]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def html(self) -> str:
        """The lines as an HTML list, escaped: what a notebook view shows under its figures.

        >>> Assumptions("6 decks", "312 cards", "CD", "CDZ-", "x < y", "floats").html()[:38]
        '<ul><li>rules: 6 decks</li><li>shoe: 3'
        """
        return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in self.lines()) + "</ul>"

    def as_dict(self) -> dict[str, str]:
        """Every field by name: the ``"assumptions"`` object of the JSON output.

        >>> sorted(Assumptions("6 decks", "312 cards", "CD", "CDZ-", "unconditional", "floats").as_dict())
        ['arithmetic', 'conditioning', 'rules', 'shoe', 'split_strategy', 'strategy']
        """
        return {name: str(getattr(self, name)) for name in self.__dataclass_fields__}


def suited_natural_chance(rules: Rules, shoe: Shoe) -> Fraction:
    """The chance that a natural dealt from ``shoe`` takes the suited pay of ``rules`` (of one
    suit; with ``suited_blackjack_suit``, of that suit): the shoe's
    (:meth:`~bjcalc.core.cards.Shoe.suited_natural_chance`), or 1/4 (one named suit: 1/16) where
    it counts ranks only (suits taken as spread evenly, as in whole decks).

    >>> rules = Rules(suited_blackjack_pays="2:1", suited_blackjack_suit="spades")
    >>> suited_natural_chance(rules, Shoe.decks(2)), suited_natural_chance(rules, Shoe.decks(2).without("AS"))
    (Fraction(1, 16), Fraction(1, 28))
    """
    named = rules.suited_blackjack_suit
    suit = None if named == "any" else SUITED_BLACKJACK_SUIT.index(named) - 1
    chance = shoe.suited_natural_chance(suit)
    if chance is None:
        return Fraction(1, 4) if suit is None else Fraction(1, 16)
    return chance


def pair_state(shoe: Shoe, rules: Rules, up_rank: int, ranks: Sequence[int]) -> Any:
    """What splitting needs to know about a two-card hand (rank indices).

    None when it is not a pair the rules let split (two ten-values of different
    ranks under ``split_tens_by_rank``, or no splitting); otherwise how many cards
    of the pair's rank (of its value, where any two of that value split) are left
    besides the up card and one card of the pair, or for the infinite deck the
    share of the value's cards that have the pair's rank, as a Fraction.
    """
    a, b = ranks
    if not rules.splits or RANK_VALUE[a] != RANK_VALUE[b]:
        return None
    by_rank = rules.split_tens_by_rank and RANK_VALUE[a] == 10
    if by_rank and a != b:
        return None
    if shoe.is_infinite:
        return Fraction(1, 4) if by_rank else Fraction(1)
    if by_rank:
        count = shoe.rank_counts[a] - (up_rank == a)
    else:
        count = shoe.value_counts()[RANK_VALUE[a] - 1] - (RANK_VALUE[up_rank] == RANK_VALUE[a])
    return count - 1


class _AskSplitKey:
    """(:func:`deal_probabilities` without ``unpaired``: its ``split_key`` keys every deal.)"""

    def __repr__(self) -> str:
        return "split_key's"


_ASK = _AskSplitKey()


def deal_probabilities(shoe: Shoe, rules: Rules,
                       split_key: Optional[Callable[[int, int, int], Any]] = None, unpaired: Any = _ASK) -> Deals:
    """Exact probability of each deal: up value -> {(player values, :func:`pair_state`): p}.

    ``split_key(up rank, rank, rank)`` may replace :func:`pair_state` as the second part of the
    key (a strategy made for another shoe needs both shoes' states); ``unpaired``, if given
    with it, is that part for two cards of different values, where ``split_key`` is then not
    asked (a quick way out: no pair, no state).

    >>> deals = deal_probabilities(Shoe.decks(1), Rules(decks=1))
    >>> deals[10][((8, 8), 3)]                  # 8,8 v a ten: three 8s left besides one of the pair
    Fraction(8, 5525)
    """
    counts = list(shoe.rank_counts)
    if not rules.split_tens_by_rank:    # the ten ranks deal alike: the ten stands for all four
        counts = counts[:9] + [sum(counts[9:]), 0, 0, 0]        # (the same sums, keys and order)
    total = sum(counts)
    if not shoe.is_infinite and total < 3:
        raise ShoeError(f"the shoe has {total} card{'s' if total != 1 else ''}; a round needs at least 3")
    # Every deal's probability has the same denominator (total**3, or total (total-1) (total-2)
    # without replacement): sum whole numerators per key and divide once.  (Exactly the sums of
    # the per-deal fractions, at a small part of the cost: this runs once per shoe valued.)
    denominator = total ** 3 if shoe.is_infinite else total * (total - 1) * (total - 2)
    numerators: dict[int, dict[tuple[tuple[int, int], Any], int]] = {v: {} for v in range(1, 11)}
    present = [r for r in range(13) if counts[r] > 0]
    hands = {(a, b): (min(RANK_VALUE[a], RANK_VALUE[b]), max(RANK_VALUE[a], RANK_VALUE[b]))
             for a in present for b in present}
    infinite = shoe.is_infinite
    for u in present:
        table = numerators[RANK_VALUE[u]]
        for a in present:
            first = counts[a] if infinite else counts[a] - (a == u)
            if first <= 0:
                continue
            for b in present:
                second = counts[b] if infinite else counts[b] - (b == u) - (b == a)
                if second <= 0:
                    continue
                if split_key is None:     # (pair_state is None for cards of two values)
                    state = pair_state(shoe, rules, u, (a, b)) if RANK_VALUE[a] == RANK_VALUE[b] else None
                elif unpaired is not _ASK and RANK_VALUE[a] != RANK_VALUE[b]:
                    state = unpaired
                else:
                    state = split_key(u, a, b)
                key = (hands[a, b], state)
                table[key] = table.get(key, 0) + counts[u] * first * second
    return {v: {key: Fraction(weight, denominator) for key, weight in table.items()}
            for v, table in numerators.items()}


class Round:
    """The engines of one rule set and shoe, and the terms of a round built from them.

    Args:
        rules: the game's rules.
        shoe: the cards the round is dealt from.
        split_strategy: post-split strategy (``"CDZ-"``, ``"CDP1"``, ``"CDP"``, ``"optimal"``).
        arithmetic: :data:`~bjcalc.core.arithmetic.FLOAT` or :data:`~bjcalc.core.arithmetic.EXACT`.
        reuse: a round of the same rules, post-split strategy and arithmetic on a shoe with at
            least as many cards of every value: its dealer trees, hand space and node set serve
            this one (only the counts change; the numbers are those of a round built alone, in
            floats up to the rounding of the larger shoe's dealer trees).

    >>> from bjcalc.core.arithmetic import EXACT
    >>> Round(Rules(decks=1), Shoe.decks(1), "CDZ-", EXACT).surrender(EXACT.scalar(0))
    mpq(-1,2)
    """

    def __init__(self, rules: Rules, shoe: Shoe, split_strategy: str, arithmetic: Arithmetic,
                 reuse: Optional["Round"] = None):
        check_shoe_fits(shoe, rules)
        self.rules = rules
        self.variant = variant_of(rules)
        self.shoe = shoe = self.variant.dealt_shoe(rules, shoe)
        self.split_strategy = check_split_strategy(split_strategy, rules)
        if self.split_strategy == PostSplitStrategy.OPTIMAL:
            self.variant.check_analysis("the optimal split")
        self.ar = arithmetic
        self.settlement = self.variant.settlement(rules)
        self.dealer_engine = DealerEngine(shoe, self.variant.dealer(rules, shoe), arithmetic)
        self.engine: PlayerEngine
        if reuse is not None:
            self._check_reuse(reuse)
            self.dealer_engine.use_trees_of(reuse.dealer_engine)
            self.engine = PlayerEngine(rules, shoe, arithmetic, self.dealer_engine, self.settlement, {},
                                       like=reuse.engine)
            self.engine.rows.borrow_from(reuse.engine)      # (a shoe one card short of the reused one)
        else:
            space = hand_space(rules, shoe)
            contexts = split_contexts(rules, shoe, self.split_strategy, space)
            self.engine = PlayerEngine(rules, shoe, arithmetic, self.dealer_engine, self.settlement, contexts, space,
                                       doubles_after_hit=self._double_after_hit)
        # one engine per kind of chip, on the same nodes (money first: self.engine)
        self.engines = {MONEY.name: self.engine}
        for wager in self.variant.wagers(rules)[1:]:
            self.engines[wager.name] = PlayerEngine(rules, shoe, arithmetic, self.dealer_engine,
                                                    self.variant.settlement(rules, wager), {}, like=self.engine)
        for engine in self.engines.values():     # (a double after a hit adding another chip: its engine's)
            engine.double_with(self.engines)
        self._doubles: dict[tuple, tuple[UpcardValues, np.ndarray]] = {}     # (up, chip, split): values, column
        self._double_masks: dict[tuple, tuple[Any, dict[str, np.ndarray]]] = {}    # (node set, split): masks
        self._splits: dict[tuple, Any] = {}
        self._deals: Union[None, Deals, Callable[[], Deals]] = None     # (a function: see know_deals)
        self._first_actions: dict[tuple, str] = {}

    def split_doubles(self, hard: int, soft: bool) -> bool:
        """Whether a split hand's first two cards of this total may double: the variant's offer
        (:meth:`~bjcalc.game.variant.Variant.may_double`: for money where the rules let it, DAS
        included, or Free Bet's free double on hard 9-11 whatever the money doubles).

        >>> from bjcalc.core.arithmetic import FLOAT
        >>> from bjcalc.game.variants import VARIANTS
        >>> free = Round(VARIANTS["free_bet"].rules(decks=1, double_on="none"), Shoe.decks(1), "CDZ-", FLOAT)
        >>> free.split_doubles(9, False), free.split_doubles(8, False)
        (True, False)
        """
        return self.variant.may_double(self.rules, hard, soft, split=True)

    def _double_after_hit(self, hard: int, soft: bool, split: bool) -> Optional[Wager]:
        """The chip a double adds to a hand of three or more cards (None: it may not double)."""
        return self.variant.double_wager(self.rules, hard, soft, split, cards=3)

    def holds(self, shoe: Shoe) -> bool:
        """Whether this round's shoe, finite, holds at least ``shoe``'s cards of every value (a
        finite shoe): then its engines can serve a round on ``shoe`` (``reuse``).

        >>> from bjcalc.core.arithmetic import FLOAT
        >>> round_ = Round(Rules(decks=1), Shoe.decks(1), "CDZ-", FLOAT)
        >>> round_.holds(Shoe.decks(1).remove("A")), round_.holds(Shoe.decks(2))
        (True, False)
        """
        return not self.shoe.is_infinite and self.shoe.holds(shoe)

    def _check_reuse(self, reuse: "Round") -> None:
        if (reuse.split_strategy, reuse.ar) != (self.split_strategy, self.ar) or not same_game(reuse.rules, self.rules):
            raise ShoeError("reuse needs a calculator of the same rules, post-split strategy and arithmetic")
        if not reuse.holds(self.shoe):
            raise ShoeError(f"reuse needs a shoe holding at least the cards of {self.shoe.describe()} (a depleted "
                            f"shoe of the reused one), not {reuse.shoe.describe()}")

    @property
    def hand_values_conditioned(self) -> bool:
        """Whether a hand's values are stated given no dealer blackjack: in a peek game where
        every decision comes after the peek (early surrender comes before it, so then every
        value of a hand is unconditional, as in ENHC games)."""
        return self.settlement.blackjack_first

    def deals(self) -> Deals:
        """The exact probability of each deal (:func:`deal_probabilities`), computed once."""
        deals = self._deals      # (read once: another thread may make them meanwhile)
        if deals is None:
            deals = self._deals = deal_probabilities(self.shoe, self.rules)
        elif callable(deals):
            deals = self._deals = deals()
        return deals

    def know_deals(self, deals: Union[Deals, Callable[[], Deals]]) -> None:
        """Let :meth:`deals` take its dict from ``deals()`` (the same dict :func:`deal_probabilities`
        gives, made by a caller that dealt this shoe already), unless it is known: called when
        first asked for, if ever (an EOR table's depleted shoes never ask).  The dict itself may
        be given too.

        >>> from bjcalc import Calculator
        >>> round_, asked = Calculator(Rules(decks=1)).round, []
        >>> round_.know_deals(lambda: asked.append("deals") or deal_probabilities(round_.shoe, round_.rules))
        >>> len(asked), round_.deals() == deal_probabilities(round_.shoe, round_.rules), len(asked)
        (0, True, 1)
        """
        if self._deals is None:
            self._deals = deals

    def upcard(self, up: int) -> UpcardValues:
        """Every player hand's stand/hit/double values against the up value ``up`` (1-10)."""
        return self.engine.upcard(up)

    @property
    def money_only(self) -> bool:
        """Whether every chip of the round is money (the variant has no free chips)."""
        return len(self.engines) == 1

    def chip_values(self, up: int, wager: Wager) -> UpcardValues:
        """The values of hands carrying one ``wager`` chip against ``up`` (the money chip's are
        :meth:`upcard`'s)."""
        return self.engines[wager.name].upcard(up)

    def double_chips(self, own: Wager, hard: int, soft: bool, cards: int, split: bool = False) -> tuple[Wager, Wager]:
        """The chips on a hand carrying ``own`` once it doubles: its own and the one the variant's
        double adds to a hand of ``cards`` cards of this hard total and softness (``split``: a
        split hand's), as the engine values it.

        >>> from bjcalc.core.arithmetic import FLOAT
        >>> [c.name for c in Round(Rules(decks=1), Shoe.decks(1), "CDZ-", FLOAT).double_chips(MONEY, 11, False, 2)]
        ['money', 'money']
        """
        return doubled(own, self.variant.double_wager(self.rules, hard, soft, split, cards) or MONEY)

    def free_actions(self, nodes: Any, node: int) -> frozenset[str]:
        """Which actions of the unsplit hand at ``node`` add a chip the house puts up (Free Bet's
        free double and free split), by the variant's hooks.

        >>> from bjcalc import Calculator
        >>> from bjcalc.game.variants import VARIANTS
        >>> round_ = Calculator(VARIANTS["free_bet"].rules(decks=1)).round
        >>> nodes = round_.engine.nodes
        >>> sorted(round_.free_actions(nodes, nodes.node((0, 0, 0, 0, 2, 0, 0, 0, 0, 0), UNSPLIT)))
        ['double', 'split']
        """
        hard, soft, cards = int(nodes.hard[node]), bool(nodes.soft[node]), int(nodes.cards[node])
        free = set()
        if self.variant.double_wager(self.rules, hard, soft, False, cards) not in (None, MONEY):
            free.add("double")
        hand = nodes.hand[node]
        if cards == 2 and hand.max() == 2 and self.variant.split_wager(self.rules, int(np.argmax(hand)) + 1) != MONEY:
            free.add("split")
        return frozenset(free)

    def double_column(self, values: UpcardValues, own: Wager, split: bool = False) -> np.ndarray:
        """Every two-card node's double value for a hand carrying ``own`` (an unsplit hand's, or
        with ``split`` a split hand's): the chips it holds then, each at its one-card value (half
        the engine's double, which stakes :data:`~bjcalc.core.wagers.DOUBLE_STAKE` of one kind of chip).  Where the variant allows no double
        the entry is the money double (never chosen: the round and the split offer no double there).
        """
        key = (values.up, own.name, split)
        kept = self._doubles.get(key)
        if kept is not None and kept[0] is values:
            return kept[1]
        mine = values if own == MONEY else self.chip_values(values.up, own)
        column = mine.double
        for name, mask in self._double_chips(values.nodes, split).items():
            if name != own.name:
                other = self.chip_values(values.up, WAGERS[name]).double
                one = self.ar.scalar(1, DOUBLE_STAKE)
                column = np.where(mask, mine.double * one + other * one, column)
        self._doubles[key] = (values, column)
        return column

    def _double_chips(self, nodes: Any, split: bool) -> dict[str, np.ndarray]:
        """Which nodes' doubles add which chip (by the chip's name: disjoint masks), for a node
        set, found once per node set."""
        key = (id(nodes), split)
        kept = self._double_masks.get(key)
        if kept is not None and kept[0] is nodes:
            return kept[1]
        code = nodes.hard * 2 + nodes.soft.astype(np.int64)
        by_wager: dict[str, np.ndarray] = {}
        for klass in np.unique(code).tolist():
            wager = self.variant.double_wager(self.rules, klass // 2, bool(klass % 2), split) or MONEY
            mask = code == klass
            by_wager[wager.name] = mask | by_wager[wager.name] if wager.name in by_wager else mask
        self._double_masks[key] = (nodes, by_wager)
        return by_wager

    def check_dealable(self, values: UpcardValues, node: int) -> None:
        """Refuse a hand whose round can run out of cards."""
        if values.exhausted[node]:
            raise ShoeError("the shoe is too small: this round can run out of cards; use a larger shoe")

    def blackjack_term(self, blackjack: Value) -> Value:
        """What a round loses to a dealer blackjack outside the hands' own tables (joint with it)."""
        return -self.settlement.round_blackjack_loss() * blackjack

    def surrender(self, blackjack: Value) -> Value:
        """Joint value of surrendering a hand whose P(dealer blackjack) is ``blackjack``."""
        return self.settlement.surrendered(blackjack, self.ar.convert(SURRENDER_LOSS))

    def split(self, up: int, pair: int, split_key: Any) -> Value:
        """Joint value of splitting the pair of value ``pair`` against ``up`` (``split_key``:
        what :func:`pair_state` says about the pair's rank)."""
        key = (up, pair, split_key)
        if key not in self._splits:
            if self.split_strategy == PostSplitStrategy.OPTIMAL and not self.shoe.is_infinite:
                search = OptimalSplit(self.rules, self.settlement, self.dealer_engine, up, pair,
                                      self.engine.space.max_cards)
                self._splits[key] = search.value()
            else:   # (the infinite deck has nothing to remember: optimal is CDZ- there)
                values = self.upcard(up)
                self._splits[key] = self.played_split(values, pair, split_key, *self.split_plays(values, pair))
        return self._splits[key]

    def played_split(self, values: UpcardValues, pair: int, split_key: Any, first: Optional[SplitPlay],
                     later: Optional[SplitPlay]) -> Optional[Value]:
        """Joint value of splitting ``pair`` against ``values``' up card with the first hand playing
        ``first`` and the hands split off ``later`` (None: ``values``' own play; see
        :func:`~bjcalc.engine.splits.split_value`), refused where a play can run out of cards
        (:meth:`check_split`, under each of the two plays)."""
        strategy, max_cards = context_strategy(self.split_strategy), self.engine.space.max_cards
        for play in (first, later) if later is not None else (first,):
            self.check_split(values, pair, split_key, functools.partial(
                split_play_decisions, values, self.rules, strategy, pair, max_cards, play,
                split_doubles=self.split_doubles))
        return split_value(self.rules, values, strategy, pair, split_key, max_cards, play=first, later=later,
                           split_doubles=self.split_doubles)

    def split_plays(self, values: UpcardValues, pair: int) -> tuple[Optional[SplitPlay], Optional[SplitPlay]]:
        """How the first split hand and the hands split off play, where their chips are not all
        money (None, None: the money play of ``values``, every hand alike): the first hand keeps the
        original (money) wager, each hand split off carries the variant's split chip, and a double
        adds the variant's chip for the hand's total (see :func:`chip_split_plays`)."""
        def played(own: Wager) -> tuple[Any, Any, UpcardValues, None]:
            mine = values if own == MONEY else self.chip_values(values.up, own)
            return mine.stand, mine.hit, mine, None

        return chip_split_plays(self, values, self, values, pair, played)

    def check_split(self, values: UpcardValues, pair: int, split_key: Any, decisions: Decisions) -> None:
        """Refuse splitting ``pair`` against ``values``' up card where some dealing sequence of the
        split hands, playing by ``decisions`` (:mod:`bjcalc.engine.shortage`), or of the dealer
        after them, draws from an empty shoe: a split value assumes none does."""
        if self.shoe.is_infinite or not self.rules.splits:
            return
        hands = most_hands(self.rules, pair)
        by_rank = self.rules.split_tens_by_rank and pair == 10
        resplit_left = int(split_key) - 1 if by_rank and split_key is not None else None
        settles = self.settlement.bust_row

        def bust_settles(cards: int, hard: int) -> bool:
            return settles(cards, hard) is None

        if split_runs_out(self.dealer_engine, values.nodes, values.up, pair, hands, decisions, bust_settles,
                          resplit_left, self.settlement.peeks):
            label = value_label(pair)
            raise ShoeError(f"the shoe is too small: splitting {label},{label} v {value_label(values.up)} to {hands} "
                            f"hands can run out of cards; use a larger shoe or fewer split hands "
                            f"({rule('max_split_hands')})")

    def offers(self, values: UpcardValues, node: int, split_key: Any) -> tuple[str, ...]:
        """The actions the round offers the unsplit hand at ``node`` of ``values`` (against its up
        card), in the engine's tie-break order (an earlier action wins a tie): stand unless the
        hand must hit, and hit where it may; on its first two cards a double where the variant
        offers one (for money or another chip: :meth:`~bjcalc.game.variant.Variant.may_double`),
        a split where ``split_key`` lets the pair split (:func:`pair_state`; None: no split) and
        surrender where the rules allow it against the up card; after a hit a double or a
        surrender where the rules allow them there (``double_after_hit``, ``surrender="any_time"``).
        Every pass that asks what a hand may do asks this.

        >>> from bjcalc.core.arithmetic import FLOAT
        >>> round_ = Round(Rules(decks=1, surrender="late"), Shoe.decks(1), "CDZ-", FLOAT)
        >>> values = round_.upcard(10)
        >>> node = values.nodes.node(composition_of((8, 8)), UNSPLIT)
        >>> round_.offers(values, node, True), round_.offers(values, node, None)
        (('stand', 'hit', 'double', 'split', 'surrender'), ('stand', 'hit', 'double', 'surrender'))
        """
        nodes, rules = values.nodes, self.rules
        offered = [] if values.must_hit[node] else ["stand"]
        if values.can_hit[node]:
            offered.append("hit")
        if nodes.cards[node] == 2:
            if values.can_hit[node] and self.variant.may_double(rules, int(nodes.hard[node]), bool(nodes.soft[node])):
                offered.append("double")
            if split_key is not None and rules.splits and nodes.hand[node].max() == 2:
                offered.append("split")
            if rules.may_surrender(values.up):
                offered.append("surrender")
        else:
            if values.may_double is not None and values.may_double[node]:
                offered.append("double")
            if values.may_surrender is not None and values.may_surrender[node]:
                offered.append("surrender")
        return tuple(offered)

    def actions(self, values: UpcardValues, node: int, split_key: Any) -> dict[str, Value]:
        """Joint values of the actions :meth:`offers` the unsplit hand at ``node``, in its order;
        ``split_key`` is None when the hand may not split (see :func:`pair_state`), and a split
        the shoe cannot deal is left out."""
        nodes = values.nodes
        first = nodes.cards[node] == 2
        actions: dict[str, Value] = {}
        for action in self.offers(values, node, split_key):
            if action == "split":
                split = self.split(values.up, int(np.argmax(nodes.hand[node])) + 1, split_key)
                if split is not None:
                    actions["split"] = split
            elif action == "double" and first:
                wager = self.variant.double_wager(self.rules, int(nodes.hard[node]), bool(nodes.soft[node]))
                actions["double"] = values.double[node] if wager == MONEY else self.double_column(values, MONEY)[node]
            elif action == "surrender":
                if first:
                    actions["surrender"] = self.surrender(values.blackjack[node])
                else:
                    assert values.surrender is not None
                    actions["surrender"] = values.surrender[node]
            else:
                actions[action] = getattr(values, action)[node]
        return actions

    def first_action(self, up: int, node: int, split_key: Any) -> str:
        """The best first action of the unsplit two-card hand at ``node`` against ``up`` (ties to
        the earlier action of :meth:`actions`, as the engine breaks them), found once: a strategy
        played on other shoes asks for it on every shoe."""
        key = (up, node, split_key)
        if key not in self._first_actions:
            choices = self.actions(self.upcard(up), node, split_key)
            self._first_actions[key] = self.ar.best(choices)
        return self._first_actions[key]

    @property
    def suited_natural_chance(self) -> Fraction:
        """The chance that a natural takes the suited pay (of one suit; with
        ``suited_blackjack_suit``, of that suit): the shoe's
        (:meth:`~bjcalc.core.cards.Shoe.suited_natural_chance`), or 1/4 (one named suit: 1/16)
        where it counts ranks only (suits taken as spread evenly, as in whole decks:
        :attr:`suited_natural_words` says which)."""
        return suited_natural_chance(self.rules, self.shoe)

    @property
    def suited_natural_words(self) -> Optional[str]:
        """How the chance of a natural taking the suited pay was found, where one does (None
        elsewhere): what a result's shoe assumption adds."""
        if self.rules.suited_blackjack_pays is None:
            return None
        named = self.rules.suited_blackjack_suit
        which = "suited naturals" if named == "any" else f"naturals suited in {named}"
        how = "from the shoe's suits" if self.shoe.suited_natural_chance() is not None else \
            "the shoe counts ranks only: suits taken as spread evenly"
        return f"{which} {self.suited_natural_chance} of naturals ({how})"

    def natural_pays(self) -> tuple[tuple[Fraction, Fraction], ...]:
        """What a player natural wins when the dealer has none, as ``(chance, pays)`` pairs on this
        round's shoe (:meth:`~bjcalc.engine.settlement.Settlement.natural_pays`).

        >>> from bjcalc.core.arithmetic import FLOAT
        >>> suited = Round(Rules(decks=1, suited_blackjack_pays="2:1"), Shoe.from_cards("AS AH KS 5C 6D"), "CDZ-", FLOAT)
        >>> [tuple(map(str, pair)) for pair in suited.natural_pays()]
        [('1/2', '3/2'), ('1/2', '2')]
        """
        return self.settlement.natural_pays(self.suited_natural_chance)

    def natural_value(self, blackjack: Value) -> Value:
        """Joint value of a player natural (paid unless the dealer has one too, which pushes, or
        gets what the settlement pays a tied natural: :meth:`~bjcalc.engine.settlement.Settlement.natural_tie`)."""
        paid = self.ar.convert(self.settlement.natural_payout(self.suited_natural_chance)) * (1 - blackjack)
        tie = self.settlement.natural_tie()
        return paid if tie == 0 else paid + self.ar.convert(tie) * blackjack

    def value(self, values: UpcardValues, hand: tuple[int, int], split_key: Any) -> Value:
        """The round's EV, joint with the dealer's blackjack, for a two-card hand played CD."""
        composition = composition_of(hand)
        node = values.nodes.node(composition, UNSPLIT)
        self.check_dealable(values, node)
        blackjack = values.blackjack[node]
        if is_natural(composition):
            return self.natural_value(blackjack)
        return self.with_dealt_win(composition, max(self.actions(values, node, split_key).values())
                                   + self.blackjack_term(blackjack))

    def with_dealt_win(self, composition: Sequence[int], joint: Value) -> Value:
        """The joint value of a two-card hand worth ``joint`` when played, where the settlement
        lets it win at once with some chance by its suits
        (:meth:`~bjcalc.engine.settlement.Settlement.dealt_win`): ``chance * pays + (1 - chance) *
        joint``; ``joint`` itself for every other hand."""
        win = self.settlement.dealt_win(tuple(int(c) for c in composition))
        if win is None:
            return joint
        chance = self.ar.convert(win[0])
        return chance * self.ar.convert(win[1]) + (1 - chance) * joint

    def deal_values(self, values: UpcardValues, deals: Sequence[tuple[tuple[int, int], Any]]) -> list[Value]:
        """:meth:`value` of each deal ``(hand, split_key)`` against ``values.up``, in order.

        In floats the deals' nodes are read in one go, as arrays (a depleted shoe of the
        simulator values every deal of every up card): each deal's value is still the largest
        of the same allowed values plus the same blackjack term, so the same numbers.

        >>> from bjcalc.core.arithmetic import FLOAT
        >>> round_ = Round(Rules(decks=2), Shoe.decks(2), "CDZ-", FLOAT)
        >>> values, deals = round_.upcard(10), list(round_.deals()[10])
        >>> round_.deal_values(values, deals) == [round_.value(values, hand, key) for hand, key in deals]
        True
        """
        if self.ar.exact or not deals:
            return [self.value(values, hand, key) for hand, key in deals]
        plan, blackjack = self.dealt(values, tuple(hand for hand, _ in deals))
        nodes = plan.nodes
        best = np.where(values.must_hit[nodes], -np.inf, values.stand[nodes])
        best = np.maximum(best, np.where(values.can_hit[nodes], values.hit[nodes], -np.inf))
        doubles = values.double if self.money_only else self.double_column(values, MONEY)
        best = np.maximum(best, np.where(plan.may_double, doubles[nodes], -np.inf))
        if self.rules.may_surrender(values.up):
            best = np.maximum(best, np.asarray(self.surrender(blackjack)))
        for i in plan.pairs:
            split_key = deals[i][1]
            if split_key is not None:
                split = self.split(values.up, int(plan.pair[i]), split_key)
                if split is not None and split > best[i]:
                    best[i] = split
        joint = self.joint_values(plan, blackjack, best)
        if self.settlement.dealt_wins:
            hands = values.nodes.hand
            joint = np.array([self.with_dealt_win(hands[node], value) for node, value in zip(plan.nodes, joint)])
        return list(joint)

    def dealt(self, values: UpcardValues, hands: tuple[tuple[int, int], ...]) -> tuple["DealPlan", np.ndarray]:
        """The :class:`DealPlan` of two-card ``hands`` against ``values.up`` and each one's chance
        of a dealer blackjack (floats), refusing a hand whose round can run out of cards (as
        :meth:`value` does)."""
        plan = deal_plan(values, self.rules, hands)
        exhausted = values.exhausted[plan.nodes]
        if exhausted.any():
            self.check_dealable(values, int(plan.nodes[exhausted][0]))
        return plan, values.blackjack[plan.nodes]

    def joint_values(self, plan: "DealPlan", blackjack: np.ndarray, played: np.ndarray) -> np.ndarray:
        """The rounds' joint values of the deals of :meth:`dealt` whose hands, played, are worth
        ``played``: the round's blackjack term added, and naturals paid as naturals (as
        :meth:`value` does, deal by deal)."""
        joint = played + self.blackjack_term(blackjack)
        joint[plan.natural] = self.natural_value(blackjack[plan.natural])
        return joint

    def report(self, joint: Value, blackjack: Value, natural: bool = False) -> Value:
        """A hand's joint value on the basis :attr:`hand_values_conditioned` states.

        A natural's joint value already holds its dealer-blackjack case (a push, or what the
        settlement pays a tied natural), so no round loss is charged to it; given no dealer
        blackjack a natural is worth its payout (the joint value less any tied natural's share,
        over the chance of no dealer blackjack)."""
        if self.hand_values_conditioned:
            tie = self.settlement.natural_tie() if natural else 0
            if tie != 0:
                joint = joint - self.ar.convert(tie) * blackjack
            return joint / (1 - blackjack) if blackjack != 1 else joint
        return joint if natural else joint + self.blackjack_term(blackjack)


def chip_split_plays(target_round: Round, target: UpcardValues, source_round: Round, source: UpcardValues,
                     pair: int, played: Callable[[Wager], tuple[Any, Any, UpcardValues, Any]]
                     ) -> tuple[Optional[SplitPlay], Optional[SplitPlay]]:
    """The plays of the first split hand (its money chip) and of the hands split off (the
    variant's split chip) valued on ``target``'s shoe (money values) by the decisions made on
    ``source``'s (the same round, or a strategy's shoe): ``played(chip)`` gives that chip's
    stand and hit values on the target, the chip's values on the source whose decisions are
    taken, and the node map between them (None: the same nodes).  Each double is worth the
    chips it adds (:meth:`Round.double_column`).  (None, None) where every chip is money."""
    if target_round.money_only:
        return None, None
    chip = target_round.variant.split_wager(target_round.rules, pair)
    plays = []
    for own in (MONEY, chip):
        stand, hit, decider, mapped = played(own)
        double = target_round.double_column(target, own, split=True)
        decided = source_round.double_column(source, own, split=True)
        plays.append(SplitPlay((stand, hit, double), dataclasses.replace(decider, double=decided), mapped))
    return plays[0], plays[1]


@dataclass(frozen=True)
class DealPlan:
    """Where the deals of one up card read a node set (:meth:`Round.deal_values`, a fixed
    strategy's values): what depends on the rules and the node set alone, so every shoe
    sharing the set uses it.  Made by :func:`deal_plan`."""

    nodes: np.ndarray          # each deal's two-card node (unsplit)
    natural: np.ndarray        # bool: a natural
    may_double: np.ndarray     # bool: the variant lets the hand double (for money or another chip)
    pair: np.ndarray           # the pair's value, 0 for two values
    pairs: tuple[int, ...]     # the deals of a pair the rules let split


def deal_plan(values: UpcardValues, rules: Rules, hands: tuple[tuple[int, int], ...]) -> DealPlan:
    """The :class:`DealPlan` of ``hands`` (two card values each) in ``values``' node set, made
    once per set and rules.

    >>> from bjcalc.core.arithmetic import FLOAT
    >>> round_ = Round(Rules(decks=1), Shoe.decks(1), "CDZ-", FLOAT)
    >>> plan = deal_plan(round_.upcard(6), round_.rules, ((1, 10), (8, 8), (5, 6)))
    >>> plan.natural.tolist(), plan.pair.tolist(), plan.pairs
    ([True, False, False], [0, 8, 0], (1,))
    """
    plans: dict[tuple, DealPlan] = WORKSPACE.beside("deal plans", values.nodes)
    key = (rules, hands)
    plan = plans.get(key)
    if plan is None:
        compositions = [composition_of(hand) for hand in hands]
        nodes = np.array([values.nodes.node(c, UNSPLIT) for c in compositions], dtype=np.int64)
        natural = np.array([is_natural(c) for c in compositions], dtype=bool)
        hard, soft = values.nodes.hard[nodes], values.nodes.soft[nodes]
        variant = variant_of(rules)      # (a variant's own doubles: Free Bet's free ones on hard 9-11)
        may_double = values.can_hit[nodes] & np.array(
            [variant.may_double(rules, int(h), bool(s)) for h, s in zip(hard, soft)], dtype=bool)
        pair = np.array([a if a == b and rules.splits else 0 for a, b in hands], dtype=np.int64)
        plan = plans.setdefault(key, DealPlan(nodes, natural, may_double, pair,
                                               tuple(int(i) for i in np.flatnonzero((pair > 0) & ~natural))))
    return plan


class Game(Protocol):
    """What strategies, results and side bets ask of a calculator (:class:`~bjcalc.game.calculator.Calculator`)."""

    rules: Rules
    shoe: Shoe
    exact: bool
    ar: Arithmetic
    round: Round
    split_strategy: str

    def assumptions(self, strategy: str = "CD") -> Assumptions:
        """What every result of the game depends on, in words."""
        ...


UP_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
"""Up cards in the order results list them."""


def check_per_hand_split(game: Game, what: str) -> None:
    """Refuse, in one line, ``what`` (fixed play, a round's distribution ...) under the optimal
    split, whose decisions are not per hand: it decides with every card of the round.

    >>> from bjcalc.game.calculator import Calculator
    >>> check_per_hand_split(Calculator(Rules(decks=1, max_split_hands=2), split_strategy="optimal"), "fixed play")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.StrategyError: fixed play needs a post-split strategy whose decisions are per hand: choose CDZ-, CDP1 or CDP (the optimal split decides with every card of the round)
    """
    if game.split_strategy == PostSplitStrategy.OPTIMAL and game.rules.splits and not game.shoe.is_infinite:
        raise StrategyError(f"{what} needs a post-split strategy whose decisions are per hand: choose CDZ-, CDP1 or "
                            "CDP (the optimal split decides with every card of the round)")


class HandValues(dict[str, Value]):
    """The EV of each action allowed for one hand against one up card (a ``dict`` from action
    to value, in the engine's order: stand, hit, double, split, surrender), with what the values
    assume: ``cards``, ``up``, ``assumptions`` (on which basis they are: conditioned on no dealer
    blackjack in a peek game), ``best``, the best action (ties go to the earlier action, as
    the engine breaks them), and ``free``, the actions whose added chip the house puts up (Free
    Bet's free double and free split; empty in other games).  ``str()`` gives the values and the
    assumptions; ``repr()`` is the
    plain dict's, and so are equality (the values alone), ``dict(values)`` and ``{**values}``;
    ``copy()``, ``copy.copy`` and pickling keep the assumptions.

    >>> from bjcalc.game.calculator import Calculator
    >>> values = Calculator(Rules(decks=6)).hand("T,6", "T")
    >>> values.best, round(values["hit"], 4), "conditioned on no dealer blackjack" in values.assumptions.conditioning
    ('hit', -0.5347, True)
    >>> print(str(values).splitlines()[0])
    T,6 v T: stand -0.540954, hit -0.534676 (best), double -1.069351
    """

    def __init__(self, values: Any = (), cards: str = "", up: str = "", assumptions: Optional[Assumptions] = None,
                 free: Iterable[str] = ()):
        super().__init__(values)
        self.cards, self.up, self.assumptions = cards, up, assumptions
        self.free = frozenset(free)

    def copy(self) -> "HandValues":
        """A shallow copy that keeps the cards, up card, assumptions and free actions (``dict.copy``
        would not)."""
        return HandValues(self, self.cards, self.up, self.assumptions, self.free)

    def _notes(self) -> list[str]:
        return self.assumptions.lines() if self.assumptions is not None else []

    def _notes_html(self) -> str:
        return self.assumptions.html() if self.assumptions is not None else ""

    @property
    def best(self) -> str:
        """The action of the largest value (the first of equal ones; in floats, of ones within
        :data:`~bjcalc.core.arithmetic.TIE_MARGIN`)."""
        return arithmetic_for(self.values()).best(self)

    def __str__(self) -> str:
        best = self.best
        values = ", ".join(f"{action} {float(value):+.6f}{' (free)' if action in self.free else ''}"
                           f"{' (best)' if action == best else ''}" for action, value in self.items())
        return "\n".join([f"{self.cards} v {self.up}: {values}", *self._notes()])

    def _repr_html_(self) -> str:
        best = self.best
        rows = "".join(f"<tr><td>{action}{' (free)' if action in self.free else ''}</td><td>{float(value):+.6f}</td>"
                       f"<td>{'best' if action == best else ''}</td></tr>" for action, value in self.items())
        return (f"<p><b>{html.escape(f'{self.cards} v {self.up}')}</b></p><table><tr><th>action</th><th>EV</th>"
                f"<th></th></tr>{rows}</table>{self._notes_html()}")

    def __reduce__(self) -> tuple:      # (pickles with its attributes: dict's own reduce drops them)
        return (HandValues, (dict(self), self.cards, self.up, self.assumptions, self.free))


@dataclass(repr=False)
class GameResult:
    """A whole-game EV with its breakdown by up card and the assumptions behind it.

    ``ev`` (per unit initial bet), ``house_edge``, :attr:`by_upcard` (the EV given each up card)
    and :attr:`upcard_probability` (each up card's chance), ``rows()`` and ``table()``,
    ``assumptions``; ``strategy`` is the TD chart of a TD game.  Values are Python floats, or
    exact rationals in exact mode.

    >>> from bjcalc.game.calculator import Calculator
    >>> result = Calculator(Rules(decks=1, max_split_hands=2)).game()
    >>> [(up, round(float(p), 4)) for up, p, ev, part in result.rows()][:2]
    [('2', 0.0769), ('3', 0.0769)]
    >>> result  # doctest: +ELLIPSIS
    GameResult(ev=0.0015311999..., strategy='CD', rules='1 deck, S17, BJ pays 3:2, peek, double any two cards incl. soft, DAS, split to 2 hands, no surrender')
    """

    ev: Value
    _ev_by_up: dict[str, Value]           # up label -> EV of a round given that up card (by_upcard)
    _p_up: dict[str, Value]               # up label -> P(up card) (upcard_probability)
    assumptions: Assumptions
    exact: bool
    strategy: Optional[Any] = None   # the TD strategy (a chart), for strategy="TD"
    strategy_name: str = field(default="CD", compare=False)      # "CD", "TD" or "chart" (a chart given) played

    @classmethod
    def build(cls, calc: "Game", deals: dict, rounds: dict, strategy_name: str,
              **extra: Any) -> "GameResult":
        """Weigh each deal's round value (``rounds[(up, hand, split_key)]``) by its probability."""
        ar = calc.ar
        total = ar.scalar(0)
        by_up, prob_up = {}, {}
        for up in range(1, 11):
            p_up = ar.scalar(0)
            contribution = ar.scalar(0)
            for (hand, split_key), p in deals[up].items():
                p = ar.convert(p)
                p_up = p_up + p
                contribution = contribution + p * rounds[(up, hand, split_key)]
            if p_up == 0:
                continue
            label = "A" if up == 1 else ("T" if up == 10 else str(up))
            by_up[label] = ar.output(contribution / p_up)
            prob_up[label] = ar.output(p_up)
            total = total + contribution
        order = [k for k in UP_LABELS if k in by_up]
        return cls(ev=ar.output(total), _ev_by_up={k: by_up[k] for k in order},
                   _p_up={k: prob_up[k] for k in order},
                   assumptions=calc.assumptions(strategy_name), exact=calc.exact, strategy_name=strategy_name, **extra)

    def rows(self) -> list[tuple[str, Value, Value, Value]]:
        """By up card: (up, its probability, the EV given it, its contribution to the game EV)."""
        return [(up, p, self._ev_by_up[up], p * self._ev_by_up[up]) for up, p in self._p_up.items()]

    @property
    def by_upcard(self) -> "pd.Series":
        """The EV given each up card, as a pandas Series indexed by up card (``"2"`` ... ``"T"``, ``"A"``)."""
        import pandas as pd

        return pd.Series(list(self._ev_by_up.values()), index=list(self._ev_by_up), name="EV given up card")

    @property
    def upcard_probability(self) -> "pd.Series":
        """The probability of each up card, as a pandas Series indexed like :attr:`by_upcard`."""
        import pandas as pd

        return pd.Series(list(self._p_up.values()), index=list(self._p_up), name="P(up card)")

    def __repr__(self) -> str:
        return f"GameResult(ev={self.ev!r}, strategy={self.strategy_name!r}, rules={self.assumptions.rules!r})"

    @property
    def house_edge(self) -> Value:
        """``-ev``, the casino's expected win per unit initial bet."""
        return -self.ev

    def table(self) -> "pd.DataFrame":
        """By up card: its probability, the EV given it, and its contribution to the game EV."""
        import pandas as pd

        return pd.DataFrame([row[1:] for row in self.rows()], index=[row[0] for row in self.rows()],
                            columns=["P(up)", "EV", "contribution"])

    def edge_text(self) -> str:
        """The edge in words: ``house edge X %``, or ``player edge X %`` when the game favours the player.

        >>> from bjcalc.game.calculator import Calculator
        >>> Calculator(Rules(decks=1, max_split_hands=2)).game().edge_text()
        'player edge 0.153120 %'
        """
        percent = float(self.ev) * 100
        return f"player edge {percent:.6f} %" if percent > 0 else f"house edge {-percent:.6f} %"

    def __str__(self) -> str:
        """The EV, the edge and the assumptions, wrapped to 80 columns."""
        import textwrap

        lines = [f"EV {float(self.ev) * 100:+.6f} %  ({self.edge_text()})"]
        if self.exact:
            lines.append(f"exact EV = {self.ev}")
        lines += self.assumptions.lines()
        return "\n".join(wrapped for line in lines
                         for wrapped in textwrap.wrap(line, 80, subsequent_indent="  ", break_on_hyphens=False))

    def _repr_html_(self) -> str:
        return (f"<p><b>EV {float(self.ev) * 100:+.6f} %</b> ({self.edge_text()})</p>"
                + self.assumptions.html() + self.table().to_html(float_format=lambda x: f"{x:.6f}"))
