/* The dealer's outcomes: the inner loop of bjcalc's dealer engine in floating point (see
 * bjcalc/engine/dealer.py).
 *
 * For each removed set j in [first, last): walk the dealer tree once, level by level,
 * pushing the probability of each drawing state to its children (or to a final outcome),
 * with the chance of drawing value v from what is left: (counts[j][v] - drawn[s][v]) / remaining.
 * bjcalc_dealer_outcomes_grouped does it eight sets at a time with the final moves grouped (where
 * the compiler has vector extensions), bjcalc_dealer_outcomes one set at a time.
 */
#include "kernel.h"

#if defined(__GNUC__) || defined(__clang__)
/* Eight removed sets at a time, one per lane of a vector, so that the tree's bookkeeping (state, move,
 * target) is paid once per eight sets.  On x86-64 with glibc the block is compiled for AVX-512, AVX2 and
 * the baseline, and the loader picks what the machine has (no FMA: -ffp-contract=off, and each lane does
 * the same operations in the same order whatever the vector width, so the numbers do not depend on it). */
#define LANES 8
typedef double lanes_t __attribute__((vector_size(LANES * sizeof(double))));
typedef int64_t mask_t __attribute__((vector_size(LANES * sizeof(double))));   /* a comparison's lanes */
#define KEEP(x, mask) ((lanes_t)((mask_t)(x) & (mask)))                         /* x where mask, else +0 */
#if defined(__x86_64__) && defined(__GLIBC__) && !defined(__clang__)   /* (clones need glibc's ifunc) */
#define MULTI_TARGET __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define MULTI_TARGET
#endif

static inline int any_lane(mask_t mask)
{
    int64_t any = 0;
    for (int w = 0; w < LANES; w++) any |= mask[w];
    return any != 0;
}

/* The walk of the scalar loop in bjcalc_dealer_outcomes for eight sets at once, with the moves to a
 * final outcome grouped.  A state s that draws value v to a final outcome o adds p_s (left[v] - d_s[v])
 * to it, where only p_s depends on the state among states of one pattern (the same (v, o) pairs: the
 * dealer's total and softness decide them).  So a pattern keeps P = sum of p_s and, per value,
 * Q[v] = sum of p_s d_s[v] over its states (nonzero only where the state drew that value), and outcome
 * o gets left[v] P - Q[v] per pair at the end: about 10 operations per state instead of 3 per final
 * move (most of a state's 10).  The sums
 * are the scalar walk's up to rounding (each final term is clamped at +0: its exact value is never
 * negative; p_s is the state's weight times the level's inverse count), not to the bit.
 *
 * No clamp of a count drawn to another state: a lane that reaches a state (p > 0) drew its cards, so it
 * holds at least d[v] of every value and n >= 0; a lane that does not has p = +0 and adds p * n = +0 or
 * -0, which leaves every sum as it was (reach starts at +0). */
typedef struct {      /* a tree's arrays as the grouped walk reads them (GroupedMoves in _kernels.py) */
    int64_t n_levels;
    const int64_t *level_start;
    const double *drawn;
    const int64_t *inner_start, *inner_value, *inner_target, *state_pattern;
    int64_t n_patterns;
    const int64_t *pattern_start, *pattern_value, *pattern_outcome, *drew_start, *drew_value;
    const double *drew_count;
} grouped_tree;

MULTI_TARGET
static void dealer_block_grouped(
    int64_t j0, int64_t lanes, const grouped_tree *tree, const double *counts, const unsigned char *valid,
    int depletes, int64_t n_outcomes, double *out, unsigned char *exhausted, lanes_t *reach)
{
    const int64_t n_levels = tree->n_levels, *level_start = tree->level_start, *inner_start = tree->inner_start;
    const int64_t *inner_value = tree->inner_value, *inner_target = tree->inner_target;
    const int64_t *state_pattern = tree->state_pattern, n_patterns = tree->n_patterns;
    const int64_t *pattern_start = tree->pattern_start, *pattern_value = tree->pattern_value;
    const int64_t *pattern_outcome = tree->pattern_outcome, *drew_start = tree->drew_start;
    const int64_t *drew_value = tree->drew_value;
    const double *drawn = tree->drawn, *drew_count = tree->drew_count;
    lanes_t left[10], total = {0}, zero = {0}, live = {0};
    for (int v = 0; v < 10; v++) left[v] = zero;
    for (int64_t w = 0; w < lanes; w++) {
        if (!valid[j0 + w]) continue;
        live[w] = 1.0;
        for (int v = 0; v < 10; v++) left[v][w] = counts[(j0 + w) * 10 + v];
    }
    for (int v = 0; v < 10; v++) total += left[v];
    int64_t n_states = level_start[n_levels];
    lanes_t *ended = reach + n_states;            /* n_outcomes */
    lanes_t *P = ended + n_outcomes;              /* n_patterns */
    lanes_t *Q = P + n_patterns;                  /* n_patterns x 10 */
    /* The states and sums start at zero (the caller zeroes them once) and each is zeroed again once
     * read (one no lane reached still holds +0), so a block clears only what it used, not the whole
     * tree and its sums (clearing them all took most of a game's time in memset). */
    reach[0] = live;
    for (int64_t k = 0; k < n_levels; k++) {
        lanes_t remaining = depletes ? total - (double)k : total;
        mask_t positive = remaining > 0.0;
        lanes_t safe = KEEP(remaining, positive) + KEEP(zero + 1.0, ~positive);   /* no 0/0 in dry lanes */
        int dry_level = any_lane(~positive);
        lanes_t inverse = KEEP((zero + 1.0) / safe, positive);     /* one division per level, not per state */
        for (int64_t s = level_start[k]; s < level_start[k + 1]; s++) {
            lanes_t r = reach[s];
            mask_t reached = r != 0.0;
            if (!any_lane(reached)) continue;
            reach[s] = zero;
            if (dry_level) {         /* a lane that reaches a draw with no card left runs out */
                mask_t dry = reached & ~positive;
                for (int w = 0; w < lanes; w++)
                    if (dry[w]) exhausted[j0 + w] = 1;
            }
            lanes_t p = r * inverse;
            const double *d = drawn + s * 10;
            for (int64_t m = inner_start[s]; m < inner_start[s + 1]; m++) {
                int64_t v = inner_value[m];
                reach[inner_target[m]] += p * (depletes ? left[v] - d[v] : left[v]);
            }
            int64_t pattern = state_pattern[s];
            P[pattern] += p;
            lanes_t *q = Q + pattern * 10;
            for (int64_t m = drew_start[s]; m < drew_start[s + 1]; m++) q[drew_value[m]] += p * drew_count[m];
        }
    }
    for (int64_t pattern = 0; pattern < n_patterns; pattern++) {
        for (int64_t m = pattern_start[pattern]; m < pattern_start[pattern + 1]; m++) {
            int64_t v = pattern_value[m];     /* (a state's Q holds only its pattern's values) */
            lanes_t term = left[v] * P[pattern] - (depletes ? Q[pattern * 10 + v] : zero);
            Q[pattern * 10 + v] = zero;
            ended[pattern_outcome[m]] += KEEP(term, term > 0.0);
        }
        P[pattern] = zero;
    }
    for (int64_t w = 0; w < lanes; w++) {
        if (!valid[j0 + w]) continue;
        double *row = out + (j0 + w) * n_outcomes;
        for (int64_t o = 0; o < n_outcomes; o++) row[o] = exhausted[j0 + w] ? 0.0 : ended[o][w];
    }
    for (int64_t o = 0; o < n_outcomes; o++) ended[o] = zero;
}

/* bjcalc_dealer_outcomes with the final moves grouped by pattern (dealer_block_grouped; the tree's
 * arrays from GroupedMoves in bjcalc/engine/_kernels.py).  out must be zeroed. */
int bjcalc_dealer_outcomes_grouped(
    int64_t first, int64_t last, int64_t n_levels, const int64_t *level_start, const double *drawn,
    const int64_t *inner_start, const int64_t *inner_value, const int64_t *inner_target,
    const int64_t *state_pattern, int64_t n_patterns, const int64_t *pattern_start,
    const int64_t *pattern_value, const int64_t *pattern_outcome,
    const int64_t *drew_start, const int64_t *drew_value, const double *drew_count,
    const double *counts, const unsigned char *valid, int depletes, int64_t n_outcomes,
    double *out, unsigned char *exhausted)
{
    grouped_tree tree = {n_levels, level_start, drawn, inner_start, inner_value, inner_target, state_pattern,
                         n_patterns, pattern_start, pattern_value, pattern_outcome, drew_start, drew_value,
                         drew_count};
    int64_t n_states = level_start[n_levels];
    void *space = NULL;
    size_t slots = (size_t)(n_states + n_outcomes + 11 * n_patterns);
    if (posix_memalign(&space, 64, sizeof(lanes_t) * (slots > 0 ? slots : 1)) != 0) return -1;
    memset(space, 0, sizeof(lanes_t) * slots);     /* (each block leaves its states and sums at zero) */
    for (int64_t j = first; j < last; j += LANES) {
        int64_t lanes = last - j < LANES ? last - j : LANES;
        dealer_block_grouped(j, lanes, &tree, counts, valid, depletes, n_outcomes, out, exhausted, (lanes_t *)space);
    }
    free(space);
    return 0;
}
#endif

/* For each removed set j in [first, last) (see the top of the file), one set at a time: the loop
 * for compilers without vector extensions (bjcalc_dealer_outcomes_grouped is the one in use where it
 * is built).  out must be zeroed. */
int bjcalc_dealer_outcomes(
    int64_t first, int64_t last,
    int64_t n_levels, const int64_t *level_start,
    int64_t n_states, const double *drawn,          /* n_states x 10 */
    const int64_t *move_start, const int64_t *move_value, const int64_t *move_target,
    const double *counts,                        /* sets x 10 */
    const unsigned char *valid, int depletes, int64_t n_outcomes,
    double *out,                                 /* sets x n_outcomes */
    unsigned char *exhausted)
{
    double *reach = (double *)malloc(sizeof(double) * (size_t)(n_states > 0 ? n_states : 1));
    if (!reach) return -1;
    for (int64_t j = first; j < last; j++) {
        double *row = out + j * n_outcomes;
        const double *left = counts + j * 10;
        if (!valid[j]) continue;
        memset(reach, 0, sizeof(double) * (size_t)n_states);
        reach[0] = 1.0;
        double total = 0.0;
        for (int v = 0; v < 10; v++) total += left[v];
        for (int64_t k = 0; k < n_levels; k++) {
            double remaining = depletes ? total - (double)k : total;
            for (int64_t s = level_start[k]; s < level_start[k + 1]; s++) {
                double p = reach[s];
                if (p == 0.0) continue;
                if (remaining <= 0.0) { exhausted[j] = 1; continue; }
                p /= remaining;
                const double *d = drawn + s * 10;
                for (int64_t m = move_start[s]; m < move_start[s + 1]; m++) {
                    int64_t v = move_value[m];
                    double n = depletes ? left[v] - d[v] : left[v];
                    if (n <= 0.0) continue;
                    int64_t t = move_target[m];
                    if (t >= 0) reach[t] += p * n;
                    else row[-1 - t] += p * n;
                }
            }
        }
        if (exhausted[j]) for (int64_t o = 0; o < n_outcomes; o++) row[o] = 0.0;
    }
    free(reach);
    return 0;
}
