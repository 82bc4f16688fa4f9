/*
 * cli.h -- what the two front ends (sweep-conformance and sweep-check) share besides
 * the cases: backend names and counting cases per family.
 */
#ifndef SWEEP_TESTS_CLI_H
#define SWEEP_TESTS_CLI_H

#include "families.h"

/* "serial", "openmp", "cuda", "hip" -> the backend; 0 when unknown. */
int t_parse_backend(const char *name, sweep_backend *out);

/* Prints "family count" lines and the total. */
void t_print_counts(const t_registry *r);

/* Prints every case name. */
void t_print_list(const t_registry *r);

#endif /* SWEEP_TESTS_CLI_H */
