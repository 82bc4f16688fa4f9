/*
 * api_sort.c -- the public radix sort, merge sort and merge. Sorts may run in place
 * (keys_out == keys_in, values_out == values_in) but an output that only partly
 * overlaps its input, or touches any other argument, is refused; every argument is
 * checked before the driver runs.
 */
#include "context_registry.h"
#include "ranges.h"
#include "sort_args.h"

sweep_sort_desc sweep_sort_desc_make(sweep_dtype key_dtype) {
    sweep_sort_desc d;
    d.key_dtype = key_dtype;
    d.value_size = 0;
    d.begin_bit = 0;
    d.end_bit = (unsigned)(8 * sweep_dtype_size(key_dtype));
    d.descending = 0;
    return d;
}

/* An output that is exactly its input sorts in place; any other overlap is refused. */
static sweep_status check_in_place(const char *out_name, const void *out, const char *in_name,
                                   const void *in, size_t bytes) {
    if (out != in && sweep__overlap(out, bytes, in, bytes))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "%s overlaps %s without being equal to it (only exact in-place is "
                           "allowed)",
                           out_name, in_name);
    return SWEEP_OK;
}

sweep_status sweep__check_sort_args(const void *keys_in, const void *keys_out,
                                    const void *values_in, const void *values_out, size_t key_size,
                                    size_t value_size, size_t n) {
    if (value_size == 0 && (values_in || values_out))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "values_in and values_out must both be NULL when value_size is 0");
    if (value_size != 0 && n > 0 && (!values_in || !values_out))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "value_size is %zu but values_%s is NULL",
                           value_size, values_in ? "out" : "in");
    if (n == 0) return SWEEP_OK;
    size_t key_bytes, value_bytes;
    sweep_status st = sweep__bytes(n, key_size, "keys_in", &key_bytes);
    if (st == SWEEP_OK) st = sweep__bytes(n, value_size, "values_in", &value_bytes);
    if (st != SWEEP_OK) return st;
    if (!keys_in) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "keys_in is NULL with n = %zu", n);
    if (!keys_out)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "keys_out is NULL with n = %zu", n);
    st = check_in_place("keys_out", keys_out, "keys_in", keys_in, key_bytes);
    if (st == SWEEP_OK)
        st = check_in_place("values_out", values_out, "values_in", values_in, value_bytes);
    if (st != SWEEP_OK) return st;
    const sweep__range outs[] = {{"keys_out", keys_out, key_bytes},
                                 {"values_out", values_out, value_bytes}};
    const sweep__range keys_ins[] = {{"keys_in", keys_in, key_bytes}};
    const sweep__range values_ins[] = {{"values_in", values_in, value_bytes}};
    /* Each output against the other array's input, and the two outputs apart. */
    st = sweep__check_apart(outs, 1, values_ins, 1);
    if (st == SWEEP_OK) st = sweep__check_apart(outs + 1, 1, keys_ins, 1);
    if (st == SWEEP_OK) st = sweep__check_apart(outs, 2, NULL, 0);
    return st;
}

/* Keys aligned to their own alignment, values to their size. */
static sweep_status check_alignment(const char *const names[], const void *const ptrs[],
                                    const size_t aligns[], size_t count) {
    for (size_t i = 0; i < count; ++i) {
        sweep_status st = sweep__check_aligned(names[i], ptrs[i], aligns[i]);
        if (st != SWEEP_OK) return st;
    }
    return SWEEP_OK;
}

sweep_status sweep__check_sort_alignment(const void *keys_in, const void *keys_out,
                                         const void *values_in, const void *values_out,
                                         size_t key_align, size_t value_size) {
    const char *const names[] = {"keys_in", "keys_out", "values_in", "values_out"};
    const void *const ptrs[] = {keys_in, keys_out, values_in, values_out};
    const size_t aligns[] = {key_align, key_align, value_size, value_size};
    return check_alignment(names, ptrs, aligns, 4);
}

size_t sweep__key_alignment(const sweep_kcmp *kcmp) {
    return kcmp->custom ? kcmp->custom->key_align : kcmp->key_size;
}

sweep_status sweep__radix_sort_args(sweep_context *ctx, const sweep_sort_desc *desc,
                                    const void *keys_in, const void *keys_out,
                                    const void *values_in, const void *values_out, size_t n,
                                    sweep_kradix *key) {
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    st = sweep__resolve_radix(desc, key);
    if (st != SWEEP_OK) return st;
    return sweep__check_sort_args(keys_in, keys_out, values_in, values_out, key->key_size,
                                  desc->value_size, n);
}

sweep_status sweep__merge_sort_args(sweep_context *ctx, sweep_compare cmp, const void *keys_in,
                                    const void *keys_out, const void *values_in,
                                    const void *values_out, size_t value_size, size_t n,
                                    sweep_kcmp *kcmp) {
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    st = sweep__resolve_cmp(cmp, kcmp);
    if (st != SWEEP_OK) return st;
    if (!sweep__value_size_ok(value_size))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "value_size %zu is not 0, 1, 2, 4, 8 or 16",
                           value_size);
    return sweep__check_sort_args(keys_in, keys_out, values_in, values_out, kcmp->key_size,
                                  value_size, n);
}

sweep_status sweep_radix_sort(sweep_context *ctx, const void *keys_in, void *keys_out,
                              const void *values_in, void *values_out, size_t n,
                              const sweep_sort_desc *desc) {
    SWEEP__ENTER("sweep_radix_sort");
    sweep_kradix key;
    sweep_status st =
        sweep__radix_sort_args(ctx, desc, keys_in, keys_out, values_in, values_out, n, &key);
    if (st != SWEEP_OK || n == 0) return st;
    st = sweep__check_sort_alignment(keys_in, keys_out, values_in, values_out, key.key_size,
                                     desc->value_size);
    if (st != SWEEP_OK) return st;
    return sweep__radix_sort(ctx, &key, keys_in, keys_out, values_in, values_out, desc->value_size,
                             n);
}

sweep_status sweep_merge_sort(sweep_context *ctx, const void *keys_in, void *keys_out,
                              const void *values_in, void *values_out, size_t value_size, size_t n,
                              sweep_compare cmp) {
    SWEEP__ENTER("sweep_merge_sort");
    sweep_kcmp kcmp;
    sweep_status st = sweep__merge_sort_args(ctx, cmp, keys_in, keys_out, values_in, values_out,
                                             value_size, n, &kcmp);
    if (st != SWEEP_OK || n == 0) return st;
    st = sweep__check_sort_alignment(keys_in, keys_out, values_in, values_out,
                                     sweep__key_alignment(&kcmp), value_size);
    if (st != SWEEP_OK) return st;
    return sweep__merge_sort(ctx, &kcmp, keys_in, keys_out, values_in, values_out, value_size, n);
}

/* The keys and values of one merge input: present exactly when they hold elements. */
static sweep_status check_run(const char *keys_name, const void *keys, const char *values_name,
                              const void *values, size_t count, size_t value_size) {
    if (count > 0 && !keys)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s is NULL with %zu keys", keys_name,
                           count);
    if (value_size == 0 && values)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s must be NULL when value_size is 0",
                           values_name);
    if (value_size != 0 && count > 0 && !values)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "value_size is %zu but %s is NULL",
                           value_size, values_name);
    return SWEEP_OK;
}

sweep_status sweep_merge(sweep_context *ctx, const void *a_keys, const void *a_values, size_t na,
                         const void *b_keys, const void *b_values, size_t nb, void *out_keys,
                         void *out_values, size_t value_size, sweep_compare cmp) {
    SWEEP__ENTER("sweep_merge");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    sweep_kcmp kcmp;
    st = sweep__resolve_cmp(cmp, &kcmp);
    if (st != SWEEP_OK) return st;
    if (!sweep__value_size_ok(value_size))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "value_size %zu is not 0, 1, 2, 4, 8 or 16",
                           value_size);
    if (na > SIZE_MAX - nb)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "na + nb (%zu + %zu) overflows", na, nb);
    const size_t total = na + nb;
    st = check_run("a_keys", a_keys, "a_values", a_values, na, value_size);
    if (st == SWEEP_OK) st = check_run("b_keys", b_keys, "b_values", b_values, nb, value_size);
    if (st == SWEEP_OK)
        st = check_run("out_keys", out_keys, "out_values", out_values, total, value_size);
    if (st != SWEEP_OK || total == 0) return st;
    size_t ak, bk, ok, av, bv, ov;
    st = sweep__bytes(na, kcmp.key_size, "a_keys", &ak);
    if (st == SWEEP_OK) st = sweep__bytes(nb, kcmp.key_size, "b_keys", &bk);
    if (st == SWEEP_OK) st = sweep__bytes(total, kcmp.key_size, "out_keys", &ok);
    if (st == SWEEP_OK) st = sweep__bytes(na, value_size, "a_values", &av);
    if (st == SWEEP_OK) st = sweep__bytes(nb, value_size, "b_values", &bv);
    if (st == SWEEP_OK) st = sweep__bytes(total, value_size, "out_values", &ov);
    if (st != SWEEP_OK) return st;
    const sweep__range outs[] = {{"out_keys", out_keys, ok}, {"out_values", out_values, ov}};
    const sweep__range ins[] = {{"a_keys", a_keys, ak},
                                {"a_values", a_values, av},
                                {"b_keys", b_keys, bk},
                                {"b_values", b_values, bv}};
    st = sweep__check_apart(outs, 2, ins, 4);
    if (st != SWEEP_OK) return st;
    const size_t ka = sweep__key_alignment(&kcmp);
    const char *const names[] = {"a_keys",   "b_keys",   "out_keys",
                                 "a_values", "b_values", "out_values"};
    const void *const ptrs[] = {a_keys, b_keys, out_keys, a_values, b_values, out_values};
    const size_t aligns[] = {ka, ka, ka, value_size, value_size, value_size};
    st = check_alignment(names, ptrs, aligns, value_size ? 6 : 3);
    if (st != SWEEP_OK) return st;
    return sweep__merge(ctx, &kcmp, a_keys, value_size ? a_values : NULL, na, b_keys,
                        value_size ? b_values : NULL, nb, out_keys, value_size ? out_values : NULL,
                        value_size);
}
