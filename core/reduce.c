/*
 * reduce.c -- the reduce driver. Generic reduction: tile_reduce over and over, each
 * round turning n values into ceil(n / tile) partials in order, until one is left;
 * the last round writes straight into out. Two scratch buffers alternate because a
 * kernel may not read and write the same partials.
 */
#include "compose.h"

/* Partials of the first round, and of the second (every later round fits in it). */
static void round_sizes(size_t n, size_t tile, size_t *first, size_t *second) {
    *first = sweep__ceil_div(n, tile);
    *second = sweep__ceil_div(*first, tile);
}

static size_t reduce_need(size_t n, size_t size, size_t tile) {
    if (n <= tile) return 0;
    size_t first, second;
    round_sizes(n, tile, &first, &second);
    size_t need = sweep__need_array(first, size);
    if (second > 1) need = sweep__need_add(need, sweep__need_array(second, size));
    return need;
}

static sweep_status reduce_run(sweep_context *ctx, sweep__arena *arena, const sweep_kop *op,
                               const void *in, size_t n, size_t tile, void *out) {
    const sweep_backend_table *be = ctx->be;
    void *buf[2] = {NULL, NULL};
    if (n > tile) {
        size_t first, second;
        round_sizes(n, tile, &first, &second);
        buf[0] = sweep__arena_take(arena, first * op->size);
        if (second > 1) buf[1] = sweep__arena_take(arena, second * op->size);
        if (!buf[0] || (second > 1 && !buf[1]))
            return sweep__fail(SWEEP_ERR_INTERNAL, "reduce scratch was measured too small");
    }
    const void *src = in;
    for (int round = 0;; round ^= 1) {
        size_t partials = sweep__ceil_div(n, tile);
        void *dst = partials == 1 ? out : buf[round];
        sweep_status st = be->tile_reduce(ctx->h, op, src, NULL, n, tile, dst, NULL);
        if (st != SWEEP_OK) return sweep__backend_failed(be->name, "tile_reduce", st);
        if (partials == 1) return SWEEP_OK;
        src = dst;
        n = partials;
    }
}

sweep_status sweep__reduce(sweep_context *ctx, const sweep_kop *op, const void *in, size_t n,
                           void *out) {
    const sweep_backend_table *be = ctx->be;
    sweep__arena arena;
    int measure_only;
    sweep_status st;
    if (be->reduce && sweep__use_fused(ctx) && !sweep__deterministic(ctx)) {
        size_t bytes = 0;
        st = be->reduce(ctx->h, op, in, n, out, NULL, &bytes);
        if (st == SWEEP_OK) {
            /* At least one byte, so the run never passes NULL (the size query). */
            st = sweep__scratch_begin(ctx, bytes ? bytes : 1, &arena, &measure_only);
            if (st != SWEEP_OK || measure_only) return st;
            st = be->reduce(ctx->h, op, in, n, out, arena.base, &bytes);
            sweep__scratch_end(ctx, &arena);
            return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "reduce", st);
        }
        if (st != SWEEP_ERR_UNSUPPORTED) return sweep__backend_failed(be->name, "reduce", st);
        sweep__clear_error(); /* the fused entry declined: compose instead */
    }
    const size_t tile = sweep__scan_tile(ctx);
    st = sweep__scratch_begin(ctx, reduce_need(n, op->size, tile), &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = reduce_run(ctx, &arena, op, in, n, tile, out);
    sweep__scratch_end(ctx, &arena);
    return st;
}
