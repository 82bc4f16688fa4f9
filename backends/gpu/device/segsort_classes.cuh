/*
 * segsort_classes.cuh -- the fused segmented sort's medium, wide small and small
 * segments in one launch (host/segmented_sort.cu, for calls of up to
 * kSegClassesFusedMax keys): the grid's first g_medium blocks run the block sort of
 * segsort_block.cuh over the medium list, the next g_wide the groups of
 * segsort_small.cuh over the wide list, the last g_small those over the small list, each
 * part grid-stride over its own list. Short calls spend more on launches than on these
 * segments: one launch instead of three, at the price of every block reserving the
 * block sort's shared memory and registers (fewer blocks an SM for the small segments).
 */
#ifndef SWEEP_GPU_SEGSORT_CLASSES_CUH
#define SWEEP_GPU_SEGSORT_CLASSES_CUH

#include "gpu/device/segsort_block.cuh"
#include "gpu/device/segsort_classify.cuh"
#include "gpu/device/segsort_small.cuh"

#include <type_traits>

namespace sweep_gpu {

/* The blocks of each part of the grid. */
struct SegClassesGrid {
    unsigned medium, wide, small;
};

/* At the block sort's blocks an SM (its registers): left free, the kernel with values
 * took over 230 registers, one block an SM, where the small segments' kernels alone run
 * eight. */
template <class U, class Vt>
__global__ void __launch_bounds__(kSortThreads,
                                  sort_min_blocks(sizeof(U), !std::is_same<Vt, NoValue>::value))
    segsort_classes_kernel(RadixOrderCmp<U> p, const U *keys_in, U *keys_out, const Vt *values_in,
                           Vt *values_out, size_t vsize, unsigned vunit, SegLists l,
                           const size_t *offsets, SegClassesGrid g) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    typedef SortShape<U, VALUES> Shape;
    static_assert(SegSmall::threads == kSortThreads && SegSmallWide::threads == kSortThreads &&
                      Shape::threads == kSortThreads,
                  "the parts run blocks of the same size");
    union Storage {
        SortStorage<U, VALUES, Shape> block;
        SegSmallStorage<U, SegSmallWide> wide;
        SegSmallStorage<U, SegSmall> small;
    };
    __shared__ Storage sm;
    unsigned b = blockIdx.x;
    if (b < g.medium) {
        segsort_block_body<U, VALUES, Shape>(p, keys_in, keys_out, values_in, values_out, vsize,
                                             vunit, l.medium, l.counts + 2, offsets, b, g.medium,
                                             sm.block);
        return;
    }
    b -= g.medium;
    if (b < g.wide) {
        segsort_small_body<U, Vt, SegSmallWide>(p, keys_in, keys_out, values_in, values_out, l.wide,
                                                l.counts + 1, offsets, b, g.wide, sm.wide);
        return;
    }
    b -= g.wide;
    segsort_small_body<U, Vt, SegSmall>(p, keys_in, keys_out, values_in, values_out, l.small,
                                        l.counts, offsets, b, g.small, sm.small);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SEGSORT_CLASSES_CUH */
