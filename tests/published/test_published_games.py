"""Published house edges of the seed games: which assumptions reproduce them (the figures and their
sources are in bjcalc/analysis/published.py).

Rows of ``bjcalc verify`` that reproduce must keep reproducing; the open-rule
combinations found by ``bjcalc explain`` are pinned here so a change to the engine
that moves them is noticed.  Figures we do not reproduce stay reported as such
(``bjcalc verify`` prints them); nothing here adjusts a published number.
"""

import json

import pytest

from bjcalc import Calculator, variants
from bjcalc.cli import main
from bjcalc.analysis.explain import explain
from bjcalc.analysis.published import DIFFERS, MATCHES, ROUNDING, verify


def test_burn20_card_edge_is_reproduced_by_four_decks_obo_rsa():
    # 0.74 % (no assumptions on the card): 4 decks, S17, a dealer blackjack takes the original
    # bet only (peek gives the same), DAS, split to 4 hands, resplit aces, CD play.
    rules = variants.burn20(decks=4, hole_card="enhc_obo", max_split_hands=4, resplit_aces=True)
    edge = -Calculator(rules).game().ev * 100
    assert round(edge, 2) == 0.74


def test_burn20_uk_reading_does_not_give_the_card_edge():
    edge = -Calculator(variants.burn20()).game().ev * 100
    assert abs(edge - 0.74) > 0.005


def test_classic_single_deck_edge_needs_drawing_to_split_aces_and_td_play():
    rows = explain("classic_single_deck", "0.13", fixed={"max_split_hands": 2, "resplit_aces": False}, workers=1)
    matching = [r for r in rows if r.matches]
    assert [(dict(r.choices), r.strategy) for r in matching] == [
        ({"double_after_split": False, "max_split_hands": 2, "resplit_aces": False, "hit_split_aces": True}, "TD")]


@pytest.mark.parametrize("key", ["uk-standard", "nairn-8-8-das", "nairn-8-8-no-das", "exact-6d-cdz-", "exact-6d-cdp1",
                                 "wizard-2d-h17-peek-das", "wizard-6d-h17-enhc-nodas"])
def test_verify_reproduces_the_standard_figures(key):
    assert verify(only=[key])[0].verdict in (MATCHES, ROUNDING)


@pytest.mark.parametrize("key", ["griffin-infinite", "exact-6d-cdp", "classic-single-deck", "burn20-card"])
def test_verify_reports_figures_it_does_not_reproduce(key):
    row = verify(only=[key])[0]
    assert row.verdict == DIFFERS and row.cd is not None


def test_binions_rsa_effect_is_within_the_publications_rounding():
    # Issue 10 item 11: -0.07 % published, ours -0.065 %: a rule effect printed to 0.01 % is
    # within one unit of its last digit, not "not reproduced" (and not to its digits either).
    row = verify(only=["burn20-vegas-rsa"])[0]
    assert row.verdict == ROUNDING and 0.005 < abs(row.difference) <= 0.01


def test_verify_cli_json(capsys):
    assert main(["verify", "--only", "nairn-8-8-das", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (row,) = out["figures"]
    assert out["command"] == "verify"
    assert row["verdict"] == MATCHES and row["published_as_printed"] == "-0.333718"
    assert row["published"] == -0.333718 and row["unit"] == "fraction"


def test_explain_cli(capsys):
    argv = ["explain", "--variant", "classic_single_deck", "--edge", "0.13", "--workers", "1", "--json",
            "--fix", "max_split_hands=2", "resplit_aces=false", "double_after_split=false"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    best = out["candidates"][0]
    assert best["rounds_to_target"] and best["strategy"] == "TD" and best["rules"]["hit_split_aces"] is True
    assert round(best["house_edge"] * 100, 2) == 0.13 and out["target_house_edge"] == 0.0013
    assert "hit split aces" in best["assumptions"]["rules"]


def test_explain_cli_bad_fix_is_one_line(capsys):
    assert main(["explain", "--variant", "burn20", "--edge", "0.74", "--fix", "decks"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_variant_flag_sets_the_preset_and_flags_override_it(capsys):
    assert main(["edge", "--variant", "classic_single_deck", "--hit-split-aces", "--json"]) == 0
    rules = json.loads(capsys.readouterr().out)["assumptions"]["rules"]
    assert rules.startswith("1 deck, S17") and "hit split aces" in rules and "11-card hands stand" in rules


def test_double_exposure_figures_are_reported_as_not_reproduced():
    """The Wizard of Odds' Double Exposure edges are 0.09-0.10 % below ours, TD and CD alike: reported,
    with the readings tried, never adjusted."""
    row = verify(only=["dexp-6d-h17-nodas-push"])[0]
    assert row.verdict == DIFFERS and 0.08 < abs(row.difference) < 0.1 and row.td >= row.cd   # (house edges)
    assert "no reading tried" in row.figure.why
