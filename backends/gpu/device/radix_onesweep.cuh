/*
 * radix_onesweep.cuh -- the fused LSD radix sort in the Onesweep style (Adinets &
 * Merrill 2022): one pass over the keys counts the digits of every pass; a one-block
 * plan kernel scans those counts, marks passes whose digit is the same for all keys
 * (skipped: they would not move anything) and decides on the device which buffer
 * each remaining pass reads and writes, so the last one lands in keys_out; then one
 * kernel per 8-bit digit ranks a tile in shared memory and finds where each digit's
 * keys go with a per-digit decoupled look-back across tiles.
 *
 * A status word per (tile, digit) holds a 2-bit state and a 30-bit count, so counts
 * are exact for portions of up to 2^30 keys; longer inputs are sorted portion by
 * portion within each pass, each portion starting from the digit offsets the
 * previous one ended with. The words of a launch live in a ring of a power-of-two
 * number of tiles (within 1% of the input's bytes, never below kMinRingTiles):
 * tile t writes slot t mod R, its word tagged with t + 1 above the state, so a
 * reader takes a slot's word only if it is the tile's own; one launch per pass
 * covers the portion, however many tiles it has. A tile R behind its reader has
 * long finished (far fewer blocks are resident than R), and if its slot were ever
 * reused first, the reader would take the fallback below rather than a wrong word.
 *
 * If a predecessor tile's status stays unavailable past a bounded wait, the waiting
 * thread counts that tile's keys of its digit itself (no hang without forward
 * progress guarantees).
 */
#ifndef SWEEP_GPU_RADIX_ONESWEEP_CUH
#define SWEEP_GPU_RADIX_ONESWEEP_CUH

#include "gpu/block/radix_early_rank.cuh"
#include "gpu/device/lookback.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/elem_copy.cuh"
#include "gpu/util/radix_keys.cuh"

namespace sweep_gpu {

constexpr unsigned kDigitAggregate = 1u << 30;
constexpr unsigned kDigitPrefix = 2u << 30;
constexpr unsigned kDigitCountMask = (1u << 30) - 1;
/* Ring slots at least: several times the blocks an SM-full GPU keeps resident. */
constexpr size_t kMinRingTiles = 1024;

/* A tile's status word for one digit: tile + 1 above the state and count. */
SWEEP_GPU_INLINE unsigned long long digit_word(size_t tile, unsigned v) {
    return ((unsigned long long)(unsigned)(tile + 1) << 32) | v;
}
/* The state and count a slot's word holds for `tile`; 0 (unavailable) if the word
 * is another tile's or cleared. */
SWEEP_GPU_INLINE unsigned digit_state(unsigned long long w, size_t tile) {
    return (unsigned)(w >> 32) == (unsigned)(tile + 1) ? (unsigned)w : 0u;
}

struct PassPlan {
    const void *ksrc;
    void *kdst;
    const void *vsrc;
    void *vdst;
    int active;
};

struct SortPlan {
    PassPlan pass[kRadixMaxPasses];
    int kcopy, vcopy; /* the result is in k/vcopy_src: copy it to k/vcopy_dst */
    const void *kcopy_src;
    void *kcopy_dst;
    const void *vcopy_src;
    void *vcopy_dst;
};

/* hist: passes x 256 digit counts. base: per pass, (nportions + 1) x 256 digit
 * offsets; row 0 of each pass is the exclusive scan of the pass's counts. */
static __global__ void radix_plan_kernel(const unsigned long long *hist, size_t n, unsigned passes,
                                         size_t nportions, const void *kin, void *kout, void *ktmp,
                                         const void *vin, void *vout, void *vtmp,
                                         unsigned long long *base, SortPlan *plan) {
    __shared__ int trivial[kRadixMaxPasses];
    const unsigned t = threadIdx.x;
    if (t < passes) {
        const unsigned long long *hp = hist + (size_t)t * kRadixDigits;
        unsigned long long *bp = base + (size_t)t * (nportions + 1) * kRadixDigits;
        unsigned long long run = 0;
        int one = 0;
        for (int d = 0; d < kRadixDigits; ++d) {
            bp[d] = run;
            run += hp[d];
            one |= hp[d] == n;
        }
        trivial[t] = one;
    }
    __syncthreads();
    if (t != 0) return;
    int active = 0;
    for (unsigned p = 0; p < passes; ++p)
        active += !trivial[p];
    /* Keys all equal: the last pass runs anyway, so that the result lands in the
     * output as every other sort's does, and the host launches the final copy only for
     * sorts in place. */
    if (active == 0) {
        trivial[passes - 1] = 0;
        active = 1;
    }
    /* Sorting in place (keys or values): no pass may read and write one buffer. */
    const bool in_place = kin == (const void *)kout || (vin && vin == (const void *)vout);
    /* destinations, last active pass first: out, tmp, out, ... ; in place with an odd
     * count the first pass cannot write out (it reads it): end in tmp, then copy. */
    const bool end_in_tmp = in_place && (active & 1);
    int k = 0; /* active passes seen so far */
    const void *ks = kin, *vs = vin;
    for (unsigned p = 0; p < passes; ++p) {
        PassPlan pp;
        pp.active = !trivial[p];
        pp.ksrc = ks;
        pp.vsrc = vs;
        pp.kdst = NULL;
        pp.vdst = NULL;
        if (pp.active) {
            const int from_end = active - 1 - k; /* 0 for the last active pass */
            const bool to_out = end_in_tmp ? (from_end & 1) : !(from_end & 1);
            pp.kdst = to_out ? kout : ktmp;
            pp.vdst = to_out ? vout : vtmp;
            ks = pp.kdst;
            vs = pp.vdst;
            ++k;
        }
        plan->pass[p] = pp;
    }
    plan->kcopy = end_in_tmp;
    plan->vcopy = vin && end_in_tmp;
    plan->kcopy_src = end_in_tmp ? ktmp : kin;
    plan->kcopy_dst = kout;
    plan->vcopy_src = end_in_tmp ? vtmp : vin;
    plan->vcopy_dst = vout;
}

/* The plan's final copy (in-place sorts with an odd number of passes). */
template <class U, class Vt, bool VALUES>
__global__ void radix_copy_kernel(const SortPlan *plan, size_t n) {
    const bool kc = plan->kcopy, vc = VALUES && plan->vcopy;
    if (!kc && !vc) return;
    const U *ks = (const U *)plan->kcopy_src;
    U *kd = (U *)plan->kcopy_dst;
    const Vt *vs = (const Vt *)plan->vcopy_src;
    Vt *vd = (Vt *)plan->vcopy_dst;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        if (kc) kd[i] = ks[i];
        if (vc) vd[i] = vs[i];
    }
}

struct OnesweepArgs {
    const SortPlan *plan;
    unsigned pass;
    size_t n; /* all keys */
    size_t portion_start;
    size_t portion_len;
    DigitSpec spec;
    /* where set, the digit is read from here instead of spec: the hybrid sort's first
     * pass, whose digit the device picks (radix_hybrid_plan_kernel) */
    const DigitSpec *spec_dev;
    const unsigned long long *base_in; /* this portion's digit offsets */
    unsigned long long *base_out;      /* the next portion's */
    unsigned long long *status;        /* ring slots x 256, cleared before the launch */
    size_t ring_mask;                  /* ring slots - 1 (a power of two) */
    unsigned *counter;
    unsigned stall_mod;
    int spin_limit;
    /* Bucketed launches only (the hybrid sort's second pass, radix_hybrid.cuh): the
     * keys are grouped by a higher digit b, and each group is a portion of its own,
     * its tiles numbered from tile_first[b] (257 entries, [256] = all tiles); the
     * keys of (b, digit d) start at bucket_start[b * 256 + d] (65537 entries). */
    const unsigned *tile_first;
    const unsigned *bucket_start;
};

/* Digit d's keys before this tile in the portion: a walk back over the earlier
 * tiles' status words for d, adding aggregates until an inclusive prefix. The words
 * are read kLookbackWindow at a time (independent loads, so one L2 round trip per
 * window rather than per tile). A tile whose word stays unavailable past the bounded
 * wait is counted here instead. */
constexpr int kLookbackWindow = 4;

template <int TILE, class U>
SWEEP_GPU_INLINE unsigned digit_lookback(const OnesweepArgs &a, const DigitSpec &spec, const U *src,
                                         size_t gfirst, size_t tile, unsigned d, size_t pstart,
                                         size_t pend) {
    /* tile: the portion's tile number; gfirst + tile: the launch's (ring slot, tag) */
    const unsigned long long *st = a.status + d;
    unsigned before = 0;
    long long q = (long long)tile - 1;
    while (q >= 0) {
        unsigned long long w[kLookbackWindow];
#pragma unroll
        for (int i = 0; i < kLookbackWindow; ++i)
            w[i] =
                q - i >= 0
                    ? load_volatile(&st[((gfirst + (size_t)(q - i)) & a.ring_mask) * kRadixDigits])
                    : 0ull;
#pragma unroll
        for (int i = 0; i < kLookbackWindow; ++i) {
            const long long r = q - i;
            const size_t gr = gfirst + (size_t)r;
            unsigned x = r >= 0 ? digit_state(w[i], gr) : kDigitPrefix;
            unsigned ns = 32;
            for (int s = 0; (x >> 30) == 0 && s < a.spin_limit; ++s) {
                backoff(ns);
                if (ns < 256) ns *= 2;
                x = digit_state(load_volatile(&st[(gr & a.ring_mask) * kRadixDigits]), gr);
            }
            if ((x >> 30) == 0) {
                const size_t qs = pstart + (size_t)r * TILE;
                const size_t qe = qs + TILE < pend ? qs + TILE : pend;
                unsigned c = 0;
                for (size_t k = qs; k < qe; ++k)
                    c += key_digit(src[k], spec) == d;
                x = kDigitAggregate | c;
            }
            before += x & kDigitCountMask;
            if ((x >> 30) == 2u) return before;
        }
        q -= kLookbackWindow;
    }
    return before;
}

/* The kernel's shared memory: the rank counters, the tile's reordering buffer and
 * (values only) each sorted position's digit. While they fit beside each other the
 * digits reuse the counters; where they do not fit in 48 KB (64-bit keys, and keys
 * ranked through shared lane masks) the buffer shares the counters' memory instead,
 * at the cost of one more barrier. */
template <class Rs, int BUF, int DIG, bool SHARE> struct OnesweepSmem;
template <class Rs, int BUF, int DIG> struct OnesweepSmem<Rs, BUF, DIG, false> {
    union {
        Rs rs;
        uint8_t dig[DIG];
    };
    alignas(16) unsigned char buf[BUF];
};
template <class Rs, int BUF, int DIG> struct OnesweepSmem<Rs, BUF, DIG, true> {
    union {
        Rs rs;
        alignas(16) unsigned char buf[BUF];
    };
    uint8_t dig[DIG];
};

/* One tile of one pass: keys in registers (as their order patterns), early digit
 * counts published as the tile's aggregate, stable ranks, then keys (and values)
 * reordered by digit in shared memory so each digit's run goes out on consecutive
 * addresses. */
template <class U, class Vt, bool VALUES, bool BUCKETED = false, class Tn = OnesweepTuning<U, Vt>>
__global__ void __launch_bounds__(Tn::threads, Tn::min_blocks)
    radix_onesweep_kernel(OnesweepArgs a) {
    constexpr int THREADS = Tn::threads;
    constexpr int ITEMS = Tn::items;
    constexpr int TILE = Tn::tile;
    typedef EarlyRank<THREADS, ITEMS, Tn::match> Rank;
    typedef typename Rank::Storage Rs;
    constexpr int BUF = TILE * Tn::wide, DIG = VALUES ? TILE : 1;
    constexpr bool SHARE = BUF + (sizeof(Rs) > (size_t)DIG ? sizeof(Rs) : (size_t)DIG) +
                               kRadixDigits * sizeof(void *) * (VALUES ? 2 : 1) + 64 >
                           48 * 1024;
    __shared__ OnesweepSmem<Rs, BUF, DIG, SHARE> sm;
    /* where digit d's keys go: dst + (its offset - where it starts in the tile), so a
     * key's address is this plus its tile position (a multiply-add, not 64-bit adds) */
    __shared__ U *skdst[kRadixDigits];
    __shared__ unsigned long long sbase[VALUES ? kRadixDigits : 1]; /* the same as an index */
    __shared__ unsigned s_tile;
    __shared__ unsigned s_first[BUCKETED ? kRadixDigits + 1 : 1];
    __shared__ unsigned s_bucket;

    const PassPlan pp = a.plan->pass[a.pass];
    if (!pp.active) return;
    const DigitSpec spec = a.spec_dev ? *a.spec_dev : a.spec;
    const U *src = (const U *)pp.ksrc;
    U *dst = (U *)pp.kdst;

    const int tid = threadIdx.x, lane = lane_id(), warp = warp_id();
    if (tid == 0) s_tile = atomic_add(a.counter, 1u);
    if (BUCKETED)
        for (int i = tid; i <= kRadixDigits; i += THREADS)
            s_first[i] = a.tile_first[i];
    __syncthreads();
    /* g: the launch's tile (ring slot and tag); tile: its number in the portion */
    const size_t g = s_tile;
    size_t tile = g, pstart = a.portion_start, plen = a.portion_len;
    unsigned long long base_in;
    if (BUCKETED) {
        /* empty buckets own no tile, so exactly one b has first[b] <= g < first[b+1] */
        if (tid < kRadixDigits && s_first[tid] <= g && g < s_first[tid + 1]) s_bucket = tid;
        __syncthreads();
        const unsigned b = s_bucket;
        tile = g - s_first[b];
        pstart = a.bucket_start[b * kRadixDigits];
        plen = a.bucket_start[(b + 1) * kRadixDigits] - pstart;
        base_in = tid < kRadixDigits ? a.bucket_start[b * kRadixDigits + tid] : 0ull;
    } else {
        /* read now, so its latency overlaps the key loads rather than following the
         * look-back */
        base_in = tid < kRadixDigits ? a.base_in[tid] : 0ull;
    }
    const size_t ntiles = (plen + TILE - 1) / TILE;
    const size_t tstart = pstart + tile * (size_t)TILE;
    const size_t pend = pstart + plen;
    const int len = pend - tstart < (size_t)TILE ? (int)(pend - tstart) : TILE;
    const bool full = len == TILE;
    const int first = warp * kWarp * ITEMS + lane; /* item j is key first + j * kWarp */

    U k[ITEMS];
    if (full) {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            k[j] = src[tstart + first + j * kWarp];
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            k[j] = first + j * kWarp < len ? src[tstart + first + j * kWarp] : (U)0;
    }
    const KeyCodec<U> codec(spec);
    if (!codec.identity) {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            k[j] = codec.encode(k[j]);
    }
    auto dig = [&](int j) { return codec.digit(k[j]); };
    auto valid = [&](int j) { return full || first + j * kWarp < len; };
    auto all = [](int) { return true; };

    unsigned total, excl;
    if (full)
        Rank::count(dig, all, total, sm.rs);
    else
        Rank::count(dig, valid, total, sm.rs);
    if (emulated_stall(a.stall_mod, g)) stall_delay(a.spin_limit);
    unsigned long long *my_status = a.status + (g & a.ring_mask) * kRadixDigits + tid;
    if (tid < kRadixDigits)
        store_volatile(my_status, digit_word(g, (tile ? kDigitAggregate : kDigitPrefix) | total));
    Rank::offsets(total, excl, sm.rs);
    unsigned ranks[ITEMS];
    if (full)
        Rank::template rank<8>(dig, all, ranks, sm.rs);
    else
        Rank::template rank<9>(dig, valid, ranks, sm.rs);
    if (SHARE) __syncthreads(); /* the counters become the buffer */

    U *skeys = (U *)sm.buf;
    if (full) {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            skeys[ranks[j]] = k[j];
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            if (valid(j)) skeys[ranks[j]] = k[j];
    }
    if (tid < kRadixDigits) {
        const unsigned before =
            tile ? digit_lookback<TILE>(a, spec, src, g - tile, tile, (unsigned)tid, pstart, pend)
                 : 0u;
        if (tile) store_volatile(my_status, digit_word(g, kDigitPrefix | (before + total)));
        const unsigned long long b = base_in + before - excl; /* may wrap; the sum won't */
        skdst[tid] = (U *)((uintptr_t)dst + (uintptr_t)b * sizeof(U));
        if (VALUES) sbase[tid] = b;
        if (!BUCKETED && tile == ntiles - 1) a.base_out[tid] = base_in + before + total;
    }
    __syncthreads();
    const int lim = full ? TILE : len;
    auto scatter = [&](auto decode) {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const int i = j * THREADS + tid;
            if (i < lim) {
                const U key = skeys[i];
                const unsigned d = codec.digit(key);
                skdst[d][i] = decode(key);
                if (VALUES) sm.dig[i] = (uint8_t)d;
            }
        }
    };
    if (codec.identity)
        scatter([](U x) { return x; });
    else
        scatter([&](U x) { return codec.decode(x); });
    if (VALUES) {
        const Vt *vsrc = (const Vt *)pp.vsrc;
        Vt *vdst = (Vt *)pp.vdst;
        Vt *svals = (Vt *)sm.buf;
        Vt v[ITEMS];
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            if (valid(j)) v[j] = vsrc[tstart + first + j * kWarp];
        __syncthreads();
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            if (valid(j)) svals[ranks[j]] = v[j];
        __syncthreads();
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const int i = j * THREADS + tid;
            if (i < lim) vdst[sbase[sm.dig[i]] + i] = svals[i];
        }
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RADIX_ONESWEEP_CUH */
