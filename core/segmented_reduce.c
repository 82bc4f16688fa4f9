/*
 * segmented_reduce.c -- the segmented reduce driver. Generic: an inclusive
 * segmented scan of the range the segments cover, into scratch, then each segment's
 * last scanned value (the identity for an empty segment), so non-commutative
 * operators keep their order and every one of the nseg outputs is written.
 */
#include "compose.h"

/* offsets[0] and offsets[nseg], which bound the covered range. While measuring the
 * offsets may not hold data yet: the whole input bounds the need instead. */
static sweep_status covered_range(sweep_context *ctx, const size_t *offsets, size_t nseg, size_t n,
                                  size_t *first, size_t *last) {
    if (ctx->querying) {
        *first = 0;
        *last = n;
        return SWEEP_OK;
    }
    if (ctx->props.flags & SWEEP_BACKEND_HOST_MEMORY) {
        *first = offsets[0];
        *last = offsets[nseg];
        return SWEEP_OK;
    }
    sweep_status st =
        ctx->be->memcpy(ctx->h, first, offsets, sizeof *first, SWEEP_COPY_DEVICE_TO_HOST);
    if (st == SWEEP_OK)
        st = ctx->be->memcpy(ctx->h, last, offsets + nseg, sizeof *last, SWEEP_COPY_DEVICE_TO_HOST);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(ctx->be->name, "memcpy", st);
}

static sweep_status generic_segmented_reduce(sweep_context *ctx, const sweep_kop *op,
                                             const void *in, size_t n, const size_t *offsets,
                                             size_t nseg, void *out) {
    const sweep_backend_table *be = ctx->be;
    size_t first, last;
    sweep_status st = covered_range(ctx, offsets, nseg, n, &first, &last);
    if (st != SWEEP_OK) return st;
    const size_t covered = last - first;
    const size_t tile = sweep__scan_tile(ctx);
    sweep_ksegments seg = {0};
    seg.form = SWEEP_SEG_OFFSETS;
    seg.offsets = offsets;
    seg.nseg = nseg;
    seg.base = first;
    size_t need = sweep__need_add(sweep__need_array(covered, op->size),
                                  sweep__segmented_scan_need(&seg, covered, op->size, tile));
    sweep__arena arena;
    int measure_only;
    st = sweep__scratch_begin(ctx, need, &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    void *scanned = NULL;
    if (covered > 0) {
        scanned = sweep__arena_take(&arena, covered * op->size);
        if (!scanned) {
            st = sweep__fail(SWEEP_ERR_INTERNAL, "segmented reduce scratch was measured too small");
            goto done;
        }
        st = sweep__segmented_scan_run(ctx, &arena, op, sweep__cat(in, first, op->size), scanned,
                                       covered, &seg, tile, 0);
        if (st != SWEEP_OK) goto done;
    }
    st = be->segment_last(ctx->h, op, scanned, offsets, nseg, first, out);
    if (st != SWEEP_OK) st = sweep__backend_failed(be->name, "segment_last", st);
done:
    sweep__scratch_end(ctx, &arena);
    return st;
}

/* The backend's fused entry: size query, scratch, run. *declined where it answered
 * SWEEP_ERR_UNSUPPORTED to the size query (nothing queued). */
static sweep_status fused_segmented_reduce(sweep_context *ctx, const sweep_kop *op, const void *in,
                                           size_t n, const size_t *offsets, size_t nseg, void *out,
                                           int *declined) {
    const sweep_backend_table *be = ctx->be;
    *declined = 0;
    size_t bytes = 0;
    sweep_status st = be->segmented_reduce(ctx->h, op, in, n, offsets, nseg, out, NULL, &bytes);
    if (st == SWEEP_ERR_UNSUPPORTED) {
        sweep__clear_error(); /* the fused entry declined: compose instead */
        *declined = 1;
        return SWEEP_OK;
    }
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "segmented_reduce", st);
    sweep__arena arena;
    int measure_only;
    /* At least one byte, so the run never passes NULL (the size query). */
    st = sweep__scratch_begin(ctx, bytes ? bytes : 1, &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = be->segmented_reduce(ctx->h, op, in, n, offsets, nseg, out, arena.base, &bytes);
    sweep__scratch_end(ctx, &arena);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "segmented_reduce", st);
}

sweep_status sweep__segmented_reduce(sweep_context *ctx, const sweep_kop *op, const void *in,
                                     size_t n, const size_t *offsets, size_t nseg, void *out) {
    const sweep_backend_table *be = ctx->be;
    if (be->segmented_reduce && sweep__use_fused(ctx) && !sweep__deterministic(ctx)) {
        int declined;
        sweep_status st = fused_segmented_reduce(ctx, op, in, n, offsets, nseg, out, &declined);
        if (!declined) return st;
    }
    return generic_segmented_reduce(ctx, op, in, n, offsets, nseg, out);
}

typedef struct gated_reduce {
    const sweep_kop *op;
    const void *in;
    size_t n;
    const size_t *offsets;
    size_t nseg;
    void *out;
} gated_reduce;

static sweep_status gated_reduce_work(sweep_context *ctx, void *arg, int *declined) {
    const gated_reduce *g = arg;
    return fused_segmented_reduce(ctx, g->op, g->in, g->n, g->offsets, g->nseg, g->out, declined);
}

sweep_status sweep__segmented_reduce_gated(sweep_context *ctx, const sweep_kop *op, const void *in,
                                           size_t n, const size_t *offsets, size_t nseg,
                                           void *out) {
    if (!ctx->be->segmented_reduce) {
        size_t first, last;
        sweep_status st = sweep__check_offsets(ctx, offsets, nseg, n, &first, &last);
        return st == SWEEP_OK ? sweep__segmented_reduce(ctx, op, in, n, offsets, nseg, out) : st;
    }
    gated_reduce g = {op, in, n, offsets, nseg, out};
    size_t first, last;
    int declined;
    sweep_status st = sweep__offsets_gated(ctx, offsets, nseg, n, gated_reduce_work, &g, &first,
                                           &last, &declined);
    if (st != SWEEP_OK || !declined) return st;
    return generic_segmented_reduce(ctx, op, in, n, offsets, nseg, out);
}
