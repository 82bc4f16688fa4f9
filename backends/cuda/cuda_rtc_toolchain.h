/*
 * cuda_rtc_toolchain.h -- the part of run-time compilation that differs between the
 * two GPU plugins: the compiler (NVRTC / hipRTC, both opened at run time), the
 * device's compile target, and loading and launching the compiled kernels (CUDA
 * library API / HIP module API). The per-context cache (cuda_rtc.cu), the disk cache
 * and the launch code (cuda_rtc_scan.cu, cuda_rtc_merge.cu) are written once against
 * this; cuda_rtc_toolchain.cu implements it for CUDA, backends/hip/hip_rtc_toolchain.cpp
 * for HIP (hipcc compiles the shared files with cudaKernel_t mapped to hipFunction_t).
 */
#ifndef SWEEP_CUDA_RTC_TOOLCHAIN_H
#define SWEEP_CUDA_RTC_TOOLCHAIN_H

#include "cuda_rtc_internal.h"

/* Prefix of the plugin's messages; the HIP glue also rewrites "cuda: " itself, but
 * messages carrying a compiler log are built here, at full length. */
#if defined(__HIPCC__)
#define SWEEP_RTC_PLUGIN "hip"
#else
#define SWEEP_RTC_PLUGIN "cuda"
#endif

/* The plugin's compiler, loaded once. Returns 0 and fills why (the compiler's name,
 * "NVRTC" or "hipRTC", and where it looked) when none can be loaded. version: the
 * compiler's, major * 1000 + minor * 10 (part of the disk cache's key). */
int sweep_rtc_compiler_available(char *why, size_t why_len, int *version);

/* The compile option naming h's device as target (for the compiler and the cache
 * key). A failed runtime query is reported and returned. */
sweep_status sweep_rtc_device_target(sweep_cuda *h, char *target, size_t len);

/* Compiles a request's program text (sweep_rtc_program_text) for target, with the
 * kernels of its kind. SWEEP_ERR_INVALID_ARGUMENT with the compiler's log in log when
 * the source does not compile; another status with a reason for other failures. */
sweep_status sweep_rtc_compile(const sweep_rtc_request *req, const char *text, const char *target,
                               sweep_rtc_image *img, char *log, size_t log_len);

/* Loads an image on the current device and finds its img->nkernels kernels, in
 * order. On failure nothing stays loaded and *module is NULL. */
cudaError_t sweep_rtc_module_load(const sweep_rtc_image *img, void **module, cudaKernel_t *kernels);

/* The local memory (bytes a thread: the compiler's spills and stack) kernel k uses. */
cudaError_t sweep_rtc_kernel_local_bytes(cudaKernel_t k, size_t *bytes);

/* Unloads what sweep_rtc_module_load loaded (at context close); errors are ignored. */
void sweep_rtc_module_unload(void *module);

/* Launches kernel k with its argument pointers, no dynamic shared memory. */
cudaError_t sweep_rtc_module_launch(cudaKernel_t k, unsigned grid, unsigned block, void **args,
                                    cudaStream_t stream);

#endif /* SWEEP_CUDA_RTC_TOOLCHAIN_H */
