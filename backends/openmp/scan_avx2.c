/*
 * scan_avx2.c -- see scan_avx2.h. A vector of 32 / S elements of S bytes is scanned
 * inside each 128-bit half in log2(16 / S) steps (each combines the vector with
 * itself shifted by 1, 2, 4, 8 bytes, the identity shifted in), then the low half's
 * last element is folded into the high half, then the carry (the fold of everything
 * before the vector, in every lane) into all lanes. The next carry is the carry
 * folded with the vector's own total, which does not wait for the stores: the only
 * serial work per vector is one operation (and a blend, segmented).
 */
#include "scan_avx2.h"

#include "x86_avx2.h"

#include <stdint.h>
#include <string.h>

#if SWOMP_X86_AVX2

#define SWOMP_V SWOMP_AVX2_TARGET static inline __m256i

/* Every lane set to the S-byte element at p. */
SWOMP_V broadcast(const void *p, size_t s) {
    int8_t b;
    int16_t h;
    int32_t w;
    long long d;
    switch (s) {
    case 1: memcpy(&b, p, 1); return _mm256_set1_epi8(b);
    case 2: memcpy(&h, p, 2); return _mm256_set1_epi16(h);
    case 4: memcpy(&w, p, 4); return _mm256_set1_epi32(w);
    default: memcpy(&d, p, 8); return _mm256_set1_epi64x(d);
    }
}

/* The byte shuffle that copies a 128-bit half's last S-byte element to all of it. */
SWOMP_V last_of_half(size_t s) {
    switch (s) {
    case 1: return _mm256_set1_epi8(15);
    case 2: return _mm256_set1_epi16(0x0F0E);
    case 4: return _mm256_set1_epi32(0x0F0E0D0C);
    default: return _mm256_set1_epi64x(0x0F0E0D0C0B0A0908ll);
    }
}

/* The operators, lane by lane. */
SWOMP_V v_sum1(__m256i a, __m256i b) {
    return _mm256_add_epi8(a, b);
}
SWOMP_V v_sum2(__m256i a, __m256i b) {
    return _mm256_add_epi16(a, b);
}
SWOMP_V v_sum4(__m256i a, __m256i b) {
    return _mm256_add_epi32(a, b);
}
SWOMP_V v_sum8(__m256i a, __m256i b) {
    return _mm256_add_epi64(a, b);
}
SWOMP_V v_prod2(__m256i a, __m256i b) {
    return _mm256_mullo_epi16(a, b);
}
SWOMP_V v_prod4(__m256i a, __m256i b) {
    return _mm256_mullo_epi32(a, b);
}
SWOMP_V v_and(__m256i a, __m256i b) {
    return _mm256_and_si256(a, b);
}
SWOMP_V v_or(__m256i a, __m256i b) {
    return _mm256_or_si256(a, b);
}
SWOMP_V v_xor(__m256i a, __m256i b) {
    return _mm256_xor_si256(a, b);
}
SWOMP_V v_mini1(__m256i a, __m256i b) {
    return _mm256_min_epi8(a, b);
}
SWOMP_V v_maxi1(__m256i a, __m256i b) {
    return _mm256_max_epi8(a, b);
}
SWOMP_V v_minu1(__m256i a, __m256i b) {
    return _mm256_min_epu8(a, b);
}
SWOMP_V v_maxu1(__m256i a, __m256i b) {
    return _mm256_max_epu8(a, b);
}
SWOMP_V v_mini2(__m256i a, __m256i b) {
    return _mm256_min_epi16(a, b);
}
SWOMP_V v_maxi2(__m256i a, __m256i b) {
    return _mm256_max_epi16(a, b);
}
SWOMP_V v_minu2(__m256i a, __m256i b) {
    return _mm256_min_epu16(a, b);
}
SWOMP_V v_maxu2(__m256i a, __m256i b) {
    return _mm256_max_epu16(a, b);
}
SWOMP_V v_mini4(__m256i a, __m256i b) {
    return _mm256_min_epi32(a, b);
}
SWOMP_V v_maxi4(__m256i a, __m256i b) {
    return _mm256_max_epi32(a, b);
}
SWOMP_V v_minu4(__m256i a, __m256i b) {
    return _mm256_min_epu32(a, b);
}
SWOMP_V v_maxu4(__m256i a, __m256i b) {
    return _mm256_max_epu32(a, b);
}
/* 64-bit lanes have no min/max instruction: a compare and a blend (unsigned lanes
 * compare with their top bits flipped). */
SWOMP_V v_mini8(__m256i a, __m256i b) {
    return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b));
}
SWOMP_V v_maxi8(__m256i a, __m256i b) {
    return _mm256_blendv_epi8(b, a, _mm256_cmpgt_epi64(a, b));
}
SWOMP_V v_minu8(__m256i a, __m256i b) {
    const __m256i top = _mm256_set1_epi64x((long long)0x8000000000000000ull);
    __m256i gt = _mm256_cmpgt_epi64(_mm256_xor_si256(a, top), _mm256_xor_si256(b, top));
    return _mm256_blendv_epi8(a, b, gt);
}
SWOMP_V v_maxu8(__m256i a, __m256i b) {
    const __m256i top = _mm256_set1_epi64x((long long)0x8000000000000000ull);
    __m256i gt = _mm256_cmpgt_epi64(_mm256_xor_si256(a, top), _mm256_xor_si256(b, top));
    return _mm256_blendv_epi8(b, a, gt);
}

/* Lane masks, all ones where the flag of the lane's element is non-zero. */
SWOMP_V head_mask(const uint8_t *f, size_t s) {
    const __m256i zero = _mm256_setzero_si256(), ones = _mm256_set1_epi8(-1);
    int32_t four;
    switch (s) {
    case 1:
        return _mm256_xor_si256(
            _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(const void *)f), zero), ones);
    case 2:
        return _mm256_xor_si256(
            _mm256_cmpeq_epi16(
                _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)f)), zero),
            ones);
    case 4:
        return _mm256_xor_si256(
            _mm256_cmpeq_epi32(
                _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)f)), zero),
            ones);
    default:
        memcpy(&four, f, 4);
        return _mm256_xor_si256(
            _mm256_cmpeq_epi64(_mm256_cvtepu8_epi64(_mm_cvtsi32_si128(four)), zero), ones);
    }
}

SWOMP_AVX2_TARGET static inline void put(void *dst, __m256i v, int stream) {
    if (stream)
        _mm256_stream_si256((__m256i *)dst, v);
    else
        _mm256_storeu_si256((__m256i *)dst, v);
}

/* The loops for elements of S bytes and the lane operator VOP. The `if (S ...)` steps
 * and `16 - S` are constants of each instance. A segmented step combines a lane with
 * the one K bytes before it only where no head lies between them (h: a head at or
 * before the lane within the vector so far), and passes the head mask along. */
#define SWOMP_VKERNELS(NAME, S, VOP)                                                               \
    SWOMP_AVX2_TARGET static size_t vscan_##NAME(const void *vin, void *vout, size_t n,            \
                                                 void *vacc, const void *identity, int exclusive,  \
                                                 int stream) {                                     \
        const unsigned char *in = (const unsigned char *)vin;                                      \
        unsigned char *out = (unsigned char *)vout;                                                \
        const __m256i id = broadcast(identity, S), last = last_of_half(S);                         \
        __m256i carry = broadcast(vacc, S);                                                        \
        size_t i = 0;                                                                              \
        for (; i + 32 / S <= n; i += 32 / S) {                                                     \
            __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(in + i * S));           \
            if (S == 1) x = VOP(_mm256_alignr_epi8(x, id, 15), x);                                 \
            if (S <= 2) x = VOP(_mm256_alignr_epi8(x, id, 14), x);                                 \
            if (S <= 4) x = VOP(_mm256_alignr_epi8(x, id, 12), x);                                 \
            x = VOP(_mm256_alignr_epi8(x, id, 8), x);                                              \
            x = VOP(_mm256_shuffle_epi8(_mm256_permute2x128_si256(x, id, 0x02), last), x);         \
            __m256i o = VOP(carry, x);                                                             \
            if (exclusive) /* each lane takes its left neighbour; lane 0 the carry */              \
                o = _mm256_alignr_epi8(o, _mm256_permute2x128_si256(carry, o, 0x20), 16 - S);      \
            put(out + i * S, o, stream);                                                           \
            carry = VOP(carry, _mm256_shuffle_epi8(_mm256_permute2x128_si256(x, x, 0x11), last));  \
        }                                                                                          \
        memcpy(vacc, &carry, S);                                                                   \
        return i;                                                                                  \
    }                                                                                              \
    SWOMP_AVX2_TARGET static size_t vseg_##NAME(const void *vin, const uint8_t *flags, void *vout, \
                                                size_t n, void *vacc, const void *identity,        \
                                                int exclusive, int stream) {                       \
        const unsigned char *in = (const unsigned char *)vin;                                      \
        unsigned char *out = (unsigned char *)vout;                                                \
        const __m256i id = broadcast(identity, S), last = last_of_half(S);                         \
        const __m256i none = _mm256_setzero_si256();                                               \
        __m256i carry = broadcast(vacc, S);                                                        \
        size_t i = 0;                                                                              \
        for (; i + 32 / S <= n; i += 32 / S) {                                                     \
            __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(in + i * S));           \
            const __m256i heads = head_mask(flags + i, S);                                         \
            __m256i h = heads;                                                                     \
            if (S == 1)                                                                            \
                SWOMP_VSEG_STEP(x, h, VOP, _mm256_alignr_epi8(x, id, 15),                          \
                                _mm256_alignr_epi8(h, none, 15));                                  \
            if (S <= 2)                                                                            \
                SWOMP_VSEG_STEP(x, h, VOP, _mm256_alignr_epi8(x, id, 14),                          \
                                _mm256_alignr_epi8(h, none, 14));                                  \
            if (S <= 4)                                                                            \
                SWOMP_VSEG_STEP(x, h, VOP, _mm256_alignr_epi8(x, id, 12),                          \
                                _mm256_alignr_epi8(h, none, 12));                                  \
            SWOMP_VSEG_STEP(x, h, VOP, _mm256_alignr_epi8(x, id, 8),                               \
                            _mm256_alignr_epi8(h, none, 8));                                       \
            SWOMP_VSEG_STEP(x, h, VOP,                                                             \
                            _mm256_shuffle_epi8(_mm256_permute2x128_si256(x, id, 0x02), last),     \
                            _mm256_shuffle_epi8(_mm256_permute2x128_si256(h, none, 0x02), last));  \
            __m256i o = _mm256_blendv_epi8(VOP(carry, x), x, h);                                   \
            if (exclusive) /* the left neighbour's value, the identity at a head */                \
                o = _mm256_blendv_epi8(                                                            \
                    _mm256_alignr_epi8(o, _mm256_permute2x128_si256(carry, o, 0x20), 16 - S), id,  \
                    heads);                                                                        \
            put(out + i * S, o, stream);                                                           \
            __m256i lx = _mm256_shuffle_epi8(_mm256_permute2x128_si256(x, x, 0x11), last);         \
            __m256i lh = _mm256_shuffle_epi8(_mm256_permute2x128_si256(h, h, 0x11), last);         \
            carry = _mm256_blendv_epi8(VOP(carry, lx), lx, lh);                                    \
        }                                                                                          \
        memcpy(vacc, &carry, S);                                                                   \
        return i;                                                                                  \
    }                                                                                              \
    static const swomp_vscan vk_##NAME = {vscan_##NAME, vseg_##NAME};

/* One segmented step: sx, sh are x and h shifted by the step's distance. */
#define SWOMP_VSEG_STEP(x, h, VOP, SX, SH)                                                         \
    do {                                                                                           \
        __m256i sx_ = (SX), sh_ = (SH);                                                            \
        x = _mm256_blendv_epi8(VOP(sx_, x), x, h);                                                 \
        h = _mm256_or_si256(h, sh_);                                                               \
    } while (0)

SWOMP_VKERNELS(sum1, 1, v_sum1)
SWOMP_VKERNELS(sum2, 2, v_sum2)
SWOMP_VKERNELS(sum4, 4, v_sum4)
SWOMP_VKERNELS(sum8, 8, v_sum8)
SWOMP_VKERNELS(prod2, 2, v_prod2)
SWOMP_VKERNELS(prod4, 4, v_prod4)
SWOMP_VKERNELS(and1, 1, v_and)
SWOMP_VKERNELS(and2, 2, v_and)
SWOMP_VKERNELS(and4, 4, v_and)
SWOMP_VKERNELS(and8, 8, v_and)
SWOMP_VKERNELS(or1, 1, v_or)
SWOMP_VKERNELS(or2, 2, v_or)
SWOMP_VKERNELS(or4, 4, v_or)
SWOMP_VKERNELS(or8, 8, v_or)
SWOMP_VKERNELS(xor1, 1, v_xor)
SWOMP_VKERNELS(xor2, 2, v_xor)
SWOMP_VKERNELS(xor4, 4, v_xor)
SWOMP_VKERNELS(xor8, 8, v_xor)
SWOMP_VKERNELS(mini1, 1, v_mini1)
SWOMP_VKERNELS(maxi1, 1, v_maxi1)
SWOMP_VKERNELS(minu1, 1, v_minu1)
SWOMP_VKERNELS(maxu1, 1, v_maxu1)
SWOMP_VKERNELS(mini2, 2, v_mini2)
SWOMP_VKERNELS(maxi2, 2, v_maxi2)
SWOMP_VKERNELS(minu2, 2, v_minu2)
SWOMP_VKERNELS(maxu2, 2, v_maxu2)
SWOMP_VKERNELS(mini4, 4, v_mini4)
SWOMP_VKERNELS(maxi4, 4, v_maxi4)
SWOMP_VKERNELS(minu4, 4, v_minu4)
SWOMP_VKERNELS(maxu4, 4, v_maxu4)
SWOMP_VKERNELS(mini8, 8, v_mini8)
SWOMP_VKERNELS(maxi8, 8, v_maxi8)
SWOMP_VKERNELS(minu8, 8, v_minu8)
SWOMP_VKERNELS(maxu8, 8, v_maxu8)

const swomp_vscan *swomp_vscan_for(const sweep_kop *op) {
    /* rows: integer dtypes i8..u64; columns: sum, prod, min, max, and, or, xor */
    static const swomp_vscan *const table[8][7] = {
        {&vk_sum1, NULL, &vk_mini1, &vk_maxi1, &vk_and1, &vk_or1, &vk_xor1},
        {&vk_sum2, &vk_prod2, &vk_mini2, &vk_maxi2, &vk_and2, &vk_or2, &vk_xor2},
        {&vk_sum4, &vk_prod4, &vk_mini4, &vk_maxi4, &vk_and4, &vk_or4, &vk_xor4},
        {&vk_sum8, NULL, &vk_mini8, &vk_maxi8, &vk_and8, &vk_or8, &vk_xor8},
        {&vk_sum1, NULL, &vk_minu1, &vk_maxu1, &vk_and1, &vk_or1, &vk_xor1},
        {&vk_sum2, &vk_prod2, &vk_minu2, &vk_maxu2, &vk_and2, &vk_or2, &vk_xor2},
        {&vk_sum4, &vk_prod4, &vk_minu4, &vk_maxu4, &vk_and4, &vk_or4, &vk_xor4},
        {&vk_sum8, NULL, &vk_minu8, &vk_maxu8, &vk_and8, &vk_or8, &vk_xor8}};
    if (op->custom || (unsigned)op->kind > (unsigned)SWEEP_OP_XOR ||
        (unsigned)op->dtype > (unsigned)SWEEP_U64)
        return NULL;
    if (!__builtin_cpu_supports("avx2")) return NULL;
    return table[op->dtype][op->kind];
}

#else

const swomp_vscan *swomp_vscan_for(const sweep_kop *op) {
    (void)op;
    return NULL;
}

#endif
