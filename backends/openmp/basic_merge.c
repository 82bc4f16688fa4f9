/*
 * basic_merge.c -- the merge-sort kernels the core composes: tile sorts, merge-path
 * partitions and the merge of each partition.
 */
#include <stdlib.h>
#include <string.h>

#include "backend_omp.h"
#include "pool.h"
#include "sort_kernels.h"

typedef struct bmerge_job {
    const swomp_sortk *sk;
    const sweep_kcmp *cmp;
    const unsigned char *ak, *bk, *av, *bv;
    unsigned char *k, *v, *tmp, *ok, *ov;
    size_t n, tile, len, per, vsize, na, nb, part, total;
    size_t *splits;
    const size_t *csplits;
} bmerge_job;

static void sort_tile(void *ctx, size_t i, int worker) {
    const bmerge_job *j = (const bmerge_job *)ctx;
    size_t ks = j->cmp->key_size, vs = j->vsize, lo = i * j->tile;
    size_t m = j->n - lo < j->tile ? j->n - lo : j->tile;
    unsigned char *mine = j->tmp ? j->tmp + (size_t)worker * j->per : NULL;
    swomp_buf x = {j->k + lo * ks, vs ? j->v + lo * vs : NULL};
    swomp_buf y = {mine, vs && mine ? mine + swomp_round(j->len * ks) : NULL};
    unsigned p = swomp_sort_passes(m);
    swomp_sort_range(j->sk, j->cmp, x, y, m, p, vs);
    if (p % 2) {
        memcpy(x.keys, y.keys, m * ks);
        if (vs) memcpy(x.values, y.values, m * vs);
    }
}

sweep_status swomp_tile_sort(void *hv, const sweep_kcmp *cmp, void *keys, void *values,
                             size_t vsize, size_t n, size_t tile) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ks = cmp->key_size, ntiles = (n + tile - 1) / tile, len = tile < n ? tile : n;
    if (!values) vsize = 0;
    int threads = swomp_team(h, n * (ks + vsize));
    if ((size_t)threads > ntiles) threads = ntiles ? (int)ntiles : 1;
    unsigned passes = swomp_sort_passes(len);
    /* one tile of temporary keys and values per thread, taken before anything is
     * written so that a failure leaves the input as it was */
    size_t per = swomp_round(len * ks) + swomp_round(len * vsize);
    unsigned char *tmp = passes ? (unsigned char *)malloc((size_t)threads * per) : NULL;
    if (passes && !tmp)
        return swomp_fail(h, SWEEP_ERR_OUT_OF_MEMORY, "tile_sort: no memory for a tile buffer");
    bmerge_job j;
    memset(&j, 0, sizeof j);
    j.sk = swomp_sortk_for(cmp);
    j.cmp = cmp;
    j.k = (unsigned char *)keys;
    j.v = (unsigned char *)values;
    j.tmp = tmp;
    j.n = n;
    j.tile = tile;
    j.len = len;
    j.per = per;
    j.vsize = vsize;
    swomp_pool_run(threads, ntiles, sort_tile, &j);
    free(tmp);
    return SWEEP_OK;
}

static void partition_range(void *ctx, size_t lo, size_t hi, int worker) {
    const bmerge_job *j = (const bmerge_job *)ctx;
    (void)worker;
    for (size_t k = lo; k < hi; k++) {
        size_t d = k * j->part < j->total ? k * j->part : j->total;
        j->splits[k] = j->sk->partition(j->cmp, j->ak, j->na, j->bk, j->nb, d);
    }
}

sweep_status swomp_merge_partition(void *hv, const sweep_kcmp *cmp, const void *a, size_t na,
                                   const void *b, size_t nb, size_t vsize, size_t part,
                                   size_t *splits) {
    swomp_handle *h = (swomp_handle *)hv;
    (void)vsize;
    bmerge_job j;
    memset(&j, 0, sizeof j);
    j.sk = swomp_sortk_for(cmp);
    j.cmp = cmp;
    j.ak = (const unsigned char *)a;
    j.bk = (const unsigned char *)b;
    j.na = na;
    j.nb = nb;
    j.part = part;
    j.total = na + nb;
    j.splits = splits;
    size_t nparts = (j.total + part - 1) / part;
    int threads = swomp_team(h, nparts * 64 * cmp->key_size);
    swomp_pool_ranges(threads, nparts + 1, swomp_parts(threads, nparts + 1), partition_range, &j);
    return SWEEP_OK;
}

static void merge_tile(void *ctx, size_t k, int worker) {
    const bmerge_job *j = (const bmerge_job *)ctx;
    size_t ks = j->cmp->key_size, vs = j->vsize;
    size_t d0 = k * j->part, d1 = j->total - d0 > j->part ? d0 + j->part : j->total;
    size_t i0 = j->csplits[k], i1 = j->csplits[k + 1], j0 = d0 - i0, j1 = d1 - i1;
    (void)worker;
    j->sk->merge(j->cmp, j->ak + i0 * ks, vs ? j->av + i0 * vs : NULL, i1 - i0, j->bk + j0 * ks,
                 vs ? j->bv + j0 * vs : NULL, j1 - j0, j->ok + d0 * ks, vs ? j->ov + d0 * vs : NULL,
                 vs);
}

sweep_status swomp_merge_tiles(void *hv, const sweep_kcmp *cmp, const void *a, const void *a_values,
                               size_t na, const void *b, const void *b_values, size_t nb,
                               size_t vsize, size_t part, const size_t *splits, void *out,
                               void *out_values) {
    swomp_handle *h = (swomp_handle *)hv;
    bmerge_job j;
    memset(&j, 0, sizeof j);
    j.sk = swomp_sortk_for(cmp);
    j.cmp = cmp;
    j.ak = (const unsigned char *)a;
    j.bk = (const unsigned char *)b;
    j.av = (const unsigned char *)a_values;
    j.bv = (const unsigned char *)b_values;
    j.ok = (unsigned char *)out;
    j.ov = (unsigned char *)out_values;
    j.vsize = out_values ? vsize : 0;
    j.na = na;
    j.nb = nb;
    j.part = part;
    j.total = na + nb;
    j.csplits = splits;
    int threads = swomp_team(h, j.total * (cmp->key_size + j.vsize));
    swomp_pool_run(threads, (j.total + part - 1) / part, merge_tile, &j);
    return SWEEP_OK;
}
