"""One battery of identities over every variant of the registry, and every other value of each of
its options: a new variant, or a new option, gets them for free.

Each identity holds exactly whatever the variant's round (in rationals; to 1e-12 in floats on
Burn 20's suited deck and for Blackjack Switch's two hands): the round's distribution has
the game's EV as its mean, under CD and TD play; the TD chart is no better than CD play; the CD
strategy played on its own shoe is the game; effects of removal of that fixed play weigh to zero;
the free chips of a round are a distribution; floats equal rationals; the compiled kernel gives
numpy's numbers; the variant's own independent oracle gives the engine's exact game.  A variant
whose round an analysis does not follow must refuse it (never approximate): such a case is
skipped with the refusal as its reason.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
import weakref
from fractions import Fraction
from functools import lru_cache

import pytest

from bjcalc import Calculator, Shoe
from bjcalc.engine import _kernels
from bjcalc.core.errors import BjcalcError, NotFollowedError
from bjcalc.game.free_chips import free_chip_counts
from bjcalc.game.variants import VARIANTS
from oracles.registry import ORACLES, UNCOVERED

SMALL = {"A": 2, "2": 2, "5": 1, "6": 1, "8": 3, "9": 2, "T": 8}
"""A 19-card shoe every variant without suits that deals one hand can deal (exact arithmetic stays
quick), each case refusing on it exactly what it refuses on TWO_HANDS."""

TWO_HANDS = {**SMALL, "5": 2, "6": 2}
"""21 cards: the shoe of the variants that deal two hands (Blackjack Switch; SMALL, 139 points,
is too small for its two hands split to 2 and the dealer, who can hold 146)."""

RULE_CASES = ["standard+charlie=4"]
"""Rules that change how hands are settled, on a variant (``name+field=value``): a Charlie."""

CASES = sorted(VARIANTS) + [f"{name}:{option}={next(v for v in spec.allowed if v != spec.default)}"
                            for name in sorted(VARIANTS) if VARIANTS[name].round_name == name
                            for option, spec in VARIANTS[name].options.items()] + RULE_CASES
"""Every variant by name, each variant with a round of its own with one option at another of its values
(``free_bet:free_split_fours=False``; a preset of another's options, Player's Edge 21, shares that
round's cases), and the :data:`RULE_CASES`."""


def variant_rules(case: str, **rules):
    """The rules of a :data:`CASES` entry, with ``rules``."""
    case, _, changed = case.partition("+")
    if changed:
        field, _, text = changed.partition("=")
        rules[field] = int(text)
    name, _, option = case.partition(":")
    variant = VARIANTS[name]
    if option:
        key, _, text = option.partition("=")
        rules[key] = next(v for v in variant.options[key].allowed if str(v) == text)
        rules = {**variant.options[key].needed(variant.options), **rules}     # (with the options it needs)
    return variant.rules(**rules)


def calculator(name: str) -> Calculator:
    rules = variant_rules(name, decks=1, max_split_hands=2)
    two_hands = VARIANTS[name.partition(":")[0].partition("+")[0]].hands_dealt == 2
    # (Burn 20 reads the suits)
    shoe = Shoe.decks(1) if rules.burn_20 else Shoe.from_counts(TWO_HANDS if two_hands else SMALL)
    # (floats, to 1e-12, for Burn 20's whole deck and for two hands, whose game values 55 shoes:
    # both compare rationals with their oracles in their own tests)
    rational = not (rules.burn_20 or two_hands)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules' decks give way to the shoe)
        return Calculator(rules, shoe, exact=rational)


def same(a, b, exact: bool) -> bool:
    return a == b if exact else abs(float(a) - float(b)) < 1e-12


@pytest.fixture(scope="module", params=CASES)
def calc(request) -> Calculator:
    return calculator(request.param)


_GAMES: "weakref.WeakKeyDictionary[Calculator, dict]" = weakref.WeakKeyDictionary()


def game(calc: Calculator, strategy: str = "CD"):
    """``calc.game(strategy)``, computed once per calculator: the tests of one case share its
    module-scoped calculator, and a result is the same however often it is asked for."""
    results = _GAMES.setdefault(calc, {})
    if strategy not in results:
        results[strategy] = calc.game(strategy)
    return results[strategy]


def refused_or(ask):
    """What ``ask()`` computes, or the test skipped with the refusal as its reason (a refusal is a
    documented limit, never a wrong number)."""
    try:
        return ask()
    except BjcalcError as refusal:
        pytest.skip(f"refused: {refusal}")


def test_the_distributions_mean_is_the_games_ev(calc):
    for strategy in ("CD", "TD"):
        outcomes = refused_or(lambda: calc.outcomes(strategy))
        assert same(sum(outcomes.pmf), 1, calc.exact)
        assert same(outcomes.ev, game(calc, strategy).ev, calc.exact), strategy


def test_the_chart_is_no_better_than_composition_dependent_play(calc):
    assert refused_or(lambda: game(calc, "TD")).ev <= game(calc, "CD").ev


def test_the_strategy_played_on_its_own_shoe_is_the_game(calc):
    assert same(refused_or(lambda: calc.play_on(calc.shoe)).ev, game(calc).ev, calc.exact)


def test_the_effects_of_removal_of_fixed_play_weigh_to_zero(calc):
    effects = refused_or(lambda: calc.effects_of_removal())
    assert same(effects.weighted_sum(), 0, calc.exact)


def test_the_free_chips_of_a_round_are_a_distribution(calc):
    counts = refused_or(lambda: free_chip_counts(calc))
    assert same(sum(counts.values()), 1, calc.exact) and all(p >= 0 for p in counts.values())
    if calc.round.money_only:
        assert list(counts) == [0]


@pytest.mark.parametrize("name", [name for name, variant in VARIANTS.items() if variant.covers is not None])
def test_an_analysis_a_variant_does_not_follow_is_refused_in_words(name):
    """An analysis a variant's ``covers`` leaves out refuses, saying what is computed instead."""
    variant = VARIANTS[name]
    with pytest.raises(BjcalcError, match=f"for {variant.title} bjcalc computes: "):
        variant.check_analysis("an analysis no variant names")


SUITED = "AS AH 4H 5D 6C 7S 8S 8H 9C 9D TS TH TD JC QD KS KH".split()
"""A 17-card shoe with suits, which every variant can deal (Burn 20 reads the suits), each case
the same games as on 19 cards with a 2 and a 3 (those it refuses refused, TD where it is played)."""


def calculator_on_suited(name: str, exact: bool = False) -> Calculator:
    """A :data:`CASES` entry's calculator on :data:`SUITED` (one split)."""
    rules = variant_rules(name, decks=1, max_split_hands=2)
    shoe = Shoe.from_cards(SUITED)
    if VARIANTS.of(rules).suits_by_chance:     # (suits read as whole decks', which these are not: by rank)
        shoe = Shoe(shoe.rank_counts)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules' decks give way to the shoe)
        return Calculator(rules, shoe, exact=exact)


def games(name: str, exact: bool = False) -> dict[str, float]:
    """The CD and TD game EVs of a :data:`CASES` entry on :data:`SUITED` (one split; none where the
    case refuses its game: its tests skip, saying why), computed once per process (the float games
    serve both test_floats_equal_rationals and this process's side of the compiled-kernel test)."""
    return dict(_games(name, exact))


@lru_cache(maxsize=None)
def _games(name: str, exact: bool) -> dict[str, float]:
    calc = calculator_on_suited(name, exact)
    try:
        cd = calc.game("CD").ev
    except BjcalcError:         # (a game the case refuses whole: a shoe two hands may run out of, say)
        return {}
    try:
        return {"CD": cd, "TD": calc.game("TD").ev}
    except NotFollowedError:       # (an analysis the variant's round refuses: CD alone)
        return {"CD": cd}


@pytest.mark.parametrize("name", CASES)
def test_floats_equal_rationals(name):
    floats, rationals = games(name), games(name, exact=True)
    if not floats:
        refused_or(lambda: calculator_on_suited(name).game())      # (skips, saying why)
    assert all(abs(floats[s] - float(rationals[s])) < 1e-12 for s in floats), (floats, rationals)


def test_the_compiled_kernel_gives_numpys_numbers():
    """Every variant's games in a process without the compiled kernel equal this one's (to 1e-12:
    the kernel sums in numpy's order, so they are mostly equal to the bit)."""
    if not _kernels.available():
        pytest.skip("no compiled kernel here (BJCALC_NO_KERNEL set, or no C compiler at install): "
                    "numpy computes every number already")
    script = ("import json, sys; sys.path.insert(0, sys.argv[1]); import test_registry_battery as b; "
              "print(json.dumps([b._kernels.available(), {n: b.games(n) for n in b.CASES}]))")
    here = os.path.dirname(os.path.abspath(__file__))
    proc = subprocess.run([sys.executable, "-c", script, here], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "BJCALC_NO_KERNEL": "1"})
    assert proc.returncode == 0, proc.stderr
    kernel, numpy = json.loads(proc.stdout)
    assert kernel is False      # (that process computed with numpy)
    for name in CASES:
        compiled = games(name)
        assert compiled.keys() == numpy[name].keys(), name
        assert all(abs(compiled[s] - numpy[name][s]) < 1e-12 for s in compiled), (name, compiled, numpy[name])


ORACLE_SHOE = "AS AH TS TS TH TH 4C 6C 6C 8C 8C 9C 9C 9C".split()
"""14 cards with suits (Burn 20's dealer reads them), small enough for every oracle."""


@pytest.mark.parametrize("case", CASES)
def test_the_variants_own_oracle_gives_the_engines_exact_game(case):
    name = case.partition("+")[0].partition(":")[0]
    assert name in ORACLES or name in UNCOVERED, f"{name} needs an oracle in tests/oracles/registry.py, " \
                                                 f"or a reason in its UNCOVERED"
    if name in UNCOVERED:
        pytest.skip(f"{name}: {UNCOVERED[name]}")
    rules = variant_rules(case, decks=1, max_split_hands=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # (the rules' decks give way to the shoe)
        ev = refused_or(lambda: Calculator(rules, Shoe.from_cards(ORACLE_SHOE), exact=True).game().ev)
    assert Fraction(int(ev.numerator), int(ev.denominator)) in ORACLES[name](rules, ORACLE_SHOE)
