// bench_inputs.cpp -- counter-based random inputs (splitmix64 of seed and index), so
// an element depends only on the seed, the kind of input and its index.
#include "bench_inputs.h"

#include "bench_dtype.h"
#include "bench_parallel.h"
#include "bench_primitives.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <limits>
#include <tuple>
#include <type_traits>

namespace sweepbench {

namespace {

std::uint64_t g_seed = 20261123u;

enum class Kind {
    Values,
    Keys,
    SortedHalves,
    SplitFlags,
    Offsets,
    HeadFlags,
    RunKeys,
    AffineMaps,
    Indices,
    SortOffsets,
    Runs,
    Samples,
    Haystack,
    Needles
};

// A handful of recent arrays; large ones are GiBs, so the cache stays small.
struct Cache {
    struct Entry {
        Kind kind;
        int dtype;
        std::size_t n;
        Variant variant;
        std::uint64_t seed;
        std::shared_ptr<const Bytes> data;
    };
    std::deque<Entry> entries;
    static constexpr std::size_t kCapacity = 6;

    std::shared_ptr<const Bytes> find(Kind k, int dt, std::size_t n, Variant v = Variant::Plain) {
        for (auto &e : entries)
            if (e.kind == k && e.dtype == dt && e.n == n && e.variant == v && e.seed == g_seed)
                return e.data;
        return nullptr;
    }
    std::shared_ptr<const Bytes> put(Kind k, int dt, std::size_t n, Bytes &&b,
                                     Variant v = Variant::Plain) {
        auto p = std::make_shared<const Bytes>(std::move(b));
        entries.push_front(Entry{k, dt, n, v, g_seed, p});
        while (entries.size() > kCapacity)
            entries.pop_back();
        return p;
    }
};

Cache &cache() {
    static Cache c;
    return c;
}

template <class T> T random_element(std::uint64_t r) {
    if constexpr (std::is_floating_point_v<T>) {
        // 53 random bits scaled to [-1, 1); 0 becomes 0.5 so nothing is zero.
        double u = static_cast<double>(r >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0;
        T v = static_cast<T>(u);
        return v == T(0) ? T(0.5) : v;
    } else {
        T v = static_cast<T>(r);
        return v == T(0) ? T(1) : v;
    }
}

Bytes make_values(sweep_dtype dt, std::size_t n) {
    return with_dtype(dt, [&](auto zero) {
        using T = decltype(zero);
        Bytes b(n * sizeof(T));
        T *p = reinterpret_cast<T *>(b.data());
        const std::uint64_t base = splitmix64(g_seed ^ (0x100u + static_cast<unsigned>(dt)));
        parallel_for(n, [&](std::size_t i) { p[i] = random_element<T>(splitmix64(base + i)); });
        return b;
    });
}

} // namespace

void set_input_seed(std::uint64_t seed) {
    g_seed = seed;
}

std::shared_ptr<const Bytes> input_values(sweep_dtype dt, std::size_t n) {
    if (auto hit = cache().find(Kind::Values, dt, n)) return hit;
    return cache().put(Kind::Values, dt, n, make_values(dt, n));
}

std::shared_ptr<const Bytes> input_keys(sweep_dtype dt, std::size_t n, Variant dist) {
    if (auto hit = cache().find(Kind::Keys, dt, n, dist)) return hit;
    Bytes b(n * sweep_dtype_size(dt));
    generate_keys(dist, dt, n, g_seed, 0, b.data());
    return cache().put(Kind::Keys, dt, n, std::move(b), dist);
}

std::shared_ptr<const Bytes> input_sorted_halves(sweep_dtype dt, std::size_t n, Variant dist) {
    if (auto hit = cache().find(Kind::SortedHalves, dt, n, dist)) return hit;
    Bytes b(n * sweep_dtype_size(dt));
    generate_sorted_halves(dist, dt, n, g_seed, b.data());
    return cache().put(Kind::SortedHalves, dt, n, std::move(b), dist);
}

std::shared_ptr<const Bytes> input_split_flags(sweep_dtype dt, std::size_t n, Variant density) {
    if (auto hit = cache().find(Kind::SplitFlags, dt, n, density)) return hit;
    auto values = input_values(dt, n);
    const unsigned percent = flag_percent(density);
    Bytes f(n);
    with_dtype(dt, [&](auto zero) {
        using T = decltype(zero);
        const T *p = reinterpret_cast<const T *>(values->data());
        parallel_for(n, [&](std::size_t i) { f[i] = split_flag_of(p[i], percent) ? 1 : 0; });
        return 0;
    });
    return cache().put(Kind::SplitFlags, dt, n, std::move(f), density);
}

std::shared_ptr<const Bytes> input_offsets(std::size_t n, Variant law) {
    if (auto hit = cache().find(Kind::Offsets, -1, n, law)) return hit;
    const std::vector<std::size_t> o = generate_offsets(law, n, g_seed);
    Bytes b(o.size() * sizeof(std::size_t));
    std::memcpy(b.data(), o.data(), b.size());
    return cache().put(Kind::Offsets, -1, n, std::move(b), law);
}

std::size_t segment_count(const Bytes &offsets) {
    return offsets.size() / sizeof(std::size_t) - 1;
}

std::shared_ptr<const Bytes> input_head_flags(std::size_t n, Variant law) {
    if (auto hit = cache().find(Kind::HeadFlags, -1, n, law)) return hit;
    auto offsets = input_offsets(n, law);
    const auto *o = reinterpret_cast<const std::size_t *>(offsets->data());
    Bytes f(n, 0);
    parallel_for(segment_count(*offsets), [&](std::size_t s) {
        if (o[s] < n) f[o[s]] = 1;
    });
    return cache().put(Kind::HeadFlags, -1, n, std::move(f), law);
}

std::shared_ptr<const Bytes> input_run_keys(std::size_t n, Variant law) {
    if (auto hit = cache().find(Kind::RunKeys, -1, n, law)) return hit;
    auto offsets = input_offsets(n, law);
    const auto *o = reinterpret_cast<const std::size_t *>(offsets->data());
    Bytes b(n * sizeof(std::uint32_t));
    std::uint32_t *k = reinterpret_cast<std::uint32_t *>(b.data());
    parallel_for(segment_count(*offsets), [&](std::size_t s) {
        std::fill(k + o[s], k + o[s + 1], static_cast<std::uint32_t>(s));
    });
    return cache().put(Kind::RunKeys, -1, n, std::move(b), law);
}

std::shared_ptr<const Bytes> input_sort_offsets(std::size_t n, Variant law) {
    if (auto hit = cache().find(Kind::SortOffsets, -1, n, law)) return hit;
    const std::vector<std::size_t> o = generate_sort_offsets(law, n, g_seed);
    Bytes b(o.size() * sizeof(std::size_t));
    std::memcpy(b.data(), o.data(), b.size());
    return cache().put(Kind::SortOffsets, -1, n, std::move(b), law);
}

std::shared_ptr<const Bytes> input_runs(sweep_dtype dt, std::size_t n, Variant law) {
    if (auto hit = cache().find(Kind::Runs, dt, n, law)) return hit;
    Bytes b(n * sweep_dtype_size(dt));
    generate_runs(law, dt, n, g_seed, b.data());
    return cache().put(Kind::Runs, dt, n, std::move(b), law);
}

std::size_t run_count(Primitive p, sweep_dtype dt, std::size_t n, Variant law) {
    if (!is_run_primitive(p) || n == 0) return 0;
    auto in = input_runs(dt, n, law);
    const std::size_t elem = sweep_dtype_size(dt);
    const unsigned char *x = in->data();
    const auto same = [&](std::size_t i) {
        return std::memcmp(x + i * elem, x + (i - 1) * elem, elem) == 0;
    };
    // Every run ends where the next element differs (or at n); a run longer than one
    // is counted at its second element.
    if (p != Primitive::NontrivialRuns)
        return 1 + sum_over<std::size_t>(n - 1, [&](std::size_t j) { return same(j + 1) ? 0 : 1; });
    return sum_over<std::size_t>(n - 1, [&](std::size_t j) {
        const std::size_t i = j + 1;
        return same(i) && (i == 1 || !same(i - 1)) ? 1 : 0;
    });
}

std::shared_ptr<const Bytes> input_samples(sweep_dtype dt, std::size_t n, Variant law) {
    if (auto hit = cache().find(Kind::Samples, dt, n, law)) return hit;
    Bytes b(n * sweep_dtype_size(dt));
    generate_samples(law, dt, n, g_seed, b.data());
    return cache().put(Kind::Samples, dt, n, std::move(b), law);
}

Bytes histogram_levels(sweep_dtype dt) {
    Bytes b((kHistogramBins + 1) * sweep_dtype_size(dt));
    for (std::size_t i = 0; i <= kHistogramBins; ++i) {
        if (dt == SWEEP_F32) {
            const float v = static_cast<float>(i) / static_cast<float>(kHistogramBins);
            std::memcpy(b.data() + i * sizeof v, &v, sizeof v);
        } else {
            const auto v =
                static_cast<std::uint32_t>((std::uint64_t{1} << 31) / kHistogramBins * i);
            std::memcpy(b.data() + i * sizeof v, &v, sizeof v);
        }
    }
    return b;
}

std::shared_ptr<const Bytes> input_haystack(sweep_dtype dt, std::size_t n, Variant dist) {
    if (auto hit = cache().find(Kind::Haystack, dt, n, dist)) return hit;
    Bytes b(n * sweep_dtype_size(dt));
    generate_sorted_keys(dist, dt, n, g_seed, b.data());
    return cache().put(Kind::Haystack, dt, n, std::move(b), dist);
}

std::shared_ptr<const Bytes> input_needles(sweep_dtype dt, std::size_t n, Variant dist) {
    if (auto hit = cache().find(Kind::Needles, dt, n, dist)) return hit;
    Bytes b(n * sweep_dtype_size(dt));
    generate_keys(dist, dt, n, g_seed, 1, b.data());
    return cache().put(Kind::Needles, dt, n, std::move(b), dist);
}

std::shared_ptr<const Bytes> input_for(Primitive p, sweep_dtype dt, std::size_t n, Variant v) {
    if (is_segmented_sort(p)) return input_keys(dt, n, Variant::Uniform);
    if (p == Primitive::LowerBound || p == Primitive::UpperBound) return input_haystack(dt, n, v);
    if (is_run_primitive(p)) return input_runs(dt, n, v);
    if (p == Primitive::HistogramEven || p == Primitive::HistogramRange)
        return input_samples(dt, n, v);
    if (p == Primitive::Merge) return input_sorted_halves(dt, n, v);
    if (p == Primitive::AffineScan) return input_affine_maps(n);
    if (is_key_distribution(v)) return input_keys(dt, n, v);
    return input_values(dt, n);
}

std::shared_ptr<const Bytes> input_affine_maps(std::size_t n) {
    if (auto hit = cache().find(Kind::AffineMaps, -1, n)) return hit;
    Bytes b(n * 2 * sizeof(float));
    float *p = reinterpret_cast<float *>(b.data());
    const std::uint64_t base = splitmix64(g_seed ^ 0x400u);
    parallel_for(n, [&](std::size_t i) {
        const std::uint64_t r = splitmix64(base + i);
        p[2 * i] = (r & 1) ? -1.0f : 1.0f;
        p[2 * i + 1] = static_cast<float>(static_cast<int>((r >> 8) % 3) - 1);
    });
    return cache().put(Kind::AffineMaps, -1, n, std::move(b));
}

std::shared_ptr<const Bytes> input_indices(std::size_t n) {
    if (auto hit = cache().find(Kind::Indices, -1, n)) return hit;
    Bytes b(n * sizeof(std::uint32_t));
    std::uint32_t *p = reinterpret_cast<std::uint32_t *>(b.data());
    parallel_for(n, [&](std::size_t i) { p[i] = static_cast<std::uint32_t>(i); });
    return cache().put(Kind::Indices, -1, n, std::move(b));
}

std::size_t count_flags(const Bytes &flags) {
    return sum_over<std::size_t>(flags.size(),
                                 [&](std::size_t i) { return flags[i] != 0 ? 1 : 0; });
}

} // namespace sweepbench
