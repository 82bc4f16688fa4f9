/* The error contract: every bad argument of every public function gives its
 * documented status, a non-empty sweep_last_error() naming the function, and leaves
 * every output untouched; n == 0 writes nothing; status strings; backend queries. */
#include "families.h"
#include "gen.h"

#include <stdio.h>
#include <string.h>

#define E_N 100u
#define E_BYTES (E_N * 16u) /* room for 16-byte values and records */

/* Inputs with known contents and poisoned outputs, all in context memory. */
typedef struct e_bufs {
    unsigned char host_in[E_BYTES], host_keys[E_BYTES];
    uint8_t host_flags[E_N];
    void *in, *keys, *flags, *out, *vout, *count;
    size_t *off_ok, *off_down, *off_big;
} e_bufs;

static int e_setup(t_state *t, e_bufs *b) {
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

/* Outputs still poisoned, inputs unchanged. */
static int e_untouched(t_state *t, e_bufs *b) {
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

/* The status is want; on failure the message is non-empty and names fn. */
static int e_expect(t_state *t, sweep_status got, sweep_status want, const char *fn,
                    const char *what) {
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

#define BAD(call, fn, what) e_expect(&t, (call), SWEEP_ERR_INVALID_ARGUMENT, fn, what)

static sweep_op op_i32(void) {
    return sweep_op_builtin(SWEEP_OP_SUM, SWEEP_I32);
}

/* Operators that every op-taking function must refuse. */
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
#define N_BAD_OPS (sizeof bad_ops / sizeof bad_ops[0])

static sweep_op bad_op(unsigned i) {
    sweep_op op;
    op.kind = bad_ops[i].kind;
    op.dtype = bad_ops[i].dtype;
    op.custom = NULL;
    return op;
}

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

static t_result e_scan(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_scan";
    BAD(sweep_scan(NULL, op_i32(), in, out, E_N, SWEEP_INCLUSIVE), fn, "ctx NULL");
    BAD(sweep_scan(ctx, op_i32(), NULL, out, E_N, SWEEP_INCLUSIVE), fn, "in NULL");
    BAD(sweep_scan(ctx, op_i32(), in, NULL, E_N, SWEEP_INCLUSIVE), fn, "out NULL");
    BAD(sweep_scan(ctx, op_i32(), in, out, E_N, (sweep_scan_kind)5), fn, "an unknown scan kind");
    for (unsigned i = 0; i < N_BAD_OPS; ++i)
        BAD(sweep_scan(ctx, bad_op(i), in, out, E_N, SWEEP_EXCLUSIVE), fn, bad_ops[i].what);
    BAD(sweep_scan(ctx, op_i32(), in, in + 4, E_N, SWEEP_INCLUSIVE), fn, "out = in + 1 element");
    BAD(sweep_scan(ctx, op_i32(), in + 4, in, E_N, SWEEP_INCLUSIVE), fn, "in = out + 1 element");
    E_END;
}

static t_result e_segscan_flags(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_segmented_scan_flags";
    const uint8_t *f = b->flags;
    BAD(sweep_segmented_scan_flags(NULL, op_i32(), in, f, out, E_N, 0), fn, "ctx NULL");
    BAD(sweep_segmented_scan_flags(ctx, op_i32(), NULL, f, out, E_N, 0), fn, "in NULL");
    BAD(sweep_segmented_scan_flags(ctx, op_i32(), in, NULL, out, E_N, 0), fn, "head_flags NULL");
    BAD(sweep_segmented_scan_flags(ctx, op_i32(), in, f, NULL, E_N, 0), fn, "out NULL");
    BAD(sweep_segmented_scan_flags(ctx, op_i32(), in, f, out, E_N, (sweep_scan_kind)9), fn,
        "an unknown scan kind");
    for (unsigned i = 0; i < N_BAD_OPS; ++i)
        BAD(sweep_segmented_scan_flags(ctx, bad_op(i), in, f, out, E_N, 0), fn, bad_ops[i].what);
    BAD(sweep_segmented_scan_flags(ctx, op_i32(), in, f, in + 8, E_N, 0), fn,
        "out = in + 2 elements");
    E_END;
}

static t_result e_segscan_offsets(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_segmented_scan_offsets";
    BAD(sweep_segmented_scan_offsets(NULL, op_i32(), in, out, E_N, b->off_ok, 3, 0), fn,
        "ctx NULL");
    BAD(sweep_segmented_scan_offsets(ctx, op_i32(), NULL, out, E_N, b->off_ok, 3, 0), fn,
        "in NULL");
    BAD(sweep_segmented_scan_offsets(ctx, op_i32(), in, NULL, E_N, b->off_ok, 3, 0), fn,
        "out NULL");
    BAD(sweep_segmented_scan_offsets(ctx, op_i32(), in, out, E_N, NULL, 3, 0), fn, "offsets NULL");
    BAD(sweep_segmented_scan_offsets(ctx, op_i32(), in, out, E_N, b->off_down, 3, 0), fn,
        "decreasing offsets");
    BAD(sweep_segmented_scan_offsets(ctx, op_i32(), in, out, E_N, b->off_big, 3, 0), fn,
        "offsets[nseg] > n");
    BAD(sweep_segmented_scan_offsets(ctx, op_i32(), in, out, 40, b->off_ok, 3, 0), fn,
        "offsets beyond a smaller n");
    BAD(sweep_segmented_scan_offsets(ctx, op_i32(), in, out, E_N, b->off_ok, 3, (sweep_scan_kind)3),
        fn, "an unknown scan kind");
    for (unsigned i = 0; i < N_BAD_OPS; ++i)
        BAD(sweep_segmented_scan_offsets(ctx, bad_op(i), in, out, E_N, b->off_ok, 3, 0), fn,
            bad_ops[i].what);
    BAD(sweep_segmented_scan_offsets(ctx, op_i32(), in, in + 4, E_N, b->off_ok, 3, 0), fn,
        "out = in + 1 element");
    E_END;
}

static t_result e_scan_by_key(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_scan_by_key";
    void *k = b->keys;
    BAD(sweep_scan_by_key(NULL, op_i32(), k, SWEEP_U32, in, out, E_N, 0), fn, "ctx NULL");
    BAD(sweep_scan_by_key(ctx, op_i32(), NULL, SWEEP_U32, in, out, E_N, 0), fn, "keys NULL");
    BAD(sweep_scan_by_key(ctx, op_i32(), k, SWEEP_U32, NULL, out, E_N, 0), fn, "in NULL");
    BAD(sweep_scan_by_key(ctx, op_i32(), k, SWEEP_U32, in, NULL, E_N, 0), fn, "out NULL");
    BAD(sweep_scan_by_key(ctx, op_i32(), k, (sweep_dtype)42, in, out, E_N, 0), fn,
        "an unknown key dtype");
    BAD(sweep_scan_by_key(ctx, op_i32(), k, SWEEP_U32, in, out, E_N, (sweep_scan_kind)2), fn,
        "an unknown scan kind");
    for (unsigned i = 0; i < N_BAD_OPS; ++i)
        BAD(sweep_scan_by_key(ctx, bad_op(i), k, SWEEP_U32, in, out, E_N, 0), fn, bad_ops[i].what);
    /* keys must not overlap out: the output is the keys buffer itself */
    BAD(sweep_scan_by_key(ctx, op_i32(), in, SWEEP_U32, in, in, E_N, 0), fn, "keys == out");
    BAD(sweep_scan_by_key(ctx, op_i32(), k, SWEEP_U32, in, in + 4, E_N, 0), fn,
        "out = in + 1 element");
    E_END;
}

static t_result e_reduce(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_reduce";
    BAD(sweep_reduce(NULL, op_i32(), in, E_N, out), fn, "ctx NULL");
    BAD(sweep_reduce(ctx, op_i32(), NULL, E_N, out), fn, "in NULL");
    BAD(sweep_reduce(ctx, op_i32(), in, E_N, NULL), fn, "out NULL");
    for (unsigned i = 0; i < N_BAD_OPS; ++i)
        BAD(sweep_reduce(ctx, bad_op(i), in, E_N, out), fn, bad_ops[i].what);
    E_END;
}

static t_result e_segreduce(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_segmented_reduce";
    BAD(sweep_segmented_reduce(NULL, op_i32(), in, E_N, b->off_ok, 3, out), fn, "ctx NULL");
    BAD(sweep_segmented_reduce(ctx, op_i32(), NULL, E_N, b->off_ok, 3, out), fn, "in NULL");
    BAD(sweep_segmented_reduce(ctx, op_i32(), in, E_N, NULL, 3, out), fn, "offsets NULL");
    BAD(sweep_segmented_reduce(ctx, op_i32(), in, E_N, b->off_ok, 3, NULL), fn, "out NULL");
    BAD(sweep_segmented_reduce(ctx, op_i32(), in, E_N, b->off_down, 3, out), fn,
        "decreasing offsets");
    BAD(sweep_segmented_reduce(ctx, op_i32(), in, E_N, b->off_big, 3, out), fn,
        "offsets[nseg] > n");
    for (unsigned i = 0; i < N_BAD_OPS; ++i)
        BAD(sweep_segmented_reduce(ctx, bad_op(i), in, E_N, b->off_ok, 3, out), fn,
            bad_ops[i].what);
    BAD(sweep_segmented_reduce(ctx, op_i32(), in, E_N, b->off_ok, 3, in + 8), fn, "out inside in");
    E_END;
}

static t_result e_split(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_split";
    const uint8_t *f = b->flags;
    void *v = b->keys, *vo = b->vout;
    size_t *cnt = b->count;
    BAD(sweep_split(NULL, f, in, out, 4, NULL, NULL, 0, E_N, cnt), fn, "ctx NULL");
    BAD(sweep_split(ctx, NULL, in, out, 4, NULL, NULL, 0, E_N, cnt), fn, "flags NULL");
    BAD(sweep_split(ctx, f, NULL, out, 4, NULL, NULL, 0, E_N, cnt), fn, "in NULL");
    BAD(sweep_split(ctx, f, in, NULL, 4, NULL, NULL, 0, E_N, cnt), fn, "out NULL");
    BAD(sweep_split(ctx, f, in, out, 0, NULL, NULL, 0, E_N, cnt), fn, "elem_size 0");
    BAD(sweep_split(ctx, f, in, out, 4, v, NULL, 4, E_N, cnt), fn, "values_out NULL");
    BAD(sweep_split(ctx, f, in, out, 4, NULL, vo, 4, E_N, cnt), fn, "values_in NULL");
    BAD(sweep_split(ctx, f, in, out, 4, NULL, NULL, 4, E_N, cnt), fn, "value_size without values");
    BAD(sweep_split(ctx, f, in, out, 4, v, vo, 0, E_N, cnt), fn, "values with value_size 0");
    BAD(sweep_split(ctx, f, in, in + 4, 4, NULL, NULL, 0, E_N, cnt), fn, "out = in + 1 element");
    BAD(sweep_split(ctx, f, in, out, 4, v, v, 4, E_N, cnt), fn, "values_out == values_in");
    BAD(sweep_split(ctx, f, in, out, 4, v, out, 4, E_N, cnt), fn, "values_out == out");
    E_END;
}

static t_result e_compact(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_compact";
    const uint8_t *f = b->flags;
    size_t *cnt = b->count;
    BAD(sweep_compact(NULL, f, in, out, 4, E_N, cnt), fn, "ctx NULL");
    BAD(sweep_compact(ctx, NULL, in, out, 4, E_N, cnt), fn, "flags NULL");
    BAD(sweep_compact(ctx, f, NULL, out, 4, E_N, cnt), fn, "in NULL");
    BAD(sweep_compact(ctx, f, in, NULL, 4, E_N, cnt), fn, "out NULL");
    BAD(sweep_compact(ctx, f, in, out, 0, E_N, cnt), fn, "elem_size 0");
    BAD(sweep_compact(ctx, f, in, in, 4, E_N, cnt), fn, "out == in");
    BAD(sweep_compact(ctx, f, in, in + 12, 4, E_N, cnt), fn, "out = in + 3 elements");
    E_END;
}

static t_result e_radix(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_radix_sort";
    void *k = b->keys, *v = b->in, *vo = b->vout;
    sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32), x;
    BAD(sweep_radix_sort(NULL, k, out, NULL, NULL, E_N, &d), fn, "ctx NULL");
    BAD(sweep_radix_sort(ctx, k, out, NULL, NULL, E_N, NULL), fn, "desc NULL");
    BAD(sweep_radix_sort(ctx, NULL, out, NULL, NULL, E_N, &d), fn, "keys_in NULL");
    BAD(sweep_radix_sort(ctx, k, NULL, NULL, NULL, E_N, &d), fn, "keys_out NULL");
    x = d;
    x.key_dtype = (sweep_dtype)77;
    BAD(sweep_radix_sort(ctx, k, out, NULL, NULL, E_N, &x), fn, "an unknown key dtype");
    x = d;
    x.begin_bit = 8;
    x.end_bit = 8;
    BAD(sweep_radix_sort(ctx, k, out, NULL, NULL, E_N, &x), fn, "begin_bit == end_bit");
    x.begin_bit = 9;
    BAD(sweep_radix_sort(ctx, k, out, NULL, NULL, E_N, &x), fn, "begin_bit > end_bit");
    x = d;
    x.end_bit = 40;
    BAD(sweep_radix_sort(ctx, k, out, NULL, NULL, E_N, &x), fn, "end_bit 40 on a 32-bit key");
    x = sweep_sort_desc_make(SWEEP_I8);
    x.end_bit = 9;
    BAD(sweep_radix_sort(ctx, k, out, NULL, NULL, E_N, &x), fn, "end_bit 9 on an 8-bit key");
    static const size_t bad_vs[] = {3, 5, 12, 32};
    for (unsigned i = 0; i < 4; ++i) {
        char what[48];
        snprintf(what, sizeof what, "value_size %zu", bad_vs[i]);
        x = d;
        x.value_size = bad_vs[i];
        BAD(sweep_radix_sort(ctx, k, out, v, vo, E_N, &x), fn, what);
    }
    x = d;
    x.value_size = 4;
    BAD(sweep_radix_sort(ctx, k, out, NULL, NULL, E_N, &x), fn, "value_size 4 without values");
    BAD(sweep_radix_sort(ctx, k, out, v, NULL, E_N, &x), fn, "values_out NULL");
    BAD(sweep_radix_sort(ctx, k, out, v, vo, E_N, &d), fn, "values with value_size 0");
    BAD(sweep_radix_sort(ctx, k, (unsigned char *)k + 4, NULL, NULL, E_N, &d), fn,
        "keys_out = keys_in + 1 key");
    BAD(sweep_radix_sort(ctx, k, out, v, (unsigned char *)v + 8, E_N, &x), fn,
        "values_out = values_in + 2 values");
    E_END;
}

static sweep_compare bad_cmp(int which) {
    sweep_compare c = sweep_compare_builtin(SWEEP_U32, 0);
    if (which == 0) c.kind = (sweep_compare_kind)9;
    if (which == 1) c.dtype = (sweep_dtype)55;
    if (which == 2) {
        c.kind = SWEEP_COMPARE_CUSTOM;
        c.custom = NULL;
    }
    return c;
}
static const char *bad_cmp_what[] = {"an unknown compare kind", "an unknown compare dtype",
                                     "a custom compare without a comparator"};

static t_result e_merge_sort(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_merge_sort";
    void *k = b->keys, *v = b->in, *vo = b->vout;
    sweep_compare cmp = sweep_compare_builtin(SWEEP_U32, 0);
    BAD(sweep_merge_sort(NULL, k, out, NULL, NULL, 0, E_N, cmp), fn, "ctx NULL");
    BAD(sweep_merge_sort(ctx, NULL, out, NULL, NULL, 0, E_N, cmp), fn, "keys_in NULL");
    BAD(sweep_merge_sort(ctx, k, NULL, NULL, NULL, 0, E_N, cmp), fn, "keys_out NULL");
    for (int i = 0; i < 3; ++i)
        BAD(sweep_merge_sort(ctx, k, out, NULL, NULL, 0, E_N, bad_cmp(i)), fn, bad_cmp_what[i]);
    BAD(sweep_merge_sort(ctx, k, out, v, vo, 3, E_N, cmp), fn, "value_size 3");
    BAD(sweep_merge_sort(ctx, k, out, v, vo, 32, E_N, cmp), fn, "value_size 32");
    BAD(sweep_merge_sort(ctx, k, out, NULL, NULL, 4, E_N, cmp), fn, "value_size 4 without values");
    BAD(sweep_merge_sort(ctx, k, out, v, vo, 0, E_N, cmp), fn, "values with value_size 0");
    BAD(sweep_merge_sort(ctx, k, (unsigned char *)k + 4, NULL, NULL, 0, E_N, cmp), fn,
        "keys_out = keys_in + 1 key");
    E_END;
}

static t_result e_merge(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_merge";
    unsigned char *a = b->keys, *bk = a + 4 * 50, *v = b->in, *vo = b->vout;
    sweep_compare cmp = sweep_compare_builtin(SWEEP_U32, 0);
    BAD(sweep_merge(NULL, a, NULL, 50, bk, NULL, 50, out, NULL, 0, cmp), fn, "ctx NULL");
    BAD(sweep_merge(ctx, NULL, NULL, 50, bk, NULL, 50, out, NULL, 0, cmp), fn, "a_keys NULL");
    BAD(sweep_merge(ctx, a, NULL, 50, NULL, NULL, 50, out, NULL, 0, cmp), fn, "b_keys NULL");
    BAD(sweep_merge(ctx, a, NULL, 50, bk, NULL, 50, NULL, NULL, 0, cmp), fn, "out_keys NULL");
    for (int i = 0; i < 3; ++i)
        BAD(sweep_merge(ctx, a, NULL, 50, bk, NULL, 50, out, NULL, 0, bad_cmp(i)), fn,
            bad_cmp_what[i]);
    BAD(sweep_merge(ctx, a, v, 50, bk, v + 400, 50, out, vo, 3, cmp), fn, "value_size 3");
    BAD(sweep_merge(ctx, a, NULL, 50, bk, NULL, 50, out, NULL, 4, cmp), fn,
        "value_size 4 without values");
    BAD(sweep_merge(ctx, a, v, 50, bk, v + 400, 50, out, NULL, 4, cmp), fn, "out_values NULL");
    BAD(sweep_merge(ctx, a, NULL, 50, bk, NULL, 50, a + 4, NULL, 0, cmp), fn, "out overlapping a");
    BAD(sweep_merge(ctx, a, NULL, 50, bk, NULL, 50, bk, NULL, 0, cmp), fn, "out == b");
    BAD(sweep_merge(ctx, a, v, 50, bk, v + 400, 50, out, v + 4, 4, cmp), fn,
        "out_values overlapping a_values");
    E_END;
}

/* n == 0 is valid everywhere and writes nothing, with real or NULL pointers. */
static t_result e_zero_n(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const uint8_t *f = b->flags;
    void *k = b->keys, *vo = b->vout;
    size_t *cnt = b->count;
    static const size_t zero_offsets[1] = {0};
    size_t *d_zero = t_dev_upload(&t, zero_offsets, sizeof zero_offsets);
    if (t.failed) return t_end(&t);
    sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32);
    sweep_compare cmp = sweep_compare_builtin(SWEEP_U32, 0);
    for (int nulls = 0; nulls < 2; ++nulls) {
        const char *what = nulls ? "n = 0 and NULL pointers" : "n = 0";
        void *i0 = nulls ? NULL : in, *o0 = nulls ? NULL : out, *k0 = nulls ? NULL : k;
        const uint8_t *f0 = nulls ? NULL : f;
        size_t *c0 = nulls ? NULL : cnt;
#define OK(call, fn) e_expect(&t, (call), SWEEP_OK, fn, what)
        OK(sweep_scan(ctx, op_i32(), i0, o0, 0, SWEEP_EXCLUSIVE), "sweep_scan");
        OK(sweep_segmented_scan_flags(ctx, op_i32(), i0, f0, o0, 0, SWEEP_EXCLUSIVE),
           "sweep_segmented_scan_flags");
        OK(sweep_segmented_scan_offsets(ctx, op_i32(), i0, o0, 0, d_zero, 0, SWEEP_EXCLUSIVE),
           "sweep_segmented_scan_offsets");
        OK(sweep_scan_by_key(ctx, op_i32(), k0, SWEEP_U32, i0, o0, 0, SWEEP_EXCLUSIVE),
           "sweep_scan_by_key");
        OK(sweep_reduce(ctx, op_i32(), i0, 0, out), "sweep_reduce");
        OK(sweep_segmented_reduce(ctx, op_i32(), i0, 0, d_zero, 0, o0), "sweep_segmented_reduce");
        OK(sweep_split(ctx, f0, i0, o0, 4, NULL, NULL, 0, 0, c0), "sweep_split");
        OK(sweep_compact(ctx, f0, i0, o0, 4, 0, c0), "sweep_compact");
        OK(sweep_radix_sort(ctx, k0, o0, NULL, NULL, 0, &d), "sweep_radix_sort");
        OK(sweep_merge_sort(ctx, k0, o0, NULL, NULL, 0, 0, cmp), "sweep_merge_sort");
        OK(sweep_merge(ctx, k0, NULL, 0, k0, NULL, 0, o0, NULL, 0, cmp), "sweep_merge");
        OK(sweep_split(ctx, f0, i0, o0, 4, nulls ? NULL : in, nulls ? NULL : vo, nulls ? 0 : 4, 0,
                       c0),
           "sweep_split");
#undef OK
    }
    /* n == 0 must not make a bad argument valid */
    BAD(sweep_scan(ctx, bad_op(2), in, out, 0, SWEEP_EXCLUSIVE), "sweep_scan", "AND on f32, n = 0");
    sweep_sort_desc x = d;
    x.end_bit = 40;
    BAD(sweep_radix_sort(ctx, k, out, NULL, NULL, 0, &x), "sweep_radix_sort", "end_bit 40, n = 0");
    E_END;
}

/* Contexts, memory and streams. */
static t_result e_context(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    sweep_context *sentinel = (sweep_context *)(uintptr_t)0x1234, *got = sentinel;
    sweep_context_desc d = {0};
    d.backend = env->backend;
    const char *fn = "sweep_context_create";
    BAD(sweep_context_create(NULL, &d), fn, "out NULL");
    sweep_context_desc x = d;
    x.backend = (sweep_backend)17;
    BAD(sweep_context_create(&got, &x), fn, "an unknown backend");
    x = d;
    x.device = -1;
    BAD(sweep_context_create(&got, &x), fn, "device -1");
    x = d;
    x.num_threads = -2;
    BAD(sweep_context_create(&got, &x), fn, "num_threads -2");
    x = d;
    x.options = 0x80000000u;
    BAD(sweep_context_create(&got, &x), fn, "unknown option bits");
    x = d;
    x.device = 100000;
    e_expect(&t, sweep_context_create(&got, &x), SWEEP_ERR_BACKEND_UNAVAILABLE, fn,
             "device 100000");
    if (got != sentinel) t_fail(&t, "sweep_context_create wrote *out on failure");

    sweep_backend be = SWEEP_BACKEND_AUTO;
    BAD(sweep_context_backend(NULL, &be), "sweep_context_backend", "ctx NULL");
    BAD(sweep_context_backend(ctx, NULL), "sweep_context_backend", "out NULL");
    if (e_expect(&t, sweep_context_backend(ctx, &be), SWEEP_OK, "sweep_context_backend", "ctx") &&
        be != env->backend)
        t_fail(&t, "sweep_context_backend: got %s, want %s", sweep_backend_name(be),
               sweep_backend_name(env->backend));

    void *p = (void *)(uintptr_t)0x1;
    BAD(sweep_malloc(NULL, &p, 64), "sweep_malloc", "ctx NULL");
    BAD(sweep_malloc(ctx, NULL, 64), "sweep_malloc", "ptr NULL");
    if (e_expect(&t, sweep_malloc(ctx, &p, 0), SWEEP_OK, "sweep_malloc", "0 bytes") && p)
        t_fail(&t, "sweep_malloc(0) gave %p, want NULL", p);
    e_expect(&t, sweep_free(ctx, NULL), SWEEP_OK, "sweep_free", "NULL");
    BAD(sweep_free(NULL, out), "sweep_free", "ctx NULL");
    unsigned char host[64] = {0};
    const char *mc = "sweep_memcpy";
    BAD(sweep_memcpy(NULL, host, in, 64, SWEEP_COPY_DEVICE_TO_HOST), mc, "ctx NULL");
    BAD(sweep_memcpy(ctx, NULL, in, 64, SWEEP_COPY_DEVICE_TO_HOST), mc, "dst NULL");
    BAD(sweep_memcpy(ctx, out, NULL, 64, SWEEP_COPY_HOST_TO_DEVICE), mc, "src NULL");
    BAD(sweep_memcpy(ctx, out, in, 64, (sweep_copy_kind)7), mc, "an unknown copy kind");
    BAD(sweep_memcpy(ctx, in + 16, in, 64, SWEEP_COPY_DEVICE_TO_DEVICE), mc, "overlapping ranges");
    BAD(sweep_memset(NULL, out, 0, 64), "sweep_memset", "ctx NULL");
    BAD(sweep_memset(ctx, NULL, 0, 64), "sweep_memset", "dst NULL");

    int cpu = env->backend == SWEEP_BACKEND_SERIAL || env->backend == SWEEP_BACKEND_OPENMP;
    BAD(sweep_context_set_stream(NULL, NULL), "sweep_context_set_stream", "ctx NULL");
    if (cpu) {
        e_expect(&t, sweep_context_set_stream(ctx, NULL), SWEEP_OK, "sweep_context_set_stream",
                 "NULL on a CPU backend");
        e_expect(&t, sweep_context_set_stream(ctx, host), SWEEP_ERR_UNSUPPORTED,
                 "sweep_context_set_stream", "a stream on a CPU backend");
    }
    BAD(sweep_synchronize(NULL), "sweep_synchronize", "ctx NULL");
    e_expect(&t, sweep_synchronize(ctx), SWEEP_OK, "sweep_synchronize", "ctx");
    BAD(sweep_scratch_query_begin(NULL), "sweep_scratch_query_begin", "ctx NULL");
    size_t bytes = 0;
    BAD(sweep_scratch_query_end(NULL, &bytes), "sweep_scratch_query_end", "ctx NULL");
    BAD(sweep_context_set_scratch(NULL, NULL, 0), "sweep_context_set_scratch", "ctx NULL");
    BAD(sweep_context_trim(NULL), "sweep_context_trim", "ctx NULL");
    sweep_context_destroy(NULL); /* a no-op */
    E_END;
}

/* The message of a call on a context that is not live says so. */
static int e_expect_dead(t_state *t, sweep_status got, const char *fn, const char *what) {
    if (!e_expect(t, got, SWEEP_ERR_INVALID_ARGUMENT, fn, what)) return 0;
    if (!strstr(sweep_last_error(), "not a live context"))
        return t_fail(t, "%s with %s: message \"%s\" does not say the context is not live", fn,
                      what, sweep_last_error());
    return 1;
}

#define DEAD(call, fn, what) e_expect_dead(&t, (call), fn, what)

/* A second context of the same backend and a serial one: memory of either handed to
 * env->ctx is refused by sweep_free, and is still usable by its owner afterwards. */
static void e_foreign_memory(t_state *t, sweep_context *ctx, sweep_context *other,
                             sweep_context *serial, unsigned char *in) {
    void *p = NULL, *q = NULL;
    if (!t_ok(t, sweep_malloc(other, &p, 256), "sweep_malloc on a second context") ||
        !t_ok(t, sweep_malloc(serial, &q, 256), "sweep_malloc on a serial context"))
        return;
    e_expect(t, sweep_free(ctx, p), SWEEP_ERR_INVALID_ARGUMENT, "sweep_free",
             "memory of another context");
    if (q != p)
        e_expect(t, sweep_free(ctx, q), SWEEP_ERR_INVALID_ARGUMENT, "sweep_free",
                 "memory of a serial context");
    e_expect(t, sweep_free(ctx, in + 16), SWEEP_ERR_INVALID_ARGUMENT, "sweep_free",
             "a pointer inside an allocation");
    unsigned char host[256];
    memset(host, 0x5a, sizeof host);
    e_expect(t, sweep_memcpy(other, p, host, sizeof host, SWEEP_COPY_HOST_TO_DEVICE), SWEEP_OK,
             "sweep_memcpy", "the refused memory on its own context");
    e_expect(t, sweep_free(serial, q), SWEEP_OK, "sweep_free", "memory on its own context");
    e_expect(t, sweep_free(serial, q), SWEEP_ERR_INVALID_ARGUMENT, "sweep_free",
             "memory freed already");
    /* p stays allocated: destroying `other` must free it (LeakSanitizer checks). */
}

/* Destroyed contexts (and pointers that never were contexts): every function taking a
 * context refuses them without reading through the pointer, and writes nothing. */
static t_result e_dead_context(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    sweep_context_desc d = {0};
    d.backend = env->backend;
    d.options = env->options;
    sweep_context *other = NULL, *serial = NULL;
    sweep_context_desc sd = {0};
    sd.backend = SWEEP_BACKEND_SERIAL;
    if (!t_ok(&t, sweep_context_create(&other, &d), "sweep_context_create (second context)") ||
        !t_ok(&t, sweep_context_create(&serial, &sd), "sweep_context_create (serial)")) {
        sweep_context_destroy(other);
        E_END;
    }
    e_foreign_memory(&t, ctx, other, serial, in);
    sweep_context_destroy(serial);
    sweep_context_destroy(other);

    unsigned char never[64];
    sweep_context *dead[3] = {other, serial, (sweep_context *)(void *)never};
    const char *dead_what[3] = {"a destroyed context", "a destroyed serial context",
                                "a pointer that never was a context"};
    for (int i = 0; i < 3; ++i) {
        sweep_context *x = dead[i];
        const char *w = dead_what[i];
        sweep_backend be = (sweep_backend)99;
        DEAD(sweep_context_backend(x, &be), "sweep_context_backend", w);
        if (be != (sweep_backend)99) t_fail(&t, "sweep_context_backend wrote out for %s", w);
        void *p = (void *)(uintptr_t)0x1;
        DEAD(sweep_malloc(x, &p, 64), "sweep_malloc", w);
        if (p != (void *)(uintptr_t)0x1) t_fail(&t, "sweep_malloc wrote *ptr for %s", w);
        DEAD(sweep_free(x, out), "sweep_free", w);
        unsigned char host[64];
        memset(host, 0x11, sizeof host);
        DEAD(sweep_memcpy(x, out, host, 64, SWEEP_COPY_HOST_TO_DEVICE), "sweep_memcpy", w);
        DEAD(sweep_memset(x, out, 0, 64), "sweep_memset", w);
        DEAD(sweep_context_set_stream(x, NULL), "sweep_context_set_stream", w);
        DEAD(sweep_synchronize(x), "sweep_synchronize", w);
        DEAD(sweep_scratch_query_begin(x), "sweep_scratch_query_begin", w);
        size_t bytes = 7;
        DEAD(sweep_scratch_query_end(x, &bytes), "sweep_scratch_query_end", w);
        if (bytes != 7) t_fail(&t, "sweep_scratch_query_end wrote bytes for %s", w);
        DEAD(sweep_context_set_scratch(x, NULL, 0), "sweep_context_set_scratch", w);
        DEAD(sweep_context_trim(x), "sweep_context_trim", w);
        DEAD(sweep_scan(x, op_i32(), in, out, E_N, SWEEP_INCLUSIVE), "sweep_scan", w);
        DEAD(sweep_segmented_scan_flags(x, op_i32(), in, b->flags, out, E_N, SWEEP_EXCLUSIVE),
             "sweep_segmented_scan_flags", w);
        DEAD(sweep_reduce(x, op_i32(), in, E_N, out), "sweep_reduce", w);
        DEAD(sweep_split(x, b->flags, in, out, 4, NULL, NULL, 0, E_N, b->count), "sweep_split", w);
        DEAD(sweep_compact(x, b->flags, in, out, 4, E_N, b->count), "sweep_compact", w);
        sweep_sort_desc sort = sweep_sort_desc_make(SWEEP_U32);
        DEAD(sweep_radix_sort(x, b->keys, out, NULL, NULL, E_N, &sort), "sweep_radix_sort", w);
        DEAD(sweep_merge_sort(x, b->keys, out, NULL, NULL, 0, E_N,
                              sweep_compare_builtin(SWEEP_U32, 0)),
             "sweep_merge_sort", w);
        /* A second destroy is refused (recorded, nothing freed twice). */
        sweep_context_destroy(x);
        if (!strstr(sweep_last_error(), "sweep_context_destroy") ||
            !strstr(sweep_last_error(), "not a live context"))
            t_fail(&t, "sweep_context_destroy of %s: message \"%s\"", w, sweep_last_error());
    }
    /* The test's own context is untouched by all this. */
    e_expect(&t, sweep_synchronize(ctx), SWEEP_OK, "sweep_synchronize", "the live context");
    E_END;
}

static t_result e_custom_create(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    static const uint64_t id[4] = {0, 0, 0, 0};
    sweep_custom_op *sentinel = (sweep_custom_op *)(uintptr_t)0x10, *op = sentinel;
    sweep_custom_op_desc d;
    memset(&d, 0, sizeof d);
    d.name = "good_name_1";
    d.elem_size = 8;
    d.elem_align = 8;
    d.identity = id;
    d.combine = (sweep_combine_fn)(uintptr_t)1; /* never called: every create below fails */
    const char *fn = "sweep_custom_op_create";
    sweep_custom_op_desc x;
    BAD(sweep_custom_op_create(NULL, &d), fn, "out NULL");
    BAD(sweep_custom_op_create(&op, NULL), fn, "desc NULL");
    static const char long_name[] =
        "a123456789012345678901234567890123456789012345678901234567890123"; /* 64 chars */
    const char *bad_names[] = {NULL, "", "1abc", "a-b", "a b", long_name};
    for (unsigned i = 0; i < 6; ++i) {
        char what[96];
        snprintf(what, sizeof what, "name \"%.20s\"", bad_names[i] ? bad_names[i] : "(NULL)");
        x = d;
        x.name = bad_names[i];
        BAD(sweep_custom_op_create(&op, &x), fn, what);
    }
    x = d;
    x.identity = NULL;
    BAD(sweep_custom_op_create(&op, &x), fn, "identity NULL");
    x = d;
    x.combine = NULL;
    BAD(sweep_custom_op_create(&op, &x), fn, "combine NULL");
    static const size_t sa[][2] = {{0, 1}, {33, 1}, {64, 8}, {8, 0}, {8, 3}, {6, 4}, {32, 64}};
    for (unsigned i = 0; i < sizeof sa / sizeof sa[0]; ++i) {
        char what[64];
        snprintf(what, sizeof what, "elem_size %zu, elem_align %zu", sa[i][0], sa[i][1]);
        x = d;
        x.elem_size = sa[i][0];
        x.elem_align = sa[i][1];
        BAD(sweep_custom_op_create(&op, &x), fn, what);
    }
    if (op != sentinel) t_fail(&t, "sweep_custom_op_create wrote *out on failure");

    sweep_custom_compare *cs = (sweep_custom_compare *)(uintptr_t)0x20, *cmp = cs;
    sweep_custom_compare_desc cd;
    memset(&cd, 0, sizeof cd);
    cd.name = "cmp";
    cd.key_size = 4;
    cd.key_align = 4;
    cd.less = (sweep_less_fn)(uintptr_t)1;
    sweep_custom_compare_desc y;
    fn = "sweep_custom_compare_create";
    BAD(sweep_custom_compare_create(NULL, &cd), fn, "out NULL");
    BAD(sweep_custom_compare_create(&cmp, NULL), fn, "desc NULL");
    for (unsigned i = 0; i < 6; ++i) {
        y = cd;
        y.name = bad_names[i];
        BAD(sweep_custom_compare_create(&cmp, &y), fn, "a bad name");
    }
    y = cd;
    y.less = NULL;
    BAD(sweep_custom_compare_create(&cmp, &y), fn, "less NULL");
    for (unsigned i = 0; i < sizeof sa / sizeof sa[0]; ++i) {
        y = cd;
        y.key_size = sa[i][0];
        y.key_align = sa[i][1];
        BAD(sweep_custom_compare_create(&cmp, &y), fn, "a bad key size or alignment");
    }
    if (cmp != cs) t_fail(&t, "sweep_custom_compare_create wrote *out on failure");
    sweep_custom_op_destroy(NULL);
    sweep_custom_compare_destroy(NULL);
    E_END;
}

/* Status strings, names, backend queries, and the message reset after success. */
static t_result e_strings(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    static const char *names[] = {"SWEEP_OK",
                                  "SWEEP_ERR_INVALID_ARGUMENT",
                                  "SWEEP_ERR_UNSUPPORTED",
                                  "SWEEP_ERR_OUT_OF_MEMORY",
                                  "SWEEP_ERR_DEVICE",
                                  "SWEEP_ERR_BACKEND_UNAVAILABLE",
                                  "SWEEP_ERR_INTERNAL"};
    for (int s = 0; s <= SWEEP_ERR_INTERNAL; ++s) {
        const char *str = sweep_status_string((sweep_status)s);
        if (!str || !strstr(str, names[s]))
            t_fail(&t, "sweep_status_string(%d) = \"%s\", should name %s", s, str ? str : "(NULL)",
                   names[s]);
        for (int o = 0; o < s; ++o)
            if (str && strcmp(str, sweep_status_string((sweep_status)o)) == 0)
                t_fail(&t, "sweep_status_string(%d) equals that of %d", s, o);
    }
    if (!sweep_status_string((sweep_status)1234) || !sweep_status_string((sweep_status)-1))
        t_fail(&t, "sweep_status_string of a value outside the enum is NULL");
    if (strcmp(sweep_backend_name((sweep_backend)99), "unknown") != 0 ||
        strcmp(sweep_dtype_name((sweep_dtype)99), "unknown") != 0 ||
        sweep_dtype_size((sweep_dtype)99) != 0)
        t_fail(&t, "names/sizes of unknown enum values are not \"unknown\"/0");
    static const size_t sizes[SWEEP_DTYPE_COUNT] = {1, 2, 4, 8, 1, 2, 4, 8, 4, 8};
    for (int d = 0; d < SWEEP_DTYPE_COUNT; ++d)
        if (sweep_dtype_size((sweep_dtype)d) != sizes[d])
            t_fail(&t, "sweep_dtype_size(%s) = %zu", sweep_dtype_name((sweep_dtype)d),
                   sweep_dtype_size((sweep_dtype)d));
    if (sweep_version_number() != SWEEP_VERSION_NUMBER || !sweep_version_string())
        t_fail(&t, "sweep_version_number() %u differs from the header's %d", sweep_version_number(),
               SWEEP_VERSION_NUMBER);

    sweep_backend_info info;
    BAD(sweep_backend_query((sweep_backend)99, &info), "sweep_backend_query", "an unknown backend");
    BAD(sweep_backend_query(SWEEP_BACKEND_SERIAL, NULL), "sweep_backend_query", "out NULL");
    static const char *bnames[] = {"auto", "serial", "openmp", "cuda", "hip"};
    for (int be = 0; be < SWEEP_BACKEND_COUNT; ++be) {
        memset(&info, 0x5a, sizeof info);
        if (!e_expect(&t, sweep_backend_query((sweep_backend)be, &info), SWEEP_OK,
                      "sweep_backend_query", bnames[be]))
            continue;
        if (!memchr(info.name, 0, sizeof info.name) ||
            !memchr(info.reason, 0, sizeof info.reason) ||
            !memchr(info.path, 0, sizeof info.path) ||
            !memchr(info.device_name, 0, sizeof info.device_name)) {
            t_fail(&t, "sweep_backend_query(%s): an unterminated string", bnames[be]);
            continue;
        }
        if (be == SWEEP_BACKEND_AUTO) {
            if (!info.available || info.backend == SWEEP_BACKEND_AUTO)
                t_fail(&t, "AUTO resolves to %s, available %d", sweep_backend_name(info.backend),
                       info.available);
            continue;
        }
        if (info.backend != (sweep_backend)be || strcmp(info.name, bnames[be]) != 0)
            t_fail(&t, "sweep_backend_query(%s) describes \"%s\"", bnames[be], info.name);
        if (!info.available && !info.reason[0])
            t_fail(&t, "backend %s is unavailable without a reason", bnames[be]);
        if (info.available && info.device_count < 1)
            t_fail(&t, "backend %s is available with %d devices", bnames[be], info.device_count);
        if (be == SWEEP_BACKEND_SERIAL && !info.available)
            t_fail(&t, "the serial backend is unavailable: %s", info.reason);
        if (be == (int)env->backend && !info.available)
            t_fail(&t, "the running backend %s reports itself unavailable", bnames[be]);
    }

    /* the message of a failure is cleared by the next successful call */
    sweep_scan(ctx, bad_op(2), in, out, E_N, SWEEP_INCLUSIVE);
    void *p = NULL;
    if (!sweep_last_error()[0])
        t_fail(&t, "no message after a failed sweep_scan");
    else if (sweep_malloc(ctx, &p, 0) == SWEEP_OK && sweep_last_error()[0])
        t_fail(&t, "the message \"%s\" survives a successful call", sweep_last_error());
    E_END;
}

/* Data pointers must be aligned to their elements (sweep.h): one byte off is refused. */
static t_result e_alignment(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    unsigned char *k = b->keys, *vo = b->vout;
    const size_t n = E_N - 8;
    BAD(sweep_scan(ctx, op_i32(), in + 1, out, n, SWEEP_INCLUSIVE), "sweep_scan", "in + 1 byte");
    BAD(sweep_scan(ctx, op_i32(), in, out + 2, n, SWEEP_INCLUSIVE), "sweep_scan", "out + 2 bytes");
    BAD(sweep_segmented_scan_flags(ctx, op_i32(), in + 2, b->flags, out, n, SWEEP_EXCLUSIVE),
        "sweep_segmented_scan_flags", "in + 2 bytes");
    BAD(sweep_segmented_scan_offsets(ctx, op_i32(), in, out, n,
                                     (const size_t *)((unsigned char *)b->off_ok + 4), 2,
                                     SWEEP_INCLUSIVE),
        "sweep_segmented_scan_offsets", "offsets + 4 bytes");
    BAD(sweep_scan_by_key(ctx, op_i32(), k + 1, SWEEP_U16, in, out, n, SWEEP_INCLUSIVE),
        "sweep_scan_by_key", "u16 keys + 1 byte");
    BAD(sweep_reduce(ctx, sweep_op_builtin(SWEEP_OP_MAX, SWEEP_F64), in + 4, n, out),
        "sweep_reduce", "f64 in + 4 bytes");
    BAD(sweep_segmented_reduce(ctx, op_i32(), in, n, b->off_ok, 3, out + 1),
        "sweep_segmented_reduce", "out + 1 byte");
    BAD(sweep_compact(ctx, b->flags, in, out, 4, n, (size_t *)(vo + 4)), "sweep_compact",
        "num_kept + 4 bytes");
    sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32);
    BAD(sweep_radix_sort(ctx, k + 2, out, NULL, NULL, n, &d), "sweep_radix_sort",
        "keys_in + 2 bytes");
    d.value_size = 8;
    BAD(sweep_radix_sort(ctx, k, out, in + 4, vo, n, &d), "sweep_radix_sort",
        "8-byte values_in + 4 bytes");
    BAD(sweep_merge_sort(ctx, k, out + 1, NULL, NULL, 0, n, sweep_compare_builtin(SWEEP_U16, 0)),
        "sweep_merge_sort", "u16 keys_out + 1 byte");
    BAD(sweep_merge(ctx, k, NULL, 10, k + 64 + 4, NULL, 10, out, NULL, 0,
                    sweep_compare_builtin(SWEEP_U64, 0)),
        "sweep_merge", "u64 b_keys + 4 bytes");
    E_END;
}

void t_register_errors(t_registry *r) {
    static const struct {
        const char *name;
        t_case_fn fn;
    } list[] = {
        {"errors.strings_and_backend_query", e_strings},
        {"errors.context_memory_stream", e_context},
        {"errors.dead_context_foreign_memory", e_dead_context},
        {"errors.custom_create", e_custom_create},
        {"errors.scan", e_scan},
        {"errors.segmented_scan_flags", e_segscan_flags},
        {"errors.segmented_scan_offsets", e_segscan_offsets},
        {"errors.scan_by_key", e_scan_by_key},
        {"errors.reduce", e_reduce},
        {"errors.segmented_reduce", e_segreduce},
        {"errors.split", e_split},
        {"errors.compact", e_compact},
        {"errors.radix_sort", e_radix},
        {"errors.merge_sort", e_merge_sort},
        {"errors.merge", e_merge},
        {"errors.zero_n", e_zero_n},
        {"errors.alignment", e_alignment},
    };
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "errors";
    for (unsigned i = 0; i < sizeof list / sizeof list[0]; ++i) {
        c.fn = list[i].fn;
        t_register(r, &c, "%s", list[i].name);
    }
}
