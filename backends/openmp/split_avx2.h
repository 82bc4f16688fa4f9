/*
 * split_avx2.h -- the staged split loop of 4-byte elements with AVX2: eight
 * elements leave for their stages in two permuted vector stores instead of sixteen
 * scalar ones, which keeps a thread's split ahead of its share of memory bandwidth;
 * and the count of the flags, 32 per compare.
 */
#ifndef SWEEP_OPENMP_SPLIT_AVX2_H
#define SWEEP_OPENMP_SPLIT_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "stream_stage.h"

/* Appends 4-byte elements [lo, hi) of src to the flagged stage sf, and the others to
 * su (NULL: dropped), as split_range.c's staged loops do. Returns 0, having done
 * nothing, when the CPU (or the compiler) has no AVX2 and BMI2. */
int swomp_split4_avx2(const uint8_t *flags, const unsigned char *src, size_t lo, size_t hi,
                      swomp_stage *sf, swomp_stage *su);

/* Sets *count to the number of non-zero flags in [lo, hi) and returns 1, or returns 0
 * without AVX2. */
int swomp_count_flags_avx2(const uint8_t *flags, size_t lo, size_t hi, size_t *count);

#endif /* SWEEP_OPENMP_SPLIT_AVX2_H */
