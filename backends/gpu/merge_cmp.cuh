/*
 * merge_cmp.cuh -- the comparator policies of the merge kernels, so one block sort
 * and one merge serve the built-in orders and users' comparators. A policy P has a
 * key type as stored (Raw) and as compared (Key), load/store between them and
 * less(a, b). Built-in keys are compared as their order-preserving unsigned patterns
 * (radix_keys.cuh), so one kernel per key width serves every dtype and direction;
 * a user's key is compared as it is, by the user's function, once it sits in
 * registers or shared memory.
 */
#ifndef SWEEP_GPU_MERGE_CMP_CUH
#define SWEEP_GPU_MERGE_CMP_CUH

#include "gpu_compat.cuh"
#if !defined(SWEEP_GPU_RTC)
#include "radix_keys.cuh"
#endif

namespace sweep_gpu {

/* L: a type with `static bool less(const K &, const K &)` (rtc_cmp_program.cuh). */
template <class K, class L> struct UserCmp {
    typedef K Raw;
    typedef K Key;
    SWEEP_GPU_INLINE Key load(const Raw &r) const {
        return r;
    }
    SWEEP_GPU_INLINE Raw store(const Key &k) const {
        return k;
    }
    SWEEP_GPU_INLINE bool less(const Key &a, const Key &b) const {
        return L::less(a, b);
    }
};

#if !defined(SWEEP_GPU_RTC)
template <class U> struct PatternCmp {
    typedef U Raw;
    typedef U Key;
    int kind, descending;
    SWEEP_GPU_INLINE Key load(const Raw &r) const {
        return key_pattern(r, kind, descending);
    }
    SWEEP_GPU_INLINE Raw store(const Key &k) const {
        return key_from_pattern(k, kind, descending);
    }
    SWEEP_GPU_INLINE bool less(const Key &a, const Key &b) const {
        return a < b;
    }
};
#endif

/* Block shape of the block sort and of the merge: threads x items keys, the items
 * of a thread in registers. An odd item count keeps each thread's run of items in
 * shared memory on distinct banks; wider keys take fewer items so that a tile (plus
 * its 16-bit source indices) stays within the 48 KB of static shared memory and the
 * registers stay off local memory. The host sizes launches and passes from the key
 * size alone (sort_items), so built-in and run-time compiled kernels agree.
 * Occupancy, i.e. registers, matters: on the H100 (2^26 u32 keys, sweep-cuda-perf
 * merge) the run-time compiled keys-only sort took 10.3 ms at 128 registers and
 * 6.4 ms at 64 (4 blocks an SM), before the merge loaded its tiles through registers
 * (merge_path.cuh); since then 3.8 ms (CUB's merge sort: 3.4 ms). Of the other
 * shapes in the tool's variants of the built-in kernels then, 256 x 17 at five
 * blocks was 2% faster and the rest slower (512 x 9: 4.22 against 3.84 ms).
 * Kernels that move values run at two blocks an SM (128 registers): left free they
 * took 255 registers, one block an SM, and a run-time compiled u32/u32 sort of 2^24
 * keys ran 5.10 ms; at two blocks 3.35-3.36 ms, with 4-132 bytes spilled by key width
 * (three blocks: 3.42-3.43 ms). Since programs are compiled a value size apiece
 * (rtc_sort_kernels.cuh) 2^26 such pairs take 7.65 ms at two blocks, 9.11 at three.
 */
constexpr int kSortThreads = 256;
__host__ __device__ constexpr int sort_items(size_t key_size) {
    return key_size <= 4 ? 17 : key_size <= 8 ? 11 : key_size <= 16 ? 7 : 5;
}
__host__ __device__ constexpr int sort_min_blocks(size_t key_size, bool values) {
    return values ? 2 : key_size <= 4 ? 4 : key_size <= 8 ? 3 : 1;
}
template <int THREADS, int ITEMS, int MIN_BLOCKS = 1> struct BlockShape {
    static constexpr int threads = THREADS;
    static constexpr int items = ITEMS;
    static constexpr int tile = THREADS * ITEMS;
    static constexpr int min_blocks = MIN_BLOCKS;
};
template <class Key, bool VALUES = false>
struct SortShape
    : BlockShape<kSortThreads, sort_items(sizeof(Key)), sort_min_blocks(sizeof(Key), VALUES)> {};

/* Shared memory of the block sort and of the merge: a tile of keys and, when values
 * move, each key's source position. The block sort also stages values of up to the
 * key's size in the keys' room (value_gather.cuh: staged_values), hence its
 * alignment. */
template <class Key, bool VALUES = true, class Shape = SortShape<Key>> struct SortStorage {
    alignas(16) Key keys[Shape::tile];
    unsigned short idx[VALUES ? Shape::tile : 1];
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_MERGE_CMP_CUH */
