/*
 * run_kernels.cuh -- the index kernels the core composes run-length encoding and
 * non-trivial runs from: positions (iota), and run lengths from run starts with the
 * number of runs read on the device (the host never waits for it).
 */
#ifndef SWEEP_GPU_RUN_KERNELS_CUH
#define SWEEP_GPU_RUN_KERNELS_CUH

#include "gpu/util/compat.cuh"

namespace sweep_gpu {

static __global__ void iota_kernel(size_t first, size_t n, size_t *out) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        out[i] = first + i;
}

static __global__ void range_lengths_kernel(const size_t *starts, const size_t *count, size_t end,
                                            size_t n, size_t *lengths, uint8_t *long_flags) {
    const size_t c = *count;
    for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < n;
         k += (size_t)gridDim.x * blockDim.x) {
        if (k < c) {
            const size_t len = (k + 1 < c ? starts[k + 1] : end) - starts[k];
            lengths[k] = len;
            if (long_flags) long_flags[k] = len > 1;
        } else if (long_flags) {
            long_flags[k] = 0;
        } else {
            break; /* nothing past the count to write */
        }
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RUN_KERNELS_CUH */
