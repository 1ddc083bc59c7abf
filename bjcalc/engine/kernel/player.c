/* The player's draws and play against one up card (see bjcalc/engine/player.py): the chance of
 * each next card and the value of busting at every node (bjcalc_player_draws), and the pass over
 * the nodes from hard 21 down that values standing, hitting, doubling and surrendering
 * (bjcalc_player_play).
 */
#include "kernel.h"

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

/* The player's play against one up card (see PlayerEngine._pass in bjcalc/engine/player.py).
 *
 * Levels (order[level_start[k] .. level_start[k + 1]]) run from hard 21 down, so every child is
 * finished before its parent.  Per node: stand (the dealer's outcomes by_set of its removed set,
 * removed_index[i], times column stand_column[i] of stand_columns, outcomes x n_columns), its
 * draws (node_draws; the bust values from bust_given instead when it is not NULL), hit (one card, then play on by the policy), double (one card,
 * stand, double_stake times the bet; where double_added, not NULL, is a number, the double adds another
 * kind of chip: the bet standing after one card plus double_added[i], that chip's value; where double_given,
 * not NULL, the double is worth double_given[i], made by the caller), whether its policy source hits (hits[i] = the decision of source[i], a
 * node of the same level), its action (action[i]: 0 stand, 1 hit, 2 double where may_double[i],
 * 3 surrender at surrender[i] where may_surrender[i]; the best by the source's values, an action
 * better only by more than margin, so that ties go to the earlier one), its value,
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
    const double *surrender, double double_stake, double margin, const double *double_added,
    const double *double_given, unsigned char *action, const unsigned char *forced, double *forced_hit, double *forced_value,
    unsigned char *forced_exhausted, const unsigned char *stand_only)
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
            /* (a double adding another kind of chip: the hand's own chip after one card, plus the
             * other chip's value there, given) */
            dbl[i] = double_given ? double_given[i]
                   : double_added && !isnan(double_added[i]) ? sum10(u) + double_added[i]
                                                             : double_stake * sum10(u);
            if (tainted && can_hit[i]) exhausted[i] = 1;
            hits[i] = can_hit[i] && (must_hit[i] || hit[i] > stand[i] + margin);
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
            if (may_double[i] && dbl[s] > best + margin) { a = 2; best = dbl[s]; }
            if (may_surrender[i] && surrender[s] > best + margin) a = 3;
            action[i] = a;
            value[i] = a == 0 ? stand[i] : a == 1 ? hit[i] : a == 2 ? dbl[i] : surrender[i];
        }
    }
    return 0;
}
