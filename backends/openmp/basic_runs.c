/*
 * basic_runs.c -- the index kernels the core composes run-length encoding and
 * non-trivial runs from: positions (iota) and run lengths from run starts, with the
 * number of runs in context memory.
 */
#include "backend_omp.h"

#include <string.h>

sweep_status swomp_iota(void *hv, size_t first, size_t n, size_t *out) {
    swomp_handle *h = (swomp_handle *)hv;
    int threads = swomp_team(h, n * sizeof(size_t));
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; i++)
        out[i] = first + i;
    return SWEEP_OK;
}

sweep_status swomp_range_lengths(void *hv, const size_t *starts, const size_t *count, size_t end,
                                 size_t n, size_t *lengths, uint8_t *long_flags) {
    swomp_handle *h = (swomp_handle *)hv;
    const size_t c = *count;
    int threads = swomp_team(h, c * 2 * sizeof(size_t));
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t k = 0; k < c; k++) {
        size_t len = (k + 1 < c ? starts[k + 1] : end) - starts[k];
        lengths[k] = len;
        if (long_flags) long_flags[k] = len > 1;
    }
    if (long_flags && n > c) memset(long_flags + c, 0, n - c);
    return SWEEP_OK;
}
