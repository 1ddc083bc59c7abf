"""Whether a split round can run out of cards under a fixed play, exactly: the card sets its
hands can reach, followed hand by hand.

The split values of :mod:`bjcalc.engine.splits` treat the cards a later hand does not see as
unseen random cards.  That holds only where no dealing sequence ever draws from an empty
shoe; otherwise the value is not the game's (24 twos split to four hands read +4).  One hand
and the dealer are checked by the player engine (a node's ``exhausted``); the split hands of
one round share the shoe, and only the play tells how many cards they take together.  A shoe
of at least :func:`~bjcalc.engine.splits.most_round_cards` cards can never run out
(:func:`round_may_run_out`), and a smaller one may or may not, by the strategy: the brute
force's test shoes split four ways on 14 cards without running out.

Below that size the play is followed, in four steps, each cheap before the next:

1. the same count knowing the play: a split hand draws only at a hard total the play draws
   at, so its cards but the pair card and the last sum to at most the highest such total
   (16, say, instead of 21);
2. a quick depth-first search, smallest cards and longest hands first, for one dealing that
   runs out (a few hundred states: most shoes that run out are found here);
3. the whole walk: every multiset of cards the split hands can take, hand by hand in the
   order :mod:`bjcalc.engine.splits` deals them (a hand draws second cards, splitting off
   every card of the pair's rank while fewer hands than the most exist, then plays out; then
   the next hand), each draw only of a card still in the shoe, the multisets kept as bit
   fields (:class:`_Codes`) so that a step is a few numpy operations.  A step of more than
   :data:`MAX_SETS` sets is refused with its size;
4. the dealer after each multiset where it draws.

The dealer's hole card is dealt before the hands play, so a split hand runs out where it must
draw (a second card, a hit, a double) and only the hole card is left.  After the hands, the
dealer draws only where some hand's result depends on it (not where every hand busted and
loses whatever the dealer holds, as with an unsplit hand); there the round runs out if the
dealer can (:meth:`~bjcalc.engine.dealer.DealerEngine.evaluate`'s ``exhausted``).

A play is given as ``first(count, card)``, the node and first action (0 stand, 1 hit, 2
double) of a split hand of the pair and ``card`` while ``count`` hands exist, and ``plays``,
each node's action once the hand plays on there (an index of
:data:`~bjcalc.engine.player.NODE_ACTIONS`: stand, hit, double, surrender).
:func:`split_play_decisions` gives both for the post-split strategy, or for a strategy made on
another shoe; the total-dependent chart gives its own.

>>> from bjcalc import Calculator, Rules, Shoe
>>> round_ = Calculator(Rules(), Shoe.from_counts({2: 24})).round
>>> decisions = lambda: split_play_decisions(round_.upcard(2), round_.rules, "CDZ-", 2, 21)
>>> split_runs_out(round_.dealer_engine, round_.upcard(2).nodes, 2, 2, 4, decisions, lambda c, h: True)
True
"""

from __future__ import annotations

import functools
from typing import Callable, Optional, Sequence

import numpy as np

from .dealer import DealerEngine
from .hands import BUST, EMPTY, Context, NodeSet
from .player import UpcardValues
from .splits import SplitPlay, most_round_cards, pair_cards, policy_extra
from ..core.actions import POST_SPLIT_ACTIONS, post_split_actions
from ..core.errors import TooLargeError
from ..core.words import rule
from ..core.rules import Rules

__all__ = ["FirstAction", "Decisions", "WITNESS_STATES", "MAX_SETS", "round_may_run_out", "split_runs_out",
           "split_context", "split_play_decisions", "node_plays", "value_label"]

FirstAction = Callable[[int, int], Optional[tuple[int, int]]]
"""``first(count, card)``: the node and first action (0 stand, 1 hit, 2 double) of a split
hand holding a card of the pair and ``card`` while ``count`` hands exist (None: never dealt)."""

Decisions = Callable[[], "tuple[FirstAction, np.ndarray]"]
"""``decisions()``: ``(first, plays)``, made only when the shoe is small enough to ask."""

_HIT, _DOUBLE, _SURRENDER = 1, 2, 3


class _RunsOut(Exception):
    """A hand must draw and the shoe is empty."""


def round_may_run_out(dealer: DealerEngine, left: Sequence[int], hands: int, up: Optional[int] = None) -> bool:
    """Whether ``hands`` player hands and the dealer could take more than the ``left`` cards
    (counts by value after the deal) whatever the play, under up card value ``up`` (None: any):
    the cheap test before following it.

    >>> from bjcalc.core.cards import Shoe
    >>> from bjcalc.engine.dealer import StandardDealer
    >>> deck = DealerEngine(Shoe.decks(1), StandardDealer(False))
    >>> round_may_run_out(deck, [4] * 9 + [15], 4), round_may_run_out(deck, [1] * 9 + [4], 4)
    (False, True)
    """
    counts = [int(c) for c in left]
    return sum(counts) < most_round_cards(counts, hands, 21) + dealer.procedure.most_burned(counts, up)


def split_runs_out(dealer: DealerEngine, nodes: NodeSet, up: int, pair: int, hands: int, decisions: Decisions,
                   bust_settles: Callable[[int, int], bool], resplit_left: Optional[int] = None,
                   peeks: bool = False) -> bool:
    """Whether splitting ``pair`` against ``up`` into at most ``hands`` hands can run out of
    cards on ``dealer``'s shoe, split hands playing on ``nodes`` by the ``first`` and ``plays``
    that ``decisions()`` gives (see the module docstring; asked only for a shoe small enough
    to need them).  ``resplit_left``: how many of the cards left after the deal split again
    (the pair's rank under ``split_tens_by_rank``); None: every card of its value.
    ``bust_settles(cards, hard)``: whether a bust of that many cards and hard total loses
    whatever the dealer holds (not one of No Bust's pushes).  ``peeks``: the dealer peeks, so
    under an ace or a ten the hole card is never the one that makes a blackjack (that round
    ends before the split).

    >>> from bjcalc import Calculator, Rules, Shoe
    >>> round_ = Calculator(Rules(), Shoe.from_counts({2: 4, "T": 20})).round
    >>> decisions = lambda: split_play_decisions(round_.upcard(10), round_.rules, "CDZ-", 2, 21)
    >>> split_runs_out(round_.dealer_engine, round_.upcard(10).nodes, 10, 2, 4, decisions, lambda c, h: True)
    False
    """
    if dealer.shoe.is_infinite:
        return False
    left = np.array(dealer.shoe.value_counts(), dtype=np.int64)
    left[up - 1] -= 1
    left[pair - 1] -= 2
    if (left < 0).any() or not round_may_run_out(dealer, left.tolist(), hands, up):
        return False
    limit = [int(c) for c in left] + [0]
    if resplit_left is not None:    # the pair's value that does not split again: an eleventh count
        limit[10] = limit[pair - 1] - int(resplit_left)
        limit[pair - 1] = int(resplit_left)
    decide, plays = decisions()
    first = functools.lru_cache(maxsize=None)(decide)
    if not _may_run_out_playing(dealer, nodes, up, pair, hands, left, first, plays):
        return False
    blackjack_hole = {1: 10, 10: 1}.get(up) if peeks else None
    codes = _Codes(limit, None if blackjack_hole is None else [_card(i) != blackjack_hole for i in range(11)])
    play = _Hands(nodes, plays, codes, bust_settles)
    dealer_short = _DealerShort(dealer, up, pair, left, codes)
    seen = _witness(codes, pair, hands, first, play)       # (a long dealing found fast, where there is one)
    if seen is None or dealer_short(seen):
        return True
    try:
        finished = _split_sets(codes, pair, hands, first, play, f"{value_label(pair)},{value_label(pair)} v {value_label(up)}")
    except _RunsOut:
        return True
    return dealer_short(finished.codes[finished.stood])


def _may_run_out_playing(dealer: DealerEngine, nodes: NodeSet, up: int, pair: int, hands: int, left: np.ndarray,
                         first: FirstAction, plays: np.ndarray) -> bool:
    """The cheap test again, knowing the play: a split hand draws only at a hard total the play
    draws at, so its cards but the pair card and the last sum to at most the highest such total
    less the pair card (a split hand never holds two pair cards: they split, or it is the last)."""
    drawing = nodes.hard[np.isin(plays, (_HIT, _DOUBLE))]
    highest = int(drawing.max()) if len(drawing) else 0
    for count in range(2, hands + 1):
        for card in range(1, 11):
            found = first(count, card)
            if found is not None and found[1] in (_HIT, _DOUBLE):
                highest = max(highest, int(nodes.hard[found[0]]))
    resplits = min(hands - 2, int(left[pair - 1]))
    counts = left.copy()
    counts[pair - 1] -= resplits
    most = (most_round_cards(counts.tolist(), hands, 21 - up, highest - pair) + resplits
            + dealer.procedure.most_burned(counts.tolist(), up))
    return int(left.sum()) < most


def value_label(value: int) -> str:
    """A card value as the refusals write it.

    >>> value_label(1), value_label(7), value_label(10)
    ('A', '7', 'T')
    """
    return "A" if value == 1 else "T" if value == 10 else str(value)


class _DealerShort:
    """Whether the dealer can run out of cards after any of some sets of the hands' cards."""

    def __init__(self, dealer: DealerEngine, up: int, pair: int, left: np.ndarray, codes: _Codes):
        self.dealer, self.up, self.pair, self.codes = dealer, up, pair, codes
        self.left = int(left.sum())
        # (only where the dealer could take every card left can it run out)
        counts = left.tolist()
        self.most = most_round_cards(counts, 0, 21) + dealer.procedure.most_burned(counts, up)

    def __call__(self, sets: np.ndarray) -> bool:
        taken = self.codes.decode(sets)
        removed = taken[:, :10]
        removed[:, 9] += taken[:, 10]
        short = removed[self.left - removed.sum(axis=1) < self.most]
        if not len(short):
            return False
        short[:, self.pair - 1] += 2                  # (the dealer sees the deal's two cards gone too)
        return bool(self.dealer.evaluate(self.up, short).exhausted.any())


WITNESS_STATES = 300
"""The most states the quick search for a dealing that runs out visits before the full walk."""

_WITNESS_BRANCHES = 3
"""How many of a hand's longest finishes the quick search follows."""

MAX_SETS = 3_000_000
"""The most card sets the full walk keeps in one step: above it the check is refused with its
size (a few dozen bytes a set)."""


def _witness(codes: _Codes, pair: int, hands: int, first: FirstAction, play: "_Hands") -> Optional[np.ndarray]:
    """Search depth first, smallest cards and longest hands first, for a dealing where a hand
    must draw with only the hole card left (:data:`WITNESS_STATES` states at most): None if
    found; else the codes of the finished card sets seen that need the dealer, for its check."""
    drawable, carry, guard = codes.drawable, codes.carry, codes.guard
    order = [i for i, most in enumerate(codes.cards) if most][::-1]   # (popped smallest first)
    stack = [(1, 2, 0, 0, False)]
    seen: set[tuple] = set()
    finished: list[int] = []
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        if len(seen) > WITNESS_STATES:
            break
        slot, count, code, size, stood = state
        if size >= drawable:                      # a second card with only the hole card left
            return None
        for index in order:
            after = code + codes.unit[index]
            if (after + carry) & guard:
                continue
            if index == pair - 1 and count < hands:
                stack.append((slot, count + 1, after, size + 1, stood))
                continue
            found = first(count, _card(index))
            if found is None:
                continue
            ends, starts = play.ordered(*found)
            for p, n in starts:         # (the longest first)
                if size + 1 + n < drawable:
                    break
                if not (after + p + carry) & guard:
                    return None
            for end, n, needs in ends[-_WITNESS_BRANCHES:]:      # (the longest few, popped longest first)
                if not (after + end + carry) & guard:
                    if slot + 1 > count:
                        if stood or needs:
                            finished.append(after + end)
                    else:
                        stack.append((slot + 1, count, after + end, size + 1 + n, stood or needs))
    return codes.array(sorted(set(finished)))


class _Codes:
    """Card multisets (eleven counts: by value, and the pair's value that does not split again)
    as one integer each, a bit field per count with a guard bit above it, so that adding two
    multisets never carries and one test tells whether a sum fits in the shoe: adding
    ``2**width - 1 - limit`` to a field sets its guard bit exactly when the field is over
    ``limit``.  Wider shoes than 62 bits take Python integers (object arrays).

    ``hole``: which of the eleven counts the dealer's hole card may be (a peek game: not the
    one that makes a blackjack, which ends the round before any split); a twelfth field counts
    the cards taken of those, at most all of them but one (the hole card's)."""

    def __init__(self, limit: Sequence[int], hole: Optional[Sequence[bool]] = None):
        hole = [True] * len(limit) if hole is None else list(hole)
        limit = list(limit) + [sum(most for most, may in zip(limit, hole) if may) - 1]
        self.limit = np.array(limit, dtype=np.int64)
        self.cards = [int(most) for most in limit[:-1]]        # (the eleven counts a card can be drawn from)
        self.shift, self.width = [], []
        carry = guard = shift = 0
        for most in limit:
            width = max(1, (2 * max(0, int(most))).bit_length())       # (room for a sum of two multisets)
            self.shift.append(shift)
            self.width.append(width)
            carry |= ((1 << width) - 1 - int(most)) << shift
            guard |= 1 << (shift + width)
            shift += width + 1
        self.dtype = np.int64 if shift <= 62 else object
        self.carry, self.guard = carry, guard
        held = 1 << self.shift[-1]
        self.unit = [(1 << s) + (held if may else 0) for s, may in zip(self.shift, hole)]
        self.drawable = int(sum(limit[:-1])) - 1         # (the dealer's hole card stays in the shoe)

    def array(self, values: Sequence[int]) -> np.ndarray:
        out = np.empty(len(values), dtype=self.dtype)
        out[:] = list(values)
        return out

    def fits(self, codes: np.ndarray) -> np.ndarray:
        """Whether each multiset holds no more of any count than the shoe."""
        return ((codes + self.carry) & self.guard) == 0

    def decode(self, codes: np.ndarray) -> np.ndarray:
        """The counts of each multiset, (n, 11)."""
        out = np.zeros((len(codes), len(self.shift)), dtype=np.int64)
        for i, (shift, width) in enumerate(zip(self.shift, self.width)):
            out[:, i] = ((codes >> shift) & ((1 << width) - 1)).astype(np.int64)
        return out


class _Sets:
    """Multisets of cards taken (codes), their sizes, and whether some finished hand needs the
    dealer's hand."""

    def __init__(self, codes: np.ndarray, sizes: np.ndarray, stood: np.ndarray):
        self.codes, self.sizes, self.stood = codes, sizes, stood

    def __len__(self) -> int:
        return len(self.codes)

    @staticmethod
    def join(parts: "list[_Sets]", codes: _Codes) -> "_Sets":
        """The distinct sets of ``parts``."""
        if not parts:
            return _Sets(codes.array([]), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=bool))
        keys = np.concatenate([p.codes * 2 + p.stood for p in parts])
        keys, first = np.unique(keys, return_index=True)
        return _Sets(keys // 2, np.concatenate([p.sizes for p in parts])[first], (keys % 2).astype(bool))


class _Hand:
    """Every way one hand from a node can go, relative to its start: the sets it can finish
    with (and whether each needs the dealer), and the sets after which it must draw."""

    def __init__(self, finished: _Sets, draws: dict[int, np.ndarray]):
        self.finished = finished
        self.draws = draws      # by how many cards the hand drew before: the sets after which it draws again


class _Hands:
    """One hand played out on the node set by ``plays``, as :class:`_Hand` tables: found with
    Python sets of (code, size, needs the dealer) per node (small), made arrays once per hand."""

    def __init__(self, nodes: NodeSet, plays: np.ndarray, codes: _Codes, bust_settles: Callable[[int, int], bool]):
        self.nodes, self.plays, self.codes = nodes, plays, codes
        self.bust_settles = bust_settles
        self._sets: dict[tuple[int, int], tuple[frozenset, frozenset]] = {}
        self._hands: dict[tuple[int, int], _Hand] = {}
        self._ordered: dict[tuple[int, int], tuple[list[tuple], list[tuple]]] = {}

    def hand(self, node: int, action: int) -> _Hand:
        key = (node, action)
        if key not in self._hands:
            finished, draws = self.walk(node, action)
            codes = self.codes
            ends = sorted(finished)
            by_size: dict[int, list[int]] = {}
            for code, size in sorted(draws):
                by_size.setdefault(size, []).append(code)
            self._hands[key] = _Hand(_Sets(codes.array([c for c, _, _ in ends]), np.array([n for _, n, _ in ends]),
                                           np.array([s for _, _, s in ends], dtype=bool)),
                                     {size: codes.array(group) for size, group in by_size.items()})
        return self._hands[key]

    def ordered(self, node: int, action: int) -> tuple[list[tuple], list[tuple]]:
        """:meth:`walk`'s finishes, shortest first, and must-draw sets, longest first."""
        key = (node, action)
        if key not in self._ordered:
            ends, starts = self.walk(node, action)
            self._ordered[key] = (sorted(ends, key=lambda e: e[1]), sorted(starts, key=lambda e: -e[1]))
        return self._ordered[key]

    def walk(self, node: int, action: int) -> tuple[frozenset, frozenset]:
        """(finished (code, size, needs the dealer), must-draw (code, size)) of a hand at ``node``."""
        key = (node, action)
        found = self._sets.get(key)
        if found is not None:
            return found
        codes, nodes = self.codes, self.nodes
        if action not in (_HIT, _DOUBLE):
            found = frozenset(((0, 0, action != _SURRENDER),)), frozenset()
        else:
            carry, guard = codes.carry, codes.guard
            finished: set[tuple] = set()
            draws: set[tuple] = {(0, 0)}
            for index, most in enumerate(codes.cards):
                if not most:
                    continue
                unit, card = codes.unit[index], _card(index)
                kid = int(nodes.child[node, card - 1])
                if kid == BUST:
                    finished.add((unit, 1, not self.bust_settles(int(nodes.cards[node]) + 1,
                                                                 int(nodes.hard[node]) + card)))
                elif kid < 0:       # (a hand the shoe cannot hold with this card: the card is not there)
                    continue
                elif action == _DOUBLE:
                    finished.add((unit, 1, True))
                else:
                    ends, starts = self.walk(kid, int(self.plays[kid]))
                    finished.update((c + unit, n + 1, s) for c, n, s in ends if not (c + unit + carry) & guard)
                    draws.update((c + unit, n + 1) for c, n in starts if not (c + unit + carry) & guard)
            found = frozenset(finished), frozenset(draws)
        self._sets[key] = found
        return found


_CHUNK = 1 << 21
"""The most (state, hand finish) pairs added up at once."""


def _split_sets(codes: _Codes, pair: int, hands: int, first: FirstAction, play: _Hands, what: str) -> _Sets:
    """Every card set the split hands can finish with, and whether some hand needs the dealer
    there, by :mod:`bjcalc.engine.splits`' order; raises :class:`_RunsOut` where a hand must
    draw with only the hole card left, and refuses a step of more than :data:`MAX_SETS` sets."""
    start = _Sets(codes.array([0]), np.zeros(1, dtype=np.int64), np.zeros(1, dtype=bool))
    table: dict[tuple[int, int], list[_Sets]] = {(1, 2): [start]}
    finished: list[_Sets] = []
    for slot in range(1, hands + 1):
        for count in range(max(slot, 2), hands + 1):
            states = _Sets.join(table.pop((slot, count), []), codes)
            if not len(states):
                continue
            if (states.sizes >= codes.drawable).any():     # a second card with only the hole card left
                raise _RunsOut
            for index, most in enumerate(codes.cards):
                if not most:
                    continue
                after = states.codes + codes.unit[index]
                ok = codes.fits(after)
                if not ok.any():
                    continue
                drawn = _Sets(after[ok], states.sizes[ok] + 1, states.stood[ok])
                if index == pair - 1 and count < hands:        # another card of the pair: split again
                    table.setdefault((slot, count + 1), []).append(drawn)
                    continue
                found = first(count, _card(index))
                if found is None:
                    continue
                done = _then(codes, drawn, play.hand(*found), what)
                target = finished if slot + 1 > count else table.setdefault((slot + 1, count), [])
                target.append(done)
                if sum(len(part) for part in target) > MAX_SETS:      # (made distinct as they come)
                    target[:] = [_Sets.join(target, codes)]
                    _check_size(len(target[0]), what)
    return _Sets.join(finished, codes)


def _check_size(size: int, what: str) -> None:
    if size > MAX_SETS:
        raise TooLargeError(f"checking whether splitting {what} can run out of cards is too large here ({size:,} "
                            f"card sets in one step, limit {MAX_SETS:,}); use fewer split hands "
                            f"({rule('max_split_hands', 2)}) or a larger shoe")


def _then(codes: _Codes, states: _Sets, hand: _Hand, what: str) -> _Sets:
    """``states`` followed by every way ``hand`` can go in the cards they leave; raises
    :class:`_RunsOut` where it must draw with only the hole card left."""
    most = int(states.sizes.max())
    for size, draws in hand.draws.items():       # a draw after ``size`` cards of the hand's own
        if most + size >= codes.drawable:
            late = states.codes[states.sizes + size >= codes.drawable]
            if codes.fits(late[:, None] + draws[None, :]).any():
                raise _RunsOut
    parts: list[_Sets] = []
    kept = 0
    ends = hand.finished
    step = max(1, _CHUNK // max(1, len(ends)))
    for start in range(0, len(states), step):
        rows = slice(start, start + step)
        sums = states.codes[rows, None] + ends.codes[None, :]
        ok = codes.fits(sums)
        parts.append(_Sets(sums[ok], (states.sizes[rows, None] + ends.sizes[None, :])[ok],
                           (states.stood[rows, None] | ends.stood[None, :])[ok]))
        kept += len(parts[-1])
        if kept > MAX_SETS:          # (made distinct as they come: memory stays that of the distinct sets)
            parts = [_Sets.join(parts, codes)]
            kept = len(parts[0])
            _check_size(kept, what)
    return _Sets.join(parts, codes)


def _card(index: int) -> int:
    """The card value of a count's index (the eleventh count is a ten)."""
    return 10 if index == 10 else index + 1


def split_context(strategy: str, pair: int, count: int) -> Context:
    """The context of a split hand's nodes while ``count`` hands exist under the post-split
    ``strategy`` (CDZ-, CDP1 or CDP): the pair card beside the hand gone, deciding by the
    policy's decisions (CDZ-: the unsplit hand's).

    >>> split_context("CDZ-", 8, 3).extra[7], split_context("CDP", 8, 3).extra[7]
    (1, 2)
    """
    policy = policy_extra(strategy, pair, count)
    return Context(pair_cards(pair, 1), EMPTY) if policy == EMPTY else Context(policy)


def node_plays(values: UpcardValues, play: Optional[SplitPlay] = None) -> np.ndarray:
    """Each node's action once a hand plays on there (an index of
    :data:`~bjcalc.engine.player.NODE_ACTIONS`), by ``values``' own decisions or those of
    ``play``'s decider at the mapped nodes (a strategy made on another shoe).

    >>> from bjcalc import Calculator, Rules
    >>> v = Calculator(Rules(decks=1)).round.upcard(10)
    >>> int(node_plays(v)[v.nodes.node((0, 0, 0, 0, 0, 1, 0, 0, 0, 1))])   # hard 16 v T: hit
    1
    """
    decider = values if play is None else play.decider
    mapped = np.arange(len(values.nodes)) if play is None or play.mapped is None else play.mapped
    plays = ((decider.hits[mapped] | values.must_hit) & values.can_hit).astype(np.uint8)
    if decider.action is not None:      # doubling or surrendering after a hit
        after = np.asarray(decider.action)[mapped]
        plays = np.where(np.isin(after, (2, 3)), after, plays).astype(np.uint8)
    return plays


def split_play_decisions(values: UpcardValues, rules: Rules, strategy: str, pair: int, max_cards: int,
                         play: Optional[SplitPlay] = None,
                         split_doubles: Optional[Callable[[int, bool], bool]] = None
                         ) -> tuple[FirstAction, np.ndarray]:
    """``first`` and ``plays`` (see the module docstring) of split hands of ``pair`` playing the
    post-split ``strategy`` on ``values``' shoe: each first action the best of the hand's
    allowed ones at its policy source (ties to the earlier, as the engine breaks them), by
    ``values`` or by ``play``'s decider (:class:`~bjcalc.engine.splits.SplitPlay`);
    ``split_doubles``: as :func:`~bjcalc.engine.splits.split_value` takes it.

    >>> from bjcalc import Calculator, Rules
    >>> v = Calculator(Rules(decks=1)).round.upcard(6)
    >>> first, plays = split_play_decisions(v, Rules(decks=1), "CDZ-", 8, 21)
    >>> [first(2, card)[1] for card in (2, 3, 10)]            # 8,2 and 8,3 v 6 double; 8,T stands
    [2, 2, 0]
    """
    nodes = values.nodes
    decider = values if play is None else play.decider
    columns = (decider.stand, decider.hit, decider.double)       # (POST_SPLIT_ACTIONS' order)

    def first(count: int, card: int) -> Optional[tuple[int, int]]:
        node = nodes.find(tuple(int(c) for c in np.add(pair_cards(pair, 1), pair_cards(card, 1))),
                          split_context(strategy, pair, count))
        if node is None:
            return None
        hard, soft = int(nodes.hard[node]), bool(nodes.soft[node])
        allowed = post_split_actions(rules, pair, hard, soft, max_cards=max_cards,
                                     may_double=None if split_doubles is None else split_doubles(hard, soft))
        source = int(decider.source[node if play is None or play.mapped is None else play.mapped[node]])
        choice = POST_SPLIT_ACTIONS.index(allowed[0])
        for name in allowed[1:]:
            action = POST_SPLIT_ACTIONS.index(name)
            if values.ar.better(columns[action][source], columns[choice][source]):
                choice = action
        return node, choice

    return first, node_plays(values, play)
