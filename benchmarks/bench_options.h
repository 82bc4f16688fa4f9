// bench_options.h -- sweep-bench's own command-line options: which backends, peers,
// primitives, element types and sizes to register. Google Benchmark's --benchmark_*
// flags pass through untouched.
#pragma once

#include "bench_primitives.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sweepbench {

enum class Device { Cpu, Gpu };

struct Options {
    std::vector<sweep_backend> backends; // sweep backends to measure when available
    std::vector<std::string> peers;      // peer names; empty = none
    std::vector<Primitive> primitives;
    std::vector<sweep_dtype> dtypes;      // empty = default_dtypes() of each primitive
    std::vector<unsigned> cpu_log2;       // sizes 2^k on CPU implementations
    std::vector<unsigned> gpu_log2;       // sizes 2^k on GPU implementations
    unsigned single_thread_max_log2 = 24; // cap for one-core implementations
    std::uint64_t seed = 20261123u;
    bool check = true; // check each sweep result once, outside the timing
};

// The peers known to this build, by device: "std", "gnu_parallel", "memcpy",
// "omp_memcpy" on CPU; "cub", "thrust", "cuda_copy" with CUDA; "rocprim", "hip_copy"
// with HIP.
const std::vector<std::string> &known_peers();

// Parses and removes sweep-bench's options from argv. On a bad option returns false
// with a message.
bool parse_options(int *argc, char **argv, Options *out, std::string *error);

// The usage text of sweep-bench's own options.
const char *options_usage();

bool wants_peer(const Options &o, const std::string &peer);
bool wants_primitive(const Options &o, Primitive p);
std::vector<sweep_dtype> dtypes_for(const Options &o, Primitive p);
// Sizes for an implementation on dev; single-threaded ones stop at the cap.
std::vector<std::size_t> sizes_for(const Options &o, Device dev, bool single_thread);

} // namespace sweepbench
