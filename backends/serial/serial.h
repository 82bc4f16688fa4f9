/*
 * serial.h -- the serial backend's kernels, shared between its source files. The
 * table in table.c is the only way the core reaches them. Semantics of every entry
 * are the comments in include/sweep/backend.h.
 */
#ifndef SWEEP_SERIAL_H
#define SWEEP_SERIAL_H

#include <stddef.h>
#include <sweep/backend.h>

/* Scratch for one element of any operator (custom elements are at most 32 bytes and
 * aligned to at most 32). */
#define SWEEP_SERIAL_ELEM_MAX 32

/* Number of tiles of size tile covering n elements. */
static inline size_t sweep_serial_ntiles(size_t n, size_t tile) {
    return n / tile + (n % tile != 0);
}

sweep_status sweep_serial_tile_reduce(void *h, const sweep_kop *op, const void *in,
                                      const uint8_t *flags, size_t n, size_t tile, void *partials,
                                      uint8_t *partial_flags);
sweep_status sweep_serial_tile_scan(void *h, const sweep_kop *op, const void *in,
                                    const uint8_t *flags, void *out, size_t n, size_t tile,
                                    const void *carries, int exclusive);
sweep_status sweep_serial_heads_from_keys(void *h, const void *keys, size_t key_size, size_t n,
                                          uint8_t *flags);
sweep_status sweep_serial_heads_from_offsets(void *h, const size_t *offsets, size_t nseg,
                                             size_t base, size_t n, uint8_t *flags);
sweep_status sweep_serial_segment_last(void *h, const sweep_kop *op, const void *scanned,
                                       const size_t *offsets, size_t nseg, size_t base, void *out);

sweep_status sweep_serial_flag_count(void *h, const uint8_t *flags, size_t n, size_t tile,
                                     size_t *counts);
sweep_status sweep_serial_flag_scatter(void *h, const uint8_t *flags, const void *in, void *out,
                                       size_t elem_size, const void *values_in, void *values_out,
                                       size_t vsize, size_t n, size_t tile, const size_t *before,
                                       const size_t *total, int keep_unflagged);

sweep_status sweep_serial_radix_histogram(void *h, const sweep_kradix *key, const void *keys,
                                          size_t n, size_t *hist);
sweep_status sweep_serial_radix_tile_histogram(void *h, const sweep_kradix *key, const void *keys,
                                               size_t n, size_t tile, unsigned shift,
                                               unsigned nbits, size_t *hist);
sweep_status sweep_serial_radix_scatter(void *h, const sweep_kradix *key, const void *keys_in,
                                        void *keys_out, const void *values_in, void *values_out,
                                        size_t vsize, size_t n, size_t tile, unsigned shift,
                                        unsigned nbits, const size_t *offsets);

sweep_status sweep_serial_tile_sort(void *h, const sweep_kcmp *cmp, void *keys, void *values,
                                    size_t vsize, size_t n, size_t tile);
sweep_status sweep_serial_merge_partition(void *h, const sweep_kcmp *cmp, const void *a, size_t na,
                                          const void *b, size_t nb, size_t vsize, size_t part,
                                          size_t *splits);
sweep_status sweep_serial_merge_tiles(void *h, const sweep_kcmp *cmp, const void *a,
                                      const void *a_values, size_t na, const void *b,
                                      const void *b_values, size_t nb, size_t vsize, size_t part,
                                      const size_t *splits, void *out, void *out_values);

sweep_status sweep_serial_gather(void *h, const void *in, size_t elem_size, const size_t *idx,
                                 size_t n, void *out);
sweep_status sweep_serial_search(void *h, const sweep_kcmp *cmp, const void *haystack, size_t nhay,
                                 const void *needles, size_t nneedles, int upper, size_t *out);
sweep_status sweep_serial_iota(void *h, size_t first, size_t n, size_t *out);
sweep_status sweep_serial_range_lengths(void *h, const size_t *starts, const size_t *count,
                                        size_t end, size_t n, size_t *lengths, uint8_t *long_flags);
sweep_status sweep_serial_histogram(void *h, const sweep_khist *hist, const void *samples, size_t n,
                                    void *counts);

#endif /* SWEEP_SERIAL_H */
