/*
 * offsets_check.c -- the table's check_offsets: segment offsets checked by the pool's
 * threads, each a contiguous part, where the core would walk them on one thread
 * (64 MB of offsets for 2^27 elements in segments of 16).
 */
#include "backend_omp.h"
#include "pool.h"

#include <stdint.h>

/* Parts at most: each part's answer has a slot of its own on the stack. */
#define CHECK_PARTS_MAX 256

typedef struct check_job {
    const size_t *off;
    size_t nseg, parts;
    size_t least[CHECK_PARTS_MAX]; /* per part: the least decreasing s, or SIZE_MAX */
} check_job;

static void check_part(void *ctx, size_t p, int worker) {
    (void)worker;
    check_job *j = (check_job *)ctx;
    size_t lo, hi;
    swomp_part(j->nseg, j->parts, p, &lo, &hi);
    size_t least = SIZE_MAX;
    for (size_t s = lo; s < hi; ++s) {
        if (j->off[s + 1] < j->off[s]) {
            least = s;
            break;
        }
    }
    j->least[p] = least;
}

sweep_status swomp_check_offsets(void *hv, const size_t *offsets, size_t nseg, size_t *result) {
    const swomp_handle *h = (const swomp_handle *)hv;
    const int threads = swomp_team(h, (nseg + 1) * sizeof(size_t));
    size_t parts = swomp_parts(threads, nseg);
    if (parts > CHECK_PARTS_MAX) parts = CHECK_PARTS_MAX;
    check_job j;
    j.off = offsets;
    j.nseg = nseg;
    j.parts = parts;
    swomp_pool_run(threads, parts, check_part, &j);
    size_t least = SIZE_MAX;
    for (size_t p = 0; p < parts && least == SIZE_MAX; ++p)
        least = j.least[p]; /* parts in order: the first part with one holds the least */
    result[0] = offsets[0];
    result[1] = offsets[nseg];
    result[2] = least;
    return SWEEP_OK;
}
