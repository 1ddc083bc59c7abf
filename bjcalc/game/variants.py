"""The games bjcalc computes: rule presets, and the registry of variant classes.

Each preset is a function returning :class:`~bjcalc.core.rules.Rules`; every rule it
assumes is a keyword default that can be overridden, and the docstring says which
rules come from the rule card and which are our defaults (the cards never state
everything an exact calculation needs).  Every game is also an entry of :data:`VARIANTS`,
a :class:`~bjcalc.game.variant.Variant`: the presets play the standard round with their
card's rules; a variant with a round of its own (Free Bet's free chips) is a subclass in
its own module, overriding the round's hooks, plus its line in the registry.

>>> burn20().burn_20, burn20(hole_card="enhc_obo").hole_card
(True, 'enhc_obo')
>>> sorted(PRESETS)
['burn20', 'burn20_las_vegas', 'classic_single_deck', 'no_bust_21st_century', 'no_bust_oceans_11', 'standard']
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from ..core.rules import Rules
from .blackjack_switch import BlackjackSwitch
from .double_exposure import DoubleExposure
from .free_bet import FreeBet
from .spanish21 import PlayersEdge21, Spanish21
from .variant import Registry, Variant

__all__ = ["STANDARD", "standard", "BURN20", "burn20", "burn20_las_vegas", "NO_BUST", "no_bust_21st_century",
           "no_bust_oceans_11",
           "CLASSIC_SINGLE_DECK", "classic_single_deck", "OPEN_RULES", "DOUBLE_READINGS", "double_reading", "PRESETS",
           "VARIANTS", "find_variant", "variant_of", "Standard", "Burn20", "Burn20LasVegas", "NoBust21stCentury",
           "NoBustOceans11", "ClassicSingleDeck", "FreeBet", "DoubleExposure", "BlackjackSwitch"]


def _preset(defaults: dict[str, Any], overrides: dict[str, Any]) -> Rules:
    return Rules(**{**defaults, **overrides})


STANDARD = dict(decks=6, dealer_hits_soft_17=False, blackjack_pays="3:2", hole_card="peek", double_on="any",
                double_soft=True, double_after_split=True, max_split_hands=4, resplit_aces=False,
                hit_split_aces=False, surrender="none")


def standard(**overrides: Any) -> Rules:
    """A common shoe game: 6 decks, S17, 3:2, peek, double any two, DAS, split to 4, no RSA, no surrender.

    The same game as ``Rules()`` and ``bjcalc edge`` with no rule flags.

    >>> standard() == Rules()
    True
    >>> standard(decks=2).decks
    2
    """
    return _preset(STANDARD, overrides)


BURN20 = dict(decks=6, dealer_hits_soft_17=False, blackjack_pays="3:2", hole_card="enhc", double_on="9-11",
              double_soft=False, double_after_split=True, max_split_hands=4, resplit_aces=False,
              hit_split_aces=False, surrender="none", burn_20=True, dealer_22_pushes=True)


def burn20(**overrides: Any) -> Rules:
    """Blackjack Burn 20 (Grosvenor Casinos trial, 2011; seed 000).

    From the card: two cards to each player and one to the dealer (no hole card); with a
    ten-value up card, a second card that is a ten or an ace of the up card's suit is
    burned with it and the dealer redraws two, burning again while they are two tens or a
    blackjack (``burn_20``); a dealer 22 pushes every hand still in play except
    blackjacks, which are paid 3:2 (``dealer_22_pushes``).
    Our UK defaults (not on the card, which allows "all usual decisions to split or double"): 6
    decks, dealer stands on soft 17, double on hard 9-11 only (``double_on="any"`` alone is any
    two cards making a hard total, as ``double_soft=False`` here; add ``double_soft=True`` for any
    two cards, soft ones too), double after split, split to 4 hands, no resplitting aces, one card to
    split aces, no surrender, a dealer blackjack takes every bet (``hole_card="enhc"``;
    ``"enhc_obo"`` for original bet only).

    >>> burn20().describe().startswith("6 decks, S17")
    True
    """
    return _preset(BURN20, overrides)


def burn20_las_vegas(**overrides: Any) -> Rules:
    """Burn 20 as dealt at Binion's, Las Vegas (published at 0.80 %).

    Published rules: 6 decks, dealer hits soft 17, doubling on any number of cards
    (``double_on="any"``, ``double_after_hit=True``), and a hole-card reader (peek).  Our
    defaults for the rest are those of :func:`burn20` (soft doubles allowed, DAS, split to 4,
    one card to split aces, no surrender).

    >>> burn20_las_vegas().double_after_hit
    True
    """
    return _preset({**BURN20, "dealer_hits_soft_17": True, "hole_card": "peek", "double_on": "any",
                    "double_soft": True, "double_after_hit": True}, overrides)


NO_BUST = dict(decks=6, dealer_hits_soft_17=True, blackjack_pays="3:2", hole_card="peek", double_on="any",
               double_soft=True, double_after_split=True, max_split_hands=4, resplit_aces=False,
               hit_split_aces=False, surrender="late", bust_push="three_card_23_25", must_hit_below=12,
               hit_21=False)


def no_bust_21st_century(**overrides: Any) -> Rules:
    """No Bust 21st Century Blackjack, version 4.0 (California, player-banked; seed 003).

    From the card: the player-dealer hits soft 17 and checks for a Natural first (peek);
    the player must hit 11 or less and must stand on any 21 (``must_hit_below=12``,
    ``hit_21=False``); double on any two cards; split any two cards of the same value,
    one card to split aces; late surrender after the check; Naturals pay 3:2 (or 6:5);
    a Natural (ace + ten-value, worth 22) beats every 21 and pushes another Natural.
    The bust-push rule is ambiguous between versions: default the 4.01 reading, a hand of
    exactly three cards totalling 23-25 pushes a strictly higher dealer bust
    (``bust_push="three_card_23_25"``; also ``"three_card_25_v_26"``, the 4.0 card's own
    example, and ``"three_card_lower"``).
    Our defaults: 6 decks, double after split, split to 4 hands, no resplitting aces.
    """
    return _preset(NO_BUST, overrides)


def no_bust_oceans_11(**overrides: Any) -> Rules:
    """No Bust 21st Century as the published Ocean's 11 analysis reads it (the bank -0.18 %).

    The analysis's rules: Naturals pay 6:5, surrender at any time (``surrender="any_time"``),
    double on any number of cards (``double_after_hit=True``), and a three-card bust lower than
    the dealer's pushes (its rule effect "three-card lower bust pushes": ``"three_card_lower"``).
    The rest is :func:`no_bust_21st_century`: from the card H17, peek, must hit 11 or less, must
    stand on any 21, one card to split aces; its defaults 6 decks, DAS, split to 4 hands, no
    resplitting aces.

    >>> r = no_bust_oceans_11(); r.surrender, r.double_after_hit, r.bust_push
    ('any_time', True, 'three_card_lower')
    """
    return _preset({**NO_BUST, "blackjack_pays": "6:5", "surrender": "any_time", "double_after_hit": True,
                    "bust_push": "three_card_lower"}, overrides)


CLASSIC_SINGLE_DECK = dict(decks=1, dealer_hits_soft_17=False, blackjack_pays="3:2", hole_card="enhc",
                           double_on="9-11", double_soft=False, double_after_split=False, max_split_hands=2,
                           resplit_aces=False, hit_split_aces=False, split_tens_by_rank=True, surrender="none",
                           max_hand_cards=11)


def classic_single_deck(**overrides: Any) -> Rules:
    """Single-deck online "Classic Blackjack" (Microgaming style; seed 004).

    From the card: one deck shuffled every hand; dealer stands on all 17s; no hole card and a
    dealer blackjack takes all money bet (``hole_card="enhc"``); double on hard 9-11 only;
    split identical ranks only (``split_tens_by_rank``); a split ace or ten making 21 is
    not a blackjack; an 11-card hand stands (``max_hand_cards=11``); insurance half the
    bet, 2:1; blackjack 3:2.
    Our defaults (not stated; from reviews): split once (``max_split_hands=2``), no double
    after split, one card to split aces.
    """
    return _preset(CLASSIC_SINGLE_DECK, overrides)


DOUBLE_READINGS: dict[str, dict[str, Any]] = {
    "any": dict(double_on="any", double_soft=True), "any hard": dict(double_on="any", double_soft=False),
    "9-11": dict(double_on="9-11"), "10-11": dict(double_on="10-11"), "none": dict(double_on="none")}
"""The doubling rule in words (:func:`double_reading`) and the rules that say it: ``"any"`` is any
two cards, soft ones included; ``"any hard"`` any two cards making a hard total; ``"9-11"`` and
``"10-11"`` are hard totals by definition, so ``double_soft`` does not matter there."""


def double_reading(rules: Rules) -> str:
    """The doubling rule of ``rules`` in words, a key of :data:`DOUBLE_READINGS`.

    >>> double_reading(burn20()), double_reading(burn20(double_on="any")), double_reading(standard())
    ('9-11', 'any hard', 'any')
    """
    if rules.double_on == "any":
        return "any" if rules.double_soft else "any hard"
    return rules.double_on

PRESETS: dict[str, Callable[..., Rules]] = {
    "standard": standard, "burn20": burn20, "burn20_las_vegas": burn20_las_vegas,
    "no_bust_21st_century": no_bust_21st_century, "no_bust_oceans_11": no_bust_oceans_11,
    "classic_single_deck": classic_single_deck,
}


# -- the registry ---------------------------------------------------------------------------------
class _Preset(Variant):
    """A variant made of rule values alone: the standard round with its card's rules (its
    preset function ``make`` states the defaults)."""

    make: ClassVar[Callable[..., Rules]]

    def rules(self, **overrides: Any) -> Rules:
        return type(self).make(**overrides)


class Standard(_Preset):
    name, title, aliases = "standard", "Standard blackjack", ("blackjack", "shoe")
    make = staticmethod(standard)
    open_rules = {"decks": (1, 2, 4, 6, 8), "dealer_hits_soft_17": (False, True),
                  "hole_card": ("peek", "enhc", "enhc_obo"), "double_on": ("any", "9-11", "10-11"),
                  "double_after_split": (True, False), "max_split_hands": (2, 3, 4), "resplit_aces": (False, True)}


class Burn20(_Preset):
    name, title, aliases = "burn20", "Blackjack Burn 20", ("burn_20", "blackjack_burn_20")
    make = staticmethod(burn20)
    open_rules = {"decks": (4, 6, 8), "dealer_hits_soft_17": (False, True),
                  "hole_card": ("enhc", "enhc_obo", "peek"), "double_on": ("any", "9-11", "10-11"),
                  "double_soft": (False, True), "double_after_split": (True, False), "max_split_hands": (2, 3, 4),
                  "resplit_aces": (False, True)}


class Burn20LasVegas(_Preset):
    name, title, aliases = "burn20_las_vegas", "Burn 20 (Las Vegas)", ("burn_20_las_vegas",)
    make = staticmethod(burn20_las_vegas)
    open_rules = {"decks": (6, 8), "hole_card": ("peek", "enhc", "enhc_obo"),
                  "double_after_split": (True, False), "max_split_hands": (2, 3, 4), "resplit_aces": (False, True)}


class NoBust21stCentury(_Preset):
    name, title, aliases = "no_bust_21st_century", "No Bust 21st Century", ("no_bust",)
    make = staticmethod(no_bust_21st_century)
    open_rules = {"decks": (2, 6), "double_after_split": (True, False), "max_split_hands": (2, 3, 4),
                  "resplit_aces": (False, True),
                  "bust_push": ("three_card_23_25", "three_card_25_v_26", "three_card_lower")}


class NoBustOceans11(_Preset):
    name, title, aliases = "no_bust_oceans_11", "No Bust 21st Century (Ocean's 11)", ("oceans_11",)
    make = staticmethod(no_bust_oceans_11)
    open_rules = {"decks": (2, 6), "double_after_split": (True, False), "max_split_hands": (2, 3, 4),
                  "bust_push": ("three_card_lower", "three_card_23_25", "three_card_25_v_26")}


class ClassicSingleDeck(_Preset):
    name, title, aliases = "classic_single_deck", "Classic single deck", ("classic",)
    make = staticmethod(classic_single_deck)
    open_rules = {"double_after_split": (False, True), "max_split_hands": (2, 3, 4),
                  "resplit_aces": (False, True), "hit_split_aces": (False, True)}


VARIANTS = Registry([Standard(), Burn20(), Burn20LasVegas(), NoBust21stCentury(), NoBustOceans11(),
                     ClassicSingleDeck(), FreeBet(), DoubleExposure(), BlackjackSwitch(), Spanish21(),
                     PlayersEdge21()])
"""Every variant bjcalc computes, by name (:meth:`Registry.find` also takes aliases).

>>> VARIANTS.find("Free Bet").title, VARIANTS.of(Rules()).name
('Free Bet Blackjack', 'standard')
"""


OPEN_RULES: dict[str, dict[str, tuple]] = {name: variant.explained_rules() for name, variant in VARIANTS.items()}
"""For ``bjcalc explain``: the rules each game's card leaves open, with the values to try.
Where ``double_soft`` is open (Burn 20's card allows "all usual decisions to ... double": any two
cards, soft ones too, or hard only), it matters only with ``double_on="any"``:
:func:`double_reading` names the two as ``"any"`` and ``"any hard"``."""


def find_variant(name: str) -> Variant:
    """The variant named ``name`` (or one of its aliases).

    >>> find_variant("no bust").name
    'no_bust_21st_century'
    """
    return VARIANTS.find(name)


def variant_of(rules: Rules) -> Variant:
    """The variant whose round ``rules`` play (``standard`` for every rule-value preset), its
    options checked.

    >>> variant_of(VARIANTS["free_bet"].rules()).name
    'free_bet'
    """
    return VARIANTS.of(rules)
