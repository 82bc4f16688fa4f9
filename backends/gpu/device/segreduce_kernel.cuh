/*
 * segreduce_kernel.cuh -- the segmented reduction by offsets of large inputs: one pass
 * that only reads the input, with no output tile to stage. Each thread loads its ITEMS
 * consecutive elements straight into registers (16-byte vectors where the tile is whole
 * and aligned), the block marks where segments start and end in one byte an element,
 * the threads' lifted (flag, value) reductions go through a block scan and the
 * look-back (scan_single_pass.cuh: tile_prefix) for the tile's prefix, and each thread
 * walks its registers once more, leaving the inclusive value at every segment end in
 * shared memory for the segments' outputs.
 *
 * Every combination keeps contiguous ranges in input order (a thread's items, then the
 * threads in order, then the tiles in order), so non-commutative operators hold. The
 * block whose tile holds a segment's end e (tile_start < e <= tile end; tile 0 from
 * e = 0) writes that segment, the identity where it is empty, so empty segments need
 * no launch of their own. Behind a failed check of the offsets the kernel writes
 * nothing, tile states included (segment_heads.cuh: offsets_gate_closed).
 */
#ifndef SWEEP_GPU_SEGREDUCE_KERNEL_CUH
#define SWEEP_GPU_SEGREDUCE_KERNEL_CUH

#include "gpu/device/scan_single_pass.cuh"

namespace sweep_gpu {

/* The shape of the dedicated kernel (tuning/tuning.cuh). */
template <class T> using SegReduceShape = SegReduceTuning<T>;

/* Element positions of a tile in sflags: bit 0 a segment's first element, bit 1 a
 * segment's last (both for a segment of one). */
constexpr uint8_t kSegHead = 1;
constexpr uint8_t kSegEnd = 2;

/* A thread's ITEMS consecutive elements from p (len of the tile's left from the
 * thread's first, pad past them); one 16-byte vector at a time where vec. */
template <class T, int ITEMS>
SWEEP_GPU_INLINE void load_items_blocked(const T *p, int left, bool vec, T pad, T (&v)[ITEMS]) {
    constexpr int VEC = sizeof(T) <= 16 ? (int)(16 / sizeof(T)) : 1;
    if (ITEMS % VEC == 0 && sizeof(T) * VEC == 16 && vec) {
#pragma unroll
        for (int j = 0; j < ITEMS / VEC; ++j) {
            const uint4 w = ((const uint4 *)p)[j];
            memcpy(&v[j * VEC], &w, 16);
        }
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            v[j] = j < left ? p[j] : pad;
    }
}

template <class T, class Op, class Tn = SegReduceShape<T>>
__global__ void __launch_bounds__(Tn::threads, Tn::min_blocks)
    segreduce_kernel(ScanArgs<T> a, TileState<FlagValue<T>> ts) {
    typedef Lifted<T, Op> C;
    typedef typename C::value V;
    constexpr int THREADS = Tn::threads;
    constexpr int ITEMS = Tn::items;
    constexpr int TILE = Tn::tile;
    typedef BlockScan<C, THREADS> BS;

    if (offsets_gate_closed(a.seg.gate)) return;

    alignas(16) __shared__ uint8_t sflags[TILE];
    alignas(16) __shared__ T send[TILE];
    __shared__ typename BS::Storage bs;
    __shared__ V s_prefix;
    __shared__ size_t s_lo;

    const int tid = threadIdx.x;
    const size_t tile = blockIdx.x;
    const size_t tile_start = tile * (size_t)TILE;
    const int len = a.n - tile_start < (size_t)TILE ? (int)(a.n - tile_start) : TILE;
    const size_t tile_end = tile_start + (size_t)len;
    const size_t *off = a.seg.offsets;
    const size_t nseg = a.seg.nseg;

    /* The loads first, so they are in flight through the marking below. */
    const int first = tid * ITEMS;
    const T pad = RightNeutral<Op>::of(a.identity); /* past the end */
    T v[ITEMS];
    load_items_blocked<T, ITEMS>(a.in + tile_start + first, len - first,
                                 len == TILE && aligned16(a.in + tile_start), pad, v);

    static_assert(TILE % 16 == 0, "whole 16-byte words of flags");
    for (int i = tid; i < TILE / 16; i += THREADS)
        ((uint4 *)sflags)[i] = make_uint4(0, 0, 0, 0);
    /* The first segment whose end is in this tile or after it (ends block_lower_bound's
     * barriers, which also order the clearing before the marking). */
    const size_t lo = block_lower_bound_offsets(off + 1, nseg, tile == 0 ? 0 : tile_start + 1);
    if (tid == 0) s_lo = lo;
    for (size_t s = lo + tid; s < nseg; s += THREADS) {
        const size_t b = off[s], e = off[s + 1];
        if (b >= tile_end) break; /* starts past the tile: so do the later ones */
        if (b == e) continue;
        /* distinct segments mark distinct bytes: a segment's last element comes
         * before the next non-empty one's first */
        const bool ends = e <= tile_end;
        if (b >= tile_start)
            sflags[b - tile_start] = ends && e - 1 == b ? kSegHead | kSegEnd : kSegHead;
        if (ends && e - 1 != b) sflags[e - 1 - tile_start] = kSegEnd;
    }
    __syncthreads();

    V tacc = C::make(v[0], (unsigned)(sflags[first] & kSegHead));
#pragma unroll
    for (int j = 1; j < ITEMS; ++j)
        tacc = C::combine(tacc, C::make(v[j], (unsigned)(sflags[first + j] & kSegHead)));

    V run;
    bool has;
    tile_prefix<C, kSegOffsets, TILE, BS>(a, ts, tile, tacc, bs, s_prefix, run, has);

#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const unsigned f = sflags[first + j];
        const V x = C::make(v[j], f & kSegHead);
        const V inc = has ? C::combine(run, x) : x;
        if (f & kSegEnd) send[first + j] = C::get(inc);
        run = inc;
        has = true;
    }
    __syncthreads();

    /* Segments whose end is in this tile (those at n: the last tile). */
    for (size_t s = s_lo + tid; s < nseg; s += THREADS) {
        const size_t e = off[s + 1];
        if (e > tile_end) break;
        a.seg_out[s] = off[s] < e ? send[e - 1 - tile_start] : a.identity;
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SEGREDUCE_KERNEL_CUH */
