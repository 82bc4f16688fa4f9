/*
 * split_avx2.c -- see split_avx2.h. Each group of eight elements is permuted so that
 * the flagged ones come first, in order, and stored whole at the flagged stage's fill
 * point (the stage has room past its fill for the unused lanes, which the next store
 * overwrites); the unflagged ones likewise through the complement mask. The
 * permutation is built from the 8-bit mask with BMI2 (deposit a byte per set bit,
 * extract the identity's indices under it), so no lookup table competes for L1 with
 * the stages.
 */
#include "split_avx2.h"

#include "x86_avx2.h"

#if SWOMP_X86_AVX2

/* Lane indices that move the lanes of mask m to the front, in order. */
SWOMP_AVX2_TARGET static inline __m256i compress_indices(unsigned m) {
    uint64_t lanes = _pdep_u64(m, 0x0101010101010101ull) * 0xFFu;
    uint64_t idx = _pext_u64(0x0706050403020100ull, lanes);
    return _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)idx));
}

/* The scalar loop of split_range.c, for a chunk's last few elements. */
static inline void append_scalar(const uint8_t *flags, const unsigned char *src, size_t i,
                                 size_t end, unsigned char *fbuf, size_t *ff, unsigned char *ubuf,
                                 size_t *fu) {
    for (; i < end; i++) {
        size_t f = flags[i] != 0;
        memcpy(fbuf + *ff, src + 4 * i, 4);
        *ff += 4 * f;
        if (ubuf) {
            memcpy(ubuf + *fu, src + 4 * i, 4);
            *fu += 4 * (1 - f);
        }
    }
}

SWOMP_AVX2_TARGET static inline void append_chunk(const uint8_t *flags, const unsigned char *src,
                                                  size_t i, size_t end, unsigned char *fbuf,
                                                  size_t *pff, unsigned char *ubuf, size_t *pfu,
                                                  int keep) {
    size_t ff = *pff, fu = *pfu;
    const __m256i zero = _mm256_setzero_si256();
    for (; i + 32 <= end; i += 32) {
        __m256i f = _mm256_loadu_si256((const __m256i *)(const void *)(flags + i));
        unsigned set = ~(unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(f, zero));
        for (unsigned g = 0; g < 4; g++) {
            unsigned m = (set >> (8 * g)) & 0xFFu;
            __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(src + 4 * (i + 8 * g)));
            size_t k = (size_t)_mm_popcnt_u32(m);
            _mm256_storeu_si256((__m256i *)(void *)(fbuf + ff),
                                _mm256_permutevar8x32_epi32(v, compress_indices(m)));
            ff += 4 * k;
            if (keep) {
                _mm256_storeu_si256((__m256i *)(void *)(ubuf + fu),
                                    _mm256_permutevar8x32_epi32(v, compress_indices(~m & 0xFFu)));
                fu += 4 * (8 - k);
            }
        }
    }
    append_scalar(flags, src, i, end, fbuf, &ff, keep ? ubuf : NULL, &fu);
    *pff = ff;
    *pfu = fu;
}

SWOMP_AVX2_TARGET static void split4(const uint8_t *flags, const unsigned char *src, size_t lo,
                                     size_t hi, swomp_stage *sf, swomp_stage *su) {
    /* a chunk adds at most SWOMP_STAGE_CHUNK_BYTES to a stage, and a store may reach
     * 28 bytes past the fill: within the stage's 64 bytes of slack */
    const size_t chunk = SWOMP_STAGE_CHUNK_BYTES / 4;
    for (size_t c0 = lo; c0 < hi; c0 += chunk) {
        size_t c1 = hi - c0 < chunk ? hi : c0 + chunk, ff = sf->fill, fu = su ? su->fill : 0;
        if (su)
            append_chunk(flags, src, c0, c1, sf->buf, &ff, su->buf, &fu, 1);
        else
            append_chunk(flags, src, c0, c1, sf->buf, &ff, NULL, &fu, 0);
        sf->fill = ff;
        if (ff >= SWOMP_STAGE_FLUSH_BYTES) swomp_stage_flush(sf);
        if (su) {
            su->fill = fu;
            if (fu >= SWOMP_STAGE_FLUSH_BYTES) swomp_stage_flush(su);
        }
    }
}

/* Counts the zero flags, 32 per compare: a compare gives -1 per zero byte, negated to
 * 1, and psadbw sums each 8 of those straight into a 64-bit lane (no byte counter
 * that could overflow). */
SWOMP_AVX2_TARGET static size_t count_set(const uint8_t *flags, size_t lo, size_t hi) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i zeros = zero; /* 64-bit lanes: zero flags seen */
    size_t i = lo;
    for (; i + 32 <= hi; i += 32) {
        __m256i f = _mm256_loadu_si256((const __m256i *)(const void *)(flags + i));
        __m256i z = _mm256_sub_epi8(zero, _mm256_cmpeq_epi8(f, zero)); /* 1 where zero */
        zeros = _mm256_add_epi64(zeros, _mm256_sad_epu8(z, zero));
    }
    uint64_t lane[4];
    _mm256_storeu_si256((__m256i *)(void *)lane, zeros);
    size_t set = (i - lo) - (size_t)(lane[0] + lane[1] + lane[2] + lane[3]);
    for (; i < hi; i++)
        set += flags[i] != 0;
    return set;
}

int swomp_count_flags_avx2(const uint8_t *flags, size_t lo, size_t hi, size_t *count) {
    if (!__builtin_cpu_supports("avx2")) return 0;
    *count = count_set(flags, lo, hi);
    return 1;
}

int swomp_split4_avx2(const uint8_t *flags, const unsigned char *src, size_t lo, size_t hi,
                      swomp_stage *sf, swomp_stage *su) {
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("bmi2")) return 0;
    split4(flags, src, lo, hi, sf, su);
    return 1;
}

#else

int swomp_count_flags_avx2(const uint8_t *flags, size_t lo, size_t hi, size_t *count) {
    (void)flags;
    (void)lo;
    (void)hi;
    (void)count;
    return 0;
}

int swomp_split4_avx2(const uint8_t *flags, const unsigned char *src, size_t lo, size_t hi,
                      swomp_stage *sf, swomp_stage *su) {
    (void)flags;
    (void)src;
    (void)lo;
    (void)hi;
    (void)sf;
    (void)su;
    return 0;
}

#endif
