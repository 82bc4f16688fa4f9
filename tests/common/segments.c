/* Segment layouts: offsets, head flags and runs of keys. */
#include "segments.h"

#include <string.h>

const char *t_layout_name(int layout) {
    static const char *names[] = {"random",   "one_big", "all_one", "empty",
                                  "interior", "tile",    "sparse",  "empty_runs"};
    return layout >= 0 && layout < T_LAYOUT_COUNT ? names[layout] : "unknown";
}

/* count offsets of p after o[0, k) (count - 1 empty segments there once the next offset
 * differs), leaving two of cap free; the new k. */
static size_t empty_run(size_t *o, size_t k, size_t cap, size_t p, size_t count) {
    for (size_t r = 0; r < count && k + 2 < cap; ++r)
        o[k++] = p;
    return k;
}

int t_make_offsets(t_state *t, t_rng *rng, int layout, size_t n, size_t **offsets, size_t *nseg) {
    size_t cap = 2 * n + 16;
    size_t *o = t_host(t, cap * sizeof *o);
    if (!o) return 0;
    size_t k = 0, pos = 0, end = n;
    static const size_t means[] = {3, 20, 300};
    size_t mean = means[t_rng_below(rng, 3)];
    switch (layout) {
    case T_LAYOUT_ONE_BIG: o[k++] = 0; break;
    case T_LAYOUT_SPARSE: {
        const size_t nseg_sparse = n + 3;
        for (size_t s = 0; s < nseg_sparse; ++s)
            o[k++] = (size_t)((unsigned long long)s * n / nseg_sparse);
        break;
    }
    case T_LAYOUT_EMPTY_RUNS: {
        k = empty_run(o, k, cap, 0, 1 + t_rng_below(rng, 5));
        while (pos < n && k + 2 < cap) {
            if (t_rng_below(rng, 3) == 0) {
                /* to a multiple of 512 (every tile of the GPU kernels is one), or one
                 * either side of it, and a run of empties there */
                size_t edge = (pos / 512 + 1) * 512;
                edge = edge - 1 + t_rng_below(rng, 3);
                pos = edge < n ? edge : n;
            } else {
                pos += 1 + t_rng_below(rng, 2 * mean);
                if (pos > n) pos = n;
            }
            k = empty_run(o, k, cap, pos, 1 + t_rng_below(rng, t_rng_below(rng, 2) ? 3 : 40));
        }
        /* then more at n (pos is n here unless the capacity ran out) */
        k = empty_run(o, k, cap, n, 1 + t_rng_below(rng, 5));
        break;
    }
    case T_LAYOUT_ALL_ONE:
        for (pos = 0; pos < n; ++pos)
            o[k++] = pos;
        break;
    case T_LAYOUT_INTERIOR:
    case T_LAYOUT_EMPTY:
        if (layout == T_LAYOUT_INTERIOR) {
            pos = n / 7 + (n > 2);
            end = n - n / 5 - (n > 3);
            if (end < pos) end = pos;
        }
        o[k++] = pos;
        o[k++] = pos; /* a leading empty segment */
        while (pos < end && k + 3 < cap) {
            size_t step = 1 + t_rng_below(rng, 2 * mean);
            pos = pos + step < end ? pos + step : end;
            o[k++] = pos;
            if (t_rng_below(rng, 4) == 0 && k + 3 < cap) o[k++] = pos; /* an empty one */
        }
        o[k++] = end; /* a trailing empty segment */
        *offsets = o;
        *nseg = k - 1;
        return 1;
    default: {
        size_t lo = layout == T_LAYOUT_TILE ? 1000 : 1;
        size_t span = layout == T_LAYOUT_TILE ? 4000 : 2 * mean;
        o[k++] = 0;
        while (pos < n && k + 2 < cap) {
            pos += lo + t_rng_below(rng, span);
            if (pos >= n) break;
            o[k++] = pos;
        }
    }
    }
    o[k++] = n;
    *offsets = o;
    *nseg = k - 1;
    return 1;
}

void t_heads_from_offsets(const size_t *offsets, size_t nseg, size_t n, uint8_t *heads) {
    memset(heads, 0, n);
    if (n) heads[0] = 1;
    for (size_t s = 0; s < nseg; ++s)
        if (offsets[s] < offsets[s + 1]) heads[offsets[s]] = 1;
}

static void put_key(sweep_dtype dt, void *keys, size_t i, uint64_t bits) {
    size_t size = sweep_dtype_size(dt);
    unsigned char *p = (unsigned char *)keys + i * size;
    for (size_t b = 0; b < size; ++b)
        p[b] = (unsigned char)(bits >> (8 * b));
}

/* Candidate float keys: +0.0, -0.0, a quiet NaN, the same NaN negated, 1.0, -1.0. */
static uint64_t float_candidate(sweep_dtype dt, unsigned which) {
    int f32 = dt == SWEEP_F32;
    uint64_t sign = f32 ? 0x80000000ull : 0x8000000000000000ull;
    uint64_t nan = f32 ? 0x7fc00001ull : 0x7ff8000000000001ull;
    uint64_t one = f32 ? 0x3f800000ull : 0x3ff0000000000000ull;
    switch (which) {
    case 0: return 0;
    case 1: return sign;
    case 2: return nan;
    case 3: return nan | sign;
    case 4: return one;
    default: return one | sign;
    }
}

void t_keys_from_heads(t_rng *rng, sweep_dtype key_dtype, const uint8_t *heads, size_t n,
                       void *keys) {
    int is_float = key_dtype == SWEEP_F32 || key_dtype == SWEEP_F64;
    uint64_t prev = 0, cur = 0;
    for (size_t i = 0; i < n; ++i) {
        if (i == 0 || heads[i]) {
            /* a value whose bytes differ from the previous run's */
            do {
                cur = is_float ? float_candidate(key_dtype, (unsigned)t_rng_below(rng, 6))
                               : (uint64_t)((int64_t)t_rng_below(rng, 7) - 3);
            } while (i > 0 && cur == prev);
            prev = cur;
        }
        put_key(key_dtype, keys, i, cur);
    }
}
