/*
 * rtc_wide_check.c -- sweep-rtc-wide-check --backend serial|openmp|cuda|hip: custom
 * elements of unusual widths (3, 24 and 32 bytes, alignments 1, 4 and 8) through
 * every custom primitive (fused, generic and deterministic paths), compared bit for
 * bit with a sequential fold of the same C function; and a 32-byte key comparator
 * through merge sort (stability checked). The conformance suite's operators stop at
 * 16 bytes. On a GPU backend every operator is compiled at run time; on a CPU backend
 * the same cases run through the C functions. Exit 0: all agree; 1: a failure; 77:
 * the backend is not available (CTest shows the test as skipped).
 */
#define _GNU_SOURCE
#include "backends.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Three independent affine maps on u32 (24 bytes, align 4). */
typedef struct aff3 {
    uint32_t a[3], b[3];
} aff3;
static void aff3_compose(const void *x, const void *y, void *out, void *user) {
    const aff3 *f = x, *s = y;
    aff3 r;
    (void)user;
    for (int i = 0; i < 3; ++i) {
        r.a[i] = s->a[i] * f->a[i];
        r.b[i] = s->a[i] * f->b[i] + s->b[i];
    }
    *(aff3 *)out = r;
}
static const char aff3_src[] = "struct aff3 { uint32_t a[3], b[3]; };\n"
                               "__device__ aff3 aff3_op(const aff3 &f, const aff3 &s) {\n"
                               "  aff3 r; for (int i = 0; i < 3; ++i) {\n"
                               "  r.a[i] = s.a[i] * f.a[i]; r.b[i] = s.a[i] * f.b[i] + s.b[i]; }\n"
                               "  return r; }\n";

/* Two affine maps on u64 (32 bytes, align 8). */
typedef struct aff2w {
    uint64_t a0, b0, a1, b1;
} aff2w;
static void aff2w_compose(const void *x, const void *y, void *out, void *user) {
    const aff2w *f = x, *s = y;
    aff2w r;
    (void)user;
    r.a0 = s->a0 * f->a0;
    r.b0 = s->a0 * f->b0 + s->b0;
    r.a1 = s->a1 * f->a1;
    r.b1 = s->a1 * f->b1 + s->b1;
    *(aff2w *)out = r;
}
static const char aff2w_src[] = "struct aff2w { unsigned long long a0, b0, a1, b1; };\n"
                                "__device__ aff2w aff2w_op(aff2w f, aff2w s) { aff2w r;\n"
                                "  r.a0 = s.a0 * f.a0; r.b0 = s.a0 * f.b0 + s.b0;\n"
                                "  r.a1 = s.a1 * f.a1; r.b1 = s.a1 * f.b1 + s.b1; return r; }\n";

/* An affine map on u8 plus a byte that keeps the last non-zero value (3 bytes). */
typedef struct b3 {
    uint8_t a, b, last;
} b3;
static void b3_compose(const void *x, const void *y, void *out, void *user) {
    const b3 *f = x, *s = y;
    b3 r;
    (void)user;
    r.a = (uint8_t)(s->a * f->a);
    r.b = (uint8_t)(s->a * f->b + s->b);
    r.last = s->last ? s->last : f->last;
    *(b3 *)out = r;
}
static const char b3_src[] = "struct b3 { uint8_t a, b, last; };\n"
                             "__device__ b3 b3_op(b3 f, b3 s) { b3 r;\n"
                             "  r.a = (uint8_t)(s.a * f.a); r.b = (uint8_t)(s.a * f.b + s.b);\n"
                             "  r.last = s.last ? s.last : f.last; return r; }\n";

typedef struct wide_op {
    const char *name, *src;
    size_t size, align;
    sweep_combine_fn fn;
    unsigned char identity[32];
} wide_op;

static uint64_t rng(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Random elements whose multipliers are odd (so products stay informative). */
static void gen(const wide_op *w, unsigned char *p, size_t n, uint64_t *s) {
    for (size_t i = 0; i < n * w->size; ++i)
        p[i] = (unsigned char)rng(s);
    for (size_t i = 0; i < n; ++i) {
        unsigned char *e = p + i * w->size;
        if (w->size == sizeof(aff3))
            for (int k = 0; k < 3; ++k)
                e[k * 4] |= 1;
        else if (w->size == sizeof(aff2w))
            e[0] |= 1, e[16] |= 1;
        else
            e[0] |= 1, e[2] = (e[2] & 3) ? 0 : e[2];
    }
}

#define WCHECK(call, what)                                                                         \
    do {                                                                                           \
        sweep_status st_ = (call);                                                                 \
        if (st_ != SWEEP_OK) {                                                                     \
            printf("  %s: %s (%s)\n", what, sweep_status_string(st_), sweep_last_error());         \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

/* Scan (incl, excl), flags-segmented scan, reduce, segmented reduce of one op. */
static int check_op(sweep_context *ctx, const wide_op *w, size_t n, uint64_t *seed) {
    sweep_custom_op_desc d = {w->name, w->size, w->align, w->identity, w->fn, NULL, w->src};
    sweep_custom_op *op;
    WCHECK(sweep_custom_op_create(&op, &d), "create");
    const size_t es = w->size, nseg = 97;
    /* outputs: n elements, or one per segment for the segmented reduction */
    const size_t cap = n > nseg ? n : nseg;
    unsigned char *in = malloc(n * es), *want = malloc(cap * es), *got = malloc(cap * es);
    uint8_t *flags = malloc(n);
    size_t *offs = malloc((nseg + 1) * sizeof(size_t));
    if (!in || !want || !got || !flags || !offs) return 1;
    gen(w, in, n, seed);
    for (size_t i = 0; i < n; ++i)
        flags[i] = rng(seed) % 1000 == 0;
    offs[0] = 0;
    for (size_t s = 1; s < nseg; ++s)
        offs[s] = offs[s - 1] + (s % 7 == 0 ? 0 : rng(seed) % (2 * n / nseg + 1));
    offs[nseg] = n < offs[nseg - 1] ? offs[nseg - 1] : n;
    for (size_t s = 1; s <= nseg; ++s)
        if (offs[s] > n) offs[s] = n;
    void *d_in, *d_out, *d_flags, *d_offs;
    WCHECK(sweep_malloc(ctx, &d_in, n * es), "malloc");
    WCHECK(sweep_malloc(ctx, &d_out, cap * es), "malloc");
    WCHECK(sweep_malloc(ctx, &d_flags, n), "malloc");
    WCHECK(sweep_malloc(ctx, &d_offs, (nseg + 1) * sizeof(size_t)), "malloc");
    WCHECK(sweep_memcpy(ctx, d_in, in, n * es, SWEEP_COPY_HOST_TO_DEVICE), "copy");
    WCHECK(sweep_memcpy(ctx, d_flags, flags, n, SWEEP_COPY_HOST_TO_DEVICE), "copy");
    WCHECK(sweep_memcpy(ctx, d_offs, offs, (nseg + 1) * sizeof(size_t), SWEEP_COPY_HOST_TO_DEVICE),
           "copy");
    int bad = 0;
    for (int job = 0; job < 5; ++job) {
        size_t outs = job < 3 ? n : job == 3 ? 1 : nseg;
        const int excl = job == 1;
        /* oracle */
        if (job <= 2) {
            for (size_t i = 0; i < n; ++i) {
                const int head = i == 0 || (job == 2 && flags[i]);
                unsigned char *o = want + i * es;
                if (excl) memcpy(o, head ? w->identity : o - es, es);
                if (excl && !head) w->fn(o, in + (i - 1) * es, o, NULL);
                if (!excl) {
                    if (head)
                        memcpy(o, in + i * es, es);
                    else
                        w->fn(o - es, in + i * es, o, NULL);
                }
            }
        } else if (job == 3) {
            memcpy(want, in, es);
            for (size_t i = 1; i < n; ++i)
                w->fn(want, in + i * es, want, NULL);
        } else {
            for (size_t s = 0; s < nseg; ++s) {
                unsigned char *o = want + s * es;
                memcpy(o, w->identity, es);
                for (size_t i = offs[s]; i < offs[s + 1]; ++i)
                    if (i == offs[s])
                        memcpy(o, in + i * es, es);
                    else
                        w->fn(o, in + i * es, o, NULL);
            }
        }
        sweep_op o = sweep_op_custom(op);
        static const char *names[] = {"scan incl", "scan excl", "segmented scan (flags)", "reduce",
                                      "segmented reduce"};
        sweep_status st;
        if (job <= 1)
            st = sweep_scan(ctx, o, d_in, d_out, n, excl ? SWEEP_EXCLUSIVE : SWEEP_INCLUSIVE);
        else if (job == 2)
            st = sweep_segmented_scan_flags(ctx, o, d_in, d_flags, d_out, n, SWEEP_INCLUSIVE);
        else if (job == 3)
            st = sweep_reduce(ctx, o, d_in, n, d_out);
        else
            st = sweep_segmented_reduce(ctx, o, d_in, n, d_offs, nseg, d_out);
        WCHECK(st, names[job]);
        WCHECK(sweep_memcpy(ctx, got, d_out, outs * es, SWEEP_COPY_DEVICE_TO_HOST), "copy back");
        size_t mism = 0;
        for (size_t i = 0; i < outs; ++i)
            mism += memcmp(got + i * es, want + i * es, es) != 0;
        if (mism) {
            printf("  %s %s: %zu of %zu wrong\n", w->name, names[job], mism, outs);
            bad = 1;
        }
    }
    sweep_free(ctx, d_in);
    sweep_free(ctx, d_out);
    sweep_free(ctx, d_flags);
    sweep_free(ctx, d_offs);
    free(in);
    free(want);
    free(got);
    free(flags);
    free(offs);
    sweep_custom_op_destroy(op);
    return bad;
}

/* 32-byte keys ordered by their first u64 only; the last u64 records the input
 * position, so the output must have it increasing among equal first words. */
typedef struct key32 {
    uint64_t k, pad1, pad2, pos;
} key32;
static int key32_less(const void *a, const void *b, void *user) {
    (void)user;
    return ((const key32 *)a)->k < ((const key32 *)b)->k;
}
static const char key32_src[] =
    "struct key32 { unsigned long long k, p1, p2, pos; };\n"
    "__device__ bool key32_less(key32 a, key32 b) { return a.k < b.k; }\n";

static int check_sort(sweep_context *ctx, size_t n, uint64_t *seed) {
    sweep_custom_compare_desc d = {"key32_less", sizeof(key32), 8, key32_less, NULL, key32_src};
    sweep_custom_compare *cmp;
    WCHECK(sweep_custom_compare_create(&cmp, &d), "compare create");
    key32 *h = malloc(n * sizeof *h);
    uint32_t *vals = malloc(n * sizeof *vals);
    if (!h || !vals) return 1;
    for (size_t i = 0; i < n; ++i) {
        h[i].k = rng(seed) % 1000;
        h[i].pad1 = h[i].pad2 = i * 3;
        h[i].pos = i;
        vals[i] = (uint32_t)i;
    }
    void *dk, *dv;
    WCHECK(sweep_malloc(ctx, &dk, n * sizeof *h), "malloc");
    WCHECK(sweep_malloc(ctx, &dv, n * sizeof *vals), "malloc");
    WCHECK(sweep_memcpy(ctx, dk, h, n * sizeof *h, SWEEP_COPY_HOST_TO_DEVICE), "copy");
    WCHECK(sweep_memcpy(ctx, dv, vals, n * sizeof *vals, SWEEP_COPY_HOST_TO_DEVICE), "copy");
    WCHECK(sweep_merge_sort(ctx, dk, dk, dv, dv, 4, n, sweep_compare_custom(cmp)), "merge sort");
    WCHECK(sweep_memcpy(ctx, h, dk, n * sizeof *h, SWEEP_COPY_DEVICE_TO_HOST), "copy back");
    WCHECK(sweep_memcpy(ctx, vals, dv, n * sizeof *vals, SWEEP_COPY_DEVICE_TO_HOST), "copy back");
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        if (vals[i] != h[i].pos || h[i].pad1 != h[i].pos * 3) ++bad;
        if (i && (h[i - 1].k > h[i].k || (h[i - 1].k == h[i].k && h[i - 1].pos >= h[i].pos))) ++bad;
    }
    if (bad) printf("  32-byte key merge sort: %zu wrong\n", bad);
    sweep_free(ctx, dk);
    sweep_free(ctx, dv);
    free(h);
    free(vals);
    sweep_custom_compare_destroy(cmp);
    return bad != 0;
}

int main(int argc, char **argv) {
    sweep_backend backend;
    const int skip = t_backend_arg(argc, argv, &backend);
    if (skip) return skip;
    wide_op ops[3];
    memset(ops, 0, sizeof ops);
    const aff3 id3 = {{1, 1, 1}, {0, 0, 0}};
    const aff2w idw = {1, 0, 1, 0};
    const b3 idb = {1, 0, 0};
    ops[0] = (wide_op){"aff3_op", aff3_src, sizeof(aff3), 4, aff3_compose, {0}};
    memcpy(ops[0].identity, &id3, sizeof id3);
    ops[1] = (wide_op){"aff2w_op", aff2w_src, sizeof(aff2w), 8, aff2w_compose, {0}};
    memcpy(ops[1].identity, &idw, sizeof idw);
    ops[2] = (wide_op){"b3_op", b3_src, sizeof(b3), 1, b3_compose, {0}};
    memcpy(ops[2].identity, &idb, sizeof idb);
    int bad = 0;
    static const unsigned opts[] = {0, SWEEP_OPTION_GENERIC, SWEEP_OPTION_DETERMINISTIC};
    static const char *paths[] = {"fused", "generic", "deterministic"};
    for (int p = 0; p < 3; ++p) {
        const unsigned opt = opts[p];
        sweep_context_desc cd = {backend, 0, opt, 0};
        sweep_context *ctx;
        if (sweep_context_create(&ctx, &cd) != SWEEP_OK) {
            printf("no context: %s\n", sweep_last_error());
            return 1;
        }
        uint64_t seed = 0x9e3779b97f4a7c15ull;
        const size_t sizes[] = {1, 4097, 300007};
        for (int k = 0; k < 3; ++k)
            for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i)
                bad |= check_op(ctx, &ops[k], sizes[i], &seed);
        bad |= check_sort(ctx, 100003, &seed);
        printf("wide custom elements (3, 24, 32 bytes; 32-byte sort keys), %s path: %s\n", paths[p],
               bad ? "FAILED" : "all exact");
        sweep_context_destroy(ctx);
    }
    return bad;
}
