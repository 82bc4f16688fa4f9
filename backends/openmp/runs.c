/*
 * runs.c -- the fused run primitives (unique, unique by key, run-length encoding,
 * non-trivial runs): each thread counts the runs that start in its part of the keys
 * and notes its first run start; the counts give every part its first output, and
 * each thread writes its runs in order. A run's length is the distance to the next
 * start, in the same part or, for a part's last run, the first start of a later part.
 * The keys are read twice, nothing else is made. Scratch: two words per thread.
 */
#include "backend_omp.h"
#include "pool.h"
#include "segments.h"

#include <string.h>

static int is_head(const sweep_kruns *r, size_t i) {
    return i == 0 || swomp_key_changes((const unsigned char *)r->keys, r->key_size, i);
}

/* Run k is written for every form but SWEEP_RUNS_NONTRIVIAL, which skips runs of one. */
static int written(const sweep_kruns *r, size_t i) {
    return r->form != SWEEP_RUNS_NONTRIVIAL ||
           (i + 1 < r->n && !swomp_key_changes((const unsigned char *)r->keys, r->key_size, i + 1));
}

/* The runs written that start in [lo, hi); *first: the first start there (SIZE_MAX if
 * none). */
static size_t count_part(const sweep_kruns *r, size_t lo, size_t hi, size_t *first) {
    size_t c = 0;
    *first = SIZE_MAX;
    for (size_t i = lo; i < hi; i++) {
        if (!is_head(r, i)) continue;
        if (*first == SIZE_MAX) *first = i;
        c += (size_t)written(r, i);
    }
    return c;
}

/* Writes the runs starting in [lo, hi) from output rank; next: the first run start
 * after hi (n if none). */
static void write_part(const sweep_kruns *r, size_t lo, size_t hi, size_t rank, size_t next) {
    const unsigned char *keys = (const unsigned char *)r->keys;
    const unsigned char *vin = (const unsigned char *)r->values_in;
    unsigned char *kout = (unsigned char *)r->keys_out, *vout = (unsigned char *)r->values_out;
    const size_t ks = r->key_size, vs = r->vsize;
    size_t open = SIZE_MAX, open_rank = 0; /* a written run whose length is not known yet */
    for (size_t i = lo; i < hi; i++) {
        if (!is_head(r, i)) continue;
        if (open != SIZE_MAX) {
            r->lengths[open_rank] = i - open;
            open = SIZE_MAX;
        }
        if (!written(r, i)) continue;
        if (r->form == SWEEP_RUNS_NONTRIVIAL)
            r->offsets[rank] = i;
        else
            memcpy(kout + rank * ks, keys + i * ks, ks);
        if (vs) memcpy(vout + rank * vs, vin + i * vs, vs);
        if (r->form != SWEEP_RUNS_UNIQUE) {
            open = i;
            open_rank = rank;
        }
        rank++;
    }
    if (open != SIZE_MAX) r->lengths[open_rank] = next - open;
}

/* The fused call's parts: part t is [lo, hi) of swomp_part(n, parts, t); slot line t
 * holds its count, its first run start, then (set between the two passes) the runs
 * before it and the first start after it. */
typedef struct runs_job {
    const sweep_kruns *r;
    size_t parts;
    size_t *slot;
} runs_job;

#define RUNS_STRIDE (SWOMP_LINE / sizeof(size_t))

static void count_item(void *ctx, size_t t, int worker) {
    const runs_job *j = (const runs_job *)ctx;
    size_t lo, hi, *line = j->slot + t * RUNS_STRIDE;
    (void)worker;
    swomp_part(j->r->n, j->parts, t, &lo, &hi);
    line[0] = count_part(j->r, lo, hi, &line[1]);
}

static void write_item(void *ctx, size_t t, int worker) {
    const runs_job *j = (const runs_job *)ctx;
    size_t lo, hi;
    const size_t *line = j->slot + t * RUNS_STRIDE;
    (void)worker;
    swomp_part(j->r->n, j->parts, t, &lo, &hi);
    write_part(j->r, lo, hi, line[2], line[3]);
}

sweep_status swomp_runs(void *hv, const sweep_kruns *r, void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    const size_t n = r->n;
    int threads = swomp_team(h, n * (r->key_size + r->vsize));
    if (swomp_scratch_query(scratch, scratch_bytes, (size_t)threads * SWOMP_LINE)) return SWEEP_OK;
    if (threads == 1) { /* no fork/join for small inputs */
        size_t first;
        size_t total = count_part(r, 0, n, &first);
        write_part(r, 0, n, 0, n);
        if (r->count) *r->count = total;
        return SWEEP_OK;
    }
    /* count, first start, runs before, next start: one line per part (a part a thread) */
    runs_job job = {r, (size_t)threads, (size_t *)scratch};
    swomp_pool_run(threads, job.parts, count_item, &job);
    size_t total = 0;
    for (size_t t = 0; t < job.parts; t++) {
        size_t *line = job.slot + t * RUNS_STRIDE, next = n;
        for (size_t u = t + 1; u < job.parts && next == n; u++)
            if (job.slot[u * RUNS_STRIDE + 1] != SIZE_MAX) next = job.slot[u * RUNS_STRIDE + 1];
        line[2] = total;
        line[3] = next;
        total += line[0];
    }
    swomp_pool_run(threads, job.parts, write_item, &job);
    if (r->count) *r->count = total;
    return SWEEP_OK;
}
