/*
 * oracle.h -- the reference answers, written as plainly as possible: one loop per
 * definition in sweep.h, no tiles, no shared code with the core or any backend.
 * Every function works on host memory.
 */
#ifndef SWEEP_TESTS_ORACLE_H
#define SWEEP_TESTS_ORACLE_H

#include <stddef.h>
#include <stdint.h>
#include <sweep/sweep.h>

/* An operator as the oracle applies it: a built-in (kind, dtype) or a custom combine
 * function with its element size and identity. */
typedef struct o_op {
    sweep_op_kind kind;
    sweep_dtype dtype;
    size_t size;
    unsigned char identity[32];
    sweep_combine_fn combine; /* custom only */
    void *user;
} o_op;

/* A built-in operator (identity filled in from sweep.h's table). */
o_op o_builtin(sweep_op_kind kind, sweep_dtype dtype);
/* A custom operator. */
o_op o_custom(size_t size, const void *identity, sweep_combine_fn combine, void *user);

/* *out = *a op *b (out may alias a or b). */
void o_combine(const o_op *op, const void *a, const void *b, void *out);

/* Segmented scan over heads (heads[i] != 0 restarts; heads may be NULL = one
 * segment). Plain scan is heads == NULL. */
void o_scan(const o_op *op, const void *in, const uint8_t *heads, void *out, size_t n,
            int exclusive);

/* Scan of each segment [offsets[s], offsets[s+1]); other elements of out untouched. */
void o_scan_offsets(const o_op *op, const void *in, const size_t *offsets, size_t nseg, void *out,
                    int exclusive);

/* heads[i] = i == 0 or keys[i] differs bytewise from keys[i-1]. */
void o_heads_from_keys(const void *keys, size_t key_size, size_t n, uint8_t *heads);

/* For floating SUM and PROD: the exact value (long double) of every output of the
 * same segmented scan, the magnitude that bounds its rounding error (sum of |x| for
 * SUM, |product| for PROD) and the number of terms combined. */
void o_scan_exact(sweep_op_kind kind, sweep_dtype dtype, const void *in, const uint8_t *heads,
                  size_t n, int exclusive, long double *exact, long double *mag, size_t *terms);

/* Reduction of n elements (identity for n == 0). */
void o_reduce(const o_op *op, const void *in, size_t n, void *out);

/* out[s] = reduction of segment s (identity if empty). */
void o_segmented_reduce(const o_op *op, const void *in, const size_t *offsets, size_t nseg,
                        void *out);

/* Split (keep_unflagged) or compact: flagged first in order, then (split) the
 * others in order; values alongside when vsize > 0. Returns the flagged count. */
size_t o_split(const uint8_t *flags, const void *in, void *out, size_t elem_size,
               const void *values_in, void *values_out, size_t vsize, size_t n, int keep_unflagged);

/* The order-preserving unsigned pattern of a key (sweep.h: signed sign bit flipped,
 * floats by totalOrder), zero-extended. */
uint64_t o_key_pattern(sweep_dtype dtype, const void *key);

/* Stable radix sort on bits [begin_bit, end_bit) of the pattern; descending is the
 * reverse order of the bit field, still stable. Writes keys_out/values_out. */
void o_radix_sort(sweep_dtype dtype, const void *keys_in, void *keys_out, const void *values_in,
                  void *values_out, size_t vsize, size_t n, unsigned begin_bit, unsigned end_bit,
                  int descending);

/* A comparator as the oracle applies it. */
typedef struct o_cmp {
    int custom;        /* 0: built-in order of dtype */
    sweep_dtype dtype; /* built-in */
    int descending;    /* built-in */
    size_t key_size;
    sweep_less_fn less; /* custom */
    void *user;
} o_cmp;

o_cmp o_cmp_builtin(sweep_dtype dtype, int descending);
o_cmp o_cmp_custom(size_t key_size, sweep_less_fn less, void *user);
/* Non-zero when a must come before b. */
int o_less(const o_cmp *c, const void *a, const void *b);

/* Stable sort by comparator. */
void o_sort(const o_cmp *c, const void *keys_in, void *keys_out, const void *values_in,
            void *values_out, size_t vsize, size_t n);

/* Stable merge, ties taking a first. */
void o_merge(const o_cmp *c, const void *a, const void *a_values, size_t na, const void *b,
             const void *b_values, size_t nb, void *out, void *out_values, size_t vsize);

/* Stable sort of each segment [offsets[s], offsets[s+1]) on its own, by comparator c
 * or (c NULL) by the radix descriptor; elements outside every segment untouched. */
void o_segmented_sort(const o_cmp *c, const sweep_sort_desc *radix, const void *keys_in,
                      void *keys_out, const void *values_in, void *values_out, size_t vsize,
                      const size_t *offsets, size_t nseg);

/* out[i] = lower (upper == 0) or upper bound of needle i in a sorted haystack, as the
 * count of haystack keys before it (beyond 2^25 pairs by halving that prefix). */
void o_bounds(const o_cmp *c, const void *haystack, size_t n, const void *needles, size_t nn,
              int upper, size_t *out);
/* ----------------------------------------------------- runs and histograms -- */

/* Unique by key: the first key (and value, vsize > 0) of every run of bytewise-equal
 * keys, in order. Returns the number of runs. */
size_t o_unique(const void *keys, size_t key_size, const void *values, size_t vsize, size_t n,
                void *keys_out, void *values_out);

/* Run-length encoding: the key and the length of every run. Returns the runs. */
size_t o_run_length_encode(const void *in, size_t size, size_t n, void *unique_out,
                           size_t *lengths);

/* The first index and the length of every run longer than one. Returns their number. */
size_t o_nontrivial_runs(const void *in, size_t size, size_t n, size_t *offsets, size_t *lengths);

/* Histograms as sweep.h defines them, into num_bins 64-bit counts (zeroed here). */
void o_histogram_even(sweep_dtype dtype, const void *samples, size_t n, const void *lower,
                      const void *upper, size_t num_bins, uint64_t *counts);
void o_histogram_range(sweep_dtype dtype, const void *samples, size_t n, const void *boundaries,
                       size_t num_bins, uint64_t *counts);

#endif /* SWEEP_TESTS_ORACLE_H */
