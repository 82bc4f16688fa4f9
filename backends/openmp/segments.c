/*
 * segments.c -- head finding: flags are tested eight bytes at a time (segments are
 * usually much longer than one element), offsets are walked with a cursor found by
 * one binary search per block and written out as flags, keys are compared with typed
 * loads into flags.
 */
#include "segments.h"

#include <host/host_runs.h>

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

/* Flags of keys a + i against a + i - 1, typed for the common key sizes so that the
 * compare vectorises; returns how many are set. */
#define SWOMP_KEY_FLAGS(T)                                                                         \
    do {                                                                                           \
        for (size_t i = 0; i < m; i++) {                                                           \
            T x, y;                                                                                \
            memcpy(&x, k + (a + i - 1) * sizeof(T), sizeof(T));                                    \
            memcpy(&y, k + (a + i) * sizeof(T), sizeof(T));                                        \
            f[i] = x != y;                                                                         \
            set += f[i];                                                                           \
        }                                                                                          \
    } while (0)

static size_t key_flags(const unsigned char *k, size_t ks, size_t a, size_t m, uint8_t *f) {
    size_t set = 0;
    switch (ks) {
    case 1: SWOMP_KEY_FLAGS(uint8_t); break;
    case 2: SWOMP_KEY_FLAGS(uint16_t); break;
    case 4: SWOMP_KEY_FLAGS(uint32_t); break;
    case 8: SWOMP_KEY_FLAGS(uint64_t); break;
    default:
        for (size_t i = 0; i < m; i++) {
            f[i] = (uint8_t)sweep_host_key_changes(k, ks, a + i);
            set += f[i];
        }
        break;
    }
    return set;
}

size_t swomp_heads_flags(swomp_heads *c, size_t a, size_t m, uint8_t *f) {
    size_t set = 0;
    if (c->seg.form == SWEEP_SEG_OFFSETS) {
        const size_t *o = c->seg.offsets;
        size_t base = c->seg.base, end = a + m, s0 = c->s;
        memset(f, 0, m);
        /* heads below a were passed by the seek or an earlier piece */
        while (c->s < c->seg.nseg && o[c->s] - base < end) {
            f[o[c->s] - base - a] = 1;
            c->s++;
        }
        set = c->s - s0; /* empty segments count too: an upper bound */
    } else if (a > 0) {
        set = key_flags((const unsigned char *)c->seg.keys, c->seg.key_size, a, m, f);
    } else {
        f[0] = 0; /* set below */
        if (m > 1)
            set = key_flags((const unsigned char *)c->seg.keys, c->seg.key_size, 1, m - 1, f + 1);
    }
    if (a == 0) {
        set += !f[0];
        f[0] = 1;
    }
    return set;
}

size_t swomp_heads_list(swomp_heads *c, size_t a, size_t m, size_t cap, uint32_t *pos) {
    const size_t *o = c->seg.offsets;
    size_t base = c->seg.base, end = a + m, s = c->s, k = 0;
    /* more than cap offsets in the piece: short segments, told without walking them
     * (empty segments may make fewer heads: then the flags serve as well) */
    if (c->seg.nseg - s > cap && o[s + cap] - base < end) return cap + 1;
    for (; s < c->seg.nseg && o[s] - base < end; s++) {
        uint32_t p = (uint32_t)(o[s] - base - a);
        if (k > 0 && pos[k - 1] == p) continue; /* an empty segment */
        if (k == cap) return cap + 1;
        pos[k++] = p;
    }
    c->s = s;
    return k;
}

int swomp_flags_few(const uint8_t *f, size_t m, size_t limit) {
    size_t held = 0, i = 0;
    for (; i + 8 <= m && held < limit; i += 8) {
        uint64_t w;
        memcpy(&w, f + i, 8);
        held += w != 0;
    }
    for (; i < m && held < limit; i++)
        held += f[i] != 0;
    return held < limit;
}

size_t swomp_flags_heads(const uint8_t *f, size_t m, size_t cap, uint32_t *pos) {
    size_t k = 0, i = 0;
    while (i < m) {
        while (i + 16 <= m) {
            uint64_t w[2];
            memcpy(w, f + i, 16);
            if (w[0] | w[1]) break;
            i += 16;
        }
        size_t e = m - i < 16 ? m : i + 16;
        for (; i < e; i++) {
            if (!f[i]) continue;
            if (k == cap) return cap + 1;
            pos[k++] = (uint32_t)i;
        }
    }
    return k;
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
            if (sweep_host_key_changes(k, c->seg.key_size, j - 1)) return *pos = j - 1, 1;
        break;
    }
    }
    if (lo == 0) return *pos = 0, 1;
    return 0;
}
