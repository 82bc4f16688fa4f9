/*
 * search.c -- the vectorised search driver: the backend's search kernel, which is
 * the whole primitive (one bound per needle; CPU backends walk sorted needles from
 * the previous answer). An empty haystack answers 0 for every needle.
 */
#include "internal.h"

sweep_status sweep__search(sweep_context *ctx, const sweep_kcmp *cmp, const void *haystack,
                           size_t n, const void *needles, size_t num_needles, size_t *out,
                           int upper) {
    const sweep_backend_table *be = ctx->be;
    /* No scratch; this keeps measuring mode from touching data. */
    sweep__arena arena;
    int measure_only;
    sweep_status st = sweep__scratch_begin(ctx, 0, &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    if (n == 0) {
        st = be->memset(ctx->h, out, 0, num_needles * sizeof *out);
        return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "memset", st);
    }
    st = be->search(ctx->h, cmp, haystack, n, needles, num_needles, upper, out);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "search", st);
}
