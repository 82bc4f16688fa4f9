/*
 * sort_args.h -- the argument checks of the sorts (core/api_sort.c), shared with the
 * segmented sorts and the vectorised search, which take keys and values alike.
 */
#ifndef SWEEP_CORE_SORT_ARGS_H
#define SWEEP_CORE_SORT_ARGS_H

#include "internal.h"

/* The pointers and overlaps of a sort of n keys of key_size (and values): values
 * NULL iff value_size is 0, outputs equal to their inputs (in place) or apart from
 * every input and from each other. */
sweep_status sweep__check_sort_args(const void *keys_in, const void *keys_out,
                                    const void *values_in, const void *values_out, size_t key_size,
                                    size_t value_size, size_t n);

/* Keys aligned to key_align, values to their size. */
sweep_status sweep__check_sort_alignment(const void *keys_in, const void *keys_out,
                                         const void *values_in, const void *values_out,
                                         size_t key_align, size_t value_size);

/* A comparator's keys: built-in ones aligned to their size, custom to key_align. */
size_t sweep__key_alignment(const sweep_kcmp *kcmp);

/* The checks every radix sort call starts with (whole-array and segmented): a live
 * context, the descriptor (into *key), the pointers and overlaps of n keys. */
sweep_status sweep__radix_sort_args(sweep_context *ctx, const sweep_sort_desc *desc,
                                    const void *keys_in, const void *keys_out,
                                    const void *values_in, const void *values_out, size_t n,
                                    sweep_kradix *key);

/* The same for a comparator sort: the comparator (into *kcmp) and the value size. */
sweep_status sweep__merge_sort_args(sweep_context *ctx, sweep_compare cmp, const void *keys_in,
                                    const void *keys_out, const void *values_in,
                                    const void *values_out, size_t value_size, size_t n,
                                    sweep_kcmp *kcmp);

#endif /* SWEEP_CORE_SORT_ARGS_H */
