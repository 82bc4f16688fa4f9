/*
 * segments.h -- where segments start, for the three forms of sweep_ksegments (head
 * flags, offsets, runs of equal keys). Segmented scans turn offsets and keys into
 * head flags a piece at a time (an L1-resident stage) and scan the piece with the
 * head-flags loops, so that neither short nor long segments cost a call per segment.
 */
#ifndef SWEEP_OPENMP_SEGMENTS_H
#define SWEEP_OPENMP_SEGMENTS_H

#include <stddef.h>
#include <string.h>
#include <sweep/backend.h>

/* A cursor over the heads of one form; position 0 is always a head. */
typedef struct swomp_heads {
    sweep_ksegments seg;
    size_t n;
    size_t s; /* offsets form: first segment not yet passed */
} swomp_heads;

void swomp_heads_init(swomp_heads *c, const sweep_ksegments *seg, size_t n);

/* Prepares the cursor for walking forward from position lo. */
void swomp_heads_seek(swomp_heads *c, size_t lo);

/* The heads of [a, a + m) of the offsets or keys form as flags: f[i] = 1 where a + i
 * opens a segment, else 0 (m >= 1; position 0 is a head); returns how many are set
 * (offsets: at most that many). Offsets: pieces go forward from the seek's
 * position, each starting where the last ended. Keys: any piece, no seek needed. */
size_t swomp_heads_flags(swomp_heads *c, size_t a, size_t m, uint8_t *f);

/* Offsets form: the heads of [a, a + m) (pieces going forward from the seek's
 * position, as swomp_heads_flags) into pos, from a, each once, up to cap of them;
 * returns how many, or cap + 1 where there are more (or more than cap offsets, some
 * of them empty segments), and then leaves the cursor where it was. */
size_t swomp_heads_list(swomp_heads *c, size_t a, size_t m, size_t cap, uint32_t *pos);

/* Non-zero when fewer than `limit` of the groups of eight flags of f[0 .. m) (and of
 * the flags after the last whole group) hold a non-zero flag; it stops at the
 * limit. No more heads than that means fewer groups; the converse need not hold. */
int swomp_flags_few(const uint8_t *f, size_t m, size_t limit);

/* The positions of the non-zero flags of f[0 .. m) (m < 2^32) into pos, up to cap of
 * them; returns how many there are, or cap + 1 where there are more (it stops
 * there). Zero flags are skipped 16 at a time. */
size_t swomp_flags_heads(const uint8_t *f, size_t m, size_t cap, uint32_t *pos);

/* The last head in [lo, hi) into *pos; 0 when the range has none. */
int swomp_heads_last(const swomp_heads *c, size_t lo, size_t hi, size_t *pos);

/* The first non-zero flag in [i, hi), or hi. */
size_t swomp_next_flag(const uint8_t *f, size_t i, size_t hi);

/* The last non-zero flag in [lo, hi) into *pos; 0 when there is none. */
int swomp_last_flag(const uint8_t *f, size_t lo, size_t hi, size_t *pos);

/* The first index s in [0, count) with v[s] >= x (count if none). */
size_t swomp_lower_bound(const size_t *v, size_t count, size_t x);

#endif /* SWEEP_OPENMP_SEGMENTS_H */
