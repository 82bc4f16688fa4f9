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
    {Primitive::ScanByKey, "scan_by_key"},
    {Primitive::Reduce, "reduce"},
    {Primitive::Split, "split"},
    {Primitive::Compact, "compact"},
    {Primitive::RadixSort, "radix_sort"},
    {Primitive::RadixSortPairs, "radix_sort_pairs"},
    {Primitive::MergeSort, "merge_sort"},
    {Primitive::Merge, "merge"},
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
    if (p == Primitive::RadixSortPairs) return {SWEEP_U32};
    return {SWEEP_U32, SWEEP_U64, SWEEP_F32};
}

bool fixed_dtype(Primitive p) {
    return p == Primitive::AffineScan || p == Primitive::RadixSortPairs;
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
    case Primitive::AffineScan: return 2.0 * e * dn;
    case Primitive::SegmentedScan: return (2.0 * e + 1.0) * dn;
    case Primitive::ScanByKey: return (2.0 * e + sizeof(std::uint32_t)) * dn;
    case Primitive::Reduce: return e * dn;
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
    case Primitive::MergeSort: return 2.0 * e * dn;
    case Primitive::Merge: return 2.0 * e * dn;
    case Primitive::Copy: return 2.0 * e * dn;
    }
    return 0.0;
}

} // namespace sweepbench
