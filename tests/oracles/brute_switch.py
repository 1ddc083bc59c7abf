"""Independent brute-force enumerator of BLACKJACK SWITCH (exact rationals).

Written from shared/reference/VARIANTS.md (section 4), shared/reference/GAMES.md (CDZ-, peek
conditioning) and the conventions of the other oracles in this folder (closest model:
tests/oracles/brute_double_exposure.py), WITHOUT reading the engine in ``bjcalc/``.  Slow and
meant to be obviously correct; for tiny shoes (about 14-22 cards).  Numbers are
:data:`oracles.Fraction` (gmpy2 ``mpq`` or ``fractions.Fraction``); the literal cross-checks at the
end use the standard library's ``fractions.Fraction`` and no memo of any value.

The game
--------
* A shoe is a 10-tuple of counts, index ``v - 1`` for card value ``v`` (1 = ace, 10 = any
  ten-value card); ``make_shoe({1: 2, 10: 8})`` builds one.  Cards are dealt without replacement;
  every random card is drawn explicitly, one at a time, from what is left.  Any draw from an empty
  shoe raises :class:`EmptyShoeError` (real play, the dealer, and the exploration of hitting in
  the reference computations alike).  Choose shoes on which it does not happen.
* Deal order: hand 1 = (c1, c2), hand 2 = (c3, c4), the dealer's up card u, the hole card.  One
  unit on each hand.  ``game_ev`` is the expected SUM of the two hands' results (not halved).
* Peek (u an ace or a ten): a dealer blackjack ends the round; each hand loses 1, except a hand
  that is a natural as dealt (ace + ten in the KEEP pairing), which pushes.  No switch then.
* Otherwise the player, knowing the four cards, u and (after a peek) that the dealer has no
  blackjack, keeps {(c1,c2),(c3,c4)} or switches to {(c1,c4),(c3,c2)}, whichever has the larger
  exact expectation (``pairing_values``) under the play convention below; ``SWRules.switching``
  "never" / "always" force the choice (self-checks).
* A natural of the KEEP pairing wins ``blackjack_pays`` at once (even against a dealer 22) and
  takes no card.  After a switch there is no natural: an ace + ten made by the switch is an
  ordinary two-card soft 21 that plays (stand, hit, double like any two-card hand) and is settled
  as 21 (``switched_blackjack="21"``), or wins exactly 1 at once and takes no card ("wins").
* Hand 1 (and all its split hands) is played to the end, then hand 2 (and its split hands), then
  the dealer draws (hits below 17, hits soft 17 iff ``h17``), all from ONE shoe.  When every hand
  is busted or settled at once (a natural), the dealer's draws cannot change the result and are
  not made.
* Settlement of a hand still in play: dealer 22 pushes (``dealer_22_pushes``; else it is a bust);
  any other dealer bust pays the stake; otherwise the higher total wins, equal totals push.  A
  busted hand loses its stake whatever the dealer does.
* Actions: stand, hit, double (two-card hands, one card, stake 2; ``double`` "any" / "9-11" /
  "10-11" (hard totals) / "none"), split (two cards of equal value, ten-values all value 10) up to
  ``max_split_hands`` hands per ORIGINAL hand; aces resplit only with ``resplit_aces``; split aces
  get one card each and stand; double after split iff ``das``.  A split hand's ace + ten is 21.
  No surrender, no insurance.

The play convention (what makes the game value well defined)
------------------------------------------------------------
Every hand's decisions are a FIXED rule of its own cards and of the five initial cards seen (the
four player cards and u), plus the knowledge that the dealer has no blackjack when u is A or T --
never of the cards the other original hand (or its split hands) drew.  Write
``base = full shoe - c1 - c2 - c3 - c4 - u`` (the player's view at the switch decision; the hole
card is still in it, unseen).

* REFERENCE VALUES.  An action's reference value for a hand holding cards ``h`` in a reference
  shoe ``S`` is the expectimax value of that hand ALONE against the dealer: the hole card is
  unseen, uniformly one of the cards of ``S`` that do not make a blackjack with u (all of ``S``
  when u is not A/T); the hand's draws come from ``S`` less the hole card; the dealer then draws
  from what the hand leaves.  The posterior of the hole card after the hand drew cards ``D`` is
  again "uniform over the non-blackjack cards of S - D" (``hole_weights``), so the state is just
  (cards, shoe).  "hit" = take one card, then the better of stand / hit (no double after a hit).
* UNSPLIT HAND.  An unsplit hand dealt (a, b) that has since drawn ``D`` takes the best of its
  allowed actions by reference value in ``S = base - D`` (``unsplit_reference``).  At two cards
  (``S = base``) the split action, if allowed, is taken iff its reference value -- the exact value
  of the whole split round (all its hands, per unit, CDZ- play as below) of that hand alone in
  ``base``, hole unseen and non-blackjack, dealer after -- EXCEEDS every other action's reference
  value.  Ties between stand / hit / double go by ``tie_order`` (first wins).
* SPLIT HANDS (CDZ-).  A split hand holding ``h`` (its pair card plus everything it drew) takes
  the best of the actions allowed to it (stand / hit / double if ``das`` and ``double`` allow it
  on two cards; stand / hit after a hit; stand only on a split ace) by reference value, for an
  UNSPLIT hand holding ``h``, in ``S = split_hand_reference(base, pair, h) = full - the other
  original hand's two cards - u - h``: the shoe an unsplit hand holding ``h`` would see (zero
  memory of the other split hands: the other pair card of the deal, and the cards given to the
  other split hands, resplit pair cards included, stay in; the hand's own drawn cards are out).
  Resplit always when allowed: a split hand whose second card is of the pair's value, with fewer
  than ``max_split_hands`` hands and not an ace pair (unless ``resplit_aces``), resplits; the new
  hand goes to the end of the list and the current hand draws again.  Split hands get their
  second card when their turn comes.
* The rule is then applied to the REAL sequence: the hole card is dealt (given no blackjack when
  u is A/T), hand 1 plays by its rule drawing from the real shoe, then hand 2 from what hand 1
  left, then the dealer.  ``pairing_values`` are these exact sequential expectations; no
  exchangeability argument is used anywhere in the main route (the self-tests check the
  symmetry it would imply).

Caching: ``lru_cache`` on pure functions whose arguments fully describe the state.  Played hands
are remembered as payoff vectors over the dealer's final outcomes (settlement is additive);
outcomes of a hand's play are merged by (payoff vector, shoe after).  The literal functions at
the end recompute without memoised values: explicit card lists, hole card dealt LAST with an
indicator weight in the reference computations, every dealer path enumerated.

Speed (one core): the 18-card shoe {A:2, 2..9:1 each, T:8}: no splits about 30 s, splits to 2
or 3 hands about 100 s; splits to 4 hands run out of cards there (the reference value of
splitting tens to four hands, e.g. deal A,9 / T,T v 8).  14-16-card shoes with splits to 2
hands: 1-2 s.  The literal functions are 10-30 times slower (about 11-card shoes for a game).
"""

from __future__ import annotations

import fractions
import itertools
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Dict, Iterator, List, Optional, Tuple

from oracles import Fraction

Shoe = Tuple[int, ...]
Vec = Tuple[object, ...]         # payoff of the hands so far against each DEALER_OUTCOMES entry

TEN = 10
DEALER_OUTCOMES = (17, 18, 19, 20, 21, 22, 23)      # 23 = a bust other than 22
DOUBLE_RULES = ("any", "9-11", "10-11", "none")
PREFERENCE = ("stand", "hit", "double")
TIE_BREAKS = tuple(itertools.permutations(PREFERENCE))
ZERO_VEC = (0,) * len(DEALER_OUTCOMES)


class EmptyShoeError(RuntimeError):
    """An enumerated path needed a card from an empty shoe."""


class StrategyTieError(RuntimeError):
    """Two exactly equal best actions in a reference decision (tie_order=None)."""


# --------------------------------------------------------------------------------- rules

@dataclass(frozen=True)
class SWRules:
    h17: bool = True
    double: str = "any"                   # "any", "9-11", "10-11" (hard totals), "none"
    das: bool = True
    max_split_hands: int = 4              # per original hand; 1 = no split
    resplit_aces: bool = False
    blackjack_pays: Fraction = Fraction(1)
    dealer_22_pushes: bool = True
    switched_blackjack: str = "21"        # "21" or "wins"
    switching: str = "best"               # "best", "never", "always"
    tie_order: Optional[Tuple[str, ...]] = PREFERENCE

    def __post_init__(self):
        if self.double not in DOUBLE_RULES:
            raise ValueError(f"double must be one of {DOUBLE_RULES}, not {self.double!r}")
        if self.switched_blackjack not in ("21", "wins"):
            raise ValueError("switched_blackjack must be '21' or 'wins'")
        if self.switching not in ("best", "never", "always"):
            raise ValueError("switching must be 'best', 'never' or 'always'")
        if not 1 <= int(self.max_split_hands) <= 4:
            raise ValueError("max_split_hands must be 1..4")
        if self.tie_order is not None:
            if sorted(self.tie_order) != sorted(PREFERENCE):
                raise ValueError(f"tie_order must be a permutation of {PREFERENCE}")
            object.__setattr__(self, "tie_order", tuple(self.tie_order))
        object.__setattr__(self, "max_split_hands", int(self.max_split_hands))
        object.__setattr__(self, "blackjack_pays", Fraction(self.blackjack_pays))
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f) for f in self.__dataclass_fields__)))

    def __hash__(self):
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
    s = sum(cards)
    if 1 in cards and s + 10 <= 21:
        return s + 10, True
    return s, False


def is_natural(cards) -> bool:
    return len(cards) == 2 and sorted(cards) == [1, TEN]


def key(cards) -> Tuple[int, ...]:
    return tuple(sorted(cards))


def multiset_minus(cards, taken) -> Tuple[int, ...]:
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return tuple(rest)


def double_allowed(hand, rules: SWRules) -> bool:
    if len(hand) != 2 or rules.double == "none":
        return False
    if rules.double == "any":
        return True
    total, soft = total_soft(hand)
    if soft:
        return False
    return 9 <= total <= 11 if rules.double == "9-11" else 10 <= total <= 11


def is_pair(hand) -> bool:
    return len(hand) == 2 and hand[0] == hand[1]


def blackjack_hole(up: int) -> Optional[int]:
    """The hole card that gives the dealer a blackjack with `up` (None: no peek)."""
    return TEN if up == 1 else 1 if up == TEN else None


# --------------------------------------------------------------------------------- references
# THE definition of the reference shoes of the play convention (see the module docstring).

def unsplit_reference(base: Shoe, first_two, hand) -> Shoe:
    """Reference shoe of an unsplit hand dealt `first_two` now holding `hand`:
    base (= full - four player cards - u) less the cards the hand drew."""
    return remove(base, *multiset_minus(hand, first_two))


def split_hand_reference(base: Shoe, pair: int, hand) -> Shoe:
    """Reference shoe of a split hand now holding `hand` (CDZ-: the shoe an UNSPLIT hand holding
    `hand` would see): the full shoe less the other original hand's two cards, u and `hand` itself.
    base lacks both pair cards of the deal, so the other pair card is put back; the hand's own
    drawn cards are taken out; the cards given to the other split hands (resplit pair cards
    included) stay in."""
    shoe = list(base)
    shoe[pair - 1] += 1          # (the other split hand's pair card: zero memory of it)
    return remove(tuple(shoe), *multiset_minus(hand, (pair,)))


# --------------------------------------------------------------------------------- dealer

@lru_cache(maxsize=None)
def _dealer_final(cards: Tuple[int, ...], shoe: Shoe, h17: bool) -> Tuple[Tuple[int, Fraction], ...]:
    """Final outcome distribution (17..21, 22, 23 = other bust) of a dealer holding `cards`
    (sorted, >= 2 cards) drawing from `shoe`."""
    total, soft = total_soft(cards)
    if total > 21:
        return ((min(total, 23), Fraction(1)),)
    if total > 17 or (total == 17 and not (soft and h17)):
        return ((total, Fraction(1)),)
    acc: Dict[int, Fraction] = {}
    for v, p, rest in draws(shoe):
        for o, q in _dealer_final(key(cards + (v,)), rest, h17):
            acc[o] = acc.get(o, Fraction(0)) + p * q
    return tuple(sorted(acc.items()))


def dealer_probabilities(shoe: Shoe, dealer_cards, h17=True) -> Dict[int, Fraction]:
    """{17..21, 22, 23: probability} of a dealer holding `dealer_cards` (two or more) drawing from
    `shoe` (which already lacks every card that is out)."""
    if isinstance(h17, SWRules):
        h17 = h17.h17
    out = {o: Fraction(0) for o in DEALER_OUTCOMES}
    for o, p in _dealer_final(key(dealer_cards), tuple(shoe), bool(h17)):
        out[o] += p
    return out


@lru_cache(maxsize=None)
def hole_weights(shoe: Shoe, up: int) -> Tuple[Tuple[int, Fraction], ...]:
    """Distribution of the unseen hole card: uniform over the cards of `shoe` that do not make a
    blackjack with `up`.  ValueError if there is none (a dealer blackjack is certain)."""
    b = blackjack_hole(up)
    allowed = [(v, shoe[v - 1]) for v in range(1, 11) if shoe[v - 1] and v != b]
    n = sum(k for _, k in allowed)
    if n == 0:
        if sum(shoe) == 0:
            raise EmptyShoeError("no card left for the hole card")
        raise ValueError(f"every hole card in {shoe} gives the dealer a blackjack with {up}")
    return tuple((v, Fraction(k, n)) for v, k in allowed)


@lru_cache(maxsize=None)
def next_card_probs(shoe: Shoe, up: int) -> Tuple[Tuple[int, Fraction, Shoe], ...]:
    """The player's next card when the hole card (unseen, non-blackjack) is among `shoe`:
    P(c) = sum_H P(hole = H) (shoe - H)[c] / (n - 1).  Zero-probability cards left out."""
    n = sum(shoe)
    if n <= 1:
        raise EmptyShoeError("a path draws from an empty shoe (only the hole card is left)")
    acc = [Fraction(0)] * 10
    for h, w in hole_weights(shoe, up):
        for c in range(1, 11):
            k = shoe[c - 1] - (h == c)
            if k:
                acc[c - 1] += w * Fraction(k, n - 1)
    return tuple((c, acc[c - 1], remove(shoe, c)) for c in range(1, 11) if acc[c - 1])


@lru_cache(maxsize=None)
def ref_dealer(shoe: Shoe, up: int, h17: bool) -> Tuple[Fraction, ...]:
    """Dealer outcome probabilities (indexed like DEALER_OUTCOMES) with the hole card unseen
    (non-blackjack) among `shoe`, the dealer drawing from `shoe` less the hole card."""
    acc = [Fraction(0)] * len(DEALER_OUTCOMES)
    for h, w in hole_weights(shoe, up):
        for o, q in _dealer_final(key((up, h)), remove(shoe, h), h17):
            acc[DEALER_OUTCOMES.index(o)] += w * q
    return tuple(acc)


# --------------------------------------------------------------------------------- settlement

def hand_payoff(total: int, stake, outcome: int, rules: SWRules):
    """`total` = 0 for a busted hand."""
    if total == 0:
        return -stake
    if outcome == 22:
        return 0 if rules.dealer_22_pushes else stake
    if outcome == 23:
        return stake
    return stake if total > outcome else (0 if total == outcome else -stake)


@lru_cache(maxsize=None)
def payoff_vector(total: int, stake, rules: SWRules) -> Vec:
    return tuple(hand_payoff(total, stake, o, rules) for o in DEALER_OUTCOMES)


def constant_vector(x) -> Vec:
    return (x,) * len(DEALER_OUTCOMES)


def vec_of(cards, stake, rules: SWRules) -> Vec:
    t, _ = total_soft(cards)
    return payoff_vector(t if t <= 21 else 0, stake, rules)


def vadd(a: Vec, b: Vec) -> Vec:
    return tuple(x + y for x, y in zip(a, b))


@lru_cache(maxsize=None)
def settle(vec: Vec, dealer: Tuple[int, int], shoe: Shoe, rules: SWRules) -> Fraction:
    """E[vec[dealer outcome]], the dealer holding `dealer` and drawing from `shoe`.  A constant
    vector (every hand busted or settled at once) needs no dealer draw."""
    if all(x == vec[0] for x in vec):
        return Fraction(vec[0])
    return sum((p * vec[DEALER_OUTCOMES.index(o)] for o, p in _dealer_final(key(dealer), shoe, rules.h17)),
               Fraction(0))


# --------------------------------------------------------------------------------- reference values

@lru_cache(maxsize=None)
def V_stand(hand: Tuple[int, ...], shoe: Shoe, up: int, rules: SWRules) -> Fraction:
    return sum((p * x for p, x in zip(ref_dealer(shoe, up, rules.h17), vec_of(hand, 1, rules))), Fraction(0))


@lru_cache(maxsize=None)
def V_hit(hand: Tuple[int, ...], shoe: Shoe, up: int, rules: SWRules) -> Fraction:
    """Take one card, then the better of stand / hit."""
    assert total_soft(hand)[0] <= 21, "cannot hit a busted hand"
    u = Fraction(0)
    for c, p, rest in next_card_probs(shoe, up):
        nh = key(hand + (c,))
        if total_soft(nh)[0] > 21:
            u -= p
        else:
            u += p * max(V_stand(nh, rest, up, rules), V_hit(nh, rest, up, rules))
    return u


@lru_cache(maxsize=None)
def V_double(hand: Tuple[int, ...], shoe: Shoe, up: int, rules: SWRules) -> Fraction:
    u = Fraction(0)
    for c, p, rest in next_card_probs(shoe, up):
        nh = hand + (c,)
        u += p * sum((q * x for q, x in zip(ref_dealer(rest, up, rules.h17), vec_of(nh, 2, rules))),
                     Fraction(0))
    return u


_V = {"stand": V_stand, "hit": V_hit, "double": V_double}


def pick(values: Dict[str, Fraction], rules: SWRules, what: str = "") -> str:
    best = max(values.values())
    winners = [a for a in values if values[a] == best]
    if len(winners) > 1:
        if rules.tie_order is None:
            raise StrategyTieError(f"tie {winners} {what}: {values}")
        return min(winners, key=rules.tie_order.index)
    return winners[0]


@lru_cache(maxsize=None)
def reference_action(hand: Tuple[int, ...], shoe: Shoe, up: int, rules: SWRules,
                     actions: Tuple[str, ...]) -> str:
    """Best of `actions` (among stand / hit / double) by reference value in `shoe`."""
    if actions == ("stand",):
        return "stand"
    values = {a: _V[a](hand, shoe, up, rules) for a in actions}
    return pick(values, rules, f"for {hand} v {up}, reference shoe {shoe}")


def unsplit_actions(hand, rules: SWRules) -> Tuple[str, ...]:
    """stand / hit / double actions of an unsplit hand (split is handled separately)."""
    if len(hand) == 2 and double_allowed(hand, rules):
        return ("stand", "hit", "double")
    return ("stand", "hit")


def post_split_actions(hand, split_ace: bool, rules: SWRules) -> Tuple[str, ...]:
    if split_ace:
        return ("stand",)
    if len(hand) > 2:
        return ("stand", "hit")
    if rules.das and double_allowed(hand, rules):
        return ("stand", "hit", "double")
    return ("stand", "hit")


def may_split(hand, rules: SWRules) -> bool:
    return is_pair(hand) and rules.max_split_hands >= 2


def may_resplit(card: int, pair: int, n_hands: int, rules: SWRules) -> bool:
    return card == pair and n_hands < rules.max_split_hands and (pair != 1 or rules.resplit_aces)


@lru_cache(maxsize=None)
def split_hand_action(hand: Tuple[int, ...], split_ace: bool, pair: int, base: Shoe, up: int,
                      rules: SWRules) -> str:
    """The CDZ- action of a split hand holding `hand`."""
    ref = split_hand_reference(base, pair, hand)
    return reference_action(hand, ref, up, rules, post_split_actions(hand, split_ace, rules))


@lru_cache(maxsize=None)
def split_reference_value(pair: int, base: Shoe, up: int, rules: SWRules) -> Fraction:
    """Reference value of splitting (pair, pair) for a hand alone in `base`: hole card dealt
    (non-blackjack) from base, the split round played (CDZ-) from the rest, the dealer after."""
    u = Fraction(0)
    for h, w in hole_weights(base, up):
        real = remove(base, h)
        for p, vec, after in _split_outcomes(pair, real, base, up, rules):
            u += w * p * settle(vec, (up, h), after, rules)
    return u


def reference_values(base: Shoe, hand, up: int, rules: SWRules) -> Dict[str, Fraction]:
    """Reference values of every allowed action of the two-card unsplit hand `hand` alone in
    `base` (= full - the four player cards - u), split included when allowed."""
    h = key(hand)
    base = tuple(base)
    out = {a: _V[a](h, base, up, rules) for a in unsplit_actions(h, rules)}
    if may_split(h, rules):
        out["split"] = split_reference_value(h[0], base, up, rules)
    return out


hand_ev_alone = reference_values


@lru_cache(maxsize=None)
def two_card_decision(hand: Tuple[int, ...], base: Shoe, up: int, rules: SWRules) -> str:
    """The unsplit two-card hand's action: best of stand / hit / double by tie_order; split iff
    its reference value exceeds all of those."""
    values = {a: _V[a](hand, base, up, rules) for a in unsplit_actions(hand, rules)}
    action = pick(values, rules, f"for {hand} v {up}, reference shoe {base}")
    if may_split(hand, rules) and split_reference_value(hand[0], base, up, rules) > values[action]:
        return "split"
    return action


# --------------------------------------------------------------------------------- real play
# Every function below returns the outcomes of some play drawing from the REAL shoe: a tuple of
# (probability, payoff vector, real shoe after), merged by (vector, shoe).

def _merge(items) -> Tuple[Tuple[Fraction, Vec, Shoe], ...]:
    acc: Dict[Tuple[Vec, Shoe], Fraction] = {}
    for p, vec, sh in items:
        acc[(vec, sh)] = acc.get((vec, sh), Fraction(0)) + p
    return tuple((p, vec, sh) for (vec, sh), p in acc.items())


@lru_cache(maxsize=None)
def _split_hand_outcomes(hand: Tuple[int, ...], split_ace: bool, pair: int, real: Shoe, base: Shoe,
                         up: int, rules: SWRules):
    """A split hand holding its two (or more) cards, played by the CDZ- rule."""
    total, _ = total_soft(hand)
    action = split_hand_action(hand, split_ace, pair, base, up, rules)
    if action == "stand":
        return ((Fraction(1), payoff_vector(total, 1, rules), real),)
    out = []
    for c, p, rest in draws(real):
        nh = key(hand + (c,))
        if action == "double":
            out.append((p, vec_of(nh, 2, rules), rest))
        elif total_soft(nh)[0] > 21:
            out.append((p, payoff_vector(0, 1, rules), rest))
        else:
            for q, v, after in _split_hand_outcomes(nh, False, pair, rest, base, up, rules):
                out.append((p * q, v, after))
    return _merge(out)


@lru_cache(maxsize=None)
def _split_rest(done: Vec, n_hands: int, n_todo: int, real: Shoe, pair: int, base: Shoe, up: int,
                rules: SWRules):
    """The rest of a split round: `done` = summed payoff vector of the finished split hands,
    `n_hands` hands exist, `n_todo` hold only the pair card and wait (the first of them is about
    to get its second card)."""
    if n_todo == 0:
        return ((Fraction(1), done, real),)
    out = []
    for c, p, rest in draws(real):
        if may_resplit(c, pair, n_hands, rules):
            for q, v, after in _split_rest(done, n_hands + 1, n_todo + 1, rest, pair, base, up, rules):
                out.append((p * q, v, after))
            continue
        for q, s, mid in _split_hand_outcomes(key((pair, c)), pair == 1, pair, rest, base, up, rules):
            for r, v, after in _split_rest(vadd(done, s), n_hands, n_todo - 1, mid, pair, base, up, rules):
                out.append((p * q * r, v, after))
    return _merge(out)


def _split_outcomes(pair: int, real: Shoe, base: Shoe, up: int, rules: SWRules):
    return _split_rest(ZERO_VEC, 2, 2, real, pair, base, up, rules)


@lru_cache(maxsize=None)
def _unsplit_outcomes(first_two: Tuple[int, int], hand: Tuple[int, ...], real: Shoe, base: Shoe,
                      up: int, rules: SWRules):
    """An unsplit hand dealt `first_two`, now holding `hand`, played by its rule."""
    total, _ = total_soft(hand)
    if len(hand) == 2:
        action = two_card_decision(hand, base, up, rules)
    else:
        action = reference_action(hand, unsplit_reference(base, first_two, hand), up, rules,
                                  unsplit_actions(hand, rules))
    if action == "split":
        return _split_outcomes(hand[0], real, base, up, rules)
    if action == "stand":
        return ((Fraction(1), payoff_vector(total, 1, rules), real),)
    out = []
    for c, p, rest in draws(real):
        nh = key(hand + (c,))
        if action == "double":
            out.append((p, vec_of(nh, 2, rules), rest))
        elif total_soft(nh)[0] > 21:
            out.append((p, payoff_vector(0, 1, rules), rest))
        else:
            for q, v, after in _unsplit_outcomes(first_two, nh, rest, base, up, rules):
                out.append((p * q, v, after))
    return _merge(out)


def hand_spec(cards, in_keep_pairing: bool, rules: SWRules):
    """("fixed", amount) for a hand settled at once, else ("play", sorted two cards)."""
    cards = key(cards)
    if is_natural(cards):
        if in_keep_pairing:
            return ("fixed", rules.blackjack_pays)
        if rules.switched_blackjack == "wins":
            return ("fixed", Fraction(1))
    return ("play", cards)


def _spec_outcomes(spec, real: Shoe, base: Shoe, up: int, rules: SWRules):
    if spec[0] == "fixed":
        return ((Fraction(1), constant_vector(spec[1]), real),)
    return _unsplit_outcomes(spec[1], spec[1], real, base, up, rules)


@lru_cache(maxsize=None)
def _dealer_vector(dealer: Tuple[int, int], shoe: Shoe, h17: bool) -> Tuple[Fraction, ...]:
    """The dealer's outcome probabilities indexed like DEALER_OUTCOMES."""
    acc = [Fraction(0)] * len(DEALER_OUTCOMES)
    for o, p in _dealer_final(key(dealer), shoe, h17):
        acc[DEALER_OUTCOMES.index(o)] += p
    return tuple(acc)


@lru_cache(maxsize=None)
def round_value_given_hole(spec1, spec2, base: Shoe, up: int, hole: int, rules: SWRules) -> Fraction:
    """Hand 1 (spec1) then hand 2 (spec2) then the dealer (up, hole), all from base - hole.

    Settlement is linear in the payoff vectors, so hand 1's outcomes are grouped by the shoe they
    leave (probability and probability-weighted vector sum): for each such shoe, each of hand
    2's outcomes, the dealer then draws from what hand 2 left."""
    real = remove(base, hole)
    groups: Dict[Shoe, list] = {}
    for p, v1, after in _spec_outcomes(spec1, real, base, up, rules):
        g = groups.setdefault(after, [Fraction(0), ZERO_VEC])
        g[0] += p
        g[1] = tuple(a + p * x for a, x in zip(g[1], v1))
    u = Fraction(0)
    for after1, (p1, s1) in groups.items():
        for q, v2, after2 in _spec_outcomes(spec2, after1, base, up, rules):
            vec = tuple(a + p1 * x for a, x in zip(s1, v2))      # = sum over hand 1's paths of p * (v1 + v2)
            if all(x == vec[0] for x in vec):                   # every hand busted or settled: no dealer draw
                u += q * vec[0]
            else:
                u += q * sum((d * x for d, x in zip(_dealer_vector((up, hole), after2, rules.h17), vec)),
                             Fraction(0))
    return u


# --------------------------------------------------------------------------------- public API

def pairings(cards4) -> Dict[str, Tuple[Tuple[int, int], Tuple[int, int]]]:
    c1, c2, c3, c4 = cards4
    return {"keep": ((c1, c2), (c3, c4)), "switch": ((c1, c4), (c3, c2))}


def _base(shoe: Shoe, cards4, up: int) -> Shoe:
    if len(tuple(cards4)) != 4:
        raise ValueError("four player cards")
    return remove(tuple(shoe), *cards4, up)


@lru_cache(maxsize=None)
def _pairing_values(shoe: Shoe, cards4: Tuple[int, ...], up: int, rules: SWRules) -> Dict[str, Fraction]:
    base = _base(shoe, cards4, up)
    weights = hole_weights(base, up)
    out = {}
    for name, (h1, h2) in pairings(cards4).items():
        keep = name == "keep"
        s1, s2 = hand_spec(h1, keep, rules), hand_spec(h2, keep, rules)
        out[name] = sum((w * round_value_given_hole(s1, s2, base, up, h, rules) for h, w in weights),
                        Fraction(0))
    return out


def pairing_values(shoe: Shoe, cards4, up: int, rules: SWRules = SWRules()) -> Dict[str, Fraction]:
    """{"keep": E, "switch": E}: exact expected total of the round for each pairing, given the four
    player cards (deal order) and u, conditioned on no dealer blackjack when u is A/T.
    ValueError if the shoe cannot deal these cards (or a dealer blackjack is certain).
    (rules.switching plays no part here; the memo is shared across its values.)"""
    if rules.switching != "best":
        rules = replace(rules, switching="best")
    return dict(_pairing_values(tuple(shoe), tuple(cards4), up, rules))


def choose_pairing(values: Dict[str, Fraction], rules: SWRules) -> str:
    if rules.switching == "never":
        return "keep"
    if rules.switching == "always":
        return "switch"
    return "switch" if values["switch"] > values["keep"] else "keep"


def deal_value(shoe: Shoe, cards4, up: int, rules: SWRules = SWRules()) -> Fraction:
    """Expected total of the round given the four player cards and u, conditioned on no dealer
    blackjack when u is A/T, the pairing chosen per rules.switching."""
    pv = pairing_values(shoe, cards4, up, rules)
    return pv[choose_pairing(pv, rules)]


def dealer_blackjack_value(cards4) -> int:
    """Round result when the dealer has blackjack: -1 a hand, 0 for a natural as dealt."""
    h1, h2 = pairings(cards4)["keep"]
    return sum(0 if is_natural(h) else -1 for h in (h1, h2))


def round_value(shoe: Shoe, cards4, up: int, rules: SWRules = SWRules()) -> Fraction:
    """Expected total given the four player cards and u, dealer blackjacks included."""
    base = _base(shoe, cards4, up)
    b = blackjack_hole(up)
    n = sum(base)
    if n == 0:
        raise EmptyShoeError("no card left for the hole card")
    p_bj = Fraction(base[b - 1], n) if b is not None else Fraction(0)
    u = Fraction(0)
    if p_bj:
        u += p_bj * dealer_blackjack_value(cards4)
    if p_bj != 1:
        u += (1 - p_bj) * deal_value(shoe, cards4, up, rules)
    return u


def game_ev(shoe: Shoe, rules: SWRules = SWRules()) -> Fraction:
    """Expected total of the two hands per round (not halved), dealer blackjacks included.
    Deals c1, c2, c3, c4, u, then the hole card (inside round_value)."""
    shoe = tuple(shoe)
    ev = Fraction(0)
    for c1, p1, s1 in draws(shoe):
        for c2, p2, s2 in draws(s1):
            for c3, p3, s3 in draws(s2):
                for c4, p4, s4 in draws(s3):
                    for up, p5, _ in draws(s4):
                        ev += p1 * p2 * p3 * p4 * p5 * round_value(shoe, (c1, c2, c3, c4), up, rules)
    return ev


def game_ev_up_first(shoe: Shoe, rules: SWRules = SWRules()) -> Fraction:
    """game_ev dealing u first, then c1..c4 (the same number: a self-check)."""
    shoe = tuple(shoe)
    ev = Fraction(0)
    for up, p0, s0 in draws(shoe):
        for c1, p1, s1 in draws(s0):
            for c2, p2, s2 in draws(s1):
                for c3, p3, s3 in draws(s2):
                    for c4, p4, _ in draws(s3):
                        ev += p0 * p1 * p2 * p3 * p4 * round_value(shoe, (c1, c2, c3, c4), up, rules)
    return ev


def game_ev_candidates(shoe: Shoe, rules: SWRules = SWRules()) -> set:
    """{game EV} if no reference tie is met, else the game EV under each of the 6 tie orders."""
    try:
        return {game_ev(shoe, replace(rules, tie_order=None))}
    except StrategyTieError:
        return {game_ev(shoe, replace(rules, tie_order=tb)) for tb in TIE_BREAKS}


def clear_caches() -> None:
    for f in (_dealer_final, hole_weights, next_card_probs, ref_dealer, payoff_vector, settle, V_stand,
              V_hit, V_double, reference_action, split_hand_action, split_reference_value,
              two_card_decision, _split_hand_outcomes, _split_rest, _unsplit_outcomes, _dealer_vector,
              round_value_given_hole, _pairing_values):
        f.cache_clear()


# --------------------------------------------------------------------------------- literal cross-checks
# Standard-library Fraction, no memo of any value; card lists in dealing order.  The reference
# decisions are recomputed by another route: the hand draws from the whole reference shoe S
# (hole card included), the hole card is dealt LAST from what the hand left, and a path is
# weighted by 1{hole makes no blackjack}.  This "unnormalised" expectimax U equals
# P(no blackjack | cards seen) * (conditional value); the factor is positive and common to every
# action at a node, so the argmax is the same, and at the root value = U / P(no blackjack in S).
# Decisions are cached in a plain dict per call (they are pure); values are never cached.

PyF = fractions.Fraction


def _pyf(x) -> PyF:
    return PyF(int(x.numerator), int(x.denominator)) if not isinstance(x, int) else PyF(x)


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


def _lit_total(cards) -> int:
    hard = sum(cards)
    return hard + 10 if 1 in cards and hard <= 11 else hard


def dealer_paths_literal(cards: List[int], shoe, h17: bool) -> List[Tuple[PyF, int]]:
    """Every sequence of dealer draws, as (probability, final total; 22, or 23 for a larger bust)."""
    hard = sum(cards)
    t = _lit_total(cards)
    soft = t != hard
    if t > 21:
        return [(PyF(1), min(t, 23))]
    if t >= 18 or (t == 17 and not (h17 and soft)):
        return [(PyF(1), t)]
    out = []
    for v, p, rest in _lit_draws(shoe):
        for q, o in dealer_paths_literal(cards + [v], rest, h17):
            out.append((p * q, o))
    return out


def _lit_pay(total: int, stake, o: int, rules: SWRules) -> PyF:
    if total > 21:
        return PyF(-stake)
    if o == 22 and rules.dealer_22_pushes:
        return PyF(0)
    if o >= 22:
        return PyF(stake)
    return PyF(stake if total > o else 0 if total == o else -stake)


def _lit_settle(hands: List[Tuple[List[int], object]], fixed: PyF, up: int, hole: int, shoe,
                rules: SWRules) -> PyF:
    """hands: (cards, stake) still to be settled against the dealer; fixed: sum already settled."""
    if all(_lit_total(c) > 21 for c, _ in hands):
        return fixed - sum(PyF(b) for _, b in hands)
    r = PyF(0)
    for p, o in dealer_paths_literal([up, hole], shoe, rules.h17):
        r += p * (fixed + sum(_lit_pay(_lit_total(c), b, o, rules) for c, b in hands))
    return r


def _lit_no_bj(hole: int, up: int) -> bool:
    return hole != blackjack_hole(up)


def _lit_stand_U(cards: List[int], stake, up: int, shoe, rules: SWRules) -> PyF:
    """E[payoff * 1{no dealer blackjack}], the hole card dealt last from `shoe`."""
    u = PyF(0)
    for hole, p, rest in _lit_draws(shoe):
        if _lit_no_bj(hole, up):
            u += p * _lit_settle([(cards, stake)], PyF(0), up, hole, rest, rules)
    return u


def _lit_values_U(cards: List[int], up: int, shoe, rules: SWRules, actions) -> Dict[str, PyF]:
    out = {"stand": _lit_stand_U(cards, 1, up, shoe, rules)}
    if "hit" in actions:
        u = PyF(0)
        for v, p, rest in _lit_draws(shoe):
            nc = cards + [v]
            if _lit_total(nc) > 21:
                u += p * _lit_stand_U(nc, 1, up, rest, rules)     # = -P(no blackjack | ...)
            else:
                u += p * max(_lit_values_U(nc, up, rest, rules, ("stand", "hit")).values())
        out["hit"] = u
    if "double" in actions:
        out["double"] = sum((p * _lit_stand_U(cards + [v], 2, up, rest, rules) for v, p, rest in _lit_draws(shoe)),
                            PyF(0))
    return out


def _lit_p_no_bj(shoe, up: int) -> PyF:
    return sum((p for h, p, _ in _lit_draws(shoe) if _lit_no_bj(h, up)), PyF(0))


def reference_values_literal(base, hand, up: int, rules: SWRules, actions=None) -> Dict[str, PyF]:
    """Reference (conditional) values of stand / hit / double of an unsplit hand `hand` alone in
    `base`, by the hole-dealt-last route (no split)."""
    if actions is None:
        actions = unsplit_actions(key(hand), rules)
    pn = _lit_p_no_bj(base, up)
    return {a: v / pn for a, v in _lit_values_U(list(hand), up, tuple(base), rules, actions).items()}


class _LiteralGame:
    """One deal (four cards, u) played literally.  Decisions by the hole-last route."""

    def __init__(self, shoe, cards4, up: int, rules: SWRules):
        self.rules = rules
        self.up = up
        self.cards4 = tuple(cards4)
        self.base = remove(tuple(shoe), *cards4, up)
        self._dec: Dict[tuple, str] = {}

    # -- decisions (pure; cached per instance)
    def _ref_action(self, cards, shoe, actions) -> str:
        k = (key(cards), shoe, actions)
        if k not in self._dec:
            if actions == ("stand",):
                self._dec[k] = "stand"
            else:
                vals = _lit_values_U(list(cards), self.up, shoe, self.rules, actions)
                self._dec[k] = pick(vals, self.rules)
        return self._dec[k]

    def split_ref_value_U(self, pair: int) -> PyF:
        """Unnormalised reference value of a split: the split round draws from base (hole card
        included), then the hole card is dealt from what is left, weight 1{no blackjack}."""
        u = PyF(0)
        for prob, hands, shoe in self.split_paths(pair, self.base):
            for hole, p, rest in _lit_draws(shoe):
                if _lit_no_bj(hole, self.up):
                    u += prob * p * _lit_settle(hands, PyF(0), self.up, hole, rest, self.rules)
        return u

    def two_card_action(self, cards) -> str:
        k = ("two", key(cards))
        if k not in self._dec:
            h = key(cards)
            acts = unsplit_actions(h, self.rules)
            vals = _lit_values_U(list(h), self.up, self.base, self.rules, acts)
            a = pick(vals, self.rules)
            if may_split(h, self.rules) and self.split_ref_value_U(h[0]) > vals[a]:
                a = "split"
            self._dec[k] = a
        return self._dec[k]

    # -- literal play: lists of (probability, hands [(cards, stake)], shoe after)
    def split_hand_paths(self, cards: List[int], split_ace: bool, pair: int, shoe):
        back = list(self.base)
        back[pair - 1] += 1          # (CDZ-: the other split hand's pair card stays in the reference)
        ref = remove(tuple(back), *multiset_minus(cards, (pair,)))
        a = self._ref_action(cards, ref, post_split_actions(key(cards), split_ace and len(cards) == 2, self.rules))
        if a == "stand":
            return [(PyF(1), (cards, 1), shoe)]
        out = []
        for v, p, rest in _lit_draws(shoe):
            nc = cards + [v]
            if a == "double":
                out.append((p, (nc, 2), rest))
            elif _lit_total(nc) > 21:
                out.append((p, (nc, 1), rest))
            else:
                out += [(p * q, h, s) for q, h, s in self.split_hand_paths(nc, split_ace, pair, rest)]
        return out

    def split_paths(self, pair: int, shoe):
        def round_(n_hands: int, i: int, done: list, shoe):
            if i == n_hands:
                return [(PyF(1), done, shoe)]
            out = []
            for v, p, rest in _lit_draws(shoe):
                if may_resplit(v, pair, n_hands, self.rules):
                    out += [(p * q, h, s) for q, h, s in round_(n_hands + 1, i, done, rest)]
                    continue
                for q, hand, mid in self.split_hand_paths([pair, v], pair == 1, pair, rest):
                    out += [(p * q * r, h, s) for r, h, s in round_(n_hands, i + 1, done + [hand], mid)]
            return out
        return round_(2, 0, [], shoe)

    def hand_paths(self, cards: List[int], shoe):
        """An unsplit hand dealt `cards` (two), played by its rule."""
        a = self.two_card_action(cards)
        if a == "split":
            return self.split_paths(cards[0], shoe)
        if a == "stand":
            return [(PyF(1), [(list(cards), 1)], shoe)]
        if a == "double":
            return [(p, [(list(cards) + [v], 2)], rest) for v, p, rest in _lit_draws(shoe)]
        out = []

        def hit(cs: List[int], shoe, prob):
            for v, p, rest in _lit_draws(shoe):
                nc = cs + [v]
                if _lit_total(nc) > 21:
                    out.append((prob * p, [(nc, 1)], rest))
                    continue
                ref = remove(self.base, *nc[2:])
                if self._ref_action(nc, ref, ("stand", "hit")) == "stand":
                    out.append((prob * p, [(nc, 1)], rest))
                else:
                    hit(nc, rest, prob * p)
        hit(list(cards), shoe, PyF(1))
        return out

    def fixed(self, cards, keep: bool):
        if is_natural(cards):
            if keep:
                return _pyf(self.rules.blackjack_pays)
            if self.rules.switched_blackjack == "wins":
                return PyF(1)
        return None

    def distribution(self, pairing: str) -> Dict[PyF, PyF]:
        """{net result of the round: probability} for a pairing, given no dealer blackjack: the
        hole card dealt explicitly first (non-blackjack), hand 1, hand 2, every dealer path."""
        h1, h2 = pairings(self.cards4)[pairing]
        keep = pairing == "keep"
        holes = [(h, p, rest) for h, p, rest in _lit_draws(self.base) if _lit_no_bj(h, self.up)]
        pn = sum((p for _, p, _ in holes), PyF(0))
        dist: Dict[PyF, PyF] = {}

        def paths(cards, shoe):
            f = self.fixed(cards, keep)
            if f is not None:
                return [(PyF(1), f, [], shoe)]
            return [(p, PyF(0), hands, s) for p, hands, s in self.hand_paths(list(cards), shoe)]

        for hole, ph, s0 in holes:
            for p1, f1, hs1, s1 in paths(h1, s0):
                for p2, f2, hs2, s2 in paths(h2, s1):
                    hands = hs1 + hs2
                    pr = ph / pn * p1 * p2
                    if all(_lit_total(c) > 21 for c, _ in hands):
                        net = f1 + f2 - sum(PyF(b) for _, b in hands)
                        dist[net] = dist.get(net, PyF(0)) + pr
                        continue
                    for pd, o in dealer_paths_literal([self.up, hole], s2, self.rules.h17):
                        net = f1 + f2 + sum(_lit_pay(_lit_total(c), b, o, self.rules) for c, b in hands)
                        dist[net] = dist.get(net, PyF(0)) + pr * pd
        return dist


def round_distribution_literal(shoe, cards4, up: int, rules: SWRules, pairing: str) -> Dict[PyF, PyF]:
    """{net result: probability} of a pairing given the deal and no dealer blackjack (literal)."""
    return _LiteralGame(shoe, cards4, up, rules).distribution(pairing)


def pairing_values_literal(shoe, cards4, up: int, rules: SWRules) -> Dict[str, PyF]:
    g = _LiteralGame(shoe, cards4, up, rules)
    out = {}
    for name in ("keep", "switch"):
        out[name] = sum((x * p for x, p in g.distribution(name).items()), PyF(0))
    return out


def game_ev_literal(shoe, rules: SWRules) -> PyF:
    """game_ev by the literal route: dealing u first, then c1..c4, the hole card in the deal's
    literal game; the pairing by rules.switching from the literal pairing values."""
    ev = PyF(0)
    for up, p0, s0 in _lit_draws(tuple(shoe)):
        for c1, p1, s1 in _lit_draws(s0):
            for c2, p2, s2 in _lit_draws(s1):
                for c3, p3, s3 in _lit_draws(s2):
                    for c4, p4, s4 in _lit_draws(s3):
                        p = p0 * p1 * p2 * p3 * p4
                        cards4 = (c1, c2, c3, c4)
                        pn = _lit_p_no_bj(s4, up)
                        if pn != 1:
                            ev += p * (1 - pn) * dealer_blackjack_value(cards4)
                        if pn:
                            pv = pairing_values_literal(shoe, cards4, up, rules)
                            ev += p * pn * pv[choose_pairing(pv, rules)]
    return ev


if __name__ == "__main__":
    import sys
    import time
    shoe = make_shoe({1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 8})
    for r in [SWRules(max_split_hands=1)] + ([SWRules()] if "--splits" in sys.argv else []):
        t = time.time()
        ev = game_ev(shoe, r)
        print(f"{r.max_split_hands=}: {ev} = {float(ev):.15f}  {time.time() - t:.1f}s")
