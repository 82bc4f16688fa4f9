/*
 * dist_split.c -- distributed split and compaction, keeping the global order.
 *
 * Each rank splits (or compacts) its piece locally into a buffer: its flagged
 * elements, then its others. The ranks gather their counts, so every rank knows where
 * its flagged run lands in the global flagged group (after the flagged elements of the
 * ranks before it) and where its other run lands (after all flagged ones and the other
 * elements of the ranks before it). The output keeps the input partition, cut at the
 * number kept for compaction; each run goes to the ranks whose output range it meets,
 * in one all-to-all exchange (two arrays per moved array: flagged and other runs).
 */
#include "dist_internal.h"
#include "ranges.h"

#include <stdlib.h>
#include <string.h>

/* For each rank s, the part of [src_lo, src_lo + len) (global positions of a run held
 * at buffer offset base) that falls in s's output range [begin_s, begin_s + cnt_s):
 * offset in the buffer and count, in elements. */
static void pieces_to(const sweep_comm *c, const size_t *begin, const size_t *cnt, size_t src_lo,
                      size_t len, size_t base, size_t *off, size_t *num) {
    for (int s = 0; s < c->size; ++s) {
        size_t lo = src_lo > begin[s] ? src_lo : begin[s];
        size_t hi = src_lo + len < begin[s] + cnt[s] ? src_lo + len : begin[s] + cnt[s];
        off[s] = hi > lo ? base + lo - src_lo : 0;
        num[s] = hi > lo ? hi - lo : 0;
    }
}

/* What this rank receives of the runs that start at global positions lo[q] (len[q]
 * elements each, one per rank q), placed at their position minus my_begin. */
static void pieces_from(const sweep_comm *c, const size_t *lo_of, const size_t *len_of,
                        size_t my_begin, size_t my_cnt, size_t *off, size_t *num) {
    for (int q = 0; q < c->size; ++q) {
        size_t lo = lo_of[q] > my_begin ? lo_of[q] : my_begin;
        size_t hi =
            lo_of[q] + len_of[q] < my_begin + my_cnt ? lo_of[q] + len_of[q] : my_begin + my_cnt;
        off[q] = hi > lo ? lo - my_begin : 0;
        num[q] = hi > lo ? hi - lo : 0;
    }
}

static void scale(size_t *dst, const size_t *src, size_t k, int p) {
    for (int i = 0; i < p; ++i)
        dst[i] = src[i] * k;
}

static sweep_status split_common(sweep_comm *comm, const uint8_t *flags, const void *in, void *out,
                                 size_t elem_size, const void *values_in, void *values_out,
                                 size_t vsize, size_t n, int keep_unflagged, size_t *num_flagged,
                                 size_t *num_local) {
    sweep_status st = sweep__dist_check_comm(comm);
    if (st != SWEEP_OK) return st;
    sweep_context *ctx = comm->ctx;
    size_t bytes = 0, vbytes = 0;
    if (elem_size == 0)
        st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "elem_size is 0 (must be positive)");
    if (st == SWEEP_OK && vsize == 0 && (values_in || values_out))
        st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                         "values_in and values_out must both be NULL when value_size is 0");
    if (st == SWEEP_OK && vsize != 0 && n > 0 && (!values_in || !values_out))
        st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "value_size is %zu but values_%s is NULL",
                         vsize, values_in ? "out" : "in");
    if (st == SWEEP_OK && n > 0) {
        st = sweep__bytes(n, elem_size, "in", &bytes);
        if (st == SWEEP_OK) st = sweep__bytes(n, vsize, "values_in", &vbytes);
        if (st == SWEEP_OK && !flags)
            st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "flags is NULL with n = %zu", n);
        if (st == SWEEP_OK && !in)
            st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "in is NULL with n = %zu", n);
        if (st == SWEEP_OK && !out)
            st = sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL with n = %zu", n);
        if (st == SWEEP_OK) {
            const sweep__range outs[] = {{"out", out, bytes}, {"values_out", values_out, vbytes}};
            const sweep__range ins[] = {
                {"in", in, bytes}, {"flags", flags, n}, {"values_in", values_in, vbytes}};
            st = sweep__check_apart(outs, 2, ins, 3);
        }
    }
    sweep__dist_rec mine;
    memset(&mine, 0, sizeof mine);
    uint64_t words[3] = {elem_size, vsize, (uint64_t)keep_unflagged};
    mine.fingerprint = sweep__fnv(SWEEP__FNV_START, words, sizeof words);
    st = sweep__dist_agree(comm, st, &mine, "elem_size or value_size");
    if (st != SWEEP_OK) return st;

    /* Local split into tmp: flagged first, then (split only) the others. */
    void *tmp = NULL, *vtmp = NULL, *count = NULL;
    size_t f = 0;
    if (n > 0) {
        st = sweep__dist_buffer(comm, SWEEP__DIST_KEYS, bytes, &tmp);
        if (st == SWEEP_OK) st = sweep__dist_buffer(comm, SWEEP__DIST_VALUES, vbytes, &vtmp);
        if (st == SWEEP_OK)
            st = sweep__dist_buffer(comm, SWEEP__DIST_SMALL, sizeof(size_t), &count);
        if (st == SWEEP_OK)
            st = sweep__split(ctx, flags, in, tmp, elem_size, values_in, vtmp, vsize, n, count,
                              keep_unflagged);
        if (st == SWEEP_OK) st = sweep__dist_to_host(ctx, &f, count, sizeof f);
        if (st == SWEEP_OK) st = sweep__dist_sync(ctx);
    }
    memset(&mine, 0, sizeof mine);
    mine.w[0] = n;
    mine.w[1] = f;
    st = sweep__dist_agree(comm, st, &mine, "(nothing)");

    const int p = comm->size, r = comm->rank;
    size_t *a = st == SWEEP_OK ? calloc((size_t)p * 16, sizeof *a) : NULL;
    if (st == SWEEP_OK && !a)
        st = sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate exchange tables");
    if (st == SWEEP_OK) {
        size_t *begin = a, *cnt = a + p, *flo = a + 2 * p, *flen = a + 3 * p, *ulo = a + 4 * p,
               *ulen = a + 5 * p;
        size_t *so_f = a + 6 * p, *sn_f = a + 7 * p, *ro_f = a + 8 * p, *rn_f = a + 9 * p;
        size_t *so_u = a + 10 * p, *sn_u = a + 11 * p, *ro_u = a + 12 * p, *rn_u = a + 13 * p;
        size_t F = sweep__dist_sum(comm, 1, p), pos = 0, fpos = 0, upos = F;
        for (int q = 0; q < p; ++q) {
            size_t nq = comm->recs[q].w[0], fq = comm->recs[q].w[1];
            begin[q] = pos;
            cnt[q] = nq;
            if (!keep_unflagged) cnt[q] = pos >= F ? 0 : (F - pos < nq ? F - pos : nq);
            flo[q] = fpos;
            flen[q] = fq;
            ulo[q] = upos;
            ulen[q] = keep_unflagged ? nq - fq : 0;
            pos += nq;
            fpos += fq;
            upos += nq - fq;
        }
        pieces_to(comm, begin, cnt, flo[r], flen[r], 0, so_f, sn_f);
        pieces_to(comm, begin, cnt, ulo[r], ulen[r], f, so_u, sn_u);
        pieces_from(comm, flo, flen, begin[r], cnt[r], ro_f, rn_f);
        pieces_from(comm, ulo, ulen, begin[r], cnt[r], ro_u, rn_u);
        /* Byte tables: keys flagged/other, values flagged/other (4 tables of 4 each). */
        size_t *b = malloc((size_t)p * 16 * sizeof *b);
        if (!b) st = sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate exchange tables");
        if (st == SWEEP_OK) {
            const size_t *src[8] = {so_f, sn_f, ro_f, rn_f, so_u, sn_u, ro_u, rn_u};
            sweep_comm_xfer x[4];
            int nx = 0;
            for (int v = 0; v < 2; ++v) {
                size_t k = v == 0 ? elem_size : vsize;
                if (k == 0) continue;
                for (int g = 0; g < (keep_unflagged ? 2 : 1); ++g) {
                    size_t *t = b + (size_t)p * (8 * v + 4 * g);
                    for (int j = 0; j < 4; ++j)
                        scale(t + (size_t)p * j, src[4 * g + j], k, p);
                    x[nx].send = v == 0 ? tmp : vtmp;
                    x[nx].recv = v == 0 ? out : values_out;
                    x[nx].send_off = t;
                    x[nx].send_bytes = t + p;
                    x[nx].recv_off = t + 2 * p;
                    x[nx].recv_bytes = t + 3 * p;
                    ++nx;
                }
            }
            st = sweep__dist_exchange(comm, x, nx);
            free(b);
        }
        if (st == SWEEP_OK) {
            if (num_flagged) *num_flagged = F;
            if (num_local) *num_local = cnt[r];
        }
    }
    free(a);
    sweep__dist_unhold(comm); /* tmp, vtmp and count stay cached */
    return st;
}

sweep_status sweep_dist_split(sweep_comm *comm, const uint8_t *flags, const void *in, void *out,
                              size_t elem_size, const void *values_in, void *values_out,
                              size_t value_size, size_t n, size_t *num_flagged) {
    SWEEP__ENTER("sweep_dist_split");
    return split_common(comm, flags, in, out, elem_size, values_in, values_out, value_size, n, 1,
                        num_flagged, NULL);
}

sweep_status sweep_dist_compact(sweep_comm *comm, const uint8_t *flags, const void *in, void *out,
                                size_t elem_size, size_t n, size_t *num_local, size_t *num_total) {
    SWEEP__ENTER("sweep_dist_compact");
    return split_common(comm, flags, in, out, elem_size, NULL, NULL, 0, n, 0, num_total, num_local);
}
