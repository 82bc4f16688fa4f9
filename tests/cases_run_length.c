/* Run-length encoding and non-trivial runs: every dtype, runs of every law (single
 * elements, short and long runs, one run of everything, runs across the tiles of
 * every backend, IEEE edge keys whose bytes differ), and CUB's worked example. */
#include "families.h"
#include "gen.h"
#include "oracle.h"

#include <string.h>

/* c->dtype, c->kind (0 encode, 1 non-trivial runs), c->a run law, c->n */
static t_result run_length_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    const size_t n = c->n, ks = sweep_dtype_size(dt);
    const int nontrivial = c->kind;
    /* outputs as the contract sizes them: n keys and lengths, or n / 2 runs */
    const size_t cap = nontrivial ? n / 2 : n;
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *keys = t_host(&t, n * ks);
    unsigned char *want = t_host(&t, n * ks), *got = t_host(&t, n * ks);
    size_t *lwant = t_host(&t, n * sizeof(size_t)), *lgot = t_host(&t, n * sizeof(size_t));
    size_t *owant = t_host(&t, n * sizeof(size_t)), *ogot = t_host(&t, n * sizeof(size_t));
    if (t.failed) return t_end(&t);
    t_gen_runs(&rng, dt, keys, n, (t_run_law)c->a);
    t_poison(want, n * ks);
    t_poison(lwant, n * sizeof(size_t));
    t_poison(owant, n * sizeof(size_t));
    const size_t count = nontrivial ? o_nontrivial_runs(keys, ks, n, owant, lwant)
                                    : o_run_length_encode(keys, ks, n, want, lwant);

    void *d_keys = t_dev_upload(&t, keys, n * ks);
    void *d_out = nontrivial ? NULL : t_dev_poisoned(&t, n * ks);
    size_t *d_offsets = nontrivial ? t_dev_poisoned(&t, cap * sizeof(size_t)) : NULL;
    size_t *d_lengths = t_dev_poisoned(&t, cap * sizeof(size_t));
    size_t *d_count = t_dev_poisoned(&t, sizeof(size_t));
    if (t.failed) return t_end(&t);
    sweep_status st =
        nontrivial ? sweep_nontrivial_runs(env->ctx, d_keys, d_offsets, d_lengths, dt, n, d_count)
                   : sweep_run_length_encode(env->ctx, d_keys, d_out, d_lengths, dt, n, d_count);
    if (!t_ok(&t, st, nontrivial ? "sweep_nontrivial_runs" : "sweep_run_length_encode"))
        return t_end(&t);
    if (!nontrivial && (!t_download(&t, got, d_out, n * ks, "unique_out") ||
                        !t_compare_bytes(&t, "unique_out", got, want, n, ks)))
        return t_end(&t);
    if (nontrivial && (!t_download(&t, ogot, d_offsets, cap * sizeof(size_t), "offsets") ||
                       !t_compare_bytes(&t, "offsets", ogot, owant, cap, sizeof(size_t))))
        return t_end(&t);
    if (!t_download(&t, lgot, d_lengths, cap * sizeof(size_t), "run_lengths") ||
        !t_compare_bytes(&t, "run_lengths", lgot, lwant, cap, sizeof(size_t)))
        return t_end(&t);
    size_t got_count = 0;
    if (n == 0)
        t_expect_poisoned(&t, d_count, sizeof(size_t), "num_runs (n == 0 writes nothing)");
    else if (t_download(&t, &got_count, d_count, sizeof got_count, "num_runs") &&
             got_count != count)
        t_fail(&t, "num_runs: got %zu, want %zu", got_count, count);
    return t_end(&t);
}

/* CUB's examples: 0 2 2 9 5 5 5 8 encodes as 0 2 9 5 8 with lengths 1 2 1 3 1; its
 * non-trivial runs start at 1 and 4 with lengths 2 and 3. */
static t_result run_length_known_answer(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    (void)c;
    static const int32_t keys[8] = {0, 2, 2, 9, 5, 5, 5, 8};
    static const int32_t want[5] = {0, 2, 9, 5, 8};
    static const size_t lwant[5] = {1, 2, 1, 3, 1}, owant[2] = {1, 4}, nlwant[2] = {2, 3};
    int32_t got[5];
    size_t lgot[5], ogot[2], count = 0;
    void *d_keys = t_dev_upload(&t, keys, sizeof keys);
    void *d_out = t_dev_poisoned(&t, sizeof want);
    size_t *d_lengths = t_dev_poisoned(&t, sizeof lwant);
    /* the non-trivial runs' outputs hold n / 2 = 4 entries; only 2 may be written */
    size_t *d_offsets = t_dev_poisoned(&t, 4 * sizeof(size_t));
    size_t *d_nlengths = t_dev_poisoned(&t, 4 * sizeof(size_t));
    size_t *d_count = t_dev_poisoned(&t, sizeof(size_t));
    if (t.failed) return t_end(&t);
    if (!t_ok(&t,
              sweep_run_length_encode(env->ctx, d_keys, d_out, d_lengths, SWEEP_I32, 8, d_count),
              "sweep_run_length_encode") ||
        !t_download(&t, got, d_out, sizeof got, "unique_out") ||
        !t_compare_bytes(&t, "unique_out", got, want, 5, 4) ||
        !t_download(&t, lgot, d_lengths, sizeof lgot, "run_lengths") ||
        !t_compare_bytes(&t, "run_lengths", lgot, lwant, 5, sizeof(size_t)) ||
        !t_download(&t, &count, d_count, sizeof count, "num_runs"))
        return t_end(&t);
    if (count != 5) {
        t_fail(&t, "num_runs: got %zu, want 5", count);
        return t_end(&t);
    }
    if (t_ok(&t,
             sweep_nontrivial_runs(env->ctx, d_keys, d_offsets, d_nlengths, SWEEP_I32, 8, d_count),
             "sweep_nontrivial_runs") &&
        t_download(&t, ogot, d_offsets, sizeof ogot, "offsets") &&
        t_compare_bytes(&t, "offsets", ogot, owant, 2, sizeof(size_t)) &&
        t_download(&t, lgot, d_nlengths, 2 * sizeof(size_t), "run_lengths") &&
        t_compare_bytes(&t, "run_lengths", lgot, nlwant, 2, sizeof(size_t)) &&
        t_download(&t, &count, d_count, sizeof count, "num_runs") && count != 2)
        t_fail(&t, "num_runs of the non-trivial runs: got %zu, want 2", count);
    return t_end(&t);
}

void t_register_run_length(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "run_length";
    c.fn = run_length_known_answer;
    t_register(r, &c, "run_length.known_answer");

    c.fn = run_length_case;
    static const size_t sizes[] = {0, 1, 2, 3, 33, 4097, 32769};
    for (int kind = 0; kind < 2; ++kind)
        for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
            for (int law = 0; law < T_RUN_LAWS; ++law)
                for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
                    c.dtype = dt;
                    c.kind = kind;
                    c.a = law;
                    c.n = sizes[s];
                    t_register(r, &c, "%s.%s.%s.n%zu", kind ? "nontrivial" : "encode",
                               sweep_dtype_name((sweep_dtype)dt), t_run_law_name((t_run_law)law),
                               c.n);
                }
    /* large inputs: many tiles and threads, runs across them */
    static const size_t large[] = {65537, (1u << 20) + 3};
    static const int large_dtypes[] = {SWEEP_I8, SWEEP_U32, SWEEP_F32, SWEEP_I64};
    for (int kind = 0; kind < 2; ++kind)
        for (unsigned d = 0; d < 4; ++d)
            for (int law = 1; law < T_RUN_LAWS; ++law)
                for (unsigned s = 0; s < 2; ++s) {
                    c.dtype = large_dtypes[d];
                    c.kind = kind;
                    c.a = law;
                    c.n = large[s];
                    t_register(r, &c, "%s.%s.%s.n%zu", kind ? "nontrivial" : "encode",
                               sweep_dtype_name((sweep_dtype)c.dtype),
                               t_run_law_name((t_run_law)law), c.n);
                }
    t_register_runs_edges(r, "run_length");
    t_register_runs_parts(r, "run_length");
}
