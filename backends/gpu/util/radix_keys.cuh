/*
 * radix_keys.cuh -- keys as radix digits and as ordered values: the key's
 * order-preserving unsigned pattern (unsigned as is, signed with the sign bit
 * flipped, floats in IEEE-754 totalOrder), inverted for descending sorts, so one
 * kernel per key width serves every dtype.
 */
#ifndef SWEEP_GPU_RADIX_KEYS_CUH
#define SWEEP_GPU_RADIX_KEYS_CUH

#include "gpu/util/compat.cuh"
#include <sweep/backend.h>

namespace sweep_gpu {

enum KeyKind { kKeyUnsigned = 0, kKeySigned = 1, kKeyFloat = 2 };

/* 64-bit keys in 8-bit digits. */
constexpr int kRadixMaxPasses = 8;

inline int key_kind_of(sweep_dtype d) {
    switch (d) {
    case SWEEP_I8:
    case SWEEP_I16:
    case SWEEP_I32:
    case SWEEP_I64: return kKeySigned;
    case SWEEP_F32:
    case SWEEP_F64: return kKeyFloat;
    default: return kKeyUnsigned;
    }
}

/* How a key becomes digits: pattern kind, inversion, and the pass's bits. */
struct DigitSpec {
    int kind;
    int descending;
    unsigned shift;
    unsigned nbits;
};

template <class U> SWEEP_GPU_INLINE U key_pattern(U raw, int kind, int descending) {
    constexpr U sign = (U)((U)1 << (8 * sizeof(U) - 1));
    U u = raw;
    if (kind == kKeySigned)
        u = (U)(u ^ sign);
    else if (kind == kKeyFloat)
        u = (u & sign) ? (U)~u : (U)(u ^ sign);
    if (descending) u = (U)~u;
    return u;
}

/* The key whose pattern is u (key_pattern's inverse). */
template <class U> SWEEP_GPU_INLINE U key_from_pattern(U u, int kind, int descending) {
    constexpr U sign = (U)((U)1 << (8 * sizeof(U) - 1));
    if (descending) u = (U)~u;
    if (kind == kKeySigned)
        u = (U)(u ^ sign);
    else if (kind == kKeyFloat)
        u = (u & sign) ? (U)(u ^ sign) : (U)~u;
    return u;
}

/* key_pattern and key_from_pattern as branch-free xors, the masks chosen once per
 * kernel: pattern = raw ^ (top(raw) & flip) ^ fixed, top(x) being all ones where
 * x's top bit is set. Signed keys flip the sign bit (fixed); floats also flip every
 * other bit of a negative key (flip); a descending sort inverts all bits (fixed).
 * The inverse undoes the order first, then the kind: a pattern whose top bit is
 * clear came from a negative float. Digits are then a shift and a mask. */
template <class U> struct KeyCodec {
    U flip, kind_fixed, order, fixed;
    unsigned shift, mask;
    bool identity; /* unsigned ascending: the pattern is the key */

    SWEEP_GPU_INLINE static U top(U x) {
        return (U)((U)0 - (U)(x >> (8 * sizeof(U) - 1)));
    }
    SWEEP_GPU_INLINE explicit KeyCodec(const DigitSpec &s) {
        constexpr U sign = (U)((U)1 << (8 * sizeof(U) - 1));
        flip = s.kind == kKeyFloat ? (U)~sign : (U)0;
        kind_fixed = s.kind == kKeyUnsigned ? (U)0 : sign;
        order = s.descending ? (U) ~(U)0 : (U)0;
        fixed = (U)(kind_fixed ^ order);
        shift = s.shift;
        mask = (1u << s.nbits) - 1;
        identity = (flip | fixed) == 0;
    }
    SWEEP_GPU_INLINE U encode(U raw) const {
        return (U)(raw ^ (top(raw) & flip) ^ fixed);
    }
    SWEEP_GPU_INLINE U decode(U pattern) const {
        const U q = (U)(pattern ^ order);
        return (U)(q ^ (top((U)~q) & flip) ^ kind_fixed);
    }
    SWEEP_GPU_INLINE unsigned digit(U pattern) const {
        return (unsigned)(pattern >> shift) & mask;
    }
};

template <class U> SWEEP_GPU_INLINE unsigned key_digit(U raw, const DigitSpec &s) {
    U u = key_pattern(raw, s.kind, s.descending);
    return (unsigned)((unsigned long long)(u >> s.shift) & ((1ull << s.nbits) - 1));
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RADIX_KEYS_CUH */
