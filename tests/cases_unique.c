/* Unique and unique by key: every dtype, runs of every law (single elements, short and
 * long runs, one run of everything, runs across the tiles of every backend, IEEE edge
 * keys whose bytes differ: -0.0 and +0.0, NaN payloads), values of several sizes, with
 * and without the count, and CUB's worked example. */
#include "families.h"
#include "gen.h"
#include "oracle.h"

#include <string.h>

/* c->dtype, c->kind (0 unique, 1 unique by key), c->a run law, c->b value size,
 * c->d count wanted, c->n */
static t_result unique_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    const size_t n = c->n, ks = sweep_dtype_size(dt), vs = c->kind ? (size_t)c->b : 0;
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *keys = t_host(&t, n * ks), *want = t_host(&t, n * ks);
    unsigned char *got = t_host(&t, n * ks);
    unsigned char *vin = t_host(&t, n * vs), *vwant = t_host(&t, n * vs);
    unsigned char *vgot = t_host(&t, n * vs);
    if (t.failed) return t_end(&t);
    t_gen_runs(&rng, dt, keys, n, (t_run_law)c->a);
    t_gen_values(&rng, vin, vs, n);
    t_poison(want, n * ks);
    t_poison(vwant, n * vs);
    const size_t count = o_unique(keys, ks, vin, vs, n, want, vwant);

    void *d_keys = t_dev_upload(&t, keys, n * ks);
    void *d_vin = vs ? t_dev_upload(&t, vin, n * vs) : NULL;
    void *d_out = t_dev_poisoned(&t, n * ks);
    void *d_vout = vs ? t_dev_poisoned(&t, n * vs) : NULL;
    size_t *d_count = c->d ? t_dev_poisoned(&t, sizeof(size_t)) : NULL;
    if (t.failed) return t_end(&t);
    sweep_status st =
        c->kind ? sweep_unique_by_key(env->ctx, d_keys, d_vin, d_out, d_vout, dt, vs, n, d_count)
                : sweep_unique(env->ctx, d_keys, d_out, dt, n, d_count);
    if (!t_ok(&t, st, c->kind ? "sweep_unique_by_key" : "sweep_unique")) return t_end(&t);
    /* out past the kept keys stays unwritten: want holds poison there */
    if (!t_download(&t, got, d_out, n * ks, "out") || !t_compare_bytes(&t, "out", got, want, n, ks))
        return t_end(&t);
    if (vs && (!t_download(&t, vgot, d_vout, n * vs, "values_out") ||
               !t_compare_bytes(&t, "values_out", vgot, vwant, n, vs)))
        return t_end(&t);
    if (d_count) {
        size_t got_count = 0;
        if (n == 0)
            t_expect_poisoned(&t, d_count, sizeof(size_t), "num_unique (n == 0 writes nothing)");
        else if (t_download(&t, &got_count, d_count, sizeof got_count, "num_unique") &&
                 got_count != count)
            t_fail(&t, "num_unique: got %zu, want %zu", got_count, count);
    }
    return t_end(&t);
}

/* CUB's example: 0 2 2 9 5 5 5 8 keeps 0 2 9 5 8, with the values of the first keys. */
static t_result unique_known_answer(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    (void)c;
    static const int32_t keys[8] = {0, 2, 2, 9, 5, 5, 5, 8};
    static const uint16_t values[8] = {10, 11, 12, 13, 14, 15, 16, 17};
    static const int32_t want[5] = {0, 2, 9, 5, 8};
    static const uint16_t vwant[5] = {10, 11, 13, 14, 17};
    int32_t got[5];
    uint16_t vgot[5];
    size_t count = 0;
    void *d_keys = t_dev_upload(&t, keys, sizeof keys);
    void *d_values = t_dev_upload(&t, values, sizeof values);
    void *d_out = t_dev_poisoned(&t, sizeof want);
    void *d_vout = t_dev_poisoned(&t, sizeof vwant);
    size_t *d_count = t_dev_poisoned(&t, sizeof(size_t));
    if (t.failed) return t_end(&t);
    if (t_ok(&t,
             sweep_unique_by_key(env->ctx, d_keys, d_values, d_out, d_vout, SWEEP_I32, 2, 8,
                                 d_count),
             "sweep_unique_by_key") &&
        t_download(&t, got, d_out, sizeof got, "keys_out") &&
        t_compare_bytes(&t, "keys_out", got, want, 5, 4) &&
        t_download(&t, vgot, d_vout, sizeof vgot, "values_out") &&
        t_compare_bytes(&t, "values_out", vgot, vwant, 5, 2) &&
        t_download(&t, &count, d_count, sizeof count, "num_unique") && count != 5)
        t_fail(&t, "num_unique: got %zu, want 5", count);
    return t_end(&t);
}

void t_register_unique(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "unique";
    c.fn = unique_known_answer;
    t_register(r, &c, "unique.known_answer");

    c.fn = unique_case;
    static const size_t sizes[] = {0, 1, 2, 33, 4097, 32769};
    static const int value_sizes[] = {1, 4, 8, 12, 16, 3};
    unsigned k = 0;
    /* every dtype x law x size, keys alone and with values */
    for (int kind = 0; kind < 2; ++kind)
        for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
            for (int law = 0; law < T_RUN_LAWS; ++law)
                for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s, ++k) {
                    c.dtype = dt;
                    c.kind = kind;
                    c.a = law;
                    c.b = kind ? value_sizes[k % 6] : 0;
                    c.d = k % 4 != 0;
                    c.n = sizes[s];
                    t_register(r, &c, "%s.%s.%s.v%d%s.n%zu", kind ? "unique_by_key" : "unique",
                               sweep_dtype_name((sweep_dtype)dt), t_run_law_name((t_run_law)law),
                               c.b, c.d ? ".count" : "", c.n);
                }
    /* large inputs: many tiles and threads, runs across them */
    static const size_t large[] = {65537, (1u << 20) + 3};
    static const int large_dtypes[] = {SWEEP_U8, SWEEP_I32, SWEEP_F64};
    for (int kind = 0; kind < 2; ++kind)
        for (unsigned d = 0; d < 3; ++d)
            for (int law = 1; law < T_RUN_LAWS; ++law)
                for (unsigned s = 0; s < 2; ++s, ++k) {
                    c.dtype = large_dtypes[d];
                    c.kind = kind;
                    c.a = law;
                    c.b = kind ? 8 : 0;
                    c.d = 1;
                    c.n = large[s];
                    t_register(r, &c, "%s.%s.%s.v%d.count.n%zu", kind ? "unique_by_key" : "unique",
                               sweep_dtype_name((sweep_dtype)c.dtype),
                               t_run_law_name((t_run_law)law), c.b, c.n);
                }
    t_register_runs_edges(r, "unique");
    t_register_runs_parts(r, "unique");
}
