/*
 * reduce.cu -- the fused reduce of the built-in operators (device/reduce_kernels.cuh):
 * a grid of contiguous chunks, then one block over their partials; inputs of at most
 * the tuning's reduce_one_block_bytes in one launch of one block. Custom operators
 * take the run-time compiled reduction (rtc_scan.cu).
 */
#include "gpu/device/reduce_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"
#include "gpu/rtc/rtc.h"

using namespace sweep_gpu;

namespace {

/* How n elements of `size` bytes are folded: `blocks` chunks of `chunk` elements
 * (whole block steps of 16-byte vectors), one partial each; blocks == 1 writes the
 * result directly. Depends on n alone, so the size query and the run agree. */
struct ReducePlan {
    size_t blocks, chunk;
};

/* n rounded up to whole block steps (every lane's rows of 16-byte vectors). */
size_t whole_steps(size_t n, size_t size) {
    const size_t step = (size_t)kReduceThreads * kReduceRows * (16 / size);
    return (n + step - 1) / step * step;
}

ReducePlan reduce_plan(const sweep_gpu_handle *h, size_t n, size_t size) {
    const size_t step = (size_t)kReduceThreads * kReduceRows * (16 / size);
    ReducePlan p;
    size_t b = (n + step - 1) / step;
    const size_t cap = (size_t)h->sm_count * h->tuning->reduce_blocks_per_sm;
    if (n * size <= h->tuning->reduce_one_block_bytes || b < 1) b = 1;
    if (b > cap) b = cap;
    const size_t c = whole_steps((n + b - 1) / b, size);
    p.blocks = (n + c - 1) / c;
    p.chunk = c;
    return p;
}

/* One launch of the kernel; `dependent`: a dependent launch where the device has them. */
template <class T, class Op>
sweep_status reduce_launch(sweep_gpu_handle *h, const char *what, const T *in, size_t n,
                           size_t blocks, size_t chunk, T *partials, T identity, bool dependent) {
    ReduceArgs<T> a;
    a.in = in;
    a.n = n;
    a.chunk = chunk;
    a.partials = partials;
    a.identity = identity;
    constexpr int kVec = 16 / (int)sizeof(T);
    if (dependent && h->dependent_launch) {
        /* `in` is the partials: scratch, 16-byte aligned */
        SWEEP_GPU_TRY(h, sweep_gpu_dependent(h->stream, (unsigned)blocks, kReduceThreads,
                                             reduce_chunks_kernel<T, Op, kVec>, a));
        return SWEEP_OK;
    }
    if (((uintptr_t)in & 15) == 0)
        SWEEP_GPU_LAUNCH(h, what, (reduce_chunks_kernel<T, Op, kVec>), (unsigned)blocks,
                         kReduceThreads, 0, a);
    else
        SWEEP_GPU_LAUNCH(h, what, (reduce_chunks_kernel<T, Op, 1>), (unsigned)blocks,
                         kReduceThreads, 0, a);
    return SWEEP_OK;
}

} // namespace

sweep_status sweep_gpu_reduce(void *hv, const sweep_kop *op, const void *in, size_t n, void *out,
                              void *scratch, size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (op->kind == SWEEP_OP_CUSTOM)
        return sweep_gpu_rtc_reduce(h, op, in, n, out, scratch, scratch_bytes);
    SWEEP_GPU_ENTER(h);
    const ReducePlan p = reduce_plan(h, n, op->size);
    if (!scratch) {
        *scratch_bytes = p.blocks > 1 ? p.blocks * op->size : 0;
        return SWEEP_OK;
    }
    return dispatch_op(op, [&](auto tag) -> sweep_status {
        typedef typename decltype(tag)::T T;
        typedef typename decltype(tag)::Op Op;
        /* The kernel turns the identity into its padding (RightNeutral is device code:
         * called here, on the host, nvcc's stand-in for it ends the process). */
        const T identity = identity_of<T>(op);
        if (p.blocks == 1)
            return reduce_launch<T, Op>(h, "reduce (one block)", (const T *)in, n, 1, p.chunk,
                                        (T *)out, identity, false);
        sweep_status st = reduce_launch<T, Op>(h, "reduce (chunks)", (const T *)in, n, p.blocks,
                                               p.chunk, (T *)scratch, identity, false);
        if (st != SWEEP_OK) return st;
        /* one block over the partials, whatever their number */
        return reduce_launch<T, Op>(h, "reduce (partials)", (const T *)scratch, p.blocks, 1,
                                    whole_steps(p.blocks, sizeof(T)), (T *)out, identity, true);
    });
}
