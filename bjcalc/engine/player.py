"""The player engine: exact values of standing, hitting and doubling, for every hand at once.

For one up card, :meth:`PlayerEngine.upcard` evaluates every node of a
:class:`~bjcalc.engine.hands.NodeSet` (a composition played in a context of extra
removed cards).  It asks the dealer engine once for all removed sets, then walks
the hands from hard 21 down to hard 1, so that every hit value is built from the
finished values of the hands it can become.  All values are *joint* (see
:mod:`bjcalc.engine.settlement`): peek games divide by the chance of no dealer
blackjack only when a value is reported.

Which action a node takes is decided at its *policy source*: the node itself for
optimal composition-dependent play, or the same composition in another context
for a fixed strategy (CDZ- plays a split hand as it would play the same cards
unsplit).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence, Union

import numpy as np

from . import _kernels as kernels
from ..core.actions import may_double_after_hit, may_hit, may_surrender_after_hit, must_hit
from ..core.arithmetic import Arithmetic
from ..core.cards import Shoe
from ..core.outcomes import BLACKJACK
from .dealer import DealerEngine
from .hands import Composition, Context, HandSpace, NodeSet
from ..core.rules import Rules
from ..core.wagers import DOUBLE_STAKE, MONEY, SURRENDER_LOSS, Wager, surrender_value
from .rows import RowSupply, batch_plan
from .settlement import Settlement
from .workspace import WORKSPACE

__all__ = ["UpcardValues", "DoubleChain", "Chooser", "NODE_ACTIONS", "hit_values", "LevelRows", "PlayerEngine", "hand_space", "node_set", "ForcedReach",
           "forced_reach", "batch_plan"]

NODE_ACTIONS = ("stand", "hit", "double", "surrender")
"""What :attr:`UpcardValues.action` codes mean (its values index this tuple); ties go to the
earlier action."""


Chooser = Callable[[int, Sequence[tuple[str, np.ndarray, Optional[np.ndarray]]]], np.ndarray]
"""Who decides a doubled hand's play after each double's card (:meth:`DoubleChain.value`): given
the double's number ``j`` (1 = the first) and the options there, ``(name, values, allowed)`` in
order (``stand``, then ``rescue`` and ``redouble`` where offered; ``allowed``: None, or the
nodes where the option may be taken), each node's choice as an index of the options."""


@dataclass(eq=False)
class DoubleChain:
    """A double's value at every node where the engine values doubles its own way (a doubled
    hand's own table, or :class:`~bjcalc.engine.settlement.AfterDouble`: a rescue, a redouble),
    whoever chooses after each double's card.

    After the ``j``-th double's card a hand staking ``DOUBLE_STAKE**j`` (2, 4, 8) stands (``standing``: its joint value
    per unit on the doubled table), is rescued where the round offers it then (the same result
    whatever was staked, ``rescue``, but for a dealer blackjack, which takes the stake), or
    doubles again while ``j`` is below the doubles allowed and it may draw: its value is the next
    double's at the card it draws, so the value after the last double is a choice between the
    first two, and each earlier one reads the next one's values at the children: every level one
    vectorised step, no recursion by level.  The engine chooses by the node's own values (CD play,
    :meth:`PlayerEngine._doubles`); a total-dependent play chooses by a table.
    """

    after: Any                # AfterDouble
    standing: np.ndarray
    blackjack: np.ndarray
    draw: np.ndarray
    bust: np.ndarray
    child: np.ndarray
    can_hit: np.ndarray
    rescue: Any               # the rescue's result in the arithmetic (None: not offered)
    blackjack_payoff: Any     # what a dealer blackjack takes from a hand, per unit of its stake
    _kept: dict = field(default_factory=dict, init=False, repr=False)      # (:meth:`_fixed`, by double)

    def options(self, j: int, later: Optional[np.ndarray]) -> list[tuple[str, np.ndarray, Optional[np.ndarray]]]:
        """The options after the ``j``-th double's card, given ``later``, the values after the next
        double's card (None after the last double)."""
        stand, rescue, busted = self._fixed(j)
        options: list[tuple[str, np.ndarray, Optional[np.ndarray]]] = [("stand", stand, None)]
        if rescue is not None:
            options.append(("rescue", rescue, None))
        if later is not None:
            kid, going = self._children
            options.append(("redouble", (self.draw * np.where(going, later[kid], busted)).sum(axis=1), self.can_hit))
        return options

    def _fixed(self, j: int) -> tuple[np.ndarray, Optional[np.ndarray], np.ndarray]:
        """After the ``j``-th double's card: standing's and the rescue's values (None: not offered
        then), and a redouble's bust values by card, which no choice changes (made once)."""
        kept = self._kept.get(j)
        if kept is None:
            stake = DOUBLE_STAKE ** j
            rescue = (self.rescue * (1 - self.blackjack) + stake * self.blackjack_payoff * self.blackjack
                      if self.after.rescues(j) else None)
            kept = self._kept[j] = (stake * self.standing, rescue, DOUBLE_STAKE * stake * self.bust)
        return kept

    @cached_property
    def _children(self) -> tuple[np.ndarray, np.ndarray]:
        """Each node's child by card (0 where none) and where there is one."""
        return np.maximum(self.child, 0), self.child >= 0

    def value(self, choose: Chooser) -> np.ndarray:
        """Each node's double value (its joint value per unit initial bet) when ``choose`` decides
        after every double's card."""
        *_, (_, _, later) = self._walk(choose)
        kid, going = self._children
        return (self.draw * np.where(going, later[kid], DOUBLE_STAKE * self.bust)).sum(axis=1)

    def levels(self, choose: Chooser) -> list[tuple[list[tuple[str, np.ndarray, Optional[np.ndarray]]], np.ndarray]]:
        """Each double's options and the choices ``choose`` makes there, the first double's first:
        what a total-dependent search weighs entries with."""
        return [(options, chosen) for options, chosen, _ in self._walk(choose)][::-1]

    def _walk(self, choose: Chooser) -> Iterator[tuple[list[tuple[str, np.ndarray, Optional[np.ndarray]]],
                                                     np.ndarray, np.ndarray]]:
        """From the last double to the first: its options, the choices and the values they give."""
        later = None
        every = np.arange(len(self.standing))
        for j in range(self.after.doubles, 0, -1):
            options = self.options(j, later)
            chosen = choose(j, options)
            later = np.stack([values for _, values, _ in options])[chosen, every]
            yield options, chosen, later


@dataclass(eq=False)      # (hashed and compared by identity: a cache may key on one; arrays have no ==)
class UpcardValues:
    """Every node's values against one up card (arrays indexed by node; joint values).

    ``draw`` and ``bust`` are (nodes, 10) arrays; the compiled engine builds them only when first
    asked for (they are most of the memory, and a game needs a few rows: :meth:`draw_row`).

    A node of three or more cards (reached by hitting) may also double (``double_after_hit``, or
    where the variant offers it: ``may_double``; its ``double`` counts the chip the double adds,
    valued by that chip's engine where it is another kind) or surrender (``surrender="any_time"``,
    unsplit hands: ``may_surrender``); ``action`` is what the policy does there (an index of
    :data:`NODE_ACTIONS`) and ``value`` its value, so a hit's value plays on with them.  On
    two-card nodes ``action`` chooses between standing and hitting only: the round (and the
    split) decide doubling, splitting and surrendering two-card hands.  With neither rule,
    ``action`` is ``hits`` as 0/1.
    """

    up: int
    nodes: NodeSet
    blackjack: np.ndarray     # P(dealer blackjack | removed cards)
    stand: np.ndarray
    hit: np.ndarray           # hit, then play on by the node's policy (hit/stand; and double, surrender)
    value: np.ndarray         # the value of the policy's action (stand or hit on two-card nodes)
    hits: np.ndarray          # bool: the policy hits
    double: np.ndarray        # one card, double bet (every node; an action on two-card nodes or may_double)
    can_hit: np.ndarray       # bool
    must_hit: np.ndarray      # bool: standing is not allowed
    exhausted: np.ndarray     # bool: the round can run out of cards from this node
    cards_left: np.ndarray    # cards left in the shoe at each node (finite shoes)
    ar: Arithmetic
    source: np.ndarray        # the node whose decisions each node takes (itself when it decides)
    surrender: Optional[np.ndarray] = None   # joint value of surrendering each node (any_time games)
    may_double: Optional[np.ndarray] = None  # bool: a 3+ card node may double (double_after_hit)
    may_surrender: Optional[np.ndarray] = None   # bool: a 3+ card node may surrender (any_time)
    action: Optional[np.ndarray] = None      # uint8: the policy's action, an index of NODE_ACTIONS
    # Where the engine values doubles its own way (a doubled hand's own table, a rescue, a
    # redouble): the double's values by whoever chooses (what a total-dependent rescue and
    # redouble read; its ``after`` says whether a doubled hand may do more than stand).
    after_double: Optional[DoubleChain] = None
    _draw: Optional[np.ndarray] = field(default=None, repr=False)
    _bust: Optional[np.ndarray] = field(default=None, repr=False)
    _draw_rules: Optional[kernels.DrawRules] = field(default=None, repr=False)   # to build them later

    @property
    def draw(self) -> np.ndarray:
        """(nodes, 10) probability of each next card value."""
        if self._draw is None:
            self._build_draws()
        assert self._draw is not None
        return self._draw

    @property
    def bust(self) -> np.ndarray:
        """(nodes, 10) joint value of busting with each next card (unit bet)."""
        if self._bust is None:
            self._build_draws()
        assert self._bust is not None
        return self._bust

    def _build_draws(self) -> None:
        assert self._draw_rules is not None
        _, draw, bust = kernels.player_draws(self.nodes.removed, self._draw_rules,
                                             np.zeros(len(self.nodes), dtype=np.uint8))
        if self._draw is None:
            self._draw = draw
        if self._bust is None:    # (a bust array the engine kept, No Bust's, stands)
            self._bust = bust

    def draw_row(self, node: int) -> np.ndarray:
        """``draw[node]``, without building ``draw`` (the same numbers)."""
        if self._draw is not None:
            return self._draw[node]
        return np.array(self.draw_list(node))

    def draw_list(self, node: int) -> list[Any]:
        """``draw[node]`` as a list (Python numbers), without building ``draw``: the same numbers,
        a few times faster than an array where a caller reads them one by one (a split reads a
        row of every hand it starts).

        >>> from bjcalc import Calculator, Rules
        >>> engine = Calculator(Rules(decks=6)).round.engine
        >>> values = engine.fixed_upcard(6, engine.upcard(6).hits)      # (the compiled pass builds no draws)
        >>> values.draw_list(100) == values.draw[100].tolist()
        True
        """
        if self._draw is not None:
            return self._draw[node].tolist()
        rules = self._draw_rules
        assert rules is not None            # kept until draw is built
        counts = rules.counts.tolist()
        left = [c - r for c, r in zip(counts, self.nodes.removed[node].tolist())] if rules.depletes else counts
        if min(left) < 0:
            left = [0] * 10
        total = sum(left)
        share = 1.0 / total if total else 0.0
        return [count * share for count in left]     # (an int times a float: numpy's product of the two)

    def hit_with(self, value: np.ndarray, level: np.ndarray) -> np.ndarray:
        """Hit values of the nodes ``level`` when every child is worth ``value``."""
        return hit_values(self.nodes.child[level], self.draw[level], self.bust[level], value)


def hit_values(kids: np.ndarray, draw: np.ndarray, bust: np.ndarray, value: np.ndarray) -> np.ndarray:
    """Value of drawing one card: each child's ``value`` (or the bust value) by its probability."""
    return (draw * np.where(kids >= 0, value[np.maximum(kids, 0)], bust)).sum(axis=1)


class LevelRows:
    """:meth:`UpcardValues.hit_with` of each of the nodes' levels (``nodes.levels[index]``), with
    the levels' rows (children, draws, bust values) gathered once: the same numbers, for a
    search that values every level on every pass.  Kept by the search, not by the values, so
    that the copies go with it.

    >>> from bjcalc import Calculator, Rules
    >>> values = Calculator(Rules(decks=1)).round.engine.upcard(6)
    >>> level = values.nodes.levels[3]
    >>> bool((LevelRows(values).hit(values.value, 3) == values.hit_with(values.value, level)).all())
    True
    """

    def __init__(self, values: UpcardValues):
        self.values = values
        self._rows: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}

    def hit(self, value: np.ndarray, index: int) -> np.ndarray:
        """Hit values of level ``index``'s nodes when every child is worth ``value``."""
        rows = self._rows.get(index)
        if rows is None:
            v = self.values
            level = v.nodes.levels[index]
            kids = v.nodes.child[level]
            rows = self._rows[index] = (kids >= 0, np.maximum(kids, 0), v.draw[level], v.bust[level])
        known, at, draw, bust = rows
        return (draw * np.where(known, value[at], bust)).sum(axis=1)


class PlayerEngine:
    """Stand/hit/double values of every hand in every context, per up card.

    ``contexts`` maps each :class:`~bjcalc.engine.hands.Context` to the hands played in it;
    the unsplit context (nothing extra removed, optimal play) is always present.  ``like``: an
    engine of the same rules and arithmetic on a shoe with at least these cards of every value,
    whose hand space, nodes and node arrays this one takes instead (``contexts`` and ``space``
    unused): a hand this shoe cannot deal is a node whose removed set is not dealable, valued 0
    and reached with chance 0, as such nodes already are (the up card's value depletes a shoe's
    space too), so every dealable node's numbers are unchanged.  The shoe simulator's depleted
    shoes change their space whenever a count falls below 21 // value; sharing the full shoe's
    spares a node set and a node map per round.

    Its dealer rows are its :class:`~bjcalc.engine.rows.RowSupply`'s (:attr:`rows`): kept once
    evaluated (``rows.keep``, on by default), for another play on the same shoe
    (:meth:`fixed_upcard`) or depleted shoes that borrow them (``rows.borrow_from``,
    :func:`~bjcalc.engine.rows.lend`, which turn it back on).  A caller that values one game
    and stops (the command line) turns it off: the rows of a 6-deck game with resplits are
    about 23 MB beside its values' 30 MB.  With
    ``keep_values`` off (on by default) :meth:`upcard` keeps the last up card's values only:
    a caller that goes through the up cards once, as a game does, peaks lower still.
    """

    nodes: NodeSet
    rows: RowSupply

    def __init__(self, rules: Rules, shoe: Shoe, arithmetic: Arithmetic, dealer: DealerEngine,
                 settlement: Settlement, contexts: Mapping[Context, Union[Sequence[Composition], np.ndarray]],
                 space: Optional[HandSpace] = None, like: Optional["PlayerEngine"] = None,
                 doubles_after_hit: Optional[Callable[[int, bool, bool], Optional[Wager]]] = None):
        self.rules = rules
        self.shoe = shoe
        self.ar = arithmetic
        self.dealer = dealer
        self.settlement = settlement
        self._cache: dict[int, UpcardValues] = {}
        self._standing_by_up: dict[int, tuple[np.ndarray, np.ndarray]] = {}     # (see _standing)
        self.keep_values = True                          # whether _cache keeps every up card's
        self.double_partners: tuple[tuple[np.ndarray, "PlayerEngine"], ...] = ()    # (see double_with)
        if like is not None:
            if like.rules.replace(decks=rules.decks) != rules or like.ar is not arithmetic:    # (decks names no card)
                raise ValueError("an engine can take the nodes of one with the same rules and arithmetic only")
            for name in _NODE_ARRAYS:      # (read only: they depend on the rules and nodes alone)
                setattr(self, name, getattr(like, name))
            self.rows = RowSupply(like.nodes, dealer, shoe, arithmetic)     # (its dealer rows: kept, borrowed, lent)
            if settlement.wager != like.settlement.wager or rules.decks != like.rules.decks:
                self._stand_payoffs(settlement)     # (another chip, or suits of other decks: its own payoffs)
            return
        self.space = space or hand_space(rules, shoe)
        self.nodes = node_set(self.space, contexts)
        nodes = self.nodes
        # Each node decides at its policy source: itself, or the same cards where its
        # strategy was optimised.
        decider = np.array([nodes.contexts.index(Context(c.policy)) if c.policy is not None else i
                            for i, c in enumerate(nodes.contexts)], dtype=np.int64)
        source = nodes.lookup(nodes._codes, decider[nodes.context_id])
        self.source = np.where(decider[nodes.context_id] == nodes.context_id, np.arange(len(nodes)), source)
        self.can_hit = may_hit(rules, nodes.total, nodes.cards, self.space.max_cards)
        self.must_hit = must_hit(rules, nodes.total, self.can_hit)
        # Doubling and surrendering after a hit; a split hand's context removes pair cards.
        split = nodes.split
        self.may_double, self.after_hit_chips = self._doubles_after_hit(doubles_after_hit, split)
        self.may_surrender = may_surrender_after_hit(rules, nodes.cards, split)
        self._stand_payoffs(settlement)
        self.rows = RowSupply(nodes, dealer, shoe, arithmetic)     # its dealer rows: kept, borrowed and lent

    def _stand_payoffs(self, settlement: Settlement) -> None:
        """What standing pays, from the settlement: ``stand_columns`` (by dealer outcome) and each
        node's column of it, ``stand_column`` (:meth:`~bjcalc.engine.settlement.Settlement.stand_columns`);
        ``doubled_columns`` and ``doubled_column`` the same for a doubled hand where the settlement
        pays it otherwise (None: the same), and ``after_double`` what a doubled hand may still do."""
        nodes = self.nodes
        self.stand_columns, self.stand_column = self._stand_table(settlement)
        doubled = settlement.doubled_columns(nodes.total, nodes.cards, nodes.hand, nodes.split)
        self.doubled_columns = None if doubled is None else np.ascontiguousarray(self._payoffs(doubled[0]))
        self.doubled_column = None if doubled is None else np.ascontiguousarray(doubled[1], dtype=np.int64)
        self.after_double = settlement.after_double()

    def _standing(self, up: int) -> tuple[np.ndarray, np.ndarray]:
        """``stand_columns`` and ``stand_column`` against ``up``: the settlement's, or where a
        payoff depends on the up card, those of its settlement against ``up``
        (:meth:`~bjcalc.engine.settlement.Settlement.against`), made once per up card."""
        settlement = self.settlement.against(up)
        if settlement is self.settlement:
            return self.stand_columns, self.stand_column
        made = self._standing_by_up.get(up)
        if made is None:
            made = self._standing_by_up[up] = self._stand_table(settlement)
        return made

    def _stand_table(self, settlement: Settlement) -> tuple[np.ndarray, np.ndarray]:
        """The settlement's stand columns for these nodes, in this engine's arithmetic, and each
        node's column (:meth:`~bjcalc.engine.settlement.Settlement.stand_columns`)."""
        nodes = self.nodes
        columns, column = settlement.stand_columns(nodes.total, nodes.cards, nodes.hand, nodes.split)
        return np.ascontiguousarray(self._payoffs(columns)), np.ascontiguousarray(column, dtype=np.int64)

    def _payoffs(self, table: np.ndarray) -> np.ndarray:
        """A payoff table (whole numbers, or Fractions for a bonus) in this engine's arithmetic."""
        table = np.asarray(table)
        if table.dtype != object:
            return self.ar.integers(table)
        if self.ar.exact:      # (whole numbers may be numpy's: made Python ints first)
            return np.vectorize(lambda v: self.ar.convert(v if isinstance(v, Fraction) else int(v)),
                                otypes=[object])(table)
        return table.astype(np.float64)

    @property
    def doubles_own_way(self) -> bool:
        """Whether a double here is more than its stake times the hand standing after one card: a
        doubled hand paid by its own table, or offered a rescue or a redouble (:meth:`_doubles`)."""
        return self.doubled_columns is not None or self.after_double.offers_more

    def _doubles(self, by_set: np.ndarray, blackjack: np.ndarray, stand: np.ndarray, draw: np.ndarray,
                 bust: np.ndarray) -> tuple[np.ndarray, DoubleChain]:
        """Joint value of doubling at every node, where :attr:`doubles_own_way` (``stand``: the
        nodes' stand values, ``draw`` and ``bust`` their next cards' chances and bust values), and
        its :class:`DoubleChain` (what a total-dependent play reads).

        After each double's card the hand stands (on the doubled table), is rescued or doubles
        again (:class:`DoubleChain`), the choice made at the node's policy source (CDZ- decides a
        split hand's as the same cards unsplit would), ties to the earlier of stand, rescue,
        redouble."""
        ar, nodes, after = self.ar, self.nodes, self.after_double
        if self.doubled_columns is not None:
            standing = self._stand_by_set(by_set, self.doubled_columns)[nodes.removed_index, self.doubled_column]
        else:
            standing = stand
        chain = DoubleChain(after, standing, blackjack, draw, bust, nodes.child, self.can_hit,
                            None if after.rescue is None else ar.convert(after.rescue),
                            self.settlement.hand_blackjack_payoff)
        source = self.source

        def best(j: int, options: Sequence[tuple[str, np.ndarray, Optional[np.ndarray]]]) -> np.ndarray:
            best, chosen = options[0][1][source], np.zeros(len(nodes), dtype=np.int64)
            for code, (_, values, allowed) in enumerate(options[1:], 1):
                better = np.asarray(ar.better(values[source], best), dtype=bool)
                if allowed is not None:
                    better &= allowed[source] & allowed
                chosen[better] = code
                best = np.where(better, values[source], best)
            return chosen

        return chain.value(best), chain

    def _doubles_after_hit(self, added: Optional[Callable[[int, bool, bool], Optional[Wager]]],
                           split: np.ndarray) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """Which nodes of three or more cards may double, and which kind of chip each such double
        adds (by the chip's name: disjoint masks).  ``added(hard, soft, split)`` names the chip
        (None: no double there); without it the rules say (``double_after_hit``), a money chip."""
        nodes, rules = self.nodes, self.rules
        if added is None:
            def added(hard: int, soft: bool, split: bool) -> Optional[Wager]:
                return MONEY if may_double_after_hit(rules, hard, soft, 3, True, split) else None
        eligible = (nodes.cards >= 3) & self.can_hit
        code = (nodes.hard * 2 + nodes.soft) * 2 + split
        chips: dict[str, np.ndarray] = {}
        for klass in np.unique(code[eligible]).tolist():
            wager = added(klass // 4, bool(klass // 2 % 2), bool(klass % 2))
            if wager is not None:
                mask = eligible & (code == klass)
                chips[wager.name] = chips[wager.name] | mask if wager.name in chips else mask
        may = np.zeros(len(nodes), dtype=bool)
        for mask in chips.values():
            may |= mask
        return may, chips

    def double_with(self, engines: Mapping[str, "PlayerEngine"]) -> None:
        """Value a double after a hit that adds another kind of chip than this engine's (Free
        Bet's free double on a hard 9-11 of three cards, on a money hand) as this engine's chip
        after one card plus the other chip's, read from its engine in ``engines`` (by chip name),
        which must not itself need another.  Called once, before any value is asked for."""
        own = self.settlement.wager.name
        partners = tuple((mask, engines[name]) for name, mask in self.after_hit_chips.items() if name != own)
        if any(partner.double_partners for _, partner in partners):
            raise ValueError("a double's chip is valued by an engine that needs another engine's doubles")
        self.double_partners = partners

    def _double_added(self, up: int) -> Optional[tuple[np.ndarray, np.ndarray]]:
        """Where a double after a hit adds another kind of chip (:meth:`double_with`): those nodes,
        and there the added chip's value after one card (its engine's double over its stake)."""
        if not self.double_partners:
            return None
        where = np.zeros(len(self.nodes), dtype=bool)
        added = self.ar.zeros(len(self.nodes))
        for mask, partner in self.double_partners:
            added[mask] = (partner.upcard(up).double * self.ar.scalar(1, DOUBLE_STAKE))[mask]
            where |= mask
        return where, added

    def upcard(self, up: int) -> UpcardValues:
        """All node values against ``up`` (computed once, then cached; see ``keep_values``)."""
        values = self._cache.get(up)
        if values is None:
            if not self.keep_values:
                self._cache.clear()          # (before the next is made: one up card's values at a time)
            values = self._evaluate(up)
            self._remember(up, values)
        return values

    def _remember(self, up: int, values: UpcardValues) -> None:
        """Cache ``values`` as :meth:`upcard`'s for ``up`` (alone, where values are not kept)."""
        if not self.keep_values:
            self._cache.clear()
        self._cache[up] = values

    def forced_sets(self, up: int, hits: np.ndarray) -> Optional[np.ndarray]:
        """The removed sets (indices of ``nodes.removed_sets``) whose dealer rows
        :meth:`fixed_upcard` (without ``best_too``) asks for, for the play hitting where ``hits``
        says, where it asks for those alone: the sets of :func:`forced_reach`, one array for
        every shoe of these nodes (so a lender can make their batch ahead,
        :meth:`~bjcalc.engine.rows.RowSupply.prepare_lent`).
        None where it does not (doubling or surrendering after a hit; a hand that can leave the
        dealer too few cards).

        >>> from bjcalc import Calculator, Rules
        >>> engine = Calculator(Rules(decks=1)).round.engine
        >>> hits = engine.upcard(6).hits
        >>> bool((engine.forced_sets(6, hits) == forced_reach(engine.nodes, hits).sets).all())
        True
        >>> Calculator(Rules(decks=1, double_after_hit=True)).round.engine.forced_sets(6, hits) is None
        True
        """
        reach = self._reach_alone(up, hits)
        return None if reach is None else reach.sets

    def _reach_alone(self, up: int, hits: np.ndarray) -> Optional["ForcedReach"]:
        """The hands :meth:`fixed_upcard` (without ``best_too``) values for the play hitting
        where ``hits`` says, where it values those alone (:func:`forced_reach`): None where it
        values none (doubling or surrendering after a hit) or every one (a hand that can leave
        the dealer too few cards)."""
        if self.may_double.any() or self.may_surrender.any() or not self._never_runs_out(up):
            return None
        return forced_reach(self.nodes, hits)


    def _evaluate(self, up: int) -> UpcardValues:
        """Every node's values against ``up`` under the best play: the compiled pass in floats
        where it is built (:meth:`_evaluate_compiled`), else the numpy pass (:meth:`_pass`)."""
        outcome = self.rows.outcome(up)
        if not self.ar.exact and kernels.player_available():
            by_set, index = outcome.probabilities, self.nodes.removed_index
            return self._evaluate_compiled(up, by_set, by_set[index, BLACKJACK], outcome.exhausted[index])
        values = self._pass(up, outcome)
        assert values is not None
        return values

    def fixed_upcard(self, up: int, hits: np.ndarray, best_too: bool = False) -> Optional[UpcardValues]:
        """All node values against ``up`` when each node hits where ``hits`` says and stands
        elsewhere (a strategy made for another shoe, played on this one): ``value`` and ``hit``
        follow those decisions; ``stand``, ``double`` and the rest are :meth:`upcard`'s where
        they are valued (with ``best_too``, every node; else see below).  The
        compiled loop of :meth:`upcard` with the decisions forced, so the numbers are those of
        the numpy recursion with them; in exact arithmetic (or without the compiled loop) that
        recursion over the reached hands (:meth:`_pass`).  None where neither serves:
        doubling or surrendering after a hit, or a round that can run out of cards (whose flags
        depend on every hand that could hit), and exact arithmetic with ``best_too``.
        ``best_too``: value this shoe's own best play in
        the same pass and keep it for :meth:`upcard` (the same numbers, for a caller that wants
        both plays: one pass shares each node's stand, draws and bust values).  Without it only
        the hands the play can reach are valued (:meth:`NodeSet.reachable`: every first action's
        too), with only their dealer rows; the others read 0, and so do the hit, double and
        cards left of a reached hand of three or more cards the play stands on.

        >>> from bjcalc import Calculator, Rules
        >>> engine = Calculator(Rules(decks=6)).round.engine
        >>> values = engine.upcard(6)
        >>> forced = engine.fixed_upcard(6, values.hits)
        >>> reach = engine.nodes.reachable(values.hits)
        >>> first = reach & (values.hits | (engine.nodes.cards <= 2))     # (whose hits read reached hands)
        >>> bool((forced.value[reach] == values.value[reach]).all() and (forced.hit[first] == values.hit[first]).all())
        True
        >>> float(reach.mean()) < 0.5 and bool((forced.value[~reach] == 0).all())
        True
        >>> other = Calculator(Rules(decks=6), engine.shoe.remove("5", "5")).round.engine
        >>> forced = other.fixed_upcard(6, values.hits, best_too=True)      # both plays in one pass
        >>> best = other.upcard(6)
        >>> alone = Calculator(Rules(decks=6), engine.shoe.remove("5", "5")).round.engine
        >>> bool((best.value == alone.upcard(6).value).all()
        ...      and (forced.value[reach] == alone.fixed_upcard(6, values.hits).value[reach]).all())
        True
        """
        if self.may_double.any() or self.may_surrender.any():
            return None
        nodes = self.nodes
        reach = None if best_too else self._reach_alone(up, hits)
        if self.ar.exact or not kernels.player_available():
            return None if reach is None else self._pass(up, reach=reach)
        if reach is None:
            outcome = self.rows.outcome(up)
            exhausted = outcome.exhausted[nodes.removed_index]
            if exhausted.any():
                return None
            blackjack = outcome.probabilities[nodes.removed_index, BLACKJACK]
        else:      # (the hands this play reaches, and their rows, only)
            outcome = self.rows.rows_of(up, reach.sets)
            if outcome.exhausted.any():
                return None
            exhausted = np.zeros(len(nodes), dtype=bool)
            blackjack = reach.at_nodes(outcome.probabilities[:, BLACKJACK], 0.0)
        if best_too and up not in self._cache:
            # (upcard's own call: the same dealer rows, flags and blackjack chances)
            best, values = self._evaluate_compiled(up, outcome.probabilities, blackjack, exhausted, both=hits)
            self._remember(up, best)
        else:
            values = self._evaluate_compiled(up, outcome.probabilities, blackjack, exhausted, forced=hits,
                                             only=reach)
        return None if values.exhausted.any() else values

    def _pass(self, up: int, outcome: Any = None, reach: Optional["ForcedReach"] = None) -> Optional[UpcardValues]:
        """The player pass in numpy, the definition :meth:`_evaluate_compiled` follows in C
        operation for operation (so: exact arithmetic, and floats where that loop is not built).

        Each node's stand value is read from its dealer row (``outcome``: the rows of every
        removed set), its next cards' chances and bust values from the cards left; then, level by
        level from the deepest hands, its hit value from its children's values, its action and
        its value.  Without ``reach`` every node is valued and takes the best action offered
        (ties to the earlier; a split hand's as its policy source's), run-outs tracked.  With
        ``reach`` (:meth:`fixed_upcard`) only the nodes a fixed play reaches are, from their
        dealer rows alone, hitting where its hits say and standing elsewhere; the others read 0,
        and so do the hit, double, draws and cards left of a reached node of three or more cards
        the play stands on (no play reads them); no surrender values (none after a hit here);
        None if a reached hand's dealer can run out of cards."""
        ar, nodes = self.ar, self.nodes
        n, child = len(nodes), nodes.child
        columns, column = self._standing(up)
        busy: Any = slice(None)      # (the nodes whose draws are read: every one, or a fixed play's)
        if reach is None:
            by_set = outcome.probabilities
            exhausted = outcome.exhausted[nodes.removed_index]       # (a copy: fancy indexing)
            blackjack = by_set[nodes.removed_index, BLACKJACK]
            stand = self._stand_by_set(by_set, columns)[nodes.removed_index, column]
        else:
            outcome = self.rows.rows_of(up, reach.sets)
            if outcome.exhausted.any():
                return None
            by_set = outcome.probabilities
            exhausted = np.zeros(n, dtype=bool)       # (none: no reached hand runs out)
            blackjack = reach.at_nodes(by_set[:, BLACKJACK], ar.scalar(0))
            every = reach.every
            stand = ar.zeros(n)
            stand[every] = self._stand_by_set(by_set, columns)[reach.row[every], column[every]]
            busy = np.flatnonzero(reach.mask & ~reach.stand_only)
        left, valid = self.dealer.remaining(up, nodes.removed[busy])
        left = np.where(valid[:, None], left, 0)
        cards_left = left.sum(axis=1)
        draw = ar.rationals(left, cards_left[:, None])
        bust = self._lost_busts(up, left, cards_left, draw, exhausted if reach is None else exhausted[busy])
        if reach is not None:      # (the busy nodes' rows in place, zeros elsewhere)
            cards_left, draw, bust = (_spread(busy, rows, zeros) for rows, zeros in
                                      ((cards_left, np.zeros(n, dtype=np.int64)), (draw, ar.zeros((n, 10))),
                                       (bust, ar.zeros((n, 10)))))
        bust = np.asarray(self._settled_busts(up, bust, exhausted))
        kids = child[busy]
        one = (draw[busy] * np.where(kids >= 0, stand[np.maximum(kids, 0)], bust[busy])).sum(axis=1)
        after_double, surrender = None, None
        if reach is not None:
            double = _spread(busy, DOUBLE_STAKE * one, ar.zeros(n))
            action = (reach.hits & reach.mask).astype(np.uint8)       # (a node standing alone never hits)
        else:
            double, after_double = (self._doubles(by_set, blackjack, stand, draw, bust) if self.doubles_own_way
                                    else (DOUBLE_STAKE * one, None))
            added = self._double_added(up)
            if added is not None:     # (a double adding another kind of chip: one of each)
                double = np.where(added[0], one + added[1], double)
            surrender = self.surrender_values(blackjack)
            action = np.zeros(n, dtype=np.uint8)
        hit, value, hits = ar.zeros(n), ar.zeros(n), action == 1
        choices = (stand, hit, double, ar.zeros(n) if surrender is None else surrender)
        track_exhaustion = bool(exhausted.any())
        after_hit = bool(self.may_double.any() or self.may_surrender.any())
        for level in nodes.levels:
            if reach is not None:
                level = level[reach.mask[level]]
            if not len(level):
                continue
            going = level if reach is None else level[~reach.stand_only[level]]
            hit[going] = hit_values(child[going], draw[going], bust[going], value)
            if reach is None:
                if track_exhaustion:   # a node that can run out of cards by hitting taints its parents
                    kids = child[level]
                    exhausted[level] |= self.can_hit[level] & (
                        (np.where(kids >= 0, exhausted[np.maximum(kids, 0)], False)) & (draw[level] != 0)).any(axis=1)
                hits[level] = self.can_hit[level] & (self.must_hit[level] | ar.better(hit[level], stand[level]))
                hits[level] = hits[self.source[level]]
                if after_hit:
                    self._choose_after_hit(level, hits, action, stand, hit, double, choices[3])
                else:
                    action[level] = hits[level]
            value[level] = np.choose(action[level], tuple(choice[level] for choice in choices))
        return UpcardValues(up, nodes, blackjack, stand, hit, value, action == 1, double, self.can_hit,
                            self.must_hit, exhausted, cards_left, ar, self.source, surrender, self.may_double,
                            self.may_surrender, action, after_double, _draw=draw, _bust=bust)

    def _stand_by_set(self, by_set: np.ndarray, columns: Optional[np.ndarray] = None) -> np.ndarray:
        """The value of standing on each total (a column of ``stand_columns``, or of ``columns``)
        for each row of dealer outcomes ``by_set``."""
        columns = self.stand_columns if columns is None else columns
        if self.ar.exact:
            return _signed_sums(by_set, columns)
        # (einsum: for this thin product it beats BLAS, whose threads only add overhead)
        return np.einsum("so,ot->st", by_set, columns)

    def _never_runs_out(self, up: int) -> bool:
        """Whether no hand of the nodes can leave the dealer too few cards against ``up`` (a shoe
        larger than the most cards a hand removes, the dealer draws and burns): then a play that
        reaches fewer hands finds no run-out the whole evaluation would, so it deals the rounds
        the best play deals (the shoe simulator's rule)."""
        if self.shoe.is_infinite:
            return True
        counts = self.dealer.counts
        most = self.nodes.most_removed
        draws = len(self.dealer.tree(up).levels) + self.dealer.procedure.most_cards_burned(tuple(counts))
        return bool(int(counts.sum()) - 1 - most > draws)

    def surrender_values(self, blackjack: np.ndarray) -> np.ndarray:
        """Joint value of surrendering each node (``blackjack``: P(dealer blackjack) at each): half
        the bet when the dealer has none; a dealer blackjack is settled as for late surrender."""
        return surrender_value(blackjack, self.settlement.hand_blackjack_payoff, self.ar.convert(SURRENDER_LOSS))

    def _choose_after_hit(self, level: np.ndarray, hits: np.ndarray, action: np.ndarray, stand: np.ndarray,
                          hit: np.ndarray, double: np.ndarray, surrender: np.ndarray) -> None:
        """``action`` of the nodes ``level`` (``hits``: their stand/hit choice at their sources): the
        best of the node's own actions by its policy source's values; ties to the earlier action."""
        source = self.source[level]
        chosen = hits[level].astype(np.uint8)
        best = np.where(hits[level], hit[source], stand[source])
        for code, values, allowed in ((2, double, self.may_double), (3, surrender, self.may_surrender)):
            better = allowed[level] & np.asarray(self.ar.better(values[source], best), dtype=bool)
            chosen[better] = code
            best = np.where(better, values[source], best)
        action[level] = chosen

    def _evaluate_compiled(self, up: int, by_set: np.ndarray, blackjack: np.ndarray, exhausted: np.ndarray,
                           forced: Optional[np.ndarray] = None, both: Optional[np.ndarray] = None,
                           only: Optional["ForcedReach"] = None) -> Any:
        """The numpy pass (:meth:`_pass`) in C (floats): the same operations in the
        same order, so the same numbers, in one pass over the nodes.  ``forced``: hit exactly
        there (each node its own decider; see :meth:`fixed_upcard`).  ``both``: the best play
        and the play forced by ``both`` in one pass, as two values (best first).  ``only`` (with
        ``forced``): value the nodes that play reaches (:func:`forced_reach`), whose dealer rows
        ``by_set`` holds in the order of its ``sets``, and give the others zeros; a node of three
        or more cards it does not hit gets its stand value alone (its hit, double and cards left
        read 0: no play reads them), and with no surrender after a hit the values hold no
        surrender values (None)."""
        nodes = self.nodes
        flags = exhausted.astype(np.uint8)
        rules = self._draw_rules(up)
        bust = None
        if self._bust_rows():   # busts settled by the dealer's hand (No Bust): the whole array, patched
            _, _, bust = kernels.player_draws(nodes.removed, rules, flags)
            bust = self._settled_busts(up, bust, flags)
        level_start, order = nodes.play_order
        stand_only, rows = None, nodes.removed_index
        if only is not None:
            level_start, order, stand_only, rows = only.level_start, only.order, only.stand_only, only.row
        # (a fixed play's pass with no surrender after a hit: no node's surrender value is read)
        surrender = (None if only is not None and not self.may_surrender.any()
                     else self.surrender_values(blackjack))
        can_hit, must_hit, source = ((self.can_hit, self.must_hit, self.source) if forced is None else
                                     (forced, forced, nodes.indices))
        added = self._double_added(up) if forced is None else None    # (a forced play never doubles)
        double_added = None if added is None else np.where(added[0], added[1], np.nan)
        double_given, after_double = None, None
        columns, column = self._standing(up)
        if self.doubles_own_way and forced is None:
            _, draw, bust_rows = kernels.player_draws(nodes.removed, rules, flags.copy())
            bust_rows = bust_rows if bust is None else bust
            stand = self._stand_by_set(by_set, columns)[nodes.removed_index, column]
            double_given, after_double = self._doubles(by_set, blackjack, stand, draw, bust_rows)
        cards_left, stand, hit, value, action, double, *fixed = kernels.player_play(
            level_start, order, nodes.child, nodes.removed, rules, bust, by_set, rows,
            columns, column, can_hit, must_hit, source, flags,
            self.may_double, self.may_surrender, _NO_VALUES if surrender is None else surrender, DOUBLE_STAKE,
            forced=both,
            zeroed=only is not None,
            stand_only=stand_only,
            double_added=double_added,
            double_given=double_given)

        def values(hit: np.ndarray, value: np.ndarray, action: np.ndarray, flags: np.ndarray) -> UpcardValues:
            return UpcardValues(up, nodes, blackjack, stand, hit, value, action == 1, double, self.can_hit,
                                self.must_hit, flags.astype(bool), cards_left, self.ar, self.source, surrender,
                                self.may_double, self.may_surrender, action, after_double, _bust=bust,
                                _draw_rules=rules)

        if both is None:
            return values(hit, value, action, flags)
        forced_hit, forced_value, forced_flags = fixed
        return values(hit, value, action, flags), values(forced_hit, forced_value, both.astype(np.uint8),
                                                         forced_flags)

    def _draw_rules(self, up: int) -> kernels.DrawRules:
        """What the compiled engine needs to build a node's draws and bust values against ``up``."""
        depletes = not self.shoe.is_infinite
        counts = self.dealer.counts - (np.arange(1, 11) == up) if depletes else self.dealer.counts
        partner, share, fixed = -1, 0.0, 0.0
        if up in (1, 10):
            partner = 9 if up == 1 else 0      # the hole card that makes a blackjack
            share = self.ar.convert(self.dealer.procedure.hole_blackjack_share(up))
            if not depletes:
                fixed = share * self.ar.scalar(int(self.dealer.counts[partner]), int(self.dealer.counts.sum()))
        return kernels.DrawRules(counts, depletes, partner, share, fixed, float(self.settlement.bust_payoff()),
                                 float(self.settlement.hand_blackjack_payoff))

    def _bust_rows(self) -> dict[int, np.ndarray]:
        """Bust payoffs that depend on the dealer's hand, by the bust's hard total (three-card hands)."""
        rows = {t: self.settlement.bust_row(3, t) for t in range(22, 31)}
        return {t: row for t, row in rows.items() if row is not None}

    def _bust_values(self, up: int, left: np.ndarray, cards_left: np.ndarray, draw: np.ndarray,
                     exhausted: np.ndarray) -> np.ndarray:
        """Joint value of busting with each next card: the bet is lost unless a dealer
        blackjack (found afterwards) is settled elsewhere, or the variant settles the bust by the
        dealer's hand (:meth:`_settled_busts`)."""
        return self._settled_busts(up, self._lost_busts(up, left, cards_left, draw, exhausted), exhausted)

    def _lost_busts(self, up: int, left: np.ndarray, cards_left: np.ndarray, draw: np.ndarray,
                    exhausted: np.ndarray) -> np.ndarray:
        """:meth:`_bust_values` of rows of nodes (``left``: their cards left) before a variant
        settles any bust by the dealer's hand: the bet lost unless a dealer blackjack is found."""
        ar = self.ar
        shape = left.shape
        # A blackjack needs the partner card in the hole, and some procedures (Burn 20)
        # make only a share of those hole cards a blackjack.
        share = ar.convert(self.dealer.procedure.hole_blackjack_share(up))
        if up in (1, 10) and not self.shoe.is_infinite:
            partner = 9 if up == 1 else 0      # the hole card that makes a blackjack
            remaining = left[:, partner][:, None] - (np.arange(10) == partner)[None, :]
            after = cards_left[:, None] - 1
            runs_out = (after <= 0) & (draw != 0)
            exhausted |= runs_out.any(axis=1)
            blackjack = share * ar.rationals(np.maximum(remaining, 0), np.broadcast_to(np.maximum(after, 0), shape))
        elif up in (1, 10):
            partner = 9 if up == 1 else 0
            counts = self.dealer.counts
            blackjack = np.broadcast_to(share * ar.scalar(int(counts[partner]), int(counts.sum())), shape)
        else:
            blackjack = np.broadcast_to(ar.scalar(0), shape)
        lose = self.settlement.bust_payoff()
        on_blackjack = self.settlement.hand_blackjack_payoff
        if ar.exact and (up not in (1, 10) or on_blackjack == lose):
            # (no blackjack to find, or it pays the same: every cell is the loss, exactly)
            bust = np.full(shape, ar.scalar(lose), dtype=object)
        else:
            bust = np.array(lose * (1 - blackjack) + on_blackjack * blackjack)
        return bust

    def _settled_busts(self, up: int, bust: np.ndarray, exhausted: np.ndarray) -> np.ndarray:
        """Busts whose payoff depends on the dealer's hand (No Bust's three-card pushes):
        evaluate the dealer with the busting card also gone."""
        nodes = self.nodes
        rows = self._bust_rows()
        if not rows:
            return bust
        cells = [(i, v) for i in np.flatnonzero(nodes.cards == 2) for v in range(1, 11)
                 if nodes.hard[i] + v > 21 and int(nodes.hard[i]) + v in rows]
        if not cells:
            return bust
        index, value = np.array(cells).T
        removed = nodes.removed[index] + np.eye(10, dtype=np.int64)[value - 1]
        outcome = self.dealer.evaluate(up, removed)
        table = self.ar.integers(np.array([rows[int(nodes.hard[i]) + v] for i, v in cells]))
        bust = bust.astype(self.ar.dtype)
        bust[index, value - 1] = (outcome.probabilities * table).sum(axis=1)
        exhausted[index[outcome.exhausted]] = True
        return bust


_NODE_ARRAYS = ("space", "nodes", "source", "can_hit", "must_hit", "may_double", "after_hit_chips", "may_surrender",
                "stand_columns", "stand_column", "doubled_columns", "doubled_column", "after_double")
"""What a :class:`PlayerEngine` built ``like`` another takes from it."""

def node_set(space: HandSpace, contexts: Mapping[Context, Union[Sequence[Composition], np.ndarray]]) -> NodeSet:
    """The :class:`NodeSet` of these contexts in ``space``, built once: most depleted shoes of a
    game have the same hand space and contexts (the shoe simulator values one every round, the
    effects of removal ten), and then share one node set, which also maps the strategy's nodes
    onto theirs for nothing (:func:`~bjcalc.game.removal.node_map`).  A node set is never changed
    after it is built.

    >>> from bjcalc.core.rules import Rules
    >>> from bjcalc.engine.splits import split_contexts
    >>> rules, full, less = Rules(), Shoe.decks(6), Shoe.decks(6).remove("5")
    >>> nodes = [node_set(hand_space(rules, s), split_contexts(rules, s, "CDZ-", hand_space(rules, s)))
    ...          for s in (full, less)]
    >>> nodes[0] is nodes[1]
    True
    """
    key = (space, tuple((context, np.asarray(hands, dtype=np.int64).tobytes() if isinstance(hands, np.ndarray)
                         else tuple(hands)) for context, hands in contexts.items()))
    return WORKSPACE.built("node sets", key, lambda: NodeSet(space, contexts))


def hand_space(rules: Rules, shoe: Shoe) -> HandSpace:
    """Every composition the shoe can deal a player under these rules.

    A hand of hard total at most 21 holds at most 21 // v cards of value v, so counts above that
    leave the space unchanged: capped there, most depleted shoes of a game share one space (built
    once; the shoe simulator values a new shoe every round).

    >>> from bjcalc.core.rules import Rules
    >>> hand_space(Rules(), Shoe.decks(6)) is hand_space(Rules(), Shoe.decks(6).remove("5", "T"))
    True
    """
    if shoe.is_infinite:
        return _hand_space(None, rules.most_hand_cards)
    return _hand_space(tuple(min(n, 21 // v) for v, n in enumerate(shoe.value_counts(), 1)), rules.most_hand_cards)


def _hand_space(limit: Optional[tuple[int, ...]], max_cards: Optional[int]) -> HandSpace:
    return WORKSPACE.built("hand spaces", (limit, max_cards), lambda: HandSpace(limit, max_cards))


@dataclass(frozen=True)
class ForcedReach:
    """What a pass valuing a fixed play needs that depends on the nodes and the play alone, the
    same for every shoe the play is valued on (a fixed play's effects of removal value ten).

    ``hits``: where the play hits; ``mask``: the nodes it reaches (:meth:`NodeSet.reachable`),
    ``every`` their indices; ``sets``: the removed sets they remove (indices of
    ``removed_sets``, ascending) and ``row`` each node's set's place among them (0 where not
    reached); ``level_start`` and ``order``: ``NodeSet.play_order`` less the nodes not reached;
    ``stand_only``: the reached hands of three or more cards the play does not hit, whose
    stand value alone any play reads (a first action, hit or double, is taken on one or two
    cards).  Shared by every shoe and thread that values the play, so its arrays are read-only.

    >>> from bjcalc import Calculator, Rules
    >>> engine = Calculator(Rules(decks=6)).round.engine
    >>> reach = forced_reach(engine.nodes, engine.upcard(6).hits)
    >>> bool((reach.sets[reach.row[reach.every]] == engine.nodes.removed_index[reach.every]).all())
    True
    """

    hits: np.ndarray
    mask: np.ndarray
    every: np.ndarray
    sets: np.ndarray
    row: np.ndarray
    level_start: np.ndarray
    order: np.ndarray
    stand_only: np.ndarray

    def at_nodes(self, by_set: np.ndarray, zero: Any) -> np.ndarray:
        """A value per removed set of ``sets`` (in their order) at each reached node, ``zero`` at
        the others."""
        out = np.full(len(self.mask), zero, dtype=by_set.dtype)
        out[self.every] = by_set.take(self.every_row)
        return out

    @cached_property
    def every_row(self) -> np.ndarray:
        """``row[every]``: each reached node's set's place among ``sets`` (read-only; asked for by
        every shoe the play is valued on)."""
        rows = self.row[self.every]
        rows.flags.writeable = False
        return rows


def _spread(rows: np.ndarray, values: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``out`` (zeros) with ``values``, one per index of ``rows`` along the first axis, at ``rows``."""
    out[rows] = values
    return out


_NO_VALUES = np.empty(0)
"""An array the compiled pass never reads (surrender values where no node may surrender)."""

_FORCED_LOCK = threading.Lock()


def forced_reach(nodes: NodeSet, hits: np.ndarray) -> ForcedReach:
    """:class:`ForcedReach` of the play hitting where ``hits`` says on ``nodes``, kept for the
    next shoes that play it (a fixed play is valued on ten shoes, or on every shoe of a
    simulation: one play per up card): up to 16 plays per node set, all forgotten when a 17th
    comes (about 0.9 MB each for a 6-deck game's node set)."""
    key = np.packbits(hits).tobytes()
    known: dict[bytes, ForcedReach] = WORKSPACE.beside("forced reaches", nodes)
    with _FORCED_LOCK:
        reach = known.get(key)
    if reach is not None:
        return reach
    mask = nodes.reachable(hits)
    every = np.flatnonzero(mask)
    sets, place = np.unique(nodes.removed_index[every], return_inverse=True)
    row = np.zeros(len(nodes), dtype=np.int64)
    row[every] = place.reshape(-1)
    level_start, order = nodes.play_order
    kept = mask[order]
    arrays = (hits.copy(), mask, every, sets, row, np.concatenate([[0], np.cumsum(kept)])[level_start],
              order[kept], mask & ~hits & (nodes.cards > 2))
    for array in arrays:
        array.flags.writeable = False
    reach = ForcedReach(*arrays)
    with _FORCED_LOCK:
        if len(known) >= 16:
            known.clear()
        return known.setdefault(key, reach)


def _signed_sums(by_set: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """``by_set @ columns`` in exact arithmetic for a table of whole-number payoffs: each column
    is the one before it plus the few outcome columns whose payoff changes (standing on one more
    point wins or pushes a dealer total more), so a handful of rational sums replaces a product
    per cell (exact, so the order of the terms cannot change a value); a table of other numbers
    takes the product itself.

    >>> rows = np.array([[1, 2, 3], [4, 5, 6]], dtype=object)
    >>> table = np.array([[-1, 0], [-1, 1], [1, 2]], dtype=object)
    >>> bool((_signed_sums(rows, table) == rows.dot(table)).all())
    True
    """
    payoffs = columns.tolist()
    if by_set.shape[0] == 0 or not all(type(payoff) is int for row in payoffs for payoff in row):
        return by_set.dot(columns)
    outcomes = by_set.T
    out = np.empty((by_set.shape[0], columns.shape[1]), dtype=object)
    total = outcomes[0] * 0
    before = [0] * len(payoffs)
    for t in range(columns.shape[1]):
        for o, row in enumerate(payoffs):
            change = row[t] - before[o]
            if change:
                total = total + (outcomes[o] if change == 1 else -outcomes[o] if change == -1
                                 else change * outcomes[o])
            before[o] = row[t]
        out[:, t] = total
    return out
