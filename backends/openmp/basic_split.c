/*
 * basic_split.c -- the split kernels the core composes: per-tile flag counts and
 * the stable scatter of each tile to the offsets the core scanned.
 */
#include "backend_omp.h"
#include "split_range.h"

sweep_status swomp_flag_count(void *hv, const uint8_t *flags, size_t n, size_t tile,
                              size_t *counts) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ntiles = (n + tile - 1) / tile;
    int threads = swomp_team(h, n);
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t t = 0; t < ntiles; t++) {
        size_t lo = t * tile, hi = lo + tile < n ? lo + tile : n;
        counts[t] = swomp_count_flags(flags, lo, hi);
    }
    return SWEEP_OK;
}

sweep_status swomp_flag_scatter(void *hv, const uint8_t *flags, const void *in, void *out,
                                size_t elem_size, const void *values_in, void *values_out,
                                size_t vsize, size_t n, size_t tile, const size_t *before,
                                const size_t *total, int keep_unflagged) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ntiles = (n + tile - 1) / tile;
    int threads = swomp_team(h, n * (elem_size + vsize + 1));
    unsigned char *o = (unsigned char *)out, *vo = (unsigned char *)values_out;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t t = 0; t < ntiles; t++) {
        size_t lo = t * tile, hi = lo + tile < n ? lo + tile : n;
        size_t after = keep_unflagged ? *total + lo - before[t] : 0;
        swomp_split_dst d = {o + before[t] * elem_size, vo ? vo + before[t] * vsize : NULL,
                             keep_unflagged ? o + after * elem_size : NULL,
                             keep_unflagged && vo ? vo + after * vsize : NULL, 0};
        swomp_split_range(flags, in, elem_size, values_in, vsize, lo, hi, &d);
    }
    return SWEEP_OK;
}
