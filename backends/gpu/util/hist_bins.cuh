/*
 * hist_bins.cuh -- the bin of a histogram sample on the GPU, as
 * include/sweep/backend.h defines it (sweep_khist) and the CPU backends compute it
 * (backends/host/host_bins.h): integer samples by their 64-bit order key and an exact
 * 128-bit product, floating samples by IEEE double steps, boundaries by comparisons
 * in the sample type.
 */
#ifndef SWEEP_GPU_HIST_BINS_CUH
#define SWEEP_GPU_HIST_BINS_CUH

#include "gpu/util/compat.cuh"

#include <type_traits>

namespace sweep_gpu {

/* What a histogram kernel needs of sweep_khist, by value. */
struct HistBins {
    int range_form;          /* SWEEP_HIST_RANGE: boundaries; else even bins   */
    unsigned long long bins; /* num_bins                                        */
    unsigned long long lower_key, upper_key;
    double lower, upper, width; /* even bins of floating samples                   */
    const void *boundaries;     /* SWEEP_HIST_RANGE: bins + 1 samples               */
};

/* The order key of an integer sample: signed as 64-bit two's complement with the sign
 * bit flipped. */
template <class T> SWEEP_GPU_INLINE unsigned long long hist_key(T x) {
    if constexpr (std::is_signed<T>::value) return (unsigned long long)(long long)x ^ (1ull << 63);
    return (unsigned long long)x;
}

/* floor(d * bins / range) for d < range, exactly: the 128-bit product divided bit by
 * bit (the quotient is below bins, so it fits 64 bits). */
SWEEP_GPU_INLINE unsigned long long hist_scale(unsigned long long d, unsigned long long bins,
                                               unsigned long long range) {
    if (range <= ~0ull / bins) return d * bins / range;
    const unsigned long long lo = d * bins;
    unsigned long long r = __umul64hi(d, bins); /* < range */
    unsigned long long q = 0;
    for (int i = 63; i >= 0; --i) {
        const unsigned long long carry = r >> 63;
        r = (r << 1) | ((lo >> i) & 1ull);
        q <<= 1;
        if (carry || r >= range) {
            r -= range;
            q |= 1ull;
        }
    }
    return q;
}

/* Whether sample x lands in a bin, and which. */
template <class T> SWEEP_GPU_INLINE bool hist_bin(const HistBins &h, T x, unsigned long long *bin) {
    if (h.range_form) {
        const T *b = (const T *)h.boundaries;
        if (!(x >= b[0] && x < b[h.bins])) return false; /* NaN fails both */
        unsigned long long lo = 0, hi = h.bins;          /* b[lo] <= x < b[hi] */
        while (hi - lo > 1) {
            const unsigned long long mid = lo + (hi - lo) / 2;
            if (b[mid] <= x)
                lo = mid;
            else
                hi = mid;
        }
        *bin = lo;
        return true;
    }
    if constexpr (std::is_floating_point<T>::value) {
        const double v = (double)x;
        if (!(v >= h.lower && v < h.upper)) return false;
        /* a subtraction, a product, a quotient: nothing a compiler may fuse */
        const double s = (v - h.lower) * (double)h.bins / h.width;
        unsigned long long b = s < (double)h.bins ? (unsigned long long)s : h.bins - 1;
        *bin = b < h.bins ? b : h.bins - 1;
        return true;
    } else {
        const unsigned long long k = hist_key(x);
        if (k < h.lower_key || k >= h.upper_key) return false;
        *bin = hist_scale(k - h.lower_key, h.bins, h.upper_key - h.lower_key);
        return true;
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_HIST_BINS_CUH */
