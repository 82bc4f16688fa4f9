/*
 * merge_sort.c -- fused stable merge sort and merge. The sort first sorts tiles that
 * fit in a core's L2 (in parallel, each tile's passes staying in cache), then runs
 * merge passes over the whole array in which every thread produces an equal share of
 * the output, found by merge-path partitions (Green, McColl & Bader). The number of
 * passes is known up front, so the initial copy goes to whichever buffer (output or
 * the one scratch copy) makes the last pass land in the output.
 */
#include <string.h>

#include "backend_omp.h"
#include "sort_kernels.h"

#include <omp.h>

/* Bytes of keys and values per tile of the first phase. */
#define SWOMP_SORT_TILE_BYTES ((size_t)128 * 1024)

static size_t sort_tile(size_t ks, size_t vs) {
    size_t t = SWOMP_SORT_RUN;
    while (t * 2 * (ks + vs) <= SWOMP_SORT_TILE_BYTES)
        t *= 2;
    return t;
}

sweep_status swomp_merge_sort(void *hv, const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                              const void *values_in, void *values_out, size_t vsize, size_t n,
                              void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ks = cmp->key_size;
    if (!values_in) vsize = 0;
    if (swomp_scratch_query(scratch, scratch_bytes, swomp_round(n * ks) + swomp_round(n * vsize)))
        return SWEEP_OK;
    const swomp_sortk *sk = swomp_sortk_for(cmp);
    int threads = swomp_team(h, n * (ks + vsize));
    size_t tile = sort_tile(ks, vsize), ntiles = (n + tile - 1) / tile;
    unsigned tile_passes = swomp_sort_passes(n < tile ? n : tile), global_passes = 0;
    for (size_t w = tile; w < n; w *= 2)
        global_passes++;

    unsigned char *cur = (unsigned char *)scratch;
    swomp_buf out = {(unsigned char *)keys_out, vsize ? (unsigned char *)values_out : NULL};
    swomp_buf tmp = {swomp_carve(&cur, n * ks), NULL};
    tmp.values = vsize ? (unsigned char *)swomp_carve(&cur, n * vsize) : NULL;
    /* after an even number of passes the data is back where it started */
    int start_in_out = (tile_passes + global_passes) % 2 == 0;
    swomp_buf x = start_in_out ? out : tmp, y = start_in_out ? tmp : out;
    const unsigned char *kin = (const unsigned char *)keys_in;
    const unsigned char *vin = (const unsigned char *)values_in;

#pragma omp parallel num_threads(threads)
    {
        size_t team = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num();
#pragma omp for schedule(dynamic, 1)
        for (size_t i = 0; i < ntiles; i++) {
            size_t lo = i * tile, m = n - lo < tile ? n - lo : tile;
            if (x.keys != kin) memcpy(x.keys + lo * ks, kin + lo * ks, m * ks);
            if (vsize && x.values != vin)
                memcpy(x.values + lo * vsize, vin + lo * vsize, m * vsize);
            swomp_buf xs = {x.keys + lo * ks, vsize ? x.values + lo * vsize : NULL};
            swomp_buf ys = {y.keys + lo * ks, vsize ? y.values + lo * vsize : NULL};
            swomp_sort_range(sk, cmp, xs, ys, m, tile_passes, vsize);
        }
        /* implicit barrier: every tile is sorted */
        swomp_buf src = tile_passes % 2 ? y : x, dst = tile_passes % 2 ? x : y;
        for (size_t w = tile; w < n; w *= 2) {
            size_t d0, d1;
            swomp_part(n, team, t, &d0, &d1);
            swomp_merge_pass_range(sk, cmp, src, dst, n, w, d0, d1, vsize);
            swomp_buf s = src;
            src = dst;
            dst = s;
#pragma omp barrier
        }
    }
    return SWEEP_OK;
}

sweep_status swomp_merge(void *hv, const sweep_kcmp *cmp, const void *a, const void *a_values,
                         size_t na, const void *b, const void *b_values, size_t nb, void *out,
                         void *out_values, size_t vsize, void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ks = cmp->key_size, total = na + nb;
    if (swomp_scratch_query(scratch, scratch_bytes, 0)) return SWEEP_OK;
    if (!out_values) vsize = 0;
    const swomp_sortk *sk = swomp_sortk_for(cmp);
    int threads = swomp_team(h, total * (ks + vsize));
    const unsigned char *ak = (const unsigned char *)a, *bk = (const unsigned char *)b;
    const unsigned char *av = (const unsigned char *)a_values,
                        *bv = (const unsigned char *)b_values;
    unsigned char *ok = (unsigned char *)out, *ov = (unsigned char *)out_values;
#pragma omp parallel num_threads(threads)
    {
        size_t team = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num(), d0, d1;
        swomp_part(total, team, t, &d0, &d1);
        size_t i0 = sk->partition(cmp, a, na, b, nb, d0), i1 = sk->partition(cmp, a, na, b, nb, d1);
        size_t j0 = d0 - i0, j1 = d1 - i1;
        sk->merge(cmp, ak + i0 * ks, vsize ? av + i0 * vsize : NULL, i1 - i0, bk + j0 * ks,
                  vsize ? bv + j0 * vsize : NULL, j1 - j0, ok + d0 * ks,
                  vsize ? ov + d0 * vsize : NULL, vsize);
    }
    return SWEEP_OK;
}
