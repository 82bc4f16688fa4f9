/*
 * cuda_device.cu -- the CUDA plugin's name, devices and errors (gpu_runtime.h): how
 * many devices there are (and if none, why), their names and properties, and the
 * runtime's words for an error. The runtime is linked statically, so the plugin loads
 * wherever libsweep does; without a driver or a device the runtime's own answer
 * becomes device_count's reason and the core moves on.
 */
#include "gpu/host/gpu_backend.h"
#include "gpu/util/compat.cuh"

#include <cuda_runtime.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

const char sweep_gpu_plugin_name[] = "cuda";
const char sweep_gpu_env_prefix[] = "SWEEP_CUDA_";

sweep_status sweep_gpu_error_status(sweep_gpu_error err) {
    return (cudaError_t)err == cudaErrorMemoryAllocation ? SWEEP_ERR_OUT_OF_MEMORY
                                                         : SWEEP_ERR_DEVICE;
}

void sweep_gpu_error_text(sweep_gpu_error err, char *buf, size_t len) {
    snprintf(buf, len, "%s (%s)", cudaGetErrorString((cudaError_t)err),
             cudaGetErrorName((cudaError_t)err));
}

sweep_status sweep_gpu_device_count(int *count, char *reason, size_t reason_len) {
    int c = 0;
    cudaError_t err = cudaGetDeviceCount(&c);
    if (err != cudaSuccess) {
        *count = 0;
        /* The runtime says "insufficient driver" also when there is none at all. */
        void *driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
        if (!driver && reason && reason_len)
            snprintf(reason, reason_len, "no CUDA driver (libcuda.so.1 cannot be loaded)");
        else if (reason && reason_len)
            snprintf(reason, reason_len, "CUDA runtime cannot use the driver: %s (%s)",
                     cudaGetErrorString(err), cudaGetErrorName(err));
        if (driver) dlclose(driver);
        (void)cudaGetLastError();
        return SWEEP_OK;
    }
    *count = c;
    if (c == 0 && reason && reason_len) snprintf(reason, reason_len, "no CUDA device");
    return SWEEP_OK;
}

sweep_status sweep_gpu_device_name(int device, char *buf, size_t len) {
    cudaDeviceProp p;
    cudaError_t err = cudaGetDeviceProperties(&p, device);
    if (err != cudaSuccess) {
        (void)cudaGetLastError();
        return SWEEP_ERR_DEVICE;
    }
    if (len) {
        strncpy(buf, p.name, len - 1);
        buf[len - 1] = '\0';
    }
    return SWEEP_OK;
}

sweep_status sweep_gpu_device_query(sweep_gpu_handle *probe, sweep_gpu_device_info *info) {
    SWEEP_GPU_TRY(probe, cudaSetDevice(probe->device));
    cudaDeviceProp p;
    SWEEP_GPU_TRY(probe, cudaGetDeviceProperties(&p, probe->device));
    if (p.warpSize != SWEEP_WARP_SIZE)
        return sweep_gpu_report(probe, SWEEP_ERR_BACKEND_UNAVAILABLE,
                                "the device's warp size differs from the build's");
    info->vendor = SWEEP_GPU_NVIDIA;
    info->cc_major = p.major;
    info->cc_minor = p.minor;
    snprintf(info->arch, sizeof info->arch, "sm_%d%d", p.major, p.minor);
    info->sm_count = p.multiProcessorCount;
    info->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
    info->smem_per_sm = p.sharedMemPerMultiprocessor;
    info->smem_per_block = p.sharedMemPerBlockOptin;
    info->dependent_launch = p.major >= 9;
    info->cooperative_launch = p.cooperativeLaunch;
    /* tests: the runtime's launch, the driver path's fallback (cuda_launch.cu) */
    info->runtime_launch = sweep_gpu_env_int("RUNTIME_LAUNCH", 0) != 0;
    return SWEEP_OK;
}
