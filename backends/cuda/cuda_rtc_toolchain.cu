/*
 * cuda_rtc_toolchain.cu -- the CUDA plugin's run-time compilation (gpu_runtime.h):
 * NVRTC (cuda_nvrtc.cu) for the device's compute capability, and the CUDA runtime's
 * library API to load and launch, so the plugin needs no libcuda at link time.
 */
#include "cuda/cuda_nvrtc.h"
#include "gpu/host/gpu_backend.h"

#include <cuda_runtime.h>

int sweep_gpu_rtc_available(char *why, size_t why_len, int *version) {
    return sweep_rtc_nvrtc_available(why, why_len, version);
}

sweep_status sweep_gpu_rtc_target(sweep_gpu_handle *h, char *target, size_t len) {
    int major = 0, minor = 0;
    SWEEP_GPU_TRY(h, cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, h->device));
    SWEEP_GPU_TRY(h, cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, h->device));
    sweep_rtc_nvrtc_target(major * 10 + minor, target, len);
    return SWEEP_OK;
}

sweep_status sweep_gpu_rtc_compile(const sweep_rtc_request *req, const char *text,
                                   const char *target, sweep_rtc_image *img, char *log,
                                   size_t log_len) {
    const bool op = req->kind == SWEEP_RTC_OP;
    return sweep_rtc_nvrtc_compile(text, target, op ? sweep_rtc_op_names : sweep_rtc_cmp_names,
                                   op ? (int)SWEEP_RTC_OP_KERNELS : (int)SWEEP_RTC_CMP_KERNELS, img,
                                   log, log_len);
}

sweep_gpu_error sweep_gpu_module_kernel_local_bytes(sweep_gpu_kernel k, size_t *bytes) {
    cudaFuncAttributes a;
    const cudaError_t err = cudaFuncGetAttributes(&a, (const void *)k);
    *bytes = err == cudaSuccess ? a.localSizeBytes : 0;
    return err;
}

sweep_gpu_error sweep_gpu_module_launch(sweep_gpu_kernel k, unsigned grid, unsigned block,
                                        void **args, sweep_gpu_stream stream) {
    return cudaLaunchKernel((const void *)k, dim3(grid), dim3(block), args, 0,
                            (cudaStream_t)stream);
}

/* The counters of run-time compilation (rtc/rtc.h), under the plugin's name: tools
 * look them up with dlsym. */
extern "C" __attribute__((visibility("default"))) void
sweep_cuda_rtc_stats(unsigned long long *compiled, unsigned long long *disk_hits,
                     unsigned long long *memory_hits, double *last_compile_ms) {
    sweep_gpu_rtc_stats(compiled, disk_hits, memory_hits, last_compile_ms);
}
