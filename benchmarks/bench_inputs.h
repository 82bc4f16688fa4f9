// bench_inputs.h -- the seeded host inputs every implementation is measured on.
//
// Sweep backends and peers copy the same host arrays into their own memory, so a
// ratio between two rows compares two implementations on identical data. Arrays are
// built on first use and the few most recent ones are kept: benchmarks are
// registered size by size, so consecutive implementations reuse one array.
#pragma once

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

// Two runs [0, n/2) and [n/2, n), each random and ascending, never zero: the merge
// inputs.
std::shared_ptr<const Bytes> input_sorted_halves(sweep_dtype dt, std::size_t n);

// One byte per element of input_values: split_flag_of(value).
std::shared_ptr<const Bytes> input_split_flags(sweep_dtype dt, std::size_t n);

// Segment head flags: flag[0] = 1, later heads with probability 1/kMeanSegmentLength.
std::shared_ptr<const Bytes> input_head_flags(std::size_t n);

// u32 keys, one value per segment of input_head_flags (the segment index, which
// wraps only past 2^32 segments), for scan-by-key.
std::shared_ptr<const Bytes> input_run_keys(std::size_t n);

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
