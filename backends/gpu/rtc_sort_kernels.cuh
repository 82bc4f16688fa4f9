/*
 * rtc_sort_kernels.cuh -- merge sort and merge under a comparator given as a type
 * L with `static bool less(const K &, const K &)`: the kernels of custom comparators
 * (instantiated by the run-time compiled program, rtc_cmp_program.cuh). They are the
 * built-in kernels' bodies (block_sort.cuh, merge_path.cuh) on the UserCmp policy:
 * keys are staged in registers and shared memory and compared there, never re-read
 * from global memory per comparison. Values (vsize bytes, known only at run time)
 * follow through each key's source position. Stability: ties keep input order.
 */
#ifndef SWEEP_GPU_RTC_SORT_KERNELS_CUH
#define SWEEP_GPU_RTC_SORT_KERNELS_CUH

#include "block_sort.cuh"
#include "merge_path.cuh"

namespace sweep_gpu {

constexpr int kRtcSortMaxValue = 16;

/* Block shape of every kernel below (the host launches SortShape<K>::threads). A
 * keys-only and a value-moving instance of each sorting kernel: they run at
 * different blocks an SM (merge_cmp.cuh). */
template <class K, class L, bool VALUES, class Shape = SortShape<K, VALUES>>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    rtc_tile_sort_kernel(const K *keys_in, K *keys_out, const void *vin, void *vout, size_t vsize,
                         unsigned vunit, size_t n, size_t tile) {
    __shared__ SortStorage<K, VALUES, Shape> st;
    const UserCmp<K, L> p = {};
    tile_sort_body<UserCmp<K, L>, VALUES, Shape>(p, st, keys_in, keys_out, vin, vout, vsize, vunit,
                                                 n, tile);
}

template <class K, class L>
__global__ void rtc_merge_partition_kernel(const K *a, size_t na, const K *b, size_t nb,
                                           size_t part, size_t nparts, size_t *splits) {
    merge_partition_body(UserCmp<K, L>(), a, na, b, nb, part, nparts, splits);
}

template <class K, class L>
__global__ void rtc_merge_pairs_partition_kernel(MergeArgs m, size_t nparts, size_t *splits) {
    merge_pairs_partition_body(UserCmp<K, L>(), m, nparts, splits);
}

template <class K, class L, bool PAIRS, bool VALUES, class Shape = SortShape<K, VALUES>>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    rtc_merge_tiles_kernel(MergeArgs m) {
    __shared__ SortStorage<K, VALUES, Shape> st;
    __shared__ size_t split_slot;
    const UserCmp<K, L> p = {};
    merge_tiles_body<UserCmp<K, L>, VALUES, PAIRS, Shape>(p, st, &split_slot, m);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RTC_SORT_KERNELS_CUH */
