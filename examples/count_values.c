/*
 * count_values: how often each value occurs, two ways. Rolls of a pair of dice (2 ...
 * 12) are counted by a histogram with one bin per sum, and again by sorting the rolls
 * and run-length encoding them: each run of equal sums is one value and its count.
 * The two answers must agree with each other and with a plain loop.
 */
#include <sweep/sweep.h>

#include <stdio.h>
#include <stdlib.h>

enum { N = 100000, SUMS = 11 }; /* sums 2 ... 12 */

int main(void) {
    uint8_t *rolls = malloc(N);
    if (!rolls) {
        fprintf(stderr, "count_values: out of host memory\n");
        return 1;
    }
    uint64_t want[SUMS] = {0};
    uint32_t x = 2024; /* a small LCG: the same rolls on every run */
    for (size_t i = 0; i < N; ++i) {
        x = x * 1664525u + 1013904223u;
        const unsigned a = (x >> 24) % 6, b = (x >> 16 & 0xff) % 6;
        rolls[i] = (uint8_t)(2 + a + b);
        ++want[rolls[i] - 2];
    }

    sweep_context *ctx = NULL;
    void *d_rolls = NULL, *d_sorted = NULL, *d_counts = NULL, *d_values = NULL;
    void *d_lengths = NULL, *d_runs = NULL;
    uint64_t counts[SUMS] = {0};
    uint8_t values[SUMS] = {0};
    size_t lengths[SUMS] = {0}, runs = 0;
    const uint8_t lower = 2, upper = 13; /* one bin per sum: [2, 13) in 11 bins */
    sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_U8);
    sweep_status st = sweep_context_create(&ctx, NULL);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_rolls, N);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_sorted, N);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_counts, sizeof counts);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_values, N);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_lengths, N * sizeof(size_t));
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_runs, sizeof(size_t));
    if (st == SWEEP_OK) st = sweep_memcpy(ctx, d_rolls, rolls, N, SWEEP_COPY_HOST_TO_DEVICE);
    /* way 1: a histogram */
    if (st == SWEEP_OK)
        st = sweep_histogram_even(ctx, d_rolls, SWEEP_U8, N, &lower, &upper, SUMS, d_counts,
                                  SWEEP_U64);
    /* way 2: sort, then one run per value */
    if (st == SWEEP_OK) st = sweep_radix_sort(ctx, d_rolls, d_sorted, NULL, NULL, N, &desc);
    if (st == SWEEP_OK)
        st = sweep_run_length_encode(ctx, d_sorted, d_values, (size_t *)d_lengths, SWEEP_U8, N,
                                     (size_t *)d_runs);
    /* copies to the host wait for the work before them */
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, counts, d_counts, sizeof counts, SWEEP_COPY_DEVICE_TO_HOST);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, &runs, d_runs, sizeof runs, SWEEP_COPY_DEVICE_TO_HOST);
    if (st == SWEEP_OK && runs <= SUMS) {
        st = sweep_memcpy(ctx, values, d_values, runs, SWEEP_COPY_DEVICE_TO_HOST);
        if (st == SWEEP_OK)
            st = sweep_memcpy(ctx, lengths, d_lengths, runs * sizeof(size_t),
                              SWEEP_COPY_DEVICE_TO_HOST);
    }
    if (st != SWEEP_OK)
        fprintf(stderr, "count_values: %s: %s\n", sweep_status_string(st), sweep_last_error());

    sweep_backend backend = SWEEP_BACKEND_AUTO;
    if (ctx) {
        (void)sweep_context_backend(ctx, &backend);
        void *bufs[] = {d_rolls, d_sorted, d_counts, d_values, d_lengths, d_runs};
        for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; ++i)
            (void)sweep_free(ctx, bufs[i]);
    }
    sweep_context_destroy(ctx);
    free(rolls);

    int ok = st == SWEEP_OK;
    if (ok && runs != SUMS) { /* 100000 rolls show every sum */
        fprintf(stderr, "count_values: %zu runs, want %d\n", runs, SUMS);
        ok = 0;
    }
    for (size_t s = 0; ok && s < SUMS; ++s) {
        if (counts[s] != want[s] || values[s] != s + 2 || lengths[s] != want[s]) {
            fprintf(stderr, "count_values: sum %zu: histogram %llu, run %u x %zu, want %llu\n",
                    s + 2, (unsigned long long)counts[s], values[s], lengths[s],
                    (unsigned long long)want[s]);
            ok = 0;
        }
    }
    if (ok) {
        printf("count_values on %s: %d rolls of two dice, sum 7 came up %llu times\n",
               sweep_backend_name(backend), N, (unsigned long long)counts[5]);
    }
    return ok ? 0 : 1;
}
