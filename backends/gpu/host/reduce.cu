/*
 * reduce.cu -- the fused ordered reduction: the built-in operators in one launch
 * (device/reduce_kernels.cuh), custom operators through their run-time compiled tile
 * kernels (host/rtc_scan.cu).
 */
#include "gpu/device/reduce_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"
#include "gpu/host/launch_tag.h"
#include "gpu/rtc/rtc.h"
#include "gpu/tuning/tuning.cuh"

#include <stdint.h>

using namespace sweep_gpu;

namespace {

/* How a reduce of n elements of `size` bytes from `in` spreads over the grid. */
struct ReducePlan {
    size_t head, nvec, chunk;
    unsigned blocks;
    size_t partials_bytes, scratch_bytes;
};

ReducePlan reduce_plan(const sweep_gpu_handle *h, const void *in, size_t n, size_t size) {
    typedef ReduceTuning Sh;
    ReducePlan p;
    const size_t vec = 16 / size;
    const size_t mis = (size_t)((uintptr_t)in % 16);
    p.head = mis == 0 ? 0 : (16 - mis) / size;
    if (p.head > n) p.head = n;
    p.nvec = (n - p.head) / vec;
    /* blocks: one per granule of vectors, at most the tuning's (and what the SMs hold
     * at once) and the test cap; one alone for small inputs */
    size_t per_sm = h->tuning->reduce_fused_blocks_per_sm;
    const size_t fit = h->max_threads_per_sm > 0 ? (size_t)h->max_threads_per_sm / Sh::threads : 1;
    if (per_sm > fit) per_sm = fit;
    if (per_sm == 0) per_sm = 1;
    size_t cap = (size_t)(h->sm_count > 0 ? h->sm_count : 1) * per_sm;
    if (h->grid_cap > 0 && cap > (size_t)h->grid_cap) cap = (size_t)h->grid_cap;
    if (cap > (size_t)kArrivalMask) cap = (size_t)kArrivalMask;
    const size_t granules = (p.nvec + Sh::granule - 1) / Sh::granule;
    size_t b = granules < cap ? granules : cap;
    if (b == 0 || n * size <= h->tuning->reduce_one_block_bytes) b = 1;
    size_t c = (granules + b - 1) / b;
    p.chunk = (c > 0 ? c : 1) * (size_t)Sh::granule;
    b = (p.nvec + p.chunk - 1) / p.chunk;
    p.blocks = (unsigned)(b > 0 ? b : 1);
    /* partials, then the 8-byte count of blocks done */
    p.partials_bytes = ((size_t)p.blocks * size + 7) / 8 * 8;
    p.scratch_bytes = p.blocks > 1 ? p.partials_bytes + 8 : 0;
    return p;
}

} // namespace

sweep_status sweep_gpu_reduce(void *hv, const sweep_kop *op, const void *in, size_t n, void *out,
                              void *scratch, size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (op->kind == SWEEP_OP_CUSTOM)
        return sweep_gpu_rtc_reduce(h, op, in, n, out, scratch, scratch_bytes);
    SWEEP_GPU_ENTER(h);
    /* Elements not aligned to their size (outside the contract) go to the generic path. */
    if ((uintptr_t)in % op->size != 0 || 16 % op->size != 0) return SWEEP_ERR_UNSUPPORTED;
    if (n == 0) {
        if (!scratch) *scratch_bytes = 0;
        return SWEEP_OK;
    }
    return dispatch_op(op, [&](auto tag) -> sweep_status {
        typedef typename decltype(tag)::T T;
        typedef typename decltype(tag)::Op Op;
        const ReducePlan p = reduce_plan(h, in, n, sizeof(T));
        if (!scratch) {
            *scratch_bytes = p.scratch_bytes;
            return SWEEP_OK;
        }
        ReduceArgs<T> a;
        memset(&a, 0, sizeof a);
        a.in = (const T *)in;
        a.n = n;
        a.head = p.head;
        a.nvec = p.nvec;
        a.chunk = p.chunk;
        a.blocks = p.blocks;
        a.out = (T *)out;
        a.identity = identity_of<T>(op);
        if (p.blocks > 1) {
            a.partials = (T *)scratch;
            a.arrivals = (unsigned long long *)((unsigned char *)scratch + p.partials_bytes);
            a.tag = sweep_gpu_tile_tag() << (kArrivalBits - 2);
            if (a.tag == 0) a.tag = 1ull << kArrivalBits;
        }
        SWEEP_GPU_LAUNCH(h, "reduce", reduce_kernel<T, Op, ReduceTuning>, p.blocks,
                         ReduceTuning::threads, 0, a);
        return SWEEP_OK;
    });
}
