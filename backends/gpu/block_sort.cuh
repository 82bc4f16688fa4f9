/*
 * block_sort.cuh -- sorts one tile of keys (and values) per block, stably, in the
 * ModernGPU / CUB shape: each thread sorts its ITEMS keys in registers with an
 * odd-even transposition network (adjacent swaps only, so equal keys keep their
 * order), then log2(threads) rounds of merge-path merges in shared memory double the
 * sorted runs, each thread merging ITEMS outputs. Values do not move during the
 * sort: with VALUES each key carries its input position (16 bits), and the values
 * are gathered once at the end.
 */
#ifndef SWEEP_GPU_BLOCK_SORT_CUH
#define SWEEP_GPU_BLOCK_SORT_CUH

#include "block_merge.cuh"
#include "elem_copy.cuh"
#include "merge_cmp.cuh"
#include "value_gather.cuh"

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

/* One tile [blockIdx.x * tile, + tile) of keys_in sorted into keys_out (the same
 * array is fine), values alongside when vsize > 0. tile <= Shape::tile. VS: vsize
 * when the kernel is compiled for one value size (run-time compiled programs), so
 * values that fit the keys' room are staged in shared memory; else 0. */
template <class P, bool VALUES, class Shape = SortShape<typename P::Key>, size_t VS = 0,
          class Storage>
SWEEP_GPU_INLINE void tile_sort_body(const P &p, Storage &st, const typename P::Raw *keys_in,
                                     typename P::Raw *keys_out, const void *vin, void *vout,
                                     size_t vsize, unsigned vunit, size_t n, size_t tile) {
    const size_t start = blockIdx.x * tile;
    const int len = n - start < tile ? (int)(n - start) : (int)tile;
    /* A whole tile (all but the last) of keys alone drops the bound checks: the keys'
     * part is compiled for both cases (merge_tiles_body does the same). Not with
     * values: on the H100 the run-time compiled sort of 2^26 u32 pairs took 7.02 ms
     * with both copies, against 6.96 ms with the checked one alone (keys alone: 3.40
     * against 3.45; docs/perf/merge-sort.md#whole-tiles-without-bound-checks). */
    auto keys = [&](auto full_tag) {
        constexpr bool FULL = decltype(full_tag)::value;
#pragma unroll
        for (int r = 0; r < Shape::items; ++r) {
            const int i = r * Shape::threads + (int)threadIdx.x;
            if (FULL || i < len) st.keys[i] = p.load(keys_in[start + i]);
        }
        __syncthreads();
        block_sort_shared<Shape::threads, Shape::items, VALUES, FULL>(p, st.keys, st.idx, len);
#pragma unroll
        for (int r = 0; r < Shape::items; ++r) {
            const int i = r * Shape::threads + (int)threadIdx.x;
            if (FULL || i < len) keys_out[start + i] = p.store(st.keys[i]);
        }
    };
    if constexpr (!VALUES) {
        if (len == Shape::tile) {
            keys(BoolTag<true>());
        } else {
            keys(BoolTag<false>());
        }
    } else {
        keys(BoolTag<false>());
    }
    if constexpr (VALUES) {
        if constexpr (stages_values<VS, typename P::Key>()) {
            if (vunit >= VS) {
                __syncthreads(); /* the keys are read out of st.keys */
                staged_values<Shape::threads, Shape::items, VS>(
                    (const unsigned char *)vin + start * VS, len, st.idx, st.keys,
                    (unsigned char *)vout + start * VS);
                return;
            }
        }
        block_gather_values<Shape::threads, Shape::items>(st.idx, len, vin, vout, start, vsize,
                                                          vunit);
    }
}

#if !defined(SWEEP_GPU_RTC) /* built-in orders; custom ones: rtc_sort_kernels.cuh */
template <class U, bool VALUES, class Shape = SortShape<U, VALUES>>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    tile_sort_kernel(PatternCmp<U> p, const U *keys_in, U *keys_out, const void *vin, void *vout,
                     size_t vsize, unsigned vunit, size_t n, size_t tile) {
    __shared__ SortStorage<U, VALUES, Shape> st;
    tile_sort_body<PatternCmp<U>, VALUES, Shape>(p, st, keys_in, keys_out, vin, vout, vsize, vunit,
                                                 n, tile);
}
#endif

} // namespace sweep_gpu

#endif /* SWEEP_GPU_BLOCK_SORT_CUH */
