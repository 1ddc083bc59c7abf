"""Independent brute-force blackjack enumerator (exact, ``fractions.Fraction``).

Written from the rules reference (shared/reference/GAMES.md, section 1) and the
public API contract only, WITHOUT looking at the engine in ``bjcalc/``.  It is
meant to be slow and obviously correct, and is used by
``tests/oracles/test_brute_force.py`` to check the engine exactly on tiny shoes.

Model
-----
* A shoe is a 10-tuple of counts, index ``v - 1`` for card value ``v``
  (1 = ace, 10 = any ten-value card).  ``make_shoe({1: 2, 10: 8})`` builds one.
* Every random card is drawn explicitly, one at a time, from what remains:
  the player's cards (in play order), then the dealer's hole / second card,
  then the dealer's draws.  Drawing from an empty shoe raises
  :class:`EmptyShoeError` (never silently ignored).
* All player-side quantities are first computed as UNCONDITIONAL expectations
  ``U = E[payoff * w]`` where ``w`` is the peek indicator ``1{dealer has no
  blackjack}`` in peek games and ``w = 1`` in ENHC games (there the payoff of
  a dealer blackjack is part of ``payoff``).  In a peek game the conditioned
  value asked for by the contract is ``U / P(no dealer BJ | shoe at the root)``.
  Decisions deeper in the tree (hit or stand ...) are taken by maximising ``U``
  at that node: since ``U_node = P(no BJ | node) * E[payoff | node, no BJ]``
  with one positive factor common to all actions at the node, this is exactly
  the decision of a player who knows that the dealer has no blackjack (and the
  player's own draws are then automatically conditioned on it too).
* Only caching: ``lru_cache`` on pure functions whose arguments fully describe
  the state (hand multiset, up card, remaining-shoe tuple, rules).  No
  symmetry shortcuts: a split is enumerated as hand 1 (all its card sequences),
  then hand 2 from what is left, then the dealer.
* Post-split strategies (CDZ-, CDP1) are FIXED strategies chosen in a reference
  situation.  On tiny shoes exact ties between actions in the reference are
  common (few distinct dealer totals); they usually do not change the real
  value, but sometimes they do.  The plain functions raise StrategyTieError on
  a tie; ``hand_value_candidates`` / ``game_ev_candidates`` return the set of
  values under every fixed tie-break order instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from oracles import Fraction
from functools import lru_cache
import itertools
from typing import Dict, List, Optional, Tuple

Shoe = Tuple[int, ...]  # 10 counts: index v-1 holds the count of value v
Outcome = object        # 17..21 (int), "blackjack" or "bust"

TEN = 10
OUTCOMES = (17, 18, 19, 20, 21, "blackjack", "bust")


class EmptyShoeError(RuntimeError):
    """Some enumerated path needed a card but the shoe was empty."""


class StrategyTieError(RuntimeError):
    """A post-split strategy decision had two exactly equal best actions.

    The post-split strategies (CDZ-, CDP1) are *fixed* strategies chosen in a
    reference situation and then evaluated in the real one, so a tie in the
    reference can change the real value depending on the tie-break.  Rather than
    guess the engine's tie-break, the brute force refuses: tests must use shoes
    where this does not happen."""


# --------------------------------------------------------------------------
# rules
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class BFRules:
    h17: bool = False                 # dealer hits soft 17
    bj_pays: Fraction = Fraction(3, 2)
    hole: str = "peek"                # "peek", "enhc", "enhc_obo"
    double_on: str = "any"            # "any", "9-11", "10-11", "none"
    double_soft: bool = True
    das: bool = True                  # double after split
    max_split_hands: int = 2          # 1 = no split, 2 = split once
    hit_split_aces: bool = False
    double_split_aces: bool = False
    surrender: str = "none"           # "none", "late", "early"

    def __post_init__(self):
        assert self.hole in ("peek", "enhc", "enhc_obo")
        assert self.double_on in ("any", "9-11", "10-11", "none")
        assert self.surrender in ("none", "late", "early")
        assert self.max_split_hands in (1, 2), "brute force only knows 1 or 2 hands"


# --------------------------------------------------------------------------
# shoe and hand helpers
# --------------------------------------------------------------------------

def make_shoe(counts: Dict[int, int]) -> Shoe:
    shoe = [0] * 10
    for v, n in counts.items():
        if not (1 <= int(v) <= 10) or n < 0:
            raise ValueError(f"bad shoe entry {v}: {n}")
        shoe[int(v) - 1] += int(n)
    return tuple(shoe)


def remove(shoe: Shoe, *cards: int) -> Shoe:
    s = list(shoe)
    for c in cards:
        if s[c - 1] <= 0:
            raise ValueError(f"card {c} is not in shoe {shoe}")
        s[c - 1] -= 1
    return tuple(s)


@lru_cache(maxsize=None)
def draws(shoe: Shoe) -> Tuple[Tuple[int, Fraction, Shoe], ...]:
    """Every possible next card: (value, probability, shoe after)."""
    n = sum(shoe)
    if n == 0:
        raise EmptyShoeError("a path draws from an empty shoe")
    return tuple((v, Fraction(shoe[v - 1], n), remove(shoe, v)) for v in range(1, 11) if shoe[v - 1])


def total_soft(cards) -> Tuple[int, bool]:
    """Best total (aces 1 or 11) and whether it is soft (an ace counted 11)."""
    s = sum(cards)
    if 1 in cards and s + 10 <= 21:
        return s + 10, True
    return s, False


def is_natural(cards) -> bool:
    return len(cards) == 2 and sorted(cards) == [1, TEN]


def key(cards) -> Tuple[int, ...]:
    """Cache key of a hand: its multiset (total, softness, natural-ness depend on nothing else)."""
    return tuple(sorted(cards))


# --------------------------------------------------------------------------
# dealer
# --------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _dealer_from(cards: Tuple[int, ...], shoe: Shoe, h17: bool) -> Dict[Outcome, Fraction]:
    """Distribution of the final outcome of a dealer holding `cards` (>= 2 cards)."""
    if is_natural(cards):
        return {"blackjack": Fraction(1)}
    total, soft = total_soft(cards)
    if total > 21:
        return {"bust": Fraction(1)}
    if total > 17 or (total == 17 and not (soft and h17)):
        return {total: Fraction(1)}
    dist: Dict[Outcome, Fraction] = {}
    for v, p, rest in draws(shoe):
        for o, q in _dealer_from(key(cards + (v,)), rest, h17).items():
            dist[o] = dist.get(o, Fraction(0)) + p * q
    return dist


@lru_cache(maxsize=None)
def dealer_dist(up: int, shoe: Shoe, h17: bool) -> Dict[Outcome, Fraction]:
    """Dealer outcome distribution: up card `up`, the hole/second card and all
    draws come from `shoe` (which must already exclude the up card and every
    card known to be gone).  Unconditional (blackjack included)."""
    dist: Dict[Outcome, Fraction] = {}
    for v, p, rest in draws(shoe):
        for o, q in _dealer_from(key((up, v)), rest, h17).items():
            dist[o] = dist.get(o, Fraction(0)) + p * q
    return dist


def dealer_distribution(up: int, full: Shoe, h17: bool) -> Dict[Outcome, Fraction]:
    """What `calc.dealer(up)` should return: full shoe minus the up card, no peek."""
    d = dealer_dist(up, remove(full, up), h17)
    return {o: d.get(o, Fraction(0)) for o in OUTCOMES}


def p_dealer_bj(up: int, shoe: Shoe) -> Fraction:
    """P(dealer blackjack) given the up card and the unseen shoe (hole from shoe)."""
    n = sum(shoe)
    if up == 1:
        return Fraction(shoe[TEN - 1], n)
    if up == TEN:
        return Fraction(shoe[0], n)
    return Fraction(0)


# --------------------------------------------------------------------------
# settlement of one round against one dealer outcome
# --------------------------------------------------------------------------

# a settled player hand: (final total, or None if busted; bet in units)
Settled = Tuple[Optional[int], int]


def weighted_payoff(hands: List[Settled], outcome: Outcome, rules: BFRules) -> Fraction:
    """Net result of the round for this dealer outcome, times the peek weight.

    peek: a dealer-blackjack path has weight 0 (we condition on it later).
    enhc: a dealer blackjack takes every bet on the table (all hands, doubles).
    enhc_obo: a dealer blackjack takes exactly the original bet: -1 for the round.
    """
    if outcome == "blackjack":
        if rules.hole == "peek":
            return Fraction(0)
        if rules.hole == "enhc":
            return Fraction(-sum(bet for _, bet in hands))
        return Fraction(-1)  # enhc_obo
    r = 0
    for total, bet in hands:
        if total is None:           # player bust: loses whatever the dealer does
            r -= bet
        elif outcome == "bust":
            r += bet
        elif total > outcome:
            r += bet
        elif total < outcome:
            r -= bet
    return Fraction(r)


def expect_round(hands: List[Settled], up: int, shoe: Shoe, rules: BFRules) -> Fraction:
    """E[weighted payoff] over the dealer's hole card and draws (from `shoe`)."""
    return sum((p * weighted_payoff(hands, o, rules)
                for o, p in dealer_dist(up, shoe, rules.h17).items()), Fraction(0))


def settled(cards, bet: int) -> Settled:
    t, _ = total_soft(cards)
    return (t if t <= 21 else None, bet)


# --------------------------------------------------------------------------
# single (unsplit) hand: unconditional-weighted values U
# --------------------------------------------------------------------------

@lru_cache(maxsize=None)
def U_stand(hand: Tuple[int, ...], up: int, shoe: Shoe, rules: BFRules) -> Fraction:
    return expect_round([settled(hand, 1)], up, shoe, rules)


@lru_cache(maxsize=None)
def U_hit(hand: Tuple[int, ...], up: int, shoe: Shoe, rules: BFRules) -> Fraction:
    """Take one card, then play on optimally with hit/stand only."""
    total, _ = total_soft(hand)
    assert total <= 21, "cannot hit a busted hand"
    u = Fraction(0)
    for v, p, rest in draws(shoe):
        u += p * U_hit_stand(key(hand + (v,)), up, rest, rules)
    return u


def U_hit_stand(hand: Tuple[int, ...], up: int, shoe: Shoe, rules: BFRules) -> Fraction:
    total, _ = total_soft(hand)
    if total > 21:
        # busted: loses 1, but the hole card is still random (peek weight applies)
        return expect_round([(None, 1)], up, shoe, rules)
    return max(U_stand(hand, up, shoe, rules), U_hit(hand, up, shoe, rules))


@lru_cache(maxsize=None)
def U_double(hand: Tuple[int, ...], up: int, shoe: Shoe, rules: BFRules) -> Fraction:
    u = Fraction(0)
    for v, p, rest in draws(shoe):
        u += p * expect_round([settled(hand + (v,), 2)], up, rest, rules)
    return u


def U_late_surrender(up: int, shoe: Shoe, rules: BFRules) -> Fraction:
    u = Fraction(0)
    for o, p in dealer_dist(up, shoe, rules.h17).items():
        if o == "blackjack":
            u += p * (0 if rules.hole == "peek" else -1)   # enhc / obo: the bet is lost
        else:
            u += p * Fraction(-1, 2)
    return u


def double_allowed(hand, rules: BFRules) -> bool:
    """Double on these two cards per double_on / double_soft."""
    if len(hand) != 2 or rules.double_on == "none":
        return False
    total, soft = total_soft(hand)
    if soft:
        return rules.double_soft and rules.double_on == "any"
    if rules.double_on == "any":
        return True
    if rules.double_on == "9-11":
        return 9 <= total <= 11
    return 10 <= total <= 11   # "10-11"


def is_pair(hand) -> bool:
    # values only: two ten-values always form a pair (split_tens_by_rank=False)
    return len(hand) == 2 and hand[0] == hand[1]


# --------------------------------------------------------------------------
# split to two hands, fixed post-split strategy CDZ- or CDP1
# --------------------------------------------------------------------------

def post_split_actions(hand, split_ace: bool, rules: BFRules) -> Tuple[str, ...]:
    """Actions allowed to a post-split hand holding `hand`.  `split_ace` is true
    for the 2-card hand formed on a split ace (its first card is the ace)."""
    if len(hand) > 2:                      # only reached through hits
        return ("stand", "hit")
    acts = ["stand"]
    if not split_ace or rules.hit_split_aces:
        acts.append("hit")
    if rules.das and double_allowed(hand, rules) and (not split_ace or rules.double_split_aces):
        acts.append("double")
    return tuple(acts)


def U_action(action: str, hand, up, shoe, rules) -> Fraction:
    return {"stand": U_stand, "hit": U_hit, "double": U_double}[action](hand, up, shoe, rules)


@lru_cache(maxsize=None)
def reference_action(hand: Tuple[int, ...], up: int, ref_shoe: Shoe, rules: BFRules,
                     actions: Tuple[str, ...], tie_break: Optional[Tuple[str, ...]] = None) -> str:
    """Best of `actions` for `hand` played as an ordinary single hand from
    `ref_shoe` (hit = hit then hit/stand optimally).  Comparing U values is the
    same as comparing peek-conditioned values (common positive factor).

    Exact ties do happen on tiny shoes (few distinct dealer totals).  With
    tie_break=None a tie raises StrategyTieError; otherwise `tie_break` is an
    order of preference (e.g. ("stand", "hit", "double")) among tied actions."""
    values = {a: U_action(a, hand, up, ref_shoe, rules) for a in actions}
    best = max(values.values())
    winners = [a for a in actions if values[a] == best]
    if len(winners) > 1:
        if tie_break is None:
            raise StrategyTieError(f"tie {winners} for hand {hand} v {up}, ref shoe {ref_shoe}: {values}")
        return min(winners, key=tie_break.index)
    return winners[0]


TIE_BREAKS = tuple(itertools.permutations(("stand", "hit", "double")))


def reference_shoe(hand, up: int, full: Shoe, pair_card: int, strategy: str) -> Shoe:
    if strategy == "CDZ-":     # only the hand's own cards and the up card are gone
        return remove(full, up, *hand)
    if strategy == "CDP1":     # ... and the other pair card
        return remove(full, up, pair_card, *hand)
    raise ValueError(strategy)


def play_split_hand(hand: Tuple[int, ...], shoe: Shoe, up: int, full: Shoe, rules: BFRules,
                    strategy: str, pair_card: int, split_ace: bool,
                    tie_break: Optional[Tuple[str, ...]] = None
                    ) -> List[Tuple[Fraction, Settled, Shoe]]:
    """All explicit card sequences of one post-split hand that already has its
    2nd card, played with the fixed post-split strategy.  Returns a list of
    (probability, settled hand, shoe after)."""
    total, _ = total_soft(hand)
    assert total <= 21
    actions = post_split_actions(hand, split_ace, rules)
    if actions == ("stand",):
        action = "stand"
    else:
        ref = reference_shoe(hand, up, full, pair_card, strategy)
        action = reference_action(key(hand), up, ref, rules, actions, tie_break)
    if action == "stand":
        return [(Fraction(1), (total, 1), shoe)]
    out = []
    if action == "double":
        for v, p, rest in draws(shoe):
            out.append((p, settled(hand + (v,), 2), rest))
        return out
    assert action == "hit"
    for v, p, rest in draws(shoe):
        new = hand + (v,)
        if total_soft(new)[0] > 21:
            out.append((p, (None, 1), rest))
        else:
            for q, res, after in play_split_hand(new, rest, up, full, rules, strategy,
                                                 pair_card, False, tie_break):
                out.append((p * q, res, after))
    return out


def U_split(pair_card: int, up: int, full: Shoe, rules: BFRules, strategy: str,
            tie_break: Optional[Tuple[str, ...]] = None) -> Fraction:
    """Unconditional-weighted value of splitting (pair_card, pair_card) v up,
    total over both hands per unit initial wager."""
    p = pair_card
    shoe0 = remove(full, up, p, p)
    split_ace = (p == 1)
    u = Fraction(0)
    # hand 1: second card, then its play
    for c1, p1, s1 in draws(shoe0):
        for q1, res1, s2 in play_split_hand((p, c1), s1, up, full, rules, strategy, p, split_ace,
                                            tie_break):
            # hand 2: second card from what is left, then its play
            for c2, p2, s3 in draws(s2):
                for q2, res2, s4 in play_split_hand((p, c2), s3, up, full, rules, strategy, p,
                                                    split_ace, tie_break):
                    # dealer: hole card and draws from what is left
                    u += p1 * q1 * p2 * q2 * expect_round([res1, res2], up, s4, rules)
    return u


# --------------------------------------------------------------------------
# public: action values of a hand, round EV, game EV
# --------------------------------------------------------------------------

def hand_values(hand, up: int, full: Shoe, rules: BFRules, strategy: str = "CDZ-",
                tie_break: Optional[Tuple[str, ...]] = None) -> Dict[str, Fraction]:
    """Values of the allowed actions for `hand` v `up`; `full` is the FULL shoe
    (hand and up card are removed here).  Peek: conditioned on no dealer BJ.
    ENHC / ENHC-OBO: unconditional.  Double, surrender and split are offered
    only on a 2-card hand."""
    hand = tuple(hand)
    assert not is_natural(hand), "hand() is for non-natural hands"
    assert total_soft(hand)[0] <= 21
    shoe = remove(full, up, *hand)
    if rules.hole == "peek":
        p_no = 1 - p_dealer_bj(up, shoe)
        if p_no == 0:
            raise ZeroDivisionError("dealer always has blackjack: conditioned values undefined")
        scale = 1 / p_no
    else:
        scale = Fraction(1)
    h = key(hand)
    out = {"stand": U_stand(h, up, shoe, rules) * scale,
           "hit": U_hit(h, up, shoe, rules) * scale}
    if len(hand) == 2:
        if double_allowed(hand, rules):
            out["double"] = U_double(h, up, shoe, rules) * scale
        if rules.surrender == "late":
            out["surrender"] = U_late_surrender(up, shoe, rules) * scale
        elif rules.surrender == "early":
            out["surrender"] = Fraction(-1, 2)
        if is_pair(hand) and rules.max_split_hands >= 2:
            out["split"] = U_split(hand[0], up, full, rules, strategy, tie_break) * scale
    return out


def round_ev(hand, up: int, full: Shoe, rules: BFRules, strategy: str = "CDZ-",
             tie_break: Optional[Tuple[str, ...]] = None, values_fn=None) -> Fraction:
    """EV of one deal (player's two cards `hand`, dealer up card `up`), CD play.
    `values_fn` (default hand_values) gives the action values of the non-natural hand
    (brute_anytime passes its own, for more rules)."""
    hand_values_ = values_fn or hand_values
    hand = tuple(hand)
    shoe = remove(full, up, *hand)
    pbj = p_dealer_bj(up, shoe)
    if is_natural(hand):
        return (1 - pbj) * rules.bj_pays          # natural v natural pushes
    if rules.hole == "peek":
        # the player acts knowing there is no dealer BJ (values are conditioned);
        # early surrender is decided BEFORE the peek, so it competes with the
        # whole post-peek value.
        if pbj == 1:
            ev = Fraction(-1)
        else:
            vals = hand_values_(hand, up, full, rules, strategy, tie_break)
            if rules.surrender == "early":
                vals.pop("surrender")
            ev = -pbj + (1 - pbj) * max(vals.values())
        if rules.surrender == "early":
            ev = max(ev, Fraction(-1, 2))
        return ev
    return max(hand_values_(hand, up, full, rules, strategy, tie_break).values())


def deal_probabilities(full: Shoe) -> Dict[Tuple[Tuple[int, int], int], Fraction]:
    """P(player's two cards (sorted), up card), dealing player, player, up."""
    out: Dict[Tuple[Tuple[int, int], int], Fraction] = {}
    for c1, p1, s1 in draws(full):
        for c2, p2, s2 in draws(s1):
            for u, p3, _ in draws(s2):
                k = (key((c1, c2)), u)
                out[k] = out.get(k, Fraction(0)) + p1 * p2 * p3
    return out


def game_ev(full: Shoe, rules: BFRules, strategy: str = "CDZ-",
            tie_break: Optional[Tuple[str, ...]] = None, values_fn=None) -> Fraction:
    """Whole-game EV per unit initial wager, CD strategy (`values_fn`: see round_ev)."""
    ev = Fraction(0)
    for (hand, up), p in deal_probabilities(full).items():
        ev += p * round_ev(hand, up, full, rules, strategy, tie_break, values_fn)
    return ev


def clear_caches() -> None:
    for f in (draws, _dealer_from, dealer_dist, U_stand, U_hit, U_double, reference_action):
        f.cache_clear()


# --------------------------------------------------------------------------
# tie-robust variants (for comparing with an engine whose tie-break is unknown)
# --------------------------------------------------------------------------

def hand_value_candidates(hand, up: int, full: Shoe, rules: BFRules, strategy: str = "CDZ-",
                          values_fn=None) -> Dict[str, set]:
    """Like hand_values (or `values_fn`), but every value is a set: {the value} if no
    post-split strategy tie is met, else the values under each fixed tie-break order
    (only "split" can then have more than one value)."""
    hand_values_ = values_fn or hand_values
    try:
        return {a: {x} for a, x in hand_values_(hand, up, full, rules, strategy).items()}
    except StrategyTieError:
        out: Dict[str, set] = {}
        for tb in TIE_BREAKS:
            for a, x in hand_values_(hand, up, full, rules, strategy, tb).items():
                out.setdefault(a, set()).add(x)
        return out


def game_ev_candidates(full: Shoe, rules: BFRules, strategy: str = "CDZ-",
                       values_fn=None) -> set:
    """{game EV} if no post-split tie matters, else the game EV under each fixed
    tie-break order applied consistently to every split (`values_fn`: see round_ev)."""
    try:
        return {game_ev(full, rules, strategy, None, values_fn)}
    except StrategyTieError:
        return {game_ev(full, rules, strategy, tb, values_fn) for tb in TIE_BREAKS}


if __name__ == "__main__":   # tiny demo
    import sys
    full = make_shoe({1: 2, 2: 1, 3: 1, 6: 1, 8: 2, 10: 8})
    r = BFRules()
    print("game EV", game_ev(full, r), float(game_ev(full, r)), file=sys.stdout)
