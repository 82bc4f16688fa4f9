/* The primitives table's segmented sorts and vectorised search (see primitives.h):
 * a segmented radix sort with values over segments of 0 to 40 keys and one long one,
 * a segmented merge sort in place by a custom comparator, and lower bounds. Elements
 * outside every segment must keep their bytes. */
#include "prim_host.h"
#include "prims.h"

#include "custom.h"
#include "oracle.h"

#include <string.h>

typedef struct seg_args {
    sweep_sort_desc desc;
    sweep_compare cmp;
    size_t n, nseg, value_size;
} seg_args;

/* Segments over [n / 10, n - n / 10): lengths 0 to 40, one of about a third of n. */
static size_t make_segments(t_rng *r, size_t n, size_t *off) {
    size_t k = 0, pos = n / 10, end = n - n / 10;
    off[k++] = pos;
    while (pos < end) {
        size_t len = t_rng_below(r, 41);
        if (k == 7) len = n / 3;
        pos = len < end - pos ? pos + len : end;
        off[k++] = pos;
    }
    return k - 1;
}

static sweep_status call_segsort(sweep_context *ctx, h_array *a, const void *user) {
    const seg_args *s = user;
    return sweep_segmented_radix_sort(ctx, a[0].dev, a[1].dev, a[2].dev, a[3].dev, s->n, a[4].dev,
                                      s->nseg, &s->desc);
}

int p_segsort_u32_values(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "segsort_u32");
    const size_t vs = 8, n = sh->n;
    void *keys = h_alloc(&m, n * 4), *kout = h_alloc(&m, n * 4);
    void *vin = h_alloc(&m, n * vs), *vout = h_alloc(&m, n * vs);
    size_t *off = h_alloc(&m, (n + 2) * sizeof *off);
    if (!keys || !kout || !vin || !vout || !off) return H_OOM_HOST(&m);
    t_gen_keys(&r, SWEEP_U32, keys, n, 1);
    t_gen_values(&r, vin, vs, n);
    seg_args s;
    memset(&s, 0, sizeof s);
    s.nseg = make_segments(&r, n, off);
    s.n = n;
    s.desc = sweep_sort_desc_make(SWEEP_U32);
    s.desc.value_size = vs;
    s.desc.begin_bit = 2;
    memset(kout, T_POISON, n * 4);
    memset(vout, T_POISON, n * vs);
    o_segmented_sort(NULL, &s.desc, keys, kout, vin, vout, vs, off, s.nseg);
    h_array a[] = {{"keys_in", keys, NULL, n * 4, sh->elem_shift * 4, NULL},
                   {"keys_out", NULL, kout, n * 4, (sh->elem_shift + 1) * 4, NULL},
                   {"values_in", vin, NULL, n * vs, sh->elem_shift * vs, NULL},
                   {"values_out", NULL, vout, n * vs, (sh->elem_shift + 3) * vs, NULL},
                   {"offsets", off, NULL, (s.nseg + 1) * sizeof *off, sh->elem_shift * 8, NULL}};
    int ok = h_exec(how, "sweep_segmented_radix_sort", a, 5, call_segsort, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_segmerge_in_place(sweep_context *ctx, h_array *a, const void *user) {
    const seg_args *s = user;
    return sweep_segmented_merge_sort(ctx, a[0].dev, a[0].dev, NULL, NULL, 0, s->n, a[1].dev,
                                      s->nseg, s->cmp);
}

/* 8-byte records ordered by their first word only: the second shows stability. */
static int pair_less(const void *a, const void *b, void *user) {
    (void)user;
    uint32_t x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return x < y;
}

static const char pair_less_source[] =
    "struct t_pair { unsigned int w[2]; };\n"
    "__device__ bool pair_less(t_pair a, t_pair b) { return a.w[0] < b.w[0]; }\n";

int p_segmerge_custom_in_place(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "segmerge_custom");
    const size_t ks = 8, n = sh->n;
    uint32_t *keys = h_alloc(&m, n * ks);
    void *want = h_alloc(&m, n * ks);
    size_t *off = h_alloc(&m, (n + 2) * sizeof *off);
    if (!keys || !want || !off) return H_OOM_HOST(&m);
    for (size_t i = 0; i < n; ++i) {
        keys[2 * i] = (uint32_t)t_rng_below(&r, 30);
        keys[2 * i + 1] = (uint32_t)i;
    }
    seg_args s;
    memset(&s, 0, sizeof s);
    s.nseg = make_segments(&r, n, off);
    s.n = n;
    memcpy(want, keys, n * ks);
    o_cmp c = o_cmp_custom(ks, pair_less, NULL);
    o_segmented_sort(&c, NULL, keys, want, NULL, NULL, 0, off, s.nseg);
    const sweep_custom_compare_desc d =
        t_compare_desc("pair_less", ks, 4, pair_less, pair_less_source);
    sweep_custom_compare *cc = NULL;
    if (sweep_custom_compare_create(&cc, &d) != SWEEP_OK) {
        snprintf(why, len, "sweep_custom_compare_create: %s", sweep_last_error());
        h_free_all(&m);
        return 0;
    }
    s.cmp = sweep_compare_custom(cc);
    h_array a[] = {{"keys", keys, want, n * ks, sh->elem_shift * 4, NULL},
                   {"offsets", off, NULL, (s.nseg + 1) * sizeof *off, sh->elem_shift * 8, NULL}};
    int ok = h_exec(how, "sweep_segmented_merge_sort", a, 2, call_segmerge_in_place, &s, why, len);
    sweep_custom_compare_destroy(cc);
    h_free_all(&m);
    return ok;
}

static sweep_status call_lower_bound(sweep_context *ctx, h_array *a, const void *user) {
    const seg_args *s = user;
    return sweep_lower_bound(ctx, a[0].dev, s->n, a[1].dev, s->nseg, a[2].dev, s->cmp);
}

/* i16 keys with many duplicates: n / 2 needles in a haystack of n keys. */
int p_lower_bound_i16(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "lower_bound_i16");
    const size_t n = sh->n, nn = n / 2 + 1;
    void *raw = h_alloc(&m, n * 2), *hay = h_alloc(&m, n * 2), *needles = h_alloc(&m, nn * 2);
    size_t *want = h_alloc(&m, nn * sizeof *want);
    if (!raw || !hay || !needles || !want) return H_OOM_HOST(&m);
    t_gen_keys(&r, SWEEP_I16, raw, n, 1);
    t_gen_keys(&r, SWEEP_I16, needles, nn, 1);
    o_cmp c = o_cmp_builtin(SWEEP_I16, 0);
    o_sort(&c, raw, hay, NULL, NULL, 0, n);
    o_bounds(&c, hay, n, needles, nn, 0, want);
    seg_args s;
    memset(&s, 0, sizeof s);
    s.n = n;
    s.nseg = nn;
    s.cmp = sweep_compare_builtin(SWEEP_I16, 0);
    h_array a[] = {{"haystack", hay, NULL, n * 2, sh->elem_shift * 2, NULL},
                   {"needles", needles, NULL, nn * 2, (sh->elem_shift + 1) * 2, NULL},
                   {"out", NULL, want, nn * sizeof *want, (sh->elem_shift + 2) * 8, NULL}};
    int ok = h_exec(how, "sweep_lower_bound", a, 3, call_lower_bound, &s, why, len);
    h_free_all(&m);
    return ok;
}
