/*
 * sm90.cuh -- the compile-time tuning table measured on the H100 (sm_90): every
 * kernel's block shape. tuning.cuh picks one table per build (see there why per
 * build); tables for other architectures derive from this one and replace what
 * differs (defaults.cuh). A member replaced in a derived table is replaced whole:
 * members here that build on others (SegScan on Scan) keep using this table's.
 */
#ifndef SWEEP_GPU_TUNING_SM90_CUH
#define SWEEP_GPU_TUNING_SM90_CUH

#include "gpu/tuning/shapes.cuh"
#include "gpu/util/elem_copy.cuh"

namespace sweep_gpu {

struct TuningSm90 {
    static constexpr bool measured = true;

    /* How far ahead of its own tile a block asks L2 for input (bulk_prefetch_l2, the
     * shapes' `prefetch` in tiles): about a memory latency's worth of the grid's
     * progress. On the H100, 1-2 MB ahead made the look-back scans 4-11% faster and
     * 4 MB or more slower than none (docs/perf/scan.md#l2-prefetch). */
    static constexpr size_t prefetch_bytes = 1536 * 1024;

    /* ---- scans ---- */

    /* The single-pass scan's tile shapes by element size, from timings on an H100
     * (perf_vs_cub's "tune" run, 2^28 elements, each shape checked against CUB's
     * result):
     * - 2- and 4-byte plain scans: 128 x 24 (u32: 0.823 ms; 256 x 28 0.822, 192 x 24
     *   0.825, 256 x 16 0.921): the bigger tile halves the tiles' look-backs, and 12
     *   blocks of 128 keep as many loads in flight as 6 of 256;
     * - 2- and 4-byte segmented scans: 128 x 24 at 10 blocks (the lifted value needs
     *   48 registers; flags u32: 0.985 ms against 1.035 for 256 x 16);
     * - 1- and 8-byte elements: 256 x 16 (8-byte: 8 items took 1.88 ms against 1.57;
     *   128 x 24 timed the same), wider ones 16 KiB;
     * all under the 48 KB of static shared memory. Blocks per SM: what 40 (48)
     * registers a thread allow, without spills. The run-time compiled kernels take the
     * plain shape for every form (ScanCustom). */
    template <class T> struct Scan {
        static constexpr bool mid = sizeof(T) == 2 || sizeof(T) == 4;
        static constexpr int threads = mid ? 128 : 256;
        static constexpr int items = mid ? 24 : sizeof(T) <= 8 ? 16 : sizeof(T) <= 16 ? 4 : 2;
        static constexpr int tile = threads * items;
        static constexpr int min_blocks = mid ? 12 : sizeof(T) <= 4 ? 6 : sizeof(T) <= 8 ? 5 : 3;
        /* tiles ahead whose input a block asks L2 for (prefetch_tile_ahead) */
        static constexpr int prefetch = tiles_ahead(tile * sizeof(T), prefetch_bytes);
    };

    /* Segmented scans of 2- and 4-byte elements: 128 x 24 at 10 blocks an SM. Asking
     * L2 for the input and flags 128 tiles ahead took the u32 scan by flags at 2^28 on
     * the H100 from 0.978-0.982 to 0.870 ms (32 tiles 0.894, 64 0.882, 256
     * 0.875-0.877; docs/perf/scan.md#segmented-scan-and-scan-by-key). Other elements
     * take the plain scan's shape. */
    template <class T> struct SegScanMid {
        static constexpr int threads = 128, items = 24, tile = threads * items, min_blocks = 10;
        static constexpr int prefetch = tiles_ahead(tile * sizeof(T), prefetch_bytes);
    };
    template <class T>
    struct SegScan
        : std::conditional<std::is_same<T, uint16_t>::value || std::is_same<T, int16_t>::value ||
                               std::is_same<T, uint32_t>::value ||
                               std::is_same<T, int32_t>::value || std::is_same<T, float>::value,
                           SegScanMid<T>, Scan<T>>::type {};

    /* The dedicated segmented reduction by offsets (device/segreduce_kernel.cuh):
     * 256 threads, each with 64 bytes of elements in registers (four 16-byte loads;
     * 16 items of 1- to 4-byte elements, 8 of 8-byte ones), at least 4 blocks an SM
     * (3 for 8-byte elements, whose lifted values spilled at 64 registers: f64 min and
     * max 38 bytes under ptxas 13 for sm_90). Not timed yet: a first shape, a whole
     * number of vectors a thread. */
    template <class T> struct SegReduce {
        static constexpr int threads = 256;
        static constexpr int items = sizeof(T) <= 4 ? 16 : sizeof(T) <= 8 ? 8 : 4;
        static constexpr int tile = threads * items;
        static constexpr int min_blocks = sizeof(T) <= 4 ? 4 : 3;
    };

    /* The single-pass scan of custom elements (run-time compiled): the built-in shape
     * of their size, but elements over 16 bytes take 4 items a thread, so that a tile
     * (staged in static shared memory) stays under the 48 KB a kernel gets without
     * opting in. */
    template <int S> struct ElemSizeOnly { unsigned char b[S]; };
    template <int S> struct ScanCustom : Scan<ElemSizeOnly<S>> {
        typedef Scan<ElemSizeOnly<S>> Base;
        static constexpr int items = S > 16 ? 4 : Base::items;
        static constexpr int tile = Base::threads * items;
        static constexpr int min_blocks = S > 16 ? 2 : Base::min_blocks;
        static constexpr int prefetch = tiles_ahead((size_t)tile * S, prefetch_bytes);
    };

    /* The bulk-copy scan (device/scan_bulk.cuh), from timings on the H100 at 2^28
     * (u32: 256 x 44 0.766-0.769 ms, 128 x 52 0.767-0.791, 384 x 28 0.771, 256 x 28
     * 0.772-0.777, 128 x 28 0.793; u64: 128 x 30 1.525-1.549, 128 x 22 1.531-1.538,
     * 128 x 18 1.571, 256 x 14 1.70). Asking L2 for the input 1-2 MB ahead took these
     * to 0.731-0.737 ms (u32, 22-66 tiles ahead) and 1.464-1.475 ms (u64, 33-99
     * tiles); 4 MB and more ahead was slower than none
     * (docs/perf/scan.md#l2-prefetch). Short u32 scans take tiles of 2048: 2^16 is
     * then 32 tiles, one look-back window, and behind a held queue it took 5.54-5.57
     * us against 5.92-6.24 for 64 x 12 (86 tiles); 16 tiles of 4096 took 6.11, and
     * 256 x 8 stayed ahead at 2^17-2^19 (docs/perf/scan.md#where-the-time-goes). Kept
     * in registers rather than staged, such a tile took 5.57-5.73 us against
     * 5.76-5.95 (docs/perf/scan.md#the-changes-ab-in-one-run). The large tiles serve
     * inputs of at least one tile for every other SM (host/single_pass.cuh). */
    template <class T>
    struct BulkScanLarge
        : std::conditional<sizeof(T) == 4, BulkScanShape<T, 256, 44, 4, prefetch_bytes>,
                           BulkScanShape<T, 128, 30, 6, prefetch_bytes>>::type {};
    template <class T>
    struct BulkScanSmall : std::conditional<sizeof(T) == 4, BulkScanShape<T, 256, 8, 4, 0, false>,
                                            BulkScanShape<T, 64, 6, 12>>::type {};

    /* ---- split and compaction ---- */

    /* Tile shapes of the three-kernel split (H100, u32 with random flags, n = 2^28):
     * elements and values of at most 4 bytes take 256 x 24 at 4 blocks an SM
     * (0.804-0.812 ms, cudaMemcpy's speed for 9 bytes an element; 256 x 16
     * 0.809-0.816, 128 x 48 0.951-0.955). Wider ones: 256 threads and at most 32 KiB
     * of staged elements (or values) per tile, 16 items at most. */
    template <class E, class Vt> struct Split {
        static constexpr int wide = (int)(sizeof(E) > sizeof(Vt) ? sizeof(E) : sizeof(Vt));
        static constexpr bool narrow = wide <= 4;
        static constexpr int threads = 256;
        static constexpr int items = narrow                          ? 24
                                     : 32768 / (threads * wide) > 16 ? 16
                                                                     : 32768 / (threads * wide);
        static constexpr int tile = threads * items;
        static constexpr int min_blocks = narrow ? 4 : 1;
        /* tiles ahead whose flags and data a block asks L2 for (prefetch_tile_ahead) */
        static constexpr int prefetch = tiles_ahead((size_t)tile * wide, prefetch_bytes);
    };

    /* The one-kernel split: 512 threads of two 16-byte vectors each, two blocks an SM,
     * the block's tiles two ahead asked of L2 (the figures:
     * docs/perf/split.md#the-one-kernel-split). */
    template <class E> struct Resident : ResidentShape<E, 512, 2, 2, 2> {};

    /* ---- radix sort ---- */

    /* Onesweep passes, measured on the H100 at 2^28 random keys, whole sorts against
     * CUB in one run (docs/perf/radix-sort.md#the-onesweep-pass): keys alone of up to
     * 4 bytes take 384 threads x 20 keys at three blocks an SM, their peers found
     * through shared masks (5.39 ms a sort; 19 keys 5.45-5.61, 21 keys 5.37, 22 keys
     * 5.62, 24 keys at two blocks 5.75; by ballots 6.65 at 19 keys, ballots on
     * alternate items 6.13). The ballots kept the integer pipe at its limit; the masks
     * move that work to shared memory, which then becomes the limit (ncu: L1/shared
     * 87% busy, bank conflicts of the random digits). 64-bit keys alone: 256 threads x
     * 19 keys at three blocks, shared masks (16.73 ms against 17.42 by ballots). With
     * values, 384 threads and about 80 bytes of the wider of key and value per thread
     * (20 u32 pairs, 10 with 8-byte keys or values, 5 16-byte values) at two blocks,
     * by ballots (u32 pairs 9.42 ms; 18 pairs 9.61-9.67, 16 pairs 9.98, 512 x 12 9.90,
     * 256 x 18 at three blocks 11.11; shared masks at 18 pairs 9.85; 15-16 pairs at
     * three blocks 14.6; loading the values with the keys, to overlap their latency,
     * 10.5 ms). Bigger tiles spread the per-tile costs (digit scan, 256 look-backs)
     * over more keys. Asking L2 for a tile's values at its start and for the tile
     * 1.5 MB ahead, as the scans do, made pairs slower (7.46-7.49 against 7.25 ms;
     * docs/perf/radix-sort.md#onesweep-variants-that-lost). */
    static constexpr bool onesweep_wide_keys(int key, bool values) {
        return !values && key == 8;
    }
    static constexpr int onesweep_threads(int key, bool values) {
        return onesweep_wide_keys(key, values) ? 256 : 384;
    }
    static constexpr int onesweep_items(int key, int wide, bool values) {
        return onesweep_wide_keys(key, values) ? 19
               : !values                       ? 20
                         : (80 / wide > 20 ? 20 : (80 / wide < 4 ? 4 : 80 / wide));
    }
    template <class U, class Vt, bool V>
    struct Onesweep
        : OnesweepShape<U, Vt, onesweep_threads(sizeof(U), V),
                        onesweep_items(sizeof(U), sizeof(U) > sizeof(Vt) ? sizeof(U) : sizeof(Vt),
                                       V),
                        V ? 2 : 3, V ? kMatchBallot : kMatchSharedOr> {};

    /* Onesweep passes of short inputs (up to onesweep_small_max keys): 256 threads x 8
     * keys (6 with values) a tile, so that a pass over 2^16 keys has 32 blocks, not 9 of
     * 7680 keys: a short sort's time is the latency of its passes, each a block's work
     * on its tile. On the H100 (sweep-latency, call and synchronize, us, large tiles ->
     * small) u32 keys took 73.2 -> 65.0 at 2^14, 76.3 -> 70.9 at 2^16, 82.0 -> 80.9 at
     * 2^18 but 95.1 -> 126.6 at 2^20; u32 pairs 89.9 -> 69.6, 94.2 -> 76.3, 99.1 ->
     * 91.5, and 122.6 -> 418 at 2^20 (docs/perf/radix-sort.md#short-inputs). */
    template <class U, class Vt, bool V>
    struct OnesweepSmall
        : OnesweepShape<U, Vt, 256, V ? 6 : 8, 3, V ? kMatchBallot : kMatchSharedOr> {};
    static constexpr size_t onesweep_small_max = (size_t)1 << 18;

    /* The hybrid sort's local sorts: 256 threads x 18 keys covers the buckets of up to
     * about 2^28 random keys (4096 on average); 512 x 20 those of up to about 2^29.
     * Larger buckets go to the LSD sort. */
    typedef LocalShape<256, 18> LocalSmall;
    typedef LocalShape<512, 20> LocalLarge;

    /* A bucket's keys are dealt into runs by up to run_bits(VALUES) bits from h3 down
     * (device/radix_hybrid.cuh). On the H100 at 2^28 keys, 12 bits were fastest for
     * keys alone (u32 5.03-5.09 ms; 11 bits 5.18-5.20, 13 bits 5.16-5.20), 11 bits with
     * values, whose blocks have less shared memory to spare for the counters (u32
     * pairs 7.28-7.48 against 7.59-7.65 ms with 12 bits). Blocks of 512 threads x 9
     * keys were slower (u32 keys 5.37-5.42 ms). */
    __host__ __device__ static constexpr unsigned run_bits(bool values) {
        return values ? 11 : 12;
    }

    /* ---- merge sort and merge ---- */

    /* Block shape of the block sort and of the merge: threads x items keys, the items
     * of a thread in registers. An odd item count keeps each thread's run of items in
     * shared memory on distinct banks; wider keys take fewer items so that a tile (plus
     * its 16-bit source indices) stays within the 48 KB of static shared memory and the
     * registers stay off local memory. The host sizes launches and passes from the key
     * size alone (sort_items), so built-in and run-time compiled kernels agree.
     * Occupancy, i.e. registers, matters: on the H100 (2^26 u32 keys, sweep-cuda-perf
     * merge) the run-time compiled keys-only sort took 10.3 ms at 128 registers and
     * 6.4 ms at 64 (4 blocks an SM), before the merge loaded its tiles through
     * registers (device/merge_path.cuh); since then 3.8 ms (CUB's merge sort: 3.4 ms).
     * Of the other shapes in the tool's variants of the built-in kernels then, 256 x 17
     * at five blocks was 2% faster and the rest slower (512 x 9: 4.22 against 3.84 ms).
     * Kernels that move values run at two blocks an SM (128 registers): left free they
     * took 255 registers, one block an SM, and a run-time compiled u32/u32 sort of 2^24
     * keys ran 5.10 ms; at two blocks 3.35-3.36 ms, with 4-132 bytes spilled by key
     * width (three blocks: 3.42-3.43 ms). Since programs are compiled a value size
     * apiece (rtc/rtc_sort_kernels.cuh) 2^26 such pairs take 7.65 ms at two blocks,
     * 9.11 at three. */
    static constexpr int sort_threads = 256;
    __host__ __device__ static constexpr int sort_items(size_t key_size) {
        return key_size <= 4 ? 17 : key_size <= 8 ? 11 : key_size <= 16 ? 7 : 5;
    }
    __host__ __device__ static constexpr int sort_min_blocks(size_t key_size, bool values) {
        return values ? 2 : key_size <= 4 ? 4 : key_size <= 8 ? 3 : 1;
    }

    /* Custom comparators' kernels (rtc/rtc_sort_kernels.cuh) take the sort's threads
     * and items (the host launches those). Their fast shapes run keys alone of 4 bytes
     * at five blocks an SM, where the built-in kernels take four: a user's comparator
     * on such keys is mostly a plain less on a number, whose kernels then fit 48
     * registers. On the H100 a sort of 2^26 u32 keys took 3.60-3.63 ms at five blocks
     * against 3.75-3.76 at four (CUB's merge sort: 3.42;
     * docs/perf/merge-sort.md#block-shapes-fast-and-safe). Comparators that need more
     * registers spill there (ptxas, sm_90: two shorts compared in turn, 288 bytes in
     * the merge; 4 bytes compared one by one, 8.5 KB in the block sort), and get the
     * safe shapes: the built-in sort's blocks an SM. The built-in kernels, whose
     * pattern transform of each key takes registers too, spill 80 bytes at five and
     * ran 5.0 ms. */
    __host__ __device__ static constexpr int rtc_sort_min_blocks(size_t key_size, bool values,
                                                                 bool fast) {
        return fast && !values && key_size == 4 ? 5 : sort_min_blocks(key_size, values);
    }
    /* The fused merge sort's block sort of custom keys alone of up to 4 bytes: 512
     * threads at three blocks an SM, so its tiles are twice the merge's partitions and
     * the sort takes one merge pass fewer (the tile, 8704 keys of 4 bytes, fits the
     * 48 KB of static shared memory without the values' indices). H100, built-in
     * kernels on 2^26 u32 keys: 3.62 ms against 3.74 with 256-thread tiles
     * (docs/perf/merge-sort.md#block-shapes-fast-and-safe). */
    static constexpr int rtc_wide_sort_threads = 2 * sort_threads;
    static constexpr int rtc_wide_sort_min_blocks = 3;

    /* ---- segmented sort (device/segsort_*.cuh, host/segmented_sort.cu) ---- */

    /* Segments of up to group * items keys (the small cap, 64; then the wide cap,
     * 256) are sorted by a group of `group` threads each, `threads / group` segments
     * to a block: every key's place is the count of the segment's keys before it in
     * order (shared memory, broadcast reads), len compares per key. Longer ones up to
     * the block sort's tile (sort_items) take a block each, longer still the block
     * LSD sort (SegLarge). Not yet timed: the caps keep the counting within a few
     * hundred compares a key, where a block sort of a short segment leaves most of
     * its 256 threads idle through eight merge rounds. */
    struct SegSmall {
        static constexpr int threads = 256, group = 32, items = 2, cap = group * items;
    };
    struct SegSmallWide {
        static constexpr int threads = 256, group = 32, items = 8, cap = group * items;
    };
    /* The block LSD sort of a segment beyond the block sort's tile: a block of
     * `threads` ranks `threads * items` keys at a time (block_radix_rank.cuh). On the
     * H100 (u32 keys, segments of 1024-65536 keys among short ones) 512 x 8 sorted
     * 2^16 in 631 us where 256 x 8 took 790, 2^28 in 24.1 ms against 26.8; 1024 x 4
     * was level with 512 x 8 (docs/perf/map.md#the-newer-primitives-fused). */
    struct SegLarge {
        static constexpr int threads = 512, items = 8, tile = threads * items;
    };
    /* Segments of at least seg_whole_min keys, where there are at most seg_few_large
     * of them, are sorted one after another by the whole-array radix sort (a block
     * each would leave most of the GPU idle); more of them go a block each too. Not
     * yet timed. */
    static constexpr unsigned seg_few_large = 32;
    static constexpr size_t seg_whole_min = (size_t)1 << 16;
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_TUNING_SM90_CUH */
