/*
 * scan_avx2.h -- plain and flag-segmented scans of integer elements with a built-in
 * operator, 32 bytes at a time in AVX2 registers. The scalar loop's carried
 * dependency allows one element per cycle, which on a 16-core machine cost a 2^27
 * u32 scan over 16 threads about a fifth of its time; in registers the elements
 * of a vector are scanned in log steps and only the carry is serial. Integer operators are
 * associative, so the answers are those of the scalar loop, bit for bit.
 */
#ifndef SWEEP_OPENMP_SCAN_AVX2_H
#define SWEEP_OPENMP_SCAN_AVX2_H

#include <stddef.h>
#include <stdint.h>
#include <sweep/backend.h>

/* The loops of one operator. Both scan from the running value *acc (the fold of
 * everything before in[0]), 32 bytes per step, and leave in *acc the fold through
 * the last element done. They return how many elements were done (a multiple of
 * 32 / element size; the caller does the rest). stream: out is 32-byte aligned and
 * is written with streaming stores. in == out is allowed. */
typedef struct swomp_vscan {
    size_t (*scan)(const void *in, void *out, size_t n, void *acc, const void *identity,
                   int exclusive, int stream);
    /* flags[i] != 0 opens a segment at in[i]; *acc continues the one open before in[0]
     * (the caller starts a scan without one at an element it does itself) */
    size_t (*seg_scan)(const void *in, const uint8_t *flags, void *out, size_t n, void *acc,
                       const void *identity, int exclusive, int stream);
} swomp_vscan;

/* The loops of a built-in integer operator, or NULL: custom and floating operators,
 * products of 1- and 8-byte integers, a CPU (or compiler) without AVX2. */
const swomp_vscan *swomp_vscan_for(const sweep_kop *op);

#endif /* SWEEP_OPENMP_SCAN_AVX2_H */
