/*
 * reduce.c -- fused reduce and segmented reduce, ordered (non-commutative operators
 * are right): each thread folds one contiguous part and the parts are combined in
 * order. Scratch is a few values per thread.
 */
#include <string.h>

#include "backend_omp.h"
#include "op_kernels.h"
#include "segments.h"

#include <omp.h>

sweep_status swomp_reduce(void *hv, const sweep_kop *op, const void *in, size_t n, void *out,
                          void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    int threads = swomp_team(h, n * op->size * swomp_reduce_cost(op));
    if (swomp_deterministic(h) && swomp_op_inexact(op)) {
        *scratch_bytes = 0;
        return SWEEP_ERR_UNSUPPORTED;
    }
    size_t slot = swomp_round(sizeof(swomp_val));
    if (swomp_scratch_query(scratch, scratch_bytes, (size_t)threads * (slot + SWOMP_LINE)))
        return SWEEP_OK;
    const swomp_opk *k = swomp_opk_for(op);
    const unsigned char *src = (const unsigned char *)in;
    if (threads == 1) {
        swomp_val acc;
        k->reduce(op, in, n, acc.b, 0, 0);
        memcpy(out, acc.b, op->size);
        return SWEEP_OK;
    }
    unsigned char *partials = (unsigned char *)scratch;
    int *used = (int *)(partials + (size_t)threads * slot);
    for (int t = 0; t < threads; t++)
        used[t] = 0;
#pragma omp parallel num_threads(threads)
    {
        size_t team = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num(), lo, hi;
        swomp_part(n, team, t, &lo, &hi);
        if (hi > lo) {
            swomp_val acc;
            k->reduce(op, src + lo * op->size, hi - lo, acc.b, 0, 0);
            memcpy(partials + t * slot, acc.b, op->size);
            used[t] = 1;
        }
    }
    swomp_val acc;
    int have = 0;
    for (int t = 0; t < threads; t++) {
        if (!used[t]) continue;
        if (have)
            swomp_combine(op, acc.b, partials + (size_t)t * slot, acc.b);
        else
            memcpy(acc.b, partials + (size_t)t * slot, op->size);
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

sweep_status swomp_segmented_reduce(void *hv, const sweep_kop *op, const void *in, size_t n,
                                    const size_t *offsets, size_t nseg, void *out, void *scratch,
                                    size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    /* The size query must not read the offsets (they may not hold data yet): it sizes
     * the team for all n elements, an upper bound of the run's. */
    size_t first = scratch ? offsets[0] : 0, last = scratch ? offsets[nseg] : n,
           span = last - first;
    int threads = swomp_team(h, span * op->size * swomp_reduce_cost(op));
    if ((size_t)threads > span) threads = span ? (int)span : 1;
    if (swomp_deterministic(h) && swomp_op_inexact(op)) {
        *scratch_bytes = 0;
        return SWEEP_ERR_UNSUPPORTED;
    }
    if (swomp_scratch_query(scratch, scratch_bytes,
                            (size_t)threads * swomp_round(sizeof(segred_part))))
        return SWEEP_OK;
    const swomp_opk *k = swomp_opk_for(op);
    const unsigned char *src = (const unsigned char *)in;
    unsigned char *dst = (unsigned char *)out;
    size_t sz = op->size, stride = swomp_round(sizeof(segred_part));
    int team_used = 1;
#pragma omp parallel num_threads(threads)
    {
        size_t team = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num(), lo, hi;
        swomp_part(span, team, t, &lo, &hi);
        lo += first;
        hi += first;
        segred_part *me = (segred_part *)((unsigned char *)scratch + t * stride);
        /* thread t owns the segments starting in [lo, hi); the last thread also those
         * starting at `last` (empty ones) */
        size_t s_lo = swomp_lower_bound(offsets, nseg, lo);
        size_t s_hi = t + 1 == team ? nseg : swomp_lower_bound(offsets, nseg, hi);
        size_t first_start = s_lo < s_hi ? offsets[s_lo] : hi;
        me->lo = lo;
        me->tail_seg = SIZE_MAX;
        me->has_prefix = first_start > lo;
        if (me->has_prefix) k->reduce(op, src + lo * sz, first_start - lo, me->prefix.b, 0, 0);
        for (size_t s = s_lo; s < s_hi; s++) {
            size_t a = offsets[s], b = offsets[s + 1];
            if (b <= hi) {
                swomp_val v;
                reduce_or_identity(op, k, src, a, b, v.b);
                memcpy(dst + s * sz, v.b, sz);
            } else {
                reduce_or_identity(op, k, src, a, hi, me->tail.b);
                me->tail_seg = s;
            }
        }
        if (t == 0) team_used = (int)team;
    }
    /* segments that cross parts: their tail, then the prefixes of the parts they span */
    for (int t = 0; t < team_used; t++) {
        segred_part *me = (segred_part *)((unsigned char *)scratch + (size_t)t * stride);
        if (me->tail_seg == SIZE_MAX) continue;
        size_t end = offsets[me->tail_seg + 1];
        swomp_val v = me->tail;
        for (int u = t + 1; u < team_used; u++) {
            segred_part *p = (segred_part *)((unsigned char *)scratch + (size_t)u * stride);
            if (p->lo >= end) break;
            if (p->has_prefix) swomp_combine(op, v.b, p->prefix.b, v.b);
        }
        memcpy(dst + me->tail_seg * sz, v.b, sz);
    }
    return SWEEP_OK;
}
