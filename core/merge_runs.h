/*
 * merge_runs.h -- the generic merge of two sorted runs (core/merge.c), shared with
 * merge sort, which merges pairs of runs with it inside its own scratch block.
 */
#ifndef SWEEP_CORE_MERGE_RUNS_H
#define SWEEP_CORE_MERGE_RUNS_H

#include "internal.h"

/* Scratch for merging runs of total na + nb keys (merge-path splits). */
size_t sweep__merge_runs_need(const sweep_context *ctx, size_t total);
/* Stable merge of a and b into out (not overlapping them); an empty run is a copy.
 * splits holds ceil((na + nb) / merge_part) + 1 entries of scratch; the merges of one
 * call may share it, since work on the context's stream is ordered. */
sweep_status sweep__merge_runs_run(sweep_context *ctx, size_t *splits, const sweep_kcmp *cmp,
                                   const void *a, const void *a_values, size_t na, const void *b,
                                   const void *b_values, size_t nb, void *out, void *out_values,
                                   size_t vsize);

#endif /* SWEEP_CORE_MERGE_RUNS_H */
