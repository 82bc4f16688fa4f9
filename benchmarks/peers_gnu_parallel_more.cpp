// peers_gnu_parallel_more.cpp -- the CPU peers, on all cores, of the segmented sorts,
// the searches, unique and the histograms: what a C++ user composes from libstdc++
// (parallel mode where it has the algorithm) and OpenMP.
//
//   segmented sorts: each segment copied to the output and sorted there by
//     std::stable_sort (sweep's sorts are stable), the segments side by side under an
//     OpenMP parallel for (dynamic schedule: lengths vary); a segment too large to
//     share out (at least n / threads elements, as in the seghuge law) is sorted by
//     __gnu_parallel::stable_sort with every thread instead, one such segment after
//     another. Pairs are (key, index) records sorted by key.
//   lower_bound / upper_bound: std::lower_bound / upper_bound per needle under an
//     OpenMP parallel for (parallel mode has no vectorised search).
//   unique: __gnu_parallel::unique_copy; unique by key: the same on (key, index)
//     records, equal by key.
//   histograms: an OpenMP loop over the samples with per-thread bins, added up at the
//     end (even bins: the bin computed from the bounds; range: std::upper_bound over
//     the boundaries).
// Run-length encoding and non-trivial runs have no parallel-mode algorithm: their peer
// is a loop on one core (peers_std.cpp).
//
// Built with -fopenmp -D_GLIBCXX_PARALLEL, as peers_gnu_parallel.cpp.
#include "bench_dtype.h"
#include "bench_host_loop.h"
#include "bench_inputs.h"
#include "bench_pairs.h"
#include "bench_suites.h"

#include <omp.h>
#include <parallel/algorithm>

#include <algorithm>
#include <cstring>
#include <functional>
#include <type_traits>
#include <vector>

namespace sweepbench {

namespace {

// The segments of at least n / threads elements: sorted with every thread.
std::vector<std::size_t> large_segments(const std::size_t *o, std::size_t nseg, std::size_t n) {
    const auto threads = static_cast<std::size_t>(omp_get_max_threads());
    const std::size_t large = threads > 1 ? n / threads : n + 1;
    std::vector<std::size_t> out;
    for (std::size_t s = 0; s < nseg; ++s)
        if (o[s + 1] - o[s] >= large && o[s + 1] - o[s] > 1) out.push_back(s);
    return out;
}

// Copies and stable-sorts every segment of in into out (records R ordered by less).
template <class R, class Less>
void sort_segments(const R *in, R *out, const std::size_t *o, std::size_t nseg,
                   const std::vector<std::size_t> &large, Less less) {
    std::size_t smallest_large = ~std::size_t{0};
    for (std::size_t s : large)
        smallest_large = std::min(smallest_large, o[s + 1] - o[s]);
    const auto count = static_cast<long>(nseg);
#pragma omp parallel for schedule(dynamic, 64)
    for (long si = 0; si < count; ++si) {
        const auto s = static_cast<std::size_t>(si);
        const std::size_t b = o[s], e = o[s + 1];
        if (e - b >= smallest_large) continue;
        std::copy(in + b, in + e, out + b);
        // On this thread alone: inside the parallel for, parallel mode must not nest.
        std::stable_sort(out + b, out + e, less, __gnu_parallel::sequential_tag());
    }
    for (std::size_t s : large) {
        const auto b = static_cast<long>(o[s]), e = static_cast<long>(o[s + 1]);
#pragma omp parallel for schedule(static)
        for (long i = b; i < e; ++i)
            out[i] = in[i];
        __gnu_parallel::stable_sort(out + b, out + e, less);
    }
}

template <class T> void run_segmented_sort(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto keys = input_for(c.primitive, c.dtype, n, c.variant);
    auto offsets = input_sort_offsets(n, c.variant);
    const auto *o = reinterpret_cast<const std::size_t *>(offsets->data());
    const std::size_t nseg = segment_count(*offsets);
    const std::vector<std::size_t> large = large_segments(o, nseg, n);
    const auto nothing = [] {};
    if (has_values(c.primitive)) {
        const std::vector<KeyValue<T>> in = make_pairs<T>(*keys, n);
        std::vector<KeyValue<T>> out(n);
        time_host_calls(state, nothing, [&] {
            sort_segments(in.data(), out.data(), o, nseg, large, KeyLess<T>());
        });
        benchmark::DoNotOptimize(out.data());
    } else {
        const T *x = reinterpret_cast<const T *>(keys->data());
        std::vector<T> out(n);
        time_host_calls(state, nothing,
                        [&] { sort_segments(x, out.data(), o, nseg, large, std::less<T>()); });
        benchmark::DoNotOptimize(out.data());
    }
    record_counters(state, c, 0);
}

template <class T> void run_search(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto haystack = input_for(c.primitive, c.dtype, n, c.variant);
    auto needles = input_needles(c.dtype, n, c.variant);
    const T *h = reinterpret_cast<const T *>(haystack->data());
    const T *x = reinterpret_cast<const T *>(needles->data());
    std::vector<std::size_t> out(n);
    std::size_t *y = out.data();
    const auto count = static_cast<long>(n);
    const bool lower = c.primitive == Primitive::LowerBound;
    time_host_calls(
        state, [] {},
        [&] {
            if (lower) {
#pragma omp parallel for schedule(static)
                for (long i = 0; i < count; ++i)
                    y[i] = static_cast<std::size_t>(std::lower_bound(h, h + n, x[i]) - h);
            } else {
#pragma omp parallel for schedule(static)
                for (long i = 0; i < count; ++i)
                    y[i] = static_cast<std::size_t>(std::upper_bound(h, h + n, x[i]) - h);
            }
        });
    benchmark::DoNotOptimize(y);
    record_counters(state, c, 0);
}

template <class T> void run_unique(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto runs = input_for(c.primitive, c.dtype, n, c.variant);
    const auto nothing = [] {};
    std::size_t kept = 0;
    if (c.primitive == Primitive::UniqueByKey) {
        const std::vector<KeyValue<T>> in = make_pairs<T>(*runs, n);
        std::vector<KeyValue<T>> out(n);
        const auto same_key = [](const KeyValue<T> &a, const KeyValue<T> &b) {
            return a.key == b.key;
        };
        time_host_calls(state, nothing, [&] {
            kept = static_cast<std::size_t>(
                __gnu_parallel::unique_copy(in.begin(), in.end(), out.begin(), same_key) -
                out.begin());
        });
        benchmark::DoNotOptimize(out.data());
    } else {
        const T *x = reinterpret_cast<const T *>(runs->data());
        std::vector<T> out(n);
        time_host_calls(state, nothing, [&] {
            kept = static_cast<std::size_t>(__gnu_parallel::unique_copy(x, x + n, out.data()) -
                                            out.data());
        });
        benchmark::DoNotOptimize(out.data());
    }
    if (kept != run_count(c.primitive, c.dtype, n, c.variant)) {
        state.SkipWithError("unique_copy kept another number of elements than the input has runs");
        return;
    }
    record_counters(state, c, kept);
}

template <class T> void run_histogram(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto samples = input_for(c.primitive, c.dtype, n, c.variant);
    const T *x = reinterpret_cast<const T *>(samples->data());
    T lower{}, upper{};
    histogram_bounds(c.dtype, &lower, &upper);
    const Bytes level_bytes = histogram_levels(c.dtype);
    const T *levels = reinterpret_cast<const T *>(level_bytes.data());
    constexpr std::size_t bins = kHistogramBins;
    std::vector<std::uint32_t> counts(bins);
    const auto count = static_cast<long>(n);
    const bool even = c.primitive == Primitive::HistogramEven;
    time_host_calls(
        state, [] {},
        [&] {
            std::fill(counts.begin(), counts.end(), 0u);
#pragma omp parallel
            {
                std::uint32_t mine[bins] = {};
#pragma omp for schedule(static) nowait
                for (long i = 0; i < count; ++i) {
                    const T v = x[i];
                    std::size_t b;
                    if (even) {
                        if (!(v >= lower && v < upper)) continue;
                        if constexpr (std::is_floating_point_v<T>)
                            b = static_cast<std::size_t>((v - lower) *
                                                         (static_cast<T>(bins) / (upper - lower)));
                        else
                            b = static_cast<std::size_t>(static_cast<std::uint64_t>(v - lower) *
                                                         bins /
                                                         static_cast<std::uint64_t>(upper - lower));
                        if (b >= bins) b = bins - 1;
                    } else {
                        const T *at = std::upper_bound(levels, levels + bins + 1, v);
                        if (at == levels || at == levels + bins + 1) continue;
                        b = static_cast<std::size_t>(at - levels) - 1;
                    }
                    ++mine[b];
                }
                for (std::size_t b = 0; b < bins; ++b) {
                    if (mine[b]) {
#pragma omp atomic
                        counts[b] += mine[b];
                    }
                }
            }
        });
    benchmark::DoNotOptimize(counts.data());
    record_counters(state, c, 0);
}

void run_more(benchmark::State &state, const CaseId &c) {
    with_dtype(c.dtype, [&](auto zero) {
        using T = decltype(zero);
        if (is_segmented_sort(c.primitive))
            run_segmented_sort<T>(state, c);
        else if (c.primitive == Primitive::LowerBound || c.primitive == Primitive::UpperBound)
            run_search<T>(state, c);
        else if (c.primitive == Primitive::Unique || c.primitive == Primitive::UniqueByKey)
            run_unique<T>(state, c);
        else
            run_histogram<T>(state, c);
        return 0;
    });
}

} // namespace

void register_gnu_parallel_more_peers(const Options &o) {
    register_cases(o, "gnu_parallel", Device::Cpu, false, true,
                   {Primitive::SegmentedRadixSort, Primitive::SegmentedRadixSortPairs,
                    Primitive::SegmentedMergeSort, Primitive::SegmentedMergeSortPairs,
                    Primitive::LowerBound, Primitive::UpperBound, Primitive::Unique,
                    Primitive::UniqueByKey, Primitive::HistogramEven, Primitive::HistogramRange},
                   run_more);
}

} // namespace sweepbench
