/*
 * host_bins.h -- the bin of a histogram sample for the CPU backends (serial,
 * OpenMP), as include/sweep/backend.h defines it (sweep_khist), shared so both CPU
 * backends bin identically. Header-only, C11.
 */
#ifndef SWEEP_HOST_BINS_H
#define SWEEP_HOST_BINS_H

#include <string.h>
#include <sweep/backend.h>

/* The integer order key of a sample: unsigned as is, signed as 64-bit two's
 * complement with the sign bit flipped (so unsigned order is the signed order). */
static inline uint64_t sweep_host_bin_key(sweep_dtype dtype, const void *p) {
    switch (dtype) {
    case SWEEP_I8: return (uint64_t)(int64_t) * (const int8_t *)p ^ 0x8000000000000000ull;
    case SWEEP_I16: {
        int16_t v;
        memcpy(&v, p, sizeof v);
        return (uint64_t)(int64_t)v ^ 0x8000000000000000ull;
    }
    case SWEEP_I32: {
        int32_t v;
        memcpy(&v, p, sizeof v);
        return (uint64_t)(int64_t)v ^ 0x8000000000000000ull;
    }
    case SWEEP_I64: {
        uint64_t v;
        memcpy(&v, p, sizeof v);
        return v ^ 0x8000000000000000ull;
    }
    case SWEEP_U8: return *(const uint8_t *)p;
    case SWEEP_U16: {
        uint16_t v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    case SWEEP_U32: {
        uint32_t v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    default: {
        uint64_t v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    }
}

/* A floating sample as a double (exact for both float types). */
static inline double sweep_host_bin_real(sweep_dtype dtype, const void *p) {
    if (dtype == SWEEP_F32) {
        float v;
        memcpy(&v, p, sizeof v);
        return (double)v;
    }
    double v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline int sweep_host_bin_is_float(sweep_dtype dtype) {
    return dtype == SWEEP_F32 || dtype == SWEEP_F64;
}

/* floor(d * bins / range) for d < range: exact, the product in 128 bits. */
static inline uint64_t sweep_host_bin_scale(uint64_t d, uint64_t bins, uint64_t range) {
    if (range <= UINT64_MAX / bins) return d * bins / range;
    __extension__ typedef unsigned __int128 u128;
    return (uint64_t)((u128)d * bins / range);
}

/* The even bin of a floating sample already known to be in [lower, upper). */
static inline size_t sweep_host_bin_even_real(const sweep_khist *hist, double x) {
    /* a subtraction, a product, a quotient: nothing a compiler may fuse */
    const double v = (x - hist->lower) * (double)hist->num_bins / hist->width;
    if (!(v < (double)hist->num_bins)) return hist->num_bins - 1;
    uint64_t b = (uint64_t)v;
    return b < hist->num_bins ? (size_t)b : hist->num_bins - 1;
}

/* Whether the sample at p lands in a bin, and which (*bin). boundaries point at host
 * data (context memory of the CPU backends). */
static inline int sweep_host_bin_of(const sweep_khist *hist, const void *p, size_t *bin) {
    const sweep_dtype dt = hist->sample_dtype;
    const size_t bins = hist->num_bins;
    if (hist->form == SWEEP_HIST_EVEN) {
        if (sweep_host_bin_is_float(dt)) {
            const double x = sweep_host_bin_real(dt, p);
            if (!(x >= hist->lower && x < hist->upper)) return 0;
            *bin = sweep_host_bin_even_real(hist, x);
            return 1;
        }
        const uint64_t k = sweep_host_bin_key(dt, p);
        if (k < hist->lower_key || k >= hist->upper_key) return 0;
        *bin = (size_t)sweep_host_bin_scale(k - hist->lower_key, bins,
                                            hist->upper_key - hist->lower_key);
        return 1;
    }
    const size_t size = sweep_dtype_size(dt);
    const unsigned char *b = (const unsigned char *)hist->boundaries;
    size_t lo = 0, hi = bins; /* b[lo] <= x < b[hi] */
    if (sweep_host_bin_is_float(dt)) {
        const double x = sweep_host_bin_real(dt, p);
        if (!(x >= sweep_host_bin_real(dt, b) && x < sweep_host_bin_real(dt, b + bins * size)))
            return 0;
        while (hi - lo > 1) {
            size_t mid = lo + (hi - lo) / 2;
            if (sweep_host_bin_real(dt, b + mid * size) <= x)
                lo = mid;
            else
                hi = mid;
        }
    } else {
        const uint64_t x = sweep_host_bin_key(dt, p);
        if (x < sweep_host_bin_key(dt, b) || x >= sweep_host_bin_key(dt, b + bins * size)) return 0;
        while (hi - lo > 1) {
            size_t mid = lo + (hi - lo) / 2;
            if (sweep_host_bin_key(dt, b + mid * size) <= x)
                lo = mid;
            else
                hi = mid;
        }
    }
    *bin = lo;
    return 1;
}

#endif /* SWEEP_HOST_BINS_H */
