/*
 * comm_table.h -- the communicator interface between libsweep's distributed
 * algorithms (core/dist) and the plugins that move bytes (backends/mpi over MPI,
 * backends/nccl over NCCL). A plugin is a shared library libsweep-comm-NAME.so
 * exporting one C symbol, sweep_comm_entry, that returns this table. The interface
 * is deliberately small: a gather of a few host bytes from every rank, a broadcast
 * of host bytes, and one batched all-to-all of context memory. Everything else (rank
 * totals, histograms, splitters) is computed from gathered data on every rank alike.
 * Internal to sweep and its own plugins: not installed.
 */
#ifndef SWEEP_CORE_DIST_COMM_TABLE_H
#define SWEEP_CORE_DIST_COMM_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <sweep/backend.h>

/** The version of this interface; libsweep refuses a table with another. */
#define SWEEP_COMM_ABI_VERSION 1u

/** The longest unique id a plugin's unique_id may make (NCCL's is 128 bytes). */
#define SWEEP_COMM_ID_BYTES 256u

/** One array exchanged by every rank with every rank: rank q's send bytes
 * [send_off[s], send_off[s] + send_bytes[s]) go to rank s, which puts them at
 * recv + recv_off[q] (recv_bytes[q] of them). Arrays of `size` entries. */
typedef struct sweep_comm_xfer {
    const void *send;
    void *recv;
    const size_t *send_off;
    const size_t *send_bytes;
    const size_t *recv_off;
    const size_t *recv_bytes;
} sweep_comm_xfer;

/** What wrap and the init entries get. report explains failures in the calling
 * thread's last error; device is the context's device (GPU plugins). */
typedef struct sweep_comm_open_args {
    int device;
    sweep_report_fn report;
} sweep_comm_open_args;

/** The table a communicator plugin returns. Every entry returns a status and explains
 * a failure through report; none prints, exits or aborts. */
typedef struct sweep_comm_table {
    uint32_t abi_version; /* SWEEP_COMM_ABI_VERSION                 */
    uint32_t table_size;  /* sizeof(sweep_comm_table) of the plugin */
    const char *name;     /* "mpi", "nccl"                          */

    /* Wraps the caller's communicator (MPI: MPI_Comm *, duplicated, collective;
     * NCCL: ncclComm_t *, borrowed). */
    sweep_status (*wrap)(const sweep_comm_open_args *args, const void *native, void **handle,
                         int *rank, int *size);
    /* NCCL: makes a unique id (id_len bytes written to id) for init_rank. NULL on MPI. */
    sweep_status (*unique_id)(const sweep_comm_open_args *args, void *id, size_t *id_len);
    /* NCCL: joins a communicator of size ranks as rank (owned by the handle). */
    sweep_status (*init_rank)(const sweep_comm_open_args *args, const void *id, size_t id_len,
                              int size, int rank, void **handle);
    /* NCCL: one process, count devices (ncclCommInitAll); handles[i] is rank i. */
    sweep_status (*init_all)(const int *devices, int count, sweep_report_fn report, void **handles);
    /* Releases what wrap/init made (frees an owned NCCL communicator, the MPI dup). */
    void (*destroy)(void *handle);

    /* Host memory: recv (size * bytes) gets every rank's bytes in rank order. */
    sweep_status (*allgather)(void *handle, const void *send, void *recv, size_t bytes);
    /* Host memory: root's bytes to every rank. */
    sweep_status (*bcast)(void *handle, void *buf, size_t bytes, int root);
    /* Context memory: nx arrays exchanged in one all-to-all (see sweep_comm_xfer). The
     * data is complete on return. */
    sweep_status (*exchange)(void *handle, const sweep_comm_xfer *xfers, int nx);
} sweep_comm_table;

/** The type of the one symbol a communicator plugin exports. */
typedef const sweep_comm_table *(*sweep_comm_entry_fn)(void);
/** The name of that symbol, for dlsym. */
#define SWEEP_COMM_ENTRY_SYMBOL "sweep_comm_entry"

#endif /* SWEEP_CORE_DIST_COMM_TABLE_H */
