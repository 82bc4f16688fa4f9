// bench_distributions.cpp -- the variants' names and the seeded generators of keys,
// sorted halves and segment offsets (see bench_distributions.h).
#include "bench_distributions.h"

#include "bench_dtype.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace sweepbench {

namespace {

struct VariantName {
    Variant v;
    const char *name;
};
const VariantName kNames[] = {
    {Variant::Plain, "plain"},     {Variant::Sum, "sum"},         {Variant::Max, "max"},
    {Variant::Seg16, "seg16"},     {Variant::Seg1024, "seg1024"}, {Variant::SegRandom, "segrand"},
    {Variant::Flags10, "flags10"}, {Variant::Flags50, "flags50"}, {Variant::Flags90, "flags90"},
    {Variant::Uniform, "uniform"}, {Variant::Sorted, "sorted"},   {Variant::Reverse, "reverse"},
    {Variant::Few, "few"},         {Variant::Zipf, "zipf"},       {Variant::Top16, "top16"},
    {Variant::TopByte, "topbyte"}, {Variant::LowDup, "lowdup"},
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

// LSD radix sort of images (16-bit digits), for the sorted halves.
void sort_images(std::vector<std::uint64_t> &a, unsigned bits) {
    std::vector<std::uint64_t> tmp(a.size());
    std::vector<std::size_t> count(65536);
    for (unsigned shift = 0; shift < bits; shift += 16) {
        std::fill(count.begin(), count.end(), 0);
        for (std::uint64_t x : a)
            ++count[(x >> shift) & 0xffffu];
        std::size_t sum = 0;
        for (auto &c : count) {
            const std::size_t here = c;
            c = sum;
            sum += here;
        }
        for (std::uint64_t x : a)
            tmp[count[(x >> shift) & 0xffffu]++] = x;
        a.swap(tmp);
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
        for (std::size_t i = 0; i < n; ++i)
            p[i] = from_image<T>(key_image(dist, bits, i, n, base));
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
            std::vector<std::uint64_t> images(to - from);
            for (std::size_t i = from; i < to; ++i)
                images[i - from] = key_image(dist, bits, i, n, base);
            sort_images(images, bits);
            for (std::size_t i = from; i < to; ++i)
                p[i] = from_image<T>(images[i - from]);
        }
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
    std::size_t at = 0;
    for (std::uint64_t s = 0; at < n; ++s) {
        std::size_t len = 1024;
        if (law == Variant::Seg16) {
            len = 16;
        } else if (law == Variant::SegRandom) {
            const double u =
                static_cast<double>(splitmix64(base + s) >> 11) * (1.0 / 9007199254740992.0);
            len = static_cast<std::size_t>(std::floor(std::exp(u * std::log(kSegRandomMax + 1))));
            if (len < 1) len = 1;
        }
        at = len < n - at ? at + len : n;
        o.push_back(at);
    }
    return o;
}

} // namespace sweepbench
