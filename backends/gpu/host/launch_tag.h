/*
 * launch_tag.h -- tags that tell one launch's words in scratch from whatever scratch
 * held before (the look-back's tile states, device/lookback.cuh; the reduce's count
 * of blocks done, device/reduce_kernels.cuh), so that nothing need clear them first.
 */
#ifndef SWEEP_GPU_LAUNCH_TAG_H
#define SWEEP_GPU_LAUNCH_TAG_H

#include <atomic>
#include <chrono>
#include <stdint.h>

/* A fresh tag for each launch that uses tile states (lookback.cuh): consecutive
 * numbers from a start drawn once per process, so no two launches of the process
 * share one and data left in scratch by anything else matches with odds of 2^-62.
 * Low two bits clear (the status goes there), never zero. */
inline unsigned long long sweep_gpu_tile_tag() {
    static std::atomic<unsigned long long> next{
        (unsigned long long)std::chrono::steady_clock::now().time_since_epoch().count() *
            0x9e3779b97f4a7c15ull ^
        (unsigned long long)(uintptr_t)&next};
    unsigned long long t = 0;
    while (t == 0)
        t = next.fetch_add(1, std::memory_order_relaxed) << 2;
    return t;
}

#endif /* SWEEP_GPU_LAUNCH_TAG_H */
