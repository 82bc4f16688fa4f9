/*
 * backend_omp.h -- what the OpenMP backend's files share: the handle, how many
 * threads a call uses, scratch carving, and every table entry's prototype.
 * Internal to libsweep-openmp.so (hidden visibility).
 */
#ifndef SWEEP_OPENMP_BACKEND_OMP_H
#define SWEEP_OPENMP_BACKEND_OMP_H

#include <stddef.h>
#include <stdint.h>
#include <sweep/backend.h>

typedef struct swomp_handle {
    int threads; /* team size for large inputs (open args, else OpenMP's default) */
    unsigned options;
    sweep_report_fn report;
} swomp_handle;

/* Below this many bytes of work a call runs on the calling thread: a fork/join costs
 * more than the work (n = 1000 must be no slower than the serial backend). */
#define SWOMP_PARALLEL_MIN_BYTES ((size_t)256 * 1024)

/* The least share of a call's bytes worth a thread of its own. On 16 cores of a 64-core
 * Xeon host (16 threads, u32, 2^12-2^20, against libstdc++'s parallel mode in the same
 * process), 32 KiB against the former 128 KiB took the geometric mean of the ratio to
 * the peer from 1.80 to 1.92 for radix sort, 1.41 to 2.19 merge sort, 0.85 to 1.10
 * merge, 0.85 to 1.12 unique, 1.16 to 1.80 histogram (even bins), 2.83 to 2.95 scan;
 * 16 KiB was no better overall and lost on reduce at 2^16 (docs/perf/threading.md). */
#define SWOMP_TEAM_SHARE_BYTES ((size_t)32 * 1024)

/* Threads worth using for `bytes` of streaming work: 1 for small inputs, else at most
 * one per SWOMP_TEAM_SHARE_BYTES so that every thread gets a useful share. */
int swomp_team(const swomp_handle *h, size_t bytes);

/* The streaming-equivalent bytes of a comparison sort or merge of n elements of
 * `bytes_each` (key and value): its passes over them (log2 n for a sort, 1 for a
 * merge), times a comparison's cost against a copy's (custom comparators are calls
 * through a pointer). For swomp_team: a sort of 2^16 u32 keys is compute, not memory,
 * and was given 2 threads of 16 by its bytes alone (0.07-0.25 of libstdc++'s parallel
 * stable_sort with a custom comparator). */
size_t swomp_compare_work(const sweep_kcmp *cmp, size_t n, size_t bytes_each, int sort);

/* Parts a call's work is cut into for `threads` threads (at most n, at least 1): a
 * few a thread, taken as threads come (pool.h), so that a thread the scheduler runs
 * late leaves a small part for the others instead of holding up the call. */
#define SWOMP_PARTS_PER_THREAD 4
static inline size_t swomp_parts(int threads, size_t n) {
    size_t p = threads > 1 ? (size_t)threads * SWOMP_PARTS_PER_THREAD : 1;
    return p < n ? p : (n ? n : 1);
}

static inline int swomp_deterministic(const swomp_handle *h) {
    return (h->options & SWEEP_OPTION_DETERMINISTIC) != 0;
}

/* Part t of [0, n) split into p near-equal contiguous parts. */
static inline void swomp_part(size_t n, size_t p, size_t t, size_t *lo, size_t *hi) {
    size_t q = n / p, r = n % p;
    *lo = t * q + (t < r ? t : r);
    *hi = *lo + q + (t < r ? 1 : 0);
}

/* Explains a failure through the core's report callback; returns status. */
sweep_status swomp_fail(const swomp_handle *h, sweep_status status, const char *message);

/* Scratch of fused entries is carved in 64-byte pieces (cache lines: no false
 * sharing between threads' slots). */
#define SWOMP_LINE ((size_t)64)
static inline size_t swomp_round(size_t bytes) {
    return (bytes + SWOMP_LINE - 1) / SWOMP_LINE * SWOMP_LINE;
}
/* Takes a piece of `bytes` from *cursor (the size pass uses a NULL base). */
static inline void *swomp_carve(unsigned char **cursor, size_t bytes) {
    void *p = *cursor;
    *cursor += swomp_round(bytes);
    return p;
}
/* Every fused entry asks for at least this much, so that its run call never sees a
 * NULL buffer (NULL means "size query"). */
#define SWOMP_SCRATCH_MIN ((size_t)256)

/* Two-phase scratch: on a query (scratch == NULL) stores `need` and answers 1. */
static inline int swomp_scratch_query(void *scratch, size_t *scratch_bytes, size_t need) {
    if (scratch) return 0;
    *scratch_bytes = need < SWOMP_SCRATCH_MIN ? SWOMP_SCRATCH_MIN : need;
    return 1;
}

/* Parallel copy (large moves are bandwidth-bound; one thread cannot saturate it). */
void swomp_copy(const swomp_handle *h, void *dst, const void *src, size_t bytes);

/* ------------------------------------------------------------ device entries -- */
sweep_status swomp_device_count(int *count, char *reason, size_t reason_len);
sweep_status swomp_device_name(int device, char *buf, size_t len);
sweep_status swomp_open(const sweep_backend_open_args *args, void **handle,
                        sweep_backend_props *props);
void swomp_close(void *h);
sweep_status swomp_alloc(void *h, void **ptr, size_t bytes);
sweep_status swomp_free(void *h, void *ptr);
sweep_status swomp_memcpy(void *h, void *dst, const void *src, size_t bytes, sweep_copy_kind kind);
sweep_status swomp_memset(void *h, void *dst, int value, size_t bytes);
sweep_status swomp_set_stream(void *h, void *native_stream);
sweep_status swomp_synchronize(void *h);

/* ------------------------------------------------------------- basic kernels -- */
sweep_status swomp_tile_reduce(void *h, const sweep_kop *op, const void *in, const uint8_t *flags,
                               size_t n, size_t tile, void *partials, uint8_t *partial_flags);
sweep_status swomp_tile_scan(void *h, const sweep_kop *op, const void *in, const uint8_t *flags,
                             void *out, size_t n, size_t tile, const void *carries, int exclusive);
sweep_status swomp_heads_from_keys(void *h, const void *keys, size_t key_size, size_t n,
                                   uint8_t *flags);
sweep_status swomp_heads_from_offsets(void *h, const size_t *offsets, size_t nseg, size_t base,
                                      size_t n, uint8_t *flags);
sweep_status swomp_segment_last(void *h, const sweep_kop *op, const void *scanned,
                                const size_t *offsets, size_t nseg, size_t base, void *out);
sweep_status swomp_flag_count(void *h, const uint8_t *flags, size_t n, size_t tile, size_t *counts);
sweep_status swomp_flag_scatter(void *h, const uint8_t *flags, const void *in, void *out,
                                size_t elem_size, const void *values_in, void *values_out,
                                size_t vsize, size_t n, size_t tile, const size_t *before,
                                const size_t *total, int keep_unflagged);
sweep_status swomp_radix_histogram(void *h, const sweep_kradix *key, const void *keys, size_t n,
                                   size_t *hist);
sweep_status swomp_radix_tile_histogram(void *h, const sweep_kradix *key, const void *keys,
                                        size_t n, size_t tile, unsigned shift, unsigned nbits,
                                        size_t *hist);
sweep_status swomp_radix_scatter(void *h, const sweep_kradix *key, const void *keys_in,
                                 void *keys_out, const void *values_in, void *values_out,
                                 size_t vsize, size_t n, size_t tile, unsigned shift,
                                 unsigned nbits, const size_t *offsets);
sweep_status swomp_tile_sort(void *h, const sweep_kcmp *cmp, void *keys, void *values, size_t vsize,
                             size_t n, size_t tile);
sweep_status swomp_merge_partition(void *h, const sweep_kcmp *cmp, const void *a, size_t na,
                                   const void *b, size_t nb, size_t vsize, size_t part,
                                   size_t *splits);
sweep_status swomp_merge_tiles(void *h, const sweep_kcmp *cmp, const void *a, const void *a_values,
                               size_t na, const void *b, const void *b_values, size_t nb,
                               size_t vsize, size_t part, const size_t *splits, void *out,
                               void *out_values);
sweep_status swomp_iota(void *h, size_t first, size_t n, size_t *out);
sweep_status swomp_range_lengths(void *h, const size_t *starts, const size_t *count, size_t end,
                                 size_t n, size_t *lengths, uint8_t *long_flags);
sweep_status swomp_histogram(void *h, const sweep_khist *hist, const void *samples, size_t n,
                             void *counts);

sweep_status swomp_gather(void *h, const void *in, size_t elem_size, const size_t *idx, size_t n,
                          void *out);
sweep_status swomp_search(void *h, const sweep_kcmp *cmp, const void *haystack, size_t nhay,
                          const void *needles, size_t nneedles, int upper, size_t *out);

/* ----------------------------------------------------------- fused primitives -- */
sweep_status swomp_scan(void *h, const sweep_kop *op, const void *in, void *out, size_t n,
                        int exclusive, void *scratch, size_t *scratch_bytes);
sweep_status swomp_segmented_scan(void *h, const sweep_kop *op, const void *in, void *out, size_t n,
                                  const sweep_ksegments *seg, int exclusive, void *scratch,
                                  size_t *scratch_bytes);
sweep_status swomp_reduce(void *h, const sweep_kop *op, const void *in, size_t n, void *out,
                          void *scratch, size_t *scratch_bytes);
sweep_status swomp_segmented_reduce(void *h, const sweep_kop *op, const void *in, size_t n,
                                    const size_t *offsets, size_t nseg, void *out, void *scratch,
                                    size_t *scratch_bytes);
sweep_status swomp_split(void *h, const uint8_t *flags, const void *in, void *out, size_t elem_size,
                         const void *values_in, void *values_out, size_t vsize, size_t n,
                         size_t *num_flagged, int keep_unflagged, void *scratch,
                         size_t *scratch_bytes);
sweep_status swomp_radix_sort(void *h, const sweep_kradix *key, const void *keys_in, void *keys_out,
                              const void *values_in, void *values_out, size_t vsize, size_t n,
                              void *scratch, size_t *scratch_bytes);
sweep_status swomp_merge_sort(void *h, const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                              const void *values_in, void *values_out, size_t vsize, size_t n,
                              void *scratch, size_t *scratch_bytes);
sweep_status swomp_merge(void *h, const sweep_kcmp *cmp, const void *a, const void *a_values,
                         size_t na, const void *b, const void *b_values, size_t nb, void *out,
                         void *out_values, size_t vsize, void *scratch, size_t *scratch_bytes);
sweep_status swomp_runs(void *h, const sweep_kruns *runs, void *scratch, size_t *scratch_bytes);
sweep_status swomp_check_offsets(void *h, const size_t *offsets, size_t nseg, size_t *result);

sweep_status swomp_segmented_sort(void *h, const sweep_kradix *key, const sweep_kcmp *cmp,
                                  const void *keys_in, void *keys_out, const void *values_in,
                                  void *values_out, size_t vsize, size_t n, const size_t *offsets,
                                  size_t nseg, void *scratch, size_t *scratch_bytes);

#endif /* SWEEP_OPENMP_BACKEND_OMP_H */
