/* Non-commutative custom operators through scan, the three segmented scans, reduce
 * and segmented reduce: 2x2 u32 matrix products (wrapping) and affine maps
 * x -> a*x + b composed (u64 and u16 coefficients). A backend that swaps operands or
 * applies a carry on the wrong side fails these. */
#include "check.h"
#include "families.h"
#include "segments.h"

#include <string.h>

typedef struct mat2 {
    uint32_t m[4]; /* row-major [[m0 m1] [m2 m3]] */
} mat2;

static void mat2_mul(const void *a, const void *b, void *out, void *user) {
    (void)user;
    mat2 x, y, r;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    r.m[0] = x.m[0] * y.m[0] + x.m[1] * y.m[2];
    r.m[1] = x.m[0] * y.m[1] + x.m[1] * y.m[3];
    r.m[2] = x.m[2] * y.m[0] + x.m[3] * y.m[2];
    r.m[3] = x.m[2] * y.m[1] + x.m[3] * y.m[3];
    memcpy(out, &r, sizeof r);
}

typedef struct affine64 {
    uint64_t a, b; /* x -> a*x + b */
} affine64;

/* first then second: x -> s.a*(f.a*x + f.b) + s.b */
static void affine64_compose(const void *first, const void *second, void *out, void *user) {
    (void)user;
    affine64 f, s, r;
    memcpy(&f, first, sizeof f);
    memcpy(&s, second, sizeof s);
    r.a = s.a * f.a;
    r.b = s.a * f.b + s.b;
    memcpy(out, &r, sizeof r);
}

typedef struct affine16 {
    uint16_t a, b;
} affine16;

static void affine16_compose(const void *first, const void *second, void *out, void *user) {
    (void)user;
    affine16 f, s, r;
    memcpy(&f, first, sizeof f);
    memcpy(&s, second, sizeof s);
    r.a = (uint16_t)((unsigned)s.a * f.a);
    r.b = (uint16_t)((unsigned)s.a * f.b + s.b);
    memcpy(out, &r, sizeof r);
}

enum { OP_MAT2 = 0, OP_AFFINE64 = 1, OP_AFFINE16 = 2, OP_COUNT };
static const char *op_names[] = {"mat2_u32", "affine_u64", "affine_u16"};

enum { P_SCAN, P_SEG_FLAGS, P_SEG_OFFSETS, P_BY_KEY, P_REDUCE, P_SEG_REDUCE, P_COUNT };
static const char *prim_names[] = {
    "scan",   "segmented_scan_flags", "segmented_scan_offsets", "by_key",
    "reduce", "segmented_reduce"};

static int make_op(t_state *t, int which, sweep_custom_op **custom, o_op *oop) {
    static const mat2 mat_id = {{1, 0, 0, 1}};
    static const affine64 aff64_id = {1, 0};
    static const affine16 aff16_id = {1, 0};
    sweep_custom_op_desc d;
    memset(&d, 0, sizeof d);
    d.name = op_names[which];
    switch (which) {
    case OP_MAT2:
        d.elem_size = sizeof(mat2);
        d.elem_align = 4;
        d.identity = &mat_id;
        d.combine = mat2_mul;
        break;
    case OP_AFFINE64:
        d.elem_size = sizeof(affine64);
        d.elem_align = 8;
        d.identity = &aff64_id;
        d.combine = affine64_compose;
        break;
    default:
        d.elem_size = sizeof(affine16);
        d.elem_align = 2;
        d.identity = &aff16_id;
        d.combine = affine16_compose;
    }
    *oop = o_custom(d.elem_size, d.identity, d.combine, NULL);
    return t_ok(t, sweep_custom_op_create(custom, &d), "sweep_custom_op_create");
}

/* Small entries keep products informative: 0/1/2/3 matrix entries, odd multipliers. */
static void gen_elems(t_rng *rng, int which, void *out, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (which == OP_MAT2) {
            mat2 m;
            for (int j = 0; j < 4; ++j)
                m.m[j] = (uint32_t)t_rng_below(rng, 4);
            if (t_rng_below(rng, 8) == 0) m.m[0] = (uint32_t)t_rng_next(rng);
            memcpy((mat2 *)out + i, &m, sizeof m);
        } else if (which == OP_AFFINE64) {
            affine64 f = {t_rng_next(rng) | 1, t_rng_next(rng)};
            memcpy((affine64 *)out + i, &f, sizeof f);
        } else {
            affine16 f = {(uint16_t)(t_rng_next(rng) | 1), (uint16_t)t_rng_next(rng)};
            memcpy((affine16 *)out + i, &f, sizeof f);
        }
    }
}

/* c->a operator, c->b primitive, c->kind exclusive, c->c in place, c->d layout, c->n */
static t_result custom_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_custom_op *custom = NULL;
    o_op oop;
    if (!make_op(&t, c->a, &custom, &oop)) return t_end(&t);
    sweep_op op = sweep_op_custom(custom);
    size_t n = c->n, size = oop.size;
    int prim = c->b, exclusive = c->kind, in_place = c->c;
    sweep_scan_kind sk = exclusive ? SWEEP_EXCLUSIVE : SWEEP_INCLUSIVE;
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *in = t_host(&t, n * size), *want = NULL, *got = NULL;
    uint8_t *heads = t_host(&t, n), *inside = t_host(&t, n);
    uint32_t *keys = t_host(&t, n * sizeof *keys);
    size_t *offsets = NULL, nseg = 0;
    if (t.failed || !t_make_offsets(&t, &rng, c->d, n, &offsets, &nseg)) goto done;
    /* outputs: n scanned elements or nseg reductions (empty segments make nseg > n) */
    size_t cap = (n > nseg ? n : nseg) + 1;
    want = t_host(&t, cap * size);
    got = t_host(&t, cap * size);
    if (t.failed) goto done;
    gen_elems(&rng, c->a, in, n);
    t_heads_from_offsets(offsets, nseg, n, heads);
    t_keys_from_heads(&rng, SWEEP_U32, heads, n, keys);
    for (size_t i = 0; i < n; ++i)
        inside[i] = prim != P_SEG_OFFSETS || (i >= offsets[0] && i < offsets[nseg]);

    /* the oracle's answer and the output size */
    size_t out_n = n;
    if (in_place)
        memcpy(want, in, n * size);
    else
        t_poison(want, cap * size);
    switch (prim) {
    case P_SCAN: o_scan(&oop, in, NULL, want, n, exclusive); break;
    case P_SEG_FLAGS:
    case P_BY_KEY: o_scan(&oop, in, heads, want, n, exclusive); break;
    case P_SEG_OFFSETS: o_scan_offsets(&oop, in, offsets, nseg, want, exclusive); break;
    case P_REDUCE:
        out_n = n ? 1 : 0;
        if (n) o_reduce(&oop, in, n, want);
        break;
    default: out_n = nseg; o_segmented_reduce(&oop, in, offsets, nseg, want);
    }

    void *d_in = t_dev_upload(&t, in, n * size);
    void *d_heads = t_dev_upload(&t, heads, n);
    void *d_keys = t_dev_upload(&t, keys, n * sizeof *keys);
    void *d_off = t_dev_upload(&t, offsets, (nseg + 1) * sizeof *offsets);
    int scans = prim <= P_BY_KEY;
    void *d_out = scans && in_place ? d_in : t_dev_poisoned(&t, (out_n ? out_n : 1) * size);
    if (t.failed) goto done;
    sweep_status st;
    switch (prim) {
    case P_SCAN: st = sweep_scan(env->ctx, op, d_in, d_out, n, sk); break;
    case P_SEG_FLAGS:
        st = sweep_segmented_scan_flags(env->ctx, op, d_in, d_heads, d_out, n, sk);
        break;
    case P_SEG_OFFSETS:
        st = sweep_segmented_scan_offsets(env->ctx, op, d_in, d_out, n, d_off, nseg, sk);
        break;
    case P_BY_KEY:
        st = sweep_scan_by_key(env->ctx, op, d_keys, SWEEP_U32, d_in, d_out, n, sk);
        break;
    case P_REDUCE: st = sweep_reduce(env->ctx, op, d_in, n, d_out); break;
    default: st = sweep_segmented_reduce(env->ctx, op, d_in, n, d_off, nseg, d_out);
    }
    if (st == SWEEP_ERR_UNSUPPORTED && env->backend >= SWEEP_BACKEND_CUDA) {
        t_skip(&t, "custom operator without device source: %s", sweep_last_error());
        goto done;
    }
    if (!t_ok(&t, st, prim_names[prim])) goto done;
    if (prim == P_REDUCE && n == 0) {
        t_expect_poisoned(&t, d_out, size, "out (n == 0 writes nothing)");
        goto done;
    }
    if (!t_download(&t, got, d_out, out_n * size, "out")) goto done;
    t_expect e = {want, NULL, NULL, NULL, prim == P_SEG_OFFSETS ? inside : NULL};
    t_check_op_output(&t, "out", &oop, got, &e, out_n);
done:;
    t_result res = t_end(&t);
    sweep_custom_op_destroy(custom);
    return res;
}

void t_register_custom_op(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "custom_op";
    c.fn = custom_case;
    static const size_t sizes[] = {0, 1, 2, 31, 33, 1023, 4097, 65537};
    unsigned k = 0;
    for (int op = 0; op < OP_COUNT; ++op)
        for (int prim = 0; prim < P_COUNT; ++prim)
            for (int kind = 0; kind < (prim < P_REDUCE ? 2 : 1); ++kind)
                for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s, ++k) {
                    c.a = op;
                    c.b = prim;
                    c.kind = kind;
                    c.c = prim < P_REDUCE && k % 4 == 1;
                    c.d = (int)(k % T_LAYOUT_COUNT);
                    c.n = sizes[s];
                    t_register(r, &c, "custom_op.%s.%s.%s.%s.n%zu%s", op_names[op],
                               prim_names[prim], prim < P_REDUCE ? (kind ? "excl" : "incl") : "-",
                               t_layout_name(c.d), c.n, c.c ? ".inplace" : "");
                }
    c.a = OP_MAT2;
    c.b = P_SCAN;
    c.kind = 1;
    c.c = 0;
    c.d = 0;
    c.n = (1u << 20) + 3;
    t_register(r, &c, "custom_op.mat2_u32.scan.excl.n%zu", c.n);
    c.a = OP_AFFINE64;
    c.b = P_SEG_FLAGS;
    c.kind = 0;
    c.d = T_LAYOUT_TILE;
    t_register(r, &c, "custom_op.affine_u64.segmented_scan_flags.incl.tile.n%zu", c.n);
}
