/*
 * split.c -- fused split and compaction: each thread counts the flags of its part,
 * the counts give every part its two output cursors, and each thread scatters its
 * part in order (both groups stable) through per-group stages that write whole lines
 * (streamed for large outputs): flags are read twice, the data once, the output
 * written once and never read. Scratch: one count per thread.
 */
#include "backend_omp.h"
#include "split_range.h"
#include "stream_store.h"

#include <omp.h>

sweep_status swomp_split(void *hv, const uint8_t *flags, const void *in, void *out,
                         size_t elem_size, const void *values_in, void *values_out, size_t vsize,
                         size_t n, size_t *num_flagged, int keep_unflagged, void *scratch,
                         size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    int threads = swomp_team(h, n * (elem_size + vsize + 1));
    if (swomp_scratch_query(scratch, scratch_bytes, (size_t)threads * SWOMP_LINE)) return SWEEP_OK;
    size_t *count = (size_t *)scratch; /* one per cache line */
    const size_t stride = SWOMP_LINE / sizeof(size_t);
    unsigned char *o = (unsigned char *)out, *vo = (unsigned char *)values_out;
    size_t total = 0;
    int stream = n * elem_size >= SWOMP_STREAM_MIN_BYTES;
    if (threads == 1) { /* no fork/join for small inputs */
        total = keep_unflagged ? swomp_count_flags(flags, 0, n) : 0;
        swomp_split_dst d = {o, vo, keep_unflagged ? o + total * elem_size : NULL,
                             keep_unflagged && vo ? vo + total * vsize : NULL, stream};
        swomp_split_range(flags, in, elem_size, values_in, vsize, 0, n, &d);
        if (num_flagged) *num_flagged = keep_unflagged ? total : swomp_count_flags(flags, 0, n);
        return SWEEP_OK;
    }
#pragma omp parallel num_threads(threads)
    {
        size_t team = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num(), lo, hi;
        swomp_part(n, team, t, &lo, &hi);
        count[t * stride] = swomp_count_flags(flags, lo, hi);
#pragma omp barrier
        size_t before = 0, all = 0;
        for (size_t u = 0; u < team; u++) {
            if (u < t) before += count[u * stride];
            all += count[u * stride];
        }
        size_t after = all + lo - before; /* unflagged elements of earlier parts */
        swomp_split_dst d = {o + before * elem_size, vo ? vo + before * vsize : NULL,
                             keep_unflagged ? o + after * elem_size : NULL,
                             keep_unflagged && vo ? vo + after * vsize : NULL, stream};
        swomp_split_range(flags, in, elem_size, values_in, vsize, lo, hi, &d);
        if (t == 0) total = all;
    }
    if (num_flagged) *num_flagged = total;
    return SWEEP_OK;
}
