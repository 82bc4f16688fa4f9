/* The check both segmented sort families share: the oracle's result, the call on the
 * context's backend, and the comparison of keys and values. */
#ifndef SWEEP_TESTS_SEGSORT_CHECK_H
#define SWEEP_TESTS_SEGSORT_CHECK_H

#include "check.h"
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

#endif /* SWEEP_TESTS_SEGSORT_CHECK_H */
