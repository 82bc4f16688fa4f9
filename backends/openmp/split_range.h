/*
 * split_range.h -- the stable scatter by flags of one contiguous range, shared by
 * the fused split and the flag_scatter kernel.
 */
#ifndef SWEEP_OPENMP_SPLIT_RANGE_H
#define SWEEP_OPENMP_SPLIT_RANGE_H

#include <stddef.h>
#include <stdint.h>

typedef struct swomp_split_dst {
    unsigned char *flagged;        /* where the range's first flagged element goes   */
    unsigned char *flagged_values; /* NULL without values                             */
    unsigned char *unflagged;      /* NULL: unflagged elements are dropped (compact)  */
    unsigned char *unflagged_values;
    int stream; /* outputs far larger than the caches: stream whole lines */
} swomp_split_dst;

/* Scatters elements [lo, hi) of in (and values) by flags, in order. */
void swomp_split_range(const uint8_t *flags, const void *in, size_t elem_size, const void *values,
                       size_t vsize, size_t lo, size_t hi, const swomp_split_dst *dst);

/* Number of non-zero flags in [lo, hi). */
size_t swomp_count_flags(const uint8_t *flags, size_t lo, size_t hi);

#endif /* SWEEP_OPENMP_SPLIT_RANGE_H */
