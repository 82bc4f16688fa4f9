/*
 * cuda_radix.cu -- radix sort: the basic kernels (histogram of all passes, per-tile
 * digit counts, stable per-tile scatter) for keys of every dtype and values of any
 * size, and the fused Onesweep sort for values of 0, 1, 2, 4, 8 or 16 bytes at their
 * natural alignment (others answer SWEEP_ERR_UNSUPPORTED and the core composes).
 */
#include "cuda_backend.h"
#include "gpu/radix_kernels.cuh"
#include "gpu/radix_onesweep.cuh"

#include <stdio.h>

using namespace sweep_gpu;

static DigitSpec spec_of(const sweep_kradix *key, unsigned shift, unsigned nbits) {
    DigitSpec s;
    s.kind = key_kind_of(key->dtype);
    s.descending = key->descending;
    s.shift = shift;
    s.nbits = nbits;
    return s;
}

/* Calls f((U)0) with U the unsigned type of the key's width. */
template <class F> static sweep_status by_key_width(size_t key_size, F &&f) {
    switch (key_size) {
    case 1: return f((uint8_t)0);
    case 2: return f((uint16_t)0);
    case 4: return f((uint32_t)0);
    case 8: return f((unsigned long long)0);
    default: return SWEEP_ERR_UNSUPPORTED;
    }
}

/* The histogram of all passes: as many copies of the counters (a power of two, at
 * most 32) as a block's shared memory holds, blocks of 1024 threads, as many to an SM
 * as fit. */
template <class U>
static sweep_status launch_histogram(sweep_cuda *h, const U *keys, size_t n,
                                     const sweep_kradix *key, unsigned passes,
                                     unsigned long long *hist) {
    unsigned copies = kRadixHistBanks;
    while (copies > 1 && radix_histogram_smem(passes, copies) > h->smem_per_block)
        copies /= 2;
    const size_t smem = radix_histogram_smem(passes, copies);
    if (smem > 48 * 1024)
        SWEEP_CUDA_TRY(h, cudaFuncSetAttribute(radix_histogram_kernel<U>,
                                               cudaFuncAttributeMaxDynamicSharedMemorySize,
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
    radix_histogram_kernel<U><<<(unsigned)grid, kRadixHistBankedThreads, smem, h->stream>>>(
        keys, n, spec_of(key, 0, 8), key->begin_bit, key->end_bit, passes, copies, hist);
    SWEEP_CUDA_LAUNCHED(h, "radix_histogram");
    return SWEEP_OK;
}

sweep_status sweep_cuda_radix_histogram(void *hv, const sweep_kradix *key, const void *keys,
                                        size_t n, size_t *hist) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    const unsigned passes = (key->end_bit - key->begin_bit + 7) / 8;
    SWEEP_CUDA_TRY(h, cudaMemsetAsync(hist, 0, passes * kRadixDigits * sizeof(size_t), h->stream));
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        return launch_histogram<U>(h, (const U *)keys, n, key, passes, (unsigned long long *)hist);
    });
}

sweep_status sweep_cuda_radix_tile_histogram(void *hv, const sweep_kradix *key, const void *keys,
                                             size_t n, size_t tile, unsigned shift, unsigned nbits,
                                             size_t *hist) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    const size_t ntiles = (n + tile - 1) / tile;
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        radix_tile_histogram_kernel<U><<<(unsigned)ntiles, kRadixHistThreads, 0, h->stream>>>(
            (const U *)keys, n, tile, spec_of(key, shift, nbits), (unsigned long long *)hist);
        SWEEP_CUDA_LAUNCHED(h, "radix_tile_histogram");
        return SWEEP_OK;
    });
}

sweep_status sweep_cuda_radix_scatter(void *hv, const sweep_kradix *key, const void *keys_in,
                                      void *keys_out, const void *values_in, void *values_out,
                                      size_t vsize, size_t n, size_t tile, unsigned shift,
                                      unsigned nbits, const size_t *offsets) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    const size_t ntiles = (n + tile - 1) / tile;
    const unsigned vunit = vsize ? copy_unit(values_in, values_out, vsize) : 1;
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        radix_scatter_kernel<U><<<(unsigned)ntiles, kScatterThreads, 0, h->stream>>>(
            (const U *)keys_in, (U *)keys_out, values_in, values_out, vsize, vunit, n, tile,
            spec_of(key, shift, nbits), (const unsigned long long *)offsets);
        SWEEP_CUDA_LAUNCHED(h, "radix_scatter");
        return SWEEP_OK;
    });
}

namespace {

struct SortCall {
    sweep_cuda *h;
    const sweep_kradix *key;
    const void *kin;
    void *kout;
    const void *vin;
    void *vout;
    size_t n;
    void *scratch;
    size_t *scratch_bytes;
};

/* Ring slots of tile status words for inputs of in_bytes: a power of two within 1%
 * of the input's bytes, never below kMinRingTiles (radix_onesweep.cuh). */
size_t ring_tiles(size_t in_bytes) {
    const size_t fit = in_bytes / 100 / (kRadixDigits * sizeof(unsigned long long));
    size_t r = kMinRingTiles;
    while (r * 2 <= fit)
        r *= 2;
    return r;
}

template <class U, class Vt> sweep_status onesweep_run(const SortCall &c) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    typedef OnesweepTuning<U, Vt> Tn;
    const sweep_kradix *key = c.key;
    const unsigned passes = (key->end_bit - key->begin_bit + 7) / 8;
    const size_t n = c.n;
    /* One launch a pass for up to Tn::max_portion keys (2^30 less a tile), its tile
     * status words (2 KB a tile) in a ring of `ring` slots: within 1% of the input's
     * bytes once the input spans more than kMinRingTiles tiles. Longer inputs go
     * through in portions, a launch each. */
    const size_t in_bytes = n * (sizeof(U) + (VALUES ? sizeof(Vt) : 0));
    const size_t portion = Tn::max_portion;
    const size_t nportions = n ? (n + portion - 1) / portion : 0;
    const size_t ptiles = ((n < portion ? n : portion) + Tn::tile - 1) / Tn::tile;
    const size_t ring = ring_tiles(in_bytes);
    const size_t slots = ptiles < ring ? ptiles : ring;
    /* scratch: keys (and values) buffer, counts, offsets, plan, tile states */
    const size_t b_keys = round256(n * sizeof(U));
    const size_t b_vals = VALUES ? round256(n * sizeof(Vt)) : 0;
    const size_t b_hist = round256(passes * kRadixDigits * sizeof(unsigned long long));
    const size_t b_base =
        round256(passes * (nportions + 1) * kRadixDigits * sizeof(unsigned long long));
    const size_t b_plan = round256(sizeof(SortPlan));
    const size_t b_status = 256 + round256(slots * kRadixDigits * sizeof(unsigned long long));
    if (!c.scratch) {
        *c.scratch_bytes = b_keys + b_vals + b_hist + b_base + b_plan + b_status;
        return SWEEP_OK;
    }
    sweep_cuda *h = c.h;
    unsigned char *p = (unsigned char *)c.scratch;
    void *ktmp = p;
    p += b_keys;
    void *vtmp = VALUES ? (void *)p : NULL;
    p += b_vals;
    unsigned long long *hist = (unsigned long long *)p;
    p += b_hist;
    unsigned long long *base = (unsigned long long *)p;
    p += b_base;
    SortPlan *plan = (SortPlan *)p;
    p += b_plan;
    unsigned *counter = (unsigned *)p;
    unsigned long long *status = (unsigned long long *)(p + 256);

    SWEEP_CUDA_TRY(h, cudaMemsetAsync(hist, 0, b_hist, h->stream));
    const sweep_status hs = launch_histogram<U>(h, (const U *)c.kin, n, key, passes, hist);
    if (hs != SWEEP_OK) return hs;
    radix_plan_kernel<<<1, kRadixMaxPasses * 32, 0, h->stream>>>(
        hist, n, passes, nportions, c.kin, c.kout, ktmp, c.vin, c.vout, vtmp, base, plan);
    SWEEP_CUDA_LAUNCHED(h, "radix_sort (plan)");
    for (unsigned pass = 0; pass < passes; ++pass) {
        const unsigned shift = key->begin_bit + 8 * pass;
        const unsigned nbits = key->end_bit - shift < 8 ? key->end_bit - shift : 8;
        unsigned long long *pbase = base + (size_t)pass * (nportions + 1) * kRadixDigits;
        for (size_t k = 0; k < nportions; ++k) {
            OnesweepArgs a;
            a.plan = plan;
            a.pass = pass;
            a.n = n;
            a.portion_start = k * portion;
            a.portion_len = n - a.portion_start < portion ? n - a.portion_start : portion;
            a.spec = spec_of(key, shift, nbits);
            a.base_in = pbase + k * kRadixDigits;
            a.base_out = pbase + (k + 1) * kRadixDigits;
            a.status = status;
            a.ring_mask = ring - 1;
            a.counter = counter;
            a.stall_mod = h->stall_mod;
            a.spin_limit = h->spin_limit;
            const size_t tiles = (a.portion_len + Tn::tile - 1) / Tn::tile;
            const size_t used = tiles < ring ? tiles : ring;
            SWEEP_CUDA_TRY(h,
                           cudaMemsetAsync(counter, 0,
                                           256 + used * kRadixDigits * sizeof(unsigned long long),
                                           h->stream));
            radix_onesweep_kernel<U, Vt, VALUES><<<(unsigned)tiles, Tn::threads, 0, h->stream>>>(a);
            SWEEP_CUDA_LAUNCHED(h, "radix_sort (onesweep pass)");
        }
    }
    radix_copy_kernel<U, Vt, VALUES><<<sweep_cuda_grid(h, n, 256), 256, 0, h->stream>>>(plan, n);
    SWEEP_CUDA_LAUNCHED(h, "radix_sort (final copy)");
    return SWEEP_OK;
}

template <class U> sweep_status onesweep_values(const SortCall &c, size_t vsize) {
    switch (vsize) {
    case 0: return onesweep_run<U, NoValue>(c);
    case 1: return onesweep_run<U, uint8_t>(c);
    case 2: return onesweep_run<U, uint16_t>(c);
    case 4: return onesweep_run<U, uint32_t>(c);
    case 8: return onesweep_run<U, unsigned long long>(c);
    case 16: return onesweep_run<U, Value16>(c);
    default: return SWEEP_ERR_UNSUPPORTED;
    }
}

bool natural(const void *p, size_t size) {
    return ((uintptr_t)p & (size - 1)) == 0;
}

} // namespace

sweep_status sweep_cuda_radix_sort(void *hv, const sweep_kradix *key, const void *keys_in,
                                   void *keys_out, const void *values_in, void *values_out,
                                   size_t vsize, size_t n, void *scratch, size_t *scratch_bytes) {
    sweep_cuda *h = (sweep_cuda *)hv;
    if (vsize && (!natural(values_in, vsize) || !natural(values_out, vsize)))
        return SWEEP_ERR_UNSUPPORTED; /* the core composes it from the basic kernels */
    SWEEP_CUDA_ENTER(h);
    SortCall c = {h,          key, keys_in, keys_out,     vsize ? values_in : NULL,
                  values_out, n,   scratch, scratch_bytes};
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        return onesweep_values<decltype(u)>(c, vsize);
    });
}
