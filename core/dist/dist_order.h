/*
 * dist_order.h -- the key order of the distributed sorts on the host, where the ranks
 * choose their split points: the radix order (the key's order-preserving pattern,
 * restricted to the sorted bits, descending folded in) or a comparator (built-in
 * totalOrder or the custom comparator's C function). Keys equal in this order are
 * told apart by (rank, index), which is the stable global order.
 */
#ifndef SWEEP_CORE_DIST_ORDER_H
#define SWEEP_CORE_DIST_ORDER_H

#include "dist_internal.h"

typedef struct sweep__dist_order {
    int radix;        /* 1: key below, 0: cmp below */
    sweep_kradix key; /* radix sorts                */
    sweep_kcmp cmp;   /* merge sorts                */
    size_t key_size;
} sweep__dist_order;

/* Non-zero when key a comes before key b. */
int sweep__dist_less(const sweep__dist_order *o, const void *a, const void *b);

/* A key with its place: rank and index in that rank's locally sorted keys. weight is
 * the size of the range it was proposed from (0: no proposal). */
typedef struct sweep__dist_pivot {
    uint64_t weight;
    uint64_t rank;
    uint64_t index;
    uint64_t windowed; /* 1: proposed from a range held on the host (dist_select.c) */
    unsigned char key[32];
} sweep__dist_pivot;

/* Non-zero when pivot a comes before pivot b in (key, rank, index) order. */
int sweep__dist_pivot_less(const sweep__dist_order *o, const sweep__dist_pivot *a,
                           const sweep__dist_pivot *b);

/* Exact multi-sequence selection, collective. keys: this rank's n keys, locally sorted
 * (context memory). For every boundary s in [1, p) with global position target[s],
 * finds split[s] = how many of this rank's keys are among the first target[s] keys of
 * the global stable order. lo[s] <= split[s] <= hi[s] must hold on entry (brackets
 * from a histogram, or 0 and n); first (may be NULL) gives round one's pivots (one per
 * boundary, the same on every rank). split[0] = 0 and split[p] = n. Each round every
 * rank proposes the middle key of its open range, all take the weighted median of the
 * proposals as pivot, count the keys below it by binary search, and narrow; where every
 * rank's open range of a boundary is small enough to be copied to the host, each
 * proposes several keys and all of them are pivots. */
sweep_status sweep__dist_select(sweep_comm *comm, const sweep__dist_order *o, const void *keys,
                                size_t n, const size_t *target, size_t *lo, size_t *hi,
                                const sweep__dist_pivot *first, size_t *split);

#endif /* SWEEP_CORE_DIST_ORDER_H */
