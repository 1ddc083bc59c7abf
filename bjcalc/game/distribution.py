"""The whole distribution of one round's net result, exactly: every split hand, double and
dealer blackjack settled together.

The round is one player at one spot, from the deal to the settlement: the net result is the
sum over every hand of the round (split hands and doubles included) against the one dealer
hand, in units of the initial bet.  The strategy is fixed before the round: the calculator's
CD strategy (with its post-split strategy: CDZ-, CDP1 or CDP, whose decisions look only at a
hand's own cards and how many hands the pair became) or its TD chart, the same decisions
:meth:`~bjcalc.game.calculator.Calculator.game` values, ties broken the same way.

How it stays exact, and small
-----------------------------
Every card after the deal is drawn without replacement, so the chance of a whole dealing
sequence that takes the multiset ``A`` of further cards from ``m`` cards by value (``M`` in
all) is ``ff(m, A) / ff(M, |A|)`` (``ff``: falling factorials, by value) whatever the order the
cards came in.  A fixed strategy's decisions depend on the cards in each hand, not on the
shoe, so the number ``W`` of orderings that lead to a given set of finished hands is a plain
integer count, found once by walking the hands' decision graph.  The round is then a list of
*states*: (the multiset of cards the player took, the multiset of finished-hand settlement
classes, ``W``).  States with the same two multisets merge (their counts add), and the
dealer's outcome probabilities (joint with its blackjack, from
:class:`~bjcalc.engine.dealer.DealerEngine`) are evaluated once per removed multiset.  A
settlement class is a hand's payoff row by dealer outcome times its wager (a stand on 18, a
doubled bust, a three-card bust that No Bust pushes, ...), plus one class for the round's
own dealer-blackjack charge and one for insurance: the net of a state against each dealer
outcome is the sum of its classes' rows.

Split hands are dealt as :mod:`bjcalc.engine.splits` deals them: hand by hand, each drawing
second cards and splitting off every pair card while fewer hands than the rules allow exist,
then playing out.  The infinite deck draws independently: there a state's weight is its
probability and the dealer does not depend on the cards taken.

Dealer blackjack.  As in the engine, values are *joint*: the hole card is an unseen card, so
the player's draws are not conditioned on it, and the dealer's blackjack is one of its final
outcomes.  In a peek game the round then ends at once (net -1, or 0 with a natural) whatever
the player would have done, and only the initial bet was at risk; in ENHC games a dealer
blackjack takes every bet on the table (or only the original one with OBO).

>>> from bjcalc import Calculator, Rules, Shoe
>>> quarter_deck = Shoe.from_counts({**{rank: 1 for rank in "A23456789"}, "T": 4})
>>> calc = Calculator(Rules(max_split_hands=2), shoe=quarter_deck, exact=True)
>>> outcomes = round_outcomes(calc)
>>> sum(outcomes.pmf) == 1, outcomes.ev == calc.game().ev
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional, Protocol, Sequence, Union

import numpy as np

from ..core.actions import POST_SPLIT_ACTIONS, most_hands, post_split_actions
from ..core.arithmetic import EXACT, Value
from ..core.errors import ShoeError, StrategyError, TooLargeError
from ..core.words import either, rule
from ..core.progress import ProgressFn, no_progress
from ..core.outcomes import BLACKJACK, N_OUTCOMES, is_natural
from ..core.wagers import INSURANCE_PAYS, INSURANCE_STAKE, MONEY, SURRENDER_LOSS, Wager
from ..engine import _kernels
from ..engine.hands import BUST, UNSPLIT, composition_of
from ..engine.player import UpcardValues
from ..engine.shortage import FirstAction, node_plays, split_play_decisions
from ..engine.splits import context_strategy, first_context, pair_cards, policy_extra
from .rounds import Assumptions, Game, GameResult, check_per_hand_split, strategy_name

if TYPE_CHECKING:
    import pandas as pd


class _Facade(Game, Protocol):
    """What the distribution asks of a calculator beyond :class:`~bjcalc.game.rounds.Game`."""

    def game(self, strategy: str = "CD") -> GameResult: ...

    def insurance(self, cards: str, up: str = "A") -> Value: ...

__all__ = ["RoundOutcomes", "round_outcomes", "net_label", "INSURANCE", "MAX_STATES",
           "check_round_options", "SizeRefusal", "payout_denominator"]

INSURANCE = ("never", "always", "optimal")
"""When the player takes insurance against an ace: never, always (even money on a natural
included), or when its EV is positive for the cards seen (his two cards and the ace)."""
Chips = tuple[Wager, ...]
"""The chips on a finished hand (two for a double: the hand's own and the double's)."""
_UP = {1: "A", 10: "T", **{v: str(v) for v in range(2, 10)}}
_RADIX = 5            # a state's class counts are digits: at most 4 hands, one round charge, one insurance
_MAX_CLASSES = 27     # 5 ** 27 < 2 ** 63: more classes make Python-int codes (object arrays), never compiled
_MOST_CLASSES = 120   # (a bound on what a game may need: Free Bet's chips need about 40)
MAX_STATES = 4_000_000
"""The most (split-hand finishes x rounds so far) one split may combine before merging: above it
the round distribution is refused with its size (about 100 bytes a state).  Resplits to 3 or 4
hands from several decks reach hundreds of millions (8,8 v T, 6 decks, 4 hands: 162 million
before merging, 12 million after)."""


class SizeRefusal(TooLargeError):
    """A round's states refused as too many: the message, and ``detail``, what was too large
    (the split, the step and its size), for a caller that says it in its own words.

    >>> SizeRefusal("too large here: 9 states; use fewer", "9 states").detail
    '9 states'
    """

    def __init__(self, message: str, detail: str = ""):
        super().__init__(message)
        self.detail = detail


@dataclass
class RoundOutcomes:
    """The exact distribution of one round's net result (units of the initial bet).

    ``pmf`` is a pandas Series from net result to probability, sorted, non-zero entries only
    (float net results, or ``Fraction`` ones in exact mode, where every probability is an
    exact rational and they sum to exactly 1).  The figures (``ev``, ``variance``,
    ``p_win`` ...) are Python floats, or ``Fraction`` in exact mode (``sd``: a float).

    Where the whole distribution is too large to enumerate (resplits to 3 or 4 hands from
    real shoes), :meth:`~bjcalc.game.calculator.Calculator.outcomes` gives the game's exact
    moments instead: then ``pmf`` is None, ``complete`` is False, ``p_win``, ``p_push`` and
    ``p_loss`` are None, ``note`` says why and what gives them (splitting to two hands
    only), and ``ev``, ``variance``, ``sd``, ``average_bet`` and ``element_of_risk`` are this
    game's own, exact.

    >>> from bjcalc import Calculator, Rules
    >>> outcomes = Calculator(Rules(decks=6, max_split_hands=2)).outcomes()
    >>> round(outcomes.sd, 2), round(outcomes.p_win + outcomes.p_push + outcomes.p_loss, 12)
    (1.15, 1.0)
    >>> type(outcomes.p_win).__name__, type(outcomes.average_bet).__name__, outcomes.complete
    ('float', 'float', True)
    """

    pmf: Optional["pd.Series"]
    average_bet: Value
    assumptions: Assumptions
    insurance: str = "never"
    exact: bool = False
    strategy: str = "CD"
    note: str = ""
    """Empty for a whole distribution; else why there is no pmf, and what gives one."""
    _stats: dict = field(default_factory=dict, repr=False)

    @classmethod
    def from_moments(cls, moments: Any, note: str) -> "RoundOutcomes":
        """The figures a :class:`~bjcalc.game.moments.RoundMoments` gives exactly, without a pmf
        (``note``: why, said wherever the figures are shown).

        >>> from bjcalc import Calculator, Rules, Shoe
        >>> moments = Calculator(Rules(max_split_hands=4), shoe=Shoe.infinite()).moments()
        >>> outcomes = RoundOutcomes.from_moments(moments, "no pmf here")
        >>> outcomes.pmf, outcomes.p_win, outcomes.ev == moments.ev, outcomes.sd == moments.sd
        (None, None, True, True)
        """
        return cls(None, moments.average_bet, moments.assumptions, moments.insurance, moments.exact,
                   moments.strategy, note, {1: moments.ev, 2: moments.second_moment})

    @property
    def complete(self) -> bool:
        """Whether the whole distribution is here (else only the exact moments: see ``note``)."""
        return self.pmf is not None

    def _figure(self, value: Any) -> Value:
        """A figure as results hold it: a Fraction in exact mode, a Python float otherwise."""
        if self.exact:
            return value if isinstance(value, Fraction) else Fraction(value)
        return float(value)

    def _moment(self, power: int) -> Value:
        if power not in self._stats:
            assert self.pmf is not None
            self._stats[power] = self._figure(sum((net ** power * p for net, p in self.pmf.items()),
                                                  0 * self.pmf.iloc[0]))
        return self._stats[power]

    @property
    def ev(self) -> Value:
        """The mean net result: the game's EV for this strategy."""
        return self._moment(1)

    @property
    def second_moment(self) -> Value:
        """E[net^2], as :class:`~bjcalc.game.moments.RoundMoments` gives it."""
        return self._moment(2)

    @property
    def variance(self) -> Value:
        """E[net^2] - EV^2 (of the whole round, split hands' covariance included)."""
        return self._moment(2) - self.ev ** 2

    @property
    def sd(self) -> float:
        """The standard deviation of the round's net result (a float even in exact mode)."""
        return math.sqrt(float(self.variance))

    def _part(self, keep: np.ndarray) -> Optional[Value]:
        if self.pmf is None:
            return None
        return self._figure(self.pmf[keep].sum())

    @property
    def p_win(self) -> Optional[Value]:
        """P(net > 0); None without the whole distribution."""
        return None if self.pmf is None else self._part(self.pmf.index > 0)

    @property
    def p_push(self) -> Optional[Value]:
        """P(net = 0); None without the whole distribution."""
        return None if self.pmf is None else self._part(self.pmf.index == 0)

    @property
    def p_loss(self) -> Optional[Value]:
        """P(net < 0); None without the whole distribution."""
        return None if self.pmf is None else self._part(self.pmf.index < 0)

    @property
    def element_of_risk(self) -> Value:
        """-EV / average bet: the house edge per unit actually wagered."""
        return -self.ev / self.average_bet

    def summary(self) -> dict[str, Optional[Value]]:
        """The figures beside the pmf, by name (the CLI's JSON fields; None: not computed)."""
        return {"ev": self.ev, "variance": self.variance, "sd": self.sd, "p_win": self.p_win,
                "p_push": self.p_push, "p_loss": self.p_loss, "average_bet": self.average_bet,
                "element_of_risk": self.element_of_risk}

    def _whole(self) -> "pd.Series":
        """The pmf, or the refusal (with the note) where only the moments are here."""
        if self.pmf is None:
            raise TooLargeError(f"no pmf: {self.note}")
        return self.pmf

    def table(self) -> "pd.DataFrame":
        """The pmf as a table: net result (labelled ``-1``, ``+1.5``, ...), probability,
        cumulative probability.

        >>> from bjcalc import Calculator, Rules
        >>> Calculator(Rules(decks=1, max_split_hands=2)).outcomes().table().index[:3].tolist()
        ['-4', '-3', '-2']
        """
        import pandas as pd

        pmf = self._whole()
        frame = pd.DataFrame({"probability": pmf.values, "cumulative": pmf.cumsum().values},
                             index=pd.Index([net_label(net) for net in pmf.index], name="net"))
        return frame

    def summary_lines(self) -> list[str]:
        """The figures beside the pmf as text: EV, SD and variance; win, push and loss; average
        bet and element of risk; the strategy and insurance."""
        win, push, loss = self.p_win, self.p_push, self.p_loss
        if win is None or push is None or loss is None:
            spread = "win/push/loss: need the whole distribution (see above)"
        else:
            spread = f"win {float(win) * 100:.4f} %   push {float(push) * 100:.4f} %   loss {float(loss) * 100:.4f} %"
        return [f"EV {float(self.ev) * 100:+.4f} %   SD {self.sd:.4f}   variance {float(self.variance):.4f}",
                spread,
                f"average bet {float(self.average_bet):.6f}   element of risk (house edge per unit bet) "
                f"{float(self.element_of_risk) * 100:+.4f} %",
                f"strategy: {self.strategy}; insurance: {self.insurance}"]

    def __str__(self) -> str:
        if self.pmf is None:
            return "\n".join([f"No pmf: {self.note}", "", "Exact for this game, from its exact moments:"]
                             + self.summary_lines() + [""] + self.assumptions.lines())
        rows = [f"{'net':>6} {'probability':>14} {'cumulative':>12}"]
        cumulative = 0.0
        for net, p in self.pmf.items():
            cumulative += float(p)
            rows.append(f"{net_label(net):>6} {float(p):>14.10f} {cumulative:>12.8f}")
        return "\n".join(rows + [""] + self.summary_lines() + [""] + self.assumptions.lines())

    def __repr__(self) -> str:
        """The figures in one line (the pmf has its own repr: ``outcomes.pmf``).

        >>> from bjcalc import Calculator, Rules
        >>> repr(Calculator(Rules(decks=1, max_split_hands=2)).outcomes())[:44]
        'RoundOutcomes(ev=0.00153, sd=1.1563, p_win=0'
        """
        if self.pmf is None:
            return (f"RoundOutcomes(ev={float(self.ev):.3g}, sd={self.sd:.4f}, average_bet={float(self.average_bet):.4f}, "
                    f"pmf=None: too large to enumerate, see .note)")
        win, push, loss = (float(p) if p is not None else math.nan for p in (self.p_win, self.p_push, self.p_loss))
        return (f"RoundOutcomes(ev={float(self.ev):.3g}, sd={self.sd:.4f}, p_win={win:.4f}, "
                f"p_push={push:.4f}, p_loss={loss:.4f}, "
                f"average_bet={float(self.average_bet):.4f}, {len(self.pmf)} net results, strategy={self.strategy!r}, "
                f"insurance={self.insurance!r}, exact={self.exact})")

    def to_csv(self) -> str:
        """The pmf as CSV (``net,probability,cumulative``, probabilities to 12 decimals, or as
        exact fractions in exact mode), after ``#`` comment lines with the figures and the
        assumptions: read it with ``pandas.read_csv(path, comment="#")``.

        >>> from bjcalc import Calculator, Rules
        >>> text = Calculator(Rules(decks=1, max_split_hands=2)).outcomes().to_csv()
        >>> [line for line in text.splitlines() if not line.startswith("#")][:2]
        ['net,probability,cumulative', '-4,0.000188447922,0.000188447922']
        """
        pmf = self._whole()
        lines = ["# The exact distribution of one round's net result, in initial bets"]
        lines += [f"# {line}" for line in self.summary_lines() + self.assumptions.lines()]
        lines.append("net,probability,cumulative")
        cumulative = 0 * pmf.iloc[0]
        for net, p in pmf.items():
            cumulative += p
            shown = (str(p), str(cumulative)) if self.exact else (f"{p:.12f}", f"{cumulative:.12f}")
            lines.append(f"{net_label(net)},{shown[0]},{shown[1]}")
        return "\n".join(lines) + "\n"

    def _repr_html_(self) -> str:
        from html import escape

        notes = "<br>".join(escape(line) for line in self.assumptions.lines() + [f"insurance: {self.insurance}"])
        figures = (f"EV {float(self.ev) * 100:+.4f} %, SD {self.sd:.4f}, average bet {float(self.average_bet):.4f}, "
                   f"element of risk (house edge per unit bet) {float(self.element_of_risk) * 100:+.4f} %")
        win, push, loss = self.p_win, self.p_push, self.p_loss
        if self.pmf is None or win is None or push is None or loss is None:
            return (f"<p>No pmf: {escape(self.note)}</p><p>Exact for this game, from its exact moments: "
                    f"{figures}</p><p><small>{notes}</small></p>")
        body = "".join(f"<tr><td>{escape(net_label(net))}</td><td>{float(p):.8f}</td></tr>" for net, p in self.pmf.items())
        head = (f"<p>{figures}; win/push/loss {float(win) * 100:.2f} / {float(push) * 100:.2f} / "
                f"{float(loss) * 100:.2f} %</p>")
        return (f"{head}<table><thead><tr><th>net</th><th>probability</th></tr></thead><tbody>{body}</tbody>"
                f"</table><p><small>{notes}</small></p>")

    def plot(self, ax: Any = None) -> Any:
        """A bar chart of the pmf (matplotlib), probabilities on a log scale; returns the axes."""
        import matplotlib.pyplot as plt

        pmf = self._whole()
        if ax is None:
            _, ax = plt.subplots(figsize=(8, 3.5))
        labels = [net_label(net) for net in pmf.index]
        ax.bar(range(len(labels)), [float(p) for p in pmf.values], color="#3b6ea5")
        ax.set_xticks(range(len(labels)), labels, rotation=90 if len(labels) > 16 else 0)
        ax.set_yscale("log")
        ax.set_xlabel("net result of the round (initial bets)")
        ax.set_ylabel("probability")
        ax.set_title(f"EV {float(self.ev) * 100:+.3f} %, SD {self.sd:.3f}")
        return ax


def net_label(net: Any) -> str:
    """A net result as the tables show it: ``-1``, ``0``, ``+1.5``, ``+1.2``.

    >>> net_label(Fraction(3, 2)), net_label(-1.0), net_label(0)
    ('+1.5', '-1', '0')
    """
    value = Fraction(net).limit_denominator(1000)
    text = str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
    return text if value <= 0 else "+" + text


# -- settlement classes ---------------------------------------------------------------------------
def payout_denominator(calc: _Facade) -> int:
    """The unit every settlement of ``calc``'s round is a whole number of (1/2 for a surrender,
    and what the naturals' pays need: 1/2 for 3:2, 1/5 for 6:5)."""
    return math.lcm(2, *(pays.denominator for _, pays in calc.round.natural_pays()))


class _Classes:
    """Settlement classes: a payoff row and a wager row by dealer outcome, registered once,
    with the number of the house's chips on the hand (free chips: what Pot of Gold counts).

    A hand's chips (``chips``: a tuple of :class:`~bjcalc.core.wagers.Wager`) are each paid
    from their own table; its wager row counts the chips the player risks (money)."""

    def __init__(self, calc: _Facade, denominator: int):
        self.den = denominator
        settlement = calc.round.settlement
        self.whole = settlement.blackjack_takes_whole_bet
        self.bj_hand = settlement.hand_blackjack_payoff
        self.bust_payoff = settlement.bust_payoff()
        self.settlement = settlement
        self.chip_settlements = {name: engine.settlement for name, engine in calc.round.engines.items()}
        self.rows: list[np.ndarray] = []
        self.bets: list[np.ndarray] = []
        self.free: list[int] = []
        self._index: dict[tuple, int] = {}

    def add(self, payoff: Sequence[Union[int, Fraction]], wager: Sequence[Union[int, Fraction]], free: int = 0) -> int:
        row = tuple(int(Fraction(v) * self.den) for v in payoff)
        bet = tuple(int(Fraction(v) * self.den) for v in wager)
        key = (row, bet) if not free else (row, bet, free)
        if key not in self._index:
            if len(self.rows) == _MOST_CLASSES:
                raise StrategyError("this game settles hands in too many different ways for the round distribution")
            self._index[key] = len(self.rows)
            self.rows.append(np.array(row, dtype=np.int64))
            self.bets.append(np.array(bet, dtype=np.int64))
            self.free.append(free)
        return self._index[key]

    def hand_wager(self, bet: int) -> list[int]:
        return [bet] * BLACKJACK + [bet if self.whole else 0]

    @staticmethod
    def _counts(chips: Chips) -> tuple[int, int]:
        """(chips the player risks, the house's chips) of a hand."""
        risked = sum(1 for chip in chips if chip.loss < 0)
        return risked, sum(1 for chip in chips if chip != MONEY)

    def stand(self, total: int, cards: int, chips: Chips) -> int:
        row = [0] * N_OUTCOMES
        for chip in chips:
            row = [a + int(v) for a, v in zip(row, self.chip_settlements[chip.name].stand_row(total, cards))]
        risked, free = self._counts(chips)
        return self.add(row, self.hand_wager(risked), free)

    def bust(self, cards: int, hard: int, chips: Chips) -> int:
        row = [0] * N_OUTCOMES
        for chip in chips:
            settlement = self.chip_settlements[chip.name]
            settled = settlement.bust_row(cards, hard)     # (No Bust's three-card pushes, or None)
            own = ([settlement.bust_payoff()] * BLACKJACK + [settlement.hand_blackjack_payoff] if settled is None
                   else [int(v) for v in settled])
            row = [a + v for a, v in zip(row, own)]
        risked, free = self._counts(chips)
        return self.add(row, self.hand_wager(risked), free)

    def round_charge(self) -> int:
        loss = self.settlement.round_blackjack_loss()
        return self.add([0] * BLACKJACK + [-loss], [0] * BLACKJACK + [0 if self.whole else 1])


# -- the strategy's decisions ---------------------------------------------------------------------
class _Decisions:
    """The strategy's decisions against one up card, read from the engine's evaluation."""

    def __init__(self, calc: _Facade, up: int, strategy: str, chart: Any):
        self.calc, self.up, self.strategy = calc, up, strategy
        self.values: UpcardValues = calc.round.upcard(up)
        v = self.values
        self.max_cards = calc.round.engine.space.max_cards
        if strategy == "TD":
            from .strategy import UpcardEvaluator

            self.evaluator = UpcardEvaluator(calc, up)
            self.chart = chart[up]
            plays = self.evaluator.search.node_plays(self.chart)
        else:
            plays = node_plays(v)
        # what each node does once it is played on: an index of NODE_ACTIONS (stand, hit, double, surrender)
        self.plays = plays
        self._chip_plays: dict[str, np.ndarray] = {MONEY.name: plays}
        self.split_strategy = context_strategy(calc.split_strategy)
        self._firsts: dict[tuple[int, bool], FirstAction] = {}

    def chip(self, pair: Optional[int] = None, later: bool = False) -> Wager:
        """The chip a hand plays for: money, or a hand split off ``pair`` (``later``) the
        variant's split chip."""
        if not later or pair is None:
            return MONEY
        return self.calc.round.variant.split_wager(self.calc.rules, pair)

    def plays_of(self, own: Wager) -> np.ndarray:
        """What each node does for a hand carrying ``own`` once it plays on (the hands split off
        a free split play to win their free chip, by that chip's values; a TD chart plays every
        hand alike)."""
        return self._chip_plays.get(own.name, self.plays) if self.strategy == "TD" else self._chip_plays[own.name]

    def initial(self, node: int, hand: tuple[int, int], split_key: Any) -> str:
        """stand, hit, play (on by the strategy), double, split or surrender."""
        if self.strategy == "TD":
            return self.evaluator.initial_action(node, hand[0] == hand[1], split_key, self.chart)
        choices = self.calc.round.actions(self.values, node, split_key)
        return self.calc.ar.best(choices)       # the first best: the engine's tie-break

    def split_hand(self, pair: int, count: int, card: int, later: bool = False) -> Optional[tuple[int, str]]:
        """(node to walk, first action) of a split hand of ``pair`` and ``card``, ``count`` hands
        existing; None if the strategy's shoe never holds it.  The node is one of a split
        context (pair cards gone), where the engine gives a split hand's own permissions (no
        surrender; doubling after a hit only with DAS) and the post-split strategy's choices
        (:func:`~bjcalc.engine.shortage.split_play_decisions`, which the split check follows too).
        ``later``: a hand split off, where its chips are not the first hand's (the round's
        :meth:`~bjcalc.game.rounds.Round.split_plays`)."""
        v, nodes = self.values, self.values.nodes
        if self.strategy == "TD":
            node = nodes.find(tuple(np.add(pair_cards(pair, 1), pair_cards(card, 1)).tolist()),
                              first_context(self.split_strategy, pair))
            if node is None:
                return None
            action = self.evaluator.post_split_action(node, self._allowed(pair, node), self.chart)
            return node, action
        round_ = self.calc.round
        later = later and not round_.money_only
        if (pair, later) not in self._firsts:
            play = None if round_.money_only else round_.split_plays(v, pair)[1 if later else 0]
            first, plays = split_play_decisions(v, self.calc.rules, self.split_strategy, pair, self.max_cards, play,
                                                split_doubles=self.calc.round.split_doubles)
            self._firsts[(pair, later)] = first
            self._chip_plays.setdefault(self.chip(pair, later).name, plays)
        found = self._firsts[(pair, later)](count, card)
        return None if found is None else (found[0], POST_SPLIT_ACTIONS[found[1]])

    def same_play(self, pair: int, count: int) -> int:
        """The fewest hands existing at which a split hand decides as one does when ``count``
        exist (CDZ-, CDP1 and TD ignore the count; CDP copies the composition of ``count``).

        >>> from bjcalc import Calculator, Rules
        >>> _Decisions(Calculator(Rules(decks=6)), 10, "CD", None).same_play(8, 4)
        2
        """
        if self.strategy == "TD":
            return 2
        policy = policy_extra(self.split_strategy, pair, count)
        return min(c for c in range(2, count + 1) if policy_extra(self.split_strategy, pair, c) == policy)

    def _allowed(self, pair: int, node: int) -> tuple[str, ...]:
        nodes = self.values.nodes
        hard, soft = int(nodes.hard[node]), bool(nodes.soft[node])
        return post_split_actions(self.calc.rules, pair, hard, soft, max_cards=self.max_cards,
                                  may_double=self.calc.round.split_doubles(hard, soft))


# -- one up card ----------------------------------------------------------------------------------
_CLASS_DIGIT = np.array([_RADIX ** i for i in range(_MAX_CLASSES)], dtype=np.int64)


def class_code(class_ids: Sequence[int]) -> int:
    """The code of a multiset of classes (a Python int: a base-5 digit per class)."""
    return sum(_RADIX ** int(c) for c in class_ids)


def _class_codes(ids: Sequence[int]) -> np.ndarray:
    """One class's code each: int64, or Python ints (an object array) once a class index passes
    what int64 codes hold."""
    if not len(ids) or max(ids) < _MAX_CLASSES:
        return _CLASS_DIGIT[np.array(ids, dtype=np.int64)]
    out = np.empty(len(ids), dtype=object)
    out[:] = [_RADIX ** int(c) for c in ids]
    return out


def _code_array(codes: Sequence[int]) -> np.ndarray:
    """Class codes as an array: int64 where they fit, else Python ints."""
    if all(code < _RADIX ** _MAX_CLASSES for code in codes):
        return np.array(codes, dtype=np.int64)
    out = np.empty(len(codes), dtype=object)
    out[:] = list(codes)
    return out


def _plus(codes: np.ndarray, code: int) -> np.ndarray:
    """``codes`` with ``code`` added to each (Python ints where int64 would not hold them)."""
    if codes.dtype != object and code >= _RADIX ** _MAX_CLASSES:
        codes = codes.astype(object)
    return codes + code


def _compiled(codes: np.ndarray) -> bool:
    """Whether class codes are int64, which the compiled merges take."""
    return codes.dtype != object


class _Codes:
    """Card multisets as one integer each: a digit per value, wide enough that adding two
    multisets a round can hold never carries (twice the shoe's count of the value, capped by
    what four hands can hold; every sum is checked against the shoe before it is added to)."""

    def __init__(self, shoe_counts: np.ndarray, infinite: bool):
        if infinite:
            self.base = np.ones(10, dtype=np.int64)
        else:
            most = np.array([4 * (21 // v + 1) + 2 for v in range(1, 11)], dtype=np.int64)
            self.base = 2 * np.minimum(shoe_counts, most) + 2
        self.place = np.concatenate([[1], np.cumprod(self.base[:-1])]).astype(np.int64)
        if float(np.prod(self.base.astype(float))) >= 2.0 ** 62:
            raise StrategyError("this shoe is too large for the round distribution")

    def encode(self, cards: np.ndarray) -> np.ndarray:
        return cards.reshape(-1, 10) @ self.place

    def decode(self, codes: np.ndarray) -> np.ndarray:
        return (codes[:, None] // self.place[None, :]) % self.base[None, :]


@dataclass
class _States:
    """Finished (or partial) rounds: the cards taken after the deal (a code), the settlement
    classes (a code: a base-5 digit per class) and the number of orderings (or, on the
    infinite deck, the probability)."""

    taken: np.ndarray        # (n,) int64
    classes: np.ndarray      # (n,) int64
    weight: np.ndarray       # (n,) float64, or object (exact)
    most: Optional[np.ndarray] = None   # (10,) at least the most cards of each value any state took

    def merged(self) -> "_States":
        """States with equal cards and classes as one (weights added, in the states' order,
        so the float sums do not depend on anything but the states)."""
        n = len(self.weight)
        if n < 2:
            return self
        if self.weight.dtype != object and _compiled(self.classes) and _kernels.merge_available():
            none = np.zeros(0, dtype=np.int64)
            taken, classes, weight = _kernels.merge_product(
                (self.taken, self.classes, self.weight), (np.zeros(1, np.int64), np.zeros(1, np.int64), np.ones(1)),
                none, none, none)
            return _States(taken, classes, weight, self.most)
        import pandas as pd     # (hashing: sorting 16-byte keys cost most of the time)

        taken_id, taken_keys = pd.factorize(self.taken, sort=False)
        class_id, class_keys = pd.factorize(self.classes, sort=False)
        group, group_keys = pd.factorize(taken_id.astype(np.int64) * len(class_keys) + class_id, sort=False)
        groups = len(group_keys)
        if groups == n:
            return self
        first = np.empty(groups, dtype=np.int64)
        first[group[::-1]] = np.arange(n - 1, -1, -1, dtype=np.int64)    # each group's first state
        if self.weight.dtype == object:
            weight = np.zeros(groups, dtype=object)
            np.add.at(weight, group, self.weight)
        else:
            weight = np.bincount(group, weights=self.weight, minlength=groups)
        return _States(self.taken[first], self.classes[first], weight, self.most)


def _concat(parts: list[_States]) -> Optional[_States]:
    parts = [p for p in parts if len(p.weight)]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    bounds = [p.most for p in parts if p.most is not None]
    most = np.max(bounds, axis=0) if len(bounds) == len(parts) else None
    return _States(np.concatenate([p.taken for p in parts]), np.concatenate([p.classes for p in parts]),
                   np.concatenate([p.weight for p in parts]), most)


class _UpcardRounds:
    """Every round against one up card as merged states, then settled against the dealer."""

    def __init__(self, calc: _Facade, up: int, strategy: str, chart: Any, classes: _Classes, insurance: str):
        self.calc, self.up, self.classes = calc, up, classes
        self.decide = _Decisions(calc, up, strategy, chart)
        self.v = self.decide.values
        self.nodes = self.v.nodes
        self.rules = calc.rules
        self.exact = calc.exact
        self.infinite = calc.shoe.is_infinite
        counts = np.array(calc.shoe.value_counts(), dtype=np.int64)
        self.counts = counts if self.infinite else counts - np.eye(10, dtype=np.int64)[up - 1]
        self.codes = _Codes(counts, self.infinite)
        # (a bust card the shoe does not hold is never drawn; the infinite deck holds every value)
        self.shoe_counts = np.full(10, 1 << 30, dtype=np.int64) if self.infinite else counts
        self.insurance = insurance
        self._walks: dict[tuple, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self._walk_most: dict[tuple, np.ndarray] = {}    # the most cards of each value a walk takes
        self._stand: dict[tuple[int, int, Chips], int] = {}
        self._bust: dict[tuple[int, int, Chips], int] = {}
        self.round_class = classes.round_charge()

    # weights
    def _weights(self, counts: Sequence[Any]) -> np.ndarray:
        if self.exact:
            out = np.empty(len(counts), dtype=object)
            out[:] = list(counts)
            return out
        return np.array(counts, dtype=np.float64)

    def _by_class(self, taken: np.ndarray, class_codes: np.ndarray, ways: list[int]
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Infinite deck: a hand's finishes merged by class (no card is ever short, so the cards
        taken do not matter), each weighing its probability: its orderings times the chance of
        its cards in one order."""
        counts, total = [int(c) for c in self.counts], int(self.counts.sum())
        if self.exact:      # whole numbers over one denominator, then one fraction per class
            longest = int(taken.sum(axis=1).max(initial=0))
            sums: dict[int, int] = {}
            for code, row, w in zip(class_codes.tolist(), taken.tolist(), ways):
                sums[code] = sums.get(code, 0) + w * math.prod(c ** t for c, t in zip(counts, row)) * (
                    total ** (longest - sum(row)))
            weight = np.empty(len(sums), dtype=object)
            weight[:] = [Fraction(v, total ** longest) for v in sums.values()]
            return np.zeros(len(sums), dtype=np.int64), _code_array(list(sums)), weight
        probs = np.array([float(Fraction(c, total)) for c in counts])
        weight = np.array(ways, dtype=np.float64) * np.prod(probs[None, :] ** taken, axis=1)
        one = _States(np.zeros(len(weight), dtype=np.int64), class_codes, weight).merged()
        return one.taken, one.classes, one.weight

    def _stand_class(self, node: int, chips: Chips) -> int:
        """The class of a hand standing at ``node`` (its total and, for a Charlie, its cards)."""
        key = (int(self.nodes.total[node]), int(self.nodes.cards[node]), chips)
        if key not in self._stand:
            self._stand[key] = self.classes.stand(*key)
        return self._stand[key]

    def _surrender_class(self) -> int:
        """Surrender after a hit: half the bet back, settled on a dealer blackjack as late
        surrender is (the round's own blackjack charge is added apart)."""
        classes = self.classes
        return classes.add([-SURRENDER_LOSS] * BLACKJACK + [classes.bj_hand], classes.hand_wager(1))

    def _bust_class(self, cards: int, hard: int, chips: Chips) -> int:
        key = (cards, hard, chips)
        if key not in self._bust:
            self._bust[key] = self.classes.bust(cards, hard, chips)
        return self._bust[key]

    def _doubled(self, node: int, own: Wager, split: bool) -> Chips:
        """The chips of a hand carrying ``own`` that doubles at ``node``: its own and the one the
        variant adds for the hand's cards (a two-card hand's; after a hit, another of its own, as
        the engine values it)."""
        nodes = self.nodes
        return self.calc.round.double_chips(own, int(nodes.hard[node]), bool(nodes.soft[node]), int(nodes.cards[node]),
                                            split)

    # one hand
    def walk(self, start: int, action: str, own: Wager = MONEY, split: bool = False
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Finished hands from ``start`` by ``action`` (stand, double, hit, play) of a hand
        carrying the chip ``own`` (``split``: a split hand): the cards taken after ``start``
        (codes), the class codes and the weights (orderings, or the probability on the
        infinite deck)."""
        split = split and not self.calc.round.money_only      # (a split hand's double adds the variant's chip)
        key = (start, action, own.name, split)
        if key in self._walks:
            return self._walks[key]
        nodes, plays = self.nodes, self.decide.plays_of(own)
        single = (own,)
        comps: list[np.ndarray] = []
        ids: list[int] = []
        ways: list[int] = []
        hand = nodes.hand
        eye = np.eye(10, dtype=np.int64)
        if action == "stand":
            comps.append(hand[start])
            ids.append(self._stand_class(start, single))
            ways.append(1)
        elif action == "double":
            doubled = self._doubled(start, own, split)
            for card in range(1, 11):
                kid = int(nodes.child[start, card - 1])
                if kid >= 0:
                    comps.append(hand[kid])
                    ids.append(self._stand_class(kid, doubled))
                    ways.append(1)
                elif kid == BUST and hand[start][card - 1] < self.shoe_counts[card - 1]:
                    comps.append(hand[start] + eye[card - 1])
                    ids.append(self._bust_class(int(nodes.cards[start]) + 1, int(nodes.hard[start]) + card, doubled))
                    ways.append(1)
        else:
            by_hard: list[dict[int, int]] = [dict() for _ in range(22)]
            by_hard[int(nodes.hard[start])][start] = 1
            child, hard_of, cards_of = nodes.child, nodes.hard, nodes.cards
            shoe_counts = self.shoe_counts
            for hard in range(int(nodes.hard[start]), 22):
                for node, w in by_hard[hard].items():
                    play = 1 if (action == "hit" and node == start) else int(plays[node])
                    if play == 0:
                        comps.append(hand[node])
                        ids.append(self._stand_class(node, single))
                        ways.append(w)
                        continue
                    if play == 3:               # surrender after a hit: half the bet
                        comps.append(hand[node])
                        ids.append(self._surrender_class())
                        ways.append(w)
                        continue
                    if play == 2:               # double after a hit: one card, twice the bet
                        doubled = self._doubled(node, own, split)
                        for card, kid in enumerate(child[node].tolist(), start=1):
                            if kid >= 0:
                                comps.append(hand[kid])
                                ids.append(self._stand_class(kid, doubled))
                                ways.append(w)
                            elif kid == BUST and hand[node][card - 1] < shoe_counts[card - 1]:
                                comps.append(hand[node] + eye[card - 1])
                                ids.append(self._bust_class(int(cards_of[node]) + 1, int(hard_of[node]) + card,
                                                            doubled))
                                ways.append(w)
                        continue
                    for card, kid in enumerate(child[node].tolist(), start=1):
                        if kid >= 0:
                            bucket = by_hard[int(hard_of[kid])]
                            bucket[kid] = bucket.get(kid, 0) + w
                        elif kid == BUST and hand[node][card - 1] < shoe_counts[card - 1]:
                            comps.append(hand[node] + eye[card - 1])
                            ids.append(self._bust_class(int(cards_of[node]) + 1, int(hard_of[node]) + card, single))
                            ways.append(w)
        taken = np.array(comps, dtype=np.int64).reshape(-1, 10) - hand[start][None, :]
        class_codes = _class_codes(ids)
        if self.infinite:
            out = self._by_class(taken, class_codes, ways)
        else:
            out = (self.codes.encode(taken), class_codes, self._weights(ways))
        self._walks[key] = out
        self._walk_most[key] = taken.max(axis=0, initial=0)
        return out

    def _single(self, class_ids: Sequence[int]) -> _States:
        code = class_code(class_ids)
        return _States(np.zeros(1, dtype=np.int64), _code_array([code]), self._weights([1]),
                       np.zeros(10, dtype=np.int64))

    def _then(self, states: _States, taken: np.ndarray, classes: np.ndarray, weight: np.ndarray,
              most: np.ndarray) -> _States:
        """Every state followed by every one of a hand's finishes (``most``: the most cards of
        each value one takes), impossible card sets dropped."""
        n, k = len(states.weight), len(weight)
        self._check_size(n * k, f"combines {n:,} rounds so far with {k:,} ways to finish a hand")
        if (not self.exact and not self.infinite and _compiled(states.classes) and _compiled(classes)
                and _kernels.merge_available()):        # product, check and merge in C
            left = self.left_after_deal
            bound = left + 1 if states.most is None else states.most + most
            check = np.flatnonzero(bound > left)
            merged = _kernels.merge_product((states.taken, states.classes, states.weight), (taken, classes, weight),
                                            self.codes.place[check], self.codes.base[check], left[check])
            return _States(*merged, np.minimum(bound, left))
        out = _States((states.taken[:, None] + taken[None, :]).ravel(),
                      (states.classes[:, None] + classes[None, :]).ravel(),
                      (states.weight[:, None] * weight[None, :]).ravel(),
                      None if states.most is None else states.most + most)
        if not self.infinite:
            self._drop_impossible(out)
        return out.merged()     # (merged here as the compiled merge does, so the sums are the same)

    def _check_size(self, size: int, how: str) -> None:
        """Refuse a step of more than :meth:`size_limit` states, up front, saying its size."""
        if size > self.size_limit():
            detail = f"splitting {self._pair_label} v {_UP[self.up]} {how} ({size:,} states, limit {self.size_limit():,})"
            raise SizeRefusal(f"{self.computing} is too large here: {detail}; use fewer split hands "
                              f"({rule('max_split_hands', 2)}) or a smaller shoe{self.instead()}", detail)

    computing = "the round distribution"
    """What these rounds compute, for the size refusal."""
    @staticmethod
    def instead() -> str:
        """What to use instead when it is too large."""
        return f", or {either('Calculator.moments()', 'bjcalc edge --sd')} for the exact mean and SD"

    @staticmethod
    def size_limit() -> int:
        """The most states one step may combine before merging (:data:`MAX_STATES`, read when asked)."""
        return MAX_STATES

    def _drop_impossible(self, states: _States) -> None:
        """Drop states that took more cards of a value than the shoe holds; only the values
        some state might have taken too many of are decoded."""
        left = self.left_after_deal
        values = range(10) if states.most is None else np.flatnonzero(states.most > left).tolist()
        possible = np.ones(len(states.taken), dtype=bool)
        for r in values:
            digit = (states.taken // self.codes.place[r]) % self.codes.base[r]
            possible &= digit <= left[r]
        if not possible.all():
            states.taken, states.classes, states.weight = (states.taken[possible], states.classes[possible],
                                                           states.weight[possible])
        states.most = left.copy() if states.most is None else np.minimum(states.most, left)

    def split_states(self, pair: int, extra: Sequence[int]) -> _States:
        """Every way a split of ``pair`` can finish (cards taken beyond the pair's two cards)."""
        hands = most_hands(self.rules, pair)
        self.start_split(pair)
        if hands == 2:
            return self._two_hands(pair, extra)
        table: dict[tuple[int, int], list[_States]] = {(1, 2): [self._single(extra)]}
        finished: list[_States] = []
        for slot in range(1, hands + 1):
            for count in range(max(slot, 2), hands + 1):
                merged = _concat(table.pop((slot, count), []))
                if merged is None:
                    continue
                states = merged.merged()
                for card in range(1, 11):
                    if card == pair and count < hands:          # another pair card: split again
                        table.setdefault((slot, count + 1), []).append(self._drawn(states, card))
                        continue
                    combined = self._finish(states, pair, count, card, slot > 1)
                    if combined is not None:
                        (finished if slot + 1 > count else table.setdefault((slot + 1, count), [])).append(combined)
        return self._whole(finished)

    def start_split(self, pair: int) -> None:
        """Set up the splitting of ``pair``: the cards left after the deal, the pair's label."""
        self._pair_label = f"{_UP[pair]},{_UP[pair]}"
        self.left_after_deal = self.counts - 2 * np.eye(10, dtype=np.int64)[pair - 1]

    def _two_hands(self, pair: int, extra: Sequence[int]) -> _States:
        """A split to two hands, neither splitting again: both play alike, so the round is the
        unordered pairs of one hand's finishes (half the pairs the hand-by-hand product takes),
        the round's own classes added once."""
        hand = self.one_hand(self._single([]), pair, 2)
        if hand is None:
            return self._whole([])
        if self.alike(pair):
            both = self.squared(hand)
        else:       # (the hand split off carries other chips: the product of the two hands)
            other = self.one_hand(self._single([]), pair, 2, later=True)
            if other is None:
                return self._whole([])
            assert other.most is not None
            both = self._then(hand, other.taken, other.classes, other.weight, other.most)
        both.classes = _plus(both.classes, class_code(extra))
        return self._whole([both])

    def one_hand(self, states: _States, pair: int, count: int,
                 cards: Optional[Sequence[int]] = None, later: bool = False) -> Optional[_States]:
        """``states`` followed by one split hand of ``pair`` with every second card it may
        draw (not a pair card while fewer than the most hands exist; or only ``cards``),
        played out as when ``count`` hands exist (``later``: a hand split off), merged."""
        if cards is None:
            hands = most_hands(self.rules, pair)
            cards = [card for card in range(1, 11) if card != pair or count >= hands]
        finished = _concat([f for f in (self._finish(states, pair, count, card, later) for card in cards)
                            if f is not None])
        return None if finished is None else finished.merged()

    def alike(self, pair: int) -> bool:
        """Whether every hand of a split of ``pair`` plays and is paid alike (money only), so
        which of them is the first does not matter."""
        return self.calc.round.money_only

    def squared(self, hand: _States) -> _States:
        """Two hands alike, each finishing as ``hand`` does: its states paired with themselves
        over unordered pairs (a pair of two different states weighing twice), checked against
        the shoe and merged."""
        n = len(hand.weight)
        self._check_size(n * (n + 1) // 2, f"pairs {n:,} ways to finish one hand with each other")
        bound = None if hand.most is None else 2 * hand.most
        if (bound is not None and not self.exact and not self.infinite and _compiled(hand.classes)
                and _kernels.square_available()):
            left = self.left_after_deal
            check = np.flatnonzero(bound > left)
            return _States(*_kernels.merge_square((hand.taken, hand.classes, hand.weight), self.codes.place[check],
                                                  self.codes.base[check], left[check]), np.minimum(bound, left))
        first, second = np.triu_indices(n)          # (row by row, as the compiled square)
        twice = np.where(first == second, 1, 2)
        both = _States(hand.taken[first] + hand.taken[second], hand.classes[first] + hand.classes[second],
                       hand.weight[first] * hand.weight[second] * twice, bound)
        if not self.infinite:
            self._drop_impossible(both)
        return both.merged()

    def _drawn(self, states: _States, card: int) -> _States:
        """``states`` with one more card of value ``card`` taken (a hand's second card)."""
        step = 0 if self.infinite else int(self.codes.place[card - 1])
        eye = np.eye(10, dtype=np.int64)
        return _States(states.taken + step, states.classes, states.weight * self._card_weight(card),
                       None if states.most is None else states.most + eye[card - 1])

    def _finish(self, states: _States, pair: int, count: int, card: int, later: bool = False) -> Optional[_States]:
        """``states`` followed by one split hand of ``pair`` and ``card`` played out (``count``
        hands in the round; ``later``: a hand split off, with the variant's split chip), or None
        if the strategy's shoe never holds that hand."""
        found = self.decide.split_hand(pair, count, card, later)
        if found is None:
            return None
        node, action = found
        own = self.decide.chip(pair, later)
        taken, classes, weight = self.walk(node, action, own, True)
        if not len(weight):
            return None
        return self._then(self._drawn(states, card), taken, classes, weight,
                          self._walk_most[(node, action, own.name, not self.calc.round.money_only)])

    @staticmethod
    def _whole(finished: list[_States]) -> _States:
        result = _concat(finished)
        if result is None:
            raise ShoeError("the shoe cannot finish this split; use a larger shoe")
        return result.merged()

    def _card_weight(self, card: int) -> Any:
        if not self.infinite:
            return 1
        share = Fraction(int(self.counts[card - 1]), int(self.counts.sum()))
        return share if self.exact else float(share)

    # the deals
    def rounds(self, deals: dict) -> list[tuple]:
        """(deal probability, the deal's two cards, its finished states) for every deal."""
        out = []
        classes = self.classes
        for (hand, split_key), p in deals.items():
            composition = composition_of(hand)
            node = self.nodes.node(composition, UNSPLIT)
            self.calc.round.check_dealable(self.v, node)
            base = np.array(composition, dtype=np.int64)
            extra = [self.round_class]
            if self._insured(hand):
                extra.append(classes.add([-INSURANCE_STAKE] * BLACKJACK + [INSURANCE_STAKE * INSURANCE_PAYS],
                                         [INSURANCE_STAKE] * N_OUTCOMES))
            if is_natural(composition):
                out.append((p, base, self.unsplit_states(node, "stand", extra)))
                continue
            action = self.decide.initial(node, hand, split_key)
            if action == "split":
                self.check_split(hand[0])
                out.extend(self.split_round(p, base, hand[0], extra))
                continue
            out.append((p, base, self.unsplit_states(node, action, extra)))
        return out

    def check_split(self, pair: int) -> None:
        """Refuse a split the round's states cannot follow: tens split by rank."""
        if self.rules.split_tens_by_rank and pair == 10:
            raise StrategyError(f"the round distribution does not follow tens split by rank; "
                                f"use {rule('split_tens_by_rank', False)}")

    def unsplit_states(self, node: int, action: str, extra: Sequence[int]) -> _States:
        """The finished states of the unsplit hand at ``node`` played by ``action`` (stand, hit,
        double, surrender, or play: on by the strategy), the round's ``extra`` classes (its
        dealer-blackjack charge first, then any insurance) added; a natural stands and is paid
        (a push against a dealer blackjack: no round charge).  A surrender of two cards is
        settled before the dealer's blackjack counts (half the bet back, or the whole bet lost
        to a blackjack unless it is early); a surrender after a hit as the walk settles it."""
        classes, extra = self.classes, list(extra)
        if is_natural(self.nodes.hand[node]):        # (paid by its suits, where a suited one pays more)
            pays = self.calc.round.natural_pays()
            codes = [class_code([classes.add([payout] * BLACKJACK + [0], [1] * N_OUTCOMES)] + extra[1:])
                     for _, payout in pays]
            return _States(np.zeros(len(codes), dtype=np.int64), _code_array(codes),
                           self._weights([int(chance) if chance == 1 else chance for chance, _ in pays]),
                           np.zeros(10, dtype=np.int64))
        if action == "surrender":
            if int(self.nodes.cards[node]) > 2:
                return self._single([self._surrender_class()] + extra)
            # (settled in full here, the round's blackjack charge included: the hand's result given
            # no dealer blackjack and given one, the settlement's joint value at 0 and 1)
            settle = classes.settlement
            lost = settle.round_blackjack_loss()
            without, given = (settle.surrendered(Fraction(b)) - lost * b for b in (0, 1))
            return self._single([classes.add([without] * BLACKJACK + [given], [1] * N_OUTCOMES)] + extra[1:])
        taken, class_codes, weight = self.walk(node, action)
        return _States(taken, _plus(class_codes, class_code(extra)), weight)

    def split_round(self, p: Fraction, base: np.ndarray, pair: int, extra: list[int]) -> list[tuple]:
        """The entries of a deal the strategy splits: here its one list of finished states."""
        return [(p, base, self.split_states(pair, extra))]

    def _insured(self, hand: tuple[int, int]) -> bool:
        if self.up != 1 or self.insurance == "never":
            return False
        return self.insurance == "always" or self._insurance_ev(hand) > 0

    def _insurance_ev(self, hand: tuple[int, int]) -> Value:
        labels = {1: "A", 10: "T"}
        return self.calc.insurance(",".join(labels.get(c, str(c)) for c in hand), "A")

    def insurance_gain(self, deals: dict) -> Fraction | float:
        """What the insurance taken adds to the round's mean: each insured deal's chance
        times its insurance EV (per initial bet)."""
        gain: Fraction | float = Fraction(0) if self.exact else 0.0
        if self.up != 1 or self.insurance == "never":
            return gain
        for (hand, _), p in deals.items():
            ev = self._insurance_ev(hand)       # (once: "optimal" takes it where it is positive)
            if self.insurance == "always" or ev > 0:
                gain += Fraction(p) * Fraction(str(ev)) if self.exact else float(p) * float(ev)
        return gain


# -- the whole round ------------------------------------------------------------------------------
def round_outcomes(calc: _Facade, strategy: str = "CD", insurance: str = "never",
                   progress: Optional[ProgressFn] = None) -> RoundOutcomes:
    """The exact distribution of one round's net result under ``calc``'s strategy.

    ``strategy``: ``"CD"`` (with the calculator's post-split strategy) or ``"TD"`` (its chart).
    ``insurance``: one of :data:`INSURANCE`; when taken it is part of the net result and of
    the average bet.  Optimal splits (``split_strategy="optimal"``) decide with every card of
    the round and are refused.  ``progress`` may wrap the loop over up cards
    (``progress(iterable, total=10)``, as :meth:`~bjcalc.game.calculator.Calculator.game`'s).

    >>> from bjcalc import Calculator, Rules
    >>> outcomes = round_outcomes(Calculator(Rules(decks=6, max_split_hands=2)))
    >>> float(outcomes.pmf[-1]) > 0.4, round(float(outcomes.ev), 6)
    (True, -0.004569)
    """
    calc.round.variant.check_analysis("the round's distribution")
    import pandas as pd

    strategy = check_round_options(calc, strategy, insurance, "the round distribution")
    chart = calc.game("TD").strategy if strategy == "TD" else None
    den = payout_denominator(calc)
    classes = _Classes(calc, den)
    exact = calc.exact
    deals = calc.round.deals()
    pmf: dict[int, Any] = {}
    average_bet: Any = EXACT.scalar(0) if exact else 0.0
    total: Any = EXACT.scalar(0) if exact else 0.0
    for up in (progress or no_progress)(range(1, 11), total=10):
        if not deals[up]:
            continue
        upcard = _UpcardRounds(calc, up, strategy, chart, classes, insurance)
        rounds = upcard.rounds(deals[up])
        bet_up, total_up = _settle(calc, upcard, rounds, classes, pmf)
        average_bet += bet_up
        total += total_up
    if exact:
        if total != 1:
            raise ShoeError("the shoe is too small: a round can run out of cards; use a larger shoe")
    elif abs(total - 1) > 1e-9:
        raise ShoeError("the shoe is too small: a round can run out of cards; use a larger shoe")
    items = sorted((Fraction(net, den), Fraction(int(p.numerator), int(p.denominator)) if exact else p)
                   for net, p in pmf.items() if p != 0)
    index = [net for net, _ in items] if exact else [float(net) for net, _ in items]
    series = pd.Series([p for _, p in items], index=index, name="probability",
                       dtype=object if exact else np.float64)
    series.index.name = "net"
    stated = calc.assumptions(strategy)
    average_bet = Fraction(int(average_bet.numerator), int(average_bet.denominator)) if exact else float(average_bet)
    return RoundOutcomes(series, average_bet, stated, insurance, exact, strategy)


def check_round_options(calc: _Facade, strategy: str, insurance: str, what: str) -> str:
    """Refuse, in one line, a strategy or insurance option ``what`` (a round's distribution or
    moments) cannot follow: optimal splits decide with every card of the round.  Returns the
    strategy's name, ``"CD"`` or ``"TD"``, read as :func:`~bjcalc.game.rounds.strategy_name` reads it.

    >>> from bjcalc import Calculator, Rules
    >>> check_round_options(Calculator(Rules(decks=1)), "CD", "sometimes", "the round distribution")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.StrategyError: insurance must be one of never, always, optimal, not 'sometimes'
    """
    strategy = strategy_name(strategy)
    if insurance not in INSURANCE:
        raise StrategyError(f"insurance must be one of {', '.join(INSURANCE)}, not {insurance!r}")
    check_per_hand_split(calc, what)
    return strategy


def _settle(calc: _Facade, upcard: _UpcardRounds, rounds: list, classes: _Classes, pmf: dict) -> tuple[Any, Any]:
    """Add one up card's rounds to ``pmf`` (net numerator -> probability); returns its
    (expected total wager, probability)."""
    class_codes, mass = _class_mass(calc, upcard, rounds, classes)
    nets, bets = _class_rows(classes, class_codes)
    zero = EXACT.scalar(0) if calc.exact else 0.0
    for net, m in zip(nets.ravel().tolist(), mass.ravel().tolist()):
        if m:
            pmf[net] = pmf.get(net, zero) + m
    bet_total = (mass * bets).sum()
    return bet_total / classes.den, mass.sum()


def _class_rows(classes: _Classes, class_codes: np.ndarray, power: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Per class code (a multiset of classes): the sums over its classes of their net rows
    raised to ``power``, and of their wager rows, by dealer outcome (in 1/den units)."""
    n_classes = len(classes.rows)
    if n_classes <= _MAX_CLASSES and _compiled(class_codes):
        counts = (class_codes[:, None] // _CLASS_DIGIT[None, :n_classes]) % _RADIX        # (codes, classes)
    else:
        digits = np.array([_RADIX ** i for i in range(n_classes)], dtype=object)
        counts = ((np.asarray(class_codes, dtype=object)[:, None] // digits[None, :]) % _RADIX).astype(np.int64)
    rows = np.array(classes.rows, dtype=np.int64).reshape(n_classes, N_OUTCOMES)
    return counts @ rows ** power, counts @ np.array(classes.bets, dtype=np.int64).reshape(n_classes, N_OUTCOMES)


def _class_mass(calc: _Facade, upcard: _UpcardRounds, rounds: list, classes: _Classes,
               every_hand: bool = True, merge: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """One up card's rounds, ``(probability, deal cards, states)`` each, settled against the
    dealer: the distinct class codes (sorted) and the probability of each with each dealer
    outcome.  ``every_hand``: the states hold every hand of the round, so a dealer that can
    run out of cards is allowed where no hand's result depends on it.  ``merge``: equal
    states are merged first (the pmf's float sums are defined in that order)."""
    import pandas as pd     # (hashing: the states are many, their distinct card sets and classes fewer)

    exact, infinite, codes = calc.exact, calc.shoe.is_infinite, upcard.codes
    removed_all, classes_all, weight_all = [], [], []
    for p, base, states in rounds:
        weight = states.weight
        if not infinite:
            # a sequence's chance depends only on the cards it takes: each distinct set once
            distinct, sets_taken = pd.factorize(states.taken, sort=False)
            chance = _sequence_probability(upcard.counts - base, codes.decode(np.asarray(sets_taken)), exact)
            weight = weight * chance[distinct]
            removed_all.append(codes.encode(base)[0] + states.taken)
        else:
            removed_all.append(np.zeros(len(weight), dtype=np.int64))
        classes_all.append(states.classes)
        weight_all.append(weight * (p if exact else float(p)))
    merged = _States(np.concatenate(removed_all), np.concatenate(classes_all), np.concatenate(weight_all))
    keep = merged.weight != 0
    merged = _States(merged.taken[keep], merged.classes[keep], merged.weight[keep])
    if merge:
        merged = merged.merged()
    where, sets = pd.factorize(merged.taken, sort=False)
    removed = codes.decode(np.asarray(sets)) if not infinite else np.zeros((len(sets), 10), dtype=np.int64)
    result = calc.round.dealer_engine.evaluate(upcard.up, removed)
    probabilities = result.probabilities
    if result.exhausted.any():
        if not every_hand:
            raise ShoeError(_DEALER_SHORT)
        by_class, class_codes = pd.factorize(merged.classes)
        nets, _ = _class_rows(classes, np.asarray(class_codes, dtype=class_codes.dtype))
        probabilities = _without_dealer(calc, upcard, removed, result, nets[by_class], where)
    weight = merged.weight
    if exact:
        weight = np.array([EXACT.convert(w) for w in weight.tolist()], dtype=object)
    return _by_class(merged.classes, probabilities, where, weight, exact)


_DEALER_SHORT = "the shoe is too small: the dealer can run out of cards; use a larger shoe"
"""The refusal where a round's dealer could run out of cards."""


def _by_class(class_codes: np.ndarray, rows: np.ndarray, where: np.ndarray, weight: np.ndarray,
              exact: bool) -> tuple[np.ndarray, np.ndarray]:
    """``weight[i]`` times the dealer row ``rows[where[i]]`` of every state ``i``, summed over the
    states of each class code: the distinct class codes (sorted: the pmf adds in their order)
    and those sums by dealer outcome."""
    import pandas as pd

    by_class, distinct = pd.factorize(class_codes, sort=True)
    distinct = np.asarray(distinct, dtype=np.int64 if _compiled(class_codes) else object)
    if exact:
        mass = np.zeros((len(distinct), N_OUTCOMES), dtype=object)
        np.add.at(mass, by_class, rows[where] * weight[:, None])
        return distinct, mass
    rows, weight = rows.astype(np.float64), weight.astype(np.float64)
    mass = np.empty((len(distinct), N_OUTCOMES))
    for o in range(N_OUTCOMES):      # (one outcome at a time: no states-by-outcomes temporaries)
        mass[:, o] = np.bincount(by_class, weights=rows[where, o] * weight, minlength=len(distinct))
    return distinct, mass


def _without_dealer(calc: _Facade, upcard: _UpcardRounds, removed: np.ndarray, result: Any, nets: np.ndarray,
                    where: np.ndarray) -> np.ndarray:
    """Dealer rows for removed sets whose dealer can run out of cards: allowed only where no
    hand's result depends on the dealer's hand but for a blackjack (every hand busted), as a
    real dealer need not draw then; the row then holds P(blackjack) and the rest in one column."""
    blind = (nets[:, :BLACKJACK] == nets[:, :1]).all(axis=1)
    needed = np.zeros(len(removed), dtype=bool)
    needed[where[~blind]] = True
    if (result.exhausted & needed).any():
        raise ShoeError(_DEALER_SHORT)
    ar, up = calc.ar, upcard.up
    rows = result.probabilities.copy()
    share = ar.convert(calc.round.dealer_engine.procedure.hole_blackjack_share(up))
    for i in np.flatnonzero(result.exhausted):
        left = upcard.counts - removed[i]
        blackjack = ar.scalar(0)
        if up in (1, 10) and left.sum() > 0:
            blackjack = share * ar.scalar(int(left[9 if up == 1 else 0]), int(left.sum()))
        rows[i] = 0 * rows[i]
        rows[i, 0], rows[i, BLACKJACK] = 1 - blackjack, blackjack
    return rows


def _sequence_probability(left: np.ndarray, taken: np.ndarray, exact: bool) -> np.ndarray:
    """ff(left, taken) / ff(sum(left), |taken|) for each row of ``taken`` (one ordered sequence)."""
    total = int(left.sum())
    most = int(taken.max()) if taken.size else 0
    length = taken.sum(axis=1)
    if exact:
        falling = [[math.perm(int(n), a) if a <= n else 0 for a in range(most + 1)] for n in left]
        out = np.empty(len(taken), dtype=object)
        for i, row in enumerate(taken.tolist()):
            k = int(length[i])
            num = math.prod(falling[r][row[r]] for r in range(10))
            out[i] = EXACT.scalar(num, math.perm(total, k)) if num else EXACT.scalar(0)     # (gmpy2's rationals)
        return out
    falling_f = np.array([[float(math.perm(int(n), a)) if a <= n else 0.0 for a in range(most + 1)] for n in left])
    num = np.prod(falling_f[np.arange(10)[None, :], taken], axis=1)
    den = np.array([float(math.perm(total, k)) if k <= total else np.inf for k in range(int(length.max(initial=0)) + 1)])
    return num / den[length]
