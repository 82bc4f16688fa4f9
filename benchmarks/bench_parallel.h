// bench_parallel.h -- the host loops of the harness (input generation, result checks)
// on every core with OpenMP, or on one thread where the compiler has no OpenMP. Every
// helper gives the result of the plain loop it replaces, whatever the thread count:
// work is split into contiguous parts of the index range and the parts' results are
// combined in index order.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#define SWEEP_BENCH_PARALLEL_FOR _Pragma("omp parallel for schedule(static)")
#define SWEEP_BENCH_PARALLEL_FOR_DYNAMIC _Pragma("omp parallel for schedule(dynamic, 1)")
#else
#define SWEEP_BENCH_PARALLEL_FOR
#define SWEEP_BENCH_PARALLEL_FOR_DYNAMIC
#endif

namespace sweepbench {

// The threads a parallel loop of the harness runs on.
inline std::size_t host_threads() {
#ifdef _OPENMP
    return static_cast<std::size_t>(omp_get_max_threads());
#else
    return 1;
#endif
}

// Below this many elements a loop stays on the calling thread.
constexpr std::size_t kParallelGrain = std::size_t{1} << 14;

// How many parts [0, n) is split into: a few per thread for balance, none shorter
// than grain elements (one part for small n, so small inputs start no threads' work).
inline std::size_t part_count(std::size_t n, std::size_t grain = kParallelGrain) {
    const std::size_t most = host_threads() * 4;
    const std::size_t by_size = n / grain;
    return std::max<std::size_t>(1, std::min(most, by_size));
}

// The first element of part p of parts over [0, n) (n * parts stays far below 2^64).
inline std::size_t part_begin(std::size_t n, std::size_t parts, std::size_t p) {
    return n / parts * p + n % parts * p / parts;
}

// Calls body(p, begin, end) for every part p of [0, n), in parallel (one part: on the
// calling thread).
template <class Body> void for_parts(std::size_t n, std::size_t parts, Body &&body) {
    if (parts <= 1) {
        body(std::size_t{0}, std::size_t{0}, n);
        return;
    }
    SWEEP_BENCH_PARALLEL_FOR_DYNAMIC
    for (std::size_t p = 0; p < parts; ++p)
        body(p, part_begin(n, parts, p), part_begin(n, parts, p + 1));
}

// Calls body(i) for every i in [0, n), in parallel (static parts) where n is large.
template <class Body> void parallel_for(std::size_t n, Body &&body) {
    if (n < kParallelGrain) {
        for (std::size_t i = 0; i < n; ++i)
            body(i);
        return;
    }
    SWEEP_BENCH_PARALLEL_FOR
    for (std::size_t i = 0; i < n; ++i)
        body(i);
}

// The smallest i in [0, n) where bad(i) holds, n where none does: what a loop that
// stops at its first failure finds. bad must not depend on the order of the calls.
// grain: the fewest calls of bad a part makes (more where a call is cheap).
template <class Bad>
std::size_t first_where(std::size_t n, Bad &&bad, std::size_t grain = kParallelGrain) {
    const std::size_t parts = part_count(n, grain);
    std::atomic<std::size_t> best{n};
    constexpr std::size_t kBlock = 4096;
    for_parts(n, parts, [&](std::size_t, std::size_t begin, std::size_t end) {
        for (std::size_t block = begin; block < end; block += kBlock) {
            if (block >= best.load(std::memory_order_relaxed)) return; // an earlier one is known
            const std::size_t stop = std::min(end, block + kBlock);
            for (std::size_t i = block; i < stop; ++i) {
                if (bad(i)) {
                    std::size_t seen = best.load(std::memory_order_relaxed);
                    while (i < seen && !best.compare_exchange_weak(seen, i)) {
                    }
                    return;
                }
            }
        }
    });
    return best.load();
}

// The sum of f(i) over [0, n) in an unsigned integer type (wrapping; the order of the
// terms does not change it).
template <class U, class F> U sum_over(std::size_t n, F &&f) {
    const std::size_t parts = part_count(n);
    std::vector<U> partial(parts, U{0});
    for_parts(n, parts, [&](std::size_t p, std::size_t begin, std::size_t end) {
        U s{0};
        for (std::size_t i = begin; i < end; ++i)
            s = static_cast<U>(s + f(i));
        partial[p] = s;
    });
    U total{0};
    for (U s : partial)
        total = static_cast<U>(total + s);
    return total;
}

} // namespace sweepbench
