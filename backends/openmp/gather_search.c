/*
 * gather_search.c -- the basic kernels gather (out[i] = in[idx[i]]) and vectorised
 * search. Each thread searches a contiguous part of the needles with the CPU search
 * kernels (host/host_search.h): blocks of monotone needles gallop from the previous
 * answer, other blocks run branchless binary searches in lockstep.
 */
#include <string.h>

#include "backend_omp.h"
#include <host/host_elem_copy.h>

#include "pool.h"

#include <host/host_search.h>

typedef struct gather_job {
    const unsigned char *src;
    unsigned char *dst;
    const size_t *idx;
    size_t elem_size;
} gather_job;

static void gather_range(void *ctx, size_t lo, size_t hi, int worker) {
    const gather_job *j = (const gather_job *)ctx;
    (void)worker;
    for (size_t i = lo; i < hi; ++i)
        sweep_host_copy_elem(j->dst + i * j->elem_size, j->src + j->idx[i] * j->elem_size,
                             j->elem_size);
}

sweep_status swomp_gather(void *hv, const void *in, size_t elem_size, const size_t *idx, size_t n,
                          void *out) {
    const swomp_handle *h = (const swomp_handle *)hv;
    gather_job j = {(const unsigned char *)in, (unsigned char *)out, idx, elem_size};
    int threads = swomp_team(h, n * (elem_size + sizeof(size_t)));
    swomp_pool_ranges(threads, n, swomp_parts(threads, n), gather_range, &j);
    return SWEEP_OK;
}

typedef struct search_job {
    const sweep_kcmp *cmp;
    const unsigned char *hay, *needles;
    size_t nhay;
    int upper;
    size_t *out;
} search_job;

static void search_part(void *ctx, size_t lo, size_t hi, int worker) {
    const search_job *j = (const search_job *)ctx;
    (void)worker;
    if (j->nhay == 0)
        memset(j->out + lo, 0, (hi - lo) * sizeof *j->out);
    else
        sweep_host_search_range(j->cmp, j->hay, j->nhay, j->needles, lo, hi, j->upper, j->out);
}

sweep_status swomp_search(void *hv, const sweep_kcmp *cmp, const void *haystack, size_t nhay,
                          const void *needles, size_t nneedles, int upper, size_t *out) {
    const swomp_handle *h = (const swomp_handle *)hv;
    search_job j = {
        cmp, (const unsigned char *)haystack, (const unsigned char *)needles, nhay, upper, out};
    /* a search touches a few cache lines per needle: count them as 64 bytes */
    int threads = swomp_team(h, nneedles * 64);
    swomp_pool_ranges(threads, nneedles, swomp_parts(threads, nneedles), search_part, &j);
    return SWEEP_OK;
}
