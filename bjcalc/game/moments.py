"""The mean and variance of one round's net result, exactly, where its whole distribution is
too large: resplits to 3 or 4 hands from real shoes.

The round distribution (:mod:`bjcalc.game.distribution`) needs every split hand's finish
jointly, because the dealer depends on every card removed; with resplits from a real shoe
that joint enumeration reaches billions of states.  The variance needs less: the square of
the net result is a sum of terms in at most *two* hands,

    ``X = Q + sum_h Y_h``,  ``X**2 = Q**2 + sum_h (Y_h**2 + 2 Q Y_h) + sum_{h != h'} Y_h Y_h'``

(``Y_h``: hand ``h``'s net against the dealer's outcome, ``Q``: the round's own charge on a
dealer blackjack, and insurance), so each term needs the joint law of at most two hands and
the dealer.  The other hands are removed exactly, by exchangeability:

- A dealing sequence's chance depends only on the multiset of cards it takes, and each hand
  (and the dealer) stops by its own cards alone.  So the draws of the hands a term does not
  track can be moved after the dealer's without changing any sequence's chance; there they
  sum to 1, whatever the cards before them.
- What stays is the split's *structure*: how many pair cards each hand drew as second cards
  (how many hands there are, and how many existed when each hand played, which CDP's
  decisions use), and that a hand's final second card was not a pair card while more hands
  were allowed.  That constraint on an untracked hand's second card is removed by
  ``sum_{c != p} P(R + c) row(R + c) = P(R) row(R) - P(R + p) row(R + p)``: drawing any card
  leaves the dealer's outcome distribution as it was, so "a card that is not p" is "no card"
  minus "a p".  An untracked hand thus costs nothing, and a structure is a signed count of
  extra pair cards.

Each tracked set (no hand, one hand, two hands) is enumerated once, as the round distribution
enumerates a split to two hands, by *blocks*: a hand's finishes from a second card that is not
a pair card, or (once the most hands exist) from a pair card, blocks that decide alike (CDZ-
ignores how many hands exist, CDP does not) being one.  The structures' signed extra pair cards
are applied at settlement: per distinct card set, the dealer rows of the set with ``i`` more
pair cards, weighted by their sequences' chances and the signed counts, are summed once, so
the states are not multiplied by them.  The mean comes out too, and must equal the game's EV:
checked on every call.

Where it applies: a round whose cards cannot run out (the shoe holds at least as many cards
as a bound on what one round can take: every hand's and the dealer's cards but the last sum
to at most 21 each, plus what the dealer may burn), a post-split strategy whose decisions are
per hand (CDZ-, CDP1, CDP) or TD play.  On a shoe below that bound (the last cards of a
shoe, where a dealer short of cards is allowed only when no hand's pay depends on him) the
moments are those of the whole distribution (:func:`~bjcalc.game.distribution.round_outcomes`,
small on such a shoe), exact all the same; :attr:`RoundMoments.method` says which was used.

>>> from bjcalc import Calculator, Rules
>>> moments = round_moments(Calculator(Rules(decks=6, max_split_hands=2)))
>>> round(moments.sd, 4), round(float(moments.ev), 6)
(1.1465, -0.004569)
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

import numpy as np

from ..core.actions import most_hands
from ..core.arithmetic import EXACT, Value
from ..core.errors import ShoeError, TooLargeError
from ..core.progress import ProgressFn, no_progress
from ..engine import _kernels
from ..engine.splits import most_round_cards
from .distribution import (payout_denominator, _DEALER_SHORT, _Classes, _compiled, _plus, class_code, _Facade, _States, _UpcardRounds, _by_class,
                           _class_mass, _class_rows, _sequence_probability, check_round_options, round_outcomes)
from .rounds import Assumptions

__all__ = ["RoundMoments", "round_moments", "split_structures", "tracked_terms", "MAX_TRACKED_STATES", "METHODS"]

MAX_TRACKED_STATES = 64_000_000
"""The most states one step of the moments may combine before merging (two tracked hands of
6 decks with hit split aces: about 5 million).  A step is
checked before it runs, and its merged states are far fewer."""

METHODS = ("hand pairs", "distribution")
"""How a :class:`RoundMoments` was found: from terms in at most two hands at a time (this
module's method), or as the moments of the round's whole distribution (a shoe so small that a
round could run out of cards)."""

Structure = tuple[int, ...]
"""A split's structure: for each hand in dealing order, how many hands existed when it played."""
Block = tuple
"""A tracked hand's finishes: how many hands exist for its decisions (the fewest that decide
alike), and whether its second card is a pair card (else any other card); where the hands
split off carry other chips than the first, a third entry: whether it is one of them."""


@dataclass(frozen=True)
class RoundMoments:
    """The exact mean and variance of one round's net result (units of the initial bet), with
    the average total bet, where the whole distribution may be too large to enumerate.

    >>> from bjcalc import Calculator, Rules, Shoe
    >>> moments = Calculator(Rules(max_split_hands=4), shoe=Shoe.infinite()).moments()
    >>> round(moments.sd, 4), round(float(moments.average_bet), 4)
    (1.1538, 1.1318)
    """

    ev: Value
    second_moment: Value
    average_bet: Value
    assumptions: Assumptions
    insurance: str = "never"
    exact: bool = False
    strategy: str = "CD"
    method: str = METHODS[0]
    """One of :data:`METHODS`: the same exact figures either way."""

    @property
    def variance(self) -> Value:
        """E[net^2] - EV^2 (of the whole round, split hands' covariance included)."""
        return self.second_moment - self.ev ** 2

    @property
    def sd(self) -> float:
        """The standard deviation of the round's net result."""
        return math.sqrt(float(self.variance))

    @property
    def element_of_risk(self) -> Value:
        """-EV / average total bet."""
        return -self.ev / self.average_bet

    def summary(self) -> dict[str, Value]:
        """The figures by name (``ev``, ``sd``, ``variance``, ``average_bet``, ``element_of_risk``)."""
        return {"ev": self.ev, "sd": self.sd, "variance": self.variance, "average_bet": self.average_bet,
                "element_of_risk": self.element_of_risk}

    def summary_lines(self) -> list[str]:
        """The figures and the assumptions, one per line."""
        return [f"EV {float(self.ev) * 100:+.4f} %, SD {self.sd:.4f}, variance {float(self.variance):.4f}",
                f"average bet {float(self.average_bet):.6f}, element of risk (house edge per unit bet) {float(self.element_of_risk) * 100:+.4f} %",
                f"strategy: {self.strategy}; insurance: {self.insurance}"
                + ("; from the whole distribution (a round could run out of cards on this shoe)"
                   if self.method == METHODS[1] else "")]

    def _repr_html_(self) -> str:
        """The figures and the assumptions, for a notebook.

        >>> from bjcalc import Calculator, Rules, Shoe
        >>> Calculator(Rules(max_split_hands=3), shoe=Shoe.infinite()).moments()._repr_html_()[:30]
        '<p>EV -0.5208 %, SD 1.1521, va'
        """
        from html import escape

        head, bet, strategy = (escape(line) for line in self.summary_lines())
        notes = "<br>".join(escape(line) for line in [strategy, *self.assumptions.lines()])
        return f"<p>{head}, {bet}</p><p><small>{notes}</small></p>"

    def __str__(self) -> str:
        return "\n".join(["The exact mean and variance of one round's net result, in initial bets",
                          *self.summary_lines(), "", *self.assumptions.lines()])


def split_structures(hands: int) -> list[Structure]:
    """Every structure of a split to at most ``hands`` hands, as dealt: each hand draws second
    cards, splitting off every pair card while fewer than ``hands`` hands exist.

    >>> split_structures(3)
    [(2, 3, 3), (2, 2), (3, 3, 3)]
    """
    found: list[Structure] = []

    def deal(slot: int, count: int, played: Structure) -> None:
        if slot > count:
            found.append(played)
            return
        for more in range(hands - count + 1):       # this hand splits off ``more`` pair cards
            deal(slot + 1, count + more, played + (count + more,))

    deal(1, 2, ())
    found.sort(key=lambda s: (s[0], -len(s)))
    return found


def tracked_terms(hands: int, first_apart: bool = False) -> dict[tuple, list[int]]:
    """For each tracked set of at most two hands (how many hands existed when each played,
    sorted), the signed number of ways its structures take each number of extra pair cards
    (index ``i``: ``i`` pair cards beyond the deal's two), summed over structures and over
    the hands tracked: ``p**e (1 - p)**j`` for ``e`` pair cards split off and ``j`` untracked
    hands whose second card was not a pair card.  ``first_apart``: the first hand plays for
    other chips than the hands split off, so a tracked hand is (how many hands existed,
    whether it was split off).

    >>> tracked_terms(2)
    {(): [1], (2,): [2], (2, 2): [1]}
    >>> tracked_terms(3)[(3,)]      # (2, 3, 3): 2 p (1 - p); (3, 3, 3): 3 p
    [0, 5, -2]
    >>> tracked_terms(2, first_apart=True)[((2, False),)], tracked_terms(2, first_apart=True)[((2, True),)]
    ([1], [1])
    """
    terms: dict[tuple, list[int]] = {}
    for structure in split_structures(hands):
        extra = len(structure) - 2
        slots = range(len(structure))
        for tracked in [()] + [(a,) for a in slots] + [(a, b) for a in slots for b in slots if a < b]:
            free = sum(1 for s in slots if s not in tracked and structure[s] < hands)
            key: tuple = tuple(sorted((structure[s], s > 0) if first_apart else structure[s] for s in tracked))
            ways = terms.setdefault(key, [])
            for i in range(free + 1):
                _add_ways(ways, extra + i, (-1) ** i * math.comb(free, i))
    return terms


def _add_ways(ways: list[int], extra: int, count: int) -> None:
    """Add ``count`` ways to take ``extra`` more pair cards (the list grows as needed)."""
    ways.extend([0] * (extra + 1 - len(ways)))
    ways[extra] += count


class _TrackedRounds(_UpcardRounds):
    """One up card's rounds, a split one as its tracked sets of hands (the deal's other
    rounds as the distribution has them)."""

    computing = "the round's moments"
    @staticmethod
    def instead() -> str:
        return ""

    @staticmethod
    def size_limit() -> int:
        """The moments' steps pair one or two tracked hands only: :data:`MAX_TRACKED_STATES`."""
        return MAX_TRACKED_STATES

    def split_round(self, p: Fraction, base: np.ndarray, pair: int, extra: list[int]) -> list[tuple]:
        hands = most_hands(self.rules, pair)
        if hands == 2:      # two hands: the whole round's states, as the distribution has them
            return super().split_round(p, base, pair, extra)
        self.start_split(pair)
        # a tracked hand is one block (second card not a pair card) or, once the most hands
        # exist, two (that, or a pair card); blocks that decide alike are one; where the hands
        # split off carry other chips, a block says which hand it is too
        apart = not self.alike(pair)
        blocks: dict[tuple[Block, ...], list[int]] = {}
        for tracked, ways in tracked_terms(hands, apart).items():
            choices = []
            for hand in tracked:
                c, later = hand if apart else (hand, False)
                same = self.decide.same_play(pair, c)
                options: list[Block] = [(same, False)] + ([(same, True)] if c >= hands else [])
                choices.append([block + (later,) for block in options] if apart else options)
            for chosen in itertools.product(*choices):
                total = blocks.setdefault(tuple(sorted(chosen)), [])
                for extra_cards, count in enumerate(ways):
                    _add_ways(total, extra_cards, count)
        out = []
        first: dict[Block, Optional[_States]] = {}      # (each block's finishes on their own, made once)
        for chosen, ways in blocks.items():
            if not any(ways):
                continue
            states = self._tracked(pair, chosen, first)
            if states is not None:
                out.append((p, base, states, len(chosen), tuple(extra), pair, ways))
        return out

    def _tracked(self, pair: int, chosen: tuple[Block, ...], first: dict[Block, Optional[_States]]
                 ) -> Optional[_States]:
        """The tracked hands' finishes (the structures' extra pair cards not yet taken);
        ``first`` keeps each block's finishes on their own for the deal's other entries."""
        others = [card for card in range(1, 11) if card != pair]

        def hand(before: _States, block: Block) -> Optional[_States]:
            count, pair_card = block[:2]
            return self.one_hand(before, pair, count, [pair] if pair_card else others, later=block[2:] == (True,))

        if not chosen:          # (no hand tracked: the round's own charge)
            return self._single([])
        for block in chosen:
            if block not in first:
                first[block] = hand(self._single([]), block)
        states = first[chosen[0]]
        if states is None or len(chosen) == 1:
            return states
        if chosen[0] == chosen[1]:
            return self.squared(states)
        other = first[chosen[1]]       # (the second hand's finishes, second cards included: one product)
        if other is None:
            return None
        assert other.most is not None
        return self._then(states, other.taken, other.classes, other.weight, other.most)

    def shifted_masses(self, entries: list[tuple], classes: _Classes) -> list[tuple[np.ndarray, np.ndarray]]:
        """Tracked entries of one deal settled as :func:`~bjcalc.game.distribution._class_mass`
        settles states, each state standing for itself with ``ways[i]`` times ``i`` more pair
        cards taken: the dealer rows of those sets, weighted by their sequences' chances, are
        summed per distinct card set first, so the states are not multiplied by the pair cards.
        The entries' card sets overlap (their tracked hands are the same hands, paired
        differently), so each distinct set's chances and dealer rows are found once for all."""
        import pandas as pd

        if self.infinite:
            return [self._infinite_mass(entry, classes) for entry in entries]
        p, base, _, _, _, pair, _ = entries[0]
        exact, codes = self.exact, self.codes
        shifts = sorted({i for entry in entries for i, w in enumerate(entry[6]) if w})
        where, sets = pd.factorize(np.concatenate([entry[2].taken for entry in entries]), sort=False)
        taken = codes.decode(np.asarray(sets, dtype=np.int64))
        left = self.counts - base
        step = np.eye(10, dtype=np.int64)[pair - 1]
        chance, possible = {}, {}
        for i in shifts:
            chance[i] = _sequence_probability(left, taken + i * step, exact)
            possible[i] = np.asarray(chance[i] != 0, dtype=bool)
        # (a set the shoe cannot hold has chance 0: its row is the unshifted set's, never used)
        removed = np.concatenate([codes.encode(base)[0] + codes.encode(np.where(possible[i][:, None], taken + i * step,
                                                                                 taken)) for i in shifts])
        row_of, unique = pd.factorize(removed, sort=False)
        result = self.calc.round.dealer_engine.evaluate(self.up, codes.decode(np.asarray(unique, dtype=np.int64)))
        row_of = row_of.reshape(len(shifts), len(sets))
        bounds = np.cumsum([0] + [len(entry[2].taken) for entry in entries])
        mine = [where[a:b] for a, b in zip(bounds[:-1], bounds[1:])]       # (each entry's sets, among all)
        used = [[k for k, i in enumerate(shifts) if i < len(entry[6]) and entry[6][i]] for entry in entries]
        short = [result.exhausted.take(row_of[k]) & possible[i] for k, i in enumerate(shifts)]
        if any(short[k].take(sets_of).any() for sets_of, taken_here in zip(mine, used) for k in taken_here):
            raise ShoeError(_DEALER_SHORT)
        if not exact and all(_compiled(entry[2].classes) for entry in entries) and _kernels.shifted_mass_available():
            return self._compiled_masses(entries, p, shifts, mine, used, chance, row_of, result)
        out = []
        for entry, sets_of, taken_here in zip(entries, mine, used):
            states, ways = entry[2], entry[6]
            distinct, own = pd.factorize(sets_of, sort=False)     # (the entry's sets, among all)
            combined: Any = 0
            for k in taken_here:
                i = shifts[k]
                rows = row_of[k].take(own)
                combined = combined + ways[i] * chance[i].take(own)[:, None] * result.probabilities.take(rows, axis=0)
            out.append(_by_class(states.classes, combined, distinct, self._state_weights(states, p), exact))
        return out

    def _compiled_masses(self, entries: list[tuple], p: Fraction, shifts: list[int], mine: list[np.ndarray],
                         used: list[list[int]], chance: dict[int, np.ndarray], row_of: np.ndarray,
                         result: Any) -> list[tuple[np.ndarray, np.ndarray]]:
        """:meth:`shifted_masses` in floats by the compiled settlement: each state's rows read
        by its set's place among all the deal's sets (``mine``: no per-entry sets), the shifts
        ``used`` by each entry, summed per class of the deal's classes, each entry's own
        classes kept (the same numbers as numpy's)."""
        import pandas as pd

        by_class, codes = pd.factorize(np.concatenate([entry[2].classes for entry in entries]), sort=True)
        codes = np.asarray(codes, dtype=np.int64)
        deal = _kernels.ShiftedMass(np.array([chance[i] for i in shifts], dtype=np.float64), row_of,
                                    result.probabilities)
        out, start = [], 0
        for entry, sets_of, taken_here in zip(entries, mine, used):
            states, ways = entry[2], entry[6]
            classes = by_class[start:start + len(sets_of)]
            start += len(sets_of)
            coef = np.zeros(len(shifts))
            coef[taken_here] = [float(ways[shifts[k]]) for k in taken_here]
            mass = deal.mass(sets_of, classes, self._state_weights(states, p), coef, len(codes))
            present = np.flatnonzero(np.bincount(classes, minlength=len(codes)))
            out.append((codes[present], mass[present]))
        return out

    def _infinite_mass(self, entry: tuple, classes: _Classes) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`shifted_masses` of one entry on the infinite deck (one dealer row for all)."""
        import pandas as pd

        p, _, states, _, _, pair, ways = entry
        distinct, sets = pd.factorize(states.taken, sort=False)
        row = self.calc.round.dealer_engine.evaluate(self.up, np.zeros((1, 10), dtype=np.int64)).probabilities[0]
        factor = sum(w * self._card_weight(pair) ** i for i, w in enumerate(ways) if w)
        combined = np.repeat((row * factor)[None, :], len(sets), axis=0)
        return _by_class(states.classes, combined, distinct, self._state_weights(states, p), self.exact)

    def _state_weights(self, states: _States, p: Fraction) -> np.ndarray:
        """Each state's number of orderings times the deal's chance."""
        if self.exact:
            return np.array([EXACT.convert(w) * EXACT.convert(p) for w in states.weight.tolist()], dtype=object)
        return states.weight.astype(np.float64) * float(p)


def _longest_round(calc: _Facade) -> int:
    """At least the most cards a round can take: each of the most hands and the dealer's hand
    draws only while its cards sum to at most 21 (aces as one), so all their cards but each
    last one are at most the smallest cards of the shoe summing to 21 per hand; Burn 20's
    dealer may burn every ace and ten-value besides."""
    counts = [int(c) for c in calc.shoe.value_counts()]
    return (most_round_cards(counts, calc.rules.max_split_hands, 21)
            + calc.round.dealer_engine.procedure.most_burned(counts))


def round_moments(calc: _Facade, strategy: str = "CD", insurance: str = "never",
                  progress: Optional[ProgressFn] = None) -> RoundMoments:
    """The exact mean and variance of one round's net result under ``calc``'s strategy, with
    resplits from any shoe whose rounds cannot run out of cards, and from the whole
    distribution on a shoe so small that they can (see the module's docstring).

    ``strategy``, ``insurance`` and ``progress`` as for
    :func:`~bjcalc.game.distribution.round_outcomes`.  The mean is checked against the
    game's EV (exactly in exact mode, to 1e-12 in floats).

    >>> from bjcalc import Calculator, Rules, Shoe
    >>> calc = Calculator(Rules(max_split_hands=3), shoe=Shoe.infinite())
    >>> moments = round_moments(calc)
    >>> round(moments.sd, 4), abs(moments.ev - calc.game().ev) < 1e-12
    (1.1521, True)
    """
    calc.round.variant.check_analysis("the round's distribution")
    strategy = check_round_options(calc, strategy, insurance, "the round's moments")
    chart = calc.game("TD").strategy if strategy == "TD" else None
    classes = _Classes(calc, payout_denominator(calc))
    exact = calc.exact
    zero: Any = EXACT.scalar(0) if exact else 0.0
    first, second, bet, total = zero, zero, zero, zero
    deals = calc.round.deals()
    game = calc.game(strategy).ev
    expected: Any = Fraction(str(game)) if exact else float(game)     # (with what insurance adds: checked below)
    cards, longest = sum(calc.shoe.value_counts()), _longest_round(calc)
    if not calc.shoe.is_infinite and longest > cards:
        # (a round could run out of cards, which moving untracked hands' draws after the dealer's
        # does not allow; so few cards make a small distribution, which copes)
        try:
            outcomes = round_outcomes(calc, strategy, insurance, progress)
        except TooLargeError as refused:    # (whose advice would be these very moments)
            raise TooLargeError(f"the round's moments on a shoe of {cards} cards, where a round may take up to "
                                f"{longest}, are its whole distribution's, and "
                                f"{str(refused).replace(_UpcardRounds.instead(), '')}") from None
        figures: list[Any] = [outcomes.ev, outcomes.second_moment, outcomes.average_bet]
        if not exact:
            figures = [float(x) for x in figures]       # (numpy's floats from the pmf: plain ones, as below)
        if insurance != "never" and deals[1]:
            expected += _UpcardRounds(calc, 1, strategy, chart, classes, insurance).insurance_gain(deals[1])
        assert outcomes.pmf is not None     # (a shoe this small makes a whole distribution)
        _check_mean(sum(outcomes.pmf), figures[0], expected, exact)
        return RoundMoments(figures[0], figures[1], figures[2], outcomes.assumptions, insurance, exact, strategy,
                            METHODS[1])
    for up in (progress or no_progress)(range(1, 11), total=10):
        if not deals[up]:
            continue
        upcard = _TrackedRounds(calc, up, strategy, chart, classes, insurance)
        expected += upcard.insurance_gain(deals[up])
        whole: list[tuple] = []
        tracked: list[tuple[Any, tuple, tuple[np.ndarray, np.ndarray]]] = []
        for deal, chance in deals[up].items():     # (a split's states settled before the next deal's: less memory)
            entries = upcard.rounds({deal: chance})
            whole.extend(entry for entry in entries if len(entry) == 3)
            split = [entry for entry in entries if len(entry) != 3]
            if split:
                masses = upcard.shifted_masses(split, classes)
                tracked.extend((entry[3], entry[4], mass) for entry, mass in zip(split, masses))
        if whole:
            tracked.append(("whole", (), _class_mass(calc, upcard, whole, classes, merge=False)))
        for kind, extra, (codes, mass) in tracked:
            nets, bets = _class_rows(classes, codes)
            squares, _ = _class_rows(classes, codes, 2)
            charge = _round_rows(classes, extra)
            if kind == "whole":
                terms = (nets, nets * nets, bets)
                total += mass.sum()
            elif kind == 0:         # the round's own charge and insurance
                terms = (charge[0][None, :], charge[0][None, :] ** 2, charge[1][None, :])
                total += mass.sum()
            elif kind == 1:
                terms = (nets, squares + 2 * charge[0][None, :] * nets, bets)
            else:                   # two hands: 2 Y Y' = (Y + Y')^2 - Y^2 - Y'^2
                terms = (0 * nets, nets * nets - squares, 0 * bets)
            first += (mass * terms[0]).sum()
            second += (mass * terms[1]).sum()
            bet += (mass * terms[2]).sum()
    den = classes.den
    ev, second, bet = first / den, second / den ** 2, bet / den
    if exact:
        ev, second, bet = (Fraction(int(x.numerator), int(x.denominator)) for x in (ev, second, bet))
    else:
        ev, second, bet = float(ev), float(second), float(bet)
    _check_mean(total, ev, expected, exact)
    return RoundMoments(ev, second, bet, calc.assumptions(strategy), insurance, exact, strategy)


def _check_mean(total: Any, ev: Any, expected: Any, exact: bool) -> None:
    """The moments' own check: their probabilities sum to 1 and their mean is the game's EV (with
    what insurance adds), exactly in exact mode, to 1e-9 and 1e-12 in floats.  A failure is a
    bug, not a refusal: a RuntimeError, which no caller takes for a shoe too small."""
    consistent = total == 1 and ev == expected if exact else abs(total - 1) < 1e-9 and abs(ev - expected) < 1e-12
    if not consistent:
        raise RuntimeError(f"the round's moments do not add up (probability {float(total)!r}, mean {float(ev)!r} "
                           f"against the game's {float(expected)!r}): a bug in bjcalc, please report it with the "
                           f"rules and shoe")


def _round_rows(classes: _Classes, extra: tuple) -> tuple[np.ndarray, np.ndarray]:
    """The round's own classes (its blackjack charge, insurance) summed: net and wager rows."""
    code = _plus(np.zeros(1, dtype=np.int64), class_code(extra))
    nets, bets = _class_rows(classes, code)
    return nets[0], bets[0]
