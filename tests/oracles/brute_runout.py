"""Independent brute force of ONE split round on a tiny shoe, where the round may RUN OUT.

Written from shared/reference/GAMES.md (section 1) and the card-dealing semantics stated
below only, WITHOUT reading the engine in ``bjcalc/``.  It reuses, from
``tests/oracles/brute_resplit.py`` (itself written without reading the engine), the rules
class :class:`RRules`, the shoe helpers, the settlement convention (``payoff``), the
allowed post-split actions, ``extra_removed`` (CDZ- / CDP1 / CDP) and the tie-break order;
the dealing and the decision values are its own, because brute_resplit deals the hole card
after every player card (so it has no notion of which rounds run out of cards).

Dealing (literal)
-----------------
* The up card and the two pair cards are out.  The dealer's HOLE card is dealt next, before
  any player draw, and is enumerated explicitly from what is left.  In a peek game a hole
  card that makes a dealer blackjack ends the round before the split (weight 0: the values
  are unconditional, ``U = E[payoff * 1{no dealer BJ}]``), so such rounds neither count
  nor can run out.
* The split hands are dealt hand by hand, as brute_resplit does: a hand draws its second
  card; a card of the pair's rank (value unless ``tens_by_rank``) splits off a new hand
  (appended at the end) while fewer than ``max_split_hands`` hands exist (aces only with
  ``resplit_aces``), and the hand draws again; then the hand plays out by the post-split
  strategy; then the next hand.  The player always resplits when allowed.
* A player draw when no card is left (the hole card is out, so it is not available) RUNS
  OUT the round.
* After all hands: if every split hand busted, the dealer draws nothing; each hand loses its
  bet (brute_resplit's ``payoff`` with outcome "bj" when the up and hole cards are a
  blackjack -- only in ENHC games -- and a plain loss of every bet otherwise).  Otherwise the
  dealer plays out from the remaining cards (stands on 17, hits soft 17 with h17); a dealer
  draw from an empty shoe RUNS OUT the round.

``split_runs_out`` is True iff some dealing sequence of positive weight runs out;
``U_split`` raises :class:`RunsOutError` then, and otherwise gives the split value.  When
neither this model nor brute_resplit runs out, the two U_split values are the same number
(exchangeability: dealing the hole card first or last does not change the distribution of
a completed round), which the tests check.

Post-split decisions
--------------------
As in brute_resplit: a hand decides by maximising U over its allowed actions (ties: stand,
hit, double) in the reference situation "the hand's own cards, the up card and m extra pair
cards are gone" (m = 0 for CDZ-, 1 for CDP1, k - 1 for CDP with k the number of hands when
the hand's non-resplit second card is dealt), re-derived after every hit.  Here those values
are computed with the same dealing as the round (hole card first, a busted hand ends its
round without a dealer draw).  The hole card is unknown to the player, so a decision value
sums over it; a player's next card is then drawn from the reference cards the player has not
seen (hole card included) with its plain frequency, which is exact as long as at least two
unseen cards are left (the hole card and the one drawn).
Where the reference situation leaves no card but the hole card, the player cannot take a
card there: hit and double are not available (in the decision and inside hit values).  This
convention is ours (the stated semantics do not cover hypothetical shoes); it never matters
where brute_resplit's decision values are defined, since those need a card for every draw
and a hole card after them.  A reference situation in which the DEALER can run out has no
value: :class:`DecisionUndefined` (the round's answer is then unknown, unless the round runs
out whatever the undefined decisions choose, which the search below checks).

Two computations
----------------
``_analyse`` enumerates the round with probabilities (U and P(run out)); ``_search`` looks for
a run-out path without probabilities (a state only needs to know whether some hand is still
unbusted), which is much quicker when one exists.  ``split_runs_out`` uses the search,
``U_split`` the enumeration after the search, and checks that they agree.

Everything is exact (``gmpy2.mpq`` inside, ``fractions.Fraction`` out).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Dict, Iterator, Tuple

from oracles import brute_resplit as br
from oracles.brute_resplit import (Q, RRules, RankShoe, Settled, ValShoe, allowed_post_split,
                                   extra_removed, hand_total, hkey, make_rank_shoe, payoff,
                                   remove_ranks, remove_values, settled, to_values, value)

__all__ = ["RRules", "RunsOutError", "DecisionUndefined", "split_runs_out", "U_split",
           "split_value", "runout_probability", "hand_limit", "decide", "clear_caches"]

OUT = "out"          # outcome marker: the round ran out of cards
UNDEF = "undefined"  # outcome marker: a post-split decision on the path is undefined


class RunsOutError(RuntimeError):
    """The split round can run out of cards (some dealing sequence draws from an empty shoe)."""


class DecisionUndefined(RuntimeError):
    """A post-split decision value's own enumeration (reference shoe) can run out of cards."""


def to_fraction(x) -> Fraction:
    """An exact rational (mpq or Fraction) as a fractions.Fraction."""
    return Fraction(int(x.numerator), int(x.denominator))


def _draw(shoe: Tuple[int, ...]) -> Iterator[Tuple[int, object, Tuple[int, ...]]]:
    """(index + 1, probability, shoe after) for every card of a non-empty shoe."""
    n = sum(shoe)
    assert n > 0
    for i, k in enumerate(shoe):
        if k:
            s = list(shoe)
            s[i] -= 1
            yield i + 1, Q(k, n), tuple(s)


def is_bj(a: int, b: int) -> bool:
    return sorted((a, b)) == [1, 10]


# ---------------------------------------------------------------- dealer (hole card known)

def _dealer(cards: Tuple[int, ...], rest: ValShoe, h17: bool):
    """Outcome distribution of a dealer holding `cards` (>= 2 values) who draws from
    `rest`: outcomes 17-21, "bust", "bj", or OUT (a draw from an empty shoe)."""
    if len(cards) == 2 and is_bj(*cards):
        return (("bj", Q(1)),)
    t, soft = hand_total(cards)
    return _dealer_ts(t, soft, rest, h17)


@lru_cache(maxsize=None)
def _dealer_ts(t: int, soft: bool, rest: ValShoe, h17: bool):
    """The same for a dealer past two cards (no blackjack possible), by total and softness."""
    if t > 21:
        return (("bust", Q(1)),)
    if t >= 18 or (t == 17 and not (soft and h17)):
        return ((t, Q(1)),)
    if sum(rest) == 0:
        return ((OUT, Q(1)),)
    acc: Dict = {}
    for v, p, after in _draw(rest):
        nt, ns = t + v, soft
        if v == 1 and nt + 10 <= 21:
            nt, ns = nt + 10, True          # an ace counts 11 when it fits
        if nt > 21 and ns:
            nt, ns = nt - 10, False         # a soft total over 21 becomes hard
        for o, q in _dealer_ts(nt, ns, after, h17):
            acc[o] = acc.get(o, 0) + p * q
    return tuple(acc.items())


@lru_cache(maxsize=None)
def _settle(hands: Tuple[Settled, ...], up: int, hole: int, rest: ValShoe, rules: RRules):
    """(U, P(run out)) of settling `hands` (sorted) against up + hole, the dealer drawing from
    `rest`.  A peek game never gets here with a dealer blackjack (weight 0)."""
    if is_bj(up, hole):
        assert rules.hole != "peek"
        return Q(payoff(hands, "bj", rules)), Q(0)
    if all(t == 0 for t, _ in hands):          # every hand busted: the dealer draws nothing
        return Q(payoff(hands, "bust", rules)), Q(0)
    u, out = Q(0), Q(0)
    for o, p in _dealer(hkey((up, hole)), rest, rules.h17):
        if o == OUT:
            out += p
        else:
            u += p * payoff(hands, o, rules)
    return u, out


# ---------------------------------------------------------------- decision values

def _weightless(up: int, card: int, rules: RRules) -> bool:
    """A peek game in which `card` as the hole card is a dealer blackjack (weight 0)."""
    return rules.hole == "peek" and is_bj(up, card)


@lru_cache(maxsize=None)
def D_settle(hands: Tuple[Settled, ...], up: int, S: ValShoe, rules: RRules):
    """U of a finished single hand: the hole card is one of the unseen cards `S`."""
    n = sum(S)
    if n == 0:
        raise DecisionUndefined("no card left for the hole card")
    u = Q(0)
    for hole, p, rest in _draw(S):
        if _weightless(up, hole, rules):
            continue
        v, out = _settle(hands, up, hole, rest, rules)
        if out:
            raise DecisionUndefined("the dealer runs out in a reference situation")
        u += p * v
    return u


def _player_draws(S: ValShoe):
    """The player's next card from the unseen cards S (hole card among them), or None when
    no card but the hole card is left: then the player cannot take a card."""
    return list(_draw(S)) if sum(S) >= 2 else None


@lru_cache(maxsize=None)
def D_stand(h: Tuple[int, ...], up: int, S: ValShoe, rules: RRules):
    return D_settle((settled(h, 1),), up, S, rules)


@lru_cache(maxsize=None)
def D_hit(h: Tuple[int, ...], up: int, S: ValShoe, rules: RRules):
    """Take a card, then the better of stand and hit (ties irrelevant for the value); None
    when no card can be taken."""
    draws = _player_draws(S)
    if draws is None:
        return None
    u = Q(0)
    for v, p, rest in draws:
        nh = hkey(h + (v,))
        if hand_total(nh)[0] > 21:
            u += p * D_settle(((0, 1),), up, rest, rules)
        else:
            hv = D_hit(nh, up, rest, rules)
            sv = D_stand(nh, up, rest, rules)
            u += p * (sv if hv is None else max(sv, hv))
    return u


@lru_cache(maxsize=None)
def D_double(h: Tuple[int, ...], up: int, S: ValShoe, rules: RRules):
    draws = _player_draws(S)
    if draws is None:
        return None
    u = Q(0)
    for v, p, rest in draws:
        u += p * D_settle((settled(h + (v,), 2),), up, rest, rules)
    return u


_D = {"stand": D_stand, "hit": D_hit, "double": D_double}


@lru_cache(maxsize=None)
def decide(h: Tuple[int, ...], up: int, ref: ValShoe, rules: RRules,
           actions: Tuple[str, ...]) -> str:
    """Best of `actions` for the hand h (sorted values) when exactly ref's cards are unseen
    (maximise U; ties in rules.tie_order, by default stand, hit, double); hit and double
    only when a card besides the hole card is left in ref."""
    if actions == ("stand",):
        return "stand"
    if (hand_total(h) == (21, False) and "double" not in actions
            and rules.tie_order.index("stand") < rules.tie_order.index("hit")):
        return "stand"     # hitting a hard 21 busts: never better than standing, stand wins ties
    best, best_u = None, None
    for a in rules.tie_order:
        if a in actions:
            u = _D[a](h, up, ref, rules)
            if u is None:
                continue
            if best_u is None or u > best_u:
                best, best_u = a, u
    return best


# ---------------------------------------------------------------- the split round

@lru_cache(maxsize=None)
def _action(h: Tuple[int, ...], split_ace: bool, up: int, m: int, pair_val: int,
            full_v: ValShoe, rules: RRules) -> str:
    """The post-split action of a split hand holding h (sorted values) with m extra pair
    cards known gone, or UNDEF."""
    ref = remove_values(full_v, up, *h, *([pair_val] * m))
    try:
        return decide(h, up, ref, rules, allowed_post_split(h, split_ace, rules))
    except DecisionUndefined:
        return UNDEF


@lru_cache(maxsize=None)
def _play_hand(h: Tuple[int, ...], split_ace: bool, shoe: RankShoe, up: int, m: int,
               pair_val: int, full_v: ValShoe, rules: RRules):
    """Outcomes of a split hand holding its 2+ cards (values h), the hole card already out:
    tuple of (probability, Settled or OUT (a run-out) or UNDEF (an undefined decision),
    shoe after)."""
    t, _ = hand_total(h)
    assert t <= 21
    a = _action(h, split_ace, up, m, pair_val, full_v, rules)
    if a == UNDEF:
        return ((Q(1), UNDEF, shoe),)
    if a == "stand":
        return ((Q(1), (t, 1), shoe),)
    if sum(shoe) == 0:
        return ((Q(1), OUT, shoe),)
    acc: Dict = {}       # (Settled or marker, shoe after) -> probability: paths merged
    for r, p, rest in _draw(shoe):
        nh = h + (value(r),)
        if a == "double":
            key = (settled(nh, 2), rest)
            acc[key] = acc.get(key, 0) + p
        elif hand_total(nh)[0] > 21:
            key = ((0, 1), rest)
            acc[key] = acc.get(key, 0) + p
        else:
            for q, s, after in _play_hand(hkey(nh), False, rest, up, m, pair_val, full_v, rules):
                acc[(s, after)] = acc.get((s, after), 0) + p * q
    return tuple((p, s, after) for (s, after), p in acc.items())


def _add(done: Tuple[Settled, ...], s: Settled) -> Tuple[Settled, ...]:
    """`done` with the settled hand s added, sorted.  A standing total below 17 is stored as
    16: every such total loses to a dealer's 17-21 or blackjack and wins against a bust, so
    the settlement cannot tell them apart (fewer states to remember)."""
    t, bet = s
    return tuple(sorted(done + ((16 if 0 < t < 16 else t, bet),)))


@lru_cache(maxsize=None)
def _rest(done: Tuple[Settled, ...], n_hands: int, n_todo: int, shoe: RankShoe, hole: int,
          pair_rank: int, up: int, full_v: ValShoe, rules: RRules, strategy: str):
    """(U, P(run out), P(undefined decision)) of the rest of the round, the hole card
    (value) already dealt: `done` = settled hands (sorted), `n_hands` hands exist, the
    first of the `n_todo` unplayed hands (each holding only the pair card) is about to
    draw.  U sums over the paths that neither run out nor meet an undefined decision."""
    if n_todo == 0:
        return _settle(done, up, hole, to_values(shoe), rules) + (Q(0),)
    if sum(shoe) == 0:
        return Q(0), Q(1), Q(0)
    pv = value(pair_rank)
    ace = pair_rank == 1
    u, out, undef = Q(0), Q(0), Q(0)
    for r, p, rest in _draw(shoe):
        same = (r == pair_rank) if rules.tens_by_rank else (value(r) == pv)
        if same and n_hands < rules.max_split_hands and (not ace or rules.resplit_aces):
            v, o, d = _rest(done, n_hands + 1, n_todo + 1, rest, hole, pair_rank, up, full_v,
                            rules, strategy)
            u, out, undef = u + p * v, out + p * o, undef + p * d
            continue
        m = extra_removed(strategy, n_hands)
        for q, s, after in _play_hand(hkey((pv, value(r))), ace, rest, up, m, pv, full_v, rules):
            if s == OUT:
                out += p * q
            elif s == UNDEF:
                undef += p * q
            else:
                v, o, d = _rest(_add(done, s), n_hands, n_todo - 1, after, hole,
                                pair_rank, up, full_v, rules, strategy)
                u, out, undef = u + p * q * v, out + p * q * o, undef + p * q * d
    return u, out, undef


def _ranks(pair, up, rules: RRules) -> Tuple[int, int]:
    def r(x):
        if isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 13:
            return x
        return br.rank_of(x)
    p, u = r(pair), r(up)
    if not rules.tens_by_rank:
        p, u = min(p, 10), min(u, 10)
    return p, u


def _full(counts, rules: RRules) -> RankShoe:
    if isinstance(counts, dict):
        return make_rank_shoe(counts, rules.tens_by_rank)
    full = tuple(int(c) for c in counts)
    assert len(full) == 13
    if not rules.tens_by_rank:
        full = full[:9] + (sum(full[9:]), 0, 0, 0)
    return full


@lru_cache(maxsize=None)
def _analyse(pair_rank: int, up_rank: int, full: RankShoe, rules: RRules, strategy: str):
    """(U over the completed rounds, P(run out), P(undefined decision)), the hole card
    enumerated first."""
    extra_removed(strategy, 2)                       # validates the strategy's name
    shoe0 = remove_ranks(full, up_rank, pair_rank, pair_rank)
    if sum(shoe0) == 0:
        return Q(0), Q(1), Q(0)                      # not even a hole card
    upv, full_v = value(up_rank), to_values(full)
    u, out, undef = Q(0), Q(0), Q(0)
    for hole_r, p, rest in _draw(shoe0):
        hv = value(hole_r)
        if _weightless(upv, hv, rules):
            continue                                 # peek: the round ends before the split
        v, o, d = _rest((), 2, 2, rest, hv, pair_rank, upv, full_v, rules, strategy)
        u, out, undef = u + p * v, out + p * o, undef + p * d
    return u, out, undef


# ---------------------------------------------------------------- run-out search (no values)
# The same dealing as _rest/_play_hand, searched for a path that runs out, without
# probabilities: a state only needs to know whether some hand is still unbusted (the dealer
# then plays).  Three answers: OUT (some path runs out), UNDEF (none found, but some path
# meets an undefined decision), OK.  Small cards first: they make the long rounds.

OK = "ok"


def _cards_small_first(shoe: Tuple[int, ...]):
    """(index + 1, shoe after) for every card of the shoe, in index order, which is value
    order (rank and value shoes both list the ten-values last)."""
    for i, k in enumerate(shoe):
        if k:
            s = list(shoe)
            s[i] -= 1
            yield i + 1, tuple(s)


@lru_cache(maxsize=None)
def _dealer_can_run_out(t: int, soft: bool, rest: ValShoe, h17: bool) -> bool:
    """Whether a dealer at total t (soft or not, past two cards) can draw from an empty shoe."""
    if t >= 18 or (t == 17 and not (soft and h17)):
        return False
    if sum(rest) == 0:
        return True
    for v, after in _cards_small_first(rest):
        nt, ns = t + v, soft
        if v == 1 and nt + 10 <= 21:
            nt, ns = nt + 10, True
        if nt > 21 and ns:
            nt, ns = nt - 10, False
        if _dealer_can_run_out(nt, ns, after, h17):
            return True
    return False


ALTERNATIVES_CAP = 256


def _hand_ends(a: str, h: Tuple[int, ...], shoe: RankShoe, up: int, m: int, pair_val: int,
               full_v: ValShoe, rules: RRules):
    """The alternatives (see _ro_hand) of a split hand holding h that takes action `a` now."""
    if a == "stand":
        return frozenset({(frozenset({(True, shoe)}), False)})
    if sum(shoe) == 0:
        return frozenset({(frozenset(), True)})
    alts = {(frozenset(), False)}
    for r, rest in _cards_small_first(shoe):
        nh = h + (value(r),)
        if a == "double" or hand_total(nh)[0] > 21:
            child = {(frozenset({(hand_total(nh)[0] <= 21, rest)}), False)}
        else:
            child = _ro_hand(hkey(nh), False, rest, up, m, pair_val, full_v, rules)
            if child is None:
                return None
        alts = {(e1 | e2, o1 or o2) for e1, o1 in alts for e2, o2 in child}
        if len(alts) > ALTERNATIVES_CAP:
            return None
    return frozenset(alts)


@lru_cache(maxsize=None)
def _ro_hand(h: Tuple[int, ...], split_ace: bool, shoe: RankShoe, up: int, m: int,
             pair_val: int, full_v: ValShoe, rules: RRules):
    """Every way a split hand holding h (its 2+ cards, values) can end, without
    probabilities: a set of ALTERNATIVES, one per way of taking the undefined post-split
    decisions met on the way (one alternative when every decision is defined), each a pair
    (frozenset of (unbusted, shoe after), some path runs out).  None: too many alternatives
    to follow (more than ALTERNATIVES_CAP)."""
    outcomes = _play_hand(h, split_ace, shoe, up, m, pair_val, full_v, rules)
    if all(s != UNDEF for _, s, _ in outcomes):     # every decision defined: one alternative
        ends = frozenset((s[0] > 0, after) for _, s, after in outcomes if s != OUT)
        return frozenset({(ends, any(s == OUT for _, s, _ in outcomes))})
    actions = allowed_post_split(h, split_ace, rules)
    a = _action(h, split_ace, up, m, pair_val, full_v, rules)
    if a != UNDEF:
        return _hand_ends(a, h, shoe, up, m, pair_val, full_v, rules)
    else:
        alts = set()
        for a in actions:
            e = _hand_ends(a, h, shoe, up, m, pair_val, full_v, rules)
            if e is None:
                return None
            alts |= e
        return frozenset(alts) if len(alts) <= ALTERNATIVES_CAP else None


@lru_cache(maxsize=None)
def _ro_rest(alive: bool, n_hands: int, n_todo: int, shoe: RankShoe, hole: int,
             pair_rank: int, up: int, full_v: ValShoe, rules: RRules, strategy: str) -> str:
    """OUT / UNDEF / OK for the rest of the round (as _rest; `alive`: some settled hand
    is unbusted).  Where a hand's undefined decisions leave alternatives, the branch is OUT
    only if it runs out whichever alternative is taken, and UNDEF otherwise."""
    if n_todo == 0:
        if not alive or is_bj(up, hole):
            return OK
        t, soft = hand_total((up, hole))
        return OUT if _dealer_can_run_out(t, soft, to_values(shoe), rules.h17) else OK
    if sum(shoe) == 0:
        return OUT
    pv = value(pair_rank)
    ace = pair_rank == 1
    undef = False
    for r, rest in _cards_small_first(shoe):
        same = (r == pair_rank) if rules.tens_by_rank else (value(r) == pv)
        if same and n_hands < rules.max_split_hands and (not ace or rules.resplit_aces):
            res = _ro_rest(alive, n_hands + 1, n_todo + 1, rest, hole, pair_rank, up, full_v,
                           rules, strategy)
            if res == OUT:
                return OUT
            undef = undef or res == UNDEF
            continue
        m = extra_removed(strategy, n_hands)
        alts = _ro_hand(hkey((pv, value(r))), ace, rest, up, m, pv, full_v, rules)
        if alts is None:
            undef = True
            continue
        outs = []
        for ends, o in alts:
            res = OUT if o else OK
            for a, after in ends:
                if res == OUT:
                    break
                r2 = _ro_rest(alive or a, n_hands, n_todo - 1, after, hole, pair_rank, up,
                              full_v, rules, strategy)
                res = OUT if r2 == OUT else (UNDEF if r2 == UNDEF or res == UNDEF else OK)
            outs.append(res)
        if all(x == OUT for x in outs):
            return OUT
        undef = undef or len(alts) > 1 or UNDEF in outs
    return UNDEF if undef else OK


@lru_cache(maxsize=None)
def _search(pair_rank: int, up_rank: int, full: RankShoe, rules: RRules, strategy: str) -> str:
    """OUT / UNDEF / OK for the whole split round, the hole card enumerated first."""
    extra_removed(strategy, 2)
    shoe0 = remove_ranks(full, up_rank, pair_rank, pair_rank)
    if sum(shoe0) == 0:
        return OUT
    upv, full_v = value(up_rank), to_values(full)
    undef = False
    for hole_r, rest in _cards_small_first(shoe0):
        hv = value(hole_r)
        if _weightless(upv, hv, rules):
            continue
        res = _ro_rest(False, 2, 2, rest, hv, pair_rank, upv, full_v, rules, strategy)
        if res == OUT:
            return OUT
        undef = undef or res == UNDEF
    return UNDEF if undef else OK


# ---------------------------------------------------------------- public

def runout_probability(pair_rank, up_rank, counts, rules: RRules, strategy: str) -> Fraction:
    """Probability that the split round runs out (unconditional; peek blackjacks weigh 0), by
    the valued enumeration; raises DecisionUndefined when it is 0 but some path meets an
    undefined decision."""
    p, u = _ranks(pair_rank, up_rank, rules)
    val, out, undef = _analyse(p, u, _full(counts, rules), rules, strategy)
    if undef and not out:
        raise DecisionUndefined(f"splitting {p},{p} v {u}: a post-split decision value on a "
                                f"path of probability {to_fraction(undef)} can run out")
    return to_fraction(out)


def split_runs_out(pair_rank, up_rank, counts, rules: RRules, strategy: str) -> bool:
    """True iff some dealing sequence of the split round (of positive weight) runs out, by
    the search (no values).  `counts`: the full shoe as given to Shoe.from_counts (or a
    13-tuple of rank counts).  Raises DecisionUndefined when no path runs out but some
    path meets an undefined post-split decision (then the answer is unknown)."""
    p, u = _ranks(pair_rank, up_rank, rules)
    res = _search(p, u, _full(counts, rules), rules, strategy)
    if res == UNDEF:
        raise DecisionUndefined(f"splitting {p},{p} v {u}: no path found that runs out, but a "
                                f"post-split decision value on some path can run out")
    return res == OUT


def U_split(pair_rank, up_rank, counts, rules: RRules, strategy: str) -> Fraction:
    """Split value, total over all hands per unit initial bet, unconditional
    (``E[payoff * 1{no dealer BJ}]`` in peek games), as brute_resplit.U_split.
    Raises RunsOutError if the round can run out of cards."""
    p, u = _ranks(pair_rank, up_rank, rules)
    if split_runs_out(p, u, counts, rules, strategy):
        raise RunsOutError(f"splitting {p},{p} v {u} to {hand_limit(p, rules)} hands "
                           f"can run out of cards")
    val, out, undef = _analyse(p, u, _full(counts, rules), rules, strategy)
    if out or undef:       # the search and the valued enumeration disagree: an oracle bug
        raise AssertionError(f"search found no run-out, enumeration: P(out) {out}, "
                             f"P(undefined) {undef}")
    return to_fraction(val)


def split_value(pair_rank, up_rank, counts, rules: RRules, strategy: str):
    """U_split as calc.hand reports it: divided by P(no dealer BJ) in peek games; None when
    that probability is 0 (the value is undefined)."""
    p, u = _ranks(pair_rank, up_rank, rules)
    full = _full(counts, rules)
    val = U_split(p, u, full, rules, strategy)
    if rules.hole != "peek":
        return val
    shoe_v = to_values(remove_ranks(full, u, p, p))
    p_no = 1 - to_fraction(br.p_bj(value(u), shoe_v))
    return None if p_no == 0 else val / p_no


def hand_limit(pair_rank, rules: RRules) -> int:
    """The most hands the rules let the pair become: max_split_hands, or 2 for aces
    without resplit_aces (whether the shoe holds enough pair cards or not)."""
    p = pair_rank if isinstance(pair_rank, int) else br.rank_of(pair_rank)
    return 2 if (p == 1 and not rules.resplit_aces) else rules.max_split_hands


def clear_caches():
    for f in (_dealer_ts, _settle, D_settle, D_stand, D_hit, D_double, decide, _action,
              _play_hand, _rest, _analyse, _dealer_can_run_out, _ro_hand, _ro_rest, _search):
        f.cache_clear()
