/*
 * radix_hybrid_sort.cuh -- the host's side of the hybrid radix sort
 * (device/radix_hybrid.cuh): when it serves, its scratch and read-backs, its decision
 * from the digit counts, and its steps. For radix.cu alone: its helpers live in an
 * unnamed namespace.
 */
#ifndef SWEEP_GPU_HOST_RADIX_HYBRID_SORT_CUH
#define SWEEP_GPU_HOST_RADIX_HYBRID_SORT_CUH

#include "gpu/device/radix_hybrid.cuh"
#include "gpu/host/radix_histogram.cuh"
#include "gpu/host/radix_sort_call.cuh"

#include <string.h>

namespace {

/* Where the hybrid sort (radix_hybrid.cuh) keeps its state, besides the Onesweep
 * sort's: the header; 256 bytes for the largest bucket, the count of buckets with
 * long runs and the buckets beyond a block (their count, then up to kHybridApartMax
 * (start, length) pairs: kHybridApartWords in all); the (h1, h2) bucket starts; the
 * list of buckets with long runs. */
constexpr size_t kHybridHeaderBytes = 8192;
static_assert(sizeof(HybridHeader) <= kHybridHeaderBytes, "the header fits its scratch");
constexpr size_t kHybridApartWords = 3 + 2 * kHybridApartMax;
static_assert(kHybridApartWords * sizeof(unsigned) <= 256, "largest, long_count, apart fit");
constexpr size_t kHybridBucketBytes = (kHybridBuckets + 1) * sizeof(unsigned) + 252;
constexpr size_t kHybridExtraBytes = kHybridHeaderBytes + 256 /* largest ... apart */ +
                                     kHybridBucketBytes + kHybridBuckets * sizeof(unsigned);

/* The hybrid sort's read-backs go through pinned host memory, so that a copy into it
 * is queued behind the kernels like one more, and the host waits on an event for it
 * while the next kernels run. Both are made on the handle's first hybrid sort; where
 * either cannot be had, the hybrid sort stays off for the handle (the LSD sort
 * serves) rather than the call failing. */
constexpr size_t kReadbackBytes = kRadixMaxPasses * kRadixDigits * sizeof(unsigned long long) + 256;
constexpr size_t kReadbackLargest = kRadixMaxPasses * kRadixDigits * sizeof(unsigned long long);
static_assert(kReadbackLargest + kHybridApartWords * sizeof(unsigned) <= kReadbackBytes,
              "the largest bucket and the buckets beyond a block come back together");

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

template <class U, class Vt>
bool hybrid_fits(sweep_gpu_handle *h, const sweep_kradix *key, size_t n) {
    if (!kHybridTypes<U, Vt> || n < 2 || n > OnesweepTuning<U, Vt>::max_portion ||
        key->end_bit - key->begin_bit <= 16)
        return false;
    /* beyond, the buckets of random keys would not fit the large block shape */
    if (n / kHybridBuckets > LocalLarge::capacity * 15 / 16) return false;
    return n >= hybrid_min(h, sizeof(U), !std::is_same<Vt, NoValue>::value) && readback_ready(h);
}

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
 *   equal keys as long as the bucket sort's direct comparisons take (kLocalCompareLimit)
 *   or longer, which it then ranks digit by digit. The values below h2 are bounded by
 *   the product of each digit's values present, which overcounts where digits go
 *   together (4 distinct 16-bit values show as up to 4 x 4), so runs at the bound are
 *   already too long: u32 pairs at 2^26 whose low 16 bits took 4 values (bound 16, runs
 *   of 256 in fact) sorted at 0.37 of CUB's speed on the H100 through the hybrid sort.
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
    return n / kHybridBuckets >= (size_t)kLocalCompareLimit * below;
}

/* The LSD sort of n keys (radix.cu). */
template <class U, class Vt> sweep_status onesweep_sized(const SortCall &c);

/* The buckets beyond a block (a pair (start, length) each), in place in the output:
 * each by the LSD sort of its range on the bits below h2, the digit that made the
 * buckets, through the call's scratch (the hybrid sort's steps before are queued, so
 * none of it is still read). The LSD sort is stable, and the keys of a bucket agree
 * on every bit from h2 up, so the bucket comes out in the call's order. The call for
 * the query, and whether the scratch holds the longest's, with fits (if not NULL). */
template <class U, class Vt>
sweep_status sort_apart(const SortCall &c, const SortMem &m, unsigned h2, const unsigned *pairs,
                        unsigned count, bool *fits) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    sweep_kradix below = *c.key;
    below.end_bit = c.key->begin_bit + 8 * h2;
    for (unsigned i = 0; i < count; ++i) {
        const size_t start = pairs[2 * i], len = pairs[2 * i + 1];
        size_t bytes = 0;
        SortCall s = c;
        s.key = &below;
        s.kin = (U *)c.kout + start;
        s.kout = (U *)c.kout + start;
        s.vin = VALUES ? (const void *)((Vt *)c.vout + start) : NULL;
        s.vout = VALUES ? (void *)((Vt *)c.vout + start) : NULL;
        s.n = len;
        s.no_hybrid = true;
        s.scratch_bytes = &bytes;
        if (fits) {
            s.scratch = NULL;
            sweep_status st = onesweep_sized<U, Vt>(s);
            if (st != SWEEP_OK) return st;
            *fits = *fits && bytes <= m.total;
            continue;
        }
        s.scratch = c.scratch;
        sweep_status st = onesweep_sized<U, Vt>(s);
        if (st != SWEEP_OK) return st;
    }
    return SWEEP_OK;
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
    SWEEP_GPU_TRY(h, sweep_gpu_memset_async(m.largest, 0, 3 * sizeof(unsigned), h->stream));
    SWEEP_GPU_LAUNCH(h, "radix_sort (bucket counts)", radix_bucket_histogram_kernel<U>,
                     (unsigned)((n + kBucketHistChunk - 1) / kBucketHistChunk), kBucketHistThreads,
                     0, (const U *)m.ktmp, n, spec_at(h1), spec_at(h2), m.buckets);
    SWEEP_GPU_LAUNCH(h, "radix_sort (bucket scan)", radix_bucket_scan_kernel, kRadixDigits,
                     kRadixDigits, 0, m.buckets, m.header->group_start, (unsigned)n, m.largest,
                     (unsigned)LocalLarge::capacity, m.apart);
    /* the largest bucket; those beyond a block (few: sorted apart after the local sort;
     * many, or too long for the scratch: the LSD sort from the grouped keys) */
    unsigned got[kHybridApartWords] = {0};
    unsigned largest = 0, apart = 0;
    bool apart_fits = true;
    auto fetch_largest = [&]() -> sweep_status {
        SWEEP_GPU_TRY(h, sweep_gpu_event_synchronize(h->readback_event));
        memcpy(got, (const unsigned char *)h->readback + kReadbackLargest, sizeof got);
        largest = got[0];
        apart = got[2];
        if (largest <= LocalLarge::capacity || apart > kHybridApartMax) return SWEEP_OK;
        return sort_apart<U, Vt>(c, m, h2, got + 3, apart, &apart_fits);
    };
    auto grouped_lsd = [&]() {
        return largest > LocalLarge::capacity && (apart > kHybridApartMax || !apart_fits);
    };
    if (na > 2) {
        st = readback_queue(h, kReadbackLargest, m.largest, sizeof got);
        if (st == SWEEP_OK && wait_first) st = fetch_largest();
        if (st != SWEEP_OK) return st;
        if (wait_first && grouped_lsd()) return lsd_from_grouped();
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
        if (grouped_lsd()) return lsd_from_grouped();
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
    st = local_sort<LocalLarge, U, Vt>(c, la);
    if (st != SWEEP_OK || largest <= LocalLarge::capacity) return st;
    return sort_apart<U, Vt>(c, m, h2, got + 3, apart, NULL);
}

} // namespace

#endif
