/*
 * cases_grouping.c -- floating scans and reductions may reassociate, never commute
 * (sweep.h): every result equals some bracketing of contiguous ranges in input order.
 * These inputs have one exact answer under every such bracketing, and a different
 * one (an overflow, a NaN, a lost sign) as soon as a backend combines elements that
 * are not adjacent or pads a range with the public identity:
 *   - negzero: -0.0 everywhere, SUM: every fold is -0.0 (+0.0 + -0.0 is +0.0);
 *   - nan: one NaN (negative, with a payload) everywhere, MIN or MAX: every fold is
 *     that NaN, bit for bit (MIN(+inf, NaN) is +inf);
 *   - altsum: +b, -b, +b, ... with b near the type's maximum, SUM: a contiguous range
 *     sums to +b, -b or +0.0 exactly, while b + b overflows;
 *   - altprod: 2^k, 2^-k, 2^k, ..., PROD: a contiguous range multiplies to 2^k,
 *     2^-k or 1 exactly, while 2^k * 2^k overflows and 2^-k * 2^-k underflows.
 * Every primitive that folds (reduce, scan, the three segmented scans, segmented
 * reduce), both scan kinds, every size class, segment layouts with empty segments
 * in every region; checked bit for bit against answers computed from the pattern.
 */
#include "check.h"
#include "families.h"
#include "segments.h"

#include <string.h>

enum { P_NEGZERO, P_NAN_MIN, P_NAN_MAX, P_ALTSUM, P_ALTPROD, P_COUNT };
static const char *const pattern_names[P_COUNT] = {"negzero", "nan.min", "nan.max", "altsum",
                                                   "altprod"};
static const sweep_op_kind pattern_ops[P_COUNT] = {SWEEP_OP_SUM, SWEEP_OP_MIN, SWEEP_OP_MAX,
                                                   SWEEP_OP_SUM, SWEEP_OP_PROD};

enum { F_REDUCE, F_SCAN, F_SEG_FLAGS, F_SEG_OFFSETS, F_BY_KEY, F_SEG_REDUCE, F_COUNT };
static const char *const form_names[F_COUNT] = {"reduce",          "scan",        "segscan_flags",
                                                "segscan_offsets", "scan_by_key", "segreduce"};

/* Bit patterns (as u64, low bytes used for f32). */
static uint64_t bits_of(sweep_dtype dt, double v) {
    if (dt == SWEEP_F32) {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    uint64_t u;
    memcpy(&u, &v, 8);
    return u;
}

/* Element i of the pattern. */
static uint64_t pattern_elem(int p, sweep_dtype dt, size_t i) {
    const int f32 = dt == SWEEP_F32;
    switch (p) {
    case P_NEGZERO: return f32 ? 0x80000000ull : 0x8000000000000000ull;
    case P_NAN_MIN:
    case P_NAN_MAX: return f32 ? 0xffc0a5a5ull : 0xfff80000a5a5a5a5ull;
    case P_ALTSUM: return bits_of(dt, (i % 2 ? -1.0 : 1.0) * (f32 ? 3e38 : 1.5e308));
    default: /* 2^100 and 2^-100 (f32), 2^600 and 2^-600 (f64) */
        if (f32) return i % 2 ? (uint64_t)(127 - 100) << 23 : (uint64_t)(127 + 100) << 23;
        return i % 2 ? (uint64_t)(1023 - 600) << 52 : (uint64_t)(1023 + 600) << 52;
    }
}

/* The fold of [s, i] (s <= i): the same under every contiguous bracketing. */
static uint64_t pattern_fold(int p, sweep_dtype dt, size_t s, size_t i) {
    if (p == P_ALTSUM || p == P_ALTPROD) {
        if ((i - s) % 2 == 0) return pattern_elem(p, dt, s);
        return bits_of(dt, p == P_ALTSUM ? 0.0 : 1.0);
    }
    return pattern_elem(p, dt, s);
}

static void put(sweep_dtype dt, unsigned char *base, size_t i, uint64_t v) {
    if (dt == SWEEP_F32) {
        uint32_t u = (uint32_t)v;
        memcpy(base + 4 * i, &u, 4);
    } else {
        memcpy(base + 8 * i, &v, 8);
    }
}

/* c->a pattern, c->dtype, c->kind form, c->c exclusive, c->b layout, c->n */
static t_result grouping_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    const int p = c->a, form = c->kind;
    const size_t n = c->n, size = sweep_dtype_size(dt);
    const sweep_op op = sweep_op_builtin(pattern_ops[p], dt);
    const sweep_scan_kind kind = c->c ? SWEEP_EXCLUSIVE : SWEEP_INCLUSIVE;
    o_op oop = o_builtin(pattern_ops[p], dt);
    uint64_t identity = 0;
    memcpy(&identity, oop.identity, size);
    t_rng rng;
    t_rng_seed(&rng, c->name);

    /* segments: one for the unsegmented forms */
    size_t *offsets = NULL, nseg = 1, whole[2] = {0, n};
    if (form == F_REDUCE || form == F_SCAN) {
        offsets = whole;
    } else if (!t_make_offsets(&t, &rng, c->b, n, &offsets, &nseg)) {
        return t_end(&t);
    }
    unsigned char *in = t_host(&t, n * size), *heads = t_host(&t, n);
    uint32_t *keys = t_host(&t, n * sizeof *keys);
    const size_t nout = form == F_SEG_REDUCE ? nseg : form == F_REDUCE ? 1 : n;
    unsigned char *want = t_host(&t, nout * size), *got = t_host(&t, nout * size);
    if (t.failed) return t_end(&t);
    for (size_t i = 0; i < n; ++i)
        put(dt, in, i, pattern_elem(p, dt, i));
    t_heads_from_offsets(offsets, nseg, n, heads);
    uint32_t key = 0;
    for (size_t i = 0; i < n; ++i) {
        key += i > 0 && heads[i];
        keys[i] = key;
    }

    /* the answers */
    if (form == F_REDUCE) {
        put(dt, want, 0, n ? pattern_fold(p, dt, 0, n - 1) : identity);
    } else if (form == F_SEG_REDUCE) {
        for (size_t s = 0; s < nseg; ++s) {
            const size_t lo = offsets[s], hi = offsets[s + 1];
            put(dt, want, s, hi > lo ? pattern_fold(p, dt, lo, hi - 1) : identity);
        }
    } else {
        size_t start = 0;
        for (size_t i = 0; i < n; ++i) {
            if (form != F_SCAN && heads[i]) start = i;
            uint64_t v;
            if (kind == SWEEP_EXCLUSIVE)
                v = i == start ? identity : pattern_fold(p, dt, start, i - 1);
            else
                v = pattern_fold(p, dt, start, i);
            put(dt, want, i, v);
            /* the offsets form leaves elements outside every segment alone */
            if (form == F_SEG_OFFSETS && (i < offsets[0] || i >= offsets[nseg]))
                memset(want + i * size, T_POISON, size);
        }
    }

    void *d_in = t_dev_upload(&t, in, n * size);
    void *d_out = t_dev_poisoned(&t, nout * size);
    void *d_aux = NULL;
    if (form == F_SEG_FLAGS) d_aux = t_dev_upload(&t, heads, n);
    if (form == F_SEG_OFFSETS || form == F_SEG_REDUCE)
        d_aux = t_dev_upload(&t, offsets, (nseg + 1) * sizeof *offsets);
    if (form == F_BY_KEY) d_aux = t_dev_upload(&t, keys, n * sizeof *keys);
    if (t.failed) return t_end(&t);
    sweep_status st;
    switch (form) {
    case F_REDUCE: st = sweep_reduce(env->ctx, op, d_in, n, d_out); break;
    case F_SCAN: st = sweep_scan(env->ctx, op, d_in, d_out, n, kind); break;
    case F_SEG_FLAGS:
        st = sweep_segmented_scan_flags(env->ctx, op, d_in, (const uint8_t *)d_aux, d_out, n, kind);
        break;
    case F_SEG_OFFSETS:
        st = sweep_segmented_scan_offsets(env->ctx, op, d_in, d_out, n, (const size_t *)d_aux, nseg,
                                          kind);
        break;
    case F_BY_KEY:
        st = sweep_scan_by_key(env->ctx, op, d_aux, SWEEP_U32, d_in, d_out, n, kind);
        break;
    default:
        st = sweep_segmented_reduce(env->ctx, op, d_in, n, (const size_t *)d_aux, nseg, d_out);
        break;
    }
    if (!t_ok(&t, st, form_names[form])) return t_end(&t);
    if (form == F_REDUCE && n == 0) {
        t_expect_poisoned(&t, d_out, size, "out (n == 0 writes nothing)");
        return t_end(&t);
    }
    if (!t_download(&t, got, d_out, nout * size, "out")) return t_end(&t);
    t_compare_bytes(&t, "out", got, want, nout, size);
    return t_end(&t);
}

void t_register_grouping(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "grouping";
    c.fn = grouping_case;
    /* every size class: below a vector of lanes, around tiles and chunks, past the
     * grid, and large */
    static const size_t sizes[] = {1,
                                   2,
                                   31,
                                   33,
                                   64,
                                   65,
                                   1023,
                                   1025,
                                   4097,
                                   10007,
                                   65535,
                                   65537,
                                   100003,
                                   (1u << 20) + 3,
                                   (3u << 20) + 7};
    const size_t nsizes = sizeof sizes / sizeof sizes[0];
    unsigned k = 0;
    for (int p = 0; p < P_COUNT; ++p)
        for (int dt = SWEEP_F32; dt <= SWEEP_F64; ++dt)
            for (int form = 0; form < F_COUNT; ++form)
                for (int excl = 0; excl < 2; ++excl) {
                    const int scan_like = form != F_REDUCE && form != F_SEG_REDUCE;
                    if (excl && !scan_like) continue;
                    for (size_t s = 0; s < nsizes; ++s, ++k) {
                        /* the largest sizes on a sample of the combinations */
                        if (sizes[s] > 200000 && (k % 3) != 0) continue;
                        c.a = p;
                        c.dtype = dt;
                        c.kind = form;
                        c.c = excl;
                        c.n = sizes[s];
                        /* segmented forms cycle through the layouts, the sparse one
                         * (more segments than elements) at every size */
                        c.b = (k % 2) ? T_LAYOUT_SPARSE : (int)(k % T_LAYOUT_COUNT);
                        t_register(r, &c, "grouping.%s.%s.%s%s.%s.n%zu", pattern_names[p],
                                   sweep_dtype_name((sweep_dtype)dt), form_names[form],
                                   scan_like ? (excl ? ".excl" : ".incl") : "", t_layout_name(c.b),
                                   c.n);
                    }
                }
}
