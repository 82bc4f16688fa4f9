/*
 * hip_device.cpp -- the HIP plugin's devices (gpu_runtime.h): how many there are (and
 * if none, why), their names and properties. The plugin links libamdhip64: where
 * that library is missing the plugin does not load and the core reports the loader's
 * message; where it loads but finds no GPU, device_count says so and AUTO moves on.
 */
#include "hip_backend.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Whether an architecture name from the runtime ("gfx90a:sramecc+:xnack-") is one
 * the plugin carries code for: targets are compared without their feature suffixes. */
static int arch_built(const char *arch) {
    const size_t alen = strcspn(arch, ":");
    const char *t = SWEEP_HIP_TARGETS;
    while (*t) {
        const size_t len = strcspn(t, ",");
        const size_t base = strcspn(t, ":,");
        if (base == alen && strncmp(t, arch, alen) == 0) return 1;
        t += len;
        if (*t == ',') ++t;
    }
    return 0;
}

sweep_status sweep_gpu_device_count(int *count, char *reason, size_t reason_len) {
    int c = 0;
    hipError_t err = hipGetDeviceCount(&c);
    (void)hipGetLastError();
    *count = 0;
    if (err != hipSuccess || c <= 0) {
        char why[128];
        sweep_hip_describe(err, why, sizeof why);
        /* The runtime answers the same whether the driver or the GPU is absent. */
        const int kfd = access("/dev/kfd", F_OK) == 0;
        if (reason && reason_len)
            snprintf(reason, reason_len, "no device: the HIP runtime finds no AMD GPU (%s%s)",
                     err == hipSuccess ? "0 devices" : why,
                     kfd ? "" : "; /dev/kfd is missing: no amdgpu kernel driver here");
        return SWEEP_OK;
    }
    /* Usable only if some device runs one of the targets the plugin was built for. */
    int usable = 0;
    char first_arch[64] = "";
    for (int d = 0; d < c; ++d) {
        hipDeviceProp_t p;
        if (hipGetDeviceProperties(&p, d) != hipSuccess) continue;
        if (!first_arch[0]) snprintf(first_arch, sizeof first_arch, "%s", p.gcnArchName);
        usable |= arch_built(p.gcnArchName);
    }
    (void)hipGetLastError();
    if (!usable) {
        if (reason && reason_len)
            snprintf(reason, reason_len,
                     "no device it was built for: device 0 is %s, the plugin has code for %s "
                     "(rebuild with -DSWEEP_HIP_ARCHITECTURES=...)",
                     first_arch[0] ? first_arch : "unknown", SWEEP_HIP_TARGETS);
        return SWEEP_OK;
    }
    *count = c;
    return SWEEP_OK;
}

sweep_status sweep_gpu_device_name(int device, char *buf, size_t len) {
    hipDeviceProp_t p;
    if (hipGetDeviceProperties(&p, device) != hipSuccess) {
        (void)hipGetLastError();
        return SWEEP_ERR_DEVICE;
    }
    if (len) snprintf(buf, len, "%s (%s)", p.name, p.gcnArchName);
    return SWEEP_OK;
}

sweep_status sweep_gpu_device_query(sweep_gpu_handle *probe, sweep_gpu_device_info *info) {
    SWEEP_GPU_TRY(probe, hipSetDevice(probe->device));
    hipDeviceProp_t p;
    SWEEP_GPU_TRY(probe, hipGetDeviceProperties(&p, probe->device));
    if (!arch_built(p.gcnArchName)) {
        char msg[384];
        snprintf(msg, sizeof msg, "device %d is %s; the plugin has code for %s only", probe->device,
                 p.gcnArchName, SWEEP_HIP_TARGETS);
        return sweep_gpu_report(probe, SWEEP_ERR_BACKEND_UNAVAILABLE, msg);
    }
    /* The device code takes its wavefront size per target (util/compat.cuh): 64 on
     * gfx9 (CDNA), 32 on gfx10 and later built for wave32, which is hipcc's default. */
    const int want_wave = strncmp(p.gcnArchName, "gfx9", 4) == 0 ? 64 : 32;
    if (p.warpSize != want_wave) {
        char msg[256];
        snprintf(msg, sizeof msg, "device %d (%s) runs wavefronts of %d, the build assumes %d",
                 probe->device, p.gcnArchName, p.warpSize, want_wave);
        return sweep_gpu_report(probe, SWEEP_ERR_BACKEND_UNAVAILABLE, msg);
    }
    info->vendor = SWEEP_GPU_AMD;
    snprintf(info->arch, sizeof info->arch, "%s", p.gcnArchName);
    info->sm_count = p.multiProcessorCount;
    info->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
    /* ROCm has reported 0 here on some releases; a CU runs 2048 threads on CDNA and RDNA. */
    if (info->max_threads_per_sm <= 0) info->max_threads_per_sm = 2048;
    info->smem_per_sm = p.maxSharedMemoryPerMultiProcessor;
    /* no kernel's dynamic limit is raised under HIP: 48 KB at most */
    info->smem_per_block = p.sharedMemPerBlock < 48 * 1024 ? p.sharedMemPerBlock : 48 * 1024;
    info->dependent_launch = 0; /* no programmatic dependent launch under HIP */
    /* the one-kernel split needs CUDA's grid synchronisation (util/compat.cuh) */
    info->cooperative_launch = 0;
    info->runtime_launch = 0; /* the runtime's launch is the only one */
    return SWEEP_OK;
}
