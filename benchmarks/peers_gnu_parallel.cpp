// peers_gnu_parallel.cpp -- libstdc++ parallel mode on all cores (OpenMP): the
// __gnu_parallel partial_sum (scans: sum, max, and the segmented scans as a scan of
// records under a segmented operator), accumulate, sort (also of (key, value) pairs by
// key, the peer of radix sort pairs; unstable, as a user would pick it for speed),
// stable_sort (merge sorts, pairs, and through an opaque function pointer for the
// custom-comparator rows), merge, for_each and transform over segments (segmented
// scan by offsets, segmented reduce), and OpenMP loops as the host bandwidth
// references: a parallel memcpy (copy) and a parallel read (read). This is the only source
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
#include <numeric>
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

// The pair sorts: (key, index) records by key. Radix sort pairs' peer is the
// unstable __gnu_parallel::sort (what a user picks for speed), merge sort pairs' the
// stable_sort (by an opaque comparator for the custom-comparator rows).
template <class K> void run_parallel_pairs(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    const std::vector<KeyValue<K>> in =
        make_pairs<K>(*input_for(c.primitive, c.dtype, n, c.variant), n);
    std::vector<KeyValue<K>> out(n);
    const auto restore = [&] { parallel_memcpy(out.data(), in.data(), n * sizeof(KeyValue<K>)); };
    if (c.primitive == Primitive::RadixSortPairs)
        time_host_calls(state, restore,
                        [&] { __gnu_parallel::sort(out.begin(), out.end(), KeyLess<K>()); });
    else if (custom_order(c.primitive))
        time_host_calls(state, restore, [&] {
            __gnu_parallel::stable_sort(out.begin(), out.end(), OpaqueKeyLess<K>());
        });
    else
        time_host_calls(state, restore,
                        [&] { __gnu_parallel::stable_sort(out.begin(), out.end(), KeyLess<K>()); });
    benchmark::DoNotOptimize(out.data());
    record_counters(state, c, 0);
}

// Segmented scans as one parallel partial_sum of (value, head flag) records under the
// segmented operator, and scan by key over (key, value) records (runs of distinct
// keys, as the inputs have). The records are built before timing.
template <class T> struct Flagged {
    T v;
    unsigned char head;
};
template <class T> struct Keyed {
    std::uint32_t key;
    T v;
};

template <class T> void run_segmented(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto values = input_values(c.dtype, n);
    const T *x = reinterpret_cast<const T *>(values->data());
    const auto nothing = [] {};
    if (c.primitive == Primitive::SegmentedScan) {
        auto heads = input_head_flags(n, c.variant);
        std::vector<Flagged<T>> in(n), out(n);
        for (std::size_t i = 0; i < n; ++i)
            in[i] = Flagged<T>{x[i], (*heads)[i]};
        const auto op = [](const Flagged<T> &a, const Flagged<T> &b) {
            return Flagged<T>{b.head ? b.v : static_cast<T>(a.v + b.v),
                              static_cast<unsigned char>(a.head | b.head)};
        };
        time_host_calls(state, nothing, [&] {
            __gnu_parallel::partial_sum(in.begin(), in.end(), out.begin(), op);
        });
        benchmark::DoNotOptimize(out.data());
    } else if (c.primitive == Primitive::ScanByKey) {
        auto keys = input_run_keys(n, c.variant);
        const auto *k = reinterpret_cast<const std::uint32_t *>(keys->data());
        std::vector<Keyed<T>> in(n), out(n);
        for (std::size_t i = 0; i < n; ++i)
            in[i] = Keyed<T>{k[i], x[i]};
        const auto op = [](const Keyed<T> &a, const Keyed<T> &b) {
            return Keyed<T>{b.key, a.key == b.key ? static_cast<T>(a.v + b.v) : b.v};
        };
        time_host_calls(state, nothing, [&] {
            __gnu_parallel::partial_sum(in.begin(), in.end(), out.begin(), op);
        });
        benchmark::DoNotOptimize(out.data());
    } else {
        // By offsets: each segment a std::partial_sum (or accumulate), the segments
        // spread over the threads by __gnu_parallel::for_each / transform.
        auto offsets = input_offsets(n, c.variant);
        const auto *o = reinterpret_cast<const std::size_t *>(offsets->data());
        const std::size_t nseg = segment_count(*offsets);
        std::vector<std::size_t> ids(nseg);
        for (std::size_t s = 0; s < nseg; ++s)
            ids[s] = s;
        std::vector<T> out(c.primitive == Primitive::SegmentedReduce ? nseg : n);
        T *y = out.data();
        if (c.primitive == Primitive::SegmentedReduce) {
            time_host_calls(state, nothing, [&] {
                __gnu_parallel::transform(ids.begin(), ids.end(), out.begin(), [&](std::size_t s) {
                    return std::accumulate(x + o[s], x + o[s + 1], T{},
                                           __gnu_parallel::sequential_tag());
                });
            });
        } else {
            time_host_calls(state, nothing, [&] {
                __gnu_parallel::for_each(ids.begin(), ids.end(), [&](std::size_t s) {
                    std::partial_sum(x + o[s], x + o[s + 1], y + o[s],
                                     __gnu_parallel::sequential_tag());
                });
            });
        }
        benchmark::DoNotOptimize(y);
    }
    record_counters(state, c, 0);
}

// Reads bytes as 64-bit words, all cores, into one XOR: the read bandwidth reference.
std::uint64_t parallel_read(const void *src, std::size_t bytes) {
    const auto *w = static_cast<const std::uint64_t *>(src);
    const long words = static_cast<long>(bytes / sizeof(std::uint64_t));
    std::uint64_t acc = 0;
#pragma omp parallel for schedule(static) reduction(^ : acc)
    for (long i = 0; i < words; ++i)
        acc ^= w[i];
    return acc;
}

template <class T> void run_parallel(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    auto values = input_for(c.primitive, c.dtype, n, c.variant);
    const T *x = reinterpret_cast<const T *>(values->data());
    std::vector<T> out(n);
    T *y = out.data();
    const auto nothing = [] {};
    const auto restore = [&] { parallel_memcpy(y, x, n * sizeof(T)); };
    const auto max = [](const T &a, const T &b) { return a < b ? b : a; };
    T sum{};
    switch (c.primitive) {
    case Primitive::Scan:
        if (c.variant == Variant::Max)
            time_host_calls(state, nothing, [&] { __gnu_parallel::partial_sum(x, x + n, y, max); });
        else
            time_host_calls(state, nothing, [&] { __gnu_parallel::partial_sum(x, x + n, y); });
        break;
    case Primitive::Reduce:
        time_host_calls(state, nothing, [&] {
            sum = __gnu_parallel::accumulate(x, x + n, T{});
            benchmark::DoNotOptimize(sum);
        });
        break;
    case Primitive::Read:
        time_host_calls(state, nothing, [&] {
            std::uint64_t acc = parallel_read(x, n * sizeof(T));
            benchmark::DoNotOptimize(acc);
        });
        break;
    case Primitive::RadixSort:
        time_host_calls(state, restore, [&] { __gnu_parallel::sort(y, y + n); });
        break;
    case Primitive::MergeSort:
        time_host_calls(state, restore, [&] { __gnu_parallel::stable_sort(y, y + n); });
        break;
    case Primitive::MergeSortCustom:
        time_host_calls(state, restore,
                        [&] { __gnu_parallel::stable_sort(y, y + n, OpaqueLess<T>()); });
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
    default: state.SkipWithError("no parallel-mode peer"); return;
    }
    benchmark::DoNotOptimize(y);
    record_counters(state, c, 0);
}

void run_parallel_any(benchmark::State &state, const CaseId &c) {
    with_dtype(c.dtype, [&](auto zero) {
        using T = decltype(zero);
        switch (c.primitive) {
        case Primitive::SegmentedScan:
        case Primitive::SegmentedScanOffsets:
        case Primitive::ScanByKey:
        case Primitive::SegmentedReduce: run_segmented<T>(state, c); break;
        default:
            if (has_values(c.primitive))
                run_parallel_pairs<T>(state, c);
            else
                run_parallel<T>(state, c);
        }
        return 0;
    });
}

} // namespace

std::string register_gnu_parallel_peers(const Options &o) {
    if (wants_peer(o, "gnu_parallel")) {
        register_cases(o, "gnu_parallel", Device::Cpu, false, true,
                       {Primitive::Scan, Primitive::SegmentedScan, Primitive::SegmentedScanOffsets,
                        Primitive::ScanByKey, Primitive::Reduce, Primitive::SegmentedReduce,
                        Primitive::RadixSort, Primitive::RadixSortPairs, Primitive::MergeSort,
                        Primitive::MergeSortPairs, Primitive::MergeSortCustom,
                        Primitive::MergeSortPairsCustom, Primitive::Merge},
                       run_parallel_any);
        register_gnu_parallel_more_peers(o);
    }
    if (wants_peer(o, "omp_read"))
        register_cases(o, "omp_read", Device::Cpu, false, true, {Primitive::Read},
                       run_parallel_any);
    if (wants_peer(o, "omp_memcpy"))
        register_cases(o, "omp_memcpy", Device::Cpu, false, true, {Primitive::Copy},
                       run_parallel_any);
    return "host: " + std::to_string(omp_get_max_threads()) + " OpenMP threads";
}

} // namespace sweepbench
