/*
 * segsort_shared.cuh -- the fused segmented sort's large segments that fit a block's
 * shared memory (host/segmented_sort.cu: up to `room` keys, with values, in two
 * buffers): one block per segment of the large list, grid-stride over the list (its
 * length read on the device). The block loads the whole segment into shared memory
 * (all its loads in flight at once), runs the LSD passes of segsort_large.cuh
 * (seg_lsd_pass) between the two shared buffers, and the last pass scatters to the
 * output. It takes the segments of at most shared_max keys, the block LSD sort the
 * longer ones. The block LSD sort through global memory waits for a memory latency per tile
 * and pass; here only the load and the last pass touch global memory. Everything is
 * read before anything is written: in place is fine. Segments of at least skip_from
 * keys are left to the whole-array sort.
 */
#ifndef SWEEP_GPU_SEGSORT_SHARED_CUH
#define SWEEP_GPU_SEGSORT_SHARED_CUH

#include "gpu/device/segsort_large.cuh"

namespace sweep_gpu {

/* Dynamic shared memory for room keys of U and values of Vt (room a multiple of 16):
 * two buffers of each. */
template <class U, class Vt> constexpr size_t segsort_shared_bytes(size_t room, bool values) {
    return 2 * room * (sizeof(U) + (values ? sizeof(Vt) : 0));
}

template <class U, class Vt, class Sh = SegLarge>
__global__ void __launch_bounds__(Sh::threads)
    segsort_shared_kernel(SegLargeArgs a, unsigned room) {
    /* room: the buffers' length, at least shared_max or the input's length */
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    constexpr int T = Sh::threads;
    __shared__ SegLsdStorage<U, Sh> ls;
    extern __shared__ uint4 segsort_shared_smem[];
    U *k0 = (U *)segsort_shared_smem, *k1 = k0 + room;
    Vt *v0 = (Vt *)(k1 + room), *v1 = v0 + (VALUES ? room : 0);
    const unsigned passes = (a.end_bit - a.begin_bit + 7) / 8;
    const size_t c = *a.count;
    for (size_t k = blockIdx.x; k < c; k += gridDim.x) {
        const size_t start = a.large[2 * k], len = a.large[2 * k + 1];
        if (len > a.shared_max || len >= a.skip_from) continue;
        const U *src = (const U *)a.keys_in + start;
        const Vt *vsrc = (const Vt *)a.values_in + start;
        U *out = (U *)a.keys_out + start;
        Vt *vout = (Vt *)a.values_out + start;
#pragma unroll 4
        for (size_t i = threadIdx.x; i < len; i += T) {
            k0[i] = src[i];
            if constexpr (VALUES) v0[i] = vsrc[i];
        }
        __syncthreads();
        seg_lsd_count<4, U, Sh>(k0, len, a, 0, passes, ls); /* every pass's counts */
        for (unsigned pass = 0; pass < passes; ++pass) {
            const bool last = pass + 1 == passes;
            const U *ks = pass % 2 ? k1 : k0;
            const Vt *vs = pass % 2 ? v1 : v0;
            U *kd = last ? out : pass % 2 ? k0 : k1;
            Vt *vd = last ? vout : pass % 2 ? v0 : v1;
            seg_lsd_pass<U, Vt, Sh>(ks, vs, kd, vd, len, seg_lsd_digit(a, pass), ls.counts[pass],
                                    ls);
        }
        if (passes == 0) {
            for (size_t i = threadIdx.x; i < len; i += T) {
                out[i] = k0[i];
                if constexpr (VALUES) vout[i] = v0[i];
            }
        }
        __syncthreads(); /* the buffers are read before the next segment goes in */
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SEGSORT_SHARED_CUH */
