/*
 * dist_agree.c -- the collective agreement every distributed call starts with and
 * repeats after each local step that can fail: one gather of a fixed record per rank
 * carrying its status, its message, a fingerprint of the arguments that must match,
 * and the numbers the next step needs. Every rank decides from the same records, so
 * either all ranks go on or all return the same error; none is left waiting. Also the
 * small helpers for context memory that the algorithms share.
 */
#include "dist_internal.h"

#include <stdio.h>
#include <string.h>

uint64_t sweep__fnv(uint64_t h, const void *data, size_t bytes) {
    const unsigned char *p = data;
    for (size_t i = 0; i < bytes; ++i)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

uint64_t sweep__fnv_op(uint64_t h, const sweep_kop *op) {
    uint64_t words[4] = {(uint64_t)op->kind,
                         (uint64_t)(op->kind == SWEEP_OP_CUSTOM ? 0 : op->dtype), op->size,
                         op->align};
    h = sweep__fnv(h, words, sizeof words);
    return sweep__fnv(h, op->identity, op->size < sizeof op->identity ? op->size : 0);
}

sweep_status sweep__dist_check_comm(const sweep_comm *comm) {
    if (!comm) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "comm is NULL");
    sweep_status st = sweep__check_ctx(comm->ctx);
    if (st != SWEEP_OK) return st;
    if (comm->ctx->querying)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "the context is measuring scratch (sweep_scratch_query_begin); "
                           "distributed calls cannot be measured");
    return SWEEP_OK;
}

/* The message of a failed local step without its "api: " prefix. */
static void own_message(char *out, size_t cap) {
    const char *m = sweep_last_error();
    const char *colon = strstr(m, ": ");
    snprintf(out, cap, "%s", colon ? colon + 2 : m);
}

sweep_status sweep__dist_agree(sweep_comm *comm, sweep_status local, sweep__dist_rec *mine,
                               const char *what) {
    mine->status = (int32_t)local;
    mine->pad = 0;
    memset(mine->msg, 0, sizeof mine->msg);
    if (local != SWEEP_OK) own_message(mine->msg, sizeof mine->msg);
    sweep_status st = comm->t->allgather(comm->h, mine, comm->recs, sizeof *mine);
    if (st != SWEEP_OK) return st;
    for (int q = 0; q < comm->size; ++q) {
        const sweep__dist_rec *r = &comm->recs[q];
        if (r->status != SWEEP_OK) {
            char msg[sizeof r->msg + 1];
            memcpy(msg, r->msg, sizeof r->msg);
            msg[sizeof r->msg] = '\0';
            return sweep__fail((sweep_status)r->status, "rank %d: %s", q, msg);
        }
    }
    for (int q = 1; q < comm->size; ++q)
        if (comm->recs[q].fingerprint != comm->recs[0].fingerprint)
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "rank %d: %s differ from rank 0's", q,
                               what);
    return SWEEP_OK;
}

size_t sweep__dist_sum(const sweep_comm *comm, int k, int below) {
    size_t s = 0;
    for (int q = 0; q < below && q < comm->size; ++q)
        s += (size_t)comm->recs[q].w[k];
    return s;
}

static sweep_status copy(sweep_context *ctx, void *dst, const void *src, size_t bytes,
                         sweep_copy_kind kind) {
    if (bytes == 0) return SWEEP_OK;
    if (ctx->props.flags & SWEEP_BACKEND_HOST_MEMORY) {
        memmove(dst, src, bytes);
        return SWEEP_OK;
    }
    sweep_status st = ctx->be->memcpy(ctx->h, dst, src, bytes, kind);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(ctx->be->name, "memcpy", st);
}

sweep_status sweep__dist_to_host(sweep_context *ctx, void *host, const void *src, size_t bytes) {
    return copy(ctx, host, src, bytes, SWEEP_COPY_DEVICE_TO_HOST);
}

sweep_status sweep__dist_to_ctx(sweep_context *ctx, void *dst, const void *host, size_t bytes) {
    return copy(ctx, dst, host, bytes, SWEEP_COPY_HOST_TO_DEVICE);
}

sweep_status sweep__dist_copy(sweep_context *ctx, void *dst, const void *src, size_t bytes) {
    return copy(ctx, dst, src, bytes, SWEEP_COPY_DEVICE_TO_DEVICE);
}

sweep_status sweep__dist_sync(sweep_context *ctx) {
    sweep_status st = ctx->be->synchronize(ctx->h);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(ctx->be->name, "synchronize", st);
}

sweep_status sweep__dist_exchange(sweep_comm *comm, const sweep_comm_xfer *x, int nx) {
    sweep_status st = sweep__dist_sync(comm->ctx);
    if (st != SWEEP_OK) return st;
    return comm->t->exchange(comm->h, x, nx);
}
