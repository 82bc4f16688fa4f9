/*
 * elem_copy.h -- copies one value of a sort or split (1, 2, 4, 8, 16 bytes or any
 * size) with a constant-size move for the common sizes: the switch is perfectly
 * predicted inside a loop, a variable-size memcpy call is not free.
 */
#ifndef SWEEP_OPENMP_ELEM_COPY_H
#define SWEEP_OPENMP_ELEM_COPY_H

#include <stddef.h>
#include <string.h>

static inline void swomp_copy_value(unsigned char *d, const unsigned char *s, size_t size) {
    switch (size) {
    case 1: *d = *s; break;
    case 2: memcpy(d, s, 2); break;
    case 4: memcpy(d, s, 4); break;
    case 8: memcpy(d, s, 8); break;
    case 16: memcpy(d, s, 16); break;
    default: memcpy(d, s, size); break;
    }
}

#endif /* SWEEP_OPENMP_ELEM_COPY_H */
