/*
 * host_ops.h -- built-in and custom operators applied on the CPU, shared by the
 * serial and OpenMP backends. sweep_host_op_resolve() turns an operator into one
 * function pointer, so an inner loop pays one indirect call per element instead of a
 * switch over kind and dtype. Header-only, C11.
 */
#ifndef SWEEP_HOST_OPS_H
#define SWEEP_HOST_OPS_H

#include <math.h>
#include <string.h>
#include <sweep/backend.h>

/* *out = *a op *b; out may alias a or b. */
typedef void (*sweep_host_combine)(const sweep_kop *op, const void *a, const void *b, void *out);

#define SWEEP_HOST_BINOP(name, T, expr)                                                            \
    static inline void sweep_host_##name(const sweep_kop *op, const void *pa, const void *pb,      \
                                         void *po) {                                               \
        (void)op;                                                                                  \
        T a, b, r;                                                                                 \
        memcpy(&a, pa, sizeof a);                                                                  \
        memcpy(&b, pb, sizeof b);                                                                  \
        r = (T)(expr);                                                                             \
        memcpy(po, &r, sizeof r);                                                                  \
    }

/* Integer sums and products wrap: compute in the unsigned type of the same width. */
#define SWEEP_HOST_INT_OPS(s, T, U)                                                                \
    SWEEP_HOST_BINOP(sum_##s, T, (U)((U)a + (U)b))                                                 \
    SWEEP_HOST_BINOP(prod_##s, T, (U)((U)a * (U)b))                                                \
    SWEEP_HOST_BINOP(min_##s, T, b < a ? b : a)                                                    \
    SWEEP_HOST_BINOP(max_##s, T, a < b ? b : a)                                                    \
    SWEEP_HOST_BINOP(and_##s, T, a &b)                                                             \
    SWEEP_HOST_BINOP(or_##s, T, a | b)                                                             \
    SWEEP_HOST_BINOP(xor_##s, T, a ^ b)

/* Products of narrow unsigned types promote to int; go through unsigned int so no
 * signed overflow can occur. */
SWEEP_HOST_INT_OPS(i8, int8_t, unsigned)
SWEEP_HOST_INT_OPS(i16, int16_t, unsigned)
SWEEP_HOST_INT_OPS(i32, int32_t, uint32_t)
SWEEP_HOST_INT_OPS(i64, int64_t, uint64_t)
SWEEP_HOST_INT_OPS(u8, uint8_t, unsigned)
SWEEP_HOST_INT_OPS(u16, uint16_t, unsigned)
SWEEP_HOST_INT_OPS(u32, uint32_t, uint32_t)
SWEEP_HOST_INT_OPS(u64, uint64_t, uint64_t)

/* Floating MIN and MAX as sweep.h defines them: a NaN operand, quiet or signalling,
 * is ignored unless both are NaN, and -0.0 orders before +0.0, so a range's result
 * does not depend on how it is grouped, and every backend gives the same one. (C's
 * fmin may answer NaN for a signalling NaN, as glibc's does, and either zero.) Plain
 * compares and selects, which the compilers vectorise. */
#define SWEEP_HOST_FLOAT_MINMAX(s, T)                                                              \
    static inline T sweep_host_fmin_##s(T a, T b) {                                                \
        return b != b ? a : (a != a || b < a || (b == a && signbit(b))) ? b : a;                   \
    }                                                                                              \
    static inline T sweep_host_fmax_##s(T a, T b) {                                                \
        return b != b ? a : (a != a || a < b || (b == a && !signbit(b))) ? b : a;                  \
    }
SWEEP_HOST_FLOAT_MINMAX(f32, float)
SWEEP_HOST_FLOAT_MINMAX(f64, double)

SWEEP_HOST_BINOP(sum_f32, float, a + b)
SWEEP_HOST_BINOP(prod_f32, float, a *b)
SWEEP_HOST_BINOP(min_f32, float, sweep_host_fmin_f32(a, b))
SWEEP_HOST_BINOP(max_f32, float, sweep_host_fmax_f32(a, b))
SWEEP_HOST_BINOP(sum_f64, double, a + b)
SWEEP_HOST_BINOP(prod_f64, double, a *b)
SWEEP_HOST_BINOP(min_f64, double, sweep_host_fmin_f64(a, b))
SWEEP_HOST_BINOP(max_f64, double, sweep_host_fmax_f64(a, b))

static inline void sweep_host_custom(const sweep_kop *op, const void *a, const void *b, void *out) {
    op->custom->combine(a, b, out, op->custom->user);
}

#define SWEEP_HOST_INT_ROW(s)                                                                      \
    {                                                                                              \
        sweep_host_sum_##s, sweep_host_prod_##s, sweep_host_min_##s, sweep_host_max_##s,           \
            sweep_host_and_##s, sweep_host_or_##s, sweep_host_xor_##s                              \
    }
#define SWEEP_HOST_FLOAT_ROW(s)                                                                    \
    {                                                                                              \
        sweep_host_sum_##s, sweep_host_prod_##s, sweep_host_min_##s, sweep_host_max_##s, NULL,     \
            NULL, NULL                                                                             \
    }

/* The combine function of an operator (validated by the core; never NULL for one). */
static inline sweep_host_combine sweep_host_op_resolve(const sweep_kop *op) {
    static const sweep_host_combine table[SWEEP_DTYPE_COUNT][7] = {
        SWEEP_HOST_INT_ROW(i8),   SWEEP_HOST_INT_ROW(i16), SWEEP_HOST_INT_ROW(i32),
        SWEEP_HOST_INT_ROW(i64),  SWEEP_HOST_INT_ROW(u8),  SWEEP_HOST_INT_ROW(u16),
        SWEEP_HOST_INT_ROW(u32),  SWEEP_HOST_INT_ROW(u64), SWEEP_HOST_FLOAT_ROW(f32),
        SWEEP_HOST_FLOAT_ROW(f64)};
    if (op->kind == SWEEP_OP_CUSTOM) return sweep_host_custom;
    return table[op->dtype][op->kind];
}

#endif /* SWEEP_HOST_OPS_H */
