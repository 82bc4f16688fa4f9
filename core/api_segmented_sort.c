/*
 * api_segmented_sort.c -- the public segmented sorts (radix and comparator order):
 * the checks of a whole-array sort, then the offsets (read back on GPU backends),
 * which no output may overlap, before the driver runs.
 */
#include "context_registry.h"
#include "ranges.h"
#include "sort_args.h"

/* The offsets: present, aligned, apart from the outputs, and valid. On success
 * *first and *last bound the covered range (0 and n while measuring, when the
 * offsets may not hold data yet). */
static sweep_status check_segments(sweep_context *ctx, const size_t *offsets, size_t nseg, size_t n,
                                   const void *keys_out, size_t key_size, const void *values_out,
                                   size_t value_size, size_t *first, size_t *last) {
    if (!offsets)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "offsets is NULL with nseg = %zu", nseg);
    if (nseg == SIZE_MAX) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "nseg is too large");
    sweep_status st = sweep__check_aligned("offsets", offsets, sizeof(size_t));
    if (st != SWEEP_OK) return st;
    size_t offset_bytes, key_bytes, value_bytes;
    st = sweep__bytes(nseg + 1, sizeof(size_t), "offsets", &offset_bytes);
    if (st == SWEEP_OK) st = sweep__bytes(n, key_size, "keys_out", &key_bytes);
    if (st == SWEEP_OK) st = sweep__bytes(n, value_size, "values_out", &value_bytes);
    if (st != SWEEP_OK) return st;
    const sweep__range outs[] = {{"keys_out", keys_out, key_bytes},
                                 {"values_out", values_out, value_bytes}};
    const sweep__range ins[] = {{"offsets", offsets, offset_bytes}};
    st = sweep__check_apart(outs, 2, ins, 1);
    if (st != SWEEP_OK) return st;
    if (ctx->querying) {
        *first = 0;
        *last = n;
        return SWEEP_OK;
    }
    return sweep__check_offsets(ctx, offsets, nseg, n, first, last);
}

sweep_status sweep_segmented_radix_sort(sweep_context *ctx, const void *keys_in, void *keys_out,
                                        const void *values_in, void *values_out, size_t n,
                                        const size_t *offsets, size_t nseg,
                                        const sweep_sort_desc *desc) {
    SWEEP__ENTER("sweep_segmented_radix_sort");
    sweep_kradix key;
    sweep_status st =
        sweep__radix_sort_args(ctx, desc, keys_in, keys_out, values_in, values_out, n, &key);
    if (st != SWEEP_OK || n == 0 || nseg == 0) return st;
    st = sweep__check_sort_alignment(keys_in, keys_out, values_in, values_out, key.key_size,
                                     desc->value_size);
    size_t first, last;
    if (st == SWEEP_OK)
        st = check_segments(ctx, offsets, nseg, n, keys_out, key.key_size, values_out,
                            desc->value_size, &first, &last);
    if (st != SWEEP_OK) return st;
    return sweep__segmented_sort(ctx, &key, NULL, keys_in, keys_out, values_in, values_out,
                                 desc->value_size, n, offsets, nseg, first, last);
}

sweep_status sweep_segmented_merge_sort(sweep_context *ctx, const void *keys_in, void *keys_out,
                                        const void *values_in, void *values_out, size_t value_size,
                                        size_t n, const size_t *offsets, size_t nseg,
                                        sweep_compare cmp) {
    SWEEP__ENTER("sweep_segmented_merge_sort");
    sweep_kcmp kcmp;
    sweep_status st = sweep__merge_sort_args(ctx, cmp, keys_in, keys_out, values_in, values_out,
                                             value_size, n, &kcmp);
    if (st != SWEEP_OK || n == 0 || nseg == 0) return st;
    st = sweep__check_sort_alignment(keys_in, keys_out, values_in, values_out,
                                     sweep__key_alignment(&kcmp), value_size);
    size_t first, last;
    if (st == SWEEP_OK)
        st = check_segments(ctx, offsets, nseg, n, keys_out, kcmp.key_size, values_out, value_size,
                            &first, &last);
    if (st != SWEEP_OK) return st;
    return sweep__segmented_sort(ctx, NULL, &kcmp, keys_in, keys_out, values_in, values_out,
                                 value_size, n, offsets, nseg, first, last);
}
