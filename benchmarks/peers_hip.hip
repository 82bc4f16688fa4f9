// peers_hip.hip -- the HIP peers on the same seeded inputs as sweep-hip: rocPRIM
// (inclusive_scan, inclusive_scan_by_key, reduce, partition, select,
// radix_sort_keys, radix_sort_pairs, merge_sort, merge) and hipMemcpy device to device
// as the
// bandwidth reference. Timing: HIP events around each call on one stream; the
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
    if (wants_peer(o, "hip_copy"))
        register_cases(o, "hip_copy", Device::Gpu, false, true, {Primitive::Copy},
                       [](benchmark::State &s, const CaseId &c) { run_peer(s, c, true); });
    return std::string("hip peers: ") + prop.name;
}

} // namespace sweepbench
