/*
 * cuda_launch.cu -- the CUDA plugin's launches of its own kernels (gpu_runtime.h).
 * Through the driver: cuLaunchKernel, fetched from the driver once per process (the
 * plugin links no libcuda), and per handle a table from a kernel's host address to
 * its driver handle in the handle's context, filled on each kernel's first launch. A
 * context is used by one thread at a time (sweep.h), so the table takes no lock. The
 * runtime's launch finds that handle again on every call, which costs the short calls
 * (gpu/host/launch.cuh says how much); where the driver declines, the runtime
 * launches instead. And the launches with an attribute: dependent (programmatic
 * stream serialization, sm_90 and later) and cooperative.
 */
#include "gpu/host/gpu_backend.h"

#include <cuda.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdlib.h>

typedef CUresult (*sweep_cu_launch_kernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                                           unsigned, unsigned, unsigned, CUstream, void **,
                                           void **);

struct sweep_cuda_function {
    const void *kernel; /* NULL: a free slot */
    CUfunction fn;      /* NULL: to be looked up (again) */
};

/* Open addressing with linear probing, at most half full. */
struct sweep_gpu_launch_cache {
    size_t cap; /* a power of two */
    size_t len;
    sweep_cuda_function *slot;
};

/* cuLaunchKernel as of CUDA 12.0 (its interface has not changed since 4.0); NULL
 * where the driver does not give it. */
static sweep_cu_launch_kernel driver_launch_kernel() {
    static const sweep_cu_launch_kernel fn = [] {
        void *p = NULL;
        cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
        const cudaError_t err = cudaGetDriverEntryPointByVersion("cuLaunchKernel", &p, 12000,
                                                                 cudaEnableDefault, &found);
        if (err != cudaSuccess || found != cudaDriverEntryPointSuccess) {
            (void)cudaGetLastError();
            return (sweep_cu_launch_kernel)NULL;
        }
        return (sweep_cu_launch_kernel)p;
    }();
    return fn;
}

static size_t slot_of(const void *kernel, size_t cap) {
    return (size_t)((((uintptr_t)kernel >> 4) * 0x9e3779b97f4a7c15ull) >> 32) & (cap - 1);
}

static sweep_cuda_function *find(sweep_gpu_launch_cache *t, const void *kernel) {
    for (size_t i = slot_of(kernel, t->cap);; i = (i + 1) & (t->cap - 1))
        if (t->slot[i].kernel == kernel || !t->slot[i].kernel) return &t->slot[i];
}

/* Twice the slots (or the first 64), every entry moved. False without memory. */
static bool grow(sweep_gpu_handle *h) {
    sweep_gpu_launch_cache *t = h->launch_cache;
    if (!t) {
        t = (sweep_gpu_launch_cache *)calloc(1, sizeof *t);
        if (!t) return false;
        h->launch_cache = t;
    }
    const size_t cap = t->cap ? 2 * t->cap : 64;
    sweep_cuda_function *slot = (sweep_cuda_function *)calloc(cap, sizeof *slot);
    if (!slot) return false;
    sweep_gpu_launch_cache bigger = {cap, t->len, slot};
    for (size_t i = 0; i < t->cap; ++i)
        if (t->slot[i].kernel) *find(&bigger, t->slot[i].kernel) = t->slot[i];
    free(t->slot);
    *t = bigger;
    return true;
}

/* The kernel's entry, added if new; NULL without memory for it. */
static sweep_cuda_function *entry(sweep_gpu_handle *h, const void *kernel) {
    sweep_gpu_launch_cache *t = h->launch_cache;
    if (t && t->cap) {
        sweep_cuda_function *e = find(t, kernel);
        if (e->kernel) return e;
    }
    if (!t || 2 * (t->len + 1) > t->cap) {
        if (!grow(h)) return NULL;
        t = h->launch_cache;
    }
    sweep_cuda_function *e = find(t, kernel);
    e->kernel = kernel;
    e->fn = NULL;
    ++t->len;
    return e;
}

/* Queues the kernel through the driver: false where it could not (no handle for it,
 * or the driver refused), so the caller launches it through the runtime. */
static bool driver_launch(sweep_gpu_handle *h, const void *kernel, unsigned grid, unsigned block,
                          unsigned smem, void **args) {
    if (h->runtime_launch) return false;
    const sweep_cu_launch_kernel launch = driver_launch_kernel();
    if (!launch) return false;
    sweep_cuda_function *e = entry(h, kernel);
    if (!e) return false;
    if (!e->fn) {
        /* the kernel in the current context, which is the handle's */
        cudaFunction_t f = NULL;
        if (cudaGetFuncBySymbol(&f, kernel) != cudaSuccess) {
            (void)cudaGetLastError();
            return false;
        }
        e->fn = (CUfunction)f;
    }
    if (launch(e->fn, grid, 1, 1, block, 1, 1, smem, (CUstream)h->stream, args, NULL) ==
        CUDA_SUCCESS)
        return true;
    /* Looked up again next time: the context may have been reset meanwhile. */
    e->fn = NULL;
    return false;
}

sweep_gpu_error sweep_gpu_launch_kernel(sweep_gpu_handle *h, const void *kernel, unsigned grid,
                                        unsigned block, size_t smem, void **args) {
    if (driver_launch(h, kernel, grid, block, (unsigned)smem, args)) return cudaSuccess;
    return cudaLaunchKernel(kernel, dim3(grid), dim3(block), args, smem, (cudaStream_t)h->stream);
}

void sweep_gpu_launch_release(sweep_gpu_handle *h) {
    if (!h->launch_cache) return;
    free(h->launch_cache->slot);
    free(h->launch_cache);
    h->launch_cache = NULL;
}

/* One launch with one attribute. */
static cudaError_t launch_with(const cudaLaunchAttribute &attr, sweep_gpu_stream stream,
                               const void *kernel, unsigned grid, unsigned block, size_t smem,
                               void **args) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(grid);
    cfg.blockDim = dim3(block);
    cfg.dynamicSmemBytes = smem;
    cfg.stream = (cudaStream_t)stream;
    cfg.attrs = const_cast<cudaLaunchAttribute *>(&attr);
    cfg.numAttrs = 1;
    return cudaLaunchKernelExC(&cfg, kernel, args);
}

sweep_gpu_error sweep_gpu_launch_dependent(sweep_gpu_stream stream, const void *kernel,
                                           unsigned grid, unsigned block, void **args) {
    cudaLaunchAttribute attr = {};
    attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr.val.programmaticStreamSerializationAllowed = 1;
    return launch_with(attr, stream, kernel, grid, block, 0, args);
}

sweep_gpu_error sweep_gpu_launch_cooperative(sweep_gpu_stream stream, const void *kernel,
                                             unsigned grid, unsigned block, size_t smem,
                                             void **args, int *too_large) {
    cudaLaunchAttribute attr = {};
    attr.id = cudaLaunchAttributeCooperative;
    attr.val.cooperative = 1;
    const cudaError_t err = launch_with(attr, stream, kernel, grid, block, smem, args);
    *too_large = err == cudaErrorCooperativeLaunchTooLarge;
    if (!*too_large) return err;
    (void)cudaGetLastError(); /* not sticky */
    return cudaSuccess;
}
