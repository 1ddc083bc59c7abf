"""Total-dependent (TD) basic strategy: the best strategy that looks only at totals.

A TD strategy decides, for each up card,

- hit or stand by the hand's total and softness (every hand, any number of cards),
- for a first-two-card hand, by total and softness: ``play`` (hit or stand as above),
  ``double`` or ``surrender``;
- for a pair it may split, by the pair, its full best play: ``stand``, ``hit`` (then play
  on by total), ``double``, ``split`` or ``surrender`` (single deck 7,7 v T stands where
  hard 14 hits).

With doubling on any number of cards (``double_after_hit``) or surrender at any time, a total
also has an *after-hit* entry: what a hand of three or more cards with that total does,
``double`` or ``surrender`` where it may (else hit or stand by the total's entry).  The chart
writes it after the total's code: ``H+D`` (two cards: hit; after a hit: double, else hit),
``Dh+D``, ``Rh+R`` (:data:`CODES`).

A split hand follows the same chart: its first two cards take the chart's
double where doubling after a split is allowed, and otherwise play on by total.
Where a variant puts another chip on the hands split off (Free Bet's free chip), they
follow the same chart and are valued for their own chip: each entry's hands are weighed
by chip in the search, and a double adds the chip the variant says for the hand's cards.
An entry that a hand may not take (doubling where the rules forbid it) falls back
to ``play``, as "Dh" and "Ds" do on a printed chart.

The strategy is found by coordinate ascent on its exact EV.  Each hit/stand entry
covers hands of one hard sum only, and drawing always raises the hard sum, so with
every other entry fixed the EV is ``constant + sum(reach(h) * value(h, action))``
over the hands h of that entry: the reach comes from lower sums, the values from
higher ones.  Choosing each entry's best action from the top sum down, and
recomputing the reach, never lowers the EV, and stops when no single entry can
be improved.  The EV is then that of the strategy, exactly.

Where a variant's chart also reads the number of cards (``Variant.td_by_cards``: Spanish 21,
whose 5-, 6- and 7-card 21s pay bonuses), each hit/stand and after-hit entry covers the hands
of one total, softness and card-count bucket: still of one hard sum, so the argument holds and
the chart writes codes by count (:func:`count_code`: ``S4``, ``D4``, ``Rh5``).  Where a
doubled hand may be given up after its card (Spanish 21's rescue), a rescue entry per total
and softness after the double's card joins them: a doubled hand stands or is rescued, so with
every other entry fixed the EV is a constant plus, over the doubled hands landing on that
total, their weight times the value of the entry's choice; each pass sets it to the better one.

A chart a player brings (a casino's card, a book's) is valued the same way, exactly, as
written: :func:`read_chart` reads it from CSV in the form ``bjcalc chart --format csv`` writes,
:func:`chart_strategy` checks every row, column and code against a game's rules and reads it,
and :func:`chart_game` (``Calculator.game(strategy=chart)``) gives its EV.
"""

from __future__ import annotations

import csv
import dataclasses
import itertools
import os
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence, cast

import numpy as np

from ..core.arithmetic import Arithmetic
from ..core.wagers import MONEY, WAGERS, Wager
from ..engine.hands import UNSPLIT, add
from ..engine.player import Chooser, LevelRows, UpcardValues
from ..core.actions import post_split_actions
from ..engine.shortage import FirstAction
from ..engine.splits import context_strategy, first_context, pair_cards, split_value

from ..core.errors import StrategyError
from ..core.rules import Rules
from .rounds import Assumptions, Game, GameResult, strategy_name

if TYPE_CHECKING:      # pandas is imported where a table is read
    import pandas as pd

__all__ = ["TotalDependentStrategy", "UpcardStrategy", "UpcardEvaluator", "total_dependent_game", "set_cell",
           "UP_ORDER", "UP_LABEL", "CODES", "TOTAL_CODES", "DAS_CODES", "AFTER_HIT_CODES", "AFTER_HIT_SUFFIXES",
           "split_after_hit", "strategy_code", "NOT_DEALT", "MAX_ROUNDS", "CHART_ROWS", "IMPLICIT_ROWS", "read_chart",
           "chart_strategy", "is_chart", "chart_play", "chart_game", "chart_assumptions", "check_up_cards",
           "JointSearch", "count_code", "count_code_words", "check_td_play", "das_codes_split", "after_double_row_parts",
           "two_card_code", "count_code_plays", "after_double_totals", "AFTER_DOUBLE_ROWS", "after_double_row", "AFTER_DOUBLE_STATES"]

PLAY, DOUBLE, SPLIT, SURRENDER = "play", "double", "split", "surrender"
STAND, HIT = "stand", "hit"      # a pair's own hit/stand decision (PLAY: by the total)
MAX_ROUNDS = 20


def _hs_key(nodes, by_cards: tuple[int, ...] = ()) -> np.ndarray:
    """Hit/stand entry of each node: total * 2 + soft; with ``by_cards`` (the card counts a bucket
    starts at), that times the number of buckets plus the node's bucket."""
    key = nodes.total * 2 + nodes.soft.astype(np.int64)
    if not by_cards:
        return key
    bucket = np.searchsorted(np.asarray(by_cards), np.maximum(nodes.cards, by_cards[0]), side="right") - 1
    return key * len(by_cards) + bucket


@dataclass
class UpcardStrategy:
    """The TD strategy against one up card."""

    up: int
    hits: dict[tuple[int, bool], bool] = field(default_factory=dict)      # (total, soft) -> hit?
    two_card: dict[tuple[int, bool], str] = field(default_factory=dict)   # (total, soft) -> action
    # pair value -> stand, hit, double, split or surrender (play: by the total's entries)
    pairs: dict[int, str] = field(default_factory=dict)
    # A doubling or surrendering pair's best other action, what the chart's Dh/Ds (stand or
    # hit) and Rh/Rs/Rp (stand, hit or split) fall back to where the first is not allowed.
    pair_fallbacks: dict[int, str] = field(default_factory=dict)
    # (total, soft) -> double or surrender: what a hand of three or more cards does where it may
    # (double_after_hit, surrender="any_time"); absent: hit or stand by ``hits``.
    after_hit: dict[tuple[int, bool], str] = field(default_factory=dict)
    # (total, soft) of a doubled hand after its card -> True where it is rescued (given up for the
    # original bet, Spanish 21's double-down rescue); absent: it stands.  After a redouble's card
    # the keys are (total, soft, j), j the double's number (2, 3): a hand staking 4 or 8 gives up
    # more by standing than one staking 2, so each double has its own table.
    rescue: dict[tuple, bool] = field(default_factory=dict)
    # The same keys -> True where the doubled hand doubles again (a redouble, where the round
    # offers one and the hand may draw; a rescue entry first); absent: it stands.
    redouble: dict[tuple, bool] = field(default_factory=dict)
    # The card counts the hit/stand and after-hit entries are by (Variant.td_by_cards): their keys
    # are then (total, soft, count), a count standing for that many cards up to the next one's.
    by_cards: tuple[int, ...] = ()

    def hits_at(self, total: int, soft: bool, cards: int = 2) -> bool:
        """Whether the strategy hits a hand of this total, softness and number of cards.

        >>> s = UpcardStrategy(10, hits={(16, False, 2): False, (16, False, 4): True}, by_cards=(2, 4))
        >>> s.hits_at(16, False, 3), s.hits_at(16, False, 5), UpcardStrategy(10).hits_at(16, False)
        (False, True, True)
        """
        return self.hits.get(self.entry_for(total, soft, cards), total < 17)

    def entry_for(self, total: int, soft: bool, cards: int = 2) -> tuple:
        """The key of the hit/stand and after-hit entries of such a hand."""
        if not self.by_cards:
            return (total, soft)
        return (total, soft, max(b for b in self.by_cards if b <= max(cards, self.by_cards[0])))

    def copy(self) -> "UpcardStrategy":
        """A copy whose entries can change alone (the entries are plain values: a copy of each
        dict is a deep copy, at a small part of ``copy.deepcopy``'s cost).

        >>> s = UpcardStrategy(10, hits={(16, False): True})
        >>> t = s.copy(); t.hits[(16, False)] = False
        >>> s.hits[(16, False)], t.hits[(16, False)]
        (True, False)
        """
        copies: dict[str, Any] = {f.name: dict(getattr(self, f.name)) for f in dataclasses.fields(self)
                                  if isinstance(getattr(self, f.name), dict)}
        return dataclasses.replace(self, **copies)


class _UpcardSearch:
    """Coordinate ascent for one up card, on the engine's arrays."""

    def __init__(self, calc: "Game", values: UpcardValues, deals: dict):
        self.calc, self.v, self.rules = calc, values, calc.rules
        nodes = self.nodes = values.nodes
        ar = calc.ar
        self.by_cards = calc.round.variant.td_by_cards
        self.key = _hs_key(nodes, self.by_cards)
        self.n_keys = 22 * 2 * max(1, len(self.by_cards))
        check_td_play(calc)
        # A doubled hand's rescue and redouble, decided by its total after the double's card (the
        # rescue and redouble tables): the double's values by whoever chooses, each node's key.
        chain = values.after_double
        self.after_double = chain if chain is not None and chain.after.offers_more else None
        self.rescue_key = nodes.total * 2 + nodes.soft.astype(np.int64)
        self.double = values.double       # (money hands' double values under the strategy's rescue table)
        n = len(nodes)
        # Initial hands (empty context): node, deal probability, whether the pair may split.
        self.initial: list[tuple[int, Any, bool, Any]] = []   # node, weight, is_pair, split key
        for (hand, split_key), p in deals.items():
            node = nodes.node(add(add((0,) * 10, hand[0]), hand[1]), UNSPLIT)
            if sorted(hand) == [1, 10]:
                continue
            self.initial.append((node, ar.convert(p), hand[0] == hand[1], split_key))
        # Post-split first-two-card nodes: (first node, pair, [(card, node, allowed actions)]).
        self.split_hands: dict[int, tuple[int, list]] = {}
        if self.rules.splits:
            for pair in range(1, 11):
                first = nodes.find(pair_cards(pair, 1), first_context(context_strategy(calc.split_strategy), pair))
                if first is None:
                    continue
                seconds = []
                for card in range(1, 11):
                    node = int(nodes.child[first, card - 1])
                    if node >= 0:
                        hard, soft = int(nodes.hard[node]), bool(nodes.soft[node])
                        allowed = post_split_actions(self.rules, pair, hard, soft,
                                                     max_cards=values.nodes.space.max_cards,
                                                     may_double=calc.round.split_doubles(hard, soft))
                        seconds.append((card, node, allowed))
                self.split_hands[pair] = (first, seconds)
        self.surrender = {node: calc.round.surrender(values.blackjack[node]) for node, *_ in self.initial}
        self.zero = ar.zeros(n)
        self._rows: dict[str, LevelRows] = {}      # (by chip: see _level_rows)
        # Other chips (Free Bet's): the hands split off play the same chart for their own chip.
        self.round = calc.round
        self.chips = not calc.round.money_only
        self.chip_values = {name: values if name == MONEY.name else calc.round.chip_values(values.up, WAGERS[name])
                            for name in calc.round.engines}
        # Doubling or surrendering after a hit: the engine's after-hit actions by node, and each
        # chip's values of them (a double counts the chip it adds: Free Bet's free double of a
        # hard 9-11 after a hit).
        self.may_after: dict[str, Any] = {DOUBLE: values.may_double, SURRENDER: values.may_surrender}
        self.after_values: dict[str, dict[str, Any]] = {
            name: {DOUBLE: chip.double, SURRENDER: chip.surrender} for name, chip in self.chip_values.items()}
        if self.after_double is not None and self.chips:
            raise StrategyError("TD play with free chips does not follow a rescue after a double")
        self.after_rules = any(a is not None and a.any() for a in self.may_after.values())
        if self.chips and values.may_surrender is not None and values.may_surrender.any():
            raise StrategyError("TD play with free chips does not follow surrender after a hit")
        # Entries no hand reaches under the strategy still get a sensible chart entry: the one
        # best for hands held by a player who hits everything.
        self.fallback_reach = self.reach(UpcardStrategy(values.up, by_cards=self.by_cards),
                                         np.ones(self.n_keys, dtype=bool))

    # -- entries and keys ------------------------------------------------------------------------
    def entry_of(self, key: int) -> tuple:
        """The hit/stand entry of a key: (total, soft), or (total, soft, count) by card count."""
        if not self.by_cards:
            return (key // 2, bool(key % 2))
        base, bucket = divmod(key, len(self.by_cards))
        return (base // 2, bool(base % 2), self.by_cards[bucket])

    def key_of(self, entry: tuple) -> int:
        """The key of a hit/stand entry (:meth:`entry_of`'s inverse)."""
        base = entry[0] * 2 + int(entry[1])
        return base if not self.by_cards else base * len(self.by_cards) + self.by_cards.index(entry[2])

    # -- the rescue table ------------------------------------------------------------------------
    def use_rescue(self, strategy: UpcardStrategy) -> None:
        """Value money hands' doubles by ``strategy``'s rescue and redouble tables (where the
        variant offers them): after a double's card a hand whose (total, soft) the rescue table
        names is rescued where the round allows it then, else one the redouble table names doubles
        again where it may, else it stands."""
        if self.after_double is None:
            return
        self.double = self.after_double.value(self._table_choice(strategy))
        self.after_values[MONEY.name][DOUBLE] = self.double

    def _after_keys(self, j: int) -> np.ndarray:
        """Each node's rescue and redouble entry after the ``j``-th double's card (:func:`_after_key`)."""
        return (j - 1) * AFTER_KEYS_PER_DOUBLE + self.rescue_key

    def _table_choice(self, strategy: UpcardStrategy) -> "Chooser":
        """The chooser (:class:`~bjcalc.engine.player.DoubleChain`) that plays ``strategy``'s
        rescue and redouble tables at every node by its total and softness."""
        tables = {}
        for name, entries in (("rescue", strategy.rescue), ("redouble", strategy.redouble)):
            table = np.zeros(AFTER_KEYS, dtype=bool)
            for entry, chosen in entries.items():
                table[_after_key(entry)] = chosen
            tables[name] = table

        def choose(j: int, options: Sequence[tuple[str, np.ndarray, Optional[np.ndarray]]]) -> np.ndarray:
            chosen = np.zeros(len(self.rescue_key), dtype=np.int64)
            taken = np.zeros(len(self.rescue_key), dtype=bool)
            for code, (name, _, allowed) in enumerate(options):
                if name in tables:
                    mask = tables[name][self._after_keys(j)] & ~taken & (True if allowed is None else allowed)
                    chosen[mask] = code
                    taken |= mask
            return chosen
        return choose

    def _doubling(self, strategy: UpcardStrategy, reach: np.ndarray, after: "np.ndarray | None") -> np.ndarray:
        """Each node's chance that a hand doubles there (joint, per round): two-card hands, split
        hands' first two cards and (``after``: the after-hit actions by node) hands after a hit."""
        v, nodes, ar = self.v, self.nodes, self.calc.ar
        doubling = ar.zeros(len(nodes))
        for node, p, is_pair, split_key in self.initial:
            action = self.initial_action(node, is_pair, split_key, strategy)
            if action == DOUBLE and action in self.allowed_initial(node, is_pair, split_key):
                doubling[node] = doubling[node] + p
            elif action == SPLIT:
                pair = int(nodes.hand[node].argmax()) + 1
                first, seconds = self.split_hands[pair]
                for card, kid, allowed in seconds:
                    if self.post_split_action(kid, allowed, strategy.two_card) == DOUBLE:
                        doubling[kid] = doubling[kid] + 2 * p * v.draw[first, card - 1]
        if after is not None:
            doubling = np.where(after == 2, doubling + reach, doubling)
        return doubling

    def _landing(self, weights: np.ndarray) -> np.ndarray:
        """Each node's chance that a hand lands there by one card from nodes of ``weights``."""
        v, nodes = self.v, self.nodes
        going = np.flatnonzero(weights != 0)
        kids = nodes.child[going].T          # (card by card, as the sums run)
        ok = kids >= 0
        landed = (weights[going][:, None] * v.draw[going]).T[ok]
        if landed.dtype != object:          # (floats: one pass, the same sums in the same order)
            return np.bincount(kids[ok], weights=landed, minlength=len(nodes))
        landing = self.calc.ar.zeros(len(nodes))
        np.add.at(landing, kids[ok], landed)
        return landing

    def _improve_redoubles(self, strategy: UpcardStrategy, doubling: np.ndarray) -> bool:
        """Choose the rescue and redouble entries where a doubled hand may double again: each
        entry (a doubled hand's total and softness after a double's card, at every double) stands,
        is rescued, redoubles or both (rescued where the round allows it then, else redoubled).
        Each entry's gain is weighed at every double by the hands that land there and the values
        after the next double (the others fixed, :meth:`_after_double_gains`); the changes that gain
        are kept where the game's doubles together gain exactly, else the first single one that
        does.  True if an entry changed.  An entry no doubled hand reaches takes the state better
        for most hands of its total (as the rescue table's do): a redouble's worth shows only once
        some hand doubles into it, and a double only once its redoubles are in the table."""
        ar, chain = self.calc.ar, self.after_double
        assert chain is not None
        gains, most, reached, possible = self._after_double_gains(strategy, doubling)
        changes: list[tuple[Any, tuple, tuple[bool, bool]]] = []
        unreached: list[tuple[Any, tuple, tuple[bool, bool]]] = []
        for key in np.flatnonzero(possible).tolist():
            entry = _after_entry(key)
            current = AFTER_DOUBLE_STATES.index((strategy.rescue.get(entry, False), strategy.redouble.get(entry, False)))
            scores = gains if reached[key] else most
            best = current
            for index in range(len(AFTER_DOUBLE_STATES)):
                if ar.better(scores[index][key], scores[best][key]):
                    best = index
            if best != current:
                (changes if reached[key] else unreached).append(
                    (scores[best][key] - scores[current][key], entry, AFTER_DOUBLE_STATES[best]))
        _set_after_double(strategy, unreached)        # (no hand's value changes)
        if changes:
            def worth(candidate: UpcardStrategy) -> Any:
                return (doubling * chain.value(self._table_choice(candidate))).sum()

            before = worth(strategy)
            changes.sort(key=lambda change: -float(change[0]))
            for chosen in [changes] + [[change] for change in changes]:
                candidate = strategy.copy()
                _set_after_double(candidate, chosen)
                if ar.better(worth(candidate), before):
                    strategy.rescue, strategy.redouble = candidate.rescue, candidate.redouble
                    self.use_rescue(strategy)
                    return True
        if unreached:
            self.use_rescue(strategy)
        return bool(unreached)

    def _after_double_gains(self, strategy: UpcardStrategy, doubling: np.ndarray
                            ) -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray, np.ndarray]:
        """For each state of :data:`AFTER_DOUBLE_STATES`, each entry's gain (by
        :func:`_after_key`) over what ``strategy`` plays there, summed over the doubles at which
        hands land on it (joint, from the doubles of ``doubling``), the others fixed; the net
        count of its hands that gain by it less those that lose (a hand after the ``j``-th double
        holds ``2 + j`` cards or more), whether reached or not; which entries are reached; and
        which a doubled hand can have at all."""
        ar, chain, nodes = self.calc.ar, self.after_double, self.nodes
        assert chain is not None
        gains = [ar.zeros(AFTER_KEYS) for _ in AFTER_DOUBLE_STATES]
        most = [np.zeros(AFTER_KEYS) for _ in AFTER_DOUBLE_STATES]
        reached, possible = np.zeros(AFTER_KEYS, dtype=bool), np.zeros(AFTER_KEYS, dtype=bool)
        landing = self._landing(doubling)
        for j, (options, chosen) in enumerate(chain.levels(self._table_choice(strategy)), 1):
            key = self._after_keys(j)
            held = nodes.cards >= 2 + j         # (the hands a doubled hand can be after this double)
            possible[key[held]] = True
            named = {name: (values, allowed) for name, values, allowed in options}
            now = np.stack([values for _, values, _ in options])[chosen, np.arange(len(chosen))]
            for index, (rescue, redouble) in enumerate(AFTER_DOUBLE_STATES):
                value = named["stand"][0]
                if redouble and "redouble" in named:
                    values, allowed = named["redouble"]
                    value = np.where(allowed, values, value) if allowed is not None else values
                if rescue and "rescue" in named:
                    value = named["rescue"][0]
                np.add.at(gains[index], key, landing * (value - now))
                vote = np.asarray(ar.better(value, now), dtype=int) - np.asarray(ar.better(now, value), dtype=int)
                np.add.at(most[index], key[held], vote[held])
            np.add.at(reached, key, landing != 0)
            redoubled = [code for code, (name, _, _) in enumerate(options) if name == "redouble"]
            if not redoubled:
                break
            landing = self._landing(np.where(chosen == redoubled[0], landing, 0 * landing))
        return gains, most, reached, possible

    def _improve_rescue(self, strategy: UpcardStrategy, reach: np.ndarray, after: "np.ndarray | None") -> bool:
        """Choose each rescue entry by the doubled hands that reach it (the others fixed): where
        the strategy doubles (two-card hands, split hands' first two cards, after a hit) each next
        card leads to a doubled hand, rescued or standing by its total.  True if an entry changed."""
        ar = self.calc.ar
        assert self.after_double is not None        # (only where the variant offers a rescue)
        doubling = self._doubling(strategy, reach, after)
        if self.after_double.after.doubles > 1:
            return self._improve_redoubles(strategy, doubling)
        landing = self._landing(doubling)
        [(_, standing, _), (_, rescued, _)] = self.after_double.options(1, None)
        gains = ar.zeros(22 * 2)
        np.add.at(gains, self.rescue_key, landing * (rescued - standing))
        reached = np.zeros(22 * 2, dtype=bool)
        np.add.at(reached, self.rescue_key, landing != 0)
        fallback = ar.zeros(22 * 2)        # (an entry no doubled hand reaches: the better for most hands)
        np.add.at(fallback, self.rescue_key, np.sign((rescued - standing).astype(float)))
        changed = False
        for key in range(22 * 2):
            entry = (key // 2, bool(key % 2))
            gain = gains[key] if reached[key] else fallback[key]
            now = strategy.rescue.get(entry, False)
            choose = True if ar.better(gain, 0) else False if ar.better(0, gain) else now
            if choose != now:
                changed = True
                if choose:
                    strategy.rescue[entry] = True
                else:
                    strategy.rescue.pop(entry, None)
        if changed:
            self.use_rescue(strategy)
        return changed

    # -- evaluation of a fixed strategy -------------------------------------------------------
    def _values(self, own: Wager) -> UpcardValues:
        """The values of hands carrying ``own`` (the money chip's: :attr:`v`)."""
        return self.v if own == MONEY else self.chip_values[own.name]

    def _level_rows(self, own: Wager) -> LevelRows:
        """The hit values by level of hands carrying ``own`` (their rows gathered once per search)."""
        rows = self._rows.get(own.name)
        if rows is None:
            rows = self._rows[own.name] = LevelRows(self._values(own))
        return rows

    def later_chip(self, pair: int) -> Wager:
        """The chip on the hands split off ``pair``."""
        return self.round.variant.split_wager(self.rules, pair) if self.chips else MONEY

    def play_values(self, hit_entry: np.ndarray, after_entry: "np.ndarray | None" = None,
                    own: Wager = MONEY) -> np.ndarray:
        """Node values when hitting by ``hit_entry`` (bool per key) and, with ``after_entry``
        (:meth:`_after_entry`), doubling or surrendering after a hit by it (of hands carrying
        ``own``)."""
        v, nodes = self._values(own), self.nodes
        value = self.zero.copy()
        hits = (hit_entry[self.key] | v.must_hit) & v.can_hit
        after = self.after_nodes(after_entry)
        for level in nodes.levels:
            if len(level):
                hitting = level[hits[level]]      # (only they need a hit's value: exact sums cost)
                value[level] = v.stand[level]
                if len(hitting):
                    value[hitting] = v.hit_with(value, hitting)
                self._apply_after(value, level, after, own)
        return value

    def after_nodes(self, after_entry: "np.ndarray | None") -> "np.ndarray | None":
        """The after-hit action each node takes (0 none, 2 double, 3 surrender, as
        :data:`~bjcalc.engine.player.NODE_ACTIONS`) where the rules let it, from ``after_entry``
        (a code per key); None when no node may."""
        if not self.after_rules or after_entry is None:
            return None
        code = after_entry[self.key]
        allowed = ((code == 2) & self.may_after[DOUBLE]) | ((code == 3) & self.may_after[SURRENDER])
        return np.where(allowed, code, 0)

    def _apply_after(self, value: np.ndarray, level: np.ndarray, after: "np.ndarray | None",
                     own: Wager = MONEY) -> None:
        """Put the after-hit actions ``after`` takes at ``level`` into ``value`` (of hands carrying
        ``own``)."""
        if after is None:
            return
        codes = after[level]
        if codes.any():
            values = self.after_values[own.name]
            value[level] = np.where(codes == 2, values[DOUBLE][level],
                                    np.where(codes == 3, values[SURRENDER][level], value[level]))

    def split_value(self, pair: int, split_key: Any, value: np.ndarray, strategy: UpcardStrategy,
                    chip_value: "dict[str, np.ndarray] | None" = None) -> Any:
        """Value of splitting (every hand, resplits included) when split hands follow the chart
        (refused where the chart's split round can run out of cards on a tiny shoe); where the
        hands split off carry other chips, ``chip_value`` holds their play values by chip."""
        nodes = self.nodes
        two_card = strategy.two_card
        later = self.later_chip(pair)

        def allowed_at(node: int) -> tuple:
            hard, soft = int(nodes.hard[node]), bool(nodes.soft[node])
            return post_split_actions(self.rules, pair, hard, soft, max_cards=nodes.space.max_cards,
                                      may_double=self.calc.round.split_doubles(hard, soft))

        def hand_value(node: int, policy: Any) -> Any:
            return self.action_value(node, self.post_split_action(node, allowed_at(node), two_card), value,
                                     split_hand=True)

        def later_value(node: int, policy: Any) -> Any:
            assert chip_value is not None
            return self.action_value(node, self.post_split_action(node, allowed_at(node), two_card),
                                     chip_value[later.name], own=later, split_hand=True)

        def decisions() -> tuple[FirstAction, np.ndarray]:
            plays = self.node_plays(strategy)
            first_node = self.split_hands[pair][0]

            def first(count: int, card: int) -> "tuple[int, int] | None":
                node = int(nodes.child[first_node, card - 1])
                if node < 0:
                    return None
                action = self.post_split_action(node, allowed_at(node), two_card)
                return node, {STAND: 0, DOUBLE: 2}.get(action, int(plays[node]))

            return first, plays

        if pair in self.split_hands:
            self.calc.round.check_split(self.v, pair, split_key, decisions)
        return split_value(self.rules, self.v, context_strategy(self.calc.split_strategy), pair, split_key,
                           nodes.space.max_cards, hand_value, later_value=later_value if self.chips else None,
                           split_doubles=self.calc.round.split_doubles)

    def node_plays(self, strategy: UpcardStrategy) -> np.ndarray:
        """Each node's action under the chart once a hand plays on there (an index of
        :data:`~bjcalc.engine.player.NODE_ACTIONS`)."""
        v = self.v
        plays = ((self._hit_entry(strategy)[self.key] | v.must_hit) & v.can_hit).astype(np.uint8)
        after = self.after_nodes(self._after_entry(strategy))
        return plays if after is None else np.where(np.isin(after, (2, 3)), after, plays).astype(np.uint8)

    def post_split_action(self, node: int, allowed: tuple, two_card: dict) -> str:
        entry = two_card.get(self.entry(node), PLAY)
        if entry == DOUBLE and "double" in allowed:
            return DOUBLE
        return PLAY if "hit" in allowed else "stand"

    def entry(self, node: int) -> tuple[int, bool]:
        return int(self.nodes.total[node]), bool(self.nodes.soft[node])

    def action_value(self, node: int, action: str, value: np.ndarray, split: Any = None, own: Wager = MONEY,
                     split_hand: bool = False) -> Any:
        """The value of ``action`` at ``node`` for a hand carrying ``own`` (``value``: that chip's
        play values; ``split_hand``: a split hand's first two cards); a double adds the
        variant's chip for the hand's cards."""
        v = self._values(own)
        if action == PLAY:
            return value[node]
        if action == STAND:
            return v.stand[node]
        if action == HIT:
            return v.hit_with(value, np.array([node]))[0]
        if action == DOUBLE:
            if self.chips:
                return self.round.double_column(self.v, own, split_hand)[node]
            return self.double[node]
        if action == SURRENDER:
            return self.surrender[node]
        return split

    def initial_action(self, node: int, is_pair: bool, split_key: Any, strategy: UpcardStrategy) -> str:
        """The strategy's first action for this hand, or its fallback where that is not allowed."""
        pair = int(self.nodes.hand[node].argmax()) + 1
        if is_pair and split_key is not None and pair in strategy.pairs:
            action = strategy.pairs[pair]
            allowed = self.allowed_initial(node, is_pair, split_key)
            if action not in allowed:
                action = strategy.pair_fallbacks.get(pair, PLAY)
            return action if action in allowed else PLAY
        return strategy.two_card.get(self.entry(node), PLAY)

    def allowed_initial(self, node: int, is_pair: bool, split_key: Any) -> list[str]:
        """The first actions a hand may take: ``play`` (by the totals' entries) always; a pair
        it may split also stand and hit by its own entry."""
        key = split_key if is_pair else None
        offered = self.calc.round.offers(self.v, node, key)      # (the round's offers, in its order)
        pair = int(self.nodes.hand[node].argmax()) + 1
        allowed = [PLAY] + [action for action in offered if action in (STAND, HIT) and key is not None
                            or action in (DOUBLE, SURRENDER) or action == SPLIT and pair in self.split_hands]
        return allowed

    # -- the search ---------------------------------------------------------------------------
    def reach(self, strategy: UpcardStrategy, hit_entry: np.ndarray,
              after_entry: "np.ndarray | None" = None, own: "Wager | None" = None) -> np.ndarray:
        """Probability-weighted count of how often each node is held and played on by total
        (``own``: by hands carrying that chip only, the unsplit hand and a split's first hand
        carrying money; None: every hand)."""
        v, nodes, ar = self.v, self.nodes, self.calc.ar
        reach = ar.zeros(len(nodes))
        playing = np.zeros(len(nodes), dtype=bool)
        for node, p, is_pair, split_key in self.initial:
            action = self.initial_action(node, is_pair, split_key, strategy)
            if own is not None and own != MONEY and action != SPLIT:
                continue
            if action == PLAY:
                reach[node] = reach[node] + p
                playing[node] = True
            elif action == HIT:     # a pair's own hit: its cards then play by the totals' entries
                for card in range(10):
                    kid = nodes.child[node, card]
                    if kid >= 0:
                        reach[kid] = reach[kid] + p * v.draw[node, card]
                        playing[kid] = True
            elif action == SPLIT:
                pair = int(nodes.hand[node].argmax()) + 1
                first, seconds = self.split_hands[pair]
                hands = 2 if own is None else (own == MONEY) + (self.later_chip(pair) == own)
                if not hands:
                    continue
                for card, child, allowed in seconds:
                    if self.post_split_action(child, allowed, strategy.two_card) == PLAY:
                        reach[child] = reach[child] + hands * p * v.draw[first, card - 1]
                        playing[child] = True
        hits = (hit_entry[self.key] | v.must_hit) & v.can_hit
        after = self.after_nodes(after_entry)
        if after is not None:      # a hand that doubles or surrenders after a hit plays on no more
            hits = hits & (after == 0)
        for level in reversed(nodes.levels):   # low hard sums first
            flowing = level[playing[level] & hits[level]]
            if not len(flowing):
                continue
            for card in range(10):
                kids = nodes.child[flowing, card]
                ok = kids >= 0
                np.add.at(reach, kids[ok], reach[flowing[ok]] * v.draw[flowing[ok], card])
                playing[kids[ok]] = True
        return np.where(playing, reach, self.calc.ar.scalar(0))

    def improve(self, strategy: UpcardStrategy) -> bool:
        """One top-down pass over every entry; True if anything changed."""
        v, nodes, ar = self.v, self.nodes, self.calc.ar
        self.use_rescue(strategy)
        hit_entry = self._hit_entry(strategy)
        after_entry = self._after_entry(strategy)
        # each kind of chip's hands: their values, their reach, their play values (money first)
        owners = [MONEY] + [WAGERS[name] for name in self.chip_values if name != MONEY.name]
        reaches = ([self.reach(strategy, hit_entry, after_entry)] if not self.chips else
                   [self.reach(strategy, hit_entry, after_entry, own) for own in owners])
        played = [self.zero.copy() for _ in reaches]
        reach, value = reaches[0], played[0]
        changed = False
        for index, level in enumerate(nodes.levels):   # hard 21 down
            if not len(level):
                continue
            hits_of = [self._level_rows(own).hit(mine, index) for own, mine in zip(owners, played)]
            diffs = [np.where(v.can_hit[level], h - self._values(own).stand[level], 0 * h)
                     for own, h in zip(owners, hits_of)]
            for key in np.unique(self.key[level]):
                members = self.key[level] == key
                if not v.can_hit[level][members].any():
                    continue
                weights = [r[level][members] for r in reaches]
                if not any((weight != 0).any() for weight in weights):
                    weights = [self.fallback_reach[level][members]] + [0 * w for w in weights[1:]]
                gain = sum((w * d[members]).sum() for w, d in zip(weights, diffs))
                choose = bool(v.must_hit[level][members].any() or ar.better(gain, 0))
                entry = self.entry_of(int(key))
                if self.after_rules:
                    choose, after = self._choose_after(level[members], owners, weights, [h[members] for h in hits_of],
                                                       [d[members] for d in diffs], choose,
                                                       strategy.after_hit.get(entry, PLAY))
                    if strategy.after_hit.get(entry, PLAY) != after:
                        if after == PLAY:
                            del strategy.after_hit[entry]
                        else:
                            strategy.after_hit[entry] = after
                        changed = True
                    assert after_entry is not None      # (the rules have after-hit actions)
                    after_entry[key] = {PLAY: 0, DOUBLE: 2, SURRENDER: 3}[after]
                if strategy.hits.get(entry, False) != choose:
                    strategy.hits[entry] = choose
                    changed = True
                hit_entry[key] = choose
            hits = (hit_entry[self.key[level]] | v.must_hit[level]) & v.can_hit[level]
            after_nodes = self.after_nodes(after_entry)
            for own, mine, h in zip(owners, played, hits_of):
                mine[level] = np.where(hits, h, self._values(own).stand[level])
                self._apply_after(mine, level, after_nodes, own)
        chip_value = {own.name: mine for own, mine in zip(owners, played)}
        changed |= self._improve_two_card(strategy, value, reach, chip_value)
        if self.after_double is not None:
            changed |= self._improve_rescue(strategy, reach, self.after_nodes(after_entry))
        return changed

    def _choose_after(self, nodes: np.ndarray, owners: list[Wager], weights: list[np.ndarray], hits: list[np.ndarray],
                      diffs: list[np.ndarray], hit_choice: bool, current: str) -> tuple[bool, str]:
        """The best (hit?, after-hit action) of one entry's hands ``nodes``, held by hands carrying
        each chip of ``owners`` with reach ``weights`` (hit values ``hits``, hit minus stand
        ``diffs``): each after-hit action where a hand may take it, the hit/stand entry (hit only
        if strictly better) for the others; ties keep ``current``."""
        v = self.v
        forced = bool(v.must_hit[nodes].any())

        def score(hits_entry: bool, applies: np.ndarray, action: "str | None") -> Any:
            taken = (hits_entry | v.must_hit[nodes]) & v.can_hit[nodes]
            total: Any = 0
            for own, weight, hit in zip(owners, weights, hits):
                played = np.where(taken, hit, self._values(own).stand[nodes])
                if action is not None:
                    played = np.where(applies, self.after_values[own.name][action][nodes], played)
                total = total + (weight * played).sum()
            return total

        none = np.zeros(len(nodes), dtype=bool)
        options = {PLAY: (hit_choice, score(hit_choice, none, None))}
        for action in (DOUBLE, SURRENDER):
            applies = self.may_after[action][nodes]
            if not applies.any():
                continue
            rest = ~applies
            if any((weight[rest] != 0).any() for weight in weights):   # (else unweighted: keep the entry's choice)
                hits_rest = forced or bool(self.calc.ar.better(sum((w[rest] * d[rest]).sum()
                                                                   for w, d in zip(weights, diffs)), 0))
            else:
                hits_rest = hit_choice
            options[action] = (hits_rest, score(hits_rest, applies, action))
        best = _best({a: s for a, (_, s) in options.items()}, current, self.calc.ar)
        return options[best][0], best

    def _improve_two_card(self, strategy: UpcardStrategy, value: np.ndarray, reach: np.ndarray,
                          chip_value: "dict[str, np.ndarray] | None" = None) -> bool:
        changed = False
        chip_value = chip_value or {MONEY.name: value}
        for entry, hands in self._two_card_hands(strategy).items():
            scores = self._two_card_scores(hands, self._two_card_candidates(hands), chip_value)
            changed |= _choose_two_card(strategy, entry, scores, self.calc.ar)
        for pair, scores in self._pair_scores(strategy, value, chip_value)[0].items():
            changed |= _choose_pair(strategy, pair, scores, self.calc.ar)
        return changed

    def _two_card_hands(self, strategy: UpcardStrategy) -> dict[tuple[int, bool], list[tuple[int, Any, Any, Wager]]]:
        """The hands each two-card entry (total, soft) covers: (node, weight, the split hand's
        allowed actions or None for an unsplit hand, chip).  Totals are shared by unsplit hands
        and, after a split, by split hands' first two cards."""
        members: dict[tuple[int, bool], list[tuple[int, Any, "tuple | None", Wager]]] = {}
        for node, p, is_pair, split_key in self.initial:
            if not (is_pair and split_key is not None):
                members.setdefault(self.entry(node), []).append((node, p, None, MONEY))
        for pair, (first, seconds) in self.split_hands.items():
            # (the first hand carries money; the hands split off their chip, apart where it differs)
            owners = [(MONEY, 2)] if self.later_chip(pair) == MONEY else [(MONEY, 1), (self.later_chip(pair), 1)]
            for card, node, allowed in seconds:
                for own, copies in owners:
                    weight = self._split_weight(strategy, pair, first, card, copies)
                    if weight != 0:
                        members.setdefault(self.entry(node), []).append((node, weight, allowed, own))
        return members

    def _two_card_candidates(self, hands: list) -> set[str]:
        """The first actions some hand of an entry may take (``play`` always)."""
        candidates = {PLAY}
        for node, _, allowed, _ in hands:
            candidates.update(self.allowed_initial(node, False, None) if allowed is None
                              else [a for a in (DOUBLE,) if a in allowed])
        return candidates

    def _two_card_scores(self, hands: list, candidates: Iterable[str], chip_value: dict[str, np.ndarray]) -> dict:
        """Each candidate action's weighted value over an entry's hands; each hand takes the
        candidate where it may, else plays on."""
        scores = {}
        for action in candidates:
            score = 0
            for node, weight, allowed, own in hands:
                if allowed is None:
                    effective = action if action in self.allowed_initial(node, False, None) else PLAY
                else:
                    effective = self.post_split_action(node, allowed, {self.entry(node): action})
                score = score + weight * self.action_value(node, effective, chip_value[own.name], own=own,
                                                           split_hand=allowed is not None)
            scores[action] = score
        return scores

    def _pair_scores(self, strategy: UpcardStrategy, value: np.ndarray,
                     chip_value: dict[str, np.ndarray], play: bool = False) -> tuple[dict, dict]:
        """Each splittable pair's actions, weighted by the deals, with split values under the chart;
        with ``play``, also each pair's value played on by total (what an action it may not
        take falls back to)."""
        pair_scores: dict[int, dict[str, Any]] = {}
        played: dict[int, Any] = {}
        for node, p, is_pair, split_key in self.initial:
            if not (is_pair and split_key is not None):
                continue
            pair = int(self.nodes.hand[node].argmax()) + 1
            split = (self.split_value(pair, split_key, value, strategy, chip_value) if pair in self.split_hands
                     else None)
            scores = pair_scores.setdefault(pair, {})
            # A pair is its own chart entry, with its own stand or hit (then play on by total).
            for action in self.allowed_initial(node, True, split_key):
                if action == PLAY or (action == SPLIT and split is None):
                    continue
                scores[action] = scores.get(action, 0) + p * self.action_value(node, action, value, split)
            if play:
                played[pair] = played.get(pair, 0) + p * value[node]
        return pair_scores, played

    def _split_weight(self, strategy: UpcardStrategy, pair: int, first: int, card: int, hands: int = 2) -> Any:
        """How often (probability-weighted) a split hand of this pair gets this second card
        (counting ``hands`` of the split's hands: both, or one apart)."""
        total = 0
        for node, p, is_pair, split_key in self.initial:
            if is_pair and split_key is not None and int(self.nodes.hand[node].argmax()) + 1 == pair \
                    and strategy.pairs.get(pair) == SPLIT:
                total = total + hands * p * self.v.draw[first, card - 1]
        return total

    def _after_entry(self, strategy: UpcardStrategy) -> "np.ndarray | None":
        """The after-hit action code of each key (0 none, 2 double, 3 surrender); None when the
        rules have no after-hit actions."""
        if not self.after_rules:
            return None
        entry = np.zeros(self.n_keys, dtype=np.uint8)
        for key, action in strategy.after_hit.items():
            entry[self.key_of(key)] = {DOUBLE: 2, SURRENDER: 3}.get(action, 0)
        return entry

    def _hit_entry(self, strategy: UpcardStrategy) -> np.ndarray:
        entry = np.zeros(self.n_keys, dtype=bool)
        for key, hit in strategy.hits.items():
            entry[self.key_of(key)] = hit
        return entry

    def search(self) -> UpcardStrategy:
        return _ascend(self.improve, self.v.up, self.by_cards)

    def round_values(self, strategy: UpcardStrategy) -> dict[tuple[int, Any], Any]:
        """Joint EV of each initial non-natural hand node under the strategy."""
        self.use_rescue(strategy)
        value = self.play_values(self._hit_entry(strategy), self._after_entry(strategy))
        chip_value = {name: value if name == MONEY.name else self.play_values(
            self._hit_entry(strategy), self._after_entry(strategy), WAGERS[name]) for name in self.chip_values}
        out = {}
        for node, p, is_pair, split_key in self.initial:
            action = self.initial_action(node, is_pair, split_key, strategy)
            pair = int(self.nodes.hand[node].argmax()) + 1
            split = None
            if action == SPLIT:
                split = self.split_value(pair, split_key, value, strategy, chip_value)
            if action not in self.allowed_initial(node, is_pair, split_key) or (action == SPLIT and split is None):
                action = PLAY
            out[(node, split_key)] = self.action_value(node, action, value, split)
        return out


class JointSearch:
    """Coordinate ascent for one chart column that several dealer situations share: the TD
    entries against a dealer *hand* (Double Exposure's, where both dealer cards are seen) cover
    every pair of cards making that hand, each a round of its own (its shoe, its dealer).

    ``members`` are :class:`UpcardEvaluator` objects, one per situation, and ``weights`` what
    each one's deal probabilities are multiplied by (the chance of its situation).  Each entry
    is chosen as :class:`_UpcardSearch` chooses it, on the weighted sum of the members' gains;
    the strategy's exact EV is each member's, weighed: the search only chooses the chart.
    Money hands only, with no doubling or surrender after a hit.  A column of one situation
    chooses as that up card's own search does:

    >>> from bjcalc import Calculator, Rules
    >>> member = UpcardEvaluator(Calculator(Rules(decks=1, max_split_hands=2)), 6)
    >>> JointSearch([member], [1]).search(6) == member.search.search()
    True
    """

    def __init__(self, members: "list[UpcardEvaluator]", weights: list[Any]):
        self.members = [(member.search, weight) for member, weight in zip(members, weights)]
        for search, _ in self.members:
            if search.chips or search.after_rules:
                raise StrategyError("a chart shared by several dealer hands follows money hands only, without "
                                    "doubling or surrender after a hit")

    def search(self, up: Any) -> UpcardStrategy:
        """The column's strategy (``up``: its label)."""
        return _ascend(self.improve, up)

    def improve(self, strategy: UpcardStrategy) -> bool:
        """One top-down pass over every entry, as :meth:`_UpcardSearch.improve`; True if anything changed."""
        ar = self.members[0][0].calc.ar
        states = []
        for search, weight in self.members:
            hit_entry = search._hit_entry(strategy)
            states.append((search, weight, hit_entry, search.reach(strategy, hit_entry), search.zero.copy()))
        changed = False
        for index in range(len(states[0][0].nodes.levels)):     # hard 21 down, alike in every member
            levels = []
            for search, _, _, _, played in states:
                level = search.nodes.levels[index]
                hit = search._level_rows(MONEY).hit(played, index) if len(level) else None
                levels.append((level, hit, None if hit is None else
                               np.where(search.v.can_hit[level], hit - search.v.stand[level], 0 * hit)))
            keys = sorted({int(k) for (search, *_), (level, _, _) in zip(states, levels)
                           for k in np.unique(search.key[level])})
            for key in keys:
                parts = []
                for (search, weight, _, reach, _), (level, _, diff) in zip(states, levels):
                    members = search.key[level] == key
                    if diff is not None and search.v.can_hit[level][members].any():
                        parts.append((search, weight, reach, level, members, diff))
                if not parts:
                    continue
                reached = any((reach[level][members] != 0).any() for _, _, reach, level, members, _ in parts)
                gain: Any = 0
                for search, weight, reach, level, members, diff in parts:
                    share = (reach if reached else search.fallback_reach)[level][members]
                    gain = gain + weight * (share * diff[members]).sum()
                forced = any(search.v.must_hit[level][members].any() for search, _, _, level, members, _ in parts)
                choose = bool(forced or ar.better(gain, 0))
                entry = (key // 2, bool(key % 2))
                if strategy.hits.get(entry, False) != choose:
                    strategy.hits[entry] = choose
                    changed = True
                for state in states:
                    state[2][key] = choose
            for (search, _, hit_entry, _, played), (level, hit, _) in zip(states, levels):
                if hit is not None:
                    hits = (hit_entry[search.key[level]] | search.v.must_hit[level]) & search.v.can_hit[level]
                    played[level] = np.where(hits, hit, search.v.stand[level])
        values = [(search, weight, {MONEY.name: played}) for search, weight, _, _, played in states]
        hands = [(search, weight, chips, search._two_card_hands(strategy)) for search, weight, chips in values]
        for entry in sorted({entry for *_, by_entry in hands for entry in by_entry}):
            covered = [(search, weight, chips, by_entry[entry]) for search, weight, chips, by_entry in hands
                       if entry in by_entry]
            candidates = set().union(*(search._two_card_candidates(of) for search, _, _, of in covered))
            scores: dict[str, Any] = {}
            for search, weight, chips, of in covered:
                for action, score in search._two_card_scores(of, sorted(candidates), chips).items():
                    scores[action] = scores.get(action, 0) + weight * score
            changed |= _choose_two_card(strategy, entry, scores, ar)
        scored = [(weight, *search._pair_scores(strategy, chips[MONEY.name], chips, play=True))
                  for search, weight, chips in values]
        for pair in sorted({pair for _, scores_of, _ in scored for pair in scores_of}):
            actions = sorted({action for _, scores_of, _ in scored for action in scores_of.get(pair, {})})
            joint: dict[str, Any] = {}
            for weight, scores_of, played_of in scored:
                if pair in scores_of:       # (an action a member may not take: it plays on by total)
                    for action in actions:
                        joint[action] = joint.get(action, 0) + weight * scores_of[pair].get(action, played_of[pair])
            changed |= _choose_pair(strategy, pair, joint, ar)
        return changed


UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
UP_LABEL = {1: "A", 10: "T"}
DAS_CODES = ("Ph", "Ps", "Pdh", "Pds", "Prh", "Prs", "Prp")
"""Pair codes for "split if doubling after a split is allowed, else ...": ``P`` then the code
the pair takes without DAS, in lower case (``Prp``: split with DAS; without, surrender,
else split)."""
CODES = ("H", "S", "D", "Dh", "Ds", "P", "R", "Rh", "Rs", "Rp") + DAS_CODES + ("Pd",)
"""Chart codes :meth:`TotalDependentStrategy.from_chart` reads: H hit, S stand, D double, P split,
R surrender; the letters after the first say what to do where it is not allowed (``Rh``:
surrender, else hit); a pair code of ``P`` and more letters (:data:`DAS_CODES`) splits only
where doubling after a split is allowed, else reads on (``Pd``: else double, an older form
of ``Pdh``/``Pds``).  ``D``/``R`` alone leave the total's hit/stand entry at its default
(hit below 17).  A total's code may end in one of :data:`AFTER_HIT_CODES`: ``+D`` (a hand of
three or more cards doubles, where ``double_after_hit`` lets it) or ``+R`` (surrenders, with
``surrender="any_time"``; unsplit hands), else hits or stands by the code."""
TOTAL_CODES = ("H", "S", "D", "Dh", "Ds", "R", "Rh", "Rs")
"""The codes of :data:`CODES` a total's row takes (before an after-hit suffix): a split code is a
pair's, and ``Rp`` (surrender, else split) too."""
AFTER_HIT_CODES = ("+D", "+R")
"""Suffixes of a total's chart code for hands of three or more cards: double, surrender."""

AFTER_HIT_SUFFIXES = AFTER_HIT_CODES + ("+H", "+S", "+Dh", "+Ds", "+Rh", "+Rs")
"""Every suffix a printed total's code may end in: :data:`AFTER_HIT_CODES`, and the play after
a hit or a split where it differs from the code's letter (a surrender code's letter being the
play where surrender is not offered): ``+H``/``+S``, or ``+Dh`` ... ``+Rs``."""


def split_after_hit(code: str) -> tuple[str, str]:
    """A code's two-card part and its after-hit suffix (``""`` if none).

    >>> split_after_hit("Dh+D"), split_after_hit("Rh"), split_after_hit("Rh+S")
    (('Dh', '+D'), ('Rh', ''), ('Rh', '+S'))
    """
    plus = code.find("+")
    return (code[:plus], code[plus:]) if plus > 0 and code[plus:] in AFTER_HIT_SUFFIXES else (code, "")


def strategy_code(code: str) -> str:
    """A printed code as the strategy writes it (:meth:`TotalDependentStrategy.chart`): one
    hit/stand letter, the play after a hit or a split, which a surrender code's last letter then
    carries (the strategy holds no separate play for where surrender is not offered).

    >>> strategy_code("Rh+S"), strategy_code("Rh+Ds"), strategy_code("Dh+D"), strategy_code("Prp")
    ('Rs', 'Rs+D', 'Dh+D', 'Prp')
    """
    two, after = split_after_hit(code)
    if len(after) == 3:
        return two[:-1] + after[2] + after[:2]
    if after in ("+H", "+S"):
        return two[:-1] + after[1].lower()
    return code


_COMPLEMENT = {"H": "S", "S": "H"}


def count_code(letters: list[str], fallback: str, by_cards: tuple[int, ...]) -> str:
    """A total's chart code by the number of cards: ``letters`` the play with each count of
    ``by_cards`` (``H``, ``S``, ``D``, or ``Ds`` where a hand that may not double stands; the
    first, two cards, may be ``R``), ``fallback`` the two-card hit or stand where a double or
    surrender is not allowed.  One play: its code (``H``,
    ``Dh``, ``Rs``); a switch to the other of hit and stand from some count on: that count after
    it (``S4``: stand, but hit with 4 or more cards; ``Rh5``: surrender, else hit, but stand with 5
    or more); doubling on to some count: ``D4`` (double with 2 or 3 cards, else hit; ``D4s``: else
    stand); anything else: each count's play, ``H/D/H/H/S/S``.

    >>> counts = (2, 3, 4, 5, 6, 7)
    >>> count_code(list("SSHHHH"), "S", counts), count_code(list("RHHSSS"), "H", counts)
    ('S4', 'Rh5')
    >>> count_code(list("DDHHHH"), "H", counts), count_code(list("DHHHHH"), "H", counts)
    ('D4', 'Dh')
    >>> count_code(list("HDHHSS"), "H", counts)
    'H/D/H/H/S/S'
    """
    first, tail = letters[0], letters[1:]
    head = first if first in "HS" else first + fallback.lower()
    implied = first if first in "HS" else fallback
    if all(letter == implied for letter in tail):
        return head
    switch = next(i for i, letter in enumerate(tail) if letter != implied)
    if all(letter == _COMPLEMENT[implied] for letter in tail[switch:]):
        return f"{head}{by_cards[switch + 1]}"
    if first == "D":     # (D4: its doubles fall back as its two cards do, D a hit, Ds a stand)
        doubled = next((i for i, letter in enumerate(tail) if letter != ("D" if fallback == "H" else "Ds")), len(tail))
        rest = tail[doubled:]
        if doubled and rest and rest[0] == fallback and all(letter == rest[0] for letter in rest):
            return f"D{by_cards[doubled + 1]}" + ("" if rest[0] == "H" else "s")
    return "/".join([head] + tail)


def count_code_words(code: str, by_cards: tuple[int, ...] = (2, 3, 4, 5, 6, 7)) -> "str | None":
    """What a code of :func:`count_code` (or a rescue table cell) says, in words; None for a code
    of the ordinary charts.

    >>> count_code_words("S4"), count_code_words("D4s")
    ('stand, but hit with 4 or more cards', 'double with 2 or 3 cards, else stand')
    >>> count_code_words("Ds3")
    'double, else stand, but hit with 3 or more cards'
    >>> count_code_words("Rh5")
    'surrender, else hit, but stand with 5 or more cards'
    >>> count_code_words("≤16")[:40]
    'rescue a doubled hand of this total or l'
    """
    words = {"H": "hit", "S": "stand", "D": "double", "R": "surrender"}
    if code.startswith("≤"):
        return "rescue a doubled hand of this total or less (after the double's card, give it up for the original bet)"
    if code == "no":
        return "none: no doubled hand is rescued (a rescue row) or doubled again (a redouble row)"
    if code.startswith("DD"):
        return "double a doubled hand of these totals again (after the double's card, a redouble)"
    if code.replace(",", "").replace("-", "").isdigit():
        return "rescue a doubled hand of these totals (after the double's card, give it up for the original bet)"
    if "/" in code:
        counts = [str(c) for c in by_cards[:-1]] + [f"{by_cards[-1]}+"]
        return "by the number of cards, " + ", ".join(
            f"{n}: {words[part[0]]}" + (f" (else {words[part[1].upper()]})" if len(part) == 2 else "")
            for n, part in zip(counts, code.split("/")))
    found = re.fullmatch(r"([HSDR][hs]?)(\d+)(s?)", code)
    if found is None:
        return None
    letters, count, after = found.group(1), int(found.group(2)), found.group(3)
    if letters == "D":       # (doubling on to a count: D4, D4s)
        few = " or ".join(str(c) for c in range(2, count)) if count <= 4 else f"2 to {count - 1}"
        return f"double with {few} cards, else {'stand' if after else 'hit'}"
    then = _COMPLEMENT[letters[-1].upper()]
    said = words[letters[0]] + (f", else {words[letters[1].upper()]}" if len(letters) == 2 else "")
    return f"{said}, but {words[then].lower()} with {count} or more cards"


def count_code_plays(code: str, by_cards: tuple[int, ...] = (2, 3, 4, 5, 6, 7),
                     total: int = 0) -> "list[tuple[str, str]] | None":
    """What a total's code by the number of cards (:func:`count_code`'s, or a plain one) plays
    with each count of ``by_cards``: ``(play, fallback)``, the play ``H``, ``S``, ``D`` or ``R``
    (surrender: two cards only), the fallback ``H`` or ``S`` where a double or surrender is not
    allowed.  A plain code plays its first letter on two cards and its last after a hit (``Dh``:
    double, then hit); ``S4``: stand, hit with 4 or more cards; ``Rh5``: surrender, else hit,
    hit with 3 or 4 cards, stand with 5 or more; ``D4s``: double with 2 or 3 cards, else stand;
    ``Ds/D/D/H/H/H``: each count's; a bare ``D``: double with any number of cards, else hit; a
    bare ``R``: surrender, else hit below ``total`` 17.  None: not such a code.

    >>> count_code_plays("S4")
    [('S', 'S'), ('S', 'S'), ('H', 'H'), ('H', 'H'), ('H', 'H'), ('H', 'H')]
    >>> [play for play, _ in count_code_plays("Rh5")], count_code_plays("D4s")[:3]
    (['R', 'H', 'H', 'S', 'S', 'S'], [('D', 'S'), ('D', 'S'), ('S', 'S')])
    >>> count_code_plays("Ds/D/H/H/H/S")[:3], count_code_plays("X3") is None
    ([('D', 'S'), ('D', 'H'), ('H', 'H')], True)
    """
    n = len(by_cards)

    def plain(part: str) -> "tuple[str, str] | None":
        if part in ("H", "S"):
            return part, part
        if part in ("D", "R"):
            return part, "H" if part == "D" or total < 17 else "S"
        if len(part) == 2 and part[0] in "DR" and part[1] in "hs":
            return part[0], part[1].upper()
        return None

    if "/" in code:
        parts = code.split("/")
        first = plain(parts[0])
        tail = [plain(part) for part in parts[1:]]
        if len(parts) != n or first is None or None in tail or any(part[0] == "R" for part in parts[1:]):
            return None         # (a surrender is the first two cards' only)
        return [first] + cast(list, tail)
    if code == "D":
        return [("D", "H")] * n
    head = plain(code)
    if head is not None:
        return [head] + [(head[1], head[1])] * (n - 1)
    found = re.fullmatch(r"(H|S|[DR][hs])(\d+)", code) or re.fullmatch(r"(D)(\d+)([hs]?)", code)
    if found is None or int(found.group(2)) not in by_cards[1:]:
        return None
    switch = by_cards.index(int(found.group(2)))
    if found.group(1) == "D":       # (doubling on to a count: D4, D4s)
        after = (found.group(3) or "h").upper()
        return [("D", after)] * switch + [(after, after)] * (n - switch)
    first = cast(tuple, plain(found.group(1)))
    then = _COMPLEMENT[first[1]]
    return [first] + [(first[1], first[1])] * (switch - 1) + [(then, then)] * (n - switch)


def after_double_totals(cell: str, soft: bool) -> "set[int] | None":
    """The totals a rescue or redouble table's cell names (``no``; ``≤16`` or ``<=16``: that total or
    less; ``13-15,17``; a redouble's after ``DD``): None if the cell is none of these, or names a
    total no hand has (hard 4-21, soft 12-21) or a run backwards.

    >>> sorted(after_double_totals("DD9-11", False)), sorted(after_double_totals("≤14", True))[:2]
    ([9, 10, 11], [12, 13])
    >>> after_double_totals("30", False), after_double_totals("17-14", False), after_double_totals("DDno", False)
    (None, None, None)
    """
    if cell == "no":
        return set()
    lowest = 12 if soft else 4
    out: set[int] = set()
    for part in (cell[2:] if cell.startswith("DD") else cell).split(","):
        upto = re.fullmatch(r"(?:≤|<=)(\d+)", part.strip())
        run = re.fullmatch(r"(\d+)(?:-(\d+))?", part.strip())
        low, high = (lowest, int(upto.group(1))) if upto else \
            (int(run.group(1)), int(run.group(2) or run.group(1))) if run else (0, -1)
        if not lowest <= low <= high <= 21:
            return None
        out.update(range(low, high + 1))
    return out


def after_double_row(table: str, soft: bool, double: int = 1) -> str:
    """The chart row of a rescue or redouble table (``table``) of doubled hands: ``rescue hard``
    after the first double's card, ``redouble soft after 2 doubles`` after a redouble's.

    >>> after_double_row("rescue", False), after_double_row("redouble", True, 2)
    ('rescue hard', 'redouble soft after 2 doubles')
    """
    return f"{table} {'soft' if soft else 'hard'}" + (f" after {double} doubles" if double > 1 else "")


AFTER_DOUBLE_ROWS = tuple(after_double_row(table, soft, double) for double in (1, 2, 3)
                          for table in ("rescue", "redouble")[:1 if double == 3 else 2] for soft in (False, True))
"""The rows of a chart's rescue and redouble tables (Spanish 21's), by double (no redouble after
the third: three doubles at most)."""


def after_double_row_parts(row: str) -> tuple[str, bool, int]:
    """A rescue or redouble row's table, softness and double (:func:`after_double_row`'s inverse).

    >>> after_double_row_parts("redouble soft after 2 doubles"), after_double_row_parts("rescue hard")
    (('redouble', True, 2), ('rescue', False, 1))
    """
    table, _, rest = row.partition(" ")
    kind, _, after = rest.partition(" after ")
    return table, kind == "soft", int(after.split()[0]) if after else 1


def two_card_code(plays: "list[tuple[str, str]]") -> str:
    """The two-card code of a total's plays by count (:func:`count_code_plays`): ``H``, ``S``,
    ``Dh``, ``Rs`` ... (what a pair's row reads a total's code as).

    >>> two_card_code(count_code_plays("D4s")), two_card_code(count_code_plays("S4"))
    ('Ds', 'S')
    """
    play, fallback = plays[0]
    return play if play in "HS" else play + fallback.lower()
NOT_DEALT = "-"
"""The chart code of a cell whose up card the shoe cannot deal (it holds no card of that value)."""
CHART_ROWS = (tuple(f"hard {total}" for total in range(5, 22)) + tuple(f"soft {total}" for total in range(13, 22))
              + tuple(f"pair {card},{card}" for card in ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")))
"""The rows of a chart, in order, as :meth:`TotalDependentStrategy.chart` writes them: hard 5-21,
soft 13-21 and the pairs; a chart read needs every one (the pairs' where pairs split)."""
IMPLICIT_ROWS = ("hard 4", "soft 12")
"""Rows a chart may leave out, and a chart read takes: totals only a pair makes (2,2 and A,A),
which hit where their row is missing."""
FALLBACK_LETTER = {STAND: "s", HIT: "h", SPLIT: "p"}


class TotalDependentStrategy(dict):
    """A TD basic strategy: up card value -> :class:`UpcardStrategy`, with a printable chart.

    Chart codes: H hit, S stand, Dh/Ds double (else hit/stand), P split,
    Rh/Rs/Rp surrender (else hit/stand/split); a total's code ending ``+D``/``+R``: a hand of
    three or more cards doubles/surrenders (:data:`AFTER_HIT_CODES`); ``-``: an up card the
    shoe cannot deal.
    """

    def code(self, up: "int | str", total: int, soft: bool, pair: int | None = None) -> str:
        """The chart code of a total (or, with ``pair``, of a pair whose value is ``pair``:
        the pair's own best play, which may differ from its total's); ``-`` against an up card
        the shoe cannot deal (no card of that value in it)."""
        strategy = self.get(up)
        if strategy is None:
            return NOT_DEALT
        hit_or_stand = "H" if strategy.hits_at(total, soft) else "S"
        if pair is not None and pair in strategy.pairs:
            action = strategy.pairs[pair]
            fallback = FALLBACK_LETTER.get(strategy.pair_fallbacks.get(pair, ""), hit_or_stand.lower())
            if action in (SPLIT, STAND, HIT):
                return {SPLIT: "P", STAND: "S", HIT: "H"}[action]
            if action == SURRENDER:
                return "R" + fallback
            if action == DOUBLE:
                return "D" + fallback
            return hit_or_stand
        action = strategy.two_card.get((total, soft), PLAY)
        if strategy.by_cards:           # (by the number of cards: S4, D4, Rh5 ...)
            letters = [{DOUBLE: "D", SURRENDER: "R"}.get(action, hit_or_stand)]
            for cards in strategy.by_cards[1:]:
                doubles = strategy.after_hit.get(strategy.entry_for(total, soft, cards)) == DOUBLE
                hits = strategy.hits_at(total, soft, cards)
                letters.append(("D" if hits else "Ds") if doubles else "H" if hits else "S")   # (D: else hit)
            return count_code(letters, hit_or_stand, strategy.by_cards)
        after = {DOUBLE: "+D", SURRENDER: "+R"}.get(strategy.after_hit.get((total, soft), PLAY), "")
        if action == DOUBLE:
            return "D" + hit_or_stand.lower() + after
        if action == SURRENDER:
            return "R" + hit_or_stand.lower() + after
        return hit_or_stand + after

    def rescue_code(self, up: "int | str", soft: bool, table: str = "rescue", double: int = 1) -> str:
        """The rescue table's cell: the doubled totals (hard or soft) the strategy rescues against
        ``up`` after the double's card, ``≤16`` (that total or less), a list, or ``no``; with
        ``table="redouble"``, the redouble table's: the totals it doubles again, after ``DD``
        (``DD9-11``), or ``no``; ``double``: after which double's card (2, 3: after a redouble's)."""
        strategy = self.get(up)
        if strategy is None:
            return NOT_DEALT
        entries = strategy.rescue if table == "rescue" else strategy.redouble
        totals = sorted(entry[0] for entry, chosen in entries.items()      # (a total no hand has: not printed)
                        if chosen and entry[1] == soft and (entry[2] if len(entry) > 2 else 1) == double
                        and (12 if soft else 4) <= entry[0] <= 21)
        if not totals:
            return "no"
        if table == "redouble":
            return "DD" + self._runs(totals, soft)
        return self._runs(totals, soft)

    @staticmethod
    def _runs(totals: list[int], soft: bool) -> str:
        """Totals as runs: ``≤16`` (from the lowest total a hand can have), or ``13-15,17``."""
        runs: list[list[int]] = []
        for total in totals:
            if runs and total == runs[-1][-1] + 1:
                runs[-1].append(total)
            else:
                runs.append([total])
        if len(runs) == 1 and totals[0] <= (12 if soft else 4):      # (from the lowest total a hand can have)
            return f"≤{totals[-1]}"
        return ",".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)

    def columns(self) -> tuple[list[Any], list[str]]:
        """The chart's columns: the strategy's keys, and their heads (the up cards 2-A)."""
        return list(UP_ORDER), [UP_LABEL.get(up, str(up)) for up in UP_ORDER]

    def chart(self):
        """The chart as a DataFrame: rows hard 5-21, soft 13-21 and pairs (hard 4 and soft 12 too
        where they do not hit: hands only a pair makes, 2,2 and A,A, played by their total where
        they may not split again), the rescue and redouble rows where the game has them; columns
        up cards 2-A (:meth:`columns`).

        >>> from bjcalc import Calculator, Rules
        >>> chart = Calculator(Rules(decks=6)).game("TD").strategy.chart()
        >>> chart.loc["hard 16", "T"], chart.loc["pair 8,8", "A"], chart.loc["soft 18", "6"]
        ('H', 'P', 'Ds')
        """
        import pandas as pd

        keys, columns = self.columns()
        rows, index = [], []
        for soft, low in ((False, 4), (True, 12)):     # (hard 4 and soft 12 only where they do not hit: 2,2, A,A)
            for total in range(low, 22):
                codes = [self.code(up, total, soft) for up in keys]
                if total > low or set(codes) - {"H", NOT_DEALT}:
                    index.append(f"{'soft' if soft else 'hard'} {total}")
                    rows.append(codes)
        for pair in (2, 3, 4, 5, 6, 7, 8, 9, 10, 1):
            name = UP_LABEL.get(pair, str(pair))
            index.append(f"pair {name},{name}")
            total, soft = (12, True) if pair == 1 else (2 * pair, False)
            rows.append([self.code(up, total, soft, pair) for up in keys])
        for double in (1, 2, 3):     # (the rescue and redouble tables of doubled hands, by double)
            for table in ("rescue", "redouble"):
                if any((entry[2] if len(entry) > 2 else 1) == double for strategy in self.values()
                       for entry in getattr(strategy, table)):
                    for soft in (False, True):
                        index.append(after_double_row(table, soft, double))
                        rows.append([self.rescue_code(up, soft, table, double) for up in keys])
        return pd.DataFrame(rows, index=index, columns=columns)


    @classmethod
    def from_chart(cls, chart: "pd.DataFrame", das: bool = True, *, pairs: bool = True,
                   name: str = "the chart table") -> "TotalDependentStrategy":
        """The strategy a printed chart describes (rows and codes as :meth:`chart` writes them).

        ``Ph``, ``Prp`` ... (:data:`DAS_CODES`: split if doubling after a split is allowed)
        split when ``das``, else read on.  Totals the chart does not list (hard 4, soft 12:
        only pairs make them, :data:`IMPLICIT_ROWS`) hit.  A column of ``-`` only (an up card
        the shoe cannot deal, :data:`NOT_DEALT`) gives no strategy against that up card.

        Every column, row and cell is checked (no game is computed), and a mistake is a
        :class:`~bjcalc.core.errors.StrategyError` of one line that starts with ``name`` and
        names the column, row or cell: an unknown, repeated or missing up card column (2-9, T,
        A), an unknown or repeated row, a missing row of :data:`CHART_ROWS` (the pairs' only
        where ``pairs``: where the game splits them), a code a cell cannot take
        (:func:`set_cell`).  :func:`chart_strategy` reads a chart for a game's rules.

        >>> from bjcalc import Calculator, Rules
        >>> calc = Calculator(Rules(decks=2))
        >>> result = calc.game("TD")
        >>> again = total_dependent_game(calc, TotalDependentStrategy.from_chart(result.strategy.chart()))
        >>> bool(abs(again.ev - result.ev) < 1e-12)
        True
        >>> TotalDependentStrategy.from_chart(result.strategy.chart().drop(index="hard 9"))
        Traceback (most recent call last):
        ...
        bjcalc.core.errors.StrategyError: the chart table: no row for hard 9; a chart has rows hard 5-21, soft 13-21 and, where the game splits pairs, pair 2,2 to pair A,A (hard 4 and soft 12 may be left out: they hit; a pair played as its total has its total's codes in its row)
        """
        out = cls()
        for column, up in _chart_columns(chart, pairs, name).items():
            codes = {str(row).strip(): _cell_text(code) for row, code in chart[column].items()}
            if set(codes.values()) == {NOT_DEALT}:
                continue        # (an up card the shoe cannot deal)
            strategy = out[up] = UpcardStrategy(up)
            for row, code in codes.items():
                try:
                    set_cell(strategy, row, code, das)
                except StrategyError as refused:
                    raise StrategyError(f"{name}: {refused}") from None
            for total in range(22):
                for soft in (False, True):
                    strategy.hits.setdefault((total, soft), total < 17)
        return out


def _count_chart(chart: "pd.DataFrame", by_cards: tuple[int, ...], das: bool = True, *, pairs: bool = True,
                 name: str = "the chart table", after: Any = None) -> TotalDependentStrategy:
    """The strategy a chart by the number of cards describes (Spanish 21's, as :meth:`TotalDependentStrategy.chart`
    writes it for a variant with :attr:`~bjcalc.game.variant.Variant.td_by_cards`): a total's
    code by :func:`count_code_plays`, a pair's as :func:`set_cell` reads it (its two-card play;
    after a hit the hand plays its total's row), the rescue and redouble rows by
    :func:`after_double_totals` (a row left out: none).  Checked as
    :meth:`TotalDependentStrategy.from_chart` checks a chart; a code a cell cannot take is a
    one-line StrategyError naming it, and so is a rescue or redouble row the round does not
    offer (``after``, the round's :class:`~bjcalc.engine.settlement.AfterDouble`)."""
    out = TotalDependentStrategy()
    for column, up in _chart_columns(chart, pairs, name, AFTER_DOUBLE_ROWS).items():
        codes = {str(row).strip(): _cell_text(code) for row, code in chart[column].items()}
        if set(codes.values()) == {NOT_DEALT}:
            continue        # (an up card the shoe cannot deal)
        strategy = out[up] = UpcardStrategy(up, by_cards=by_cards)
        where = f"v {UP_LABEL.get(up, str(up))}"
        for row, code in codes.items():
            kind, _, what = row.partition(" ")
            if row in AFTER_DOUBLE_ROWS:
                table, soft, double = after_double_row_parts(row)
                if after is not None and not (after.rescues(double) if table == "rescue" else double < after.doubles):
                    offered = (f"no rescue after {double} doubles" if after.rescue is not None else "no rescue") \
                        if table == "rescue" else f"{after.doubles} double{'s' if after.doubles > 1 else ''} at most"
                    raise StrategyError(f"{name}: the row {row!r} plays no part in this game ({offered}): leave it out")
                totals = after_double_totals(code, soft)
                if totals is None or (table == "redouble") != code.startswith("DD") and code != "no":
                    form = "DD9-11, DD≤11" if table == "redouble" else "≤16, 13-15,17"
                    raise StrategyError(f"{name}: unknown {table} cell {code!r} at {row} {where}; cells are no or "
                                        f"totals ({form})")
                for total in totals:
                    entry = (total, soft) if double == 1 else (total, soft, double)
                    (strategy.rescue if table == "rescue" else strategy.redouble)[entry] = True
            elif kind in ("hard", "soft"):
                total, soft = int(what), kind == "soft"
                plays = count_code_plays(code, by_cards, total)
                if plays is None:
                    raise StrategyError(f"{name}: unknown chart code {code!r} at {row} {where}; a total's codes are "
                                        f"H, S, Dh, Ds, Rh, Rs, a count after them (S4, Rh5), D4, D4s or each "
                                        f"count's play (Ds/D/D/H/H/H)")
                (play, fallback), *later = plays
                strategy.two_card[(total, soft)] = {"D": DOUBLE, "R": SURRENDER}.get(play, PLAY)
                strategy.hits[strategy.entry_for(total, soft)] = (play if play in "HS" else fallback) == "H"
                for cards, (play, fallback) in zip(by_cards[1:], later):
                    strategy.hits[strategy.entry_for(total, soft, cards)] = fallback == "H"
                    if play == "D":
                        strategy.after_hit[strategy.entry_for(total, soft, cards)] = DOUBLE
            else:       # (a pair: its two-card play; a total's code there, by count, plays its first count's)
                plays = count_code_plays(code, by_cards) if code not in CODES else None
                try:
                    set_cell(strategy, row, code if plays is None else two_card_code(plays), das)
                except StrategyError as refused:
                    raise StrategyError(f"{name}: {refused}; or a total's code by the number of cards (S4, D4s ...), "
                                        f"its two-card play") from None
        for total in range(22):
            for soft in (False, True):
                for cards in by_cards:
                    strategy.hits.setdefault(strategy.entry_for(total, soft, cards), total < 17)
    return out


def _cell_text(code: Any) -> str:
    """A cell's code as text (an empty cell: ``""``, which no code is)."""
    return "" if code is None or code != code else str(code).strip()      # (NaN is not equal to itself)


def _chart_columns(chart: Any, pairs: bool, name: str, extra_rows: tuple[str, ...] = ()) -> dict[Any, int]:
    """The up card of each column of a chart table, its columns and rows checked (see
    :meth:`TotalDependentStrategy.from_chart`)."""
    if not all(hasattr(chart, attribute) for attribute in ("columns", "index", "empty")):
        raise StrategyError(f"a chart is a pandas DataFrame (rows 'hard 16' ..., columns 2-9, T, A), not "
                            f"{type(chart).__name__}")
    if chart.empty:
        raise StrategyError(f"{name} is empty: a chart has rows hard 5-21, soft 13-21 and the pairs, and "
                            f"columns 2-9, T, A")
    ups = {UP_LABEL.get(up, str(up)): up for up in UP_ORDER}
    labels = [str(column).strip() for column in chart.columns]
    rows = [str(row).strip() for row in chart.index]
    _check_labels(name, "up card column", labels, ups, "columns are 2-9, T (any ten), A")
    _check_labels(name, "row", rows, CHART_ROWS + IMPLICIT_ROWS + extra_rows,
                  "rows are hard 5-21, soft 13-21 and pair 2,2 ... pair A,A, as 'bjcalc chart' writes them "
                  "(hard 4 and soft 12 may be added" + (", and the rescue and redouble rows" if extra_rows else "")
                  + ")")
    missing = [label for label in ups if label not in labels]
    if missing:
        raise StrategyError(f"{name}: no column for up card {', '.join(missing)}; columns are 2-9, T, A (a column "
                            f"of '{NOT_DEALT}' for an up card the shoe cannot deal)")
    missing = [row for row in CHART_ROWS if row not in rows and (pairs or not row.startswith("pair"))]
    if missing:
        raise StrategyError(f"{name}: no row for {_row_names(missing)}; a chart has rows hard 5-21, soft 13-21 "
                            f"and, where the game splits pairs, pair 2,2 to pair A,A (hard 4 and soft 12 may be "
                            f"left out: they hit; a pair played as its total has its total's codes in its row)")
    return {column: ups[label] for column, label in zip(chart.columns, labels)}


def _row_names(rows: list[str]) -> str:
    """Rows of a chart in words, every pair row as one.

    >>> _row_names(["hard 9", "soft 13"]), _row_names([row for row in CHART_ROWS if row.startswith("pair")])
    ('hard 9; soft 13', 'pair 2,2 to pair A,A (every pair)')
    """
    pairs = [row for row in CHART_ROWS if row.startswith("pair")]
    if all(row in rows for row in pairs):
        rows = [row for row in rows if row not in pairs] + ["pair 2,2 to pair A,A (every pair)"]
    return "; ".join(rows)


def _check_labels(name: str, what: str, labels: list[str], known: Iterable[str], hint: str) -> None:
    """Refuse an unknown label and a label given twice."""
    known = set(known)
    for label in labels:
        if label not in known:
            raise StrategyError(f"{name}: unknown {what} {label!r}; {hint}")
    twice = [label for label, count in Counter(labels).items() if count > 1]
    if twice:
        raise StrategyError(f"{name}: {what} {twice[0]!r} appears {labels.count(twice[0])} times; give each once")


def set_cell(strategy: UpcardStrategy, row: str, code: str, das: bool = True) -> None:
    """Set one chart cell (``row`` as "hard 16", "soft 18", "pair 8,8"; ``code`` as "Rh") of a strategy.

    A total's code sets both its hit/stand entry (the letter after D or R, or H/S itself;
    a suffix ``+H``/``+S``, ``+Dh`` ... ``+Rs`` gives it instead) and its first-two-card
    entry; a pair's code sets the pair's own entry (and its fallback) only.  ``das``: whether
    a DAS code (``Ph`` ...) splits.  A code the cell cannot take is a StrategyError naming the
    cell, the code and the codes it can take: a total takes :data:`TOTAL_CODES` (and the
    after-hit suffixes), a pair any of :data:`CODES`.

    >>> s = UpcardStrategy(10)
    >>> set_cell(s, "hard 16", "Rh"); set_cell(s, "pair 8,8", "P"); set_cell(s, "pair 7,7", "S")
    >>> s.hits[(16, False)], s.two_card[(16, False)], s.pairs[8], s.pairs[7]
    (True, 'surrender', 'split', 'stand')
    >>> set_cell(s, "pair 8,8", "Prp", das=False); s.pairs[8], s.pair_fallbacks[8]
    ('surrender', 'split')
    >>> set_cell(s, "hard 16", "Rh+S"); s.hits[(16, False)], s.two_card[(16, False)]
    (False, 'surrender')
    >>> set_cell(s, "hard 16", "P")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.StrategyError: chart code 'P' at hard 16 v T: a total's codes are H, S, D, Dh, Ds, R, Rh, Rs, ending in +D, +R, +H, +S, +Dh, +Ds, +Rh, +Rs or not (split codes are a pair's)
    """
    written = code
    kind, _, what = row.partition(" ")
    where = f"{row} v {UP_LABEL.get(strategy.up, str(strategy.up))}"
    suffixes = ", ".join(AFTER_HIT_SUFFIXES)
    two, suffix = split_after_hit(code)
    if suffix and kind not in ("hard", "soft"):
        raise StrategyError(f"chart code {written!r} at {where}: only a total's code may end in {suffixes}")
    lettered = [c for c in TOTAL_CODES if len(c) == 2]
    if suffix not in ("", *AFTER_HIT_CODES) and two not in lettered:      # (+H, +S, +Dh ...: the play after a hit)
        raise StrategyError(f"chart code {written!r} at {where}: {suffix} follows a two-letter code "
                            f"({', '.join(lettered)}), the play its last letter would give")
    code = strategy_code(code)      # (a printed +S, +Dh ...: the hit/stand letter as the strategy holds it)
    after = code[-2:] if code[-2:] in AFTER_HIT_CODES else ""
    code = code[:len(code) - len(after)]
    if code not in CODES:
        raise StrategyError(f"unknown chart code {written!r} at {where}; codes: {', '.join(CODES)}, "
                            f"a total's ending in {suffixes}")
    if kind in ("hard", "soft") and what.isdigit():
        if code not in TOTAL_CODES:
            raise StrategyError(f"chart code {written!r} at {where}: a total's codes are {', '.join(TOTAL_CODES)}, "
                                f"ending in {suffixes} or not (split codes are a pair's)")
        entry = (int(what), kind == "soft")
        if after:
            strategy.after_hit[entry] = {"+D": DOUBLE, "+R": SURRENDER}[after]
        else:
            strategy.after_hit.pop(entry, None)
        first = code[0]
        strategy.two_card[entry] = {"D": DOUBLE, "R": SURRENDER}.get(first, PLAY)
        if first in "HS":
            strategy.hits[entry] = first == "H"
        elif len(code) == 2 and code[1] in "hs":
            strategy.hits[entry] = code[1] == "h"
        return
    names = {"A": 1, "T": 10, **{str(v): v for v in range(2, 10)}}
    cards = what.split(",")
    if kind != "pair" or len(cards) != 2 or cards[0] != cards[1] or cards[0] not in names:
        raise StrategyError(f"unknown chart row {row!r}; rows are 'hard N', 'soft N' and 'pair X,X'")
    pair = names[cards[0]]
    strategy.pair_fallbacks.pop(pair, None)
    if code[0] == "P" and len(code) > 1:    # split only with DAS: else the code after P
        if das:
            strategy.pairs[pair] = SPLIT
            return
        code = code[1].upper() + code[2:]
    strategy.pairs[pair] = {"P": SPLIT, "S": STAND, "H": HIT, "D": DOUBLE, "R": SURRENDER}[code[0]]
    if len(code) == 2:
        strategy.pair_fallbacks[pair] = {"s": STAND, "h": HIT, "p": SPLIT}[code[1]]


AFTER_DOUBLE_STATES = ((False, False), (True, False), (False, True), (True, True))
"""What a rescue and redouble entry can say, as (rescued, redoubled): stand, rescue, redouble, or
rescue where the round allows it then, else redouble."""


def _set_after_double(strategy: UpcardStrategy, changes: Iterable[tuple[Any, tuple, tuple[bool, bool]]]) -> None:
    """Set rescue and redouble entries: ``(gain, entry, (rescued, redoubled))`` each."""
    for _, entry, states in changes:
        for table, on in zip((strategy.rescue, strategy.redouble), states):
            if on:
                table[entry] = True
            else:
                table.pop(entry, None)


AFTER_KEYS_PER_DOUBLE = 22 * 2
"""Rescue and redouble entries after one double's card: total (0-21) times two, plus softness."""
AFTER_KEYS = 3 * AFTER_KEYS_PER_DOUBLE
"""Rescue and redouble entries of every double (three at most) (:func:`_after_key`)."""


def _after_key(entry: tuple) -> int:
    """The index of a rescue or redouble entry (:attr:`UpcardStrategy.rescue`): (total, soft) after
    the first double's card, (total, soft, j) after the ``j``-th's.

    >>> _after_key((16, False)), _after_key((16, False, 2)), _after_entry(_after_key((13, True, 3)))
    (32, 76, (13, True, 3))
    """
    total, soft, *j = entry
    return ((j[0] if j else 1) - 1) * AFTER_KEYS_PER_DOUBLE + total * 2 + int(soft)


def _after_entry(key: int) -> tuple:
    """The rescue or redouble entry of an index (:func:`_after_key`'s inverse)."""
    j, base = divmod(key, AFTER_KEYS_PER_DOUBLE)
    return (base // 2, bool(base % 2)) + ((j + 1,) if j else ())


def _ascend(improve: Callable[[UpcardStrategy], bool], up: Any, by_cards: tuple[int, ...] = ()) -> UpcardStrategy:
    """Coordinate ascent from "hit below 17": ``improve`` passes until none changes an entry."""
    strategy = UpcardStrategy(up, by_cards=by_cards)
    for total in range(22):
        for soft in (False, True):
            for cards in by_cards or (2,):
                strategy.hits[strategy.entry_for(total, soft, cards)] = total < 17
    for _ in range(MAX_ROUNDS):
        if not improve(strategy):
            break
    return strategy


def _choose_two_card(strategy: UpcardStrategy, entry: tuple[int, bool], scores: dict[str, Any],
                     ar: Arithmetic) -> bool:
    """Set a two-card entry to its best scoring action; True if it changed."""
    best = _best(scores, strategy.two_card.get(entry, PLAY), ar)
    if strategy.two_card.get(entry, PLAY) != best:
        strategy.two_card[entry] = best
        return True
    return False


def _choose_pair(strategy: UpcardStrategy, pair: int, scores: dict[str, Any], ar: Arithmetic) -> bool:
    """Set a pair's entry to its best scoring action, and what a Dh/Ds or Rh/Rs/Rp cell falls
    back to where doubling or surrender is not offered; True if the entry changed."""
    total, soft = (12, True) if pair == 1 else (2 * pair, False)
    by_total = HIT if strategy.hits_at(total, soft) else STAND
    best = _best(scores, strategy.pairs.get(pair, by_total), ar)
    changed = strategy.pairs.get(pair) != best
    strategy.pairs[pair] = best
    fallbacks = {DOUBLE: (STAND, HIT), SURRENDER: (STAND, HIT, SPLIT)}.get(best, ())
    others = {a: s for a, s in scores.items() if a in fallbacks}
    if others:
        strategy.pair_fallbacks[pair] = _best(others, by_total, ar)
    else:
        strategy.pair_fallbacks.pop(pair, None)
    return changed


def _best(scores: dict[str, Any], current: str, ar: Arithmetic) -> str:
    """The action with the highest score; the current one keeps its place on a tie (in floats, a
    difference within :data:`~bjcalc.core.arithmetic.TIE_MARGIN`)."""
    first = current if current in scores else (PLAY if PLAY in scores else next(iter(scores)))
    return ar.best({first: scores[first], **scores})


def check_td_play(calc: "Game") -> None:
    """Refuse, before any work, TD play of a round the search does not follow yet.

    >>> from bjcalc.game.calculator import Calculator
    >>> from bjcalc.game.variants import VARIANTS
    >>> check_td_play(Calculator(VARIANTS["players_edge_21"].rules()))
    """
    calc.round.variant.check_analysis("TD play")


def total_dependent_game(calc: "Game", strategies: "TotalDependentStrategy | None" = None,
                         progress: "Callable[..., Iterable] | None" = None) -> "GameResult":
    """Exact EV of the TD basic strategy (found by :class:`_UpcardSearch`) for this game.

    With ``strategies`` (a :class:`TotalDependentStrategy`, e.g. read from a printed chart by
    :meth:`TotalDependentStrategy.from_chart`), the exact EV of playing that strategy instead.
    ``progress`` may wrap the loop over up cards (``progress(iterable, total=10)``).
    """
    check_td_play(calc)
    if calc.round.variant.hands_dealt == 2:
        raise StrategyError(f"{calc.round.variant.title}'s TD game plays two hands that may switch cards: use "
                            f"Calculator.game('TD') or a chart given to Calculator.game")
    if calc.round.variant.dealer_hand_seen:
        raise StrategyError(f"{calc.round.variant.title}'s TD play is by the dealer's hand, not the up card: use "
                            f"Calculator.game('TD') (bjcalc edge --strategy TD); a chart by up card does not apply")
    deals = calc.round.deals()
    if strategies is not None:      # (before the work)
        check_up_cards(calc, strategies)
    rounds = {}
    found = TotalDependentStrategy()
    for up in (progress or (lambda ups, total: ups))(range(1, 11), total=10):
        if not deals[up]:
            continue
        evaluator = UpcardEvaluator(calc, up, deals[up])
        strategy = evaluator.search.search() if strategies is None else strategies[up]
        found[up] = strategy
        for (hand, split_key), value in evaluator.rounds(strategy).items():
            rounds[(up, hand, split_key)] = value
    return GameResult.build(calc, deals, rounds, "TD", strategy=found)


def check_up_cards(calc: "Game", strategies: TotalDependentStrategy, name: str = "the strategy") -> None:
    """Refuse a strategy that has no decisions against an up card the game's shoe deals (a chart
    column of ``-``), naming them.

    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1, max_split_hands=2))
    >>> check_up_cards(calc, TotalDependentStrategy({up: UpcardStrategy(up) for up in range(2, 11)}), "my.csv")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.StrategyError: my.csv has no decisions against up card A, which the shoe deals
    """
    deals = calc.round.deals()
    missing = [UP_LABEL.get(up, str(up)) for up in UP_ORDER if deals[up] and up not in strategies]
    if missing:
        raise StrategyError(f"{name} has no decisions against up card {', '.join(missing)}, which the shoe deals")


class UpcardEvaluator:
    """Exact value of TD strategies against one up card (reuses one search's arrays).

    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1))
    >>> result = calc.game("TD")
    >>> evaluator = UpcardEvaluator(calc, 6)
    >>> bool(abs(evaluator.ev(result.strategy[6]) - result.by_upcard["6"]) < 1e-12)
    True
    """

    def __init__(self, calc: "Game", up: int, deals: dict | None = None):
        self.calc, self.up = calc, up
        self.deals = calc.round.deals()[up] if deals is None else deals
        self.values = calc.round.upcard(up)
        self.search = _UpcardSearch(calc, self.values, self.deals)
        self.probability = sum(self.deals.values(), Fraction(0))

    def rounds(self, strategy: UpcardStrategy) -> dict[tuple, Any]:
        """Joint EV of each deal (player values, split key) under the strategy, naturals included."""
        calc, values = self.calc, self.values
        by_node = self.search.round_values(strategy)
        out = {}
        for (hand, split_key), _ in self.deals.items():
            node = values.nodes.node(add(add((0,) * 10, hand[0]), hand[1]), UNSPLIT)
            calc.round.check_dealable(values, node)
            blackjack = values.blackjack[node]
            if sorted(hand) == [1, 10]:
                out[(hand, split_key)] = calc.round.natural_value(blackjack)
            else:
                out[(hand, split_key)] = calc.round.with_dealt_win(
                    values.nodes.hand[node], by_node[(node, split_key)] + calc.round.blackjack_term(blackjack))
        return out

    def hits(self, strategy: UpcardStrategy) -> np.ndarray:
        """Whether the chart hits at each node (by its total and softness; before the rules'
        forced hits and stops)."""
        return self.search._hit_entry(strategy)[self.search.key]

    def initial_action(self, node: int, is_pair: bool, split_key: Any, strategy: UpcardStrategy) -> str:
        """The chart's first action for a two-card hand (``play``: on by the totals' entries),
        its fallback where that is not allowed, and ``play`` where neither is."""
        action = self.search.initial_action(node, is_pair, split_key, strategy)
        return action if action in self.search.allowed_initial(node, is_pair, split_key) else PLAY

    def post_split_action(self, node: int, allowed: tuple, strategy: UpcardStrategy) -> str:
        """The chart's first action for a split hand's first two cards, among ``allowed``."""
        return self.search.post_split_action(node, allowed, strategy.two_card)

    def ev(self, strategy: UpcardStrategy) -> Any:
        """EV of a round given this up card (as :attr:`GameResult.by_upcard`)."""
        ar = self.calc.ar
        total = ar.scalar(0)
        for key, value in self.rounds(strategy).items():
            total = total + ar.convert(self.deals[key]) * value
        return ar.output(total / ar.convert(self.probability))


# -- a chart given ----------------------------------------------------------------------------
def read_chart(source: Any) -> "pd.DataFrame":
    """A chart table from CSV in the form ``bjcalc chart --format csv`` writes it: a header
    ``hand,2,3,4,5,6,7,8,9,T,A``, then one line per row (``"pair 8,8",P,P,...``).

    ``source``: the path of a file (a :class:`pathlib.Path`, or a str without a line break),
    the CSV text itself (a str with line breaks) or an open text file.  Lines that start with
    ``#`` (the title, rules and EVs ``bjcalc chart`` writes above the table) are skipped, and so
    are blank lines before the table; the table ends at the first blank line after it (where a
    CD chart's exceptions follow).  Cells are read as text, without the spaces around them;
    what the rows, columns and codes say is checked where the chart is read for a game
    (:func:`chart_strategy`).  A file that cannot be read or is not text, and text that holds
    no table or is not one (a line of another number of cells than the header), is a one-line
    StrategyError that names the file.

    >>> text = "# my chart\\nhand,2,3,4,5,6,7,8,9,T,A\\nhard 16,S,S,S,S,S,H,H,H,H,H\\n"
    >>> read_chart(text).loc["hard 16", "T"]
    'H'
    >>> read_chart("no-such-chart.csv")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.StrategyError: cannot read the chart no-such-chart.csv: no such file
    """
    return _chart_table(source)[1]


def _chart_table(source: Any) -> "tuple[str, pd.DataFrame]":
    """The name of a chart's CSV and its table (see :func:`read_chart`)."""
    import pandas as pd

    name, text = _chart_text(source)
    lines = itertools.dropwhile(lambda line: not line.strip(),
                                (line for line in text.splitlines() if not line.lstrip().startswith("#")))
    body = list(itertools.takewhile(str.strip, lines))
    try:
        table = list(csv.reader(body))
    except csv.Error as exc:
        raise StrategyError(f"{name} is not a chart CSV: {exc}") from None
    if len(table) < 2:
        raise StrategyError(f"{name} holds no chart table: after its '#' lines, a header (hand,2,3,4,5,6,7,8,9,T,A) "
                            f"and a line per row, as 'bjcalc chart --format csv' writes them")
    header = [cell.strip() for cell in table[0]]
    if len(header) < 2:
        raise StrategyError(f"{name} is not a chart CSV: its header {body[0][:40]!r} has no up card columns "
                            f"(hand,2,3,4,5,6,7,8,9,T,A, separated by commas)")
    for cells in table[1:]:
        if len(cells) != len(header):
            raise StrategyError(f"{name}: row {cells[0].strip()!r} has {len(cells)} cells and the header "
                                f"{len(header)} (the row's name, then a code for each up card)")
    return name, pd.DataFrame([[cell.strip() for cell in cells[1:]] for cells in table[1:]], columns=header[1:],
                              index=pd.Index([cells[0].strip() for cells in table[1:]], name=header[0] or "hand"))


def _chart_text(source: Any) -> tuple[str, str]:
    """The name and the text of a chart's CSV (see :func:`read_chart`)."""
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        return "the chart text", source
    if not isinstance(source, (str, os.PathLike)) and not hasattr(source, "read"):
        raise StrategyError(f"a chart is read from a file (its path) or CSV text, not {type(source).__name__}")
    name = str(getattr(source, "name", "the chart file")) if hasattr(source, "read") else str(source)
    if not name.strip():
        raise StrategyError("a chart's file name is empty: name a CSV file as 'bjcalc chart --format csv' writes")
    try:
        return name, source.read() if hasattr(source, "read") else Path(source).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise StrategyError(f"cannot read the chart {name}: no such file") from None
    except IsADirectoryError:
        raise StrategyError(f"cannot read the chart {name}: it is a folder") from None
    except UnicodeDecodeError:
        raise StrategyError(f"{name} is not a chart CSV: it is not text (UTF-8)") from None
    except OSError as exc:
        raise StrategyError(f"cannot read the chart {name}: {exc.strerror or exc}") from None


def das_codes_split(rules: Rules) -> bool:
    """Whether a chart's DAS codes (``Ph``, ``Prp`` ...: split if doubling after a split is
    allowed) split under ``rules``: with DAS, where some split hand may double (the rules'
    doubles, or a variant's own: Free Bet's free double on hard 9-11 whatever the money doubles).

    >>> from bjcalc.game.variants import VARIANTS
    >>> das_codes_split(Rules()), das_codes_split(Rules(double_on="none")), das_codes_split(Rules(double_after_split=False))
    (True, False, False)
    >>> das_codes_split(VARIANTS["free_bet"].rules(double_on="none"))
    True
    """
    from .variants import variant_of      # (the registry imports the variants, which sit beside this module)

    variant = variant_of(rules)
    return rules.double_after_split and any(variant.may_double(rules, hard, soft, split=True)
                                            for hard in range(4, 21) for soft in (False, True))


def chart_strategy(chart: "pd.DataFrame", rules: Rules, name: str = "the chart table") -> TotalDependentStrategy:
    """The strategy a chart table plays in a game of ``rules``, every column, row and code
    checked first (:meth:`TotalDependentStrategy.from_chart`; a mistake is a one-line
    StrategyError that starts with ``name``).

    The DAS codes (``Ph`` ...) split where the rules double after a split (:func:`das_codes_split`).  The pair rows are
    needed where the rules split pairs: a chart without them is refused, its missing rows named
    (a pair played as its total wants its total's codes in its row; where the rules do not
    split, the pair rows may be left out, and a pair plays its total's row).  A total's code is
    refused where these rules make it ask for two plays a total-dependent strategy cannot tell
    apart: its fallback on two cards (where they may not double, or surrender is not offered)
    and another play after a hit or a split (``Rh+S`` where surrender is not offered: hit two
    cards, stand on more; the strategy holds one hit/stand play per total).  A game whose TD play
    is by the number of cards (Spanish 21) reads its codes so (``S4``, ``D4s``, ``Ds/D/D/H/H/H``)
    and its rescue and redouble rows (:func:`_count_chart`).

    >>> from bjcalc import Calculator, Rules
    >>> rules = Rules(decks=1, max_split_hands=2)
    >>> table = Calculator(rules).game("TD").strategy.chart()
    >>> table.loc["hard 16", "T"] = "Rh+S"
    >>> chart_strategy(table, rules.replace(surrender="late"))[10].two_card[(16, False)]
    'surrender'
    >>> chart_strategy(table, rules)
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.StrategyError: the chart table: chart code 'Rh+S' at hard 16 v T plays H on two cards (surrender is not offered) but S after a hit or a split, and a total-dependent strategy plays one of them for every hand of the total: write H or S
    """
    from .variants import variant_of      # (the registry imports the variants, which sit beside this module)

    das = das_codes_split(rules)
    by_cards = variant_of(rules).td_by_cards
    if by_cards:        # (codes by the number of cards, the rescue and redouble rows)
        return _count_chart(chart, by_cards, das, pairs=rules.splits, name=name,
                            after=variant_of(rules).settlement(rules).after_double())
    strategy = TotalDependentStrategy.from_chart(chart, das, pairs=rules.splits, name=name)
    for row in chart.index:
        kind, _, total = str(row).strip().partition(" ")
        if kind in ("hard", "soft"):
            for column in chart.columns:
                _check_fallback(rules, str(row).strip(), int(total), kind == "soft", str(column).strip(),
                                _cell_text(chart.loc[row, column]), name)
    return strategy


def _check_fallback(rules: Rules, row: str, total: int, soft: bool, up: str, code: str, name: str) -> None:
    """Refuse a total's code whose fallback on two cards, where these rules do not offer its
    double or surrender, differs from its play after a hit or a split (see :func:`chart_strategy`)."""
    two = split_after_hit(code)[0]
    later = split_after_hit(strategy_code(code))[0][-1:].lower()
    if len(two) != 2 or two[0] not in "DR" or later == two[1]:
        return
    surrender = two[0] == "R"
    if rules.surrender != "none" if surrender else rules.can_double(total - 10 * soft, soft):
        return
    why = "surrender is not offered" if surrender else "this total may not double"
    raise StrategyError(f"{name}: chart code {code!r} at {row} v {up} plays {two[1].upper()} on two cards ({why}) "
                        f"but {later.upper()} after a hit or a split, and a total-dependent strategy plays one of "
                        f"them for every hand of the total: write {two[1].upper()} or {later.upper()}")


def is_chart(strategy: Any) -> bool:
    """Whether ``Calculator.game`` reads ``strategy`` as a chart to play (:func:`chart_play`)
    rather than a strategy's name: a pandas DataFrame, a :class:`TotalDependentStrategy`, a
    path (:class:`os.PathLike`), or a str that is not a strategy's name (``"TD"``, ``"basic"``
    ...) and names a ``.csv`` file or a file that exists.

    >>> is_chart("TD"), is_chart("casino.csv"), is_chart(Path("card.txt")), is_chart("optimal")
    (False, True, True, False)
    """
    pandas = sys.modules.get("pandas")     # (a DataFrame means pandas is loaded: never imported here)
    if isinstance(strategy, (TotalDependentStrategy, os.PathLike)) or (
            pandas is not None and isinstance(strategy, pandas.DataFrame)):
        return True
    if not isinstance(strategy, str):
        return False
    try:
        strategy_name(strategy)
        return False
    except StrategyError:
        return strategy.strip().lower().endswith(".csv") or os.path.isfile(strategy)


def chart_play(chart: Any, rules: Rules) -> tuple[TotalDependentStrategy, str]:
    """The strategy a chart given plays under ``rules`` (:func:`chart_strategy`; a path is read
    by :func:`read_chart`), and the name its results give it: the path, or ``"a chart table"``
    (a DataFrame), or ``"a TotalDependentStrategy"`` (taken as it is).

    >>> from bjcalc import Rules
    >>> chart_play("hand,2\\nhard 16,S\\n", Rules())
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.StrategyError: the chart text: no column for up card 3, 4, 5, 6, 7, 8, 9, T, A; columns are 2-9, T, A (a column of '-' for an up card the shoe cannot deal)
    """
    if isinstance(chart, TotalDependentStrategy):
        return chart, "a TotalDependentStrategy"
    name, table = ("a chart table", chart) if hasattr(chart, "columns") else _chart_table(chart)
    return chart_strategy(table, rules, name), name


def chart_game(calc: "Game", strategy: TotalDependentStrategy, name: str,
               progress: "Callable[..., Iterable] | None" = None) -> GameResult:
    """The exact EV of a chart given (``strategy``, read by :func:`chart_play`, and its
    ``name``), played as written: :func:`total_dependent_game` of its strategy, whose
    assumptions say that the chart is played (:func:`chart_assumptions`), not the best TD
    strategy, and whose ``strategy_name`` is ``"chart"``.

    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1, max_split_hands=2))
    >>> best = calc.game("TD")
    >>> mine = chart_game(calc, *chart_play(best.strategy.chart(), calc.rules))
    >>> mine.ev == best.ev, mine.assumptions.strategy.split(":")[0]
    (True, 'the chart given (a chart table), played as written')
    """
    check_up_cards(calc, strategy, name)
    if calc.round.variant.hands_dealt == 2:     # (two hands: the game's own pass plays the chart)
        result = cast(Any, calc).game(strategy, progress)      # (the calculator's: this module sits below it)
        return dataclasses.replace(result, assumptions=chart_assumptions(calc.assumptions("TD"), name,
                                                                         calc.rules.splits))
    result = total_dependent_game(calc, strategy, progress)
    return dataclasses.replace(result, assumptions=chart_assumptions(result.assumptions, name, calc.rules.splits,
                                                                     bool(calc.round.variant.td_by_cards)),
                               strategy_name="chart")


def chart_assumptions(stated: Assumptions, name: str, splits: bool = True, by_cards: bool = False) -> Assumptions:
    """A game's TD assumptions (``stated``) where the chart ``name`` is played as written: the
    strategy is that chart (total-dependent, not necessarily the best; ``by_cards``: its
    decisions by the number of cards too, with its rescue and redouble rows), and split hands
    follow it (where the rules split: ``splits``).

    >>> from bjcalc import Calculator, Rules
    >>> stated = chart_assumptions(Calculator(Rules()).assumptions("TD"), "casino.csv")
    >>> stated.strategy
    'the chart given (casino.csv), played as written: total-dependent play, decisions by total, softness and pair'
    >>> stated.split_strategy
    'split hands follow the chart given'
    """
    decided = ("total, softness, number of cards and pair, and a doubled hand's rescue and redouble by its total"
               if by_cards else "total, softness and pair")
    return dataclasses.replace(
        stated, strategy=f"the chart given ({name}), played as written: total-dependent play, decisions by {decided}",
        split_strategy="split hands follow the chart given" if splits else stated.split_strategy)
