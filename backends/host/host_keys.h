/*
 * host_keys.h -- key order for the CPU backends (serial, OpenMP): the
 * order-preserving unsigned pattern of a key (radix digits) and the built-in
 * comparators (floats in IEEE-754 totalOrder), shared so both CPU backends sort
 * identically. Header-only, C11.
 */
#ifndef SWEEP_HOST_KEYS_H
#define SWEEP_HOST_KEYS_H

#include <string.h>
#include <sweep/backend.h>

/* Raw bits of a key of size 1, 2, 4 or 8 bytes, zero-extended. */
static inline uint64_t sweep_host_key_raw(const void *key, size_t size) {
    switch (size) {
    case 1: return *(const uint8_t *)key;
    case 2: {
        uint16_t v;
        memcpy(&v, key, 2);
        return v;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, key, 4);
        return v;
    }
    default: {
        uint64_t v;
        memcpy(&v, key, 8);
        return v;
    }
    }
}

/* Maps raw key bits to an unsigned pattern whose unsigned order is the dtype's order
 * (signed: sign flipped; floats: totalOrder). */
static inline uint64_t sweep_host_key_order(sweep_dtype dtype, uint64_t raw) {
    switch (dtype) {
    case SWEEP_I8: return raw ^ 0x80u;
    case SWEEP_I16: return raw ^ 0x8000u;
    case SWEEP_I32: return raw ^ 0x80000000u;
    case SWEEP_I64: return raw ^ 0x8000000000000000ull;
    case SWEEP_F32: return (raw & 0x80000000u) ? (~raw & 0xffffffffu) : (raw ^ 0x80000000u);
    case SWEEP_F64: return (raw & 0x8000000000000000ull) ? ~raw : (raw ^ 0x8000000000000000ull);
    default: return raw;
    }
}

/* The pattern radix digits are taken from (inverted for descending sorts). */
static inline uint64_t sweep_host_radix_pattern(const sweep_kradix *k, const void *key) {
    uint64_t u = sweep_host_key_order(k->dtype, sweep_host_key_raw(key, k->key_size));
    if (k->descending) {
        u = ~u;
        if (k->key_size < 8) u &= (1ull << (8 * k->key_size)) - 1;
    }
    return u;
}

static inline unsigned sweep_host_radix_digit(const sweep_kradix *k, const void *key,
                                              unsigned shift, unsigned nbits) {
    return (unsigned)((sweep_host_radix_pattern(k, key) >> shift) & ((1ull << nbits) - 1));
}

/* Non-zero when key a must come before key b. */
static inline int sweep_host_less(const sweep_kcmp *c, const void *a, const void *b) {
    if (c->kind == SWEEP_COMPARE_CUSTOM) return c->custom->less(a, b, c->custom->user) != 0;
    uint64_t ua = sweep_host_key_order(c->dtype, sweep_host_key_raw(a, c->key_size));
    uint64_t ub = sweep_host_key_order(c->dtype, sweep_host_key_raw(b, c->key_size));
    return c->kind == SWEEP_COMPARE_DESCENDING ? ub < ua : ua < ub;
}

#endif /* SWEEP_HOST_KEYS_H */
