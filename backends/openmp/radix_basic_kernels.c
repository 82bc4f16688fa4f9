/*
 * radix_basic_kernels.c -- the radix kernels the core composes per digit: one
 * histogram of every pass, digit-major per-tile histograms, and the stable scatter of
 * each tile (the generic path; the fused sort is radix_sort_fused.c).
 */
#include <string.h>

#include "backend_omp.h"
#include "radix_digits.h"

#include <omp.h>

sweep_status swomp_radix_histogram(void *hv, const sweep_kradix *key, const void *keys, size_t n,
                                   size_t *hist) {
    swomp_handle *h = (swomp_handle *)hv;
    unsigned passes = swomp_radix_passes(key);
    int threads = swomp_team(h, n * key->key_size);
    memset(hist, 0, (size_t)passes * 256 * sizeof *hist);
#pragma omp parallel num_threads(threads)
    {
        size_t local[8 * 256] = {0}, lo, hi;
        swomp_radix_span span;
        swomp_radix_span_init(&span);
        size_t team = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num();
        swomp_part(n, team, t, &lo, &hi);
        swomp_radix_count_all(key, keys, lo, hi, local, &span);
        /* atomic adds rather than a critical section: no lock object is exported */
        for (size_t i = 0; i < (size_t)passes * 256; i++) {
            if (!local[i]) continue;
#pragma omp atomic
            hist[i] += local[i];
        }
    }
    return SWEEP_OK;
}

sweep_status swomp_radix_tile_histogram(void *hv, const sweep_kradix *key, const void *keys,
                                        size_t n, size_t tile, unsigned shift, unsigned nbits,
                                        size_t *hist) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ntiles = (n + tile - 1) / tile, digits = (size_t)1 << nbits;
    int threads = swomp_team(h, n * key->key_size);
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t t = 0; t < ntiles; t++) {
        size_t cnt[256] = {0}, lo = t * tile, hi = lo + tile < n ? lo + tile : n;
        swomp_radix_count(key, keys, lo, hi, shift, nbits, cnt);
        for (size_t d = 0; d < digits; d++)
            hist[d * ntiles + t] = cnt[d];
    }
    return SWEEP_OK;
}

sweep_status swomp_radix_scatter(void *hv, const sweep_kradix *key, const void *keys_in,
                                 void *keys_out, const void *values_in, void *values_out,
                                 size_t vsize, size_t n, size_t tile, unsigned shift,
                                 unsigned nbits, const size_t *offsets) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ntiles = (n + tile - 1) / tile, digits = (size_t)1 << nbits;
    int threads = swomp_team(h, n * (key->key_size + vsize));
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t t = 0; t < ntiles; t++) {
        size_t pos[256], lo = t * tile, hi = lo + tile < n ? lo + tile : n;
        for (size_t d = 0; d < digits; d++)
            pos[d] = offsets[d * ntiles + t];
        swomp_radix_scatter_range(key, keys_in, keys_out, values_in, values_out, vsize, lo, hi,
                                  shift, nbits, pos, NULL);
    }
    return SWEEP_OK;
}
