/* Scan: every dtype x built-in op x kind over small and tile-edge sizes, a sample of
 * the product at large sizes, in-place calls, and the seeds' worked example. */
#include "check.h"
#include "families.h"
#include "gen.h"

#include <string.h>

/* c->dtype, c->op, c->kind (1 = exclusive), c->a (in place), c->b (the output starts
 * one element into its buffer, so it is not aligned to 16 or 32 bytes), c->n */
static t_result scan_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_dtype dt = (sweep_dtype)c->dtype;
    sweep_op_kind kind = (sweep_op_kind)c->op;
    size_t n = c->n, size = sweep_dtype_size(dt);
    int exclusive = c->kind, in_place = c->a;
    t_rng rng;
    t_rng_seed(&rng, c->name);

    unsigned char *in = t_host(&t, n * size), *want = t_host(&t, n * size);
    unsigned char *got = t_host(&t, n * size), *back = t_host(&t, n * size);
    if (t.failed) return t_end(&t);
    t_gen_op_input(&rng, dt, kind, in, n);
    if (n) t_gen_fix_nan_head(dt, in, 0);
    o_op op = o_builtin(kind, dt);
    o_scan(&op, in, NULL, want, n, exclusive);
    t_expect e;
    if (!t_expect_scan(&t, &op, in, NULL, n, exclusive, want, &e)) return t_end(&t);

    void *d_in = t_dev_upload(&t, in, n * size);
    void *d_buf = in_place ? NULL : t_dev_poisoned(&t, (n + 1) * size);
    void *d_out = in_place ? d_in : (unsigned char *)d_buf + (c->b ? size : 0);
    if (t.failed) return t_end(&t);
    sweep_status st = sweep_scan(env->ctx, sweep_op_builtin(kind, dt), d_in, d_out, n,
                                 exclusive ? SWEEP_EXCLUSIVE : SWEEP_INCLUSIVE);
    if (!t_ok(&t, st, "sweep_scan")) return t_end(&t);
    if (!t_download(&t, got, d_out, n * size, "out")) return t_end(&t);
    if (!t_check_op_output(&t, "out", &op, got, &e, n)) return t_end(&t);
    if (!in_place && t_download(&t, back, d_in, n * size, "in"))
        t_compare_bytes(&t, "input after the call", back, in, n, size);
    return t_end(&t);
}

/* The seeds' example: exclusive sum of 4 2 1 3 0 2 1 5 is 0 4 6 7 10 10 12 13, on
 * the narrowest and widest integer types. */
static t_result scan_known_answer(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    static const int data[8] = {4, 2, 1, 3, 0, 2, 1, 5};
    static const int excl[8] = {0, 4, 6, 7, 10, 10, 12, 13};
    static const int incl[8] = {4, 6, 7, 10, 10, 12, 13, 18};
    const int *want = c->kind ? excl : incl;
    sweep_dtype dt = (sweep_dtype)c->dtype;
    size_t size = sweep_dtype_size(dt);
    unsigned char in[64] = {0}, got[64], expect[64] = {0};
    for (int i = 0; i < 8; ++i) {
        in[i * size] = (unsigned char)data[i]; /* little-endian small values */
        expect[i * size] = (unsigned char)want[i];
    }
    void *d_in = t_dev_upload(&t, in, 8 * size);
    void *d_out = t_dev_poisoned(&t, 8 * size);
    if (t.failed) return t_end(&t);
    if (t_ok(&t,
             sweep_scan(env->ctx, sweep_op_builtin(SWEEP_OP_SUM, dt), d_in, d_out, 8,
                        c->kind ? SWEEP_EXCLUSIVE : SWEEP_INCLUSIVE),
             "sweep_scan") &&
        t_download(&t, got, d_out, 8 * size, "out"))
        t_compare_bytes(&t, "out", got, expect, 8, size);
    return t_end(&t);
}

void t_register_scan(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "scan";
    c.fn = scan_known_answer;
    for (int kind = 0; kind < 2; ++kind) {
        c.kind = kind;
        c.dtype = SWEEP_U8;
        t_register(r, &c, "scan.known_answer.u8.%s", kind ? "excl" : "incl");
        c.dtype = SWEEP_I64;
        t_register(r, &c, "scan.known_answer.i64.%s", kind ? "excl" : "incl");
    }

    c.fn = scan_case;
    unsigned combo = 0;
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
        for (int op = 0; op <= SWEEP_OP_XOR; ++op) {
            if (!t_op_valid((sweep_dtype)dt, (sweep_op_kind)op)) continue;
            ++combo;
            for (int kind = 0; kind < 2; ++kind) {
                c.dtype = dt;
                c.op = op;
                c.kind = kind;
                const char *kn = kind ? "excl" : "incl";
                const char *dn = sweep_dtype_name((sweep_dtype)dt);
                const char *on = t_op_name((sweep_op_kind)op);
                for (size_t s = 0; s < t_num_small_sizes; ++s) {
                    c.n = t_small_sizes[s];
                    c.a = 0;
                    t_register(r, &c, "scan.%s.%s.%s.n%zu", dn, on, kn, c.n);
                    c.a = 1;
                    t_register(r, &c, "scan.%s.%s.%s.n%zu.inplace", dn, on, kn, c.n);
                }
                for (size_t s = 0; s < t_num_mid_sizes; ++s) {
                    c.n = t_mid_sizes[s];
                    c.a = (combo + s + (unsigned)kind) % 3 == 0;
                    t_register(r, &c, "scan.%s.%s.%s.n%zu%s", dn, on, kn, c.n,
                               c.a ? ".inplace" : "");
                }
                /* large sizes: each (dtype, op, kind) gets one of them, in turn */
                size_t pick = (combo * 2 + (unsigned)kind) % (t_num_large_sizes + 2);
                /* the largest size is the slowest: a handful of combinations only */
                if (pick == t_num_large_sizes - 1 && combo % 16 != 2) pick = t_num_large_sizes;
                if (pick < t_num_large_sizes) {
                    c.n = t_large_sizes[pick];
                    c.a = combo % 2;
                    t_register(r, &c, "scan.%s.%s.%s.n%zu%s", dn, on, kn, c.n,
                               c.a ? ".inplace" : "");
                }
            }
        }

    /* Outputs of more than 32 MiB, which the OpenMP backend writes with streaming
     * stores from 32-byte aligned points on: one integer width per case, both kinds,
     * outputs aligned and one element off, and one in place. */
    static const struct {
        sweep_dtype dt;
        sweep_op_kind op;
        int shifted, in_place;
    } big[] = {{SWEEP_U8, SWEEP_OP_SUM, 1, 0},  {SWEEP_I16, SWEEP_OP_MAX, 1, 0},
               {SWEEP_U32, SWEEP_OP_SUM, 0, 0}, {SWEEP_I32, SWEEP_OP_MIN, 1, 0},
               {SWEEP_U64, SWEEP_OP_XOR, 1, 0}, {SWEEP_I64, SWEEP_OP_SUM, 0, 1}};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; ++i)
        for (int kind = 0; kind < 2; ++kind) {
            c.dtype = big[i].dt;
            c.op = big[i].op;
            c.kind = kind;
            c.a = big[i].in_place;
            c.b = big[i].shifted;
            c.n = ((size_t)33 << 20) / sweep_dtype_size(big[i].dt) + 13;
            t_register(r, &c, "scan.%s.%s.%s.n%zu%s", sweep_dtype_name(big[i].dt),
                       t_op_name(big[i].op), kind ? "excl" : "incl", c.n,
                       c.a   ? ".inplace"
                       : c.b ? ".shifted"
                             : "");
        }

    /* Around the OpenMP backend's parallel threshold for scans (128 KiB of work: the
     * bytes, times 4 for floating sums and products): one element below it, at it and
     * above it, and sizes of a few of its smallest blocks (16 KiB) a thread. */
    static const struct {
        sweep_dtype dt;
        sweep_op_kind op;
        size_t n;
    } par[] = {{SWEEP_U32, SWEEP_OP_SUM, 32767}, {SWEEP_U32, SWEEP_OP_SUM, 32768},
               {SWEEP_U32, SWEEP_OP_MAX, 32769}, {SWEEP_F32, SWEEP_OP_SUM, 8191},
               {SWEEP_F32, SWEEP_OP_SUM, 8192},  {SWEEP_F64, SWEEP_OP_PROD, 4097},
               {SWEEP_U8, SWEEP_OP_SUM, 131073}, {SWEEP_I64, SWEEP_OP_MIN, 40961}};
    for (size_t i = 0; i < sizeof par / sizeof par[0]; ++i)
        for (int kind = 0; kind < 2; ++kind) {
            c.dtype = par[i].dt;
            c.op = par[i].op;
            c.kind = kind;
            c.n = par[i].n;
            c.a = (i + (size_t)kind) % 3 == 2;
            c.b = (i + (size_t)kind) % 3 == 1;
            t_register(r, &c, "scan.%s.%s.%s.n%zu.threshold%s", sweep_dtype_name(par[i].dt),
                       t_op_name(par[i].op), kind ? "excl" : "incl", c.n,
                       c.a   ? ".inplace"
                       : c.b ? ".shifted"
                             : "");
        }

    /* Around the tiles of the GPU scans of 4- and 8-byte elements (the bulk-copy
     * kernel's short-scan tiles of 768 and 384 elements, the other scans' 3072): a
     * tile whose last thread is partly filled, whole tiles, one element more; every op
     * of those types, outputs aligned, one element off (no vector or bulk stores) and
     * in place. The big cases above take its long-scan tiles on the GPU. */
    static const size_t edges[] = {383, 384, 385, 767, 768, 769, 3071, 7169};
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt) {
        if (sweep_dtype_size((sweep_dtype)dt) != 4 && sweep_dtype_size((sweep_dtype)dt) != 8)
            continue;
        for (int op = 0; op <= SWEEP_OP_XOR; ++op) {
            if (!t_op_valid((sweep_dtype)dt, (sweep_op_kind)op)) continue;
            for (size_t s = 0; s < sizeof edges / sizeof edges[0]; ++s) {
                c.dtype = dt;
                c.op = op;
                c.kind = (int)((s + (size_t)op) % 2);
                c.n = edges[s];
                c.a = s % 3 == 2;
                c.b = s % 3 == 1;
                t_register(r, &c, "scan.%s.%s.%s.n%zu.edge%s", sweep_dtype_name((sweep_dtype)dt),
                           t_op_name((sweep_op_kind)op), c.kind ? "excl" : "incl", c.n,
                           c.a   ? ".inplace"
                           : c.b ? ".shifted"
                                 : "");
            }
        }
    }
}
