// bench_distributions.cpp -- the variants' names and the seeded generators of keys,
// sorted halves and segment offsets (see bench_distributions.h).
#include "bench_distributions.h"

#include "bench_dtype.h"
#include "bench_parallel.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <utility>

namespace sweepbench {

namespace {

struct VariantName {
    Variant v;
    const char *name;
};
const VariantName kNames[] = {
    {Variant::Plain, "plain"},       {Variant::Sum, "sum"},         {Variant::Max, "max"},
    {Variant::Seg16, "seg16"},       {Variant::Seg1024, "seg1024"}, {Variant::SegRandom, "segrand"},
    {Variant::Flags10, "flags10"},   {Variant::Flags50, "flags50"}, {Variant::Flags90, "flags90"},
    {Variant::Uniform, "uniform"},   {Variant::Sorted, "sorted"},   {Variant::Reverse, "reverse"},
    {Variant::Few, "few"},           {Variant::Zipf, "zipf"},       {Variant::Top16, "top16"},
    {Variant::TopByte, "topbyte"},   {Variant::LowDup, "lowdup"},   {Variant::Seg0To32, "seg0to32"},
    {Variant::SegMixed, "segmixed"}, {Variant::SegPow, "segpow"},   {Variant::SegHuge, "seghuge"},
    {Variant::RunShort, "runshort"}, {Variant::RunLong, "runlong"}, {Variant::Skewed, "skewed"},
};

constexpr unsigned kZipfRanksLog2 = 20;
constexpr double kSegRandomMax = 4096.0;

std::uint64_t low_mask(unsigned bits) {
    return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

// The i-th of n keys of a bits-wide image under dist; base is the draw's seed.
std::uint64_t key_image(Variant dist, unsigned bits, std::size_t i, std::size_t n,
                        std::uint64_t base) {
    const std::uint64_t mask = low_mask(bits);
    const std::uint64_t r = splitmix64(base + i);
    switch (dist) {
    case Variant::Sorted:
    case Variant::Reverse: {
        // The i-th of n equal slices of the range, a random point in it.
        const std::size_t k = dist == Variant::Sorted ? i : n - 1 - i;
        const std::uint64_t step = n ? mask / n : 0;
        return step ? static_cast<std::uint64_t>(k) * step + r % step : r & mask;
    }
    case Variant::Few: return splitmix64(base ^ 0xf00dull ^ (r & 255u)) & mask;
    case Variant::Zipf: {
        // Log-uniform over [1, 2^20]: rank k has weight ~1/k.
        const double u = static_cast<double>(r >> 11) * (1.0 / 9007199254740992.0);
        const auto rank = static_cast<std::uint64_t>(
            std::floor(std::exp(u * std::log(static_cast<double>(1u << kZipfRanksLog2)))));
        return splitmix64(base ^ 0x21bfull ^ rank) & mask;
    }
    case Variant::Top16: {
        if (bits <= 16) return r & mask;
        const std::uint64_t top = splitmix64(base ^ 0x7016ull) & 0xffffu;
        return (top << (bits - 16)) | (r & low_mask(bits - 16));
    }
    case Variant::TopByte: {
        if (bits <= 8) return r & mask;
        const std::uint64_t rest = splitmix64(base ^ 0x7b7eull) & low_mask(bits - 8);
        return ((r >> 56) << (bits - 8)) | rest;
    }
    case Variant::LowDup: {
        if (bits <= 16) return splitmix64(base ^ 0x10d0ull ^ (r >> 62)) & mask;
        const std::uint64_t low = splitmix64(base ^ 0x10d0ull ^ (r >> 62)) & 0xffffu;
        return (r & mask & ~std::uint64_t{0xffff}) | low;
    }
    default: return r & mask; // Uniform (and anything else): all bits random
    }
}

// The element of T whose order-preserving image is u.
template <class T> T from_image(std::uint64_t u) {
    constexpr unsigned bits = 8 * sizeof(T);
    if constexpr (std::is_floating_point_v<T>) {
        using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
        const U sign = U{1} << (bits - 1);
        const U image = static_cast<U>(u);
        const U raw = (image & sign) ? static_cast<U>(image ^ sign) : static_cast<U>(~image);
        T v;
        std::memcpy(&v, &raw, sizeof v);
        if (!std::isfinite(v))
            v = std::signbit(v) ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
        return v;
    } else if constexpr (std::is_signed_v<T>) {
        using U = std::make_unsigned_t<T>;
        const U raw = static_cast<U>(static_cast<U>(u) ^ (U{1} << (bits - 1)));
        T v;
        std::memcpy(&v, &raw, sizeof v);
        return v;
    } else {
        return static_cast<T>(u);
    }
}

// n images in uninitialised memory: the loops that fill them touch their pages in
// parallel (a std::vector would clear gigabytes on one thread first).
struct Images {
    explicit Images(std::size_t count) : n(count), data(new std::uint64_t[count]) {}
    std::size_t size() const {
        return n;
    }
    std::uint64_t &operator[](std::size_t i) {
        return data[i];
    }
    void swap(Images &other) {
        std::swap(n, other.n);
        data.swap(other.data);
    }
    std::size_t n;
    std::unique_ptr<std::uint64_t[]> data;
};

// LSD radix sort of images (16-bit digits), for the sorted halves and the haystack.
// Each part of the array counts its digits and scatters its elements after those of
// the same digit in earlier parts: a stable pass whatever the number of parts.
void sort_images(Images &a, unsigned bits) {
    constexpr std::size_t kDigits = 65536;
    const std::size_t n = a.size();
    Images tmp(n);
    const std::size_t parts = std::min(host_threads(), part_count(n));
    std::vector<std::size_t> count(parts * kDigits);
    for (unsigned shift = 0; shift < bits; shift += 16) {
        for_parts(n, parts, [&](std::size_t p, std::size_t begin, std::size_t end) {
            std::size_t *c = &count[p * kDigits];
            std::fill(c, c + kDigits, 0);
            for (std::size_t i = begin; i < end; ++i)
                ++c[(a[i] >> shift) & 0xffffu];
        });
        std::size_t sum = 0;
        for (std::size_t d = 0; d < kDigits; ++d) {
            for (std::size_t p = 0; p < parts; ++p) {
                std::size_t &c = count[p * kDigits + d];
                const std::size_t here = c;
                c = sum;
                sum += here;
            }
        }
        for_parts(n, parts, [&](std::size_t p, std::size_t begin, std::size_t end) {
            std::size_t *c = &count[p * kDigits];
            for (std::size_t i = begin; i < end; ++i)
                tmp[c[(a[i] >> shift) & 0xffffu]++] = a[i];
        });
        a.swap(tmp);
    }
}

// Appends to o the ends of segments over [0, n) until they reach n (at least one
// segment): segment s is len_of(s) long, cut short at n. The lengths are drawn in
// parallel batches and added up in order.
template <class Len>
void append_segments(std::vector<std::size_t> &o, std::size_t n, Len &&len_of) {
    std::vector<std::size_t> len;
    std::size_t at = 0;
    for (std::uint64_t s0 = 0; at < n || o.size() == 1;) {
        const std::size_t batch =
            std::min<std::size_t>(std::max<std::size_t>(n - at, 1024), std::size_t{1} << 20);
        len.resize(batch);
        parallel_for(batch, [&](std::size_t i) { len[i] = len_of(s0 + i); });
        for (std::size_t i = 0; i < batch && (at < n || o.size() == 1); ++i) {
            at = len[i] < n - at ? at + len[i] : n;
            o.push_back(at);
        }
        s0 += batch;
    }
}

} // namespace

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

const char *variant_name(Variant v) {
    for (const auto &e : kNames)
        if (e.v == v) return e.name;
    return "unknown";
}

bool variant_from_name(const std::string &name, Variant *out) {
    for (const auto &e : kNames) {
        if (name == e.name) {
            *out = e.v;
            return true;
        }
    }
    return false;
}

const std::vector<Variant> &key_distributions() {
    static const std::vector<Variant> v = {Variant::Uniform, Variant::Sorted, Variant::Reverse,
                                           Variant::Few,     Variant::Zipf,   Variant::Top16,
                                           Variant::TopByte, Variant::LowDup};
    return v;
}

const std::vector<Variant> &segment_laws() {
    static const std::vector<Variant> v = {Variant::Seg16, Variant::Seg1024, Variant::SegRandom};
    return v;
}

const std::vector<Variant> &flag_densities() {
    static const std::vector<Variant> v = {Variant::Flags10, Variant::Flags50, Variant::Flags90};
    return v;
}

const std::vector<Variant> &sort_segment_laws() {
    static const std::vector<Variant> v = {Variant::Seg0To32, Variant::SegMixed, Variant::SegPow,
                                           Variant::SegHuge};
    return v;
}

const std::vector<Variant> &run_laws() {
    static const std::vector<Variant> v = {Variant::RunShort, Variant::RunLong};
    return v;
}

const std::vector<Variant> &sample_laws() {
    static const std::vector<Variant> v = {Variant::Uniform, Variant::Skewed};
    return v;
}

bool is_sort_segment_law(Variant v) {
    return v == Variant::Seg0To32 || v == Variant::SegMixed || v == Variant::SegPow ||
           v == Variant::SegHuge;
}

bool is_run_law(Variant v) {
    return v == Variant::RunShort || v == Variant::RunLong;
}

bool is_key_distribution(Variant v) {
    for (Variant d : key_distributions())
        if (d == v) return true;
    return false;
}

bool is_segment_law(Variant v) {
    return v == Variant::Seg16 || v == Variant::Seg1024 || v == Variant::SegRandom;
}

bool is_flag_density(Variant v) {
    return v == Variant::Flags10 || v == Variant::Flags50 || v == Variant::Flags90;
}

unsigned flag_percent(Variant v) {
    return v == Variant::Flags10 ? 10u : v == Variant::Flags90 ? 90u : 50u;
}

void generate_keys(Variant dist, sweep_dtype dt, std::size_t n, std::uint64_t seed,
                   std::uint64_t stream, void *out) {
    with_dtype(dt, [&](auto zero) {
        using T = decltype(zero);
        constexpr unsigned bits = 8 * sizeof(T);
        const std::uint64_t base = splitmix64(
            seed ^ (0x500u + static_cast<unsigned>(dist) * 16u + static_cast<unsigned>(dt)) ^
            (stream << 32));
        T *p = static_cast<T *>(out);
        parallel_for(
            n, [&](std::size_t i) { p[i] = from_image<T>(key_image(dist, bits, i, n, base)); });
        return 0;
    });
}

void generate_sorted_halves(Variant dist, sweep_dtype dt, std::size_t n, std::uint64_t seed,
                            void *out) {
    with_dtype(dt, [&](auto zero) {
        using T = decltype(zero);
        constexpr unsigned bits = 8 * sizeof(T);
        const std::uint64_t base = splitmix64(
            seed ^ (0x900u + static_cast<unsigned>(dist) * 16u + static_cast<unsigned>(dt)));
        T *p = static_cast<T *>(out);
        const std::size_t half = n / 2;
        for (int h = 0; h < 2; ++h) {
            const std::size_t from = h ? half : 0, to = h ? n : half;
            Images images(to - from);
            parallel_for(to - from, [&](std::size_t i) {
                images[i] = key_image(dist, bits, from + i, n, base);
            });
            sort_images(images, bits);
            parallel_for(to - from, [&](std::size_t i) { p[from + i] = from_image<T>(images[i]); });
        }
        return 0;
    });
}

void generate_sorted_keys(Variant dist, sweep_dtype dt, std::size_t n, std::uint64_t seed,
                          void *out) {
    with_dtype(dt, [&](auto zero) {
        using T = decltype(zero);
        constexpr unsigned bits = 8 * sizeof(T);
        const std::uint64_t base = splitmix64(
            seed ^ (0xd00u + static_cast<unsigned>(dist) * 16u + static_cast<unsigned>(dt)));
        Images images(n);
        parallel_for(n, [&](std::size_t i) { images[i] = key_image(dist, bits, i, n, base); });
        sort_images(images, bits);
        T *p = static_cast<T *>(out);
        parallel_for(n, [&](std::size_t i) { p[i] = from_image<T>(images[i]); });
        return 0;
    });
}

std::vector<std::size_t> generate_offsets(Variant law, std::size_t n, std::uint64_t seed) {
    std::vector<std::size_t> o{0};
    if (n == 0) {
        o.push_back(0);
        return o;
    }
    const std::uint64_t base = splitmix64(seed ^ 0x600u);
    append_segments(o, n, [&](std::uint64_t s) {
        std::size_t len = 1024;
        if (law == Variant::Seg16) {
            len = 16;
        } else if (law == Variant::SegRandom) {
            const double u =
                static_cast<double>(splitmix64(base + s) >> 11) * (1.0 / 9007199254740992.0);
            len = static_cast<std::size_t>(std::floor(std::exp(u * std::log(kSegRandomMax + 1))));
            if (len < 1) len = 1;
        }
        return len;
    });
    return o;
}

namespace {

// A uniform double in [0, 1) from 53 random bits.
double unit(std::uint64_t r) {
    return static_cast<double>(r >> 11) * (1.0 / 9007199254740992.0);
}

constexpr unsigned kHugeSegments = 8;
constexpr double kPowAlpha = 1.2;

} // namespace

std::vector<std::size_t> generate_sort_offsets(Variant law, std::size_t n, std::uint64_t seed) {
    const std::uint64_t base = splitmix64(seed ^ 0xa00u ^ static_cast<unsigned>(law));
    std::vector<std::size_t> o{0};
    if (law == Variant::SegHuge) {
        std::vector<std::size_t> cuts;
        for (unsigned s = 1; s < kHugeSegments; ++s)
            cuts.push_back(n ? static_cast<std::size_t>(splitmix64(base + s) % (n + 1)) : 0);
        std::sort(cuts.begin(), cuts.end());
        o.insert(o.end(), cuts.begin(), cuts.end());
        o.push_back(n);
        return o;
    }
    append_segments(o, n, [&](std::uint64_t s) {
        const std::uint64_t r = splitmix64(base + s);
        std::size_t len = 0;
        if (law == Variant::Seg0To32) {
            len = static_cast<std::size_t>(r % 33);
        } else if (law == Variant::SegMixed) {
            len = (r & 15) ? static_cast<std::size_t>((r >> 8) % 65)
                           : 1024 + static_cast<std::size_t>((r >> 8) % (65536 - 1024 + 1));
        } else { // SegPow: Pareto, P(len >= x) = x^-alpha
            const double x = std::pow(1.0 - unit(r), -1.0 / kPowAlpha);
            len = x >= 1e15 ? n : static_cast<std::size_t>(x);
        }
        return len;
    });
    return o;
}

void generate_runs(Variant law, sweep_dtype dt, std::size_t n, std::uint64_t seed, void *out) {
    const std::size_t longest = law == Variant::RunLong ? 2048 : 8;
    with_dtype(dt, [&](auto zero) {
        using T = decltype(zero);
        const std::uint64_t base = splitmix64(
            seed ^ (0xb00u + static_cast<unsigned>(law) * 16u + static_cast<unsigned>(dt)));
        T *p = static_cast<T *>(out);
        // Runs in batches: their elements and lengths drawn in parallel, a run's element
        // made to differ from the previous one's and its place found in order, the
        // runs written in parallel.
        std::vector<T> value;
        std::vector<std::size_t> len, start;
        T previous{};
        std::size_t at = 0;
        for (std::uint64_t r0 = 0; at < n;) {
            const std::size_t batch =
                std::min<std::size_t>(std::max<std::size_t>(n - at, 1024), std::size_t{1} << 20);
            value.resize(batch);
            len.resize(batch);
            start.resize(batch + 1);
            parallel_for(batch, [&](std::size_t i) {
                const std::uint64_t r = r0 + i;
                const std::uint64_t x = splitmix64(base + 2 * r);
                if constexpr (std::is_floating_point_v<T>)
                    value[i] = static_cast<T>(unit(x) * 2.0 - 1.0);
                else
                    value[i] = static_cast<T>(x);
                len[i] = 1 + static_cast<std::size_t>(splitmix64(base + 2 * r + 1) % longest);
            });
            std::size_t runs = 0;
            for (; runs < batch && at < n; ++runs) {
                T &v = value[runs];
                if (r0 + runs > 0 && std::memcmp(&v, &previous, sizeof v) == 0) {
                    if constexpr (std::is_floating_point_v<T>)
                        v = static_cast<T>(v * T(0.5));
                    else
                        v = static_cast<T>(v + 1);
                }
                start[runs] = at;
                at = len[runs] < n - at ? at + len[runs] : n;
                previous = v;
            }
            start[runs] = at;
            parallel_for(
                runs, [&](std::size_t i) { std::fill(p + start[i], p + start[i + 1], value[i]); });
            r0 += batch;
        }
        return 0;
    });
}

void histogram_bounds(sweep_dtype dt, void *lower, void *upper) {
    if (dt == SWEEP_F32) {
        const float lo = 0.0f, hi = 1.0f;
        std::memcpy(lower, &lo, sizeof lo);
        std::memcpy(upper, &hi, sizeof hi);
    } else {
        const std::uint32_t lo = 0, hi = 0x80000000u;
        std::memcpy(lower, &lo, sizeof lo);
        std::memcpy(upper, &hi, sizeof hi);
    }
}

void generate_samples(Variant law, sweep_dtype dt, std::size_t n, std::uint64_t seed, void *out) {
    const std::uint64_t base =
        splitmix64(seed ^ (0xc00u + static_cast<unsigned>(law) * 16u + static_cast<unsigned>(dt)));
    const double bins = static_cast<double>(kHistogramBins);
    // Skewed: rank k in [1, bins] with weight ~1/k (log-uniform: u in [log k, log(k + 1))
    // / log(bins + 1)), a fixed shuffle of the bins by rank, then a point within the bin.
    // The rank's thresholds and bins are tabulated: no exp or log per sample.
    std::vector<double> threshold(kHistogramBins);
    std::vector<std::uint64_t> bin_of_rank(kHistogramBins);
    for (std::size_t k = 0; k < kHistogramBins; ++k) {
        threshold[k] = std::log(static_cast<double>(k + 2)) / std::log(bins + 1);
        bin_of_rank[k] = splitmix64(base ^ 0x5eedull ^ (k + 1)) % kHistogramBins;
    }
    parallel_for(n, [&](std::size_t i) {
        const std::uint64_t r = splitmix64(base + i);
        // Where the sample lies in the range, as a fraction in [0, 1).
        double at = unit(r);
        if (law == Variant::Skewed) {
            const std::size_t rank = static_cast<std::size_t>(
                std::upper_bound(threshold.begin(), threshold.end() - 1, unit(splitmix64(r))) -
                threshold.begin());
            at = (static_cast<double>(bin_of_rank[rank]) + unit(splitmix64(r ^ 0xb1ull))) / bins;
        }
        if (dt == SWEEP_F32) {
            float v = static_cast<float>(at);
            if (v >= 1.0f) v = std::nextafter(1.0f, 0.0f);
            static_cast<float *>(out)[i] = v;
        } else {
            static_cast<std::uint32_t *>(out)[i] = static_cast<std::uint32_t>(at * 2147483648.0);
        }
    });
}

} // namespace sweepbench
