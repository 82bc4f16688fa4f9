/* The table of primitive calls (see primitives.h); answers come from tests/common/oracle.c.
 * The calls live in prims_<family>.c (declared in prims.h). */
#include "primitives.h"
#include "prims.h"

const h_prim h_prims[] = {
    {"scan_u32_sum", p_scan_u32_sum},
    {"scan_i64_max_in_place", p_scan_i64_max_in_place},
    {"scan_u8_xor", p_scan_u8_xor},
    {"scan_custom_affine", p_scan_custom},
    {"segmented_scan_flags_u16", p_segscan_flags},
    {"segmented_scan_offsets_i32_in_place", p_segscan_offsets},
    {"scan_by_key_u64", p_scan_by_key},
    {"reduce_custom_affine", p_reduce_custom},
    {"segmented_reduce_i16", p_segreduce},
    {"split_3_byte_records", p_split},
    {"compact_5_byte_records", p_compact},
    {"radix_sort_u32_values", p_radix_u32_values},
    {"radix_sort_f64_in_place_desc_bits", p_radix_f64_in_place},
    {"merge_sort_i64_desc_values", p_merge_sort_i64},
    {"merge_sort_custom_records", p_merge_sort_custom},
    {"merge_u16_values", p_merge_u16},
    {"segmented_radix_sort_u32_values_bits", p_segsort_u32_values},
    {"segmented_merge_sort_custom_in_place", p_segmerge_custom_in_place},
    {"lower_bound_i16", p_lower_bound_i16},
    {"unique_by_key_u32_7_byte_values", p_unique_by_key},
    {"run_length_encode_i16", p_run_length},
    {"nontrivial_runs_f64", p_nontrivial_runs},
    {"histogram_even_i64_whole_range", p_histogram_even},
    {"histogram_range_f32", p_histogram_range},
};
const size_t h_num_prims = sizeof h_prims / sizeof h_prims[0];
