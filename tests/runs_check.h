/* What the run families built on layouts of runs share (cases_runs_edges.c,
 * cases_runs_parts.c): keys laid out in runs, and one call of a run primitive checked
 * against the oracle. */
#ifndef SWEEP_TESTS_RUNS_CHECK_H
#define SWEEP_TESTS_RUNS_CHECK_H

#include "check.h"
#include "gen.h"

/* Whether a run starts at i (i > 0) in a family's layout (shape and its parameter). */
typedef int (*t_runs_starts)(t_rng *rng, int shape, size_t param, size_t i);

/* n keys of ks bytes (1, 2, 4 or 8): a new random key, different from the one before
 * in its ks bytes, wherever starts says a run starts. */
void t_runs_keys(t_rng *rng, t_runs_starts starts, int shape, size_t param, unsigned char *keys,
                 size_t ks, size_t n);

/* The unsigned dtype of ks bytes. */
sweep_dtype t_runs_dtype(size_t ks);

/* Runs primitive kind (0 unique, 1 unique by key with values of vs bytes drawn from
 * rng, 2 run-length encoding, 3 non-trivial runs) on ctx over the n host keys, into
 * poisoned outputs; every output entry (the poisoned ones past the count too) and the
 * count compared with the oracle's, failures reported through t. */
void t_runs_check(t_state *t, sweep_context *ctx, t_rng *rng, int kind, const unsigned char *keys,
                  size_t ks, size_t vs, size_t n);

#endif /* SWEEP_TESTS_RUNS_CHECK_H */
