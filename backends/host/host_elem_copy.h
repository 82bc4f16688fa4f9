/*
 * host_elem_copy.h -- copies one element or value (1, 2, 4, 8, 16 bytes or any size)
 * with a constant-size move for the common sizes: the switch is perfectly predicted
 * inside a loop, a variable-size memcpy call is not free. Shared by the CPU backends.
 */
#ifndef SWEEP_HOST_ELEM_COPY_H
#define SWEEP_HOST_ELEM_COPY_H

#include <stddef.h>
#include <string.h>

/* Copies one element of size bytes from src to dst (neither need be aligned). */
static inline void sweep_host_copy_elem(unsigned char *dst, const unsigned char *src, size_t size) {
    switch (size) {
    case 1: *dst = *src; break;
    case 2: memcpy(dst, src, 2); break;
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 16: memcpy(dst, src, 16); break;
    default: memcpy(dst, src, size); break;
    }
}

#endif /* SWEEP_HOST_ELEM_COPY_H */
