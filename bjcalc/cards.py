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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Union

from .errors import HandError, ShoeError

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
"""The thirteen ranks, in the order a :class:`Shoe` stores them."""

SUITS: tuple[str, ...] = ("S", "H", "D", "C")

VALUES: tuple[int, ...] = tuple(range(1, 11))
"""Card values 1 (ace) to 10 (ten-value), the alphabet of the game engine."""

RANK_VALUE: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

RankLike = Union[int, str]

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


def parse_cards(cards: Union[str, Iterable[RankLike]]) -> tuple[int, ...]:
    """Rank indices of a hand given as ``"T,6"``, ``"T6"``, ``["A", 7]`` and the like.

    >>> parse_cards("A,7"), parse_cards("KQ"), parse_cards([10, "5"])
    ((0, 6), (12, 11), (9, 4))
    """
    if isinstance(cards, (str, int)):
        text = str(cards).replace(" ", "")
        parts = text.split(",") if "," in text else _split_compact(text)
    else:
        parts = list(cards)
    if not parts or any(p == "" for p in parts):
        raise HandError(f"{cards!r} is not a list of cards: write them like T,6 or A,7")
    return tuple(rank_index(p) for p in parts)


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
    suit_counts: tuple[tuple[int, int, int, int], ...] | None = None
    is_infinite: bool = False

    # -- construction -------------------------------------------------------------------
    @classmethod
    def decks(cls, n: Union[int, float]) -> "Shoe":
        """``n`` full 52-card decks; ``math.inf`` gives the infinite deck.

        >>> Shoe.decks(6).total
        312
        """
        if n == math.inf:
            return cls.infinite()
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ShoeError(f"decks must be a positive whole number or math.inf, not {n!r}")
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
        ``split_tens_by_rank``), give J, Q and K separately.

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
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ShoeError(f"count of rank {RANKS[index]} must be a whole number >= 0, not {count!r}")
            ranks[index] = count
        if sum(ranks) == 0:
            raise ShoeError("the shoe is empty: give at least one card")
        return cls(tuple(ranks))

    @classmethod
    def from_cards(cls, cards: Iterable[str]) -> "Shoe":
        """A shoe of named cards with suits, such as ``["AS", "KH", "TD"]``.

        >>> Shoe.from_cards(["AS", "AH", "KD"]).suit_counts[0]
        (1, 1, 0, 0)
        """
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
        return cls(ranks, tuple(tuple(s) for s in suits))  # type: ignore[misc]

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
        return Fraction(counts[card_value(card) - 1], sum(counts))

    def remove(self, *cards: RankLike) -> "Shoe":
        """A new shoe without the given cards (ranks, or values 1-10).

        Raises :class:`~bjcalc.errors.HandError` when the shoe does not hold them.

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

    def describe(self) -> str:
        """A short human description: ``"6 decks"``, ``"infinite deck"`` or the counts.

        >>> Shoe.decks(6).describe(), Shoe.from_counts(A=2, T=5).describe()
        ('6 decks', 'A:2 T:5 (7 cards)')
        """
        if self.is_infinite:
            return "infinite deck"
        c = self.rank_counts
        if len(set(c)) == 1 and c[0] % 4 == 0:
            n = c[0] // 4
            return f"{n} deck" + ("s" if n != 1 else "")
        parts = " ".join(f"{RANKS[i]}:{n}" for i, n in enumerate(c) if n)
        return f"{parts} ({sum(c)} cards)"

    def __str__(self) -> str:
        return self.describe()
