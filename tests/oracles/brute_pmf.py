"""Brute-force distribution of one whole blackjack round (issue 12), exact rationals.

Written from the rules (GAMES.md sections 1-4, the README's *Definitions*, issue 12) without
reading the engine, so that an agreement with bjcalc is evidence.  It imports nothing from
bjcalc.

What it computes
----------------
:func:`round_pmf` gives ``{net result: probability}`` for one round: one player, one spot, every
split hand and double included, all settled against the same dealer hand, in units of the
initial bet (``-2, -1, -1/2, 0, 1, 6/5, 3/2, 2, ...``).

How
---
Explicit card sequences from a small shoe, dealt without replacement in casino order: player
card 1, dealer up card, player card 2, the dealer's hole card (a hidden card taken from the
shoe like any other), then the player's draws, then the dealer's.  Under ``hole_card="peek"``
the dealer looks under an A or a ten and the round ends at once on a blackjack; under
``"enhc"``/``"enhc_obo"`` the hole card is simply not looked at until the player is done (drawing
the dealer's second card 4th, unseen, or after the player, is the same distribution).

The hidden state is a set of weighted *worlds*: (concrete up card, concrete hole card,
concrete cards left).  The player sees only card values (ten-values are one value; a Burn 20
player is suit-blind), so an information state is the values he holds plus the up card's value
(plus, after a peek, "no dealer blackjack"); its worlds are every concrete state that agrees
with it, weighted by probability.  Drawing a card maps every world to one world per concrete
card left, with the sequential-draw probability, and groups them by the value the player sees.

Player strategy (CD expectimax): at every decision the player takes the action whose expected
value, over the worlds of his information state, is highest; exact ties go to the first of
stand, hit, double, split, surrender.  Split hands are played CDZ- (README *Definitions*): a
split hand's decision is the one the same cards would get unsplit (information: that hand's
cards and the up card only, i.e. the unsplit deal of those cards), chosen among the actions a
split hand may take (double only with DAS, never split-then-surrender, ...).  The player always
resplits when he may.  The decision to split compares the expected value of the whole split
(all its hands, with the one dealer hand) with the other actions.

Split procedure (casino order): the two hands are completed left to right; a hand gets its
second card when its turn comes; if that card pairs it again and the round has fewer than
``max_split_hands`` hands (aces: only with ``resplit_aces``) it is split again, the new hand
waiting its turn; then the hand is played out.  Split aces take one card unless
``hit_split_aces``/``double_split_aces``.  A split hand of A + ten is 21, not a blackjack.

Rules (attribute names as ``bjcalc.Rules``; any object with these attributes will do, missing
ones take the defaults of :class:`OracleRules`): S17/H17; blackjack payout; peek / ENHC lose-all
(a dealer blackjack takes every bet, doubles and splits included) / ENHC OBO (it takes the
original bet only: the round's result is -1 whatever the player did after his first two cards);
double any two / hard 9-11 / hard 10-11 / none, soft doubles; DAS; split to 1-4 hands; resplit,
hit and double split aces; surrender none / late (after the peek; a dealer blackjack still takes
the whole bet, in ENHC too) / early (before the peek: -1/2 whatever the dealer holds) / any_time
(issue 14: late surrender also after any number of hits, unsplit hands only); doubling after a
hit (issue 14, ``double_after_hit``: on any number of cards within ``double_on`` /
``double_soft``, split hands with DAS; the unsplit hand's hit value, which a split hand's CDZ-
decision compares, continues with these actions; :func:`replay_pmf` does not know them); Burn 20
(the dealer procedure of GAMES.md section 2, with suits); a dealer 22 that pushes every hand
still in play; No Bust 21st Century (the three-card bust-push readings, a forced hit below a
total, standing on any 21; its Natural "worth 22" beats every 21, as any natural does here, and
pushes a dealer natural).  Not modelled: a maximum number of cards per hand
(``max_hand_cards``), splitting ten-values by rank, insurance / even money.

The shoe must be big enough for every line of play the expectimax looks at; a draw from an
empty shoe raises :class:`ShoeExhausted` rather than inventing a rule.

A second route, :func:`replay_pmf`, replays the round on explicit concrete card sequences (the
hole card a concrete card from the start, every draw from the cards really left) with the
strategy :func:`round_pmf` found, and must give the same distribution exactly.

It is deliberately simple and slow: shoes of about 6-12 cards, a second or so each.  Exact
rationals throughout (``gmpy2.mpq`` inside when gmpy2 is installed, several times faster than
``fractions.Fraction``; results are always ``Fraction``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from oracles import Fraction
from typing import Dict, Iterable, List, Mapping, Optional, Tuple, Union

__all__ = [
    "OracleRules",
    "ShoeExhausted",
    "round_pmf",
    "replay_pmf",
    "pmf_mean",
    "pmf_variance",
    "card_value",
]

ACTIONS = ("stand", "hit", "double", "split", "surrender")  # tie-break order

Pmf = Dict[Fraction, Fraction]
# A world: (index of the up card's kind, index of the hole card's kind, counts left by kind).
World = Tuple[Optional[int], Optional[int], Tuple[int, ...]]
Worlds = Dict[World, Fraction]
# A finished hand of the round: (card values, bet in initial bets).
Hand = Tuple[Tuple[int, ...], int]
# The dealer's final hand: "BJ" for a dealer blackjack, else its total (hard total when bust).
DealerResult = Union[str, int]


class ShoeExhausted(RuntimeError):
    """A line of play needs a card from an empty shoe: choose a bigger shoe."""


@dataclass(frozen=True)
class OracleRules:
    """The rules the oracle understands; names and meanings follow ``bjcalc.Rules``."""

    dealer_hits_soft_17: bool = False
    blackjack_pays: Fraction = Fraction(3, 2)
    hole_card: str = "peek"  # "peek", "enhc" (lose all), "enhc_obo" (original bet only)
    double_on: str = "any"  # "any", "9-11", "10-11", "none"
    double_soft: bool = True
    double_after_split: bool = True
    max_split_hands: int = 4
    resplit_aces: bool = False
    hit_split_aces: bool = False
    double_split_aces: bool = False
    surrender: str = "none"  # "none", "late", "early", "any_time" (issue 14)
    double_after_hit: bool = False  # issue 14: double on any number of cards
    burn_20: bool = False
    dealer_22_pushes: bool = False
    bust_push: str = "none"  # "none", "three_card_23_25", "three_card_25_v_26", "three_card_lower"
    must_hit_below: int = 0
    hit_21: bool = True

    def __post_init__(self) -> None:
        pays = self.blackjack_pays
        if isinstance(pays, str):
            num, den = pays.split(":")
            pays = Fraction(int(num), int(den))
        object.__setattr__(self, "blackjack_pays", Fraction(pays))

    @classmethod
    def from_any(cls, rules: object) -> "OracleRules":
        """Read the fields from any object with the same attribute names (e.g. ``bjcalc.Rules``)."""
        if isinstance(rules, cls):
            return rules
        values = {}
        for f in fields(cls):
            if hasattr(rules, f.name):
                values[f.name] = getattr(rules, f.name)
        for name in ("max_hand_cards",):
            if getattr(rules, name, None) is not None:
                raise NotImplementedError(f"the oracle does not model {name}")
        if getattr(rules, "split_tens_by_rank", False):
            raise NotImplementedError("the oracle does not model split_tens_by_rank")
        return cls(**values)


def card_value(label: str) -> int:
    """Value of a card label: ``"A"`` 1, ``"2"``-``"9"``, ten-values (T, 10, J, Q, K) 10.

    A trailing suit letter (``"AS"``, ``"TH"``) is allowed and ignored here.
    """
    rank = _split_label(label)[0]
    if rank == "A":
        return 1
    if rank in ("T", "J", "Q", "K"):
        return 10
    return int(rank)


def _split_label(label: str) -> Tuple[str, Optional[str]]:
    text = str(label).strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if not text or text[0] not in "A23456789TJQK" or len(text) > 2:
        raise ValueError(f"bad card label {label!r}")
    suit = text[1] if len(text) == 2 else None
    if suit is not None and suit not in "SHDC":
        raise ValueError(f"bad suit in card label {label!r}")
    return text[0], suit


def pmf_mean(pmf: Mapping[Fraction, Fraction]) -> Fraction:
    """Expected net result of a distribution ``{result: probability}``."""
    return sum((Fraction(r) * p for r, p in pmf.items()), Fraction(0))


def pmf_variance(pmf: Mapping[Fraction, Fraction]) -> Fraction:
    """Variance of a distribution ``{result: probability}``."""
    mean = pmf_mean(pmf)
    return sum(((Fraction(r) - mean) ** 2 * p for r, p in pmf.items()), Fraction(0))


def round_pmf(
    rules: object,
    counts: Union[Mapping[Union[str, int], int], Iterable[str]],
) -> Dict[Fraction, Fraction]:
    """Exact distribution of the net result of one round, ``{result: probability}``.

    Args:
        rules: an :class:`OracleRules`, or any object with the same attribute names
            (``bjcalc.Rules`` works; its ``decks`` is ignored: the shoe is ``counts``).
        counts: the shoe, as ``{label: count}`` (labels ``"A"``, ``"2"``-``"9"``, ``"T"``;
            with suits ``"AS"``, ``"TH"``, ...; an int 1-10 is a value), or an iterable of
            card labels.  Burn 20 needs suits on every ace and ten-value card.

    Returns:
        Every net result of the round (in initial bets) with its exact probability; the
        probabilities sum to 1.

    Raises:
        ShoeExhausted: some line of play the player considers needs more cards than the shoe has.
        NotImplementedError: ``rules`` asks for something the oracle does not model.
    """
    game = _Game(OracleRules.from_any(rules), counts)
    return _as_fractions(game.round_pmf())


# ----------------------------------------------------------------------------- helpers

try:  # exact rationals either way; gmpy2's are several times faster than fractions'
    from gmpy2 import mpq as _Q
except ImportError:  # pragma: no cover
    _Q = Fraction


def _as_fractions(pmf: Mapping) -> Dict[Fraction, Fraction]:
    out: Dict[Fraction, Fraction] = {}
    for r, p in sorted(pmf.items()):
        if p:
            key = Fraction(int(r.numerator), int(r.denominator))
            out[key] = Fraction(int(p.numerator), int(p.denominator))
    return out


def _add(acc: Dict, other: Mapping, scale: Fraction = _Q(1)) -> None:
    for k, v in other.items():
        acc[k] = acc.get(k, _Q(0)) + v * scale


def _mean(pmf: Mapping) -> Fraction:
    return sum((r * p for r, p in pmf.items()), _Q(0))


def _normalize(worlds: Worlds) -> Tuple[Fraction, Worlds]:
    total = sum(worlds.values(), _Q(0))
    return total, {w: p / total for w, p in worlds.items()}


def _hard(cards: Iterable[int]) -> int:
    return sum(cards)


def _best(cards: Tuple[int, ...]) -> int:
    hard = sum(cards)
    return hard + 10 if 1 in cards and hard + 10 <= 21 else hard


def _soft(cards: Tuple[int, ...]) -> bool:
    return 1 in cards and sum(cards) + 10 <= 21


class _Game:
    """One rule set and one shoe; caches decisions by information state."""

    def __init__(self, rules: OracleRules, counts: Union[Mapping, Iterable[str]]):
        self.r = rules
        self.bj_pays = _Q(rules.blackjack_pays.numerator, rules.blackjack_pays.denominator)
        if rules.hole_card not in ("peek", "enhc", "enhc_obo"):
            raise ValueError(f"hole_card {rules.hole_card!r}")
        if rules.surrender not in ("none", "late", "early", "any_time"):
            raise ValueError(f"surrender {rules.surrender!r}")
        if isinstance(counts, Mapping):
            items = []
            for label, n in counts.items():
                if isinstance(label, int):
                    label = "A" if label == 1 else ("T" if label == 10 else str(label))
                items.append((label, int(n)))
        else:
            tally: Dict[str, int] = {}
            for label in counts:
                tally[label] = tally.get(label, 0) + 1
            items = list(tally.items())
        merged: Dict[Tuple[str, Optional[str]], int] = {}
        for label, n in items:
            if n < 0:
                raise ValueError("negative count")
            rank, suit = _split_label(label)
            # only what a rule can see: the value, and (Burn 20) the suit of an ace or a ten
            value = card_value(rank)
            rank = "A" if value == 1 else ("T" if value == 10 else str(value))
            if not (rules.burn_20 and value in (1, 10)):
                suit = None
            merged[(rank, suit)] = merged.get((rank, suit), 0) + n
        kinds = sorted(k for k, n in merged.items() if n > 0)
        self.kinds = kinds
        self.value = [card_value(rank) for rank, _ in kinds]
        self.suit = [suit for _, suit in kinds]
        if rules.burn_20:
            for (rank, suit) in kinds:
                if card_value(rank) in (1, 10) and suit is None:
                    raise ValueError("Burn 20 needs a suit on every ace and ten-value card")
        self.shoe = tuple(merged[k] for k in kinds)
        self._dealer_memo: Dict = {}
        self._eval_memo: Dict = {}
        self._split_memo: Dict = {}

    # ------------------------------------------------------------------ drawing cards

    def _draws(self, rem: Tuple[int, ...]):
        """(kind, probability, counts left) for every concrete next card."""
        total = sum(rem)
        if total == 0:
            raise ShoeExhausted("a card is needed from an empty shoe")
        for k, n in enumerate(rem):
            if n:
                left = list(rem)
                left[k] -= 1
                yield k, _Q(n, total), tuple(left)

    def _draw_player(self, worlds: Worlds) -> Dict[int, Worlds]:
        """A card the player sees: new worlds grouped by its value (joint weights)."""
        out: Dict[int, Worlds] = {}
        for (up, hole, rem), w in worlds.items():
            for k, p, left in self._draws(rem):
                group = out.setdefault(self.value[k], {})
                key = (up, hole, left)
                group[key] = group.get(key, _Q(0)) + w * p
        return out

    def _draw_up(self, worlds: Worlds) -> Dict[int, Worlds]:
        out: Dict[int, Worlds] = {}
        for (_, hole, rem), w in worlds.items():
            for k, p, left in self._draws(rem):
                group = out.setdefault(self.value[k], {})
                key = (k, hole, left)
                group[key] = group.get(key, _Q(0)) + w * p
        return out

    def _draw_hole(self, worlds: Worlds) -> Worlds:
        out: Worlds = {}
        for (up, _, rem), w in worlds.items():
            for k, p, left in self._draws(rem):
                key = (up, k, left)
                out[key] = out.get(key, _Q(0)) + w * p
        return out

    # ------------------------------------------------------------------ the dealer

    def _dealer_natural(self, up: int, hole: int) -> bool:
        vals = {self.value[up], self.value[hole]}
        if vals != {1, 10}:
            return False
        if self.r.burn_20 and self.value[up] == 10 and self.suit[hole] == self.suit[up]:
            return False  # an ace of the up card's suit under a ten is burned
        return True

    def _dealer(self, up: int, hole: int, rem: Tuple[int, ...]) -> Dict[DealerResult, Fraction]:
        """Distribution of the dealer's final hand, his two cards known, cards left ``rem``."""
        key = (up, hole, rem)
        if key in self._dealer_memo:
            return self._dealer_memo[key]
        if self._dealer_natural(up, hole):
            out: Dict[DealerResult, Fraction] = {"BJ": _Q(1)}
        elif self.r.burn_20 and self.value[up] == 10 and (
            self.value[hole] == 10 or (self.value[hole] == 1 and self.suit[hole] == self.suit[up])
        ):
            out = self._burn_redraw(rem)
        else:
            out = self._dealer_draw((self.value[up], self.value[hole]), rem)
        self._dealer_memo[key] = out
        return out

    def _burn_redraw(self, rem: Tuple[int, ...]) -> Dict[DealerResult, Fraction]:
        """Burn 20: two fresh cards, burned again while two tens or any blackjack."""
        out: Dict[DealerResult, Fraction] = {}
        for k1, p1, left1 in self._draws(rem):
            for k2, p2, left2 in self._draws(left1):
                pair = {self.value[k1], self.value[k2]}
                if pair == {10} or pair == {1, 10}:
                    _add(out, self._burn_redraw(left2), p1 * p2)
                else:
                    _add(out, self._dealer_draw((self.value[k1], self.value[k2]), left2), p1 * p2)
        return out

    def _dealer_draw(
        self, cards: Tuple[int, ...], rem: Tuple[int, ...]
    ) -> Dict[DealerResult, Fraction]:
        total = _best(cards)
        if total > 21:
            return {_hard(cards): _Q(1)}
        if total > 17 or (total == 17 and not (self.r.dealer_hits_soft_17 and _soft(cards))):
            return {total: _Q(1)}
        out: Dict[DealerResult, Fraction] = {}
        for k, p, left in self._draws(rem):
            _add(out, self._dealer_draw(cards + (self.value[k],), left), p)
        return out

    # ------------------------------------------------------------------ settlement

    def _settle_round(self, hands: List[Hand], dealer: DealerResult) -> Fraction:
        """Net result of the round's finished (non-natural) hands against the dealer's hand."""
        if dealer == "BJ":
            if self.r.hole_card == "enhc":
                return -_Q(sum(bet for _, bet in hands))
            if self.r.hole_card == "enhc_obo":
                return _Q(-1)
            raise AssertionError("a peeked dealer blackjack reached settlement")
        assert isinstance(dealer, int)
        net = _Q(0)
        for cards, bet in hands:
            hard, best = _hard(cards), _best(cards)
            if hard > 21:
                if dealer > 21 and self._bust_pushes(cards, dealer):
                    continue
                net -= bet
            elif dealer > 21:
                if not (dealer == 22 and self.r.dealer_22_pushes):
                    net += bet
            elif best > dealer:
                net += bet
            elif best < dealer:
                net -= bet
        return net

    def _bust_pushes(self, cards: Tuple[int, ...], dealer: int) -> bool:
        rule, hard = self.r.bust_push, _hard(cards)
        if rule == "none" or len(cards) != 3 or dealer <= hard:
            return False
        if rule == "three_card_23_25":
            return 23 <= hard <= 25
        if rule == "three_card_25_v_26":
            return hard == 25 and dealer == 26
        if rule == "three_card_lower":
            return True
        raise ValueError(f"bust_push {rule!r}")

    def _settle(self, hands: List[Hand], worlds: Worlds) -> Pmf:
        """Dealer plays out in every world; the round's result distribution (weights as worlds)."""
        out: Pmf = {}
        all_bust = all(_hard(cards) > 21 for cards, _ in hands) and self.r.bust_push == "none"
        for (up, hole, rem), w in worlds.items():
            if all_bust and not self._dealer_natural(up, hole):
                # every hand is bust and loses whatever the dealer draws: do not draw (a tiny
                # shoe could run out for nothing); 99 stands for any dealer total
                dealer_hand: Dict[DealerResult, Fraction] = {99: _Q(1)}
            else:
                dealer_hand = self._dealer(up, hole, rem)
            for dealer, p in dealer_hand.items():
                r = self._settle_round(hands, dealer)
                out[r] = out.get(r, _Q(0)) + w * p
        return out

    # ------------------------------------------------------------------ the round

    def round_pmf(self) -> Pmf:
        out: Pmf = {}
        start: Worlds = {(None, None, self.shoe): _Q(1)}
        for v1, w1 in sorted(self._draw_player(start).items()):
            for u, w2 in sorted(self._draw_up(w1).items()):
                for v2, w3 in sorted(self._draw_player(w2).items()):
                    p, worlds = _normalize(self._draw_hole(w3))
                    _add(out, self._initial((v1, v2), u, worlds), p)
        return {r: p for r, p in sorted(out.items()) if p}

    def _peeks(self, u: int) -> bool:
        return self.r.hole_card == "peek" and u in (1, 10)

    def _initial(self, hand: Tuple[int, int], u: int, worlds: Worlds) -> Pmf:
        """The round from the deal on (worlds normalised); a conditional distribution."""
        if set(hand) == {1, 10}:  # player natural
            out: Pmf = {}
            for (up, hole, _), w in worlds.items():
                r = _Q(0) if self._dealer_natural(up, hole) else self.bj_pays
                out[r] = out.get(r, _Q(0)) + w
            return out
        cont = self._continue(hand, u, worlds)
        if self._surrenders_early(cont):
            return {_Q(-1, 2): _Q(1)}
        return cont

    def _surrenders_early(self, cont: Pmf) -> bool:
        return self.r.surrender == "early" and _mean(cont) < _Q(-1, 2)

    def _continue(self, hand: Tuple[int, int], u: int, worlds: Worlds) -> Pmf:
        """A non-natural hand that has not surrendered early: the peek, then the best play."""
        if not self._peeks(u):
            return self._evaluate(hand, u, worlds, self._first_actions(hand))[1]
        bj = {k: w for k, w in worlds.items() if self._dealer_natural(k[0], k[1])}
        rest = {k: w for k, w in worlds.items() if k not in bj}
        p_bj = sum(bj.values(), _Q(0))
        cont: Pmf = {_Q(-1): p_bj} if p_bj else {}
        if rest:
            p_rest, rest = _normalize(rest)
            _add(cont, self._evaluate(hand, u, rest, self._first_actions(hand))[1], p_rest)
        return cont

    def _can_double(self, hand: Tuple[int, ...]) -> bool:
        """The total restrictions; on more than two cards only with ``double_after_hit``."""
        if len(hand) != 2 and not self.r.double_after_hit:
            return False
        rule = self.r.double_on
        if rule == "none":
            return False
        if rule == "any":
            return self.r.double_soft or not _soft(hand)
        lo = {"9-11": 9, "10-11": 10}[rule]
        return not _soft(hand) and lo <= _hard(hand) <= 11

    def _first_actions(self, hand: Tuple[int, int]) -> Tuple[str, ...]:
        acts = ["stand", "hit"]
        if self._can_double(hand):
            acts.append("double")
        if hand[0] == hand[1] and self.r.max_split_hands >= 2:
            acts.append("split")
        if self.r.surrender in ("late", "any_time"):
            acts.append("surrender")
        return tuple(acts)

    def _after_hit_actions(self, hand: Tuple[int, ...]) -> Tuple[str, ...]:
        """An unsplit hand after a hit: stand, hit, and (issue 14) double after the hit,
        surrender at any time."""
        acts = ["stand", "hit"]
        if self.r.double_after_hit and self._can_double(hand):
            acts.append("double")
        if self.r.surrender == "any_time":
            acts.append("surrender")
        return tuple(acts)

    def _allowed(self, hand: Tuple[int, ...], actions: Tuple[str, ...]) -> Tuple[str, ...]:
        """Forced plays: a hit below ``must_hit_below``, a stand on 21 without ``hit_21``."""
        best = _best(hand)
        acts = list(actions)
        if best < self.r.must_hit_below:
            acts = [a for a in acts if a != "stand"]
        if best == 21 and not self.r.hit_21:
            acts = [a for a in acts if a not in ("hit", "double")]
        return tuple(acts)

    def _evaluate(
        self, hand: Tuple[int, ...], u: int, worlds: Worlds, actions: Tuple[str, ...]
    ) -> Tuple[str, Pmf, Dict[str, Fraction]]:
        """Best action of an unsplit hand (worlds normalised): (action, its pmf, every EV)."""
        key = (tuple(sorted(hand)), u, actions, frozenset(worlds.items()))
        if key in self._eval_memo:
            return self._eval_memo[key]
        acts = self._allowed(hand, actions)
        pmfs: Dict[str, Pmf] = {}
        for act in acts:
            if act == "stand":
                pmfs[act] = self._settle([(hand, 1)], worlds)
            elif act in ("hit", "double"):
                out: Pmf = {}
                for v, w in self._draw_player(worlds).items():
                    p, w = _normalize(w)
                    new = hand + (v,)
                    if act == "double":
                        sub = self._settle([(new, 2)], w)
                    elif _hard(new) > 21:
                        sub = self._settle([(new, 1)], w)
                    else:
                        sub = self._evaluate(new, u, w, self._after_hit_actions(new))[1]
                    _add(out, sub, p)
                pmfs[act] = out
            elif act == "split":
                pmfs[act] = self._split(hand[0], u, worlds)
            elif act == "surrender":
                out = {}
                for (up, hole, _), w in worlds.items():
                    r = _Q(-1) if self._dealer_natural(up, hole) else _Q(-1, 2)
                    out[r] = out.get(r, _Q(0)) + w
                pmfs[act] = out
            else:
                raise AssertionError(act)
        evs = {a: _mean(p) for a, p in pmfs.items()}
        best = None
        for a in ACTIONS:  # tie-break order
            if a in evs and (best is None or evs[a] > evs[best]):
                best = a
        assert best is not None
        result = (best, pmfs[best], evs)
        self._eval_memo[key] = result
        return result

    # ------------------------------------------------------------------ splits (CDZ-)

    def _unsplit_worlds(self, hand: Tuple[int, ...], u: int, peeked: bool = True) -> Worlds:
        """Worlds of the information state 'these cards unsplit, against this up card'
        (after the dealer's peek, if he peeks and ``peeked``)."""
        start: Worlds = {(None, None, self.shoe): _Q(1)}
        w = self._draw_player(start)[hand[0]]
        w = self._draw_up(w)[u]
        w = self._draw_player(w)[hand[1]]
        w = self._draw_hole(w)
        for v in hand[2:]:
            w = self._draw_player(w)[v]
        if peeked and self._peeks(u):
            w = {k: p for k, p in w.items() if not self._dealer_natural(k[0], k[1])}
        return _normalize(w)[1]

    def _cdz_decision(self, hand: Tuple[int, ...], u: int, split_aces: bool) -> str:
        """CDZ-: the split hand plays as the same cards unsplit, among a split hand's actions."""
        acts = self._split_hand_actions(hand, split_aces)
        return self._evaluate(tuple(sorted(hand)), u, self._unsplit_worlds(hand, u), acts)[0]

    def _split_hand_actions(self, hand: Tuple[int, ...], split_aces: bool) -> Tuple[str, ...]:
        """What a split hand may do (a pair that may not be split again plays on, too)."""
        if split_aces and len(hand) == 2:
            acts = ["stand"]
            if self.r.hit_split_aces:
                acts.append("hit")
            if self.r.double_split_aces and self._can_double(hand):
                acts.append("double")
        else:
            acts = ["stand", "hit"]
            # _can_double: on more than two cards only with double_after_hit (issue 14)
            if self.r.double_after_split and self._can_double(hand):
                acts.append("double")
        return tuple(acts)

    def _split(self, pair: int, u: int, worlds: Worlds) -> Pmf:
        """The whole split: every hand played out (CDZ-), then one dealer hand for all."""
        return self._play_split((), (pair,), 1, 2, pair, u, worlds)

    def _play_split(
        self,
        done: Tuple[Hand, ...],
        current: Tuple[int, ...],
        waiting: int,
        n_hands: int,
        pair: int,
        u: int,
        worlds: Worlds,
    ) -> Pmf:
        """Play the split hands left to right.  ``current`` is the hand being played,
        ``waiting`` how many one-card hands wait their turn, ``n_hands`` all hands so far."""
        key = (done, current, waiting, n_hands, pair, u, frozenset(worlds.items()))
        if key in self._split_memo:
            return self._split_memo[key]
        out: Pmf = {}
        split_aces = pair == 1
        if len(current) == 1:  # its second card
            for v, w in self._draw_player(worlds).items():
                p, w = _normalize(w)
                if (
                    v == pair
                    and n_hands < self.r.max_split_hands
                    and (not split_aces or self.r.resplit_aces)
                ):
                    sub = self._play_split(done, current, waiting + 1, n_hands + 1, pair, u, w)
                else:
                    sub = self._play_split(done, current + (v,), waiting, n_hands, pair, u, w)
                _add(out, sub, p)
        else:
            finished: Optional[int] = None  # bet of the finished hand, if it is finished
            if _hard(current) > 21:
                finished = 1
            elif split_aces and len(current) == 2 and not (
                self.r.hit_split_aces or self.r.double_split_aces
            ):
                finished = 1  # one card to split aces
            else:
                act = self._cdz_decision(current, u, split_aces)
                if act == "stand":
                    finished = 1
                elif act in ("hit", "double"):
                    for v, w in self._draw_player(worlds).items():
                        p, w = _normalize(w)
                        new = current + (v,)
                        if act == "double":
                            sub = self._next_hand(done + ((new, 2),), waiting, n_hands, pair, u, w)
                        else:
                            sub = self._play_split(done, new, waiting, n_hands, pair, u, w)
                        _add(out, sub, p)
                else:
                    raise AssertionError(act)
            if finished is not None:
                done = done + ((current, finished),)
                out = self._next_hand(done, waiting, n_hands, pair, u, worlds)
        self._split_memo[key] = out
        return out

    def _next_hand(
        self, done: Tuple[Hand, ...], waiting: int, n_hands: int, pair: int, u: int, worlds: Worlds
    ) -> Pmf:
        if waiting:
            return self._play_split(done, (pair,), waiting - 1, n_hands, pair, u, worlds)
        assert len(done) == n_hands
        return self._settle(list(done), worlds)


# ----------------------------------------------------------------------------- explicit replay


class _Replay:
    """The same round, replayed on explicit concrete card sequences with a fixed strategy.

    The strategy is read off :class:`_Game` as a table from what the player sees (his hand's
    card values and the up card's value) to an action; the cards, the hole card included, are
    concrete and drawn one by one from what is really left, with probability (copies left) /
    (cards left).  Nothing here uses the worlds of an information state, so agreement with
    :func:`round_pmf` checks that bookkeeping (the posterior over the hole card, the peek's
    conditioning, the grouping of draws) and the split play and the dealer again.
    """

    def __init__(self, game: _Game):
        self.g = game
        self.r = game.r

    # what the player does, from what he sees
    def _first_action(self, hand: Tuple[int, int], u: int) -> str:
        g = self.g
        return g._evaluate(hand, u, g._unsplit_worlds(hand, u), g._first_actions(hand))[0]

    def _early_surrender(self, hand: Tuple[int, int], u: int) -> bool:
        g = self.g
        return g._surrenders_early(g._continue(hand, u, g._unsplit_worlds(hand, u, peeked=False)))

    def _later_action(self, hand: Tuple[int, ...], u: int) -> str:
        g = self.g
        return g._evaluate(hand, u, g._unsplit_worlds(hand, u), ("stand", "hit"))[0]

    # the cards
    def _next(self, rem: Tuple[int, ...]):
        return self.g._draws(rem)

    def pmf(self) -> Pmf:
        out: Pmf = {}
        shoe = self.g.shoe
        for k1, q1, r1 in self._next(shoe):
            for ku, q2, r2 in self._next(r1):
                for k2, q3, r3 in self._next(r2):
                    for kh, q4, r4 in self._next(r3):
                        _add(out, self._round(k1, ku, k2, kh, r4), q1 * q2 * q3 * q4)
        return {r: p for r, p in sorted(out.items()) if p}

    def _round(self, k1: int, ku: int, k2: int, kh: int, rem: Tuple[int, ...]) -> Pmf:
        g, val = self.g, self.g.value
        hand, u = (val[k1], val[k2]), val[ku]
        dealer_bj = g._dealer_natural(ku, kh)
        if set(hand) == {1, 10}:
            return {_Q(0) if dealer_bj else self.g.bj_pays: _Q(1)}
        if self.r.surrender == "early" and self._early_surrender(hand, u):
            return {_Q(-1, 2): _Q(1)}
        if g._peeks(u) and dealer_bj:
            return {_Q(-1): _Q(1)}
        act = self._first_action(hand, u)
        if act == "surrender":
            return {_Q(-1) if dealer_bj else _Q(-1, 2): _Q(1)}
        if act == "split":
            return self._split(hand[0], u, ku, kh, rem)
        out: Pmf = {}
        if act == "stand":
            return self._finish([(hand, 1)], ku, kh, rem)
        for k, q, left in self._next(rem):
            new = hand + (val[k],)
            if act == "double":
                _add(out, self._finish([(new, 2)], ku, kh, left), q)
            else:
                _add(out, self._hit_on(new, u, ku, kh, left), q)
        return out

    def _hit_on(self, hand: Tuple[int, ...], u: int, ku: int, kh: int, rem: Tuple[int, ...]) -> Pmf:
        if sum(hand) > 21 or self._later_action(hand, u) == "stand":
            return self._finish([(hand, 1)], ku, kh, rem)
        out: Pmf = {}
        for k, q, left in self._next(rem):
            _add(out, self._hit_on(hand + (self.g.value[k],), u, ku, kh, left), q)
        return out

    def _split(self, pair: int, u: int, ku: int, kh: int, rem: Tuple[int, ...]) -> Pmf:
        """Casino order: hands left to right, each gets its second card on its turn."""
        r, g = self.r, self.g
        out: Pmf = {}

        def go(
            hands: List[List[int]], bets: List[int], i: int, rem: Tuple[int, ...], q: Fraction
        ) -> None:
            if i == len(hands):
                finished = [(tuple(h), b) for h, b in zip(hands, bets)]
                _add(out, self._finish(finished, ku, kh, rem), q)
                return
            h = hands[i]
            if len(h) == 1:
                for k, p, left in self._next(rem):
                    v = g.value[k]
                    resplit = pair != 1 or r.resplit_aces
                    if v == pair and len(hands) < r.max_split_hands and resplit:
                        new = [x[:] for x in hands]
                        new.insert(i + 1, [pair])  # the new hand waits right of this one
                        go(new, bets[: i + 1] + [1] + bets[i + 1:], i, left, q * p)
                    else:
                        new = [x[:] for x in hands]
                        new[i].append(v)
                        go(new, bets, i, left, q * p)
                return
            aces_done = pair == 1 and len(h) == 2 and not (r.hit_split_aces or r.double_split_aces)
            if sum(h) > 21 or aces_done:
                go(hands, bets, i + 1, rem, q)
                return
            act = g._cdz_decision(tuple(h), u, pair == 1)
            if act == "stand":
                go(hands, bets, i + 1, rem, q)
                return
            for k, p, left in self._next(rem):
                new = [x[:] for x in hands]
                new[i].append(g.value[k])
                if act == "double":
                    go(new, bets[:i] + [2] + bets[i + 1:], i + 1, left, q * p)
                else:
                    go(new, bets, i, left, q * p)

        go([[pair], [pair]], [1, 1], 0, rem, _Q(1))
        return out

    def _finish(self, hands: List[Hand], ku: int, kh: int, rem: Tuple[int, ...]) -> Pmf:
        """The dealer plays his concrete cards; settle every hand against the one result."""
        g = self.g
        out: Pmf = {}
        if g._dealer_natural(ku, kh):
            results: Dict[DealerResult, Fraction] = {"BJ": _Q(1)}
        elif all(sum(c) > 21 for c, _ in hands) and self.r.bust_push == "none":
            results = {99: _Q(1)}  # every hand is bust: the dealer's total cannot matter
        else:
            results = self._dealer(ku, kh, rem)
        for dealer, q in results.items():
            res = g._settle_round(hands, dealer)
            out[res] = out.get(res, _Q(0)) + q
        return out

    def _dealer(self, ku: int, kh: int, rem: Tuple[int, ...]) -> Dict[DealerResult, Fraction]:
        g, val = self.g, self.g.value
        burn = self.r.burn_20 and val[ku] == 10 and (
            val[kh] == 10 or (val[kh] == 1 and g.suit[kh] == g.suit[ku]))
        if burn:  # up card and hole card burned: two fresh cards, again and again
            return self._reburn(rem)
        return self._draw_to_end([val[ku], val[kh]], rem)

    def _reburn(self, rem: Tuple[int, ...]) -> Dict[DealerResult, Fraction]:
        val = self.g.value
        out: Dict[DealerResult, Fraction] = {}
        for a, qa, ra in self._next(rem):
            for b, qb, rb in self._next(ra):
                if {val[a], val[b]} in ({10}, {1, 10}):
                    _add(out, self._reburn(rb), qa * qb)
                else:
                    _add(out, self._draw_to_end([val[a], val[b]], rb), qa * qb)
        return out

    def _draw_to_end(self, cards: List[int], rem: Tuple[int, ...]) -> Dict[DealerResult, Fraction]:
        hard = sum(cards)
        soft = 1 in cards and hard + 10 <= 21
        total = hard + 10 if soft else hard
        if hard > 21:
            return {hard: _Q(1)}
        if total >= 18 or (total == 17 and not (soft and self.r.dealer_hits_soft_17)):
            return {total: _Q(1)}
        out: Dict[DealerResult, Fraction] = {}
        for k, q, left in self._next(rem):
            _add(out, self._draw_to_end(cards + [self.g.value[k]], left), q)
        return out


def replay_pmf(
    rules: object,
    counts: Union[Mapping[Union[str, int], int], Iterable[str]],
) -> Dict[Fraction, Fraction]:
    """The round's distribution by a second route: explicit concrete card sequences.

    Every card, the hole card included, is a concrete card drawn from what is really left;
    the player's strategy (CD, with CDZ- split hands) is the one :func:`round_pmf` finds,
    looked up from what he sees.  Same arguments and result as :func:`round_pmf`, which it
    should equal exactly.  Not for issue 14's rules (the replay does not know them).
    """
    r = OracleRules.from_any(rules)
    if r.double_after_hit or r.surrender == "any_time":
        raise NotImplementedError("replay_pmf does not model double_after_hit / any_time")
    return _as_fractions(_Replay(_Game(r, counts)).pmf())
