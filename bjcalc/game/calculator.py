"""The user-facing calculator: hands, whole games, the dealer and insurance.

>>> calc = Calculator(Rules(decks=1), exact=True)
>>> calc.hand("T,6", 10)["stand"] < calc.hand("T,6", 10)["hit"]
True
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Iterable, Optional, Union

import numpy as np

from ..core.actions import PostSplitStrategy
from ..core.arithmetic import Arithmetic, Value, arithmetic_of
from ..core.cards import RANK_VALUE, RANKS, RankLike, Shoe, parse_cards, rank_index
from ..core.errors import HandError, RulesError, ShoeError, StrategyError, TooLargeError
from ..core.words import rule
from ..core.outcomes import BLACKJACK, OUTCOMES, is_natural
from ..core.wagers import insurance_value
from ..core.rules import Rules
from ..engine.hands import UNSPLIT, composition_of
from ..engine.optimal import check_exact_game_size
from .distribution import RoundOutcomes, SizeRefusal, round_outcomes
from .moments import RoundMoments, round_moments
from .removal import effects_of_removal, play_on
from .dealer_hands import dealer_hand_game
from .switching import switch_game
from .variants import variant_of
from .rounds import (STRATEGIES, UP_LABELS, Assumptions, GameResult, HandValues, Round, deal_probabilities,
                     pair_state, strategy_name)

if TYPE_CHECKING:      # pandas is imported where a table is asked for: it is slow to import
    import os

    import pandas as pd

    from .hand_outcomes import HandOutcomes
    from .strategy import TotalDependentStrategy

__all__ = ["Calculator", "GameResult", "HandValues",
           "Assumptions", "ACTIONS", "STRATEGIES", "UP_LABELS", "deal_probabilities",
           "pair_state"]

ACTIONS = ("stand", "hit", "double", "split", "surrender")
_DEFAULT_DECKS = Rules.__dataclass_fields__["decks"].default


def _rules_for(rules: Rules, shoe: Shoe, warn: bool = True) -> Rules:
    """``rules`` with the deck count of ``shoe`` where it is whole decks (see :class:`Calculator`)."""
    decks = shoe.whole_decks(**rules.shoe_detail)
    if decks is None or decks == rules.decks:
        return rules
    if warn and rules.decks != _DEFAULT_DECKS:
        warnings.warn(f"Rules(decks={rules.decks}) and a shoe of {shoe.describe()} disagree: the calculator "
                      f"deals the shoe, and its rules say so (calc.rules.decks is {decks})", UserWarning, stacklevel=3)
    return rules.replace(decks=decks)


class _OneBar:
    """A ``progress`` over the up cards (``progress(range(1, 11), total=10)``) that two loops over
    them share, the second (the moments replacing a refused distribution) counting only the up
    cards the first did not reach: one count, never past its total.

    >>> seen = []
    >>> bar = _OneBar(lambda ups, total: (seen.append(up) or up for up in ups))
    >>> list(bar(range(1, 4), total=10)), list(bar(range(1, 11), total=10)), bar.close(), seen == list(range(1, 11))
    ([1, 2, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], None, True)
    """

    def __init__(self, progress: Optional[Callable[..., Iterable]]):
        self._bar = None if progress is None else iter(progress(range(1, 11), total=10))
        self._counted = 0

    def __call__(self, ups: Iterable[int], total: Optional[int] = None, desc: str = "") -> Iterable[int]:
        for n, up in enumerate(ups, 1):
            if self._bar is not None and n > self._counted:
                self._counted = n
                next(self._bar, None)      # (the bar's up card n: its count of n - 1 done)
            yield up
        if self._bar is not None and self._counted == 10:
            next(self._bar, None)          # (the last counted: the bar ends)
            self._counted = 11

    def close(self) -> None:
        """End the bar (where a loop was refused before its end)."""
        close = getattr(self._bar, "close", None)
        if close is not None:
            close()


class Calculator:
    """Exact expected values for one rule set and one shoe.

    Args:
        rules: the game's :class:`~bjcalc.core.rules.Rules`.
        shoe: the cards to deal from; default ``rules.decks`` decks of the variant's kind
            (``Shoe.decks(rules.decks)`` but for a variant dealt from Spanish decks).  Anything
            :meth:`Shoe.of <bjcalc.core.cards.Shoe.of>` reads: a :class:`~bjcalc.core.cards.Shoe`,
            the command line's text (``"A:4,T:16"``), a dict of rank to count, a list of counts,
            a number of decks.  The shoe decides the deck count: where it is whole decks (or the
            infinite deck), :attr:`rules` is ``rules`` with the shoe's ``decks`` (a warning says
            so when ``rules`` named another count than the default 6), so that nothing the
            calculator states contradicts what it computes; a custom or depleted shoe leaves
            ``rules`` as given (its results read "custom shoe").
        split_strategy: post-split strategy, ``"CDZ-"``, ``"CDP1"``, ``"CDP"`` or ``"optimal"``
            (one split, every decision using every card seen; see :mod:`bjcalc.engine.optimal`).
        exact: exact rationals (``sympy.Rational`` results) instead of floats.
        reuse: a calculator of the same rules (but for decks), post-split strategy and arithmetic on a shoe with
            at least these cards: its dealer trees and hand nodes serve this one, which then
            costs little to build (what valuing many depleted shoes of one game wants: the shoe
            simulator, effects of removal).  Every value is the same as without it in exact mode,
            and in floats up to rounding (the larger shoe's dealer trees group the dealer's sums
            differently: the two agree to about 1e-16).
        lean: keep only what one pass over the up cards needs, for the lowest peak memory: the
            engine keeps no dealer rows of its hands, and only the last up card's values
            (its rows' ``keep``, ``keep_values``).  The
            numbers are the same; a second game, chart or :meth:`hand` against another up card
            evaluates its up cards again.  The command line's one-game commands run lean (a
            6-deck game with resplits to 4 hands peaks at about 65 MiB, against about 110).
            Lending rows to depleted shoes (effects of removal, ``count``, :meth:`play_on` on
            another shoe) turns keeping back on: they read the full shoe's rows and values again.
            ``lean="rows"`` keeps every up card's values but no dealer rows (what a command
            that reads the values again, but never the rows, wants).

    >>> calc = Calculator(Rules(decks=6))
    >>> round(calc.hand("8,8", 10)["split"], 4)
    -0.4749
    >>> left = calc.shoe.remove("A", "A", "A", "A", "A")
    >>> abs(Calculator(Rules(decks=6), left, reuse=calc).game().ev - Calculator(Rules(decks=6), left).game().ev) < 1e-15
    True
    """

    def __init__(self, rules: Rules, shoe: Union[Shoe, str, int, float, Mapping, Sequence[int], None] = None,
                 split_strategy: Union[str, PostSplitStrategy] = PostSplitStrategy.CDZ,
                 exact: bool = False, *, reuse: Optional["Calculator"] = None, lean: Union[bool, str] = False):
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a bjcalc.Rules, not {type(rules).__name__}")
        if not (isinstance(lean, bool) or lean == "rows"):     # (before the engines, which take a while to build)
            raise RulesError(f"lean must be True, False or 'rows' (keep values, not dealer rows), not {lean!r}")
        shoe = variant_of(rules).shoe(rules) if shoe is None else Shoe.of(shoe)
        rules = _rules_for(rules, shoe)
        self.ar: Arithmetic = arithmetic_of(exact)
        self.rules = rules
        self.shoe = shoe
        self.exact = exact
        if reuse is not None and not isinstance(reuse, Calculator):
            raise ShoeError(f"reuse must be a bjcalc.Calculator, not {type(reuse).__name__}")
        self.round: Round = Round(rules, shoe, split_strategy, self.ar, reuse.round if reuse is not None else None)
        self.split_strategy = self.round.split_strategy
        self.variant = self.round.variant
        # the engines, for callers that evaluate many hands at once
        self.settlement = self.round.settlement
        self.dealer_engine = self.round.dealer_engine
        self.engine = self.round.engine
        for engine in self.round.engines.values():      # (the one memory policy, every chip's engine)
            engine.rows.keep = not lean
            engine.keep_values = lean is not True
        self._stated: dict[str, Assumptions] = {}      # assumptions() by strategy (a chart asks per hand)

    # -- assumptions ------------------------------------------------------------------------
    def assumptions(self, strategy: str = "CD") -> Assumptions:
        """What every result of this calculator depends on; ``conditioning`` says which basis
        :meth:`hand` values are on (see :attr:`hand_values_conditioned`).

        >>> Calculator(Rules(surrender="early")).assumptions().conditioning.split(":")[0]
        'per unit initial bet, unconditional (dealer blackjack losses included)'
        """
        stated = self._stated.get(strategy)
        if stated is not None:       # (made once: nothing they depend on changes)
            return stated
        strategy = strategy_name(strategy)
        if self.hand_values_conditioned:
            conditioning = ("per unit initial bet; hand values conditioned on no dealer blackjack (peek), "
                            "game values unconditional")
        elif self.settlement.peeks:
            conditioning = ("per unit initial bet, unconditional (dealer blackjack losses included): "
                            "early surrender precedes the peek")
        else:
            conditioning = "per unit initial bet, unconditional (dealer blackjack losses included)"
        conditioning = self.variant.conditioning_words(self.rules) or conditioning
        shoe = self.shoe.describe() if self.round.shoe is self.shoe else \
            f"{self.shoe.describe()}, less {self.variant.cards_seen(self.rules)}: {self.round.shoe.total} cards"
        if (suited := self.round.suited_natural_words) is not None:
            shoe = f"{shoe}; {suited}"
        stated = self._stated[strategy] = Assumptions(
            rules=self.rules.describe(self.shoe) + (f"; {free}" if (free := self.variant.free_actions(self.rules))
                                                    else ""), shoe=shoe,
            strategy=self.variant.strategy_words(strategy) or {
                "CD": "composition-dependent (CD): every decision uses the hand's exact cards",
                "TD": "total-dependent (TD) basic strategy: decisions by total, softness and pair"}[strategy],
            split_strategy=("no splitting" if not self.rules.splits else
                            "TD: split hands follow the same total-dependent chart" if strategy == "TD"
                            else "optimal: one split, every decision uses every card seen in the round"
                            if self.split_strategy == PostSplitStrategy.OPTIMAL else self.split_strategy),
            conditioning=conditioning,
            arithmetic="exact rationals" if self.exact else "floating point")
        return stated

    def _up(self, up: RankLike) -> int:
        return RANK_VALUE[rank_index(up)]

    def _check_deal(self, ranks: list[int]) -> None:
        """Refuse cards (rank indices) the shoe cannot deal, counted as the game sees them: by value
        (a K is any ten-value card) unless the rules split tens by rank."""
        by_rank = self.rules.split_tens_by_rank

        def held(cards: list[int]) -> bool:
            return self.round.shoe.holds(Shoe.from_cards([RANKS[r] for r in cards]), ranks=by_rank)

        if held(ranks):     # (the infinite deck holds every shoe)
            return
        kind = (lambda r: r) if by_rank else (lambda r: RANK_VALUE[r])
        rank = next(r for r in ranks if not held([other for other in ranks if kind(other) == kind(r)]))
        name = RANKS[rank] if by_rank or RANK_VALUE[rank] != 10 else "ten-value card"
        raise HandError(f"the shoe has no {name} left to deal (cards asked for: {', '.join(RANKS[r] for r in ranks)})")

    def __repr__(self) -> str:
        """The rules, the shoe and the strategy settings, as they would be written.

        >>> Calculator(Rules(decks=1, surrender="late"))
        Calculator(Rules(decks=1, surrender='late'), shoe=Shoe.decks(1), split_strategy='CDZ-')
        """
        extra = (", exact=True" if self.exact else "") + ("" if self.engine.keep_values else ", lean=True")
        return (f"Calculator({self.rules!r}, shoe={self.shoe!r}, split_strategy={str(self.split_strategy)!r}"
                f"{extra})")

    # -- public API ------------------------------------------------------------------------------
    def hand(self, cards: Union[str, Iterable[RankLike]], up: RankLike) -> HandValues:
        """EV of each allowed action for a hand against an up card, per unit initial bet: a
        :class:`~bjcalc.game.rounds.HandValues`, the dict from action to value with the
        assumptions and the best action.

        Every value of a hand is on one basis, so the largest is the best play.  Peek
        games: conditioned on the dealer not having blackjack (which also shapes the
        player's own draws), except with early surrender, which is decided before the
        peek: then, as in ENHC games, unconditional, losses to a dealer blackjack
        included (:attr:`hand_values_conditioned`; ``assumptions().conditioning`` says
        it in words).  ``hit`` means hit, then play on optimally (hit/stand; and double or
        surrender after the hit where ``double_after_hit`` or ``surrender="any_time"`` allow,
        which a hand of three or more cards then lists too).

        >>> values = Calculator(Rules(decks=6)).hand("T,6", "T")
        >>> sorted(values), round(values["stand"], 4), values.best
        (['double', 'hit', 'stand'], -0.541, 'hit')
        """
        ranks = parse_cards(cards)
        up_rank = rank_index(up)
        self._check_deal([up_rank, *ranks])
        if len(ranks) < 2:
            raise HandError("a hand needs at least two cards (to value a split hand, ask for the pair)")
        up_value = RANK_VALUE[up_rank]
        self.variant.check_hand(self.rules, up_value)
        composition = composition_of(RANK_VALUE[r] for r in ranks)
        node = self.engine.nodes.find(composition, UNSPLIT)
        if node is None:
            hard = sum(RANK_VALUE[r] for r in ranks)
            if hard > 21:
                raise HandError(f"the hand {','.join(RANKS[r] for r in ranks)} is bust ({hard})")
            most = self.rules.most_hand_cards
            ends = "win (Charlie)" if most == self.rules.charlie else "stand"
            raise HandError(f"the hand has {len(ranks)} cards; under these rules a hand of {most} cards takes no "
                            f"more: its hands {ends} there")
        values = self.round.upcard(up_value)
        self.round.check_dealable(values, node)
        blackjack = values.blackjack[node]
        if self.hand_values_conditioned and blackjack == 1:     # (conditioning on what cannot happen)
            raise HandError(f"with these cards the dealer has blackjack for certain (the shoe's cards left under "
                            f"{RANKS[up_rank]} all make one): a value given no dealer blackjack does not exist")
        natural = is_natural(composition)
        if natural:
            joint = {"stand": self.round.natural_value(blackjack)}
        else:
            split_key = pair_state(self.round.shoe, self.rules, up_rank, ranks) if len(ranks) == 2 else None
            joint = self.round.actions(values, node, split_key)
        free = self.round.free_actions(self.engine.nodes, node) & set(joint)
        return HandValues({a: self.ar.output(self.round.report(v, blackjack, natural)) for a, v in joint.items()},
                          ",".join(RANKS[r] for r in ranks), RANKS[up_rank], self.assumptions(), free)

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
        return self.round.hand_values_conditioned

    def dealer(self, up: RankLike, peeked: bool = False) -> "pd.Series":
        """The dealer's final-outcome probabilities (17-21, blackjack, bust) for an up card.

        The shoe loses only the up card.  ``peeked=True`` conditions on no dealer
        blackjack (what a peek game's players see).  Bust totals 22-26 are in the
        Series' ``bust_totals`` attribute (``.attrs``).

        >>> round(float(Calculator(Rules(decks=1)).dealer(6)["bust"]), 6)
        0.420823
        """
        import pandas as pd

        if not isinstance(peeked, bool):
            raise HandError(f"peeked must be True or False, not {peeked!r}")
        up_value = self._up(up)
        self.variant.check_dealer(self.rules, up_value)      # (Double Exposure's dealer starts from two cards)
        self._check_deal([rank_index(up)])
        row = self.dealer_engine.probabilities(up_value, np.zeros((1, 10), dtype=np.int64))[0]
        if peeked and row[BLACKJACK] == 1:
            raise HandError("the dealer always has blackjack with this shoe; nothing to condition on")
        row, bust = self._dealer_final(row, peeked)
        out = [self.ar.output(v) for v in row[:5]] + [self.ar.output(row[BLACKJACK]), self.ar.output(bust)]
        series = pd.Series(out, index=["17", "18", "19", "20", "21", "blackjack", "bust"],
                           name=f"dealer {RANKS[rank_index(up)]}")
        series.attrs["bust_totals"] = {OUTCOMES[i]: self.ar.output(row[i]) for i in range(5, 10)}
        series.attrs["assumptions"] = str(self.assumptions())
        return series

    @staticmethod
    def _dealer_final(row: np.ndarray, peeked: bool) -> tuple[np.ndarray, Value]:
        """A dealer row (17-21, bust totals 22-26, blackjack) and its bust chance, divided by the
        total of the parts reported: exactly 1, or 1 - P(blackjack) when ``peeked`` (the blackjack
        then 0), which must be below 1.  In floats a sum of path probabilities can round above 1
        (1.0000000000000002 for an 8 up on {7:3, 8:3}); a part divided by a total it belongs to never does.

        >>> row, bust = Calculator._dealer_final(np.array([.1] * 5 + [.05] * 5 + [.25]), peeked=True)
        >>> round(float(bust), 6), float(row[BLACKJACK])
        (0.333333, 0.0)
        """
        bust = row[5:10].sum()
        kept = row[:5].sum() + bust + (0 * row[BLACKJACK] if peeked else row[BLACKJACK])
        row, bust = row / kept, bust / kept
        if peeked:
            row[BLACKJACK] = 0 * row[BLACKJACK]
        return row, bust

    def insurance(self, cards: Union[str, Iterable[RankLike]], up: RankLike = "A") -> Value:
        """EV of taking insurance (half the bet, pays 2:1) with this hand, per unit initial bet.

        >>> round(Calculator(Rules(decks=1)).insurance("T,T", "A"), 6)
        -0.071429
        """
        if self.variant.dealer_hand_seen:
            raise StrategyError(f"{self.variant.title} offers no insurance: both dealer cards are face up")
        ranks = parse_cards(cards)
        if len(ranks) != 2:
            raise HandError(f"insurance is taken on the first two cards; give two cards, not {len(ranks)}")
        if RANK_VALUE[rank_index(up)] != 1:
            raise HandError("insurance is offered only against an ace up card")
        self._check_deal([rank_index(up), *ranks])
        counts = self.shoe.remove(up, *(RANKS[r] for r in ranks)).value_counts()
        if sum(counts) == 0:
            raise ShoeError("the shoe has no card left for the dealer's hole card; use a larger shoe")
        p = Fraction(counts[9], sum(counts))   # the infinite deck keeps one deck's proportions
        return self.ar.output(self.ar.convert(insurance_value(p)))

    def play_on(self, shoe: Union[Shoe, str, Mapping, Sequence[int]], strategy: str = "CD") -> "GameResult":
        """The game result of this calculator's strategy, the one best for its own shoe (CD with
        its post-split strategy, or its TD chart), played unchanged on ``shoe`` (a depleted
        shoe, say): the "basic strategy EV" of a shoe, and the building block of fixed-play
        effects of removal.  See :func:`bjcalc.game.removal.play_on`.  ``shoe`` is anything
        :meth:`Shoe.of <bjcalc.core.cards.Shoe.of>` reads; it is a depleted shoe of this one when
        it holds no more cards of any value (of any rank where the rules split tens by rank).

        >>> calc = Calculator(Rules(decks=1))
        >>> round(float(calc.play_on(calc.shoe.remove("5")).ev - calc.game().ev) * 100, 4)
        0.7191
        """
        return play_on(self, self._depleted(Shoe.of(shoe)), strategy)

    def _depleted(self, shoe: Shoe) -> "Calculator":
        """A calculator of these rules on ``shoe``, reusing this one's engines where it can."""
        reuse = self if self.round.holds(shoe) else None
        rules = _rules_for(self.rules, shoe, warn=False)    # (a shoe of other whole decks: its rules, quietly)
        return Calculator(rules, shoe, self.split_strategy, self.exact, reuse=reuse)

    def effects_of_removal(self, play: str = "fixed", strategy: str = "CD") -> "pd.Series":
        """EV(shoe less one card of each value) - EV(shoe), per unit initial bet, for one round:
        a pandas Series indexed ``A``, ``2`` ... ``T`` with ``.full_ev``, ``.depleted_ev`` and
        ``.table()``.  ``play="fixed"`` keeps the full shoe's strategy (what counters use),
        ``"reoptimized"`` (or ``"reoptimised"``) plays each depleted shoe best.  The effects are
        per unit initial bet (``eor["5"]`` is 0.0072 for +0.72 %), as the notebook view shows
        them.  See :func:`bjcalc.game.removal.effects_of_removal`.

        >>> eor = Calculator(Rules(decks=1, max_split_hands=2)).effects_of_removal()
        >>> round(float(eor["5"]) * 100, 2), abs(float(eor.weighted_sum())) < 1e-15
        (0.71, True)
        """
        return effects_of_removal(self, self._depleted, play, strategy)

    def outcomes(self, strategy: str = "CD", insurance: str = "never",
                 progress: Optional[Callable[..., Iterable]] = None, *, require_pmf: bool = False) -> "RoundOutcomes":
        """The exact distribution of one round's net result (every split hand and double
        settled against the one dealer hand): ``.pmf``, ``.ev``, ``.sd``, ``.p_win``,
        ``.average_bet``, ``.element_of_risk`` ...  See :mod:`bjcalc.game.distribution`.
        ``progress`` may wrap the loop over up cards, as :meth:`game`'s.

        Where the whole distribution is too large to enumerate (resplits to 3 or 4 hands from
        real shoes: the default game's), the result holds this game's exact moments
        (:meth:`moments`) instead: ``.pmf`` and ``.p_win``, ``.p_push``, ``.p_loss`` are None,
        ``.complete`` is False and ``.note`` says so, and what gives them (splitting to two
        hands only, ``max_split_hands=2``); ``.ev``, ``.variance``, ``.sd``, ``.average_bet``
        and ``.element_of_risk`` are exact all the same.  ``require_pmf=True`` raises the
        :class:`~bjcalc.core.errors.TooLargeError` instead.

        >>> quarter_deck = Shoe.from_counts({**{rank: 1 for rank in "A23456789"}, "T": 4})
        >>> outcomes = Calculator(Rules(max_split_hands=2), shoe=quarter_deck, exact=True).outcomes()
        >>> sum(outcomes.pmf) == 1, outcomes.p_win + outcomes.p_push + outcomes.p_loss == 1
        (True, True)
        >>> resplit = Calculator(Rules(decks=1)).outcomes()
        >>> game = Calculator(Rules(decks=1)).game()
        >>> resplit.complete, resplit.pmf, round(resplit.sd, 4), abs(resplit.ev - game.ev) < 1e-15
        (False, None, 1.1594, True)
        """
        bar = _OneBar(progress)      # (one count of the up cards: the moments that replace a refused pmf go on with it)
        try:
            try:
                return round_outcomes(self, strategy, insurance, bar)
            except TooLargeError as refused:
                if require_pmf:
                    raise
                detail = refused.detail if isinstance(refused, SizeRefusal) else str(refused)
            moments = round_moments(self, strategy, insurance, bar)
        finally:
            bar.close()
        two = rule("max_split_hands", 2) + (f" and {rule('resplit_aces', False)}" if self.rules.resplit_aces else "")
        return RoundOutcomes.from_moments(moments, (
            f"this game's whole distribution is too large to enumerate: {detail}.  So there is no pmf and no "
            f"win/push/loss: those need {two} (the game splitting to two hands only, another game).  "
            f"The EV, SD, variance, average bet and element of risk are this game's own, exact, from its exact "
            f"moments (resplits included)"))

    def hand_outcomes(self, cards: Union[str, Iterable[RankLike]], up: RankLike) -> "HandOutcomes":
        """What a hand can end in, action by action, as :meth:`hand` values it: the probability
        of every net result (``.actions["hit"].p_win``, ``.p_push``, ``.p_loss``, ``.pmf``), the
        dealer's bust chance (``.dealer_bust``), and against an ace ``.insurance`` and, for a
        natural, ``.even_money`` against ``.natural_ev``.  On the values' basis (given no dealer
        blackjack in a peek game); an action it cannot follow is in ``.not_shown``, with why.
        See :mod:`bjcalc.game.hand_outcomes`.

        >>> stand = Calculator(Rules(decks=1), exact=True).hand_outcomes("T,7", 9).actions["stand"]
        >>> stand.p_win - stand.p_loss == Calculator(Rules(decks=1), exact=True).hand("T,7", 9)["stand"]
        True
        """
        from .hand_outcomes import hand_outcomes

        return hand_outcomes(self, cards, up)

    def moments(self, strategy: str = "CD", insurance: str = "never",
                progress: Optional[Callable[..., Iterable]] = None) -> RoundMoments:
        """The exact mean and variance of one round's net result (``.ev``, ``.sd``,
        ``.variance``, ``.average_bet``, ``.element_of_risk``), resplits included where the
        whole distribution (:meth:`outcomes`) is too large.  See :mod:`bjcalc.game.moments`.
        ``progress`` may wrap the loop over up cards, as :meth:`game`'s.

        >>> moments = Calculator(Rules(max_split_hands=4), shoe=Shoe.infinite()).moments()
        >>> round(moments.sd, 4)
        1.1538
        """
        return round_moments(self, strategy, insurance, progress)

    def game(self, strategy: Union[str, "os.PathLike[str]", "pd.DataFrame", "TotalDependentStrategy"] = "CD",
             progress: Optional[Callable[..., Iterable]] = None) -> "GameResult":
        """EV of one round dealt from the full shoe, with CD or TD play (``strategy`` in any case,
        or ``"basic"`` for TD), or with a chart played as written.

        A chart is a table in the form ``bjcalc chart`` writes (a pandas DataFrame: rows ``hard
        5``-``hard 21``, ``soft 13``-``soft 21`` and the pairs, columns ``2``-``9``, ``T``, ``A``,
        the codes of :mod:`bjcalc.analysis.codes`), the path of such a table as CSV
        (:class:`pathlib.Path`, or a str that names a ``.csv`` or an existing file: what
        ``bjcalc chart --format csv`` writes; :func:`~bjcalc.game.strategy.read_chart`), or a
        :class:`~bjcalc.game.strategy.TotalDependentStrategy`.  Its exact EV is that of the chart
        as written, split hands following it too; the result's assumptions name the chart, and
        its ``strategy`` is the strategy read.  The chart is checked before any work: a file
        that cannot be read, an unknown, missing or repeated row or column, a code a cell cannot
        take are a one-line :class:`~bjcalc.core.errors.StrategyError` naming them
        (:func:`~bjcalc.game.strategy.chart_strategy`).

        ``progress`` may wrap the loop over up cards (``progress(iterable, total=10)``,
        a :class:`bjcalc.core.progress.Progress` for instance): worth it for optimal splits and
        exact games, which take minutes.

        >>> result = Calculator(Rules(decks=6)).game()
        >>> round(result.ev, 5)
        -0.00403
        >>> calc = Calculator(Rules(decks=1, max_split_hands=2))
        >>> card = calc.game("TD").strategy.chart()
        >>> card.loc["hard 16", "T"] = "S"                  # a card that stands on 16 against a ten
        >>> mine = calc.game(card)
        >>> f"{float(calc.game('TD').ev - mine.ev):.4%}", mine.assumptions.strategy.split(":")[0]
        ('0.0341%', 'the chart given (a chart table), played as written')
        """
        from .strategy import chart_game, chart_play, is_chart, total_dependent_game

        if self.variant.dealer_hand_seen:
            return dealer_hand_game(self, strategy, progress)
        if self.variant.hands_dealt == 2:
            return switch_game(self, strategy, progress)
        if is_chart(strategy):
            return chart_game(self, *chart_play(strategy, self.rules), progress=progress)
        try:
            strategy = strategy_name(strategy)
        except StrategyError:
            raise StrategyError(f"strategy must be 'CD', 'TD' or a chart (a DataFrame, a TotalDependentStrategy, or "
                                f"the path of a CSV file as 'bjcalc chart --format csv' writes), not "
                                f"{strategy!r}") from None
        if strategy == "TD":
            return total_dependent_game(self, progress=progress)
        deals = self.round.deals()
        if (self.split_strategy == PostSplitStrategy.OPTIMAL and self.exact and not self.shoe.is_infinite
                and self.rules.splits):
            check_exact_game_size(self.rules, self.settlement, self.dealer_engine,
                                  sorted({(up, hand[0]) for up in deals for (hand, key), _ in deals[up].items()
                                          if hand[0] == hand[1] and key is not None}),
                                  self.engine.space.max_cards)
        rounds = {}
        for up in (progress or (lambda ups, total: ups))(range(1, 11), total=10):
            keys = list(deals[up])
            for (hand, split_key), value in zip(keys, self.round.deal_values(self.round.upcard(up), keys)):
                rounds[(up, hand, split_key)] = value
        return GameResult.build(self, deals, rounds, strategy)
