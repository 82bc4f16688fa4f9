/*
 * histogram.c -- the OpenMP histogram: each thread counts its part of the samples
 * into its own counters (bins as backends/host/host_bins.h computes them, shared with
 * the serial backend), and the threads then add their counters up bin by bin. With
 * more bins than private counters are worth (their zeroing and adding would outweigh
 * the samples), threads add to the shared counts atomically instead. Even bins take
 * host_bins_even.h's loops, compiled per sample type, without a division per sample.
 */
#include "backend_omp.h"
#include "pool.h"

#include <host/host_bins.h>
#include <host/host_bins_even.h>
#include <host/host_bins_range.h>
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

typedef struct hist_job {
    const sweep_khist *hist;
    const unsigned char *p;
    size_t size, bins;
    int threads;
    uint64_t *priv; /* threads x bins private counters, or NULL: atomics on counts */
    void *counts;
    const sweep_host_even *even; /* even bins: their per-call constants, else NULL */
} hist_job;

/* Counts samples [lo, hi) into the taking worker's own counters. */
static void count_private(void *ctx, size_t lo, size_t hi, int worker) {
    const hist_job *j = (const hist_job *)ctx;
    uint64_t *mine = j->priv + (size_t)worker * j->bins;
    if (j->even)
        sweep_host_even_count(j->even, j->p, lo, hi, mine, 0);
    else
        sweep_host_range_count(j->hist, j->p, lo, hi, mine, 0);
}

/* Adds bins [lo, hi) up over every worker's counters into the counts. */
static void add_private(void *ctx, size_t lo, size_t hi, int worker) {
    const hist_job *j = (const hist_job *)ctx;
    (void)worker;
    for (size_t b = lo; b < hi; b++) {
        uint64_t c = 0;
        for (size_t u = 0; u < (size_t)j->threads; u++)
            c += j->priv[u * j->bins + b];
        add_count(j->hist, j->counts, b, c);
    }
}

/* Counts samples [lo, hi) into the shared counts, atomically. */
static void count_atomic(void *ctx, size_t lo, size_t hi, int worker) {
    const hist_job *j = (const hist_job *)ctx;
    (void)worker;
    for (size_t i = lo; i < hi; i++) {
        size_t b;
        if (!sweep_host_bin_of(j->hist, j->p + i * j->size, &b)) continue;
        if (j->hist->count_dtype != SWEEP_U32)
            __atomic_fetch_add((uint64_t *)j->counts + b, 1, __ATOMIC_RELAXED);
        else
            __atomic_fetch_add((uint32_t *)j->counts + b, 1, __ATOMIC_RELAXED);
    }
}

sweep_status swomp_histogram(void *hv, const sweep_khist *hist, const void *samples, size_t n,
                             void *counts) {
    swomp_handle *h = (swomp_handle *)hv;
    const size_t size = sweep_dtype_size(hist->sample_dtype);
    const size_t bins = hist->num_bins;
    const unsigned char *p = (const unsigned char *)samples;
    /* a bin is found by a search of the boundaries (log2 bins steps) or by a division,
     * not by streaming the samples: the team counts that work */
    size_t steps = 2;
    if (hist->form != SWEEP_HIST_EVEN)
        for (size_t b = 1; b < bins; b *= 2)
            steps += 2;
    int threads = swomp_team(h, n * size * steps);
    sweep_host_even even;
    if (hist->form == SWEEP_HIST_EVEN) sweep_host_even_prepare(hist, &even);
    if (threads == 1 && hist->form == SWEEP_HIST_EVEN) {
        sweep_host_even_count(&even, p, 0, n, counts, hist->count_dtype == SWEEP_U32);
        return SWEEP_OK;
    }
    if (threads == 1) {
        sweep_host_range_count(hist, p, 0, n, counts, hist->count_dtype == SWEEP_U32);
        return SWEEP_OK;
    }
    hist_job job = {hist,    p,    size,   bins,
                    threads, NULL, counts, hist->form == SWEEP_HIST_EVEN ? &even : NULL};
    if (bins <= SWOMP_HIST_PRIVATE_BINS && bins <= n / (size_t)threads / 4) {
        job.priv = (uint64_t *)calloc((size_t)threads * bins, sizeof(uint64_t));
        if (!job.priv) return swomp_fail(h, SWEEP_ERR_OUT_OF_MEMORY, "openmp: histogram counters");
        swomp_pool_ranges(threads, n, swomp_parts(threads, n), count_private, &job);
        swomp_pool_ranges(threads, bins, swomp_parts(threads, bins), add_private, &job);
        free(job.priv);
        return SWEEP_OK;
    }
    swomp_pool_ranges(threads, n, swomp_parts(threads, n), count_atomic, &job);
    return SWEEP_OK;
}
