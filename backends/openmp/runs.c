/*
 * runs.c -- the fused run primitives (unique, unique by key, run-length encoding,
 * non-trivial runs): each thread counts the runs that start in its part of the keys
 * and notes its first run start; the counts give every part its first output, and
 * each thread writes its runs in order. A run's length is the distance to the next
 * start, in the same part or, for a part's last run, the first start of a later part.
 * The keys are read twice, nothing else is made. Scratch: two words per thread.
 *
 * Keys of 1, 2, 4 and 8 bytes take loops compiled for their size: the count is a sum
 * of comparisons (vectorised), and the write pass notes a block's run starts without
 * a branch (each position stored, the fill advanced by the comparison) before it
 * writes their runs, so that runs of random length cost no mispredicted branches;
 * stretches of 16 keys without a start are passed over after one check.
 * Other key sizes, and values with the forms that have none in the API, take the
 * element-by-element loops below them.
 */
#include "backend_omp.h"
#include "pool.h"
#include "segments.h"

#include <host/host_elem_copy.h>
#include <host/host_runs.h>
#include <string.h>

/* ------------------------------------------------------------ any key size ----- */

static int is_head(const sweep_kruns *r, size_t i) {
    return i == 0 || sweep_host_key_changes((const unsigned char *)r->keys, r->key_size, i);
}

/* Run k is written for every form but SWEEP_RUNS_NONTRIVIAL, which skips runs of one. */
static int written(const sweep_kruns *r, size_t i) {
    return r->form != SWEEP_RUNS_NONTRIVIAL ||
           (i + 1 < r->n &&
            !sweep_host_key_changes((const unsigned char *)r->keys, r->key_size, i + 1));
}

/* The runs written that start in [lo, hi); *first: the first start there (SIZE_MAX if
 * none). */
static size_t count_any(const sweep_kruns *r, size_t lo, size_t hi, size_t *first) {
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
static void write_any(const sweep_kruns *r, size_t lo, size_t hi, size_t rank, size_t next) {
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

/* ------------------------------------------------- keys of 1, 2, 4, 8 bytes ----- */

/* Run starts noted per block of the write pass (on the stack). */
#define RUNS_BLOCK 512
/* Keys the write pass checks at once for a run start before noting them one by one. */
#define RUNS_SKIP 16

/* count_any for a key size ks that inlining makes a constant. */
SWEEP_HOST_INLINE size_t count_ks(const sweep_kruns *r, size_t ks, size_t lo, size_t hi,
                                  size_t *first) {
    const unsigned char *k = (const unsigned char *)r->keys;
    const size_t n = r->n;
    size_t f = lo;
    if (lo > 0)
        while (f < hi && !sweep_host_key_changes(k, ks, f))
            f++;
    *first = f < hi ? f : SIZE_MAX;
    if (f >= hi) return 0;
    size_t c = 0;
    if (r->form != SWEEP_RUNS_NONTRIVIAL) {
        for (size_t i = f + 1; i < hi; i++)
            c += (size_t)sweep_host_key_changes(k, ks, i);
        return c + 1;
    }
    /* a start i is written when key i + 1 (i + 1 < n) continues its run */
    const size_t end = hi < n - 1 ? hi : n - 1;
    if (f < end) c += (size_t)!sweep_host_key_changes(k, ks, f + 1);
    for (size_t i = f + 1; i < end; i++)
        c += (size_t)(sweep_host_key_changes(k, ks, i) & !sweep_host_key_changes(k, ks, i + 1));
    return c;
}

/* Writes the runs that start in [f, hi), f the first start there, from output rank;
 * lim: the output rank after them; next: the first run start after hi (n if none). */
SWEEP_HOST_INLINE void write_ks(const sweep_kruns *r, size_t ks, size_t f, size_t hi, size_t rank,
                                size_t lim, size_t next) {
    const unsigned char *k = (const unsigned char *)r->keys;
    const unsigned char *vin = (const unsigned char *)r->values_in;
    unsigned char *kout = (unsigned char *)r->keys_out, *vout = (unsigned char *)r->values_out;
    const size_t vs = r->vsize;
    const sweep_kruns_form form = r->form;
    size_t *const lengths = r->lengths, *const offsets = r->offsets;
    size_t pos[RUNS_BLOCK + 1];
    size_t m = 0, s = f; /* the starts noted, the start whose run is open */
    size_t sink_offset, sink_length;
    for (size_t b = f + 1;; b += RUNS_BLOCK) {
        const size_t e = b >= hi ? hi : (hi - b < RUNS_BLOCK ? hi : b + RUNS_BLOCK);
        m = 0;
        for (size_t i = b; i < e;) {
            if (e - i >= RUNS_SKIP) { /* a stretch without a start is skipped whole */
                unsigned any = 0;
                for (size_t u = 0; u < RUNS_SKIP; u++)
                    any |= (unsigned)sweep_host_key_changes(k, ks, i + u);
                if (!any) {
                    i += RUNS_SKIP;
                    continue;
                }
                for (size_t u = 0; u < RUNS_SKIP; u++, i++) {
                    pos[m] = i;
                    m += (size_t)sweep_host_key_changes(k, ks, i);
                }
                continue;
            }
            pos[m] = i;
            m += (size_t)sweep_host_key_changes(k, ks, i);
            i++;
        }
        if (e == hi) pos[m++] = next; /* closes the part's last run */
        switch (form) {
        case SWEEP_RUNS_UNIQUE:
            for (size_t j = 0; j < m; j++, rank++) {
                sweep_host_copy_elem(kout + rank * ks, k + s * ks, ks);
                if (vs) sweep_host_copy_elem(vout + rank * vs, vin + s * vs, vs);
                s = pos[j];
            }
            break;
        case SWEEP_RUNS_ENCODE:
            for (size_t j = 0; j < m; j++, rank++) {
                sweep_host_copy_elem(kout + rank * ks, k + s * ks, ks);
                lengths[rank] = pos[j] - s;
                s = pos[j];
            }
            break;
        default:
            /* every run's start and length go to rank, which only a run longer than
             * one keeps; past the part's last such run they go to the sink */
            for (size_t j = 0; j < m; j++) {
                const size_t len = pos[j] - s;
                const int in = rank < lim;
                size_t *po = in ? offsets + rank : &sink_offset;
                size_t *pl = in ? lengths + rank : &sink_length;
                *po = s;
                *pl = len;
                rank += (size_t)(len > 1);
                s = pos[j];
            }
            break;
        }
        if (e == hi) break;
    }
    (void)sink_offset;
    (void)sink_length;
}

/* count_ks / write_ks for the key sizes with their own loops. */
#define RUNS_SIZED(ks)                                                                             \
    static size_t count_##ks(const sweep_kruns *r, size_t lo, size_t hi, size_t *first) {          \
        return count_ks(r, ks, lo, hi, first);                                                     \
    }                                                                                              \
    static void write_##ks(const sweep_kruns *r, size_t f, size_t hi, size_t rank, size_t lim,     \
                           size_t next) {                                                          \
        write_ks(r, ks, f, hi, rank, lim, next);                                                   \
    }
RUNS_SIZED(1)
RUNS_SIZED(2)
RUNS_SIZED(4)
RUNS_SIZED(8)
#undef RUNS_SIZED

/* Whether the sized loops serve r: keys of 1, 2, 4 or 8 bytes, values only with
 * SWEEP_RUNS_UNIQUE. */
static int sized(const sweep_kruns *r) {
    const size_t ks = r->key_size;
    return (ks == 1 || ks == 2 || ks == 4 || ks == 8) &&
           (r->vsize == 0 || r->form == SWEEP_RUNS_UNIQUE);
}

/* The runs written that start in [lo, hi); *first: the first start there (SIZE_MAX if
 * none). */
static size_t count_part(const sweep_kruns *r, size_t lo, size_t hi, size_t *first) {
    if (!sized(r)) return count_any(r, lo, hi, first);
    switch (r->key_size) {
    case 1: return count_1(r, lo, hi, first);
    case 2: return count_2(r, lo, hi, first);
    case 4: return count_4(r, lo, hi, first);
    default: return count_8(r, lo, hi, first);
    }
}

/* Writes the runs starting in [lo, hi) from output rank: count of them, the first at
 * first (SIZE_MAX: none); next: the first run start after hi (n if none). */
static void write_part(const sweep_kruns *r, size_t lo, size_t hi, size_t first, size_t count,
                       size_t rank, size_t next) {
    if (!sized(r)) {
        write_any(r, lo, hi, rank, next);
        return;
    }
    if (first == SIZE_MAX) return;
    switch (r->key_size) {
    case 1: write_1(r, first, hi, rank, rank + count, next); break;
    case 2: write_2(r, first, hi, rank, rank + count, next); break;
    case 4: write_4(r, first, hi, rank, rank + count, next); break;
    default: write_8(r, first, hi, rank, rank + count, next); break;
    }
}

/* ------------------------------------------------------------- the driver ----- */

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
    write_part(j->r, lo, hi, line[1], line[0], line[2], line[3]);
}

sweep_status swomp_runs(void *hv, const sweep_kruns *r, void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    const size_t n = r->n;
    int threads = swomp_team(h, n * (r->key_size + r->vsize));
    if (swomp_scratch_query(scratch, scratch_bytes, (size_t)threads * SWOMP_LINE)) return SWEEP_OK;
    if (threads == 1) { /* no fork/join for small inputs */
        size_t first;
        size_t total = count_part(r, 0, n, &first);
        write_part(r, 0, n, first, total, 0, n);
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
