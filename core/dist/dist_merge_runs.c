/*
 * dist_merge_runs.c -- the last step of the distributed sorts: the sorted runs a rank
 * received, one from each rank in rank order, merged into one. Pairs of neighbouring
 * runs are merged stably (ties take the lower rank's key first), round after round,
 * between two buffers, so that ties end in rank order and then in each rank's order:
 * the global stable order. ceil(log2 p) rounds read and write the keys once each,
 * where a sort of the received keys took all its passes.
 */
#include "dist_merge_runs.h"

#include "compose.h"

unsigned sweep__dist_merge_rounds(int runs) {
    unsigned rounds = 0;
    for (int width = 1; width < runs; width *= 2)
        ++rounds;
    return rounds;
}

/* Copies run [from, to) of src into dst (keys and values). */
static sweep_status copy_run(sweep_context *ctx, const sweep__dist_buffers *src,
                             const sweep__dist_buffers *dst, size_t ks, size_t vs, size_t from,
                             size_t to) {
    if (to == from) return SWEEP_OK;
    sweep_status st =
        sweep__dist_copy(ctx, (unsigned char *)dst->keys + from * ks,
                         (const unsigned char *)src->keys + from * ks, (to - from) * ks);
    if (st == SWEEP_OK && vs)
        st = sweep__dist_copy(ctx, (unsigned char *)dst->values + from * vs,
                              (const unsigned char *)src->values + from * vs, (to - from) * vs);
    return st;
}

sweep_status sweep__dist_merge_runs(sweep_context *ctx, const sweep_kcmp *cmp, size_t vs,
                                    sweep__dist_buffers src, sweep__dist_buffers dst,
                                    const size_t *bounds, int runs) {
    const size_t ks = cmp->key_size;
    for (int width = 1; width < runs; width *= 2) {
        for (int q = 0; q < runs; q += 2 * width) {
            const int mid = q + width < runs ? q + width : runs;
            const int end = q + 2 * width < runs ? q + 2 * width : runs;
            const size_t a0 = bounds[q], b0 = bounds[mid], e = bounds[end];
            sweep_status st;
            if (a0 == b0 || b0 == e) {
                st = copy_run(ctx, &src, &dst, ks, vs, a0, e); /* one side is empty */
            } else {
                const unsigned char *sk = src.keys, *sv = src.values;
                unsigned char *dk = dst.keys, *dv = dst.values;
                st = sweep__merge(ctx, cmp, sk + a0 * ks, vs ? sv + a0 * vs : NULL, b0 - a0,
                                  sk + b0 * ks, vs ? sv + b0 * vs : NULL, e - b0, dk + a0 * ks,
                                  vs ? dv + a0 * vs : NULL, vs);
            }
            if (st != SWEEP_OK) return st;
        }
        const sweep__dist_buffers t = src;
        src = dst;
        dst = t;
    }
    return SWEEP_OK;
}
