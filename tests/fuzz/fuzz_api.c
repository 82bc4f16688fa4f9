/*
 * sweep-fuzz: a libFuzzer harness over the public API. Each input decodes into one
 * call (fuzz_call_decode.c) that runs on a serial and an OpenMP context (fused or generic
 * path, as the input says) on copies of one arena, and, where SWEEP_FUZZ_DEVICE names
 * a GPU backend (cuda or hip), on that backend too, with the arena copied to device
 * memory and back:
 *  - a call the contract makes invalid must return SWEEP_ERR_INVALID_ARGUMENT with a
 *    message naming the function, and leave every byte of the arena as it was;
 *  - a valid call must return SWEEP_OK and leave exactly the oracle's bytes (floating
 *    MIN/MAX by value), or, for floating SUM/PROD, which have no exact answer, run on
 *    SWEEP_OPTION_DETERMINISTIC contexts and give the same bits on both backends.
 * A disagreement prints what differs and aborts, which libFuzzer reports as a crash
 * with the input saved.
 */
#include "backends.h"
#include "custom.h"
#include "fuzz_call.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* [backend][path]: backends serial, OpenMP and the device (if asked for); path 0
 * fused, 1 generic, 2 deterministic. */
#define FZ_BACKENDS 3
static sweep_context *g_ctx[FZ_BACKENDS][3];
static const char *g_backend_names[FZ_BACKENDS] = {"serial", "openmp", "device"};
static const char *const g_path_names[3] = {"fused", "generic", "deterministic"};
/* Each device context's arena (device memory), grown as calls need. */
static void *g_dev_arena[3];
static size_t g_dev_bytes[3];
static int g_device_missing;

static void die(const fz_call *c, const char *backend, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void die(const fz_call *c, const char *backend, const char *path, const char *fmt, ...) {
    fprintf(stderr, "\n== sweep-fuzz: %s on %s (%s path), n=%zu nseg=%zu", c->fn, backend, path,
            c->n, c->nseg);
    if (c->mutation) fprintf(stderr, ", invalid by: %s", c->mutation);
    fprintf(stderr, "\n== ");
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    abort();
}

static sweep_context *make_context(sweep_backend backend, unsigned options) {
    sweep_context_desc d;
    memset(&d, 0, sizeof d);
    d.backend = backend;
    d.options = options;
    /* two workers split every call, so thread boundaries are exercised even on the
     * smallest machine; SWEEP_FUZZ_THREADS overrides */
    const char *t = getenv("SWEEP_FUZZ_THREADS");
    d.num_threads = backend == SWEEP_BACKEND_OPENMP ? (t ? atoi(t) : 2) : 0;
    sweep_context *ctx = NULL;
    if (sweep_context_create(&ctx, &d) != SWEEP_OK) return NULL;
    return ctx;
}

/* The custom comparator's device form (fz_mod_less). */
#define FZ_STR_(x) #x
#define FZ_STR(x) FZ_STR_(x)
static const char mod_less_device_source[] =
    "__device__ bool fuzz_mod_less(uint32_t a, uint32_t b) {\n"
    "    return a % " FZ_STR(FZ_MOD) " < b % " FZ_STR(FZ_MOD) ";\n"
                                                              "}\n";

/* SWEEP_FUZZ_DEVICE=cuda|hip adds that backend; unset or empty adds none. */
static sweep_backend device_backend(void) {
    const char *d = getenv("SWEEP_FUZZ_DEVICE");
    if (!d || !d[0]) return SWEEP_BACKEND_AUTO;
    sweep_backend b;
    if (t_parse_backend(d, &b) && (b == SWEEP_BACKEND_CUDA || b == SWEEP_BACKEND_HIP)) return b;
    fprintf(stderr, "sweep-fuzz: SWEEP_FUZZ_DEVICE=%s is neither cuda nor hip\n", d);
    abort();
}

int fz_device_missing(void) {
    return g_device_missing;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    static const unsigned options[3] = {0, SWEEP_OPTION_GENERIC, SWEEP_OPTION_DETERMINISTIC};
    const sweep_backend dev = device_backend();
    const sweep_backend backends[FZ_BACKENDS] = {SWEEP_BACKEND_SERIAL, SWEEP_BACKEND_OPENMP, dev};
    for (int b = 0; b < FZ_BACKENDS; ++b)
        for (int p = 0; p < 3; ++p)
            g_ctx[b][p] =
                b < 2 || dev != SWEEP_BACKEND_AUTO ? make_context(backends[b], options[p]) : NULL;
    if (!g_ctx[0][0]) {
        fprintf(stderr, "sweep-fuzz: no serial context: %s\n", sweep_last_error());
        abort();
    }
    if (!g_ctx[1][0])
        fprintf(stderr, "sweep-fuzz: the OpenMP backend is absent; fuzzing serial only\n");
    if (dev != SWEEP_BACKEND_AUTO) {
        g_backend_names[2] = sweep_backend_name(dev);
        for (int p = 0; p < 3; ++p)
            if (!g_ctx[2][p]) g_device_missing = 1;
        if (g_device_missing)
            fprintf(stderr, "sweep-fuzz: the %s backend is unavailable: %s\n", g_backend_names[2],
                    sweep_last_error());
    }
    const sweep_custom_op_desc d = t_affine32_desc();
    static sweep_custom_op *op;
    if (sweep_custom_op_create(&op, &d) != SWEEP_OK) abort();
    fz_set_custom_op(op);
    const sweep_custom_compare_desc cd =
        t_compare_desc("fuzz_mod_less", 4, 4, fz_mod_less, mod_less_device_source);
    static sweep_custom_compare *cmp;
    if (sweep_custom_compare_create(&cmp, &cd) != SWEEP_OK) abort();
    fz_set_custom_compare(cmp);
    return 0;
}

static int float_equal(const fz_region *r, const uint8_t *a, const uint8_t *b) {
    double x, y;
    if (r->float_dtype == SWEEP_F32) {
        float fx, fy;
        memcpy(&fx, a, 4);
        memcpy(&fy, b, 4);
        x = fx;
        y = fy;
    } else {
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
    }
    if (x != x) return y != y || y == r->identity;
    if (y != y) return x == r->identity;
    return x == y;
}

static int is_nan(sweep_dtype dtype, const uint8_t *p) {
    if (dtype == SWEEP_F32) {
        float f;
        memcpy(&f, p, 4);
        return f != f;
    }
    double x;
    memcpy(&x, p, 8);
    return x != x;
}

/* The first byte offset where got and want differ, honouring float regions; SIZE_MAX
 * when they agree. */
static size_t arena_diff(const fz_call *c, const uint8_t *got, const uint8_t *want) {
    for (size_t i = 0; i < c->arena; ++i) {
        if (got[i] == want[i]) continue;
        int forgiven = 0;
        for (int g = 0; g < c->nout && !forgiven; ++g) {
            const fz_region *r = &c->out[g];
            if (r->float_dtype == SWEEP_U8 || i < r->off || i >= r->off + r->bytes) continue;
            size_t e = r->off + (i - r->off) / r->elem * r->elem;
            forgiven = float_equal(r, got + e, want + e);
        }
        if (!forgiven) return i;
    }
    return (size_t)-1;
}

static const char *where(const fz_call *c, size_t off, char *buf, size_t len) {
    static const char *const names[FZ_MAX_ARRAYS] = {"a0", "a1", "a2", "a3",
                                                     "a4", "a5", "a6", "a7"};
    for (int i = 0; i < FZ_MAX_ARRAYS; ++i)
        if (c->a[i].off != FZ_NULL && off >= c->a[i].off && off < c->a[i].off + c->a[i].bytes) {
            snprintf(buf, len, "array %s byte %zu", names[i], off - c->a[i].off);
            return buf;
        }
    snprintf(buf, len, "a guard byte at arena offset %zu", off);
    return buf;
}

/* die() for a failure of the harness's own device memory calls. */
static void die_device(const fz_call *c, const char *what, sweep_status st) {
    die(c, g_backend_names[2], "-", "%s failed: %s: %s", what, sweep_status_string(st),
        sweep_last_error());
}

/* The call on device context ctx (path p): the arena goes to device memory, the call
 * runs there, and the arena comes back into work, also when the call was refused (it
 * must have written nothing). *msg is the call's own sweep_last_error(), copied before
 * the copies back overwrite it. */
static sweep_status invoke_on_device(const fz_call *c, sweep_context *ctx, int p, uint8_t *work,
                                     size_t bytes, const char **msg) {
    static char saved[1024];
    sweep_status st;
    if (g_dev_bytes[p] < bytes) {
        if ((st = sweep_free(ctx, g_dev_arena[p])) != SWEEP_OK) die_device(c, "sweep_free", st);
        g_dev_arena[p] = NULL;
        g_dev_bytes[p] = 0;
        if ((st = sweep_malloc(ctx, &g_dev_arena[p], bytes)) != SWEEP_OK)
            die_device(c, "sweep_malloc", st);
        g_dev_bytes[p] = bytes;
    }
    uint8_t *dev = g_dev_arena[p];
    if ((st = sweep_memcpy(ctx, dev, work, bytes, SWEEP_COPY_HOST_TO_DEVICE)) != SWEEP_OK)
        die_device(c, "sweep_memcpy to the device", st);
    const sweep_status call = fz_invoke(c, ctx, dev);
    snprintf(saved, sizeof saved, "%s", sweep_last_error());
    *msg = saved;
    if (call != SWEEP_OK && call != SWEEP_ERR_INVALID_ARGUMENT) return call;
    if ((st = sweep_synchronize(ctx)) != SWEEP_OK) die_device(c, "sweep_synchronize", st);
    if ((st = sweep_memcpy(ctx, work, dev, bytes, SWEEP_COPY_DEVICE_TO_HOST)) != SWEEP_OK)
        die_device(c, "sweep_memcpy to the host", st);
    return call;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader r;
    fz_reader_init(&r, data, size);
    fz_call c;
    fz_decode_call(&r, &c);
    const uint8_t path_bits = fz_u8(&r);

    const size_t bytes = (c.arena + 255) & ~(size_t)255;
    uint8_t *init = aligned_alloc(256, bytes), *want = aligned_alloc(256, bytes);
    uint8_t *work = aligned_alloc(256, bytes), *first = aligned_alloc(256, bytes);
    if (!init || !want || !work || !first) abort();
    memset(init, 0xA5, bytes);
    fz_fill_inputs(&r, &c, init);
    memcpy(want, init, bytes);
    if (!c.invalid && !c.float_sum) fz_expect(&c, want);

    char buf[96];
    int have_first = 0;
    for (int b = 0; b < FZ_BACKENDS; ++b) {
        int p = c.float_sum ? 2 : ((path_bits >> b) & 1);
        sweep_context *ctx = g_ctx[b][p];
        if (!ctx) continue;
        const char *bn = g_backend_names[b], *pn = g_path_names[p];
        memcpy(work, init, bytes);
        sweep_status st;
        const char *msg;
        if (b < 2) {
            st = fz_invoke(&c, ctx, work);
            msg = sweep_last_error();
        } else {
            st = invoke_on_device(&c, ctx, p, work, bytes, &msg);
        }
        if (c.invalid) {
            if (st != SWEEP_ERR_INVALID_ARGUMENT)
                die(&c, bn, pn, "got %s, want SWEEP_ERR_INVALID_ARGUMENT (message \"%s\")",
                    sweep_status_string(st), msg);
            if (!strstr(msg, c.fn)) die(&c, bn, pn, "message \"%s\" does not name the call", msg);
            size_t d = arena_diff(&c, work, init);
            if (d != (size_t)-1)
                die(&c, bn, pn, "a refused call wrote %s", where(&c, d, buf, sizeof buf));
            continue;
        }
        if (st != SWEEP_OK) die(&c, bn, pn, "got %s: %s", sweep_status_string(st), msg);
        if (msg[0]) die(&c, bn, pn, "succeeded with message \"%s\"", msg);
        if (!c.float_sum) {
            size_t d = arena_diff(&c, work, want);
            if (d != (size_t)-1)
                die(&c, bn, pn, "%s is 0x%02x, the oracle says 0x%02x",
                    where(&c, d, buf, sizeof buf), work[d], want[d]);
            continue;
        }
        /* floating SUM/PROD: only the output region may change, and both backends must
         * agree bit for bit under SWEEP_OPTION_DETERMINISTIC */
        for (size_t i = 0; i < c.arena; ++i)
            if (work[i] != init[i] && (i < c.out[0].off || i >= c.out[0].off + c.out[0].bytes))
                die(&c, bn, pn, "wrote %s outside its output", where(&c, i, buf, sizeof buf));
        if (!have_first) {
            memcpy(first, work, bytes);
            have_first = 1;
        } else {
            /* bit for bit, except that a NaN may carry another sign and payload */
            const fz_region *o = &c.out[0];
            size_t d = (size_t)-1;
            for (size_t i = 0; i < c.arena && d == (size_t)-1; ++i) {
                if (work[i] == first[i]) continue;
                d = i;
                if (i >= o->off && i < o->off + o->bytes) {
                    const size_t e = o->off + (i - o->off) / o->elem * o->elem;
                    if (is_nan(c.fop.dtype, work + e) && is_nan(c.fop.dtype, first + e))
                        d = (size_t)-1;
                }
            }
            if (d != (size_t)-1)
                die(&c, bn, pn, "deterministic float result differs from serial at %s",
                    where(&c, d, buf, sizeof buf));
        }
    }
    free(init);
    free(want);
    free(work);
    free(first);
    return 0;
}
