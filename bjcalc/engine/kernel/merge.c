/* The round distribution's merges (see bjcalc/game/distribution.py): the product of two state
 * lists with equal keys merged (bjcalc_merge_product), and the same for two exchangeable hands
 * (bjcalc_merge_square), through one open-addressing hash table.
 */
#include "kernel.h"

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
