/*
 * compact: stream compaction. Keeps the readings at or above a threshold, in their
 * input order, at the front of the output, and reads back how many were kept. The
 * flags, the data and the count all live in context memory (device memory on a GPU).
 */
#include <sweep/sweep.h>

#include <stdio.h>
#include <stdlib.h>

enum { N = 100000, THRESHOLD = 900 };

int main(void) {
    int32_t *readings = malloc(N * sizeof *readings);
    uint8_t *keep = malloc(N);
    int32_t *kept = malloc(N * sizeof *kept);
    if (!readings || !keep || !kept) {
        fprintf(stderr, "compact: out of host memory\n");
        return 1;
    }
    uint32_t x = 12345; /* a small LCG: varied readings, the same on every run */
    for (size_t i = 0; i < N; ++i) {
        x = x * 1664525u + 1013904223u;
        readings[i] = (int32_t)(x >> 22); /* 0 ... 1023 */
        keep[i] = readings[i] >= THRESHOLD;
    }

    sweep_context *ctx = NULL;
    void *d_in = NULL, *d_flags = NULL, *d_out = NULL, *d_count = NULL;
    size_t num_kept = 0;
    sweep_status st = sweep_context_create(&ctx, NULL);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_in, N * sizeof *readings);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_flags, N);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_out, N * sizeof *readings);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_count, sizeof(size_t));
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, d_in, readings, N * sizeof *readings, SWEEP_COPY_HOST_TO_DEVICE);
    if (st == SWEEP_OK) st = sweep_memcpy(ctx, d_flags, keep, N, SWEEP_COPY_HOST_TO_DEVICE);
    if (st == SWEEP_OK)
        st = sweep_compact(ctx, d_flags, d_in, d_out, sizeof *readings, N, (size_t *)d_count);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, &num_kept, d_count, sizeof num_kept, SWEEP_COPY_DEVICE_TO_HOST);
    if (st == SWEEP_OK && num_kept <= N)
        st = sweep_memcpy(ctx, kept, d_out, num_kept * sizeof *kept, SWEEP_COPY_DEVICE_TO_HOST);
    if (st != SWEEP_OK)
        fprintf(stderr, "compact: %s: %s\n", sweep_status_string(st), sweep_last_error());

    sweep_backend backend = SWEEP_BACKEND_AUTO;
    if (ctx) {
        (void)sweep_context_backend(ctx, &backend);
        (void)sweep_free(ctx, d_in);
        (void)sweep_free(ctx, d_flags);
        (void)sweep_free(ctx, d_out);
        (void)sweep_free(ctx, d_count);
    }
    sweep_context_destroy(ctx);

    /* The answer, the plain way: walk the input once. */
    size_t want = 0;
    int ok = st == SWEEP_OK;
    if (ok && num_kept > N) {
        fprintf(stderr, "compact: kept %zu elements of only %d\n", num_kept, N);
        ok = 0;
    }
    for (size_t i = 0; ok && i < N; ++i) {
        if (!keep[i]) continue;
        if (want >= num_kept || kept[want] != readings[i]) {
            fprintf(stderr, "compact: kept element %zu is wrong or missing\n", want);
            ok = 0;
        }
        ++want;
    }
    if (ok && want != num_kept) {
        fprintf(stderr, "compact: kept %zu elements, want %zu\n", num_kept, want);
        ok = 0;
    }
    if (ok)
        printf("compact on %s: kept %zu of %d readings >= %d\n", sweep_backend_name(backend),
               num_kept, N, THRESHOLD);
    free(readings);
    free(keep);
    free(kept);
    return ok ? 0 : 1;
}
