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

/* The backend's fused entry: size query, scratch, run. *declined where it answered
 * SWEEP_ERR_UNSUPPORTED to the size query (nothing queued). */
static sweep_status fused_segmented_scan(sweep_context *ctx, const sweep_kop *op, const void *in,
                                         void *out, size_t n, const sweep_ksegments *seg,
                                         int exclusive, int *declined) {
    const sweep_backend_table *be = ctx->be;
    *declined = 0;
    size_t bytes = 0;
    sweep_status st = be->segmented_scan(ctx->h, op, in, out, n, seg, exclusive, NULL, &bytes);
    if (st == SWEEP_ERR_UNSUPPORTED) {
        sweep__clear_error(); /* the fused entry declined: compose instead */
        *declined = 1;
        return SWEEP_OK;
    }
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "segmented_scan", st);
    sweep__arena arena;
    int measure_only;
    /* At least one byte, so the run never passes NULL (the size query). */
    st = sweep__scratch_begin(ctx, bytes ? bytes : 1, &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = be->segmented_scan(ctx->h, op, in, out, n, seg, exclusive, arena.base, &bytes);
    sweep__scratch_end(ctx, &arena);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "segmented_scan", st);
}

sweep_status sweep__segmented_scan(sweep_context *ctx, const sweep_kop *op, const void *in,
                                   void *out, size_t n, const sweep_ksegments *seg, int exclusive) {
    const sweep_backend_table *be = ctx->be;
    sweep__arena arena;
    int measure_only;
    sweep_status st;
    if (be->segmented_scan && sweep__use_fused(ctx) && !sweep__deterministic(ctx)) {
        int declined;
        st = fused_segmented_scan(ctx, op, in, out, n, seg, exclusive, &declined);
        if (!declined) return st;
    }
    const size_t tile = sweep__scan_tile(ctx);
    st = sweep__scratch_begin(ctx, sweep__segmented_scan_need(seg, n, op->size, tile), &arena,
                              &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = sweep__segmented_scan_run(ctx, &arena, op, in, out, n, seg, tile, exclusive);
    sweep__scratch_end(ctx, &arena);
    return st;
}

typedef struct gated_scan {
    const sweep_kop *op;
    const void *in;
    void *out;
    size_t n;
    const sweep_ksegments *seg;
    int exclusive;
} gated_scan;

static sweep_status gated_scan_work(sweep_context *ctx, void *arg, int *declined) {
    const gated_scan *g = arg;
    return fused_segmented_scan(ctx, g->op, g->in, g->out, g->n, g->seg, g->exclusive, declined);
}

sweep_status sweep__segmented_scan_offsets_gated(sweep_context *ctx, const sweep_kop *op,
                                                 const void *in, void *out, size_t n,
                                                 const size_t *offsets, size_t nseg, int exclusive,
                                                 size_t *first, size_t *last, int *declined) {
    if (!ctx->be->segmented_scan) {
        /* nothing to queue behind the check: the caller composes after it */
        *declined = 1;
        return sweep__check_offsets(ctx, offsets, nseg, n, first, last);
    }
    /* The whole range with base 0: the first and last offsets are not known on the
     * host until the check is; the entry writes only what the segments cover. */
    sweep_ksegments seg = {0};
    seg.form = SWEEP_SEG_OFFSETS;
    seg.offsets = offsets;
    seg.nseg = nseg;
    seg.base = 0;
    gated_scan g = {op, in, out, n, &seg, exclusive};
    return sweep__offsets_gated(ctx, offsets, nseg, n, gated_scan_work, &g, first, last, declined);
}
