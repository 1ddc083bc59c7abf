"""The published figures bjcalc checks itself against, with their sources: ``bjcalc verify``.

This module is where the figures live (they ship with the package): every one is a
:class:`Figure` with its source cited in full, the quantity and the value as printed,
the rules we read it under, and how to compute it.  :func:`verify` computes each with
CD and (where it means something) TD strategy and gives one of three verdicts:

- ``"matches to the published digits"``: ours, rounded to the printed digits, is the
  figure (within half a unit of its last digit);
- ``"within the publication's rounding"``: within one unit of its last digit (a figure
  computed from rounded numbers carries up to that: a rule effect taken as the
  difference of two rounded house edges, for instance), or within the precision the
  source states for itself;
- ``"differs"``: further off.

Every verdict carries its reason (:attr:`Row.reason`).  Where a source leaves rules open, a
figure may name the :class:`Reading` of them that ``bjcalc explain`` found to reproduce it (or
the nearest one, where none does): :func:`verify` computes those readings too, and the reason
says which reproduces the figure.  The table shows every figure as the player's EV (a
house edge ``h`` as ``-h``), with the figure as printed in its reason.

A figure we do not reproduce is reported as such, never adjusted.

>>> row = verify(only=["nairn-8-8-no-das"])[0]
>>> row.verdict, row.published
('matches to the published digits', '-0.340317')
"""

from __future__ import annotations

import contextvars
import dataclasses
import functools
import math
import textwrap
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Callable, Iterable, Optional

from ..game import variants
from ..game.calculator import Assumptions, Calculator
from ..core.cards import Shoe
from ..core.rules import Rules
from ..sidebets import (BustBonus, LuckyLadies, MatchTheDealer, OverUnder13, PerfectPairs, Push22, RoyalMatch,
                        SideBet, TwentyOnePlusThree)
from .sweeps import EVs, full_shoe_ev

__all__ = ["Figure", "Reading", "Row", "figures", "verify", "verify_text", "PERCENT", "FRACTION", "MATCHES",
           "ROUNDING", "DIFFERS", "VERDICTS"]

PERCENT = "percent"
FRACTION = "fraction"

MATCHES = "matches to the published digits"
ROUNDING = "within the publication's rounding"
DIFFERS = "differs"
VERDICTS = (MATCHES, ROUNDING, DIFFERS)
"""The verdicts, best first."""
_SHORT = {MATCHES: "matches", ROUNDING: "rounding", DIFFERS: "differs"}


def _exponent(number: Decimal) -> int:
    """The place of the last printed digit of a finite decimal (-2 for 0.74)."""
    exponent = number.as_tuple().exponent
    if not isinstance(exponent, int):       # ('n', 'N' or 'F': NaN or infinity, never a published figure)
        raise ValueError(f"a published figure is a finite decimal, not {number}")
    return exponent


@dataclass(frozen=True)
class Reading:
    """A reading of the rules a source leaves open, found with ``bjcalc explain``: the figure's
    rules with ``changes``, in ``words``; ``compute(strategy)`` gives the figure's quantity
    under it (as :attr:`Figure.compute`), ``strategies`` the play it is read with.  Whether it
    reproduces the figure is computed by :func:`verify` every run, never stated here.

    >>> reading = next(f.readings[0] for f in figures() if f.key == "classic-single-deck")
    >>> reading.words, reading.strategies
    ('drawing to split aces', ('TD',))
    """

    changes: tuple[tuple[str, Any], ...]
    words: str
    compute: Callable[[str], float]         # (a value for each of its strategies: Row.reading_values)
    strategies: tuple[str, ...] = ("CD", "TD")


@dataclass(frozen=True)
class Figure:
    """One published number and how bjcalc computes the same quantity.

    ``published`` is the figure as printed (no % sign) in ``unit`` (:data:`PERCENT` or
    :data:`FRACTION` of the initial bet); ``compute(strategy)`` gives ours in that unit.
    ``change`` names the rule changed from ``rules`` when the figure is a rule effect;
    ``precision`` is a precision the source states for itself (in ``unit``).  ``sign``: 1 when
    the figure is the player's EV (or its change), -1 when it is the house's (a house edge, or
    its change): the table shows ``sign * value`` for every figure, the player's EV.
    ``readings``: the :class:`Reading` of the open rules that reproduce it, or the nearest one;
    ``why``: what is known of a difference that no reading explains.  A side bet's figure has no
    main game (``rules`` None): ``setting`` says the bet, pay table and shoe in words, ``stated``
    gives its :class:`~bjcalc.game.rounds.Assumptions`, and its exact value has no play.

    >>> f = figures()[0]
    >>> f.key, f.published, f.unit, f.matches_within, f.rounding_within
    ('griffin-infinite', '-0.690223', 'percent', 5e-07, 1e-06)
    """

    key: str
    game: str
    source: str
    quantity: str
    published: str
    unit: str
    rules: Optional[Rules]
    compute: Callable[[str], Optional[float]]
    split_strategy: str = "CDZ-"
    change: str = ""
    precision: Optional[float] = None
    strategies: tuple[str, ...] = ("CD", "TD")
    note: str = ""
    sign: int = 1
    readings: tuple[Reading, ...] = ()
    why: str = ""
    setting: str = ""
    stated: Optional[Callable[[], Assumptions]] = None

    @property
    def _last_digit(self) -> float:
        return 10.0 ** _exponent(Decimal(self.published))

    @property
    def matches_within(self) -> float:
        """Half a unit of the last printed digit: ours rounds to the printed figure within it."""
        return 0.5 * self._last_digit

    @property
    def rounding_within(self) -> float:
        """One unit of the last printed digit, or the source's own stated precision if larger."""
        return max(self._last_digit, self.precision or 0.0)

    @property
    def published_percent(self) -> Decimal:
        """The figure in percent of the initial bet, its printed digits kept (a decimal shift)."""
        value = Decimal(self.published)
        return value if self.unit == PERCENT else value.scaleb(2)

    @property
    def player_percent(self) -> Decimal:
        """The figure as the player's EV in percent (a house edge negated), its printed digits kept.

        >>> next(f for f in figures() if f.key == "burn20-card").player_percent
        Decimal('-0.74')
        """
        return self.published_percent if self.sign == 1 else -self.published_percent

    @property
    def as_printed(self) -> str:
        """The figure as its source prints it, with its quantity.

        >>> next(f for f in figures() if f.key == "burn20-card").as_printed
        'house edge 0.74 %'
        """
        return f"{self.quantity} {self.published}" + (" %" if self.unit == PERCENT else "")

    @property
    def assumptions(self) -> str:
        """The rules and post-split strategy the figure is read under (a side bet's: its setting), in one line."""
        if self.rules is None:
            return self.setting
        text = f"{self.rules.describe()}, {self.split_strategy}"
        return text + (f"; effect of {self.change}" if self.change else "")


@dataclass
class Row:
    """A verified figure: published value, ours (CD and TD), the verdict and its reason; with the
    figure's :class:`Reading` objects, their values too (``reading_values``: for each reading,
    strategy -> value)."""

    figure: Figure
    cd: Optional[float]
    td: Optional[float]
    reading_values: list[dict[str, float]] = dataclasses.field(default_factory=list)

    @property
    def published(self) -> str:
        return self.figure.published

    def _ours(self) -> list[tuple[str, float]]:
        if self.figure.rules is None:   # a side bet: no play, one exact value
            return [("exact", self.cd)] if self.cd is not None else []
        return [(s, v) for s, v in (("CD", self.cd), ("TD", self.td)) if v is not None]

    @property
    def difference(self) -> Optional[float]:
        """Ours minus the figure (in its unit), for the strategy closest to it."""
        ours = self._ours()
        if not ours:
            return None
        target = float(self.figure.published)
        return min((v - target for _, v in ours), key=abs)

    def _tier(self, value: float) -> str:
        distance = abs(value - float(self.figure.published))
        if distance <= self.figure.matches_within:
            return MATCHES
        if distance <= self.figure.rounding_within:
            return ROUNDING
        return DIFFERS

    @property
    def verdict(self) -> str:
        """One of :data:`VERDICTS`: the best any computed strategy reaches."""
        tiers = [self._tier(v) for _, v in self._ours()]
        return min(tiers, key=VERDICTS.index) if tiers else DIFFERS

    @property
    def verdict_strategies(self) -> tuple[str, ...]:
        """The strategies whose value reaches :attr:`verdict`."""
        verdict = self.verdict
        return tuple(s for s, v in self._ours() if self._tier(v) == verdict)

    @property
    def reading_verdict(self) -> Optional[str]:
        """The best verdict the figure's readings reach (None without one computed)."""
        tiers = [self._tier(v) for values in self.reading_values for v in values.values()]
        return min(tiers, key=VERDICTS.index) if tiers else None

    def _number(self, value: float, factor: int, extra: int = 2) -> str:
        """``value`` (in the figure's unit and sign) in percent, times ``factor`` (the view's sign), to
        ``extra`` more digits than printed."""
        f = self.figure
        decimals = max(0, -_exponent(f.published_percent)) + extra
        return f"{factor * value * (100 if f.unit == FRACTION else 1):.{decimals}f} %"

    def _percent(self, amount: float) -> str:
        """A distance or precision (in the figure's unit) in percent, to two significant digits."""
        return f"{amount * (100 if self.figure.unit == FRACTION else 1):.2g} %"

    @property
    def reason(self) -> str:
        """Why the verdict is what it is, in one sentence: how far ours is, and for a figure
        that differs, which reading of the open rules reproduces it (computed this run) or
        what is known of the difference; every value in percent as the player's EV, as
        ``bjcalc verify``'s columns (:meth:`reason_in` for another view).

        >>> verify(only=["nairn-8-8-das"])[0].reason
        'matches: ours, -33.371813 % (CD), rounds to the published -33.3718 %'
        >>> verify(only=["burn20-vegas-s17"])[0].reason
        'matches: ours, 0.3697 % (CD), rounds to the published 0.37 %'
        """
        return self.reason_in(self.figure.sign)

    def reason_in(self, factor: int) -> str:
        """:attr:`reason` with every value in percent times ``factor``: 1 keeps the figure's own
        sign (a house edge as a house edge), ``figure.sign`` gives the player's EV."""
        f = self.figure
        ours = self._ours()
        if not ours:
            return "not computed"
        strategy, value = min(ours, key=lambda item: abs(item[1] - float(f.published)))
        printed = f"{factor * f.published_percent} %"
        computed = f"{self._number(value, factor)}{self._by(strategy)}"
        if self.verdict == MATCHES:
            return f"matches: ours, {computed}, rounds to the published {printed}"
        if self.verdict == ROUNDING:
            if f.precision is not None and abs(value - float(f.published)) > f._last_digit:
                within = f"the precision the source states, {self._percent(f.precision)}"
            else:
                within = f"one unit of its last digit, {self._percent(f._last_digit)}"
            return f"within the publication's rounding: ours, {computed}, is within {within}, of {printed}"
        off = f"differs by {self._percent(abs(value - float(f.published)))}{self._by(strategy)}"
        if self.reading_values:
            found = []
            for reading, values in zip(f.readings, self.reading_values):
                best, value = min(values.items(), key=lambda item: abs(item[1] - float(f.published)))
                found.append((abs(value - float(f.published)), self._tier(value),
                              f"{reading.words}, gives {self._number(value, factor)} ({best})"))
            reproduce = [(tier, gives) for _, tier, gives in found if tier in (MATCHES, ROUNDING)]
            if reproduce:
                said = "; ".join(f"{gives}, " + ("which rounds to it" if tier == MATCHES else "within its rounding")
                                 for tier, gives in reproduce)
                which = "the readings that reproduce it" if len(reproduce) > 1 else "the reading that reproduces it"
                return f"{off}; {which} (bjcalc explain): {said}"
            off = f"{off}; no reading of the open rules reproduces it (bjcalc explain): the nearest, {min(found)[2]}"
        return off + (f"; {f.why}" if f.why else "")

    def _by(self, strategy: str) -> str:
        """`` (CD)``: the strategy a value is computed with (none for a side bet's figure)."""
        return "" if self.figure.rules is None else f" ({strategy})"

    def assumptions(self) -> Assumptions:
        """What the figure is computed under, as every bjcalc result states it."""
        f = self.figure
        if f.rules is None:
            assert f.stated is not None, f"{f.key}: a figure without a main game states its assumptions"
            return f.stated()
        calc = Calculator(f.rules, split_strategy=f.split_strategy)
        cd = calc.assumptions("CD")
        rules = f.rules.describe() + (f"; the figure is the effect of {f.change}" if f.change else "")
        if "TD" not in f.strategies:
            return dataclasses.replace(cd, rules=rules)
        td = calc.assumptions("TD")
        return dataclasses.replace(cd, rules=rules, strategy=f"two columns: CD, {cd.strategy}; TD, {td.strategy}",
                                   split_strategy=f"CD: {cd.split_strategy}; TD: {td.split_strategy}")

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: every number a fraction of the initial bet (``unit``) as the player's EV (a
        house edge negated: ``view``), the figure also as printed with its quantity;
        ``tolerance``: the largest difference that still ``matches`` or is within ``rounding``;
        ``reason``: :attr:`reason`; ``readings``: the readings of the open rules and their values.

        >>> d = verify(only=["nairn-8-8-das"])[0].as_dict()
        >>> d["published"], d["published_as_printed"], d["verdict"], d["view"]
        (-0.333718, '-0.333718', 'matches to the published digits', "the player's EV")
        """
        f = self.figure
        scale = (100 if f.unit == PERCENT else 1) * f.sign

        def fraction(value: Optional[float]) -> Optional[float]:
            return None if value is None else value / scale

        readings = [{"rules": dict(reading.changes), "words": reading.words,
                     "values": {s: fraction(v) for s, v in values.items()},
                     "verdict": min((self._tier(v) for v in values.values()), key=VERDICTS.index)}
                    for reading, values in zip(f.readings, self.reading_values)]
        return {"key": f.key, "game": f.game, "quantity": f.quantity, "source": f.source, "unit": FRACTION,
                "view": "a probability" if f.quantity.startswith("P(") else
                        "the player's EV" + ("" if f.sign == 1 else " (the published house's figure negated)"),
                "published_as_printed": f.published + (" %" if f.unit == PERCENT else ""),
                "published": float(Decimal(f.published) / scale), "cd": fraction(self.cd), "td": fraction(self.td),
                "difference": fraction(self.difference),
                "tolerance": {"matches": abs(f.matches_within / scale), "rounding": abs(f.rounding_within / scale)},
                "verdict": self.verdict, "verdict_strategies": list(self.verdict_strategies), "reason": self.reason,
                "readings": readings, "assumptions": self.assumptions().as_dict(), "note": f.note}


_EVS: contextvars.ContextVar[Optional[EVs]] = contextvars.ContextVar("bjcalc_verify_evs", default=None)
"""The games :func:`verify` has computed in this run (figures share games: a rule effect's base)."""


def _ev(rules: Rules, split: str, strategy: str) -> Any:
    return full_shoe_ev(rules, strategy, split, _EVS.get())


def _game(rules: Rules, sign: int = 1, split: str = "CDZ-", percent: bool = True) -> Callable[[str], float]:
    """EV (sign 1) or house edge (sign -1) of a whole game."""
    def compute(strategy: str) -> float:
        ev = _ev(rules, split, strategy)
        return sign * float(ev) * (100 if percent else 1)
    return compute


def _effect(base: Rules, changed: Rules, sign: int = -1, split: str = "CDZ-") -> Callable[[str], float]:
    """Change in house edge (sign -1) or player EV (sign 1), in percent, from one rule change."""
    def compute(strategy: str) -> float:
        a = _ev(base, split, strategy)
        b = _ev(changed, split, strategy)
        return sign * float(b - a) * 100 + 0.0       # (+ 0.0: no change reads 0, not -0)
    return compute


def _side_bet(key: str, bet: SideBet, shoe: Shoe, paytable: Optional[str], printed: str, source: str,
              quantity: str = "house edge", ours: Callable[[float], float] = lambda edge: edge,
              note: str = "", value: Optional[Callable[[], Any]] = None, unit: str = PERCENT, sign: int = -1,
              conditioning: str = "", why: str = "") -> Figure:
    """A side bet's figure: its house edge in percent (``ours`` turns it into the figure's quantity)
    with ``paytable`` on ``shoe``, exact combinatorics (no play); or, with ``value``, the number
    it gives in ``unit`` (a probability, say), ``sign`` 1 where it is no house edge.
    ``conditioning``: what the value is given, where it is not every round (per unit staked)."""
    table = bet.paytable(paytable) if paytable is not None else None

    def compute(strategy: str) -> float:
        if value is not None:
            return float(value())
        return ours(float(bet.evaluate(shoe, table).house_edge) * 100)

    def stated() -> Assumptions:
        said = bet.stated_assumptions(shoe)
        if table is not None:
            said = dataclasses.replace(said, rules=f"{said.rules}; pay table {table.describe()}")
        return dataclasses.replace(said, conditioning=conditioning) if conditioning else said

    paid = f", pay table {table.describe()}" if table is not None else ""
    return Figure(key, "sidebets", source, quantity, printed, unit, None, compute, strategies=("CD",), sign=sign,
                  note=note, why=why, setting=f"{bet.name}{paid}; {shoe.describe()}", stated=stated)


def _hand(rules: Rules, cards: str, up: str, action: str, split: str) -> Callable[[str], Optional[float]]:
    def compute(strategy: str) -> Optional[float]:
        return float(Calculator(rules, split_strategy=split).hand(cards, up)[action]) if strategy == "CD" else None
    return compute


# -- the sources, cited in full --------------------------------------------------------------
GRIFFIN_SOURCE = ("Peter A. Griffin, The Theory of Blackjack (Huntington Press, Las Vegas, 1979-1999): the full "
                  "infinite-deck basic strategy expectation, -.690223 %, for its rules (no resplitting)")
EXACT_CALCULATOR_SOURCE = ("published output of an exact composition-dependent blackjack calculator for 6 decks, "
                           "S17, DAS, resplit to 4 hands (the calculator is not identified)")
WIZARD_SOURCE = ("Wizard of Odds (Michael Shackleford), Blackjack Appendix 9, game EV by rules and decks, "
                 "wizardofodds.com/games/blackjack/appendix/9/")
NAIRN_SOURCE = ("John A. Nairn, Exact Calculation of Expected Values for Splitting Pairs in Blackjack "
                "(Oregon State University; arXiv:1909.13710)")
BURN20_CARD_SOURCE = ("Blackjack Burn 20 rule card, Grosvenor Casinos trial (UK, July 2011): "
                      "'The House edge for this version of Blackjack is 0.74%'")
BINIONS_SOURCE = ("Wizard of Odds, Burn 20 Blackjack (as dealt at Binion's, Las Vegas, 2011), "
                  "wizardofodds.com/games/burn-20-blackjack/: house edge 0.80 % and its rule-variation table")
UK_STANDARD_SOURCE = ("a published house edge of standard UK casino blackjack (6 decks, S17, double on 9-11, "
                      "DAS, no hole card, dealer blackjack takes all), quoted beside Burn 20's (source not "
                      "identified)")
NO_BUST_SOURCE = ("a published blog analysis of No Bust 21st Century Blackjack as dealt at Ocean's 11 Casino, "
                  "California: the bank's edge -0.18 % before the house collection, and rule effects")
FREE_BET_SHEET_SOURCE = ("Customised Casino Games Ltd, Free Bet Blackjack rule sheet for its UK trial at Rainbow "
                         "Casino, Birmingham (as published at ukcasinotablegames.info/blackjackfreebet.html): "
                         "'overall house edge of 1.01%'")
WIZARD_FREE_BET_SOURCE = ("Wizard of Odds (Michael Shackleford), Free Bet Blackjack: the expected values of 12 "
                          "against a 4, infinite deck, dealer hits soft 17")
HOW_FREE_BET_SOURCE = ("Stephen How, who did the inventor's analysis of Free Bet Blackjack (discountgambling.net, "
                       "22 June 2012), launch rules: no free split of 4s, free doubles on hard 9-11 at any time, up "
                       "to 4 free resplits")
WIZARD_DOUBLE_EXPOSURE_SOURCE = ("Wizard of Odds (Michael Shackleford), Double Exposure: house edges of three rule "
                                 "sets in its older list (basic strategy)")
DOUBLE_EXPOSURE_ONLINE_SOURCE = ("an online Double Exposure game's published house edge (8 decks, DAS, split to 4 "
                                 "hands, tied naturals win)")
WIZARD_SWITCH_SOURCE = ("Wizard of Odds (Michael Shackleford), Blackjack Switch: the house edge with optimal play "
                        "and the effects of three rules (quoted by several sites)")
WIZARD_SPANISH_SOURCE = ("Wizard of Odds (Michael Shackleford), Spanish 21: house edges by decks and dealer rule, "
                         "with redoubling, and rule effects (basic strategy; the older of the two tables that "
                         "circulate)")
WIZARD_PLAYERS_EDGE_SOURCE = ("Wizard of Odds (Michael Shackleford), Player's Edge 21: the house edge under the "
                              "redoubling chart (basic strategy; decks and dealer rule not stated with it)")
WIZARD_SPANISH_LATER_SOURCE = ("Wizard of Odds (Michael Shackleford), Spanish 21: the later table's 8-deck house "
                               "edges (basic strategy)")
CLASSIC_SOURCE = "reviews of Microgaming's single-deck Classic Blackjack (several online reviews quote 0.13 %)"
TWENTY_ONE_PLUS_THREE_SOURCE = ("Wizard of Odds (Michael Shackleford), 21+3, wizardofodds.com/games/blackjack/"
                                "side-bets/21plus3/: version 1 (every win 9:1) by decks, version 2 (2 decks, a pair "
                                "wins too, every win 5:2)")
PERFECT_PAIRS_SOURCE = ("Wizard of Odds (Michael Shackleford), Perfect Pairs, wizardofodds.com/games/blackjack/"
                        "side-bets/perfect-pairs/: pay tables A to D, 8 decks")
LUCKY_LADIES_A_SOURCE = ("published house edges of Lucky Ladies pay table A (1000/125/19/9/4) as reviews quote them "
                         "(onlineblackjack.org: 38.16 % for one deck, 24.05 % for eight; betfirm.com: 24.71 % for six)")
LUCKY_LADIES_B_SOURCE = ("a published return of Lucky Ladies pay table B (1000/200/25/10/4) by decks, the pay table as "
                         "the Wizard of Odds lists it (the returns' source is not identified)")
ROYAL_MATCH_SOURCE = ("Wizard of Odds (Michael Shackleford), Royal Match: house edge by decks of version 1 (suited "
                      "5:2, royal match 25:1) and version 2 (3:1, 10:1)")
OVER_UNDER_SOURCE = ("Wizard of Odds (Michael Shackleford), Over/Under 13: house edges of the Under and Over bets by "
                     "decks (aces 1, 13 loses both)")
MATCH_THE_DEALER_SOURCE = ("Wizard of Odds (Michael Shackleford), Match the Dealer, wizardofodds.com/games/blackjack/"
                           "side-bets/match-the-dealer/: two decks, unsuited 4, suited 19")
MATCH_SPANISH_SOURCE = ("Eliot Jacobson, Card Counting the Match the Dealer Side Bet in Spanish 21 (888casino blog): "
                        "six Spanish decks, house edge 3.055 %; the 4/9 pay table as the Wizard of Odds lists it")
PUSH22_SOURCE = ("Wizard of Odds (Michael Shackleford), Push 22: the probability of a dealer 22 by decks and soft-17 "
                 "rule, and the expected value of the bet paying 11 to 1, wizardofodds.com/games/blackjack/push-22/")
PUSH22_SUITED_SOURCE = ("Stephen How, Push 22 Side Bet @ Viejas Casino (discountgambling.net, 22 August 2013): 6 "
                        "decks, a suited dealer 22 pays 50, same colour 20, any other 8: house edge 5.85 %")
BUST_BONUS_SOURCE = ("Wizard of Odds (Michael Shackleford), Bust Bonus (Galaxy Gaming; the pay table seen at the "
                     "Silver Dollar casino, SeaTac): return tables by up card, 8 decks, the dealer hits soft 17 and "
                     "peeks before the bet is offered, wizardofodds.com/games/blackjack/side-bets/bust-bonus/")

GRIFFIN = Rules(decks=math.inf, double_after_split=False, max_split_hands=2)
SIX_DECK_EXACT = variants.standard(decks=6)
WIZARD = [(1, False, "peek", "0.001839", "0.000423"), (1, True, "peek", "-0.000072", "-0.001513"),
          (2, True, "peek", "-0.003797", "-0.005252"), (5, False, "peek", "-0.003804", "-0.005225"),
          (5, True, "peek", "-0.005918", "-0.007366"), (6, True, "enhc", "-0.0072705", "-0.0086975"),
          (8, True, "enhc", "-0.007562", "-0.0089865")]


# The readings of open rules that `bjcalc explain` found for the seed games' figures (the one
# that reproduces the figure, or the nearest where none does): changes from the figure's rules,
# in words, and the strategies.  verify computes each every run: whether it reproduces the
# figure is never stated here.
BURN20_CARD_READINGS = (
    ({"decks": 4, "hole_card": "enhc_obo", "resplit_aces": True},
     "4 decks, a dealer blackjack taking the original bet only, resplit aces (S17, double on hard 9-11, DAS, "
     "split to 4)", ("CD",)),
    ({"decks": 4, "hole_card": "enhc_obo", "resplit_aces": True, "double_on": "any", "double_soft": True},
     "the same with doubling on any two cards, soft ones too", ("TD",)))
BURN20_VEGAS_READING = ({"resplit_aces": True}, "resplit aces (6 decks, peek, DAS, split to 4)", ("CD", "TD"))
NO_BUST_READING = ({"decks": 2}, "2 decks (DAS, split to 4, three-card-lower busts push)", ("CD", "TD"))
CLASSIC_READING = ({"hit_split_aces": True}, "drawing to split aces", ("TD",))


def _reading(rules: Rules, reading: tuple[dict[str, Any], str, tuple[str, ...]], sign: int) -> Reading:
    changes, words, strategies = reading
    return Reading(tuple(changes.items()), words, _game(rules.replace(**changes), sign=sign), strategies)


def figures() -> list[Figure]:
    """Every published figure bjcalc computes, with its source."""
    out = [Figure("griffin-infinite", "standard", GRIFFIN_SOURCE, "game EV", "-0.690223", PERCENT, GRIFFIN,
                  _game(GRIFFIN),
                  note="an independent exact recursion (tests/oracles/infinite_deck.py) agrees with bjcalc to every digit",
                  why="an independent exact recursion agrees with ours to every digit")]
    for strategy, printed in (("CDZ-", "-0.402870236"), ("CDP1", "-0.402864343"), ("CDP", "-0.402861523")):
        out.append(Figure(f"exact-6d-{strategy.lower()}", "standard", EXACT_CALCULATOR_SOURCE,
                          f"game EV, {strategy}", printed, PERCENT, SIX_DECK_EXACT,
                          _game(SIX_DECK_EXACT, split=strategy),
                          split_strategy=strategy, strategies=("CD",),
                          note="" if strategy != "CDP" else
                          "our CDP lets each split hand use the pair cards split off before its second card",
                          why="" if strategy != "CDP" else "CDP is defined differently (see the note)"))
    for decks, h17, hole, das_fig, nodas_fig in WIZARD:
        for das, printed in ((True, das_fig), (False, nodas_fig)):
            rules = Rules(decks=decks, dealer_hits_soft_17=h17, hole_card=hole, max_split_hands=4,
                          double_after_split=das)
            out.append(Figure(f"wizard-{decks}d-{'h17' if h17 else 's17'}-{hole}-{'das' if das else 'nodas'}",
                              "standard", WIZARD_SOURCE, "game EV", printed, FRACTION, rules,
                              _game(rules, split="CDP", percent=False), split_strategy="CDP", precision=2e-5,
                              note="the source's split values are approximate: it claims agreement to about "
                                   "1e-5 of the bet (precision taken as 2e-5); its strategy is CD"))
    for das, printed in ((False, "-0.340317"), (True, "-0.333718")):
        rules = Rules(decks=1, double_after_split=das, max_split_hands=2)
        out.append(Figure(f"nairn-8-8-{'das' if das else 'no-das'}", "standard", NAIRN_SOURCE,
                          "EV of splitting 8,8 v A (2 hands), no dealer BJ", printed, FRACTION, rules,
                          _hand(rules, "8,8", "A", "split", "CDZ-"), strategies=("CD",),
                          note="a hand value, per unit initial bet; Nairn's post-split play is fixed, so CD play "
                               "may only be higher"))
    # Burn 20.
    uk = variants.burn20()
    out.append(Figure("burn20-card", "burn20", BURN20_CARD_SOURCE, "house edge", "0.74", PERCENT, uk,
                      _game(uk, sign=-1), sign=-1, readings=tuple(_reading(uk, r, -1) for r in BURN20_CARD_READINGS),
                      note="the card states no other rules; the preset's UK defaults are one reading of them"))
    las_vegas = variants.burn20_las_vegas()
    out.append(Figure("burn20-vegas", "burn20", BINIONS_SOURCE, "house edge", "0.80", PERCENT, las_vegas,
                      _game(las_vegas, sign=-1), sign=-1, readings=(_reading(las_vegas, BURN20_VEGAS_READING, -1),),
                      note="doubling on any number of cards (double_after_hit); the rules the source leaves "
                           "open are burn20's defaults"))
    change: dict[str, Any]      # (the rule changes of the effects below, of every type)
    for key, change, words, printed in (("s17", dict(dealer_hits_soft_17=False), "the dealer standing on soft 17",
                                         "-0.37"),
                                        ("rsa", dict(resplit_aces=True), "resplitting aces", "-0.07"),
                                        ("8-decks", dict(decks=8), "eight decks", "0.02")):
        out.append(Figure(f"burn20-vegas-{key}", "burn20", BINIONS_SOURCE, f"change in house edge: {words}",
                          printed, PERCENT, las_vegas, _effect(las_vegas, las_vegas.replace(**change)),
                          change=words, sign=-1))
    # The split limit is not given; `bjcalc explain` finds that only three hands round to 0.62 %
    # (two give 0.66 %, four 0.61 %).
    uk_standard = variants.standard(hole_card="enhc", double_on="9-11", double_soft=False, max_split_hands=3)
    out.append(Figure("uk-standard", "standard", UK_STANDARD_SOURCE, "house edge", "0.62", PERCENT, uk_standard,
                      _game(uk_standard, sign=-1), sign=-1,
                      note="split limit not published: 3 hands reproduce it (2 give 0.66 %, 4 give 0.61 %)"))
    # No Bust 21st Century.
    no_bust = variants.no_bust_oceans_11()
    out.append(Figure("no-bust-oceans-11", "no_bust_21st_century", NO_BUST_SOURCE,
                      "player EV (printed as the bank's edge, -0.18 %)", "0.18", PERCENT, no_bust, _game(no_bust),
                      readings=(_reading(no_bust, NO_BUST_READING, 1),),
                      note="the analysis's game (no_bust_oceans_11: 6:5, surrender at any time, double on any "
                           "number of cards, three-card lower busts push); the rules it leaves open are the "
                           "card preset's defaults"))
    for key, change, words, printed in (("surrender-any-time", dict(surrender="none"), "surrender at any time",
                                         "0.29"),
                                        ("double-any-cards", dict(double_after_hit=False),
                                         "doubling on any number of cards", "0.24")):
        base = no_bust.replace(**change)
        out.append(Figure(f"no-bust-{key}", "no_bust_21st_century", NO_BUST_SOURCE, f"change in player EV: {words}",
                          printed, PERCENT, base, _effect(base, no_bust, sign=1), change=words,
                          note="in the analysis's game (no_bust_oceans_11), from "
                               + ("no surrender" if key == "surrender-any-time" else "doubling on two cards only")))
    for key, change, words, printed in (("6-5", dict(blackjack_pays="6:5"), "blackjack paying 6:5", "-1.39"),
                                        ("three-card-lower", dict(bust_push="three_card_lower"),
                                         "three-card busts lower than the dealer's pushing", "1.22")):
        base = variants.no_bust_21st_century(bust_push="none") if key == "three-card-lower" \
            else variants.no_bust_21st_century()
        one_deck = Reading((("decks", 1),), "one deck", _effect(base.replace(decks=1),
                                                                base.replace(decks=1, **change), sign=1))
        out.append(Figure(f"no-bust-{key}", "no_bust_21st_century", NO_BUST_SOURCE, f"change in player EV: {words}",
                          printed, PERCENT, base, _effect(base, base.replace(**change), sign=1), change=words,
                          readings=(one_deck,) if key == "6-5" else ()))
    classic = variants.classic_single_deck()
    out.append(Figure("classic-single-deck", "classic_single_deck", CLASSIC_SOURCE, "house edge", "0.13", PERCENT,
                      classic, _game(classic, sign=-1), sign=-1, readings=(_reading(classic, CLASSIC_READING, -1),),
                      note="the literal reading of the card, with the reviews' split once, no DAS and one card "
                           "to split aces"))
    # Free Bet Blackjack.
    free_bet = variants.VARIANTS["free_bet"].rules()
    out.append(Figure("free-bet-uk-sheet", "free_bet", FREE_BET_SHEET_SOURCE, "house edge", "1.01", PERCENT, free_bet,
                      _game(free_bet, sign=-1), sign=-1,
                      note="read with the variant's rules (6 decks, H17, peek, DAS, resplits to 4 hands, aces too); "
                           "the sheet says the usual rules apply otherwise, and the UK's usual S17 gives 0.70 %"))
    launch = variants.VARIANTS["free_bet"].rules(free_split_fours=False, free_double_any_cards=True)
    eight = ({"decks": 8}, "8 decks", ("CD",))
    out.append(Figure("free-bet-how-launch", "free_bet", HOW_FREE_BET_SOURCE, "house edge with optimal play", "0.625",
                      PERCENT, launch, _game(launch, sign=-1), sign=-1, strategies=("CD",),
                      readings=(_reading(launch, eight, -1),),
                      note="the launch rules with the variant's others (6 decks, H17, DAS, resplit aces); the source "
                           "does not say its decks or what its optimal play sees",
                      why="6 and 8 decks give more, an infinite deck less, and CDP splits barely move it"))
    out.append(Figure("free-bet-how-launch-basic", "free_bet", HOW_FREE_BET_SOURCE,
                      "house edge with basic strategy (the source's simulations)", "0.64", PERCENT, launch,
                      _game(launch, sign=-1), sign=-1,
                      note="a simulated figure, compared with the exact TD (basic) strategy's edge"))
    infinite = variants.VARIANTS["free_bet"].rules(decks=math.inf)
    for action, printed in (("stand", "-0.301161"), ("hit", "-0.279823")):
        out.append(Figure(f"free-bet-12v4-{action}", "free_bet", WIZARD_FREE_BET_SOURCE,
                          f"EV of {'standing' if action == 'stand' else 'hitting'} on T,2 v 4", printed, FRACTION,
                          infinite, _hand(infinite, "T,2", "4", action, "CDZ-"), strategies=("CD",),
                          note="a hand value, per unit initial bet (ordinary blackjack: -0.205850 / -0.213839)"))
    out += _double_exposure_figures()
    out += _blackjack_switch_figures()
    out += _spanish_21_figures()
    out += _side_bet_figures()
    return out


def _double_exposure_figures() -> list[Figure]:
    """Double Exposure's published house edges (basic strategy), against the exact TD and CD edges."""
    variant = variants.VARIANTS["double_exposure"]
    games: list[tuple[str, str, str, dict[str, Any]]] = [
        ("0.66", "8d-s17-split1", WIZARD_DOUBLE_EXPOSURE_SOURCE,
         dict(decks=8, dealer_hits_soft_17=False, max_split_hands=2)),
        ("0.68", "6d-h17", WIZARD_DOUBLE_EXPOSURE_SOURCE, dict(decks=6)),
        ("1.47", "6d-h17-nodas-push", WIZARD_DOUBLE_EXPOSURE_SOURCE,
         dict(decks=6, double_after_split=False, tied_naturals="push", max_split_hands=2)),
        ("0.69", "8d-online", DOUBLE_EXPOSURE_ONLINE_SOURCE, dict(decks=8))]
    out = []
    for printed, key, source, changes in games:
        rules = variant.rules(**changes)
        out.append(Figure(f"dexp-{key}", "double_exposure", source, "house edge (basic strategy)",
                          printed, PERCENT, rules, _game(rules, sign=-1), sign=-1,
                          note="TD: the chart by the dealer's two cards (hard or soft total, the pairs apart: a "
                               "little finer than published charts, which go by total); CD: every decision sees the "
                               "hand's cards and both dealer cards",
                          why="ours is 0.09-0.10 % higher on every Wizard of Odds figure (S17 and H17, split once "
                              "and to 4, tied naturals win and push), for TD and CD play alike; no reading tried "
                              "gives the figures (resplit aces lowers ours by 0.04 %, drawing to split aces by "
                              "0.17 %, a 21 that pushes a dealer 21 by 0.50 %, a 6-card Charlie by 0.26 %); a copy "
                              "of the list gives the 0.66 % game doubling on soft 19-20 too, a rule bjcalc cannot "
                              "state yet"))
    return out


def _blackjack_switch_figures() -> list[Figure]:
    """Blackjack Switch's published house edge and rule effects, against the exact CD game (the
    switch on each pairing's exact EV), per hand: the round's EV over its two wagers."""
    variant = variants.VARIANTS["blackjack_switch"]
    base = variant.rules()
    play = ("CD: each hand's decisions see its own cards and the five cards of the deal, not the other hand's "
            "draws; TD: each hand plays the basic strategy chart of a hand alone; the switch on each pairing's exact "
            "EV; per hand (the round's EV over its two wagers)")
    out = [Figure("switch-6d-h17", "blackjack_switch", WIZARD_SWITCH_SOURCE, "house edge with optimal play",
                  "0.58", PERCENT, base, _game(base, sign=-1), sign=-1, note=play,
                  why="ours is 0.04 % lower, CD (0.541 %) and TD (0.543 %) alike, and switching by a table of "
                      "hand values instead of exact EVs adds 0.0004 %; the readings tried give 0.54-0.59 % (split "
                      "once 0.565 %, 8 decks 0.585 %, no DAS 0.593 %, CDP1 splits 0.541 %) and none rounds to "
                      "0.58 %")]
    for key, printed, changes, words in (("8d", "0.02", dict(decks=8), "8 decks"),
                                         ("s17", "-0.30", dict(dealer_hits_soft_17=False), "dealer stands on soft 17"),
                                         ("switched-bj-wins", "-0.40", dict(switched_blackjack="wins"),
                                          "a switched blackjack wins at once")):
        changed = variant.rules(**changes)
        out.append(Figure(f"switch-{key}", "blackjack_switch", WIZARD_SWITCH_SOURCE,
                          f"change in house edge: {words}", printed, PERCENT, base, _effect(base, changed), sign=-1,
                          change=words, note=play,
                          why="ours is 0.410 %: 0.01 % off, one unit of the printed digit" if key ==
                          "switched-bj-wins" else "ours: 8 decks +0.044 %, S17 -0.399 %; no reading tried "
                                                  "reproduces the printed effect"))
    return out


def _spanish_21_figures() -> list[Figure]:
    """Spanish 21's published house edges and rule effects (basic strategy), against the exact CD
    game (decisions by the cards' values, not their suits)."""
    variant = variants.VARIANTS["spanish_21"]
    play = ("CD: every decision sees the hand's card values and the up card (not the suits: a 6-7-8 or 7-7-7 is paid "
            "its expected bonus); the published figures are for basic strategy")
    out = []
    for printed, key, source, changes in [
            ("0.78", "6d-h17", WIZARD_SPANISH_SOURCE, dict(decks=6)),
            ("0.80", "8d-h17", WIZARD_SPANISH_SOURCE, dict(decks=8)),
            ("0.37", "6d-s17", WIZARD_SPANISH_SOURCE, dict(decks=6, dealer_hits_soft_17=False)),
            ("0.38", "8d-s17", WIZARD_SPANISH_SOURCE, dict(decks=8, dealer_hits_soft_17=False)),
            ("0.42", "6d-redouble", WIZARD_SPANISH_SOURCE, dict(decks=6, redoubling=True)),
            ("0.45", "8d-redouble", WIZARD_SPANISH_SOURCE, dict(decks=8, redoubling=True)),
            ("0.76", "8d-h17-later", WIZARD_SPANISH_LATER_SOURCE, dict(decks=8)),
            ("0.40", "8d-s17-later", WIZARD_SPANISH_LATER_SOURCE, dict(decks=8, dealer_hits_soft_17=False)),
            ("0.42", "8d-redbl-later", WIZARD_SPANISH_LATER_SOURCE, dict(decks=8, redoubling=True))]:
        rules = variant.rules(**changes)
        redouble = "red" in key
        why = ""
        if redouble:
            why = ("the rescue of a redoubled hand is worth 0.29-0.31 %: read as a rescue after the first double "
                   "only, the older table's 0.42 % and 0.45 % are reproduced (0.418 %, 0.446 %)")
        elif key == "8d-s17-later":
            why = ("our CD edge is the older table's (0.385 %); the TD chart's, 0.398 %, gives the later table's "
                   "0.40 %")
        elif key.endswith("later"):
            why = ("ours is the older table's figure (8 decks H17 0.799 %, S17 0.385 %; TD 0.810 %, 0.398 %); no "
                   "reading tried gives the later table's H17 figure")
        out.append(Figure(f"spanish21-{key}", "spanish_21", source, "house edge (basic strategy)", printed, PERCENT,
                          rules, _game(rules, sign=-1), sign=-1,
                          strategies=("CD", "TD") if key == "8d-s17-later" else ("CD",), note=play, why=why,
                          readings=(Reading((("rescue_redoubles", False),),
                                            "a rescue after the first double only, not after a redouble",
                                            _game(variant.rules(**changes, rescue_redoubles=False), sign=-1),
                                            ("CD",)),) if redouble else ()))
    base = variant.rules(decks=6)
    s17 = variant.rules(decks=6, dealer_hits_soft_17=False)
    for key, printed, rules, changed, words in (
            ("no-surr-h17", "0.018", base, base.replace(surrender="none"), "no surrender (H17)"),
            ("no-surr-s17", "0.006", s17, s17.replace(surrender="none"), "no surrender (S17)"),
            ("no-draw-aces", "0.28", base, base.replace(hit_split_aces=False, double_split_aces=False),
             "no draws to split aces")):
        out.append(Figure(f"spanish21-{key}", "spanish_21", WIZARD_SPANISH_SOURCE, f"change in house edge: {words}",
                          printed, PERCENT, rules, _effect(rules, changed), sign=-1, change=words, strategies=("CD",),
                          note=play + "; 6 decks"))
    bonus, any_seven = variant.rules(decks=6, super_bonus=200), variant.rules(decks=6, super_bonus=200,
                                                                              super_bonus_any_seven=True)
    out.append(Figure("spanish21-super-bonus", "spanish_21", WIZARD_SPANISH_SOURCE,
                      "change in house edge: the Super Bonus (200 to 1)", "-0.030", PERCENT, base,
                      _effect(base, bonus), sign=-1, change="the Super Bonus at 200 to 1", strategies=("CD",),
                      note=play + "; 6 decks",
                      why="against a 7 of the 7s' suit play by values still splits 7,7 against a 7, and the bonus "
                          "is never paid; against any 7 it hits them.  The printed figure is the bonus's chance "
                          "with every 7,7 against a 7 hit (three 7s of one suit against any 7: 1.496e-6 a round) "
                          "times the 197.75 units it adds to the 7-7-7's pay, 0.0296 %, the hit's cost left out; "
                          "a player who sees the suits is not computed",
                      readings=(Reading((("super_bonus", 200), ("super_bonus_any_seven", True)),
                                        "the Super Bonus against a 7 of any suit",
                                        _effect(base, any_seven), ("CD",)),)))
    edge = variants.VARIANTS["players_edge_21"]
    rules = edge.rules()
    out.append(Figure("players-edge-21", "players_edge_21", WIZARD_PLAYERS_EDGE_SOURCE, "house edge (basic strategy)",
                      "0.27", PERCENT, rules, _game(rules, sign=-1), sign=-1, strategies=("CD",),
                      note=play + "; a suited identical face pair wins even against a dealer natural",
                      why="with a rescue after every double the player has the edge (0.037 %); as with Spanish 21's "
                          "redoubling figures, a rescue after the first double only is the reading, and at 8 "
                          "decks it gives 0.267 % (6 decks 0.247 %)",
                      readings=(Reading((("decks", 8), ("rescue_redoubles", False)),
                                        "8 decks, a rescue after the first double only",
                                        _game(edge.rules(decks=8, rescue_redoubles=False), sign=-1), ("CD",)),)))
    return out


def _side_bet_figures() -> list[Figure]:
    """The side bets' published figures: house edges, exact card combinatorics on full shoes."""
    out = []
    for table, decks, printed in [("v1", 1, "13.30"), ("v1", 2, "7.26"), ("v1", 4, "4.24"), ("v1", 6, "3.24"),
                                  ("v1", 8, "2.74"), ("v2", 2, "2.78")]:
        out.append(_side_bet(f"21+3-{table}-{decks}d", TwentyOnePlusThree(), Shoe.decks(decks), table, printed,
                             TWENTY_ONE_PLUS_THREE_SOURCE))
    for table, printed in [("a", "4.10"), ("b", "3.37"), ("c", "7.95"), ("d", "2.17")]:
        out.append(_side_bet(f"perfect-pairs-{table}-8d", PerfectPairs(), Shoe.decks(8), table, printed,
                             PERFECT_PAIRS_SOURCE))
    for decks, printed in [(1, "38.16"), (6, "24.71"), (8, "24.05")]:
        out.append(_side_bet(f"lucky-ladies-a-{decks}d", LuckyLadies(), Shoe.decks(decks), "a", printed,
                             LUCKY_LADIES_A_SOURCE))
    # "Return" read as 100 % less the house edge (the stake back included): the printed return r is
    # the house edge 100 - r, its digits kept.
    for decks, returned in [(2, "75.06"), (4, "80.54"), (6, "82.36")]:
        out.append(_side_bet(f"lucky-ladies-b-{decks}d", LuckyLadies(), Shoe.decks(decks), "b",
                             str(100 - Decimal(returned)), LUCKY_LADIES_B_SOURCE,
                             quantity=f"house edge (printed as a return of {returned} %, read as 100 % less the "
                                      f"house edge)",
                             note="a return read as 1 + EV per unit staked, the stake back with the winnings; "
                                  "the winnings alone fall short of that by the hit frequency, about 10 %"))
    for decks, v1, v2 in [(1, "10.86", "3.77"), (2, "8.33", "0.82"), (6, "6.67", "-1.11"), (8, "6.46", "-1.35")]:
        for table, printed in (("v1", v1), ("v2", v2)):
            out.append(_side_bet(f"royal-match-{table}-{decks}d", RoyalMatch(), Shoe.decks(decks), table, printed,
                                 ROYAL_MATCH_SOURCE, note="a negative house edge favours the player"
                                 if printed.startswith("-") else ""))
    for table, printed in [("under", "10.067"), ("over", "6.555")]:
        out.append(_side_bet(f"over-under-13-{table}-6d", OverUnder13(), Shoe.decks(6), table, printed,
                             OVER_UNDER_SOURCE, quantity=f"house edge of the {table.capitalize()} 13 bet"))
    out.append(_side_bet("match-the-dealer-2d-4-19", MatchTheDealer(), Shoe.decks(2), "4/19", "3.31",
                         MATCH_THE_DEALER_SOURCE))
    out.append(_side_bet("match-the-dealer-sp21-6d", MatchTheDealer(), Shoe.decks(6, "spanish"), "4/9",
                         "3.055", MATCH_SPANISH_SOURCE, note="Spanish 21's shoe: six 48-card decks, no pip tens"))
    suspect = ("the source's S17 column falls as decks are added, while its H17 column and ours (S17 and H17) "
               "rise; its H17 column matches ours at every deck count, and no reading of the dealer's soft-17 rule "
               "we tried (hitting only two-card or only multi-card soft 17s) gives its values")
    for h17, column in ((True, ((1, "0.073362"), (6, "0.073536"), (8, "0.073544"))),
                        (False, ((1, "0.073630"), (6, "0.072874"), (8, "0.072838")))):
        rule = "H17" if h17 else "S17"
        for decks, printed in column:
            push22, shoe = Push22(h17), Shoe.decks(decks)
            out.append(_side_bet(
                f"push22-p22-{decks}d-{rule.lower()}", push22, shoe, None, printed, PUSH22_SOURCE,
                quantity=f"P(the dealer's final hand is 22), {rule}, {decks} deck{'s' if decks != 1 else ''}",
                value=functools.partial(lambda bet, shoe: 1 - bet.probabilities(shoe)["no 22"], push22, shoe),
                unit=FRACTION, sign=1, conditioning="a probability over every round, unconditional",
                why="" if h17 else suspect,
                note="a probability, not an EV: the whole dealer hand from the full shoe, a dealer blackjack is "
                     "never 22"))
    for key, table, source, printed in (("11-1", "11:1", PUSH22_SOURCE, "11.76"),
                                        ("50-20-8", "50/20/8", PUSH22_SUITED_SOURCE, "5.85")):
        out.append(_side_bet(f"push22-{key}-6d", Push22(), Shoe.decks(6), table, printed, source,
                             quantity=f"house edge of Push 22, pay table {table}",
                             note="" if table == "11:1" else "H17, as the source's game (Free Bet Blackjack) deals"))
    for up, printed in (("A", "9.03"), ("2", "7.46"), ("3", "8.37"), ("4", "7.19")):
        bust_bonus, shoe, article = BustBonus(), Shoe.decks(8), "an" if up == "A" else "a"
        out.append(_side_bet(
            f"bust-bonus-8d-{up.lower()}", bust_bonus, shoe, "silver_dollar", printed, BUST_BONUS_SOURCE,
            quantity=f"house edge of Bust Bonus with {article} {up} up",
            value=functools.partial(lambda bet, shoe, up: bet.by_up_card(shoe, "silver_dollar").loc[up, "house edge"]
                                    * 100, bust_bonus, shoe, up),
            conditioning=f"per unit staked, given {article} {up} up" + (" and no dealer blackjack" if up == "A"
                                                                        else ""),
            note="pay table silver_dollar, the bet made after the up card is seen" + (
                "; with an A up, the chances given no dealer blackjack (the bet is offered after the peek)"
                if up == "A" else "")))
    return out


def verify(only: Optional[Iterable[str]] = None, games: Optional[Iterable[str]] = None,
           progress: Optional[Callable[..., Iterable]] = None, evs: Optional[EVs] = None) -> list[Row]:
    """Compute every published figure (or those keyed in ``only`` / of ``games``).

    ``progress`` may wrap the loop over figures (``progress(figures, total=n)``).  Each game
    is computed once in a run (figures share them); ``evs`` (:data:`~bjcalc.analysis.sweeps.EVs`):
    games a caller has computed already, and gets back with the run's added.
    """
    only = None if only is None else set(only)
    games = None if games is None else set(games)
    chosen = [f for f in figures() if (only is None or f.key in only) and (games is None or f.game in games)]
    rows = []
    token = _EVS.set({} if evs is None else evs)
    try:
        for figure in (progress(chosen, total=len(chosen)) if progress else chosen):
            cd = figure.compute("CD")
            td = figure.compute("TD") if "TD" in figure.strategies else None
            row = Row(figure, cd, td)
            if row.verdict == DIFFERS:
                row.reading_values = [{s: reading.compute(s) for s in reading.strategies}
                                      for reading in figure.readings]
            rows.append(row)
    finally:
        _EVS.reset(token)
    return rows


def verify_text(rows: list[Row], width: int = 80) -> str:
    """The ``bjcalc verify`` table: every figure as the player's EV in percent of the initial bet
    (a house edge ``h`` shown as ``-h``), ours with CD and TD play, a verdict per figure and,
    under it, the verdict's reason with the figure as printed; then each figure's source,
    rules and notes (``width`` columns).
    """
    def cell(value: Optional[float], figure: Figure) -> str:
        if value is None:
            return "-"
        decimals = max(0, -_exponent(figure.published_percent)) + 1
        return f"{figure.sign * value * (100 if figure.unit == FRACTION else 1):.{decimals}f}"

    table = []
    for row in rows:
        verdict = _SHORT[row.verdict]
        if len(row._ours()) == 2 and len(row.verdict_strategies) == 1:
            verdict += f" ({row.verdict_strategies[0]})"
        table.append((row.figure.key, str(row.figure.player_percent), cell(row.cd, row.figure),
                      cell(row.td, row.figure), verdict))
    header = ("figure", "published", "CD", "TD", "verdict")
    widths = [max(len(r[i]) for r in table + [header]) for i in range(5)]
    side_bets = any(row.figure.rules is None for row in rows)
    lines = textwrap.wrap("Published figures and bjcalc's, as the player's EV in % of the initial bet (a house "
                          "edge h shown as -h; CD and TD play)" + (
                              "; a side bet's per unit staked on the bet, in the CD column (its probabilities, "
                              "as P(22), as printed)" if side_bets else "") +
                          "; under each, the figure as its source states it and the verdict's reason, in the same "
                          "terms", width, subsequent_indent="  ") + [""]

    def line(r: tuple[str, ...]) -> str:
        return (f"{r[0]:<{widths[0]}}  {r[1]:>{widths[1]}}  {r[2]:>{widths[2]}}  {r[3]:>{widths[3]}}  "
                f"{r[4]}").rstrip()

    lines.append(line(header))
    for r, row in zip(table, rows):
        lines.append(line(r))
        why = f"{row.figure.as_printed}: {row.reason}"
        lines += textwrap.wrap(why, width, initial_indent="    ", subsequent_indent="    ", break_on_hyphens=False)
    notes = [f"verdict: matches = ours rounds to the published digits; rounding = {ROUNDING} (one unit of "
             f"its last digit, or the precision the source states); differs = further off; (CD) or (TD): only "
             f"that strategy reaches the verdict; a reading: the open rules `bjcalc explain` found, computed "
             f"again by this run; a side bet has no play: its exact value stands in the CD column", ""]
    lines.append("")
    for row in rows:
        f = row.figure
        notes.append(f"{f.key}: {f.quantity}. Source: {f.source}. Rules: {f.assumptions}."
                     + (f" Note: {f.note}." if f.note else ""))
    for note in notes:
        lines += textwrap.wrap(note, width, subsequent_indent="  ", break_on_hyphens=False) or [""]
    return "\n".join(lines)
