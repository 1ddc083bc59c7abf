"""Brute-force oracle for fixed composition-dependent play on another shoe.

``fixed_play_ev(rules, counts_A, counts_B)`` is the exact EV of one round dealt from
shoe B when the player uses, unchanged, the composition-dependent (CD) strategy with the
CDZ- post-split strategy that is optimal for shoe A.  It is written from the rules alone
(no code of bjcalc's engine), by explicit enumeration with exact ``Fraction`` arithmetic,
for tiny shoes (about 8-14 cards).

Model
-----
* Cards are values 1 (ace) to 10 (every ten-value card); a shoe is a tuple of 10 counts.
* The player's two cards, the dealer's up card and the hole card come from the shoe; the
  player sees his cards and the up card, never the hole card.  Because the player's draws
  and the hole card are exchangeable, at every information state (up card, the hand's
  cards) the hole card is, for the player, uniform over the unseen cards (restricted to
  cards that do not give the dealer blackjack once a peek has shown none).
* Step 1 (shoe A, expectimax).  For every information state each action is valued as a
  vector over hole cards ``h`` (the EV given ``h``); the decision maximises the vector's
  sum weighted by the number of unseen cards of each value (the common normalisation
  does not change the argmax or ties).  First action of a two-card hand: stand, hit,
  double, split, surrender, ties to the earlier; after a hit, hit only if strictly better
  than standing.  Peek game: decisions after the first are conditioned on no dealer
  blackjack; the first decision also weighs the blackjack holes (a constant -1 for every
  action but early surrender's -1/2, so late surrender and the other actions compare as
  after the peek, and early surrender before it).  ENHC (dealer blackjack takes every bet)
  values every hole, the blackjack ones included (a double then loses 2, a split every
  bet it made).  ENHC OBO: a dealer blackjack costs exactly the original bet whatever the
  player did (his natural pushes), like a peek game.
* Post-split strategy CDZ-: a split hand's first action (stand, hit, double where allowed
  - double only with DAS - ties in that order) and its hit/stand decisions are those of
  the same cards unsplit against the same up card in shoe A.  The player always resplits
  when allowed (to ``max_split_hands``; aces only with ``resplit_aces``).  Split aces take
  one card each unless ``hit_split_aces``.  The split's own EV (to decide whether to
  split) plays the split hands in order, each to completion (its resplits included)
  before the next, with the real depletion of the shoe, and the dealer last.
* Step 2 (shoe B).  Every card sequence of shoe B is enumerated and played with step 1's
  decisions, which depend only on (up card, the hand's cards, split hand or not, two
  cards or more).

A draw from an empty shoe raises :class:`ShoeExhausted`.  Step 1 values every action, so
shoe A must not run out whatever the play; shoe B only under the fixed play.  (bjcalc
refuses a shoe in which an unsplit round can run out, but not one in which only a split
round can: see the xfail tests in ``tests/oracles/test_brute_fixed.py``.)
Rules outside this model raise :class:`NotImplementedError`.
"""

from __future__ import annotations

from oracles import Fraction
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

__all__ = ["fixed_play_ev", "optimal_ev", "strategy_for", "counts_tuple", "ShoeExhausted", "CDStrategy"]

Counts = Tuple[int, ...]          # 10 counts, index 0 = aces, index 9 = ten-values
Cards = Tuple[int, ...]           # sorted card values of one hand
Vector = Dict[int, Fraction]      # hole-card value -> EV given that hole card
Outcome = Union[int, str]         # dealer's final total 17-21, "bust" or "bj"

STAND, HIT, DOUBLE, SPLIT, SURRENDER = "stand", "hit", "double", "split", "surrender"
_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T"]
_BUST = 0                         # a finished hand's total when it busted


class ShoeExhausted(RuntimeError):
    """A round would need a card from an empty shoe."""


def counts_tuple(counts: Union[Mapping[Union[str, int], int], Sequence[int]]) -> Counts:
    """Normalise ``{"A": 1, "T": 3, ...}`` (or value keys 1-10, or 10 counts) to a tuple."""
    if isinstance(counts, Mapping):
        out = [0] * 10
        for key, n in counts.items():
            if isinstance(key, int):
                index = key - 1
            else:
                key = key.upper()
                index = 9 if key in ("10", "J", "Q", "K") else _RANKS.index(key)
            out[index] += int(n)
        return tuple(out)
    values = tuple(int(n) for n in counts)
    if len(values) != 10:
        raise ValueError("need 10 counts, aces first")
    return values


def _take(shoe: Counts, card: int) -> Counts:
    if shoe[card - 1] <= 0:
        raise ValueError(f"card {card} not in shoe {shoe}")
    return shoe[:card - 1] + (shoe[card - 1] - 1,) + shoe[card:]


def _take_all(shoe: Counts, cards: Iterable[int]) -> Counts:
    for card in cards:
        shoe = _take(shoe, card)
    return shoe


def _draws(shoe: Counts) -> List[Tuple[int, Fraction]]:
    """(card, probability) of the next card; raises ShoeExhausted on an empty shoe."""
    n = sum(shoe)
    if n == 0:
        raise ShoeExhausted("a card is needed from an empty shoe")
    return [(v + 1, Fraction(k, n)) for v, k in enumerate(shoe) if k]


def _total(cards: Iterable[int]) -> Tuple[int, bool]:
    """Best total and whether it is soft."""
    cards = tuple(cards)
    s = sum(cards)
    if 1 in cards and s + 10 <= 21:
        return s + 10, True
    return s, False


def _add(cards: Cards, card: int) -> Cards:
    return tuple(sorted(cards + (card,)))


def _is_bj(up: int, hole: int) -> bool:
    return {up, hole} == {1, 10}


class _Game:
    """The rules the oracle needs, and the dealer's and the settlement's arithmetic."""

    def __init__(self, rules) -> None:
        unsupported = []
        if getattr(rules, "burn_20", False):
            unsupported.append("burn_20")
        if getattr(rules, "dealer_22_pushes", False):
            unsupported.append("dealer_22_pushes")
        if getattr(rules, "bust_push", "none") != "none":
            unsupported.append("bust_push")
        if getattr(rules, "must_hit_below", 0):
            unsupported.append("must_hit_below")
        if not getattr(rules, "hit_21", True):
            unsupported.append("hit_21=False")
        if getattr(rules, "max_hand_cards", None) is not None:
            unsupported.append("max_hand_cards")
        if getattr(rules, "double_split_aces", False):
            unsupported.append("double_split_aces")
        if unsupported:
            raise NotImplementedError(f"brute_fixed does not model {', '.join(unsupported)}")
        self.h17: bool = bool(rules.dealer_hits_soft_17)
        self.bj_pays: Fraction = Fraction(rules.blackjack_pays)
        self.hole_card: str = rules.hole_card
        if self.hole_card not in ("peek", "enhc", "enhc_obo"):
            raise NotImplementedError(f"hole_card={self.hole_card!r}")
        self.double_on: str = rules.double_on
        self.double_soft: bool = bool(rules.double_soft)
        self.das: bool = bool(rules.double_after_split)
        self.max_hands: int = int(rules.max_split_hands)
        self.resplit_aces: bool = bool(rules.resplit_aces)
        self.hit_split_aces: bool = bool(rules.hit_split_aces)
        self.surrender: str = rules.surrender
        self._dealer_memo: Dict[Tuple[int, bool, Counts], Dict[Outcome, Fraction]] = {}
        self._settle_memo: Dict[tuple, Fraction] = {}

    # --- rules ---------------------------------------------------------------------------
    @property
    def lose_all(self) -> bool:
        """ENHC where a dealer blackjack takes doubles and splits too."""
        return self.hole_card == "enhc"

    def generic_hole(self, up: int, hole: int) -> bool:
        """Whether a hole card's EVs come from playing the hand out.  Otherwise (a dealer
        blackjack in a peek or OBO game) the round costs a constant, whatever the play."""
        return self.lose_all or not _is_bj(up, hole)

    def can_double(self, cards: Cards) -> bool:
        total, soft = _total(cards)
        if self.double_on == "any":
            return self.double_soft or not soft
        if self.double_on == "9-11":
            return not soft and 9 <= total <= 11
        if self.double_on == "10-11":
            return not soft and 10 <= total <= 11
        if self.double_on == "none":
            return False
        raise NotImplementedError(f"double_on={self.double_on!r}")

    def bj_hole_value(self, action: str) -> Fraction:
        """Round value when the hole card gives the dealer blackjack, peek or OBO game,
        non-natural player hand whose first action is ``action``."""
        if action == SURRENDER and self.surrender == "early":
            return Fraction(-1, 2)
        return Fraction(-1)

    # --- dealer --------------------------------------------------------------------------
    def dealer(self, up: int, hole: int, shoe: Counts) -> Dict[Outcome, Fraction]:
        """Distribution of the dealer's result with this up and hole card, drawing from shoe."""
        if _is_bj(up, hole):
            return {"bj": Fraction(1)}
        return self._dealer_from(up + hole, 1 in (up, hole), shoe)

    def _dealer_from(self, hard: int, ace: bool, shoe: Counts) -> Dict[Outcome, Fraction]:
        """The dealer's result from a hand with hard sum ``hard`` (aces as 1) and ``ace``
        (whether it holds an ace), drawing from ``shoe``; memoised on that state."""
        key = (hard, ace, shoe)
        memo = self._dealer_memo.get(key)
        if memo is not None:
            return memo
        soft = ace and hard + 10 <= 21
        total = hard + 10 if soft else hard
        out: Dict[Outcome, Fraction] = {}
        if total > 21:
            out["bust"] = Fraction(1)
        elif total > 17 or (total == 17 and not (soft and self.h17)):
            out[total] = Fraction(1)
        else:
            for card, q in _draws(shoe):
                for outcome, r in self._dealer_from(hard + card, ace or card == 1,
                                                    _take(shoe, card)).items():
                    out[outcome] = out.get(outcome, 0) + q * r
        self._dealer_memo[key] = out
        return out

    @staticmethod
    def settle(total: int, bet: int, outcome: Outcome) -> int:
        """Net result of one finished non-natural hand (total 0 = bust) against the dealer."""
        if total == _BUST or outcome == "bj":
            return -bet
        if outcome == "bust":
            return bet
        assert isinstance(outcome, int)
        if total == outcome:
            return 0
        return bet if total > outcome else -bet

    def settle_all(self, up: int, hole: int, shoe: Counts,
                   hands: Sequence[Tuple[int, int]]) -> Fraction:
        """Expected net result of finished hands ((total, bet), total 0 = bust); the dealer
        draws from ``shoe`` only if some hand stands."""
        key = (up, hole, shoe, tuple(sorted(hands)))
        memo = self._settle_memo.get(key)
        if memo is not None:
            return memo
        if all(total == _BUST for total, _ in hands):
            value = Fraction(-sum(bet for _, bet in hands))
        else:
            value = Fraction(0)
            for outcome, p in self.dealer(up, hole, shoe).items():
                value += p * sum(self.settle(t, b, outcome) for t, b in hands)
        self._settle_memo[key] = value
        return value


class _Play:
    """Exact EV of playing a given CD policy (first actions, hit/stand, CDZ- split hands)
    on a shoe, hole card fixed.  The policy's decisions never look at the shoe played."""

    def __init__(self, game: _Game, policy: "CDStrategy") -> None:
        self.g = game
        self.policy = policy
        self._hand_memo: Dict[tuple, Dict[Tuple[int, int, Counts], Fraction]] = {}
        self._split_memo: Dict[tuple, Fraction] = {}

    def hand_finish(self, up: int, shoe: Counts, cards: Cards, how: str,
                    bet: int = 1) -> Dict[Tuple[int, int, Counts], Fraction]:
        """How a hand ends, as {(total (0 = bust), bet, shoe left): probability}.

        ``how``: "stand", "double" (one card, bet doubled), "hit" (one card, then the
        policy's hit/stand), "play" (the policy's hit/stand from here)."""
        key = (up, shoe, cards, how, bet)
        memo = self._hand_memo.get(key)
        if memo is not None:
            return memo
        out: Dict[Tuple[int, int, Counts], Fraction] = {}
        total, _ = _total(cards)
        if total > 21:
            out[(_BUST, bet, shoe)] = Fraction(1)
        elif how == STAND or (how == "play" and not self.policy.hits(up, cards)):
            out[(total, bet, shoe)] = Fraction(1)
        elif how == DOUBLE:
            for card, p in _draws(shoe):
                t, _ = _total(cards + (card,))
                k = (t if t <= 21 else _BUST, 2 * bet, _take(shoe, card))
                out[k] = out.get(k, 0) + p
        else:   # HIT, or "play" deciding to hit
            for card, p in _draws(shoe):
                for k, q in self.hand_finish(up, _take(shoe, card), _add(cards, card), "play", bet).items():
                    out[k] = out.get(k, 0) + p * q
        self._hand_memo[key] = out
        return out

    def unsplit_value(self, up: int, hole: int, shoe: Counts, cards: Cards, action: str) -> Fraction:
        """EV of a non-natural two-card hand's first action (stand/hit/double/split; the
        hole card generic: no dealer blackjack, or ENHC lose-all), drawing from ``shoe``."""
        if action == SPLIT:
            return self.split_value(up, hole, shoe, cards[0])
        return sum((p * self.g.settle_all(up, hole, left, [(t, b)])
                    for (t, b, left), p in self.hand_finish(up, shoe, cards, action).items()),
                   Fraction(0))

    def split_value(self, up: int, hole: int, shoe: Counts, pair: int) -> Fraction:
        """EV of splitting a pair of ``pair`` (two one-card hands), drawing from ``shoe``."""
        return self._split(up, hole, shoe, pair, (), 2, 2)

    def _split(self, up: int, hole: int, shoe: Counts, pair: int,
               finished: Tuple[Tuple[int, int], ...], pending: int, hands: int) -> Fraction:
        """``pending`` one-card hands of ``pair`` still to play, in order, the first now."""
        if pending == 0:
            return self.g.settle_all(up, hole, shoe, finished)
        key = (up, hole, shoe, pair, finished, pending, hands)
        memo = self._split_memo.get(key)
        if memo is not None:
            return memo
        g = self.g
        value = Fraction(0)
        for card, p in _draws(shoe):
            left = _take(shoe, card)
            if card == pair and hands < g.max_hands and (pair != 1 or g.resplit_aces):
                # resplit: this hand keeps one pair card, a new one-card hand waits
                value += p * self._split(up, hole, left, pair, finished, pending + 1, hands + 1)
                continue
            cards = tuple(sorted((pair, card)))
            if pair == 1 and not g.hit_split_aces:
                how = STAND
            else:
                how = self.policy.split_hand_action(up, cards, split_aces=pair == 1)
            for (t, b, rest), q in self.hand_finish(up, left, cards, how).items():
                done = tuple(sorted(finished + ((t, b),)))
                value += p * q * self._split(up, hole, rest, pair, done, pending - 1, hands)
        self._split_memo[key] = value
        return value

    def round_value(self, shoe: Counts) -> Fraction:
        """EV of one round dealt from ``shoe`` with the policy."""
        value = Fraction(0)
        for c1, p1 in _draws(shoe):
            s1 = _take(shoe, c1)
            for c2, p2 in _draws(s1):
                s2 = _take(s1, c2)
                cards = tuple(sorted((c1, c2)))
                for up, p3 in _draws(s2):
                    s3 = _take(s2, up)
                    natural = cards == (1, 10)
                    action = None if natural else self.policy.first_action(up, cards)
                    for hole, p4 in _draws(s3):
                        rest = _take(s3, hole)
                        p = p1 * p2 * p3 * p4
                        value += p * self._after_deal(up, hole, rest, cards, action)
        return value

    def _after_deal(self, up: int, hole: int, shoe: Counts, cards: Cards,
                    action: Optional[str]) -> Fraction:
        g = self.g
        bj = _is_bj(up, hole)
        if action is None:                       # player natural
            return Fraction(0) if bj else g.bj_pays
        if not g.generic_hole(up, hole):         # peek / OBO dealer blackjack
            return g.bj_hole_value(action)
        if action == SURRENDER:                  # only ENHC lose-all can have bj here
            return Fraction(-1) if bj and g.surrender == "late" else Fraction(-1, 2)
        return self.unsplit_value(up, hole, shoe, cards, action)


class CDStrategy:
    """The CD strategy (CDZ- after splits) optimal for one shoe, found by expectimax.

    Decisions are computed on demand and cached: :meth:`first_action`,
    :meth:`split_hand_action`, :meth:`hits`."""

    def __init__(self, rules, counts: Union[Mapping, Sequence[int]]) -> None:
        self.g = _Game(rules)
        self.shoe: Counts = counts_tuple(counts)
        self.play = _Play(self.g, self)          # split EVs in this shoe use this policy
        self._vec_memo: Dict[Tuple[str, int, Cards], Vector] = {}
        self._hits: Dict[Tuple[int, Cards], bool] = {}
        self._first: Dict[Tuple[int, Cards], Tuple[str, Dict[str, Fraction]]] = {}
        self._split_hand: Dict[Tuple[int, Cards, bool], str] = {}

    # --- information states ---------------------------------------------------------------
    def unseen(self, up: int, cards: Cards) -> Counts:
        """The cards the player has not seen (hole card included)."""
        return _take_all(self.shoe, (up,) + tuple(cards))

    def holes(self, up: int, cards: Cards) -> List[int]:
        """Hole cards whose EVs are computed by play (see _Game.generic_hole)."""
        unseen = self.unseen(up, cards)
        return [h for h in range(1, 11) if unseen[h - 1] and self.g.generic_hole(up, h)]

    def weigh(self, up: int, cards: Cards, vector: Vector) -> Fraction:
        """Sum of a vector weighted by the unseen cards of each hole value (unnormalised)."""
        unseen = self.unseen(up, cards)
        return sum((unseen[h - 1] * v for h, v in vector.items()), Fraction(0))

    # --- value vectors (EV given the hole card), expectimax ---------------------------------
    def vector(self, action: str, up: int, cards: Cards) -> Vector:
        """EV of ``action`` then optimal hit/stand, per generic hole card.  A busted hand
        is -1.  ``action`` is stand, hit, double, play (best of stand/hit) or split."""
        key = (action, up, cards)
        memo = self._vec_memo.get(key)
        if memo is not None:
            return memo
        unseen = self.unseen(up, cards)
        total, _ = _total(cards)
        out: Vector = {}
        if total > 21:
            out = {h: Fraction(-1) for h in self.holes(up, cards)}
        elif action == "play":
            out = self.vector(HIT if self.hits(up, cards) else STAND, up, cards)
        elif action == STAND:
            for h in self.holes(up, cards):
                out[h] = self.g.settle_all(up, h, _take(unseen, h), [(total, 1)])
        elif action in (HIT, DOUBLE):
            nxt = "play" if action == HIT else STAND
            mult = 1 if action == HIT else 2
            for h in self.holes(up, cards):
                rest = _take(unseen, h)
                out[h] = sum((p * mult * self.vector(nxt, up, _add(cards, c))[h]
                              for c, p in _draws(rest)), Fraction(0))
        elif action == SPLIT:
            for h in self.holes(up, cards):
                out[h] = self.play.split_value(up, h, _take(unseen, h), cards[0])
        else:
            raise ValueError(action)
        self._vec_memo[key] = out
        return out

    # --- decisions ---------------------------------------------------------------------
    def hits(self, up: int, cards: Cards) -> bool:
        """Hit/stand after the first action (hit only if strictly better)."""
        key = (up, cards)
        if key not in self._hits:
            self._hits[key] = (self.weigh(up, cards, self.vector(HIT, up, cards))
                               > self.weigh(up, cards, self.vector(STAND, up, cards)))
        return self._hits[key]

    def first_values(self, up: int, cards: Cards) -> Dict[str, Fraction]:
        """Unnormalised EVs of the allowed first actions of an unsplit non-natural hand:
        generic holes played out, peek/OBO blackjack holes at their constant."""
        return self._first_decision(up, cards)[1]

    def first_action(self, up: int, cards: Cards) -> str:
        """First action of an unsplit two-card hand (ties: stand, hit, double, split, surrender)."""
        return self._first_decision(up, cards)[0]

    def _first_decision(self, up: int, cards: Cards) -> Tuple[str, Dict[str, Fraction]]:
        key = (up, cards)
        if key in self._first:
            return self._first[key]
        g = self.g
        unseen = self.unseen(up, cards)
        bj_weight = sum(unseen[h - 1] for h in range(1, 11) if not g.generic_hole(up, h))
        actions = [STAND, HIT]
        if g.can_double(cards):
            actions.append(DOUBLE)
        if cards[0] == cards[1] and g.max_hands >= 2:
            actions.append(SPLIT)
        if g.surrender in ("late", "early"):
            actions.append(SURRENDER)
        values: Dict[str, Fraction] = {}
        for a in actions:
            if a == SURRENDER:
                vec = {}
                for h in self.holes(up, cards):
                    late_bj = _is_bj(up, h) and g.surrender == "late"   # lose-all only
                    vec[h] = Fraction(-1) if late_bj else Fraction(-1, 2)
            else:
                vec = self.vector(a, up, cards)
            values[a] = self.weigh(up, cards, vec) + bj_weight * g.bj_hole_value(a)
        best = actions[0]
        for a in actions[1:]:
            if values[a] > values[best]:
                best = a
        self._first[key] = (best, values)
        return self._first[key]

    def split_hand_action(self, up: int, cards: Cards, split_aces: bool = False) -> str:
        """CDZ-: a split two-card hand plays as the same cards unsplit, among stand, hit and
        (with DAS, where doubling is allowed, never on split aces) double; ties in that
        order.  (Split aces come here only with ``hit_split_aces``.)"""
        key = (up, cards, split_aces)
        if key not in self._split_hand:
            actions = [STAND, HIT]
            if self.g.das and self.g.can_double(cards) and not split_aces:
                actions.append(DOUBLE)
            best, best_v = actions[0], None
            for a in actions:
                v = self.weigh(up, cards, self.vector(a, up, cards))
                if best_v is None or v > best_v:
                    best, best_v = a, v
            self._split_hand[key] = best
        return self._split_hand[key]

    # --- the shoe's own optimal EV, straight from the expectimax ---------------------------
    def optimal_ev(self) -> Fraction:
        """EV of one round from this shoe with this strategy, from the expectimax values
        (independent of _Play's round enumeration, except for split EVs)."""
        shoe = self.shoe
        value = Fraction(0)
        for c1, p1 in _draws(shoe):
            s1 = _take(shoe, c1)
            for c2, p2 in _draws(s1):
                s2 = _take(s1, c2)
                cards = tuple(sorted((c1, c2)))
                for up, p3 in _draws(s2):
                    unseen = _take(s2, up)
                    n = sum(unseen)
                    if n == 0:
                        raise ShoeExhausted("no hole card")
                    p = p1 * p2 * p3
                    if cards == (1, 10):
                        paid = sum(unseen[h - 1] for h in range(1, 11) if not _is_bj(up, h))
                        value += p * Fraction(paid, n) * self.g.bj_pays
                    else:
                        best = self.first_action(up, cards)
                        value += p * self.first_values(up, cards)[best] / n
        return value


_STRATEGIES: Dict[tuple, CDStrategy] = {}


def strategy_for(rules, counts: Union[Mapping, Sequence[int]]) -> CDStrategy:
    """The CD strategy optimal for a shoe, cached per (rules, shoe) (rules are hashable)."""
    key = (rules, counts_tuple(counts))
    if key not in _STRATEGIES:
        if len(_STRATEGIES) > 16:
            _STRATEGIES.clear()
        _STRATEGIES[key] = CDStrategy(rules, key[1])
    return _STRATEGIES[key]


def fixed_play_ev(rules, counts_A: Union[Mapping, Sequence[int]],
                  counts_B: Union[Mapping, Sequence[int]]) -> Fraction:
    """Exact EV of one round from shoe B with the CD (CDZ-) strategy optimal for shoe A.

    ``counts_*``: counts by value (``{"A": 1, "2": 1, ..., "T": 4}``, value keys 1-10, or
    10 counts, aces first).  Shoe B must hold no more cards of any value than shoe A (so
    every situation of B is one of A, where its decision was made)."""
    a, b = counts_tuple(counts_A), counts_tuple(counts_B)
    if any(x > y for x, y in zip(b, a)):
        raise ValueError("shoe B must be a subset of shoe A")
    strategy = strategy_for(rules, a)
    return _Play(strategy.g, strategy).round_value(b)


def optimal_ev(rules, counts: Union[Mapping, Sequence[int]]) -> Fraction:
    """Exact EV of one round from the shoe with its own optimal CD (CDZ-) strategy,
    computed from the expectimax values (a cross-check of :func:`fixed_play_ev` with B = A)."""
    return strategy_for(rules, counts).optimal_ev()
