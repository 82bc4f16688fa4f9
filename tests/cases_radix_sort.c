/* Radix sort: keys of every dtype (NaN, -0.0, inf, duplicates), values of 0/1/2/4/8/16
 * bytes, bit ranges (full, partial, single bit, high and low bits, across a digit),
 * ascending and descending (both stable), in place. */
#include "families.h"
#include "gen.h"
#include "oracle.h"

#include <stdio.h>
#include <string.h>

/* c->dtype, c->a value_size, c->b begin_bit, c->c end_bit, c->d descending,
 * c->kind in place, c->m: 0 random keys, 1 dup-heavy keys, 2 + mask: random keys whose
 * bytes outside mask (bit p: byte p) are one constant, so only some digits differ
 * (the GPU backends' hybrid sort takes other paths with fewer than three),
 * kTopPair: random keys whose second-highest byte repeats the highest (the hybrid
 * sort's buckets are then its groups, 256 times larger than their digit counts
 * suggest), kOrder + v: keys already in an order (order_keys), kFew: 200 distinct random
 * keys in a random order (the GPU backends' hybrid sort hands such skewed digit counts
 * to the LSD sort), kHeavy + l: random keys among which heavy_layouts[l] places
 * groups that agree on their top two bytes (heavy_keys), c->n */
enum { kTopPair = 1000, kOrder = 2000, kFew = 3000, kHeavy = 4000 };

/* Groups of keys that share their top two bytes (every other group whole keys equal,
 * the others random below), among random keys that share them with no group: the GPU
 * hybrid sort's (h1, h2) buckets of exactly these sizes. Its blocks sort buckets of up
 * to 10240 keys (LocalLarge on sm_90); it sorts up to 16 larger ones apart
 * (kHybridApartMax), more through the LSD sort of all the keys; where the digit counts
 * foresee a bucket near a block, it waits for the sizes before its second pass. */
static const struct {
    unsigned groups;
    unsigned len[3];                             /* the groups' lengths in turn */
} heavy_layouts[] = {{3, {10240, 10241, 20000}}, /* a block's worth, one more, two blocks  */
                     {1, {40000}},               /* one bucket the counts foresee        */
                     {3, {12000, 12000, 12000}},
                     {17, {10300}},  /* more than are sorted apart           */
                     {16, {10300}}}; /* exactly as many as are sorted apart */

/* Places the groups of heavy_layouts[l] at spread positions of n random keys. */
static void heavy_keys(unsigned char *keys, size_t n, size_t ks, unsigned l, t_rng *rng) {
    const unsigned groups = heavy_layouts[l].groups;
    unsigned char top[17][2], whole[17][8];
    for (unsigned g = 0; g < groups; ++g) {
        memcpy(whole[g], keys + t_rng_below(rng, n) * ks, ks);
        top[g][0] = (unsigned char)(g * 15 + 1); /* distinct top bytes */
        top[g][1] = (unsigned char)t_rng_next(rng);
        whole[g][ks - 1] = top[g][0];
        whole[g][ks - 2] = top[g][1];
    }
    /* no other key shares a group's top bytes */
    for (size_t i = 0; i < n; ++i)
        for (unsigned g = 0; g < groups; ++g)
            if (keys[i * ks + ks - 1] == top[g][0] && keys[i * ks + ks - 2] == top[g][1])
                keys[i * ks + ks - 2] ^= 0x80;
    /* group members at positions k * P mod n (P a prime above n: all distinct) */
    const uint64_t P = 2147483647u;
    size_t k = 0;
    for (unsigned g = 0; g < groups; ++g) {
        const unsigned len = heavy_layouts[l].len[groups <= 3 ? g : 0];
        for (unsigned j = 0; j < len && k < n; ++j, ++k) {
            unsigned char *key = keys + (size_t)((k * P) % n) * ks;
            if (g % 2) memcpy(key, whole[g], ks);
            key[ks - 1] = top[g][0];
            key[ks - 2] = top[g][1];
        }
    }
}

/* Keys in an order a sort may recognise, and the far side of each: v 0 already sorted
 * (with ties), 1 sorted but for one element, 2 the reverse of sorted distinct keys
 * (strictly decreasing where the key type has room for n distinct keys), 3 that with
 * one adjacent equal pair, 4 that with two elements swapped, 5 all keys equal, 6 the
 * keys 0, 1, 2, ... (raw bytes) in sorted order but for one, so that the low digits
 * step through every value in turn, 7 the reverse of sorted keys with runs of equal
 * sort keys (at both ends, short ones throughout, one over a third of the keys, so
 * across the parts of a parallel sort; where bit 0 is not a sort bit the copies
 * differ there, so their order shows in the keys), 8 that with two keys of different
 * runs swapped. tmp holds n keys. */
static void order_keys(sweep_dtype dt, unsigned char *keys, unsigned char *tmp, size_t n,
                       unsigned begin, unsigned end, int desc, int v) {
    size_t ks = sweep_dtype_size(dt);
    if (n < 4) return;
    if ((v >= 2 && v <= 4) || v >= 7)
        for (size_t i = 0; i < n; ++i) { /* distinct raw bits: an odd multiple of i + 1 */
            uint64_t x = (uint64_t)(i + 1) * 0x9e3779b97f4a7c15ull;
            for (size_t b = 0; b < ks; ++b)
                keys[i * ks + b] = (unsigned char)(x >> (8 * b));
        }
    if (v == 6)
        for (size_t i = 0; i < n; ++i) /* raw bytes of i, little endian */
            for (size_t b = 0; b < ks; ++b)
                keys[i * ks + b] = (unsigned char)(b < sizeof(size_t) ? i >> (8 * b) : 0);
    o_radix_sort(dt, keys, tmp, NULL, NULL, 0, n, begin, end, desc);
    if (v <= 1 || v == 6) {
        memcpy(keys, tmp, n * ks);
        if (v != 0) { /* the last key moved to a third of the way */
            size_t at = n / 3;
            memcpy(keys + at * ks, tmp + (n - 1) * ks, ks);
            memcpy(keys + (at + 1) * ks, tmp + at * ks, (n - 1 - at - 1) * ks);
        }
    } else if (v <= 4 || v >= 7) {
        for (size_t i = 0; i < n; ++i)
            memcpy(keys + i * ks, tmp + (n - 1 - i) * ks, ks);
        if (v >= 7) {
            /* key `from` copied over [from + 1, to): the keys still never increase */
            size_t runs[][2] = {{0, 4}, {n / 5, n / 5 + n / 3}, {n - 4, n}};
            for (size_t r = 0; r < 3; ++r)
                for (size_t i = runs[r][0] + 1; i < runs[r][1] && i < n; ++i) {
                    memcpy(keys + i * ks, keys + runs[r][0] * ks, ks);
                    if (begin > 0) keys[i * ks] ^= (unsigned char)(i & 1);
                }
            for (size_t at = 7; at + 6 < n / 5; at += 97)
                for (size_t i = at + 1; i <= at + 1 + at % 5; ++i) {
                    memcpy(keys + i * ks, keys + at * ks, ks);
                    if (begin > 0) keys[i * ks] ^= (unsigned char)(i & 1);
                }
        }
        if (v == 8) {
            memcpy(tmp, keys + 1 * ks, ks);
            memcpy(keys + 1 * ks, keys + (n - 2) * ks, ks);
            memcpy(keys + (n - 2) * ks, tmp, ks);
        }
        if (v == 3) memcpy(keys + (n / 2 + 1) * ks, keys + (n / 2) * ks, ks);
        if (v == 4) {
            memcpy(tmp, keys + (n / 3) * ks, ks);
            memcpy(keys + (n / 3) * ks, keys + (2 * n / 3) * ks, ks);
            memcpy(keys + (2 * n / 3) * ks, tmp, ks);
        }
    } else {
        for (size_t i = 1; i < n; ++i)
            memcpy(keys + i * ks, keys, ks);
    }
}
static t_result radix_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_dtype dt = (sweep_dtype)c->dtype;
    size_t n = c->n, ks = sweep_dtype_size(dt), vs = (size_t)c->a;
    int in_place = c->kind;
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *keys = t_host(&t, n * ks), *kwant = t_host(&t, n * ks);
    unsigned char *kgot = t_host(&t, n * ks), *vals = t_host(&t, n * vs);
    unsigned char *vwant = t_host(&t, n * vs), *vgot = t_host(&t, n * vs);
    if (t.failed) return t_end(&t);
    t_gen_keys(&rng, dt, keys, n, c->m == 1);
    if (c->m == kFew) {
        memcpy(kgot, keys, 200 * ks < n * ks ? 200 * ks : n * ks);
        for (size_t i = 0; i < n && n >= 200; ++i)
            memcpy(keys + i * ks, kgot + (t_rng_next(&rng) % 200) * ks, ks);
    } else if (c->m >= kOrder) {
        order_keys(dt, keys, kgot, n, (unsigned)c->b, (unsigned)c->c, c->d, c->m - kOrder);
    } else if (c->m >= kHeavy) {
        heavy_keys(keys, n, ks, (unsigned)(c->m - kHeavy), &rng);
    } else if (c->m == kTopPair) {
        for (size_t i = 0; i < n; ++i)
            keys[i * ks + ks - 2] = keys[i * ks + ks - 1];
    } else if (c->m >= 2) {
        const unsigned mask = (unsigned)(c->m - 2);
        for (size_t i = 0; i < n; ++i)
            for (size_t b = 0; b < ks; ++b)
                if (!((mask >> b) & 1u)) keys[i * ks + b] = (unsigned char)(0x5a + b);
    }
    t_gen_values(&rng, vals, vs, n);
    o_radix_sort(dt, keys, kwant, vals, vwant, vs, n, (unsigned)c->b, (unsigned)c->c, c->d);

    void *d_keys = t_dev_upload(&t, keys, n * ks);
    void *d_kout = in_place ? d_keys : t_dev_poisoned(&t, n * ks);
    void *d_vals = vs ? t_dev_upload(&t, vals, n * vs) : NULL;
    void *d_vout = vs ? (in_place ? d_vals : t_dev_poisoned(&t, n * vs)) : NULL;
    if (t.failed) return t_end(&t);
    sweep_sort_desc desc = sweep_sort_desc_make(dt);
    desc.value_size = vs;
    desc.begin_bit = (unsigned)c->b;
    desc.end_bit = (unsigned)c->c;
    desc.descending = c->d;
    if (!t_ok(&t, sweep_radix_sort(env->ctx, d_keys, d_kout, d_vals, d_vout, n, &desc),
              "sweep_radix_sort"))
        return t_end(&t);
    if (!t_download(&t, kgot, d_kout, n * ks, "keys_out") ||
        !t_compare_bytes(&t, "keys_out", kgot, kwant, n, ks))
        return t_end(&t);
    if (vs && t_download(&t, vgot, d_vout, n * vs, "values_out"))
        t_compare_bytes(&t, "values_out (stability)", vgot, vwant, n, vs);
    if (!in_place && t_download(&t, kgot, d_keys, n * ks, "keys_in"))
        t_compare_bytes(&t, "keys_in after the call", kgot, keys, n, ks);
    return t_end(&t);
}

static void reg(t_registry *r, t_case *c, int dt, int vs, unsigned begin, unsigned end, int desc,
                int in_place, size_t n) {
    c->dtype = dt;
    c->a = vs;
    c->b = (int)begin;
    c->c = (int)end;
    c->d = desc;
    c->kind = in_place;
    c->m = (n + (size_t)dt + (size_t)vs) % 2;
    t_register(r, c, "radix_sort.%s.v%d.bits%u-%u.%s.n%zu%s%s", sweep_dtype_name((sweep_dtype)dt),
               vs, begin, end, desc ? "desc" : "asc", n, in_place ? ".inplace" : "",
               c->m ? ".dups" : "");
}

/* Keys of a shape (c->m = m: 2 + mask, kTopPair, kFew) sorted on all their bits; the
 * name ends in the shape. */
static void reg_shaped(t_registry *r, t_case *c, int dt, int vs, int desc, int in_place, int m,
                       size_t n, const char *shape) {
    const unsigned bits = 8u * (unsigned)sweep_dtype_size((sweep_dtype)dt);
    c->dtype = dt;
    c->a = vs;
    c->b = 0;
    c->c = (int)bits;
    c->d = desc;
    c->kind = in_place;
    c->m = m;
    c->n = n;
    t_register(r, c, "radix_sort.%s.v%d.bits0-%u.%s.n%zu%s.%s", sweep_dtype_name((sweep_dtype)dt),
               vs, bits, desc ? "desc" : "asc", n, in_place ? ".inplace" : "", shape);
}

/* Keys that differ in the bytes of mask only (c->m = 2 + mask). */
static void reg_bytes(t_registry *r, t_case *c, int dt, int vs, int desc, int in_place, size_t n,
                      unsigned mask) {
    char shape[16];
    snprintf(shape, sizeof shape, "bytes%x", mask);
    reg_shaped(r, c, dt, vs, desc, in_place, 2 + (int)mask, n, shape);
}

void t_register_radix_sort(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "radix_sort";
    c.fn = radix_case;
    static const int value_sizes[] = {0, 1, 2, 4, 8, 16};
    static const size_t rotating[] = {0, 2, 31, 32, 1023, 1024, 1025, 4095, 4096, 10007};
    unsigned k = 0;
    /* every dtype x value size x direction, full bits */
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt) {
        unsigned bits = 8u * (unsigned)sweep_dtype_size((sweep_dtype)dt);
        for (unsigned v = 0; v < 6; ++v)
            for (int desc = 0; desc < 2; ++desc, ++k) {
                c.n = 1;
                reg(r, &c, dt, value_sizes[v], 0, bits, desc, 0, 1);
                c.n = 33;
                reg(r, &c, dt, value_sizes[v], 0, bits, desc, 0, 33);
                c.n = 4097;
                reg(r, &c, dt, value_sizes[v], 0, bits, desc, 0, 4097);
                c.n = rotating[k % 10];
                reg(r, &c, dt, value_sizes[v], 0, bits, desc, 0, c.n);
            }
        /* bit ranges */
        unsigned ranges[][2] = {{3, bits - 2},    {bits - 1, bits}, {5, 6},
                                {bits / 2, bits}, {0, 4},           {4, bits > 8 ? 13 : 7}};
        for (unsigned g = 0; g < sizeof ranges / sizeof ranges[0]; ++g)
            for (int desc = 0; desc < 2; ++desc, ++k) {
                c.n = k % 2 ? 1000 : 4097;
                reg(r, &c, dt, value_sizes[k % 6], ranges[g][0], ranges[g][1], desc, 0, c.n);
            }
        /* in place */
        for (int desc = 0; desc < 2; ++desc) {
            c.n = 4097;
            reg(r, &c, dt, 0, 0, bits, desc, 1, c.n);
            reg(r, &c, dt, 8, 0, bits, desc, 1, c.n);
            c.n = 2;
            reg(r, &c, dt, 4, 0, bits, desc, 1, c.n);
        }
    }
    /* both sides of the most keys one block sorts on the GPU backends (sm_90's tuning:
     * 256 threads with 17 keys of up to 4 bytes or 11 of 8): one launch below, the
     * Onesweep passes above */
    static const int one_block_dtypes[] = {SWEEP_U8,  SWEEP_I16, SWEEP_U32,
                                           SWEEP_F32, SWEEP_U64, SWEEP_F64};
    static const size_t one_block_sizes[] = {2816, 2817, 4352, 4353};
    for (unsigned d = 0; d < sizeof one_block_dtypes / sizeof one_block_dtypes[0]; ++d)
        for (unsigned s = 0; s < 4; ++s, ++k) {
            const int dt = one_block_dtypes[d];
            c.n = one_block_sizes[s];
            reg(r, &c, dt, value_sizes[k % 6], 0, 8u * (unsigned)sweep_dtype_size((sweep_dtype)dt),
                (int)(k % 2), (int)(k / 2 % 2), c.n);
        }
    /* both sides of the most keys on every bit that the GPU backends sort with their
     * merge sort instead of the radix passes (sm_90's tuning: 2^17 keys of 4 bytes
     * alone, 2^16 with values, 2^20 keys of 8 bytes; never 1-byte keys) */
    static const struct {
        int dt, values;
        size_t n;
    } merge_max[] = {{SWEEP_U8, 0, (size_t)1 << 17},  {SWEEP_I32, 0, (size_t)1 << 17},
                     {SWEEP_F32, 0, (size_t)1 << 17}, {SWEEP_U8, 1, (size_t)1 << 16},
                     {SWEEP_I32, 1, (size_t)1 << 16}, {SWEEP_F32, 1, (size_t)1 << 16},
                     {SWEEP_I64, 0, (size_t)1 << 20}, {SWEEP_F64, 1, (size_t)1 << 20}};
    for (unsigned d = 0; d < sizeof merge_max / sizeof merge_max[0]; ++d)
        for (unsigned s = 0; s < 2; ++s, ++k) {
            const int dt = merge_max[d].dt;
            c.n = merge_max[d].n + s;
            reg(r, &c, dt, merge_max[d].values ? value_sizes[1 + k % 5] : 0, 0,
                8u * (unsigned)sweep_dtype_size((sweep_dtype)dt), (int)(k % 2), (int)(k / 2 % 2),
                c.n);
        }
    /* keys differing in none, one, two or three of their bytes (top, bottom, middle) */
    static const struct {
        int dt, vs;
        unsigned masks[6];
    } some[] = {{SWEEP_U32, 0, {0x0, 0x8, 0x1, 0x9, 0x6, 0xb}},
                {SWEEP_I32, 4, {0x0, 0x4, 0x8, 0xc, 0x3, 0xd}},
                {SWEEP_F32, 8, {0x0, 0x8, 0x2, 0xa, 0x9, 0xe}},
                {SWEEP_U64, 0, {0x0, 0x80, 0x01, 0x81, 0x18, 0xc1}},
                {SWEEP_I64, 4, {0x0, 0x20, 0x80, 0x90, 0x06, 0x83}},
                {SWEEP_F64, 8, {0x0, 0x80, 0x40, 0xc0, 0x03, 0x85}}};
    for (unsigned s = 0; s < sizeof some / sizeof some[0]; ++s)
        for (unsigned g = 0; g < 6; ++g, ++k)
            reg_bytes(r, &c, some[s].dt, some[s].vs, (int)(k % 2), g == 4, g % 3 ? 4097 : 20011,
                      some[s].masks[g]);
    /* the top two bytes equal: a few large buckets where the hybrid sort expects small */
    reg_shaped(r, &c, SWEEP_U32, 0, 0, 0, kTopPair, t_large_sizes[5], "toppair");
    reg_shaped(r, &c, SWEEP_I64, 4, 1, 0, kTopPair, t_large_sizes[5], "toppair");
    /* few distinct keys, long enough for the GPU hybrid sort's choice (tests lower its
     * threshold) */
    reg_shaped(r, &c, SWEEP_U32, 0, 0, 0, kFew, (1u << 20) + 5, "few");
    reg_shaped(r, &c, SWEEP_F64, 8, 1, 0, kFew, (1u << 20) + 5, "few");
    /* keys already in order, reversed, and the far side of both */
    static const struct {
        int dt, vs;
        unsigned begin, end;
        int desc, in_place;
        size_t n;
    } ordered[] = {{SWEEP_U32, 0, 0, 32, 0, 0, (1u << 20) + 3},
                   {SWEEP_F32, 4, 0, 32, 1, 1, 100003},
                   {SWEEP_I64, 8, 4, 44, 0, 0, 4097},
                   {SWEEP_U16, 2, 0, 16, 1, 0, 65537},
                   {SWEEP_U64, 16, 0, 64, 0, 1, (1u << 20) + 3}};
    static const char *const order_names[] = {
        "sorted", "sorted_but_one",   "reversed",           "reversed_tie",      "reversed_swap",
        "equal",  "counting_but_one", "nonincreasing_runs", "nonincreasing_swap"};
    for (unsigned o = 0; o < sizeof ordered / sizeof ordered[0]; ++o)
        for (int v = 0; v < 9; ++v) {
            c.dtype = ordered[o].dt;
            c.a = ordered[o].vs;
            c.b = (int)ordered[o].begin;
            c.c = (int)ordered[o].end;
            c.d = ordered[o].desc;
            c.kind = ordered[o].in_place;
            c.m = kOrder + v;
            c.n = ordered[o].n;
            t_register(r, &c, "radix_sort.%s.v%d.bits%u-%u.%s.n%zu%s.%s",
                       sweep_dtype_name((sweep_dtype)c.dtype), c.a, ordered[o].begin,
                       ordered[o].end, c.d ? "desc" : "asc", c.n, c.kind ? ".inplace" : "",
                       order_names[v]);
        }
    /* groups of keys sharing their top two bytes, as many as the GPU hybrid sort's blocks
     * take and more */
    static const struct {
        int dt, vs, desc, in_place;
        unsigned layout;
        size_t n;
    } heavy[] = {{SWEEP_U32, 0, 0, 0, 0, 100003}, {SWEEP_F32, 4, 1, 1, 0, 100003},
                 {SWEEP_I64, 8, 0, 0, 0, 100003}, {SWEEP_U32, 4, 0, 0, 1, 100003},
                 {SWEEP_F64, 0, 1, 0, 1, 100003}, {SWEEP_I32, 8, 0, 0, 2, 65537},
                 {SWEEP_U64, 4, 1, 0, 3, 400009}, {SWEEP_U32, 8, 0, 1, 4, 400009},
                 {SWEEP_I32, 0, 1, 0, 4, 400009}};
    for (unsigned h = 0; h < sizeof heavy / sizeof heavy[0]; ++h) {
        char shape[16];
        snprintf(shape, sizeof shape, "heavy%u", heavy[h].layout);
        reg_shaped(r, &c, heavy[h].dt, heavy[h].vs, heavy[h].desc, heavy[h].in_place,
                   kHeavy + (int)heavy[h].layout, heavy[h].n, shape);
    }
    /* large sizes on a sample */
    static const struct {
        int dt, vs, desc;
    } big[] = {{SWEEP_U32, 4, 0}, {SWEEP_F32, 0, 1}, {SWEEP_I64, 8, 0}};
    for (unsigned b = 0; b < 3; ++b)
        for (unsigned s = 0; s < 4; ++s) {
            unsigned bits = 8u * (unsigned)sweep_dtype_size((sweep_dtype)big[b].dt);
            c.n = t_large_sizes[s];
            reg(r, &c, big[b].dt, big[b].vs, 0, bits, big[b].desc, s == 3, c.n);
        }
    c.n = t_large_sizes[4];
    reg(r, &c, SWEEP_U32, 0, 0, 32, 0, 0, c.n);
    reg(r, &c, SWEEP_F64, 8, 0, 64, 0, 0, c.n);
    reg(r, &c, SWEEP_I16, 16, 0, 16, 1, 1, c.n);
    reg(r, &c, SWEEP_U64, 4, 20, 44, 0, 0, c.n);
    c.n = t_large_sizes[5];
    reg(r, &c, SWEEP_U32, 4, 0, 32, 0, 0, c.n);
    /* more tiles than the GPU backends' smallest ring of tile status words (1024
     * tiles of at most 7680 keys), so slots are reused within a pass */
    c.n = (9u << 20) + 11;
    reg(r, &c, SWEEP_U32, 0, 0, 32, 0, 0, c.n);
    reg(r, &c, SWEEP_U64, 0, 0, 64, 1, 0, c.n);
    reg(r, &c, SWEEP_U32, 4, 0, 32, 0, 1, c.n);
}
