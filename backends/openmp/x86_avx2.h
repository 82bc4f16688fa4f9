/*
 * x86_avx2.h -- what the AVX2 loops share: whether the compiler can build them
 * (x86-64 with GCC or Clang, which compile single functions for AVX2 through the
 * target attribute, so the plugin itself still runs on any x86-64) and the attribute.
 * Callers check the CPU at run time (__builtin_cpu_supports) before entering one.
 */
#ifndef SWEEP_OPENMP_X86_AVX2_H
#define SWEEP_OPENMP_X86_AVX2_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SWOMP_X86_AVX2 1
#include <immintrin.h>
#define SWOMP_AVX2_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))
#else
#define SWOMP_X86_AVX2 0
#endif

#endif /* SWEEP_OPENMP_X86_AVX2_H */
