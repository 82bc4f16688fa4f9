/*
 * fuzz_call_shared.h -- what the decoding, the inputs and the invocation of a fuzzed
 * call share: whether a dtype is floating, and where an array of the call sits in
 * the arena.
 */
#ifndef SWEEP_FUZZ_CALL_SHARED_H
#define SWEEP_FUZZ_CALL_SHARED_H

#include "fuzz_call.h"

#include <stdint.h>

static inline int is_float(sweep_dtype d) {
    return d == SWEEP_F32 || d == SWEEP_F64;
}

static inline uint8_t *at(uint8_t *arena, const fz_array *a) {
    return a->off == FZ_NULL ? NULL : arena + a->off;
}

#endif /* SWEEP_FUZZ_CALL_SHARED_H */
