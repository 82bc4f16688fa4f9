/*
 * gather_search.c -- the basic kernels gather (out[i] = in[idx[i]]) and vectorised
 * search. Each thread searches a contiguous part of the needles and starts every
 * search from the answer to the needle before it, galloping away from it: sorted
 * needles then cost O(log distance) each instead of O(log n), unsorted ones at most
 * twice a binary search.
 */
#include <string.h>

#include "backend_omp.h"
#include "elem_copy.h"

#include "pool.h"

#include <host/host_keys.h>

typedef struct gather_job {
    const unsigned char *src;
    unsigned char *dst;
    const size_t *idx;
    size_t elem_size;
} gather_job;

static void gather_range(void *ctx, size_t lo, size_t hi, int worker) {
    const gather_job *j = (const gather_job *)ctx;
    (void)worker;
    for (size_t i = lo; i < hi; ++i)
        swomp_copy_value(j->dst + i * j->elem_size, j->src + j->idx[i] * j->elem_size,
                         j->elem_size);
}

sweep_status swomp_gather(void *hv, const void *in, size_t elem_size, const size_t *idx, size_t n,
                          void *out) {
    const swomp_handle *h = (const swomp_handle *)hv;
    gather_job j = {(const unsigned char *)in, (unsigned char *)out, idx, elem_size};
    int threads = swomp_team(h, n * (elem_size + sizeof(size_t)));
    swomp_pool_ranges(threads, n, swomp_parts(threads, n), gather_range, &j);
    return SWEEP_OK;
}

/* One needle against the haystack: key j lies before the answer when it is less than
 * the needle (lower bound) or not greater (upper bound); true, then false, along a
 * sorted haystack. Built-in keys compare as order-preserving patterns, the needle's
 * made once. */
typedef struct probe {
    const sweep_kcmp *cmp;
    const unsigned char *hay;
    const unsigned char *x;
    uint64_t xu;
    int upper;
} probe;

static inline uint64_t pattern(const sweep_kcmp *c, const unsigned char *p) {
    return sweep_host_key_order(c->dtype, sweep_host_key_raw(p, c->key_size));
}

static inline int before(const probe *q, size_t j) {
    const sweep_kcmp *c = q->cmp;
    const unsigned char *y = q->hay + j * c->key_size;
    if (c->kind == SWEEP_COMPARE_CUSTOM) {
        void *user = c->custom->user;
        return q->upper ? !c->custom->less(q->x, y, user) : c->custom->less(y, q->x, user) != 0;
    }
    const uint64_t yu = pattern(c, y);
    const int desc = c->kind == SWEEP_COMPARE_DESCENDING;
    /* y < x in the order: yu < xu ascending, yu > xu descending */
    if (q->upper) return desc ? !(q->xu > yu) : !(q->xu < yu);
    return desc ? yu > q->xu : yu < q->xu;
}

/* The first j in [lo, hi) that is not before the needle (hi if none). */
static size_t bisect(const probe *q, size_t lo, size_t hi) {
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (before(q, mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The answer, knowing every j < a is before the needle: gallop up from a. */
static size_t gallop_up(const probe *q, size_t a, size_t n) {
    size_t lo = a, bound = a, step = 1;
    while (bound < n && before(q, bound)) {
        lo = bound + 1;
        bound = step > n - lo ? n : lo + step;
        step *= 2;
    }
    return bisect(q, lo, bound < n ? bound : n);
}

/* The answer, knowing no j >= b is before the needle: gallop down from b. */
static size_t gallop_down(const probe *q, size_t b) {
    size_t lo = 0, hi = b, step = 1;
    while (hi > 0) {
        size_t at = hi > step ? hi - step : 0;
        if (before(q, at)) {
            lo = at + 1;
            break;
        }
        hi = at;
        step *= 2;
    }
    return bisect(q, lo, hi);
}

static void search_range(const sweep_kcmp *cmp, const unsigned char *hay, size_t n,
                         const unsigned char *needles, size_t lo, size_t hi, int upper,
                         size_t *out) {
    const size_t ks = cmp->key_size;
    probe q = {cmp, hay, NULL, 0, upper};
    for (size_t i = lo; i < hi; ++i) {
        q.x = needles + i * ks;
        if (cmp->kind != SWEEP_COMPARE_CUSTOM) q.xu = pattern(cmp, q.x);
        if (i == lo) {
            out[i] = bisect(&q, 0, n);
            continue;
        }
        /* a needle not less than the one before has its answer at or after that
         * one's (both bounds are monotone in the needle) */
        const unsigned char *prev = needles + (i - 1) * ks;
        if (!sweep_host_less(cmp, q.x, prev))
            out[i] = gallop_up(&q, out[i - 1], n);
        else
            out[i] = gallop_down(&q, out[i - 1]);
    }
}

typedef struct search_job {
    const sweep_kcmp *cmp;
    const unsigned char *hay, *needles;
    size_t nhay;
    int upper;
    size_t *out;
} search_job;

static void search_part(void *ctx, size_t lo, size_t hi, int worker) {
    const search_job *j = (const search_job *)ctx;
    (void)worker;
    search_range(j->cmp, j->hay, j->nhay, j->needles, lo, hi, j->upper, j->out);
}

sweep_status swomp_search(void *hv, const sweep_kcmp *cmp, const void *haystack, size_t nhay,
                          const void *needles, size_t nneedles, int upper, size_t *out) {
    const swomp_handle *h = (const swomp_handle *)hv;
    search_job j = {
        cmp, (const unsigned char *)haystack, (const unsigned char *)needles, nhay, upper, out};
    /* a search touches a few cache lines per needle: count them as 64 bytes */
    int threads = swomp_team(h, nneedles * 64);
    swomp_pool_ranges(threads, nneedles, swomp_parts(threads, nneedles), search_part, &j);
    return SWEEP_OK;
}
