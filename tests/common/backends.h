/*
 * backends.h -- what the hardening programs share about backends: parsing a backend
 * name, whether it is available here, and a context on it for one path.
 */
#ifndef SWEEP_TESTS_HARDENING_BACKENDS_H
#define SWEEP_TESTS_HARDENING_BACKENDS_H

#include <sweep/sweep.h>

/* Exit status that CTest reports as skipped (the backend is absent). */
#define H_EXIT_SKIP 77

/* "serial", "openmp", "cuda", "hip" -> 1 and *out; 0 for anything else. */
int h_parse_backend(const char *name, sweep_backend *out);

/* 1 when a context can be created on backend; otherwise 0 and the reason is printed. */
int h_backend_available(sweep_backend backend);

/* A context on backend with options (SWEEP_OPTION_GENERIC for the generic path) and
 * threads (0: default); prints the reason and returns NULL on failure. */
sweep_context *h_context(sweep_backend backend, unsigned options, int num_threads);

#endif /* SWEEP_TESTS_HARDENING_BACKENDS_H */
