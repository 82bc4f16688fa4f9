// bench_options.h -- sweep-bench's own command-line options: which backends, peers,
// primitives, element types and sizes to register. Google Benchmark's --benchmark_*
// flags pass through untouched.
#pragma once

#include "bench_primitives.h"

#include <cstddef>
#include <cstdint>
#include <map>
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
    // Per-primitive GPU sizes replacing gpu_log2 (--headline: merge sort at 2^26).
    std::map<Primitive, std::vector<unsigned>> gpu_log2_of;
    std::uint64_t seed = 20261123u;
    bool check = true;               // check each sweep result once, outside the timing
    bool headline = false;           // --headline: the cells of the README's headline table
    std::vector<std::string> tuning; // --tuning: extra variant rows (known_tuning_modes)
    bool map = false;                // --map: the map's primitives, cells and sizes
    std::vector<Variant> variants;   // --variants; empty = default_variant (all with --map)
};

// The map (--map): every primitive of map_cells() on its cells, at 2^10 ... 2^28 (step
// 2) on GPUs and 2^16, 2^18, ..., 2^26, 2^27 on CPUs. --primitives, --dtypes,
// --variants and the size options, given too, narrow or replace that part.
constexpr unsigned kMapGpuFromLog2 = 10, kMapGpuToLog2 = 28;
const std::vector<unsigned> &map_cpu_log2();

// The README's headline table: u32 scan, segmented scan, split, radix sort, merge sort
// and merge (with copy, the bandwidth reference) at 2^28 on GPUs (merge sort 2^26)
// and 2^27 on CPUs. --headline selects these primitives, this dtype and these sizes;
// --primitives, --dtypes and the size options, given too, replace the part they name.
const std::vector<Primitive> &headline_primitives();
constexpr sweep_dtype kHeadlineDtype = SWEEP_U32;
constexpr unsigned kHeadlineCpuLog2 = 27;
constexpr unsigned kHeadlineGpuLog2 = 28;
constexpr unsigned kHeadlineGpuMergeSortLog2 = 26;

// The peers known to this build, by device: "std", "gnu_parallel", "memcpy",
// "omp_memcpy", "omp_read" on CPU; "cub", "thrust", "cuda_copy", "cuda_read" with CUDA;
// "rocprim", "hip_copy" with HIP.
const std::vector<std::string> &known_peers();

// The variant studies --tuning selects: "custom_compare" (tuning/custom_less.h).
const std::vector<std::string> &known_tuning_modes();

// Parses and removes sweep-bench's options from argv. On a bad option returns false
// with a message.
bool parse_options(int *argc, char **argv, Options *out, std::string *error);

// The usage text of sweep-bench's own options.
const char *options_usage();

bool wants_peer(const Options &o, const std::string &peer);
bool wants_primitive(const Options &o, Primitive p);
bool wants_tuning(const Options &o, const std::string &mode);
std::vector<sweep_dtype> dtypes_for(const Options &o, Primitive p);
// The (dtype, variant) cells of p: with --map map_cells(p), else dtypes_for(o, p) times
// the variants asked for (default_variant(p) when none); --dtypes and --variants
// filter both.
std::vector<Cell> cells_for(const Options &o, Primitive p);
// Sizes of primitive p for an implementation on dev; single-threaded ones stop at the
// cap.
std::vector<std::size_t> sizes_for(const Options &o, Primitive p, Device dev, bool single_thread);

} // namespace sweepbench
