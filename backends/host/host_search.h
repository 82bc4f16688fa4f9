/*
 * host_search.h -- vectorised search for the CPU backends (serial, OpenMP): the lower
 * or upper bound of each needle of [lo, hi) in a sorted haystack. Header-only, C11.
 *
 * Needles are taken in blocks of SWEEP_HOST_SEARCH_LANES. A block whose needles are
 * monotone (each not less, or each not greater, than the one before it, the last
 * needle of the previous block included) walks from the previous answer, galloping
 * away from it: sorted needles cost O(log distance) each. Any other block is searched
 * from scratch, its needles in lockstep with a branchless binary search (every needle
 * takes the same number of steps, so their cache misses overlap; prefetching the two
 * possible probes of the next step measured slower here, so there is none). A haystack
 * of 256 KiB or more is searched through a sample of at most 4096 of its keys (2048
 * of 8-byte keys; made on the stack by the first such block of a range) first, then
 * within the one window between two samples, so the deep levels touch one or two pages
 * instead of one each.
 *
 * Built-in keys compare as their order-preserving unsigned patterns (host_keys.h),
 * complemented for descending orders, so one ascending kernel per key width and bound
 * (and one more for floats) serves every dtype and order: pattern = raw ^ xm ^ (sign bit set ? fm :
 * 0) with xm = the sign bit for signed and float keys (all ones more for descending) and fm = every
 * bit but the sign for floats (totalOrder). Custom comparators take the same blocks with one plain
 * binary search per needle.
 */
#ifndef SWEEP_HOST_SEARCH_H
#define SWEEP_HOST_SEARCH_H

#include <stdint.h>
#include <string.h>
#include <sweep/backend.h>

#include "host_keys.h"

/** Needles per block (the lockstep width). */
#ifndef SWEEP_HOST_SEARCH_LANES
#define SWEEP_HOST_SEARCH_LANES 16
#endif

/** Haystacks of at least this many bytes are searched through a sample of at most
 * SWEEP_HOST_SEARCH_SAMPLE(T) keys (on the stack, 16 KiB at most) first, then within
 * one window of the haystack: the sample's levels stay in a few pages, the window's in
 * one or two. */
#ifndef SWEEP_HOST_SEARCH_SAMPLE_MIN_BYTES
#define SWEEP_HOST_SEARCH_SAMPLE_MIN_BYTES ((size_t)256 * 1024)
#endif
#define SWEEP_HOST_SEARCH_SAMPLE(T) (sizeof(T) > 4 ? 2048 : 4096)

/* ----------------------------------------------- built-in keys, one width each -- */

#define SWEEP_HOST_SEARCH_LOAD(BITS, T)                                                            \
    static inline T swhs_load##BITS(const unsigned char *p) {                                      \
        T v;                                                                                       \
        memcpy(&v, p, sizeof v);                                                                   \
        return v;                                                                                  \
    }                                                                                              \
    static inline T swhs_imap##BITS(T raw, T xm, T fm) {                                           \
        (void)fm;                                                                                  \
        return (T)(raw ^ xm);                                                                      \
    }                                                                                              \
    static inline T swhs_fmap##BITS(T raw, T xm, T fm) {                                           \
        return (T)(raw ^ xm ^ ((T)(0u - (unsigned)(raw >> ((BITS)-1))) & fm));                     \
    }

/* For BITS = 64 the sign mask must be taken in 64 bits. */
#define SWEEP_HOST_SEARCH_LOAD64()                                                                 \
    static inline uint64_t swhs_load64(const unsigned char *p) {                                   \
        uint64_t v;                                                                                \
        memcpy(&v, p, sizeof v);                                                                   \
        return v;                                                                                  \
    }                                                                                              \
    static inline uint64_t swhs_imap64(uint64_t raw, uint64_t xm, uint64_t fm) {                   \
        (void)fm;                                                                                  \
        return raw ^ xm;                                                                           \
    }                                                                                              \
    static inline uint64_t swhs_fmap64(uint64_t raw, uint64_t xm, uint64_t fm) {                   \
        return raw ^ xm ^ ((0ull - (raw >> 63)) & fm);                                             \
    }

SWEEP_HOST_SEARCH_LOAD(8, uint8_t)
SWEEP_HOST_SEARCH_LOAD(16, uint16_t)
SWEEP_HOST_SEARCH_LOAD(32, uint32_t)
SWEEP_HOST_SEARCH_LOAD64()

/* The kernels of one key width (BITS, T) and bound: key j lies before the needle x when
 * pattern(j) OP x (< lower bound, <= upper bound). */
#define SWEEP_HOST_SEARCH_KERNELS(BITS, T, NAME, OP, MAP)                                          \
    static inline size_t swhs_before_##NAME(const unsigned char *hay, size_t j, T x, T xm, T fm) { \
        const T y = MAP(swhs_load##BITS(hay + j * sizeof(T)), xm, fm);                             \
        return (size_t)(y OP x);                                                                   \
    }                                                                                              \
                                                                                                   \
    /* The first j in [lo, hi) not before x (hi if none), branchless. */                           \
    static inline size_t swhs_bisect_##NAME(const unsigned char *hay, size_t lo, size_t hi, T x,   \
                                            T xm, T fm) {                                          \
        size_t len = hi - lo, base = lo;                                                           \
        if (len == 0) return lo;                                                                   \
        while (len > 1) {                                                                          \
            const size_t half = len / 2;                                                           \
            base += (0 - swhs_before_##NAME(hay, base + half, x, xm, fm)) & half;                  \
            len -= half;                                                                           \
        }                                                                                          \
        return base + swhs_before_##NAME(hay, base, x, xm, fm);                                    \
    }                                                                                              \
                                                                                                   \
    /* The answer, knowing every j < a is before x: gallop up from a. */                           \
    static inline size_t swhs_up_##NAME(const unsigned char *hay, size_t n, size_t a, T x, T xm,   \
                                        T fm) {                                                    \
        size_t lo = a, bound = a, step = 1;                                                        \
        while (bound < n && swhs_before_##NAME(hay, bound, x, xm, fm)) {                           \
            lo = bound + 1;                                                                        \
            bound = step > n - lo ? n : lo + step;                                                 \
            step *= 2;                                                                             \
        }                                                                                          \
        return swhs_bisect_##NAME(hay, lo, bound < n ? bound : n, x, xm, fm);                      \
    }                                                                                              \
                                                                                                   \
    /* The answer, knowing no j >= b is before x: gallop down from b. */                           \
    static inline size_t swhs_down_##NAME(const unsigned char *hay, size_t b, T x, T xm, T fm) {   \
        size_t lo = 0, hi = b, step = 1;                                                           \
        while (hi > 0) {                                                                           \
            const size_t at = hi > step ? hi - step : 0;                                           \
            if (swhs_before_##NAME(hay, at, x, xm, fm)) {                                          \
                lo = at + 1;                                                                       \
                break;                                                                             \
            }                                                                                      \
            hi = at;                                                                               \
            step *= 2;                                                                             \
        }                                                                                          \
        return swhs_bisect_##NAME(hay, lo, hi, x, xm, fm);                                         \
    }                                                                                              \
                                                                                                   \
    /* Every lane's answer in [0, n), n > 0, the lanes in lockstep. */                             \
    static void swhs_lanes_##NAME(const unsigned char *hay, size_t n, const T *x, T xm, T fm,      \
                                  size_t *res) {                                                   \
        size_t base[SWEEP_HOST_SEARCH_LANES];                                                      \
        for (int k = 0; k < SWEEP_HOST_SEARCH_LANES; ++k)                                          \
            base[k] = 0;                                                                           \
        size_t len = n;                                                                            \
        while (len > 1) {                                                                          \
            const size_t half = len / 2;                                                           \
            for (int k = 0; k < SWEEP_HOST_SEARCH_LANES; ++k)                                      \
                base[k] += (0 - swhs_before_##NAME(hay, base[k] + half, x[k], xm, fm)) & half;     \
            len -= half;                                                                           \
        }                                                                                          \
        for (int k = 0; k < SWEEP_HOST_SEARCH_LANES; ++k)                                          \
            res[k] = base[k] + swhs_before_##NAME(hay, base[k], x[k], xm, fm);                     \
    }                                                                                              \
                                                                                                   \
    /* As swhs_lanes, first through the sample s[j] = pattern of key min((j + 1) << lp,            \
     * n) - 1, j < ns: the first sample not before x, c, leaves the answer in                      \
     * [c << lp, (c + 1) << lp] (n if c = ns), a window of one page or so. Probes past             \
     * the haystack read its last key, so every answer stays within [0, n]. */                     \
    static void swhs_sampled_##NAME(const unsigned char *hay, size_t n, const T *s, size_t ns,     \
                                    unsigned lp, const T *x, T xm, T fm, size_t *res) {            \
        size_t base[SWEEP_HOST_SEARCH_LANES];                                                      \
        for (int k = 0; k < SWEEP_HOST_SEARCH_LANES; ++k)                                          \
            base[k] = 0;                                                                           \
        size_t len = ns;                                                                           \
        while (len > 1) {                                                                          \
            const size_t half = len / 2;                                                           \
            for (int k = 0; k < SWEEP_HOST_SEARCH_LANES; ++k)                                      \
                base[k] += (0 - (size_t)(s[base[k] + half] OP x[k])) & half;                       \
            len -= half;                                                                           \
        }                                                                                          \
        for (int k = 0; k < SWEEP_HOST_SEARCH_LANES; ++k)                                          \
            base[k] = (base[k] + (size_t)(s[base[k]] OP x[k])) << lp;                              \
        const size_t last = n - 1;                                                                 \
        len = (size_t)1 << lp;                                                                     \
        while (len > 1) {                                                                          \
            const size_t half = len / 2;                                                           \
            for (int k = 0; k < SWEEP_HOST_SEARCH_LANES; ++k) {                                    \
                const size_t j = base[k] + half < last ? base[k] + half : last;                    \
                base[k] += (0 - swhs_before_##NAME(hay, j, x[k], xm, fm)) & half;                  \
            }                                                                                      \
            len -= half;                                                                           \
        }                                                                                          \
        for (int k = 0; k < SWEEP_HOST_SEARCH_LANES; ++k) {                                        \
            const size_t j = base[k] < last ? base[k] : last;                                      \
            const size_t r = base[k] + swhs_before_##NAME(hay, j, x[k], xm, fm);                   \
            res[k] = r < n ? r : n;                                                                \
        }                                                                                          \
    }                                                                                              \
    static void swhs_range_##NAME(const unsigned char *hay, size_t n, const unsigned char *nd,     \
                                  size_t lo, size_t hi, T xm, T fm, size_t *out) {                 \
        T x[SWEEP_HOST_SEARCH_LANES], prev_x = 0;                                                  \
        T sample[SWEEP_HOST_SEARCH_SAMPLE(T)];                                                     \
        size_t ns = 0;                                                                             \
        unsigned lp = 0;                                                                           \
        size_t res[SWEEP_HOST_SEARCH_LANES], prev = 0;                                             \
        int have_prev = 0;                                                                         \
        for (size_t i = lo; i < hi; i += SWEEP_HOST_SEARCH_LANES) {                                \
            const size_t cnt =                                                                     \
                hi - i < SWEEP_HOST_SEARCH_LANES ? hi - i : (size_t)SWEEP_HOST_SEARCH_LANES;       \
            for (size_t k = 0; k < cnt; ++k)                                                       \
                x[k] = MAP(swhs_load##BITS(nd + (i + k) * sizeof(T)), xm, fm);                     \
            int up = 1, down = 1;                                                                  \
            for (size_t k = 1; k < cnt; ++k) {                                                     \
                up &= x[k - 1] <= x[k];                                                            \
                down &= x[k - 1] >= x[k];                                                          \
            }                                                                                      \
            if (have_prev) {                                                                       \
                up &= prev_x <= x[0];                                                              \
                down &= prev_x >= x[0];                                                            \
            }                                                                                      \
            if (up || down) {                                                                      \
                size_t a = have_prev ? prev : swhs_bisect_##NAME(hay, 0, n, x[0], xm, fm);         \
                size_t k = 0;                                                                      \
                if (!have_prev) out[i + k++] = a;                                                  \
                for (; k < cnt; ++k) {                                                             \
                    a = up ? swhs_up_##NAME(hay, n, a, x[k], xm, fm)                               \
                           : swhs_down_##NAME(hay, a, x[k], xm, fm);                               \
                    out[i + k] = a;                                                                \
                }                                                                                  \
            } else {                                                                               \
                for (size_t k = cnt; k < SWEEP_HOST_SEARCH_LANES; ++k)                             \
                    x[k] = x[cnt - 1];                                                             \
                if (n * sizeof(T) < SWEEP_HOST_SEARCH_SAMPLE_MIN_BYTES) {                          \
                    swhs_lanes_##NAME(hay, n, x, xm, fm, res);                                     \
                } else {                                                                           \
                    if (ns == 0) {                                                                 \
                        while (((n - 1) >> lp) + 1 > SWEEP_HOST_SEARCH_SAMPLE(T))                  \
                            ++lp;                                                                  \
                        ns = ((n - 1) >> lp) + 1;                                                  \
                        for (size_t j = 0; j < ns; ++j) {                                          \
                            const size_t at = ((j + 1) << lp) < n ? ((j + 1) << lp) : n;           \
                            sample[j] = MAP(swhs_load##BITS(hay + (at - 1) * sizeof(T)), xm, fm);  \
                        }                                                                          \
                    }                                                                              \
                    swhs_sampled_##NAME(hay, n, sample, ns, lp, x, xm, fm, res);                   \
                }                                                                                  \
                memcpy(out + i, res, cnt * sizeof *res);                                           \
            }                                                                                      \
            prev_x = x[cnt - 1];                                                                   \
            prev = out[i + cnt - 1];                                                               \
            have_prev = 1;                                                                         \
        }                                                                                          \
    }

SWEEP_HOST_SEARCH_KERNELS(8, uint8_t, lt8, <, swhs_imap8)
SWEEP_HOST_SEARCH_KERNELS(8, uint8_t, le8, <=, swhs_imap8)
SWEEP_HOST_SEARCH_KERNELS(16, uint16_t, lt16, <, swhs_imap16)
SWEEP_HOST_SEARCH_KERNELS(16, uint16_t, le16, <=, swhs_imap16)
SWEEP_HOST_SEARCH_KERNELS(32, uint32_t, lt32, <, swhs_imap32)
SWEEP_HOST_SEARCH_KERNELS(32, uint32_t, le32, <=, swhs_imap32)
SWEEP_HOST_SEARCH_KERNELS(64, uint64_t, lt64, <, swhs_imap64)
SWEEP_HOST_SEARCH_KERNELS(64, uint64_t, le64, <=, swhs_imap64)
SWEEP_HOST_SEARCH_KERNELS(32, uint32_t, flt32, <, swhs_fmap32)
SWEEP_HOST_SEARCH_KERNELS(32, uint32_t, fle32, <=, swhs_fmap32)
SWEEP_HOST_SEARCH_KERNELS(64, uint64_t, flt64, <, swhs_fmap64)
SWEEP_HOST_SEARCH_KERNELS(64, uint64_t, fle64, <=, swhs_fmap64)

#undef SWEEP_HOST_SEARCH_KERNELS
#undef SWEEP_HOST_SEARCH_LOAD
#undef SWEEP_HOST_SEARCH_LOAD64

/* ------------------------------------------------------ custom comparators ---- */

/* One needle x against the haystack under a custom comparator. */
typedef struct swhs_probe {
    const sweep_custom_compare *cc;
    const unsigned char *hay;
    size_t ks;
    const unsigned char *x;
    int upper;
} swhs_probe;

static inline int swhs_before(const swhs_probe *q, size_t j) {
    const unsigned char *y = q->hay + j * q->ks;
    return q->upper ? !q->cc->less(q->x, y, q->cc->user) : q->cc->less(y, q->x, q->cc->user) != 0;
}

static inline size_t swhs_bisect(const swhs_probe *q, size_t lo, size_t hi) {
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (swhs_before(q, mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static inline size_t swhs_up(const swhs_probe *q, size_t n, size_t a) {
    size_t lo = a, bound = a, step = 1;
    while (bound < n && swhs_before(q, bound)) {
        lo = bound + 1;
        bound = step > n - lo ? n : lo + step;
        step *= 2;
    }
    return swhs_bisect(q, lo, bound < n ? bound : n);
}

static inline size_t swhs_down(const swhs_probe *q, size_t b) {
    size_t lo = 0, hi = b, step = 1;
    while (hi > 0) {
        const size_t at = hi > step ? hi - step : 0;
        if (swhs_before(q, at)) {
            lo = at + 1;
            break;
        }
        hi = at;
        step *= 2;
    }
    return swhs_bisect(q, lo, hi);
}

static void swhs_range_custom(const sweep_custom_compare *cc, size_t ks, const unsigned char *hay,
                              size_t n, const unsigned char *nd, size_t lo, size_t hi, int upper,
                              size_t *out) {
    swhs_probe q = {cc, hay, ks, NULL, upper};
    for (size_t i = lo; i < hi; i += SWEEP_HOST_SEARCH_LANES) {
        const size_t cnt =
            hi - i < SWEEP_HOST_SEARCH_LANES ? hi - i : (size_t)SWEEP_HOST_SEARCH_LANES;
        /* the block with the needle before it, if any */
        const size_t first = i > lo ? i - 1 : i;
        int up = 1, down = 1;
        for (size_t k = first + 1; k < i + cnt && (up || down); ++k) {
            const unsigned char *a = nd + (k - 1) * ks, *b = nd + k * ks;
            if (up && cc->less(b, a, cc->user)) up = 0;
            if (down && cc->less(a, b, cc->user)) down = 0;
        }
        for (size_t k = i; k < i + cnt; ++k) {
            q.x = nd + k * ks;
            if (k == lo || !(up || down))
                out[k] = swhs_bisect(&q, 0, n);
            else
                out[k] = up ? swhs_up(&q, n, out[k - 1]) : swhs_down(&q, out[k - 1]);
        }
    }
}

/* ---------------------------------------------------------------- dispatch ---- */

/** out[i] = the lower (upper != 0: upper) bound of needles[i] in haystack[0, n) under
 * cmp, for i in [lo, hi). n > 0. */
static inline void sweep_host_search_range(const sweep_kcmp *cmp, const void *haystack, size_t n,
                                           const void *needles, size_t lo, size_t hi, int upper,
                                           size_t *out) {
    const unsigned char *hay = (const unsigned char *)haystack;
    const unsigned char *nd = (const unsigned char *)needles;
    if (cmp->kind == SWEEP_COMPARE_CUSTOM) {
        swhs_range_custom(cmp->custom, cmp->key_size, hay, n, nd, lo, hi, upper, out);
        return;
    }
    const size_t bits = 8 * cmp->key_size;
    const uint64_t ones = bits == 64 ? ~0ull : (1ull << bits) - 1, sign = 1ull << (bits - 1);
    const sweep_dtype dt = cmp->dtype;
    const int is_float = dt == SWEEP_F32 || dt == SWEEP_F64;
    const int is_signed =
        is_float || dt == SWEEP_I8 || dt == SWEEP_I16 || dt == SWEEP_I32 || dt == SWEEP_I64;
    uint64_t xm = is_signed ? sign : 0;
    if (cmp->kind == SWEEP_COMPARE_DESCENDING) xm ^= ones;
    const uint64_t fm = is_float ? ones & ~sign : 0;
    switch (cmp->key_size) {
    case 1:
        if (upper)
            swhs_range_le8(hay, n, nd, lo, hi, (uint8_t)xm, (uint8_t)fm, out);
        else
            swhs_range_lt8(hay, n, nd, lo, hi, (uint8_t)xm, (uint8_t)fm, out);
        break;
    case 2:
        if (upper)
            swhs_range_le16(hay, n, nd, lo, hi, (uint16_t)xm, (uint16_t)fm, out);
        else
            swhs_range_lt16(hay, n, nd, lo, hi, (uint16_t)xm, (uint16_t)fm, out);
        break;
    case 4:
        if (is_float && upper)
            swhs_range_fle32(hay, n, nd, lo, hi, (uint32_t)xm, (uint32_t)fm, out);
        else if (is_float)
            swhs_range_flt32(hay, n, nd, lo, hi, (uint32_t)xm, (uint32_t)fm, out);
        else if (upper)
            swhs_range_le32(hay, n, nd, lo, hi, (uint32_t)xm, (uint32_t)fm, out);
        else
            swhs_range_lt32(hay, n, nd, lo, hi, (uint32_t)xm, (uint32_t)fm, out);
        break;
    default:
        if (is_float && upper)
            swhs_range_fle64(hay, n, nd, lo, hi, xm, fm, out);
        else if (is_float)
            swhs_range_flt64(hay, n, nd, lo, hi, xm, fm, out);
        else if (upper)
            swhs_range_le64(hay, n, nd, lo, hi, xm, fm, out);
        else
            swhs_range_lt64(hay, n, nd, lo, hi, xm, fm, out);
        break;
    }
}

#endif /* SWEEP_HOST_SEARCH_H */
