"""Brute-force oracle for fixed CD play with first-decision deviations and insurance.

``deviated_play_ev(rules, counts_A, counts_B, deviations, insure)`` is the exact EV (per
unit initial bet, one round dealt from tiny shoe B) of the composition-dependent strategy
optimal for shoe A with the CDZ- post-split strategy -- exactly the strategy of
:func:`oracles.brute_fixed.fixed_play_ev` -- changed only at the first decision of an
unsplit hand (index plays, "deviations") and, optionally, by always insuring against an
ace.  It was written from the rules (GAMES.md), the README's definitions and the contract
of the deviation API, without reading bjcalc's engine; it imports nothing from bjcalc, and
reuses :mod:`oracles.brute_fixed` (an independent oracle) for the shoe-A strategy and for
the play of a hand or a split on shoe B.

Model
-----
* The base play is brute_fixed's: its expectimax finds, for shoe A, the first action of
  every unsplit non-natural two-card hand (stand, hit, double, split, surrender, ties to
  the earlier), the hit/stand decisions after a hit, and the CDZ- decisions of split hands
  (the same cards unsplit; double only with DAS; resplits always, as the rules allow).
  Every card sequence of shoe B is enumerated (player, player, up card, hole card, then
  the player's and the dealer's draws) in exact ``Fraction`` arithmetic.
* A deviation is a mapping ``{"up": u, "take": A1, "replaces": A2, "total": t,
  "soft": s}`` (a total play; ``soft`` defaults to False) or ``{"up": u, "take": A1,
  "replaces": A2, "pair": p}`` (a pair play); u and p are card values 1 (ace) .. 10 (any
  ten-value card), A1 and A2 are "stand", "hit", "double" or "split".
  - A total play matches an unsplit two-card hand that is not a natural, against up card
    u, whose best total is t and whose softness (an ace counted as 11) is s -- pairs
    included (A,A is soft 12, 8,8 hard 16).  A pair play matches only the two cards
    (p, p) against u.
  - It takes effect when, moreover, shoe A's first action for that hand (the action
    fixed_play_ev takes) is exactly ``replaces`` and ``take`` is allowed for that hand:
    stand and hit always (hit_21 is required by brute_fixed), double where the double
    rules allow it on these two cards (``double_on``/``double_soft``), split only for a
    pair when ``max_split_hands`` >= 2.  The player then takes ``take`` instead; otherwise
    shoe A's first action stands.  At most one deviation may take effect on a hand
    (asserted).
  - After the first action everything is shoe A's play: "hit" draws one card and then
    follows shoe A's hit/stand decisions for the cards held; "double" draws one card and
    stands with the bet doubled; "stand" stands; "split" plays the split hands exactly as
    fixed_play_ev plays them (CDZ- from shoe A, resplits as allowed).  Split hands and
    every later decision are never deviated.
  - The settlement of a deviated hand follows the rules as brute_fixed models them: in a
    peek or ENHC OBO game a dealer blackjack costs exactly the initial bet whatever the
    first action (the peek ends the round before a double or split is made; OBO takes
    only the original bet); in ENHC (lose-all) it takes every bet the deviated play made
    (a doubled bet 2, a split's every hand).
* Insurance (``insure=True``): against an ace up card every hand is insured, naturals
  included, for half the initial bet at 2:1: the round's net result gains +1 when the
  dealer has blackjack (a ten-value second card) and -1/2 otherwise, whatever the player
  does.  In peek games it is taken before the peek (so it is settled on the hole card,
  and early surrender does not change it).  In ENHC games the dealer's second card comes
  after the player has played; the model draws the dealer's second card (the "hole" card)
  at the deal, from the cards the player's own draws then do not use.  The player's
  draws stop by rules that never look at that card, so every concrete card sequence --
  player's cards, then the dealer's second card -- has the same probability in either
  order, and the insurance bet is settled on exactly that enumerated card.
* ``deviations=()`` and ``insure=False`` give exactly ``fixed_play_ev`` (asserted by the
  self-test at the end and by ``tests/oracles/test_brute_deviations.py``).

Rules outside the model raise :class:`NotImplementedError` (brute_fixed's list, plus
doubling after a hit and surrender at any time, which would let later decisions differ
from hit/stand, and splitting ten-values by rank, since cards here are values).  A draw
from an empty shoe raises :class:`~oracles.brute_fixed.ShoeExhausted`: the deviated play
itself must not run shoe B out of cards.
"""

from __future__ import annotations

from oracles import Fraction
from typing import Dict, Iterable, Mapping, Optional, Sequence, Tuple, Union

from oracles.brute_fixed import (
    DOUBLE, HIT, SPLIT, STAND, SURRENDER, CDStrategy, ShoeExhausted, _Play, _draws,
    _is_bj, _take, _total, counts_tuple, fixed_play_ev, strategy_for)

__all__ = ["deviated_play_ev", "first_action", "applicable", "ShoeExhausted"]

Cards = Tuple[int, ...]
Counts = Tuple[int, ...]
_ACTIONS = (STAND, HIT, DOUBLE, SPLIT)


def _check_rules(rules) -> None:
    """What brute_fixed silently ignores but the deviated play would need."""
    unsupported = []
    if getattr(rules, "double_after_hit", False):
        unsupported.append("double_after_hit")
    if getattr(rules, "surrender", "none") not in ("none", "late", "early"):
        unsupported.append(f"surrender={rules.surrender!r}")
    if getattr(rules, "split_tens_by_rank", False):
        unsupported.append("split_tens_by_rank")
    if unsupported:
        raise NotImplementedError(f"brute_deviations does not model {', '.join(unsupported)}")


def _normalise(deviation: Mapping) -> Tuple[int, str, str, Optional[int], bool, Optional[int]]:
    """(up, take, replaces, total, soft, pair) of one deviation, checked."""
    d = dict(deviation)
    up, take, replaces = int(d.pop("up")), d.pop("take"), d.pop("replaces")
    total, soft, pair = d.pop("total", None), bool(d.pop("soft", False)), d.pop("pair", None)
    if d:
        raise ValueError(f"unknown deviation keys {sorted(d)}")
    if not 1 <= up <= 10:
        raise ValueError(f"up card value {up} not in 1..10")
    if take not in _ACTIONS or replaces not in _ACTIONS:
        raise ValueError(f"actions must be among {_ACTIONS}: {take!r}, {replaces!r}")
    if (total is None) == (pair is None):
        raise ValueError("a deviation names a total or a pair, not both")
    if pair is not None:
        pair = int(pair)
        if not 1 <= pair <= 10:
            raise ValueError(f"pair value {pair} not in 1..10")
        if soft:
            raise ValueError("a pair play has no softness")
    else:
        total = int(total)
    return up, take, replaces, total, soft, pair


def _matches(dev, up: int, cards: Cards) -> bool:
    """Whether a (normalised) deviation names this unsplit non-natural two-card hand."""
    d_up, _, _, total, soft, pair = dev
    if d_up != up:
        return False
    if pair is not None:
        return cards == (pair, pair)
    return _total(cards) == (total, soft)


def _allowed(strategy: CDStrategy, cards: Cards, action: str) -> bool:
    """Whether the rules allow ``action`` as the first action of this unsplit hand."""
    g = strategy.g
    if action in (STAND, HIT):
        return True
    if action == DOUBLE:
        return g.can_double(cards)
    if action == SPLIT:
        return cards[0] == cards[1] and g.max_hands >= 2
    return False


def first_action(rules, counts_A, up: int, cards: Iterable[int]) -> str:
    """Shoe A's (undeviated) first action for an unsplit two-card hand against ``up``:
    what fixed_play_ev plays.  A design aid for choosing deviations."""
    _check_rules(rules)
    return strategy_for(rules, counts_tuple(counts_A)).first_action(up, tuple(sorted(cards)))


def applicable(rules, counts_A, deviation: Mapping, up: int, cards: Iterable[int]) -> bool:
    """Whether ``deviation`` takes effect on this hand (it names the hand, shoe A's first
    action is its ``replaces`` and the rules allow its ``take``)."""
    strategy = strategy_for(rules, counts_tuple(counts_A))
    cards = tuple(sorted(cards))
    dev = _normalise(deviation)
    return (cards != (1, 10) and _matches(dev, up, cards)
            and strategy.first_action(up, cards) == dev[2] and _allowed(strategy, cards, dev[1]))


class _DeviatedPlay(_Play):
    """brute_fixed's play of shoe A's policy on a shoe, with the first action of unsplit
    hands deviated and insurance against an ace."""

    def __init__(self, strategy: CDStrategy, deviations: Sequence[Mapping], insure: bool) -> None:
        super().__init__(strategy.g, strategy)
        self.strategy = strategy
        self.deviations = [_normalise(d) for d in deviations]
        self.insure = bool(insure)
        self._first: Dict[Tuple[int, Cards], str] = {}
        self.changed: Dict[Tuple[int, Cards], Tuple[str, str]] = {}   # (up, cards): (A, taken)

    def first_action(self, up: int, cards: Cards) -> str:
        key = (up, cards)
        if key not in self._first:
            base = self.strategy.first_action(up, cards)
            effective = [d for d in self.deviations
                         if _matches(d, up, cards) and d[2] == base
                         and _allowed(self.strategy, cards, d[1])]
            assert len(effective) <= 1, f"several deviations take effect on {cards} v {up}"
            action = effective[0][1] if effective else base
            if action != base:
                self.changed[key] = (base, action)
            self._first[key] = action
        return self._first[key]

    def insurance(self, up: int, hole: int) -> Fraction:
        """The insurance bet's net result (half the initial bet, 2:1), 0 if not taken."""
        if not self.insure or up != 1:
            return Fraction(0)
        return Fraction(1) if hole == 10 else Fraction(-1, 2)

    def after_deal(self, up: int, hole: int, shoe: Counts, cards: Cards,
                   action: Optional[str]) -> Fraction:
        """The main bet's result after the deal (``action`` None: a player natural)."""
        g = self.g
        bj = _is_bj(up, hole)
        if action is None:
            return Fraction(0) if bj else g.bj_pays
        if not g.generic_hole(up, hole):          # peek / OBO dealer blackjack: the bet only
            return g.bj_hole_value(action)
        if action == SURRENDER:                   # bj here only in ENHC lose-all
            return Fraction(-1) if bj and g.surrender == "late" else Fraction(-1, 2)
        return self.unsplit_value(up, hole, shoe, cards, action)

    def round_value(self, shoe: Counts) -> Fraction:
        value = Fraction(0)
        for c1, p1 in _draws(shoe):
            s1 = _take(shoe, c1)
            for c2, p2 in _draws(s1):
                s2 = _take(s1, c2)
                cards = tuple(sorted((c1, c2)))
                for up, p3 in _draws(s2):
                    s3 = _take(s2, up)
                    action = None if cards == (1, 10) else self.first_action(up, cards)
                    for hole, p4 in _draws(s3):
                        rest = _take(s3, hole)
                        value += (p1 * p2 * p3 * p4
                                  * (self.after_deal(up, hole, rest, cards, action)
                                     + self.insurance(up, hole)))
        return value



def deviated_play(rules, counts_A, counts_B, deviations: Sequence[Mapping] = (),
                  insure: bool = False) -> Tuple[Fraction, Dict[Tuple[int, Cards], Tuple[str, str]]]:
    """:func:`deviated_play_ev` and the dealt hands whose first action changed
    ({(up, cards): (shoe A's action, action taken)})."""
    _check_rules(rules)
    a, b = counts_tuple(counts_A), counts_tuple(counts_B)
    if any(x > y for x, y in zip(b, a)):
        raise ValueError("shoe B must be a subset of shoe A")
    play = _DeviatedPlay(strategy_for(rules, a), deviations, insure)
    return play.round_value(b), dict(play.changed)


def deviated_play_ev(rules, counts_A: Union[Mapping, Sequence[int]],
                     counts_B: Union[Mapping, Sequence[int]],
                     deviations: Sequence[Mapping] = (), insure: bool = False) -> Fraction:
    """Exact EV of one round from shoe B with shoe A's CD (CDZ-) strategy, its first
    decisions deviated by ``deviations`` and, with ``insure``, insurance against every ace
    (see the module docstring)."""
    return deviated_play(rules, counts_A, counts_B, deviations, insure)[0]


def _self_test() -> None:
    """No deviation, no insurance = brute_fixed's fixed play, on a few small games."""
    from collections import namedtuple

    fields = dict(dealer_hits_soft_17=False, blackjack_pays=Fraction(3, 2), hole_card="peek",
                  double_on="any", double_soft=True, double_after_split=True,
                  max_split_hands=2, resplit_aces=False, hit_split_aces=False,
                  surrender="none")
    Rules = namedtuple("Rules", list(fields))          # hashable, as strategy_for needs

    def rules(**kw):
        return Rules(**dict(fields, **kw))

    shoe = {"A": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 1, "9": 1, "T": 4}
    less = dict(shoe, T=3)
    for r in (rules(), rules(hole_card="enhc", surrender="late"),
              rules(hole_card="enhc_obo", surrender="early", double_after_split=False)):
        for b in (shoe, less):
            assert deviated_play_ev(r, shoe, b) == fixed_play_ev(r, shoe, b)


if __name__ == "__main__":
    _self_test()
    print("ok")
