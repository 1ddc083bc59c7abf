"""Free Bet Blackjack against its independent brute-force oracle, and the published figures.

The oracle (tests/oracles/brute_free_bet.py) was written from the rules alone, without the
engine; every comparison is exact (rationals).  The shoes are ones on which no path of the
round runs out of cards.
"""

from __future__ import annotations

import functools
import math
import warnings
from fractions import Fraction

import pytest

from bjcalc import Calculator, Shoe
from bjcalc.core.errors import BjcalcError, RulesError
from bjcalc.game.variants import VARIANTS, find_variant
from oracles import brute_free_bet as oracle

FREE_BET = VARIANTS["free_bet"]
LABEL = "A23456789T"
C = {1: 3, 6: 1, 7: 2, 8: 3, 9: 2, 10: 6}
D = {1: 2, 5: 1, 6: 1, 7: 1, 8: 4, 9: 1, 10: 6}
E = {1: 1, 2: 1, 4: 3, 5: 3, 6: 1, 7: 1, 8: 3, 9: 1, 10: 6}
G = {1: 1, 2: 1, 3: 1, 4: 2, 5: 1, 8: 2, 9: 1, 10: 7}    # (three small cards make a hard 9-11)
READINGS = [  # (the engine's rules, the oracle's)
    ({}, {}),
    ({"max_split_hands": 2, "resplit_aces": False}, {"max_hands": 2, "resplit_aces": False}),
    ({"free_split_fours": False, "dealer_hits_soft_17": False}, {"free_split_fours": False, "h17": False}),
]


def calculator(counts: dict, **rules) -> Calculator:
    shoe = Shoe.from_counts({LABEL[v - 1]: n for v, n in counts.items()})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules say 6 decks; the calculator follows the shoe)
        return Calculator(FREE_BET.rules(**rules), shoe, exact=True)


def exact(value) -> Fraction:
    return Fraction(int(value.numerator), int(value.denominator))


@pytest.mark.parametrize("counts", [C, D], ids=["C", "D"])
@pytest.mark.parametrize("reading", READINGS, ids=["4 hands", "2 hands", "paid 4s S17"])
def test_game_equals_the_oracle_exactly(counts, reading):
    ours, theirs = reading
    assert exact(calculator(counts, **ours).game().ev) == oracle.game_ev(oracle.make_shoe(counts),
                                                                          oracle.FBRules(**theirs))


@pytest.mark.parametrize("hand, up", [((5, 5), 6), ((8, 8), 10), ((4, 4), 5), ((6, 4), 10), ((5, 4), 2),
                                      ((10, 6), 10), ((10, 2), 4), ((8, 1), 6)])
def test_every_action_of_a_hand_equals_the_oracle_exactly(hand, up):
    calc = calculator(E)
    values = calc.hand(",".join(LABEL[c - 1] for c in hand), LABEL[up - 1])
    expected = oracle.action_values(hand, up, oracle.make_shoe(E), oracle.FBRules())
    expected = {("double" if name == "free_double" else name): value for name, value in expected.items()}
    assert {name: exact(value) for name, value in values.items()} == expected


def test_twelve_against_four_on_the_infinite_deck_is_the_published_figure():
    """Wizard of Odds, Free Bet, infinite deck, H17: 12 v 4 stand -0.301161, hit -0.279823."""
    values = Calculator(FREE_BET.rules(decks=math.inf)).hand("T,2", "4")
    assert (round(values["stand"], 6), round(values["hit"], 6)) == (-0.301161, -0.279823)


def test_free_chips_are_never_lost():
    """A free chip's values are never negative, and a free double of 10 v T beats hitting it."""
    calc = Calculator(FREE_BET.rules(decks=1), exact=True)
    money = calc.round      # (one calculator: a hand's values do not depend on what it valued before)
    values = money.upcard(10)
    free = money.chip_values(10, money.variant.wagers(money.rules)[1])
    assert (free.double >= 0).all() and (free.stand >= 0).all()
    assert calc.hand("6,4", "T")["double"] > calc.hand("6,4", "T")["hit"]
    assert (values.stand <= free.stand).all()      # (a money chip loses what a free chip keeps)


def test_the_variant_is_found_by_name_and_alias_and_checks_its_options():
    assert find_variant("Free Bet") is FREE_BET and find_variant("freebet") is FREE_BET
    with pytest.raises(RulesError, match="did you mean 'free_split_fours'"):
        Calculator(FREE_BET.rules().replace(options={"free_split_four": False}))
    with pytest.raises(RulesError, match="takes False, True, not 'yes'"):
        Calculator(FREE_BET.rules(free_double_any_cards="yes"))


def test_fixed_play_follows_the_free_chips_exactly():
    """Two identities: the strategy played on its own shoe is the game, and fixed-play effects of
    removal average exactly 0 over the shoe (both fail if a free hand played the money play)."""
    shoe = Shoe.from_counts({"A": 2, "2": 1, "4": 2, "5": 2, "6": 2, "8": 3, "9": 2, "T": 7})     # (21 cards)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        calc = Calculator(FREE_BET.rules(max_split_hands=2, resplit_aces=False), shoe, exact=True)
        assert calc.play_on(calc.shoe).ev == calc.game().ev
        eor = calc.effects_of_removal()
    assert eor.weighted_sum() == 0 and eor["5"] > 0 > eor["A"]


def test_what_does_not_follow_free_chips_yet_is_refused_not_approximated():
    with pytest.raises(BjcalcError, match="does not yet follow Free Bet"):
        Calculator(FREE_BET.rules(decks=1, max_split_hands=2), split_strategy="optimal")


def test_commands_that_do_not_follow_free_chips_yet_refuse_in_one_line(capsys):
    from bjcalc.cli import main

    assert main(["edge", "--split", "optimal", "--split-hands", "2", "--variant", "free_bet", "--decks", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not yet follow Free Bet Blackjack" in err


# -- free doubles after a hit (the launch rules' option) -------------------------------------------
ANY_CARDS = [  # (the engine's rules, the oracle's), free doubles on hard 9-11 of any number of cards (paid
    # 4s: READINGS, on shoes C and D)
    ({"free_double_any_cards": True}, {"free_double_any_cards": True}),
    ({"free_double_any_cards": True, "max_split_hands": 2, "resplit_aces": False, "dealer_hits_soft_17": False},
     {"free_double_any_cards": True, "max_hands": 2, "resplit_aces": False, "h17": False}),
]


@pytest.mark.parametrize("counts, reading", [(G, ANY_CARDS[0]), (G, ANY_CARDS[1])], ids=["G 4 hands", "G 2 hands S17"])
def test_free_doubles_after_a_hit_equal_the_oracle_exactly(counts, reading):
    ours, theirs = reading
    calc = calculator(counts, **ours)
    assert exact(calc.game().ev) == oracle.game_ev(oracle.make_shoe(counts), oracle.FBRules(**theirs))


def test_free_doubles_after_a_hit_are_worth_something_and_a_hand_takes_them_exactly():
    """The option changes the game (a test of it that could not fail would not), and a hand of three
    cards making hard 11 doubles free, at the oracle's value, where without the option it cannot."""
    with_it, without = calculator(E, free_double_any_cards=True), calculator(E)
    assert with_it.game().ev > without.game().ev
    values = with_it.hand("2,4,5", "T")
    rules, full = oracle.FBRules(free_double_any_cards=True), oracle.make_shoe(E)
    shoe = oracle.remove(full, 10, 2, 4, 5)
    no_blackjack = 1 - oracle.p_dealer_bj(10, shoe)
    expected = {("double" if action == "free_double" else action):
                oracle.U_action(action, oracle.key((2, 4, 5)), 10, shoe, oracle.MONEY, rules) / no_blackjack
                for action in oracle.hand_actions((2, 4, 5), False, rules)}
    assert {name: exact(value) for name, value in values.items()} == expected
    assert "double" not in without.hand("2,4,5", "T")


@pytest.mark.parametrize("counts", [G], ids=["G"])
def test_free_doubles_after_a_hit_in_the_round_distribution_equal_the_oracle_exactly(counts):
    calc = calculator(counts, free_double_any_cards=True, max_split_hands=2, resplit_aces=False)
    outcomes = calc.outcomes()
    expected = oracle.net_distribution(oracle.make_shoe(counts), oracle.FBRules(
        free_double_any_cards=True, max_hands=2, resplit_aces=False))
    assert {Fraction(net): exact(p) for net, p in outcomes.pmf.items()} == expected
    assert outcomes.ev == calc.game().ev


@pytest.mark.parametrize("counts", [G], ids=["G"])
def test_free_doubles_after_a_hit_in_the_td_chart_are_valued_as_its_rounds_play_out(counts):
    """The TD search's EV of its chart (with +D entries: a free double after a hit) and the round
    distribution walking the chart are two computations of one number.  (On G, whose small cards
    make hard 9-11 of three cards: shoe E, under the same rules, walked the same code at four
    times the cost.)"""
    calc = calculator(counts, free_double_any_cards=True)
    td = calc.game("TD")
    assert calc.outcomes("TD").ev == td.ev and td.ev <= calc.game().ev
    assert any(s.after_hit for s in td.strategy.values())


@pytest.mark.parametrize("reading", READINGS[:2], ids=["4 hands", "2 hands"])
def test_free_chips_of_doubles_after_a_hit_equal_the_oracle_exactly(reading):
    """With free doubles on any number of cards a hand that hits can still get a free chip: on
    shoe G three small cards make a hard 9-11, unsplit and after a split of 4s, so the count
    differs from the two-card one; every number of free chips, exactly; floats to 1e-12."""
    from bjcalc.game.free_chips import free_chip_counts

    ours, theirs = reading
    found = free_chip_counts(calculator(G, free_double_any_cards=True, **ours))
    expected = oracle.free_chips_distribution(oracle.make_shoe(G), oracle.FBRules(free_double_any_cards=True,
                                                                                   **theirs))
    assert {k: exact(p) for k, p in found.items() if p} == expected
    assert expected != oracle.free_chips_distribution(oracle.make_shoe(G), oracle.FBRules(**theirs))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules say 6 decks; the calculator follows the shoe)
        floats = free_chip_counts(Calculator(FREE_BET.rules(free_double_any_cards=True, **ours), calculator(G).shoe))
    assert max(abs(floats.get(k, 0.0) - float(p)) for k, p in expected.items()) < 1e-12


@pytest.mark.parametrize("counts", [C, D], ids=["C", "D"])
@pytest.mark.parametrize("hands", [2, 4])
def test_the_td_chart_is_valued_as_its_rounds_play_out(counts, hands):
    """The TD search's EV of its chart, and the round distribution walking the same chart hand by
    hand (free hands on free chips), are two computations of one number: exactly equal."""
    calc = calculator(counts, max_split_hands=hands)
    td = calc.game("TD")
    assert calc.outcomes("TD").ev == td.ev and td.ev <= calc.game().ev


@pytest.mark.parametrize("counts", [C, D], ids=["C", "D"])
@pytest.mark.parametrize("reading", READINGS, ids=["4 hands", "2 hands", "paid 4s S17"])
def test_the_td_chart_equals_the_oracle_playing_it_exactly(counts, reading):
    """The oracle plays the engine's chart itself, every hand by it, free hands on free chips."""
    ours, theirs = reading
    td = calculator(counts, **ours).game("TD")
    chart = {up: {"hits": dict(s.hits), "two_card": dict(s.two_card), "pairs": dict(s.pairs)}
             for up, s in td.strategy.items()}
    assert exact(td.ev) == oracle.chart_ev(oracle.make_shoe(counts), oracle.FBRules(**theirs), chart)


def test_the_chart_and_report_say_where_a_double_or_split_is_free(capsys):
    from bjcalc.analysis.report import report
    from bjcalc.cli import main

    assert main(["chart", "--variant", "free_bet", "--decks", "8", "--no-free-split-fours"]) == 0
    out = capsys.readouterr().out
    assert "free double" in out and "but tens and 4s a free split" in out.replace("\n  ", " ")
    # (4s split for money here; with or without DAS, as a split 4's hard 9-11 doubles are free)
    assert "pair 4,4    H   H   H   P   P" in out
    page = report("free_bet", sections=("edges", "side bets")).markdown()
    assert "| 1 | house edge | 1.01 % | 1.0144 % | 1.0197 % | matches" in page
    assert "Pot of Gold (valued under this game's CD play) | 5.7840 %" in page


@pytest.mark.parametrize("counts", [C, D], ids=["C", "D"])
@pytest.mark.parametrize("reading", READINGS[:2], ids=["4 hands", "2 hands"])
def test_free_chips_equal_the_oracle_exactly(counts, reading):
    """The Pot of Gold's count: every number of free chips, exactly, under the main game's play."""
    from bjcalc.game.free_chips import free_chip_counts

    ours, theirs = reading
    counts_found = free_chip_counts(calculator(counts, **ours))
    expected = oracle.free_chips_distribution(oracle.make_shoe(counts), oracle.FBRules(**theirs))
    assert {k: exact(p) for k, p in counts_found.items() if p} == expected


@pytest.mark.parametrize("counts", [C, D], ids=["C", "D"])
@pytest.mark.parametrize("reading", READINGS[:2], ids=["4 hands", "2 hands"])
def test_the_round_distribution_equals_the_oracle_exactly(counts, reading):
    """Every net result's probability, and the pmf's mean is the game's EV: a free chip lost, or a
    free hand played by the money hand's play, would move both."""
    ours, theirs = reading
    calc = calculator(counts, **ours)
    outcomes = calc.outcomes()
    expected = oracle.net_distribution(oracle.make_shoe(counts), oracle.FBRules(**theirs))
    assert {Fraction(net): exact(p) for net, p in outcomes.pmf.items()} == expected
    assert outcomes.ev == calc.game().ev


@pytest.mark.parametrize("hands, exactly", [(2, True), (3, False)])
def test_the_moments_by_hand_pairs_equal_the_whole_distribution(hands, exactly):
    """The moments track at most two hands at a time, the first (money) hand apart from the hands split
    off (free chips): on the infinite deck both methods are exact and must agree, to the last digit in
    rationals (3 hands: to 1e-12 in floats, which keeps the suite quick)."""
    calc = Calculator(FREE_BET.rules(max_split_hands=hands, resplit_aces=hands > 2), Shoe.infinite(), exact=exactly)
    moments, outcomes = calc.moments(), calc.outcomes()
    assert moments.method == "hand pairs"
    pairs = zip((moments.ev, moments.second_moment, moments.average_bet),
                (outcomes.ev, outcomes.second_moment, outcomes.average_bet))
    assert all(a == b if exactly else abs(a - b) < 1e-12 for a, b in pairs)


def test_pot_of_gold_is_valued_under_the_main_games_play(capsys):
    from bjcalc.cli import main
    from bjcalc.sidebets import PotOfGold

    bet = PotOfGold(FREE_BET.rules(max_split_hands=2, resplit_aces=False))
    shoe = Shoe.from_counts({LABEL[v - 1]: n for v, n in C.items()})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = bet.evaluate(shoe, exact=True)
    chips = oracle.free_chips_distribution(oracle.make_shoe(C), oracle.FBRules(max_hands=2, resplit_aces=False))
    assert exact(result.ev) == oracle.pot_of_gold_ev(oracle.make_shoe(C), oracle.FBRules(max_hands=2,
                                                                                          resplit_aces=False))
    assert exact(result.probabilities["no free chip"]) == chips[0]
    with pytest.raises(RulesError, match="must be a variant with free chips"):
        PotOfGold(FREE_BET.rules().replace(variant="standard", options=()))
    assert main(["sidebet", "pot-of-gold", "--decks", "inf", "--split", "CDP"]) == 0
    out = capsys.readouterr().out
    assert "post-split strategy: CDP" in out and "no free chip" in out


@pytest.mark.parametrize("cards, result", [
    # dealt player, up, player, hole; then the player's draws, then the dealer's
    ("6,6,5,T,T,7", 2.0),               # 11 v 6: a free double wins both chips
    ("6,6,5,T,2,4", -1.0),              # ... and loses only the money chip
    ("8,6,8,T,3,T,T,4", 2.0),           # 8,8 v 6 splits free: 8,3 free-doubles to 21, the free 8,T loses nothing
    ("8,6,8,T,8,3,T,T,T,4", 2.0),       # ... resplit free: two free 18s lose to 20, the 21 wins two chips
    ("T,6,8,T,6", 0.0),                 # 18 v 16 + 6 = 22 pushes
])
def test_counting_plays_rounds_out_with_their_free_chips(cards, result):
    from unit.analysis.test_simulate import Script

    script = Script(cards)
    assert _counting_worker().play_round(script, script.dealt) == result


@functools.cache
def _counting_worker():
    """The simulator's worker for Free Bet's 6 decks (it values the full shoe's game first), shared
    by the rounds above as the simulator shares one worker among the rounds it deals."""
    from bjcalc.analysis.simulate import SimulationSpec, _Worker

    return _Worker(SimulationSpec(FREE_BET.rules()))


def test_a_counted_shoe_starts_at_the_games_own_ev():
    from bjcalc.analysis.simulate import simulate

    sim = simulate(FREE_BET.rules(decks=2), rounds=2, seed=3, workers=1, progress=None)
    first = sim.frame.iloc[0]
    assert first.ev_fixed == first.ev_perfect == sim.full_ev == Calculator(FREE_BET.rules(decks=2)).game().ev


def test_a_hand_says_which_of_its_actions_are_free(capsys):
    from bjcalc.cli import main

    calc = Calculator(FREE_BET.rules(decks=6))
    assert calc.hand("8,8", "5").free == {"split"} and calc.hand("6,4", "5").free == {"double"}
    assert calc.hand("T,T", "5").free == frozenset() and calc.hand("8,8", "5").copy().free == {"split"}
    assert Calculator(FREE_BET.rules(decks=6, free_double_any_cards=True)).hand("2,4,5", "6").free == {"double"}
    assert Calculator(FREE_BET.rules(decks=6)).hand("2,4,5", "6").free == frozenset()
    assert "split +0.667785 (free) (best)" in str(calc.hand("8,8", "5"))
    assert main(["hand", "--variant", "free_bet", "--cards", "6,4", "--up", "5"]) == 0
    assert "double     +0.679151183  (free)  <- best" in capsys.readouterr().out


def test_free_doubles_do_not_follow_the_money_doubling_rule():
    """A free double on a hard 9-11 (split hands too) is the variant's, whatever ``double_on`` says of
    doubles for money: with soft doubles off, doubling hard 9-11, 10-11 or nothing for money is one
    game (every money double left is a free one), in CD and TD, in rationals and floats alike, and
    the round's distribution has its EV."""
    cards = "AS AH TS TS TH TH 4C 6C 6C 8C 8C 9C 9C 9C 5D 5D".split()    # (4,5 and 5,5,... make hard 9-11)
    games = {}
    for double_on in ("9-11", "10-11", "none"):
        rules = FREE_BET.rules(decks=1, max_split_hands=2, resplit_aces=False, double_on=double_on,
                               double_soft=False)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            rational, floats = (Calculator(rules, Shoe.from_cards(cards), exact=e) for e in (True, False))
        games[double_on] = [rational.game(s).ev for s in ("CD", "TD")]
        assert [abs(floats.game(s).ev - float(ev)) < 1e-12 for s, ev in zip(("CD", "TD"), games[double_on])] \
            == [True, True]
        assert rational.outcomes().ev == games[double_on][0]
        assert rational.round.split_doubles(9, False) and not rational.round.split_doubles(8, False)
    assert games["9-11"] == games["10-11"] == games["none"]


def test_a_split_hand_keeps_its_free_double_without_das():
    """DAS is a money rule: without it a split hand still takes its free double on a two-card hard
    9-11.  With no money doubles at all, DAS or not is then one game (CD and TD, rationals and
    floats, the distribution's mean); with money doubles, no DAS costs a little, not the free
    doubles (6 decks: 1.0161 % against 1.0144 %)."""
    cards = "AS AH TS TS TH TH 4C 6C 6C 8C 8C 9C 9C 9C 5D 5D".split()
    games = {}
    for das in (True, False):
        rules = FREE_BET.rules(decks=1, max_split_hands=2, resplit_aces=False, double_on="none",
                               double_after_split=das)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            rational, floats = (Calculator(rules, Shoe.from_cards(cards), exact=e) for e in (True, False))
        games[das] = [rational.game(s).ev for s in ("CD", "TD")]
        assert [abs(floats.game(s).ev - float(ev)) < 1e-12 for s, ev in zip(("CD", "TD"), games[das])] == [True, True]
        assert rational.outcomes().ev == games[das][0]
        assert rational.round.split_doubles(9, False) and not rational.round.split_doubles(8, False)
    assert games[True] == games[False]
    paid = Calculator(FREE_BET.rules(double_after_split=False))
    assert paid.round.split_doubles(10, False) and not paid.round.split_doubles(8, False)
    assert not paid.round.split_doubles(18, True) and Calculator(FREE_BET.rules()).round.split_doubles(18, True)
    assert round(float(paid.game().house_edge) * 100, 4) == 1.0161


S6 = {1: 2, 3: 2, 6: 3, 7: 2, 8: 2, 10: 6}


@pytest.mark.parametrize("counts", [G, S6], ids=["G", "S6"])
def test_without_das_the_game_and_its_td_chart_equal_the_oracle_exactly(counts):
    """Without DAS the oracle's split hands keep their free double on a two-card hard 9-11 and lose
    the money ones; the engine's CD game and TD chart (the oracle playing it) equal it exactly, and
    the game is worth less than with DAS on these shoes, where a split hand can free-double."""
    theirs = oracle.FBRules(das=False)
    calc = calculator(counts, double_after_split=False)
    assert exact(calc.game().ev) == oracle.game_ev(oracle.make_shoe(counts), theirs)
    assert exact(calc.game().ev) < exact(calculator(counts).game().ev)
    td = calc.game("TD")
    chart = {up: {"hits": dict(s.hits), "two_card": dict(s.two_card), "pairs": dict(s.pairs)}
             for up, s in td.strategy.items()}
    assert exact(td.ev) == oracle.chart_ev(oracle.make_shoe(counts), theirs, chart)


def test_a_das_code_reads_alike_in_the_reader_and_the_comparer():
    """Ph splits where the rules double after a split (DAS, the money rule) and some split hand may
    double: the chart reader and the cell comparer read it alike, Free Bet without DAS as a hit."""
    from bjcalc.analysis.codes import cell_plays
    from bjcalc.game.strategy import chart_strategy, das_codes_split

    for rules in (FREE_BET.rules(decks=1, double_after_split=False), FREE_BET.rules(decks=1, double_on="none"),
                  FREE_BET.rules(decks=1)):
        split = das_codes_split(rules)
        assert cell_plays("pair 3,3", "Ph", rules) == cell_plays("pair 3,3", "P" if split else "H", rules)
        table = Calculator(rules).game("TD").strategy.chart()
        table.loc["pair 3,3", "2"] = "Ph"
        assert chart_strategy(table, rules)[2].pairs[3] == ("split" if split else "hit")
    assert not das_codes_split(FREE_BET.rules(double_after_split=False))


def test_a_chart_code_reads_free_doubles_where_money_doubles_are_off():
    from bjcalc.analysis.codes import cell_plays
    rules = FREE_BET.rules(double_on="none")
    assert cell_plays("hard 9", "Dh", rules) != cell_plays("hard 9", "H", rules)
    assert cell_plays("hard 8", "Dh", rules) == cell_plays("hard 8", "H", rules)
    assert cell_plays("pair 4,4", "Ph", rules) == cell_plays("pair 4,4", "P", rules)      # (DAS: free doubles)


def test_a_split_is_valued_alike_whichever_doubles_were_asked_first():
    """The split plans a node set keeps depend on who says which split hands may double: valued
    first by the rules' doubles (none for money here) and then by the variant's (free on hard
    9-11), the split of 6s is the variant's value on a fresh round, and worth more."""
    from bjcalc.engine.splits import split_value
    from bjcalc.game.rounds import pair_state

    cards = "AS AH TS TS TH TH 4C 6C 6C 8C 8C 9C 9C 9C 5D 5D".split()
    rules = FREE_BET.rules(decks=1, max_split_hands=2, resplit_aces=False, double_on="none")

    def split_of_sixes(calc, doubles):
        round_ = calc.round
        key = pair_state(round_.shoe, rules, 9, (5, 5))         # (6,6 against a ten: rank indices)
        return split_value(rules, round_.upcard(10), "CDZ-", 6, key, round_.engine.space.max_cards,
                           split_doubles=round_.split_doubles if doubles else None)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        used, fresh = (Calculator(rules, Shoe.from_cards(cards), exact=True) for _ in range(2))
    plain = split_of_sixes(used, False)
    assert split_of_sixes(used, True) == split_of_sixes(fresh, True) > plain


def test_the_game_is_the_same_whichever_analysis_ran_first():
    """The split plans a node set keeps are made alike by every analysis (the TD search and the CD
    game both ask the variant which split hands may double): the CD game after the TD search is
    the CD game alone."""
    cards = "AS AH TS TS TH TH 4C 6C 6C 8C 8C 9C 9C 9C 5D 5D".split()
    rules = FREE_BET.rules(decks=1, max_split_hands=2, resplit_aces=False, double_on="none")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        alone = Calculator(rules, Shoe.from_cards(cards), exact=True).game("CD").ev
        after = Calculator(rules, Shoe.from_cards(cards), exact=True)
    after.game("TD")
    assert after.game("CD").ev == alone
