"""The optimal value of one split: two hands, every decision using every card seen.

Under CDZ-, CDP1 and CDP a split hand decides from its own cards (and the pair
cards removed).  The *optimal* split lets every decision use everything the player
has seen in the round: the up card, both pair cards, all of hand 1, and hand 2's
cards so far.  Hand 1 is dealt its second card and played out first, then hand 2,
so hand 2's decisions know hand 1's final cards, while hand 1's decisions weigh
what each of its choices does to hand 2's prospects.  Every decision maximises the
expected *total* result of both hands: the two hands face the same dealer, so hand
2 plays differently when hand 1 stands on 20 than when it busted.  Because
CDP1's play is one of the plays this search considers, optimal >= CDP1 >= CDZ-.

How it is computed.  Write a split hand as its pair card plus the cards it drew
(an *extension*).  For every way hand 1 can finish (its extension E1, standing
with its total or busted, bet 1 or doubled), hand 2 is solved by the usual
backward recursion over its extensions X2, with the dealer evaluated for the
removed set (both pair cards + E1 + X2) and each terminal paying hand 1's and hand
2's payoffs against the same dealer outcome.  Then hand 1 is solved by the same
recursion, its terminal values being those hand-2 solutions.  Busts need no
dealer evaluations of their own: removing one more random unseen card leaves the
dealer's outcome distribution unchanged, so the dealer's distribution "given the
next card busts" is d(R) minus the non-busting children's distributions.

Cost.  The search visits every pair (way hand 1 ends, hand-2 hand), about
(hand-1 finishes) x (hand-2 extensions) per pair and up card: in one deck from
0.2 million (tens) to 5.6 million (twos), in six decks up to 19 million; the dealer
is evaluated only once per distinct removed set (72,000 for 2,2 v 6 in one deck).
Floats run hand 2's recursion in C (``bjcalc/engine/kernel/optimal_split.c``); exact
rationals cost far more per pair.  :data:`OPTIMAL_LIMIT` caps the pairs and a larger
search is refused with a message.  Resplitting (three or more hands) is not
searched: the pairs would multiply again by the extensions of every further hand.

Shoes that can run out of cards are refused, with one exception that matters only
in tiny shoes: in a peek game the hole card is known to make no blackjack, so
bookkeeping states whose cards left are all that ruled-out card are no reason to
refuse (see :meth:`OptimalSplit._blackjack_only`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _kernels as kernels
from ..core.actions import check_optimal_split_rules, may_hit, must_hit, post_split_actions
from ..core.arithmetic import Arithmetic
from ..core.outcomes import BLACKJACK, N_OUTCOMES, soft_total
from .dealer import DealerEngine
from ..core.errors import ShoeError, StrategyError
from .hands import BUST, UNSPLIT, Composition, HandSpace, NodeSet
from ..core.rules import Rules
from ..core.wagers import DOUBLE_STAKE
from .settlement import Settlement

__all__ = ["OptimalSplit", "check_exact_game_size", "OPTIMAL_LIMIT", "OPTIMAL_GAME_LIMIT_EXACT"]

OPTIMAL_LIMIT = {False: 60_000_000, True: 7_000_000}
"""Most (hand-1 finish, hand-2 hand) pairs one optimal split may search, floats / exact rationals."""

OPTIMAL_GAME_LIMIT_EXACT = 30_000_000
"""Most pairs a whole game may search with optimal splits in exact rationals (a one-deck game needs 176 million)."""

_RUNS_OUT = "the shoe is too small: a split hand can run out of cards; use a larger shoe"
_CHUNK = 256      # hand-1 finishes solved at once (memory: chunk x extensions x 11 numbers)
_BASE = 64                                       # removed-set codes: counts (< 64) as base-64 digits
_DIGITS = _BASE ** np.arange(10, dtype=np.int64)


class _Extensions:
    """Every extension (cards drawn after the pair card) a split hand can reach, with its transitions.

    The hands themselves (pair card included) are a :class:`~bjcalc.engine.hands.NodeSet` of the
    compositions the cards left can deal that hold the pair card; ``drawn`` is each hand
    less that card.
    """

    def __init__(self, rules: Rules, pair: int, available: np.ndarray, max_cards: int):
        self.rules, self.pair = rules, pair
        own = np.eye(10, dtype=np.int64)[pair - 1]
        space = HandSpace(available + own, max_cards)       # a hand holds its pair card and cards left
        self._build(space, [c for c in space.compositions if c[pair - 1] >= 1])
        # Keep only what a hand can reach: beyond two cards, only by hitting or doubling.
        reached = self.cards <= 2
        for n in np.argsort(self.cards, kind="stable"):
            if reached[n] and self.cards[n] >= 2 and (self.can_hit[n] or self.may_double[n]):
                kids = self.child[n][self.child[n] >= 0]
                reached[kids] = True
        if not reached.all():
            self._build(space, [tuple(int(x) for x in self.drawn[n] + own) for n in np.flatnonzero(reached)])

    def _build(self, space: HandSpace, hands: list[Composition]) -> None:
        rules, pair, max_cards = self.rules, self.pair, space.max_cards
        nodes = NodeSet(space, {UNSPLIT: hands})
        self.drawn = nodes.hand - np.eye(10, dtype=np.int64)[pair - 1]
        self.hard, self.cards, self.soft, self.total = nodes.hard, nodes.cards, nodes.soft, nodes.total
        self.child = nodes.child
        self.root = int(np.flatnonzero(self.cards == 1)[0])
        self.levels = [level[self.cards[level] >= 2] for level in nodes.levels]
        # What a hand may do: two cards by the post-split rules, later hit/stand.
        self.can_hit = may_hit(rules, self.total, self.cards, max_cards)
        self.must_hit = must_hit(rules, self.total, self.can_hit)
        self.may_double = np.zeros(len(hands), dtype=bool)
        for n in np.flatnonzero(self.cards == 2):
            actions = post_split_actions(rules, pair, int(self.hard[n]), bool(self.soft[n]), max_cards=max_cards)
            self.may_double[n] = "double" in actions
            self.can_hit[n] = "hit" in actions
            self.must_hit[n] = "stand" not in actions

    def __len__(self) -> int:
        return len(self.drawn)


@dataclass
class _Payoffs:
    """Distinct removed sets (sorted codes) and what each payoff row earns against the dealer given each."""

    codes: np.ndarray
    earned: np.ndarray      # (sets, 23): standing on totals 0-21, busted


class OptimalSplit:
    """The joint value (both hands, per unit initial bet) of optimally splitting ``pair`` against ``up``.

    ``dealer`` evaluates the dealer for removed sets (cards gone besides the up
    card); values are joint with the dealer-blackjack event, as everywhere in the
    engine (see :mod:`bjcalc.engine.settlement`).

    >>> from bjcalc.core.cards import Shoe
    >>> from bjcalc.engine.dealer import DealerEngine, StandardDealer
    >>> from bjcalc.core.arithmetic import FLOAT
    >>> rules = Rules(decks=1, max_split_hands=2)     # optimal splits cover one split
    >>> dealer = DealerEngine(Shoe.decks(1), StandardDealer(False), FLOAT)
    >>> round(float(OptimalSplit(rules, Settlement(rules), dealer, 6, 10, max_cards=21).value()), 4)   # T,T v 6
    0.5251
    """

    def __init__(self, rules: Rules, settlement: Settlement, dealer: DealerEngine, up: int, pair: int,
                 max_cards: int):
        check_optimal_split_rules(rules)
        self.rules, self.dealer, self.up, self.pair = rules, dealer, up, pair
        self.ar: Arithmetic = dealer.arithmetic
        pairs = np.eye(10, dtype=np.int64)[pair - 1] * 2
        self.pairs = pairs
        self.available = dealer.counts - np.eye(10, dtype=np.int64)[up - 1] - pairs
        if (self.available < 0).any():
            raise ShoeError("the shoe cannot deal this pair against this up card")
        self.ext = _Extensions(rules, pair, self.available, max_cards)
        self.use_kernel = kernels.second_hand_available()   # floats only; tests switch it off to compare
        # The hole card that would make a dealer blackjack (value index), where a peek rules it out.
        self.partner = {1: 9, 10: 0}.get(up, -1) if settlement.peeks else -1
        self.table = self.ar.integers(settlement.stand_table())                       # (totals 0-21, outcomes)
        self.stand_rows = self.table[np.minimum(self.ext.total, 21)]                  # (extensions, outcomes)
        bust = np.full(N_OUTCOMES, settlement.bust_payoff(), dtype=np.int64)
        bust[BLACKJACK] = settlement.hand_blackjack_payoff
        self.bust_row = self.ar.integers(bust)

    # -- hand 1's finishes ------------------------------------------------------------------------
    def _finishes(self) -> tuple[np.ndarray, list[tuple[int, str, int]]]:
        """Every way hand 1 can end: compositions drawn, and (composition index, 'stand'|'bust', bet)."""
        ext = self.ext
        compositions = [tuple(row) for row in ext.drawn[ext.cards >= 2]]
        index = {c: i for i, c in enumerate(compositions)}
        finishes = []
        for n in np.flatnonzero(ext.cards >= 2):
            i = index[tuple(ext.drawn[n])]
            finishes.append((i, "stand", 1))
            if ext.cards[n] == 3 and self.rules.double_after_split:
                finishes.append((i, "stand", DOUBLE_STAKE))
        for n in np.flatnonzero(ext.cards >= 2):
            if not (ext.can_hit[n] or ext.may_double[n]):
                continue
            for v in range(1, 11):
                if ext.child[n, v - 1] == BUST and ext.drawn[n, v - 1] < self.available[v - 1]:
                    busted = list(ext.drawn[n])
                    busted[v - 1] += 1
                    key = tuple(busted)
                    if key not in index:
                        index[key] = len(compositions)
                        compositions.append(key)
                    for bet in ((1, DOUBLE_STAKE) if ext.may_double[n] else (1,)):
                        if ext.can_hit[n] or bet == DOUBLE_STAKE:
                            finishes.append((index[key], "bust", bet))
        finishes = sorted(set(finishes))
        return np.array(compositions, dtype=np.int64).reshape(-1, 10), finishes

    def work(self) -> int:
        """(hand-1 finish compositions) x (hand-2 extensions): the size of the search, an upper bound.

        >>> from bjcalc.core.cards import Shoe
        >>> from bjcalc.engine.dealer import DealerEngine, StandardDealer
        >>> rules = Rules(decks=1, max_split_hands=2)
        >>> OptimalSplit(rules, Settlement(rules), DealerEngine(Shoe.decks(1), StandardDealer(False)), 6, 2, 21).work()
        5553840
        """
        compositions, _ = self._finishes()
        return self._size(compositions)

    def _size(self, compositions: np.ndarray) -> int:
        return len(compositions) * len(self.ext)

    # -- the search -------------------------------------------------------------------------------
    def value(self) -> Any:
        """The joint value of the split under optimal play (refused above :data:`OPTIMAL_LIMIT`)."""
        limit = OPTIMAL_LIMIT[self.ar.exact]
        compositions, finishes = self._finishes()
        size = self._size(compositions)
        if size > limit:
            raise StrategyError(
                f"the optimal split of {self.pair},{self.pair} v {self.up} would search about {size:,} hand pairs "
                f"(limit {limit:,}{' in exact mode' if self.ar.exact else ''}): use a smaller shoe"
                f"{', floats' if self.ar.exact else ''} or CDP1/CDP")
        chunks = [np.arange(start, min(start + _CHUNK, len(compositions)))
                  for start in range(0, len(compositions), _CHUNK)]
        removed = [self._removed_codes(compositions[chunk]) for chunk in chunks]
        payoffs = self._dealer_payoffs(removed)
        bets: dict[int, list[int]] = {}
        for i, _, bet in finishes:
            bets.setdefault(int(i), []).append(bet)
        finish_value: dict[tuple[int, str, int], Any] = {}
        for chunk, (codes, played) in zip(chunks, removed):
            variants = [(k, bet) for k, i in enumerate(chunk) for bet in bets[int(i)]]
            values = self._second_hand(compositions[chunk], np.array([f[0] for f in variants]),
                                       np.array([f[1] for f in variants]), payoffs, codes, played)
            for (k, bet), v in zip(variants, values):
                kind = "bust" if self._busted(compositions[chunk[k]]) else "stand"
                finish_value[(int(chunk[k]), kind, bet)] = v
        return self._first_hand(compositions, finish_value)

    def _busted(self, drawn: np.ndarray) -> bool:
        return self.pair + int(drawn @ np.arange(1, 11)) > 21

    def _removed_codes(self, firsts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Codes of the removed sets (pair cards + hand 1 + hand 2) of hand 2's played extensions, and
        which (hand-1 composition, extension) pairs the shoe can deal."""
        ext = self.ext
        # (small integers: the sign is all that matters, and int8 keeps the array small)
        available = np.minimum(self.available, 127).astype(np.int8)
        left = available[None, None, :] - firsts.astype(np.int8)[:, None, :] - ext.drawn.astype(np.int8)[None, :, :]
        played = (left >= 0).all(axis=2) & (ext.cards >= 2)[None, :]
        codes = (self.pairs @ _DIGITS + (firsts @ _DIGITS)[:, None] + (ext.drawn @ _DIGITS)[None, :])
        return codes, played

    def _dealer_payoffs(self, removed_codes: list[tuple[np.ndarray, np.ndarray]]) -> "_Payoffs":
        """One dealer evaluation per distinct removed set (most (hand 1, hand 2) pairs share
        theirs with others), reduced at once to what every payoff row earns against it."""
        found = [codes[played] for codes, played in removed_codes]
        codes = np.unique(np.concatenate(found)) if found else np.zeros(0, dtype=np.int64)
        removed = (codes[:, None] // _DIGITS[None, :]) % _BASE
        result = self.dealer.evaluate(self.up, removed)
        left = self.available + self.pairs - removed      # (what the hole card and the draws come from)
        if (result.exhausted & ~self._blackjack_only(left)).any():
            raise ShoeError(_RUNS_OUT)
        # Columns: standing on totals 0-21, then busted.
        rows = np.concatenate([self.table, self.bust_row[None, :]]).T
        earned = result.probabilities.dot(rows) if self.ar.exact else result.probabilities @ rows.astype(float)
        return _Payoffs(codes, earned)

    def _blackjack_only(self, left: np.ndarray) -> np.ndarray:
        """Removed sets no real round reaches: in a peek game with an A or T up the hole card is
        dealt first and makes no blackjack, so cards left that are all blackjack partners (or
        none) are a state of the hole-card-last bookkeeping only, worth 0 there; running out
        of cards in it is no reason to refuse the shoe."""
        if self.partner < 0:
            return np.zeros(left.shape[:-1], dtype=bool)
        return left.sum(axis=-1) == left[..., self.partner]

    def _draws(self, left: np.ndarray) -> np.ndarray:
        """Chance of each next card value from counts left (last axis)."""
        return self.ar.rationals(left, left.sum(axis=-1, keepdims=True))

    def _second_hand(self, firsts: np.ndarray, which: np.ndarray, bets: np.ndarray, payoffs: "_Payoffs",
                     codes: np.ndarray, played: np.ndarray) -> list[Any]:
        """Hand 2's optimal joint value, hand 1's payoff included, for each finish of hand 1:
        ``firsts[which[i]]`` drawn (``which`` ascending), ``bets[i]`` units at stake (standing on
        its total, or busted); ``codes``, ``played``: :meth:`_removed_codes` of ``firsts``."""
        ar, ext = self.ar, self.ext
        at = np.zeros(codes.shape, dtype=np.int64)
        at[played] = np.searchsorted(payoffs.codes, codes[played])
        hard = self.pair + firsts @ np.arange(1, 11)
        best, _ = soft_total(hard, (firsts[:, 0] > 0) | (self.pair == 1))
        first_column = np.where(hard > 21, 22, best)
        zero = ar.scalar(0)
        # Hand 1's payoff (unit bet), hand 2 standing, hand 2 busted: against the dealer given this removed set.
        first = np.where(played, payoffs.earned[at, first_column[:, None]], zero)
        own_stand = np.where(played, payoffs.earned[at, np.minimum(ext.total, 21)[None, :]], zero)
        own_bust = np.where(played, payoffs.earned[at, 22], zero)
        if not ar.exact and self.use_kernel:
            starts = np.searchsorted(which, np.arange(len(firsts) + 1))
            values, exhausted = kernels.optimal_second_hand(ext, firsts, self.available, first, own_stand,
                                                            own_bust, starts, bets, DOUBLE_STAKE, self.partner)
            if exhausted.any():
                raise ShoeError(_RUNS_OUT)
            return list(values)
        return self._second_hand_arrays(firsts, which, bets, first, own_stand, own_bust)

    def _second_hand_arrays(self, firsts: np.ndarray, which: np.ndarray, bets: np.ndarray, first: np.ndarray,
                            own_stand: np.ndarray, own_bust: np.ndarray) -> list[Any]:
        """:meth:`_second_hand` in numpy (exact rationals, or floats without the C kernel)."""
        ar, ext = self.ar, self.ext
        left = self.available[None, None, :] - firsts[:, None, :] - ext.drawn[None, :, :]   # (F, N, 10)
        valid = (left >= 0).all(axis=2)
        left = np.where(valid[:, :, None], left, 0)
        # A hand that may draw needs a card for itself and one for the dealer's hole.
        drawing = valid & (ext.can_hit | ext.may_double | (ext.cards == 1))[None, :] & (left.sum(axis=2) <= 1)
        if (drawing & ~self._blackjack_only(left)).any():
            raise ShoeError(_RUNS_OUT)
        zero = ar.scalar(0)
        kids = ext.child
        safe, nonbust = np.maximum(kids, 0), kids >= 0
        q = np.where(nonbust[None], self._draws(left), zero)     # (F, N, 10): the non-busting next cards

        def next_card(field: np.ndarray, q: np.ndarray = q) -> np.ndarray:
            """E[field after one more card], over the non-busting cards only."""
            return self._expect(q, field[:, safe])

        # The dealer jointly with "the next card busts the hand": removing a random unseen card
        # changes nothing, so it is d(R) less the non-busting children.
        first_busting = first - next_card(first)
        own_busting = own_bust - next_card(own_bust)
        double_own = DOUBLE_STAKE * next_card(own_stand) + DOUBLE_STAKE * own_busting
        bet = ar.integers(bets)[:, None]
        first, first_busting, qv = first[which] * bet, first_busting[which] * bet, q[which]
        stand = first + own_stand[which]
        double = next_card(first, qv) + first_busting + double_own[which]
        own_busting = own_busting[which]
        value = ar.zeros(first.shape)
        for level in ext.levels:
            if len(level):
                hit = self._expect(qv[:, level], value[:, safe[level]]) + first_busting[:, level] + own_busting[:, level]
                value[:, level] = self._decide(level, stand[:, level], hit, double[:, level])
        return list(self._expect(qv[:, ext.root], value[:, safe[ext.root]]))

    def _expect(self, q: np.ndarray, values: np.ndarray) -> np.ndarray:
        """Sum over the last axis of chance times value."""
        return (q * values).sum(axis=-1) if self.ar.exact else np.einsum("...c,...c->...", q, values)

    def _decide(self, level: np.ndarray, stand: np.ndarray, hit: np.ndarray, double: np.ndarray) -> np.ndarray:
        """Best value per node of a level (columns), ties to the earlier of stand, hit, double."""
        ext = self.ext
        best = np.where(ext.must_hit[level], hit, stand)
        hits = ext.can_hit[level] & ~ext.must_hit[level]
        best = np.where(hits & (hit > best), hit, best)
        better = ext.may_double[level] & (double > best)
        return np.where(better, double, best)

    def _first_hand(self, compositions: np.ndarray, finish_value: dict) -> Any:
        """Hand 1's optimal value, its finishes valued by hand 2's solutions."""
        ar, ext = self.ar, self.ext
        index = {tuple(c): i for i, c in enumerate(compositions)}
        n = len(ext)
        zero = ar.scalar(0)

        def finish(drawn: tuple, kind: str, bet: int) -> Any:
            return finish_value.get((index.get(drawn, -1), kind, bet), zero)

        stand, stand2 = ar.zeros(n), ar.zeros(n)
        bust1, bust2 = ar.zeros((n, 10)), ar.zeros((n, 10))
        for m in range(n):
            drawn = tuple(int(x) for x in ext.drawn[m])
            if ext.cards[m] >= 2:
                stand[m] = finish(drawn, "stand", 1)
                stand2[m] = finish(drawn, "stand", 2)
            for v in range(1, 11):
                if ext.child[m, v - 1] == BUST:
                    busted = list(drawn)
                    busted[v - 1] += 1
                    bust1[m, v - 1] = finish(tuple(busted), "bust", 1)
                    bust2[m, v - 1] = finish(tuple(busted), "bust", 2)
        left = self.available[None, :] - ext.drawn
        q = self._draws(np.maximum(left, 0))
        kids, safe = ext.child, np.maximum(ext.child, 0)
        double = (q * np.where(kids >= 0, stand2[safe], bust2)).sum(axis=1)
        value = ar.zeros(n)
        for level in ext.levels:
            if not len(level):
                continue
            hit = (q[level] * np.where(kids[level] >= 0, value[safe[level]], bust1[level])).sum(axis=1)
            value[level] = self._decide(level, stand[level], hit, double[level])
        root = ext.root
        return (q[root] * np.where(kids[root] >= 0, value[safe[root]], 0)).sum()


def check_exact_game_size(rules: Rules, settlement: Settlement, dealer: DealerEngine,
                          splits: list[tuple[int, int]], max_cards: int) -> None:
    """Refuse, before it starts, an exact whole game whose optimal splits (``(up, pair)`` list)
    would search more than :data:`OPTIMAL_GAME_LIMIT_EXACT` pairs (a one-deck game: about 1.9e8)."""
    total = sum(OptimalSplit(rules, settlement, dealer, up, pair, max_cards).work() for up, pair in splits)
    if total > OPTIMAL_GAME_LIMIT_EXACT:
        raise StrategyError(f"a whole game with optimal splits in exact rationals would search about {total:,} "
                            f"hand pairs (limit {OPTIMAL_GAME_LIMIT_EXACT:,}, hours of work): use floats, a "
                            f"smaller shoe, or ask for single hands (bjcalc hand)")
