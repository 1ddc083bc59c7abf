"""The user-facing calculator: hands, whole games, the dealer and insurance.

>>> calc = Calculator(Rules(decks=1), exact=True)
>>> calc.hand("T,6", 10)["stand"] < calc.hand("T,6", 10)["hit"]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Optional, Sequence, Union

import numpy as np
import pandas as pd

from .arithmetic import EXACT, FLOAT, Arithmetic
from .cards import RANK_VALUE, RANKS, RankLike, Shoe, parse_cards, rank_index
from .dealer import BLACKJACK, OUTCOMES, DealerEngine, StandardDealer
from .errors import HandError, ShoeError, StrategyError
from .hands import UNSPLIT, composition_of
from .player import PlayerEngine, UpcardValues, hand_space
from .rules import Rules
from .settlement import Settlement
from .optimal import OptimalSplit, check_exact_game_size
from .splits import check_split_strategy, context_strategy, split_contexts, split_value

ACTIONS = ("stand", "hit", "double", "split", "surrender")
STRATEGIES = ("CD", "TD")


@dataclass(frozen=True)
class Assumptions:
    """Everything a result depends on, stated in words."""

    rules: str
    shoe: str
    strategy: str
    split_strategy: str
    conditioning: str
    arithmetic: str

    def lines(self) -> list[str]:
        return [f"rules: {self.rules}", f"shoe: {self.shoe}", f"strategy: {self.strategy}",
                f"post-split strategy: {self.split_strategy}", f"values: {self.conditioning}",
                f"arithmetic: {self.arithmetic}"]

    def __str__(self) -> str:
        return "\n".join(self.lines())


class Calculator:
    """Exact expected values for one rule set and one shoe.

    Args:
        rules: the game's :class:`~bjcalc.rules.Rules`.
        shoe: the cards to deal from; default ``Shoe.decks(rules.decks)``.
        split_strategy: post-split strategy, ``"CDZ-"``, ``"CDP1"``, ``"CDP"`` or ``"optimal"``
            (one split, every decision using every card seen; see :mod:`bjcalc.optimal`).
        exact: exact rationals (``sympy.Rational`` results) instead of floats.

    >>> calc = Calculator(Rules(decks=6))
    >>> round(calc.hand("8,8", 10)["split"], 4)
    -0.4749
    """

    def __init__(self, rules: Rules, shoe: Optional[Shoe] = None, split_strategy: str = "CDZ-",
                 exact: bool = False):
        if not isinstance(rules, Rules):
            raise HandError(f"rules must be a bjcalc.Rules, not {type(rules).__name__}")
        if shoe is None:
            shoe = Shoe.decks(rules.decks)
        elif not isinstance(shoe, Shoe):
            raise ShoeError(f"shoe must be a bjcalc.Shoe, not {type(shoe).__name__}")
        if not isinstance(exact, bool):
            raise HandError(f"exact must be True or False, not {exact!r}")
        self.rules = rules
        self.shoe = shoe
        self.split_strategy = check_split_strategy(split_strategy, rules)
        self.exact = exact
        self.ar: Arithmetic = EXACT if exact else FLOAT
        self.settlement = Settlement(rules)
        self.dealer_engine = DealerEngine(shoe, dealer_procedure(rules, shoe), self.ar)
        space = hand_space(rules, shoe)
        contexts = split_contexts(rules, shoe, split_strategy, space)
        self.engine = PlayerEngine(rules, shoe, self.ar, self.dealer_engine, self.settlement, contexts, space)
        self._splits: dict[tuple, Any] = {}

    # -- assumptions ------------------------------------------------------------------------
    def assumptions(self, strategy: str = "CD") -> Assumptions:
        """What every result of this calculator depends on; ``conditioning`` says which basis
        :meth:`hand` values are on (see :attr:`hand_values_conditioned`).

        >>> Calculator(Rules(surrender="early")).assumptions().conditioning.split(":")[0]
        'per unit initial bet, unconditional (dealer blackjack losses included)'
        """
        if self.hand_values_conditioned:
            conditioning = ("per unit initial bet; hand values conditioned on no dealer blackjack (peek), "
                            "game values unconditional")
        elif self.rules.hole_card == "peek":
            conditioning = ("per unit initial bet, unconditional (dealer blackjack losses included): "
                            "early surrender precedes the peek")
        else:
            conditioning = "per unit initial bet, unconditional (dealer blackjack losses included)"
        return Assumptions(
            rules=self.rules.describe(self.shoe), shoe=self.shoe.describe(),
            strategy={"CD": "composition-dependent (CD): every decision uses the hand's exact cards",
                      "TD": "total-dependent (TD) basic strategy: decisions by total, softness and pair"}[strategy],
            split_strategy=("no splitting" if not self.rules.splits else
                            "TD: split hands follow the same total-dependent chart" if strategy == "TD"
                            else "optimal: one split, every decision uses every card seen in the round"
                            if self.split_strategy == "optimal" else self.split_strategy),
            conditioning=conditioning,
            arithmetic="exact rationals" if self.exact else "floating point")

    # -- building blocks ---------------------------------------------------------------------
    def _up(self, up: RankLike) -> int:
        return RANK_VALUE[rank_index(up)]

    def _values(self, up: int) -> UpcardValues:
        values = self.engine.upcard(up)
        return values

    def _split(self, up: int, pair: int, split_key: Any) -> Any:
        """Joint value of splitting ``pair`` against ``up``; ``split_key`` is what
        :func:`pair_state` says about the pair's rank."""
        key = (up, pair, split_key)
        if key not in self._splits:
            if self.split_strategy == "optimal" and not self.shoe.is_infinite:
                search = OptimalSplit(self.rules, self.settlement, self.dealer_engine, up, pair,
                                      self.engine.space.max_cards)
                self._splits[key] = search.value()
            else:   # (the infinite deck has nothing to remember: optimal is CDZ- there)
                self._splits[key] = split_value(self.rules, self._values(up), context_strategy(self.split_strategy),
                                                pair, split_key, self.engine.space.max_cards)
        return self._splits[key]

    def _round_blackjack_term(self, blackjack: Any) -> Any:
        return -self.settlement.round_blackjack_loss() * blackjack

    def _surrender(self, blackjack: Any) -> Any:
        """Joint value of surrendering (see :mod:`bjcalc.settlement`)."""
        half = self.ar.scalar(1, 2)
        if self.rules.surrender == "early":
            return -half - self._round_blackjack_term(blackjack)
        return -half * (1 - blackjack) + self.settlement.hand_blackjack_payoff * blackjack

    def _actions(self, values: UpcardValues, node: int, split_key: Any) -> dict[str, Any]:
        """Joint values of the allowed actions of an unsplit hand; ``split_key`` is None
        when the hand may not split (see :func:`pair_state`)."""
        nodes, rules = values.nodes, self.rules
        actions = {} if values.must_hit[node] else {"stand": values.stand[node]}
        if values.can_hit[node]:
            actions["hit"] = values.hit[node]
        if nodes.cards[node] == 2:
            if values.can_hit[node] and rules.can_double(int(nodes.hard[node]), bool(nodes.soft[node])):
                actions["double"] = values.double[node]
            hand = nodes.hand[node]
            if split_key is not None and rules.splits and hand.max() == 2:
                split = self._split(values.up, int(np.argmax(hand)) + 1, split_key)
                if split is not None:
                    actions["split"] = split
            if rules.surrender != "none":
                actions["surrender"] = self._surrender(values.blackjack[node])
        return actions

    def _check_dealable(self, values: UpcardValues, node: int) -> None:
        if values.exhausted[node]:
            raise ShoeError("the shoe is too small: this round can run out of cards; use a larger shoe")

    # -- public API ------------------------------------------------------------------------------
    def hand(self, cards: Union[str, Iterable[RankLike]], up: RankLike) -> dict[str, Any]:
        """EV of each allowed action for a hand against an up card, per unit initial bet.

        Every value of a hand is on one basis, so the largest is the best play.  Peek
        games: conditioned on the dealer not having blackjack (which also shapes the
        player's own draws), except with early surrender, which is decided before the
        peek: then, as in ENHC games, unconditional, losses to a dealer blackjack
        included (:attr:`hand_values_conditioned`; ``assumptions().conditioning`` says
        it in words).  ``hit`` means hit, then play on optimally (hit/stand).

        >>> values = Calculator(Rules(decks=6)).hand("T,6", "T")
        >>> sorted(values), round(values["stand"], 4)
        (['double', 'hit', 'stand'], -0.541)
        """
        ranks = parse_cards(cards)
        up_rank = rank_index(up)
        self.shoe.remove(RANKS[up_rank], *(RANKS[r] for r in ranks))   # can the shoe deal them?
        if len(ranks) < 2:
            raise HandError("a hand needs at least two cards (to value a split hand, ask for the pair)")
        up_value = RANK_VALUE[up_rank]
        composition = composition_of(RANK_VALUE[r] for r in ranks)
        node = self.engine.nodes.find(composition, UNSPLIT)
        if node is None:
            hard = sum(RANK_VALUE[r] for r in ranks)
            if hard > 21:
                raise HandError(f"the hand {','.join(RANKS[r] for r in ranks)} is bust ({hard})")
            raise HandError(f"the hand has {len(ranks)} cards; these rules stand at "
                            f"{self.rules.max_hand_cards}")
        values = self._values(up_value)
        self._check_dealable(values, node)
        blackjack = values.blackjack[node]
        natural = len(ranks) == 2 and sorted(composition)[-1] == 1 and composition[0] == 1 and composition[9] == 1
        if natural:
            joint = {"stand": self.ar.convert(self.settlement.natural_payout()) * (1 - blackjack)}
        else:
            split_key = pair_state(self.shoe, self.rules, up_rank, ranks) if len(ranks) == 2 else None
            joint = self._actions(values, node, split_key)
        return {a: self.ar.output(self._report(v, blackjack, natural)) for a, v in joint.items()}

    @property
    def hand_values_conditioned(self) -> bool:
        """Whether :meth:`hand` values are conditioned on no dealer blackjack.

        True in a peek game where every decision comes after the peek.  With early
        surrender the surrender is decided before the peek, so it can only be compared
        with the other actions unconditionally: then, as in ENHC games, every value is
        unconditional (dealer blackjack losses included; under 2-9 the two coincide).

        >>> Calculator(Rules()).hand_values_conditioned, Calculator(Rules(surrender="early")).hand_values_conditioned
        (True, False)
        """
        return self.rules.hole_card == "peek" and self.rules.surrender != "early"

    def _report(self, joint: Any, blackjack: Any, natural: bool = False) -> Any:
        """A joint value (see :mod:`bjcalc.settlement`) on the basis :attr:`hand_values_conditioned` says.

        A natural's joint value already holds its dealer-blackjack case (a push), so no
        round loss is charged to it."""
        if self.hand_values_conditioned:
            return joint / (1 - blackjack) if blackjack != 1 else joint
        return joint if natural else joint + self._round_blackjack_term(blackjack)

    def dealer(self, up: RankLike, peeked: bool = False) -> pd.Series:
        """The dealer's final-outcome probabilities (17-21, blackjack, bust) for an up card.

        The shoe loses only the up card.  ``peeked=True`` conditions on no dealer
        blackjack (what a peek game's players see).  Bust totals 22-26 are in the
        Series' ``bust_totals`` attribute (``.attrs``).

        >>> round(float(Calculator(Rules(decks=1)).dealer(6)["bust"]), 6)
        0.420823
        """
        if not isinstance(peeked, bool):
            raise HandError(f"peeked must be True or False, not {peeked!r}")
        up_value = self._up(up)
        self.shoe.remove(up)
        row = self.dealer_engine.probabilities(up_value, np.zeros((1, 10), dtype=np.int64))[0]
        bust = row[5:10].sum()
        if peeked and row[BLACKJACK] == 1:
            raise HandError("the dealer always has blackjack with this shoe; nothing to condition on")
        # Divide by the total of the parts reported (exactly 1, or 1 - P(blackjack) when peeked):
        # in floats a sum of path probabilities can round above 1 (1.0000000000000002 for a 4 up
        # on {A:4, 9, 4}); a part divided by a total it belongs to never does.
        kept = row[:5].sum() + bust + (0 * row[BLACKJACK] if peeked else row[BLACKJACK])
        row, bust = row / kept, bust / kept
        if peeked:
            row[BLACKJACK] = 0 * row[BLACKJACK]
        out = [self.ar.output(v) for v in row[:5]] + [self.ar.output(row[BLACKJACK]), self.ar.output(bust)]
        series = pd.Series(out, index=["17", "18", "19", "20", "21", "blackjack", "bust"],
                           name=f"dealer {RANKS[rank_index(up)]}")
        series.attrs["bust_totals"] = {OUTCOMES[i]: self.ar.output(row[i]) for i in range(5, 10)}
        series.attrs["assumptions"] = str(self.assumptions())
        return series

    def insurance(self, cards: Union[str, Iterable[RankLike]], up: RankLike = "A") -> Any:
        """EV of taking insurance (half the bet, pays 2:1) with this hand, per unit initial bet.

        >>> round(Calculator(Rules(decks=1)).insurance("T,T", "A"), 6)
        -0.071429
        """
        ranks = parse_cards(cards)
        if len(ranks) != 2:
            raise HandError(f"insurance is taken on the first two cards; give two cards, not {len(ranks)}")
        if RANK_VALUE[rank_index(up)] != 1:
            raise HandError("insurance is offered only against an ace up card")
        counts = self.shoe.remove(up, *(RANKS[r] for r in ranks)).value_counts()
        if sum(counts) == 0:
            raise ShoeError("the shoe has no card left for the dealer's hole card; use a larger shoe")
        p = Fraction(counts[9], sum(counts))   # the infinite deck keeps one deck's proportions
        return self.ar.output(self.ar.convert(Fraction(1, 2) * (3 * p - 1)))

    def chart(self, strategy: str = "TD", **options: Any) -> Any:
        """The basic strategy chart of this game (see :func:`bjcalc.charts.chart`)."""
        from .charts import chart   # charts builds on this module

        return chart(self, strategy, **options)

    def ev_table(self) -> Any:
        """EV of every action of every two-card hand against every up card (:func:`bjcalc.charts.ev_table`)."""
        from .charts import ev_table

        return ev_table(self)

    def game(self, strategy: str = "CD", progress: Optional[Callable[..., Iterable]] = None) -> "GameResult":
        """EV of one round dealt from the full shoe, with CD or TD play.

        ``progress`` may wrap the loop over up cards (``progress(iterable, total=10)``,
        a :class:`bjcalc.progress.Progress` for instance): worth it for optimal splits and
        exact games, which take minutes.

        >>> result = Calculator(Rules(decks=6)).game()
        >>> round(result.ev, 5)
        -0.00403
        """
        if strategy not in STRATEGIES:
            raise StrategyError(f"strategy must be 'CD' or 'TD', not {strategy!r}")
        if strategy == "TD":
            from .strategy import total_dependent_game
            return total_dependent_game(self, progress=progress)
        deals = deal_probabilities(self.shoe, self.rules)
        if self.split_strategy == "optimal" and self.exact and not self.shoe.is_infinite and self.rules.splits:
            check_exact_game_size(self.rules, self.settlement, self.dealer_engine,
                                  sorted({(up, hand[0]) for up in deals for (hand, key), _ in deals[up].items()
                                          if hand[0] == hand[1] and key is not None}),
                                  self.engine.space.max_cards)
        rounds = {}
        for up in (progress or (lambda ups, total: ups))(range(1, 11), total=10):
            values = self._values(up)
            for (hand, split_key), _ in deals[up].items():
                rounds[(up, hand, split_key)] = self._round_value(values, hand, split_key)
        return GameResult.build(self, deals, rounds, strategy)

    def _round_value(self, values: UpcardValues, hand: tuple[int, int], split_key: Any) -> Any:
        """Joint EV of a round with this initial hand (CD play)."""
        node = values.nodes.node(composition_of(hand), UNSPLIT)
        self._check_dealable(values, node)
        blackjack = values.blackjack[node]
        if sorted(hand) == [1, 10]:
            return self.ar.convert(self.settlement.natural_payout()) * (1 - blackjack)
        actions = self._actions(values, node, split_key)
        return max(actions.values()) + self._round_blackjack_term(blackjack)


def dealer_procedure(rules: Rules, shoe: Shoe) -> StandardDealer:
    """The dealer's procedure for these rules (Burn 20's redraw, or the standard dealer)."""
    if not rules.burn_20:
        return StandardDealer(rules.dealer_hits_soft_17)
    from .burn20 import Burn20Dealer

    return Burn20Dealer(rules.dealer_hits_soft_17, burn20_share(shoe))


def burn20_share(shoe: Shoe) -> Fraction:
    """Chance that an ace in the hole under a ten shares the ten's suit, for a suit-blind player.

    The up card is a ten of suit s with chance t_s/T and a hole ace is of suit s with
    chance a_s/A (t, a: tens and aces by suit before the round), whatever else is drawn,
    so the share is sum(t_s a_s)/(T A); the dealer's outcomes are linear in it, so the
    mixture over the up card's suit is exact.  1/4 for whole decks and the infinite deck.

    >>> burn20_share(Shoe.decks(6)), burn20_share(Shoe.from_cards(["KS", "TH", "AS", "AD"]))
    (Fraction(1, 4), Fraction(1, 4))
    """
    if shoe.is_infinite:
        return Fraction(1, 4)
    if shoe.suit_counts is None:
        raise ShoeError("Burn 20 needs the suits of the aces and tens: build the shoe with Shoe.decks(n) "
                        "or Shoe.from_cards([...])")
    aces = shoe.suit_counts[0]
    tens = [sum(shoe.suit_counts[r][s] for r in range(9, 13)) for s in range(4)]
    if sum(aces) == 0 or sum(tens) == 0:
        return Fraction(1, 4)      # no ace or no ten: the share never matters
    return Fraction(sum(t * a for t, a in zip(tens, aces)), sum(tens) * sum(aces))


def pair_state(shoe: Shoe, rules: Rules, up_rank: int, ranks: Sequence[int]) -> Any:
    """What splitting needs to know about a two-card hand (rank indices).

    None when it is not a pair the rules let split (two ten-values of different
    ranks under ``split_tens_by_rank``, or no splitting); otherwise how many cards
    of the pair's rank (of its value, where any two of that value split) are left
    besides the up card and one card of the pair, or for the infinite deck the
    share of the value's cards that have the pair's rank, as a Fraction.
    """
    a, b = ranks
    if not rules.splits or RANK_VALUE[a] != RANK_VALUE[b]:
        return None
    by_rank = rules.split_tens_by_rank and RANK_VALUE[a] == 10
    if by_rank and a != b:
        return None
    if shoe.is_infinite:
        return Fraction(1, 4) if by_rank else Fraction(1)
    if by_rank:
        count = shoe.rank_counts[a] - (up_rank == a)
    else:
        count = shoe.value_counts()[RANK_VALUE[a] - 1] - (RANK_VALUE[up_rank] == RANK_VALUE[a])
    return count - 1


def deal_probabilities(shoe: Shoe, rules: Rules) -> dict[int, dict[tuple[tuple[int, int], Any], Fraction]]:
    """Exact probability of each deal: up value -> {(player values, :func:`pair_state`): p}."""
    counts = list(shoe.rank_counts)
    total = sum(counts)
    if not shoe.is_infinite and total < 3:
        raise ShoeError(f"the shoe has {total} card{'s' if total != 1 else ''}; a round needs at least 3")
    deals: dict[int, dict[tuple[tuple[int, int], Any], Fraction]] = {v: {} for v in range(1, 11)}
    for u in range(13):
        for a in range(13):
            for b in range(13):
                if shoe.is_infinite:
                    p = Fraction(counts[u] * counts[a] * counts[b], total ** 3)
                else:
                    left = counts.copy()
                    p = Fraction(1)
                    remaining = total
                    for card in (u, a, b):
                        p *= Fraction(left[card], remaining)
                        left[card] -= 1
                        remaining -= 1
                if p <= 0:
                    continue
                key = (tuple(sorted((RANK_VALUE[a], RANK_VALUE[b]))), pair_state(shoe, rules, u, (a, b)))
                table = deals[RANK_VALUE[u]]
                table[key] = table.get(key, Fraction(0)) + p
    return deals


@dataclass
class GameResult:
    """A whole-game EV with its breakdown by up card and the assumptions behind it."""

    ev: Any
    by_upcard: pd.Series
    upcard_probability: pd.Series
    assumptions: Assumptions
    exact: bool
    strategy: Optional[Any] = None   # the TD strategy (a chart), for strategy="TD"

    @classmethod
    def build(cls, calc: Calculator, deals: dict, rounds: dict, strategy_name: str,
              **extra: Any) -> "GameResult":
        ar = calc.ar
        total = ar.scalar(0)
        by_up, prob_up = {}, {}
        for up in range(1, 11):
            p_up = ar.scalar(0)
            contribution = ar.scalar(0)
            for (hand, split_key), p in deals[up].items():
                p = ar.convert(p)
                p_up = p_up + p
                contribution = contribution + p * rounds[(up, hand, split_key)]
            if p_up == 0:
                continue
            label = "A" if up == 1 else ("T" if up == 10 else str(up))
            by_up[label] = ar.output(contribution / p_up)
            prob_up[label] = ar.output(p_up)
            total = total + contribution
        order = [k for k in ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"] if k in by_up]
        return cls(ev=ar.output(total),
                   by_upcard=pd.Series([by_up[k] for k in order], index=order, name="EV given up card"),
                   upcard_probability=pd.Series([prob_up[k] for k in order], index=order,
                                                name="P(up card)"),
                   assumptions=calc.assumptions(strategy_name), exact=calc.exact, **extra)

    @property
    def house_edge(self) -> Any:
        """``-ev``, the casino's expected win per unit initial bet."""
        return -self.ev

    def table(self) -> pd.DataFrame:
        """By up card: its probability, the EV given it, and its contribution to the game EV."""
        frame = pd.DataFrame({"P(up)": self.upcard_probability, "EV": self.by_upcard})
        frame["contribution"] = frame["P(up)"] * frame["EV"]
        return frame

    def edge_text(self) -> str:
        """The edge in words: ``house edge X %``, or ``player edge X %`` when the game favours the player.

        >>> Calculator(Rules(decks=1, max_split_hands=2)).game().edge_text()
        'player edge 0.153120 %'
        """
        percent = float(self.ev) * 100
        return f"player edge {percent:.6f} %" if percent > 0 else f"house edge {-percent:.6f} %"

    def __str__(self) -> str:
        """The EV, the edge and the assumptions, wrapped to 80 columns."""
        import textwrap

        lines = [f"EV {float(self.ev) * 100:+.6f} %  ({self.edge_text()})"]
        if self.exact:
            lines.append(f"exact EV = {self.ev}")
        lines += self.assumptions.lines()
        return "\n".join(wrapped for line in lines
                         for wrapped in textwrap.wrap(line, 80, subsequent_indent="  ", break_on_hyphens=False))

    def _repr_html_(self) -> str:
        head = "".join(f"<li>{line}</li>" for line in self.assumptions.lines())
        return (f"<p><b>EV {float(self.ev) * 100:+.6f} %</b> ({self.edge_text()})</p>"
                f"<ul>{head}</ul>" + self.table().to_html(float_format=lambda x: f"{x:.6f}"))
