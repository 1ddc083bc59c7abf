"""Splitting and resplitting, exactly, under a named post-split strategy.

Post-split strategies (how a split hand decides; it only ever looks at its own cards):

- ``"CDZ-"``: as the same cards would be played unsplit (zero memory of the split);
- ``"CDP1"``: optimally for the first split hand (one extra pair card known gone),
  and that rule for every split hand;
- ``"CDP"``: optimally given how many pair cards the splits so far have removed.

The player always resplits a pair when the rules allow it.

How the value is exact.  Deal the round hand by hand: a hand draws second cards,
splitting off every pair card while fewer than ``max_split_hands`` hands exist,
then plays out; then the next hand.  (Any dealing order gives every allocation of
cards to hands the same probability, so this one loses nothing.)  What a later
hand knows about the cards before it is (a) how many pair cards were split off,
and (b) that every earlier hand formed while resplitting was still possible got a
second card that is *not* a pair card; everything else drawn before it is an
unseen random card, which changes no expectation.  (a) is a context of the
player engine (``j`` extra pair cards removed).  (b) is removed by the identity

    F(j, m) = p(j, m) F(j + 1, m) + (1 - p(j, m)) F(j, m + 1)

for the expectation F of any fixed play with ``j`` pair cards and ``m`` non-pair
cards removed, ``p`` the chance that a random card is a pair card: an unseen card
is a pair card or not.  So every value reduces to values with pair cards removed
only, which the engine computes.  A small recursion over (hand, hands so far,
non-pair cards removed) then adds up the hands.

With two hands this is twice the value of one hand; with more it is exact for
any shoe, any number of hands up to four, every hole-card rule, DAS, resplitting,
hitting and doubling split aces.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Iterator, NamedTuple, Optional, Sequence, Union

import numpy as np

from ..core.cards import Shoe
from ..core.errors import StrategyError
from .hands import EMPTY, Composition, Context, HandSpace, add
from .player import UpcardValues
from .workspace import WORKSPACE
from ..core.actions import (POST_SPLIT_ACTIONS, PostSplitStrategy, check_optimal_split_rules, most_hands,
                            post_split_actions)
from ..core.rules import Rules

__all__ = ["SPLIT_STRATEGIES", "PER_HAND_SPLIT_STRATEGIES", "check_split_strategy", "pair_cards", "slot_states", "policy_extra",
           "first_context", "needed_contexts", "context_strategy", "split_contexts", "SplitPlay", "split_value",
           "most_round_cards"]

SPLIT_STRATEGIES = tuple(strategy.value for strategy in PostSplitStrategy)
PER_HAND_SPLIT_STRATEGIES = tuple(name for name in SPLIT_STRATEGIES if name != PostSplitStrategy.OPTIMAL.value)
"""The post-split strategies that play each split hand by its own cards: all but the optimal split,
which decides with every card of the round (what fixed play, the round's distribution, a
simulation and Buster Blackjack's player model cannot follow)."""


def most_round_cards(counts: Sequence[int], hands: int, dealer_budget: int, hand_budget: int = 21) -> int:
    """At least the most cards ``hands`` player hands and the dealer's hand can take from a shoe of
    ``counts`` (by value, ace first), whatever the play: before its last card each player hand's
    hard total (aces as one) is at most 21, and the dealer's cards before its last sum to at most
    ``dealer_budget`` (16 less an up card already dealt; 21 bounds it loosely), so all cards
    but the last ones are at most as many as the shoe's smallest cards fit in that budget; then
    one last card per hand.  (A dealer that burns cards adds them:
    :meth:`~bjcalc.engine.dealer.StandardDealer.most_burned`.)  A shoe with at least this many
    cards cannot run out in a round, whatever the play; one with fewer may or may not, by the
    strategy (the round's moments, Buster's player model and the split check of
    :mod:`bjcalc.engine.shortage` then follow the play).  ``hand_budget`` may replace the 21
    a player hand's cards before its last sum to at most (less where the play never draws above
    some total, less the cards a hand already holds).

    >>> most_round_cards([4] * 9 + [16], hands=2, dealer_budget=16)     # one deck, split once
    22
    >>> most_round_cards([0, 23] + [0] * 8, hands=4, dealer_budget=14)  # 23 twos left after a 2 up
    28
    """
    budget = max(0, hand_budget) * hands + dealer_budget
    taken = 0
    for value, count in enumerate(counts, start=1):
        fits = min(int(count), budget // value)
        taken += fits
        budget -= fits * value
    return taken + hands + 1


def check_split_strategy(name: Union[str, PostSplitStrategy], rules: Rules) -> str:
    """Validate a post-split strategy (a :class:`~bjcalc.core.actions.PostSplitStrategy` or its
    name) for these rules; returns its name.

    >>> check_split_strategy("CDP1", Rules()), check_split_strategy(PostSplitStrategy.CDZ, Rules())
    ('CDP1', 'CDZ-')
    """
    if not isinstance(name, str) or name not in SPLIT_STRATEGIES:
        raise StrategyError(f"split strategy must be one of {', '.join(SPLIT_STRATEGIES)}, not {name!r}")
    name = PostSplitStrategy(name).value
    if name == PostSplitStrategy.OPTIMAL:
        check_optimal_split_rules(rules)
    return name


def pair_cards(pair: int, count: int) -> Composition:
    """``count`` cards of value ``pair`` as a composition."""
    return add(EMPTY, pair, count) if count else EMPTY


def slot_states(hands: int) -> Iterator[tuple[int, int, int]]:
    """Every (hand, hands so far, non-pair second cards known) the dealing can reach."""
    seen, todo = set(), [(1, 2, 0)]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        slot, count, known = state
        if slot > count:
            continue
        yield state
        if count < hands:
            todo += [(slot, count + 1, known), (slot + 1, count, known + 1)]
        else:
            todo.append((slot + 1, count, known))


def policy_extra(strategy: str, pair: int, hands_so_far: int) -> Composition:
    """Whose decisions a hand formed when ``hands_so_far`` hands exist copies."""
    if strategy == PostSplitStrategy.CDZ:
        return EMPTY
    if strategy == PostSplitStrategy.CDP1:
        return pair_cards(pair, 1)
    return pair_cards(pair, hands_so_far - 1)


def first_context(strategy: str, pair: int) -> Context:
    """The context of the first split hand (one pair card gone) under a post-split strategy."""
    extra, policy = pair_cards(pair, 1), policy_extra(strategy, pair, 2)
    return Context(extra, None if policy == extra else policy)


def needed_contexts(strategy: str, pair: int, hands: int) -> set[Context]:
    """The contexts (pair cards removed, policy) the split value of this pair reads."""
    out = set()
    for slot, count, known in slot_states(hands):
        policy = policy_extra(strategy, pair, count)
        for removed in range(count - 1, count + known):
            extra = pair_cards(pair, removed)
            out.add(Context(extra, None if policy == extra else policy))
        if policy != EMPTY:
            out.add(Context(policy))      # where the copied decisions are made
    return out


def context_strategy(strategy: str) -> str:
    """The post-split strategy whose contexts the engine evaluates: the optimal split searches
    by itself (:mod:`bjcalc.engine.optimal`), and keeps CDZ-'s contexts for TD charts and the infinite deck."""
    return PostSplitStrategy.CDZ.value if strategy == PostSplitStrategy.OPTIMAL else strategy


def split_contexts(rules: Rules, shoe: Shoe, strategy: str, space: HandSpace) -> dict[Context, np.ndarray]:
    """Every context the engine must evaluate: unsplit hands, and split hands with pair cards gone.

    Each context's hands are given as indices into ``space.compositions`` (see :class:`~bjcalc.engine.hands.NodeSet`).
    """
    strategy = context_strategy(strategy)
    compositions = space.array
    contexts: dict[Context, np.ndarray] = {Context(): np.arange(len(compositions))}
    if not rules.splits:
        return contexts
    counts = shoe.value_counts()
    for pair in range(1, 11):
        available = None if shoe.is_infinite else counts[pair - 1]
        if available is not None and available < 2:
            continue
        members = np.flatnonzero(compositions[:, pair - 1] >= 1)
        for context in sorted(needed_contexts(strategy, pair, most_hands(rules, pair)),
                              key=lambda c: (c.extra, c.policy or ())):
            if available is not None and context.extra[pair - 1] + 1 > available:
                continue    # more pair cards than the shoe holds: never reached
            if context not in contexts:
                contexts[context] = members if available is None else members[
                    compositions[members, pair - 1] + context.extra[pair - 1] <= available]
    return contexts


class SplitPlay(NamedTuple):
    """How split hands choose their first action when the values split are not the ones that
    choose: a strategy made on another shoe, played on the shoe of ``values``.  A split hand at a
    node takes the action (stand, hit or double) that ``decider`` rates best at the policy
    source of the node ``mapped`` names there (None: the same node), and is worth that action's
    entry of ``values`` at its own node.

    >>> from bjcalc import Calculator, Rules
    >>> v = Calculator(Rules(decks=1)).round.upcard(6)
    >>> SplitPlay((v.stand, v.hit, v.double), v).mapped is None      # (the default play: its own values)
    True
    """

    values: tuple[np.ndarray, np.ndarray, np.ndarray]    # stand, hit, double: what each node's action is worth
    decider: UpcardValues                                # whose stand, hit and double choose
    mapped: Optional[np.ndarray] = None                  # each node's node among the decider's


class _PairSplit:
    """The exact value of splitting one pair against one up card (see the module docstring)."""

    def __init__(self, rules: Rules, values: UpcardValues, strategy: str, pair: int, pair_left: Optional[int],
                 pair_share: Any, max_cards: int, hand_value: Optional[Callable[[int, Composition], Any]] = None,
                 play: Optional[SplitPlay] = None, later: Optional[SplitPlay] = None,
                 later_value: Optional[Callable[[int, Composition], Any]] = None,
                 split_doubles: Optional[Callable[[int, bool], bool]] = None):
        self.rules, self.v, self.strategy, self.pair = rules, values, strategy, pair
        self.split_doubles = split_doubles      # (whether a split hand of a total may double; None: the rules')
        self.hand_value = hand_value
        self.later_value = later_value      # (hand_value's for the hands split off, where their chips differ)
        self.pair_left = pair_left          # pair-rank cards in the shoe less the up card and this hand's card
        self.pair_share = pair_share        # infinite deck: share of the value's cards of the pair's rank
        self.max_cards = max_cards
        self.hands = most_hands(rules, pair)
        self.ar_zero = values.ar.scalar(0)
        self._memo: dict[tuple, Any] = {}
        self.play = play or SplitPlay((values.stand, values.hit, values.double), values)   # (POST_SPLIT_ACTIONS' order)
        self.later = later      # the hands split off, where their chips differ from the first hand's
        # (a play on other values whose decider has these very nodes: its choices serve every shoe)
        self._shared = play is not None and values.nodes is play.decider.nodes and (
            play.mapped is None or play.mapped is play.decider.nodes.indices)
        # What depends on the node set and the rules alone (which nodes, which actions), kept for every
        # shoe that shares the node set: a round splits the same pairs on every shoe of a game.
        # (kept beside the node set: per (rules, strategy, pair, max cards), the nodes and actions it reads)
        plans = WORKSPACE.beside("split plans", values.nodes)
        # (the split hands' doubles: the round's variant's, or the rules' where not given)
        prefix = (rules, strategy, pair, max_cards, split_doubles is None)
        mine = plans.get(prefix)
        self._plans: dict[tuple, Any] = mine if mine is not None else plans.setdefault(prefix, {})
        # (names these plans in the kept choices' keys, which hold it: it hashes at once, unlike the prefix)
        self._token = self._plans.setdefault(("token",), object())

    def first(self, removed: int, policy: Composition) -> Optional[int]:
        key = ("first", removed, policy)
        if key not in self._plans:
            extra = pair_cards(self.pair, removed)
            context = Context(extra, None if policy == extra else policy)
            self._plans[key] = self.v.nodes.find(pair_cards(self.pair, 1), context)
        return self._plans[key]

    def p_pair(self, removed: int, known: int) -> Any:
        """Chance that an unseen card is of the pair's rank, ``removed`` pair cards and ``known``
        non-pair cards gone."""
        key = ("node", removed)
        if key not in self._plans:
            self._plans[key] = self.v.nodes.find_with_extra(pair_cards(self.pair, 1), pair_cards(self.pair, removed))
        node = self._plans[key]
        if node is None:
            return self.ar_zero
        if self.pair_left is None:     # infinite deck
            return self.v.draw_row(node)[self.pair - 1] * self.pair_share
        left = self.pair_left - removed
        cards = int(self.v.cards_left[node]) - known
        if left <= 0 or cards <= 0:
            return self.ar_zero
        return self.v.ar.scalar(left, cards)

    def second_card_values(self, nodes: np.ndarray, node_list: list[int], allowed: list[tuple[int, ...]],
                           key: tuple, later: bool = False) -> list[Any]:
        """Values of split hands' first two cards at ``nodes`` (``node_list``: the same, as a list),
        by the post-split strategy (each plays at its policy source: the same cards where the
        policy's decisions are made), each taking the best of its ``allowed`` actions
        (POST_SPLIT_ACTIONS indices) there.  ``key`` names these nodes in the plans: where the
        decider plays on other values with the same nodes (a fixed play on ten depleted shoes),
        its choices are made once for all of them (kept beside the decider in the workspace).
        ``later``: the hands split off, played by :attr:`later`."""
        play = self.play if not later else self.later
        assert play is not None
        values = play.values
        choices = self._choices(nodes, allowed, key, later)
        return [values[choice].item(node) for choice, node in zip(choices, node_list)]

    def _choices(self, nodes: np.ndarray, allowed: list[tuple[int, ...]], key: tuple, later: bool = False
                 ) -> list[int]:
        """Which of its ``allowed`` actions each split hand at ``nodes`` takes: the best at its
        policy source by the decider's values (``later``: :attr:`later`'s); ties go to the
        earlier action."""
        play = self.play if not later else self.later
        assert play is not None
        decider = play.decider
        shared = self._shared and not later
        name = (self._token, key)
        kept = WORKSPACE.beside("split choices", decider) if shared else None
        if kept is not None and name in kept:
            return kept[name]
        sources = decider.source[nodes if play.mapped is None else play.mapped[nodes]]
        at_source = [column[sources].tolist() for column in (decider.stand, decider.hit, decider.double)]
        out, better = [], self.v.ar.better
        for i, actions in enumerate(allowed):
            choice = actions[0]
            for action in actions[1:]:
                if better(at_source[action][i], at_source[choice][i]):
                    choice = action
            out.append(choice)
        if kept is not None:
            kept[name] = out
        return out

    def _allowed(self, nodes: np.ndarray) -> list[tuple[int, ...]]:
        """The post-split actions (POST_SPLIT_ACTIONS indices) each split hand at ``nodes`` may take."""
        hard, soft = self.v.nodes.hard[nodes].tolist(), self.v.nodes.soft[nodes].tolist()
        offered = self.split_doubles
        return [tuple(POST_SPLIT_ACTIONS.index(a) for a in (
            post_split_actions(self.rules, self.pair, *key, max_cards=self.max_cards,
                               may_double=None if offered is None else offered(*key))))
            for key in zip(hard, soft)]

    def base(self, removed: int, policy: Composition, later: bool = False) -> tuple[Any, Any]:
        """(U, T) with no non-pair card known: E[value; second card not of the pair's rank], E[value]
        (``later``: of a hand split off, by :attr:`later`)."""
        key = ("base", removed, policy, later)
        memo = self._memo
        if key not in memo:
            memo[key] = self._base(removed, policy, later)
        return memo[key]

    def _base(self, removed: int, policy: Composition, later: bool = False) -> tuple[Any, Any]:
        first = self.first(removed, policy)
        if first is None:
            return self.ar_zero, self.ar_zero
        v = self.v
        total = self.ar_zero
        pair_hand = self.ar_zero
        draw = v.draw_list(first)     # (Python numbers: the same products, faster than numpy's scalars)
        key = ("cards", first)
        if key not in self._plans:
            kids = v.nodes.child[first]
            cards = [card for card in range(1, 11) if kids[card - 1] >= 0]
            second = kids[[card - 1 for card in cards]]
            self._plans[key] = cards, second, second.tolist(), kids, self._allowed(second)
        cards, second, second_nodes, kids, allowed = self._plans[key]
        if self.hand_value is None:
            values = self.second_card_values(second, second_nodes, allowed, key, later)
        else:
            valued = self.later_value if later and self.later_value is not None else self.hand_value
            values = [valued(int(kids[card - 1]), policy) for card in cards]
        for card, value in zip(cards, values):
            total = total + draw[card - 1] * value
            if card == self.pair:
                pair_hand = value
        return total - self.p_pair(removed, 0) * pair_hand, total

    def known(self, removed: int, known: int, policy: Composition, later: bool = False) -> tuple[Any, Any]:
        """(U, T) with ``known`` non-pair cards also gone, by F(j,m) = p F(j+1,m) + (1-p) F(j,m+1)."""
        key = ("known", removed, known, policy, later)
        memo = self._memo
        if key not in memo:
            memo[key] = self._known(removed, known, policy, later)
        return memo[key]

    def _known(self, removed: int, known: int, policy: Composition, later: bool) -> tuple[Any, Any]:
        if known == 0:
            return self.base(removed, policy, later)
        p = self.p_pair(removed, known - 1)
        if p == 1:
            return self.ar_zero, self.ar_zero
        here = self.known(removed, known - 1, policy, later)
        if p == 0:
            return here
        more = self.known(removed + 1, known - 1, policy, later)
        return tuple((a - p * b) / (1 - p) for a, b in zip(here, more))

    def expected(self, slot: int, count: int, known: int) -> Any:
        """Value of hands ``slot``.. when ``count`` hands exist and ``known`` non-pair cards are known."""
        key = ("expected", slot, count, known)
        memo = self._memo
        if key not in memo:
            memo[key] = self._expected(slot, count, known)
        return memo[key]

    def _expected(self, slot: int, count: int, known: int) -> Any:
        if slot > count:
            return self.ar_zero
        policy = policy_extra(self.strategy, self.pair, count)
        apart = self.later is not None or self.later_value is not None
        unpaired, anything = self.known(count - 1, known, policy, slot > 1 and apart)
        if count < self.hands:
            p = self.p_pair(count - 1, known)
            return (p * self.expected(slot, count + 1, known) + unpaired
                    + (1 - p) * self.expected(slot + 1, count, known + 1))
        return anything + self.expected(slot + 1, count, known)

    def value(self) -> Any:
        return self.expected(1, 2, 0)


def split_value(rules: Rules, values: UpcardValues, strategy: str, pair: int, pair_state: Any, max_cards: int,
                hand_value: Optional[Callable[[int, Composition], Any]] = None,
                play: Optional[SplitPlay] = None, later: Optional[SplitPlay] = None,
                later_value: Optional[Callable[[int, Composition], Any]] = None,
                split_doubles: Optional[Callable[[int, bool], bool]] = None) -> Optional[Any]:
    """Joint value of splitting ``pair`` (all hands, per unit initial bet), or None if the
    shoe cannot split it.

    ``pair_state`` (see :func:`bjcalc.game.calculator.pair_state`) counts the cards of the
    pair's rank left after the up card and one card of the pair, or, for the infinite
    deck, is the Fraction of the value's cards that are of the pair's rank.
    ``hand_value(node, policy)`` may replace the post-split strategy's value of a split
    hand's first two cards (the TD chart does); else ``play`` may choose the post-split
    strategy's first actions from other values (:class:`SplitPlay`: a strategy played on
    another shoe).  Give one of them at most: ``hand_value`` decides alone.  ``later`` plays
    the hands split off (the second and later hands) where they carry other chips than the
    first (Free Bet's free splits): their values and decider, on the same nodes; with
    ``hand_value``, ``later_value`` values those hands' first two cards.  ``split_doubles(hard,
    soft)`` says whether a split hand of that total may double (the round's variant, DAS
    included; None: the rules', DAS and :meth:`~bjcalc.core.rules.Rules.can_double`).
    """
    if isinstance(pair_state, Fraction):
        pair_left, pair_share = None, values.ar.convert(pair_state)
    else:
        pair_left, pair_share = pair_state, None
    split = _PairSplit(rules, values, strategy, pair, pair_left, pair_share, max_cards, hand_value, play, later,
                       later_value, split_doubles)
    if split.first(1, policy_extra(strategy, pair, 2)) is None:
        return None
    value = split.value()
    return value if values.ar.exact else np.float64(value)    # (floats: numpy's, whichever path made it)
