/*
 * large_check.h -- exact checks of every output element of sweep-hardening-large, on
 * all host cores. Each check recomputes what every output position must hold from the
 * input (never sampling) and counts the positions that differ.
 */
#ifndef SWEEP_TESTS_HARDENING_LARGE_CHECK_H
#define SWEEP_TESTS_HARDENING_LARGE_CHECK_H

#include "large_gen.h"

#include <stddef.h>
#include <stdint.h>

typedef struct lc_report {
    size_t bad;       /* output positions that differ                              */
    size_t first;     /* the lowest of them (valid when bad > 0)                     */
    uint64_t got;     /* what it holds                                              */
    uint64_t want;    /* what it should hold                                        */
    const char *what; /* which rule it broke                                        */
} lc_report;

/* SUM scan of n elements of elem_size (1: u8, 4: u32) bytes, wrapping as the type does. */
void lc_scan(const void *in, const void *out, size_t elem_size, size_t n, int exclusive,
             lc_report *r);

/* Split: flagged elements first, then the others, each in input order; num_flagged is
 * what the call reported. */
void lc_split(const uint8_t *flags, const void *in, const void *out, size_t elem_size, size_t n,
              size_t num_flagged, lc_report *r);

/* Radix sort of random u8 keys: out is non-decreasing and holds every value as often
 * as in does (which together fix every position). */
void lc_sort_u8(const uint8_t *in, const uint8_t *out, size_t n, lc_report *r);

/* Histogram of u8 samples in bins of width 1 over [0, nbins): counts[v] (u64) is how
 * often v occurs in in, for v < nbins (larger samples fall outside). */
void lc_histogram_u8(const uint8_t *in, size_t n, const uint64_t *counts, size_t nbins,
                     lc_report *r);

/* Radix sort of lg_fill_perm_keys keys (values may be NULL): out is non-decreasing, every
 * key is one of the input's, exactly the d = n - 2^32 keys P(0..d-1) occur twice and no
 * other twice (so out is the input's multiset in order), and each value is its key's
 * input index mod 2^32. */
void lc_sort_perm(const lg_perm *p, const uint32_t *keys, const uint32_t *values, size_t n,
                  lc_report *r);

#endif /* SWEEP_TESTS_HARDENING_LARGE_CHECK_H */
