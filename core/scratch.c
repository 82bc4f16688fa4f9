/*
 * Scratch memory for one call: measured (sweep_scratch_query_begin), taken from a
 * caller's buffer (sweep_context_set_scratch), or from the context's caching
 * allocator. The cache keeps freed blocks for reuse; GPU work queued on a block stays
 * ordered on the context's stream, so a block may be reused as soon as a call ends.
 */
#include "alloc_hook.h"
#include "context_registry.h"
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>

size_t sweep__scratch_round(size_t bytes) {
    if (bytes > SIZE_MAX - (SWEEP__SCRATCH_ALIGN - 1)) return SIZE_MAX;
    return (bytes + SWEEP__SCRATCH_ALIGN - 1) & ~(size_t)(SWEEP__SCRATCH_ALIGN - 1);
}

void *sweep__arena_take(sweep__arena *arena, size_t bytes) {
    size_t take = sweep__scratch_round(bytes);
    if (take > arena->size - arena->used) return NULL;
    void *p = arena->base + arena->used;
    arena->used += take;
    return p;
}

/* Device scratch is written once when it comes into use (allocated by the cache or
 * handed over by sweep_context_set_scratch). The single-pass kernels never clear
 * their tile states: a tag drawn per launch tells stale words from published ones,
 * so a first read may meet memory nothing has written yet. That is harmless by
 * design, but compute-sanitizer's initcheck reports it; one memset per block keeps
 * initcheck meaningful for everything else and costs nothing per call. */
static sweep_status scratch_first_write(sweep_context *ctx, void *p, size_t bytes) {
    if (ctx->props.flags & SWEEP_BACKEND_HOST_MEMORY) return SWEEP_OK;
    sweep_status st = ctx->be->memset(ctx->h, p, 0, bytes);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(ctx->be->name, "memset", st);
}

/* Frees the free cached blocks smaller than `below` (all free ones for SIZE_MAX). */
static void cache_drop_free(sweep_context *ctx, size_t below) {
    size_t keep = 0;
    for (size_t i = 0; i < ctx->cache_len; ++i) {
        sweep__block b = ctx->cache[i];
        if (!b.in_use && b.bytes < below) {
            (void)ctx->be->free(ctx->h, b.ptr);
        } else {
            ctx->cache[keep++] = b;
        }
    }
    ctx->cache_len = keep;
}

static sweep_status cache_acquire(sweep_context *ctx, size_t bytes, sweep__arena *arena) {
    sweep__block *best = NULL;
    for (size_t i = 0; i < ctx->cache_len; ++i) {
        sweep__block *b = &ctx->cache[i];
        if (!b->in_use && b->bytes >= bytes && (!best || b->bytes < best->bytes)) best = b;
    }
    if (!best) {
        if (ctx->cache_len == ctx->cache_cap) {
            size_t cap = ctx->cache_cap ? 2 * ctx->cache_cap : 8;
            sweep__block *grown =
                sweep__alloc_should_fail() ? NULL : realloc(ctx->cache, cap * sizeof *grown);
            if (!grown)
                return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot grow the scratch cache");
            ctx->cache = grown;
            ctx->cache_cap = cap;
        }
        /* A simulated failure stands for the allocation and its retry both failing. */
        if (sweep__alloc_should_fail())
            return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY,
                               "cannot allocate %zu bytes of scratch memory", bytes);
        /* Blocks too small for this call would only pile up: give them back first. */
        cache_drop_free(ctx, bytes);
        void *p = NULL;
        sweep_status st = ctx->be->alloc(ctx->h, &p, bytes);
        if (st == SWEEP_ERR_OUT_OF_MEMORY) {
            cache_drop_free(ctx, SIZE_MAX);
            st = ctx->be->alloc(ctx->h, &p, bytes);
            /* The first failure may have left the backend's message: the retry won. */
            if (st == SWEEP_OK) sweep__clear_error();
        }
        if (st != SWEEP_OK) {
            if (st == SWEEP_ERR_OUT_OF_MEMORY)
                return sweep__fail(st, "cannot allocate %zu bytes of scratch memory", bytes);
            return sweep__backend_failed(ctx->be->name, "alloc", st);
        }
        st = scratch_first_write(ctx, p, bytes);
        if (st != SWEEP_OK) {
            (void)ctx->be->free(ctx->h, p);
            return st;
        }
        best = &ctx->cache[ctx->cache_len++];
        best->ptr = p;
        best->bytes = bytes;
    }
    best->in_use = 1;
    arena->base = best->ptr;
    arena->size = best->bytes;
    arena->used = 0;
    return SWEEP_OK;
}

sweep_status sweep__scratch_begin(sweep_context *ctx, size_t bytes, sweep__arena *arena,
                                  int *measure_only) {
    arena->base = NULL;
    arena->size = 0;
    arena->used = 0;
    *measure_only = 0;
    bytes = sweep__scratch_round(bytes);
    if (ctx->querying) {
        if (bytes > ctx->query_max) ctx->query_max = bytes;
        *measure_only = 1;
        return SWEEP_OK;
    }
    if (bytes == 0) return SWEEP_OK;
    if (ctx->user_scratch) {
        if (bytes > ctx->user_scratch_bytes)
            return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY,
                               "the call needs %zu bytes of scratch; the buffer set with "
                               "sweep_context_set_scratch holds %zu",
                               bytes, ctx->user_scratch_bytes);
        arena->base = ctx->user_scratch;
        arena->size = ctx->user_scratch_bytes;
        return SWEEP_OK;
    }
    return cache_acquire(ctx, bytes, arena);
}

void sweep__scratch_end(sweep_context *ctx, sweep__arena *arena) {
    if (!arena->base || ctx->user_scratch == arena->base) return;
    for (size_t i = 0; i < ctx->cache_len; ++i) {
        if (ctx->cache[i].ptr == arena->base) {
            ctx->cache[i].in_use = 0;
            break;
        }
    }
    arena->base = NULL;
}

void sweep__cache_release(sweep_context *ctx) {
    cache_drop_free(ctx, SIZE_MAX);
}

sweep_status sweep_scratch_query_begin(sweep_context *ctx) {
    SWEEP__ENTER("sweep_scratch_query_begin");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    ctx->querying = 1;
    ctx->query_max = 0;
    return SWEEP_OK;
}

sweep_status sweep_scratch_query_end(sweep_context *ctx, size_t *bytes) {
    SWEEP__ENTER("sweep_scratch_query_end");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    if (!bytes) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "bytes is NULL");
    if (!ctx->querying)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "no sweep_scratch_query_begin before");
    ctx->querying = 0;
    *bytes = ctx->query_max;
    return SWEEP_OK;
}

sweep_status sweep_context_set_scratch(sweep_context *ctx, void *buffer, size_t bytes) {
    SWEEP__ENTER("sweep_context_set_scratch");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    if (!buffer && bytes)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "buffer is NULL with %zu bytes", bytes);
    if (buffer && !bytes)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "bytes is 0 with a buffer");
    if (((uintptr_t)buffer & (SWEEP__SCRATCH_ALIGN - 1)) != 0)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "buffer must be aligned to %u bytes (sweep_malloc's are)",
                           SWEEP__SCRATCH_ALIGN);
    if (buffer) {
        st = scratch_first_write(ctx, buffer, bytes);
        if (st != SWEEP_OK) return st;
    }
    ctx->user_scratch = buffer;
    ctx->user_scratch_bytes = bytes;
    return SWEEP_OK;
}

sweep_status sweep_context_trim(sweep_context *ctx) {
    SWEEP__ENTER("sweep_context_trim");
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    st = ctx->be->synchronize(ctx->h);
    if (st != SWEEP_OK) return sweep__backend_failed(ctx->be->name, "synchronize", st);
    sweep__cache_release(ctx);
    return SWEEP_OK;
}
