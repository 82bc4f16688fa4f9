// bench_suites.h -- the groups of benchmarks sweep-bench registers: sweep's backends
// and each family of peers. Each registers only what its options select and what
// exists at run time, and returns a line for the run's context ("" if none).
#pragma once

#include "bench_options.h"

#include <string>

namespace sweepbench {

// Every available sweep backend among o.backends (sweep_backend_query decides).
std::string register_sweep_benchmarks(const Options &o);
// Destroys the contexts the sweep benchmarks used.
void release_sweep_contexts();

// std::partial_sum, accumulate, sort, stable_sort, stable_partition, copy_if, merge
// and memcpy on one core.
std::string register_std_peers(const Options &o);
#if defined(SWEEP_BENCH_HAVE_GNU_PARALLEL)
// libstdc++ parallel mode (__gnu_parallel) and an OpenMP-parallel memcpy.
std::string register_gnu_parallel_peers(const Options &o);
// Its peers of the segmented sorts, searches, unique and histograms
// (peers_gnu_parallel_more.cpp), registered by register_gnu_parallel_peers.
void register_gnu_parallel_more_peers(const Options &o);
#endif

#if defined(SWEEP_BENCH_HAVE_CUDA)
// CUB, Thrust, cudaMemcpy and a copy kernel, when a CUDA device is present.
std::string register_cuda_peers(const Options &o);
// Its peers of the segmented sorts, searches, unique, run-length encodings and
// histograms (peers_cuda_more.cu), on stream (a cudaStream_t), registered by
// register_cuda_peers.
void register_cuda_more_peers(const Options &o, void *stream);
// Frees the inputs the CUDA peers keep in device memory between calls.
void release_cuda_peer_inputs();
#endif
#if defined(SWEEP_BENCH_HAVE_HIP)
// rocPRIM and hipMemcpy, when a HIP device is present.
std::string register_hip_peers(const Options &o);
#endif

#if defined(SWEEP_BENCH_HAVE_SCAN_SHAPES)
// sweep-bench-tune: the CUDA plugin's scan kernels at other tile shapes
// (tuning/scan_shapes.cu), when a CUDA device is present.
std::string register_scan_shape_variants(const Options &o);
#endif

} // namespace sweepbench
