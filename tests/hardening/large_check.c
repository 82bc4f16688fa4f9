/* Exact output checks of sweep-hardening-large (see large_check.h). Every check runs
 * in chunks on all cores: a first pass sums or counts per chunk, a serial prefix over
 * the chunks gives each chunk its starting state, a second pass checks each output
 * position against what it must hold. */
#include "large_check.h"

#include "large_par.h"

#include <stdlib.h>
#include <string.h>

#define LC_CHUNKS 4096

typedef struct lc_chunk {
    size_t bad, first;
    uint64_t got, want;
    const char *what;
    uint64_t sum;     /* pass 1: the chunk's sum / flagged count / duplicate pairs */
    size_t hist[256]; /* pass 1 of the u8 sort: the chunk's input histogram        */
} lc_chunk;

typedef struct lc_job {
    const void *in, *out;
    const uint8_t *flags;
    const uint32_t *values;
    const lg_perm *perm;
    size_t elem_size, n, total;
    int exclusive;
    lc_chunk *chunks;
    size_t start[257]; /* u8 sort: where each key value begins in the output */
} lc_job;

static void note(lc_chunk *s, size_t i, uint64_t got, uint64_t want, const char *what) {
    if (s->bad++ == 0) {
        s->first = i;
        s->got = got;
        s->want = want;
        s->what = what;
    }
}

static uint64_t ld(const void *p, size_t elem_size, size_t i) {
    return elem_size == 1 ? ((const uint8_t *)p)[i] : ((const uint32_t *)p)[i];
}

/* Runs pass (one or two) and folds the chunks' findings into r. */
static lc_chunk *lc_start(lc_job *j) {
    j->chunks = calloc(LC_CHUNKS, sizeof *j->chunks);
    return j->chunks;
}

static void lc_finish(lc_job *j, lc_report *r) {
    memset(r, 0, sizeof *r);
    for (size_t c = 0; c < LC_CHUNKS; ++c) {
        const lc_chunk *s = &j->chunks[c];
        if (s->bad && r->bad == 0) {
            r->first = s->first;
            r->got = s->got;
            r->want = s->want;
            r->what = s->what;
        }
        r->bad += s->bad;
    }
    free(j->chunks);
    j->chunks = NULL;
}

static void no_memory(lc_report *r) {
    memset(r, 0, sizeof *r);
    r->bad = 1;
    r->what = "the check could not allocate its chunk table";
}

/* ---- scan ---- */

static void scan_sum(size_t lo, size_t hi, size_t c, void *arg) {
    lc_job *j = arg;
    uint64_t s = 0; /* wraps mod 2^64, which keeps it exact mod 2^8 and 2^32 */
    for (size_t i = lo; i < hi; ++i)
        s += ld(j->in, j->elem_size, i);
    j->chunks[c].sum = s;
}

static void scan_check(size_t lo, size_t hi, size_t c, void *arg) {
    lc_job *j = arg;
    lc_chunk *s = &j->chunks[c];
    const uint64_t mask = j->elem_size == 1 ? 0xffu : 0xffffffffu;
    uint64_t run = s->sum; /* the carry into this chunk, after the prefix */
    for (size_t i = lo; i < hi; ++i) {
        uint64_t x = ld(j->in, j->elem_size, i);
        if (!j->exclusive) run += x;
        uint64_t got = ld(j->out, j->elem_size, i);
        if (got != (run & mask)) note(s, i, got, run & mask, "scan value");
        if (j->exclusive) run += x;
    }
}

/* Chunk sums become the sums of all earlier chunks. */
static uint64_t exclusive_prefix(lc_chunk *chunks) {
    uint64_t carry = 0;
    for (size_t c = 0; c < LC_CHUNKS; ++c) {
        uint64_t s = chunks[c].sum;
        chunks[c].sum = carry;
        carry += s;
    }
    return carry;
}

void lc_scan(const void *in, const void *out, size_t elem_size, size_t n, int exclusive,
             lc_report *r) {
    lc_job j = {.in = in, .out = out, .elem_size = elem_size, .n = n, .exclusive = exclusive};
    if (!lc_start(&j)) {
        no_memory(r);
        return;
    }
    lp_for(n, LC_CHUNKS, scan_sum, &j);
    (void)exclusive_prefix(j.chunks);
    lp_for(n, LC_CHUNKS, scan_check, &j);
    lc_finish(&j, r);
}

/* ---- split ---- */

static void split_count(size_t lo, size_t hi, size_t c, void *arg) {
    lc_job *j = arg;
    uint64_t f = 0;
    for (size_t i = lo; i < hi; ++i)
        f += j->flags[i] != 0;
    j->chunks[c].sum = f;
}

static void split_check(size_t lo, size_t hi, size_t c, void *arg) {
    lc_job *j = arg;
    lc_chunk *s = &j->chunks[c];
    size_t f = (size_t)s->sum;      /* flagged elements before this chunk   */
    size_t u = j->total + (lo - f); /* where this chunk's unflagged ones go */
    for (size_t i = lo; i < hi; ++i) {
        size_t pos = j->flags[i] ? f++ : u++;
        uint64_t want = ld(j->in, j->elem_size, i), got = ld(j->out, j->elem_size, pos);
        if (got != want)
            note(s, pos, got, want, j->flags[i] ? "flagged element" : "unflagged element");
    }
}

void lc_split(const uint8_t *flags, const void *in, const void *out, size_t elem_size, size_t n,
              size_t num_flagged, lc_report *r) {
    lc_job j = {.in = in, .out = out, .flags = flags, .elem_size = elem_size, .n = n};
    if (!lc_start(&j)) {
        no_memory(r);
        return;
    }
    lp_for(n, LC_CHUNKS, split_count, &j);
    j.total = (size_t)exclusive_prefix(j.chunks);
    /* every output position is the destination of exactly one input element */
    lp_for(n, LC_CHUNKS, split_check, &j);
    lc_finish(&j, r);
    if (num_flagged != j.total) {
        if (r->bad == 0) {
            r->first = n;
            r->got = num_flagged;
            r->want = j.total;
            r->what = "num_flagged";
        }
        ++r->bad;
    }
}

/* ---- radix sort of u8 keys ---- */

static void hist_u8(size_t lo, size_t hi, size_t c, void *arg) {
    lc_job *j = arg;
    const uint8_t *in = j->in;
    size_t *h = j->chunks[c].hist;
    for (size_t i = lo; i < hi; ++i)
        ++h[in[i]];
}

static void sort_u8_check(size_t lo, size_t hi, size_t c, void *arg) {
    lc_job *j = arg;
    lc_chunk *s = &j->chunks[c];
    const uint8_t *out = j->out;
    unsigned v = 0;
    while (v < 255 && j->start[v + 1] <= lo)
        ++v;
    for (size_t i = lo; i < hi; ++i) {
        while (j->start[v + 1] <= i)
            ++v;
        if (out[i] != v) note(s, i, out[i], v, "sorted u8 key");
    }
}

void lc_sort_u8(const uint8_t *in, const uint8_t *out, size_t n, lc_report *r) {
    lc_job j = {.in = in, .out = out, .elem_size = 1, .n = n};
    if (!lc_start(&j)) {
        no_memory(r);
        return;
    }
    lp_for(n, LC_CHUNKS, hist_u8, &j);
    /* The sorted output is fixed by the input's histogram: value v fills
     * [start[v], start[v + 1]). */
    j.start[0] = 0;
    for (unsigned v = 0; v < 256; ++v) {
        size_t cnt = 0;
        for (size_t c = 0; c < LC_CHUNKS; ++c)
            cnt += j.chunks[c].hist[v];
        j.start[v + 1] = j.start[v] + cnt;
    }
    lp_for(n, LC_CHUNKS, sort_u8_check, &j);
    lc_finish(&j, r);
}

/* ---- histogram of u8 samples ---- */

void lc_histogram_u8(const uint8_t *in, size_t n, const uint64_t *counts, size_t nbins,
                     lc_report *r) {
    lc_job j = {.in = in, .elem_size = 1, .n = n};
    if (!lc_start(&j)) {
        no_memory(r);
        return;
    }
    lp_for(n, LC_CHUNKS, hist_u8, &j);
    uint64_t want[256] = {0};
    for (size_t c = 0; c < LC_CHUNKS; ++c)
        for (unsigned v = 0; v < 256; ++v)
            want[v] += j.chunks[c].hist[v];
    lc_finish(&j, r);
    for (size_t v = 0; v < nbins && v < 256; ++v) {
        if (counts[v] == want[v]) continue;
        if (r->bad++ == 0) {
            r->first = v;
            r->got = counts[v];
            r->want = want[v];
            r->what = "bin count";
        }
    }
}

/* ---- radix sort of permutation keys ---- */

#define LC_2POW32 ((size_t)1 << 32)

static void sort_perm_check(size_t lo, size_t hi, size_t c, void *arg) {
    lc_job *j = arg;
    lc_chunk *s = &j->chunks[c];
    const uint32_t *k = j->out;
    const size_t n = j->n, m = n < LC_2POW32 ? n : LC_2POW32, d = n - m;
    uint64_t pairs = 0;
    for (size_t i = lo; i < hi; ++i) {
        uint32_t key = k[i], idx = lg_perm_invert(j->perm, key);
        if (idx >= m) note(s, i, key, idx, "a key that is not in the input");
        if (j->values && j->values[i] != idx) note(s, i, j->values[i], idx, "value of the key");
        if (i + 1 < n) {
            if (k[i + 1] < key) note(s, i + 1, k[i + 1], key, "keys out of order");
            if (k[i + 1] == key) {
                ++pairs;
                if (idx >= d) note(s, i + 1, key, idx, "a key that occurs once, twice");
                if (i + 2 < n && k[i + 2] == key) note(s, i + 2, key, idx, "a key thrice");
            }
        }
    }
    s->sum = pairs;
}

void lc_sort_perm(const lg_perm *p, const uint32_t *keys, const uint32_t *values, size_t n,
                  lc_report *r) {
    lc_job j = {.out = keys, .values = values, .perm = p, .elem_size = 4, .n = n};
    if (!lc_start(&j)) {
        no_memory(r);
        return;
    }
    lp_for(n, LC_CHUNKS, sort_perm_check, &j);
    uint64_t pairs = 0;
    for (size_t c = 0; c < LC_CHUNKS; ++c)
        pairs += j.chunks[c].sum;
    lc_finish(&j, r);
    /* n keys, each of the input, no key thrice, the doubled ones among P(0..d-1): with
     * exactly d doubles the output holds every input key as often as the input does. */
    const size_t d = n > LC_2POW32 ? n - LC_2POW32 : 0;
    if (pairs != d) {
        if (r->bad == 0) {
            r->first = n;
            r->got = pairs;
            r->want = d;
            r->what = "number of doubled keys";
        }
        ++r->bad;
    }
}
