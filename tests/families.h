/*
 * families.h -- the table of case families (one file each, cases_<family>.c) and
 * the runner the test executable and sweep-check share.
 */
#ifndef SWEEP_TESTS_FAMILIES_H
#define SWEEP_TESTS_FAMILIES_H

#include "harness.h"

typedef void (*t_register_fn)(t_registry *r);

typedef struct t_family {
    const char *name;
    t_register_fn register_cases;
} t_family;

extern const t_family t_families[];
extern const size_t t_num_families;

/* The family called name, or NULL. */
const t_family *t_family_find(const char *name);

/* Every case of every family (or of one family if only is not NULL). */
int t_registry_build(t_registry *r, const char *only);
void t_registry_free(t_registry *r);

typedef struct t_counts {
    size_t pass, fail, skip;
} t_counts;

/* How the runner reports each case: verbose prints every case, otherwise failures
 * (and the first few skips) only. */
typedef struct t_run_opts {
    int verbose;
    const char *case_filter; /* run only cases whose name contains this */
    size_t max_failures_shown;
} t_run_opts;

/* Runs the cases of one family (NULL: all) on one backend and path. Returns the
 * counts; a context that cannot be created counts as one failure. */
t_counts t_run_family(const t_registry *r, const char *family, sweep_backend backend,
                      unsigned options, const t_run_opts *opts);

/* Each family's registration. */
void t_register_scan(t_registry *r);
void t_register_segmented_scan(t_registry *r);
void t_register_reduce(t_registry *r);
void t_register_grouping(t_registry *r);
void t_register_split(t_registry *r);
void t_register_radix_sort(t_registry *r);
void t_register_merge_sort(t_registry *r);
void t_register_merge(t_registry *r);
void t_register_custom_op(t_registry *r);
void t_register_scratch(t_registry *r);
void t_register_deterministic(t_registry *r);
void t_register_errors(t_registry *r);
void t_register_segmented_sort(t_registry *r);
/* Segmented sorts at the GPU's size classes (cases_segsort_classes.c). */
void t_register_segsort_classes(t_registry *r);
/* Segmented sorts at the GPU's routes (cases_segsort_routes.c). */
void t_register_segsort_routes(t_registry *r);
void t_register_search(t_registry *r);
void t_register_unique(t_registry *r);
void t_register_run_length(t_registry *r);
void t_register_histogram(t_registry *r);
/* Even histogram bins where the CPU backends' bin without a division falls back to
 * the contract's steps (cases_histogram_bins.c), family "histogram". */
void t_register_histogram_bins(t_registry *r);
/* Run primitives at the tile edges of the GPU's fused select (cases_runs_edges.c):
 * family "unique" or "run_length". */
void t_register_runs_edges(t_registry *r, const char *family);
/* Run primitives over inputs a CPU backend splits among threads, runs across the
 * threads' parts (cases_runs_parts.c): family "unique" or "run_length". */
void t_register_runs_parts(t_registry *r, const char *family);

#endif /* SWEEP_TESTS_FAMILIES_H */
