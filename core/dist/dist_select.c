/*
 * dist_select.c -- exact splitting of locally sorted sequences across ranks
 * (multi-sequence selection): where each rank's keys divide at given global positions
 * of the stable order. Keys live in context memory; only the probed ones are read
 * back, one binary search per open boundary and round.
 *
 * Why it is exact: with x_q the true split on rank q and c_q = the keys of rank q
 * before pivot P (clamped to [lo_q, hi_q]), sum c_q < target means P is among the first
 * target keys, so x_q >= c_q everywhere (and P's own rank keeps P); sum c_q > target
 * means P is not, so x_q <= c_q; equality means c_q = x_q. A pivot taken from an open
 * range always closes at least one key of it, and the weighted median of the ranks'
 * middle keys closes about a quarter of all open keys, so O(log N) rounds.
 *
 * Fewer rounds where the open ranges are small: once a rank's open range of a boundary
 * fits its share of a host budget (32 MiB), the rank copies it to the host once and
 * probes it there (one copy, where every probe was a copy from context memory). While
 * every rank's range of a boundary is on the host, each rank proposes K keys spread
 * evenly over its range and every proposal is a pivot: each pivot is counted as above,
 * and since each rank's own proposals are among them, its range shrinks by a factor of
 * about K + 1 a round.
 */
#include "../../backends/host/host_keys.h"
#include "dist_order.h"

#include <stdlib.h>
#include <string.h>

int sweep__dist_less(const sweep__dist_order *o, const void *a, const void *b) {
    if (!o->radix) return sweep_host_less(&o->cmp, a, b);
    unsigned bits = o->key.end_bit - o->key.begin_bit;
    uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    uint64_t ua = (sweep_host_radix_pattern(&o->key, a) >> o->key.begin_bit) & mask;
    uint64_t ub = (sweep_host_radix_pattern(&o->key, b) >> o->key.begin_bit) & mask;
    return ua < ub;
}

int sweep__dist_pivot_less(const sweep__dist_order *o, const sweep__dist_pivot *a,
                           const sweep__dist_pivot *b) {
    if (sweep__dist_less(o, a->key, b->key)) return 1;
    if (sweep__dist_less(o, b->key, a->key)) return 0;
    return a->rank != b->rank ? a->rank < b->rank : a->index < b->index;
}

/* The host copy of keys [lo, hi) of one boundary's open range (keys NULL: none), at
 * byte at of the communicator's host buffer, where room bytes are the boundary's. */
typedef struct window {
    size_t lo, hi;
    unsigned char *keys;
    size_t at, room;
} window;

/* Host bytes of all boundaries' windows of a rank: 32 MiB, or the environment's
 * SWEEP_DIST_WINDOW_BYTES (the tests set 0, no window, and small budgets, where some
 * ranks' ranges fit and others do not). */
static size_t window_budget(void) {
    const char *v = getenv("SWEEP_DIST_WINDOW_BYTES");
    if (v && *v) {
        char *end = NULL;
        unsigned long long b = strtoull(v, &end, 10);
        if (end && *end == '\0') return (size_t)b;
    }
    return (size_t)32 << 20;
}

static sweep_status probe(sweep_context *ctx, const void *keys, const window *w, size_t i,
                          size_t ks, void *out) {
    if (w && w->keys && i >= w->lo && i < w->hi) {
        memcpy(out, w->keys + (i - w->lo) * ks, ks);
        return SWEEP_OK;
    }
    return sweep__dist_to_host(ctx, out, (const unsigned char *)keys + i * ks, ks);
}

/* Keys of this rank (in [lo, hi]) before pivot P in (key, rank, index) order. */
static sweep_status count_before(const sweep_comm *comm, const sweep__dist_order *o,
                                 const void *keys, const window *w, size_t lo, size_t hi,
                                 const sweep__dist_pivot *P, size_t *out) {
    if ((int)P->rank == comm->rank) {
        size_t c = (size_t)P->index;
        *out = c < lo ? lo : c > hi ? hi : c;
        return SWEEP_OK;
    }
    /* Before ranks after P's own, keys equal to P come before it; on ranks after, after. */
    const int equal_first = (int)P->rank > comm->rank;
    unsigned char k[32];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        sweep_status st = probe(comm->ctx, keys, w, mid, o->key_size, k);
        if (st != SWEEP_OK) return st;
        int before = equal_first ? !sweep__dist_less(o, P->key, k) : sweep__dist_less(o, k, P->key);
        if (before)
            lo = mid + 1;
        else
            hi = mid;
    }
    *out = lo;
    return SWEEP_OK;
}

/* The weighted median of the proposals all[q * stride + at] (q < p): sorted by pivot
 * order, the first whose running weight reaches half the total. 0 when nobody proposed. */
static int weighted_median(const sweep__dist_order *o, const sweep__dist_pivot *all, int p,
                           size_t stride, size_t at, sweep__dist_pivot *tmp,
                           sweep__dist_pivot *out) {
    int m = 0;
    uint64_t total = 0;
    for (int q = 0; q < p; ++q) {
        const sweep__dist_pivot *c = &all[(size_t)q * stride + at];
        if (c->weight == 0) continue;
        int j = m++;
        while (j > 0 && sweep__dist_pivot_less(o, c, &tmp[j - 1])) {
            tmp[j] = tmp[j - 1];
            --j;
        }
        tmp[j] = *c;
        total += c->weight;
    }
    uint64_t run = 0;
    for (int j = 0; j < m; ++j) {
        run += tmp[j].weight;
        if (2 * run >= total) {
            *out = tmp[j];
            return 1;
        }
    }
    return 0;
}

/* Keys a rank proposes for a boundary in a round where every rank's range is on the
 * host: odd (the middle one is also the weighted median's proposal), fewer with many
 * ranks, since every rank counts every proposal. */
static size_t proposals_per_rank(int p) {
    size_t k = 1024 / ((size_t)p * (size_t)p);
    if (k > 15) k = 15;
    if (k % 2 == 0) --k;
    return k < 1 ? 1 : k;
}

typedef struct select_tables {
    sweep__dist_pivot *mine, *all, *piv, *tmp;
    uint64_t *cnt, *cnts; /* per round: [0] a rank's status, then the counts of the pivots */
    size_t *npiv;         /* pivots of each boundary this round */
    unsigned char *done;
    window *win;
} select_tables;

static void tables_free(select_tables *t) {
    free(t->mine);
    free(t->all);
    free(t->piv);
    free(t->tmp);
    free(t->cnt);
    free(t->cnts);
    free(t->npiv);
    free(t->done);
    free(t->win); /* the keys stay in the communicator's host buffer */
}

/* Places every boundary's window in the communicator's host buffer: a range only
 * shrinks, so its window never needs more than the smaller of its range on entry and
 * its share of the budget. Returns the bytes of all of them. */
static size_t place_windows(size_t ks, int nb, const size_t *lo, const size_t *hi, size_t budget,
                            select_tables *t) {
    const size_t cap = budget / (size_t)nb / ks;
    size_t at = 0;
    for (int s = 0; s < nb; ++s) {
        const size_t range = hi[s + 1] > lo[s + 1] ? hi[s + 1] - lo[s + 1] : 0;
        t->win[s].at = at;
        t->win[s].room = (range < cap ? range : cap) * ks;
        at += t->win[s].room;
    }
    return at;
}

/* Copies the open ranges that fit their share of the window budget to the host (once:
 * ranges only shrink), into the communicator's host buffer of total bytes (reused
 * from call to call). Without that buffer the ranges stay in context memory. */
static sweep_status fill_windows(sweep_comm *comm, const void *keys, size_t ks, int nb,
                                 const size_t *lo, const size_t *hi, size_t total,
                                 select_tables *t) {
    unsigned char *base = NULL;
    for (int s = 0; s < nb; ++s) {
        window *w = &t->win[s];
        const size_t a = lo[s + 1], b = hi[s + 1];
        if (t->done[s] || w->keys || b <= a || (b - a) * ks > w->room) continue;
        if (!base) base = sweep__dist_host_buffer(comm, total);
        if (!base) return SWEEP_OK;
        w->keys = base + w->at;
        w->lo = a;
        w->hi = b;
        sweep_status st = sweep__dist_to_host(comm->ctx, w->keys,
                                              (const unsigned char *)keys + a * ks, (b - a) * ks);
        if (st != SWEEP_OK) {
            w->keys = NULL;
            return st;
        }
    }
    return SWEEP_OK;
}

/* This rank's proposals for boundary s from its open range [a, b): K keys spread evenly
 * where the range is on the host, else its middle key alone (in the middle slot). */
static sweep_status propose(const sweep_comm *comm, const sweep__dist_order *o, const void *keys,
                            const window *w, size_t a, size_t b, size_t K, sweep__dist_pivot *out) {
    const size_t m = b - a;
    size_t last = SIZE_MAX;
    for (size_t j = 0; j < K; ++j) {
        const int middle = j == K / 2;
        if (!w->keys && !middle) continue;
        /* a + m (j + 1) / (K + 1) without overflow; the middle slot is a + m / 2. */
        size_t idx =
            middle ? a + m / 2 : a + m / (K + 1) * (j + 1) + m % (K + 1) * (j + 1) / (K + 1);
        if (idx >= b) idx = b - 1;
        if (idx == last) continue; /* a short range: each key once */
        last = idx;
        out[j].weight = m;
        out[j].rank = (uint64_t)comm->rank;
        out[j].index = idx;
        out[j].windowed = w->keys != NULL;
        sweep_status st = probe(comm->ctx, keys, w, idx, o->key_size, out[j].key);
        if (st != SWEEP_OK) {
            memset(out, 0, K * sizeof *out);
            return st;
        }
    }
    return SWEEP_OK;
}

/* Round pivots of boundary s from the gathered proposals: all of them where every
 * proposing rank's range is on the host, else their weighted median. */
static size_t choose_pivots(const sweep__dist_order *o, const select_tables *t, int p, int nb,
                            int s, size_t K, sweep__dist_pivot *piv) {
    const size_t stride = (size_t)nb * K, base = (size_t)s * K;
    int all_windowed = 1, any = 0;
    for (int q = 0; q < p; ++q)
        for (size_t j = 0; j < K; ++j) {
            const sweep__dist_pivot *c = &t->all[(size_t)q * stride + base + j];
            if (c->weight == 0) continue;
            any = 1;
            if (!c->windowed) all_windowed = 0;
        }
    if (!any) return 0;
    if (!all_windowed)
        return (size_t)weighted_median(o, t->all, p, stride, base + K / 2, t->tmp, piv);
    size_t m = 0;
    for (int q = 0; q < p; ++q)
        for (size_t j = 0; j < K; ++j) {
            const sweep__dist_pivot *c = &t->all[(size_t)q * stride + base + j];
            if (c->weight != 0) piv[m++] = *c;
        }
    return m;
}

sweep_status sweep__dist_select(sweep_comm *comm, const sweep__dist_order *o, const void *keys,
                                size_t n, const size_t *target, size_t *lo, size_t *hi,
                                const sweep__dist_pivot *first, size_t *split) {
    const int p = comm->size, nb = p - 1, r = comm->rank;
    split[0] = 0;
    split[p] = n;
    if (nb == 0) return SWEEP_OK;
    const size_t K = proposals_per_rank(p), M = (size_t)p * K; /* pivots a boundary, at most */
    const size_t rec = 1 + (size_t)nb * M;
    select_tables t;
    t.mine = calloc((size_t)nb * K, sizeof *t.mine);
    t.all = calloc((size_t)p * (size_t)nb * K, sizeof *t.all);
    t.piv = calloc((size_t)nb * M, sizeof *t.piv);
    t.tmp = calloc((size_t)p, sizeof *t.tmp);
    t.cnt = calloc(rec, sizeof *t.cnt);
    t.cnts = calloc((size_t)p * rec, sizeof *t.cnts);
    t.npiv = calloc((size_t)nb, sizeof *t.npiv);
    t.done = calloc((size_t)nb, 1);
    t.win = calloc((size_t)nb, sizeof *t.win);
    if (!t.mine || !t.all || !t.piv || !t.tmp || !t.cnt || !t.cnts || !t.npiv || !t.done ||
        !t.win) {
        tables_free(&t);
        return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate the selection tables");
    }
    sweep_status st = SWEEP_OK;
    const size_t windows = place_windows(o->key_size, nb, lo, hi, window_budget(), &t);
    for (int round = 0;; ++round) {
        int open = 0;
        for (int s = 0; s < nb; ++s)
            open += !t.done[s];
        if (open == 0) break;
        if (st == SWEEP_OK) st = fill_windows(comm, keys, o->key_size, nb, lo, hi, windows, &t);
        if (round == 0 && first) {
            for (int s = 0; s < nb; ++s) {
                t.piv[(size_t)s * M] = first[s];
                t.npiv[s] = 1;
            }
        } else {
            /* Every rank gathers, also after a failed probe (its proposals are empty);
             * the status goes round with the counts below. */
            memset(t.mine, 0, (size_t)nb * K * sizeof *t.mine);
            for (int s = 0; s < nb; ++s) {
                size_t a = lo[s + 1], b = hi[s + 1];
                if (t.done[s] || b <= a || st != SWEEP_OK) continue;
                st = propose(comm, o, keys, &t.win[s], a, b, K, &t.mine[(size_t)s * K]);
            }
            sweep_status g =
                comm->t->allgather(comm->h, t.mine, t.all, (size_t)nb * K * sizeof *t.mine);
            if (g != SWEEP_OK) {
                st = g;
                break;
            }
            for (int s = 0; s < nb; ++s) {
                if (t.done[s]) continue;
                t.npiv[s] = choose_pivots(o, &t, p, nb, s, K, &t.piv[(size_t)s * M]);
                if (t.npiv[s] == 0 && st == SWEEP_OK)
                    st = sweep__fail(SWEEP_ERR_INTERNAL, "no rank proposed a pivot for boundary %d",
                                     s + 1);
            }
        }
        memset(t.cnt, 0, rec * sizeof *t.cnt);
        for (int s = 0; s < nb; ++s) {
            if (t.done[s]) continue;
            for (size_t j = 0; j < t.npiv[s] && st == SWEEP_OK; ++j) {
                size_t c = 0;
                st = count_before(comm, o, keys, &t.win[s], lo[s + 1], hi[s + 1],
                                  &t.piv[(size_t)s * M + j], &c);
                t.cnt[1 + (size_t)s * M + j] = c;
            }
        }
        t.cnt[0] = (uint64_t)st;
        sweep_status g = comm->t->allgather(comm->h, t.cnt, t.cnts, rec * sizeof *t.cnt);
        if (g != SWEEP_OK) {
            st = g;
            break;
        }
        int bad = -1;
        for (int q = 0; q < p && bad < 0; ++q)
            if (t.cnts[(size_t)q * rec] != SWEEP_OK) bad = q;
        if (bad >= 0) {
            if (bad != r)
                st = sweep__fail((sweep_status)t.cnts[(size_t)bad * rec],
                                 "rank %d failed while choosing split points", bad);
            break;
        }
        /* Each pivot narrows on its own: the sum of the ranks' counts against the target
         * says on which side of it every rank's split lies. */
        for (int s = 0; s < nb; ++s) {
            for (size_t j = 0; j < t.npiv[s] && !t.done[s]; ++j) {
                const size_t at = 1 + (size_t)s * M + j;
                const sweep__dist_pivot *P = &t.piv[(size_t)s * M + j];
                uint64_t sum = 0;
                for (int q = 0; q < p; ++q)
                    sum += t.cnts[(size_t)q * rec + at];
                size_t c = (size_t)t.cnt[at];
                if (sum == target[s + 1]) {
                    t.done[s] = 1;
                    split[s + 1] = c;
                } else if (sum < target[s + 1]) {
                    if (c > lo[s + 1]) lo[s + 1] = c;
                    if ((int)P->rank == r && (size_t)P->index + 1 > lo[s + 1])
                        lo[s + 1] = (size_t)P->index + 1;
                } else if (c < hi[s + 1]) {
                    hi[s + 1] = c;
                }
            }
        }
    }
    tables_free(&t);
    return st;
}
