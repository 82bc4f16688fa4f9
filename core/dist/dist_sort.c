/*
 * dist_sort.c -- the distributed sorts: stable radix sort (after RMG sort) and stable
 * merge sort (sample sort with regular sampling), both with exactly balanced output.
 *
 * Both: sort the piece locally; choose every rank's split points for the balanced
 * boundaries floor(s N / p) in the global stable order (dist_select.c), starting from
 * brackets or first guesses that are cheap to share; exchange once; merge the runs that
 * arrived (dist_merge_runs.c). The runs arrive in rank order and each is in stable
 * order, so merging them stably, ties in rank order, gives the global stable order. A
 * radix sort over part of the key's bits has no comparator to merge by: it sorts what
 * arrived again.
 *  - Radix: the histogram of the top digit of the sorted bits (the backend's
 *    radix_histogram) is gathered; its global prefix puts each boundary in one digit
 *    bucket, and on each rank the bucket is a known index range of the sorted piece:
 *    the selection then only works inside those ranges.
 *  - Merge: p - 1 regular samples per rank are gathered and sorted; the sample at
 *    position s m / p (of m) is round one's pivot for boundary s, as in PSRS.
 */
#include "compose.h"
#include "dist_merge_runs.h"
#include "dist_order.h"
#include "ranges.h"

#include <stdlib.h>
#include <string.h>

typedef struct sort_args {
    const char *what; /* what the fingerprint covers, for the message */
    uint64_t fingerprint;
    sweep__dist_order order;
    size_t key_align;
    const void *keys_in;
    void *keys_out;
    const void *values_in;
    void *values_out;
    size_t vsize, n, cap;
    size_t *num_out;
} sort_args;

static sweep_status check_local(const sort_args *a) {
    const size_t ks = a->order.key_size;
    if (!sweep__value_size_ok(a->vsize))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "value_size %zu is not 0, 1, 2, 4, 8 or 16",
                           a->vsize);
    if (a->vsize == 0 && (a->values_in || a->values_out))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "values_in and values_out must be NULL when value_size is 0");
    if (a->vsize != 0 && a->n > 0 && !a->values_in)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "values_in is NULL with n = %zu", a->n);
    if (a->vsize != 0 && a->cap > 0 && !a->values_out)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "values_out is NULL with out_capacity = %zu",
                           a->cap);
    size_t bin = 0, bout = 0, vin = 0, vout = 0;
    sweep_status st = sweep__bytes(a->n, ks, "keys_in", &bin);
    if (st == SWEEP_OK) st = sweep__bytes(a->cap, ks, "keys_out", &bout);
    if (st == SWEEP_OK) st = sweep__bytes(a->n, a->vsize, "values_in", &vin);
    if (st == SWEEP_OK) st = sweep__bytes(a->cap, a->vsize, "values_out", &vout);
    if (st != SWEEP_OK) return st;
    if (a->n > 0 && !a->keys_in)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "keys_in is NULL with n = %zu", a->n);
    if (a->cap > 0 && !a->keys_out)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "keys_out is NULL with out_capacity = %zu",
                           a->cap);
    st = sweep__check_aligned("keys_in", a->keys_in, a->key_align);
    if (st == SWEEP_OK) st = sweep__check_aligned("keys_out", a->keys_out, a->key_align);
    if (st == SWEEP_OK && a->vsize) st = sweep__check_aligned("values_in", a->values_in, a->vsize);
    if (st == SWEEP_OK && a->vsize)
        st = sweep__check_aligned("values_out", a->values_out, a->vsize);
    if (st != SWEEP_OK) return st;
    /* The outputs may be the inputs (the keys are copied before anything is written). */
    const sweep__range outs[] = {{"keys_out", a->keys_out, bout},
                                 {"values_out", a->values_out, vout}};
    const sweep__range ins[] = {
        {"keys_in", a->keys_in == a->keys_out ? NULL : a->keys_in, bin},
        {"values_in", a->values_in == a->values_out ? NULL : a->values_in, vin}};
    return sweep__check_apart(outs, 2, ins, 2);
}

static sweep_status local_sort(sweep_context *ctx, const sweep__dist_order *o, const void *kin,
                               void *kout, const void *vin, void *vout, size_t vsize, size_t n) {
    if (n == 0) return SWEEP_OK;
    if (o->radix) return sweep__radix_sort(ctx, &o->key, kin, kout, vin, vout, vsize, n);
    return sweep__merge_sort(ctx, &o->cmp, kin, kout, vin, vout, vsize, n);
}

/* Radix: this rank's counts of the top digit (2^nbits of them) of the sorted keys. The
 * backend's histogram counts every pass's digit; asked for the bits of the top digit
 * alone, it counts that one (the digit at begin_bit + 8 (passes - 1), of the width it
 * has there) and no other. */
static sweep_status top_histogram(sweep_comm *comm, const sweep_kradix *key, const void *keys,
                                  size_t n, size_t *host) {
    sweep_context *ctx = comm->ctx;
    unsigned bits = key->end_bit - key->begin_bit;
    unsigned passes = (bits + SWEEP_RADIX_BITS - 1) / SWEEP_RADIX_BITS;
    memset(host, 0, SWEEP_RADIX_SIZE * sizeof *host);
    if (n == 0) return SWEEP_OK;
    sweep_kradix top = *key;
    top.begin_bit = key->begin_bit + (passes - 1) * SWEEP_RADIX_BITS;
    void *hist = NULL;
    sweep_status st =
        sweep__dist_buffer(comm, SWEEP__DIST_SMALL, SWEEP_RADIX_SIZE * sizeof(size_t), &hist);
    if (st != SWEEP_OK) return st;
    st = ctx->be->radix_histogram(ctx->h, &top, keys, n, hist);
    if (st != SWEEP_OK) st = sweep__backend_failed(ctx->be->name, "radix_histogram", st);
    if (st == SWEEP_OK) st = sweep__dist_to_host(ctx, host, hist, SWEEP_RADIX_SIZE * sizeof *host);
    return st;
}

/* Radix: brackets of every boundary from the gathered histograms (p x 256). */
static void radix_brackets(const sweep_comm *c, const size_t *hist, const size_t *target,
                           size_t *lo, size_t *hi) {
    const int p = c->size;
    for (int s = 1; s < p; ++s) {
        size_t g = target[s], below = 0, mine = 0;
        for (unsigned d = 0; d < SWEEP_RADIX_SIZE; ++d) {
            size_t bucket = 0;
            for (int q = 0; q < p; ++q)
                bucket += hist[(size_t)q * SWEEP_RADIX_SIZE + d];
            size_t here = hist[(size_t)c->rank * SWEEP_RADIX_SIZE + d];
            if (g < below + bucket || d + 1 == SWEEP_RADIX_SIZE) {
                lo[s] = mine;
                hi[s] = mine + here;
                break;
            }
            below += bucket;
            mine += here;
        }
    }
}

/* Merge: p - 1 regular samples of this rank (weight 1 marks a sample). */
static sweep_status regular_samples(const sweep_comm *c, const sweep__dist_order *o,
                                    const void *keys, size_t n, sweep__dist_pivot *out) {
    const int p = c->size;
    memset(out, 0, (size_t)(p - 1) * sizeof *out);
    for (int j = 0; j + 1 < p && n > 0; ++j) {
        size_t b = sweep__balanced_begin(n, (size_t)j + 1, (size_t)p);
        out[j].weight = 1;
        out[j].rank = (uint64_t)c->rank;
        out[j].index = b;
        sweep_status st = sweep__dist_to_host(
            c->ctx, out[j].key, (const unsigned char *)keys + b * o->key_size, o->key_size);
        if (st != SWEEP_OK) return st;
    }
    return SWEEP_OK;
}

/* Merge: sorts the gathered samples and picks round one's pivots. */
static void sample_pivots(const sweep_comm *c, const sweep__dist_order *o, sweep__dist_pivot *all,
                          sweep__dist_pivot *first) {
    const int p = c->size;
    size_t m = 0, total = (size_t)p * (size_t)(p - 1);
    for (size_t i = 0; i < total; ++i) {
        if (all[i].weight == 0) continue;
        sweep__dist_pivot x = all[i];
        size_t j = m++;
        while (j > 0 && sweep__dist_pivot_less(o, &x, &all[j - 1])) {
            all[j] = all[j - 1];
            --j;
        }
        all[j] = x;
    }
    for (int s = 1; s < p; ++s)
        first[s - 1] = all[(size_t)s * m / (size_t)p];
}

/* The order the received runs merge in: the comparator; for a radix sort over all of
 * the key's bits, the built-in order of its dtype (the same order: IEEE-754 totalOrder
 * for floats, reversed when descending). 0 where a radix sort takes part of the bits. */
static int merge_order(const sweep__dist_order *o, sweep_kcmp *cmp) {
    if (!o->radix) {
        *cmp = o->cmp;
        return 1;
    }
    if (o->key.begin_bit != 0 || o->key.end_bit != 8 * o->key.key_size) return 0;
    memset(cmp, 0, sizeof *cmp);
    cmp->kind = o->key.descending ? SWEEP_COMPARE_DESCENDING : SWEEP_COMPARE_ASCENDING;
    cmp->dtype = o->key.dtype;
    cmp->key_size = o->key.key_size;
    return 1;
}

static sweep_status sort_common(sweep_comm *comm, sweep_status st, const sort_args *a) {
    sweep_context *ctx = comm->ctx;
    const int p = comm->size, r = comm->rank;
    const size_t ks = a->order.key_size, n = a->n;
    if (st == SWEEP_OK) st = check_local(a);
    sweep__dist_rec mine;
    memset(&mine, 0, sizeof mine);
    mine.fingerprint = a->fingerprint;
    mine.w[0] = n;
    mine.w[1] = a->cap;
    st = sweep__dist_agree(comm, st, &mine, a->what);
    if (st != SWEEP_OK) return st;
    const size_t N = sweep__dist_sum(comm, 0, p);
    for (int q = 0; q < p; ++q) {
        size_t want = sweep__balanced_begin(N, (size_t)q + 1, (size_t)p) -
                      sweep__balanced_begin(N, (size_t)q, (size_t)p);
        if (want > comm->recs[q].w[1])
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                               "rank %d: out_capacity %zu is below the %zu keys it receives", q,
                               (size_t)comm->recs[q].w[1], want);
    }
    size_t count = sweep__balanced_begin(N, (size_t)r + 1, (size_t)p) -
                   sweep__balanced_begin(N, (size_t)r, (size_t)p);
    if (N == 0 || p == 1) {
        /* One rank: the local sort is the whole sort. */
        st = local_sort(ctx, &a->order, a->keys_in, a->keys_out, a->values_in, a->values_out,
                        a->vsize, N);
        if (st == SWEEP_OK) st = sweep__dist_sync(ctx);
        if (st == SWEEP_OK && a->num_out) *a->num_out = N;
        return st;
    }

    /* Local sort into A; the top-digit histogram or the regular samples. T, VT: the
     * merge's second buffer. */
    void *A = NULL, *VA = NULL, *T = NULL, *VT = NULL;
    sweep__dist_buffers recv = {NULL, NULL}, other = {NULL, NULL};
    sweep_kcmp mcmp;
    int merge = 0;
    size_t *hist = NULL, *tab = NULL, myhist[SWEEP_RADIX_SIZE];
    sweep__dist_pivot *samples = NULL, *first = NULL;
    const size_t nt = (size_t)p + 1;
    if (a->order.radix)
        hist = calloc((size_t)p * SWEEP_RADIX_SIZE, sizeof *hist);
    else
        samples = calloc((size_t)p * (size_t)(p - 1) + 1, sizeof *samples);
    first = calloc((size_t)p, sizeof *first);
    /* the split tables, the byte tables, and where each received run begins */
    tab = calloc(nt * ((size_t)p + 4) + 8 * (size_t)p + nt, sizeof *tab);
    if (!first || !tab || (a->order.radix ? !hist : !samples))
        st = sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate the split tables");
    if (st == SWEEP_OK) st = sweep__dist_buffer(comm, SWEEP__DIST_KEYS, n * ks, &A);
    if (st == SWEEP_OK) st = sweep__dist_buffer(comm, SWEEP__DIST_VALUES, n * a->vsize, &VA);
    if (st == SWEEP_OK)
        st = local_sort(ctx, &a->order, a->keys_in, A, a->values_in, VA, a->vsize, n);
    if (st == SWEEP_OK && a->order.radix) st = top_histogram(comm, &a->order.key, A, n, myhist);
    if (st == SWEEP_OK && !a->order.radix) st = regular_samples(comm, &a->order, A, n, first);
    if (st == SWEEP_OK) st = sweep__dist_sync(ctx);
    memset(&mine, 0, sizeof mine);
    st = sweep__dist_agree(comm, st, &mine, "(nothing)");

    size_t *target = tab, *lo = tab + nt, *hi = tab + 2 * nt, *split = tab + 3 * nt;
    size_t *splits = tab + 4 * nt; /* p rows of p + 1 */
    if (st == SWEEP_OK) {
        for (int s = 0; s <= p; ++s) {
            target[s] = sweep__balanced_begin(N, (size_t)s, (size_t)p);
            lo[s] = 0;
            hi[s] = n;
        }
        target[p] = N;
        if (a->order.radix) {
            st = comm->t->allgather(comm->h, myhist, hist, sizeof myhist);
            if (st == SWEEP_OK) radix_brackets(comm, hist, target, lo, hi);
        } else if (p > 1) {
            st = comm->t->allgather(comm->h, first, samples, (size_t)(p - 1) * sizeof *first);
            if (st == SWEEP_OK && p > 1) sample_pivots(comm, &a->order, samples, first);
        }
    }
    if (st == SWEEP_OK)
        st = sweep__dist_select(comm, &a->order, A, n, target, lo, hi,
                                a->order.radix || p == 1 ? NULL : first, split);
    if (st == SWEEP_OK) st = comm->t->allgather(comm->h, split, splits, nt * sizeof *split);
    if (st == SWEEP_OK) {
        /* Byte tables: send offsets/sizes, receive offsets/sizes, for keys then values. */
        size_t *kt = tab + (size_t)(4 + p) * nt, *vt = kt + 4 * (size_t)p,
               *runs = vt + 4 * (size_t)p;
        size_t got = 0;
        for (int q = 0; q < p; ++q) {
            runs[q] = got;
            size_t so = split[q], sn = split[q + 1] - split[q];
            size_t rn = splits[(size_t)q * nt + (size_t)r + 1] - splits[(size_t)q * nt + (size_t)r];
            kt[q] = so * ks;
            kt[p + q] = sn * ks;
            kt[2 * p + q] = got * ks;
            kt[3 * p + q] = rn * ks;
            vt[q] = so * a->vsize;
            vt[p + q] = sn * a->vsize;
            vt[2 * p + q] = got * a->vsize;
            vt[3 * p + q] = rn * a->vsize;
            got += rn;
        }
        runs[p] = got;
        if (got != count)
            st = sweep__fail(SWEEP_ERR_INTERNAL, "received %zu keys, not %zu", got, count);
        /* The runs arrive where an odd number of merge rounds starts, so that the last
         * round writes the output. */
        merge = merge_order(&a->order, &mcmp);
        const int odd = merge && sweep__dist_merge_rounds(p) % 2 == 1;
        if (st == SWEEP_OK && merge)
            st = sweep__dist_buffer(comm, SWEEP__DIST_RECV_KEYS, count * ks, &T);
        if (st == SWEEP_OK && merge)
            st = sweep__dist_buffer(comm, SWEEP__DIST_RECV_VALUES, count * a->vsize, &VT);
        recv.keys = odd ? T : a->keys_out;
        recv.values = odd ? VT : a->values_out;
        other.keys = odd ? a->keys_out : T;
        other.values = odd ? a->values_out : VT;
        sweep_comm_xfer x[2] = {{A, recv.keys, kt, kt + p, kt + 2 * p, kt + 3 * p},
                                {VA, recv.values, vt, vt + p, vt + 2 * p, vt + 3 * p}};
        if (st == SWEEP_OK) st = sweep__dist_exchange(comm, x, a->vsize ? 2 : 1);
        if (st == SWEEP_OK && merge)
            st = sweep__dist_merge_runs(ctx, &mcmp, a->vsize, recv, other, runs, p);
    }
    if (st == SWEEP_OK && !merge)
        st = local_sort(ctx, &a->order, a->keys_out, a->keys_out, a->values_out, a->values_out,
                        a->vsize, count);
    if (st == SWEEP_OK) st = sweep__dist_sync(ctx);
    if (st == SWEEP_OK && a->num_out) *a->num_out = count;
    sweep__dist_unhold(comm); /* A, VA, T and VT stay cached for the next call */
    free(hist);
    free(samples);
    free(first);
    free(tab);
    return st;
}

sweep_status sweep_dist_radix_sort(sweep_comm *comm, const void *keys_in, void *keys_out,
                                   const void *values_in, void *values_out, size_t n,
                                   size_t out_capacity, size_t *num_out,
                                   const sweep_sort_desc *desc) {
    SWEEP__ENTER("sweep_dist_radix_sort");
    sweep_status st = sweep__dist_check_comm(comm);
    if (st != SWEEP_OK) return st;
    sort_args a;
    memset(&a, 0, sizeof a);
    a.what = "the key type, the bit range, the direction or value_size";
    a.order.radix = 1;
    st = sweep__resolve_radix(desc, &a.order.key);
    a.order.key_size = a.order.key.key_size ? a.order.key.key_size : 1;
    a.key_align = a.order.key_size;
    if (st == SWEEP_OK) a.vsize = desc->value_size;
    uint64_t words[5] = {a.order.key.dtype, a.order.key.begin_bit, a.order.key.end_bit,
                         (uint64_t)a.order.key.descending, a.vsize};
    a.fingerprint = sweep__fnv(SWEEP__FNV_START, words, sizeof words);
    a.keys_in = keys_in;
    a.keys_out = keys_out;
    a.values_in = values_in;
    a.values_out = values_out;
    a.n = n;
    a.cap = out_capacity;
    a.num_out = num_out;
    return sort_common(comm, st, &a);
}

sweep_status sweep_dist_merge_sort(sweep_comm *comm, const void *keys_in, void *keys_out,
                                   const void *values_in, void *values_out, size_t value_size,
                                   size_t n, size_t out_capacity, size_t *num_out,
                                   sweep_compare cmp) {
    SWEEP__ENTER("sweep_dist_merge_sort");
    sweep_status st = sweep__dist_check_comm(comm);
    if (st != SWEEP_OK) return st;
    sort_args a;
    memset(&a, 0, sizeof a);
    a.what = "the comparator, the key type or value_size";
    st = sweep__resolve_cmp(cmp, &a.order.cmp);
    a.order.key_size = a.order.cmp.key_size ? a.order.cmp.key_size : 1;
    a.key_align = a.order.cmp.custom ? a.order.cmp.custom->key_align : a.order.key_size;
    a.vsize = value_size;
    uint64_t words[5] = {a.order.cmp.kind,
                         a.order.cmp.kind == SWEEP_COMPARE_CUSTOM ? 0 : a.order.cmp.dtype,
                         a.order.key_size, a.key_align, a.vsize};
    a.fingerprint = sweep__fnv(SWEEP__FNV_START, words, sizeof words);
    if (a.order.cmp.custom)
        a.fingerprint =
            sweep__fnv(a.fingerprint, a.order.cmp.custom->name, strlen(a.order.cmp.custom->name));
    a.keys_in = keys_in;
    a.keys_out = keys_out;
    a.values_in = values_in;
    a.values_out = values_out;
    a.n = n;
    a.cap = out_capacity;
    a.num_out = num_out;
    return sort_common(comm, st, &a);
}
