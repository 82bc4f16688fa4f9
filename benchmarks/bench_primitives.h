// bench_primitives.h -- what sweep-bench measures: the primitives, their element
// types, and the minimum bytes each one must move. Sweep backends and peers share
// these definitions so that their bandwidth figures compare like with like.
#pragma once

#include "bench_distributions.h"

#include <sweep/sweep.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sweepbench {

enum class Primitive {
    Scan,                 // inclusive scan: sum, or max (variant)
    AffineScan,           // inclusive scan of (f32 a, f32 b) affine maps (custom op)
    SegmentedScan,        // inclusive sum restarting at head flags
    SegmentedScanOffsets, // inclusive sum over segments given by offsets
    ScanByKey,            // inclusive sum over runs of equal u32 keys
    Reduce,               // sum
    SegmentedReduce,      // sum of each segment given by offsets
    Read,                 // the read bandwidth reference: read n (peers only)
    Split,                // flagged first, both halves stable
    Compact,              // keep flagged, stable
    RadixSort,            // keys only, all bits, ascending
    RadixSortPairs,       // keys with u32 values (the input index), all bits, ascending
    MergeSort,            // keys only, built-in ascending order
    MergeSortPairs,       // keys with u32 values (the input index), built-in order
    MergeSortCustom,      // keys only, a user comparator (opaque to the library)
    MergeSortPairsCustom, // keys with u32 values, a user comparator
    Merge,                // two sorted halves of n/2 keys each
    Copy                  // the bandwidth reference: read n, write n
};

const std::vector<Primitive> &all_primitives();
const char *primitive_name(Primitive p);
bool primitive_from_name(const std::string &name, Primitive *out);

// Element types measured for p by default: all ten for scan, u32/u64 for radix sort
// pairs and read, u32/u64/f32 otherwise; one fixed type for affine_scan.
std::vector<sweep_dtype> default_dtypes(Primitive p);
// Primitives measured on one element layout only, whatever --dtypes says: affine_scan
// (an 8-byte (f32, f32) pair, carried as SWEEP_U64 so sizes and copies are right).
bool fixed_dtype(Primitive p);
// Whether p moves u32 values with its keys (the input indices).
bool has_values(Primitive p);
// Whether p sorts by a user comparator.
bool custom_order(Primitive p);

// The variants p can be measured on (bench_distributions.h) and the one measured when
// none is asked for (sum, segrand, flags50, uniform or plain).
const std::vector<Variant> &variants_of(Primitive p);
Variant default_variant(Primitive p);

// One cell of the map's second axis: an element type and a variant.
struct Cell {
    sweep_dtype dtype;
    Variant variant;
};
// The map's cells of p (sweep-bench --map): scan u32/u64/f32 sum and i32 max; every
// segment law for the segmented primitives (u32); every flag density for split and
// compaction (u32); reduce u32/u64/f32; read u32/u64; every key distribution for radix
// sort (u32, u64, f32 keys), radix sort pairs (u32, u64 keys), merge sort (u32, u64,
// f32), merge sort pairs and both custom-comparator sorts (u32) and merge (u32, u64,
// f32); copy u32. Empty for affine_scan, which is not in the map.
std::vector<Cell> map_cells(Primitive p);
// The element type's name in benchmark names: "f32x2" for affine_scan, else the dtype's.
const char *dtype_label(Primitive p, sweep_dtype dtype);
bool dtype_from_name(const std::string &name, sweep_dtype *out);

// The bytes a primitive has to read and write at least on n elements of size elem
// (kept: flagged elements of split/compact). Sorts count what CUB's Onesweep and the
// seeds' LSD sort move: one histogram read plus a read and a write per 8-bit digit;
// merge sort counts one read and one write, a lower bound for any sort. Radix sort
// pairs moves the u32 values with the keys in every digit pass; merge sort pairs reads
// and writes keys and values once.
double min_bytes(Primitive p, std::size_t elem, std::size_t n, std::size_t kept);

} // namespace sweepbench
