// peers_gnu_parallel.cpp -- libstdc++ parallel mode on all cores (OpenMP): the
// __gnu_parallel partial_sum, accumulate, sort (also of (key, value) pairs by key, the
// peer of radix sort pairs; unstable, as a user would pick it for speed), stable_sort
// and merge, and an
// OpenMP-parallel memcpy as the host bandwidth reference. This is the only source
// built with -fopenmp -D_GLIBCXX_PARALLEL; it calls __gnu_parallel:: explicitly so
// that what is measured does not depend on the macro's dispatch thresholds being
// taken for the std:: names.
#include "bench_dtype.h"
#include "bench_host_loop.h"
#include "bench_inputs.h"
#include "bench_pairs.h"
#include "bench_suites.h"

#include <omp.h>
#include <parallel/algorithm>
#include <parallel/numeric>

#include <cstring>
#include <vector>

namespace sweepbench {

namespace {

// Each thread copies one contiguous slice, so every core's memory path is used.
void parallel_memcpy(void *dst, const void *src, std::size_t bytes) {
    const long threads = omp_get_max_threads();
    const std::size_t slice =
        (bytes + static_cast<std::size_t>(threads) - 1) / static_cast<std::size_t>(threads);
#pragma omp parallel for schedule(static)
    for (long t = 0; t < threads; ++t) {
        const std::size_t begin = static_cast<std::size_t>(t) * slice;
        if (begin < bytes) {
            const std::size_t len = begin + slice < bytes ? slice : bytes - begin;
            std::memcpy(static_cast<char *>(dst) + begin, static_cast<const char *>(src) + begin,
                        len);
        }
    }
}

void run_parallel_pairs(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto keys = input_values(SWEEP_U32, n);
    const auto *k = reinterpret_cast<const std::uint32_t *>(keys->data());
    std::vector<KeyValue> in(n), out(n);
    for (std::size_t i = 0; i < n; ++i)
        in[i] = KeyValue{k[i], static_cast<std::uint32_t>(i)};
    time_host_calls(
        state, [&] { parallel_memcpy(out.data(), in.data(), n * sizeof(KeyValue)); },
        [&] { __gnu_parallel::sort(out.begin(), out.end(), KeyLess()); });
    benchmark::DoNotOptimize(out.data());
    record_counters(state, c, 0);
}

template <class T> void run_parallel(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto values = c.primitive == Primitive::Merge ? input_sorted_halves(c.dtype, n)
                                                  : input_values(c.dtype, n);
    const T *x = reinterpret_cast<const T *>(values->data());
    std::vector<T> out(n);
    T *y = out.data();
    const auto nothing = [] {};
    const auto restore = [&] { parallel_memcpy(y, x, n * sizeof(T)); };
    T sum{};
    switch (c.primitive) {
    case Primitive::Scan:
        time_host_calls(state, nothing, [&] { __gnu_parallel::partial_sum(x, x + n, y); });
        break;
    case Primitive::Reduce:
        time_host_calls(state, nothing, [&] {
            sum = __gnu_parallel::accumulate(x, x + n, T{});
            benchmark::DoNotOptimize(sum);
        });
        break;
    case Primitive::RadixSort:
        time_host_calls(state, restore, [&] { __gnu_parallel::sort(y, y + n); });
        break;
    case Primitive::MergeSort:
        time_host_calls(state, restore, [&] { __gnu_parallel::stable_sort(y, y + n); });
        break;
    case Primitive::Merge: {
        // libstdc++ 12's parallel merge does not compile for pointers to const (its
        // multiseq_partition drops the qualifier); the input is only read.
        T *m = const_cast<T *>(x);
        time_host_calls(state, nothing,
                        [&] { __gnu_parallel::merge(m, m + n / 2, m + n / 2, m + n, y); });
        break;
    }
    case Primitive::Copy:
        time_host_calls(state, nothing, [&] { parallel_memcpy(y, x, n * sizeof(T)); });
        break;
    case Primitive::SegmentedScan:
    case Primitive::ScanByKey:
    case Primitive::Split:
    case Primitive::Compact:
    case Primitive::AffineScan:
    case Primitive::RadixSortPairs: state.SkipWithError("no parallel-mode peer"); return;
    }
    benchmark::DoNotOptimize(y);
    record_counters(state, c, 0);
}

void run_parallel_any(benchmark::State &state, const CaseId &c) {
    if (c.primitive == Primitive::RadixSortPairs) return run_parallel_pairs(state, c);
    with_dtype(c.dtype, [&](auto zero) {
        run_parallel<decltype(zero)>(state, c);
        return 0;
    });
}

} // namespace

std::string register_gnu_parallel_peers(const Options &o) {
    if (wants_peer(o, "gnu_parallel")) {
        register_cases(o, "gnu_parallel", Device::Cpu, false, true,
                       {Primitive::Scan, Primitive::Reduce, Primitive::RadixSort,
                        Primitive::RadixSortPairs, Primitive::MergeSort, Primitive::Merge},
                       run_parallel_any);
    }
    if (wants_peer(o, "omp_memcpy"))
        register_cases(o, "omp_memcpy", Device::Cpu, false, true, {Primitive::Copy},
                       run_parallel_any);
    return "host: " + std::to_string(omp_get_max_threads()) + " OpenMP threads";
}

} // namespace sweepbench
