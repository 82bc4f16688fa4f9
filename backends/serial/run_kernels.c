/*
 * run_kernels.c -- the serial backend's index kernels that run-length encoding and
 * non-trivial runs are composed from: positions (iota) and the lengths of runs from
 * their starts, with the number of runs in context memory.
 */
#include "serial.h"

sweep_status sweep_serial_iota(void *h, size_t first, size_t n, size_t *out) {
    (void)h;
    for (size_t i = 0; i < n; ++i)
        out[i] = first + i;
    return SWEEP_OK;
}

sweep_status sweep_serial_range_lengths(void *h, const size_t *starts, const size_t *count,
                                        size_t end, size_t n, size_t *lengths,
                                        uint8_t *long_flags) {
    (void)h;
    const size_t c = *count;
    for (size_t k = 0; k < c; ++k) {
        lengths[k] = (k + 1 < c ? starts[k + 1] : end) - starts[k];
        if (long_flags) long_flags[k] = lengths[k] > 1;
    }
    if (long_flags)
        for (size_t k = c; k < n; ++k)
            long_flags[k] = 0;
    return SWEEP_OK;
}
