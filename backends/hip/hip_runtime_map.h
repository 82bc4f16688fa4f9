/*
 * hip_runtime_map.h -- the CUDA runtime names that the shared launch code
 * (backends/cuda/cuda_*.cu around backends/gpu) uses, as HIP runtime names, so hipcc
 * compiles those very files for libsweep-hip.so: one copy of the kernels and of the
 * launch code. Reached through shim/cuda_runtime.h, which is on the include path of
 * the HIP build only.
 *
 * Only what the launch code names is mapped, with typed aliases and inline forwards
 * rather than macros, so a name the launch code starts to use and this file lacks is
 * a compile error in the HIP build instead of a silent mismatch. The device glue
 * (hip_device.cpp, hip_memory.cpp) calls the HIP runtime directly.
 */
#ifndef SWEEP_HIP_RUNTIME_MAP_H
#define SWEEP_HIP_RUNTIME_MAP_H

#include <hip/hip_runtime.h>
#include <stddef.h>

typedef hipError_t cudaError_t;
typedef hipStream_t cudaStream_t;
typedef hipMemcpyKind cudaMemcpyKind;
typedef hipEvent_t cudaEvent_t;
/* a run-time compiled kernel (cuda_rtc.h): a module function under HIP */
typedef hipFunction_t cudaKernel_t;

constexpr hipError_t cudaSuccess = hipSuccess;
constexpr hipError_t cudaErrorMemoryAllocation = hipErrorOutOfMemory;
constexpr hipMemcpyKind cudaMemcpyHostToDevice = hipMemcpyHostToDevice;
constexpr hipMemcpyKind cudaMemcpyDeviceToHost = hipMemcpyDeviceToHost;
constexpr hipMemcpyKind cudaMemcpyDeviceToDevice = hipMemcpyDeviceToDevice;

typedef hipFuncAttribute cudaFuncAttribute;
constexpr hipFuncAttribute cudaFuncAttributeMaxDynamicSharedMemorySize =
    hipFuncAttributeMaxDynamicSharedMemorySize;
template <class F>
static inline cudaError_t cudaFuncSetAttribute(F *func, cudaFuncAttribute attr, int value) {
    return hipFuncSetAttribute((const void *)func, attr, value);
}
static inline cudaError_t cudaGetLastError(void) {
    return hipGetLastError();
}
static inline cudaError_t cudaSetDevice(int device) {
    return hipSetDevice(device);
}
static inline cudaError_t cudaMemsetAsync(void *dst, int value, size_t bytes, cudaStream_t stream) {
    return hipMemsetAsync(dst, value, bytes, stream);
}
static inline cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes,
                                          cudaMemcpyKind kind, cudaStream_t stream) {
    return hipMemcpyAsync(dst, src, bytes, kind, stream);
}
static inline cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
    return hipStreamSynchronize(stream);
}
/* the radix sort's read-backs: pinned host memory and an event */
constexpr unsigned cudaHostAllocDefault = hipHostMallocDefault;
constexpr unsigned cudaEventDisableTiming = hipEventDisableTiming;
static inline cudaError_t cudaHostAlloc(void **ptr, size_t bytes, unsigned flags) {
    return hipHostMalloc(ptr, bytes, flags);
}
static inline cudaError_t cudaFreeHost(void *ptr) {
    return hipHostFree(ptr);
}
static inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned flags) {
    return hipEventCreateWithFlags(event, flags);
}
static inline cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
    return hipEventRecord(event, stream);
}
static inline cudaError_t cudaEventSynchronize(cudaEvent_t event) {
    return hipEventSynchronize(event);
}
static inline cudaError_t cudaEventDestroy(cudaEvent_t event) {
    return hipEventDestroy(event);
}
static inline const char *cudaGetErrorString(cudaError_t err) {
    return hipGetErrorString(err);
}
static inline const char *cudaGetErrorName(cudaError_t err) {
    return hipGetErrorName(err);
}

#endif /* SWEEP_HIP_RUNTIME_MAP_H */
