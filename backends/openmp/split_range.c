/*
 * split_range.c -- typed loops for the common element sizes. A split writes every
 * element to one of two cursors chosen without a branch (random flags would
 * mispredict half the time); a compaction must not write past the kept elements, so
 * it branches.
 */
#include "split_range.h"

#include "elem_copy.h"

#include <string.h>

size_t swomp_count_flags(const uint8_t *flags, size_t lo, size_t hi) {
    size_t c = 0;
    for (size_t i = lo; i < hi; i++)
        c += flags[i] != 0;
    return c;
}

#define SWOMP_SPLIT_LOOP(ES)                                                                       \
    do {                                                                                           \
        if (dst->unflagged) {                                                                      \
            for (size_t i = lo; i < hi; i++) {                                                     \
                size_t f = flags[i] != 0;                                                          \
                /* select the cursor with a mask: random flags defeat a branch */                  \
                uintptr_t pf = (uintptr_t)(fo + a * (ES)), pu = (uintptr_t)(uo + b * (ES));        \
                unsigned char *d = (unsigned char *)(pu ^ ((pf ^ pu) & ((uintptr_t)0 - f)));       \
                memcpy(d, src + i * (ES), (ES));                                                   \
                a += f;                                                                            \
                b += 1 - f;                                                                        \
            }                                                                                      \
        } else {                                                                                   \
            for (size_t i = lo; i < hi; i++)                                                       \
                if (flags[i]) memcpy(fo + (a++) * (ES), src + i * (ES), (ES));                     \
        }                                                                                          \
    } while (0)

void swomp_split_range(const uint8_t *flags, const void *in, size_t elem_size, const void *values,
                       size_t vsize, size_t lo, size_t hi, const swomp_split_dst *dst) {
    const unsigned char *src = (const unsigned char *)in;
    unsigned char *fo = dst->flagged, *uo = dst->unflagged;
    size_t a = 0, b = 0;
    switch (elem_size) {
    case 1: SWOMP_SPLIT_LOOP(1); break;
    case 2: SWOMP_SPLIT_LOOP(2); break;
    case 4: SWOMP_SPLIT_LOOP(4); break;
    case 8: SWOMP_SPLIT_LOOP(8); break;
    case 16: SWOMP_SPLIT_LOOP(16); break;
    default: SWOMP_SPLIT_LOOP(elem_size); break;
    }
    if (!values || !vsize) return;
    const unsigned char *vin = (const unsigned char *)values;
    a = b = 0;
    for (size_t i = lo; i < hi; i++) {
        if (flags[i])
            swomp_copy_value(dst->flagged_values + (a++) * vsize, vin + i * vsize, vsize);
        else if (dst->unflagged_values)
            swomp_copy_value(dst->unflagged_values + (b++) * vsize, vin + i * vsize, vsize);
    }
}
