/* runs_check.c -- keys in runs and the checked call of a run primitive, for the run
 * families built on layouts (runs_check.h). */
#include "runs_check.h"

#include "oracle.h"

void t_runs_keys(t_rng *rng, t_runs_starts starts, int shape, size_t param, unsigned char *keys,
                 size_t ks, size_t n) {
    uint64_t key = t_rng_next(rng), mask = ks == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * ks)) - 1;
    for (size_t i = 0; i < n; ++i) {
        if (i > 0 && starts(rng, shape, param, i)) {
            const uint64_t prev = key;
            key = t_rng_next(rng);
            if (((key ^ prev) & mask) == 0) key ^= 1;
        }
        for (size_t b = 0; b < ks; ++b)
            keys[i * ks + b] = (unsigned char)(key >> (8 * b));
    }
}

sweep_dtype t_runs_dtype(size_t ks) {
    return ks == 1 ? SWEEP_U8 : ks == 2 ? SWEEP_U16 : ks == 4 ? SWEEP_U32 : SWEEP_U64;
}

void t_runs_check(t_state *t, sweep_context *ctx, t_rng *rng, int kind, const unsigned char *keys,
                  size_t ks, size_t vs, size_t n) {
    const sweep_dtype dt = t_runs_dtype(ks);
    const size_t cap = kind == 3 ? n / 2 : n, zs = sizeof(size_t);
    unsigned char *want = t_host(t, n * ks), *got = t_host(t, n * ks);
    unsigned char *vin = t_host(t, n * vs + 1), *vwant = t_host(t, n * vs + 1);
    unsigned char *vgot = t_host(t, n * vs + 1);
    size_t *owant = t_host(t, n * zs), *ogot = t_host(t, n * zs);
    size_t *lwant = t_host(t, n * zs), *lgot = t_host(t, n * zs);
    if (t->failed) return;
    t_gen_values(rng, vin, vs, n);
    t_poison(want, n * ks);
    t_poison(vwant, n * vs);
    t_poison(owant, n * zs);
    t_poison(lwant, n * zs);
    size_t count;
    if (kind <= 1)
        count = o_unique(keys, ks, vin, vs, n, want, vwant);
    else if (kind == 2)
        count = o_run_length_encode(keys, ks, n, want, lwant);
    else
        count = o_nontrivial_runs(keys, ks, n, owant, lwant);

    void *d_keys = t_dev_upload(t, keys, n * ks);
    void *d_vin = vs ? t_dev_upload(t, vin, n * vs) : NULL;
    void *d_out = kind <= 2 ? t_dev_poisoned(t, n * ks) : NULL;
    void *d_vout = vs ? t_dev_poisoned(t, n * vs) : NULL;
    size_t *d_offsets = kind == 3 ? t_dev_poisoned(t, cap * zs) : NULL;
    size_t *d_lengths = kind >= 2 ? t_dev_poisoned(t, cap * zs) : NULL;
    size_t *d_count = t_dev_poisoned(t, zs);
    if (t->failed) return;
    sweep_status st;
    const char *what;
    switch (kind) {
    case 0:
        st = sweep_unique(ctx, d_keys, d_out, dt, n, d_count);
        what = "sweep_unique";
        break;
    case 1:
        st = sweep_unique_by_key(ctx, d_keys, d_vin, d_out, d_vout, dt, vs, n, d_count);
        what = "sweep_unique_by_key";
        break;
    case 2:
        st = sweep_run_length_encode(ctx, d_keys, d_out, d_lengths, dt, n, d_count);
        what = "sweep_run_length_encode";
        break;
    default:
        st = sweep_nontrivial_runs(ctx, d_keys, d_offsets, d_lengths, dt, n, d_count);
        what = "sweep_nontrivial_runs";
        break;
    }
    if (!t_ok(t, st, what)) return;
    if (d_out && (!t_download(t, got, d_out, n * ks, "keys_out") ||
                  !t_compare_bytes(t, "keys_out", got, want, n, ks)))
        return;
    if (vs && (!t_download(t, vgot, d_vout, n * vs, "values_out") ||
               !t_compare_bytes(t, "values_out", vgot, vwant, n, vs)))
        return;
    if (d_offsets && (!t_download(t, ogot, d_offsets, cap * zs, "offsets") ||
                      !t_compare_bytes(t, "offsets", ogot, owant, cap, zs)))
        return;
    if (d_lengths && (!t_download(t, lgot, d_lengths, cap * zs, "run_lengths") ||
                      !t_compare_bytes(t, "run_lengths", lgot, lwant, cap, zs)))
        return;
    size_t got_count = 0;
    if (t_download(t, &got_count, d_count, zs, "count") && got_count != count)
        t_fail(t, "count: got %zu, want %zu", got_count, count);
}
