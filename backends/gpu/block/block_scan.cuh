/*
 * block_scan.cuh -- a scan across the threads of a block: warp scans, then the
 * warps' totals combined in order through shared memory (a raking-free two-level
 * scan; with 8-16 warps the second level is a short sequential loop every thread
 * does itself, which costs less than another synchronisation).
 *
 * "No prefix" is tracked with a flag instead of combining with the identity, so a
 * floating sum never turns the first element's -0.0 into +0.0.
 */
#ifndef SWEEP_GPU_BLOCK_SCAN_CUH
#define SWEEP_GPU_BLOCK_SCAN_CUH

#include "gpu/warp/warp_scan.cuh"

namespace sweep_gpu {

template <class C, int THREADS> struct BlockScan {
    typedef typename C::value V;
    static constexpr int kWarps = THREADS / kWarp;
    static_assert(THREADS % kWarp == 0, "block size must be a multiple of the warp size");

    struct Storage {
        V warp_total[kWarps];
    };

    /* Exclusive scan of one value per thread in thread order. *has_prefix is 0 for
     * thread 0 (prefix undefined then). total is the block's reduction (all threads).
     * Ends with the block synchronised; storage may be reused after a barrier. */
    SWEEP_GPU_INLINE static void exclusive(V x, V &prefix, bool &has_prefix, V &total, Storage &s) {
        const int lane = lane_id(), warp = warp_id();
        V inc = warp_inclusive_scan<C>(x);
        V exc = shfl_up(inc, 1);
        if (lane == kWarp - 1) s.warp_total[warp] = inc;
        __syncthreads();
        V wpre = s.warp_total[0];
        V tot = s.warp_total[0];
#pragma unroll
        for (int w = 1; w < kWarps; ++w) {
            V t = s.warp_total[w];
            if (w < warp) wpre = C::combine(wpre, t);
            tot = C::combine(tot, t);
        }
        total = tot;
        if (warp == 0) {
            prefix = exc;
            has_prefix = lane > 0;
        } else {
            prefix = lane > 0 ? C::combine(wpre, exc) : wpre;
            has_prefix = true;
        }
    }
};

SWEEP_GPU_INLINE bool aligned16(const void *p) {
    return ((uintptr_t)p & 15) == 0;
}

/* Pads a shared-memory index once every 128 bytes, so a warp reading blocked items
 * (thread t, item j at t * ITEMS + j) touches distinct banks. */
template <class T> SWEEP_GPU_INLINE int smem_pad(int i) {
    constexpr int per128 = (int)(128 / sizeof(T)) > 0 ? (int)(128 / sizeof(T)) : 1;
    return i + i / per128;
}
template <class T> __host__ __device__ constexpr int smem_padded_size(int n) {
    return n + n / ((int)(128 / sizeof(T)) > 0 ? (int)(128 / sizeof(T)) : 1) + 1;
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_BLOCK_SCAN_CUH */
