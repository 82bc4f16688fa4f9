/*
 * hip_errors.cpp -- error reporting for the HIP plugin, under the names the shared
 * launch code calls. That code was written for the CUDA plugin: its messages start
 * with "cuda: " and name runtime calls as cudaXxx, so both are rewritten here to
 * what actually ran ("hip: ", hipXxx), or a user of the HIP backend would be sent
 * looking for a CUDA fault.
 */
#include "hip_backend.h"

#include <stdio.h>
#include <string.h>

/* "cuda: x" -> "hip: x"; "cudaXxx(...)" -> "hipXxx(...)"; anything else as is. */
static void rename_cuda(const char *in, char *out, size_t cap) {
    if (strncmp(in, "cuda: ", 6) == 0)
        snprintf(out, cap, "hip: %s", in + 6);
    else if (strncmp(in, "cuda", 4) == 0 && in[4] >= 'A' && in[4] <= 'Z')
        snprintf(out, cap, "hip%s", in + 4);
    else
        snprintf(out, cap, "%s", in);
}

void sweep_hip_describe(hipError_t err, char *buf, size_t len) {
    const char *name = hipGetErrorName(err), *text = hipGetErrorString(err);
    if (!text || !name || strcmp(text, name) == 0)
        snprintf(buf, len, "%s", name ? name : "unknown HIP error");
    else
        snprintf(buf, len, "%s (%s)", text, name);
}

sweep_status sweep_cuda_report(const sweep_cuda *h, sweep_status status, const char *message) {
    if (h && h->report) {
        /* long enough for a compiler's log (cuda_rtc.cu builds those of up to 1 KiB) */
        char msg[1100];
        rename_cuda(message ? message : "", msg, sizeof msg);
        h->report(status, msg);
    }
    return status;
}

sweep_status sweep_cuda_fail(const sweep_cuda *h, hipError_t err, const char *what) {
    const sweep_status st = err == hipErrorOutOfMemory ? SWEEP_ERR_OUT_OF_MEMORY : SWEEP_ERR_DEVICE;
    char call[256], why[128], msg[400];
    rename_cuda(what, call, sizeof call);
    sweep_hip_describe(err, why, sizeof why);
    snprintf(msg, sizeof msg, "hip: %s: %s", call, why);
    /* Clears a non-sticky error (an allocation failure) so later calls start clean. */
    (void)hipGetLastError();
    if (h && h->report) h->report(st, msg);
    return st;
}
