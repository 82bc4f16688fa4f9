/*
 * radix_sort.c -- the radix sort driver. Generic LSD sort by 8-bit digits: one
 * histogram of every digit in a single read, brought to the host to drop the passes
 * whose digit is the same for every key (they would move nothing), then per pass a
 * digit-major histogram per tile, one exclusive scan of it (scatter offsets) and a
 * stable scatter. The passes ping-pong between the output and a scratch buffer,
 * arranged so that the last pass lands in the output; an in-place input is first
 * moved to scratch when the first pass would write over it.
 */
#include "compose.h"

#include <string.h>

#define MAX_PASSES 8 /* 64-bit keys in 8-bit digits */

static unsigned pass_count(const sweep_kradix *key) {
    return (key->end_bit - key->begin_bit + SWEEP_RADIX_BITS - 1) / SWEEP_RADIX_BITS;
}

static size_t radix_need(const sweep_context *ctx, const sweep_kradix *key, size_t vsize,
                         size_t n) {
    size_t ntiles = sweep__ceil_div(n, ctx->props.radix_tile);
    size_t offsets = ntiles > SIZE_MAX / SWEEP_RADIX_SIZE ? SIZE_MAX : ntiles * SWEEP_RADIX_SIZE;
    size_t need = sweep__need_array(n, key->key_size);
    need = sweep__need_add(need, sweep__need_array(n, vsize));
    need = sweep__need_add(
        need, sweep__need_array((size_t)pass_count(key) * SWEEP_RADIX_SIZE, sizeof(size_t)));
    need = sweep__need_add(need, sweep__need_array(offsets, sizeof(size_t)));
    return sweep__need_add(need, sweep__count_scan_need(ctx, offsets));
}

/* Marks the passes that move keys: a digit shared by all n keys leaves them in place. */
static unsigned active_passes(const size_t *hist, unsigned passes, size_t n, int *active) {
    unsigned count = 0;
    for (unsigned p = 0; p < passes; ++p) {
        active[p] = 1;
        for (unsigned d = 0; d < SWEEP_RADIX_SIZE; ++d)
            if (hist[p * SWEEP_RADIX_SIZE + d] == n) active[p] = 0;
        count += (unsigned)active[p];
    }
    return count;
}

static sweep_status copy(sweep_context *ctx, void *dst, const void *src, size_t bytes) {
    if (dst == src || bytes == 0) return SWEEP_OK;
    sweep_status st = ctx->be->memcpy(ctx->h, dst, src, bytes, SWEEP_COPY_DEVICE_TO_DEVICE);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(ctx->be->name, "memcpy", st);
}

typedef struct radix_buffers {
    const void *keys_in, *values_in;
    void *keys_out, *values_out;
    void *keys_tmp, *values_tmp;
    size_t *tile_offsets;
} radix_buffers;

static sweep_status one_pass(sweep_context *ctx, sweep__arena *arena, const sweep_kradix *key,
                             size_t vsize, size_t n, unsigned shift, const void *keys_src,
                             const void *values_src, void *keys_dst, void *values_dst,
                             size_t *offsets) {
    const sweep_backend_table *be = ctx->be;
    const size_t tile = ctx->props.radix_tile;
    const size_t ntiles = sweep__ceil_div(n, tile);
    const unsigned nbits =
        key->end_bit - shift < SWEEP_RADIX_BITS ? key->end_bit - shift : SWEEP_RADIX_BITS;
    sweep_status st =
        be->radix_tile_histogram(ctx->h, key, keys_src, n, tile, shift, nbits, offsets);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "radix_tile_histogram", st);
    st = sweep__count_scan_run(ctx, arena, offsets, ((size_t)1 << nbits) * ntiles);
    if (st != SWEEP_OK) return st;
    st = be->radix_scatter(ctx->h, key, keys_src, keys_dst, values_src, values_dst, vsize, n, tile,
                           shift, nbits, offsets);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "radix_scatter", st);
}

static sweep_status radix_run(sweep_context *ctx, sweep__arena *arena, const sweep_kradix *key,
                              radix_buffers b, size_t vsize, size_t n) {
    const sweep_backend_table *be = ctx->be;
    const unsigned passes = pass_count(key);
    size_t *hist = sweep__arena_take(arena, (size_t)passes * SWEEP_RADIX_SIZE * sizeof(size_t));
    if (!hist) return sweep__fail(SWEEP_ERR_INTERNAL, "radix sort scratch was measured too small");
    sweep_status st = be->radix_histogram(ctx->h, key, b.keys_in, n, hist);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "radix_histogram", st);
    size_t host_hist[MAX_PASSES * SWEEP_RADIX_SIZE];
    st = be->memcpy(ctx->h, host_hist, hist, (size_t)passes * SWEEP_RADIX_SIZE * sizeof(size_t),
                    SWEEP_COPY_DEVICE_TO_HOST);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "memcpy", st);
    int active[MAX_PASSES];
    unsigned remaining = active_passes(host_hist, passes, n, active);
    if (remaining == 0) {
        st = copy(ctx, b.keys_out, b.keys_in, n * key->key_size);
        return st == SWEEP_OK ? copy(ctx, b.values_out, b.values_in, n * vsize) : st;
    }

    /* Pass j writes the output when remaining - 1 - j is even: the last one does. With
     * an odd count the first pass writes the output, which must then not be its input. */
    const void *keys_src = b.keys_in, *values_src = b.values_in;
    if (remaining % 2 == 1) {
        if (b.keys_in == b.keys_out) {
            st = copy(ctx, b.keys_tmp, b.keys_in, n * key->key_size);
            if (st != SWEEP_OK) return st;
            keys_src = b.keys_tmp;
        }
        if (vsize && b.values_in == b.values_out) {
            st = copy(ctx, b.values_tmp, b.values_in, n * vsize);
            if (st != SWEEP_OK) return st;
            values_src = b.values_tmp;
        }
    }
    for (unsigned p = 0; p < passes; ++p) {
        if (!active[p]) continue;
        --remaining;
        const int to_out = remaining % 2 == 0;
        void *keys_dst = to_out ? b.keys_out : b.keys_tmp;
        void *values_dst = vsize ? (to_out ? b.values_out : b.values_tmp) : NULL;
        st = one_pass(ctx, arena, key, vsize, n, key->begin_bit + p * SWEEP_RADIX_BITS, keys_src,
                      values_src, keys_dst, values_dst, b.tile_offsets);
        if (st != SWEEP_OK) return st;
        keys_src = keys_dst;
        values_src = values_dst;
    }
    return SWEEP_OK;
}

/* The generic sort over buffers taken from the arena (radix_need bytes). */
static sweep_status radix_generic_run(sweep_context *ctx, sweep__arena *arena,
                                      const sweep_kradix *key, const void *keys_in, void *keys_out,
                                      const void *values_in, void *values_out, size_t vsize,
                                      size_t n) {
    radix_buffers b;
    memset(&b, 0, sizeof b);
    b.keys_in = keys_in;
    b.keys_out = keys_out;
    b.values_in = vsize ? values_in : NULL;
    b.values_out = vsize ? values_out : NULL;
    const size_t ntiles = sweep__ceil_div(n, ctx->props.radix_tile);
    b.keys_tmp = sweep__arena_take(arena, n * key->key_size);
    b.values_tmp = vsize ? sweep__arena_take(arena, n * vsize) : NULL;
    b.tile_offsets = sweep__arena_take(arena, ntiles * SWEEP_RADIX_SIZE * sizeof(size_t));
    if (!b.keys_tmp || (vsize && !b.values_tmp) || !b.tile_offsets)
        return sweep__fail(SWEEP_ERR_INTERNAL, "radix sort scratch was measured too small");
    return radix_run(ctx, arena, key, b, vsize, n);
}

/* Whether the fused entry sorts this call, and its scratch bytes (at least one, so
 * the run never passes NULL, the size query). A fused entry that declines leaves the
 * call to the generic sort. */
static sweep_status fused_query(sweep_context *ctx, const sweep_kradix *key, const void *keys_in,
                                void *keys_out, const void *values_in, void *values_out,
                                size_t vsize, size_t n, int *fused, size_t *bytes) {
    const sweep_backend_table *be = ctx->be;
    *fused = 0;
    *bytes = 0;
    if (!be->radix_sort || !sweep__use_fused(ctx)) return SWEEP_OK;
    sweep_status st = be->radix_sort(ctx->h, key, keys_in, keys_out, values_in, values_out, vsize,
                                     n, NULL, bytes);
    if (st == SWEEP_OK) {
        *fused = 1;
        if (*bytes == 0) *bytes = 1;
        return SWEEP_OK;
    }
    if (st != SWEEP_ERR_UNSUPPORTED) return sweep__backend_failed(be->name, "radix_sort", st);
    sweep__clear_error(); /* the fused entry declined: compose instead */
    return SWEEP_OK;
}

sweep_status sweep__radix_sort_need(sweep_context *ctx, const sweep_kradix *key,
                                    const void *keys_in, void *keys_out, const void *values_in,
                                    void *values_out, size_t vsize, size_t n, size_t *need) {
    int fused;
    sweep_status st =
        fused_query(ctx, key, keys_in, keys_out, values_in, values_out, vsize, n, &fused, need);
    if (st == SWEEP_OK && !fused) *need = radix_need(ctx, key, vsize, n);
    return st;
}

sweep_status sweep__radix_sort_run(sweep_context *ctx, sweep__arena *arena, const sweep_kradix *key,
                                   const void *keys_in, void *keys_out, const void *values_in,
                                   void *values_out, size_t vsize, size_t n) {
    const size_t mark = arena->used;
    int fused;
    size_t bytes;
    sweep_status st =
        fused_query(ctx, key, keys_in, keys_out, values_in, values_out, vsize, n, &fused, &bytes);
    if (st == SWEEP_OK && fused) {
        void *buf = sweep__arena_take(arena, bytes);
        if (!buf) {
            st = sweep__fail(SWEEP_ERR_INTERNAL, "radix sort scratch was measured too small");
        } else {
            st = ctx->be->radix_sort(ctx->h, key, keys_in, keys_out, values_in, values_out, vsize,
                                     n, buf, &bytes);
            if (st != SWEEP_OK) st = sweep__backend_failed(ctx->be->name, "radix_sort", st);
        }
    } else if (st == SWEEP_OK) {
        st = radix_generic_run(ctx, arena, key, keys_in, keys_out, values_in, values_out, vsize, n);
    }
    arena->used = mark;
    return st;
}
