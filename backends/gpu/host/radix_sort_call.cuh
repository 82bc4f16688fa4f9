/*
 * radix_sort_call.cuh -- what the fused radix sort's steps share (radix.cu, and the
 * hybrid sort of radix_hybrid_sort.cuh): the call, its scratch as carved, and one
 * Onesweep launch. For radix.cu alone: its helpers live in an unnamed namespace.
 */
#ifndef SWEEP_GPU_HOST_RADIX_SORT_CALL_CUH
#define SWEEP_GPU_HOST_RADIX_SORT_CALL_CUH

#include "gpu/device/radix_hybrid.cuh"
#include "gpu/device/radix_onesweep.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"

using namespace sweep_gpu;

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
    bool no_hybrid; /* the LSD sort whatever n (the hybrid sort's buckets sorted apart) */
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

/* The sort's scratch, carved. */
struct SortMem {
    void *ktmp, *vtmp;
    unsigned long long *hist, *base; /* base: per pass, (nportions + 1) x 256 */
    SortPlan *plan;
    unsigned *counter;
    unsigned long long *status;
    size_t ring;
    HybridHeader *header; /* the hybrid sort's */
    unsigned *largest, *long_count, *apart, *buckets, *long_list;
    size_t total; /* bytes of the whole scratch, as carved */
};

} // namespace

#endif
