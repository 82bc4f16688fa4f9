/*
 * merge.c -- the merge driver and the generic merge of two sorted runs that merge
 * sort reuses: merge-path partitioning of the outputs into equal parts, then every
 * part merged on its own (ties take a first, so the merge is stable).
 */
#include "merge_runs.h"

#include "compose.h"

size_t sweep__merge_runs_need(const sweep_context *ctx, size_t total) {
    return sweep__need_array(sweep__ceil_div(total, ctx->props.merge_part) + 1, sizeof(size_t));
}

sweep_status sweep__merge_runs_run(sweep_context *ctx, size_t *splits, const sweep_kcmp *cmp,
                                   const void *a, const void *a_values, size_t na, const void *b,
                                   const void *b_values, size_t nb, void *out, void *out_values,
                                   size_t vsize) {
    const sweep_backend_table *be = ctx->be;
    sweep_status st;
    /* No kernel sees an empty input: one empty run makes the merge a copy. */
    if (na == 0 || nb == 0) {
        const void *keys = na ? a : b, *values = na ? a_values : b_values;
        size_t count = na ? na : nb;
        st = be->memcpy(ctx->h, out, keys, count * cmp->key_size, SWEEP_COPY_DEVICE_TO_DEVICE);
        if (st == SWEEP_OK && vsize)
            st = be->memcpy(ctx->h, out_values, values, count * vsize, SWEEP_COPY_DEVICE_TO_DEVICE);
        return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "memcpy", st);
    }
    const size_t part = ctx->props.merge_part;
    st = be->merge_partition(ctx->h, cmp, a, na, b, nb, vsize, part, splits);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "merge_partition", st);
    st = be->merge_tiles(ctx->h, cmp, a, a_values, na, b, b_values, nb, vsize, part, splits, out,
                         out_values);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "merge_tiles", st);
}

sweep_status sweep__merge(sweep_context *ctx, const sweep_kcmp *cmp, const void *a,
                          const void *a_values, size_t na, const void *b, const void *b_values,
                          size_t nb, void *out, void *out_values, size_t vsize) {
    const sweep_backend_table *be = ctx->be;
    sweep__arena arena;
    int measure_only;
    sweep_status st;
    if (be->merge && sweep__use_fused(ctx)) {
        size_t bytes = 0;
        st = be->merge(ctx->h, cmp, a, a_values, na, b, b_values, nb, out, out_values, vsize, NULL,
                       &bytes);
        if (st == SWEEP_OK) {
            /* At least one byte, so the run never passes NULL (the size query). */
            st = sweep__scratch_begin(ctx, bytes ? bytes : 1, &arena, &measure_only);
            if (st != SWEEP_OK || measure_only) return st;
            st = be->merge(ctx->h, cmp, a, a_values, na, b, b_values, nb, out, out_values, vsize,
                           arena.base, &bytes);
            sweep__scratch_end(ctx, &arena);
            return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "merge", st);
        }
        if (st != SWEEP_ERR_UNSUPPORTED) return sweep__backend_failed(be->name, "merge", st);
        sweep__clear_error(); /* the fused entry declined: compose instead */
    }
    st = sweep__scratch_begin(ctx, sweep__merge_runs_need(ctx, na + nb), &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    size_t *splits = sweep__arena_take(&arena, sweep__merge_runs_need(ctx, na + nb));
    if (!splits)
        st = sweep__fail(SWEEP_ERR_INTERNAL, "merge scratch was measured too small");
    else
        st = sweep__merge_runs_run(ctx, splits, cmp, a, a_values, na, b, b_values, nb, out,
                                   out_values, vsize);
    sweep__scratch_end(ctx, &arena);
    return st;
}
