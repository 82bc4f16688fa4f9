/*
 * segsort_small.cuh -- the fused segmented sort's small segments (up to Sh::cap keys;
 * two shapes, SegSmall and SegSmallWide): a group of Sh::group threads per segment,
 * the block's groups on as many segments of the list at once, grid-stride over the list (its length
 * read on the device). Each thread holds up to Sh::items keys (and values) in
 * registers and puts its segment's keys, as the numbers they are sorted by, in
 * shared memory; a key's place is then the count of the segment's keys that come
 * before it, smaller or equal and earlier (stable): the group reads the segment's
 * keys one after another (a broadcast), each thread comparing all its own. Everything is read
 * before anything is written: in place is fine. A group within one warp synchronises
 * as a warp, so the warps of a block do not wait for one another between segments.
 */
#ifndef SWEEP_GPU_SEGSORT_SMALL_CUH
#define SWEEP_GPU_SEGSORT_SMALL_CUH

#include "gpu/tuning/tuning.cuh"
#include "gpu/util/elem_copy.cuh"
#include "gpu/util/radix_order.cuh"

#include <type_traits>

namespace sweep_gpu {

/* The groups' shared memory of a block of shape Sh. */
template <class U, class Sh> struct SegSmallStorage { U fields[Sh::threads / Sh::group][Sh::cap]; };

/* The kernel's body as block `block` of `grid` (segsort_classes.cuh runs it in a part
 * of a larger grid). */
template <class U, class Vt, class Sh>
SWEEP_GPU_INLINE void segsort_small_body(const RadixOrderCmp<U> &p, const U *keys_in, U *keys_out,
                                         const Vt *values_in, Vt *values_out, const unsigned *list,
                                         const unsigned *count, const size_t *offsets,
                                         unsigned block, unsigned grid,
                                         SegSmallStorage<U, Sh> &sm) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    constexpr int G = Sh::group, ITEMS = Sh::items, CAP = Sh::cap, GROUPS = Sh::threads / G;
    static_assert(Sh::threads % G == 0 && CAP == G * ITEMS, "groups tile the block");
    auto &fields = sm.fields;
    const int g = (int)threadIdx.x / G, lane = (int)threadIdx.x % G;
    /* fields[g] is the group's alone: within a warp, a warp's synchronisation is enough
     * (the loop's trip count is the same for every thread of the block) */
    auto group_sync = [] {
        if constexpr (kWarp % G == 0)
            warp_sync();
        else
            __syncthreads();
    };
    const size_t c = *count;
    for (size_t first = (size_t)block * GROUPS; first < c; first += (size_t)grid * GROUPS) {
        size_t start = 0;
        int len = 0;
        if (first + g < c) {
            const unsigned s = list[first + g];
            start = offsets[s];
            len = (int)(offsets[s + 1] - start);
        }
        U raw[ITEMS], f[ITEMS];
        Vt v[ITEMS];
        (void)v; /* no values: never read */
#pragma unroll
        for (int r = 0; r < ITEMS; ++r) {
            const int i = r * G + lane;
            f[r] = 0; /* compared past the segment's end, never written */
            if (i < len) {
                raw[r] = keys_in[start + i];
                f[r] = p.field(p.load(raw[r]));
                fields[g][i] = f[r];
                if constexpr (VALUES) v[r] = values_in[start + i];
            }
        }
        group_sync();
        int rank[ITEMS];
#pragma unroll
        for (int r = 0; r < ITEMS; ++r)
            rank[r] = 0;
        for (int j = 0; j < len; ++j) {
            const U o = fields[g][j];
#pragma unroll
            for (int r = 0; r < ITEMS; ++r)
                rank[r] += (o < f[r]) | ((o == f[r]) & (j < r * G + lane));
        }
#pragma unroll
        for (int r = 0; r < ITEMS; ++r) {
            if (r * G + lane < len) {
                keys_out[start + rank[r]] = raw[r];
                if constexpr (VALUES) values_out[start + rank[r]] = v[r];
            }
        }
        group_sync(); /* fields are read before the next segments' go in */
    }
}

template <class U, class Vt, class Sh>
__global__ void __launch_bounds__(Sh::threads)
    segsort_small_kernel(RadixOrderCmp<U> p, const U *keys_in, U *keys_out, const Vt *values_in,
                         Vt *values_out, const unsigned *list, const unsigned *count,
                         const size_t *offsets) {
    __shared__ SegSmallStorage<U, Sh> sm;
    segsort_small_body<U, Vt, Sh>(p, keys_in, keys_out, values_in, values_out, list, count, offsets,
                                  blockIdx.x, gridDim.x, sm);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SEGSORT_SMALL_CUH */
