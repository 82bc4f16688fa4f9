/*
 * rtc_run_check.c -- sweep-rtc-run-check --backend cuda [--log2-n K]: custom
 * operators and comparators compiled at run time (NVRTC) and run on a CUDA device:
 *  1. the first custom scan of a process with an empty disk cache compiles its
 *     program, and a second process on the same cache loads it without compiling
 *     (the plugin's counters say which happened);
 *  2. a custom-comparator merge sort with values on the generic path obtains one
 *     program (tile sort, partitions and merges all take the value size's program),
 *     and its result is sorted and stable;
 *  3. an affine-map (f32, f32) inclusive scan of 2^K elements (default 20) equals a
 *     sequential fold exactly: every partial composition is integer-valued;
 *  4. comparators of one name but different sources, one after the other in one
 *     context (the second created where the first was destroyed), each sort by its
 *     own order, and a repeated call finds its program in the context's cache.
 * What a custom operator costs against a built-in one is measured by sweep-bench
 * (affine_scan, and --tuning=custom_compare). Exit 0: all as expected; 1: a failure;
 * 77: no CUDA device (CTest shows the test as skipped).
 */
#define _GNU_SOURCE
#include "backends.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct affine {
    float a, b;
} affine;

static void affine_compose(const void *x, const void *y, void *out, void *user) {
    const affine *f = x, *s = y;
    affine r;
    (void)user;
    r.a = s->a * f->a;
    r.b = s->a * f->b + s->b;
    *(affine *)out = r;
}

static const char affine_source[] =
    "struct affine { float a, b; };\n"
    "__device__ affine affine_map(affine f, affine s) {\n"
    "    affine r; r.a = s.a * f.a; r.b = s.a * f.b + s.b; return r;\n"
    "}\n";

typedef void (*stats_fn)(unsigned long long *, unsigned long long *, unsigned long long *,
                         double *);

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

#define CHECK(call)                                                                                \
    do {                                                                                           \
        sweep_status st_ = (call);                                                                 \
        if (st_ != SWEEP_OK) {                                                                     \
            fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,                     \
                    sweep_status_string(st_), sweep_last_error());                                 \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static stats_fn plugin_stats(void) {
    sweep_backend_info info;
    if (sweep_backend_query(SWEEP_BACKEND_CUDA, &info) != SWEEP_OK || !info.path[0]) return NULL;
    void *lib = dlopen(info.path, RTLD_LAZY | RTLD_NOLOAD);
    if (!lib) return NULL;
    stats_fn f;
    void *sym = dlsym(lib, "sweep_cuda_rtc_stats");
    memcpy(&f, &sym, sizeof f);
    return f;
}

/* A CUDA context (fused path) and the affine-map operator; exits on failure. */
static void affine_context(sweep_context **ctx, sweep_custom_op **op) {
    sweep_context_desc cd = {SWEEP_BACKEND_CUDA, 0, 0, 0};
    CHECK(sweep_context_create(ctx, &cd));
    const affine id = {1.0f, 0.0f};
    sweep_custom_op_desc d = {"affine_map", sizeof(affine), 4, &id, affine_compose,
                              NULL,         affine_source};
    CHECK(sweep_custom_op_create(op, &d));
}

/* Time of the first custom scan on a fresh context, and what the plugin did. */
static int first_call(const char *who) {
    sweep_context *ctx;
    sweep_custom_op *op;
    affine_context(&ctx, &op);
    affine *buf;
    CHECK(sweep_malloc(ctx, (void **)&buf, 1024 * sizeof(affine)));
    CHECK(sweep_memset(ctx, buf, 0, 1024 * sizeof(affine)));
    const double t0 = now_ms();
    CHECK(sweep_scan(ctx, sweep_op_custom(op), buf, buf, 1024, SWEEP_INCLUSIVE));
    CHECK(sweep_synchronize(ctx));
    const double dt = now_ms() - t0;
    unsigned long long compiled = 0, disk = 0, mem = 0;
    double compile_ms = 0;
    stats_fn stats = plugin_stats();
    if (stats) stats(&compiled, &disk, &mem, &compile_ms);
    printf("%s: first custom scan %.1f ms (programs compiled %llu, loaded from disk cache %llu; "
           "NVRTC time %.1f ms)\n",
           who, dt, compiled, disk, compiled ? compile_ms : 0.0);
    sweep_free(ctx, buf);
    sweep_custom_op_destroy(op);
    sweep_context_destroy(ctx);
    if (!stats) return 2;
    return (int)(compiled > 0 ? 10 : 0) + (int)(disk > 0 ? 1 : 0);
}

static int less_u64(const void *a, const void *b, void *user) {
    uint64_t x, y;
    (void)user;
    memcpy(&x, a, 8);
    memcpy(&y, b, 8);
    return x < y;
}

/* 2: a generic-path merge sort of u64 keys by a custom comparator, with u32 values
 * (their input positions), over several tiles: sorted, stable, and one program
 * obtained (compiled or loaded) for the whole sort. Returns 0 when all hold. */
static int generic_sort_programs(void) {
    sweep_context_desc cd = {SWEEP_BACKEND_CUDA, 0, SWEEP_OPTION_GENERIC, 0};
    sweep_context *ctx;
    CHECK(sweep_context_create(&ctx, &cd));
    /* a source of its own (the time in it), so no cache of an earlier run has it */
    char src[160];
    snprintf(src, sizeof src,
             "__device__ bool less_u64(unsigned long long a, unsigned long long b) {\n"
             "    return a < b; /* %.0f */\n}\n",
             now_ms());
    sweep_custom_compare_desc d = {"less_u64", 8, 8, less_u64, NULL, src};
    sweep_custom_compare *cc;
    CHECK(sweep_custom_compare_create(&cc, &d));
    const size_t n = 100003;
    uint64_t *keys = malloc(n * 8);
    uint32_t *vals = malloc(n * 4);
    if (!keys || !vals) {
        fprintf(stderr, "out of host memory\n");
        exit(1);
    }
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < n; ++i) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        keys[i] = s % 5000; /* ties, so stability shows */
        vals[i] = (uint32_t)i;
    }
    void *dk, *dv;
    CHECK(sweep_malloc(ctx, &dk, n * 8));
    CHECK(sweep_malloc(ctx, &dv, n * 4));
    CHECK(sweep_memcpy(ctx, dk, keys, n * 8, SWEEP_COPY_HOST_TO_DEVICE));
    CHECK(sweep_memcpy(ctx, dv, vals, n * 4, SWEEP_COPY_HOST_TO_DEVICE));
    unsigned long long c0 = 0, k0 = 0, m0 = 0, c1 = 0, k1 = 0, m1 = 0;
    double ms = 0;
    stats_fn stats = plugin_stats();
    if (stats) stats(&c0, &k0, &m0, &ms);
    CHECK(sweep_merge_sort(ctx, dk, dk, dv, dv, 4, n, sweep_compare_custom(cc)));
    CHECK(sweep_synchronize(ctx));
    if (stats) stats(&c1, &k1, &m1, &ms);
    CHECK(sweep_memcpy(ctx, keys, dk, n * 8, SWEEP_COPY_DEVICE_TO_HOST));
    CHECK(sweep_memcpy(ctx, vals, dv, n * 4, SWEEP_COPY_DEVICE_TO_HOST));
    size_t bad = 0;
    for (size_t i = 1; i < n; ++i)
        bad += keys[i - 1] > keys[i] || (keys[i - 1] == keys[i] && vals[i - 1] > vals[i]);
    const unsigned long long programs = (c1 - c0) + (k1 - k0);
    printf("generic custom merge sort, u64 keys with u32 values, n = %zu: %s; programs "
           "compiled or loaded: %llu (want 1)\n",
           n, bad ? "WRONG" : "sorted and stable", programs);
    sweep_free(ctx, dk);
    sweep_free(ctx, dv);
    free(keys);
    free(vals);
    sweep_custom_compare_destroy(cc);
    sweep_context_destroy(ctx);
    return bad || !stats || programs != 1;
}

static int order_u32(const void *a, const void *b, void *user) {
    uint32_t x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return *(const int *)user ? x > y : x < y;
}

/* Sorts 5000 u32 keys (3 calls) by a comparator named "order_u32" whose source says
 * descending or not; returns 0 when every call sorted by that order and the calls after
 * the first obtained no program (compiled or loaded) but found the first's in memory. */
static int sort_by_named(sweep_context *ctx, int descending) {
    char src[200];
    snprintf(src, sizeof src,
             "__device__ bool order_u32(unsigned a, unsigned b) { return a %c b; }\n",
             descending ? '>' : '<');
    sweep_custom_compare_desc d = {"order_u32", 4, 4, order_u32, &descending, src};
    sweep_custom_compare *cc;
    CHECK(sweep_custom_compare_create(&cc, &d));
    enum { n = 5000 };
    static uint32_t keys[n];
    void *dk;
    CHECK(sweep_malloc(ctx, &dk, sizeof keys));
    stats_fn stats = plugin_stats();
    unsigned long long c[2] = {0, 0}, k[2] = {0, 0}, m[2] = {0, 0};
    double ms;
    int bad = !stats;
    for (int call = 0; call < 3; ++call) {
        uint32_t s = 2463534242u + (uint32_t)call;
        for (size_t i = 0; i < n; ++i) {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            keys[i] = s;
        }
        CHECK(sweep_memcpy(ctx, dk, keys, sizeof keys, SWEEP_COPY_HOST_TO_DEVICE));
        if (stats && call == 1) stats(&c[0], &k[0], &m[0], &ms);
        CHECK(sweep_merge_sort(ctx, dk, dk, NULL, NULL, 0, n, sweep_compare_custom(cc)));
        CHECK(sweep_synchronize(ctx));
        if (stats && call == 2) stats(&c[1], &k[1], &m[1], &ms);
        CHECK(sweep_memcpy(ctx, keys, dk, sizeof keys, SWEEP_COPY_DEVICE_TO_HOST));
        for (size_t i = 1; i < n; ++i)
            bad |= descending ? keys[i - 1] < keys[i] : keys[i - 1] > keys[i];
    }
    const int cached = c[1] == c[0] && k[1] == k[0] && m[1] > m[0];
    printf("comparator 'order_u32' %s: %s; calls after the first %s\n",
           descending ? "descending" : "ascending", bad ? "WRONG order" : "sorted by its order",
           cached ? "used the context's program" : "DID NOT use the context's program");
    sweep_free(ctx, dk);
    sweep_custom_compare_destroy(cc);
    return bad || !cached;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--child") == 0) return first_call("second process");
    int lg = 20;
    if (argc == 5 && strcmp(argv[3], "--log2-n") == 0) {
        lg = atoi(argv[4]);
        argc = 3;
    }
    if (argc != 3 || strcmp(argv[1], "--backend") != 0 || strcmp(argv[2], "cuda") != 0 || lg < 10 ||
        lg > 30) {
        fprintf(stderr, "usage: %s --backend cuda [--log2-n K (10..30)]\n", argv[0]);
        return 2;
    }
    if (t_backend_available(SWEEP_BACKEND_CUDA) <= 0) return T_EXIT_SKIP;
    const size_t n = (size_t)1 << lg;

    /* 1: an empty cache for this run, then a second process on it */
    char dir[] = "/tmp/sweep-rtc-run-check-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    setenv("SWEEP_CACHE_DIR", dir, 1);
    const int first = first_call("first process (empty cache)");
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        execl("/proc/self/exe", argv[0], "--child", (char *)NULL);
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    const int second = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    const int cache_ok = first >= 10 && second == 1;
    printf("disk cache: %s\n",
           cache_ok ? "second process loaded the program without compiling" : "NOT as expected");
    /* 2 */
    const int generic_bad = generic_sort_programs();

    /* 4 */
    sweep_context *named_ctx;
    sweep_context_desc named_desc = {SWEEP_BACKEND_CUDA, 0, 0, 0};
    CHECK(sweep_context_create(&named_ctx, &named_desc));
    const int named_bad =
        sort_by_named(named_ctx, 0) | sort_by_named(named_ctx, 1) | sort_by_named(named_ctx, 0);
    sweep_context_destroy(named_ctx);

    /* 3 */
    sweep_context *ctx;
    sweep_custom_op *op;
    affine_context(&ctx, &op);
    affine *h_in = malloc(n * sizeof(affine)), *h_out = malloc(n * sizeof(affine));
    if (!h_in || !h_out) {
        fprintf(stderr, "out of host memory\n");
        return 1;
    }
    /* a in {1, -1}, b small integers: every partial composition is exact */
    uint64_t s = 88172645463325252ull;
    for (size_t i = 0; i < n; ++i) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        h_in[i].a = (s & 1) ? -1.0f : 1.0f;
        h_in[i].b = (float)((int)((s >> 8) % 17) - 8);
    }
    void *d_in, *d_out;
    CHECK(sweep_malloc(ctx, &d_in, n * sizeof(affine)));
    CHECK(sweep_malloc(ctx, &d_out, n * sizeof(affine)));
    CHECK(sweep_memcpy(ctx, d_in, h_in, n * sizeof(affine), SWEEP_COPY_HOST_TO_DEVICE));
    CHECK(sweep_scan(ctx, sweep_op_custom(op), d_in, d_out, n, SWEEP_INCLUSIVE));
    CHECK(sweep_memcpy(ctx, h_out, d_out, n * sizeof(affine), SWEEP_COPY_DEVICE_TO_HOST));
    size_t bad = 0;
    affine acc = h_in[0];
    for (size_t i = 0; i < n; ++i) {
        if (i) affine_compose(&acc, &h_in[i], &acc, NULL);
        if (memcmp(&acc, &h_out[i], sizeof acc) != 0 && bad++ < 3)
            fprintf(stderr, "mismatch at %zu: got (%g, %g), want (%g, %g)\n", i, h_out[i].a,
                    h_out[i].b, acc.a, acc.b);
    }
    printf("affine (f32, f32) inclusive scan, n = 2^%d: %s (%zu mismatches)\n", lg,
           bad ? "WRONG" : "exact", bad);

    sweep_free(ctx, d_in);
    sweep_free(ctx, d_out);
    free(h_in);
    free(h_out);
    sweep_custom_op_destroy(op);
    sweep_context_destroy(ctx);
    char cmd[64];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return bad || !cache_ok || generic_bad || named_bad ? 1 : 0;
}
