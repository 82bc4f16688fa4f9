/*
 * segments.c -- head finding: flags are tested eight bytes at a time (segments are
 * usually much longer than one element), offsets are walked with a cursor found by
 * one binary search per block, keys are compared with typed loads.
 */
#include "segments.h"

#include <string.h>

size_t swomp_lower_bound(const size_t *v, size_t count, size_t x) {
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void swomp_heads_init(swomp_heads *c, const sweep_ksegments *seg, size_t n) {
    c->seg = *seg;
    c->n = n;
    c->s = 0;
}

void swomp_heads_seek(swomp_heads *c, size_t lo) {
    if (c->seg.form == SWEEP_SEG_OFFSETS)
        c->s = swomp_lower_bound(c->seg.offsets, c->seg.nseg, c->seg.base + lo);
}

size_t swomp_next_flag(const uint8_t *f, size_t i, size_t hi) {
    while (i < hi && (i & 7u)) {
        if (f[i]) return i;
        i++;
    }
    while (i + 8 <= hi) {
        uint64_t w;
        memcpy(&w, f + i, 8);
        if (w) break;
        i += 8;
    }
    while (i < hi && !f[i])
        i++;
    return i;
}

size_t swomp_heads_next(swomp_heads *c, size_t i, size_t hi) {
    if (i >= hi) return hi;
    if (i == 0) return 0;
    switch (c->seg.form) {
    case SWEEP_SEG_FLAGS: return swomp_next_flag(c->seg.flags, i, hi);
    case SWEEP_SEG_OFFSETS: {
        const size_t *o = c->seg.offsets;
        size_t base = c->seg.base;
        while (c->s < c->seg.nseg && o[c->s] - base < i)
            c->s++;
        if (c->s < c->seg.nseg && o[c->s] - base < hi) return o[c->s] - base;
        return hi;
    }
    default: {
        const unsigned char *k = (const unsigned char *)c->seg.keys;
        for (size_t j = i; j < hi; j++)
            if (swomp_key_changes(k, c->seg.key_size, j)) return j;
        return hi;
    }
    }
}

int swomp_last_flag(const uint8_t *f, size_t lo, size_t hi, size_t *pos) {
    size_t j = hi;
    while (j > lo && (j & 7u)) {
        if (f[j - 1]) return *pos = j - 1, 1;
        j--;
    }
    while (j >= lo + 8) {
        uint64_t w;
        memcpy(&w, f + j - 8, 8);
        if (w) break;
        j -= 8;
    }
    while (j > lo) {
        if (f[j - 1]) return *pos = j - 1, 1;
        j--;
    }
    return 0;
}

int swomp_heads_last(const swomp_heads *c, size_t lo, size_t hi, size_t *pos) {
    if (lo >= hi) return 0;
    switch (c->seg.form) {
    case SWEEP_SEG_FLAGS:
        if (swomp_last_flag(c->seg.flags, lo, hi, pos)) return 1;
        break;
    case SWEEP_SEG_OFFSETS: {
        /* the last segment starting below hi (empty segments at hi do not count) */
        const size_t *o = c->seg.offsets;
        size_t s = swomp_lower_bound(o, c->seg.nseg, c->seg.base + hi);
        if (s > 0 && o[s - 1] - c->seg.base >= lo) return *pos = o[s - 1] - c->seg.base, 1;
        break;
    }
    default: {
        const unsigned char *k = (const unsigned char *)c->seg.keys;
        for (size_t j = hi; j > lo && j > 1; j--)
            if (swomp_key_changes(k, c->seg.key_size, j - 1)) return *pos = j - 1, 1;
        break;
    }
    }
    if (lo == 0) return *pos = 0, 1;
    return 0;
}
