/* SWEEP_OPTION_DETERMINISTIC: floating sums (scan, segmented scan, reduce, segmented
 * reduce) are bitwise identical across runs, thread counts and every backend
 * present, and still within the rounding bound of the exact sums. */
#include "check.h"
#include "families.h"
#include "segments.h"

#include <stdio.h>
#include <string.h>

enum { D_SCAN_INCL, D_SCAN_EXCL, D_SEG_FLAGS, D_REDUCE, D_SEG_REDUCE, D_COUNT };
static const char *prim_names[] = {"scan_incl", "scan_excl", "segmented_scan_flags", "reduce",
                                   "segmented_reduce"};

typedef struct d_input {
    sweep_dtype dt;
    size_t n, nseg, out_n;
    const void *in;
    const uint8_t *flags;
    const size_t *offsets;
} d_input;

/* Runs prim once on a fresh deterministic context of backend (threads: 0 = default)
 * and copies the outputs to out (host). Failures go to t. */
static int run_on(t_state *t, sweep_backend backend, unsigned options, int threads, int prim,
                  const d_input *x, void *out) {
    sweep_context_desc desc = {0};
    desc.backend = backend;
    desc.options = options | SWEEP_OPTION_DETERMINISTIC;
    desc.num_threads = threads;
    sweep_context *ctx = NULL;
    sweep_status st = sweep_context_create(&ctx, &desc);
    if (st != SWEEP_OK)
        return t_fail(t, "sweep_context_create(%s, deterministic, %d threads): %s (%s)",
                      sweep_backend_name(backend), threads, sweep_status_string(st),
                      sweep_last_error());
    t_env env = {backend, desc.options, ctx};
    char msg[512];
    t_state s;
    t_begin(&s, &env, msg, sizeof msg);
    size_t size = sweep_dtype_size(x->dt);
    void *d_in = t_dev_upload(&s, x->in, x->n * size);
    void *d_flags = t_dev_upload(&s, x->flags, x->n);
    void *d_off = t_dev_upload(&s, x->offsets, (x->nseg + 1) * sizeof(size_t));
    void *d_out = t_dev_poisoned(&s, x->out_n * size);
    if (!s.failed) {
        sweep_op op = sweep_op_builtin(SWEEP_OP_SUM, x->dt);
        switch (prim) {
        case D_SCAN_INCL: st = sweep_scan(ctx, op, d_in, d_out, x->n, SWEEP_INCLUSIVE); break;
        case D_SCAN_EXCL: st = sweep_scan(ctx, op, d_in, d_out, x->n, SWEEP_EXCLUSIVE); break;
        case D_SEG_FLAGS:
            st = sweep_segmented_scan_flags(ctx, op, d_in, d_flags, d_out, x->n, SWEEP_INCLUSIVE);
            break;
        case D_REDUCE: st = sweep_reduce(ctx, op, d_in, x->n, d_out); break;
        default: st = sweep_segmented_reduce(ctx, op, d_in, x->n, d_off, x->nseg, d_out);
        }
        if (t_ok(&s, st, prim_names[prim])) t_download(&s, out, d_out, x->out_n * size, "out");
    }
    int ok = t_end(&s) == T_PASS;
    sweep_context_destroy(ctx);
    if (!ok) return t_fail(t, "%s, %d threads: %s", sweep_backend_name(backend), threads, msg);
    return 1;
}

/* c->dtype, c->a primitive, c->n */
static t_result det_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_dtype dt = (sweep_dtype)c->dtype;
    size_t n = c->n, size = sweep_dtype_size(dt);
    int prim = c->a;
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *in = t_host(&t, n * size);
    uint8_t *flags = t_host(&t, n);
    size_t *offsets = NULL, nseg = 0;
    if (t.failed || !t_make_offsets(&t, &rng, T_LAYOUT_RANDOM, n, &offsets, &nseg))
        return t_end(&t);
    t_gen_op_input(&rng, dt, SWEEP_OP_SUM, in, n);
    t_heads_from_offsets(offsets, nseg, n, flags);
    d_input x = {dt, n, nseg, n, in, flags, offsets};
    if (prim == D_REDUCE) x.out_n = 1;
    if (prim == D_SEG_REDUCE) x.out_n = nseg;
    unsigned char *first = t_host(&t, x.out_n * size), *again = t_host(&t, x.out_n * size);
    if (t.failed) return t_end(&t);

    /* the reference run: this backend and path, default threads */
    if (!run_on(&t, env->backend, env->options, 0, prim, &x, first)) return t_end(&t);
    if (!run_on(&t, env->backend, env->options, 0, prim, &x, again) ||
        !t_compare_bytes(&t, "second run vs first", again, first, x.out_n, size))
        return t_end(&t);

    /* within the bound of the exact sums (scans: every prefix; reductions: the last) */
    long double *exact = t_host(&t, n * sizeof *exact), *mag = t_host(&t, n * sizeof *mag);
    size_t *terms = t_host(&t, n * sizeof *terms);
    if (t.failed) return t_end(&t);
    int segmented = prim == D_SEG_FLAGS || prim == D_SEG_REDUCE;
    o_scan_exact(SWEEP_OP_SUM, dt, in, segmented ? flags : NULL, n, prim == D_SCAN_EXCL, exact, mag,
                 terms);
    for (size_t i = 0; i < x.out_n; ++i) {
        size_t at = i;
        if (prim == D_REDUCE) at = n - 1;
        if (prim == D_SEG_REDUCE) {
            if (offsets[i] == offsets[i + 1]) continue; /* empty: the identity, checked below */
            at = offsets[i + 1] - 1;
        }
        if (n && !t_float_close(dt, first + i * size, exact[at], mag[at], terms[at])) {
            t_fail(&t, "output %zu is outside the rounding bound of the exact sum", i);
            return t_end(&t);
        }
    }

    /* other thread counts (CPU backends) and every other backend present */
    static const int threads[] = {1, 2, 3};
    if (env->backend == SWEEP_BACKEND_OPENMP)
        for (int k = 0; k < 3; ++k) {
            char what[64];
            snprintf(what, sizeof what, "%d threads vs default", threads[k]);
            if (!run_on(&t, env->backend, env->options, threads[k], prim, &x, again) ||
                !t_compare_bytes(&t, what, again, first, x.out_n, size))
                return t_end(&t);
        }
    for (int b = SWEEP_BACKEND_SERIAL; b <= SWEEP_BACKEND_HIP; ++b) {
        sweep_backend_info info;
        if (b == (int)env->backend || sweep_backend_query((sweep_backend)b, &info) != SWEEP_OK ||
            !info.available)
            continue;
        for (unsigned path = 0; path < 2; ++path) {
            char what[96];
            snprintf(what, sizeof what, "backend %s (%s path) vs %s", info.name,
                     path ? "generic" : "fused", sweep_backend_name(env->backend));
            if (!run_on(&t, (sweep_backend)b, path ? SWEEP_OPTION_GENERIC : 0, 0, prim, &x,
                        again) ||
                !t_compare_bytes(&t, what, again, first, x.out_n, size))
                return t_end(&t);
        }
    }
    return t_end(&t);
}

void t_register_deterministic(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "deterministic";
    c.fn = det_case;
    static const size_t sizes[] = {1, 33, 4095, 4097, 100003, (1u << 20) + 3};
    for (int dt = SWEEP_F32; dt <= SWEEP_F64; ++dt)
        for (int p = 0; p < D_COUNT; ++p)
            for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
                /* the largest size only for the plain scan and reduce: runtime */
                if (s == 5 && p != D_SCAN_INCL && p != D_REDUCE) continue;
                c.dtype = dt;
                c.a = p;
                c.n = sizes[s];
                t_register(r, &c, "deterministic.%s.%s.n%zu", sweep_dtype_name((sweep_dtype)dt),
                           prim_names[p], c.n);
            }
}
