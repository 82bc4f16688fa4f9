/*
 * gen.h -- seeded inputs for the test programs. Every conformance case seeds its
 * generator from its name, so a failure reproduces with `--case NAME`. Inputs are
 * never all zeros, include negative values, and are shaped per operator so that scans
 * stay informative (products of odd numbers do not collapse to 0, AND keeps bits).
 * The generator itself (t_rng, any 64-bit state) also drives the fuzz harness's
 * element data and the hardening programs' large inputs.
 */
#ifndef SWEEP_TESTS_GEN_H
#define SWEEP_TESTS_GEN_H

#include <stddef.h>
#include <stdint.h>
#include <sweep/sweep.h>

typedef struct t_rng {
    uint64_t s;
} t_rng;

/* What each value advances the state by (splitmix64's step). */
#define T_RNG_STEP 0x9e3779b97f4a7c15ull

/* FNV-1a of bytes: seeds from names and inputs. */
uint64_t t_hash(const void *data, size_t bytes);

/* Seeds from the name's hash. */
void t_rng_seed(t_rng *r, const char *name);
/* The next value of the generator (splitmix64). */
uint64_t t_rng_next(t_rng *r);
/* Uniform in [0, bound) (bound > 0). */
uint64_t t_rng_below(t_rng *r, uint64_t bound);
/* Uniform double in [0, 1). */
double t_rng_unit(t_rng *r);

/* n elements of dtype suited to op. Floats: SUM in [-1000, 1000], PROD near +-1,
 * MIN/MAX spread over many magnitudes with +-inf, +-0.0 and a few NaNs, quiet and
 * signalling. */
void t_gen_op_input(t_rng *r, sweep_dtype dtype, sweep_op_kind op, void *out, size_t n);

/* Replaces a NaN at element i by 1.5 (floats only): fmin/fmax do not have the
 * identity as a neutral element for NaN, so a NaN may not start a segment. */
void t_gen_fix_nan_head(sweep_dtype dtype, void *data, size_t i);

/* Sort keys: random bits with many duplicates (a narrowed value range half of the
 * time) and, for floats, NaNs of both signs and several payloads, +-0.0, +-inf and
 * subnormals. */
void t_gen_keys(t_rng *r, sweep_dtype dtype, void *out, size_t n, int dup_heavy);

/* n values of size bytes whose bytes encode the element index (and a per-case
 * salt), so a misplaced or unstable value is recognised. */
void t_gen_values(t_rng *r, void *out, size_t size, size_t n);

/* Flags with the given density in 1/1000 (values 1..255: any non-zero means set). */
void t_gen_flags(t_rng *r, uint8_t *out, size_t n, unsigned permille);

/* Arbitrary non-zero bytes. */
void t_gen_bytes(t_rng *r, void *out, size_t bytes);

/* How t_gen_runs lays out runs of equal keys. */
typedef enum t_run_law {
    T_RUNS_SINGLE = 0,    /* independent keys: nearly every run has one element       */
    T_RUNS_SHORT = 1,     /* runs of 1 to 4                                           */
    T_RUNS_LONG = 2,      /* runs of 1 to 300                                         */
    T_RUNS_ALL_EQUAL = 3, /* one run of n                                             */
    T_RUNS_TILES = 4,     /* runs of 1, 2 and tile sizes +-1 (4096, 32768), over tiles */
    T_RUNS_IEEE = 5,      /* short runs of edge values: floats +-0.0, NaNs of several
                           * payloads and both signs, +-inf; integers 0, -1, min, max */
    T_RUN_LAWS = 6
} t_run_law;

/* n keys of dtype in runs of equal keys following law; consecutive runs may share a
 * key (then they are one run). */
void t_gen_runs(t_rng *r, sweep_dtype dtype, void *out, size_t n, t_run_law law);
const char *t_run_law_name(t_run_law law);

#endif /* SWEEP_TESTS_GEN_H */
