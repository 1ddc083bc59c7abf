"""Independent brute-force oracle for FREE BET BLACKJACK (exact rationals).

Written from shared/reference/VARIANTS.md (section 1) and the oracle brief only, WITHOUT
reading the engine in ``bjcalc/``.  Standalone: stdlib only (``fractions``, ``functools``,
``dataclasses``; ``oracles.Fraction``, gmpy2's faster mpq, where ``oracles`` is importable); it
imports nothing from bjcalc nor from the other oracles.  It copies the conventions of ``tests/oracles/brute_force.py`` (peek weighting, CDZ- post-split play,
splitting order) but none of its code.  Slow and literal on purpose.

Run ``python -m tests.oracles.brute_free_bet`` from the repository root for the self-test.

Shoe and dealing
----------------
* A shoe is a 10-tuple of counts, index ``v - 1`` for card value ``v`` (1 = ace, 10 = any
  ten-value card); ``make_shoe({1: 2, 10: 4, ...})`` builds one.  ``INFINITE`` is an infinite
  deck: every draw is 1/13 per value (4/13 for a ten), the shoe never changes.
* Every random card is drawn explicitly, one at a time, from what remains: the player's two
  cards and the up card (order player, player, up as in brute_force.deal_probabilities), then
  the player's draws in play order (split hands left to right), then the dealer's hole card,
  then the dealer's draws.  Drawing the hole card last is the same as dealing it first and
  peeking (exchangeability), provided every value is weighted by the peek indicator below.
  Drawing from an empty shoe raises :class:`EmptyShoeError` (never silently ignored): pick
  shoes large enough for every path (the self-test's shoes are).

Dealer
------
* Hits soft 17 (``h17=True``; ``h17=False`` stands on all 17s).  Peeks with an ace or ten up:
  a dealer natural ends the round before the player acts; the player loses only the
  original bet, or pushes with a natural of his own.  No insurance, no surrender.
* Dealer outcomes: 17..21, 22 (exactly 22, any number of cards), "bust" (23+), "blackjack".
  A dealer 22 PUSHES every player hand still in play (busted player hands still lose their
  money chips).  A player natural (two-card 21 of the unsplit hand) is paid
  ``blackjack_pays`` (3:2) against everything except a dealer natural (push), dealer 22
  included.  A two-card 21 made on a split hand is an ordinary 21 (not a natural).

Wagers (chips)
--------------
* A hand carries chips ``(m, f)``: m money chips, f free chips.  If the hand WINS it gets
  ``m + f``; on a PUSH 0; if it LOSES ``-m`` (a free chip is never lost).  The round's
  result is the sum over hands.  The original hand starts with one money chip; each split-off
  hand carries one chip of its own: FREE for every pair except ten-values (and except 4s
  when ``free_split_fours=False``, the 2012 launch rules), MONEY for ten-values (and those 4s).
* A double adds one chip and the hand takes exactly one card.  FREE double (a free chip) on
  a two-card HARD 9, 10 or 11 (with ``free_double_any_cards``: also on a hard 9-11 of three
  or more cards, i.e. after hitting); a PAID double (a money chip) on any other two-card hand
  (double any two, soft hands included).  On a hand eligible for the free double only
  the free double is offered: a paid double there gives the same cards and a money chip in
  place of a free one, i.e. it adds ``-1{loss}`` to the free double's payoff, so it is
  (weakly) dominated.  After hitting (hand of 3+ cards) only stand / hit (/ free double with
  ``free_double_any_cards``).  A hard 9-11 never contains an ace (the ace would count 11).
* ``das`` (default True: double after split) is a MONEY rule.  With ``das=False`` a hand made
  by splitting may NOT double for money on its first two cards (it stands or hits there); its
  FREE double on a two-card hard 9-11 stays (free doubles are not affected by das), and so
  does, with ``free_double_any_cards``, its free double on a hard 9-11 of three or more
  cards.  Split aces stand either way; unsplit hands are unaffected.

Splitting
---------
* Pairs are by VALUE (any two ten-values are a pair).  Split up to ``max_hands`` hands
  (default 4; ``max_hands=1`` disables splitting); resplits carry the same kind of chip as
  the first split (free, or money for tens / launch-rule 4s).  The original money chip stays
  with the first hand.  Aces: split, and resplit if ``resplit_aces``; one card to each split
  ace, no hitting or doubling of split aces (a split-ace hand always stands).  Any other
  split hand may hit, take its free double on a two-card hard 9-11, or else double for money
  (only with ``das``; with ``das=False`` no money double on a split hand).
* Order: hand 1 receives its second card; while that card is the pair card and fewer than
  ``max_hands`` hands exist (and, for aces, ``resplit_aces``), it is moved to a new hand
  (which gets its own chip) and hand 1 draws again — the player ALWAYS resplits when allowed.
  Then hand 1 is played out.  Then the next hand (same procedure: its second card, resplits,
  play), and so on; a resplit hand is placed right of the hand it came from, but all
  waiting hands hold just the pair card and the same kind of chip, so which one is played
  next does not matter.  Then the dealer.  The state (sum of the settled hands' payoff
  vectors, number of hands, number still waiting, shoe) is memoised; nothing else is shared
  between paths (no symmetry shortcuts).

Strategy
--------
* Unsplit hand: composition-dependent optimal.  Each decision maximises the hand's value
  (its chips: one money chip) given its cards and the up card, from the shoe = full shoe
  minus those cards.  The first decision compares stand, hit, double (free or paid) and
  split (when allowed).
* Post-split hands, CDZ-: every decision of a split hand (the first stand / hit / double,
  and every later stand / hit (/ free double) after hitting) is the action that maximises
  THAT HAND'S OWN chip set — money for hand 1, a free chip for a free-split hand, a money
  chip for a paid-split hand — for the same cards played as an ordinary single hand, from
  the reference shoe ``full - up - the hand's own cards`` (zero memory of the split or of the
  other hands, except that its two-card actions are those of a split hand: no money double
  with ``das=False``); "hit" there means hit, then continue optimally (for the same chip set) in
  the reference.  So a free hand maximises E[+1{win}] only (it hits more, e.g. 20 sometimes),
  and doubling it for money is valued as free chip + money chip.  The fixed rule is then
  applied to the real shoe.  Split aces have no decision.
* Ties (exactly equal values) among a hand's actions are broken in the order stand, hit,
  double (free or paid), split: the earlier wins.  A tie in unsplit play never changes a
  value; a tie in a CDZ- reference computation can change the realised value of a split
  (the rule is fixed in the reference, then applied to the real shoe), and any tie can
  change the free-chip count (Pot of Gold).
* Forced resplitting: because the player always resplits when allowed, a split can be worth
  less with more hands allowed (e.g. 5s, where a resplit gives up a free double on 10).
* All player-side quantities are computed as UNCONDITIONAL expectations
  ``U = E[payoff * w]``, w = 1{dealer has no natural} (the dealer-natural paths weigh 0).
  Since ``U = P(no BJ | node) * E[payoff | node, no BJ]`` with a factor common to every
  action at a node, maximising U is the decision of a player who knows the peek came up
  empty.  Conditioned values (what :func:`action_values` reports) are
  ``U / P(no dealer BJ | hand, up)``.

Public functions (exact Fractions; per unit original bet)
---------------------------------------------------------
* :class:`FBRules` — rules.
* :func:`action_values(hand, up, shoe, rules)` — {"stand", "hit", "double" | "free_double",
  "split"} for a two-card non-natural starting hand, CONDITIONED on no dealer natural;
  ``shoe`` is the full shoe BEFORE the hand and the up card are dealt.
* :func:`round_ev(hand, up, shoe, rules, conditioned=True)` — best action's value; a player
  natural gives ``blackjack_pays`` (conditioned).  ``conditioned=False`` includes the dealer
  natural: ``-P(BJ) + (1 - P(BJ)) * best`` (natural: ``(1 - P(BJ)) * 3/2``).
* :func:`game_ev(shoe, rules)` — the round's expectation over every deal, NOT conditioned.
* :func:`free_chips_distribution(shoe, rules)` — exact distribution of the number of free
  chips (free splits + free doubles) the player receives in a round, under the same play
  (root action chosen by the conditioned values with the tie order above; a dealer natural
  or a player natural gives 0).  Unconditional over all deals.
* :func:`pot_of_gold_ev(shoe, rules, pays)` — the Pot of Gold side bet's expectation per
  unit side bet: ``pays[k]`` to 1 for k free chips (7+ uses pays[7]); 0 free chips loses 1.
* :func:`split_literal` — the split enumerated with explicit hand lists (no memo of the
  round state); the self-test checks it equals the memoised :func:`split_parts`.
* :func:`net_distribution(shoe, rules)` — exact distribution {net: probability} of ONE
  ROUND's net result (sum over the round's hands of their chips' results, +3:2 for a player
  natural, -1 for a dealer natural found by the peek, 0 for natural v natural), over every
  deal, under the same play as :func:`game_ev` (root action ``best_action(_U_values)``, then
  play_hand / the CDZ- rule, forced resplits); its mean equals ``game_ev`` exactly.
  :func:`_net_distribution_literal` is the same without state compression (explicit hand
  lists, direct win / push / loss settlement), used as a cross-check.
* :func:`chart_ev(shoe, rules, chart)` — the round's expectation (over every deal, as
  game_ev) when the player follows a TOTAL-DEPENDENT chart
  ``{up: {"hits": {(total, soft): bool}, "two_card": {(total, soft): "play" | "double"},
  "pairs": {value: "stand" | "hit" | "double" | "split" | "play"}}}`` instead of the optimal
  play (semantics in its docstring: free double on a two-card hard 9-11 else money; after a
  hit, hit iff hits[(total, soft)] (missing: total < 17) and total < 21; split hands use
  two_card "double" / hits only, forced resplits, split aces stand; "split" is ignored with
  max_hands=1).  Its own memoised code (class ``_ChartEval``, state (hard sum, ace)), sharing
  with the optimal play only draws / dealer_dist / expect / hand_vector / split_chip /
  deal_probabilities / p_dealer_bj.  :func:`_chart_ev_literal` is the unmemoised
  cross-check (explicit hand lists); :func:`_optimal_total_chart` writes the optimal unsplit
  play (max_hands=1) as a chart where it can, reporting the cells where it cannot.
* ``FBRules.push_22`` is an extra switch (default True) that exists only for the self-test:
  ``push_22=False`` makes a dealer 22 an ordinary bust (for the ordinary-blackjack figures).

Self-test and figures
---------------------
``python -m tests.oracles.brute_free_bet`` (about 15 s, one core): deal probabilities sum to 1;
hand-checked values (16 v 10 with a dealer-22 push, a free double, a whole no-split game on
{10:4, 8, A} = 2/15); the WoO infinite-deck H17 12 v 4 figures, matched to 6 decimals (free
bet: stand -0.301161, hit -0.279823; with ``push_22=False``: -0.205850 / -0.213839); memoised
split == literal split on shoes with 3-4 of a value (das=False included); das=False: split
hands' actions, game_ev below das=True (shoes C, D); example figures.  ``--infinite`` adds the
infinite-deck game (about 70 s more): H17, 4 hands, CDZ- (= optimal per hand on an infinite
deck, apart from the forced resplits): -0.9937 % (default rules); -0.6208 % with the 2012
launch rules (no free split of 4s, free double on any hard 9-11), cf. Stephen How's 0.625 %
(6 decks, optimal play).  Tiny shoes can run out of cards on some path (e.g. a ten pair
resplit to 4 hands); such a computation raises EmptyShoeError — the self-test's shoes were
chosen so that no path does.
The self-test then runs :func:`_self_test_pmf` (about 80 s more; ``--pmf-only`` runs only
it): hand-checked round distributions; on shoes C, D, E (2 and 4 hands) and the infinite deck
(2 hands; 4 too with ``--infinite``) the distribution sums to 1 and its mean equals game_ev
exactly; on C and D it equals the literal enumeration.
The self-test ends with :func:`_self_test_chart` (about 30 s; ``--chart-only`` runs only it):
chart_ev hand-checked on tiny shoes (all stand 2/15, all hit -2/15, all double -2/5 on
{10:4, 8, A}; two split cases); on shoes C and D a no-split chart stays below game_ev and does
not depend on max_hands; memoised == literal (C, D; 2, 3, 4 hands; every entry kind); on the
infinite deck the optimal play is a chart and chart_ev == game_ev exactly (max_hands=1, H17 and
S17), and money-chip splits (tens, paid 4s) equal U_split exactly for every up card.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
try:
    from oracles import Fraction    # gmpy2's mpq: the same exact numbers, several times faster
except ImportError:                 # (run on its own, outside tests/)
    from fractions import Fraction
from functools import lru_cache
from typing import Dict, Iterator, Optional, Tuple

Shoe = Tuple[int, ...]
TEN = 10
INFINITE = "infinite"
_INF_P = {v: Fraction(4 if v == TEN else 1, 13) for v in range(1, 11)}

MONEY = (1, 0)
FREE = (0, 1)
NO_CHIPS = (0, 0)
# dealer outcomes a non-natural player hand is settled against (blackjack weighs 0: peek)
OUTCOMES = (17, 18, 19, 20, 21, 22, "bust")
ZERO_VEC = (0,) * len(OUTCOMES)
TIE_ORDER = ("stand", "hit", "double", "free_double", "split")
POT_OF_GOLD_PAYS = {1: 3, 2: 12, 3: 30, 4: 60, 5: 100, 6: 200, 7: 1000}


class EmptyShoeError(RuntimeError):
    """An enumerated path needed a card from an empty shoe."""


@dataclass(frozen=True)
class FBRules:
    h17: bool = True
    max_hands: int = 4
    resplit_aces: bool = True
    free_split_fours: bool = True
    free_double_any_cards: bool = False
    blackjack_pays: Fraction = Fraction(3, 2)
    das: bool = True              # double (for money) after split; free doubles always stay
    push_22: bool = True          # self-test switch only (False: dealer 22 is a bust)

    def __post_init__(self):
        assert 1 <= self.max_hands <= 4
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f) for f in self.__dataclass_fields__)))

    def __hash__(self):           # cached: rules are part of every memo key
        return self._hash


# ----------------------------------------------------------------------------- shoe / hands

def make_shoe(counts: Dict[int, int]) -> Shoe:
    s = [0] * 10
    for v, n in counts.items():
        if not 1 <= int(v) <= 10 or n < 0:
            raise ValueError(f"bad shoe entry {v}: {n}")
        s[int(v) - 1] += int(n)
    return tuple(s)


def remove(shoe, *cards: int):
    if shoe == INFINITE:
        return shoe
    s = list(shoe)
    for c in cards:
        if s[c - 1] <= 0:
            raise ValueError(f"card {c} is not in shoe {shoe}")
        s[c - 1] -= 1
    return tuple(s)


def draws(shoe) -> Iterator[Tuple[int, Fraction, object]]:
    """Every possible next card: (value, probability, shoe after)."""
    if shoe == INFINITE:
        for v in range(1, 11):
            yield v, _INF_P[v], shoe
        return
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
    s = sum(cards)
    if 1 in cards and s + 10 <= 21:
        return s + 10, True
    return s, False


def is_natural(cards) -> bool:
    return len(cards) == 2 and sorted(cards) == [1, TEN]


def key(cards) -> Tuple[int, ...]:
    return tuple(sorted(cards))


def hard_9_11(cards) -> bool:
    t, soft = total_soft(cards)
    return (not soft) and 9 <= t <= 11


def add(a, b):
    return (a[0] + b[0], a[1] + b[1])


# ----------------------------------------------------------------------------- dealer

@lru_cache(maxsize=None)
def _dealer_from(cards: Tuple[int, ...], shoe, h17: bool) -> Dict[object, Fraction]:
    if is_natural(cards):
        return {"blackjack": Fraction(1)}
    t, soft = total_soft(cards)
    if t > 22:
        return {"bust": Fraction(1)}
    if t == 22:
        return {22: Fraction(1)}
    if t > 17 or (t == 17 and not (soft and h17)):
        return {t: Fraction(1)}
    out: Dict[object, Fraction] = {}
    for v, p, rest in draws(shoe):
        for o, q in _dealer_from(key(cards + (v,)), rest, h17).items():
            out[o] = out.get(o, 0) + p * q
    return out


@lru_cache(maxsize=None)
def dealer_dist(up: int, shoe, h17: bool) -> Dict[object, Fraction]:
    """Dealer final outcome: hole card and draws from `shoe` (up card already removed)."""
    out: Dict[object, Fraction] = {}
    for v, p, rest in draws(shoe):
        for o, q in _dealer_from(key((up, v)), rest, h17).items():
            out[o] = out.get(o, 0) + p * q
    return out


def p_dealer_bj(up: int, shoe) -> Fraction:
    if shoe == INFINITE:
        return _INF_P[TEN] if up == 1 else (_INF_P[1] if up == TEN else Fraction(0))
    n = sum(shoe)
    if n == 0:
        raise EmptyShoeError("no hole card")
    if up == 1:
        return Fraction(shoe[TEN - 1], n)
    if up == TEN:
        return Fraction(shoe[0], n)
    return Fraction(0)


# ----------------------------------------------------------------------------- settlement

def hand_vector(total: Optional[int], chips, rules: FBRules) -> Tuple[int, ...]:
    """Payoff of one settled hand (total, None = busted) against each dealer outcome."""
    m, f = chips
    if total is None:
        return (-m,) * len(OUTCOMES)
    out = []
    for o in OUTCOMES:
        if o == "bust" or (o == 22 and not rules.push_22):
            out.append(m + f)
        elif o == 22:
            out.append(0)
        elif total > o:
            out.append(m + f)
        elif total < o:
            out.append(-m)
        else:
            out.append(0)
    return tuple(out)


def settled_vector(cards, chips, rules) -> Tuple[int, ...]:
    t, _ = total_soft(cards)
    return hand_vector(t if t <= 21 else None, chips, rules)


def vadd(a, b):
    return tuple(x + y for x, y in zip(a, b))


@lru_cache(maxsize=None)
def expect(vec: Tuple[int, ...], up: int, shoe, h17: bool) -> Fraction:
    """E[payoff * 1{no dealer BJ}] over the hole card and draws from `shoe`."""
    d = dealer_dist(up, shoe, h17)
    return sum((d.get(o, 0) * x for o, x in zip(OUTCOMES, vec) if x), Fraction(0))


# ----------------------------------------------------------------------------- single hand (U values)

def hand_actions(cards, split_ace: bool, rules: FBRules, split_hand: bool = False) -> Tuple[str, ...]:
    """Actions of a hand that is not split (split is handled at the root only).
    split_hand: the hand was made by splitting; with rules.das False it may not double for
    money on its two cards (its free double on a hard 9-11 stays)."""
    if split_ace:
        return ("stand",)
    if len(cards) == 2:
        if hard_9_11(cards):
            return ("stand", "hit", "free_double")
        if split_hand and not rules.das:
            return ("stand", "hit")
        return ("stand", "hit", "double")
    if rules.free_double_any_cards and hard_9_11(cards):
        return ("stand", "hit", "free_double")
    return ("stand", "hit")


@lru_cache(maxsize=None)
def U_stand(h, up, shoe, chips, rules) -> Fraction:
    return expect(settled_vector(h, chips, rules), up, shoe, rules.h17)


@lru_cache(maxsize=None)
def U_hit(h, up, shoe, chips, rules) -> Fraction:
    """Take one card, then continue optimally (for `chips`) from what is left."""
    u = Fraction(0)
    for v, p, rest in draws(shoe):
        new = key(h + (v,))
        if total_soft(new)[0] > 21:
            u += p * expect(hand_vector(None, chips, rules), up, rest, rules.h17)
        else:
            u += p * max(U_action(a, new, up, rest, chips, rules)
                         for a in hand_actions(new, False, rules))
    return u


@lru_cache(maxsize=None)
def U_double(h, up, shoe, chips, rules) -> Fraction:
    """chips = the hand's chips AFTER the double (the extra chip included)."""
    u = Fraction(0)
    for v, p, rest in draws(shoe):
        u += p * expect(settled_vector(h + (v,), chips, rules), up, rest, rules.h17)
    return u


def U_action(action, h, up, shoe, chips, rules) -> Fraction:
    if action == "stand":
        return U_stand(h, up, shoe, chips, rules)
    if action == "hit":
        return U_hit(h, up, shoe, chips, rules)
    if action == "double":
        return U_double(h, up, shoe, add(chips, MONEY), rules)
    if action == "free_double":
        return U_double(h, up, shoe, add(chips, FREE), rules)
    raise ValueError(action)


@lru_cache(maxsize=None)
def decide(h, up, ref_shoe, chips, split_ace, rules, split_hand=False) -> str:
    """Best action for `h` (played as a single hand with `chips`) from `ref_shoe`;
    ties: earlier in hand_actions' order (stand, hit, double) wins.  split_hand: `h` is a
    hand made by splitting (its two-card actions: no money double with das=False); after a
    hit the reference continues with an ordinary hand's actions (the same for a split hand
    of 3+ cards)."""
    acts = hand_actions(h, split_ace, rules, split_hand)
    if len(acts) == 1:
        return acts[0]
    best, best_a = None, None
    for a in acts:
        x = U_action(a, h, up, ref_shoe, chips, rules)
        if best is None or x > best:
            best, best_a = x, a
    return best_a


@lru_cache(maxsize=None)
def play_hand(h, shoe, up, full, chips, split_ace, rules, split_hand=False):
    """Every outcome of a hand holding `h` (>= 2 cards, not busted) played with the fixed
    rule 'decide from full - up - own cards' (CDZ-; for an unsplit hand this is the actual
    shoe, i.e. optimal play).  split_hand: a hand made by splitting (matters for its
    two-card decision only: das).  Returns {(payoff vector, shoe after, free doubles): prob}."""
    a = decide(h, up, remove(full, up, *h), chips, split_ace, rules, split_hand)
    out: Dict[tuple, Fraction] = {}
    if a == "stand":
        return {(settled_vector(h, chips, rules), shoe, 0): Fraction(1)}
    if a in ("double", "free_double"):
        c = add(chips, MONEY if a == "double" else FREE)
        nf = 1 if a == "free_double" else 0
        for v, p, rest in draws(shoe):
            k = (settled_vector(h + (v,), c, rules), rest, nf)
            out[k] = out.get(k, 0) + p
        return out
    for v, p, rest in draws(shoe):          # hit
        new = key(h + (v,))
        if total_soft(new)[0] > 21:
            k = (hand_vector(None, chips, rules), rest, 0)
            out[k] = out.get(k, 0) + p
        else:
            # 3+ cards: split_hand changes nothing (das concerns two-card hands only)
            for k, q in play_hand(new, rest, up, full, chips, False, rules, False).items():
                out[k] = out.get(k, 0) + p * q
    return out


# ----------------------------------------------------------------------------- splitting

def split_chip(p: int, rules: FBRules):
    if p == TEN or (p == 4 and not rules.free_split_fours):
        return MONEY
    return FREE


@lru_cache(maxsize=None)
def second_cards(p, shoe, n_hands, pending, rules):
    """The current hand (holding the pair card p) draws its second card, moving every
    resplittable card to a new hand.  {(second card, shoe, n_hands, pending): prob}."""
    out: Dict[tuple, Fraction] = {}
    can = n_hands < rules.max_hands and (p != 1 or rules.resplit_aces)
    for v, q, rest in draws(shoe):
        if v == p and can:
            for k, r in second_cards(p, rest, n_hands + 1, pending + 1, rules).items():
                out[k] = out.get(k, 0) + q * r
        else:
            k = (v, rest, n_hands, pending)
            out[k] = out.get(k, 0) + q
    return out


def _combine(acc, shift, prob, sub):
    for k, (u, w) in sub.items():
        a = acc.get(k + shift)
        acc[k + shift] = (u * prob, w * prob) if a is None else (a[0] + u * prob, a[1] + w * prob)


def _play_one(chips, vec, n_hands, pending, shoe, p, up, full, rules):
    """Play the current hand (holding p, with `chips`) and then the rest of the round.
    Returns {free chips received from here on: (U, W)} with U = E[payoff * w],
    W = E[w], w = 1{no dealer BJ}."""
    acc: Dict[int, tuple] = {}
    sc = split_chip(p, rules)
    for (c, s1, n2, pend2), q in second_cards(p, shoe, n_hands, pending, rules).items():
        new_free = (n2 - n_hands) if sc == FREE else 0
        for (hv, s2, fd), r in play_hand(key((p, c)), s1, up, full, chips, p == 1, rules, True).items():
            sub = _rest(vadd(vec, hv), n2, pend2, s2, p, up, full, rules)
            _combine(acc, new_free + fd, q * r, sub)
    return acc


@lru_cache(maxsize=None)
def _rest(vec, n_hands, pending, shoe, p, up, full, rules):
    if pending == 0:
        return {0: (expect(vec, up, shoe, rules.h17), 1 - p_dealer_bj(up, shoe))}
    return _play_one(split_chip(p, rules), vec, n_hands, pending - 1, shoe, p, up, full, rules)


def split_parts(p, up, full, rules):
    """{free chips in the round: (U, W)} for splitting (p, p) v up (full = shoe before the deal)."""
    shoe0 = remove(full, up, p, p)
    first = 1 if split_chip(p, rules) == FREE else 0
    acc: Dict[int, tuple] = {}
    _combine(acc, first, Fraction(1), _play_one(MONEY, ZERO_VEC, 2, 1, shoe0, p, up, full, rules))
    return acc


def split_literal(p, up, full, rules):
    """Cross-check of split_parts without the state compression: an explicit list of
    hands [cards, chips, finished], played left to right card by card (resplit hands
    inserted right of their hand), settled hand by hand against every dealer outcome by a
    direct win / push / loss comparison.  Shares only decide() (the CDZ- rule) and the
    dealer distribution with the main code.  {free chips: (U, W)}."""
    sc = split_chip(p, rules)
    acc: Dict[int, tuple] = {}

    def result(cards, chips, o):
        m, f = chips
        t, _ = total_soft(cards)
        if t > 21:
            return -m
        if o == "bust" or (o == 22 and not rules.push_22):
            return m + f
        if o == 22 or t == o:
            return 0
        return m + f if t > o else -m

    def finish(hands, shoe, prob, nfree):
        d = dealer_dist(up, shoe, rules.h17)
        u = sum((q * sum(result(c, ch, o) for c, ch, _ in hands)
                 for o, q in d.items() if o != "blackjack"), Fraction(0))
        w = 1 - d.get("blackjack", 0)
        a = acc.get(nfree, (0, 0))
        acc[nfree] = (a[0] + prob * u, a[1] + prob * w)

    def play(hands, i, shoe, prob, nfree):
        if i == len(hands):
            return finish(hands, shoe, prob, nfree)
        cards, chips, done = hands[i]
        if done or total_soft(cards)[0] > 21:
            return play(hands, i + 1, shoe, prob, nfree)
        if len(cards) == 1:
            for v, q, rest in draws(shoe):
                if v == p and len(hands) < rules.max_hands and (p != 1 or rules.resplit_aces):
                    new = hands[:i + 1] + [([p], sc, False)] + hands[i + 1:]
                    play(new, i, rest, prob * q, nfree + (sc == FREE))
                else:
                    new = hands[:i] + [(cards + [v], chips, False)] + hands[i + 1:]
                    play(new, i, rest, prob * q, nfree)
            return
        a = decide(key(cards), up, remove(full, up, *cards), chips, p == 1, rules, len(cards) == 2)
        if a == "stand":
            return play(hands[:i] + [(cards, chips, True)] + hands[i + 1:], i + 1, shoe, prob, nfree)
        for v, q, rest in draws(shoe):
            if a == "hit":
                new = hands[:i] + [(cards + [v], chips, False)] + hands[i + 1:]
                play(new, i, rest, prob * q, nfree)
            else:
                extra = FREE if a == "free_double" else MONEY
                new = hands[:i] + [(cards + [v], add(chips, extra), True)] + hands[i + 1:]
                play(new, i + 1, rest, prob * q, nfree + (a == "free_double"))

    play([([p], MONEY, False), ([p], sc, False)], 0, remove(full, up, p, p), Fraction(1), int(sc == FREE))
    return acc


def U_split(p, up, full, rules) -> Fraction:
    return sum((u for u, _ in split_parts(p, up, full, rules).values()), Fraction(0))


# ----------------------------------------------------------------------------- root decisions

def _U_values(hand, up, full, rules) -> Dict[str, Fraction]:
    hand = tuple(hand)
    assert len(hand) == 2 and not is_natural(hand)
    shoe = remove(full, up, *hand)
    h = key(hand)
    out = {a: U_action(a, h, up, shoe, MONEY, rules) for a in hand_actions(h, False, rules)}
    if hand[0] == hand[1] and rules.max_hands >= 2:
        out["split"] = U_split(hand[0], up, full, rules)
    return out


def action_values(hand, up, shoe, rules: FBRules = FBRules()) -> Dict[str, Fraction]:
    """Conditioned (no dealer BJ) values of the starting hand's actions; `shoe` = full shoe."""
    p_no = 1 - p_dealer_bj(up, remove(shoe, up, *hand))
    if p_no == 0:
        raise ZeroDivisionError("the dealer always has a natural here")
    return {a: u / p_no for a, u in _U_values(hand, up, shoe, rules).items()}


def best_action(values: Dict[str, Fraction]) -> str:
    best = max(values.values())
    return min((a for a, x in values.items() if x == best), key=TIE_ORDER.index)


def round_ev(hand, up, shoe, rules: FBRules = FBRules(), conditioned: bool = True) -> Fraction:
    hand = tuple(hand)
    pbj = p_dealer_bj(up, remove(shoe, up, *hand))
    if is_natural(hand):
        return Fraction(rules.blackjack_pays) if conditioned else (1 - pbj) * rules.blackjack_pays
    if pbj == 1:
        if conditioned:
            raise ZeroDivisionError("the dealer always has a natural here")
        return Fraction(-1)
    best = max(_U_values(hand, up, shoe, rules).values())     # = (1 - pbj) * conditioned best
    return best / (1 - pbj) if conditioned else -pbj + best


def deal_probabilities(full) -> Dict[Tuple[Tuple[int, int], int], Fraction]:
    """P(player's two cards (sorted), up card), dealing player, player, up."""
    out: Dict[tuple, Fraction] = {}
    for c1, p1, s1 in draws(full):
        for c2, p2, s2 in draws(s1):
            for u, p3, _ in draws(s2):
                k = (key((c1, c2)), u)
                out[k] = out.get(k, 0) + p1 * p2 * p3
    return out


def game_ev(shoe, rules: FBRules = FBRules()) -> Fraction:
    """Expected round result over every deal (dealer naturals included)."""
    return sum((p * round_ev(h, u, shoe, rules, conditioned=False)
                for (h, u), p in deal_probabilities(shoe).items()), Fraction(0))


# ----------------------------------------------------------------------------- free chips / Pot of Gold

def _deal_free_chips(hand, up, full, rules) -> Dict[int, Fraction]:
    """Distribution of the round's free chips for this deal (unconditional)."""
    shoe = remove(full, up, *hand)
    pbj = p_dealer_bj(up, shoe)
    if is_natural(hand) or pbj == 1:
        return {0: Fraction(1)}
    h = key(hand)
    a = best_action(_U_values(hand, up, full, rules))
    if a in ("stand", "double"):
        dist = {0: 1 - pbj}
    elif a == "free_double":
        dist = {1: 1 - pbj}
    elif a == "hit":
        dist = {}
        for v, p, rest in draws(shoe):
            new = key(h + (v,))
            if total_soft(new)[0] > 21:
                dist[0] = dist.get(0, 0) + p * (1 - p_dealer_bj(up, rest))
            else:
                for (_, s2, fd), q in play_hand(new, rest, up, full, MONEY, False, rules, False).items():
                    dist[fd] = dist.get(fd, 0) + p * q * (1 - p_dealer_bj(up, s2))
    else:
        dist = {k: w for k, (_, w) in split_parts(hand[0], up, full, rules).items()}
    assert sum(dist.values()) == 1 - pbj, (hand, up, dist, pbj)
    dist[0] = dist.get(0, 0) + pbj
    return dist


def free_chips_distribution(shoe, rules: FBRules = FBRules()) -> Dict[int, Fraction]:
    out: Dict[int, Fraction] = {}
    for (h, u), p in deal_probabilities(shoe).items():
        for k, q in _deal_free_chips(h, u, shoe, rules).items():
            out[k] = out.get(k, 0) + p * q
    return dict(sorted(out.items()))


def pot_of_gold_ev(shoe, rules: FBRules = FBRules(), pays=POT_OF_GOLD_PAYS) -> Fraction:
    ev = Fraction(0)
    for k, q in free_chips_distribution(shoe, rules).items():
        ev += q * (-1 if k == 0 else pays[min(k, 7)])
    return ev


def clear_caches() -> None:
    for f in (_dealer_from, dealer_dist, expect, U_stand, U_hit, U_double, decide, play_hand,
              second_cards, _rest, _net_rest):
        f.cache_clear()


# ----------------------------------------------------------------------------- round net distribution

_OUT_INDEX = {o: i for i, o in enumerate(OUTCOMES)}


def _settle_net(vec, up, shoe, rules, prob, acc) -> None:
    """Draw the hole card and the dealer's cards from `shoe`; add {net: prob} to acc.
    A dealer natural (possible only when the hole card is drawn last, see the module
    docstring) ends the round: the player loses the original bet only (-1)."""
    for o, q in dealer_dist(up, shoe, rules.h17).items():
        net = Fraction(-1) if o == "blackjack" else Fraction(vec[_OUT_INDEX[o]])
        acc[net] = acc.get(net, 0) + prob * q


def _unsplit_states(h, action, shoe, up, full, rules) -> Dict[tuple, Fraction]:
    """The unsplit hand h (two cards, one money chip) after its first `action`:
    {(payoff vector, shoe after): prob}; later decisions by play_hand (CDZ- = optimal)."""
    out: Dict[tuple, Fraction] = {}
    if action == "stand":
        return {(settled_vector(h, MONEY, rules), shoe): Fraction(1)}
    if action in ("double", "free_double"):
        chips = add(MONEY, MONEY if action == "double" else FREE)
        for v, p, rest in draws(shoe):
            k = (settled_vector(h + (v,), chips, rules), rest)
            out[k] = out.get(k, 0) + p
        return out
    assert action == "hit", action
    for v, p, rest in draws(shoe):
        new = key(h + (v,))
        if total_soft(new)[0] > 21:
            k = (hand_vector(None, MONEY, rules), rest)
            out[k] = out.get(k, 0) + p
        else:
            for (hv, s2, _), q in play_hand(new, rest, up, full, MONEY, False, rules, False).items():
                out[(hv, s2)] = out.get((hv, s2), 0) + p * q
    return out


def _net_play(chips, vec, n_hands, pending, shoe, p, up, full, rules) -> Dict[Fraction, Fraction]:
    """As _play_one, but {round net: prob} (dealer naturals included, at -1)."""
    acc: Dict[Fraction, Fraction] = {}
    for (c, s1, n2, pend2), q in second_cards(p, shoe, n_hands, pending, rules).items():
        for (hv, s2, _), r in play_hand(key((p, c)), s1, up, full, chips, p == 1, rules, True).items():
            for net, x in _net_rest(vadd(vec, hv), n2, pend2, s2, p, up, full, rules).items():
                acc[net] = acc.get(net, 0) + q * r * x
    return acc


@lru_cache(maxsize=None)
def _net_rest(vec, n_hands, pending, shoe, p, up, full, rules) -> Dict[Fraction, Fraction]:
    if pending == 0:
        acc: Dict[Fraction, Fraction] = {}
        _settle_net(vec, up, shoe, rules, Fraction(1), acc)
        return acc
    return _net_play(split_chip(p, rules), vec, n_hands, pending - 1, shoe, p, up, full, rules)


def _deal_net(hand, up, full, rules) -> Dict[Fraction, Fraction]:
    """{round net: prob} for the deal (hand, up), unconditional (dealer natural included)."""
    hand = tuple(hand)
    shoe = remove(full, up, *hand)
    pbj = p_dealer_bj(up, shoe)
    if is_natural(hand):
        return {Fraction(rules.blackjack_pays): 1 - pbj, Fraction(0): pbj}
    if pbj == 1:                                   # as round_ev: no decision is evaluated
        return {Fraction(-1): Fraction(1)}
    a = best_action(_U_values(hand, up, full, rules))
    acc: Dict[Fraction, Fraction] = {}
    if a == "split":
        p = hand[0]
        shoe0 = remove(full, up, p, p)
        for net, x in _net_play(MONEY, ZERO_VEC, 2, 1, shoe0, p, up, full, rules).items():
            acc[net] = acc.get(net, 0) + x
    else:
        for (vec, s), q in _unsplit_states(key(hand), a, shoe, up, full, rules).items():
            _settle_net(vec, up, s, rules, q, acc)
    return acc


def net_distribution(shoe, rules: FBRules = FBRules()) -> Dict[Fraction, Fraction]:
    """Exact distribution of ONE ROUND's net result (units of the initial bet) over every
    deal (deal_probabilities), under the play that game_ev values: the unsplit hand's first
    action best_action(_U_values(...)) (ties: TIE_ORDER), later decisions and split hands
    by decide() / play_hand (CDZ-), splitting as split_parts / split_literal (forced
    resplits, hand 1 keeps the money chip, split-off hands carry split_chip).  The net is
    the sum over the round's hands of their chips' results, +blackjack_pays for a player
    natural, -1 for a dealer natural (0 if the player has one too).
    Keys with non-zero probability only, sorted; the values sum to 1 and
    sum(net * prob) == game_ev(shoe, rules)."""
    out: Dict[Fraction, Fraction] = {}
    for (h, u), p in deal_probabilities(shoe).items():
        for net, q in _deal_net(h, u, shoe, rules).items():
            out[net] = out.get(net, 0) + p * q
    return {k: v for k, v in sorted(out.items()) if v != 0}


def _net_distribution_literal(shoe, rules: FBRules = FBRules()) -> Dict[Fraction, Fraction]:
    """Cross-check of net_distribution without any state compression: for every deal the
    whole round is enumerated card by card with an explicit list of hands [cards, chips,
    finished] (as split_literal: split hands left to right, a resplit hand inserted right of
    its hand), and each finished round is settled against every dealer outcome by a direct
    win / push / loss comparison.  Shares with the main code only the root choice
    (best_action(_U_values)), decide() (the CDZ- rule) and the dealer distribution."""
    out: Dict[Fraction, Fraction] = {}

    def result(cards, chips, o):
        m, f = chips
        t, _ = total_soft(cards)
        if t > 21:
            return -m
        if o == "bust" or (o == 22 and not rules.push_22):
            return m + f
        if o == 22 or t == o:
            return 0
        return m + f if t > o else -m

    for (hand, up), p_deal in deal_probabilities(shoe).items():
        full = shoe
        shoe1 = remove(full, up, *hand)
        pbj = p_dealer_bj(up, shoe1)
        acc: Dict[Fraction, Fraction] = {}

        def put(net, q):
            acc[Fraction(net)] = acc.get(Fraction(net), 0) + q

        if is_natural(hand):
            put(rules.blackjack_pays, 1 - pbj)
            put(0, pbj)
        elif pbj == 1:
            put(-1, Fraction(1))
        else:
            root = best_action(_U_values(hand, up, full, rules))
            pair = hand[0] if root == "split" else None
            sc = split_chip(pair, rules) if pair else None

            def finish(hands, s, prob):
                for o, q in dealer_dist(up, s, rules.h17).items():
                    if o == "blackjack":
                        put(-1, prob * q)
                    else:
                        put(sum(result(c, ch, o) for c, ch, _ in hands), prob * q)

            def play(hands, i, s, prob):
                if i == len(hands):
                    return finish(hands, s, prob)
                cards, chips, done = hands[i]
                if done or total_soft(cards)[0] > 21:
                    return play(hands, i + 1, s, prob)
                if len(cards) == 1:                       # a split hand's second card
                    for v, q, rest in draws(s):
                        if v == pair and len(hands) < rules.max_hands and (pair != 1 or rules.resplit_aces):
                            new = hands[:i + 1] + [([pair], sc, False)] + hands[i + 1:]
                        else:
                            new = hands[:i] + [(cards + [v], chips, False)] + hands[i + 1:]
                        play(new, i, rest, prob * q)
                    return
                if pair is None and len(cards) == 2:      # the unsplit hand's first decision
                    a = root
                else:
                    a = decide(key(cards), up, remove(full, up, *cards), chips, pair == 1, rules,
                               pair is not None and len(cards) == 2)
                if a == "stand":
                    return play(hands[:i] + [(cards, chips, True)] + hands[i + 1:], i + 1, s, prob)
                for v, q, rest in draws(s):
                    if a == "hit":
                        new = hands[:i] + [(cards + [v], chips, False)] + hands[i + 1:]
                        play(new, i, rest, prob * q)
                    else:
                        extra = FREE if a == "free_double" else MONEY
                        new = hands[:i] + [(cards + [v], add(chips, extra), True)] + hands[i + 1:]
                        play(new, i + 1, rest, prob * q)

            if pair is not None:
                play([([pair], MONEY, False), ([pair], sc, False)], 0,
                     remove(full, up, pair, pair), Fraction(1))
            else:
                play([(list(hand), MONEY, False)], 0, shoe1, Fraction(1))
        assert sum(acc.values()) == 1, (hand, up)
        for net, q in acc.items():
            out[net] = out.get(net, 0) + p_deal * q
    return {k: v for k, v in sorted(out.items()) if v != 0}


# ----------------------------------------------------------------------------- fixed total-dependent chart

CHART_TWO_CARD = ("play", "double")
CHART_PAIR = ("stand", "hit", "double", "split", "play")


def _chart_norm(chart) -> Dict[int, tuple]:
    """Validate a chart; {up: (hits, two_card, pairs)} as plain dict copies.  A missing up
    card gets the defaults (hit below 17, "play", no pair entries)."""
    out = {}
    for up in chart:
        if not isinstance(up, int) or not 1 <= up <= 10:
            raise ValueError(f"chart: bad up card {up!r}")
    for up in range(1, 11):
        e = chart.get(up, {})
        bad = set(e) - {"hits", "two_card", "pairs"}
        if bad:
            raise ValueError(f"chart[{up}]: unknown keys {bad}")
        hits, two, pairs = dict(e.get("hits", {})), dict(e.get("two_card", {})), dict(e.get("pairs", {}))
        for k, x in hits.items():
            if not (isinstance(k, tuple) and len(k) == 2 and isinstance(k[0], int)
                    and isinstance(k[1], bool) and isinstance(x, bool)):
                raise ValueError(f"chart[{up}]['hits']: bad entry {k!r}: {x!r}")
        for k, x in two.items():
            if not (isinstance(k, tuple) and len(k) == 2 and isinstance(k[0], int)
                    and isinstance(k[1], bool) and x in CHART_TWO_CARD):
                raise ValueError(f"chart[{up}]['two_card']: bad entry {k!r}: {x!r}")
        for k, x in pairs.items():
            if not (isinstance(k, int) and 1 <= k <= 10 and x in CHART_PAIR):
                raise ValueError(f"chart[{up}]['pairs']: bad entry {k!r}: {x!r}")
        out[up] = (hits, two, pairs)
    return out


def _ts(hard: int, ace: bool) -> Tuple[int, bool]:
    """(best total, soft) of a hand given its hard sum (aces as 1) and whether it holds an ace."""
    if ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


class _ChartEval:
    """One chart under one set of rules.  A hand is tracked by (hard sum, holds an ace):
    every chart decision depends on the best total and softness only.  Memo dicts live in
    the instance (a chart is not hashable); the dealer and the settlement use the shared
    dealer_dist / expect caches.  All values are U = E[payoff * 1{no dealer natural}]."""

    def __init__(self, chart, rules: FBRules):
        self.c = _chart_norm(chart)
        self.r = rules
        self._play_memo: Dict[tuple, dict] = {}
        self._second_memo: Dict[tuple, dict] = {}
        self._rest_memo: Dict[tuple, Fraction] = {}

    # -- a single hand
    def hits(self, up, t, soft) -> bool:
        """After a hit (or a "play" start): hit iff the chart says so and the total is < 21."""
        return t < 21 and self.c[up][0].get((t, soft), t < 17)

    def play(self, up, hard, ace, shoe) -> Dict[tuple, Fraction]:
        """The hand (not busted) played by "hits" from here: {(final total | None (bust),
        shoe after): prob}."""
        k = (up, hard, ace, shoe)
        got = self._play_memo.get(k)
        if got is not None:
            return got
        t, soft = _ts(hard, ace)
        if not self.hits(up, t, soft):
            out = {(t, shoe): Fraction(1)}
        else:
            out = {}
            for v, p, rest in draws(shoe):
                for kk, q in self._after_card(up, hard + v, ace or v == 1, rest, True).items():
                    out[kk] = out.get(kk, 0) + p * q
        self._play_memo[k] = out
        return out

    def _after_card(self, up, hard, ace, shoe, go_on) -> Dict[tuple, Fraction]:
        """A card has just been added: bust, or (go_on) play on by "hits", or stand."""
        if hard > 21:
            return {(None, shoe): Fraction(1)}
        if go_on:
            return self.play(up, hard, ace, shoe)
        return {(_ts(hard, ace)[0], shoe): Fraction(1)}

    def one_card(self, up, hard, ace, shoe) -> Dict[tuple, Fraction]:
        """Double: exactly one card, then stand."""
        out: Dict[tuple, Fraction] = {}
        for v, p, rest in draws(shoe):
            for kk, q in self._after_card(up, hard + v, ace or v == 1, rest, False).items():
                out[kk] = out.get(kk, 0) + p * q
        return out

    def _settle(self, outs, chips, up) -> Fraction:
        r = self.r
        return sum((q * expect(hand_vector(t, chips, r), up, s, r.h17) for (t, s), q in outs.items()),
                   Fraction(0))

    @staticmethod
    def _double_chips(chips, hard, ace):
        t, soft = _ts(hard, ace)
        return add(chips, FREE if (not soft and 9 <= t <= 11) else MONEY)

    # -- the unsplit hand's first decision
    def first_action(self, hand, up) -> str:
        a, b = hand
        hard, ace = a + b, (a == 1 or b == 1)
        _, two, pairs = self.c[up]
        if a == b and a in pairs:
            act = pairs[a]
            if act != "split" or self.r.max_hands >= 2:
                return act
            # "split" with max_hands == 1: splitting is not allowed; the pair plays as a
            # two-card hand of its total (as if it had no pairs entry)
        return "double" if two.get(_ts(hard, ace), "play") == "double" else "play"

    def deal_U(self, hand, up, full) -> Fraction:
        """U of the unsplit, non-natural two-card hand `hand` v `up` (full = shoe before the deal)."""
        hand = tuple(hand)
        shoe = remove(full, up, *hand)
        hard, ace = sum(hand), 1 in hand
        act = self.first_action(hand, up)
        chips = MONEY
        if act == "split":
            return self.split_U(hand[0], up, full)
        if act == "stand":
            outs = {(_ts(hard, ace)[0], shoe): Fraction(1)}
        elif act == "play":
            outs = self.play(up, hard, ace, shoe)
        elif act == "hit":
            outs = {}
            for v, p, rest in draws(shoe):
                for kk, q in self._after_card(up, hard + v, ace or v == 1, rest, True).items():
                    outs[kk] = outs.get(kk, 0) + p * q
        elif act == "double":
            chips = self._double_chips(MONEY, hard, ace)
            outs = self.one_card(up, hard, ace, shoe)
        else:
            raise AssertionError(act)
        return self._settle(outs, chips, up)

    # -- splitting (forced resplits; hand 1 money, split-off hands split_chip)
    def _second(self, p, shoe, n_hands, pending) -> Dict[tuple, Fraction]:
        """The current split hand (holding p) draws its second card; every p drawn while
        fewer than max_hands hands exist (aces: only if resplit_aces) starts a new waiting
        hand.  {(second card, shoe, n_hands, pending): prob}."""
        k = (p, shoe, n_hands, pending)
        got = self._second_memo.get(k)
        if got is not None:
            return got
        out: Dict[tuple, Fraction] = {}
        for v, q, rest in draws(shoe):
            if v == p and n_hands < self.r.max_hands and (p != 1 or self.r.resplit_aces):
                for kk, x in self._second(p, rest, n_hands + 1, pending + 1).items():
                    out[kk] = out.get(kk, 0) + q * x
            else:
                kk = (v, rest, n_hands, pending)
                out[kk] = out.get(kk, 0) + q
        self._second_memo[k] = out
        return out

    def _hand(self, p, up, chips, vec, n_hands, pending, shoe) -> Fraction:
        """Play the current split hand (pair card p, `chips`), then the waiting hands, then
        settle.  vec = sum of the finished hands' payoff vectors."""
        two = self.c[up][1]
        u = Fraction(0)
        for (c, s1, n2, pend2), q in self._second(p, shoe, n_hands, pending).items():
            hard, ace = p + c, (p == 1 or c == 1)
            ch = chips
            t, soft = _ts(hard, ace)
            if p == 1:                                     # split aces: one card, stand
                outs = {(t, s1): Fraction(1)}
            elif two.get((t, soft), "play") == "double" and (self.r.das or (not soft and 9 <= t <= 11)):
                ch = self._double_chips(chips, hard, ace)
                outs = self.one_card(up, hard, ace, s1)
            else:
                outs = self.play(up, hard, ace, s1)
            for (t, s2), r in outs.items():
                u += q * r * self._rest(p, up, vadd(vec, hand_vector(t, ch, self.r)), n2, pend2, s2)
        return u

    def _rest(self, p, up, vec, n_hands, pending, shoe) -> Fraction:
        k = (p, up, vec, n_hands, pending, shoe)
        got = self._rest_memo.get(k)
        if got is None:
            if pending == 0:
                got = expect(vec, up, shoe, self.r.h17)
            else:
                got = self._hand(p, up, split_chip(p, self.r), vec, n_hands, pending - 1, shoe)
            self._rest_memo[k] = got
        return got

    def split_U(self, p, up, full) -> Fraction:
        assert self.r.max_hands >= 2
        return self._hand(p, up, MONEY, ZERO_VEC, 2, 1, remove(full, up, p, p))

    # -- the round
    def round_value(self, hand, up, full) -> Fraction:
        """Unconditional round value of the deal (as round_ev(..., conditioned=False))."""
        hand = tuple(hand)
        pbj = p_dealer_bj(up, remove(full, up, *hand))
        if is_natural(hand):
            return (1 - pbj) * Fraction(self.r.blackjack_pays)
        if pbj == 1:
            return Fraction(-1)
        return -pbj + self.deal_U(hand, up, full)


def chart_ev(shoe, rules: FBRules, chart: dict) -> Fraction:
    """Exact expected result of one round (per unit original bet, over every deal as
    game_ev: dealer naturals found by the peek at -1, 0 against a player natural; player
    naturals paid blackjack_pays) when the player follows the TOTAL-DEPENDENT `chart`:

        chart = {up: {"hits": {(total, soft): bool}, "two_card": {(total, soft): "play" | "double"},
                      "pairs": {pair value: "stand" | "hit" | "double" | "split" | "play"}}}

    * Unsplit two cards, not a pair or a pair without a "pairs" entry: two_card "double"
      (a FREE double on a hard 9-11, else a money double; one card, stand) or "play"
      (missing = "play"): hit or stand by "hits", card by card.
    * A pair with a "pairs" entry: stand; hit (one card, then by "hits"); double; split;
      play (by "hits" from the two cards).  "split" with max_hands == 1 is ignored (the pair
      plays as a two-card hand of its total).
    * "hits": hit iff hits[(total, soft)] (missing: total < 17) and total < 21.
    * Split hands (forced resplits as in the optimal-play code; hand 1 keeps the money
      chip, split-off hands carry split_chip): two_card "double" -> double (free on hard
      9-11, else money; with rules.das False a money double is not allowed there and the
      hand plays by "hits" instead) unless split aces; else by "hits"; split aces stand on
      two cards.
      "pairs" is never consulted for a split hand.
    * No double after hitting (the chart has no such entry, free_double_any_cards is not used).
    """
    ev = _ChartEval(chart, rules)
    return sum((p * ev.round_value(h, u, shoe) for (h, u), p in deal_probabilities(shoe).items()),
               Fraction(0))


def _chart_ev_literal(shoe, rules: FBRules, chart: dict) -> Fraction:
    """Cross-check of chart_ev with no state compression and its own decision code: every
    deal's round is enumerated card by card with an explicit list of hands
    [cards, chips, state] (split hands left to right, a resplit hand inserted right of its
    hand, forced resplits), the chart read through plain lookups on total_soft(cards), and
    each round settled by a direct win / push / loss comparison against every dealer
    outcome (dealer natural: -1).  Shares only deal_probabilities, draws, dealer_dist,
    total_soft, p_dealer_bj and split_chip with the rest of the module."""
    _chart_norm(chart)                                     # validation only
    F = Fraction

    def entry(up, name):
        return chart.get(up, {}).get(name, {})

    def result(cards, chips, o):
        m, f = chips
        t, _ = total_soft(cards)
        if t > 21:
            return -m
        if o == "bust" or (o == 22 and not rules.push_22):
            return m + f
        if o == 22 or t == o:
            return 0
        return m + f if t > o else -m

    total = F(0)
    for (hand, up), p_deal in deal_probabilities(shoe).items():
        hand = list(hand)
        shoe1 = remove(shoe, up, *hand)
        pbj = p_dealer_bj(up, shoe1)
        if sorted(hand) == [1, 10]:
            total += p_deal * (1 - pbj) * F(rules.blackjack_pays)
            continue
        if pbj == 1:
            total += p_deal * -1
            continue
        acc = [F(0)]

        def finish(hands, s, prob):
            for o, q in dealer_dist(up, s, rules.h17).items():
                net = -1 if o == "blackjack" else sum(result(c, ch, o) for c, ch, _ in hands)
                acc[0] += prob * q * net

        def set_hand(hands, i, h):
            return hands[:i] + [h] + hands[i + 1:]

        def play(hands, i, s, prob, pair):
            if i == len(hands):
                return finish(hands, s, prob)
            cards, chips, st = hands[i]
            t, soft = total_soft(cards)
            if st == "done" or t > 21:
                return play(hands, i + 1, s, prob, pair)
            if len(cards) == 1:                            # a split hand's second card
                for v, q, rest in draws(s):
                    if v == pair and len(hands) < rules.max_hands and (pair != 1 or rules.resplit_aces):
                        new = hands[:i + 1] + [([pair], split_chip(pair, rules), "split")] + hands[i + 1:]
                    else:
                        new = set_hand(hands, i, (cards + [v], chips, "split"))
                    play(new, i, rest, prob * q, pair)
                return
            if st == "root":
                pe = entry(up, "pairs")
                a = None
                if cards[0] == cards[1] and cards[0] in pe:
                    a = pe[cards[0]]
                    if a == "split" and rules.max_hands < 2:
                        a = None
                if a is None:
                    a = "double" if entry(up, "two_card").get((t, soft)) == "double" else "play"
            elif st == "split":
                if pair == 1:
                    a = "stand"
                elif (entry(up, "two_card").get((t, soft)) == "double"
                      and (rules.das or (not soft and 9 <= t <= 11))):
                    a = "double"
                else:
                    a = "play"
            else:
                assert st == "hits"
                a = "play"
            if a == "play":
                a = "hit" if (t < 21 and entry(up, "hits").get((t, soft), t < 17)) else "stand"
            if a == "split":
                pc = cards[0]
                return play([([pc], MONEY, "split"), ([pc], split_chip(pc, rules), "split")],
                            0, s, prob, pc)
            if a == "stand":
                return play(set_hand(hands, i, (cards, chips, "done")), i + 1, s, prob, pair)
            if a == "double":
                extra = FREE if (not soft and 9 <= t <= 11) else MONEY
                chips = (chips[0] + extra[0], chips[1] + extra[1])
            for v, q, rest in draws(s):
                nxt = "done" if a == "double" else "hits"
                play(set_hand(hands, i, (cards + [v], chips, nxt)), i, rest, prob * q, pair)

        play([(hand, MONEY, "root")], 0, shoe1, F(1), None)
        total += p_deal * acc[0]
    return total


def _optimal_total_chart(shoe, rules: FBRules):
    """Try to write the oracle's OPTIMAL unsplit play (rules.max_hands == 1) as a
    total-dependent chart.  Every decision node the optimal play can reach (children of a
    node are explored whenever hitting is among its optimal actions) contributes the set of
    chart entries that realise one of its optimal actions (exact ties all count); a chart is
    built from the intersections.  Returns (chart, conflicts): with no conflicts the chart
    plays an optimal action at every node it reaches, so chart_ev must equal game_ev."""
    assert rules.max_hands == 1 and not rules.free_double_any_cards
    hits_ok: Dict[tuple, set] = {}      # (up, total, soft) -> allowed hits values
    two_ok: Dict[tuple, set] = {}       # (up, total, soft) -> allowed (two_card, hits) combos
    pair_ok: Dict[tuple, set] = {}      # (up, pair value) -> allowed pairs entries
    seen = set()

    def opt(h, up, s):
        vals = {a: U_action(a, h, up, s, MONEY, rules) for a in hand_actions(h, False, rules)}
        best = max(vals.values())
        return {a for a, x in vals.items() if x == best}

    def meet(d, k, allowed):
        d[k] = d[k] & allowed if k in d else set(allowed)

    def children(h, up, s):
        for v, _, rest in draws(s):
            new = key(h + (v,))
            if total_soft(new)[0] <= 21:
                multi(new, up, rest)

    def multi(h, up, s):
        if (h, up, s) in seen:
            return
        seen.add((h, up, s))
        t, soft = total_soft(h)
        best = opt(h, up, s)
        meet(hits_ok, (up, t, soft), ({False} if "stand" in best else set())
             | ({True} if "hit" in best and t < 21 else set()))
        if "hit" in best:
            children(h, up, s)

    for (hand, up), _ in deal_probabilities(shoe).items():
        s = remove(shoe, up, *hand)
        if is_natural(hand) or p_dealer_bj(up, s) == 1:
            continue
        h = key(hand)
        t, soft = total_soft(h)
        best = opt(h, up, s)
        dbl = bool(best & {"double", "free_double"})
        if h[0] == h[1]:
            meet(pair_ok, (up, h[0]), {a for a in ("stand", "hit") if a in best} | ({"double"} if dbl else set()))
        else:
            meet(two_ok, (up, t, soft), ({("double", None)} if dbl else set())
                 | ({("play", False)} if "stand" in best else set())
                 | ({("play", True)} if "hit" in best else set()))
        if "hit" in best:
            children(h, up, s)

    chart = {up: {"hits": {}, "two_card": {}, "pairs": {}} for up in range(1, 11)}
    conflicts = []
    for (up, t, soft), combos in sorted(two_ok.items()):
        if ("double", None) in combos:
            chart[up]["two_card"][(t, soft)] = "double"
            continue
        ok = [b for _, b in combos if b in hits_ok.get((up, t, soft), {True, False})]
        if not ok:
            conflicts.append(("two_card", up, t, soft, combos, hits_ok.get((up, t, soft))))
            continue
        hits_ok[(up, t, soft)] = {ok[0]}
    for (up, t, soft), allowed in sorted(hits_ok.items()):
        if not allowed:
            conflicts.append(("hits", up, t, soft))
            continue
        chart[up]["hits"][(t, soft)] = (t < 17) if (t < 17) in allowed else (not (t < 17))
    for (up, v), allowed in sorted(pair_ok.items()):
        if not allowed:
            conflicts.append(("pairs", up, v))
            continue
        chart[up]["pairs"][v] = min(allowed, key=("stand", "hit", "double").index)
    return chart, conflicts


def _simple_chart(hit_below: int = 17, hit_all: bool = False, two_card: str = "play", pairs=None):
    """A chart with explicit entries for every (total, soft): hit below `hit_below` (or on
    everything below 21 with hit_all), the same two_card entry everywhere, and `pairs`
    ({value: entry}) for every up card."""
    hits = {(t, s): (hit_all or t < hit_below) for t in range(2, 22) for s in (False, True)}
    tc = {(t, s): two_card for t in range(2, 22) for s in (False, True)}
    return {up: {"hits": dict(hits), "two_card": dict(tc), "pairs": dict(pairs or {})}
            for up in range(1, 11)}


# ----------------------------------------------------------------------------- self-test

def _self_test(infinite: bool = False) -> None:
    t0 = time.time()
    F = Fraction
    R = FBRules()

    # (1) deal probabilities sum to 1
    tiny = make_shoe({1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 1, 7: 1, 8: 2, 9: 1, 10: 4})
    for s in (tiny, make_shoe({10: 5, 9: 1}), INFINITE):
        assert sum(deal_probabilities(s).values()) == 1
    print("(1) deal probabilities sum to 1: ok")

    # (2) hand-checked cases
    # (a) 16 v 10, shoe {10:3, 7, 6, 5}: left {10, 7, 5}.  Stand: hole 10 or 7 -> lose (2/3);
    #     hole 5 -> 15, draws 10 (25, bust: win) or 7 (22: push) -> -2/3 + 1/6 = -1/2.
    #     Hit: 10 or 7 bust (-2/3); 5 -> 21, stands, dealer 20 or 17 -> win: -1/3.  Double: -2/3.
    s = make_shoe({10: 3, 7: 1, 6: 1, 5: 1})
    assert action_values((10, 6), 10, s, R) == {"stand": F(-1, 2), "hit": F(-1, 3), "double": F(-2, 3)}
    # a free chip on the same 16: stand wins 1/6, hit wins 1/3
    left = remove(s, 10, 10, 6)
    assert U_stand((6, 10), 10, left, FREE, R) == F(1, 6) and U_hit((6, 10), 10, left, FREE, R) == F(1, 3)
    # (b) 9 v 10, shoe {10:3, 5, 4, 7}: left {10, 10, 7}.  Stand: -1.  Hit: 10 -> 19, stand:
    #     dealer 20 / 17 -> 0; 7 -> 16, dealer 20 -> -1: -1/3.  Free double: 19 -> (-1 + 2)/2 = 1/2
    #     (money + free chip), 16 -> -1 (money only): 2/3 * 1/2 - 1/3 = 0.
    s = make_shoe({10: 3, 5: 1, 4: 1, 7: 1})
    assert action_values((5, 4), 10, s, R) == {"stand": F(-1), "hit": F(-1, 3), "free_double": F(0)}
    # (c) game, shoe {10:4, 8, A}, no splitting (max_hands=1), unconditioned (dealer BJ -1):
    #     TT v T  1/5: hole A -1, T push, 8 (18) win        -> 0
    #     TT v 8  1/10: dealer 18 or soft 19                  -> +1
    #     TT v A  1/10: hole T (2/3) BJ; 8 -> soft 19 < 20    -> -1/3
    #     T8 v T  1/5: hole A BJ, else dealer 20 (hit: A -> 19 still loses) -> -1
    #     T8 v A  1/15: hole is a ten                         -> -1
    #     TA v T  1/5, TA v 8  1/15: naturals, no dealer BJ   -> +3/2
    #     8A v T  1/15: soft 19 v 20 (hit / double no help)   -> -1
    #     total 1/10 - 1/30 - 1/5 - 1/15 + 3/10 + 1/10 - 1/15 = 2/15
    assert game_ev(make_shoe({10: 4, 8: 1, 1: 1}), FBRules(max_hands=1)) == F(2, 15)
    assert round_ev((1, 10), 8, make_shoe({10: 4, 8: 1, 1: 1}), R) == F(3, 2)
    print("(2) hand-checked cases: ok")

    # (3) infinite deck, H17, 12 v 4 (Wizard of Odds: free bet -0.301161 / -0.279823,
    #     ordinary -0.205850 / -0.213839)
    for name, rules, want in (("free bet", R, (-0.301161, -0.279823)),
                              ("ordinary", FBRules(push_22=False), (-0.205850, -0.213839))):
        v = action_values((10, 2), 4, INFINITE, rules)
        got = (float(v["stand"]), float(v["hit"]))
        ok = all(round(g, 6) == w for g, w in zip(got, want))
        print(f"(3) infinite deck 12 v 4 {name}: stand {got[0]:.6f} hit {got[1]:.6f} "
              f"(published {want[0]} / {want[1]}): {'ok' if ok else 'MISMATCH'}")
        assert ok

    # (4) the memoised split enumeration equals the literal one (explicit hand lists);
    #     shoes with 3-4 of a value, so that resplits to 3 and 4 hands happen
    shoe_a = make_shoe({1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 1, 7: 1, 8: 2, 9: 1, 10: 2})
    shoe_c = make_shoe({1: 3, 6: 1, 7: 2, 8: 3, 9: 2, 10: 6})
    shoe_d = make_shoe({1: 2, 5: 1, 6: 1, 7: 1, 8: 4, 9: 1, 10: 6})
    n = 0
    for rules in (R, FBRules(max_hands=2), FBRules(free_split_fours=False, resplit_aces=False,
                                                   free_double_any_cards=True, h17=False),
                  FBRules(das=False)):
        for sh, p, up in ((shoe_a, 4, 5), (shoe_a, 5, 6), (shoe_c, 1, 6), (shoe_c, 1, 10),
                          (shoe_c, 8, 7), (shoe_c, 10, 9), (shoe_d, 8, 5), (shoe_d, 8, 10),
                          (shoe_d, 10, 6)):
            assert split_parts(p, up, sh, rules) == split_literal(p, up, sh, rules), (p, up, rules)
            n += 1
    print(f"(4) memoised split == literal split: ok ({n} cases)")

    # (5) das=False (no money double on a split hand; its free double on hard 9-11 stays):
    #     a split 5,4 keeps the free double, a split A,8 loses the money double; the game is
    #     worth less than the das=True game on shoes C and D (their split hands money-double)
    rnd = FBRules(das=False)
    assert hand_actions((4, 5), False, rnd, True) == ("stand", "hit", "free_double")
    assert hand_actions((1, 8), False, rnd, True) == ("stand", "hit")
    assert hand_actions((1, 8), False, rnd) == hand_actions((1, 8), False, R, True) == ("stand", "hit", "double")
    for name, sh in (("C", shoe_c), ("D", shoe_d)):
        for mh in (2, 4):
            g_das, g_no = game_ev(sh, FBRules(max_hands=mh)), game_ev(sh, FBRules(max_hands=mh, das=False))
            assert g_no < g_das, (name, mh)
            print(f"(5) shoe {name} max_hands={mh}: game_ev das=False {float(g_no):+.10f} "
                  f"< das=True {float(g_das):+.10f}")

    # figures
    shoe_e = make_shoe({1: 1, 2: 1, 4: 3, 5: 3, 6: 1, 7: 1, 8: 3, 9: 1, 10: 6})
    print("action values, shoe E =", {v + 1: k for v, k in enumerate(shoe_e) if k}, "(20 cards)")
    for hand, up in (((5, 5), 6), ((8, 8), 10), ((4, 4), 5)):
        for rules in (R, FBRules(max_hands=2)) + ((FBRules(free_split_fours=False),) if hand == (4, 4) else ()):
            vals = action_values(hand, up, shoe_e, rules)
            print(f"  {hand} v {up} max_hands={rules.max_hands}"
                  f"{'' if rules.free_split_fours else ' paid 4s'}:",
                  {a: f"{float(x):+.6f}" for a, x in vals.items()})
    for name, sh in (("C", shoe_c), ("D", shoe_d)):
        print(f"  shoe {name} =", {v + 1: k for v, k in enumerate(sh) if k}, f"({sum(sh)} cards)")
        for rules in (FBRules(max_hands=1), FBRules(max_hands=2), R):
            ev = game_ev(sh, rules)
            print(f"    game_ev max_hands={rules.max_hands}: {float(ev):+.8f}")
        dist = free_chips_distribution(sh, R)
        assert sum(dist.values()) == 1
        print("    free chips (max_hands=4):", {k: f"{float(q):.6f}" for k, q in dist.items()},
              f" pot of gold EV {float(pot_of_gold_ev(sh, R)):+.6f}")
    if infinite:     # about 2 x 35 s
        for rules in (R, FBRules(free_split_fours=False, free_double_any_cards=True)):
            ev = game_ev(INFINITE, rules)
            print(f"  infinite deck game_ev (free_split_fours={rules.free_split_fours}, "
                  f"free_double_any_cards={rules.free_double_any_cards}): {float(ev):+.6f}, "
                  f"pot of gold {float(pot_of_gold_ev(INFINITE, rules)):+.6f}")
    print(f"self-test done in {time.time() - t0:.1f} s")


def _self_test_pmf(infinite: bool = False) -> None:
    """net_distribution: hand-checked cases, total probability 1, mean == game_ev exactly
    (shoes C, D, E with 2 and 4 hands, the infinite deck with 2), and equality with the
    unmemoised _net_distribution_literal (shoes C and D).  About 80 s, one core."""
    t_all = time.time()
    F = Fraction
    R = FBRules()

    # (1) hand-checked single deals (shoes of the _self_test's case (2))
    #     16 v 10, {10:3, 7, 6, 5}: hit; 10 / 7 bust, 5 -> 21 beats 20 / 17
    s = make_shoe({10: 3, 7: 1, 6: 1, 5: 1})
    assert _deal_net((10, 6), 10, s, R) == {F(-1): F(2, 3), F(1): F(1, 3)}
    #     9 v 10, {10:3, 5, 4, 7}: free double; 10 -> 19 (money + free chip): hole 10 -> -1,
    #     hole 7 (dealer 17) -> +2; 7 -> 16 loses the money chip
    s = make_shoe({10: 3, 5: 1, 4: 1, 7: 1})
    assert _deal_net((5, 4), 10, s, R) == {F(-1): F(2, 3), F(2): F(1, 3)}
    #     whole game {10:4, 8, A}, no splitting (see _self_test (2c)):
    #     -1: TTvT hole A 1/15, TTvA hole T 1/15, T8vT 1/5, T8vA 1/15, 8AvT 1/15 = 7/15;
    #      0: TTvT hole T 1/15;  +1: TTvT hole 8 1/15, TTv8 1/10, TTvA hole 8 1/30 = 1/5;
    #     +3/2: TAvT 1/5, TAv8 1/15 = 4/15
    pmf = net_distribution(make_shoe({10: 4, 8: 1, 1: 1}), FBRules(max_hands=1))
    assert pmf == {F(-1): F(7, 15), F(0): F(1, 15), F(1): F(1, 5), F(3, 2): F(4, 15)}, pmf
    print("(pmf 1) hand-checked distributions: ok")

    # (2) shoes C, D, E (and the infinite deck): sum 1, mean == game_ev exactly
    shoes = (("C", make_shoe({1: 3, 6: 1, 7: 2, 8: 3, 9: 2, 10: 6}), (2, 4)),
             ("D", make_shoe({1: 2, 5: 1, 6: 1, 7: 1, 8: 4, 9: 1, 10: 6}), (2, 4)),
             ("E", make_shoe({1: 1, 2: 1, 4: 3, 5: 3, 6: 1, 7: 1, 8: 3, 9: 1, 10: 6}), (2, 4)),
             ("infinite", INFINITE, (2, 4) if infinite else (2,)))
    for name, sh, hands in shoes:
        for mh in hands:
            rules = FBRules(max_hands=mh)
            clear_caches()
            t0 = time.time()
            try:
                ev = game_ev(sh, rules)
                t1 = time.time()
                pmf = net_distribution(sh, rules)
            except EmptyShoeError as e:
                print(f"(pmf 2) shoe {name} max_hands={mh}: EmptyShoeError ({e}), skipped")
                continue
            t2 = time.time()
            assert all(q > 0 for q in pmf.values())
            assert sum(pmf.values()) == 1, (name, mh)
            mean = sum((x * q for x, q in pmf.items()), F(0))
            assert mean == ev, (name, mh, mean, ev)
            print(f"(pmf 2) shoe {name} max_hands={mh}: sum 1, mean == game_ev = {ev} "
                  f"({float(ev):+.10f}); {len(pmf)} net values "
                  f"{[str(x) for x in pmf]}; game_ev {t1 - t0:.1f} s + net_distribution "
                  f"{t2 - t1:.1f} s")
            if name == "C" and mh == 2:
                print("        pmf:", [(str(x), str(q)) for x, q in pmf.items()])
            if name in ("C", "D"):
                clear_caches()
                t3 = time.time()
                lit = _net_distribution_literal(sh, rules)
                assert lit == pmf, (name, mh)
                print(f"        == _net_distribution_literal ({time.time() - t3:.1f} s)")
    print(f"pmf self-test done in {time.time() - t_all:.1f} s")


def _busy_chart():
    """A chart that uses every kind of entry (splits of every pair, free and money doubles,
    pair stand / hit / double / play), for the memoised-vs-literal cross-check."""
    ch = _simple_chart(pairs={v: "split" for v in range(1, 11)})
    for up in range(1, 11):
        e = ch[up]
        for t in (9, 10, 11):
            e["two_card"][(t, False)] = "double"
        for t in (13, 14, 17, 18):
            e["two_card"][(t, True)] = "double" if 4 <= up <= 6 else "play"
        e["two_card"][(16, False)] = "double" if up == 7 else "play"
        e["hits"][(12, False)] = up not in (4, 5, 6)
        e["hits"][(18, True)] = up >= 9
    ch[10]["pairs"][5] = "double"
    ch[9]["pairs"][9] = "stand"
    ch[8]["pairs"][4] = "hit"
    ch[7]["pairs"][6] = "play"
    return ch


def _self_test_chart() -> None:
    """chart_ev: hand-checked values, bounds against game_ev, the memoised evaluation equal
    to the literal one, and exact equality with the optimal play where that play is
    total-dependent (the infinite deck).  About 35 s, one core."""
    t_all = time.time()
    F = Fraction
    stand17 = _simple_chart()                    # stand 17+, hit below; no double, no split
    hit_all = _simple_chart(hit_all=True)        # hit every total below 21
    shoe_c = make_shoe({1: 3, 6: 1, 7: 2, 8: 3, 9: 2, 10: 6})
    shoe_d = make_shoe({1: 2, 5: 1, 6: 1, 7: 1, 8: 4, 9: 1, 10: 6})

    # (chart 1) hand-checked (see _self_test (2c) for the deal probabilities), shoe
    #     {10:4, 8, A}, no splitting.  All stand = the optimal play there: 2/15.
    #     All hit (every total < 21):  TT v T 1/5: A -> 21 wins, T / 8 bust: -1/3;
    #     TT v 8 1/10: A -> 21 beats 18, T busts: -1/3;  TT v A 1/10: bust -1;
    #     T8 v T 1/5: A -> 19, hits again, busts: -1;  T8 v A 1/15: -1;  naturals +3/2 * 4/15;
    #     8A v T 1/15: soft 19 -> hard 19 -> bust: -1.  Sum -2/15.
    #     All double (money, none of these is a hard 9-11; naturals are never doubled):
    #     TT v T: A -> 21 +2 (1/3); T -> bust, hole 8 -2 / A (BJ) -1; 8 -> bust, hole T -2 /
    #     A -1: 2/3 - 1/2 - 1/2 = -1/3;  TT v 8: +2/3 - 4/3 = -2/3;  TT v A: T (2/3) -> bust,
    #     hole T (BJ) -1 / 8 -2; 8 (1/3) -> hole T (BJ) -1: -1 - 1/3 = -4/3;  T8 v T: A ->
    #     19 < 20 -2 (1/3), T -> bust, hole A -1 / T -2: -2/3 - 1 = -5/3;  T8 v A: -1;
    #     8A v T: soft 19 + T = 19 < 20: -2.  Sum 1/5(-1/3) + 1/10(-2/3) + 1/10(-4/3)
    #     + 1/5(-5/3) - 1/15 + 2/5 - 2/15 = -2/5.
    tiny = make_shoe({10: 4, 8: 1, 1: 1})
    R1 = FBRules(max_hands=1)
    all_stand = _simple_chart(hit_below=0)
    assert chart_ev(tiny, R1, all_stand) == F(2, 15) == game_ev(tiny, R1)
    assert chart_ev(tiny, R1, hit_all) == F(-2, 15)
    assert chart_ev(tiny, R1, _simple_chart(hit_below=0, two_card="double")) == F(-2, 5)
    #     "split" with max_hands=1 is ignored (the pair plays by its total)
    assert chart_ev(tiny, R1, _simple_chart(hit_below=0, pairs={10: "split"})) == F(2, 15)
    for ch, want in ((all_stand, F(2, 15)), (hit_all, F(-2, 15))):
        assert _chart_ev_literal(tiny, R1, ch) == want
    #     splits, max_hands=2, all stand: 8,8 v 10 from {8:3, 10:2, 9}: left {8, 10, 9}, the
    #     6 orders (hand 1, hand 2 (free chip), hole) equally likely: 889 -> 16, 18 v 19: -1;
    #     8 9 10 -1; 10 8 9 -1; 10 9 8: 18 push, 17 v 18: 0; 9 8 10 -1; 9 10 8: 17 v 18 -1,
    #     18 push: -1.  Sum -5/6 (no dealer natural possible).
    R2 = FBRules(max_hands=2)
    ev = _ChartEval(_simple_chart(hit_below=0, pairs={8: "split"}), R2)
    s = make_shoe({8: 3, 10: 2, 9: 1})
    assert ev.split_U(8, 10, s) == F(-5, 6) == ev.round_value((8, 8), 10, s)
    #     free doubles on split hands: 5,5 v 9 from {5:2, 6, 10:3, 9}, left {6, 10, 10, 10};
    #     chart: split 5s, double 11, stand everything.  Hand 1 gets 6 (1/4): free double
    #     -> 21, hand 2 gets 10: 15, hole 10: 19 -> +2 (money + free chip) + 0.  Hand 1 gets
    #     10 (3/4): 15; hand 2 gets 6 (1/3): free double -> 21, hole 10: -1 + 2 = +1; hand 2
    #     gets 10 (2/3): hole 10 -> 19: -1 + 0; hole 6 -> 15, draws 10, bust: +1 + 1: +1/2.
    #     Sum 1/2 + 3/4 (1/3 + 1/3) = 1.
    ch = _simple_chart(hit_below=0, pairs={5: "split"})
    for up in ch:
        ch[up]["two_card"][(11, False)] = "double"
    assert _ChartEval(ch, R2).split_U(5, 9, make_shoe({5: 2, 6: 1, 10: 3, 9: 1})) == 1
    print("(chart 1) hand-checked cases: ok")

    # (chart 2) bounds, shoes C and D: a chart that never splits is a legal unsplit play, so
    #     it cannot beat game_ev(max_hands=1) (optimal), nor game_ev(max_hands >= 2) (whose
    #     root maximises over the same unsplit options plus the split); its value does not
    #     depend on max_hands.  A chart built from the optimal play's decisions (every
    #     reachable node, exact ties allowed) cannot exceed game_ev(max_hands=1) either; it
    #     falls short where the optimal play depends on the composition.
    for name, sh in (("C", shoe_c), ("D", shoe_d)):
        g1 = game_ev(sh, R1)
        opt_chart, conflicts = _optimal_total_chart(sh, R1)
        v_opt = chart_ev(sh, R1, opt_chart)
        assert v_opt <= g1
        v1 = chart_ev(sh, R1, stand17)
        h1 = chart_ev(sh, R1, hit_all)
        assert v1 < g1 and h1 < v1
        print(f"(chart 2) shoe {name}: game_ev(max_hands=1) = {float(g1):+.10f}; optimal-derived "
              f"chart {float(v_opt):+.10f} ({len(conflicts)} composition-dependent chart cells); "
              f"hit-all {float(h1):+.10f}")
        for mh in (2, 4):
            rules = FBRules(max_hands=mh)
            t0 = time.time()
            v = chart_ev(sh, rules, stand17)
            dt = time.time() - t0
            g = game_ev(sh, rules)
            h = chart_ev(sh, rules, hit_all)
            assert v == v1 and h == h1 and v < g and h < v
            print(f"    max_hands={mh}: stand-17 chart_ev = {v} ({float(v):+.10f}, {dt:.2f} s) "
                  f"< game_ev = {float(g):+.10f}")

    # (chart 3) memoised == literal enumeration (explicit hand lists, its own chart lookups),
    #     with a chart using every entry kind: splits of every pair (forced resplits, money
    #     split tens, paid 4s under the launch rules), free and money doubles on split hands
    n = 0
    busy = _busy_chart()
    for name, sh in (("C", shoe_c), ("D", shoe_d)):
        for rules in (R2, FBRules(), FBRules(max_hands=3, free_split_fours=False,
                                             resplit_aces=False, h17=False)):
            for ch in (busy, stand17):
                t0 = time.time()
                v = chart_ev(sh, rules, ch)
                t1 = time.time()
                assert v == _chart_ev_literal(sh, rules, ch), (name, rules)
                n += 1
                if ch is busy:
                    print(f"(chart 3) shoe {name} max_hands={rules.max_hands}"
                          f"{'' if rules.h17 else ' S17 paid 4s no RSA'}: busy chart "
                          f"{float(v):+.10f} ({t1 - t0:.2f} s) == literal ({time.time() - t1:.2f} s)")
    print(f"(chart 3) memoised == literal: ok ({n} cases)")

    # (chart 4) exact equality with the optimal play where it is total-dependent.  On the
    #     INFINITE deck a hand's values depend on its total and softness only (plus "two
    #     cards" for the double), so the optimal unsplit play is a chart: with max_hands=1
    #     chart_ev == game_ev exactly.  Split hands carrying MONEY chips (tens; 4s under
    #     free_split_fours=False) play CDZ- = the same money-chip optimum, so the chart's
    #     split value equals U_split exactly, for every up card (forced resplits, free doubles
    #     of 4+5/6/7 and money doubles on split hands included).  Free-chip split hands play
    #     to maximise their free chip in the oracle, not the money chart: not comparable,
    #     except as a bound (on the infinite deck CDZ- is optimal per hand: chart <= game_ev).
    #     (The finite shoes C, D, E are not total-dependent: (chart 2) counts the conflicts.)
    for h17 in (True, False):
        r1 = FBRules(max_hands=1, h17=h17)
        opt_chart, conflicts = _optimal_total_chart(INFINITE, r1)
        assert not conflicts, conflicts
        v, g = chart_ev(INFINITE, r1, opt_chart), game_ev(INFINITE, r1)
        assert v == g, (float(v), float(g))
        print(f"(chart 4) infinite deck {'H17' if h17 else 'S17'} max_hands=1: optimal play is "
              f"a chart, chart_ev == game_ev = {float(g):+.10f}")
        cases = ((FBRules(max_hands=2, h17=h17), 10), (FBRules(max_hands=4, h17=h17), 10),
                 (FBRules(max_hands=2, h17=h17, free_split_fours=False), 4))
        if h17:
            cases += ((FBRules(max_hands=3, free_split_fours=False), 4),)
        for rules, p in cases:
            e = _ChartEval(opt_chart, rules)
            for up in range(1, 11):
                assert e.split_U(p, up, INFINITE) == U_split(p, up, INFINITE, rules), (rules, p, up)
            print(f"    split {p}s, max_hands={rules.max_hands}: chart == U_split for every up card")
    r2 = FBRules(max_hands=2)
    opt_chart, _ = _optimal_total_chart(INFINITE, R1)
    for up in range(1, 11):
        for v in range(1, 11):
            if best_action(action_values((v, v), up, INFINITE, r2)) == "split":
                opt_chart[up]["pairs"][v] = "split"
    v, g = chart_ev(INFINITE, r2, opt_chart), game_ev(INFINITE, r2)
    assert v <= g
    print(f"    max_hands=2, the oracle's splits: chart_ev {float(v):+.10f} <= game_ev {float(g):+.10f}")
    print(f"chart self-test done in {time.time() - t_all:.1f} s")


if __name__ == "__main__":
    import sys
    args = sys.argv[1:]
    if "--chart-only" in args:
        _self_test_chart()
    else:
        if "--pmf-only" not in args:
            _self_test(infinite="--infinite" in args)
        _self_test_pmf(infinite="--infinite" in args)
        if "--pmf-only" not in args:
            _self_test_chart()
