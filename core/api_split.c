/*
 * api_split.c -- the public split (flagged first, then the others, both stable) and
 * stream compaction (only the flagged, stable). Outputs must not overlap any input
 * or each other; every argument is checked before the driver runs.
 */
#include "context_registry.h"
#include "ranges.h"

static sweep_status check_elements(const uint8_t *flags, const void *in, const void *out,
                                   size_t elem_size, size_t n, size_t *bytes) {
    if (elem_size == 0)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "elem_size is 0 (must be positive)");
    if (n == 0) {
        *bytes = 0;
        return SWEEP_OK;
    }
    sweep_status st = sweep__bytes(n, elem_size, "in", bytes);
    if (st != SWEEP_OK) return st;
    if (!flags) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "flags is NULL with n = %zu", n);
    if (!in) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "in is NULL with n = %zu", n);
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL with n = %zu", n);
    return SWEEP_OK;
}

sweep_status sweep_split(sweep_context *ctx, const uint8_t *flags, const void *in, void *out,
                         size_t elem_size, const void *values_in, void *values_out,
                         size_t value_size, size_t n, size_t *num_flagged) {
    SWEEP__ENTER("sweep_split");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    size_t bytes, value_bytes = 0;
    st = check_elements(flags, in, out, elem_size, n, &bytes);
    if (st != SWEEP_OK) return st;
    if (value_size == 0 && (values_in || values_out))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "values_in and values_out must both be NULL when value_size is 0");
    if (value_size != 0 && (!values_in || !values_out))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "value_size is %zu but values_%s is NULL",
                           value_size, values_in ? "out" : "in");
    if (n == 0) return SWEEP_OK;
    st = sweep__bytes(n, value_size, "values_in", &value_bytes);
    if (st != SWEEP_OK) return st;
    const sweep__range outs[] = {{"out", out, bytes},
                                 {"values_out", values_out, value_bytes},
                                 {"num_flagged", num_flagged, num_flagged ? sizeof(size_t) : 0}};
    const sweep__range ins[] = {
        {"in", in, bytes}, {"flags", flags, n}, {"values_in", values_in, value_bytes}};
    st = sweep__check_apart(outs, 3, ins, 3);
    if (st == SWEEP_OK) st = sweep__check_aligned("num_flagged", num_flagged, sizeof(size_t));
    if (st != SWEEP_OK) return st;
    return sweep__split(ctx, flags, in, out, elem_size, values_in, values_out, value_size, n,
                        num_flagged, 1);
}

sweep_status sweep_compact(sweep_context *ctx, const uint8_t *flags, const void *in, void *out,
                           size_t elem_size, size_t n, size_t *num_kept) {
    SWEEP__ENTER("sweep_compact");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    size_t bytes;
    st = check_elements(flags, in, out, elem_size, n, &bytes);
    if (st != SWEEP_OK || n == 0) return st;
    const sweep__range outs[] = {{"out", out, bytes},
                                 {"num_kept", num_kept, num_kept ? sizeof(size_t) : 0}};
    const sweep__range ins[] = {{"in", in, bytes}, {"flags", flags, n}};
    st = sweep__check_apart(outs, 2, ins, 2);
    if (st == SWEEP_OK) st = sweep__check_aligned("num_kept", num_kept, sizeof(size_t));
    if (st != SWEEP_OK) return st;
    return sweep__split(ctx, flags, in, out, elem_size, NULL, NULL, 0, n, num_kept, 0);
}
