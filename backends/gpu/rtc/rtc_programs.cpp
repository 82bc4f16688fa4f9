/*
 * rtc_programs.cpp -- custom operators' and comparators' programs per context: looked up
 * in the context's cache, then the disk cache, then compiled by the plugin's
 * run-time toolchain (NVRTC or hipRTC, host/gpu_runtime.h) and loaded on the
 * device. A failure (no compiler, source that does not compile) is remembered like a
 * success, so a context does not retry a hopeless compile on every call. Compiled
 * into both GPU plugins.
 */
#include "gpu/host/gpu_runtime.h"
#include "gpu/rtc/rtc_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

namespace {

struct Entry {
    Entry *next;
    char key[33];
    /* The request the entry was built for, its name and source copies the entry owns:
     * a later request equal to it field by field is the same program without hashing
     * it again (a key costs microseconds, more than a short sort's launch). */
    sweep_rtc_request req;
    sweep_status status;
    char *message;           /* why, when status != SWEEP_OK */
    sweep_gpu_module module; /* sweep_gpu_module_load's */
    sweep_rtc_kernels kernels;
};

unsigned long long g_compiled, g_disk_hits, g_memory_hits;
double g_last_compile_ms;

double now_ms() {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

pthread_mutex_t g_create = PTHREAD_MUTEX_INITIALIZER;

bool same_text(const char *a, const char *b) {
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* Whether e was built for a request equal to r (the cache's target and the compiler's
 * version are the same for all of a context's entries). */
bool built_for(const Entry *e, const sweep_rtc_request *r) {
    return e->req.kind == r->kind && e->req.size == r->size && e->req.align == r->align &&
           e->req.value_size == r->value_size && e->req.safe_shapes == r->safe_shapes &&
           same_text(e->req.name, r->name) && same_text(e->req.source, r->source);
}

} // namespace

struct sweep_rtc_cache {
    pthread_mutex_t mu;
    char target[96]; /* "-arch=sm_90", "--gpu-architecture=gfx90a:sramecc+:xnack-"; empty
                        until the first request */
    Entry *head;
};

void sweep_gpu_rtc_stats(unsigned long long *compiled, unsigned long long *disk_hits,
                         unsigned long long *memory_hits, double *last_compile_ms) {
    if (compiled) *compiled = __atomic_load_n(&g_compiled, __ATOMIC_RELAXED);
    if (disk_hits) *disk_hits = __atomic_load_n(&g_disk_hits, __ATOMIC_RELAXED);
    if (memory_hits) *memory_hits = __atomic_load_n(&g_memory_hits, __ATOMIC_RELAXED);
    if (last_compile_ms) {
        pthread_mutex_lock(&g_create);
        *last_compile_ms = g_last_compile_ms;
        pthread_mutex_unlock(&g_create);
    }
}

sweep_rtc_request sweep_gpu_rtc_op_request(const sweep_kop *op) {
    sweep_rtc_request r;
    r.kind = SWEEP_RTC_OP;
    r.name = op->custom->name;
    r.source = op->custom->device_source;
    r.size = op->custom->elem_size;
    r.align = op->custom->elem_align;
    r.value_size = 0;
    r.safe_shapes = 0;
    return r;
}

sweep_rtc_request sweep_gpu_rtc_cmp_request(const sweep_kcmp *cmp, size_t value_size) {
    sweep_rtc_request r;
    r.kind = SWEEP_RTC_CMP;
    r.name = cmp->custom->name;
    r.source = cmp->custom->device_source;
    r.size = cmp->custom->key_size;
    r.align = cmp->custom->key_align;
    r.value_size = value_size;
    r.safe_shapes = 0;
    return r;
}

sweep_gpu_error sweep_rtc_load(const sweep_rtc_image *img, sweep_gpu_module *module,
                               sweep_gpu_kernel *kernels) {
    sweep_gpu_module m = NULL;
    sweep_gpu_error err = sweep_gpu_module_load(img, &m);
    for (int i = 0; err == 0 && i < img->nkernels; ++i)
        err = sweep_gpu_module_kernel(m, img->lowered[i], &kernels[i]);
    if (err != 0 && m) sweep_gpu_module_unload(m);
    *module = err == 0 ? m : NULL;
    return err;
}

/* Fills e (status, message, or module and kernels) for a request not yet cached. */
static void build_entry(const sweep_rtc_request *req, const char *target, Entry *e) {
    const char *what = req->kind == SWEEP_RTC_OP ? "custom operator" : "custom comparator";
    const int nnames =
        req->kind == SWEEP_RTC_OP ? (int)SWEEP_RTC_OP_KERNELS : (int)SWEEP_RTC_CMP_KERNELS;
    char msg[1024];
    sweep_rtc_image img;
    if (sweep_rtc_cache_load(e->key, req->kind, &img) && img.nkernels == nnames) {
        __atomic_add_fetch(&g_disk_hits, 1, __ATOMIC_RELAXED);
    } else {
        sweep_rtc_image_free(&img);
        char *text = sweep_rtc_program_text(req);
        if (!text) {
            e->status = SWEEP_ERR_OUT_OF_MEMORY;
            e->message = strdup("out of host memory");
            return;
        }
        char log[900];
        const double t0 = now_ms();
        sweep_status st = sweep_gpu_rtc_compile(req, text, target, &img, log, sizeof log);
        const double dt = now_ms() - t0;
        free(text);
        if (st != SWEEP_OK) {
            if (st == SWEEP_ERR_INVALID_ARGUMENT)
                snprintf(msg, sizeof msg, "%s '%s': device_source does not compile:\n%s", what,
                         req->name, log);
            else
                snprintf(msg, sizeof msg, "%s '%s': %s", what, req->name, log);
            e->status = st;
            e->message = strdup(msg);
            return;
        }
        __atomic_add_fetch(&g_compiled, 1, __ATOMIC_RELAXED);
        pthread_mutex_lock(&g_create);
        g_last_compile_ms = dt;
        pthread_mutex_unlock(&g_create);
        sweep_rtc_cache_store(e->key, req->kind, &img);
    }
    sweep_gpu_error err = sweep_rtc_load(&img, &e->module, e->kernels.k);
    for (int i = 0; err == 0 && i < img.nkernels; ++i)
        err = sweep_gpu_module_kernel_local_bytes(e->kernels.k[i], &e->kernels.local_bytes[i]);
    if (err != 0 && e->module) {
        sweep_gpu_module_unload(e->module);
        e->module = NULL;
    }
    sweep_rtc_image_free(&img);
    if (err != 0) {
        char why[160];
        sweep_gpu_error_text(err, why, sizeof why);
        snprintf(msg, sizeof msg, "%s '%s': loading its program: %s", what, req->name, why);
        sweep_gpu_clear_error();
        e->status = sweep_gpu_error_status(err);
        e->message = strdup(msg);
        return;
    }
    e->status = SWEEP_OK;
}

sweep_status sweep_gpu_rtc_get(sweep_gpu_handle *h, const sweep_rtc_request *req,
                               const sweep_rtc_kernels **out) {
    const char *what = req->kind == SWEEP_RTC_OP ? "custom operator" : "custom comparator";
    char msg[1024];
    if (!req->source) {
        snprintf(msg, sizeof msg,
                 "%s '%s' has no device_source: GPU backends need one (see sweep.h)", what,
                 req->name);
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, msg);
    }
    int version = 0;
    char why[900];
    if (!sweep_gpu_rtc_available(why, sizeof why, &version)) {
        snprintf(msg, sizeof msg, "%s '%s' needs run-time compilation: %s", what, req->name, why);
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, msg);
    }
    pthread_mutex_lock(&g_create);
    if (!h->rtc) {
        h->rtc = (sweep_rtc_cache *)calloc(1, sizeof *h->rtc);
        if (h->rtc) pthread_mutex_init(&h->rtc->mu, NULL);
    }
    pthread_mutex_unlock(&g_create);
    if (!h->rtc) return sweep_gpu_report(h, SWEEP_ERR_OUT_OF_MEMORY, "out of host memory");
    sweep_rtc_cache *c = h->rtc;
    pthread_mutex_lock(&c->mu);
    if (!c->target[0]) {
        const sweep_status st = sweep_gpu_rtc_target(h, c->target, sizeof c->target);
        if (st != SWEEP_OK) {
            c->target[0] = '\0';
            pthread_mutex_unlock(&c->mu);
            return st;
        }
    }
    Entry *e = c->head;
    while (e && !built_for(e, req))
        e = e->next;
    if (e) {
        __atomic_add_fetch(&g_memory_hits, 1, __ATOMIC_RELAXED);
    } else {
        e = (Entry *)calloc(1, sizeof *e);
        char *name = req->name ? strdup(req->name) : NULL;
        char *source = strdup(req->source);
        if (!e || !source || (req->name && !name)) {
            free(e);
            free(name);
            free(source);
            pthread_mutex_unlock(&c->mu);
            return sweep_gpu_report(h, SWEEP_ERR_OUT_OF_MEMORY, "out of host memory");
        }
        e->req = *req;
        e->req.name = name;
        e->req.source = source;
        sweep_rtc_cache_key(req, c->target, version, e->key);
        build_entry(req, c->target, e);
        e->next = c->head;
        c->head = e;
    }
    pthread_mutex_unlock(&c->mu);
    if (e->status != SWEEP_OK)
        return sweep_gpu_report(h, e->status, e->message ? e->message : "out of host memory");
    *out = &e->kernels;
    return SWEEP_OK;
}

void sweep_gpu_rtc_release(sweep_gpu_handle *h) {
    if (!h->rtc) return;
    Entry *e = h->rtc->head;
    while (e) {
        Entry *next = e->next;
        sweep_gpu_module_unload(e->module);
        free(e->message);
        free((void *)e->req.name);
        free((void *)e->req.source);
        free(e);
        e = next;
    }
    sweep_gpu_clear_error();
    pthread_mutex_destroy(&h->rtc->mu);
    free(h->rtc);
    h->rtc = NULL;
}

sweep_status sweep_gpu_rtc_launch(sweep_gpu_handle *h, sweep_gpu_kernel k, size_t grid,
                                  unsigned block, void **args, const char *what) {
    if (grid == 0) return SWEEP_OK;
    if (grid > 0x7fffffffu) {
        char msg[160];
        snprintf(msg, sizeof msg, "%s: too many blocks", what);
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, msg);
    }
    const sweep_gpu_error err = sweep_gpu_module_launch(k, (unsigned)grid, block, args, h->stream);
    if (err != 0) return sweep_gpu_fail(h, err, what);
    return SWEEP_OK;
}
