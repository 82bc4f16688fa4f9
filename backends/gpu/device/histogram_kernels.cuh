/*
 * histogram_kernels.cuh -- the histogram, as CUB's: each block counts its samples
 * (a grid-stride walk) into privatised counters in shared memory, then adds its
 * non-zero counters to the global counts with one atomic each. Where the bins do not
 * fit shared memory, or a block could count 2^32 samples, samples go to the global
 * counts directly.
 */
#ifndef SWEEP_GPU_HISTOGRAM_KERNELS_CUH
#define SWEEP_GPU_HISTOGRAM_KERNELS_CUH

#include "gpu/util/compat.cuh"
#include "gpu/util/hist_bins.cuh"

namespace sweep_gpu {

constexpr int kHistThreads = 256;

struct HistArgs {
    HistBins bins;
    const void *samples;
    size_t n;
    void *counts;
    int wide;       /* counts are 64-bit */
    int privatised; /* counters in shared memory (bins.bins of them) */
};

SWEEP_GPU_INLINE void hist_add(const HistArgs &a, unsigned long long b, unsigned c) {
    if (a.wide)
        atomic_add((unsigned long long *)a.counts + b, (unsigned long long)c);
    else
        atomic_add((unsigned *)a.counts + b, c);
}

template <class T>
static __global__ void __launch_bounds__(kHistThreads) histogram_kernel(HistArgs a) {
    extern __shared__ unsigned hist_smem[];
    const T *samples = (const T *)a.samples;
    if (a.privatised) {
        for (size_t b = threadIdx.x; b < a.bins.bins; b += kHistThreads)
            hist_smem[b] = 0;
        __syncthreads();
    }
    for (size_t i = blockIdx.x * (size_t)kHistThreads + threadIdx.x; i < a.n;
         i += (size_t)gridDim.x * kHistThreads) {
        unsigned long long b;
        if (!hist_bin<T>(a.bins, samples[i], &b)) continue;
        if (a.privatised)
            atomic_add(hist_smem + b, 1u);
        else
            hist_add(a, b, 1u);
    }
    if (a.privatised) {
        __syncthreads();
        for (size_t b = threadIdx.x; b < a.bins.bins; b += kHistThreads) {
            const unsigned c = hist_smem[b];
            if (c) hist_add(a, b, c);
        }
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_HISTOGRAM_KERNELS_CUH */
