/*
 * custom.h -- custom operators and comparators as the test programs make them: their
 * descriptors in one call, and affine maps x -> a*x + b composed ("first, then
 * second": x -> s.a*(f.a*x + f.b) + s.b), associative but not commutative, so a
 * backend that swaps operands or applies a carry on the wrong side gives another
 * answer. One definition serves every coefficient type (C and device source alike);
 * the 32-bit one is the operator the fuzz harness and the hardening programs share.
 */
#ifndef SWEEP_TESTS_CUSTOM_H
#define SWEEP_TESTS_CUSTOM_H

#include "oracle.h"

#include <stdint.h>
#include <string.h>
#include <sweep/sweep.h>

/* A zeroed descriptor with these fields (device_source may be NULL). */
sweep_custom_op_desc t_op_desc(const char *name, size_t elem_size, size_t elem_align,
                               const void *identity, sweep_combine_fn combine,
                               const char *device_source);
sweep_custom_compare_desc t_compare_desc(const char *name, size_t key_size, size_t key_align,
                                         sweep_less_fn less, const char *device_source);

/* The body of a combine function composing affine maps of TYPE, a struct {T a, b;}:
 * *OUT = FIRST then SECOND, computed in W (wide enough that nothing is promoted to a
 * signed type) and truncated to T. */
#define T_AFFINE_COMPOSE(FIRST, SECOND, OUT, TYPE, T, W)                                           \
    do {                                                                                           \
        TYPE f_, s_, r_;                                                                           \
        memcpy(&f_, FIRST, sizeof f_);                                                             \
        memcpy(&s_, SECOND, sizeof s_);                                                            \
        r_.a = (T)((W)s_.a * (W)f_.a);                                                             \
        r_.b = (T)((W)s_.a * (W)f_.b + (W)s_.b);                                                   \
        memcpy(OUT, &r_, sizeof r_);                                                               \
    } while (0)

/* The device source of the same composition: struct STRUCT {T a, b;} and a __device__
 * function FN (all four arguments string literals; T and W spelled as device code
 * spells them, e.g. "uint16_t" and "uint32_t"). */
#define T_AFFINE_SOURCE(STRUCT, FN, T, W)                                                          \
    "struct " STRUCT " { " T " a, b; };\n"                                                         \
    "__device__ " STRUCT " " FN "(" STRUCT " f, " STRUCT " s) {\n"                                 \
    "    " STRUCT " r;\n"                                                                          \
    "    r.a = (" T ")((" W ")s.a * (" W ")f.a);\n"                                                \
    "    r.b = (" T ")((" W ")s.a * (" W ")f.b + (" W ")s.b);\n"                                   \
    "    return r;\n"                                                                              \
    "}\n"

/* Affine maps on uint32_t (mod 2^32): the operator "affine_then". */
typedef struct t_affine32 {
    uint32_t a, b;
} t_affine32;

void t_affine32_then(const void *first, const void *second, void *out, void *user);
/* Its descriptor, with device source for GPU backends. */
sweep_custom_op_desc t_affine32_desc(void);
/* The oracle's form of it. */
o_op t_affine32_oracle(void);

#endif /* SWEEP_TESTS_CUSTOM_H */
