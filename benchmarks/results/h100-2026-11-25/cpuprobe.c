/* cpuprobe.c: where a 16-thread scan's time goes on the lent host. */
#define _GNU_SOURCE
#include <emmintrin.h>
#include <immintrin.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t N = (size_t)1 << 27;
static uint32_t *in, *out;

static double now(void) {
    return omp_get_wtime();
}

static uint32_t reduce(const uint32_t *p, size_t n) {
    __m256i a = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        a = _mm256_add_epi32(a, _mm256_loadu_si256((const __m256i *)(p + i)));
    uint32_t t[8];
    _mm256_storeu_si256((__m256i *)t, a);
    uint32_t s = 0;
    for (int k = 0; k < 8; k++)
        s += t[k];
    for (; i < n; i++)
        s += p[i];
    return s;
}
static void ntfill(uint32_t *d, size_t n, uint32_t v) {
    __m128i x = _mm_set1_epi32((int)v);
    for (size_t i = 0; i < n; i += 4)
        _mm_stream_si128((__m128i *)(d + i), x);
}
static uint32_t scan_nt(const uint32_t *s, uint32_t *d, size_t n, uint32_t c, int pf,
                        const uint32_t *next) {
    _Alignas(64) uint32_t st[2048];
    for (size_t a = 0; a < n; a += 2048) {
        size_t m = n - a < 2048 ? n - a : 2048;
        if (pf && next)
            for (size_t q = 0; q < m; q += 16) {
                if (pf == 1)
                    _mm_prefetch((const char *)(next + a + q), _MM_HINT_T1);
                else
                    _mm_prefetch((const char *)(next + a + q), _MM_HINT_T2);
            }
        for (size_t i = 0; i < m; i++) {
            st[i] = c;
            c += s[a + i];
        }
        for (size_t i = 0; i < m; i += 4)
            _mm_stream_si128((__m128i *)(d + a + i), _mm_load_si128((const __m128i *)(st + i)));
    }
    return c;
}
static uint32_t sink;

/* mode: 0 memcpy, 1 read, 2 ntwrite, 3 write, 4 scan blocks (B), 5 scan + prefetch T1, 6 + prefetch
 * T2 */
static double run(int mode, int T, size_t B) {
    double best = 1e9;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now();
#pragma omp parallel num_threads(T)
        {
            int t = omp_get_thread_num();
            size_t lo = N * t / T, hi = N * (t + 1) / T;
            uint32_t acc = 0;
            if (mode == 0)
                memcpy(out + lo, in + lo, (hi - lo) * 4);
            else if (mode == 1)
                acc = reduce(in + lo, hi - lo);
            else if (mode == 2)
                ntfill(out + lo, hi - lo, 7);
            else if (mode == 3)
                for (size_t i = lo; i < hi; i++)
                    out[i] = (uint32_t)i;
            else {
                size_t e = B / 4;
                for (size_t b = lo; b < hi; b += e) {
                    size_t m = hi - b < e ? hi - b : e;
                    uint32_t r = reduce(in + b, m);
                    const uint32_t *next = b + e < hi ? in + b + e : NULL;
                    acc = scan_nt(in + b, out + b, m, acc, mode - 4, next) + r;
                }
                _mm_sfence();
            }
#pragma omp atomic
            sink += acc;
        }
        double t1 = now() - t0;
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
    int Ts[] = {1, 4, 8, 16};
    const char *names[] = {"memcpy",  "read",      "ntwrite",  "write",
                           "scanblk", "scan+pfT1", "scan+pfT2"};
    for (int ti = 0; ti < 4; ti++) {
        int T = Ts[ti];
        for (int m = 0; m < 4; m++) {
            double ms = run(m, T, 0);
            double bytes = (m == 0 ? 2.0 : 1.0) * N * 4;
            printf("T=%2d %-10s %8.2f ms  %6.1f GB/s  (%.2f GB/s/thread)\n", T, names[m], ms,
                   bytes / ms / 1e6, bytes / ms / 1e6 / T);
        }
        if (T >= 8)
            for (int m = 4; m < 7; m++)
                for (size_t B = 64 << 10; B <= 1024 << 10; B *= 4) {
                    double ms = run(m, T, B);
                    printf("T=%2d %-10s B=%4zuK %8.2f ms  ratio to memcpy n/a\n", T, names[m],
                           B >> 10, ms);
                }
        fflush(stdout);
    }
    printf("sink %u\n", sink);
    return 0;
}
