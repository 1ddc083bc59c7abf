"""Each registered variant's independent oracle as one call, for the registry battery.

``ORACLES[name](rules, cards)`` is the set of exact game EVs (CD play, CDZ- split hands, every
tie-break the oracle cannot tell apart) that the oracle written for that game gives for
``rules`` on the shoe ``cards`` (cards with suits, like ``"AS"``).  The oracles were written
from the reference files and the rule cards alone, never from the engine; this module only
reads a :class:`bjcalc.Rules` into each oracle's own rule object.  A variant no single oracle
covers is in :data:`UNCOVERED`, with why and where its parts are checked instead.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Callable

from oracles import brute_double_exposure as de
from oracles import brute_free_bet as fb
from oracles import brute_spanish21 as s21
from oracles import brute_switch as sw
from oracles import brute_variants as bv

__all__ = ["ORACLES", "UNCOVERED"]


def _presets(rules, cards: list[str]) -> set[Fraction]:
    """The variants made of rule values alone (brute_variants: Burn 20 and its Las Vegas game,
    No Bust and its Ocean's 11 game, the classic single deck and the standard game)."""
    assert rules.max_split_hands <= 2
    pays = Fraction(rules.blackjack_pays)
    oracle_rules = bv.VRules(
        h17=rules.dealer_hits_soft_17, bj_pays=pays, hole=rules.hole_card, double_on=rules.double_on,
        double_soft=rules.double_soft, das=rules.double_after_split, max_split_hands=rules.max_split_hands,
        hit_split_aces=rules.hit_split_aces, double_split_aces=rules.double_split_aces,
        split_tens_by_rank=rules.split_tens_by_rank, surrender=rules.surrender,
        max_hand_cards=rules.max_hand_cards, burn_20=rules.burn_20, dealer_22_pushes=rules.dealer_22_pushes,
        bust_push=rules.bust_push, must_hit_below=rules.must_hit_below, hit_21=rules.hit_21,
        double_after_hit=rules.double_after_hit, charlie=rules.charlie)
    return {Fraction(ev) for ev in bv.Game(cards, oracle_rules).game_ev_candidates()}


def _free_bet(rules, cards: list[str]) -> set[Fraction]:
    """Free Bet Blackjack (brute_free_bet), by card value."""
    options = dict(rules.options)
    values = Counter(min(10, "A23456789TJQK".index(card[0]) + 1) for card in cards)
    oracle_rules = fb.FBRules(h17=rules.dealer_hits_soft_17, max_hands=rules.max_split_hands,
                              resplit_aces=rules.resplit_aces,
                              free_split_fours=options.get("free_split_fours", True),
                              free_double_any_cards=options.get("free_double_any_cards", False),
                              das=rules.double_after_split,
                              blackjack_pays=Fraction(rules.blackjack_pays))
    return {fb.game_ev(fb.make_shoe(dict(values)), oracle_rules)}


def _double_exposure(rules, cards: list[str]) -> set[Fraction]:
    """Double Exposure (brute_double_exposure), by card value; with the hole card fixed, the game
    given it: each up card's round weighed by its chance in the shoe less the hole card."""
    options = dict(rules.options)
    values = Counter(min(10, "A23456789TJQK".index(card[0]) + 1) for card in cards)
    double = {"any": "any" if rules.double_soft else "any_hard"}.get(rules.double_on, rules.double_on)
    oracle_rules = de.DERules(h17=rules.dealer_hits_soft_17, double=double, das=rules.double_after_split,
                              max_split_hands=rules.max_split_hands, resplit_aces=rules.resplit_aces,
                              tied_naturals=options.get("tied_naturals", "win"),
                              blackjack_pays=Fraction(rules.blackjack_pays))
    shoe = de.make_shoe(dict(values))
    if "hole" not in options:
        return {de.game_ev(shoe, oracle_rules)}
    hole = "A23456789T".index(options["hole"]) + 1
    left = [n - (v == hole) for v, n in enumerate(shoe, start=1)]
    return {sum(Fraction(left[up - 1], sum(left)) * de.dealer_hand_ev(shoe, up, hole, oracle_rules)
                for up in range(1, 11) if left[up - 1])}


def _blackjack_switch(rules, cards: list[str]) -> set[Fraction]:
    """Blackjack Switch (brute_switch), by card value: the sum of the two hands, per hand."""
    options = dict(rules.options)
    assert "other_hand" not in options, "the battery values whole games"
    values = Counter(min(10, "A23456789TJQK".index(card[0]) + 1) for card in cards)
    double = "any" if rules.double_on == "any" and rules.double_soft else rules.double_on
    oracle_rules = sw.SWRules(h17=rules.dealer_hits_soft_17, double=double, das=rules.double_after_split,
                              max_split_hands=rules.max_split_hands, resplit_aces=rules.resplit_aces,
                              blackjack_pays=Fraction(rules.blackjack_pays), dealer_22_pushes=rules.dealer_22_pushes,
                              switched_blackjack=options.get("switched_blackjack", "21"))
    return {sw.game_ev(sw.make_shoe(dict(values)), oracle_rules) / 2}


def _spanish_21(rules, cards: list[str]) -> set[Fraction]:
    """Spanish 21 (brute_spanish21), by card value; the 7-7-7's suits as the rules' decks."""
    options = dict(rules.options)
    redoubling = options.get("redoubling", False)
    assert not (redoubling and options.get("rescue_redoubles") is False), "the oracle rescues after every double"
    assert rules.hit_split_aces and rules.double_split_aces and rules.double_after_hit, "the oracle's Spanish 21"
    values = Counter(min(10, "A23456789TJQK".index(card[0]) + 1) for card in cards)
    oracle_rules = s21.S21Rules(h17=rules.dealer_hits_soft_17, max_hands=rules.max_split_hands,
                                surrender=rules.surrender == "late", max_doubles=3 if redoubling else 1,
                                rescue=options.get("rescue", True), bonus_on_split=options.get("split_bonuses", True),
                                decks=rules.decks, blackjack_pays=Fraction(rules.blackjack_pays),
                                face_pairs_win=options.get("face_pairs_win", False),
                                bonus_cards_on_split=options.get("split_card_bonuses", True))
    return {s21.game_ev(s21.make_shoe(dict(values)), oracle_rules)}


ORACLES: dict[str, Callable[..., set[Fraction]]] = {
    "standard": _presets, "burn20": _presets, "burn20_las_vegas": _presets,
    "no_bust_21st_century": _presets, "no_bust_oceans_11": _presets,
    "classic_single_deck": _presets, "free_bet": _free_bet, "double_exposure": _double_exposure,
    "blackjack_switch": _blackjack_switch, "spanish_21": _spanish_21, "players_edge_21": _spanish_21}
"""The oracle of every variant one oracle covers whole."""

UNCOVERED: dict[str, str] = {}
"""Why a variant has no oracle of its own, and where its parts are held to one (none now: the Las
Vegas Burn 20 and Ocean's 11 No Bust games joined brute_variants with its doubling on any number
of cards and surrender at any time)."""
