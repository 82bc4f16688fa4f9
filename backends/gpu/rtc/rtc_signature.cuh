/*
 * rtc_signature.cuh -- what a user's device function looks like to the run-time
 * compiled programs: its element type T is deduced from `R NAME(X a, Y b)` (X and Y
 * may be T or const T &), and static assertions turn a wrong size or alignment into
 * a compile error whose text names the problem (the log the caller gets back).
 */
#ifndef SWEEP_GPU_RTC_SIGNATURE_CUH
#define SWEEP_GPU_RTC_SIGNATURE_CUH

#include "gpu/rtc/rtc_elem.cuh"

namespace sweep_gpu {

template <class X> struct RtcPlain {
    typedef typename std::remove_cv<typename std::remove_reference<X>::type>::type type;
};

template <class R, class X, class Y> struct RtcSignature {
    typedef typename RtcPlain<R>::type result;
    typedef typename RtcPlain<X>::type arg;
    static constexpr bool same_args = std::is_same<arg, typename RtcPlain<Y>::type>::value;
};
template <class R, class X, class Y> RtcSignature<R, X, Y> rtc_signature(R (*)(X, Y));

/* The user's function on Elem values: the bytes move through memcpy, which the
 * compiler turns into register moves. */
template <class Sig, int S, int A> struct RtcCall {
    typedef typename Sig::arg T;
    static_assert(Sig::same_args, "sweep: the device function's two parameters must have the same "
                                  "element type T (T or const T &)");
    static_assert(sizeof(T) == S,
                  "sweep: sizeof(T) of the device function's element type differs "
                  "from the size given when the operator or comparator was created");
    static_assert(alignof(T) <= A,
                  "sweep: alignof(T) of the device function's element type exceeds "
                  "the alignment given when the operator or comparator was created");
    SWEEP_GPU_INLINE static T in(const Elem<S, A> &e) {
        T x;
        memcpy(&x, &e, sizeof(T));
        return x;
    }
    SWEEP_GPU_INLINE static Elem<S, A> out(const T &x) {
        Elem<S, A> e;
        memcpy(&e, &x, sizeof(T));
        return e;
    }
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RTC_SIGNATURE_CUH */
