/*
 * op_kernels.h -- the inner loops of scans and reductions for one operator: typed,
 * vectorisable loops for every built-in (dtype, op) pair, and a generic byte loop
 * over host_ops.h's combine function for custom operators.
 */
#ifndef SWEEP_OPENMP_OP_KERNELS_H
#define SWEEP_OPENMP_OP_KERNELS_H

#include <stddef.h>
#include <stdint.h>
#include <sweep/backend.h>

/* One element of any operator (custom elements are at most 32 bytes, aligned <= 32). */
typedef struct swomp_val {
    _Alignas(32) unsigned char b[32];
} swomp_val;

typedef struct swomp_opk {
    /* *acc = *acc op in[0] op ... op in[n-1] (has_acc), or in[0] op ... op in[n-1]
     * (n >= 1). strict: one left-to-right fold (SWEEP_OPTION_DETERMINISTIC); else the
     * loop may reassociate (several lanes) for speed. */
    void (*reduce)(const sweep_kop *op, const void *in, size_t n, void *acc, int has_acc,
                   int strict);
    /* Scans a run of n >= 1 elements with an optional carry (NULL = none), in == out
     * allowed. strict: out[i] = carry op local(i) with local folded left to right
     * (the basic kernels' contract); else the carry is folded in as the first term.
     * total (may be NULL) receives carry op x0 op ... op x[n-1]. */
    void (*scan)(const sweep_kop *op, const void *in, void *out, size_t n, const void *carry,
                 int exclusive, int strict, void *total);
    /* Segmented scan of n >= 1 elements by head flags (flags[i] != 0 restarts), one
     * element at a time without branches, for short segments. The carry continues
     * the segment open before in[0]; without one (NULL) in[0] starts a segment. */
    void (*seg_scan)(const sweep_kop *op, const void *in, const uint8_t *flags, void *out, size_t n,
                     const void *carry, int exclusive);
    /* out[s] = the fold of in[offsets[s], offsets[s + 1]) for s in [0, count), each as
     * reduce (not strict) folds it, the identity for an empty segment: one call for
     * many segments, so that short ones cost no call each. */
    void (*seg_reduce)(const sweep_kop *op, const void *in, const size_t *offsets, size_t count,
                       void *out);
} swomp_opk;

/* The loops of an operator (validated by the core). */
const swomp_opk *swomp_opk_for(const sweep_kop *op);

/* *out = *a op *b (out may alias a or b). */
void swomp_combine(const sweep_kop *op, const void *a, const void *b, void *out);

/* Non-zero when results may depend on the association order: floating built-ins and
 * custom operators (whose exactness we cannot know). */
int swomp_op_inexact(const sweep_kop *op);

/* How much slower than a vector step per element a reduction's typed loop is: 4 for
 * floating SUM and PROD (contiguous blocks in scalar chains, see op_kernels.c), 1
 * otherwise. Teams are sized by bytes times this, so that a slower loop gets more
 * threads on the same input. */
size_t swomp_reduce_cost(const sweep_kop *op);

#endif /* SWEEP_OPENMP_OP_KERNELS_H */
