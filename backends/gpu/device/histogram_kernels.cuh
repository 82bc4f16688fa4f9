/*
 * histogram_kernels.cuh -- the histogram: a grid of a few blocks per SM walks the
 * samples 16 bytes per thread and load (from the first 16-byte boundary on; the
 * samples before it and after the last whole vector one at a time), each block
 * counting into privatised counters in shared memory, then adding its non-zero
 * counters to the global counts with one atomic each. Where the bins fit several
 * times, each warp counts into its own copy (copies = replicas), so warps do not
 * queue on one another's counters; and each thread holds back a run of samples that
 * fall in one bin and adds it with one atomic, so a skewed input (most samples in one
 * bin) costs an atomic per run, not per sample. Where the bins do not fit shared
 * memory, or a block could count 2^32 samples, the runs go to the global counts
 * directly.
 */
#ifndef SWEEP_GPU_HISTOGRAM_KERNELS_CUH
#define SWEEP_GPU_HISTOGRAM_KERNELS_CUH

#include "gpu/util/compat.cuh"
#include "gpu/util/hist_bins.cuh"

#include <type_traits>

namespace sweep_gpu {

constexpr int kHistThreads = 256;
/* Vectors a thread loads before it bins them (loads in flight). */
constexpr int kHistUnroll = 2;
/* Copies of the counters a block keeps at most (one per warp of 256 threads). */
constexpr unsigned kHistMaxReplicas = 8;

struct HistArgs {
    HistBins bins;
    const void *samples;
    size_t n;
    void *counts;
    int wide;          /* counts are 64-bit */
    int privatised;    /* counters in shared memory (replicas x bins.bins of them) */
    unsigned replicas; /* copies of the counters, a power of two */
};

SWEEP_GPU_INLINE void hist_add(const HistArgs &a, unsigned long long b, unsigned c) {
    if (a.wide)
        atomic_add((unsigned long long *)a.counts + b, (unsigned long long)c);
    else
        atomic_add((unsigned *)a.counts + b, c);
}

/* The bin of an even integer sample without a 64-bit division: with
 * m = floor((2^64 - 1) / range), the high half of (d * bins) * m is the quotient of
 * d * bins by the range or one less (d * bins < 2^64), and one comparison settles it;
 * hist_scale's 128-bit path where d * bins does not fit 64 bits. The same bin as
 * hist_bin (util/hist_bins.cuh). */
struct HistScale {
    unsigned long long magic; /* floor((2^64 - 1) / range) */
    bool fits;                /* range * bins fits 64 bits */

    SWEEP_GPU_INLINE void init(const HistBins &h) {
        const unsigned long long range = h.upper_key - h.lower_key;
        fits = range != 0 && range <= ~0ull / h.bins;
        magic = range != 0 ? ~0ull / range : 0;
    }
    SWEEP_GPU_INLINE unsigned long long scale(const HistBins &h, unsigned long long d) const {
        const unsigned long long range = h.upper_key - h.lower_key;
        if (!fits) return hist_scale(d, h.bins, range);
        const unsigned long long x = d * h.bins;
        unsigned long long q = __umul64hi(x, magic); /* q * range <= x */
        if (x - q * range >= range) ++q;
        return q;
    }
};

template <class T>
SWEEP_GPU_INLINE bool hist_bin_fast(const HistBins &h, const HistScale &s, T x,
                                    unsigned long long *bin) {
    if constexpr (std::is_floating_point<T>::value) {
        return hist_bin<T>(h, x, bin);
    } else {
        if (h.range_form) return hist_bin<T>(h, x, bin);
        const unsigned long long k = hist_key(x);
        if (k < h.lower_key || k >= h.upper_key) return false;
        *bin = s.scale(h, k - h.lower_key);
        return true;
    }
}

/* A thread's held-back run: count samples of bin `bin`, not yet added. */
struct HistRun {
    unsigned long long bin;
    unsigned count;
};

template <class T>
static __global__ void __launch_bounds__(kHistThreads) histogram_kernel(HistArgs a) {
    extern __shared__ unsigned hist_smem[];
    constexpr int VEC = sizeof(T) < 16 ? (int)(16 / sizeof(T)) : 1;
    const T *samples = (const T *)a.samples;
    const unsigned long long nb = a.bins.bins;
    unsigned *mine = hist_smem;
    if (a.privatised) {
        const size_t all = (size_t)a.replicas * nb;
        for (size_t b = threadIdx.x; b < all; b += kHistThreads)
            hist_smem[b] = 0;
        mine = hist_smem + (size_t)(warp_id() & (int)(a.replicas - 1)) * nb;
        __syncthreads();
    }
    HistScale sc;
    sc.init(a.bins);
    HistRun run = {0, 0};
    auto flush = [&]() {
        if (run.count == 0) return;
        if (a.privatised)
            atomic_add(mine + run.bin, run.count);
        else
            hist_add(a, run.bin, run.count);
    };
    auto take = [&](T x) {
        unsigned long long b;
        if (!hist_bin_fast<T>(a.bins, sc, x, &b)) return;
        if (b == run.bin && run.count != 0xffffffffu) {
            ++run.count;
            return;
        }
        flush();
        run.bin = b;
        run.count = 1;
    };

    const size_t gid = blockIdx.x * (size_t)kHistThreads + threadIdx.x;
    const size_t stride = (size_t)gridDim.x * kHistThreads;
    /* the samples before the first 16-byte boundary (all of them where the samples are
     * not at their natural alignment), whole vectors, then the rest */
    const uintptr_t addr = (uintptr_t)samples;
    size_t head = a.n;
    if (addr % sizeof(T) == 0) {
        head = ((16 - (addr & 15)) & 15) / sizeof(T);
        if (head > a.n) head = a.n;
    }
    const size_t nvec = (a.n - head) / VEC;
    for (size_t i = gid; i < head; i += stride)
        take(samples[i]);
    const uint4 *vec = (const uint4 *)(samples + head);
    size_t k = gid;
    for (; k + (size_t)(kHistUnroll - 1) * stride < nvec; k += (size_t)kHistUnroll * stride) {
        uint4 w[kHistUnroll];
#pragma unroll
        for (int u = 0; u < kHistUnroll; ++u)
            w[u] = vec[k + (size_t)u * stride];
#pragma unroll
        for (int u = 0; u < kHistUnroll; ++u) {
            T e[VEC];
            memcpy(e, &w[u], 16);
#pragma unroll
            for (int j = 0; j < VEC; ++j)
                take(e[j]);
        }
    }
    for (; k < nvec; k += stride) {
        T e[VEC];
        const uint4 w = vec[k];
        memcpy(e, &w, 16);
#pragma unroll
        for (int j = 0; j < VEC; ++j)
            take(e[j]);
    }
    for (size_t i = head + nvec * VEC + gid; i < a.n; i += stride)
        take(samples[i]);
    flush();

    if (a.privatised) {
        /* the copies summed: at most the block's samples, below 2^32 */
        __syncthreads();
        for (size_t b = threadIdx.x; b < nb; b += kHistThreads) {
            unsigned c = 0;
            for (unsigned r = 0; r < a.replicas; ++r)
                c += hist_smem[(size_t)r * nb + b];
            if (c) hist_add(a, b, c);
        }
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_HISTOGRAM_KERNELS_CUH */
