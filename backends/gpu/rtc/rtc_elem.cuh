/*
 * rtc_elem.cuh -- the element type of run-time compiled kernels: Elem<S, A>, S bytes
 * aligned to A, made of the widest unsigned words A allows so that loads, stores and
 * shuffles move words rather than bytes. The kernels are instantiated on Elem and
 * not on the user's type, and the host side builds the same argument structs around
 * the same Elem, so both agree on every layout (a struct's layout depends only on
 * its members' sizes and alignments) without mirroring the user's type.
 */
#ifndef SWEEP_GPU_RTC_ELEM_CUH
#define SWEEP_GPU_RTC_ELEM_CUH

#include "gpu/util/compat.cuh"

namespace sweep_gpu {

/* Custom elements and keys: up to 32 bytes, aligned to a power of two <= 32 that
 * divides their size (checked by the core when the operator is created). */
constexpr int kRtcMaxElem = 32;

template <int A> struct ElemWord { typedef unsigned long long type; };
template <> struct ElemWord<1> { typedef unsigned char type; };
template <> struct ElemWord<2> { typedef unsigned short type; };
template <> struct ElemWord<4> { typedef unsigned type; };

/* Aligned to at most 16 bytes: the kernels' staging buffers are declared alignas(16),
 * which a 32-byte aligned element type would contradict; 32-byte aligned data is
 * 16-byte aligned all the same. */
template <int S, int A> struct alignas(A > 16 ? 16 : A) Elem {
    typedef typename ElemWord<A>::type word;
    static_assert(S % A == 0 && S % sizeof(word) == 0, "Elem: the alignment divides the size");
    word w[S / sizeof(word)];
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RTC_ELEM_CUH */
