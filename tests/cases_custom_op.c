/* Custom operators through scan, the three segmented scans, reduce and segmented
 * reduce, on every backend: 2x2 u32 matrix products (wrapping), affine maps
 * x -> a*x + b composed (u64, u16 and f32 coefficients) -- non-commutative, so a
 * backend that swaps operands or applies a carry on the wrong side fails -- and argmax
 * over (value, index) pairs. Every operator carries device source computing what its
 * C function computes, so GPU backends run every case; they may skip only when the
 * plugin says that its runtime compiler (NVRTC / hipRTC) is missing. Two more cases
 * check operators and comparators without device source and with source that does
 * not compile. */
#include "check.h"
#include "comparators.h"
#include "custom.h"
#include "families.h"
#include "segments.h"

#include <math.h>
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

/* Device source may spell integer types either way: the built-in names here, the
 * fixed-width names of <stdint.h> (which sweep provides to the run-time compilers;
 * no header is included) in the affine maps below. */
static const char mat2_source[] = "struct t_mat2 { unsigned int m[4]; };\n"
                                  "__device__ t_mat2 mat2_u32(t_mat2 x, t_mat2 y) {\n"
                                  "    t_mat2 r;\n"
                                  "    r.m[0] = x.m[0] * y.m[0] + x.m[1] * y.m[2];\n"
                                  "    r.m[1] = x.m[0] * y.m[1] + x.m[1] * y.m[3];\n"
                                  "    r.m[2] = x.m[2] * y.m[0] + x.m[3] * y.m[2];\n"
                                  "    r.m[3] = x.m[2] * y.m[1] + x.m[3] * y.m[3];\n"
                                  "    return r;\n"
                                  "}\n";

/* Affine maps x -> a*x + b composed first then second (tests/common/custom.h). */
typedef struct affine64 {
    uint64_t a, b;
} affine64;

static void affine64_compose(const void *first, const void *second, void *out, void *user) {
    (void)user;
    T_AFFINE_COMPOSE(first, second, out, affine64, uint64_t, uint64_t);
}

static const char affine64_source[] =
    T_AFFINE_SOURCE("t_affine64", "affine_u64", "uint64_t", "uint64_t");

typedef struct affine16 {
    uint16_t a, b;
} affine16;

/* Multiplied in 32 bits (a u16 alone would promote to int, whose overflow is
 * undefined) and truncated to 16 bits, in C and device code alike. */
static void affine16_compose(const void *first, const void *second, void *out, void *user) {
    (void)user;
    T_AFFINE_COMPOSE(first, second, out, affine16, uint16_t, uint32_t);
}

static const char affine16_source[] =
    T_AFFINE_SOURCE("t_affine16", "affine_u16", "uint16_t", "uint32_t");

/* Affine maps over floats. Exactness by construction: a is 1, -1 or (rarely) 0 and b a
 * small integer (|b| <= 8), so every coefficient of every partial composition is an
 * integer of magnitude at most 8n < 2^24: each product and sum is exact in f32, with or
 * without FMA contraction and in any association order. Every backend must then equal
 * the oracle in value; only the sign of a zero may differ (-1 * (3 + -3) is -0.0,
 * -1*3 + -1*-3 is +0.0), so the check compares values, not bytes. A tolerance would
 * also pass a backend that reorders operands on some inputs; this cannot. */
typedef struct affinef {
    float a, b;
} affinef;

static void affinef_compose(const void *first, const void *second, void *out, void *user) {
    (void)user;
    T_AFFINE_COMPOSE(first, second, out, affinef, float, float);
}

static const char affinef_source[] = T_AFFINE_SOURCE("t_affinef", "affine_f32", "float", "float");

/* Argmax as (value, index) pairs: the larger value wins, equal values (also -0.0 vs
 * +0.0) take the smaller index. That is a total order on the pairs, so the operator is
 * associative and every backend's answer is the same bytes. The identity (-inf,
 * UINT32_MAX) loses to every input (inputs are finite, indices < UINT32_MAX). */
typedef struct argmax {
    float value;
    uint32_t index;
} argmax;

static void argmax_combine(const void *a, const void *b, void *out, void *user) {
    (void)user;
    argmax x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    int take_y = y.value > x.value || (y.value == x.value && y.index < x.index);
    memcpy(out, take_y ? &y : &x, sizeof x);
}

static const char argmax_source[] =
    "struct t_argmax { float value; unsigned int index; };\n"
    "__device__ t_argmax argmax_f32(t_argmax x, t_argmax y) {\n"
    "    bool take_y = y.value > x.value || (y.value == x.value && y.index < x.index);\n"
    "    return take_y ? y : x;\n"
    "}\n";

enum { OP_MAT2 = 0, OP_AFFINE64, OP_AFFINE16, OP_AFFINE_F32, OP_ARGMAX, OP_COUNT };
static const char *op_names[] = {"mat2_u32", "affine_u64", "affine_u16", "affine_f32",
                                 "argmax_f32"};

enum { P_SCAN, P_SEG_FLAGS, P_SEG_OFFSETS, P_BY_KEY, P_REDUCE, P_SEG_REDUCE, P_COUNT };
static const char *prim_names[] = {
    "scan",   "segmented_scan_flags", "segmented_scan_offsets", "by_key",
    "reduce", "segmented_reduce"};

/* The operator's library and oracle descriptors; source selects the device source:
 * SRC_OWN (the operator's), SRC_NONE or SRC_BROKEN. */
enum { SRC_OWN = 0, SRC_NONE, SRC_BROKEN };

/* Does not compile: the log names the undeclared identifier, which no message of the
 * library itself contains, so finding it in sweep_last_error() proves the log is there. */
static const char broken_source[] =
    "struct t_mat2 { unsigned int m[4]; };\n"
    "__device__ t_mat2 mat2_u32(t_mat2 x, t_mat2 y) { return sweep_no_such_identifier(x, y); }\n";
static const char broken_compare_source[] =
    "struct t_record { int key; unsigned int seq; };\n"
    "__device__ bool by_key(t_record a, t_record b) { return sweep_no_such_identifier(a, b); }\n";

static int make_op(t_state *t, int which, int source, sweep_custom_op **custom, o_op *oop) {
    static const mat2 mat_id = {{1, 0, 0, 1}};
    static const affine64 aff64_id = {1, 0};
    static const affine16 aff16_id = {1, 0};
    static const affinef afff_id = {1.0f, 0.0f};
    static const argmax argmax_id = {-INFINITY, UINT32_MAX};
    /* in the order of OP_MAT2 ... OP_ARGMAX */
    const sweep_custom_op_desc ops[OP_COUNT] = {
        t_op_desc(op_names[OP_MAT2], sizeof(mat2), 4, &mat_id, mat2_mul, mat2_source),
        t_op_desc(op_names[OP_AFFINE64], sizeof(affine64), 8, &aff64_id, affine64_compose,
                  affine64_source),
        t_op_desc(op_names[OP_AFFINE16], sizeof(affine16), 2, &aff16_id, affine16_compose,
                  affine16_source),
        t_op_desc(op_names[OP_AFFINE_F32], sizeof(affinef), 4, &afff_id, affinef_compose,
                  affinef_source),
        t_op_desc(op_names[OP_ARGMAX], sizeof(argmax), 4, &argmax_id, argmax_combine,
                  argmax_source),
    };
    sweep_custom_op_desc d = ops[which];
    if (source == SRC_NONE) d.device_source = NULL;
    if (source == SRC_BROKEN) d.device_source = broken_source;
    *oop = o_custom(d.elem_size, d.identity, d.combine, NULL);
    return t_ok(t, sweep_custom_op_create(custom, &d), "sweep_custom_op_create");
}

/* Small entries keep products informative: 0/1/2/3 matrix entries, odd multipliers.
 * Argmax values come from 13 values (-0.0 and +0.0 among them), so ties are common. */
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
        } else if (which == OP_AFFINE16) {
            affine16 f = {(uint16_t)(t_rng_next(rng) | 1), (uint16_t)t_rng_next(rng)};
            memcpy((affine16 *)out + i, &f, sizeof f);
        } else if (which == OP_AFFINE_F32) {
            uint64_t r = t_rng_below(rng, 16);
            affinef f = {r == 0    ? 0.0f
                         : (r & 1) ? -1.0f
                                   : 1.0f,
                         (float)((int)t_rng_below(rng, 17) - 8)};
            memcpy((affinef *)out + i, &f, sizeof f);
        } else {
            int v = (int)t_rng_below(rng, 13) - 6; /* -6 ... 6 */
            argmax x = {v == 0 && t_rng_below(rng, 2) ? -0.0f : 0.5f * (float)v, (uint32_t)i};
            memcpy((argmax *)out + i, &x, sizeof x);
        }
    }
}

/* The f32 affine check: values equal (see affinef above), outside-segment bytes
 * untouched. */
static int check_affinef(t_state *t, const void *got, const void *want, const uint8_t *inside,
                         size_t n) {
    for (size_t i = 0; i < n; ++i) {
        affinef g, w;
        memcpy(&g, (const affinef *)got + i, sizeof g);
        memcpy(&w, (const affinef *)want + i, sizeof w);
        if (inside && !inside[i]) {
            if (memcmp(&g, &w, sizeof g) != 0)
                return t_fail(t, "out[%zu] of %zu: written, but it lies outside every segment", i,
                              n);
        } else if (!(g.a == w.a && g.b == w.b)) {
            return t_fail(t, "out[%zu] of %zu: got (a %.9g, b %.9g), want (a %.9g, b %.9g)", i, n,
                          (double)g.a, (double)g.b, (double)w.a, (double)w.b);
        }
    }
    return 1;
}

/* A custom operator's output against the oracle's: the affine check for OP_AFFINE_F32,
 * the operator's own comparison otherwise. */
static int check_custom_output(t_state *t, int which, const char *name, const o_op *oop,
                               const void *got, const void *want, const uint8_t *inside, size_t n) {
    if (which == OP_AFFINE_F32) return check_affinef(t, got, want, inside, n);
    t_expect e = {want, NULL, NULL, NULL, inside};
    return t_check_op_output(t, name, oop, got, &e, n);
}

/* c->a operator, c->b primitive, c->kind exclusive, c->c in place, c->d layout, c->n */
static t_result custom_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_custom_op *custom = NULL;
    o_op oop;
    if (!make_op(&t, c->a, SRC_OWN, &custom, &oop)) return t_end(&t);
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
    if (t_runtime_compiler_missing(env, st)) {
        t_skip(&t, "no runtime compiler for the custom operator: %s", sweep_last_error());
        goto done;
    }
    if (!t_ok(&t, st, prim_names[prim])) goto done;
    if (prim == P_REDUCE && n == 0) {
        t_expect_poisoned(&t, d_out, size, "out (n == 0 writes nothing)");
        goto done;
    }
    if (!t_download(&t, got, d_out, out_n * size, "out")) goto done;
    check_custom_output(&t, c->a, "out", &oop, got, want, prim == P_SEG_OFFSETS ? inside : NULL,
                        out_n);
done:;
    t_result res = t_end(&t);
    sweep_custom_op_destroy(custom);
    return res;
}

/* Bad offsets with a custom operator: a decrease at the first index, in the middle,
 * at the last, and a last offset of n + 1, each refused by the segmented reduce and
 * the segmented scan by offsets with nothing written (GPU backends queue the work,
 * compiled at run time, behind their check of the offsets); then the valid offsets
 * give the oracle's reductions. c->a operator, c->d layout, c->n. */
static t_result bad_offsets_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_custom_op *custom = NULL;
    o_op oop;
    if (!make_op(&t, c->a, SRC_OWN, &custom, &oop)) return t_end(&t);
    sweep_op op = sweep_op_custom(custom);
    const size_t n = c->n, size = oop.size;
    t_rng rng;
    t_rng_seed(&rng, c->name);
    size_t *ok = NULL, nseg = 0;
    unsigned char *in = t_host(&t, (n ? n : 1) * size);
    if (t.failed || !t_make_offsets(&t, &rng, c->d, n, &ok, &nseg)) goto done;
    gen_elems(&rng, c->a, in, n);
    const size_t obytes = (nseg + 1) * sizeof(size_t);
    size_t *w = t_host(&t, obytes);
    unsigned char *want = t_host(&t, nseg * size), *got = t_host(&t, nseg * size);
    void *d_in = t_dev_upload(&t, in, (n ? n : 1) * size);
    void *d_red = t_dev_poisoned(&t, nseg * size), *d_scan = t_dev_poisoned(&t, (n ? n : 1) * size);
    if (t.failed) goto done;
    for (int bad = 0; bad < 4; ++bad) {
        memcpy(w, ok, obytes);
        const size_t at = bad == 0 ? 0 : bad == 1 ? nseg / 2 : nseg - 1;
        if (bad == 3)
            w[nseg] = n + 1;
        else
            w[at] = w[at + 1] + 1; /* offsets[at + 1] < offsets[at]: the least decrease */
        void *d_w = t_dev_upload(&t, w, obytes);
        if (!d_w) goto done;
        sweep_status st = sweep_segmented_reduce(env->ctx, op, d_in, n, d_w, nseg, d_red);
        if (t_runtime_compiler_missing(env, st)) {
            t_skip(&t, "no runtime compiler for the custom operator: %s", sweep_last_error());
            goto done;
        }
        if (st != SWEEP_ERR_INVALID_ARGUMENT) {
            (void)t_fail(&t, "segmented_reduce, bad offsets %d: status %d, want %d", bad, (int)st,
                         (int)SWEEP_ERR_INVALID_ARGUMENT);
            goto done;
        }
        st =
            sweep_segmented_scan_offsets(env->ctx, op, d_in, d_scan, n, d_w, nseg, SWEEP_INCLUSIVE);
        if (st != SWEEP_ERR_INVALID_ARGUMENT) {
            (void)t_fail(&t, "segmented_scan_offsets, bad offsets %d: status %d, want %d", bad,
                         (int)st, (int)SWEEP_ERR_INVALID_ARGUMENT);
            goto done;
        }
        if (!t_expect_poisoned(&t, d_red, nseg * size, "segment reductions (bad offsets)") ||
            !t_expect_poisoned(&t, d_scan, (n ? n : 1) * size, "scan out (bad offsets)"))
            goto done;
    }
    void *d_ok = t_dev_upload(&t, ok, obytes);
    if (!d_ok) goto done;
    if (!t_ok(&t, sweep_segmented_reduce(env->ctx, op, d_in, n, d_ok, nseg, d_red),
              "segmented_reduce after the refusals") ||
        !t_download(&t, got, d_red, nseg * size, "segment reductions"))
        goto done;
    o_segmented_reduce(&oop, in, ok, nseg, want);
    check_custom_output(&t, c->a, "segment reductions", &oop, got, want, NULL, nseg);
done:;
    t_result res = t_end(&t);
    sweep_custom_op_destroy(custom);
    return res;
}

/* Operators and comparators whose device source is missing or does not compile.
 * CPU backends ignore device source: the call succeeds with the C function's answer.
 * GPU backends: no source is SWEEP_ERR_UNSUPPORTED; broken source is
 * SWEEP_ERR_INVALID_ARGUMENT with the compiler's log in sweep_last_error(), on this
 * call and again on the next (a failed compile must not be cached as a kernel).
 * Nothing is written either way. c->a SRC_NONE or SRC_BROKEN, c->b 0 operator (an
 * inclusive mat2 scan) or 1 comparator (a record merge sort), c->n. */
static t_result source_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    int source = c->a, comparator = c->b;
    size_t n = c->n;
    sweep_custom_op *custom = NULL;
    sweep_custom_compare *ccustom = NULL;
    o_op oop;
    o_cmp ocmp;
    size_t size = comparator ? sizeof(t_record) : sizeof(mat2);
    if (comparator) {
        const sweep_custom_compare_desc d =
            t_compare_desc("by_key", sizeof(t_record), 4, t_record_less,
                           source == SRC_BROKEN ? broken_compare_source : NULL);
        ocmp = o_cmp_custom(size, t_record_less, NULL);
        if (!t_ok(&t, sweep_custom_compare_create(&ccustom, &d), "sweep_custom_compare_create"))
            return t_end(&t);
    } else if (!make_op(&t, OP_MAT2, source, &custom, &oop)) {
        return t_end(&t);
    }
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *in = t_host(&t, n * size), *want = t_host(&t, n * size);
    unsigned char *got = t_host(&t, n * size);
    if (t.failed) goto done;
    if (comparator) {
        t_gen_sort_keys(&rng, CMP_RECORD, SWEEP_U8, in, n, 1);
        o_sort(&ocmp, in, want, NULL, NULL, 0, n);
    } else {
        gen_elems(&rng, OP_MAT2, in, n);
        o_scan(&oop, in, NULL, want, n, 0);
    }
    void *d_in = t_dev_upload(&t, in, n * size);
    void *d_out = t_dev_poisoned(&t, n * size);
    if (t.failed) goto done;
    const char *what = comparator ? "sweep_merge_sort" : "sweep_scan";
    for (int call = 0; call < 2; ++call) {
        sweep_status st = comparator ? sweep_merge_sort(env->ctx, d_in, d_out, NULL, NULL, 0, n,
                                                        sweep_compare_custom(ccustom))
                                     : sweep_scan(env->ctx, sweep_op_custom(custom), d_in, d_out, n,
                                                  SWEEP_INCLUSIVE);
        const char *why = sweep_last_error();
        if (env->backend < SWEEP_BACKEND_CUDA) {
            if (t_ok(&t, st, what) && t_download(&t, got, d_out, n * size, "out"))
                t_compare_bytes(&t, "out (CPU backends ignore device source)", got, want, n, size);
            goto done;
        }
        if (source == SRC_NONE) {
            if (st != SWEEP_ERR_UNSUPPORTED)
                t_fail(&t, "%s without device source: %s, want SWEEP_ERR_UNSUPPORTED (%s)", what,
                       sweep_status_string(st), why);
        } else if (t_runtime_compiler_missing(env, st)) {
            t_skip(&t, "no runtime compiler to reject the source: %s", why);
            goto done;
        } else if (st != SWEEP_ERR_INVALID_ARGUMENT) {
            t_fail(&t,
                   "%s call %d with source that does not compile: %s, want "
                   "SWEEP_ERR_INVALID_ARGUMENT (%s)",
                   what, call + 1, sweep_status_string(st), why);
        } else if (!strstr(why, "sweep_no_such_identifier")) {
            t_fail(&t, "%s call %d: the message lacks the compiler's log: \"%s\"", what, call + 1,
                   why);
        }
        if (t.failed) goto done;
        if (!t_expect_poisoned(&t, d_out, n * size, "out (a failed call writes nothing)"))
            goto done;
    }
done:;
    t_result res = t_end(&t);
    sweep_custom_op_destroy(custom);
    sweep_custom_compare_destroy(ccustom);
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
    /* 8n < 2^24 keeps affine_f32 exact at this size (see affinef) */
    c.a = OP_AFFINE_F32;
    c.b = P_SCAN;
    c.d = 0;
    t_register(r, &c, "custom_op.affine_f32.scan.incl.n%zu", c.n);
    c.a = OP_ARGMAX;
    c.b = P_SEG_REDUCE;
    c.d = T_LAYOUT_RANDOM;
    t_register(r, &c, "custom_op.argmax_f32.segmented_reduce.random.n%zu", c.n);
    c.b = P_REDUCE;
    t_register(r, &c, "custom_op.argmax_f32.reduce.n%zu", c.n);

    /* bad offsets, the non-commutative matrix product and the 8-byte affine maps, on
     * both sides of the GPU's tiles and of its switch to the dedicated reduce kernel */
    c.fn = bad_offsets_case;
    static const size_t bad_sizes[] = {0, 33, 4097, 65537};
    static const int bad_ops[] = {OP_MAT2, OP_AFFINE64};
    for (unsigned o = 0; o < sizeof bad_ops / sizeof bad_ops[0]; ++o)
        for (unsigned s = 0; s < sizeof bad_sizes / sizeof bad_sizes[0]; ++s) {
            c.a = bad_ops[o];
            c.d = T_LAYOUT_EMPTY_RUNS;
            c.n = bad_sizes[s];
            t_register(r, &c, "custom_op.%s.bad_offsets.%s.n%zu", op_names[c.a], t_layout_name(c.d),
                       c.n);
        }

    c.fn = source_case;
    c.kind = 0;
    c.c = 0;
    c.d = 0;
    c.n = 1000;
    for (int source = SRC_NONE; source <= SRC_BROKEN; ++source)
        for (int comparator = 0; comparator < 2; ++comparator) {
            c.a = source;
            c.b = comparator;
            t_register(r, &c, "custom_op.source.%s.%s.n%zu", source == SRC_NONE ? "none" : "broken",
                       comparator ? "comparator" : "operator", c.n);
        }
}
