/*
 * runs.c -- the fused run primitives (unique, unique by key, run-length encoding,
 * non-trivial runs): each thread counts the runs that start in its part of the keys
 * and notes its first run start; the counts give every part its first output, and
 * each thread writes its runs in order. A run's length is the distance to the next
 * start, in the same part or, for a part's last run, the first start of a later part.
 * The keys are read twice, nothing else is made. Scratch: two words per thread.
 */
#include "backend_omp.h"
#include "segments.h"

#include <omp.h>
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
    size_t *slot = (size_t *)scratch; /* count and first start, one line per thread */
    const size_t stride = SWOMP_LINE / sizeof(size_t);
    size_t total = 0;
#pragma omp parallel num_threads(threads)
    {
        size_t team = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num(), lo, hi;
        swomp_part(n, team, t, &lo, &hi);
        slot[t * stride] = count_part(r, lo, hi, &slot[t * stride + 1]);
#pragma omp barrier
        size_t before = 0, all = 0, next = n;
        for (size_t u = 0; u < team; u++) {
            if (u < t) before += slot[u * stride];
            all += slot[u * stride];
            if (u > t && next == n && slot[u * stride + 1] != SIZE_MAX) next = slot[u * stride + 1];
        }
        write_part(r, lo, hi, before, next);
        if (t == 0) total = all;
    }
    if (r->count) *r->count = total;
    return SWEEP_OK;
}
