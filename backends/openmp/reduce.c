/*
 * reduce.c -- fused reduce and segmented reduce, ordered (non-commutative operators
 * are right): each thread folds one contiguous part and the parts are combined in
 * order. Scratch is a few values per part.
 */
#include <string.h>

#include "backend_omp.h"
#include "op_kernels.h"
#include "pool.h"
#include "segments.h"

typedef struct reduce_job {
    const sweep_kop *op;
    const swomp_opk *k;
    const unsigned char *src;
    unsigned char *partials;
    size_t slot, n, parts;
    int *used;
} reduce_job;

static void reduce_part(void *ctx, size_t p, int worker) {
    const reduce_job *j = (const reduce_job *)ctx;
    size_t lo, hi;
    (void)worker;
    swomp_part(j->n, j->parts, p, &lo, &hi);
    if (hi == lo) return;
    swomp_val acc;
    j->k->reduce(j->op, j->src + lo * j->op->size, hi - lo, acc.b, 0, 0);
    memcpy(j->partials + p * j->slot, acc.b, j->op->size);
    j->used[p] = 1;
}

sweep_status swomp_reduce(void *hv, const sweep_kop *op, const void *in, size_t n, void *out,
                          void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    int threads = swomp_team(h, n * op->size * swomp_reduce_cost(op));
    size_t parts = swomp_parts(threads, n);
    if (swomp_deterministic(h) && swomp_op_inexact(op)) {
        *scratch_bytes = 0;
        return SWEEP_ERR_UNSUPPORTED;
    }
    size_t slot = swomp_round(sizeof(swomp_val));
    if (swomp_scratch_query(scratch, scratch_bytes,
                            parts * slot + swomp_round(parts * sizeof(int))))
        return SWEEP_OK;
    const swomp_opk *k = swomp_opk_for(op);
    if (threads == 1) {
        swomp_val acc;
        k->reduce(op, in, n, acc.b, 0, 0);
        memcpy(out, acc.b, op->size);
        return SWEEP_OK;
    }
    /* the parts are combined in order: non-commutative operators stay right */
    reduce_job j = {op,
                    k,
                    (const unsigned char *)in,
                    (unsigned char *)scratch,
                    slot,
                    n,
                    parts,
                    (int *)((unsigned char *)scratch + parts * slot)};
    for (size_t p = 0; p < parts; p++)
        j.used[p] = 0;
    swomp_pool_run(threads, parts, reduce_part, &j);
    swomp_val acc;
    int have = 0;
    for (size_t p = 0; p < parts; p++) {
        if (!j.used[p]) continue;
        if (have)
            swomp_combine(op, acc.b, j.partials + p * slot, acc.b);
        else
            memcpy(acc.b, j.partials + p * slot, op->size);
        have = 1;
    }
    memcpy(out, acc.b, op->size);
    return SWEEP_OK;
}

/* Per-thread state of a segmented reduce: the thread's elements before its first
 * segment start (they end a segment owned by an earlier thread), and the partial
 * value of its last segment when that runs past the thread's part. */
typedef struct segred_part {
    swomp_val prefix;
    swomp_val tail;
    size_t lo;
    size_t tail_seg; /* SIZE_MAX when none is pending */
    int has_prefix;
} segred_part;

static void reduce_or_identity(const sweep_kop *op, const swomp_opk *k, const unsigned char *in,
                               size_t lo, size_t hi, void *out) {
    if (hi > lo)
        k->reduce(op, in + lo * op->size, hi - lo, out, 0, 0);
    else
        memcpy(out, op->identity, op->size);
}

typedef struct segred_job {
    const sweep_kop *op;
    const swomp_opk *k;
    const unsigned char *src;
    unsigned char *dst, *parts_state;
    const size_t *offsets;
    size_t nseg, first, span, parts, stride;
} segred_job;

/* part p owns the segments starting in its [lo, hi); the last part also those
 * starting at the end (empty ones) */
static void segred_part_run(void *ctx, size_t t, int worker) {
    const segred_job *j = (const segred_job *)ctx;
    const sweep_kop *op = j->op;
    const size_t *offsets = j->offsets;
    size_t lo, hi, sz = op->size;
    (void)worker;
    swomp_part(j->span, j->parts, t, &lo, &hi);
    lo += j->first;
    hi += j->first;
    segred_part *me = (segred_part *)(j->parts_state + t * j->stride);
    size_t s_lo = swomp_lower_bound(offsets, j->nseg, lo);
    size_t s_hi = t + 1 == j->parts ? j->nseg : swomp_lower_bound(offsets, j->nseg, hi);
    size_t first_start = s_lo < s_hi ? offsets[s_lo] : hi;
    me->lo = lo;
    me->tail_seg = SIZE_MAX;
    me->has_prefix = first_start > lo;
    if (me->has_prefix) j->k->reduce(op, j->src + lo * sz, first_start - lo, me->prefix.b, 0, 0);
    /* every segment but the last ends in the part; the last may run past it */
    size_t s_whole = s_hi > s_lo && offsets[s_hi] > hi ? s_hi - 1 : s_hi;
    if (s_whole > s_lo)
        j->k->seg_reduce(op, j->src, offsets + s_lo, s_whole - s_lo, j->dst + s_lo * sz);
    if (s_whole < s_hi) {
        reduce_or_identity(op, j->k, j->src, offsets[s_whole], hi, me->tail.b);
        me->tail_seg = s_whole;
    }
}

sweep_status swomp_segmented_reduce(void *hv, const sweep_kop *op, const void *in, size_t n,
                                    const size_t *offsets, size_t nseg, void *out, void *scratch,
                                    size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    /* The size query must not read the offsets (they may not hold data yet): it sizes
     * the parts for all n elements, an upper bound of the run's. */
    size_t first = scratch ? offsets[0] : 0, last = scratch ? offsets[nseg] : n,
           span = last - first;
    int threads = swomp_team(h, span * op->size * swomp_reduce_cost(op));
    size_t parts = swomp_parts(threads, span);
    if (swomp_deterministic(h) && swomp_op_inexact(op)) {
        *scratch_bytes = 0;
        return SWEEP_ERR_UNSUPPORTED;
    }
    size_t stride = swomp_round(sizeof(segred_part));
    if (swomp_scratch_query(scratch, scratch_bytes, parts * stride)) return SWEEP_OK;
    segred_job j = {op,
                    swomp_opk_for(op),
                    (const unsigned char *)in,
                    (unsigned char *)out,
                    (unsigned char *)scratch,
                    offsets,
                    nseg,
                    first,
                    span,
                    parts,
                    stride};
    swomp_pool_run(threads, parts, segred_part_run, &j);
    /* segments that cross parts: their tail, then the prefixes of the parts they span */
    for (size_t t = 0; t < parts; t++) {
        segred_part *me = (segred_part *)(j.parts_state + t * stride);
        if (me->tail_seg == SIZE_MAX) continue;
        size_t end = offsets[me->tail_seg + 1];
        swomp_val v = me->tail;
        for (size_t u = t + 1; u < parts; u++) {
            segred_part *p = (segred_part *)(j.parts_state + u * stride);
            if (p->lo >= end) break;
            if (p->has_prefix) swomp_combine(op, v.b, p->prefix.b, v.b);
        }
        memcpy(j.dst + me->tail_seg * op->size, v.b, op->size);
    }
    return SWEEP_OK;
}
