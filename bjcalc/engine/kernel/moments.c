/* The moments' settlement of one tracked entry (see bjcalc/game/moments.py): the dealer's
 * outcomes, weighted over the pair cards' shifts, summed per settlement class (bjcalc_shifted_mass).
 */
#include "kernel.h"

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
