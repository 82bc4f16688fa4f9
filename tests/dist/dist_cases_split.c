/*
 * dist_cases_split.c -- distributed split (with and without values) and compaction:
 * element sizes 1, 4, 8 and 12 bytes, flag densities from none to all, sizes from 0.
 * Split keeps the input partition; compaction lays the kept elements over it, cut at
 * the number kept, and the rest of out stays untouched.
 */
#include "dist_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void d_run_split(d_env *e, const char *name, int compact, size_t elem, size_t vsize,
                 unsigned permille, size_t N) {
    if (!d_selected(e, name)) return;
    t_rng rng;
    t_rng_seed(&rng, name);
    unsigned char *x = malloc(N * elem + 1), *v = malloc(N * vsize + 1);
    uint8_t *flags = malloc(N + 1);
    t_gen_bytes(&rng, x, N * elem);
    t_gen_values(&rng, v, vsize ? vsize : 1, vsize ? N : 0);
    t_gen_flags(&rng, flags, N, permille);

    unsigned char *want = NULL, *wantv = NULL;
    size_t kept = 0;
    {
        void *dx = d_upload(e, x, N * elem), *dv = d_upload(e, v, N * vsize);
        void *dfl = d_upload(e, flags, N), *dr = d_poisoned(e, N * elem);
        void *drv = d_poisoned(e, N * vsize), *dk = d_poisoned(e, sizeof(size_t));
        sweep_status st = compact ? sweep_compact(e->ctx, dfl, dx, dr, elem, N, dk)
                                  : sweep_split(e->ctx, dfl, dx, dr, elem, vsize ? dv : NULL,
                                                vsize ? drv : NULL, vsize, N, dk);
        if (d_ok(e, name, st, "single-process reference")) {
            want = d_download(e, dr, N * elem);
            wantv = d_download(e, drv, N * vsize);
            if (N) (void)sweep_memcpy(e->ctx, &kept, dk, sizeof kept, SWEEP_COPY_DEVICE_TO_HOST);
        }
        d_free(e, dx);
        d_free(e, dv);
        d_free(e, dfl);
        d_free(e, dr);
        d_free(e, drv);
        d_free(e, dk);
    }
    size_t *counts = calloc((size_t)e->size, sizeof *counts), begin = 0, n = 0;
    d_partition(e, name, N, counts, &begin, &n);
    void *din = d_upload(e, x + begin * elem, n * elem),
         *dv = d_upload(e, v + begin * vsize, n * vsize);
    void *dfl = d_upload(e, flags + begin, n);
    void *dout = d_poisoned(e, n * elem), *dvo = d_poisoned(e, n * vsize);
    size_t nf = 12345, nl = 12345;
    sweep_status st = compact ? sweep_dist_compact(e->comm, dfl, din, dout, elem, n, &nl, &nf)
                              : sweep_dist_split(e->comm, dfl, din, dout, elem, vsize ? dv : NULL,
                                                 vsize ? dvo : NULL, vsize, n, &nf);
    if (d_ok(e, name, st, "distributed call") && want) {
        size_t mine = n;
        if (compact) {
            mine = begin >= kept ? 0 : (kept - begin < n ? kept - begin : n);
            ++e->checks;
            if (nl != mine) d_fail(e, name, "num_local %zu, want %zu", nl, mine);
        }
        ++e->checks;
        if (N && nf != kept) d_fail(e, name, "global count %zu, want %zu", nf, kept);
        unsigned char *got = d_download(e, dout, n * elem);
        d_same(e, name, "out", got, want + begin * elem, mine, elem);
        unsigned char *poison = malloc(n * elem + 1);
        memset(poison, 0xA5, n * elem + 1);
        d_same(e, name, "out past the kept ones", got + mine * elem, poison, n - mine, elem);
        free(poison);
        free(got);
        if (vsize) {
            got = d_download(e, dvo, n * vsize);
            d_same(e, name, "values_out", got, wantv + begin * vsize, n, vsize);
            free(got);
        }
    }
    d_free(e, din);
    d_free(e, dv);
    d_free(e, dfl);
    d_free(e, dout);
    d_free(e, dvo);
    free(counts);
    free(want);
    free(wantv);
    free(x);
    free(v);
    free(flags);
}

void d_cases_split(d_env *e) {
    static const size_t elems[] = {1, 4, 8, 12};
    static const unsigned dens[] = {0, 3, 500, 1000};
    static const size_t sizes[] = {0, 1, 9, 2000, 20000};
    char name[160];
    for (int compact = 0; compact < 2; ++compact)
        for (size_t a = 0; a < 4; ++a)
            for (size_t d = 0; d < 4; ++d)
                for (size_t s = 0; s < 5; ++s) {
                    if (sizes[s] == 20000 && (elems[a] != 4 || dens[d] != 500)) continue;
                    size_t vsize = !compact && elems[a] == 4 && d % 2 == 0 ? 8 : 0;
                    snprintf(name, sizeof name, "dist.%s.e%zu.v%zu.d%u.n%zu",
                             compact ? "compact" : "split", elems[a], vsize, dens[d], sizes[s]);
                    d_run_split(e, name, compact, elems[a], vsize, dens[d], sizes[s]);
                }
}
