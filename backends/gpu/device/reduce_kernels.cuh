/*
 * reduce_kernels.cuh -- the ordered reduction of the built-in operators in one launch.
 *
 * The input splits into a head (the elements before its first 16-byte boundary), whole
 * 16-byte vectors, and a tail (fewer than one vector after them). Block b takes the
 * vectors [b * chunk, (b + 1) * chunk); block 0 folds the head before them and the last
 * block the tail after them. A block's range splits again into one contiguous part a
 * warp, walked in rows of kWarp x VECTORS vectors: vector j of lane l is the row's
 * (j * kWarp + l)-th, so each load of a warp reads kWarp x 16 contiguous bytes, and
 * all VECTORS loads of a row are in flight before the first is folded. A lane folds
 * its vector's elements in order, the warp folds its lanes in order (a butterfly whose
 * lower half is always the left operand, so every lane ends with the same value), and
 * the warp folds the row's vectors in order into its running value. The block folds
 * its warps' values in order into one partial.
 *
 * With one block that partial is the result. Otherwise each block writes its partial
 * and counts itself in `arrivals`; the block that arrives last folds all partials in
 * order and writes the result. The count lives in scratch that nothing clears: it
 * holds the launch's tag above ARRIVAL_BITS bits of count, and a word under another
 * tag counts as none (the tags are drawn as the look-back's, host/single_pass.cuh).
 * The last block sets it back to zero, so a replayed launch (same tag) starts afresh.
 *
 * Only ever padded on the right: a lane past the end holds RightNeutral (-0.0 for a
 * floating sum, a NaN for floating MIN/MAX), so the operator need not be commutative
 * and a floating fold is reassociated, never commuted. The association depends on n,
 * the input's address modulo 16 and the grid; deterministic contexts do not come here
 * (core/reduce.c composes tile_reduce for them).
 */
#ifndef SWEEP_GPU_REDUCE_KERNELS_CUH
#define SWEEP_GPU_REDUCE_KERNELS_CUH

#include "gpu/util/compat.cuh"
#include "gpu/util/ops.cuh"

namespace sweep_gpu {

/* The low bits of the arrival word count the blocks done; the tag sits above them. */
constexpr int kArrivalBits = 20;
constexpr unsigned long long kArrivalMask = (1ull << kArrivalBits) - 1ull;

template <class T> struct ReduceArgs {
    const T *in;
    size_t n;
    size_t head;  /* elements before in's first 16-byte boundary (at most n) */
    size_t nvec;  /* whole 16-byte vectors from there */
    size_t chunk; /* vectors a block */
    unsigned blocks;
    T *partials;                  /* one a block (blocks > 1) */
    unsigned long long *arrivals; /* blocks > 1 */
    unsigned long long tag;       /* low kArrivalBits bits clear, not zero */
    T *out;
    T identity;
};

/* The fold of one value a lane, lanes in order; every lane gets it. */
template <class T, class Op> SWEEP_GPU_INLINE T warp_fold_all(T x) {
    const int lane = lane_id();
#pragma unroll
    for (int o = 1; o < kWarp; o <<= 1) {
        const T y = shfl(x, lane ^ o);
        x = (lane & o) ? Op::apply(y, x) : Op::apply(x, y);
    }
    return x;
}

/* The fold of p[0, count), count <= kWarp, one element a lane. */
template <class T, class Op> SWEEP_GPU_INLINE T warp_fold_scalars(const T *p, size_t count, T pad) {
    const int lane = lane_id();
    const T x = (size_t)lane < count ? p[lane] : pad;
    return warp_fold_all<T, Op>(x);
}

/* The fold of a lane's 16-byte vector, elements in order. */
template <class T, class Op> SWEEP_GPU_INLINE T fold_vector(const uint4 &raw) {
    constexpr int VEC = (int)(16 / sizeof(T));
    T e[VEC];
    memcpy(e, &raw, 16);
    T x = e[0];
#pragma unroll
    for (int k = 1; k < VEC; ++k)
        x = Op::apply(x, e[k]);
    return x;
}

/* The fold of the row of vectors [v, v + kWarp * VECTORS) of body (16-byte aligned);
 * vectors at or past end are padding (FULL: none is). */
template <class T, class Op, int VECTORS, bool FULL>
SWEEP_GPU_INLINE T fold_row(const T *body, size_t v, size_t end, T pad) {
    const int lane = lane_id();
    const uint4 *rp = (const uint4 *)body + v + lane;
    uint4 raw[VECTORS];
#pragma unroll
    for (int j = 0; j < VECTORS; ++j) {
        if (FULL)
            raw[j] = rp[j * kWarp];
        else
            raw[j] =
                v + (size_t)(j * kWarp + lane) < end ? rp[j * kWarp] : make_uint4(0u, 0u, 0u, 0u);
    }
    T r = pad;
#pragma unroll
    for (int j = 0; j < VECTORS; ++j) {
        if (!FULL && v + (size_t)j * kWarp >= end) break; /* the rest is padding */
        T x = (FULL || v + (size_t)(j * kWarp + lane) < end) ? fold_vector<T, Op>(raw[j]) : pad;
        x = warp_fold_all<T, Op>(x);
        r = j == 0 ? x : Op::apply(r, x);
    }
    return r;
}

/* Counts the calling block done; true for the last of blocks. One thread calls it,
 * after a device fence behind its partial. */
SWEEP_GPU_INLINE bool arrive_last(unsigned long long *w, unsigned long long tag, unsigned blocks) {
    unsigned long long old = load_volatile(w), want, seen;
    do {
        const unsigned long long done = (old & ~kArrivalMask) == tag ? (old & kArrivalMask) : 0ull;
        want = tag | (done + 1ull);
        seen = old;
        old = atomicCAS(w, seen, want);
    } while (old != seen);
    return (want & kArrivalMask) == (unsigned long long)blocks;
}

template <class T> SWEEP_GPU_INLINE T load_partial(const T *p) {
    return *(const volatile T *)p;
}

/* Sh: threads, vectors (a lane's 16-byte loads a row), min_blocks (tuning/shapes.cuh). */
template <class T, class Op, class Sh>
__global__ void __launch_bounds__(Sh::threads, Sh::min_blocks) reduce_kernel(ReduceArgs<T> a) {
    constexpr int VEC = (int)(16 / sizeof(T));
    constexpr int WARPS = Sh::threads / kWarp;
    constexpr size_t ROW = (size_t)kWarp * Sh::vectors;
    static_assert(16 % sizeof(T) == 0, "elements must divide a 16-byte vector");
    static_assert(Sh::threads % kWarp == 0, "whole warps");
    __shared__ T wval[WARPS];
    __shared__ int whas[WARPS];
    __shared__ int last;

    const T pad = RightNeutral<Op>::of(a.identity);
    const int lane = lane_id();
    const int warp = (int)(threadIdx.x / kWarp);
    const unsigned b = blockIdx.x;
    const T *body = a.in + a.head;

    /* this warp's vectors: [ws, we) */
    const size_t v0 = (size_t)b * a.chunk;
    const size_t v1 = v0 + a.chunk < a.nvec ? v0 + a.chunk : a.nvec;
    const size_t len = v1 > v0 ? v1 - v0 : 0;
    size_t per = (len + WARPS - 1) / WARPS;
    per = (per + ROW - 1) / ROW * ROW;
    const size_t lo = (size_t)warp * per, hi = lo + per;
    const size_t ws = v0 + (lo < len ? lo : len);
    const size_t we = v0 + (hi < len ? hi : len);

    T carry = pad;
    bool has = false;
    if (b == 0 && warp == 0 && a.head > 0) {
        carry = warp_fold_scalars<T, Op>(a.in, a.head, pad);
        has = true;
    }
    size_t v = ws;
    for (; v + ROW <= we; v += ROW) {
        const T r = fold_row<T, Op, Sh::vectors, true>(body, v, we, pad);
        carry = has ? Op::apply(carry, r) : r;
        has = true;
    }
    if (v < we) {
        const T r = fold_row<T, Op, Sh::vectors, false>(body, v, we, pad);
        carry = has ? Op::apply(carry, r) : r;
        has = true;
    }
    if (b == a.blocks - 1 && warp == WARPS - 1) {
        const size_t t0 = a.head + a.nvec * VEC;
        if (t0 < a.n) {
            const T r = warp_fold_scalars<T, Op>(a.in + t0, a.n - t0, pad);
            carry = has ? Op::apply(carry, r) : r;
            has = true;
        }
    }
    if (lane == 0) {
        wval[warp] = carry;
        whas[warp] = has ? 1 : 0;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        T acc = pad;
        bool any = false;
        for (int w = 0; w < WARPS; ++w) {
            if (!whas[w]) continue;
            acc = any ? Op::apply(acc, wval[w]) : wval[w];
            any = true;
        }
        if (a.blocks == 1) {
            *a.out = acc;
        } else {
            a.partials[b] = acc;
            fence_device();
            last = arrive_last(a.arrivals, a.tag, a.blocks) ? 1 : 0;
        }
    }
    if (a.blocks == 1) return;
    __syncthreads();
    if (!last) return;
    fence_device();

    /* The last block: thread t folds the partials [t * each, (t + 1) * each) in order. */
    const unsigned each = (a.blocks + Sh::threads - 1) / Sh::threads;
    const unsigned first = threadIdx.x * each;
    T x = pad;
    for (unsigned k = 0; k < each; ++k) {
        const unsigned p = first + k;
        const T y = p < a.blocks ? load_partial(a.partials + p) : pad;
        x = k == 0 ? y : Op::apply(x, y);
    }
    x = warp_fold_all<T, Op>(x);
    if (lane == 0) wval[warp] = x; /* thread 0 read the warps' values before the barrier */
    __syncthreads();
    if (threadIdx.x == 0) {
        T acc = wval[0];
        for (int w = 1; w < WARPS; ++w)
            acc = Op::apply(acc, wval[w]);
        *a.out = acc;
        store_volatile(a.arrivals, 0ull); /* a replay of this launch starts from none */
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_REDUCE_KERNELS_CUH */
