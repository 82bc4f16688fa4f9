/*
 * perf_variants.cuh -- sweep-cuda-perf's "tune" runs: the scan, split and merge sort
 * kernels launched directly at other tile shapes than the built-in ones, each result
 * checked against CUB's, so a shape is chosen from measurements.
 */
#ifndef SWEEP_CUDA_PERF_VARIANTS_CUH
#define SWEEP_CUDA_PERF_VARIANTS_CUH

#include "cuda/cuda_args_merge.cuh"
#include "cuda/cuda_dependent_launch.cuh"
#include "gpu/block_sort.cuh"
#include "gpu/merge_path.cuh"
#include "gpu/scan_single_pass.cuh"
#include "gpu/split_kernels.cuh"
#include "perf_util.cuh"

/* A scan tile shape to try (ScanTuning's fields). */
template <int THREADS, int ITEMS, int MIN_BLOCKS> struct TryTuning {
    static constexpr int threads = THREADS;
    static constexpr int items = ITEMS;
    static constexpr int tile = THREADS * ITEMS;
    static constexpr int min_blocks = MIN_BLOCKS;
};

/* The same with cache-streaming loads and stores. */
template <int THREADS, int ITEMS, int MIN_BLOCKS>
struct TryTuningCS : TryTuning<THREADS, ITEMS, MIN_BLOCKS> {
    static constexpr bool streaming = true;
};

/* The same asking L2 for the input PF tiles ahead. */
template <int THREADS, int ITEMS, int MIN_BLOCKS, int PF>
struct TryTuningPF : TryTuning<THREADS, ITEMS, MIN_BLOCKS> {
    static constexpr int prefetch = PF;
};

/* The scan kernels' arguments for a sum of n elements (flags: head flags or NULL). */
template <class T>
static sweep_gpu::ScanArgs<T> perf_scan_args(const T *in, T *out, size_t n, int exclusive,
                                             const uint8_t *flags) {
    sweep_gpu::ScanArgs<T> a;
    memset(&a, 0, sizeof a);
    a.in = in;
    a.out = out;
    a.n = n;
    a.exclusive = exclusive;
    a.seg.flags = flags;
    a.spin_limit = 4000;
    return a;
}

/* Times the single-pass scan kernel with tile shape Tn on the tool's inputs and checks
 * it against CUB's result: a plain exclusive sum (flags NULL) or a segmented
 * inclusive sum by head flags (CUB's InclusiveSumByKey). */
template <class T, class Tn>
static void try_scan(const T *in, const uint8_t *flags, T *out, const T *ref, size_t n,
                     void *state) {
    using namespace sweep_gpu;
    const ScanArgs<T> a = perf_scan_args(in, out, n, flags == NULL, flags);
    const size_t ntiles = (n + Tn::tile - 1) / Tn::tile;
    static unsigned long long tag = 0x5eed0000000ull;
    auto launch = [&] {
        tag += 4;
        if (flags) {
            TileState<FlagValue<T>> ts = TileState<FlagValue<T>>::carve(state, ntiles, tag);
            scan_single_pass_kernel<T, OpSum, kSegFlags, false, Tn>
                <<<(unsigned)ntiles, Tn::threads>>>(a, ts);
        } else {
            TileState<T> ts = TileState<T>::carve(state, ntiles, tag);
            scan_single_pass_kernel<T, OpSum, kSegNone, false, Tn>
                <<<(unsigned)ntiles, Tn::threads>>>(a, ts);
        }
    };
    double ms = median_ms(launch);
    CK(cudaGetLastError());
    /* small inputs: also the GPU time alone (launch cost taken out) */
    char held[48] = "";
    if (n <= ((size_t)1 << 20))
        snprintf(held, sizeof held, "  held %7.2f us", held_median_us(launch));
    char name[80];
    snprintf(name, sizeof name, "%s u%d %dx%d (min %d)%s pf %d", flags ? "segscan" : "scan",
             (int)(8 * sizeof(T)), Tn::threads, Tn::items, Tn::min_blocks,
             StreamHint<Tn>::value ? " cs" : "", PrefetchTiles<Tn>::value);
    same(name, out, ref, n);
    printf("  variant %-38s %8.4f ms%s\n", name, ms, held);
}

__global__ void empty_kernel() {}

/* Times the fused split's kernels with tile shape Tn (the count, the scan of its
 * block sums, the tiles), alone and in a row, and checks the flagged half against
 * CUB's. per_warp: the count kernel's tiles per warp. state: 256 bytes and two
 * arrays of 8 bytes a tile. */
template <class Tn>
static void try_split(const uint8_t *flags, const unsigned *in, unsigned *out, const unsigned *ref,
                      size_t n, size_t nflagged, void *state, unsigned per_warp) {
    using namespace sweep_gpu;
    const size_t ntiles = (n + Tn::tile - 1) / Tn::tile;
    const size_t count_tiles = (size_t)kCountWarps * per_warp;
    const size_t nblocks = (ntiles + count_tiles - 1) / count_tiles;
    unsigned char *p = (unsigned char *)state;
    unsigned long long *total = (unsigned long long *)p;
    unsigned long long *before = (unsigned long long *)(p + 256);
    unsigned long long *sums = before + ntiles;
    SplitArgs<unsigned, NoValue> a;
    memset(&a, 0, sizeof a);
    a.flags = flags;
    a.in = in;
    a.out = out;
    a.n = n;
    a.total = total;
    a.keep_unflagged = 1;
    a.before = before;
    a.sums = sums;
    a.count_tiles = count_tiles;
    auto count = [&] {
        split_count_kernel<<<(unsigned)nblocks, kCountWarps * kWarp>>>(flags, n, Tn::tile, per_warp,
                                                                       before, sums);
    };
    auto scan = [&] { split_sums_kernel<<<1, kSumsThreads>>>(sums, nblocks, total); };
    auto tiles = [&] {
        split_tiles_kernel<unsigned, NoValue, false, Tn><<<(unsigned)ntiles, Tn::threads>>>(a);
    };
    const double cm = median_ms(count);
    const double sm = median_ms([&] {
        count();
        scan();
    });
    const double tm = median_ms(tiles);
    CK(cudaGetLastError());
    char name[80];
    snprintf(name, sizeof name, "split u32 %dx%d (min %d) k%u pf %d", Tn::threads, Tn::items,
             Tn::min_blocks, per_warp, PrefetchTiles<Tn>::value);
    same(name, out, ref, nflagged);
    CK(cudaMemset(out, 0, nflagged * sizeof(unsigned)));
    const double am = median_ms([&] {
        count();
        scan();
        tiles();
    });
    same(name, out, ref, nflagged);
    CK(cudaMemset(out, 0, nflagged * sizeof(unsigned)));
    /* in a row as the plugin launches them on sm_90+ */
    const double om = median_ms([&] {
        count();
        CK(sweep_cuda_launch_dependent(0, 1, kSumsThreads, split_sums_kernel, sums, nblocks,
                                       total));
        CK(sweep_cuda_launch_dependent(0, (unsigned)ntiles, Tn::threads,
                                       split_tiles_kernel<unsigned, NoValue, false, Tn>, a));
    });
    CK(cudaGetLastError());
    same(name, out, ref, nflagged);
    printf(
        "  variant %-28s count %6.3f, + sums %6.3f, tiles %6.3f; all %6.3f, overlapped %6.3f ms\n",
        name, cm, sm, tm, am, om);
}

/* Times the fused merge sort's kernels (block sort, then partition + merge per pass)
 * on u32 keys with block shape Sh, checked against CUB's result, so SortShape can be
 * chosen from measurements. SortSh: the block sort's shape, whose tile must be a
 * power-of-two multiple of Sh's (the merge's partitions). buf: n keys; splits: room
 * for n / Sh::tile + 1. */
template <class Sh, class SortSh = Sh>
static void try_merge_sort(const unsigned *in, unsigned *out, unsigned *buf, size_t *splits,
                           const unsigned *ref, size_t n, bool breakdown = false) {
    using namespace sweep_gpu;
    static_assert(SortSh::tile % Sh::tile == 0, "sort tiles of whole partitions");
    PatternCmp<unsigned> p;
    p.kind = kKeyUnsigned;
    p.descending = 0;
    const size_t tile = Sh::tile, nparts = (n + tile - 1) / tile;
    const size_t stile = SortSh::tile, ntiles = (n + stile - 1) / stile;
    unsigned passes = 0;
    for (size_t w = stile; w < n; w *= 2)
        ++passes;
    /* stops after `upto` passes; timing: -1 none, 0 the block sort, 1 partition, 2 merge */
    auto run = [&](unsigned upto, int timing) {
        unsigned *cur = passes % 2 == 0 ? out : buf, *alt = cur == out ? buf : out;
        auto sort = [&] {
            tile_sort_kernel<unsigned, false, SortSh>
                <<<(unsigned)ntiles, SortSh::threads>>>(p, in, cur, NULL, NULL, 0, 1, n, stile);
        };
        sort();
        if (timing == 0) return median_ms(sort, 9);
        unsigned k = 0;
        for (size_t w = stile; w < n && k < upto; w *= 2, ++k) {
            const MergeArgs m =
                sweep_cuda_merge_pass_args(cur, NULL, alt, NULL, n, w, 0, tile, splits);
            auto part = [&] {
                merge_pairs_partition_kernel<unsigned>
                    <<<(unsigned)((nparts + 255) / 256), 256>>>(p, m, nparts, splits);
            };
            auto merge = [&] {
                merge_tiles_kernel<unsigned, false, true, Sh>
                    <<<(unsigned)nparts, Sh::threads>>>(p, m);
            };
            part();
            if (k + 1 == upto && timing == 1) return median_ms(part, 9);
            if (k + 1 == upto && timing == 2) return median_ms(merge, 9);
            merge();
            unsigned *t = cur;
            cur = alt;
            alt = t;
        }
        return 0.0;
    };
    double ms = median_ms([&] { run(passes, -1); });
    CK(cudaGetLastError());
    char name[96];
    if (SortSh::tile == Sh::tile)
        snprintf(name, sizeof name, "merge sort kernels u32 %dx%d (min %d)", Sh::threads, Sh::items,
                 Sh::min_blocks);
    else
        snprintf(name, sizeof name, "merge sort kernels u32 %dx%d (min %d), sort %dx%d (min %d)",
                 Sh::threads, Sh::items, Sh::min_blocks, SortSh::threads, SortSh::items,
                 SortSh::min_blocks);
    same(name, out, ref, n);
    printf("  variant %-32s %8.3f ms (%u passes)\n", name, ms, passes);
    if (!breakdown) return;
    printf("    block sort %.3f ms\n", run(0, 0));
    for (unsigned k = 1; k <= passes; k += k < 3 || k + 3 > passes ? 1 : 4)
        printf("    pass %2u: partition %.3f ms, merge %.3f ms\n", k, run(k, 1), run(k, 2));
    CK(cudaGetLastError());
}

#endif /* SWEEP_CUDA_PERF_VARIANTS_CUH */
