/* Contexts: a backend, an opened device handle, options and the scratch cache. */
#include "alloc_hook.h"
#include "context_registry.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define SWEEP__KNOWN_OPTIONS (SWEEP_OPTION_GENERIC | SWEEP_OPTION_DETERMINISTIC)

int sweep__use_fused(const sweep_context *ctx) {
    return (ctx->options & SWEEP_OPTION_GENERIC) == 0;
}

static int env_generic(void) {
    const char *v = getenv("SWEEP_GENERIC");
    return v && v[0] && strcmp(v, "0") != 0;
}

static int props_valid(const sweep_backend_props *p) {
    return p->scan_tile > 0 && p->split_tile > 0 && p->radix_tile > 0 && p->sort_tile > 0 &&
           p->merge_part > 0;
}

sweep_status sweep_context_create(sweep_context **out, const sweep_context_desc *desc) {
    SWEEP__ENTER("sweep_context_create");
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL");
    sweep_context_desc d;
    memset(&d, 0, sizeof d);
    if (desc) d = *desc;
    if ((int)d.backend < 0 || (int)d.backend >= SWEEP_BACKEND_COUNT)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown backend %d", (int)d.backend);
    if (d.device < 0)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "device %d is negative", d.device);
    if (d.num_threads < 0)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "num_threads %d is negative", d.num_threads);
    if (d.options & ~SWEEP__KNOWN_OPTIONS)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown option bits 0x%x",
                           d.options & ~SWEEP__KNOWN_OPTIONS);

    sweep_backend backend = d.backend;
    if (backend == SWEEP_BACKEND_AUTO) {
        sweep_status st = sweep__backend_resolve_auto(&backend);
        if (st != SWEEP_OK) return st;
    }
    const sweep__backend_slot *slot = sweep__backend_load(backend);
    if (!slot->table) {
        /* Say how to get a context anyway: what AUTO picks when nothing names a backend. */
        const char *named_by = d.backend == SWEEP_BACKEND_AUTO
                                   ? "SWEEP_BACKEND in the environment names it"
                                   : "the context description names it";
        return sweep__fail(SWEEP_ERR_BACKEND_UNAVAILABLE,
                           "backend %s is not available: %s. %s; with SWEEP_BACKEND_AUTO and "
                           "SWEEP_BACKEND unset (or \"auto\"), this machine would use %s",
                           sweep_backend_name(backend), slot->reason, named_by,
                           sweep_backend_name(sweep__backend_first_available()));
    }
    if (d.device >= slot->device_count)
        return sweep__fail(SWEEP_ERR_BACKEND_UNAVAILABLE,
                           "device %d does not exist: backend %s sees %d device(s)", d.device,
                           sweep_backend_name(backend), slot->device_count);

    sweep_context *ctx = sweep__alloc_should_fail() ? NULL : calloc(1, sizeof *ctx);
    if (!ctx) return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate a context");
    ctx->be = slot->table;
    ctx->backend = backend;
    ctx->device = d.device;
    ctx->options = d.options | (env_generic() ? SWEEP_OPTION_GENERIC : 0u);

    sweep_backend_open_args args;
    memset(&args, 0, sizeof args);
    args.device = d.device;
    args.num_threads = d.num_threads;
    args.options = ctx->options;
    args.report = sweep__report;
    sweep_status st = ctx->be->open(&args, &ctx->h, &ctx->props);
    if (st != SWEEP_OK) {
        free(ctx);
        return sweep__backend_failed(slot->table->name, "open", st);
    }
    if (!props_valid(&ctx->props)) {
        ctx->be->close(ctx->h);
        free(ctx);
        return sweep__fail(SWEEP_ERR_INTERNAL, "backend %s reported a zero tile size",
                           sweep_backend_name(backend));
    }
    if (!sweep__registry_add(ctx)) {
        ctx->be->close(ctx->h);
        free(ctx);
        return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot record the context");
    }
    *out = ctx;
    return SWEEP_OK;
}

void sweep_context_destroy(sweep_context *ctx) {
    if (!ctx) return;
    SWEEP__ENTER("sweep_context_destroy");
    /* Taken out of the table first: a second destroy is refused, not a double free. */
    if (!sweep__registry_remove(ctx)) {
        (void)sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "ctx %p is not a live context (destroyed?)",
                          (void *)ctx);
        return;
    }
    (void)ctx->be->synchronize(ctx->h);
    sweep__allocs_release(ctx);
    sweep__cache_release(ctx);
    free(ctx->cache);
    ctx->be->close(ctx->h);
    free(ctx);
}

sweep_status sweep_context_backend(const sweep_context *ctx, sweep_backend *out) {
    SWEEP__ENTER("sweep_context_backend");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL");
    *out = ctx->backend;
    return SWEEP_OK;
}

sweep_status sweep_context_set_stream(sweep_context *ctx, void *native_stream) {
    SWEEP__ENTER("sweep_context_set_stream");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    /* Cached scratch blocks are only ordered on one stream: finish the old one first. */
    st = ctx->be->synchronize(ctx->h);
    if (st != SWEEP_OK) return sweep__backend_failed(ctx->be->name, "synchronize", st);
    st = ctx->be->set_stream(ctx->h, native_stream);
    if (st != SWEEP_OK) return sweep__backend_failed(ctx->be->name, "set_stream", st);
    return SWEEP_OK;
}

sweep_status sweep_synchronize(sweep_context *ctx) {
    SWEEP__ENTER("sweep_synchronize");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    st = ctx->be->synchronize(ctx->h);
    if (st != SWEEP_OK) return sweep__backend_failed(ctx->be->name, "synchronize", st);
    return SWEEP_OK;
}
