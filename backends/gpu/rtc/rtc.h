/*
 * rtc.h -- custom operators and comparators on the GPU: their device source is
 * compiled at run time (NVRTC in the CUDA plugin, hipRTC in the HIP plugin, each
 * loaded with dlopen) together with the plugin's own kernel templates (embedded in
 * the plugin), for the context device's architecture, and loaded through the
 * runtime's library (CUDA) or module (HIP) API: host/gpu_runtime.h. Programs are
 * cached in memory per context and on disk (rtc/rtc_disk_cache.cpp), so a later process
 * starts without compiling.
 */
#ifndef SWEEP_GPU_RTC_H
#define SWEEP_GPU_RTC_H

#include "gpu/host/gpu_backend.h"

/* The two kinds of program and their kernels, in the order of their name
 * expressions (rtc/rtc_program.cpp). */
enum sweep_rtc_kind { SWEEP_RTC_OP = 0, SWEEP_RTC_CMP = 1 };

enum sweep_rtc_op_kernel {
    SWEEP_RTC_SCAN_PLAIN = 0,
    SWEEP_RTC_SCAN_FLAGS,
    SWEEP_RTC_SCAN_OFFSETS,
    SWEEP_RTC_SCAN_KEYS,
    SWEEP_RTC_SEG_REDUCE,
    SWEEP_RTC_TILE_REDUCE,
    SWEEP_RTC_TILE_SCAN,
    SWEEP_RTC_TILE_REDUCE_SEQ,
    SWEEP_RTC_TILE_SCAN_SEQ,
    SWEEP_RTC_OP_KERNELS
};
enum sweep_rtc_cmp_kernel {
    SWEEP_RTC_TILE_SORT = 0, /* keys only; each sorting kernel + 1: the one moving values */
    SWEEP_RTC_TILE_SORT_VALUES,
    SWEEP_RTC_MERGE_TILES,
    SWEEP_RTC_MERGE_TILES_VALUES,
    SWEEP_RTC_MERGE_TILES_PAIRS,
    SWEEP_RTC_MERGE_TILES_PAIRS_VALUES,
    SWEEP_RTC_MERGE_PARTITION,
    SWEEP_RTC_MERGE_PAIRS_PARTITION,
    SWEEP_RTC_TILE_SORT_WIDE, /* keys alone, the fused merge sort's (rtc_wide_sort) */
    SWEEP_RTC_SEARCH,         /* vectorised search (gather_search.cuh) */
    SWEEP_RTC_CMP_KERNELS
};
#define SWEEP_RTC_MAX_KERNELS 10

/* Name expressions of each kind's kernels (the compiler instantiates them; hipRTC
 * gets them with the element alias spelled out, hip_rtc_names.cpp). */
extern const char *const sweep_rtc_op_names[SWEEP_RTC_OP_KERNELS];
extern const char *const sweep_rtc_cmp_names[SWEEP_RTC_CMP_KERNELS];

/* The kernels of one loaded program, and the local memory (bytes a thread: spills and
 * stack) each uses. */
typedef struct sweep_rtc_kernels {
    sweep_gpu_kernel k[SWEEP_RTC_MAX_KERNELS];
    size_t local_bytes[SWEEP_RTC_MAX_KERNELS];
} sweep_rtc_kernels;

/* What identifies a program apart from the architecture and the toolchain. */
typedef struct sweep_rtc_request {
    int kind;           /* sweep_rtc_kind */
    const char *name;   /* the device function's name */
    const char *source; /* the user's device source; NULL: SWEEP_ERR_UNSUPPORTED */
    size_t size;        /* element or key size */
    size_t align;       /* its alignment */
    size_t value_size;  /* comparators: the value size (0: keys alone) the kernels that
                           move values are compiled for */
    int safe_shapes;    /* comparators: 1 for the block shapes that leave the compiler
                           the most registers (rtc_sort_kernels.cuh: RtcSortShape), for
                           a comparator whose kernels spilled under the fast ones */
} sweep_rtc_request;

/* The kernels of a request on h's device: from the context's cache, else the disk
 * cache, else compiled. Errors (reported): SWEEP_ERR_UNSUPPORTED (no device source,
 * no NVRTC / hipRTC: the message says where it looked), SWEEP_ERR_INVALID_ARGUMENT (the
 * source does not compile: the message carries the compiler's log), device errors.
 * A failure is remembered per context, so later calls answer at once. */
sweep_status sweep_gpu_rtc_get(sweep_gpu_handle *h, const sweep_rtc_request *req,
                               const sweep_rtc_kernels **out);

/* The requests of a custom operator, and of a custom comparator moving values of
 * value_size bytes (0: keys alone): one program a value size, with the fast block
 * shapes (safe_shapes 0). */
sweep_rtc_request sweep_gpu_rtc_op_request(const sweep_kop *op);
sweep_rtc_request sweep_gpu_rtc_cmp_request(const sweep_kcmp *cmp, size_t value_size);

/* Frees the context's programs (at close). */
void sweep_gpu_rtc_release(sweep_gpu_handle *h);

/* Launches kernel k (already on h's device) with its argument pointers. */
sweep_status sweep_gpu_rtc_launch(sweep_gpu_handle *h, sweep_gpu_kernel k, size_t grid,
                                  unsigned block, void **args, const char *what);

/* ---- host/rtc_scan.cu: custom operators ---- */
sweep_status sweep_gpu_rtc_scan(sweep_gpu_handle *h, const sweep_kop *op, const void *in, void *out,
                                size_t n, int exclusive, void *scratch, size_t *scratch_bytes);
sweep_status sweep_gpu_rtc_segmented_scan(sweep_gpu_handle *h, const sweep_kop *op, const void *in,
                                          void *out, size_t n, const sweep_ksegments *seg,
                                          int exclusive, void *scratch, size_t *scratch_bytes);
sweep_status sweep_gpu_rtc_reduce(sweep_gpu_handle *h, const sweep_kop *op, const void *in,
                                  size_t n, void *out, void *scratch, size_t *scratch_bytes);
sweep_status sweep_gpu_rtc_segmented_reduce(sweep_gpu_handle *h, const sweep_kop *op,
                                            const void *in, size_t n, const size_t *offsets,
                                            size_t nseg, void *out, void *scratch,
                                            size_t *scratch_bytes);
sweep_status sweep_gpu_rtc_tile_pass(sweep_gpu_handle *h, const sweep_kop *op, const void *in,
                                     const uint8_t *flags, void *out, size_t n, size_t tile,
                                     const void *carries, void *partials, uint8_t *partial_flags,
                                     int exclusive, int scan);

/* ---- host/rtc_merge.cu: custom comparators ---- */
sweep_status sweep_gpu_rtc_tile_sort(sweep_gpu_handle *h, const sweep_kcmp *cmp, void *keys,
                                     void *values, size_t vsize, size_t n, size_t tile);
sweep_status sweep_gpu_rtc_merge_partition(sweep_gpu_handle *h, const sweep_kcmp *cmp,
                                           const void *a, size_t na, const void *b, size_t nb,
                                           size_t vsize, size_t part, size_t *splits);
sweep_status sweep_gpu_rtc_merge_tiles(sweep_gpu_handle *h, const sweep_kcmp *cmp, const void *a,
                                       const void *a_values, size_t na, const void *b,
                                       const void *b_values, size_t nb, size_t vsize, size_t part,
                                       const size_t *splits, void *out, void *out_values);
sweep_status sweep_gpu_rtc_merge_sort(sweep_gpu_handle *h, const sweep_kcmp *cmp,
                                      const void *keys_in, void *keys_out, const void *values_in,
                                      void *values_out, size_t vsize, size_t n, void *scratch,
                                      size_t *scratch_bytes);
sweep_status sweep_gpu_rtc_merge(sweep_gpu_handle *h, const sweep_kcmp *cmp, const void *a,
                                 const void *a_values, size_t na, const void *b,
                                 const void *b_values, size_t nb, void *out, void *out_values,
                                 size_t vsize, void *scratch, size_t *scratch_bytes);

/* ---- host/rtc_merge.cu: vectorised search with a custom comparator ---- */
sweep_status sweep_gpu_rtc_search(sweep_gpu_handle *h, const sweep_kcmp *cmp, const void *haystack,
                                  size_t nhay, const void *needles, size_t nneedles, int upper,
                                  size_t *out);

/* ---- embedded headers (generated by rtc_embed.cmake) ---- */
extern const int sweep_rtc_header_count;
extern const char *const sweep_rtc_header_names[];
extern const char *const sweep_rtc_header_texts[];

/* Counters of this process, for tools and tests: programs compiled, loaded from the
 * disk cache, found in a context's cache; and the last compile's milliseconds. Each
 * plugin exports them under its own name (sweep_cuda_rtc_stats, sweep_hip_rtc_stats). */
void sweep_gpu_rtc_stats(unsigned long long *compiled, unsigned long long *disk_hits,
                         unsigned long long *memory_hits, double *last_compile_ms);

#endif /* SWEEP_GPU_RTC_H */
