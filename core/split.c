/*
 * split.c -- the split and compaction driver. Generic, as the seeds' split: count
 * the flags of every tile, one exclusive scan of the counts gives each tile's first
 * flagged position (and, from the extra zero count at the end, the total), then a
 * stable scatter puts flagged elements first and, for split, the others after them.
 */
#include "compose.h"

static size_t split_need(const sweep_context *ctx, size_t n) {
    size_t counts = sweep__ceil_div(n, ctx->props.split_tile) + 1;
    return sweep__need_add(sweep__need_array(counts, sizeof(size_t)),
                           sweep__count_scan_need(ctx, counts));
}

static sweep_status split_run(sweep_context *ctx, sweep__arena *arena, const uint8_t *flags,
                              const void *in, void *out, size_t elem_size, const void *values_in,
                              void *values_out, size_t vsize, size_t n, size_t *num_flagged,
                              int keep_unflagged) {
    const sweep_backend_table *be = ctx->be;
    const size_t tile = ctx->props.split_tile;
    const size_t ntiles = sweep__ceil_div(n, tile);
    size_t *counts = sweep__arena_take(arena, (ntiles + 1) * sizeof(size_t));
    if (!counts) return sweep__fail(SWEEP_ERR_INTERNAL, "split scratch was measured too small");
    sweep_status st = be->flag_count(ctx->h, flags, n, tile, counts);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "flag_count", st);
    /* A zero count after the last tile makes the exclusive scan end in the total. */
    st = be->memset(ctx->h, counts + ntiles, 0, sizeof(size_t));
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "memset", st);
    st = sweep__count_scan_run(ctx, arena, counts, ntiles + 1);
    if (st != SWEEP_OK) return st;
    st = be->flag_scatter(ctx->h, flags, in, out, elem_size, values_in, values_out, vsize, n, tile,
                          counts, counts + ntiles, keep_unflagged);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "flag_scatter", st);
    if (num_flagged) {
        st = be->memcpy(ctx->h, num_flagged, counts + ntiles, sizeof(size_t),
                        SWEEP_COPY_DEVICE_TO_DEVICE);
        if (st != SWEEP_OK) return sweep__backend_failed(be->name, "memcpy", st);
    }
    return SWEEP_OK;
}

sweep_status sweep__split(sweep_context *ctx, const uint8_t *flags, const void *in, void *out,
                          size_t elem_size, const void *values_in, void *values_out, size_t vsize,
                          size_t n, size_t *num_flagged, int keep_unflagged) {
    const sweep_backend_table *be = ctx->be;
    sweep__arena arena;
    int measure_only;
    sweep_status st;
    if (be->split && sweep__use_fused(ctx)) {
        size_t bytes = 0;
        st = be->split(ctx->h, flags, in, out, elem_size, values_in, values_out, vsize, n,
                       num_flagged, keep_unflagged, NULL, &bytes);
        if (st == SWEEP_OK) {
            /* At least one byte, so the run never passes NULL (the size query). */
            st = sweep__scratch_begin(ctx, bytes ? bytes : 1, &arena, &measure_only);
            if (st != SWEEP_OK || measure_only) return st;
            st = be->split(ctx->h, flags, in, out, elem_size, values_in, values_out, vsize, n,
                           num_flagged, keep_unflagged, arena.base, &bytes);
            sweep__scratch_end(ctx, &arena);
            return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "split", st);
        }
        if (st != SWEEP_ERR_UNSUPPORTED) return sweep__backend_failed(be->name, "split", st);
        sweep__clear_error(); /* the fused entry declined: compose instead */
    }
    st = sweep__scratch_begin(ctx, split_need(ctx, n), &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = split_run(ctx, &arena, flags, in, out, elem_size, values_in, values_out, vsize, n,
                   num_flagged, keep_unflagged);
    sweep__scratch_end(ctx, &arena);
    return st;
}
