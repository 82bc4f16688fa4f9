/*
 * key_width.cuh -- the host's dispatch on a key's width: f((U)0) with U the unsigned
 * type of 1, 2, 4 or 8 bytes, SWEEP_ERR_UNSUPPORTED for any other width.
 */
#ifndef SWEEP_GPU_KEY_WIDTH_CUH
#define SWEEP_GPU_KEY_WIDTH_CUH

#include <sweep/backend.h>

#include <stddef.h>
#include <stdint.h>

template <class F> static sweep_status by_key_width(size_t key_size, F &&f) {
    switch (key_size) {
    case 1: return f((uint8_t)0);
    case 2: return f((uint16_t)0);
    case 4: return f((uint32_t)0);
    case 8: return f((unsigned long long)0);
    default: return SWEEP_ERR_UNSUPPORTED;
    }
}

#endif /* SWEEP_GPU_KEY_WIDTH_CUH */
