/* cpuprobe3.c: scan inner loops (exclusive u32 sum) as the library would write them. */
#define _GNU_SOURCE
#include <immintrin.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t N = (size_t)1 << 27;
static uint32_t *in, *out;
static uint32_t sink;
#define STAGE 2048

static uint32_t reduce(const uint32_t *p, size_t n) {
    uint32_t l[16] = {0};
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
        for (int k = 0; k < 16; k++)
            l[k] += p[i + k];
    uint32_t s = 0;
    for (int k = 0; k < 16; k++)
        s += l[k];
    for (; i < n; i++)
        s += p[i];
    return s;
}
static void stream(uint32_t *d, const uint32_t *s, size_t m) {
    for (size_t i = 0; i < m; i += 4)
        _mm_stream_si128((__m128i *)(d + i), _mm_load_si128((const __m128i *)(s + i)));
}
/* C: scalar chain into the stage */
static uint32_t scan_scalar(const uint32_t *s, uint32_t *st, size_t m, uint32_t c) {
    for (size_t i = 0; i < m; i++) {
        uint32_t x = s[i];
        st[i] = c;
        c += x;
    }
    return c;
}
/* B: four chains over quarters, then the quarters' carries folded in (vectorised) */
static uint32_t scan_4chain(const uint32_t *s, uint32_t *st, size_t m, uint32_t c) {
    size_t q = m / 4;
    uint32_t c0 = c, c1 = 0, c2 = 0, c3 = 0;
    const uint32_t *s1 = s + q, *s2 = s + 2 * q, *s3 = s + 3 * q;
    uint32_t *t1 = st + q, *t2 = st + 2 * q, *t3 = st + 3 * q;
    for (size_t i = 0; i < q; i++) {
        uint32_t x0 = s[i], x1 = s1[i], x2 = s2[i], x3 = s3[i];
        st[i] = c0;
        t1[i] = c1;
        t2[i] = c2;
        t3[i] = c3;
        c0 += x0;
        c1 += x1;
        c2 += x2;
        c3 += x3;
    }
    uint32_t p1 = c0, p2 = p1 + c1, p3 = p2 + c2;
    for (size_t i = 0; i < q; i++)
        t1[i] += p1;
    for (size_t i = 0; i < q; i++)
        t2[i] += p2;
    for (size_t i = 0; i < q; i++)
        t3[i] += p3;
    c = p3 + c3;
    for (size_t i = 4 * q; i < m; i++) {
        uint32_t x = s[i];
        st[i] = c;
        c += x;
    }
    return c;
}
/* A: AVX2 in-lane steps with identity fill, cross-lane fix, carry by broadcast */
__attribute__((target("avx2"))) static uint32_t scan_avx2(const uint32_t *s, uint32_t *st, size_t m,
                                                          uint32_t c) {
    __m256i id = _mm256_setzero_si256(), cv = _mm256_set1_epi32((int)c);
    const __m256i last = _mm256_set1_epi32(0x0F0E0D0C);
    size_t i = 0;
    for (; i + 8 <= m; i += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(s + i));
        __m256i v = _mm256_add_epi32(_mm256_alignr_epi8(x, id, 12), x);
        v = _mm256_add_epi32(_mm256_alignr_epi8(v, id, 8), v);
        __m256i p = _mm256_shuffle_epi8(_mm256_permute2x128_si256(v, id, 0x02), last);
        v = _mm256_add_epi32(p, v);
        __m256i inc = _mm256_add_epi32(cv, v);
        __m256i lv = _mm256_shuffle_epi8(_mm256_permute2x128_si256(v, v, 0x11), last);
        __m256i ex = _mm256_alignr_epi8(inc, _mm256_permute2x128_si256(cv, inc, 0x20), 12);
        _mm256_store_si256((__m256i *)(st + i), ex);
        cv = _mm256_add_epi32(cv, lv);
    }
    c = (uint32_t)_mm256_cvtsi256_si32(cv);
    for (; i < m; i++) {
        uint32_t x = s[i];
        st[i] = c;
        c += x;
    }
    return c;
}

static double run(int mode, int T, size_t B, int l1) {
    double best = 1e9;
    for (int rep = 0; rep < 7; rep++) {
        double t0 = omp_get_wtime();
#pragma omp parallel num_threads(T)
        {
            int t = omp_get_thread_num();
            size_t lo = N * t / T, hi = N * (t + 1) / T;
            lo &= ~(size_t)63;
            hi = t == T - 1 ? N : hi & ~(size_t)63;
            _Alignas(64) uint32_t st[STAGE];
            uint32_t acc = 0;
            size_t e = B / 4;
            for (size_t b = lo; b < hi; b += e) {
                size_t m = hi - b < e ? hi - b : e;
                uint32_t r = l1 ? 0 : reduce(in + b, m), c = acc;
                for (size_t a = 0; a < m; a += STAGE) {
                    size_t k = m - a < STAGE ? m - a : STAGE;
                    const uint32_t *src = l1 ? in + lo : in + b + a;
                    c = mode == 0   ? scan_scalar(src, st, k, c)
                        : mode == 1 ? scan_4chain(src, st, k, c)
                                    : scan_avx2(src, st, k, c);
                    if (!l1) stream(out + b + a, st, k);
                }
                if (l1) {
                    sink += c;
                    acc += c;
                } else
                    acc += r;
            }
            _mm_sfence();
#pragma omp atomic
            sink += acc;
        }
        double t1 = omp_get_wtime() - t0;
        if (t1 < best) best = t1;
    }
    return best * 1e3;
}

int main(void) {
    in = aligned_alloc(4096, N * 4);
    out = aligned_alloc(4096, N * 4);
#pragma omp parallel for
    for (size_t i = 0; i < N; i++) {
        in[i] = (uint32_t)(i * 2654435761u);
        out[i] = 1;
    }
    for (int m = 0; m < 3; m++) {
        run(m, 1, 512 << 10, 0);
        uint32_t c = 0;
        size_t bad = 0;
        for (size_t i = 0; i < N; i++) {
            if (out[i] != c) bad++;
            c += in[i];
        }
        printf("mode %d check: %zu wrong\n", m, bad);
    }
    const char *names[] = {"scalar", "4chain", "avx2"};
    for (int m = 0; m < 3; m++)
        printf("T= 1 %-7s compute only (L1)  %8.2f ms\n", names[m], run(m, 1, 128 << 10, 1));
    int Ts[] = {1, 16};
    for (int ti = 0; ti < 2; ti++)
        for (int m = 0; m < 3; m++)
            for (size_t B = 128 << 10; B <= 256 << 10; B *= 2)
                printf("T=%2d %-7s B=%3zuK %8.2f ms\n", Ts[ti], names[m], B >> 10,
                       run(m, Ts[ti], B, 0));
    double t0 = omp_get_wtime();
    for (int r = 0; r < 5; r++) {
#pragma omp parallel num_threads(16)
        {
            int t = omp_get_thread_num();
            size_t lo = N * t / 16, hi = N * (t + 1) / 16;
            memcpy(out + lo, in + lo, (hi - lo) * 4);
        }
    }
    printf("T=16 memcpy (mean of 5) %8.2f ms\n", (omp_get_wtime() - t0) / 5 * 1e3);
    printf("sink %u\n", sink);
    return 0;
}
