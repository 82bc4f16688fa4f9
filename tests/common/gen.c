/* Seeded input generators (splitmix64). */
#include "gen.h"

#include <math.h>
#include <string.h>

uint64_t t_hash(const void *data, size_t bytes) {
    const unsigned char *p = data;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < bytes; ++i)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

void t_rng_seed(t_rng *r, const char *name) {
    r->s = t_hash(name, strlen(name));
}

uint64_t t_rng_next(t_rng *r) {
    uint64_t z = (r->s += T_RNG_STEP);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t t_rng_below(t_rng *r, uint64_t bound) {
    return t_rng_next(r) % bound;
}

double t_rng_unit(t_rng *r) {
    return (double)(t_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

static void put_int(sweep_dtype dtype, void *out, size_t i, uint64_t v) {
    size_t size = sweep_dtype_size(dtype);
    unsigned char *p = (unsigned char *)out + i * size;
    for (size_t b = 0; b < size; ++b)
        p[b] = (unsigned char)(v >> (8 * b));
}

static void put_float(sweep_dtype dtype, void *out, size_t i, double v) {
    if (dtype == SWEEP_F32) {
        float f = (float)v;
        memcpy((float *)out + i, &f, sizeof f);
    } else {
        memcpy((double *)out + i, &v, sizeof v);
    }
}

static double gen_float(t_rng *r, sweep_op_kind op) {
    double u = t_rng_unit(r);
    switch (op) {
    case SWEEP_OP_SUM:
        /* a quarter small fractions, the rest up to 1000: cancellation and growth */
        if (t_rng_below(r, 4) == 0) return (u - 0.5) * 0.01;
        return (u - 0.5) * 2000.0;
    case SWEEP_OP_PROD: {
        double m = 0.99 + 0.02 * u;
        return t_rng_below(r, 8) == 0 ? -m : m;
    }
    default: {
        unsigned pick = (unsigned)t_rng_below(r, 64);
        if (pick == 0) return INFINITY;
        if (pick == 1) return -INFINITY;
        if (pick == 2) return -0.0;
        if (pick == 3) return 0.0;
        if (pick == 4) return NAN;
        if (pick == 5) return -NAN;
        return (u - 0.5) * pow(10.0, (double)t_rng_below(r, 12) - 4.0);
    }
    }
}

static void put_float_bits(sweep_dtype dtype, void *out, size_t i, uint64_t sign, uint64_t exp_all,
                           uint64_t mant);

void t_gen_op_input(t_rng *r, sweep_dtype dtype, sweep_op_kind op, void *out, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (dtype == SWEEP_F32 || dtype == SWEEP_F64) {
            /* MIN/MAX also meet signalling NaNs, which C's fmin may not ignore */
            if ((op == SWEEP_OP_MIN || op == SWEEP_OP_MAX) && t_rng_below(r, 64) == 0)
                put_float_bits(dtype, out, i, t_rng_below(r, 2), 1, 1 + t_rng_below(r, 5));
            else
                put_float(dtype, out, i, gen_float(r, op));
            continue;
        }
        uint64_t v = t_rng_next(r);
        switch (op) {
        case SWEEP_OP_PROD: v = t_rng_below(r, 512) == 0 ? 2 : (v | 1); break;
        case SWEEP_OP_AND: v = ~(v & t_rng_next(r) & t_rng_next(r) & t_rng_next(r)); break;
        case SWEEP_OP_OR: v = v & t_rng_next(r) & t_rng_next(r) & t_rng_next(r); break;
        default: break;
        }
        put_int(dtype, out, i, v);
    }
    /* never all zeros */
    size_t size = sweep_dtype_size(dtype);
    const unsigned char *p = out;
    for (size_t i = 0; i < n * size; ++i)
        if (p[i]) return;
    if (n) put_int(dtype, out, 0, 3);
    if (n && (dtype == SWEEP_F32 || dtype == SWEEP_F64)) put_float(dtype, out, 0, 3.0);
}

void t_gen_fix_nan_head(sweep_dtype dtype, void *data, size_t i) {
    if (dtype == SWEEP_F32) {
        float f;
        memcpy(&f, (float *)data + i, sizeof f);
        if (isnan(f)) put_float(dtype, data, i, 1.5);
    } else if (dtype == SWEEP_F64) {
        double f;
        memcpy(&f, (double *)data + i, sizeof f);
        if (isnan(f)) put_float(dtype, data, i, 1.5);
    }
}

static void put_float_bits(sweep_dtype dtype, void *out, size_t i, uint64_t sign, uint64_t exp_all,
                           uint64_t mant) {
    if (dtype == SWEEP_F32) {
        uint32_t b = (uint32_t)((sign << 31) | (exp_all ? 0xffull << 23 : 0) | (mant & 0x7fffff));
        memcpy((uint32_t *)out + i, &b, 4);
    } else {
        uint64_t b = (sign << 63) | (exp_all ? 0x7ffull << 52 : 0) | (mant & 0xfffffffffffffull);
        memcpy((uint64_t *)out + i, &b, 8);
    }
}

void t_gen_keys(t_rng *r, sweep_dtype dtype, void *out, size_t n, int dup_heavy) {
    int is_float = dtype == SWEEP_F32 || dtype == SWEEP_F64;
    uint64_t range = 1 + t_rng_below(r, 40);
    for (size_t i = 0; i < n; ++i) {
        if (!is_float) {
            uint64_t v = t_rng_next(r);
            /* small signed values around 0 give duplicates and negatives */
            if (dup_heavy) v = (uint64_t)((int64_t)t_rng_below(r, 2 * range) - (int64_t)range);
            put_int(dtype, out, i, v);
            continue;
        }
        unsigned pick = (unsigned)t_rng_below(r, 32);
        uint64_t sign = t_rng_below(r, 2);
        switch (pick) {
        case 0: put_float_bits(dtype, out, i, sign, 1, 1ull << 22 | t_rng_below(r, 3)); break;
        case 1: put_float_bits(dtype, out, i, sign, 1, 1 + t_rng_below(r, 2)); break; /* sNaN */
        case 2: put_float_bits(dtype, out, i, sign, 1, 0); break;                     /* inf */
        case 3: put_float_bits(dtype, out, i, sign, 0, 0); break;                     /* +-0 */
        case 4: put_float_bits(dtype, out, i, sign, 0, 1 + t_rng_below(r, 1000)); break;
        default: {
            double v = dup_heavy ? (double)((int64_t)t_rng_below(r, 2 * range) - (int64_t)range)
                                 : (t_rng_unit(r) - 0.5) * pow(2.0, (double)t_rng_below(r, 40));
            put_float(dtype, out, i, v);
        }
        }
    }
}

void t_gen_values(t_rng *r, void *out, size_t size, size_t n) {
    uint64_t salt = t_rng_next(r), salt2 = t_rng_next(r);
    unsigned char *p = out;
    for (size_t i = 0; i < n; ++i) {
        /* low 3 bytes: the index itself (distinct up to 2^24 elements); the rest: two
         * hashes of the index, so every byte of a value is informative */
        uint64_t lo = (uint64_t)i ^ (((uint64_t)i * 0x9e3779b97f4a7c15ull ^ salt) & ~0xffffffull);
        uint64_t hi = (uint64_t)i * 0xc2b2ae3d27d4eb4full ^ salt2;
        for (size_t b = 0; b < size; ++b)
            p[i * size + b] = (unsigned char)(b < 8 ? lo >> (8 * b) : hi >> (8 * (b - 8)));
        if (size == 1) p[i] = (unsigned char)(i * 37u + (unsigned)salt);
    }
}

void t_gen_flags(t_rng *r, uint8_t *out, size_t n, unsigned permille) {
    for (size_t i = 0; i < n; ++i)
        out[i] = t_rng_below(r, 1000) < permille ? (uint8_t)(1 + t_rng_below(r, 255)) : 0;
}

void t_gen_bytes(t_rng *r, void *out, size_t bytes) {
    unsigned char *p = out;
    for (size_t i = 0; i < bytes; ++i)
        p[i] = (unsigned char)(1 + t_rng_below(r, 255));
}

const char *t_run_law_name(t_run_law law) {
    static const char *names[T_RUN_LAWS] = {"single",    "short", "long",
                                            "all_equal", "tiles", "ieee"};
    return (unsigned)law < T_RUN_LAWS ? names[law] : "unknown";
}

/* Edge keys: floats +0.0, -0.0, quiet NaNs of two payloads and both signs, a
 * signalling NaN, +-inf, 1.0; integers 0, -1 (all ones), the minimum, the maximum. */
static void put_edge_key(sweep_dtype dtype, void *out, size_t i, unsigned which) {
    if (dtype == SWEEP_F32 || dtype == SWEEP_F64) {
        switch (which % 9) {
        case 0: put_float_bits(dtype, out, i, 0, 0, 0); break;
        case 1: put_float_bits(dtype, out, i, 1, 0, 0); break;
        case 2: put_float_bits(dtype, out, i, 0, 1, 1ull << 22); break;
        case 3: put_float_bits(dtype, out, i, 1, 1, 1ull << 22); break;
        case 4: put_float_bits(dtype, out, i, 0, 1, 1ull << 22 | 5); break;
        case 5: put_float_bits(dtype, out, i, 0, 1, 3); break;
        case 6: put_float_bits(dtype, out, i, 0, 1, 0); break;
        case 7: put_float_bits(dtype, out, i, 1, 1, 0); break;
        default: put_float(dtype, out, i, 1.0); break;
        }
        return;
    }
    const size_t bits = 8 * sweep_dtype_size(dtype);
    const int is_signed = dtype <= SWEEP_I64;
    const uint64_t top = 1ull << (bits - 1);
    switch (which % 4) {
    case 0: put_int(dtype, out, i, 0); break;
    case 1: put_int(dtype, out, i, ~0ull); break;
    case 2: put_int(dtype, out, i, is_signed ? top : 0); break;
    default: put_int(dtype, out, i, is_signed ? top - 1 : ~0ull); break;
    }
}

void t_gen_runs(t_rng *r, sweep_dtype dtype, void *out, size_t n, t_run_law law) {
    const size_t size = sweep_dtype_size(dtype);
    unsigned char *p = out;
    if (law == T_RUNS_SINGLE) {
        t_gen_keys(r, dtype, out, n, 0);
        return;
    }
    /* a pool of keys the runs draw from (t_gen_keys: NaNs, +-0.0 and infinities too) */
    enum { POOL = 64 };
    unsigned char pool[POOL * 8];
    t_gen_keys(r, dtype, pool, POOL, (int)t_rng_below(r, 2));
    static const size_t tile_runs[] = {1, 2, 4095, 4096, 4097, 32767, 32768, 32769};
    size_t i = 0;
    while (i < n) {
        size_t len;
        switch (law) {
        case T_RUNS_SHORT: len = 1 + t_rng_below(r, 4); break;
        case T_RUNS_LONG: len = 1 + t_rng_below(r, 300); break;
        case T_RUNS_ALL_EQUAL: len = n; break;
        case T_RUNS_TILES: len = tile_runs[t_rng_below(r, 8)]; break;
        default: len = 1 + t_rng_below(r, 3); break;
        }
        if (len > n - i) len = n - i;
        if (law == T_RUNS_IEEE) {
            const unsigned which = (unsigned)t_rng_below(r, 9);
            for (size_t j = i; j < i + len; ++j)
                put_edge_key(dtype, out, j, which);
        } else {
            const size_t k = t_rng_below(r, POOL);
            for (size_t j = i; j < i + len; ++j)
                memcpy(p + j * size, pool + k * size, size);
        }
        i += len;
    }
}
