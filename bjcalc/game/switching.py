"""Games of two hands that may exchange their second cards (Blackjack Switch), as a pass over
the round.

The deal is two hands ``(c1, c2)`` and ``(c3, c4)`` and the up card ``u``; the player keeps
them or switches to ``(c1, c4)`` and ``(c3, c2)``.  The hands are played one after the
other, then the dealer draws, all from one shoe.

The play, and why the hands' values add up.  Each hand decides on its own cards and the
five cards of the deal (and that the dealer has no blackjack), never on what the other hand
drew, as the post-split strategies CDZ- and CDP1 treat split hands.  Under such play the
order in which the hands and the dealer draw does not matter: the chance that hand 1, hand
2 and the dealer receive given card sequences is a product over the cards dealt, the same
in any order of the three blocks, and whether each block can happen depends on its own cards
alone.  Deal the dealer first, then hand 1, then hand 2: summing hand 2 away leaves hand 1
and the dealer as if hand 2 were not there.  So each hand's EV is that of the hand played
alone against the dealer from the shoe less the five cards of the deal, which is the
ordinary round of a calculator on the shoe less the other hand's two cards (its splits
valued by its post-split strategy), and the round's EV is the sum of its two hands'.

The switch is decided after the peek, on the exact EV of each pairing.  With ``b`` the
chance of a dealer blackjack given the five cards,

    EV(deal) = b * (-1 for each hand not dealt a natural)
               + max(sum of the kept hands' values, sum of the switched hands' values),

each value joint with no dealer blackjack (the engine's joint value less its blackjack term).
A switched ace and ten is a 21 played as such (its best action's value), or, by the variant's
option, wins 1 at once.  The value depends on the deal only through the up card, the two
first cards as a set and the second cards in order (swapping the hands gives the same
deal; swapping the second cards gives the same two pairings, but not the same hands dealt,
which a natural tells apart), so the game weighs ``55 * 100 * 10`` classes of deals by
their chance, each hand valued from one table per other hand (55 calculators, which share
the whole shoe's dealer trees and nodes).

>>> from bjcalc.game.variants import VARIANTS
>>> from bjcalc.game.calculator import Calculator
>>> result = Calculator(VARIANTS["blackjack_switch"].rules(decks=1, max_split_hands=2)).game()
>>> round(float(result.ev), 6)       # a player's edge: one deck, split once
0.004247
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional

from ..core.cards import RANKS, Shoe
from ..core.errors import StrategyError
from ..engine.hands import UNSPLIT, composition_of
from ..engine.rows import lend, lend_by_upcard
from .rounds import GameResult, strategy_name
from .strategy import (TotalDependentStrategy, UpcardEvaluator, chart_assumptions, chart_play, check_up_cards,
                       is_chart)

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["switch_game", "check_game", "hands_chart", "hand_tables", "HandTable", "switching_table", "SwitchingTable",
           "SWITCH_ROWS", "hand_kind"]

_LABELS = RANKS[:10]
_HANDS = [(a, b) for a in range(1, 11) for b in range(a, 11)]
_ORDERED = [(a, b) for a in range(1, 11) for b in range(1, 11)]


class HandTable:
    """One other hand's table: for each up card, each two-card hand's value joint with no dealer
    blackjack (``values[up][(x, y)]``, ``x <= y``), and an ace-ten's value as a 21 (``as_21[up]``)."""

    def __init__(self) -> None:
        self.values: dict[int, dict[tuple[int, int], Any]] = {}
        self.as_21: dict[int, Any] = {}


def hand_tables(calc: Any, progress: Optional[Callable[..., Iterable]] = None,
                chart: Optional[TotalDependentStrategy] = None) -> dict[tuple[int, int], HandTable]:
    """Each hand's value against each up card given the other hand's two cards: other hand
    ``(a, b)`` (``a <= b``) -> :class:`HandTable`, from a calculator on the shoe less ``a`` and
    ``b`` (sharing ``calc``'s dealer trees and nodes).  CD play, or with ``chart`` that TD chart
    played as written (a switched ace-ten stands)."""
    ar = calc.ar
    wins = calc.variant.switched_natural(calc.rules)
    wins = None if wins is None else ar.convert(wins)
    counts = calc.round.shoe.value_counts()
    others = [(a, b) for a, b in _HANDS if counts[a - 1] - (a == b) > 0 and counts[b - 1] > 0]
    if calc.round.shoe.is_infinite:
        others = others[:1]      # (every other hand leaves the infinite deck as it was)
    tables = {}
    shoe = calc.round.shoe
    step = progress or (lambda items, total: items)
    firsts = sorted({a for a, _ in others})
    done = iter(step(others, total=len(others)))
    for a in firsts:
        # The shoe less a lends its dealer rows to the shoes less a and b, up card by up card
        # (lend_by_upcard): the rows none of its nodes has are made once per up card for all of
        # them and dropped once all have read them (the same numbers).
        lender = _depleted(calc, shoe.remove(_LABELS[a - 1]), calc, lean=False)
        pairs = [(x, b) for x, b in others if x == a]
        subs = {(a, b): _depleted(calc, shoe.remove(_LABELS[a - 1], _LABELS[b - 1]), lender, lean=True)
                for _, b in pairs}
        for pair in pairs:
            tables[pair] = HandTable()

        def value(up: int) -> None:
            for pair, sub in subs.items():
                _fill(tables[pair], sub, up, wins, chart)

        engine = lender.round.engine
        lend(engine, sorted({b for _, b in pairs}))
        try:
            lend_by_upcard(engine, [sub.round.engine for sub in subs.values()], value, lambda up, borrower: None)
        finally:
            lend(engine, ())
        for _ in pairs:
            next(done, None)
    if calc.round.shoe.is_infinite:
        tables = {hand: tables[others[0]] for hand in _HANDS}
    return tables


def _fill(table: HandTable, sub: Any, up: int, wins: Any, chart: Optional[TotalDependentStrategy] = None) -> None:
    """Put into ``table`` the values against ``up`` of the calculator ``sub`` on the shoe less the
    other hand (``wins``: what a switched ace-ten wins at once, None where it plays as a 21), CD
    play or ``chart``'s."""
    round_ = sub.round
    deals = round_.deals()[up]
    if not deals:
        return
    values = round_.upcard(up)
    keys = list(deals)
    if chart is None:
        joint = round_.deal_values(values, keys)
    else:
        played = UpcardEvaluator(sub, up, deals).rounds(chart[up])
        joint = [played[key] for key in keys]
    table.values[up] = {}
    for (hand, _), value in zip(keys, joint):
        node = values.nodes.node(composition_of(hand), UNSPLIT)
        blackjack = values.blackjack[node]
        # joint with no dealer blackjack: the round's blackjack term taken out (a natural's joint
        # value is its win without a dealer natural already)
        table.values[up][hand] = value if hand == (1, 10) else value - round_.blackjack_term(blackjack)
        if hand == (1, 10):      # (switched: a 21 that plays on, or wins at once)
            actions = round_.actions(values, node, None)
            table.as_21[up] = (wins * (1 - blackjack) if wins is not None else
                               max(actions.values()) if chart is None else actions["stand"])


def _depleted(calc: Any, shoe: Shoe, lender: Any, lean: bool) -> Any:
    """A calculator of ``calc``'s game on ``shoe``, one card short of ``lender``'s: it shares its
    nodes and dealer trees and borrows its dealer rows (the same numbers)."""
    return type(calc)(calc.rules, shoe, calc.split_strategy, calc.exact,
                      reuse=lender if lender.round.holds(shoe) else None, lean=lean)


def switch_game(calc: Any, strategy: Any = "CD", progress: Optional[Callable[..., Iterable]] = None,
                switching: Optional["SwitchingTable"] = None,
                tables: Optional[dict[tuple[int, int], HandTable]] = None) -> GameResult:
    """EV of a Blackjack Switch game per unit wager on each hand (the round's EV over 2), as
    :meth:`~bjcalc.game.calculator.Calculator.game` gives it.  The switch is made on the exact EV
    of each pairing under the hands' play, or, given ``switching``, by that table (ties keep the
    hands dealt).  ``strategy``: ``"CD"``; ``"TD"``: each hand plays the basic strategy chart of a
    hand alone (:func:`hands_chart`), the result's ``strategy``; or a chart brought (what
    ``Calculator.game`` reads as one: :func:`~bjcalc.game.strategy.chart_play`), which the hands
    play as written.  ``progress`` wraps the loop over the other hands' tables; ``tables``: those
    of :func:`hand_tables` for ``calc`` and this play, made already."""
    check_game(calc)
    stated = None
    chart: Optional[TotalDependentStrategy]
    if is_chart(strategy):      # (a chart brought: the hands play it as written)
        chart, chart_name = chart_play(strategy, calc.rules)
        check_up_cards(calc, chart, chart_name)
        name = "chart"
        stated = chart_assumptions(calc.assumptions("TD"), chart_name, calc.rules.splits)
    else:
        name = strategy_name(strategy)
        chart = hands_chart(calc) if name == "TD" else None
    ar = calc.ar
    tables = hand_tables(calc, progress, chart) if tables is None else tables
    counts = calc.round.shoe.value_counts()
    infinite = calc.round.shoe.is_infinite
    total = sum(counts)
    zero = ar.scalar(0)
    denominator = total ** 5 if infinite else total * (total - 1) * (total - 2) * (total - 3) * (total - 4)

    def value(up: int, hand: tuple[int, int], other: tuple[int, int], switched: bool) -> Any:
        table = tables[(min(other), max(other))]
        hand = (min(hand), max(hand))
        return table.as_21[up] if switched and hand == (1, 10) else table.values[up][hand]

    by_up = {up: zero for up in range(1, 11)}
    p_up = {up: zero for up in range(1, 11)}
    for up in range(1, 11):
        for first in _HANDS:          # the two first cards, c1 <= c3
            for second in _ORDERED:   # the second cards in order: (c2, c4)
                cards = [up, *first, *second]
                ways = _ways(counts, cards, infinite) * (2 if first[0] != first[1] else 1)
                if ways == 0:
                    continue
                p = ar.convert(Fraction(ways, denominator))
                (c1, c3), (c2, c4) = first, second
                keep = value(up, (c1, c2), (c3, c4), False) + value(up, (c3, c4), (c1, c2), False)
                switch = value(up, (c1, c4), (c3, c2), True) + value(up, (c3, c2), (c1, c4), True)
                if switching is None:
                    best = keep if keep >= switch else switch
                else:
                    best = switch if switching.switches(up, ((c1, c2), (c3, c4)), ((c1, c4), (c3, c2))) else keep
                dealt_naturals = ({c1, c2} == {1, 10}) + ({c3, c4} == {1, 10})
                by_up[up] = by_up[up] + p * (_blackjack(ar, counts, cards, infinite) * (dealt_naturals - 2) + best)
                p_up[up] = p_up[up] + p
    order = [up for up in sorted(by_up, key=lambda u: (u == 1, u)) if p_up[up] != 0]
    half = ar.scalar(1, 2)
    return GameResult(ev=ar.output(half * sum((by_up[u] for u in order), zero)),
                      _ev_by_up={_LABELS[u - 1]: ar.output(half * by_up[u] / p_up[u]) for u in order},
                      _p_up={_LABELS[u - 1]: ar.output(p_up[u]) for u in order},
                      assumptions=stated or calc.assumptions(name), exact=calc.exact, strategy_name=name,
                      strategy=chart)


def hands_chart(calc: Any) -> TotalDependentStrategy:
    """The TD chart the hands play: the basic strategy of one hand alone on the whole shoe (the
    standard search over the hand's round, the other hand's cards unknown), by up card."""
    deals = calc.round.deals()
    return TotalDependentStrategy({up: UpcardEvaluator(calc, up, deals[up]).search.search()
                                   for up in range(1, 11) if deals[up]})


def check_game(calc: Any) -> None:
    """Refuse, before any work, a game :func:`switch_game` cannot value: the other hand fixed
    (``other_hand``: the whole game deals both), a shoe two hands and the dealer could run out of."""
    from .blackjack_switch import check_two_hands

    variant = calc.variant
    if variant.other_hand(calc.rules) is not None:
        raise StrategyError(f"{variant.title}'s game deals both hands: leave the option other_hand unset (it "
                            f"fixes the other hand for a hand's values)")
    check_two_hands(calc.rules, calc.round.shoe)


def _blackjack(ar: Any, counts: tuple[int, ...], cards: list[int], infinite: bool) -> Any:
    """The chance of a dealer blackjack given the deal ``cards`` (the up card first)."""
    up = cards[0]
    if up not in (1, 10):
        return ar.scalar(0)
    need = 10 if up == 1 else 1
    left = counts[need - 1] - (0 if infinite else cards.count(need))
    return ar.convert(Fraction(left, sum(counts) - (0 if infinite else len(cards))))


def _ways(counts: tuple[int, ...], cards: list[int], infinite: bool) -> int:
    """The number of ways to deal ``cards`` (values) in this order from a shoe of ``counts`` (the
    chance's numerator: every deal of five cards has the same denominator)."""
    ways, left = 1, list(counts)
    for card in cards:
        ways *= left[card - 1]
        if not infinite:
            left[card - 1] -= 1
    return max(ways, 0)


SWITCH_ROWS = tuple([f"hard {t}" for t in range(5, 20)] + [f"soft {t}" for t in range(13, 21)]
                    + [f"{c},{c}" for c in "23456789T"] + ["A,A", "21 (switched A,T)", "blackjack"])
"""The rows of a switching table: each kind of two-card hand (a hard total of two unequal cards,
an ace and a 2-9, a pair), the ace-ten a switch makes, and a natural as dealt."""


def hand_kind(hand: tuple[int, int], switched: bool = False) -> str:
    """The :data:`SWITCH_ROWS` row of a two-card hand (values), made by a switch or dealt.

    >>> hand_kind((10, 6)), hand_kind((1, 7)), hand_kind((8, 8)), hand_kind((1, 10)), hand_kind((10, 1), True)
    ('hard 16', 'soft 18', '8,8', 'blackjack', '21 (switched A,T)')
    """
    a, b = sorted(hand)
    if (a, b) == (1, 10):
        return "21 (switched A,T)" if switched else "blackjack"
    if a == b:
        return f"{_LABELS[a - 1]},{_LABELS[a - 1]}"
    if a == 1:
        return f"soft {11 + b}"
    return f"hard {a + b}"


class SwitchingTable:
    """A switching strategy players can use: each kind of two-card hand's EV against each up card
    (:data:`SWITCH_ROWS`; in % of the hand's wager, given no dealer blackjack, CD play, in the
    shoe less the hand and the up card, rounded to ``decimals``), and the rule: switch when the
    two hands the switch makes are worth more together than the two dealt (a tie keeps them).

    ``values[up][row]`` holds the numbers as printed: they are what :meth:`switches` adds up, so
    the game valued with the table (:func:`switch_game` with ``switching``) is the table's own.
    """

    def __init__(self, values: dict[int, dict[str, float]], assumptions: Any, decimals: int):
        self.values, self.assumptions, self.decimals = values, assumptions, decimals

    def switches(self, up: int, kept: tuple[tuple[int, int], ...], switched: tuple[tuple[int, int], ...]) -> bool:
        """Whether the table switches the hands ``kept`` (as dealt) to ``switched`` against ``up``."""
        row = self.values[up]
        return sum(row[hand_kind(h, True)] for h in switched) > sum(row[hand_kind(h)] for h in kept)

    def cell(self, value: float) -> str:
        """A value as the table prints it (``-``: a hand the shoe cannot deal)."""
        return "-" if value != value else f"{value:.{self.decimals}f}"

    def frame(self) -> "pd.DataFrame":
        """The table: a row per kind of hand, a column per up card (``2``-``9``, ``T``, ``A``), EV in %."""
        import pandas as pd

        ups = [u for u in (2, 3, 4, 5, 6, 7, 8, 9, 10, 1) if u in self.values]
        return pd.DataFrame({_LABELS[u - 1]: [self.values[u][row] for row in SWITCH_ROWS] for u in ups},
                            index=list(SWITCH_ROWS))

    def __str__(self) -> str:
        frame = self.frame()
        width = max(6, self.decimals + 5)
        lines = ["hand".ljust(18) + "".join(f"{c:>{width}}" for c in frame.columns)]
        for row, values in frame.iterrows():
            lines.append(f"{row:<18}" + "".join(f"{self.cell(v):>{width}}" for v in values))
        return "\n".join(lines)


def switching_table(calc: Any, decimals: int = 1) -> SwitchingTable:
    """The :class:`SwitchingTable` of ``calc``'s game: each hand valued in the whole shoe less the
    hand and the up card (the other hand's cards unknown), each kind of hand the average of its
    hands weighed by their chance.

    >>> from bjcalc.game.variants import VARIANTS
    >>> from bjcalc.game.calculator import Calculator
    >>> table = switching_table(Calculator(VARIANTS["blackjack_switch"].rules(decks=6)))
    >>> table.values[6]["hard 16"], table.values[6]["hard 11"], table.values[10]["blackjack"]
    (-21.3, 49.6, 100.0)
    >>> table.switches(6, ((10, 6), (5, 10)), ((10, 10), (5, 6)))     # T6 and 5T, or TT and 56
    True
    """
    round_, ar = calc.round, calc.ar
    wins = calc.variant.switched_natural(calc.rules)
    deals = round_.deals()
    values: dict[int, dict[str, float]] = {}
    for up in range(1, 11):
        if not deals[up]:
            continue
        upcard = round_.upcard(up)
        keys = list(deals[up])
        sums: dict[str, Any] = {}
        weights: dict[str, Any] = {}
        for (hand, key), joint in zip(keys, round_.deal_values(upcard, keys)):
            node = upcard.nodes.node(composition_of(hand), UNSPLIT)
            blackjack = upcard.blackjack[node]
            p = ar.convert(deals[up][(hand, key)])
            kinds = [(hand_kind(hand), joint if hand == (1, 10) else joint - round_.blackjack_term(blackjack))]
            if hand == (1, 10):
                kinds.append((hand_kind(hand, True), max(round_.actions(upcard, node, None).values())
                              if wins is None else ar.convert(wins) * (1 - blackjack)))
            for kind, value in kinds:     # (given no dealer blackjack: each deal weighed by p (1 - b))
                sums[kind] = sums.get(kind, 0) + p * value
                weights[kind] = weights.get(kind, 0) + p * (1 - blackjack)
        values[up] = {kind: round(100 * float(sums[kind] / weights[kind]), decimals) + 0.0 for kind in sums}
        for kind in SWITCH_ROWS:          # (a hand the shoe cannot deal: never chosen)
            values[up].setdefault(kind, float("nan"))
    return SwitchingTable(values, calc.assumptions("CD"), decimals)
