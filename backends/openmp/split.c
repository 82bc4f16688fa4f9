/*
 * split.c -- fused split and compaction: each thread counts the flags of its part,
 * the counts give every part its two output cursors, and each thread scatters its
 * part in order (both groups stable) through per-group stages that write whole lines
 * (streamed for large outputs): flags are read twice, the data once, the output
 * written once and never read. Scratch: one count per part. The counts and the
 * scatter are two handovers of parts (pool.h), with the offsets summed between them
 * on the calling thread: no thread waits at a barrier for another.
 */
#include "backend_omp.h"
#include "pool.h"
#include "split_range.h"
#include "stream_store.h"

typedef struct split_job {
    const uint8_t *flags;
    const void *in, *values_in;
    unsigned char *out, *values_out;
    size_t elem_size, vsize, n, parts, all, *count;
    int keep_unflagged, stream;
} split_job;

#define SWOMP_COUNT_STRIDE (SWOMP_LINE / sizeof(size_t)) /* one count per cache line */

static void split_count(void *ctx, size_t p, int worker) {
    const split_job *j = (const split_job *)ctx;
    size_t lo, hi;
    (void)worker;
    swomp_part(j->n, j->parts, p, &lo, &hi);
    j->count[p * SWOMP_COUNT_STRIDE] = swomp_count_flags(j->flags, lo, hi);
}

/* count[p] holds the flagged elements of the parts before p (split_offsets) */
static void split_scatter(void *ctx, size_t p, int worker) {
    const split_job *j = (const split_job *)ctx;
    size_t lo, hi, es = j->elem_size, vs = j->vsize;
    (void)worker;
    swomp_part(j->n, j->parts, p, &lo, &hi);
    size_t before = j->count[p * SWOMP_COUNT_STRIDE];
    size_t after = j->all + lo - before; /* unflagged elements of earlier parts */
    unsigned char *vo = j->values_out;
    swomp_split_dst d = {j->out + before * es, vo ? vo + before * vs : NULL,
                         j->keep_unflagged ? j->out + after * es : NULL,
                         j->keep_unflagged && vo ? vo + after * vs : NULL, j->stream};
    swomp_split_range(j->flags, j->in, es, j->values_in, vs, lo, hi, &d);
}

sweep_status swomp_split(void *hv, const uint8_t *flags, const void *in, void *out,
                         size_t elem_size, const void *values_in, void *values_out, size_t vsize,
                         size_t n, size_t *num_flagged, int keep_unflagged, void *scratch,
                         size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    int threads = swomp_team(h, n * (elem_size + vsize + 1));
    size_t parts = swomp_parts(threads, n);
    if (swomp_scratch_query(scratch, scratch_bytes, parts * SWOMP_LINE)) return SWEEP_OK;
    unsigned char *o = (unsigned char *)out, *vo = (unsigned char *)values_out;
    size_t total = 0;
    int stream = n * elem_size >= SWOMP_STREAM_MIN_BYTES;
    if (threads == 1) { /* no handover for small inputs */
        total = keep_unflagged ? swomp_count_flags(flags, 0, n) : 0;
        swomp_split_dst d = {o, vo, keep_unflagged ? o + total * elem_size : NULL,
                             keep_unflagged && vo ? vo + total * vsize : NULL, stream};
        swomp_split_range(flags, in, elem_size, values_in, vsize, 0, n, &d);
        if (num_flagged) *num_flagged = keep_unflagged ? total : swomp_count_flags(flags, 0, n);
        return SWEEP_OK;
    }
    split_job j = {
        flags,          in,    values_in, o, vo, elem_size, vsize, n, parts, 0, (size_t *)scratch,
        keep_unflagged, stream};
    swomp_pool_run(threads, parts, split_count, &j);
    for (size_t p = 0; p < parts; p++) { /* counts -> flagged elements before each part */
        size_t c = j.count[p * SWOMP_COUNT_STRIDE];
        j.count[p * SWOMP_COUNT_STRIDE] = j.all;
        j.all += c;
    }
    swomp_pool_run(threads, parts, split_scatter, &j);
    if (num_flagged) *num_flagged = j.all;
    return SWEEP_OK;
}
