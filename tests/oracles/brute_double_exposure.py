"""Independent brute-force enumerator of DOUBLE EXPOSURE blackjack (exact rationals).

Written from shared/reference/VARIANTS.md (section 3), shared/reference/GAMES.md (section 1,
the post-split strategy CDZ-) and the conventions of the other oracles in this folder
(tests/oracles/brute_force.py, tests/oracles/brute_resplit.py), WITHOUT reading the engine in
``bjcalc/``.  Slow and meant to be obviously correct; for tiny shoes (about 12-24 cards).
Numbers are :data:`oracles.Fraction` (gmpy2 ``mpq``, or ``fractions.Fraction``); the literal
cross-check functions at the end use the standard library's ``fractions.Fraction``.

The game
--------
* A shoe is a 10-tuple of counts, index ``v - 1`` for card value ``v`` (1 = ace, 10 = any
  ten-value card); ``make_shoe({1: 2, 10: 8})`` builds one.  Cards are dealt without
  replacement; every random card is drawn explicitly, one at a time, from what is left.
* The dealer gets two cards, the player two cards; both dealer cards are face up.  ``game_ev``
  enumerates the dealer's up card, then the hole card, then the player's first and second card
  (``game_ev_player_first`` deals the player first: the same number, a self-check).
* Dealer blackjack (ace + ten-value): the round ends at once.  The player loses his bet, except
  with a blackjack of his own, which per ``tied_naturals`` wins ``blackjack_pays`` ("win") or
  pushes ("push").  The player does not act.
* Player blackjack v a dealer without blackjack: wins ``blackjack_pays`` at once (the dealer's two
  cards are known, so nothing the dealer draws matters).
* Otherwise the player acts knowing both dealer cards and his own: stand, hit, double (one
  card, stake 2; two-card hands only, per ``double``: "any", "any_hard" (hard totals only),
  "9-11" / "10-11" (hard totals only), "none"), split (two cards of equal value; all ten-values
  are value 10).  No surrender, no insurance.
* Then the dealer draws from what is left: hits totals below 17, hits soft 17 iff ``h17``.
* Settlement: a busted hand loses its stake; if the dealer busts every other hand wins its stake;
  otherwise the higher total wins and the DEALER WINS TIES (a tie loses the whole stake of the
  hand, doubled hands included).  When every player hand is busted the dealer does not draw
  (the result is the same whatever the dealer would draw; this only avoids drawing needlessly).

Unsplit play is exactly optimal (expectimax on the true remaining shoe): ``hit`` = take one
card then hit/stand optimally (no double after a hit).

Splits, post-split strategy CDZ- (as in brute_force.py / brute_resplit.py)
----------------------------------------------------------------------------
* Split hands are played in order.  Each receives its second card when its turn comes (the
  first hand gets its second card right after the split, the second hand only once the first is
  finished, and so on).  A split hand whose second card is of the pair's value RESPLITS, always,
  if there is room (``max_split_hands``) and it is not an ace pair (aces resplit only with
  ``resplit_aces``): the new hand, holding one pair card, goes to the end of the list and the
  current hand draws again (brute_resplit.py's convention).
* Split aces get one card each and then stand (no hit, no double).  A split hand's two-card 21
  (ace + ten) is an ordinary 21, not a blackjack (so it loses to a dealer 21).
* A split hand's decisions are a FIXED rule (CDZ-): for the hand's current cards ``h`` the
  action is the best of the actions allowed to that split hand (stand, hit, and double if
  ``das`` and ``double`` allow it on those two cards; only stand, hit after a hit; only stand on
  a split ace) for an UNSPLIT hand holding ``h`` against the same two dealer cards, in the
  reference situation where exactly the dealer's two cards and ``h``'s cards are gone from the
  full shoe (``ref = full - dealer cards - h``): zero memory of the other split hands' cards
  (the other pair card(s) included).  Values there are the unsplit ones above (hit = hit then
  optimal hit/stand in the reference).  After a hit the decision is re-derived for the grown
  hand the same way.  The rule is then applied to the real remaining shoe.
* Exact ties in the reference between the two best actions are broken by
  ``DERules.tie_order`` (first wins; default stand, hit, double, as brute_resplit.py); with
  ``tie_order=None`` a tie raises :class:`StrategyTieError` (brute_force.py's behaviour), and
  ``game_ev_candidates`` returns the game EV under all 6 orders.
* The split decision itself: ``split`` is one more action of the two-card pair hand whose value
  is the exact expectation of the whole split (all hands, per unit initial bet) with that
  post-split play; the player takes the best action (max over stand, hit, double, split).

Empty shoe: any draw from an empty shoe raises :class:`EmptyShoeError` (player's hits, the
optimal-play exploration of hitting included, and dealer's draws); nothing is silently ignored.
Choose shoes on which it does not happen.

Caching: ``lru_cache`` on pure functions whose arguments fully describe the state (hand
multiset, dealer's two cards, remaining shoe, full shoe where the reference needs it, rules).
The one compression: a split round's settled hands are remembered as the sum of their payoff
vectors over the dealer's outcomes (settlement is additive), see ``_split_rest``.
``split_value_literal`` and ``game_ev_no_split_literal`` recompute without any memo of the
round (explicit hand lists, card sequences and dealer draw paths, stdlib Fraction).

Speed: a 17-card shoe takes well under a second; a 20-card shoe with many small cards and
splits to 4 hands (resplits of 4s and 5s) about 15-20 s; split-free games well under a second.
"""

from __future__ import annotations

import fractions
import itertools
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Dict, Iterator, List, Optional, Tuple

from oracles import Fraction

Shoe = Tuple[int, ...]          # 10 counts, index v-1 = value v
Settled = Tuple[int, int]       # (final total, 0 if busted; stake)

TEN = 10
DEALER_OUTCOMES = (17, 18, 19, 20, 21, "bust")
DOUBLE_RULES = ("any", "any_hard", "9-11", "10-11", "none")
PREFERENCE = ("stand", "hit", "double")
TIE_BREAKS = tuple(itertools.permutations(PREFERENCE))


class EmptyShoeError(RuntimeError):
    """An enumerated path needed a card from an empty shoe."""


class StrategyTieError(RuntimeError):
    """A post-split reference decision had two exactly equal best actions (tie_order=None)."""


# --------------------------------------------------------------------------------- rules

@dataclass(frozen=True)
class DERules:
    h17: bool = True                      # dealer hits soft 17
    double: str = "9-11"                  # "any", "any_hard", "9-11", "10-11", "none"
    das: bool = True                      # double after split (same two-card rule)
    max_split_hands: int = 4              # 1 = no split, 2 = split once, ... 4
    tied_naturals: str = "win"            # player BJ v dealer BJ: "win" (blackjack_pays) or "push"
    blackjack_pays: Fraction = Fraction(1)
    resplit_aces: bool = False
    # post-split reference ties: order of preference (first wins), or None = raise StrategyTieError
    tie_order: Optional[Tuple[str, ...]] = PREFERENCE

    def __post_init__(self):
        if self.double not in DOUBLE_RULES:
            raise ValueError(f"double must be one of {DOUBLE_RULES}, not {self.double!r}")
        if self.tied_naturals not in ("win", "push"):
            raise ValueError(f"tied_naturals must be 'win' or 'push', not {self.tied_naturals!r}")
        if not 1 <= int(self.max_split_hands) <= 4:
            raise ValueError("max_split_hands must be 1..4")
        if self.tie_order is not None:
            if sorted(self.tie_order) != sorted(PREFERENCE):
                raise ValueError(f"tie_order must be a permutation of {PREFERENCE}")
            object.__setattr__(self, "tie_order", tuple(self.tie_order))
        object.__setattr__(self, "blackjack_pays", Fraction(self.blackjack_pays))
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f) for f in self.__dataclass_fields__)))

    def __hash__(self):      # cached: the rules are part of every memo key
        return self._hash


# --------------------------------------------------------------------------------- cards

def make_shoe(counts: Dict[int, int]) -> Shoe:
    shoe = [0] * 10
    for v, n in counts.items():
        if not 1 <= int(v) <= 10 or int(n) < 0:
            raise ValueError(f"bad shoe entry {v}: {n}")
        shoe[int(v) - 1] += int(n)
    return tuple(shoe)


def remove(shoe: Shoe, *cards: int) -> Shoe:
    s = list(shoe)
    for c in cards:
        if not 1 <= c <= 10 or s[c - 1] <= 0:
            raise ValueError(f"card {c} is not in shoe {shoe}")
        s[c - 1] -= 1
    return tuple(s)


def draws(shoe: Shoe) -> Iterator[Tuple[int, Fraction, Shoe]]:
    """Every possible next card: (value, probability, shoe after)."""
    n = sum(shoe)
    if n == 0:
        raise EmptyShoeError("a path draws from an empty shoe")
    for v in range(1, 11):
        k = shoe[v - 1]
        if k:
            s = list(shoe)
            s[v - 1] -= 1
            yield v, Fraction(k, n), tuple(s)


def total_soft(cards) -> Tuple[int, bool]:
    """Best total (one ace counted 11 if that does not bust) and whether it is soft."""
    s = sum(cards)
    if 1 in cards and s + 10 <= 21:
        return s + 10, True
    return s, False


def is_natural(cards) -> bool:
    return len(cards) == 2 and sorted(cards) == [1, TEN]


def key(cards) -> Tuple[int, ...]:
    return tuple(sorted(cards))


def double_allowed(hand, rules: DERules) -> bool:
    """May a two-card hand holding `hand` double (before any split rule is applied)?"""
    if len(hand) != 2 or rules.double == "none":
        return False
    total, soft = total_soft(hand)
    if rules.double == "any":
        return True
    if soft:
        return False
    if rules.double == "any_hard":
        return True
    if rules.double == "9-11":
        return 9 <= total <= 11
    return 10 <= total <= 11          # "10-11"


def is_pair(hand) -> bool:
    return len(hand) == 2 and hand[0] == hand[1]


# --------------------------------------------------------------------------------- dealer

@lru_cache(maxsize=None)
def _dealer_final(cards: Tuple[int, ...], shoe: Shoe, h17: bool) -> Tuple[Tuple[object, Fraction], ...]:
    """Final outcome distribution of a dealer holding `cards` (>= 2, sorted), drawing from `shoe`."""
    total, soft = total_soft(cards)
    if total > 21:
        return (("bust", Fraction(1)),)
    if total > 17 or (total == 17 and not (soft and h17)):
        return ((total, Fraction(1)),)
    acc: Dict[object, Fraction] = {}
    for v, p, rest in draws(shoe):
        for o, q in _dealer_final(key(cards + (v,)), rest, h17):
            acc[o] = acc.get(o, Fraction(0)) + p * q
    return tuple(acc.items())


def dealer_probabilities(shoe: Shoe, dealer_cards, h17=True) -> Dict[object, Fraction]:
    """The dealer's final outcome distribution {17, 18, 19, 20, 21, "bust"} starting from
    `dealer_cards` (two or more), drawing from `shoe` (which must already exclude every card that
    is out, the dealer's included).  `h17` is a bool or a DERules.  A dealer blackjack is
    reported as {21: 1} (it stands on its soft 21; the round logic treats it separately)."""
    if isinstance(h17, DERules):
        h17 = h17.h17
    cards = key(dealer_cards)
    if len(cards) < 2:
        raise ValueError("the dealer has two cards in Double Exposure")
    out = {o: Fraction(0) for o in DEALER_OUTCOMES}
    for o, p in _dealer_final(cards, tuple(shoe), bool(h17)):
        out[o] += p
    return out


# --------------------------------------------------------------------------------- settlement

def hand_payoff(hand: Settled, outcome) -> int:
    total, stake = hand
    if total == 0:                       # busted: lost whatever the dealer does
        return -stake
    if outcome == "bust":
        return stake
    return stake if total > outcome else -stake      # the dealer wins ties


@lru_cache(maxsize=None)
def settle(hands: Tuple[Settled, ...], dealer: Tuple[int, int], shoe: Shoe, rules: DERules) -> Fraction:
    """Expected net result of the settled player hands, over the dealer's draws from `shoe`."""
    if all(t == 0 for t, _ in hands):
        return Fraction(-sum(b for _, b in hands))
    return sum((p * sum(hand_payoff(h, o) for h in hands)
                for o, p in _dealer_final(dealer, shoe, rules.h17)), Fraction(0))


def settled(cards, stake: int) -> Settled:
    t, _ = total_soft(cards)
    return (t if t <= 21 else 0, stake)


# --------------------------------------------------------------------------------- unsplit hand

@lru_cache(maxsize=None)
def V_stand(hand: Tuple[int, ...], dealer: Tuple[int, int], shoe: Shoe, rules: DERules) -> Fraction:
    return settle((settled(hand, 1),), dealer, shoe, rules)


@lru_cache(maxsize=None)
def V_hit(hand: Tuple[int, ...], dealer: Tuple[int, int], shoe: Shoe, rules: DERules) -> Fraction:
    """Take one card, then hit/stand optimally."""
    assert total_soft(hand)[0] <= 21, "cannot hit a busted hand"
    u = Fraction(0)
    for v, p, rest in draws(shoe):
        nh = key(hand + (v,))
        if total_soft(nh)[0] > 21:
            u -= p
        else:
            u += p * max(V_stand(nh, dealer, rest, rules), V_hit(nh, dealer, rest, rules))
    return u


@lru_cache(maxsize=None)
def V_double(hand: Tuple[int, ...], dealer: Tuple[int, int], shoe: Shoe, rules: DERules) -> Fraction:
    u = Fraction(0)
    for v, p, rest in draws(shoe):
        u += p * settle((settled(hand + (v,), 2),), dealer, rest, rules)
    return u


_V = {"stand": V_stand, "hit": V_hit, "double": V_double}


# --------------------------------------------------------------------------------- splits (CDZ-)

def post_split_actions(hand, split_ace: bool, rules: DERules) -> Tuple[str, ...]:
    """Actions allowed to a split hand holding `hand` (split_ace: the two-card hand on a split ace)."""
    if split_ace:
        return ("stand",)
    if len(hand) > 2:
        return ("stand", "hit")
    if rules.das and double_allowed(hand, rules):
        return ("stand", "hit", "double")
    return ("stand", "hit")


@lru_cache(maxsize=None)
def reference_action(hand: Tuple[int, ...], dealer: Tuple[int, int], ref: Shoe, rules: DERules,
                     actions: Tuple[str, ...]) -> str:
    """Best of `actions` for an unsplit hand `hand` v `dealer` when the remaining shoe is `ref`."""
    if actions == ("stand",):
        return "stand"
    values = {a: _V[a](hand, dealer, ref, rules) for a in actions}
    best = max(values.values())
    winners = [a for a in actions if values[a] == best]
    if len(winners) > 1:
        if rules.tie_order is None:
            raise StrategyTieError(f"tie {winners} for {hand} v dealer {dealer}, reference shoe {ref}: {values}")
        return min(winners, key=rules.tie_order.index)
    return winners[0]


@lru_cache(maxsize=None)
def split_decision(hand: Tuple[int, ...], split_ace: bool, dealer: Tuple[int, int], full: Shoe, rules: DERules) -> str:
    """The CDZ- action of a split hand holding `hand` (reference: full - dealer - hand)."""
    ref = remove(full, *dealer, *hand)
    return reference_action(hand, dealer, ref, rules, post_split_actions(hand, split_ace, rules))


@lru_cache(maxsize=None)
def play_split_hand(hand: Tuple[int, ...], split_ace: bool, shoe: Shoe, dealer: Tuple[int, int],
                    full: Shoe, rules: DERules) -> Tuple[Tuple[Fraction, Settled, Shoe], ...]:
    """Every outcome of a split hand that has its two cards, played by the CDZ- rule and drawing
    from the real shoe `shoe`: tuple of (probability, settled hand, shoe after)."""
    total, _ = total_soft(hand)
    assert total <= 21
    action = split_decision(hand, split_ace, dealer, full, rules)
    if action == "stand":
        return ((Fraction(1), (total, 1), shoe),)
    out = []
    for v, p, rest in draws(shoe):
        nh = key(hand + (v,))
        if action == "double":
            out.append((p, settled(nh, 2), rest))
        elif total_soft(nh)[0] > 21:
            out.append((p, (0, 1), rest))
        else:
            for q, s, after in play_split_hand(nh, False, rest, dealer, full, rules):
                out.append((p * q, s, after))
    return tuple(out)


def may_resplit(card: int, pair: int, n_hands: int, rules: DERules) -> bool:
    return card == pair and n_hands < rules.max_split_hands and (pair != 1 or rules.resplit_aces)


# The settled hands of a split round enter its result only through the SUM of their payoffs
# against each final dealer outcome (settlement is hand by hand, additive): a vector indexed like
# DEALER_OUTCOMES.  _split_rest memoises on that vector instead of the list of hands (fewer
# states); split_value_literal keeps the explicit list and checks this.  When the dealer's two
# cards already stand, only that outcome's entry can matter and the others are zeroed.

@lru_cache(maxsize=None)
def payoff_vector(hand: Settled) -> Tuple[int, ...]:
    return tuple(hand_payoff(hand, o) for o in DEALER_OUTCOMES)


def _final_outcome(dealer: Tuple[int, int], rules: DERules):
    """The dealer's outcome if its two cards already stand, else None."""
    t, soft = total_soft(dealer)
    if t > 17 or (t == 17 and not (soft and rules.h17)):
        return t
    return None


@lru_cache(maxsize=None)
def _add(vec: Tuple[int, ...], hand: Settled, dealer: Tuple[int, int], rules: DERules) -> Tuple[int, ...]:
    out = tuple(a + b for a, b in zip(vec, payoff_vector(hand)))
    fin = _final_outcome(dealer, rules)
    if fin is not None:
        out = tuple(x if o == fin else 0 for x, o in zip(out, DEALER_OUTCOMES))
    return out


@lru_cache(maxsize=None)
def settle_vector(vec: Tuple[int, ...], dealer: Tuple[int, int], shoe: Shoe, rules: DERules) -> Fraction:
    """E[vec[dealer outcome]] over the dealer's draws from `shoe`.  A constant vector (every
    hand busted, the only way it is constant) needs no dealer draw."""
    if all(x == vec[0] for x in vec):
        return Fraction(vec[0])
    return sum((p * vec[DEALER_OUTCOMES.index(o)] for o, p in _dealer_final(dealer, shoe, rules.h17)),
               Fraction(0))


@lru_cache(maxsize=None)
def _split_rest(done: Tuple[int, ...], n_hands: int, n_todo: int, shoe: Shoe, pair: int,
                dealer: Tuple[int, int], full: Shoe, rules: DERules) -> Fraction:
    """Expected result of the rest of a split round: `done` = payoff vector of the hands settled
    so far, `n_hands` hands exist, `n_todo` of them hold only the pair card and wait for their
    turn (the first of them is about to get its second card)."""
    if n_todo == 0:
        return settle_vector(done, dealer, shoe, rules)
    u = Fraction(0)
    for v, p, rest in draws(shoe):
        if may_resplit(v, pair, n_hands, rules):
            u += p * _split_rest(done, n_hands + 1, n_todo + 1, rest, pair, dealer, full, rules)
            continue
        for q, s, after in play_split_hand(key((pair, v)), pair == 1, rest, dealer, full, rules):
            u += p * q * _split_rest(_add(done, s, dealer, rules), n_hands, n_todo - 1, after,
                                     pair, dealer, full, rules)
    return u


def split_value(pair: int, dealer, full: Shoe, rules: DERules) -> Fraction:
    """Exact value of splitting (pair, pair) v the dealer's two cards, all hands, per unit bet.
    `full` is the full shoe before the deal."""
    dealer = key(dealer)
    shoe0 = remove(full, *dealer, pair, pair)
    return _split_rest((0,) * len(DEALER_OUTCOMES), 2, 2, shoe0, pair, dealer, tuple(full), rules)


# --------------------------------------------------------------------------------- public API

def _check_deal(shoe: Shoe, player_cards, up: int, hole: int) -> Shoe:
    return remove(tuple(shoe), up, hole, *player_cards)


def hand_values(shoe: Shoe, player_cards, up: int, hole: int, rules: DERules) -> Dict[str, Fraction]:
    """Value of each allowed action (stand, hit, double, split) of the two-card (or longer,
    unsplit) hand `player_cards` v the dealer's `up`, `hole`.  `shoe` is the FULL shoe before the
    deal (player's and dealer's cards are removed here).  Naturals do not act: ValueError."""
    player_cards = tuple(player_cards)
    rest = _check_deal(shoe, player_cards, up, hole)
    dealer = key((up, hole))
    if is_natural(dealer):
        raise ValueError("dealer blackjack: the player does not act")
    if is_natural(player_cards):
        raise ValueError("player blackjack: the player does not act")
    if total_soft(player_cards)[0] > 21:
        raise ValueError("busted hand")
    h = key(player_cards)
    out = {"stand": V_stand(h, dealer, rest, rules), "hit": V_hit(h, dealer, rest, rules)}
    if len(h) == 2:
        if double_allowed(h, rules):
            out["double"] = V_double(h, dealer, rest, rules)
        if is_pair(h) and rules.max_split_hands >= 2:
            out["split"] = split_value(h[0], dealer, tuple(shoe), rules)
    return out


@lru_cache(maxsize=None)
def _round_value(player: Tuple[int, int], dealer: Tuple[int, int], shoe: Shoe, rules: DERules) -> Fraction:
    pbj, dbj = is_natural(player), is_natural(dealer)
    if dbj:
        if pbj:
            return rules.blackjack_pays if rules.tied_naturals == "win" else Fraction(0)
        return Fraction(-1)
    if pbj:
        return rules.blackjack_pays
    return max(hand_values(shoe, player, dealer[0], dealer[1], rules).values())


def round_value(shoe: Shoe, player_cards, up: int, hole: int, rules: DERules) -> Fraction:
    """EV of the round once the four cards are dealt (best play; naturals settled)."""
    _check_deal(shoe, player_cards, up, hole)
    return _round_value(key(player_cards), key((up, hole)), tuple(shoe), rules)


def dealer_hand_ev(shoe: Shoe, up: int, hole: int, rules: DERules) -> Fraction:
    """EV of a round given the dealer's two cards: the player's two cards are drawn (first, then
    second) from the shoe minus the dealer's cards; best play."""
    shoe = tuple(shoe)
    s0 = remove(shoe, up, hole)
    ev = Fraction(0)
    for c1, p1, s1 in draws(s0):
        for c2, p2, _ in draws(s1):
            ev += p1 * p2 * _round_value(key((c1, c2)), key((up, hole)), shoe, rules)
    return ev


def game_ev(shoe: Shoe, rules: DERules = DERules(), splits: bool = True) -> Fraction:
    """EV of a whole round per unit initial bet (house edge = -EV).  Deals the dealer's up card,
    hole card, then the player's two cards.  splits=False: same as max_split_hands=1."""
    if not splits:
        rules = replace(rules, max_split_hands=1)
    shoe = tuple(shoe)
    ev = Fraction(0)
    for up, p1, s1 in draws(shoe):
        for hole, p2, _ in draws(s1):
            ev += p1 * p2 * dealer_hand_ev(shoe, up, hole, rules)
    return ev


def game_ev_no_split(shoe: Shoe, rules: DERules = DERules()) -> Fraction:
    return game_ev(shoe, rules, splits=False)


def game_ev_player_first(shoe: Shoe, rules: DERules = DERules()) -> Fraction:
    """game_ev with the other dealing order: player's two cards, then up card, then hole card."""
    shoe = tuple(shoe)
    ev = Fraction(0)
    for c1, p1, s1 in draws(shoe):
        for c2, p2, s2 in draws(s1):
            for up, p3, s3 in draws(s2):
                for hole, p4, _ in draws(s3):
                    ev += p1 * p2 * p3 * p4 * round_value(shoe, (c1, c2), up, hole, rules)
    return ev


def game_ev_candidates(shoe: Shoe, rules: DERules = DERules()) -> set:
    """{game EV} if no post-split reference tie is met, else the game EV under each of the 6
    tie-break orders (applied to every split)."""
    try:
        return {game_ev(shoe, replace(rules, tie_order=None))}
    except StrategyTieError:
        return {game_ev(shoe, replace(rules, tie_order=tb)) for tb in TIE_BREAKS}


def p_natural_pairs(shoe: Shoe) -> Dict[Tuple[bool, bool], Fraction]:
    """P(player natural?, dealer natural?) for the deal."""
    shoe = tuple(shoe)
    out: Dict[Tuple[bool, bool], Fraction] = {}
    for up, p1, s1 in draws(shoe):
        for hole, p2, s2 in draws(s1):
            for c1, p3, s3 in draws(s2):
                for c2, p4, _ in draws(s3):
                    k = (is_natural((c1, c2)), is_natural((up, hole)))
                    out[k] = out.get(k, Fraction(0)) + p1 * p2 * p3 * p4
    return out


def clear_caches() -> None:
    for f in (_dealer_final, settle, settle_vector, payoff_vector, _add, V_stand, V_hit, V_double, reference_action,
              split_decision, play_split_hand, _split_rest, _round_value):
        f.cache_clear()


# --------------------------------------------------------------------------------- literal cross-checks
# No memo of any kind and the standard library's Fraction; card lists in dealing order.

PyF = fractions.Fraction


def _lit_draws(shoe) -> List[Tuple[int, PyF, Tuple[int, ...]]]:
    n = sum(shoe)
    if n == 0:
        raise EmptyShoeError("a literal path draws from an empty shoe")
    out = []
    for i, k in enumerate(shoe):
        if k:
            s = list(shoe)
            s[i] -= 1
            out.append((i + 1, PyF(k, n), tuple(s)))
    return out


def _lit_total(cards: List[int]) -> Tuple[int, bool]:
    hard = 0
    aces = 0
    for c in cards:
        hard += c
        aces += c == 1
    if aces and hard <= 11:
        return hard + 10, True
    return hard, False


def dealer_paths_literal(cards: List[int], shoe, h17: bool) -> List[Tuple[PyF, object]]:
    """Every sequence of dealer draws, as (probability, final total or "bust"), not merged."""
    t, soft = _lit_total(cards)
    if t > 21:
        return [(PyF(1), "bust")]
    if t >= 18 or (t == 17 and not (h17 and soft)):
        return [(PyF(1), t)]
    out = []
    for v, p, rest in _lit_draws(shoe):
        for q, o in dealer_paths_literal(cards + [v], rest, h17):
            out.append((p * q, o))
    return out


def _lit_settle(hands: List[Tuple[List[int], int]], dealer: List[int], shoe, rules: DERules) -> PyF:
    totals = [(_lit_total(c)[0], b) for c, b in hands]
    if all(t > 21 for t, _ in totals):
        return PyF(-sum(b for _, b in totals))
    r = PyF(0)
    for p, o in dealer_paths_literal(list(dealer), shoe, rules.h17):
        for t, b in totals:
            if t > 21:
                r -= p * b
            elif o == "bust" or t > o:
                r += p * b
            else:
                r -= p * b
    return r


def hand_values_literal(cards: List[int], dealer: List[int], shoe, rules: DERules) -> Dict[str, PyF]:
    """stand / hit / double values of an unsplit hand, `shoe` = exactly what is left."""
    out = {"stand": _lit_settle([(list(cards), 1)], dealer, shoe, rules)}
    u = PyF(0)
    for v, p, rest in _lit_draws(shoe):
        nc = list(cards) + [v]
        if _lit_total(nc)[0] > 21:
            u -= p
        else:
            vals = hand_values_literal(nc, dealer, rest, rules)
            u += p * max(vals["stand"], vals["hit"])
    out["hit"] = u
    if len(cards) == 2 and double_allowed(cards, rules):
        out["double"] = sum((p * _lit_settle([(list(cards) + [v], 2)], dealer, rest, rules)
                             for v, p, rest in _lit_draws(shoe)), PyF(0))
    return out


def game_ev_no_split_literal(shoe: Shoe, rules: DERules) -> PyF:
    """Split-free game EV, written independently of the memoised code (player acts first in the
    enumeration order: up, hole, player 1st, 2nd card)."""
    ev = PyF(0)
    bp = PyF(int(rules.blackjack_pays.numerator), int(rules.blackjack_pays.denominator))
    for up, p1, s1 in _lit_draws(tuple(shoe)):
        for hole, p2, s2 in _lit_draws(s1):
            for c1, p3, s3 in _lit_draws(s2):
                for c2, p4, s4 in _lit_draws(s3):
                    p = p1 * p2 * p3 * p4
                    dbj = sorted((up, hole)) == [1, 10]
                    pbj = sorted((c1, c2)) == [1, 10]
                    if dbj:
                        ev += p * ((bp if rules.tied_naturals == "win" else 0) if pbj else -1)
                    elif pbj:
                        ev += p * bp
                    else:
                        ev += p * max(hand_values_literal([c1, c2], [up, hole], s4, rules).values())
    return ev


def split_value_literal(pair: int, dealer, full: Shoe, rules: DERules) -> PyF:
    """split_value recomputed with an explicit list of hands played strictly in order, every card
    sequence enumerated, no memo of the round (decisions: the same CDZ- rule, split_decision)."""
    dealer = key(dealer)
    full = tuple(full)

    def play(cards: List[int], split_ace: bool, shoe, cont) -> PyF:
        a = split_decision(key(cards), split_ace and len(cards) == 2, dealer, full, rules)
        if a == "stand":
            return cont((cards, 1), shoe)
        u = PyF(0)
        for v, p, rest in _lit_draws(shoe):
            nc = cards + [v]
            if a == "double":
                u += p * cont((nc, 2), rest)
            elif _lit_total(nc)[0] > 21:
                u += p * cont((nc, 1), rest)
            else:
                u += p * play(nc, split_ace, rest, cont)
        return u

    def round_(hands: List[List[int]], results: list, i: int, shoe) -> PyF:
        if i == len(hands):
            return _lit_settle(results, list(dealer), shoe, rules)
        assert hands[i] == [pair]
        u = PyF(0)
        for v, p, rest in _lit_draws(shoe):
            if may_resplit(v, pair, len(hands), rules):
                u += p * round_(hands + [[pair]], results, i, rest)
            else:
                u += p * play([pair, v], pair == 1, rest,
                              lambda res, sh: round_(hands, results + [res], i + 1, sh))
        return u

    return round_([[pair], [pair]], [], 0, remove(full, *dealer, pair, pair))


if __name__ == "__main__":      # the figures of the brief
    import time
    shoes = {
        "C": make_shoe({1: 3, 6: 1, 7: 2, 8: 3, 9: 2, 10: 6}),
        "D": make_shoe({1: 2, 5: 1, 6: 1, 7: 1, 8: 4, 9: 1, 10: 6}),
        "E": make_shoe({1: 1, 2: 1, 4: 3, 5: 3, 6: 1, 7: 1, 8: 3, 9: 1, 10: 6}),
    }
    rules = {
        "a": DERules(),
        "b": DERules(h17=False, double="any", das=False, max_split_hands=2, tied_naturals="push"),
        "c": DERules(max_split_hands=1),
    }
    for sn, s in shoes.items():
        for rn, r in rules.items():
            t = time.time()
            try:
                ev = game_ev(s, r)
            except EmptyShoeError as e:
                print(f"{sn} ({sum(s)} cards) rules {rn}: EmptyShoeError ({e})")
                continue
            print(f"{sn} ({sum(s)} cards) rules {rn}: {ev} = {float(ev):.12f}  {time.time() - t:.1f}s")
