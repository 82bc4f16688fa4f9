/*
 * gpu_backend.h -- what the shared host code of both GPU plugins shares: the handle
 * behind the backend table's void *h, error reporting for runtime calls and launches,
 * and the entries each file defines (the table in table.cpp lists them all). The
 * runtime calls themselves go through gpu_runtime.h, which each plugin implements.
 */
#ifndef SWEEP_GPU_BACKEND_H
#define SWEEP_GPU_BACKEND_H

#include "gpu/host/gpu_runtime.h"
#include "gpu/tuning/device_tuning.h"

#include <sweep/backend.h>

struct sweep_gpu_handle {
    int device;
    sweep_gpu_stream stream;
    sweep_report_fn report;
    unsigned options;
    /* the device's tuning (tuning/device_tuning.h), chosen at open */
    const sweep_gpu_tuning *tuning;
    int sm_count;
    int max_threads_per_sm;
    size_t smem_per_sm;
    /* the most shared memory one block may have (above 48 KB only after
     * sweep_gpu_kernel_max_dynamic_smem raises the kernel's limit) */
    size_t smem_per_block;
    /* programmatic dependent launch (CUDA on sm_90+; util/grid_dependency.cuh) */
    int dependent_launch;
    /* Look-back tests: tiles with tile % stall_mod == 1 never publish (0 = off), and
     * how long a waiting tile spins before it reduces a stuck predecessor itself. */
    unsigned stall_mod;
    int spin_limit;
    /* Grid-stride kernels launch at most this many blocks (0: the device's fill,
     * sweep_gpu_grid). Tests set 1 (SWEEP_CUDA_GRID_CAP, SWEEP_HIP_GRID_CAP) so
     * that small inputs already need every block to walk more than its first stride. */
    int grid_cap;
    /* Radix sorts of at least this many keys take the hybrid MSD sort
     * (device/radix_hybrid.cuh): 8-byte keys, 4-byte keys with values, 4-byte keys alone
     * (the tuning's radix_hybrid_min*). SWEEP_CUDA_RADIX_HYBRID_MIN and
     * SWEEP_HIP_RADIX_HYBRID_MIN (tests) set all three, to reach the hybrid with small
     * inputs. */
    size_t radix_hybrid_min8, radix_hybrid_min4, radix_hybrid_min4_keys;
    /* Radix sorts on every bit of at most this many keys take the merge sort
     * (radix.cu): 8-byte keys, 4-byte keys with values, alone (the tuning's
     * radix_merge_max*). SWEEP_CUDA_RADIX_MERGE_MAX and SWEEP_HIP_RADIX_MERGE_MAX set
     * all three (tests: 0 keeps every such sort on the radix passes). */
    size_t radix_merge_max8, radix_merge_max4, radix_merge_max4_keys;
    /* The fused segmented sort's routes (segmented_sort.cu), each selectable so that
     * old and new can be timed in one run: large segments of at most
     * segsort_shared_max keys (and what fits a block's shared memory) take the
     * shared-memory LSD sort (SWEEP_CUDA_SEGSORT_SHARED_MAX, SWEEP_HIP_...; 0: never);
     * segsort_lean (SWEEP_CUDA_SEGSORT_LEAN, 1 unless set to 0): calls of few segments
     * are classified by one block, without the counts' memset, short calls sort their
     * small and medium segments in one launch, and the counts the host reads are copied
     * right behind the classification (segsort_readback below). */
    size_t segsort_shared_max;
    int segsort_lean;
    /* The segmented sort's read-back of its large and huge counts (segmented_sort.cu,
     * with segsort_lean): pinned host memory and an event, made on the first call that
     * reads them; segsort_readback_failed if they could not be (the call then waits for
     * the stream as before). */
    void *segsort_readback;
    sweep_gpu_event segsort_event;
    int segsort_readback_failed;
    /* Splits and compactions without values whose elements take fewer than
     * split_resident_bytes bytes go through the one-kernel split
     * (device/split_resident.cuh) where the device launches cooperative grids
     * (SWEEP_CUDA_SPLIT_RESIDENT_BYTES; tests set 0 or a large value to take one
     * path). Tests also cap its blocks and the tiles of flags a block keeps
     * (SWEEP_CUDA_SPLIT_RESIDENT_BLOCKS, _TILES; 0: as many as fit), so that small
     * inputs reach blocks of many tiles and tiles whose flags are read again. */
    size_t split_resident_bytes;
    unsigned split_resident_blocks, split_resident_tiles;
    int cooperative_launch;
    /* The hybrid sort's read-backs (radix.cu): pinned host memory and an event,
     * made on the first hybrid sort; readback_failed if they could not be. */
    void *readback;
    sweep_gpu_event readback_event;
    int readback_failed;
    /* The offsets check (offsets_check.cu), all made on the first check. check_result:
     * device words, the least decreasing index and the count of finished blocks (the
     * kernel's last block leaves both ready for the next check), then three words of
     * result for when check_host could not be had. check_host: pinned host memory
     * mapped into the device's address space (check_host_device there), which the
     * kernel writes the three words of result to; check_mapped_failed if it could not
     * be had. check_dirty: a check may have stopped halfway, the device words need
     * setting again. */
    unsigned long long *check_result;
    unsigned long long *check_host;
    unsigned long long *check_host_device;
    int check_mapped_failed;
    int check_dirty;
    /* The gate (offsets_check.cu): between offsets_gate_begin and offsets_gate_end,
     * gate is the check's verdict in device memory, which the fused segmented reduce
     * and segmented scan by offsets hand to their kernels (NULL: no gate open).
     * gate_event follows the check kernel (made on the first gate; gate_event_failed
     * if it could not be); gate_settled once the host has the check's words,
     * gate_words. */
    const unsigned long long *gate;
    sweep_gpu_event gate_event;
    int gate_event_made;
    int gate_event_failed;
    int gate_settled;
    unsigned long long gate_words[3];
    /* Segmented reductions of at least this many elements take the dedicated kernel
     * (device/segreduce_kernel.cuh), smaller ones the single-pass scan's (the tuning's
     * segreduce_min; SWEEP_CUDA_SEGREDUCE_MIN and SWEEP_HIP_SEGREDUCE_MIN set it, read
     * at open: 0 sends every size to the dedicated kernel, a size past any input keeps
     * every one on the scan's). */
    size_t segreduce_min;
    /* Run-time compiled programs of custom operators and comparators
     * (rtc/rtc_programs.cpp); NULL until the first one is needed. */
    struct sweep_rtc_cache *rtc;
    /* What the plugin's launches keep per handle (the CUDA plugin: the driver's
     * handles of the kernels launched so far); NULL until the first launch.
     * runtime_launch (tests: SWEEP_CUDA_RUNTIME_LAUNCH=1) launches through the
     * runtime instead of a faster path. */
    struct sweep_gpu_launch_cache *launch_cache;
    int runtime_launch;
};
typedef struct sweep_gpu_handle sweep_gpu_handle;

/* Reports a failed runtime call ("<plugin>: <what>: <runtime's words>") and returns
 * its status (sweep_gpu_error_status). */
sweep_status sweep_gpu_fail(const sweep_gpu_handle *h, sweep_gpu_error err, const char *what);
/* Reports status with a message (no runtime error involved), prefixed with the
 * plugin's name: "scan: too many tiles" reaches the user as "cuda: scan: ...". */
sweep_status sweep_gpu_report(const sweep_gpu_handle *h, sweep_status status, const char *message);

#define SWEEP_GPU_TRY(h, call)                                                                     \
    do {                                                                                           \
        const sweep_gpu_error sweep_err_ = (call);                                                 \
        if (sweep_err_ != 0) return sweep_gpu_fail((h), sweep_err_, #call);                        \
    } while (0)

/* Launches through sweep_gpu_launch (launch.cuh) and returns its failure:
 * SWEEP_GPU_LAUNCH(h, name, kernel, grid, block, smem, args...). */
#define SWEEP_GPU_LAUNCH(h, ...)                                                                   \
    do {                                                                                           \
        const sweep_status sweep_launch_st_ = sweep_gpu_launch((h), __VA_ARGS__);                  \
        if (sweep_launch_st_ != SWEEP_OK) return sweep_launch_st_;                                 \
    } while (0)

/* Every entry starts here: the handle's device becomes current for this thread. */
#define SWEEP_GPU_ENTER(h) SWEEP_GPU_TRY((h), sweep_gpu_set_device((h)->device))

/* Blocks for a grid-stride kernel over `work` items: enough to fill the device. */
unsigned sweep_gpu_grid(const sweep_gpu_handle *h, size_t work, unsigned threads);

/* The value of environment variable <plugin prefix><suffix> ("SWEEP_CUDA_GRID_CAP")
 * as a number from 0 to 10^9; fallback when unset or not such a number. */
int sweep_gpu_env_int(const char *suffix, int fallback);

/* ---- device.cpp: the device entries of the table (errors.cpp: the reports) ---- */
sweep_status sweep_gpu_open(const sweep_backend_open_args *args, void **handle,
                            sweep_backend_props *props);
void sweep_gpu_close(void *h);
sweep_status sweep_gpu_alloc(void *h, void **ptr, size_t bytes);
sweep_status sweep_gpu_free(void *h, void *ptr);
sweep_status sweep_gpu_memcpy(void *h, void *dst, const void *src, size_t bytes,
                              sweep_copy_kind kind);
sweep_status sweep_gpu_memset(void *h, void *dst, int value, size_t bytes);
sweep_status sweep_gpu_set_stream(void *h, void *native_stream);
sweep_status sweep_gpu_synchronize(void *h);

/* ---- tile_scan.cu: basic scan kernels ---- */
sweep_status sweep_gpu_tile_reduce(void *h, const sweep_kop *op, const void *in,
                                   const uint8_t *flags, size_t n, size_t tile, void *partials,
                                   uint8_t *partial_flags);
sweep_status sweep_gpu_tile_scan(void *h, const sweep_kop *op, const void *in, const uint8_t *flags,
                                 void *out, size_t n, size_t tile, const void *carries,
                                 int exclusive);
sweep_status sweep_gpu_heads_from_keys(void *h, const void *keys, size_t key_size, size_t n,
                                       uint8_t *flags);
sweep_status sweep_gpu_heads_from_offsets(void *h, const size_t *offsets, size_t nseg, size_t base,
                                          size_t n, uint8_t *flags);
sweep_status sweep_gpu_segment_last(void *h, const sweep_kop *op, const void *scanned,
                                    const size_t *offsets, size_t nseg, size_t base, void *out);

/* ---- scan.cu: fused scans and reductions ---- */
sweep_status sweep_gpu_scan(void *h, const sweep_kop *op, const void *in, void *out, size_t n,
                            int exclusive, void *scratch, size_t *scratch_bytes);
sweep_status sweep_gpu_segmented_scan(void *h, const sweep_kop *op, const void *in, void *out,
                                      size_t n, const sweep_ksegments *seg, int exclusive,
                                      void *scratch, size_t *scratch_bytes);
sweep_status sweep_gpu_reduce(void *h, const sweep_kop *op, const void *in, size_t n, void *out,
                              void *scratch, size_t *scratch_bytes);
sweep_status sweep_gpu_segmented_reduce(void *h, const sweep_kop *op, const void *in, size_t n,
                                        const size_t *offsets, size_t nseg, void *out,
                                        void *scratch, size_t *scratch_bytes);

/* ---- split.cu ---- */
sweep_status sweep_gpu_flag_count(void *h, const uint8_t *flags, size_t n, size_t tile,
                                  size_t *counts);
sweep_status sweep_gpu_flag_scatter(void *h, const uint8_t *flags, const void *in, void *out,
                                    size_t elem_size, const void *values_in, void *values_out,
                                    size_t vsize, size_t n, size_t tile, const size_t *before,
                                    const size_t *total, int keep_unflagged);
sweep_status sweep_gpu_split(void *h, const uint8_t *flags, const void *in, void *out,
                             size_t elem_size, const void *values_in, void *values_out,
                             size_t vsize, size_t n, size_t *num_flagged, int keep_unflagged,
                             void *scratch, size_t *scratch_bytes);

/* ---- radix.cu ---- */
sweep_status sweep_gpu_radix_histogram(void *h, const sweep_kradix *key, const void *keys, size_t n,
                                       size_t *hist);
sweep_status sweep_gpu_radix_tile_histogram(void *h, const sweep_kradix *key, const void *keys,
                                            size_t n, size_t tile, unsigned shift, unsigned nbits,
                                            size_t *hist);
sweep_status sweep_gpu_radix_scatter(void *h, const sweep_kradix *key, const void *keys_in,
                                     void *keys_out, const void *values_in, void *values_out,
                                     size_t vsize, size_t n, size_t tile, unsigned shift,
                                     unsigned nbits, const size_t *offsets);
sweep_status sweep_gpu_radix_sort(void *h, const sweep_kradix *key, const void *keys_in,
                                  void *keys_out, const void *values_in, void *values_out,
                                  size_t vsize, size_t n, void *scratch, size_t *scratch_bytes);
/* Frees what the radix sort keeps in the handle (its read-back buffer and event);
 * the device is current and the stream idle. */
void sweep_gpu_radix_release(sweep_gpu_handle *h);

/* ---- segmented_sort.cu ---- */
sweep_status sweep_gpu_segmented_sort(void *h, const sweep_kradix *key, const sweep_kcmp *cmp,
                                      const void *keys_in, void *keys_out, const void *values_in,
                                      void *values_out, size_t vsize, size_t n,
                                      const size_t *offsets, size_t nseg, void *scratch,
                                      size_t *scratch_bytes);
/* Frees what the segmented sort keeps in the handle (its read-back buffer and event);
 * the device is current and the stream idle. */
void sweep_gpu_segsort_release(sweep_gpu_handle *h);

/* ---- offsets_check.cu ---- */
sweep_status sweep_gpu_check_offsets(void *h, const size_t *offsets, size_t nseg, size_t *result);
sweep_status sweep_gpu_offsets_gate_begin(void *h, const size_t *offsets, size_t nseg, size_t n);
sweep_status sweep_gpu_offsets_gate_end(void *h, size_t *result);
/* Waits for the open gate's check (not for the work queued behind it) and stores its
 * result as check_offsets does; the gate stays open. For the entries whose kernels
 * cannot read the verdict (custom operators): they wait, then write nothing where the
 * offsets were bad. */
sweep_status sweep_gpu_offsets_gate_settle(sweep_gpu_handle *h, size_t *result);
/* Frees the check's device words and mapped host memory; the device is current and the
 * stream idle. */
void sweep_gpu_check_release(sweep_gpu_handle *h);

/* ---- merge.cu ---- */
/* The most keys of key_size bytes one block sorts (the tile sort's tile). */
size_t sweep_gpu_one_block_sort_max(size_t key_size);
/* Sorts n keys (1 <= n <= sweep_gpu_one_block_sort_max) by the order of their patterns
 * (radix_keys.cuh: kind, descending; the radix sort's order over all bits, stably),
 * values of vsize <= 16 bytes alongside, in one launch of one block; in place is fine. */
sweep_status sweep_gpu_one_block_sort(sweep_gpu_handle *h, int kind, int descending,
                                      size_t key_size, const void *keys_in, void *keys_out,
                                      const void *values_in, void *values_out, size_t vsize,
                                      size_t n);
sweep_status sweep_gpu_tile_sort(void *h, const sweep_kcmp *cmp, void *keys, void *values,
                                 size_t vsize, size_t n, size_t tile);
sweep_status sweep_gpu_merge_partition(void *h, const sweep_kcmp *cmp, const void *a, size_t na,
                                       const void *b, size_t nb, size_t vsize, size_t part,
                                       size_t *splits);
sweep_status sweep_gpu_merge_tiles(void *h, const sweep_kcmp *cmp, const void *a,
                                   const void *a_values, size_t na, const void *b,
                                   const void *b_values, size_t nb, size_t vsize, size_t part,
                                   const size_t *splits, void *out, void *out_values);

sweep_status sweep_gpu_merge_sort(void *h, const sweep_kcmp *cmp, const void *keys_in,
                                  void *keys_out, const void *values_in, void *values_out,
                                  size_t vsize, size_t n, void *scratch, size_t *scratch_bytes);
sweep_status sweep_gpu_merge(void *h, const sweep_kcmp *cmp, const void *a, const void *a_values,
                             size_t na, const void *b, const void *b_values, size_t nb, void *out,
                             void *out_values, size_t vsize, void *scratch, size_t *scratch_bytes);

/* ---- gather_search.cu ---- */
sweep_status sweep_gpu_gather(void *h, const void *in, size_t elem_size, const size_t *idx,
                              size_t n, void *out);
sweep_status sweep_gpu_search(void *h, const sweep_kcmp *cmp, const void *haystack, size_t nhay,
                              const void *needles, size_t nneedles, int upper, size_t *out);
/* ---- runs.cu ---- */
sweep_status sweep_gpu_iota(void *h, size_t first, size_t n, size_t *out);
sweep_status sweep_gpu_range_lengths(void *h, const size_t *starts, const size_t *count, size_t end,
                                     size_t n, size_t *lengths, uint8_t *long_flags);

/* The fused run primitives (device/runs_select.cuh). */
sweep_status sweep_gpu_runs(void *h, const sweep_kruns *runs, void *scratch, size_t *scratch_bytes);

/* ---- histogram.cu ---- */
sweep_status sweep_gpu_histogram(void *h, const sweep_khist *hist, const void *samples, size_t n,
                                 void *counts);

#endif /* SWEEP_GPU_BACKEND_H */
