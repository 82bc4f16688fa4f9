/*
 * api_search.c -- the public vectorised search (lower and upper bounds of many
 * needles in one sorted haystack): every argument checked before the driver runs.
 */
#include "context_registry.h"
#include "ranges.h"
#include "sort_args.h"

static sweep_status bound(sweep_context *ctx, const void *haystack, size_t n, const void *needles,
                          size_t num_needles, size_t *out, sweep_compare cmp, int upper) {
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    sweep_kcmp kcmp;
    st = sweep__resolve_cmp(cmp, &kcmp);
    if (st != SWEEP_OK || num_needles == 0) return st;
    size_t hay_bytes, needle_bytes, out_bytes;
    st = sweep__bytes(n, kcmp.key_size, "haystack", &hay_bytes);
    if (st == SWEEP_OK) st = sweep__bytes(num_needles, kcmp.key_size, "needles", &needle_bytes);
    if (st == SWEEP_OK) st = sweep__bytes(num_needles, sizeof(size_t), "out", &out_bytes);
    if (st != SWEEP_OK) return st;
    if (!haystack && n > 0)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "haystack is NULL with n = %zu", n);
    if (!needles)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "needles is NULL with num_needles = %zu",
                           num_needles);
    if (!out)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL with num_needles = %zu",
                           num_needles);
    const size_t ka = sweep__key_alignment(&kcmp);
    st = sweep__check_aligned("haystack", haystack, ka);
    if (st == SWEEP_OK) st = sweep__check_aligned("needles", needles, ka);
    if (st == SWEEP_OK) st = sweep__check_aligned("out", out, sizeof(size_t));
    if (st != SWEEP_OK) return st;
    const sweep__range outs[] = {{"out", out, out_bytes}};
    const sweep__range ins[] = {{"haystack", haystack, hay_bytes},
                                {"needles", needles, needle_bytes}};
    st = sweep__check_apart(outs, 1, ins, 2);
    if (st != SWEEP_OK) return st;
    return sweep__search(ctx, &kcmp, haystack, n, needles, num_needles, out, upper);
}

sweep_status sweep_lower_bound(sweep_context *ctx, const void *haystack, size_t n,
                               const void *needles, size_t num_needles, size_t *out,
                               sweep_compare cmp) {
    SWEEP__ENTER("sweep_lower_bound");
    return bound(ctx, haystack, n, needles, num_needles, out, cmp, 0);
}

sweep_status sweep_upper_bound(sweep_context *ctx, const void *haystack, size_t n,
                               const void *needles, size_t num_needles, size_t *out,
                               sweep_compare cmp) {
    SWEEP__ENTER("sweep_upper_bound");
    return bound(ctx, haystack, n, needles, num_needles, out, cmp, 1);
}
