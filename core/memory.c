/* Context memory: allocation and copies through the backend. */
#include "alloc_hook.h"
#include "context_registry.h"
#include "internal.h"

#include <stdlib.h>

/* Room for one more record, made before the allocation so that a failure here leaves
 * nothing to undo. */
static sweep_status allocs_reserve(sweep_context *ctx) {
    if (ctx->allocs_len < ctx->allocs_cap) return SWEEP_OK;
    size_t cap = ctx->allocs_cap ? 2 * ctx->allocs_cap : 16;
    void **grown = sweep__alloc_should_fail() ? NULL : realloc(ctx->allocs, cap * sizeof *grown);
    if (!grown) return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot record an allocation");
    ctx->allocs = grown;
    ctx->allocs_cap = cap;
    return SWEEP_OK;
}

/* Index of ptr among the context's allocations, or allocs_len. Searched from the
 * newest: frees tend to come in reverse order of allocation. */
static size_t allocs_find(const sweep_context *ctx, const void *ptr) {
    for (size_t i = ctx->allocs_len; i-- > 0;)
        if (ctx->allocs[i] == ptr) return i;
    return ctx->allocs_len;
}

void sweep__allocs_release(sweep_context *ctx) {
    for (size_t i = 0; i < ctx->allocs_len; ++i)
        (void)ctx->be->free(ctx->h, ctx->allocs[i]);
    free(ctx->allocs);
    ctx->allocs = NULL;
    ctx->allocs_len = ctx->allocs_cap = 0;
}

sweep_status sweep_malloc(sweep_context *ctx, void **ptr, size_t bytes) {
    SWEEP__ENTER("sweep_malloc");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    if (!ptr) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "ptr is NULL");
    if (bytes == 0) {
        *ptr = NULL;
        return SWEEP_OK;
    }
    st = allocs_reserve(ctx);
    if (st != SWEEP_OK) return st;
    void *p = NULL;
    st = sweep__alloc_should_fail() ? SWEEP_ERR_OUT_OF_MEMORY : ctx->be->alloc(ctx->h, &p, bytes);
    if (st != SWEEP_OK) {
        if (st == SWEEP_ERR_OUT_OF_MEMORY)
            return sweep__fail(st, "cannot allocate %zu bytes on backend %s", bytes, ctx->be->name);
        return sweep__backend_failed(ctx->be->name, "alloc", st);
    }
    ctx->allocs[ctx->allocs_len++] = p;
    *ptr = p;
    return SWEEP_OK;
}

sweep_status sweep_free(sweep_context *ctx, void *ptr) {
    SWEEP__ENTER("sweep_free");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    if (!ptr) return SWEEP_OK;
    size_t i = allocs_find(ctx, ptr);
    /* Another context's memory, a pointer already freed or one from a native
     * allocator: handing it to this backend's free is undefined, so refuse it. */
    if (i == ctx->allocs_len)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "ptr %p was not allocated by sweep_malloc on this context (or was "
                           "freed already)",
                           ptr);
    /* Forgotten even when the backend fails: a faulted device cannot free it either,
     * and context destroy must not try again. */
    ctx->allocs[i] = ctx->allocs[--ctx->allocs_len];
    st = ctx->be->free(ctx->h, ptr);
    if (st != SWEEP_OK) return sweep__backend_failed(ctx->be->name, "free", st);
    return SWEEP_OK;
}

sweep_status sweep_memcpy(sweep_context *ctx, void *dst, const void *src, size_t bytes,
                          sweep_copy_kind kind) {
    SWEEP__ENTER("sweep_memcpy");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    if ((int)kind < 0 || (int)kind > (int)SWEEP_COPY_DEVICE_TO_DEVICE)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown copy kind %d", (int)kind);
    if (bytes == 0) return SWEEP_OK;
    if (!dst || !src)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s is NULL with %zu bytes to copy",
                           dst ? "src" : "dst", bytes);
    /* Host and device addresses live in different spaces on GPU backends: only ranges of
     * one space can overlap. */
    int same_space =
        kind == SWEEP_COPY_DEVICE_TO_DEVICE || (ctx->props.flags & SWEEP_BACKEND_HOST_MEMORY) != 0;
    if (same_space && sweep__overlap(dst, bytes, src, bytes))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "source and destination overlap");
    st = ctx->be->memcpy(ctx->h, dst, src, bytes, kind);
    if (st != SWEEP_OK) return sweep__backend_failed(ctx->be->name, "memcpy", st);
    return SWEEP_OK;
}

sweep_status sweep_memset(sweep_context *ctx, void *dst, int value, size_t bytes) {
    SWEEP__ENTER("sweep_memset");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    if (bytes == 0) return SWEEP_OK;
    if (!dst) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "dst is NULL with %zu bytes", bytes);
    st = ctx->be->memset(ctx->h, dst, value & 0xff, bytes);
    if (st != SWEEP_OK) return sweep__backend_failed(ctx->be->name, "memset", st);
    return SWEEP_OK;
}
