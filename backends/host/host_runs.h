/*
 * host_runs.h -- the loads the CPU backends' run primitives are built from: whether
 * key i differs bytewise from key i - 1, and the copy of one key or value, with the
 * sizes 1, 2, 4, 8 (and 16 for values) as integer loads and stores, so that a loop
 * over keys of a size known where it is inlined runs without branches or library
 * calls; any other size compares and copies bytewise. Header-only, C11.
 */
#ifndef SWEEP_HOST_RUNS_H
#define SWEEP_HOST_RUNS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__)
#define SWEEP_HOST_INLINE static inline __attribute__((always_inline))
#else
#define SWEEP_HOST_INLINE static inline
#endif

/* Non-zero when key i differs bytewise from key i - 1 (i >= 1). */
SWEEP_HOST_INLINE int sweep_host_key_changes(const unsigned char *k, size_t ks, size_t i) {
    const unsigned char *a = k + (i - 1) * ks, *b = a + ks;
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

#endif /* SWEEP_HOST_RUNS_H */
