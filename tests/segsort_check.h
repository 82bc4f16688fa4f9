/* The check both segmented sort families share: the oracle's result, the call on the
 * context's backend, and the comparison of keys and values. */
#ifndef SWEEP_TESTS_SEGSORT_CHECK_H
#define SWEEP_TESTS_SEGSORT_CHECK_H

#include "check.h"
#include "gen.h"
#include "oracle.h"

/* One segmented sort: n host keys of ks bytes (and values of vs bytes) in the segments
 * of offsets[0..nseg], in radix order (radix != 0: desc) or comparator order (cmp, with
 * the oracle's ocmp); in place or into poisoned outputs. custom: the comparator is a
 * custom one, skipped where the backend has no run-time compiler. */
typedef struct t_segsort_call {
    size_t n, ks, vs, nseg;
    const unsigned char *keys, *vals;
    const size_t *offsets;
    int in_place, radix, custom;
    sweep_sort_desc desc;
    sweep_compare cmp;
    const o_cmp *ocmp;
} t_segsort_call;

/* Runs the call and checks it, reporting through t (failure or skip). Elements outside
 * every segment must keep what was there: the poison, or the input in place. */
void t_segsort_check(t_state *t, const t_env *env, const t_segsort_call *c);

/* The orders the route and class families sort by: the radix order on every bit, on a
 * bit range inside the key, or the built-in comparator's. */
enum { T_SEGSORT_RADIX, T_SEGSORT_BITS, T_SEGSORT_CMP };

/* One such order of dtype dt (descending where desc) with values of vs bytes. */
typedef struct t_segsort_order {
    int radix;
    size_t ks;
    sweep_sort_desc desc;
    sweep_compare cmp;
    o_cmp ocmp;
    sweep_custom_compare *custom; /* destroyed by t_segsort_order_done */
} t_segsort_order;

/* Fills *o for order (T_SEGSORT_*); 0 (reported through t) on failure. */
int t_segsort_order_make(t_state *t, sweep_dtype dt, int order, int desc, size_t vs,
                         t_segsort_order *o);
void t_segsort_order_done(t_segsort_order *o);

/* n keys of dt from rng (with many duplicates where dups, so stability shows in the
 * values) and values of vs bytes, sorted in the segments of offsets[0..nseg] by o, in
 * place or not, and checked (t_segsort_check). */
void t_segsort_generated(t_state *t, const t_env *env, t_rng *rng, sweep_dtype dt,
                         const t_segsort_order *o, size_t n, size_t vs, size_t nseg,
                         const size_t *offsets, int in_place, int dups);

#endif /* SWEEP_TESTS_SEGSORT_CHECK_H */
