/* The table of primitive calls (see primitives.h); answers come from tests/oracle.c. */
#include "primitives.h"

#include "gen.h"
#include "oracle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Host buffers of one call, freed together. */
typedef struct h_mem {
    void *p[16];
    int n;
} h_mem;

static void *h_alloc(h_mem *m, size_t bytes) {
    if (m->n == 16) return NULL;
    void *p = calloc(1, bytes ? bytes : 1);
    if (p) m->p[m->n++] = p;
    return p;
}

static void *h_poisoned(h_mem *m, size_t bytes) {
    void *p = h_alloc(m, bytes);
    if (p) memset(p, H_POISON, bytes);
    return p;
}

static void h_free_all(h_mem *m) {
    for (int i = 0; i < m->n; ++i)
        free(m->p[i]);
    m->n = 0;
}

static void h_seed(t_rng *r, const h_shape *s, const char *prim) {
    char name[160];
    snprintf(name, sizeof name, "hardening.%s.%s.%zu", prim, s->seed, s->n);
    t_rng_seed(r, name);
}

#define H_OOM_HOST(m) (snprintf(why, len, "out of host memory"), h_free_all(m), 0)

/* Offsets of nseg segments over [lo, hi) of n, with empty segments among them. */
static void h_offsets(t_rng *r, size_t *off, size_t nseg, size_t n) {
    size_t lo = n > 4 ? 1 + (size_t)t_rng_below(r, 3) : 0;
    size_t hi = n > 4 ? n - (size_t)t_rng_below(r, 3) : n;
    off[0] = lo;
    off[nseg] = hi;
    for (size_t s = 1; s < nseg; ++s)
        off[s] = lo + (size_t)t_rng_below(r, hi - lo + 1);
    /* insertion sort: few segments */
    for (size_t i = 1; i < nseg; ++i)
        for (size_t j = i; j > 1 && off[j] < off[j - 1]; --j) {
            size_t tmp = off[j];
            off[j] = off[j - 1];
            off[j - 1] = tmp;
        }
    if (nseg >= 3) off[2] = off[1]; /* an empty segment */
}

/* ----------------------------------------------------------------- scans -- */

typedef struct scan_args {
    sweep_op op;
    sweep_scan_kind kind;
    sweep_dtype key_dtype;
    size_t n, nseg;
} scan_args;

static sweep_status call_scan(sweep_context *ctx, h_array *a, const void *user) {
    const scan_args *s = user;
    return sweep_scan(ctx, s->op, a[0].dev, a[1].dev, s->n, s->kind);
}

static sweep_status call_scan_in_place(sweep_context *ctx, h_array *a, const void *user) {
    const scan_args *s = user;
    return sweep_scan(ctx, s->op, a[0].dev, a[0].dev, s->n, s->kind);
}

/* A plain scan of a built-in operator, out of place or in place. */
static int run_scan_builtin(const h_how *how, const h_shape *sh, char *why, size_t len,
                            const char *name, sweep_op_kind kind, sweep_dtype dtype,
                            sweep_scan_kind scan_kind, int in_place) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, name);
    size_t size = sweep_dtype_size(dtype), bytes = sh->n * size;
    void *in = h_alloc(&m, bytes), *want = h_alloc(&m, bytes);
    if (!in || !want) return H_OOM_HOST(&m);
    t_gen_op_input(&r, dtype, kind, in, sh->n);
    o_op op = o_builtin(kind, dtype);
    o_scan(&op, in, NULL, want, sh->n, scan_kind == SWEEP_EXCLUSIVE);
    scan_args s = {sweep_op_builtin(kind, dtype), scan_kind, SWEEP_U8, sh->n, 0};
    int ok;
    if (in_place) {
        h_array a[] = {{"data", in, want, bytes, sh->elem_shift * size, NULL}};
        ok = h_exec(how, "sweep_scan", a, 1, call_scan_in_place, &s, why, len);
    } else {
        h_array a[] = {{"in", in, NULL, bytes, sh->elem_shift * size, NULL},
                       {"out", NULL, want, bytes, (sh->elem_shift + 1) * size, NULL}};
        ok = h_exec(how, "sweep_scan", a, 2, call_scan, &s, why, len);
    }
    h_free_all(&m);
    return ok;
}

static int p_scan_u32_sum(const h_how *how, const h_shape *sh, char *why, size_t len) {
    return run_scan_builtin(how, sh, why, len, "scan_u32_sum", SWEEP_OP_SUM, SWEEP_U32,
                            SWEEP_INCLUSIVE, 0);
}

static int p_scan_i64_max_in_place(const h_how *how, const h_shape *sh, char *why, size_t len) {
    return run_scan_builtin(how, sh, why, len, "scan_i64_max", SWEEP_OP_MAX, SWEEP_I64,
                            SWEEP_EXCLUSIVE, 1);
}

static int p_scan_u8_xor(const h_how *how, const h_shape *sh, char *why, size_t len) {
    return run_scan_builtin(how, sh, why, len, "scan_u8_xor", SWEEP_OP_XOR, SWEEP_U8,
                            SWEEP_EXCLUSIVE, 0);
}

/* Affine maps x -> a*x + b (mod 2^32): composing them is associative but not
 * commutative, so a backend that reorders operands gives a different answer. */
typedef struct affine {
    uint32_t a, b;
} affine;

static void affine_then(const void *x, const void *y, void *out, void *user) {
    (void)user;
    affine f, g, h;
    memcpy(&f, x, sizeof f);
    memcpy(&g, y, sizeof g);
    h.a = f.a * g.a;
    h.b = g.a * f.b + g.b;
    memcpy(out, &h, sizeof h);
}

/* The same for GPU backends, compiled at run time. */
static const char affine_source[] = "struct t_affine { unsigned int a, b; };\n"
                                    "__device__ t_affine affine_then(t_affine f, t_affine g) {\n"
                                    "    t_affine h;\n"
                                    "    h.a = f.a * g.a;\n"
                                    "    h.b = g.a * f.b + g.b;\n"
                                    "    return h;\n"
                                    "}\n";

static int make_affine(sweep_custom_op **op, char *why, size_t len) {
    static const affine id = {1, 0};
    sweep_custom_op_desc d;
    memset(&d, 0, sizeof d);
    d.name = "affine_then";
    d.elem_size = sizeof(affine);
    d.elem_align = 4;
    d.identity = &id;
    d.combine = affine_then;
    d.device_source = affine_source;
    if (sweep_custom_op_create(op, &d) != SWEEP_OK) {
        snprintf(why, len, "sweep_custom_op_create: %s", sweep_last_error());
        return 0;
    }
    return 1;
}

static void gen_affine(t_rng *r, affine *f, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        f[i].a = (uint32_t)t_rng_next(r) | 1u;
        f[i].b = (uint32_t)t_rng_next(r);
    }
}

static int p_scan_custom(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "scan_custom");
    size_t bytes = sh->n * sizeof(affine);
    affine *in = h_alloc(&m, bytes), *want = h_alloc(&m, bytes);
    if (!in || !want) return H_OOM_HOST(&m);
    gen_affine(&r, in, sh->n);
    static const affine id = {1, 0};
    o_op op = o_custom(sizeof(affine), &id, affine_then, NULL);
    o_scan(&op, in, NULL, want, sh->n, 1);
    sweep_custom_op *cop = NULL;
    if (!make_affine(&cop, why, len)) {
        h_free_all(&m);
        return 0;
    }
    scan_args s = {sweep_op_custom(cop), SWEEP_EXCLUSIVE, SWEEP_U8, sh->n, 0};
    h_array a[] = {{"in", in, NULL, bytes, sh->elem_shift * sizeof(affine), NULL},
                   {"out", NULL, want, bytes, (sh->elem_shift + 2) * sizeof(affine), NULL}};
    int ok = h_exec(how, "sweep_scan", a, 2, call_scan, &s, why, len);
    sweep_custom_op_destroy(cop);
    h_free_all(&m);
    return ok;
}

static sweep_status call_segscan_flags(sweep_context *ctx, h_array *a, const void *user) {
    const scan_args *s = user;
    return sweep_segmented_scan_flags(ctx, s->op, a[0].dev, a[1].dev, a[2].dev, s->n, s->kind);
}

static int p_segscan_flags(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "segscan_flags");
    size_t bytes = sh->n * 2;
    void *in = h_alloc(&m, bytes), *want = h_alloc(&m, bytes);
    uint8_t *flags = h_alloc(&m, sh->n);
    if (!in || !want || !flags) return H_OOM_HOST(&m);
    t_gen_op_input(&r, SWEEP_U16, SWEEP_OP_SUM, in, sh->n);
    t_gen_flags(&r, flags, sh->n, 20);
    o_op op = o_builtin(SWEEP_OP_SUM, SWEEP_U16);
    o_scan(&op, in, flags, want, sh->n, 0);
    scan_args s = {sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U16), SWEEP_INCLUSIVE, SWEEP_U8, sh->n, 0};
    h_array a[] = {{"in", in, NULL, bytes, sh->elem_shift * 2, NULL},
                   {"head_flags", flags, NULL, sh->n, sh->byte_shift, NULL},
                   {"out", NULL, want, bytes, (sh->elem_shift + 3) * 2, NULL}};
    int ok = h_exec(how, "sweep_segmented_scan_flags", a, 3, call_segscan_flags, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_segscan_offsets(sweep_context *ctx, h_array *a, const void *user) {
    const scan_args *s = user;
    return sweep_segmented_scan_offsets(ctx, s->op, a[0].dev, a[0].dev, s->n, a[1].dev, s->nseg,
                                        s->kind);
}

/* In place, with elements before the first and after the last segment left alone. */
static int p_segscan_offsets(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "segscan_offsets");
    const size_t nseg = 7;
    size_t bytes = sh->n * 4;
    void *in = h_alloc(&m, bytes), *want = h_alloc(&m, bytes);
    size_t *off = h_alloc(&m, (nseg + 1) * sizeof(size_t));
    if (!in || !want || !off) return H_OOM_HOST(&m);
    t_gen_op_input(&r, SWEEP_I32, SWEEP_OP_MIN, in, sh->n);
    h_offsets(&r, off, nseg, sh->n);
    memcpy(want, in, bytes);
    o_op op = o_builtin(SWEEP_OP_MIN, SWEEP_I32);
    o_scan_offsets(&op, in, off, nseg, want, 1);
    scan_args s = {sweep_op_builtin(SWEEP_OP_MIN, SWEEP_I32), SWEEP_EXCLUSIVE, SWEEP_U8, sh->n,
                   nseg};
    h_array a[] = {
        {"data", in, want, bytes, sh->elem_shift * 4, NULL},
        {"offsets", off, NULL, (nseg + 1) * sizeof(size_t), sh->elem_shift * sizeof(size_t), NULL}};
    int ok = h_exec(how, "sweep_segmented_scan_offsets", a, 2, call_segscan_offsets, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_scan_by_key(sweep_context *ctx, h_array *a, const void *user) {
    const scan_args *s = user;
    return sweep_scan_by_key(ctx, s->op, a[0].dev, s->key_dtype, a[1].dev, a[2].dev, s->n, s->kind);
}

static int p_scan_by_key(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "scan_by_key");
    size_t bytes = sh->n * 8, key_bytes = sh->n * 2;
    void *in = h_alloc(&m, bytes), *want = h_alloc(&m, bytes);
    uint16_t *keys = h_alloc(&m, key_bytes);
    uint8_t *heads = h_alloc(&m, sh->n);
    if (!in || !want || !keys || !heads) return H_OOM_HOST(&m);
    t_gen_op_input(&r, SWEEP_U64, SWEEP_OP_PROD, in, sh->n);
    uint16_t k = 0;
    for (size_t i = 0; i < sh->n; ++i) {
        if (t_rng_below(&r, 16) == 0) k = (uint16_t)t_rng_below(&r, 4);
        keys[i] = k;
    }
    o_heads_from_keys(keys, 2, sh->n, heads);
    o_op op = o_builtin(SWEEP_OP_PROD, SWEEP_U64);
    o_scan(&op, in, heads, want, sh->n, 0);
    scan_args s = {sweep_op_builtin(SWEEP_OP_PROD, SWEEP_U64), SWEEP_INCLUSIVE, SWEEP_U16, sh->n,
                   0};
    h_array a[] = {{"keys", keys, NULL, key_bytes, sh->elem_shift * 2, NULL},
                   {"in", in, NULL, bytes, sh->elem_shift * 8, NULL},
                   {"out", NULL, want, bytes, (sh->elem_shift + 1) * 8, NULL}};
    int ok = h_exec(how, "sweep_scan_by_key", a, 3, call_scan_by_key, &s, why, len);
    h_free_all(&m);
    return ok;
}

/* ------------------------------------------------------------ reductions -- */

static sweep_status call_reduce(sweep_context *ctx, h_array *a, const void *user) {
    const scan_args *s = user;
    return sweep_reduce(ctx, s->op, a[0].dev, s->n, a[1].dev);
}

static int p_reduce_custom(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "reduce_custom");
    size_t bytes = sh->n * sizeof(affine);
    affine *in = h_alloc(&m, bytes), want;
    if (!in) return H_OOM_HOST(&m);
    gen_affine(&r, in, sh->n);
    static const affine id = {1, 0};
    o_op op = o_custom(sizeof(affine), &id, affine_then, NULL);
    o_reduce(&op, in, sh->n, &want);
    sweep_custom_op *cop = NULL;
    if (!make_affine(&cop, why, len)) {
        h_free_all(&m);
        return 0;
    }
    scan_args s = {sweep_op_custom(cop), SWEEP_INCLUSIVE, SWEEP_U8, sh->n, 0};
    h_array a[] = {{"in", in, NULL, bytes, sh->elem_shift * sizeof(affine), NULL},
                   {"out", NULL, &want, sizeof want, sh->elem_shift * 4, NULL}};
    int ok = h_exec(how, "sweep_reduce", a, 2, call_reduce, &s, why, len);
    sweep_custom_op_destroy(cop);
    h_free_all(&m);
    return ok;
}

static sweep_status call_segreduce(sweep_context *ctx, h_array *a, const void *user) {
    const scan_args *s = user;
    return sweep_segmented_reduce(ctx, s->op, a[0].dev, s->n, a[1].dev, s->nseg, a[2].dev);
}

static int p_segreduce(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "segreduce");
    const size_t nseg = 9;
    size_t bytes = sh->n * 2;
    void *in = h_alloc(&m, bytes), *want = h_alloc(&m, nseg * 2);
    size_t *off = h_alloc(&m, (nseg + 1) * sizeof(size_t));
    if (!in || !want || !off) return H_OOM_HOST(&m);
    t_gen_op_input(&r, SWEEP_I16, SWEEP_OP_PROD, in, sh->n);
    h_offsets(&r, off, nseg, sh->n);
    o_op op = o_builtin(SWEEP_OP_PROD, SWEEP_I16);
    o_segmented_reduce(&op, in, off, nseg, want);
    scan_args s = {sweep_op_builtin(SWEEP_OP_PROD, SWEEP_I16), SWEEP_INCLUSIVE, SWEEP_U8, sh->n,
                   nseg};
    h_array a[] = {
        {"in", in, NULL, bytes, sh->elem_shift * 2, NULL},
        {"offsets", off, NULL, (nseg + 1) * sizeof(size_t), sh->elem_shift * sizeof(size_t), NULL},
        {"out", NULL, want, nseg * 2, (sh->elem_shift + 1) * 2, NULL}};
    int ok = h_exec(how, "sweep_segmented_reduce", a, 3, call_segreduce, &s, why, len);
    h_free_all(&m);
    return ok;
}

/* ------------------------------------------------------ split, compaction -- */

typedef struct split_args {
    size_t elem_size, value_size, n;
} split_args;

static sweep_status call_split(sweep_context *ctx, h_array *a, const void *user) {
    const split_args *s = user;
    return sweep_split(ctx, a[0].dev, a[1].dev, a[2].dev, s->elem_size, a[3].dev, a[4].dev,
                       s->value_size, s->n, a[5].dev);
}

/* Records of 3 bytes at any byte address, with 8-byte values. */
static int p_split(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "split");
    const size_t es = 3, vs = 8;
    uint8_t *flags = h_alloc(&m, sh->n);
    void *in = h_alloc(&m, sh->n * es), *out = h_alloc(&m, sh->n * es);
    void *vin = h_alloc(&m, sh->n * vs), *vout = h_alloc(&m, sh->n * vs);
    size_t count;
    if (!flags || !in || !out || !vin || !vout) return H_OOM_HOST(&m);
    t_gen_flags(&r, flags, sh->n, 400);
    t_gen_bytes(&r, in, sh->n * es);
    t_gen_values(&r, vin, vs, sh->n);
    count = o_split(flags, in, out, es, vin, vout, vs, sh->n, 1);
    split_args s = {es, vs, sh->n};
    h_array a[] = {{"flags", flags, NULL, sh->n, sh->byte_shift, NULL},
                   {"in", in, NULL, sh->n * es, sh->byte_shift + 1, NULL},
                   {"out", NULL, out, sh->n * es, sh->byte_shift + 2, NULL},
                   {"values_in", vin, NULL, sh->n * vs, sh->elem_shift * vs, NULL},
                   {"values_out", NULL, vout, sh->n * vs, (sh->elem_shift + 1) * vs, NULL},
                   {"num_flagged", NULL, &count, sizeof count, sh->elem_shift * 8, NULL}};
    int ok = h_exec(how, "sweep_split", a, 6, call_split, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_compact(sweep_context *ctx, h_array *a, const void *user) {
    const split_args *s = user;
    return sweep_compact(ctx, a[0].dev, a[1].dev, a[2].dev, s->elem_size, s->n, a[3].dev);
}

/* Records of 5 bytes at any byte address; the tail of out stays untouched. */
static int p_compact(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "compact");
    const size_t es = 5;
    uint8_t *flags = h_alloc(&m, sh->n);
    void *in = h_alloc(&m, sh->n * es), *out = h_poisoned(&m, sh->n * es);
    size_t count;
    if (!flags || !in || !out) return H_OOM_HOST(&m);
    t_gen_flags(&r, flags, sh->n, 300);
    t_gen_bytes(&r, in, sh->n * es);
    count = o_split(flags, in, out, es, NULL, NULL, 0, sh->n, 0);
    split_args s = {es, 0, sh->n};
    h_array a[] = {{"flags", flags, NULL, sh->n, sh->byte_shift + 3, NULL},
                   {"in", in, NULL, sh->n * es, sh->byte_shift, NULL},
                   {"out", NULL, out, sh->n * es, sh->byte_shift + 1, NULL},
                   {"num_kept", NULL, &count, sizeof count, sh->elem_shift * 8, NULL}};
    int ok = h_exec(how, "sweep_compact", a, 4, call_compact, &s, why, len);
    h_free_all(&m);
    return ok;
}

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

static int p_radix_u32_values(const h_how *how, const h_shape *sh, char *why, size_t len) {
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
static int p_radix_f64_in_place(const h_how *how, const h_shape *sh, char *why, size_t len) {
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

static int p_merge_sort_i64(const h_how *how, const h_shape *sh, char *why, size_t len) {
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

static int p_merge_sort_custom(const h_how *how, const h_shape *sh, char *why, size_t len) {
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
    sweep_custom_compare_desc d;
    memset(&d, 0, sizeof d);
    d.name = "record_less";
    d.key_size = ks;
    d.key_align = 4;
    d.less = record_less;
    d.device_source = record_less_source;
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

static int p_merge_u16(const h_how *how, const h_shape *sh, char *why, size_t len) {
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

const h_prim h_prims[] = {
    {"scan_u32_sum", p_scan_u32_sum},
    {"scan_i64_max_in_place", p_scan_i64_max_in_place},
    {"scan_u8_xor", p_scan_u8_xor},
    {"scan_custom_affine", p_scan_custom},
    {"segmented_scan_flags_u16", p_segscan_flags},
    {"segmented_scan_offsets_i32_in_place", p_segscan_offsets},
    {"scan_by_key_u64", p_scan_by_key},
    {"reduce_custom_affine", p_reduce_custom},
    {"segmented_reduce_i16", p_segreduce},
    {"split_3_byte_records", p_split},
    {"compact_5_byte_records", p_compact},
    {"radix_sort_u32_values", p_radix_u32_values},
    {"radix_sort_f64_in_place_desc_bits", p_radix_f64_in_place},
    {"merge_sort_i64_desc_values", p_merge_sort_i64},
    {"merge_sort_custom_records", p_merge_sort_custom},
    {"merge_u16_values", p_merge_u16},
};
const size_t h_num_prims = sizeof h_prims / sizeof h_prims[0];
