// peers_hip.hip -- the HIP peers on the same seeded inputs as sweep-hip: rocPRIM
// (inclusive_scan, inclusive_scan_by_key, reduce, partition, select,
// radix_sort_keys, radix_sort_pairs, merge_sort, merge; segmented_radix_sort_keys and
// pairs, lower_bound, upper_bound, unique, unique_by_key, run_length_encode and its
// non-trivial runs, histogram_even and histogram_range) and hipMemcpy device to device
// as the bandwidth reference. Timing: HIP events around each call on one stream; the
// warm-up call and the temporary-storage allocation stay outside.
//
// Built only with SWEEP_ENABLE_HIP (hipcc and rocPRIM); it has not been compiled on
// the team's machines, which have no ROCm.
#include "bench_dtype.h"
#include "bench_inputs.h"
#include "bench_record.h"
#include "bench_suites.h"

#include <hip/hip_runtime.h>
#include <rocprim/rocprim.hpp>

#include <stdexcept>
#include <string>
#include <type_traits>

namespace sweepbench {

namespace {

void hip_check(hipError_t e, const char *what) {
    if (e != hipSuccess) throw std::runtime_error(std::string(what) + ": " + hipGetErrorString(e));
}

hipStream_t g_stream = nullptr;

class DeviceMemory {
  public:
    explicit DeviceMemory(std::size_t bytes) {
        if (bytes) hip_check(hipMalloc(&ptr_, bytes), "hipMalloc");
    }
    DeviceMemory(DeviceMemory &&other) noexcept : ptr_(other.ptr_) {
        other.ptr_ = nullptr;
    }
    ~DeviceMemory() {
        if (ptr_) (void)hipFree(ptr_);
    }
    DeviceMemory(const DeviceMemory &) = delete;
    DeviceMemory &operator=(const DeviceMemory &) = delete;
    DeviceMemory &operator=(DeviceMemory &&) = delete;
    template <class T> T *as() const {
        return static_cast<T *>(ptr_);
    }
    void *get() const {
        return ptr_;
    }

  private:
    void *ptr_ = nullptr;
};

DeviceMemory upload(const Bytes &host) {
    DeviceMemory d(host.size());
    hip_check(hipMemcpy(d.get(), host.data(), host.size(), hipMemcpyHostToDevice), "hipMemcpy");
    return d;
}

template <class Body> void time_device_calls(benchmark::State &state, Body &&body) {
    body();
    hip_check(hipStreamSynchronize(g_stream), "warm-up");
    hipEvent_t start = nullptr, stop = nullptr;
    hip_check(hipEventCreate(&start), "hipEventCreate");
    hip_check(hipEventCreate(&stop), "hipEventCreate");
    try {
        for (auto _ : state) {
            hip_check(hipEventRecord(start, g_stream), "hipEventRecord");
            body();
            hip_check(hipEventRecord(stop, g_stream), "hipEventRecord");
            hip_check(hipEventSynchronize(stop), "hipEventSynchronize");
            float ms = 0;
            hip_check(hipEventElapsedTime(&ms, start, stop), "hipEventElapsedTime");
            state.SetIterationTime(static_cast<double>(ms) * 1e-3);
        }
    } catch (...) {
        (void)hipEventDestroy(start);
        (void)hipEventDestroy(stop);
        throw;
    }
    (void)hipEventDestroy(start);
    (void)hipEventDestroy(stop);
}

// (The map's primitives beyond these, and the variants of radix sort pairs other than
// u32 keys, have no rocPRIM peer here: their rows are reported as skipped.)

// rocPRIM's two-phase call: size, allocate once, then time.
template <class Call> void time_rocprim(benchmark::State &state, Call &&call) {
    std::size_t bytes = 0;
    hip_check(call(nullptr, bytes), "rocPRIM size query");
    DeviceMemory temp(bytes ? bytes : 1);
    time_device_calls(state, [&] { hip_check(call(temp.get(), bytes), "rocPRIM call"); });
}

template <class T>
constexpr bool kAllPrimitives = std::is_same_v<T, std::uint32_t> ||
                                std::is_same_v<T, std::uint64_t> || std::is_same_v<T, float>;

// radix_sort_pairs: u32 keys with the indices as u32 values, for that key type only.
template <class T>
void rocprim_sort_pairs(benchmark::State &state, const T *x, T *y, std::size_t n) {
    if constexpr (std::is_same_v<T, std::uint32_t>) {
        DeviceMemory values_in = upload(*input_indices(n));
        DeviceMemory values_out(n * sizeof(std::uint32_t));
        const auto *vi = values_in.as<const std::uint32_t>();
        auto *vo = values_out.as<std::uint32_t>();
        time_rocprim(state, [&](void *t, std::size_t &b) {
            return rocprim::radix_sort_pairs(t, b, x, y, vi, vo, n, 0u, 32u, g_stream);
        });
    } else {
        throw std::runtime_error("radix_sort_pairs is measured on u32 keys");
    }
}

template <class T> void run_rocprim(benchmark::State &state, const CaseId &c, std::size_t *kept) {
    const std::size_t n = c.n;
    DeviceMemory in = upload(*input_for(c.primitive, c.dtype, n, c.variant));
    DeviceMemory out(n * sizeof(T));
    const T *x = in.as<const T>();
    T *y = out.as<T>();
    const hipStream_t s = g_stream;
    if (c.primitive == Primitive::Scan) {
        if (c.variant == Variant::Max)
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::inclusive_scan(t, b, x, y, n, rocprim::maximum<T>(), s);
            });
        else
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::inclusive_scan(t, b, x, y, n, rocprim::plus<T>(), s);
            });
        return;
    }
    if constexpr (kAllPrimitives<T>) {
        switch (c.primitive) {
        case Primitive::SegmentedScan:
        case Primitive::ScanByKey: {
            DeviceMemory keys = upload(*input_run_keys(n, c.variant));
            const auto *k = keys.as<const std::uint32_t>();
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::inclusive_scan_by_key(t, b, k, x, y, n, rocprim::plus<T>(),
                                                      rocprim::equal_to<std::uint32_t>(), s);
            });
            return;
        }
        case Primitive::Reduce:
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::reduce(t, b, x, y, n, rocprim::plus<T>(), s);
            });
            return;
        case Primitive::Split:
        case Primitive::Compact: {
            auto flags_host = input_split_flags(c.dtype, n, c.variant);
            *kept = count_flags(*flags_host);
            DeviceMemory flags = upload(*flags_host);
            DeviceMemory count(sizeof(std::size_t));
            const auto *f = flags.as<const unsigned char>();
            auto *cnt = count.as<std::size_t>();
            if (c.primitive == Primitive::Split) {
                time_rocprim(state, [&](void *t, std::size_t &b) {
                    return rocprim::partition(t, b, x, f, y, cnt, n, s);
                });
            } else {
                time_rocprim(state, [&](void *t, std::size_t &b) {
                    return rocprim::select(t, b, x, f, y, cnt, n, s);
                });
            }
            return;
        }
        case Primitive::RadixSort:
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::radix_sort_keys(t, b, x, y, n, 0u,
                                                static_cast<unsigned>(8 * sizeof(T)), s);
            });
            return;
        case Primitive::RadixSortPairs: rocprim_sort_pairs(state, x, y, n); return;
        case Primitive::MergeSort:
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::merge_sort(t, b, x, y, n, rocprim::less<T>(), s);
            });
            return;
        case Primitive::Merge:
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::merge(t, b, x, x + n / 2, y, n / 2, n - n / 2, rocprim::less<T>(),
                                      s);
            });
            return;
        default: break;
        }
    }
    throw std::runtime_error("no rocPRIM peer for this primitive and dtype");
}

// The segmented sorts (rocprim::segmented_radix_sort_keys / pairs, stable; the merge
// sorts' built-in order is the radix order), the searches (rocprim::lower_bound /
// upper_bound, size_t indices), unique (rocprim::unique, unique_by_key), the run-length
// encodings (rocprim::run_length_encode and run_length_encode_non_trivial_runs, size_t
// lengths and offsets) and the histograms (rocprim::histogram_even / histogram_range,
// 257 levels, u32 counters), on the element types of the map.
template <class T> void rocprim_more(benchmark::State &state, const CaseId &c) {
    const std::size_t n = c.n;
    const Primitive p = c.primitive;
    if (n > 0xffffffffu) throw std::runtime_error("rocPRIM takes unsigned int sizes here");
    const auto size = static_cast<unsigned>(n);
    DeviceMemory in = upload(*input_for(p, c.dtype, n, c.variant));
    const T *x = in.as<const T>();
    const hipStream_t s = g_stream;
    if (is_segmented_sort(p)) {
        DeviceMemory out(n * sizeof(T));
        T *y = out.as<T>();
        auto offsets_host = input_sort_offsets(n, c.variant);
        const auto nseg = static_cast<unsigned>(segment_count(*offsets_host));
        DeviceMemory offsets = upload(*offsets_host);
        const auto *o = offsets.as<const std::size_t>();
        const auto bits = static_cast<unsigned>(8 * sizeof(T));
        if (has_values(p)) {
            DeviceMemory values_in = upload(*input_indices(n));
            DeviceMemory values_out(n * sizeof(std::uint32_t));
            const auto *vi = values_in.as<const std::uint32_t>();
            auto *vo = values_out.as<std::uint32_t>();
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::segmented_radix_sort_pairs(t, b, x, y, vi, vo, size, nseg, o, o + 1,
                                                           0u, bits, s);
            });
        } else {
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::segmented_radix_sort_keys(t, b, x, y, size, nseg, o, o + 1, 0u,
                                                          bits, s);
            });
        }
        return;
    }
    if (p == Primitive::LowerBound || p == Primitive::UpperBound) {
        DeviceMemory needles = upload(*input_needles(c.dtype, n, c.variant));
        DeviceMemory out(n * sizeof(std::size_t));
        const T *k = needles.as<const T>();
        auto *y = out.as<std::size_t>();
        if (p == Primitive::LowerBound)
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::lower_bound(t, b, x, k, y, n, n, rocprim::less<T>(), s);
            });
        else
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::upper_bound(t, b, x, k, y, n, n, rocprim::less<T>(), s);
            });
        return;
    }
    if (p == Primitive::HistogramEven || p == Primitive::HistogramRange) {
        DeviceMemory counts(kHistogramBins * sizeof(unsigned));
        auto *h = counts.as<unsigned>();
        const auto levels = static_cast<unsigned>(kHistogramBins + 1);
        if (p == Primitive::HistogramEven) {
            T lower{}, upper{};
            histogram_bounds(c.dtype, &lower, &upper);
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::histogram_even(t, b, x, size, h, levels, lower, upper, s);
            });
        } else {
            DeviceMemory level_values = upload(histogram_levels(c.dtype));
            T *lv = level_values.as<T>();
            time_rocprim(state, [&](void *t, std::size_t &b) {
                return rocprim::histogram_range(t, b, x, size, h, levels, lv, s);
            });
        }
        return;
    }
    DeviceMemory out(n * sizeof(T));
    DeviceMemory count(sizeof(std::size_t));
    T *y = out.as<T>();
    auto *cnt = count.as<std::size_t>();
    switch (p) {
    case Primitive::Unique:
        time_rocprim(state, [&](void *t, std::size_t &b) {
            return rocprim::unique(t, b, x, y, cnt, n, rocprim::equal_to<T>(), s);
        });
        return;
    case Primitive::UniqueByKey: {
        DeviceMemory values_in = upload(*input_indices(n));
        DeviceMemory values_out(n * sizeof(std::uint32_t));
        const auto *vi = values_in.as<const std::uint32_t>();
        auto *vo = values_out.as<std::uint32_t>();
        time_rocprim(state, [&](void *t, std::size_t &b) {
            return rocprim::unique_by_key(t, b, x, vi, y, vo, cnt, n, rocprim::equal_to<T>(), s);
        });
        return;
    }
    case Primitive::RunLengthEncode: {
        DeviceMemory lengths(n * sizeof(std::size_t));
        auto *len = lengths.as<std::size_t>();
        time_rocprim(state, [&](void *t, std::size_t &b) {
            return rocprim::run_length_encode(t, b, x, size, y, len, cnt, s);
        });
        return;
    }
    case Primitive::NontrivialRuns: {
        DeviceMemory offsets(n / 2 * sizeof(std::size_t) + sizeof(std::size_t));
        DeviceMemory lengths(n / 2 * sizeof(std::size_t) + sizeof(std::size_t));
        auto *off = offsets.as<std::size_t>();
        auto *len = lengths.as<std::size_t>();
        time_rocprim(state, [&](void *t, std::size_t &b) {
            return rocprim::run_length_encode_non_trivial_runs(t, b, x, size, off, len, cnt, s);
        });
        return;
    }
    default: throw std::runtime_error("no rocPRIM peer for this primitive");
    }
}

// The element types of the map for the primitives of rocprim_more.
void run_more(benchmark::State &state, const CaseId &c) {
    const Primitive p = c.primitive;
    try {
        if (c.dtype == SWEEP_U32)
            rocprim_more<std::uint32_t>(state, c);
        else if (c.dtype == SWEEP_U64 &&
                 (p == Primitive::SegmentedRadixSort || p == Primitive::Unique))
            rocprim_more<std::uint64_t>(state, c);
        else if (c.dtype == SWEEP_F32 &&
                 (p == Primitive::HistogramEven || p == Primitive::HistogramRange))
            rocprim_more<float>(state, c);
        else
            throw std::runtime_error("this element type is not measured for this primitive");
    } catch (const std::exception &e) {
        state.SkipWithError(e.what());
        return;
    }
    record_counters(state, c, run_count(p, c.dtype, c.n, c.variant));
}

template <class T> void run_copy(benchmark::State &state, const CaseId &c) {
    const std::size_t bytes = c.n * sizeof(T);
    DeviceMemory in = upload(*input_values(c.dtype, c.n));
    DeviceMemory out(bytes);
    time_device_calls(state, [&] {
        hip_check(hipMemcpyAsync(out.get(), in.get(), bytes, hipMemcpyDeviceToDevice, g_stream),
                  "hipMemcpyAsync");
    });
}

void run_peer(benchmark::State &state, const CaseId &c, bool copy) {
    std::size_t kept = 0;
    try {
        with_dtype(c.dtype, [&](auto zero) {
            using T = decltype(zero);
            if (copy)
                run_copy<T>(state, c);
            else
                run_rocprim<T>(state, c, &kept);
            return 0;
        });
    } catch (const std::exception &e) {
        state.SkipWithError(e.what());
        return;
    }
    record_counters(state, c, kept);
}

} // namespace

std::string register_hip_peers(const Options &o) {
    int count = 0;
    hipError_t e = hipGetDeviceCount(&count);
    if (e != hipSuccess || count == 0)
        return std::string("hip peers: no device (") +
               (e != hipSuccess ? hipGetErrorString(e) : "0 devices") + ")";
    hipDeviceProp_t prop{};
    if (hipGetDeviceProperties(&prop, 0) != hipSuccess ||
        hipStreamCreateWithFlags(&g_stream, hipStreamNonBlocking) != hipSuccess)
        return "hip peers: device 0 could not be set up";
    if (wants_peer(o, "rocprim"))
        register_cases(o, "rocprim", Device::Gpu, false, true,
                       {Primitive::Scan, Primitive::SegmentedScan, Primitive::ScanByKey,
                        Primitive::Reduce, Primitive::Split, Primitive::Compact,
                        Primitive::RadixSort, Primitive::RadixSortPairs, Primitive::MergeSort,
                        Primitive::Merge},
                       [](benchmark::State &s, const CaseId &c) { run_peer(s, c, false); });
    if (wants_peer(o, "rocprim"))
        register_cases(o, "rocprim", Device::Gpu, false, true,
                       {Primitive::SegmentedRadixSort, Primitive::SegmentedRadixSortPairs,
                        Primitive::SegmentedMergeSort, Primitive::SegmentedMergeSortPairs,
                        Primitive::LowerBound, Primitive::UpperBound, Primitive::Unique,
                        Primitive::UniqueByKey, Primitive::RunLengthEncode,
                        Primitive::NontrivialRuns, Primitive::HistogramEven,
                        Primitive::HistogramRange},
                       run_more);
    if (wants_peer(o, "hip_copy"))
        register_cases(o, "hip_copy", Device::Gpu, false, true, {Primitive::Copy},
                       [](benchmark::State &s, const CaseId &c) { run_peer(s, c, true); });
    return std::string("hip peers: ") + prop.name;
}

} // namespace sweepbench
