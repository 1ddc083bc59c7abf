"""How many free chips one round gives the player, exactly, under the main game's play.

In Free Bet Blackjack the house puts up a free chip for a double on a two-card hard 9-11
and for each new hand of a split (but tens); the Pot of Gold side bet
(:mod:`bjcalc.sidebets.pot_of_gold`) pays by how many the player receives in a round.
The count depends on the player's decisions, so it is valued under the calculator's
strategy (CD, with its post-split strategy), the same decisions
:meth:`~bjcalc.game.calculator.Calculator.game` values and
:func:`~bjcalc.game.distribution.round_outcomes` follows.

How it stays small
------------------
Without free doubles after a hit, a free chip is given only on a hand's first two cards: the
split that makes a hand, or a double of its first two cards.  So the count is fixed by the
deal, the first action, and the *second cards* of the split hands (a pair card drawn while fewer hands than allowed
exist is split off; each other second card makes a two-card hand that decides by the
post-split strategy, as when that many hands exist).  The cards a hand draws after its
first decision do not matter; and a dealing sequence's chance depends only on the multiset
of cards it takes, each hand stopping on its own cards alone, so the draws between two
hands' second cards can be moved after them without changing any sequence's chance (the
exchange :mod:`bjcalc.game.moments` uses).  The second cards are then consecutive draws
from the cards left after the deal: at most four hands of ten values, a few thousand
sequences, on any shoe.

With free doubles after a hit (Free Bet's ``free_double_any_cards``) a hand that hits may still
get a free chip later, on a hard 9-11 of three or more cards.  A hand's path then matters, but
only while it can still reach such a double: a hand past hard 11, or holding an ace (soft while
its hard total is 11 or less), never can.  So each hand's draws are followed only that far (its
*live* prefix: a few small cards), and what it draws after is moved after every other hand's,
as above; the hands are then dealt in the table's order (each hand's second card and live draws,
a pair card split off while fewer hands than allowed exist), card value by card value.

The dealer peeks with an ace or ten up: a dealer blackjack ends the round before the
player acts, with no free chip.  The hole card is exchangeable with the player's draws, so
a sequence that took the cards ``R`` counts with weight ``P(hole makes no blackjack | R
gone)``, as the joint values of :mod:`bjcalc.engine.player` have it.  Without a peek the
chips are given all the same (a dealer blackjack found later takes only money).

>>> from bjcalc import Calculator
>>> from bjcalc.game.variants import VARIANTS
>>> counts = free_chip_counts(Calculator(VARIANTS["free_bet"].rules(decks=6)))
>>> round(float(counts[0]), 4), round(float(sum(counts.values())), 12)
(0.8382, 1.0)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional

import numpy as np

from ..core.actions import most_hands
from ..core.arithmetic import Value
from ..core.outcomes import is_natural
from ..core.wagers import MONEY, Wager
from ..engine.hands import UNSPLIT, composition_of
from .distribution import _Decisions, _Facade, check_round_options

__all__ = ["free_chip_counts"]


def free_chip_counts(calc: _Facade, strategy: str = "CD") -> dict[int, Value]:
    """The exact distribution of the number of free chips one round gives the player: count
    -> probability (every count from 0 to the most seen; Fractions in exact mode, floats
    otherwise; they sum to 1).  A round of a variant without free chips gives none.

    ``strategy``: ``"CD"`` (the calculator's post-split strategy) or ``"TD"`` (its chart).

    >>> from bjcalc import Calculator, Rules
    >>> free_chip_counts(Calculator(Rules(decks=1)))
    {0: 1.0}
    """
    calc.round.variant.check_analysis("the round's distribution")
    strategy = check_round_options(calc, strategy, "never", "the free chips")
    exact = calc.exact
    zero: Any = Fraction(0) if exact else 0.0
    one: Any = Fraction(1) if exact else 1.0
    if calc.round.money_only:
        return {0: one}
    chart = calc.game("TD").strategy if strategy == "TD" else None
    counts: dict[int, Any] = {}
    deals = calc.round.deals()
    live = _live(calc.round.engine.nodes, calc.round.engine.after_hit_chips)
    for up in range(1, 11):
        if not deals[up]:
            continue
        dealt = _Dealt(calc, up, strategy, chart, live)
        for (hand, split_key), p in deals[up].items():
            chance: Any = Fraction(p) if exact else float(p)
            for count, q in dealt.counts(hand, split_key).items():
                counts[count] = counts.get(count, zero) + chance * q
    total = sum(counts.values(), zero)
    if exact and total != one or not exact and abs(total - 1) > 1e-9:
        raise RuntimeError(f"the free chips' probabilities sum to {float(total)!r}, not 1: a bug in bjcalc, "
                           f"please report it with the rules and shoe")
    most = max(counts, default=0)
    return {k: counts.get(k, zero) for k in range(most + 1)}


class _Dealt:
    """One up card's deals: the free chips of each, by the strategy's decisions."""

    def __init__(self, calc: _Facade, up: int, strategy: str, chart: Any, live: Any):
        self.calc, self.up, self.exact = calc, up, calc.exact
        self.rules, self.variant = calc.rules, calc.round.variant
        self.decide = _Decisions(calc, up, strategy, chart)
        self.nodes = self.decide.values.nodes
        self.infinite = calc.shoe.is_infinite
        shoe = [int(c) for c in calc.shoe.value_counts()]
        self.shoe = shoe if self.infinite else [c - (v == up) for v, c in enumerate(shoe, start=1)]
        self.peeks = calc.round.settlement.peeks and up in (1, 10)
        share = calc.round.dealer_engine.procedure.hole_blackjack_share(up)
        self.share: Any = Fraction(share) if self.exact else float(share)
        self.live = live      # (:func:`_live`: the same for every up card)
        self.after_hit = bool(self.live.any())
        self._walking: dict[int, bool] = {}
        self._paths: dict[tuple, list[tuple[int, tuple[int, ...], Any]]] = {}
        self._chips: dict[tuple, int] = {}
        self._walked: dict[tuple, tuple[int, bool, list[int]]] = {}

    def _ratio(self, a: int, b: int) -> Any:
        return Fraction(a, b) if self.exact else a / b

    def _no_blackjack(self, needed: int, cards: int) -> Any:
        """P(the hole card makes no dealer blackjack), ``needed`` of the ``cards`` left making one."""
        if not self.peeks:
            return Fraction(1) if self.exact else 1.0
        return 1 - self.share * self._ratio(needed, cards)

    def _free(self, wager: Any) -> int:
        return int(wager is not None and wager != MONEY)

    def _double_chip(self, node: int, split: bool, own: Wager = MONEY) -> int:
        """The free chips a double adds to the hand at ``node`` carrying ``own``: 1 or 0."""
        key = (node, split, own.name)
        if key not in self._chips:
            nodes = self.nodes
            added = self.calc.round.double_chips(own, int(nodes.hard[node]), bool(nodes.soft[node]),
                                                 int(nodes.cards[node]), split)[1]
            self._chips[key] = self._free(added)
        return self._chips[key]

    def _drawn(self, left: tuple[int, ...], value: int) -> tuple[int, ...]:
        """The cards left once a card of ``value`` is drawn (the same on the infinite deck)."""
        return left if self.infinite else left[:value - 1] + (left[value - 1] - 1,) + left[value:]

    def _node(self, node: int, own: Wager) -> tuple[int, bool, list[int]]:
        """What a walk reads at ``node`` for a hand carrying ``own``: its play (an index of
        stand, hit, double, surrender), whether it is live, and its children by card value."""
        key = (node, own.name)
        if key not in self._walked:
            self._walked[key] = (int(self.decide.plays_of(own)[node]), bool(self.live[node]),
                                 self.nodes.child[node].tolist())
        return self._walked[key]

    def _live_paths(self, start: int, action: str, own: Wager, split: bool,
                    left: tuple[int, ...]) -> list[tuple[int, tuple[int, ...], Any]]:
        """A hand at ``start`` that plays on (``action`` hit or play) carrying ``own``: each of its
        live prefixes (see the module docstring) as (the free chips it gets, the cards left after
        it, its chance), following the strategy's decisions (a double after a hit ends it)."""
        key = (start, action, own.name, split, left)
        if key in self._paths:
            return self._paths[key]
        out: list[tuple[int, tuple[int, ...], Any]] = []
        self._paths[key] = out

        def go(node: int, left: tuple[int, ...], chance: Any, first: bool) -> None:
            play, live, kids = self._node(node, own)
            if first and action == "hit":
                play = 1
            if play == 2:
                out.append((self._double_chip(node, split, own), left, chance))
            elif play != 1 or not live:
                out.append((0, left, chance))
            else:
                total = sum(left)
                for value, kid in enumerate(kids, start=1):
                    if left[value - 1] > 0:
                        p = chance * self._ratio(left[value - 1], total)
                        if kid >= 0:
                            go(kid, self._drawn(left, value), p, False)
                        else:      # (a bust: no chip)
                            out.append((0, self._drawn(left, value), p))

        go(start, left, Fraction(1) if self.exact else 1.0, True)
        return out

    def counts(self, hand: tuple[int, int], split_key: Any) -> dict[int, Any]:
        """Free chips -> probability for the deal ``hand`` (given the deal)."""
        composition = composition_of(hand)
        left = list(self.shoe) if self.infinite else [c - n for c, n in zip(self.shoe, composition)]
        no_blackjack = self._no_blackjack(left[9] if self.up == 1 else left[0], sum(left))
        if is_natural(composition):
            return {0: Fraction(1) if self.exact else 1.0}
        node = self.nodes.node(composition, UNSPLIT)
        action = self.decide.initial(node, hand, split_key)
        out: dict[int, Any] = {}
        if action == "split":
            (self._split_played if self.after_hit and self._split_walks(hand[0]) else self._split)(hand[0], left, out)
        elif action in ("hit", "play") and self.after_hit:
            partner = 10 if self.up == 1 else 1
            for free, rest, chance in self._live_paths(node, action, MONEY, False, tuple(left)):
                out[free] = out.get(free, 0 * chance) + chance * self._no_blackjack(rest[partner - 1], sum(rest))
        else:
            free = self._double_chip(node, False) if action == "double" else 0
            out[free] = no_blackjack
        blackjack = 1 - no_blackjack
        if blackjack:
            out[0] = out.get(0, 0 * blackjack) + blackjack
        return out

    def _split(self, pair: int, left: list[int], out: dict[int, Any]) -> None:
        """Every sequence of the split hands' second cards (see the module docstring), each
        adding its chance times P(no dealer blackjack) to ``out`` by its free chips.  Card
        values that act alike (the pair's value, the card that makes the dealer's blackjack,
        and the others by the free chips their hand gets at each count of hands) are drawn as
        one group: without replacement a sequence's chance depends only on how many of each
        group it takes."""
        hands = most_hands(self.rules, pair)
        split_free = self._free(self.variant.split_wager(self.rules, pair))
        completes = (10 if self.up == 1 else 1) if self.peeks else None
        memo: dict[tuple[int, int, bool], Optional[int]] = {}

        def hand_free(card: int, count: int, later: bool) -> Optional[int]:
            """The free chips a split hand of ``pair`` and ``card`` gets (None: never dealt)."""
            key = (card, count, later)
            if key not in memo:
                found = self.decide.split_hand(pair, count, card, later)
                memo[key] = None if found is None else (self._double_chip(found[0], True) if found[1] == "double" else 0)
            return memo[key]

        groups: dict[tuple, list[int]] = {}
        for card in range(1, 11):
            if left[card - 1] > 0:
                alike = tuple(hand_free(card, c, later) for c in range(2, hands + 1) for later in (False, True))
                groups.setdefault((card == pair, card == completes, alike), []).append(card)
        members = list(groups.values())
        sizes = [sum(left[card - 1] for card in cards) for cards in members]
        total = sum(left)
        blackjack_group = next((g for g, cards in enumerate(members) if cards == [completes]), None)
        taken = [0] * len(members)

        def no_blackjack(n: int) -> Any:
            if blackjack_group is None:      # (no peek, or no card left that makes one)
                return self._no_blackjack(0, 1)
            have = sizes[blackjack_group] - (0 if self.infinite else taken[blackjack_group])
            return self._no_blackjack(have, total - (0 if self.infinite else n))

        def draw(slot: int, count: int, n: int, chance: Any, free: int) -> None:
            if slot > count:
                out[free] = out.get(free, 0 * chance) + chance * no_blackjack(n)
                return
            for g, cards in enumerate(members):
                have = sizes[g] - (0 if self.infinite else taken[g])
                if have <= 0:
                    continue
                p = chance * self._ratio(have, total - (0 if self.infinite else n))
                taken[g] += 1
                if cards[0] == pair and count < hands:          # split off: a new hand, its chip
                    draw(slot, count + 1, n + 1, p, free + split_free)
                else:
                    got = hand_free(cards[0], count, slot > 1)
                    if got is not None:
                        draw(slot + 1, count, n + 1, p, free + got)
                taken[g] -= 1

        draw(1, 2, 0, Fraction(1) if self.exact else 1.0, split_free)

    def _split_played(self, pair: int, left: list[int], out: dict[int, Any]) -> None:
        """:meth:`_split` where a split hand may get a free chip after a hit: the hands dealt in
        the table's order, card value by card value, each hand's second card and then its live
        prefix (:meth:`_live_paths`); what follows depends only on the cards left, the hand
        dealt to and the hands so far, so it is found once for each.  Each sequence adds its
        chance times P(no dealer blackjack) to ``out`` by its free chips."""
        hands = most_hands(self.rules, pair)
        split_free = self._free(self.variant.split_wager(self.rules, pair))
        partner = 10 if self.up == 1 else 1
        one: Any = Fraction(1) if self.exact else 1.0
        split = not self.calc.round.money_only
        memo: dict[tuple, dict[int, Any]] = {}
        hands_of: dict[tuple, Any] = {}

        def split_hand(count: int, card: int, later: bool) -> Any:
            key = (count, card, later)
            if key not in hands_of:
                hands_of[key] = self.decide.split_hand(pair, count, card, later)
            return hands_of[key]

        def rest(slot: int, count: int, left: tuple[int, ...]) -> dict[int, Any]:
            """Free chips from hand ``slot``'s second card on (``count`` hands so far) -> chance."""
            key = (slot, count, left)
            if key in memo:
                return memo[key]
            if slot > count:
                memo[key] = {0: self._no_blackjack(left[partner - 1], sum(left))}
                return memo[key]
            found: dict[int, Any] = {}
            total = sum(left)
            for card in range(1, 11):
                if left[card - 1] <= 0:
                    continue
                p = self._ratio(left[card - 1], total)
                after = self._drawn(left, card)
                if card == pair and count < hands:          # split off: a new hand, its chip
                    branches = [(split_free, after, one, slot, count + 1)]
                else:
                    hand = split_hand(count, card, slot > 1)
                    if hand is None:
                        continue
                    node, action = hand
                    if action in ("hit", "play"):
                        own = self.decide.chip(pair, slot > 1)
                        branches = [(got, kept, q, slot + 1, count)
                                    for got, kept, q in self._live_paths(node, action, own, split, after)]
                    else:
                        got = self._double_chip(node, True) if action == "double" else 0
                        branches = [(got, after, one, slot + 1, count)]
                for got, kept, q, next_slot, next_count in branches:
                    for chips, w in rest(next_slot, next_count, kept).items():
                        found[chips + got] = found.get(chips + got, 0 * w) + p * q * w
            memo[key] = found
            return found

        for chips, w in rest(1, 2, tuple(left)).items():
            out[chips + split_free] = out.get(chips + split_free, 0 * w) + w

    def _split_walks(self, pair: int) -> bool:
        """Whether a hand split from ``pair`` may hit on to a free double (then :meth:`_split_played`
        counts the round; else :meth:`_split`, whose hands' chips are fixed by their second cards)."""
        if pair not in self._walking:
            hands = most_hands(self.rules, pair)
            self._walking[pair] = any(
                found is not None and found[1] in ("hit", "play") and bool(self.live[found[0]])
                for card in range(1, 11) for count in range(2, hands + 1) for later in (False, True)
                for found in [self.decide.split_hand(pair, count, card, later)])
        return self._walking[pair]


def _live(nodes: Any, chips: dict[str, Any]) -> Any:
    """Which nodes can still reach a double after a hit that adds a free chip (``chips``: the
    nodes where a double after a hit adds each kind of chip, by name), by hitting: the node
    itself or any node its cards lead to.  Children come before parents in ``nodes.levels``."""
    live = np.zeros(len(nodes), dtype=bool)
    for name, mask in chips.items():
        if name != MONEY.name:
            live |= mask
    if not live.any():
        return live
    for level in nodes.levels:
        kids = nodes.child[level]
        live[level] |= np.where(kids >= 0, live[np.maximum(kids, 0)], False).any(axis=1)
    return live
