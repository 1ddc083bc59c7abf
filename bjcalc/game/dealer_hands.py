"""Games valued dealer hand by dealer hand: variants that show both dealer cards before the
player acts (Double Exposure), as a pass over the round.

Once the dealer's two cards ``u`` and ``h`` are known the round is an ordinary round dealt from
the shoe less those two cards, against a dealer whose hand starts from both (the variant's
dealer and settlement, given the hole card by :meth:`~bjcalc.game.variant.Variant.with_hole`).
A calculator whose rules fix the hole card values that round up card by up card, on the shoe
less the hole card.  The whole game weighs those rounds by the chance of the hole card:

    EV = sum over h of P(h) * sum over u of P(u | shoe less h) * EV(u, h),

exactly the mixture over the dealer's two cards, since the cards are exchangeable (the
player's cards come from the shoe less the dealer's, whatever the order of the deal).  The
round depends on the dealer's two cards, not on which is up: ``EV(u, h) = EV(h, u)``, so each
unordered dealer hand is valued once (for ``u <= h``), weighted twice when ``u != h``.  A
dealer natural ends the round before the player acts: a player natural gets the variant's
tie payoff (:meth:`~bjcalc.game.variant.Variant.natural_tie`), every other hand loses 1.

TD play decides by the hand's total against the dealer's *hand*: its hard total (5-19), its
soft total (an ace and a 2-9) or its pair, the chart's columns (:data:`DEALER_HANDS`).  Each
column's entries are chosen on every pair of dealer cards that makes it at once
(:class:`~bjcalc.game.strategy.JointSearch`, each pair weighed by its chance), and the chart's
EV is each pair's exact EV under it, weighed.

>>> from bjcalc.game.variants import VARIANTS
>>> from bjcalc.game.calculator import Calculator
>>> rules = VARIANTS["double_exposure"].rules(decks=1, max_split_hands=2)
>>> round(float(Calculator(rules).game().house_edge), 6)
0.005403
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, NamedTuple, Optional, Sequence

from ..core.cards import RANKS
from ..core.errors import StrategyError
from ..core.outcomes import is_natural
from ..engine.hands import composition_of
from .rounds import GameResult, strategy_name
from .strategy import JointSearch, TotalDependentStrategy, UpcardEvaluator, is_chart

__all__ = ["dealer_hand_game", "situations", "Situation", "DEALER_HANDS", "DEALER_HAND_COLUMNS", "dealer_hand",
           "DealerHandStrategy", "CARD_LABELS"]

CARD_LABELS = RANKS[:10]
"""Card values 1-10 as the chart and the ``hole`` option name them."""

DEALER_HANDS = tuple([f"hard {t}" for t in range(5, 20)] + [f"soft {t}" for t in range(13, 21)]
                     + [f"{c},{c}" for c in "23456789T"] + ["A,A"])
"""The columns of a chart by the dealer's hand: its two cards as a hard total (5-19), a soft
total (13-20, an ace and a 2-9) or a pair."""

DEALER_HAND_COLUMNS = {label: (label[5:] if label.startswith("hard") else
                              f"A{int(label[5:]) - 11}" if label.startswith("soft") else label.replace(",", ""))
                       for label in DEALER_HANDS}
"""Each dealer hand's column head in the chart: ``16`` (hard 16), ``A6`` (soft 17), ``88`` (a pair)."""


def dealer_hand(up: int, hole: int) -> str:
    """The chart column of the dealer's two cards (values; not a natural).

    >>> dealer_hand(10, 6), dealer_hand(1, 6), dealer_hand(8, 8), dealer_hand(1, 1)
    ('hard 16', 'soft 17', '8,8', 'A,A')
    """
    if up == hole:
        return f"{CARD_LABELS[up - 1]},{CARD_LABELS[up - 1]}"
    if 1 in (up, hole):
        return f"soft {11 + up + hole - 1}"
    return f"hard {up + hole}"


class DealerHandStrategy(TotalDependentStrategy):
    """A TD strategy by the dealer's hand: a :data:`DEALER_HANDS` label ->
    :class:`~bjcalc.game.strategy.UpcardStrategy`, with its chart (the codes and rows of
    :class:`~bjcalc.game.strategy.TotalDependentStrategy`, a column per dealer hand)."""

    def columns(self) -> tuple[list[Any], list[str]]:
        """The dealer's hands the shoe deals (:data:`DEALER_HANDS`), headed as :data:`DEALER_HAND_COLUMNS`
        (``16``, ``A6``, ``88``)."""
        keys = [label for label in DEALER_HANDS if label in self]
        return keys, [DEALER_HAND_COLUMNS[label] for label in keys]


def dealer_hand_game(calc: Any, strategy: Any = "CD", progress: Optional[Callable[..., Iterable]] = None) -> GameResult:
    """EV of a game whose dealer hand is seen (CD or TD play), as
    :meth:`~bjcalc.game.calculator.Calculator.game` gives it: by up card, the TD strategy a
    :class:`DealerHandStrategy`.  ``progress`` wraps the loop over hole cards."""
    variant = calc.variant
    if is_chart(strategy):
        raise StrategyError(f"{variant.title}'s chart is by the dealer's hand: a chart by up card does not apply; "
                            f"use strategy 'CD' or 'TD'")
    name = strategy_name(strategy)
    if name == "TD":
        variant.check_analysis("TD play")
    ar = calc.ar
    tie = ar.convert(variant.natural_tie(calc.rules))
    by_up: dict[int, Any] = {}
    p_up: dict[int, Any] = {}

    def add(seen: Situation, values: Sequence[Any]) -> None:
        contribution = sum((ar.convert(p) * value for p, value in zip(seen.deals.values(), values)), ar.scalar(0))
        p = sum((ar.convert(p) for p in seen.deals.values()), ar.scalar(0))
        # the dealer's hand {up, hole} as (up, hole) and, where it stands for both orders, as (hole, up)
        for card in (seen.up, seen.hole) if seen.mirrored else (seen.up,):
            by_up[card] = by_up.get(card, ar.scalar(0)) + seen.weight * contribution
            p_up[card] = p_up.get(card, ar.scalar(0)) + seen.weight * p

    columns: dict[str, list[Situation]] = {}
    for seen in situations(calc, progress):
        if is_natural(composition_of((seen.up, seen.hole))):
            add(seen, [tie if is_natural(composition_of(hand)) else ar.scalar(-1) for hand, _ in seen.deals])
        elif name == "CD":
            add(seen, seen.calc.round.deal_values(seen.calc.round.upcard(seen.up), list(seen.deals)))
        else:
            columns.setdefault(dealer_hand(seen.up, seen.hole), []).append(seen)
    found = DealerHandStrategy()
    for label in sorted(columns, key=DEALER_HANDS.index):
        members = [UpcardEvaluator(seen.calc, seen.up, seen.deals) for seen in columns[label]]
        weights = [2 * seen.weight if seen.mirrored else seen.weight for seen in columns[label]]
        found[label] = JointSearch(members, weights).search(label)
        for member, seen in zip(members, columns[label]):
            rounds = member.rounds(found[label])
            add(seen, [rounds[key] for key in seen.deals])
    labels = {up: CARD_LABELS[up - 1] for up in by_up}
    order = sorted(by_up, key=lambda up: (up == 1, up))
    return GameResult(ev=ar.output(sum(by_up.values(), ar.scalar(0))),
                      _ev_by_up={labels[u]: ar.output(by_up[u] / p_up[u]) for u in order},
                      _p_up={labels[u]: ar.output(p_up[u]) for u in order},
                      assumptions=calc.assumptions(name), exact=calc.exact, strategy_name=name,
                      strategy=found if name == "TD" else None)


class Situation(NamedTuple):
    """One dealer hand a game deals: its up and hole card values, the chance ``weight`` of the
    hole card (1 where the rules fix it), whether it also stands for the hand with the two cards
    the other way round (``mirrored``: valued once for both), the calculator on the shoe less the
    hole card, and the deals against the up card (:meth:`~bjcalc.game.rounds.Round.deals`)."""

    up: int
    hole: int
    weight: Any
    mirrored: bool
    calc: Any
    deals: dict


def situations(calc: Any, progress: Optional[Callable[..., Iterable]] = None) -> list[Situation]:
    """Every dealer hand the game deals, as :class:`Situation` objects: with the hole card fixed by
    the rules, the up cards against it; otherwise each hand {up, hole} once, ``up <= hole``,
    weighted by the hole card's chance and mirrored where the two differ.

    >>> from bjcalc.game.variants import VARIANTS
    >>> from bjcalc.game.calculator import Calculator
    >>> seen = situations(Calculator(VARIANTS["double_exposure"].rules(decks=1, max_split_hands=2)))
    >>> len(seen), [(s.up, s.hole, s.mirrored) for s in seen][:3]
    (55, [(1, 1, False), (1, 2, True), (2, 2, False)])
    """
    variant, ar = calc.variant, calc.ar
    counts = calc.shoe.value_counts()
    given = variant.seen_hole(calc.rules)     # (a shoe without it made no calculator: the variant's dealt_shoe)
    holes = [given] if given is not None else [h for h in range(1, 11) if counts[h - 1] > 0]
    total_cards = sum(counts)
    out = []
    for hole in (progress or (lambda holes, total: holes))(holes, total=len(holes)):
        if given is not None:
            sub, weight = calc, ar.scalar(1)
        else:       # (the calculator's own class: this module sits below it)
            sub = type(calc)(variant.with_hole(calc.rules, hole), calc.shoe, calc.split_strategy, calc.exact,
                             lean=True)
            weight = ar.scalar(counts[hole - 1], total_cards)
        deals = sub.round.deals()
        for up in range(1, 11):
            if deals[up] and (given is not None or up <= hole):
                out.append(Situation(up, hole, weight, given is None and up != hole, sub, deals[up]))
    return out
