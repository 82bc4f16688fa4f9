/*
 * dist_big_sort.c -- the large distributed sort for GPU machines (--big TOTAL, e.g.
 * 2^32 + 7 keys): u32 keys hashed from their global index, so each rank makes its own
 * piece (pieces uneven: rank r holds r + 1 shares), sorted as keys alone to fit. No
 * single-process reference fits, so the check is: each rank holds exactly its balanced
 * count, sorted; the ranks' pieces follow each other in order; and the count, the sum
 * and the sum of squares of all keys (mod 2^64) match the input's, so no key was lost
 * or duplicated. (Stability is the smaller cases' business: they carry values.)
 */
#include "dist_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t key_of(uint64_t i) {
    uint64_t z = i * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)(z >> 32);
}

static uint64_t sum_all(d_env *e, uint64_t mine) {
    uint64_t *all = calloc((size_t)(unsigned)e->size, sizeof *all), s = 0;
    e->gather_u64(e, mine, all);
    for (int q = 0; q < e->size; ++q)
        s += all[q];
    free(all);
    return s;
}

void d_case_big_sort(d_env *e) {
    const char *name = "dist.big_sort";
    const size_t N = e->big_total;
    size_t shares = (size_t)e->size * ((size_t)e->size + 1) / 2, before = 0;
    for (int q = 0; q < e->rank; ++q)
        before += (size_t)q + 1;
    size_t begin = (size_t)((double)N * (double)before / (double)shares);
    size_t end =
        e->rank == e->size - 1
            ? N
            : (size_t)((double)N * (double)(before + (size_t)e->rank + 1) / (double)shares);
    size_t n = end - begin, ob = 0, oc = 0;
    (void)sweep_dist_balanced_piece(N, e->rank, e->size, &ob, &oc);
    size_t cap = n > oc ? n : oc;
    uint32_t *k = malloc((cap ? cap : 1) * sizeof *k);
    if (!k) {
        d_fail(e, name, "cannot allocate %zu host keys", cap);
        return;
    }
    uint64_t s_in[2] = {0, 0};
    for (size_t i = 0; i < n; ++i) {
        k[i] = key_of(begin + i);
        s_in[0] += k[i];
        s_in[1] += (uint64_t)k[i] * k[i];
    }
    void *dk = NULL;
    if (!d_ok(e, name, sweep_malloc(e->ctx, &dk, (cap ? cap : 1) * 4), "malloc keys")) {
        free(k);
        return;
    }
    d_ok(e, name, sweep_memcpy(e->ctx, dk, k, n * 4, SWEEP_COPY_HOST_TO_DEVICE), "upload");
    sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_U32);
    size_t got = 0;
    sweep_status st = sweep_dist_radix_sort(e->comm, dk, dk, NULL, NULL, n, cap, &got, &desc);
    if (d_ok(e, name, st, "sweep_dist_radix_sort")) {
        ++e->checks;
        if (got != oc) d_fail(e, name, "num_out %zu, want %zu", got, oc);
        d_ok(e, name, sweep_memcpy(e->ctx, k, dk, oc * 4, SWEEP_COPY_DEVICE_TO_HOST), "download");
        size_t bad = 0;
        uint64_t s_out[2] = {0, 0};
        for (size_t i = 0; i < oc; ++i) {
            if (i && k[i - 1] > k[i]) ++bad;
            s_out[0] += k[i];
            s_out[1] += (uint64_t)k[i] * k[i];
        }
        ++e->checks;
        if (bad) d_fail(e, name, "%zu keys out of order", bad);
        ++e->checks;
        if (sum_all(e, oc) != N)
            d_fail(e, name, "the ranks hold %zu keys in all", (size_t)sum_all(e, oc));
        for (int j = 0; j < 2; ++j) {
            ++e->checks;
            if (sum_all(e, s_in[j]) != sum_all(e, s_out[j]))
                d_fail(e, name, "checksum %d differs: keys lost or duplicated", j);
        }
        uint64_t *first = calloc((size_t)(unsigned)e->size, 8);
        uint64_t *last = calloc((size_t)(unsigned)e->size, 8);
        e->gather_u64(e, oc ? k[0] : UINT64_MAX, first);
        e->gather_u64(e, oc ? k[oc - 1] : 0, last);
        uint64_t prev = 0;
        for (int q = 0; q < e->size; ++q) {
            if (first[q] == UINT64_MAX) continue;
            ++e->checks;
            if (first[q] < prev) d_fail(e, name, "rank %d starts below the rank before", q);
            prev = last[q];
        }
        free(first);
        free(last);
        if (e->rank == 0) printf("big sort: %zu keys over %d ranks checked\n", N, e->size);
    }
    (void)sweep_free(e->ctx, dk);
    free(k);
}
