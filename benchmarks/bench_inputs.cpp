// bench_inputs.cpp -- counter-based random inputs (splitmix64 of seed and index), so
// an element depends only on the seed, the kind of input and its index.
#include "bench_inputs.h"

#include "bench_dtype.h"
#include "bench_primitives.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <tuple>
#include <type_traits>

namespace sweepbench {

namespace {

std::uint64_t g_seed = 20261123u;

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

enum class Kind { Values, SortedHalves, SplitFlags, HeadFlags, RunKeys, AffineMaps, Indices };

// A handful of recent arrays; large ones are GiBs, so the cache stays small.
struct Cache {
    struct Entry {
        Kind kind;
        int dtype;
        std::size_t n;
        std::uint64_t seed;
        std::shared_ptr<const Bytes> data;
    };
    std::deque<Entry> entries;
    static constexpr std::size_t kCapacity = 4;

    std::shared_ptr<const Bytes> find(Kind k, int dt, std::size_t n) {
        for (auto &e : entries)
            if (e.kind == k && e.dtype == dt && e.n == n && e.seed == g_seed) return e.data;
        return nullptr;
    }
    std::shared_ptr<const Bytes> put(Kind k, int dt, std::size_t n, Bytes &&b) {
        auto p = std::make_shared<const Bytes>(std::move(b));
        entries.push_front(Entry{k, dt, n, g_seed, p});
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
        for (std::size_t i = 0; i < n; ++i)
            p[i] = random_element<T>(splitmix64(base + i));
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

// Sorted without sorting (an O(n log n) sort of 2^27 keys would dominate setup): the
// i-th of m keys is drawn uniformly from the i-th of m equal slices of the type's
// range, which is non-decreasing and as spread out as sorted random keys.
template <class T> void fill_sorted(T *p, std::size_t m, std::uint64_t base) {
    long double lo, hi;
    if constexpr (std::is_floating_point_v<T>) {
        lo = -1.0L;
        hi = 1.0L;
    } else {
        lo = static_cast<long double>(std::numeric_limits<T>::min());
        hi = static_cast<long double>(std::numeric_limits<T>::max());
    }
    const long double span = hi - lo;
    for (std::size_t i = 0; i < m; ++i) {
        const long double u =
            static_cast<long double>(splitmix64(base + i) >> 11) / 9007199254740992.0L; // [0, 1)
        const long double x =
            lo + span * ((static_cast<long double>(i) + u) / static_cast<long double>(m));
        T v = static_cast<T>(x);
        // No zeros: the previous key (non-zero, not larger) keeps the order.
        if (v == T(0)) v = i > 0 ? p[i - 1] : T(1);
        p[i] = v;
    }
}

std::shared_ptr<const Bytes> input_sorted_halves(sweep_dtype dt, std::size_t n) {
    if (auto hit = cache().find(Kind::SortedHalves, dt, n)) return hit;
    Bytes b(n * sweep_dtype_size(dt));
    with_dtype(dt, [&](auto zero) {
        using T = decltype(zero);
        T *p = reinterpret_cast<T *>(b.data());
        const std::uint64_t base = splitmix64(g_seed ^ (0x300u + static_cast<unsigned>(dt)));
        fill_sorted(p, n / 2, base);
        fill_sorted(p + n / 2, n - n / 2, splitmix64(base));
        return 0;
    });
    return cache().put(Kind::SortedHalves, dt, n, std::move(b));
}

std::shared_ptr<const Bytes> input_split_flags(sweep_dtype dt, std::size_t n) {
    if (auto hit = cache().find(Kind::SplitFlags, dt, n)) return hit;
    auto values = input_values(dt, n);
    Bytes f(n);
    with_dtype(dt, [&](auto zero) {
        using T = decltype(zero);
        const T *p = reinterpret_cast<const T *>(values->data());
        for (std::size_t i = 0; i < n; ++i)
            f[i] = split_flag_of(p[i]) ? 1 : 0;
        return 0;
    });
    return cache().put(Kind::SplitFlags, dt, n, std::move(f));
}

std::shared_ptr<const Bytes> input_head_flags(std::size_t n) {
    if (auto hit = cache().find(Kind::HeadFlags, -1, n)) return hit;
    Bytes f(n);
    const std::uint64_t base = splitmix64(g_seed ^ 0x200u);
    for (std::size_t i = 0; i < n; ++i)
        f[i] = (i == 0 || splitmix64(base + i) % kMeanSegmentLength == 0) ? 1 : 0;
    return cache().put(Kind::HeadFlags, -1, n, std::move(f));
}

std::shared_ptr<const Bytes> input_run_keys(std::size_t n) {
    if (auto hit = cache().find(Kind::RunKeys, -1, n)) return hit;
    auto heads = input_head_flags(n);
    Bytes b(n * sizeof(std::uint32_t));
    std::uint32_t *k = reinterpret_cast<std::uint32_t *>(b.data());
    std::uint32_t segment = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0 && (*heads)[i]) ++segment;
        k[i] = segment;
    }
    return cache().put(Kind::RunKeys, -1, n, std::move(b));
}

std::shared_ptr<const Bytes> input_affine_maps(std::size_t n) {
    if (auto hit = cache().find(Kind::AffineMaps, -1, n)) return hit;
    Bytes b(n * 2 * sizeof(float));
    float *p = reinterpret_cast<float *>(b.data());
    const std::uint64_t base = splitmix64(g_seed ^ 0x400u);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t r = splitmix64(base + i);
        p[2 * i] = (r & 1) ? -1.0f : 1.0f;
        p[2 * i + 1] = static_cast<float>(static_cast<int>((r >> 8) % 3) - 1);
    }
    return cache().put(Kind::AffineMaps, -1, n, std::move(b));
}

std::shared_ptr<const Bytes> input_indices(std::size_t n) {
    if (auto hit = cache().find(Kind::Indices, -1, n)) return hit;
    Bytes b(n * sizeof(std::uint32_t));
    std::uint32_t *p = reinterpret_cast<std::uint32_t *>(b.data());
    for (std::size_t i = 0; i < n; ++i)
        p[i] = static_cast<std::uint32_t>(i);
    return cache().put(Kind::Indices, -1, n, std::move(b));
}

std::size_t count_flags(const Bytes &flags) {
    return static_cast<std::size_t>(
        std::count_if(flags.begin(), flags.end(), [](unsigned char c) { return c != 0; }));
}

} // namespace sweepbench
