/*
 * segsort_block.cuh -- the fused segmented sort's medium segments (longer than the
 * small cap, up to the block sort's tile): one block per segment of the medium list,
 * grid-stride over the list (its length read on the device), each sorted by the
 * block sort of tile_sort.cuh in shared memory (block/block_sort.cuh) in the radix
 * order of the call (util/radix_order.cuh), values gathered after. The segment is
 * in shared memory before it is written: in place is fine.
 */
#ifndef SWEEP_GPU_SEGSORT_BLOCK_CUH
#define SWEEP_GPU_SEGSORT_BLOCK_CUH

#include "gpu/block/block_merge.cuh"
#include "gpu/block/block_sort.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/radix_order.cuh"

namespace sweep_gpu {

/* The kernel's body as block `block` of `grid` (segsort_classes.cuh runs it in a part
 * of a larger grid). */
template <class U, bool VALUES, class Shape>
SWEEP_GPU_INLINE void segsort_block_body(const RadixOrderCmp<U> &p, const U *keys_in, U *keys_out,
                                         const void *vin, void *vout, size_t vsize, unsigned vunit,
                                         const unsigned *list, const unsigned *count,
                                         const size_t *offsets, unsigned block, unsigned grid,
                                         SortStorage<U, VALUES, Shape> &st) {
    const size_t c = *count;
    for (size_t k = block; k < c; k += grid) {
        const unsigned s = list[k];
        const size_t start = offsets[s];
        const int len = (int)(offsets[s + 1] - start);
#pragma unroll
        for (int r = 0; r < Shape::items; ++r) {
            const int i = r * Shape::threads + (int)threadIdx.x;
            if (i < len) st.keys[i] = p.load(keys_in[start + i]);
        }
        __syncthreads();
        block_sort_shared<Shape::threads, Shape::items, VALUES, false>(p, st.keys, st.idx, len);
#pragma unroll
        for (int r = 0; r < Shape::items; ++r) {
            const int i = r * Shape::threads + (int)threadIdx.x;
            if (i < len) keys_out[start + i] = p.store(st.keys[i]);
        }
        if constexpr (VALUES)
            block_gather_values<Shape::threads, Shape::items>(st.idx, len, vin, vout, start, vsize,
                                                              vunit);
        __syncthreads(); /* st is read before the next segment goes in */
    }
}

template <class U, bool VALUES, class Shape = SortShape<U, VALUES>>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    segsort_block_kernel(RadixOrderCmp<U> p, const U *keys_in, U *keys_out, const void *vin,
                         void *vout, size_t vsize, unsigned vunit, const unsigned *list,
                         const unsigned *count, const size_t *offsets) {
    __shared__ SortStorage<U, VALUES, Shape> st;
    segsort_block_body<U, VALUES, Shape>(p, keys_in, keys_out, vin, vout, vsize, vunit, list, count,
                                         offsets, blockIdx.x, gridDim.x, st);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SEGSORT_BLOCK_CUH */
