/*
 * backends.h -- what the test programs share about backends: parsing a backend name,
 * whether it is available here, and a context on it for one path.
 */
#ifndef SWEEP_TESTS_BACKENDS_H
#define SWEEP_TESTS_BACKENDS_H

#include <sweep/sweep.h>

/* Exit status that CTest reports as skipped (the backend is absent). */
#define T_EXIT_SKIP 77

/* "serial", "openmp", "cuda", "hip" -> 1 and *out; 0 for anything else (or NULL). */
int t_parse_backend(const char *name, sweep_backend *out);

/* 1 when a context can be created on backend; 0 when it is not available here and -1
 * when sweep_backend_query itself fails (the reason is printed in both cases). */
int t_backend_available(sweep_backend backend);

/* A context on backend with options (SWEEP_OPTION_GENERIC for the generic path) and
 * threads (0: default); prints the reason and returns NULL on failure. */
sweep_context *t_backend_context(sweep_backend backend, unsigned options, int num_threads);

/* The command line `PROGRAM --backend NAME` of a program that runs on one backend:
 * 0 with *out set when that backend is available, otherwise the exit status (2 after
 * printing the usage, T_EXIT_SKIP when the backend is not available here). */
int t_backend_arg(int argc, char **argv, sweep_backend *out);

#endif /* SWEEP_TESTS_BACKENDS_H */
