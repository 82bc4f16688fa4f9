// peers_cuda_more.cu -- the CUDA peers of the segmented sorts, the searches, unique,
// the run-length encodings and the histograms, on the same seeded inputs as sweep-cuda
// and timed the same way as peers_cuda.cu (events on its stream, CUB's temporary
// storage sized and allocated once before timing):
//
//   segmented radix and merge sorts: cub::DeviceSegmentedSort::StableSortKeys /
//     StableSortPairs (stable, as sweep's; the built-in order of the merge sort is
//     the radix order, so both are measured against it), offsets as begin = o, end =
//     o + 1;
//   lower_bound / upper_bound: Thrust's vectorised thrust::lower_bound / upper_bound
//     (needles range, size_t indices), CUB has no vectorised search;
//   unique: cub::DeviceSelect::Unique and UniqueByKey;
//   run-length encoding: cub::DeviceRunLengthEncode::Encode and NonTrivialRuns
//     (size_t lengths and offsets, as sweep writes);
//   histograms: cub::DeviceHistogram::HistogramEven and HistogramRange (257 levels,
//     u32 counters).
// Only the element types of the map are instantiated (bench_primitives.cpp's
// default_dtypes), which keeps the build to minutes.
#include "bench_cuda.cuh"
#include "bench_dtype.h"
#include "bench_inputs.h"
#include "bench_record.h"
#include "bench_suites.h"

#include <cub/device/device_histogram.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/binary_search.h>
#include <thrust/execution_policy.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace sweepbench {

namespace {

cudaStream_t g_stream = nullptr;

// CUB's two-phase call: size the temporary storage, allocate it, then time calls.
template <class Call> void time_cub(benchmark::State &state, Call &&call) {
    std::size_t temp_bytes = 0;
    cuda_check(call(nullptr, temp_bytes), "CUB size query");
    DeviceMemory temp(temp_bytes ? temp_bytes : 1);
    time_stream_calls(
        state, g_stream, [] {}, [&] { cuda_check(call(temp.get(), temp_bytes), "CUB call"); });
}

template <class T> constexpr bool is_u32 = std::is_same_v<T, std::uint32_t>;
template <class T> constexpr bool is_u64 = std::is_same_v<T, std::uint64_t>;

template <class T> void cub_segmented_sort(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    const DeviceMemory &in = uploaded(input_for(c.primitive, c.dtype, n, c.variant));
    DeviceMemory out(n * sizeof(T));
    auto offsets_host = input_sort_offsets(n, c.variant);
    const auto nseg = static_cast<std::int64_t>(segment_count(*offsets_host));
    const DeviceMemory &offsets = uploaded(offsets_host);
    const auto *o = offsets.as<const std::size_t>();
    const T *x = in.as<const T>();
    T *y = out.as<T>();
    const auto items = static_cast<std::int64_t>(n);
    if (has_values(c.primitive)) {
        const DeviceMemory &values_in = uploaded(input_indices(n));
        DeviceMemory values_out(n * sizeof(std::uint32_t));
        const auto *vi = values_in.as<const std::uint32_t>();
        auto *vo = values_out.as<std::uint32_t>();
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceSegmentedSort::StableSortPairs(t, b, x, y, vi, vo, items, nseg, o,
                                                             o + 1, g_stream);
        });
    } else {
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceSegmentedSort::StableSortKeys(t, b, x, y, items, nseg, o, o + 1,
                                                            g_stream);
        });
    }
}

template <class T> void thrust_search(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    const DeviceMemory &haystack = uploaded(input_for(c.primitive, c.dtype, n, c.variant));
    const DeviceMemory &needles = uploaded(input_needles(c.dtype, n, c.variant));
    DeviceMemory out(n * sizeof(std::size_t));
    const T *h = haystack.as<const T>();
    const T *x = needles.as<const T>();
    auto *y = out.as<std::size_t>();
    const auto policy = thrust::cuda::par.on(g_stream);
    if (c.primitive == Primitive::LowerBound)
        time_stream_calls(
            state, g_stream, [] {}, [&] { thrust::lower_bound(policy, h, h + n, x, x + n, y); });
    else
        time_stream_calls(
            state, g_stream, [] {}, [&] { thrust::upper_bound(policy, h, h + n, x, x + n, y); });
}

template <class T> void cub_runs(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    const DeviceMemory &in = uploaded(input_for(c.primitive, c.dtype, n, c.variant));
    DeviceMemory out(n * sizeof(T));
    DeviceMemory count(sizeof(std::int64_t));
    const T *x = in.as<const T>();
    T *y = out.as<T>();
    auto *cnt = count.as<std::int64_t>();
    const auto items = static_cast<std::int64_t>(n);
    switch (c.primitive) {
    case Primitive::Unique:
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceSelect::Unique(t, b, x, y, cnt, items, g_stream);
        });
        break;
    case Primitive::UniqueByKey: {
        const DeviceMemory &values_in = uploaded(input_indices(n));
        DeviceMemory values_out(n * sizeof(std::uint32_t));
        const auto *vi = values_in.as<const std::uint32_t>();
        auto *vo = values_out.as<std::uint32_t>();
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceSelect::UniqueByKey(t, b, x, vi, y, vo, cnt, items, g_stream);
        });
        break;
    }
    case Primitive::RunLengthEncode: {
        if (n > static_cast<std::size_t>(INT32_MAX))
            throw std::runtime_error("DeviceRunLengthEncode takes an int count");
        DeviceMemory lengths(n * sizeof(std::size_t));
        auto *len = lengths.as<std::size_t>();
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceRunLengthEncode::Encode(t, b, x, y, len, cnt, static_cast<int>(n),
                                                      g_stream);
        });
        break;
    }
    case Primitive::NontrivialRuns: {
        if (n > static_cast<std::size_t>(INT32_MAX))
            throw std::runtime_error("DeviceRunLengthEncode takes an int count");
        DeviceMemory offsets(n / 2 * sizeof(std::size_t) + sizeof(std::size_t));
        DeviceMemory lengths(n / 2 * sizeof(std::size_t) + sizeof(std::size_t));
        auto *off = offsets.as<std::size_t>();
        auto *len = lengths.as<std::size_t>();
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceRunLengthEncode::NonTrivialRuns(t, b, x, off, len, cnt,
                                                              static_cast<int>(n), g_stream);
        });
        break;
    }
    default: throw std::runtime_error("not a run primitive");
    }
}

template <class T> void cub_histogram(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    if (n > static_cast<std::size_t>(INT32_MAX))
        throw std::runtime_error("the histograms are measured up to 2^31 samples");
    const DeviceMemory &in = uploaded(input_for(c.primitive, c.dtype, n, c.variant));
    DeviceMemory counts(kHistogramBins * sizeof(unsigned));
    const T *x = in.as<const T>();
    auto *h = counts.as<unsigned>();
    const int levels = static_cast<int>(kHistogramBins + 1);
    const int items = static_cast<int>(n);
    if (c.primitive == Primitive::HistogramEven) {
        T lower{}, upper{};
        histogram_bounds(c.dtype, &lower, &upper);
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceHistogram::HistogramEven(t, b, x, h, levels, lower, upper, items,
                                                       g_stream);
        });
    } else {
        DeviceMemory level_values = upload(histogram_levels(c.dtype));
        const T *lv = level_values.as<const T>();
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceHistogram::HistogramRange(t, b, x, h, levels, lv, items, g_stream);
        });
    }
}

void run_more(benchmark::State &state, const CaseId &c) {
    const Primitive p = c.primitive;
    try {
        if (c.dtype == SWEEP_U32) {
            using T = std::uint32_t;
            if (is_segmented_sort(p))
                cub_segmented_sort<T>(state, c);
            else if (p == Primitive::LowerBound || p == Primitive::UpperBound)
                thrust_search<T>(state, c);
            else if (is_run_primitive(p))
                cub_runs<T>(state, c);
            else
                cub_histogram<T>(state, c);
        } else if (c.dtype == SWEEP_U64 && p == Primitive::SegmentedRadixSort) {
            cub_segmented_sort<std::uint64_t>(state, c);
        } else if (c.dtype == SWEEP_U64 && p == Primitive::Unique) {
            cub_runs<std::uint64_t>(state, c);
        } else if (c.dtype == SWEEP_F32 &&
                   (p == Primitive::HistogramEven || p == Primitive::HistogramRange)) {
            cub_histogram<float>(state, c);
        } else {
            throw std::runtime_error("this element type is not measured for this primitive");
        }
    } catch (const std::exception &e) {
        state.SkipWithError(e.what());
        return;
    }
    record_counters(state, c, run_count(p, c.dtype, c.n, c.variant));
}

} // namespace

void register_cuda_more_peers(const Options &o, void *stream) {
    g_stream = static_cast<cudaStream_t>(stream);
    const auto run = [](benchmark::State &s, const CaseId &c) { run_more(s, c); };
    if (wants_peer(o, "cub"))
        register_cases(o, "cub", Device::Gpu, false, true,
                       {Primitive::SegmentedRadixSort, Primitive::SegmentedRadixSortPairs,
                        Primitive::SegmentedMergeSort, Primitive::SegmentedMergeSortPairs,
                        Primitive::Unique, Primitive::UniqueByKey, Primitive::RunLengthEncode,
                        Primitive::NontrivialRuns, Primitive::HistogramEven,
                        Primitive::HistogramRange},
                       run);
    // CUB has no vectorised search: in the map (which asks for cub, not thrust) Thrust
    // stands in for it there.
    if (wants_peer(o, "thrust") || (o.map && wants_peer(o, "cub")))
        register_cases(o, "thrust", Device::Gpu, false, true,
                       {Primitive::LowerBound, Primitive::UpperBound}, run);
}

} // namespace sweepbench
