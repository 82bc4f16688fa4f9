/*
 * radix_histogram.cuh -- the digit spec of a radix sort's pass, and the launch of the
 * histogram of all its passes (radix_basic.cu's entry, and the first step of
 * radix.cu's sort).
 */
#ifndef SWEEP_GPU_HOST_RADIX_HISTOGRAM_CUH
#define SWEEP_GPU_HOST_RADIX_HISTOGRAM_CUH

#include "gpu/device/radix_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"

namespace sweep_gpu {

inline DigitSpec spec_of(const sweep_kradix *key, unsigned shift, unsigned nbits) {
    DigitSpec s;
    s.kind = key_kind_of(key->dtype);
    s.descending = key->descending;
    s.shift = shift;
    s.nbits = nbits;
    return s;
}

/* The histogram of all passes: as many copies of the counters (a power of two, at
 * most 32) as a block's shared memory holds, blocks of 1024 threads, as many to an SM
 * as fit. */
template <class U>
sweep_status launch_histogram(sweep_gpu_handle *h, const U *keys, size_t n, const sweep_kradix *key,
                              unsigned passes, unsigned long long *hist) {
    unsigned copies = kRadixHistBanks;
    while (copies > 1 && radix_histogram_smem(passes, copies) > h->smem_per_block)
        copies /= 2;
    const size_t smem = radix_histogram_smem(passes, copies);
    if (smem > 48 * 1024)
        SWEEP_GPU_TRY(h, sweep_gpu_kernel_max_dynamic_smem((const void *)radix_histogram_kernel<U>,
                                                           (int)smem));
    /* a block of shared memory per SM reserves 1 KB besides its own */
    size_t per_sm = h->smem_per_sm / (smem + 1024);
    const size_t by_threads = (size_t)h->max_threads_per_sm / kRadixHistBankedThreads;
    if (per_sm > by_threads) per_sm = by_threads;
    if (per_sm == 0) per_sm = 1;
    const size_t per_block = (size_t)kRadixHistBankedThreads * (16 / sizeof(U)) * kHistUnroll;
    size_t grid = (n + per_block - 1) / per_block;
    if (grid > (size_t)h->sm_count * per_sm) grid = (size_t)h->sm_count * per_sm;
    if (grid == 0) grid = 1;
    SWEEP_GPU_LAUNCH(h, "radix_histogram", radix_histogram_kernel<U>, (unsigned)grid,
                     kRadixHistBankedThreads, smem, keys, n, spec_of(key, 0, 8), key->begin_bit,
                     key->end_bit, passes, copies, hist);
    return SWEEP_OK;
}

} // namespace sweep_gpu

#endif
