/*
 * basic_scan.c -- the scan kernels the core composes: tile reduce and tile scan
 * (plain and with head flags), head flags from keys and offsets, and the last value
 * of each segment. Tiles are independent, so each kernel is one parallel loop over
 * tiles (the tiles are a pool call's items, pool.h); under SWEEP_OPTION_DETERMINISTIC the loops
 * fold strictly left to right.
 */
#include <string.h>

#include "backend_omp.h"
#include "op_kernels.h"
#include "pool.h"
#include "segments.h"

#include <host/host_runs.h>

typedef struct tile_job {
    const sweep_kop *op;
    const swomp_opk *k;
    const unsigned char *src, *car, *keys;
    const uint8_t *flags;
    unsigned char *dst;
    uint8_t *out_flags;
    const size_t *offsets;
    size_t n, tile, key_size, nseg, base;
    int strict, exclusive;
} tile_job;

static void reduce_tile(void *ctx, size_t t, int worker) {
    const tile_job *j = (const tile_job *)ctx;
    size_t s = j->op->size, lo = t * j->tile, hi = lo + j->tile < j->n ? lo + j->tile : j->n;
    size_t from = lo;
    swomp_val acc;
    (void)worker;
    if (j->flags) j->out_flags[t] = (uint8_t)swomp_last_flag(j->flags, lo, hi, &from);
    j->k->reduce(j->op, j->src + from * s, hi - from, acc.b, 0, j->strict);
    memcpy(j->dst + t * s, acc.b, s);
}

sweep_status swomp_tile_reduce(void *hv, const sweep_kop *op, const void *in, const uint8_t *flags,
                               size_t n, size_t tile, void *partials, uint8_t *partial_flags) {
    swomp_handle *h = (swomp_handle *)hv;
    tile_job j;
    memset(&j, 0, sizeof j);
    j.op = op;
    j.k = swomp_opk_for(op);
    j.src = (const unsigned char *)in;
    j.flags = flags;
    j.dst = (unsigned char *)partials;
    j.out_flags = partial_flags;
    j.n = n;
    j.tile = tile;
    j.strict = swomp_deterministic(h);
    int threads = swomp_team(h, n * op->size * swomp_reduce_cost(op));
    swomp_pool_run(threads, (n + tile - 1) / tile, reduce_tile, &j);
    return SWEEP_OK;
}

static void scan_tile(void *ctx, size_t t, int worker) {
    const tile_job *j = (const tile_job *)ctx;
    const sweep_kop *op = j->op;
    size_t s = op->size, lo = t * j->tile, hi = lo + j->tile < j->n ? lo + j->tile : j->n;
    const unsigned char *carry = j->car ? j->car + t * s : NULL;
    (void)worker;
    if (j->flags && !j->strict) { /* element-wise: no per-segment cost */
        j->k->seg_scan(op, j->src + lo * s, j->flags + lo, j->dst + lo * s, hi - lo, carry,
                       j->exclusive);
        return;
    }
    size_t head = j->flags ? swomp_next_flag(j->flags, lo, hi) : hi;
    if (head > lo)
        j->k->scan(op, j->src + lo * s, j->dst + lo * s, head - lo, carry, j->exclusive, j->strict,
                   NULL);
    while (head < hi) {
        size_t next = swomp_next_flag(j->flags, head + 1, hi);
        j->k->scan(op, j->src + head * s, j->dst + head * s, next - head, NULL, j->exclusive,
                   j->strict, NULL);
        head = next;
    }
}

sweep_status swomp_tile_scan(void *hv, const sweep_kop *op, const void *in, const uint8_t *flags,
                             void *out, size_t n, size_t tile, const void *carries, int exclusive) {
    swomp_handle *h = (swomp_handle *)hv;
    tile_job j;
    memset(&j, 0, sizeof j);
    j.op = op;
    j.k = swomp_opk_for(op);
    j.src = (const unsigned char *)in;
    j.car = (const unsigned char *)carries;
    j.flags = flags;
    j.dst = (unsigned char *)out;
    j.n = n;
    j.tile = tile;
    j.strict = swomp_deterministic(h);
    j.exclusive = exclusive;
    swomp_pool_run(swomp_team(h, n * op->size), (n + tile - 1) / tile, scan_tile, &j);
    return SWEEP_OK;
}

static void key_heads(void *ctx, size_t lo, size_t hi, int worker) {
    const tile_job *j = (const tile_job *)ctx;
    (void)worker;
    for (size_t i = lo + 1; i < hi + 1; i++)
        j->out_flags[i] = (uint8_t)sweep_host_key_changes(j->keys, j->key_size, i);
}

sweep_status swomp_heads_from_keys(void *hv, const void *keys, size_t key_size, size_t n,
                                   uint8_t *flags) {
    swomp_handle *h = (swomp_handle *)hv;
    tile_job j;
    memset(&j, 0, sizeof j);
    j.keys = (const unsigned char *)keys;
    j.key_size = key_size;
    j.out_flags = flags;
    int threads = swomp_team(h, n * (key_size + 1));
    if (n == 0) return SWEEP_OK;
    flags[0] = 1;
    /* elements 1 ... n - 1: part [lo, hi) of [0, n - 1), shifted by one */
    swomp_pool_ranges(threads, n - 1, swomp_parts(threads, n - 1), key_heads, &j);
    return SWEEP_OK;
}

/* of several segments starting at one position (empty ones) only the last writes, so
 * no byte is written by two threads */
static void offset_heads(void *ctx, size_t lo, size_t hi, int worker) {
    const tile_job *j = (const tile_job *)ctx;
    (void)worker;
    for (size_t s = lo; s < hi; s++) {
        size_t o = j->offsets[s];
        if (s + 1 < j->nseg && j->offsets[s + 1] == o) continue;
        if (o >= j->base && o - j->base < j->n) j->out_flags[o - j->base] = 1;
    }
}

sweep_status swomp_heads_from_offsets(void *hv, const size_t *offsets, size_t nseg, size_t base,
                                      size_t n, uint8_t *flags) {
    swomp_handle *h = (swomp_handle *)hv;
    tile_job j;
    memset(&j, 0, sizeof j);
    j.offsets = offsets;
    j.nseg = nseg;
    j.base = base;
    j.n = n;
    j.out_flags = flags;
    int threads = swomp_team(h, nseg * sizeof(size_t));
    swomp_pool_ranges(threads, nseg, swomp_parts(threads, nseg), offset_heads, &j);
    return SWEEP_OK;
}

static void last_values(void *ctx, size_t lo, size_t hi, int worker) {
    const tile_job *j = (const tile_job *)ctx;
    size_t s = j->op->size;
    (void)worker;
    for (size_t i = lo; i < hi; i++) {
        if (j->offsets[i] < j->offsets[i + 1])
            memcpy(j->dst + i * s, j->src + (j->offsets[i + 1] - 1 - j->base) * s, s);
        else
            memcpy(j->dst + i * s, j->op->identity, s);
    }
}

sweep_status swomp_segment_last(void *hv, const sweep_kop *op, const void *scanned,
                                const size_t *offsets, size_t nseg, size_t base, void *out) {
    swomp_handle *h = (swomp_handle *)hv;
    tile_job j;
    memset(&j, 0, sizeof j);
    j.op = op;
    j.src = (const unsigned char *)scanned;
    j.dst = (unsigned char *)out;
    j.offsets = offsets;
    j.base = base;
    int threads = swomp_team(h, nseg * (op->size + sizeof(size_t)));
    swomp_pool_ranges(threads, nseg, swomp_parts(threads, nseg), last_values, &j);
    return SWEEP_OK;
}
