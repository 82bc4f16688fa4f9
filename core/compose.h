/*
 * compose.h -- the generic compositions that the algorithm drivers share. Each part
 * comes as a scratch need and a run over a given arena, so a driver that nests
 * another (split and radix sort scan their counts, segmented reduce runs a segmented
 * scan) takes everything from the one scratch block of the call: a caller-given
 * scratch buffer is a single buffer.
 */
#ifndef SWEEP_CORE_COMPOSE_H
#define SWEEP_CORE_COMPOSE_H

#include "internal.h"

#include <stdint.h>

/* Scratch sizes add up saturating: an impossible need fails as out of memory in
 * sweep__scratch_begin instead of wrapping to a small buffer. */
static inline size_t sweep__need_add(size_t a, size_t b) {
    return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/* The rounded bytes of count elements of size bytes (saturating). */
static inline size_t sweep__need_array(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) return SIZE_MAX;
    return sweep__scratch_round(count * size);
}

static inline size_t sweep__ceil_div(size_t a, size_t b) {
    return a / b + (a % b != 0);
}

static inline const unsigned char *sweep__cat(const void *p, size_t i, size_t size) {
    return (const unsigned char *)p + i * size;
}

static inline unsigned char *sweep__at(void *p, size_t i, size_t size) {
    return (unsigned char *)p + i * size;
}

/* Non-zero when scans and reductions must keep one association order everywhere. */
static inline int sweep__deterministic(const sweep_context *ctx) {
    return (ctx->options & SWEEP_OPTION_DETERMINISTIC) != 0;
}

/* The tile of the generic scan and reduce for this context. */
size_t sweep__scan_tile(const sweep_context *ctx);

/* Reduce-then-scan over tiles of `tile` elements; flags (may be NULL) make it the
 * segmented scan. in == out allowed. The scratch it takes from the arena is given
 * back when it returns, so repeated scans in one call need sweep__scan_need once. */
size_t sweep__scan_need(size_t n, size_t size, size_t tile, int flagged);
sweep_status sweep__scan_run(sweep_context *ctx, sweep__arena *arena, const sweep_kop *op,
                             const void *in, const uint8_t *flags, void *out, size_t n, size_t tile,
                             int exclusive);

/* In-place exclusive scan of n size_t counts (built-in SUM on U64). */
size_t sweep__count_scan_need(const sweep_context *ctx, size_t n);
sweep_status sweep__count_scan_run(sweep_context *ctx, sweep__arena *arena, size_t *counts,
                                   size_t n);

/* Segmented scan given as flags, offsets (in/out at seg->base, n covered elements)
 * or keys: segment heads into scratch when needed, then the flagged scan. */
size_t sweep__segmented_scan_need(const sweep_ksegments *seg, size_t n, size_t size, size_t tile);
sweep_status sweep__segmented_scan_run(sweep_context *ctx, sweep__arena *arena, const sweep_kop *op,
                                       const void *in, void *out, size_t n,
                                       const sweep_ksegments *seg, size_t tile, int exclusive);

/* Whole-array sorts nested in another driver (segmented sorts): the need of the
 * fused entry where it takes the call, else of the generic sort; the run takes its
 * scratch from the arena and gives it back when it returns. The run makes the same
 * choice as the need, so the two get the same arguments. */
sweep_status sweep__radix_sort_need(sweep_context *ctx, const sweep_kradix *key,
                                    const void *keys_in, void *keys_out, const void *values_in,
                                    void *values_out, size_t vsize, size_t n, size_t *need);
sweep_status sweep__radix_sort_run(sweep_context *ctx, sweep__arena *arena, const sweep_kradix *key,
                                   const void *keys_in, void *keys_out, const void *values_in,
                                   void *values_out, size_t vsize, size_t n);
sweep_status sweep__merge_sort_need(sweep_context *ctx, const sweep_kcmp *cmp, const void *keys_in,
                                    void *keys_out, const void *values_in, void *values_out,
                                    size_t vsize, size_t n, size_t *need);
sweep_status sweep__merge_sort_run(sweep_context *ctx, sweep__arena *arena, const sweep_kcmp *cmp,
                                   const void *keys_in, void *keys_out, const void *values_in,
                                   void *values_out, size_t vsize, size_t n);

/* Either sort, by which order is given: radix (key != NULL) or comparator (cmp). */
sweep_status sweep__sort_need(sweep_context *ctx, const sweep_kradix *key, const sweep_kcmp *cmp,
                              const void *keys_in, void *keys_out, const void *values_in,
                              void *values_out, size_t vsize, size_t n, size_t *need);
sweep_status sweep__sort_run(sweep_context *ctx, sweep__arena *arena, const sweep_kradix *key,
                             const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                             const void *values_in, void *values_out, size_t vsize, size_t n);

#endif /* SWEEP_CORE_COMPOSE_H */
