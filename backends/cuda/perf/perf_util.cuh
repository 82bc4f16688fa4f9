/*
 * perf_util.cuh -- what sweep-cuda-perf's rows and kernel variants share: checked
 * CUDA and sweep calls, hashed inputs, the median of event-timed runs, the check of a
 * result against CUB's and the printed row.
 */
#ifndef SWEEP_CUDA_PERF_UTIL_CUH
#define SWEEP_CUDA_PERF_UTIL_CUH

#include <sweep/sweep.h>

#include <algorithm>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));     \
            exit(2);                                                                               \
        }                                                                                          \
    } while (0)
#define SK(x)                                                                                      \
    do {                                                                                           \
        sweep_status s_ = (x);                                                                     \
        if (s_ != SWEEP_OK) {                                                                      \
            fprintf(stderr, "%s:%d %s: %s %s\n", __FILE__, __LINE__, #x, sweep_status_string(s_),  \
                    sweep_last_error());                                                           \
            exit(2);                                                                               \
        }                                                                                          \
    } while (0)

__device__ unsigned long long mix(unsigned long long x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}
template <class T> __global__ void fill(T *p, size_t n, unsigned long long seed) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        p[i] = (T)mix(i ^ (seed << 40));
}
__global__ void fill_flags(uint8_t *f, size_t n, unsigned period, int random) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        f[i] = random ? (uint8_t)(mix(i * 7 + 3) & 1) : (uint8_t)(i % period == 0);
}
__global__ void fill_runs(unsigned *k, size_t n, unsigned period) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        k[i] = (unsigned)(i / period);
}

template <class F> static double median_ms(F &&f, int reps = 15) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    f();
    f();
    CK(cudaDeviceSynchronize());
    std::vector<float> t;
    for (int r = 0; r < reps; ++r) {
        CK(cudaEventRecord(a));
        f();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    return t[t.size() / 2];
}

/* A kernel that holds the GPU until the host sets *flag (or about 0.5 s pass, so a
 * timed call that waits on the GPU cannot hang the benchmark). */
__global__ void hold_gpu(const volatile int *flag) {
    const long long t0 = clock64();
    while (*flag == 0 && clock64() - t0 < 1000000000ll) {
    }
}

/* The median GPU time of f in microseconds with the launch cost taken out, as
 * nvbench's cold measurement does it: the caches are flushed, the GPU is held while
 * the host queues the events and f's launches, then released, so the time between
 * the events is the GPU's alone. median_ms instead times a call on an idle GPU and
 * so also counts the host's cost of reaching the GPU (about 4 us a launch on the
 * H100's 16-core host). A reading near 0.5 s means f waited on the GPU itself. */
template <class F> static double held_median_us(F &&f, int reps = 101) {
    int *flag_h, *flag_d;
    CK(cudaHostAlloc((void **)&flag_h, sizeof(int), cudaHostAllocMapped));
    CK(cudaHostGetDevicePointer((void **)&flag_d, flag_h, 0));
    void *flush;
    const size_t flush_bytes = (size_t)128 << 20; /* beyond the 50 MB L2 */
    CK(cudaMalloc(&flush, flush_bytes));
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    f();
    CK(cudaDeviceSynchronize());
    std::vector<float> t;
    for (int r = 0; r < reps; ++r) {
        CK(cudaMemsetAsync(flush, r & 0xff, flush_bytes));
        __atomic_store_n(flag_h, 0, __ATOMIC_SEQ_CST);
        hold_gpu<<<1, 1>>>(flag_d);
        CK(cudaGetLastError());
        CK(cudaEventRecord(a));
        f();
        CK(cudaEventRecord(b));
        __atomic_store_n(flag_h, 1, __ATOMIC_SEQ_CST);
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms * 1000.0f);
    }
    std::sort(t.begin(), t.end());
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    CK(cudaFree(flush));
    CK(cudaFreeHost(flag_h));
    return t[t.size() / 2];
}

static int failures = 0;
template <class T> static void same(const char *what, const T *x, const T *y, size_t n) {
    std::vector<T> a(n), b(n);
    CK(cudaMemcpy(a.data(), x, n * sizeof(T), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(b.data(), y, n * sizeof(T), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < n; ++i)
        if (memcmp(&a[i], &b[i], sizeof(T)) != 0) {
            printf("MISMATCH %s at %zu\n", what, i);
            ++failures;
            return;
        }
}

static void row(const char *what, double sweep_ms, double cub_ms, double target,
                bool lower_is_ratio = false) {
    double ratio = cub_ms / sweep_ms;
    if (target <= 0) { /* a row without a target */
        printf("%-34s sweep %8.3f ms  cub %8.3f ms  speedup %.2fx (no target)\n", what, sweep_ms,
               cub_ms, ratio);
    } else if (lower_is_ratio) {
        double frac = sweep_ms / cub_ms;
        printf("%-34s sweep %8.3f ms  cub %8.3f ms  sweep/cub time %.2f (target <= %.2f) %s\n",
               what, sweep_ms, cub_ms, frac, target, frac <= target ? "MET" : "missed");
    } else {
        printf("%-34s sweep %8.3f ms  cub %8.3f ms  speedup %.2fx (target >= %.2fx) %s\n", what,
               sweep_ms, cub_ms, ratio, target, ratio >= target ? "MET" : "missed");
    }
    fflush(stdout);
}

#endif /* SWEEP_CUDA_PERF_UTIL_CUH */
