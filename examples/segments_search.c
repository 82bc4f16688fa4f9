/*
 * segments_search: sorts the scores of every class on its own (a segmented sort:
 * classes are ranges of one array given by offsets), best first, carrying each
 * score's original position; then grades every score with one vectorised search of
 * the grade boundaries (upper bound: a score equal to a boundary reaches its grade).
 * Checks both answers with plain loops.
 */
#include <sweep/sweep.h>

#include <stdio.h>
#include <stdlib.h>

enum { N = 100000, CLASSES = 1000, GRADES = 5 };

int main(void) {
    float *scores = malloc(N * sizeof *scores), *sorted = malloc(N * sizeof *sorted);
    uint32_t *index = malloc(N * sizeof *index), *from = malloc(N * sizeof *from);
    size_t *offsets = malloc((CLASSES + 1) * sizeof *offsets), *grade = malloc(N * sizeof *grade);
    const float bounds[GRADES] = {50.0f, 60.0f, 70.0f, 80.0f, 90.0f};
    if (!scores || !sorted || !index || !from || !offsets || !grade) {
        fprintf(stderr, "segments_search: out of host memory\n");
        return 1;
    }
    uint32_t x = 7; /* classes of 0 to 199 pupils, scores 0.0 ... 100.0 in halves */
    offsets[0] = 0;
    for (int c = 0; c < CLASSES; ++c) {
        x = x * 1664525u + 1013904223u;
        size_t size = (x >> 8) % 200;
        offsets[c + 1] = offsets[c] + size < N ? offsets[c] + size : N;
    }
    offsets[CLASSES] = N; /* the last class takes the rest */
    for (uint32_t i = 0; i < N; ++i) {
        x = x * 1664525u + 1013904223u;
        scores[i] = (float)((x >> 12) % 201) / 2.0f;
        index[i] = i;
    }

    sweep_context *ctx = NULL;
    void *d_scores = NULL, *d_index = NULL, *d_offsets = NULL, *d_bounds = NULL, *d_grade = NULL;
    sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_F32);
    desc.value_size = sizeof *index;
    desc.descending = 1;
    sweep_status st = sweep_context_create(&ctx, NULL);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_scores, N * sizeof *scores);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_index, N * sizeof *index);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_offsets, (CLASSES + 1) * sizeof *offsets);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_bounds, sizeof bounds);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_grade, N * sizeof *grade);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, d_scores, scores, N * sizeof *scores, SWEEP_COPY_HOST_TO_DEVICE);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, d_index, index, N * sizeof *index, SWEEP_COPY_HOST_TO_DEVICE);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, d_offsets, offsets, (CLASSES + 1) * sizeof *offsets,
                          SWEEP_COPY_HOST_TO_DEVICE);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, d_bounds, bounds, sizeof bounds, SWEEP_COPY_HOST_TO_DEVICE);
    /* grades first (the scores in input order), then each class sorted in place */
    if (st == SWEEP_OK)
        st = sweep_upper_bound(ctx, d_bounds, GRADES, d_scores, N, d_grade,
                               sweep_compare_builtin(SWEEP_F32, 0));
    if (st == SWEEP_OK)
        st = sweep_segmented_radix_sort(ctx, d_scores, d_scores, d_index, d_index, N, d_offsets,
                                        CLASSES, &desc);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, grade, d_grade, N * sizeof *grade, SWEEP_COPY_DEVICE_TO_HOST);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, sorted, d_scores, N * sizeof *sorted, SWEEP_COPY_DEVICE_TO_HOST);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, from, d_index, N * sizeof *from, SWEEP_COPY_DEVICE_TO_HOST);
    if (st != SWEEP_OK)
        fprintf(stderr, "segments_search: %s: %s\n", sweep_status_string(st), sweep_last_error());

    sweep_backend backend = SWEEP_BACKEND_AUTO;
    if (ctx) {
        (void)sweep_context_backend(ctx, &backend);
        (void)sweep_free(ctx, d_scores);
        (void)sweep_free(ctx, d_index);
        (void)sweep_free(ctx, d_offsets);
        (void)sweep_free(ctx, d_bounds);
        (void)sweep_free(ctx, d_grade);
    }
    sweep_context_destroy(ctx);

    int ok = st == SWEEP_OK;
    for (int c = 0; ok && c < CLASSES; ++c)
        for (size_t i = offsets[c]; ok && i < offsets[c + 1]; ++i) {
            /* from its own class, in its place, best first, ties in input order */
            if (from[i] < offsets[c] || from[i] >= offsets[c + 1] || sorted[i] != scores[from[i]]) {
                fprintf(stderr, "segments_search: class %d, score %zu is not its own\n", c, i);
                ok = 0;
            } else if (i > offsets[c] && (sorted[i - 1] < sorted[i] ||
                                          (sorted[i - 1] == sorted[i] && from[i - 1] > from[i]))) {
                fprintf(stderr, "segments_search: class %d is out of order at %zu\n", c, i);
                ok = 0;
            }
        }
    for (uint32_t i = 0; ok && i < N; ++i) {
        size_t want = 0;
        while (want < GRADES && bounds[want] <= scores[i])
            ++want;
        if (grade[i] != want) {
            fprintf(stderr, "segments_search: score %u graded %zu, not %zu\n", i, grade[i], want);
            ok = 0;
        }
    }
    if (ok)
        printf("segments_search on %s: %d classes sorted, %d scores graded\n",
               sweep_backend_name(backend), CLASSES, N);
    free(scores);
    free(sorted);
    free(index);
    free(from);
    free(offsets);
    free(grade);
    return ok ? 0 : 1;
}
