/*
 * comm_nccl.c -- libsweep-comm-nccl.so: sweep's communicator interface over NCCL, for
 * CUDA contexts (context memory is device memory). Each handle has a stream of its
 * own on the context's device: the core waits for the context's work before an
 * exchange, NCCL runs on this stream, and the host waits for it. While waiting, the
 * handle polls ncclCommGetAsyncError; on an error (a peer that died is found by
 * NCCL's own timeouts) it aborts the communicator and fails every later call, so no
 * rank waits forever on a communicator that cannot finish. Host bytes (allgather,
 * bcast) travel through a device staging buffer and a pinned host one, both grown as
 * needed: a copy into pageable memory would block the host inside cudaMemcpyAsync
 * until NCCL finished, out of reach of the error polling.
 */
#include <comm_table.h>

#include <cuda_runtime.h>
#include <nccl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct nccl_handle {
    ncclComm_t comm;
    int owned; /* made by init_rank/init_all: destroyed with the handle */
    int aborted;
    int device, rank, size;
    cudaStream_t stream;
    void *staging;      /* device */
    void *host_staging; /* pinned host, as large as staging */
    size_t staging_bytes;
    sweep_report_fn report;
} nccl_handle;

static sweep_status fail(sweep_report_fn report, sweep_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static sweep_status fail(sweep_report_fn report, sweep_status st, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (report) report(st, msg);
    return st;
}

#define CUDA_CHECK(report, call)                                                                   \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != cudaSuccess)                                                                     \
            return fail(report, SWEEP_ERR_DEVICE, "%s failed: %s", #call, cudaGetErrorString(e_)); \
    } while (0)

#define NCCL_CHECK(report, call)                                                                   \
    do {                                                                                           \
        ncclResult_t r_ = (call);                                                                  \
        if (r_ != ncclSuccess)                                                                     \
            return fail(report, SWEEP_ERR_DEVICE, "%s failed: %s", #call, ncclGetErrorString(r_)); \
    } while (0)

static sweep_status handle_new(sweep_report_fn report, ncclComm_t comm, int owned, int device,
                               nccl_handle **out) {
    nccl_handle *h = calloc(1, sizeof *h);
    if (!h) return fail(report, SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate a handle");
    h->comm = comm;
    h->owned = owned;
    h->device = device;
    h->report = report;
    ncclResult_t r = ncclCommUserRank(comm, &h->rank);
    if (r == ncclSuccess) r = ncclCommCount(comm, &h->size);
    if (r != ncclSuccess) {
        free(h);
        return fail(report, SWEEP_ERR_DEVICE, "%s failed: %s", "ncclCommUserRank/ncclCommCount",
                    ncclGetErrorString(r));
    }
    cudaError_t e = cudaSetDevice(device);
    if (e == cudaSuccess) e = cudaStreamCreateWithFlags(&h->stream, cudaStreamNonBlocking);
    if (e != cudaSuccess) {
        free(h);
        return fail(report, SWEEP_ERR_DEVICE, "%s failed: %s", "cudaStreamCreateWithFlags",
                    cudaGetErrorString(e));
    }
    *out = h;
    return SWEEP_OK;
}

static sweep_status nccl_wrap(const sweep_comm_open_args *args, const void *native, void **handle,
                              int *rank, int *size) {
    ncclComm_t comm = *(const ncclComm_t *)native;
    int dev = -1;
    NCCL_CHECK(args->report, ncclCommCuDevice(comm, &dev));
    if (dev != args->device)
        return fail(args->report, SWEEP_ERR_INVALID_ARGUMENT,
                    "the NCCL communicator is on device %d, the context on device %d", dev,
                    args->device);
    nccl_handle *h;
    sweep_status st = handle_new(args->report, comm, 0, args->device, &h);
    if (st != SWEEP_OK) return st;
    *rank = h->rank;
    *size = h->size;
    *handle = h;
    return SWEEP_OK;
}

static sweep_status nccl_unique_id(const sweep_comm_open_args *args, void *id, size_t *id_len) {
    ncclUniqueId uid;
    NCCL_CHECK(args->report, ncclGetUniqueId(&uid));
    memcpy(id, &uid, sizeof uid);
    *id_len = sizeof uid;
    return SWEEP_OK;
}

static sweep_status nccl_init_rank(const sweep_comm_open_args *args, const void *id, size_t id_len,
                                   int size, int rank, void **handle) {
    ncclUniqueId uid;
    if (id_len != sizeof uid)
        return fail(args->report, SWEEP_ERR_INTERNAL, "NCCL unique id of a wrong size");
    memcpy(&uid, id, sizeof uid);
    CUDA_CHECK(args->report, cudaSetDevice(args->device));
    ncclComm_t comm;
    NCCL_CHECK(args->report, ncclCommInitRank(&comm, size, uid, rank));
    nccl_handle *h;
    sweep_status st = handle_new(args->report, comm, 1, args->device, &h);
    if (st != SWEEP_OK) {
        (void)ncclCommDestroy(comm);
        return st;
    }
    *handle = h;
    return SWEEP_OK;
}

static void nccl_destroy(void *handle);

static sweep_status nccl_init_all(const int *devices, int count, sweep_report_fn report,
                                  void **handles) {
    ncclComm_t *comms = calloc((size_t)count, sizeof *comms);
    if (!comms)
        return fail(report, SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate %d communicators", count);
    ncclResult_t r = ncclCommInitAll(comms, count, devices);
    if (r != ncclSuccess) {
        free(comms);
        return fail(report, SWEEP_ERR_DEVICE, "%s failed: %s", "ncclCommInitAll",
                    ncclGetErrorString(r));
    }
    sweep_status st = SWEEP_OK;
    int made = 0;
    for (; made < count && st == SWEEP_OK; ++made) {
        nccl_handle *h = NULL;
        st = handle_new(report, comms[made], 1, devices[made], &h);
        if (st != SWEEP_OK) break;
        handles[made] = h;
    }
    if (st != SWEEP_OK) {
        for (int i = 0; i < made; ++i)
            nccl_destroy(handles[i]);
        for (int i = made; i < count; ++i)
            (void)ncclCommDestroy(comms[i]);
    }
    free(comms);
    return st;
}

static void nccl_destroy(void *handle) {
    nccl_handle *h = handle;
    if (!h) return;
    (void)cudaSetDevice(h->device);
    /* After ncclCommAbort the communicator is freed already. */
    if (h->owned && !h->aborted) (void)ncclCommDestroy(h->comm);
    if (h->staging) (void)cudaFree(h->staging);
    if (h->host_staging) (void)cudaFreeHost(h->host_staging);
    if (h->stream) (void)cudaStreamDestroy(h->stream);
    free(h);
}

/* Microseconds since start (CLOCK_MONOTONIC). */
static long long since_us(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)(now.tv_sec - start->tv_sec) * 1000000ll +
           (now.tv_nsec - start->tv_nsec) / 1000;
}

/* Waits for the stream, watching NCCL's asynchronous errors. The gathers of a few
 * bytes that every distributed call makes several times end within tens of
 * microseconds, and a sleep lasts at least the timer slack (50 us by default): the
 * first 200 us poll without sleeping. */
static sweep_status wait_stream(nccl_handle *h, const char *what) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        cudaError_t e = cudaStreamQuery(h->stream);
        if (e == cudaSuccess) return SWEEP_OK;
        if (e != cudaErrorNotReady)
            return fail(h->report, SWEEP_ERR_DEVICE, "waiting for %s: %s", what,
                        cudaGetErrorString(e));
        ncclResult_t async = ncclSuccess;
        ncclResult_t r = ncclCommGetAsyncError(h->comm, &async);
        if (r != ncclSuccess || (async != ncclSuccess && async != ncclInProgress)) {
            ncclResult_t why = r != ncclSuccess ? r : async;
            (void)ncclCommAbort(h->comm);
            h->aborted = 1;
            return fail(h->report, SWEEP_ERR_DEVICE,
                        "NCCL reported an error during %s (%s); the communicator was aborted", what,
                        ncclGetErrorString(why));
        }
        if (since_us(&start) < 200) continue;
        struct timespec nap = {0, 20000};
        nanosleep(&nap, NULL);
    }
}

static sweep_status usable(nccl_handle *h) {
    if (h->aborted)
        return fail(h->report, SWEEP_ERR_DEVICE,
                    "the NCCL communicator was aborted after an earlier error");
    CUDA_CHECK(h->report, cudaSetDevice(h->device));
    return SWEEP_OK;
}

static sweep_status staging(nccl_handle *h, size_t bytes) {
    if (bytes <= h->staging_bytes) return SWEEP_OK;
    if (h->staging) CUDA_CHECK(h->report, cudaFree(h->staging));
    if (h->host_staging) CUDA_CHECK(h->report, cudaFreeHost(h->host_staging));
    h->staging = h->host_staging = NULL;
    h->staging_bytes = 0;
    CUDA_CHECK(h->report, cudaMalloc(&h->staging, bytes));
    CUDA_CHECK(h->report, cudaMallocHost(&h->host_staging, bytes));
    h->staging_bytes = bytes;
    return SWEEP_OK;
}

static sweep_status nccl_allgather(void *handle, const void *send, void *recv, size_t bytes) {
    nccl_handle *h = handle;
    sweep_status st = usable(h);
    if (st == SWEEP_OK) st = staging(h, bytes * (size_t)(h->size + 1));
    if (st != SWEEP_OK) return st;
    char *mine = (char *)h->staging + bytes * (size_t)h->size;
    CUDA_CHECK(h->report, cudaMemcpyAsync(mine, send, bytes, cudaMemcpyHostToDevice, h->stream));
    NCCL_CHECK(h->report, ncclAllGather(mine, h->staging, bytes, ncclChar, h->comm, h->stream));
    CUDA_CHECK(h->report, cudaMemcpyAsync(h->host_staging, h->staging, bytes * (size_t)h->size,
                                          cudaMemcpyDeviceToHost, h->stream));
    st = wait_stream(h, "ncclAllGather");
    if (st == SWEEP_OK) memcpy(recv, h->host_staging, bytes * (size_t)h->size);
    return st;
}

static sweep_status nccl_bcast(void *handle, void *buf, size_t bytes, int root) {
    nccl_handle *h = handle;
    sweep_status st = usable(h);
    if (st == SWEEP_OK) st = staging(h, bytes);
    if (st != SWEEP_OK) return st;
    if (h->rank == root)
        CUDA_CHECK(h->report,
                   cudaMemcpyAsync(h->staging, buf, bytes, cudaMemcpyHostToDevice, h->stream));
    NCCL_CHECK(h->report,
               ncclBroadcast(h->staging, h->staging, bytes, ncclChar, root, h->comm, h->stream));
    CUDA_CHECK(h->report, cudaMemcpyAsync(h->host_staging, h->staging, bytes,
                                          cudaMemcpyDeviceToHost, h->stream));
    st = wait_stream(h, "ncclBroadcast");
    if (st == SWEEP_OK) memcpy(buf, h->host_staging, bytes);
    return st;
}

/* One group of point-to-point calls: NCCL pairs the k-th send from q to s with the
 * k-th receive on s from q, so the arrays may go one after the other. */
static sweep_status nccl_exchange(void *handle, const sweep_comm_xfer *xfers, int nx) {
    nccl_handle *h = handle;
    sweep_status st = usable(h);
    if (st != SWEEP_OK) return st;
    NCCL_CHECK(h->report, ncclGroupStart());
    ncclResult_t r = ncclSuccess;
    const char *call = "ncclSend";
    for (int x = 0; x < nx && r == ncclSuccess; ++x) {
        const sweep_comm_xfer *t = &xfers[x];
        for (int q = 0; q < h->size && r == ncclSuccess; ++q) {
            if (t->send_bytes[q]) {
                call = "ncclSend";
                r = ncclSend((const char *)t->send + t->send_off[q], t->send_bytes[q], ncclChar, q,
                             h->comm, h->stream);
            }
            if (r == ncclSuccess && t->recv_bytes[q]) {
                call = "ncclRecv";
                r = ncclRecv((char *)t->recv + t->recv_off[q], t->recv_bytes[q], ncclChar, q,
                             h->comm, h->stream);
            }
        }
    }
    ncclResult_t end = ncclGroupEnd();
    if (r != ncclSuccess)
        return fail(h->report, SWEEP_ERR_DEVICE, "%s failed: %s", call, ncclGetErrorString(r));
    if (end != ncclSuccess)
        return fail(h->report, SWEEP_ERR_DEVICE, "%s failed: %s", "ncclGroupEnd",
                    ncclGetErrorString(end));
    return wait_stream(h, "the all-to-all exchange");
}

static const sweep_comm_table table = {
    .abi_version = SWEEP_COMM_ABI_VERSION,
    .table_size = sizeof(sweep_comm_table),
    .name = "nccl",
    .wrap = nccl_wrap,
    .unique_id = nccl_unique_id,
    .init_rank = nccl_init_rank,
    .init_all = nccl_init_all,
    .destroy = nccl_destroy,
    .allgather = nccl_allgather,
    .bcast = nccl_bcast,
    .exchange = nccl_exchange,
};

__attribute__((visibility("default"))) const sweep_comm_table *sweep_comm_entry(void) {
    return &table;
}
