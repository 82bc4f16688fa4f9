/*
 * cuda_launch.cu -- launches through the driver (cuda_launch.cuh): cuLaunchKernel,
 * fetched from the driver once per process (the plugin links no libcuda), and per
 * handle a table from a kernel's host address to its driver handle in the handle's
 * context, filled on each kernel's first launch. A context is used by one thread at a
 * time (sweep.h), so the table takes no lock.
 */
#include "cuda_launch.cuh"

#include <cuda.h>
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
struct sweep_cuda_functions {
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

static sweep_cuda_function *find(sweep_cuda_functions *t, const void *kernel) {
    for (size_t i = slot_of(kernel, t->cap);; i = (i + 1) & (t->cap - 1))
        if (t->slot[i].kernel == kernel || !t->slot[i].kernel) return &t->slot[i];
}

/* Twice the slots (or the first 64), every entry moved. False without memory. */
static bool grow(sweep_cuda *h) {
    sweep_cuda_functions *t = h->functions;
    if (!t) {
        t = (sweep_cuda_functions *)calloc(1, sizeof *t);
        if (!t) return false;
        h->functions = t;
    }
    const size_t cap = t->cap ? 2 * t->cap : 64;
    sweep_cuda_function *slot = (sweep_cuda_function *)calloc(cap, sizeof *slot);
    if (!slot) return false;
    sweep_cuda_functions bigger = {cap, t->len, slot};
    for (size_t i = 0; i < t->cap; ++i)
        if (t->slot[i].kernel) *find(&bigger, t->slot[i].kernel) = t->slot[i];
    free(t->slot);
    *t = bigger;
    return true;
}

/* The kernel's entry, added if new; NULL without memory for it. */
static sweep_cuda_function *entry(sweep_cuda *h, const void *kernel) {
    sweep_cuda_functions *t = h->functions;
    if (t && t->cap) {
        sweep_cuda_function *e = find(t, kernel);
        if (e->kernel) return e;
    }
    if (!t || 2 * (t->len + 1) > t->cap) {
        if (!grow(h)) return NULL;
        t = h->functions;
    }
    sweep_cuda_function *e = find(t, kernel);
    e->kernel = kernel;
    e->fn = NULL;
    ++t->len;
    return e;
}

bool sweep_cuda_driver_launch(sweep_cuda *h, const void *kernel, dim3 grid, dim3 block,
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
    if (launch(e->fn, grid.x, grid.y, grid.z, block.x, block.y, block.z, smem, (CUstream)h->stream,
               args, NULL) == CUDA_SUCCESS)
        return true;
    /* Looked up again next time: the context may have been reset meanwhile. */
    e->fn = NULL;
    return false;
}

void sweep_cuda_functions_release(sweep_cuda *h) {
    if (!h->functions) return;
    free(h->functions->slot);
    free(h->functions);
    h->functions = NULL;
}
