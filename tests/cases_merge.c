/* Merge: na or nb = 0, all ties (a first), runs of equal keys of every length around
 * the CPU merges' block of 16 (copied whole where one side's next 16 outputs are
 * known at once), every dtype ascending and descending, values, custom comparators,
 * tile-crossing and large sizes. */
#include "check.h"
#include "comparators.h"
#include "families.h"

#include <string.h>

/* c->dtype, c->a value_size, c->c comparator mode, c->d descending, c->kind 1: all
 * ties, 2: keys drawn from c->b distinct ones, c->n = na, c->m = nb */
static t_result merge_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_dtype dt = (sweep_dtype)c->dtype;
    size_t na = c->n, nb = c->m, n = na + nb, vs = (size_t)c->a, ks = 0;
    sweep_compare cmp;
    o_cmp ocmp;
    sweep_custom_compare *custom = NULL;
    if (!t_sort_comparator(&t, c->c, dt, c->d, &cmp, &ocmp, &custom, &ks)) return t_end(&t);
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *raw = t_host(&t, n * ks), *keys = t_host(&t, n * ks);
    unsigned char *vals = t_host(&t, n * vs), *kwant = t_host(&t, n * ks);
    unsigned char *vwant = t_host(&t, n * vs), *kgot = t_host(&t, n * ks);
    unsigned char *vgot = t_host(&t, n * vs);
    if (t.failed) goto done;
    t_gen_sort_keys(&rng, c->c, dt, raw, n, 1);
    if (c->kind) /* all ties: every key equal to the first (records: equal key field) */
        for (size_t i = 1; i < n; ++i) {
            memcpy(raw + i * ks, raw, ks);
            if (c->c == CMP_RECORD) {
                t_record x;
                memcpy(&x, raw + i * ks, sizeof x);
                x.seq = (uint32_t)i;
                memcpy(raw + i * ks, &x, sizeof x);
            }
        }
    if (c->kind == 2) /* c->b distinct keys: runs of about n / (2 c->b) on each side */
        for (size_t i = (size_t)c->b; i < n; ++i) {
            memcpy(raw + i * ks, raw + t_rng_below(&rng, (uint64_t)c->b) * ks, ks);
            if (c->c == CMP_RECORD) {
                t_record x;
                memcpy(&x, raw + i * ks, sizeof x);
                x.seq = (uint32_t)i;
                memcpy(raw + i * ks, &x, sizeof x);
            }
        }
    t_gen_values(&rng, vals, vs, n);
    /* a and b: each sorted by the comparator (values of a sort come along unchanged) */
    o_sort(&ocmp, raw, keys, NULL, NULL, 0, na);
    o_sort(&ocmp, raw + na * ks, keys + na * ks, NULL, NULL, 0, nb);
    o_merge(&ocmp, keys, vals, na, keys + na * ks, vals + na * vs, nb, kwant, vwant, vs);

    void *d_a = t_dev_upload(&t, keys, na * ks);
    void *d_b = t_dev_upload(&t, keys + na * ks, nb * ks);
    void *d_va = vs ? t_dev_upload(&t, vals, na * vs) : NULL;
    void *d_vb = vs ? t_dev_upload(&t, vals + na * vs, nb * vs) : NULL;
    void *d_out = t_dev_poisoned(&t, n * ks);
    void *d_vout = vs ? t_dev_poisoned(&t, n * vs) : NULL;
    if (t.failed) goto done;
    sweep_status st = sweep_merge(env->ctx, d_a, d_va, na, d_b, d_vb, nb, d_out, d_vout, vs, cmp);
    if (custom && t_runtime_compiler_missing(env, st)) {
        t_skip(&t, "no runtime compiler for the custom comparator: %s", sweep_last_error());
        goto done;
    }
    if (!t_ok(&t, st, "sweep_merge")) goto done;
    if (!t_download(&t, kgot, d_out, n * ks, "out_keys") ||
        !t_compare_bytes(&t, "out_keys", kgot, kwant, n, ks))
        goto done;
    if (vs && t_download(&t, vgot, d_vout, n * vs, "out_values"))
        t_compare_bytes(&t, "out_values (ties take a first)", vgot, vwant, n, vs);
done:;
    t_result res = t_end(&t);
    sweep_custom_compare_destroy(custom);
    return res;
}

void t_register_merge(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "merge";
    c.fn = merge_case;
    static const size_t pairs[][2] = {{0, 0},       {0, 5},     {5, 0},
                                      {1, 1},       {33, 31},   {1000, 3000},
                                      {4097, 4096}, {1, 10007}, {65537, 1000}};
    static const int value_sizes[] = {0, 1, 2, 4, 8, 16};
    unsigned k = 0;
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
        for (int desc = 0; desc < 2; ++desc)
            for (unsigned p = 0; p < sizeof pairs / sizeof pairs[0]; ++p, ++k) {
                c.dtype = dt;
                c.d = desc;
                c.c = CMP_BUILTIN;
                c.a = value_sizes[k % 6];
                c.kind = 0;
                c.n = pairs[p][0];
                c.m = pairs[p][1];
                t_register(r, &c, "merge.%s.%s.v%d.na%zu.nb%zu", sweep_dtype_name((sweep_dtype)dt),
                           desc ? "desc" : "asc", c.a, c.n, c.m);
            }
    /* all ties: the output is all of a, then all of b */
    static const size_t tie_pairs[][2] = {{1, 1}, {7, 9}, {1000, 1000}, {5000, 3}};
    for (unsigned p = 0; p < 4; ++p)
        for (int mode = CMP_BUILTIN; mode <= CMP_RECORD; ++mode) {
            c.dtype = SWEEP_F32;
            c.d = (int)(p % 2);
            c.c = mode;
            c.a = mode == CMP_BUILTIN ? 4 : 0;
            c.kind = 1;
            c.n = tie_pairs[p][0];
            c.m = tie_pairs[p][1];
            t_register(r, &c, "merge.ties.%s.v%d.na%zu.nb%zu",
                       mode == CMP_BUILTIN ? "f32" : "custom_record", c.a, c.n, c.m);
        }
    for (int mode = CMP_RECORD; mode <= CMP_REC16; ++mode)
        for (unsigned p = 0; p < sizeof pairs / sizeof pairs[0]; ++p, ++k) {
            c.dtype = SWEEP_U8;
            c.d = 0;
            c.c = mode;
            c.a = value_sizes[k % 6];
            c.kind = 0;
            c.n = pairs[p][0];
            c.m = pairs[p][1];
            t_register(r, &c, "merge.custom_%s.v%d.na%zu.nb%zu", t_comparator_name(mode), c.a, c.n,
                       c.m);
        }
    /* every value size with a custom comparator (one GPU program a value size) */
    static const int all_value_sizes[] = {1, 2, 4, 8, 16};
    for (unsigned v = 0; v < sizeof all_value_sizes / sizeof all_value_sizes[0]; ++v) {
        c.dtype = SWEEP_U8;
        c.d = 0;
        c.c = CMP_RECORD + (int)(v % 4);
        c.a = all_value_sizes[v];
        c.kind = 0;
        c.n = 7001 + v;
        c.m = 12289 - v;
        t_register(r, &c, "merge.custom_%s.v%d.na%zu.nb%zu.value_sizes", t_comparator_name(c.c),
                   c.a, c.n, c.m);
    }
    /* runs of equal keys, on each side about 3, 15, 16, 17, 40 and 2000 long, across the
     * blocks of both ends of the CPU merges */
    static const struct {
        int dt, vs, mode, desc;
        unsigned distinct;
        size_t na, nb;
    } runs[] = {{SWEEP_U32, 4, CMP_BUILTIN, 0, 1500, 5000, 4999},
                {SWEEP_U32, 0, CMP_BUILTIN, 1, 313, 5000, 5003},
                {SWEEP_F32, 8, CMP_BUILTIN, 0, 297, 4800, 4700},
                {SWEEP_I64, 16, CMP_BUILTIN, 1, 279, 4700, 4790},
                {SWEEP_F64, 0, CMP_BUILTIN, 0, 120, 4801, 4802},
                {SWEEP_U16, 2, CMP_BUILTIN, 0, 2, 4000, 4000},
                {SWEEP_U32, 8, CMP_BUILTIN, 0, 300, 100003, 65537},
                {SWEEP_U8, 4, CMP_RECORD, 0, 300, 5000, 4999},
                {SWEEP_U8, 0, CMP_RECORD, 0, 2, 4000, 4001}};
    for (unsigned u = 0; u < sizeof runs / sizeof runs[0]; ++u) {
        c.dtype = runs[u].dt;
        c.d = runs[u].desc;
        c.c = runs[u].mode;
        c.a = runs[u].vs;
        c.kind = 2;
        c.b = (int)runs[u].distinct;
        c.n = runs[u].na;
        c.m = runs[u].nb;
        t_register(r, &c, "merge.runs.%s.%s.v%d.d%u.na%zu.nb%zu",
                   c.c == CMP_BUILTIN ? sweep_dtype_name((sweep_dtype)c.dtype) : "custom_record",
                   c.d ? "desc" : "asc", c.a, runs[u].distinct, c.n, c.m);
    }
    c.b = 0;
    static const struct {
        int dt, vs;
        size_t na, nb;
    } big[] = {{SWEEP_U32, 4, (1u << 20) + 3, 1u << 19}, {SWEEP_F64, 0, 12345, (3u << 20) + 7}};
    for (unsigned b = 0; b < 2; ++b) {
        c.dtype = big[b].dt;
        c.d = 0;
        c.c = CMP_BUILTIN;
        c.a = big[b].vs;
        c.kind = 0;
        c.n = big[b].na;
        c.m = big[b].nb;
        t_register(r, &c, "merge.%s.asc.v%d.na%zu.nb%zu", sweep_dtype_name((sweep_dtype)c.dtype),
                   c.a, c.n, c.m);
    }
}
