/*
 * The invocation of a decoded call: the public function of its primitive, with the
 * arrays at their places in the arena (fuzz_call_decode.c lists them).
 */
#include "fuzz_call.h"
#include "fuzz_call_shared.h"

sweep_status fz_invoke(const fz_call *c, sweep_context *ctx, uint8_t *base) {
    uint8_t *p[FZ_MAX_ARRAYS];
    for (int i = 0; i < FZ_MAX_ARRAYS; ++i)
        p[i] = at(base, &c->a[i]);
    const size_t n = c->n;
    switch (c->prim) {
    case FZ_SCAN: return sweep_scan(ctx, c->op, p[0], p[1], n, c->kind);
    case FZ_SEGSCAN_FLAGS:
        return sweep_segmented_scan_flags(ctx, c->op, p[0], p[2], p[1], n, c->kind);
    case FZ_SEGSCAN_OFFSETS:
        return sweep_segmented_scan_offsets(ctx, c->op, p[0], p[1], n, (const size_t *)p[2],
                                            c->nseg, c->kind);
    case FZ_SCAN_BY_KEY:
        return sweep_scan_by_key(ctx, c->op, p[2], c->key_dtype, p[0], p[1], n, c->kind);
    case FZ_REDUCE: return sweep_reduce(ctx, c->op, p[0], n, p[1]);
    case FZ_SEGREDUCE:
        return sweep_segmented_reduce(ctx, c->op, p[0], n, (const size_t *)p[2], c->nseg, p[1]);
    case FZ_SPLIT:
        return sweep_split(ctx, p[2], p[0], p[1], c->elem_size, p[3], p[4], c->value_size, n,
                           (size_t *)p[5]);
    case FZ_COMPACT: return sweep_compact(ctx, p[2], p[0], p[1], c->elem_size, n, (size_t *)p[5]);
    case FZ_RADIX_SORT: return sweep_radix_sort(ctx, p[0], p[1], p[3], p[4], n, c->desc_ptr);
    case FZ_MERGE_SORT:
        return sweep_merge_sort(ctx, p[0], p[1], p[3], p[4], c->value_size, n, c->cmp);
    case FZ_MERGE:
        return sweep_merge(ctx, p[0], p[3], c->na, p[2], p[5], n - c->na, p[1], p[4], c->value_size,
                           c->cmp);
    case FZ_SEGSORT_RADIX:
        return sweep_segmented_radix_sort(ctx, p[0], p[1], p[3], p[4], n, (const size_t *)p[2],
                                          c->nseg, c->desc_ptr);
    case FZ_SEGSORT_MERGE:
        return sweep_segmented_merge_sort(ctx, p[0], p[1], p[3], p[4], c->value_size, n,
                                          (const size_t *)p[2], c->nseg, c->cmp);
    case FZ_LOWER_BOUND:
        return sweep_lower_bound(ctx, p[0], n, p[2], c->na, (size_t *)p[1], c->cmp);
    case FZ_UPPER_BOUND:
        return sweep_upper_bound(ctx, p[0], n, p[2], c->na, (size_t *)p[1], c->cmp);
    case FZ_UNIQUE:
        if (!c->value_size && !p[3] && !p[4])
            return sweep_unique(ctx, p[0], p[1], c->key_dtype, n, (size_t *)p[5]);
        return sweep_unique_by_key(ctx, p[0], p[3], p[1], p[4], c->key_dtype, c->value_size, n,
                                   (size_t *)p[5]);
    case FZ_RUN_LENGTH:
        return sweep_run_length_encode(ctx, p[0], p[1], (size_t *)p[4], c->key_dtype, n,
                                       (size_t *)p[5]);
    case FZ_NONTRIVIAL_RUNS:
        return sweep_nontrivial_runs(ctx, p[0], (size_t *)p[2], (size_t *)p[4], c->key_dtype, n,
                                     (size_t *)p[5]);
    case FZ_HISTOGRAM:
        if (c->hist_range)
            return sweep_histogram_range(ctx, p[0], c->key_dtype, n, p[2], c->num_bins, p[1],
                                         c->count_dtype);
        return sweep_histogram_even(ctx, p[0], c->key_dtype, n, c->lower, c->upper, c->num_bins,
                                    p[1], c->count_dtype);
    }
    return SWEEP_ERR_INTERNAL;
}
