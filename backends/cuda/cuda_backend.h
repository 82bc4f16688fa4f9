/*
 * cuda_backend.h -- what the CUDA plugin's files share: the handle behind the
 * backend table's void *h, error reporting for runtime calls and launches, and the
 * entries each file defines (the table in cuda_plugin.cu lists them all).
 */
#ifndef SWEEP_CUDA_BACKEND_H
#define SWEEP_CUDA_BACKEND_H

#include <cuda_runtime.h>
#include <sweep/backend.h>

struct sweep_cuda {
    int device;
    cudaStream_t stream;
    sweep_report_fn report;
    unsigned options;
    int sm_count;
    int max_threads_per_sm;
    size_t smem_per_sm;
    /* the most shared memory one block may have (above 48 KB only after
     * cudaFuncSetAttribute raises the kernel's limit) */
    size_t smem_per_block;
    /* programmatic dependent launch (CUDA on sm_90+; grid_dependency.cuh) */
    int dependent_launch;
    /* Look-back tests: tiles with tile % stall_mod == 1 never publish (0 = off), and
     * how long a waiting tile spins before it reduces a stuck predecessor itself. */
    unsigned stall_mod;
    int spin_limit;
    /* Grid-stride kernels launch at most this many blocks (0: the device's fill,
     * sweep_cuda_grid). Tests set 1 (SWEEP_CUDA_GRID_CAP, SWEEP_HIP_GRID_CAP) so
     * that small inputs already need every block to walk more than its first stride. */
    int grid_cap;
    /* Radix sorts of at least this many keys take the hybrid MSD sort
     * (radix_hybrid.cuh): 8-byte keys, 4-byte keys with values, 4-byte keys alone
     * (SWEEP_CUDA_HYBRID_MIN8, _MIN4, _MIN4_KEYS: from where it was faster than the LSD
     * sort on the H100). SWEEP_CUDA_RADIX_HYBRID_MIN (tests) sets all three, to reach the
     * hybrid with small inputs. */
    size_t radix_hybrid_min8, radix_hybrid_min4, radix_hybrid_min4_keys;
    /* Splits and compactions without values whose elements take fewer than
     * split_resident_bytes bytes go through the one-kernel split
     * (split_resident.cuh) where the device launches cooperative grids
     * (SWEEP_CUDA_SPLIT_RESIDENT_BYTES; tests set 0 or a large value to take one
     * path). Tests also cap its blocks and the tiles of flags a block keeps
     * (SWEEP_CUDA_SPLIT_RESIDENT_BLOCKS, _TILES; 0: as many as fit), so that small
     * inputs reach blocks of many tiles and tiles whose flags are read again. */
    size_t split_resident_bytes;
    unsigned split_resident_blocks, split_resident_tiles;
    int cooperative_launch;
    /* The hybrid sort's read-backs (cuda_radix.cu): pinned host memory and an event,
     * made on the first hybrid sort; readback_failed if they could not be. */
    void *readback;
    cudaEvent_t readback_event;
    int readback_failed;
    /* Run-time compiled programs of custom operators and comparators (cuda_rtc.cu);
     * NULL until the first one is needed. */
    struct sweep_rtc_cache *rtc;
    /* The driver's handles of the kernels launched so far (cuda_launch.cu); NULL
     * until the first launch, and always under HIP. runtime_launch (tests:
     * SWEEP_CUDA_RUNTIME_LAUNCH=1) launches through the runtime instead. */
    struct sweep_cuda_functions *functions;
    int runtime_launch;
};

#define SWEEP_CUDA_HYBRID_MIN8 ((size_t)1 << 25)
#define SWEEP_CUDA_HYBRID_MIN4 ((size_t)1 << 26)
#define SWEEP_CUDA_HYBRID_MIN4_KEYS ((size_t)1 << 27)
/* Below 256 MiB of elements the one-kernel split beat the three kernels on the H100
 * (u32: faster from 2^16 to 2^25 elements, even at 2^26, slower at 2^28). */
#define SWEEP_CUDA_SPLIT_RESIDENT_BYTES ((size_t)1 << 28)

/* Reports a failed runtime call ("cuda: <what>: <runtime's message>") and maps it:
 * cudaErrorMemoryAllocation -> SWEEP_ERR_OUT_OF_MEMORY, others -> SWEEP_ERR_DEVICE. */
sweep_status sweep_cuda_fail(const sweep_cuda *h, cudaError_t err, const char *what);
/* Reports status with a message (no runtime error involved). */
sweep_status sweep_cuda_report(const sweep_cuda *h, sweep_status status, const char *message);

#define SWEEP_CUDA_TRY(h, call)                                                                    \
    do {                                                                                           \
        cudaError_t sweep_err_ = (call);                                                           \
        if (sweep_err_ != cudaSuccess) return sweep_cuda_fail((h), sweep_err_, #call);             \
    } while (0)

/* Launches through sweep_cuda_launch (cuda_launch.cuh) and returns its failure:
 * SWEEP_CUDA_LAUNCH(h, name, kernel, grid, block, smem, args...). */
#define SWEEP_CUDA_LAUNCH(h, ...)                                                                  \
    do {                                                                                           \
        const sweep_status sweep_launch_st_ = sweep_cuda_launch((h), __VA_ARGS__);                 \
        if (sweep_launch_st_ != SWEEP_OK) return sweep_launch_st_;                                 \
    } while (0)

/* Every entry starts here: the handle's device becomes current for this thread. */
#define SWEEP_CUDA_ENTER(h) SWEEP_CUDA_TRY((h), cudaSetDevice((h)->device))

/* Blocks for a grid-stride kernel over `work` items: enough to fill the device. */
unsigned sweep_cuda_grid(const sweep_cuda *h, size_t work, unsigned threads);

/* ---- cuda_device.cu ---- */
sweep_status sweep_cuda_device_count(int *count, char *reason, size_t reason_len);
sweep_status sweep_cuda_device_name(int device, char *buf, size_t len);
sweep_status sweep_cuda_open(const sweep_backend_open_args *args, void **handle,
                             sweep_backend_props *props);
void sweep_cuda_close(void *h);
sweep_status sweep_cuda_alloc(void *h, void **ptr, size_t bytes);
sweep_status sweep_cuda_free(void *h, void *ptr);
sweep_status sweep_cuda_memcpy(void *h, void *dst, const void *src, size_t bytes,
                               sweep_copy_kind kind);
sweep_status sweep_cuda_memset(void *h, void *dst, int value, size_t bytes);
sweep_status sweep_cuda_set_stream(void *h, void *native_stream);
sweep_status sweep_cuda_synchronize(void *h);

/* ---- cuda_tile_scan.cu: basic scan kernels ---- */
sweep_status sweep_cuda_tile_reduce(void *h, const sweep_kop *op, const void *in,
                                    const uint8_t *flags, size_t n, size_t tile, void *partials,
                                    uint8_t *partial_flags);
sweep_status sweep_cuda_tile_scan(void *h, const sweep_kop *op, const void *in,
                                  const uint8_t *flags, void *out, size_t n, size_t tile,
                                  const void *carries, int exclusive);
sweep_status sweep_cuda_heads_from_keys(void *h, const void *keys, size_t key_size, size_t n,
                                        uint8_t *flags);
sweep_status sweep_cuda_heads_from_offsets(void *h, const size_t *offsets, size_t nseg, size_t base,
                                           size_t n, uint8_t *flags);
sweep_status sweep_cuda_segment_last(void *h, const sweep_kop *op, const void *scanned,
                                     const size_t *offsets, size_t nseg, size_t base, void *out);

/* ---- cuda_scan.cu: fused scans and reductions ---- */
sweep_status sweep_cuda_scan(void *h, const sweep_kop *op, const void *in, void *out, size_t n,
                             int exclusive, void *scratch, size_t *scratch_bytes);
sweep_status sweep_cuda_segmented_scan(void *h, const sweep_kop *op, const void *in, void *out,
                                       size_t n, const sweep_ksegments *seg, int exclusive,
                                       void *scratch, size_t *scratch_bytes);
sweep_status sweep_cuda_reduce(void *h, const sweep_kop *op, const void *in, size_t n, void *out,
                               void *scratch, size_t *scratch_bytes);
sweep_status sweep_cuda_segmented_reduce(void *h, const sweep_kop *op, const void *in, size_t n,
                                         const size_t *offsets, size_t nseg, void *out,
                                         void *scratch, size_t *scratch_bytes);

/* ---- cuda_split.cu ---- */
sweep_status sweep_cuda_flag_count(void *h, const uint8_t *flags, size_t n, size_t tile,
                                   size_t *counts);
sweep_status sweep_cuda_flag_scatter(void *h, const uint8_t *flags, const void *in, void *out,
                                     size_t elem_size, const void *values_in, void *values_out,
                                     size_t vsize, size_t n, size_t tile, const size_t *before,
                                     const size_t *total, int keep_unflagged);
sweep_status sweep_cuda_split(void *h, const uint8_t *flags, const void *in, void *out,
                              size_t elem_size, const void *values_in, void *values_out,
                              size_t vsize, size_t n, size_t *num_flagged, int keep_unflagged,
                              void *scratch, size_t *scratch_bytes);

/* ---- cuda_radix.cu ---- */
sweep_status sweep_cuda_radix_histogram(void *h, const sweep_kradix *key, const void *keys,
                                        size_t n, size_t *hist);
sweep_status sweep_cuda_radix_tile_histogram(void *h, const sweep_kradix *key, const void *keys,
                                             size_t n, size_t tile, unsigned shift, unsigned nbits,
                                             size_t *hist);
sweep_status sweep_cuda_radix_scatter(void *h, const sweep_kradix *key, const void *keys_in,
                                      void *keys_out, const void *values_in, void *values_out,
                                      size_t vsize, size_t n, size_t tile, unsigned shift,
                                      unsigned nbits, const size_t *offsets);
sweep_status sweep_cuda_radix_sort(void *h, const sweep_kradix *key, const void *keys_in,
                                   void *keys_out, const void *values_in, void *values_out,
                                   size_t vsize, size_t n, void *scratch, size_t *scratch_bytes);
/* Frees what the radix sort keeps in the handle (its read-back buffer and event);
 * the device is current and the stream idle. */
void sweep_cuda_radix_release(sweep_cuda *h);

/* ---- cuda_merge.cu ---- */
sweep_status sweep_cuda_tile_sort(void *h, const sweep_kcmp *cmp, void *keys, void *values,
                                  size_t vsize, size_t n, size_t tile);
sweep_status sweep_cuda_merge_partition(void *h, const sweep_kcmp *cmp, const void *a, size_t na,
                                        const void *b, size_t nb, size_t vsize, size_t part,
                                        size_t *splits);
sweep_status sweep_cuda_merge_tiles(void *h, const sweep_kcmp *cmp, const void *a,
                                    const void *a_values, size_t na, const void *b,
                                    const void *b_values, size_t nb, size_t vsize, size_t part,
                                    const size_t *splits, void *out, void *out_values);

sweep_status sweep_cuda_merge_sort(void *h, const sweep_kcmp *cmp, const void *keys_in,
                                   void *keys_out, const void *values_in, void *values_out,
                                   size_t vsize, size_t n, void *scratch, size_t *scratch_bytes);
sweep_status sweep_cuda_merge(void *h, const sweep_kcmp *cmp, const void *a, const void *a_values,
                              size_t na, const void *b, const void *b_values, size_t nb, void *out,
                              void *out_values, size_t vsize, void *scratch, size_t *scratch_bytes);

/* Tile sizes the core's generic compositions use on this backend. */
#define SWEEP_CUDA_SCAN_TILE 16384u
#define SWEEP_CUDA_SPLIT_TILE 16384u
#define SWEEP_CUDA_RADIX_TILE 16384u
/* within every key width's block-sort tile (merge_cmp.cuh: 1280 keys for 32 bytes) */
#define SWEEP_CUDA_SORT_TILE 1024u
#define SWEEP_CUDA_MERGE_PART 2048u

/* The kernel entries of the backend table, basic kernels then fused primitives, in
 * the order of sweep_backend_table: one list for both GPU plugins (libsweep-cuda.so
 * and libsweep-hip.so compile the same launch code), so their tables cannot drift. */
#define SWEEP_GPU_KERNEL_ENTRIES                                                                   \
    sweep_cuda_tile_reduce, sweep_cuda_tile_scan, sweep_cuda_heads_from_keys,                      \
        sweep_cuda_heads_from_offsets, sweep_cuda_segment_last, sweep_cuda_flag_count,             \
        sweep_cuda_flag_scatter, sweep_cuda_radix_histogram, sweep_cuda_radix_tile_histogram,      \
        sweep_cuda_radix_scatter, sweep_cuda_tile_sort, sweep_cuda_merge_partition,                \
        sweep_cuda_merge_tiles, sweep_cuda_scan, sweep_cuda_segmented_scan, sweep_cuda_reduce,     \
        sweep_cuda_segmented_reduce, sweep_cuda_split, sweep_cuda_radix_sort,                      \
        sweep_cuda_merge_sort, sweep_cuda_merge,

#endif /* SWEEP_CUDA_BACKEND_H */
