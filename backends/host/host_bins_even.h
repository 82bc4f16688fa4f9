/*
 * host_bins_even.h -- even histogram bins of the CPU backends without a division per
 * sample, each sample in exactly the bin host_bins.h gives it (the contract of
 * sweep_khist in include/sweep/backend.h):
 *  - floating samples: q = ((x - lower) * num_bins) * (1 / width) differs from the
 *    contract's quotient by a few units in the last place, so its floor is the bin
 *    unless q lies within a relative 2^-48 of an integer (or reaches num_bins); those
 *    samples take the contract's division;
 *  - integer samples: floor(d * num_bins / range) from a 64-bit reciprocal of range
 *    (the high half of a 128-bit product, at most two short) and the remainder's
 *    correction, where d * num_bins fits 64 bits; wider products take the 128-bit
 *    division.
 * The loops are compiled per sample type (sweep_host_even_count). Header-only, C11.
 */
#ifndef SWEEP_HOST_BINS_EVEN_H
#define SWEEP_HOST_BINS_EVEN_H

#include "host_bins.h"

#include <float.h>

/* What sweep_host_even_prepare works out once per call. */
typedef struct sweep_host_even {
    const sweep_khist *hist;
    double lower, upper, bins, inv_width, tol;   /* floating samples */
    int fast_real;                               /* 1 / width is a normal number */
    uint64_t lower_key, upper_key, range, recip; /* integer samples */
    int fast_key;                                /* every d * num_bins fits 64 bits */
} sweep_host_even;

static inline void sweep_host_even_prepare(const sweep_khist *hist, sweep_host_even *e) {
    e->hist = hist;
    e->lower = hist->lower;
    e->upper = hist->upper;
    e->bins = (double)hist->num_bins;
    e->inv_width = 1.0 / hist->width;
    /* q < num_bins + 1 and q is within 4 units in its last place of the quotient */
    e->tol = (e->bins + 1.0) * 0x1p-48;
    e->fast_real =
        hist->width >= 0x1p-1000 && hist->width <= 0x1p1000 && hist->num_bins <= ((size_t)1 << 40);
    e->lower_key = hist->lower_key;
    e->upper_key = hist->upper_key;
    e->range = hist->upper_key - hist->lower_key;
    e->fast_key = e->range != 0 && e->range <= UINT64_MAX / hist->num_bins;
    e->recip = e->range ? UINT64_MAX / e->range : 0;
}

/* The bin of a floating sample x, or 0 when it counts in none (*bin set otherwise). */
static inline int sweep_host_even_real(const sweep_host_even *e, double x, size_t *bin) {
    if (!(x >= e->lower && x < e->upper)) return 0;
    if (e->fast_real) {
        const double p = (x - e->lower) * e->bins; /* the contract's first two steps */
        const double q = p * e->inv_width;
        if (q < e->bins) {
            const uint64_t b = (uint64_t)q;
            const double f = q - (double)b;
            if (f > e->tol && f < 1.0 - e->tol) {
                *bin = (size_t)b;
                return 1;
            }
        }
    }
    *bin = sweep_host_bin_even_real(e->hist, x);
    return 1;
}

/* The bin of an integer sample's order key k, or 0 when it counts in none. */
static inline int sweep_host_even_key(const sweep_host_even *e, uint64_t k, size_t *bin) {
    if (k < e->lower_key || k >= e->upper_key) return 0;
    const uint64_t d = k - e->lower_key;
    if (!e->fast_key) {
        *bin = (size_t)sweep_host_bin_scale(d, e->hist->num_bins, e->range);
        return 1;
    }
    __extension__ typedef unsigned __int128 u128;
    const uint64_t num = d * (uint64_t)e->hist->num_bins;
    uint64_t q = (uint64_t)(((u128)num * e->recip) >> 64); /* q <= num / range */
    uint64_t r = num - q * e->range;
    while (r >= e->range) {
        r -= e->range;
        q++;
    }
    *bin = (size_t)q;
    return 1;
}

/* Adds one to cnt[bin] (cnt of type C) for every sample of [lo, hi) of type T in a
 * bin; KEY turns a sample into its order key (integers) or REAL into a double. */
#define SWEEP_HOST_EVEN_LOOP_KEY(T, C, KEY)                                                        \
    do {                                                                                           \
        const T *s_ = (const T *)samples;                                                          \
        for (size_t i_ = lo; i_ < hi; ++i_) {                                                      \
            T v_;                                                                                  \
            memcpy(&v_, s_ + i_, sizeof v_);                                                       \
            size_t b_;                                                                             \
            if (sweep_host_even_key(e, KEY(v_), &b_)) ++((C *)cnt)[b_];                            \
        }                                                                                          \
    } while (0)

#define SWEEP_HOST_EVEN_LOOP_REAL(T, C)                                                            \
    do {                                                                                           \
        const T *s_ = (const T *)samples;                                                          \
        for (size_t i_ = lo; i_ < hi; ++i_) {                                                      \
            T v_;                                                                                  \
            memcpy(&v_, s_ + i_, sizeof v_);                                                       \
            size_t b_;                                                                             \
            if (sweep_host_even_real(e, (double)v_, &b_)) ++((C *)cnt)[b_];                        \
        }                                                                                          \
    } while (0)

#define SWEEP_HOST_EVEN_SIGNED(v) ((uint64_t)(int64_t)(v) ^ 0x8000000000000000ull)
#define SWEEP_HOST_EVEN_UNSIGNED(v) ((uint64_t)(v))

#define SWEEP_HOST_EVEN_DISPATCH(C)                                                                \
    switch (e->hist->sample_dtype) {                                                               \
    case SWEEP_I8: SWEEP_HOST_EVEN_LOOP_KEY(int8_t, C, SWEEP_HOST_EVEN_SIGNED); break;             \
    case SWEEP_I16: SWEEP_HOST_EVEN_LOOP_KEY(int16_t, C, SWEEP_HOST_EVEN_SIGNED); break;           \
    case SWEEP_I32: SWEEP_HOST_EVEN_LOOP_KEY(int32_t, C, SWEEP_HOST_EVEN_SIGNED); break;           \
    case SWEEP_I64: SWEEP_HOST_EVEN_LOOP_KEY(int64_t, C, SWEEP_HOST_EVEN_SIGNED); break;           \
    case SWEEP_U8: SWEEP_HOST_EVEN_LOOP_KEY(uint8_t, C, SWEEP_HOST_EVEN_UNSIGNED); break;          \
    case SWEEP_U16: SWEEP_HOST_EVEN_LOOP_KEY(uint16_t, C, SWEEP_HOST_EVEN_UNSIGNED); break;        \
    case SWEEP_U32: SWEEP_HOST_EVEN_LOOP_KEY(uint32_t, C, SWEEP_HOST_EVEN_UNSIGNED); break;        \
    case SWEEP_U64: SWEEP_HOST_EVEN_LOOP_KEY(uint64_t, C, SWEEP_HOST_EVEN_UNSIGNED); break;        \
    case SWEEP_F32: SWEEP_HOST_EVEN_LOOP_REAL(float, C); break;                                    \
    default: SWEEP_HOST_EVEN_LOOP_REAL(double, C); break;                                          \
    }

/* Counts the samples [lo, hi) of an even histogram into cnt: uint32_t counters when
 * count32 (wrapping), uint64_t otherwise. */
static inline void sweep_host_even_count(const sweep_host_even *e, const void *samples, size_t lo,
                                         size_t hi, void *cnt, int count32) {
    if (count32)
        SWEEP_HOST_EVEN_DISPATCH(uint32_t)
    else
        SWEEP_HOST_EVEN_DISPATCH(uint64_t)
}

#endif /* SWEEP_HOST_BINS_EVEN_H */
