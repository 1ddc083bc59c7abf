"""Independent brute force of the OPTIMAL value of splitting a pair into exactly two hands.

Written from shared/reference/GAMES.md (section 1) and the optimal-split contract
only; it shares no code with the engine in ``bjcalc/`` (nor with the other
checkers in tests/).  Every number is an exact ``fractions.Fraction``.

Definition (what ``optimal_split`` computes)
--------------------------------------------
* Input: the FULL shoe as 10 counts by value (ace = 1, ten-value = 10), the up
  card ``up``, the pair value ``pair`` and :class:`BRules`.  The up card and the
  two pair cards are removed first.
* Peek games: the dealer's hole card is dealt from the shoe BEFORE the player
  acts and is known not to complete a blackjack (up A / T).  It is modelled
  explicitly: every player-side state carries the posterior weights of the hole
  card's value (integers, reduced by their gcd), updated by Bayes' rule with
  every card the player sees; the player draws from "unseen minus hole".  The
  result is the value CONDITIONED on no dealer blackjack.  ENHC games: the
  dealer's second card is drawn after both hands are finished; a dealer
  blackjack takes every bet on the table ("enhc") or exactly one unit for the
  whole round ("enhc_obo", busted hands included).  Unconditional values.
* Two hands, one pair card each, bet 1 each; hand 1 gets its second card and is
  played out, then hand 2, then the dealer (stands on 17, hits soft 17 if
  ``h17``).  No resplitting.  A split hand may stand, hit, or (two cards only)
  double; doubling needs ``das`` and the double rule for the total/softness;
  a split ace may hit only with ``hsa`` and double only with ``hsa`` and
  ``dsa``; a hand of ``max_cards`` cards may not draw; with ``hit_21`` False a
  21 may not draw.  A split A+T is an ordinary 21.
* OPTIMAL: every decision maximises the expected TOTAL result of the round
  given everything the player has seen (the posterior of the hole card and the
  remaining shoe).  Hand 1 cannot see hand 2's second card (not dealt yet).
* CDP1 (for comparison): a fixed per-hand strategy: at composition ``c`` (the
  hand's own cards, the split card included) the action maximises the hand's
  OWN expected result computed from the reference shoe
  ``full - up - c - one extra pair card`` (peek: hole card with the no-blackjack
  condition, same explicit model; enhc_obo: a dealer blackjack costs that hand
  exactly 1), continuing optimally for that one hand; ties break
  stand > hit > double.  That rule is then played in the real two-hand round
  (same dealing order, same settlement as above).

Every draw is explicit; a path that needs a card from an empty shoe (player or
dealer) raises :class:`EmptyShoeError`.  ``literal_split`` recomputes both
values with individual cards (card identities, the hole card an explicit card
id), no memoisation, for cross-checking on tiny shoes.
"""

from __future__ import annotations

from dataclasses import dataclass
from oracles import Fraction
from functools import lru_cache
from math import gcd
from typing import Dict, Optional, Tuple

F = Fraction
Shoe = Tuple[int, ...]          # 10 counts, index v-1 = value v
Belief = Optional[Tuple[int, ...]]   # peek: 10 integer weights of the hole value; ENHC: None
Result = Tuple[int, int]        # (final total, 0 if busted; bet)

ORDER = ("stand", "hit", "double")   # CDP1 tie-break: first wins


class EmptyShoeError(RuntimeError):
    """A path of the game tree needed a card from an empty shoe."""


class NoValueError(ValueError):
    """Peek game in which the dealer always has blackjack: no conditional value."""


@dataclass(frozen=True)
class BRules:
    h17: bool = False
    hole: str = "peek"            # "peek" | "enhc" | "enhc_obo"
    double_on: str = "any"        # "any" | "9-11" | "10-11"
    double_soft: bool = True
    das: bool = True
    hsa: bool = False             # hit split aces
    dsa: bool = False             # double split aces (needs hsa too)
    max_cards: Optional[int] = None
    hit_21: bool = True

    def __post_init__(self):
        assert self.hole in ("peek", "enhc", "enhc_obo"), self.hole
        assert self.double_on in ("any", "9-11", "10-11"), self.double_on
        assert self.max_cards is None or self.max_cards >= 2


# ------------------------------------------------------------------ small helpers

def take(shoe: Shoe, v: int) -> Shoe:
    if shoe[v - 1] <= 0:
        raise ValueError(f"no card of value {v} in {shoe}")
    s = list(shoe)
    s[v - 1] -= 1
    return tuple(s)


def is_bj(a: int, b: int) -> bool:
    return {a, b} == {1, 10}


def total_of(hard: int, ace: bool) -> Tuple[int, bool]:
    """(best total, soft) of a hand with hard sum `hard` (aces as 1)."""
    if ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def reduce_w(w) -> Tuple[int, ...]:
    g = 0
    for x in w:
        g = gcd(g, x)
    return tuple(x // g for x in w) if g else tuple(w)


def initial_belief(unseen: Shoe, up: int, rules: BRules) -> Belief:
    """Hole-card weights before the player sees any card (peek only)."""
    if rules.hole != "peek":
        return None
    w = [unseen[h - 1] if not is_bj(up, h) else 0 for h in range(1, 11)]
    if sum(w) == 0:
        raise NoValueError("the dealer always has blackjack")
    return reduce_w(w)


@lru_cache(maxsize=None)
def player_draws(unseen: Shoe, w: Belief) -> Tuple[Tuple[int, Fraction, Shoe, Belief], ...]:
    """Every value the player's next card can have: (v, P(v), unseen after, belief after).
    Peek: the hole card (distributed as w) is among `unseen` and cannot be drawn.  (A function
    of its arguments alone, which the solvers ask for again and again: computed once each.)"""
    n = sum(unseen)
    if w is None:
        if n == 0:
            raise EmptyShoeError("player draw from an empty shoe")
        return tuple((v, F(unseen[v - 1], n), take(unseen, v), None) for v in range(1, 11) if unseen[v - 1])
    if n - 1 <= 0:
        raise EmptyShoeError("player draw: only the hole card is left")
    W = sum(w)
    out = []
    for v in range(1, 11):
        # P(next = v | hole = h) = (unseen_v - [h == v]) / (n - 1)
        joint = [w[h - 1] * (unseen[v - 1] - (h == v)) if w[h - 1] else 0 for h in range(1, 11)]
        num = sum(joint)
        if num:
            out.append((v, F(num, W * (n - 1)), take(unseen, v), reduce_w(joint)))
    return tuple(out)


# ------------------------------------------------------------------ dealer

@lru_cache(maxsize=None)
def dealer_from(hard: int, ace: bool, shoe: Shoe, h17: bool) -> Tuple[Tuple[object, Fraction], ...]:
    """Final total distribution ('bust' or 17..21) of a dealer holding >= 2 cards
    (not a two-card blackjack) who draws from `shoe`."""
    t, soft = total_of(hard, ace)
    if t > 21:
        return (("bust", F(1)),)
    if t > 17 or (t == 17 and not (soft and h17)):
        return ((t, F(1)),)
    n = sum(shoe)
    if n == 0:
        raise EmptyShoeError("dealer draw from an empty shoe")
    acc: Dict[object, Fraction] = {}
    for v in range(1, 11):
        k = shoe[v - 1]
        if k:
            for o, q in dealer_from(hard + v, ace or v == 1, take(shoe, v), h17):
                acc[o] = acc.get(o, 0) + F(k, n) * q
    return tuple(sorted(acc.items(), key=str))


@lru_cache(maxsize=None)
def dealer_outcomes(up: int, unseen: Shoe, w: Belief, h17: bool) -> Tuple[Tuple[object, Fraction], ...]:
    """Distribution of the dealer's result ('bj', 'bust', 17..21) once the player is done.
    Peek: the hole card has posterior weights w and is part of `unseen`.
    ENHC: the second card is drawn now from `unseen`."""
    acc: Dict[object, Fraction] = {}
    n = sum(unseen)
    if w is None:
        if n == 0:
            raise EmptyShoeError("dealer's second card from an empty shoe")
        pairs = [(c, F(unseen[c - 1], n)) for c in range(1, 11) if unseen[c - 1]]
    else:
        W = sum(w)
        pairs = [(h, F(w[h - 1], W)) for h in range(1, 11) if w[h - 1]]
    for c, p in pairs:
        if is_bj(up, c):
            assert w is None, "peek: a blackjack hole card has posterior weight 0"
            acc["bj"] = acc.get("bj", 0) + p
            continue
        for o, q in dealer_from(up + c, up == 1 or c == 1, take(unseen, c), h17):
            acc[o] = acc.get(o, 0) + p * q
    return tuple(sorted(acc.items(), key=str))


def pay_round(results: Tuple[Result, ...], outcome, rules: BRules) -> int:
    """Net result of all the split hands against the dealer's outcome."""
    if outcome == "bj":
        if rules.hole == "enhc":
            return -sum(b for _, b in results)
        if rules.hole == "enhc_obo":
            return -1                       # the original bet only, whatever happened
        raise AssertionError("no dealer blackjack in peek games")
    r = 0
    for t, b in results:
        if t == 0:
            r -= b
        elif outcome == "bust" or t > outcome:
            r += b
        elif t < outcome:
            r -= b
    return r


def pay_one(res: Result, outcome, rules: BRules) -> int:
    """One hand alone (CDP1 decisions): a dealer BJ costs the bet (enhc) or 1 (obo)."""
    if outcome == "bj" and rules.hole == "enhc_obo":
        return -1
    return pay_round((res,), outcome, rules)


# ------------------------------------------------------------------ hand rules

def hand_actions(hard: int, ace: bool, n: int, split_ace: bool, rules: BRules) -> Tuple[str, ...]:
    """Legal actions of a split hand with n >= 2 cards (split_ace: the two-card
    hand built on a split ace)."""
    t, soft = total_of(hard, ace)
    assert t <= 21 and n >= 2
    acts = ["stand"]
    can_draw = (rules.max_cards is None or n < rules.max_cards) and (rules.hit_21 or t != 21)
    if not can_draw:
        return tuple(acts)
    if not split_ace or rules.hsa:
        acts.append("hit")
    if n == 2 and rules.das and (not split_ace or (rules.hsa and rules.dsa)):
        if rules.double_on == "any":
            ok = rules.double_soft or not soft
        else:
            lo = 9 if rules.double_on == "9-11" else 10
            ok = not soft and lo <= t <= 11
        if ok:
            acts.append("double")
    return tuple(acts)


def final(hard: int, ace: bool) -> int:
    t, _ = total_of(hard, ace)
    return t if t <= 21 else 0


# ------------------------------------------------------------------ the solver

class Solver:
    """Game-tree values for one (full shoe, up, pair, rules)."""

    def __init__(self, full: Shoe, up: int, pair: int, rules: BRules):
        assert len(full) == 10
        self.full, self.up, self.pair, self.rules = tuple(full), up, pair, rules
        self.start = take(take(take(self.full, up), pair), pair)
        self.w0 = initial_belief(self.start, up, rules)
        self.memo: Dict[tuple, Fraction] = {}

    # -- settlement ------------------------------------------------------------
    def settle(self, results: Tuple[Result, ...], unseen: Shoe, w: Belief) -> Fraction:
        key = ("S", tuple(sorted(results)), unseen, w)
        if key not in self.memo:
            self.memo[key] = sum((p * pay_round(results, o, self.rules)
                                  for o, p in dealer_outcomes(self.up, unseen, w, self.rules.h17)), F(0))
        return self.memo[key]

    # -- optimal ---------------------------------------------------------------
    def opt_hand(self, r1: Optional[Result], hard: int, ace: bool, n: int, unseen: Shoe, w: Belief):
        """Best expected total of the round; the hand being played has (hard, ace, n);
        r1 is hand 1's result when this is hand 2, None when this is hand 1."""
        key = ("O", r1, hard, ace, n, unseen, w)
        if key in self.memo:
            return self.memo[key]
        split_ace = n == 2 and self.pair == 1
        acts = hand_actions(hard, ace, n, split_ace, self.rules)
        best = self.opt_after(r1, (final(hard, ace), 1), unseen, w)          # stand
        if "hit" in acts:
            v = F(0)
            for c, p, u2, w2 in player_draws(unseen, w):
                h2, a2 = hard + c, ace or c == 1
                if final(h2, a2) == 0:
                    v += p * self.opt_after(r1, (0, 1), u2, w2)
                else:
                    v += p * self.opt_hand(r1, h2, a2, n + 1, u2, w2)
            best = max(best, v)
        if "double" in acts:
            v = F(0)
            for c, p, u2, w2 in player_draws(unseen, w):
                v += p * self.opt_after(r1, (final(hard + c, ace or c == 1), 2), u2, w2)
            best = max(best, v)
        self.memo[key] = best
        return best

    def opt_after(self, r1: Optional[Result], res: Result, unseen: Shoe, w: Belief) -> Fraction:
        """The current hand has finished with `res`."""
        if r1 is None:
            return self.opt_second(res, unseen, w)
        return self.settle((r1, res), unseen, w)

    def opt_second(self, r1: Result, unseen: Shoe, w: Belief) -> Fraction:
        key = ("O2", r1, unseen, w)
        if key not in self.memo:
            v = F(0)
            for c, p, u2, w2 in player_draws(unseen, w):
                v += p * self.opt_hand(r1, self.pair + c, self.pair == 1 or c == 1, 2, u2, w2)
            self.memo[key] = v
        return self.memo[key]

    def optimal(self) -> Fraction:
        v = F(0)
        for c, p, u2, w2 in player_draws(self.start, self.w0):
            v += p * self.opt_hand(None, self.pair + c, self.pair == 1 or c == 1, 2, u2, w2)
        return v

    # -- CDP1 ------------------------------------------------------------------
    def one_settle(self, res: Result, unseen: Shoe, w: Belief) -> Fraction:
        key = ("S1", res, unseen, w)
        if key not in self.memo:
            self.memo[key] = sum((p * pay_one(res, o, self.rules)
                                  for o, p in dealer_outcomes(self.up, unseen, w, self.rules.h17)), F(0))
        return self.memo[key]

    def one_values(self, hard: int, ace: bool, n: int, split_ace: bool, unseen: Shoe, w: Belief):
        """{action: expected result of this one hand}, optimal single-hand continuation."""
        key = ("V1", hard, ace, n, split_ace, unseen, w)
        if key in self.memo:
            return self.memo[key]
        acts = hand_actions(hard, ace, n, split_ace, self.rules)
        out = {"stand": self.one_settle((final(hard, ace), 1), unseen, w)}
        if "hit" in acts:
            v = F(0)
            for c, p, u2, w2 in player_draws(unseen, w):
                h2, a2 = hard + c, ace or c == 1
                if final(h2, a2) == 0:
                    v += p * self.one_settle((0, 1), u2, w2)
                else:
                    v += p * max(self.one_values(h2, a2, n + 1, False, u2, w2).values())
            out["hit"] = v
        if "double" in acts:
            out["double"] = sum((p * self.one_settle((final(hard + c, ace or c == 1), 2), u2, w2)
                                 for c, p, u2, w2 in player_draws(unseen, w)), F(0))
        self.memo[key] = out
        return out

    def cdp1_action(self, comp: Tuple[int, ...]) -> str:
        """The fixed CDP1 action for a split hand whose cards are `comp` (sorted values)."""
        key = ("A", comp)
        if key not in self.memo:
            ref = self.full
            for v in (self.up, self.pair) + comp:
                ref = take(ref, v)
            w = initial_belief(ref, self.up, self.rules)
            hard, ace, n = sum(comp), 1 in comp, len(comp)
            vals = self.one_values(hard, ace, n, n == 2 and self.pair == 1, ref, w)
            best = None
            for a in ORDER:
                if a in vals and (best is None or vals[a] > vals[best]):
                    best = a
            self.memo[key] = best
        return self.memo[key]

    def cdp1_hand(self, r1: Optional[Result], comp: Tuple[int, ...], unseen: Shoe, w: Belief):
        key = ("C", r1, comp, unseen, w)
        if key in self.memo:
            return self.memo[key]
        hard, ace = sum(comp), 1 in comp
        a = self.cdp1_action(comp)
        if a == "stand":
            v = self.cdp1_after(r1, (final(hard, ace), 1), unseen, w)
        else:
            v = F(0)
            for c, p, u2, w2 in player_draws(unseen, w):
                nc = tuple(sorted(comp + (c,)))
                if a == "double":
                    v += p * self.cdp1_after(r1, (final(hard + c, ace or c == 1), 2), u2, w2)
                elif final(hard + c, ace or c == 1) == 0:
                    v += p * self.cdp1_after(r1, (0, 1), u2, w2)
                else:
                    v += p * self.cdp1_hand(r1, nc, u2, w2)
        self.memo[key] = v
        return v

    def cdp1_after(self, r1, res, unseen, w):
        if r1 is None:
            key = ("C2", res, unseen, w)
            if key not in self.memo:
                self.memo[key] = sum((p * self.cdp1_hand(res, tuple(sorted((self.pair, c))), u2, w2)
                                      for c, p, u2, w2 in player_draws(unseen, w)), F(0))
            return self.memo[key]
        return self.settle((r1, res), unseen, w)

    def cdp1(self) -> Fraction:
        return sum((p * self.cdp1_hand(None, tuple(sorted((self.pair, c))), u2, w2)
                    for c, p, u2, w2 in player_draws(self.start, self.w0)), F(0))


# ------------------------------------------------------------------ public

LABELS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def value_of(label) -> int:
    if isinstance(label, str):
        label = LABELS.get(label.strip().upper(), label)
    v = int(label)
    if not 1 <= v <= 13:
        raise ValueError(f"bad card {label!r}")
    return min(v, 10)


def optimal_split(full, up, pair, rules: BRules) -> Fraction:
    """Optimal two-hand split value (peek: conditioned on no dealer blackjack)."""
    return Solver(tuple(full), value_of(up), value_of(pair), rules).optimal()


def cdp1_split(full, up, pair, rules: BRules) -> Fraction:
    """Two-hand value of the fixed CDP1 post-split strategy."""
    return Solver(tuple(full), value_of(up), value_of(pair), rules).cdp1()


def both(full, up, pair, rules: BRules) -> Tuple[Fraction, Fraction]:
    s = Solver(tuple(full), value_of(up), value_of(pair), rules)
    return s.optimal(), s.cdp1()


# ------------------------------------------------------------------ literal re-enumeration

def literal_split(full, up, pair, rules: BRules, strategy: str = "optimal") -> Fraction:
    """The same values with individual cards and NO memoisation (tiny shoes only).

    Cards are distinct objects (ids).  Peek: the hole card is an explicit card id
    dealt first; the recursion carries, for every possible hole id, the joint
    probability P(hole = id and the cards seen so far); a decision maximises the
    sum over hole ids (the common factor P(seen) does not change the argmax) and
    the root divides by P(no blackjack).  ENHC: one dummy hole entry, the dealer's
    second card is drawn at the end.  CDP1 uses Solver.cdp1_action for the
    decisions (the point here is the round enumeration)."""
    up, pair = value_of(up), value_of(pair)
    cards = []
    for v in range(1, 11):
        cards += [v] * full[v - 1]
    cards.remove(up)
    cards.remove(pair)
    cards.remove(pair)
    ids = tuple(range(len(cards)))
    peek = rules.hole == "peek"
    policy = Solver(tuple(full), up, pair, rules) if strategy == "CDP1" else None

    def tot(hand):
        return total_of(sum(hand), 1 in hand)[0]

    def dealer(dcards, left):
        """E over the dealer's draws of a function of his final outcome: returns
        a dict outcome -> probability (computed literally, card by card)."""
        t, soft = total_of(sum(dcards), 1 in dcards)
        if t > 21:
            return {"bust": F(1)}
        if t > 17 or (t == 17 and not (soft and rules.h17)):
            return {t: F(1)}
        if not left:
            raise EmptyShoeError("literal: dealer draw from an empty shoe")
        out: Dict[object, Fraction] = {}
        for i in left:
            for o, q in dealer(dcards + [cards[i]], tuple(j for j in left if j != i)).items():
                out[o] = out.get(o, 0) + q / len(left)
        return out

    def end(results, left, w):
        total = F(0)
        for h, wh in w.items():
            if peek:
                dist = dealer([up, cards[h]], tuple(j for j in left if j != h))
            else:
                if not left:
                    raise EmptyShoeError("literal: no dealer second card")
                dist = {}
                for i in left:
                    rest = tuple(j for j in left if j != i)
                    d = {"bj": F(1)} if is_bj(up, cards[i]) else dealer([up, cards[i]], rest)
                    for o, q in d.items():
                        dist[o] = dist.get(o, 0) + q / len(left)
            total += wh * sum((q * pay_round(tuple(results), o, rules) for o, q in dist.items()), F(0))
        return total

    def deal(left, w):
        """Every next player card: (card id, left after, weights after)."""
        out = []
        for i in left:
            w2 = {}
            for h, wh in w.items():
                if h == i:
                    continue
                avail = len(left) - (1 if peek else 0)
                if avail <= 0:
                    raise EmptyShoeError("literal: player draw with no card left")
                w2[h] = wh / avail
            if w2:
                out.append((i, tuple(j for j in left if j != i), w2))
        if peek and len(left) <= 1:
            raise EmptyShoeError("literal: player draw, only the hole card left")
        if not left:
            raise EmptyShoeError("literal: player draw from an empty shoe")
        return out

    def play(hands, k, results, left, w):
        """Hand k (list of values) is in play; hands before k have `results`."""
        hand = hands[k]
        if len(hand) == 1:      # gets its second card
            return sum((play(hands[:k] + [hand + [cards[i]]] + hands[k + 1:], k, results, l2, w2)
                        for i, l2, w2 in deal(left, w)), F(0))
        t = tot(hand)
        split_ace = len(hand) == 2 and pair == 1
        acts = hand_actions(sum(hand), 1 in hand, len(hand), split_ace, rules)
        if policy is not None:
            acts = (policy.cdp1_action(tuple(sorted(hand))),)

        def after(res, l2, w2):
            if k + 1 < len(hands):
                return play(hands, k + 1, results + [res], l2, w2)
            return end(results + [res], l2, w2)

        vals = []
        for a in acts:
            if a == "stand":
                vals.append(after((t, 1), left, w))
            elif a == "hit":
                v = F(0)
                for i, l2, w2 in deal(left, w):
                    nh = hand + [cards[i]]
                    if tot(nh) > 21:
                        v += after((0, 1), l2, w2)
                    else:
                        v += play(hands[:k] + [nh] + hands[k + 1:], k, results, l2, w2)
                vals.append(v)
            else:
                v = F(0)
                for i, l2, w2 in deal(left, w):
                    nt = tot(hand + [cards[i]])
                    v += after((nt if nt <= 21 else 0, 2), l2, w2)
                vals.append(v)
        return max(vals)

    if peek:
        w0 = {h: F(1, len(ids)) for h in ids if not is_bj(up, cards[h])}
        if not w0:
            raise NoValueError("the dealer always has blackjack")
    else:
        w0 = {None: F(1)}
    z = sum(w0.values())
    return play([[pair], [pair]], 0, [], ids, w0) / z
