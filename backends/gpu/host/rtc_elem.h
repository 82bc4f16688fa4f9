/*
 * rtc_elem.h -- from a custom element's run-time size and alignment to the
 * Elem<S, A> the run-time compiled kernels were instantiated on, so the launch code
 * builds argument structs of the very layout the kernels expect.
 */
#ifndef SWEEP_GPU_RTC_ELEM_H
#define SWEEP_GPU_RTC_ELEM_H

#include "gpu/host/gpu_backend.h"
#include "gpu/rtc/rtc_elem.cuh"

template <int A, int S, class F, bool END = (S > sweep_gpu::kRtcMaxElem)> struct SweepRtcBySize {
    static sweep_status run(size_t size, F &f) {
        if (size == (size_t)S) return f(sweep_gpu::Elem<S, A>());
        return SweepRtcBySize<A, S + A, F>::run(size, f);
    }
};
template <int A, int S, class F> struct SweepRtcBySize<A, S, F, true> {
    static sweep_status run(size_t, F &) {
        return SWEEP_ERR_UNSUPPORTED;
    }
};

/* f(Elem<size, align>()) for 1 <= size <= 32, align a power of two dividing it. */
template <class F> sweep_status sweep_rtc_by_elem(size_t size, size_t align, F &&f) {
    switch (align) {
    case 1: return SweepRtcBySize<1, 1, F>::run(size, f);
    case 2: return SweepRtcBySize<2, 2, F>::run(size, f);
    case 4: return SweepRtcBySize<4, 4, F>::run(size, f);
    case 8: return SweepRtcBySize<8, 8, F>::run(size, f);
    case 16: return SweepRtcBySize<16, 16, F>::run(size, f);
    case 32: return SweepRtcBySize<32, 32, F>::run(size, f);
    default: return SWEEP_ERR_UNSUPPORTED;
    }
}

#endif /* SWEEP_GPU_RTC_ELEM_H */
