"""Independent brute-force enumerator of RESPLITTING (exact rationals).

Internally ``gmpy2.mpq`` (falls back to ``fractions.Fraction``); every public
result is returned as a ``fractions.Fraction``.

Written from shared/reference/GAMES.md (section 1) and the resplit contract
only, WITHOUT reading the engine in ``bjcalc/``, and without reusing the
single-split enumerator in ``tests/oracles/brute_force.py`` (that one is only used by
the tests as a cross-check of this file for ``max_split_hands=2``).

Model
-----
* Cards are RANKS 1..13 (1 = ace, 10 = T, 11 = J, 12 = Q, 13 = K); a rank's
  value is ``min(rank, 10)``.  A "rank shoe" is a 13-tuple of counts.  When
  ``split_tens_by_rank`` is False the four ten-ranks are merged into rank 10 at
  the start (then resplitting a ten-value pair on any ten-value is automatic).
  Everything that only depends on values (dealer, hand totals, post-split
  decisions) uses a 10-tuple "value shoe".
* Every random card is drawn explicitly from what is left; drawing from an
  empty shoe raises :class:`EmptyShoeError`.
* Player-side quantities are UNCONDITIONAL ``U = E[payoff * w]`` with
  ``w = 1{no dealer BJ}`` in peek games (w = 1 in ENHC games, where the dealer
  blackjack's effect is part of the payoff).  The dealer's hole card is drawn
  after every player card (exchangeability makes this the same as dealing it
  first and peeking).  Peek hand values are ``U / P(no BJ | pair, up)``.

The split procedure (``U_split``) is enumerated literally: hands are played one
by one in order; a hand that receives a resplittable card (same rank, or same
value if not by rank; room for another hand; aces only with resplit_aces)
always resplits, the new hand going to the end of the list, and draws again.
All pending hands hold only the single pair card, so the state
(settled hands so far, number of hands, number of hands still to play, shoe) fully
describes the rest of the round; it is memoised (pure function, no symmetry
shortcut on the cards themselves).

Post-split decisions (a hand's own cards + the up card + m extra pair cards are
"known gone", m = 0 for CDZ-, 1 for CDP1, k - 1 for CDP where k = number of
hands at the moment the hand's non-resplit second card is dealt) are computed
by an ordinary single-hand recursion from the reference shoe
``full - up - own cards - m pair cards``, maximising U, ties broken
stand > hit > double.  The fixed rule is then applied to the real shoe.  After
a hit the decision is re-derived for the grown composition (same m).

Conventions where the contract is silent: doubling a split-ace hand needs both
double_after_split and double_split_aces (bjcalc's Rules refuses dsa without
DAS anyway); a split A+ten (or ten+A) is a 21, never a natural.

``U_split_literal`` recomputes U_split without memoising the round (explicit
list of hands); the tests use it to check the state compression.
"""

from __future__ import annotations

from dataclasses import dataclass
from oracles import Fraction
from functools import lru_cache
from typing import Dict, Iterator, List, Tuple

F = Fraction
try:                       # exact rationals, several times faster than Fraction
    from gmpy2 import mpq as Q
except ImportError:        # pragma: no cover
    Q = Fraction


def to_fraction(x) -> Fraction:
    """Exact conversion of an internal rational (mpq or Fraction) to Fraction."""
    return Fraction(int(x.numerator), int(x.denominator))
RankShoe = Tuple[int, ...]   # 13 counts, index r-1 = rank r
ValShoe = Tuple[int, ...]    # 10 counts, index v-1 = value v

RANK_NAMES = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
PREFERENCE = ("stand", "hit", "double")   # tie-break order: first wins


class EmptyShoeError(RuntimeError):
    """An enumerated path needed a card from an empty shoe."""


@dataclass(frozen=True)
class RRules:
    h17: bool = False
    bj_pays: Fraction = F(3, 2)
    hole: str = "peek"              # "peek" | "enhc" | "enhc_obo"
    double_on: str = "any"          # "any" | "9-11" | "10-11" | "none"
    double_soft: bool = True
    das: bool = True
    max_split_hands: int = 2        # 1 = no split
    resplit_aces: bool = False
    hit_split_aces: bool = False
    double_split_aces: bool = False
    tens_by_rank: bool = False
    # tie-break among equally good post-split actions (first wins); the
    # contract says stand, hit, double.  Other orders exist only so that the
    # tests can show which cases are tie-sensitive.
    tie_order: Tuple[str, ...] = PREFERENCE

    def __post_init__(self):
        assert self.hole in ("peek", "enhc", "enhc_obo")
        assert self.double_on in ("any", "9-11", "10-11", "none")
        assert 1 <= self.max_split_hands <= 4
        assert sorted(self.tie_order) == sorted(PREFERENCE)
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f) for f in self.__dataclass_fields__)))

    def __hash__(self):     # cached: rules are part of every memo key
        return self._hash


# ---------------------------------------------------------------- cards / shoes

def rank_of(label) -> int:
    if isinstance(label, str):
        label = label.strip().upper()
        if label in RANK_NAMES:
            return RANK_NAMES[label]
        label = int(label)
    r = int(label)
    if not 1 <= r <= 10:
        raise ValueError(f"bad card {label!r}")
    return r   # int 10 means the rank T


def value(rank: int) -> int:
    return min(rank, 10)


def make_rank_shoe(counts: Dict, tens_by_rank: bool = True) -> RankShoe:
    s = [0] * 13
    for lab, n in counts.items():
        r = rank_of(lab)
        if not tens_by_rank and r >= 10:
            r = 10
        s[r - 1] += int(n)
    return tuple(s)


def to_values(shoe: RankShoe) -> ValShoe:
    return tuple(shoe[:9]) + (sum(shoe[9:]),)


def remove_ranks(shoe: RankShoe, *ranks: int) -> RankShoe:
    s = list(shoe)
    for r in ranks:
        if s[r - 1] <= 0:
            raise ValueError(f"rank {r} not in shoe {shoe}")
        s[r - 1] -= 1
    return tuple(s)


def remove_values(shoe: ValShoe, *vals: int) -> ValShoe:
    s = list(shoe)
    for v in vals:
        if s[v - 1] <= 0:
            raise ValueError(f"value {v} not in shoe {shoe}")
        s[v - 1] -= 1
    return tuple(s)


def draw(shoe: Tuple[int, ...]) -> Iterator[Tuple[int, Fraction, Tuple[int, ...]]]:
    """(index+1, probability, shoe after) for every possible next card.
    Works for rank shoes (yields ranks) and value shoes (yields values)."""
    n = sum(shoe)
    if n == 0:
        raise EmptyShoeError("draw from an empty shoe")
    for i, k in enumerate(shoe):
        if k:
            s = list(shoe)
            s[i] -= 1
            yield i + 1, Q(k, n), tuple(s)


def hand_total(vals) -> Tuple[int, bool]:
    t = sum(vals)
    if 1 in vals and t + 10 <= 21:
        return t + 10, True
    return t, False


def hkey(vals) -> Tuple[int, ...]:
    return tuple(sorted(vals))


# ---------------------------------------------------------------- dealer

@lru_cache(maxsize=None)
def _dealer_cont(cards: Tuple[int, ...], shoe: ValShoe, h17: bool):
    """Final outcome distribution of a dealer holding >= 2 cards (values)."""
    if len(cards) == 2 and sorted(cards) == [1, 10]:
        return (("bj", Q(1)),)
    t, soft = hand_total(cards)
    if t > 21:
        return (("bust", Q(1)),)
    if t >= 18 or (t == 17 and not (soft and h17)):
        return ((t, Q(1)),)
    acc: Dict = {}
    for v, p, rest in draw(shoe):
        for o, q in _dealer_cont(hkey(cards + (v,)), rest, h17):
            acc[o] = acc.get(o, 0) + p * q
    return tuple(acc.items())


@lru_cache(maxsize=None)
def dealer(up: int, shoe: ValShoe, h17: bool):
    """Outcome distribution; hole card and draws from `shoe` (up card already out)."""
    acc: Dict = {}
    for v, p, rest in draw(shoe):
        for o, q in _dealer_cont(hkey((up, v)), rest, h17):
            acc[o] = acc.get(o, 0) + p * q
    return tuple(acc.items())


def p_bj(up: int, shoe: ValShoe) -> Fraction:
    n = sum(shoe)
    if up == 1:
        return Q(shoe[9], n)
    if up == 10:
        return Q(shoe[0], n)
    return Q(0)


# ---------------------------------------------------------------- settlement

Settled = Tuple[int, int]   # (final total, 0 if busted; bet)


def payoff(hands: Tuple[Settled, ...], outcome, rules: RRules) -> int:
    if outcome == "bj":
        if rules.hole == "peek":
            return 0                      # weight 1{no BJ} = 0
        if rules.hole == "enhc":
            return -sum(b for _, b in hands)
        return -1                         # enhc_obo: the original bet only
    r = 0
    for t, b in hands:
        if t == 0:
            r -= b
        elif outcome == "bust" or t > outcome:
            r += b
        elif t < outcome:
            r -= b
    return r


@lru_cache(maxsize=None)
def settle(hands: Tuple[Settled, ...], up: int, shoe: ValShoe, rules: RRules) -> Fraction:
    """E[payoff * w] over the dealer's hole card and draws from `shoe`."""
    return sum((p * payoff(hands, o, rules) for o, p in dealer(up, shoe, rules.h17)), Q(0))


def settled(vals, bet: int) -> Settled:
    t, _ = hand_total(vals)
    return (t if t <= 21 else 0, bet)


# ---------------------------------------------------------------- single-hand values (decisions)

@lru_cache(maxsize=None)
def U_stand(h: Tuple[int, ...], up: int, shoe: ValShoe, rules: RRules) -> Fraction:
    return settle((settled(h, 1),), up, shoe, rules)


@lru_cache(maxsize=None)
def U_hit(h: Tuple[int, ...], up: int, shoe: ValShoe, rules: RRules) -> Fraction:
    """Take a card, then optimal hit/stand."""
    u = Q(0)
    for v, p, rest in draw(shoe):
        nh = hkey(h + (v,))
        if hand_total(nh)[0] > 21:
            u += p * settle(((0, 1),), up, rest, rules)
        else:
            u += p * max(U_stand(nh, up, rest, rules), U_hit(nh, up, rest, rules))
    return u


@lru_cache(maxsize=None)
def U_double(h: Tuple[int, ...], up: int, shoe: ValShoe, rules: RRules) -> Fraction:
    u = Q(0)
    for v, p, rest in draw(shoe):
        u += p * settle((settled(h + (v,), 2),), up, rest, rules)
    return u


def double_allowed(h, rules: RRules) -> bool:
    if len(h) != 2 or rules.double_on == "none":
        return False
    t, soft = hand_total(h)
    if soft:
        return rules.double_soft and rules.double_on == "any"
    return {"any": True, "9-11": 9 <= t <= 11, "10-11": 10 <= t <= 11}[rules.double_on]


def allowed_post_split(h, split_ace: bool, rules: RRules) -> Tuple[str, ...]:
    """Actions of a split hand holding `h` (split_ace: the 2-card hand built on a split ace)."""
    if len(h) > 2:
        return ("stand", "hit")
    acts = ["stand"]
    if not split_ace or rules.hit_split_aces:
        acts.append("hit")
    if rules.das and double_allowed(h, rules) and (not split_ace or rules.double_split_aces):
        acts.append("double")
    return tuple(acts)


_U = {"stand": U_stand, "hit": U_hit, "double": U_double}


@lru_cache(maxsize=None)
def decide(h: Tuple[int, ...], up: int, ref: ValShoe, rules: RRules, actions: Tuple[str, ...]) -> str:
    """Best of `actions` for composition h when exactly ref's complement is known
    gone (maximise U; ties: rules.tie_order, by default stand, hit, double)."""
    if actions == ("stand",):
        return "stand"
    best, best_u = None, None
    for a in rules.tie_order:
        if a in actions:
            u = _U[a](h, up, ref, rules)
            if best_u is None or u > best_u:
                best, best_u = a, u
    return best


# ---------------------------------------------------------------- playing one split hand

@lru_cache(maxsize=None)
def play_hand(h: Tuple[int, ...], split_ace: bool, shoe: RankShoe, up: int, m: int,
              pair_val: int, full_v: ValShoe, rules: RRules):
    """All outcomes of a split hand that has its 2 cards (values h), played with the
    fixed rule 'decide from full - up - own cards - m pair cards'.  Draws from the
    real rank shoe `shoe`.  Returns tuple of (prob, Settled, shoe after)."""
    t, _ = hand_total(h)
    assert t <= 21
    ref = remove_values(full_v, up, *h, *([pair_val] * m))
    a = decide(hkey(h), up, ref, rules, allowed_post_split(h, split_ace, rules))
    if a == "stand":
        return ((Q(1), (t, 1), shoe),)
    out = []
    for r, p, rest in draw(shoe):
        nh = h + (value(r),)
        if a == "double":
            out.append((p, settled(nh, 2), rest))
        elif hand_total(nh)[0] > 21:
            out.append((p, (0, 1), rest))
        else:
            for q, s, after in play_hand(hkey(nh), False, rest, up, m, pair_val, full_v, rules):
                out.append((p * q, s, after))
    return tuple(out)


def extra_removed(strategy: str, k: int) -> int:
    if strategy == "CDZ-":
        return 0
    if strategy == "CDP1":
        return 1
    if strategy == "CDP":
        return k - 1
    raise ValueError(strategy)


@lru_cache(maxsize=None)
def _split_rest(done: Tuple[Settled, ...], n_hands: int, n_todo: int, shoe: RankShoe,
                pair_rank: int, up: int, full_v: ValShoe, rules: RRules, strategy: str) -> Fraction:
    """U of the rest of the round: `done` = settled hands (sorted), `n_hands` hands
    exist, the first of the `n_todo` unplayed hands (each holding only the pair
    card) is about to get its second card."""
    if n_todo == 0:
        return settle(done, up, to_values(shoe), rules)
    pv = value(pair_rank)
    ace = pair_rank == 1
    u = Q(0)
    for r, p, rest in draw(shoe):
        same = (r == pair_rank) if rules.tens_by_rank else (value(r) == pv)
        if same and n_hands < rules.max_split_hands and (not ace or rules.resplit_aces):
            # resplit: new hand at the end, current hand draws again
            u += p * _split_rest(done, n_hands + 1, n_todo + 1, rest, pair_rank, up, full_v,
                                 rules, strategy)
            continue
        m = extra_removed(strategy, n_hands)
        for q, s, after in play_hand(hkey((pv, value(r))), ace, rest, up, m, pv, full_v, rules):
            u += p * q * _split_rest(tuple(sorted(done + (s,))), n_hands, n_todo - 1, after,
                                     pair_rank, up, full_v, rules, strategy)
    return u


def U_split(pair_rank: int, up_rank: int, full: RankShoe, rules: RRules, strategy: str):
    """Unconditional-weighted split value (total over all hands per unit bet).
    `full` is the full rank shoe (merged tens if not tens_by_rank)."""
    if not rules.tens_by_rank:
        pair_rank, up_rank = min(pair_rank, 10), min(up_rank, 10)
    shoe0 = remove_ranks(full, up_rank, pair_rank, pair_rank)
    return _split_rest((), 2, 2, shoe0, pair_rank, value(up_rank), to_values(full), rules, strategy)


def U_split_literal(pair_rank: int, up_rank: int, full: RankShoe, rules: RRules, strategy: str):
    """Same quantity as U_split, written without any memoisation of the round:
    an explicit list of hands (each a list of cards), played strictly in order,
    every card sequence enumerated, decisions re-derived at every node.  Slow;
    used by the tests to check U_split's state compression on small cases."""
    if not rules.tens_by_rank:
        pair_rank, up_rank = min(pair_rank, 10), min(up_rank, 10)
    pv, upv = value(pair_rank), value(up_rank)
    full_v = to_values(full)
    ace = pair_rank == 1

    def play(cards: List[int], first_is_split_ace: bool, shoe: RankShoe, m: int, cont):
        t, _ = hand_total(cards)
        ref = remove_values(full_v, upv, *cards, *([pv] * m))
        a = decide(hkey(cards), upv, ref, rules,
                   allowed_post_split(cards, first_is_split_ace and len(cards) == 2, rules))
        if a == "stand":
            return cont((t, 1), shoe)
        u = Q(0)
        for r, p, rest in draw(shoe):
            nc = cards + [value(r)]
            if a == "double":
                u += p * cont(settled(nc, 2), rest)
            elif hand_total(nc)[0] > 21:
                u += p * cont((0, 1), rest)
            else:
                u += p * play(nc, first_is_split_ace, rest, m, cont)
        return u

    def round_(hands: List[List[int]], results: List[Settled], i: int, shoe: RankShoe):
        if i == len(hands):
            assert len(results) == len(hands)
            return settle(tuple(sorted(results)), upv, to_values(shoe), rules)
        assert hands[i] == [pair_rank]
        u = Q(0)
        for r, p, rest in draw(shoe):
            same = (r == pair_rank) if rules.tens_by_rank else (value(r) == pv)
            if same and len(hands) < rules.max_split_hands and (not ace or rules.resplit_aces):
                u += p * round_(hands + [[pair_rank]], results, i, rest)
            else:
                m = extra_removed(strategy, len(hands))
                done = hands[:i] + [[pair_rank, r]] + hands[i + 1:]
                u += p * play([pv, value(r)], ace, rest, m,
                              lambda res, sh, done=done: round_(done, results + [res], i + 1, sh))
        return u

    return round_([[pair_rank], [pair_rank]], [], 0, remove_ranks(full, up_rank, pair_rank, pair_rank))


# ---------------------------------------------------------------- public

def hand_values(cards, up, counts: Dict, rules: RRules, strategy: str) -> Dict[str, Fraction]:
    """stand/hit/double/split values of a 2-card non-natural hand, like calc.hand().
    `cards`, `up`: rank labels; `counts`: the full shoe as given to Shoe.from_counts."""
    full = make_rank_shoe(counts, rules.tens_by_rank)
    ranks = [rank_of(c) for c in cards]
    upr = rank_of(up)
    if not rules.tens_by_rank:
        ranks = [min(r, 10) for r in ranks]
        upr = min(upr, 10)
    vals = tuple(value(r) for r in ranks)
    assert not (len(vals) == 2 and sorted(vals) == [1, 10])
    upv = value(upr)
    shoe_v = to_values(remove_ranks(full, upr, *ranks))
    scale = Q(1)
    if rules.hole == "peek":
        scale = 1 / (1 - p_bj(upv, shoe_v))     # ZeroDivisionError if the dealer always has BJ
    h = hkey(vals)
    out = {"stand": U_stand(h, upv, shoe_v, rules) * scale,
           "hit": U_hit(h, upv, shoe_v, rules) * scale}
    if len(vals) == 2:
        if double_allowed(vals, rules):
            out["double"] = U_double(h, upv, shoe_v, rules) * scale
        pair = (ranks[0] == ranks[1]) if rules.tens_by_rank else (vals[0] == vals[1])
        if pair and rules.max_split_hands >= 2:
            out["split"] = U_split(ranks[0], upr, full, rules, strategy) * scale
    return {a: to_fraction(v) for a, v in out.items()}


def game_ev(counts: Dict, rules: RRules, strategy: str) -> Fraction:
    """Whole-game EV, CD play: each deal takes its best action (stand/hit/double/split)."""
    full = make_rank_shoe(counts, rules.tens_by_rank)
    ev = Q(0)
    bj_pays = Q(rules.bj_pays.numerator, rules.bj_pays.denominator)
    for c1, p1, s1 in draw(full):
        for c2, p2, s2 in draw(s1):
            for up, p3, s3 in draw(s2):
                p = p1 * p2 * p3
                sv = to_values(s3)
                upv = value(up)
                pbj = p_bj(upv, sv)
                vals = (value(c1), value(c2))
                if sorted(vals) == [1, 10]:
                    ev += p * (1 - pbj) * bj_pays
                    continue
                if rules.hole == "peek" and pbj == 1:
                    ev += p * -1
                    continue
                h = hkey(vals)
                us = [U_stand(h, upv, sv, rules), U_hit(h, upv, sv, rules)]
                if double_allowed(vals, rules):
                    us.append(U_double(h, upv, sv, rules))
                pair = (c1 == c2) if rules.tens_by_rank else (vals[0] == vals[1])
                if pair and rules.max_split_hands >= 2:
                    us.append(U_split(c1, up, full, rules, strategy))
                ev += p * ((-pbj if rules.hole == "peek" else 0) + max(us))
    return to_fraction(ev)


def clear_caches():
    for f in (_dealer_cont, dealer, settle, U_stand, U_hit, U_double, decide, play_hand,
              _split_rest):
        f.cache_clear()
