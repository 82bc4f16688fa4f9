/*
 * hip_device.cpp -- the HIP runtime glue for devices: how many there are (and if
 * none, why), their names, opening a handle and the grid size the launch code asks
 * for. Mirrors cuda_device.cu. The plugin links libamdhip64: where that library is
 * missing the plugin does not load and the core reports the loader's message; where
 * it loads but finds no GPU, device_count says so and AUTO moves on.
 */
#include "cuda/cuda_rtc.h"
#include "hip_backend.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

sweep_status sweep_hip_device_count(int *count, char *reason, size_t reason_len) {
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

sweep_status sweep_hip_device_name(int device, char *buf, size_t len) {
    hipDeviceProp_t p;
    if (hipGetDeviceProperties(&p, device) != hipSuccess) {
        (void)hipGetLastError();
        return SWEEP_ERR_DEVICE;
    }
    if (len) snprintf(buf, len, "%s (%s)", p.name, p.gcnArchName);
    return SWEEP_OK;
}

static int env_int(const char *name, int fallback) {
    const char *v = getenv(name);
    if (!v || !*v) return fallback;
    char *end = NULL;
    long x = strtol(v, &end, 10);
    if (end == v || x < 0 || x > 1000000000L) return fallback;
    return (int)x;
}

sweep_status sweep_hip_open(const sweep_backend_open_args *args, void **handle,
                            sweep_backend_props *props) {
    sweep_cuda probe;
    memset(&probe, 0, sizeof probe);
    probe.report = args->report;
    probe.device = args->device;
    SWEEP_CUDA_TRY(&probe, hipSetDevice(args->device));
    hipDeviceProp_t p;
    SWEEP_CUDA_TRY(&probe, hipGetDeviceProperties(&p, args->device));
    if (!arch_built(p.gcnArchName)) {
        char msg[384];
        snprintf(msg, sizeof msg, "hip: device %d is %s; the plugin has code for %s only",
                 args->device, p.gcnArchName, SWEEP_HIP_TARGETS);
        return sweep_cuda_report(&probe, SWEEP_ERR_BACKEND_UNAVAILABLE, msg);
    }
    /* The device code takes its wavefront size per target (gpu_compat.cuh): 64 on
     * gfx9 (CDNA), 32 on gfx10 and later built for wave32, which is hipcc's default. */
    const int want_wave = strncmp(p.gcnArchName, "gfx9", 4) == 0 ? 64 : 32;
    if (p.warpSize != want_wave) {
        char msg[256];
        snprintf(msg, sizeof msg, "hip: device %d (%s) runs wavefronts of %d, the build assumes %d",
                 args->device, p.gcnArchName, p.warpSize, want_wave);
        return sweep_cuda_report(&probe, SWEEP_ERR_BACKEND_UNAVAILABLE, msg);
    }
    sweep_cuda *h = (sweep_cuda *)calloc(1, sizeof *h);
    if (!h) return sweep_cuda_report(&probe, SWEEP_ERR_OUT_OF_MEMORY, "hip: out of host memory");
    h->device = args->device;
    h->stream = 0;
    h->report = args->report;
    h->options = args->options;
    h->sm_count = p.multiProcessorCount;
    h->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
    /* ROCm has reported 0 here on some releases; a CU runs 2048 threads on CDNA and RDNA. */
    if (h->max_threads_per_sm <= 0) h->max_threads_per_sm = 2048;
    h->smem_per_sm = p.maxSharedMemoryPerMultiProcessor;
    /* no kernel's dynamic limit is raised under HIP: 48 KB at most */
    h->smem_per_block = p.sharedMemPerBlock < 48 * 1024 ? p.sharedMemPerBlock : 48 * 1024;
    h->dependent_launch = 0; /* no programmatic dependent launch under HIP */
    /* the one-kernel split is CUDA's alone (cuda_split.cu) */
    h->cooperative_launch = 0;
    h->split_resident_bytes = 0;
    h->stall_mod = (unsigned)env_int("SWEEP_HIP_EMULATE_STALL", 0);
    h->spin_limit = env_int("SWEEP_HIP_SPIN_LIMIT", 4000);
    h->grid_cap = env_int("SWEEP_HIP_GRID_CAP", 0);
    {
        const int hybrid = env_int("SWEEP_HIP_RADIX_HYBRID_MIN", -1);
        h->radix_hybrid_min8 = hybrid >= 0 ? (size_t)hybrid : SWEEP_CUDA_HYBRID_MIN8;
        h->radix_hybrid_min4 = hybrid >= 0 ? (size_t)hybrid : SWEEP_CUDA_HYBRID_MIN4;
        h->radix_hybrid_min4_keys = hybrid >= 0 ? (size_t)hybrid : SWEEP_CUDA_HYBRID_MIN4_KEYS;
    }
    memset(props, 0, sizeof *props);
    props->flags = 0;
    props->scan_tile = SWEEP_CUDA_SCAN_TILE;
    props->split_tile = SWEEP_CUDA_SPLIT_TILE;
    props->radix_tile = SWEEP_CUDA_RADIX_TILE;
    props->sort_tile = SWEEP_CUDA_SORT_TILE;
    props->merge_part = SWEEP_CUDA_MERGE_PART;
    *handle = h;
    return SWEEP_OK;
}

void sweep_hip_close(void *hv) {
    sweep_cuda *h = (sweep_cuda *)hv;
    if (!h) return;
    if (hipSetDevice(h->device) == hipSuccess) (void)hipStreamSynchronize(h->stream);
    sweep_cuda_radix_release(h); /* the radix sort's pinned read-back buffer */
    (void)hipGetLastError();
    sweep_cuda_rtc_release(h); /* unloads the custom ops' modules */
    free(h);
}

unsigned sweep_cuda_grid(const sweep_cuda *h, size_t work, unsigned threads) {
    size_t want = (work + threads - 1) / threads;
    size_t cap = (size_t)h->sm_count * (size_t)(h->max_threads_per_sm / (int)threads) * 2;
    if (h->grid_cap > 0 && cap > (size_t)h->grid_cap) cap = (size_t)h->grid_cap;
    if (cap == 0) cap = 1;
    if (want > cap) want = cap;
    return want ? (unsigned)want : 1u;
}
