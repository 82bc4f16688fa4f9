/*
 * The answers the fuzzed calls must give (fz_expect), from the harness's reference
 * definitions (fuzz_oracle.c), and the order of sort keys they share with the
 * inputs' preparation (fuzz_calls.c).
 */
#include "fuzz_call.h"

#include <stdlib.h>
#include <string.h>

uint64_t fz_key_field(const fz_key_order *k, size_t i) {
    if (k->custom) {
        uint32_t x;
        memcpy(&x, k->keys + i * 4, 4);
        return x % FO_MOD;
    }
    uint64_t p = fo_pattern(k->dtype, k->keys + i * k->ks);
    unsigned w = k->end - k->begin;
    p >>= k->begin;
    return w >= 64 ? p : p & (((uint64_t)1 << w) - 1);
}

int fz_key_before(size_t i, size_t j, const void *order) {
    const fz_key_order *k = order;
    uint64_t a = fz_key_field(k, i), b = fz_key_field(k, j);
    return k->descending ? a > b : a < b;
}

static void expect_split(const fz_call *c, uint8_t *w) {
    const size_t n = c->n, es = c->elem_size, vs = c->value_size;
    const uint8_t *flags = w + c->a[2].off, *in = w + c->a[0].off;
    uint8_t *out = w + c->a[1].off;
    const uint8_t *vin = vs ? w + c->a[3].off : NULL;
    uint8_t *vout = vs ? w + c->a[4].off : NULL;
    size_t o = 0;
    for (int pass = 0; pass < (c->prim == FZ_SPLIT ? 2 : 1); ++pass)
        for (size_t i = 0; i < n; ++i) {
            if ((flags[i] != 0) != (pass == 0)) continue;
            memcpy(out + o * es, in + i * es, es);
            if (vs) memcpy(vout + o * vs, vin + i * vs, vs);
            ++o;
        }
    if (c->with_count && n > 0) { /* n == 0 writes nothing, not even the count */
        size_t kept = 0;
        for (size_t i = 0; i < n; ++i)
            kept += flags[i] != 0;
        memcpy(w + c->a[5].off, &kept, sizeof kept);
    }
}

static void expect_sort(const fz_call *c, uint8_t *w) {
    const size_t n = c->n, ks = sweep_dtype_size(c->key_dtype), vs = c->value_size;
    const int radix = c->prim == FZ_RADIX_SORT;
    uint8_t *keys = malloc(n * ks + 1), *vals = malloc(n * vs + 1);
    size_t *idx = malloc((n + 1) * sizeof *idx);
    if (!keys || !vals || !idx) abort();
    memcpy(keys, w + c->a[0].off, n * ks);
    if (vs) memcpy(vals, w + c->a[3].off, n * vs);
    fz_key_order k = {keys,
                      ks,
                      c->key_dtype,
                      radix ? c->desc.descending : c->cmp.kind == SWEEP_COMPARE_DESCENDING,
                      radix ? c->desc.begin_bit : 0,
                      radix ? c->desc.end_bit : (unsigned)(8 * ks),
                      c->custom_cmp};
    fo_stable_order(idx, n, fz_key_before, &k);
    for (size_t i = 0; i < n; ++i) {
        memcpy(w + c->a[1].off + i * ks, keys + idx[i] * ks, ks);
        if (vs) memcpy(w + c->a[4].off + i * vs, vals + idx[i] * vs, vs);
    }
    free(keys);
    free(vals);
    free(idx);
}

static void expect_merge(const fz_call *c, uint8_t *w) {
    const size_t na = c->na, nb = c->n - c->na, ks = sweep_dtype_size(c->key_dtype);
    const size_t vs = c->value_size;
    const uint8_t *a = w + c->a[0].off, *b = w + c->a[2].off;
    const uint8_t *av = vs ? w + c->a[3].off : NULL, *bv = vs ? w + c->a[5].off : NULL;
    const int desc = c->cmp.kind == SWEEP_COMPARE_DESCENDING;
    const fz_key_order ka = {a, ks, c->key_dtype, desc, 0, (unsigned)(8 * ks), c->custom_cmp};
    const fz_key_order kb = {b, ks, c->key_dtype, desc, 0, (unsigned)(8 * ks), c->custom_cmp};
    size_t i = 0, j = 0;
    for (size_t o = 0; o < na + nb; ++o) {
        int take_b = 0;
        if (j < nb && i < na) {
            const uint64_t pa = fz_key_field(&ka, i), pb = fz_key_field(&kb, j);
            take_b = desc ? pb > pa : pb < pa; /* ties take a */
        } else {
            take_b = j < nb;
        }
        const uint8_t *src = take_b ? b + j * ks : a + i * ks;
        memcpy(w + c->a[1].off + o * ks, src, ks);
        if (vs) memcpy(w + c->a[4].off + o * vs, take_b ? bv + j * vs : av + i * vs, vs);
        if (take_b)
            ++j;
        else
            ++i;
    }
}

void fz_expect(const fz_call *c, uint8_t *w) {
    const size_t n = c->n, s = c->fop.size;
    uint8_t *in = w + c->a[0].off, *out = w + c->a[1].off;
    const int exclusive = c->kind == SWEEP_EXCLUSIVE;
    switch (c->prim) {
    case FZ_SCAN: fo_scan(&c->fop, in, NULL, out, n, exclusive); break;
    case FZ_SEGSCAN_FLAGS: fo_scan(&c->fop, in, w + c->a[2].off, out, n, exclusive); break;
    case FZ_SEGSCAN_OFFSETS:
        for (size_t g = 0; g < c->nseg; ++g)
            fo_scan(&c->fop, in + c->offs[g] * s, NULL, out + c->offs[g] * s,
                    c->offs[g + 1] - c->offs[g], exclusive);
        break;
    case FZ_SCAN_BY_KEY: {
        size_t ks = sweep_dtype_size(c->key_dtype);
        const uint8_t *keys = w + c->a[2].off;
        uint8_t *heads = malloc(n + 1);
        if (!heads) abort();
        for (size_t i = 0; i < n; ++i)
            heads[i] = i == 0 || memcmp(keys + i * ks, keys + (i - 1) * ks, ks) != 0;
        fo_scan(&c->fop, in, heads, out, n, exclusive);
        free(heads);
        break;
    }
    case FZ_REDUCE:
        if (n > 0) fo_reduce(&c->fop, in, n, out);
        break;
    case FZ_SEGREDUCE:
        for (size_t g = 0; g < c->nseg; ++g)
            fo_reduce(&c->fop, in + c->offs[g] * s, c->offs[g + 1] - c->offs[g], out + g * s);
        break;
    case FZ_SPLIT:
    case FZ_COMPACT: expect_split(c, w); break;
    case FZ_RADIX_SORT:
    case FZ_MERGE_SORT: expect_sort(c, w); break;
    case FZ_MERGE: expect_merge(c, w); break;
    }
}
