// bench_check.cpp -- spot checks: the last element of scans against a host sum, the
// reduction, the counts and first elements of split/compact, the order of sorts (per
// segment for the segmented sorts), a sample of the searches, every entry of unique
// and the run-length encodings, every count of the histograms.
#include "bench_check.h"

#include "bench_affine.h"
#include "bench_dtype.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

namespace sweepbench {

namespace {

// Sum of p[from, to) as the library computes it: wrapping for integers; for floats
// a double sum plus the bound the API documents for the float result.
template <class T> struct HostSum {
    double value = 0, magnitude = 0;
    std::uint64_t wrapped = 0;
};

template <class T> HostSum<T> host_sum(const T *p, std::size_t from, std::size_t to) {
    HostSum<T> s;
    for (std::size_t i = from; i < to; ++i) {
        if constexpr (std::is_floating_point_v<T>) {
            s.value += static_cast<double>(p[i]);
            s.magnitude += std::fabs(static_cast<double>(p[i]));
        } else {
            s.wrapped += static_cast<std::uint64_t>(p[i]);
        }
    }
    return s;
}

template <class T> void add_term(HostSum<T> &s, T x) {
    if constexpr (std::is_floating_point_v<T>) {
        s.value += static_cast<double>(x);
        s.magnitude += std::fabs(static_cast<double>(x));
    } else {
        s.wrapped += static_cast<std::uint64_t>(x);
    }
}

template <class T> bool sum_matches(const HostSum<T> &s, T got, std::size_t terms) {
    if constexpr (std::is_floating_point_v<T>) {
        const double eps = std::is_same_v<T, float> ? 1.2e-7 : 2.3e-16;
        const double bound = static_cast<double>(terms) * eps * s.magnitude + 1e-30;
        return std::fabs(static_cast<double>(got) - s.value) <= bound;
    } else {
        using U = std::make_unsigned_t<T>;
        return static_cast<U>(s.wrapped) == static_cast<U>(got);
    }
}

// Sum of the elements' bit patterns: equal for any permutation, and a lost or
// duplicated element changes it almost surely.
template <class T> std::uint64_t bit_fingerprint(const T *p, std::size_t n) {
    std::uint64_t s = 0;
    for (std::size_t i = 0; i < n; ++i) {
        std::uint64_t raw = 0;
        std::memcpy(&raw, &p[i], sizeof(T));
        s += raw * 0x9e3779b97f4a7c15ull + (raw >> 7);
    }
    return s;
}

// Sorted keys, values a permutation of the indices that carries each key (values_out[j]
// is where keys_out[j] came from), equal keys in input order.
template <class T> std::string check_pairs(const CheckInput &in) {
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const T *y = reinterpret_cast<const T *>(in.output->data());
    const auto *v = reinterpret_cast<const std::uint32_t *>(in.values_out->data());
    std::vector<bool> seen(in.n, false);
    for (std::size_t j = 0; j < in.n; ++j) {
        if (v[j] >= in.n || seen[v[j]]) return "values are not a permutation of the indices";
        seen[v[j]] = true;
        if (std::memcmp(&x[v[j]], &y[j], sizeof(T)) != 0)
            return "value " + std::to_string(j) + " does not carry its key";
        if (j > 0 &&
            (y[j] < y[j - 1] || (std::memcmp(&y[j], &y[j - 1], sizeof(T)) == 0 && v[j] < v[j - 1])))
            return "output is not sorted (or not stable) at " + std::to_string(j);
    }
    return "";
}

// Every element of a (segmented) sum scan against the host's running sum over its
// segment [o[s], o[s+1]); for a segmented reduction, every segment's result.
template <class T>
std::string check_segments(const CheckInput &in, const std::vector<std::size_t> &o, bool reduce) {
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const T *y = reinterpret_cast<const T *>(in.output->data());
    for (std::size_t s = 0; s + 1 < o.size(); ++s) {
        if (reduce) {
            if (o[s] < o[s + 1] && !sum_matches(host_sum(x, o[s], o[s + 1]), y[s], o[s + 1] - o[s]))
                return "segment " + std::to_string(s) + " is wrong";
            continue;
        }
        HostSum<T> run;
        for (std::size_t i = o[s]; i < o[s + 1]; ++i) {
            add_term(run, x[i]);
            if (!sum_matches(run, y[i], i - o[s] + 1))
                return "element " + std::to_string(i) + " (segment " + std::to_string(s) +
                       ") is wrong";
        }
    }
    return "";
}

// The segments of head flags or offsets as offsets.
std::vector<std::size_t> segments_of(const CheckInput &in) {
    if (in.offsets) {
        const auto *o = reinterpret_cast<const std::size_t *>(in.offsets->data());
        return std::vector<std::size_t>(o, o + in.offsets->size() / sizeof(std::size_t));
    }
    std::vector<std::size_t> o{0};
    for (std::size_t i = 1; i < in.n; ++i)
        if ((*in.flags)[i]) o.push_back(i);
    o.push_back(in.n);
    return o;
}

// Every segment [o[s], o[s+1]) sorted (keys only) and a permutation of its input (a
// fingerprint per segment); with values, each value an index of its segment that
// carries its key, equal keys in input order.
template <class T> std::string check_segmented_sort(const CheckInput &in) {
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const T *y = reinterpret_cast<const T *>(in.output->data());
    const std::vector<std::size_t> o = segments_of(in);
    const auto *v =
        in.values_out ? reinterpret_cast<const std::uint32_t *>(in.values_out->data()) : nullptr;
    std::vector<bool> seen(v ? in.n : 0, false);
    for (std::size_t s = 0; s + 1 < o.size(); ++s) {
        const std::size_t b = o[s], e = o[s + 1];
        for (std::size_t j = b; j < e; ++j) {
            if (j > b && y[j] < y[j - 1])
                return "segment " + std::to_string(s) + " is not sorted at " + std::to_string(j);
            if (!v) continue;
            if (v[j] < b || v[j] >= e || seen[v[j]])
                return "values of segment " + std::to_string(s) + " are not its indices";
            seen[v[j]] = true;
            if (std::memcmp(&x[v[j]], &y[j], sizeof(T)) != 0)
                return "value " + std::to_string(j) + " does not carry its key";
            if (j > b && std::memcmp(&y[j], &y[j - 1], sizeof(T)) == 0 && v[j] < v[j - 1])
                return "segment " + std::to_string(s) + " is not stable at " + std::to_string(j);
        }
        if (!v && bit_fingerprint(x + b, e - b) != bit_fingerprint(y + b, e - b))
            return "segment " + std::to_string(s) + " is not a permutation of its input";
    }
    return "";
}

// A sample of the needles (about 4096, the last included) against the host's search.
template <class T> std::string check_search(const CheckInput &in) {
    const T *hay = reinterpret_cast<const T *>(in.values->data());
    const T *needle = reinterpret_cast<const T *>(in.needles->data());
    const auto *got = reinterpret_cast<const std::size_t *>(in.output->data());
    const auto one = [&](std::size_t i) -> std::string {
        const T *at = in.primitive == Primitive::LowerBound
                          ? std::lower_bound(hay, hay + in.n, needle[i])
                          : std::upper_bound(hay, hay + in.n, needle[i]);
        if (got[i] == static_cast<std::size_t>(at - hay)) return "";
        return "needle " + std::to_string(i) + ": " + std::to_string(got[i]) + ", expected " +
               std::to_string(at - hay);
    };
    const std::size_t step = in.n > 4096 ? in.n / 4096 : 1;
    for (std::size_t i = 0; i < in.n; i += step) {
        std::string wrong = one(i);
        if (!wrong.empty()) return wrong;
    }
    return one(in.n - 1);
}

// Unique, unique by key, run-length encoding and non-trivial runs against the runs the
// host finds (elements equal by their bytes): the count and every entry.
template <class T> std::string check_runs(const CheckInput &in) {
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const auto *sizes =
        in.aux_out ? reinterpret_cast<const std::size_t *>(in.aux_out->data()) : nullptr;
    const auto *v =
        in.values_out ? reinterpret_cast<const std::uint32_t *>(in.values_out->data()) : nullptr;
    const bool nontrivial = in.primitive == Primitive::NontrivialRuns;
    std::size_t k = 0, start = 0;
    for (std::size_t i = 1; i <= in.n; ++i) {
        if (i < in.n && std::memcmp(&x[i], &x[i - 1], sizeof(T)) == 0) continue;
        const std::size_t len = i - start;
        if (!nontrivial || len > 1) {
            if (k >= in.out_count) return "fewer runs reported than there are";
            const std::string at = "run " + std::to_string(k);
            if (nontrivial) {
                const auto *offsets = reinterpret_cast<const std::size_t *>(in.output->data());
                if (offsets[k] != start) return at + ": wrong offset";
            } else {
                const T *y = reinterpret_cast<const T *>(in.output->data());
                if (std::memcmp(&y[k], &x[start], sizeof(T)) != 0) return at + ": wrong element";
            }
            if (sizes && sizes[k] != len) return at + ": wrong length";
            if (v && v[k] != start) return at + ": wrong value";
            ++k;
        }
        start = i;
    }
    if (k != in.out_count)
        return "count " + std::to_string(in.out_count) + ", expected " + std::to_string(k);
    return "";
}

// Every count of the histogram against the host's binning (the bin formulas of
// sweep_histogram_even; histogram_range's boundaries are the same bins' edges).
template <class T> std::string check_histogram(const CheckInput &in) {
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const auto *got = reinterpret_cast<const std::uint32_t *>(in.output->data());
    T lower{}, upper{};
    histogram_bounds(in.dtype, &lower, &upper);
    std::vector<std::uint32_t> want(kHistogramBins, 0);
    for (std::size_t i = 0; i < in.n; ++i) {
        if (!(x[i] >= lower && x[i] < upper)) continue;
        std::size_t bin;
        if constexpr (std::is_floating_point_v<T>) {
            const double range = static_cast<double>(upper) - static_cast<double>(lower);
            bin = static_cast<std::size_t>(
                std::floor(((static_cast<double>(x[i]) - static_cast<double>(lower)) *
                            static_cast<double>(kHistogramBins)) /
                           range));
        } else {
            bin = static_cast<std::size_t>(
                (static_cast<std::uint64_t>(x[i] - lower) * kHistogramBins) /
                static_cast<std::uint64_t>(upper - lower));
        }
        if (bin >= kHistogramBins) bin = kHistogramBins - 1;
        ++want[bin];
    }
    for (std::size_t b = 0; b < kHistogramBins; ++b)
        if (got[b] != want[b])
            return "bin " + std::to_string(b) + ": " + std::to_string(got[b]) + ", expected " +
                   std::to_string(want[b]);
    return "";
}

template <class T> std::string check_max_scan(const T *x, const T *y, std::size_t n) {
    T m = x[0];
    for (std::size_t i = 0; i < n; ++i) {
        if (m < x[i]) m = x[i];
        if (std::memcmp(&m, &y[i], sizeof(T)) != 0)
            return "max scan element " + std::to_string(i) + " is wrong";
    }
    return "";
}

template <class T> std::string check_typed(const CheckInput &in) {
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const T *y = reinterpret_cast<const T *>(in.output->data());
    const std::size_t n = in.n;
    switch (in.primitive) {
    case Primitive::Scan:
        if (in.variant == Variant::Max) return check_max_scan(x, y, n);
        return check_segments<T>(in, {0, n}, false);
    case Primitive::Reduce:
        if (!sum_matches(host_sum(x, 0, n), y[0], n)) return "reduction is wrong";
        return "";
    case Primitive::SegmentedScan:
    case Primitive::SegmentedScanOffsets:
    case Primitive::ScanByKey: return check_segments<T>(in, segments_of(in), false);
    case Primitive::SegmentedReduce: return check_segments<T>(in, segments_of(in), true);
    case Primitive::Split:
    case Primitive::Compact: {
        const std::size_t kept = count_flags(*in.flags);
        if (in.out_count != kept) return "flagged count is wrong";
        std::size_t first_on = n, first_off = n;
        for (std::size_t i = 0; i < n && (first_on == n || first_off == n); ++i) {
            if ((*in.flags)[i] && first_on == n) first_on = i;
            if (!(*in.flags)[i] && first_off == n) first_off = i;
        }
        if (first_on < n && kept > 0 && std::memcmp(&y[0], &x[first_on], sizeof(T)) != 0)
            return "first flagged element is wrong";
        if (in.primitive == Primitive::Split && first_off < n && kept < n &&
            std::memcmp(&y[kept], &x[first_off], sizeof(T)) != 0)
            return "first unflagged element is wrong";
        return "";
    }
    case Primitive::RadixSort:
    case Primitive::MergeSort:
    case Primitive::MergeSortCustom:
    case Primitive::Merge:
        for (std::size_t i = 1; i < n; ++i)
            if (y[i] < y[i - 1]) return "output is not sorted at " + std::to_string(i);
        if (bit_fingerprint(x, n) != bit_fingerprint(y, n))
            return "output is not a permutation of the input";
        return "";
    case Primitive::Copy:
        if (std::memcmp(x, y, n * sizeof(T)) != 0) return "copy differs";
        return "";
    case Primitive::RadixSortPairs:
    case Primitive::MergeSortPairs:
    case Primitive::MergeSortPairsCustom:
        if (!in.values_out) return "no values to check";
        return check_pairs<T>(in);
    case Primitive::SegmentedRadixSort:
    case Primitive::SegmentedRadixSortPairs:
    case Primitive::SegmentedMergeSort:
    case Primitive::SegmentedMergeSortPairs: return check_segmented_sort<T>(in);
    case Primitive::LowerBound:
    case Primitive::UpperBound:
        if (!in.needles) return "no needles to check";
        return check_search<T>(in);
    case Primitive::Unique:
    case Primitive::UniqueByKey:
    case Primitive::RunLengthEncode:
    case Primitive::NontrivialRuns: return check_runs<T>(in);
    case Primitive::HistogramEven:
    case Primitive::HistogramRange: return check_histogram<T>(in);
    case Primitive::AffineScan:
    case Primitive::Read: break; // affine_scan is checked above; read has no sweep row
    }
    return "";
}

} // namespace

std::string check_result(const CheckInput &in) {
    if (in.n == 0) return "";
    if (in.primitive == Primitive::AffineScan)
        return check_affine_scan(*in.values, *in.output, in.n);
    return with_dtype(in.dtype, [&](auto zero) { return check_typed<decltype(zero)>(in); });
}

} // namespace sweepbench
