/*
 * rtc_op_program.cuh -- the run-time compiled program of a custom operator. The
 * program text (rtc/rtc_programs.cpp) defines SWEEP_RTC_FN (the function's name),
 * SWEEP_RTC_SIZE and SWEEP_RTC_ALIGN, then the user's device source, then includes
 * this header. The kernels (named by rtc/rtc_program.cpp) are the built-in ones
 * instantiated on RtcElem and RtcOp: the fused single-pass scan in every segment
 * form and the segmented reduction, and the tile kernels of the generic path.
 */
#ifndef SWEEP_GPU_RTC_OP_PROGRAM_CUH
#define SWEEP_GPU_RTC_OP_PROGRAM_CUH

#include "gpu/device/scan_single_pass.cuh"
#include "gpu/device/tile_scan_kernels.cuh"
#include "gpu/rtc/rtc_signature.cuh"
#include "gpu/tuning/rtc_scan_tuning.cuh"

namespace sweep_gpu {

typedef Elem<SWEEP_RTC_SIZE, SWEEP_RTC_ALIGN> RtcElem;
typedef decltype(rtc_signature(&::SWEEP_RTC_FN)) RtcOpSig;
typedef RtcCall<RtcOpSig, SWEEP_RTC_SIZE, SWEEP_RTC_ALIGN> RtcOpCall;
static_assert(std::is_same<RtcOpSig::result, RtcOpSig::arg>::value,
              "sweep: an operator's device function must return its element type T");

struct RtcOp {
    SWEEP_GPU_INLINE static RtcElem apply(const RtcElem &a, const RtcElem &b) {
        return RtcOpCall::out(::SWEEP_RTC_FN(RtcOpCall::in(a), RtcOpCall::in(b)));
    }
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RTC_OP_PROGRAM_CUH */
