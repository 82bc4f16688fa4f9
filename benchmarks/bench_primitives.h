// bench_primitives.h -- what sweep-bench measures: the primitives, their element
// types, and the minimum bytes each one must move. Sweep backends and peers share
// these definitions so that their bandwidth figures compare like with like.
#pragma once

#include <sweep/sweep.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sweepbench {

enum class Primitive {
    Scan,           // inclusive sum
    AffineScan,     // inclusive scan of (f32 a, f32 b) affine maps under composition (custom op)
    SegmentedScan,  // inclusive sum restarting at head flags
    ScanByKey,      // inclusive sum over runs of equal u32 keys
    Reduce,         // sum
    Split,          // flagged first, both halves stable
    Compact,        // keep flagged, stable
    RadixSort,      // keys only, all bits, ascending
    RadixSortPairs, // u32 keys with u32 values (the input index), all bits, ascending
    MergeSort,      // keys only, built-in ascending order
    Merge,          // two sorted halves of n/2 keys each
    Copy            // the bandwidth reference: read n, write n
};

const std::vector<Primitive> &all_primitives();
const char *primitive_name(Primitive p);
bool primitive_from_name(const std::string &name, Primitive *out);

// Element types measured for p by default: all ten for scan, u32/u64/f32 otherwise;
// one fixed type for the primitives below.
std::vector<sweep_dtype> default_dtypes(Primitive p);
// Primitives measured on one element layout only, whatever --dtypes says: affine_scan
// (an 8-byte (f32, f32) pair, carried as SWEEP_U64 so sizes and copies are right) and
// radix_sort_pairs (u32 keys; the u32 values are implied).
bool fixed_dtype(Primitive p);
// The element type's name in benchmark names: "f32x2" for affine_scan, else the dtype's.
const char *dtype_label(Primitive p, sweep_dtype dtype);
bool dtype_from_name(const std::string &name, sweep_dtype *out);

// Head flags and keys of the segmented primitives: the average run length is this,
// long enough that segments matter and short enough that there are many of them.
constexpr std::size_t kMeanSegmentLength = 64;

// The bytes a primitive has to read and write at least on n elements of size elem
// (kept: flagged elements of split/compact). Sorts count what CUB's Onesweep and the
// seeds' LSD sort move: one histogram read plus a read and a write per 8-bit digit;
// merge sort counts one read and one write, a lower bound for any sort. Radix sort
// pairs moves the u32 values with the keys in every digit pass.
double min_bytes(Primitive p, std::size_t elem, std::size_t n, std::size_t kept);

} // namespace sweepbench
