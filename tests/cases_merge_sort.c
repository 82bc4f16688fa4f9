/* Merge sort: built-in ascending/descending on every dtype (the order must equal the
 * radix sort's, checked against the library's radix sort too), values, in place, and
 * custom comparators (a struct sorted by one field, stable in the other; 3-byte
 * keys; 4-byte keys ordered by their low half). */
#include "check.h"
#include "comparators.h"
#include "families.h"
#include "gen.h"
#include "oracle.h"

#include <string.h>

/* c->dtype, c->a value_size, c->c comparator mode, c->d descending, c->kind in place,
 * c->m cross-check with sweep_radix_sort, c->b: bit 0 dup-heavy, bit 1 the keys given
 * already in the comparator's order, bit 2 that order reversed (runs of equal keys stay
 * in input order, so the sort must keep their values' order while moving them), c->n */
static t_result merge_sort_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_dtype dt = (sweep_dtype)c->dtype;
    size_t n = c->n, vs = (size_t)c->a, ks = 0;
    int in_place = c->kind;
    sweep_compare cmp;
    o_cmp ocmp;
    sweep_custom_compare *custom = NULL;
    if (!t_sort_comparator(&t, c->c, dt, c->d, &cmp, &ocmp, &custom, &ks)) return t_end(&t);
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *keys = t_host(&t, n * ks), *kwant = t_host(&t, n * ks);
    unsigned char *kgot = t_host(&t, n * ks), *vals = t_host(&t, n * vs);
    unsigned char *vwant = t_host(&t, n * vs), *vgot = t_host(&t, n * vs);
    if (t.failed) goto done;
    t_gen_sort_keys(&rng, c->c, dt, keys, n, c->b & 1);
    if (c->b & 6) {
        /* presorted or reversed input: the merges' runs come already in order */
        o_sort(&ocmp, keys, kwant, NULL, NULL, 0, n);
        for (size_t i = 0; i < n; ++i)
            memcpy(keys + i * ks, kwant + ((c->b & 4) ? n - 1 - i : i) * ks, ks);
    }
    t_gen_values(&rng, vals, vs, n);
    o_sort(&ocmp, keys, kwant, vals, vwant, vs, n);

    void *d_keys = t_dev_upload(&t, keys, n * ks);
    void *d_kout = in_place ? d_keys : t_dev_poisoned(&t, n * ks);
    void *d_vals = vs ? t_dev_upload(&t, vals, n * vs) : NULL;
    void *d_vout = vs ? (in_place ? d_vals : t_dev_poisoned(&t, n * vs)) : NULL;
    if (t.failed) goto done;
    sweep_status st = sweep_merge_sort(env->ctx, d_keys, d_kout, d_vals, d_vout, vs, n, cmp);
    if (custom && t_runtime_compiler_missing(env, st)) {
        t_skip(&t, "no runtime compiler for the custom comparator: %s", sweep_last_error());
        goto done;
    }
    if (!t_ok(&t, st, "sweep_merge_sort")) goto done;
    if (!t_download(&t, kgot, d_kout, n * ks, "keys_out") ||
        !t_compare_bytes(&t, "keys_out", kgot, kwant, n, ks))
        goto done;
    if (vs && (!t_download(&t, vgot, d_vout, n * vs, "values_out") ||
               !t_compare_bytes(&t, "values_out (stability)", vgot, vwant, n, vs)))
        goto done;
    if (c->m && c->c == CMP_BUILTIN) {
        /* the library's two sorts must agree on every dtype */
        void *d_rin = t_dev_upload(&t, keys, n * ks);
        void *d_rout = t_dev_poisoned(&t, n * ks);
        if (t.failed) goto done;
        sweep_sort_desc desc = sweep_sort_desc_make(dt);
        desc.descending = c->d;
        if (t_ok(&t, sweep_radix_sort(env->ctx, d_rin, d_rout, NULL, NULL, n, &desc),
                 "sweep_radix_sort") &&
            t_download(&t, kgot, d_rout, n * ks, "radix keys_out"))
            t_compare_bytes(&t, "sweep_radix_sort vs sweep_merge_sort", kgot, kwant, n, ks);
    }
done:;
    t_result res = t_end(&t);
    sweep_custom_compare_destroy(custom);
    return res;
}

void t_register_merge_sort(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "merge_sort";
    c.fn = merge_sort_case;
    static const int value_sizes[] = {0, 1, 2, 4, 8, 16};
    static const size_t sizes[] = {0, 1, 2, 31, 32, 33, 1023, 1024, 1025, 4097, 10007};
    unsigned k = 0;
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
        for (int desc = 0; desc < 2; ++desc)
            for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s, ++k) {
                c.dtype = dt;
                c.d = desc;
                c.c = CMP_BUILTIN;
                c.a = value_sizes[k % 6];
                c.n = sizes[s];
                c.kind = k % 5 == 0;
                c.m = k % 3 == 0;
                c.b = (int)(k % 2);
                t_register(r, &c, "merge_sort.%s.%s.v%d.n%zu%s%s%s",
                           sweep_dtype_name((sweep_dtype)dt), desc ? "desc" : "asc", c.a, c.n,
                           c.kind ? ".inplace" : "", c.m ? ".vs_radix" : "", c.b ? ".dups" : "");
            }
    static const size_t custom_sizes[] = {0, 1, 2, 33, 1000, 4097, 65537};
    for (int mode = CMP_RECORD; mode <= CMP_REC16; ++mode)
        for (unsigned s = 0; s < sizeof custom_sizes / sizeof custom_sizes[0]; ++s, ++k) {
            c.dtype = SWEEP_U8;
            c.d = 0;
            c.c = mode;
            c.a = value_sizes[k % 6];
            c.n = custom_sizes[s];
            c.kind = s % 3 == 1;
            c.m = 0;
            c.b = 1;
            t_register(r, &c, "merge_sort.custom_%s.v%d.n%zu%s", t_comparator_name(mode), c.a, c.n,
                       c.kind ? ".inplace" : "");
        }
    static const struct {
        int dt, desc, vs;
        size_t n;
    } big[] = {{SWEEP_F32, 0, 4, 65536},
               {SWEEP_I32, 1, 0, 100003},
               {SWEEP_U64, 0, 8, (1u << 20) + 3},
               {SWEEP_F64, 1, 0, (1u << 20) + 3},
               {SWEEP_I16, 0, 2, (3u << 20) + 7}};
    for (unsigned b = 0; b < sizeof big / sizeof big[0]; ++b) {
        c.dtype = big[b].dt;
        c.d = big[b].desc;
        c.c = CMP_BUILTIN;
        c.a = big[b].vs;
        c.n = big[b].n;
        c.kind = b == 1;
        c.m = 1;
        c.b = (int)(b % 2);
        t_register(r, &c, "merge_sort.%s.%s.v%d.n%zu%s.vs_radix%s",
                   sweep_dtype_name((sweep_dtype)c.dtype), c.d ? "desc" : "asc", c.a, c.n,
                   c.kind ? ".inplace" : "", c.b ? ".dups" : "");
    }
    /* low16: keys alone around the block-sort tiles of both shapes (4352 keys and,
     * on a GPU's fast shapes, 8704), some with values or in place */
    static const size_t low16_sizes[] = {4351, 4353, 8703, 8704, 8705, 17409, 100003, 1000003};
    for (unsigned s = 0; s < sizeof low16_sizes / sizeof low16_sizes[0]; ++s, ++k) {
        c.dtype = SWEEP_U8;
        c.d = 0;
        c.c = CMP_LOW16;
        c.a = s % 4 == 3 ? value_sizes[k % 6] : 0;
        c.n = low16_sizes[s];
        c.kind = s % 3 == 2;
        c.m = 0;
        c.b = (int)(s % 2);
        t_register(r, &c, "merge_sort.custom_low16.v%d.n%zu%s%s", c.a, c.n,
                   c.kind ? ".inplace" : "", c.b ? ".dups" : "");
    }
    /* shapes: keys already sorted, reversed, reversed with runs of equal keys, across
     * the CPU's tiles and merge passes and the GPU's block-sort tiles */
    static const size_t shape_sizes[] = {33, 4097, 65537, 1000003};
    static const int shape_dtypes[] = {SWEEP_U32, SWEEP_F32, SWEEP_I8, SWEEP_U64};
    static const int shapes[] = {2, 4, 5, 3};
    for (unsigned d = 0; d < sizeof shape_dtypes / sizeof shape_dtypes[0]; ++d)
        for (unsigned h = 0; h < sizeof shapes / sizeof shapes[0]; ++h)
            for (unsigned s = 0; s < sizeof shape_sizes / sizeof shape_sizes[0]; ++s, ++k) {
                c.dtype = shape_dtypes[d];
                c.d = (int)((d + h) % 2);
                c.c = CMP_BUILTIN;
                c.a = (s + h) % 2 ? 4 : 0;
                c.n = shape_sizes[s];
                c.kind = s == 2;
                c.m = 0;
                c.b = shapes[h];
                t_register(r, &c, "merge_sort.%s.%s.v%d.n%zu%s.%s",
                           sweep_dtype_name((sweep_dtype)c.dtype), c.d ? "desc" : "asc", c.a, c.n,
                           c.kind ? ".inplace" : "",
                           c.b == 2   ? "presorted"
                           : c.b == 3 ? "presorted_dups"
                           : c.b == 4 ? "reversed"
                                      : "reversed_dups");
            }
    for (int mode = CMP_RECORD; mode <= CMP_REC16; ++mode)
        for (unsigned h = 0; h < sizeof shapes / sizeof shapes[0]; ++h, ++k) {
            c.dtype = SWEEP_U8;
            c.d = 0;
            c.c = mode;
            c.a = 4;
            c.n = h % 2 ? 20011 : 4097;
            c.kind = 0;
            c.m = 0;
            c.b = shapes[h];
            t_register(r, &c, "merge_sort.custom_%s.v4.n%zu.%s", t_comparator_name(mode), c.n,
                       c.b == 2   ? "presorted"
                       : c.b == 3 ? "presorted_dups"
                       : c.b == 4 ? "reversed"
                                  : "reversed_dups");
        }
    c.c = CMP_RECORD;
    c.a = 8;
    c.n = (1u << 20) + 3;
    c.kind = 0;
    c.m = 0;
    c.b = 1;
    t_register(r, &c, "merge_sort.custom_record.v8.n%zu", c.n);
    /* Every value size with both custom comparators, over several tiles: a GPU
     * backend compiles one program a value size. */
    static const int all_value_sizes[] = {1, 2, 4, 8, 16};
    for (int mode = CMP_RECORD; mode <= CMP_REC16; ++mode)
        for (unsigned v = 0; v < sizeof all_value_sizes / sizeof all_value_sizes[0]; ++v) {
            c.dtype = SWEEP_U8;
            c.d = 0;
            c.c = mode;
            c.a = all_value_sizes[v];
            c.n = v % 2 ? 20011 : 9001;
            c.kind = v % 3 == 2;
            t_register(r, &c, "merge_sort.custom_%s.v%d.n%zu%s.value_sizes",
                       t_comparator_name(mode), c.a, c.n, c.kind ? ".inplace" : "");
        }
}
