/*
 * rtc_merge.cu -- merge sort and merge with custom comparators: the kernels of
 * rtc_sort_kernels.cuh compiled at run time on the comparator (rtc/rtc_programs.cpp). Their
 * arguments are plain pointers and MergeArgs, whose layout does not depend on the
 * key type; their block shape (sort_items) depends only on the key size.
 */
#include "gpu/host/args_merge.cuh"
#include "gpu/rtc/rtc.h"

#include "gpu/device/merge_path.cuh"
#include "gpu/rtc/rtc_sort_kernels.cuh"

#include <stdio.h>
#include <string.h>

using namespace sweep_gpu;

/* Whether the kernels whose fast shapes differ from the safe ones (keys alone of 4
 * bytes: rtc_sort_kernels.cuh) stay off local memory. */
static bool fast_shapes_fit(const sweep_rtc_kernels *k) {
    static const int differ[] = {SWEEP_RTC_TILE_SORT, SWEEP_RTC_MERGE_TILES,
                                 SWEEP_RTC_MERGE_TILES_PAIRS};
    for (unsigned i = 0; i < sizeof differ / sizeof differ[0]; ++i)
        if (k->local_bytes[differ[i]] != 0) return false;
    return true;
}

/* The program of the comparator for values of vsize bytes (0: keys alone), with the
 * fast block shapes unless, for keys alone of 4 bytes, one of their kernels spilled:
 * then with the safe shapes (a second program, compiled and cached like any).
 * *wide (if not NULL): whether the fused merge sort may use the program's 512-thread
 * block sort (keys alone of up to 4 bytes, and it uses no local memory). */
static sweep_status kernels_of(sweep_gpu_handle *h, const sweep_kcmp *cmp, size_t vsize,
                               const sweep_rtc_kernels **ks, bool *wide = NULL) {
    sweep_rtc_request req = sweep_gpu_rtc_cmp_request(cmp, vsize);
    sweep_status st = sweep_gpu_rtc_get(h, &req, ks);
    if (st == SWEEP_OK && vsize == 0 && cmp->key_size == 4 && !fast_shapes_fit(*ks)) {
        req.safe_shapes = 1;
        st = sweep_gpu_rtc_get(h, &req, ks);
    }
    if (wide)
        *wide = st == SWEEP_OK && rtc_wide_sort(cmp->key_size, vsize) &&
                (*ks)->local_bytes[SWEEP_RTC_TILE_SORT_WIDE] == 0;
    return st;
}

static size_t pad256(size_t b) {
    return (b + 255) & ~(size_t)255;
}

/* Keys per block-sort tile (and per merge partition of the fused passes). */
static size_t tile_of(const sweep_kcmp *cmp) {
    return (size_t)kSortThreads * (size_t)sort_items(cmp->key_size);
}

static sweep_status tile_sort_run(sweep_gpu_handle *h, const sweep_rtc_kernels *k,
                                  const void *keys_in, void *keys_out, const void *values_in,
                                  void *values_out, size_t vsize, size_t n, size_t tile,
                                  const char *what) {
    unsigned vunit = sweep_gpu_value_unit(values_in, values_in, values_out, vsize);
    void *args[] = {&keys_in, &keys_out, &values_in, &values_out, &vsize, &vunit, &n, &tile};
    return sweep_gpu_rtc_launch(h, k->k[SWEEP_RTC_TILE_SORT + (vsize != 0)], (n + tile - 1) / tile,
                                kSortThreads, args, what);
}

/* Values of at most kRtcSortMaxValue bytes; otherwise reports which entry refused. */
static bool value_size_ok(sweep_gpu_handle *h, size_t vsize, const char *what) {
    if (vsize <= (size_t)kRtcSortMaxValue) return true;
    char msg[96];
    snprintf(msg, sizeof msg, "%s: values of at most %d bytes", what, kRtcSortMaxValue);
    sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, msg);
    return false;
}

sweep_status sweep_gpu_rtc_tile_sort(sweep_gpu_handle *h, const sweep_kcmp *cmp, void *keys,
                                     void *values, size_t vsize, size_t n, size_t tile) {
    if (tile == 0 || tile > tile_of(cmp) || vsize > (size_t)kRtcSortMaxValue) {
        char msg[128];
        snprintf(msg, sizeof msg,
                 "tile_sort: tiles of 1 to %zu keys of %zu bytes, values of at most %d "
                 "bytes",
                 tile_of(cmp), cmp->key_size, kRtcSortMaxValue);
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, msg);
    }
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *k = NULL;
    sweep_status st = kernels_of(h, cmp, vsize, &k);
    if (st != SWEEP_OK) return st;
    if (n == 0) return SWEEP_OK;
    return tile_sort_run(h, k, keys, keys, values, values, vsize, n, tile, "tile_sort");
}

static sweep_status merge_partition_run(sweep_gpu_handle *h, const sweep_rtc_kernels *k,
                                        const void *a, size_t na, const void *b, size_t nb,
                                        size_t part, size_t *splits) {
    size_t nparts = (na + nb + part - 1) / part;
    void *args[] = {&a, &na, &b, &nb, &part, &nparts, &splits};
    return sweep_gpu_rtc_launch(h, k->k[SWEEP_RTC_MERGE_PARTITION], (nparts + 1 + 255) / 256, 256,
                                args, "merge_partition");
}

/* The partition of the program that the merge of vsize-byte values will use (its
 * partition kernel is the same in every program): one compile for both calls. */
sweep_status sweep_gpu_rtc_merge_partition(sweep_gpu_handle *h, const sweep_kcmp *cmp,
                                           const void *a, size_t na, const void *b, size_t nb,
                                           size_t vsize, size_t part, size_t *splits) {
    if (!value_size_ok(h, vsize, "merge_partition")) return SWEEP_ERR_UNSUPPORTED;
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *k = NULL;
    sweep_status st = kernels_of(h, cmp, vsize, &k);
    if (st != SWEEP_OK) return st;
    return merge_partition_run(h, k, a, na, b, nb, part, splits);
}

sweep_status sweep_gpu_rtc_merge_tiles(sweep_gpu_handle *h, const sweep_kcmp *cmp, const void *a,
                                       const void *a_values, size_t na, const void *b,
                                       const void *b_values, size_t nb, size_t vsize, size_t part,
                                       const size_t *splits, void *out, void *out_values) {
    if (!value_size_ok(h, vsize, "merge_tiles")) return SWEEP_ERR_UNSUPPORTED;
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *k = NULL;
    sweep_status st = kernels_of(h, cmp, vsize, &k);
    if (st != SWEEP_OK) return st;
    if (na + nb == 0) return SWEEP_OK;
    MergeArgs m = sweep_gpu_merge_args(a, a_values, na, b, b_values, nb, out, out_values, vsize,
                                       part, splits);
    void *args[] = {&m};
    return sweep_gpu_rtc_launch(h, k->k[SWEEP_RTC_MERGE_TILES + (vsize != 0)],
                                (na + nb + part - 1) / part, kSortThreads, args, "merge_tiles");
}

sweep_status sweep_gpu_rtc_merge_sort(sweep_gpu_handle *h, const sweep_kcmp *cmp,
                                      const void *keys_in, void *keys_out, const void *values_in,
                                      void *values_out, size_t vsize, size_t n, void *scratch,
                                      size_t *scratch_bytes) {
    if (vsize > (size_t)kRtcSortMaxValue) return SWEEP_ERR_UNSUPPORTED; /* quiet: composed */
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *k = NULL;
    bool wide = false;
    sweep_status st = kernels_of(h, cmp, vsize, &k, &wide); /* the query fails as the run would */
    if (st != SWEEP_OK) return st;
    /* Partitions of one tile: part divides every run pair's width, and each merge
     * block stages exactly its partition. Keys alone of up to 4 bytes are block-sorted
     * in tiles of twice that (rtc_tile_sort_wide_kernel), one merge pass fewer. */
    const size_t ks = cmp->key_size, tile = tile_of(cmp), part = tile;
    const size_t stile = wide ? tile / kSortThreads * kRtcWideSortThreads : tile;
    unsigned passes = 0;
    for (size_t w = stile; w < n; w *= 2)
        ++passes;
    size_t nparts = (n + part - 1) / part;
    const size_t b_keys = pad256(n * ks), b_vals = pad256(n * vsize);
    if (!scratch) {
        *scratch_bytes = passes ? b_keys + b_vals + pad256((nparts + 1) * sizeof(size_t)) : 0;
        return SWEEP_OK;
    }
    if (n == 0) return SWEEP_OK;
    unsigned char *p = (unsigned char *)scratch;
    void *ktmp = p, *vtmp = vsize ? p + b_keys : NULL;
    size_t *splits = (size_t *)(p + b_keys + b_vals);
    /* The tile sort reads the input and writes where an even number of ping-pongs
     * ends in the output (in place is fine for it). */
    void *kcur = passes % 2 == 0 ? keys_out : ktmp;
    void *vcur = passes % 2 == 0 ? values_out : vtmp;
    void *kalt = kcur == keys_out ? ktmp : keys_out;
    void *valt = vcur == values_out ? vtmp : values_out;
    if (wide) {
        void *args[] = {&keys_in, &kcur, &n};
        st = sweep_gpu_rtc_launch(h, k->k[SWEEP_RTC_TILE_SORT_WIDE], (n + stile - 1) / stile,
                                  kRtcWideSortThreads, args, "merge_sort (tiles)");
    } else {
        st = tile_sort_run(h, k, keys_in, kcur, vsize ? values_in : NULL, vsize ? vcur : NULL,
                           vsize, n, tile, "merge_sort (tiles)");
    }
    for (size_t w = stile; st == SWEEP_OK && w < n; w *= 2) {
        MergeArgs m = sweep_gpu_merge_pass_args(kcur, vcur, kalt, valt, n, w, vsize, part, splits);
        void *pargs[] = {&m, &nparts, &splits};
        st = sweep_gpu_rtc_launch(h, k->k[SWEEP_RTC_MERGE_PAIRS_PARTITION], (nparts + 255) / 256,
                                  256, pargs, "merge_sort (partition)");
        void *margs[] = {&m};
        if (st == SWEEP_OK)
            st = sweep_gpu_rtc_launch(h, k->k[SWEEP_RTC_MERGE_TILES_PAIRS + (vsize != 0)], nparts,
                                      kSortThreads, margs, "merge_sort (merge)");
        void *t = kcur;
        kcur = kalt;
        kalt = t;
        t = vcur;
        vcur = valt;
        valt = t;
    }
    return st;
}

sweep_status sweep_gpu_rtc_search(sweep_gpu_handle *h, const sweep_kcmp *cmp, const void *haystack,
                                  size_t nhay, const void *needles, size_t nneedles, int upper,
                                  size_t *out) {
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *k = NULL;
    sweep_status st = kernels_of(h, cmp, 0, &k);
    if (st != SWEEP_OK) return st;
    void *args[] = {&haystack, &nhay, &needles, &nneedles, &upper, &out};
    return sweep_gpu_rtc_launch(h, k->k[SWEEP_RTC_SEARCH], sweep_gpu_grid(h, nneedles, 256), 256,
                                args, "search");
}

sweep_status sweep_gpu_rtc_merge(sweep_gpu_handle *h, const sweep_kcmp *cmp, const void *a,
                                 const void *a_values, size_t na, const void *b,
                                 const void *b_values, size_t nb, void *out, void *out_values,
                                 size_t vsize, void *scratch, size_t *scratch_bytes) {
    const size_t part = tile_of(cmp);
    const size_t nparts = (na + nb + part - 1) / part;
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *k = NULL;
    sweep_status st = kernels_of(h, cmp, vsize, &k); /* the query fails as the run would */
    if (st != SWEEP_OK) return st;
    if (!scratch) {
        *scratch_bytes = pad256((nparts + 1) * sizeof(size_t));
        return SWEEP_OK;
    }
    size_t *splits = (size_t *)scratch;
    st = merge_partition_run(h, k, a, na, b, nb, part, splits);
    if (st != SWEEP_OK) return st;
    return sweep_gpu_rtc_merge_tiles(h, cmp, a, a_values, na, b, b_values, nb, vsize, part, splits,
                                     out, out_values);
}
