/*
 * cuda_device.cu -- the CUDA runtime glue: devices, opening a handle, memory,
 * copies, streams and error reporting. The runtime is linked statically, so the
 * plugin loads wherever libsweep does; without a driver or a device the runtime's
 * own answer becomes device_count's reason and the core moves on.
 */
#include "cuda_backend.h"
#include "cuda_launch.cuh"
#include "cuda_rtc.h"
#include "gpu/gpu_compat.cuh"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

sweep_status sweep_cuda_report(const sweep_cuda *h, sweep_status status, const char *message) {
    if (h && h->report) h->report(status, message);
    return status;
}

sweep_status sweep_cuda_fail(const sweep_cuda *h, cudaError_t err, const char *what) {
    const sweep_status st =
        err == cudaErrorMemoryAllocation ? SWEEP_ERR_OUT_OF_MEMORY : SWEEP_ERR_DEVICE;
    char msg[384];
    snprintf(msg, sizeof msg, "cuda: %s: %s (%s)", what, cudaGetErrorString(err),
             cudaGetErrorName(err));
    /* Clears a non-sticky error (an allocation failure) so later calls start clean. */
    (void)cudaGetLastError();
    return sweep_cuda_report(h, st, msg);
}

unsigned sweep_cuda_grid(const sweep_cuda *h, size_t work, unsigned threads) {
    size_t want = (work + threads - 1) / threads;
    size_t cap = (size_t)h->sm_count * (size_t)(h->max_threads_per_sm / (int)threads) * 2;
    if (h->grid_cap > 0 && cap > (size_t)h->grid_cap) cap = (size_t)h->grid_cap;
    if (cap == 0) cap = 1;
    if (want > cap) want = cap;
    return want ? (unsigned)want : 1u;
}

sweep_status sweep_cuda_device_count(int *count, char *reason, size_t reason_len) {
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

sweep_status sweep_cuda_device_name(int device, char *buf, size_t len) {
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

static int env_int(const char *name, int fallback) {
    const char *v = getenv(name);
    if (!v || !*v) return fallback;
    char *end = NULL;
    long x = strtol(v, &end, 10);
    if (end == v || x < 0 || x > 1000000000L) return fallback;
    return (int)x;
}

sweep_status sweep_cuda_open(const sweep_backend_open_args *args, void **handle,
                             sweep_backend_props *props) {
    sweep_cuda probe;
    memset(&probe, 0, sizeof probe);
    probe.report = args->report;
    probe.device = args->device;
    SWEEP_CUDA_TRY(&probe, cudaSetDevice(args->device));
    cudaDeviceProp p;
    SWEEP_CUDA_TRY(&probe, cudaGetDeviceProperties(&p, args->device));
    if (p.warpSize != SWEEP_WARP_SIZE)
        return sweep_cuda_report(&probe, SWEEP_ERR_BACKEND_UNAVAILABLE,
                                 "cuda: the device's warp size differs from the build's");
    sweep_cuda *h = (sweep_cuda *)calloc(1, sizeof *h);
    if (!h) return sweep_cuda_report(&probe, SWEEP_ERR_OUT_OF_MEMORY, "cuda: out of host memory");
    h->device = args->device;
    h->stream = 0;
    h->report = args->report;
    h->options = args->options;
    h->sm_count = p.multiProcessorCount;
    h->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
    h->smem_per_sm = p.sharedMemPerMultiprocessor;
    h->smem_per_block = p.sharedMemPerBlockOptin;
    h->dependent_launch = p.major >= 9;
    h->stall_mod = (unsigned)env_int("SWEEP_CUDA_EMULATE_STALL", 0);
    h->spin_limit = env_int("SWEEP_CUDA_SPIN_LIMIT", 4000);
    h->grid_cap = env_int("SWEEP_CUDA_GRID_CAP", 0);
    h->runtime_launch = env_int("SWEEP_CUDA_RUNTIME_LAUNCH", 0) != 0;
    h->cooperative_launch = p.cooperativeLaunch;
    {
        const int bytes = env_int("SWEEP_CUDA_SPLIT_RESIDENT_BYTES", -1);
        h->split_resident_bytes = bytes >= 0 ? (size_t)bytes : SWEEP_CUDA_SPLIT_RESIDENT_BYTES;
        h->split_resident_blocks = (unsigned)env_int("SWEEP_CUDA_SPLIT_RESIDENT_BLOCKS", 0);
        h->split_resident_tiles = (unsigned)env_int("SWEEP_CUDA_SPLIT_RESIDENT_TILES", 0);
    }
    {
        const int hybrid = env_int("SWEEP_CUDA_RADIX_HYBRID_MIN", -1);
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

void sweep_cuda_close(void *hv) {
    sweep_cuda *h = (sweep_cuda *)hv;
    if (!h) return;
    if (cudaSetDevice(h->device) == cudaSuccess) (void)cudaStreamSynchronize(h->stream);
    sweep_cuda_radix_release(h);
    sweep_cuda_rtc_release(h);
    sweep_cuda_functions_release(h);
    (void)cudaGetLastError();
    free(h);
}

sweep_status sweep_cuda_alloc(void *hv, void **ptr, size_t bytes) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    void *p = NULL;
    SWEEP_CUDA_TRY(h, cudaMalloc(&p, bytes));
    *ptr = p;
    return SWEEP_OK;
}

sweep_status sweep_cuda_free(void *hv, void *ptr) {
    sweep_cuda *h = (sweep_cuda *)hv;
    if (!ptr) return SWEEP_OK;
    SWEEP_CUDA_ENTER(h);
    SWEEP_CUDA_TRY(h, cudaFree(ptr));
    return SWEEP_OK;
}

sweep_status sweep_cuda_memcpy(void *hv, void *dst, const void *src, size_t bytes,
                               sweep_copy_kind kind) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    cudaMemcpyKind k = kind == SWEEP_COPY_HOST_TO_DEVICE   ? cudaMemcpyHostToDevice
                       : kind == SWEEP_COPY_DEVICE_TO_HOST ? cudaMemcpyDeviceToHost
                                                           : cudaMemcpyDeviceToDevice;
    SWEEP_CUDA_TRY(h, cudaMemcpyAsync(dst, src, bytes, k, h->stream));
    /* Host memory is the caller's again on return (the host buffer may be reused at
     * once, pinned or not); device-to-device copies stay ordered on the stream. */
    if (kind != SWEEP_COPY_DEVICE_TO_DEVICE) SWEEP_CUDA_TRY(h, cudaStreamSynchronize(h->stream));
    return SWEEP_OK;
}

sweep_status sweep_cuda_memset(void *hv, void *dst, int value, size_t bytes) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    SWEEP_CUDA_TRY(h, cudaMemsetAsync(dst, value & 0xff, bytes, h->stream));
    return SWEEP_OK;
}

sweep_status sweep_cuda_set_stream(void *hv, void *native_stream) {
    sweep_cuda *h = (sweep_cuda *)hv;
    h->stream = (cudaStream_t)native_stream;
    return SWEEP_OK;
}

sweep_status sweep_cuda_synchronize(void *hv) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    SWEEP_CUDA_TRY(h, cudaStreamSynchronize(h->stream));
    return SWEEP_OK;
}
