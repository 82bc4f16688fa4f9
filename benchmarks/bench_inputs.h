// bench_inputs.h -- the seeded host inputs every implementation is measured on.
//
// Sweep backends and peers copy the same host arrays into their own memory, so a
// ratio between two rows compares two implementations on identical data. Arrays are
// built on first use and the few most recent ones are kept: benchmarks are
// registered size by size, so consecutive implementations reuse one array.
#pragma once

#include "bench_distributions.h"
#include "bench_primitives.h"

#include <sweep/sweep.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace sweepbench {

using Bytes = std::vector<unsigned char>;

// Sets the seed of every later input (default 20261123).
void set_input_seed(std::uint64_t seed);

// n random elements of dt, never zero: integers take random bits, floats are uniform
// in [-1, 1) without 0 (no NaN, so every peer's operator< is a strict weak order).
std::shared_ptr<const Bytes> input_values(sweep_dtype dt, std::size_t n);

// n sort keys of dt drawn from the key distribution dist (generate_keys).
std::shared_ptr<const Bytes> input_keys(sweep_dtype dt, std::size_t n, Variant dist);

// Two runs [0, n/2) and [n/2, n), each ascending, of keys drawn from dist: the merge
// inputs (generate_sorted_halves).
std::shared_ptr<const Bytes> input_sorted_halves(sweep_dtype dt, std::size_t n,
                                                 Variant dist = Variant::Uniform);

// One byte per element of input_values: split_flag_of(value, flag_percent(density)).
std::shared_ptr<const Bytes> input_split_flags(sweep_dtype dt, std::size_t n,
                                               Variant density = Variant::Flags50);

// Segment offsets of a segment law (generate_offsets): nseg + 1 size_t values.
std::shared_ptr<const Bytes> input_offsets(std::size_t n, Variant law);
// The number of segments of input_offsets' array.
std::size_t segment_count(const Bytes &offsets);

// The same segments as head flags: flag[i] = 1 where a segment starts.
std::shared_ptr<const Bytes> input_head_flags(std::size_t n, Variant law = Variant::SegRandom);

// u32 keys, one value per segment of input_offsets (the segment index, which wraps
// only past 2^32 segments), for scan-by-key.
std::shared_ptr<const Bytes> input_run_keys(std::size_t n, Variant law = Variant::SegRandom);

// Segment offsets of a sort segment law (generate_sort_offsets): nseg + 1 size_t.
std::shared_ptr<const Bytes> input_sort_offsets(std::size_t n, Variant law);

// n elements of dt in runs of a run law (generate_runs).
std::shared_ptr<const Bytes> input_runs(sweep_dtype dt, std::size_t n, Variant law);
// What unique, unique by key and run-length encoding keep of input_runs: the number of
// runs; for non-trivial runs the number of runs longer than one; 0 for the others.
std::size_t run_count(Primitive p, sweep_dtype dt, std::size_t n, Variant law);

// n histogram samples of dt (u32 or f32) under a sample law (generate_samples), and
// the kHistogramBins + 1 boundaries of histogram_range: the edges of the even bins
// over histogram_bounds, exact in dt.
std::shared_ptr<const Bytes> input_samples(sweep_dtype dt, std::size_t n, Variant law);
Bytes histogram_levels(sweep_dtype dt);

// The searches: n keys of dt drawn from dist and sorted (the haystack), and n needles
// drawn from dist independently, in random order.
std::shared_ptr<const Bytes> input_haystack(sweep_dtype dt, std::size_t n, Variant dist);
std::shared_ptr<const Bytes> input_needles(sweep_dtype dt, std::size_t n, Variant dist);

// The main input of a cell: keys of its distribution for sorts, sorted halves for
// merge, affine maps for affine_scan, uniform keys for the segmented sorts, the
// haystack for the searches, runs for unique and the run-length encodings, samples
// for the histograms, input_values otherwise.
std::shared_ptr<const Bytes> input_for(Primitive p, sweep_dtype dt, std::size_t n, Variant v);

// n affine maps x -> a*x + b as (f32 a, f32 b) pairs: a = +-1, b in {-1, 0, 1}.
// Integer-valued on purpose: every partial composition is an integer-valued map, so
// the result does not depend on the association order (exact while |x| < 2^24, see
// bench_affine.h) and no denormal or overflow slows one backend down.
std::shared_ptr<const Bytes> input_affine_maps(std::size_t n);

// The u32 values 0, 1, ..., n-1: the values of radix_sort_pairs, so the output's
// values say where each key came from.
std::shared_ptr<const Bytes> input_indices(std::size_t n);

// The number of non-zero bytes of flags.
std::size_t count_flags(const Bytes &flags);

} // namespace sweepbench
