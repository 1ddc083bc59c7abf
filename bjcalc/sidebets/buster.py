"""Buster Blackjack: pays when the dealer busts, by the number of cards in the busted hand.

The bet deals the whole dealer hand from the shoe (model ``"shoe"``): the up card is
random too, nothing else is removed, and the dealer always completes the hand; the
probabilities by hand length come from the engine (:mod:`bjcalc.engine.lengths`).  Its
model ``"player"`` (one player plays the main game first, and his cards leave the shoe)
gives exactly the same probabilities, because the player's draws stop on cards already
seen (:mod:`bjcalc.sidebets.buster_player`); :meth:`BusterBlackjack.compare_models`
shows both.  ``burn_20=True`` gives Buster the Burn 20 dealer (:mod:`bjcalc.engine.burn20`):
the bet counts the cards of the dealer's final hand, burned cards not included, and a
dealer 22 is a bust (``twenty_two_is_bust=False`` flips that).

>>> buster = buster_blackjack(decks=6, hits_soft_17=True, paytable="wizard")
>>> f"{float(buster.house_edge):.4%}"
'6.2143%'
>>> BusterBlackjack(hits_soft_17=True).bust_distribution(6).index[:2].tolist()
['bust 3 cards', 'bust 4 cards']
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional, Sequence, Union

import numpy as np

from ..core.cards import Shoe
from ..core.errors import RulesError, ShoeError
from ..core.rules import Rules
from ..core.words import suited_shoe
from ..engine.burn20 import Burn20Dealer
from ..engine.dealer import StandardDealer
from ..engine.lengths import BUST_OUTCOMES, dealer_lengths
from .base import PayTableLike, ShoeLike, SideBet, SideBetResult, as_shoe, shoe_or_decks, user_number

if TYPE_CHECKING:   # pandas is imported where a table is built: it is slow to import
    import pandas as pd

__all__ = ["BusterBlackjack", "buster_blackjack", "BUSTER_MODELS", "BUST_OUTCOMES"]

BUSTER_MODELS = ("shoe", "player")
"""How the dealer's hand is dealt: from the whole shoe, or after one player's cards (equal)."""


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
    fast with the number of decks); floats stop the burn stages below 1e-18 (quick at
    any size).
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
    description = "pays when the dealer busts, by the number of cards"
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
            self.procedure: StandardDealer = (Burn20Dealer if burn_20 else StandardDealer)(self.hits_soft_17)
        else:
            self._init_player(hits_soft_17, rules, strategy, split_strategy, method, burn_20)
        self._busts = BUST_OUTCOMES if twenty_two_is_bust else BUST_OUTCOMES[1:]
        if self._burn20:
            self._removal_method = ("each specific card (rank and suit) removed in turn, as Burn 20 needs the "
                                    "suits; a rank's EoR is the average over its cards, weighted by their counts "
                                    "(T: all ten-value cards)")
        self._cache: dict[tuple[Shoe, bool], tuple[dict[int, Any], Any]] = {}

    def _init_player(self, hits_soft_17: Optional[bool], rules: Optional[Rules], strategy: Optional[str],
                     split_strategy: Optional[str], method: str, burn_20: Optional[bool]) -> None:
        from ..engine.splits import check_split_strategy
        from ..game.rounds import strategy_name
        from .buster_player import main_game_dealer

        if rules is None:
            if burn_20:   # the seed game, Burn 20 (UK defaults), with the dealer's soft-17 rule asked for
                from ..game.variants import burn20

                rules = burn20(dealer_hits_soft_17=bool(hits_soft_17))
            else:
                rules = Rules(dealer_hits_soft_17=bool(hits_soft_17))
        elif not isinstance(rules, Rules):
            raise RulesError(f"rules must be a bjcalc.Rules, not {type(rules).__name__}")
        dealer = main_game_dealer(rules)
        burns = dealer.burns_cards
        if hits_soft_17 is not None and hits_soft_17 != dealer.hits_soft_17:
            raise RulesError(f"hits_soft_17={hits_soft_17} disagrees with rules "
                             f"({'H17' if dealer.hits_soft_17 else 'S17'}): model 'player' takes the "
                             f"dealer's rule from rules.dealer_hits_soft_17; give only one of them")
        if burn_20 is not None and burn_20 != burns:
            raise RulesError(f"burn_20={burn_20} disagrees with rules (burn_20={burns}): model 'player' "
                             f"takes the dealer procedure from rules.burn_20; give only one of them")
        if method == "enumerate" and (burns or not self.twenty_two_is_bust):
            what = "the Burn 20 dealer" if burns else "twenty_two_is_bust=False"
            raise RulesError(f"Buster Blackjack model 'player' enumerates the player's cards for the standard "
                             f"dealer with every bust paying only, not with {what}; use method='auto' (it equals "
                             f"model 'shoe' exactly wherever no round can run out of cards)")
        strategy = "CD" if strategy is None else strategy_name(strategy)
        split_strategy = "CDZ-" if split_strategy is None else split_strategy
        check_split_strategy(split_strategy, rules)
        if method not in ("auto", "enumerate"):
            raise RulesError(f"method must be 'auto' or 'enumerate', not {method!r}")
        self.rules, self.strategy, self.split_strategy = rules, strategy, split_strategy
        self.hits_soft_17 = dealer.hits_soft_17
        self.procedure = dealer

    @property
    def _burn20(self) -> bool:
        """Whether the dealer is Burn 20's (:class:`~bjcalc.engine.burn20.Burn20Dealer`), the one
        procedure that burns cards."""
        return self.procedure.burns_cards

    def _procedure(self, shoe: Shoe) -> StandardDealer:
        """The dealer's procedure on this shoe: Burn 20's with the shoe's suit share (:meth:`_share`)."""
        if not self._burn20:
            return self.procedure
        return Burn20Dealer(self.hits_soft_17, self._share(shoe))

    @property
    def burn_20(self) -> bool:
        """Whether the dealer is Burn 20's: the bet's ``burn_20``, or with model ``"player"``
        the procedure its rules' variant deals (:meth:`~bjcalc.game.variant.Variant.dealer`).

        >>> BusterBlackjack(burn_20=True).burn_20, BusterBlackjack().burn_20
        (True, False)
        """
        return self._burn20

    def __repr__(self) -> str:
        extra = (", burn_20=True" if self._burn20 else "") + ("" if self.twenty_two_is_bust else
                                                             ", twenty_two_is_bust=False")
        if self.model == "shoe":
            return f"BusterBlackjack(hits_soft_17={self.hits_soft_17}, model='shoe'{extra})"
        return (f"BusterBlackjack(model='player', rules={self.rules!r}, strategy={self.strategy!r}, "
                f"split_strategy={self.split_strategy!r}, method={self.method!r}{extra})")

    def _enumerates(self, shoe: Shoe) -> bool:
        """Model 'player' on this shoe: enumerate the player's cards (else the shoe model, equal).

        Enumeration replays the standard dealer only: with Burn 20 (or a 22 that is no
        bust) a shoe that would need it is refused."""
        # buster_player loads the game layer's Calculator: imported when model 'player' asks
        from .buster_player import round_card_bound, round_cannot_run_out

        assert self.rules is not None
        enumerates = not shoe.is_infinite and (self.method == "enumerate" or not round_cannot_run_out(shoe, self.rules))
        if enumerates and (self._burn20 or not self.twenty_two_is_bust):
            if self._burn20:
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
        if self._burn20:
            self._share(shoe)
        if self.model == "player":
            self._enumerates(shoe)

    def _share(self, shoe: Shoe) -> Fraction:
        """Burn 20: the chance that a hole ace under a ten shares its suit (the main game's)."""
        if not shoe.is_infinite and shoe.suit_counts is None:
            raise ShoeError("Buster Blackjack with the Burn 20 dealer needs the suits of the aces and tens (a hole "
                            f"ace of the up card's suit is burned): {suited_shoe()}; this shoe is counted by rank "
                            f"only")
        from ..engine.procedures import burn20_share

        return burn20_share(shoe)

    def _dealer_text(self, shoe: Shoe) -> tuple[str, ...]:
        soft = f"{'hits' if self.hits_soft_17 else 'stands on'} soft 17"
        twenty_two = ("a dealer 22 counts as a bust" + (" (it pushes Burn 20's main bet, but the dealer busted)"
                                                        if self._burn20 else "")
                      if self.twenty_two_is_bust else
                      "a dealer 22 counts as no bust (twenty_two_is_bust=False): the bet loses")
        if not self._burn20:
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
        if not self._burn20:
            return super()._removals(shoe)
        self._share(shoe)
        assert shoe.suit_counts is not None
        return self._removals_by_card(shoe.suit_counts)

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
                    "TD": "TD (the total-dependent basic strategy chart of these rules and shoe)"}[self.strategy or "CD"]
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

        Shoes with the same value counts (and, for Burn 20, the same suit share) are computed once,
        each with its own dealer procedure (:meth:`_procedure`)."""
        keys = [(s.value_counts(), s.is_infinite, self._procedure(s)) for s in shoes]
        found: dict[tuple, tuple[dict[int, Any], Any]] = {}
        for flag in (False, True):
            group = [k for k in dict.fromkeys(keys) if k[1] == flag]
            if not group:
                continue
            rows = np.array([k[0] for k in group], dtype=np.int64).reshape(-1, 10)
            bust, stand, exhausted = dealer_lengths(rows, [k[2] for k in group], not flag, exact, self._busts)
            if exhausted.any():
                stuck = shoes[keys.index(group[int(np.argmax(exhausted))])]
                burns = " (burns can use up the tens and aces)" if self._burn20 else ""
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
        import pandas as pd

        shoe = as_shoe(shoe)
        self._check(shoe)
        busts, no_bust = self._lengths([shoe], exact)[0]
        labels = [f"bust {n} cards" for n in busts if busts[n] != 0] + ["no bust"]
        values = [user_number(p, exact) for p in busts.values() if p != 0] + [user_number(no_bust, exact)]
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
        import pandas as pd

        shoe = as_shoe(shoe)
        if self.model == "shoe":
            shoe_bet, player_bet = self, BusterBlackjack(hits_soft_17=self.hits_soft_17, model="player",
                                                         burn_20=self._burn20,
                                                         twenty_two_is_bust=self.twenty_two_is_bust)
        else:
            shoe_bet, player_bet = BusterBlackjack(hits_soft_17=self.hits_soft_17, burn_20=self._burn20,
                                                   twenty_two_is_bust=self.twenty_two_is_bust), self
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
    return bet.evaluate(shoe_or_decks(shoe, decks), paytable, exact)

