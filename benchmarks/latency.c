/*
 * latency.c -- sweep-latency: what a call of each primitive costs the host and how long
 * until its result is there, for small and mid sizes, on one backend (a GPU one above
 * all). For each primitive and size it prints, in microseconds, the median over the
 * calls of:
 *   call: the host's time inside the call (validation, scratch, launches); on a GPU
 *         the work is asynchronous, so this is what the host pays before it may go on;
 *   total: the call and sweep_synchronize, the time until the result may be read.
 * Where call is close to total, the host's launches are what the call waits for.
 *
 *   sweep-latency [--backend=cuda|hip|openmp|serial] [--min=10] [--max=20] [--step=2]
 *                 [--calls=200]
 *
 * Elements are u32 (segmented reduce: segments of 16; split: every other flagged);
 * the merge sort runs once with the built-in order and once through a comparator
 * compiled at run time (GPU) or called through a pointer (CPU).
 */
#define _POSIX_C_SOURCE 200809L
#include <sweep/sweep.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    P_SCAN,
    P_REDUCE,
    P_SEGREDUCE,
    P_SPLIT,
    P_RADIX,
    P_RADIX_PAIRS,
    P_MERGE_SORT,
    P_MERGE_SORT_CUSTOM,
    P_COUNT
};
static const char *const names[P_COUNT] = {"scan",  "reduce",      "segreduce16", "split",
                                           "radix", "radix_pairs", "merge_sort",  "merge_custom"};

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int less_u32(const void *a, const void *b, void *user) {
    (void)user;
    uint32_t x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x < y;
}

typedef struct bufs {
    void *keys, *keys2, *vals, *vals2, *out, *flags, *count;
    size_t *offsets;
} bufs;

static sweep_status call(sweep_context *ctx, int p, const bufs *b, size_t n,
                         const sweep_custom_compare *custom) {
    const sweep_op sum = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32);
    sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32);
    switch (p) {
    case P_SCAN: return sweep_scan(ctx, sum, b->keys, b->keys2, n, 0);
    case P_REDUCE: return sweep_reduce(ctx, sum, b->keys, n, b->out);
    case P_SEGREDUCE:
        return sweep_segmented_reduce(ctx, sum, b->keys, n, b->offsets, n / 16, b->keys2);
    case P_SPLIT:
        return sweep_split(ctx, (const uint8_t *)b->flags, b->keys, b->keys2, 4, NULL, NULL, 0, n,
                           (size_t *)b->count);
    case P_RADIX: return sweep_radix_sort(ctx, b->keys, b->keys2, NULL, NULL, n, &d);
    case P_RADIX_PAIRS:
        d.value_size = 4;
        return sweep_radix_sort(ctx, b->keys, b->keys2, b->vals, b->vals2, n, &d);
    case P_MERGE_SORT:
        return sweep_merge_sort(ctx, b->keys, b->keys2, NULL, NULL, 0, n,
                                sweep_compare_builtin(SWEEP_U32, 0));
    default:
        return sweep_merge_sort(ctx, b->keys, b->keys2, NULL, NULL, 0, n,
                                sweep_compare_custom(custom));
    }
}

static int arg_int(const char *a, const char *name, int *v) {
    const size_t l = strlen(name);
    if (strncmp(a, name, l) != 0) return 0;
    *v = atoi(a + l);
    return 1;
}

int main(int argc, char **argv) {
    int lo = 10, hi = 20, step = 2, calls = 200;
    sweep_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.backend = SWEEP_BACKEND_CUDA;
    for (int i = 1; i < argc; ++i) {
        if (arg_int(argv[i], "--min=", &lo) || arg_int(argv[i], "--max=", &hi) ||
            arg_int(argv[i], "--step=", &step) || arg_int(argv[i], "--calls=", &calls))
            continue;
        if (strncmp(argv[i], "--backend=", 10) == 0) {
            const char *b = argv[i] + 10;
            desc.backend = strcmp(b, "hip") == 0      ? SWEEP_BACKEND_HIP
                           : strcmp(b, "openmp") == 0 ? SWEEP_BACKEND_OPENMP
                           : strcmp(b, "serial") == 0 ? SWEEP_BACKEND_SERIAL
                                                      : SWEEP_BACKEND_CUDA;
            continue;
        }
        fprintf(stderr, "usage: sweep-latency [--backend=cuda|hip|openmp|serial] [--min=10] "
                        "[--max=20] [--step=2] [--calls=200]\n");
        return 2;
    }
    if (lo < 4 || hi > 28 || lo > hi || step < 1 || calls < 1) {
        fprintf(stderr, "sweep-latency: sizes 2^4..2^28, step and calls positive\n");
        return 2;
    }
    sweep_context *ctx = NULL;
    if (sweep_context_create(&ctx, &desc) != SWEEP_OK) {
        fprintf(stderr, "sweep-latency: no context: %s\n", sweep_last_error());
        return 1;
    }
    sweep_custom_compare *custom = NULL;
    sweep_custom_compare_desc cd;
    memset(&cd, 0, sizeof cd);
    cd.name = "less_u32";
    cd.key_size = 4;
    cd.key_align = 4;
    cd.less = less_u32;
    cd.device_source = "__device__ bool less_u32(uint32_t a, uint32_t b) { return a < b; }\n";
    if (sweep_custom_compare_create(&custom, &cd) != SWEEP_OK) {
        fprintf(stderr, "sweep-latency: %s\n", sweep_last_error());
        return 1;
    }
    const size_t nmax = (size_t)1 << hi;
    uint32_t *hk = malloc(nmax * 4);
    uint8_t *hf = malloc(nmax);
    size_t *ho = malloc((nmax / 16 + 1) * sizeof *ho);
    double *t_call = malloc((size_t)calls * sizeof *t_call);
    double *t_total = malloc((size_t)calls * sizeof *t_total);
    if (!hk || !hf || !ho || !t_call || !t_total) return 1;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < nmax; ++i) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        hk[i] = (uint32_t)(x >> 11);
        hf[i] = (uint8_t)(i & 1);
    }
    for (size_t s = 0; s <= nmax / 16; ++s)
        ho[s] = s * 16;
    bufs b;
    memset(&b, 0, sizeof b);
    void **all[] = {&b.keys, &b.keys2, &b.vals, &b.vals2, &b.out, &b.flags, &b.count};
    for (size_t i = 0; i < sizeof all / sizeof *all; ++i)
        if (sweep_malloc(ctx, all[i], nmax * 4 + 256) != SWEEP_OK) return 1;
    if (sweep_malloc(ctx, (void **)&b.offsets, (nmax / 16 + 1) * sizeof *ho) != SWEEP_OK ||
        sweep_memcpy(ctx, b.keys, hk, nmax * 4, SWEEP_COPY_HOST_TO_DEVICE) != SWEEP_OK ||
        sweep_memcpy(ctx, b.vals, hk, nmax * 4, SWEEP_COPY_HOST_TO_DEVICE) != SWEEP_OK ||
        sweep_memcpy(ctx, b.flags, hf, nmax, SWEEP_COPY_HOST_TO_DEVICE) != SWEEP_OK ||
        sweep_memcpy(ctx, b.offsets, ho, (nmax / 16 + 1) * sizeof *ho, SWEEP_COPY_HOST_TO_DEVICE) !=
            SWEEP_OK) {
        fprintf(stderr, "sweep-latency: %s\n", sweep_last_error());
        return 1;
    }
    sweep_backend be;
    sweep_context_backend(ctx, &be);
    printf("backend %s; median of %d calls; us: call (host) / total (call + synchronize)\n",
           sweep_backend_name(be), calls);
    printf("%-14s", "log2 n");
    for (int e = lo; e <= hi; e += step)
        printf(" %15d", e);
    printf("\n");
    for (int p = 0; p < P_COUNT; ++p) {
        printf("%-14s", names[p]);
        for (int e = lo; e <= hi; e += step) {
            const size_t n = (size_t)1 << e;
            sweep_status st = call(ctx, p, &b, n, custom); /* warm-up (compiles) */
            if (st == SWEEP_OK) st = sweep_synchronize(ctx);
            for (int c = 0; c < calls && st == SWEEP_OK; ++c) {
                const double t0 = now_us();
                st = call(ctx, p, &b, n, custom);
                const double t1 = now_us();
                if (st == SWEEP_OK) st = sweep_synchronize(ctx);
                t_call[c] = t1 - t0;
                t_total[c] = now_us() - t0;
            }
            if (st != SWEEP_OK) {
                printf(" %15s", "failed");
                fprintf(stderr, "%s 2^%d: %s\n", names[p], e, sweep_last_error());
                continue;
            }
            qsort(t_call, (size_t)calls, sizeof *t_call, cmp_double);
            qsort(t_total, (size_t)calls, sizeof *t_total, cmp_double);
            printf(" %7.1f/%7.1f", t_call[calls / 2], t_total[calls / 2]);
        }
        printf("\n");
        fflush(stdout);
    }
    for (size_t i = 0; i < sizeof all / sizeof *all; ++i)
        sweep_free(ctx, *all[i]);
    sweep_free(ctx, b.offsets);
    sweep_custom_compare_destroy(custom);
    sweep_context_destroy(ctx);
    free(hk);
    free(hf);
    free(ho);
    free(t_call);
    free(t_total);
    return 0;
}
