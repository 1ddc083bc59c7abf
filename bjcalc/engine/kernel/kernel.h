/* Shared by the C files of bjcalc's compiled kernel (the .c files of bjcalc/engine/kernel/), which
 * build into one extension module, bjcalc.engine._dealer_kernel (see setup.py).
 *
 * Plain C with no Python API: the module is loaded with ctypes (bjcalc/engine/_kernels.py), which
 * releases the GIL, so Python threads can run disjoint ranges of work on several cores.  This header
 * declares the interface the loader binds: every exported function, with its arguments.  Each one's
 * meaning is written above its definition:
 *   dealer.c         the dealer's outcomes per removed set (plain, and grouped eight sets at a time)
 *   player.c         the player's draws and play against one up card
 *   optimal_split.c  hand 2 of an optimal split
 *   merge.c          the round distribution's merges (product, and square of exchangeable hands)
 *   moments.c        the moments' settlement of one tracked entry (the shifted mass)
 *   module.c         the interface's version and the extension-module stub
 * Raise the version (bjcalc_abi_version in module.c and BJCALC_ABI in _kernels.py) with any change
 * to a function's arguments.
 */
#ifndef BJCALC_KERNEL_H
#define BJCALC_KERNEL_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* dealer.c */
#if defined(__GNUC__) || defined(__clang__)
int bjcalc_dealer_outcomes_grouped(
    int64_t first, int64_t last, int64_t n_levels, const int64_t *level_start, const double *drawn,
    const int64_t *inner_start, const int64_t *inner_value, const int64_t *inner_target,
    const int64_t *state_pattern, int64_t n_patterns, const int64_t *pattern_start,
    const int64_t *pattern_value, const int64_t *pattern_outcome,
    const int64_t *drew_start, const int64_t *drew_value, const double *drew_count,
    const double *counts, const unsigned char *valid, int depletes, int64_t n_outcomes,
    double *out, unsigned char *exhausted);
#endif
int bjcalc_dealer_outcomes(
    int64_t first, int64_t last,
    int64_t n_levels, const int64_t *level_start,
    int64_t n_states, const double *drawn,
    const int64_t *move_start, const int64_t *move_value, const int64_t *move_target,
    const double *counts,
    const unsigned char *valid, int depletes, int64_t n_outcomes,
    double *out,
    unsigned char *exhausted);

/* player.c */
int bjcalc_player_draws(
    int64_t n, const int64_t *removed, const int64_t *counts, int depletes,
    int64_t partner, double share, double bj_fixed, double lose, double on_blackjack,
    int64_t *cards_left, double *draw, double *bust, unsigned char *exhausted);
int bjcalc_player_play(
    int64_t n_levels, const int64_t *level_start, const int64_t *order, const int64_t *child,
    const int64_t *removed, const int64_t *counts, int depletes,
    int64_t partner, double share, double bj_fixed, double lose, double on_blackjack,
    const double *bust_given, int64_t n_outcomes, const double *by_set, const int64_t *removed_index,
    int64_t n_columns, const double *stand_columns, const int64_t *stand_column,
    const unsigned char *can_hit, const unsigned char *must_hit, const int64_t *source,
    int64_t *cards_left, double *stand, double *hit, double *value, unsigned char *hits, double *dbl,
    unsigned char *exhausted, const unsigned char *may_double, const unsigned char *may_surrender,
    const double *surrender, double double_stake, double margin, const double *double_added,
    const double *double_given, unsigned char *action, const unsigned char *forced, double *forced_hit, double *forced_value,
    unsigned char *forced_exhausted, const unsigned char *stand_only);

/* optimal_split.c */
int bjcalc_optimal_second_hand(
    int64_t f_first, int64_t f_last, int64_t n_nodes,
    const int64_t *drawn, const int64_t *child,
    int64_t n_order, const int64_t *order, int64_t root,
    const unsigned char *can_hit, const unsigned char *must_hit, const unsigned char *may_double,
    const int64_t *firsts, const int64_t *available,
    const double *first, const double *own_stand, const double *own_bust,
    const int64_t *variant_start, const double *variant_bet,
    double *out, unsigned char *exhausted, double double_stake, int64_t partner);

/* merge.c */
int64_t bjcalc_merge_product(
    int64_t n_a, const int64_t *a_taken, const int64_t *a_class, const double *a_weight,
    int64_t n_b, const int64_t *b_taken, const int64_t *b_class, const double *b_weight,
    int64_t n_check, const int64_t *place, const int64_t *base, const int64_t *left,
    int64_t capacity, int64_t *out_taken, int64_t *out_class, double *out_weight);
int64_t bjcalc_merge_square(
    int64_t n_a, const int64_t *a_taken, const int64_t *a_class, const double *a_weight,
    int64_t n_check, const int64_t *place, const int64_t *base, const int64_t *left,
    int64_t capacity, int64_t *out_taken, int64_t *out_class, double *out_weight);

/* moments.c */
int bjcalc_shifted_mass(
    int64_t n_states, const int64_t *set, const int64_t *cls, const double *weight,
    int64_t n_shifts, const double *coef, int64_t n_sets, const double *chance, const int64_t *row,
    int64_t n_outcomes, const double *probabilities, double *mass,
    double *combined, int64_t *stamp, int64_t entry);

/* module.c */
int bjcalc_abi_version(void);
void *PyInit__dealer_kernel(void);

#endif
