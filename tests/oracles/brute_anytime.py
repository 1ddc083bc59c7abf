"""Independent brute force for issue 14: doubling on any number of cards and surrender at any
time (exact, ``fractions.Fraction``).

Written from shared/reference/GAMES.md, issue 14's rule contract and the README's definitions,
WITHOUT reading the engine in ``bjcalc/``.  It reuses the dealer, the settlement and the deal
enumeration of :mod:`oracles.brute_force` (itself independent of the engine) and replaces the
player's side.  It imports nothing from bjcalc.

The two rules
-------------
* ``double_after_hit``: an unsplit hand may double on any number of cards (after hitting); a
  split hand too when ``das`` allows.  No redoubling: a doubled hand takes exactly one card and
  stands.  ``double_on`` ("any", "9-11", "10-11", "none") restricts the hand's CURRENT hard
  total whatever its number of cards; a soft hand doubles only with ``double_soft`` and
  ``double_on="any"`` (as on two cards in brute_force).  Split aces: the two-card hand built on
  a split ace doubles only with ``double_split_aces`` (as before); a split-ace hand with three
  or more cards exists only if ``hit_split_aces``, and then doubles like any other split hand
  (DAS and the total restriction only: the contract's "never on split aces unless hitting
  split aces is allowed").  ``False`` gives brute_force's game exactly.
* ``surrender="any_time"``: an UNSPLIT hand that has not doubled may give up half the initial
  bet on its first two cards or after any number of hits.  Never on split hands.  Peek games:
  after the dealer's check (the value of surrendering is -1/2 given no dealer blackjack, like
  late surrender).  ENHC / ENHC OBO: a dealer blackjack still takes the whole (original) bet,
  exactly as brute_force's late surrender (``U_late_surrender``): -1/2 when the dealer has no
  blackjack, -1 when he has.

Model (as brute_force)
----------------------
Every random card is drawn explicitly from what remains; the dealer's hole card is drawn after
the player's cards; every player-side value is the unconditional ``U = E[payoff * w]`` with
``w = 1{no dealer BJ}`` in peek games (1 in ENHC games), and a decision maximises ``U`` at its
node (the same as maximising the peek-conditioned value: one positive factor common to all
actions at a node).  So the unsplit hand is played CD-optimally: expectimax over the
composition of its own cards and the up card.

``hit`` = take a card, then play on optimally with every action an unsplit hand has after a
hit: stand, hit, double (``double_after_hit`` and the total restrictions), surrender
(``any_time``).

Split hands (two hands at most, as brute_force): CDZ- or CDP1, a FIXED strategy.  At each node
a split hand takes, among the actions a split hand may take there (stand; hit unless a
two-card split ace without ``hit_split_aces``; double per DAS, the total restrictions,
``double_split_aces`` on two cards and ``double_after_hit`` on more; never surrender), the one
with the highest single-hand value for the same cards from the reference shoe (CDZ-: full shoe
less the up card and the hand's own cards; CDP1: also one pair card).  What "the single-hand
value of hitting" continues with is a reading the definitions leave open once actions differ
between split and unsplit hands after a hit (they did not before issue 14):

* ``split_reference="unsplit"`` (default; README: "CDZ- plays a split hand as the same cards
  unsplit"): the unsplit hand's hit value, whose continuation may surrender (any_time) and may
  double after a hit even when DAS forbids it to the split hand.
* ``split_reference="split"``: the hit value of a hand that continues with the split hand's own
  actions (no surrender; double after a hit only with DAS).

The two readings differ only on split values with ``double_after_hit`` and no DAS, or with
``surrender="any_time"``; the tests say which one the engine matches.  Exact ties in a reference
decision raise :class:`StrategyTieError`; ``*_candidates`` return the values under every fixed
tie-break order, as brute_force does.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from oracles import Fraction
from functools import lru_cache
from typing import Dict, List, Optional, Tuple

from oracles import brute_force as bf
from oracles.brute_force import (EmptyShoeError, Settled, Shoe, StrategyTieError, draws,
                                 expect_round, is_natural, is_pair, key, make_shoe,
                                 p_dealer_bj, remove, settled, total_soft)

__all__ = ["ARules", "EmptyShoeError", "StrategyTieError", "make_shoe", "to_bf_rules",
           "double_total_ok", "hand_values", "hand_value_candidates", "round_ev", "game_ev",
           "game_ev_candidates", "U_split", "clear_caches"]

@dataclass(frozen=True)
class ARules:
    """brute_force's rules plus issue 14's two rules (same field names as BFRules)."""
    h17: bool = False
    bj_pays: Fraction = Fraction(3, 2)
    hole: str = "peek"                # "peek", "enhc", "enhc_obo"
    double_on: str = "any"            # "any", "9-11", "10-11", "none"
    double_soft: bool = True
    das: bool = True
    max_split_hands: int = 2          # 1 or 2
    hit_split_aces: bool = False
    double_split_aces: bool = False
    surrender: str = "none"           # "none", "late", "early", "any_time"
    double_after_hit: bool = False
    split_reference: str = "unsplit"  # "unsplit" | "split": see the module docstring
    # another reading of "never on split aces unless hitting split aces is allowed": a
    # split-ace hand that has hit doubles only with double_split_aces too (default: no)
    split_ace_dah_needs_dsa: bool = False

    def __post_init__(self):
        assert self.hole in ("peek", "enhc", "enhc_obo")
        assert self.double_on in ("any", "9-11", "10-11", "none")
        assert self.surrender in ("none", "late", "early", "any_time")
        assert self.max_split_hands in (1, 2), "this brute force only knows 1 or 2 hands"
        assert self.split_reference in ("unsplit", "split")


def to_bf_rules(rules: ARules) -> bf.BFRules:
    """The same game for brute_force (only when both new rules are off)."""
    assert not rules.double_after_hit and rules.surrender != "any_time"
    names = {f.name for f in fields(bf.BFRules)}
    return bf.BFRules(**{n: getattr(rules, n) for n in names})


# --------------------------------------------------------------------------
# which actions a hand may take
# --------------------------------------------------------------------------

def double_total_ok(hand, rules: ARules) -> bool:
    """double_on / double_soft applied to the hand's current total (any number of cards)."""
    if rules.double_on == "none":
        return False
    total, soft = total_soft(hand)
    if total > 21:
        return False
    if soft:
        return rules.double_soft and rules.double_on == "any"
    if rules.double_on == "any":
        return True
    if rules.double_on == "9-11":
        return 9 <= total <= 11
    return 10 <= total <= 11


def unsplit_may_double(hand, rules: ARules) -> bool:
    if len(hand) > 2 and not rules.double_after_hit:
        return False
    return double_total_ok(hand, rules)


def split_actions(hand, split_ace: bool, rules: ARules) -> Tuple[str, ...]:
    """Actions of a split hand holding `hand` (>= 2 cards).  `split_ace`: the hand was built
    on a split ace (one of 3+ cards has hit, so hitting split aces was allowed)."""
    if len(hand) == 2:
        acts = ["stand"]
        if not split_ace or rules.hit_split_aces:
            acts.append("hit")
        if rules.das and double_total_ok(hand, rules) and (not split_ace or rules.double_split_aces):
            acts.append("double")
        return tuple(acts)
    acts = ["stand", "hit"]
    if (rules.das and rules.double_after_hit and double_total_ok(hand, rules)
            and not (split_ace and rules.split_ace_dah_needs_dsa and not rules.double_split_aces)):
        acts.append("double")
    return tuple(acts)


# --------------------------------------------------------------------------
# single-hand values U (unconditional, peek-weighted); ctx = whose actions the
# continuation after a hit uses: "unsplit", or "split" / "split_ace" (the reference of a
# split hand under split_reference="split"; "split_ace": a hand built on a split ace)
# --------------------------------------------------------------------------

@lru_cache(maxsize=None)
def U_stand(hand, up: int, shoe: Shoe, rules: ARules) -> Fraction:
    return expect_round([settled(hand, 1)], up, shoe, rules)


@lru_cache(maxsize=None)
def U_double(hand, up: int, shoe: Shoe, rules: ARules) -> Fraction:
    """Double: exactly one card, then stand (no redoubling)."""
    u = Fraction(0)
    for v, p, rest in draws(shoe):
        u += p * expect_round([settled(hand + (v,), 2)], up, rest, rules)
    return u


@lru_cache(maxsize=None)
def U_surrender(up: int, shoe: Shoe, rules: ARules) -> Fraction:
    """Surrender after the peek (peek) / a dealer BJ takes the whole bet (ENHC, OBO)."""
    return bf.U_late_surrender(up, shoe, rules)


@lru_cache(maxsize=None)
def U_hit(hand, up: int, shoe: Shoe, rules: ARules, ctx: str = "unsplit") -> Fraction:
    """Take one card, then play on optimally with the actions of `ctx` after a hit."""
    assert total_soft(hand)[0] <= 21, "cannot hit a busted hand"
    u = Fraction(0)
    for v, p, rest in draws(shoe):
        new = key(hand + (v,))
        if total_soft(new)[0] > 21:
            u += p * expect_round([(None, 1)], up, rest, rules)
        else:
            u += p * V_after_hit(new, up, rest, rules, ctx)
    return u


@lru_cache(maxsize=None)
def V_after_hit(hand, up: int, shoe: Shoe, rules: ARules, ctx: str) -> Fraction:
    """Best U of a live hand of 3+ cards (it has hit), with the actions of `ctx`."""
    vals = [U_stand(hand, up, shoe, rules), U_hit(hand, up, shoe, rules, ctx)]
    if ctx == "unsplit":
        if unsplit_may_double(hand, rules):
            vals.append(U_double(hand, up, shoe, rules))
        if rules.surrender == "any_time":
            vals.append(U_surrender(up, shoe, rules))
    else:
        if "double" in split_actions(hand, ctx == "split_ace", rules):
            vals.append(U_double(hand, up, shoe, rules))
    return max(vals)


# --------------------------------------------------------------------------
# split to two hands, fixed post-split strategy (CDZ- or CDP1)
# --------------------------------------------------------------------------

def U_ref(action: str, hand, up: int, ref: Shoe, rules: ARules, split_ace: bool) -> Fraction:
    if action == "stand":
        return U_stand(hand, up, ref, rules)
    if action == "double":
        return U_double(hand, up, ref, rules)
    ctx = rules.split_reference
    if ctx == "split" and split_ace:
        ctx = "split_ace"      # the continuation of a hand built on a split ace
    return U_hit(hand, up, ref, rules, ctx)


@lru_cache(maxsize=None)
def reference_action(hand, up: int, ref: Shoe, rules: ARules, actions: Tuple[str, ...],
                     split_ace: bool, tie_break: Optional[Tuple[str, ...]] = None) -> str:
    """Best of `actions` by the single-hand values of the same cards from `ref`."""
    if len(actions) == 1:
        return actions[0]
    values = {a: U_ref(a, hand, up, ref, rules, split_ace) for a in actions}
    best = max(values.values())
    winners = [a for a in actions if values[a] == best]
    if len(winners) > 1:
        if tie_break is None:
            raise StrategyTieError(f"tie {winners} for hand {hand} v {up}, ref shoe {ref}: {values}")
        return min(winners, key=tie_break.index)
    return winners[0]


def play_split_hand(hand, shoe: Shoe, up: int, full: Shoe, rules: ARules, strategy: str,
                    pair_card: int, split_ace: bool, tie_break=None
                    ) -> List[Tuple[Fraction, Settled, Shoe]]:
    """Every explicit card sequence of one split hand that has its 2nd card (or more):
    [(probability, settled hand, shoe after)]."""
    total, _ = total_soft(hand)
    assert total <= 21
    actions = split_actions(hand, split_ace, rules)
    if actions == ("stand",):
        action = "stand"
    else:
        ref = bf.reference_shoe(hand, up, full, pair_card, strategy)
        action = reference_action(key(hand), up, ref, rules, actions, split_ace, tie_break)
    if action == "stand":
        return [(Fraction(1), (total, 1), shoe)]
    out = []
    for v, p, rest in draws(shoe):
        new = hand + (v,)
        if action == "double":
            out.append((p, settled(new, 2), rest))
        elif total_soft(new)[0] > 21:
            out.append((p, (None, 1), rest))
        else:
            for q, res, after in play_split_hand(new, rest, up, full, rules, strategy, pair_card,
                                                 split_ace, tie_break):
                out.append((p * q, res, after))
    return out


def U_split(pair_card: int, up: int, full: Shoe, rules: ARules, strategy: str = "CDZ-",
            tie_break=None) -> Fraction:
    """U of splitting (pair, pair) v up: hand 1 played out, then hand 2, then the dealer."""
    p = pair_card
    shoe0 = remove(full, up, p, p)
    u = Fraction(0)
    for c1, p1, s1 in draws(shoe0):
        for q1, r1, s2 in play_split_hand((p, c1), s1, up, full, rules, strategy, p, p == 1,
                                          tie_break):
            for c2, p2, s3 in draws(s2):
                for q2, r2, s4 in play_split_hand((p, c2), s3, up, full, rules, strategy, p,
                                                  p == 1, tie_break):
                    u += p1 * q1 * p2 * q2 * expect_round([r1, r2], up, s4, rules)
    return u


# --------------------------------------------------------------------------
# public: hand values, round EV, game EV
# --------------------------------------------------------------------------

def hand_values(hand, up: int, full: Shoe, rules: ARules, strategy: str = "CDZ-",
                tie_break=None) -> Dict[str, Fraction]:
    """Values of the actions an unsplit `hand` (2 or more cards, as dealt and hit) may take
    v `up`; `full` is the FULL shoe.  Peek: conditioned on no dealer BJ; ENHC: not."""
    hand = tuple(hand)
    assert not is_natural(hand), "hand() is for non-natural hands"
    assert total_soft(hand)[0] <= 21
    shoe = remove(full, up, *hand)
    scale = Fraction(1)
    if rules.hole == "peek":
        p_no = 1 - p_dealer_bj(up, shoe)
        if p_no == 0:
            raise ZeroDivisionError("dealer always has blackjack: conditioned values undefined")
        scale = 1 / p_no
    h = key(hand)
    out = {"stand": U_stand(h, up, shoe, rules) * scale,
           "hit": U_hit(h, up, shoe, rules, "unsplit") * scale}
    if unsplit_may_double(hand, rules):
        out["double"] = U_double(h, up, shoe, rules) * scale
    if rules.surrender == "any_time" or (rules.surrender == "late" and len(hand) == 2):
        out["surrender"] = U_surrender(up, shoe, rules) * scale
    elif rules.surrender == "early" and len(hand) == 2:
        out["surrender"] = Fraction(-1, 2)
    if len(hand) == 2 and is_pair(hand) and rules.max_split_hands >= 2:
        out["split"] = U_split(hand[0], up, full, rules, strategy, tie_break) * scale
    return out


def round_ev(hand, up: int, full: Shoe, rules: ARules, strategy: str = "CDZ-",
             tie_break=None) -> Fraction:
    """EV of one deal (two cards `hand`, up card `up`), CD play: brute_force's round with
    this module's hand values (naturals, the peek and early surrender as there)."""
    return bf.round_ev(hand, up, full, rules, strategy, tie_break, values_fn=hand_values)


def game_ev(full: Shoe, rules: ARules, strategy: str = "CDZ-", tie_break=None) -> Fraction:
    """Whole-game EV per unit initial wager, CD play."""
    return bf.game_ev(full, rules, strategy, tie_break, values_fn=hand_values)


def hand_value_candidates(hand, up: int, full: Shoe, rules: ARules, strategy: str = "CDZ-"
                          ) -> Dict[str, set]:
    """hand_values with every value a set: the values under each tie-break order when a
    post-split reference decision is an exact tie (only "split" can have several)."""
    return bf.hand_value_candidates(hand, up, full, rules, strategy, values_fn=hand_values)


def game_ev_candidates(full: Shoe, rules: ARules, strategy: str = "CDZ-") -> set:
    """{game EV}, or the game EV under each tie-break order if a split meets a tie."""
    return bf.game_ev_candidates(full, rules, strategy, values_fn=hand_values)


def clear_caches() -> None:
    for f in (U_stand, U_double, U_surrender, U_hit, V_after_hit, reference_action):
        f.cache_clear()
