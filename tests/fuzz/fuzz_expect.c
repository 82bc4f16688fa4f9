/*
 * The answers the fuzzed calls must give (fz_expect), from the oracle the test
 * programs share (tests/common/oracle.c), and the fuzzer's custom comparator with the
 * order of sort keys that the inputs' preparation (fuzz_call_inputs.c) shares.
 */
#include "fuzz_call.h"

#include <stdlib.h>
#include <string.h>

int fz_mod_less(const void *a, const void *b, void *user) {
    (void)user;
    uint32_t x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return x % FZ_MOD < y % FZ_MOD;
}

o_cmp fz_key_cmp(const fz_call *c) {
    if (c->custom_cmp) return o_cmp_custom(4, fz_mod_less, NULL);
    return o_cmp_builtin(c->key_dtype, c->cmp.kind == SWEEP_COMPARE_DESCENDING);
}

static void expect_split(const fz_call *c, uint8_t *w) {
    const size_t n = c->n, vs = c->value_size;
    const size_t kept = o_split(w + c->a[2].off, w + c->a[0].off, w + c->a[1].off, c->elem_size,
                                vs ? w + c->a[3].off : NULL, vs ? w + c->a[4].off : NULL, vs, n,
                                c->prim == FZ_SPLIT);
    /* n == 0 writes nothing, not even the count */
    if (c->with_count && n > 0) memcpy(w + c->a[5].off, &kept, sizeof kept);
}

/* The keys (and values) are copied first: a sort may run in place. */
static void expect_sort(const fz_call *c, uint8_t *w) {
    const size_t n = c->n, ks = sweep_dtype_size(c->key_dtype), vs = c->value_size;
    uint8_t *keys = malloc(n * ks + 1), *vals = malloc(n * vs + 1);
    if (!keys || !vals) abort();
    memcpy(keys, w + c->a[0].off, n * ks);
    if (vs) memcpy(vals, w + c->a[3].off, n * vs);
    uint8_t *keys_out = w + c->a[1].off, *vals_out = vs ? w + c->a[4].off : NULL;
    if (c->prim == FZ_SEGSORT_RADIX || c->prim == FZ_SEGSORT_MERGE) {
        /* only the segments are written */
        const o_cmp cmp = fz_key_cmp(c);
        if (n > 0)
            o_segmented_sort(c->prim == FZ_SEGSORT_MERGE ? &cmp : NULL, &c->desc, keys, keys_out,
                             vals, vals_out, vs, c->offs, c->nseg);
    } else if (c->prim == FZ_RADIX_SORT) {
        o_radix_sort(c->key_dtype, keys, keys_out, vals, vals_out, vs, n, c->desc.begin_bit,
                     c->desc.end_bit, c->desc.descending);
    } else {
        const o_cmp cmp = fz_key_cmp(c);
        o_sort(&cmp, keys, keys_out, vals, vals_out, vs, n);
    }
    free(keys);
    free(vals);
}

static void expect_merge(const fz_call *c, uint8_t *w) {
    const size_t vs = c->value_size;
    const o_cmp cmp = fz_key_cmp(c);
    o_merge(&cmp, w + c->a[0].off, vs ? w + c->a[3].off : NULL, c->na, w + c->a[2].off,
            vs ? w + c->a[5].off : NULL, c->n - c->na, w + c->a[1].off, vs ? w + c->a[4].off : NULL,
            vs);
}

static void expect_runs(const fz_call *c, uint8_t *w) {
    const size_t n = c->n, ks = sweep_dtype_size(c->key_dtype), vs = c->value_size;
    uint8_t *in = w + c->a[0].off;
    size_t runs;
    if (c->prim == FZ_UNIQUE)
        runs = o_unique(in, ks, vs ? w + c->a[3].off : NULL, vs, n, w + c->a[1].off,
                        vs ? w + c->a[4].off : NULL);
    else if (c->prim == FZ_RUN_LENGTH)
        runs = o_run_length_encode(in, ks, n, w + c->a[1].off, (size_t *)(w + c->a[4].off));
    else
        runs =
            o_nontrivial_runs(in, ks, n, (size_t *)(w + c->a[2].off), (size_t *)(w + c->a[4].off));
    /* n == 0 writes nothing, not even the count */
    if (c->a[5].off != FZ_NULL && n > 0) memcpy(w + c->a[5].off, &runs, sizeof runs);
}

static void expect_histogram(const fz_call *c, uint8_t *w) {
    const size_t n = c->n, bins = c->num_bins;
    if (n == 0) return; /* counts keep their contents */
    uint64_t *counts = malloc(bins * sizeof *counts);
    if (!counts) abort();
    if (c->hist_range)
        o_histogram_range(c->key_dtype, w + c->a[0].off, n, w + c->a[2].off, bins, counts);
    else
        o_histogram_even(c->key_dtype, w + c->a[0].off, n, c->lower, c->upper, bins, counts);
    uint8_t *out = w + c->a[1].off;
    for (size_t b = 0; b < bins; ++b) {
        if (c->count_dtype == SWEEP_U32) {
            const uint32_t v = (uint32_t)counts[b];
            memcpy(out + b * 4, &v, 4);
        } else {
            memcpy(out + b * 8, &counts[b], 8);
        }
    }
    free(counts);
}

/* The arena address of an array, or NULL for one passed as NULL (no pointer is formed
 * from FZ_NULL's offset). */
static uint8_t *arena_at(uint8_t *w, const fz_array *a) {
    return a->off == FZ_NULL ? NULL : w + a->off;
}

void fz_expect(const fz_call *c, uint8_t *w) {
    const size_t n = c->n;
    uint8_t *in = arena_at(w, &c->a[0]), *out = arena_at(w, &c->a[1]);
    const int exclusive = c->kind == SWEEP_EXCLUSIVE;
    switch (c->prim) {
    case FZ_SCAN: o_scan(&c->fop, in, NULL, out, n, exclusive); break;
    case FZ_SEGSCAN_FLAGS: o_scan(&c->fop, in, w + c->a[2].off, out, n, exclusive); break;
    case FZ_SEGSCAN_OFFSETS: o_scan_offsets(&c->fop, in, c->offs, c->nseg, out, exclusive); break;
    case FZ_SCAN_BY_KEY: {
        uint8_t *heads = malloc(n + 1);
        if (!heads) abort();
        o_heads_from_keys(w + c->a[2].off, sweep_dtype_size(c->key_dtype), n, heads);
        o_scan(&c->fop, in, heads, out, n, exclusive);
        free(heads);
        break;
    }
    case FZ_REDUCE:
        if (n > 0) o_reduce(&c->fop, in, n, out);
        break;
    case FZ_SEGREDUCE: o_segmented_reduce(&c->fop, in, c->offs, c->nseg, out); break;
    case FZ_SPLIT:
    case FZ_COMPACT: expect_split(c, w); break;
    case FZ_RADIX_SORT:
    case FZ_MERGE_SORT: expect_sort(c, w); break;
    case FZ_MERGE: expect_merge(c, w); break;
    case FZ_SEGSORT_RADIX:
    case FZ_SEGSORT_MERGE: expect_sort(c, w); break;
    case FZ_LOWER_BOUND:
    case FZ_UPPER_BOUND: {
        const o_cmp cmp = fz_key_cmp(c);
        o_bounds(&cmp, in, n, w + c->a[2].off, c->na, c->prim == FZ_UPPER_BOUND, (size_t *)out);
        break;
    }
    case FZ_UNIQUE:
    case FZ_RUN_LENGTH:
    case FZ_NONTRIVIAL_RUNS: expect_runs(c, w); break;
    case FZ_HISTOGRAM: expect_histogram(c, w); break;
    }
}
