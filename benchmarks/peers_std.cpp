// peers_std.cpp -- the C++ standard library on one core, on the same inputs as sweep:
// partial_sum (scan), accumulate (reduce), stable_partition (split), copy_if
// (compact), sort (radix sort's peer), stable_sort (merge sort's, and of (key, value)
// pairs by key: radix sort pairs' peer), merge, memcpy.
// Split and compact take the predicate split_flag_of(value), which is how the
// flags sweep reads were made.
#include "bench_dtype.h"
#include "bench_host_loop.h"
#include "bench_inputs.h"
#include "bench_pairs.h"
#include "bench_suites.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

namespace sweepbench {

namespace {

// Radix sort pairs' peer: (key, index) records sorted by key, stably as sweep does.
void run_std_pairs(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto keys = input_values(SWEEP_U32, n);
    const auto *k = reinterpret_cast<const std::uint32_t *>(keys->data());
    std::vector<KeyValue> in(n), out(n);
    for (std::size_t i = 0; i < n; ++i)
        in[i] = KeyValue{k[i], static_cast<std::uint32_t>(i)};
    time_host_calls(
        state, [&] { std::memcpy(out.data(), in.data(), n * sizeof(KeyValue)); },
        [&] { std::stable_sort(out.begin(), out.end(), KeyLess()); });
    benchmark::DoNotOptimize(out.data());
    record_counters(state, c, 0);
}

template <class T> void run_std(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto values = c.primitive == Primitive::Merge ? input_sorted_halves(c.dtype, n)
                                                  : input_values(c.dtype, n);
    const T *x = reinterpret_cast<const T *>(values->data());
    std::vector<T> out(n);
    T *y = out.data();
    const auto pred = [](const T &v) { return split_flag_of(v); };
    const auto nothing = [] {};
    const auto restore = [&] { std::memcpy(y, x, n * sizeof(T)); };
    std::size_t kept = 0;
    T sum{};
    switch (c.primitive) {
    case Primitive::Scan:
        time_host_calls(state, nothing, [&] { std::partial_sum(x, x + n, y); });
        break;
    case Primitive::Reduce:
        time_host_calls(state, nothing, [&] {
            sum = std::accumulate(x, x + n, T{});
            benchmark::DoNotOptimize(sum);
        });
        break;
    case Primitive::Split:
        time_host_calls(state, restore, [&] { std::stable_partition(y, y + n, pred); });
        break;
    case Primitive::Compact:
        kept = static_cast<std::size_t>(std::count_if(x, x + n, pred));
        time_host_calls(state, nothing, [&] { std::copy_if(x, x + n, y, pred); });
        break;
    case Primitive::RadixSort: time_host_calls(state, restore, [&] { std::sort(y, y + n); }); break;
    case Primitive::MergeSort:
        time_host_calls(state, restore, [&] { std::stable_sort(y, y + n); });
        break;
    case Primitive::Merge:
        time_host_calls(state, nothing, [&] { std::merge(x, x + n / 2, x + n / 2, x + n, y); });
        break;
    case Primitive::Copy:
        time_host_calls(state, nothing, [&] { std::memcpy(y, x, n * sizeof(T)); });
        break;
    case Primitive::SegmentedScan:
    case Primitive::ScanByKey:
    case Primitive::AffineScan:
    case Primitive::RadixSortPairs: state.SkipWithError("no std peer"); return;
    }
    benchmark::DoNotOptimize(y);
    record_counters(state, c, kept);
}

void run_std_any(benchmark::State &state, const CaseId &c) {
    if (c.primitive == Primitive::RadixSortPairs) return run_std_pairs(state, c);
    with_dtype(c.dtype, [&](auto zero) {
        run_std<decltype(zero)>(state, c);
        return 0;
    });
}

} // namespace

std::string register_std_peers(const Options &o) {
    if (wants_peer(o, "std")) {
        register_cases(o, "std", Device::Cpu, true, true,
                       {Primitive::Scan, Primitive::Reduce, Primitive::Split, Primitive::Compact,
                        Primitive::RadixSort, Primitive::RadixSortPairs, Primitive::MergeSort,
                        Primitive::Merge},
                       run_std_any);
    }
    if (wants_peer(o, "memcpy"))
        register_cases(o, "memcpy", Device::Cpu, true, true, {Primitive::Copy}, run_std_any);
    return "";
}

} // namespace sweepbench
