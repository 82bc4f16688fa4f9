/*
 * histogram.c -- the OpenMP histogram: each thread counts its part of the samples
 * into its own counters (bins as backends/host/host_bins.h computes them, shared with
 * the serial backend), and the threads then add their counters up bin by bin. With
 * more bins than private counters are worth (their zeroing and adding would outweigh
 * the samples), threads add to the shared counts atomically instead.
 */
#include "backend_omp.h"

#include <host/host_bins.h>
#include <omp.h>
#include <stdlib.h>

/* Private counters per thread up to this many bins (and at most one bin per 4
 * samples a thread, so that zeroing them stays small beside the counting). */
#define SWOMP_HIST_PRIVATE_BINS ((size_t)1 << 16)

static void add_count(const sweep_khist *hist, void *counts, size_t b, uint64_t c) {
    if (hist->count_dtype == SWEEP_U32)
        ((uint32_t *)counts)[b] += (uint32_t)c;
    else
        ((uint64_t *)counts)[b] += c;
}

sweep_status swomp_histogram(void *hv, const sweep_khist *hist, const void *samples, size_t n,
                             void *counts) {
    swomp_handle *h = (swomp_handle *)hv;
    const size_t size = sweep_dtype_size(hist->sample_dtype);
    const size_t bins = hist->num_bins;
    const unsigned char *p = (const unsigned char *)samples;
    int threads = swomp_team(h, n * size);
    if (threads == 1) {
        for (size_t i = 0; i < n; i++) {
            size_t b;
            if (sweep_host_bin_of(hist, p + i * size, &b)) add_count(hist, counts, b, 1);
        }
        return SWEEP_OK;
    }
    if (bins <= SWOMP_HIST_PRIVATE_BINS && bins <= n / (size_t)threads / 4) {
        uint64_t *priv = (uint64_t *)calloc((size_t)threads * bins, sizeof(uint64_t));
        if (!priv) return swomp_fail(h, SWEEP_ERR_OUT_OF_MEMORY, "openmp: histogram counters");
#pragma omp parallel num_threads(threads)
        {
            size_t team = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num(), lo, hi;
            swomp_part(n, team, t, &lo, &hi);
            uint64_t *mine = priv + t * bins;
            for (size_t i = lo; i < hi; i++) {
                size_t b;
                if (sweep_host_bin_of(hist, p + i * size, &b)) ++mine[b];
            }
#pragma omp barrier
            /* each thread adds up a part of the bins over every thread's counters */
            swomp_part(bins, team, t, &lo, &hi);
            for (size_t b = lo; b < hi; b++) {
                uint64_t c = 0;
                for (size_t u = 0; u < team; u++)
                    c += priv[u * bins + b];
                add_count(hist, counts, b, c);
            }
        }
        free(priv);
        return SWEEP_OK;
    }
    const int wide = hist->count_dtype != SWEEP_U32;
    uint32_t *c32 = (uint32_t *)counts;
    uint64_t *c64 = (uint64_t *)counts;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; i++) {
        size_t b;
        if (!sweep_host_bin_of(hist, p + i * size, &b)) continue;
        if (wide) {
#pragma omp atomic
            c64[b]++;
        } else {
#pragma omp atomic
            c32[b]++;
        }
    }
    return SWEEP_OK;
}
