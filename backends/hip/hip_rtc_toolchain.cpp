/*
 * hip_rtc_toolchain.cpp -- the HIP plugin's run-time toolchain (cuda_rtc_toolchain.h):
 * hipRTC (hip_rtc_compiler.cpp, opened at run time) for the device's gcnArchName, and
 * the HIP module API to load and launch. With it the plugin runs the CUDA plugin's
 * per-context cache, disk cache and launch code (cuda_rtc*.cu) unchanged.
 */
#include "cuda/cuda_rtc_toolchain.h"
#include "hip_backend.h"
#include "hip_rtc_compiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sweep_rtc_compiler_available(char *why, size_t why_len, int *version) {
    return sweep_hip_rtc_available(why, why_len, version);
}

sweep_status sweep_rtc_device_target(sweep_cuda *h, char *target, size_t len) {
    hipDeviceProp_t p;
    SWEEP_CUDA_TRY(h, hipGetDeviceProperties(&p, h->device));
    sweep_hip_rtc_target(p.gcnArchName, target, len);
    return SWEEP_OK;
}

sweep_status sweep_rtc_compile(const sweep_rtc_request *req, const char *text, const char *target,
                               sweep_rtc_image *img, char *log, size_t log_len) {
    memset(img, 0, sizeof *img);
    const bool op = req->kind == SWEEP_RTC_OP;
    const char *const *plain = op ? sweep_rtc_op_names : sweep_rtc_cmp_names;
    const int nnames = op ? (int)SWEEP_RTC_OP_KERNELS : (int)SWEEP_RTC_CMP_KERNELS;
    char spelled[SWEEP_RTC_MAX_KERNELS][256];
    const char *names[SWEEP_RTC_MAX_KERNELS];
    for (int i = 0; i < nnames; ++i) {
        if (!sweep_hip_rtc_spell_name(plain[i], req->size, req->align, spelled[i],
                                      sizeof spelled[i])) {
            snprintf(log, log_len, "kernel name expression too long: %.200s", plain[i]);
            return SWEEP_ERR_INTERNAL;
        }
        names[i] = spelled[i];
    }
    sweep_hip_rtc_code code;
    const sweep_status st =
        sweep_hip_rtc_compile(text, target, names, nnames, sweep_rtc_header_count,
                              sweep_rtc_header_names, sweep_rtc_header_texts, &code, log, log_len);
    if (st != SWEEP_OK) return st;
    /* the same heap blocks, handed over: the image owns them from here */
    img->data = code.data;
    img->size = code.size;
    img->is_cubin = 1; /* a binary for the device, not text for a driver to finish */
    img->nkernels = code.nkernels;
    for (int i = 0; i < code.nkernels; ++i)
        img->lowered[i] = code.lowered[i];
    return SWEEP_OK;
}

cudaError_t sweep_rtc_module_load(const sweep_rtc_image *img, void **module,
                                  cudaKernel_t *kernels) {
    hipModule_t mod = NULL;
    hipError_t err = hipModuleLoadData(&mod, img->data);
    for (int i = 0; err == hipSuccess && i < img->nkernels; ++i)
        err = hipModuleGetFunction(&kernels[i], mod, img->lowered[i]);
    if (err != hipSuccess && mod) (void)hipModuleUnload(mod);
    *module = err == hipSuccess ? (void *)mod : NULL;
    return err;
}

cudaError_t sweep_rtc_kernel_local_bytes(cudaKernel_t k, size_t *bytes) {
    int v = 0;
    const hipError_t err = hipFuncGetAttribute(&v, HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, k);
    *bytes = err == hipSuccess && v > 0 ? (size_t)v : 0;
    return err;
}

void sweep_rtc_module_unload(void *module) {
    if (module) (void)hipModuleUnload((hipModule_t)module);
}

cudaError_t sweep_rtc_module_launch(cudaKernel_t k, unsigned grid, unsigned block, void **args,
                                    cudaStream_t stream) {
    return hipModuleLaunchKernel(k, grid, 1, 1, block, 1, 1, 0, stream, args, NULL);
}
