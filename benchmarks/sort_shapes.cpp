// sort_shapes.cpp -- sweep-sort-shapes: the OpenMP backend's sorts on inputs whose
// shape matters, each against its libstdc++ parallel-mode peer in the same process.
//
//   radix: sweep_radix_sort of u32 (or --u64) keys, uniform and five other shapes
//          (sorted, sorted but for one key, reversed, 16 distinct values, skewed:
//          the AND of three random words, the top 16 bits equal), as M keys/s and as a fraction of
//          uniform;
//   merge: sweep_merge_sort through a custom C comparator against
//          __gnu_parallel::stable_sort given the same function through a pointer the
//          compiler cannot see through (a volatile global), u32 and u64 keys.
//
//   sweep-sort-shapes [--log2n=24] [--reps=5] [--u64] [--only=radix|merge]
//
// Threads: OMP_NUM_THREADS (both sweep's context and the peer follow it). Every
// sorted result is checked against std::stable_sort's; times are medians.
#include <sweep/sweep.h>

#include <parallel/algorithm>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

template <class T> int less_fn(const void *a, const void *b, void *) {
    T x, y;
    std::memcpy(&x, a, sizeof x);
    std::memcpy(&y, b, sizeof y);
    return x < y;
}

// The peer calls the comparator through this pointer: read at every call, so the
// compiler cannot inline it (as with a user's C comparator in a library).
sweep_less_fn volatile g_less;

template <class Fn> double median_ms(int reps, Fn &&fn) {
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        auto a = Clock::now();
        fn();
        t.push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

template <class T> std::vector<T> shape(const std::string &s, std::size_t n) {
    std::vector<T> v(n);
    std::uint64_t x = 0x9e3779b97f4a7c15ull;
    auto next = [&] {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return x;
    };
    const unsigned bits = 8 * sizeof(T);
    for (std::size_t i = 0; i < n; ++i) {
        T r = static_cast<T>(next());
        if (s == "uniform")
            v[i] = r;
        else if (s == "sorted")
            v[i] = static_cast<T>(i);
        else if (s == "reversed")
            v[i] = static_cast<T>(n - i);
        else if (s == "almost") // sorted but for one key
            v[i] = static_cast<T>(i == n / 3 ? n : i);
        else if (s == "few16")
            v[i] = static_cast<T>((next() % 16) * 0x9e3779b97f4a7c15ull);
        else if (s == "skewed")
            v[i] = static_cast<T>(r & static_cast<T>(next()) & static_cast<T>(next()));
        else
            v[i] = static_cast<T>((T(0xbeef) << (bits - 16)) | (r >> 16)); // top16
    }
    return v;
}

template <class T> bool check(const std::vector<T> &in, const T *got) {
    std::vector<T> want(in);
    std::stable_sort(want.begin(), want.end());
    return std::memcmp(want.data(), got, want.size() * sizeof(T)) == 0;
}

template <class T> int run_radix(sweep_context *ctx, std::size_t n, int reps, sweep_dtype dt) {
    static const char *const shapes[] = {"uniform", "sorted", "almost", "reversed",
                                         "few16",   "skewed", "top16"};
    std::vector<T> out(n);
    double uniform = 0;
    int bad = 0;
    sweep_sort_desc d = sweep_sort_desc_make(dt);
    for (const char *s : shapes) {
        std::vector<T> in = shape<T>(s, n);
        if (sweep_radix_sort(ctx, in.data(), out.data(), nullptr, nullptr, n, &d) != SWEEP_OK) {
            std::fprintf(stderr, "radix %s: %s\n", s, sweep_last_error());
            return 1;
        }
        if (!check(in, out.data())) {
            std::fprintf(stderr, "radix %s: wrong result\n", s);
            bad = 1;
        }
        double ms = median_ms(reps, [&] {
            (void)sweep_radix_sort(ctx, in.data(), out.data(), nullptr, nullptr, n, &d);
        });
        double rate = static_cast<double>(n) / ms / 1e3;
        if (uniform == 0) uniform = rate;
        std::printf("radix    %-8s %-3s 2^%-3d %9.3f ms %9.1f M keys/s %6.2f of uniform\n", s,
                    sweep_dtype_name(dt), (int)__builtin_ctzll(n), ms, rate, rate / uniform);
    }
    return bad;
}

template <class T> int run_merge(sweep_context *ctx, std::size_t n, int reps, sweep_dtype dt) {
    sweep_custom_compare *cc = nullptr;
    sweep_custom_compare_desc cd = {"less", sizeof(T), alignof(T), less_fn<T>, nullptr, nullptr};
    if (sweep_custom_compare_create(&cc, &cd) != SWEEP_OK) return 1;
    g_less = less_fn<T>;
    std::vector<T> in = shape<T>("uniform", n), out(n), peer(n);
    int bad = 0;
    sweep_compare cmp = sweep_compare_custom(cc);
    if (sweep_merge_sort(ctx, in.data(), out.data(), nullptr, nullptr, 0, n, cmp) != SWEEP_OK ||
        !check(in, out.data())) {
        std::fprintf(stderr, "merge sort: failed or wrong\n");
        bad = 1;
    }
    double ms = median_ms(reps, [&] {
        (void)sweep_merge_sort(ctx, in.data(), out.data(), nullptr, nullptr, 0, n, cmp);
    });
    auto less = [](const T &a, const T &b) { return g_less(&a, &b, nullptr) != 0; };
    double pms = median_ms(reps, [&] {
        std::copy(in.begin(), in.end(), peer.begin());
        __gnu_parallel::stable_sort(peer.begin(), peer.end(), less);
    });
    double copy_ms = median_ms(reps, [&] { std::copy(in.begin(), in.end(), peer.begin()); });
    if (!check(in, peer.data())) bad = 1;
    pms -= copy_ms;
    std::printf("merge    custom   %-3s 2^%-3d sweep %9.3f ms, gnu_parallel::stable_sort %9.3f ms: "
                "%.2fx\n",
                sweep_dtype_name(dt), (int)__builtin_ctzll(n), ms, pms, pms / ms);
    sweep_custom_compare_destroy(cc);
    return bad;
}

} // namespace

int main(int argc, char **argv) {
    int log2n = 24, reps = 5, u64 = 0;
    std::string only;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a.rfind("--log2n=", 0) == 0)
            log2n = std::atoi(a.c_str() + 8);
        else if (a.rfind("--reps=", 0) == 0)
            reps = std::atoi(a.c_str() + 7);
        else if (a == "--u64")
            u64 = 1;
        else if (a.rfind("--only=", 0) == 0)
            only = a.substr(7);
        else {
            std::fprintf(stderr, "sweep-sort-shapes: unknown option %s\n", a.c_str());
            return 2;
        }
    }
    if (log2n < 4 || log2n > 32 || reps < 1) return 2;
    sweep_context *ctx = nullptr;
    sweep_context_desc desc = {SWEEP_BACKEND_OPENMP, 0, 0, 0};
    if (sweep_context_create(&ctx, &desc) != SWEEP_OK) {
        std::fprintf(stderr, "sweep-sort-shapes: %s\n", sweep_last_error());
        return 77;
    }
    const std::size_t n = std::size_t(1) << log2n;
    int bad = 0;
    if (only.empty() || only == "radix")
        bad |= u64 ? run_radix<std::uint64_t>(ctx, n, reps, SWEEP_U64)
                   : run_radix<std::uint32_t>(ctx, n, reps, SWEEP_U32);
    if (only.empty() || only == "merge") {
        bad |= run_merge<std::uint32_t>(ctx, n, reps, SWEEP_U32);
        bad |= run_merge<std::uint64_t>(ctx, n, reps, SWEEP_U64);
    }
    sweep_context_destroy(ctx);
    return bad;
}
