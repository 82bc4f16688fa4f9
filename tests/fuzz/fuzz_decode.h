/*
 * fuzz_decode.h -- reading a fuzzer input as a stream of small fields. An exhausted
 * input reads as zeros, so every prefix of an input is itself a valid input and
 * libFuzzer's mutations (truncation, insertion) stay meaningful.
 */
#ifndef SWEEP_FUZZ_DECODE_H
#define SWEEP_FUZZ_DECODE_H

#include "gen.h"

#include <stddef.h>
#include <stdint.h>

typedef struct fz_reader {
    const uint8_t *data;
    size_t size, pos;
    t_rng rng; /* fills element data once the input is used up */
} fz_reader;

void fz_reader_init(fz_reader *r, const uint8_t *data, size_t size);
uint8_t fz_u8(fz_reader *r);
uint16_t fz_u16(fz_reader *r);
/* Element bytes: from the input while it lasts, then from a generator seeded by the
 * whole input (so large arrays do not need large inputs). */
void fz_fill(fz_reader *r, void *out, size_t bytes);
/* A pseudo-random value from the same generator. */
uint64_t fz_next(fz_reader *r);

#endif /* SWEEP_FUZZ_DECODE_H */
