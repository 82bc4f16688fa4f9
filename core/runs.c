/*
 * runs.c -- the driver of the run primitives: unique (with or without values),
 * run-length encoding and non-trivial runs. Runs are maximal ranges of bytewise-equal
 * keys. Generic, from the split kernels: heads_from_keys flags the first key of every
 * run, and a stable compaction by those flags keeps the first key of each run (and its
 * value). The runs' starts are the compaction of positions (iota) by the same flags;
 * range_lengths turns starts into lengths without the count leaving the device, and
 * flags the runs longer than one, whose starts and lengths one more compaction keeps.
 */
#include "compose.h"

/* The scratch a compaction of n elements needs: counts of every tile plus one (the
 * total) and their scan. */
static size_t compact_need(const sweep_context *ctx, size_t n) {
    size_t counts = sweep__ceil_div(n, ctx->props.split_tile) + 1;
    return sweep__need_add(sweep__need_array(counts, sizeof(size_t)),
                           sweep__count_scan_need(ctx, counts));
}

/* Stable compaction of n elements (and values) by flags; counts holds ntiles + 1
 * entries and ends with the number kept (counts + ntiles). */
static sweep_status compact(sweep_context *ctx, sweep__arena *arena, size_t *counts,
                            const uint8_t *flags, const void *in, void *out, size_t elem_size,
                            const void *values_in, void *values_out, size_t vsize, size_t n) {
    const sweep_backend_table *be = ctx->be;
    const size_t tile = ctx->props.split_tile;
    const size_t ntiles = sweep__ceil_div(n, tile);
    sweep_status st = be->flag_count(ctx->h, flags, n, tile, counts);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "flag_count", st);
    st = be->memset(ctx->h, counts + ntiles, 0, sizeof(size_t));
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "memset", st);
    st = sweep__count_scan_run(ctx, arena, counts, ntiles + 1);
    if (st != SWEEP_OK) return st;
    st = be->flag_scatter(ctx->h, flags, in, out, elem_size, values_in, values_out, vsize, n, tile,
                          counts, counts + ntiles, 0);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "flag_scatter", st);
}

static size_t runs_need(const sweep_context *ctx, const sweep_kruns *r) {
    const size_t n = r->n;
    size_t need = sweep__need_add(sweep__need_array(n, 1), compact_need(ctx, n));
    if (r->form == SWEEP_RUNS_UNIQUE) return need;
    const size_t positions = sweep__need_array(n, sizeof(size_t));
    need = sweep__need_add(need, sweep__need_add(positions, positions)); /* iota, starts */
    if (r->form == SWEEP_RUNS_ENCODE) return need;
    /* the lengths of every run and the flags of those longer than one */
    return sweep__need_add(
        need, sweep__need_add(sweep__need_array(n, sizeof(size_t)), sweep__need_array(n, 1)));
}

static sweep_status runs_run(sweep_context *ctx, sweep__arena *arena, const sweep_kruns *r) {
    const sweep_backend_table *be = ctx->be;
    const size_t n = r->n;
    const size_t ntiles = sweep__ceil_div(n, ctx->props.split_tile);
    uint8_t *heads = sweep__arena_take(arena, n);
    size_t *counts = sweep__arena_take(arena, (ntiles + 1) * sizeof(size_t));
    if (!heads || !counts)
        return sweep__fail(SWEEP_ERR_INTERNAL, "run scratch was measured too small");
    sweep_status st = be->heads_from_keys(ctx->h, r->keys, r->key_size, n, heads);
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "heads_from_keys", st);
    size_t *total = counts + ntiles;
    if (r->form == SWEEP_RUNS_UNIQUE) {
        st = compact(ctx, arena, counts, heads, r->keys, r->keys_out, r->key_size, r->values_in,
                     r->values_out, r->vsize, n);
    } else {
        size_t *iota = sweep__arena_take(arena, n * sizeof(size_t));
        size_t *starts = sweep__arena_take(arena, n * sizeof(size_t));
        if (!iota || !starts)
            return sweep__fail(SWEEP_ERR_INTERNAL, "run scratch was measured too small");
        st = be->iota(ctx->h, 0, n, iota);
        if (st != SWEEP_OK) return sweep__backend_failed(be->name, "iota", st);
        if (r->form == SWEEP_RUNS_ENCODE) {
            /* the first key of each run, its position alongside */
            st = compact(ctx, arena, counts, heads, r->keys, r->keys_out, r->key_size, iota, starts,
                         sizeof(size_t), n);
            if (st != SWEEP_OK) return st;
            st = be->range_lengths(ctx->h, starts, total, n, n, r->lengths, NULL);
            if (st != SWEEP_OK) return sweep__backend_failed(be->name, "range_lengths", st);
        } else {
            size_t *lengths = sweep__arena_take(arena, n * sizeof(size_t));
            uint8_t *longer = sweep__arena_take(arena, n);
            if (!lengths || !longer)
                return sweep__fail(SWEEP_ERR_INTERNAL, "run scratch was measured too small");
            st = compact(ctx, arena, counts, heads, iota, starts, sizeof(size_t), NULL, NULL, 0, n);
            if (st != SWEEP_OK) return st;
            st = be->range_lengths(ctx->h, starts, total, n, n, lengths, longer);
            if (st != SWEEP_OK) return sweep__backend_failed(be->name, "range_lengths", st);
            /* the runs past the count are flagged 0, so n bounds this compaction */
            st = compact(ctx, arena, counts, longer, starts, r->offsets, sizeof(size_t), lengths,
                         r->lengths, sizeof(size_t), n);
        }
    }
    if (st != SWEEP_OK) return st;
    if (r->count) {
        st = be->memcpy(ctx->h, r->count, total, sizeof(size_t), SWEEP_COPY_DEVICE_TO_DEVICE);
        if (st != SWEEP_OK) return sweep__backend_failed(be->name, "memcpy", st);
    }
    return SWEEP_OK;
}

sweep_status sweep__runs(sweep_context *ctx, const sweep_kruns *r) {
    const sweep_backend_table *be = ctx->be;
    sweep__arena arena;
    int measure_only;
    sweep_status st;
    if (be->runs && sweep__use_fused(ctx)) {
        size_t bytes = 0;
        st = be->runs(ctx->h, r, NULL, &bytes);
        if (st == SWEEP_OK) {
            /* At least one byte, so the run never passes NULL (the size query). */
            st = sweep__scratch_begin(ctx, bytes ? bytes : 1, &arena, &measure_only);
            if (st != SWEEP_OK || measure_only) return st;
            st = be->runs(ctx->h, r, arena.base, &bytes);
            sweep__scratch_end(ctx, &arena);
            return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "runs", st);
        }
        if (st != SWEEP_ERR_UNSUPPORTED) return sweep__backend_failed(be->name, "runs", st);
        sweep__clear_error(); /* the fused entry declined: compose instead */
    }
    st = sweep__scratch_begin(ctx, runs_need(ctx, r), &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = runs_run(ctx, &arena, r);
    sweep__scratch_end(ctx, &arena);
    return st;
}
