// bench_check.cpp -- spot checks: the last element of scans against a host sum, the
// reduction, the counts and first elements of split/compact, the order of sorts (per
// segment for the segmented sorts), a sample of the searches, every entry of unique
// and the run-length encodings, every count of the histograms.
#include "bench_check.h"

#include "bench_affine.h"
#include "bench_dtype.h"
#include "bench_parallel.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

namespace sweepbench {

namespace {

// Sum of p[from, to) as the library computes it: wrapping for integers; for floats
// a double sum plus the bound the API documents for the float result. Integer sums are
// taken in parallel; a double sum stays in index order (its rounding depends on it).
template <class T> struct HostSum {
    double value = 0, magnitude = 0;
    std::uint64_t wrapped = 0;
};

template <class T> HostSum<T> host_sum(const T *p, std::size_t from, std::size_t to) {
    HostSum<T> s;
    if constexpr (std::is_floating_point_v<T>) {
        for (std::size_t i = from; i < to; ++i) {
            s.value += static_cast<double>(p[i]);
            s.magnitude += std::fabs(static_cast<double>(p[i]));
        }
    } else {
        s.wrapped = sum_over<std::uint64_t>(
            to - from, [&](std::size_t i) { return static_cast<std::uint64_t>(p[from + i]); });
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
    return sum_over<std::uint64_t>(n, [&](std::size_t i) {
        std::uint64_t raw = 0;
        std::memcpy(&raw, &p[i], sizeof(T));
        return raw * 0x9e3779b97f4a7c15ull + (raw >> 7);
    });
}

// The first i in [0, n) where the loop "for each part, from its first element" fails,
// n where none does: parts checked in parallel, each from the state the elements
// before it leave (start(p)), with step(state, i) false at a failure.
template <class State, class Start, class Step>
std::size_t first_failure(std::size_t n, std::size_t parts, Start &&start, Step &&step) {
    std::vector<std::size_t> first(parts, n);
    for_parts(n, parts, [&](std::size_t p, std::size_t begin, std::size_t end) {
        State state = start(p);
        for (std::size_t i = begin; i < end; ++i) {
            if (!step(state, i)) {
                first[p] = i;
                return;
            }
        }
    });
    return *std::min_element(first.begin(), first.end());
}

// Sorted keys, values a permutation of the indices that carries each key (values_out[j]
// is where keys_out[j] came from), equal keys in input order.
template <class T> std::string check_pairs_in_order(const CheckInput &in) {
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

// The same checks in parallel: every value below n and every index hit by one (n
// values below n that hit all n indices are a permutation), every key carried, the
// order; a failure is described by the loop above, which finds the first one.
template <class T> std::string check_pairs(const CheckInput &in) {
    const std::size_t n = in.n;
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const T *y = reinterpret_cast<const T *>(in.output->data());
    const auto *v = reinterpret_cast<const std::uint32_t *>(in.values_out->data());
    std::unique_ptr<std::atomic<unsigned char>[]> hit(new std::atomic<unsigned char>[n]);
    parallel_for(n, [&](std::size_t i) { hit[i].store(0, std::memory_order_relaxed); });
    const std::size_t bad = first_where(n, [&](std::size_t j) {
        if (v[j] >= n) return true;
        hit[v[j]].store(1, std::memory_order_relaxed);
        if (std::memcmp(&x[v[j]], &y[j], sizeof(T)) != 0) return true;
        return j > 0 && (y[j] < y[j - 1] ||
                         (std::memcmp(&y[j], &y[j - 1], sizeof(T)) == 0 && v[j] < v[j - 1]));
    });
    if (bad < n) return check_pairs_in_order<T>(in);
    const std::size_t missed =
        first_where(n, [&](std::size_t i) { return hit[i].load(std::memory_order_relaxed) == 0; });
    if (missed < n) return check_pairs_in_order<T>(in);
    return "";
}

// A wrapping sum scan (integers: the result does not depend on how the sum is split),
// element by element, in parallel parts.
template <class T> std::string check_wrapped_scan(const T *x, const T *y, std::size_t n) {
    using U = std::make_unsigned_t<T>;
    const std::size_t parts = part_count(n);
    std::vector<std::uint64_t> before(parts + 1, 0);
    for_parts(n, parts, [&](std::size_t p, std::size_t begin, std::size_t end) {
        std::uint64_t s = 0;
        for (std::size_t i = begin; i < end; ++i)
            s += static_cast<std::uint64_t>(x[i]);
        before[p + 1] = s;
    });
    for (std::size_t p = 0; p < parts; ++p)
        before[p + 1] += before[p];
    const std::size_t wrong = first_failure<std::uint64_t>(
        n, parts, [&](std::size_t p) { return before[p]; },
        [&](std::uint64_t &s, std::size_t i) {
            s += static_cast<std::uint64_t>(x[i]);
            return static_cast<U>(s) == static_cast<U>(y[i]);
        });
    if (wrong < n) return "element " + std::to_string(wrong) + " (segment 0) is wrong";
    return "";
}

// Every element of a (segmented) sum scan against the host's running sum over its
// segment [o[s], o[s+1]); for a segmented reduction, every segment's result.
template <class T>
std::string check_segment(const CheckInput &in, const std::vector<std::size_t> &o, std::size_t s,
                          bool reduce) {
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const T *y = reinterpret_cast<const T *>(in.output->data());
    if (reduce) {
        if (o[s] < o[s + 1] && !sum_matches(host_sum(x, o[s], o[s + 1]), y[s], o[s + 1] - o[s]))
            return "segment " + std::to_string(s) + " is wrong";
        return "";
    }
    HostSum<T> run;
    for (std::size_t i = o[s]; i < o[s + 1]; ++i) {
        add_term(run, x[i]);
        if (!sum_matches(run, y[i], i - o[s] + 1))
            return "element " + std::to_string(i) + " (segment " + std::to_string(s) + ") is wrong";
    }
    return "";
}

// How many segments a part of a parallel loop over nseg segments of n elements takes:
// about kParallelGrain elements' worth.
inline std::size_t segment_grain(std::size_t nseg, std::size_t n) {
    return n ? std::max<std::size_t>(1, nseg / std::max<std::size_t>(1, n / kParallelGrain)) : 1;
}

// Segments are checked in parallel (each on its own, so in the order of its elements)
// and the first failing one is reported; one integer scan is split into parts.
template <class T>
std::string check_segments(const CheckInput &in, const std::vector<std::size_t> &o, bool reduce) {
    const std::size_t nseg = o.size() > 1 ? o.size() - 1 : 0;
    if constexpr (!std::is_floating_point_v<T>) {
        if (!reduce && nseg == 1 && o[0] == 0 && o[1] == in.n)
            return check_wrapped_scan(reinterpret_cast<const T *>(in.values->data()),
                                      reinterpret_cast<const T *>(in.output->data()), in.n);
    }
    const std::size_t wrong = first_where(
        nseg, [&](std::size_t s) { return !check_segment<T>(in, o, s, reduce).empty(); },
        segment_grain(nseg, in.n));
    return wrong < nseg ? check_segment<T>(in, o, wrong, reduce) : "";
}

// The segments of head flags or offsets as offsets.
std::vector<std::size_t> segments_of(const CheckInput &in) {
    if (in.offsets) {
        const auto *o = reinterpret_cast<const std::size_t *>(in.offsets->data());
        return std::vector<std::size_t>(o, o + in.offsets->size() / sizeof(std::size_t));
    }
    // Each part lists the heads it holds; the lists are joined in order.
    const unsigned char *flags = in.flags->data();
    const std::size_t parts = part_count(in.n);
    std::vector<std::vector<std::size_t>> heads(parts);
    for_parts(in.n, parts, [&](std::size_t p, std::size_t begin, std::size_t end) {
        for (std::size_t i = std::max<std::size_t>(begin, 1); i < end; ++i)
            if (flags[i]) heads[p].push_back(i);
    });
    std::vector<std::size_t> o{0};
    for (const auto &h : heads)
        o.insert(o.end(), h.begin(), h.end());
    o.push_back(in.n);
    return o;
}

// Every segment [o[s], o[s+1]) sorted (keys only) and a permutation of its input (a
// fingerprint per segment); with values, each value an index of its segment that
// carries its key, equal keys in input order.
// Segments are checked in parallel (a segment's values mark only its own indices) and
// the first failing one is reported.
template <class T>
std::string check_sorted_segment(const CheckInput &in, const std::vector<std::size_t> &o,
                                 std::size_t s, unsigned char *seen) {
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const T *y = reinterpret_cast<const T *>(in.output->data());
    const auto *v =
        in.values_out ? reinterpret_cast<const std::uint32_t *>(in.values_out->data()) : nullptr;
    {
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

template <class T> std::string check_segmented_sort(const CheckInput &in) {
    const std::vector<std::size_t> o = segments_of(in);
    const std::size_t nseg = o.size() > 1 ? o.size() - 1 : 0;
    std::vector<unsigned char> seen(in.values_out ? in.n : 0, 0);
    const std::size_t wrong = first_where(
        nseg,
        [&](std::size_t s) { return !check_sorted_segment<T>(in, o, s, seen.data()).empty(); },
        segment_grain(nseg, in.n));
    if (wrong == nseg) return "";
    // The failing segment may have marked some of its indices: it starts again.
    std::fill(seen.begin() + static_cast<std::ptrdiff_t>(std::min(o[wrong], seen.size())),
              seen.begin() + static_cast<std::ptrdiff_t>(std::min(o[wrong + 1], seen.size())), 0);
    return check_sorted_segment<T>(in, o, wrong, seen.data());
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
template <class T> std::string check_runs_in_order(const CheckInput &in) {
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

// The same check in parallel parts: each part finds the runs that end in it, the parts'
// counts give each part its first run's number and start, and the parts compare their
// runs' entries. A failure is described by the loop above.
template <class T> std::string check_runs(const CheckInput &in) {
    const std::size_t n = in.n;
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const auto *sizes =
        in.aux_out ? reinterpret_cast<const std::size_t *>(in.aux_out->data()) : nullptr;
    const auto *v =
        in.values_out ? reinterpret_cast<const std::uint32_t *>(in.values_out->data()) : nullptr;
    const bool nontrivial = in.primitive == Primitive::NontrivialRuns;
    // A run ends at i in [1, n] (exclusive); part p holds the ends i = j + 1, j in its range.
    const auto ends_at = [&](std::size_t i) {
        return i == n || std::memcmp(&x[i], &x[i - 1], sizeof(T)) != 0;
    };
    struct Part {
        bool any = false;
        std::size_t first = 0, last = 0, counted = 0; // counted: runs after the first end
    };
    const std::size_t parts = part_count(n);
    std::vector<Part> part(parts);
    for_parts(n, parts, [&](std::size_t p, std::size_t begin, std::size_t end) {
        Part &q = part[p];
        for (std::size_t i = begin + 1; i <= end; ++i) {
            if (!ends_at(i)) continue;
            if (!q.any) {
                q.any = true;
                q.first = i;
            } else if (!nontrivial || i - q.last > 1) {
                ++q.counted;
            }
            q.last = i;
        }
    });
    std::vector<std::size_t> first_run(parts), first_start(parts);
    std::size_t k = 0, previous_end = 0;
    for (std::size_t p = 0; p < parts; ++p) {
        first_run[p] = k;
        first_start[p] = previous_end;
        if (!part[p].any) continue;
        if (!nontrivial || part[p].first - previous_end > 1) ++k;
        k += part[p].counted;
        previous_end = part[p].last;
    }
    if (k != in.out_count) return check_runs_in_order<T>(in);
    std::atomic<bool> wrong{false};
    for_parts(n, parts, [&](std::size_t p, std::size_t begin, std::size_t end) {
        std::size_t run = first_run[p], start = first_start[p];
        for (std::size_t i = begin + 1; i <= end; ++i) {
            if (!ends_at(i)) continue;
            if (!nontrivial || i - start > 1) {
                bool ok;
                if (nontrivial) {
                    ok = reinterpret_cast<const std::size_t *>(in.output->data())[run] == start;
                } else {
                    const T *y = reinterpret_cast<const T *>(in.output->data());
                    ok = std::memcmp(&y[run], &x[start], sizeof(T)) == 0;
                }
                if (!ok || (sizes && sizes[run] != i - start) || (v && v[run] != start)) {
                    wrong.store(true, std::memory_order_relaxed);
                    return;
                }
                ++run;
            }
            start = i;
        }
    });
    return wrong.load() ? check_runs_in_order<T>(in) : "";
}

// Every count of the histogram against the host's binning (the bin formulas of
// sweep_histogram_even; histogram_range's boundaries are the same bins' edges).
template <class T> std::string check_histogram(const CheckInput &in) {
    const T *x = reinterpret_cast<const T *>(in.values->data());
    const auto *got = reinterpret_cast<const std::uint32_t *>(in.output->data());
    T lower{}, upper{};
    histogram_bounds(in.dtype, &lower, &upper);
    // Each part counts into its own bins; the counts are added up (wrapping as the
    // single loop's would).
    const std::size_t parts = part_count(in.n);
    std::vector<std::uint32_t> counts(parts * kHistogramBins, 0);
    for_parts(in.n, parts, [&](std::size_t p, std::size_t begin, std::size_t end) {
        std::uint32_t *want = &counts[p * kHistogramBins];
        for (std::size_t i = begin; i < end; ++i) {
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
    });
    std::vector<std::uint32_t> want(kHistogramBins, 0);
    for (std::size_t p = 0; p < parts; ++p)
        for (std::size_t b = 0; b < kHistogramBins; ++b)
            want[b] += counts[p * kHistogramBins + b];
    for (std::size_t b = 0; b < kHistogramBins; ++b)
        if (got[b] != want[b])
            return "bin " + std::to_string(b) + ": " + std::to_string(got[b]) + ", expected " +
                   std::to_string(want[b]);
    return "";
}

// The running maximum (the first of equal maxima, as "if (m < x) m = x" keeps it) in
// parallel parts: a part's running maximum starts from the one the parts before it
// leave.
template <class T> std::string check_max_scan(const T *x, const T *y, std::size_t n) {
    const std::size_t parts = part_count(n);
    std::vector<T> top(parts);
    for_parts(n, parts, [&](std::size_t p, std::size_t begin, std::size_t end) {
        T m = x[begin];
        for (std::size_t i = begin; i < end; ++i)
            if (m < x[i]) m = x[i];
        top[p] = m;
    });
    std::vector<T> before(parts);
    T m = x[0];
    for (std::size_t p = 0; p < parts; ++p) {
        before[p] = m;
        if (m < top[p]) m = top[p];
    }
    const std::size_t wrong = first_failure<T>(
        n, parts, [&](std::size_t p) { return before[p]; },
        [&](T &run, std::size_t i) {
            if (run < x[i]) run = x[i];
            return std::memcmp(&run, &y[i], sizeof(T)) == 0;
        });
    if (wrong < n) return "max scan element " + std::to_string(wrong) + " is wrong";
    return "";
}

// Sorted (the first descent reported) and a permutation of the input by fingerprint.
template <class T> std::string check_sorted(const T *x, const T *y, std::size_t n) {
    const std::size_t i = 1 + first_where(n - 1, [&](std::size_t j) { return y[j + 1] < y[j]; });
    if (i < n) return "output is not sorted at " + std::to_string(i);
    if (bit_fingerprint(x, n) != bit_fingerprint(y, n))
        return "output is not a permutation of the input";
    return "";
}

// The copy equal to its input, compared in blocks in parallel.
template <class T> std::string check_copy(const T *x, const T *y, std::size_t n) {
    constexpr std::size_t kBlock = 4096;
    const std::size_t blocks = (n + kBlock - 1) / kBlock;
    const auto differs = [&](std::size_t b) {
        const std::size_t from = b * kBlock, count = std::min(kBlock, n - from);
        return std::memcmp(x + from, y + from, count * sizeof(T)) != 0;
    };
    return first_where(blocks, differs, 16) < blocks ? "copy differs" : "";
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
    case Primitive::Merge: return check_sorted(x, y, n);
    case Primitive::Copy: return check_copy(x, y, n);
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
