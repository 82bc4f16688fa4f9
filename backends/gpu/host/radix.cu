/*
 * radix.cu -- radix sort: the basic kernels (histogram of all passes, per-tile
 * digit counts, stable per-tile scatter) for keys of every dtype and values of any
 * size, and the fused Onesweep sort for values of 0, 1, 2, 4, 8 or 16 bytes at their
 * natural alignment (others answer SWEEP_ERR_UNSUPPORTED and the core composes).
 */
#include "gpu/device/radix_hybrid.cuh"
#include "gpu/device/radix_kernels.cuh"
#include "gpu/device/radix_onesweep.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/key_width.cuh"
#include "gpu/host/launch.cuh"

#include <stdio.h>
#include <string.h>

using namespace sweep_gpu;

static DigitSpec spec_of(const sweep_kradix *key, unsigned shift, unsigned nbits) {
    DigitSpec s;
    s.kind = key_kind_of(key->dtype);
    s.descending = key->descending;
    s.shift = shift;
    s.nbits = nbits;
    return s;
}

/* The histogram of all passes: as many copies of the counters (a power of two, at
 * most 32) as a block's shared memory holds, blocks of 1024 threads, as many to an SM
 * as fit. */
template <class U>
static sweep_status launch_histogram(sweep_gpu_handle *h, const U *keys, size_t n,
                                     const sweep_kradix *key, unsigned passes,
                                     unsigned long long *hist) {
    unsigned copies = kRadixHistBanks;
    while (copies > 1 && radix_histogram_smem(passes, copies) > h->smem_per_block)
        copies /= 2;
    const size_t smem = radix_histogram_smem(passes, copies);
    if (smem > 48 * 1024)
        SWEEP_GPU_TRY(h, sweep_gpu_kernel_max_dynamic_smem((const void *)radix_histogram_kernel<U>,
                                                           (int)smem));
    /* a block of shared memory per SM reserves 1 KB besides its own */
    size_t per_sm = h->smem_per_sm / (smem + 1024);
    const size_t by_threads = (size_t)h->max_threads_per_sm / kRadixHistBankedThreads;
    if (per_sm > by_threads) per_sm = by_threads;
    if (per_sm == 0) per_sm = 1;
    const size_t per_block = (size_t)kRadixHistBankedThreads * (16 / sizeof(U)) * kHistUnroll;
    size_t grid = (n + per_block - 1) / per_block;
    if (grid > (size_t)h->sm_count * per_sm) grid = (size_t)h->sm_count * per_sm;
    if (grid == 0) grid = 1;
    SWEEP_GPU_LAUNCH(h, "radix_histogram", radix_histogram_kernel<U>, (unsigned)grid,
                     kRadixHistBankedThreads, smem, keys, n, spec_of(key, 0, 8), key->begin_bit,
                     key->end_bit, passes, copies, hist);
    return SWEEP_OK;
}

sweep_status sweep_gpu_radix_histogram(void *hv, const sweep_kradix *key, const void *keys,
                                       size_t n, size_t *hist) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    const unsigned passes = (key->end_bit - key->begin_bit + 7) / 8;
    SWEEP_GPU_TRY(
        h, sweep_gpu_memset_async(hist, 0, passes * kRadixDigits * sizeof(size_t), h->stream));
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        return launch_histogram<U>(h, (const U *)keys, n, key, passes, (unsigned long long *)hist);
    });
}

sweep_status sweep_gpu_radix_tile_histogram(void *hv, const sweep_kradix *key, const void *keys,
                                            size_t n, size_t tile, unsigned shift, unsigned nbits,
                                            size_t *hist) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    const size_t ntiles = (n + tile - 1) / tile;
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        SWEEP_GPU_LAUNCH(h, "radix_tile_histogram", radix_tile_histogram_kernel<U>,
                         (unsigned)ntiles, kRadixHistThreads, 0, (const U *)keys, n, tile,
                         spec_of(key, shift, nbits), (unsigned long long *)hist);
        return SWEEP_OK;
    });
}

sweep_status sweep_gpu_radix_scatter(void *hv, const sweep_kradix *key, const void *keys_in,
                                     void *keys_out, const void *values_in, void *values_out,
                                     size_t vsize, size_t n, size_t tile, unsigned shift,
                                     unsigned nbits, const size_t *offsets) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    const size_t ntiles = (n + tile - 1) / tile;
    const unsigned vunit = vsize ? copy_unit(values_in, values_out, vsize) : 1;
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        SWEEP_GPU_LAUNCH(h, "radix_scatter", radix_scatter_kernel<U>, (unsigned)ntiles,
                         kScatterThreads, 0, (const U *)keys_in, (U *)keys_out, values_in,
                         values_out, vsize, vunit, n, tile, spec_of(key, shift, nbits),
                         (const unsigned long long *)offsets);
        return SWEEP_OK;
    });
}

namespace {

struct SortCall {
    sweep_gpu_handle *h;
    const sweep_kradix *key;
    const void *kin;
    void *kout;
    const void *vin;
    void *vout;
    size_t n;
    void *scratch;
    size_t *scratch_bytes;
};

/* Ring slots of tile status words within `budget` bytes: a power of two, never
 * below kMinRingTiles (radix_onesweep.cuh). */
size_t ring_tiles(size_t budget) {
    const size_t fit = budget / (kRadixDigits * sizeof(unsigned long long));
    size_t r = kMinRingTiles;
    while (r * 2 <= fit)
        r *= 2;
    return r;
}

/* One Onesweep launch over keys [start, start + len) for digit (shift, nbits) of
 * plan pass `pass`, its status ring cleared first (unless `cleared`: the caller
 * cleared a ring of this launch's own beforehand). */
template <class U, class Vt, bool VALUES, bool BUCKETED, class Tn = OnesweepTuning<U, Vt>>
sweep_status onesweep_launch(sweep_gpu_handle *h, OnesweepArgs a, size_t tiles, size_t ring,
                             bool cleared = false) {
    const size_t used = tiles < ring ? tiles : ring;
    if (!cleared)
        SWEEP_GPU_TRY(h, sweep_gpu_memset_async(
                             a.counter, 0, 256 + used * kRadixDigits * sizeof(unsigned long long),
                             h->stream));
    if (tiles == 0) return SWEEP_OK;
    SWEEP_GPU_LAUNCH(h, BUCKETED ? "radix_sort (bucketed pass)" : "radix_sort (onesweep pass)",
                     radix_onesweep_kernel<U, Vt, VALUES, BUCKETED, Tn>, (unsigned)tiles,
                     Tn::threads, 0, a);
    return SWEEP_OK;
}

/* Where the hybrid sort (radix_hybrid.cuh) keeps its state, besides the Onesweep
 * sort's: the header, the largest bucket and the count of buckets with long runs,
 * the (h1, h2) bucket starts, and the list of buckets with long runs. */
constexpr size_t kHybridHeaderBytes = 8192;
static_assert(sizeof(HybridHeader) <= kHybridHeaderBytes, "the header fits its scratch");
constexpr size_t kHybridBucketBytes = (kHybridBuckets + 1) * sizeof(unsigned) + 252;
constexpr size_t kHybridExtraBytes = kHybridHeaderBytes + 256 /* largest, long_count */ +
                                     kHybridBucketBytes + kHybridBuckets * sizeof(unsigned);

/* The hybrid sort's read-backs go through pinned host memory, so that a copy into it
 * is queued behind the kernels like one more, and the host waits on an event for it
 * while the next kernels run. Both are made on the handle's first hybrid sort; where
 * either cannot be had, the hybrid sort stays off for the handle (the LSD sort
 * serves) rather than the call failing. */
constexpr size_t kReadbackBytes = kRadixMaxPasses * kRadixDigits * sizeof(unsigned long long) + 256;
constexpr size_t kReadbackLargest = kRadixMaxPasses * kRadixDigits * sizeof(unsigned long long);

bool readback_ready(sweep_gpu_handle *h) {
    if (h->readback) return true;
    if (h->readback_failed) return false;
    void *p = NULL;
    if (sweep_gpu_host_alloc(&p, kReadbackBytes) != 0) {
        sweep_gpu_clear_error();
        h->readback_failed = 1;
        return false;
    }
    sweep_gpu_event e;
    if (sweep_gpu_event_create(&e) != 0) {
        sweep_gpu_clear_error();
        (void)sweep_gpu_host_free(p);
        h->readback_failed = 1;
        return false;
    }
    h->readback = p;
    h->readback_event = e;
    return true;
}

/* Queues a copy of `bytes` of device memory into the pinned buffer at `at`, then the
 * event behind it. */
sweep_status readback_queue(sweep_gpu_handle *h, size_t at, const void *src, size_t bytes) {
    SWEEP_GPU_TRY(h, sweep_gpu_memcpy_async((unsigned char *)h->readback + at, src, bytes,
                                            SWEEP_COPY_DEVICE_TO_HOST, h->stream));
    SWEEP_GPU_TRY(h, sweep_gpu_event_record(h->readback_event, h->stream));
    return SWEEP_OK;
}

/* The hybrid sort takes keys of 4 or 8 bytes, at least h->radix_hybrid_min* of them
 * (the device tuning's radix_hybrid_min* unless a test lowers them; 1% of the input then holds the
 * bucket state) and at most about 65536 times the large block shape, values of 0, 4 or
 * 8 bytes, more than two digits, and counts that fit one portion. On the H100
 * (docs/perf/radix-sort.md#where-the-hybrid-is-used; ms, hybrid against LSD) u32 keys
 * alone took 1.489 / 1.431 at 2^26, 2.543 / 2.820 at 2^27, 10.035 / 10.640 at 2^29; u32
 * pairs 2.040 / 2.408 at 2^26; u64 keys 2.264 / 4.770 at 2^26. */
template <class U, class Vt>
constexpr bool kHybridTypes = sizeof(U) >= 4 && (std::is_same<Vt, NoValue>::value ||
                                                 sizeof(Vt) == 4 || sizeof(Vt) == 8);

/* The least n the hybrid sort takes for keys of key_size bytes, with values or not
 * (the device tuning's, unless a test lowers it). */
size_t hybrid_min(const sweep_gpu_handle *h, size_t key_size, bool values) {
    return key_size == 8 ? h->radix_hybrid_min8
           : values      ? h->radix_hybrid_min4
                         : h->radix_hybrid_min4_keys;
}

/* The most keys of key_size bytes, with values or not, that the merge sort takes
 * (the device tuning's, unless a test sets it); none of 1 or 2 bytes, which the LSD
 * sort takes in one or two passes. */
size_t merge_max(const sweep_gpu_handle *h, size_t key_size, bool values) {
    return key_size < 4    ? 0
           : key_size == 8 ? h->radix_merge_max8
           : values        ? h->radix_merge_max4
                           : h->radix_merge_max4_keys;
}

template <class U, class Vt>
bool hybrid_fits(sweep_gpu_handle *h, const sweep_kradix *key, size_t n) {
    if (!kHybridTypes<U, Vt> || n < 2 || n > OnesweepTuning<U, Vt>::max_portion ||
        key->end_bit - key->begin_bit <= 16)
        return false;
    /* beyond, the buckets of random keys would not fit the large block shape */
    if (n / kHybridBuckets > LocalLarge::capacity * 15 / 16) return false;
    return n >= hybrid_min(h, sizeof(U), !std::is_same<Vt, NoValue>::value) && readback_ready(h);
}

/* The sort's scratch, carved. */
struct SortMem {
    void *ktmp, *vtmp;
    unsigned long long *hist, *base; /* base: per pass, (nportions + 1) x 256 */
    SortPlan *plan;
    unsigned *counter;
    unsigned long long *status;
    size_t ring;
    HybridHeader *header; /* the hybrid sort's */
    unsigned *largest, *long_count, *buckets, *long_list;
};

/* The hybrid sort's last step: every (h1, h2) bucket sorted in place by blocks of
 * shape Sh, those with long runs by radix_local_lsd_kernel. */
template <class Sh, class U, class Vt>
sweep_status local_sort(const SortCall &c, LocalSortArgs la) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    sweep_gpu_handle *h = c.h;
    /* with their static shared memory, above 48 KB: the kernels must ask for it */
    constexpr size_t smem = local_sort_smem<Sh, U, Vt, VALUES>();
    SWEEP_GPU_TRY(h, sweep_gpu_kernel_max_dynamic_smem(
                         (const void *)radix_local_sort_kernel<Sh, U, Vt, VALUES>, (int)smem));
    SWEEP_GPU_TRY(h, sweep_gpu_kernel_max_dynamic_smem(
                         (const void *)radix_local_lsd_kernel<Sh, U, Vt, VALUES>, (int)smem));
    SWEEP_GPU_LAUNCH(h, "radix_sort (bucket sort)", radix_local_sort_kernel<Sh, U, Vt, VALUES>,
                     kHybridBuckets, Sh::threads, smem, (U *)c.kout, (Vt *)c.vout, la);
    SWEEP_GPU_LAUNCH(h, "radix_sort (bucket sort, long runs)",
                     radix_local_lsd_kernel<Sh, U, Vt, VALUES>, (unsigned)h->sm_count * 2,
                     Sh::threads, smem, (U *)c.kout, (Vt *)c.vout, la);
    return SWEEP_OK;
}

/* Whether digit counts (passes x 256; act: the non-constant digits, lowest first, na
 * >= 3 of them) show keys the hybrid sort serves worse than the LSD sort:
 * - an h1 group beyond 256 blocks' worth (a bucket of it cannot fit a block);
 * - a top digit (h1 or h2) whose fullest value holds more than twice the keys of the
 *   average value present: duplicates or skew (few distinct keys, Zipf-like), whose
 *   buckets come out too large for a block after both top passes, or uneven;
 * - digits below h2 with so few values that a bucket of average size would hold runs of
 *   equal keys longer than the bucket sort's direct comparisons take
 *   (kLocalCompareLimit), which it then ranks digit by digit.
 * On the H100 at 2^28 u32 keys the hybrid sort ran 0.54 (256 distinct keys), 0.59
 * (Zipf) and 0.63 (low 16 bits from 4 values) of CUB's speed, where the LSD sort of
 * the same keys at 2^24 ran 0.75, 0.85 and 0.87. Not below 2^20 keys. */
bool hybrid_unsuited(const unsigned long long *hh, const unsigned *act, unsigned na, size_t n) {
    /* counts of fewer keys say little (and tests run the hybrid sort on such) */
    if (n < ((size_t)1 << 20)) return false;
    const unsigned h1 = act[na - 1];
    unsigned long long gmax = 0;
    for (unsigned d = 0; d < kRadixDigits; ++d)
        gmax = hh[h1 * kRadixDigits + d] > gmax ? hh[h1 * kRadixDigits + d] : gmax;
    if (gmax > (unsigned long long)kRadixDigits * LocalLarge::capacity) return true;
    for (unsigned top = 0; top < 2; ++top) {
        const unsigned long long *row = hh + (size_t)act[na - 1 - top] * kRadixDigits;
        unsigned long long mx = 0, present = 0;
        for (unsigned d = 0; d < kRadixDigits; ++d) {
            mx = row[d] > mx ? row[d] : mx;
            present += row[d] != 0;
        }
        if (mx * present > 2 * (unsigned long long)n) return true;
    }
    /* distinct values below h2: at most the product of each digit's values present */
    unsigned long long below = 1;
    for (unsigned i = 0; i + 2 < na && below < n; ++i) {
        unsigned long long present = 0;
        for (unsigned d = 0; d < kRadixDigits; ++d)
            present += hh[(size_t)act[i] * kRadixDigits + d] != 0;
        below *= present;
    }
    return n / kHybridBuckets > (size_t)kLocalCompareLimit * below;
}

/* The hybrid sort (radix_hybrid.cuh) after the histogram of every digit, for
 * hybrid_fits inputs; *declined where the counts show keys it suits worse than the
 * LSD sort (hybrid_unsuited), before it has queued anything. */
template <class U, class Vt>
sweep_status hybrid_sort(const SortCall &c, const SortMem &m, bool *declined) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    typedef OnesweepTuning<U, Vt> Tn;
    sweep_gpu_handle *h = c.h;
    const sweep_kradix *key = c.key;
    const size_t n = c.n;
    const unsigned passes = (key->end_bit - key->begin_bit + 7) / 8;
    *declined = false;

    /* The counts first: the host waits for the histogram, which the device runs
     * meanwhile, then idles the device only for its decision. */
    sweep_status st =
        readback_queue(h, 0, m.hist, passes * kRadixDigits * sizeof(unsigned long long));
    if (st != SWEEP_OK) return st;
    SWEEP_GPU_TRY(h, sweep_gpu_event_synchronize(h->readback_event));
    const unsigned long long *hh = (const unsigned long long *)h->readback;
    unsigned act[kRadixMaxPasses], na = 0; /* the non-constant digits, lowest first */
    for (unsigned p = 0; p < passes; ++p) {
        bool constant = false;
        for (unsigned d = 0; d < kRadixDigits; ++d)
            constant |= hh[p * kRadixDigits + d] == n;
        if (!constant) act[na++] = p;
    }
    if (na > 2 && hybrid_unsuited(hh, act, na, n)) {
        *declined = true;
        return SWEEP_OK;
    }

    /* the plan on the device, then the h1 pass */
    HybridPlanArgs pa;
    pa.hist = m.hist;
    pa.n = n;
    pa.passes = passes;
    pa.begin_bit = key->begin_bit;
    pa.end_bit = key->end_bit;
    pa.kind = key_kind_of(key->dtype);
    pa.descending = key->descending;
    pa.tile = Tn::tile;
    pa.kin = c.kin;
    pa.kout = c.kout;
    pa.ktmp = m.ktmp;
    pa.vin = c.vin;
    pa.vout = c.vout;
    pa.vtmp = m.vtmp;
    pa.base = m.base;
    pa.header = m.header;
    pa.plan = m.plan;
    SWEEP_GPU_LAUNCH(h, "radix_sort (hybrid plan)", radix_hybrid_plan_kernel, 1, kRadixDigits, 0,
                     pa);
    OnesweepArgs a;
    memset(&a, 0, sizeof a);
    a.plan = m.plan;
    a.n = n;
    a.portion_len = n;
    a.status = m.status;
    a.ring_mask = m.ring - 1;
    a.counter = m.counter;
    a.stall_mod = h->stall_mod;
    a.spin_limit = h->spin_limit;
    const size_t tiles = (n + Tn::tile - 1) / Tn::tile;
    a.pass = 0;
    a.spec = spec_of(key, key->begin_bit, 8); /* unread: spec_dev */
    a.spec_dev = &m.header->spec1;
    a.base_in = m.header->base1;
    a.base_out = m.header->base1_end;
    st = onesweep_launch<U, Vt, VALUES, false>(h, a, tiles, m.ring);
    if (st != SWEEP_OK) return st;
    a.spec_dev = NULL;

    if (na < 2) {
        /* the h1 pass sorted them (in place, into the buffer: copied back) */
        SWEEP_GPU_LAUNCH(h, "radix_sort (final copy)", radix_copy_kernel<U, Vt, VALUES>,
                         sweep_gpu_grid(h, n, 256), 256, 0, m.plan, n);
        return SWEEP_OK;
    }
    const unsigned h1 = act[na - 1], h2 = act[na - 2];
    /* the bucketed pass's tiles, as the plan counted them */
    unsigned tiles2 = 0;
    unsigned long long gmax = 0, dmax = 0;
    for (unsigned b = 0; b < kRadixDigits; ++b) {
        const unsigned long long g = hh[h1 * kRadixDigits + b], d = hh[h2 * kRadixDigits + b];
        tiles2 += (unsigned)((g + Tn::tile - 1) / Tn::tile);
        gmax = g > gmax ? g : gmax;
        dmax = d > dmax ? d : dmax;
    }
    auto spec_at = [&](unsigned p) {
        const unsigned shift = key->begin_bit + 8 * p;
        return spec_of(key, shift, key->end_bit - shift < 8 ? key->end_bit - shift : 8);
    };
    /* Too many keys share their top digits for a block: the LSD sort from the grouped
     * keys (which are a stable permutation of the input), ping-ponging from the buffer
     * to out and copying at the end after an even count. */
    auto lsd_from_grouped = [&]() -> sweep_status {
        SortPlan fp;
        memset(&fp, 0, sizeof fp);
        const void *ks = m.ktmp, *vs = m.vtmp;
        for (unsigned i = 0; i < na; ++i) {
            void *kd = i % 2 == 0 ? c.kout : m.ktmp;
            void *vd = i % 2 == 0 ? c.vout : m.vtmp;
            fp.pass[i] = PassPlan{ks, kd, vs, vd, 1};
            ks = kd;
            vs = vd;
        }
        fp.kcopy = na % 2 == 0;
        fp.vcopy = VALUES && fp.kcopy;
        fp.kcopy_src = m.ktmp;
        fp.kcopy_dst = c.kout;
        fp.vcopy_src = m.vtmp;
        fp.vcopy_dst = c.vout;
        SWEEP_GPU_TRY(h, sweep_gpu_memcpy_async(m.plan, &fp, sizeof fp, SWEEP_COPY_HOST_TO_DEVICE,
                                                h->stream));
        a.tile_first = NULL;
        a.bucket_start = NULL;
        for (unsigned i = 0; i < na; ++i) {
            a.pass = i;
            a.spec = spec_at(act[i]);
            a.base_in = m.base + (size_t)act[i] * 2 * kRadixDigits;
            a.base_out = m.base + (size_t)act[i] * 2 * kRadixDigits + kRadixDigits;
            sweep_status s2 = onesweep_launch<U, Vt, VALUES, false>(h, a, tiles, m.ring);
            if (s2 != SWEEP_OK) return s2;
        }
        SWEEP_GPU_LAUNCH(h, "radix_sort (final copy)", radix_copy_kernel<U, Vt, VALUES>,
                         sweep_gpu_grid(h, n, 256), 256, 0, m.plan, n);
        return SWEEP_OK;
    };
    /* (An h1 group of g keys has a bucket of at least g / 256: beyond a block, the LSD
     * sort was chosen before, hybrid_unsuited.) Were h1 and h2 independent, the largest
     * bucket would hold about gmax * dmax / n keys: near a block's, the host waits for
     * the largest before the h2 pass, which would otherwise be wasted if a bucket did
     * not fit. */
    const bool wait_first = na > 2 && gmax * dmax / n > LocalLarge::capacity / 2;

    /* the (h1, h2) buckets, and the largest, which comes back while the h2 pass runs */
    SWEEP_GPU_TRY(h, sweep_gpu_memset_async(m.buckets, 0, (kHybridBuckets + 1) * sizeof(unsigned),
                                            h->stream));
    SWEEP_GPU_TRY(h, sweep_gpu_memset_async(m.largest, 0, 2 * sizeof(unsigned), h->stream));
    SWEEP_GPU_LAUNCH(h, "radix_sort (bucket counts)", radix_bucket_histogram_kernel<U>,
                     (unsigned)((n + kBucketHistChunk - 1) / kBucketHistChunk), kBucketHistThreads,
                     0, (const U *)m.ktmp, n, spec_at(h1), spec_at(h2), m.buckets);
    SWEEP_GPU_LAUNCH(h, "radix_sort (bucket scan)", radix_bucket_scan_kernel, kRadixDigits,
                     kRadixDigits, 0, m.buckets, m.header->group_start, (unsigned)n, m.largest);
    unsigned largest = 0;
    auto fetch_largest = [&]() -> sweep_status {
        SWEEP_GPU_TRY(h, sweep_gpu_event_synchronize(h->readback_event));
        memcpy(&largest, (const unsigned char *)h->readback + kReadbackLargest, sizeof largest);
        return SWEEP_OK;
    };
    if (na > 2) {
        st = readback_queue(h, kReadbackLargest, m.largest, sizeof(unsigned));
        if (st == SWEEP_OK && wait_first) st = fetch_largest();
        if (st != SWEEP_OK) return st;
        if (wait_first && largest > LocalLarge::capacity) return lsd_from_grouped();
    }

    /* h2 within each h1 group, into out: with two non-constant digits, the sort */
    a.pass = 1;
    a.spec = spec_at(h2);
    a.base_in = NULL;
    a.base_out = NULL;
    a.tile_first = m.header->tile_first;
    a.bucket_start = m.buckets;
    st = onesweep_launch<U, Vt, VALUES, true>(h, a, tiles2, m.ring);
    if (st != SWEEP_OK || na == 2) return st;
    if (!wait_first) {
        st = fetch_largest();
        if (st != SWEEP_OK) return st;
        /* the h2 pass's output is overwritten */
        if (largest > LocalLarge::capacity) return lsd_from_grouped();
    }

    /* each (h1, h2) bucket sorted in place by the bits below h2 */
    const unsigned h3 = act[na - 3];
    LocalSortArgs la;
    la.bucket_start = m.buckets;
    /* runs: h3 and up to run_bits - 8 bits below it */
    const unsigned s3 = key->begin_bit + 8 * h3, more = run_bits(VALUES) - 8;
    const unsigned extra = s3 - key->begin_bit < more ? s3 - key->begin_bit : more;
    la.spec = spec_of(key, s3 - extra, 8 + extra);
    la.below = ((1ull << (s3 - extra)) - 1) & ~((1ull << key->begin_bit) - 1);
    la.lsd_digits = 0;
    for (unsigned i = 0; i < na - 2; ++i)
        la.lsd_digits |= 1u << act[i];
    la.begin_bit = key->begin_bit;
    la.whole = !VALUES && key->begin_bit == 0 && key->end_bit == 8 * sizeof(U);
    la.long_count = m.long_count;
    la.long_list = m.long_list;
    if (largest <= LocalSmall::capacity) return local_sort<LocalSmall, U, Vt>(c, la);
    return local_sort<LocalLarge, U, Vt>(c, la);
}

/* The sort in passes of shape Tn: the hybrid sort where it fits (the large shape
 * only), else the LSD sort. */
template <class U, class Vt, class Tn = OnesweepTuning<U, Vt>>
sweep_status onesweep_run(const SortCall &c) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    const sweep_kradix *key = c.key;
    const unsigned passes = (key->end_bit - key->begin_bit + 7) / 8;
    const size_t n = c.n;
    const bool hybrid =
        std::is_same<Tn, OnesweepTuning<U, Vt>>::value && hybrid_fits<U, Vt>(c.h, key, n);
    /* One launch a pass for up to Tn::max_portion keys (2^30 less a tile), its tile
     * status words (2 KB a tile) in a ring of `ring` slots: within 1% of the input's
     * bytes (less the hybrid sort's bucket state) once the input spans more than
     * kMinRingTiles tiles. Longer inputs go through in portions, a launch each. */
    const size_t in_bytes = n * (sizeof(U) + (VALUES ? sizeof(Vt) : 0));
    const size_t portion = Tn::max_portion;
    const size_t nportions = n ? (n + portion - 1) / portion : 0;
    const size_t ptiles = ((n < portion ? n : portion) + Tn::tile - 1) / Tn::tile;
    const size_t extra = hybrid ? kHybridExtraBytes : 0;
    const size_t ring = ring_tiles(in_bytes / 100 > extra ? in_bytes / 100 - extra : 0);
    /* the hybrid sort's bucketed pass has up to one more tile per h1 group */
    const size_t need = ptiles + (hybrid ? kRadixDigits : 0);
    const size_t slots = need < ring ? need : ring;
    /* scratch: keys (and values) buffer, counts, offsets, plan, hybrid state, tile
     * states */
    const size_t b_keys = round256(n * sizeof(U));
    const size_t b_vals = VALUES ? round256(n * sizeof(Vt)) : 0;
    const size_t b_hist = round256(passes * kRadixDigits * sizeof(unsigned long long));
    const size_t b_base =
        round256(passes * (nportions + 1) * kRadixDigits * sizeof(unsigned long long));
    const size_t b_plan = round256(sizeof(SortPlan));
    const size_t b_hybrid = hybrid ? round256(kHybridExtraBytes) : 0;
    const size_t b_pass_status = 256 + round256(slots * kRadixDigits * sizeof(unsigned long long));
    /* Short inputs (every pass's tiles within kMinRingTiles slots in all): each pass has
     * a ring of its own, and one memset clears them all with the histogram's counts,
     * instead of a memset before every pass; the launches are most of such a sort's
     * time. */
    const bool clear_once = !hybrid && nportions == 1 && passes * ptiles <= kMinRingTiles;
    const size_t b_status = clear_once ? passes * b_pass_status : b_pass_status;
    if (!c.scratch) {
        *c.scratch_bytes = b_keys + b_vals + b_hist + b_base + b_plan + b_hybrid + b_status;
        return SWEEP_OK;
    }
    sweep_gpu_handle *h = c.h;
    unsigned char *p = (unsigned char *)c.scratch;
    SortMem m;
    memset(&m, 0, sizeof m);
    m.ktmp = p;
    p += b_keys;
    m.vtmp = VALUES ? (void *)p : NULL;
    p += b_vals;
    m.base = (unsigned long long *)p;
    p += b_base;
    m.plan = (SortPlan *)p;
    p += b_plan;
    if (hybrid) {
        m.header = (HybridHeader *)p;
        m.largest = (unsigned *)(p + kHybridHeaderBytes);
        m.long_count = m.largest + 1;
        m.buckets = (unsigned *)(p + kHybridHeaderBytes + 256);
        m.long_list = (unsigned *)(p + kHybridHeaderBytes + 256 + kHybridBucketBytes);
    }
    p += b_hybrid;
    /* the counts, then the rings: cleared together where clear_once */
    m.hist = (unsigned long long *)p;
    p += b_hist;
    m.counter = (unsigned *)p;
    m.status = (unsigned long long *)(p + 256);
    m.ring = ring;

    SWEEP_GPU_TRY(
        h, sweep_gpu_memset_async(m.hist, 0, clear_once ? b_hist + b_status : b_hist, h->stream));
    sweep_status st = launch_histogram<U>(h, (const U *)c.kin, n, key, passes, m.hist);
    if (st != SWEEP_OK) return st;
    if constexpr (kHybridTypes<U, Vt>) {
        if (hybrid) {
            bool declined = false;
            st = hybrid_sort<U, Vt>(c, m, &declined);
            if (st != SWEEP_OK || !declined) return st;
        }
    }
    SWEEP_GPU_LAUNCH(h, "radix_sort (plan)", radix_plan_kernel, 1, kRadixMaxPasses * 32, 0, m.hist,
                     n, passes, nportions, c.kin, c.kout, m.ktmp, c.vin, c.vout, m.vtmp, m.base,
                     m.plan);
    for (unsigned pass = 0; pass < passes; ++pass) {
        const unsigned shift = key->begin_bit + 8 * pass;
        const unsigned nbits = key->end_bit - shift < 8 ? key->end_bit - shift : 8;
        unsigned long long *pbase = m.base + (size_t)pass * (nportions + 1) * kRadixDigits;
        for (size_t k = 0; k < nportions; ++k) {
            OnesweepArgs a;
            memset(&a, 0, sizeof a);
            a.plan = m.plan;
            a.pass = pass;
            a.n = n;
            a.portion_start = k * portion;
            a.portion_len = n - a.portion_start < portion ? n - a.portion_start : portion;
            a.spec = spec_of(key, shift, nbits);
            a.base_in = pbase + k * kRadixDigits;
            a.base_out = pbase + (k + 1) * kRadixDigits;
            unsigned char *ring_at =
                (unsigned char *)m.counter + (clear_once ? pass : 0) * b_pass_status;
            a.counter = (unsigned *)ring_at;
            a.status = (unsigned long long *)(ring_at + 256);
            a.ring_mask = ring - 1;
            a.stall_mod = h->stall_mod;
            a.spin_limit = h->spin_limit;
            st = onesweep_launch<U, Vt, VALUES, false, Tn>(
                h, a, (a.portion_len + Tn::tile - 1) / Tn::tile, ring, clear_once);
            if (st != SWEEP_OK) return st;
        }
    }
    /* The plan ends every sort that is not in place in the output (radix_plan_kernel). */
    if (c.kin == c.kout || (VALUES && c.vin == c.vout))
        SWEEP_GPU_LAUNCH(h, "radix_sort (final copy)", radix_copy_kernel<U, Vt, VALUES>,
                         sweep_gpu_grid(h, n, 256), 256, 0, m.plan, n);
    return SWEEP_OK;
}

/* Short inputs in the small tiles (unless a test sends them to the hybrid sort). */
template <class U, class Vt> sweep_status onesweep_sized(const SortCall &c) {
    if (c.n <= kOnesweepSmallMax && !hybrid_fits<U, Vt>(c.h, c.key, c.n))
        return onesweep_run<U, Vt, OnesweepSmallTuning<U, Vt>>(c);
    return onesweep_run<U, Vt>(c);
}

template <class U> sweep_status onesweep_values(const SortCall &c, size_t vsize) {
    switch (vsize) {
    case 0: return onesweep_sized<U, NoValue>(c);
    case 1: return onesweep_sized<U, uint8_t>(c);
    case 2: return onesweep_sized<U, uint16_t>(c);
    case 4: return onesweep_sized<U, uint32_t>(c);
    case 8: return onesweep_sized<U, unsigned long long>(c);
    case 16: return onesweep_sized<U, Value16>(c);
    default: return SWEEP_ERR_UNSUPPORTED;
    }
}

bool natural(const void *p, size_t size) {
    return ((uintptr_t)p & (size - 1)) == 0;
}

} // namespace

void sweep_gpu_radix_release(sweep_gpu_handle *h) {
    if (!h->readback) return;
    (void)sweep_gpu_event_destroy(h->readback_event);
    (void)sweep_gpu_host_free(h->readback);
    h->readback = NULL;
}

sweep_status sweep_gpu_radix_sort(void *hv, const sweep_kradix *key, const void *keys_in,
                                  void *keys_out, const void *values_in, void *values_out,
                                  size_t vsize, size_t n, void *scratch, size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (vsize && (!natural(values_in, vsize) || !natural(values_out, vsize)))
        return SWEEP_ERR_UNSUPPORTED; /* the core composes it from the basic kernels */
    /* Up to one block's tile of keys sorted on all their bits: the block sort of
     * merge.cu, in one launch and without scratch, where the LSD sort takes a dozen
     * launches and memsets whatever the size (the same order: patterns, stably). Not
     * where a test lowers the hybrid sort's threshold to run it on short inputs. */
    if (n > 0 && key->begin_bit == 0 && key->end_bit == 8 * key->key_size &&
        n <= sweep_gpu_one_block_sort_max(key->key_size) && vsize <= 16 &&
        n < hybrid_min(h, key->key_size, vsize != 0)) {
        if (!scratch) {
            *scratch_bytes = 0;
            return SWEEP_OK;
        }
        SWEEP_GPU_ENTER(h);
        return sweep_gpu_one_block_sort(h, key_kind_of(key->dtype), key->descending, key->key_size,
                                        keys_in, keys_out, vsize ? values_in : NULL, values_out,
                                        vsize, n);
    }
    /* Up to radix_merge_max keys on all their bits: the merge sort of merge.cu (one
     * tile sort, then a partition and a merge a pass), in the same order and as stably,
     * where the LSD passes' launches and memsets cost more than the merges. */
    if (n > 0 && key->begin_bit == 0 && key->end_bit == 8 * key->key_size &&
        n <= merge_max(h, key->key_size, vsize != 0) && vsize <= 16 &&
        n < hybrid_min(h, key->key_size, vsize != 0)) {
        sweep_kcmp cmp;
        memset(&cmp, 0, sizeof cmp);
        cmp.kind = key->descending ? SWEEP_COMPARE_DESCENDING : SWEEP_COMPARE_ASCENDING;
        cmp.dtype = key->dtype;
        cmp.key_size = key->key_size;
        return sweep_gpu_merge_sort(h, &cmp, keys_in, keys_out, vsize ? values_in : NULL,
                                    values_out, vsize, n, scratch, scratch_bytes);
    }
    SWEEP_GPU_ENTER(h);
    SortCall c = {h,          key, keys_in, keys_out,     vsize ? values_in : NULL,
                  values_out, n,   scratch, scratch_bytes};
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        return onesweep_values<decltype(u)>(c, vsize);
    });
}
