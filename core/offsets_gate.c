/*
 * offsets_gate.c -- a call with segment offsets whose work is queued behind the
 * backend's check of them (table entries offsets_gate_begin and offsets_gate_end),
 * so the device runs the check and the work back to back while the host waits for the
 * check alone. Where the check fails the work has written nothing (its kernels read
 * the check's verdict first), and the call reports the offsets as
 * sweep__check_offsets does.
 */
#include "compose.h"

int sweep__offsets_gate_usable(const sweep_context *ctx) {
    return ctx->be->offsets_gate_begin && ctx->be->offsets_gate_end && !ctx->querying &&
           sweep__use_fused(ctx) && !sweep__deterministic(ctx);
}

sweep_status sweep__offsets_gated(sweep_context *ctx, const size_t *offsets, size_t nseg, size_t n,
                                  sweep__gated_work work, void *arg, size_t *first, size_t *last,
                                  int *declined) {
    const sweep_backend_table *be = ctx->be;
    *declined = 0;
    sweep_status st = be->offsets_gate_begin(ctx->h, offsets, nseg, n);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "offsets_gate_begin", st);
    /* the gate is closed whatever the work does */
    const sweep_status work_st = work(ctx, arg, declined);
    size_t r[3];
    st = be->offsets_gate_end(ctx->h, r);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "offsets_gate_end", st);
    /* bad offsets come first: whatever else went wrong, the call's inputs were wrong */
    st = sweep__offsets_verdict(ctx, offsets, nseg, n, r, first, last);
    if (st != SWEEP_OK) return st;
    return work_st;
}
