/*
 * hip_rtc_toolchain.cpp -- the HIP plugin's run-time compilation (gpu_runtime.h):
 * hipRTC (hip_rtc_compiler.cpp, opened at run time) for the device's gcnArchName, and
 * the HIP module API to load and launch, under the shared per-context cache, disk
 * cache and launch code of backends/gpu (rtc/, host/rtc_*).
 */
#include "gpu/rtc/rtc_internal.h"
#include "hip_backend.h"
#include "hip_rtc_compiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sweep_gpu_rtc_available(char *why, size_t why_len, int *version) {
    return sweep_hip_rtc_available(why, why_len, version);
}

sweep_status sweep_gpu_rtc_target(sweep_gpu_handle *h, char *target, size_t len) {
    hipDeviceProp_t p;
    SWEEP_GPU_TRY(h, hipGetDeviceProperties(&p, h->device));
    sweep_hip_rtc_target(p.gcnArchName, target, len);
    return SWEEP_OK;
}

sweep_status sweep_gpu_rtc_compile(const sweep_rtc_request *req, const char *text,
                                   const char *target, sweep_rtc_image *img, char *log,
                                   size_t log_len) {
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
    return sweep_hip_rtc_compile(text, target, names, nnames, sweep_rtc_header_count,
                                 sweep_rtc_header_names, sweep_rtc_header_texts, img, log, log_len);
}

sweep_gpu_error sweep_gpu_module_kernel_local_bytes(sweep_gpu_kernel k, size_t *bytes) {
    int v = 0;
    const hipError_t err =
        hipFuncGetAttribute(&v, HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, (hipFunction_t)k);
    *bytes = err == hipSuccess && v > 0 ? (size_t)v : 0;
    return err;
}

sweep_gpu_error sweep_gpu_module_launch(sweep_gpu_kernel k, unsigned grid, unsigned block,
                                        void **args, sweep_gpu_stream stream) {
    return hipModuleLaunchKernel((hipFunction_t)k, grid, 1, 1, block, 1, 1, 0, (hipStream_t)stream,
                                 args, NULL);
}

/* The counters of run-time compilation (rtc/rtc.h), under the plugin's name: tools
 * look them up with dlsym. */
extern "C" __attribute__((visibility("default"))) void
sweep_hip_rtc_stats(unsigned long long *compiled, unsigned long long *disk_hits,
                    unsigned long long *memory_hits, double *last_compile_ms) {
    sweep_gpu_rtc_stats(compiled, disk_hits, memory_hits, last_compile_ms);
}
