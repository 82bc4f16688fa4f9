/*
 * segments.h -- where segments start, for the three forms of sweep_ksegments (head
 * flags, offsets, runs of equal keys). Segmented scans and reductions walk runs
 * between heads and hand each run to the typed loops of op_kernels.h, so long
 * segments cost no more per element than a plain scan.
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

/* The first head h with i <= h < hi, or hi if none (positions only move forward
 * between seeks). */
size_t swomp_heads_next(swomp_heads *c, size_t i, size_t hi);

/* The last head in [lo, hi) into *pos; 0 when the range has none. */
int swomp_heads_last(const swomp_heads *c, size_t lo, size_t hi, size_t *pos);

/* The first non-zero flag in [i, hi), or hi. */
size_t swomp_next_flag(const uint8_t *f, size_t i, size_t hi);

/* The last non-zero flag in [lo, hi) into *pos; 0 when there is none. */
int swomp_last_flag(const uint8_t *f, size_t lo, size_t hi, size_t *pos);

/* Non-zero when key j differs bytewise from key j - 1 (j >= 1). */
static inline int swomp_key_changes(const unsigned char *k, size_t ks, size_t j) {
    const unsigned char *a = k + (j - 1) * ks, *b = a + ks;
    switch (ks) {
    case 1: return a[0] != b[0];
    case 2: {
        uint16_t x, y;
        memcpy(&x, a, 2);
        memcpy(&y, b, 2);
        return x != y;
    }
    case 4: {
        uint32_t x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        return x != y;
    }
    case 8: {
        uint64_t x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        return x != y;
    }
    default: return memcmp(a, b, ks) != 0;
    }
}

/* The first index s in [0, count) with v[s] >= x (count if none). */
size_t swomp_lower_bound(const size_t *v, size_t count, size_t x);

#endif /* SWEEP_OPENMP_SEGMENTS_H */
