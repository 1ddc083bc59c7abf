"""A calculator built with ``reuse=`` (another calculator's dealer trees, hand space and node
set, what the shoe simulator and the effects of removal build every depleted shoe with) gives
the numbers of one built alone: exactly in exact mode; in floats up to rounding, because the
compiled dealer walk groups its sums by the tree's states and a larger shoe's tree has more of
them (which the smaller shoe reaches with chance 0)."""

import pickle

import numpy as np
import pytest

from bjcalc.engine.rows import lend
from bjcalc import Calculator, Rules, Shoe, variants
from bjcalc.core.errors import BjcalcError
from bjcalc.engine.player import forced_reach
from bjcalc.game.removal import play_on

# Depletions that shrink the hand space (fewer aces, twos and threes than a hand can hold) and
# leave a pair unsplittable (one seven), beside ordinary ones.
# (Suited cards, so that the shoe keeps its suits: Burn 20 needs them.)
REMOVALS = ["AS,AH,AD", "2S,2H,2D,3S,3H,3D,7S,7H,7D", "5S,TS,KH,6D"]
SMALL = Shoe.from_counts({"A": 2, "2": 2, "3": 2, "4": 1, "5": 2, "6": 1, "7": 2, "8": 2, "9": 1, "T": 5})
SMALL_REMOVALS = [("A",), ("2", "3", "7"), ("5", "T", "6")]
HALF = Shoe.from_counts({"A": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 2, "7": 2, "8": 2, "9": 2, "T": 8})
"""Half a deck: exact fixed plays stay quick, and no round (split to three hands) can run out of it."""


# Each rule set with one of the depletions (every rule set, post-split strategy and depletion
# once, not their cross product): the unsplittable seven under CDP, which resplits.
@pytest.mark.parametrize("rules, split, removed", [
    (Rules(decks=1, max_split_hands=2), "CDZ-", SMALL_REMOVALS[0]),
    (Rules(decks=1, hole_card="enhc", surrender="late", max_split_hands=3, double_after_hit=True), "CDP",
     SMALL_REMOVALS[1]),
    (Rules(decks=1, max_split_hands=3, surrender="any_time"), "CDP1",    # (4 hands: T,T v A can run out, refused)
     SMALL_REMOVALS[2]),
])
def test_exact_values_are_those_of_a_calculator_built_alone(rules, split, removed):
    full = Calculator(rules, SMALL, split, exact=True)
    left = SMALL.remove(*removed)
    alone = Calculator(rules, left, split, exact=True)
    reused = Calculator(rules, left, split, exact=True, reuse=full)
    assert reused.engine.nodes is full.engine.nodes
    for strategy in ("CD", "TD") if split == "CDZ-" else ("CD",):
        assert reused.game(strategy).ev == alone.game(strategy).ev
    assert play_on(full, reused).ev == play_on(full, alone).ev
    assert reused.hand("T,5", "T") == alone.hand("T,5", "T")
    assert reused.hand("8,8", "9") == alone.hand("8,8", "9")


@pytest.mark.parametrize("preset", ["standard", "burn20", "no_bust_21st_century", "classic_single_deck"])
@pytest.mark.parametrize("removed", REMOVALS)
def test_every_preset_gives_the_same_floats_up_to_rounding(preset, removed):
    rules = getattr(variants, preset)(decks=1)
    full = Calculator(rules)
    left = full.shoe.without(removed)
    alone, reused = Calculator(rules, left), Calculator(rules, left, reuse=full)
    # (rounding: a few units in the last place of the round's terms, far below any printed digit)
    assert reused.game().ev == pytest.approx(alone.game().ev, rel=0, abs=1e-15)
    assert play_on(full, reused).ev == pytest.approx(play_on(full, alone).ev, rel=0, abs=1e-15)


def test_a_hand_the_depleted_shoe_cannot_deal_is_still_refused():
    full = Calculator(Rules(decks=1))
    reused = Calculator(Rules(decks=1), full.shoe.remove("7", "7", "7"), reuse=full)
    with pytest.raises(BjcalcError, match="7"):
        reused.hand("7,7", "7")


@pytest.mark.parametrize("make, message", [
    (lambda full: Calculator(Rules(decks=1, dealer_hits_soft_17=True), full.shoe, reuse=full), "same rules"),
    (lambda full: Calculator(Rules(decks=1), full.shoe, "CDP", reuse=full), "same rules"),
    (lambda full: Calculator(Rules(decks=1), full.shoe, exact=True, reuse=full), "same rules"),
    (lambda full: Calculator(Rules(decks=1), Shoe.decks(2), reuse=full), "at least the cards"),
    (lambda full: Calculator(Rules(decks=1), Shoe.infinite(), reuse=full), "at least the cards"),
    (lambda full: Calculator(Rules(decks=1), reuse="full"), "must be a bjcalc.Calculator"),
])
def test_a_calculator_that_cannot_serve_is_refused_in_one_line(make, message):
    with pytest.raises(BjcalcError, match=message) as error:
        make(Calculator(Rules(decks=1)))
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("preset", ["standard", "burn20", "no_bust_21st_century", "classic_single_deck"])
def test_both_plays_in_one_pass_give_the_numbers_of_two(preset):
    """``play_on(..., best_too=True)`` values the depleted shoe's own best play in the passes of the
    fixed play (the shoe simulator's way): both results are those of separate computations on the
    same trees, to the bit."""
    rules = getattr(variants, preset)(decks=2)
    full = Calculator(rules)
    left = full.shoe.without("AS,5H,TD,TC,KS,6H")
    together = Calculator(rules, left, reuse=full)
    fixed_together = play_on(full, together, best_too=True)
    assert len(together.engine._cache) == 10          # (the best play was valued in those passes)
    fixed_alone = play_on(full, Calculator(rules, left, reuse=full))
    assert fixed_together.ev == fixed_alone.ev
    assert fixed_together.by_upcard.tolist() == fixed_alone.by_upcard.tolist()
    assert together.game().ev == Calculator(rules, left, reuse=full).game().ev


# Each game with one card removed (every game and every card twice, not their cross product):
# an ace from the small shoe leaves it one, which shrinks its hand space.
@pytest.mark.parametrize("rules, shoe, exact, removed", [
    (Rules(decks=1), None, False, "5"),
    (Rules(decks=2, hole_card="enhc", dealer_hits_soft_17=True, surrender="late", max_split_hands=3), None, False,
     "A"),
    (Rules(decks=1, max_split_hands=2), SMALL, True, "A"),     # (a shoe that can run out of cards)
    (Rules(decks=1, max_split_hands=2), SMALL, False, "T"),
    (variants.burn20(decks=1), None, False, "T"),              # (its dealer under a ten has its own outcomes)
    (variants.no_bust_21st_century(decks=1), None, False, "5"),
])
def test_rows_borrowed_from_the_shoe_one_card_larger_are_the_shoes_own(rules, shoe, exact, removed):
    """A shoe one card short of the reused one takes the dealer rows that shoe has evaluated
    (``RowSupply.borrow_from``): the same numbers, to the bit, as evaluating them itself."""
    full = Calculator(rules, shoe, exact=exact)
    full.game()
    card = removed if full.shoe.suit_counts is None else removed + "S"
    left = full.shoe.remove(card) if full.shoe.suit_counts is None else full.shoe.without(card)
    borrowing = Calculator(rules, left, exact=exact, reuse=full)
    plain = Calculator(rules, left, exact=exact, reuse=Calculator(rules, shoe, exact=exact))  # (its lender has no rows)
    engine = borrowing.engine
    for up in range(1, 11):
        if left.value_counts()[up - 1]:
            rows = engine.rows.outcome(up)
            own = borrowing.round.dealer_engine.evaluate(up, engine.nodes.removed_sets)
            assert (rows.probabilities == own.probabilities).all() and (rows.exhausted == own.exhausted).all()
            some = np.arange(1, len(engine.nodes.removed_sets), 3)       # (a fixed play's sets only)
            part = engine.rows.rows_of(up, some)
            assert (part.probabilities == own.probabilities[some]).all() and (part.exhausted == own.exhausted[some]).all()
    lent = [up for up in range(1, 11) if engine.rows.lent_rows(up) is not None]
    assert len(lent) >= 9 and (10 not in lent or not rules.burn_20)     # (Burn 20's own dealer under a ten)
    assert borrowing.game().ev == plain.game().ev
    assert play_on(full, borrowing).ev == play_on(full, plain).ev


@pytest.mark.parametrize("rules, split", [
    (Rules(decks=2), "CDZ-"),
    (Rules(decks=1, hole_card="enhc", dealer_hits_soft_17=True, surrender="late", max_split_hands=3), "CDP"),
    (variants.burn20(decks=1), "CDZ-"),                   # (its dealer under a ten has its own outcomes)
    (variants.no_bust_21st_century(decks=1), "CDP1"),
])
def test_rows_lent_in_one_batch_are_those_each_shoe_evaluates(rules, split):
    """``bjcalc.engine.rows.lend``: the shoe one card short of each value takes the rows no node of
    the full shoe has from one batch the full shoe evaluates for all ten (what the effects of
    removal do in floats): each shoe's fixed play and every row it reads are, to the bit, those
    it gets evaluating them itself."""
    full = Calculator(rules, split_strategy=split)
    full.game()
    suited = full.shoe.suit_counts is not None
    shoes = {value: full.shoe.without(label + "S") if suited else full.shoe.remove(label)
             for value, label in enumerate("A23456789T", start=1)}
    alone = {value: play_on(full, Calculator(rules, left, split, reuse=full)) for value, left in shoes.items()}
    engine = full.engine
    lend(engine, range(1, 11))
    try:
        for value, left in shoes.items():
            lent = Calculator(rules, left, split, reuse=full)
            fixed = play_on(full, lent)
            borrowed = {up for up in range(1, 11) if lent.engine.rows.lent_rows(up) is not None}
            assert len(borrowed) >= 9 and set(engine.rows._beyond) >= borrowed     # (not Burn 20's dealer under a ten)
            assert fixed.ev == alone[value].ev
            assert fixed.by_upcard.tolist() == alone[value].by_upcard.tolist()
            own = lent.round.dealer_engine
            for up in (2, 6, 10):
                hits = (full.round.upcard(up).hits | engine.must_hit) & engine.can_hit
                sets = forced_reach(engine.nodes, hits).sets
                rows = lent.engine.rows.rows_of(up, sets)
                wanted = own.evaluate(up, engine.nodes.removed_sets[sets])
                assert (rows.probabilities == wanted.probabilities).all()
                assert (rows.exhausted == wanted.exhausted).all()
        assert engine.rows._beyond
    finally:
        lend(engine, ())
    assert not engine.rows._beyond
    copied = pickle.loads(pickle.dumps(full))     # (no lock in an engine: a calculator still pickles)
    assert copied.game().ev == full.game().ev and not copied.engine.rows.lending


@pytest.mark.parametrize("rules", [Rules(decks=6), Rules(decks=1, resplit_aces=True, hit_split_aces=True)])
def test_a_fixed_play_reaches_every_hand_it_can_read(rules):
    """The fixed play values only the hands it can reach (``NodeSet.reachable``): every hand of
    one or two cards, a card more than those (a first hit or double), and every hand a
    reachable hit leads to; the rest get no dealer row and no value."""
    calc = Calculator(rules)
    nodes = calc.engine.nodes
    for up in (2, 6, 10):
        hits = calc.round.upcard(up).hits
        reach = nodes.reachable(hits)
        assert reach[nodes.cards <= 2].all()
        going = reach & (hits | (nodes.cards <= 2))
        kids = nodes.child[going].ravel()
        assert reach[kids[kids >= 0]].all()
        assert not reach.all()
        # what a pass over the reached hands takes: their sets, each node's place among them, the
        # levels' order less the others, and the hands it only stands on
        forced = forced_reach(nodes, hits)
        assert (forced.mask == reach).all() and (forced.every == np.flatnonzero(reach)).all()
        assert (forced.sets == np.unique(nodes.removed_index[reach])).all()
        assert (forced.sets[forced.row[reach]] == nodes.removed_index[reach]).all() and not forced.row[~reach].any()
        start, order = nodes.play_order
        assert forced.order.tolist() == [i for i in order.tolist() if reach[i]]
        levels = [[i for i in order[a:b].tolist() if reach[i]] for a, b in zip(start[:-1], start[1:])]
        assert [forced.order[a:b].tolist() for a, b in zip(forced.level_start[:-1], forced.level_start[1:])] == levels
        assert (forced.stand_only == (reach & ~hits & (nodes.cards >= 3))).all()
        assert forced_reach(nodes, hits.copy()) is forced        # (kept: ten shoes ask for it)
        with pytest.raises(ValueError):       # (shared by every shoe and thread: read-only)
            forced.mask[0] = False


@pytest.mark.parametrize("rules, split", [
    (Rules(decks=1, max_split_hands=2), "CDZ-"),
    (Rules(decks=1, hole_card="enhc", dealer_hits_soft_17=True, surrender="late", max_split_hands=3), "CDP"),
    (variants.no_bust_21st_century(decks=1), "CDZ-"),     # (busts settled by the dealer's hand)
])
def test_an_exact_fixed_play_of_the_reached_hands_gives_the_whole_evaluations_numbers(rules, split):
    """In exact arithmetic a fixed play values only the hands it reaches, in numpy
    (``PlayerEngine._pass``): every reached hand's value and first-action values are
    those of valuing the shoe's every hand and then following the decisions, exactly.  (On
    :data:`HALF`, which no round can run out of: a whole deck's exact hand space took five
    times as long for the same identity.)"""
    from bjcalc.game.removal import FixedUpcard

    full = Calculator(rules, HALF, split, exact=True)
    other = Calculator(rules, full.shoe.remove("5", "T"), split, exact=True, reuse=full)
    for up in (1, 6):     # (a peeked up card and one without a peek)
        source = full.round.upcard(up)
        hits = (source.hits | other.engine.must_hit) & other.engine.can_hit
        forced = other.engine.fixed_upcard(up, hits)
        assert forced is not None
        whole = FixedUpcard.build(source, other.round.upcard(up))
        reach = other.engine.nodes.reachable(hits)
        first = reach & (other.engine.nodes.cards <= 2)
        assert (forced.value[reach] == whole.value[reach]).all()
        for name in ("stand", "double", "blackjack"):
            assert (getattr(forced, name)[first] == getattr(whole.target, name)[first]).all()
        assert (forced.hit[first] == whole.hit[first]).all()
        stands = reach & ~hits & (other.engine.nodes.cards > 2)     # (as the compiled pass leaves them)
        assert (forced.hit[stands] == 0).all() and (forced.double[stands] == 0).all()


def test_a_strategys_remembered_split_choices_are_per_rule_set():
    """A strategy's split hands choose their first actions under the rules of the split valued:
    its split valued under other rules is the same whichever rules came first (a remembered
    choice kept without its rules once broke this)."""
    from bjcalc.engine.hands import UNSPLIT, composition_of
    from bjcalc.game.removal import FixedUpcard, fixed_actions, pair_state

    das, no_das = Rules(decks=1), Rules(decks=1, double_after_split=False)
    calc = Calculator(das)
    left = calc.shoe.remove("5")
    source = calc.round.upcard(6)

    def split(other):
        fixed = FixedUpcard.build(source, other.round.upcard(6))
        node = fixed.target.nodes.node(composition_of((2, 2)), UNSPLIT)
        return fixed_actions(other, fixed, node, pair_state(other.shoe, other.rules, 5, (1, 1)))["split"]

    alone = split(Calculator(no_das, left))
    split(Calculator(das, left))
    assert split(Calculator(no_das, left)) == alone


def test_a_variant_dealer_lends_rows_only_where_it_walks_the_standard_tree():
    """Burn 20's dealer has its own outcomes under a ten alone, so a depleted shoe borrows its
    rows under A-9; a dealer that overrides the outcomes hook without naming its up cards (here
    a subclass of Burn 20's) lends none."""
    import dataclasses

    from bjcalc.engine.burn20 import Burn20Dealer
    from bjcalc.engine.dealer import DealerEngine, StandardDealer

    @dataclasses.dataclass(frozen=True)
    class Unnamed(Burn20Dealer):
        def special_outcomes(self, engine, up, removed):
            return super().special_outcomes(engine, up, removed)

    def lends(procedure):
        full = DealerEngine(Shoe.decks(1), procedure)
        less = DealerEngine(Shoe.decks(1).remove("5"), procedure)
        less.use_trees_of(full)
        return [up for up in range(1, 11) if less.rows_agree(full, up)]

    assert lends(StandardDealer(False)) == list(range(1, 11))
    assert lends(Burn20Dealer(False)) == list(range(1, 10))
    assert lends(Unnamed(False)) == []
