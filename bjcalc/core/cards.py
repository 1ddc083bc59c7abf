"""Cards, ranks and shoes: the bottom layer of bjcalc.

A card is identified by its *rank* (``A 2 3 4 5 6 7 8 9 T J Q K``); the game
engine mostly needs its *value* (1 for an ace, 10 for any ten-value card).
A :class:`Shoe` keeps counts by rank, so rules that care which ten-value rank
a card is (``split_tens_by_rank``) can be evaluated exactly, and optionally by
suit (a full shoe of ``n`` decks knows it has ``n`` cards of every suit and
rank), which the Burn 20 game needs for the ace of the up card's suit.

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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional, Union

from .errors import HandError, ShoeError

__all__ = ["RankLike", "RANKS", "SUITS", "VALUES", "RANK_VALUE", "MAX_DECKS", "MAX_COUNT", "rank_index", "card_value",
           "parse_decks", "parse_shoe", "parse_cards", "Shoe"]

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


def rank_index(card: RankLike) -> int:
    """Index (0-12) of a rank given as ``1``-``10``, ``"A"``, ``"2"``-``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``.

    ``10`` and ``"10"`` name the rank ten (``"T"``); ``1`` names the ace.

    >>> rank_index("K"), rank_index(10), rank_index("a")
    (12, 9, 0)
    """
    if isinstance(card, bool):
        raise HandError(f"{card!r} is not a card: use 1-10, A, 2-9, T, J, Q or K")
    if isinstance(card, int):
        if 1 <= card <= 10:
            return card - 1
        raise HandError(f"{card!r} is not a card value: use 1-10 (1 = ace, 10 = ten)")
    if isinstance(card, str):
        index = _RANK_NAMES.get(card.strip().upper())
        if index is not None:
            return index
    raise HandError(f"{card!r} is not a card: use 1-10, A, 2-9, T, J, Q or K")


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


@dataclass(frozen=True)
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
    def decks(cls, n: Union[int, float]) -> "Shoe":
        """``n`` full 52-card decks (1 to :data:`MAX_DECKS`); ``math.inf`` gives the infinite deck.

        >>> Shoe.decks(6).total
        312
        >>> Shoe.decks(10**6)
        Traceback (most recent call last):
        ...
        bjcalc.core.errors.ShoeError: decks must be a whole number from 1 to 1000 or math.inf, not 1000000
        """
        if n == math.inf:
            return cls.infinite()
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_DECKS:
            raise ShoeError(f"decks must be a whole number from 1 to {MAX_DECKS} or math.inf, not {n!r}")
        return cls((n * 4,) * 13, tuple((n, n, n, n) for _ in RANKS))

    @classmethod
    def infinite(cls) -> "Shoe":
        """The infinite deck: every card is drawn with one deck's proportions (1/13 per rank).

        >>> Shoe.infinite().probability(10)
        Fraction(4, 13)
        """
        return cls((4,) * 13, tuple((1, 1, 1, 1) for _ in RANKS), is_infinite=True)

    @classmethod
    def from_counts(cls, counts: Union[Mapping[RankLike, int], Sequence[int], None] = None,
                    **by_rank: int) -> "Shoe":
        """A depleted or custom shoe from counts per rank.

        ``counts`` is a mapping from rank (1-10, "A", "2"-"9", "T", "J", "Q", "K") to a
        count, or a sequence of 10 counts by value (ace first, the last entry counting
        ten-value cards, all of rank T) or of 13 counts by rank.  Keyword arguments add
        letter ranks (``A=4, T=16``).  Ranks not named have count 0.  ``10`` and ``"T"``
        name the same rank; to say which ten-value ranks the tens are (needed by
        ``split_tens_by_rank``), give J, Q and K separately.  A count may be at most
        :data:`MAX_COUNT` (100000).

        >>> Shoe.from_counts(A=1, T=2, K=1).rank_counts[9:]
        (2, 0, 0, 1)
        >>> Shoe.from_counts([4] * 9 + [16]).total
        52
        """
        ranks = [0] * 13
        seen: dict[int, RankLike] = {}
        items: list[tuple[RankLike, int]] = []
        if counts is None:
            pass
        elif isinstance(counts, Mapping):
            items.extend(counts.items())
        elif isinstance(counts, Sequence) and not isinstance(counts, str):
            if len(counts) == 10:
                items.extend(zip(VALUES, counts))
            elif len(counts) == 13:
                items.extend(zip(RANKS, counts))
            else:
                raise ShoeError(f"a sequence of counts needs 10 (by value) or 13 (by rank) entries, not {len(counts)}")
        else:
            raise ShoeError(f"counts must be a mapping of rank to count or a list of 10 or 13 counts, not {counts!r}")
        items.extend(by_rank.items())
        for key, count in items:
            try:
                index = rank_index(key)
            except HandError as exc:
                raise ShoeError(f"unknown rank in shoe counts: {exc}") from None
            if index in seen:
                raise ShoeError(f"rank {RANKS[index]} is given twice ({seen[index]!r} and {key!r})")
            seen[index] = key
            if isinstance(count, bool) or not isinstance(count, numbers.Integral) or count < 0:   # (numpy's too)
                raise ShoeError(f"count of rank {RANKS[index]} must be a whole number >= 0, not {count!r}")
            count = int(count)
            if count > MAX_COUNT:
                raise ShoeError(f"count of rank {RANKS[index]} must be at most {MAX_COUNT}, not {count}: "
                                f"for a bigger shoe use the infinite deck")
            ranks[index] = count
        if sum(ranks) == 0:
            raise ShoeError("the shoe is empty: give at least one card")
        return cls(tuple(ranks))

    @classmethod
    def from_cards(cls, cards: Union[str, Iterable[str]]) -> "Shoe":
        """A shoe of named cards with suits: ``["AS", "KH", "TD"]`` or ``"AS KH TD"``.

        Text is split at commas and spaces.

        >>> Shoe.from_cards(["AS", "AH", "KD"]).suit_counts[0]
        (1, 1, 0, 0)
        >>> Shoe.from_cards("AS,10H, 9d").describe()
        'AS:1 9D:1 TH:1 (3 cards)'
        """
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        elif not isinstance(cards, Iterable):
            raise ShoeError(f"{cards!r} is not a list of cards: write them like ['AS', 'TH'] or 'AS TH 9D'")
        suits = [[0, 0, 0, 0] for _ in RANKS]
        for card in cards:
            text = str(card).strip().upper()
            if len(text) < 2 or text[-1] not in SUITS:
                raise ShoeError(f"{card!r} is not a card with a suit: write it like AS, TH, 9D or KC")
            try:
                index = rank_index(text[:-1])
            except HandError as exc:
                raise ShoeError(str(exc)) from None
            suits[index][SUITS.index(text[-1])] += 1
        ranks = tuple(sum(s) for s in suits)
        if sum(ranks) == 0:
            raise ShoeError("the shoe is empty: give at least one card")
        if max(ranks) > MAX_COUNT:
            raise ShoeError(f"a shoe may hold at most {MAX_COUNT} cards of one rank")
        return cls(ranks, tuple(tuple(s) for s in suits))

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

    def remove(self, *cards: RankLike) -> "Shoe":
        """A new shoe without the given cards: ranks (``"A"``, ``"K"``), or numbers 1-10 (10 is the
        rank T, not any ten-value card: name J, Q or K for those).  The infinite deck is unchanged
        by any finite removal (it never depletes).  Removing every card leaves an empty shoe
        (``"empty shoe"``), which deals nothing: the callers refuse it in their own words.

        Raises :class:`~bjcalc.core.errors.HandError` when the shoe does not hold them.

        >>> Shoe.decks(1).remove("A", "A").rank_counts[0]
        2
        """
        if self.is_infinite:
            for card in cards:
                rank_index(card)
            return self
        ranks = list(self.rank_counts)
        for card in cards:
            index = rank_index(card)
            if ranks[index] == 0:
                raise HandError(f"the shoe has no {RANKS[index]} left to deal (cards asked for: "
                                f"{', '.join(map(str, cards))})")
            ranks[index] -= 1
        # Removing a card of unknown suit loses the suit detail.
        return Shoe(tuple(ranks), None)

    def without(self, cards: Union[str, Iterable[RankLike]]) -> "Shoe":
        """This shoe less named cards, as a depleted shoe that says what was removed.

        ``cards`` are ranks (``"A,A,5,T"``, ``["A", 10]``) or cards with suits
        (``"AS,TH"``); text is split at commas and spaces.  When every card has a suit
        and the shoe counts suits, the suit counts are kept (Burn 20 and Lucky Lucky
        need them); a rank alone takes a card of that rank and the shoe is then counted
        by rank only.  A card the shoe does not hold is a :class:`~bjcalc.core.errors.ShoeError`.

        >>> Shoe.decks(6).without("A,A,5,T").describe()
        '6 decks less A,A,5,T (308 cards)'
        >>> Shoe.decks(1).without("AS,KH").suit_counts[0]
        (0, 1, 1, 1)
        >>> Shoe.decks(1).without("5,5,5,5,5")
        Traceback (most recent call last):
        ...
        bjcalc.core.errors.ShoeError: the shoe has no 5 left to remove (removing 5,5,5,5,5 from 1 deck)
        """
        if isinstance(cards, str):
            names = [c for c in cards.replace(",", " ").split()]
        elif isinstance(cards, Iterable):
            names = [str(c).strip() for c in cards]
        else:
            raise ShoeError(f"{cards!r} is not a list of cards: write them like 'A,A,5,T' or 'AS,TH'")
        if not names:
            raise ShoeError("name at least one card to remove, like A,A,5,T or AS,TH")
        if self.is_infinite:
            raise ShoeError("the infinite deck cannot lose cards: give a number of decks or a custom shoe")
        parsed: list[tuple[int, Optional[int]]] = []
        for name in names:
            text = name.upper()
            if len(text) >= 2 and text[-1] in SUITS and text[:-1].upper() in _RANK_NAMES:
                parsed.append((_RANK_NAMES[text[:-1]], SUITS.index(text[-1])))
            else:
                try:
                    parsed.append((rank_index(name), None))
                except HandError:
                    raise ShoeError(f"{name!r} is not a card: use a rank (A, 2-9, T, J, Q, K) or a rank "
                                    f"and a suit (AS, TH, 9D, KC)") from None
        what = ",".join(names)
        suited = self.suit_counts is not None and all(suit is not None for _, suit in parsed)
        ranks = list(self.rank_counts)
        suits = [list(row) for row in self.suit_counts] if suited and self.suit_counts is not None else None
        for (rank, suit), name in zip(parsed, names):
            left = suits[rank][suit] if suits is not None and suit is not None else ranks[rank]
            if left == 0:
                raise ShoeError(f"the shoe has no {name.upper()} left to remove (removing {what} from "
                                f"{self.describe()})")
            ranks[rank] -= 1
            if suits is not None and suit is not None:
                suits[rank][suit] -= 1
        if sum(ranks) == 0:
            raise ShoeError(f"removing {what} empties the shoe")
        base = self.label or self.describe()
        return Shoe(tuple(ranks), tuple(tuple(row) for row in suits) if suits is not None else None,
                    label=f"{base} less {what}")

    def describe(self) -> str:
        """A short human description: ``"6 decks"``, ``"infinite deck"`` or the counts.

        >>> Shoe.decks(6).describe(), Shoe.from_counts(A=2, T=5).describe()
        ('6 decks', 'A:2 T:5 (7 cards)')

        A shoe whose suits differ within a rank shows its cards with suits (as ``--shoe`` takes them):

        >>> parse_shoe("AS:2,AH:1,TH:4,5C:4").describe()
        'AS:2 AH:1 5C:4 TH:4 (11 cards)'
        """
        if self.is_infinite:
            return "infinite deck"
        c = self.rank_counts
        if self.label:
            return f"{self.label} ({sum(c)} cards)"
        if not any(c):
            return "empty shoe (0 cards)"
        if len(set(c)) == 1 and c[0] % 4 == 0:
            n = c[0] // 4
            return f"{n} deck" + ("s" if n != 1 else "")
        suits = self.suit_counts
        if suits is not None and any(len(set(row)) > 1 for row in suits):    # (the suits matter: say them)
            parts = " ".join(f"{RANKS[i]}{SUITS[j]}:{n}" for i, row in enumerate(suits) for j, n in enumerate(row) if n)
        else:
            parts = " ".join(f"{RANKS[i]}:{n}" for i, n in enumerate(c) if n)
        return f"{parts} ({sum(c)} cards)"

    def __str__(self) -> str:
        return self.describe()
