/* Inner loop of bjcalc's dealer engine in floating point (see bjcalc/engine/dealer.py).
 *
 * For each removed set j in [first, last): walk the dealer tree once, level by level,
 * pushing the probability of each drawing state to its children (or to a final outcome),
 * with the chance of drawing value v from what is left: (counts[j][v] - drawn[s][v]) / remaining.
 * Plain C with no Python API: loaded with ctypes, which releases the GIL, so Python threads
 * can run disjoint ranges of sets on several cores.  The PyInit stub only lets setuptools
 * build this file as an extension module.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
 * move (most of a state's 10; 26 ms -> 18 ms for the ten up cards of a 6-deck game here).  The sums
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

/* Hand 2 of an optimal split (see bjcalc/engine/optimal.py), for hand-1 compositions f in [f_first, f_last).
 *
 * Nodes are hand 2's extensions (cards drawn after its pair card); order lists the playable ones
 * (two cards or more) from the highest hard total down, so children come first.  Per composition f
 * (a row of firsts) the chance of each non-busting next card comes from the cards left:
 * available - firsts[f] - drawn[n].  first/own_stand/own_bust (f x nodes) are hand 1's payoff for a
 * unit bet, hand 2 standing and hand 2 busted, against the dealer given that removed set.  Each
 * variant (bet variant_bet[i] of hand 1, variants variant_start[f] .. variant_start[f + 1]) gets
 * hand 2's optimal joint value in out[i].  Ties go to the earlier of stand, hit, double.  exhausted[f]
 * is set when a hand that may draw would find fewer than two cards (its own and the dealer's hole),
 * unless every card left is a blackjack partner (value index partner, -1 for none) that a peek ruled out.
 */
int bjcalc_optimal_second_hand(
    int64_t f_first, int64_t f_last, int64_t n_nodes,
    const int64_t *drawn, const int64_t *child,            /* nodes x 10 */
    int64_t n_order, const int64_t *order, int64_t root,
    const unsigned char *can_hit, const unsigned char *must_hit, const unsigned char *may_double,
    const int64_t *firsts, const int64_t *available,         /* compositions x 10, 10 */
    const double *first, const double *own_stand, const double *own_bust,   /* compositions x nodes */
    const int64_t *variant_start, const double *variant_bet,
    double *out, unsigned char *exhausted, int64_t partner)
{
    size_t n = (size_t)(n_nodes > 0 ? n_nodes : 1);
    double *q = (double *)calloc(n * 10, sizeof(double));
    double *work = (double *)calloc(n * 5, sizeof(double));
    unsigned char *valid = (unsigned char *)calloc(n, 1);
    if (!q || !work || !valid) { free(q); free(work); free(valid); return -1; }
    double *first_busting = work, *own_busting = work + n, *first_next = work + 2 * n;
    double *double_own = work + 3 * n, *value = work + 4 * n;
    for (int64_t f = f_first; f < f_last; f++) {
        const double *fst = first + f * n_nodes, *st = own_stand + f * n_nodes, *bu = own_bust + f * n_nodes;
        for (int64_t m = 0; m < n_nodes; m++) {
            double left[10], total = 0.0;
            valid[m] = 1;
            for (int v = 0; v < 10; v++) {
                left[v] = (double)(available[v] - firsts[f * 10 + v] - drawn[m * 10 + v]);
                if (left[v] < 0) valid[m] = 0;
                total += left[v];
            }
            double *qm = q + m * 10;
            if (!valid[m]) { memset(qm, 0, 10 * sizeof(double)); continue; }
            int draws = (m == root) || can_hit[m] || may_double[m];
            /* (cards left that are all the hole card a peek ruled out: no real round gets here) */
            int unreal = partner >= 0 && total == left[partner];
            if (draws && total <= 1.0 && !unreal) exhausted[f] = 1;
            for (int v = 0; v < 10; v++)
                qm[v] = (child[m * 10 + v] >= 0 && left[v] > 0 && total > 0) ? left[v] / total : 0.0;
        }
        for (int64_t m = 0; m < n_nodes; m++) {
            double a = 0.0, b = 0.0, c = 0.0;
            const double *qm = q + m * 10;
            for (int v = 0; v < 10; v++) {
                if (qm[v] == 0.0) continue;
                int64_t k = child[m * 10 + v];
                a += qm[v] * fst[k]; b += qm[v] * bu[k]; c += qm[v] * st[k];
            }
            /* removing a random unseen card changes nothing: "the next card busts" is d(R) less the rest */
            first_next[m] = a;
            first_busting[m] = fst[m] - a;
            own_busting[m] = bu[m] - b;
            double_own[m] = 2.0 * c + 2.0 * own_busting[m];
        }
        for (int64_t i = variant_start[f]; i < variant_start[f + 1]; i++) {
            double bet = variant_bet[i];
            for (int64_t j = 0; j < n_order; j++) {
                int64_t m = order[j];
                if (!valid[m]) { value[m] = 0.0; continue; }
                const double *qm = q + m * 10;
                double reach = 0.0;
                for (int v = 0; v < 10; v++)
                    if (qm[v] != 0.0) reach += qm[v] * value[child[m * 10 + v]];
                double stand = bet * fst[m] + st[m];
                double hit = reach + bet * first_busting[m] + own_busting[m];
                double dbl = bet * first_next[m] + bet * first_busting[m] + double_own[m];
                double best = must_hit[m] ? hit : stand;
                if (can_hit[m] && !must_hit[m] && hit > best) best = hit;
                if (may_double[m] && dbl > best) best = dbl;
                value[m] = best;
            }
            double total = 0.0;
            const double *qr = q + root * 10;
            for (int v = 0; v < 10; v++)
                if (qr[v] != 0.0) total += qr[v] * value[child[root * 10 + v]];
            out[i] = total;
        }
    }
    free(q); free(work); free(valid);
    return 0;
}

/* numpy's order for summing a row of 10 (its pairwise sum: eight partial sums, then the rest),
 * so that the player's values equal the numpy recursion's to the last bit. */
static inline double sum10(const double *t)
{
    double s = ((t[0] + t[1]) + (t[2] + t[3])) + ((t[4] + t[5]) + (t[6] + t[7]));
    s += t[8];
    return s + t[9];
}

/* The player's draws at one node against one up card (see bjcalc/engine/player.py).
 *
 * For a node with removed set removed (its hand and the extra cards): the cards left by value
 * (counts: the shoe less the up card; all zero when the shoe cannot supply the removed set; the
 * shoe itself when it never depletes), how many (returned), the chance of each next card (d), and
 * b[v], the joint value of busting with value v: lose, unless the hole card then makes a dealer
 * blackjack (chance share * partners left / cards left after the busting card, or bj_fixed when
 * the shoe never depletes), which pays on_blackjack.  partner < 0: no blackjack is possible.
 * *runs_out is set when a busting card would leave no card for the hole.
 */
typedef struct {
    const int64_t *counts;
    int depletes;
    int64_t partner;
    double share, bj_fixed, lose, on_blackjack;
} draw_rules;

static inline int64_t node_draws(const draw_rules *r, const int64_t *removed, double *d, double *b,
                                 unsigned char *runs_out)
{
    int64_t left[10], total = 0;
    int valid = 1;
    for (int v = 0; v < 10; v++) {
        left[v] = r->depletes ? r->counts[v] - removed[v] : r->counts[v];
        if (left[v] < 0) valid = 0;
    }
    if (!valid) for (int v = 0; v < 10; v++) left[v] = 0;
    for (int v = 0; v < 10; v++) total += left[v];
    double inverse = total != 0 ? 1.0 / (double)total : 0.0;
    for (int v = 0; v < 10; v++) d[v] = (double)left[v] * inverse;
    if (!b) return total;
    if (r->partner < 0 || !r->depletes) {
        double bj = r->partner < 0 ? 0.0 : r->bj_fixed;
        for (int v = 0; v < 10; v++) b[v] = r->lose * (1.0 - bj) + r->on_blackjack * bj;
        return total;
    }
    int64_t after = total - 1;
    double after_inverse = after > 0 ? 1.0 / (double)after : 0.0;
    for (int v = 0; v < 10; v++) {
        int64_t partners = left[r->partner] - (v == r->partner);
        if (after <= 0 && d[v] != 0.0) *runs_out = 1;
        double bj = r->share * ((double)(partners > 0 ? partners : 0) * after_inverse);
        b[v] = r->lose * (1.0 - bj) + r->on_blackjack * bj;
    }
    return total;
}

/* node_draws for every node: cards_left (n), draw and bust (n x 10), exhausted (n) gains run-outs. */
int bjcalc_player_draws(
    int64_t n, const int64_t *removed, const int64_t *counts, int depletes,
    int64_t partner, double share, double bj_fixed, double lose, double on_blackjack,
    int64_t *cards_left, double *draw, double *bust, unsigned char *exhausted)
{
    draw_rules r = {counts, depletes, partner, share, bj_fixed, lose, on_blackjack};
    for (int64_t i = 0; i < n; i++)
        cards_left[i] = node_draws(&r, removed + i * 10, draw + i * 10, bust + i * 10, exhausted + i);
    return 0;
}

/* The player's play against one up card (see PlayerEngine._evaluate in bjcalc/engine/player.py).
 *
 * Levels (order[level_start[k] .. level_start[k + 1]]) run from hard 21 down, so every child is
 * finished before its parent.  Per node: stand (the dealer's outcomes by_set of its removed set,
 * removed_index[i], times column stand_column[i] of stand_columns, outcomes x n_columns), its
 * draws (node_draws; the bust values from bust_given instead when it is not NULL), hit (one card, then play on by the policy), double (one card,
 * stand, twice the bet), whether its policy source hits (hits[i] = the decision of source[i], a
 * node of the same level), its action (action[i]: 0 stand, 1 hit, 2 double where may_double[i],
 * 3 surrender at surrender[i] where may_surrender[i]; the best by the source's values), its value,
 * and exhaustion inherited from a child it may hit to.
 * A child < 0 (bust, or a hand the node set lacks) counts as the bust value.
 * forced (NULL: none): also, in the same pass, the nodes played by forced hit/stand decisions
 * (forced[i]: hit exactly there, each node its own decider; no doubling or surrendering after a hit):
 * forced_hit and forced_value, the numbers a call with can_hit = must_hit = forced and source[i] = i
 * gives, and forced_exhausted (starting as exhausted does) its flags.  The shoe simulator values both
 * plays of every depleted shoe: one pass shares each node's stand, draws and bust values.
 * stand_only (NULL: none): nodes that only stand (a fixed play's hands it never hits nor takes a first
 * action on): their stand and value only, with hit, double and cards_left 0 and no draws.
 */
int bjcalc_player_play(
    int64_t n_levels, const int64_t *level_start, const int64_t *order, const int64_t *child,
    const int64_t *removed, const int64_t *counts, int depletes,
    int64_t partner, double share, double bj_fixed, double lose, double on_blackjack,
    const double *bust_given, int64_t n_outcomes, const double *by_set, const int64_t *removed_index,
    int64_t n_columns, const double *stand_columns, const int64_t *stand_column,
    const unsigned char *can_hit, const unsigned char *must_hit, const int64_t *source,
    int64_t *cards_left, double *stand, double *hit, double *value, unsigned char *hits, double *dbl,
    unsigned char *exhausted, const unsigned char *may_double, const unsigned char *may_surrender,
    const double *surrender, unsigned char *action,
    const unsigned char *forced, double *forced_hit, double *forced_value, unsigned char *forced_exhausted,
    const unsigned char *stand_only)
{
    draw_rules r = {counts, depletes, partner, share, bj_fixed, lose, on_blackjack};
    for (int64_t k = 0; k < n_levels; k++) {
        for (int64_t j = level_start[k]; j < level_start[k + 1]; j++) {
            int64_t i = order[j];
            /* standing: the dealer's outcomes of the node's removed set by the payoff column of its total
             * (outcome by outcome, as numpy's einsum of the two does) */
            const double *outcomes = by_set + removed_index[i] * n_outcomes;
            const double *column = stand_columns + stand_column[i];
            double standing = 0.0;
            for (int64_t o = 0; o < n_outcomes; o++) standing += outcomes[o] * column[o * n_columns];
            stand[i] = standing;
            if (stand_only && stand_only[i]) {     /* (can_hit[i] is 0 there: the second loop stands) */
                cards_left[i] = 0;
                hit[i] = dbl[i] = 0.0;
                hits[i] = 0;
                continue;
            }
            const int64_t *kids = child + i * 10;
            double d[10], own[10], t[10], u[10];
            const double *b = bust_given ? bust_given + i * 10 : own;
            unsigned char runs_out = 0;
            cards_left[i] = node_draws(&r, removed + i * 10, d, bust_given ? NULL : own, &runs_out);
            exhausted[i] |= runs_out;
            int tainted = 0;
            for (int v = 0; v < 10; v++) {
                int64_t c = kids[v];
                t[v] = d[v] * (c >= 0 ? value[c] : b[v]);
                u[v] = d[v] * (c >= 0 ? stand[c] : b[v]);
                if (c >= 0 && exhausted[c] && d[v] != 0.0) tainted = 1;
            }
            hit[i] = sum10(t);
            dbl[i] = 2.0 * sum10(u);
            if (tainted && can_hit[i]) exhausted[i] = 1;
            hits[i] = can_hit[i] && (must_hit[i] || hit[i] > stand[i]);
            if (forced) {   /* the same node played by forced decisions: what a call with them computes */
                int forced_tainted = 0;
                for (int v = 0; v < 10; v++) {
                    int64_t c = kids[v];
                    t[v] = d[v] * (c >= 0 ? forced_value[c] : b[v]);
                    if (c >= 0 && forced_exhausted[c] && d[v] != 0.0) forced_tainted = 1;
                }
                forced_hit[i] = sum10(t);
                forced_exhausted[i] |= runs_out;
                if (forced_tainted && forced[i]) forced_exhausted[i] = 1;
                forced_value[i] = forced[i] ? forced_hit[i] : standing;
            }
        }
        for (int64_t j = level_start[k]; j < level_start[k + 1]; j++) {
            int64_t i = order[j];
            int64_t s = source[i];
            if (s != i) hits[i] = hits[s];
            /* doubling or surrendering after a hit: the best of the node's own actions by its
             * source's values (ties to the earlier action); hits[] keeps the stand/hit choice */
            unsigned char a = hits[i];
            double best = hits[i] ? hit[s] : stand[s];
            if (may_double[i] && dbl[s] > best) { a = 2; best = dbl[s]; }
            if (may_surrender[i] && surrender[s] > best) a = 3;
            action[i] = a;
            value[i] = a == 0 ? stand[i] : a == 1 ? hit[i] : a == 2 ? dbl[i] : surrender[i];
        }
    }
    return 0;
}

/* The interface's version: bjcalc/engine/_kernels.py loads a build only when it says the version the
 * loader was written for (BJCALC_ABI there), so no function is ever called with another build's
 * arguments.  Raise it with any change to a function's arguments. */
int bjcalc_abi_version(void) { return 2; }

/* The round distribution (bjcalc/game/distribution.py): every state i of a (cards taken as a
 * code, settlement classes as a code, weight) followed by every hand finish j of b: codes added,
 * weights multiplied.  A sum that took more cards of a checked value than the shoe has left
 * (digit (taken / place[c]) % base[c] > left[c]) is dropped.  Equal (taken, classes) keys merge,
 * their weights summed in (i, j) order, and the merged states are written in order of first
 * appearance: the same sums, in the same order, as numpy's bincount over the flattened product.
 * A plain merge of a is the product with one finish (0, 0, 1.0).  Returns how many states were
 * written, -1 when memory ran out, -2 when more than `capacity` would be. */
static inline uint64_t key_hash(int64_t taken, int64_t classes)
{
    uint64_t h = (uint64_t)taken * 0x9E3779B97F4A7C15ULL ^ ((uint64_t)classes + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    h *= 0xD6E8FEB86659FD93ULL;
    return h ^ (h >> 29);
}

static int64_t *merge_table(int64_t size, int64_t n, const int64_t *taken, const int64_t *classes)
{
    int64_t *table = calloc((size_t)size, sizeof(int64_t));     /* index + 1 of a state, 0: empty */
    if (table == NULL) return NULL;
    for (int64_t k = 0; k < n; k++) {
        uint64_t slot = key_hash(taken[k], classes[k]) & (uint64_t)(size - 1);
        while (table[slot]) slot = (slot + 1) & (uint64_t)(size - 1);
        table[slot] = k + 1;
    }
    return table;
}

static int64_t merge_pairs(
    int64_t n_a, const int64_t *a_taken, const int64_t *a_class, const double *a_weight,
    int64_t n_b, const int64_t *b_taken, const int64_t *b_class, const double *b_weight, int square,
    int64_t n_check, const int64_t *place, const int64_t *base, const int64_t *left,
    int64_t capacity, int64_t *out_taken, int64_t *out_class, double *out_weight)
{
    int64_t size = 1024, n = 0;
    /* the checked digits of each side, decoded once: codes add without carries, so digits add */
    int64_t *a_digit = malloc((size_t)(n_a * n_check + 1) * sizeof(int64_t));
    int64_t *b_digit = malloc((size_t)(n_b * n_check + 1) * sizeof(int64_t));
    int64_t *table = merge_table(size, 0, out_taken, out_class);
    if (table == NULL || a_digit == NULL || b_digit == NULL) { free(table); free(a_digit); free(b_digit); return -1; }
    for (int64_t i = 0; i < n_a; i++)
        for (int64_t c = 0; c < n_check; c++) a_digit[i * n_check + c] = (a_taken[i] / place[c]) % base[c];
    for (int64_t j = 0; j < n_b; j++)
        for (int64_t c = 0; c < n_check; c++) b_digit[j * n_check + c] = (b_taken[j] / place[c]) % base[c];
    for (int64_t i = 0; i < n_a; i++) {
        for (int64_t j = square ? i : 0; j < n_b; j++) {
            int64_t taken = a_taken[i] + b_taken[j], classes = a_class[i] + b_class[j];
            int fits = 1;
            for (int64_t c = 0; c < n_check && fits; c++)
                fits = a_digit[i * n_check + c] + b_digit[j * n_check + c] <= left[c];
            if (!fits) continue;
            double weight = a_weight[i] * b_weight[j];
            if (square && j != i) weight *= 2;       /* (i, j) and (j, i) alike */
            uint64_t slot = key_hash(taken, classes) & (uint64_t)(size - 1);
            int64_t k;
            while ((k = table[slot]) && (out_taken[k - 1] != taken || out_class[k - 1] != classes))
                slot = (slot + 1) & (uint64_t)(size - 1);
            if (k) {
                out_weight[k - 1] += weight;
                continue;
            }
            if (n == capacity) { free(table); free(a_digit); free(b_digit); return -2; }
            out_taken[n] = taken;
            out_class[n] = classes;
            out_weight[n] = weight;
            table[slot] = ++n;
            if (2 * n > size) {          /* at most half full: grow and re-insert */
                free(table);
                size *= 2;
                table = merge_table(size, n, out_taken, out_class);
                if (table == NULL) { free(a_digit); free(b_digit); return -1; }
            }
        }
    }
    free(table);
    free(a_digit);
    free(b_digit);
    return n;
}

int64_t bjcalc_merge_product(
    int64_t n_a, const int64_t *a_taken, const int64_t *a_class, const double *a_weight,
    int64_t n_b, const int64_t *b_taken, const int64_t *b_class, const double *b_weight,
    int64_t n_check, const int64_t *place, const int64_t *base, const int64_t *left,
    int64_t capacity, int64_t *out_taken, int64_t *out_class, double *out_weight)
{
    return merge_pairs(n_a, a_taken, a_class, a_weight, n_b, b_taken, b_class, b_weight, 0,
                       n_check, place, base, left, capacity, out_taken, out_class, out_weight);
}

/* The same for two exchangeable hands: every unordered pair i <= j of a's states, the pair
   (i, j) standing for (j, i) too (twice the weight when i != j), in the upper triangle's row
   order. */
int64_t bjcalc_merge_square(
    int64_t n_a, const int64_t *a_taken, const int64_t *a_class, const double *a_weight,
    int64_t n_check, const int64_t *place, const int64_t *base, const int64_t *left,
    int64_t capacity, int64_t *out_taken, int64_t *out_class, double *out_weight)
{
    return merge_pairs(n_a, a_taken, a_class, a_weight, n_a, a_taken, a_class, a_weight, 1,
                       n_check, place, base, left, capacity, out_taken, out_class, out_weight);
}

/* The moments' settlement of one tracked entry (bjcalc/game/moments.py, _TrackedRounds.shifted_masses).
 * State s holds the card set set[s] (of n_sets) and the class cls[s]; with i more pair cards
 * (shift i of n_shifts, taken where coef[i] != 0, coef[i] ways), that set's sequence chance is
 * chance[i * n_sets + set[s]] and its dealer outcomes are row row[i * n_sets + set[s]] of
 * probabilities (n_outcomes columns).  A set's combination, per outcome o the sum over those
 * shifts, in order, of (coef[i] * chance) * probability (from 0), is made once per entry in
 * combined (n_sets x n_outcomes, a row valid where stamp[set] == entry); then mass[cls[s]] gains
 * the set's row times weight[s], state by state: numpy's sums in numpy's order (the combination
 * per set, then bincount over the states).  The caller has zeroed mass; entry differs between
 * the entries that share combined and stamp (which starts below every entry). */
int bjcalc_shifted_mass(
    int64_t n_states, const int64_t *set, const int64_t *cls, const double *weight,
    int64_t n_shifts, const double *coef, int64_t n_sets, const double *chance, const int64_t *row,
    int64_t n_outcomes, const double *probabilities, double *mass,
    double *combined, int64_t *stamp, int64_t entry)
{
    for (int64_t s = 0; s < n_states; s++) {
        int64_t k = set[s];
        double *c = combined + k * n_outcomes;
        if (stamp[k] != entry) {
            stamp[k] = entry;
            for (int64_t o = 0; o < n_outcomes; o++) c[o] = 0.0;
            for (int64_t i = 0; i < n_shifts; i++) {
                if (coef[i] == 0.0) continue;
                int64_t at = i * n_sets + k;
                double scale = coef[i] * chance[at];
                const double *p = probabilities + row[at] * n_outcomes;
                for (int64_t o = 0; o < n_outcomes; o++) c[o] = c[o] + scale * p[o];
            }
        }
        double *out = mass + cls[s] * n_outcomes;
        for (int64_t o = 0; o < n_outcomes; o++) out[o] += c[o] * weight[s];
    }
    return 0;
}

/* Not a Python module: present only so the file builds as an extension. */
void *PyInit__dealer_kernel(void) { return NULL; }
