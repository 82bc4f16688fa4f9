/*
 * cuda_rtc_toolchain.cu -- the CUDA plugin's run-time toolchain (cuda_rtc_toolchain.h):
 * NVRTC (cuda_rtc_nvrtc.cu) for the device's compute capability, and the CUDA
 * runtime's library API to load and launch, so the plugin needs no libcuda at link
 * time.
 */
#include "cuda_rtc_toolchain.h"

int sweep_rtc_compiler_available(char *why, size_t why_len, int *version) {
    return sweep_rtc_nvrtc_available(why, why_len, version);
}

sweep_status sweep_rtc_device_target(sweep_cuda *h, char *target, size_t len) {
    int major = 0, minor = 0;
    SWEEP_CUDA_TRY(h, cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, h->device));
    SWEEP_CUDA_TRY(h, cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, h->device));
    sweep_rtc_nvrtc_target(major * 10 + minor, target, len);
    return SWEEP_OK;
}

sweep_status sweep_rtc_compile(const sweep_rtc_request *req, const char *text, const char *target,
                               sweep_rtc_image *img, char *log, size_t log_len) {
    const bool op = req->kind == SWEEP_RTC_OP;
    return sweep_rtc_nvrtc_compile(text, target, op ? sweep_rtc_op_names : sweep_rtc_cmp_names,
                                   op ? (int)SWEEP_RTC_OP_KERNELS : (int)SWEEP_RTC_CMP_KERNELS, img,
                                   log, log_len);
}

cudaError_t sweep_rtc_module_load(const sweep_rtc_image *img, void **module,
                                  cudaKernel_t *kernels) {
    cudaLibrary_t lib = NULL;
    cudaError_t err = cudaLibraryLoadData(&lib, img->data, NULL, NULL, 0, NULL, NULL, 0);
    for (int i = 0; err == cudaSuccess && i < img->nkernels; ++i)
        err = cudaLibraryGetKernel(&kernels[i], lib, img->lowered[i]);
    if (err != cudaSuccess && lib) (void)cudaLibraryUnload(lib);
    *module = err == cudaSuccess ? (void *)lib : NULL;
    return err;
}

cudaError_t sweep_rtc_kernel_local_bytes(cudaKernel_t k, size_t *bytes) {
    cudaFuncAttributes a;
    const cudaError_t err = cudaFuncGetAttributes(&a, (const void *)k);
    *bytes = err == cudaSuccess ? a.localSizeBytes : 0;
    return err;
}

void sweep_rtc_module_unload(void *module) {
    if (module) (void)cudaLibraryUnload((cudaLibrary_t)module);
}

cudaError_t sweep_rtc_module_launch(cudaKernel_t k, unsigned grid, unsigned block, void **args,
                                    cudaStream_t stream) {
    return cudaLaunchKernel((const void *)k, dim3(grid), dim3(block), args, 0, stream);
}
