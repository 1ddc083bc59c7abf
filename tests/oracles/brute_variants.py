"""Independent brute-force enumerator for three blackjack variants (exact, ``Fraction``).

Written from shared/reference/GAMES.md (sections 2-4), the rule cards in
shared/seeds/ and the public API contract only, WITHOUT reading the engine in
``bjcalc/``.  It is slow and meant to be obviously correct; it is used by
``tests/oracles/test_brute_variants.py`` to check the engine exactly on tiny shoes.

Variants (all are switches on top of standard blackjack, any combination):

* ``burn_20`` -- Blackjack Burn 20.  Under a ten-value up card the dealer's
  second card comes after the players act.  2-9: ordinary.  An ace of a
  DIFFERENT suit from the up card: dealer blackjack.  A ten-value, or an ace
  of the SAME suit as the up card: both cards are burned, the dealer takes
  two fresh cards, which are burned again while they are two ten-values or
  form any blackjack (suit no longer matters); then the dealer completes the
  hand as usual (a 20 of 3+ cards stands).  With ``hole="peek"`` the dealer
  checks first (only the off-suit ace is a blackjack); see "Peek" below.
* ``dealer_22_pushes`` -- a dealer final total of 22 (any number of cards)
  pushes every player hand still in play; naturals are paid as usual
  (they are settled at the round level here); busted hands still lose.
* ``bust_push`` -- No Bust 21st Century: a busted player hand of exactly 3
  cards (doubled hands and 3-card split hands included) pushes when the
  dealer busts with a strictly higher total: ``"three_card_23_25"`` (player
  23-25), ``"three_card_25_v_26"`` (player 25 v dealer 26 only),
  ``"three_card_lower"`` (any 3-card bust).  Equal bust totals lose.
* ``must_hit_below`` (player may not stand on a total below it; 0 = off;
  doubling is still allowed: it takes a card), ``hit_21`` (False: may not hit
  any 21 -- "must stand" -- so, by default, a 2-card 21 after a split may not
  double either; ``stand_21_blocks_double=False`` is the other reading, where
  only hitting is forbidden), ``max_hand_cards`` (a player hand with that many
  cards stands; the dealer is not limited).
* ``split_tens_by_rank`` -- only identical RANKS split (K,K yes, K,T no).
* ``double_after_hit`` -- doubling on any number of cards (Binion's Burn 20 "double on any
  number of cards", the Ocean's 11 No Bust game), with the semantics of
  tests/oracles/brute_anytime.py (written from the same reference): an unsplit hand may
  double after hitting; a split hand too when ``das`` allows; one card, no redoubling;
  ``double_on`` / ``double_soft`` restrict the CURRENT total whatever the number of cards.
  With the variants' own rules: a hand that may not take a card may not double (``hit_21``
  False: a 21 of any number of cards, per ``stand_21_blocks_double``; a hand at
  ``max_hand_cards``); ``must_hit_below`` still allows the double (it takes a card).  No
  Bust's bust push counts cards: a hand doubled after a hit has 4+ cards, so its bust never
  pushes (a hand doubled on two cards has three, and does, as before).
* ``surrender="any_time"`` -- late surrender (after the peek in peek games; in ENHC games a
  dealer blackjack still takes the whole bet) that an UNSPLIT hand which has not doubled may
  also take after any number of hits; never on split hands (brute_anytime's semantics).  A
  surrendered hand never busts, so No Bust's bust pushes never touch it.  ``must_hit_below``
  forbids standing; whether it forbids surrendering too GAMES.md does not say ("the player
  must hit 11 or less"): ``must_hit_blocks_surrender=False`` (default, the reading the
  late-surrender No Bust game already uses: a 2-card 9 may surrender) or ``True`` (no
  surrender, late or at any time, of a total the player must hit).
* ``charlie`` -- an N-card Charlie (None = off, or N >= 3): a player hand that holds N cards
  and has not busted (hard total <= 21) wins at once, +1 per unit of its wager (+2 if it
  doubled: a double takes one card, so a doubled Charlie is a hand doubled on N-1 cards --
  on two cards for N = 3, after hits with ``double_after_hit`` for N >= 4), whatever the
  dealer holds, and takes no more cards.  Unsplit and split hands alike
  (a split hand counts its own cards: the split card and what it drew).  Dealer blackjack:
  in peek games the check came first, so a Charlie never meets one (weight 0 as for every
  hand); in ENHC games a dealer blackjack takes the Charlie's bet like any other hand's
  (``"enhc"``: the whole bet, doubles and splits included; ``"enhc_obo"``: the round costs
  the original bet only) -- i.e. `weighted_payoff` settles "bj" before any hand is looked at.
  ``dealer_22_pushes``: a Charlie has already won, +1 against a dealer 22 too.  A Charlie is
  not busted, so No Bust's bust pushes never concern it.  With ``max_hand_cards`` M a hand
  stops at min(N, M) cards and only a hand of N cards is a Charlie (M < N: never).  A
  two-card natural is untouched (N >= 3).  Readings chosen where the rule is silent: a hand
  of N cards has ended, so it has no decision left -- no hit, no double (with
  ``double_after_hit``, a hand of N cards may not double, and one of N-1 cards doubling makes
  a doubled Charlie), no surrender at any time (it would only lose to its +1); `hand_values`
  of an N-card hand offers "stand" alone, whose value is the Charlie's win (scaled in peek
  games like every value; in ENHC games the dealer blackjacks lower it).  The player's
  decisions before N cards know the rule (hitting to the N-th card is valued as the win).
  The dealer still completes his hand on every path (a Charlie's result does not depend on
  it; other hands of a split round do).  Surrender (late, early, any time) is offered where
  it was.  ``must_hit_below`` never forces a hit at N cards (no card may be taken).

Model
-----
* Cards are PHYSICAL card types ``(rank, suit)``: rank 1..13 (1 = A, 10 = T,
  11 = J, 12 = Q, 13 = K), suit a letter or ``""`` for an unsuited shoe.  A
  shoe is a tuple of counts over the sorted list of types present in the full
  shoe (two identical physical cards, e.g. two KS from two decks, are one type
  with count 2: they are indistinguishable in every respect).  Every random
  card is drawn explicitly from what remains; an empty shoe raises
  :class:`EmptyShoeError`.
* What the PLAYER sees of a card is its *label*: its value (1..10) -- the
  player is suit-blind and rank-blind, as the contract asks -- except with
  ``split_tens_by_rank``, where the label is the rank (ranks then matter for
  splitting).  A decision node is an information set ``(sorted labels of the
  hand, up-card value)``.  The hidden physical state is ``(up-card type,
  remaining shoe)``; at each information set the enumerator holds the
  explicit *belief*: the conditional distribution of the physical state
  given the labels seen, built by enumerating every physical assignment of
  the hand's labels and the up value (weights = draw probabilities).
  ``belief_after_draw`` builds the same object by an explicit transition from
  the parent belief; a self-test checks both agree exactly.
* Player values are conditional expectations given the information set of
  ``payoff * w``, with ``w = 1{no dealer blackjack}`` in peek games and
  ``w = 1`` in ENHC games (where the dealer blackjack's effect is in the
  payoff).  Every decision maximises this over the actions allowed, i.e. the
  player's strategy is the optimal SUIT-BLIND composition-dependent one
  (each decision averages over every suit assignment consistent with what has
  been seen).  Peek hand values are divided by P(no dealer BJ | root info).
* Peek: the hole card is dealt before the players act and checked; here it
  is drawn after every player card, with the weight ``w`` (exchangeability:
  moving one uniformly random unseen card from before the player's draws to
  after them is a bijection of deck orders, since the player's stopping
  depends only on the player's cards).  In Burn 20 a burned hole card is
  replaced by two fresh cards drawn after the players act, exactly as here.
* Dealer outcomes keep the exact final total (22, 23, ... matter) or "bj".
* OBO convention (as in tests/oracles/brute_force.py and the engine's standard game):
  against a dealer blackjack the round costs exactly the original bet, -1,
  whatever the player did.  ENHC lose-all: every bet on the table is lost.
* Splits: to 2 hands only; each hand gets its second card, then is played
  with the fixed CDZ- post-split strategy: every decision is the one that is
  optimal for the same cards unsplit (the single-hand recursion at the
  information set ``(the split hand's labels, up value)`` from the full shoe);
  with ``double_after_hit`` or ``surrender="any_time"`` the value of hitting that the
  reference compares continues, as in brute_anytime, with the UNSPLIT hand's actions
  (``split_reference="unsplit"``, default: may surrender, may double after a hit even
  without DAS) or with the split hand's own (``"split"``: no surrender, doubling after
  a hit only with DAS);
  hand 1 is enumerated over explicit physical cards, then hand 2 from what is
  left, then the dealer.  Ties in a reference decision raise
  :class:`StrategyTieError` (``*_candidates`` return the set of values under
  every tie-break order instead).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from oracles import Fraction
from typing import Dict, Iterable, Iterator, List, Optional, Tuple

try:   # exact rationals; gmpy2's mpq is several times faster than Fraction
    from gmpy2 import mpq as F
except ImportError:  # pragma: no cover
    F = Fraction


def to_fraction(x) -> Fraction:
    """Any exact rational (mpq, Fraction, int, sympy Rational) as a Fraction."""
    if hasattr(x, "p") and hasattr(x, "q"):           # sympy
        return Fraction(int(x.p), int(x.q))
    return Fraction(int(x.numerator), int(x.denominator))

RANK_NAMES = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
RANK_LETTERS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
BUST_PUSH = ("none", "three_card_23_25", "three_card_25_v_26", "three_card_lower")
TIE_BREAKS = tuple(itertools.permutations(("stand", "hit", "double")))


class EmptyShoeError(RuntimeError):
    """Some enumerated path needed a card but the shoe was empty."""


class StrategyTieError(RuntimeError):
    """A post-split reference decision had two exactly equal best actions."""


@dataclass(frozen=True)
class VRules:
    h17: bool = False
    bj_pays: Fraction = F(3, 2)
    hole: str = "peek"                  # "peek" | "enhc" | "enhc_obo"
    double_on: str = "any"              # "any" | "9-11" | "10-11" | "none"
    double_soft: bool = True
    das: bool = True
    max_split_hands: int = 2            # 1 or 2
    hit_split_aces: bool = False
    double_split_aces: bool = False
    split_tens_by_rank: bool = False
    surrender: str = "none"             # "none" | "late" | "early" | "any_time"
    max_hand_cards: Optional[int] = None
    burn_20: bool = False
    dealer_22_pushes: bool = False
    bust_push: str = "none"
    must_hit_below: int = 0
    hit_21: bool = True
    # reading of hit_21=False for a 2-card 21 that may double (a split A+T with
    # DAS): True (default) = "must stand on any 21" forbids the double too;
    # False = only hitting is forbidden (the engine's reading once; it now matches True, on
    # two cards (DOUBLE_21 in the tests) and on more with double_after_hit)
    stand_21_blocks_double: bool = True
    # doubling on any number of cards (see the module docstring)
    double_after_hit: bool = False
    # what the CDZ- reference's "value of hitting" continues with once split and unsplit
    # hands have different actions after a hit: "unsplit" (default) | "split"
    split_reference: str = "unsplit"
    # reading of must_hit_below with surrender: False (default) = it only forbids standing;
    # True = a hand the player must hit may not surrender either (late or any_time)
    must_hit_blocks_surrender: bool = False
    # an N-card Charlie: None (off) or N >= 3 (see the module docstring)
    charlie: Optional[int] = None

    def __post_init__(self):
        assert self.hole in ("peek", "enhc", "enhc_obo")
        assert self.double_on in ("any", "9-11", "10-11", "none")
        assert self.surrender in ("none", "late", "early", "any_time")
        assert self.split_reference in ("unsplit", "split")
        assert self.bust_push in BUST_PUSH
        assert self.max_split_hands in (1, 2), "this enumerator only knows 1 or 2 hands"
        assert self.max_hand_cards is None or self.max_hand_cards >= 3
        assert self.charlie is None or (isinstance(self.charlie, int)
                                        and not isinstance(self.charlie, bool)
                                        and self.charlie >= 3), self.charlie


# --------------------------------------------------------------------------
# cards
# --------------------------------------------------------------------------

def parse_card(text) -> Tuple[int, str]:
    """"AS" -> (1, "S"), "KH" -> (13, "H"), "T" -> (10, ""), 7 -> (7, "")."""
    if isinstance(text, int):
        assert 1 <= text <= 10
        return (text, "")
    s = str(text).strip().upper()
    r, suit = s[0], s[1:]
    rank = RANK_NAMES[r] if r in RANK_NAMES else int(r)
    assert 1 <= rank <= 13 and suit in ("", "S", "H", "D", "C"), text
    return (rank, suit)


def value_of(rank: int) -> int:
    return min(rank, 10)


def label_name(label: int) -> str:
    return RANK_LETTERS.get(label, str(label))


def total_soft(vals: Iterable[int]) -> Tuple[int, bool]:
    """Best total (an ace may count 11) and softness; a bust total is hard."""
    vals = tuple(vals)
    s = sum(vals)
    if 1 in vals and s + 10 <= 21:
        return s + 10, True
    return s, False


@lru_cache(maxsize=None)
def _label_total(labels: Tuple[int, ...]) -> Tuple[int, bool]:
    """Game.total: total_soft of the labels' values (a function of the labels alone, asked for
    again and again: computed once each)."""
    return total_soft(value_of(label) for label in labels)


def hkey(labels) -> Tuple[int, ...]:
    return tuple(sorted(labels))


# --------------------------------------------------------------------------
# settlement
# --------------------------------------------------------------------------

# a settled player hand: (total -- hard total if > 21 --, number of cards, bet)
Settled = Tuple[int, int, int]


def is_charlie(total: int, ncards: int, rules: VRules) -> bool:
    """An N-card Charlie: exactly ``rules.charlie`` cards, not busted."""
    return rules.charlie is not None and ncards == rules.charlie and total <= 21


def settle(hand: Settled, outcome, rules: VRules) -> int:
    """Net result of one non-natural player hand against a dealer final total
    (int, may be > 21).  Dealer blackjack is handled by `weighted_payoff`."""
    total, ncards, bet = hand
    if is_charlie(total, ncards, rules):
        return bet                        # won at once, whatever the dealer (22 included)
    if total > 21:
        if outcome > 21 and outcome > total and ncards == 3:
            bp = rules.bust_push
            if (bp == "three_card_lower"
                    or (bp == "three_card_23_25" and 23 <= total <= 25)
                    or (bp == "three_card_25_v_26" and total == 25 and outcome == 26)):
                return 0
        return -bet
    if outcome == 22 and rules.dealer_22_pushes:
        return 0
    if outcome > 21 or total > outcome:
        return bet
    if total < outcome:
        return -bet
    return 0


def weighted_payoff(hands: List[Settled], outcome, rules: VRules) -> int:
    """Round result times the peek weight (peek: dealer-BJ paths weigh 0)."""
    if outcome == "bj":
        if rules.hole == "peek":
            return 0
        if rules.hole == "enhc":
            return -sum(h[2] for h in hands)
        return -1                                   # enhc_obo
    return sum(settle(h, outcome, rules) for h in hands)


# --------------------------------------------------------------------------
# the game on a physical shoe
# --------------------------------------------------------------------------

_DEALER_CACHES: Dict[tuple, Dict] = {}
"""Game's dealer distributions, by (the shoe's card types, H17, Burn 20), and what the player
knows, by these, the full shoe and split_tens_by_rank: see Game.__init__."""


class Game:
    """All computations for one physical full shoe and one rule set.
    `cards`: iterable of card strings ("AS", "TH", "7", ...) or ints (values)."""

    def __init__(self, cards: Iterable, rules: VRules):
        cnt = Counter(parse_card(c) for c in cards)
        self.rules = rules
        self.types: List[Tuple[int, str]] = sorted(cnt)
        self.full: Tuple[int, ...] = tuple(cnt[t] for t in self.types)
        self.val = [value_of(r) for r, _ in self.types]
        self.suit = [s for _, s in self.types]
        self.lab = [r if rules.split_tens_by_rank else value_of(r) for r, _ in self.types]
        if rules.burn_20:
            assert all(s for v, s in zip(self.val, self.suit) if v in (1, 10)), \
                "Burn 20 needs suited aces and ten-values"
        self._cache: Dict = {}
        # the dealer's distributions depend on the shoe's cards, H17 and Burn 20 alone: games
        # that share them share these (the tests build many games on one shoe)
        self._dealer_cache: Dict = _DEALER_CACHES.setdefault((tuple(self.types), rules.h17, rules.burn_20), {})
        # and what the player knows (beliefs, next-card and dealer mixtures) on the full shoe, on
        # its labels (split_tens_by_rank) too
        self._info_cache: Dict = _DEALER_CACHES.setdefault(
            (tuple(self.types), rules.h17, rules.burn_20, self.full, rules.split_tens_by_rank), {})

    @classmethod
    def from_counts(cls, counts: Dict[int, int], rules: VRules) -> "Game":
        """Unsuited shoe from value counts {1: 2, 10: 8, ...} (tens become rank T)."""
        cards = []
        for v, n in counts.items():
            cards += [int(v)] * int(n)
        return cls(cards, rules)

    # ---------------------------------------------------------------- helpers

    def memo(self, key, fn, cache=None):
        c = self._cache if cache is None else cache
        if key not in c:
            c[key] = fn()
        return c[key]

    def draws(self, shoe: Tuple[int, ...]) -> Iterator[Tuple[int, Fraction, Tuple[int, ...]]]:
        """Every possible next physical card: (type index, probability, shoe after)."""
        n = sum(shoe)
        if n == 0:
            raise EmptyShoeError("a path draws from an empty shoe")
        for i, k in enumerate(shoe):
            if k:
                s = list(shoe)
                s[i] -= 1
                yield i, F(k, n), tuple(s)

    def values(self, labels) -> Tuple[int, ...]:
        return tuple(value_of(label) for label in labels)

    # ---------------------------------------------------------------- dealer

    def _complete(self, vals: Tuple[int, ...], shoe) -> Dict:
        """Dealer holding `vals` (>= 2 cards, not a natural) draws to the end."""
        def go():
            total, soft = total_soft(vals)
            if total > 21 or total > 17 or (total == 17 and not (soft and self.rules.h17)):
                return {total: F(1)}
            out: Dict = {}
            for i, p, rest in self.draws(shoe):
                for o, q in self._complete(hkey(vals + (self.val[i],)), rest).items():
                    out[o] = out.get(o, 0) + p * q
            return out
        return self.memo(("complete", vals, shoe), go, self._dealer_cache)

    def _fresh(self, shoe) -> Dict:
        """Burn 20: two fresh cards, burned again while two ten-values or a
        blackjack (any suits), then completed."""
        def go():
            out: Dict = {}
            for i, p, s1 in self.draws(shoe):
                for j, q, s2 in self.draws(s1):
                    a, b = self.val[i], self.val[j]
                    if (a == 10 and b == 10) or {a, b} == {1, 10}:
                        d = self._fresh(s2)
                    else:
                        d = self._complete(hkey((a, b)), s2)
                    for o, r in d.items():
                        out[o] = out.get(o, 0) + p * q * r
            return out
        return self.memo(("fresh", shoe), go, self._dealer_cache)

    def dealer(self, up: int, shoe) -> Dict:
        """Outcome distribution of the dealer with physical up card `up` (type
        index); the second card and every later card come from `shoe`.
        Outcomes: final total (int, > 21 = bust) or "bj".  Unconditional."""
        def go():
            upv = self.val[up]
            out: Dict = {}
            for i, p, rest in self.draws(shoe):
                x = self.val[i]
                if self.rules.burn_20 and upv == 10 and (
                        x == 10 or (x == 1 and self.suit[i] == self.suit[up])):
                    d = self._fresh(rest)
                elif {upv, x} == {1, 10}:
                    d = {"bj": F(1)}
                else:
                    d = self._complete(hkey((upv, x)), rest)
                for o, q in d.items():
                    out[o] = out.get(o, 0) + p * q
            return out
        return self.memo(("dealer", up, shoe), go, self._dealer_cache)

    def dealer_distribution(self, up_card) -> Dict:
        """Dealer outcomes for the physical up card `up_card` ("TS"), only it
        removed from the full shoe (no peek)."""
        t = self.types.index(parse_card(up_card))
        s = list(self.full)
        s[t] -= 1
        return self.dealer(t, tuple(s))

    # ---------------------------------------------------------------- beliefs

    def belief(self, hand: Tuple[int, ...], upv: int) -> Dict:
        """P(physical state | the player holds cards with these labels and the
        up card has value upv): {(up type, remaining shoe): probability}.
        Built by enumerating every physical assignment (draw probabilities)."""
        hand = hkey(hand)

        def go():
            states = {(None, self.full): F(1)}
            for lab in hand:
                nxt: Dict = {}
                for (up, shoe), w in states.items():
                    n = sum(shoe)
                    for i, k in enumerate(shoe):
                        if k and self.lab[i] == lab:
                            s = list(shoe)
                            s[i] -= 1
                            key = (up, tuple(s))
                            nxt[key] = nxt.get(key, 0) + w * F(k, n)
                states = nxt
            nxt = {}
            for (_, shoe), w in states.items():
                n = sum(shoe)
                for i, k in enumerate(shoe):
                    if k and self.val[i] == upv:
                        s = list(shoe)
                        s[i] -= 1
                        key = (i, tuple(s))
                        nxt[key] = nxt.get(key, 0) + w * F(k, n)
            tot = sum(nxt.values())
            if tot == 0:
                raise ValueError(f"hand {hand} v {upv} cannot be dealt from this shoe")
            return {k: w / tot for k, w in nxt.items()}
        return self.memo(("belief", hand, upv), go, self._info_cache)

    def belief_after_draw(self, hand, upv: int, label: int) -> Dict:
        """Explicit transition: the belief of (hand, upv) updated by drawing a
        card with this label (for the self-test of `belief`)."""
        out: Dict = {}
        for (up, shoe), w in self.belief(hand, upv).items():
            n = sum(shoe)
            for i, k in enumerate(shoe):
                if k and self.lab[i] == label:
                    s = list(shoe)
                    s[i] -= 1
                    out[(up, tuple(s))] = out.get((up, tuple(s)), 0) + w * F(k, n)
        tot = sum(out.values())
        return {k: w / tot for k, w in out.items()}

    def next_label_probs(self, hand, upv: int) -> Dict[int, Fraction]:
        """P(the next card has label l | info)."""
        def go():
            out: Dict = {}
            for (up, shoe), w in self.belief(hand, upv).items():
                n = sum(shoe)
                if n == 0:
                    raise EmptyShoeError("the player draws from an empty shoe")
                for i, k in enumerate(shoe):
                    if k:
                        out[self.lab[i]] = out.get(self.lab[i], 0) + w * F(k, n)
            return out
        return self.memo(("nextlab", hkey(hand), upv), go, self._info_cache)

    def dealer_mix(self, hand, upv: int) -> Dict:
        """Dealer outcome distribution given the information set (mixture over
        the belief)."""
        def go():
            out: Dict = {}
            for (up, shoe), w in self.belief(hand, upv).items():
                for o, q in self.dealer(up, shoe).items():
                    out[o] = out.get(o, 0) + w * q
            return out
        return self.memo(("mix", hkey(hand), upv), go, self._info_cache)

    def p_bj(self, hand, upv: int) -> Fraction:
        return self.dealer_mix(hand, upv).get("bj", F(0))

    # ---------------------------------------------------------------- player rules

    def total(self, hand) -> Tuple[int, bool]:
        return _label_total(tuple(hand))

    def is_natural(self, hand) -> bool:
        return len(hand) == 2 and sorted(self.values(hand)) == [1, 10]

    def is_charlie(self, hand) -> bool:
        return is_charlie(self.total(hand)[0], len(hand), self.rules)

    def can_hit(self, hand) -> bool:
        r = self.rules
        t, _ = self.total(hand)
        if t > 21 or (t == 21 and not r.hit_21):
            return False
        if r.charlie is not None and len(hand) >= r.charlie:
            return False                                    # a Charlie has ended
        return r.max_hand_cards is None or len(hand) < r.max_hand_cards

    def must_hit(self, hand) -> bool:
        return self.total(hand)[0] < self.rules.must_hit_below and self.can_hit(hand)

    def double_allowed(self, hand) -> bool:
        """May this hand double by its cards and total (2 cards, or more with
        double_after_hit)?  Who may double at all (DAS, split aces) is the caller's."""
        r = self.rules
        if len(hand) < 2 or r.double_on == "none":
            return False
        if len(hand) > 2:
            if not r.double_after_hit:
                return False
            if r.max_hand_cards is not None and len(hand) >= r.max_hand_cards:
                return False                                        # may not take a card
            if r.charlie is not None and len(hand) >= r.charlie:
                return False                                        # a Charlie has ended
        t, soft = self.total(hand)
        if t > 21:
            return False
        if t == 21 and not r.hit_21 and r.stand_21_blocks_double:   # "must stand on any 21"
            return False
        if soft:
            return r.double_soft and r.double_on == "any"
        if r.double_on == "any":
            return True
        if r.double_on == "9-11":
            return 9 <= t <= 11
        return 10 <= t <= 11

    def may_surrender(self, hand) -> bool:
        """May this UNSPLIT, undoubled hand surrender now (late: two cards only;
        any_time: any number)?  Early surrender is the round's (see round_ev)."""
        r = self.rules
        if r.surrender not in ("late", "any_time") or self.total(hand)[0] > 21:
            return False
        if r.surrender == "late" and len(hand) != 2:
            return False
        if self.is_charlie(hand):
            return False                                    # it has already won
        return not (r.must_hit_blocks_surrender and self.must_hit(hand))

    def is_pair(self, hand) -> bool:
        return len(hand) == 2 and hand[0] == hand[1]     # labels: ranks if by rank

    def settled(self, hand, bet: int) -> Settled:
        return (self.total(hand)[0], len(hand), bet)

    # ---------------------------------------------------------------- single hand, values given the info

    def E_settle(self, hand, upv: int, bet: int = 1) -> Fraction:
        """E[w * payoff | info] of the hand standing as it is (or busted)."""
        hand = hkey(hand)

        def go():
            h = self.settled(hand, bet)
            return sum((q * weighted_payoff([h], o, self.rules)
                        for o, q in self.dealer_mix(hand, upv).items()), F(0))
        return self.memo(("settle", hand, upv, bet), go)

    def E_stand(self, hand, upv: int) -> Fraction:
        return self.E_settle(hand, upv, 1)

    def E_hit(self, hand, upv: int, ctx: str = "unsplit") -> Fraction:
        """Hit, then play on optimally with the actions a hand has after a hit:
        stand / hit within the rules, and (``ctx="unsplit"``) double with
        double_after_hit, surrender with any_time; (``ctx="split"``: the split
        hand's own, for split_reference="split") double with DAS and
        double_after_hit, never surrender."""
        hand = hkey(hand)

        def go():
            assert self.can_hit(hand)
            return sum((p * self.V_hs(hand + (lab,), upv, ctx)
                        for lab, p in self.next_label_probs(hand, upv).items()), F(0))
        return self.memo(("hit", hand, upv, ctx), go)

    def V_hs(self, hand, upv: int, ctx: str = "unsplit") -> Fraction:
        """Best value of a hand that has hit (3+ cards), with the actions of `ctx`."""
        hand = hkey(hand)
        if self.total(hand)[0] > 21:
            return self.E_stand(hand, upv)                  # busted
        vals = []
        if not self.must_hit(hand):
            vals.append(self.E_stand(hand, upv))
        if self.can_hit(hand):
            vals.append(self.E_hit(hand, upv, ctx))
        if self.double_allowed(hand) and (ctx == "unsplit" or self.rules.das):
            vals.append(self.E_double(hand, upv))
        if ctx == "unsplit" and self.rules.surrender == "any_time" and self.may_surrender(hand):
            vals.append(self.E_late_surrender(hand, upv))
        return max(vals)

    def E_double(self, hand, upv: int) -> Fraction:
        hand = hkey(hand)

        def go():
            return sum((p * self.E_settle(hand + (lab,), upv, 2)
                        for lab, p in self.next_label_probs(hand, upv).items()), F(0))
        return self.memo(("double", hand, upv), go)

    def E_late_surrender(self, hand, upv: int) -> Fraction:
        pbj = self.p_bj(hand, upv)
        return pbj * (0 if self.rules.hole == "peek" else -1) + (1 - pbj) * F(-1, 2)

    # ---------------------------------------------------------------- splits (2 hands, CDZ-)

    def post_split_actions(self, hand, split_ace: bool) -> Tuple[str, ...]:
        r = self.rules
        acts = ["stand"]
        if self.can_hit(hand) and (len(hand) > 2 or not split_ace or r.hit_split_aces):
            acts.append("hit")
        if (r.das and self.double_allowed(hand)          # (3+ cards: with double_after_hit)
                and (len(hand) > 2 or not split_ace or r.double_split_aces)):
            acts.append("double")
        if len(acts) > 1 and self.total(hand)[0] < r.must_hit_below:
            acts.remove("stand")
        return tuple(acts)

    def reference_action(self, hand, upv: int, actions: Tuple[str, ...],
                         tie_break: Optional[Tuple[str, ...]]) -> str:
        """CDZ-: the best of `actions` for these cards unsplit (info set from the
        full shoe).  All actions compared at the same info set."""
        if len(actions) == 1:
            return actions[0]
        ctx = self.rules.split_reference
        fn = {"stand": self.E_stand, "hit": lambda h, u: self.E_hit(h, u, ctx),
              "double": self.E_double}
        vals = {a: fn[a](hand, upv) for a in actions}
        best = max(vals.values())
        win = [a for a in actions if vals[a] == best]
        if len(win) > 1:
            if tie_break is None:
                raise StrategyTieError(f"tie {win} for {hand} v {upv}: {vals}")
            return min(win, key=tie_break.index)
        return win[0]

    def play_split_hand(self, hand: Tuple[int, ...], shoe, upv: int, split_ace: bool,
                        tie_break) -> List[Tuple[Fraction, Settled, Tuple[int, ...]]]:
        """Every explicit physical card sequence of one post-split hand that
        already has its 2nd card: [(probability, settled hand, shoe after)]."""
        t, _ = self.total(hand)
        if t > 21:
            return [(F(1), (t, len(hand), 1), shoe)]
        action = self.reference_action(hkey(hand), upv, self.post_split_actions(hand, split_ace),
                                       tie_break)
        if action == "stand":
            return [(F(1), self.settled(hand, 1), shoe)]
        out = []
        for i, p, rest in self.draws(shoe):
            new = hand + (self.lab[i],)
            if action == "double":
                out.append((p, self.settled(new, 2), rest))
            else:
                for q, res, after in self.play_split_hand(new, rest, upv, False, tie_break):
                    out.append((p * q, res, after))
        return out

    def E_split(self, pair_label: int, upv: int, tie_break=None) -> Fraction:
        """E[w * payoff | info (pair, upv)] of splitting into 2 hands (total
        over both hands per unit initial wager).  A split that meets no tie
        has one value whatever the tie-break order."""
        if tie_break is not None:
            try:
                return self.E_split(pair_label, upv, None)
            except StrategyTieError:
                pass
        return self._E_split(pair_label, upv, tie_break)

    def _E_split(self, pair_label: int, upv: int, tie_break) -> Fraction:
        key = ("split", pair_label, upv, tie_break)
        if self._cache.get(key) is StrategyTieError:
            raise StrategyTieError(f"split {pair_label} v {upv}")
        try:
            return self.memo(key, lambda: self._split_go(pair_label, upv, tie_break))
        except StrategyTieError:
            self._cache[key] = StrategyTieError
            raise

    def _split_go(self, pair_label: int, upv: int, tie_break) -> Fraction:
        """The explicit enumeration behind E_split."""
        lab = pair_label
        split_ace = value_of(lab) == 1
        u = F(0)
        for (up, shoe0), w in self.belief((lab, lab), upv).items():
            for i, p1, s1 in self.draws(shoe0):
                for q1, r1, s2 in self.play_split_hand((lab, self.lab[i]), s1, upv,
                                                       split_ace, tie_break):
                    for j, p2, s3 in self.draws(s2):
                        for q2, r2, s4 in self.play_split_hand((lab, self.lab[j]), s3, upv,
                                                               split_ace, tie_break):
                            d = self.dealer(up, s4)
                            e = sum((q * weighted_payoff([r1, r2], o, self.rules)
                                     for o, q in d.items()), F(0))
                            u += w * p1 * q1 * p2 * q2 * e
        return u

    # ---------------------------------------------------------------- public

    def hand_values(self, hand, upv: int, tie_break=None) -> Dict[str, Fraction]:
        """Values of the allowed actions for the hand (labels) v up value, as the
        contract's `calc.hand`: peek -> conditioned on no dealer BJ, ENHC ->
        unconditional.  "stand" is absent when the rules force a hit, "hit"
        when hitting is not allowed (21 with hit_21 False, max_hand_cards).
        A hand of 3+ cards is an unsplit hand that has hit: "double" with
        double_after_hit, "surrender" with any_time.  A Charlie (N cards, not
        busted) has ended: "stand" alone, its win."""
        hand = tuple(hand)
        assert not self.is_natural(hand), "hand() is for non-natural hands"
        assert self.total(hand)[0] <= 21
        scale = F(1)
        if self.rules.hole == "peek":
            pno = 1 - self.p_bj(hand, upv)
            if pno == 0:
                raise ZeroDivisionError("dealer always has blackjack")
            scale = 1 / pno
        out = {}
        if not self.must_hit(hand):
            out["stand"] = self.E_stand(hand, upv) * scale
        if self.can_hit(hand):
            out["hit"] = self.E_hit(hand, upv) * scale
        if self.double_allowed(hand):
            out["double"] = self.E_double(hand, upv) * scale
        if self.may_surrender(hand):
            out["surrender"] = self.E_late_surrender(hand, upv) * scale
        elif self.rules.surrender == "early" and len(hand) == 2:
            out["surrender"] = F(-1, 2)
        if len(hand) == 2:
            if self.is_pair(hand) and self.rules.max_split_hands >= 2:
                out["split"] = self.E_split(hand[0], upv, tie_break) * scale
        return out

    def deal_probabilities(self) -> Dict[Tuple[Tuple[int, int], int], Fraction]:
        """P(player's two labels (sorted), up value): player, player, up, dealt
        as explicit physical cards."""
        def go():
            out: Dict = {}
            for a, p1, s1 in self.draws(self.full):
                for b, p2, s2 in self.draws(s1):
                    for u, p3, _ in self.draws(s2):
                        k = (hkey((self.lab[a], self.lab[b])), self.val[u])
                        out[k] = out.get(k, 0) + p1 * p2 * p3
            return out
        return self.memo(("deals",), go)

    def round_ev(self, hand, upv: int, tie_break=None) -> Fraction:
        """EV of a deal given the info (two labels, up value), CD play."""
        hand = hkey(hand)
        pbj = self.p_bj(hand, upv)
        r = self.rules
        if self.is_natural(hand):
            return (1 - pbj) * r.bj_pays                  # natural v natural pushes
        if r.hole == "peek":
            if pbj == 1:
                ev = F(-1)
            else:
                vals = self.hand_values(hand, upv, tie_break)
                if r.surrender == "early":
                    vals.pop("surrender")
                ev = -pbj + (1 - pbj) * max(vals.values())
            if r.surrender == "early":
                ev = max(ev, F(-1, 2))
            return ev
        return max(self.hand_values(hand, upv, tie_break).values())

    def game_ev(self, tie_break=None) -> Fraction:
        return sum((p * self.round_ev(h, u, tie_break)
                    for (h, u), p in self.deal_probabilities().items()), F(0))

    # ---------------------------------------------------------------- tie-robust

    def hand_value_candidates(self, hand, upv: int) -> Dict[str, set]:
        try:
            return {a: {x} for a, x in self.hand_values(hand, upv).items()}
        except StrategyTieError:
            out: Dict[str, set] = {}
            for tb in TIE_BREAKS:
                for a, x in self.hand_values(hand, upv, tb).items():
                    out.setdefault(a, set()).add(x)
            return out

    def game_ev_candidates(self) -> set:
        try:
            return {self.game_ev()}
        except StrategyTieError:
            return {self.game_ev(tb) for tb in TIE_BREAKS}

    def comparable_deals(self) -> List[Tuple[Tuple[int, int], int]]:
        """(hand, up value) for which hand() is defined: non-natural; in peek
        games the dealer must be able to have no blackjack."""
        out = []
        for (hand, upv) in sorted(self.deal_probabilities()):
            if self.is_natural(hand):
                continue
            if self.rules.hole == "peek" and self.p_bj(hand, upv) == 1:
                continue
            out.append((hand, upv))
        return out
