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
 * walks the items in order: lanes with equal digits find each other (match_any),
 * the lowest of them bumps the warp's counter by their number and hands the old
 * value to the others.
 */
#ifndef SWEEP_GPU_RADIX_EARLY_RANK_CUH
#define SWEEP_GPU_RADIX_EARLY_RANK_CUH

#include "block_radix_rank.cuh"
#include "block_scan.cuh"
#include "gpu_ops.cuh"

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

template <int THREADS, int ITEMS> struct EarlyRank {
    static constexpr int kWarps = THREADS / kWarp;
    static_assert(THREADS >= kRadixDigits, "one thread per digit in the count scan");
    typedef BlockScan<Plain<unsigned, OpSum>, THREADS> BS;

    struct Storage {
        unsigned warp_bins[kWarps][kRadixDigits];
        typename BS::Storage bs;
    };

    /* Counts the tile's digits. Threads d < 256 get digit d's count in the tile
     * (total) on return; the block is synchronised. dig(j) is item j's digit and
     * valid(j) whether item j holds a key. */
    template <class Dig, class Valid>
    SWEEP_GPU_INLINE static void count(Dig &&dig, Valid &&valid, unsigned &total, Storage &s) {
        for (int i = threadIdx.x; i < kWarps * kRadixDigits; i += THREADS)
            (&s.warp_bins[0][0])[i] = 0;
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
     * at compile time so the ballots of the match unroll. */
    template <int MBITS, class Dig, class Valid>
    SWEEP_GPU_INLINE static void rank(Dig &&dig, Valid &&valid, unsigned (&ranks)[ITEMS],
                                      Storage &s) {
        const int lane = lane_id();
        unsigned *wb = s.warp_bins[warp_id()];
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const bool v = valid(j);
            const unsigned d = v ? dig(j) : kRadixDigits + (unsigned)lane;
            const lanemask_t p = match_bits<MBITS>(d);
            const int leader = ffs_mask(p) - 1;
            unsigned old = 0;
            if (v && lane == leader) old = atomicAdd(&wb[d], (unsigned)popc_mask(p));
            old = shfl_word(old, leader);
            ranks[j] = old + (unsigned)popc_mask(p & lanemask_lt());
        }
    }
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RADIX_EARLY_RANK_CUH */
