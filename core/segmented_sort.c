/*
 * segmented_sort.c -- the segmented sort driver (radix and comparator order). A fused
 * entry sorts the segments side by side (CPU backends: per-segment sorts, insertion
 * for tiny segments, the whole team for huge ones). The generic composition costs
 * the same for a million tiny segments as for one huge one, because it never loops
 * over segments: over the covered range [first, last) of m elements,
 *  1. P[i] = first + i: an inclusive scan of ones whose first element is `first`
 *     (the ones are a gather of one element through zero indices);
 *  2. the keys sorted stably by themselves, carrying P (the whole-array radix or
 *     merge sort, fused where the backend has one): K, Q;
 *  3. S[j] = the segment of element Q[j]: the upper bound of Q[j] among
 *     offsets[1 .. nseg] (the segments that end at or before it);
 *  4. S sorted stably by segment, carrying Q, on the bits that number the segments:
 *     each segment's keys stay in key order, equal keys in input order;
 *  5. keys_out[first + j] = keys_in[Q[j]], values alike (through scratch in place).
 * One segment is the whole-array sort of its range.
 */
#include "compose.h"

#include <string.h>

/* The buffers of the composition, taken from the call's arena. */
typedef struct seg_buffers {
    size_t *one; /* a single 1: the source of the ones */
    size_t *p;   /* positions, then the first sort's input values */
    size_t *q;   /* the first sort's output values, then the final order */
    size_t *s;   /* zero indices, then segment ids */
    void *k;     /* the first sort's keys, then the gathered keys when in place */
    void *v;     /* the gathered values when sorting values in place */
} seg_buffers;

/* Bits that number nseg segments (nseg >= 2). */
static unsigned segment_bits(size_t nseg) {
    unsigned bits = 0;
    for (size_t top = nseg - 1; top; top >>= 1)
        ++bits;
    return bits;
}

static sweep_kradix segment_key(size_t nseg) {
    sweep_kradix key;
    key.dtype = SWEEP_U64;
    key.key_size = sizeof(size_t);
    key.begin_bit = 0;
    key.end_bit = segment_bits(nseg);
    key.descending = 0;
    return key;
}

static sweep_kop count_sum(void) {
    sweep_kop op;
    memset(&op, 0, sizeof op);
    op.kind = SWEEP_OP_SUM;
    op.dtype = SWEEP_U64;
    op.size = sizeof(size_t);
    op.align = sizeof(size_t);
    return op; /* the identity of SUM is all zero bytes */
}

/* Scratch of the composition: its buffers, then the most any one step nests (the
 * steps run one after another and each gives its scratch back). The sorts' needs
 * depend on their pointers only through in-place-ness, which the buffers fix. */
static sweep_status generic_need(sweep_context *ctx, const sweep_kradix *key, const sweep_kcmp *cmp,
                                 const void *keys_in, const void *values_in, const void *values_out,
                                 size_t vsize, size_t m, size_t nseg, size_t *need) {
    const size_t ks = key ? key->key_size : cmp->key_size;
    size_t own = sweep__need_array(1, sizeof(size_t));
    for (int i = 0; i < 3; ++i)
        own = sweep__need_add(own, sweep__need_array(m, sizeof(size_t)));
    own = sweep__need_add(own, sweep__need_array(m, ks));
    if (vsize && values_in == values_out) own = sweep__need_add(own, sweep__need_array(m, vsize));
    /* Distinct non-NULL stand-ins: a sort's need looks at pointers only to see
     * whether it runs in place, and these buffers never are. */
    static _Alignas(SWEEP__SCRATCH_ALIGN) unsigned char stand_in[3][SWEEP__SCRATCH_ALIGN];
    seg_buffers b = {0};
    b.p = (size_t *)(void *)stand_in[0];
    b.q = (size_t *)(void *)stand_in[1];
    b.k = stand_in[2];
    size_t nested = sweep__scan_need(m, sizeof(size_t), sweep__scan_tile(ctx), 0), step;
    sweep_status st =
        sweep__sort_need(ctx, key, cmp, keys_in, b.k, b.p, b.q, sizeof(size_t), m, &step);
    if (st != SWEEP_OK) return st;
    if (step > nested) nested = step;
    sweep_kradix seg_key = segment_key(nseg);
    st = sweep__radix_sort_need(ctx, &seg_key, b.q, b.q, b.p, b.p, sizeof(size_t), m, &step);
    if (st != SWEEP_OK) return st;
    if (step > nested) nested = step;
    *need = sweep__need_add(own, nested);
    return SWEEP_OK;
}

static sweep_status kernel_failed(sweep_context *ctx, const char *entry, sweep_status st) {
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(ctx->be->name, entry, st);
}

/* Step 1: b->p[i] = first + i. */
static sweep_status positions(sweep_context *ctx, sweep__arena *arena, seg_buffers *b, size_t m,
                              size_t first) {
    const sweep_backend_table *be = ctx->be;
    const size_t one = 1;
    sweep_status st = be->memcpy(ctx->h, b->one, &one, sizeof one, SWEEP_COPY_HOST_TO_DEVICE);
    if (st != SWEEP_OK) return kernel_failed(ctx, "memcpy", st);
    st = be->memset(ctx->h, b->s, 0, m * sizeof(size_t));
    if (st != SWEEP_OK) return kernel_failed(ctx, "memset", st);
    st = be->gather(ctx->h, b->one, sizeof(size_t), b->s, m, b->p);
    if (st != SWEEP_OK) return kernel_failed(ctx, "gather", st);
    st = be->memcpy(ctx->h, b->p, &first, sizeof first, SWEEP_COPY_HOST_TO_DEVICE);
    if (st != SWEEP_OK) return kernel_failed(ctx, "memcpy", st);
    sweep_kop sum = count_sum();
    return sweep__scan_run(ctx, arena, &sum, b->p, NULL, b->p, m, sweep__scan_tile(ctx), 0);
}

/* Step 5 for one array: dst[j] = src[order[j]], through tmp when dst is src. */
static sweep_status place(sweep_context *ctx, const void *src, void *dst, void *tmp, size_t size,
                          const size_t *order, size_t m, size_t first) {
    const sweep_backend_table *be = ctx->be;
    void *at = sweep__at(dst, first, size);
    if (src != dst)
        return kernel_failed(ctx, "gather", be->gather(ctx->h, src, size, order, m, at));
    sweep_status st = be->gather(ctx->h, src, size, order, m, tmp);
    if (st != SWEEP_OK) return kernel_failed(ctx, "gather", st);
    st = be->memcpy(ctx->h, at, tmp, m * size, SWEEP_COPY_DEVICE_TO_DEVICE);
    return kernel_failed(ctx, "memcpy", st);
}

static sweep_status generic_run(sweep_context *ctx, sweep__arena *arena, const sweep_kradix *key,
                                const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                                const void *values_in, void *values_out, size_t vsize,
                                const size_t *offsets, size_t nseg, size_t first, size_t m) {
    const sweep_backend_table *be = ctx->be;
    const size_t ks = key ? key->key_size : cmp->key_size;
    seg_buffers b = {0};
    b.one = sweep__arena_take(arena, sizeof(size_t));
    b.p = sweep__arena_take(arena, m * sizeof(size_t));
    b.q = sweep__arena_take(arena, m * sizeof(size_t));
    b.s = sweep__arena_take(arena, m * sizeof(size_t));
    b.k = sweep__arena_take(arena, m * ks);
    const int values_in_place = vsize && values_in == values_out;
    b.v = values_in_place ? sweep__arena_take(arena, m * vsize) : NULL;
    if (!b.one || !b.p || !b.q || !b.s || !b.k || (values_in_place && !b.v))
        return sweep__fail(SWEEP_ERR_INTERNAL, "segmented sort scratch was measured too small");

    sweep_status st = positions(ctx, arena, &b, m, first);
    if (st == SWEEP_OK)
        st = sweep__sort_run(ctx, arena, key, cmp, sweep__cat(keys_in, first, ks), b.k, b.p, b.q,
                             sizeof(size_t), m);
    if (st != SWEEP_OK) return st;
    const sweep_kcmp by_offset = {SWEEP_COMPARE_ASCENDING, SWEEP_U64, sizeof(size_t), NULL};
    st = be->search(ctx->h, &by_offset, offsets + 1, nseg, b.q, m, 1, b.s);
    if (st != SWEEP_OK) return kernel_failed(ctx, "search", st);
    sweep_kradix seg_key = segment_key(nseg);
    st = sweep__radix_sort_run(ctx, arena, &seg_key, b.s, b.s, b.q, b.q, sizeof(size_t), m);
    if (st != SWEEP_OK) return st;
    st = place(ctx, keys_in, keys_out, b.k, ks, b.q, m, first);
    if (st == SWEEP_OK && vsize) st = place(ctx, values_in, values_out, b.v, vsize, b.q, m, first);
    return st;
}

/* One segment: the whole-array sort of its range. */
static sweep_status one_segment(sweep_context *ctx, const sweep_kradix *key, const sweep_kcmp *cmp,
                                const void *keys_in, void *keys_out, const void *values_in,
                                void *values_out, size_t vsize, size_t first, size_t m) {
    const size_t ks = key ? key->key_size : cmp->key_size;
    const void *ki = sweep__cat(keys_in, first, ks);
    void *ko = sweep__at(keys_out, first, ks);
    const void *vi = vsize ? sweep__cat(values_in, first, vsize) : NULL;
    void *vo = vsize ? sweep__at(values_out, first, vsize) : NULL;
    if (key) return sweep__radix_sort(ctx, key, ki, ko, vi, vo, vsize, m);
    return sweep__merge_sort(ctx, cmp, ki, ko, vi, vo, vsize, m);
}

static sweep_status fused_segmented_sort(sweep_context *ctx, const sweep_kradix *key,
                                         const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                                         const void *values_in, void *values_out, size_t vsize,
                                         size_t n, const size_t *offsets, size_t nseg,
                                         int *declined) {
    const sweep_backend_table *be = ctx->be;
    size_t bytes = 0;
    *declined = 0;
    sweep_status st = be->segmented_sort(ctx->h, key, cmp, keys_in, keys_out, values_in, values_out,
                                         vsize, n, offsets, nseg, NULL, &bytes);
    if (st == SWEEP_ERR_UNSUPPORTED) {
        sweep__clear_error(); /* the fused entry declined: compose instead */
        *declined = 1;
        return SWEEP_OK;
    }
    if (st != SWEEP_OK) return sweep__backend_failed(be->name, "segmented_sort", st);
    sweep__arena arena;
    int measure_only;
    /* At least one byte, so the run never passes NULL (the size query). */
    st = sweep__scratch_begin(ctx, bytes ? bytes : 1, &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = be->segmented_sort(ctx->h, key, cmp, keys_in, keys_out, values_in, values_out, vsize, n,
                            offsets, nseg, arena.base, &bytes);
    sweep__scratch_end(ctx, &arena);
    return st == SWEEP_OK ? SWEEP_OK : sweep__backend_failed(be->name, "segmented_sort", st);
}

sweep_status sweep__segmented_sort(sweep_context *ctx, const sweep_kradix *key,
                                   const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                                   const void *values_in, void *values_out, size_t vsize, size_t n,
                                   const size_t *offsets, size_t nseg, size_t first, size_t last) {
    if (ctx->be->segmented_sort && sweep__use_fused(ctx)) {
        int declined;
        sweep_status st = fused_segmented_sort(ctx, key, cmp, keys_in, keys_out, values_in,
                                               values_out, vsize, n, offsets, nseg, &declined);
        if (!declined) return st;
    }
    const size_t m = last - first;
    if (m == 0) return SWEEP_OK;
    if (nseg == 1)
        return one_segment(ctx, key, cmp, keys_in, keys_out, values_in, values_out, vsize, first,
                           m);
    size_t need;
    sweep_status st =
        generic_need(ctx, key, cmp, keys_in, values_in, values_out, vsize, m, nseg, &need);
    if (st != SWEEP_OK) return st;
    sweep__arena arena;
    int measure_only;
    st = sweep__scratch_begin(ctx, need, &arena, &measure_only);
    if (st != SWEEP_OK || measure_only) return st;
    st = generic_run(ctx, &arena, key, cmp, keys_in, keys_out, values_in, values_out, vsize,
                     offsets, nseg, first, m);
    sweep__scratch_end(ctx, &arena);
    return st;
}
