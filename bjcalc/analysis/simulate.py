"""A shoe simulator with exact values: every round of seeded shoes, valued before it is dealt.

:func:`simulate` shuffles shoes (seeded), deals them heads-up to one player until the cut card,
and for every round, *before it is dealt*, records

- ``ev_fixed``: the exact EV of the round with the fixed strategy, the composition-dependent
  strategy best for the full shoe (with the post-split strategy) played unchanged on the cards
  left (:meth:`bjcalc.Calculator.play_on`), what a counter who keeps basic strategy gets;
- ``ev_perfect``: the exact EV with perfect play for the cards left (CD play re-optimised for
  that shoe: ``Calculator(rules, shoe=left).game().ev``);
- ``running_count`` and ``true_count`` of the chosen count system (Hi-Lo by default): the tag sum
  of every card seen since the shuffle (burned cards included, for they are seen), and the
  running count per deck left (decks left estimated to ``deck_resolution`` decks, 0 for exact;
  an unbalanced count starts at its initial running count);
- with ``sd=True``, ``sd_perfect``: the exact standard deviation of the round's net result with
  perfect play (its exact moments, :meth:`bjcalc.Calculator.moments`, resplits included; NaN
  otherwise);
- ``result``: the round's actual net result per unit initial bet, the round played out by the
  fixed strategy (see below);
- ``cards_left`` and ``ranks_left`` (the 13 rank counts, the shoe the EVs are of), and ``cards``,
  the cards the round used, in the order dealt (burned cards included).

Playing a round out (``result``): cards are dealt player, dealer up, player, dealer hole (no
hole card with ``hole_card="enhc"``/``"enhc_obo"``: the dealer's second card comes after the
player has played).  Every decision is the full shoe's best one for the hand's cards
(:meth:`bjcalc.Calculator.hand` on the full shoe: the first action, then hit or stand card by
card, forced hits and card limits as the rules say); split hands use the same decisions among
the actions the engine allows after a split (:func:`~bjcalc.core.actions.post_split_actions`,
resplits up to :func:`~bjcalc.core.actions.most_hands`), valued as unsplit hands: a
simplification of the post-split strategy that touches only this column.  Where a variant puts
other chips on the hands split off (Free Bet's free chips), those hands decide by their chip's
values and resplit where they may, and every hand is paid chip by chip (a double adds the chip
the variant says for its two cards).  The dealer draws by
the engine's procedure (S17/H17; Burn 20's redraws, whose burned cards leave the shoe and are
counted); hands are paid by the engine's settlement (a dealer 22 pushing, No Bust's bust
pushes, ENHC blackjacks taking every bet or the original one; with no hole card a late surrender
has the dealer turn his second card, and a blackjack takes the whole bet).  With index plays
(``indices``) the first decision follows them and insurance is settled on the dealer's second
card.  When no hand's pay depends on
the dealer's hand any more (every hand bust) the dealer only turns the second card.

The shoe ends when the cut card has come out (``penetration``: the fraction of the shoe dealt
before the cut card, or, as a whole number of 2 or more, the cards left behind it; 1 is refused
as ambiguous): the round in progress is
finished and no other round is dealt.  A round is dealt only if the engine can value it (no way
of playing it runs out of cards); a shoe that gets too small ends there.  (A round that runs
out of cards all the same, in a tiny shoe, has a NaN ``result``.)

Every shoe is shuffled by its own generator, seeded by ``(seed, shoe number)``, so the frame is
the same whatever the number of workers or where they run (:func:`bjcalc.core.runner.run_chunks`).
``values="fixed"`` leaves out perfect play's EV (NaN), dealing the same rounds faster;
``"none"`` both EVs, and then nothing asks whether the engine can value a round, so a tiny shoe
may deal rounds that a run with EVs would not.

The cut-card effect (:meth:`Simulation.cut_card_effect`, with its standard error over shoes) is
small beside the spread of the rounds' EVs; :func:`cut_card_effect_controlled` estimates it with
a control variate, the effects of removal's prediction of each round's EV (:func:`linear_ev`),
averaged over a long run without EVs, so that the exact EVs only measure the prediction's miss.

>>> from bjcalc import Rules
>>> sim = simulate(Rules(decks=1, max_split_hands=2), shoes=1, seed=1, workers=1, progress=None)
>>> first = sim.frame.iloc[0]
>>> bool(first.ev_fixed == first.ev_perfect == sim.full_ev)        # off the top: the game itself
True
"""

from __future__ import annotations

import dataclasses
import math
import re
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, Union

import numpy as np

from ..core.actions import may_hit, most_hands, must_hit, post_split_actions
from ..core.arithmetic import Value
from ..core.cards import RANK_VALUE, RANKS, SUITS, Shoe
from ..core.errors import BjcalcError, ShoeError, TooLargeError
from ..core.words import either, rule
from ..core.outcomes import BLACKJACK, is_natural, soft_total
from ..core.rules import Rules
from ..core.runner import per_process, run_chunks
from ..core.wagers import INSURANCE_PAYS, INSURANCE_STAKE, MONEY, Wager
from ..engine.hands import UNSPLIT, composition_of
from ..game.calculator import Calculator
from ..game.removal import VALUE_LABELS, Deviations, play_on_each
from ..game.rounds import check_per_hand_split
from ..game.variants import variant_of
from .counting import (COMMON_PLAYS, SYSTEMS, CountSystem, IndexPlay, count_names, count_system, deviations_at,
                       index_plays, SYSTEM_NAMES, indices as index_table, insurance_ev, offers_insurance, playable)
from .risk import n0, risk_of_ruin

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["simulate", "Simulation", "SimulationSpec", "VALUES", "MAX_ROUNDS", "linear_ev", "cut_card_effect_controlled",
           "BetRamp", "parse_ramp", "simulate_shoes", "SYSTEM_NAMES", "PENETRATION_ONE",
           "true_count_table", "true_count_slope", "plot_by_true_count", "with_index_plays"]


PENETRATION_ONE = ("penetration 1 is ambiguous: give the fraction of the shoe dealt before the cut card, above 0 and "
                   "below 1 (0.75), or the whole number of cards left behind it, 2 or more (52)")
"""The refusal of a penetration of 1 (the whole shoe, or one card behind the cut card?)."""

VALUES = ("both", "fixed", "none")
"""Which exact EVs each round gets: both plays, fixed play only (``ev_perfect`` is NaN: half
the time), or none (both NaN: the shuffle, the counts and the rounds played out, at a small part
of the time)."""

CARDS_PER_ROUND = 5.4
"""About how many cards a heads-up round uses; only to size the work for ``rounds=N``."""
ROUNDS_PER_CHUNK = 200
"""About how many rounds one task values: seconds of work, beside a set-up of a tenth of one."""
MAX_ROUNDS = 10_000_000
"""The most rounds one simulation deals (``rounds``, or about as many as ``shoes`` hold): every
round is a row of the frame, about 300 bytes, so this is some 3 GB; more is refused up front
with its size (several runs with other seeds can be combined)."""


@dataclasses.dataclass(frozen=True)
class SimulationSpec:
    """What a simulated shoe depends on (pickled to the workers, so plain values only).

    >>> SimulationSpec(Rules(decks=1)).cut_cards(52)
    39
    """

    rules: Rules
    split_strategy: str = "CDZ-"
    system: str = "Hi-Lo"
    penetration: Union[float, int] = 0.75
    deck_resolution: float = 0.0
    seed: int = 0
    exact: bool = False
    shoe: Optional[Shoe] = None
    values: str = "both"
    indices: tuple[IndexPlay, ...] = ()
    """The index plays of a basic-strategy-plus-indices player (:func:`simulate`'s ``indices``):
    none by default."""
    sd: bool = False
    """Whether each round also gets ``sd_perfect``, the exact standard deviation of its net result
    with perfect play (:meth:`bjcalc.Calculator.moments` on the cards left; with ``values="both"``)."""

    @property
    def full_shoe(self) -> Shoe:
        """The shoe every shuffle starts from: ``shoe``, or the rules' full decks (of the variant's kind)."""
        return self.shoe if self.shoe is not None else variant_of(self.rules).shoe(self.rules)

    def cut_cards(self, total: Union[int, float]) -> int:
        """How many cards are dealt before the cut card comes out."""
        total = int(total)
        if isinstance(self.penetration, int) and not isinstance(self.penetration, bool) and self.penetration >= 1:
            return total - self.penetration
        return int(math.floor(float(self.penetration) * total + 1e-9))


def _check_spec(spec: SimulationSpec) -> Shoe:
    shoe = spec.full_shoe
    if shoe.is_infinite:
        raise ShoeError(f"a shoe simulation needs a finite shoe: give {either('Shoe.decks(n)', '--decks N')}")
    variant_of(spec.rules).dealer(spec.rules, shoe)       # (Burn 20 refuses a shoe without suits)
    if spec.system not in SYSTEMS:
        raise BjcalcError(f"unknown count system {spec.system!r}: use one of {count_names()}")
    p = spec.penetration
    if p == 1 and not isinstance(p, bool):
        raise BjcalcError(PENETRATION_ONE)
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not (0 < p < 1 or (isinstance(p, int) and
                                                                                     2 <= p < shoe.total)):
        raise BjcalcError(f"penetration must be a fraction of the shoe dealt, above 0 and below 1 (0.75), or a whole "
                          f"number of cards left behind the cut card (2 to {shoe.total - 1}), not {p}")
    if not (isinstance(spec.deck_resolution, (int, float)) and 0 <= spec.deck_resolution <= shoe.total / 52):
        raise BjcalcError(f"the deck resolution (--deck-resolution) must be 0 (exact) or a number of decks such as "
                          f"0.5, at most the shoe's {shoe.total / 52:g}, not {spec.deck_resolution!r}")
    if spec.cut_cards(shoe.total) < 1:
        raise BjcalcError("the cut card must leave at least one card to deal: raise the penetration")
    if spec.values not in VALUES:
        raise BjcalcError(f"values must be one of {', '.join(VALUES)} (which exact EVs each round gets), "
                          f"not {spec.values!r}")
    return shoe


class _Worker:
    """What a worker process keeps between chunks for one spec: the full shoe's calculator (its
    dealer trees, node sets and strategy) and the play-out's decisions."""

    def __init__(self, spec: SimulationSpec):
        self.spec = spec
        self.rules = spec.rules
        self.full_shoe = spec.full_shoe
        self.suits = self.full_shoe.suit_counts is not None
        if spec.rules.suited_blackjack_pays is not None and not self.suits:
            raise ShoeError(f"{rule('suited_blackjack_pays')} needs a shoe with suits to deal from (whole decks): "
                            f"{self.full_shoe.describe()} gives counts by value only")
        self.full = Calculator(spec.rules, self.full_shoe, spec.split_strategy, spec.exact)
        self.full_ev = self.full.game().ev
        self.system: CountSystem = SYSTEMS[spec.system]
        self.tags = [float(self.system.tags[RANK_VALUE[r] - 1]) for r in range(13)]
        self.decisions: dict[tuple, dict[str, Any]] = {}
        self.settlement = self.full.round.settlement
        self.variant = self.full.round.variant
        self.chips = {name: engine.settlement for name, engine in self.full.round.engines.items()}
        self.chip_rows: dict[tuple[str, int, int], np.ndarray] = {}     # (chip, total, cards) -> stand_row
        self.procedure = self.variant.dealer(spec.rules, self.full_shoe)
        self.max_cards = self.full.engine.space.max_cards
        self._second_at: Optional[int] = None      # where the dealer's second card is dealt, no hole card
        self._full_sd: Any = None                   # the full shoe's sd_perfect, once asked for

    def _full_spread(self) -> Any:
        """The full shoe's ``sd_perfect`` (every shoe's first round), computed once."""
        if self._full_sd is None:
            self._full_sd = self.full.moments().sd
        return self._full_sd

    # -- one shoe -------------------------------------------------------------------------------
    def shoe(self, number: int, limit: Optional[int] = None) -> list[dict[str, Any]]:
        """The rows of shoe ``number``, every round to the cut card, or its first ``limit``."""
        spec = self.spec
        rng = np.random.default_rng([spec.seed, number])
        by_suit = self.full_shoe.suit_counts or tuple((n, 0, 0, 0) for n in self.full_shoe.rank_counts)
        cards = [(rank, suit) for rank in range(13) for suit in range(4) for _ in range(by_suit[rank][suit])]
        order = rng.permutation(len(cards))
        deck = [cards[i] for i in order]
        counts = [list(row) for row in by_suit]
        cut = spec.cut_cards(len(deck))
        running = float(self.system.initial_running_count(round(len(deck) / 52)))
        position, rows = 0, []   # type: tuple[int, list[dict[str, Any]]]
        while position < cut and (limit is None or len(rows) < limit):
            left = len(deck) - position
            shoe = Shoe(tuple(sum(row) for row in counts), tuple(tuple(row) for row in counts) if self.suits else None)
            fixed: Value = math.nan         # (a round's EVs: Fractions in exact mode; NaN where not valued)
            perfect: Value = math.nan
            indexed: Value = math.nan
            spread = math.nan
            decks_left = left / 52
            if spec.deck_resolution:
                step = spec.deck_resolution
                decks_left = max(step, round(decks_left / step) * step)
            true_count = running / decks_left
            deviations = deviations_at(spec.indices, true_count) if spec.indices else None
            if spec.values != "none":
                # fixed play decides whether the round is dealt, in both modes alike (so "fixed"
                # deals the rounds "both" does); perfect play refused where fixed is not: NaN
                # only the counts change: the full shoe's dealer trees and nodes serve (a shoe's first
                # round is on the full shoe itself, whose values this worker has)
                full = shoe == self.full_shoe
                other = self.full if full else Calculator(self.rules, shoe, spec.split_strategy, spec.exact,
                                                          reuse=self.full)
                try:
                    # (the same depleted calculator: built once; its best play valued in the same passes)
                    plays = play_on_each(self.full, other, (None, deviations) if deviations else (None,),
                                         best_too=spec.values == "both")
                    fixed = plays[0].ev
                    indexed = plays[-1].ev if deviations else math.nan
                except ShoeError:
                    break        # the shoe is too small for the engine to value a round: it ends here
                if spec.values == "both":
                    try:
                        perfect = other.game().ev
                        if spec.sd:      # (the moments of the same play: their mean is ev_perfect)
                            spread = self._full_spread() if full else other.moments().sd
                    except (ShoeError, TooLargeError):
                        pass     # (NaN: a shoe so small that a round could run out of cards, where the
                        # moments are the whole distribution's, and that is refused: a dealer short
                        # of cards, or too many resplit states)
            row = {"shoe": number, "round": len(rows), "cards_left": left, "running_count": running,
                   "true_count": true_count, "ev_fixed": fixed, "ev_perfect": perfect, "ev_indices": indexed,
                   "ev_insurance": self.insurance(shoe), "sd_perfect": spread, "ranks_left": shoe.rank_counts,
                   "cards": ""}
            dealt: list[tuple[int, int]] = []

            def draw() -> int:
                nonlocal position
                if position >= len(deck):
                    raise _OutOfCards
                rank, suit = deck[position]
                position += 1
                counts[rank][suit] -= 1
                dealt.append((rank, suit))
                return rank

            try:
                result: float = self.play_round(draw, dealt, deviations)
            except (_OutOfCards, ShoeError):      # a tiny shoe ran out (or could) in the middle of the round
                result = math.nan
            running += sum(self.tags[rank] for rank, _ in dealt)
            row["result"] = result
            row["cards"] = ",".join(RANKS[rank] + (SUITS[suit] if self.suits else "") for rank, suit in dealt)
            rows.append(row)
            if position >= len(deck):
                break
        return rows

    def insurance(self, shoe: Shoe) -> Any:
        """Insurance's EV per unit insured against an ace up, from the cards left before the round
        (the player's cards unseen: what a count decides it by); NaN without an ace or two more cards."""
        counts = shoe.value_counts()
        if not offers_insurance(counts):
            return math.nan
        ev = insurance_ev(counts)
        return ev if self.spec.exact else float(ev)

    # -- playing a round out --------------------------------------------------------------------
    def best(self, ranks: Sequence[int], up: int, allowed: Optional[Sequence[str]] = None) -> str:
        """The full shoe's best action for these cards against this up card, among ``allowed``."""
        key = (tuple(sorted(ranks)), RANK_VALUE[up])     # (by rank: split_tens_by_rank tells tens apart)
        values = self.decisions.get(key)
        if values is None:
            values = self.full.hand([RANKS[r] for r in ranks], RANKS[up])
            self.decisions[key] = values
        return self.full.ar.best({a: values[a] for a in values if allowed is None or a in allowed})

    def chip_best(self, ranks: Sequence[int], up: int, own: Wager, allowed: Sequence[str]) -> str:
        """:meth:`best` for a hand split off that carries ``own`` (a free chip plays to win its
        chip, by that chip's values: the variant's split hands), among ``allowed``."""
        if own == MONEY:
            return self.best(ranks, up, allowed)
        key = (tuple(sorted(ranks)), RANK_VALUE[up], own.name)
        values = self.decisions.get(key)
        if values is None:
            round_ = self.full.round
            mine = round_.chip_values(RANK_VALUE[up], own)
            node = mine.nodes.find(composition_of(RANK_VALUE[r] for r in ranks), UNSPLIT)
            values = {"stand": mine.stand[node], "hit": mine.hit[node]}
            if len(ranks) == 2:
                values["double"] = round_.double_column(mine, own, split=True)[node]
            self.decisions[key] = values
        return self.full.ar.best({a: values[a] for a in values if a in allowed})

    def doubled(self, cards: Sequence[int], own: Wager, split: bool) -> tuple[Wager, ...]:
        """The chips of a hand carrying ``own`` that doubles on ``cards`` (:meth:`Round.double_chips
        <bjcalc.game.rounds.Round.double_chips>`)."""
        hard = _hard(cards)
        return self.full.round.double_chips(own, hard, _total(cards) != hard, len(cards), split)

    def play_round(self, draw: Callable[[], int], dealt: list[tuple[int, int]],
                   deviations: Optional[Deviations] = None) -> float:
        """Deal and play one round out; the player's net result per unit initial bet.
        ``dealt``: the cards drawn so far, with suits (Burn 20 reads the up card's).
        ``deviations``: the index plays at this round's count (the first decision changed where
        one applies; insurance, half the bet paying 2:1, against an ace when taken)."""
        start = len(dealt)
        net = self._play(draw, dealt, deviations)
        up = dealt[start + 1][0]
        if deviations is not None and deviations.insure and RANK_VALUE[up] == 1:
            # the dealer's other card: the hole card, or (no hole card) the first he draws; a round
            # that ended before he drew one (a surrender) has him turn it now, for the insurance
            second = start + 3 if self.settlement.peeks else self._second_at
            if second is None:
                second = len(dealt)
                draw()
            net += float(INSURANCE_STAKE * INSURANCE_PAYS) if RANK_VALUE[dealt[second][0]] == 10 else -float(INSURANCE_STAKE)
        return net

    def _play(self, draw: Callable[[], int], dealt: list[tuple[int, int]], deviations: Optional[Deviations]) -> float:
        """The round in the settlement's order: the deal (player, up, player, and the hole card
        where the dealer peeks), a blackjack the peek finds settling the round first
        (:attr:`~bjcalc.engine.settlement.Settlement.blackjack_first`), naturals and two-card
        surrenders settled by the settlement's terms for the dealer's blackjack seen, then the
        hands played out and settled against the dealer's hand (:meth:`dealer_hand`)."""
        rules, settle = self.rules, self.settlement
        a, up, b = draw(), draw(), draw()
        hole = draw() if settle.peeks else None
        player = [a, b]
        self._second_at = None

        def dealer_blackjack() -> bool:
            """Whether the dealer has a blackjack: the peeked hole card's, or his second card turned now."""
            if hole is not None:
                return self.procedure.has_blackjack(RANK_VALUE[up], RANK_VALUE[hole], dealt[1][1] == dealt[3][1])
            return self.dealer_hand(up, hole, draw, dealt, complete=False) == BLACKJACK

        if settle.blackjack_first and dealer_blackjack():
            return float(settle.natural_tie()) if _is_natural(player) else -float(settle.round_blackjack_loss())
        if _is_natural(player):      # (the dealer turns his cards: a burned pair is redrawn, seen)
            if self.dealer_hand(up, hole, draw, dealt, complete=False) == BLACKJACK:
                return float(settle.natural_tie())
            return float(settle.natural_pay(rules.pays_suited(dealt[0][1], dealt[2][1])))   # (player, up, player)
        first = self.best(player, up)
        if deviations is not None:       # (an index play: the first decision only, among the allowed actions)
            dealt_allowed = self.decisions[(tuple(sorted(player)), RANK_VALUE[up])]
            values = (min(RANK_VALUE[a], RANK_VALUE[b]), max(RANK_VALUE[a], RANK_VALUE[b]))
            first = deviations.first_action(RANK_VALUE[up], values, first, lambda name: name in dealt_allowed)
        if first == "surrender":
            # (an early surrender gives up its half whatever the dealer holds: his cards stay unturned)
            seen = rules.surrender != "early" and dealer_blackjack()
            return float(settle.surrendered(float(seen)) - settle.round_blackjack_loss() * seen)
        if settle.peeks and dealer_blackjack():      # early surrender declined, then the peek
            return -float(settle.round_blackjack_loss())
        hands: list[tuple[list[int], tuple[Wager, ...]]] = []
        if first == "split":
            pair = RANK_VALUE[a]
            chip = self.variant.split_wager(rules, pair)       # (on every hand split off; the first keeps money)
            pending, count = [([a], MONEY), ([b], chip)], 2
            while pending:
                hand, own = pending.pop(0)
                hand.append(draw())
                hard = _hard(hand)
                soft = _total(hand) != hard
                allowed = list(post_split_actions(rules, pair, hard, soft, max_cards=self.max_cards,
                                                  may_double=self.full.round.split_doubles(hard, soft)))
                if RANK_VALUE[hand[1]] == pair and count < most_hands(rules, pair):
                    allowed.append("split")
                # (a hand split off for a free chip resplits where it may, as the engine's split does)
                action = "split" if own != MONEY and "split" in allowed else self.chip_best(hand, up, own, allowed)
                if action == "split":
                    count += 1
                    pending[:0] = [([hand[0]], own), ([hand[1]], chip)]
                    continue
                hands.append(self.finish(hand, up, action, draw, may_draw="hit" in allowed, own=own, split=True))
        else:
            hands.append(self.finish(player, up, first, draw, may_draw=True))
        # the dealer completes the hand while a hand's pay depends on it (No Bust: a bust can push)
        live = any(_hard(cards) <= 21 or settle.bust_row(len(cards), _hard(cards)) is not None for cards, _ in hands)
        outcome = self.dealer_hand(up, hole, draw, dealt, complete=live)
        if outcome == BLACKJACK:      # (no hole card: found after the player acted)
            return float(sum(self.chips[chip.name].hand_blackjack_payoff for _, chips in hands for chip in chips)
                         - settle.round_blackjack_loss())
        net = 0.0
        for cards, chips in hands:
            hard = _hard(cards)
            for chip in chips:
                paid = self.chips[chip.name]
                if hard > 21:
                    row = paid.bust_row(len(cards), hard)
                    net += paid.bust_payoff() if row is None or outcome is None else int(row[outcome])
                else:
                    net += int(self.stand_row(chip, _total(cards), len(cards))[outcome])
        return net

    def stand_row(self, chip: Wager, total: int, cards: int) -> np.ndarray:
        """What a hand carrying ``chip`` standing on ``total`` with ``cards`` cards wins by dealer
        outcome (:meth:`~bjcalc.engine.settlement.Settlement.stand_row`, kept per kind of hand)."""
        key = (chip.name, total, cards)
        row = self.chip_rows.get(key)
        if row is None:
            row = self.chip_rows[key] = self.chips[chip.name].stand_row(total, cards)
        return row

    def finish(self, cards: list[int], up: int, action: str, draw: Callable[[], int], may_draw: bool,
               own: Wager = MONEY, split: bool = False) -> tuple[list[int], tuple[Wager, ...]]:
        """Play a hand carrying the chip ``own`` on from its first action (``split``: a split
        hand); (cards, the chips on it)."""
        if action == "double":
            chips = self.doubled(cards, own, split)
            cards.append(draw())
            return cards, chips
        if action == "stand" or not may_draw:
            return cards, (own,)
        cards.append(draw())
        while True:
            total = _total(cards)
            if _hard(cards) > 21 or not may_hit(self.rules, total, len(cards), self.max_cards):
                break
            if not must_hit(self.rules, total, True) and self.chip_best(cards, up, own, ("stand", "hit")) != "hit":
                break
            cards.append(draw())
        return cards, (own,)

    def dealer_hand(self, up: int, hole: Optional[int], draw: Callable[[], int], dealt: list[tuple[int, int]],
                    complete: bool = True) -> Optional[int]:
        """The dealer's final outcome (an index of :data:`~bjcalc.core.outcomes.OUTCOMES`), or
        None when not ``complete`` and no blackjack: his procedure played card by card
        (:meth:`~bjcalc.engine.dealer.StandardDealer.deal`: Burn 20's burned pairs are drawn, so
        seen, and gone), the hole card drawn now where there is none yet."""
        if hole is None:
            self._second_at = len(dealt)
            hole = draw()
            hole_suit = dealt[-1][1]
        else:
            hole_suit = dealt[3][1]       # dealt player, up, player, hole
        return self.procedure.deal(RANK_VALUE[up], RANK_VALUE[hole], hole_suit == dealt[1][1],
                                   lambda: RANK_VALUE[draw()], complete)


class _OutOfCards(Exception):
    """The shoe ran out in the middle of a round (only tiny shoes)."""


def _hard(cards: Sequence[int]) -> int:
    """The hard total of cards given by rank (0-12)."""
    return sum(RANK_VALUE[r] for r in cards)


def _total(cards: Sequence[int]) -> int:
    """The best total of cards given by rank (:func:`~bjcalc.core.outcomes.soft_total`'s)."""
    return soft_total(_hard(cards), any(RANK_VALUE[r] == 1 for r in cards))[0]


def _is_natural(cards: Sequence[int]) -> bool:
    """Whether cards given by rank are a natural (:func:`~bjcalc.core.outcomes.is_natural`)."""
    return len(cards) == 2 and is_natural(composition_of(RANK_VALUE[r] for r in cards))


def simulate_shoes(task: Union[tuple[SimulationSpec, int, int], tuple[SimulationSpec, int, int, Optional[int]]]
                   ) -> "pd.DataFrame":
    """One chunk of work: the rows of shoes ``first`` .. ``first + count - 1`` of ``spec``, as a
    DataFrame (what :func:`simulate` sends to the runner; a module-level function, so picklable).
    A fourth element, ``limit``, stops the chunk after that many rows: :func:`simulate` asked for
    a number of rounds needs no more of any one chunk (the rows are the same, only fewer).

    >>> from bjcalc import Rules
    >>> frame = simulate_shoes((SimulationSpec(Rules(decks=1, max_split_hands=2), seed=3), 0, 1))
    >>> int(frame["shoe"].iloc[0]), int(frame["round"].iloc[0]), int(frame["cards_left"].iloc[0])
    (0, 0, 52)
    """
    import pandas as pd

    spec, first, count, *rest = task
    limit: Optional[int] = rest[0] if rest else None
    worker = per_process(("bjcalc.simulate", spec.rules, spec.split_strategy, spec.system, spec.exact, spec.shoe),
                         lambda: _Worker(dataclasses.replace(spec, seed=0)))
    worker.spec = spec          # the cached engines depend on the rules only; seed, cut and values come with the task
    rows: list[dict[str, Any]] = []
    for number in range(first, first + count):
        if limit is not None and len(rows) >= limit:
            break
        rows += worker.shoe(number, None if limit is None else limit - len(rows))
    return pd.DataFrame(rows, columns=COLUMNS)


_EV_COLUMNS = ("ev_fixed", "ev_perfect", "ev_indices", "ev_insurance", "sd_perfect")
"""The frame's exact values, which the true-count table averages."""

COLUMNS = ["shoe", "round", "cards_left", "running_count", "true_count", "ev_fixed", "ev_perfect", "ev_indices",
           "ev_insurance", "sd_perfect", "result", "ranks_left", "cards"]
"""The simulation frame's columns, one row per round."""


@dataclasses.dataclass(frozen=True)
class BetRamp:
    """Bets by true count: ``steps`` is ((lowest TC, highest TC, bet), ...) over the floored true
    count (``None`` for an open end).

    >>> ramp = parse_ramp("tc<=1:1,2:2,3:4,4+:8")
    >>> [ramp.bet(tc) for tc in (-3, 1, 2, 3, 4, 9)]
    [1.0, 1.0, 2.0, 4.0, 8.0, 8.0]
    """

    steps: tuple[tuple[Optional[int], Optional[int], float], ...]
    text: str = ""

    def bet(self, true_count: float) -> float:
        """The bet at a true count (floored to a whole count first)."""
        tc = math.floor(true_count)
        for low, high, bet in self.steps:
            if (low is None or tc >= low) and (high is None or tc <= high):
                return bet
        raise BjcalcError(f"the bet ramp {self.text!r} gives no bet at true count {tc}: cover every count, "
                          f"e.g. tc<=1:1,2:2,3:4,4+:8")


def parse_ramp(text: str) -> BetRamp:
    """A bet ramp as typed: comma-separated ``COUNT:BET`` with COUNT ``tc<=N``, ``N`` or ``N+``
    (true counts floored to whole numbers).

    >>> parse_ramp("tc<=0:1,1+:4").steps
    ((None, 0, 1.0), (1, None, 4.0))
    """
    steps: list[tuple[Optional[int], Optional[int], float]] = []
    for part in str(text).split(","):
        match = re.fullmatch(r"\s*(?:tc\s*<=\s*([+-]?\d+)|([+-]?\d+)(\+?))\s*:\s*(\d+(?:\.\d+)?)\s*", part,
                             re.IGNORECASE)
        if not match:
            raise BjcalcError(f"a bet ramp is COUNT:BET pairs like tc<=1:1,2:2,3:4,4+:8, not {part.strip()!r}")
        at_most, count, plus, bet = match.groups()
        if float(bet) <= 0:
            raise BjcalcError(f"a bet must be positive, not {bet} (in {part.strip()!r})")
        if at_most is not None:
            steps.append((None, int(at_most), float(bet)))
        else:
            steps.append((int(count), None if plus else int(count), float(bet)))
    return BetRamp(tuple(steps), str(text))


@dataclasses.dataclass
class Simulation:
    """The rounds of a simulation (``frame``: one row per round, :data:`COLUMNS`) and its summaries.

    ``full_ev``: the full shoe's game EV (the first round of every shoe).  ``assumptions``: the
    rules, plays and arithmetic the figures rest on (an :class:`~bjcalc.game.rounds.Assumptions`);
    ``conditions``: the shuffle, the cut card and the count, by name.
    """

    spec: SimulationSpec
    frame: "pd.DataFrame"
    full_ev: Any
    assumptions: Any
    conditions: dict[str, str]
    partial_shoe: Optional[int] = None
    """The shoe that ``rounds=N`` cut short (its first rounds only), which the cut-card effect
    leaves out: its rounds are all from the top of a shoe."""

    def whole_shoes(self) -> "pd.DataFrame":
        """The frame less :attr:`partial_shoe`: every shoe dealt to its cut card (or to where the
        engine could value no more rounds)."""
        if self.partial_shoe is None:
            return self.frame
        return self.frame[self.frame["shoe"] != self.partial_shoe]

    def by_true_count(self, low: int = -6, high: int = 6) -> "pd.DataFrame":
        """By true count (floored; the ends gather everything beyond ``low`` and ``high``): the
        share of rounds, mean EV fixed and perfect, and the mean and SD of the actual results
        (:func:`true_count_table` of the frame).

        >>> from bjcalc import Rules
        >>> sim = simulate(Rules(decks=1, max_split_hands=2), shoes=2, workers=1, progress=None)
        >>> round(float(sim.by_true_count()["frequency"].sum()), 9)
        1.0
        """
        return true_count_table(self.frame, low, high)

    def true_count_slope(self, low: int = -6, high: int = 6) -> dict[str, float]:
        """How the exact EV rises with the true count (:func:`true_count_slope` of the frame)."""
        return true_count_slope(self.frame, low, high)

    def cut_card_effect(self) -> dict[str, Any]:
        """The mean EV per round dealt (fixed and perfect play) against the full-shoe EV: what
        dealing to a cut card changes (negative: more house edge per round dealt), with its
        standard error (``se_fixed``, ``se_perfect``), over whole shoes (:meth:`whole_shoes`).

        The rounds of one shoe are not independent (they share its cards), so the error is that
        of a ratio of sums over shoes, the shoes being the independent draws: the mean is
        sum(EV) / sum(rounds) over shoes, and its variance, to first order, is
        sum_i (S_i - mean n_i)^2 / (sum_i n_i)^2 x k / (k - 1) for k shoes of n_i rounds
        whose EVs sum to S_i.  Only the shuffle is random here: every EV is exact.

        >>> from bjcalc import Rules
        >>> sim = simulate(Rules(decks=1, max_split_hands=2), shoes=3, seed=2, workers=1, progress=None)
        >>> effect = sim.cut_card_effect()
        >>> effect["shoes"], effect["se_fixed"] > 0
        (3, True)
        """
        full = float(self.full_ev)
        frame = self.whole_shoes()
        out: dict[str, Any] = {"full_shoe_ev": full}
        for play in ("fixed", "perfect"):      # (NaN where this play was not valued)
            mean, error = _per_round_dealt(frame, frame[f"ev_{play}"].astype(float))
            out[f"mean_ev_{play}"], out[f"cut_card_effect_{play}"], out[f"se_{play}"] = mean, mean - full, error
        return {**out, "rounds": len(frame), "shoes": int(frame["shoe"].nunique()),
                "penetration": self.spec.penetration}

    def index_gain(self) -> dict[str, Any]:
        """What the index plays (:func:`simulate`'s ``indices``) gain per round over the fixed
        strategy, flat betting, beside what perfect play gains: ``indices`` (the playing
        decisions' gain: ``ev_indices`` less ``ev_fixed`` less the insurance taken),
        ``insurance`` (what insuring at its index gains: exactly P(ace up) x ``ev_insurance`` / 2
        in the rounds where it is taken), ``perfect`` (``ev_perfect`` less ``ev_fixed``: perfect
        play never insures), each the mean per round dealt with its standard error (``se_*``,
        over whole shoes, as :meth:`cut_card_effect`'s), and ``captured``, the decisions' share of
        perfect play's gain (their playing efficiency over these rounds, from exact EVs: only the
        shuffle is random; at most 1, perfect play being the best of the CD strategies the index
        player's is one of).  NaN where a play was not valued.

        >>> from bjcalc import Rules
        >>> sim = simulate(Rules(decks=1, max_split_hands=2), shoes=4, seed=3, workers=1, progress=None, indices=True)
        >>> gain = sim.index_gain()
        >>> 0 < gain["captured"] < 1, gain["perfect"] > gain["indices"]
        (True, True)
        >>> bool(abs(gain["indices"] + gain["insurance"] - (sim.frame.ev_indices - sim.frame.ev_fixed).mean()) < 1e-15)
        True
        """
        import pandas as pd

        frame = self.whole_shoes()
        fixed = frame["ev_fixed"].astype(float)
        insured = np.array([deviations_at(self.spec.indices, tc).insure for tc in frame["true_count"].astype(float)],
                           dtype=bool)
        aces = np.array([left[0] for left in frame["ranks_left"]], dtype=float) / frame["cards_left"].to_numpy(float)
        taken = insured & (aces > 0)
        insurance = pd.Series(np.where(taken, aces * frame["ev_insurance"].astype(float).to_numpy() / 2, 0.0),
                              index=frame.index)
        gains = {"indices": frame["ev_indices"].astype(float) - fixed - insurance, "insurance": insurance,
                 "perfect": frame["ev_perfect"].astype(float) - fixed}
        out: dict[str, Any] = {}
        for play, gain in gains.items():
            out[play], out[f"se_{play}"] = _per_round_dealt(frame, gain)
        # (over the rounds perfect play was valued in: a round whose split could run out is NaN there)
        valued = frame["ev_perfect"].notna().to_numpy()
        indices, _ = _per_round_dealt(frame[valued], gains["indices"][valued])
        perfect, _ = _per_round_dealt(frame[valued], gains["perfect"][valued])
        out["captured"] = indices / perfect if perfect else math.nan
        return {**out, "rounds": len(frame)}

    def ramp(self, ramp: Union[str, BetRamp], bankroll: float = 1000.0) -> dict[str, Any]:
        """What a bet ramp earns: each round bets ``ramp.bet(true count)`` units.

        ``win_per_100``: 100 x the mean of bet x ``ev_fixed`` (exact EVs, not the noisy results;
        ``ev_indices`` where the player used index plays, :func:`simulate`'s ``indices``);
        ``sd_per_100``: 10 x the SD of bet x ``result`` (the rounds played out); SCORE =
        10^6 (ev / sd)^2 per round (the win per 100 rounds at the optimal bet for a bankroll of
        10 000 units); N0 = (sd / ev)^2; risk of ruin for ``bankroll`` units of the smallest bet
        (:func:`bjcalc.analysis.risk.risk_of_ruin`, its diffusion model treating rounds as
        independent).  Play: the fixed strategy, with its index plays where it had them
        (``play`` says which).
        """
        ramp = parse_ramp(ramp) if isinstance(ramp, str) else ramp
        frame = self.frame
        bets = np.array([ramp.bet(tc) for tc in frame["true_count"].astype(float)])
        play = "indices" if self.spec.indices else "fixed"
        evs = bets * frame[f"ev_{play}"].astype(float).to_numpy()
        results = bets * frame["result"].astype(float).to_numpy()
        results = results[~np.isnan(results)]
        ev = float(evs.mean())
        sd = float(results.std(ddof=1)) if len(results) > 1 else math.nan
        out = {"ramp": ramp.text, "play": f"fixed strategy + {self.spec.system} indices" if self.spec.indices
               else "fixed strategy", "rounds": len(frame), "mean_bet": float(bets.mean()), "win_per_100": 100 * ev,
               "sd_per_100": 10 * sd, "ev_per_round": ev, "sd_per_round": sd,
               "score": 1e6 * (ev / sd) ** 2 if ev > 0 and sd > 0 else math.nan,
               "n0": n0(ev, sd) if ev > 0 and sd > 0 else (math.nan if math.isnan(ev) else math.inf),
               "bankroll_units": bankroll,
               "risk_of_ruin": risk_of_ruin(ev, sd, bankroll) if sd > 0 and not math.isnan(ev) else math.nan}
        return out


def true_count_table(frame: "pd.DataFrame", low: int = -6, high: int = 6) -> "pd.DataFrame":
    """A simulation frame (:data:`COLUMNS`) by true count, floored, the ends gathering everything
    beyond ``low`` and ``high``: ``rounds``, ``frequency``, mean ``ev_fixed``, ``ev_perfect``,
    ``ev_indices``, ``ev_insurance`` and ``sd_perfect`` (NaN where the frame has none), and the
    mean and SD (``result_sd``) of the rounds' actual results.  (``result_sd`` is of the results
    played out; ``sd_perfect`` averages each round's exact SD, from its exact moments, which
    :func:`simulate` computes only when asked: it costs far more than the round's EV.)

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"round": [0, 1, 2], "true_count": [-0.5, 0.2, 0.9], "ev_fixed": [-0.01, 0.0, 0.01],
    ...                       "ev_perfect": [-0.01, 0.0, 0.02], "result": [-1.0, 1.0, 1.0]})
    >>> true_count_table(frame)[["rounds", "ev_fixed"]].values.tolist()
    [[1.0, -0.01], [2.0, 0.005]]
    """
    bucket = np.clip(np.floor(frame["true_count"].astype(float)), low, high).astype(int)
    evs = {name: frame[name].astype(float) if name in frame else math.nan for name in _EV_COLUMNS}
    grouped = frame.assign(tc=bucket, **evs).groupby("tc")
    table = grouped.agg(rounds=("round", "size"), **{name: (name, "mean") for name in _EV_COLUMNS},
                        result=("result", "mean"), result_sd=("result", "std"))
    table.insert(1, "frequency", table["rounds"] / len(frame))
    table.index.name = "true count (floored)"
    return table


def true_count_slope(frame: "pd.DataFrame", low: int = -6, high: int = 6) -> dict[str, float]:
    """The least-squares line of the exact EVs (fixed and perfect play) on the true count, over
    the rounds whose true count is from ``low`` to below ``high + 1`` (the table's inner range):
    ``slope_fixed``, ``slope_perfect`` (EV per unit initial bet per true count),
    ``intercept_fixed``, ``intercept_perfect`` and ``rounds`` (those the fixed-play line used).

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"true_count": [-1.0, 0.0, 1.0], "ev_fixed": [-0.01, 0.0, 0.01],
    ...                       "ev_perfect": [0.0, 0.0, 0.02]})
    >>> {k: round(v, 6) for k, v in true_count_slope(frame).items()}["slope_fixed"]
    0.01
    """
    tc = frame["true_count"].astype(float).to_numpy()
    inside = (tc >= low) & (tc < high + 1)
    out: dict[str, float] = {}
    for play in ("fixed", "perfect", "indices"):
        if f"ev_{play}" not in frame:
            out[f"slope_{play}"] = out[f"intercept_{play}"] = math.nan
            continue
        ev = frame[f"ev_{play}"].astype(float).to_numpy()[inside]
        valued = np.isfinite(ev) & np.isfinite(tc[inside])    # (a run without this play's EVs has none: no line)
        # (a line needs two true counts at least: a tiny shoe may give one, and polyfit then fails)
        slope, intercept = (np.polyfit(tc[inside][valued], ev[valued], 1) if len(np.unique(tc[inside][valued])) > 1
                            else (math.nan, math.nan))
        out[f"slope_{play}"], out[f"intercept_{play}"] = float(slope), float(intercept)
        if play == "fixed":
            out["rounds"] = int(valued.sum())      # the fixed line's rounds
    return out


def _per_round_dealt(frame: "pd.DataFrame", column: "pd.Series") -> tuple[float, float]:
    """The mean of ``column`` per round dealt and its standard error, the shoes of ``frame``
    being the independent draws (see :meth:`Simulation.cut_card_effect`)."""
    by_shoe = column.groupby(frame["shoe"].to_numpy())
    sums, rounds = by_shoe.sum(min_count=1).to_numpy(), by_shoe.size().to_numpy(dtype=float)
    if not rounds.sum():
        return math.nan, math.nan      # (no whole shoe: a run of fewer rounds than a shoe deals)
    mean = float(sums.sum() / rounds.sum())
    shoes = len(rounds)
    spread = float(((sums - mean * rounds) ** 2).sum()) * shoes / (shoes - 1) if shoes > 1 else math.nan
    return mean, float(math.sqrt(spread) / rounds.sum())


def linear_ev(frame: "pd.DataFrame", full_shoe: Shoe, full_ev: float, effects: Any) -> "pd.Series":
    """Each round's fixed-play EV as the effects of removal predict it from the cards left: the
    full shoe's EV plus each value's effect times how far its share of the cards left is from
    the full shoe's, in cards of the full shoe (scaled so that one card gone gives that card's
    effect exactly).  With ``L`` the cards left by value (``N_L`` in all), ``n`` the full shoe's
    (``N``): EV_full + sum_v EOR_v (n_v - L_v N / N_L) (N - 1) / N.  A control variate for
    :func:`cut_card_effect_controlled`: it needs no EV of its own.

    >>> import pandas as pd
    >>> from bjcalc import Calculator, Rules
    >>> calc = Calculator(Rules(decks=1, max_split_hands=2))
    >>> eor = calc.effects_of_removal()
    >>> less = calc.shoe.remove("5")
    >>> frame = pd.DataFrame({"ranks_left": [less.rank_counts]})
    >>> round(float(linear_ev(frame, calc.shoe, calc.game().ev, eor).iloc[0] - calc.game().ev), 6) == round(
    ...     float(eor["5"]), 6)
    True
    """
    import pandas as pd

    by_rank = np.array(list(frame["ranks_left"]), dtype=float).reshape(-1, 13)
    left = np.concatenate([by_rank[:, :9], by_rank[:, 9:].sum(axis=1, keepdims=True)], axis=1)   # by value
    full = np.array(full_shoe.value_counts(), dtype=float)
    effect = np.array([float(effects[label]) for label in VALUE_LABELS])
    total = full.sum()
    share = full[None, :] - left * total / left.sum(axis=1, keepdims=True)
    return pd.Series(float(full_ev) + (share @ effect) * (total - 1) / total, index=frame.index)


def cut_card_effect_controlled(valued: "Simulation", dealt: "Simulation", effects: Any) -> dict[str, Any]:
    """The cut-card effect of fixed play, estimated with a control variate: the effects of
    removal's linear prediction of each round's EV (:func:`linear_ev`), whose mean per round
    dealt comes from ``dealt``, a long run without EVs (``values="none"``: cheap), while the
    exact EVs of ``valued`` (with ``ev_fixed``) only measure how far the truth is from the
    prediction.  The effect is mean_dealt(X) - EV_full + mean_valued(EV - X); the two runs are
    independent (other seeds), so the variances add.  The prediction follows the EV closely,
    so its error is small, and the long cheap run does the rest.

    ``effects``: the fixed-play effects of removal of the same game
    (``Calculator(rules).effects_of_removal()``).  Both runs need the same rules, shoe,
    penetration and post-split strategy (the count plays no part in the deal); whole shoes only
    (:meth:`Simulation.whole_shoes`).  The error is a first-order one, that of a ratio of sums,
    as in :meth:`Simulation.cut_card_effect`.  A caution for tiny shoes: a run with EVs ends a
    shoe whose next round the engine cannot value, one without does not (see :func:`simulate`);
    with decks, as here, no round is refused.

    >>> from bjcalc import Calculator, Rules
    >>> rules = Rules(decks=1, max_split_hands=2)
    >>> eor = Calculator(rules).effects_of_removal()
    >>> valued = simulate(rules, shoes=4, seed=1, values="fixed", workers=1, progress=None)
    >>> dealt = simulate(rules, shoes=40, seed=2, values="none", workers=1, progress=None)
    >>> effect = cut_card_effect_controlled(valued, dealt, eor)
    >>> effect["se"] < valued.cut_card_effect()["se_fixed"]
    True
    """
    same = ("rules", "split_strategy", "penetration", "full_shoe")       # (what the deal depends on)
    if any(getattr(valued.spec, name) != getattr(dealt.spec, name) for name in same):
        raise BjcalcError("the two runs must be of the same game: rules, shoe, penetration and post-split strategy")
    if valued.spec.seed == dealt.spec.seed:
        raise BjcalcError("the two runs must be independent: give the run without EVs another seed")
    if valued.frame["ev_fixed"].isna().any():
        raise BjcalcError("the valued run needs every round's fixed-play EV (values='both' or 'fixed')")
    full_ev = float(valued.full_ev)
    shoe = valued.spec.full_shoe
    rounds, others = valued.whole_shoes(), dealt.whole_shoes()
    predicted, predicted_se = _per_round_dealt(others, linear_ev(others, shoe, full_ev, effects))
    residual = rounds["ev_fixed"].astype(float) - linear_ev(rounds, shoe, full_ev, effects)
    gap, gap_se = _per_round_dealt(rounds, residual)
    plain = valued.cut_card_effect()
    return {"cut_card_effect": predicted - full_ev + gap, "se": math.hypot(predicted_se, gap_se),
            "predicted_part": predicted - full_ev, "predicted_se": predicted_se,
            "residual_part": gap, "residual_se": gap_se,
            "uncontrolled": plain["cut_card_effect_fixed"], "uncontrolled_se": plain["se_fixed"],
            "rounds_valued": len(valued.frame), "shoes_valued": plain["shoes"],
            "rounds_dealt": len(others), "shoes_dealt": int(others["shoe"].nunique()),
            "penetration": valued.spec.penetration}


def plot_by_true_count(data: Union["Simulation", "pd.DataFrame"], low: int = -6, high: int = 6,
                       title: Optional[str] = None) -> Any:
    """A matplotlib figure of EV by true count: the mean exact EV (percent) with fixed and perfect
    play in each floored true count (the ends gather everything beyond ``low`` and ``high``), the
    least-squares line of the fixed-play EV (:func:`true_count_slope`, drawn at each bucket's
    middle, TC + 0.5), and how often each count comes (bars, right axis); with index plays
    (``simulate(..., indices=True)``) their EV too.  ``data``: a
    :class:`Simulation` or its frame.  Needs matplotlib (the ``notebooks`` extra); the figure is
    a :class:`matplotlib.figure.Figure` not held by pyplot (``figure.savefig("ev.png")``).

    >>> from bjcalc import Rules
    >>> sim = simulate(Rules(decks=1, max_split_hands=2), shoes=2, workers=1, progress=None)
    >>> figure = plot_by_true_count(sim)
    >>> figure.axes[0].get_xlabel(), len(figure.axes)
    ('true count (floored)', 2)
    """
    from matplotlib.figure import Figure

    frame = data.frame if isinstance(data, Simulation) else data
    table = true_count_table(frame, low, high)
    fit = true_count_slope(frame, low, high)
    x = table.index.to_numpy()
    figure = Figure(figsize=(7.0, 4.2))
    ax = figure.add_subplot()
    share = ax.twinx()        # the frequency bars behind the EV lines
    share.bar(x, table["frequency"] * 100, width=0.7, color="#dde6f0", zorder=0)
    share.set_ylabel("rounds %")
    ax.set_zorder(share.get_zorder() + 1)
    ax.patch.set_visible(False)
    ax.axhline(0, color="#666", linewidth=0.6)
    ax.plot(x, table["ev_fixed"] * 100, marker="o", color="#3b6ea8", label="EV, fixed play (full-shoe CD)")
    ax.plot(x, table["ev_perfect"] * 100, marker="s", color="#c0504d", label="EV, perfect play")
    if np.isfinite(table["ev_indices"].to_numpy(dtype=float)).any():
        ax.plot(x, table["ev_indices"] * 100, marker="^", color="#4f8f4f", label="EV, fixed play + index plays")
    if math.isfinite(fit["slope_fixed"]):
        inner = x[(x > low) & (x < high)] if len(x) > 2 else x
        ax.plot(inner, (fit["intercept_fixed"] + fit["slope_fixed"] * (inner + 0.5)) * 100, linestyle="--",
                color="#3b6ea8", linewidth=0.9, label=f"fit: {fit['slope_fixed'] * 100:+.3f} % per true count")
    labels = [str(v) for v in x]
    if len(x):
        labels[0] = f"\u2264{x[0]}" if x[0] == low else labels[0]
        labels[-1] = f"{x[-1]}+" if x[-1] == high else labels[-1]
    ax.set_xticks(x, labels)
    ax.set_xlabel("true count (floored)")
    ax.set_ylabel("EV % of the initial bet")
    ax.legend(fontsize=8, loc="upper left")
    system = f"{data.spec.system}, " if isinstance(data, Simulation) else ""
    ax.set_title(title or f"EV by true count ({system}{len(frame):,} rounds)")
    figure.tight_layout()
    return figure


def simulate(rules: Rules, *, rounds: Optional[int] = None, shoes: Optional[int] = None, seed: int = 0,
             system: str = "hilo", penetration: Union[float, int] = 0.75, deck_resolution: float = 0.0,
             split_strategy: str = "CDZ-", exact: bool = False, shoe: Optional[Shoe] = None, workers: Optional[int] = None,
             scheduler: Any = None, progress: Optional[Callable[..., Any]] = "default",  # type: ignore[assignment]
             shoes_per_chunk: Optional[int] = None, values: str = "both", indices: bool = False,
             sd: bool = False) -> Simulation:
    """Deal ``shoes`` shoes, or as many as ``rounds`` rounds need (the frame is cut at exactly
    ``rounds``), and value every round (see the module docstring).

    ``values``: which exact EVs every round gets (:data:`VALUES`): ``"both"``, ``"fixed"`` (the
    fixed-play EV only, about half the time: what the cut-card effect and a bet ramp's win rate
    need) or ``"none"`` (the shuffle, the counts and the play-out only: how often each count
    comes, the results' spread).  Without EVs nothing checks that the engine could value a
    round, so a shoe ends only at the cut card (a tiny shoe that runs out gives a NaN result).

    ``indices``: the player adds the count's index plays to the fixed strategy (the Illustrious
    18 of :data:`~bjcalc.analysis.counting.COMMON_PLAYS` that the shoe can deal and the rules
    allow, their indices found once for these rules and this shoe by
    :func:`~bjcalc.analysis.counting.indices` from exact effects of removal): at each round's
    true count before the deal, every play at or beyond its whole-number index takes its action
    and every other its alternative, on the first decision of an unsplit hand (see
    :class:`~bjcalc.game.removal.Deviation`), and insurance is taken at or above its index.
    Each round then also gets ``ev_indices``, the exact EV of that play (with ``values`` both or
    fixed), and is played out by it; the bet ramp's win rate is that EV's.  A balanced count only.

    ``sd``: each round also gets ``sd_perfect``, the exact standard deviation of its net result
    with perfect play for the cards left (every split hand and double settled against the one
    dealer hand, resplits included: :meth:`bjcalc.Calculator.moments`), with ``values="both"``.
    Costly, so a sample of shoes (see the documentation's performance page); a game
    the moments refuse (optimal splits) is refused before any shoe is dealt.  So is the optimal
    split whatever ``values``: rounds are played out hand by hand, and so is a run above
    :data:`MAX_ROUNDS`.

    ``shoe``: the shoe each shuffle starts from (default the rules' full decks; a small one keeps
    exact arithmetic quick).  ``system``: a count system (``hilo``, ``ko``, ``zen`` ... or a name of
    :data:`bjcalc.analysis.counting.SYSTEMS`).  ``workers``/``scheduler``: where the work runs
    (:func:`bjcalc.core.runner.run_chunks`); the result does not depend on them.
    ``progress``: a tqdm bar on stderr by default; None for none, or a callable
    ``progress(iterable, total=n)``: it counts rounds up to ``rounds`` (never past it: the rows
    dealt past it are dropped), or the shoes dealt of ``shoes``.

    >>> from bjcalc import Rules
    >>> sim = simulate(Rules(decks=1, max_split_hands=2), rounds=5, seed=7, workers=1, progress=None)
    >>> len(sim.frame), list(sim.frame["round"])
    (5, [0, 1, 2, 3, 4])
    """
    variant_of(rules).check_analysis("counting")
    import pandas as pd

    if (rounds is None) == (shoes is None):
        raise BjcalcError("give the number of rounds or of shoes to deal (one of them)")
    for name, value in (("rounds", rounds), ("shoes", shoes)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise BjcalcError(f"{name} must be a whole number, at least 1, not {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BjcalcError(f"the seed must be a whole number, 0 or more, not {seed!r}")
    name = count_system(system).name      # (every spelling the commands take, or refused naming them)
    spec = SimulationSpec(rules, split_strategy, name, penetration, deck_resolution, seed, exact, shoe, values,
                          sd=bool(sd))
    full_shoe = _check_spec(spec)
    per_shoe = max(1.0, spec.cut_cards(full_shoe.total) / CARDS_PER_ROUND)
    size = rounds if rounds is not None else shoes * per_shoe       # type: ignore[operator]
    if size > MAX_ROUNDS:
        asked = f"{rounds:,} rounds" if rounds is not None else f"{shoes:,} shoes (about {size:,.0f} rounds)"
        raise TooLargeError(f"{asked} is too large for one run: at most {MAX_ROUNDS:,} rounds (a frame row each, "
                            f"about 300 bytes); deal fewer, or run several seeds and combine them")
    # (every round is played out hand by hand, by each hand's own cards: not the optimal split,
    # which decides with every card of the round; refused before the optimal game, minutes long)
    check_per_hand_split(Calculator(rules, full_shoe, split_strategy, exact), "a shoe simulation")
    if spec.sd:
        if values != "both":
            raise BjcalcError(f"the rounds' SD is of perfect play, whose EV it goes with: values='both' (--values "
                              f"both), not {values!r}")
        # (refused here, before any shoe is dealt, if the moments refuse this game)
        Calculator(rules, full_shoe, split_strategy, exact).moments()
    if indices:
        spec = with_index_plays(spec)
    chunk = shoes_per_chunk or max(1, round(ROUNDS_PER_CHUNK / per_shoe))
    if progress == "default":       # a bar on a terminal; nothing in a log or a notebook's stderr
        import sys

        from ..core.progress import Progress
        progress = Progress("count", unit="rounds" if rounds is not None else "shoes") if sys.stderr.isatty() else None
    frames: list[pd.DataFrame] = []
    dealt, next_shoe, target = 0, 0, rounds or 0
    while True:
        want = shoes if shoes is not None else max(1, math.ceil((target - dealt) / per_shoe * 1.05))
        # (no chunk needs more rows than are still wanted, and one more: the row after the last
        # wanted tells whether the cut falls inside a shoe; the rows are the same, only fewer)
        limit = target - dealt + 1 if rounds is not None else None
        tasks = [(spec, first, min(chunk, next_shoe + want - first), limit)
                 for first in range(next_shoe, next_shoe + want, chunk)]
        # (progress counts what was asked for, never past it: the rounds still wanted, each chunk's
        # rows past them dropped below; or the shoes dealt)
        budget = [target - dealt if rounds is not None else want]

        def weight(rows: "pd.DataFrame", budget: list[int] = budget) -> int:
            step = min(len(rows) if rounds is not None else int(rows["shoe"].nunique()), budget[0])
            budget[0] -= step
            return step

        results = run_chunks(simulate_shoes, tasks, workers=workers, scheduler=scheduler, progress=progress,
                             weight=weight, total=budget[0])
        frames += results
        dealt += sum(len(f) for f in results)
        next_shoe += want
        if shoes is not None or dealt >= target:
            break
    frame = pd.concat(frames, ignore_index=True)
    partial = None
    if rounds is not None and len(frame) > rounds:
        last = int(frame["shoe"].iloc[rounds - 1])
        if int(frame["shoe"].iloc[rounds]) == last:       # (the cut falls inside that shoe)
            partial = last
        frame = frame.iloc[:rounds].copy()
    full_ev = Calculator(rules, full_shoe, split_strategy, exact).game().ev
    stated, conditions = _assumptions(spec, full_shoe)
    return Simulation(spec, frame, full_ev, stated, conditions, partial)


def with_index_plays(spec: SimulationSpec) -> SimulationSpec:
    """``spec`` with its count's index plays (:attr:`SimulationSpec.indices`): the plays of
    :data:`~bjcalc.analysis.counting.COMMON_PLAYS` its full shoe can deal and its rules allow
    (both actions), their indices found by :func:`~bjcalc.analysis.counting.indices` for its
    rules, shoe and post-split strategy (a few seconds, once).

    >>> plays = with_index_plays(SimulationSpec(Rules(decks=1, max_split_hands=2))).indices
    >>> plays[1].rule
    '16 v T: stand at TC >= +4'
    """
    system = SYSTEMS[spec.system]
    if not system.balanced:
        raise BjcalcError(f"{spec.system} is unbalanced: index plays are by true count, which needs a balanced "
                          f"count: {count_names([s for s in SYSTEMS.values() if s.balanced])}")
    full_shoe = spec.full_shoe
    calc = Calculator(spec.rules, full_shoe, spec.split_strategy, spec.exact)
    plays = playable(calc)
    if not plays:
        raise BjcalcError("the shoe is too small to deal any index play's cards: use whole decks")
    table = index_table(calc, system, plays)
    return dataclasses.replace(spec, indices=index_plays(table))


def _assumptions(spec: SimulationSpec, shoe: Shoe) -> tuple[Any, dict[str, str]]:
    """What the figures rest on: the calculator's :class:`~bjcalc.game.rounds.Assumptions` (with
    the two plays in ``strategy``), and the simulation's own conditions by name."""
    calc = Calculator(spec.rules, shoe, spec.split_strategy, spec.exact)
    stated = calc.assumptions()
    cut = spec.cut_cards(shoe.total)
    plays = ("ev_fixed: the full shoe's best CD strategy played unchanged on the cards left; ev_perfect: CD play "
             "re-optimised for the cards left; ev_insurance: insurance per unit insured against an ace, from the cards "
             "left; ")
    if spec.sd:
        plays += ("sd_perfect: the exact SD of the round's net result with perfect play (its exact moments: "
                  "every split hand and double against the one dealer hand); ")
    if spec.indices:
        plays += (f"ev_indices: the fixed strategy with {spec.system}'s index plays at the round's true count before "
                  f"the deal ({'; '.join(p.rule for p in spec.indices)}: on the first decision of an unsplit hand "
                  f"only; insurance on every hand, a natural's too); result: the round played out by that strategy "
                  f"(split hands decided as unsplit hands)")
    else:
        plays += "result: the round played out with the full shoe's CD decisions (split hands decided as unsplit hands)"
    conditions = {
        "shuffle": f"{shoe.describe()} shuffled by numpy's PCG64 seeded with (seed {spec.seed}, shoe number), dealt "
                   f"heads-up to one player",
        "cut_card": f"after {cut} of {shoe.total} cards (penetration {spec.penetration}); the round in progress is "
                    f"finished",
        "count": f"{spec.system}: running count of every card seen (burned cards included); true count = running "
                 f"count / decks left ({'exact' if not spec.deck_resolution else f'to {spec.deck_resolution} decks'})",
        "valuation": {"both": f"exact EVs of each round before it is dealt (fixed{', index' if spec.indices else ''} "
                              f"and perfect play), per unit initial bet",
                      "fixed": f"the exact fixed-play EV{' (and with the index plays)' if spec.indices else ''} of "
                               f"each round before it is dealt, per unit initial bet (ev_perfect not computed: NaN)",
                      "none": "no EVs (ev_fixed and ev_perfect NaN): the shuffle, the counts and the rounds played "
                              "out only"}[spec.values]}
    if spec.indices:
        kept = {p.play for p in spec.indices}
        left_out = [play.label for play in COMMON_PLAYS if play not in kept]
        why = (f" (left out: {', '.join(left_out)}: the shoe cannot deal them, the rules do not allow them, or the "
               f"count does not move them)")
        conditions["indices"] = (f"{len(spec.indices)} {spec.system} index plays, their indices where Griffin's linear "
                                 f"estimate from exact effects of removal crosses zero, for these rules and shoe"
                                 f"{why if left_out else ''}")
    return dataclasses.replace(stated, strategy=plays), conditions
