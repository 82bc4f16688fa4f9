// bench_cuda.cuh -- what the CUDA parts of the harness share: checked runtime calls,
// device memory, uploads of the seeded host inputs, and the event timing of calls on
// one stream. The CUB/Thrust peers (peers_cuda.cu) and the kernel variants of
// sweep-bench-tune (tuning/scan_shapes.cu) time their calls the same way.
#pragma once

#include "bench_inputs.h"

#include <benchmark/benchmark.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <list>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace sweepbench {

struct CudaFailure : std::runtime_error {
    CudaFailure(const char *what, cudaError_t e)
        : std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e)) {}
};

inline void cuda_check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) throw CudaFailure(what, e);
}

class DeviceMemory {
  public:
    explicit DeviceMemory(std::size_t bytes) {
        if (bytes) cuda_check(cudaMalloc(&ptr_, bytes), "cudaMalloc");
    }
    ~DeviceMemory() {
        if (ptr_) cudaFree(ptr_);
    }
    DeviceMemory(DeviceMemory &&other) noexcept : ptr_(other.ptr_) {
        other.ptr_ = nullptr;
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

class EventPair {
  public:
    EventPair() {
        cuda_check(cudaEventCreate(&start_), "cudaEventCreate");
        cudaError_t e = cudaEventCreate(&stop_);
        if (e != cudaSuccess) {
            cudaEventDestroy(start_);
            throw CudaFailure("cudaEventCreate", e);
        }
    }
    ~EventPair() {
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
    }
    EventPair(const EventPair &) = delete;
    EventPair &operator=(const EventPair &) = delete;
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

inline DeviceMemory upload(const Bytes &host) {
    DeviceMemory d(host.size());
    cuda_check(cudaMemcpy(d.get(), host.data(), host.size(), cudaMemcpyHostToDevice),
               "cudaMemcpy to device");
    return d;
}

// The device copies of the most recent host inputs, for the next calls of a benchmark
// (Google Benchmark calls its function once per repetition, and more while it sizes
// the iteration count). An entry holds its host array, so the array's address cannot
// be reused by another input while the entry lives. At most four entries, and beyond
// the two most recent no more than 16 GiB: a peer may hold three at once.
class UploadCache {
  public:
    const DeviceMemory &get(const std::shared_ptr<const Bytes> &host) {
        for (auto it = entries_.begin(); it != entries_.end(); ++it) {
            if (it->first == host) {
                entries_.splice(entries_.begin(), entries_, it);
                return entries_.front().second;
            }
        }
        std::size_t bytes = host->size();
        for (const auto &e : entries_)
            bytes += e.first->size();
        while (entries_.size() >= 4 || (entries_.size() > 2 && bytes > (std::size_t{16} << 30))) {
            bytes -= entries_.back().first->size();
            entries_.pop_back();
        }
        entries_.emplace_front(host, upload(*host));
        return entries_.front().second;
    }
    void clear() {
        entries_.clear();
    }

  private:
    std::list<std::pair<std::shared_ptr<const Bytes>, DeviceMemory>> entries_;
};

inline UploadCache &upload_cache() {
    static UploadCache cache;
    return cache;
}

// host in device memory, uploaded once while it is among the recent inputs.
inline const DeviceMemory &uploaded(const std::shared_ptr<const Bytes> &host) {
    return upload_cache().get(host);
}

// One untimed warm-up call, then per iteration reset() (untimed) and body(), one call
// timed by events on stream.
template <class Reset, class Body>
void time_stream_calls(benchmark::State &state, cudaStream_t stream, Reset &&reset, Body &&body) {
    reset();
    body();
    cuda_check(cudaStreamSynchronize(stream), "warm-up");
    EventPair ev;
    for (auto _ : state) {
        reset();
        cuda_check(cudaEventRecord(ev.start_, stream), "cudaEventRecord");
        body();
        cuda_check(cudaEventRecord(ev.stop_, stream), "cudaEventRecord");
        cuda_check(cudaEventSynchronize(ev.stop_), "cudaEventSynchronize");
        float ms = 0;
        cuda_check(cudaEventElapsedTime(&ms, ev.start_, ev.stop_), "cudaEventElapsedTime");
        state.SetIterationTime(static_cast<double>(ms) * 1e-3);
    }
}

} // namespace sweepbench
