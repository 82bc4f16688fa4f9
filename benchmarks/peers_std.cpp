// peers_std.cpp -- the C++ standard library on one core, on the same inputs as sweep:
// partial_sum (scan: sum or max), accumulate (reduce), stable_partition (split),
// copy_if (compact), sort (radix sort's peer), stable_sort (merge sort's, and of (key,
// value) pairs by key: the pair sorts' peer; through an opaque comparator for the
// custom-comparator rows), merge, memcpy, unique_copy (unique) and a loop (run-length
// encoding, non-trivial runs).
// Split and compact take the predicate split_flag_of(value, percent), which is how
// the flags sweep reads were made.
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

// The pair sorts' peer: (key, index) records sorted by key, stably as sweep does (by
// an opaque comparator for the custom-comparator rows).
template <class K> void run_std_pairs(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    const std::vector<KeyValue<K>> in =
        make_pairs<K>(*input_for(c.primitive, c.dtype, n, c.variant), n);
    std::vector<KeyValue<K>> out(n);
    const auto restore = [&] { std::memcpy(out.data(), in.data(), n * sizeof(KeyValue<K>)); };
    if (custom_order(c.primitive))
        time_host_calls(state, restore,
                        [&] { std::stable_sort(out.begin(), out.end(), OpaqueKeyLess<K>()); });
    else
        time_host_calls(state, restore,
                        [&] { std::stable_sort(out.begin(), out.end(), KeyLess<K>()); });
    benchmark::DoNotOptimize(out.data());
    record_counters(state, c, 0);
}

// Unique (std::unique_copy) and the run-length encodings (a loop) on one core; the
// loop compares elements by ==, which on these inputs (no NaN, no signed zero) is
// sweep's comparison by bytes.
template <class T> void run_std_runs(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto runs = input_for(c.primitive, c.dtype, n, c.variant);
    const T *x = reinterpret_cast<const T *>(runs->data());
    const auto nothing = [] {};
    std::vector<T> unique(n);
    std::vector<std::size_t> first(n), lengths(n);
    std::size_t kept = 0;
    switch (c.primitive) {
    case Primitive::Unique:
        time_host_calls(state, nothing, [&] {
            kept =
                static_cast<std::size_t>(std::unique_copy(x, x + n, unique.data()) - unique.data());
        });
        break;
    case Primitive::RunLengthEncode:
        time_host_calls(state, nothing, [&] {
            std::size_t k = 0, start = 0;
            for (std::size_t i = 1; i <= n; ++i) {
                if (i < n && x[i] == x[i - 1]) continue;
                unique[k] = x[start];
                lengths[k++] = i - start;
                start = i;
            }
            kept = k;
        });
        break;
    case Primitive::NontrivialRuns:
        time_host_calls(state, nothing, [&] {
            std::size_t k = 0, start = 0;
            for (std::size_t i = 1; i <= n; ++i) {
                if (i < n && x[i] == x[i - 1]) continue;
                if (i - start > 1) {
                    first[k] = start;
                    lengths[k++] = i - start;
                }
                start = i;
            }
            kept = k;
        });
        break;
    default: state.SkipWithError("no std peer"); return;
    }
    benchmark::DoNotOptimize(unique.data());
    benchmark::DoNotOptimize(first.data());
    benchmark::DoNotOptimize(lengths.data());
    if (kept != run_count(c.primitive, c.dtype, n, c.variant)) {
        state.SkipWithError("the std peer found another number of runs than the input has");
        return;
    }
    record_counters(state, c, kept);
}

template <class T> void run_std(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto values = input_for(c.primitive, c.dtype, n, c.variant);
    const T *x = reinterpret_cast<const T *>(values->data());
    std::vector<T> out(n);
    T *y = out.data();
    const unsigned percent = flag_percent(c.variant);
    const auto pred = [percent](const T &v) { return split_flag_of(v, percent); };
    const auto nothing = [] {};
    const auto restore = [&] { std::memcpy(y, x, n * sizeof(T)); };
    const auto max = [](const T &a, const T &b) { return a < b ? b : a; };
    std::size_t kept = 0;
    T sum{};
    switch (c.primitive) {
    case Primitive::Scan:
        if (c.variant == Variant::Max)
            time_host_calls(state, nothing, [&] { std::partial_sum(x, x + n, y, max); });
        else
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
    case Primitive::MergeSortCustom:
        time_host_calls(state, restore, [&] { std::stable_sort(y, y + n, OpaqueLess<T>()); });
        break;
    case Primitive::Merge:
        time_host_calls(state, nothing, [&] { std::merge(x, x + n / 2, x + n / 2, x + n, y); });
        break;
    case Primitive::Copy:
        time_host_calls(state, nothing, [&] { std::memcpy(y, x, n * sizeof(T)); });
        break;
    default: state.SkipWithError("no std peer"); return;
    }
    benchmark::DoNotOptimize(y);
    record_counters(state, c, kept);
}

void run_std_any(benchmark::State &state, const CaseId &c) {
    with_dtype(c.dtype, [&](auto zero) {
        using T = decltype(zero);
        if (is_run_primitive(c.primitive))
            run_std_runs<T>(state, c);
        else if (has_values(c.primitive))
            run_std_pairs<T>(state, c);
        else
            run_std<T>(state, c);
        return 0;
    });
}

} // namespace

std::string register_std_peers(const Options &o) {
    if (wants_peer(o, "std")) {
        // The map compares the OpenMP backend with libstdc++'s parallel mode: std runs
        // there only where parallel mode has no algorithm (split, compaction and the
        // run-length encodings).
        const std::vector<Primitive> all = {Primitive::Scan,
                                            Primitive::Reduce,
                                            Primitive::Split,
                                            Primitive::Compact,
                                            Primitive::RadixSort,
                                            Primitive::RadixSortPairs,
                                            Primitive::MergeSort,
                                            Primitive::MergeSortPairs,
                                            Primitive::MergeSortCustom,
                                            Primitive::MergeSortPairsCustom,
                                            Primitive::Merge,
                                            Primitive::Unique,
                                            Primitive::RunLengthEncode,
                                            Primitive::NontrivialRuns};
        const std::vector<Primitive> map_only = {Primitive::Split, Primitive::Compact,
                                                 Primitive::RunLengthEncode,
                                                 Primitive::NontrivialRuns};
        register_cases(o, "std", Device::Cpu, true, true, o.map ? map_only : all, run_std_any);
    }
    if (wants_peer(o, "memcpy"))
        register_cases(o, "memcpy", Device::Cpu, true, true, {Primitive::Copy}, run_std_any);
    return "";
}

} // namespace sweepbench
