/*
 * radix_kernels.cuh -- the basic radix kernels the core composes an LSD sort from:
 * one histogram pass counting every digit of every pass, per-tile digit counts, and
 * a stable per-tile scatter. Values move as raw bytes of any size (generic path);
 * the fused sort (radix_onesweep.cuh) has the typed fast path.
 */
#ifndef SWEEP_GPU_RADIX_KERNELS_CUH
#define SWEEP_GPU_RADIX_KERNELS_CUH

#include "block_radix_rank.cuh"
#include "elem_copy.cuh"
#include "radix_keys.cuh"

namespace sweep_gpu {

constexpr int kRadixHistThreads = 256;

/* Adds a key's digit of every pass to the block's counters. */
template <class U>
SWEEP_GPU_INLINE void count_digits(U raw, const DigitSpec &spec, unsigned begin_bit,
                                   unsigned end_bit, unsigned passes,
                                   unsigned (*counts)[kRadixDigits]) {
    const U u = key_pattern(raw, spec.kind, spec.descending);
#pragma unroll
    for (unsigned p = 0; p < sizeof(U); ++p) {
        if (p < passes) {
            const unsigned shift = begin_bit + 8 * p;
            const unsigned nb = end_bit - shift < 8 ? end_bit - shift : 8;
            atomicAdd(&counts[p][(unsigned)(u >> shift) & ((1u << nb) - 1)], 1u);
        }
    }
}

/* hist[p * 256 + d] += keys of digit d in pass p (hist zeroed before). Shared
 * counters per block, one global atomic per digit and pass per block; each thread
 * loads kHistUnroll keys before counting them, so several loads are in flight. */
constexpr int kHistUnroll = 4;

template <class U>
__global__ void __launch_bounds__(kRadixHistThreads)
    radix_histogram_kernel(const U *keys, size_t n, DigitSpec spec, unsigned begin_bit,
                           unsigned end_bit, unsigned passes, unsigned long long *hist) {
    __shared__ unsigned counts[kRadixMaxPasses][kRadixDigits];
    for (int i = threadIdx.x; i < kRadixMaxPasses * kRadixDigits; i += kRadixHistThreads)
        (&counts[0][0])[i] = 0;
    __syncthreads();
    const size_t stride = (size_t)gridDim.x * kRadixHistThreads;
    size_t i = blockIdx.x * (size_t)kRadixHistThreads + threadIdx.x;
    for (; i + (kHistUnroll - 1) * stride < n; i += kHistUnroll * stride) {
        U u[kHistUnroll];
#pragma unroll
        for (int j = 0; j < kHistUnroll; ++j)
            u[j] = keys[i + j * stride];
#pragma unroll
        for (int j = 0; j < kHistUnroll; ++j)
            count_digits(u[j], spec, begin_bit, end_bit, passes, counts);
    }
    for (; i < n; i += stride)
        count_digits(keys[i], spec, begin_bit, end_bit, passes, counts);
    __syncthreads();
    for (unsigned k = threadIdx.x; k < passes * kRadixDigits; k += kRadixHistThreads) {
        unsigned c = (&counts[0][0])[k];
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
