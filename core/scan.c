/*
 * scan.c -- the scan driver and the generic reduce-then-scan that every other
 * generic primitive reuses (segmented scans, split counts, radix offsets).
 *
 * Generic scan of n elements over tiles: reduce every tile but the last into
 * partials, scan those partials inclusively with the same operator (the same
 * algorithm, recursively, so small counts go through the same kernels), and scan
 * every tile with the inclusive partial of the tiles before it as its carry. Tile 0
 * has no carry at all rather than an identity carry, so e.g. a floating sum of -0.0
 * stays -0.0 exactly as in a plain loop. With head flags the partials carry the
 * lifted (flag, value) operator: tile_reduce gives each tile's flag and its value
 * from its last head, and the flagged inclusive scan of partials is the lifted scan.
 */
#include "compose.h"

#include <string.h>

size_t sweep__scan_tile(const sweep_context *ctx) {
    size_t tile = sweep__deterministic(ctx) ? SWEEP__DETERMINISTIC_TILE : ctx->props.scan_tile;
    /* A tile of one element would never shrink the partials: the recursion needs 2. */
    return tile < 2 ? 2 : tile;
}

size_t sweep__scan_need(size_t n, size_t size, size_t tile, int flagged) {
    if (tile < 2) tile = 2;
    size_t ntiles = sweep__ceil_div(n, tile);
    if (ntiles <= 1) return 0;
    size_t carried = ntiles - 1; /* tiles whose partial is some later tile's carry */
    size_t need = sweep__need_array(carried, size);
    if (flagged) need = sweep__need_add(need, sweep__need_array(carried, 1));
    return sweep__need_add(need, sweep__scan_need(carried, size, tile, flagged));
}

static sweep_status scan_tiles(sweep_context *ctx, sweep__arena *arena, const sweep_kop *op,
                               const void *in, const uint8_t *flags, void *out, size_t n,
                               size_t tile, int exclusive) {
    const sweep_backend_table *be = ctx->be;
    const size_t size = op->size;
    if (tile < 2) tile = 2;
    size_t ntiles = sweep__ceil_div(n, tile);
    sweep_status st;
    if (ntiles <= 1) {
        st = be->tile_scan(ctx->h, op, in, flags, out, n, tile, NULL, exclusive);
        return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "tile_scan", st);
    }
    size_t carried = ntiles - 1;
    void *partials = sweep__arena_take(arena, carried * size);
    uint8_t *partial_flags = flags ? sweep__arena_take(arena, carried) : NULL;
    if (!partials || (flags && !partial_flags))
        return sweep__fail(SWEEP_ERR_INTERNAL, "scan scratch was measured too small");

    /* All reads of `in` for the partials happen before any tile is written: in == out
     * is safe. */
    st = be->tile_reduce(ctx->h, op, in, flags, carried * tile, tile, partials, partial_flags);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "tile_reduce", st);
    st = scan_tiles(ctx, arena, op, partials, partial_flags, partials, carried, tile, 0);
    if (st != SWEEP_OK) return st;

    st = be->tile_scan(ctx->h, op, in, flags, out, tile, tile, NULL, exclusive);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "tile_scan", st);
    /* Tile t >= 1 takes carry partials[t - 1]: the rest starts on a tile boundary. */
    st = be->tile_scan(ctx->h, op, sweep__cat(in, tile, size), flags ? flags + tile : NULL,
                       sweep__at(out, tile, size), n - tile, tile, partials, exclusive);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "tile_scan", st);
    return SWEEP_OK;
}

sweep_status sweep__scan_run(sweep_context *ctx, sweep__arena *arena, const sweep_kop *op,
                             const void *in, const uint8_t *flags, void *out, size_t n, size_t tile,
                             int exclusive) {
    /* The partials are dead once the scan is queued: give their scratch back, so a
     * caller that scans once per pass (radix sort) needs the scan's scratch only once.
     * Later work that reuses it is ordered after this scan on the stream. */
    const size_t mark = arena->used;
    sweep_status st = scan_tiles(ctx, arena, op, in, flags, out, n, tile, exclusive);
    arena->used = mark;
    return st;
}

static sweep_kop count_sum_op(void) {
    _Static_assert(sizeof(size_t) == 8, "counts are scanned as U64");
    sweep_kop op;
    memset(&op, 0, sizeof op);
    op.kind = SWEEP_OP_SUM;
    op.dtype = SWEEP_U64;
    op.size = sizeof(size_t);
    op.align = sizeof(size_t);
    return op; /* the identity of SUM is all zero bytes */
}

size_t sweep__count_scan_need(const sweep_context *ctx, size_t n) {
    return sweep__scan_need(n, sizeof(size_t), sweep__scan_tile(ctx), 0);
}

sweep_status sweep__count_scan_run(sweep_context *ctx, sweep__arena *arena, size_t *counts,
                                   size_t n) {
    sweep_kop op = count_sum_op();
    return sweep__scan_run(ctx, arena, &op, counts, NULL, counts, n, sweep__scan_tile(ctx), 1);
}

sweep_status sweep__scan(sweep_context *ctx, const sweep_kop *op, const void *in, void *out,
                         size_t n, int exclusive) {
    const sweep_backend_table *be = ctx->be;
    sweep__arena arena;
    int measure_only;
    sweep_status st;
    if (be->scan && sweep__use_fused(ctx) && !sweep__deterministic(ctx)) {
        size_t bytes = 0;
        st = be->scan(ctx->h, op, in, out, n, exclusive, NULL, &bytes);
        if (st == SWEEP_OK) {
            /* At least one byte, so the run never passes NULL (the size query). */
            st = sweep__scratch_begin(ctx, bytes ? bytes : 1, &arena, &measure_only);
            if (st != SWEEP_OK || measure_only) return st;
            st = be->scan(ctx->h, op, in, out, n, exclusive, arena.base, &bytes);
            sweep__scratch_end(ctx, &arena);
            return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "scan", st);
        }
        if (st != SWEEP_ERR_UNSUPPORTED) return sweep__backend_failed(be->name, "scan", st);
        sweep__clear_error(); /* the fused entry declined: compose instead */
    }
    const size_t tile = sweep__scan_tile(ctx);
    st = sweep__scratch_begin(ctx, sweep__scan_need(n, op->size, tile, 0), &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = sweep__scan_run(ctx, &arena, op, in, NULL, out, n, tile, exclusive);
    sweep__scratch_end(ctx, &arena);
    return st;
}
