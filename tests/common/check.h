/*
 * check.h -- comparing an operator's outputs with the oracle: integers and custom
 * operators exactly, floating MIN/MAX exactly (+-0.0 equal, NaN equal to NaN), and
 * floating SUM/PROD within the rounding bound of sweep.h, (terms - 1) * eps * sum|x|
 * times a small factor, against the oracle's long double value.
 */
#ifndef SWEEP_TESTS_CHECK_H
#define SWEEP_TESTS_CHECK_H

#include "harness.h"
#include "oracle.h"

/* The float bound's factor over (terms + 1) * eps * magnitude. */
#define T_FLOAT_FACTOR 4.0L

typedef struct t_expect {
    const void *want;         /* oracle result in the element type (n elements)          */
    const long double *exact; /* floating SUM/PROD: exact values, else NULL              */
    const long double *mag;
    const size_t *terms;
    const uint8_t *inside; /* NULL = every element is an output; 0 = must equal want bytes
                              (the poison the oracle left there) */
} t_expect;

/* Checks n outputs of op. */
int t_check_op_output(t_state *t, const char *what, const o_op *op, const void *got,
                      const t_expect *e, size_t n);

/* Fills e for the scan of in (segments by heads, NULL = one) whose oracle result is
 * want: allocates the exact/magnitude arrays when op is a floating SUM or PROD. */
int t_expect_scan(t_state *t, const o_op *op, const void *in, const uint8_t *heads, size_t n,
                  int exclusive, const void *want, t_expect *e);

/* The float bound check for one value. */
int t_float_close(sweep_dtype dtype, const void *got, long double exact, long double mag,
                  size_t terms);

/* Whether a GPU backend answered a custom operator or comparator with "no runtime
 * compiler here" (SWEEP_ERR_UNSUPPORTED naming NVRTC or hipRTC): the only reason a
 * GPU case with device source may skip instead of fail. Reads sweep_last_error(). */
int t_runtime_compiler_missing(const t_env *env, sweep_status st);

#endif /* SWEEP_TESTS_CHECK_H */
