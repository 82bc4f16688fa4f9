/* Even histograms where a CPU backend's bin without a division must fall back to the
 * contract's steps: floating samples on and up to four units in the last place beside
 * every bin edge, over ranges whose width is no power of two (bins' edges that are not
 * exact), on a decimal grid (quotients at or beside integers), and over widths too
 * small or too large for a reciprocal (f64); 64-bit integer ranges whose product
 * (x - lower) * num_bins just fits 64 bits and just does not. Large enough inputs for
 * several threads, 32- and 64-bit counts. */
#include "families.h"
#include "gen.h"
#include "oracle.h"

#include <float.h>
#include <math.h>
#include <string.h>

enum { BINS_ODD = 0, BINS_GRID = 1, BINS_TINY = 2, BINS_HUGE = 3, BINS_FITS = 4, BINS_OVER = 5 };
static const char *const bins_law_name[6] = {"odd", "grid", "tiny", "huge", "fits", "over"};

static void put_real(sweep_dtype dt, void *buf, size_t i, double v) {
    if (dt == SWEEP_F32) {
        const float f = (float)v;
        memcpy((unsigned char *)buf + i * 4, &f, 4);
    } else {
        memcpy((unsigned char *)buf + i * 8, &v, 8);
    }
}

static double get_real(sweep_dtype dt, const void *buf, size_t i) {
    if (dt == SWEEP_F32) {
        float f;
        memcpy(&f, (const unsigned char *)buf + i * 4, 4);
        return f;
    }
    double v;
    memcpy(&v, (const unsigned char *)buf + i * 8, 8);
    return v;
}

/* v moved k units in the last place of dt (down when k < 0). */
static double step_real(sweep_dtype dt, double v, int k) {
    for (; k > 0; --k)
        v = dt == SWEEP_F32 ? (double)nextafterf((float)v, INFINITY) : nextafter(v, INFINITY);
    for (; k < 0; ++k)
        v = dt == SWEEP_F32 ? (double)nextafterf((float)v, -INFINITY) : nextafter(v, -INFINITY);
    return v;
}

/* Floating ranges and samples of the law; lower and upper receive the range. */
static void real_case(t_rng *r, sweep_dtype dt, int law, size_t bins, void *s, size_t n,
                      unsigned char *lower, unsigned char *upper) {
    double lo, hi;
    switch (law) {
    case BINS_ODD:
        lo = (t_rng_unit(r) - 0.5) * 20.0;
        hi = lo + (double)bins * (0.1 + 3.0 * t_rng_unit(r));
        break;
    case BINS_GRID:
        lo = 0.3;
        hi = lo + (double)bins * 0.1;
        break;
    case BINS_TINY: /* width below 2^-1000 */
        lo = 1e-306;
        hi = lo + (double)bins * 1e-309;
        break;
    default: /* width above 2^1000 */
        lo = -1e305;
        hi = 1e305;
        break;
    }
    put_real(dt, lower, 0, lo);
    put_real(dt, upper, 0, hi);
    lo = get_real(dt, lower, 0);
    hi = get_real(dt, upper, 0);
    for (size_t i = 0; i < n; ++i) {
        const unsigned pick = (unsigned)t_rng_below(r, 8);
        double v;
        if (pick < 2) {
            v = lo + t_rng_unit(r) * (hi - lo);
        } else if (pick < 7) { /* an edge, as sweep.h words it, and up to 4 ulps beside it */
            const double b = (double)t_rng_below(r, bins + 1);
            v = law == BINS_GRID ? lo + b * 0.1 : lo + b * ((hi - lo) / (double)bins);
            put_real(dt, s, i, v);
            v = step_real(dt, get_real(dt, s, i), (int)t_rng_below(r, 9) - 4);
        } else {
            v = t_rng_below(r, 2) ? step_real(dt, lo, -1) : hi;
        }
        put_real(dt, s, i, v);
    }
}

/* 64-bit integer ranges: (upper - lower) * bins just within 2^64 (BINS_FITS) or just
 * past it (BINS_OVER); samples in the range, on and beside the bins' first values,
 * and outside. */
static void key_case(t_rng *r, sweep_dtype dt, int law, size_t bins, void *s, size_t n,
                     unsigned char *lower, unsigned char *upper) {
    const uint64_t range = UINT64_MAX / (uint64_t)bins + (law == BINS_OVER);
    /* order keys: unsigned as is, signed with the sign bit flipped */
    const uint64_t flip = dt == SWEEP_I64 ? 0x8000000000000000ull : 0;
    const uint64_t lo_key = t_rng_below(r, UINT64_MAX - range + 1 > 1000 ? 1000 : 1);
    const uint64_t hi_key = lo_key + range;
    const uint64_t lo = lo_key ^ flip, hi = hi_key ^ flip;
    memcpy(lower, &lo, 8);
    memcpy(upper, &hi, 8);
    for (size_t i = 0; i < n; ++i) {
        const unsigned pick = (unsigned)t_rng_below(r, 8);
        uint64_t k;
        if (pick < 2) {
            k = lo_key + t_rng_below(r, range);
        } else if (pick < 7) { /* lo + ceil(b * range / bins), and 2 either side */
            __extension__ typedef unsigned __int128 u128;
            const uint64_t b = t_rng_below(r, (uint64_t)bins + 1);
            const uint64_t first =
                lo_key + (uint64_t)(((u128)b * range + (uint64_t)bins - 1) / (uint64_t)bins);
            k = first + t_rng_below(r, 5) - 2;
        } else {
            k = t_rng_next(r);
        }
        k ^= flip;
        memcpy((unsigned char *)s + i * 8, &k, 8);
    }
}

/* c->dtype samples, c->op count dtype (0 u32, 1 u64), c->a bins, c->b law, c->n */
static t_result histogram_bins_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    const sweep_dtype cdt = c->op ? SWEEP_U64 : SWEEP_U32;
    const size_t n = c->n, size = sweep_dtype_size(dt), bins = (size_t)c->a;
    const size_t csize = sweep_dtype_size(cdt);
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *samples = t_host(&t, n * size);
    uint64_t *want = t_host(&t, bins * sizeof(uint64_t));
    unsigned char *got = t_host(&t, bins * csize), *want_c = t_host(&t, bins * csize);
    if (t.failed) return t_end(&t);
    unsigned char lower[8], upper[8];
    if (c->b >= BINS_FITS)
        key_case(&rng, dt, c->b, bins, samples, n, lower, upper);
    else
        real_case(&rng, dt, c->b, bins, samples, n, lower, upper);
    o_histogram_even(dt, samples, n, lower, upper, bins, want);
    uint64_t counted = 0;
    for (size_t b = 0; b < bins; ++b) {
        const uint64_t w = want[b];
        const uint32_t w32 = (uint32_t)w;
        counted += w;
        memcpy(want_c + b * csize, cdt == SWEEP_U32 ? (const void *)&w32 : (const void *)&w, csize);
    }
    if (counted < n / 2)
        return t_fail(&t, "only %llu of %zu samples in a bin", (unsigned long long)counted, n),
               t_end(&t);
    void *d_samples = t_dev_upload(&t, samples, n * size);
    void *d_counts = t_dev_poisoned(&t, bins * csize);
    if (t.failed) return t_end(&t);
    sweep_status st =
        sweep_histogram_even(env->ctx, d_samples, dt, n, lower, upper, bins, d_counts, cdt);
    if (!t_ok(&t, st, "sweep_histogram_even")) return t_end(&t);
    if (t_download(&t, got, d_counts, bins * csize, "counts"))
        t_compare_bytes(&t, "counts", got, want_c, bins, csize);
    return t_end(&t);
}

void t_register_histogram_bins(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "histogram";
    c.fn = histogram_bins_case;
    static const int bin_counts[] = {1, 3, 10, 256, 1000};
    static const size_t sizes[] = {4099, (1u << 18) + 3};
    unsigned k = 0;
    for (int law = 0; law < 6; ++law)
        for (unsigned d = 0; d < 2; ++d)
            for (unsigned b = 0; b < 5; ++b)
                for (unsigned s = 0; s < 2; ++s, ++k) {
                    const int real = law < BINS_FITS;
                    c.dtype = real ? (d ? SWEEP_F64 : SWEEP_F32) : (d ? SWEEP_I64 : SWEEP_U64);
                    /* tiny and huge widths only exist in f64 */
                    if ((law == BINS_TINY || law == BINS_HUGE) && c.dtype == SWEEP_F32) continue;
                    /* no 64-bit range is past 2^64 / 1 */
                    if (law == BINS_OVER && bin_counts[b] == 1) continue;
                    c.op = (int)(k % 2);
                    c.a = bin_counts[b];
                    c.b = law;
                    c.n = sizes[s];
                    t_register(r, &c, "even.bins.%s.%s.bins%d.%s.n%zu", bins_law_name[law],
                               sweep_dtype_name((sweep_dtype)c.dtype), c.a, c.op ? "u64" : "u32",
                               c.n);
                }
}
