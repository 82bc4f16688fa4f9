/* The fixture of the error-contract cases (see errors_fixture.h). */
#include "errors_fixture.h"

#include "gen.h"

#include <string.h>

int e_setup(t_state *t, e_bufs *b) {
    t_rng rng;
    t_rng_seed(&rng, "errors");
    t_gen_bytes(&rng, b->host_in, sizeof b->host_in);
    /* sorted-enough keys are irrelevant: every call here must fail before reading */
    t_gen_bytes(&rng, b->host_keys, sizeof b->host_keys);
    t_gen_flags(&rng, b->host_flags, E_N, 500);
    static const size_t ok[4] = {0, 10, 50, E_N}, down[4] = {0, 50, 10, E_N},
                        big[4] = {0, 10, 50, E_N + 1};
    b->in = t_dev_upload(t, b->host_in, E_BYTES);
    b->keys = t_dev_upload(t, b->host_keys, E_BYTES);
    b->flags = t_dev_upload(t, b->host_flags, E_N);
    b->off_ok = t_dev_upload(t, ok, sizeof ok);
    b->off_down = t_dev_upload(t, down, sizeof down);
    b->off_big = t_dev_upload(t, big, sizeof big);
    b->out = t_dev_poisoned(t, E_BYTES);
    b->vout = t_dev_poisoned(t, E_BYTES);
    b->count = t_dev_poisoned(t, sizeof(size_t));
    return !t->failed;
}

int e_untouched(t_state *t, e_bufs *b) {
    unsigned char back[E_BYTES];
    if (!t_expect_poisoned(t, b->out, E_BYTES, "out") ||
        !t_expect_poisoned(t, b->vout, E_BYTES, "values out") ||
        !t_expect_poisoned(t, b->count, sizeof(size_t), "count"))
        return 0;
    if (!t_download(t, back, b->in, E_BYTES, "in") ||
        !t_compare_bytes(t, "input after failed calls", back, b->host_in, E_BYTES, 1))
        return 0;
    return t_download(t, back, b->keys, E_BYTES, "keys") &&
           t_compare_bytes(t, "keys after failed calls", back, b->host_keys, E_BYTES, 1);
}

int e_expect(t_state *t, sweep_status got, sweep_status want, const char *fn, const char *what) {
    const char *m = sweep_last_error();
    if (got != want)
        return t_fail(t, "%s with %s: got %s, want %s (message: \"%s\")", fn, what,
                      sweep_status_string(got), sweep_status_string(want), m ? m : "(NULL)");
    if (!m) return t_fail(t, "%s with %s: sweep_last_error() is NULL", fn, what);
    if (want == SWEEP_OK) {
        if (m[0]) return t_fail(t, "%s with %s: succeeded but the message is \"%s\"", fn, what, m);
        return 1;
    }
    if (!m[0]) return t_fail(t, "%s with %s: empty sweep_last_error()", fn, what);
    if (!strstr(m, fn))
        return t_fail(t, "%s with %s: message \"%s\" does not name it", fn, what, m);
    return 1;
}

sweep_op e_op_i32(void) {
    return sweep_op_builtin(SWEEP_OP_SUM, SWEEP_I32);
}

static const struct {
    sweep_op_kind kind;
    sweep_dtype dtype;
    const char *what;
} bad_ops[] = {
    {(sweep_op_kind)99, SWEEP_I32, "an unknown op kind"},
    {SWEEP_OP_SUM, (sweep_dtype)99, "an unknown dtype"},
    {SWEEP_OP_AND, SWEEP_F32, "AND on f32"},
    {SWEEP_OP_OR, SWEEP_F64, "OR on f64"},
    {SWEEP_OP_XOR, SWEEP_F32, "XOR on f32"},
    {SWEEP_OP_CUSTOM, SWEEP_I32, "a custom op without an operator"},
};
_Static_assert(sizeof bad_ops / sizeof bad_ops[0] == E_N_BAD_OPS, "E_N_BAD_OPS");

sweep_op e_bad_op(unsigned i) {
    sweep_op op;
    op.kind = bad_ops[i].kind;
    op.dtype = bad_ops[i].dtype;
    op.custom = NULL;
    return op;
}

const char *e_bad_op_what(unsigned i) {
    return bad_ops[i].what;
}

sweep_compare e_bad_cmp(int which) {
    sweep_compare c = sweep_compare_builtin(SWEEP_U32, 0);
    if (which == 0) c.kind = (sweep_compare_kind)9;
    if (which == 1) c.dtype = (sweep_dtype)55;
    if (which == 2) {
        c.kind = SWEEP_COMPARE_CUSTOM;
        c.custom = NULL;
    }
    return c;
}

const char *e_bad_cmp_what(int which) {
    static const char *what[] = {"an unknown compare kind", "an unknown compare dtype",
                                 "a custom compare without a comparator"};
    return what[which];
}
