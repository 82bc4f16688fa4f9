/*
 * rtc_cmp_program.cuh -- the run-time compiled program of a custom comparator. The
 * program text (rtc/rtc_programs.cpp) defines SWEEP_RTC_FN, SWEEP_RTC_SIZE (key size) and
 * SWEEP_RTC_ALIGN, then the user's device source `bool NAME(T a, T b)`, then
 * includes this header; the kernels of rtc_sort_kernels.cuh are instantiated on
 * RtcKey and RtcLess (names in rtc/rtc_program.cpp).
 */
#ifndef SWEEP_GPU_RTC_CMP_PROGRAM_CUH
#define SWEEP_GPU_RTC_CMP_PROGRAM_CUH

#include "gpu/rtc/rtc_signature.cuh"
#include "gpu/rtc/rtc_sort_kernels.cuh"

namespace sweep_gpu {

typedef Elem<SWEEP_RTC_SIZE, SWEEP_RTC_ALIGN> RtcKey;
typedef decltype(rtc_signature(&::SWEEP_RTC_FN)) RtcCmpSig;
typedef RtcCall<RtcCmpSig, SWEEP_RTC_SIZE, SWEEP_RTC_ALIGN> RtcCmpCall;
static_assert(std::is_same<RtcCmpSig::result, bool>::value,
              "sweep: a comparator's device function must return bool");

struct RtcLess {
    SWEEP_GPU_INLINE static bool less(const RtcKey &a, const RtcKey &b) {
        return ::SWEEP_RTC_FN(RtcCmpCall::in(a), RtcCmpCall::in(b));
    }
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RTC_CMP_PROGRAM_CUH */
