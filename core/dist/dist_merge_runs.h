/*
 * dist_merge_runs.h -- the merge of the sorted runs a rank receives in the distributed
 * sorts (dist_merge_runs.c).
 */
#ifndef SWEEP_DIST_MERGE_RUNS_H
#define SWEEP_DIST_MERGE_RUNS_H

#include "dist_internal.h"

/* Keys and values (NULL without values) in context memory. */
typedef struct sweep__dist_buffers {
    void *keys, *values;
} sweep__dist_buffers;

/* The rounds of pairwise merges that `runs` runs take: ceil(log2 runs). */
unsigned sweep__dist_merge_rounds(int runs);

/* Merges the sorted runs [bounds[q], bounds[q + 1]) of src (q < runs, elements; a run
 * may be empty) into one run, stably under cmp, ties in run order. The rounds
 * alternate between src and dst: the result is in dst after an odd number of rounds
 * (sweep__dist_merge_rounds), in src after an even one; both are overwritten. vs:
 * value bytes (0: keys alone). */
sweep_status sweep__dist_merge_runs(sweep_context *ctx, const sweep_kcmp *cmp, size_t vs,
                                    sweep__dist_buffers src, sweep__dist_buffers dst,
                                    const size_t *bounds, int runs);

#endif /* SWEEP_DIST_MERGE_RUNS_H */
