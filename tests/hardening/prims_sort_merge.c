/* The primitives table's sorts and merge (see primitives.h): radix sort, merge
 * sort with a built-in and a custom comparator, merge. */
#include "prim_host.h"
#include "prims.h"

#include "custom.h"
#include "oracle.h"

#include <string.h>

/* ---------------------------------------------------------- sorts, merge -- */

typedef struct sort_args {
    sweep_sort_desc desc;
    sweep_compare cmp;
    size_t value_size, n, na;
} sort_args;

static sweep_status call_radix(sweep_context *ctx, h_array *a, const void *user) {
    const sort_args *s = user;
    return sweep_radix_sort(ctx, a[0].dev, a[1].dev, a[2].dev, a[3].dev, s->n, &s->desc);
}

static sweep_status call_radix_in_place(sweep_context *ctx, h_array *a, const void *user) {
    const sort_args *s = user;
    return sweep_radix_sort(ctx, a[0].dev, a[0].dev, NULL, NULL, s->n, &s->desc);
}

int p_radix_u32_values(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "radix_u32");
    const size_t vs = 8;
    void *keys = h_alloc(&m, sh->n * 4), *kout = h_alloc(&m, sh->n * 4);
    void *vin = h_alloc(&m, sh->n * vs), *vout = h_alloc(&m, sh->n * vs);
    if (!keys || !kout || !vin || !vout) return H_OOM_HOST(&m);
    t_gen_keys(&r, SWEEP_U32, keys, sh->n, 1);
    t_gen_values(&r, vin, vs, sh->n);
    o_radix_sort(SWEEP_U32, keys, kout, vin, vout, vs, sh->n, 0, 32, 0);
    sort_args s;
    memset(&s, 0, sizeof s);
    s.desc = sweep_sort_desc_make(SWEEP_U32);
    s.desc.value_size = vs;
    s.n = sh->n;
    h_array a[] = {{"keys_in", keys, NULL, sh->n * 4, sh->elem_shift * 4, NULL},
                   {"keys_out", NULL, kout, sh->n * 4, (sh->elem_shift + 1) * 4, NULL},
                   {"values_in", vin, NULL, sh->n * vs, sh->elem_shift * vs, NULL},
                   {"values_out", NULL, vout, sh->n * vs, (sh->elem_shift + 3) * vs, NULL}};
    int ok = h_exec(how, "sweep_radix_sort", a, 4, call_radix, &s, why, len);
    h_free_all(&m);
    return ok;
}

/* f64 keys with NaNs and signed zeros, in place, descending, on a bit range. */
int p_radix_f64_in_place(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "radix_f64");
    void *keys = h_alloc(&m, sh->n * 8), *want = h_alloc(&m, sh->n * 8);
    if (!keys || !want) return H_OOM_HOST(&m);
    t_gen_keys(&r, SWEEP_F64, keys, sh->n, 0);
    o_radix_sort(SWEEP_F64, keys, want, NULL, NULL, 0, sh->n, 5, 61, 1);
    sort_args s;
    memset(&s, 0, sizeof s);
    s.desc = sweep_sort_desc_make(SWEEP_F64);
    s.desc.begin_bit = 5;
    s.desc.end_bit = 61;
    s.desc.descending = 1;
    s.n = sh->n;
    h_array a[] = {{"keys", keys, want, sh->n * 8, sh->elem_shift * 8, NULL}};
    int ok = h_exec(how, "sweep_radix_sort", a, 1, call_radix_in_place, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_merge_sort(sweep_context *ctx, h_array *a, const void *user) {
    const sort_args *s = user;
    return sweep_merge_sort(ctx, a[0].dev, a[1].dev, a[2].dev, a[3].dev, s->value_size, s->n,
                            s->cmp);
}

int p_merge_sort_i64(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "merge_sort_i64");
    const size_t vs = 4;
    void *keys = h_alloc(&m, sh->n * 8), *kout = h_alloc(&m, sh->n * 8);
    void *vin = h_alloc(&m, sh->n * vs), *vout = h_alloc(&m, sh->n * vs);
    if (!keys || !kout || !vin || !vout) return H_OOM_HOST(&m);
    t_gen_keys(&r, SWEEP_I64, keys, sh->n, 1);
    t_gen_values(&r, vin, vs, sh->n);
    o_cmp c = o_cmp_builtin(SWEEP_I64, 1);
    o_sort(&c, keys, kout, vin, vout, vs, sh->n);
    sort_args s;
    memset(&s, 0, sizeof s);
    s.cmp = sweep_compare_builtin(SWEEP_I64, 1);
    s.value_size = vs;
    s.n = sh->n;
    h_array a[] = {{"keys_in", keys, NULL, sh->n * 8, sh->elem_shift * 8, NULL},
                   {"keys_out", NULL, kout, sh->n * 8, (sh->elem_shift + 1) * 8, NULL},
                   {"values_in", vin, NULL, sh->n * vs, sh->elem_shift * vs, NULL},
                   {"values_out", NULL, vout, sh->n * vs, (sh->elem_shift + 5) * vs, NULL}};
    int ok = h_exec(how, "sweep_merge_sort", a, 4, call_merge_sort, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_merge_sort_keys(sweep_context *ctx, h_array *a, const void *user) {
    const sort_args *s = user;
    return sweep_merge_sort(ctx, a[0].dev, a[1].dev, NULL, NULL, 0, s->n, s->cmp);
}

/* 12-byte records ordered by their first word only: the others show stability. */
static int record_less(const void *a, const void *b, void *user) {
    (void)user;
    uint32_t x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return x < y;
}

static const char record_less_source[] =
    "struct t_record { unsigned int w[3]; };\n"
    "__device__ bool record_less(t_record a, t_record b) { return a.w[0] < b.w[0]; }\n";

int p_merge_sort_custom(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "merge_sort_custom");
    const size_t ks = 12;
    uint32_t *keys = h_alloc(&m, sh->n * ks);
    void *want = h_alloc(&m, sh->n * ks);
    if (!keys || !want) return H_OOM_HOST(&m);
    for (size_t i = 0; i < sh->n; ++i) {
        keys[3 * i] = (uint32_t)t_rng_below(&r, 50);
        keys[3 * i + 1] = (uint32_t)i;
        keys[3 * i + 2] = (uint32_t)t_rng_next(&r);
    }
    o_cmp c = o_cmp_custom(ks, record_less, NULL);
    o_sort(&c, keys, want, NULL, NULL, 0, sh->n);
    const sweep_custom_compare_desc d =
        t_compare_desc("record_less", ks, 4, record_less, record_less_source);
    sweep_custom_compare *cc = NULL;
    if (sweep_custom_compare_create(&cc, &d) != SWEEP_OK) {
        snprintf(why, len, "sweep_custom_compare_create: %s", sweep_last_error());
        h_free_all(&m);
        return 0;
    }
    sort_args s;
    memset(&s, 0, sizeof s);
    s.cmp = sweep_compare_custom(cc);
    s.n = sh->n;
    h_array a[] = {{"keys_in", keys, NULL, sh->n * ks, sh->elem_shift * 4, NULL},
                   {"keys_out", NULL, want, sh->n * ks, (sh->elem_shift + 1) * 4, NULL}};
    int ok = h_exec(how, "sweep_merge_sort", a, 2, call_merge_sort_keys, &s, why, len);
    sweep_custom_compare_destroy(cc);
    h_free_all(&m);
    return ok;
}

static sweep_status call_merge(sweep_context *ctx, h_array *a, const void *user) {
    const sort_args *s = user;
    return sweep_merge(ctx, a[0].dev, a[1].dev, s->na, a[2].dev, a[3].dev, s->n - s->na, a[4].dev,
                       a[5].dev, s->value_size, s->cmp);
}

int p_merge_u16(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "merge_u16");
    const size_t vs = 16, na = sh->n / 3, nb = sh->n - na;
    void *ka = h_alloc(&m, na * 2 + 2), *kb = h_alloc(&m, nb * 2 + 2);
    void *va = h_alloc(&m, na * vs + 1), *vb = h_alloc(&m, nb * vs + 1);
    void *kout = h_alloc(&m, sh->n * 2), *vout = h_alloc(&m, sh->n * vs);
    void *tmp = h_alloc(&m, sh->n * 2);
    if (!ka || !kb || !va || !vb || !kout || !vout || !tmp) return H_OOM_HOST(&m);
    o_cmp c = o_cmp_builtin(SWEEP_U16, 0);
    t_gen_keys(&r, SWEEP_U16, tmp, na, 1);
    o_sort(&c, tmp, ka, NULL, NULL, 0, na);
    t_gen_keys(&r, SWEEP_U16, tmp, nb, 1);
    o_sort(&c, tmp, kb, NULL, NULL, 0, nb);
    t_gen_values(&r, va, vs, na);
    t_gen_values(&r, vb, vs, nb);
    o_merge(&c, ka, va, na, kb, vb, nb, kout, vout, vs);
    sort_args s;
    memset(&s, 0, sizeof s);
    s.cmp = sweep_compare_builtin(SWEEP_U16, 0);
    s.value_size = vs;
    s.n = sh->n;
    s.na = na;
    h_array a[] = {{"a_keys", ka, NULL, na * 2, sh->elem_shift * 2, NULL},
                   {"a_values", va, NULL, na * vs, sh->elem_shift * vs, NULL},
                   {"b_keys", kb, NULL, nb * 2, (sh->elem_shift + 1) * 2, NULL},
                   {"b_values", vb, NULL, nb * vs, (sh->elem_shift + 1) * vs, NULL},
                   {"out_keys", NULL, kout, sh->n * 2, (sh->elem_shift + 2) * 2, NULL},
                   {"out_values", NULL, vout, sh->n * vs, (sh->elem_shift + 2) * vs, NULL}};
    int ok = h_exec(how, "sweep_merge", a, 6, call_merge, &s, why, len);
    h_free_all(&m);
    return ok;
}
