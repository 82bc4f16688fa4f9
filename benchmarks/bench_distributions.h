// bench_distributions.h -- the map's second axis: what a primitive's input looks like
// besides its size. One name per variant, used in benchmark names
// (<primitive>/<dtype>/<variant>/<impl>/<n>), and the seeded generators behind them:
//
//   operators (scan, reduce):          sum, max
//   segment lengths (segmented scans,  seg16, seg1024 (every segment that long, the last
//     scan by key, segmented reduce):    one cut short), segrand (log-uniform in [1, 4096])
//   flag densities (split, compact):   flags10, flags50, flags90 (percent flagged)
//   key distributions (sorts, merge):  uniform (all bits), sorted, reverse, few (at most
//                                      256 distinct keys), zipf (rank k drawn with
//                                      weight ~1/k over 2^20 ranks), top16 (all keys
//                                      equal in their top 16 bits), topbyte (keys differ
//                                      only in their top byte), lowdup (the low 16 bits
//                                      take 4 values, the rest is random)
//   segment laws of the segmented sorts: seg0to32 (lengths uniform in [0, 32], empty
//                                      segments included), segmixed (15 of 16 segments
//                                      in [0, 64], the others in [1024, 65536]), segpow
//                                      (Pareto lengths, alpha 1.2, at least 1), seghuge
//                                      (8 segments at random cut points)
//   runs (unique, run-length encoding): runshort (run lengths uniform in [1, 8]),
//                                      runlong (in [1, 2048]); neighbouring runs differ
//   histogram samples:                 uniform (over the histogram's range), skewed
//                                      (the bin of rank k drawn with weight ~1/k)
//   plain: one input shape (copy, read, affine_scan)
//
// Every generator depends only on the seed, the variant, the element type and the
// index, so each implementation of a cell sees the same input.
#pragma once

#include <sweep/sweep.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sweepbench {

enum class Variant {
    Plain,
    Sum,
    Max,
    Seg16,
    Seg1024,
    SegRandom,
    Flags10,
    Flags50,
    Flags90,
    Uniform,
    Sorted,
    Reverse,
    Few,
    Zipf,
    Top16,
    TopByte,
    LowDup,
    Seg0To32,
    SegMixed,
    SegPow,
    SegHuge,
    RunShort,
    RunLong,
    Skewed
};

const char *variant_name(Variant v);
bool variant_from_name(const std::string &name, Variant *out);
const std::vector<Variant> &key_distributions();
const std::vector<Variant> &segment_laws();
const std::vector<Variant> &flag_densities();
// The segment laws of the segmented sorts, the run laws of unique and run-length
// encoding, and the sample laws of the histograms (uniform, skewed).
const std::vector<Variant> &sort_segment_laws();
const std::vector<Variant> &run_laws();
const std::vector<Variant> &sample_laws();
bool is_sort_segment_law(Variant v);
bool is_run_law(Variant v);
bool is_key_distribution(Variant v);
bool is_segment_law(Variant v);
bool is_flag_density(Variant v);
// Percent of flagged elements of a flag density (50 for anything else).
unsigned flag_percent(Variant v);

std::uint64_t splitmix64(std::uint64_t x);

// n keys of dt drawn from the key distribution dist, written to out (n elements).
// Keys are made as order-preserving unsigned images (what a radix sort sees: signed
// with the sign bit flipped, floats by IEEE-754 totalOrder) and mapped back; a float
// image that would be NaN or infinite becomes the largest finite value of its sign,
// so every peer's operator< is a strict weak order. stream separates independent draws.
void generate_keys(Variant dist, sweep_dtype dt, std::size_t n, std::uint64_t seed,
                   std::uint64_t stream, void *out);

// The same keys, each half [0, n/2) and [n/2, n) sorted ascending (merge's inputs). With
// sorted keys every key of the first half is below the second's, with reverse above.
void generate_sorted_halves(Variant dist, sweep_dtype dt, std::size_t n, std::uint64_t seed,
                            void *out);

// n keys of dt drawn from dist, sorted ascending (the searches' haystack).
void generate_sorted_keys(Variant dist, sweep_dtype dt, std::size_t n, std::uint64_t seed,
                          void *out);

// Segment offsets of a segment law over n elements: 0 = o[0] < o[1] < ... < o[nseg] = n
// (one empty segment [0, 0) when n == 0).
std::vector<std::size_t> generate_offsets(Variant law, std::size_t n, std::uint64_t seed);

// Segment offsets of a sort segment law (seg0to32, segmixed, segpow, seghuge) over n
// elements: 0 = o[0] <= o[1] <= ... <= o[nseg] = n (empty segments only with seg0to32
// and segmixed).
std::vector<std::size_t> generate_sort_offsets(Variant law, std::size_t n, std::uint64_t seed);

// n elements of dt in runs of equal elements (runshort, runlong), each run's element
// random and different from its neighbours' (integers: all bits; floats in [-1, 1)).
void generate_runs(Variant law, sweep_dtype dt, std::size_t n, std::uint64_t seed, void *out);

// The histograms' range and samples: u32 samples in [0, 2^31) (bounds 0 and 2^31), f32
// in [0, 1) (bounds 0 and 1), kHistogramBins even bins; uniform over the range, or
// skewed: the bin of rank k (a fixed random order of the bins) with weight ~1/k, the
// sample uniform within its bin.
constexpr std::size_t kHistogramBins = 256;
void histogram_bounds(sweep_dtype dt, void *lower, void *upper);
void generate_samples(Variant law, sweep_dtype dt, std::size_t n, std::uint64_t seed, void *out);

} // namespace sweepbench
