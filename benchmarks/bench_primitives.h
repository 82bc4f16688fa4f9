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
    Scan,                    // inclusive scan: sum, or max (variant)
    AffineScan,              // inclusive scan of (f32 a, f32 b) affine maps (custom op)
    SegmentedScan,           // inclusive sum restarting at head flags
    SegmentedScanOffsets,    // inclusive sum over segments given by offsets
    ScanByKey,               // inclusive sum over runs of equal u32 keys
    Reduce,                  // sum
    SegmentedReduce,         // sum of each segment given by offsets
    Read,                    // the read bandwidth reference: read n (peers only)
    Split,                   // flagged first, both halves stable
    Compact,                 // keep flagged, stable
    RadixSort,               // keys only, all bits, ascending
    RadixSortPairs,          // keys with u32 values (the input index), all bits, ascending
    MergeSort,               // keys only, built-in ascending order
    MergeSortPairs,          // keys with u32 values (the input index), built-in order
    MergeSortCustom,         // keys only, a user comparator (opaque to the library)
    MergeSortPairsCustom,    // keys with u32 values, a user comparator
    Merge,                   // two sorted halves of n/2 keys each
    SegmentedRadixSort,      // keys only, each segment of offsets on its own, all bits
    SegmentedRadixSortPairs, // keys with u32 values (the input index), per segment
    SegmentedMergeSort,      // keys only, per segment, built-in order
    SegmentedMergeSortPairs, // keys with u32 values, per segment, built-in order
    LowerBound,              // n needles searched in a sorted haystack of n keys
    UpperBound,              // the same, upper bounds
    Unique,                  // the first element of every run of equal elements
    UniqueByKey,             // the same on keys, with each kept key's u32 value
    RunLengthEncode,         // every run's element and length
    NontrivialRuns,          // offset and length of every run longer than one
    HistogramEven,           // 256 even bins over a range, u32 counts
    HistogramRange,          // 256 bins between 257 boundaries, u32 counts
    Copy                     // the bandwidth reference: read n, write n
};

const std::vector<Primitive> &all_primitives();
const char *primitive_name(Primitive p);
bool primitive_from_name(const std::string &name, Primitive *out);

// Element types measured for p by default: all ten for scan, u32/u64 for radix sort
// pairs and read, u32/u64/f32 for the other sorts, merge, scans and reductions; one
// fixed type for affine_scan; of the primitives after merge: u32 and u64 for the
// segmented radix sort of keys and unique, u32 and f32 for the histograms, u32 for
// the others.
std::vector<sweep_dtype> default_dtypes(Primitive p);
// Primitives measured on one element layout only, whatever --dtypes says: affine_scan
// (an 8-byte (f32, f32) pair, carried as SWEEP_U64 so sizes and copies are right).
bool fixed_dtype(Primitive p);
// Whether p is one of the segmented sorts (offsets by a sort segment law).
bool is_segmented_sort(Primitive p);
// Whether p's input is runs of equal elements (unique, unique by key, run-length
// encoding, non-trivial runs).
bool is_run_primitive(Primitive p);
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
// f32); copy u32; the segmented sorts on every sort segment law, the searches on
// uniform keys, unique and the run-length encodings on every run law, the histograms
// on uniform and skewed samples, each on its default_dtypes. Empty for affine_scan,
// which is not in the map.
std::vector<Cell> map_cells(Primitive p);
// The element type's name in benchmark names: "f32x2" for affine_scan, else the dtype's.
const char *dtype_label(Primitive p, sweep_dtype dtype);
bool dtype_from_name(const std::string &name, sweep_dtype *out);

// The bytes a primitive has to read and write at least on n elements of size elem
// (kept: flagged elements of split/compact). Sorts count what CUB's Onesweep and the
// seeds' LSD sort move: one histogram read plus a read and a write per 8-bit digit;
// merge sort counts one read and one write, a lower bound for any sort. Radix sort
// pairs moves the u32 values with the keys in every digit pass; merge sort pairs reads
// and writes keys and values once. The segmented sorts count one read and one write
// (of keys and values), what a sort of segments that fit on chip moves; the searches
// read the needles and the haystack and write one size_t per needle; unique and the
// run-length encodings read n and write kept entries (kept: the number of runs, or of
// non-trivial runs); the histograms read the samples.
double min_bytes(Primitive p, std::size_t elem, std::size_t n, std::size_t kept);

} // namespace sweepbench
