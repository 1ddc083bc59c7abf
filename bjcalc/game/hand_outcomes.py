"""What one hand against one up card can end in: for each action the probability of every net
result (so of a win, a push and a loss), the dealer's bust chance, and against an ace up
insurance and even money.

Each action is played on as :meth:`~bjcalc.game.calculator.Calculator.hand` values it: stand,
hit (then on by the calculator's composition-dependent decisions: hit or stand, and double or
surrender after a hit where the rules allow), double, surrender, and a split with the
calculator's post-split strategy (CDZ-, CDP1 or CDP).  The hand's finishes are the round
distribution's own (:mod:`bjcalc.game.distribution`: the same walk through the hand's
decisions, the same settlement against the dealer, whose outcomes depend on every card the
hand took), so the mean of each action's distribution is its EV: checked on every call,
exactly in exact mode.

The basis is the EVs': in a peek game (but for early surrender) conditioned on no dealer
blackjack, otherwise unconditional (losses to a dealer blackjack included).  Insurance and
even money are decided before the peek, so they are unconditional.

>>> from bjcalc import Calculator, Rules
>>> calc = Calculator(Rules(decks=1), exact=True)
>>> result = hand_outcomes(calc, "T,6", "T")
>>> stand = result.actions["stand"]
>>> stand.p_win + stand.p_push + stand.p_loss == 1, stand.p_win - stand.p_loss == stand.ev
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, Iterable, Optional, Union

import numpy as np

from ..core.cards import RANK_VALUE, RANKS, RankLike, parse_cards, rank_index
from ..core.errors import BjcalcError, TooLargeError
from ..core.words import rule
from ..core.arithmetic import EXACT
from ..core.outcomes import BLACKJACK, N_OUTCOMES, is_natural
from ..engine.hands import UNSPLIT, composition_of
from .distribution import (payout_denominator, _Classes, _class_mass, _class_rows, _Facade, _sequence_probability, _States, _UpcardRounds,
                           check_per_hand_split, net_label)
from .rounds import Assumptions, HandValues

class _HandFacade(_Facade, Protocol):
    """What a hand's outcomes ask of a calculator beyond the round distribution's needs."""

    def hand(self, cards: Union[str, Iterable[RankLike]], up: RankLike) -> HandValues: ...

    @property
    def hand_values_conditioned(self) -> bool: ...

    @staticmethod
    def _dealer_final(row: np.ndarray, peeked: bool) -> tuple[np.ndarray, Any]: ...


__all__ = ["ActionOutcomes", "HandOutcomes", "hand_outcomes", "SPLIT_STATES"]

SPLIT_STATES = 300_000
"""The most states one step of a split's distribution may combine for :func:`hand_outcomes`
(a fraction of a second); a larger split (resplits from several decks) is not shown."""

Number = Union[float, Fraction]


@dataclass(frozen=True)
class ActionOutcomes:
    """The distribution of one action's net result, in units of the initial bet: ``pmf`` (net
    result -> probability, sorted), ``ev``, ``p_win`` (net > 0), ``p_push`` (net = 0) and
    ``p_loss`` (net < 0): Python floats, or ``Fraction`` in exact mode.

    >>> ActionOutcomes("stand", {Fraction(-1): Fraction(3, 4), Fraction(1): Fraction(1, 4)}).p_win
    Fraction(1, 4)
    """

    action: str
    pmf: dict[Fraction, Number]

    def _part(self, keep: Any) -> Number:
        zero = Fraction(0) if any(isinstance(p, Fraction) for p in self.pmf.values()) else 0.0
        return sum((p for net, p in self.pmf.items() if keep(net)), zero)

    @property
    def p_win(self) -> Number:
        """P(net > 0)."""
        return self._part(lambda net: net > 0)

    @property
    def p_push(self) -> Number:
        """P(net = 0)."""
        return self._part(lambda net: net == 0)

    @property
    def p_loss(self) -> Number:
        """P(net < 0)."""
        return self._part(lambda net: net < 0)

    @property
    def ev(self) -> Number:
        """The mean net result: the action's EV."""
        exact = any(isinstance(p, Fraction) for p in self.pmf.values())
        return sum(((net if exact else float(net)) * p for net, p in self.pmf.items()), Fraction(0) if exact else 0.0)


@dataclass(frozen=True)
class HandOutcomes:
    """A hand's outcomes against an up card (see the module): ``actions`` (action ->
    :class:`ActionOutcomes`, the hand's allowed actions that could be followed), ``not_shown``
    (action -> why not), ``best`` (the best action by EV), ``dealer_bust`` (the dealer's bust
    chance with the hand's cards and the up card out of the shoe, on the EVs' basis; None
    where the dealer could run out of cards), ``dealer_blackjack`` (unconditional), and with
    an ace up and two cards ``insurance`` (its EV per unit initial bet) and, for a natural,
    ``even_money`` (+1) and ``natural_ev`` (the natural played on, unconditional: even money
    is offered before the peek).

    >>> from bjcalc import Calculator, Rules
    >>> result = hand_outcomes(Calculator(Rules(decks=6)), "A,T", "A")
    >>> result.even_money, round(result.natural_ev, 4), round(result.insurance, 4)
    (1.0, 1.0388, -0.0388)
    """

    cards: str
    up: str
    best: str
    actions: dict[str, ActionOutcomes]
    not_shown: dict[str, str]
    dealer_bust: Optional[Number]
    dealer_blackjack: Number
    conditioned: bool
    assumptions: Assumptions
    insurance: Optional[Number] = None
    even_money: Optional[Number] = None
    natural_ev: Optional[Number] = None
    values: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def basis(self) -> str:
        """On what the probabilities are, in words."""
        return ("given no dealer blackjack (the peek), as the EVs" if self.conditioned else
                "unconditional (dealer blackjack losses included), as the EVs")

    @property
    def take_even_money(self) -> Optional[bool]:
        """Whether even money is worth more than the natural played on (None: not offered)."""
        if self.even_money is None or self.natural_ev is None:
            return None
        return bool(self.even_money > self.natural_ev)

    def lines(self) -> list[str]:
        """The figures as text: a row of win/push/loss per action, the dealer's bust chance,
        what they are on, then insurance and even money.

        >>> from bjcalc import Calculator, Rules
        >>> for line in hand_outcomes(Calculator(Rules(decks=1)), "T,6", "T").lines()[:3]:
        ...     print(line)
                        P(win)      P(push)      P(loss)
        stand      0.228524073  0.000000000  0.771475927
        hit        0.214972832  0.063125094  0.721902074
        """
        rows = [f"{'':<10} {'P(win)':>11}  {'P(push)':>11}  {'P(loss)':>11}"]
        for action, outcome in self.actions.items():
            rows.append(f"{action:<10} {float(outcome.p_win):.9f}  {float(outcome.p_push):.9f}  "
                        f"{float(outcome.p_loss):.9f}")
        rows += [f"{action:<10} not shown: {why}" for action, why in self.not_shown.items()]
        if self.dealer_bust is not None:
            rows.append(f"dealer busts ({self.up} up, before the player draws): {float(self.dealer_bust):.9f}")
        rows.append(f"win, push, loss: a net result above, at, below 0, each action played on as its EV assumes; "
                    f"{self.basis}")
        if self.insurance is not None:
            rows += ["", f"insurance (half the bet, pays 2:1): EV {float(self.insurance):+.9f} per unit initial bet",
                     f"P(dealer blackjack) {float(self.dealer_blackjack):.9f} (insurance pays when above 1/3)"]
        if self.even_money is not None and self.natural_ev is not None:
            verdict = {True: "take even money", False: "decline even money"}[bool(self.take_even_money)] \
                if self.even_money != self.natural_ev else "even money or not: the same"
            rows += [f"even money: {float(self.even_money):+.9f} at once; the natural played on: "
                     f"{float(self.natural_ev):+.9f}", f"(both unconditional: even money is offered before the "
                                                        f"peek): {verdict}"]
        return rows

    def __str__(self) -> str:
        return "\n".join([f"{self.cards} v {self.up}", *self.lines(), *self.assumptions.lines()])

    def __repr__(self) -> str:
        shown = ", ".join(f"{a}: win {float(o.p_win):.4f} push {float(o.p_push):.4f} loss {float(o.p_loss):.4f}"
                          for a, o in self.actions.items())
        return f"HandOutcomes({self.cards} v {self.up}: {shown}; best {self.best})"


def hand_outcomes(calc: _HandFacade, cards: Union[str, Iterable[RankLike]], up: RankLike,
                  values: Optional[HandValues] = None) -> HandOutcomes:
    """Every allowed action's distribution of net results for ``cards`` against ``up``, with
    the dealer's bust chance and, against an ace, insurance and even money (see the module).
    ``values``: the hand's :meth:`~bjcalc.game.calculator.Calculator.hand` values, if known.
    An action the round distribution cannot follow here (a split of resplits from several
    decks, an optimal split, tens split by rank, a rule variant it refuses) is listed in
    ``not_shown`` with the reason, never approximated.

    >>> from bjcalc import Calculator, Rules
    >>> result = hand_outcomes(Calculator(Rules(decks=6)), "T,6", "T")
    >>> result.best, round(result.actions["hit"].p_win, 4), round(result.dealer_bust, 4)
    ('hit', 0.2027, 0.2295)
    """
    calc.round.variant.check_analysis("the round's distribution")
    if values is None:
        values = calc.hand(cards, up)        # (the hand's checks: cards, shoe, dealable)
    ranks, up_rank = parse_cards(cards), rank_index(up)
    up_value = RANK_VALUE[up_rank]
    exact = calc.exact
    composition = composition_of(RANK_VALUE[r] for r in ranks)
    base = np.array(composition, dtype=np.int64)
    classes = _Classes(calc, payout_denominator(calc))
    conditioned = calc.hand_values_conditioned
    actions: dict[str, ActionOutcomes] = {}
    not_shown: dict[str, str] = {}
    try:
        rounds: Optional[_HandRounds] = _HandRounds(calc, up_value, "CD", None, classes, "never")
    except BjcalcError as refused:       # (a rule variant the distribution does not settle)
        rounds, not_shown = None, {action: str(refused) for action in values}
    if rounds is not None:
        node = rounds.nodes.find(composition, UNSPLIT)
        assert node is not None          # (the hand's values were found there)
        for action in values:
            try:
                if action == "split":
                    check_per_hand_split(calc, "the split's win/push/loss")
                    rounds.check_split(RANK_VALUE[ranks[0]])
                    states = rounds.split_states(RANK_VALUE[ranks[0]], [rounds.round_class])
                else:
                    states = rounds.unsplit_states(node, action, [rounds.round_class])
                codes, mass = _settle(calc, rounds, base, states, classes)
            except BjcalcError as refused:
                not_shown[action] = str(refused)
                continue
            actions[action] = _action(action, codes, mass, classes, conditioned, exact)
            _check_mean(actions[action], values[action], exact)
    dealer = calc.round.dealer_engine.evaluate(up_value, base[None, :])
    row = dealer.probabilities[0]
    blackjack = _number(row[BLACKJACK], exact)
    bust = None if dealer.exhausted[0] else _number(calc._dealer_final(row, conditioned and blackjack != 1)[1], exact)
    insurance = even_money = natural_ev = None
    if up_value == 1 and len(ranks) == 2:
        insurance = _number(Fraction(str(calc.insurance(",".join(RANKS[r] for r in ranks), "A"))), exact)
        if is_natural(composition):
            natural = calc.round.engine.nodes.find(composition, UNSPLIT)
            natural_ev = _number(calc.round.natural_value(calc.round.upcard(up_value).blackjack[natural]), exact)
            even_money = _number(1, exact)
    return HandOutcomes(values.cards, values.up, values.best, actions, not_shown, bust, blackjack, conditioned,
                        values.assumptions or calc.assumptions(), insurance, even_money, natural_ev, dict(values))


class _HandRounds(_UpcardRounds):
    """One hand's rounds: a split is followed only while it stays small (:data:`SPLIT_STATES`)."""

    computing = "the split's distribution"
    @staticmethod
    def instead() -> str:
        return ""

    @staticmethod
    def size_limit() -> int:
        """:data:`SPLIT_STATES`: a hand's figures come in a fraction of a second."""
        return SPLIT_STATES

    def _check_size(self, size: int, how: str) -> None:
        if size > self.size_limit():
            raise TooLargeError(f"too many ways for the split hands to finish to follow quickly here ({size:,} "
                                f"states in one step, limit {self.size_limit():,}); fewer split hands "
                                f"({rule('max_split_hands', 2)}) or fewer decks make it smaller")


def _settle(calc: _HandFacade, rounds: _UpcardRounds, base: np.ndarray, states: _States,
            classes: _Classes) -> tuple[np.ndarray, np.ndarray]:
    """One hand's states settled against the dealer as
    :func:`~bjcalc.game.distribution._class_mass` settles a round's (the distinct class
    codes, sorted, and each one's probability with each dealer outcome), grouped by numpy
    rather than pandas, which a command asking for one hand need not import; where the
    dealer could run out of cards, by the round distribution's own settlement."""
    exact, codes = calc.exact, rounds.codes
    weight = states.weight
    if calc.shoe.is_infinite:
        removed_codes = np.zeros(len(weight), dtype=np.int64)
    else:
        sets, which = np.unique(states.taken, return_inverse=True)
        weight = weight * _sequence_probability(rounds.counts - base, codes.decode(sets), exact)[which]
        removed_codes = codes.encode(base)[0] + states.taken
    keep = weight != 0
    removed_codes, class_codes, weight = removed_codes[keep], states.classes[keep], weight[keep]
    sets, where = np.unique(removed_codes, return_inverse=True)
    removed = np.zeros((len(sets), 10), dtype=np.int64) if calc.shoe.is_infinite else codes.decode(sets)
    result = calc.round.dealer_engine.evaluate(rounds.up, removed)
    if result.exhausted.any():      # (a dealer short of cards where every hand busted: the distribution's rule)
        return _class_mass(calc, rounds, [(Fraction(1), base, states)], classes)
    distinct, by_class = np.unique(class_codes, return_inverse=True)
    rows = result.probabilities[where]
    if exact:
        weight = np.array([EXACT.convert(w) for w in weight.tolist()], dtype=object)
        mass = np.zeros((len(distinct), N_OUTCOMES), dtype=object)
        np.add.at(mass, by_class, rows * weight[:, None])
        return distinct, mass
    mass = np.zeros((len(distinct), N_OUTCOMES))
    np.add.at(mass, by_class, rows.astype(np.float64) * weight.astype(np.float64)[:, None])
    return distinct, mass


def _number(value: Any, exact: bool) -> Number:
    """A figure as results hold it: ``Fraction`` in exact mode, a Python float otherwise."""
    if exact:
        value = Fraction(value) if isinstance(value, (int, Fraction)) else Fraction(int(value.numerator),
                                                                                    int(value.denominator))
        return value
    return float(value)


def _action(action: str, codes: np.ndarray, mass: np.ndarray, classes: _Classes, conditioned: bool,
            exact: bool) -> ActionOutcomes:
    """The pmf of an action's settled states: net results by dealer outcome, the dealer's
    blackjack column left out (and the rest scaled to 1) where the EVs are conditioned on it."""
    nets, _ = _class_rows(classes, codes)
    if conditioned:
        nets, mass = nets[:, :BLACKJACK], mass[:, :BLACKJACK]
    pmf: dict[int, Any] = {}
    for net, m in zip(nets.ravel().tolist(), mass.ravel().tolist()):
        if m:
            pmf[net] = pmf.get(net, 0) + m
    total = sum(pmf.values())
    return ActionOutcomes(action, {Fraction(net, classes.den): _number(p / total, exact) if exact else float(p / total)
                                   for net, p in sorted(pmf.items())})


def _check_mean(outcome: ActionOutcomes, ev: Any, exact: bool) -> None:
    """The distribution's mean is the action's EV: exactly in exact mode, to 1e-12 in floats.
    A failure is a bug, not a refusal."""
    mean = outcome.ev
    same = mean == Fraction(str(ev)) if exact else abs(mean - float(ev)) < 1e-12
    if not same:
        raise RuntimeError(f"the {outcome.action} outcomes' mean {float(mean)!r} is not its EV {float(ev)!r}: "
                           f"a bug in bjcalc, please report it with the rules and shoe")


def _labels(outcome: ActionOutcomes) -> dict[str, Number]:
    """The pmf keyed by net labels (``-1``, ``0``, ``+1.5``), for JSON."""
    return {net_label(net): p for net, p in outcome.pmf.items()}
