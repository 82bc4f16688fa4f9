/*
 * dist_scan.c -- distributed scan, segmented scan by head flags, and reduce.
 *
 * Each rank reduces its piece tile by tile with the backend's tile_reduce (with flags:
 * the lifted (flag, value) operator, so a tile's value runs from its last head) and
 * scans those partials to its rank total. The ranks gather (non-empty, has a head,
 * total); every rank then folds, in rank order, the totals of the non-empty ranks
 * before it, starting at the last one that has a head: that is its carry. The same
 * partials, with the carry in front, scanned again give every tile's carry, and one
 * tile_scan writes the output: the input is read twice and the output written once, as
 * in the single-process reduce-then-scan. A rank with no carry (the first non-empty
 * one) runs the local primitive, fused where the backend has it. Nothing but the
 * operator's own kernels combines values, so non-commutative operators stay right.
 */
#include "compose.h"
#include "dist_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct local_totals {
    size_t tile, ntiles;
    void *buf;              /* one allocation holding everything below */
    unsigned char *partial; /* ntiles + 1 elements: slot 0 for the carry        */
    uint8_t *pflag;         /* ntiles + 1 flags (with head flags only)           */
    unsigned char *work;    /* ntiles + 1 elements: a copy to scan, the carries  */
    sweep__arena arena;     /* for sweep__scan_run over ntiles + 1 elements      */
} local_totals;

/* The local part before the gather: partials of every tile, their scan to the rank
 * total (elem, host) and whether the piece has a head. */
static sweep_status reduce_local(sweep_comm *comm, const sweep_kop *op, const void *in,
                                 const uint8_t *flags, size_t n, local_totals *lt,
                                 unsigned char *elem, int *has_head, size_t nranks) {
    sweep_context *ctx = comm->ctx;
    const size_t size = op->size;
    memset(lt, 0, sizeof *lt);
    *has_head = 0;
    if (n == 0) return SWEEP_OK;
    lt->tile = sweep__scan_tile(ctx);
    lt->ntiles = sweep__ceil_div(n, lt->tile);
    size_t slots = (lt->ntiles > nranks ? lt->ntiles : nranks) + 1;
    size_t arr = sweep__need_array(slots, size);
    size_t fl = flags ? sweep__need_array(slots, 1) : 0;
    size_t scan = sweep__scan_need(slots, size, lt->tile, flags != NULL);
    size_t total = sweep__need_add(sweep__need_add(2 * arr, fl), scan);
    sweep_status st = sweep__dist_buffer(comm, SWEEP__DIST_SCAN, total, &lt->buf);
    if (st != SWEEP_OK) return st;
    unsigned char *p = lt->buf;
    lt->partial = p;
    lt->work = p + arr;
    lt->pflag = flags ? (uint8_t *)(p + 2 * arr) : NULL;
    lt->arena.base = p + 2 * arr + fl;
    lt->arena.size = scan;
    lt->arena.used = 0;

    const sweep_backend_table *be = ctx->be;
    st = be->tile_reduce(ctx->h, op, in, flags, n, lt->tile, lt->partial + size,
                         flags ? lt->pflag + 1 : NULL);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "tile_reduce", st);
    st = sweep__dist_copy(ctx, lt->work, lt->partial + size, lt->ntiles * size);
    if (st == SWEEP_OK)
        st = sweep__scan_run(ctx, &lt->arena, op, lt->work, flags ? lt->pflag + 1 : NULL, lt->work,
                             lt->ntiles, lt->tile, 0);
    if (st == SWEEP_OK)
        st = sweep__dist_to_host(ctx, elem, lt->work + (lt->ntiles - 1) * size, size);
    if (st != SWEEP_OK || !flags) return st;
    uint8_t *hf = malloc(lt->ntiles);
    if (!hf) return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate %zu bytes", lt->ntiles);
    st = sweep__dist_to_host(ctx, hf, lt->pflag + 1, lt->ntiles);
    for (size_t t = 0; st == SWEEP_OK && t < lt->ntiles && !*has_head; ++t)
        *has_head = hf[t] != 0;
    free(hf);
    return st;
}

/* Folds, in rank order, the totals (recs[q].elem, w[1] = has a head) of the non-empty
 * ranks in [0, below) that this rank's carry covers: from the last one with a head on.
 * Writes the fold to dst (context memory) and returns 1, or 0 when there is nothing. */
static sweep_status fold_totals(sweep_comm *comm, const sweep_kop *op, int below, local_totals *lt,
                                void *dst, int *any) {
    sweep_context *ctx = comm->ctx;
    const size_t size = op->size;
    int first = -1;
    *any = 0;
    for (int q = 0; q < below; ++q) {
        if (comm->recs[q].w[0] == 0) continue;
        if (first < 0 || comm->recs[q].w[1]) first = q;
    }
    if (first < 0) return SWEEP_OK;
    size_t m = 0;
    unsigned char *host = calloc((size_t)below, size);
    if (!host) return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate rank totals");
    for (int q = first; q < below; ++q)
        if (comm->recs[q].w[0] != 0) memcpy(host + size * m++, comm->recs[q].elem, size);
    /* lt->work holds at least nranks + 1 elements and is free again here. */
    sweep_status st = sweep__dist_to_ctx(ctx, lt->work, host, m * size);
    free(host);
    if (st == SWEEP_OK && m > 1)
        st = sweep__scan_run(ctx, &lt->arena, op, lt->work, NULL, lt->work, m, lt->tile, 0);
    if (st == SWEEP_OK) st = sweep__dist_copy(ctx, dst, lt->work + (m - 1) * size, size);
    *any = st == SWEEP_OK;
    return st;
}

static sweep_status scan_common(sweep_comm *comm, sweep_op op, const void *in, const uint8_t *flags,
                                void *out, size_t n, sweep_scan_kind kind, int segmented) {
    sweep_status st = sweep__dist_check_comm(comm);
    if (st != SWEEP_OK) return st; /* no communicator to agree through */
    sweep_context *ctx = comm->ctx;
    sweep_kop kop;
    memset(&kop, 0, sizeof kop);
    st = sweep__resolve_op(op, &kop);
    if (st == SWEEP_OK && kind != SWEEP_INCLUSIVE && kind != SWEEP_EXCLUSIVE)
        st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                         "kind %d is neither SWEEP_INCLUSIVE nor SWEEP_EXCLUSIVE", (int)kind);
    size_t bytes = 0;
    if (st == SWEEP_OK && n > 0) {
        st = sweep__bytes(n, kop.size, "in", &bytes);
        if (st == SWEEP_OK && !in)
            st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "in is NULL with n = %zu", n);
        if (st == SWEEP_OK && !out)
            st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL with n = %zu", n);
        if (st == SWEEP_OK && segmented && !flags)
            st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "head_flags is NULL with n = %zu", n);
        if (st == SWEEP_OK) st = sweep__check_aligned("in", in, kop.align);
        if (st == SWEEP_OK) st = sweep__check_aligned("out", out, kop.align);
        if (st == SWEEP_OK && in != out && sweep__overlap(in, bytes, out, bytes))
            st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                             "out overlaps in without being equal to it");
        if (st == SWEEP_OK && segmented && sweep__overlap(flags, n, out, bytes))
            st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out overlaps head_flags");
    }
    sweep__dist_rec mine;
    memset(&mine, 0, sizeof mine);
    mine.fingerprint = sweep__fnv_op(SWEEP__FNV_START, &kop) ^ ((uint64_t)kind << 60);
    mine.w[0] = n;
    st = sweep__dist_agree(comm, st, &mine, "the operator, its element type or the scan kind");
    if (st != SWEEP_OK) return st;

    local_totals lt;
    int has_head = 0;
    memset(&mine, 0, sizeof mine);
    st = reduce_local(comm, &kop, in, flags, n, &lt, mine.elem, &has_head, (size_t)comm->size);
    mine.w[0] = n;
    mine.w[1] = (uint64_t)has_head;
    sweep_status agreed = sweep__dist_agree(comm, st, &mine, "(nothing)");
    if (agreed != SWEEP_OK || n == 0) {
        sweep__dist_unhold(comm);
        return agreed;
    }
    const int exclusive = kind == SWEEP_EXCLUSIVE;
    int any = 0;
    st = fold_totals(comm, &kop, comm->rank, &lt, lt.partial, &any);
    if (st == SWEEP_OK && !any) {
        if (segmented) {
            sweep_ksegments seg;
            memset(&seg, 0, sizeof seg);
            seg.form = SWEEP_SEG_FLAGS;
            seg.flags = flags;
            st = sweep__segmented_scan(ctx, &kop, in, out, n, &seg, exclusive);
        } else {
            st = sweep__scan(ctx, &kop, in, out, n, exclusive);
        }
    } else if (st == SWEEP_OK) {
        /* partial = [carry, p_0 .. p_{t-2}] scanned inclusively: tile t's carry. */
        if (flags) st = ctx->be->memset(ctx->h, lt.pflag, 0, 1);
        if (st == SWEEP_OK)
            st = sweep__scan_run(ctx, &lt.arena, &kop, lt.partial, lt.pflag, lt.partial, lt.ntiles,
                                 lt.tile, 0);
        if (st == SWEEP_OK) {
            st =
                ctx->be->tile_scan(ctx->h, &kop, in, flags, out, n, lt.tile, lt.partial, exclusive);
            if (st != SWEEP_OK) st = sweep__backend_failed(ctx->be->name, "tile_scan", st);
        }
    }
    if (st == SWEEP_OK) st = sweep__dist_sync(ctx);
    sweep__dist_unhold(comm); /* lt.buf stays cached */
    return st;
}

sweep_status sweep_dist_scan(sweep_comm *comm, sweep_op op, const void *in, void *out, size_t n,
                             sweep_scan_kind kind) {
    SWEEP__ENTER("sweep_dist_scan");
    return scan_common(comm, op, in, NULL, out, n, kind, 0);
}

sweep_status sweep_dist_segmented_scan_flags(sweep_comm *comm, sweep_op op, const void *in,
                                             const uint8_t *head_flags, void *out, size_t n,
                                             sweep_scan_kind kind) {
    SWEEP__ENTER("sweep_dist_segmented_scan_flags");
    return scan_common(comm, op, in, head_flags, out, n, kind, 1);
}

sweep_status sweep_dist_reduce(sweep_comm *comm, sweep_op op, const void *in, size_t n, void *out) {
    SWEEP__ENTER("sweep_dist_reduce");
    sweep_status st = sweep__dist_check_comm(comm);
    if (st != SWEEP_OK) return st;
    sweep_context *ctx = comm->ctx;
    sweep_kop kop;
    memset(&kop, 0, sizeof kop);
    st = sweep__resolve_op(op, &kop);
    size_t bytes = 0;
    if (st == SWEEP_OK && n > 0) {
        st = sweep__bytes(n, kop.size, "in", &bytes);
        if (st == SWEEP_OK && !in)
            st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "in is NULL with n = %zu", n);
        if (st == SWEEP_OK) st = sweep__check_aligned("in", in, kop.align);
    }
    if (st == SWEEP_OK && !out)
        st =
            sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL (every rank receives the result)");
    if (st == SWEEP_OK) st = sweep__check_aligned("out", out, kop.align);
    if (st == SWEEP_OK && sweep__overlap(in, bytes, out, kop.size))
        st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out overlaps in");
    sweep__dist_rec mine;
    memset(&mine, 0, sizeof mine);
    mine.fingerprint = sweep__fnv_op(SWEEP__FNV_START, &kop);
    st = sweep__dist_agree(comm, st, &mine, "the operator or its element type");
    if (st != SWEEP_OK) return st;

    local_totals lt;
    int has_head = 0;
    memset(&mine, 0, sizeof mine);
    st = reduce_local(comm, &kop, in, NULL, n, &lt, mine.elem, &has_head, (size_t)comm->size);
    if (st == SWEEP_OK && n == 0) {
        /* The fold below needs a small buffer on every rank, also on empty ones. */
        lt.tile = sweep__scan_tile(ctx);
        size_t slots = (size_t)comm->size + 1;
        size_t arr = sweep__need_array(slots, kop.size);
        size_t scan = sweep__scan_need(slots, kop.size, lt.tile, 0);
        st = sweep__dist_buffer(comm, SWEEP__DIST_SCAN, sweep__need_add(arr, scan), &lt.buf);
        if (st == SWEEP_OK) {
            lt.work = lt.buf;
            lt.arena.base = (unsigned char *)lt.buf + arr;
            lt.arena.size = scan;
            lt.arena.used = 0;
        }
    }
    mine.w[0] = n;
    st = sweep__dist_agree(comm, st, &mine, "(nothing)");
    int any = 0;
    if (st == SWEEP_OK) st = fold_totals(comm, &kop, comm->size, &lt, out, &any);
    if (st == SWEEP_OK) st = sweep__dist_sync(ctx);
    sweep__dist_unhold(comm); /* lt.buf stays cached */
    return st;
}
