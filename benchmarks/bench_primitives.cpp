// bench_primitives.cpp -- names, default element types and minimum traffic of the
// measured primitives.
#include "bench_primitives.h"

#include <cstring>

namespace sweepbench {

namespace {
struct PrimitiveName {
    Primitive p;
    const char *name;
};
const PrimitiveName kNames[] = {
    {Primitive::Scan, "scan"},
    {Primitive::AffineScan, "affine_scan"},
    {Primitive::SegmentedScan, "segmented_scan"},
    {Primitive::SegmentedScanOffsets, "segmented_scan_offsets"},
    {Primitive::ScanByKey, "scan_by_key"},
    {Primitive::Reduce, "reduce"},
    {Primitive::SegmentedReduce, "segmented_reduce"},
    {Primitive::Read, "read"},
    {Primitive::Split, "split"},
    {Primitive::Compact, "compact"},
    {Primitive::RadixSort, "radix_sort"},
    {Primitive::RadixSortPairs, "radix_sort_pairs"},
    {Primitive::MergeSort, "merge_sort"},
    {Primitive::MergeSortPairs, "merge_sort_pairs"},
    {Primitive::MergeSortCustom, "merge_sort_custom"},
    {Primitive::MergeSortPairsCustom, "merge_sort_pairs_custom"},
    {Primitive::Merge, "merge"},
    {Primitive::SegmentedRadixSort, "segmented_radix_sort"},
    {Primitive::SegmentedRadixSortPairs, "segmented_radix_sort_pairs"},
    {Primitive::SegmentedMergeSort, "segmented_merge_sort"},
    {Primitive::SegmentedMergeSortPairs, "segmented_merge_sort_pairs"},
    {Primitive::LowerBound, "lower_bound"},
    {Primitive::UpperBound, "upper_bound"},
    {Primitive::Unique, "unique"},
    {Primitive::UniqueByKey, "unique_by_key"},
    {Primitive::RunLengthEncode, "run_length_encode"},
    {Primitive::NontrivialRuns, "nontrivial_runs"},
    {Primitive::HistogramEven, "histogram_even"},
    {Primitive::HistogramRange, "histogram_range"},
    {Primitive::Copy, "copy"},
};
} // namespace

const std::vector<Primitive> &all_primitives() {
    static const std::vector<Primitive> all = [] {
        std::vector<Primitive> v;
        for (const auto &e : kNames)
            v.push_back(e.p);
        return v;
    }();
    return all;
}

const char *primitive_name(Primitive p) {
    for (const auto &e : kNames)
        if (e.p == p) return e.name;
    return "unknown";
}

bool primitive_from_name(const std::string &name, Primitive *out) {
    for (const auto &e : kNames) {
        if (name == e.name) {
            *out = e.p;
            return true;
        }
    }
    return false;
}

std::vector<sweep_dtype> default_dtypes(Primitive p) {
    if (p == Primitive::Scan) {
        std::vector<sweep_dtype> all;
        for (int d = 0; d < SWEEP_DTYPE_COUNT; ++d)
            all.push_back(static_cast<sweep_dtype>(d));
        return all;
    }
    if (p == Primitive::AffineScan) return {SWEEP_U64};
    if (p == Primitive::RadixSortPairs || p == Primitive::Read) return {SWEEP_U32, SWEEP_U64};
    if (p == Primitive::SegmentedRadixSort || p == Primitive::Unique) return {SWEEP_U32, SWEEP_U64};
    if (p == Primitive::HistogramEven || p == Primitive::HistogramRange)
        return {SWEEP_U32, SWEEP_F32};
    if (is_segmented_sort(p) || is_run_primitive(p) || p == Primitive::LowerBound ||
        p == Primitive::UpperBound)
        return {SWEEP_U32};
    return {SWEEP_U32, SWEEP_U64, SWEEP_F32};
}

bool fixed_dtype(Primitive p) {
    return p == Primitive::AffineScan;
}

bool is_segmented_sort(Primitive p) {
    return p == Primitive::SegmentedRadixSort || p == Primitive::SegmentedRadixSortPairs ||
           p == Primitive::SegmentedMergeSort || p == Primitive::SegmentedMergeSortPairs;
}

bool is_run_primitive(Primitive p) {
    return p == Primitive::Unique || p == Primitive::UniqueByKey ||
           p == Primitive::RunLengthEncode || p == Primitive::NontrivialRuns;
}

bool has_values(Primitive p) {
    return p == Primitive::RadixSortPairs || p == Primitive::MergeSortPairs ||
           p == Primitive::MergeSortPairsCustom || p == Primitive::SegmentedRadixSortPairs ||
           p == Primitive::SegmentedMergeSortPairs || p == Primitive::UniqueByKey;
}

bool custom_order(Primitive p) {
    return p == Primitive::MergeSortCustom || p == Primitive::MergeSortPairsCustom;
}

const std::vector<Variant> &variants_of(Primitive p) {
    static const std::vector<Variant> plain = {Variant::Plain};
    static const std::vector<Variant> scan = {Variant::Sum, Variant::Max};
    static const std::vector<Variant> sum = {Variant::Sum};
    static const std::vector<Variant> uniform = {Variant::Uniform};
    switch (p) {
    case Primitive::SegmentedRadixSort:
    case Primitive::SegmentedRadixSortPairs:
    case Primitive::SegmentedMergeSort:
    case Primitive::SegmentedMergeSortPairs: return sort_segment_laws();
    case Primitive::LowerBound:
    case Primitive::UpperBound: return uniform;
    case Primitive::Unique:
    case Primitive::UniqueByKey:
    case Primitive::RunLengthEncode:
    case Primitive::NontrivialRuns: return run_laws();
    case Primitive::HistogramEven:
    case Primitive::HistogramRange: return sample_laws();
    case Primitive::Scan: return scan;
    case Primitive::Reduce: return sum;
    case Primitive::SegmentedScan:
    case Primitive::SegmentedScanOffsets:
    case Primitive::ScanByKey:
    case Primitive::SegmentedReduce: return segment_laws();
    case Primitive::Split:
    case Primitive::Compact: return flag_densities();
    case Primitive::RadixSort:
    case Primitive::RadixSortPairs:
    case Primitive::MergeSort:
    case Primitive::MergeSortPairs:
    case Primitive::MergeSortCustom:
    case Primitive::MergeSortPairsCustom:
    case Primitive::Merge: return key_distributions();
    case Primitive::AffineScan:
    case Primitive::Read:
    case Primitive::Copy: break;
    }
    return plain;
}

Variant default_variant(Primitive p) {
    const std::vector<Variant> &v = variants_of(p);
    for (Variant d : {Variant::SegRandom, Variant::Flags50})
        for (Variant x : v)
            if (x == d) return d;
    return v.front();
}

std::vector<Cell> map_cells(Primitive p) {
    std::vector<Cell> out;
    const auto add = [&](std::initializer_list<sweep_dtype> dtypes,
                         const std::vector<Variant> &variants) {
        for (sweep_dtype dt : dtypes)
            for (Variant v : variants)
                out.push_back(Cell{dt, v});
    };
    switch (p) {
    case Primitive::Scan:
        add({SWEEP_U32, SWEEP_U64, SWEEP_F32}, {Variant::Sum});
        add({SWEEP_I32}, {Variant::Max});
        break;
    case Primitive::Reduce: add({SWEEP_U32, SWEEP_U64, SWEEP_F32}, {Variant::Sum}); break;
    case Primitive::Read: add({SWEEP_U32, SWEEP_U64}, {Variant::Plain}); break;
    case Primitive::Copy: add({SWEEP_U32}, {Variant::Plain}); break;
    case Primitive::RadixSort:
    case Primitive::MergeSort:
    case Primitive::Merge: add({SWEEP_U32, SWEEP_U64, SWEEP_F32}, key_distributions()); break;
    case Primitive::RadixSortPairs: add({SWEEP_U32, SWEEP_U64}, key_distributions()); break;
    case Primitive::AffineScan: break;
    case Primitive::SegmentedRadixSort:
    case Primitive::SegmentedRadixSortPairs:
    case Primitive::SegmentedMergeSort:
    case Primitive::SegmentedMergeSortPairs:
    case Primitive::LowerBound:
    case Primitive::UpperBound:
    case Primitive::Unique:
    case Primitive::UniqueByKey:
    case Primitive::RunLengthEncode:
    case Primitive::NontrivialRuns:
    case Primitive::HistogramEven:
    case Primitive::HistogramRange:
        for (sweep_dtype dt : default_dtypes(p))
            for (Variant v : variants_of(p))
                out.push_back(Cell{dt, v});
        break;
    default: add({SWEEP_U32}, variants_of(p)); break;
    }
    return out;
}

const char *dtype_label(Primitive p, sweep_dtype dtype) {
    return p == Primitive::AffineScan ? "f32x2" : sweep_dtype_name(dtype);
}

bool dtype_from_name(const std::string &name, sweep_dtype *out) {
    for (int d = 0; d < SWEEP_DTYPE_COUNT; ++d) {
        sweep_dtype dt = static_cast<sweep_dtype>(d);
        if (name == sweep_dtype_name(dt)) {
            *out = dt;
            return true;
        }
    }
    return false;
}

double min_bytes(Primitive p, std::size_t elem, std::size_t n, std::size_t kept) {
    const double e = static_cast<double>(elem);
    const double dn = static_cast<double>(n);
    switch (p) {
    case Primitive::Scan:
    case Primitive::AffineScan:
    case Primitive::SegmentedScanOffsets: return 2.0 * e * dn;
    case Primitive::SegmentedScan: return (2.0 * e + 1.0) * dn;
    case Primitive::ScanByKey: return (2.0 * e + sizeof(std::uint32_t)) * dn;
    case Primitive::Reduce:
    case Primitive::SegmentedReduce:
    case Primitive::Read: return e * dn;
    case Primitive::Split: return (2.0 * e + 1.0) * dn;
    case Primitive::Compact: return (e + 1.0) * dn + e * static_cast<double>(kept);
    case Primitive::RadixSort: {
        const double passes = e; // one pass per 8-bit digit of the key
        return e * dn + passes * 2.0 * e * dn;
    }
    case Primitive::RadixSortPairs: {
        const double v = sizeof(std::uint32_t);
        return e * dn + e * 2.0 * (e + v) * dn;
    }
    case Primitive::MergeSort:
    case Primitive::MergeSortCustom: return 2.0 * e * dn;
    case Primitive::MergeSortPairs:
    case Primitive::MergeSortPairsCustom: return 2.0 * (e + sizeof(std::uint32_t)) * dn;
    case Primitive::Merge: return 2.0 * e * dn;
    case Primitive::SegmentedRadixSort:
    case Primitive::SegmentedMergeSort: return 2.0 * e * dn;
    case Primitive::SegmentedRadixSortPairs:
    case Primitive::SegmentedMergeSortPairs: return 2.0 * (e + sizeof(std::uint32_t)) * dn;
    case Primitive::LowerBound:
    case Primitive::UpperBound: return (2.0 * e + sizeof(std::size_t)) * dn;
    case Primitive::Unique: return e * dn + e * static_cast<double>(kept);
    case Primitive::UniqueByKey:
        return (e + sizeof(std::uint32_t)) * (dn + static_cast<double>(kept));
    case Primitive::RunLengthEncode:
        return e * dn + (e + sizeof(std::size_t)) * static_cast<double>(kept);
    case Primitive::NontrivialRuns:
        return e * dn + 2.0 * sizeof(std::size_t) * static_cast<double>(kept);
    case Primitive::HistogramEven:
    case Primitive::HistogramRange: return e * dn;
    case Primitive::Copy: return 2.0 * e * dn;
    }
    return 0.0;
}

} // namespace sweepbench
