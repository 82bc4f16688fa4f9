/*
 * api_reduce.c -- the public reductions: of a whole array into one element, and of
 * every segment given by offsets. Every argument is checked before the driver runs.
 */
#include "context_registry.h"
#include "internal.h"

sweep_status sweep_reduce(sweep_context *ctx, sweep_op op, const void *in, size_t n, void *out) {
    SWEEP__ENTER("sweep_reduce");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    sweep_kop kop;
    st = sweep__resolve_op(op, &kop);
    if (st != SWEEP_OK || n == 0) return st;
    size_t bytes;
    st = sweep__bytes(n, kop.size, "in", &bytes);
    if (st != SWEEP_OK) return st;
    if (!in) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "in is NULL with n = %zu", n);
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL");
    st = sweep__check_aligned("in", in, kop.align);
    if (st == SWEEP_OK) st = sweep__check_aligned("out", out, kop.align);
    if (st != SWEEP_OK) return st;
    /* A kernel writing the result may still be reading in on other threads. */
    if (sweep__overlap(in, bytes, out, kop.size))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out overlaps in");
    return sweep__reduce(ctx, &kop, in, n, out);
}

sweep_status sweep_segmented_reduce(sweep_context *ctx, sweep_op op, const void *in, size_t n,
                                    const size_t *offsets, size_t nseg, void *out) {
    SWEEP__ENTER("sweep_segmented_reduce");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    sweep_kop kop;
    st = sweep__resolve_op(op, &kop);
    if (st != SWEEP_OK || nseg == 0) return st;
    size_t in_bytes, out_bytes, offset_bytes;
    st = sweep__bytes(n, kop.size, "in", &in_bytes);
    if (st == SWEEP_OK) st = sweep__bytes(nseg, kop.size, "out", &out_bytes);
    if (st != SWEEP_OK) return st;
    if (!in && n > 0) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "in is NULL with n = %zu", n);
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL with nseg = %zu", nseg);
    if (!offsets)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "offsets is NULL with nseg = %zu", nseg);
    if (nseg == SIZE_MAX) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "nseg is too large");
    st = sweep__check_aligned("in", in, kop.align);
    if (st == SWEEP_OK) st = sweep__check_aligned("out", out, kop.align);
    if (st == SWEEP_OK) st = sweep__check_aligned("offsets", offsets, sizeof(size_t));
    if (st != SWEEP_OK) return st;
    st = sweep__bytes(nseg + 1, sizeof(size_t), "offsets", &offset_bytes);
    if (st != SWEEP_OK) return st;
    if (sweep__overlap(in, in_bytes, out, out_bytes))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out overlaps in");
    if (sweep__overlap(offsets, offset_bytes, out, out_bytes))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out overlaps offsets");
    /* The work queued behind the backend's check of the offsets, where it can be. */
    if (sweep__offsets_gate_usable(ctx))
        return sweep__segmented_reduce_gated(ctx, &kop, in, n, offsets, nseg, out);
    /* While measuring the offsets may not hold data yet; the driver bounds its need. */
    if (!ctx->querying) {
        size_t first, last;
        st = sweep__check_offsets(ctx, offsets, nseg, n, &first, &last);
        if (st != SWEEP_OK) return st;
    }
    return sweep__segmented_reduce(ctx, &kop, in, n, offsets, nseg, out);
}
