/*
 * cli.h -- what the two front ends (sweep-conformance and sweep-check) share besides
 * the cases and the backend names of tests/common/backends.h: counting and listing
 * cases per family.
 */
#ifndef SWEEP_TESTS_CLI_H
#define SWEEP_TESTS_CLI_H

#include "backends.h"
#include "families.h"

/* Prints "family count" lines and the total. */
void t_print_counts(const t_registry *r);

/* Prints every case name. */
void t_print_list(const t_registry *r);

#endif /* SWEEP_TESTS_CLI_H */
