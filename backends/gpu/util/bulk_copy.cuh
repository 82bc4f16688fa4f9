/*
 * bulk_copy.cuh -- whole tiles between global and shared memory through the bulk-copy
 * engine (cp.async.bulk, sm_90 and later): one thread starts a copy of any multiple
 * of 16 bytes at 16-byte aligned addresses, and the block waits on a shared-memory
 * barrier that counts the bytes in. No registers hold the data in flight, so a block
 * keeps a whole tile loading however many registers its compute needs.
 *
 * SWEEP_GPU_BULK_COPY is 1 where the engine exists (CUDA device code for sm_90+),
 * else 0; callers then take their per-thread path. The functions here exist only
 * where it is 1.
 */
#ifndef SWEEP_GPU_BULK_COPY_CUH
#define SWEEP_GPU_BULK_COPY_CUH

#include "gpu/util/compat.cuh"

#if !defined(__HIPCC__) && !defined(__HIPCC_RTC__) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define SWEEP_GPU_BULK_COPY 1
#else
#define SWEEP_GPU_BULK_COPY 0
#endif

namespace sweep_gpu {

/* Tiles of tile_bytes in ahead_bytes, rounded up: how many tiles ahead of its own a
 * block asks L2 for input (prefetch_tile_ahead) to be ahead_bytes ahead (the tuning's
 * prefetch_bytes, tuning/sm90.cuh). */
SWEEP_GPU_INLINE __host__ constexpr int tiles_ahead(size_t tile_bytes, size_t ahead_bytes) {
    return (int)((ahead_bytes + tile_bytes - 1) / tile_bytes);
}

#if SWEEP_GPU_BULK_COPY
SWEEP_GPU_INLINE unsigned smem_addr(const void *p) {
    return (unsigned)__cvta_generic_to_shared(p);
}

/* One thread: the barrier expects one arrival (this thread's, with the bytes). */
SWEEP_GPU_INLINE void bulk_barrier_init(unsigned long long *bar) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(bar)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

/* The thread that initialised the barrier (or any, after a block barrier): copy
 * `bytes` from global src to shared dst; the barrier's current phase completes when
 * they have all arrived. */
SWEEP_GPU_INLINE void bulk_load(void *dst, const void *src, unsigned bytes,
                                unsigned long long *bar) {
    const unsigned b = smem_addr(bar);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(bytes)
                 : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], "
                 "%2, [%3];" ::"r"(smem_addr(dst)),
                 "l"(src), "r"(bytes), "r"(b)
                 : "memory");
}

/* Any thread: asks for `bytes` at global src to be brought into L2, without waiting. */
SWEEP_GPU_INLINE void bulk_prefetch_l2(const void *src, unsigned bytes) {
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(src), "r"(bytes) : "memory");
}

/* Every thread that reads the loaded bytes (a barrier serves one load: its phase 0). */
SWEEP_GPU_INLINE void bulk_wait(unsigned long long *bar) {
    const unsigned b = smem_addr(bar);
    unsigned done = 0;
    do {
        asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; "
                     "selp.u32 %0, 1, 0, p; }"
                     : "=r"(done)
                     : "r"(b), "r"(0u)
                     : "memory");
    } while (!done);
}

/* Every thread that wrote shared memory with ordinary stores the engine will read,
 * before the block barrier that precedes bulk_store_start. */
SWEEP_GPU_INLINE void bulk_fence_shared() {
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

/* One thread: starts copying `bytes` from shared src to global dst. */
SWEEP_GPU_INLINE void bulk_store_start(void *dst, const void *src, unsigned bytes) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst),
                 "r"(smem_addr(src)), "r"(bytes)
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}

/* The thread that started stores: waits until the engine has read their sources
 * (the block's shared memory must outlive that read; the writes complete with the
 * grid). */
SWEEP_GPU_INLINE void bulk_wait_stores_read() {
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}
#endif

/* Any thread: asks L2 for `bytes` at p where the engine can (p and bytes whole
 * 16-byte units, a device with the engine); otherwise nothing. A hint only: it
 * changes no result. */
SWEEP_GPU_INLINE void prefetch_l2_aligned(const void *p, size_t bytes) {
#if SWEEP_GPU_BULK_COPY
    if (((uintptr_t)p & 15) == 0 && bytes % 16 == 0) bulk_prefetch_l2(p, (unsigned)bytes);
#else
    (void)p;
    (void)bytes;
#endif
}

/* How many tiles ahead a kernel of tile shape Tn asks L2 for input (a member
 * `prefetch`; none: 0). */
template <class Tn, class = void> struct PrefetchTiles { static constexpr int value = 0; };
template <class Tn> struct PrefetchTiles<Tn, decltype((void)Tn::prefetch)> {
    static constexpr int value = Tn::prefetch;
};

/* One thread of tile `tile`: asks L2 for tile + PF of an array of n elements of
 * elem_bytes bytes, TILE a tile, if that tile is whole (and aligned, above). */
template <int PF, int TILE>
SWEEP_GPU_INLINE void prefetch_tile_ahead(const void *base, size_t elem_bytes, size_t tile,
                                          size_t n) {
    if (PF > 0 && (tile + PF + 1) * (size_t)TILE <= n)
        prefetch_l2_aligned((const unsigned char *)base + (tile + PF) * (size_t)TILE * elem_bytes,
                            (size_t)TILE * elem_bytes);
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_BULK_COPY_CUH */
