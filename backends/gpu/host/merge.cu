/*
 * merge.cu -- the basic kernels of merge sort and merge: tile_sort (a stable
 * register + shared-memory block sort of each tile, block_sort.cuh), merge_partition
 * (merge-path diagonals) and merge_tiles (merge_path.cuh); and the fused merge sort
 * and merge, which launch one partition and one merge kernel per pass over all pairs
 * of runs at once, with partitions of one block-sort tile. Custom
 * comparators go to their run-time compiled kernels (host/rtc_merge.cu), in the HIP
 * plugin too (which compiles this file, with hipRTC for those kernels).
 */
#include "gpu/device/merge_path.cuh"
#include "gpu/device/tile_sort.cuh"
#include "gpu/host/args_merge.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/key_width.cuh"
#include "gpu/host/launch.cuh"

#include <stdio.h>
#include <string.h>

#include "gpu/rtc/rtc.h"
/* Custom comparators: kernels compiled at run time (host/rtc_merge.cu). */
#define SWEEP_CUSTOM_CMP(cmp, call)                                                                \
    if ((cmp)->kind == SWEEP_COMPARE_CUSTOM) return call

using namespace sweep_gpu;

static sweep_status check_cmp(sweep_gpu_handle *h, const sweep_kcmp *cmp, const char *entry) {
    char msg[192];
    if (cmp->key_size != 1 && cmp->key_size != 2 && cmp->key_size != 4 && cmp->key_size != 8) {
        snprintf(msg, sizeof msg, "%s: keys of %zu bytes", entry, cmp->key_size);
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, msg);
    }
    return SWEEP_OK;
}

/* The built-in order of cmp as a policy on its keys' unsigned patterns. */
template <class U> static PatternCmp<U> pattern_cmp(const sweep_kcmp *cmp) {
    PatternCmp<U> p;
    p.kind = key_kind_of(cmp->dtype);
    p.descending = cmp->kind == SWEEP_COMPARE_DESCENDING;
    return p;
}

/* The block sort of every tile of [0, n) from keys_in into keys_out (the same array is
 * fine), values of vsize bytes alongside. */
template <class U>
static sweep_status launch_tile_sort(sweep_gpu_handle *h, const char *what, const PatternCmp<U> &p,
                                     const void *keys_in, void *keys_out, const void *values_in,
                                     void *values_out, size_t vsize, size_t n, size_t tile) {
    const unsigned ntiles = (unsigned)((n + tile - 1) / tile);
    if (vsize)
        return sweep_gpu_launch(h, what, tile_sort_kernel<U, true>, ntiles, kSortThreads, 0, p,
                                (const U *)keys_in, (U *)keys_out, values_in, values_out, vsize,
                                sweep_gpu_value_unit(values_in, values_in, values_out, vsize), n,
                                tile);
    return sweep_gpu_launch(h, what, tile_sort_kernel<U, false>, ntiles, kSortThreads, 0, p,
                            (const U *)keys_in, (U *)keys_out, nullptr, nullptr, 0, 1, n, tile);
}

size_t sweep_gpu_one_block_sort_max(size_t key_size) {
    return (size_t)kSortThreads * (size_t)sort_items(key_size);
}

sweep_status sweep_gpu_tile_sort(void *hv, const sweep_kcmp *cmp, void *keys, void *values,
                                 size_t vsize, size_t n, size_t tile) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_CUSTOM_CMP(cmp, sweep_gpu_rtc_tile_sort(h, cmp, keys, values, vsize, n, tile));
    sweep_status st = check_cmp(h, cmp, "tile_sort");
    if (st != SWEEP_OK) return st;
    const size_t cap = sweep_gpu_one_block_sort_max(cmp->key_size);
    if (tile == 0 || tile > cap || vsize > 16) {
        char msg[128];
        snprintf(msg, sizeof msg,
                 "tile_sort: tiles of 1 to %zu keys of %zu bytes, values of at most 16 "
                 "bytes",
                 cap, cmp->key_size);
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, msg);
    }
    SWEEP_GPU_ENTER(h);
    return by_key_width(cmp->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        return launch_tile_sort<U>(h, "tile_sort", pattern_cmp<U>(cmp), keys, keys, values, values,
                                   vsize, n, tile);
    });
}

sweep_status sweep_gpu_one_block_sort(sweep_gpu_handle *h, int kind, int descending,
                                      size_t key_size, const void *keys_in, void *keys_out,
                                      const void *values_in, void *values_out, size_t vsize,
                                      size_t n) {
    const size_t tile = sweep_gpu_one_block_sort_max(key_size);
    if (n == 0 || n > tile || vsize > 16) return SWEEP_ERR_UNSUPPORTED;
    return by_key_width(key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        PatternCmp<U> p;
        p.kind = kind;
        p.descending = descending;
        return launch_tile_sort<U>(h, "radix_sort (one block)", p, keys_in, keys_out, values_in,
                                   values_out, vsize, n, tile);
    });
}

sweep_status sweep_gpu_merge_partition(void *hv, const sweep_kcmp *cmp, const void *a, size_t na,
                                       const void *b, size_t nb, size_t vsize, size_t part,
                                       size_t *splits) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_CUSTOM_CMP(cmp, sweep_gpu_rtc_merge_partition(h, cmp, a, na, b, nb, vsize, part, splits));
    sweep_status st = check_cmp(h, cmp, "merge_partition");
    if (st != SWEEP_OK) return st;
    SWEEP_GPU_ENTER(h);
    const size_t nparts = (na + nb + part - 1) / part;
    return by_key_width(cmp->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        SWEEP_GPU_LAUNCH(h, "merge_partition", merge_partition_kernel<U>,
                         (unsigned)((nparts + 1 + 255) / 256), 256, 0, pattern_cmp<U>(cmp),
                         (const U *)a, na, (const U *)b, nb, part, nparts, splits);
        return SWEEP_OK;
    });
}

/* The merge kernel of one key width, with or without values, one merge or pairs. */
template <class U, bool PAIRS>
static sweep_status launch_merge(sweep_gpu_handle *h, const PatternCmp<U> &p, const MergeArgs &m,
                                 size_t nparts, const char *what) {
    if (m.vsize)
        return sweep_gpu_launch(h, what, merge_tiles_kernel<U, true, PAIRS>, (unsigned)nparts,
                                kSortThreads, 0, p, m);
    return sweep_gpu_launch(h, what, merge_tiles_kernel<U, false, PAIRS>, (unsigned)nparts,
                            kSortThreads, 0, p, m);
}

sweep_status sweep_gpu_merge_tiles(void *hv, const sweep_kcmp *cmp, const void *a,
                                   const void *a_values, size_t na, const void *b,
                                   const void *b_values, size_t nb, size_t vsize, size_t part,
                                   const size_t *splits, void *out, void *out_values) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_CUSTOM_CMP(cmp, sweep_gpu_rtc_merge_tiles(h, cmp, a, a_values, na, b, b_values, nb, vsize,
                                                    part, splits, out, out_values));
    sweep_status st = check_cmp(h, cmp, "merge_tiles");
    if (st != SWEEP_OK) return st;
    if (vsize > 16) {
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED,
                                "merge_tiles: values of at most 16 bytes");
    }
    SWEEP_GPU_ENTER(h);
    const size_t nparts = (na + nb + part - 1) / part;
    if (nparts == 0) return SWEEP_OK;
    const MergeArgs m = sweep_gpu_merge_args(a, a_values, na, b, b_values, nb, out, out_values,
                                             vsize, part, splits);
    return by_key_width(cmp->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        return launch_merge<U, false>(h, pattern_cmp<U>(cmp), m, nparts, "merge_tiles");
    });
}

static size_t pad256(size_t b) {
    return (b + 255) & ~(size_t)255;
}

static bool fused_ok(const sweep_kcmp *cmp, size_t vsize) {
    return cmp->kind != SWEEP_COMPARE_CUSTOM && vsize <= 16 &&
           (cmp->key_size == 1 || cmp->key_size == 2 || cmp->key_size == 4 || cmp->key_size == 8);
}

/* What reaches this entry through libsweep (core/merge_sort.c): custom comparators
 * of any n (their run-time compiled passes); built-in ones only up to the context's
 * sort_tile (the device tuning's, 1024 on sm_90), which is within one block-sort tile of
 * every key width (4352 keys up to 4 bytes, 2816 of 8), so one tile sort and no
 * merge pass: beyond sort_tile the core sorts built-in comparators with the radix
 * sort, and the generic path (SWEEP_GENERIC) composes from tile_sort, merge_partition
 * and merge_tiles instead. The built-in passes below serve the radix sort's short
 * inputs on every bit (radix.cu, up to the tuning's radix_merge_max*), and callers of
 * the table's fused merge_sort, which sweep/backend.h (installed) documents for any n. */
sweep_status sweep_gpu_merge_sort(void *hv, const sweep_kcmp *cmp, const void *keys_in,
                                  void *keys_out, const void *values_in, void *values_out,
                                  size_t vsize, size_t n, void *scratch, size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_CUSTOM_CMP(cmp, sweep_gpu_rtc_merge_sort(h, cmp, keys_in, keys_out, values_in, values_out,
                                                   vsize, n, scratch, scratch_bytes));
    if (!fused_ok(cmp, vsize)) return SWEEP_ERR_UNSUPPORTED; /* quiet: the core composes */
    /* Partitions of one tile: part divides every run pair's width, and each merge
     * block stages exactly its partition. */
    const size_t ks = cmp->key_size, tile = (size_t)kSortThreads * (size_t)sort_items(ks);
    const size_t part = tile;
    unsigned passes = 0;
    for (size_t w = tile; w < n; w *= 2)
        ++passes;
    const size_t nparts = (n + part - 1) / part;
    const size_t b_keys = pad256(n * ks), b_vals = pad256(n * vsize);
    if (!scratch) {
        *scratch_bytes = passes ? b_keys + b_vals + pad256((nparts + 1) * sizeof(size_t)) : 0;
        return SWEEP_OK;
    }
    if (n == 0) return SWEEP_OK;
    SWEEP_GPU_ENTER(h);
    unsigned char *p = (unsigned char *)scratch;
    void *ktmp = p, *vtmp = vsize ? p + b_keys : NULL;
    size_t *splits = (size_t *)(p + b_keys + b_vals);
    /* The tile sort reads the input and writes where an even number of ping-pongs
     * ends in the output (in place is fine for it). */
    void *kcur = passes % 2 == 0 ? keys_out : ktmp;
    void *vcur = passes % 2 == 0 ? values_out : vtmp;
    void *kalt = kcur == keys_out ? ktmp : keys_out;
    void *valt = vcur == values_out ? vtmp : values_out;
    return by_key_width(ks, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        const PatternCmp<U> pc = pattern_cmp<U>(cmp);
        sweep_status st = launch_tile_sort<U>(h, "merge_sort (tiles)", pc, keys_in, kcur, values_in,
                                              vcur, vsize, n, tile);
        if (st != SWEEP_OK) return st;
        for (size_t w = tile; w < n; w *= 2) {
            const MergeArgs m =
                sweep_gpu_merge_pass_args(kcur, vcur, kalt, valt, n, w, vsize, part, splits);
            SWEEP_GPU_LAUNCH(h, "merge_sort (partition)", merge_pairs_partition_kernel<U>,
                             (unsigned)((nparts + 255) / 256), 256, 0, pc, m, nparts, splits);
            st = launch_merge<U, true>(h, pc, m, nparts, "merge_sort (merge)");
            if (st != SWEEP_OK) return st;
            void *t = kcur;
            kcur = kalt;
            kalt = t;
            t = vcur;
            vcur = valt;
            valt = t;
        }
        return SWEEP_OK;
    });
}

sweep_status sweep_gpu_merge(void *hv, const sweep_kcmp *cmp, const void *a, const void *a_values,
                             size_t na, const void *b, const void *b_values, size_t nb, void *out,
                             void *out_values, size_t vsize, void *scratch, size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_CUSTOM_CMP(cmp, sweep_gpu_rtc_merge(h, cmp, a, a_values, na, b, b_values, nb, out,
                                              out_values, vsize, scratch, scratch_bytes));
    if (!fused_ok(cmp, vsize)) return SWEEP_ERR_UNSUPPORTED; /* quiet: the core composes */
    const size_t part = (size_t)kSortThreads * (size_t)sort_items(cmp->key_size);
    const size_t nparts = (na + nb + part - 1) / part;
    if (!scratch) {
        *scratch_bytes = pad256((nparts + 1) * sizeof(size_t));
        return SWEEP_OK;
    }
    size_t *splits = (size_t *)scratch;
    sweep_status st = sweep_gpu_merge_partition(h, cmp, a, na, b, nb, vsize, part, splits);
    if (st != SWEEP_OK) return st;
    return sweep_gpu_merge_tiles(h, cmp, a, a_values, na, b, b_values, nb, vsize, part, splits, out,
                                 out_values);
}
