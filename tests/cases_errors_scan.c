/* The error contract of the functions taking an operator: scans, segmented
 * scans, scan by key, reductions. */
#include "cases_errors.h"
#include "errors_fixture.h"

#include <stdio.h>
#include <string.h>

t_result e_scan(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_scan";
    BAD(sweep_scan(NULL, e_op_i32(), in, out, E_N, SWEEP_INCLUSIVE), fn, "ctx NULL");
    BAD(sweep_scan(ctx, e_op_i32(), NULL, out, E_N, SWEEP_INCLUSIVE), fn, "in NULL");
    BAD(sweep_scan(ctx, e_op_i32(), in, NULL, E_N, SWEEP_INCLUSIVE), fn, "out NULL");
    BAD(sweep_scan(ctx, e_op_i32(), in, out, E_N, (sweep_scan_kind)5), fn, "an unknown scan kind");
    for (unsigned i = 0; i < E_N_BAD_OPS; ++i)
        BAD(sweep_scan(ctx, e_bad_op(i), in, out, E_N, SWEEP_EXCLUSIVE), fn, e_bad_op_what(i));
    BAD(sweep_scan(ctx, e_op_i32(), in, in + 4, E_N, SWEEP_INCLUSIVE), fn, "out = in + 1 element");
    BAD(sweep_scan(ctx, e_op_i32(), in + 4, in, E_N, SWEEP_INCLUSIVE), fn, "in = out + 1 element");
    E_END;
}

t_result e_segscan_flags(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_segmented_scan_flags";
    const uint8_t *f = b->flags;
    BAD(sweep_segmented_scan_flags(NULL, e_op_i32(), in, f, out, E_N, 0), fn, "ctx NULL");
    BAD(sweep_segmented_scan_flags(ctx, e_op_i32(), NULL, f, out, E_N, 0), fn, "in NULL");
    BAD(sweep_segmented_scan_flags(ctx, e_op_i32(), in, NULL, out, E_N, 0), fn, "head_flags NULL");
    BAD(sweep_segmented_scan_flags(ctx, e_op_i32(), in, f, NULL, E_N, 0), fn, "out NULL");
    BAD(sweep_segmented_scan_flags(ctx, e_op_i32(), in, f, out, E_N, (sweep_scan_kind)9), fn,
        "an unknown scan kind");
    for (unsigned i = 0; i < E_N_BAD_OPS; ++i)
        BAD(sweep_segmented_scan_flags(ctx, e_bad_op(i), in, f, out, E_N, 0), fn, e_bad_op_what(i));
    BAD(sweep_segmented_scan_flags(ctx, e_op_i32(), in, f, in + 8, E_N, 0), fn,
        "out = in + 2 elements");
    E_END;
}

t_result e_segscan_offsets(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_segmented_scan_offsets";
    BAD(sweep_segmented_scan_offsets(NULL, e_op_i32(), in, out, E_N, b->off_ok, 3, 0), fn,
        "ctx NULL");
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), NULL, out, E_N, b->off_ok, 3, 0), fn,
        "in NULL");
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), in, NULL, E_N, b->off_ok, 3, 0), fn,
        "out NULL");
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), in, out, E_N, NULL, 3, 0), fn,
        "offsets NULL");
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), in, out, E_N, b->off_down, 3, 0), fn,
        "decreasing offsets");
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), in, out, E_N, b->off_big, 3, 0), fn,
        "offsets[nseg] > n");
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), in, out, 40, b->off_ok, 3, 0), fn,
        "offsets beyond a smaller n");
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), in, out, E_N, b->off_ok, 3,
                                     (sweep_scan_kind)3),
        fn, "an unknown scan kind");
    for (unsigned i = 0; i < E_N_BAD_OPS; ++i)
        BAD(sweep_segmented_scan_offsets(ctx, e_bad_op(i), in, out, E_N, b->off_ok, 3, 0), fn,
            e_bad_op_what(i));
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), in, in + 4, E_N, b->off_ok, 3, 0), fn,
        "out = in + 1 element");
    E_END;
}

t_result e_scan_by_key(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_scan_by_key";
    void *k = b->keys;
    BAD(sweep_scan_by_key(NULL, e_op_i32(), k, SWEEP_U32, in, out, E_N, 0), fn, "ctx NULL");
    BAD(sweep_scan_by_key(ctx, e_op_i32(), NULL, SWEEP_U32, in, out, E_N, 0), fn, "keys NULL");
    BAD(sweep_scan_by_key(ctx, e_op_i32(), k, SWEEP_U32, NULL, out, E_N, 0), fn, "in NULL");
    BAD(sweep_scan_by_key(ctx, e_op_i32(), k, SWEEP_U32, in, NULL, E_N, 0), fn, "out NULL");
    BAD(sweep_scan_by_key(ctx, e_op_i32(), k, (sweep_dtype)42, in, out, E_N, 0), fn,
        "an unknown key dtype");
    BAD(sweep_scan_by_key(ctx, e_op_i32(), k, SWEEP_U32, in, out, E_N, (sweep_scan_kind)2), fn,
        "an unknown scan kind");
    for (unsigned i = 0; i < E_N_BAD_OPS; ++i)
        BAD(sweep_scan_by_key(ctx, e_bad_op(i), k, SWEEP_U32, in, out, E_N, 0), fn,
            e_bad_op_what(i));
    /* keys must not overlap out: the output is the keys buffer itself */
    BAD(sweep_scan_by_key(ctx, e_op_i32(), in, SWEEP_U32, in, in, E_N, 0), fn, "keys == out");
    BAD(sweep_scan_by_key(ctx, e_op_i32(), k, SWEEP_U32, in, in + 4, E_N, 0), fn,
        "out = in + 1 element");
    E_END;
}

t_result e_reduce(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_reduce";
    BAD(sweep_reduce(NULL, e_op_i32(), in, E_N, out), fn, "ctx NULL");
    BAD(sweep_reduce(ctx, e_op_i32(), NULL, E_N, out), fn, "in NULL");
    BAD(sweep_reduce(ctx, e_op_i32(), in, E_N, NULL), fn, "out NULL");
    for (unsigned i = 0; i < E_N_BAD_OPS; ++i)
        BAD(sweep_reduce(ctx, e_bad_op(i), in, E_N, out), fn, e_bad_op_what(i));
    E_END;
}

t_result e_segreduce(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_segmented_reduce";
    BAD(sweep_segmented_reduce(NULL, e_op_i32(), in, E_N, b->off_ok, 3, out), fn, "ctx NULL");
    BAD(sweep_segmented_reduce(ctx, e_op_i32(), NULL, E_N, b->off_ok, 3, out), fn, "in NULL");
    BAD(sweep_segmented_reduce(ctx, e_op_i32(), in, E_N, NULL, 3, out), fn, "offsets NULL");
    BAD(sweep_segmented_reduce(ctx, e_op_i32(), in, E_N, b->off_ok, 3, NULL), fn, "out NULL");
    BAD(sweep_segmented_reduce(ctx, e_op_i32(), in, E_N, b->off_down, 3, out), fn,
        "decreasing offsets");
    BAD(sweep_segmented_reduce(ctx, e_op_i32(), in, E_N, b->off_big, 3, out), fn,
        "offsets[nseg] > n");
    for (unsigned i = 0; i < E_N_BAD_OPS; ++i)
        BAD(sweep_segmented_reduce(ctx, e_bad_op(i), in, E_N, b->off_ok, 3, out), fn,
            e_bad_op_what(i));
    BAD(sweep_segmented_reduce(ctx, e_op_i32(), in, E_N, b->off_ok, 3, in + 8), fn,
        "out inside in");
    E_END;
}

/* Offsets past the count from which GPU backends check them on the device: a decrease
 * deep inside, and a last offset beyond n, still refused with nothing written. */
t_result e_many_offsets(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    enum { NSEG = 5000 };
    size_t *down = t_host(&t, (NSEG + 1) * sizeof *down);
    size_t *big = t_host(&t, (NSEG + 1) * sizeof *big);
    if (!down || !big) return t_end(&t);
    for (size_t i = 0; i <= NSEG; ++i)
        down[i] = big[i] = i * E_N / NSEG;
    down[3001] = down[3000] - 1;
    big[NSEG] = E_N + 1;
    size_t *d_down = t_dev_upload(&t, down, (NSEG + 1) * sizeof *down);
    size_t *d_big = t_dev_upload(&t, big, (NSEG + 1) * sizeof *big);
    void *seg_out = t_dev_poisoned(&t, NSEG * sizeof(int32_t));
    if (t.failed) return t_end(&t);
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), in, out, E_N, d_down, NSEG, 0),
        "sweep_segmented_scan_offsets", "offsets decreasing at 3001 of 5000");
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), in, out, E_N, d_big, NSEG, 0),
        "sweep_segmented_scan_offsets", "offsets[5000] > n");
    BAD(sweep_segmented_reduce(ctx, e_op_i32(), in, E_N, d_down, NSEG, seg_out),
        "sweep_segmented_reduce", "offsets decreasing at 3001 of 5000");
    BAD(sweep_segmented_reduce(ctx, e_op_i32(), in, E_N, d_big, NSEG, seg_out),
        "sweep_segmented_reduce", "offsets[5000] > n");
    t_expect_poisoned(&t, seg_out, NSEG * sizeof(int32_t), "segment sums");
    E_END;
}
