/* Hand 2 of an optimal split (see bjcalc/engine/optimal.py): its optimal joint value per way
 * hand 1 ended and hand 1's bet (bjcalc_optimal_second_hand).
 */
#include "kernel.h"

/* Hand 2 of an optimal split (see bjcalc/engine/optimal.py), for hand-1 compositions f in [f_first, f_last).
 *
 * Nodes are hand 2's extensions (cards drawn after its pair card); order lists the playable ones
 * (two cards or more) from the highest hard total down, so children come first.  Per composition f
 * (a row of firsts) the chance of each non-busting next card comes from the cards left:
 * available - firsts[f] - drawn[n].  first/own_stand/own_bust (f x nodes) are hand 1's payoff for a
 * unit bet, hand 2 standing and hand 2 busted, against the dealer given that removed set.  Each
 * variant (bet variant_bet[i] of hand 1, variants variant_start[f] .. variant_start[f + 1]) gets
 * hand 2's optimal joint value in out[i]; hand 2 doubled stakes double_stake units.  Ties go to the
 * earlier of stand, hit, double.  exhausted[f]
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
    double *out, unsigned char *exhausted, double double_stake, int64_t partner)
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
            double_own[m] = double_stake * c + double_stake * own_busting[m];
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
