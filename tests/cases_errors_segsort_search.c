/* The error contract of the segmented sorts and the vectorised search: every bad
 * argument refused with nothing written (the offsets checked before any write, also
 * when they decrease or exceed n), and empty calls that write nothing. */
#include "cases_errors.h"
#include "errors_fixture.h"

t_result e_segsort_radix(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_segmented_radix_sort";
    void *k = b->keys, *v = b->in, *vo = b->vout;
    const size_t *off = b->off_ok;
    sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32), x;
    BAD(sweep_segmented_radix_sort(NULL, k, out, NULL, NULL, E_N, off, 3, &d), fn, "ctx NULL");
    BAD(sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N, off, 3, NULL), fn, "desc NULL");
    BAD(sweep_segmented_radix_sort(ctx, NULL, out, NULL, NULL, E_N, off, 3, &d), fn,
        "keys_in NULL");
    BAD(sweep_segmented_radix_sort(ctx, k, NULL, NULL, NULL, E_N, off, 3, &d), fn, "keys_out NULL");
    BAD(sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N, NULL, 3, &d), fn, "offsets NULL");
    BAD(sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N, b->off_down, 3, &d), fn,
        "offsets that decrease");
    BAD(sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N, b->off_big, 3, &d), fn,
        "offsets[nseg] > n");
    BAD(sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N - 1, off, 3, &d), fn,
        "offsets[nseg] = n + 1");
    BAD(sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N, off, SIZE_MAX, &d), fn,
        "nseg = SIZE_MAX");
    BAD(sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N,
                                   (const size_t *)((unsigned char *)off + 4), 2, &d),
        fn, "offsets + 4 bytes");
    BAD(sweep_segmented_radix_sort(ctx, k, (unsigned char *)k + 1, NULL, NULL, E_N, off, 3, &d), fn,
        "keys_out + 1 byte");
    x = d;
    x.end_bit = 40;
    BAD(sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N, off, 3, &x), fn,
        "end_bit 40 on a 32-bit key");
    x = d;
    x.begin_bit = x.end_bit = 5;
    BAD(sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N, off, 3, &x), fn,
        "begin_bit == end_bit");
    x = d;
    x.value_size = 3;
    BAD(sweep_segmented_radix_sort(ctx, k, out, v, vo, E_N, off, 3, &x), fn, "value_size 3");
    x.value_size = 4;
    BAD(sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N, off, 3, &x), fn,
        "value_size 4 without values");
    BAD(sweep_segmented_radix_sort(ctx, k, out, v, vo, E_N, off, 3, &d), fn,
        "values with value_size 0");
    BAD(sweep_segmented_radix_sort(ctx, k, (unsigned char *)k + 4, NULL, NULL, E_N, off, 3, &d), fn,
        "keys_out = keys_in + 1 key");
    BAD(sweep_segmented_radix_sort(ctx, k, (void *)off, NULL, NULL, E_N / 4, off, 3, &d), fn,
        "keys_out over the offsets");
    BAD(sweep_segmented_radix_sort(ctx, k, out, v, (void *)off, E_N / 4, off, 3, &x), fn,
        "values_out over the offsets");
    /* empty calls write nothing, NULL pointers included */
    e_expect(&t, sweep_segmented_radix_sort(ctx, NULL, NULL, NULL, NULL, 0, NULL, 3, &d), SWEEP_OK,
             fn, "n = 0");
    e_expect(&t, sweep_segmented_radix_sort(ctx, k, out, NULL, NULL, E_N, NULL, 0, &d), SWEEP_OK,
             fn, "nseg = 0");
    E_END;
}

t_result e_segsort_merge(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_segmented_merge_sort";
    void *k = b->keys, *v = b->in, *vo = b->vout;
    const size_t *off = b->off_ok;
    sweep_compare cmp = sweep_compare_builtin(SWEEP_U32, 1);
    BAD(sweep_segmented_merge_sort(NULL, k, out, NULL, NULL, 0, E_N, off, 3, cmp), fn, "ctx NULL");
    BAD(sweep_segmented_merge_sort(ctx, NULL, out, NULL, NULL, 0, E_N, off, 3, cmp), fn,
        "keys_in NULL");
    BAD(sweep_segmented_merge_sort(ctx, k, NULL, NULL, NULL, 0, E_N, off, 3, cmp), fn,
        "keys_out NULL");
    for (int i = 0; i < 3; ++i)
        BAD(sweep_segmented_merge_sort(ctx, k, out, NULL, NULL, 0, E_N, off, 3, e_bad_cmp(i)), fn,
            e_bad_cmp_what(i));
    BAD(sweep_segmented_merge_sort(ctx, k, out, v, vo, 5, E_N, off, 3, cmp), fn, "value_size 5");
    BAD(sweep_segmented_merge_sort(ctx, k, out, NULL, NULL, 8, E_N, off, 3, cmp), fn,
        "value_size 8 without values");
    BAD(sweep_segmented_merge_sort(ctx, k, out, NULL, NULL, 0, E_N, NULL, 3, cmp), fn,
        "offsets NULL");
    BAD(sweep_segmented_merge_sort(ctx, k, out, NULL, NULL, 0, E_N, b->off_down, 3, cmp), fn,
        "offsets that decrease");
    BAD(sweep_segmented_merge_sort(ctx, k, out, NULL, NULL, 0, E_N, b->off_big, 3, cmp), fn,
        "offsets[nseg] > n");
    BAD(sweep_segmented_merge_sort(ctx, k, out, v, (unsigned char *)v + 4, 4, E_N, off, 3, cmp), fn,
        "values_out = values_in + 1 value");
    BAD(sweep_segmented_merge_sort(ctx, k, out, v, out, 4, E_N, off, 3, cmp), fn,
        "values_out == keys_out");
    BAD(sweep_segmented_merge_sort(ctx, k, out + 2, NULL, NULL, 0, E_N, off, 3, cmp), fn,
        "keys_out + 2 bytes");
    e_expect(&t, sweep_segmented_merge_sort(ctx, NULL, NULL, NULL, NULL, 0, 0, NULL, 3, cmp),
             SWEEP_OK, fn, "n = 0");
    E_END;
}

/* Both bounds refuse the same arguments. */
t_result e_search(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    unsigned char *k = b->keys, *nd = b->in;
    size_t *o = (size_t *)(void *)out;
    sweep_compare cmp = sweep_compare_builtin(SWEEP_F32, 0);
    for (int upper = 0; upper < 2; ++upper) {
        const char *fn = upper ? "sweep_upper_bound" : "sweep_lower_bound";
        sweep_status (*f)(sweep_context *, const void *, size_t, const void *, size_t, size_t *,
                          sweep_compare) = upper ? sweep_upper_bound : sweep_lower_bound;
        BAD(f(NULL, k, E_N, nd, 50, o, cmp), fn, "ctx NULL");
        BAD(f(ctx, NULL, E_N, nd, 50, o, cmp), fn, "haystack NULL");
        BAD(f(ctx, k, E_N, NULL, 50, o, cmp), fn, "needles NULL");
        BAD(f(ctx, k, E_N, nd, 50, NULL, cmp), fn, "out NULL");
        for (int i = 0; i < 3; ++i)
            BAD(f(ctx, k, E_N, nd, 50, o, e_bad_cmp(i)), fn, e_bad_cmp_what(i));
        BAD(f(ctx, k + 2, E_N, nd, 50, o, cmp), fn, "f32 haystack + 2 bytes");
        BAD(f(ctx, k, E_N, nd + 1, 50, o, cmp), fn, "f32 needles + 1 byte");
        BAD(f(ctx, k, E_N, nd, 50, (size_t *)(void *)(out + 4), cmp), fn, "out + 4 bytes");
        BAD(f(ctx, k, E_N, nd, 50, (size_t *)(void *)k, cmp), fn, "out == haystack");
        BAD(f(ctx, k, E_N, nd, 50, (size_t *)(void *)(nd + 8), cmp), fn, "out within needles");
        BAD(f(ctx, k, SIZE_MAX / 2, nd, 50, o, cmp), fn, "n * key size overflows");
        BAD(f(ctx, k, E_N, nd, SIZE_MAX / 4, o, cmp), fn, "num_needles * 8 overflows");
        /* no needles: nothing written, NULL pointers included */
        e_expect(&t, f(ctx, NULL, 0, NULL, 0, NULL, cmp), SWEEP_OK, fn, "num_needles = 0");
        e_expect(&t, f(ctx, k, E_N, nd, 0, o, cmp), SWEEP_OK, fn, "num_needles = 0, n > 0");
    }
    E_END;
}
