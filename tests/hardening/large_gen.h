/*
 * large_gen.h -- seeded inputs of sweep-hardening-large, computed element by element
 * from (seed, index) so that all cores can fill 2^32-element arrays at once and any
 * element can be recomputed by a check.
 *
 * Radix sort keys of 32 bits are a seeded bijection P of the index's low 32 bits:
 * below 2^32 elements all keys differ; at n = 2^32 + d every 32-bit value occurs once
 * and the d values P(0..d-1) twice. The sorted output is then known without sorting,
 * and P's inverse tells every output key's input index (which a values check needs).
 */
#ifndef SWEEP_TESTS_HARDENING_LARGE_GEN_H
#define SWEEP_TESTS_HARDENING_LARGE_GEN_H

#include <stddef.h>
#include <stdint.h>

typedef struct lg_perm {
    uint32_t mul1, mul2, inv1, inv2, add1, add2;
} lg_perm;

/* A 64-bit seed from a name ("scan.u32"): each step gets its own inputs (t_hash). */
uint64_t lg_seed(const char *name);

/* 64 well-mixed bits of element i: value i (from 0) of tests/common's generator
 * (splitmix64) seeded with seed, reached without the i values before it. */
uint64_t lg_bits(uint64_t seed, size_t i);

/* A seeded bijection of 32-bit values and its inverse. */
lg_perm lg_perm_make(uint64_t seed);
uint32_t lg_perm_apply(const lg_perm *p, uint32_t x);
uint32_t lg_perm_invert(const lg_perm *p, uint32_t y);

/* Fills n elements of elem_size (1 or 4) bytes with lg_bits (in parallel). */
void lg_fill_random(void *dst, size_t elem_size, size_t n, uint64_t seed);

/* Split flags: about half zero, the others any non-zero byte (split tests "non-zero",
 * not "== 1"). */
void lg_fill_flags(uint8_t *dst, size_t n, uint64_t seed);

/* keys[i] = P(i mod 2^32); values (may be NULL) [i] = i mod 2^32. */
void lg_fill_perm_keys(uint32_t *keys, uint32_t *values, size_t n, const lg_perm *p);

#endif /* SWEEP_TESTS_HARDENING_LARGE_GEN_H */
