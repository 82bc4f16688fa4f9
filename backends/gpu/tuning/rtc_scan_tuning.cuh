/*
 * rtc_scan_tuning.cuh -- the single-pass scan's tile shape for custom elements
 * (the build's table: ScanCustom). Included by the host launch code and by the
 * run-time compiled program alike: both must see the same tile.
 */
#ifndef SWEEP_GPU_RTC_SCAN_TUNING_CUH
#define SWEEP_GPU_RTC_SCAN_TUNING_CUH

#include "gpu/rtc/rtc_elem.cuh"
#include "gpu/tuning/tuning.cuh"

namespace sweep_gpu {

template <int S, int A> struct ScanTuning<Elem<S, A>> : BuildTuning::ScanCustom<S> {};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RTC_SCAN_TUNING_CUH */
