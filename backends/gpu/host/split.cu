/*
 * split.cu -- split and compaction: the basic kernels (flag_count,
 * flag_scatter) for any element size, and the fused split and compaction (a count
 * pass, then the tiles) for elements and values of 1, 2, 4, 8 or 16 bytes at their
 * natural alignment (others answer SWEEP_ERR_UNSUPPORTED and the core composes them).
 */
#include "gpu/device/split_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"
#if SWEEP_GPU_GRID_SYNC
#include "gpu/device/split_resident.cuh"
#endif

#include <stdio.h>

using namespace sweep_gpu;

sweep_status sweep_gpu_flag_count(void *hv, const uint8_t *flags, size_t n, size_t tile,
                                  size_t *counts) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    const size_t ntiles = (n + tile - 1) / tile;
    SWEEP_GPU_LAUNCH(h, "flag_count", flag_count_kernel, (unsigned)ntiles, kSplitThreads, 0, flags,
                     n, tile, counts);
    return SWEEP_OK;
}

sweep_status sweep_gpu_flag_scatter(void *hv, const uint8_t *flags, const void *in, void *out,
                                    size_t elem_size, const void *values_in, void *values_out,
                                    size_t vsize, size_t n, size_t tile, const size_t *before,
                                    const size_t *total, int keep_unflagged) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    ScatterArgs a;
    a.flags = flags;
    a.in = in;
    a.out = out;
    a.elem_size = elem_size;
    a.values_in = values_in;
    a.values_out = values_out;
    a.vsize = vsize;
    a.n = n;
    a.tile = tile;
    a.before = before;
    a.total = total;
    a.keep_unflagged = keep_unflagged;
    a.elem_unit = copy_unit(in, out, elem_size);
    a.value_unit = vsize ? copy_unit(values_in, values_out, vsize) : 1;
    const size_t ntiles = (n + tile - 1) / tile;
    SWEEP_GPU_LAUNCH(h, "flag_scatter", flag_scatter_kernel, (unsigned)ntiles, kSplitThreads, 0, a);
    return SWEEP_OK;
}

namespace {

struct SplitCall {
    sweep_gpu_handle *h;
    const uint8_t *flags;
    const void *in;
    void *out;
    const void *vin;
    void *vout;
    size_t n;
    size_t *num_flagged;
    int keep_unflagged;
    void *scratch;
    size_t *scratch_bytes;
};

#if SWEEP_GPU_GRID_SYNC
/* Whether the one-kernel split (split_resident.cuh) takes this call: no values,
 * fewer than split_resident_bytes bytes of elements (where it was faster than the
 * three kernels on the H100), a device with cooperative launches. */
template <class E, class Vt> bool resident_fits(const SplitCall &c) {
    const sweep_gpu_handle *h = c.h;
    return std::is_same<Vt, NoValue>::value && c.n > 0 &&
           c.n < h->split_resident_bytes / sizeof(E) && h->cooperative_launch;
}
/* Its scratch: a word per block. */
template <class E> size_t resident_scratch(const sweep_gpu_handle *h) {
    return round256((size_t)h->sm_count * ResidentTuning<E>::blocks_per_sm *
                    sizeof(unsigned long long));
}

/* The one-kernel split: blocks_per_sm blocks an SM (or as many as fit), each keeping
 * as many tiles' bitmaps as its shared memory holds. *ran stays false where the flags
 * or the input are not 16-byte aligned or the grid cannot be resident at once; the
 * caller then takes the three kernels. */
template <class E> sweep_status split_resident(const SplitCall &c, bool *ran) {
    typedef ResidentTuning<E> Sh;
    sweep_gpu_handle *h = c.h;
    *ran = false;
    if (((uintptr_t)c.flags & 15) || ((uintptr_t)c.in & 15)) return SWEEP_OK;
    auto kernel = split_resident_kernel<E>;
    size_t static_smem = 0;
    SWEEP_GPU_TRY(h, sweep_gpu_kernel_static_smem((const void *)kernel, &static_smem));
    size_t grid = (size_t)h->sm_count * Sh::blocks_per_sm;
    if (h->split_resident_blocks && grid > h->split_resident_blocks)
        grid = h->split_resident_blocks;
    const size_t ntiles = (c.n + Sh::tile - 1) / Sh::tile;
    const size_t most = (ntiles + grid - 1) / grid; /* a block's tiles, at most */
    /* a block reserves 1 KB of the SM's shared memory besides its own */
    const size_t per_sm = h->smem_per_sm / Sh::blocks_per_sm;
    size_t room = per_sm > 1024 ? per_sm - 1024 : 0;
    if (room > h->smem_per_block) room = h->smem_per_block;
    room = room > static_smem ? room - static_smem : 0;
    constexpr size_t tile_bits = Sh::tile_words * sizeof(unsigned short);
    size_t stored = room / tile_bits;
    /* the kernel's limit is the device's room, the same for every call, so that
     * contexts in other threads cannot lower it under this launch */
    SWEEP_GPU_TRY(
        h, sweep_gpu_kernel_max_dynamic_smem((const void *)kernel, (int)(stored * tile_bits)));
    if (stored > most) stored = most;
    if (h->split_resident_tiles && stored > h->split_resident_tiles)
        stored = h->split_resident_tiles;
    const size_t smem = stored * tile_bits;
    int fit = 0;
    SWEEP_GPU_TRY(h, sweep_gpu_occupancy(&fit, (const void *)kernel, Sh::threads, smem));
    if ((size_t)fit * h->sm_count < grid) return SWEEP_OK;
    ResidentArgs<E> a;
    a.flags = c.flags;
    a.in = (const E *)c.in;
    a.out = (E *)c.out;
    a.n = c.n;
    a.num_flagged = c.num_flagged;
    a.run_flags = (unsigned long long *)c.scratch;
    a.stored_tiles = (unsigned)stored;
    a.keep_unflagged = c.keep_unflagged;
    int too_large = 0;
    const sweep_gpu_error err =
        sweep_gpu_cooperative(h->stream, (unsigned)grid, Sh::threads, smem, &too_large, kernel, a);
    if (err != 0) return sweep_gpu_fail(h, err, "split (resident)");
    if (too_large) return SWEEP_OK; /* the three kernels run instead */
    *ran = true;
    return SWEEP_OK;
}
#endif

template <class E, class Vt> sweep_status split_run(const SplitCall &c) {
    typedef SplitTuning<E, Vt> Tn;
    constexpr int TILE = Tn::tile;
    const size_t ntiles = (c.n + TILE - 1) / TILE;
    /* each tile's count within its count block, each count block's, then the total */
    const unsigned per_warp = split_count_per_warp(TILE, kCountBlockFlags);
    const size_t count_tiles = (size_t)kCountWarps * per_warp;
    const size_t nblocks = (ntiles + count_tiles - 1) / count_tiles;
    const size_t before_bytes = round256(ntiles * sizeof(unsigned long long));
    const size_t sums_bytes = round256(nblocks * sizeof(unsigned long long));
    if (!c.scratch) {
        *c.scratch_bytes = before_bytes + sums_bytes + 256;
#if SWEEP_GPU_GRID_SYNC
        if (resident_fits<E, Vt>(c) && resident_scratch<E>(c.h) > *c.scratch_bytes)
            *c.scratch_bytes = resident_scratch<E>(c.h);
#endif
        return SWEEP_OK;
    }
    sweep_gpu_handle *h = c.h;
#if SWEEP_GPU_GRID_SYNC
    if (resident_fits<E, Vt>(c)) {
        bool ran = false;
        const sweep_status st = split_resident<E>(c, &ran);
        if (st != SWEEP_OK || ran) return st;
    }
#endif
    if (ntiles > 0x7fffffffull) /* one block per tile */
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "split: too many tiles");
    unsigned char *p = (unsigned char *)c.scratch;
    unsigned long long *before = (unsigned long long *)p;
    unsigned long long *sums = (unsigned long long *)(p + before_bytes);
    unsigned long long *total = (unsigned long long *)(p + before_bytes + sums_bytes);
    SplitArgs<E, Vt> a;
    a.flags = c.flags;
    a.in = (const E *)c.in;
    a.out = (E *)c.out;
    a.vin = (const Vt *)c.vin;
    a.vout = (Vt *)c.vout;
    a.n = c.n;
    a.num_flagged = c.num_flagged;
    a.total = total;
    a.before = before;
    a.sums = sums;
    a.count_tiles = count_tiles;
    a.keep_unflagged = c.keep_unflagged;
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    auto kernel = split_tiles_kernel<E, Vt, VALUES>;
    SWEEP_GPU_LAUNCH(h, "split (count)", split_count_kernel, (unsigned)nblocks, kCountWarps * kWarp,
                     0, c.flags, c.n, TILE, per_warp, before, sums);
    if (h->dependent_launch) {
        /* each kernel starts while the one before finishes (util/grid_dependency.cuh) */
        SWEEP_GPU_TRY(h, sweep_gpu_dependent(h->stream, 1, kSumsThreads, split_sums_kernel, sums,
                                             nblocks, total));
        SWEEP_GPU_TRY(h, sweep_gpu_dependent(h->stream, (unsigned)ntiles, Tn::threads, kernel, a));
        return SWEEP_OK;
    }
    SWEEP_GPU_LAUNCH(h, "split (sums)", split_sums_kernel, 1, kSumsThreads, 0, sums, nblocks,
                     total);
    SWEEP_GPU_LAUNCH(h, "split (tiles)", kernel, (unsigned)ntiles, Tn::threads, 0, a);
    return SWEEP_OK;
}

/* Values travel with splits only (compaction has none: sweep_compact). */
template <class E> sweep_status split_values(const SplitCall &c, size_t vsize) {
    if (!c.keep_unflagged) return vsize ? SWEEP_ERR_UNSUPPORTED : split_run<E, NoValue>(c);
    switch (vsize) {
    case 0: return split_run<E, NoValue>(c);
    case 1: return split_run<E, uint8_t>(c);
    case 2: return split_run<E, uint16_t>(c);
    case 4: return split_run<E, uint32_t>(c);
    case 8: return split_run<E, unsigned long long>(c);
    case 16: return split_run<E, Value16>(c);
    default: return SWEEP_ERR_UNSUPPORTED;
    }
}

bool natural(const void *p, size_t size) {
    return ((uintptr_t)p & (size - 1)) == 0;
}
bool fused_size(size_t s) {
    return s == 1 || s == 2 || s == 4 || s == 8 || s == 16;
}

} // namespace

sweep_status sweep_gpu_split(void *hv, const uint8_t *flags, const void *in, void *out,
                             size_t elem_size, const void *values_in, void *values_out,
                             size_t vsize, size_t n, size_t *num_flagged, int keep_unflagged,
                             void *scratch, size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (!fused_size(elem_size) || !natural(in, elem_size) || !natural(out, elem_size) ||
        (vsize &&
         (!fused_size(vsize) || !natural(values_in, vsize) || !natural(values_out, vsize))))
        return SWEEP_ERR_UNSUPPORTED; /* the core composes it from the basic kernels */
    SWEEP_GPU_ENTER(h);
    SplitCall c = {
        h,           flags,          in,      out,          vsize ? values_in : NULL, values_out, n,
        num_flagged, keep_unflagged, scratch, scratch_bytes};
    switch (elem_size) {
    case 1: return split_values<uint8_t>(c, vsize);
    case 2: return split_values<uint16_t>(c, vsize);
    case 4: return split_values<uint32_t>(c, vsize);
    case 8: return split_values<unsigned long long>(c, vsize);
    default: return split_values<Value16>(c, vsize);
    }
}
