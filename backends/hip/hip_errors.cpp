/*
 * hip_errors.cpp -- the words of the HIP plugin's messages (gpu_runtime.h): its name,
 * which starts every message, and the runtime's words for an error ("hip: <what>:
 * <words>"); and the prefix of its environment variables.
 */
#include "hip_backend.h"

#include <stdio.h>
#include <string.h>

const char sweep_gpu_plugin_name[] = "hip";
const char sweep_gpu_env_prefix[] = "SWEEP_HIP_";

void sweep_hip_describe(hipError_t err, char *buf, size_t len) {
    const char *name = hipGetErrorName(err), *text = hipGetErrorString(err);
    if (!text || !name || strcmp(text, name) == 0)
        snprintf(buf, len, "%s", name ? name : "unknown HIP error");
    else
        snprintf(buf, len, "%s (%s)", text, name);
}

sweep_status sweep_gpu_error_status(sweep_gpu_error err) {
    return (hipError_t)err == hipErrorOutOfMemory ? SWEEP_ERR_OUT_OF_MEMORY : SWEEP_ERR_DEVICE;
}

void sweep_gpu_error_text(sweep_gpu_error err, char *buf, size_t len) {
    sweep_hip_describe((hipError_t)err, buf, len);
}
