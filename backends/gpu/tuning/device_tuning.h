/*
 * device_tuning.h -- the tuning a GPU plugin chooses at run time, from the properties
 * of the device a context opens (device_tuning.cpp holds one row per architecture):
 * the tile sizes of the core's generic compositions and the sizes at which the fused
 * primitives change algorithm. The kernels' own shapes (threads, items per thread)
 * are template constants and live in the compile-time tables (tuning.cuh).
 *
 * A new GPU is one new row (and, where its kernels want other shapes, one new
 * compile-time table). Rows marked measured hold values timed on that architecture;
 * the others repeat them as defaults until someone measures.
 */
#ifndef SWEEP_GPU_DEVICE_TUNING_H
#define SWEEP_GPU_DEVICE_TUNING_H

#include <stddef.h>

struct sweep_gpu_device_info;

typedef struct sweep_gpu_tuning {
    const char *name; /* what it was chosen for: "sm_90", "AMD CDNA (gfx9)", ... */
    int measured;     /* 1: timed on that architecture; 0: defaults */
    /* Tiles of the core's generic compositions (sweep_backend_props). sort_tile stays
     * within every key width's block-sort tile (tuning.cuh: SortShape, 1280 keys of
     * 32 bytes). */
    size_t scan_tile, split_tile, radix_tile, sort_tile, merge_part;
    /* Radix sorts of at least this many keys take the hybrid MSD sort: 8-byte keys,
     * 4-byte keys with values, 4-byte keys alone. */
    size_t radix_hybrid_min8, radix_hybrid_min4, radix_hybrid_min4_keys;
    /* Radix sorts on every bit of at most this many keys (more than one block sort's
     * tile) take the merge sort instead, which sorts them in the same order with fewer
     * launches: 8-byte keys, 4-byte keys with values, alone (never shorter keys). */
    size_t radix_merge_max8, radix_merge_max4, radix_merge_max4_keys;
    /* Splits without values of fewer bytes of elements take the one-kernel split,
     * where the device launches cooperative grids. */
    size_t split_resident_bytes;
    /* The ordered reduction's first pass: at most this many blocks an SM. */
    unsigned reduce_blocks_per_sm;
    /* Reductions of at most this many bytes run in one launch of one block. */
    size_t reduce_one_block_bytes;
    /* Segmented reductions by offsets of at least this many elements take the
     * dedicated kernel (device/segreduce_kernel.cuh), shorter ones the single-pass
     * scan's. */
    size_t segreduce_min;
} sweep_gpu_tuning;

/* The row for a device. Never NULL: a device no row names gets its vendor's defaults. */
const sweep_gpu_tuning *sweep_gpu_tuning_for(const struct sweep_gpu_device_info *info);

#endif /* SWEEP_GPU_DEVICE_TUNING_H */
