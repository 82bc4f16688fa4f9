/*
 * The inputs of a decoded call (fuzz_call_decode.c): keys, values, flags, offsets and
 * samples written into the arena's input arrays, from the fuzzer's bytes while they
 * last; every other byte of the arena stays poison.
 */
#include "fuzz_call.h"
#include "fuzz_call_shared.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void fill_keys(fz_reader *r, const fz_call *c, uint8_t *dst, size_t count, size_t ks) {
    if (!c->narrow) {
        fz_fill(r, dst, count * ks);
        return;
    }
    uint8_t pool[4][8];
    fz_fill(r, pool, sizeof pool);
    for (size_t i = 0; i < count; ++i)
        memcpy(dst + i * ks, pool[fz_next(r) % 4], ks);
}

/* Values that name their element, so a misplaced or unstable value shows. */
static void fill_values(uint8_t *dst, size_t count, size_t vs, uint32_t salt) {
    for (size_t i = 0; i < count; ++i)
        for (size_t b = 0; b < vs; ++b)
            dst[i * vs + b] = (uint8_t)(((i + salt) >> (8 * (b % 4))) ^ (b / 4));
}

/* Sorts count keys in place by the call's comparator (merge inputs must be sorted). */
static void sort_keys(const fz_call *c, uint8_t *keys, size_t count) {
    if (count < 2) return;
    const o_cmp cmp = fz_key_cmp(c);
    uint8_t *tmp = malloc(count * cmp.key_size);
    if (!tmp) abort();
    memcpy(tmp, keys, count * cmp.key_size);
    o_sort(&cmp, tmp, keys, NULL, NULL, 0, count);
    free(tmp);
}

/* A sample near the bins: within [lower, upper) widened by a quarter on each side,
 * or a bin edge; floats also NaN, +-inf and +-0.0 now and then. */
static void near_sample(fz_reader *r, const fz_call *c, uint8_t *dst) {
    const sweep_dtype dt = c->key_dtype;
    const uint64_t pick = fz_next(r);
    if (is_float(dt)) {
        double lo, hi;
        if (dt == SWEEP_F32) {
            float a, b;
            memcpy(&a, c->lower, 4);
            memcpy(&b, c->upper, 4);
            lo = a;
            hi = b;
        } else {
            memcpy(&lo, c->lower, 8);
            memcpy(&hi, c->upper, 8);
        }
        const double w = hi - lo;
        double v;
        switch (pick % 8) {
        case 0: v = NAN; break;
        case 1: v = (pick & 8) ? INFINITY : -INFINITY; break;
        case 2: v = (pick & 8) ? 0.0 : -0.0; break;
        case 3: v = lo + (double)(pick % (c->num_bins + 1)) * (w / (double)c->num_bins); break;
        default: v = lo - w / 4 + (double)(pick >> 11) * 0x1p-53 * (w * 1.5); break;
        }
        if (dt == SWEEP_F32) {
            const float f = (float)v;
            memcpy(dst, &f, 4);
        } else {
            memcpy(dst, &v, 8);
        }
        return;
    }
    uint64_t lo = 0, hi = 0, v;
    memcpy(&lo, c->lower, 8);
    memcpy(&hi, c->upper, 8);
    const uint64_t span = hi - lo; /* in the type's wrap-around, as bytes go */
    const uint64_t step = span + 2 == 0 ? pick >> 1 : (pick >> 1) % (span + 2);
    v = (pick & 1) ? lo + step : (pick & 2) ? hi : lo - 1;
    memcpy(dst, &v, sweep_dtype_size(dt));
}

static void fill_histogram(fz_reader *r, const fz_call *c, uint8_t *arena) {
    const size_t ks = sweep_dtype_size(c->key_dtype), n = c->n;
    uint8_t *s = at(arena, &c->a[0]), *b = at(arena, &c->a[2]);
    if (!ks) return;
    if (s)
        for (size_t i = 0; i < n; ++i) {
            if (fz_next(r) % 4 == 0)
                fz_fill(r, s + i * ks, ks); /* anywhere in the type */
            else
                near_sample(r, c, s + i * ks);
        }
    if (!b) return;
    /* sorted boundaries without NaN (equal neighbours allowed): near samples, sorted */
    const size_t nb = c->num_bins + 1;
    for (size_t i = 0; i < nb; ++i) {
        near_sample(r, c, b + i * ks);
        if (is_float(c->key_dtype)) {
            const int nan = c->key_dtype == SWEEP_F32 ? isnan(*(float *)(b + i * ks))
                                                      : isnan(*(double *)(b + i * ks));
            if (nan) memset(b + i * ks, 0, ks);
        }
    }
    const o_cmp order = o_cmp_builtin(c->key_dtype, 0);
    uint8_t *tmp = malloc(nb * ks);
    if (!tmp) abort();
    memcpy(tmp, b, nb * ks);
    o_sort(&order, tmp, b, NULL, NULL, 0, nb);
    free(tmp);
    if (c->bad_boundaries) { /* the last two swapped, made distinct first */
        uint8_t *x = b + (nb - 2) * ks, *y = b + (nb - 1) * ks;
        /* distinct as values: -0.0 and +0.0 swapped still do not decrease */
        int less = o_less(&order, x, y);
        if (c->key_dtype == SWEEP_F32) {
            float fx, fy;
            memcpy(&fx, x, 4);
            memcpy(&fy, y, 4);
            less = fx < fy;
        } else if (c->key_dtype == SWEEP_F64) {
            double dx, dy;
            memcpy(&dx, x, 8);
            memcpy(&dy, y, 8);
            less = dx < dy;
        }
        if (memcmp(x, y, ks) == 0 || !less) {
            if (is_float(c->key_dtype)) {
                if (c->key_dtype == SWEEP_F32) {
                    const float lo = -1, hi = 1;
                    memcpy(y, &lo, 4);
                    memcpy(x, &hi, 4);
                } else {
                    const double lo = -1, hi = 1;
                    memcpy(y, &lo, 8);
                    memcpy(x, &hi, 8);
                }
                return;
            }
            memset(x, 0, ks);
            memset(y, 0, ks);
            x[0] = 2;
            y[0] = 1;
            return;
        }
        uint8_t t[8];
        memcpy(t, x, ks);
        memcpy(x, y, ks);
        memcpy(y, t, ks);
    }
}

void fz_fill_inputs(fz_reader *r, fz_call *c, uint8_t *arena) {
    const size_t n = c->n;
    uint8_t *in = at(arena, &c->a[0]), *aux = at(arena, &c->a[2]);
    switch (c->prim) {
    case FZ_SCAN:
    case FZ_SEGSCAN_FLAGS:
    case FZ_SEGSCAN_OFFSETS:
    case FZ_SCAN_BY_KEY:
    case FZ_REDUCE:
    case FZ_SEGREDUCE:
        if (in) fz_fill(r, in, c->a[0].bytes);
        if (aux && c->prim == FZ_SEGSCAN_FLAGS)
            for (size_t i = 0; i < n; ++i)
                aux[i] = (fz_next(r) & 255) < c->flag_density ? (uint8_t)(1 + fz_next(r) % 255) : 0;
        if (aux && (c->prim == FZ_SEGSCAN_OFFSETS || c->prim == FZ_SEGREDUCE))
            memcpy(aux, c->offs, (c->nseg + 1) * sizeof(size_t));
        if (aux && c->prim == FZ_SCAN_BY_KEY) {
            size_t ks = sweep_dtype_size(c->key_dtype);
            if (ks == 0) ks = 1;
            uint8_t cur[8] = {0};
            for (size_t i = 0; i < n; ++i) {
                if (fz_next(r) % 8 == 0 || i == 0) fz_fill(r, cur, sizeof cur);
                memcpy(aux + i * ks, cur, ks);
            }
        }
        break;
    case FZ_SPLIT:
    case FZ_COMPACT:
        if (in) fz_fill(r, in, c->a[0].bytes);
        if (aux)
            for (size_t i = 0; i < n; ++i)
                aux[i] = (fz_next(r) & 255) < c->flag_density ? (uint8_t)(1 + fz_next(r) % 255) : 0;
        if (c->a[3].off != FZ_NULL) fz_fill(r, arena + c->a[3].off, c->a[3].bytes);
        break;
    case FZ_UNIQUE:
    case FZ_RUN_LENGTH:
    case FZ_NONTRIVIAL_RUNS: {
        size_t ks = sweep_dtype_size(c->key_dtype);
        if (in && ks) { /* runs: a new key now and then, or every time */
            uint8_t cur[8] = {0};
            const unsigned every = c->narrow ? 6 : 1 + c->flag_density % 3;
            for (size_t i = 0; i < n; ++i) {
                if (i == 0 || fz_next(r) % every == 0) fill_keys(r, c, cur, 1, sizeof cur);
                memcpy(in + i * ks, cur, ks);
            }
        }
        if (c->a[3].off != FZ_NULL && c->value_size)
            fill_values(arena + c->a[3].off, n, c->value_size, 3);
        break;
    }
    case FZ_HISTOGRAM: fill_histogram(r, c, arena); break;
    default: {
        size_t ks = sweep_dtype_size(c->key_dtype), vs = c->placed_value_size;
        if (ks == 0) ks = sweep_dtype_size(c->placed_key_dtype);
        if (c->prim == FZ_MERGE) {
            vs = c->placed_value_size;
            if (in) {
                fill_keys(r, c, in, c->na, ks);
                sort_keys(c, in, c->na);
            }
            if (aux) {
                fill_keys(r, c, aux, n - c->na, ks);
                sort_keys(c, aux, n - c->na);
            }
            if (c->a[3].off != FZ_NULL && vs) fill_values(arena + c->a[3].off, c->na, vs, 0);
            if (c->a[5].off != FZ_NULL && vs)
                fill_values(arena + c->a[5].off, n - c->na, vs, 0x10000u);
        } else if (c->prim == FZ_LOWER_BOUND || c->prim == FZ_UPPER_BOUND) {
            if (in) {
                fill_keys(r, c, in, n, ks);
                sort_keys(c, in, n);
            }
            if (aux) fill_keys(r, c, aux, c->na, ks);
        } else {
            if (in) fill_keys(r, c, in, n, ks);
            if (aux) memcpy(aux, c->offs, (c->nseg + 1) * sizeof(size_t));
            if (c->a[3].off != FZ_NULL) {
                size_t bytes = c->a[3].bytes;
                if (vs)
                    fill_values(arena + c->a[3].off, n, vs, 7);
                else
                    fz_fill(r, arena + c->a[3].off, bytes);
            }
        }
        break;
    }
    }
}
