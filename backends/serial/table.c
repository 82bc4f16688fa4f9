/*
 * table.c -- the serial backend's device entries and its table. Context memory is
 * ordinary host memory and every call completes before it returns, so streams and
 * synchronization have nothing to do. The table has no fused entries on purpose:
 * the serial backend is the reference for the core's generic compositions.
 */
#include "serial.h"
#include "serial_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct serial_handle {
    sweep_report_fn report;
} serial_handle;

static sweep_status serial_device_count(int *count, char *reason, size_t reason_len) {
    *count = 1;
    if (reason && reason_len) reason[0] = '\0';
    return SWEEP_OK;
}

static sweep_status serial_device_name(int device, char *buf, size_t len) {
    if (device != 0) return SWEEP_ERR_INVALID_ARGUMENT;
    if (buf && len) snprintf(buf, len, "%s", "host CPU (1 thread)");
    return SWEEP_OK;
}

static sweep_status serial_open(const sweep_backend_open_args *args, void **handle,
                                sweep_backend_props *props) {
    serial_handle *s = malloc(sizeof *s);
    if (!s) return SWEEP_ERR_OUT_OF_MEMORY;
    s->report = args ? args->report : NULL;
    /* Tiles only bound the work per kernel step here; these sizes keep a tile's data in
     * L1/L2 and a tile sort's scratch small. */
    props->flags = SWEEP_BACKEND_HOST_MEMORY;
    props->scan_tile = 4096;
    props->split_tile = 4096;
    props->radix_tile = 65536;
    props->sort_tile = 1024;
    props->merge_part = 4096;
    *handle = s;
    return SWEEP_OK;
}

static void serial_close(void *h) {
    free(h);
}

static sweep_status serial_alloc(void *h, void **ptr, size_t bytes) {
    (void)h;
    if (bytes == 0) {
        *ptr = NULL;
        return SWEEP_OK;
    }
    /* aligned_alloc wants a multiple of the alignment. */
    if (bytes > SIZE_MAX - 255) return SWEEP_ERR_OUT_OF_MEMORY;
    void *p = aligned_alloc(256, (bytes + 255) / 256 * 256);
    if (!p) return SWEEP_ERR_OUT_OF_MEMORY;
    *ptr = p;
    return SWEEP_OK;
}

static sweep_status serial_free(void *h, void *ptr) {
    (void)h;
    free(ptr);
    return SWEEP_OK;
}

static sweep_status serial_memcpy(void *h, void *dst, const void *src, size_t bytes,
                                  sweep_copy_kind kind) {
    (void)h;
    (void)kind;
    if (bytes) memmove(dst, src, bytes);
    return SWEEP_OK;
}

static sweep_status serial_memset(void *h, void *dst, int value, size_t bytes) {
    (void)h;
    if (bytes) memset(dst, value, bytes);
    return SWEEP_OK;
}

static sweep_status serial_set_stream(void *h, void *native_stream) {
    if (!native_stream) return SWEEP_OK;
    const serial_handle *s = h;
    if (s && s->report)
        s->report(SWEEP_ERR_UNSUPPORTED,
                  "the serial backend has no streams; only a NULL stream is accepted");
    return SWEEP_ERR_UNSUPPORTED;
}

static sweep_status serial_synchronize(void *h) {
    (void)h;
    return SWEEP_OK;
}

static const sweep_backend_table serial_table = {
    .abi_version = SWEEP_BACKEND_ABI_VERSION,
    .table_size = sizeof(sweep_backend_table),
    .name = "serial",
    .device_count = serial_device_count,
    .device_name = serial_device_name,
    .open = serial_open,
    .close = serial_close,
    .alloc = serial_alloc,
    .free = serial_free,
    .memcpy = serial_memcpy,
    .memset = serial_memset,
    .set_stream = serial_set_stream,
    .synchronize = serial_synchronize,
    .tile_reduce = sweep_serial_tile_reduce,
    .tile_scan = sweep_serial_tile_scan,
    .heads_from_keys = sweep_serial_heads_from_keys,
    .heads_from_offsets = sweep_serial_heads_from_offsets,
    .segment_last = sweep_serial_segment_last,
    .flag_count = sweep_serial_flag_count,
    .flag_scatter = sweep_serial_flag_scatter,
    .radix_histogram = sweep_serial_radix_histogram,
    .radix_tile_histogram = sweep_serial_radix_tile_histogram,
    .radix_scatter = sweep_serial_radix_scatter,
    .tile_sort = sweep_serial_tile_sort,
    .merge_partition = sweep_serial_merge_partition,
    .merge_tiles = sweep_serial_merge_tiles,
    .gather = sweep_serial_gather,
    .search = sweep_serial_search,
    .iota = sweep_serial_iota,
    .range_lengths = sweep_serial_range_lengths,
    .histogram = sweep_serial_histogram,
    /* Fused primitives stay NULL: the core composes them from the kernels above. */
};

const sweep_backend_table *sweep__serial_table(void) {
    return &serial_table;
}
