/*
 * elem_copy.cuh -- moving elements whose size is only known at run time (split's
 * elements, sort values on the generic path), in the widest unit their alignment
 * allows; and fixed-size value types for the fused kernels.
 */
#ifndef SWEEP_GPU_ELEM_COPY_CUH
#define SWEEP_GPU_ELEM_COPY_CUH

#include "gpu/util/compat.cuh"

namespace sweep_gpu {

/* The widest unit (1..16 bytes) dividing the size and both addresses. */
__host__ __device__ inline unsigned copy_unit(const void *a, const void *b, size_t size) {
    uintptr_t x = (uintptr_t)a | (uintptr_t)b | (uintptr_t)size;
    if ((x & 15) == 0) return 16;
    if ((x & 7) == 0) return 8;
    if ((x & 3) == 0) return 4;
    if ((x & 1) == 0) return 2;
    return 1;
}

template <class U>
SWEEP_GPU_INLINE void copy_units(unsigned char *dst, const unsigned char *src, size_t size) {
    for (size_t k = 0; k < size; k += sizeof(U))
        *(U *)(dst + k) = *(const U *)(src + k);
}

/* Copies element i of src to element j of dst (size bytes each); unit from copy_unit
 * of the base pointers and size. */
SWEEP_GPU_INLINE void copy_elem(void *dst, size_t j, const void *src, size_t i, size_t size,
                                unsigned unit) {
    unsigned char *d = (unsigned char *)dst + j * size;
    const unsigned char *s = (const unsigned char *)src + i * size;
    switch (unit) {
    case 16: copy_units<uint4>(d, s, size); break;
    case 8: copy_units<unsigned long long>(d, s, size); break;
    case 4: copy_units<unsigned>(d, s, size); break;
    case 2: copy_units<unsigned short>(d, s, size); break;
    default: copy_units<unsigned char>(d, s, size); break;
    }
}

/* No values: a placeholder type the fused kernels never load or store. */
struct NoValue {};

struct alignas(16) Value16 {
    unsigned long long lo, hi;
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_ELEM_COPY_CUH */
