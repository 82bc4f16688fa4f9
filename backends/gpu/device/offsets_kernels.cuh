/*
 * offsets_kernels.cuh -- segment offsets checked where they are: the least s with
 * offsets[s + 1] < offsets[s], and the first and last offset, into three words the
 * host reads back (host/offsets_check.cu).
 */
#ifndef SWEEP_GPU_OFFSETS_KERNELS_CUH
#define SWEEP_GPU_OFFSETS_KERNELS_CUH

#include "gpu/util/compat.cuh"

namespace sweep_gpu {

constexpr int kOffsetsCheckThreads = 256;

/* result[0] = offsets[0], result[1] = offsets[nseg], result[2] lowered to the least
 * decreasing s (the caller sets it to all ones first). Grid-stride: the grid is
 * capped, nseg is not. */
__global__ void __launch_bounds__(kOffsetsCheckThreads)
    offsets_check_kernel(const size_t *offsets, size_t nseg, unsigned long long *result) {
    const size_t first = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (first == 0) {
        result[0] = offsets[0];
        result[1] = offsets[nseg];
    }
    unsigned long long bad = ~0ull;
    for (size_t s = first; s < nseg; s += (size_t)gridDim.x * blockDim.x)
        if (offsets[s + 1] < offsets[s] && s < bad) bad = s;
    if (bad != ~0ull) atomicMin(&result[2], bad);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_OFFSETS_KERNELS_CUH */
