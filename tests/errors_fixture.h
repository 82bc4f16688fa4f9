/*
 * errors_fixture.h -- what the error-contract cases (cases_errors*.c) share: context
 * buffers with known inputs and poisoned outputs, the check of a refused call (its
 * status, a message naming the function, nothing written), and the operators and
 * comparators every function taking one must refuse.
 */
#ifndef SWEEP_TESTS_ERRORS_FIXTURE_H
#define SWEEP_TESTS_ERRORS_FIXTURE_H

#include "harness.h"

#define E_N 100u
#define E_BYTES (E_N * 16u) /* room for 16-byte values and records */

/* Inputs with known contents and poisoned outputs, all in context memory. */
typedef struct e_bufs {
    unsigned char host_in[E_BYTES], host_keys[E_BYTES];
    uint8_t host_flags[E_N];
    void *in, *keys, *flags, *out, *vout, *count;
    size_t *off_ok, *off_down, *off_big;
} e_bufs;

/* Uploads the inputs and poisons the outputs; 0 (with t failed) when it cannot. */
int e_setup(t_state *t, e_bufs *b);

/* Outputs still poisoned, inputs unchanged. */
int e_untouched(t_state *t, e_bufs *b);

/* The status is want; on failure the message is non-empty and names fn. */
int e_expect(t_state *t, sweep_status got, sweep_status want, const char *fn, const char *what);

#define BAD(call, fn, what) e_expect(&t, (call), SWEEP_ERR_INVALID_ARGUMENT, fn, what)

/* The i32 sum, a valid operator for calls that must fail on another argument. */
sweep_op e_op_i32(void);

/* Operators that every op-taking function must refuse, i < E_N_BAD_OPS, and what
 * each is ("AND on f32"). */
#define E_N_BAD_OPS 6u
sweep_op e_bad_op(unsigned i);
const char *e_bad_op_what(unsigned i);

/* Comparators that every sort and merge must refuse, i < 3, and what each is. */
sweep_compare e_bad_cmp(int which);
const char *e_bad_cmp_what(int which);

/* The start and the end of every case: buffers set up (ctx, in and out at hand),
 * then checked untouched. */
#define E_BEGIN                                                                                    \
    t_state t;                                                                                     \
    t_begin(&t, env, msg, len);                                                                    \
    (void)c;                                                                                       \
    e_bufs *b = t_host(&t, sizeof *b);                                                             \
    if (!b || !e_setup(&t, b)) return t_end(&t);                                                   \
    sweep_context *ctx = env->ctx;                                                                 \
    unsigned char *in = b->in, *out = b->out;                                                      \
    (void)in;                                                                                      \
    (void)out;                                                                                     \
    (void)ctx

#define E_END                                                                                      \
    e_untouched(&t, b);                                                                            \
    return t_end(&t)

#endif /* SWEEP_TESTS_ERRORS_FIXTURE_H */
