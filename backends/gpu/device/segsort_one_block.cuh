/*
 * segsort_one_block.cuh -- the fused segmented sort of a short call in one launch of
 * one block (host/segmented_sort.cu, where all n keys fit the block sort's tile): the
 * keys of [offsets[0], offsets[nseg]) go to shared memory, each tagged with where its
 * segment starts (every non-empty segment marks its first key, then a block max-scan
 * carries the marks forward), and one stable block sort (block/block_sort.cuh) orders
 * them by (segment, key) in the radix order of the call (util/radix_order.cuh). Values
 * follow by their keys' input positions. No classification, no scratch, no host read;
 * keys outside every segment are never read or written. Everything is in shared
 * memory before anything is written: in place is fine.
 */
#ifndef SWEEP_GPU_SEGSORT_ONE_BLOCK_CUH
#define SWEEP_GPU_SEGSORT_ONE_BLOCK_CUH

#include "gpu/block/block_merge.cuh"
#include "gpu/block/block_scan.cuh"
#include "gpu/block/block_sort.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/ops.cuh"
#include "gpu/util/radix_order.cuh"

namespace sweep_gpu {

/* A key's pattern and where its segment starts (relative to offsets[0]; below the
 * tile, so 16 bits). 8-byte patterns are kept as two words, so that the pair takes 12
 * bytes and a tile of them with the values' positions stays within the 48 KB of static
 * shared memory. */
template <class U, bool WIDE = (sizeof(U) > 4)> struct SegTagged {
    U key;
    unsigned short seg;
    SWEEP_GPU_INLINE U get() const {
        return key;
    }
    SWEEP_GPU_INLINE void set(U k) {
        key = k;
    }
};
template <class U> struct SegTagged<U, true> {
    unsigned lo, hi;
    unsigned short seg;
    SWEEP_GPU_INLINE U get() const {
        return (U)(((unsigned long long)hi << 32) | lo);
    }
    SWEEP_GPU_INLINE void set(U k) {
        lo = (unsigned)k;
        hi = (unsigned)((unsigned long long)k >> 32);
    }
};

/* The block sort's order on tagged keys: by segment, then by the call's radix order. */
template <class U> struct SegTaggedCmp {
    typedef SegTagged<U> Key;
    RadixOrderCmp<U> order;
    SWEEP_GPU_INLINE bool less(const Key &a, const Key &b) const {
        return a.seg < b.seg || (a.seg == b.seg && order.less(a.get(), b.get()));
    }
};

/* The block shape: the block sort's threads and items for the key's width (so the
 * capacity is sweep_gpu_one_block_sort_max), one block in all. */
template <class U> struct SegOneBlockShape : BlockShape<kSortThreads, sort_items(sizeof(U)), 1> {};

template <class U, bool VALUES, class Shape = SegOneBlockShape<U>>
__global__ void __launch_bounds__(Shape::threads)
    segsort_one_block_kernel(RadixOrderCmp<U> p, const U *keys_in, U *keys_out, const void *vin,
                             void *vout, size_t vsize, unsigned vunit, const size_t *offsets,
                             size_t nseg) {
    typedef SegTagged<U> Key;
    typedef BlockScan<Plain<unsigned, OpMax>, Shape::threads> Scan;
    constexpr int T = Shape::threads, ITEMS = Shape::items;
    __shared__ SortStorage<Key, VALUES, Shape> st;
    __shared__ typename Scan::Storage ss;
    const size_t base = offsets[0];
    const int len = (int)(offsets[nseg] - base); /* at most the tile: the host's bound on n */
    if (len <= 0) return;
    const int tid = (int)threadIdx.x;
#pragma unroll
    for (int r = 0; r < ITEMS; ++r) {
        const int i = r * T + tid;
        if (i < len) {
            st.keys[i].set(p.load(keys_in[base + i]));
            st.keys[i].seg = 0;
        }
    }
    __syncthreads();
    /* each non-empty segment marks its first key with its start (loads of several
     * strides in flight) */
#pragma unroll 4
    for (size_t s = (size_t)tid; s < nseg; s += T) {
        const size_t o = offsets[s];
        if (o < offsets[s + 1]) st.keys[o - base].seg = (unsigned short)(o - base);
    }
    __syncthreads();
    /* the marks carried forward: a key's tag is the last mark at or before it */
    const int first = tid * ITEMS;
    unsigned run = 0;
#pragma unroll
    for (int r = 0; r < ITEMS; ++r) {
        const int i = first + r;
        if (i < len && st.keys[i].seg > run) run = st.keys[i].seg;
    }
    unsigned pre, total;
    bool has;
    Scan::exclusive(run, pre, has, total, ss);
    unsigned cur = has ? pre : 0u;
#pragma unroll
    for (int r = 0; r < ITEMS; ++r) {
        const int i = first + r;
        if (i < len) {
            if (st.keys[i].seg > cur) cur = st.keys[i].seg;
            st.keys[i].seg = (unsigned short)cur;
        }
    }
    __syncthreads();
    SegTaggedCmp<U> order;
    order.order = p;
    block_sort_shared<T, ITEMS, VALUES, false>(order, st.keys, st.idx, len);
#pragma unroll
    for (int r = 0; r < ITEMS; ++r) {
        const int i = r * T + tid;
        if (i < len) keys_out[base + i] = p.store(st.keys[i].get());
    }
    if constexpr (VALUES) block_gather_values<T, ITEMS>(st.idx, len, vin, vout, base, vsize, vunit);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SEGSORT_ONE_BLOCK_CUH */
