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

static sweep_status probe(sweep_context *ctx, const void *keys, size_t i, size_t ks, void *out) {
    return sweep__dist_to_host(ctx, out, (const unsigned char *)keys + i * ks, ks);
}

/* Keys of this rank (in [lo, hi]) before pivot P in (key, rank, index) order. */
static sweep_status count_before(const sweep_comm *comm, const sweep__dist_order *o,
                                 const void *keys, size_t lo, size_t hi, const sweep__dist_pivot *P,
                                 size_t *out) {
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
        sweep_status st = probe(comm->ctx, keys, mid, o->key_size, k);
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

/* The weighted median of the proposals all[q * nb + s] (q < p): sorted by pivot order,
 * the first whose running weight reaches half the total. 0 when nobody proposed. */
static int weighted_median(const sweep__dist_order *o, const sweep__dist_pivot *all, int p, int nb,
                           int s, sweep__dist_pivot *tmp, sweep__dist_pivot *out) {
    int m = 0;
    uint64_t total = 0;
    for (int q = 0; q < p; ++q) {
        const sweep__dist_pivot *c = &all[(size_t)q * (size_t)nb + (size_t)s];
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

typedef struct select_tables {
    sweep__dist_pivot *mine, *all, *piv, *tmp;
    uint64_t *cnt, *cnts; /* per round: [0] a rank's status, then one count per boundary */
    unsigned char *done;
} select_tables;

static void tables_free(select_tables *t) {
    free(t->mine);
    free(t->all);
    free(t->piv);
    free(t->tmp);
    free(t->cnt);
    free(t->cnts);
    free(t->done);
}

sweep_status sweep__dist_select(sweep_comm *comm, const sweep__dist_order *o, const void *keys,
                                size_t n, const size_t *target, size_t *lo, size_t *hi,
                                const sweep__dist_pivot *first, size_t *split) {
    const int p = comm->size, nb = p - 1, r = comm->rank;
    const size_t rec = (size_t)nb + 1;
    split[0] = 0;
    split[p] = n;
    if (nb == 0) return SWEEP_OK;
    select_tables t;
    t.mine = calloc((size_t)nb, sizeof *t.mine);
    t.all = calloc((size_t)p * (size_t)nb, sizeof *t.all);
    t.piv = calloc((size_t)nb, sizeof *t.piv);
    t.tmp = calloc((size_t)p, sizeof *t.tmp);
    t.cnt = calloc(rec, sizeof *t.cnt);
    t.cnts = calloc((size_t)p * rec, sizeof *t.cnts);
    t.done = calloc((size_t)nb, 1);
    if (!t.mine || !t.all || !t.piv || !t.tmp || !t.cnt || !t.cnts || !t.done) {
        tables_free(&t);
        return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate the selection tables");
    }
    sweep_status st = SWEEP_OK;
    for (int round = 0;; ++round) {
        int open = 0;
        for (int s = 0; s < nb; ++s)
            open += !t.done[s];
        if (open == 0) break;
        if (round == 0 && first) {
            memcpy(t.piv, first, (size_t)nb * sizeof *t.piv);
        } else {
            /* Every rank gathers, also after a failed probe (its proposals are empty);
             * the status goes round with the counts below. */
            for (int s = 0; s < nb; ++s) {
                size_t a = lo[s + 1], b = hi[s + 1];
                memset(&t.mine[s], 0, sizeof t.mine[s]);
                if (t.done[s] || b <= a || st != SWEEP_OK) continue;
                t.mine[s].weight = b - a;
                t.mine[s].rank = (uint64_t)r;
                t.mine[s].index = a + (b - a) / 2;
                st = probe(comm->ctx, keys, (size_t)t.mine[s].index, o->key_size, t.mine[s].key);
                if (st != SWEEP_OK) t.mine[s].weight = 0;
            }
            sweep_status g =
                comm->t->allgather(comm->h, t.mine, t.all, (size_t)nb * sizeof *t.mine);
            if (g != SWEEP_OK) {
                st = g;
                break;
            }
            for (int s = 0; s < nb; ++s) {
                if (t.done[s]) continue;
                if (!weighted_median(o, t.all, p, nb, s, t.tmp, &t.piv[s]) && st == SWEEP_OK)
                    st = sweep__fail(SWEEP_ERR_INTERNAL, "no rank proposed a pivot for boundary %d",
                                     s + 1);
            }
        }
        for (int s = 0; s < nb; ++s) {
            size_t c = 0;
            if (!t.done[s] && st == SWEEP_OK)
                st = count_before(comm, o, keys, lo[s + 1], hi[s + 1], &t.piv[s], &c);
            t.cnt[s + 1] = c;
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
        for (int s = 0; s < nb; ++s) {
            if (t.done[s]) continue;
            uint64_t sum = 0;
            for (int q = 0; q < p; ++q)
                sum += t.cnts[(size_t)q * rec + (size_t)s + 1];
            size_t c = (size_t)t.cnt[s + 1];
            if (sum == target[s + 1]) {
                t.done[s] = 1;
                split[s + 1] = c;
            } else if (sum < target[s + 1]) {
                lo[s + 1] = c;
                if ((int)t.piv[s].rank == r && (size_t)t.piv[s].index + 1 > lo[s + 1])
                    lo[s + 1] = (size_t)t.piv[s].index + 1;
            } else {
                hi[s + 1] = c;
            }
        }
    }
    tables_free(&t);
    return st;
}
