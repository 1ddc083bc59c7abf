"""The flat module names of bjcalc 0.1 (before the layered layout) still import, with a
DeprecationWarning, and still hold every public name they had, except the few listed in
:data:`REMOVED` with where each went."""

import importlib
import warnings

import pytest

OLD_NAMES = {
    "arithmetic": "Arithmetic FLOAT EXACT",
    "burn20": "Burn20Dealer hole_branch_dealer FreshTree burn20_outcomes burn20_lengths UP_TEN FLOAT_CUTOFF",
    "buster_player": "round_cannot_run_out round_card_bound player_lengths ENUMERATED_SPLIT_STRATEGIES ENUMERATION_LIMIT",
    "calculator": "Assumptions Calculator dealer_procedure burn20_share pair_state deal_probabilities GameResult ACTIONS STRATEGIES",
    "cards": "rank_index card_value parse_decks parse_shoe parse_cards Shoe MAX_DECKS MAX_COUNT",
    "charts": "tty_progress hand_label two_card_hands is_das_code without_das resolve Chart chart rule_notes EVTable ev_table cell_alternatives td_ev_table edge_sweep plot_edges table_sets table_edges tables_index generate_tables add_chart_parsers run_chart run_tables LETTER_ACTION COLOURS LEGEND EXCEPTION_COLUMNS TABLE_FILES",
    "cli": "main build_parser run rules_from cli_words UsageError one_line COMMANDS",
    "dealer": "hand_total tree_limit StandardDealer grow_levels DealerTree DealerEngine DealerResult N_OUTCOMES BLACKJACK BUSTS SKIP",
    "errors": "BjcalcError RulesError ShoeError HandError StrategyError",
    "explain": "Candidate combinations explain open_rules_text parse_fix",
    "hands": "Context add composition_of describe HandSpace NodeSet UNSPLIT",
    "optimal": "check_optimal_rules OptimalSplit check_exact_game_size OPTIMAL_LIMIT OPTIMAL_GAME_LIMIT_EXACT",
    "output": "WIDTH number assumptions_json chart_json dumps fit lines_fit",
    "player": "UpcardValues hit_values PlayerEngine hand_space",
    "progress": "Progress NON_TERMINAL_INTERVAL TERMINAL_DELAY",
    "published": "Figure Row figures verify verify_text PERCENT FRACTION MATCHES ROUNDING DIFFERS VERDICTS",
    "rules": "parse_payout Rules HOLE_CARD_MODELS DOUBLE_ON SURRENDER BUST_PUSH MAX_SPLIT_HANDS MAX_BLACKJACK_PAYS",
    "settlement": "Settlement",
    "sidebets": "PayTable SideBet LuckyLucky BusterBlackjack SideBetResult RemovalEffects lucky_lucky buster_blackjack SIDE_BETS add_sidebet_parser run_sidebet decks_argument shoe_argument shoe_from_flags sidebet_assumptions",
    "splits": "check_split_strategy post_split_actions most_hands pair_cards slot_states policy_extra first_context needed_contexts context_strategy split_contexts split_value SPLIT_STRATEGIES POST_SPLIT_ACTIONS",
    "strategy": "UpcardStrategy TotalDependentStrategy set_cell total_dependent_game UpcardEvaluator MAX_ROUNDS UP_ORDER UP_LABEL DAS_CODES CODES FALLBACK_LETTER",
    "variants": "standard burn20 burn20_las_vegas no_bust_21st_century classic_single_deck STANDARD BURN20 NO_BUST CLASSIC_SINGLE_DECK",
}
"""Each old module's public names (its ``__all__``, or its public top-level names), read from
the last flat release."""

REMOVED = {
    ("charts", "rule_notes"): "Rules.chart_notes()",
    ("optimal", "check_optimal_rules"): "bjcalc.core.actions.check_optimal_split_rules",
    ("sidebets", "add_sidebet_parser"): "bjcalc.cli.sidebets",
    ("cli", "cli_words"): "bjcalc.core.words: messages are written in the command line's words (FlagWords)",
    ("sidebets", "run_sidebet"): "bjcalc.cli.sidebets",
    ("sidebets", "sidebet_assumptions"): "bjcalc.cli.sidebets (SideBet.assumptions(shoe) for the rest)",
    ("sidebets", "decks_argument"): "bjcalc.cli.shoe_flags",
    ("sidebets", "shoe_argument"): "bjcalc.cli.shoe_flags",
    ("sidebets", "shoe_from_flags"): "bjcalc.cli.shoe_flags",
}
"""Old names that are gone, and where they went: command-line plumbing cannot sit in the
side-bet layer, which the CLI imports."""


@pytest.mark.parametrize("old", sorted(OLD_NAMES))
def test_an_old_module_still_holds_its_names(old):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        module = importlib.import_module(f"bjcalc.{old}")
    missing = [name for name in OLD_NAMES[old].split()
               if not hasattr(module, name) and (old, name) not in REMOVED]
    assert missing == []


def test_an_old_name_warns_where_its_module_went():
    import sys

    sys.modules.pop("bjcalc.charts", None)
    with pytest.warns(DeprecationWarning, match="bjcalc.charts is deprecated: import bjcalc.analysis.charts"):
        importlib.import_module("bjcalc.charts")
