/*
 * table.c -- the OpenMP backend's device entries (one device: the host CPU), the
 * handle, and the kernel table exported through sweep_backend_entry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_omp.h"
#include "pool.h"

#include <omp.h>

/* Tiles the core's generic compositions use on this backend: large enough that a
 * tile amortises its loop overhead, small enough for many tiles per thread. */
#define SWOMP_SCAN_TILE ((size_t)1 << 15)
#define SWOMP_SPLIT_TILE ((size_t)1 << 15)
#define SWOMP_RADIX_TILE ((size_t)1 << 15)
#define SWOMP_SORT_TILE ((size_t)1 << 12)
#define SWOMP_MERGE_PART ((size_t)1 << 15)

int swomp_team(const swomp_handle *h, size_t bytes) {
    if (h->threads <= 1 || bytes < SWOMP_PARALLEL_MIN_BYTES) return 1;
    size_t useful = bytes / SWOMP_TEAM_SHARE_BYTES;
    return useful < (size_t)h->threads ? (int)useful : h->threads;
}

size_t swomp_compare_work(const sweep_kcmp *cmp, size_t n, size_t bytes_each, int sort) {
    size_t passes = 1;
    if (sort)
        for (size_t w = 2; w < n; w *= 2)
            passes++;
    const size_t cost = cmp->kind == SWEEP_COMPARE_CUSTOM ? 8 : 2;
    return n * bytes_each * passes * cost;
}

sweep_status swomp_fail(const swomp_handle *h, sweep_status status, const char *message) {
    if (h && h->report) h->report(status, message);
    return status;
}

typedef struct copy_job {
    unsigned char *dst;
    const unsigned char *src;
} copy_job;

static void copy_part(void *ctx, size_t lo, size_t hi, int worker) {
    const copy_job *j = (const copy_job *)ctx;
    (void)worker;
    memcpy(j->dst + lo, j->src + lo, hi - lo);
}

void swomp_copy(const swomp_handle *h, void *dst, const void *src, size_t bytes) {
    int threads = swomp_team(h, bytes);
    if (threads == 1) {
        memcpy(dst, src, bytes);
        return;
    }
    copy_job j = {(unsigned char *)dst, (const unsigned char *)src};
    swomp_pool_ranges(threads, bytes, swomp_parts(threads, bytes / 4096), copy_part, &j);
}

sweep_status swomp_device_count(int *count, char *reason, size_t reason_len) {
    *count = 1;
    if (reason && reason_len) reason[0] = '\0';
    return SWEEP_OK;
}

sweep_status swomp_device_name(int device, char *buf, size_t len) {
    if (device != 0) return SWEEP_ERR_INVALID_ARGUMENT;
    if (buf && len) snprintf(buf, len, "host CPU (%d threads)", omp_get_max_threads());
    return SWEEP_OK;
}

sweep_status swomp_open(const sweep_backend_open_args *args, void **handle,
                        sweep_backend_props *props) {
    if (args->device != 0) {
        if (args->report) args->report(SWEEP_ERR_INVALID_ARGUMENT, "openmp: only device 0 exists");
        return SWEEP_ERR_INVALID_ARGUMENT;
    }
    if (args->num_threads < 0) {
        if (args->report)
            args->report(SWEEP_ERR_INVALID_ARGUMENT, "openmp: num_threads must not be negative");
        return SWEEP_ERR_INVALID_ARGUMENT;
    }
    swomp_handle *h = (swomp_handle *)calloc(1, sizeof *h);
    if (!h) {
        if (args->report) args->report(SWEEP_ERR_OUT_OF_MEMORY, "openmp: no memory for a context");
        return SWEEP_ERR_OUT_OF_MEMORY;
    }
    h->threads = args->num_threads > 0 ? args->num_threads : omp_get_max_threads();
    if (h->threads < 1) h->threads = 1;
    h->options = args->options;
    h->report = args->report;
    props->flags = SWEEP_BACKEND_HOST_MEMORY;
    props->scan_tile = SWOMP_SCAN_TILE;
    props->split_tile = SWOMP_SPLIT_TILE;
    props->radix_tile = SWOMP_RADIX_TILE;
    props->sort_tile = SWOMP_SORT_TILE;
    props->merge_part = SWOMP_MERGE_PART;
    *handle = h;
    return SWEEP_OK;
}

void swomp_close(void *h) {
    free(h);
}

sweep_status swomp_alloc(void *hv, void **ptr, size_t bytes) {
    if (bytes == 0) {
        *ptr = NULL;
        return SWEEP_OK;
    }
    /* aligned_alloc wants a multiple of the alignment */
    size_t rounded = (bytes + 255) / 256 * 256;
    void *p = rounded >= bytes ? aligned_alloc(256, rounded) : NULL;
    if (!p)
        return swomp_fail((swomp_handle *)hv, SWEEP_ERR_OUT_OF_MEMORY,
                          "openmp: out of host memory");
    *ptr = p;
    return SWEEP_OK;
}

sweep_status swomp_free(void *h, void *ptr) {
    (void)h;
    free(ptr);
    return SWEEP_OK;
}

sweep_status swomp_memcpy(void *hv, void *dst, const void *src, size_t bytes,
                          sweep_copy_kind kind) {
    (void)kind; /* host memory on both sides */
    if (bytes) swomp_copy((swomp_handle *)hv, dst, src, bytes);
    return SWEEP_OK;
}

sweep_status swomp_memset(void *h, void *dst, int value, size_t bytes) {
    (void)h;
    if (bytes) memset(dst, value, bytes);
    return SWEEP_OK;
}

sweep_status swomp_set_stream(void *h, void *native_stream) {
    if (native_stream == NULL) return SWEEP_OK;
    return swomp_fail((swomp_handle *)h, SWEEP_ERR_UNSUPPORTED,
                      "openmp: the CPU backend has no streams; only NULL is accepted");
}

sweep_status swomp_synchronize(void *h) {
    (void)h; /* every entry finishes its work before returning */
    return SWEEP_OK;
}

static const sweep_backend_table swomp_table = {
    SWEEP_BACKEND_ABI_VERSION,
    (uint32_t)sizeof(sweep_backend_table),
    "openmp",
    swomp_device_count,
    swomp_device_name,
    swomp_open,
    swomp_close,
    swomp_alloc,
    swomp_free,
    swomp_memcpy,
    swomp_memset,
    swomp_set_stream,
    swomp_synchronize,
    swomp_tile_reduce,
    swomp_tile_scan,
    swomp_heads_from_keys,
    swomp_heads_from_offsets,
    swomp_segment_last,
    swomp_flag_count,
    swomp_flag_scatter,
    swomp_radix_histogram,
    swomp_radix_tile_histogram,
    swomp_radix_scatter,
    swomp_tile_sort,
    swomp_merge_partition,
    swomp_merge_tiles,
    swomp_scan,
    swomp_segmented_scan,
    swomp_reduce,
    swomp_segmented_reduce,
    swomp_split,
    swomp_radix_sort,
    swomp_merge_sort,
    swomp_merge,
    swomp_gather,
    swomp_search,
    swomp_segmented_sort,
    swomp_iota,
    swomp_range_lengths,
    swomp_histogram,
    swomp_runs,
    swomp_check_offsets,
    NULL, /* offsets_gate_begin: the pool checks on the host before the work */
    NULL, /* offsets_gate_end */
};

__attribute__((visibility("default"))) const sweep_backend_table *sweep_backend_entry(void) {
    return &swomp_table;
}
