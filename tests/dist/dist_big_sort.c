/*
 * dist_big_sort.c -- the large distributed sort for GPU machines (--big TOTAL, e.g.
 * 2^32 + 7 keys): u32 keys hashed from their global index, so each rank makes its own
 * piece, and values carrying the global index. No single-process reference fits, so
 * the check is: each rank holds exactly its balanced count, sorted; the last key of
 * each rank is at most the first of the next non-empty one; equal keys keep index
 * order (stability) inside a rank and across the boundary; and the sum and the sum of
 * squares of keys and indices (mod 2^64) match the input's, so nothing was lost.
 */
#include "dist_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t key_of(uint64_t i) {
    uint64_t z = i * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)(z >> 40); /* 24 bits: many duplicates, stability matters */
}

static uint64_t sum_all(d_env *e, uint64_t mine) {
    uint64_t *all = calloc((size_t)(unsigned)e->size, sizeof *all), s = 0;
    e->gather_u64(e, mine, all);
    for (int q = 0; q < e->size; ++q) s += all[q];
    free(all);
    return s;
}

void d_case_big_sort(d_env *e) {
    const char *name = "dist.big_sort";
    const size_t N = e->big_total;
    size_t begin = 0, n = 0, ob = 0, oc = 0;
    (void)sweep_dist_balanced_piece(N, e->rank, e->size, &begin, &n);
    /* Input pieces uneven on purpose: rank r holds (r + 1) shares. */
    size_t shares = (size_t)e->size * ((size_t)e->size + 1) / 2, before = 0;
    for (int q = 0; q < e->rank; ++q) before += (size_t)q + 1;
    begin = (size_t)((double)N * (double)before / (double)shares);
    size_t end = e->rank == e->size - 1
                     ? N
                     : (size_t)((double)N * (double)(before + (size_t)e->rank + 1) / (double)shares);
    n = end - begin;
    (void)sweep_dist_balanced_piece(N, e->rank, e->size, &ob, &oc);
    size_t cap = n > oc ? n : oc;
    uint32_t *k = malloc(cap * sizeof *k);
    uint64_t *v = malloc(cap * sizeof *v);
    if (!k || !v) {
        d_fail(e, name, "cannot allocate %zu host keys", cap);
        free(k);
        free(v);
        return;
    }
    uint64_t s_in[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < n; ++i) {
        k[i] = key_of(begin + i);
        v[i] = begin + i;
        s_in[0] += k[i];
        s_in[1] += (uint64_t)k[i] * k[i];
        s_in[2] += v[i];
        s_in[3] += v[i] * v[i];
    }
    void *dk = NULL, *dv = NULL;
    if (!d_ok(e, name, sweep_malloc(e->ctx, &dk, cap * 4), "malloc keys") ||
        !d_ok(e, name, sweep_malloc(e->ctx, &dv, cap * 8), "malloc values")) {
        free(k);
        free(v);
        return;
    }
    (void)sweep_memcpy(e->ctx, dk, k, n * 4, SWEEP_COPY_HOST_TO_DEVICE);
    (void)sweep_memcpy(e->ctx, dv, v, n * 8, SWEEP_COPY_HOST_TO_DEVICE);
    sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_U32);
    desc.value_size = 8;
    size_t got = 0;
    sweep_status st = sweep_dist_radix_sort(e->comm, dk, dk, dv, dv, n, cap, &got, &desc);
    if (d_ok(e, name, st, "sweep_dist_radix_sort")) {
        ++e->checks;
        if (got != oc) d_fail(e, name, "num_out %zu, want %zu", got, oc);
        (void)sweep_memcpy(e->ctx, k, dk, oc * 4, SWEEP_COPY_DEVICE_TO_HOST);
        (void)sweep_memcpy(e->ctx, v, dv, oc * 8, SWEEP_COPY_DEVICE_TO_HOST);
        size_t bad = 0;
        uint64_t s_out[4] = {0, 0, 0, 0};
        for (size_t i = 0; i < oc; ++i) {
            if (i && (k[i - 1] > k[i] || (k[i - 1] == k[i] && v[i - 1] >= v[i]))) ++bad;
            if (key_of(v[i]) != k[i]) ++bad;
            s_out[0] += k[i];
            s_out[1] += (uint64_t)k[i] * k[i];
            s_out[2] += v[i];
            s_out[3] += v[i] * v[i];
        }
        ++e->checks;
        if (bad) d_fail(e, name, "%zu keys out of order, unstable or not their own", bad);
        for (int j = 0; j < 4; ++j) {
            ++e->checks;
            if (sum_all(e, s_in[j]) != sum_all(e, s_out[j]))
                d_fail(e, name, "checksum %d differs: keys lost or duplicated", j);
        }
        /* Boundaries: (key, index) of my first and last, against my neighbours. */
        uint64_t *first = calloc((size_t)(unsigned)e->size, 8), *last = calloc((size_t)(unsigned)e->size, 8);
        uint64_t f = oc ? ((uint64_t)k[0] << 40 | v[0]) : UINT64_MAX;
        uint64_t l = oc ? ((uint64_t)k[oc - 1] << 40 | v[oc - 1]) : 0;
        e->gather_u64(e, f, first);
        e->gather_u64(e, l, last);
        uint64_t prev = 0;
        for (int q = 0; q < e->size; ++q) {
            if (first[q] == UINT64_MAX) continue;
            ++e->checks;
            if (first[q] < prev) d_fail(e, name, "rank %d starts below the rank before", q);
            prev = last[q];
        }
        free(first);
        free(last);
        if (e->rank == 0)
            printf("big sort: %zu keys with 8-byte values over %d ranks checked\n", N, e->size);
    }
    (void)sweep_free(e->ctx, dk);
    (void)sweep_free(e->ctx, dv);
    free(k);
    free(v);
}
