/* The error contract: every bad argument of every public function gives its
 * documented status, a non-empty sweep_last_error() naming the function, and leaves
 * every output untouched; n == 0 writes nothing; status strings; backend queries.
 * The cases live in cases_errors_<kind>.c (declared in cases_errors.h, sharing
 * errors_fixture.c); this file registers them. */
#include "cases_errors.h"
#include "families.h"

#include <string.h>

void t_register_errors(t_registry *r) {
    static const struct {
        const char *name;
        t_case_fn fn;
    } list[] = {
        {"errors.strings_and_backend_query", e_strings},
        {"errors.backend_env", e_backend_env},
        {"errors.context_memory_stream", e_context},
        {"errors.dead_context_foreign_memory", e_dead_context},
        {"errors.custom_create", e_custom_create},
        {"errors.scan", e_scan},
        {"errors.segmented_scan_flags", e_segscan_flags},
        {"errors.segmented_scan_offsets", e_segscan_offsets},
        {"errors.scan_by_key", e_scan_by_key},
        {"errors.reduce", e_reduce},
        {"errors.segmented_reduce", e_segreduce},
        {"errors.many_offsets", e_many_offsets},
        {"errors.split", e_split},
        {"errors.compact", e_compact},
        {"errors.radix_sort", e_radix},
        {"errors.merge_sort", e_merge_sort},
        {"errors.merge", e_merge},
        {"errors.segmented_radix_sort", e_segsort_radix},
        {"errors.segmented_merge_sort", e_segsort_merge},
        {"errors.search", e_search},
        {"errors.zero_n", e_zero_n},
        {"errors.alignment", e_alignment},
        {"errors.unique", e_unique},
        {"errors.unique_by_key", e_unique_by_key},
        {"errors.run_length_encode", e_run_length},
        {"errors.nontrivial_runs", e_nontrivial_runs},
        {"errors.histogram_even", e_histogram_even},
        {"errors.histogram_range", e_histogram_range},
        {"errors.offsets_edges", e_offsets_edges},
    };
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "errors";
    for (unsigned i = 0; i < sizeof list / sizeof list[0]; ++i) {
        c.fn = list[i].fn;
        t_register(r, &c, "%s", list[i].name);
    }
}
