/*
 * rtc_sort_kernels.cuh -- merge sort and merge under a comparator given as a type
 * L with `static bool less(const K &, const K &)`: the kernels of custom comparators
 * (instantiated by the run-time compiled program, rtc_cmp_program.cuh). They are the
 * built-in kernels' bodies (block_sort.cuh, merge_path.cuh) on the UserCmp policy:
 * keys are staged in registers and shared memory and compared there, never re-read
 * from global memory per comparison. Values follow through each key's source
 * position. Stability: ties keep input order.
 *
 * Value size: a program compiled with SWEEP_RTC_VALUE_SIZE V (1, 2, 4, 8 or 16)
 * moves values of V bytes only, so its value-moving kernels hold one value type in
 * registers. With V = 0 (the keys-only program) they would take vsize at run time and
 * carry the code and registers of every size: so built, the pairs merge pass spilled
 * (128 registers, 6.3 M local requests a pass of 2^26 u32 keys with u32 values, H100).
 */
#ifndef SWEEP_GPU_RTC_SORT_KERNELS_CUH
#define SWEEP_GPU_RTC_SORT_KERNELS_CUH

#include "block_sort.cuh"
#include "merge_path.cuh"

namespace sweep_gpu {

constexpr int kRtcSortMaxValue = 16;

#if defined(SWEEP_RTC_VALUE_SIZE)
constexpr size_t kRtcValueSize = SWEEP_RTC_VALUE_SIZE;
#else
constexpr size_t kRtcValueSize = 0;
#endif

/* The value size a kernel moves: the program's (the launch picks the program by the
 * values' size, so vsize equals it), else vsize. */
SWEEP_GPU_INLINE size_t rtc_value_size(size_t vsize) {
    return kRtcValueSize ? kRtcValueSize : vsize;
}

/* Block shape of every kernel below (the host launches SortShape<K>::threads). A
 * keys-only and a value-moving instance of each sorting kernel: they run at
 * different blocks an SM (merge_cmp.cuh). */
template <class K, class L, bool VALUES, class Shape = SortShape<K, VALUES>>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    rtc_tile_sort_kernel(const K *keys_in, K *keys_out, const void *vin, void *vout, size_t vsize,
                         unsigned vunit, size_t n, size_t tile) {
    __shared__ SortStorage<K, VALUES, Shape> st;
    const UserCmp<K, L> p = {};
    tile_sort_body<UserCmp<K, L>, VALUES, Shape, kRtcValueSize>(
        p, st, keys_in, keys_out, vin, vout, rtc_value_size(vsize), vunit, n, tile);
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
    MergeArgs a = m;
    a.vsize = rtc_value_size(m.vsize);
    merge_tiles_body<UserCmp<K, L>, VALUES, PAIRS, Shape>(p, st, &split_slot, a);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RTC_SORT_KERNELS_CUH */
