"""The rules of a blackjack game as an immutable, validated value object.

>>> r = Rules(decks=1, dealer_hits_soft_17=True, blackjack_pays="6:5")
>>> r.blackjack_pays
Fraction(6, 5)
>>> r.replace(surrender="late").surrender
'late'
>>> Rules(double_on="9-12")
Traceback (most recent call last):
...
bjcalc.core.errors.RulesError: double_on must be one of 'any', '9-11', '10-11', 'none', not '9-12'
"""

from __future__ import annotations

import dataclasses
import difflib
import inspect
import math
import numbers
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Optional, Union

from .cards import MAX_DECKS, Shoe, _is_bool, _whole_number
from .errors import RulesError
from .words import rule, value as rule_value

__all__ = ["HOLE_CARD_MODELS", "DOUBLE_ON", "SURRENDER", "SURRENDER_AGAINST", "SUITED_BLACKJACK_SUIT", "BUST_PUSH", "MAX_SPLIT_HANDS", "MAX_BLACKJACK_PAYS",
           "parse_payout", "Rules", "BOOL_FIELDS", "GAME_FIELDS", "VARIANT_FIELDS", "option_words", "RuleInfo",
           "RULE_INFO"]

HOLE_CARD_MODELS = ("peek", "enhc", "enhc_obo")
DOUBLE_ON = ("any", "9-11", "10-11", "none")
SURRENDER = ("none", "late", "early", "any_time")
SURRENDER_AGAINST = ("any", "not_ace", "ten")
SUITED_BLACKJACK_SUIT = ("any", "spades", "hearts", "diamonds", "clubs")      # (the order of cards.SUITS)
BUST_PUSH = ("none", "three_card_23_25", "three_card_25_v_26", "three_card_lower")
MAX_SPLIT_HANDS = 4
MAX_BLACKJACK_PAYS = 1000
"""Largest natural payout Rules accepts (1000:1); far beyond any game, and it keeps
every value a finite float."""


_RATIO = re.compile(r"\s*([0-9]+)\s*[:/]\s*([0-9]+)\s*")
_DECIMAL = re.compile(r"\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*")


def parse_payout(value: Any, field_name: str = "blackjack_pays") -> Fraction:
    """An exact payout from ``"3:2"``, ``"6/5"``, ``"1.5"``, an int, a Fraction, or a float or
    Decimal that is a short decimal (``1.5``, ``1.2``: read as the decimal it prints as, 3:2 and
    6:5; a float such as ``4/3``, with no short decimal form, is refused: give the ratio).

    Text is digits only (no signs, underscores or exponents), so what is accepted
    is exactly what it says.

    >>> parse_payout("3:2"), parse_payout(1), parse_payout("1.2"), parse_payout(1.2)
    (Fraction(3, 2), Fraction(1, 1), Fraction(6, 5), Fraction(6, 5))
    >>> parse_payout(4 / 3)
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.RulesError: blackjack_pays=1.3333333333333333 is not a short decimal (a float holds no exact 4:3 or the like): give the ratio as text, like '4:3', or a Fraction
    >>> parse_payout("-3:-2")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.RulesError: blackjack_pays must not be negative, not '-3:-2'
    """
    payout = None
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        payout = Fraction(value)
    elif isinstance(value, float) or isinstance(value, Decimal):     # (numpy's float64 is a float)
        payout = _decimal_payout(value, field_name)
    elif isinstance(value, numbers.Rational) and not _is_bool(value):     # numpy's ints, gmpy2's and sympy's rationals
        payout = Fraction(int(value.numerator), int(value.denominator))
    elif isinstance(value, str):
        if "-" in value:
            raise RulesError(f"{rule(field_name)} must not be negative, not {value!r}")
        ratio, decimal = _RATIO.fullmatch(value), _DECIMAL.fullmatch(value)
        try:
            if ratio and int(ratio.group(2)) != 0:
                payout = Fraction(int(ratio.group(1)), int(ratio.group(2)))
            elif decimal:
                payout = Fraction(decimal.group(1))
        except ValueError:  # thousands of digits: past Python's int-string limit
            payout = None
    zero = _RATIO.fullmatch(value) if isinstance(value, str) else None
    if payout is None and zero and not zero.group(2).strip("0"):      # (3:0)
        raise RulesError(f"{rule(field_name)} is a ratio whose second number must be positive (3:2, 6:5, 1:1), "
                         f"not {value!r}")
    if payout is None:
        raise RulesError(f"{rule(field_name)} must be a ratio such as '3:2', '6:5' or '1:1', not {value!r}")
    if payout < 0:
        raise RulesError(f"{rule(field_name)} must not be negative, not {value!r}")
    return payout


_MAX_PAYOUT_DECIMALS = 6
"""Most decimal places a float payout may have (1.125 is 9:8; 1.3333333333333333 is no payout)."""


def _decimal_payout(value: Union[float, Decimal], field_name: str) -> Fraction:
    """A float or Decimal payout as the short decimal it prints as, or a RulesError."""
    number = Decimal(repr(float(value))) if isinstance(value, float) else value
    if not number.is_finite():
        raise RulesError(f"{rule(field_name)} must be a finite ratio such as '3:2', not {value!r}")
    exponent = number.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -_MAX_PAYOUT_DECIMALS:
        raise RulesError(f"{rule(field_name, float(value))} is not a short decimal (a float holds no exact 4:3 or the "
                         f"like): give the ratio as text, like '4:3', or a Fraction")
    return Fraction(number)


def _choice(value: Any, allowed: tuple[str, ...]) -> Any:
    """A string rule as written in ``allowed`` (``"ENHC"``, ``"any-time"``, ``"Late "`` read as
    ``"enhc"``, ``"any_time"``, ``"late"``), or ``value`` itself when nothing matches."""
    if not isinstance(value, str):
        return value
    word = value.strip().lower()
    for candidate in (word, word.replace("-", "_").replace(" ", "_"), word.replace("_", "-")):
        if candidate in allowed:
            return candidate
    return value


def _whole(value: Any) -> Any:
    """A whole number as a Python int (numpy's ints, ``6.0``), or ``value`` itself."""
    if type(value) is int or _is_bool(value):
        return value
    whole = _whole_number(value)
    return value if whole is None else whole


@dataclass(frozen=True, repr=False)
class Rules:
    """Every rule of a blackjack game that changes its expected value.

    All fields are keyword arguments; the defaults are the common casino shoe game, the same
    game as :func:`bjcalc.game.variants.standard` and ``bjcalc edge`` with no rule flags: 6 decks,
    S17, 3:2, peek, double any two cards, DAS, split (and resplit) to 4 hands, no surrender.
    Construction validates every field and the combination; a problem raises
    :class:`~bjcalc.core.errors.RulesError` naming the field and the allowed values.

    Values are read as a user naturally writes them and kept in one form: a whole number may
    be numpy's or a float such as ``6.0``; a payout a float such as ``1.5``
    (:func:`parse_payout`); a named choice any case (``hole_card="ENHC"``), with ``-`` or a
    space for ``_``; True or False numpy's too.

    Fields:
        decks: number of 52-card decks, a whole number from 1 to
            :data:`~bjcalc.core.cards.MAX_DECKS` (1000), or ``math.inf``.
        dealer_hits_soft_17: H17 when True, S17 when False.
        blackjack_pays: payout of a player natural, ``"3:2"``, ``"6:5"``, a Fraction ...
            (0 to 1000).
        hole_card: ``"peek"`` (dealer checks for blackjack under an A or ten; the player
            loses only the original bet to it), ``"enhc"`` (no hole card; a dealer
            blackjack takes every bet, doubles and splits too), ``"enhc_obo"`` (no hole
            card; a dealer blackjack takes the original bet only).
        double_on: which first-two-card hands may double: ``"any"``, ``"9-11"`` and
            ``"10-11"`` (hard totals only), ``"none"``.
        double_soft: with ``double_on="any"``, whether soft hands may double.
        double_after_split: whether a split hand may double on its first two cards.
        max_split_hands: most hands a round can become by splitting (1 = no split, 2 = split
            once; default 4).
        resplit_aces, hit_split_aces, double_split_aces: what split aces may do.  A split
            ace and its next card always make a soft hand, so ``double_split_aces`` needs
            ``double_on="any"`` with ``double_soft=True``.
        split_tens_by_rank: only identical ten-value ranks split (K-K yes, K-10 no).
        surrender: ``"none"``, ``"late"`` (after the dealer's blackjack check; a dealer
            blackjack still takes the whole bet), ``"early"`` (before it) or ``"any_time"``
            (late surrender, and also after any number of hits: an unsplit hand that has not
            doubled may give up half its bet at any point of its play; in ENHC games a dealer
            blackjack still takes the whole bet).  Split hands never surrender (no source
            defines it).
        max_hand_cards: a hand with this many cards stands (``None``: no limit).
        burn_20: the Burn 20 dealer procedure: under a ten-value up card, a ten or an ace
            of the up card's suit in the hole is burned with the up card and the dealer
            redraws two, burning again while they are two tens or a blackjack.
        dealer_22_pushes: a dealer 22 pushes every hand still in play (naturals are paid).
        bust_push: No Bust's rule for three-card busts: ``"none"``,
            ``"three_card_23_25"`` (three cards totalling 23-25 push a strictly higher
            dealer bust), ``"three_card_25_v_26"`` (only 25 against 26),
            ``"three_card_lower"`` (any three-card bust pushes a strictly higher one).
        must_hit_below: the player must hit totals below this (0: never forced).
        hit_21: whether the player may hit a 21 (False: must stand on any 21).
        double_after_hit: the player may double on any number of cards (after hitting), on
            unsplit hands and, with ``double_after_split``, on split hands (a split ace's hand
            has more than two cards only with ``hit_split_aces``); one card, no redoubling;
            ``double_on`` and ``double_soft`` restrict the current total whatever the number
            of cards.
        charlie: an N-card Charlie (``None``: none, the default): a hand that holds this many
            cards without busting wins at once, paid +1 per unit of its wager (doubled: 2)
            whatever the dealer holds, and takes no more cards.  A dealer blackjack still
            takes it where one takes any other hand (ENHC); in a peek game none is left.
            Unsplit and split hands alike; a number from 3 to 21.
        suited_blackjack_pays: what a blackjack of two cards of one suit pays instead of
            ``blackjack_pays`` (``None``: no such pay, the default), in the standard round.  The
            share of naturals that are suited is the shoe's, whatever else is dealt
            (:meth:`~bjcalc.core.cards.Shoe.suited_natural_chance`: 1/4 in whole decks; a shoe
            counted by rank only is taken as spread evenly).  Not with Burn 20's redraw, which
            reads suits.
        suited_blackjack_suit: with ``suited_blackjack_pays``, the suit whose naturals take
            that pay: ``"any"`` (the default: a natural of any one suit) or one suit
            (``"spades"``, ``"hearts"``, ``"diamonds"``, ``"clubs"``: a bonus blackjack in that
            suit; the other naturals are paid ``blackjack_pays``).
        surrender_against: the up cards a two-card hand may surrender against, with
            ``surrender="late"`` or ``"early"``: ``"any"`` (the default), ``"not_ace"`` (2 to
            ten) or ``"ten"`` (a ten only).
        variant: the name of the round's variant class in :mod:`bjcalc.game.variants`
            (``"standard"``: the round of every game whose rules are the fields above;
            ``"free_bet"``: free doubles and splits).  The variant checks its own options when a
            calculator is built.
        options: the variant's options, as ``(name, value)`` pairs (a dict is read too), for
            example ``{"free_split_fours": False}``; each variant states which it takes.

    >>> Rules().describe()
    '6 decks, S17, BJ pays 3:2, peek, double any two cards incl. soft, DAS, split to 4 hands, no surrender'

    A misspelt rule is refused like a bad value (through ``dataclasses.replace`` too):

    >>> Rules(surender="late")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.RulesError: unknown rule 'surender' (did you mean 'surrender'?); known rules: decks, ..., surrender, ...
    """

    decks: Union[int, float] = 6
    dealer_hits_soft_17: bool = False
    blackjack_pays: Union[Fraction, str] = field(default=Fraction(3, 2))
    hole_card: str = "peek"
    double_on: str = "any"
    double_soft: bool = True
    double_after_split: bool = True
    max_split_hands: int = 4
    resplit_aces: bool = False
    hit_split_aces: bool = False
    double_split_aces: bool = False
    split_tens_by_rank: bool = False
    surrender: str = "none"
    max_hand_cards: Optional[int] = None
    burn_20: bool = False
    dealer_22_pushes: bool = False
    bust_push: str = "none"
    must_hit_below: int = 0
    hit_21: bool = True
    double_after_hit: bool = False
    charlie: Optional[int] = None
    surrender_against: str = "any"
    suited_blackjack_pays: Union[Fraction, str, None] = None
    suited_blackjack_suit: str = "any"
    variant: str = "standard"
    options: Any = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> "Rules":
        # The generated __init__ raises a bare TypeError for a misspelt rule; catch the
        # names here, before it runs, so that the user gets a RulesError (with a hint).
        _check_names(args, kwargs)
        return super().__new__(cls)

    def __post_init__(self) -> None:
        self._normalise()
        if not (self.decks == math.inf or (isinstance(self.decks, int) and not isinstance(self.decks, bool)
                                           and 1 <= self.decks <= MAX_DECKS)):
            raise RulesError(f"{rule('decks')} must be a whole number from 1 to {MAX_DECKS} or "
                             f"{rule_value('decks', math.inf)}, not {self.decks!r}")
        pays = parse_payout(self.blackjack_pays)
        if pays > MAX_BLACKJACK_PAYS:
            raise RulesError(f"{rule('blackjack_pays')} must be at most {MAX_BLACKJACK_PAYS}:1, not {self.blackjack_pays!r}")
        object.__setattr__(self, "blackjack_pays", pays)
        if self.suited_blackjack_pays is not None:
            suited = parse_payout(self.suited_blackjack_pays, "suited_blackjack_pays")
            if suited > MAX_BLACKJACK_PAYS:
                raise RulesError(f"{rule('suited_blackjack_pays')} must be at most {MAX_BLACKJACK_PAYS}:1, not "
                                 f"{self.suited_blackjack_pays!r}")
            object.__setattr__(self, "suited_blackjack_pays", suited)
        for name in BOOL_FIELDS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{rule(name)} must be True or False, not {getattr(self, name)!r}")
        for name, allowed in _CHOICES:
            if getattr(self, name) not in allowed:
                options = ", ".join(repr(a) for a in allowed)
                raise RulesError(f"{rule(name)} must be one of {options}, not {getattr(self, name)!r}")
        n = self.max_split_hands
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SPLIT_HANDS:
            raise RulesError(f"{rule('max_split_hands')} must be a whole number from 1 (no splitting) to "
                             f"{MAX_SPLIT_HANDS}, not {n!r}")
        m = self.max_hand_cards
        if m is not None and (isinstance(m, bool) or not isinstance(m, int) or m < 2):
            raise RulesError(f"{rule('max_hand_cards')} must be {rule_value('max_hand_cards', None)} (no limit) "
                             f"or a whole number >= 2, not {m!r}")
        c = self.charlie
        if c is not None and (isinstance(c, bool) or not isinstance(c, int) or not 3 <= c <= 21):
            raise RulesError(f"{rule('charlie')} must be {rule_value('charlie', None)} (no Charlie) or a whole number "
                             f"of cards from 3 to 21, not {c!r}")
        h = self.must_hit_below
        if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= 21:
            raise RulesError(f"{rule('must_hit_below')} must be a whole number from 0 (no forced hits) to 21, not {h!r}")
        if not (isinstance(self.variant, str) and _VARIANT_NAME.fullmatch(self.variant)):
            raise RulesError(f"variant must be a variant's name, like 'standard' or 'free_bet', not {self.variant!r}")
        self._check_combination()

    def _normalise(self) -> None:
        """Put each field in its one form (see the class docstring), before the checks."""
        decks = self.decks
        if type(decks) is not int:
            if isinstance(decks, float) and decks == math.inf:
                decks = math.inf
            else:
                decks = _whole(decks)
            object.__setattr__(self, "decks", decks)
        for name in _INT_FIELDS:
            value = getattr(self, name)
            if type(value) is not int and value is not None:
                object.__setattr__(self, name, _whole(value))
        for name in BOOL_FIELDS:
            value = getattr(self, name)
            if type(value) is not bool and _is_bool(value):     # numpy's
                object.__setattr__(self, name, bool(value))
        for name, allowed in _CHOICES:
            value = getattr(self, name)
            if value not in allowed:
                object.__setattr__(self, name, _choice(value, allowed))
        if isinstance(self.variant, str):
            object.__setattr__(self, "variant", re.sub(r"[- ]", "_", self.variant.strip().lower()))
        object.__setattr__(self, "options", _options(self.options))

    def _check_combination(self) -> None:
        if self.suited_blackjack_suit != "any" and self.suited_blackjack_pays is None:
            raise RulesError(f"{rule('suited_blackjack_suit', self.suited_blackjack_suit)} names the suit of "
                             f"{rule('suited_blackjack_pays')}, which is none: give its pay (e.g. "
                             f"{rule('suited_blackjack_pays', '2:1')})")
        if self.suited_blackjack_pays is not None and (self.burn_20 or self.variant != "standard"):
            raise RulesError(f"{rule('suited_blackjack_pays')} is a rule of the standard round without Burn 20's "
                             f"redraw (which reads suits): drop it, or {rule('burn_20', False)}"
                             if self.variant == "standard" else
                             f"{rule('suited_blackjack_pays')} is a rule of the standard round, not of "
                             f"{self.variant}'s: drop it")
        if self.surrender_against != "any" and self.surrender not in ("late", "early"):
            raise RulesError(f"{rule('surrender_against', self.surrender_against)} needs "
                             f"{rule('surrender', 'late')} or {rule_value('surrender', 'early')} (surrender of the "
                             f"first two cards), not {rule_value('surrender', self.surrender)}")
        if self.double_after_hit and self.double_on == "none":
            raise RulesError(f"{rule('double_after_hit', True)} needs doubling, but {rule('double_on', 'none')}: "
                             f"set {rule('double_on', 'any')} (or {rule_value('double_on', '9-11')}, "
                             f"{rule_value('double_on', '10-11')}), or {rule('double_after_hit', False)}")
        if self.double_after_hit and self.max_hand_cards == 2:
            raise RulesError(f"{rule('double_after_hit', True)} can never apply with {rule('max_hand_cards', 2)} "
                             f"(a hand stands on two cards): raise {rule('max_hand_cards')}, or "
                             f"{rule('double_after_hit', False)}")
        if self.charlie is not None and self.max_hand_cards is not None and self.max_hand_cards < self.charlie:
            raise RulesError(f"{rule('charlie', self.charlie)} can never apply with "
                             f"{rule('max_hand_cards', self.max_hand_cards)} (a hand stands before it has "
                             f"{self.charlie} cards): raise {rule('max_hand_cards')} or drop the Charlie")
        if self.hit_split_aces and self.max_hand_cards == 2:
            raise RulesError(f"{rule('hit_split_aces', True)} can never apply with {rule('max_hand_cards', 2)} "
                             f"(a hand stands on two cards): raise {rule('max_hand_cards')}, or "
                             f"{rule('hit_split_aces', False)}")
        if self.resplit_aces and self.max_split_hands < 3:     # (first: "2 or more" below would not do)
            raise RulesError(f"{rule('resplit_aces', True)} needs {rule('max_split_hands')} of 3 or 4 (2 hands "
                             f"cannot resplit)")
        if self.max_split_hands == 1:
            for name in ("hit_split_aces", "double_split_aces"):
                if getattr(self, name):
                    raise RulesError(f"{rule(name, True)} needs splitting: set {rule('max_split_hands')} to 2 or "
                                     f"more")
        if self.double_split_aces and not self.double_after_split:
            raise RulesError(f"{rule('double_split_aces', True)} needs {rule('double_after_split', True)}")
        if self.double_split_aces and self.double_on == "none":
            raise RulesError(f"{rule('double_split_aces', True)} needs doubling, but {rule('double_on', 'none')}")
        # A split ace plus any card is soft (A+A soft 12 ... A+T soft 21), so only a
        # rule that lets soft hands double can ever double one.
        if self.double_split_aces and self.double_on != "any":
            raise RulesError(f"{rule('double_split_aces', True)} can never apply with "
                             f"{rule('double_on', self.double_on)}: a split ace and its next card make a soft "
                             f"hand, and only hard totals may double; use {rule('double_on', 'any')} or "
                             f"{rule('double_split_aces', False)}")
        if self.double_split_aces and not self.double_soft:
            raise RulesError(f"{rule('double_split_aces', True)} can never apply with {rule('double_soft', False)}: "
                             f"a split ace and its next card make a soft hand; set {rule('double_soft', True)} or "
                             f"{rule('double_split_aces', False)}")

    # -- helpers -------------------------------------------------------------------------
    def replace(self, **changes: Any) -> "Rules":
        """A copy with some fields changed (validated again).

        >>> Rules().replace(decks=2).decks
        2
        """
        return dataclasses.replace(self, **changes)  # unknown names: RulesError from __new__

    def may_surrender(self, up: int) -> bool:
        """Whether a two-card hand may surrender against the up card of value ``up`` (1 = ace,
        10 = a ten): surrender of the first two cards is offered (late or early, and at any time
        from the first two cards on), and ``surrender_against`` names the up card.

        >>> [Rules(surrender="late", surrender_against="ten").may_surrender(up) for up in (9, 10, 1)]
        [False, True, False]
        >>> Rules(surrender="late", surrender_against="not_ace").may_surrender(1), Rules().may_surrender(10)
        (False, False)
        """
        if self.surrender == "none":
            return False
        return {"any": True, "not_ace": up != 1, "ten": up == 10}[self.surrender_against]

    def pays_suited(self, ace_suit: int, ten_suit: int) -> bool:
        """Whether a natural of these suits (indices of ``S, H, D, C``) takes ``suited_blackjack_pays``.

        >>> spades = Rules(suited_blackjack_pays="2:1", suited_blackjack_suit="spades")
        >>> spades.pays_suited(0, 0), spades.pays_suited(1, 1), Rules(suited_blackjack_pays="2:1").pays_suited(1, 1)
        (True, False, True)
        """
        if self.suited_blackjack_pays is None or ace_suit != ten_suit:
            return False
        return self.suited_blackjack_suit in ("any", SUITED_BLACKJACK_SUIT[1 + ace_suit])

    def can_double(self, hard_total: int, soft: bool) -> bool:
        """Whether a hand of this total may double (a first-two-card hand; with
        ``double_after_hit`` a hand of any number of cards, by the same test).

        >>> Rules(double_on="9-11").can_double(11, False), Rules(double_on="9-11").can_double(19, True)
        (True, False)
        """
        if self.double_on == "none":
            return False
        if self.double_on == "any":
            return self.double_soft or not soft
        if soft:
            return False
        low = 9 if self.double_on == "9-11" else 10
        return low <= hard_total <= 11

    @property
    def shoe_detail(self) -> dict[str, bool]:
        """How finely the game tells a shoe's cards apart, as keyword arguments of
        :meth:`Shoe.counts_by <bjcalc.core.cards.Shoe.counts_by>`, ``holds`` and ``whole_decks``:
        by rank where tens split by rank, by suit for Burn 20 (the ace of the up card's suit),
        else by value (a K is any ten-value card).

        >>> Rules().shoe_detail, Rules(burn_20=True).shoe_detail["suits"]
        ({'ranks': False, 'suits': False}, True)
        """
        return {"ranks": self.split_tens_by_rank, "suits": self.burn_20}

    @property
    def most_hand_cards(self) -> Optional[int]:
        """The most cards a player hand can hold (None: no limit): a hand stops at
        ``max_hand_cards`` (it stands) or at ``charlie`` (it has won), whichever is fewer.

        >>> Rules(charlie=5).most_hand_cards, Rules(max_hand_cards=6, charlie=5).most_hand_cards, Rules().most_hand_cards
        (5, 5, None)
        """
        limits = [n for n in (self.max_hand_cards, self.charlie) if n is not None]
        return min(limits) if limits else None

    @property
    def splits(self) -> bool:
        """Whether pairs may be split at all."""
        return self.max_split_hands >= 2

    def describe(self, shoe: Union["Shoe", str, None] = None) -> str:
        """The rules in the usual shorthand.

        With a ``shoe`` (a :class:`~bjcalc.core.cards.Shoe` or its ``describe()`` text), the deck
        count is the shoe's: its number of full decks (the infinite deck), compared by value
        unless the rules split tens by rank (by rank then, by suit too for Burn 20), or for any
        other shoe, custom or depleted, "custom shoe" (the shoe describes itself).

        >>> from bjcalc.core.cards import Shoe
        >>> Rules(decks=1).describe(Shoe.from_counts(A=4, T=16))[:17]
        'custom shoe, S17,'
        >>> Rules().describe(Shoe.decks(6))[:8], Rules(decks=1).describe(Shoe.from_counts([4] * 9 + [16]))[:7]
        ('6 decks,', '1 deck,')
        >>> Rules().describe("6 Spanish decks")[:16], Rules().describe("8 Spanish decks")[:12]
        ('6 Spanish decks,', 'custom shoe,')
        """
        own = Shoe.decks(self.decks).describe()
        decks: Optional[str] = own
        if isinstance(shoe, Shoe):
            decks = shoe.deck_words(**self.shoe_detail)
        elif isinstance(shoe, str) and shoe != own:      # (whole decks of a kind say so: "6 Spanish decks")
            decks = shoe if re.fullmatch(r"\d+ \w+ decks?", shoe) and shoe.split()[0] == own.split()[0] else None
        decks = decks or "custom shoe"
        pays = Fraction(self.blackjack_pays)   # (a Fraction once validated)
        suited = None if self.suited_blackjack_pays is None else Fraction(self.suited_blackjack_pays)
        parts = [decks, "H17" if self.dealer_hits_soft_17 else "S17",
                 f"BJ pays {pays.numerator}:{pays.denominator}" + (
                     "" if suited is None else f" (suited{'' if self.suited_blackjack_suit == 'any' else ' ' + self.suited_blackjack_suit} "
                                               f"{suited.numerator}:{suited.denominator})"),
                 {"peek": "peek", "enhc": "ENHC (dealer BJ takes all)",
                  "enhc_obo": "ENHC (dealer BJ takes original bet only)"}[self.hole_card]]
        if self.double_on == "none":
            parts.append("no doubling")
        elif self.double_on == "any":
            parts.append("double any two cards" + (" incl. soft" if self.double_soft else ", hard only"))
        else:
            parts.append(f"double on {self.double_on}")
        if self.double_after_hit:
            parts.append("double on any number of cards")
        if self.splits:
            if self.double_on != "none":
                parts.append("DAS" if self.double_after_split else "no DAS")
            parts.append(f"split to {self.max_split_hands} hands")
            for name, text in (("resplit_aces", "RSA"), ("hit_split_aces", "hit split aces"),
                               ("double_split_aces", "double split aces"),
                               ("split_tens_by_rank", "split identical ten ranks only")):
                if getattr(self, name):
                    parts.append(text)
        else:
            parts.append("no splitting")
        parts.append({"none": "no surrender", "any_time": "surrender at any time"}.get(
            self.surrender, f"{self.surrender} surrender") + {"any": "", "not_ace": " (not against an ace)",
                                                              "ten": " against a ten only"}[self.surrender_against])
        if self.max_hand_cards is not None:
            parts.append(f"{self.max_hand_cards}-card hands stand")
        if self.charlie is not None:
            parts.append(f"{self.charlie}-card Charlie")
        if self.burn_20:
            parts.append("Burn 20 redraw under a ten")
        if self.dealer_22_pushes:
            parts.append("dealer 22 pushes")
        if self.bust_push != "none":
            parts.append(f"bust push {self.bust_push}")
        if self.must_hit_below:
            parts.append(f"must hit below {self.must_hit_below}")
        if not self.hit_21:
            parts.append("no hitting 21")
        if self.variant != "standard":
            parts.insert(0, variant_title(self.variant))
            parts += option_words(self.options)
        return ", ".join(parts)

    def chart_notes(self, after_hit_codes: bool = True) -> list[str]:
        """What a reader of these rules' strategy chart must know that its codes do not say
        (forced hits, limits on doubling and splitting, the hole card, the variant rules), one
        sentence each; the standard game has none.  ``after_hit_codes``: the chart writes a double
        or surrender after a hit as a ``+D``/``+R`` suffix (False: its codes say it otherwise, by
        the number of cards).

        >>> Rules().chart_notes()
        []
        >>> Rules(double_on="10-11", hole_card="enhc").chart_notes()
        ['doubling on hard 10-11 only', 'no hole card: a dealer blackjack takes doubles and splits too']
        """
        notes: list[str] = []
        if self.must_hit_below:
            notes.append(f"the player must hit totals below {self.must_hit_below} (forced H)")
        if not self.hit_21:
            notes.append("the player may not hit a 21")
        if self.double_on in ("9-11", "10-11"):
            notes.append(f"doubling on hard {self.double_on} only")
        elif self.double_on == "any" and not self.double_soft:
            notes.append("no doubling on soft hands")
        elif self.double_on == "none":
            notes.append("no doubling")
        if self.double_after_hit and after_hit_codes:
            notes.append("doubling on any number of cards: a total's code ending +D doubles after a hit too")
        if self.surrender == "any_time" and after_hit_codes:
            notes.append("surrender at any time: a total's code ending +R surrenders after a hit too "
                         "(unsplit hands)")
        if not self.splits:
            notes.append("no splitting: pairs play by their total")
        if self.split_tens_by_rank:
            notes.append("pair T,T means two tens of the same rank; other ten-value pairs play as hard 20")
        if self.hole_card != "peek":
            notes.append("no hole card: " + ("a dealer blackjack takes doubles and splits too"
                                             if self.hole_card == "enhc" else
                                             "a dealer blackjack takes the original bet only"))
        if self.burn_20:
            notes.append("Burn 20: the dealer redraws under a ten when the hole card is a ten or a same-suit ace")
        if self.dealer_22_pushes:
            notes.append("a dealer 22 pushes every hand still in play")
        if self.bust_push != "none":
            notes.append(f"three-card busts push a higher dealer bust ({self.bust_push})")
        if self.charlie is not None:
            notes.append(f"{self.charlie}-card Charlie: a hand of {self.charlie} cards that has not busted wins at "
                         f"once")
        return notes

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        """The rules that differ from the defaults, as they would be written.

        >>> Rules(decks=1, blackjack_pays=1.2, hole_card="ENHC")
        Rules(decks=1, blackjack_pays='6:5', hole_card='enhc')
        >>> Rules()
        Rules()
        """
        parts = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value == f.default:       # (every rule has a default)
                continue
            if f.name in ("blackjack_pays", "suited_blackjack_pays"):
                shown = repr(f"{value.numerator}:{value.denominator}")
            elif f.name == "decks" and value == math.inf:
                shown = "math.inf"
            else:
                shown = repr(value)
            parts.append(f"{f.name}={shown}")
        return f"Rules({', '.join(parts)})"


_FIELDS = tuple(f.name for f in dataclasses.fields(Rules))
VARIANT_FIELDS = ("variant", "options")
"""The fields that name the round's variant class and its options (not rules of their own)."""
GAME_FIELDS = tuple(name for name in _FIELDS if name not in VARIANT_FIELDS)
"""The rule fields every variant's round reads (every field but :data:`VARIANT_FIELDS`)."""
BOOL_FIELDS = tuple(f.name for f in dataclasses.fields(Rules) if f.type in ("bool", bool))
"""The on/off (bool) :class:`Rules` fields, in the fields' order."""
_VARIANT_NAME = re.compile(r"[a-z][a-z0-9_]*")


def variant_title(name: str) -> str:
    """A variant's name as a title.

    >>> variant_title("free_bet")
    'Free Bet'
    """
    return " ".join(word.capitalize() for word in name.split("_"))


def option_words(options: Any) -> list[str]:
    """A variant's options in words, one ``name: value`` each.

    >>> option_words({"free_split_fours": False})
    ['free split fours: off']
    """
    return [f"{name.replace('_', ' ')}: {('on' if value else 'off') if isinstance(value, bool) else value}"
            for name, value in _options(options)]


def _options(value: Any) -> tuple[tuple[str, Any], ...]:
    """A variant's options in one form: (name, value) pairs sorted by name."""
    if isinstance(value, dict):
        value = value.items()
    try:
        pairs = [(name, option) for name, option in value]
    except (TypeError, ValueError):
        raise RulesError(f"options must be (name, value) pairs or a dict, like {{'free_split_fours': False}}, "
                         f"not {value!r}") from None
    for name, option in pairs:
        if not (isinstance(name, str) and _VARIANT_NAME.fullmatch(name)):
            raise RulesError(f"options: a name must be a word like 'free_split_fours', not {name!r}")
        if _is_bool(option):
            continue
        if not isinstance(option, (int, str)):
            raise RulesError(f"options: {name} must be True, False, a whole number or a word, not {option!r}")
    names = [name for name, _ in pairs]
    if len(set(names)) != len(names):
        raise RulesError(f"options: an option is given twice: {', '.join(sorted(names))}")
    return tuple(sorted((name, bool(option) if _is_bool(option) else option) for name, option in pairs))


@dataclass(frozen=True)
class RuleInfo:
    """What one :class:`Rules` field is called and means, stated once for every place that shows
    it: the command line's flags and help, the report's labels and words, ``explain --fix``.

    ``label``: the rule's name in words; ``help``: what the rule means (an on/off rule's: when
    on); ``off``: what an on/off rule means when off (``"not"``: the negation); ``flags``: the
    command line's short flags ((on, off) for an on/off rule, ``(flag,)`` for a rule with a
    value; empty: ``--field-name``, and ``--no-field-name`` for an on/off rule); ``typed``: how
    a value is written on the command line (``"decks"``: a number or ``inf``; ``"whole"``;
    ``"whole or none"``; ``"payout"``; ``"choice"``: one of ``choices``; empty for an on/off
    rule); ``metavar``: the value's name in the command line's help; ``words``: a value in
    words where its name is not enough.

    >>> RULE_INFO["dealer_hits_soft_17"].flags, RULE_INFO["surrender"].choices
    (('--h17', '--s17'), ('none', 'late', 'early', 'any_time'))
    """

    label: str
    help: str
    off: str = "not"
    flags: tuple[str, ...] = ()
    typed: str = ""
    choices: tuple[str, ...] = ()
    metavar: str = ""
    words: tuple[tuple[Any, str], ...] = ()


def _choice_rule(label: str, help: str, flag: str, choices: tuple[str, ...], **words: str) -> RuleInfo:
    return RuleInfo(label, help, flags=(flag,), typed="choice", choices=choices, words=tuple(words.items()))


RULE_INFO: dict[str, RuleInfo] = {
    "decks": RuleInfo("Decks", "number of decks, or 'inf' (default 6)", flags=("--decks",), typed="decks",
                      metavar="N"),
    "dealer_hits_soft_17": RuleInfo("Dealer hits soft 17", "the dealer hits soft 17", "stands on soft 17",
                                    flags=("--h17", "--s17")),
    "blackjack_pays": RuleInfo("Blackjack pays", "blackjack payout, e.g. 3:2 (the default), 6:5, 1:1",
                               flags=("--bj",), typed="payout", metavar="PAYOUT"),
    "hole_card": _choice_rule(
        "Hole card", "peek: the dealer checks for blackjack (the default); enhc: no hole card, a dealer blackjack "
        "takes every bet; enhc_obo: no hole card, it takes the original bet only", "--hole-card", HOLE_CARD_MODELS,
        peek="dealer peeks for blackjack", enhc="no hole card, dealer BJ takes all bets",
        enhc_obo="no hole card, dealer BJ takes original bet only"),
    "double_on": RuleInfo("Double on", "first-two-card doubling (default any)", flags=("--double",), typed="choice",
                          choices=DOUBLE_ON, words=(("any hard", "any two cards, hard only"), ("9-11", "hard 9-11"),
                                                    ("10-11", "hard 10-11"), ("none", "no doubling"))),
    "double_soft": RuleInfo("Double on soft hands", "soft hands may double", "hard hands only"),
    "double_after_split": RuleInfo("Double after a split", "double after a split", flags=("--das", "--no-das")),
    "max_split_hands": RuleInfo("Split to at most", "most hands by splitting, 1 = no split (default 4)",
                                flags=("--split-hands",), typed="whole", metavar="N"),
    "resplit_aces": RuleInfo("Resplit aces", "resplit aces", flags=("--rsa", "--no-rsa")),
    "hit_split_aces": RuleInfo("Hit split aces", "split aces may draw more than one card", "one card each"),
    "double_split_aces": RuleInfo("Double on split aces",
                                  "split aces may double (needs --double any, soft doubles and DAS)"),
    "split_tens_by_rank": RuleInfo("Split identical ten ranks only", "only identical ten ranks split (K,K but not "
                                   "K,Q)", "any two ten-value cards"),
    "surrender": _choice_rule(
        "Surrender", "none (the default); late: after the dealer's blackjack check; early: before it; any_time: "
        "late, and also after hits (unsplit hands)", "--surrender", SURRENDER,
        none="no", late="late", early="early", any_time="at any time"),
    "max_hand_cards": RuleInfo("A hand stands at", "a hand with this many cards stands; 'none': no limit (the "
                               "default)", flags=("--max-cards",), typed="whole or none", metavar="N"),
    "burn_20": RuleInfo("Burn 20 redraw", "Burn 20: the dealer redraws when a ten up card gets a ten or same-suit "
                        "ace", flags=("--burn20", "--no-burn20")),
    "dealer_22_pushes": RuleInfo("Dealer 22 pushes", "a dealer 22 pushes every hand still in play", "it busts"),
    "bust_push": RuleInfo("Player's bust pushes", "No Bust's three-card bust pushes: " + ", ".join(BUST_PUSH)
                          + " (default none)", flags=("--bust-push",), typed="choice", choices=BUST_PUSH,
                          metavar="RULE", words=(("none", "no"),
                                                 ("three_card_23_25", "three cards 23-25 v a higher dealer bust"),
                                                 ("three_card_25_v_26", "three cards 25 v a dealer 26"),
                                                 ("three_card_lower", "three cards v a higher dealer bust"))),
    "must_hit_below": RuleInfo("Player must hit below", "the player must hit totals below this",
                               flags=("--must-hit-below",), typed="whole", metavar="TOTAL"),
    "hit_21": RuleInfo("Player may hit 21", "the player may hit a 21", "must stand on 21"),
    "double_after_hit": RuleInfo("Double after a hit", "double on any number of cards (after hitting; split hands "
                                 "too with DAS)", "first two cards only"),
    "charlie": RuleInfo("Charlie", "a hand of this many cards that has not busted wins at once (an N-card "
                        "Charlie); 'none': no Charlie (the default)", flags=("--charlie",), typed="whole or none",
                        metavar="N"),
    "surrender_against": _choice_rule(
        "Surrender against", "the up cards late or early surrender is offered against: any (the default); not_ace: "
        "2 to ten; ten: a ten only", "--surrender-against", SURRENDER_AGAINST,
        any="any up card", not_ace="2 to ten (not an ace)", ten="a ten only"),
    "suited_blackjack_pays": RuleInfo("Suited blackjack pays", "a blackjack of two cards of one suit pays this "
                                      "instead, e.g. 2:1; 'none': no such pay (the default)", flags=("--suited-bj",),
                                      typed="payout or none", metavar="PAYOUT"),
    "suited_blackjack_suit": _choice_rule(
        "Suited blackjack's suit", "the suit whose naturals take the suited blackjack pay: any (the default) or "
        "spades, hearts, diamonds, clubs (a bonus blackjack in that suit)", "--suited-bj-suit", SUITED_BLACKJACK_SUIT,
        any="any one suit", spades="spades", hearts="hearts", diamonds="diamonds", clubs="clubs"),
}
"""Every rule field's :class:`RuleInfo`, in the fields' order (:data:`GAME_FIELDS`)."""

_INT_FIELDS = tuple(name for name, info in RULE_INFO.items() if info.typed in ("whole", "whole or none"))
_CHOICES = tuple((name, info.choices) for name, info in RULE_INFO.items() if info.typed == "choice")
# help() and editors would show __new__'s (*args, **kwargs); show the rule fields instead.
Rules.__signature__ = inspect.signature(Rules.__init__).replace(  # type: ignore[attr-defined]
    parameters=list(inspect.signature(Rules.__init__).parameters.values())[1:])


def _check_names(args: tuple, kwargs: dict) -> None:
    """Refuse positional or keyword arguments that name no rule, with the known rules."""
    if len(args) > len(_FIELDS):
        raise RulesError(f"Rules takes at most {len(_FIELDS)} rules, not {len(args)}: "
                         f"name them, like Rules(decks=6)")
    for name in kwargs:
        if name not in _FIELDS:
            close = difflib.get_close_matches(str(name), _FIELDS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RulesError(f"unknown rule {name!r}{hint}; known rules: {', '.join(_FIELDS)}")
    for name in _FIELDS[:len(args)]:
        if name in kwargs:
            raise RulesError(f"rule {name!r} is given twice (by position and by name)")
