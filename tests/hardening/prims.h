/*
 * prims.h -- the calls of the primitives table (primitives.c), one file per family:
 * prims_scan_reduce.c, prims_split_compact.c, prims_sort_merge.c, prims_runs_histogram.c.
 */
#ifndef SWEEP_TESTS_HARDENING_PRIMS_H
#define SWEEP_TESTS_HARDENING_PRIMS_H

#include "primitives.h"

#define H_PRIM_FN(name) int name(const h_how *how, const h_shape *sh, char *why, size_t len)

/* prims_scan_reduce.c */
H_PRIM_FN(p_scan_u32_sum);
H_PRIM_FN(p_scan_i64_max_in_place);
H_PRIM_FN(p_scan_u8_xor);
H_PRIM_FN(p_scan_custom);
H_PRIM_FN(p_segscan_flags);
H_PRIM_FN(p_segscan_offsets);
H_PRIM_FN(p_scan_by_key);
H_PRIM_FN(p_reduce_custom);
H_PRIM_FN(p_segreduce);
/* prims_split_compact.c */
H_PRIM_FN(p_split);
H_PRIM_FN(p_compact);
/* prims_sort_merge.c */
H_PRIM_FN(p_radix_u32_values);
H_PRIM_FN(p_radix_f64_in_place);
H_PRIM_FN(p_merge_sort_i64);
H_PRIM_FN(p_merge_sort_custom);
H_PRIM_FN(p_merge_u16);
/* prims_segsort_search.c */
H_PRIM_FN(p_segsort_u32_values);
H_PRIM_FN(p_segmerge_custom_in_place);
H_PRIM_FN(p_lower_bound_i16);
/* prims_runs_histogram.c */
H_PRIM_FN(p_unique_by_key);
H_PRIM_FN(p_run_length);
H_PRIM_FN(p_nontrivial_runs);
H_PRIM_FN(p_histogram_even);
H_PRIM_FN(p_histogram_range);

#undef H_PRIM_FN

#endif /* SWEEP_TESTS_HARDENING_PRIMS_H */
