/*
 * warp_scan.cuh -- scans and reductions inside one warp with shuffles (Kogge-Stone:
 * log2(warp) steps, no shared memory). Operands keep their order, so operators
 * need not be commutative: C::combine(earlier, later) always.
 */
#ifndef SWEEP_GPU_WARP_SCAN_CUH
#define SWEEP_GPU_WARP_SCAN_CUH

#include "gpu/util/compat.cuh"

namespace sweep_gpu {

/* Inclusive scan of one value per lane, lane order. */
template <class C> SWEEP_GPU_INLINE typename C::value warp_inclusive_scan(typename C::value x) {
    const int lane = lane_id();
#pragma unroll
    for (int o = 1; o < kWarp; o <<= 1) {
        typename C::value y = shfl_up(x, o);
        if (lane >= o) x = C::combine(y, x);
    }
    return x;
}

/* Reduction of the lanes [0, count) in lane order; the result is valid in lane 0. */
template <class C>
SWEEP_GPU_INLINE typename C::value warp_reduce_prefix(typename C::value x, int count) {
    const int lane = lane_id();
#pragma unroll
    for (int o = 1; o < kWarp; o <<= 1) {
        typename C::value y = shfl_down(x, o);
        if (lane + o < count) x = C::combine(x, y);
    }
    return x;
}

/* Reduction of lanes [0, last] where higher lanes hold earlier operands (the order
 * of a look-back window): result = x[last] op ... op x[0], valid in lane 0. */
template <class C>
SWEEP_GPU_INLINE typename C::value warp_reduce_reversed(typename C::value x, int last) {
    const int lane = lane_id();
#pragma unroll
    for (int o = 1; o < kWarp; o <<= 1) {
        typename C::value y = shfl_down(x, o);
        if (lane + o <= last) x = C::combine(y, x);
    }
    return x;
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_WARP_SCAN_CUH */
