/*
 * large_par.h -- a parallel loop over chunks of [0, n) on all host cores (pthreads, so
 * it works in builds without OpenMP). The checks of sweep-hardening-large read every
 * element of arrays of 2^32 elements: one core would take minutes per step.
 */
#ifndef SWEEP_TESTS_HARDENING_LARGE_PAR_H
#define SWEEP_TESTS_HARDENING_LARGE_PAR_H

#include <stddef.h>

/* Chunk c of nchunks covers [n * c / nchunks, n * (c + 1) / nchunks). */
typedef void (*lp_chunk_fn)(size_t lo, size_t hi, size_t chunk, void *arg);

/* The number of host threads lp_for uses (online cores, at most 256). */
size_t lp_threads(void);

/* Runs fn on every chunk, chunks spread over lp_threads() threads; returns when all
 * are done. Chunks of one call must not write to shared state except their own slot. */
void lp_for(size_t n, size_t nchunks, lp_chunk_fn fn, void *arg);

/* Start and end of chunk c, as lp_for hands them out. */
size_t lp_lo(size_t n, size_t nchunks, size_t c);

#endif /* SWEEP_TESTS_HARDENING_LARGE_PAR_H */
