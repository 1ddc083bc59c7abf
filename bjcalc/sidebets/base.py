"""The small base every side bet stands on: pay tables, results, effects of removal.

Every side bet has the same small shape:

* its *events*, mutually exclusive and checked in order, then one losing event
  that catches everything else (it always loses the stake, pays -1);
* *pay tables* (data): the net win per unit staked on each paying event, the seed
  game's table and the published alternatives built in by name, or any list;
* an exact probability of every event on a given :class:`~bjcalc.core.cards.Shoe`.

:class:`SideBet` holds that shape; a bet (:mod:`bjcalc.sidebets.lucky_lucky`,
:mod:`bjcalc.sidebets.buster`) names its events and pay tables and computes the
probabilities.  :meth:`SideBet.evaluate` turns them into a :class:`SideBetResult` (a
pandas table of event, probability, pays and return, plus EV, house edge, standard
deviation and hit frequency), in floats or exact rationals (``sympy.Rational``).
:meth:`SideBet.effects_of_removal` gives the change in EV when one card of each rank
leaves the shoe, and a linear count built from it (:class:`RemovalEffects`).

pandas and sympy are imported when a result is built, not with this module.

>>> from bjcalc.sidebets import LuckyLucky
>>> bet = LuckyLucky()
>>> bet.paytable("wizard").pays[:2]
(Fraction(200, 1), Fraction(100, 1))
>>> f"{float(bet.evaluate(6).house_edge):.2%}"
'5.31%'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Sequence, Union

import numpy as np

from ..core.arithmetic import EXACT, FLOAT, arithmetic_of
from ..core.cards import RANK_VALUE, Shoe
from ..core.errors import BjcalcError, RulesError, ShoeError
from ..core.rules import parse_payout
from .subsets import Class, Table, tally

if TYPE_CHECKING:   # pandas is imported where a table is built: it is slow to import
    import pandas as pd

    from ..game.rounds import Assumptions

__all__ = ["PayTable", "SideBetResult", "RemovalEffects", "SideBet", "as_shoe", "shoe_or_decks", "json_number",
           "user_number", "EOR_RANKS", "ShoeLike", "PayTableLike"]

ShoeLike = Union[Shoe, int, float, None]
"""What a bet takes as its shoe: a :class:`~bjcalc.core.cards.Shoe`, a number of full decks
(``math.inf``: the infinite deck), or None for 6 decks (:func:`as_shoe`)."""

PayTableLike = Union[str, "PayTable", Sequence[Any], None]
"""What a bet takes as its pay table: a built-in name, a :class:`PayTable`, a list of pays
or a comma-separated string of them, or None for the seed's (:meth:`SideBet.paytable`)."""

EOR_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
"""Rank labels of the effects of removal: ``T`` is any ten-value card (T, J, Q or K)."""


# ----------------------------------------------------------------------------------------
# pay tables
# ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PayTable:
    """The net win per unit staked on each paying event of a side bet (exact Fractions).

    The losing event is not listed: it always pays -1.  Build one with
    :meth:`SideBet.paytable` (by name, or from a list of pays).

    >>> from bjcalc.sidebets import LuckyLucky
    >>> table = LuckyLucky().paytable("wizard")
    >>> table.name, table.pays[4]
    ('wizard', Fraction(15, 1))
    >>> table.describe()
    'wizard: suited 777 200, suited 678 100, 777 50, 678 30, suited 21 15, 21 3, 20 2, 19 2'
    """

    name: str
    events: tuple[str, ...]
    pays: tuple[Fraction, ...]

    def as_dict(self) -> dict[str, Fraction]:
        """Event -> pays.

        >>> from bjcalc.sidebets import BusterBlackjack
        >>> BusterBlackjack().paytable("seed").as_dict()["bust 8+ cards"]
        Fraction(250, 1)
        """
        return dict(zip(self.events, self.pays))

    def describe(self) -> str:
        """One line: the name and every event's pays (an event a table does not pay, -1, "loses").

        >>> from bjcalc.sidebets import BusterBlackjack
        >>> BusterBlackjack().paytable("2,2,4,12,50,250").describe()[:30]
        'wizard: bust 3 cards 2, bust 4'
        >>> from bjcalc.sidebets import RoyalMatch
        >>> RoyalMatch().paytable("10,lose").describe()
        'custom: royal match 10, suited loses'
        """
        return f"{self.name}: " + ", ".join(f"{e} {'loses' if p == -1 else _fmt_pay(p)}"
                                            for e, p in zip(self.events, self.pays))

    def __str__(self) -> str:
        return self.describe()


def _fmt_pay(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _parse_pay(value: Any) -> Fraction:
    if isinstance(value, float) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise RulesError(f"a side-bet pay must be a finite number, not {value!r}")
        value = Fraction(repr(value))  # the decimal the float shows, not its binary expansion
    if isinstance(value, str) and value.strip().lower() in ("lose", "loses"):
        return Fraction(-1)
    return parse_payout(value, "a side-bet pay")


# ----------------------------------------------------------------------------------------
# results
# ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SideBetResult:
    """Probabilities, pays and the summary figures of one side bet on one shoe.

    ``table`` has one row per event (in checking order, the losing event last) with
    columns ``event``, ``combinations`` (a bet on the cards dealt, on a finite shoe: exact
    integers out of ``total_combinations``, :meth:`SideBet.combinations`), ``probability``,
    ``pays`` and ``return``
    (= probability x pays).  ``ev`` is the expected net win per unit staked,
    ``house_edge = -ev``, ``variance`` and ``std_dev`` are of the net win per unit,
    and ``hit_frequency`` is the probability that the bet wins.  With ``exact=True``
    every number is a ``sympy.Rational`` (``std_dev`` is the exact ``sympy.sqrt`` of
    the variance), otherwise a float.

    >>> from bjcalc.sidebets import lucky_lucky
    >>> r = lucky_lucky(decks=6, paytable="wizard", exact=True)
    >>> r.house_edge
    16642/626665
    >>> r.table["combinations"].sum() == r.total_combinations == math.comb(312, 3)
    True
    >>> round(float(r.std_dev), 4), round(float(r.hit_frequency), 4)
    (2.9889, 0.2375)
    """

    bet: str
    paytable: PayTable
    shoe: str
    table: pd.DataFrame
    ev: Any
    variance: Any
    hit_frequency: Any
    exact: bool
    assumptions: tuple[str, ...]
    total_combinations: Optional[int] = None

    @property
    def house_edge(self) -> Any:
        """``-ev``: the casino's expected win per unit staked.

        >>> from bjcalc.sidebets import lucky_lucky
        >>> lucky_lucky(decks=2, exact=True).house_edge > 0
        True
        """
        return -self.ev

    @property
    def std_dev(self) -> Any:
        """Standard deviation of the net win per unit staked (exact surd in exact mode).

        >>> from bjcalc.sidebets import buster_blackjack
        >>> r = buster_blackjack(decks=1, exact=True)
        >>> import sympy
        >>> r.std_dev == sympy.sqrt(r.variance), round(float(r.std_dev), 6)
        (True, 2.015486)
        """
        if self.exact:
            import sympy   # only exact results need it: it is slow to import

            return sympy.sqrt(self.variance)
        return math.sqrt(self.variance)

    @property
    def probabilities(self) -> dict[str, Any]:
        """Event -> probability, in checking order.

        >>> from bjcalc.sidebets import buster_blackjack
        >>> buster_blackjack(decks=1).probabilities["bust 3 cards"] > 0
        True
        """
        return dict(zip(self.table["event"], self.table["probability"]))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (exact numbers as ``{"exact": "p/q", "float": x}``).

        >>> from bjcalc.sidebets import lucky_lucky
        >>> d = lucky_lucky(decks=1).to_dict()
        >>> d["combinations"]["suited 678"], d["total_combinations"]
        (4, 22100)
        """
        num = json_number
        out: dict[str, Any] = {
            "bet": self.bet, "shoe": self.shoe, "arithmetic": "exact" if self.exact else "float",
            "paytable": {"name": self.paytable.name,
                         "pays": {e: num(user_number(p, self.exact), self.exact) for e, p in
                                  self.paytable.as_dict().items()}},
            "probabilities": {e: num(p, self.exact) for e, p in self.probabilities.items()},
        }
        if "combinations" in self.table:
            out["combinations"] = {e: int(c) for e, c in zip(self.table["event"], self.table["combinations"])}
            out["total_combinations"] = self.total_combinations
        out.update({"ev": num(self.ev, self.exact), "house_edge": num(self.house_edge, self.exact),
                    "variance": num(self.variance, self.exact), "std_dev": float(self.std_dev),
                    "hit_frequency": num(self.hit_frequency, self.exact),
                    "assumptions": list(self.assumptions)})
        return out

    def _summary(self) -> list[str]:
        lines = [f"house edge {float(self.house_edge) * 100:.6f} %   EV {float(self.ev) * 100:+.6f} %   "
                 f"std dev {float(self.std_dev):.6f}   hit frequency {float(self.hit_frequency) * 100:.4f} %"]
        if self.exact:
            lines.append(f"exact house edge = {self.house_edge}")
        return lines

    def __str__(self) -> str:
        head = f"{self.bet}, pay table {self.paytable.describe()}"
        has_combos = "combinations" in self.table
        width = max([14] + [len(e) for e in self.table["event"]])
        cols = f"{'event':<{width}}" + (f" {'combinations':>14}" if has_combos else "") + \
            f" {'probability':>14} {'pays':>6} {'return':>12}"
        rows = [head, "", cols]
        for _, row in self.table.iterrows():
            pay = row["pays"]
            rows.append(f"{row['event']:<{width}}" + (f" {row['combinations']:>14,}" if has_combos else "")
                        + f" {float(row['probability']):>14.10f} {_fmt_number(pay):>6}"
                        + f" {float(row['return']):>+12.8f}")
        if has_combos:
            rows.append(f"{'total':<{width}} {self.total_combinations:>14,}")
        return "\n".join(rows + [""] + self._summary() + list(self.assumptions))

    def _repr_html_(self) -> str:
        head = f"<p><b>{_html(self.bet)}</b>, pay table {_html(self.paytable.describe())}</p>"
        foot = "".join(f"<p>{_html(line)}</p>" for line in self._summary())
        notes = "<ul>" + "".join(f"<li>{_html(a)}</li>" for a in self.assumptions) + "</ul>"
        return head + self.table.to_html(index=False) + foot + notes


@dataclass(frozen=True)
class RemovalEffects:
    """Effects of removal of one side bet on one shoe, and a linear count built from them.

    ``table`` is indexed by rank ``A, 2, ..., 9, T`` (``T`` = any ten-value card) with
    columns ``share`` (the rank's fraction of the shoe), ``ev`` (the bet's EV after one
    card of the rank is removed), ``eor`` (``ev`` minus the full shoe's EV) and ``tag``
    (the linear count).  A rank the shoe lacks has ``None`` in ``ev`` and ``eor`` and tag 0.
    ``tags`` maps rank to tag; a positive tag means removing that rank helps the bettor,
    so a high running count favours the bet.  ``scale`` is the EoR of one count unit:
    ``tag = round(eor / scale)`` (halves away from zero) with ``scale = max|eor| / max_tag``.
    ``correlation`` is the share-weighted Pearson correlation of tags and EoRs (the
    count's betting correlation).  Burn-card invariance makes the share-weighted EoRs
    sum to zero (exactly, in exact mode).

    >>> from bjcalc.sidebets import LuckyLucky
    >>> e = LuckyLucky().effects_of_removal(6, exact=True)
    >>> sum(e.table["share"] * e.table["eor"]) == 0
    True
    >>> e.tags["7"] < 0 < e.tags["2"]
    True
    """

    bet: str
    paytable: PayTable
    shoe: str
    base_ev: Any
    table: pd.DataFrame
    scale: Any
    max_tag: int
    correlation: float
    exact: bool
    method: str

    @property
    def tags(self) -> dict[str, int]:
        """Rank -> linear-count tag.

        >>> from bjcalc.sidebets import LuckyLucky
        >>> LuckyLucky().effects_of_removal(6, max_tag=1).tags["7"]
        -1
        """
        return {rank: int(t) for rank, t in self.table["tag"].items()}

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: EV, EoR and tag per rank.

        >>> from bjcalc.sidebets import BusterBlackjack
        >>> BusterBlackjack().effects_of_removal(6).to_dict()["tags"]["2"]
        -3
        """
        num = json_number
        return {"bet": self.bet, "shoe": self.shoe, "paytable": self.paytable.name,
                "base_ev": num(self.base_ev, self.exact),
                "eor": {r: (None if e is None else num(e, self.exact)) for r, e in self.table["eor"].items()},
                "tags": self.tags, "scale": num(self.scale, self.exact), "max_tag": self.max_tag,
                "correlation": None if math.isnan(self.correlation) else self.correlation, "method": self.method}

    def _lines(self) -> list[str]:
        rows = [f"effects of removal: {self.bet}, pay table {self.paytable.name}, {self.shoe} (EVs and EoRs per "
                f"unit side bet, not percent)",
                f"{'rank':<5} {'share':>8} {'EV after removal':>17} {'EoR':>13} {'tag':>4}"]
        for rank, row in self.table.iterrows():
            ev = "-" if row["ev"] is None else f"{float(row['ev']):+.9f}"
            eor = "-" if row["eor"] is None else f"{float(row['eor']):+.9f}"
            rows.append(f"{rank:<5} {float(row['share']):>8.5f} {ev:>17} {eor:>13} {int(row['tag']):>+4d}")
        correlation = "n/a" if math.isnan(self.correlation) else f"{self.correlation:.3f}"
        rows.append(f"full shoe EV {float(self.base_ev):+.9f}; one count unit = EoR {float(self.scale):.3e}; "
                    f"betting correlation {correlation}")
        rows.append(self.method)
        return rows

    def __str__(self) -> str:
        return "\n".join(self._lines())

    def _repr_html_(self) -> str:
        lines = self._lines()
        return (f"<p><b>{_html(lines[0])}</b></p>" + self.table.to_html()
                + "".join(f"<p>{_html(x)}</p>" for x in lines[-2:]))


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _fmt_number(value: Any) -> str:
    f = Fraction(str(value)) if not isinstance(value, float) else None
    if f is not None and f.denominator == 1:
        return str(f.numerator)
    return f"{float(value):g}"


def json_number(value: Any, exact: bool) -> Any:
    """A number for JSON: a float, or in exact mode ``{"exact": "p/q", "float": x}``.

    >>> json_number(Fraction(1, 3), True), json_number(0.5, False)
    ({'exact': '1/3', 'float': 0.3333333333333333}, 0.5)
    """
    if exact:
        return {"exact": str(value), "float": float(value)}
    return float(value)


def user_number(value: Any, exact: bool) -> Any:
    """A number for the user: ``sympy.Rational`` in exact mode, else ``float``.

    >>> user_number(Fraction(1, 4), True), user_number(Fraction(1, 4), False)
    (1/4, 0.25)
    """
    return (EXACT if exact else FLOAT).output(value)


# ----------------------------------------------------------------------------------------
# the shared shape
# ----------------------------------------------------------------------------------------
def as_shoe(shoe: ShoeLike) -> Shoe:
    """A shoe from a Shoe, a number of decks (``math.inf``: the infinite deck) or None (6 decks).

    >>> as_shoe(2).total, as_shoe(None).total
    (104, 312)
    """
    if shoe is None:
        return Shoe.decks(6)
    if isinstance(shoe, Shoe):
        return shoe
    return Shoe.decks(shoe)


def shoe_or_decks(shoe: ShoeLike, decks: Union[int, float, None]) -> Shoe:
    """The shoe of a bet's convenience function: ``shoe`` or ``decks`` full decks (not both; default 6).

    >>> shoe_or_decks(None, 2).total, shoe_or_decks(Shoe.decks(1), None).total
    (104, 52)
    """
    if shoe is not None and decks is not None:
        raise ShoeError("give a shoe or a number of decks, not both")
    return as_shoe(decks if shoe is None else shoe)


class SideBet:
    """A side bet: events checked in order, named pay tables, exact event probabilities.

    Subclasses set ``name``, ``key`` (the command-line name), ``description`` (one line, after
    the name), ``events`` (the paying events), ``losing_event`` and ``paytables``, and give the
    probabilities: a bet on the cards dealt sets ``cards`` (how many it deals; ``needs_suits``
    where it sees suits) and its combination counts, from which this class makes the
    probabilities: ``_classes``, its events by the cards' kinds (:mod:`bjcalc.sidebets.subsets`),
    or its own :meth:`_counts`; any other bet implements :meth:`_probabilities`.

    A pay table states a pay for every event; an event a table does not pay pays -1 there
    (``"lose"`` in a list of pays): it then loses like the losing event, and the table's
    house edge, variance and hit frequency count it so.

    >>> from bjcalc.sidebets import BusterBlackjack, LuckyLucky
    >>> [bet.key for bet in (LuckyLucky(), BusterBlackjack())]
    ['lucky-lucky', 'buster']
    """

    name: str = ""
    key: str = ""
    description: str = ""
    events: tuple[str, ...] = ()
    losing_event: str = "lose"
    paytables: Mapping[str, tuple[Union[int, Fraction], ...]] = {}
    default_paytable: str = "seed"
    spanish_paytables: tuple[str, ...] = ()
    """The named pay tables dealt with Spanish 21's 48-card decks (none: every table is dealt with standard decks)."""
    cards: int = 0
    """How many cards the bet deals from the shoe (0: not a bet counted in cards)."""
    needs_suits: bool = False
    suits_for: str = "pays suited hands"
    """Why the bet needs a shoe with suits, after its name ("Lucky Lucky pays suited hands")."""
    paytable_forms: str = ""
    """Other ways the bet's :meth:`paytable` takes a table, in words (for a command's help)."""

    @property
    def all_events(self) -> tuple[str, ...]:
        """The paying events in checking order, then the losing event.

        >>> from bjcalc.sidebets import BusterBlackjack
        >>> BusterBlackjack().all_events[-2:]
        ('bust 8+ cards', 'no bust')
        """
        return self.events + (self.losing_event,)

    def paytable(self, spec: PayTableLike = None) -> PayTable:
        """A :class:`PayTable` from a built-in name, a list of pays (one per paying event,
        in order) or a comma-separated string of pays; None gives the seed's table.

        >>> from bjcalc.sidebets import BusterBlackjack
        >>> BusterBlackjack().paytable("1,3,6,30,100,200").pays[2]
        Fraction(6, 1)
        >>> BusterBlackjack().paytable("vegas")
        Traceback (most recent call last):
        ...
        bjcalc.core.errors.RulesError: unknown Buster Blackjack pay table 'vegas': use seed, wizard, jacobson_california or a list of 6 pays
        """
        if spec is None:
            spec = self.default_paytable
        if isinstance(spec, PayTable):
            if spec.events != self.events:
                raise RulesError(f"pay table {spec.name!r} is not a {self.name} pay table")
            return spec
        name = None
        if isinstance(spec, str):
            text = spec.strip()
            key = text.lower().replace("-", "_")
            if key in self.paytables:
                return self._named(key)
            if "," not in text and not _looks_numeric(text):
                raise RulesError(f"unknown {self.name} pay table {spec!r}: use "
                                 f"{', '.join(self.paytables)} or a list of {len(self.events)} pays")
            values: Sequence[Any] = [p for p in text.split(",")]
        elif isinstance(spec, Iterable):
            values = list(spec)
        else:
            raise RulesError(f"a {self.name} pay table is a name or a list of {len(self.events)} pays, "
                             f"not {spec!r}")
        if len(values) != len(self.events):
            raise RulesError(f"a {self.name} pay table needs {len(self.events)} pays "
                             f"({', '.join(self.events)}), not {len(values)}")
        pays = tuple(_parse_pay(v) for v in values)
        if name is None:
            name = next((k for k, v in self.paytables.items() if tuple(map(Fraction, v)) == pays), "custom")
        return PayTable(name, self.events, pays)

    @classmethod
    def _named(cls, name: str) -> PayTable:
        return PayTable(name, cls.events, tuple(Fraction(p) for p in cls.paytables[name]))

    @classmethod
    def named_paytables(cls) -> list[PayTable]:
        """Every built-in pay table, the default first.

        >>> from bjcalc.sidebets import RoyalMatch
        >>> [t.describe() for t in RoyalMatch.named_paytables()]
        ['v1: royal match 25, suited 5/2', 'v2: royal match 10, suited 3']
        """
        return [cls._named(name) for name in sorted(cls.paytables, key=lambda n: n != cls.default_paytable)]

    # -- probabilities --------------------------------------------------------------------
    _classes: Sequence[Class] = ()
    """A bet on ``cards`` cards that pays by their kinds: its events by kind multiset
    (:func:`~bjcalc.sidebets.subsets.classes`), which :meth:`_counts` tallies over :meth:`_kinds`."""

    def _kinds(self, shoe: Shoe) -> Table:
        """The shoe as :data:`~bjcalc.sidebets.subsets.Table` the bet's classes are of: by rank and suit."""
        return self._suit_table(shoe)

    def _counts(self, shoe: Shoe) -> list[Any]:
        """A bet on the cards dealt: every event's number of card combinations on a finite
        shoe (losing event last; they sum to :meth:`_total_combinations`), on the infinite
        deck its probability (Fractions summing to 1).  Here: ``_classes`` tallied."""
        if not self._classes:
            raise NotImplementedError
        return tally(self._kinds(shoe), self.cards, self._classes, len(self.all_events), shoe.is_infinite)

    def _total_combinations(self, shoe: Shoe) -> int:
        """What the combination counts of a finite shoe are out of: its ``cards``-card subsets."""
        return math.comb(int(shoe.total), self.cards)

    def _probabilities(self, shoes: Sequence[Shoe], exact: bool) -> list[tuple[list[Any], Optional[list[int]]]]:
        """Per shoe: the probability of every event (Fractions if exact, else floats) and,
        where meaningful, integer combination counts (here: :meth:`_counts`)."""
        out: list[tuple[list[Any], Optional[list[int]]]] = []
        for shoe in shoes:
            counts = self._counts(shoe)
            if shoe.is_infinite:
                out.append(([Fraction(p) if exact else float(p) for p in counts], None))
                continue
            total = self._total_combinations(shoe)
            out.append(([Fraction(c, total) if exact else c / total for c in counts], [int(c) for c in counts]))
        return out

    def combinations(self, shoe: ShoeLike = 6) -> dict[str, int]:
        """A bet on the cards dealt: the exact number of card combinations giving each event
        (losing event last), out of :attr:`SideBetResult.total_combinations`.

        >>> from bjcalc.sidebets import LuckyLucky
        >>> c = LuckyLucky().combinations(6)
        >>> c["suited 678"], c["21"], sum(c.values()) == math.comb(312, 3)
        (864, 406296, True)
        >>> LuckyLucky().combinations(math.inf)
        Traceback (most recent call last):
        ...
        bjcalc.core.errors.ShoeError: the infinite deck has no combination counts: use probabilities()
        """
        if not self.cards:
            raise RulesError(f"{self.name} is not counted in card combinations: use probabilities()")
        shoe = as_shoe(shoe)
        self._check(shoe)
        if shoe.is_infinite:
            raise ShoeError("the infinite deck has no combination counts: use probabilities()")
        return dict(zip(self.all_events, (int(c) for c in self._counts(shoe))))

    def _suit_table(self, shoe: Shoe) -> tuple[tuple[int, ...], ...]:
        """The shoe's counts by rank (13 rows, A..K) and suit (S, H, D, C); a shoe counted by
        rank only is refused, because the bet's suited events are then not determined."""
        if shoe.suit_counts is None:
            raise ShoeError(f"{self.name} {self.suits_for}, so it needs a shoe with suit counts (Shoe.decks(n), "
                            f"Shoe.from_cards([...]) or Shoe(rank_counts, suit_counts)); this shoe is counted by "
                            f"rank only")
        return shoe.suit_counts

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()}",)

    def assumptions(self, shoe: ShoeLike = 6) -> tuple[str, ...]:
        """What the bet's numbers on this shoe assume, one ``label: text`` line each (the
        lines of :attr:`SideBetResult.assumptions` but the arithmetic's).

        >>> from bjcalc.sidebets import BusterBlackjack
        >>> BusterBlackjack().assumptions(1)[:2]
        ('shoe: 1 deck', 'dealer: stands on soft 17, always completes the hand')
        """
        return self._assumptions(as_shoe(shoe))

    def stated_assumptions(self, shoe: ShoeLike = 6, exact: bool = False) -> Assumptions:
        """The bet's assumptions as the :class:`~bjcalc.game.rounds.Assumptions` every bjcalc result
        states (the bet's rules, the shoe, the player's strategy where one plays, values per unit
        staked).

        >>> from bjcalc.sidebets import LuckyLucky
        >>> a = LuckyLucky().stated_assumptions(Shoe.decks(6))
        >>> a.shoe, a.arithmetic
        ('6 decks (suits tracked)', 'floating point')
        """
        from ..game.rounds import Assumptions

        shoe = as_shoe(shoe)
        found: dict[str, str] = {}
        others: list[str] = []
        for line in self.assumptions(shoe):
            label, _, text = line.partition(": ")
            if label in ("shoe", "rules", "strategy", "post-split strategy") and text:
                found[label] = text
            else:
                others.append(line)
        rules = f"{self.name}: " + "; ".join(others)
        if "rules" in found:
            rules += f"; the main game: {found['rules']}"
        return Assumptions(rules=rules, shoe=found.get("shoe", shoe.describe()),
                           strategy=found.get("strategy", "none: the side bet has no decisions"),
                           split_strategy=found.get("post-split strategy", "none: no player hands are played"),
                           conditioning="per unit staked on the side bet, unconditional",
                           arithmetic="exact rationals" if exact else "floating point")

    def _check(self, shoe: Shoe) -> None:
        """Refuse a shoe the bet cannot be computed on: one without suits where the bet sees
        them, or too few cards to deal (subclasses add their own)."""
        if self.needs_suits:
            self._suit_table(shoe)
        if self.cards and not shoe.is_infinite and shoe.total < self.cards:
            raise ShoeError(f"{self.name} deals {_WORDS.get(self.cards, self.cards)} cards: the shoe has only "
                            f"{shoe.total}")

    def probabilities(self, shoe: ShoeLike = 6, exact: bool = False) -> pd.Series:
        """Probability of every event (losing event last), as a pandas Series.

        >>> from bjcalc.sidebets import BusterBlackjack
        >>> p = BusterBlackjack(hits_soft_17=True).probabilities(6, exact=True)
        >>> sum(p) == 1
        True
        """
        arithmetic_of(exact)     # (refuses a flag that is not True or False)
        shoe = as_shoe(shoe)
        self._check(shoe)
        probs, _ = self._probabilities([shoe], exact)[0]
        import pandas as pd

        return pd.Series([user_number(p, exact) for p in probs], index=list(self.all_events), name="probability")

    def evaluate(self, shoe: ShoeLike = 6, paytable: PayTableLike = None, exact: bool = False) -> SideBetResult:
        """Probabilities, pays, EV, house edge, standard deviation and hit frequency.

        ``shoe`` is a :class:`~bjcalc.core.cards.Shoe` or a number of decks.

        >>> from bjcalc.sidebets import BusterBlackjack
        >>> r = BusterBlackjack(hits_soft_17=True).evaluate(2, "jacobson_california")
        >>> f"{float(r.house_edge):.3%}"
        '5.478%'
        """
        arithmetic_of(exact)     # (refuses a flag that is not True or False)
        shoe = as_shoe(shoe)
        self._check(shoe)
        table = self.paytable(paytable)
        probs, combos = self._probabilities([shoe], exact)[0]
        return self._result(shoe, table, probs, combos, exact)

    def _result(self, shoe: Shoe, table: PayTable, probs: list[Any], combos: Optional[list[int]],
                exact: bool) -> SideBetResult:
        import pandas as pd

        ar = EXACT if exact else FLOAT
        pays = [ar.convert(p) for p in table.pays] + [ar.scalar(-1)]
        probs = [p if exact else float(p) for p in probs]
        ev = sum((p * x for p, x in zip(probs, pays)), ar.scalar(0))
        second = sum((p * x * x for p, x in zip(probs, pays)), ar.scalar(0))
        variance = second - ev * ev
        if not exact and variance < 0:  # rounding of a zero variance
            variance = 0.0
        hits = sum((p for p, x in zip(probs, pays) if x > 0), ar.scalar(0))
        columns: dict[str, Any] = {"event": list(self.all_events)}
        total = None
        if combos is not None:
            columns["combinations"] = pd.array(combos, dtype=object)
            total = self._total_combinations(shoe)
        columns["probability"] = [ar.output(p) for p in probs]
        columns["pays"] = [ar.output(x) for x in pays]
        columns["return"] = [ar.output(p * x) for p, x in zip(probs, pays)]
        frame = pd.DataFrame(columns)
        if exact:
            for col in ("probability", "pays", "return"):
                frame[col] = frame[col].astype(object)
        return SideBetResult(bet=self.name, paytable=table, shoe=shoe.describe(), table=frame,
                             ev=ar.output(ev), variance=ar.output(variance), hit_frequency=ar.output(hits),
                             exact=exact, assumptions=self._assumptions(shoe) + (
                                 f"arithmetic: {'exact rationals' if exact else 'floating point'}",),
                             total_combinations=total)

    # -- effects of removal ---------------------------------------------------------------
    def _removals(self, shoe: Shoe) -> list[tuple[int, Shoe, int]]:
        """(value index, shoe without one card, weight) for every card that can be removed;
        the EoR of a value is the weight-averaged EV over its entries.  A bet that sees suits
        removes every specific card in turn (:meth:`_removals_by_card`)."""
        if self.cards and shoe.total <= self.cards:
            raise ShoeError(f"effects of removal on {self.name} need at least {self.cards + 1} cards, "
                            f"not {shoe.total}")
        if self.needs_suits:
            return self._removals_by_card(self._suit_table(shoe))
        counts = shoe.value_counts()
        out = []
        for v in range(10):
            if counts[v]:
                rank = v  # value index v is rank index v (ten-values: rank T stands for them all)
                ranks = list(shoe.rank_counts)
                if v == 9:  # take the ten-value rank with the most cards; by value it is all the same
                    rank = max(range(9, 13), key=lambda r: shoe.rank_counts[r])
                ranks[rank] -= 1
                out.append((v, Shoe(tuple(ranks), None, shoe.is_infinite), 1))
        return out

    _removal_method = "one card of the rank removed (ten-values pooled: suits do not matter to this bet)"

    @staticmethod
    def _removals_by_card(suit_counts: Sequence[Sequence[int]]) -> list[tuple[int, Shoe, int]]:
        """:meth:`_removals` for a bet that needs the suits: every specific card (rank and
        suit) removed in turn, weighted by its count in the shoe (``suit_counts``: 13 rows
        A..K of 4 counts).

        >>> removals = SideBet._removals_by_card(Shoe.decks(1).suit_counts)
        >>> len(removals), removals[0][0], removals[0][1].suit_counts[0], removals[-1][0]
        (52, 0, (0, 1, 1, 1), 9)
        """
        out = []
        for rank, row in enumerate(suit_counts):
            for suit, n in enumerate(row):
                if n:
                    left = [list(x) for x in suit_counts]
                    left[rank][suit] -= 1
                    ranks = tuple(sum(x) for x in left)
                    suits = tuple((x[0], x[1], x[2], x[3]) for x in left)
                    out.append((RANK_VALUE[rank] - 1, Shoe(ranks, suits), n))
        return out

    def effects_of_removal(self, shoe: ShoeLike = 6, paytable: PayTableLike = None, exact: bool = False,
                           max_tag: int = 3) -> RemovalEffects:
        """The change in EV when one card of each rank (A, 2, ..., 9, T = any ten-value) is
        removed from the shoe, and a linear count with tags from ``-max_tag`` to ``max_tag``.

        >>> from bjcalc.sidebets import BusterBlackjack
        >>> e = BusterBlackjack(hits_soft_17=True).effects_of_removal(6, "wizard", exact=True)
        >>> sum(e.table["share"] * e.table["eor"]) == 0
        True
        >>> e.tags
        {'A': 1, '2': -3, '3': -1, '4': 0, '5': 1, '6': -1, '7': 2, '8': 1, '9': 0, 'T': 0}
        """
        arithmetic_of(exact)     # (refuses a flag that is not True or False)
        if isinstance(max_tag, bool) or not isinstance(max_tag, int) or max_tag < 1:
            raise RulesError(f"max_tag must be a whole number >= 1, not {max_tag!r}")
        import pandas as pd

        shoe = as_shoe(shoe)
        self._check(shoe)
        table = self.paytable(paytable)
        ar = EXACT if exact else FLOAT
        removals = [] if shoe.is_infinite else self._removals(shoe)
        results = self._probabilities([shoe] + [s for _, s, _ in removals], exact)

        def ev_of(probs: list[Any]) -> Any:
            pays = [ar.convert(p) for p in table.pays] + [ar.scalar(-1)]
            return sum((p * x for p, x in zip(probs, pays)), ar.scalar(0))

        base = ev_of(results[0][0])
        sums: dict[int, list[Any]] = {}
        for (v, _, weight), (probs, _) in zip(removals, results[1:]):
            acc = sums.setdefault(v, [ar.scalar(0), 0])
            acc[0] = acc[0] + ev_of(probs) * weight
            acc[1] += weight
        counts = shoe.value_counts()
        total = sum(counts)
        evs: list[Any] = []
        eors: list[Any] = []
        for v in range(10):
            if shoe.is_infinite:
                evs.append(base)
                eors.append(ar.scalar(0))
            elif v in sums:
                ev = sums[v][0] / sums[v][1]
                evs.append(ev)
                eors.append(ev - base)
            else:
                evs.append(None)
                eors.append(None)
        shares = [ar.scalar(c, total) for c in counts]
        if not exact:      # (a float EoR at rounding level is no effect: no count follows noise)
            noise = 1e-12 * max(1.0, abs(float(base)))
            eors = [e if e is None or abs(float(e)) > noise else ar.scalar(0) for e in eors]
        present = [e for e in eors if e is not None]
        biggest = max((abs(e) for e in present), default=ar.scalar(0))
        scale = biggest / max_tag if biggest else ar.scalar(0)
        tags = [0 if (e is None or not scale) else _round_half_away(e / scale) for e in eors]
        frame = pd.DataFrame({"share": [ar.output(s) for s in shares],
                              "ev": [None if e is None else ar.output(e) for e in evs],
                              "eor": [None if e is None else ar.output(e) for e in eors],
                              "tag": tags}, index=pd.Index(list(EOR_RANKS), name="rank"))
        for col in ("share", "ev", "eor"):
            frame[col] = frame[col].astype(object)
        method = _BY_CARD if self.needs_suits and self._removal_method == SideBet._removal_method \
            else self._removal_method
        correlation = _weighted_correlation([float(s) for s in shares],
                                            [0.0 if e is None else float(e) for e in eors], tags)
        return RemovalEffects(bet=self.name, paytable=table, shoe=shoe.describe(), base_ev=ar.output(base),
                              table=frame, scale=ar.output(scale), max_tag=max_tag, correlation=correlation,
                              exact=exact, method=f"removal: {method}")


_WORDS = {2: "two", 3: "three", 4: "four"}

_BY_CARD = ("each specific card (rank and suit) removed in turn; a rank's EoR is the average over its cards in the "
            "shoe, weighted by their counts (T: all ten-value cards)")


def _looks_numeric(text: str) -> bool:
    try:
        parse_payout(text)
    except BjcalcError:
        return False
    return True


def _round_half_away(x: Any) -> int:
    f = Fraction(x)
    f = Fraction(int(f.numerator), int(f.denominator))  # gmpy2 rationals give mpz parts
    n = int(math.floor(abs(f) + Fraction(1, 2)))
    return n if f >= 0 else -n


def _weighted_correlation(weights: list[float], xs: list[float], ys: list[int]) -> float:
    w = np.array(weights)
    x = np.array(xs)
    y = np.array(ys, dtype=float)
    if w.sum() == 0:
        return float("nan")
    mx, my = (w * x).sum() / w.sum(), (w * y).sum() / w.sum()
    sxy = (w * (x - mx) * (y - my)).sum()
    sxx, syy = (w * (x - mx) ** 2).sum(), (w * (y - my) ** 2).sum()
    return float(sxy / math.sqrt(sxx * syy)) if sxx > 0 and syy > 0 else float("nan")
