/*
 * radix_early_rank.cuh -- the Onesweep tile rank: the tile's digit counts first
 * ("early counts", one shared atomic per key into the warp's own 256 counters), so
 * the tile can publish its look-back aggregate before the costlier ranking; then a
 * stable rank per key.
 *
 * Keys are warp-striped: warp w holds the tile's keys [w*W*ITEMS, (w+1)*W*ITEMS),
 * item j of lane l being key w*W*ITEMS + j*W + l. After the counts, each warp's
 * counter for digit d is turned into where the warp's first key of digit d goes
 * (digits in order, warps in order within a digit: input order), and the ranking
 * walks the items in order: lanes with equal digits find each other, the lowest
 * of them bumps the warp's counter by their number and hands the old value to the
 * others.
 *
 * Two ways to find the lanes with my digit: one ballot per digit bit (kMatchBallot:
 * about three integer instructions a bit), or each lane ORs its bit into the warp's
 * mask for its digit in shared memory and reads the mask back (kMatchSharedOr: four
 * shared-memory operations a key, which leave the integer pipe free; the lowest
 * lane clears the mask after use, so masks are all zero between items). Which one
 * is faster depends on what else the kernel keeps busy (radix_onesweep.cuh).
 */
#ifndef SWEEP_GPU_RADIX_EARLY_RANK_CUH
#define SWEEP_GPU_RADIX_EARLY_RANK_CUH

#include "gpu/block/block_radix_rank.cuh"
#include "gpu/block/block_scan.cuh"
#include "gpu/tuning/shapes.cuh"
#include "gpu/util/ops.cuh"

namespace sweep_gpu {

/* Lanes of the warp whose value equals mine (values below 2^NBITS; every lane
 * active): one ballot per bit, unrolled. */
template <int NBITS> SWEEP_GPU_INLINE lanemask_t match_bits(unsigned v) {
    lanemask_t m = ~(lanemask_t)0;
#pragma unroll
    for (int b = 0; b < NBITS; ++b) {
        const bool bit = (v >> b) & 1u;
        const lanemask_t x = ballot(bit);
        m &= bit ? x : ~x;
    }
    return m;
}

/* Per-warp lane masks per digit for kMatchSharedOr; nothing for ballots. */
template <int WARPS, int MATCH> struct MatchMasks { lanemask_t m[WARPS][kRadixDigits]; };
template <int WARPS> struct MatchMasks<WARPS, kMatchBallot> { lanemask_t m[1][1]; };

template <int THREADS, int ITEMS, int MATCH = kMatchBallot> struct EarlyRank {
    static constexpr int kWarps = THREADS / kWarp;
    static_assert(THREADS >= kRadixDigits, "one thread per digit in the count scan");
    typedef BlockScan<Plain<unsigned, OpSum>, THREADS> BS;

    struct Storage {
        unsigned warp_bins[kWarps][kRadixDigits];
        MatchMasks<kWarps, MATCH> masks;
        typename BS::Storage bs;
    };

    /* Counts the tile's digits. Threads d < 256 get digit d's count in the tile
     * (total) on return; the block is synchronised. dig(j) is item j's digit and
     * valid(j) whether item j holds a key. */
    template <class Dig, class Valid>
    SWEEP_GPU_INLINE static void count(Dig &&dig, Valid &&valid, unsigned &total, Storage &s) {
        for (int i = threadIdx.x; i < kWarps * kRadixDigits; i += THREADS)
            (&s.warp_bins[0][0])[i] = 0;
        if (MATCH != kMatchBallot) {
            for (int i = threadIdx.x; i < kWarps * kRadixDigits; i += THREADS)
                (&s.masks.m[0][0])[i] = 0;
        }
        __syncthreads();
        unsigned *wb = s.warp_bins[warp_id()];
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            if (valid(j)) atomicAdd(&wb[dig(j)], 1u);
        __syncthreads();
        total = 0;
        if (threadIdx.x < kRadixDigits) {
#pragma unroll
            for (int w = 0; w < kWarps; ++w)
                total += s.warp_bins[w][threadIdx.x];
        }
    }

    /* After count: excl is, for threads d < 256, where digit d's keys start in the
     * tile; each warp's counters become its keys' starting positions. */
    SWEEP_GPU_INLINE static void offsets(unsigned total, unsigned &excl, Storage &s) {
        const unsigned d = threadIdx.x;
        unsigned pre, tot;
        bool has;
        BS::exclusive(d < kRadixDigits ? total : 0u, pre, has, tot, s.bs);
        excl = has ? pre : 0u;
        if (d < kRadixDigits) {
            unsigned run = excl;
#pragma unroll
            for (int w = 0; w < kWarps; ++w) {
                const unsigned c = s.warp_bins[w][d];
                s.warp_bins[w][d] = run;
                run += c;
            }
        }
        __syncthreads();
    }

    /* ranks[j]: tile position of item j (valid items only). MBITS: bits that tell
     * the digits (and, in a partial tile, the placeholders 256 + lane) apart; known
     * at compile time so the ballots of the match unroll.
     *
     * Shared masks: lane order within an item comes from the mask itself, so the
     * ranks are the ballots' ranks. The first warp_sync makes every OR visible
     * before any lane reads its mask, the second every read before the leader
     * clears it, the third the clear before the next item's ORs. */
    template <int MBITS, class Dig, class Valid>
    SWEEP_GPU_INLINE static void rank(Dig &&dig, Valid &&valid, unsigned (&ranks)[ITEMS],
                                      Storage &s) {
        const int lane = lane_id();
        unsigned *wb = s.warp_bins[warp_id()];
        lanemask_t *mm = s.masks.m[MATCH == kMatchBallot ? 0 : warp_id()];
        const lanemask_t me = (lanemask_t)1 << lane, below = lanemask_lt();
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const bool v = valid(j);
            unsigned d;
            lanemask_t p, *mp = mm;
            if (MATCH == kMatchSharedOr) {
                d = v ? dig(j) : 0u;
                mp = &mm[MATCH == kMatchBallot ? 0u : d];
                if (v) atomic_or_mask(mp, me);
                warp_sync();
                p = v ? *(volatile lanemask_t *)mp : (lanemask_t)0;
            } else {
                /* lanes without a key match nobody: placeholders 256 + lane */
                d = v ? dig(j) : kRadixDigits + (unsigned)lane;
                p = match_bits<MBITS>(d);
            }
            const int leader = ffs_mask(p) - 1;
            unsigned old = 0;
            if (v && lane == leader) old = atomicAdd(&wb[d], (unsigned)popc_mask(p));
            old = shfl_word(old, leader < 0 ? lane : leader);
            if (MATCH == kMatchSharedOr) {
                warp_sync();
                if (v && lane == leader) *(volatile lanemask_t *)mp = 0;
                warp_sync();
            }
            ranks[j] = old + (unsigned)popc_mask(p & below);
        }
    }
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RADIX_EARLY_RANK_CUH */
