/*
 * comm_mpi.c -- libsweep-comm-mpi.so: sweep's communicator interface over MPI, for
 * CPU contexts (context memory is host memory). The caller's communicator is
 * duplicated, so sweep's messages never match the caller's, and the duplicate gets
 * MPI_ERRORS_RETURN, so a failed call comes back as a status instead of ending the
 * job. Counts beyond INT_MAX bytes travel as several messages of at most 1 GiB (MPI
 * counts are int); messages between two ranks on one tag arrive in order.
 */
#include <comm_table.h>

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK ((size_t)1 << 30)

typedef struct mpi_comm_handle {
    MPI_Comm comm;
    int rank, size;
    sweep_report_fn report;
} mpi_comm_handle;

static sweep_status failed(sweep_report_fn report, const char *call, int code) {
    char text[MPI_MAX_ERROR_STRING] = "";
    int len = 0;
    if (MPI_Error_string(code, text, &len) != MPI_SUCCESS)
        snprintf(text, sizeof text, "code %d", code);
    char msg[MPI_MAX_ERROR_STRING + 64];
    snprintf(msg, sizeof msg, "%s failed: %s", call, text);
    if (report) report(SWEEP_ERR_DEVICE, msg);
    return SWEEP_ERR_DEVICE;
}

#define MPI_CHECK(report, call)                                                                    \
    do {                                                                                           \
        int code_ = (call);                                                                        \
        if (code_ != MPI_SUCCESS) return failed(report, #call, code_);                             \
    } while (0)

static sweep_status mpi_wrap(const sweep_comm_open_args *args, const void *native, void **handle,
                             int *rank, int *size) {
    int init = 0;
    MPI_CHECK(args->report, MPI_Initialized(&init));
    if (!init) {
        args->report(SWEEP_ERR_INVALID_ARGUMENT, "MPI is not initialised (call MPI_Init first)");
        return SWEEP_ERR_INVALID_ARGUMENT;
    }
    mpi_comm_handle *h = calloc(1, sizeof *h);
    if (!h) {
        args->report(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate the MPI communicator handle");
        return SWEEP_ERR_OUT_OF_MEMORY;
    }
    h->report = args->report;
    int code = MPI_Comm_dup(*(const MPI_Comm *)native, &h->comm);
    if (code != MPI_SUCCESS) {
        free(h);
        return failed(args->report, "MPI_Comm_dup", code);
    }
    code = MPI_Comm_set_errhandler(h->comm, MPI_ERRORS_RETURN);
    if (code == MPI_SUCCESS) code = MPI_Comm_rank(h->comm, &h->rank);
    if (code == MPI_SUCCESS) code = MPI_Comm_size(h->comm, &h->size);
    if (code != MPI_SUCCESS) {
        (void)MPI_Comm_free(&h->comm);
        free(h);
        return failed(args->report, "MPI_Comm_set_errhandler/rank/size", code);
    }
    *rank = h->rank;
    *size = h->size;
    *handle = h;
    return SWEEP_OK;
}

static void mpi_destroy(void *handle) {
    mpi_comm_handle *h = handle;
    if (!h) return;
    int fin = 0;
    /* After MPI_Finalize the duplicate is gone with everything else. */
    if (MPI_Finalized(&fin) == MPI_SUCCESS && !fin) (void)MPI_Comm_free(&h->comm);
    free(h);
}

static sweep_status mpi_allgather(void *handle, const void *send, void *recv, size_t bytes) {
    mpi_comm_handle *h = handle;
    if (bytes > (size_t)INT32_MAX) {
        h->report(SWEEP_ERR_INTERNAL, "a gathered record exceeds INT_MAX bytes");
        return SWEEP_ERR_INTERNAL;
    }
    MPI_CHECK(h->report,
              MPI_Allgather(send, (int)bytes, MPI_BYTE, recv, (int)bytes, MPI_BYTE, h->comm));
    return SWEEP_OK;
}

static sweep_status mpi_bcast(void *handle, void *buf, size_t bytes, int root) {
    mpi_comm_handle *h = handle;
    if (bytes > (size_t)INT32_MAX) {
        h->report(SWEEP_ERR_INTERNAL, "a broadcast record exceeds INT_MAX bytes");
        return SWEEP_ERR_INTERNAL;
    }
    MPI_CHECK(h->report, MPI_Bcast(buf, (int)bytes, MPI_BYTE, root, h->comm));
    return SWEEP_OK;
}

static size_t chunks(size_t bytes) {
    return bytes / CHUNK + (bytes % CHUNK != 0);
}

/* All receives are posted first, then all sends; one MPI_Waitall finishes them. The
 * rank's own part is a plain copy. */
static sweep_status mpi_exchange(void *handle, const sweep_comm_xfer *xfers, int nx) {
    mpi_comm_handle *h = handle;
    size_t count = 0;
    for (int x = 0; x < nx; ++x)
        for (int q = 0; q < h->size; ++q)
            if (q != h->rank)
                count += chunks(xfers[x].send_bytes[q]) + chunks(xfers[x].recv_bytes[q]);
    MPI_Request *req = count ? malloc(count * sizeof *req) : NULL;
    if (count && !req) {
        h->report(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate MPI requests");
        return SWEEP_ERR_OUT_OF_MEMORY;
    }
    size_t k = 0;
    int code = MPI_SUCCESS;
    const char *call = "MPI_Irecv";
    for (int x = 0; x < nx && code == MPI_SUCCESS; ++x) {
        const sweep_comm_xfer *t = &xfers[x];
        for (int q = 0; q < h->size && code == MPI_SUCCESS; ++q) {
            if (q == h->rank) continue;
            char *dst = (char *)t->recv + t->recv_off[q];
            for (size_t done = 0; done < t->recv_bytes[q] && code == MPI_SUCCESS; done += CHUNK) {
                size_t len = t->recv_bytes[q] - done < CHUNK ? t->recv_bytes[q] - done : CHUNK;
                code = MPI_Irecv(dst + done, (int)len, MPI_BYTE, q, x, h->comm, &req[k++]);
            }
        }
    }
    for (int x = 0; x < nx && code == MPI_SUCCESS; ++x) {
        const sweep_comm_xfer *t = &xfers[x];
        call = "MPI_Isend";
        for (int q = 0; q < h->size && code == MPI_SUCCESS; ++q) {
            if (q == h->rank) continue;
            const char *src = (const char *)t->send + t->send_off[q];
            for (size_t done = 0; done < t->send_bytes[q] && code == MPI_SUCCESS; done += CHUNK) {
                size_t len = t->send_bytes[q] - done < CHUNK ? t->send_bytes[q] - done : CHUNK;
                code = MPI_Isend(src + done, (int)len, MPI_BYTE, q, x, h->comm, &req[k++]);
            }
        }
        size_t self = t->send_bytes[h->rank];
        if (self)
            memcpy((char *)t->recv + t->recv_off[h->rank],
                   (const char *)t->send + t->send_off[h->rank], self);
    }
    if (code != MPI_SUCCESS) {
        /* Requests already posted must complete before their buffers go away. */
        for (size_t i = 0; i < k - (k > 0); ++i)
            (void)MPI_Cancel(&req[i]);
        (void)MPI_Waitall((int)(k - (k > 0)), req, MPI_STATUSES_IGNORE);
        free(req);
        return failed(h->report, call, code);
    }
    code = k ? MPI_Waitall((int)k, req, MPI_STATUSES_IGNORE) : MPI_SUCCESS;
    free(req);
    if (code != MPI_SUCCESS) return failed(h->report, "MPI_Waitall", code);
    return SWEEP_OK;
}

static const sweep_comm_table table = {
    .abi_version = SWEEP_COMM_ABI_VERSION,
    .table_size = sizeof(sweep_comm_table),
    .name = "mpi",
    .wrap = mpi_wrap,
    .unique_id = NULL,
    .init_rank = NULL,
    .init_all = NULL,
    .destroy = mpi_destroy,
    .allgather = mpi_allgather,
    .bcast = mpi_bcast,
    .exchange = mpi_exchange,
};

__attribute__((visibility("default"))) const sweep_comm_table *sweep_comm_entry(void) {
    return &table;
}
