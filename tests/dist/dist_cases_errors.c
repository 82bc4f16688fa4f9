/*
 * dist_cases_errors.c -- collective validation: one rank's bad or differing argument
 * (NULL with n > 0, another operator, dtype, comparator or element size, a custom
 * operator with other identity bytes, too little output capacity, an unknown kind)
 * makes every rank return SWEEP_ERR_INVALID_ARGUMENT with a message naming that rank,
 * no rank hangs, and no output is written anywhere. Also sweep_dist_query, and the
 * local refusals (a NULL comm, also for sweep_comm_trim).
 */
#include "custom.h"
#include "dist_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NE 64

typedef struct err_bufs {
    void *in, *out, *flags;
} err_bufs;

static void bufs_make(d_env *e, err_bufs *b) {
    unsigned char host[NE * 8];
    for (size_t i = 0; i < sizeof host; ++i)
        host[i] = (unsigned char)(i * 7 + 1);
    b->in = d_upload(e, host, sizeof host);
    b->flags = d_upload(e, host, NE);
    b->out = d_poisoned(e, NE * 8);
}

/* Every rank must see status INVALID_ARGUMENT naming rank `bad`, and out untouched. */
static void expect(d_env *e, const char *name, sweep_status st, int bad, err_bufs *b) {
    char needle[32];
    snprintf(needle, sizeof needle, "rank %d", bad);
    ++e->checks;
    if (st != SWEEP_ERR_INVALID_ARGUMENT)
        d_fail(e, name, "status %s, want SWEEP_ERR_INVALID_ARGUMENT", sweep_status_string(st));
    else if (!strstr(sweep_last_error(), needle))
        d_fail(e, name, "message \"%s\" does not name %s", sweep_last_error(), needle);
    else if (strncmp(sweep_last_error(), "sweep_dist_", 11) != 0)
        d_fail(e, name, "message \"%s\" does not name the call", sweep_last_error());
    unsigned char *got = d_download(e, b->out, NE * 8), poison[NE * 8];
    memset(poison, 0xA5, sizeof poison);
    d_same(e, name, "out (must stay unwritten)", got, poison, NE * 8, 1);
    free(got);
}

void d_cases_errors(d_env *e) {
    const int last = e->size - 1, r = e->rank;
    err_bufs b;
    bufs_make(e, &b);
    const sweep_op sum = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32);
    sweep_status st;

    if (d_selected(e, "dist.errors.null_in")) {
        st = sweep_dist_scan(e->comm, sum, r == last ? NULL : b.in, b.out, NE, SWEEP_INCLUSIVE);
        expect(e, "dist.errors.null_in", st, last, &b);
    }
    if (d_selected(e, "dist.errors.kind")) {
        st = sweep_dist_segmented_scan_flags(e->comm, sum, b.in, b.flags, b.out, NE,
                                             r == 0 ? (sweep_scan_kind)5 : SWEEP_EXCLUSIVE);
        expect(e, "dist.errors.kind", st, 0, &b);
    }
    if (d_selected(e, "dist.errors.reduce_null_out")) {
        st = sweep_dist_reduce(e->comm, sum, b.in, r == last ? 0 : NE, r == last ? NULL : b.out);
        expect(e, "dist.errors.reduce_null_out", st, last, &b);
    }
    if (d_selected(e, "dist.errors.capacity")) {
        sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32);
        st = sweep_dist_radix_sort(e->comm, b.in, b.out, NULL, NULL, NE, r == 0 ? 3 : NE, NULL, &d);
        expect(e, "dist.errors.capacity", st, 0, &b);
    }
    if (d_selected(e, "dist.errors.split_null_flags")) {
        st = sweep_dist_split(e->comm, r == last ? NULL : b.flags, b.in, b.out, 4, NULL, NULL, 0,
                              NE, NULL);
        expect(e, "dist.errors.split_null_flags", st, last, &b);
    }
    if (e->size > 1) {
        if (d_selected(e, "dist.errors.op_differs")) {
            sweep_op op = r == last ? sweep_op_builtin(SWEEP_OP_MAX, SWEEP_U32) : sum;
            st = sweep_dist_scan(e->comm, op, b.in, b.out, NE, SWEEP_INCLUSIVE);
            expect(e, "dist.errors.op_differs", st, last, &b);
        }
        if (d_selected(e, "dist.errors.dtype_differs")) {
            sweep_sort_desc d = sweep_sort_desc_make(r == last ? SWEEP_I32 : SWEEP_U32);
            st = sweep_dist_radix_sort(e->comm, b.in, b.out, NULL, NULL, NE, NE, NULL, &d);
            expect(e, "dist.errors.dtype_differs", st, last, &b);
        }
        if (d_selected(e, "dist.errors.compare_differs")) {
            sweep_compare c = sweep_compare_builtin(SWEEP_U32, r == last);
            st = sweep_dist_merge_sort(e->comm, b.in, b.out, NULL, NULL, 0, NE, NE, NULL, c);
            expect(e, "dist.errors.compare_differs", st, last, &b);
        }
        if (d_selected(e, "dist.errors.elem_size_differs")) {
            st = sweep_dist_compact(e->comm, b.flags, b.in, b.out, r == last ? 8 : 4, NE / 2, NULL,
                                    NULL);
            expect(e, "dist.errors.elem_size_differs", st, last, &b);
        }
        if (d_selected(e, "dist.errors.custom_identity_differs")) {
            sweep_custom_op_desc desc = t_affine32_desc();
            t_affine32 other = {3, 0};
            if (r == last) desc.identity = &other;
            sweep_custom_op *op = NULL;
            if (d_ok(e, "dist.errors.custom_identity_differs", sweep_custom_op_create(&op, &desc),
                     "custom op")) {
                st = sweep_dist_scan(e->comm, sweep_op_custom(op), b.in, b.out, NE / 2,
                                     SWEEP_EXCLUSIVE);
                expect(e, "dist.errors.custom_identity_differs", st, last, &b);
            }
            sweep_custom_op_destroy(op);
        }
    }
    if (d_selected(e, "dist.errors.local")) {
        /* Not collective: refused before any communication. */
        ++e->checks;
        if (sweep_dist_scan(NULL, sum, b.in, b.out, NE, SWEEP_INCLUSIVE) !=
            SWEEP_ERR_INVALID_ARGUMENT)
            d_fail(e, "dist.errors.local", "a NULL comm was accepted");
        ++e->checks;
        if (sweep_comm_trim(NULL) != SWEEP_ERR_INVALID_ARGUMENT)
            d_fail(e, "dist.errors.local", "sweep_comm_trim(NULL) was accepted");
        else if (strncmp(sweep_last_error(), "sweep_comm_trim: ", 17) != 0)
            d_fail(e, "dist.errors.local", "message \"%s\" does not name sweep_comm_trim",
                   sweep_last_error());
        ++e->checks;
        size_t begin = 1, count = 1;
        if (sweep_dist_balanced_piece(10, 3, 3, &begin, &count) != SWEEP_ERR_INVALID_ARGUMENT)
            d_fail(e, "dist.errors.local", "rank 3 of 3 was accepted");
        ++e->checks;
        if (sweep_dist_balanced_piece(SIZE_MAX, 2, 3, &begin, &count) != SWEEP_OK ||
            begin != (SIZE_MAX / 3) * 2 + (SIZE_MAX % 3) * 2 / 3 || count != SIZE_MAX - begin)
            d_fail(e, "dist.errors.local", "balanced piece of SIZE_MAX: %zu + %zu", begin, count);
    }
    if (d_selected(e, "dist.query")) {
        sweep_dist_info info;
        ++e->checks;
        if (sweep_dist_query(SWEEP_COMM_MPI, &info) != SWEEP_OK || !info.built || !info.available)
            d_fail(e, "dist.query", "MPI: built %d available %d (%s)", info.built, info.available,
                   info.reason);
        ++e->checks;
        if (sweep_dist_query(SWEEP_COMM_NCCL, &info) != SWEEP_OK ||
            (!info.available && info.reason[0] == '\0'))
            d_fail(e, "dist.query", "NCCL unavailable without a reason");
        ++e->checks;
        if (sweep_dist_query((sweep_comm_kind)7, &info) != SWEEP_ERR_INVALID_ARGUMENT)
            d_fail(e, "dist.query", "an unknown kind was accepted");
    }
    d_free(e, b.in);
    d_free(e, b.out);
    d_free(e, b.flags);
}
