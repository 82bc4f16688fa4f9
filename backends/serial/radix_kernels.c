/*
 * radix_kernels.c -- the serial backend's radix sort kernels: the all-passes digit
 * histogram, the per-tile histogram of one digit (digit-major, so one exclusive scan
 * gives every tile's scatter offsets) and the stable scatter by digit. Digits come
 * from sweep_host_radix_digit, so descending and floating keys (totalOrder) need no
 * special case here.
 */
#include "serial.h"

#include <host/host_keys.h>
#include <stdlib.h>
#include <string.h>

sweep_status sweep_serial_radix_histogram(void *h, const sweep_kradix *key, const void *keys,
                                          size_t n, size_t *hist) {
    (void)h;
    const unsigned span = key->end_bit - key->begin_bit;
    const unsigned passes = (span + SWEEP_RADIX_BITS - 1) / SWEEP_RADIX_BITS;
    const unsigned char *k = keys;
    memset(hist, 0, (size_t)passes * SWEEP_RADIX_SIZE * sizeof *hist);
    for (size_t i = 0; i < n; ++i) {
        const uint64_t u = sweep_host_radix_pattern(key, k + i * key->key_size);
        for (unsigned p = 0; p < passes; ++p) {
            const unsigned shift = key->begin_bit + p * SWEEP_RADIX_BITS;
            const unsigned nbits =
                key->end_bit - shift < SWEEP_RADIX_BITS ? key->end_bit - shift : SWEEP_RADIX_BITS;
            hist[p * SWEEP_RADIX_SIZE + ((u >> shift) & ((1u << nbits) - 1))]++;
        }
    }
    return SWEEP_OK;
}

sweep_status sweep_serial_radix_tile_histogram(void *h, const sweep_kradix *key, const void *keys,
                                               size_t n, size_t tile, unsigned shift,
                                               unsigned nbits, size_t *hist) {
    (void)h;
    const size_t ntiles = sweep_serial_ntiles(n, tile);
    const size_t radix = (size_t)1 << nbits;
    const unsigned char *k = keys;
    memset(hist, 0, radix * ntiles * sizeof *hist);
    for (size_t start = 0, t = 0; start < n; start += tile, ++t) {
        const size_t end = n - start > tile ? start + tile : n;
        for (size_t i = start; i < end; ++i)
            hist[sweep_host_radix_digit(key, k + i * key->key_size, shift, nbits) * ntiles + t]++;
    }
    return SWEEP_OK;
}

sweep_status sweep_serial_radix_scatter(void *h, const sweep_kradix *key, const void *keys_in,
                                        void *keys_out, const void *values_in, void *values_out,
                                        size_t vsize, size_t n, size_t tile, unsigned shift,
                                        unsigned nbits, const size_t *offsets) {
    (void)h;
    const size_t ntiles = sweep_serial_ntiles(n, tile);
    const size_t radix = (size_t)1 << nbits;
    const size_t ks = key->key_size;
    const unsigned char *kin = keys_in;
    const unsigned char *vin = values_in;
    unsigned char *kout = keys_out;
    unsigned char *vout = values_out;
    const int with_values = vsize != 0 && values_in != NULL && values_out != NULL;
    /* Next output position of each digit in the current tile; the core uses 8-bit
     * digits, wider ones (allowed by the interface) take the heap. */
    size_t stack_pos[SWEEP_RADIX_SIZE];
    size_t *pos = stack_pos;
    if (radix > SWEEP_RADIX_SIZE) {
        pos = malloc(radix * sizeof *pos);
        if (!pos) return SWEEP_ERR_OUT_OF_MEMORY;
    }
    for (size_t start = 0, t = 0; start < n; start += tile, ++t) {
        const size_t end = n - start > tile ? start + tile : n;
        for (size_t d = 0; d < radix; ++d)
            pos[d] = offsets[d * ntiles + t];
        for (size_t i = start; i < end; ++i) {
            const size_t p = pos[sweep_host_radix_digit(key, kin + i * ks, shift, nbits)]++;
            memcpy(kout + p * ks, kin + i * ks, ks);
            if (with_values) memcpy(vout + p * vsize, vin + i * vsize, vsize);
        }
    }
    if (pos != stack_pos) free(pos);
    return SWEEP_OK;
}
