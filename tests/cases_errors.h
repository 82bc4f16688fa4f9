/*
 * cases_errors.h -- the cases of the error-contract family, one file per kind of
 * function (cases_errors_<kind>.c); cases_errors.c registers them.
 */
#ifndef SWEEP_TESTS_CASES_ERRORS_H
#define SWEEP_TESTS_CASES_ERRORS_H

#include "harness.h"

#define E_CASE(name) t_result name(const t_case *c, const t_env *env, char *msg, size_t len)

/* cases_errors_scan.c */
E_CASE(e_scan);
E_CASE(e_segscan_flags);
E_CASE(e_segscan_offsets);
E_CASE(e_scan_by_key);
E_CASE(e_reduce);
E_CASE(e_segreduce);
E_CASE(e_many_offsets);
/* cases_errors_reorder.c */
E_CASE(e_split);
E_CASE(e_compact);
E_CASE(e_radix);
E_CASE(e_merge_sort);
E_CASE(e_merge);
/* cases_errors_segsort_search.c */
E_CASE(e_segsort_radix);
E_CASE(e_segsort_merge);
E_CASE(e_search);
/* cases_errors_zero_n_alignment.c */
E_CASE(e_zero_n);
E_CASE(e_alignment);
/* cases_errors_context.c */
E_CASE(e_context);
E_CASE(e_dead_context);
/* cases_errors_custom_create.c */
E_CASE(e_custom_create);
/* cases_errors_strings.c */
E_CASE(e_strings);
/* cases_errors_backend_env.c */
E_CASE(e_backend_env);
/* cases_errors_runs.c */
E_CASE(e_unique);
E_CASE(e_unique_by_key);
E_CASE(e_run_length);
E_CASE(e_nontrivial_runs);
E_CASE(e_histogram_even);
E_CASE(e_histogram_range);
/* cases_errors_offsets.c */
E_CASE(e_offsets_edges);

#undef E_CASE

#endif /* SWEEP_TESTS_CASES_ERRORS_H */
