/* The primitives table's scans and reductions (see primitives.h): built-in
 * operators and the non-commutative affine map, in place and segmented. */
#include "prim_host.h"
#include "prims.h"

#include "custom.h"
#include "oracle.h"

#include <string.h>

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

int p_scan_u32_sum(const h_how *how, const h_shape *sh, char *why, size_t len) {
    return run_scan_builtin(how, sh, why, len, "scan_u32_sum", SWEEP_OP_SUM, SWEEP_U32,
                            SWEEP_INCLUSIVE, 0);
}

int p_scan_i64_max_in_place(const h_how *how, const h_shape *sh, char *why, size_t len) {
    return run_scan_builtin(how, sh, why, len, "scan_i64_max", SWEEP_OP_MAX, SWEEP_I64,
                            SWEEP_EXCLUSIVE, 1);
}

int p_scan_u8_xor(const h_how *how, const h_shape *sh, char *why, size_t len) {
    return run_scan_builtin(how, sh, why, len, "scan_u8_xor", SWEEP_OP_XOR, SWEEP_U8,
                            SWEEP_EXCLUSIVE, 0);
}

/* Affine maps x -> a*x + b (mod 2^32, tests/common/custom.h): composing them is
 * associative but not commutative, so a backend that reorders operands gives a
 * different answer. */
static int make_affine(sweep_custom_op **op, char *why, size_t len) {
    const sweep_custom_op_desc d = t_affine32_desc();
    if (sweep_custom_op_create(op, &d) != SWEEP_OK) {
        snprintf(why, len, "sweep_custom_op_create: %s", sweep_last_error());
        return 0;
    }
    return 1;
}

static void gen_affine(t_rng *r, t_affine32 *f, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        f[i].a = (uint32_t)t_rng_next(r) | 1u;
        f[i].b = (uint32_t)t_rng_next(r);
    }
}

int p_scan_custom(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "scan_custom");
    size_t bytes = sh->n * sizeof(t_affine32);
    t_affine32 *in = h_alloc(&m, bytes), *want = h_alloc(&m, bytes);
    if (!in || !want) return H_OOM_HOST(&m);
    gen_affine(&r, in, sh->n);
    o_op op = t_affine32_oracle();
    o_scan(&op, in, NULL, want, sh->n, 1);
    sweep_custom_op *cop = NULL;
    if (!make_affine(&cop, why, len)) {
        h_free_all(&m);
        return 0;
    }
    scan_args s = {sweep_op_custom(cop), SWEEP_EXCLUSIVE, SWEEP_U8, sh->n, 0};
    h_array a[] = {{"in", in, NULL, bytes, sh->elem_shift * sizeof(t_affine32), NULL},
                   {"out", NULL, want, bytes, (sh->elem_shift + 2) * sizeof(t_affine32), NULL}};
    int ok = h_exec(how, "sweep_scan", a, 2, call_scan, &s, why, len);
    sweep_custom_op_destroy(cop);
    h_free_all(&m);
    return ok;
}

static sweep_status call_segscan_flags(sweep_context *ctx, h_array *a, const void *user) {
    const scan_args *s = user;
    return sweep_segmented_scan_flags(ctx, s->op, a[0].dev, a[1].dev, a[2].dev, s->n, s->kind);
}

int p_segscan_flags(const h_how *how, const h_shape *sh, char *why, size_t len) {
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
int p_segscan_offsets(const h_how *how, const h_shape *sh, char *why, size_t len) {
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

int p_scan_by_key(const h_how *how, const h_shape *sh, char *why, size_t len) {
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

int p_reduce_custom(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "reduce_custom");
    size_t bytes = sh->n * sizeof(t_affine32);
    t_affine32 *in = h_alloc(&m, bytes), want;
    if (!in) return H_OOM_HOST(&m);
    gen_affine(&r, in, sh->n);
    o_op op = t_affine32_oracle();
    o_reduce(&op, in, sh->n, &want);
    sweep_custom_op *cop = NULL;
    if (!make_affine(&cop, why, len)) {
        h_free_all(&m);
        return 0;
    }
    scan_args s = {sweep_op_custom(cop), SWEEP_INCLUSIVE, SWEEP_U8, sh->n, 0};
    h_array a[] = {{"in", in, NULL, bytes, sh->elem_shift * sizeof(t_affine32), NULL},
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

int p_segreduce(const h_how *how, const h_shape *sh, char *why, size_t len) {
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
