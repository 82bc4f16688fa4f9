/*
 * block_radix_rank.cuh -- stable ranking of a block's keys by one digit of up to
 * 8 bits: the block-local position each key takes when the block's keys are ordered
 * by digit, ties kept in input order.
 *
 * Keys are warp-striped: warp w holds the block's keys [w*W*ITEMS, (w+1)*W*ITEMS),
 * item j of lane l being key w*W*ITEMS + j*W + l. Within a warp, lanes with equal
 * digits find each other with one ballot per digit bit (portable to 64-lane
 * wavefronts), count themselves in per-warp counters, and the counters are scanned
 * digit-major then warp-minor, which is input order.
 */
#ifndef SWEEP_GPU_BLOCK_RADIX_RANK_CUH
#define SWEEP_GPU_BLOCK_RADIX_RANK_CUH

#include "gpu/block/block_scan.cuh"
#include "gpu/util/ops.cuh"

namespace sweep_gpu {

constexpr int kRadixDigits = 256;

template <int THREADS, int ITEMS> struct BlockRadixRank {
    static constexpr int kWarps = THREADS / kWarp;
    typedef BlockScan<Plain<unsigned, OpSum>, THREADS> BS;

    struct Storage {
        unsigned warp_counts[kWarps][kRadixDigits];
        unsigned digit_total[kRadixDigits];
        unsigned digit_excl[kRadixDigits];
        typename BS::Storage bs;
    };

    /* Lanes of this warp whose digit equals mine (among lanes with valid keys):
     * lanes without a key get values no digit has, so they match nobody. */
    SWEEP_GPU_INLINE static lanemask_t peers(unsigned digit, bool valid) {
        /* 9 bits hold every digit and every placeholder (256 + lane < 512) */
        return match_any(valid ? digit : kRadixDigits + (unsigned)lane_id(), 9u);
    }

    /* The warp's keys in order (item by item, lane by lane) counted into wc, the warp's
     * row of per-digit counters (zero, or the counts of earlier keys): ranks[j] is item
     * j's rank among the warp's keys of its digit counted so far (valid items only), and
     * wc ends holding the warp's count per digit. */
    SWEEP_GPU_INLINE static void warp_ranks(const unsigned (&digits)[ITEMS],
                                            const bool (&valid)[ITEMS], unsigned *wc,
                                            unsigned (&ranks)[ITEMS]) {
        const int lane = lane_id();
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const unsigned d = valid[j] ? digits[j] : 0u;
            const lanemask_t p = peers(d, valid[j]);
            unsigned base = valid[j] ? wc[d] : 0u;
            ranks[j] = base + (unsigned)popc_mask(p & lanemask_lt());
            warp_sync();
            /* the highest peer writes the new count */
            if (valid[j] && (kWarp - 1 - clz_mask(p)) == lane)
                wc[d] = base + (unsigned)popc_mask(p);
            warp_sync();
        }
    }

    /* ranks[j]: block-local stable position of item j (valid ones only). On return
     * s.digit_total and s.digit_excl hold the block's counts per digit and their
     * exclusive scan; the block is synchronised. */
    SWEEP_GPU_INLINE static void rank(const unsigned (&digits)[ITEMS], const bool (&valid)[ITEMS],
                                      unsigned nbits, unsigned (&ranks)[ITEMS], Storage &s) {
        (void)nbits; /* digits below 2^nbits <= 256: the match covers them all */
        const int warp = warp_id();
        for (int i = threadIdx.x; i < kWarps * kRadixDigits; i += THREADS)
            (&s.warp_counts[0][0])[i] = 0;
        __syncthreads();
        warp_ranks(digits, valid, s.warp_counts[warp], ranks);
        __syncthreads();
        for (int d = threadIdx.x; d < kRadixDigits; d += THREADS) {
            unsigned run = 0;
            for (int w = 0; w < kWarps; ++w) {
                unsigned c = s.warp_counts[w][d];
                s.warp_counts[w][d] = run;
                run += c;
            }
            s.digit_total[d] = run;
        }
        __syncthreads();
        /* exclusive scan of the digit totals, THREADS digits at a time */
        unsigned carry = 0;
        for (int d0 = 0; d0 < kRadixDigits; d0 += THREADS) {
            const int d = d0 + (int)threadIdx.x;
            unsigned x = d < kRadixDigits ? s.digit_total[d] : 0u, pre, tot;
            bool has;
            BS::exclusive(x, pre, has, tot, s.bs);
            if (d < kRadixDigits) s.digit_excl[d] = carry + (has ? pre : 0u);
            carry += tot;
            __syncthreads();
        }
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            if (valid[j]) ranks[j] += s.digit_excl[digits[j]] + s.warp_counts[warp][digits[j]];
        }
    }
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_BLOCK_RADIX_RANK_CUH */
