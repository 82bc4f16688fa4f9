/*
 * sort_scratch.c -- the whole-array sorts as one call each: measure the scratch the
 * radix or merge sort needs (fused entry or composition), take it, run, give it back.
 * The same need/run pair serves sorts nested in another driver (segmented sorts).
 */
#include "compose.h"
#include "internal.h"

sweep_status sweep__sort_need(sweep_context *ctx, const sweep_kradix *key, const sweep_kcmp *cmp,
                              const void *keys_in, void *keys_out, const void *values_in,
                              void *values_out, size_t vsize, size_t n, size_t *need) {
    if (key)
        return sweep__radix_sort_need(ctx, key, keys_in, keys_out, values_in, values_out, vsize, n,
                                      need);
    return sweep__merge_sort_need(ctx, cmp, keys_in, keys_out, values_in, values_out, vsize, n,
                                  need);
}

sweep_status sweep__sort_run(sweep_context *ctx, sweep__arena *arena, const sweep_kradix *key,
                             const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                             const void *values_in, void *values_out, size_t vsize, size_t n) {
    if (key)
        return sweep__radix_sort_run(ctx, arena, key, keys_in, keys_out, values_in, values_out,
                                     vsize, n);
    return sweep__merge_sort_run(ctx, arena, cmp, keys_in, keys_out, values_in, values_out, vsize,
                                 n);
}

/* One whole-array sort with its own scratch: radix order (key) or comparator (cmp). */
static sweep_status sort_alone(sweep_context *ctx, const sweep_kradix *key, const sweep_kcmp *cmp,
                               const void *keys_in, void *keys_out, const void *values_in,
                               void *values_out, size_t vsize, size_t n) {
    size_t need;
    sweep_status st =
        sweep__sort_need(ctx, key, cmp, keys_in, keys_out, values_in, values_out, vsize, n, &need);
    if (st != SWEEP_OK) return st;
    sweep__arena arena;
    int measure_only;
    st = sweep__scratch_begin(ctx, need, &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = sweep__sort_run(ctx, &arena, key, cmp, keys_in, keys_out, values_in, values_out, vsize, n);
    sweep__scratch_end(ctx, &arena);
    return st;
}

sweep_status sweep__radix_sort(sweep_context *ctx, const sweep_kradix *key, const void *keys_in,
                               void *keys_out, const void *values_in, void *values_out,
                               size_t vsize, size_t n) {
    return sort_alone(ctx, key, NULL, keys_in, keys_out, values_in, values_out, vsize, n);
}

sweep_status sweep__merge_sort(sweep_context *ctx, const sweep_kcmp *cmp, const void *keys_in,
                               void *keys_out, const void *values_in, void *values_out,
                               size_t vsize, size_t n) {
    return sort_alone(ctx, NULL, cmp, keys_in, keys_out, values_in, values_out, vsize, n);
}
