/*
 * sort_kernels.h -- the comparison loops of merge sort and merge for one
 * comparator: merge-path partition, stable merge and stable insertion sort, typed
 * for every built-in (dtype, direction) and generic over a custom less function.
 * On top of them: the passes of a bottom-up merge sort of one range.
 */
#ifndef SWEEP_OPENMP_SORT_KERNELS_H
#define SWEEP_OPENMP_SORT_KERNELS_H

#include <stddef.h>
#include <sweep/backend.h>

typedef struct swomp_sortk {
    /* How many of the first d outputs of the stable merge of a and b (ties take a
     * first) come from a. */
    size_t (*partition)(const sweep_kcmp *cmp, const void *a, size_t na, const void *b, size_t nb,
                        size_t d);
    /* Stable merge of a and b into out; values move alongside when out_values and
     * vsize are set. out does not overlap the inputs. */
    void (*merge)(const sweep_kcmp *cmp, const void *a, const void *a_values, size_t na,
                  const void *b, const void *b_values, size_t nb, void *out, void *out_values,
                  size_t vsize);
    /* Stable insertion sort of n keys (values may be NULL) in place. */
    void (*insertion)(const sweep_kcmp *cmp, void *keys, void *values, size_t n, size_t vsize);
} swomp_sortk;

/* The loops of a comparator (validated by the core). */
const swomp_sortk *swomp_sortk_for(const sweep_kcmp *cmp);

/* Keys per insertion-sorted run before the merge passes. */
#define SWOMP_SORT_RUN 16u

/* Merge passes that take runs of SWOMP_SORT_RUN to one run of at least n. */
unsigned swomp_sort_passes(size_t n);

/* One buffer of keys and (optionally) values. */
typedef struct swomp_buf {
    unsigned char *keys;
    unsigned char *values; /* NULL without values */
} swomp_buf;

/* Outputs [d0, d1) of the merge pass that merges neighbouring runs of width w of src
 * (n keys) into dst; a run without a neighbour is copied. */
void swomp_merge_pass_range(const swomp_sortk *sk, const sweep_kcmp *cmp, swomp_buf src,
                            swomp_buf dst, size_t n, size_t w, size_t d0, size_t d1, size_t vsize);

/* Sorts n keys in x stably: insertion-sorted runs, then exactly `passes` merge passes
 * alternating between x and y (passes beyond the need copy). The result is in y when
 * passes is odd, else in x. */
void swomp_sort_range(const swomp_sortk *sk, const sweep_kcmp *cmp, swomp_buf x, swomp_buf y,
                      size_t n, unsigned passes, size_t vsize);

#endif /* SWEEP_OPENMP_SORT_KERNELS_H */
