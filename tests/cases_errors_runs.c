/* The error contract of the run primitives (unique, unique by key, run-length
 * encoding, non-trivial runs) and the histograms. */
#include "cases_errors.h"
#include "errors_fixture.h"

#include <math.h>
#include <string.h>

t_result e_unique(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_unique";
    size_t *cnt = b->count;
    BAD(sweep_unique(NULL, in, out, SWEEP_U32, E_N, cnt), fn, "ctx NULL");
    BAD(sweep_unique(ctx, NULL, out, SWEEP_U32, E_N, cnt), fn, "in NULL");
    BAD(sweep_unique(ctx, in, NULL, SWEEP_U32, E_N, cnt), fn, "out NULL");
    BAD(sweep_unique(ctx, in, out, (sweep_dtype)42, E_N, cnt), fn, "an unknown dtype");
    BAD(sweep_unique(ctx, in, out, (sweep_dtype)42, 0, cnt), fn, "an unknown dtype with n = 0");
    BAD(sweep_unique(ctx, in + 1, out, SWEEP_U32, E_N, cnt), fn, "in misaligned");
    BAD(sweep_unique(ctx, in, out + 2, SWEEP_U32, E_N, cnt), fn, "out misaligned");
    BAD(sweep_unique(ctx, in, (unsigned char *)cnt + 1, SWEEP_U8, 1, cnt), fn,
        "out overlapping num_unique");
    BAD(sweep_unique(ctx, in, out, SWEEP_U32, E_N, (size_t *)(out + 8)), fn,
        "num_unique overlapping out");
    BAD(sweep_unique(ctx, in, in + 4, SWEEP_U32, E_N, cnt), fn, "out = in + 1 element");
    BAD(sweep_unique(ctx, in, in, SWEEP_U32, E_N, cnt), fn, "out = in");
    E_END;
}

t_result e_unique_by_key(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_unique_by_key";
    void *k = b->keys, *vo = b->vout;
    size_t *cnt = b->count;
    BAD(sweep_unique_by_key(NULL, k, in, out, vo, SWEEP_U32, 4, E_N, cnt), fn, "ctx NULL");
    BAD(sweep_unique_by_key(ctx, NULL, in, out, vo, SWEEP_U32, 4, E_N, cnt), fn, "keys_in NULL");
    BAD(sweep_unique_by_key(ctx, k, in, NULL, vo, SWEEP_U32, 4, E_N, cnt), fn, "keys_out NULL");
    BAD(sweep_unique_by_key(ctx, k, NULL, out, vo, SWEEP_U32, 4, E_N, cnt), fn,
        "values_in NULL with value_size 4");
    BAD(sweep_unique_by_key(ctx, k, in, out, NULL, SWEEP_U32, 4, E_N, cnt), fn,
        "values_out NULL with value_size 4");
    BAD(sweep_unique_by_key(ctx, k, in, out, vo, SWEEP_U32, 0, E_N, cnt), fn,
        "values with value_size 0");
    BAD(sweep_unique_by_key(ctx, k, in, out, vo, SWEEP_U32, 0, 0, cnt), fn,
        "values with value_size 0 and n = 0");
    BAD(sweep_unique_by_key(ctx, k, in, out, vo, (sweep_dtype)11, 4, E_N, cnt), fn,
        "an unknown key dtype");
    BAD(sweep_unique_by_key(ctx, (unsigned char *)k + 4, in, out, vo, SWEEP_U64, 4, E_N, cnt), fn,
        "keys_in misaligned");
    BAD(sweep_unique_by_key(ctx, k, in, out, out + 8, SWEEP_U32, 4, E_N, cnt), fn,
        "values_out overlapping keys_out");
    BAD(sweep_unique_by_key(ctx, k, in, out, k, SWEEP_U32, 4, E_N, cnt), fn,
        "values_out = keys_in");
    BAD(sweep_unique_by_key(ctx, k, in, in, vo, SWEEP_U32, 4, E_N, cnt), fn,
        "keys_out = values_in");
    E_END;
}

t_result e_run_length(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_run_length_encode";
    size_t *lens = b->vout, *cnt = b->count;
    BAD(sweep_run_length_encode(NULL, in, out, lens, SWEEP_I16, E_N, cnt), fn, "ctx NULL");
    BAD(sweep_run_length_encode(ctx, NULL, out, lens, SWEEP_I16, E_N, cnt), fn, "in NULL");
    BAD(sweep_run_length_encode(ctx, in, NULL, lens, SWEEP_I16, E_N, cnt), fn, "unique_out NULL");
    BAD(sweep_run_length_encode(ctx, in, out, NULL, SWEEP_I16, E_N, cnt), fn, "run_lengths NULL");
    BAD(sweep_run_length_encode(ctx, in, out, lens, SWEEP_I16, E_N, NULL), fn, "num_runs NULL");
    BAD(sweep_run_length_encode(ctx, in, out, lens, (sweep_dtype)-1, E_N, cnt), fn,
        "an unknown dtype");
    BAD(sweep_run_length_encode(ctx, in + 1, out, lens, SWEEP_I16, E_N, cnt), fn, "in misaligned");
    BAD(sweep_run_length_encode(ctx, in, out, (size_t *)((unsigned char *)lens + 4), SWEEP_I16, E_N,
                                cnt),
        fn, "run_lengths misaligned");
    BAD(sweep_run_length_encode(ctx, in, out, lens, SWEEP_I16, E_N, (size_t *)(out + 8)), fn,
        "num_runs overlapping unique_out");
    BAD(sweep_run_length_encode(ctx, in, out, (size_t *)out, SWEEP_I16, E_N, cnt), fn,
        "run_lengths = unique_out");
    BAD(sweep_run_length_encode(ctx, in, in + 2, lens, SWEEP_I16, E_N, cnt), fn,
        "unique_out = in + 1 element");
    E_END;
}

t_result e_nontrivial_runs(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_nontrivial_runs";
    size_t *offs = (size_t *)out, *lens = b->vout, *cnt = b->count;
    BAD(sweep_nontrivial_runs(NULL, in, offs, lens, SWEEP_F32, E_N, cnt), fn, "ctx NULL");
    BAD(sweep_nontrivial_runs(ctx, NULL, offs, lens, SWEEP_F32, E_N, cnt), fn, "in NULL");
    BAD(sweep_nontrivial_runs(ctx, in, NULL, lens, SWEEP_F32, E_N, cnt), fn, "offsets NULL");
    BAD(sweep_nontrivial_runs(ctx, in, offs, NULL, SWEEP_F32, E_N, cnt), fn, "run_lengths NULL");
    BAD(sweep_nontrivial_runs(ctx, in, offs, lens, SWEEP_F32, E_N, NULL), fn, "num_runs NULL");
    BAD(sweep_nontrivial_runs(ctx, in, offs, lens, (sweep_dtype)10, E_N, cnt), fn,
        "an unknown dtype");
    BAD(sweep_nontrivial_runs(ctx, in + 2, offs, lens, SWEEP_F32, E_N, cnt), fn, "in misaligned");
    BAD(sweep_nontrivial_runs(ctx, in, offs + 1, offs, SWEEP_F32, E_N, cnt), fn,
        "run_lengths overlapping offsets");
    BAD(sweep_nontrivial_runs(ctx, in, (size_t *)in, lens, SWEEP_F32, E_N, cnt), fn,
        "offsets = in");
    E_END;
}

t_result e_histogram_even(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_histogram_even";
    const int32_t lo = -5, hi = 100, same = 7;
    const float flo = 0.0f, fhi = 1.0f, fnan = NAN, finf = INFINITY;
    const double dmax = 1.7e308, dmin = -1.7e308;
    const sweep_dtype I = SWEEP_I32, U = SWEEP_U32;
    BAD(sweep_histogram_even(NULL, in, I, E_N, &lo, &hi, 10, out, U), fn, "ctx NULL");
    BAD(sweep_histogram_even(ctx, NULL, I, E_N, &lo, &hi, 10, out, U), fn, "samples NULL");
    BAD(sweep_histogram_even(ctx, in, I, E_N, &lo, &hi, 10, NULL, U), fn, "counts NULL");
    BAD(sweep_histogram_even(ctx, in, I, E_N, NULL, &hi, 10, out, U), fn, "lower NULL");
    BAD(sweep_histogram_even(ctx, in, I, E_N, &lo, NULL, 10, out, U), fn, "upper NULL");
    BAD(sweep_histogram_even(ctx, in, I, 0, NULL, &hi, 10, out, U), fn, "lower NULL with n = 0");
    BAD(sweep_histogram_even(ctx, in, (sweep_dtype)77, E_N, &lo, &hi, 10, out, U), fn,
        "an unknown sample dtype");
    BAD(sweep_histogram_even(ctx, in, I, E_N, &lo, &hi, 10, out, SWEEP_I32), fn, "count dtype i32");
    BAD(sweep_histogram_even(ctx, in, I, E_N, &lo, &hi, 10, out, SWEEP_F64), fn, "count dtype f64");
    BAD(sweep_histogram_even(ctx, in, I, E_N, &lo, &hi, 0, out, U), fn, "num_bins 0");
    BAD(sweep_histogram_even(ctx, in, I, 0, &lo, &hi, 0, out, U), fn, "num_bins 0 with n = 0");
    BAD(sweep_histogram_even(ctx, in, I, E_N, &hi, &lo, 10, out, U), fn, "lower > upper");
    BAD(sweep_histogram_even(ctx, in, I, E_N, &same, &same, 10, out, U), fn, "lower == upper");
    BAD(sweep_histogram_even(ctx, in, SWEEP_F32, E_N, &fnan, &fhi, 10, out, U), fn, "lower NaN");
    BAD(sweep_histogram_even(ctx, in, SWEEP_F32, E_N, &flo, &finf, 10, out, U), fn, "upper +inf");
    BAD(sweep_histogram_even(ctx, in, SWEEP_F32, E_N, &fhi, &flo, 10, out, U), fn,
        "float lower > upper");
    BAD(sweep_histogram_even(ctx, in, SWEEP_F64, E_N, &dmin, &dmax, 10, out, U), fn,
        "upper - lower overflowing a double");
    BAD(sweep_histogram_even(ctx, in + 1, I, E_N, &lo, &hi, 10, out, U), fn, "samples misaligned");
    BAD(sweep_histogram_even(ctx, in, I, E_N, &lo, &hi, 10, out + 4, SWEEP_U64), fn,
        "u64 counts misaligned");
    BAD(sweep_histogram_even(ctx, in, I, E_N, &lo, &hi, 10, in + 8, U), fn,
        "counts overlapping samples");
    BAD(sweep_histogram_even(ctx, in, I, E_N, &lo, &hi, SIZE_MAX / 2, out, SWEEP_U64), fn,
        "counts whose size overflows");
    E_END;
}

t_result e_histogram_range(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *fn = "sweep_histogram_range";
    static const int32_t ok[4] = {-10, 0, 0, 50}, down[4] = {-10, 20, 10, 50};
    static const float fok[4] = {-1.0f, 0.0f, 0.5f, 1.0f};
    const float fnan[4] = {-1.0f, 0.0f, NAN, 1.0f};
    void *d_ok = t_dev_upload(&t, ok, sizeof ok), *d_down = t_dev_upload(&t, down, sizeof down);
    void *d_fok = t_dev_upload(&t, fok, sizeof fok), *d_fnan = t_dev_upload(&t, fnan, sizeof fnan);
    if (t.failed) return t_end(&t);
    const sweep_dtype I = SWEEP_I32, U = SWEEP_U32;
    BAD(sweep_histogram_range(NULL, in, I, E_N, d_ok, 3, out, U), fn, "ctx NULL");
    BAD(sweep_histogram_range(ctx, NULL, I, E_N, d_ok, 3, out, U), fn, "samples NULL");
    BAD(sweep_histogram_range(ctx, in, I, E_N, NULL, 3, out, U), fn, "boundaries NULL");
    BAD(sweep_histogram_range(ctx, in, I, E_N, d_ok, 3, NULL, U), fn, "counts NULL");
    BAD(sweep_histogram_range(ctx, in, (sweep_dtype)12, E_N, d_ok, 3, out, U), fn,
        "an unknown sample dtype");
    BAD(sweep_histogram_range(ctx, in, I, E_N, d_ok, 3, out, SWEEP_U16), fn, "count dtype u16");
    BAD(sweep_histogram_range(ctx, in, I, E_N, d_ok, 0, out, U), fn, "num_bins 0");
    BAD(sweep_histogram_range(ctx, in, I, E_N, d_down, 3, out, U), fn, "decreasing boundaries");
    BAD(sweep_histogram_range(ctx, in, SWEEP_F32, E_N, d_fnan, 3, out, U), fn, "a NaN boundary");
    BAD(sweep_histogram_range(ctx, in, I, E_N, (unsigned char *)d_ok + 2, 3, out, U), fn,
        "boundaries misaligned");
    BAD(sweep_histogram_range(ctx, in, I, E_N, d_ok, 3, d_ok, U), fn,
        "counts overlapping boundaries");
    BAD(sweep_histogram_range(ctx, in, SWEEP_F32, E_N, d_fok, 3, in + 4, U), fn,
        "counts overlapping samples");
    BAD(sweep_histogram_range(ctx, in, I, E_N, d_ok, SIZE_MAX, out, U), fn, "num_bins SIZE_MAX");
    E_END;
}
