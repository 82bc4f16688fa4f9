/* dist_util.c -- partitions, failures and context memory of the distributed tests. */
#include "dist_test.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void d_partition(const d_env *e, const char *name, size_t N, size_t *counts, size_t *begin,
                 size_t *count) {
    const int p = e->size;
    uint64_t *w = calloc((size_t)p, sizeof *w);
    t_rng rng;
    t_rng_seed(&rng, name);
    uint64_t total = 0;
    for (int q = 0; q < p; ++q) {
        switch (e->layout) {
        case D_EVEN: w[q] = 1; break;
        case D_UNEVEN: w[q] = t_rng_below(&rng, 4); break; /* zeros are likely */
        case D_LAST: w[q] = q == p - 1; break;
        default: w[q] = q < (p + 1) / 2 && p > 1 ? 0 : 1 + t_rng_below(&rng, 5); break;
        }
        total += w[q];
    }
    if (total == 0) {
        w[p - 1] = 1;
        total = 1;
    }
    uint64_t run = 0;
    size_t at = 0;
    for (int q = 0; q < p; ++q) {
        run += w[q];
        size_t end = (size_t)((double)N * (double)run / (double)total);
        if (q == p - 1) end = N;
        counts[q] = end - at;
        if (q == e->rank) {
            *begin = at;
            *count = end - at;
        }
        at = end;
    }
    free(w);
}

int d_fail(d_env *e, const char *name, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "FAIL rank %d/%d layout %d %s: %s\n", e->rank, e->size, e->layout, name, msg);
    ++e->failures;
    return 0;
}

int d_ok(d_env *e, const char *name, sweep_status st, const char *what) {
    ++e->checks;
    if (st == SWEEP_OK) return 1;
    return d_fail(e, name, "%s: %s (%s)", what, sweep_status_string(st), sweep_last_error());
}

int d_selected(const d_env *e, const char *name) {
    if (e->only && !strstr(name, e->only)) return 0;
    if (e->all_layouts) return 1;
    /* Each case runs under two of the four partitions (which two depends on its name),
     * so every partition meets every primitive while the suite stays quick. */
    uint64_t h = t_hash(name, strlen(name));
    return (unsigned)((h + (uint64_t)e->layout) % D_LAYOUTS) < 2;
}

void *d_upload(d_env *e, const void *host, size_t bytes) {
    void *p = NULL;
    /* Never NULL: n = 0 calls get real (unread) pointers. */
    if (sweep_malloc(e->ctx, &p, bytes ? bytes : 64) != SWEEP_OK) return NULL;
    if (sweep_memcpy(e->ctx, p, host, bytes, SWEEP_COPY_HOST_TO_DEVICE) != SWEEP_OK) return NULL;
    return p;
}

void *d_poisoned(d_env *e, size_t bytes) {
    void *p = NULL;
    if (sweep_malloc(e->ctx, &p, bytes ? bytes : 64) != SWEEP_OK) return NULL;
    if (sweep_memset(e->ctx, p, 0xA5, bytes ? bytes : 64) != SWEEP_OK) return NULL;
    return p;
}

void *d_download(d_env *e, const void *dev, size_t bytes) {
    void *h = calloc(1, bytes ? bytes : 1);
    if (h && bytes && dev) (void)sweep_memcpy(e->ctx, h, dev, bytes, SWEEP_COPY_DEVICE_TO_HOST);
    return h;
}

int d_same(d_env *e, const char *name, const char *what, const void *got, const void *want,
           size_t n, size_t elem) {
    ++e->checks;
    if (n == 0 || memcmp(got, want, n * elem) == 0) return 1;
    for (size_t i = 0; i < n; ++i)
        if (memcmp((const char *)got + i * elem, (const char *)want + i * elem, elem) != 0) {
            unsigned long long g = 0, w = 0;
            memcpy(&g, (const char *)got + i * elem, elem < 8 ? elem : 8);
            memcpy(&w, (const char *)want + i * elem, elem < 8 ? elem : 8);
            return d_fail(e, name, "%s[%zu] of %zu: got 0x%llx, want 0x%llx", what, i, n, g, w);
        }
    return 1;
}

void d_free(d_env *e, void *dev) {
    if (dev) (void)sweep_free(e->ctx, dev);
}
