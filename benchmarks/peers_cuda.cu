// peers_cuda.cu -- the CUDA peers on the same seeded inputs as sweep-cuda: CUB
// (DeviceScan: InclusiveSum, InclusiveScan with a max functor, InclusiveSumByKey for
// every segmented scan; DeviceReduce, DeviceSegmentedReduce, DevicePartition,
// DeviceSelect, DeviceRadixSort including SortPairs, DeviceMergeSort keys and pairs
// with the built-in order's functor or a user's, DeviceMerge, and InclusiveScan with a
// compile-time affine-map functor for affine_scan), Thrust, and three bandwidth
// references: cudaMemcpy device to device, a 16-byte-vector copy kernel and a
// 16-byte-vector read kernel (the reference of reductions).
//
// Timing: CUDA events around each call on one stream; a warm-up call and, for
// in-place algorithms, the input restore stay outside the events. CUB's temporary
// storage is sized and allocated once, before timing (its two-phase API); Thrust
// allocates per call, as it does for its users. The peers of the segmented sorts,
// searches, unique, run-length encodings and histograms are in peers_cuda_more.cu.
#include "bench_cuda.cuh"
#include "bench_dtype.h"
#include "bench_inputs.h"
#include "bench_record.h"
#include "bench_suites.h"
#include "bench_timer.h"

#include <cub/device/device_merge.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/device/device_select.cuh>
#include <cuda/std/functional>
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/merge.h>
#include <thrust/partition.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>

#include <stdexcept>
#include <string>
#include <type_traits>

namespace sweepbench {

namespace {

cudaStream_t g_stream = nullptr;

// sweep-cuda's calls are timed by these events on g_stream, as the peers' are.
EventPair *g_sweep_events = nullptr;

void sweep_timer_start() {
    cuda_check(cudaEventRecord(g_sweep_events->start_, g_stream), "cudaEventRecord");
}

double sweep_timer_stop() {
    cuda_check(cudaEventRecord(g_sweep_events->stop_, g_stream), "cudaEventRecord");
    cuda_check(cudaEventSynchronize(g_sweep_events->stop_), "cudaEventSynchronize");
    float ms = 0;
    cuda_check(cudaEventElapsedTime(&ms, g_sweep_events->start_, g_sweep_events->stop_),
               "cudaEventElapsedTime");
    return static_cast<double>(ms) * 1e-3;
}

// reset() runs before each call, untimed; body() is one call, timed by events.
template <class Reset, class Body>
void time_device_calls(benchmark::State &state, Reset &&reset, Body &&body) {
    time_stream_calls(state, g_stream, reset, body);
}

template <class T> struct Less {
    __host__ __device__ bool operator()(const T &a, const T &b) const {
        return a < b;
    }
};

// The custom-comparator rows' comparator as a CUB user writes it: a functor of their
// own, compiled into the sort (sweep compiles its user's device source at run time,
// so both inline it).
template <class T> struct UserLess {
    __host__ __device__ bool operator()(const T &a, const T &b) const {
        return a < b;
    }
};

template <class T> struct Max {
    __host__ __device__ T operator()(const T &a, const T &b) const {
        return a < b ? b : a;
    }
};

// affine_scan's operator as CUB users write it: a functor fixed at compile time.
struct Affine {
    float a, b;
};
struct AffineCompose {
    __host__ __device__ Affine operator()(const Affine &f, const Affine &s) const {
        return Affine{s.a * f.a, s.a * f.b + s.b};
    }
};

struct IsSet {
    __host__ __device__ bool operator()(unsigned char f) const {
        return f != 0;
    }
};

// Copies bytes (a multiple of 16, 16-byte aligned) with one uint4 per thread-step.
__global__ void copy_kernel(const uint4 *__restrict__ in, uint4 *__restrict__ out,
                            std::size_t count) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += stride)
        out[i] = in[i];
}

// Reads bytes (a multiple of 16, 16-byte aligned) into one XOR per thread, written only
// if it equals a value no input gives in practice: the read bandwidth reference.
__global__ void read_kernel(const uint4 *__restrict__ in, std::size_t count, unsigned *sink) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    unsigned acc = 0;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += stride) {
        const uint4 v = in[i];
        acc ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (acc == 0x9e3779b9u) *sink = acc;
}

int g_sm_count = 1;

void launch_read(const void *in, std::size_t bytes, unsigned *sink) {
    const std::size_t count = bytes / sizeof(uint4);
    const unsigned threads = 256;
    std::size_t blocks = (count + threads - 1) / threads;
    const std::size_t cap = static_cast<std::size_t>(g_sm_count) * 16;
    if (blocks > cap) blocks = cap;
    if (blocks == 0) blocks = 1;
    read_kernel<<<static_cast<unsigned>(blocks), threads, 0, g_stream>>>(
        static_cast<const uint4 *>(in), count, sink);
    cuda_check(cudaGetLastError(), "read_kernel launch");
}

void launch_copy(const void *in, void *out, std::size_t bytes) {
    const std::size_t count = bytes / sizeof(uint4);
    const unsigned threads = 256;
    std::size_t blocks = (count + threads - 1) / threads;
    const std::size_t cap = static_cast<std::size_t>(g_sm_count) * 16;
    if (blocks > cap) blocks = cap;
    if (blocks == 0) blocks = 1;
    copy_kernel<<<static_cast<unsigned>(blocks), threads, 0, g_stream>>>(
        static_cast<const uint4 *>(in), static_cast<uint4 *>(out), count);
    cuda_check(cudaGetLastError(), "copy_kernel launch");
}

// CUB's two-phase call: size the temporary storage, allocate it, then time calls.
template <class Call> void time_cub(benchmark::State &state, Call &&call) {
    std::size_t temp_bytes = 0;
    cuda_check(call(nullptr, temp_bytes), "CUB size query");
    DeviceMemory temp(temp_bytes ? temp_bytes : 1);
    time_device_calls(
        state, [] {}, [&] { cuda_check(call(temp.get(), temp_bytes), "CUB call"); });
}

// The pair sorts (keys with the indices as u32 values) and affine_scan (8-byte
// elements).
template <class T>
void cub_sort_pairs(benchmark::State &state, const CaseId &c, const T *x, T *y, std::size_t n) {
    const DeviceMemory &values_in = uploaded(input_indices(n));
    DeviceMemory values_out(n * sizeof(std::uint32_t));
    const auto *vi = values_in.as<const std::uint32_t>();
    auto *vo = values_out.as<std::uint32_t>();
    const auto items = static_cast<std::int64_t>(n);
    if (c.primitive == Primitive::RadixSortPairs) {
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceRadixSort::SortPairs(t, b, x, y, vi, vo, items, 0,
                                                   static_cast<int>(8 * sizeof(T)), g_stream);
        });
    } else if (c.primitive == Primitive::MergeSortPairs) {
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceMergeSort::SortPairsCopy(t, b, x, vi, y, vo, items, Less<T>(),
                                                       g_stream);
        });
    } else {
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceMergeSort::SortPairsCopy(t, b, x, vi, y, vo, items, UserLess<T>(),
                                                       g_stream);
        });
    }
}

template <class T> void cub_affine_scan(benchmark::State &state, const T *x, T *y, std::size_t n) {
    if constexpr (sizeof(T) == sizeof(Affine)) {
        const auto *maps = reinterpret_cast<const Affine *>(x);
        auto *scanned = reinterpret_cast<Affine *>(y);
        const auto items = static_cast<std::int64_t>(n);
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceScan::InclusiveScan(t, b, maps, scanned, AffineCompose(), items,
                                                  g_stream);
        });
    } else {
        throw std::runtime_error("affine_scan has 8-byte elements");
    }
}

// In place, like thrust::sort: keys and values are restored before each call.
template <class T>
void thrust_sort_pairs(benchmark::State &state, const T *x, T *y, std::size_t n) {
    if constexpr (std::is_same_v<T, std::uint32_t>) {
        const DeviceMemory &values_in = uploaded(input_indices(n));
        DeviceMemory values(n * sizeof(std::uint32_t));
        const auto *vi = values_in.as<const std::uint32_t>();
        auto *v = values.as<std::uint32_t>();
        const auto policy = thrust::cuda::par.on(g_stream);
        time_device_calls(
            state,
            [&] {
                cuda_check(cudaMemcpyAsync(y, x, n * sizeof(T), cudaMemcpyDeviceToDevice, g_stream),
                           "cudaMemcpyAsync");
                cuda_check(cudaMemcpyAsync(v, vi, n * sizeof(std::uint32_t),
                                           cudaMemcpyDeviceToDevice, g_stream),
                           "cudaMemcpyAsync");
            },
            [&] { thrust::sort_by_key(policy, y, y + n, v); });
    } else {
        throw std::runtime_error("radix_sort_pairs is measured on u32 keys");
    }
}

// Every dtype is measured for scan, u32/u64/f32 for the rest (default_dtypes): only
// those are instantiated, which keeps the CUB/Thrust build to minutes.
template <class T>
constexpr bool kAllPrimitives = std::is_same_v<T, std::uint32_t> ||
                                std::is_same_v<T, std::uint64_t> || std::is_same_v<T, float>;

template <class T> void run_cub_all(benchmark::State &state, const CaseId &c, std::size_t *kept) {
    const std::size_t n = c.n;
    const DeviceMemory &in = uploaded(input_for(c.primitive, c.dtype, n, c.variant));
    DeviceMemory out(n * sizeof(T));
    const T *x = in.as<const T>();
    T *y = out.as<T>();
    const cudaStream_t s = g_stream;
    const auto items = static_cast<std::int64_t>(n);
    switch (c.primitive) {
    case Primitive::Scan:
        if (c.variant == Variant::Max) {
            time_cub(state, [&](void *t, std::size_t &b) {
                return cub::DeviceScan::InclusiveScan(t, b, x, y, Max<T>(), items, s);
            });
        } else {
            time_cub(state, [&](void *t, std::size_t &b) {
                return cub::DeviceScan::InclusiveSum(t, b, x, y, items, s);
            });
        }
        break;
    case Primitive::SegmentedScan:
    case Primitive::SegmentedScanOffsets:
    case Primitive::ScanByKey: {
        // CUB has no head-flag or offsets scan: all run as ScanByKey over the segment
        // indices.
        const DeviceMemory &keys = uploaded(input_run_keys(n, c.variant));
        const auto *k = keys.as<const std::uint32_t>();
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceScan::InclusiveSumByKey(t, b, k, x, y, items,
                                                      ::cuda::std::equal_to<>(), s);
        });
        break;
    }
    case Primitive::Reduce:
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceReduce::Sum(t, b, x, y, items, s);
        });
        break;
    case Primitive::SegmentedReduce: {
        auto offsets_host = input_offsets(n, c.variant);
        const auto nseg = static_cast<std::int64_t>(segment_count(*offsets_host));
        const DeviceMemory &offsets = uploaded(offsets_host);
        const auto *o = offsets.as<const std::size_t>();
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceSegmentedReduce::Sum(t, b, x, y, nseg, o, o + 1, s);
        });
        break;
    }
    case Primitive::Split:
    case Primitive::Compact: {
        auto flags_host = input_split_flags(c.dtype, n, c.variant);
        *kept = count_flags(*flags_host);
        const DeviceMemory &flags = uploaded(flags_host);
        DeviceMemory count(sizeof(std::int64_t));
        const auto *f = flags.as<const unsigned char>();
        auto *cnt = count.as<std::int64_t>();
        if (c.primitive == Primitive::Split) {
            time_cub(state, [&](void *t, std::size_t &b) {
                return cub::DevicePartition::Flagged(t, b, x, f, y, cnt, items, s);
            });
        } else {
            time_cub(state, [&](void *t, std::size_t &b) {
                return cub::DeviceSelect::Flagged(t, b, x, f, y, cnt, items, s);
            });
        }
        break;
    }
    case Primitive::RadixSort:
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceRadixSort::SortKeys(t, b, x, y, items, 0,
                                                  static_cast<int>(8 * sizeof(T)), s);
        });
        break;
    case Primitive::RadixSortPairs:
    case Primitive::MergeSortPairs:
    case Primitive::MergeSortPairsCustom: cub_sort_pairs(state, c, x, y, n); break;
    case Primitive::AffineScan: cub_affine_scan(state, x, y, n); break;
    case Primitive::MergeSort:
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceMergeSort::StableSortKeysCopy(t, b, x, y, items, Less<T>(), s);
        });
        break;
    case Primitive::MergeSortCustom:
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceMergeSort::StableSortKeysCopy(t, b, x, y, items, UserLess<T>(), s);
        });
        break;
    case Primitive::Merge: {
        const std::int64_t na = items / 2;
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceMerge::MergeKeys(t, b, x, na, x + na, items - na, y, Less<T>(), s);
        });
        break;
    }
    case Primitive::Read:
    case Primitive::Copy: throw std::runtime_error("no CUB copy or read");
    default: throw std::runtime_error("measured by peers_cuda_more.cu");
    }
}

template <class T>
void run_thrust_all(benchmark::State &state, const CaseId &c, std::size_t *kept) {
    const std::size_t n = c.n;
    const DeviceMemory &in = uploaded(input_for(c.primitive, c.dtype, n, c.variant));
    DeviceMemory out(n * sizeof(T));
    const T *x = in.as<const T>();
    T *y = out.as<T>();
    const auto policy = thrust::cuda::par.on(g_stream);
    const auto nothing = [] {};
    const auto restore = [&] {
        cuda_check(cudaMemcpyAsync(y, x, n * sizeof(T), cudaMemcpyDeviceToDevice, g_stream),
                   "cudaMemcpyAsync");
    };
    switch (c.primitive) {
    case Primitive::Scan:
        if (c.variant == Variant::Max)
            time_device_calls(state, nothing,
                              [&] { thrust::inclusive_scan(policy, x, x + n, y, Max<T>()); });
        else
            time_device_calls(state, nothing, [&] { thrust::inclusive_scan(policy, x, x + n, y); });
        break;
    case Primitive::SegmentedScan:
    case Primitive::ScanByKey: {
        const DeviceMemory &keys = uploaded(input_run_keys(n, c.variant));
        const auto *k = keys.as<const std::uint32_t>();
        time_device_calls(state, nothing,
                          [&] { thrust::inclusive_scan_by_key(policy, k, k + n, x, y); });
        break;
    }
    case Primitive::Reduce: {
        T sum{};
        time_device_calls(state, nothing, [&] { sum = thrust::reduce(policy, x, x + n, T{}); });
        benchmark::DoNotOptimize(sum);
        break;
    }
    case Primitive::Split:
    case Primitive::Compact: {
        auto flags_host = input_split_flags(c.dtype, n, c.variant);
        *kept = count_flags(*flags_host);
        const DeviceMemory &flags = uploaded(flags_host);
        const auto *f = flags.as<const unsigned char>();
        if (c.primitive == Primitive::Split) {
            T *rest = y + *kept;
            time_device_calls(state, nothing, [&] {
                thrust::stable_partition_copy(policy, x, x + n, f, y, rest, IsSet());
            });
        } else {
            time_device_calls(state, nothing,
                              [&] { thrust::copy_if(policy, x, x + n, f, y, IsSet()); });
        }
        break;
    }
    case Primitive::RadixSort:
        time_device_calls(state, restore, [&] { thrust::sort(policy, y, y + n); });
        break;
    case Primitive::RadixSortPairs:
        if constexpr (std::is_same_v<T, std::uint32_t>)
            thrust_sort_pairs(state, x, y, n);
        else
            throw std::runtime_error("Thrust sorts pairs of u32 keys here");
        break;
    case Primitive::AffineScan: throw std::runtime_error("no Thrust affine_scan");
    case Primitive::MergeSort:
        // A user comparator keeps Thrust off its radix path: this is its merge sort.
        time_device_calls(state, restore,
                          [&] { thrust::stable_sort(policy, y, y + n, Less<T>()); });
        break;
    case Primitive::Merge:
        time_device_calls(state, nothing,
                          [&] { thrust::merge(policy, x, x + n / 2, x + n / 2, x + n, y); });
        break;
    case Primitive::Copy: throw std::runtime_error("no Thrust copy");
    default: throw std::runtime_error("not measured with Thrust");
    }
}

// Scan alone for the other dtypes (the max scan on i32 only).
template <class T> void run_scan_only(benchmark::State &state, const CaseId &c, bool cub) {
    if (c.primitive != Primitive::Scan)
        throw std::runtime_error("this dtype is measured for scan only");
    const DeviceMemory &in = uploaded(input_values(c.dtype, c.n));
    DeviceMemory out(c.n * sizeof(T));
    const T *x = in.as<const T>();
    T *y = out.as<T>();
    if (c.variant == Variant::Max) {
        if constexpr (std::is_same_v<T, std::int32_t>) {
            const auto items = static_cast<std::int64_t>(c.n);
            if (cub)
                time_cub(state, [&](void *t, std::size_t &b) {
                    return cub::DeviceScan::InclusiveScan(t, b, x, y, Max<T>(), items, g_stream);
                });
            else
                time_device_calls(
                    state, [] {},
                    [&] {
                        thrust::inclusive_scan(thrust::cuda::par.on(g_stream), x, x + c.n, y,
                                               Max<T>());
                    });
            return;
        } else {
            throw std::runtime_error("the max scan is measured on u32, u64, f32 and i32");
        }
    }
    if (cub) {
        const auto items = static_cast<std::int64_t>(c.n);
        time_cub(state, [&](void *t, std::size_t &b) {
            return cub::DeviceScan::InclusiveSum(t, b, x, y, items, g_stream);
        });
    } else {
        const auto policy = thrust::cuda::par.on(g_stream);
        time_device_calls(
            state, [] {}, [&] { thrust::inclusive_scan(policy, x, x + c.n, y); });
    }
}

template <class T> void run_copy(benchmark::State &state, const CaseId &c, bool use_kernel) {
    const std::size_t bytes = c.n * sizeof(T);
    const DeviceMemory &in = uploaded(input_values(c.dtype, c.n));
    DeviceMemory out(bytes);
    if (use_kernel && bytes % sizeof(uint4) != 0)
        throw std::runtime_error("copy kernel needs a multiple of 16 bytes");
    time_device_calls(
        state, [] {},
        [&] {
            if (use_kernel) {
                launch_copy(in.get(), out.get(), bytes);
            } else {
                cuda_check(
                    cudaMemcpyAsync(out.get(), in.get(), bytes, cudaMemcpyDeviceToDevice, g_stream),
                    "cudaMemcpyAsync");
            }
        });
}

template <class T> void run_read(benchmark::State &state, const CaseId &c) {
    const std::size_t bytes = c.n * sizeof(T);
    const DeviceMemory &in = uploaded(input_values(c.dtype, c.n));
    DeviceMemory sink(sizeof(unsigned));
    if (bytes % sizeof(uint4) != 0)
        throw std::runtime_error("read kernel needs a multiple of 16 bytes");
    time_device_calls(
        state, [] {}, [&] { launch_read(in.get(), bytes, sink.as<unsigned>()); });
}

enum class Peer { Cub, Thrust, Memcpy, Kernel, Read };

void run_peer(benchmark::State &state, const CaseId &c, Peer peer) {
    std::size_t kept = 0;
    try {
        with_dtype(c.dtype, [&](auto zero) {
            using T = decltype(zero);
            switch (peer) {
            case Peer::Cub:
                if constexpr (kAllPrimitives<T>)
                    run_cub_all<T>(state, c, &kept);
                else
                    run_scan_only<T>(state, c, true);
                break;
            case Peer::Thrust:
                if constexpr (kAllPrimitives<T>)
                    run_thrust_all<T>(state, c, &kept);
                else
                    run_scan_only<T>(state, c, false);
                break;
            case Peer::Memcpy: run_copy<T>(state, c, false); break;
            case Peer::Kernel: run_copy<T>(state, c, true); break;
            case Peer::Read: run_read<T>(state, c); break;
            }
            return 0;
        });
    } catch (const std::exception &e) {
        state.SkipWithError(e.what());
        return;
    }
    record_counters(state, c, kept);
}

} // namespace

void release_cuda_peer_inputs() {
    upload_cache().clear();
}

std::string register_cuda_peers(const Options &o) {
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        return std::string("cuda peers: no device (") +
               (e != cudaSuccess ? cudaGetErrorString(e) : "0 devices") + ")";
    }
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess ||
        cudaStreamCreateWithFlags(&g_stream, cudaStreamNonBlocking) != cudaSuccess)
        return "cuda peers: device 0 could not be set up";
    g_sm_count = prop.multiProcessorCount;
    try {
        g_sweep_events = new EventPair();
    } catch (const CudaFailure &) {
        return "cuda peers: events could not be made";
    }
    set_stream_timer(SWEEP_BACKEND_CUDA,
                     StreamTimer{g_stream, sweep_timer_start, sweep_timer_stop});
    const std::vector<Primitive> algorithms = {
        Primitive::Scan,      Primitive::SegmentedScan, Primitive::ScanByKey,
        Primitive::Reduce,    Primitive::Split,         Primitive::Compact,
        Primitive::RadixSort, Primitive::MergeSort,     Primitive::Merge};
    std::vector<Primitive> cub_algorithms = algorithms, thrust_algorithms = algorithms;
    for (Primitive p :
         {Primitive::AffineScan, Primitive::RadixSortPairs, Primitive::SegmentedScanOffsets,
          Primitive::SegmentedReduce, Primitive::MergeSortPairs, Primitive::MergeSortCustom,
          Primitive::MergeSortPairsCustom})
        cub_algorithms.push_back(p);
    thrust_algorithms.push_back(Primitive::RadixSortPairs);
    if (wants_peer(o, "cub"))
        register_cases(o, "cub", Device::Gpu, false, true, cub_algorithms,
                       [](benchmark::State &s, const CaseId &c) { run_peer(s, c, Peer::Cub); });
    if (wants_peer(o, "thrust"))
        register_cases(o, "thrust", Device::Gpu, false, true, thrust_algorithms,
                       [](benchmark::State &s, const CaseId &c) { run_peer(s, c, Peer::Thrust); });
    if (wants_peer(o, "cuda_copy")) {
        register_cases(o, "cudaMemcpy", Device::Gpu, false, true, {Primitive::Copy},
                       [](benchmark::State &s, const CaseId &c) { run_peer(s, c, Peer::Memcpy); });
        register_cases(o, "copy_kernel", Device::Gpu, false, true, {Primitive::Copy},
                       [](benchmark::State &s, const CaseId &c) { run_peer(s, c, Peer::Kernel); });
    }
    if (wants_peer(o, "cuda_read"))
        register_cases(o, "read_kernel", Device::Gpu, false, true, {Primitive::Read},
                       [](benchmark::State &s, const CaseId &c) { run_peer(s, c, Peer::Read); });
    register_cuda_more_peers(o, g_stream);
    return std::string("cuda peers: ") + prop.name + " (CUDA runtime " +
           std::to_string(CUDART_VERSION) + ", " + std::to_string(prop.multiProcessorCount) +
           " SMs)";
}

} // namespace sweepbench
