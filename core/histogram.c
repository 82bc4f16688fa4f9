/*
 * histogram.c -- the histogram driver: zero the counts, then the backend's
 * histogram kernel adds every sample to its bin (the bins as sweep_khist in
 * include/sweep/backend.h defines them, resolved in core/api_histogram.c). The
 * kernel is the whole algorithm, so the generic and the fused path are the same.
 */
#include "internal.h"

sweep_status sweep__histogram(sweep_context *ctx, const sweep_khist *hist, const void *samples,
                              size_t n, void *counts) {
    const sweep_backend_table *be = ctx->be;
    sweep__arena arena;
    int measure_only;
    sweep_status st = sweep__scratch_begin(ctx, 0, &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    const size_t csize = hist->count_dtype == SWEEP_U32 ? sizeof(uint32_t) : sizeof(uint64_t);
    st = be->memset(ctx->h, counts, 0, hist->num_bins * csize);
    if (st != SWEEP_OK) st = sweep__backend_failed(be->name, "memset", st);
    if (st == SWEEP_OK) {
        st = be->histogram(ctx->h, hist, samples, n, counts);
        if (st != SWEEP_OK) st = sweep__backend_failed(be->name, "histogram", st);
    }
    sweep__scratch_end(ctx, &arena);
    return st;
}
