/*
 * shapes.cuh -- the forms a tuning table fills in: a kernel's block shape (threads,
 * items a thread, blocks an SM asked of the register allocator) and what follows
 * from it. The numbers themselves are the tables' (sm90.cuh, defaults.cuh); the
 * algorithms read them through tuning.cuh.
 */
#ifndef SWEEP_GPU_TUNING_SHAPES_CUH
#define SWEEP_GPU_TUNING_SHAPES_CUH

#include "gpu/util/bulk_copy.cuh"
#include "gpu/util/compat.cuh"

namespace sweep_gpu {

/* THREADS threads of ITEMS items each, MIN_BLOCKS blocks an SM. */
template <int THREADS, int ITEMS, int MIN_BLOCKS = 1> struct BlockShape {
    static constexpr int threads = THREADS;
    static constexpr int items = ITEMS;
    static constexpr int tile = THREADS * ITEMS;
    static constexpr int min_blocks = MIN_BLOCKS;
};

/* The bulk-copy scan (device/scan_bulk.cuh): THREADS threads of ITEMS elements each
 * (a whole number of 16-byte vectors). A block asks L2 for the input of the tile
 * `prefetch` tiles ahead of its own, PREFETCH_BYTES ahead (0: none). STAGED: a whole tile passes
 * through shared memory (by the bulk-copy engine where there is one); otherwise a whole, aligned
 * tile goes from memory to the threads' registers and back, and only a partial or misaligned one is
 * staged. */
template <class T, int THREADS, int ITEMS, int MIN_BLOCKS, size_t PREFETCH_BYTES = 0,
          bool STAGED = true>
struct BulkScanShape {
    static constexpr bool staged = STAGED;
    static constexpr int vec = (int)(16 / sizeof(T));
    static constexpr int threads = THREADS;
    static constexpr int items = ITEMS;
    static constexpr int tile = THREADS * ITEMS;
    static constexpr int min_blocks = MIN_BLOCKS;
    static constexpr int prefetch =
        PREFETCH_BYTES ? tiles_ahead(tile * sizeof(T), PREFETCH_BYTES) : 0;
    static_assert(ITEMS % vec == 0, "a thread's items are whole 16-byte vectors");
    static_assert(tile * sizeof(T) <= 46 * 1024, "the tile in static shared memory");
};

/* The one-kernel split (device/split_resident.cuh): a block of THREADS threads; a
 * thread holds GROUPS 16-byte vectors of a tile, warp-striped: warp w's items are the
 * tile's [w * kWarp * items, (w + 1) * ...), and its lane l's group g the `vec`
 * elements from (g * kWarp + l) * vec there. */
template <class E, int THREADS, int GROUPS, int BLOCKS_PER_SM, int PREFETCH> struct ResidentShape {
    static constexpr int threads = THREADS;
    static constexpr int vec = sizeof(E) < 16 ? (int)(16 / sizeof(E)) : 1;
    static constexpr int groups = GROUPS;
    static constexpr int items = vec * GROUPS;
    static constexpr int warp_items = kWarp * items;
    static constexpr int tile = THREADS * items;
    static constexpr int tile_words = tile / 16; /* 16-bit bitmap words of a tile */
    static constexpr int warps = THREADS / kWarp;
    static constexpr int blocks_per_sm = BLOCKS_PER_SM;
    static constexpr int prefetch = PREFETCH; /* the block's tiles ahead asked of L2 */
    static_assert(sizeof(E) * vec == 16, "16-byte vectors of whole elements");
    static_assert(tile_words % kWarp == 0, "a warp's bitmap words within one tile");
};

/* How the Onesweep rank finds the lanes with a key's digit (block/radix_early_rank.cuh
 * implements both): one ballot per digit bit, or masks ORed together in shared memory. */
enum RadixMatch { kMatchBallot = 0, kMatchSharedOr = 1 };

/* A Onesweep tile shape (device/radix_onesweep.cuh): THREADS threads of ITEMS keys
 * each, MIN_BLOCKS blocks per SM asked of the register allocator, peers found by
 * MATCH. */
template <class U, class Vt, int THREADS, int ITEMS, int MIN_BLOCKS, int MATCH = kMatchBallot>
struct OnesweepShape {
    static constexpr int match = MATCH;
    static constexpr int threads = THREADS;
    static constexpr int items = ITEMS;
    static constexpr int min_blocks = MIN_BLOCKS;
    static constexpr int wide = (int)(sizeof(U) > sizeof(Vt) ? sizeof(U) : sizeof(Vt));
    static constexpr int tile = threads * items;
    /* keys per portion at most: a multiple of the tile whose counts fit 30 bits */
    static constexpr size_t max_portion = (((size_t)1 << 30) - tile) / tile * tile;
};

/* A block shape of the hybrid radix sort's local sorts (device/radix_hybrid.cuh): a
 * bucket of up to `capacity` keys sorted by one block. */
template <int THREADS, int ITEMS> struct LocalShape {
    static constexpr int threads = THREADS;
    static constexpr int items = ITEMS;
    static constexpr unsigned capacity = THREADS * ITEMS;
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_TUNING_SHAPES_CUH */
