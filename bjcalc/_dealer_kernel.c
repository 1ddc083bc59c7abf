/* Inner loop of bjcalc's dealer engine in floating point (see bjcalc/dealer.py).
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

/* Not a Python module: present only so the file builds as an extension. */
void *PyInit__dealer_kernel(void) { return NULL; }
