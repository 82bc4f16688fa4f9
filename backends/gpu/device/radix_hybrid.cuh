/*
 * radix_hybrid.cuh -- the kernels of the hybrid radix sort for long inputs: two
 * most-significant-digit passes, then each of the small buckets they leave sorted in
 * shared memory by one block (after Stehle & Jacobsen's hybrid MSD sort). For 64-bit
 * keys that is three passes over the data where the LSD sort takes eight.
 *
 * The host (host/radix_hybrid_sort.cuh) runs it in this order:
 *   1. the histogram of every digit (radix_kernels.cuh);
 *   2. radix_hybrid_plan_kernel: on the device, the highest non-constant digit h1,
 *      the offsets of every digit, and where each h1 group starts;
 *   3. an Onesweep pass on h1 (radix_onesweep.cuh), which reads its digit from the
 *      plan: the keys grouped by h1. Meanwhile the host reads the counts back and
 *      picks h1, the next non-constant digit h2 and the next h3 the same way;
 *   4. radix_bucket_histogram_kernel: the h2 digits counted within each h1 group,
 *      65536 counts; radix_bucket_scan_kernel turns them into where each (h1, h2)
 *      bucket starts and finds the largest bucket, which the host reads back while
 *   5. a bucketed Onesweep pass on h2 runs: each h1 group a portion of its own;
 *   6. radix_local_sort_kernel: one block per (h1, h2) bucket deals its keys into
 *      runs by h3 and a few bits below, then orders each run by the remaining bits
 *      with direct comparisons (runs of at most kLocalCompareLimit keys);
 *      radix_local_lsd_kernel ranks the buckets with longer runs LSD, digit by digit.
 *      Buckets larger than a block sorts (LocalLarge) are left to the host: up to
 *      kHybridApartMax of them are each sorted apart by the LSD sort of their range on
 *      the digits below h2 (a key repeated a few hundred thousand times among random
 *      ones makes one such bucket); with more, the LSD sort goes on from the grouped
 *      keys instead of steps 5 and 6 (correct for any distribution, slower).
 * Keys with one non-constant digit are sorted by step 3, with two by step 5. The
 * host waits for the device twice, as a rule while the h1 pass and the h2 pass run.
 * Where the digit counts show an h1 group beyond 256 blocks, the LSD sort follows
 * step 3 at once; where they suggest buckets near a block's size, the host waits for
 * the largest before step 5 (the device idles meanwhile), so that a bucket too large
 * does not cost the h2 pass. Buckets the counts do not foresee (h2 tied to h1) still
 * cost it.
 *
 * Every step is stable, so equal keys keep their input order, as in the LSD sort.
 */
#ifndef SWEEP_GPU_RADIX_HYBRID_CUH
#define SWEEP_GPU_RADIX_HYBRID_CUH

#include "gpu/block/block_radix_rank.cuh"
#include "gpu/block/block_scan.cuh"
#include "gpu/device/radix_onesweep.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/radix_keys.cuh"

namespace sweep_gpu {

/* (h1, h2) buckets: 256 x 256, and one more start for the end. */
constexpr unsigned kHybridBuckets = kRadixDigits * kRadixDigits;

/* ------------------------------------------------------------------- plan ----- */

/* What radix_hybrid_plan_kernel leaves for the h1 pass and the bucketed h2 pass. */
struct HybridHeader {
    unsigned tile_first[kRadixDigits + 1];      /* the first tile of each h1 group */
    unsigned group_start[kRadixDigits + 1];     /* where each h1 group starts */
    DigitSpec spec1;                            /* h1 */
    unsigned long long base1[kRadixDigits];     /* where each h1 digit's keys go */
    unsigned long long base1_end[kRadixDigits]; /* the h1 pass's end offsets (unread) */
};

struct HybridPlanArgs {
    const unsigned long long *hist; /* passes x 256 digit counts */
    size_t n;
    unsigned passes, begin_bit, end_bit;
    int kind, descending;
    unsigned tile; /* keys per Onesweep tile */
    const void *kin;
    void *kout, *ktmp;
    const void *vin;
    void *vout, *vtmp;
    unsigned long long *base; /* pass p's digit offsets at p * 512, for the LSD fallback */
    HybridHeader *header;
    SortPlan *plan;
};

/* One block of 256 threads, thread t for digit t. h1 is the highest digit on which
 * the keys differ (the top one if none do). The plan's pass 0 (h1) reads the input
 * and writes the buffer, where pass 1 (h2) reads from; with fewer than two such
 * digits pass 0 is the whole sort: it writes the output, or in place the buffer
 * and the plan's copy moves it back. */
__global__ void __launch_bounds__(kRadixDigits) radix_hybrid_plan_kernel(HybridPlanArgs a) {
    typedef BlockScan<Plain<unsigned long long, OpSum>, kRadixDigits> BS;
    __shared__ typename BS::Storage st;
    __shared__ int varies[kRadixMaxPasses];
    const unsigned t = threadIdx.x;
    if (t < kRadixMaxPasses) varies[t] = 1;
    __syncthreads();
    for (unsigned p = 0; p < a.passes; ++p) {
        const unsigned long long x = a.hist[(size_t)p * kRadixDigits + t];
        if (x == a.n) varies[p] = 0;
        unsigned long long pre, tot;
        bool has;
        BS::exclusive(x, pre, has, tot, st);
        a.base[(size_t)p * 2 * kRadixDigits + t] = has ? pre : 0ull;
        __syncthreads(); /* the scan's storage is reused */
    }
    unsigned h1 = a.passes - 1, active = 0;
    for (unsigned p = 0; p < a.passes; ++p)
        active += varies[p];
    for (unsigned p = a.passes; p-- > 0;)
        if (varies[p]) {
            h1 = p;
            break;
        }
    HybridHeader *hd = a.header;
    hd->base1[t] = a.base[(size_t)h1 * 2 * kRadixDigits + t];
    const unsigned cb = (unsigned)a.hist[(size_t)h1 * kRadixDigits + t];
    const unsigned long long packed = ((unsigned long long)cb << 32) | ((cb + a.tile - 1) / a.tile);
    unsigned long long pre, tot;
    bool has;
    BS::exclusive(packed, pre, has, tot, st); /* keys and tiles: each sum fits 32 bits */
    if (!has) pre = 0;
    hd->group_start[t] = (unsigned)(pre >> 32);
    hd->tile_first[t] = (unsigned)pre;
    if (t != 0) return;
    hd->group_start[kRadixDigits] = (unsigned)(tot >> 32);
    hd->tile_first[kRadixDigits] = (unsigned)tot;
    const unsigned shift = a.begin_bit + 8 * h1;
    hd->spec1.kind = a.kind;
    hd->spec1.descending = a.descending;
    hd->spec1.shift = shift;
    hd->spec1.nbits = a.end_bit - shift < 8 ? a.end_bit - shift : 8;
    const bool in_place = a.kin == (const void *)a.kout || (a.vin && a.vin == (const void *)a.vout);
    const bool to_out = active < 2 && !in_place;
    SortPlan *pl = a.plan;
    pl->pass[0] = PassPlan{a.kin, to_out ? a.kout : a.ktmp, a.vin, to_out ? a.vout : a.vtmp, 1};
    pl->pass[1] = PassPlan{a.ktmp, a.kout, a.vtmp, a.vout, 1};
    pl->kcopy = active < 2 && in_place;
    pl->vcopy = a.vin && pl->kcopy;
    pl->kcopy_src = a.ktmp;
    pl->kcopy_dst = a.kout;
    pl->vcopy_src = a.vtmp;
    pl->vcopy_dst = a.vout;
}

/* ---------------------------------------------------------- bucket counts ----- */

constexpr int kBucketHistThreads = 512;
constexpr int kBucketHistChunk = kBucketHistThreads * 16;
/* h1 groups a chunk's counters cover in shared memory; a chunk spanning more (only
 * where groups are small) counts the rest with global atomics. */
constexpr unsigned kBucketWindow = 4;

/* counts[b * 256 + m] += keys of chunk with h1 digit b and h2 digit m (counts
 * zeroed before). keys are grouped by h1, so a chunk's h1 digits lie between those
 * of its first and last keys. */
template <class U>
__global__ void __launch_bounds__(kBucketHistThreads)
    radix_bucket_histogram_kernel(const U *keys, size_t n, DigitSpec h1, DigitSpec h2,
                                  unsigned *counts) {
    __shared__ unsigned cnt[kBucketWindow * kRadixDigits];
    const KeyCodec<U> c1(h1), c2(h2);
    const size_t c0 = blockIdx.x * (size_t)kBucketHistChunk;
    const size_t c1e = c0 + kBucketHistChunk < n ? c0 + kBucketHistChunk : n;
    const unsigned b0 = c1.digit(c1.encode(keys[c0]));
    const unsigned bl = c1.digit(c1.encode(keys[c1e - 1]));
    const bool windowed = bl - b0 < kBucketWindow;
    for (unsigned i = threadIdx.x; i < kBucketWindow * kRadixDigits; i += kBucketHistThreads)
        cnt[i] = 0;
    __syncthreads();
#pragma unroll 4
    for (size_t i = c0 + threadIdx.x; i < c1e; i += kBucketHistThreads) {
        const U u = c1.encode(keys[i]);
        const unsigned b = c1.digit(u), m = c2.digit(u);
        if (windowed)
            atomicAdd(&cnt[(b - b0) * kRadixDigits + m], 1u);
        else
            atomicAdd(&counts[b * kRadixDigits + m], 1u);
    }
    if (!windowed) return;
    __syncthreads();
    for (unsigned i = threadIdx.x; i < kBucketWindow * kRadixDigits; i += kBucketHistThreads)
        if (cnt[i]) atomicAdd(&counts[b0 * kRadixDigits + i], cnt[i]);
}

/* The most buckets beyond a block that the host sorts apart, one LSD sort each
 * (step 6). */
constexpr unsigned kHybridApartMax = 16;

/* Block b: the 256 counts of h1 group b become where each (b, h2) bucket starts:
 * group_start[b] (the plan's scan of the h1 counts) plus the exclusive scan of the
 * row; counts[kHybridBuckets] = n, and *largest the largest count. Buckets of more
 * than cap keys are counted in apart[0] and the first kHybridApartMax listed after it
 * as (start, length) pairs, in no particular order (largest and apart[0] zeroed
 * before). */
__global__ void __launch_bounds__(kRadixDigits)
    radix_bucket_scan_kernel(unsigned *counts, const unsigned *group_start, unsigned n,
                             unsigned *largest, unsigned cap, unsigned *apart) {
    typedef BlockScan<Plain<unsigned, OpSum>, kRadixDigits> BS;
    __shared__ typename BS::Storage st;
    unsigned *row = counts + blockIdx.x * kRadixDigits;
    const unsigned x = row[threadIdx.x];
    unsigned pre, tot;
    bool has;
    BS::exclusive(x, pre, has, tot, st);
    const unsigned start = group_start[blockIdx.x] + (has ? pre : 0u);
    row[threadIdx.x] = start;
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) counts[kHybridBuckets] = n;
    const unsigned big = warp_reduce_prefix<Plain<unsigned, OpMax>>(x, kWarp);
    if (lane_id() == 0 && big) atomicMax(largest, big);
    if (x > cap) {
        const unsigned i = atomicAdd(apart, 1u);
        if (i < kHybridApartMax) {
            apart[1 + 2 * i] = start;
            apart[2 + 2 * i] = x;
        }
    }
}

/* ------------------------------------------------------------- local sort ----- */

/* Local sorts: the block shapes LocalSmall and LocalLarge (tuning/tuning.cuh) cover
 * the buckets of inputs up to about 2^28 and 2^29 random keys; larger buckets go to
 * the LSD sort. A bucket's keys are dealt into runs by up to run_bits(VALUES) bits
 * from h3 down (h3 and the few bits below it; the tuning's choice), then each run is
 * ordered by direct comparisons: a key compares itself with every key of its run, so
 * runs of random keys stay short (one or two keys on average in a 4096-key bucket).
 * Buckets with a run longer than kLocalCompareLimit (few distinct keys) are ranked
 * LSD instead. */
constexpr unsigned kLocalCompareLimit = 64;

struct LocalSortArgs {
    const unsigned *bucket_start; /* kHybridBuckets + 1 */
    DigitSpec spec;               /* the key's kind and order; shift, nbits: the run bits */
    unsigned long long below;     /* the pattern bits below them, which order a run */
    unsigned lsd_digits;          /* long runs: bit p ranks digit (begin_bit + 8p) */
    unsigned begin_bit;
    int whole;            /* keys alone, all their bits sorted */
    unsigned *long_count; /* buckets with a long run (zeroed before), */
    unsigned *long_list;  /* and which */
};

/* Dynamic shared memory of the local sorts: the keys, each key's input position,
 * and with values the values. */
template <class Sh, class U, class Vt, bool VALUES> constexpr size_t local_sort_smem() {
    return Sh::capacity * (sizeof(U) + sizeof(unsigned short) + (VALUES ? sizeof(Vt) : 0));
}

/* A run's counter in shared memory, padded once every 32 so that a thread scanning
 * its consecutive runs and its neighbours doing theirs fall in different banks. */
SWEEP_GPU_INLINE unsigned run_slot(unsigned r) {
    return r + (r >> 5);
}

/* Sorts bucket blockIdx.x in place, stably, unless a run in it is longer than
 * kLocalCompareLimit: then it lists the bucket for radix_local_lsd_kernel. Buckets of
 * more than Sh::capacity keys are left alone (the host sorts them apart). The keys are
 * counted by run (a shared atomic each) and dealt into runs in any order, each with
 * its input position; a key's place in its sorted run is then the number of run keys
 * below it, or equal and earlier in the input. Where keys alone are sorted on all
 * their bits, equal keys are identical, so the position in the dealt run breaks ties
 * and no input positions are kept. One counter a run: its count, then its start after
 * the scan. Few registers, so that several blocks an SM hide each other's latencies. */
template <class Sh, class U, class Vt, bool VALUES>
__global__ void __launch_bounds__(Sh::threads, (sizeof(U) == 8 ? 768 : 1024) / Sh::threads)
    radix_local_sort_kernel(U *keys, Vt *vals, LocalSortArgs a) {
    constexpr int THREADS = Sh::threads, ITEMS = Sh::items;
    constexpr unsigned RUNS = 1u << run_bits(VALUES), SLOTS = RUNS + (RUNS >> 5);
    constexpr unsigned PER = RUNS / THREADS;
    typedef BlockScan<Plain<unsigned, OpSum>, THREADS> BS;
    __shared__ typename BS::Storage scan;
    __shared__ unsigned runs[SLOTS + 1]; /* counts, then starts (and ends: !KEEP) */
    __shared__ int s_long;
    extern __shared__ unsigned long long local_smem[];
    U *skeys = (U *)local_smem;
    Vt *svals = (Vt *)(skeys + Sh::capacity);
    unsigned short *sidx = (unsigned short *)(svals + (VALUES ? Sh::capacity : 0));

    const size_t s = a.bucket_start[blockIdx.x];
    const unsigned len = a.bucket_start[blockIdx.x + 1] - (unsigned)s;
    if (len < 2 || len > Sh::capacity) return;
    keys += s;
    if (VALUES) vals += s;
    const KeyCodec<U> codec(a.spec);
    /* equal keys are equal bytes: any order of them is the stable one */
    const bool whole = !VALUES && a.whole;
    const unsigned tid = threadIdx.x;
    for (unsigned r = tid; r < SLOTS; r += THREADS)
        runs[r] = 0;
    if (tid == 0) s_long = 0;
    __syncthreads();
    /* item j of thread t: input position j * THREADS + t; every load issued before
     * the first count */
    U k[ITEMS];
    Vt v[VALUES ? ITEMS : 1];
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const unsigned i = j * THREADS + tid;
        if (i < len) {
            k[j] = keys[i];
            if (VALUES) v[j] = vals[i];
        }
    }
    /* Keys alone: each key's place in its run is the old value of its count, kept two
     * to a register (a bucket has fewer than 2^16 keys). With values, registers are
     * short (that spilled and cost 4% on u32 pairs): a second atomic deals them. */
    constexpr bool KEEP = !VALUES;
    unsigned o[KEEP ? (ITEMS + 1) / 2 : 1];
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        if (j % 2 == 0) o[KEEP ? j / 2 : 0] = 0;
        if (j * THREADS + tid < len) {
            k[j] = codec.encode(k[j]);
            const unsigned at = atomicAdd(&runs[run_slot(codec.digit(k[j]))], 1u);
            if (KEEP) o[KEEP ? j / 2 : 0] |= at << (16 * (j % 2));
        }
    }
    if (tid == 0) runs[run_slot(RUNS)] = len;
    __syncthreads();
    /* thread t scans runs [PER t, PER (t + 1)) */
    unsigned c[PER], sum = 0, big = 0;
#pragma unroll
    for (unsigned e = 0; e < PER; ++e) {
        c[e] = runs[run_slot(tid * PER + e)];
        sum += c[e];
        big = c[e] > big ? c[e] : big;
    }
    unsigned pre, tot;
    bool has;
    BS::exclusive(sum, pre, has, tot, scan);
    unsigned run = has ? pre : 0u;
#pragma unroll
    for (unsigned e = 0; e < PER; ++e) {
        runs[run_slot(tid * PER + e)] = run;
        run += c[e];
    }
    if (big > kLocalCompareLimit) s_long = 1;
    __syncthreads();
    if (s_long) {
        if (tid == 0) a.long_list[atomicAdd(a.long_count, 1u)] = blockIdx.x;
        return;
    }
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const unsigned i = j * THREADS + tid;
        if (i < len) {
            unsigned *r = &runs[run_slot(codec.digit(k[j]))];
            const unsigned p =
                KEEP ? *r + ((o[KEEP ? j / 2 : 0] >> (16 * (j % 2))) & 0xffffu) : atomicAdd(r, 1u);
            skeys[p] = k[j];
            if (!whole) sidx[p] = (unsigned short)i;
            if (VALUES) svals[i] = v[j];
        }
    }
    __syncthreads();
    /* run d: [start of d, start of d + 1) where KEEP, else [end of d - 1, end of d) */
    const U below = (U)a.below;
    for (unsigned p = tid; p < len; p += THREADS) {
        const U x = skeys[p];
        const unsigned ix = whole ? p : sidx[p];
        const unsigned d = codec.digit(x);
        const unsigned lo = KEEP ? runs[run_slot(d)] : d ? runs[run_slot(d - 1)] : 0u;
        const unsigned hi = KEEP ? runs[run_slot(d + 1)] : runs[run_slot(d)];
        const U mx = (U)(x & below);
        unsigned r = 0;
        for (unsigned q = lo; q < hi; ++q) {
            const U y = (U)(skeys[q] & below);
            r += y < mx;
            if (y == mx) r += (whole ? q : sidx[q]) < ix;
        }
        keys[lo + r] = codec.decode(x);
        if (VALUES) vals[lo + r] = svals[ix];
    }
}

/* The buckets radix_local_sort_kernel listed, sorted in place, a block at a time
 * each: the block ranks the bucket stably digit by digit, LSD, the keys
 * warp-striped as BlockRadixRank keeps them in input order. */
template <class Sh, class U, class Vt, bool VALUES>
__global__ void __launch_bounds__(Sh::threads)
    radix_local_lsd_kernel(U *keys_all, Vt *vals_all, LocalSortArgs a) {
    constexpr int ITEMS = Sh::items;
    typedef BlockRadixRank<Sh::threads, ITEMS> Rank;
    __shared__ typename Rank::Storage rs;
    extern __shared__ unsigned long long local_smem[];
    U *skeys = (U *)local_smem;
    Vt *svals = (Vt *)(skeys + Sh::capacity);
    unsigned short *sidx = (unsigned short *)(svals + (VALUES ? Sh::capacity : 0));
    const KeyCodec<U> codec(a.spec);
    const unsigned first = (unsigned)(warp_id() * kWarp * ITEMS + lane_id());
    const unsigned count = *a.long_count;

    for (unsigned li = blockIdx.x; li < count; li += gridDim.x) {
        const unsigned b = a.long_list[li];
        const size_t s = a.bucket_start[b];
        const unsigned len = a.bucket_start[b + 1] - (unsigned)s;
        U *keys = keys_all + s;
        Vt *vals = VALUES ? vals_all + s : vals_all;
        U k[ITEMS];
        unsigned o[ITEMS], dg[ITEMS], rk[ITEMS];
        bool ok[ITEMS];
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            o[j] = first + j * kWarp;
            ok[j] = o[j] < len;
            k[j] = ok[j] ? codec.encode(keys[o[j]]) : (U)0;
            if (VALUES && ok[j]) svals[o[j]] = vals[o[j]];
        }
        for (unsigned p = 0; p < sizeof(U); ++p) {
            if (!((a.lsd_digits >> p) & 1u)) continue;
            const unsigned shift = a.begin_bit + 8 * p;
#pragma unroll
            for (int j = 0; j < ITEMS; ++j)
                dg[j] = (unsigned)(k[j] >> shift) & (kRadixDigits - 1);
            Rank::rank(dg, ok, 8, rk, rs);
#pragma unroll
            for (int j = 0; j < ITEMS; ++j) {
                if (!ok[j]) continue;
                skeys[rk[j]] = k[j];
                sidx[rk[j]] = (unsigned short)o[j];
            }
            __syncthreads();
#pragma unroll
            for (int j = 0; j < ITEMS; ++j) {
                if (!ok[j]) continue;
                k[j] = skeys[first + j * kWarp];
                o[j] = sidx[first + j * kWarp];
            }
            /* the next rank synchronises before anyone writes skeys again */
        }
        __syncthreads(); /* every value in shared memory before any is written */
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            if (!ok[j]) continue;
            keys[first + j * kWarp] = codec.decode(k[j]);
            if (VALUES) vals[first + j * kWarp] = svals[o[j]];
        }
        __syncthreads(); /* the values read before the next bucket's are staged */
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RADIX_HYBRID_CUH */
