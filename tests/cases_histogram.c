/* Histograms, even bins and bins between boundaries: every sample dtype, 32- and
 * 64-bit counts, bin counts from 1 to past what a GPU block keeps in shared memory,
 * samples on and beside every bin edge, outside the range, NaN of both signs and
 * several payloads, +-inf, -0.0 and +0.0, ranges from a few values to the whole type
 * (64-bit ranges need the exact 128-bit bin), and CUB's worked examples. */
#include "families.h"
#include "gen.h"
#include "oracle.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef __int128 h_i128;

enum { LAW_RANDOM = 0, LAW_NARROW = 1, LAW_FULL = 2, LAWS = 3 };
static const char *law_name[LAWS] = {"random", "narrow", "full"};

static int is_float(sweep_dtype dt) {
    return dt == SWEEP_F32 || dt == SWEEP_F64;
}

static h_i128 type_min(sweep_dtype dt) {
    const int bits = 8 * (int)sweep_dtype_size(dt);
    return dt <= SWEEP_I64 ? -((h_i128)1 << (bits - 1)) : 0;
}

static h_i128 type_max(sweep_dtype dt) {
    const int bits = 8 * (int)sweep_dtype_size(dt);
    return dt <= SWEEP_I64 ? ((h_i128)1 << (bits - 1)) - 1 : ((h_i128)1 << bits) - 1;
}

/* Uniform in [lo, hi]. */
static h_i128 rand_in(t_rng *r, h_i128 lo, h_i128 hi) {
    const h_i128 span = hi - lo + 1;
    if (span > (h_i128)UINT64_MAX) return lo + (h_i128)t_rng_next(r);
    return lo + (h_i128)t_rng_below(r, (uint64_t)span);
}

static h_i128 clamp_i(sweep_dtype dt, h_i128 v) {
    return v < type_min(dt) ? type_min(dt) : v > type_max(dt) ? type_max(dt) : v;
}

static void put_i(sweep_dtype dt, void *buf, size_t i, h_i128 v) {
    const uint64_t u = (uint64_t)v; /* two's complement, little-endian low bytes */
    const size_t size = sweep_dtype_size(dt);
    memcpy((unsigned char *)buf + i * size, &u, size);
}

static h_i128 get_i(sweep_dtype dt, const void *buf, size_t i) {
    const size_t size = sweep_dtype_size(dt);
    uint64_t u = 0;
    memcpy(&u, (const unsigned char *)buf + i * size, size);
    if (dt <= SWEEP_I64 && size < 8 && (u >> (8 * size - 1)) & 1) u |= ~0ull << (8 * size);
    return dt <= SWEEP_I64 ? (h_i128)(int64_t)u : (h_i128)u;
}

static void put_f(sweep_dtype dt, void *buf, size_t i, double v) {
    if (dt == SWEEP_F32) {
        float f = (float)v;
        memcpy((float *)buf + i, &f, sizeof f);
    } else {
        memcpy((double *)buf + i, &v, sizeof v);
    }
}

static double get_f(sweep_dtype dt, const void *buf, size_t i) {
    if (dt == SWEEP_F32) {
        float f;
        memcpy(&f, (const float *)buf + i, sizeof f);
        return f;
    }
    double d;
    memcpy(&d, (const double *)buf + i, sizeof d);
    return d;
}

/* The neighbour of v in the sample type towards dir. */
static double next_f(sweep_dtype dt, double v, double dir) {
    return dt == SWEEP_F32 ? (double)nextafterf((float)v, (float)dir) : nextafter(v, dir);
}

/* A special floating sample: NaNs of both signs and two payloads, +-inf, +-0.0. */
static void put_special(sweep_dtype dt, void *buf, size_t i, unsigned which) {
    if (dt == SWEEP_F32) {
        static const uint32_t bits[] = {0x7fc00000u, 0xffc00000u, 0x7fc00005u, 0x7f800001u,
                                        0x7f800000u, 0xff800000u, 0x00000000u, 0x80000000u};
        memcpy((float *)buf + i, &bits[which % 8], 4);
    } else {
        static const uint64_t bits[] = {0x7ff8000000000000ull, 0xfff8000000000000ull,
                                        0x7ff8000000000005ull, 0x7ff0000000000001ull,
                                        0x7ff0000000000000ull, 0xfff0000000000000ull,
                                        0x0000000000000000ull, 0x8000000000000000ull};
        memcpy((double *)buf + i, &bits[which % 8], 8);
    }
}

/* The range [lo, hi) of a law: integers in *ilo, *ihi; floats in *flo, *fhi (values of
 * the sample type). */
static void pick_range(t_rng *r, sweep_dtype dt, int law, size_t bins, h_i128 *ilo, h_i128 *ihi,
                       double *flo, double *fhi) {
    if (!is_float(dt)) {
        const h_i128 mn = type_min(dt), mx = type_max(dt);
        if (law == LAW_FULL) {
            *ilo = mn;
            *ihi = mx;
        } else if (law == LAW_NARROW) {
            const h_i128 w = 1 + (h_i128)t_rng_below(r, 3 * bins + 2);
            *ilo = rand_in(r, mn, mx - w < mn ? mn : mx - w);
            *ihi = clamp_i(dt, *ilo + w);
            if (*ihi <= *ilo) *ihi = *ilo + 1;
        } else {
            h_i128 a = rand_in(r, mn, mx), b = rand_in(r, mn, mx);
            if (a == b) b = a == mx ? a - 1 : a + 1;
            *ilo = a < b ? a : b;
            *ihi = a < b ? b : a;
        }
        return;
    }
    if (law == LAW_FULL) {
        *flo = dt == SWEEP_F32 ? -FLT_MAX : -DBL_MAX / 2;
        *fhi = -*flo;
    } else if (law == LAW_NARROW) { /* exact edges: steps of a power of two */
        *flo = -(double)t_rng_below(r, 100);
        *fhi = *flo + (double)bins * ldexp(1.0, -(int)t_rng_below(r, 4));
    } else {
        double a = (t_rng_unit(r) - 0.5) * ldexp(1.0, (int)t_rng_below(r, 40) - 10);
        double w = t_rng_unit(r) * ldexp(1.0, (int)t_rng_below(r, 40) - 10);
        put_f(dt, flo, 0, a);
        *flo = get_f(dt, flo, 0);
        put_f(dt, fhi, 0, a + w);
        *fhi = get_f(dt, fhi, 0);
        if (!(*fhi > *flo)) *fhi = next_f(dt, *flo, INFINITY);
    }
}

/* The range's ends as samples of dt: the integer ends or the floating ones. */
static void put_range(sweep_dtype dt, h_i128 ilo, h_i128 ihi, double flo, double fhi,
                      unsigned char *lower, unsigned char *upper) {
    if (is_float(dt)) {
        put_f(dt, lower, 0, flo);
        put_f(dt, upper, 0, fhi);
    } else {
        put_i(dt, lower, 0, ilo);
        put_i(dt, upper, 0, ihi);
    }
}

/* Samples: in the range, anywhere in the type, on and beside bin edges (edges[0..ne)
 * for the range form, computed edges for even bins), and specials. */
static void gen_samples(t_rng *r, sweep_dtype dt, void *s, size_t n, size_t bins, h_i128 ilo,
                        h_i128 ihi, double flo, double fhi, const void *edges, size_t ne) {
    for (size_t i = 0; i < n; ++i) {
        const unsigned pick = (unsigned)t_rng_below(r, 10);
        if (!is_float(dt)) {
            h_i128 v;
            if (pick < 4) {
                v = rand_in(r, ilo, ihi - 1);
            } else if (pick < 6) {
                v = rand_in(r, type_min(dt), type_max(dt));
            } else if (pick < 9) {
                h_i128 e;
                if (edges) {
                    e = get_i(dt, edges, t_rng_below(r, ne));
                } else { /* the first value of bin b: lo + ceil(b * range / bins) */
                    const h_i128 b = (h_i128)t_rng_below(r, bins + 1), w = ihi - ilo;
                    e = ilo + (b * w + (h_i128)bins - 1) / (h_i128)bins;
                }
                v = clamp_i(dt, e + (h_i128)t_rng_below(r, 3) - 1);
            } else {
                const unsigned k = (unsigned)t_rng_below(r, 3);
                v = k == 0 ? ilo : k == 1 ? ihi - 1 : ihi;
            }
            put_i(dt, s, i, v);
            continue;
        }
        if (pick < 4) {
            put_f(dt, s, i, flo + t_rng_unit(r) * (fhi - flo));
        } else if (pick < 5) {
            put_f(dt, s, i, (t_rng_unit(r) - 0.5) * ldexp(1.0, (int)t_rng_below(r, 60) - 20));
        } else if (pick < 8) {
            double e;
            if (edges)
                e = get_f(dt, edges, t_rng_below(r, ne));
            else
                e = flo + (double)t_rng_below(r, bins + 1) * ((fhi - flo) / (double)bins);
            put_f(dt, s, i, e);
            e = get_f(dt, s, i);
            const unsigned k = (unsigned)t_rng_below(r, 3);
            if (k) put_f(dt, s, i, next_f(dt, e, k == 1 ? -INFINITY : INFINITY));
        } else if (pick < 9) {
            put_special(dt, s, i, (unsigned)t_rng_below(r, 8));
        } else {
            const unsigned k = (unsigned)t_rng_below(r, 3);
            put_f(dt, s, i, k == 0 ? flo : k == 1 ? fhi : next_f(dt, fhi, -INFINITY));
        }
    }
}

static sweep_dtype sort_dt; /* the dtype qsort's comparison reads */
static int cmp_sample(const void *a, const void *b) {
    if (is_float(sort_dt)) {
        const double x = get_f(sort_dt, a, 0), y = get_f(sort_dt, b, 0);
        return x < y ? -1 : x > y;
    }
    const h_i128 x = get_i(sort_dt, a, 0), y = get_i(sort_dt, b, 0);
    return x < y ? -1 : x > y;
}

/* bins + 1 sorted boundaries within the law's range (duplicates possible). */
static void gen_boundaries(t_rng *r, sweep_dtype dt, void *b, size_t bins, h_i128 ilo, h_i128 ihi,
                           double flo, double fhi) {
    for (size_t i = 0; i <= bins; ++i) {
        if (is_float(dt)) {
            if (t_rng_below(r, 20) == 0)
                put_special(dt, b, i, 6 + (unsigned)t_rng_below(r, 2)); /* +-0.0 */
            else
                put_f(dt, b, i, flo + t_rng_unit(r) * (fhi - flo));
        } else {
            put_i(dt, b, i, rand_in(r, ilo, ihi));
        }
    }
    sort_dt = dt;
    qsort(b, bins + 1, sweep_dtype_size(dt), cmp_sample);
}

/* c->dtype samples, c->kind (0 even, 1 range), c->op count dtype (0 u32, 1 u64),
 * c->a bins, c->b law, c->n */
static t_result histogram_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    const sweep_dtype cdt = c->op ? SWEEP_U64 : SWEEP_U32;
    const size_t n = c->n, size = sweep_dtype_size(dt), bins = (size_t)c->a;
    const size_t csize = sweep_dtype_size(cdt);
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *samples = t_host(&t, n * size), *bounds = t_host(&t, (bins + 1) * size);
    uint64_t *want = t_host(&t, bins * sizeof(uint64_t));
    unsigned char *got = t_host(&t, bins * csize), *want_c = t_host(&t, bins * csize);
    if (t.failed) return t_end(&t);
    h_i128 ilo = 0, ihi = 0;
    double flo = 0, fhi = 0;
    pick_range(&rng, dt, c->b, bins, &ilo, &ihi, &flo, &fhi);
    unsigned char lower[8], upper[8];
    put_range(dt, ilo, ihi, flo, fhi, lower, upper);
    if (c->kind) gen_boundaries(&rng, dt, bounds, bins, ilo, ihi, flo, fhi);
    gen_samples(&rng, dt, samples, n, bins, ilo, ihi, flo, fhi, c->kind ? bounds : NULL, bins + 1);
    if (c->kind)
        o_histogram_range(dt, samples, n, bounds, bins, want);
    else
        o_histogram_even(dt, samples, n, lower, upper, bins, want);
    for (size_t b = 0; b < bins; ++b) {
        const uint64_t w = want[b];
        const uint32_t w32 = (uint32_t)w;
        memcpy(want_c + b * csize, cdt == SWEEP_U32 ? (const void *)&w32 : (const void *)&w, csize);
    }

    void *d_samples = t_dev_upload(&t, samples, n * size);
    void *d_bounds = c->kind ? t_dev_upload(&t, bounds, (bins + 1) * size) : NULL;
    void *d_counts = t_dev_poisoned(&t, bins * csize);
    if (t.failed) return t_end(&t);
    sweep_status st =
        c->kind
            ? sweep_histogram_range(env->ctx, d_samples, dt, n, d_bounds, bins, d_counts, cdt)
            : sweep_histogram_even(env->ctx, d_samples, dt, n, lower, upper, bins, d_counts, cdt);
    if (!t_ok(&t, st, c->kind ? "sweep_histogram_range" : "sweep_histogram_even")) return t_end(&t);
    if (n == 0) {
        t_expect_poisoned(&t, d_counts, bins * csize, "counts (n == 0 writes nothing)");
        return t_end(&t);
    }
    if (t_download(&t, got, d_counts, bins * csize, "counts"))
        t_compare_bytes(&t, "counts", got, want_c, bins, csize);
    return t_end(&t);
}

/* CUB's examples: 2.2 6.0 7.1 2.9 3.5 0.3 2.9 2.0 6.1 999.5 in six even bins over
 * [0, 12) count 1 5 0 3 0 0; over the boundaries 0 2 4 6 8 12 16, 1 5 0 3 0 0. */
static t_result histogram_known_answer(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    (void)c;
    static const float samples[10] = {2.2f, 6.0f, 7.1f, 2.9f, 3.5f, 0.3f, 2.9f, 2.0f, 6.1f, 999.5f};
    static const float bounds[7] = {0, 2, 4, 6, 8, 12, 16};
    static const uint32_t want_even[6] = {1, 5, 0, 3, 0, 0};
    static const uint64_t want_range[6] = {1, 5, 0, 3, 0, 0};
    const float lower = 0, upper = 12;
    uint32_t got32[6];
    uint64_t got64[6];
    void *d_samples = t_dev_upload(&t, samples, sizeof samples);
    void *d_bounds = t_dev_upload(&t, bounds, sizeof bounds);
    void *d_c32 = t_dev_poisoned(&t, sizeof got32), *d_c64 = t_dev_poisoned(&t, sizeof got64);
    if (t.failed) return t_end(&t);
    if (t_ok(&t,
             sweep_histogram_even(env->ctx, d_samples, SWEEP_F32, 10, &lower, &upper, 6, d_c32,
                                  SWEEP_U32),
             "sweep_histogram_even") &&
        t_download(&t, got32, d_c32, sizeof got32, "counts") &&
        t_compare_bytes(&t, "even counts", got32, want_even, 6, 4) &&
        t_ok(&t,
             sweep_histogram_range(env->ctx, d_samples, SWEEP_F32, 10, d_bounds, 6, d_c64,
                                   SWEEP_U64),
             "sweep_histogram_range") &&
        t_download(&t, got64, d_c64, sizeof got64, "counts"))
        t_compare_bytes(&t, "range counts", got64, want_range, 6, 8);
    return t_end(&t);
}

/* The edges of the GPU's histogram: c->kind 0 every sample in one bin, 1 nine in ten
 * in one bin (runs of one bin broken by others), 2 samples one element past a 16-byte
 * boundary (no vector loads from the start), 3 random samples; c->dtype, c->a bins,
 * c->op count dtype, c->n (not a multiple of 16 bytes of samples). Even bins. */
static t_result histogram_edge_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    const sweep_dtype cdt = c->op ? SWEEP_U64 : SWEEP_U32;
    const size_t n = c->n, size = sweep_dtype_size(dt), bins = (size_t)c->a;
    const size_t csize = sweep_dtype_size(cdt), shift = c->kind == 2 ? 1 : 0;
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *buf = t_host(&t, (n + shift) * size);
    uint64_t *want = t_host(&t, bins * sizeof(uint64_t));
    unsigned char *got = t_host(&t, bins * csize), *want_c = t_host(&t, bins * csize);
    if (t.failed) return t_end(&t);
    unsigned char *samples = buf + shift * size;
    h_i128 ilo = 0, ihi = 0;
    double flo = 0, fhi = 0;
    pick_range(&rng, dt, LAW_RANDOM, bins, &ilo, &ihi, &flo, &fhi);
    unsigned char lower[8], upper[8];
    put_range(dt, ilo, ihi, flo, fhi, lower, upper);
    gen_samples(&rng, dt, buf, n + shift, bins, ilo, ihi, flo, fhi, NULL, 0);
    if (c->kind <= 1) {
        /* one sample within the range, repeated */
        size_t at = 0;
        while (at < n) {
            if (is_float(dt)) {
                const double v = get_f(dt, samples, at);
                if (v >= flo && v < fhi) break;
            } else {
                const h_i128 v = get_i(dt, samples, at);
                if (v >= ilo && v < ihi) break;
            }
            ++at;
        }
        if (at == n) {
            if (is_float(dt))
                put_f(dt, samples, 0, flo);
            else
                put_i(dt, samples, 0, ilo);
            at = 0;
        }
        for (size_t i = 0; i < n; ++i)
            if (c->kind == 0 || t_rng_below(&rng, 10) != 0)
                memcpy(samples + i * size, samples + at * size, size);
    }
    o_histogram_even(dt, samples, n, lower, upper, bins, want);
    for (size_t b = 0; b < bins; ++b) {
        const uint64_t w = want[b];
        const uint32_t w32 = (uint32_t)w;
        memcpy(want_c + b * csize, cdt == SWEEP_U32 ? (const void *)&w32 : (const void *)&w, csize);
    }
    unsigned char *d_buf = t_dev_upload(&t, buf, (n + shift) * size);
    void *d_counts = t_dev_poisoned(&t, bins * csize);
    if (t.failed) return t_end(&t);
    sweep_status st = sweep_histogram_even(env->ctx, d_buf + shift * size, dt, n, lower, upper,
                                           bins, d_counts, cdt);
    if (!t_ok(&t, st, "sweep_histogram_even")) return t_end(&t);
    if (t_download(&t, got, d_counts, bins * csize, "counts"))
        t_compare_bytes(&t, "counts", got, want_c, bins, csize);
    return t_end(&t);
}

static void register_histogram_edges(t_registry *r, unsigned *k) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "histogram";
    c.fn = histogram_edge_case;
    static const char *const kinds[4] = {"one_bin", "mostly_one_bin", "misaligned", "tail"};
    /* a block's step is 512 vectors of 16 bytes: several of them, and 7 samples more */
    static const int dts[] = {SWEEP_U8, SWEEP_I16, SWEEP_U32, SWEEP_I64, SWEEP_F32, SWEEP_F64};
    for (int kind = 0; kind < 4; ++kind)
        for (unsigned d = 0; d < 6; ++d)
            for (int big = 0; big < 2; ++big, ++*k) {
                c.dtype = dts[d];
                c.kind = kind;
                c.op = (int)(*k % 2);
                c.a = big ? 13000 : 256;
                c.n = 3 * 8192 * 16 / sweep_dtype_size((sweep_dtype)c.dtype) + 7;
                t_register(r, &c, "even.edges.%s.%s.bins%d.%s.n%zu", kinds[kind],
                           sweep_dtype_name((sweep_dtype)c.dtype), c.a, c.op ? "u64" : "u32", c.n);
            }
    /* the bins at and past the counter copies a block keeps (8, 4, 2, 1 copies of 48 KB
     * in all) and past the privatised capacity */
    static const int capacity_bins[] = {1536, 1537, 3072, 3073, 6144, 6145, 12288, 12289};
    for (unsigned b = 0; b < 8; ++b)
        for (int kind = 0; kind < 4; kind += 3, ++*k) {
            c.dtype = SWEEP_U32;
            c.kind = kind;
            c.op = (int)(*k % 2);
            c.a = capacity_bins[b];
            c.n = (1u << 16) + 5;
            t_register(r, &c, "even.edges.%s.u32.bins%d.%s.n%zu", kinds[kind], c.a,
                       c.op ? "u64" : "u32", c.n);
        }
}

void t_register_histogram(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "histogram";
    c.fn = histogram_known_answer;
    t_register(r, &c, "histogram.known_answer");

    c.fn = histogram_case;
    /* 13000 bins: past the 12288 counters a GPU block privatises */
    static const int bin_counts[] = {1, 7, 256, 13000};
    static const size_t sizes[] = {0, 1, 33, 4097};
    unsigned k = 0;
    for (int kind = 0; kind < 2; ++kind)
        for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
            for (int law = 0; law < LAWS; ++law)
                for (unsigned b = 0; b < 4; ++b)
                    for (unsigned s = 0; s < 4; ++s, ++k) {
                        c.dtype = dt;
                        c.kind = kind;
                        c.op = (int)(k % 2);
                        c.a = bin_counts[b];
                        c.b = law;
                        c.n = sizes[s];
                        t_register(r, &c, "%s.%s.%s.bins%d.%s.n%zu", kind ? "range" : "even",
                                   sweep_dtype_name((sweep_dtype)dt), law_name[law], c.a,
                                   c.op ? "u64" : "u32", c.n);
                    }
    /* more bins than the OpenMP backend keeps per thread: shared counts, atomically */
    for (unsigned d = 0; d < 2; ++d, ++k) {
        c.dtype = d ? SWEEP_F32 : SWEEP_I64;
        c.kind = 0;
        c.op = (int)d;
        c.a = 100003;
        c.b = LAW_RANDOM;
        c.n = (1u << 20) + 3;
        t_register(r, &c, "even.%s.random.bins%d.%s.n%zu", sweep_dtype_name((sweep_dtype)c.dtype),
                   c.a, c.op ? "u64" : "u32", c.n);
    }
    /* large inputs: many blocks and threads adding into the same bins */
    static const int large_dtypes[] = {SWEEP_U8,  SWEEP_I16, SWEEP_I32,
                                       SWEEP_U64, SWEEP_F32, SWEEP_F64};
    for (int kind = 0; kind < 2; ++kind)
        for (unsigned d = 0; d < 6; ++d)
            for (int law = 0; law < LAWS; law += 2)
                for (unsigned b = 1; b < (kind ? 3u : 4u); ++b, ++k) {
                    c.dtype = large_dtypes[d];
                    c.kind = kind;
                    c.op = (int)(k % 2);
                    c.a = bin_counts[b];
                    c.b = law;
                    c.n = (1u << 20) + 3;
                    t_register(r, &c, "%s.%s.%s.bins%d.%s.n%zu", kind ? "range" : "even",
                               sweep_dtype_name((sweep_dtype)c.dtype), law_name[law], c.a,
                               c.op ? "u64" : "u32", c.n);
                }
    register_histogram_edges(r, &k);
    t_register_histogram_bins(r);
}
