"""Cards, ranks and shoes: the bottom layer of bjcalc.

A card is identified by its *rank* (``A 2 3 4 5 6 7 8 9 T J Q K``); the game
engine mostly needs its *value* (1 for an ace, 10 for any ten-value card).
A :class:`Shoe` keeps counts by rank, so rules that care which ten-value rank
a card is (``split_tens_by_rank``) can be evaluated exactly, and optionally by
suit (a full shoe of ``n`` decks knows it has ``n`` cards of every suit and
rank), which the Burn 20 game needs for the ace of the up card's suit.

A shoe of ``n`` decks is ``n`` times one :class:`Deck`: the standard 52 cards, or a
Spanish deck's 48 (the four pip tens taken out, J, Q and K kept), as Spanish 21 deals.

>>> shoe = Shoe.decks(1)
>>> shoe.total, shoe.value_counts()
(52, (4, 4, 4, 4, 4, 4, 4, 4, 4, 16))
>>> shoe.remove("A", "K").value_counts()[0::9]
(3, 15)
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional, Union

from .errors import HandError, ShoeError
from .words import rule, value as rule_value

__all__ = ["RankLike", "RANKS", "SUITS", "VALUES", "RANK_VALUE", "MAX_DECKS", "MAX_COUNT", "rank_index", "card_value",
           "parse_decks", "parse_shoe", "parse_cards", "parse_card", "Deck", "STANDARD_DECK", "SPANISH_DECK", "DECKS",
           "Shoe"]

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
"""The thirteen ranks, in the order a :class:`Shoe` stores them."""

SUITS: tuple[str, ...] = ("S", "H", "D", "C")

VALUES: tuple[int, ...] = tuple(range(1, 11))
"""Card values 1 (ace) to 10 (ten-value), the alphabet of the game engine."""

RANK_VALUE: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

RankLike = Union[int, str]

MAX_DECKS = 1000
"""Most full decks a shoe (or :class:`~bjcalc.core.rules.Rules`) may have; use ``math.inf`` beyond.

Real games use at most 8; past a few hundred decks the values match the infinite
deck to many places, and the bound keeps every count far inside the engine's
int64 arithmetic (which multiplies counts together)."""

MAX_COUNT = 100_000
"""Most cards of one rank a shoe may hold (a 1000-deck shoe has 16000 tens)."""

_RANK_NAMES = {name: i for i, name in enumerate(RANKS)}
_RANK_NAMES.update({"1": 0, "10": 9})


@dataclass(frozen=True)
class Deck:
    """One deck: how many cards of each rank (``A`` .. ``K``) it holds, and its name in words.

    >>> SPANISH_DECK.size, SPANISH_DECK.words(6), STANDARD_DECK.words(1), SPANISH_DECK.words(math.inf)
    (48, '6 Spanish decks', '1 deck', 'infinite Spanish deck')
    """

    key: str                        # how the API and the command line name it
    adjective: str                  # the words before "deck" ("" for the standard deck)
    rank_counts: tuple[int, ...]    # 13 ranks, A..K

    @property
    def size(self) -> int:
        """The number of cards in one deck."""
        return sum(self.rank_counts)

    def words(self, n: Union[int, float]) -> str:
        """``n`` of these decks in words (``math.inf``: the infinite deck of this kind)."""
        kind = f"{self.adjective} deck" if self.adjective else "deck"
        if n == math.inf:
            return f"infinite {kind}"
        return f"{n} {kind}" + ("s" if n != 1 else "")


STANDARD_DECK = Deck("standard", "", (4,) * 13)
"""The 52-card deck."""

SPANISH_DECK = Deck("spanish", "Spanish", (4,) * 9 + (0,) + (4,) * 3)
"""The 48-card Spanish deck: no pip tens (12 ten-value cards: J, Q, K)."""

DECKS: dict[str, Deck] = {deck.key: deck for deck in (STANDARD_DECK, SPANISH_DECK)}
"""Every kind of deck, by key."""


def _deck(deck: Union[str, "Deck"]) -> Deck:
    """A :class:`Deck` by itself or its key; a ShoeError naming the kinds otherwise."""
    if isinstance(deck, Deck):
        return deck
    found = DECKS.get(str(deck).strip().lower())
    if found is None:
        raise ShoeError(f"deck must be one of {', '.join(DECKS)}, not {_short(deck)}")
    return found


def rank_index(card: RankLike) -> int:
    """Index (0-12) of a rank given as ``1``-``10``, ``"A"``, ``"2"``-``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``.

    ``10`` and ``"10"`` name the rank ten (``"T"``); ``1`` names the ace.

    >>> rank_index("K"), rank_index(10), rank_index("a")
    (12, 9, 0)
    """
    if isinstance(card, str):
        index = _RANK_NAMES.get(card.strip().upper())
        if index is not None:
            return index
    elif type(card) is int or (not _is_bool(card) and isinstance(card, numbers.Integral)):    # (numpy's ints too)
        if 1 <= card <= 10:
            return int(card) - 1
        raise HandError(f"{card!r} is not a card value: use 1-10 (1 = ace, 10 = ten)")
    raise HandError(f"{card!r} is not a card: use 1-10, A, 2-9, T, J, Q or K")


def _is_bool(value: object) -> bool:
    """Whether ``value`` is True or False, Python's or numpy's (never read as a number)."""
    return isinstance(value, bool) or (type(value).__name__ in ("bool_", "bool")
                                       and type(value).__module__ == "numpy")


def card_value(card: RankLike) -> int:
    """The blackjack value (1-10) of a rank, an ace counting 1.

    >>> card_value("Q"), card_value("A"), card_value(7)
    (10, 1, 7)
    """
    return RANK_VALUE[rank_index(card)]


def parse_decks(text: str) -> Union[int, float]:
    """A number of decks as typed on a command line: digits (1 to :data:`MAX_DECKS`) or ``inf``.

    Only ASCII digits are read as a number, so ``1_0``, ``+6`` or ``6.0`` are refused
    rather than quietly read as something else.

    >>> parse_decks("6"), parse_decks(" inf "), parse_decks("Infinite")
    (6, inf, inf)
    >>> parse_decks("1_0")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.ShoeError: decks must be a whole number from 1 to 1000 (digits only) or 'inf', not '1_0'
    """
    word = str(text).strip()
    if word.lower() in ("inf", "infinite"):
        return math.inf
    # int() would also take '1_0', '+6' and other scripts' digits
    if not (word.isascii() and word.isdigit()) or len(word) > 9 or not 1 <= int(word) <= MAX_DECKS:
        shown = repr(text) if len(str(text)) <= 30 else repr(str(text)[:20]) + "..."
        raise ShoeError(f"decks must be a whole number from 1 to {MAX_DECKS} (digits only) or 'inf', not {shown}")
    return int(word)


def parse_shoe(text: str) -> "Shoe":
    """A custom shoe as typed on a command line: ``rank:count`` pairs, or ``card:count`` pairs
    with suits (suits counted, as Burn 20 and Lucky Lucky need).

    Ranks are A, 2-9, T (or 10), J, Q, K; a suit is S, H, D or C after the rank.  Either
    every pair names a suit or none does; counts are digits only.

    >>> parse_shoe("A:4,5:3,T:16").describe()
    'A:4 5:3 T:16 (23 cards)'
    >>> parse_shoe("AS:1,AH:1,KS:2").suit_counts[0]
    (1, 1, 0, 0)
    >>> parse_shoe("A:4,A:1")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.ShoeError: rank A is given twice; give each rank once, like A:4,T:16
    """
    ranks = [0] * 13
    suits = [[0, 0, 0, 0] for _ in RANKS]
    seen: set[tuple[int, Optional[int]]] = set()
    kinds = set()
    for part in str(text).split(","):
        if ":" not in part:
            raise ShoeError(f"a shoe is rank:count pairs like A:4,T:16 (or with suits AS:1,TH:2), not {part!r}")
        name, count = (piece.strip() for piece in part.split(":", 1))
        upper = name.upper()
        suit: Optional[int] = None
        if len(upper) >= 2 and upper[-1] in SUITS and upper[:-1] in _RANK_NAMES:
            rank, suit = _RANK_NAMES[upper[:-1]], SUITS.index(upper[-1])
        else:
            try:
                rank = rank_index(name)
            except HandError as exc:
                raise ShoeError(f"unknown rank: {exc}") from None
        kinds.add(suit is not None)
        if len(kinds) > 1:
            raise ShoeError("give every card of the shoe with a suit (AS:1,TH:2) or none (A:4,T:16), not a mix")
        what = RANKS[rank] + ("" if suit is None else SUITS[suit])
        if (rank, suit) in seen:
            raise ShoeError(f"{'rank' if suit is None else 'card'} {what} is given twice; give each "
                            f"{'rank' if suit is None else 'card'} once, like A:4,T:16")
        seen.add((rank, suit))
        if not (count.isascii() and count.isdigit()):
            raise ShoeError(f"the count for {name!r} must be a whole number >= 0 (digits only), not {count!r}")
        if len(count) > 9 or int(count) > MAX_COUNT:
            raise ShoeError(f"the count for {name!r} must be at most {MAX_COUNT}")
        ranks[rank] += int(count)
        if suit is not None:
            suits[rank][suit] += int(count)
    if sum(ranks) == 0:
        raise ShoeError("the shoe is empty: give at least one card")
    if max(ranks) > MAX_COUNT:
        raise ShoeError(f"a shoe may hold at most {MAX_COUNT} cards of one rank")
    return Shoe(tuple(ranks), tuple(tuple(row) for row in suits) if True in kinds else None)


def parse_cards(cards: Union[str, int, Iterable[RankLike]]) -> tuple[int, ...]:
    """Rank indices of a hand given as ``"T,6"``, ``"T6"``, ``["A", 7]`` and the like.

    Text may be compact (``"T6"``, ``"A10"``) or separated by commas.  A bare int is
    *one* card, 1-10 (so ``16`` is refused rather than read as ``"1", "6"``).

    >>> parse_cards("A,7"), parse_cards("KQ"), parse_cards([10, "5"]), parse_cards(9)
    ((0, 6), (12, 11), (9, 4), (8,))
    >>> parse_cards(16)
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.HandError: 16 is not a card: an int is one card value 1-10; write a hand as text, like 'T,6' or 'A,7'
    """
    if isinstance(cards, bool):
        raise HandError(f"{cards!r} is not a hand: write the cards like 'T,6', 'A7' or ['A', 7]")
    if isinstance(cards, int):
        if not 1 <= cards <= 10:
            raise HandError(f"{cards!r} is not a card: an int is one card value 1-10; "
                            f"write a hand as text, like 'T,6' or 'A,7'")
        return (rank_index(cards),)
    if isinstance(cards, str):
        text = cards.replace(" ", "")
        parts: list = text.split(",") if "," in text else _split_compact(text)
    elif isinstance(cards, Iterable):
        parts = list(cards)
    else:
        raise HandError(f"{cards!r} is not a hand: write the cards like 'T,6', 'A7' or ['A', 7]")
    if not parts or any(p == "" for p in parts):
        raise HandError(f"{cards!r} is not a list of cards: write them like T,6 or A,7")
    return tuple(rank_index(p) for p in parts)


def _whole_counts(values: object, name: str, length: int) -> tuple[int, ...]:
    """``values`` as a tuple of ``length`` Python ints in 0..MAX_COUNT, or a ShoeError."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != length:
        raise ShoeError(f"{name} must be {length} counts, not {values!r}")
    out = []
    for value in values:
        try:
            if isinstance(value, bool):
                raise TypeError
            count = operator.index(value)  # numpy ints too, but never floats
        except TypeError:
            raise ShoeError(f"{name} must be whole numbers >= 0, not {value!r}") from None
        if not 0 <= count <= MAX_COUNT:
            raise ShoeError(f"{name} must be whole numbers from 0 to {MAX_COUNT}, not {count}")
        out.append(count)
    return tuple(out)


def _split_compact(text: str) -> list[str]:
    parts, i = [], 0
    while i < len(text):
        if text.startswith("10", i):
            parts.append("10")
            i += 2
        else:
            parts.append(text[i])
            i += 1
    return parts


def _whole_number(value: object) -> Optional[int]:
    """``value`` as a Python int if it is a whole number (an int, numpy's too, or a float such as
    ``4.0``), else None (bools are not numbers here)."""
    if type(value) is int:
        return value
    if _is_bool(value):
        return None
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, float) and value.is_integer():      # (numpy's float64 is a float)
        return int(value)
    return None


def parse_card(name: object) -> tuple[int, Optional[int]]:
    """A card named by its rank (``"A"``, ``10``) or its rank and suit (``"AS"``, ``"10h"``):
    (rank index, suit index or None), or a ShoeError.

    >>> parse_card("AS"), parse_card("10h"), parse_card("K"), parse_card(10)
    ((0, 0), (9, 1), (12, None), (9, None))
    """
    if isinstance(name, str):
        text = name.strip().upper()
        if len(text) >= 2 and text[-1] in SUITS and text[:-1].strip() in _RANK_NAMES:
            return _RANK_NAMES[text[:-1].strip()], SUITS.index(text[-1])
    try:
        return rank_index(name), None    # type: ignore[arg-type]
    except HandError:
        raise ShoeError(f"{_short(name)} is not a card: use a rank (A, 2-9, T, J, Q, K) or a rank and a suit "
                        f"(AS, TH, 9D, KC)") from None


def _short(value: object) -> str:
    """A value for an error message, cut to a line."""
    text = repr(value).replace("\n", " ")
    return text if len(text) <= 60 else text[:50] + "..."


@dataclass(frozen=True, repr=False)
class Shoe:
    """The cards left to deal, counted by rank (and optionally by suit).

    Build one with :meth:`decks`, :meth:`from_counts`, :meth:`from_cards` or
    :meth:`infinite`; shoes are immutable values (``remove`` returns a new one).

    >>> Shoe.from_counts({"A": 2, 5: 1, "T": 3}).value_counts()
    (2, 0, 0, 0, 1, 0, 0, 0, 0, 3)
    >>> Shoe.infinite().is_infinite
    True
    """

    rank_counts: tuple[int, ...]
    suit_counts: tuple[tuple[int, ...], ...] | None = None     # 13 ranks x 4 suits
    is_infinite: bool = False
    # How describe() names the shoe ("6 decks less A,5"); never part of equality or the hash.
    label: Optional[str] = field(default=None, compare=False)
    # (named rank, rank taken) of each ten-value card :meth:`without` took for another ten rank (the
    # rank named was gone): what ``split_tens_by_rank`` refuses.  Never part of equality or the hash.
    substituted: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        # Direct construction is public (depleted shoes with suits), so it is checked
        # like the named constructors; an empty shoe is allowed here because removing
        # cards can empty one, and the engines say so when it matters.
        ranks = _whole_counts(self.rank_counts, "rank_counts", 13)
        object.__setattr__(self, "rank_counts", ranks)
        if not isinstance(self.is_infinite, bool):
            raise ShoeError(f"is_infinite must be True or False, not {self.is_infinite!r}")
        if self.label is not None and not isinstance(self.label, str):
            raise ShoeError(f"label must be None or text, not {self.label!r}")
        if self.suit_counts is not None:
            if isinstance(self.suit_counts, (str, bytes)) or not isinstance(self.suit_counts, Sequence) \
                    or len(self.suit_counts) != 13:
                raise ShoeError("suit_counts must be None or 13 rows (A..K) of 4 counts (S, H, D, C)")
            suits = tuple(_whole_counts(row, "suit_counts", 4) for row in self.suit_counts)
            # the infinite deck keeps suit proportions (1 each), not counts
            if not self.is_infinite and tuple(sum(row) for row in suits) != ranks:
                raise ShoeError("the shoe's suit counts do not add up to its rank counts")
            object.__setattr__(self, "suit_counts", suits)

    # -- construction -------------------------------------------------------------------
    @classmethod
    def decks(cls, n: Union[int, float], deck: Union[str, Deck] = STANDARD_DECK) -> "Shoe":
        """``n`` full decks (1 to :data:`MAX_DECKS`) of the kind ``deck`` (a :class:`Deck` or its
        key: the standard 52 cards, or ``"spanish"``); ``math.inf`` gives the infinite deck.

        >>> Shoe.decks(6).total, Shoe.decks(6, "spanish").total, Shoe.decks(2, "spanish")["T"]
        (312, 288, 24)
        >>> Shoe.decks(10**6)
        Traceback (most recent call last):
        ...
        bjcalc.core.errors.ShoeError: decks must be a whole number from 1 to 1000 or math.inf, not 1000000
        """
        kind = _deck(deck)
        if isinstance(n, float) and n == math.inf:
            return cls.infinite(kind)
        whole = _whole_number(n)
        if whole is None or not 1 <= whole <= MAX_DECKS:
            raise ShoeError(f"{rule('decks')} must be a whole number from 1 to {MAX_DECKS} or "
                            f"{rule_value('decks', math.inf)}, not {_short(n)}")
        return cls(tuple(whole * c for c in kind.rank_counts), tuple((whole * c // 4,) * 4 for c in kind.rank_counts))

    @classmethod
    def infinite(cls, deck: Union[str, Deck] = STANDARD_DECK) -> "Shoe":
        """The infinite deck: every card is drawn with one deck's proportions (1/13 per rank of the
        standard deck; of a Spanish deck, 1/12 per rank but the pip ten, which never comes).

        >>> Shoe.infinite().probability(10), Shoe.infinite("spanish").probability(10)
        (Fraction(4, 13), Fraction(1, 4))
        """
        kind = _deck(deck)
        return cls(kind.rank_counts, tuple((c // 4,) * 4 for c in kind.rank_counts), is_infinite=True)

    @classmethod
    def from_counts(cls, counts: Union[Mapping[RankLike, int], Sequence[int], None] = None,
                    **by_rank: int) -> "Shoe":
        """A depleted or custom shoe from counts per rank.

        ``counts`` is a mapping from rank (1-10, "A", "2"-"9", "T", "J", "Q", "K") to a
        count (a dict, or a pandas Series indexed by rank), or a sequence of 10 counts by
        value (ace first, the last entry counting ten-value cards, all of rank T) or of 13
        counts by rank (a list, a tuple or a one-dimensional numpy array).  Keyword
        arguments add letter ranks (``A=4, T=16``).  Ranks not named have count 0.  ``10``
        and ``"T"`` name the same rank; to say which ten-value ranks the tens are (needed by
        ``split_tens_by_rank``), give J, Q and K separately.  A count is a whole number
        (numpy's integers, and floats such as ``4.0``, are read as one) of at most
        :data:`MAX_COUNT` (100000).

        >>> Shoe.from_counts(A=1, T=2, K=1).rank_counts[9:]
        (2, 0, 0, 1)
        >>> Shoe.from_counts([4] * 9 + [16]).total
        52
        >>> import numpy as np
        >>> Shoe.from_counts(np.array([4] * 9 + [16])).value_counts() == Shoe.decks(1).value_counts()
        True
        """
        ranks = [0] * 13
        seen: dict[int, RankLike] = {}
        items: list[tuple[RankLike, object]] = []
        if counts is None:
            pass
        elif isinstance(counts, Mapping) or (hasattr(counts, "items") and hasattr(counts, "keys")
                                             and not isinstance(counts, (str, bytes))):
            items.extend(counts.items())        # (a dict, or a pandas Series indexed by rank)
        elif isinstance(counts, (str, bytes)) or not (isinstance(counts, Sequence) or hasattr(counts, "tolist")):
            raise ShoeError(f"counts must be a mapping of rank to count or a list of 10 or 13 counts, not "
                            f"{_short(counts)}")
        else:
            values = counts.tolist() if hasattr(counts, "tolist") else list(counts)    # (numpy arrays)
            if not isinstance(values, list) or any(isinstance(v, list) for v in values):
                raise ShoeError(f"a sequence of counts is one row of 10 (by value) or 13 (by rank) counts, "
                                f"not {_short(counts)}")
            if len(values) == 10:
                items.extend(zip(VALUES, values))
            elif len(values) == 13:
                items.extend(zip(RANKS, values))
            else:
                raise ShoeError(f"a sequence of counts needs 10 (by value) or 13 (by rank) entries, not {len(values)}")
        items.extend(by_rank.items())
        for key, count in items:
            try:
                index = rank_index(key)
            except HandError as exc:
                raise ShoeError(f"unknown rank in shoe counts: {exc}") from None
            if index in seen:
                raise ShoeError(f"rank {RANKS[index]} is given twice ({seen[index]!r} and {key!r})")
            seen[index] = key
            whole = _whole_number(count)
            if whole is None or whole < 0:
                raise ShoeError(f"count of rank {RANKS[index]} must be a whole number >= 0, not {count!r}")
            if whole > MAX_COUNT:
                raise ShoeError(f"count of rank {RANKS[index]} must be at most {MAX_COUNT}, not {whole}: "
                                f"for a bigger shoe use the infinite deck")
            ranks[index] = whole
        if sum(ranks) == 0:
            raise ShoeError("the shoe is empty: give at least one card")
        return cls(tuple(ranks))

    @classmethod
    def from_cards(cls, cards: Union[str, Iterable[RankLike]]) -> "Shoe":
        """A shoe of named cards: with suits (``["AS", "KH", "TD"]`` or ``"AS KH TD"``), counted by
        suit as Burn 20 and Lucky Lucky need, or ranks alone (``"A,A,T"``, ``["A", 10]``), counted by
        rank.  Text is split at commas and spaces; a card may appear any number of times.  When
        some cards have no suit, the shoe is counted by rank only.

        >>> Shoe.from_cards(["AS", "AH", "KD"]).suit_counts[0]
        (1, 1, 0, 0)
        >>> Shoe.from_cards("AS,10H, 9d").describe()
        'AS:1 9D:1 TH:1 (3 cards)'
        >>> Shoe.from_cards("A,A,T").describe()
        'A:2 T:1 (3 cards)'
        """
        if isinstance(cards, str):
            names: list = cards.replace(",", " ").split()
        elif isinstance(cards, Iterable) and not isinstance(cards, bytes):
            names = list(cards)
        else:
            raise ShoeError(f"{_short(cards)} is not a list of cards: write them like 'A,A,T', ['AS', 'TH'] "
                            f"or 'AS TH 9D'")
        parsed = [parse_card(card) for card in names]
        ranks = [0] * 13
        suits = [[0, 0, 0, 0] for _ in RANKS]
        for rank, suit in parsed:
            ranks[rank] += 1
            if suit is not None:
                suits[rank][suit] += 1
        if sum(ranks) == 0:
            raise ShoeError("the shoe is empty: give at least one card")
        if max(ranks) > MAX_COUNT:
            raise ShoeError(f"a shoe may hold at most {MAX_COUNT} cards of one rank")
        suited = all(suit is not None for _, suit in parsed)
        return cls(tuple(ranks), tuple(tuple(row) for row in suits) if suited else None)

    @classmethod
    def of(cls, shoe: object) -> "Shoe":
        """A shoe from what a user naturally writes for one: a :class:`Shoe` (itself); a number of
        decks (``6``, ``math.inf``); the command line's text (``"A:4,T:16"``, suits optional, or
        ``"6"``, ``"inf"``); a mapping of rank to count (a dict, a pandas Series); or a list or
        numpy array of 10 counts by value or 13 by rank (:meth:`from_counts`).

        >>> Shoe.of("A:4,T:16") == Shoe.from_counts(A=4, T=16), Shoe.of(2) == Shoe.decks(2)
        (True, True)
        >>> Shoe.of({"A": 4, "T": 16}).total
        20
        >>> Shoe.of(None)
        Traceback (most recent call last):
        ...
        bjcalc.core.errors.ShoeError: a shoe is a bjcalc.Shoe, a number of decks, text like 'A:4,T:16', a mapping of rank to count or a list of counts, not None
        """
        if isinstance(shoe, Shoe):
            return shoe
        if isinstance(shoe, str):
            text = shoe.strip()
            if ":" in text:
                return parse_shoe(text)
            try:
                return cls.decks(parse_decks(text))
            except ShoeError:
                raise ShoeError(f"a shoe as text is rank:count pairs like 'A:4,T:16' (suits optional, AS:1,TH:2) "
                                f"or a number of decks like '6' or 'inf', not {_short(shoe)}") from None
        if not _is_bool(shoe) and (isinstance(shoe, numbers.Integral) or isinstance(shoe, float)):
            return cls.decks(shoe)     # type: ignore[arg-type]   # (numpy's ints, 6.0; its error for 6.5, -1 ...)
        if shoe is None or isinstance(shoe, bytes) or not (isinstance(shoe, Iterable) or hasattr(shoe, "items")):
            raise ShoeError(f"a shoe is a bjcalc.Shoe, a number of decks, text like 'A:4,T:16', a mapping of rank "
                            f"to count or a list of counts, not {_short(shoe)}")
        return cls.from_counts(shoe)   # type: ignore[arg-type]

    # -- queries -------------------------------------------------------------------------
    @property
    def total(self) -> Union[int, float]:
        """Number of cards in the shoe (``math.inf`` for the infinite deck)."""
        return math.inf if self.is_infinite else sum(self.rank_counts)

    def value_counts(self) -> tuple[int, ...]:
        """Counts by value 1-10 (ace first, then 2-9, then all ten-values)."""
        c = self.rank_counts
        return tuple(c[:9]) + (sum(c[9:]),)

    def probability(self, card: RankLike) -> Fraction:
        """Exact probability that the next card has this card's value (ten-values pooled).

        >>> Shoe.decks(1).probability("A")
        Fraction(1, 13)
        """
        counts = self.value_counts()
        if not sum(counts):     # (an empty shoe is left by removing every card: nothing is next)
            raise ShoeError("the shoe is empty: no card is next")
        return Fraction(counts[card_value(card) - 1], sum(counts))

    def remove(self, *cards: Union[RankLike, str]) -> "Shoe":
        """A new shoe without the given cards, as if they were dealt: :meth:`without`, which this
        is (the same cards accepted, the same :class:`~bjcalc.core.errors.ShoeError`, the label
        and suits kept alike), except that the infinite deck is unchanged by any finite removal
        (it never depletes), that no cards leave the shoe as it is, and that removing every card
        leaves an empty shoe (``"empty shoe"``), which deals nothing: the callers refuse it in
        their own words.

        >>> Shoe.decks(1).remove("A", "A").rank_counts[0], Shoe.decks(1).remove("A,A").rank_counts[0]
        (2, 2)
        >>> Shoe.decks(1).remove("AS").suit_counts[0]
        (0, 1, 1, 1)
        """
        names = [name for card in cards for name in
                 ((card.replace(",", " ").split() or [card]) if isinstance(card, str) else [card])]
        if self.is_infinite:
            for name in names:
                parse_card(name)
            return self
        if not names:
            return self
        return self._take(names, ", ".join(map(str, names)), "deal", empty_ok=True)

    def without(self, cards: Union[str, Iterable[RankLike]]) -> "Shoe":
        """This shoe less named cards, as a depleted shoe that says what was removed.

        ``cards`` are ranks (``"A,A,5,T"``, ``["A", 10]``) or cards with suits
        (``"AS,TH"``); text is split at commas and spaces.  When every card has a suit
        and the shoe counts suits, the suit counts are kept (Burn 20 and Lucky Lucky
        need them); a rank alone takes a card of that rank and the shoe is then counted
        by rank only.

        A ten-value rank (T, J, Q or K) takes a card of that rank while the shoe holds one,
        else a card of the most plentiful ten-value rank it holds (the first of T, J, Q, K
        on a tie): "T" means any ten-value card in a shoe that counts its tens as T alone,
        and "K" in one that counts J, Q and K.  Only where the rules split tens by rank
        (``split_tens_by_rank``) does the rank matter, and a calculator of those rules
        refuses a shoe that lost a ten of another rank than the one named.  A card the
        shoe does not hold is a :class:`~bjcalc.core.errors.ShoeError`.

        >>> Shoe.decks(6).without("A,A,5,T").describe()
        '6 decks less A,A,5,T (308 cards)'
        >>> Shoe.decks(1).without("AS,KH").suit_counts[0]
        (0, 1, 1, 1)
        >>> Shoe.decks(1).without("T,T,T,T,T").value_counts()[9]       # 16 tens: any five of them
        11
        >>> Shoe.from_counts({"A": 4, "T": 16}).without("K").rank_counts[9]
        15
        >>> Shoe.decks(1).without("5,5,5,5,5")
        Traceback (most recent call last):
        ...
        bjcalc.core.errors.ShoeError: the shoe has no 5 left to remove (removing 5,5,5,5,5 from 1 deck)
        """
        if isinstance(cards, str):
            names: list = cards.replace(",", " ").split()
        elif isinstance(cards, Iterable) and not isinstance(cards, bytes):
            names = [c.strip() if isinstance(c, str) else c for c in cards]
        else:
            raise ShoeError(f"{_short(cards)} is not a list of cards: write them like 'A,A,5,T' or 'AS,TH'")
        if not names:
            raise ShoeError("name at least one card to remove, like A,A,5,T or AS,TH")
        if self.is_infinite:
            raise ShoeError("the infinite deck cannot lose cards: give a number of decks or a custom shoe")
        return self._take(names, ",".join(map(str, names)), "remove", empty_ok=False)

    def _take(self, names: Sequence[object], what: str, verb: str, empty_ok: bool) -> "Shoe":
        """:meth:`without` and :meth:`remove`: this finite shoe less the named cards, labelled."""
        parsed = [parse_card(name) for name in names]
        suited = self.suit_counts is not None and all(suit is not None for _, suit in parsed)
        ranks = list(self.rank_counts)
        suits = [list(row) for row in self.suit_counts] if suited and self.suit_counts is not None else None
        substituted = list(self.substituted)
        def missing(shown: str) -> ShoeError:
            if verb == "deal":
                return ShoeError(f"the shoe has no {shown} left to deal (cards asked for: {what})")
            return ShoeError(f"the shoe has no {shown} left to remove (removing {what} from {self.describe()})")

        for rank, suit in parsed:
            if suits is not None and suit is not None:
                if suits[rank][suit] == 0:
                    raise missing(RANKS[rank] + SUITS[suit])
                suits[rank][suit] -= 1
            elif ranks[rank] == 0 and RANK_VALUE[rank] == 10 and suit is None and any(ranks[9:]):
                taken = max(range(9, 13), key=lambda r: (ranks[r], -r))    # the most plentiful ten rank
                substituted.append((rank, taken))
                rank = taken
            elif ranks[rank] == 0:
                raise missing(RANKS[rank] + ("" if suit is None else SUITS[suit]))
            ranks[rank] -= 1
        if sum(ranks) == 0 and not empty_ok:
            raise ShoeError(f"removing {what} empties the shoe")
        base = self.name()
        return Shoe(tuple(ranks), tuple(tuple(row) for row in suits) if suits is not None else None,
                    label=f"{base} less {what.replace(', ', ',')}", substituted=tuple(substituted))

    def tens_named_exactly(self) -> bool:
        """Whether every ten-value card removed from this shoe was of the rank named (what
        ``split_tens_by_rank`` needs: see :meth:`without`).

        >>> Shoe.decks(1).without("K,K").tens_named_exactly(), Shoe.from_counts(T=16).without("K").tens_named_exactly()
        (True, False)
        """
        return not self.substituted

    def suited_natural_chance(self, suit: Optional[int] = None) -> Optional[Fraction]:
        """The chance that a natural's ace and ten-value card are of one suit (``suit``, an index
        of :data:`SUITS`: of that suit), whatever else the round deals: sum over suits of (share of
        the aces in it) x (share of the ten-values in it), from the suit counts (None where the
        shoe counts ranks only, or lacks aces or tens).

        Why no other card matters: a shuffle deals the cards' values in some order and, apart
        from it, gives the aces' suits to the ace positions and the tens' suits to the ten
        positions in random orders, independently; so a natural's ace has suit s with chance
        (aces of suit s) / (aces), whichever cards the dealer and the other hands hold, and its
        ten likewise.  Where the aces or the tens are spread evenly over the suits (whole decks,
        the infinite deck) the chance is 1/4.

        >>> Shoe.decks(6).suited_natural_chance(), Shoe.from_cards("AS AH TS KS 5C").suited_natural_chance()
        (Fraction(1, 4), Fraction(1, 2))
        >>> Shoe.decks(6).suited_natural_chance(suit=0), Shoe.from_cards("AS AH TS KH 5C").suited_natural_chance(1)
        (Fraction(1, 16), Fraction(1, 4))
        >>> Shoe.from_counts(A=4, T=16).suited_natural_chance() is None
        True
        """
        if self.suit_counts is None:
            return None
        aces = self.suit_counts[0]
        tens = [sum(self.suit_counts[rank][suit] for rank in range(9, 13)) for suit in range(4)]
        if not sum(aces) or not sum(tens):
            return None
        both = [a * t for a, t in zip(aces, tens)]
        return Fraction(sum(both) if suit is None else both[suit], sum(aces) * sum(tens))

    def counts_by(self, ranks: bool = False, suits: bool = False) -> tuple[int, ...]:
        """The counts a game sees: by value (ten-values pooled) by default, by rank with
        ``ranks`` (a game that splits tens by rank), by card with its suit (13 ranks x 4 suits,
        flat) with ``suits`` where the shoe counts suits (Burn 20), else by rank.  Two shoes
        with the same counts deal the same game; one holds another when no count is smaller.

        >>> one = Shoe.from_counts({**{r: 4 for r in "A23456789"}, "T": 16})
        >>> one.counts_by() == Shoe.decks(1).counts_by(), one.counts_by(ranks=True) == Shoe.decks(1).counts_by(ranks=True)
        (True, False)
        """
        if suits and self.suit_counts is not None:
            return tuple(n for row in self.suit_counts for n in row)
        return self.rank_counts if ranks or suits else self.value_counts()

    def holds(self, other: "Shoe", ranks: bool = False, suits: bool = False) -> bool:
        """Whether this shoe holds at least ``other``'s cards, compared as :meth:`counts_by` says
        (by value unless ``ranks`` or ``suits``): ``other`` is then a depleted shoe of this one
        (the infinite deck holds every shoe, and only the infinite deck holds it).

        >>> Shoe.decks(1).holds(Shoe.from_counts({"A": 3, "T": 16})), Shoe.decks(1).holds(Shoe.decks(2))
        (True, False)
        """
        if self.is_infinite or other.is_infinite:
            return self.is_infinite
        mine, theirs = self.counts_by(ranks, suits), other.counts_by(ranks, suits)
        return len(mine) == len(theirs) and all(a >= b for a, b in zip(mine, theirs))

    def whole(self, ranks: bool = False, suits: bool = False) -> Optional[tuple[Deck, Union[int, float]]]:
        """The kind of deck this shoe is full decks of, and how many (``math.inf`` for an infinite
        deck), compared as :meth:`counts_by` says; None for any other (a custom or depleted) shoe.
        An infinite shoe of no kind's proportions is the standard infinite deck's, as it deals.

        >>> Shoe.decks(6, "spanish").whole()
        (Deck(key='spanish', adjective='Spanish', rank_counts=(4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4)), 6)
        """
        by_rank, by_suit = ranks or suits, suits and self.suit_counts is not None
        if self.is_infinite:
            mine = self.counts_by(by_rank)
            kind = next((deck for deck in DECKS.values() if Shoe.infinite(deck).counts_by(by_rank) == mine),
                        STANDARD_DECK)
            return kind, math.inf
        total = sum(self.rank_counts)
        for deck in DECKS.values():
            if total and not total % deck.size:
                n = total // deck.size
                if self.counts_by(by_rank, by_suit) == Shoe.decks(n, deck).counts_by(by_rank, by_suit):
                    return deck, n
        return None

    def whole_decks(self, ranks: bool = False, suits: bool = False) -> Union[int, float, None]:
        """How many full decks of one kind this shoe is (``math.inf`` for the infinite deck), compared
        as :meth:`counts_by` says, or None for any other (a custom or depleted) shoe (:meth:`whole`
        says which kind).

        >>> Shoe.decks(6).whole_decks(), Shoe.from_counts([4] * 9 + [16]).whole_decks(), Shoe.decks(1).remove("A").whole_decks()
        (6, 1, None)
        >>> Shoe.from_counts([4] * 9 + [16]).whole_decks(ranks=True) is None
        True
        """
        found = self.whole(ranks, suits)
        return None if found is None else found[1]

    def deck_words(self, ranks: bool = False, suits: bool = False) -> Optional[str]:
        """The shoe as whole decks in words (``"6 decks"``, ``"6 Spanish decks"``, ``"infinite deck"``),
        compared as :meth:`counts_by` says, or None for a custom or depleted shoe.

        >>> Shoe.decks(6).deck_words(), Shoe.decks(8, "spanish").deck_words(), Shoe.decks(1).remove("A").deck_words()
        ('6 decks', '8 Spanish decks', None)
        """
        found = self.whole(ranks, suits)
        return None if found is None else found[0].words(found[1])

    def __len__(self) -> int:
        """The number of cards (the infinite deck has none to count: a ShoeError)."""
        if self.is_infinite:
            raise ShoeError("the infinite deck has no number of cards: its cards come in one deck's proportions")
        return sum(self.rank_counts)

    def __bool__(self) -> bool:
        return True      # (a shoe is a value, even an empty one: len() says how many cards)

    def __getitem__(self, card: RankLike) -> int:
        """The number of cards of a rank (``shoe["A"]``, ``shoe["K"]``), or with a suit where the
        shoe counts suits (``shoe["AS"]``).  ``"T"`` (or ``10``) counts every ten-value card, as
        :meth:`without` reads it ("T" is any ten: ``"T" in shoe`` when a ten can be removed);
        with a suit (``"TS"``) it is the rank T alone, and ``rank_counts[9]`` too.

        >>> shoe = Shoe.decks(1)
        >>> shoe["A"], shoe["K"], shoe["T"], shoe["KS"], len(shoe), "A" in shoe
        (4, 4, 16, 1, 52, True)
        """
        if self.is_infinite:
            raise ShoeError("the infinite deck has no counts: its cards come in one deck's proportions "
                            "(see probability())")
        rank, suit = parse_card(card)
        if suit is None:
            return sum(self.rank_counts[9:]) if rank == 9 else self.rank_counts[rank]
        if self.suit_counts is None:
            raise ShoeError(f"this shoe is counted by rank only: ask for {RANKS[rank]}, not {card!r}")
        return self.suit_counts[rank][suit]

    def __contains__(self, card: object) -> bool:
        return self[card] > 0     # type: ignore[index]

    def __iter__(self) -> Iterator[str]:
        """Every card, one at a time, ace first: ranks (``"A"``), or with suits where the shoe counts
        them (``"AS"``), so that ``Shoe.from_cards(list(shoe)) == shoe``."""
        len(self)       # (the infinite deck: its error)
        if self.suit_counts is not None:
            for rank, row in enumerate(self.suit_counts):
                for suit, n in enumerate(row):
                    yield from [RANKS[rank] + SUITS[suit]] * n
        else:
            for rank, n in enumerate(self.rank_counts):
                yield from [RANKS[rank]] * n

    def __repr__(self) -> str:
        """Short: how to make the shoe (``Shoe.decks(6)``), or what it holds.

        >>> Shoe.decks(6), Shoe.infinite(), Shoe.from_counts(A=4, T=16), Shoe.decks(1).without("A")
        (Shoe.decks(6), Shoe.infinite(), Shoe.from_counts({'A': 4, 'T': 16}), <Shoe: 1 deck less A (51 cards)>)
        """
        if self.is_infinite:
            kind = self.whole(ranks=True)
            return "Shoe.infinite()" if kind is None or kind[0] == STANDARD_DECK else f"Shoe.infinite({kind[0].key!r})"
        if self.label is None:
            found = self.whole(ranks=True, suits=True)
            if found is not None and self.suit_counts is not None:
                deck, n = found
                return f"Shoe.decks({n})" if deck == STANDARD_DECK else f"Shoe.decks({n}, {deck.key!r})"
            if self.suit_counts is None:
                counts = ", ".join(f"{RANKS[i]!r}: {c}" for i, c in enumerate(self.rank_counts) if c)
                return f"Shoe.from_counts({{{counts}}})"
        return f"<Shoe: {self.describe()}>"

    def describe(self) -> str:
        """A short human description: ``"6 decks"``, ``"infinite deck"`` or the counts.

        >>> Shoe.decks(6).describe(), Shoe.from_counts(A=2, T=5).describe()
        ('6 decks', 'A:2 T:5 (7 cards)')

        A shoe whose suits differ within a rank shows its cards with suits (as ``--shoe`` takes them):

        >>> parse_shoe("AS:2,AH:1,TH:4,5C:4").describe()
        'AS:2 AH:1 5C:4 TH:4 (11 cards)'
        """
        if self.is_infinite:
            return self.deck_words(ranks=True) or "infinite deck"
        c = self.rank_counts
        if not any(c):
            return "empty shoe (0 cards)"
        name = self.name()
        return name if self.label is None and name.endswith(("deck", "decks")) else f"{name} ({sum(c)} cards)"

    def name(self) -> str:
        """:meth:`describe` without the number of cards: what a label of a depleted shoe starts with.

        >>> Shoe.decks(6).name(), Shoe.decks(1).without("A").name(), Shoe.from_counts(A=2, T=5).name()
        ('6 decks', '1 deck less A', 'A:2 T:5')
        """
        c = self.rank_counts
        if self.label:
            return self.label
        whole = self.deck_words(ranks=True)
        if whole is not None:
            return whole
        suits = self.suit_counts
        if suits is not None and any(len(set(row)) > 1 for row in suits):    # (the suits matter: say them)
            return " ".join(f"{RANKS[i]}{SUITS[j]}:{n}" for i, row in enumerate(suits) for j, n in enumerate(row) if n)
        return " ".join(f"{RANKS[i]}:{n}" for i, n in enumerate(c) if n)

    def __str__(self) -> str:
        return self.describe()
