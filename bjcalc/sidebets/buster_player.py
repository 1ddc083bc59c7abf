"""Buster Blackjack, model ``"player"``: the dealer's hand after one player's cards are gone.

One player plays the main game (CD or TD strategy, a post-split strategy) and the
cards his hand(s) draw leave the shoe before the dealer completes the hand.  The
bet wins when the dealer busts, paid by the number of cards in the busted hand.

**It equals model "shoe" exactly** whenever no card can run out.  The player's
decisions use only cards already seen (his own, the up card and, in peek games,
the fact that the hole card makes no blackjack), so the number of cards he takes
is a stopping time of the card sequence; and for cards dealt without replacement
the cards after a stopping time are distributed like fresh cards from the shoe
(burn-card invariance: ``E[D(S - X)] = D(S)`` for a random card X, so the dealer's
bust distribution given the cards left is a martingale and optional stopping
applies).  Removing the player's cards therefore changes no probability of the
dealer's hand, with any strategy that does not peek at cards to come.
:func:`round_cannot_run_out` proves by counting that no card can run out; then
:class:`~bjcalc.sidebets.BusterBlackjack` returns the shoe model's numbers.

The same holds for the Burn 20 dealer (``rules.burn_20``, a
:class:`~bjcalc.engine.burn20.Burn20Dealer`): its hole card, burned
cards and fresh pairs are all dealt after the player's draws, and its procedure is a
function of the up card and the cards that follow, suits included (the player is
suit-blind, which only makes his stopping time use less information).  Burned cards
make a round longer, which :func:`round_card_bound` counts; Burn 20 is never
enumerated (a shoe that would need it is refused by
:class:`~bjcalc.sidebets.BusterBlackjack`).

:func:`player_lengths` computes the model directly, and is what runs when the
count cannot rule out running out (tiny shoes) or when ``method="enumerate"`` is
asked for.  The exact procedure:

* P(bust n) = sum over the player's final card multisets R of
  P(R) * P(dealer busts with n cards | shoe minus up card minus R).
* The hole card is treated as drawn after the player's cards, unconditioned: the
  player's decisions never depend on the hole card beyond the no-blackjack fact,
  and a dealer blackjack never busts (in a peek game the round ends there, nothing
  more is drawn and the bet loses), so by exchangeability of the card sequence
  every non-blackjack round has the same probability either way.
* The probability of a card sequence depends only on its multiset, so
  P(R) = (number of strategy paths to R) x w(R), w the without-replacement weight.
  Per up card and initial hand the paths are enumerated forward, equal multisets
  merged; the dealer's bust lengths are evaluated once per distinct multiset.

Player decisions (tie-breaks matter on tiny shoes): on the first two cards the
best allowed action by :class:`~bjcalc.game.calculator.Calculator`'s values, ties to
the earlier of stand, hit, double, split, surrender; after a hit, the engine's
``UpcardValues.hits`` (hit only if strictly better); split hands as
:mod:`bjcalc.engine.splits` plays them (hand by hand, resplitting whenever allowed; the
first two cards by the post-split strategy's values, ties to the earlier of
stand, hit, double).  TD: the chart of ``Calculator.game("TD")`` applied as
:mod:`bjcalc.game.strategy` applies it.  In floats, values within 1e-12 count as ties,
so that float and exact arithmetic take the same decisions.

A round that can run out of cards (the player or the dealer finds the shoe empty
on some path the strategy deals) is refused with :class:`~bjcalc.core.errors.ShoeError`.

>>> from bjcalc import Rules, Shoe
>>> from bjcalc.sidebets import BusterBlackjack
>>> shoe = Shoe.from_counts({"A": 2, 2: 1, 3: 1, 6: 1, 8: 2, "T": 8})
>>> busts, no_bust = player_lengths(shoe, Rules(decks=1, max_split_hands=3), exact=True)
>>> by_shoe = BusterBlackjack().bust_distribution(shoe, exact=True)
>>> all(by_shoe[f"bust {n} cards"] == p for n, p in busts.items()), by_shoe["no bust"] == no_bust
(True, True)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Optional

import numpy as np

from ..core.cards import Shoe
from ..core.errors import RulesError, ShoeError, StrategyError
from ..core.rules import Rules
from ..engine.dealer import StandardDealer
from ..engine.hands import BUST, UNSPLIT, Context, add, composition_of
from ..engine.lengths import dealer_lengths_given_up, float_bust_lengths_given_up
from ..game.variants import variant_of
from ..core.actions import POST_SPLIT_ACTIONS, most_hands, post_split_actions
from ..engine.splits import PER_HAND_SPLIT_STRATEGIES, most_round_cards, pair_cards, policy_extra
from ..game.calculator import Calculator, deal_probabilities
from ..game.rounds import strategy_name
from ..game.strategy import TotalDependentStrategy, UpcardEvaluator, UpcardStrategy

__all__ = ["round_cannot_run_out", "round_card_bound", "player_lengths", "main_game_dealer",
           "ENUMERATED_SPLIT_STRATEGIES", "ENUMERATION_LIMIT"]

ENUMERATED_SPLIT_STRATEGIES = PER_HAND_SPLIT_STRATEGIES
"""Post-split strategies :func:`player_lengths` can replay card by card."""

_TIE = 1e-12            # float values this close count as equal (exact ties must not split by rounding)
_PATH_LIMIT = 2 ** 62    # path counts stay int64 below this, else Python ints
_SLICE = 1 << 22         # card-set pairs formed at once when combining split hands

ENUMERATION_LIMIT = 200_000_000
"""Most pairs of card sets (earlier split hands x the next hand) one up card's split rounds
may combine: bounds the time and memory of enumerating.  Two hands
on 6 decks take 9 million in all; three hands on one deck 140 million against a 7."""


# ----------------------------------------------------------------------------------------
# can a round run out of cards?
# ----------------------------------------------------------------------------------------
def main_game_dealer(rules: Rules) -> StandardDealer:
    """The dealer procedure of the main game's ``rules``
    (its variant's :meth:`~bjcalc.game.variant.Variant.dealer`), as far as it does not depend on the
    shoe: its kind, its hooks and its soft-17 rule.  Burn 20's suit share, the one part that
    does, is the infinite deck's 1/4 here; the bet takes the shoe's own where it computes.

    >>> from bjcalc import Rules
    >>> type(main_game_dealer(Rules())).__name__, type(main_game_dealer(Rules(burn_20=True))).__name__
    ('StandardDealer', 'Burn20Dealer')
    """
    return variant_of(rules).dealer(rules, Shoe.infinite())


def round_card_bound(shoe: Shoe, rules: Rules) -> int:
    """Most cards one round can take from the shoe (player's hands and the dealer's), any play.

    Before its last card a player hand's hard total is at most 21 and the dealer's
    (up card included) at most 16, so all cards but the hands' last ones sum to at
    most 21 x hands + 16: at most as many as the shoe's smallest cards fit in that;
    add one last card per hand.

    A dealer that burns cards (Burn 20, ``rules.burn_20``): the dealer's final hand after a
    burn (the last fresh pair and its draws) obeys the same budget, and every burned card
    comes on top, as many as the procedure's ``most_cards_burned`` (Burn 20: the up card
    and the shoe's tens and aces, 1 + tens + aces).

    >>> round_card_bound(Shoe.decks(1), Rules(max_split_hands=2))
    22
    >>> round_card_bound(Shoe.decks(1), Rules(max_split_hands=2, burn_20=True))    # 22 + 1 + 16 + 4
    43
    """
    counts = shoe.value_counts()
    return most_round_cards(counts, max(1, rules.max_split_hands), 16) + main_game_dealer(rules).most_cards_burned(counts)


def round_cannot_run_out(shoe: Shoe, rules: Rules) -> bool:
    """True if no round can run out of cards, whatever the play (:func:`round_card_bound`).

    >>> round_cannot_run_out(Shoe.decks(1), Rules()), round_cannot_run_out(Shoe.from_counts(T=7), Rules())
    (True, False)
    """
    return shoe.is_infinite or round_card_bound(shoe, rules) <= shoe.total


# ----------------------------------------------------------------------------------------
# multisets of card values as int64 codes
# ----------------------------------------------------------------------------------------
class _Packer:
    """Counts by value packed in bit fields of an int64, so that adding codes adds multisets.

    Each field holds what ``hands`` hands can hold of its value (a hand holds at
    most 21 // v cards of value v before its last card), so sums never carry.
    """

    def __init__(self, hands: int):
        bits = [(hands * (21 // v + 1)).bit_length() for v in range(1, 11)]
        if sum(bits) > 62:   # pragma: no cover - four hands need 51 bits
            raise RulesError("too many split hands to pack a round's cards")
        self.offsets = np.cumsum([0] + bits[:-1]).astype(np.int64)
        self.masks = (np.int64(1) << np.array(bits, dtype=np.int64)) - 1
        self.unit = np.int64(1) << self.offsets

    def encode(self, counts: np.ndarray) -> np.ndarray:
        return (np.asarray(counts, dtype=np.int64) << self.offsets).sum(axis=-1)

    def decode(self, codes: np.ndarray) -> np.ndarray:
        return (np.asarray(codes, dtype=np.int64)[:, None] >> self.offsets) & self.masks

    def fits(self, codes: np.ndarray, available: np.ndarray) -> np.ndarray:
        """Which multisets the counts ``available`` hold (field by field: no codes x 10 array)."""
        keep = np.ones(len(codes), dtype=bool)
        for offset, mask, most in zip(self.offsets, self.masks, available):
            keep &= ((codes >> offset) & mask) <= most
        return keep


def _merge(codes: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Equal codes merged, their weights added (int64, Python-int objects or floats)."""
    if not len(codes):
        return codes.astype(np.int64), weights
    unique, inverse = np.unique(codes, return_inverse=True)
    inverse = inverse.reshape(-1)
    if weights.dtype == np.float64:
        return unique, np.bincount(inverse, weights=weights, minlength=len(unique))
    out = np.zeros(len(unique), dtype=weights.dtype)
    np.add.at(out, inverse, weights)
    return unique, out


def _concat(parts: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    if not parts:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    codes = np.concatenate([c for c, _ in parts])
    kinds = [w.dtype for _, w in parts]
    dtype: Any = object if any(k == np.dtype(object) for k in kinds) else (
        np.float64 if any(k == np.float64 for k in kinds) else np.int64)
    return codes, np.concatenate([w.astype(dtype) for _, w in parts])


# ----------------------------------------------------------------------------------------
# the player's removed cards, per up card
# ----------------------------------------------------------------------------------------
class _Player:
    """Plays the main game with a fixed strategy and lists, per up card, the multisets of
    cards the round's player hands end with and their path counts."""

    def __init__(self, rules: Rules, shoe: Shoe, strategy: str, split_strategy: str, exact: bool):
        strategy = strategy_name(strategy)
        if split_strategy not in ENUMERATED_SPLIT_STRATEGIES:
            raise StrategyError(f"Buster Blackjack model 'player' replays the post-split strategies "
                                f"{', '.join(ENUMERATED_SPLIT_STRATEGIES)} card by card, not {split_strategy!r}")
        if rules.split_tens_by_rank and rules.splits and most_hands(rules, 10) > 2:
            # a resplit then depends on the ten's rank, which a multiset of values does not keep
            raise RulesError("Buster Blackjack model 'player' cannot enumerate resplitting tens by rank "
                             "(split_tens_by_rank with more than 2 hands)")
        if rules.double_after_hit or rules.surrender == "any_time":
            # (its replay hits or stands after a hit; the after-hit doubles and surrenders are not in it)
            raise RulesError("Buster Blackjack model 'player' does not replay doubling or surrendering after a "
                             "hit (double_after_hit, surrender='any_time'): use model 'shoe' or drop those rules")
        self.rules, self.shoe, self.strategy, self.exact = rules, shoe, strategy, exact
        self.split_strategy = split_strategy
        self.calc = Calculator(rules, shoe, split_strategy=split_strategy, exact=exact)
        self.deals = deal_probabilities(shoe, rules)
        self.counts = np.array(shoe.value_counts(), dtype=np.int64)
        self.packer = _Packer(max(2, rules.max_split_hands))
        self.td: Optional[TotalDependentStrategy] = self.calc.game("TD").strategy if strategy == "TD" else None

    def choose(self, options: dict[str, Any]) -> str:
        """The first action (in the dict's order) whose value is the best."""
        best = max(options.values())
        slack = 0 if self.exact else _TIE * max(1.0, abs(float(best)))
        return next(a for a, value in options.items() if value >= best - slack)

    def upcard(self, up: int) -> "_Upcard":
        return _Upcard(self, up)


class _Upcard:
    """The rounds against one up card."""

    def __init__(self, player: _Player, up: int):
        self.p, self.up = player, up
        calc = player.calc
        self.v = v = calc.round.upcard(up)
        self.nodes = nodes = v.nodes
        self.codes = player.packer.encode(nodes.hand)
        self.unit = player.packer.unit
        self.available = player.counts - np.eye(10, dtype=np.int64)[up - 1]   # the shoe less the up card
        self._contexts: dict[int, tuple] = {}
        self._splits: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._pairs = 0     # card-set pairs combined so far (ENUMERATION_LIMIT)
        self.evaluator: Optional[UpcardEvaluator] = None     # TD: the chart's evaluator and its column
        self.chart: Optional[UpcardStrategy] = None
        if player.strategy == "CD":
            if player.exact:
                self.dec = np.asarray(v.hits, dtype=bool)
            else:  # the engine's rule hit > stand at the deciding node, with float ties as ties
                gap = np.asarray(v.hit - v.stand, dtype=float)[v.source]
                self.dec = v.can_hit & (v.must_hit | (gap > _TIE * np.maximum(1.0, np.abs(v.stand[v.source]))))
        else:
            assert player.td is not None        # a TD player has its chart (_Player)
            self.evaluator = UpcardEvaluator(calc, up, player.deals[up])
            self.chart = player.td[up]
            self.dec = (self.evaluator.hits(self.chart) | v.must_hit) & v.can_hit

    # -- playing out hands -------------------------------------------------------------
    def _context(self, index: int) -> tuple:
        if index not in self._contexts:
            members = np.flatnonzero(self.nodes.context_id == index)
            local = np.full(len(self.nodes), -1, dtype=np.int64)
            local[members] = np.arange(len(members))
            hard = self.nodes.hard[members]
            self._contexts[index] = (members, local, [members[hard == h] for h in range(1, 22)])
        return self._contexts[index]

    def playout(self, context: Context, starts: list[tuple[int, bool]]) -> list[tuple[np.ndarray, np.ndarray]]:
        """Final hand compositions (codes) and path counts of hands played from ``starts``
        (node, forced first hit) by the decisions ``self.dec``, all in one context."""
        if not starts:
            return []
        members, local, levels = self._context(self.nodes.contexts.index(context))
        child, codes, unit, dec = self.nodes.child, self.codes, self.unit, self.dec
        reach = np.zeros((len(starts), len(members)), dtype=np.int64)
        final_codes: list[np.ndarray] = []
        final_weights: list[np.ndarray] = []
        for s, (node, forced) in enumerate(starts):
            if not forced:
                reach[s, local[node]] += 1
                continue
            for c in range(10):
                kid = child[node, c]
                if kid >= 0:
                    reach[s, local[kid]] += 1
                elif kid == BUST:
                    weight = np.zeros((len(starts), 1), dtype=np.int64)
                    weight[s] = 1
                    final_codes.append(np.array([codes[node] + unit[c]]))
                    final_weights.append(weight)
        for level in levels:        # hard totals upward: a hit always raises the hard total
            if not len(level):
                continue
            where = local[level]
            live = reach[:, where].any(axis=0)
            if not live.any():
                continue
            standing = live & ~dec[level]
            if standing.any():
                final_codes.append(codes[level[standing]])
                final_weights.append(reach[:, where[standing]])
            hitting, at = level[live & dec[level]], where[live & dec[level]]
            for c in range(10):
                kids = child[hitting, c]
                ok = kids >= 0            # distinct children for one card value: no repeated targets
                if ok.any():
                    reach[:, local[kids[ok]]] += reach[:, at[ok]]
                busted = kids == BUST
                if busted.any():
                    final_codes.append(codes[hitting[busted]] + unit[c])
                    final_weights.append(reach[:, at[busted]])
        if not final_codes:
            return [(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))] * len(starts)
        all_codes = np.concatenate(final_codes)
        weights = np.hstack(final_weights)
        out = []
        for s in range(len(starts)):
            nonzero = weights[s] != 0
            out.append(_merge(all_codes[nonzero], weights[s, nonzero]))
        return out

    def _fixed(self, composition: tuple, drawn: bool) -> tuple[np.ndarray, np.ndarray]:
        """A hand that stands as it is, or (``drawn``) takes exactly one more card."""
        code = int(np.dot(composition, self.unit))
        if not drawn:
            return np.array([code], dtype=np.int64), np.ones(1, dtype=np.int64)
        return code + self.unit, np.ones(10, dtype=np.int64)

    # -- initial hands -------------------------------------------------------------------
    def rounds(self) -> list[tuple[tuple[int, int], Any, np.ndarray, np.ndarray]]:
        """(initial hand, deal key, codes of the round's removed multisets, path counts) per deal."""
        p, calc, v, nodes = self.p, self.p.calc, self.v, self.nodes
        plans: list[tuple[tuple[int, int], Any, str, tuple[int, ...]]] = []
        starts: list[tuple[int, bool]] = []
        for (hand, key), _ in p.deals[self.up].items():
            composition = composition_of(hand)
            if sorted(hand) == [1, 10]:
                plans.append((hand, key, "stand", composition))
                continue
            node = nodes.node(composition, UNSPLIT)
            calc.round.check_dealable(v, node)
            action = self._initial_action(node, hand, key)
            if action in ("hit", "play"):
                plans.append((hand, key, "playout", composition))
                starts.append((node, action == "hit"))
            else:
                plans.append((hand, key, action, composition))
        played = iter(self.playout(UNSPLIT, starts))     # one result per "playout" plan, in order
        out = []
        for hand, key, action, composition in plans:
            if action == "playout":
                codes, paths = next(played)
            elif action == "split":
                codes, paths = self.split_round(hand[0])
            else:
                codes, paths = self._fixed(composition, action == "double")
            out.append((hand, key, codes, paths))
        return out

    def _initial_action(self, node: int, hand: tuple[int, int], key: Any) -> str:
        if self.p.strategy == "CD":
            return self.p.choose(self.p.calc.round.actions(self.v, node, key))
        assert self.evaluator is not None and self.chart is not None     # TD (__init__)
        return self.evaluator.initial_action(node, is_pair=hand[0] == hand[1], split_key=key, strategy=self.chart)

    # -- splits --------------------------------------------------------------------------
    def split_round(self, pair: int) -> tuple[np.ndarray, np.ndarray]:
        """Every hand of a split round, dealt as :mod:`bjcalc.engine.splits` deals it: hand by hand,
        a hand's second card of the pair's value splits again while fewer than the most
        hands exist.  State (hand, hands so far) -> codes of the cards of finished hands."""
        if pair in self._splits:
            return self._splits[pair]
        most = most_hands(self.p.rules, pair)
        hands = {count: self.split_hand(pair, count, count >= most) for count in range(2, most + 1)}
        states: dict[tuple[int, int], list] = {(1, 2): [(np.zeros(1, dtype=np.int64), np.ones(1, dtype=np.int64))]}
        finished = []
        for total in range(3, 2 * most + 2):          # hand + hands so far grows by one each step
            for slot in range(1, total):
                parts = states.pop((slot, total - slot), None)
                if parts is None:
                    continue
                count = total - slot
                codes, paths = _merge(*_concat(parts))
                if slot > count:
                    finished.append((codes, paths))
                    continue
                if count < most:                      # the pair card drawn: one more hand
                    states.setdefault((slot, count + 1), []).append((codes, paths))
                states.setdefault((slot + 1, count), []).append(self._convolve((codes, paths), hands[count]))
        self._splits[pair] = _merge(*_concat(finished))
        return self._splits[pair]

    def split_hand(self, pair: int, count: int, pair_second: bool) -> tuple[np.ndarray, np.ndarray]:
        """Final compositions of one split hand formed when ``count`` hands exist (its pair
        card included); a second card of the pair's value only when it cannot split."""
        p, v, nodes = self.p, self.v, self.nodes
        if p.strategy == "CD":
            context = Context(policy_extra(p.split_strategy, pair, count))
        else:
            context = UNSPLIT          # a TD hand decides by its total: any context holds its cards
        parts, starts = [], []
        for card in range(1, 11):
            if card == pair and not pair_second:
                continue
            composition = add(pair_cards(pair, 1), card)
            node = nodes.find(composition, context)
            if node is None:           # the shoe cannot deal it
                continue
            allowed = post_split_actions(p.rules, pair, int(nodes.hard[node]), bool(nodes.soft[node]),
                                         max_cards=nodes.space.max_cards)
            if p.strategy == "CD":
                values = {"stand": v.stand, "hit": v.hit, "double": v.double}
                action = p.choose({a: values[a][node] for a in POST_SPLIT_ACTIONS if a in allowed})
            else:
                assert self.evaluator is not None and self.chart is not None     # TD (__init__)
                action = self.evaluator.post_split_action(node, allowed, self.chart)
            if action in ("hit", "play"):
                starts.append((node, action == "hit"))
            else:
                parts.append(self._fixed(composition, action == "double"))
        parts += self.playout(context, starts)
        return _merge(*_concat(parts))

    def _convolve(self, a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]
                  ) -> tuple[np.ndarray, np.ndarray]:
        """Every union of a multiset of ``a`` and one of ``b``, path counts multiplied; unions
        the shoe cannot hold are dropped (their weight is zero).  Done in slices of ``a`` so
        that memory stays bounded; refused past :data:`ENUMERATION_LIMIT` pairs per up card."""
        (codes_a, paths_a), (codes_b, paths_b) = a, b
        if not len(codes_a) or not len(codes_b):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        self._pairs += len(codes_a) * len(codes_b)
        if self._pairs > ENUMERATION_LIMIT:
            raise RulesError(
                f"Buster Blackjack model 'player': enumerating the split rounds of this shoe takes more than "
                f"{ENUMERATION_LIMIT:,} pairs of card sets (splitting to {self.p.rules.max_split_hands} hands, "
                f"up card {self.up}); enumeration with resplits is limited to small shoes (where no round can "
                f"run out of cards, method='auto' needs none: model 'player' equals model 'shoe' exactly)")
        if int(paths_a.max()) * int(paths_b.max()) >= _PATH_LIMIT:
            paths_a, paths_b = paths_a.astype(object), paths_b.astype(object)
        step = max(1, _SLICE // len(codes_b))
        merged: list[tuple[np.ndarray, np.ndarray]] = []
        for first in range(0, len(codes_a), step):
            codes = (codes_a[first:first + step, None] + codes_b[None, :]).ravel()
            paths = np.multiply.outer(paths_a[first:first + step], paths_b).ravel()
            keep = self.p.packer.fits(codes, self.available)
            merged.append(_merge(codes[keep], paths[keep]))
            if sum(len(c) for c, _ in merged) > _SLICE:
                merged = [_merge(*_concat(merged))]
        return _merge(*_concat(merged))


# ----------------------------------------------------------------------------------------
# the model
# ----------------------------------------------------------------------------------------
def player_lengths(shoe: Shoe, rules: Rules, strategy: str = "CD", split_strategy: str = "CDZ-",
                   exact: bool = False) -> tuple[dict[int, Any], Any]:
    """({n: P(the dealer busts with n cards)}, P(no bust)) when one player plays first.

    Enumerates the player's removed cards (see the module docstring); Fractions if
    ``exact``, else floats.  The dealer follows ``rules.dealer_hits_soft_17``.
    Raises :class:`~bjcalc.core.errors.ShoeError` if a round can run out of cards.

    >>> from bjcalc import Rules, Shoe
    >>> shoe = Shoe.from_counts({"A": 2, 2: 1, 3: 1, 6: 1, 8: 2, "T": 8})     # 15 cards
    >>> rules = Rules(decks=1, dealer_hits_soft_17=True, max_split_hands=3)
    >>> round_card_bound(shoe, rules)        # so counting cannot rule out running out
    16
    >>> busts, no_bust = player_lengths(shoe, rules, exact=True)
    >>> busts[3], no_bust
    (Fraction(211, 1365), Fraction(57346, 75075))
    """
    if shoe.is_infinite:
        raise ShoeError("the infinite deck removes nothing: model 'player' equals model 'shoe' there")
    procedure = main_game_dealer(rules)
    if procedure.burns_cards:    # Burn 20's, the one other procedure
        raise RulesError("Buster Blackjack model 'player' supports the standard dealer only, not Burn 20's "
                         "(burn_20=True)")
    player = _Player(rules, shoe, strategy, split_strategy, exact)
    n_cards = int(shoe.total)        # a finite shoe's (the infinite deck is refused above)
    dealt_3 = math.perm(n_cards, 3)
    bust: dict[int, Any] = {}
    no_bust: Any = Fraction(0) if exact else 0.0
    numerators: dict[tuple[str, int, int], int] = {}     # exact: (event, n, cards) -> numerator
    for up in range(1, 11):
        if not player.deals[up]:
            continue
        seat = player.upcard(up)
        parts = []
        for hand, key, codes, paths in seat.rounds():
            prob = player.deals[up][(hand, key)]
            parts.append((codes, _weights(seat, hand, prob, codes, paths, dealt_3, exact)))
        codes, weights = _merge(*_concat(parts))
        keep = weights != 0
        codes, weights = codes[keep], weights[keep]
        removed = player.packer.decode(codes)
        rows = seat.available[None, :] - removed
        if exact:
            _exact_dealer(up, rows, removed.sum(axis=1), weights, procedure, numerators)
            continue
        busts, stands, exhausted = float_bust_lengths_given_up(up, rows.astype(np.float64), procedure)
        if exhausted.any():
            raise ShoeError(_RUNS_OUT.format(who="the dealer"))
        for n, column in busts.items():
            bust[n] = bust.get(n, 0.0) + float(weights @ column)
        no_bust += float(weights @ stands)
    if exact:
        for (event, n, cards), numerator in numerators.items():
            value = Fraction(numerator, math.perm(n_cards, cards))
            if event == "bust":
                bust[n] = bust.get(n, Fraction(0)) + value
            else:
                no_bust += value
    total = sum(bust.values()) + no_bust
    if (total != 1) if exact else abs(total - 1) > 1e-9:
        raise ShoeError(_RUNS_OUT.format(who="the player"))
    return {n: bust[n] for n in sorted(bust) if bust[n] != 0}, no_bust


_RUNS_OUT = ("the shoe is too small for Buster Blackjack model 'player': {who} can run out of cards in a "
             "round; use a larger shoe")


def _weights(seat: _Upcard, hand: tuple[int, int], prob: Fraction, codes: np.ndarray, paths: np.ndarray,
             dealt_3: int, exact: bool) -> np.ndarray:
    """Probability of every removed multiset of one deal: P(deal) x paths x w(cards drawn after it).

    Exact: integer numerators over perm(N, |R| + 1) (up card and the multiset R), so that
    weights of different deals add up as integers."""
    hand_counts = np.array(composition_of(hand), dtype=np.int64)
    left = seat.available - hand_counts
    drawn = seat.p.packer.decode(codes) - hand_counts[None, :]
    most = int(drawn.max()) if drawn.size else 0
    if exact:
        scaled = prob * dealt_3
        if scaled.denominator != 1:   # pragma: no cover - deal probabilities are over perm(N, 3)
            raise ArithmeticError("deal probability not over perm(N, 3)")
        weights = paths.astype(object) * int(scaled)
        for v in range(10):
            table = np.array([math.perm(int(left[v]), k) if k <= left[v] else 0 for k in range(most + 1)],
                             dtype=object)
            weights = weights * table[drawn[:, v]]
        return weights
    # floats: falling factorials scaled by the cards left, so nothing overflows
    cards = int(left.sum())
    weights = paths.astype(np.float64) * float(prob)
    steps = np.arange(most + 1)
    for v in range(10):
        ratios = np.where(steps < left[v], (left[v] - steps) / cards, 0.0)
        table = np.concatenate([[1.0], np.cumprod(ratios)[:-1]]) if most else np.ones(1)
        weights = weights * table[drawn[:, v]]
    size = drawn.sum(axis=1)
    whole = np.arange(int(size.max()) + 1 if size.size else 1)
    falling = np.concatenate([[1.0], np.cumprod(np.maximum(cards - whole, 0) / cards)[:-1]])
    with np.errstate(divide="ignore", invalid="ignore"):
        out = weights / falling[size]
    return np.where(falling[size] > 0, out, 0.0)


def _exact_dealer(up: int, rows: np.ndarray, sizes: np.ndarray, weights: np.ndarray, procedure: StandardDealer,
                  numerators: dict[tuple[str, int, int], int]) -> None:
    """Add weight x dealer numerator of every removed multiset, keyed by the cards dealt in all."""
    bust, stand, exhausted = dealer_lengths_given_up(up, rows, procedure, depletes=True, exact=True)
    if exhausted.any():
        raise ShoeError(_RUNS_OUT.format(who="the dealer"))
    for event, table in (("bust", bust), ("stand", stand)):
        for n, column in table.items():
            # weight over perm(N, |R| + 1), dealer over perm(N - 1 - |R|, n - 1): product over perm(N, |R| + n)
            products = weights * np.asarray(column).astype(object)
            for size in np.unique(sizes):
                value = int(products[sizes == size].sum())
                if value:
                    key = (event, n, int(size) + n)
                    numerators[key] = numerators.get(key, 0) + value
