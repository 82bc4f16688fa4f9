/*
 * radix.cu -- the fused radix sort (Onesweep) for values of 0, 1, 2, 4, 8 or 16 bytes
 * at their natural alignment (others answer SWEEP_ERR_UNSUPPORTED and the core
 * composes from radix_basic.cu's kernels): the LSD sort in passes, the hybrid sort
 * (radix_hybrid_sort.cuh) where it serves, and the short sorts that go to merge.cu.
 */
#include "gpu/device/radix_onesweep.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/key_width.cuh"
#include "gpu/host/launch.cuh"
#include "gpu/host/radix_histogram.cuh"
#include "gpu/host/radix_hybrid_sort.cuh"
#include "gpu/host/radix_sort_call.cuh"

#include <stdio.h>
#include <string.h>

using namespace sweep_gpu;

namespace {

/* The most keys of key_size bytes, with values or not, that the merge sort takes
 * (the device tuning's, unless a test sets it); none of 1 or 2 bytes, which the LSD
 * sort takes in one or two passes. */
size_t merge_max(const sweep_gpu_handle *h, size_t key_size, bool values) {
    return key_size < 4    ? 0
           : key_size == 8 ? h->radix_merge_max8
           : values        ? h->radix_merge_max4
                           : h->radix_merge_max4_keys;
}

/* The sort in passes of shape Tn: the hybrid sort where it fits (the large shape
 * only), else the LSD sort. */
template <class U, class Vt, class Tn = OnesweepTuning<U, Vt>>
sweep_status onesweep_run(const SortCall &c) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    const sweep_kradix *key = c.key;
    const unsigned passes = (key->end_bit - key->begin_bit + 7) / 8;
    const size_t n = c.n;
    const bool hybrid = std::is_same<Tn, OnesweepTuning<U, Vt>>::value && !c.no_hybrid &&
                        hybrid_fits<U, Vt>(c.h, key, n);
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
    m.total = b_keys + b_vals + b_hist + b_base + b_plan + b_hybrid + b_status;
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
        m.apart = m.largest + 2;
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
    if (c.n <= kOnesweepSmallMax && (c.no_hybrid || !hybrid_fits<U, Vt>(c.h, c.key, c.n)))
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
    SortCall c = {h,          key, keys_in, keys_out,      vsize ? values_in : NULL,
                  values_out, n,   scratch, scratch_bytes, false};
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        return onesweep_values<decltype(u)>(c, vsize);
    });
}
