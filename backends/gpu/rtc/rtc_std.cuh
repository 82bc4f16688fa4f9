/*
 * rtc_std.cuh -- what the shared device headers take from the host's C and C++
 * headers, for the run-time compilers (NVRTC, hipRTC), which have none of them:
 * fixed-width integers, NULL and the few type traits the kernels use. Only included
 * when SWEEP_GPU_RTC is set, i.e. under __CUDACC_RTC__ or __HIPCC_RTC__; nvcc and
 * hipcc builds use the real headers.
 */
#ifndef SWEEP_GPU_RTC_STD_CUH
#define SWEEP_GPU_RTC_STD_CUH

/* hipRTC predefines some of these (ROCm 5.2: the 32- and 64-bit ones, as the same
 * types): a typedef repeated with its own type is allowed, so one list serves both. */
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
/* LP64, as every host the plugin runs on; the host build's headers agree. */
typedef unsigned long uintptr_t;
static_assert(sizeof(uintptr_t) == sizeof(void *), "uintptr_t must hold a pointer");

#ifndef NULL
/* NVRTC defines it, hipRTC (ROCm 5.2) does not */
#define NULL nullptr
#endif

namespace std {
template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };

template <class T> struct remove_cv { typedef T type; };
template <class T> struct remove_cv<const T> { typedef T type; };
template <class T> struct remove_cv<volatile T> { typedef T type; };
template <class T> struct remove_cv<const volatile T> { typedef T type; };

template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T &> { typedef T type; };
template <class T> struct remove_reference<T &&> { typedef T type; };

#if !defined(__HIPCC_RTC__)
/* hipRTC (ROCm 5.2) declares these three itself; defining them again is an error. */
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };

template <class A, class B> struct is_same { static constexpr bool value = false; };
template <class A> struct is_same<A, A> { static constexpr bool value = true; };

template <class T> struct is_arithmetic_base { static constexpr bool value = false; };
#define SWEEP_RTC_ARITHMETIC(T)                                                                    \
    template <> struct is_arithmetic_base<T> { static constexpr bool value = true; };
SWEEP_RTC_ARITHMETIC(bool)
SWEEP_RTC_ARITHMETIC(char)
SWEEP_RTC_ARITHMETIC(signed char)
SWEEP_RTC_ARITHMETIC(unsigned char)
SWEEP_RTC_ARITHMETIC(short)
SWEEP_RTC_ARITHMETIC(unsigned short)
SWEEP_RTC_ARITHMETIC(int)
SWEEP_RTC_ARITHMETIC(unsigned int)
SWEEP_RTC_ARITHMETIC(long)
SWEEP_RTC_ARITHMETIC(unsigned long)
SWEEP_RTC_ARITHMETIC(long long)
SWEEP_RTC_ARITHMETIC(unsigned long long)
SWEEP_RTC_ARITHMETIC(float)
SWEEP_RTC_ARITHMETIC(double)
#undef SWEEP_RTC_ARITHMETIC
template <class T> struct is_arithmetic {
    static constexpr bool value = is_arithmetic_base<typename remove_cv<T>::type>::value;
};
#endif
} // namespace std

#endif /* SWEEP_GPU_RTC_STD_CUH */
