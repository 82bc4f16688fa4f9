/*
 * basic_runs.c -- the index kernels the core composes run-length encoding and
 * non-trivial runs from: positions (iota) and run lengths from run starts, with the
 * number of runs in context memory.
 */
#include "backend_omp.h"
#include "pool.h"

#include <string.h>

typedef struct iota_job {
    size_t first;
    size_t *out;
} iota_job;

static void iota_range(void *ctx, size_t lo, size_t hi, int worker) {
    const iota_job *j = (const iota_job *)ctx;
    (void)worker;
    for (size_t i = lo; i < hi; i++)
        j->out[i] = j->first + i;
}

sweep_status swomp_iota(void *hv, size_t first, size_t n, size_t *out) {
    swomp_handle *h = (swomp_handle *)hv;
    iota_job j = {first, out};
    int threads = swomp_team(h, n * sizeof(size_t));
    swomp_pool_ranges(threads, n, swomp_parts(threads, n), iota_range, &j);
    return SWEEP_OK;
}

typedef struct lengths_job {
    const size_t *starts;
    size_t c, end;
    size_t *lengths;
    uint8_t *long_flags;
} lengths_job;

static void lengths_range(void *ctx, size_t lo, size_t hi, int worker) {
    const lengths_job *j = (const lengths_job *)ctx;
    (void)worker;
    for (size_t k = lo; k < hi; k++) {
        size_t len = (k + 1 < j->c ? j->starts[k + 1] : j->end) - j->starts[k];
        j->lengths[k] = len;
        if (j->long_flags) j->long_flags[k] = len > 1;
    }
}

sweep_status swomp_range_lengths(void *hv, const size_t *starts, const size_t *count, size_t end,
                                 size_t n, size_t *lengths, uint8_t *long_flags) {
    swomp_handle *h = (swomp_handle *)hv;
    const size_t c = *count;
    int threads = swomp_team(h, c * 2 * sizeof(size_t));
    lengths_job j = {starts, c, end, lengths, long_flags};
    swomp_pool_ranges(threads, c, swomp_parts(threads, c), lengths_range, &j);
    if (long_flags && n > c) memset(long_flags + c, 0, n - c);
    return SWEEP_OK;
}
