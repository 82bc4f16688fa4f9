/*
 * offsets_kernels.cuh -- segment offsets checked where they are: the least s with
 * offsets[s + 1] < offsets[s], and the first and last offset, into three words the
 * host reads (host/offsets_check.cu), in one launch with nothing to set before it;
 * and, for work queued behind the check before the host has its words, a verdict in
 * device memory that the work's kernels read first (segment_heads.cuh:
 * offsets_gate_closed).
 */
#ifndef SWEEP_GPU_OFFSETS_KERNELS_CUH
#define SWEEP_GPU_OFFSETS_KERNELS_CUH

#include "gpu/block/segment_heads.cuh"
#include "gpu/util/compat.cuh"

namespace sweep_gpu {

constexpr int kOffsetsCheckThreads = 256;
static_assert(kOffsetsCheckThreads % 64 == 0, "whole warps on every target");

/* What a check leaves behind on the device for the next one: the least decreasing s
 * found so far (all ones: none) and the count of blocks that have finished (0). */
constexpr int kOffsetsCheckLeast = 0;
constexpr int kOffsetsCheckDone = 1;
constexpr int kOffsetsCheckStateWords = 2;

/* The least of the block's values, in thread 0 (the others' return is meaningless);
 * every thread of the block calls it. Shuffles and shared memory, no atomics. */
SWEEP_GPU_INLINE unsigned long long offsets_block_least(unsigned long long v) {
    __shared__ unsigned long long warp_least[kOffsetsCheckThreads / kWarp];
#pragma unroll
    for (int d = kWarp / 2; d > 0; d /= 2) {
        const unsigned long long o = shfl_down(v, d);
        if (o < v) v = o;
    }
    if (lane_id() == 0) warp_least[warp_id()] = v;
    __syncthreads();
    if (threadIdx.x == 0)
        for (int w = 1; w < kOffsetsCheckThreads / kWarp; ++w)
            if (warp_least[w] < v) v = warp_least[w];
    return v;
}

/* out[0] = offsets[0], out[1] = offsets[nseg], out[2] = the least s < nseg with
 * offsets[s + 1] < offsets[s] (all ones: none); where verdict is not NULL also
 * *verdict = kOffsetsGateClosed if the offsets decrease or offsets[nseg] > n, else
 * kOffsetsGateOpen (device memory, stored after out). Launched with kOffsetsCheckThreads
 * threads a block; grid-stride, as the grid is capped and nseg is not.
 *
 * One block does everything itself. With more, each block lowers state's least with
 * its own (atomics on device memory only), and the last block to finish (fence, then
 * the count of finished blocks) writes out and sets state back for the next launch,
 * so no launch needs anything set before it. out may be host memory mapped into the
 * device's address space: it is only stored to, once, by one thread, and read by the
 * host after the kernel has finished. */
__global__ void __launch_bounds__(kOffsetsCheckThreads)
    offsets_check_kernel(const size_t *offsets, size_t nseg, unsigned long long *state,
                         unsigned long long *out, size_t n, unsigned long long *verdict) {
    const size_t stride = (size_t)gridDim.x * kOffsetsCheckThreads;
    unsigned long long bad = ~0ull;
    for (size_t s = blockIdx.x * (size_t)kOffsetsCheckThreads + threadIdx.x; s < nseg;
         s += stride) {
        if (offsets[s + 1] < offsets[s]) {
            bad = s; /* a thread's indices only grow: its first is its least */
            break;
        }
    }
    bad = offsets_block_least(bad);
    if (threadIdx.x != 0) return;
    if (gridDim.x > 1) {
        if (bad != ~0ull) atomicMin(&state[kOffsetsCheckLeast], bad);
        fence_device();
        const unsigned long long done = atomicAdd(&state[kOffsetsCheckDone], 1ull);
        if (done != (unsigned long long)gridDim.x - 1) return;
        fence_device();
        /* every other block has lowered the least and counted itself */
        bad = atomicExch(&state[kOffsetsCheckLeast], ~0ull);
        (void)atomicExch(&state[kOffsetsCheckDone], 0ull);
    }
    const size_t last = offsets[nseg];
    out[0] = offsets[0];
    out[1] = last;
    out[2] = bad;
    if (verdict) *verdict = bad != ~0ull || last > n ? kOffsetsGateClosed : kOffsetsGateOpen;
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_OFFSETS_KERNELS_CUH */
