/*
 * api_runs.c -- the public run primitives: unique, unique by key, run-length
 * encoding and non-trivial runs. Keys are built-in dtypes compared by their bytes (as
 * sweep_scan_by_key). Every argument is checked, and outputs are checked to stay
 * clear of the inputs and of each other, before the driver (core/runs.c) runs.
 */
#include "context_registry.h"
#include "ranges.h"

/* The key dtype and the keys in and out: n keys, non-NULL and aligned (n > 0). */
static sweep_status check_keys(sweep_dtype dtype, const void *in, const char *in_name,
                               const void *out, const char *out_name, size_t n, size_t *key_size,
                               size_t *bytes) {
    *key_size = sweep_dtype_size(dtype);
    if (*key_size == 0)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown dtype %d", (int)dtype);
    if (n == 0) return SWEEP_OK;
    if (!in) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s is NULL with n = %zu", in_name, n);
    if (out_name && !out)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s is NULL with n = %zu", out_name, n);
    sweep_status st = sweep__check_aligned(in_name, in, *key_size);
    if (st == SWEEP_OK && out_name) st = sweep__check_aligned(out_name, out, *key_size);
    if (st == SWEEP_OK) st = sweep__bytes(n, *key_size, in_name, bytes);
    return st;
}

/* A size_t output of context memory (count or array), when given: aligned. */
static sweep_status check_size_out(const char *name, const void *p, size_t n, int required) {
    if (!p && required)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s is NULL with n = %zu", name, n);
    return sweep__check_aligned(name, p, sizeof(size_t));
}

/* sweep_unique (keys_only: its arguments are named in and out) and
 * sweep_unique_by_key. */
static sweep_status unique(sweep_context *ctx, int keys_only, const void *keys_in,
                           const void *values_in, void *keys_out, void *values_out,
                           sweep_dtype key_dtype, size_t value_size, size_t n, size_t *num_unique) {
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    size_t key_size = 0, bytes = 0, value_bytes = 0;
    st = check_keys(key_dtype, keys_in, keys_only ? "in" : "keys_in", keys_out,
                    keys_only ? "out" : "keys_out", n, &key_size, &bytes);
    if (st != SWEEP_OK) return st;
    if (value_size == 0 && (values_in || values_out))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "values_in and values_out must both be NULL when value_size is 0");
    if (n == 0) return SWEEP_OK;
    if (value_size != 0 && (!values_in || !values_out))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "value_size is %zu but values_%s is NULL",
                           value_size, values_in ? "out" : "in");
    st = sweep__bytes(n, value_size, "values_in", &value_bytes);
    if (st == SWEEP_OK) st = check_size_out("num_unique", num_unique, n, 0);
    if (st != SWEEP_OK) return st;
    const sweep__range outs[] = {{keys_only ? "out" : "keys_out", keys_out, bytes},
                                 {"values_out", values_out, value_bytes},
                                 {"num_unique", num_unique, num_unique ? sizeof(size_t) : 0}};
    const sweep__range ins[] = {{keys_only ? "in" : "keys_in", keys_in, bytes},
                                {"values_in", values_in, value_bytes}};
    st = sweep__check_apart(outs, 3, ins, 2);
    if (st != SWEEP_OK) return st;
    sweep_kruns r = {0};
    r.form = SWEEP_RUNS_UNIQUE;
    r.keys = keys_in;
    r.key_size = key_size;
    r.n = n;
    r.values_in = value_size ? values_in : NULL;
    r.vsize = value_size;
    r.keys_out = keys_out;
    r.values_out = value_size ? values_out : NULL;
    r.count = num_unique;
    return sweep__runs(ctx, &r);
}

sweep_status sweep_unique(sweep_context *ctx, const void *in, void *out, sweep_dtype dtype,
                          size_t n, size_t *num_unique) {
    SWEEP__ENTER("sweep_unique");
    return unique(ctx, 1, in, NULL, out, NULL, dtype, 0, n, num_unique);
}

sweep_status sweep_unique_by_key(sweep_context *ctx, const void *keys_in, const void *values_in,
                                 void *keys_out, void *values_out, sweep_dtype key_dtype,
                                 size_t value_size, size_t n, size_t *num_unique) {
    SWEEP__ENTER("sweep_unique_by_key");
    return unique(ctx, 0, keys_in, values_in, keys_out, values_out, key_dtype, value_size, n,
                  num_unique);
}

sweep_status sweep_run_length_encode(sweep_context *ctx, const void *in, void *unique_out,
                                     size_t *run_lengths, sweep_dtype dtype, size_t n,
                                     size_t *num_runs) {
    SWEEP__ENTER("sweep_run_length_encode");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    size_t key_size = 0, bytes = 0;
    st = check_keys(dtype, in, "in", unique_out, "unique_out", n, &key_size, &bytes);
    if (st != SWEEP_OK || n == 0) return st;
    st = check_size_out("run_lengths", run_lengths, n, 1);
    if (st == SWEEP_OK) st = check_size_out("num_runs", num_runs, n, 1);
    if (st != SWEEP_OK) return st;
    if (n > SIZE_MAX / sizeof(size_t))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "run_lengths: %zu lengths overflow", n);
    const sweep__range outs[] = {{"unique_out", unique_out, bytes},
                                 {"run_lengths", run_lengths, n * sizeof(size_t)},
                                 {"num_runs", num_runs, sizeof(size_t)}};
    const sweep__range ins[] = {{"in", in, bytes}};
    st = sweep__check_apart(outs, 3, ins, 1);
    if (st != SWEEP_OK) return st;
    sweep_kruns r = {0};
    r.form = SWEEP_RUNS_ENCODE;
    r.keys = in;
    r.key_size = key_size;
    r.n = n;
    r.keys_out = unique_out;
    r.lengths = run_lengths;
    r.count = num_runs;
    return sweep__runs(ctx, &r);
}

sweep_status sweep_nontrivial_runs(sweep_context *ctx, const void *in, size_t *offsets,
                                   size_t *run_lengths, sweep_dtype dtype, size_t n,
                                   size_t *num_runs) {
    SWEEP__ENTER("sweep_nontrivial_runs");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    size_t key_size = 0, bytes = 0;
    st = check_keys(dtype, in, "in", NULL, NULL, n, &key_size, &bytes);
    if (st != SWEEP_OK || n == 0) return st;
    st = check_size_out("offsets", offsets, n, 1);
    if (st == SWEEP_OK) st = check_size_out("run_lengths", run_lengths, n, 1);
    if (st == SWEEP_OK) st = check_size_out("num_runs", num_runs, n, 1);
    if (st != SWEEP_OK) return st;
    if (n > SIZE_MAX / sizeof(size_t))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "offsets: %zu offsets overflow", n);
    /* at most n / 2 runs are longer than one: the outputs hold that many */
    const size_t most = n / 2 * sizeof(size_t);
    const sweep__range outs[] = {{"offsets", offsets, most},
                                 {"run_lengths", run_lengths, most},
                                 {"num_runs", num_runs, sizeof(size_t)}};
    const sweep__range ins[] = {{"in", in, bytes}};
    st = sweep__check_apart(outs, 3, ins, 1);
    if (st != SWEEP_OK) return st;
    sweep_kruns r = {0};
    r.form = SWEEP_RUNS_NONTRIVIAL;
    r.keys = in;
    r.key_size = key_size;
    r.n = n;
    r.offsets = offsets;
    r.lengths = run_lengths;
    r.count = num_runs;
    return sweep__runs(ctx, &r);
}
