/*
 * compat.cuh -- the few names that differ between CUDA and HIP, so every other
 * file of backends/gpu compiles unchanged under nvcc and hipcc: the warp (wavefront)
 * size as a compile-time constant, lane masks, ballots, shuffles, atomics, fences
 * and a polite spin-wait.
 */
#ifndef SWEEP_GPU_COMPAT_CUH
#define SWEEP_GPU_COMPAT_CUH

/* The run-time compilers (custom operators, rtc/rtc_programs.cpp) have no host headers. */
#if defined(__CUDACC_RTC__) || defined(__HIPCC_RTC__)
#define SWEEP_GPU_RTC 1
#include "gpu/rtc/rtc_std.cuh"
/* NVRTC refuses functions marked __host__ (the shared headers' scratch-size helpers):
 * in a run-time program they are compiled for the device, like unmarked ones under
 * -default-device, and simply never called. */
#if defined(__CUDACC_RTC__)
#undef __host__
#define __host__
#endif
#else
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <type_traits>
#endif

#if defined(__HIPCC__) || defined(__HIPCC_RTC__)
#if !defined(__HIPCC_RTC__)
#include <hip/hip_runtime.h>
#endif
#ifndef SWEEP_WARP_SIZE
/* Per offload target: 64 on CDNA (gfx90a, gfx940), 32 on RDNA (gfx1030) in each
 * device pass; the host pass sees 64, so no host code may depend on it (launch
 * shapes, scratch sizes and kernel template arguments do not). */
#if defined(__AMDGCN_WAVEFRONT_SIZE)
#define SWEEP_WARP_SIZE __AMDGCN_WAVEFRONT_SIZE
#else
#define SWEEP_WARP_SIZE 64
#endif
#endif
/* HIP's __launch_bounds__ counts commas to tell one bound from two, which breaks on
 * a template bound (Tuning<U, V>::threads). Here the C++ parser splits the arguments
 * instead; only the block size is kept: CUDA's blocks-per-SM hint has no AMD meaning. */
constexpr int sweep_gpu_max_threads(int max_threads, int = 0) {
    return max_threads;
}
#undef __launch_bounds__
#define __launch_bounds__(...)                                                                     \
    __attribute__((amdgpu_flat_work_group_size(1, ::sweep_gpu_max_threads(__VA_ARGS__))))
#else
#if !defined(__CUDACC_RTC__)
#include <cuda_runtime.h>
#endif
#ifndef SWEEP_WARP_SIZE
#define SWEEP_WARP_SIZE 32
#endif
#endif

#define SWEEP_GPU_INLINE __device__ __forceinline__

#if !defined(SWEEP_GPU_RTC)
/* The runtimes' host calls that correspond one to one, for the part of the runtime
 * interface written once (host/runtime_common.cu): most differ in the prefix alone
 * (SWEEP_GPU_RT(MemsetAsync) is cudaMemsetAsync or hipMemsetAsync); pinned host
 * memory (also mapped into the device's address space, with its device address) and
 * loaded programs (CUDA's library API, HIP's module API) in their names. */
#if defined(__HIPCC__)
#define SWEEP_GPU_RT(name) hip##name
#define SWEEP_GPU_RT_HOST_ALLOC(ptr, bytes) hipHostMalloc((ptr), (bytes), hipHostMallocDefault)
#define SWEEP_GPU_RT_HOST_FREE(ptr) hipHostFree(ptr)
#define SWEEP_GPU_RT_HOST_ALLOC_MAPPED(ptr, bytes)                                                 \
    hipHostMalloc((ptr), (bytes), hipHostMallocMapped)
#define SWEEP_GPU_RT_HOST_DEVICE_POINTER(device_ptr, ptr)                                          \
    hipHostGetDevicePointer((device_ptr), (ptr), 0)
typedef hipModule_t sweep_gpu_rt_module;
typedef hipFunction_t sweep_gpu_rt_kernel;
#define SWEEP_GPU_RT_MODULE_LOAD(module, image) hipModuleLoadData((module), (image))
#define SWEEP_GPU_RT_MODULE_KERNEL(kernel, module, name)                                           \
    hipModuleGetFunction((kernel), (module), (name))
#define SWEEP_GPU_RT_MODULE_UNLOAD(module) hipModuleUnload(module)
#else
#define SWEEP_GPU_RT(name) cuda##name
#define SWEEP_GPU_RT_HOST_ALLOC(ptr, bytes) cudaHostAlloc((ptr), (bytes), cudaHostAllocDefault)
#define SWEEP_GPU_RT_HOST_FREE(ptr) cudaFreeHost(ptr)
#define SWEEP_GPU_RT_HOST_ALLOC_MAPPED(ptr, bytes)                                                 \
    cudaHostAlloc((ptr), (bytes), cudaHostAllocMapped)
#define SWEEP_GPU_RT_HOST_DEVICE_POINTER(device_ptr, ptr)                                          \
    cudaHostGetDevicePointer((device_ptr), (ptr), 0)
typedef cudaLibrary_t sweep_gpu_rt_module;
typedef cudaKernel_t sweep_gpu_rt_kernel;
#define SWEEP_GPU_RT_MODULE_LOAD(module, image)                                                    \
    cudaLibraryLoadData((module), (image), NULL, NULL, 0, NULL, NULL, 0)
#define SWEEP_GPU_RT_MODULE_KERNEL(kernel, module, name)                                           \
    cudaLibraryGetKernel((kernel), (module), (name))
#define SWEEP_GPU_RT_MODULE_UNLOAD(module) cudaLibraryUnload(module)
#endif
#endif

/* Grid-wide synchronisation (the one-kernel split, device/split_resident.cuh) goes
 * through CUDA's cooperative groups: HIP builds leave it out, and their devices report
 * no cooperative launches (gpu_runtime.h). */
#if defined(__HIPCC__) || defined(__HIPCC_RTC__)
#define SWEEP_GPU_GRID_SYNC 0
#else
#define SWEEP_GPU_GRID_SYNC 1
#endif

namespace sweep_gpu {

constexpr int kWarp = SWEEP_WARP_SIZE;
static_assert(kWarp == 32 || kWarp == 64, "warp size must be 32 or 64");

/* One bit per lane: wide enough for the build's warp. */
#if SWEEP_WARP_SIZE == 64
typedef unsigned long long lanemask_t;
SWEEP_GPU_INLINE int popc_mask(lanemask_t m) {
    return __popcll(m);
}
SWEEP_GPU_INLINE int ffs_mask(lanemask_t m) {
    return __ffsll((long long)m);
}
SWEEP_GPU_INLINE int clz_mask(lanemask_t m) {
    return __clzll((long long)m);
}
#else
typedef unsigned lanemask_t;
SWEEP_GPU_INLINE int popc_mask(lanemask_t m) {
    return __popc(m);
}
SWEEP_GPU_INLINE int ffs_mask(lanemask_t m) {
    return __ffs((int)m);
}
SWEEP_GPU_INLINE int clz_mask(lanemask_t m) {
    return __clz((int)m);
}
#endif

SWEEP_GPU_INLINE int lane_id() {
    return (int)(threadIdx.x % kWarp);
}
SWEEP_GPU_INLINE int warp_id() {
    return (int)(threadIdx.x / kWarp);
}
/* Lanes below the calling one. */
SWEEP_GPU_INLINE lanemask_t lanemask_lt() {
    return (lanemask_t)((((lanemask_t)1) << lane_id()) - 1);
}

#if defined(__HIPCC__) || defined(__HIPCC_RTC__)
SWEEP_GPU_INLINE lanemask_t ballot(int pred) {
    return (lanemask_t)__ballot(pred);
}
SWEEP_GPU_INLINE unsigned shfl_word(unsigned v, int src) {
    return (unsigned)__shfl((int)v, src);
}
SWEEP_GPU_INLINE unsigned shfl_up_word(unsigned v, int d) {
    return (unsigned)__shfl_up((int)v, d);
}
SWEEP_GPU_INLINE unsigned shfl_down_word(unsigned v, int d) {
    return (unsigned)__shfl_down((int)v, d);
}
/* A wavefront runs in lockstep; the fences keep the compiler from moving shared
 * memory accesses across the point (what __syncwarp means on CUDA). */
SWEEP_GPU_INLINE void warp_sync() {
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
    __builtin_amdgcn_wave_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}
/* s_sleep takes an immediate (one unit is 64 clocks, some 30-60 ns). */
SWEEP_GPU_INLINE void backoff(unsigned ns) {
    for (unsigned t = 0; t < ns; t += 40)
        __builtin_amdgcn_s_sleep(1);
}
/* Lanes whose value equals mine (values below 2^nbits): AMD has no match
 * instruction, so one ballot per bit narrows the set of lanes. */
SWEEP_GPU_INLINE lanemask_t match_any(unsigned v, unsigned nbits) {
    lanemask_t m = ballot(1);
    for (unsigned b = 0; b < nbits; ++b) {
        const bool bit = (v >> b) & 1u;
        const lanemask_t on = ballot(bit);
        m &= bit ? on : ~on;
    }
    return m;
}
#else
#define SWEEP_FULL_MASK 0xffffffffu
SWEEP_GPU_INLINE lanemask_t ballot(int pred) {
    return __ballot_sync(SWEEP_FULL_MASK, pred);
}
SWEEP_GPU_INLINE unsigned shfl_word(unsigned v, int src) {
    return __shfl_sync(SWEEP_FULL_MASK, v, src);
}
SWEEP_GPU_INLINE unsigned shfl_up_word(unsigned v, int d) {
    return __shfl_up_sync(SWEEP_FULL_MASK, v, (unsigned)d);
}
SWEEP_GPU_INLINE unsigned shfl_down_word(unsigned v, int d) {
    return __shfl_down_sync(SWEEP_FULL_MASK, v, (unsigned)d);
}
SWEEP_GPU_INLINE void warp_sync() {
    __syncwarp();
}
SWEEP_GPU_INLINE void backoff(unsigned ns) {
    __nanosleep(ns);
}
/* Lanes whose value equals mine (values below 2^nbits): one ballot per bit, which
 * measured faster on sm_90 than __match_any_sync for 8-bit digits. */
SWEEP_GPU_INLINE lanemask_t match_any(unsigned v, unsigned nbits) {
    lanemask_t m = ~(lanemask_t)0;
    for (unsigned b = 0; b < nbits; ++b) {
        const bool bit = (v >> b) & 1u;
        const lanemask_t x = ballot(bit);
        m &= bit ? x : ~x;
    }
    return m;
}
#endif

/* Shuffles of any trivially copyable value, one 32-bit word at a time. */
template <class V> struct Words {
    static constexpr int n = (int)((sizeof(V) + 3) / 4);
    unsigned w[n];
};
template <class V> SWEEP_GPU_INLINE V shfl(const V &v, int src) {
    Words<V> a;
    a.w[Words<V>::n - 1] = 0;
    memcpy(a.w, &v, sizeof(V));
#pragma unroll
    for (int i = 0; i < Words<V>::n; ++i)
        a.w[i] = shfl_word(a.w[i], src);
    V r;
    memcpy(&r, a.w, sizeof(V));
    return r;
}
template <class V> SWEEP_GPU_INLINE V shfl_up(const V &v, int d) {
    Words<V> a;
    a.w[Words<V>::n - 1] = 0;
    memcpy(a.w, &v, sizeof(V));
#pragma unroll
    for (int i = 0; i < Words<V>::n; ++i)
        a.w[i] = shfl_up_word(a.w[i], d);
    V r;
    memcpy(&r, a.w, sizeof(V));
    return r;
}
template <class V> SWEEP_GPU_INLINE V shfl_down(const V &v, int d) {
    Words<V> a;
    a.w[Words<V>::n - 1] = 0;
    memcpy(a.w, &v, sizeof(V));
#pragma unroll
    for (int i = 0; i < Words<V>::n; ++i)
        a.w[i] = shfl_down_word(a.w[i], d);
    V r;
    memcpy(&r, a.w, sizeof(V));
    return r;
}

/* Loads that bypass the incoherent L1 for words other blocks publish. */
SWEEP_GPU_INLINE unsigned load_volatile(const unsigned *p) {
    return *(const volatile unsigned *)p;
}
SWEEP_GPU_INLINE void store_volatile(unsigned *p, unsigned v) {
    *(volatile unsigned *)p = v;
}
SWEEP_GPU_INLINE unsigned long long load_volatile(const unsigned long long *p) {
    return *(const volatile unsigned long long *)p;
}
SWEEP_GPU_INLINE void store_volatile(unsigned long long *p, unsigned long long v) {
    *(volatile unsigned long long *)p = v;
}
SWEEP_GPU_INLINE void fence_device() {
    __threadfence();
}

SWEEP_GPU_INLINE unsigned atomic_add(unsigned *p, unsigned v) {
    return atomicAdd(p, v);
}
/* Sets bits of a lane mask (shared or global memory). */
SWEEP_GPU_INLINE void atomic_or_mask(lanemask_t *p, lanemask_t v) {
    atomicOr(p, v);
}
SWEEP_GPU_INLINE unsigned long long atomic_add(unsigned long long *p, unsigned long long v) {
    return atomicAdd(p, v);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_COMPAT_CUH */
