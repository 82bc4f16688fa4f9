/* The primitives table's run primitives and histograms (see primitives.h): unique by
 * key with odd-sized values, run-length encoding, non-trivial runs, and histograms of
 * a whole 64-bit range and between float boundaries. */
#include "prim_host.h"
#include "prims.h"

#include "oracle.h"

#include <stdint.h>
#include <string.h>

typedef struct runs_args {
    size_t n, value_size, num_bins;
} runs_args;

/* Keys in runs of 1 to 8 from a few values. */
static void gen_run_keys(t_rng *r, void *keys, size_t size, size_t n) {
    unsigned char *k = keys;
    uint64_t cur = 0;
    for (size_t i = 0; i < n; ++i) {
        if (t_rng_below(r, 4) == 0) cur = t_rng_below(r, 5) * 0x0101010101010101ull;
        memcpy(k + i * size, &cur, size);
    }
}

static sweep_status call_unique(sweep_context *ctx, h_array *a, const void *user) {
    const runs_args *s = user;
    return sweep_unique_by_key(ctx, a[0].dev, a[1].dev, a[2].dev, a[3].dev, SWEEP_U32,
                               s->value_size, s->n, a[4].dev);
}

/* u32 keys, 7-byte values at any byte address. */
int p_unique_by_key(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "unique_by_key");
    const size_t vs = 7, n = sh->n;
    void *keys = h_alloc(&m, n * 4), *vin = h_alloc(&m, n * vs);
    void *kout = h_poisoned(&m, n * 4), *vout = h_poisoned(&m, n * vs);
    if (!keys || !vin || !kout || !vout) return H_OOM_HOST(&m);
    gen_run_keys(&r, keys, 4, n);
    t_gen_values(&r, vin, vs, n);
    size_t count = o_unique(keys, 4, vin, vs, n, kout, vout);
    runs_args s = {n, vs, 0};
    h_array a[] = {{"keys_in", keys, NULL, n * 4, sh->elem_shift * 4, NULL},
                   {"values_in", vin, NULL, n * vs, sh->byte_shift, NULL},
                   {"keys_out", NULL, kout, n * 4, (sh->elem_shift + 1) * 4, NULL},
                   {"values_out", NULL, vout, n * vs, sh->byte_shift + 3, NULL},
                   {"num_unique", NULL, &count, sizeof count, sh->elem_shift * 8, NULL}};
    int ok = h_exec(how, "sweep_unique_by_key", a, 5, call_unique, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_rle(sweep_context *ctx, h_array *a, const void *user) {
    const runs_args *s = user;
    return sweep_run_length_encode(ctx, a[0].dev, a[1].dev, a[2].dev, SWEEP_I16, s->n, a[3].dev);
}

int p_run_length(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "run_length");
    const size_t n = sh->n;
    void *keys = h_alloc(&m, n * 2), *kout = h_poisoned(&m, n * 2);
    size_t *lengths = h_poisoned(&m, n * sizeof(size_t));
    if (!keys || !kout || !lengths) return H_OOM_HOST(&m);
    gen_run_keys(&r, keys, 2, n);
    size_t count = o_run_length_encode(keys, 2, n, kout, lengths);
    runs_args s = {n, 0, 0};
    h_array a[] = {{"in", keys, NULL, n * 2, sh->elem_shift * 2, NULL},
                   {"unique_out", NULL, kout, n * 2, (sh->elem_shift + 3) * 2, NULL},
                   {"run_lengths", NULL, lengths, n * 8, sh->elem_shift * 8, NULL},
                   {"num_runs", NULL, &count, sizeof count, (sh->elem_shift + 1) * 8, NULL}};
    int ok = h_exec(how, "sweep_run_length_encode", a, 4, call_rle, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_nontrivial(sweep_context *ctx, h_array *a, const void *user) {
    const runs_args *s = user;
    return sweep_nontrivial_runs(ctx, a[0].dev, a[1].dev, a[2].dev, SWEEP_F64, s->n, a[3].dev);
}

int p_nontrivial_runs(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "nontrivial_runs");
    const size_t n = sh->n, half = n / 2 * sizeof(size_t);
    void *keys = h_alloc(&m, n * 8);
    size_t *offsets = h_poisoned(&m, half + 8), *lengths = h_poisoned(&m, half + 8);
    if (!keys || !offsets || !lengths) return H_OOM_HOST(&m);
    gen_run_keys(&r, keys, 8, n);
    size_t count = o_nontrivial_runs(keys, 8, n, offsets, lengths);
    runs_args s = {n, 0, 0};
    h_array a[] = {{"in", keys, NULL, n * 8, sh->elem_shift * 8, NULL},
                   {"offsets", NULL, offsets, half, (sh->elem_shift + 2) * 8, NULL},
                   {"run_lengths", NULL, lengths, half, (sh->elem_shift + 1) * 8, NULL},
                   {"num_runs", NULL, &count, sizeof count, sh->elem_shift * 8, NULL}};
    int ok = h_exec(how, "sweep_nontrivial_runs", a, 4, call_nontrivial, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_hist_even(sweep_context *ctx, h_array *a, const void *user) {
    const runs_args *s = user;
    const int64_t lower = INT64_MIN, upper = INT64_MAX;
    return sweep_histogram_even(ctx, a[0].dev, SWEEP_I64, s->n, &lower, &upper, s->num_bins,
                                a[1].dev, SWEEP_U64);
}

/* The whole int64_t range in 1000 bins (the 128-bit bin), 64-bit counts. */
int p_histogram_even(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "histogram_even");
    const size_t n = sh->n, bins = 1000;
    const int64_t lower = INT64_MIN, upper = INT64_MAX;
    int64_t *samples = h_alloc(&m, n * 8);
    uint64_t *counts = h_alloc(&m, bins * 8);
    if (!samples || !counts) return H_OOM_HOST(&m);
    t_gen_bytes(&r, samples, n * 8);
    o_histogram_even(SWEEP_I64, samples, n, &lower, &upper, bins, counts);
    runs_args s = {n, 0, bins};
    h_array a[] = {{"samples", samples, NULL, n * 8, sh->elem_shift * 8, NULL},
                   {"counts", NULL, counts, bins * 8, (sh->elem_shift + 1) * 8, NULL}};
    int ok = h_exec(how, "sweep_histogram_even", a, 2, call_hist_even, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_hist_range(sweep_context *ctx, h_array *a, const void *user) {
    const runs_args *s = user;
    return sweep_histogram_range(ctx, a[0].dev, SWEEP_F32, s->n, a[1].dev, s->num_bins, a[2].dev,
                                 SWEEP_U32);
}

/* f32 samples between 65 boundaries k / 8 - 4, 32-bit counts. */
int p_histogram_range(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "histogram_range");
    const size_t n = sh->n, bins = 64;
    float *samples = h_alloc(&m, n * 4), *bounds = h_alloc(&m, (bins + 1) * 4);
    uint64_t *counts = h_alloc(&m, bins * 8);
    uint32_t *counts32 = h_alloc(&m, bins * 4);
    if (!samples || !bounds || !counts || !counts32) return H_OOM_HOST(&m);
    for (size_t k = 0; k <= bins; ++k)
        bounds[k] = (float)k / 8 - 4;
    for (size_t i = 0; i < n; ++i)
        samples[i] = (float)t_rng_below(&r, 80) / 8 - 5;
    o_histogram_range(SWEEP_F32, samples, n, bounds, bins, counts);
    for (size_t b = 0; b < bins; ++b)
        counts32[b] = (uint32_t)counts[b];
    runs_args s = {n, 0, bins};
    h_array a[] = {{"samples", samples, NULL, n * 4, sh->elem_shift * 4, NULL},
                   {"boundaries", bounds, NULL, (bins + 1) * 4, (sh->elem_shift + 2) * 4, NULL},
                   {"counts", NULL, counts32, bins * 4, (sh->elem_shift + 1) * 4, NULL}};
    int ok = h_exec(how, "sweep_histogram_range", a, 3, call_hist_range, &s, why, len);
    h_free_all(&m);
    return ok;
}
