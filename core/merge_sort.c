/*
 * merge_sort.c -- the merge sort driver. Generic: the keys (and values) are sorted
 * tile by tile in place, then runs of width w = sort_tile, 2w, 4w, ... are merged in
 * pairs with merge-path (a run without a partner is copied), ping-ponging between
 * the output and a scratch buffer, arranged so the last pass lands in the output.
 */
#include "compose.h"
#include "merge_runs.h"

/* Number of pairwise merge passes after the tile sort. */
static unsigned merge_passes(size_t n, size_t tile) {
    unsigned passes = 0;
    for (size_t w = tile; w < n; w *= 2) {
        ++passes;
        if (w > SIZE_MAX / 2) break;
    }
    return passes;
}

/* A sort that is not in place always gets the scratch copy: the tile sort runs there,
 * so a tile sort that fails (it may allocate) has written nothing to the output. */
static size_t merge_sort_need(const sweep_context *ctx, size_t vsize, size_t key_size, size_t n,
                              int in_place) {
    unsigned passes = merge_passes(n, ctx->props.sort_tile);
    if (passes == 0 && in_place) return 0;
    size_t need = sweep__need_add(sweep__need_array(n, key_size), sweep__need_array(n, vsize));
    return passes ? sweep__need_add(need, sweep__merge_runs_need(ctx, n)) : need;
}

static sweep_status copy(sweep_context *ctx, void *dst, const void *src, size_t bytes) {
    if (dst == src || bytes == 0) return SWEEP_OK;
    sweep_status st = ctx->be->memcpy(ctx->h, dst, src, bytes, SWEEP_COPY_DEVICE_TO_DEVICE);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(ctx->be->name, "memcpy", st);
}

typedef struct run_buffer {
    void *keys;
    void *values;
} run_buffer;

/* One pass: merges the pairs of runs of width w of src into dst. */
static sweep_status merge_pass(sweep_context *ctx, const sweep_kcmp *cmp, size_t *splits,
                               run_buffer src, run_buffer dst, size_t vsize, size_t n, size_t w) {
    const size_t ks = cmp->key_size;
    for (size_t i = 0; i < n; i += 2 * w) {
        size_t na = n - i < w ? n - i : w;
        size_t rest = n - i - na;
        size_t nb = rest < w ? rest : w;
        const size_t j = i + na;
        sweep_status st = sweep__merge_runs_run(
            ctx, splits, cmp, sweep__cat(src.keys, i, ks),
            vsize ? sweep__cat(src.values, i, vsize) : NULL, na, sweep__cat(src.keys, j, ks),
            vsize ? sweep__cat(src.values, j, vsize) : NULL, nb, sweep__at(dst.keys, i, ks),
            vsize ? sweep__at(dst.values, i, vsize) : NULL, vsize);
        if (st != SWEEP_OK) return st;
        if (n - i <= 2 * w) break; /* i += 2w could wrap on the last pair */
    }
    return SWEEP_OK;
}

/* The generic sort over buffers taken from the arena (merge_sort_need bytes). */
static sweep_status merge_sort_generic(sweep_context *ctx, sweep__arena *arena,
                                       const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                                       const void *values_in, void *values_out, size_t vsize,
                                       size_t n) {
    const sweep_backend_table *be = ctx->be;
    const size_t tile = ctx->props.sort_tile;
    const size_t ks = cmp->key_size;
    const unsigned passes = merge_passes(n, tile);
    const int in_place = keys_in == keys_out;
    run_buffer out = {keys_out, vsize ? values_out : NULL};
    run_buffer tmp = {NULL, NULL};
    size_t *splits = NULL;
    sweep_status st;
    if (passes > 0 || !in_place) {
        tmp.keys = sweep__arena_take(arena, n * ks);
        tmp.values = vsize ? sweep__arena_take(arena, n * vsize) : NULL;
        splits = passes ? sweep__arena_take(arena, sweep__merge_runs_need(ctx, n)) : NULL;
        if (!tmp.keys || (vsize && !tmp.values) || (passes && !splits))
            return sweep__fail(SWEEP_ERR_INTERNAL, "merge sort scratch was measured too small");
    }
    /* In place, the tiles are sorted where the last pass can end in the output (an odd
     * number of passes starts in scratch). Otherwise they are sorted in scratch, so the
     * output is untouched until the tile sort succeeded; an even number of passes then
     * costs one copy into the output. */
    run_buffer src = in_place && passes % 2 == 0 ? out : tmp;
    st = copy(ctx, src.keys, keys_in, n * ks);
    if (st == SWEEP_OK && vsize) st = copy(ctx, src.values, values_in, n * vsize);
    if (st != SWEEP_OK) return st;
    st = be->tile_sort(ctx->h, cmp, src.keys, src.values, vsize, n, tile);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "tile_sort", st);
    if (src.keys == tmp.keys && passes % 2 == 0) {
        st = copy(ctx, out.keys, tmp.keys, n * ks);
        if (st == SWEEP_OK && vsize) st = copy(ctx, out.values, tmp.values, n * vsize);
        if (st != SWEEP_OK) return st;
        src = out;
    }
    run_buffer dst = src.keys == out.keys ? tmp : out;
    size_t w = tile;
    for (unsigned p = 0; p < passes; ++p, w *= 2) {
        st = merge_pass(ctx, cmp, splits, src, dst, vsize, n, w);
        if (st != SWEEP_OK) return st;
        run_buffer t = src;
        src = dst;
        dst = t;
    }
    return SWEEP_OK;
}

/* A built-in comparator orders keys by their order-preserving patterns (floats by
 * totalOrder), exactly the order of the radix sort, and both sorts are stable: so the
 * sorted keys and values are the same, and the backend's fused radix sort, which
 * moves each key a few times instead of log2(n / tile) times, sorts for merge sort
 * where the merge passes would begin (more than one tile). Custom comparators, and
 * the generic path, which checks the merge kernels themselves, keep the merges. */
static int sorted_by_radix(const sweep_context *ctx, const sweep_kcmp *cmp, size_t n) {
    return cmp->kind != SWEEP_COMPARE_CUSTOM && ctx->be->radix_sort && sweep__use_fused(ctx) &&
           n > ctx->props.sort_tile;
}

/* Whether the fused entry sorts this call, and its scratch bytes (at least one, so
 * the run never passes NULL, the size query). */
static sweep_status fused_query(sweep_context *ctx, const sweep_kcmp *cmp, const void *keys_in,
                                void *keys_out, const void *values_in, void *values_out,
                                size_t vsize, size_t n, int *fused, size_t *bytes) {
    const sweep_backend_table *be = ctx->be;
    *fused = 0;
    *bytes = 0;
    if (!be->merge_sort || !sweep__use_fused(ctx)) return SWEEP_OK;
    sweep_status st = be->merge_sort(ctx->h, cmp, keys_in, keys_out, values_in, values_out, vsize,
                                     n, NULL, bytes);
    if (st == SWEEP_OK) {
        *fused = 1;
        if (*bytes == 0) *bytes = 1;
        return SWEEP_OK;
    }
    if (st != SWEEP_ERR_UNSUPPORTED) return sweep__backend_failed(be->name, "merge_sort", st);
    sweep__clear_error(); /* the fused entry declined: compose instead */
    return SWEEP_OK;
}

/* The radix sort's descriptor of a built-in comparator: every bit of the key. */
static sweep_kradix radix_of(const sweep_kcmp *cmp) {
    sweep_kradix key;
    key.dtype = cmp->dtype;
    key.key_size = cmp->key_size;
    key.begin_bit = 0;
    key.end_bit = (unsigned)(8 * cmp->key_size);
    key.descending = cmp->kind == SWEEP_COMPARE_DESCENDING;
    return key;
}

sweep_status sweep__merge_sort_need(sweep_context *ctx, const sweep_kcmp *cmp, const void *keys_in,
                                    void *keys_out, const void *values_in, void *values_out,
                                    size_t vsize, size_t n, size_t *need) {
    if (sorted_by_radix(ctx, cmp, n)) {
        sweep_kradix key = radix_of(cmp);
        return sweep__radix_sort_need(ctx, &key, keys_in, keys_out, values_in, values_out, vsize, n,
                                      need);
    }
    int fused;
    sweep_status st =
        fused_query(ctx, cmp, keys_in, keys_out, values_in, values_out, vsize, n, &fused, need);
    if (st == SWEEP_OK && !fused)
        *need = merge_sort_need(ctx, vsize, cmp->key_size, n, keys_in == keys_out);
    return st;
}

sweep_status sweep__merge_sort_run(sweep_context *ctx, sweep__arena *arena, const sweep_kcmp *cmp,
                                   const void *keys_in, void *keys_out, const void *values_in,
                                   void *values_out, size_t vsize, size_t n) {
    if (sorted_by_radix(ctx, cmp, n)) {
        sweep_kradix key = radix_of(cmp);
        return sweep__radix_sort_run(ctx, arena, &key, keys_in, keys_out, values_in, values_out,
                                     vsize, n);
    }
    const size_t mark = arena->used;
    int fused;
    size_t bytes;
    sweep_status st =
        fused_query(ctx, cmp, keys_in, keys_out, values_in, values_out, vsize, n, &fused, &bytes);
    if (st == SWEEP_OK && fused) {
        void *buf = sweep__arena_take(arena, bytes);
        if (!buf) {
            st = sweep__fail(SWEEP_ERR_INTERNAL, "merge sort scratch was measured too small");
        } else {
            st = ctx->be->merge_sort(ctx->h, cmp, keys_in, keys_out, values_in, values_out, vsize,
                                     n, buf, &bytes);
            if (st != SWEEP_OK) st = sweep__backend_failed(ctx->be->name, "merge_sort", st);
        }
    } else if (st == SWEEP_OK) {
        st =
            merge_sort_generic(ctx, arena, cmp, keys_in, keys_out, values_in, values_out, vsize, n);
    }
    arena->used = mark;
    return st;
}
