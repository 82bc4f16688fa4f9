/*
 * scan.c -- fused scans: plain and segmented (flags, offsets, keys). Large inputs go
 * through the chained block pipeline (chain.h: one read and one write per element,
 * one slot of scratch per thread); small ones are one pass on the calling thread.
 * Integer built-ins (plain, and segmented by head flags) scan in AVX2 registers where
 * the CPU has them (scan_avx2.h); outputs over SWOMP_STREAM_MIN_BYTES are streamed.
 */
#include <stdint.h>
#include <string.h>

#include "backend_omp.h"
#include "chain.h"
#include "op_kernels.h"
#include "scan_avx2.h"
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
    int stream;               /* write the output with streaming stores (large scans) */
    swomp_heads heads;        /* segmented scans only */
    const swomp_vscan *vscan; /* integer built-ins on an AVX2 CPU, else NULL */
} scan_job;

static scan_job scan_job_make(const sweep_kop *op, const void *in, void *out, int exclusive) {
    scan_job j;
    memset(&j, 0, sizeof j);
    j.op = op;
    j.k = swomp_opk_for(op);
    j.in = (const unsigned char *)in;
    j.out = (unsigned char *)out;
    j.size = op->size;
    j.exclusive = exclusive;
    return j;
}

/* Elements of s bytes before p reaches a 32-byte boundary (where the vector loops
 * may stream), or SIZE_MAX when p is not a whole number of elements from one. */
static size_t to_vector_boundary(const unsigned char *p, size_t s) {
    size_t mis = (size_t)((uintptr_t)p & 31u);
    return mis % s ? SIZE_MAX : ((32 - mis) & 31u) / s;
}

/* Scans go parallel from this much work (bytes times the operator's cost, see
 * scan_threads), with at least SWOMP_SCAN_SHARE of it a thread and blocks of at least
 * SWOMP_SCAN_BLOCK_MIN bytes: the chain's blocks are the pool's items, so a small
 * scan is a handover of a few blocks. On a 2-core machine (2 threads) 2^15 u32 sums
 * took 3.4 us against 4.05 on one thread, f32 sums 11.3 against 16.2, segmented u32
 * sums by flags 6.7 against 11.3; 2^14 u32 sums (64 KiB) 2.5 against 2.05. */
#define SWOMP_SCAN_PAR_MIN ((size_t)128 * 1024)
#define SWOMP_SCAN_SHARE ((size_t)32 * 1024)
#define SWOMP_SCAN_BLOCK_MIN ((size_t)16 * 1024)

/* Threads for a scan of n elements of `size` bytes whose loop costs `cost` times a
 * vector scan's per byte (floating sums and products are chains of scalar
 * additions; segmented loops carry heads too). */
static int scan_threads(const swomp_handle *h, size_t n, size_t size, size_t cost) {
    size_t work = n * size * cost;
    if (h->threads <= 1 || work < SWOMP_SCAN_PAR_MIN) return 1;
    size_t useful = work / SWOMP_SCAN_SHARE;
    return useful < (size_t)h->threads ? (int)useful : h->threads;
}

/* Elements of a chain block: two blocks a thread, from SWOMP_SCAN_BLOCK_MIN to
 * SWOMP_SCAN_BLOCK_BYTES bytes. */
static size_t scan_block(size_t n, size_t size, int threads) {
    size_t b = n * size / (2 * (size_t)threads);
    if (b > SWOMP_SCAN_BLOCK_BYTES) b = SWOMP_SCAN_BLOCK_BYTES;
    if (b < SWOMP_SCAN_BLOCK_MIN) b = SWOMP_SCAN_BLOCK_MIN;
    return b / size;
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

/* Scans [lo, hi) from prefix (NULL: none) through the vector loop; *total (may be
 * NULL, may be prefix) receives the fold through hi - 1. The scalar kernel takes the
 * first element when there is no prefix, the elements before the output is 32-byte
 * aligned when it is streamed (stream), and those after the last whole vector.
 * Streamed stores are not fenced here. */
static void vector_range(const scan_job *j, size_t lo, size_t hi, const void *prefix,
                         swomp_val *total, int stream) {
    size_t s = j->size, i = lo;
    swomp_val acc;
    if (prefix) {
        memcpy(acc.b, prefix, s);
    } else {
        j->k->scan(j->op, j->in + i * s, j->out + i * s, 1, NULL, j->exclusive, 0, acc.b);
        i++;
    }
    if (stream) {
        size_t head = to_vector_boundary(j->out + i * s, s);
        if (head == SIZE_MAX) {
            stream = 0; /* an element straddles every 32-byte boundary */
        } else if (head > 0) {
            if (head > hi - i) head = hi - i;
            j->k->scan(j->op, j->in + i * s, j->out + i * s, head, acc.b, j->exclusive, 0, acc.b);
            i += head;
        }
    }
    i += j->vscan->scan(j->in + i * s, j->out + i * s, hi - i, acc.b, j->op->identity, j->exclusive,
                        stream);
    if (i < hi)
        j->k->scan(j->op, j->in + i * s, j->out + i * s, hi - i, acc.b, j->exclusive, 0, acc.b);
    if (total) memcpy(total->b, acc.b, s);
}

static void plain_finish(void *ctx, size_t lo, size_t hi, const void *prefix) {
    scan_job *j = (scan_job *)ctx;
    size_t s = j->size;
    if (j->vscan) {
        vector_range(j, lo, hi, prefix, NULL, j->stream);
        if (j->stream) swomp_stream_fence(); /* this thread's lines land before the join */
        return;
    }
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
    int threads = scan_threads(h, n, op->size, swomp_reduce_cost(op));
    if (swomp_deterministic(h) && swomp_op_inexact(op)) {
        *scratch_bytes = 0;
        return SWEEP_ERR_UNSUPPORTED; /* the core's fixed-tile composition decides */
    }
    const size_t block = scan_block(n, op->size, threads);
    const size_t need = threads > 1 ? swomp_chain_scratch(n, block) : 0; /* one thread: no chain */
    if (swomp_scratch_query(scratch, scratch_bytes, need)) return SWEEP_OK;
    if (n == 0) return SWEEP_OK;
    scan_job j = scan_job_make(op, in, out, exclusive);
    j.stream = n * op->size >= SWOMP_STREAM_MIN_BYTES;
    j.vscan = swomp_vscan_for(op);
    if (threads == 1) {
        plain_finish(&j, 0, n, NULL);
        return SWEEP_OK;
    }
    swomp_chain c = {op->size, &j, plain_aggregate, plain_extend, plain_finish};
    swomp_chain_run(&c, n, block, threads, scratch);
    return SWEEP_OK;
}

/* --------------------------------------------------------- segmented scan -- */

/* The carry of the lifted operator: a head flag and the value since the last head. */
typedef struct seg_carry {
    swomp_val v;
    int head;
} seg_carry;

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

/* Scans elements [a, a + m) with their flags f (f[0] is a's) into dst from carry
 * (NULL: none) and sets *run to the value running into the next element: the last
 * output (inclusive), or for an exclusive scan that output folded with the last
 * input, or the input alone where it opens a segment: the fold the scalar loop
 * carried. dst may be the elements' own place in out (in == out allowed). */
static void seg_flags_piece(const scan_job *j, const uint8_t *f, size_t a, size_t m,
                            const void *carry, unsigned char *dst, swomp_val *run) {
    size_t s = j->size;
    const unsigned char *y = dst + (m - 1) * s;
    swomp_val x;
    if (j->exclusive) memcpy(x.b, j->in + (a + m - 1) * s, s); /* before dst is written */
    j->k->seg_scan(j->op, j->in + a * s, f, dst, m, carry, j->exclusive);
    if (!j->exclusive)
        memcpy(run->b, y, s);
    else if (f[m - 1] || (!carry && m == 1))
        memcpy(run->b, x.b, s);
    else
        swomp_combine(j->op, y, x.b, run->b);
}

/* Elements [lo, hi) with their flags f (f[0] is lo's) through the vector loop, or
 * streamed (large outputs), or both; *run (may be NULL) receives the value running
 * into hi. The scalar loop does the first element when there is no carry, and the
 * elements before the output's first 32-byte boundary when it is streamed; then
 * vectors, stored or streamed from registers. Without the vector loop, and for the
 * last elements, pieces are scanned into an L1 stage and copied or streamed out, as
 * plain_finish does. A piece's input is read before the piece is written (in ==
 * out). Streamed stores are not fenced here. */
static void seg_flags_staged(const scan_job *j, const uint8_t *f, size_t lo, size_t hi,
                             const void *carry, swomp_val *run_out) {
    _Alignas(64) unsigned char stage[SWOMP_SCAN_STAGE_BYTES];
    swomp_val run, acc;
    size_t s = j->size, piece = SWOMP_SCAN_STAGE_BYTES / s, a = lo;
    size_t head = j->stream ? to_vector_boundary(j->out + lo * s, s) : 0;
    if (j->vscan && head != SIZE_MAX) {
        if (!carry && head == 0) head = j->stream ? 32 / s : 1;
        if (head > hi - lo) head = hi - lo;
        if (head > 0) {
            seg_flags_piece(j, f, a, head, carry, stage, &run);
            memcpy(j->out + a * s, stage, head * s);
            carry = run.b;
            a += head;
        }
        if (a < hi) {
            memcpy(acc.b, carry, s);
            a += j->vscan->seg_scan(j->in + a * s, f + (a - lo), j->out + a * s, hi - a, acc.b,
                                    j->op->identity, j->exclusive, j->stream);
            carry = acc.b;
        }
    }
    for (; a < hi; a += piece) {
        size_t m = hi - a < piece ? hi - a : piece;
        seg_flags_piece(j, f + (a - lo), a, m, carry, stage, &run);
        if (j->stream)
            swomp_stream_copy(j->out + a * s, stage, m * s);
        else
            memcpy(j->out + a * s, stage, m * s);
        carry = run.b;
    }
    if (run_out) memcpy(run_out->b, carry, s);
}

/* Elements of a piece: offsets and keys write its heads out as flags first (an L1
 * stage), and every form picks its loop by the piece's count of heads. */
#define SWOMP_SEG_PIECE ((size_t)4096)

/* Pieces with fewer heads than one per this many elements go run by run. */
#define SWOMP_SEG_RUN_MIN ((size_t)64)

/* Whether every head of the piece (pos[0 .. nh) from a) starts a 32-byte vector of
 * the output, so that its runs can be streamed whole. */
static int heads_on_vectors(const scan_job *j, const uint32_t *pos, size_t nh, size_t a) {
    for (size_t k = 0; k < nh; k++)
        if ((uintptr_t)(j->out + (a + pos[k]) * j->size) & 31u) return 0;
    return 1;
}

/* Elements [a, a + m) run by run, their heads at pos[0 .. nh) from a, ascending:
 * each run a plain scan from the carry (the first run, unless a head opens the
 * piece) or from its first element, through the vector loop where there is one,
 * else the scalar one. Streamed (large outputs) only through the vector loop and
 * where every run starts a vector: 2^23 u32 sums by offsets of random lengths (2
 * threads of a 2-core machine) took 2.4-2.6 ms with their runs streamed from
 * unaligned starts, 1.7-1.8 through the streamed head-flags loops or run by run
 * with plain stores. *run receives the value running into a + m. The loops fold
 * left to right as the element-wise ones do. */
static void seg_runs_piece(const scan_job *j, const uint32_t *pos, size_t nh, size_t a, size_t m,
                           const void *carry, swomp_val *run) {
    size_t s = j->size, k = nh && pos[0] == 0 ? 1 : 0;
    int stream = j->stream && j->vscan && heads_on_vectors(j, pos, nh, a);
    for (size_t x = 0; x < m; k++) {
        size_t y = k < nh ? pos[k] : m;
        const void *from = x > 0 || (nh && pos[0] == 0) ? NULL : carry;
        if (j->vscan)
            vector_range(j, a + x, a + y, from, run, stream);
        else
            j->k->scan(j->op, j->in + (a + x) * s, j->out + (a + x) * s, y - x, from, j->exclusive,
                       0, run->b);
        x = y;
    }
}

/* Block [lo, hi) piece by piece, the run value carried from piece to piece. Pieces
 * with many heads (short segments) go through the head-flags loops, which cost no
 * call a segment; pieces with few go run by run (seg_runs_piece). */
static void seg_finish(void *ctx, size_t lo, size_t hi, const void *prefix) {
    scan_job *j = (scan_job *)ctx;
    const void *carry = prefix ? ((const seg_carry *)prefix)->v.b : NULL;
    const int derived = j->heads.seg.form != SWEEP_SEG_FLAGS;
    _Alignas(64) uint8_t stage[SWOMP_SEG_PIECE];
    uint32_t pos[SWOMP_SEG_PIECE / SWOMP_SEG_RUN_MIN];
    swomp_heads c = j->heads; /* each thread walks its own cursor */
    swomp_val run;
    if (derived) swomp_heads_seek(&c, lo);
    for (size_t a = lo; a < hi; a += SWOMP_SEG_PIECE) {
        size_t m = hi - a < SWOMP_SEG_PIECE ? hi - a : SWOMP_SEG_PIECE;
        size_t limit = m / SWOMP_SEG_RUN_MIN, nh = 0;
        const uint8_t *f = derived ? stage : j->heads.seg.flags + a;
        int few = 0;
        if (j->heads.seg.form == SWEEP_SEG_OFFSETS) {
            if (limit > 0) few = (nh = swomp_heads_list(&c, a, m, limit - 1, pos)) < limit;
            if (!few) swomp_heads_flags(&c, a, m, stage);
        } else {
            size_t set = derived ? swomp_heads_flags(&c, a, m, stage) : 0;
            if (limit > 0 && set < limit && swomp_flags_few(f, m, limit))
                few = (nh = swomp_flags_heads(f, m, limit - 1, pos)) < limit;
        }
        if (few)
            seg_runs_piece(j, pos, nh, a, m, carry, &run);
        else if (j->stream || j->vscan)
            seg_flags_staged(j, f, a, a + m, carry, &run);
        else
            seg_flags_piece(j, f, a, m, carry, j->out + a * j->size, &run);
        carry = run.b;
    }
    if (j->stream) swomp_stream_fence(); /* this thread's streamed lines land before the join */
}

sweep_status swomp_segmented_scan(void *hv, const sweep_kop *op, const void *in, void *out,
                                  size_t n, const sweep_ksegments *seg, int exclusive,
                                  void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    /* The chain's blocks are cut for all n elements, as the size query measured them
     * (the scratch holds a slot a block), though the run may cover fewer: */
    const int all_threads = scan_threads(h, n, op->size, 2 * swomp_reduce_cost(op));
    const size_t block = scan_block(n, op->size, all_threads);
    /* elements from offsets[nseg] on belong to no segment and are not written */
    /* (not during the size query: the offsets may not hold data yet) */
    if (scratch && seg->form == SWEEP_SEG_OFFSETS && seg->offsets[seg->nseg] - seg->base < n)
        n = seg->offsets[seg->nseg] - seg->base;
    int threads = scan_threads(h, n, op->size, 2 * swomp_reduce_cost(op));
    if (swomp_deterministic(h) && swomp_op_inexact(op)) {
        *scratch_bytes = 0;
        return SWEEP_ERR_UNSUPPORTED;
    }
    const size_t need = all_threads > 1 ? swomp_chain_scratch(n, block) : 0;
    if (swomp_scratch_query(scratch, scratch_bytes, need)) return SWEEP_OK;
    scan_job j = scan_job_make(op, in, out, exclusive);
    swomp_heads_init(&j.heads, seg, n);
    if (n == 0) return SWEEP_OK;
    j.stream = n * op->size >= SWOMP_STREAM_MIN_BYTES;
    j.vscan = swomp_vscan_for(op);
    if (threads == 1) {
        seg_finish(&j, 0, n, NULL);
        return SWEEP_OK;
    }
    swomp_chain c = {sizeof(seg_carry), &j, seg_aggregate, seg_extend, seg_finish};
    swomp_chain_run(&c, n, block, threads, scratch);
    return SWEEP_OK;
}
