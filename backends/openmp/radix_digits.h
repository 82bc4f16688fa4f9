/*
 * radix_digits.h -- digit counting and stable digit scatter over a range of keys,
 * typed by key width: what both radix sorts (radix_basic_kernels.c, composed by the
 * core; radix_sort_fused.c) do to one range of keys in one pass. A key's digits come
 * from its order-preserving pattern (backend.h, host_keys.h): pattern = raw ^
 * mask(raw), computed without branches.
 */
#ifndef SWEEP_OPENMP_RADIX_DIGITS_H
#define SWEEP_OPENMP_RADIX_DIGITS_H

#include <stddef.h>
#include <stdint.h>
#include <sweep/backend.h>

/* Digit passes of a sort: ceil((end_bit - begin_bit) / 8). */
static inline unsigned swomp_radix_passes(const sweep_kradix *k) {
    return (k->end_bit - k->begin_bit + SWEEP_RADIX_BITS - 1) / SWEEP_RADIX_BITS;
}
static inline unsigned swomp_radix_shift(const sweep_kradix *k, unsigned pass) {
    return k->begin_bit + pass * SWEEP_RADIX_BITS;
}
static inline unsigned swomp_radix_nbits(const sweep_kradix *k, unsigned pass) {
    unsigned left = k->end_bit - swomp_radix_shift(k, pass);
    return left < SWEEP_RADIX_BITS ? left : SWEEP_RADIX_BITS;
}

/* cnt[d] += keys in [lo, hi) whose digit (shift, nbits) is d. */
void swomp_radix_count(const sweep_kradix *k, const void *keys, size_t lo, size_t hi,
                       unsigned shift, unsigned nbits, size_t *cnt);

/* hist[p * 256 + d] += keys in [lo, hi) whose digit of pass p is d, for every pass. */
void swomp_radix_count_all(const sweep_kradix *k, const void *keys, size_t lo, size_t hi,
                           size_t *hist);

/* cnt[d] += keys in [lo, hi) whose digit (shift, nbits) is d, as swomp_radix_count,
 * and *all_and &= / *all_or |= the patterns of those keys: a pass whose digit bits
 * are equal in the AND and the OR moves no key. */
void swomp_radix_count_span(const sweep_kradix *k, const void *keys, size_t lo, size_t hi,
                            unsigned shift, unsigned nbits, size_t *cnt, uint64_t *all_and,
                            uint64_t *all_or);

/* The order of a range's sort keys (bits [begin_bit, end_bit) of the patterns):
 * whether they never decrease, whether they always decrease, the first and the
 * last. An empty range leaves it as swomp_radix_span_init made it. */
typedef struct swomp_radix_span {
    uint64_t all_and, all_or, first, last;
    int ascending, descending, empty;
    /* whether the sort keys never increase; where they do not strictly decrease, lead
     * and trail: how many keys at the range's start equal the first, at its end equal
     * the last (of the range swomp_radix_order set, not kept by a join) */
    int nonincreasing;
    size_t lead, trail;
} swomp_radix_span;

void swomp_radix_span_init(swomp_radix_span *s);

/* Sets the span of keys [lo, hi) (an empty span unless lo < hi). It reads keys only
 * while they could still be in order: random keys cost a few loads. */
void swomp_radix_order(const sweep_kradix *k, const void *keys, size_t lo, size_t hi,
                       swomp_radix_span *span);

/* Folds the span of the range right after `into`'s into it. */
void swomp_radix_span_join(swomp_radix_span *into, const swomp_radix_span *next);

/* The stable order of n keys whose sort keys never increase: the runs of equal sort
 * keys in reverse order, each run's keys (and values) in their own order. Moves keys
 * [lo, hi) of keys_in (and their values) to their places in keys_out, which does not
 * overlap keys_in; run_lo: where the run holding key lo starts, run_hi: where the
 * run holding key hi - 1 ends (either may lie outside [lo, hi)). */
void swomp_radix_unreverse(const sweep_kradix *k, const void *keys_in, void *keys_out,
                           const void *values_in, void *values_out, size_t vsize, size_t n,
                           size_t lo, size_t hi, size_t run_lo, size_t run_hi);

/* Bytes of the write-combining buffer of one thread (keys and values). */
size_t swomp_radix_wc_bytes(size_t key_size, size_t vsize);

/* Moves keys [lo, hi) (and values) to keys_out[pos[d]++] in order, pos per digit.
 * wc (NULL = direct stores) stages a cache line per digit before writing it, so the
 * 256 output streams cost full-line writes instead of scattered partial ones; the
 * lines are streamed to memory when `stream` is set, else copied (they stay in
 * cache). */
void swomp_radix_scatter_range(const sweep_kradix *k, const void *keys_in, void *keys_out,
                               const void *values_in, void *values_out, size_t vsize, size_t lo,
                               size_t hi, unsigned shift, unsigned nbits, size_t *pos, void *wc,
                               int stream);

#endif /* SWEEP_OPENMP_RADIX_DIGITS_H */
