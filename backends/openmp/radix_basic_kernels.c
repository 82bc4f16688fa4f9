/*
 * radix_basic_kernels.c -- the radix kernels the core composes per digit: one
 * histogram of every pass, digit-major per-tile histograms, and the stable scatter of
 * each tile (the generic path; the fused sort is radix_sort_fused.c).
 */
#include <string.h>

#include "backend_omp.h"
#include "pool.h"
#include "radix_digits.h"

typedef struct rbasic_job {
    const sweep_kradix *key;
    const void *keys_in, *values_in;
    void *keys_out, *values_out;
    size_t n, tile, parts, vsize, ntiles, *hist;
    const size_t *offsets;
    unsigned shift, nbits, passes;
} rbasic_job;

/* Counts a part into a local histogram, then adds it to the shared one (atomic
 * adds: the parts finish in any order). */
static void histogram_part(void *ctx, size_t p, int worker) {
    const rbasic_job *j = (const rbasic_job *)ctx;
    size_t local[8 * 256] = {0}, lo, hi;
    (void)worker;
    swomp_part(j->n, j->parts, p, &lo, &hi);
    swomp_radix_count_all(j->key, j->keys_in, lo, hi, local);
    for (size_t i = 0; i < (size_t)j->passes * 256; i++)
        if (local[i]) __atomic_fetch_add(&j->hist[i], local[i], __ATOMIC_RELAXED);
}

sweep_status swomp_radix_histogram(void *hv, const sweep_kradix *key, const void *keys, size_t n,
                                   size_t *hist) {
    swomp_handle *h = (swomp_handle *)hv;
    rbasic_job j;
    memset(&j, 0, sizeof j);
    int threads = swomp_team(h, n * key->key_size);
    j.key = key;
    j.keys_in = keys;
    j.n = n;
    j.hist = hist;
    j.passes = swomp_radix_passes(key);
    j.parts = swomp_parts(threads, n);
    memset(hist, 0, (size_t)j.passes * 256 * sizeof *hist);
    swomp_pool_run(threads, j.parts, histogram_part, &j);
    return SWEEP_OK;
}

static void tile_histogram(void *ctx, size_t t, int worker) {
    const rbasic_job *j = (const rbasic_job *)ctx;
    size_t cnt[256] = {0}, lo = t * j->tile, hi = lo + j->tile < j->n ? lo + j->tile : j->n;
    (void)worker;
    swomp_radix_count(j->key, j->keys_in, lo, hi, j->shift, j->nbits, cnt);
    for (size_t d = 0; d < ((size_t)1 << j->nbits); d++)
        j->hist[d * j->ntiles + t] = cnt[d];
}

sweep_status swomp_radix_tile_histogram(void *hv, const sweep_kradix *key, const void *keys,
                                        size_t n, size_t tile, unsigned shift, unsigned nbits,
                                        size_t *hist) {
    swomp_handle *h = (swomp_handle *)hv;
    rbasic_job j;
    memset(&j, 0, sizeof j);
    j.key = key;
    j.keys_in = keys;
    j.n = n;
    j.tile = tile;
    j.ntiles = (n + tile - 1) / tile;
    j.hist = hist;
    j.shift = shift;
    j.nbits = nbits;
    swomp_pool_run(swomp_team(h, n * key->key_size), j.ntiles, tile_histogram, &j);
    return SWEEP_OK;
}

static void scatter_tile(void *ctx, size_t t, int worker) {
    const rbasic_job *j = (const rbasic_job *)ctx;
    size_t pos[256], lo = t * j->tile, hi = lo + j->tile < j->n ? lo + j->tile : j->n;
    (void)worker;
    for (size_t d = 0; d < ((size_t)1 << j->nbits); d++)
        pos[d] = j->offsets[d * j->ntiles + t];
    swomp_radix_scatter_range(j->key, j->keys_in, j->keys_out, j->values_in, j->values_out,
                              j->vsize, lo, hi, j->shift, j->nbits, pos, NULL, 0);
}

sweep_status swomp_radix_scatter(void *hv, const sweep_kradix *key, const void *keys_in,
                                 void *keys_out, const void *values_in, void *values_out,
                                 size_t vsize, size_t n, size_t tile, unsigned shift,
                                 unsigned nbits, const size_t *offsets) {
    swomp_handle *h = (swomp_handle *)hv;
    rbasic_job j;
    memset(&j, 0, sizeof j);
    j.key = key;
    j.keys_in = keys_in;
    j.keys_out = keys_out;
    j.values_in = values_in;
    j.values_out = values_out;
    j.vsize = vsize;
    j.n = n;
    j.tile = tile;
    j.ntiles = (n + tile - 1) / tile;
    j.offsets = offsets;
    j.shift = shift;
    j.nbits = nbits;
    swomp_pool_run(swomp_team(h, n * (key->key_size + vsize)), j.ntiles, scatter_tile, &j);
    return SWEEP_OK;
}
