/*
 * rtc_sort_kernels.cuh -- merge sort and merge under a comparator given as a type
 * L with `static bool less(const K &, const K &)`: the kernels of custom comparators
 * (instantiated by the run-time compiled program, rtc_cmp_program.cuh). They are the
 * built-in kernels' bodies (device/tile_sort.cuh, device/merge_path.cuh) on the UserCmp policy:
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

#include "gpu/device/gather_search.cuh"
#include "gpu/device/merge_path.cuh"
#include "gpu/device/tile_sort.cuh"

namespace sweep_gpu {

constexpr int kRtcSortMaxValue = 16;

#if defined(SWEEP_RTC_VALUE_SIZE)
constexpr size_t kRtcValueSize = SWEEP_RTC_VALUE_SIZE;
#else
constexpr size_t kRtcValueSize = 0;
#endif

/* The fast block shapes (RtcSortShape), or the safe ones: the host asks for a
 * comparator's program with the safe shapes when one of the fast shapes' kernels used
 * local memory (host/rtc_merge.cu: kernels_of). */
#if defined(SWEEP_RTC_SAFE_SHAPES)
constexpr bool kRtcFastShapes = !SWEEP_RTC_SAFE_SHAPES;
#else
constexpr bool kRtcFastShapes = true;
#endif

/* The value size a kernel moves: the program's (the launch picks the program by the
 * values' size, so vsize equals it), else vsize. */
SWEEP_GPU_INLINE size_t rtc_value_size(size_t vsize) {
    return kRtcValueSize ? kRtcValueSize : vsize;
}

/* Block shape of every kernel below: SortShape's threads and items (the host
 * launches those), at the fast or safe blocks an SM of the build's tuning
 * (tuning/sm90.cuh: rtc_sort_min_blocks). */
template <class K, bool VALUES>
struct RtcSortShape : BlockShape<kSortThreads, sort_items(sizeof(K)),
                                 rtc_sort_min_blocks(sizeof(K), VALUES, kRtcFastShapes)> {};

/* A keys-only and a value-moving instance of each sorting kernel: they run at
 * different blocks an SM (tuning/sm90.cuh). */
template <class K, class L, bool VALUES, class Shape = RtcSortShape<K, VALUES>>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    rtc_tile_sort_kernel(const K *keys_in, K *keys_out, const void *vin, void *vout, size_t vsize,
                         unsigned vunit, size_t n, size_t tile) {
    __shared__ SortStorage<K, VALUES, Shape> st;
    const UserCmp<K, L> p = {};
    tile_sort_body<UserCmp<K, L>, VALUES, Shape, kRtcValueSize>(
        p, st, keys_in, keys_out, vin, vout, rtc_value_size(vsize), vunit, n, tile);
}

/* The fused merge sort's block sort of keys alone of up to 4 bytes: kRtcWideSortThreads
 * threads (the tuning's; 512 on sm_90), so its tiles are twice the merge's partitions
 * and the sort takes one merge pass fewer. The host launches it only where it uses no
 * local memory (at 40 registers, a comparator of bytes spills kilobytes); other keys
 * get an empty kernel. */
__host__ __device__ constexpr bool rtc_wide_sort(size_t key_size, size_t vsize) {
    return vsize == 0 && key_size <= 4;
}
template <class K>
struct RtcWideSortShape
    : BlockShape<kRtcWideSortThreads, sort_items(sizeof(K)), kRtcWideSortMinBlocks> {};

template <class K, class L>
__global__ void __launch_bounds__(kRtcWideSortThreads, kRtcWideSortMinBlocks)
    rtc_tile_sort_wide_kernel(const K *keys_in, K *keys_out, size_t n) {
    if constexpr (rtc_wide_sort(sizeof(K), 0)) {
        typedef RtcWideSortShape<K> Shape;
        __shared__ SortStorage<K, false, Shape> st;
        const UserCmp<K, L> p = {};
        tile_sort_body<UserCmp<K, L>, false, Shape>(p, st, keys_in, keys_out, NULL, NULL, 0, 1, n,
                                                    (size_t)Shape::tile);
    }
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

template <class K, class L, bool PAIRS, bool VALUES, class Shape = RtcSortShape<K, VALUES>>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    rtc_merge_tiles_kernel(MergeArgs m) {
    __shared__ SortStorage<K, VALUES, Shape> st;
    __shared__ size_t split_slot;
    constexpr bool STAGE = VALUES && merge_stages_values<kRtcValueSize, K, Shape>();
    alignas(16) __shared__ unsigned char vstage[STAGE ? Shape::tile * kRtcValueSize : 1];
    const UserCmp<K, L> p = {};
    MergeArgs a = m;
    a.vsize = rtc_value_size(m.vsize);
    merge_tiles_body<UserCmp<K, L>, VALUES, PAIRS, Shape, kRtcValueSize>(p, st, &split_slot, a,
                                                                         vstage);
}

/* Vectorised search (sweep_lower_bound, sweep_upper_bound): one needle a thread. */
template <class K, class L>
__global__ void rtc_search_kernel(const K *hay, size_t n, const K *needles, size_t m, int upper,
                                  size_t *out) {
    search_body(UserCmp<K, L>(), hay, n, needles, m, upper, out);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RTC_SORT_KERNELS_CUH */
