"""Variants as classes: what a game changes in the round, as hooks that do nothing by default.

A :class:`Variant` states a game: its deck (:attr:`Variant.deck`: the standard 52 cards, or a
Spanish 48), its rule defaults (the :class:`~bjcalc.core.rules.Rules`
fields its card fixes or we assume), what its card leaves open (what ``bjcalc explain``
tries), its own options (with defaults and allowed values), and the hooks the round asks:

- :meth:`Variant.wagers`: the kinds of chip the round's hands can carry (money only, or money
  and free chips);
- :meth:`Variant.double_wager` and :meth:`Variant.split_wager`: the chip a double adds to a
  hand, and the chip a split puts on the new hand;
- :meth:`Variant.settlement` and :meth:`Variant.dealer`: how finished hands are paid per chip,
  and the dealer's procedure;
- :meth:`Variant.chart_notes`: what a strategy chart's reader must know about the variant.

The standard round is the base class itself.  A new variant is one module with a subclass,
plus its line in the registry (:data:`bjcalc.game.variants.VARIANTS`), in the style of
python-chess's variant boards: ``find_variant("free bet")`` finds it by name or alias.

>>> v = Variant()
>>> v.double_wager(Rules(), 11, False).name, v.split_wager(Rules(), 8).name
('money', 'money')
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, ClassVar, Optional

from ..core.actions import may_double_after_hit
from ..core.cards import STANDARD_DECK, Deck, Shoe
from ..core.errors import NotFollowedError, RulesError
from ..core.rules import Rules, variant_title
from ..core.words import rule
from ..core.wagers import MONEY, Wager
from ..engine.dealer import StandardDealer
from ..engine.procedures import dealer_procedure, settlement
from ..engine.settlement import Settlement

__all__ = ["Option", "Variant", "Registry"]


@dataclass(frozen=True)
class Option:
    """One option of a variant: its default, the values it takes, and what it means."""

    default: Any
    allowed: tuple
    help: str
    parse: Optional[Callable[[Any], Any]] = None
    """Reads a value as a user writes it (``"T6"`` for ``"6,T"``), raising RulesError with the
    fix; None: the value is one of ``allowed`` as written."""
    open: bool = False
    """A reading a rule card may leave open: ``explain`` tries each of ``allowed`` (and its
    ``--fix`` pins one), as it does the variant's :attr:`Variant.open_rules`."""
    needs: tuple[str, ...] = ()
    """Options this one means nothing without, each away from its default (which 7 a Super Bonus
    is paid against, with no Super Bonus): set without them it is refused, with the fix."""

    def needed(self, options: dict[str, "Option"]) -> dict[str, Any]:
        """The options :attr:`needs`, each at its first value other than its default: what a
        sweep over the options sets with this one."""
        return {name: next(v for v in options[name].allowed if v != options[name].default) for name in self.needs}


class Variant:
    """The standard round; subclasses override the hooks they change (see the module docstring).

    Class attributes: ``name`` (the registry key, also :attr:`Rules.variant` for a variant
    with a round of its own), ``aliases``, ``title``, ``deck`` (the kind of deck its shoe is made
    of: :data:`~bjcalc.core.cards.STANDARD_DECK` or :data:`~bjcalc.core.cards.SPANISH_DECK`),
    ``defaults`` (Rules fields),
    ``open_rules`` (field -> values worth trying), ``options`` (name -> :class:`Option`),
    ``covers`` (the analyses that follow the variant's round; None: all of them).
    """

    name: ClassVar[str] = "standard"
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = "Standard blackjack"
    deck: ClassVar[Deck] = STANDARD_DECK
    defaults: ClassVar[dict[str, Any]] = {}
    open_rules: ClassVar[dict[str, tuple]] = {}
    options: ClassVar[dict[str, Option]] = {}
    covers: ClassVar[Optional[frozenset[str]]] = None
    dealer_hand_seen: ClassVar[bool] = False
    """Whether the player sees both dealer cards before acting (Double Exposure): the game is then
    valued dealer hand by dealer hand (:mod:`bjcalc.game.dealer_hands`), given by :meth:`with_hole`."""
    td_by_cards: ClassVar[tuple[int, ...]] = ()
    """Where the TD chart's hit, stand and after-hit doubles also read the hand's number of cards
    (Spanish 21's bonus 21s): the counts from which a bucket starts, ``(2, 3, 4, 5, 6, 7)`` (the last
    one: that many or more); empty: by total and softness alone."""
    suits_by_chance: ClassVar[bool] = False
    """Whether the round reads suits by their chance in whole decks rather than from the shoe's
    suit counts (Spanish 21's suited bonuses): then a card removed for the effects of removal is
    removed by rank, its suit any of the four alike."""
    hands_dealt: ClassVar[int] = 1
    """How many hands the player is dealt, two where they interact (Blackjack Switch): the game is
    then valued by :mod:`bjcalc.game.switching`, a hand's values given the other hand's cards."""
    round_words: ClassVar[str] = ""
    """What sets the variant's round apart, in a few words (a refusal names it)."""
    round_name: ClassVar[str] = "standard"
    """The :attr:`Rules.variant` whose round this variant's games play (``standard`` for a
    variant made of rule values alone)."""

    # -- building and checking rules ---------------------------------------------------------
    def rules(self, **overrides: Any) -> Rules:
        """This variant's rules: its defaults, with ``overrides`` (Rules fields, or the
        variant's options by name) in their place.

        A default that the overrides leave impossible yields to them: resplit aces, say, when
        the split is limited to two hands.

        >>> Variant().rules(decks=2).decks
        2
        """
        options = {name: overrides.pop(name) for name in list(overrides) if name in self.options}
        for name, parse in [(name, self.options[name].parse) for name in options]:
            if parse is not None:
                options[name] = parse(options[name])      # (read as a user writes it)
                if options[name] is None:       # (unset: the option's default)
                    del options[name]
        fields = {**self.defaults, **overrides}
        if "resplit_aces" not in overrides and fields.get("max_split_hands", 4) < 3:
            fields.pop("resplit_aces", None)     # (no resplit in two hands: the Rules default, False)
        if fields.get("max_split_hands", 4) < 2:      # (no split: no split aces to hit or double)
            for name in ("hit_split_aces", "double_split_aces"):
                if name not in overrides:
                    fields.pop(name, None)
        if not fields.get("double_after_split", True) and "double_split_aces" not in overrides:
            fields.pop("double_split_aces", None)     # (no double after a split: none on split aces)
        if self.round_name != "standard":
            fields.setdefault("variant", self.round_name)
            given = dict(fields.pop("options", ()))
            fields["options"] = {**given, **options}
        elif options:     # (a flag-only variant has no options of its own)
            raise RulesError(f"{self.name} takes no options, not {', '.join(options)}")
        return Rules(**fields)

    def shoe(self, rules: Rules) -> Shoe:
        """The shoe this variant deals under ``rules``: ``rules.decks`` of its :attr:`deck`.

        >>> Variant().shoe(Rules(decks=6)).describe()
        '6 decks'
        """
        return Shoe.decks(rules.decks, self.deck)

    def explained_rules(self) -> dict[str, tuple]:
        """What ``explain`` tries: the rule fields a card may leave open (:attr:`open_rules`) and
        the open options (:attr:`Option.open`), each with its values.

        >>> Variant().explained_rules()
        {}
        """
        return {**self.open_rules, **{name: option.allowed for name, option in self.options.items() if option.open}}

    def option(self, rules: Rules, name: str) -> Any:
        """The value of one of this variant's options in ``rules`` (its default when not given)."""
        return dict(rules.options).get(name, self.options[name].default)

    def check(self, rules: Rules) -> None:
        """Refuse options this variant does not take or values it does not allow, with the fix."""
        for name, value in rules.options:
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                close = difflib.get_close_matches(name, list(self.options), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise RulesError(f"{self.title} has no option {name!r}{hint}; its options: {known}")
            allowed, parse = self.options[name].allowed, self.options[name].parse
            if parse is not None and value not in allowed:
                read = parse(value)        # (refuses a value it cannot read, with the fix)
                if read != value:
                    raise RulesError(f"option {name} of {self.title} takes {read!r} as a value, not {value!r} "
                                     f"(the variant's rules() reads it so)")
            elif value not in allowed:
                raise RulesError(f"option {name} of {self.title} takes {', '.join(map(repr, allowed))}, "
                                 f"not {value!r}")
        for name, value in rules.options:
            option = self.options[name]
            for other, example in option.needed(self.options).items():
                if value != option.default and self.option(rules, other) == self.options[other].default:
                    raise RulesError(f"{rule(name, value)} means nothing while {rule(other, self.options[other].default)}"
                                     f": give {rule(other)} too ({rule(other, example)})")

    def check_analysis(self, what: str, instead: str = "") -> None:
        """Refuse, before any work, an analysis that does not yet follow this variant's round
        (``instead``: what answers the same question for it, if anything): a
        :class:`~bjcalc.core.errors.NotFollowedError`."""
        if self.covers is not None and what not in self.covers:
            done = ", ".join(sorted(self.covers))
            hint = f"; use {instead}" if instead else ""
            refused = f"{what} does not yet follow {self.title}'s round ({self.round_words}){hint}"
            raise NotFollowedError(f"{refused}; for {self.title} bjcalc computes: {done}", refused)

    # -- the round's hooks -------------------------------------------------------------------
    def wagers(self, rules: Rules) -> tuple[Wager, ...]:
        """The kinds of chip the round's hands can carry, money first."""
        return (MONEY,)

    def double_wager(self, rules: Rules, hard: int, soft: bool, split: bool = False,
                     cards: int = 2) -> Optional[Wager]:
        """The chip a double adds to a hand of ``cards`` cards of this hard total and softness (a
        split hand's when ``split``), or None where the hand may not double.  A split hand doubles
        for money only with DAS; a hand of three or more cards only where the rules let it
        (``double_after_hit``); whether it may still draw is the hand space's to say (and a split
        ace's double, ``double_split_aces``, the split's).

        >>> Variant().double_wager(Rules(double_after_hit=True), 11, False, cards=3).name
        'money'
        >>> Variant().double_wager(Rules(), 11, False, cards=3) is None
        True
        >>> Variant().double_wager(Rules(double_after_split=False), 11, False, split=True) is None
        True
        """
        if cards > 2:
            return MONEY if may_double_after_hit(rules, hard, soft, cards, True, split) else None
        return MONEY if rules.can_double(hard, soft) and (rules.double_after_split or not split) else None

    def may_double(self, rules: Rules, hard: int, soft: bool, split: bool = False, cards: int = 2) -> bool:
        """Whether the round offers a double there, for money or another chip
        (:meth:`double_wager`): the one question every pass asks (a split hand's too, DAS included).

        >>> Variant().may_double(Rules(double_on="10-11"), 9, False), Variant().may_double(Rules(), 9, False)
        (False, True)
        """
        return self.double_wager(rules, hard, soft, split, cards) is not None

    def split_wager(self, rules: Rules, pair: int) -> Wager:
        """The chip a split of this pair value (1 = aces) puts on each new hand."""
        return MONEY

    def settlement(self, rules: Rules, wager: Wager = MONEY) -> Settlement:
        """What finished hands carrying ``wager`` win or lose."""
        return settlement(rules) if wager == MONEY else Settlement(rules, wager)

    def dealer(self, rules: Rules, shoe: Shoe) -> StandardDealer:
        """The dealer's procedure."""
        return dealer_procedure(rules, shoe)

    def dealt_shoe(self, rules: Rules, shoe: Shoe) -> Shoe:
        """The cards the round's hands are dealt from, given the shoe before the deal: the whole
        shoe (a variant that fixes a dealer card, as Double Exposure's ``hole``, takes it out).

        >>> Variant().dealt_shoe(Rules(), Shoe.decks(1)).describe()
        '1 deck'
        """
        return shoe

    def check_hand(self, rules: Rules, up: int) -> None:
        """Refuse, before any work, hand values this variant cannot give against up card value ``up``
        (the standard round: none)."""

    def check_dealer(self, rules: Rules, up: int) -> None:
        """Refuse, before any work, the dealer's outcomes against up card value ``up`` where the
        variant cannot give them (as :meth:`check_hand` refuses hand values, by default)."""
        self.check_hand(rules, up)

    def seen_hole(self, rules: Rules) -> Optional[int]:
        """The value (1-10) of the dealer's second card the rules fix, seen by the player (None: not
        fixed; the standard round's hole card is never seen)."""
        return None

    def with_hole(self, rules: Rules, hole: int) -> Rules:
        """``rules`` with the dealer's second card fixed at value ``hole``, where the variant shows it
        (:attr:`dealer_hand_seen`); the standard round: the rules unchanged."""
        return rules

    def cards_seen(self, rules: Rules) -> str:
        """Words for the cards the rules fix and take out of the shoe before the hand's deal
        (:meth:`dealt_shoe`), as a shoe line names them; the standard round: none ("")."""
        return ""

    def natural_tie(self, rules: Rules) -> Fraction:
        """What a player natural gets against a dealer natural (the standard round: a push, 0)."""
        return Fraction(0)

    def conditioning_words(self, rules: Rules) -> str:
        """What the values are conditioned on, where the variant's round says more than the standard
        words (empty: the standard words, which follow the peek)."""
        return ""

    def strategy_words(self, strategy: str) -> str:
        """What CD or TD play (``strategy``) decides by, where the variant's round says more than
        the standard words (empty: the standard words)."""
        return ""

    def chart_notes(self, rules: Rules) -> list[str]:
        """What a strategy chart's reader must know about this variant (beyond the rules' notes)."""
        return []

    def bonus_hands(self, rules: Rules) -> tuple[tuple[str, str], ...]:
        """Two-card hands whose exact cards a bonus pays on (as ``("6,7", "the 6-7-8 bonus")``): a
        strategy chart lists where their best play differs from their row's (empty: none)."""
        return ()

    def free_actions(self, rules: Rules) -> str:
        """A line saying which actions are free under ``rules`` (empty: none)."""
        return ""

    def __repr__(self) -> str:
        return f"<variant {self.name}: {self.title}>"


_WORD = re.compile(r"[-\s]+")


class Registry(dict[str, Variant]):
    """Variants by name, looked up by name or alias (any case, ``-`` or space for ``_``).

    >>> registry = Registry([Variant()])
    >>> registry.find("Standard").name
    'standard'
    """

    def __init__(self, variants: Any = ()):
        super().__init__((v.name, v) for v in variants)

    def find(self, name: str) -> Variant:
        """The variant named ``name`` or one of its aliases; a RulesError naming the known ones."""
        key = _WORD.sub("_", str(name).strip().lower())
        if key in self:
            return self[key]
        for variant in self.values():
            if key in variant.aliases:
                return variant
        names = sorted(self) + sorted(a for v in self.values() for a in v.aliases)
        close = difflib.get_close_matches(key, names, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise RulesError(f"unknown variant {name!r}{hint}; variants: {', '.join(sorted(self))}")

    def of(self, rules: Rules) -> Variant:
        """The variant whose round ``rules`` play, its options checked."""
        variant = self.get(rules.variant)
        if variant is None or variant.round_name != rules.variant:
            own = ", ".join(sorted(v.name for v in self.values() if v.round_name == v.name))
            raise RulesError(f"unknown variant {rules.variant!r} ({variant_title(rules.variant)}); variants with a "
                             f"round of their own: {own}")
        variant.check(rules)
        return variant
