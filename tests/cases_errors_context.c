/* The error contract of contexts, memory and streams, and of calls on contexts
 * that are not live (destroyed, or never created). */
#include "cases_errors.h"
#include "errors_fixture.h"

#include <stdio.h>
#include <string.h>

/* Contexts, memory and streams. */
t_result e_context(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    sweep_context *sentinel = (sweep_context *)(uintptr_t)0x1234, *got = sentinel;
    sweep_context_desc d = {0};
    d.backend = env->backend;
    const char *fn = "sweep_context_create";
    BAD(sweep_context_create(NULL, &d), fn, "out NULL");
    sweep_context_desc x = d;
    x.backend = (sweep_backend)17;
    BAD(sweep_context_create(&got, &x), fn, "an unknown backend");
    x = d;
    x.device = -1;
    BAD(sweep_context_create(&got, &x), fn, "device -1");
    x = d;
    x.num_threads = -2;
    BAD(sweep_context_create(&got, &x), fn, "num_threads -2");
    x = d;
    x.options = 0x80000000u;
    BAD(sweep_context_create(&got, &x), fn, "unknown option bits");
    x = d;
    x.device = 100000;
    e_expect(&t, sweep_context_create(&got, &x), SWEEP_ERR_BACKEND_UNAVAILABLE, fn,
             "device 100000");
    if (got != sentinel) t_fail(&t, "sweep_context_create wrote *out on failure");

    sweep_backend be = SWEEP_BACKEND_AUTO;
    BAD(sweep_context_backend(NULL, &be), "sweep_context_backend", "ctx NULL");
    BAD(sweep_context_backend(ctx, NULL), "sweep_context_backend", "out NULL");
    if (e_expect(&t, sweep_context_backend(ctx, &be), SWEEP_OK, "sweep_context_backend", "ctx") &&
        be != env->backend)
        t_fail(&t, "sweep_context_backend: got %s, want %s", sweep_backend_name(be),
               sweep_backend_name(env->backend));

    void *p = (void *)(uintptr_t)0x1;
    BAD(sweep_malloc(NULL, &p, 64), "sweep_malloc", "ctx NULL");
    BAD(sweep_malloc(ctx, NULL, 64), "sweep_malloc", "ptr NULL");
    if (e_expect(&t, sweep_malloc(ctx, &p, 0), SWEEP_OK, "sweep_malloc", "0 bytes") && p)
        t_fail(&t, "sweep_malloc(0) gave %p, want NULL", p);
    e_expect(&t, sweep_free(ctx, NULL), SWEEP_OK, "sweep_free", "NULL");
    BAD(sweep_free(NULL, out), "sweep_free", "ctx NULL");
    unsigned char host[64] = {0};
    const char *mc = "sweep_memcpy";
    BAD(sweep_memcpy(NULL, host, in, 64, SWEEP_COPY_DEVICE_TO_HOST), mc, "ctx NULL");
    BAD(sweep_memcpy(ctx, NULL, in, 64, SWEEP_COPY_DEVICE_TO_HOST), mc, "dst NULL");
    BAD(sweep_memcpy(ctx, out, NULL, 64, SWEEP_COPY_HOST_TO_DEVICE), mc, "src NULL");
    BAD(sweep_memcpy(ctx, out, in, 64, (sweep_copy_kind)7), mc, "an unknown copy kind");
    BAD(sweep_memcpy(ctx, in + 16, in, 64, SWEEP_COPY_DEVICE_TO_DEVICE), mc, "overlapping ranges");
    BAD(sweep_memset(NULL, out, 0, 64), "sweep_memset", "ctx NULL");
    BAD(sweep_memset(ctx, NULL, 0, 64), "sweep_memset", "dst NULL");

    int cpu = env->backend == SWEEP_BACKEND_SERIAL || env->backend == SWEEP_BACKEND_OPENMP;
    BAD(sweep_context_set_stream(NULL, NULL), "sweep_context_set_stream", "ctx NULL");
    if (cpu) {
        e_expect(&t, sweep_context_set_stream(ctx, NULL), SWEEP_OK, "sweep_context_set_stream",
                 "NULL on a CPU backend");
        e_expect(&t, sweep_context_set_stream(ctx, host), SWEEP_ERR_UNSUPPORTED,
                 "sweep_context_set_stream", "a stream on a CPU backend");
    }
    BAD(sweep_synchronize(NULL), "sweep_synchronize", "ctx NULL");
    e_expect(&t, sweep_synchronize(ctx), SWEEP_OK, "sweep_synchronize", "ctx");
    BAD(sweep_scratch_query_begin(NULL), "sweep_scratch_query_begin", "ctx NULL");
    size_t bytes = 0;
    BAD(sweep_scratch_query_end(NULL, &bytes), "sweep_scratch_query_end", "ctx NULL");
    BAD(sweep_context_set_scratch(NULL, NULL, 0), "sweep_context_set_scratch", "ctx NULL");
    BAD(sweep_context_trim(NULL), "sweep_context_trim", "ctx NULL");
    sweep_context_destroy(NULL); /* a no-op */
    E_END;
}

/* The message of a call on a context that is not live says so. */
static int e_expect_dead(t_state *t, sweep_status got, const char *fn, const char *what) {
    if (!e_expect(t, got, SWEEP_ERR_INVALID_ARGUMENT, fn, what)) return 0;
    if (!strstr(sweep_last_error(), "not a live context"))
        return t_fail(t, "%s with %s: message \"%s\" does not say the context is not live", fn,
                      what, sweep_last_error());
    return 1;
}

#define DEAD(call, fn, what) e_expect_dead(&t, (call), fn, what)

/* A second context of the same backend and a serial one: memory of either handed to
 * env->ctx is refused by sweep_free, and is still usable by its owner afterwards. */
static void e_foreign_memory(t_state *t, sweep_context *ctx, sweep_context *other,
                             sweep_context *serial, unsigned char *in) {
    void *p = NULL, *q = NULL;
    if (!t_ok(t, sweep_malloc(other, &p, 256), "sweep_malloc on a second context") ||
        !t_ok(t, sweep_malloc(serial, &q, 256), "sweep_malloc on a serial context"))
        return;
    e_expect(t, sweep_free(ctx, p), SWEEP_ERR_INVALID_ARGUMENT, "sweep_free",
             "memory of another context");
    if (q != p)
        e_expect(t, sweep_free(ctx, q), SWEEP_ERR_INVALID_ARGUMENT, "sweep_free",
                 "memory of a serial context");
    e_expect(t, sweep_free(ctx, in + 16), SWEEP_ERR_INVALID_ARGUMENT, "sweep_free",
             "a pointer inside an allocation");
    unsigned char host[256];
    memset(host, 0x5a, sizeof host);
    e_expect(t, sweep_memcpy(other, p, host, sizeof host, SWEEP_COPY_HOST_TO_DEVICE), SWEEP_OK,
             "sweep_memcpy", "the refused memory on its own context");
    e_expect(t, sweep_free(serial, q), SWEEP_OK, "sweep_free", "memory on its own context");
    e_expect(t, sweep_free(serial, q), SWEEP_ERR_INVALID_ARGUMENT, "sweep_free",
             "memory freed already");
    /* p stays allocated: destroying `other` must free it (LeakSanitizer checks). */
}

/* Destroyed contexts (and pointers that never were contexts): every function taking a
 * context refuses them without reading through the pointer, and writes nothing. */
t_result e_dead_context(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    sweep_context_desc d = {0};
    d.backend = env->backend;
    d.options = env->options;
    sweep_context *other = NULL, *serial = NULL;
    sweep_context_desc sd = {0};
    sd.backend = SWEEP_BACKEND_SERIAL;
    if (!t_ok(&t, sweep_context_create(&other, &d), "sweep_context_create (second context)") ||
        !t_ok(&t, sweep_context_create(&serial, &sd), "sweep_context_create (serial)")) {
        sweep_context_destroy(other);
        E_END;
    }
    e_foreign_memory(&t, ctx, other, serial, in);
    sweep_context_destroy(serial);
    sweep_context_destroy(other);

    unsigned char never[64];
    sweep_context *dead[3] = {other, serial, (sweep_context *)(void *)never};
    const char *dead_what[3] = {"a destroyed context", "a destroyed serial context",
                                "a pointer that never was a context"};
    for (int i = 0; i < 3; ++i) {
        sweep_context *x = dead[i];
        const char *w = dead_what[i];
        sweep_backend be = (sweep_backend)99;
        DEAD(sweep_context_backend(x, &be), "sweep_context_backend", w);
        if (be != (sweep_backend)99) t_fail(&t, "sweep_context_backend wrote out for %s", w);
        void *p = (void *)(uintptr_t)0x1;
        DEAD(sweep_malloc(x, &p, 64), "sweep_malloc", w);
        if (p != (void *)(uintptr_t)0x1) t_fail(&t, "sweep_malloc wrote *ptr for %s", w);
        DEAD(sweep_free(x, out), "sweep_free", w);
        unsigned char host[64];
        memset(host, 0x11, sizeof host);
        DEAD(sweep_memcpy(x, out, host, 64, SWEEP_COPY_HOST_TO_DEVICE), "sweep_memcpy", w);
        DEAD(sweep_memset(x, out, 0, 64), "sweep_memset", w);
        DEAD(sweep_context_set_stream(x, NULL), "sweep_context_set_stream", w);
        DEAD(sweep_synchronize(x), "sweep_synchronize", w);
        DEAD(sweep_scratch_query_begin(x), "sweep_scratch_query_begin", w);
        size_t bytes = 7;
        DEAD(sweep_scratch_query_end(x, &bytes), "sweep_scratch_query_end", w);
        if (bytes != 7) t_fail(&t, "sweep_scratch_query_end wrote bytes for %s", w);
        DEAD(sweep_context_set_scratch(x, NULL, 0), "sweep_context_set_scratch", w);
        DEAD(sweep_context_trim(x), "sweep_context_trim", w);
        DEAD(sweep_scan(x, e_op_i32(), in, out, E_N, SWEEP_INCLUSIVE), "sweep_scan", w);
        DEAD(sweep_segmented_scan_flags(x, e_op_i32(), in, b->flags, out, E_N, SWEEP_EXCLUSIVE),
             "sweep_segmented_scan_flags", w);
        DEAD(sweep_reduce(x, e_op_i32(), in, E_N, out), "sweep_reduce", w);
        DEAD(sweep_split(x, b->flags, in, out, 4, NULL, NULL, 0, E_N, b->count), "sweep_split", w);
        DEAD(sweep_compact(x, b->flags, in, out, 4, E_N, b->count), "sweep_compact", w);
        sweep_sort_desc sort = sweep_sort_desc_make(SWEEP_U32);
        DEAD(sweep_radix_sort(x, b->keys, out, NULL, NULL, E_N, &sort), "sweep_radix_sort", w);
        DEAD(sweep_merge_sort(x, b->keys, out, NULL, NULL, 0, E_N,
                              sweep_compare_builtin(SWEEP_U32, 0)),
             "sweep_merge_sort", w);
        /* A second destroy is refused (recorded, nothing freed twice). */
        sweep_context_destroy(x);
        if (!strstr(sweep_last_error(), "sweep_context_destroy") ||
            !strstr(sweep_last_error(), "not a live context"))
            t_fail(&t, "sweep_context_destroy of %s: message \"%s\"", w, sweep_last_error());
    }
    /* The test's own context is untouched by all this. */
    e_expect(&t, sweep_synchronize(ctx), SWEEP_OK, "sweep_synchronize", "the live context");
    E_END;
}
