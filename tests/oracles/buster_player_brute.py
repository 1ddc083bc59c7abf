"""Independent brute-force checker for the Buster Blackjack side bet (exact Fractions).

Written from shared/reference/GAMES.md (sections 1 and 3, "Buster Blackjack side
bet") and the public API only, WITHOUT looking at the engine in ``bjcalc/``.
Player decisions (main-game values) come from ``tests/oracles/brute_force.py``, an
independent enumerator of blackjack hand values; everything else here (the round,
the split process, the dealer's hand and its length) is enumerated card by card.

Quantity
--------
P(dealer busts with n cards) for n = 3, 4, ... and P(no bust), the up card random
from the whole shoe.  The dealer's hand length counts the up card and the hole
card.  A dealer blackjack is "no bust".  The dealer always completes the hand.

* model "shoe":   the dealer's hand is dealt from the shoe, nothing else removed.
* model "player": one player plays the main game first (strategy "CD", see
  :func:`initial_action`), and the cards the player's hands draw are gone before
  the dealer draws.

Round of model "player" (one explicit card sequence at a time):
  player card, up card, player card; in "peek" games the hole card comes next
  (for every up card; only under an A or a ten-value can it make a blackjack, and
  then the round ends: no bust, the player drew nothing more); the player plays
  (natural: nothing drawn; stand / hit / double / split / surrender); in "enhc" /
  "enhc_obo" games the hole card comes after the player; then the dealer draws.
  Dealing the hole card before the player's draws in peek games for every up card
  is only a choice of order: the player's decisions never depend on the hole card
  (under A/T they are taken knowing only that it makes no blackjack, which is
  exactly what conditioning the enumeration on that event does).

Strategy "CD" (main-game optimal, composition dependent, CDZ- after a split):
  * first two cards: the allowed action with the highest value, comparing the
    unconditional peek-weighted values U of brute_force.py (in peek games that is
    the same order as the values conditioned on no dealer blackjack: the factor
    P(no BJ) is common); ties -> the earlier of (stand, hit, double, split,
    surrender).  "hit" = hit, then hit/stand optimally.
  * after a hit: hit only if U_hit > U_stand strictly, for the hand's own cards and
    the up card (reference shoe: the starting shoe minus up card and hand cards).
  * split hands (CDZ-): each split hand is played like the same cards as an unsplit
    hand (reference shoe: starting shoe minus up card and the hand's own cards);
    on its first two cards the allowed post-split actions (stand, hit, double if
    DAS) are compared, ties -> earlier; split aces take one card unless
    hit_split_aces.  Hand 1 takes its second card and is played out, then hand 2,
    ...; a second card equal to the pair card is split again (always, when the
    rules allow it: fewer than max_split_hands hands, and resplit_aces for aces).
    The value of "split" used at the round start is the exact expectation under
    this very play (for two hands it equals brute_force.U_split with the
    (stand, hit, double) tie-break; a self test checks it).

Model "player" equals model "shoe" EXACTLY for every legal strategy (the player's
draws are a stopping time; see tests/oracles/test_buster_player.py), which the tests
confirm; :func:`oracle_model` (a clairvoyant player) shows the enumeration does
remove the player's cards.

Drawing from an empty shoe raises :class:`EmptyShoeError` (never ignored), in the
round itself and in every value that a decision looks at.
"""

from __future__ import annotations

from dataclasses import dataclass
from . import Fraction
from functools import lru_cache
from typing import Dict, List, Optional, Tuple


from . import brute_force as bf

Shoe = Tuple[int, ...]   # 10 counts by value, index v-1 (1 = ace, 10 = ten-value)
TEN = 10
NO_BUST = "no bust"

EmptyShoeError = bf.EmptyShoeError

ACTION_ORDER = ("stand", "hit", "double", "split", "surrender")
POST_SPLIT_ORDER = ("stand", "hit", "double")


# --------------------------------------------------------------------------
# rules
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class BusterRules:
    h17: bool = False
    hole: str = "peek"                 # "peek", "enhc", "enhc_obo"
    double_on: str = "any"
    double_soft: bool = True
    das: bool = True
    max_split_hands: int = 2           # 1 = no split
    resplit_aces: bool = False
    hit_split_aces: bool = False
    double_split_aces: bool = False
    surrender: str = "none"            # "none" or "late"

    def __post_init__(self):
        assert self.hole in ("peek", "enhc", "enhc_obo")
        assert self.surrender in ("none", "late"), "early surrender is not modelled here"
        assert 1 <= self.max_split_hands <= 4

    def bf(self) -> bf.BFRules:
        """The brute_force.py rules used for hand VALUES (decisions).  Its
        max_split_hands only gates its own hand_values(), which is not used."""
        return bf.BFRules(h17=self.h17, hole=self.hole, double_on=self.double_on,
                          double_soft=self.double_soft, das=self.das,
                          max_split_hands=min(self.max_split_hands, 2),
                          hit_split_aces=self.hit_split_aces,
                          double_split_aces=self.double_split_aces,
                          surrender=self.surrender)

    @classmethod
    def from_engine_kwargs(cls, **kw) -> "BusterRules":
        """From the keyword arguments of bjcalc's Rules(...) (only those modelled)."""
        assert not kw.get("split_tens_by_rank", False)
        assert kw.get("max_hand_cards") is None
        return cls(h17=kw.get("dealer_hits_soft_17", False), hole=kw.get("hole_card", "peek"),
                   double_on=kw.get("double_on", "any"), double_soft=kw.get("double_soft", True),
                   das=kw.get("double_after_split", True),
                   max_split_hands=kw.get("max_split_hands", 2),
                   resplit_aces=kw.get("resplit_aces", False),
                   hit_split_aces=kw.get("hit_split_aces", False),
                   double_split_aces=kw.get("double_split_aces", False),
                   surrender=kw.get("surrender", "none"))


# --------------------------------------------------------------------------
# cards
# --------------------------------------------------------------------------

def make_shoe(counts: Dict[int, int]) -> Shoe:
    return bf.make_shoe(counts)


# Card handling is brute_force's own (itself independent of the engine).
take = bf.remove
draws = bf.draws
total = bf.total_soft
natural = bf.is_natural
srt = bf.key


def add(dist: Dict, k, p: Fraction) -> None:
    dist[k] = dist.get(k, Fraction(0)) + p


# --------------------------------------------------------------------------
# dealer: length of the busted hand
# --------------------------------------------------------------------------

@lru_cache(maxsize=None)
def dealer_complete(cards: Tuple[int, ...], shoe: Shoe, h17: bool) -> Dict[object, Fraction]:
    """The dealer holds `cards` (up + hole at least) and draws from `shoe` by the
    house rule.  Returns {n: P(bust holding n cards)} plus {"no bust": P}."""
    t, soft = total(cards)
    if t > 21:
        return {len(cards): Fraction(1)}
    if t > 17 or (t == 17 and not (soft and h17)):
        return {NO_BUST: Fraction(1)}      # 17..21, a blackjack included
    out: Dict[object, Fraction] = {}
    for v, p, rest in draws(shoe):
        for k, q in dealer_complete(srt(cards + (v,)), rest, h17).items():
            add(out, k, p * q)
    return out


def shoe_model(full: Shoe, h17: bool) -> Dict[object, Fraction]:
    """Model "shoe": up card, hole card and draws all from `full`."""
    out: Dict[object, Fraction] = {}
    for up, pu, s1 in draws(full):
        for hole, ph, s2 in draws(s1):
            for k, q in dealer_complete(srt((up, hole)), s2, h17).items():
                add(out, k, pu * ph * q)
    return out


# --------------------------------------------------------------------------
# player decisions (values from brute_force.py)
# --------------------------------------------------------------------------

def ref_shoe(full: Shoe, up: int, hand) -> Shoe:
    """Reference shoe of a decision: the starting shoe minus the up card and the
    hand's own cards (zero memory of anything else)."""
    return take(full, up, *hand)


@lru_cache(maxsize=None)
def hit_more(hand: Tuple[int, ...], up: int, full: Shoe, rules: BusterRules) -> bool:
    """After a hit (or for a hand past its first decision): hit iff strictly better."""
    r = rules.bf()
    s = ref_shoe(full, up, hand)
    return bf.U_hit(hand, up, s, r) > bf.U_stand(hand, up, s, r)


def _pick(values: Dict[str, Fraction], order) -> str:
    best = max(values.values())
    return next(a for a in order if a in values and values[a] == best)


@lru_cache(maxsize=None)
def post_split_action(hand: Tuple[int, ...], split_ace: bool, up: int, full: Shoe,
                      rules: BusterRules) -> str:
    """CDZ-: the action of a 2-card split hand, as the same cards unsplit."""
    r = rules.bf()
    acts = bf.post_split_actions(hand, split_ace, r)
    if acts == ("stand",):
        return "stand"
    s = ref_shoe(full, up, hand)
    vals = {a: {"stand": bf.U_stand, "hit": bf.U_hit, "double": bf.U_double}[a](hand, up, s, r)
            for a in acts}
    return _pick(vals, POST_SPLIT_ORDER)


def can_split(pair: int, n_hands: int, rules: BusterRules) -> bool:
    if n_hands >= rules.max_split_hands:
        return False
    if pair == 1 and n_hands >= 2 and not rules.resplit_aces:
        return False
    return True


# --------------------------------------------------------------------------
# explicit play of the player's hands
# --------------------------------------------------------------------------

Settled = Tuple[object, int]    # (final total, None if busted or SURRENDERED; bet units)
SURRENDERED = "surrendered"
Path = Tuple[Fraction, Tuple[Settled, ...], Shoe]   # (probability, hands, shoe after)


def play_hits(hand: Tuple[int, ...], bet: int, shoe: Shoe, up: int, full: Shoe,
              rules: BusterRules) -> List[Path]:
    """A hand that has just been dealt a hit card: bust, or keep hitting while
    hitting is strictly better (hit/stand only)."""
    t, _ = total(hand)
    if t > 21:
        return [(Fraction(1), ((None, bet),), shoe)]
    if not hit_more(srt(hand), up, full, rules):
        return [(Fraction(1), ((t, bet),), shoe)]
    out: List[Path] = []
    for v, p, rest in draws(shoe):
        for q, res, after in play_hits(hand + (v,), bet, rest, up, full, rules):
            out.append((p * q, res, after))
    return out


def play_double(hand, shoe) -> List[Path]:
    out: List[Path] = []
    for v, p, rest in draws(shoe):
        t, _ = total(hand + (v,))
        out.append((p, ((t if t <= 21 else None, 2),), rest))
    return out


def play_split_hand(hand: Tuple[int, ...], split_ace: bool, shoe: Shoe, up: int, full: Shoe,
                    rules: BusterRules) -> List[Path]:
    """A split hand that holds its two cards."""
    act = post_split_action(srt(hand), split_ace, up, full, rules)
    if act == "stand":
        return [(Fraction(1), ((total(hand)[0], 1),), shoe)]
    if act == "double":
        return play_double(hand, shoe)
    out: List[Path] = []
    for v, p, rest in draws(shoe):
        for q, res, after in play_hits(hand + (v,), 1, rest, up, full, rules):
            out.append((p * q, res, after))
    return out


def play_split(pair: int, shoe: Shoe, up: int, full: Shoe, rules: BusterRules) -> List[Path]:
    """Every card sequence of a split of (pair, pair): `shoe` excludes both pair
    cards.  Hand i takes its second card (a pair card is split again when allowed,
    and hand i draws again), is played out, then hand i+1."""
    out: List[Path] = []

    def go(i: int, n_hands: int, done: Tuple[Settled, ...], s: Shoe, prob: Fraction) -> None:
        if i == n_hands:
            out.append((prob, done, s))
            return
        for c, p, rest in draws(s):
            if c == pair and can_split(pair, n_hands, rules):
                go(i, n_hands + 1, done, rest, prob * p)   # new waiting hand; hand i redraws
                continue
            for q, res, after in play_split_hand((pair, c), pair == 1, rest, up, full, rules):
                go(i + 1, n_hands, done + res, after, prob * p * q)

    go(0, 2, (), shoe, Fraction(1))
    return out


@lru_cache(maxsize=None)
def U_split(pair: int, up: int, full: Shoe, rules: BusterRules) -> Fraction:
    """Peek-weighted value of splitting under exactly the play of play_split."""
    r = rules.bf()
    shoe = take(full, up, pair, pair)
    return sum((p * bf.expect_round(list(hands), up, s, r)
                for p, hands, s in play_split(pair, shoe, up, full, rules)), Fraction(0))


@lru_cache(maxsize=None)
def initial_values(hand: Tuple[int, ...], up: int, full: Shoe, rules: BusterRules
                   ) -> Dict[str, Fraction]:
    """Unconditional peek-weighted values U of the allowed first-two-card actions."""
    r = rules.bf()
    s = ref_shoe(full, up, hand)
    vals = {"stand": bf.U_stand(hand, up, s, r), "hit": bf.U_hit(hand, up, s, r)}
    if bf.double_allowed(hand, r):
        vals["double"] = bf.U_double(hand, up, s, r)
    if hand[0] == hand[1] and rules.max_split_hands >= 2:
        vals["split"] = U_split(hand[0], up, full, rules)
    if rules.surrender == "late":
        vals["surrender"] = bf.U_late_surrender(up, s, r)
    return vals


@lru_cache(maxsize=None)
def initial_action(hand: Tuple[int, ...], up: int, full: Shoe, rules: BusterRules,
                   strategy: str = "CD") -> str:
    if strategy == "stand":
        return "stand"
    assert strategy == "CD"
    return _pick(initial_values(hand, up, full, rules), ACTION_ORDER)


def play_round_player(hand: Tuple[int, ...], up: int, shoe: Shoe, full: Shoe, rules: BusterRules,
                      strategy: str) -> List[Path]:
    """All card sequences the player's hand(s) draw; `shoe` = what is left to deal."""
    if natural(hand):
        return [(Fraction(1), ((21, 1),), shoe)]
    act = initial_action(srt(hand), up, full, rules, strategy)
    if act == "surrender":
        return [(Fraction(1), ((SURRENDERED, 1),), shoe)]
    if act == "stand":
        return [(Fraction(1), ((total(hand)[0], 1),), shoe)]
    if act == "double":
        return play_double(hand, shoe)
    if act == "hit":
        out: List[Path] = []
        for v, p, rest in draws(shoe):
            for q, res, after in play_hits(hand + (v,), 1, rest, up, full, rules):
                out.append((p * q, res, after))
        return out
    assert act == "split"
    return play_split(hand[0], shoe, up, full, rules)


def play_oracle(hand: Tuple[int, ...], shoe: Shoe) -> List[Tuple[Fraction, Shoe, Optional[int]]]:
    """NOT a real strategy (test device): the player looks at the top card of the
    shoe and takes it while it does not bust him; a card that would bust him stays
    on top and goes to the dealer next.  His draws depend on a card he has not
    been dealt (not a stopping time), so the dealer's hand differs from model
    "shoe".  Returns (probability, shoe after incl. the top card, top card or None)."""
    out = []
    for v, p, rest in draws(shoe):
        if total(hand + (v,))[0] > 21:
            out.append((p, shoe, v))
        else:
            for q, after, top in play_oracle(hand + (v,), rest):
                out.append((p * q, after, top))
    return out


def _dealer_with_top(cards, shoe: Shoe, top: Optional[int], h17: bool) -> Dict[object, Fraction]:
    """Dealer completes from `shoe`, whose top card is `top` if not None."""
    if top is None:
        return dealer_complete(srt(cards), shoe, h17)
    t, soft = total(cards)
    if t > 21 or t > 17 or (t == 17 and not (soft and h17)):
        return dealer_complete(srt(cards), shoe, h17)      # no draw: the top card is not used
    return dealer_complete(srt(cards + (top,)), take(shoe, top), h17)


def oracle_model(full: Shoe, rules: BusterRules) -> Dict[object, Fraction]:
    """Model "player" with the clairvoyant play_oracle (naturals stand)."""
    out: Dict[object, Fraction] = {}
    for p1, q1, s1 in draws(full):
        for up, qu, s2 in draws(s1):
            for p2, q2, s3 in draws(s2):
                hand = (p1, p2)
                pdeal = q1 * qu * q2
                if rules.hole == "peek":
                    for hole, qh, s4 in draws(s3):
                        if natural((up, hole)):
                            add(out, NO_BUST, pdeal * qh)
                            continue
                        paths = [(Fraction(1), s4, None)] if natural(hand) else play_oracle(hand, s4)
                        for q, after, top in paths:
                            for k, d in _dealer_with_top((up, hole), after, top, rules.h17).items():
                                add(out, k, pdeal * qh * q * d)
                else:
                    paths = [(Fraction(1), s3, None)] if natural(hand) else play_oracle(hand, s3)
                    for q, after, top in paths:
                        if top is None:
                            holes = list(draws(after))
                        else:
                            holes = [(top, Fraction(1), take(after, top))]
                        for hole, qh, s5 in holes:
                            for k, d in dealer_complete(srt((up, hole)), s5, rules.h17).items():
                                add(out, k, pdeal * q * qh * d)
    return out


def player_model(full: Shoe, rules: BusterRules, strategy: str = "CD") -> Dict[object, Fraction]:
    """Model "player": {n: P(dealer busts with n cards)} and {"no bust": P}."""
    out: Dict[object, Fraction] = {}
    for p1, q1, s1 in draws(full):
        for up, qu, s2 in draws(s1):
            for p2, q2, s3 in draws(s2):
                hand = (p1, p2)
                pdeal = q1 * qu * q2
                if rules.hole == "peek":
                    for hole, qh, s4 in draws(s3):
                        if natural((up, hole)):
                            add(out, NO_BUST, pdeal * qh)   # round over, Buster loses
                            continue
                        for q, _, after in play_round_player(hand, up, s4, full, rules, strategy):
                            for k, d in dealer_complete(srt((up, hole)), after, rules.h17).items():
                                add(out, k, pdeal * qh * q * d)
                else:
                    for q, _, after in play_round_player(hand, up, s3, full, rules, strategy):
                        for hole, qh, s5 in draws(after):
                            for k, d in dealer_complete(srt((up, hole)), s5, rules.h17).items():
                                add(out, k, pdeal * q * qh * d)
    return out


def model(full: Shoe, rules: Optional[BusterRules] = None, which: str = "player",
          strategy: str = "CD", h17: Optional[bool] = None) -> Dict[object, Fraction]:
    if which == "shoe":
        return shoe_model(full, rules.h17 if h17 is None else h17)
    return player_model(full, rules, strategy)


# --------------------------------------------------------------------------
# main-game EV of the explicit play (checks that the play IS the CD strategy)
# --------------------------------------------------------------------------

def _settle(hands, hand0, outcome, rules: BusterRules, bj_pays: Fraction) -> Fraction:
    """Net main-game result of the round, dealer outcome `outcome` (17..21,
    "blackjack", "bust"); in peek games a dealer blackjack never reaches here."""
    if natural(hand0):
        return Fraction(0) if outcome == "blackjack" else bj_pays
    if hands[0][0] == SURRENDERED:
        return Fraction(-1) if outcome == "blackjack" else Fraction(-1, 2)
    return bf.weighted_payoff(list(hands), outcome, rules.bf())


def main_game_ev(full: Shoe, rules: BusterRules, strategy: str = "CD",
                 bj_pays: Fraction = Fraction(3, 2)) -> Fraction:
    """Main-bet EV of exactly the card sequences player_model enumerates."""
    ev = Fraction(0)
    for p1, q1, s1 in draws(full):
        for up, qu, s2 in draws(s1):
            for p2, q2, s3 in draws(s2):
                hand = (p1, p2)
                pdeal = q1 * qu * q2
                if rules.hole == "peek":
                    for hole, qh, s4 in draws(s3):
                        if natural((up, hole)):
                            ev += pdeal * qh * (0 if natural(hand) else -1)
                            continue
                        for q, hands, after in play_round_player(hand, up, s4, full, rules, strategy):
                            for o, d in bf._dealer_from(srt((up, hole)), after, rules.h17).items():
                                ev += pdeal * qh * q * d * _settle(hands, hand, o, rules, bj_pays)
                else:
                    for q, hands, after in play_round_player(hand, up, s3, full, rules, strategy):
                        for hole, qh, s5 in draws(after):
                            for o, d in bf._dealer_from(srt((up, hole)), s5, rules.h17).items():
                                ev += pdeal * q * qh * d * _settle(hands, hand, o, rules, bj_pays)
    return ev


# --------------------------------------------------------------------------
# engine-style views
# --------------------------------------------------------------------------

def as_events(dist: Dict[object, Fraction]) -> Dict[str, Fraction]:
    """The six events "bust 3 cards" .. "bust 7 cards", "bust 8+ cards", then "no bust"."""
    out = {f"bust {n} cards": dist.get(n, Fraction(0)) for n in range(3, 8)}
    out["bust 8+ cards"] = sum((p for k, p in dist.items() if k != NO_BUST and k >= 8), Fraction(0))
    out[NO_BUST] = dist.get(NO_BUST, Fraction(0))
    return out


def as_lengths(dist: Dict[object, Fraction]) -> Dict[str, Fraction]:
    """Every hand length separately: "bust n cards" for each n reached, then "no bust"."""
    out = {f"bust {n} cards": p for n, p in sorted((k, p) for k, p in dist.items() if k != NO_BUST)}
    out[NO_BUST] = dist.get(NO_BUST, Fraction(0))
    return out


def clear_caches() -> None:
    for f in (dealer_complete, hit_more, post_split_action, U_split, initial_values, initial_action):
        f.cache_clear()
    bf.clear_caches()
