/*
 * reduce_kernels.cuh -- the ordered reduction of the built-in operators, at the
 * device's read bandwidth.
 *
 * Each block folds one contiguous chunk and writes one partial; a second launch of
 * one block folds the partials (an input of a few KiB is one launch of one block that
 * writes the result). Within a block every warp owns a contiguous part of the chunk
 * and walks it in rows: a row is one 16-byte vector a lane, read coalesced. A lane
 * folds its vector's elements in order, the warp folds its lanes in a tree (lane l
 * with lane l + d, l below: contiguous ranges, left to right), the warp's value takes
 * each row on its right, and the block folds its warps in order. Floating sums are
 * thereby reassociated, never commuted (DESIGN.md's association rule), with no block
 * synchronisation until the chunk is done. Several rows are loaded before any is
 * folded, so each lane keeps that many vectors in flight.
 *
 * The second launch is a dependent one where the device has them
 * (util/grid_dependency.cuh): its block starts while the first grid finishes and
 * waits for the partials.
 *
 * An input that is not 16-byte aligned is read one element a lane (VEC = 1), in the
 * same order.
 */
#ifndef SWEEP_GPU_REDUCE_KERNELS_CUH
#define SWEEP_GPU_REDUCE_KERNELS_CUH

#include "gpu/util/grid_dependency.cuh"
#include "gpu/util/ops.cuh"

namespace sweep_gpu {

constexpr int kReduceThreads = 256;
constexpr int kReduceRows = 4; /* rows a lane has in flight */

template <class T> struct ReduceArgs {
    const T *in;
    size_t n;
    size_t chunk; /* elements a block folds: a multiple of reduce_block_step */
    T *partials;  /* one a block */
    T identity;   /* the operator's; its right identity stands past the end */
};

/* Elements a block's warps read in one step: every warp kReduceRows rows. */
template <class T, int VEC> constexpr size_t reduce_block_step() {
    return (size_t)kReduceThreads * VEC * kReduceRows;
}

/* The warp's fold in lane 0: lane l takes lane l + d on its right. */
template <class T, class Op> SWEEP_GPU_INLINE T warp_fold(T x) {
#pragma unroll
    for (int d = 1; d < kWarp; d *= 2) {
        const T y = shfl_down(x, d);
        if (lane_id() + d < kWarp) x = Op::apply(x, y);
    }
    return x;
}

/* VEC elements read as one load: 16 bytes, or one element where VEC is 1. */
template <class T, int VEC> struct alignas(sizeof(T) * VEC) ReduceVec { T v[VEC]; };

template <class T, class Op, int VEC>
__global__ void __launch_bounds__(kReduceThreads) reduce_chunks_kernel(ReduceArgs<T> a) {
    constexpr int kWarps = kReduceThreads / kWarp;
    constexpr size_t kRow = (size_t)kWarp * VEC;
    __shared__ T warp_value[kWarps];
    __shared__ int warp_has[kWarps];

    grid_dependency_wait(); /* the partials, when this is the second launch */
    const T pad = RightNeutral<Op>::of(a.identity);
    const size_t start = blockIdx.x * a.chunk;
    const size_t end = start + a.chunk < a.n ? start + a.chunk : a.n;
    const size_t part = a.chunk / kWarps; /* a multiple of kRow * kReduceRows */
    const int w = warp_id(), lane = lane_id();
    const size_t wbegin = start + (size_t)w * part;
    const size_t wend = wbegin + part < end ? wbegin + part : end;

    T acc = pad;
    bool has = false;
    for (size_t base = wbegin; base < wend; base += kRow * kReduceRows) {
        ReduceVec<T, VEC> x[kReduceRows];
        if (base + kRow * kReduceRows <= wend) {
#pragma unroll
            for (int r = 0; r < kReduceRows; ++r)
                x[r] = *(const ReduceVec<T, VEC> *)(a.in + base + r * kRow + (size_t)lane * VEC);
        } else {
#pragma unroll
            for (int r = 0; r < kReduceRows; ++r)
#pragma unroll
                for (int j = 0; j < VEC; ++j) {
                    const size_t g = base + r * kRow + (size_t)lane * VEC + j;
                    x[r].v[j] = g < wend ? a.in[g] : pad;
                }
        }
#pragma unroll
        for (int r = 0; r < kReduceRows; ++r) {
            if (base + r * kRow >= wend) break; /* the same for every lane of the warp */
            T v = x[r].v[0];
#pragma unroll
            for (int j = 1; j < VEC; ++j)
                v = Op::apply(v, x[r].v[j]);
            v = warp_fold<T, Op>(v);
            acc = has ? Op::apply(acc, v) : v;
            has = true;
        }
    }
    grid_dependency_trigger();
    if (lane == 0) {
        warp_value[w] = acc;
        warp_has[w] = has;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        T total = warp_value[0]; /* warp 0's part is never empty */
        for (int k = 1; k < kWarps; ++k)
            if (warp_has[k]) total = Op::apply(total, warp_value[k]);
        a.partials[blockIdx.x] = total;
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_REDUCE_KERNELS_CUH */
