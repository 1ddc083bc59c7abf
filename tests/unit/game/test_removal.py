"""Effects of removal and fixed play on another shoe (issue 13): identities that must hold
exactly, float and exact agreement, and Griffin's published single-deck effects."""

import functools
import html
from fractions import Fraction

import pytest

from bjcalc import Calculator, Rules, Shoe, variants
from bjcalc.analysis.counting import GRIFFIN_SINGLE_DECK_EOR, SYSTEMS, betting_correlation
from bjcalc.core.errors import BjcalcError
from bjcalc.engine import _kernels
from bjcalc.engine.rows import lend

NEEDS_KERNEL = pytest.mark.skipif(not _kernels.available(), reason=(
    "batches are made ahead only with the compiled kernel (not built, or BJCALC_NO_KERNEL is set)"))

TINY = Shoe.from_counts({"A": 1, "2": 1, "3": 1, "5": 2, "6": 1, "7": 1, "8": 1, "9": 1, "T": 4})


def exact(value):
    return Fraction(str(value))


@pytest.mark.parametrize("rules, split, strategy", [
    (Rules(decks=1, max_split_hands=2), "CDZ-", "CD"),
    # (split once: TINY's T,T v A split to 3 hands can run out of cards, which is refused)
    (Rules(decks=1, hole_card="enhc", surrender="late", max_split_hands=2), "CDP", "CD"),
    (Rules(decks=1, hole_card="enhc_obo", surrender="early", max_split_hands=2, blackjack_pays="6:5"), "CDP1", "CD"),
    (Rules(decks=1, max_split_hands=2, double_after_split=False), "CDZ-", "TD"),
])
def test_fixed_play_effects_sum_to_exactly_zero(rules, split, strategy):
    """A random unseen card cannot change a fixed strategy's EV: the effects weighted by the
    cards' shares sum to exactly 0 (exact rationals), and fixed play on the calculator's own shoe
    is the game itself."""
    calc = Calculator(rules, TINY, split, exact=True)
    assert calc.play_on(TINY, strategy).ev == calc.game(strategy).ev
    effects = calc.effects_of_removal("fixed", strategy)
    assert exact(effects.weighted_sum()) == 0
    assert sum(effects.weights.values()) == 1
    assert exact(effects.full_ev) == exact(calc.game(strategy).ev)


def test_reoptimized_effects_never_sum_below_zero():
    """Knowing the removed card can only help a player who re-optimises."""
    calc = Calculator(Rules(decks=1, max_split_hands=2), TINY, exact=True)
    assert exact(calc.effects_of_removal("reoptimized").weighted_sum()) >= 0


def test_float_and_exact_agree():
    rules = Rules(decks=1, max_split_hands=2, surrender="late")
    floats = Calculator(rules, TINY).effects_of_removal()
    rationals = Calculator(rules, TINY, exact=True).effects_of_removal()
    assert max(abs(float(a) - float(b)) for a, b in zip(floats, rationals)) < 1e-12


@pytest.mark.parametrize("preset", ["standard", "burn20", "no_bust_21st_century", "classic_single_deck"])
def test_every_preset_fixed_effects_sum_to_zero_in_floats(preset):
    rules = getattr(variants, preset)(decks=1)
    effects = Calculator(rules).effects_of_removal()
    assert abs(float(effects.weighted_sum())) < 1e-14
    assert float(effects["5"]) > 0 > float(effects["T"])    # fives help the player, tens hurt him


def test_griffin_single_deck_effects():
    """Griffin's single-deck EORs (S17, no DAS, basic strategy; The Theory of Blackjack) against
    bjcalc's exact fixed-play TD effects: each within 0.03 % (his are rounded to 0.01 % and his
    basic strategy and split rules are not stated exactly)."""
    effects = Calculator(Rules(decks=1, double_after_split=False)).effects_of_removal("fixed", "TD")
    gaps = {card: abs(float(effects[card]) - published) for card, published in GRIFFIN_SINGLE_DECK_EOR.items()}
    assert max(gaps.values()) <= 0.0003, gaps
    assert round(betting_correlation(effects, SYSTEMS["Hi-Lo"]), 2) == 0.97


@pytest.mark.parametrize("call, message", [
    (lambda: Calculator(Rules(decks=1)).effects_of_removal(play="sometimes"), "play must be"),
    (lambda: Calculator(Rules(decks=1)).effects_of_removal(strategy="XX"), "strategy must be"),
    (lambda: Calculator(Rules(), Shoe.infinite()).effects_of_removal(), "infinite shoe"),
    (lambda: Calculator(Rules(decks=1)).play_on(Shoe.decks(2)), "cannot"),
    (lambda: Calculator(Rules(decks=1, max_split_hands=2), split_strategy="optimal").play_on(Shoe.decks(1)),
     "optimal split"),
])
def test_bad_input_is_one_line(call, message):
    with pytest.raises(BjcalcError, match=message) as caught:
        call()
    assert "\n" not in str(caught.value)


HI_LO_PUBLISHED = {"insurance": 3, "16 v T": 0, "15 v T": 4, "T,T v 5": 5, "T,T v 6": 4, "10 v T": 4, "12 v 3": 2,
                   "12 v 2": 3, "11 v A": 1, "9 v 2": 1, "10 v A": 4, "9 v 7": 3, "16 v 9": 5, "13 v 2": -1,
                   "12 v 4": 0, "12 v 5": -2, "12 v 6": -1, "13 v 3": -2}
"""The commonly quoted Hi-Lo indices for 6 decks, S17, DAS (the "Illustrious 18")."""


def test_hi_lo_indices_within_one_of_the_published():
    from bjcalc.analysis.counting import SYSTEMS, indices

    table = indices(Calculator(Rules(decks=6)), SYSTEMS["Hi-Lo"]).set_index("play")
    assert set(table.index) == set(HI_LO_PUBLISHED)
    gaps = {play: abs(table.loc[play, "index"] - published) for play, published in HI_LO_PUBLISHED.items()}
    assert max(gaps.values()) <= 1, gaps
    assert (table["gain per TC"] > 0).all()      # every one of these plays gets better as the count rises


def test_indices_refuse_an_unbalanced_count():
    from bjcalc.analysis.counting import SYSTEMS, indices

    with pytest.raises(BjcalcError, match="unbalanced"):
        indices(Calculator(Rules(decks=1)), SYSTEMS["KO"])


HALF_DECK = Shoe.from_counts({**{rank: 2 for rank in "A23456789"}, "T": 8})


def test_a_split_with_the_full_shoes_post_split_play_has_effects_averaging_exactly_zero():
    """T,T v 6 (half a deck, no DAS, CDZ-, two hands), per deal, exact.  A decision's effect of
    removal is its value on the shoe less one card minus its value on the full shoe; over the
    cards unseen once the hand and up card are dealt (no peek against a 6) the effects of any
    fixed play average exactly 0.  The split holds that when the split hands play the full
    shoe's post-split decisions (what indices and playing efficiency now use).  Played with each
    depleted shoe's own CDZ- decisions instead, the average is not 0: CDZ- copies the unsplit
    hand's best play, and T,2 v 6 (a hit on the full shoe) turns to a stand on most depleted
    shoes, T,3 v 6 to a hit without a ten; CDZ-'s decisions are not the split hand's best
    (there hitting T,2 is worth more, one more ten being gone), so a flip costs at first order.
    Every bit of the non-zero average comes from those flips: where no decision flips (a 6 or
    a 7 removed), both values are the same number."""
    from bjcalc.analysis.counting import _fixed_hand

    rules = Rules(decks=1, double_after_split=False, max_split_hands=2)
    calc = Calculator(rules, HALF_DECK, "CDZ-", exact=True)
    full = calc.hand("T,T", "6")
    unseen = HALF_DECK.remove("T", "T", "6").value_counts()
    mean_fixed = {action: Fraction(0) for action in full}
    mean_own = Fraction(0)
    best = {x: max(values, key=values.get) for x in "23" for values in [calc.hand(f"T,{x}", "6")]}
    assert best == {"2": "hit", "3": "stand"}
    for label, count in zip("A23456789T", unseen):
        less = Calculator(rules, HALF_DECK.remove(label), "CDZ-", exact=True)
        share = Fraction(count, sum(unseen))
        fixed, own = _fixed_hand(less, calc, "T,T", "6"), less.hand("T,T", "6")
        for action in full:
            mean_fixed[action] += share * (fixed[action] - full[action])
        mean_own += share * (own["split"] - full["split"])
        flips = [x for x in "23" if max(v := less.hand(f"T,{x}", "6"), key=v.get) != best[x]]
        assert (own["split"] != fixed["split"]) == bool(flips), label
        assert all(own[a] == fixed[a] for a in ("stand", "double")), label
    assert all(mean == 0 for mean in mean_fixed.values()), mean_fixed
    assert mean_own < 0                 # the re-derived play's average: -351433/134303400 (-0.0026)


@pytest.mark.parametrize("rules, removed", [
    (Rules(decks=1, max_split_hands=2), ("5", "T", "A")),
    (Rules(decks=2, split_tens_by_rank=True), ("K", "Q", "Q", "8")),     # ten ranks keyed apart
    (Rules(decks=6, hole_card="enhc"), ("8", "8", "2")),
])
def test_a_fixed_play_leaves_the_other_shoe_its_own_deals(rules, removed):
    """play_on deals the other shoe keyed by both shoes' pair states and leaves it the deals
    keyed by its own: exactly deal_probabilities' (values and key order), so the other shoe's
    game is the same number whether play_on ran before it or not."""
    from bjcalc.game.removal import play_on
    from bjcalc.game.rounds import deal_probabilities

    full = Calculator(rules)
    shoe = full.shoe.remove(*removed)
    played_on, alone = Calculator(rules, shoe), Calculator(rules, shoe)
    play_on(full, played_on)
    left, fresh = played_on.round.deals(), deal_probabilities(shoe, rules)
    assert [list(table.items()) for table in left.values()] == [list(table.items()) for table in fresh.values()]
    assert played_on.game().ev == alone.game().ev


@pytest.mark.parametrize("rules", [
    Rules(decks=1, max_split_hands=2, surrender="late"),
    Rules(decks=2, dealer_hits_soft_17=True, hole_card="enhc", surrender="early", max_split_hands=4,
          double_after_split=False),
    Rules(decks=1, hole_card="enhc_obo", max_split_hands=3, blackjack_pays="6:5", double_on="9-11"),
    variants.burn20(decks=1),
    variants.no_bust_21st_century(decks=1),
], ids=["late", "enhc-early-4h", "obo-6to5", "burn20", "no_bust"])
def test_deal_values_read_in_one_go_are_each_deals_value(rules):
    """The array forms of a round's deal values (best play, and a fixed strategy's first actions on
    a depleted shoe) give each deal's value as the one-deal forms do, to the bit."""
    from bjcalc.game import removal

    calc = Calculator(rules, split_strategy="CDP1")
    other = Calculator(rules, calc.shoe.without("AS,TH,5C,5D,9S"), "CDP1", reuse=calc)
    deals = removal.deal_probabilities(other.shoe, rules, lambda up, a, b: (
        removal.pair_state(other.shoe, rules, up, (a, b)), removal.pair_state(calc.shoe, rules, up, (a, b))))
    own = other.round.deals()
    for up in range(1, 11):
        values, keys = other.round.upcard(up), list(own[up])
        assert other.round.deal_values(values, keys) == [other.round.value(values, h, k) for h, k in keys]
        fixed = removal.FixedUpcard.on(calc.round.upcard(up), other, up)
        both = list(deals[up])
        assert removal._round_values(calc, other, fixed, both, [True] * len(both)) == [
            removal._round_value(calc, other, fixed, hand, key) for hand, key in both]


def test_fixed_play_under_the_optimal_split_is_refused_before_the_game(monkeypatch):
    """The full shoe's game under the optimal split takes minutes: the refusal comes first."""
    calc = Calculator(Rules(decks=1, max_split_hands=2), split_strategy="optimal")
    monkeypatch.setattr(calc, "game", lambda *args: pytest.fail("the game was computed before the refusal"))
    with pytest.raises(BjcalcError, match="choose CDZ-, CDP1 or CDP"):
        calc.effects_of_removal()


def test_a_value_the_shoe_holds_none_of_has_no_effect_not_a_made_up_one(capsys):
    """No 2 left: there is no 2 to remove, so its effect and depleted EV are NaN (they were 0
    and -EV), the weighted sum of the others is still 0, the correlations skip it, and the
    CLI prints '-' for it."""
    import math

    from bjcalc.analysis.counting import SYSTEMS, betting_correlation, insurance_effects
    from bjcalc.cli import main

    calc = Calculator(Rules(decks=1, max_split_hands=2), shoe=Shoe.decks(1).remove("2", "2", "2", "2"))
    eor = calc.effects_of_removal()
    assert math.isnan(eor["2"]) and math.isnan(eor.depleted_ev["2"]) and eor.weights["2"] == 0
    assert not any(math.isnan(eor[card]) for card in "A3456789T")
    assert abs(eor.weighted_sum()) < 1e-15
    assert math.isnan(insurance_effects(calc.shoe)["2"])
    with_nan = betting_correlation(eor, SYSTEMS["Hi-Lo"])
    assert -1 <= with_nan <= 1
    assert main(["eor", "--decks", "1", "--remove", "2,2,2,2", "--split-hands", "2"]) == 0
    assert "    2          -           -  (the shoe holds none)" in capsys.readouterr().out


def test_a_notebook_shows_the_effects_as_the_series_holds_them_with_their_sum_and_assumptions():
    """The notebook view of an EOR table: each effect and depleted EV in the Series' own unit (per
    unit initial bet: it said percent over figures a hundred times the values), the weighted
    line (the effects' sum, the depleted EVs' mean: the full shoe's EV for fixed play, plus the
    sum), and every assumption."""
    eor = Calculator(Rules(decks=1, max_split_hands=2)).effects_of_removal()
    page = eor._repr_html_()

    assert f"{float(eor['5']):+.6f}" in page and "percent" not in page and eor.unit in page
    # (the float sum is about 1e-17: it reads +0.000000)
    assert f"{round(float(eor.weighted_sum()), 6) + 0.0:+.6f}" in page and f"{float(eor.full_ev):+.6f}" in page
    assert all(html.escape(line) in page for line in eor.assumptions.lines())      # (as HTML text)


def test_an_engine_that_keeps_no_dealer_rows_gives_the_same_numbers():
    """Rows and values not kept (the command line's one game) change no number: the game (CD and
    TD), a hand, a fixed play on the same shoe, a depleted shoe borrowing from the full one (whose
    rows are then evaluated again, and kept from then on) and the effects of removal are those of
    an engine that kept them, to the bit."""
    rules = Rules(decks=2, max_split_hands=3)
    kept, lean = Calculator(rules), Calculator(rules, lean=True)
    assert not (lean.engine.rows.keep or lean.engine.keep_values)
    assert lean.game().ev == kept.game().ev and lean.engine.rows.outcomes == {} and len(lean.engine._cache) == 1
    assert lean.game("TD").ev == kept.game("TD").ev and lean.hand("8,8", "6") == kept.hand("8,8", "6")
    assert lean.play_on(lean.shoe).ev == kept.play_on(kept.shoe).ev == kept.game().ev
    less = kept.shoe.remove("9")
    assert lean.play_on(less).ev == kept.play_on(less).ev
    assert lean.engine.rows.keep and lean.engine.rows.outcomes     # (a borrower came: the rows are kept now)
    fresh = Calculator(rules, lean="rows")
    assert not fresh.engine.rows.keep and fresh.engine.keep_values
    assert fresh.effects_of_removal().equals(kept.effects_of_removal())
    with pytest.raises(BjcalcError, match="lean must be True, False or 'rows'"):
        Calculator(rules, lean="yes")


def test_a_lender_that_borrows_and_kept_no_rows_still_lends():
    """A chain of lenders (the full shoe lends to the shoe less a 5, which lends to ten shoes one
    card shorter) where the middle one stopped keeping rows: its rows are evaluated, borrowing
    from the full shoe, before its lending lock is taken (it used to wait on that lock forever),
    and the shoe at the end gets the numbers it gets alone.  (In a process of its own, so that a
    hang fails this test only.)"""
    import subprocess
    import sys

    code = """if True:
        from bjcalc import Calculator, Rules
        from bjcalc.engine.rows import lend
        rules = Rules(decks=2, max_split_hands=2)
        full = Calculator(rules)
        full.game()
        middle = Calculator(rules, full.shoe.remove("5"), reuse=full)
        lend(middle.engine, range(1, 11))
        end = Calculator(rules, middle.shoe.remove("T"), reuse=middle)
        middle.engine.rows.keep = False      # (after the borrower came, which turned it on)
        print(end.game().ev == Calculator(rules, middle.shoe.remove("T")).game().ev)
    """
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.fail("the chained lender waited on its own lending lock")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"


@pytest.mark.parametrize("cores", [1, pytest.param(2, marks=NEEDS_KERNEL)])
def test_the_lent_rows_of_an_up_card_are_dropped_once_every_depleted_shoe_has_read_them(monkeypatch, cores):
    """The fixed-play table values every depleted shoe against one up card before the next, so
    the full shoe's engine holds one up card's batch of lent rows at a time (not all ten: about
    60 MB of a 6-deck table's peak), makes each batch once, and drops it after the last shoe;
    the numbers are those of each shoe valued alone.  With more than one core for the kernel
    the batches of the next two up cards are asked for in a thread of their own before an up
    card is valued, the up cards smallest batch first, so three are held at most (fewer when
    the thread falls behind), and the numbers are the same to the bit."""
    import threading

    from bjcalc.engine import _kernels
    from bjcalc.engine import rows as supply
    from bjcalc.engine.rows import RowSupply
    from bjcalc.game import removal

    made, held, sizes, events = [], [], [], []
    batch, lent_batch = RowSupply._batch_beyond, RowSupply.lent_batch
    make_ahead, value = supply.make_ahead, removal._FixedPlayOn.value

    def counting_batch(self, up, sets, *args):
        made.append((up, threading.current_thread().name.startswith("bjcalc-side")))
        sizes.append(None if sets is None else len(sets))
        return batch(self, up, sets, *args)

    def watching(self, *args):
        found = lent_batch(self, *args)
        held.append(len(self._beyond))
        return found

    def asking(lender, up, sets):
        events.append(("ask", up))
        return make_ahead(lender, up, sets)

    def valuing(self, up, *args):
        if ("value", up) not in events:
            events.append(("value", up))
        return value(self, up, *args)

    monkeypatch.setattr(RowSupply, "_batch_beyond", counting_batch)
    monkeypatch.setattr(RowSupply, "lent_batch", watching)
    monkeypatch.setattr(supply, "make_ahead", asking)
    monkeypatch.setattr(removal._FixedPlayOn, "value", valuing)
    monkeypatch.setattr(_kernels, "threads", lambda: cores)
    calc = Calculator(Rules(decks=2, max_split_hands=2))
    eor = calc.effects_of_removal()
    assert sorted(up for up, _ in made) == list(range(1, 11)) and calc.engine.rows._beyond == {}
    assert all(ahead == (cores > 1) for _, ahead in made)      # (each batch made once: ahead, or when asked)
    valued = [up for kind, up in events if kind == "value"]
    if cores == 1:
        assert valued == [up for up, _ in made] == list(range(1, 11)) and max(held) == 1
    else:
        assert [up for up, _ in made] == valued and sizes == sorted(sizes) and max(held) <= 3
        asked_before = [sum(kind == "ask" for kind, _ in events[:events.index(("value", up))]) for up in valued]
        assert asked_before == [min(place + 3, 10) for place in range(10)]      # (two ahead of the one valued)
    alone = Calculator(calc.rules, calc.shoe.remove("7"))
    assert eor.depleted_ev["7"] == calc.play_on(alone.shoe).ev == Calculator(calc.rules).play_on(alone.shoe).ev
    monkeypatch.setattr(_kernels, "threads", lambda: 3 - cores)
    other = Calculator(calc.rules).effects_of_removal()
    assert list(other.values) == list(eor.values) and other.depleted_ev.equals(eor.depleted_ev)


@NEEDS_KERNEL
def test_a_batch_is_made_ahead_only_for_shoes_that_borrow_the_full_shoes_rows(monkeypatch):
    """An up card's batch is made ahead only where someone will read it: a depleted shoe made
    without ``reuse`` evaluates its own rows, and a batch for it would be work thrown away
    (with the main thread waiting for it before that up card)."""
    from bjcalc.engine import _kernels
    from bjcalc.engine.rows import RowSupply
    from bjcalc.engine.rows import _ahead_sets, make_ahead
    from bjcalc.game.removal import forced_sets

    monkeypatch.setattr(_kernels, "threads", lambda: 2)
    calc = Calculator(Rules(decks=2, max_split_hands=2))
    calc.game()
    engine = calc.round.engine
    lend(engine, range(1, 11))
    try:
        alone = Calculator(calc.rules, calc.shoe.remove("7"))
        wanted = functools.partial(forced_sets, calc)
        assert _ahead_sets(engine, [alone.round.engine], 5, wanted) is None and engine.rows._beyond == {}
        less = Calculator(calc.rules, calc.shoe.remove("7"), reuse=calc)
        sets = _ahead_sets(engine, [less.round.engine], 5, wanted)
        assert sets is not None
        make_ahead(engine, 5, sets).result()
        assert list(engine.rows._beyond) == [5]
        monkeypatch.setattr(RowSupply, "_batch_beyond", None)      # (the shoe reads the batch made ahead)
        hits = calc.round.upcard(5).hits
        reach = engine.nodes.reachable(hits)
        assert (less.round.engine.fixed_upcard(5, hits).value[reach]
                == alone.round.engine.fixed_upcard(5, hits).value[reach]).all()
    finally:
        lend(engine, ())


@NEEDS_KERNEL
@pytest.mark.parametrize("case", ["one shoe made without reuse", "other plays on the nodes first", "burn 20"])
def test_each_batch_made_ahead_is_one_a_shoe_reads(monkeypatch, case):
    """No batch is made ahead for nothing, nor made twice: not from the nodes of a shoe that
    does not borrow (its sets would name other hands), not under a ten in Burn 20 (whose
    shoes deal their own rows there), and not again when :func:`forced_reach` has forgotten
    the play meanwhile (an equal array of sets serves).  The numbers are one core's."""
    import threading

    import numpy as np

    from bjcalc.engine import _kernels
    from bjcalc.engine.player import forced_reach
    from bjcalc.engine.rows import RowSupply
    from bjcalc.game.removal import effects_of_removal

    made, asked = [], set()
    batch, lent_batch = RowSupply._batch_beyond, RowSupply.lent_batch

    def counting_batch(self, up, *args):
        made.append((up, threading.current_thread().name.startswith("bjcalc-side")))
        return batch(self, up, *args)

    def asking(self, up, *args):
        asked.add(up)
        return lent_batch(self, up, *args)

    monkeypatch.setattr(RowSupply, "_batch_beyond", counting_batch)
    monkeypatch.setattr(RowSupply, "lent_batch", asking)
    monkeypatch.setattr(_kernels, "threads", lambda: 2)
    rules = Rules(decks=2, max_split_hands=2, burn_20=case == "burn 20")
    calc = Calculator(rules)
    make = calc._depleted
    if case == "one shoe made without reuse":
        def make(shoe):        # (the ace-short shoe, the first engine, evaluates its own rows)
            short = shoe.value_counts()[0] < calc.shoe.value_counts()[0]
            return Calculator(rules, shoe) if short else calc._depleted(shoe)
    elif case == "other plays on the nodes first":
        calc.game()
        rng = np.random.default_rng(0)
        for _ in range(10):      # (forced_reach keeps 16 plays a node set: the table's own are then forgotten)
            forced_reach(calc.round.engine.nodes, rng.random(len(calc.round.engine.nodes)) < 0.3)
    eor = effects_of_removal(calc, make)
    assert sorted(up for up, _ in made) == sorted(asked) and all(ahead for _, ahead in made)
    assert (10 not in asked) == (case == "burn 20")
    monkeypatch.setattr(_kernels, "threads", lambda: 1)
    alone = effects_of_removal(Calculator(rules), make if case != "one shoe made without reuse" else
                               (lambda shoe: Calculator(rules, shoe)))
    assert list(alone.values) == list(eor.values)


@pytest.mark.parametrize("where", ["as the first batch is set to be made",
                                   pytest.param("midway, batches in flight", marks=NEEDS_KERNEL)])
def test_the_depleted_shoes_keep_what_they_kept_when_the_table_fails(monkeypatch, where):
    """A table that fails, as its first batch is set to be made ahead or midway with batches
    asked for, still gives the depleted shoes back their flags and leaves the full shoe lending
    nothing; midway, every batch asked for is done (made, or cancelled before it began) when
    the error comes out: none is left running on the engines."""
    from bjcalc.engine import _kernels
    from bjcalc.engine import rows as supply
    from bjcalc.game import removal

    def failing(*args, **kwargs):
        raise MemoryError("no room for the batch")

    shoes, made, valued = [], [], []

    def make(shoe):
        shoes.append(Calculator(calc.rules, shoe, reuse=calc))
        return shoes[-1]

    monkeypatch.setattr(_kernels, "threads", lambda: 2)
    if where.startswith("as the first"):
        monkeypatch.setattr(supply, "_ahead_sets", failing)
    else:
        value, make_ahead = removal._FixedPlayOn.value, supply.make_ahead

        def failing_at_the_fifth_up_card(self, up, *args):
            if up not in valued:
                valued.append(up)
            if len(valued) == 5:
                failing()
            return value(self, up, *args)

        def watched(*args):
            made.append(make_ahead(*args))
            return made[-1]

        monkeypatch.setattr(removal._FixedPlayOn, "value", failing_at_the_fifth_up_card)
        monkeypatch.setattr(supply, "make_ahead", watched)
    calc = Calculator(Rules(decks=2, max_split_hands=2))
    with pytest.raises(MemoryError):
        removal.effects_of_removal(calc, make)
    assert shoes and all(other.round.engine.rows.keep and other.round.engine.keep_values for other in shoes)
    assert calc.round.engine.rows.lending == ()
    if where.startswith("midway"):
        assert len(made) == 7 and all(future.done() for future in made)     # (the fifth's and two ahead)


@pytest.mark.parametrize("play, strategy", [("reoptimized", "CD"), ("fixed", "CD")])   # (TD: reoptimized's branch)
def test_the_depleted_shoes_hold_no_more_than_the_up_card_at_hand(play, strategy):
    """A depleted shoe's own game (reoptimized play, the TD chart) keeps its values, so those
    shoes are valued one at a time, each let go before the next is made; the fixed CD play
    values all ten together, an up card at a time, and then each keeps only that up card's
    values and no dealer rows (a 6-deck table valued all ten shoes' games at once had peaked at
    1.4 GB)."""
    import gc
    import weakref

    from bjcalc.game.removal import effects_of_removal

    # (doubling after a hit: there the fixed play reads each shoe's own values, upcard())
    calc = Calculator(Rules(decks=1, max_split_hands=2, double_after_hit=(play, strategy) == ("fixed", "CD")))
    made, kept = [], []

    def make(shoe):
        gc.collect()
        if play != "fixed" or strategy != "CD":
            assert all(ref() is None for ref in made), "a depleted shoe outlived its game"
        other = Calculator(calc.rules, shoe, reuse=calc)
        made.append(weakref.ref(other))
        kept.extend([other] if (play, strategy) == ("fixed", "CD") else [])
        return other

    gc.freeze()     # (what earlier tests left lives on: each collection below looks at this test's objects only)
    try:
        eor = effects_of_removal(calc, make, play, strategy)
    finally:
        gc.unfreeze()
    assert len(made) == 10 and eor.equals(Calculator(calc.rules).effects_of_removal(play, strategy))
    for other in kept:     # (and make's calculators keep what they kept before, from now on)
        assert len(other.engine._cache) <= 1 and other.engine.rows.outcomes == {}
        assert other.engine.rows.keep and other.engine.keep_values


def test_a_table_that_fails_half_way_leaves_the_full_shoe_lending_nothing():
    """A depleted shoe that can run out of cards stops the table with its one-line error, and
    the full shoe's engine is left lending nothing (no batch held), as before the table."""
    shoe = Shoe.from_counts({"A": 1, "2": 2, "3": 2, "4": 1, "7": 1, "8": 2, "9": 1, "T": 2})
    calc = Calculator(Rules(max_split_hands=2), shoe)
    calc.game()
    with pytest.raises(BjcalcError, match="can run out of cards"):
        calc.effects_of_removal()
    assert calc.engine.rows.lending == () and calc.engine.rows._beyond == {}


def test_split_choices_made_once_for_a_fixed_play_serve_every_shoe(monkeypatch):
    """A fixed play's split hands choose their actions by the full shoe's values, which are the
    same on every depleted shoe: the choices kept from other shoes give a shoe the split values
    it gets with none kept, and the play on the full shoe is still the game; a game's own splits
    (its values decide) keep none."""
    from bjcalc.engine.workspace import WORKSPACE

    kept_for, keeping, beside = [], [False], WORKSPACE.beside

    def choices(kind, owner):           # (the split choices kept beside their decider: none, or recorded)
        if kind != "split choices":
            return beside(kind, owner)
        if not keeping[0]:
            return {}
        kept_for.append(owner)
        return beside(kind, owner)

    monkeypatch.setattr(WORKSPACE, "beside", choices)
    calc = Calculator(Rules(decks=2, max_split_hands=4), split_strategy="CDP")
    game = calc.game()
    aces = calc.shoe.remove("A")
    fresh = calc.play_on(aces)
    keeping[0] = True
    Calculator(calc.rules, split_strategy="CDP").game()     # (a game of its own: its splits are valued afresh)
    assert kept_for == []
    first = calc.play_on(calc.shoe.remove("5"))
    assert {id(decider) for decider in kept_for} == {id(calc.round.upcard(up)) for up in range(1, 11)}
    kept = calc.play_on(aces)
    assert kept.ev == fresh.ev and first.ev != kept.ev
    assert list(kept.by_upcard) == list(fresh.by_upcard)
    assert calc.play_on(calc.shoe).ev == game.ev


def test_a_batch_plan_kept_from_a_table_serves_the_next_one(monkeypatch):
    """The plans of the lent batches (which row each depleted shoe reads) are kept per node set
    and play: a second table on the same rules reads every one of them, and gives the numbers
    of a table that keeps none."""
    from bjcalc.engine import rows as supply

    made = []
    make_plan = supply.batch_plan

    def recording(nodes, sets, lending, held):
        out = make_plan(nodes, sets, lending, held)
        made.append(out[1])
        return out

    monkeypatch.setattr(supply, "batch_plan", recording)
    rules = Rules(decks=2, max_split_hands=4)
    first = Calculator(rules).effects_of_removal()
    unique_first, made[:] = list(made), []
    again = Calculator(rules).effects_of_removal()
    assert made and len(made) == len(unique_first) and all(
        any(unique is before for before in unique_first) for unique in made)
    from bjcalc.engine.workspace import WORKSPACE

    WORKSPACE.clear()
    beside = WORKSPACE.beside
    monkeypatch.setattr(WORKSPACE, "beside", lambda kind, owner: {} if kind == "batch plans" else beside(kind, owner))
    fresh = Calculator(rules).effects_of_removal()      # (no batch plan kept)
    assert list(first) == list(again) == list(fresh)
    assert list(first.depleted_ev) == list(again.depleted_ev) == list(fresh.depleted_ev)
