/*
 * tile_sort.cuh -- the tile sort of merge sort: each block sorts one tile of keys (and
 * values) with the block sort (block/block_sort.cuh), in the block shape of the
 * build's tuning (tuning/tuning.cuh: SortShape). The body serves the built-in orders
 * (tile_sort_kernel) and run-time compiled comparators (rtc/rtc_sort_kernels.cuh).
 */
#ifndef SWEEP_GPU_TILE_SORT_CUH
#define SWEEP_GPU_TILE_SORT_CUH

#include "gpu/block/block_merge.cuh"
#include "gpu/block/block_sort.cuh"
#include "gpu/block/value_gather.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/merge_cmp.cuh"

namespace sweep_gpu {

/* One tile [blockIdx.x * tile, + tile) of keys_in sorted into keys_out (the same
 * array is fine), values alongside when vsize > 0. tile <= Shape::tile. VS: vsize
 * when the kernel is compiled for one value size (run-time compiled programs), so
 * values that fit the keys' room are staged in shared memory; else 0. */
template <class P, bool VALUES, class Shape = SortShape<typename P::Key>, size_t VS = 0,
          class Storage>
SWEEP_GPU_INLINE void tile_sort_body(const P &p, Storage &st, const typename P::Raw *keys_in,
                                     typename P::Raw *keys_out, const void *vin, void *vout,
                                     size_t vsize, unsigned vunit, size_t n, size_t tile) {
    const size_t start = blockIdx.x * tile;
    const int len = n - start < tile ? (int)(n - start) : (int)tile;
    /* A whole tile (all but the last) of keys alone drops the bound checks: the keys'
     * part is compiled for both cases (merge_tiles_body does the same). Not with
     * values: on the H100 the run-time compiled sort of 2^26 u32 pairs took 7.02 ms
     * with both copies, against 6.96 ms with the checked one alone (keys alone: 3.40
     * against 3.45; docs/perf/merge-sort.md#whole-tiles-without-bound-checks). */
    auto keys = [&](auto full_tag) {
        constexpr bool FULL = decltype(full_tag)::value;
#pragma unroll
        for (int r = 0; r < Shape::items; ++r) {
            const int i = r * Shape::threads + (int)threadIdx.x;
            if (FULL || i < len) st.keys[i] = p.load(keys_in[start + i]);
        }
        __syncthreads();
        block_sort_shared<Shape::threads, Shape::items, VALUES, FULL>(p, st.keys, st.idx, len);
#pragma unroll
        for (int r = 0; r < Shape::items; ++r) {
            const int i = r * Shape::threads + (int)threadIdx.x;
            if (FULL || i < len) keys_out[start + i] = p.store(st.keys[i]);
        }
    };
    if constexpr (!VALUES) {
        if (len == Shape::tile) {
            keys(BoolTag<true>());
        } else {
            keys(BoolTag<false>());
        }
    } else {
        keys(BoolTag<false>());
    }
    if constexpr (VALUES) {
        if constexpr (stages_values<VS, typename P::Key>()) {
            if (vunit >= VS) {
                __syncthreads(); /* the keys are read out of st.keys */
                staged_values<Shape::threads, Shape::items, VS>(
                    (const unsigned char *)vin + start * VS, len, st.idx, st.keys,
                    (unsigned char *)vout + start * VS);
                return;
            }
        }
        block_gather_values<Shape::threads, Shape::items>(st.idx, len, vin, vout, start, vsize,
                                                          vunit);
    }
}

#if !defined(SWEEP_GPU_RTC) /* built-in orders; custom ones: rtc_sort_kernels.cuh */
template <class U, bool VALUES, class Shape = SortShape<U, VALUES>>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    tile_sort_kernel(PatternCmp<U> p, const U *keys_in, U *keys_out, const void *vin, void *vout,
                     size_t vsize, unsigned vunit, size_t n, size_t tile) {
    __shared__ SortStorage<U, VALUES, Shape> st;
    tile_sort_body<PatternCmp<U>, VALUES, Shape>(p, st, keys_in, keys_out, vin, vout, vsize, vunit,
                                                 n, tile);
}
#endif

} // namespace sweep_gpu

#endif /* SWEEP_GPU_TILE_SORT_CUH */
