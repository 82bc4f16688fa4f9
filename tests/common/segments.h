/*
 * segments.h -- segment layouts for segmented scans and reductions, made as
 * offsets (nseg + 1 entries) and turned into head flags or runs of keys for the
 * other forms of sweep_segmented_scan_*.
 */
#ifndef SWEEP_TESTS_SEGMENTS_H
#define SWEEP_TESTS_SEGMENTS_H

#include "gen.h"
#include "harness.h"

typedef enum t_layout {
    T_LAYOUT_RANDOM = 0, /* random lengths (short, medium or long on average) */
    T_LAYOUT_ONE_BIG,    /* one segment over everything                       */
    T_LAYOUT_ALL_ONE,    /* every segment of length 1                         */
    T_LAYOUT_EMPTY,      /* empty segments, also leading and trailing         */
    T_LAYOUT_INTERIOR,   /* offsets[0] > 0 and offsets[nseg] < n, empties     */
    T_LAYOUT_TILE,       /* lengths around the tile sizes (1000 ... 5000)     */
    T_LAYOUT_SPARSE,     /* n + 3 segments, empty ones spread over the whole  */
                         /* output, lengths 0 and 1 (and 2 for tiny n): large */
                         /* n passes every grid and per-block segment cap     */
    T_LAYOUT_EMPTY_RUNS, /* runs of empty segments at 0, at n, on and next to */
                         /* the GPU kernels' tile edges (multiples of 512),  */
                         /* between segments of random lengths               */
    T_LAYOUT_COUNT
} t_layout;

const char *t_layout_name(int layout);

/* Offsets of a layout over n elements (host memory tracked by t). */
int t_make_offsets(t_state *t, t_rng *rng, int layout, size_t n, size_t **offsets, size_t *nseg);

/* heads[i] = 1 where a non-empty segment starts (and at 0). */
void t_heads_from_offsets(const size_t *offsets, size_t nseg, size_t n, uint8_t *heads);

/* Keys of key_dtype whose runs of bytewise-equal keys are the segments of heads
 * (float keys use -0.0 next to +0.0 and repeated NaN patterns: bytes decide). */
void t_keys_from_heads(t_rng *rng, sweep_dtype key_dtype, const uint8_t *heads, size_t n,
                       void *keys);

#endif /* SWEEP_TESTS_SEGMENTS_H */
