/*
 * scan.c -- fused scans: plain and segmented (flags, offsets, keys). Large inputs go
 * through the chained block pipeline (chain.h: one read and one write per element,
 * one slot of scratch per thread); small ones are one pass on the calling thread.
 */
#include <string.h>

#include "backend_omp.h"
#include "chain.h"
#include "op_kernels.h"
#include "segments.h"
#include "stream_store.h"

/* Bytes per chain block: the block is read once from memory and then rescanned
 * while it is still in the core's L2. */
#define SWOMP_SCAN_BLOCK_BYTES ((size_t)128 * 1024)

/* Bytes of the per-thread stage a streamed block is scanned into (fits in L1). */
#define SWOMP_SCAN_STAGE_BYTES ((size_t)8 * 1024)

typedef struct scan_job {
    const sweep_kop *op;
    const swomp_opk *k;
    const unsigned char *in;
    unsigned char *out;
    size_t size;
    int exclusive;
    int stream;        /* write the output with streaming stores (large plain scans) */
    swomp_heads heads; /* segmented scans only */
} scan_job;

static int scan_threads(const swomp_handle *h, size_t n, size_t size) {
    if (n / 2 < SWOMP_SCAN_BLOCK_BYTES / size) return 1;
    return swomp_team(h, n * size);
}

/* ------------------------------------------------------------- plain scan -- */

static void plain_aggregate(void *ctx, size_t lo, size_t hi, void *agg) {
    scan_job *j = (scan_job *)ctx;
    j->k->reduce(j->op, j->in + lo * j->size, hi - lo, agg, 0, 0);
}

static void plain_extend(void *ctx, const void *prefix, const void *agg, void *out) {
    scan_job *j = (scan_job *)ctx;
    swomp_combine(j->op, prefix, agg, out);
}

static void plain_finish(void *ctx, size_t lo, size_t hi, const void *prefix) {
    scan_job *j = (scan_job *)ctx;
    size_t s = j->size;
    if (!j->stream) {
        j->k->scan(j->op, j->in + lo * s, j->out + lo * s, hi - lo, prefix, j->exclusive, 0, NULL);
        return;
    }
    /* Scan a piece into an L1-resident stage, then stream it out: the output lines
     * are never read from memory. The running total carries the fold from piece to
     * piece, so the values are those of one left-to-right scan of the block. */
    _Alignas(64) unsigned char stage[SWOMP_SCAN_STAGE_BYTES];
    swomp_val carry;
    size_t piece = SWOMP_SCAN_STAGE_BYTES / s;
    for (size_t a = lo; a < hi; a += piece) {
        size_t m = hi - a < piece ? hi - a : piece;
        j->k->scan(j->op, j->in + a * s, stage, m, a == lo ? prefix : carry.b, j->exclusive, 0,
                   carry.b);
        swomp_stream_copy(j->out + a * s, stage, m * s);
    }
    swomp_stream_fence(); /* this thread's streamed lines land before the join */
}

sweep_status swomp_scan(void *hv, const sweep_kop *op, const void *in, void *out, size_t n,
                        int exclusive, void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    int threads = scan_threads(h, n, op->size);
    if (swomp_deterministic(h) && swomp_op_inexact(op)) {
        *scratch_bytes = 0;
        return SWEEP_ERR_UNSUPPORTED; /* the core's fixed-tile composition decides */
    }
    if (swomp_scratch_query(scratch, scratch_bytes, swomp_chain_scratch(threads))) return SWEEP_OK;
    scan_job j = {op,
                  swomp_opk_for(op),
                  (const unsigned char *)in,
                  (unsigned char *)out,
                  op->size,
                  exclusive,
                  n * op->size >= SWOMP_STREAM_MIN_BYTES,
                  {{0}, 0, 0}};
    if (threads == 1) {
        j.k->scan(op, in, out, n, NULL, exclusive, 0, NULL);
        return SWEEP_OK;
    }
    swomp_chain c = {op->size, &j, plain_aggregate, plain_extend, plain_finish};
    swomp_chain_run(&c, n, SWOMP_SCAN_BLOCK_BYTES / op->size, threads, scratch);
    return SWEEP_OK;
}

/* --------------------------------------------------------- segmented scan -- */

/* The carry of the lifted operator: a head flag and the value since the last head. */
typedef struct seg_carry {
    swomp_val v;
    int head;
} seg_carry;

/* Scans [lo, hi) run by run; the run before the first head continues the prefix. */
static void seg_scan_range(scan_job *j, swomp_heads *c, size_t lo, size_t hi, const void *prefix) {
    size_t s = j->size;
    swomp_heads_seek(c, lo);
    size_t head = swomp_heads_next(c, lo, hi);
    if (head > lo)
        j->k->scan(j->op, j->in + lo * s, j->out + lo * s, head - lo, prefix, j->exclusive, 0,
                   NULL);
    while (head < hi) {
        size_t next = swomp_heads_next(c, head + 1, hi);
        j->k->scan(j->op, j->in + head * s, j->out + head * s, next - head, NULL, j->exclusive, 0,
                   NULL);
        head = next;
    }
}

static void seg_aggregate(void *ctx, size_t lo, size_t hi, void *agg) {
    scan_job *j = (scan_job *)ctx;
    seg_carry *a = (seg_carry *)agg;
    size_t from = lo;
    a->head = swomp_heads_last(&j->heads, lo, hi, &from);
    j->k->reduce(j->op, j->in + from * j->size, hi - from, a->v.b, 0, 0);
}

static void seg_extend(void *ctx, const void *prefix, const void *agg, void *out) {
    scan_job *j = (scan_job *)ctx;
    const seg_carry *p = (const seg_carry *)prefix, *a = (const seg_carry *)agg;
    seg_carry *o = (seg_carry *)out;
    if (a->head) {
        *o = *a;
    } else {
        swomp_combine(j->op, p->v.b, a->v.b, o->v.b);
        o->head = p->head;
    }
}

/* Head flags go element by element (no per-run cost for short segments); offsets
 * and keys go run by run. */
static void seg_scan_block(scan_job *j, swomp_heads *c, size_t lo, size_t hi, const void *carry) {
    if (j->heads.seg.form == SWEEP_SEG_FLAGS)
        j->k->seg_scan(j->op, j->in + lo * j->size, j->heads.seg.flags + lo, j->out + lo * j->size,
                       hi - lo, carry, j->exclusive);
    else
        seg_scan_range(j, c, lo, hi, carry);
}

static void seg_finish(void *ctx, size_t lo, size_t hi, const void *prefix) {
    scan_job *j = (scan_job *)ctx;
    swomp_heads c = j->heads; /* each thread walks its own cursor */
    seg_scan_block(j, &c, lo, hi, prefix ? ((const seg_carry *)prefix)->v.b : NULL);
}

sweep_status swomp_segmented_scan(void *hv, const sweep_kop *op, const void *in, void *out,
                                  size_t n, const sweep_ksegments *seg, int exclusive,
                                  void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    /* elements from offsets[nseg] on belong to no segment and are not written */
    /* (not during the size query: the offsets may not hold data yet) */
    if (scratch && seg->form == SWEEP_SEG_OFFSETS && seg->offsets[seg->nseg] - seg->base < n)
        n = seg->offsets[seg->nseg] - seg->base;
    int threads = scan_threads(h, n, op->size);
    if (swomp_deterministic(h) && swomp_op_inexact(op)) {
        *scratch_bytes = 0;
        return SWEEP_ERR_UNSUPPORTED;
    }
    if (swomp_scratch_query(scratch, scratch_bytes, swomp_chain_scratch(threads))) return SWEEP_OK;
    scan_job j = {
        op, swomp_opk_for(op), (const unsigned char *)in, (unsigned char *)out, op->size, exclusive,
        0,  {{0}, 0, 0}};
    swomp_heads_init(&j.heads, seg, n);
    if (n == 0) return SWEEP_OK;
    if (threads == 1) {
        seg_scan_block(&j, &j.heads, 0, n, NULL);
        return SWEEP_OK;
    }
    swomp_chain c = {sizeof(seg_carry), &j, seg_aggregate, seg_extend, seg_finish};
    swomp_chain_run(&c, n, SWOMP_SCAN_BLOCK_BYTES / op->size, threads, scratch);
    return SWEEP_OK;
}
