/* Checks across every primitive: n == 0 is valid and writes nothing; data
 * pointers off their element alignment are refused. */
#include "cases_errors.h"
#include "errors_fixture.h"

#include <stdio.h>
#include <string.h>

/* n == 0 is valid everywhere and writes nothing, with real or NULL pointers. */
t_result e_zero_n(const t_case *c, const t_env *env, char *msg, size_t len) {
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
        OK(sweep_scan(ctx, e_op_i32(), i0, o0, 0, SWEEP_EXCLUSIVE), "sweep_scan");
        OK(sweep_segmented_scan_flags(ctx, e_op_i32(), i0, f0, o0, 0, SWEEP_EXCLUSIVE),
           "sweep_segmented_scan_flags");
        OK(sweep_segmented_scan_offsets(ctx, e_op_i32(), i0, o0, 0, d_zero, 0, SWEEP_EXCLUSIVE),
           "sweep_segmented_scan_offsets");
        OK(sweep_scan_by_key(ctx, e_op_i32(), k0, SWEEP_U32, i0, o0, 0, SWEEP_EXCLUSIVE),
           "sweep_scan_by_key");
        OK(sweep_reduce(ctx, e_op_i32(), i0, 0, out), "sweep_reduce");
        OK(sweep_segmented_reduce(ctx, e_op_i32(), i0, 0, d_zero, 0, o0), "sweep_segmented_reduce");
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
    BAD(sweep_scan(ctx, e_bad_op(2), in, out, 0, SWEEP_EXCLUSIVE), "sweep_scan",
        "AND on f32, n = 0");
    sweep_sort_desc x = d;
    x.end_bit = 40;
    BAD(sweep_radix_sort(ctx, k, out, NULL, NULL, 0, &x), "sweep_radix_sort", "end_bit 40, n = 0");
    E_END;
}

/* Data pointers must be aligned to their elements (sweep.h): one byte off is refused. */
t_result e_alignment(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    unsigned char *k = b->keys, *vo = b->vout;
    const size_t n = E_N - 8;
    BAD(sweep_scan(ctx, e_op_i32(), in + 1, out, n, SWEEP_INCLUSIVE), "sweep_scan", "in + 1 byte");
    BAD(sweep_scan(ctx, e_op_i32(), in, out + 2, n, SWEEP_INCLUSIVE), "sweep_scan",
        "out + 2 bytes");
    BAD(sweep_segmented_scan_flags(ctx, e_op_i32(), in + 2, b->flags, out, n, SWEEP_EXCLUSIVE),
        "sweep_segmented_scan_flags", "in + 2 bytes");
    BAD(sweep_segmented_scan_offsets(ctx, e_op_i32(), in, out, n,
                                     (const size_t *)((unsigned char *)b->off_ok + 4), 2,
                                     SWEEP_INCLUSIVE),
        "sweep_segmented_scan_offsets", "offsets + 4 bytes");
    BAD(sweep_scan_by_key(ctx, e_op_i32(), k + 1, SWEEP_U16, in, out, n, SWEEP_INCLUSIVE),
        "sweep_scan_by_key", "u16 keys + 1 byte");
    BAD(sweep_reduce(ctx, sweep_op_builtin(SWEEP_OP_MAX, SWEEP_F64), in + 4, n, out),
        "sweep_reduce", "f64 in + 4 bytes");
    BAD(sweep_segmented_reduce(ctx, e_op_i32(), in, n, b->off_ok, 3, out + 1),
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
