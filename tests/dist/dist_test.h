/*
 * dist_test.h -- what the distributed tests share. Every rank builds the same global
 * input from the case name's seed, takes its piece under one of several partitions
 * (even, uneven with empty pieces, everything on the last rank, the first ranks
 * empty), runs the distributed primitive, and compares its piece of the output byte
 * for byte with the single-process primitive run on the whole input on the same
 * context. Outputs are poisoned first, so an unwritten element fails.
 */
#ifndef SWEEP_TESTS_DIST_TEST_H
#define SWEEP_TESTS_DIST_TEST_H

#include "gen.h"

#include <stddef.h>
#include <stdint.h>
#include <sweep/sweep.h>
#include <sweep/sweep_dist.h>

/* The partitions of the global sequence every case runs under. */
enum { D_EVEN = 0, D_UNEVEN = 1, D_LAST = 2, D_FIRST_EMPTY = 3, D_LAYOUTS = 4 };

typedef struct d_env {
    sweep_context *ctx;
    sweep_comm *comm;
    int rank, size;
    int layout;
    long checks, failures;
    const char *only; /* run only cases whose name contains this (NULL: all) */
    int all_layouts;  /* every case under every partition (default: two of four) */
    size_t big_total; /* the large sort's keys in all (0: not run) */
    /* Gathers one uint64 from every rank (size of them, rank order): MPI or threads. */
    void (*gather_u64)(struct d_env *e, uint64_t mine, uint64_t *all);
    void *gather_state;
    long fail_alloc; /* d_run_sort: >= 0 arms the allocation hook with it for the call */
} d_env;

/* libsweep's test-only allocation-failure hook (core/alloc_hook.c): the k-th
 * allocation the library attempts from now on, on the calling thread, fails (once);
 * -1 disarms. */
void sweep_testing_fail_allocation(long k);

/* Counts of every rank (size entries) and this rank's begin and count, for N elements
 * under env->layout; the uneven partitions are seeded by name. */
void d_partition(const d_env *e, const char *name, size_t N, size_t *counts, size_t *begin,
                 size_t *count);

/* Records a failure of a case on this rank (printed with the rank). Returns 0. */
int d_fail(d_env *e, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Counts a check; fails unless st == SWEEP_OK. */
int d_ok(d_env *e, const char *name, sweep_status st, const char *what);
/* Non-zero when the case runs under the current partition (--only, --all-layouts). */
int d_selected(const d_env *e, const char *name);

/* Context memory holding a copy of host bytes (64 unread bytes for 0 bytes). */
void *d_upload(d_env *e, const void *host, size_t bytes);
/* Context memory of bytes, every byte 0xA5 (64 of them for 0 bytes). */
void *d_poisoned(d_env *e, size_t bytes);
/* Host copy of context memory (malloc'd; never NULL). */
void *d_download(d_env *e, const void *dev, size_t bytes);
/* Compares bytes; names the first differing element. Returns 1 when equal. */
int d_same(d_env *e, const char *name, const char *what, const void *got, const void *want,
           size_t n, size_t elem);
/* Frees context memory (NULL ok). */
void d_free(d_env *e, void *dev);

/* One sort case: built-in keys of dtype (or a custom comparator of tests/common's
 * comparators.h on a merge sort), values of vsize bytes, N keys in all. */
typedef struct d_sort_case {
    int merge;         /* 0 radix, 1 merge */
    sweep_dtype dtype; /* built-in keys */
    int custom;        /* merge: CMP_* mode */
    size_t vsize;
    unsigned begin_bit, end_bit; /* radix; end 0 = all bits */
    int descending;
    int dups;
    size_t N;
} d_sort_case;

/* Runs one sort case under the current partition (when selected) and checks every
 * rank's piece against the single-process sort of the whole input. */
void d_run_sort(d_env *e, const char *name, const d_sort_case *c);
/* The same for a split (compact 0, values of vsize bytes) or a compaction: N elements
 * of elem bytes in all, permille of them flagged. */
void d_run_split(d_env *e, const char *name, int compact, size_t elem, size_t vsize,
                 unsigned permille, size_t N);
/* The same for a scan (mode 0), a segmented scan (1) or a reduction (2) of N elements
 * of elem bytes in all; in_place: out is in. */
void d_run_scan(d_env *e, const char *name, sweep_op op, size_t elem, int mode,
                sweep_scan_kind kind, size_t N, int in_place);

/* The case families; each runs every layout itself. */
void d_cases_scan(d_env *e);
void d_cases_split(d_env *e);
void d_cases_sort(d_env *e);
void d_cases_reuse(d_env *e);
void d_cases_errors(d_env *e);
void d_case_big_sort(d_env *e);

#endif /* SWEEP_TESTS_DIST_TEST_H */
