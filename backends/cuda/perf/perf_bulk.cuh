/*
 * perf_bulk.cuh -- sweep-cuda-perf's "bulk" run: the bulk-copy scan kernel
 * (gpu/scan_bulk.cuh) at several shapes, against the copy ceilings measured the same
 * way: cudaMemcpy, a grid-stride 16-byte copy, tile copies (one block a tile, every
 * row loaded before any store) and a copy through the bulk-copy engine.
 */
#ifndef SWEEP_CUDA_PERF_BULK_CUH
#define SWEEP_CUDA_PERF_BULK_CUH

#include "gpu/bulk_copy.cuh"
#include "gpu/scan_bulk.cuh"
#include "perf_util.cuh"
#include "perf_variants.cuh"

__global__ void copy_grid_stride(const uint4 *in, uint4 *out, size_t nv) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < nv;
         i += (size_t)gridDim.x * blockDim.x)
        out[i] = in[i];
}

/* One block a tile of THREADS x ROWS vectors, every row loaded before any store. */
template <int THREADS, int ROWS, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) copy_tile(const uint4 *in, uint4 *out) {
    const size_t base = (size_t)blockIdx.x * THREADS * ROWS + threadIdx.x;
    uint4 w[ROWS];
#pragma unroll
    for (int r = 0; r < ROWS; ++r)
        w[r] = in[base + r * THREADS];
#pragma unroll
    for (int r = 0; r < ROWS; ++r)
        out[base + r * THREADS] = w[r];
}

/* One thread copies BYTES through shared memory with the bulk-copy engine. */
template <int BYTES> __global__ void copy_bulk(const unsigned char *in, unsigned char *out) {
#if SWEEP_GPU_BULK_COPY
    using namespace sweep_gpu;
    alignas(128) __shared__ unsigned char buf[BYTES];
    __shared__ unsigned long long bar;
    if (threadIdx.x != 0) return;
    bulk_barrier_init(&bar);
    bulk_load(buf, in + (size_t)blockIdx.x * BYTES, BYTES, &bar);
    bulk_wait(&bar);
    bulk_store_start(out + (size_t)blockIdx.x * BYTES, buf, BYTES);
    bulk_wait_stores_read();
#else
    (void)in;
    (void)out;
#endif
}

static void copy_rows(const void *in, void *out, size_t bytes) {
    const size_t nv = bytes / 16;
    const uint4 *a = (const uint4 *)in;
    uint4 *b = (uint4 *)out;
    double m = median_ms([&] { CK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice)); });
    printf("  copy cudaMemcpy                        %8.3f ms\n", m);
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    m = median_ms([&] { copy_grid_stride<<<sms * 8, 256>>>(a, b, nv); });
    printf("  copy grid-stride 16 B, %d x 256        %8.3f ms\n", sms * 8, m);
    m = median_ms([&] { copy_tile<128, 6, 12><<<(unsigned)(nv / 768), 128>>>(a, b); });
    printf("  copy tile 128 x 6 x 16 B               %8.3f ms\n", m);
    m = median_ms([&] { copy_tile<256, 8, 5><<<(unsigned)(nv / 2048), 256>>>(a, b); });
    printf("  copy tile 256 x 8 x 16 B               %8.3f ms\n", m);
    m = median_ms([&] { copy_tile<256, 4, 8><<<(unsigned)(nv / 1024), 256>>>(a, b); });
    printf("  copy tile 256 x 4 x 16 B               %8.3f ms\n", m);
    m = median_ms([&] {
        copy_bulk<16384>
            <<<(unsigned)(bytes / 16384), 32>>>((const unsigned char *)in, (unsigned char *)out);
    });
    printf("  copy bulk engine 16 KiB a block        %8.3f ms\n", m);
    m = median_ms([&] {
        copy_bulk<32768>
            <<<(unsigned)(bytes / 32768), 32>>>((const unsigned char *)in, (unsigned char *)out);
    });
    printf("  copy bulk engine 32 KiB a block        %8.3f ms\n", m);
    CK(cudaGetLastError());
    same("copy", (const unsigned *)out, (const unsigned *)in, bytes / 4);
}

/* The plugin's shape asking L2 for the tile PF tiles ahead. */
template <class Sh, int PF> struct BulkPrefetched : Sh { static constexpr int prefetch = PF; };

/* Times the bulk-copy scan kernel with shape Sh (exclusive or inclusive sum), one
 * tile a block as the plugin launches it, and checks it against ref. */
template <class T, class Sh>
static void try_bulk(const T *in, T *out, const T *ref, size_t n, int exclusive, void *state) {
    using namespace sweep_gpu;
    const ScanArgs<T> a = perf_scan_args(in, out, n, exclusive, (const uint8_t *)NULL);
    const size_t ntiles = (n + Sh::tile - 1) / Sh::tile;
    static unsigned long long tag = 0xb01c000000ull;
    CK(cudaMemset(out, 0xa5, n * sizeof(T)));
    double ms = median_ms(
        [&] {
            tag += 4;
            TileState<T> ts = TileState<T>::carve(state, ntiles, tag);
            scan_bulk_kernel<T, OpSum, Sh><<<(unsigned)ntiles, Sh::threads>>>(a, ts);
        },
        n < ((size_t)1 << 20) ? 101 : 15);
    CK(cudaGetLastError());
    char name[80];
    snprintf(name, sizeof name, "bulk %s u%d %dx%d (min %d, prefetch %d) n=%zu",
             exclusive ? "excl" : "incl", (int)(8 * sizeof(T)), Sh::threads, Sh::items,
             Sh::min_blocks, Sh::prefetch, n);
    same(name, out, ref, n);
    printf("  variant %-44s %8.4f ms\n", name, ms);
}

#endif /* SWEEP_CUDA_PERF_BULK_CUH */
