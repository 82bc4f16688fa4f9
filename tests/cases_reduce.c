/* Reduce and segmented reduce: every dtype x op over the sizes (sampled at large
 * sizes), segment layouts including empty segments (the identity). */
#include "check.h"
#include "families.h"
#include "segments.h"

#include <math.h>
#include <string.h>

/* Expectation for segment [lo, hi) of in: the oracle's value at out_want, and for a
 * floating SUM/PROD the exact value and its bound terms. */
static int expect_segment(t_state *t, const o_op *op, const unsigned char *in, size_t lo, size_t hi,
                          long double *exact, long double *mag, size_t *terms) {
    size_t n = hi - lo;
    if (!exact) return 1;
    if (n == 0) {
        *exact = op->kind == SWEEP_OP_PROD ? 1 : 0;
        *mag = 0;
        *terms = 0;
        return 1;
    }
    long double *e = t_host(t, n * sizeof *e), *m = t_host(t, n * sizeof *m);
    size_t *k = t_host(t, n * sizeof *k);
    if (!e || !m || !k) return 0;
    o_scan_exact(op->kind, op->dtype, in + lo * op->size, NULL, n, 0, e, m, k);
    *exact = e[n - 1];
    *mag = m[n - 1];
    *terms = k[n - 1];
    /* these scratch arrays are freed at the end of the case; large segments are few */
    return 1;
}

static int needs_exact(const o_op *op) {
    return (op->dtype == SWEEP_F32 || op->dtype == SWEEP_F64) &&
           (op->kind == SWEEP_OP_SUM || op->kind == SWEEP_OP_PROD);
}

/* Elements on either side of a shifted input (reduce_case's c->a): random values
 * that change the result if read. */
enum { REDUCE_GUARD = 16 };

/* c->dtype, c->op, c->n; c->a elements from an aligned allocation to the input (0:
 * the allocation itself), with REDUCE_GUARD elements after it. */
static t_result reduce_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_dtype dt = (sweep_dtype)c->dtype;
    sweep_op_kind kind = (sweep_op_kind)c->op;
    size_t n = c->n, size = sweep_dtype_size(dt);
    const size_t shift = (size_t)c->a, extra = shift ? shift + REDUCE_GUARD : 0;
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *all = t_host(&t, (n + extra) * size), want[32], got[32];
    if (t.failed) return t_end(&t);
    t_gen_op_input(&rng, dt, kind, all, n + extra);
    unsigned char *in = all + shift * size;
    if (n) t_gen_fix_nan_head(dt, in, 0);
    o_op op = o_builtin(kind, dt);
    o_reduce(&op, in, n, want);
    long double exact = 0, mag = 0;
    size_t terms = 0;
    if (!expect_segment(&t, &op, in, 0, n, needs_exact(&op) ? &exact : NULL, &mag, &terms))
        return t_end(&t);

    unsigned char *d_all = t_dev_upload(&t, all, (n + extra) * size);
    void *d_out = t_dev_poisoned(&t, size);
    if (t.failed) return t_end(&t);
    if (!t_ok(&t,
              sweep_reduce(env->ctx, sweep_op_builtin(kind, dt), d_all + shift * size, n, d_out),
              "sweep_reduce"))
        return t_end(&t);
    if (n == 0) {
        t_expect_poisoned(&t, d_out, size, "out (n == 0 writes nothing)");
        return t_end(&t);
    }
    if (!t_download(&t, got, d_out, size, "out")) return t_end(&t);
    t_expect e = {want, needs_exact(&op) ? &exact : NULL, &mag, &terms, NULL};
    t_check_op_output(&t, "reduction", &op, got, &e, 1);
    return t_end(&t);
}

/* c->dtype, c->op, c->b layout, c->n */
static t_result segreduce_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_dtype dt = (sweep_dtype)c->dtype;
    sweep_op_kind kind = (sweep_op_kind)c->op;
    size_t n = c->n, size = sweep_dtype_size(dt);
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *in = t_host(&t, n * size);
    size_t *offsets = NULL, nseg = 0;
    if (t.failed || !t_make_offsets(&t, &rng, c->b, n, &offsets, &nseg)) return t_end(&t);
    t_gen_op_input(&rng, dt, kind, in, n);
    for (size_t s = 0; s < nseg; ++s)
        if (offsets[s] < n) t_gen_fix_nan_head(dt, in, offsets[s]);
    o_op op = o_builtin(kind, dt);
    unsigned char *want = t_host(&t, nseg * size), *got = t_host(&t, nseg * size);
    long double *exact = t_host(&t, nseg * sizeof *exact), *mag = t_host(&t, nseg * sizeof *mag);
    size_t *terms = t_host(&t, nseg * sizeof *terms);
    if (t.failed) return t_end(&t);
    o_segmented_reduce(&op, in, offsets, nseg, want);
    int exact_needed = needs_exact(&op);
    if (exact_needed) {
        /* one pass of exact prefix sums per segment, without a host array per segment */
        long double *e = t_host(&t, n * sizeof *e), *m = t_host(&t, n * sizeof *m);
        size_t *k = t_host(&t, n * sizeof *k);
        uint8_t *heads = t_host(&t, n);
        if (t.failed) return t_end(&t);
        t_heads_from_offsets(offsets, nseg, n, heads);
        o_scan_exact(kind, dt, in, heads, n, 0, e, m, k);
        for (size_t s = 0; s < nseg; ++s) {
            if (offsets[s] == offsets[s + 1]) {
                if (!expect_segment(&t, &op, in, 0, 0, &exact[s], &mag[s], &terms[s]))
                    return t_end(&t);
                continue;
            }
            exact[s] = e[offsets[s + 1] - 1];
            mag[s] = m[offsets[s + 1] - 1];
            terms[s] = k[offsets[s + 1] - 1];
        }
    }

    void *d_in = t_dev_upload(&t, in, n * size);
    void *d_off = t_dev_upload(&t, offsets, (nseg + 1) * sizeof *offsets);
    void *d_out = t_dev_poisoned(&t, nseg * size);
    if (t.failed) return t_end(&t);
    if (!t_ok(&t,
              sweep_segmented_reduce(env->ctx, sweep_op_builtin(kind, dt), d_in, n, d_off, nseg,
                                     d_out),
              "sweep_segmented_reduce"))
        return t_end(&t);
    if (!t_download(&t, got, d_out, nseg * size, "out")) return t_end(&t);
    t_expect e = {want, exact_needed ? exact : NULL, mag, terms, NULL};
    t_check_op_output(&t, "segment reductions", &op, got, &e, nseg);
    return t_end(&t);
}

/* The known-answer cases' run: n elements of size bytes reduced into got and
 * inclusive-scanned into back (host buffers), through poisoned device outputs. */
static int reduce_and_scan(t_state *t, const t_env *env, sweep_op op, const void *in, size_t n,
                           size_t size, unsigned char *got, unsigned char *back) {
    void *d_in = t_dev_upload(t, in, n * size);
    void *d_out = t_dev_poisoned(t, size), *d_scan = t_dev_poisoned(t, n * size);
    return !t->failed && t_ok(t, sweep_reduce(env->ctx, op, d_in, n, d_out), "sweep_reduce") &&
           t_ok(t, sweep_scan(env->ctx, op, d_in, d_scan, n, SWEEP_INCLUSIVE), "sweep_scan") &&
           t_download(t, got, d_out, size, "out") &&
           t_download(t, back, d_scan, n * size, "scan out");
}

/* Known answer (sweep.h): a range folds from its first element, so float MIN and MAX
 * of NaNs alone give NaN, also where a backend reduces in lanes (n spans many lanes)
 * and in a scan. c->dtype is F32 or F64, c->op MIN or MAX. */
static t_result nan_only_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    const size_t n = c->n, size = sweep_dtype_size(dt);
    unsigned char *in = t_host(&t, n * size), *back = t_host(&t, n * size), got[8];
    if (t.failed) return t_end(&t);
    for (size_t i = 0; i < n; ++i) {
        float f = nanf("");
        double d = nan("");
        if (dt == SWEEP_F32)
            memcpy(in + i * size, &f, size);
        else
            memcpy(in + i * size, &d, size);
    }
    if (!reduce_and_scan(&t, env, sweep_op_builtin((sweep_op_kind)c->op, dt), in, n, size, got,
                         back))
        return t_end(&t);
    for (size_t i = 0; i <= n; ++i) {
        const unsigned char *v = i < n ? back + i * size : got;
        double x;
        if (dt == SWEEP_F32) {
            float f;
            memcpy(&f, v, sizeof f);
            x = f;
        } else {
            memcpy(&x, v, sizeof x);
        }
        if (!isnan(x))
            return t_fail(&t, "%s %s of NaNs only gave %g, not NaN", i < n ? "scan" : "reduce",
                          i < n ? "element" : "result", x);
    }
    return t_end(&t);
}

/* Known answer (sweep.h): floating MIN and MAX ignore signalling NaNs as they do
 * quiet ones, and order -0.0 before +0.0, so the result is exact to the bit whatever
 * the grouping. The input is NaNs (both kinds, both signs) and zeros: +0.0 from
 * element 1 on, -0.0 only in the second half. Checked bit for bit: the reduction and
 * every element of an inclusive scan. c->dtype is F32 or F64, c->op MIN or MAX. */
static void put_special(sweep_dtype dt, unsigned char *p, int kind) {
    /* kind 0: signalling NaN, 1: quiet NaN, 2: +0.0, 3: -0.0; NaN signs alternate */
    static const uint32_t f32[4] = {0x7f800001u, 0xffc00000u, 0x00000000u, 0x80000000u};
    static const uint64_t f64[4] = {0xfff0000000000003ull, 0x7ff8000000000000ull, 0ull,
                                    0x8000000000000000ull};
    if (dt == SWEEP_F32)
        memcpy(p, &f32[kind], 4);
    else
        memcpy(p, &f64[kind], 8);
}

static t_result zeros_and_snan_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    const int is_min = c->op == SWEEP_OP_MIN;
    const size_t n = c->n, size = sweep_dtype_size(dt);
    unsigned char *in = t_host(&t, n * size), *back = t_host(&t, n * size);
    unsigned char *want = t_host(&t, n * size), got[8];
    if (t.failed) return t_end(&t);
    int seen = -1; /* the kind of the prefix's answer so far: none (-1), +0.0 or -0.0 */
    for (size_t i = 0; i < n; ++i) {
        int kind = i % 3 == 0 ? 0 : i % 3 == 1 ? 2 : (i > n / 2 ? 3 : 1);
        put_special(dt, in + i * size, kind);
        if (kind >= 2) {
            if (seen < 0)
                seen = kind;
            else if (is_min ? kind == 3 : kind == 2)
                seen = kind;
        }
        put_special(dt, want + i * size, seen < 0 ? 0 : seen);
    }
    if (!reduce_and_scan(&t, env, sweep_op_builtin((sweep_op_kind)c->op, dt), in, n, size, got,
                         back))
        return t_end(&t);
    for (size_t i = 0; i <= n; ++i) {
        const unsigned char *g = i < n ? back + i * size : got;
        const unsigned char *w = want + (i < n ? i : n - 1) * size;
        const int w_nan = i < n ? (i == 0) : n == 1;
        double x;
        if (dt == SWEEP_F32) {
            float f;
            memcpy(&f, g, sizeof f);
            x = f;
        } else {
            memcpy(&x, g, sizeof x);
        }
        if (w_nan ? !isnan(x) : memcmp(g, w, size) != 0)
            return t_fail(&t, "%s %zu is %g (sign %d), want %s", i < n ? "scan element" : "reduce",
                          i < n ? i : (size_t)0, x, signbit(x) != 0,
                          w_nan                  ? "NaN"
                          : (w[size - 1] & 0x80) ? "-0.0"
                                                 : "+0.0");
    }
    return t_end(&t);
}

/* Known answers of a floating SUM whatever the association, provided no two
 * elements change places (sweep.h: reassociated, never commuted), from an input c->a
 * elements past an aligned allocation. c->b is the pattern:
 * - IEEE_NEGZERO: -0.0 everywhere; the sum is -0.0 (padding with +0.0 would give +0.0);
 * - IEEE_ALTERNATE: +B, -B, +B, ... with B = 3e38 (f32) or 1.5e308 (f64): every
 *   contiguous grouping is exact (B or 0), while adding two +B anywhere overflows to
 *   inf and then NaN; the sum is B for odd n, 0 for even n;
 * - IEEE_INF: small values and one +inf at element c->d (0: first, 1: last, 2: middle);
 *   the sum is +inf;
 * - IEEE_INF_NAN: +inf first, -inf last, small values between: NaN;
 * - IEEE_NAN: small values and one NaN at element c->d as above: NaN. */
enum { IEEE_NEGZERO, IEEE_ALTERNATE, IEEE_INF, IEEE_INF_NAN, IEEE_NAN, IEEE_PATTERNS };
static const char *const ieee_names[IEEE_PATTERNS] = {"negzero", "alternate", "inf", "inf_nan",
                                                      "nan"};

static void put_double(sweep_dtype dt, unsigned char *p, double v) {
    if (dt == SWEEP_F32) {
        float f = (float)v;
        memcpy(p, &f, sizeof f);
    } else {
        memcpy(p, &v, sizeof v);
    }
}

static t_result ieee_sum_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    const size_t n = c->n, size = sweep_dtype_size(dt), shift = (size_t)c->a;
    const size_t total = n + shift + REDUCE_GUARD;
    const double big = dt == SWEEP_F32 ? 3e38 : 1.5e308;
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *all = t_host(&t, total * size), got[8];
    if (t.failed) return t_end(&t);
    /* the elements around the input: large, so that reading one shows */
    for (size_t i = 0; i < total; ++i)
        put_double(dt, all + i * size, 1e6 * (1.0 + (double)t_rng_below(&rng, 1000)));
    unsigned char *in = all + shift * size;
    const size_t at = c->d == 0 ? 0 : c->d == 1 ? n - 1 : n / 2;
    for (size_t i = 0; i < n; ++i) {
        double v = ((double)t_rng_below(&rng, 2001) - 1000.0) / 64.0; /* exact in f32 */
        switch (c->b) {
        case IEEE_NEGZERO: v = -0.0; break;
        case IEEE_ALTERNATE: v = i % 2 ? -big : big; break;
        case IEEE_INF: v = i == at ? INFINITY : v; break;
        case IEEE_INF_NAN: v = i == 0 ? INFINITY : i == n - 1 ? -INFINITY : v; break;
        default: v = i == at ? NAN : v; break;
        }
        put_double(dt, in + i * size, v);
    }
    unsigned char *d_all = t_dev_upload(&t, all, total * size);
    void *d_out = t_dev_poisoned(&t, size);
    if (t.failed) return t_end(&t);
    if (!t_ok(&t,
              sweep_reduce(env->ctx, sweep_op_builtin(SWEEP_OP_SUM, dt), d_all + shift * size, n,
                           d_out),
              "sweep_reduce") ||
        !t_download(&t, got, d_out, size, "out"))
        return t_end(&t);
    double x;
    if (dt == SWEEP_F32) {
        float f;
        memcpy(&f, got, sizeof f);
        x = f;
    } else {
        memcpy(&x, got, sizeof x);
    }
    int ok;
    switch (c->b) {
    case IEEE_NEGZERO: ok = x == 0.0 && signbit(x); break;
    case IEEE_ALTERNATE:
        ok = n % 2 ? x == (dt == SWEEP_F32 ? (double)(float)big : big) : x == 0.0;
        break;
    case IEEE_INF: ok = isinf(x) && x > 0; break;
    default: ok = isnan(x); break;
    }
    if (!ok)
        return t_fail(&t, "%s sum of %zu elements (input shifted by %zu) gave %g (sign %d)",
                      ieee_names[c->b], n, shift, x, signbit(x) != 0);
    return t_end(&t);
}

void t_register_reduce(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "reduce";
    unsigned combo = 0;
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
        for (int op = 0; op <= SWEEP_OP_XOR; ++op) {
            if (!t_op_valid((sweep_dtype)dt, (sweep_op_kind)op)) continue;
            ++combo;
            const char *dn = sweep_dtype_name((sweep_dtype)dt);
            const char *on = t_op_name((sweep_op_kind)op);
            c.dtype = dt;
            c.op = op;
            c.fn = reduce_case;
            for (size_t s = 0; s < t_num_small_sizes; ++s) {
                c.n = t_small_sizes[s];
                t_register(r, &c, "reduce.%s.%s.n%zu", dn, on, c.n);
            }
            for (size_t s = 0; s < t_num_mid_sizes; ++s) {
                c.n = t_mid_sizes[s];
                t_register(r, &c, "reduce.%s.%s.n%zu", dn, on, c.n);
            }
            c.n = t_large_sizes[combo % t_num_large_sizes];
            t_register(r, &c, "reduce.%s.%s.n%zu", dn, on, c.n);

            c.fn = segreduce_case;
            static const size_t seg_sizes[] = {0, 1, 33, 4097};
            for (unsigned s = 0; s < sizeof seg_sizes / sizeof seg_sizes[0]; ++s) {
                c.n = seg_sizes[s];
                c.b = (int)((combo + s) % T_LAYOUT_COUNT);
                t_register(r, &c, "segmented_reduce.%s.%s.%s.n%zu", dn, on, t_layout_name(c.b),
                           c.n);
            }
        }
    /* Both sides of the GPU's switch to the dedicated segmented-reduce kernel (its
     * tuning's segreduce_min, 2^16 elements) and of its tiles (4096 elements of up to
     * 4 bytes, 2048 of 8), on every dtype and operator, mostly with runs of empty
     * segments at 0, at n and on the tiles' edges. ci/gpu-check.sh runs the family
     * again with every size on either kernel (SWEEP_CUDA_SEGREDUCE_MIN). */
    combo = 0;
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
        for (int op = 0; op <= SWEEP_OP_XOR; ++op) {
            if (!t_op_valid((sweep_dtype)dt, (sweep_op_kind)op)) continue;
            ++combo;
            static const size_t edge_sizes[] = {2047, 2049, 4096, 4097, 65535, 65536, 65537};
            static const int edge_layouts[] = {T_LAYOUT_EMPTY_RUNS, T_LAYOUT_EMPTY_RUNS,
                                               T_LAYOUT_INTERIOR,   T_LAYOUT_ALL_ONE,
                                               T_LAYOUT_EMPTY_RUNS, T_LAYOUT_RANDOM};
            c.fn = segreduce_case;
            c.dtype = dt;
            c.op = op;
            for (unsigned s = 0; s < sizeof edge_sizes / sizeof edge_sizes[0]; ++s) {
                c.n = edge_sizes[s];
                c.b = edge_layouts[(combo + s) % (sizeof edge_layouts / sizeof edge_layouts[0])];
                t_register(r, &c, "segmented_reduce.edges.%s.%s.%s.n%zu",
                           sweep_dtype_name((sweep_dtype)dt), t_op_name((sweep_op_kind)op),
                           t_layout_name(c.b), c.n);
            }
        }
    /* every layout on a few operators, and large */
    c.fn = segreduce_case;
    static const size_t sizes[] = {2, 31, 1024, 65537};
    static const struct {
        int dt, op;
    } ops[] = {{SWEEP_I32, SWEEP_OP_SUM}, {SWEEP_F64, SWEEP_OP_SUM}, {SWEEP_U8, SWEEP_OP_MIN}};
    for (int layout = 0; layout < T_LAYOUT_COUNT; ++layout)
        for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s)
            for (unsigned o = 0; o < sizeof ops / sizeof ops[0]; ++o) {
                c.dtype = ops[o].dt;
                c.op = ops[o].op;
                c.b = layout;
                c.n = sizes[s];
                t_register(r, &c, "segmented_reduce.layout.%s.%s.%s.n%zu", t_layout_name(layout),
                           sweep_dtype_name((sweep_dtype)c.dtype), t_op_name((sweep_op_kind)c.op),
                           c.n);
            }
    c.dtype = SWEEP_F32;
    c.op = SWEEP_OP_SUM;
    c.b = T_LAYOUT_TILE;
    c.n = t_large_sizes[4];
    t_register(r, &c, "segmented_reduce.large.f32.sum.tile.n%zu", c.n);
    c.dtype = SWEEP_I64;
    c.op = SWEEP_OP_MAX;
    c.b = T_LAYOUT_RANDOM;
    c.n = t_large_sizes[5];
    t_register(r, &c, "segmented_reduce.large.i64.max.random.n%zu", c.n);
    /* More segments than any grid holds (n + 3, empties in every region of the output):
     * each empty segment's identity must be written however far out it lies. */
    c.b = T_LAYOUT_SPARSE;
    static const int sparse_dt[] = {SWEEP_I32, SWEEP_F32, SWEEP_U64, SWEEP_F64};
    for (unsigned d = 0; d < sizeof sparse_dt / sizeof sparse_dt[0]; ++d)
        for (int op = SWEEP_OP_PROD; op <= SWEEP_OP_MAX; ++op) {
            c.dtype = sparse_dt[d];
            c.op = op;
            c.n = t_large_sizes[4 + (d + (unsigned)op) % 2];
            t_register(r, &c, "segmented_reduce.many_segments.%s.%s.n%zu",
                       sweep_dtype_name((sweep_dtype)c.dtype), t_op_name((sweep_op_kind)op), c.n);
        }
    /* Inputs shifted from an aligned allocation, at sizes about the GPU reduce's edges:
     * a 16-byte vector's worth of elements and one element off it, one block alone up to
     * 16 KiB (one element either side), several blocks with a short last one, and
     * more than a whole grid holds at once (an H100's 132 SMs x 6 blocks x 16 KiB). */
    c.fn = reduce_case;
    c.b = 0;
    static const int shift_dt[] = {SWEEP_U8, SWEEP_I16, SWEEP_U32, SWEEP_F32, SWEEP_U64, SWEEP_F64};
    static const int shift_op[] = {SWEEP_OP_SUM, SWEEP_OP_MAX};
    for (unsigned d = 0; d < sizeof shift_dt / sizeof shift_dt[0]; ++d)
        for (unsigned o = 0; o < sizeof shift_op / sizeof shift_op[0]; ++o) {
            const size_t size = sweep_dtype_size((sweep_dtype)shift_dt[d]), vec = 16 / size;
            const size_t one_block = 16384 / size;
            const size_t edges[] = {
                vec - 1,       vec + 1,           one_block - 1,           one_block,
                one_block + 1, 3 * one_block + 5, 37 * one_block + vec - 1};
            const int shifts[] = {0, 1, (int)vec - 1};
            c.dtype = shift_dt[d];
            c.op = shift_op[o];
            for (unsigned k = 0; k < sizeof shifts / sizeof shifts[0]; ++k)
                for (unsigned s = 0; s < sizeof edges / sizeof edges[0]; ++s) {
                    if (k == 2 && vec == 2) continue; /* the same shift as k == 1 */
                    c.a = shifts[k];
                    c.n = edges[s];
                    t_register(r, &c, "reduce.shifted.%s.%s.s%d.n%zu",
                               sweep_dtype_name((sweep_dtype)c.dtype),
                               t_op_name((sweep_op_kind)c.op), c.a, c.n);
                }
        }
    c.dtype = SWEEP_U32;
    c.op = SWEEP_OP_SUM;
    c.a = 1;
    c.n = (5u << 20) + 3;
    t_register(r, &c, "reduce.shifted.u32.sum.s1.n%zu", c.n);
    c.dtype = SWEEP_F32;
    c.a = 3;
    t_register(r, &c, "reduce.shifted.f32.sum.s3.n%zu", c.n);
    c.a = 0;

    c.fn = ieee_sum_case;
    static const size_t ieee_sizes[] = {1, 2, 5, 4097, 70001, 1048579};
    for (int dt = SWEEP_F32; dt <= SWEEP_F64; ++dt)
        for (int pat = 0; pat < IEEE_PATTERNS; ++pat)
            for (unsigned s = 0; s < sizeof ieee_sizes / sizeof ieee_sizes[0]; ++s)
                for (int shift = 0; shift <= 1; ++shift)
                    for (int where = 0; where < 3; ++where) {
                        const int placed = pat == IEEE_INF || pat == IEEE_NAN;
                        if (!placed && where > 0) continue;
                        if (pat == IEEE_INF_NAN && ieee_sizes[s] < 2) continue;
                        c.dtype = dt;
                        c.op = SWEEP_OP_SUM;
                        c.a = shift;
                        c.b = pat;
                        c.d = where;
                        c.n = ieee_sizes[s];
                        t_register(r, &c, "reduce.ieee_sum.%s.%s.s%d.w%d.n%zu",
                                   sweep_dtype_name((sweep_dtype)dt), ieee_names[pat], shift, where,
                                   c.n);
                    }
    c.a = c.b = c.d = 0;

    c.fn = nan_only_case;
    for (int dt = SWEEP_F32; dt <= SWEEP_F64; ++dt)
        for (int op = SWEEP_OP_MIN; op <= SWEEP_OP_MAX; ++op)
            for (size_t n = 1; n <= 100000; n *= 100) {
                c.dtype = dt;
                c.op = op;
                c.n = n;
                t_register(r, &c, "reduce.nan_only.%s.%s.n%zu", sweep_dtype_name((sweep_dtype)dt),
                           t_op_name((sweep_op_kind)op), n);
            }
    c.fn = zeros_and_snan_case;
    static const size_t zs_sizes[] = {1, 2, 7, 100, 4099, 70001};
    for (int dt = SWEEP_F32; dt <= SWEEP_F64; ++dt)
        for (int op = SWEEP_OP_MIN; op <= SWEEP_OP_MAX; ++op)
            for (unsigned s = 0; s < sizeof zs_sizes / sizeof zs_sizes[0]; ++s) {
                c.dtype = dt;
                c.op = op;
                c.n = zs_sizes[s];
                t_register(r, &c, "reduce.zeros_and_snan.%s.%s.n%zu",
                           sweep_dtype_name((sweep_dtype)dt), t_op_name((sweep_op_kind)op), c.n);
            }
}
