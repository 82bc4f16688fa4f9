/*
 * value_gather.cuh -- moving a tile's sort values to their sorted places: output i
 * takes the value at source address src(i). Values are only known by their size at
 * run time, but each thread issues all its loads before its first store, in a
 * register type of the value's size where the size and alignment allow (1, 2, 4, 8
 * or 16 bytes): a store between two loads through byte pointers would otherwise
 * serialise every load behind the one before (the compiler cannot tell they do not
 * alias), and a merge pass would wait one memory latency per value.
 */
#ifndef SWEEP_GPU_VALUE_GATHER_CUH
#define SWEEP_GPU_VALUE_GATHER_CUH

#include "gpu/util/elem_copy.cuh"

namespace sweep_gpu {

/* The register type of a value of VS bytes (1, 2, 4, 8 or 16). */
template <size_t VS> struct ValueWord;
template <> struct ValueWord<1> { typedef unsigned char type; };
template <> struct ValueWord<2> { typedef unsigned short type; };
template <> struct ValueWord<4> { typedef unsigned type; };
template <> struct ValueWord<8> { typedef unsigned long long type; };
template <> struct ValueWord<16> { typedef uint4 type; };

/* Values a thread holds at once without a barrier to wait for: about 68 bytes (all
 * ITEMS of up to 4 bytes). One kernel moves values of every size, so its widest case
 * weighs on all of them: under the merge's 128-register cap (merge_cmp.cuh), every
 * 16-byte value in registers at once made ptxas spill 476 bytes (u32 keys), in
 * chunks 128. */
template <int ITEMS, class V> __host__ __device__ constexpr int gather_chunk() {
    return sizeof(V) <= 4 ? ITEMS : (int)(64 / sizeof(V)) < ITEMS ? (int)(64 / sizeof(V)) : ITEMS;
}

/* Outputs r * THREADS + threadIdx.x (r < ITEMS, below len) of a tile in register
 * type V. SYNC: a block barrier between the loads and the stores (sources and
 * destination may overlap), so every value is loaded first; otherwise in chunks of
 * gather_chunk, each chunk's loads before its stores. */
template <int THREADS, int ITEMS, bool SYNC, class V, class Src>
SWEEP_GPU_INLINE void gather_values_as(Src &&src, int len, unsigned char *dst) {
    constexpr int CH = SYNC ? ITEMS : gather_chunk<ITEMS, V>();
#pragma unroll
    for (int c = 0; c < ITEMS; c += CH) {
        V v[CH];
#pragma unroll
        for (int r = 0; r < CH; ++r) {
            const int i = (c + r) * THREADS + (int)threadIdx.x;
            if (c + r < ITEMS && i < len) v[r] = *(const V *)src(i);
        }
        if (SYNC) __syncthreads();
#pragma unroll
        for (int r = 0; r < CH; ++r) {
            const int i = (c + r) * THREADS + (int)threadIdx.x;
            if (c + r < ITEMS && i < len) ((V *)dst)[i] = v[r];
        }
    }
}

/* dst[i] = *src(i) for the tile's outputs i < len, vsize bytes each; unit: the
 * widest unit dividing vsize and the base addresses (copy_unit). */
template <int THREADS, int ITEMS, bool SYNC, class Src>
SWEEP_GPU_INLINE void gather_values(Src &&src, int len, void *dst, size_t vsize, unsigned unit) {
    unsigned char *d = (unsigned char *)dst;
    if (unit >= vsize) {
        switch (vsize) {
        case 1: gather_values_as<THREADS, ITEMS, SYNC, ValueWord<1>::type>(src, len, d); return;
        case 2: gather_values_as<THREADS, ITEMS, SYNC, ValueWord<2>::type>(src, len, d); return;
        case 4: gather_values_as<THREADS, ITEMS, SYNC, ValueWord<4>::type>(src, len, d); return;
        case 8: gather_values_as<THREADS, ITEMS, SYNC, ValueWord<8>::type>(src, len, d); return;
        case 16: gather_values_as<THREADS, ITEMS, SYNC, ValueWord<16>::type>(src, len, d); return;
        default: break;
        }
    }
    /* Other sizes (at most 16 bytes): one by one where sources and destination are
     * apart (a rare path, kept small: unrolled, it lifted the merge's spills from 128
     * to 156 bytes, and its registers uncapped from 216 to 254), else staged in a
     * buffer (local memory). */
    if constexpr (!SYNC) {
#pragma unroll 1
        for (int r = 0; r < ITEMS; ++r) {
            const int i = r * THREADS + (int)threadIdx.x;
            if (i < len) copy_elem(d, (size_t)i, src(i), 0, vsize, unit);
        }
    } else {
        /* not unrolled either: with vsize a constant (run-time compiled programs,
         * rtc_sort_kernels.cuh) the unrolled copies kept buf in registers, and the
         * block sort spilled 1030 bytes */
        alignas(16) unsigned char buf[ITEMS * 16];
#pragma unroll 1
        for (int r = 0; r < ITEMS; ++r) {
            const int i = r * THREADS + (int)threadIdx.x;
            if (i < len) copy_elem(buf, (size_t)r, src(i), 0, vsize, unit);
        }
        __syncthreads();
#pragma unroll 1
        for (int r = 0; r < ITEMS; ++r) {
            const int i = r * THREADS + (int)threadIdx.x;
            if (i < len) copy_elem(d, (size_t)i, buf, (size_t)r, vsize, unit);
        }
    }
}

/* Whether a block sort stages values of VS bytes (0: size known only at run time)
 * through the shared memory of its keys of type Key (staged_values): they must fit. */
template <size_t VS, class Key> __host__ __device__ constexpr bool stages_values() {
    return VS != 0 && VS <= sizeof(Key);
}

/* dst[i] = src[idx[i]] for a tile's len values of VS bytes, staged through shared
 * memory buf (len * VS bytes, 16-byte aligned, free: the caller synchronised): read
 * coalesced into buf, then each output taken from buf; src == dst is fine. A gather
 * straight from global memory (gather_values) costs up to a sector a value in a
 * random order. H100, run-time compiled sort of 2^26 u32 keys with u32 values
 * (docs/perf/merge-sort.md#variants-that-lost): 7.65 ms, 7.47 with the block sort staged;
 * staging the merge this way too (after the merge) took 7.81. The merge instead loads
 * its values with its keys, before merging (merge_path.cuh: merge_tiles_body):
 * 7.24-7.26 ms against 7.38-7.41 (docs/perf/merge-sort.md#progress-custom-comparator-at-226). */
template <int THREADS, int ITEMS, size_t VS>
SWEEP_GPU_INLINE void staged_values(const unsigned char *src, int len, const unsigned short *idx,
                                    void *buf, unsigned char *dst) {
    typedef typename ValueWord<VS>::type V;
    gather_values_as<THREADS, ITEMS, false, V>([&](int i) { return src + (size_t)i * VS; }, len,
                                               (unsigned char *)buf);
    __syncthreads();
    const V *sv = (const V *)buf;
    gather_values_as<THREADS, ITEMS, false, V>([&](int i) { return sv + idx[i]; }, len, dst);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_VALUE_GATHER_CUH */
