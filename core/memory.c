/* Context memory: allocation and copies through the backend. */
#include "alloc_hook.h"
#include "internal.h"

sweep_status sweep_malloc(sweep_context *ctx, void **ptr, size_t bytes) {
    SWEEP__ENTER("sweep_malloc");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    if (!ptr) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "ptr is NULL");
    if (bytes == 0) {
        *ptr = NULL;
        return SWEEP_OK;
    }
    void *p = NULL;
    st = sweep__alloc_should_fail() ? SWEEP_ERR_OUT_OF_MEMORY : ctx->be->alloc(ctx->h, &p, bytes);
    if (st != SWEEP_OK) {
        if (st == SWEEP_ERR_OUT_OF_MEMORY)
            return sweep__fail(st, "cannot allocate %zu bytes on backend %s", bytes, ctx->be->name);
        return sweep__backend_failed(ctx->be->name, "alloc", st);
    }
    *ptr = p;
    return SWEEP_OK;
}

sweep_status sweep_free(sweep_context *ctx, void *ptr) {
    SWEEP__ENTER("sweep_free");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    if (!ptr) return SWEEP_OK;
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
