/*
 * segment_kernels.cuh -- small kernels around segmented scans of the generic path:
 * head flags from runs of keys or from offsets, and the last value of each segment.
 * Elements are moved as unsigned words of their size: the operator plays no part.
 */
#ifndef SWEEP_GPU_SEGMENT_KERNELS_CUH
#define SWEEP_GPU_SEGMENT_KERNELS_CUH

#include "gpu/block/segment_heads.cuh"
#include "gpu/util/elem_copy.cuh"

namespace sweep_gpu {

static __global__ void heads_from_keys_kernel(const unsigned char *keys, unsigned key_size,
                                              size_t n, uint8_t *flags) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        flags[i] =
            i == 0 || load_key_bits(keys, key_size, i) != load_key_bits(keys, key_size, i - 1);
}

static __global__ void heads_from_offsets_kernel(const size_t *offsets, size_t nseg, size_t base,
                                                 size_t n, uint8_t *flags) {
    for (size_t s = blockIdx.x * (size_t)blockDim.x + threadIdx.x; s < nseg;
         s += (size_t)gridDim.x * blockDim.x) {
        size_t o = offsets[s];
        if (o >= base && o - base < n) flags[o - base] = 1;
    }
}

template <class W>
__global__ void segment_last_kernel(const W *scanned, const size_t *offsets, size_t nseg,
                                    size_t base, W identity, W *out) {
    for (size_t s = blockIdx.x * (size_t)blockDim.x + threadIdx.x; s < nseg;
         s += (size_t)gridDim.x * blockDim.x) {
        size_t b = offsets[s], e = offsets[s + 1];
        out[s] = b < e ? scanned[e - 1 - base] : identity;
    }
}

/* The identity (or any element) of up to 32 bytes, passed by value. */
struct alignas(16) ElemBytes {
    unsigned char b[32];
};

/* segment_last for elements of any size (custom operators): out[s] = the segment's
 * last scanned element, or the identity when it is empty; with only_empty, just the
 * empty segments (a segmented reduction's). unit: copy_unit of scanned, out, size. */
static __global__ void segment_last_bytes_kernel(const unsigned char *scanned,
                                                 const size_t *offsets, size_t nseg, size_t base,
                                                 ElemBytes identity, size_t size, unsigned unit,
                                                 unsigned char *out, int only_empty) {
    for (size_t s = blockIdx.x * (size_t)blockDim.x + threadIdx.x; s < nseg;
         s += (size_t)gridDim.x * blockDim.x) {
        size_t b = offsets[s], e = offsets[s + 1];
        if (b < e) {
            if (!only_empty) copy_elem(out, s, scanned, e - 1 - base, size, unit);
        } else {
            copy_elem(out, s, identity.b, 0, size, unit);
        }
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SEGMENT_KERNELS_CUH */
