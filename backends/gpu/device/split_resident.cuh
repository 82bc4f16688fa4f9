/*
 * split_resident.cuh -- the split and compaction of mid-sized inputs in one kernel
 * that keeps the flags on chip between its count and its moves. The stable split
 * must count every flag before it writes the first unflagged element (that half
 * starts at the total); split_kernels.cuh does that with three kernels (count, scan
 * of the counts, tiles), whose launches and hand-offs cost more than the work below
 * some millions of elements. Here the blocks of a cooperative launch (all resident
 * at once) each own a contiguous run of tiles:
 *   1. a block reads its run's flags, counts them and keeps them as a bitmap (a bit
 *      a flag) in shared memory, as many tiles of it as fit;
 *   2. the grid synchronises once, and every block sums the runs' counts before its
 *      own (where its flagged elements start) and all of them (the total);
 *   3. a block moves its tiles in order: the flags from the bitmap (or read again
 *      where it did not fit), the elements from global memory, the next tile's
 *      loaded while one moves, each tile scattered through shared memory so stores
 *      stay coalesced and both halves keep input order.
 * It reads the flags once where the bitmap holds them, and launches once: on the
 * H100 it split 2^16 to 2^25 u32 in 0.65-0.96 of the three kernels' time (2^16:
 * 13-15 us against 20-21). But it moved 2^28 u32 slower (0.95 ms against 0.90; 0.95
 * ms or more with every shape, tile order and load scheme tried): blocks that each sweep
 * their own run keep far more of memory open at once than tiles handed out one a
 * block in order (the three kernels with their tiles visited out of order took
 * 1.38 ms). docs/perf/split.md#the-one-kernel-split has the figures; host/split.cu takes
 * it below 256 MiB of elements.
 *
 * Elements of 1, 2, 4, 8 or 16 bytes, no values; the input and the flags 16-byte
 * aligned (host/split.cu takes the three kernels otherwise). CUDA only: the grid
 * synchronisation needs a cooperative launch.
 */
#ifndef SWEEP_GPU_SPLIT_RESIDENT_CUH
#define SWEEP_GPU_SPLIT_RESIDENT_CUH

#include "gpu/device/split_kernels.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/bulk_copy.cuh"
#include "gpu/util/ops.cuh"

#include <cooperative_groups.h>

namespace sweep_gpu {

/* The 16 flags f[0, 16) as bits, or those of f[0, len) where len < 16. */
SWEEP_GPU_INLINE unsigned flag_word(const uint8_t *f, size_t len) {
    if (len >= 16) {
        const uint4 x = *(const uint4 *)f;
        return nonzero_mask4(x.x) | nonzero_mask4(x.y) << 4 | nonzero_mask4(x.z) << 8 |
               nonzero_mask4(x.w) << 12;
    }
    unsigned bits = 0;
    for (size_t j = 0; j < len; ++j)
        bits |= (unsigned)(f[j] != 0) << j;
    return bits;
}

template <class E> struct ResidentArgs {
    const uint8_t *flags;
    const E *in;
    E *out;
    size_t n;
    size_t *num_flagged;           /* may be NULL */
    unsigned long long *run_flags; /* scratch: a word per block, its run's flags */
    unsigned stored_tiles;         /* a block's tiles its bitmap holds */
    int keep_unflagged;            /* 1 split, 0 compaction */
};

/* The block's shared memory besides the bitmap (dynamic). */
template <class E, class Sh> struct ResidentSmem {
    alignas(16) E stage[Sh::tile];
    unsigned short tile_bits[Sh::tile_words]; /* a tile whose flags are not stored */
    unsigned warp_total[Sh::warps];
    unsigned long long sum[Sh::warps];
};

/* A thread's elements of tile t, loaded ahead of the tile's move. */
template <class E, class Sh> struct ResidentItems {
    E e[Sh::items];
    SWEEP_GPU_INLINE void load(const ResidentArgs<E> &a, size_t t) {
        constexpr int VEC = Sh::vec;
        const size_t start = t * (size_t)Sh::tile;
        const int len = a.n - start < (size_t)Sh::tile ? (int)(a.n - start) : Sh::tile;
        const int wbase = warp_id() * Sh::warp_items;
#pragma unroll
        for (int g = 0; g < Sh::groups; ++g) {
            const int p = wbase + (g * kWarp + lane_id()) * VEC;
            if (len == Sh::tile) {
                const uint4 v = *(const uint4 *)(a.in + start + p);
                memcpy(&e[g * VEC], &v, 16);
            } else {
#pragma unroll
                for (int k = 0; k < VEC; ++k)
                    if (p + k < len) e[g * VEC + k] = a.in[start + p + k];
            }
        }
    }
};

/* Moves tile t (its elements: it; its flags: the bitmap bits) to out: flagged
 * elements from fbase (the flagged before the tile) on, the others (split) after the
 * total. Returns the tile's flagged count (every thread); the block is synchronised
 * on return. */
template <class E, class Sh>
SWEEP_GPU_INLINE unsigned resident_move(const ResidentArgs<E> &a, ResidentSmem<E, Sh> &s,
                                        const unsigned short *bits, size_t t,
                                        const ResidentItems<E, Sh> &it, unsigned long long fbase,
                                        unsigned long long total) {
    constexpr int VEC = Sh::vec;
    constexpr unsigned VMASK = VEC == 16 ? 0xffffu : (1u << VEC) - 1u;
    const int lane = lane_id(), warp = warp_id();
    const size_t start = t * (size_t)Sh::tile;
    const int len = a.n - start < (size_t)Sh::tile ? (int)(a.n - start) : Sh::tile;
    const int wbase = warp * Sh::warp_items;

    unsigned fb[Sh::groups];
#pragma unroll
    for (int g = 0; g < Sh::groups; ++g) {
        const int p = wbase + (g * kWarp + lane) * VEC;
        /* the bitmap past the tile's end was not written */
        unsigned b = p < len ? (bits[p / 16] >> (p % 16)) & VMASK : 0u;
        if (p < len && len - p < VEC) b &= (1u << (len - p)) - 1u;
        fb[g] = b;
    }

    /* Ranks: a scan over the lanes for every group (two groups a word, 16 bits each),
     * then the warps' totals in order. lane_pre: flagged before the lane's items in
     * the warp; gtot: the group's flagged. */
    unsigned lane_pre[Sh::groups], gtot[Sh::groups];
#pragma unroll
    for (int g = 0; g < Sh::groups; g += 2) {
        unsigned x = (unsigned)__popc(fb[g]);
        if (g + 1 < Sh::groups) x |= (unsigned)__popc(fb[g + 1]) << 16;
        const unsigned inc = warp_inclusive_scan<SmallCountSum>(x);
        const unsigned tot = shfl(inc, kWarp - 1);
        const unsigned exc = inc - x;
        lane_pre[g] = exc & 0xffffu;
        gtot[g] = tot & 0xffffu;
        if (g + 1 < Sh::groups) {
            lane_pre[g + 1] = exc >> 16;
            gtot[g + 1] = tot >> 16;
        }
    }
    unsigned wsum = 0;
#pragma unroll
    for (int g = 0; g < Sh::groups; ++g) {
        lane_pre[g] += wsum;
        wsum += gtot[g];
    }
    if (lane == 0) s.warp_total[warp] = wsum;
    __syncthreads();
    unsigned wpre = 0, tflag = 0;
#pragma unroll
    for (int w = 0; w < Sh::warps; ++w) {
        const unsigned x = s.warp_total[w];
        if (w < warp) wpre += x;
        tflag += x;
    }

    /* Tile-local places: flagged first, then unflagged, each in input order. */
#pragma unroll
    for (int g = 0; g < Sh::groups; ++g) {
        const int p = wbase + (g * kWarp + lane) * VEC;
        unsigned r = wpre + lane_pre[g];
#pragma unroll
        for (int k = 0; k < VEC; ++k) {
            if (p + k < len) {
                const bool f = (fb[g] >> k) & 1u;
                s.stage[f ? r : tflag + (unsigned)(p + k) - r] = it.e[g * VEC + k];
                r += f;
            }
        }
    }
    __syncthreads();
    const size_t ubase = a.keep_unflagged ? (size_t)(total + start - fbase) : (size_t)-1;
    split_write<E>(a.out, s.stage, len, (int)tflag, (size_t)fbase, ubase);
    __syncthreads(); /* stage and warp_total are reused */
    return tflag;
}

/* The block's sum of x, in every thread (s: a word per warp; synchronised on
 * return, s free again). */
template <int THREADS>
SWEEP_GPU_INLINE unsigned long long block_sum_words(unsigned long long x, unsigned long long *s) {
    for (int o = kWarp / 2; o > 0; o >>= 1)
        x += shfl_down(x, o);
    if (lane_id() == 0) s[warp_id()] = x;
    __syncthreads();
    unsigned long long t = 0;
#pragma unroll
    for (int w = 0; w < THREADS / kWarp; ++w)
        t += s[w];
    __syncthreads();
    return t;
}

/* Block b: tiles [first, last) of the input, about the b-th of as many runs as
 * blocks; the first stored_tiles of them with their bitmaps in the dynamic shared
 * memory. */
template <class E, class Sh = ResidentTuning<E>>
__global__ void __launch_bounds__(Sh::threads, Sh::blocks_per_sm)
    split_resident_kernel(ResidentArgs<E> a) {
    __shared__ ResidentSmem<E, Sh> s;
    extern __shared__ __align__(16) unsigned char resident_bits[];
    unsigned short *bm = (unsigned short *)resident_bits;
    const size_t nb = gridDim.x, b = blockIdx.x;
    const int tid = threadIdx.x;
    const size_t ntiles = (a.n + Sh::tile - 1) / Sh::tile;
    const size_t first = ntiles * b / nb, last = ntiles * (b + 1) / nb;
    const size_t mine = last - first;
    const size_t stored = mine < a.stored_tiles ? mine : a.stored_tiles;

    /* 1. Count the run's flags, keeping the first `stored` tiles' bitmaps. */
    unsigned long long count = 0;
    const size_t words = mine * Sh::tile_words;
    const size_t from = first * (size_t)Sh::tile;
#pragma unroll 4
    for (size_t f = tid; f < words; f += Sh::threads) {
        const size_t pos = from + 16 * f;
        const unsigned bits = pos < a.n ? flag_word(a.flags + pos, a.n - pos) : 0u;
        if (f < stored * Sh::tile_words) bm[f] = (unsigned short)bits;
        count += (unsigned)__popc(bits);
    }
    count = block_sum_words<Sh::threads>(count, s.sum);
    if (tid == 0) a.run_flags[b] = count;

    /* 2. Where this run's flagged elements start, and the total. */
    cooperative_groups::this_grid().sync();
    unsigned long long before = 0, total = 0;
    for (size_t i = tid; i < nb; i += Sh::threads) {
        /* other blocks wrote them (volatile: not from this SM's L1) */
        const unsigned long long c = ((volatile unsigned long long *)a.run_flags)[i];
        total += c;
        if (i < b) before += c;
    }
    before = block_sum_words<Sh::threads>(before, s.sum);
    total = block_sum_words<Sh::threads>(total, s.sum);
    if (a.num_flagged && b == 0 && tid == 0) *a.num_flagged = (size_t)total;

    /* 3. Move the run's tiles in order. */
    unsigned long long fbase = before;
    ResidentItems<E, Sh> cur, next;
    if (mine) cur.load(a, first);
    for (size_t k = 0; k < mine; ++k) {
        const size_t t = first + k;
        const size_t start = t * (size_t)Sh::tile;
        if (Sh::prefetch && tid == 0 && k + Sh::prefetch < mine) {
            const size_t ahead = t + Sh::prefetch;
            if ((ahead + 1) * (size_t)Sh::tile <= a.n) {
                prefetch_l2_aligned(a.in + ahead * (size_t)Sh::tile, Sh::tile * sizeof(E));
                if (k + Sh::prefetch >= stored)
                    prefetch_l2_aligned(a.flags + ahead * (size_t)Sh::tile, Sh::tile);
            }
        }
        if (k + 1 < mine) next.load(a, t + 1);
        const unsigned short *bits = s.tile_bits;
        if (k < stored) {
            bits = bm + k * Sh::tile_words;
        } else {
            for (int w = tid; w < Sh::tile_words; w += Sh::threads) {
                const size_t pos = start + 16 * (size_t)w;
                s.tile_bits[w] = pos < a.n ? (unsigned short)flag_word(a.flags + pos, a.n - pos)
                                           : (unsigned short)0;
            }
            __syncthreads();
        }
        fbase += resident_move<E, Sh>(a, s, bits, t, cur, fbase, total);
        cur = next;
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SPLIT_RESIDENT_CUH */
