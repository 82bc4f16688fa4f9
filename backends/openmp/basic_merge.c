/*
 * basic_merge.c -- the merge-sort kernels the core composes: tile sorts, merge-path
 * partitions and the merge of each partition.
 */
#include <stdlib.h>
#include <string.h>

#include "backend_omp.h"
#include "sort_kernels.h"

#include <omp.h>

sweep_status swomp_tile_sort(void *hv, const sweep_kcmp *cmp, void *keys, void *values,
                             size_t vsize, size_t n, size_t tile) {
    swomp_handle *h = (swomp_handle *)hv;
    const swomp_sortk *sk = swomp_sortk_for(cmp);
    size_t ks = cmp->key_size, ntiles = (n + tile - 1) / tile, len = tile < n ? tile : n;
    if (!values) vsize = 0;
    int threads = swomp_team(h, n * (ks + vsize));
    if ((size_t)threads > ntiles) threads = (int)ntiles;
    unsigned passes = swomp_sort_passes(len);
    /* one tile of temporary keys and values per thread, taken before anything is
     * written so that a failure leaves the input as it was */
    size_t per = swomp_round(len * ks) + swomp_round(len * vsize);
    unsigned char *tmp = passes ? (unsigned char *)malloc((size_t)threads * per) : NULL;
    if (passes && !tmp)
        return swomp_fail(h, SWEEP_ERR_OUT_OF_MEMORY, "tile_sort: no memory for a tile buffer");
    unsigned char *k = (unsigned char *)keys, *v = (unsigned char *)values;
#pragma omp parallel num_threads(threads)
    {
        size_t t = (size_t)omp_get_thread_num(), team = (size_t)omp_get_num_threads();
        unsigned char *mine = tmp ? tmp + t * per : NULL;
        for (size_t i = t; i < ntiles; i += team) {
            size_t lo = i * tile, m = n - lo < tile ? n - lo : tile;
            swomp_buf x = {k + lo * ks, vsize ? v + lo * vsize : NULL};
            swomp_buf y = {mine, vsize && mine ? mine + swomp_round(len * ks) : NULL};
            unsigned p = swomp_sort_passes(m);
            swomp_sort_range(sk, cmp, x, y, m, p, vsize);
            if (p % 2) {
                memcpy(x.keys, y.keys, m * ks);
                if (vsize) memcpy(x.values, y.values, m * vsize);
            }
        }
    }
    free(tmp);
    return SWEEP_OK;
}

sweep_status swomp_merge_partition(void *hv, const sweep_kcmp *cmp, const void *a, size_t na,
                                   const void *b, size_t nb, size_t vsize, size_t part,
                                   size_t *splits) {
    swomp_handle *h = (swomp_handle *)hv;
    (void)vsize;
    const swomp_sortk *sk = swomp_sortk_for(cmp);
    size_t total = na + nb, nparts = (total + part - 1) / part;
    int threads = swomp_team(h, nparts * 64 * cmp->key_size);
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t k = 0; k <= nparts; k++) {
        size_t d = k * part < total ? k * part : total;
        splits[k] = sk->partition(cmp, a, na, b, nb, d);
    }
    return SWEEP_OK;
}

sweep_status swomp_merge_tiles(void *hv, const sweep_kcmp *cmp, const void *a, const void *a_values,
                               size_t na, const void *b, const void *b_values, size_t nb,
                               size_t vsize, size_t part, const size_t *splits, void *out,
                               void *out_values) {
    swomp_handle *h = (swomp_handle *)hv;
    const swomp_sortk *sk = swomp_sortk_for(cmp);
    size_t ks = cmp->key_size, total = na + nb, nparts = (total + part - 1) / part;
    const unsigned char *ak = (const unsigned char *)a, *bk = (const unsigned char *)b;
    const unsigned char *av = (const unsigned char *)a_values,
                        *bv = (const unsigned char *)b_values;
    unsigned char *ok = (unsigned char *)out, *ov = (unsigned char *)out_values;
    if (!ov) vsize = 0;
    int threads = swomp_team(h, total * (ks + vsize));
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t k = 0; k < nparts; k++) {
        size_t d0 = k * part, d1 = total - d0 > part ? d0 + part : total;
        size_t i0 = splits[k], i1 = splits[k + 1], j0 = d0 - i0, j1 = d1 - i1;
        sk->merge(cmp, ak + i0 * ks, vsize ? av + i0 * vsize : NULL, i1 - i0, bk + j0 * ks,
                  vsize ? bv + j0 * vsize : NULL, j1 - j0, ok + d0 * ks,
                  vsize ? ov + d0 * vsize : NULL, vsize);
    }
    return SWEEP_OK;
}
