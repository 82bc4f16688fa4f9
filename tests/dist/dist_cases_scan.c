/*
 * dist_cases_scan.c -- distributed scan, segmented scan and reduce: every dtype, every
 * built-in operator valid for it, both kinds, a non-commutative custom operator
 * (affine maps), sizes from 0 past several scan tiles, in place and apart.
 * Floating SUM and PROD take integer values (exact in any grouping), MIN and MAX the
 * generator's IEEE edge values (their results do not depend on grouping), so every
 * result is compared byte for byte.
 */
#include "custom.h"
#include "dist_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const size_t sizes[] = {0, 1, 7, 1000, 3 * 4096 + 11};

static void gen_input(t_rng *r, sweep_op op, size_t elem, void *x, size_t n) {
    if (op.kind == SWEEP_OP_CUSTOM) {
        t_affine32 *a = x;
        for (size_t i = 0; i < n; ++i) {
            a[i].a = (uint32_t)t_rng_next(r) | 1u;
            a[i].b = (uint32_t)t_rng_next(r);
        }
        return;
    }
    if ((op.dtype == SWEEP_F32 || op.dtype == SWEEP_F64) &&
        (op.kind == SWEEP_OP_SUM || op.kind == SWEEP_OP_PROD)) {
        for (size_t i = 0; i < n; ++i) {
            double v = op.kind == SWEEP_OP_SUM ? (double)((int)t_rng_below(r, 2001) - 1000)
                                               : (t_rng_below(r, 2) ? 1.0 : -1.0);
            if (op.dtype == SWEEP_F32) {
                float f = (float)v;
                memcpy((char *)x + i * elem, &f, 4);
            } else {
                memcpy((char *)x + i * elem, &v, 8);
            }
        }
        return;
    }
    t_gen_op_input(r, op.dtype, op.kind, x, n);
}

void d_run_scan(d_env *e, const char *name, sweep_op op, size_t elem, int mode,
                sweep_scan_kind kind, size_t N, int in_place) {
    if (!d_selected(e, name)) return;
    t_rng rng;
    t_rng_seed(&rng, name);
    unsigned char *x = malloc(N * elem + 1);
    uint8_t *flags = malloc(N + 1);
    gen_input(&rng, op, elem, x, N);
    t_gen_flags(&rng, flags, N, 1 + (unsigned)t_rng_below(&rng, 60));
    if (mode == 1 && op.kind != SWEEP_OP_CUSTOM)
        for (size_t i = 0; i < N; ++i)
            if (i == 0 || flags[i]) t_gen_fix_nan_head(op.dtype, x, i);

    /* The single-process result on the whole input. */
    size_t rbytes = mode == 2 ? elem : N * elem;
    unsigned char *want = NULL;
    {
        void *dx = d_upload(e, x, N * elem), *dfl = d_upload(e, flags, N);
        void *dr = d_poisoned(e, rbytes);
        sweep_status st = mode == 0   ? sweep_scan(e->ctx, op, dx, dr, N, kind)
                          : mode == 1 ? sweep_segmented_scan_flags(e->ctx, op, dx, dfl, dr, N, kind)
                                      : sweep_reduce(e->ctx, op, dx, N, dr);
        if (d_ok(e, name, st, "single-process reference")) want = d_download(e, dr, rbytes);
        d_free(e, dx);
        d_free(e, dfl);
        d_free(e, dr);
    }
    size_t *counts = calloc((size_t)e->size, sizeof *counts), begin = 0, n = 0;
    d_partition(e, name, N, counts, &begin, &n);
    void *din = d_upload(e, x + begin * elem, n * elem);
    void *dfl = d_upload(e, flags + begin, n);
    size_t obytes = mode == 2 ? elem : n * elem;
    void *dout = in_place && mode != 2 ? din : d_poisoned(e, obytes);
    if (mode == 2 && !dout) dout = d_poisoned(e, elem);
    sweep_status st = mode == 0 ? sweep_dist_scan(e->comm, op, din, dout, n, kind)
                      : mode == 1
                          ? sweep_dist_segmented_scan_flags(e->comm, op, din, dfl, dout, n, kind)
                          : sweep_dist_reduce(e->comm, op, din, n, dout);
    if (d_ok(e, name, st, "distributed call") && want) {
        unsigned char *got = d_download(e, dout, obytes);
        if (mode == 2 && N == 0) {
            unsigned char poison[32];
            memset(poison, 0xA5, sizeof poison);
            d_same(e, name, "untouched out", got, poison, 1, elem);
        } else {
            d_same(e, name, "out", got, mode == 2 ? want : want + begin * elem, mode == 2 ? 1 : n,
                   elem);
        }
        free(got);
    }
    if (dout != din) d_free(e, dout);
    d_free(e, din);
    d_free(e, dfl);
    free(counts);
    free(want);
    free(x);
    free(flags);
}

static int op_valid(sweep_op_kind k, sweep_dtype dt) {
    return !(dt == SWEEP_F32 || dt == SWEEP_F64) || k <= SWEEP_OP_MAX;
}

void d_cases_scan(d_env *e) {
    static const char *modes[] = {"scan", "segscan", "reduce"};
    char name[160];
    for (int mode = 0; mode < 3; ++mode) {
        for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt) {
            for (int k = 0; k <= SWEEP_OP_XOR; ++k) {
                if (!op_valid((sweep_op_kind)k, (sweep_dtype)dt)) continue;
                sweep_op op = sweep_op_builtin((sweep_op_kind)k, (sweep_dtype)dt);
                size_t elem = sweep_dtype_size((sweep_dtype)dt);
                for (int kind = 0; kind < (mode == 2 ? 1 : 2); ++kind) {
                    /* Every dtype/op at one mid size; the full size list on a few. */
                    int full = (dt == SWEEP_I32 || dt == SWEEP_F64 || dt == SWEEP_U8) &&
                               (k == SWEEP_OP_SUM || k == SWEEP_OP_MAX);
                    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; ++s) {
                        if (!full && sizes[s] != 1000) continue;
                        snprintf(name, sizeof name, "dist.%s.%s.op%d.%s.n%zu", modes[mode],
                                 sweep_dtype_name((sweep_dtype)dt), k, kind ? "excl" : "incl",
                                 sizes[s]);
                        d_run_scan(e, name, op, elem, mode, (sweep_scan_kind)kind, sizes[s], 0);
                    }
                }
            }
        }
        /* In place, and the non-commutative custom operator at every size. */
        snprintf(name, sizeof name, "dist.%s.inplace.u32.sum", modes[mode]);
        d_run_scan(e, name, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), 4, mode, SWEEP_INCLUSIVE,
                   5000, 1);
        sweep_custom_op_desc desc = t_affine32_desc();
        sweep_custom_op *affine = NULL;
        if (!d_ok(e, "dist.custom", sweep_custom_op_create(&affine, &desc), "custom op")) continue;
        for (int kind = 0; kind < (mode == 2 ? 1 : 2); ++kind)
            for (size_t s = 0; s < sizeof sizes / sizeof *sizes; ++s) {
                snprintf(name, sizeof name, "dist.%s.affine.%s.n%zu", modes[mode],
                         kind ? "excl" : "incl", sizes[s]);
                d_run_scan(e, name, sweep_op_custom(affine), sizeof(t_affine32), mode,
                           (sweep_scan_kind)kind, sizes[s], 0);
            }
        sweep_custom_op_destroy(affine);
    }
}
