/*
 * block_sort.cuh -- a block's stable sort of one tile of keys (and values) in shared
 * memory (device/tile_sort.cuh runs it on every tile), in the ModernGPU / CUB shape: each thread
 * sorts its ITEMS keys in registers with an odd-even transposition network (adjacent swaps only, so
 * equal keys keep their order), then log2(threads) rounds of merge-path merges in shared memory
 * double the sorted runs, each thread merging ITEMS outputs. Values do not move during the sort:
 * with VALUES each key carries its input position (16 bits), and the values are gathered once at
 * the end.
 */
#ifndef SWEEP_GPU_BLOCK_SORT_CUH
#define SWEEP_GPU_BLOCK_SORT_CUH

#include "gpu/block/block_merge.cuh"
#include "gpu/block/value_gather.cuh"
#include "gpu/util/elem_copy.cuh"
#include "gpu/util/merge_cmp.cuh"

namespace sweep_gpu {

/* ITEMS rounds of odd-even transposition sort any ITEMS keys in registers, stably
 * (adjacent swaps only). PARTIAL: only the first cnt keys take part, so a thread at
 * the tile's end sorts its prefix; full threads compare without that bound, which
 * lets a plain less become min/max. */
template <int ITEMS, bool VALUES, bool PARTIAL, class P, class Key>
SWEEP_GPU_INLINE void odd_even_sort(const P &p, Key (&k)[ITEMS], int (&pos)[ITEMS], int cnt) {
#pragma unroll
    for (int round = 0; round < ITEMS; ++round) {
#pragma unroll
        for (int j = round & 1; j + 1 < ITEMS; j += 2) {
            if ((!PARTIAL || j + 1 < cnt) && p.less(k[j + 1], k[j])) {
                const Key t = k[j];
                k[j] = k[j + 1];
                k[j + 1] = t;
                if constexpr (VALUES) {
                    const int q = pos[j];
                    pos[j] = pos[j + 1];
                    pos[j + 1] = q;
                }
            }
        }
    }
}

/* Sorts s[0, len) (len <= threads * ITEMS, loaded by the caller, who synchronised).
 * On return s holds the sorted keys and, with VALUES, sidx[i] the input position of
 * s[i]; the block is synchronised. FULL: len is THREADS * ITEMS (no bound checks). */
template <int THREADS, int ITEMS, bool VALUES, bool FULL, class P, class Key>
SWEEP_GPU_INLINE void block_sort_shared(const P &p, Key *s, unsigned short *sidx, int len) {
    const int tid = (int)threadIdx.x;
    const int first = tid * ITEMS;
    const int cnt = FULL ? ITEMS : len - first < 0 ? 0 : len - first < ITEMS ? len - first : ITEMS;
    Key k[ITEMS];
    int pos[ITEMS];
#pragma unroll
    for (int r = 0; r < ITEMS; ++r) {
        if (FULL || r < cnt) k[r] = s[first + r];
        pos[r] = first + r;
    }
    if (FULL || cnt == ITEMS)
        odd_even_sort<ITEMS, VALUES, false>(p, k, pos, cnt);
    else
        odd_even_sort<ITEMS, VALUES, true>(p, k, pos, cnt);
    for (int coop = 2; coop <= THREADS; coop *= 2) {
        __syncthreads(); /* the previous round's readers are done with s */
#pragma unroll
        for (int r = 0; r < ITEMS; ++r) {
            if (FULL || r < cnt) {
                s[first + r] = k[r];
                if constexpr (VALUES) sidx[first + r] = (unsigned short)pos[r];
            }
        }
        __syncthreads();
        const int base = (tid & ~(coop - 1)) * ITEMS;
        const int half = (coop / 2) * ITEMS;
        int la = FULL ? half : len - base;
        la = la < 0 ? 0 : la < half ? la : half;
        int lb = FULL ? half : len - base - la;
        lb = lb < 0 ? 0 : lb < half ? lb : half;
        if (FULL || cnt > 0) {
            const int diag = first - base;
            const int i = merge_path_shared(p, s + base, la, s + base + la, lb, diag);
            merge_serial<ITEMS>(p, s, THREADS * ITEMS, base + i, base + la, base + la + diag - i,
                                base + la + lb, k, pos);
            if constexpr (VALUES) {
#pragma unroll
                for (int r = 0; r < ITEMS; ++r)
                    if (FULL || r < cnt) pos[r] = sidx[pos[r]];
            }
        }
    }
    __syncthreads();
#pragma unroll
    for (int r = 0; r < ITEMS; ++r) {
        if (FULL || r < cnt) {
            s[first + r] = k[r];
            if constexpr (VALUES) sidx[first + r] = (unsigned short)pos[r];
        }
    }
    __syncthreads();
}

/* Values of a tile in sorted order: every thread gathers its values before any is
 * stored (value_gather.cuh), so in == out works; the caller synchronised sidx. */
template <int THREADS, int ITEMS>
SWEEP_GPU_INLINE void block_gather_values(const unsigned short *sidx, int len, const void *vin,
                                          void *vout, size_t start, size_t vsize, unsigned unit) {
    const unsigned char *src = (const unsigned char *)vin + start * vsize;
    gather_values<THREADS, ITEMS, true>([&](int i) { return src + (size_t)sidx[i] * vsize; }, len,
                                        (unsigned char *)vout + start * vsize, vsize, unit);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_BLOCK_SORT_CUH */
