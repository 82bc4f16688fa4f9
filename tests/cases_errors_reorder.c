/* The error contract of the functions that move elements: split, compact,
 * radix sort, merge sort, merge. */
#include "cases_errors.h"
#include "errors_fixture.h"

#include <stdio.h>
#include <string.h>

t_result e_split(const t_case *c, const t_env *env, char *msg, size_t len) {
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

t_result e_compact(const t_case *c, const t_env *env, char *msg, size_t len) {
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

t_result e_radix(const t_case *c, const t_env *env, char *msg, size_t len) {
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

t_result e_merge_sort(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_merge_sort";
    void *k = b->keys, *v = b->in, *vo = b->vout;
    sweep_compare cmp = sweep_compare_builtin(SWEEP_U32, 0);
    BAD(sweep_merge_sort(NULL, k, out, NULL, NULL, 0, E_N, cmp), fn, "ctx NULL");
    BAD(sweep_merge_sort(ctx, NULL, out, NULL, NULL, 0, E_N, cmp), fn, "keys_in NULL");
    BAD(sweep_merge_sort(ctx, k, NULL, NULL, NULL, 0, E_N, cmp), fn, "keys_out NULL");
    for (int i = 0; i < 3; ++i)
        BAD(sweep_merge_sort(ctx, k, out, NULL, NULL, 0, E_N, e_bad_cmp(i)), fn, e_bad_cmp_what(i));
    BAD(sweep_merge_sort(ctx, k, out, v, vo, 3, E_N, cmp), fn, "value_size 3");
    BAD(sweep_merge_sort(ctx, k, out, v, vo, 32, E_N, cmp), fn, "value_size 32");
    BAD(sweep_merge_sort(ctx, k, out, NULL, NULL, 4, E_N, cmp), fn, "value_size 4 without values");
    BAD(sweep_merge_sort(ctx, k, out, v, vo, 0, E_N, cmp), fn, "values with value_size 0");
    BAD(sweep_merge_sort(ctx, k, (unsigned char *)k + 4, NULL, NULL, 0, E_N, cmp), fn,
        "keys_out = keys_in + 1 key");
    E_END;
}

t_result e_merge(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_merge";
    unsigned char *a = b->keys, *bk = a + 4 * 50, *v = b->in, *vo = b->vout;
    sweep_compare cmp = sweep_compare_builtin(SWEEP_U32, 0);
    BAD(sweep_merge(NULL, a, NULL, 50, bk, NULL, 50, out, NULL, 0, cmp), fn, "ctx NULL");
    BAD(sweep_merge(ctx, NULL, NULL, 50, bk, NULL, 50, out, NULL, 0, cmp), fn, "a_keys NULL");
    BAD(sweep_merge(ctx, a, NULL, 50, NULL, NULL, 50, out, NULL, 0, cmp), fn, "b_keys NULL");
    BAD(sweep_merge(ctx, a, NULL, 50, bk, NULL, 50, NULL, NULL, 0, cmp), fn, "out_keys NULL");
    for (int i = 0; i < 3; ++i)
        BAD(sweep_merge(ctx, a, NULL, 50, bk, NULL, 50, out, NULL, 0, e_bad_cmp(i)), fn,
            e_bad_cmp_what(i));
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
