// bench_record.h -- how every benchmark is named and what it reports, so that
// report.py reads sweep backends and peers the same way.
//
// Name: <primitive>/<dtype>/<variant>/<impl>/<n>, e.g.
// "radix_sort/u32/zipf/sweep-cuda/1048576" or "radix_sort/u32/zipf/cub/1048576"
// (Google Benchmark appends "/manual_time"); the variant is the map's second axis
// (bench_distributions.h).
// Counters: n, elem_bytes, bytes_min (per call), is_peer, on_gpu, and the rates
// items_per_second and bytes_per_second (bytes_min per second).
#pragma once

#include "bench_options.h"
#include "bench_primitives.h"

#include <benchmark/benchmark.h>

#include <functional>
#include <string>
#include <vector>

namespace sweepbench {

struct CaseId {
    Primitive primitive;
    sweep_dtype dtype;
    std::size_t n;
    std::string impl; // "sweep-openmp", "cub", "std", ...
    Device device;
    bool is_peer;
    bool custom_compare = false; // merge_sort/merge through custom_less (--tuning)
    Variant variant = Variant::Plain;
};

std::string case_name(const CaseId &c);

// Sets the counters above after the timing loop; kept: flagged elements (compact).
void record_counters(benchmark::State &state, const CaseId &c, std::size_t kept);

// Queues fn under case_name(c), with manual timing (each iteration's time is set by
// the benchmark itself from a host clock after a synchronise, or from device events).
void register_case(const CaseId &c, std::function<void(benchmark::State &)> fn);

// Queues run for every selected primitive among `supported` x cell (cells_for) x size
// of the implementation impl (single_thread: capped at o.single_thread_max_log2).
using CaseFn = std::function<void(benchmark::State &, const CaseId &)>;
void register_cases(const Options &o, const std::string &impl, Device dev, bool single_thread,
                    bool is_peer, const std::vector<Primitive> &supported, const CaseFn &run);

// Registers the queued cases ordered by primitive, dtype and size (each group's
// implementations in the order queued): Google Benchmark runs them in this order, so
// all implementations of one size run on the same cached input.
void register_queued_cases();

// A monotonic host clock in nanoseconds, and the seconds elapsed since a reading of it.
double host_seconds_since(std::uint64_t start_ns);
std::uint64_t host_now_ns();

} // namespace sweepbench
