/*
 * merge_sort.c -- fused stable merge sort and merge. The sort first sorts tiles that
 * fit in a core's L2 (in parallel, each tile's passes staying in cache), then runs
 * merge passes over the whole array in which every thread produces an equal share of
 * the output, found by merge-path partitions (Green, McColl & Bader). Tiles and parts
 * go to threads as they come (pool.h): no phase waits for a thread that the scheduler
 * runs late. The number of passes is known up front, so the initial copy goes to whichever buffer
 * (output or the one scratch copy) makes the last pass land in the output.
 */
#include <string.h>

#include "backend_omp.h"
#include "pool.h"
#include "sort_kernels.h"

/* Bytes of keys and values per tile of the first phase. */
#define SWOMP_SORT_TILE_BYTES ((size_t)128 * 1024)

/* The first phase's tile: as large as SWOMP_SORT_TILE_BYTES allows, but small enough
 * that n elements make a tile for every thread (a short sort otherwise left most of
 * its threads idle until the merge passes). A power of two times SWOMP_SORT_RUN. */
static size_t sort_tile(size_t ks, size_t vs, size_t n, int threads) {
    size_t t = SWOMP_SORT_RUN;
    while (t * 2 * (ks + vs) <= SWOMP_SORT_TILE_BYTES)
        t *= 2;
    while (t > SWOMP_SORT_RUN && (t / 2) * (size_t)threads >= n)
        t /= 2;
    return t;
}

typedef struct msort_job {
    const swomp_sortk *sk;
    const sweep_kcmp *cmp;
    const unsigned char *kin, *vin;
    swomp_buf x, y, src, dst;
    size_t n, ks, vsize, tile, parts, w;
    unsigned tile_passes;
} msort_job;

/* Copies tile i into x and sorts it there (the result in x or y by tile_passes). */
static void sort_tile_item(void *ctx, size_t i, int worker) {
    const msort_job *j = (const msort_job *)ctx;
    size_t ks = j->ks, vs = j->vsize, lo = i * j->tile,
           m = j->n - lo < j->tile ? j->n - lo : j->tile;
    (void)worker;
    if (j->x.keys != j->kin) memcpy(j->x.keys + lo * ks, j->kin + lo * ks, m * ks);
    if (vs && j->x.values != j->vin) memcpy(j->x.values + lo * vs, j->vin + lo * vs, m * vs);
    swomp_buf xs = {j->x.keys + lo * ks, vs ? j->x.values + lo * vs : NULL};
    swomp_buf ys = {j->y.keys + lo * ks, vs ? j->y.values + lo * vs : NULL};
    swomp_sort_range(j->sk, j->cmp, xs, ys, m, j->tile_passes, vs);
}

/* Outputs of part p of the merge pass of width w. */
static void merge_pass_item(void *ctx, size_t p, int worker) {
    const msort_job *j = (const msort_job *)ctx;
    size_t d0, d1;
    (void)worker;
    swomp_part(j->n, j->parts, p, &d0, &d1);
    swomp_merge_pass_range(j->sk, j->cmp, j->src, j->dst, j->n, j->w, d0, d1, j->vsize);
}

sweep_status swomp_merge_sort(void *hv, const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                              const void *values_in, void *values_out, size_t vsize, size_t n,
                              void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ks = cmp->key_size;
    if (!values_in) vsize = 0;
    if (swomp_scratch_query(scratch, scratch_bytes, swomp_round(n * ks) + swomp_round(n * vsize)))
        return SWEEP_OK;
    msort_job j;
    memset(&j, 0, sizeof j);
    j.sk = swomp_sortk_for(cmp);
    j.cmp = cmp;
    j.n = n;
    j.ks = ks;
    j.vsize = vsize;
    int threads = swomp_team(h, swomp_compare_work(cmp, n, ks + vsize, 1));
    j.tile = sort_tile(ks, vsize, n, threads);
    size_t ntiles = (n + j.tile - 1) / j.tile;
    unsigned global_passes = 0;
    j.tile_passes = swomp_sort_passes(n < j.tile ? n : j.tile);
    for (size_t w = j.tile; w < n; w *= 2)
        global_passes++;

    unsigned char *cur = (unsigned char *)scratch;
    swomp_buf out = {(unsigned char *)keys_out, vsize ? (unsigned char *)values_out : NULL};
    swomp_buf tmp = {swomp_carve(&cur, n * ks), NULL};
    tmp.values = vsize ? (unsigned char *)swomp_carve(&cur, n * vsize) : NULL;
    /* after an even number of passes the data is back where it started */
    int start_in_out = (j.tile_passes + global_passes) % 2 == 0;
    j.x = start_in_out ? out : tmp;
    j.y = start_in_out ? tmp : out;
    j.kin = (const unsigned char *)keys_in;
    j.vin = (const unsigned char *)values_in;

    /* tiles go to threads as they come; each merge pass is a handover of parts, every
     * part an equal share of the output found by merge-path partitions */
    swomp_pool_run(threads, ntiles, sort_tile_item, &j);
    j.src = j.tile_passes % 2 ? j.y : j.x;
    j.dst = j.tile_passes % 2 ? j.x : j.y;
    j.parts = swomp_parts(threads, n);
    for (j.w = j.tile; j.w < n; j.w *= 2) {
        swomp_pool_run(threads, j.parts, merge_pass_item, &j);
        swomp_buf s = j.src;
        j.src = j.dst;
        j.dst = s;
    }
    return SWEEP_OK;
}

typedef struct merge_job {
    const swomp_sortk *sk;
    const sweep_kcmp *cmp;
    const unsigned char *ak, *bk, *av, *bv;
    unsigned char *ok, *ov;
    size_t na, nb, vsize, parts;
} merge_job;

static void merge_item(void *ctx, size_t p, int worker) {
    const merge_job *j = (const merge_job *)ctx;
    size_t ks = j->cmp->key_size, vs = j->vsize, d0, d1;
    (void)worker;
    swomp_part(j->na + j->nb, j->parts, p, &d0, &d1);
    size_t i0 = j->sk->partition(j->cmp, j->ak, j->na, j->bk, j->nb, d0);
    size_t i1 = j->sk->partition(j->cmp, j->ak, j->na, j->bk, j->nb, d1);
    size_t j0 = d0 - i0, j1 = d1 - i1;
    j->sk->merge(j->cmp, j->ak + i0 * ks, vs ? j->av + i0 * vs : NULL, i1 - i0, j->bk + j0 * ks,
                 vs ? j->bv + j0 * vs : NULL, j1 - j0, j->ok + d0 * ks, vs ? j->ov + d0 * vs : NULL,
                 vs);
}

sweep_status swomp_merge(void *hv, const sweep_kcmp *cmp, const void *a, const void *a_values,
                         size_t na, const void *b, const void *b_values, size_t nb, void *out,
                         void *out_values, size_t vsize, void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ks = cmp->key_size, total = na + nb;
    if (swomp_scratch_query(scratch, scratch_bytes, 0)) return SWEEP_OK;
    if (!out_values) vsize = 0;
    int threads = swomp_team(h, swomp_compare_work(cmp, total, ks + vsize, 0));
    merge_job j = {swomp_sortk_for(cmp),
                   cmp,
                   (const unsigned char *)a,
                   (const unsigned char *)b,
                   (const unsigned char *)a_values,
                   (const unsigned char *)b_values,
                   (unsigned char *)out,
                   (unsigned char *)out_values,
                   na,
                   nb,
                   vsize,
                   swomp_parts(threads, total)};
    swomp_pool_run(threads, j.parts, merge_item, &j);
    return SWEEP_OK;
}
