"""Side bets: Lucky Lucky and Buster Blackjack, exact on any shoe.

Every side bet has the same small shape:

* its *events*, mutually exclusive and checked in order, then one losing event
  that catches everything else (it always loses the stake, pays -1);
* *pay tables* (data): the net win per unit staked on each paying event, the seed
  game's table and the published alternatives built in by name, or any list;
* an exact probability of every event on a given :class:`~bjcalc.core.cards.Shoe`.

:meth:`SideBet.evaluate` turns these into a :class:`SideBetResult` (a pandas table
of event, probability, pays and return, plus EV, house edge, standard deviation
and hit frequency), in floats or exact rationals (``sympy.Rational``).
:meth:`SideBet.effects_of_removal` gives the change in EV when one card of each
rank leaves the shoe, and a linear count built from it.

>>> ll = lucky_lucky(decks=6)
>>> ll.table.loc[0, ["event", "combinations"]].tolist()
['suited 777', 80]
>>> f"{float(ll.house_edge):.2%}"
'5.31%'
>>> buster = buster_blackjack(decks=6, hits_soft_17=True, paytable="wizard")
>>> f"{float(buster.house_edge):.4%}"
'6.2143%'

Lucky Lucky (the player's two cards and the dealer's up card: three cards from the
shoe) needs suits, so its shoe must carry suit counts (``Shoe.decks(n)``,
``Shoe.from_cards``, or ``Shoe(rank_counts, suit_counts)`` for a depleted shoe);
a shoe counted by rank only is refused, because the suited events are then not
determined.  Buster Blackjack deals the whole dealer hand from the shoe (model
``"shoe"``): the up card is random too, nothing else is removed, and the dealer
always completes the hand.  Its model ``"player"`` (one player plays the main game
first, and his cards leave the shoe) gives exactly the same probabilities, because
the player's draws stop on cards already seen (:mod:`bjcalc.sidebets.buster_player`);
:meth:`BusterBlackjack.compare_models` shows both.  ``burn_20=True`` gives Buster the Burn 20
dealer (:mod:`bjcalc.engine.burn20`): the bet counts the cards of the dealer's final hand, burned
cards not included, and a dealer 22 is a bust (``twenty_two_is_bust=False`` flips that).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

import numpy as np
import pandas as pd
import sympy

from ..core.arithmetic import EXACT, FLOAT
from ..core.cards import RANK_VALUE, Shoe, parse_decks, parse_shoe
from ..engine.dealer import BLACKJACK, BUSTS, N_OUTCOMES, DealerTree, StandardDealer, tree_limit
from ..core.errors import BjcalcError, RulesError, ShoeError, StrategyError
from ..core.rules import Rules, parse_payout
from ..engine.splits import SPLIT_STRATEGIES

__all__ = ["PayTable", "SideBet", "LuckyLucky", "BusterBlackjack", "SideBetResult", "RemovalEffects",
           "lucky_lucky", "buster_blackjack", "SIDE_BETS", "add_sidebet_parser", "run_sidebet", "decks_argument",
           "shoe_argument", "shoe_from_flags", "sidebet_assumptions"]

ShoeLike = Union[Shoe, int, float, None]
PayTableLike = Union[str, "PayTable", Sequence[Any], None]

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

        >>> BusterBlackjack().paytable("seed").as_dict()["bust 8+ cards"]
        Fraction(250, 1)
        """
        return dict(zip(self.events, self.pays))

    def describe(self) -> str:
        """One line: the name and every event's pays.

        >>> BusterBlackjack().paytable("2,2,4,12,50,250").describe()[:30]
        'wizard: bust 3 cards 2, bust 4'
        """
        return f"{self.name}: " + ", ".join(f"{e} {_fmt_pay(p)}" for e, p in zip(self.events, self.pays))

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
    columns ``event``, ``combinations`` (Lucky Lucky on a finite shoe: exact integers
    out of ``total_combinations``), ``probability``, ``pays`` and ``return``
    (= probability x pays).  ``ev`` is the expected net win per unit staked,
    ``house_edge = -ev``, ``variance`` and ``std_dev`` are of the net win per unit,
    and ``hit_frequency`` is the probability that the bet wins.  With ``exact=True``
    every number is a ``sympy.Rational`` (``std_dev`` is the exact ``sympy.sqrt`` of
    the variance), otherwise a float.

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

        >>> lucky_lucky(decks=2, exact=True).house_edge > 0
        True
        """
        return -self.ev

    @property
    def std_dev(self) -> Any:
        """Standard deviation of the net win per unit staked (exact surd in exact mode).

        >>> r = buster_blackjack(decks=1, exact=True)
        >>> r.std_dev == sympy.sqrt(r.variance), round(float(r.std_dev), 6)
        (True, 2.015486)
        """
        return sympy.sqrt(self.variance) if self.exact else math.sqrt(self.variance)

    @property
    def probabilities(self) -> dict[str, Any]:
        """Event -> probability, in checking order.

        >>> buster_blackjack(decks=1).probabilities["bust 3 cards"] > 0
        True
        """
        return dict(zip(self.table["event"], self.table["probability"]))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (exact numbers as ``{"exact": "p/q", "float": x}``).

        >>> d = lucky_lucky(decks=1).to_dict()
        >>> d["combinations"]["suited 678"], d["total_combinations"]
        (4, 22100)
        """
        num = _json_number
        out: dict[str, Any] = {
            "bet": self.bet, "shoe": self.shoe, "arithmetic": "exact" if self.exact else "float",
            "paytable": {"name": self.paytable.name,
                         "pays": {e: num(_out(p, self.exact), self.exact) for e, p in
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
        lines = [f"house edge {float(self.house_edge) * 100:.6f} %   EV {float(self.ev):+.9f}   "
                 f"std dev {float(self.std_dev):.6f}   hit frequency {float(self.hit_frequency):.6f}"]
        if self.exact:
            lines.append(f"exact house edge = {self.house_edge}")
        return lines

    def __str__(self) -> str:
        head = f"{self.bet}, pay table {self.paytable.describe()}"
        has_combos = "combinations" in self.table
        cols = f"{'event':<14}" + (f" {'combinations':>14}" if has_combos else "") + \
            f" {'probability':>14} {'pays':>6} {'return':>12}"
        rows = [head, "", cols]
        for _, row in self.table.iterrows():
            pay = row["pays"]
            rows.append(f"{row['event']:<14}" + (f" {row['combinations']:>14,}" if has_combos else "")
                        + f" {float(row['probability']):>14.10f} {_fmt_number(pay):>6}"
                        + f" {float(row['return']):>+12.8f}")
        if has_combos:
            rows.append(f"{'total':<14} {self.total_combinations:>14,}")
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

        >>> LuckyLucky().effects_of_removal(6, max_tag=1).tags["7"]
        -1
        """
        return {rank: int(t) for rank, t in self.table["tag"].items()}

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: EV, EoR and tag per rank.

        >>> BusterBlackjack().effects_of_removal(6).to_dict()["tags"]["2"]
        -3
        """
        num = _json_number
        return {"bet": self.bet, "shoe": self.shoe, "paytable": self.paytable.name,
                "base_ev": num(self.base_ev, self.exact),
                "eor": {r: (None if e is None else num(e, self.exact)) for r, e in self.table["eor"].items()},
                "tags": self.tags, "scale": num(self.scale, self.exact), "max_tag": self.max_tag,
                "correlation": None if math.isnan(self.correlation) else self.correlation, "method": self.method}

    def _lines(self) -> list[str]:
        rows = [f"effects of removal: {self.bet}, pay table {self.paytable.name}, {self.shoe}",
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


def _json_number(value: Any, exact: bool) -> Any:
    if exact:
        return {"exact": str(value), "float": float(value)}
    return float(value)


def _out(value: Any, exact: bool) -> Any:
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


class SideBet:
    """A side bet: events checked in order, named pay tables, exact event probabilities.

    Subclasses set ``name``, ``key`` (the command-line name), ``events`` (the paying
    events), ``losing_event`` and ``paytables`` and implement :meth:`_probabilities`.

    >>> [bet.key for bet in (LuckyLucky(), BusterBlackjack())]
    ['lucky-lucky', 'buster']
    """

    name: str = ""
    key: str = ""
    events: tuple[str, ...] = ()
    losing_event: str = "lose"
    paytables: Mapping[str, tuple[int, ...]] = {}
    default_paytable: str = "seed"

    @property
    def all_events(self) -> tuple[str, ...]:
        """The paying events in checking order, then the losing event.

        >>> BusterBlackjack().all_events[-2:]
        ('bust 8+ cards', 'no bust')
        """
        return self.events + (self.losing_event,)

    def paytable(self, spec: PayTableLike = None) -> PayTable:
        """A :class:`PayTable` from a built-in name, a list of pays (one per paying event,
        in order) or a comma-separated string of pays; None gives the seed's table.

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
                return PayTable(key, self.events, tuple(Fraction(p) for p in self.paytables[key]))
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

    # -- probabilities --------------------------------------------------------------------
    def _probabilities(self, shoes: Sequence[Shoe], exact: bool) -> list[tuple[list[Any], Optional[list[int]]]]:
        """Per shoe: the probability of every event (Fractions if exact, else floats) and,
        where meaningful, integer combination counts."""
        raise NotImplementedError

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()}",)

    def _check(self, shoe: Shoe) -> None:
        """Refuse a shoe the bet cannot be computed on (subclasses)."""

    def probabilities(self, shoe: ShoeLike = 6, exact: bool = False) -> pd.Series:
        """Probability of every event (losing event last), as a pandas Series.

        >>> p = BusterBlackjack(hits_soft_17=True).probabilities(6, exact=True)
        >>> sum(p) == 1
        True
        """
        shoe = as_shoe(shoe)
        self._check(shoe)
        probs, _ = self._probabilities([shoe], exact)[0]
        return pd.Series([_out(p, exact) for p in probs], index=list(self.all_events), name="probability")

    def evaluate(self, shoe: ShoeLike = 6, paytable: PayTableLike = None, exact: bool = False) -> SideBetResult:
        """Probabilities, pays, EV, house edge, standard deviation and hit frequency.

        ``shoe`` is a :class:`~bjcalc.core.cards.Shoe` or a number of decks.

        >>> r = BusterBlackjack(hits_soft_17=True).evaluate(2, "jacobson_california")
        >>> f"{float(r.house_edge):.3%}"
        '5.478%'
        """
        shoe = as_shoe(shoe)
        self._check(shoe)
        table = self.paytable(paytable)
        probs, combos = self._probabilities([shoe], exact)[0]
        return self._result(shoe, table, probs, combos, exact)

    def _result(self, shoe: Shoe, table: PayTable, probs: list[Any], combos: Optional[list[int]],
                exact: bool) -> SideBetResult:
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
            total = math.comb(int(shoe.total), 3)
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
        the EoR of a value is the weight-averaged EV over its entries."""
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

    def effects_of_removal(self, shoe: ShoeLike = 6, paytable: PayTableLike = None, exact: bool = False,
                           max_tag: int = 3) -> RemovalEffects:
        """The change in EV when one card of each rank (A, 2, ..., 9, T = any ten-value) is
        removed from the shoe, and a linear count with tags from ``-max_tag`` to ``max_tag``.

        >>> e = BusterBlackjack(hits_soft_17=True).effects_of_removal(6, "wizard", exact=True)
        >>> sum(e.table["share"] * e.table["eor"]) == 0
        True
        >>> e.tags
        {'A': 1, '2': -3, '3': -1, '4': 0, '5': 1, '6': -1, '7': 2, '8': 1, '9': 0, 'T': 0}
        """
        if isinstance(max_tag, bool) or not isinstance(max_tag, int) or max_tag < 1:
            raise RulesError(f"max_tag must be a whole number >= 1, not {max_tag!r}")
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
        correlation = _weighted_correlation([float(s) for s in shares],
                                            [0.0 if e is None else float(e) for e in eors], tags)
        return RemovalEffects(bet=self.name, paytable=table, shoe=shoe.describe(), base_ev=ar.output(base),
                              table=frame, scale=ar.output(scale), max_tag=max_tag, correlation=correlation,
                              exact=exact, method=f"removal: {self._removal_method}")


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


# ----------------------------------------------------------------------------------------
# Lucky Lucky
# ----------------------------------------------------------------------------------------
_LL_EVENTS = ("suited 777", "suited 678", "777", "678", "suited 21", "21", "20", "19")


def _ll_event(values: tuple[int, int, int], suited: bool) -> int:
    """Index into the Lucky Lucky events (8 = lose) of three card values (sorted, 1-10)."""
    if values == (7, 7, 7):
        return 0 if suited else 2
    if values == (6, 7, 8):
        return 1 if suited else 3
    hard = sum(values)
    total = hard + 10 if 1 in values and hard + 10 <= 21 else hard
    if total == 21:
        return 4 if suited else 5
    return {20: 6, 19: 7}.get(total, 8)


_LL_CLASSES = [(combo, _ll_event(tuple(v + 1 for v in combo), True), _ll_event(tuple(v + 1 for v in combo), False))
               for combo in itertools.combinations_with_replacement(range(10), 3)]


class LuckyLucky(SideBet):
    """Lucky Lucky: the player's first two cards and the dealer's up card.

    Events, checked in order: suited 7-7-7, suited 6-7-8, 7-7-7, 6-7-8, suited 21, 21,
    20, 19; anything else loses.  Aces count 1 or 11 (the best total <= 21); 6-7-8 and
    7-7-7 are by rank (J, Q, K count as ten-values elsewhere).  The three cards are a
    uniformly random 3-subset of the shoe, so ``combinations`` counts those subsets:
    exact integers out of C(cards, 3).  The shoe must carry suit counts.

    Built-in pay tables: ``seed`` (200, 100, 50, 30, 10, 3, 2, 2) and ``wizard`` (suited 21
    pays 15: 200, 100, 50, 30, 15, 3, 2, 2).

    >>> LuckyLucky().combinations(1)["suited 21"]
    108
    >>> LuckyLucky().evaluate(Shoe.from_counts(A=4, T=16))
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.ShoeError: Lucky Lucky pays suited hands, so it needs a shoe with suit counts (Shoe.decks(n), Shoe.from_cards([...]) or Shoe(rank_counts, suit_counts)); this shoe is counted by rank only
    """

    name = "Lucky Lucky"
    key = "lucky-lucky"
    events = _LL_EVENTS
    losing_event = "other"
    paytables = {"seed": (200, 100, 50, 30, 10, 3, 2, 2),
                 "wizard": (200, 100, 50, 30, 15, 3, 2, 2)}
    _removal_method = ("each specific card (rank and suit) removed in turn; a rank's EoR is the average over "
                       "its cards in the shoe, weighted by their counts (T: all ten-value cards)")

    def _check(self, shoe: Shoe) -> None:
        _suit_counts(shoe)
        if not shoe.is_infinite and shoe.total < 3:
            raise ShoeError(f"Lucky Lucky deals three cards: the shoe has only {shoe.total}")

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        return (f"shoe: {shoe.describe()} (suits tracked)",
                "cards: the player's two cards and the dealer's up card, three cards from the full shoe",
                "aces count 1 or 11; events checked in the order listed")

    def combinations(self, shoe: ShoeLike = 6) -> dict[str, int]:
        """Exact number of 3-card subsets of the shoe giving each event (losing event last).

        >>> c = LuckyLucky().combinations(6)
        >>> c["suited 678"], c["21"], sum(c.values()) == math.comb(312, 3)
        (864, 406296, True)
        """
        shoe = as_shoe(shoe)
        self._check(shoe)
        if shoe.is_infinite:
            raise ShoeError("the infinite deck has no combination counts: use probabilities()")
        return dict(zip(self.all_events, _ll_counts(_value_suit_counts(shoe))))

    def _probabilities(self, shoes: Sequence[Shoe], exact: bool) -> list[tuple[list[Any], Optional[list[int]]]]:
        out: list[tuple[list[Any], Optional[list[int]]]] = []
        for shoe in shoes:
            vs = _value_suit_counts(shoe)
            if shoe.is_infinite:
                probs = _ll_infinite(vs)
                out.append((probs if exact else [float(p) for p in probs], None))
                continue
            counts = _ll_counts(vs)
            total = math.comb(sum(map(sum, vs)), 3)
            probs = [Fraction(c, total) if exact else c / total for c in counts]
            out.append((probs, counts))
        return out

    def _removals(self, shoe: Shoe) -> list[tuple[int, Shoe, int]]:
        if shoe.total < 4:
            raise ShoeError(f"effects of removal on Lucky Lucky need at least 4 cards, not {shoe.total}")
        suits = _suit_counts(shoe)
        out = []
        for r in range(13):
            for s in range(4):
                n = suits[r][s]
                if n:
                    new = [list(row) for row in suits]
                    new[r][s] -= 1
                    ranks = tuple(sum(row) for row in new)
                    out.append((RANK_VALUE[r] - 1, Shoe(ranks, tuple(tuple(row) for row in new)), n))
        return out


def _suit_counts(shoe: Shoe) -> tuple[tuple[int, ...], ...]:
    if shoe.suit_counts is None:
        raise ShoeError("Lucky Lucky pays suited hands, so it needs a shoe with suit counts (Shoe.decks(n), "
                        "Shoe.from_cards([...]) or Shoe(rank_counts, suit_counts)); this shoe is counted by "
                        "rank only")
    suits = shoe.suit_counts
    if len(suits) != 13 or any(len(row) != 4 for row in suits) or any(n < 0 for row in suits for n in row):
        raise ShoeError("a shoe's suit counts must be 13 rows (A..K) of 4 counts >= 0 (S, H, D, C)")
    if not shoe.is_infinite and tuple(sum(row) for row in suits) != tuple(shoe.rank_counts):
        raise ShoeError("the shoe's suit counts do not add up to its rank counts")
    return suits


def _value_suit_counts(shoe: Shoe) -> list[list[int]]:
    """10 x 4 counts by value (ten-values pooled) and suit."""
    suits = _suit_counts(shoe)
    vs = [list(suits[v]) for v in range(9)]
    vs.append([sum(suits[r][s] for r in range(9, 13)) for s in range(4)])
    return vs


def _ll_counts(vs: list[list[int]]) -> list[int]:
    """Exact 3-subset counts of every Lucky Lucky event (losing event last)."""
    by_value = [sum(row) for row in vs]
    counts = [0] * (len(_LL_EVENTS) + 1)
    for combo, suited_event, plain_event in _LL_CLASSES:
        mult: dict[int, int] = {}
        for v in combo:
            mult[v] = mult.get(v, 0) + 1
        total = math.prod(math.comb(by_value[v], m) for v, m in mult.items())
        if not total:
            continue
        suited = 0
        if suited_event != plain_event:
            suited = sum(math.prod(math.comb(vs[v][s], m) for v, m in mult.items()) for s in range(4))
        counts[suited_event] += suited
        counts[plain_event] += total - suited
    return counts


def _ll_infinite(vs: list[list[int]]) -> list[Fraction]:
    """Event probabilities when every card is drawn with the shoe's proportions (no depletion)."""
    n = sum(map(sum, vs))
    probs = [Fraction(0)] * (len(_LL_EVENTS) + 1)
    for combo, suited_event, plain_event in _LL_CLASSES:
        mult: dict[int, int] = {}
        for v in combo:
            mult[v] = mult.get(v, 0) + 1
        arrangements = Fraction(6, math.prod(math.factorial(m) for m in mult.values()))
        total = arrangements * math.prod(Fraction(sum(vs[v]), n) ** m for v, m in mult.items())
        suited = Fraction(0)
        if suited_event != plain_event:
            suited = arrangements * sum(math.prod(Fraction(vs[v][s], n) ** m for v, m in mult.items())
                                        for s in range(4))
        probs[suited_event] += suited
        probs[plain_event] += total - suited
    return probs


# ----------------------------------------------------------------------------------------
# Buster Blackjack
# ----------------------------------------------------------------------------------------
BUSTER_MODELS = ("shoe", "player")
BUST_OUTCOMES: tuple[int, ...] = tuple(range(BUSTS.start, BUSTS.stop))
"""Dealer outcomes (indices of :data:`~bjcalc.engine.dealer.OUTCOMES`) that are a bust: totals 22-26."""


class BusterBlackjack(SideBet):
    """Buster Blackjack: wins when the dealer busts, paid by the cards in the busted hand.

    Events: the dealer busts with 3, 4, 5, 6, 7, or 8 or more cards; otherwise ("no
    bust", a dealer blackjack included) the bet loses.  The dealer always completes
    the hand; :meth:`bust_distribution` gives every hand length separately.

    Models:

    * ``"shoe"`` (default): the dealer's whole hand comes from the shoe, the up card
      random too, no other card removed; the dealer hits soft 17 if ``hits_soft_17``.
    * ``"player"``: one player plays the main game first, by ``rules`` (default
      ``Rules(dealer_hits_soft_17=hits_soft_17)``; its ``dealer_hits_soft_17`` is the
      dealer's rule), ``strategy`` ``"CD"`` (default) or ``"TD"``, and ``split_strategy``
      (default ``"CDZ-"``); the cards his hands draw are gone before the dealer draws.
      This gives the same probabilities as model ``"shoe"``, exactly: the player's draws
      stop on cards already seen (a stopping time), and the cards after a stopping time
      are distributed like fresh cards from the shoe (see :mod:`bjcalc.sidebets.buster_player`).
      ``method="auto"`` (default) uses that whenever counting proves that no round can
      run out of cards, and otherwise enumerates every card set the strategy removes,
      evaluating the dealer on each; ``method="enumerate"`` always enumerates (slow on
      big shoes: a check of the theorem).

    A shoe the dealer (or, in model ``"player"``, the player) can run out of is refused.

    The Burn 20 dealer (``burn_20=True``; model ``"player"``: ``rules.burn_20``; the rule
    card of :func:`bjcalc.game.variants.burn20`, :mod:`bjcalc.engine.burn20`): under a ten-value up card a hole ten, or a hole ace
    of the up card's suit, is burned with the up card and the dealer takes two fresh
    cards, burned again while they are two tens or any blackjack, then completes the
    hand.  The bet counts the cards of the dealer's *final* hand: burned cards are not
    in it, so a burned hand's length is its two fresh cards plus the draws (any other
    hand: up card, hole card and draws).  Suits as in the main game: a hole ace shares
    the up card's suit with probability sum_s t_s a_s / (T A) over the shoe before the
    round (1/4 for whole decks, :func:`~bjcalc.engine.procedures.burn20_share`), which is exact
    because the dealer's outcomes are linear in that chance; so the shoe must carry suits
    (``Shoe.decks(n)``, ``Shoe.from_cards``); a shoe counted by rank only is refused.
    Exact mode runs every burn stage the shoe allows (truly exact, but the cost grows
    fast with the shoe: 6 decks 0.1 s, 50 decks 4.5 s, 100 decks 16 s); floats stop
    the burn stages below 1e-18 (any size in a fraction of a second).
    Model ``"player"`` with Burn 20 uses the same stopping-time equality (burned cards
    are dealt after the player's draws too); a shoe so small that a round could run out
    of cards, which would need enumerating the player's cards, is refused.

    **Assumption: a dealer 22 is a bust.**  In Burn 20 a dealer 22 pushes the main bet,
    but the dealer did bust, and the Buster card (seed 003) pays on "the dealer's busted
    hand" with no exception; nothing on the Burn 20 card (seed 000) mentions side bets.
    ``twenty_two_is_bust=False`` flips it: a dealer 22 then counts as no bust (the bet
    loses), whatever the dealer procedure.

    Built-in pay tables: ``seed`` (1, 3, 5, 20, 100, 250), ``wizard`` (2, 2, 4, 12, 50, 250),
    ``jacobson_california`` (1, 3, 6, 30, 100, 200).

    >>> p = BusterBlackjack(hits_soft_17=True).probabilities(6)
    >>> round(float(p["bust 3 cards"]), 6), round(float(p["no bust"]), 6)
    (0.173032, 0.71424)
    >>> from bjcalc import Rules
    >>> player = BusterBlackjack(model="player", rules=Rules(dealer_hits_soft_17=True), strategy="TD")
    >>> player.probabilities(6, exact=True).equals(BusterBlackjack(hits_soft_17=True).probabilities(6, exact=True))
    True
    >>> BusterBlackjack(model="player", rules=Rules(dealer_hits_soft_17=True), hits_soft_17=False)
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.RulesError: hits_soft_17=False disagrees with rules (H17): model 'player' takes the dealer's rule from rules.dealer_hits_soft_17; give only one of them
    >>> burn = BusterBlackjack(burn_20=True).probabilities(6, exact=True)
    >>> sum(burn) == 1, round(float(burn["bust 3 cards"]), 6)
    (True, 0.192926)
    """

    name = "Buster Blackjack"
    key = "buster"
    events = ("bust 3 cards", "bust 4 cards", "bust 5 cards", "bust 6 cards", "bust 7 cards", "bust 8+ cards")
    losing_event = "no bust"
    paytables = {"seed": (1, 3, 5, 20, 100, 250),
                 "wizard": (2, 2, 4, 12, 50, 250),
                 "jacobson_california": (1, 3, 6, 30, 100, 200)}

    def __init__(self, hits_soft_17: Optional[bool] = None, model: str = "shoe", rules: Optional[Rules] = None,
                 strategy: Optional[str] = None, split_strategy: Optional[str] = None, *,
                 method: str = "auto", burn_20: Optional[bool] = None, twenty_two_is_bust: bool = True):
        for flag, value in (("hits_soft_17", hits_soft_17), ("burn_20", burn_20)):
            if value is not None and not isinstance(value, bool):
                raise RulesError(f"{flag} must be True or False, not {value!r}")
        if not isinstance(twenty_two_is_bust, bool):
            raise RulesError(f"twenty_two_is_bust must be True or False, not {twenty_two_is_bust!r}")
        self.twenty_two_is_bust = twenty_two_is_bust
        if not isinstance(model, str) or model not in BUSTER_MODELS:
            raise RulesError(f"Buster Blackjack model must be 'shoe' or 'player', not {model!r}")
        self.model = model
        self.rules: Optional[Rules] = None
        self.strategy: Optional[str] = None
        self.split_strategy: Optional[str] = None
        self.method = method
        if model == "shoe":
            given = [name for name, value in (("rules", rules), ("strategy", strategy),
                                              ("split_strategy", split_strategy)) if value is not None]
            if given or method != "auto":
                what = ", ".join(given + (["method"] if method != "auto" else []))
                raise RulesError(f"{what}: only model 'player' has a player; model 'shoe' removes no "
                                 f"player cards (use model='player', or leave {what} out)")
            self.hits_soft_17 = bool(hits_soft_17)
            self.burn_20 = bool(burn_20)
        else:
            self._init_player(hits_soft_17, rules, strategy, split_strategy, method, burn_20)
        self.procedure = StandardDealer(hits_soft_17=self.hits_soft_17)
        self._busts = BUST_OUTCOMES if twenty_two_is_bust else BUST_OUTCOMES[1:]
        if self.burn_20:
            self._removal_method = ("each specific card (rank and suit) removed in turn, as Burn 20 needs the "
                                    "suits; a rank's EoR is the average over its cards, weighted by their counts "
                                    "(T: all ten-value cards)")
        self._cache: dict[tuple[Shoe, bool], tuple[dict[int, Any], Any]] = {}

    def _init_player(self, hits_soft_17: Optional[bool], rules: Optional[Rules], strategy: Optional[str],
                     split_strategy: Optional[str], method: str, burn_20: Optional[bool]) -> None:
        from ..engine.splits import check_split_strategy

        if rules is None:
            if burn_20:   # the seed game, Burn 20 (UK defaults), with the dealer's soft-17 rule asked for
                from ..game.variants import burn20

                rules = burn20(dealer_hits_soft_17=bool(hits_soft_17))
            else:
                rules = Rules(dealer_hits_soft_17=bool(hits_soft_17))
        elif not isinstance(rules, Rules):
            raise RulesError(f"rules must be a bjcalc.Rules, not {type(rules).__name__}")
        if hits_soft_17 is not None and hits_soft_17 != rules.dealer_hits_soft_17:
            raise RulesError(f"hits_soft_17={hits_soft_17} disagrees with rules "
                             f"({'H17' if rules.dealer_hits_soft_17 else 'S17'}): model 'player' takes the "
                             f"dealer's rule from rules.dealer_hits_soft_17; give only one of them")
        if burn_20 is not None and burn_20 != rules.burn_20:
            raise RulesError(f"burn_20={burn_20} disagrees with rules (burn_20={rules.burn_20}): model 'player' "
                             f"takes the dealer procedure from rules.burn_20; give only one of them")
        if method == "enumerate" and (rules.burn_20 or not self.twenty_two_is_bust):
            what = "the Burn 20 dealer" if rules.burn_20 else "twenty_two_is_bust=False"
            raise RulesError(f"Buster Blackjack model 'player' enumerates the player's cards for the standard "
                             f"dealer with every bust paying only, not with {what}; use method='auto' (it equals "
                             f"model 'shoe' exactly wherever no round can run out of cards)")
        strategy = "CD" if strategy is None else strategy
        if strategy not in ("CD", "TD"):
            raise StrategyError(f"strategy must be 'CD' or 'TD', not {strategy!r}")
        split_strategy = "CDZ-" if split_strategy is None else split_strategy
        check_split_strategy(split_strategy, rules)
        if method not in ("auto", "enumerate"):
            raise RulesError(f"method must be 'auto' or 'enumerate', not {method!r}")
        self.rules, self.strategy, self.split_strategy = rules, strategy, split_strategy
        self.hits_soft_17 = rules.dealer_hits_soft_17
        self.burn_20 = rules.burn_20

    def __repr__(self) -> str:
        extra = (", burn_20=True" if self.burn_20 else "") + ("" if self.twenty_two_is_bust else
                                                             ", twenty_two_is_bust=False")
        if self.model == "shoe":
            return f"BusterBlackjack(hits_soft_17={self.hits_soft_17}, model='shoe'{extra})"
        return (f"BusterBlackjack(model='player', rules={self.rules!r}, strategy={self.strategy!r}, "
                f"split_strategy={self.split_strategy!r}, method={self.method!r}{extra})")

    def _enumerates(self, shoe: Shoe) -> bool:
        """Model 'player' on this shoe: enumerate the player's cards (else the shoe model, equal).

        Enumeration replays the standard dealer only: with Burn 20 (or a 22 that is no
        bust) a shoe that would need it is refused."""
        from .buster_player import round_card_bound, round_cannot_run_out

        assert self.rules is not None
        enumerates = not shoe.is_infinite and (self.method == "enumerate" or not round_cannot_run_out(shoe, self.rules))
        if enumerates and (self.burn_20 or not self.twenty_two_is_bust):
            if self.burn_20:
                what = ("with the Burn 20 dealer", f"at most {round_card_bound(shoe, self.rules)} cards, burned "
                        f"tens and aces included, of {shoe.total}")
            else:
                what = ("with twenty_two_is_bust=False", f"at most {round_card_bound(shoe, self.rules)} of "
                        f"{shoe.total} cards")
            raise ShoeError(f"Buster Blackjack model 'player' {what[0]}: a round on this shoe may run out of "
                            f"cards ({what[1]} counted), so the player's cards would have to be enumerated, "
                            f"which bjcalc does for the standard dealer only; use a bigger shoe (model 'player' "
                            f"then equals model 'shoe' exactly) or model 'shoe'")
        return enumerates

    def _check(self, shoe: Shoe) -> None:
        """Burn 20 needs the suits; model 'player' refuses what it cannot compute."""
        if self.burn_20:
            self._share(shoe)
        if self.model == "player":
            self._enumerates(shoe)

    def _share(self, shoe: Shoe) -> Fraction:
        """Burn 20: the chance that a hole ace under a ten shares its suit (the main game's)."""
        if not shoe.is_infinite and shoe.suit_counts is None:
            raise ShoeError("Buster Blackjack with the Burn 20 dealer needs the suits of the aces and tens (a hole "
                            "ace of the up card's suit is burned): build the shoe with Shoe.decks(n) or "
                            "Shoe.from_cards([...]); this shoe is counted by rank only")
        from ..engine.procedures import burn20_share

        return burn20_share(shoe)

    def _dealer_text(self, shoe: Shoe) -> tuple[str, ...]:
        soft = f"{'hits' if self.hits_soft_17 else 'stands on'} soft 17"
        twenty_two = ("a dealer 22 counts as a bust" + (" (it pushes Burn 20's main bet, but the dealer busted)"
                                                        if self.burn_20 else "")
                      if self.twenty_two_is_bust else
                      "a dealer 22 counts as no bust (twenty_two_is_bust=False): the bet loses")
        if not self.burn_20:
            return (f"dealer: {soft}, always completes the hand",) + (() if self.twenty_two_is_bust else (twenty_two,))
        return (f"dealer: {soft}, Burn 20: under a ten up card a hole ten, or a hole ace of the up card's suit, is "
                f"burned with the up card and the dealer takes two fresh cards, burned again while they are two "
                f"tens or any blackjack; always completes the hand",
                "hand length: the cards of the dealer's final hand; burned cards are not in it (after a burn, the "
                "two fresh cards and the draws)",
                f"suits: a hole ace under a ten shares its suit with probability {self._share(shoe)} (the shoe's "
                f"aces and tens by suit, before the round)",
                twenty_two)

    def _removals(self, shoe: Shoe) -> list[tuple[int, Shoe, int]]:
        if not self.burn_20:
            return super()._removals(shoe)
        self._share(shoe)
        assert shoe.suit_counts is not None
        out = []
        for r, row in enumerate(shoe.suit_counts):
            for suit, n in enumerate(row):
                if n:
                    suits = [list(x) for x in shoe.suit_counts]
                    suits[r][suit] -= 1
                    ranks = tuple(sum(x) for x in suits)
                    out.append((RANK_VALUE[r] - 1, Shoe(ranks, tuple(tuple(x) for x in suits)), n))
        return out

    def _assumptions(self, shoe: Shoe) -> tuple[str, ...]:
        dealer = self._dealer_text(shoe)
        if self.model == "shoe":
            return (f"shoe: {shoe.describe()}",) + dealer + (
                "model 'shoe': the whole dealer hand from the shoe, up card random, no other cards removed; "
                "a dealer blackjack is no bust",)
        from .buster_player import round_card_bound

        assert self.rules is not None
        strategy = {"CD": "CD (composition-dependent, the Calculator's best action; ties to the earlier of "
                          "stand, hit, double, split, surrender)",
                    "TD": "TD (the total-dependent chart of Calculator.game('TD'))"}[self.strategy or "CD"]
        post_split = (("no splitting" if not self.rules.splits else
                       f"{self.split_strategy}" + (" (values; TD hands follow the chart)"
                                                   if self.strategy == "TD" else "")))
        if not self._enumerates(shoe):
            how = ("computed as model 'shoe', which it equals exactly: the player's draws stop on cards already "
                   "seen, and cards after such a stopping time are distributed like fresh cards from the shoe"
                   + ("" if shoe.is_infinite else
                      f"; no round can run out (at most {round_card_bound(shoe, self.rules)} of "
                      f"{shoe.total} cards)"))
        else:
            how = ("computed by enumerating every card set the player's hands remove (the hole card treated as "
                   "drawn after them) and the dealer's hand on the rest")
        return (f"shoe: {shoe.describe()}",) + dealer + (
                "model 'player': one player plays the main game first; the cards his hands draw leave the "
                "shoe before the dealer draws; a dealer blackjack is no bust",
                f"rules: {self.rules.describe(shoe)}", f"strategy: {strategy}", f"post-split strategy: {post_split}",
                f"method: {how}")

    def _lengths(self, shoes: Sequence[Shoe], exact: bool) -> list[tuple[dict[int, Any], Any]]:
        """Per shoe: {hand length: P(bust with that many cards)} and P(no bust)."""
        out: list[Optional[tuple[dict[int, Any], Any]]] = [None] * len(shoes)
        if self.model == "player":
            from .buster_player import player_lengths

            assert self.rules is not None and self.strategy is not None and self.split_strategy is not None
            for i, shoe in enumerate(shoes):
                if self._enumerates(shoe):
                    key = (shoe, exact)
                    if key not in self._cache:
                        self._cache[key] = player_lengths(shoe, self.rules, self.strategy, self.split_strategy,
                                                          exact)
                    out[i] = self._cache[key]
        rest = [i for i, found in enumerate(out) if found is None]
        for i, lengths in zip(rest, self._shoe_lengths([shoes[i] for i in rest], exact)):
            out[i] = lengths
        return out   # type: ignore[return-value]

    def _shoe_lengths(self, shoes: Sequence[Shoe], exact: bool) -> list[tuple[dict[int, Any], Any]]:
        """Model 'shoe': per shoe, {hand length: P(bust with that many cards)} and P(no bust).

        Shoes with the same value counts (and, for Burn 20, the same suit share) are computed once."""
        keys = [(s.value_counts(), s.is_infinite, self._share(s) if self.burn_20 else None) for s in shoes]
        found: dict[tuple, tuple[dict[int, Any], Any]] = {}
        for flag in (False, True):
            group = [k for k in dict.fromkeys(keys) if k[1] == flag]
            if not group:
                continue
            rows = np.array([k[0] for k in group], dtype=np.int64).reshape(-1, 10)
            shares = [k[2] for k in group] if self.burn_20 else None
            bust, stand, exhausted = _dealer_lengths(rows, self.procedure, not flag, exact, self._busts, shares)
            if exhausted.any():
                stuck = shoes[keys.index(group[int(np.argmax(exhausted))])]
                burns = " (burns can use up the tens and aces)" if self.burn_20 else ""
                raise ShoeError(f"the shoe is too small for {self.name}: the dealer can run out of cards{burns} "
                                f"({stuck.describe()})")
            for j, key in enumerate(group):
                found[key] = ({n: b[j] for n, b in sorted(bust.items())}, sum(s[j] for s in stand.values()))
        return [found[k] for k in keys]

    def _probabilities(self, shoes: Sequence[Shoe], exact: bool) -> list[tuple[list[Any], Optional[list[int]]]]:
        out: list[tuple[list[Any], Optional[list[int]]]] = []
        for busts, no_bust in self._lengths(shoes, exact):
            probs = [busts.get(n, Fraction(0) if exact else 0.0) for n in range(3, 8)]
            probs.append(sum((p for n, p in busts.items() if n >= 8), Fraction(0) if exact else 0.0))
            probs.append(no_bust)
            out.append((probs, None))
        return out

    def bust_distribution(self, shoe: ShoeLike = 6, exact: bool = False) -> pd.Series:
        """P(the dealer busts with n cards) for every possible n, then P(no bust).

        >>> d = BusterBlackjack(hits_soft_17=True).bust_distribution(1, exact=True)
        >>> d.index[-2:].tolist(), sum(d) == 1
        (['bust 10 cards', 'no bust'], True)
        """
        shoe = as_shoe(shoe)
        self._check(shoe)
        busts, no_bust = self._lengths([shoe], exact)[0]
        labels = [f"bust {n} cards" for n in busts if busts[n] != 0] + ["no bust"]
        values = [_out(p, exact) for p in busts.values() if p != 0] + [_out(no_bust, exact)]
        return pd.Series(values, index=labels, name="probability", dtype=object if exact else float)

    def compare_models(self, shoe: ShoeLike = 6, paytable: PayTableLike = None, exact: bool = False) -> pd.DataFrame:
        """Model 'player' against model 'shoe' on one shoe: a table of ``event``, ``P shoe model``,
        ``P player model`` and ``difference`` (player - shoe), then a ``house edge`` row (the
        pay table's house edge under each model).  A model-'shoe' bet compares itself with
        ``BusterBlackjack(model='player', rules=Rules(dealer_hits_soft_17=...))`` (Burn 20: the
        seed game's rules, ``variants.burn20``).

        ``.attrs`` holds the pay table's name and both models' assumptions.

        >>> table = BusterBlackjack(hits_soft_17=True).compare_models(6, "wizard", exact=True)
        >>> table.columns.tolist()
        ['event', 'P shoe model', 'P player model', 'difference']
        >>> table["difference"].tolist() == [0] * 8, table.iloc[-1]["event"]
        (True, 'house edge')
        """
        shoe = as_shoe(shoe)
        same = dict(burn_20=self.burn_20, twenty_two_is_bust=self.twenty_two_is_bust)
        if self.model == "shoe":
            shoe_bet, player_bet = self, BusterBlackjack(hits_soft_17=self.hits_soft_17, model="player", **same)
        else:
            shoe_bet, player_bet = BusterBlackjack(hits_soft_17=self.hits_soft_17, **same), self
        by_shoe = shoe_bet.evaluate(shoe, paytable, exact)
        by_player = player_bet.evaluate(shoe, paytable, exact)
        events = list(self.all_events) + ["house edge"]
        left = list(by_shoe.table["probability"]) + [by_shoe.house_edge]
        right = list(by_player.table["probability"]) + [by_player.house_edge]
        frame = pd.DataFrame({"event": events, "P shoe model": left, "P player model": right,
                              "difference": [b - a for a, b in zip(left, right)]})
        if exact:
            for column in ("P shoe model", "P player model", "difference"):
                frame[column] = frame[column].astype(object)
        frame.attrs.update({"paytable": by_shoe.paytable.name, "shoe": shoe.describe(),
                            "assumptions shoe model": by_shoe.assumptions,
                            "assumptions player model": by_player.assumptions})
        return frame


def _dealer_lengths(rows: np.ndarray, procedure: StandardDealer, depletes: bool, exact: bool,
                    busts: Sequence[int] = BUST_OUTCOMES, burn_shares: Optional[Sequence[Fraction]] = None
                    ) -> tuple[dict[int, Any], dict[int, Any], np.ndarray]:
    """For shoes given as value counts (one row each): P(bust with n cards) and P(stand with n
    cards) by hand length n, the up card random from the shoe; and which shoes run out.

    Sums :func:`dealer_lengths_given_up` over the up cards.  Exact mode keeps integer
    numerators (ordered card sequences) over the falling factorial N (N-1) ... (N-n+1)
    (N^n without depletion) and divides at the end.  ``busts``: the outcomes that count as
    a bust (default totals 22-26).

    ``burn_shares`` (one per shoe: the chance that a hole ace shares the up card's suit)
    makes the dealer Burn 20's: under a ten up card the hole card 2-9 is the standard
    completion (:func:`~bjcalc.engine.burn20.hole_branch_dealer`, its ten and ace hole cards
    dropped), an ace of another suit a blackjack (no bust, 2 cards), and a ten or an ace
    of the up card's suit is burned: those hands come from
    :func:`~bjcalc.engine.burn20.burn20_lengths`, by the length of the final hand (burned
    cards are not in it), added as probabilities (exact Fractions) after the division.
    """
    shoes = len(rows)
    totals = rows.sum(axis=1)
    bust: dict[int, Any] = {}
    stand: dict[int, Any] = {}
    burned: list[tuple[dict[int, Any], dict[int, Any]]] = []     # probabilities, added after the division
    exhausted = np.zeros(shoes, dtype=bool)
    for up in range(1, 11):
        up_count = rows[:, up - 1]
        dealt = up_count > 0
        if not dealt.any():
            continue
        left = np.clip(rows - np.eye(10, dtype=np.int64)[up - 1], 0, None) if depletes else rows
        burns = burn_shares is not None and up == 10
        if burns:
            from ..engine.burn20 import hole_branch_dealer

            given_bust, given_stand, stuck = dealer_lengths_given_up(
                up, left, hole_branch_dealer(procedure.hits_soft_17), depletes, exact, busts, (BLACKJACK,))
            assert burn_shares is not None
            more_bust, more_stand, more_stuck = _burn20_given_ten(left, burn_shares, procedure.hits_soft_17,
                                                                  depletes, exact, busts)
            stuck = stuck | more_stuck
            weight = [Fraction(int(c), int(t)) if t else Fraction(0) for c, t in zip(up_count, totals)]
            if not exact:
                weight = np.array([float(w) for w in weight])
            burned.append(({n: _times(weight, v, exact) for n, v in more_bust.items()},
                           {n: _times(weight, v, exact) for n, v in more_stand.items()}))
        else:
            given_bust, given_stand, stuck = dealer_lengths_given_up(up, left, procedure, depletes, exact, busts)
        exhausted |= stuck & dealt
        # exact: numerators over perm(N - 1, n - 1) (N^(n-1)); times the up card's count, over perm(N, n) (N^n)
        share = up_count.astype(object) if exact else np.where(dealt, up_count, 0) / np.where(totals, totals, 1)
        for given, table in ((given_bust, bust), (given_stand, stand)):
            for n, values in given.items():
                term = share * (values.astype(object) if exact else values)
                table[n] = table[n] + term if n in table else term
    if exact:
        for table in (bust, stand):
            for n, numerators in table.items():
                denominators = [math.perm(int(t), n) if depletes else int(t) ** n for t in totals]
                table[n] = [Fraction(int(a), b) if b else Fraction(0) for a, b in zip(numerators, denominators)]
    for more_bust, more_stand in burned:
        for more, table in ((more_bust, bust), (more_stand, stand)):
            for n, values in more.items():
                if n in table:
                    table[n] = [a + b for a, b in zip(table[n], values)] if exact else table[n] + values
                else:
                    table[n] = values
    return bust, stand, exhausted


def _times(weight: Any, values: Any, exact: bool) -> Any:
    return [w * v for w, v in zip(weight, values)] if exact else weight * values


def _burn20_given_ten(left: np.ndarray, shares: Sequence[Fraction], hits_soft_17: bool, depletes: bool,
                      exact: bool, busts: Sequence[int]) -> tuple[dict[int, Any], dict[int, Any], np.ndarray]:
    """Burn 20 under a ten up card, besides the hole-card 2-9 branch: {n: P(bust with n cards)},
    {n: P(stand with n cards)} (the off-suit hole ace's blackjack stands with 2) per row of counts
    left after the up card (exact: Fractions, else float arrays), and which rows can run out."""
    from ..core.arithmetic import EXACT, FLOAT
    from ..engine.burn20 import burn20_lengths

    rows = len(left)
    zero = Fraction(0) if exact else 0.0
    shares = [Fraction(x) for x in shares]
    bust: dict[int, list[Any]] = {}
    stand: dict[int, list[Any]] = {2: [zero] * rows}
    exhausted = np.zeros(rows, dtype=bool)
    is_bust = np.isin(np.arange(N_OUTCOMES), busts)
    for share in sorted(set(shares)):
        index = [i for i, x in enumerate(shares) if x == share]
        p, stuck = burn20_lengths(left[index], share, hits_soft_17, EXACT if exact else FLOAT,
                                  is_infinite=not depletes)
        exhausted[index] = stuck
        for j, i in enumerate(index):
            aces, cards = int(left[i, 0]), int(left[i].sum())
            blackjack = (1 - share) * Fraction(aces, cards) if cards else Fraction(0)
            stand[2][i] += blackjack if exact else float(blackjack)
            for n in range(p.shape[1]):
                for table, columns in ((bust, is_bust), (stand, ~is_bust)):
                    value = p[j, n, columns].sum()
                    if value:
                        value = _as_fraction(value) if exact else float(value)
                        table.setdefault(n, [zero] * rows)[i] += value
    if not exact:
        return ({n: np.array(v) for n, v in bust.items()}, {n: np.array(v) for n, v in stand.items()}, exhausted)
    return bust, stand, exhausted


def _as_fraction(x: Any) -> Fraction:
    return Fraction(int(x.numerator), int(x.denominator))


def dealer_lengths_given_up(up: int, left: np.ndarray, procedure: StandardDealer, depletes: bool,
                            exact: bool, busts: Sequence[int] = BUST_OUTCOMES, dropped: Sequence[int] = ()
                            ) -> tuple[dict[int, np.ndarray], dict[int, np.ndarray], np.ndarray]:
    """For a fixed up card and many shoes given as the value counts left besides it (one row
    each): {n: P(bust with n cards)}, {n: P(stand with n cards)} (a blackjack stands with 2),
    n counting the up card, and which shoes the dealer can run out of.

    ``busts``: the outcome indices (:data:`~bjcalc.engine.dealer.OUTCOMES`) that count as a bust
    (totals 22-26); ``dropped``: outcomes counted in neither table (the Burn 20 hole-card
    tens and aces of :func:`~bjcalc.engine.burn20.hole_branch_dealer`, accounted for elsewhere).

    Walks the dealer tree of :class:`~bjcalc.engine.dealer.DealerTree` level by level, one column
    per shoe.  Exact mode returns integer numerators (ordered sequences of the n - 1 cards
    drawn after the up card) over perm(cards left, n - 1), or (cards left)^(n - 1) without
    depletion: int64 while they fit, else Python ints.

    >>> bust, stand, stuck = dealer_lengths_given_up(6, np.array([[4, 4, 4, 4, 4, 3, 4, 4, 4, 16]]),
    ...                                              StandardDealer(False), True, False)
    >>> round(float(sum(b[0] for b in bust.values())), 6), bool(stuck[0])
    (0.420823, False)
    """
    shoes = len(left)
    totals = left.sum(axis=1)
    exhausted = np.zeros(shoes, dtype=bool)
    limit = tree_limit(left) if depletes else None
    tree = DealerTree.build(up, procedure, limit)
    if exact:
        peak = int(totals.max()) if shoes else 0
        largest = math.perm(peak, len(tree.levels)) if depletes else peak ** len(tree.levels)
        dtype: Any = np.int64 if largest < 2 ** 62 else object   # int64 is exact below this
        counts = left.astype(dtype)
    else:
        dtype = np.float64
        counts = left.astype(np.float64)
    reach = np.ones((1, shoes), dtype=dtype)
    bust: dict[int, Any] = {}
    stand: dict[int, Any] = {}
    for k, level in enumerate(tree.levels):
        remaining = totals - k if depletes else totals
        empty = remaining <= 0
        if empty.any():
            exhausted |= empty & (reach != 0).any(axis=0)
            reach = reach.copy()
            reach[:, empty] = 0
        safe = np.where(empty, 1, remaining)
        following = np.zeros((level.n_next, shoes), dtype=dtype)
        ended_bust = np.zeros(shoes, dtype=dtype)
        ended_stand = np.zeros(shoes, dtype=dtype)
        for value, (src_next, dst_next, src_end, outcomes) in enumerate(level.moves):
            for src in (src_next, src_end):
                if not len(src):
                    continue
                drawn = level.states[src, value].astype(dtype)[:, None] if depletes else 0
                factor = counts[None, :, value] - drawn
                if not exact:
                    factor = factor / safe
                contribution = reach[src] * factor
                if src is src_next:
                    np.add.at(following, dst_next, contribution)
                else:
                    busted = np.isin(outcomes, busts)
                    stood = ~busted & ~np.isin(outcomes, dropped)
                    if busted.any():
                        ended_bust = ended_bust + contribution[busted].sum(axis=0)
                    if stood.any():
                        ended_stand = ended_stand + contribution[stood].sum(axis=0)
        n = k + 2
        bust[n] = ended_bust
        stand[n] = ended_stand
        reach = following
    return bust, stand, exhausted


# ----------------------------------------------------------------------------------------
# convenience functions
# ----------------------------------------------------------------------------------------
def lucky_lucky(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
                decks: Union[int, float, None] = None) -> SideBetResult:
    """Lucky Lucky on a shoe (or ``decks`` full decks; default 6) with a pay table.

    >>> r = lucky_lucky(decks=6, paytable="wizard")
    >>> f"{float(r.house_edge):.2%}"
    '2.66%'
    """
    return LuckyLucky().evaluate(_shoe_or_decks(shoe, decks), paytable, exact)


def buster_blackjack(shoe: ShoeLike = None, paytable: PayTableLike = None, exact: bool = False, *,
                     decks: Union[int, float, None] = None, hits_soft_17: Optional[bool] = None,
                     model: str = "shoe", rules: Optional[Rules] = None, strategy: Optional[str] = None,
                     split_strategy: Optional[str] = None) -> SideBetResult:
    """Buster Blackjack on a shoe (or ``decks`` full decks; default 6) with a pay table;
    ``model``, ``rules``, ``strategy`` and ``split_strategy`` as for :class:`BusterBlackjack`.

    >>> r = buster_blackjack(decks=6, hits_soft_17=True, paytable="jacobson_california")
    >>> f"{float(r.house_edge):.3%}"
    '4.724%'
    >>> player = buster_blackjack(decks=6, model="player", strategy="TD", hits_soft_17=True)
    >>> player.house_edge == buster_blackjack(decks=6, hits_soft_17=True).house_edge
    True
    """
    bet = BusterBlackjack(hits_soft_17=hits_soft_17, model=model, rules=rules, strategy=strategy,
                          split_strategy=split_strategy)
    return bet.evaluate(_shoe_or_decks(shoe, decks), paytable, exact)


def _shoe_or_decks(shoe: ShoeLike, decks: Union[int, float, None]) -> Shoe:
    if shoe is not None and decks is not None:
        raise ShoeError("give a shoe or a number of decks, not both")
    return as_shoe(decks if shoe is None else shoe)


SIDE_BETS = {"lucky-lucky": LuckyLucky, "buster": BusterBlackjack}
"""Command-line name -> side-bet class."""


# ----------------------------------------------------------------------------------------
# command line
# ----------------------------------------------------------------------------------------
def decks_argument(text: str) -> Union[int, float]:
    """The argparse type of ``--decks`` (shared with the main CLI): :func:`~bjcalc.core.cards.parse_decks`,
    its error turned into argparse's one-line kind.

    >>> decks_argument("2"), decks_argument("inf")
    (2, inf)
    """
    try:
        return parse_decks(text)
    except BjcalcError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def shoe_argument(text: str) -> Shoe:
    """The argparse type of ``--shoe`` (shared with the main CLI): :func:`~bjcalc.core.cards.parse_shoe`.

    >>> shoe_argument("AS:1,KH:3").total
    4
    """
    try:
        return parse_shoe(text)
    except BjcalcError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


SHOE_HELP = ("a custom shoe: rank:count pairs (A:4,5:3,T:16), or card:count pairs with suits "
             "(AS:1,TH:2,...; Burn 20 and Lucky Lucky need suits); replaces --decks")
REMOVE_HELP = ("cards taken out of the shoe before the round, e.g. A,A,5,T; with suits (AS,TH) the shoe keeps "
               "its suit counts; an error if the shoe does not hold them")


def shoe_from_flags(decks: Union[int, float, None], shoe: Optional[Shoe], remove: Optional[str],
                    default_decks: Union[int, float] = 6) -> Shoe:
    """The shoe ``--decks``, ``--shoe`` and ``--remove`` describe (``--decks`` and ``--shoe`` exclude
    each other: a custom shoe is the whole shoe).

    >>> shoe_from_flags(1, None, "A,A").describe()
    '1 deck less A,A (50 cards)'
    """
    if decks is not None and shoe is not None:
        raise ShoeError("give --decks or --shoe, not both: --shoe is the whole shoe (to take cards out of "
                        "whole decks, use --decks N --remove CARDS)")
    if shoe is None:
        shoe = Shoe.decks(default_decks if decks is None else decks)
    return shoe if remove is None else shoe.without(remove)


def add_sidebet_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``bjcalc sidebet buster|lucky-lucky ...`` to a CLI's subparsers; returns its parser.

    Flags: ``--decks N`` (or ``inf``), ``--shoe`` (a custom shoe, suits optional),
    ``--remove CARDS``, ``--paytable NAME`` / ``NAME,NAME`` / ``p1,p2,...``, ``--h17``,
    ``--burn20`` (Buster: the Burn 20 dealer), ``--model shoe|player`` with
    ``--strategy CD|TD`` and ``--split CDZ-|CDP1|CDP`` for model player (Buster), ``--eor``
    (effects of removal and a linear count), ``--full`` (Buster: every hand length),
    ``--exact``, ``--json``.  Dispatch ``args.command == "sidebet"`` to :func:`run_sidebet`.

    >>> parser = argparse.ArgumentParser(prog="bjcalc")
    >>> _ = add_sidebet_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["sidebet", "buster", "--decks", "2", "--h17"])
    >>> args.command, args.bet, args.decks, args.h17
    ('sidebet', 'buster', 2, True)
    """
    parser = subparsers.add_parser("sidebet", help="side bets: Buster Blackjack, Lucky Lucky",
                                   description="Exact probabilities, house edge and effects of removal "
                                               "of a side bet.")
    bets = parser.add_subparsers(dest="bet", metavar="BET")
    bets.required = True
    helps = {"buster": "Buster Blackjack: pays when the dealer busts, by the number of cards",
             "lucky-lucky": "Lucky Lucky: the player's two cards and the dealer's up card"}
    for key, cls in SIDE_BETS.items():
        p = bets.add_parser(key, help=helps[key], description=helps[key])
        names = ", ".join(cls.paytables)
        p.add_argument("--decks", type=decks_argument, default=None, metavar="N",
                       help="number of decks, or 'inf' (default 6)")
        p.add_argument("--shoe", type=shoe_argument, default=None, help=SHOE_HELP)
        p.add_argument("--remove", metavar="CARDS", default=None, help=REMOVE_HELP)
        p.add_argument("--paytable", default=cls.default_paytable,
                       help=f"a pay table name ({names}), several names separated by commas, or "
                            f"{len(cls.events)} pays separated by commas (default {cls.default_paytable})")
        p.add_argument("--eor", action="store_true", help="effects of removal and a linear count")
        if key == "buster":
            p.add_argument("--h17", action="store_true", help="dealer hits soft 17 (default: stands)")
            p.add_argument("--burn20", action="store_true",
                           help="the Burn 20 dealer: under a ten, a hole ten or a hole ace of the up card's suit "
                                "is burned and the dealer redraws; the bet counts the final hand's cards (a "
                                "dealer 22 is a bust); --model player plays the Burn 20 seed game")
            p.add_argument("--model", choices=BUSTER_MODELS, default="shoe",
                           help="shoe: the dealer's hand from the full shoe (default); player: one player "
                                "plays the main game first and his cards leave the shoe (prints the "
                                "difference from model shoe)")
            p.add_argument("--strategy", choices=("CD", "TD"), default=None,
                           help="--model player: the player's strategy (default CD)")
            p.add_argument("--split", choices=SPLIT_STRATEGIES, default=None,
                           help="--model player: the post-split strategy (default CDZ-)")
            p.add_argument("--full", action="store_true", help="every busted-hand length separately")
        p.add_argument("--exact", action="store_true", help="exact rational arithmetic")
        p.add_argument("--json", action="store_true", help="machine-readable output (README: JSON output)")
    return parser


def _paytable_specs(bet: SideBet, text: str) -> list[PayTableLike]:
    parts = [p.strip() for p in str(text).split(",") if p.strip()]
    if not parts:
        raise RulesError("--paytable is empty: give a name or a list of pays")
    names = [p.lower().replace("-", "_") for p in parts]
    if all(n in bet.paytables for n in names):
        return list(dict.fromkeys(names))
    if any(n in bet.paytables for n in names):
        raise RulesError(f"--paytable mixes names and pays: give names ({', '.join(bet.paytables)}) "
                         f"or {len(bet.events)} pays")
    return [text]


def sidebet_assumptions(bet: SideBet, shoe: Shoe, exact: bool) -> Any:
    """A side bet's assumptions as the :class:`~bjcalc.game.calculator.Assumptions` every bjcalc result
    states (the bet's rules, the shoe, the player's strategy where one plays, values per unit staked).

    >>> a = sidebet_assumptions(LuckyLucky(), Shoe.decks(6), exact=False)
    >>> a.shoe, a.arithmetic
    ('6 decks (suits tracked)', 'floating point')
    """
    from ..game.calculator import Assumptions

    found: dict[str, str] = {}
    others: list[str] = []
    for line in bet._assumptions(shoe):
        label, _, text = line.partition(": ")
        if label in ("shoe", "rules", "strategy", "post-split strategy") and text:
            found[label] = text
        else:
            others.append(line)
    rules = f"{bet.name}: " + "; ".join(others)
    if "rules" in found:
        rules += f"; the main game: {found['rules']}"
    return Assumptions(rules=rules, shoe=found.get("shoe", shoe.describe()),
                       strategy=found.get("strategy", "none: the side bet has no decisions"),
                       split_strategy=found.get("post-split strategy", "none: no player hands are played"),
                       conditioning="per unit staked on the side bet, unconditional",
                       arithmetic="exact rationals" if exact else "floating point")


def run_sidebet(args: argparse.Namespace) -> str:
    """Compute what ``bjcalc sidebet ...`` asked for; returns the text (or JSON) to print.

    >>> parser = argparse.ArgumentParser(prog="bjcalc")
    >>> _ = add_sidebet_parser(parser.add_subparsers(dest="command"))
    >>> out = json.loads(run_sidebet(parser.parse_args(["sidebet", "lucky-lucky", "--json"])))
    >>> out["command"], out["combinations"]["suited 777"], out["results"][0]["paytable"]
    ('sidebet', 80, 'seed')
    """
    from ..cli.output import assumptions_json, dumps, fit

    exact = bool(getattr(args, "exact", False))
    if args.bet == "buster":
        bet: SideBet = _buster_from(args)
    elif args.bet == "lucky-lucky":
        bet = LuckyLucky()
    else:
        raise RulesError(f"unknown side bet {args.bet!r}: use {' or '.join(SIDE_BETS)}")
    shoe = shoe_from_flags(getattr(args, "decks", None), getattr(args, "shoe", None), getattr(args, "remove", None))
    if isinstance(bet, LuckyLucky) and shoe.suit_counts is None and not shoe.is_infinite:
        raise ShoeError("Lucky Lucky pays suited hands, so its shoe needs suits: give --shoe with suits "
                        "(AS:1,TH:2,...) and --remove cards with suits (7S,8H)")
    results = [bet.evaluate(shoe, spec, exact) for spec in _paytable_specs(bet, args.paytable)]
    full = bet.bust_distribution(shoe, exact) if getattr(args, "full", False) else None
    eors = [bet.effects_of_removal(shoe, r.paytable, exact) for r in results] if args.eor else []
    versus = ([bet.compare_models(shoe, r.paytable, exact) for r in results]
              if isinstance(bet, BusterBlackjack) and bet.model == "player" else [])
    if args.json:
        first = results[0].to_dict()
        out: dict[str, Any] = {"bet": first["bet"], "key": bet.key, "probabilities": first["probabilities"]}
        if "combinations" in first:
            out["combinations"] = first["combinations"]
            out["total_combinations"] = first["total_combinations"]
        out["results"] = [{"paytable": r.paytable.name, **{k: d[k] for k in (
            "ev", "house_edge", "variance", "std_dev", "hit_frequency")}, "pays": d["paytable"]["pays"]}
            for r, d in ((r, r.to_dict()) for r in results)]
        if full is not None:
            out["distribution"] = {k: _json_number(v, exact) for k, v in full.items()}
        if eors:
            out["effects_of_removal"] = [{k: v for k, v in e.to_dict().items() if k not in ("bet", "shoe")}
                                         for e in eors]
        if versus:
            out["model_shoe"] = _versus_json(versus, exact)
        out["assumptions"] = assumptions_json(sidebet_assumptions(bet, shoe, exact))
        return dumps("sidebet", out)
    blocks = [str(r) for r in results]
    if full is not None:
        blocks.append("\n".join(["full distribution"] + [
            f"{k:<16} {float(v):.12f}" + (f"   ({v})" if exact else "") for k, v in full.items()]))
    if versus:
        blocks.append(_versus_text(versus, exact))
    blocks += [str(e) for e in eors]
    return fit("\n\n".join(blocks))


def _buster_from(args: argparse.Namespace) -> "BusterBlackjack":
    """The Buster bet a command line describes (model player: rules from --decks and --h17; with
    --burn20 the Burn 20 seed game's, ``variants.burn20``, with those two)."""
    strategy, split = getattr(args, "strategy", None), getattr(args, "split", None)
    burn = bool(getattr(args, "burn20", False))
    if args.model == "player":
        decks = 6 if args.decks is None else args.decks    # (a --shoe replaces the decks)
        if burn:
            from ..game.variants import burn20

            rules = burn20(decks=decks, dealer_hits_soft_17=bool(args.h17))
        else:
            rules = Rules(decks=decks, dealer_hits_soft_17=bool(args.h17))
        return BusterBlackjack(model="player", rules=rules, strategy=strategy, split_strategy=split)
    given = [flag for flag, value in (("--strategy", strategy), ("--split", split)) if value is not None]
    if given:
        raise RulesError(f"{' and '.join(given)} describe{'s' if len(given) == 1 else ''} the player of "
                         f"--model player; --model shoe (the default) has no player")
    return BusterBlackjack(hits_soft_17=bool(args.h17), burn_20=burn)


def _versus_json(tables: list[pd.DataFrame], exact: bool) -> dict[str, Any]:
    """Model shoe's probabilities and house edges, and model player's differences from them."""
    events = tables[0].iloc[:-1]
    return {"probabilities": {e: _json_number(p, exact) for e, p in zip(events["event"], events["P shoe model"])},
            "difference": {e: _json_number(d, exact) for e, d in zip(events["event"], events["difference"])},
            "house_edge": {t.attrs["paytable"]: _json_number(t.iloc[-1]["P shoe model"], exact) for t in tables},
            "house_edge_difference": {t.attrs["paytable"]: _json_number(t.iloc[-1]["difference"], exact)
                                      for t in tables}}


def _versus_text(tables: list[pd.DataFrame], exact: bool) -> str:
    rows = ["difference from model 'shoe' (model player - model shoe)",
            f"{'event':<16} {'P shoe model':>14} {'P player model':>15} {'difference':>12}"]
    for _, row in tables[0].iloc[:-1].iterrows():
        rows.append(f"{row['event']:<16} {float(row['P shoe model']):>14.10f} {float(row['P player model']):>15.10f}"
                    f" {float(row['difference']):>+12.3e}")
    for table in tables:
        edge = table.iloc[-1]
        rows.append(f"house edge, pay table {table.attrs['paytable']}: shoe {float(edge['P shoe model']) * 100:.6f} %, "
                    f"player {float(edge['P player model']) * 100:.6f} %, difference "
                    f"{float(edge['difference']) * 100:+.3e} %" + (f" (exactly {edge['difference']})" if exact else ""))
    return "\n".join(rows)
