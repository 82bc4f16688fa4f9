/*
 * radix_kernels.cuh -- the basic radix kernels the core composes an LSD sort from:
 * one histogram pass counting every digit of every pass, per-tile digit counts, and
 * a stable per-tile scatter. Values move as raw bytes of any size (generic path);
 * the fused sort (radix_onesweep.cuh) has the typed fast path.
 */
#ifndef SWEEP_GPU_RADIX_KERNELS_CUH
#define SWEEP_GPU_RADIX_KERNELS_CUH

#include "gpu/block/block_radix_rank.cuh"
#include "gpu/util/elem_copy.cuh"
#include "gpu/util/radix_keys.cuh"

namespace sweep_gpu {

constexpr int kRadixHistThreads = 256;

/* The histogram of all passes, banked: copy c of the counter of digit d in pass p is
 * shared word (p * 256 + d) * copies + c, and a thread counts into copy
 * threadIdx.x % copies. With 32 copies (a power of two, at most 32) the lanes of a
 * warp always touch 32 different banks, so no atomic waits on a bank conflict: with
 * one copy, random digits cost about 3.5 shared wavefronts an atomic and the kernel
 * ran at 92% of L1 throughput (ncu, H100), not at the speed of its reads. */
constexpr int kRadixHistBankedThreads = 1024;
constexpr int kRadixHistBanks = 32;

/* Shared bytes of the banked histogram for `passes` passes and `copies` copies. */
SWEEP_GPU_INLINE __host__ size_t radix_histogram_smem(unsigned passes, unsigned copies) {
    return (size_t)passes * kRadixDigits * copies * sizeof(unsigned);
}

/* Adds a key's digit of every pass to the thread's copy of the counters. */
template <class U>
SWEEP_GPU_INLINE void count_digits(U raw, const DigitSpec &spec, unsigned begin_bit,
                                   unsigned end_bit, unsigned passes, unsigned copies,
                                   unsigned *mine) {
    const U u = key_pattern(raw, spec.kind, spec.descending);
#pragma unroll
    for (unsigned p = 0; p < sizeof(U); ++p) {
        if (p < passes) {
            const unsigned shift = begin_bit + 8 * p;
            const unsigned nb = end_bit - shift < 8 ? end_bit - shift : 8;
            const unsigned d = (unsigned)(u >> shift) & ((1u << nb) - 1);
            atomicAdd(&mine[(p * kRadixDigits + d) * copies], 1u);
        }
    }
}

/* hist[p * 256 + d] += keys of digit d in pass p (hist zeroed before); shared memory
 * of radix_histogram_smem(passes, copies) bytes. Keys are read 16 bytes at a time
 * from the first 16-byte boundary on, kHistUnroll loads in flight a thread; one
 * global atomic per digit and pass a block. */
constexpr int kHistUnroll = 4;

template <class U>
__global__ void __launch_bounds__(kRadixHistBankedThreads)
    radix_histogram_kernel(const U *keys, size_t n, DigitSpec spec, unsigned begin_bit,
                           unsigned end_bit, unsigned passes, unsigned copies,
                           unsigned long long *hist) {
    extern __shared__ unsigned hist_counts[];
    const unsigned words = passes * kRadixDigits * copies;
    for (unsigned i = threadIdx.x; i < words; i += blockDim.x)
        hist_counts[i] = 0;
    __syncthreads();
    unsigned *mine = hist_counts + threadIdx.x % copies;
    constexpr int VEC = (int)(16 / sizeof(U));
    /* keys before the first 16-byte boundary, and after the last whole vector, one by
     * one (all of them when the keys are not at their natural alignment) */
    const uintptr_t mis = (uintptr_t)keys & 15;
    size_t head = mis % sizeof(U) ? n : ((16 - mis) & 15) / sizeof(U);
    if (head > n) head = n;
    const size_t groups = (n - head) / VEC;
    const size_t tail = head + groups * VEC;
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    const size_t first = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    const uint4 *vkeys = (const uint4 *)(keys + head);
    size_t g = first;
    for (; g + (kHistUnroll - 1) * stride < groups; g += kHistUnroll * stride) {
        uint4 w[kHistUnroll];
#pragma unroll
        for (int j = 0; j < kHistUnroll; ++j)
            w[j] = vkeys[g + j * stride];
#pragma unroll
        for (int j = 0; j < kHistUnroll; ++j) {
            U k[VEC];
            memcpy(k, &w[j], 16);
#pragma unroll
            for (int e = 0; e < VEC; ++e)
                count_digits(k[e], spec, begin_bit, end_bit, passes, copies, mine);
        }
    }
    for (; g < groups; g += stride) {
        U k[VEC];
        memcpy(k, &vkeys[g], 16);
#pragma unroll
        for (int e = 0; e < VEC; ++e)
            count_digits(k[e], spec, begin_bit, end_bit, passes, copies, mine);
    }
    for (size_t i = first; i < head + (n - tail); i += stride)
        count_digits(keys[i < head ? i : tail + (i - head)], spec, begin_bit, end_bit, passes,
                     copies, mine);
    __syncthreads();
    /* Each counter's copies summed, starting at a different copy in each lane so a
     * warp's reads fall in different banks. */
    for (unsigned k = threadIdx.x; k < passes * kRadixDigits; k += blockDim.x) {
        unsigned c = 0;
        for (unsigned j = 0; j < copies; ++j)
            c += hist_counts[k * copies + ((j + k) & (copies - 1))];
        if (c) atomic_add(&hist[k], (unsigned long long)c);
    }
}

/* hist[d * ntiles + t] = keys of tile t with digit d, for every d < 2^nbits. */
template <class U>
__global__ void __launch_bounds__(kRadixHistThreads)
    radix_tile_histogram_kernel(const U *keys, size_t n, size_t tile, DigitSpec spec,
                                unsigned long long *hist) {
    __shared__ unsigned counts[kRadixDigits];
    const size_t t = blockIdx.x, ntiles = gridDim.x;
    for (int i = threadIdx.x; i < kRadixDigits; i += kRadixHistThreads)
        counts[i] = 0;
    __syncthreads();
    const size_t start = t * tile, end = start + tile < n ? start + tile : n;
    for (size_t i = start + threadIdx.x; i < end; i += kRadixHistThreads)
        atomicAdd(&counts[key_digit(keys[i], spec)], 1u);
    __syncthreads();
    for (unsigned d = threadIdx.x; d < (1u << spec.nbits); d += kRadixHistThreads)
        hist[(size_t)d * ntiles + t] = counts[d];
}

constexpr int kScatterThreads = 256;
constexpr int kScatterItems = 8;

/* Stable scatter of each tile: chunk by chunk, ranks from BlockRadixRank, each
 * digit's running count carried across chunks. */
template <class U>
__global__ void __launch_bounds__(kScatterThreads)
    radix_scatter_kernel(const U *keys_in, U *keys_out, const void *values_in, void *values_out,
                         size_t vsize, unsigned vunit, size_t n, size_t tile, DigitSpec spec,
                         const unsigned long long *offsets) {
    typedef BlockRadixRank<kScatterThreads, kScatterItems> Rank;
    __shared__ typename Rank::Storage rs;
    __shared__ unsigned long long base[kRadixDigits];
    constexpr int CHUNK = kScatterThreads * kScatterItems;
    const size_t t = blockIdx.x, ntiles = gridDim.x;
    const size_t start = t * tile, end = start + tile < n ? start + tile : n;
    for (unsigned d = threadIdx.x; d < kRadixDigits; d += kScatterThreads)
        base[d] = d < (1u << spec.nbits) ? offsets[(size_t)d * ntiles + t] : 0;
    __syncthreads();
    const int lane = lane_id(), warp = warp_id();
    for (size_t c = start; c < end; c += CHUNK) {
        unsigned digits[kScatterItems], ranks[kScatterItems];
        bool valid[kScatterItems];
        size_t idx[kScatterItems];
        U k[kScatterItems];
#pragma unroll
        for (int j = 0; j < kScatterItems; ++j) {
            idx[j] = c + (size_t)warp * kWarp * kScatterItems + (size_t)j * kWarp + lane;
            valid[j] = idx[j] < end;
            k[j] = valid[j] ? keys_in[idx[j]] : (U)0;
            digits[j] = valid[j] ? key_digit(k[j], spec) : 0u;
        }
        Rank::rank(digits, valid, spec.nbits, ranks, rs);
#pragma unroll
        for (int j = 0; j < kScatterItems; ++j) {
            if (!valid[j]) continue;
            const size_t dst = base[digits[j]] + (ranks[j] - rs.digit_excl[digits[j]]);
            keys_out[dst] = k[j];
            if (vsize) copy_elem(values_out, dst, values_in, idx[j], vsize, vunit);
        }
        __syncthreads();
        for (unsigned d = threadIdx.x; d < kRadixDigits; d += kScatterThreads)
            base[d] += rs.digit_total[d];
        __syncthreads();
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RADIX_KERNELS_CUH */
