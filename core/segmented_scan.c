/*
 * segmented_scan.c -- the segmented scan driver. Segments given as offsets or keys
 * become head flags in scratch (offsets: cleared, then one head per segment start;
 * keys: a head where a key differs from the one before), and the flagged scan of
 * scan.c runs the lifted (flag, value) operator. Head flags given by the caller are
 * used as they are.
 */
#include "compose.h"

static int needs_heads(const sweep_ksegments *seg) {
    return seg->form != SWEEP_SEG_FLAGS;
}

size_t sweep__segmented_scan_need(const sweep_ksegments *seg, size_t n, size_t size, size_t tile) {
    size_t need = needs_heads(seg) ? sweep__need_array(n, 1) : 0;
    return sweep__need_add(need, sweep__scan_need(n, size, tile, 1));
}

static sweep_status make_heads(sweep_context *ctx, const sweep_ksegments *seg, size_t n,
                               uint8_t *heads) {
    const sweep_backend_table *be = ctx->be;
    sweep_status st;
    if (seg->form == SWEEP_SEG_KEYS) {
        st = be->heads_from_keys(ctx->h, seg->keys, seg->key_size, n, heads);
        return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "heads_from_keys", st);
    }
    st = be->memset(ctx->h, heads, 0, n);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "memset", st);
    st = be->heads_from_offsets(ctx->h, seg->offsets, seg->nseg, seg->base, n, heads);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "heads_from_offsets", st);
}

sweep_status sweep__segmented_scan_run(sweep_context *ctx, sweep__arena *arena, const sweep_kop *op,
                                       const void *in, void *out, size_t n,
                                       const sweep_ksegments *seg, size_t tile, int exclusive) {
    if (n == 0) return SWEEP_OK;
    const uint8_t *flags = seg->flags;
    if (needs_heads(seg)) {
        uint8_t *heads = sweep__arena_take(arena, n);
        if (!heads)
            return sweep__fail(SWEEP_ERR_INTERNAL, "segmented scan scratch was measured too small");
        sweep_status st = make_heads(ctx, seg, n, heads);
        if (st != SWEEP_OK) return st;
        flags = heads;
    }
    return sweep__scan_run(ctx, arena, op, in, flags, out, n, tile, exclusive);
}

sweep_status sweep__segmented_scan(sweep_context *ctx, const sweep_kop *op, const void *in,
                                   void *out, size_t n, const sweep_ksegments *seg, int exclusive) {
    const sweep_backend_table *be = ctx->be;
    sweep__arena arena;
    int measure_only;
    sweep_status st;
    if (be->segmented_scan && sweep__use_fused(ctx) && !sweep__deterministic(ctx)) {
        size_t bytes = 0;
        st = be->segmented_scan(ctx->h, op, in, out, n, seg, exclusive, NULL, &bytes);
        if (st == SWEEP_OK) {
            /* At least one byte, so the run never passes NULL (the size query). */
            st = sweep__scratch_begin(ctx, bytes ? bytes : 1, &arena, &measure_only);
            if (st != SWEEP_OK || measure_only) return st;
            st = be->segmented_scan(ctx->h, op, in, out, n, seg, exclusive, arena.base, &bytes);
            sweep__scratch_end(ctx, &arena);
            return st == SWEEP_OK ? SWEEP_OK
                                  : sweep__backend_failed(be->name, "segmented_scan", st);
        }
        if (st != SWEEP_ERR_UNSUPPORTED)
            return sweep__backend_failed(be->name, "segmented_scan", st);
        sweep__clear_error(); /* the fused entry declined: compose instead */
    }
    const size_t tile = sweep__scan_tile(ctx);
    st = sweep__scratch_begin(ctx, sweep__segmented_scan_need(seg, n, op->size, tile), &arena,
                              &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = sweep__segmented_scan_run(ctx, &arena, op, in, out, n, seg, tile, exclusive);
    sweep__scratch_end(ctx, &arena);
    return st;
}
