/* Seeded inputs of sweep-hardening-large (see large_gen.h). */
#include "large_gen.h"

#include "gen.h"
#include "large_par.h"

#include <string.h>

uint64_t lg_seed(const char *name) {
    return t_hash(name, strlen(name));
}

/* Value i comes from the state that i values leave: seed + i steps. */
uint64_t lg_bits(uint64_t seed, size_t i) {
    t_rng r = {seed + T_RNG_STEP * (uint64_t)i};
    return t_rng_next(&r);
}

/* The inverse of an odd number modulo 2^32 (Newton's iteration doubles the correct
 * low bits each step: 5 steps from 3 correct bits cover 32). */
static uint32_t inverse_odd(uint32_t a) {
    uint32_t x = a;
    for (int i = 0; i < 5; ++i)
        x *= 2u - a * x;
    return x;
}

lg_perm lg_perm_make(uint64_t seed) {
    lg_perm p;
    p.mul1 = (uint32_t)lg_bits(seed, 0) | 1u;
    p.mul2 = (uint32_t)lg_bits(seed, 1) | 1u;
    p.add1 = (uint32_t)lg_bits(seed, 2);
    p.add2 = (uint32_t)lg_bits(seed, 3);
    p.inv1 = inverse_odd(p.mul1);
    p.inv2 = inverse_odd(p.mul2);
    return p;
}

/* Multiplication by an odd number, adding a constant and x ^ (x >> 16) are each
 * invertible on 32 bits (the last is its own inverse). */
uint32_t lg_perm_apply(const lg_perm *p, uint32_t x) {
    x = x * p->mul1 + p->add1;
    x ^= x >> 16;
    x = x * p->mul2 + p->add2;
    return x ^ (x >> 16);
}

uint32_t lg_perm_invert(const lg_perm *p, uint32_t y) {
    y ^= y >> 16;
    y = (y - p->add2) * p->inv2;
    y ^= y >> 16;
    return (y - p->add1) * p->inv1;
}

typedef struct fill_args {
    void *dst;
    uint32_t *values;
    size_t elem_size;
    uint64_t seed;
    const lg_perm *perm;
} fill_args;

static void fill_random_chunk(size_t lo, size_t hi, size_t c, void *arg) {
    const fill_args *a = arg;
    (void)c;
    if (a->elem_size == 1) {
        uint8_t *d = a->dst;
        for (size_t i = lo; i < hi; ++i)
            d[i] = (uint8_t)(lg_bits(a->seed, i) >> 56);
    } else {
        uint32_t *d = a->dst;
        for (size_t i = lo; i < hi; ++i)
            d[i] = (uint32_t)(lg_bits(a->seed, i) >> 32);
    }
}

static void fill_flags_chunk(size_t lo, size_t hi, size_t c, void *arg) {
    const fill_args *a = arg;
    uint8_t *d = a->dst;
    (void)c;
    for (size_t i = lo; i < hi; ++i) {
        uint64_t b = lg_bits(a->seed, i);
        d[i] = (b & 1u) ? (uint8_t)((b >> 8) | 1u) : 0u;
    }
}

static void fill_perm_chunk(size_t lo, size_t hi, size_t c, void *arg) {
    const fill_args *a = arg;
    uint32_t *k = a->dst;
    (void)c;
    for (size_t i = lo; i < hi; ++i) {
        k[i] = lg_perm_apply(a->perm, (uint32_t)i);
        if (a->values) a->values[i] = (uint32_t)i;
    }
}

#define LG_CHUNKS 1024

void lg_fill_random(void *dst, size_t elem_size, size_t n, uint64_t seed) {
    fill_args a = {dst, NULL, elem_size, seed, NULL};
    lp_for(n, LG_CHUNKS, fill_random_chunk, &a);
}

void lg_fill_flags(uint8_t *dst, size_t n, uint64_t seed) {
    fill_args a = {dst, NULL, 1, seed, NULL};
    lp_for(n, LG_CHUNKS, fill_flags_chunk, &a);
}

void lg_fill_perm_keys(uint32_t *keys, uint32_t *values, size_t n, const lg_perm *p) {
    fill_args a = {keys, values, 4, 0, p};
    lp_for(n, LG_CHUNKS, fill_perm_chunk, &a);
}
