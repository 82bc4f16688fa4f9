/*
 * basic_scan.c -- the scan kernels the core composes: tile reduce and tile scan
 * (plain and with head flags), head flags from keys and offsets, and the last value
 * of each segment. Tiles are independent, so each kernel is one parallel loop over
 * tiles; under SWEEP_OPTION_DETERMINISTIC the loops fold strictly left to right.
 */
#include <string.h>

#include "backend_omp.h"
#include "op_kernels.h"
#include "segments.h"

sweep_status swomp_tile_reduce(void *hv, const sweep_kop *op, const void *in, const uint8_t *flags,
                               size_t n, size_t tile, void *partials, uint8_t *partial_flags) {
    swomp_handle *h = (swomp_handle *)hv;
    const swomp_opk *k = swomp_opk_for(op);
    const unsigned char *src = (const unsigned char *)in;
    unsigned char *dst = (unsigned char *)partials;
    size_t s = op->size, ntiles = (n + tile - 1) / tile;
    int strict = swomp_deterministic(h), threads = swomp_team(h, n * s * swomp_reduce_cost(op));
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t t = 0; t < ntiles; t++) {
        size_t lo = t * tile, hi = lo + tile < n ? lo + tile : n, from = lo;
        swomp_val acc;
        if (flags) {
            int any = swomp_last_flag(flags, lo, hi, &from);
            partial_flags[t] = (uint8_t)any;
        }
        k->reduce(op, src + from * s, hi - from, acc.b, 0, strict);
        memcpy(dst + t * s, acc.b, s);
    }
    return SWEEP_OK;
}

sweep_status swomp_tile_scan(void *hv, const sweep_kop *op, const void *in, const uint8_t *flags,
                             void *out, size_t n, size_t tile, const void *carries, int exclusive) {
    swomp_handle *h = (swomp_handle *)hv;
    const swomp_opk *k = swomp_opk_for(op);
    const unsigned char *src = (const unsigned char *)in, *car = (const unsigned char *)carries;
    unsigned char *dst = (unsigned char *)out;
    size_t s = op->size, ntiles = (n + tile - 1) / tile;
    int strict = swomp_deterministic(h), threads = swomp_team(h, n * s);
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t t = 0; t < ntiles; t++) {
        size_t lo = t * tile, hi = lo + tile < n ? lo + tile : n;
        if (flags && !strict) { /* element-wise: no per-segment cost */
            k->seg_scan(op, src + lo * s, flags + lo, dst + lo * s, hi - lo,
                        car ? car + t * s : NULL, exclusive);
            continue;
        }
        size_t head = flags ? swomp_next_flag(flags, lo, hi) : hi;
        if (head > lo)
            k->scan(op, src + lo * s, dst + lo * s, head - lo, car ? car + t * s : NULL, exclusive,
                    strict, NULL);
        while (head < hi) {
            size_t next = swomp_next_flag(flags, head + 1, hi);
            k->scan(op, src + head * s, dst + head * s, next - head, NULL, exclusive, strict, NULL);
            head = next;
        }
    }
    return SWEEP_OK;
}

sweep_status swomp_heads_from_keys(void *hv, const void *keys, size_t key_size, size_t n,
                                   uint8_t *flags) {
    swomp_handle *h = (swomp_handle *)hv;
    const unsigned char *k = (const unsigned char *)keys;
    int threads = swomp_team(h, n * (key_size + 1));
    flags[0] = 1;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 1; i < n; i++)
        flags[i] = (uint8_t)swomp_key_changes(k, key_size, i);
    return SWEEP_OK;
}

sweep_status swomp_heads_from_offsets(void *hv, const size_t *offsets, size_t nseg, size_t base,
                                      size_t n, uint8_t *flags) {
    swomp_handle *h = (swomp_handle *)hv;
    int threads = swomp_team(h, nseg * sizeof(size_t));
    /* of several segments starting at one position (empty ones) only the last writes,
     * so no byte is written by two threads */
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t s = 0; s < nseg; s++) {
        size_t o = offsets[s];
        if (s + 1 < nseg && offsets[s + 1] == o) continue;
        if (o >= base && o - base < n) flags[o - base] = 1;
    }
    return SWEEP_OK;
}

sweep_status swomp_segment_last(void *hv, const sweep_kop *op, const void *scanned,
                                const size_t *offsets, size_t nseg, size_t base, void *out) {
    swomp_handle *h = (swomp_handle *)hv;
    const unsigned char *src = (const unsigned char *)scanned;
    unsigned char *dst = (unsigned char *)out;
    size_t s = op->size;
    int threads = swomp_team(h, nseg * (s + sizeof(size_t)));
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < nseg; i++) {
        if (offsets[i] < offsets[i + 1])
            memcpy(dst + i * s, src + (offsets[i + 1] - 1 - base) * s, s);
        else
            memcpy(dst + i * s, op->identity, s);
    }
    return SWEEP_OK;
}
