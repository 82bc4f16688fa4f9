/*
 * sort_pairs: a key-value radix sort. Sorts float scores ascending, carrying each
 * score's original position as its value, then checks the order and that equal
 * scores kept their input order (the sort is stable).
 */
#include <sweep/sweep.h>

#include <stdio.h>
#include <stdlib.h>

enum { N = 100000 };

int main(void) {
    float *scores = malloc(N * sizeof *scores);
    uint32_t *index = malloc(N * sizeof *index);
    float *sorted = malloc(N * sizeof *sorted);
    uint32_t *order = malloc(N * sizeof *order);
    if (!scores || !index || !sorted || !order) {
        fprintf(stderr, "sort_pairs: out of host memory\n");
        return 1;
    }
    uint32_t x = 2024; /* many repeated scores, half of them negative */
    for (uint32_t i = 0; i < N; ++i) {
        x = x * 1664525u + 1013904223u;
        scores[i] = (float)((int)(x >> 20) - 2048) / 8.0f;
        index[i] = i;
    }

    sweep_context *ctx = NULL;
    void *d_keys = NULL, *d_values = NULL;
    sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_F32);
    desc.value_size = sizeof *index;
    sweep_status st = sweep_context_create(&ctx, NULL);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_keys, N * sizeof *scores);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_values, N * sizeof *index);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, d_keys, scores, N * sizeof *scores, SWEEP_COPY_HOST_TO_DEVICE);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, d_values, index, N * sizeof *index, SWEEP_COPY_HOST_TO_DEVICE);
    if (st == SWEEP_OK) /* in place: keys_out == keys_in, values_out == values_in */
        st = sweep_radix_sort(ctx, d_keys, d_keys, d_values, d_values, N, &desc);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, sorted, d_keys, N * sizeof *sorted, SWEEP_COPY_DEVICE_TO_HOST);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, order, d_values, N * sizeof *order, SWEEP_COPY_DEVICE_TO_HOST);
    if (st != SWEEP_OK)
        fprintf(stderr, "sort_pairs: %s: %s\n", sweep_status_string(st), sweep_last_error());

    sweep_backend backend = SWEEP_BACKEND_AUTO;
    if (ctx) {
        (void)sweep_context_backend(ctx, &backend);
        (void)sweep_free(ctx, d_keys);
        (void)sweep_free(ctx, d_values);
    }
    sweep_context_destroy(ctx);

    int ok = st == SWEEP_OK;
    for (uint32_t i = 0; ok && i < N; ++i) {
        if (order[i] >= N || sorted[i] != scores[order[i]]) {
            fprintf(stderr, "sort_pairs: pair %u does not match its input\n", i);
            ok = 0;
        } else if (i > 0 && (sorted[i - 1] > sorted[i] ||
                             (sorted[i - 1] == sorted[i] && order[i - 1] >= order[i]))) {
            fprintf(stderr, "sort_pairs: %u and %u are out of order or unstable\n", i - 1, i);
            ok = 0;
        }
    }
    if (ok)
        printf("sort_pairs on %s: %d pairs, scores %.3f ... %.3f\n", sweep_backend_name(backend), N,
               (double)sorted[0], (double)sorted[N - 1]);
    free(scores);
    free(index);
    free(sorted);
    free(order);
    return ok ? 0 : 1;
}
