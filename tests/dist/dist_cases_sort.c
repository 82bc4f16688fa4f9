/*
 * dist_cases_sort.c -- distributed radix sort and merge sort: every dtype (IEEE edge
 * keys, NaNs of both signs, duplicate-heavy inputs), values of 0, 4, 8 and 16 bytes that
 * carry their input index (so an unstable or misplaced element fails), bit ranges,
 * descending, custom comparators; sizes from 0 (also fewer keys than ranks). Each rank
 * must hold exactly the balanced piece [r N / p, (r + 1) N / p) of the single-process
 * sort of the whole input.
 */
#include "comparators.h"
#include "dist_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void d_run_sort(d_env *e, const char *name, const d_sort_case *c) {
    if (!d_selected(e, name)) return;
    t_rng rng;
    t_rng_seed(&rng, name);
    size_t ks = sweep_dtype_size(c->dtype);
    sweep_custom_compare *custom = NULL;
    sweep_compare cmp = sweep_compare_builtin(c->dtype, c->descending);
    if (c->merge && c->custom != CMP_BUILTIN) {
        if (!d_ok(e, name, t_comparator_create(c->custom - CMP_RECORD, &custom, &ks), "comparator"))
            return;
        cmp = sweep_compare_custom(custom);
    }
    const size_t N = c->N, vs = c->vsize;
    unsigned char *keys = malloc(N * ks + 1), *vals = malloc(N * vs + 1);
    if (c->merge)
        t_gen_sort_keys(&rng, c->custom, c->dtype, keys, N, c->dups);
    else
        t_gen_keys(&rng, c->dtype, keys, N, c->dups);
    t_gen_values(&rng, vals, vs ? vs : 1, vs ? N : 0);
    sweep_sort_desc desc = sweep_sort_desc_make(c->dtype);
    desc.value_size = vs;
    desc.descending = c->descending;
    if (c->end_bit) {
        desc.begin_bit = c->begin_bit;
        desc.end_bit = c->end_bit;
    }

    unsigned char *want = NULL, *wantv = NULL;
    {
        void *dk = d_upload(e, keys, N * ks), *dv = d_upload(e, vals, N * vs);
        void *ok = d_poisoned(e, N * ks), *ov = d_poisoned(e, N * vs);
        sweep_status st =
            c->merge ? sweep_merge_sort(e->ctx, dk, ok, vs ? dv : NULL, vs ? ov : NULL, vs, N, cmp)
                     : sweep_radix_sort(e->ctx, dk, ok, vs ? dv : NULL, vs ? ov : NULL, N, &desc);
        if (d_ok(e, name, st, "single-process reference")) {
            want = d_download(e, ok, N * ks);
            wantv = d_download(e, ov, N * vs);
        }
        d_free(e, dk);
        d_free(e, dv);
        d_free(e, ok);
        d_free(e, ov);
    }
    size_t *counts = calloc((size_t)e->size, sizeof *counts), begin = 0, n = 0;
    d_partition(e, name, N, counts, &begin, &n);
    size_t ob = 0, oc = 0;
    (void)sweep_dist_balanced_piece(N, e->rank, e->size, &ob, &oc);
    /* Odd-numbered cases sort in place (capacity for both pieces), others apart. */
    int in_place = (t_hash(name, strlen(name)) & 1) != 0;
    size_t cap = in_place ? (n > oc ? n : oc) : oc + (size_t)e->rank % 2;
    size_t in_cap = in_place ? cap : n;
    void *dk = d_poisoned(e, in_cap * ks), *dv = d_poisoned(e, in_cap * vs);
    if (n) (void)sweep_memcpy(e->ctx, dk, keys + begin * ks, n * ks, SWEEP_COPY_HOST_TO_DEVICE);
    if (n && vs)
        (void)sweep_memcpy(e->ctx, dv, vals + begin * vs, n * vs, SWEEP_COPY_HOST_TO_DEVICE);
    void *ok = in_place ? dk : d_poisoned(e, cap * ks);
    void *ov = in_place ? dv : d_poisoned(e, cap * vs);
    size_t got_n = 12345;
    if (e->fail_alloc >= 0) sweep_testing_fail_allocation(e->fail_alloc);
    sweep_status st = c->merge ? sweep_dist_merge_sort(e->comm, dk, ok, vs ? dv : NULL,
                                                       vs ? ov : NULL, vs, n, cap, &got_n, cmp)
                               : sweep_dist_radix_sort(e->comm, dk, ok, vs ? dv : NULL,
                                                       vs ? ov : NULL, n, cap, &got_n, &desc);
    if (e->fail_alloc >= 0) sweep_testing_fail_allocation(-1);
    if (d_ok(e, name, st, "distributed call") && want) {
        ++e->checks;
        if (got_n != oc) d_fail(e, name, "num_out %zu, want %zu", got_n, oc);
        unsigned char *got = d_download(e, ok, oc * ks);
        d_same(e, name, "keys_out", got, want + ob * ks, oc, ks);
        free(got);
        if (vs) {
            got = d_download(e, ov, oc * vs);
            d_same(e, name, "values_out", got, wantv + ob * vs, oc, vs);
            free(got);
        }
    }
    d_free(e, dk);
    d_free(e, dv);
    if (!in_place) {
        d_free(e, ok);
        d_free(e, ov);
    }
    sweep_custom_compare_destroy(custom);
    free(counts);
    free(want);
    free(wantv);
    free(keys);
    free(vals);
}

void d_cases_sort(d_env *e) {
    static const size_t sizes[] = {0, 1, 3, 500, 12000};
    static const size_t vsizes[] = {0, 4, 8, 16};
    char name[192];
    for (int merge = 0; merge < 2; ++merge) {
        for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
            for (int desc = 0; desc < 2; ++desc)
                for (size_t s = 0; s < 5; ++s) {
                    int full = dt == SWEEP_U32 || dt == SWEEP_F64 || dt == SWEEP_I8;
                    if (!full && sizes[s] != 500) continue;
                    d_sort_case c = {
                        merge, (sweep_dtype)dt, CMP_BUILTIN, vsizes[(dt + s) % 4], 0, 0,
                        desc,  (int)(s % 2),    sizes[s]};
                    snprintf(name, sizeof name, "dist.%s.%s.%s.v%zu.dup%d.n%zu",
                             merge ? "mergesort" : "radixsort", sweep_dtype_name(c.dtype),
                             desc ? "desc" : "asc", c.vsize, c.dups, c.N);
                    d_run_sort(e, name, &c);
                }
        if (merge) {
            for (int mode = CMP_RECORD; mode <= CMP_REC16; ++mode)
                for (size_t s = 0; s < 5; ++s) {
                    d_sort_case c = {1, SWEEP_U32, mode,         vsizes[s % 4], 0,
                                     0, 0,         (int)(s % 2), sizes[s]};
                    snprintf(name, sizeof name, "dist.mergesort.custom%d.v%zu.n%zu", mode, c.vsize,
                             c.N);
                    d_run_sort(e, name, &c);
                }
        } else {
            /* Bit ranges: the top digit then lies in the middle of the key. */
            static const unsigned ranges[][2] = {{3, 29}, {0, 8}, {8, 9}, {20, 32}};
            for (size_t b = 0; b < 4; ++b)
                for (int desc = 0; desc < 2; ++desc) {
                    d_sort_case c = {0,    SWEEP_I32, CMP_BUILTIN, 4, ranges[b][0], ranges[b][1],
                                     desc, 1,         7000};
                    snprintf(name, sizeof name, "dist.radixsort.i32.bits%u-%u.%s", ranges[b][0],
                             ranges[b][1], desc ? "desc" : "asc");
                    d_run_sort(e, name, &c);
                }
        }
    }
}
