/* The case state: tracked allocations, poisoned buffers, failure messages. */
#include "harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const size_t t_small_sizes[] = {0, 1, 2, 3, 31, 32, 33};
const size_t t_num_small_sizes = sizeof t_small_sizes / sizeof t_small_sizes[0];
/* tile-1, tile, tile+1 for 1024 and 4096, and primes */
const size_t t_mid_sizes[] = {97, 1023, 1024, 1025, 4095, 4096, 4097, 10007};
const size_t t_num_mid_sizes = sizeof t_mid_sizes / sizeof t_mid_sizes[0];
/* tile-1, tile, tile+1 for 65536, a prime, 2^20 + 3 and one larger case; families
 * sample the dtype x op product here rather than running all of it. */
const size_t t_large_sizes[] = {65535, 65536, 65537, 100003, (1u << 20) + 3, (3u << 20) + 7};
const size_t t_num_large_sizes = sizeof t_large_sizes / sizeof t_large_sizes[0];

void t_register(t_registry *r, const t_case *c, const char *fmt, ...) {
    if (r->len == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 256;
        t_case *p = realloc(r->cases, cap * sizeof *p);
        if (!p) return; /* the count printed by --count then shows the loss */
        r->cases = p;
        r->cap = cap;
    }
    t_case *dst = &r->cases[r->len++];
    *dst = *c;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dst->name, sizeof dst->name, fmt, ap);
    va_end(ap);
}

void t_poison(void *p, size_t bytes) {
    memset(p, (int)T_POISON, bytes);
}

void t_begin(t_state *t, const t_env *env, char *msg, size_t len) {
    memset(t, 0, sizeof *t);
    t->ctx = env->ctx;
    t->env = env;
    t->msg = msg;
    t->len = len;
    if (len) msg[0] = '\0';
}

t_result t_end(t_state *t) {
    for (int i = t->ndev - 1; i >= 0; --i)
        sweep_free(t->ctx, t->dev[i]);
    for (int i = t->nhost - 1; i >= 0; --i)
        free(t->host[i]);
    t->ndev = t->nhost = 0;
    if (t->failed) return T_FAIL;
    return t->skipped ? T_SKIP : T_PASS;
}

int t_fail(t_state *t, const char *fmt, ...) {
    if (!t->failed && t->len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(t->msg, t->len, fmt, ap);
        va_end(ap);
    }
    t->failed = 1;
    return 0;
}

void t_skip(t_state *t, const char *fmt, ...) {
    if (!t->failed && !t->skipped && t->len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(t->msg, t->len, fmt, ap);
        va_end(ap);
    }
    t->skipped = 1;
}

int t_ok(t_state *t, sweep_status st, const char *what) {
    if (st == SWEEP_OK) return 1;
    return t_fail(t, "%s returned %s (%s)", what, sweep_status_string(st), sweep_last_error());
}

void *t_host(t_state *t, size_t bytes) {
    if (t->nhost == T_MAX_ALLOCS) {
        t_fail(t, "test bug: more than %d host allocations", T_MAX_ALLOCS);
        return NULL;
    }
    void *p = calloc(bytes ? bytes : 1, 1);
    if (!p) {
        t_fail(t, "host allocation of %zu bytes failed", bytes);
        return NULL;
    }
    t->host[t->nhost++] = p;
    return p;
}

static void *t_dev_alloc(t_state *t, size_t bytes) {
    if (t->ndev == T_MAX_ALLOCS) {
        t_fail(t, "test bug: more than %d context allocations", T_MAX_ALLOCS);
        return NULL;
    }
    void *p = NULL;
    if (!t_ok(t, sweep_malloc(t->ctx, &p, bytes), "sweep_malloc")) return NULL;
    if (!p) {
        t_fail(t, "sweep_malloc(%zu) gave NULL with SWEEP_OK", bytes);
        return NULL;
    }
    t->dev[t->ndev++] = p;
    return p;
}

void *t_dev_poisoned(t_state *t, size_t bytes) {
    unsigned char *h = malloc(bytes + T_GUARD);
    if (!h) {
        t_fail(t, "host allocation of %zu bytes failed", bytes + T_GUARD);
        return NULL;
    }
    t_poison(h, bytes + T_GUARD);
    void *d = t_dev_alloc(t, bytes + T_GUARD);
    if (d && !t_ok(t, sweep_memcpy(t->ctx, d, h, bytes + T_GUARD, SWEEP_COPY_HOST_TO_DEVICE),
                   "sweep_memcpy to the context (poison)"))
        d = NULL;
    free(h);
    return d;
}

void *t_dev_upload(t_state *t, const void *host, size_t bytes) {
    unsigned char *d = t_dev_poisoned(t, bytes);
    if (!d || bytes == 0) return d;
    if (!t_ok(t, sweep_memcpy(t->ctx, d, host, bytes, SWEEP_COPY_HOST_TO_DEVICE),
              "sweep_memcpy to the context"))
        return NULL;
    return d;
}

static int t_guard_poisoned(const unsigned char *p, size_t bytes, size_t *where) {
    for (size_t i = 0; i < bytes; ++i)
        if (p[i] != T_POISON) {
            *where = i;
            return 0;
        }
    return 1;
}

int t_download(t_state *t, void *host, const void *dev, size_t bytes, const char *what) {
    unsigned char *h = malloc(bytes + T_GUARD);
    if (!h) return t_fail(t, "host allocation of %zu bytes failed", bytes + T_GUARD);
    int ok = t_ok(t, sweep_memcpy(t->ctx, h, dev, bytes + T_GUARD, SWEEP_COPY_DEVICE_TO_HOST),
                  "sweep_memcpy to the host");
    size_t where = 0;
    if (ok && !t_guard_poisoned(h + bytes, T_GUARD, &where))
        ok = t_fail(t, "%s: byte %zu past the end of the output was written", what, where);
    if (ok && bytes) memcpy(host, h, bytes);
    free(h);
    return ok;
}

int t_expect_poisoned(t_state *t, const void *dev, size_t bytes, const char *what) {
    unsigned char *h = malloc(bytes + T_GUARD);
    if (!h) return t_fail(t, "host allocation of %zu bytes failed", bytes + T_GUARD);
    int ok = t_ok(t, sweep_memcpy(t->ctx, h, dev, bytes + T_GUARD, SWEEP_COPY_DEVICE_TO_HOST),
                  "sweep_memcpy to the host");
    size_t where = 0;
    if (ok && !t_guard_poisoned(h, bytes + T_GUARD, &where))
        ok = t_fail(t, "%s: byte %zu was written (should be untouched)", what, where);
    free(h);
    return ok;
}

int t_compare_bytes(t_state *t, const char *what, const void *got, const void *want, size_t n,
                    size_t elem_size) {
    const unsigned char *g = got, *w = want;
    for (size_t i = 0; i < n; ++i) {
        if (memcmp(g + i * elem_size, w + i * elem_size, elem_size) == 0) continue;
        char gs[72] = "", ws[72] = "";
        size_t show = elem_size < 32 ? elem_size : 32;
        /* little-endian hex, most significant byte first, as a value reads */
        for (size_t b = 0; b < show; ++b) {
            snprintf(gs + 2 * b, 3, "%02x", g[i * elem_size + show - 1 - b]);
            snprintf(ws + 2 * b, 3, "%02x", w[i * elem_size + show - 1 - b]);
        }
        return t_fail(t, "%s[%zu] of %zu: got 0x%s, want 0x%s", what, i, n, gs, ws);
    }
    return 1;
}

int t_context(t_state *t, unsigned options, int num_threads, sweep_context **out) {
    sweep_context_desc d = {0};
    d.backend = t->env->backend;
    d.options = t->env->options | options;
    d.num_threads = num_threads;
    *out = NULL;
    return t_ok(t, sweep_context_create(out, &d), "sweep_context_create");
}

int t_is_float(sweep_dtype dtype) {
    return dtype == SWEEP_F32 || dtype == SWEEP_F64;
}

int t_op_valid(sweep_dtype dtype, sweep_op_kind op) {
    if (op > SWEEP_OP_XOR) return 0;
    return !(t_is_float(dtype) && op >= SWEEP_OP_AND);
}

const char *t_op_name(sweep_op_kind op) {
    static const char *names[] = {"sum", "prod", "min", "max", "and", "or", "xor", "custom"};
    return (unsigned)op < 8 ? names[op] : "unknown";
}
