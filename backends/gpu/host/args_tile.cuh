/*
 * args_tile.cuh -- TileArgs of the basic scan kernels tile_reduce / tile_scan
 * (gpu/device/tile_scan_kernels.cuh), filled in one place for the built-in launches
 * (host/tile_scan.cu) and the run-time compiled ones of custom operators
 * (host/rtc_scan.cu), which hand the very same struct to kernels compiled from the
 * same header. The identity is the operator's bytes in both (identity_of).
 */
#ifndef SWEEP_GPU_ARGS_TILE_CUH
#define SWEEP_GPU_ARGS_TILE_CUH

#include "gpu/device/tile_scan_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/util/ops.cuh"

#include <string.h>

/* One pass of tile_reduce (out and carries NULL) or tile_scan over n elements in
 * tiles of tile; flags, carries and partial_flags may be NULL. */
template <class T>
inline sweep_gpu::TileArgs<T> sweep_gpu_tile_args(const sweep_kop *op, const void *in,
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

/* The ordered reduction's first pass over n elements: *blocks contiguous chunks of
 * *chunk elements (whole tile_reduce chunks), at most the tuning's blocks an SM; the
 * second pass reduces their partials in one block. */
inline void sweep_gpu_reduce_chunks(const sweep_gpu_handle *h, size_t n, size_t *blocks,
                                    size_t *chunk) {
    using sweep_gpu::kTileChunk;
    size_t b = (n + kTileChunk - 1) / kTileChunk;
    const size_t cap = (size_t)h->sm_count * h->tuning->reduce_blocks_per_sm;
    if (b > cap) b = cap;
    size_t c = (n + b - 1) / b;
    c = (c + kTileChunk - 1) / kTileChunk * kTileChunk;
    *blocks = (n + c - 1) / c;
    *chunk = c;
}

#endif /* SWEEP_GPU_ARGS_TILE_CUH */
