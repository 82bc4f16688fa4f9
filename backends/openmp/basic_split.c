/*
 * basic_split.c -- the split kernels the core composes: per-tile flag counts and
 * the stable scatter of each tile to the offsets the core scanned.
 */
#include <string.h>

#include "backend_omp.h"
#include "pool.h"
#include "split_range.h"

typedef struct flag_job {
    const uint8_t *flags;
    const void *in, *values_in;
    unsigned char *out, *values_out;
    size_t elem_size, vsize, n, tile, *counts;
    const size_t *before, *total;
    int keep_unflagged;
} flag_job;

static void count_tile(void *ctx, size_t t, int worker) {
    const flag_job *j = (const flag_job *)ctx;
    size_t lo = t * j->tile, hi = lo + j->tile < j->n ? lo + j->tile : j->n;
    (void)worker;
    j->counts[t] = swomp_count_flags(j->flags, lo, hi);
}

sweep_status swomp_flag_count(void *hv, const uint8_t *flags, size_t n, size_t tile,
                              size_t *counts) {
    swomp_handle *h = (swomp_handle *)hv;
    flag_job j;
    memset(&j, 0, sizeof j);
    j.flags = flags;
    j.n = n;
    j.tile = tile;
    j.counts = counts;
    swomp_pool_run(swomp_team(h, n), (n + tile - 1) / tile, count_tile, &j);
    return SWEEP_OK;
}

static void scatter_tile(void *ctx, size_t t, int worker) {
    const flag_job *j = (const flag_job *)ctx;
    size_t lo = t * j->tile, hi = lo + j->tile < j->n ? lo + j->tile : j->n;
    size_t es = j->elem_size, vs = j->vsize, b = j->before[t];
    size_t after = j->keep_unflagged ? *j->total + lo - b : 0;
    unsigned char *o = j->out, *vo = j->values_out;
    (void)worker;
    swomp_split_dst d = {o + b * es, vo ? vo + b * vs : NULL,
                         j->keep_unflagged ? o + after * es : NULL,
                         j->keep_unflagged && vo ? vo + after * vs : NULL, 0};
    swomp_split_range(j->flags, j->in, es, j->values_in, vs, lo, hi, &d);
}

sweep_status swomp_flag_scatter(void *hv, const uint8_t *flags, const void *in, void *out,
                                size_t elem_size, const void *values_in, void *values_out,
                                size_t vsize, size_t n, size_t tile, const size_t *before,
                                const size_t *total, int keep_unflagged) {
    swomp_handle *h = (swomp_handle *)hv;
    flag_job j = {flags,
                  in,
                  values_in,
                  (unsigned char *)out,
                  (unsigned char *)values_out,
                  elem_size,
                  vsize,
                  n,
                  tile,
                  NULL,
                  before,
                  total,
                  keep_unflagged};
    swomp_pool_run(swomp_team(h, n * (elem_size + vsize + 1)), (n + tile - 1) / tile, scatter_tile,
                   &j);
    return SWEEP_OK;
}
