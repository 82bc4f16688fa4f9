/*
 * cuda_args_tile.cuh -- TileArgs of the basic scan kernels tile_reduce / tile_scan
 * (gpu/tile_scan_kernels.cuh), filled in one place for the built-in launches
 * (cuda_tile_scan.cu) and the run-time compiled ones of custom operators
 * (cuda_rtc_scan.cu), which hand the very same struct to kernels compiled from the
 * same header. The identity is the operator's bytes in both (identity_of).
 */
#ifndef SWEEP_CUDA_ARGS_TILE_CUH
#define SWEEP_CUDA_ARGS_TILE_CUH

#include "gpu/gpu_ops.cuh"
#include "gpu/tile_scan_kernels.cuh"

#include <string.h>

/* One pass of tile_reduce (out and carries NULL) or tile_scan over n elements in
 * tiles of tile; flags, carries and partial_flags may be NULL. */
template <class T>
inline sweep_gpu::TileArgs<T> sweep_cuda_tile_args(const sweep_kop *op, const void *in,
                                                   const uint8_t *flags, void *out, size_t n,
                                                   size_t tile, const void *carries, void *partials,
                                                   uint8_t *partial_flags, int exclusive) {
    sweep_gpu::TileArgs<T> a;
    memset(&a, 0, sizeof a);
    a.in = (const T *)in;
    a.flags = flags;
    a.out = (T *)out;
    a.n = n;
    a.tile = tile;
    a.carries = (const T *)carries;
    a.partials = (T *)partials;
    a.partial_flags = partial_flags;
    a.identity = sweep_gpu::identity_of<T>(op);
    a.exclusive = exclusive;
    return a;
}

#endif /* SWEEP_CUDA_ARGS_TILE_CUH */
