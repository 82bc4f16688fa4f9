/*
 * rtc_scan_tuning.cuh -- the single-pass scan's tile shape for custom elements.
 * Elements over 16 bytes take 4 items per thread, so that a tile (staged in static
 * shared memory) stays under the 48 KB a kernel gets without opting in; smaller ones
 * keep the built-in tuning of their size. Included by the host launch code and by
 * the run-time compiled program alike: both must see the same tile.
 */
#ifndef SWEEP_GPU_RTC_SCAN_TUNING_CUH
#define SWEEP_GPU_RTC_SCAN_TUNING_CUH

#include "rtc_elem.cuh"
#include "scan_single_pass.cuh"

namespace sweep_gpu {

/* A stand-in of the same size, so the built-in tuning is inherited whole. */
template <int S> struct ElemSizeOnly { unsigned char b[S]; };

template <int S, int A> struct ScanTuning<Elem<S, A>> : ScanTuning<ElemSizeOnly<S>> {
    typedef ScanTuning<ElemSizeOnly<S>> Base;
    static constexpr int items = S > 16 ? 4 : Base::items;
    static constexpr int tile = Base::threads * items;
    static constexpr int min_blocks = S > 16 ? 2 : Base::min_blocks;
    static constexpr int prefetch = tiles_ahead((size_t)tile * S);
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RTC_SCAN_TUNING_CUH */
