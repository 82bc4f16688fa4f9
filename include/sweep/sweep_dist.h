/**
 * @file sweep_dist.h
 * @brief Distributed primitives: scan, reduce, split, compaction and sorts across the
 * ranks of an MPI communicator (CPU contexts) or an NCCL communicator (GPU contexts).
 *
 * Data model: rank r holds a contiguous piece of one global sequence; pieces follow
 * rank order and may have any length, zero included. Every function here is
 * collective: each rank of the communicator calls it, in the same order, with its own
 * piece. The result equals the single-process primitive of sweep.h applied to the
 * concatenation of the pieces, bit for bit on integer data (floating scans and
 * reductions group by association only, as in sweep.h, with another bracketing).
 *
 * libsweep itself needs neither MPI nor NCCL: the communicators come from plugins
 * (libsweep-comm-mpi.so, libsweep-comm-nccl.so) next to libsweep or in
 * SWEEP_PLUGIN_PATH, built when the toolchains were found at configure time.
 * sweep_dist_query() says which are present and why one is not. This header does not
 * include mpi.h or nccl.h: communicators are passed as pointers to the caller's
 * MPI_Comm or ncclComm_t.
 *
 * Conventions beyond those of sweep.h:
 *  - Validation is collective. Before anything is written, the ranks share a status
 *    word and a fingerprint of their arguments (dtype, operator kind, a custom
 *    operator's element size and identity bytes, a comparator's key size, scan kind,
 *    sort bits, value size). If any rank's arguments are wrong or differ from rank 0's,
 *    every rank returns SWEEP_ERR_INVALID_ARGUMENT and its sweep_last_error() names the
 *    rank and what was wrong ("sweep_dist_scan: rank 2: in is NULL with n = 7"). No
 *    rank hangs and no output is written. A local failure during the call (out of
 *    memory, a device fault) is shared the same way at the next step, and every rank
 *    returns an error.
 *  - A failed MPI or NCCL call is SWEEP_ERR_DEVICE with a message naming the call and
 *    MPI's or NCCL's error string. The MPI communicator is duplicated with the error
 *    handler MPI_ERRORS_RETURN, so MPI errors come back as statuses; a rank that dies
 *    mid-call is then up to the MPI runtime (Open MPI's mpirun ends the job).
 *    On NCCL, sweep polls ncclCommGetAsyncError while it waits; when NCCL reports an
 *    error (a peer that died is detected by NCCL's own timeouts) sweep aborts the
 *    communicator (ncclCommAbort) and returns SWEEP_ERR_DEVICE: that sweep_comm and the
 *    caller's ncclComm_t are unusable afterwards; destroy the sweep_comm.
 *  - Calls block until their result is complete, also on GPU contexts: they wait for
 *    the context's earlier work, exchange through NCCL on a stream of their own and
 *    return after it finished.
 *  - The exchange buffers are context memory that the communicator keeps between calls
 *    (see sweep_comm, sweep_comm_trim); local steps use the context's scratch memory.
 *    Calls made while the context measures scratch (sweep_scratch_query_begin) are
 *    refused.
 *  - Counts that come back to the caller (elements kept, elements received) are host
 *    memory (size_t *), unlike the context-memory counts of sweep.h.
 *
 * Output partitions: scans and segmented scans keep the input partition. Split keeps
 * it too (rank r receives the global positions its input covered). Compaction lays
 * the kept elements over the same partition: rank r receives global positions
 * [b_r, b_r + n_r) of the kept sequence, cut at its end (later ranks may receive
 * fewer or none). Sorts balance exactly: of N keys in all, rank r of p receives the
 * global positions [floor(r N / p), floor((r + 1) N / p)).
 */
#ifndef SWEEP_SWEEP_DIST_H
#define SWEEP_SWEEP_DIST_H

#include "sweep.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------- communicators ----- */

/** The engines a sweep_comm can wrap. */
typedef enum sweep_comm_kind {
    SWEEP_COMM_MPI = 0, /**< an MPI_Comm, for CPU contexts (serial, OpenMP)   */
    SWEEP_COMM_NCCL = 1 /**< an ncclComm_t, for GPU contexts (CUDA)           */
} sweep_comm_kind;

/** The number of sweep_comm_kind values. */
#define SWEEP_COMM_KIND_COUNT 2

/** What sweep_dist_query() says about a communicator plugin. */
typedef struct sweep_dist_info {
    sweep_comm_kind kind; /**< the kind described                                          */
    int built;            /**< 1 when this build of sweep made the plugin                  */
    int available;        /**< 1 when the plugin loaded                                    */
    char name[16];        /**< "mpi", "nccl"                                                */
    char path[512];       /**< the plugin file loaded or last tried                        */
    char reason[512];     /**< why it is not available: not built (and why), or not loaded */
} sweep_dist_info;

/** Describes a communicator plugin: whether this build has it (configure time found MPI
 * or NCCL), whether it loads now, and if not, why. Loads the plugin on first use.
 * Returns SWEEP_OK also when it is unavailable; SWEEP_ERR_INVALID_ARGUMENT for an
 * unknown kind or out == NULL. Not collective. */
SWEEP_API sweep_status sweep_dist_query(sweep_comm_kind kind, sweep_dist_info *out);

/** A communicator bound to one context: the ranks, and the engine moving data between
 * them. Opaque; one per rank.
 *
 * Memory: the calls on a communicator are collective and never run at the same time
 * (a second call on it before the first returned is undefined), so the communicator
 * keeps the buffers of its calls in context memory between calls instead of
 * allocating and freeing them every time (a device allocation, and more so a free,
 * waits for the device). Six buffers, one per role, each grown when a call needs more
 * (to the need, and an eighth more when it held a smaller one) and never shrunk: the
 * locally sorted keys and their values (a sort's or split's n input elements), the
 * merge's second buffer of received keys and values (a sort's output count), a scan's
 * tile totals and a small table. So after sorts of at most n input and m output keys
 * of key_size and value_size bytes, it keeps (n + m) (key_size + value_size) bytes
 * when the sizes never change, up to about 9/8 of that when they grow, plus a few KiB;
 * and in host memory, the sorts' copies of the keys near the split points (at most
 * 36 MiB, less for small pieces). When growing a buffer runs out of memory, the
 * other buffers the call does not use and the context's free scratch blocks are freed
 * and the allocation is tried once more before the call fails with
 * SWEEP_ERR_OUT_OF_MEMORY (the message gives the bytes). sweep_comm_trim gives the
 * buffers back early; sweep_comm_destroy frees them, so destroy a communicator before
 * its context. */
typedef struct sweep_comm sweep_comm;

/** Wraps an MPI communicator (mpi_comm points to the caller's MPI_Comm) for a CPU
 * context. Collective over that communicator (it is duplicated, so sweep's messages
 * never meet the caller's; the duplicate returns errors instead of aborting). MPI must
 * be initialised; the caller keeps ownership of its MPI_Comm. Errors:
 * SWEEP_ERR_INVALID_ARGUMENT (NULL arguments, a GPU context),
 * SWEEP_ERR_BACKEND_UNAVAILABLE (the MPI plugin did not load; the message says why),
 * SWEEP_ERR_DEVICE (an MPI call failed). *out is written only on success. */
SWEEP_API sweep_status sweep_comm_create_mpi(sweep_context *ctx, const void *mpi_comm,
                                             sweep_comm **out);

/** Wraps the caller's NCCL communicator (nccl_comm points to an ncclComm_t) for a CUDA
 * context on the same device. Not collective; the caller keeps ownership of the
 * ncclComm_t and must not destroy it before the sweep_comm. Errors as
 * sweep_comm_create_mpi (a context that is not CUDA is SWEEP_ERR_INVALID_ARGUMENT). */
SWEEP_API sweep_status sweep_comm_create_nccl(sweep_context *ctx, const void *nccl_comm,
                                              sweep_comm **out);

/** Builds an NCCL communicator over the ranks of an MPI communicator (mpi_comm points
 * to an MPI_Comm), one CUDA context a rank: rank 0 makes the NCCL id, MPI broadcasts
 * it, every rank joins. Collective over the MPI communicator; needs both plugins. The
 * sweep_comm owns the NCCL communicator and destroys it. Errors as above. */
SWEEP_API sweep_status sweep_comm_create_nccl_from_mpi(sweep_context *ctx, const void *mpi_comm,
                                                       sweep_comm **out);

/** One process driving several GPUs: builds count NCCL communicators with
 * ncclCommInitAll over the devices of ctxs[0..count) (CUDA contexts, distinct
 * devices), rank i on ctxs[i], and writes the sweep_comm of rank i to out[i]. The
 * sweep_comms own the NCCL communicators. Every later call is collective over the
 * count communicators, so each rank must be driven by its own host thread (one
 * thread calling rank 0 and then rank 1 would wait forever). Errors as above; on
 * error no out[i] is written. */
SWEEP_API sweep_status sweep_comm_create_nccl_all(sweep_context *const *ctxs, int count,
                                                  sweep_comm **out);

/** Frees a communicator (and the NCCL or MPI communicator it owns) and the buffers it
 * keeps (see sweep_comm). NULL is a no-op. Not collective, but no call on it may be in
 * flight. Destroy it before its context: a communicator whose context was destroyed
 * first cannot give its buffers back (the last error then says the context is not
 * live). */
SWEEP_API void sweep_comm_destroy(sweep_comm *comm);

/** Frees the buffers the communicator keeps between calls (see sweep_comm), for a
 * caller who wants that memory back (sweep_context_trim does not reach them); the
 * next call allocates what it needs again. Not collective (each rank trims its own);
 * no call on comm may be in flight. Errors: SWEEP_ERR_INVALID_ARGUMENT when comm is
 * NULL or its context is no longer live (nothing is freed then). */
SWEEP_API sweep_status sweep_comm_trim(sweep_comm *comm);

/** This rank's index and the number of ranks. Either pointer may be NULL. */
SWEEP_API sweep_status sweep_comm_rank(const sweep_comm *comm, int *rank, int *size);

/** Which kind of engine the communicator wraps. */
SWEEP_API sweep_status sweep_comm_kind_of(const sweep_comm *comm, sweep_comm_kind *out);

/** The balanced piece of rank `rank` of `size` ranks in a sequence of total elements:
 * *begin = floor(rank total / size), *count = floor((rank + 1) total / size) - *begin
 * (no overflow for any total). The output partition of the distributed sorts. Either
 * pointer may be NULL; rank outside [0, size) or size < 1 is SWEEP_ERR_INVALID_ARGUMENT.
 * Not collective. */
SWEEP_API sweep_status sweep_dist_balanced_piece(size_t total, int rank, int size, size_t *begin,
                                                 size_t *count);

/* ------------------------------------------------------ scans, reduce ----- */

/** Distributed scan: out on each rank is its piece of the scan of the concatenation
 * (input partition kept). Algorithm: local reduction, exclusive scan of the rank totals
 * in rank order, local scan with that carry; operators need not be commutative.
 * in == out allowed; in, out as in sweep_scan(). */
SWEEP_API sweep_status sweep_dist_scan(sweep_comm *comm, sweep_op op, const void *in, void *out,
                                       size_t n, sweep_scan_kind kind);

/** Distributed segmented scan by head flags: segments may cross rank boundaries (a
 * segment continues into the next non-empty rank until a flag starts a new one); the
 * first global element starts a segment. Arguments as in sweep_segmented_scan_flags(). */
SWEEP_API sweep_status sweep_dist_segmented_scan_flags(sweep_comm *comm, sweep_op op,
                                                       const void *in, const uint8_t *head_flags,
                                                       void *out, size_t n, sweep_scan_kind kind);

/** Distributed reduction in rank order (non-commutative operators are right): every
 * rank receives the reduction of the concatenation in *out (one element of context
 * memory). When the global sequence is empty nothing is written on any rank. */
SWEEP_API sweep_status sweep_dist_reduce(sweep_comm *comm, sweep_op op, const void *in, size_t n,
                                         void *out);

/* ------------------------------------------------ split, compaction ----- */

/** Distributed split, keeping the global order: the flagged elements of all ranks
 * first, then the others, each group in global order. Rank r's out (n elements, as
 * its input) receives the global positions its input covered. values_in/values_out
 * (value_size bytes each) optional as in sweep_split(). num_flagged (host memory, may
 * be NULL) receives the global number of flagged elements on every rank. Outputs must
 * not overlap inputs. */
SWEEP_API sweep_status sweep_dist_split(sweep_comm *comm, const uint8_t *flags, const void *in,
                                        void *out, size_t elem_size, const void *values_in,
                                        void *values_out, size_t value_size, size_t n,
                                        size_t *num_flagged);

/** Distributed compaction keeping the global order. The kept elements are laid over
 * the input partition: rank r (input piece at global [b_r, b_r + n)) receives kept
 * elements [b_r, b_r + n) cut at the global number kept, so out needs n elements.
 * num_local (host, may be NULL) receives how many this rank's out holds; num_total
 * (host, may be NULL) the global number kept. out must not overlap in. */
SWEEP_API sweep_status sweep_dist_compact(sweep_comm *comm, const uint8_t *flags, const void *in,
                                          void *out, size_t elem_size, size_t n, size_t *num_local,
                                          size_t *num_total);

/* ------------------------------------------------------------ sorting ----- */

/** Distributed stable radix sort (keys and optional values, as sweep_radix_sort() with
 * desc). Each rank gives its n keys and receives its balanced piece of the sorted
 * sequence: of N keys in all, rank r receives global positions
 * [floor(r N / p), floor((r + 1) N / p)) (see sweep_dist_balanced_piece()) in keys_out,
 * which holds out_capacity keys; *num_out (host, may be NULL) receives that count. A
 * capacity below the count is SWEEP_ERR_INVALID_ARGUMENT on every rank (the message
 * gives the count). keys_out == keys_in (values likewise) is allowed; other overlap is
 * not. Equal keys keep their global input order.
 *
 * Algorithm (after RMG sort): local sort; histogram of the top digit of the sorted
 * bits (the backend's radix_histogram) shared by all ranks; a global prefix over it
 * places every rank boundary in a digit bucket; inside those buckets an exact
 * selection over the locally sorted keys (bisection over the remaining bits, ties cut
 * in rank order) finds each rank's split points; ONE all-to-all exchange; the
 * received runs (sorted, in rank order) merged stably in pairwise rounds, or, for a
 * sort over part of the key's bits, sorted again. Context memory besides the sorts'
 * scratch: the locally sorted piece, and a second buffer of the received keys and
 * values for the merge, both kept by the communicator for later calls (see sweep_comm). */
SWEEP_API sweep_status sweep_dist_radix_sort(sweep_comm *comm, const void *keys_in, void *keys_out,
                                             const void *values_in, void *values_out, size_t n,
                                             size_t out_capacity, size_t *num_out,
                                             const sweep_sort_desc *desc);

/** Distributed stable merge sort with a built-in or custom comparator (a custom one
 * needs its C function `less` on every rank, also on GPU contexts: splitters are
 * chosen on the host). Output partition, capacity, overlap and num_out as
 * sweep_dist_radix_sort(). Algorithm: sample sort with regular sampling: local sort;
 * p - 1 regular samples per rank, gathered, give the first splitter guesses; an exact
 * multi-sequence selection refines them to the balanced boundaries; ONE all-to-all
 * exchange; the received runs merged stably in pairwise rounds (ties to the lower
 * rank). */
SWEEP_API sweep_status sweep_dist_merge_sort(sweep_comm *comm, const void *keys_in, void *keys_out,
                                             const void *values_in, void *values_out,
                                             size_t value_size, size_t n, size_t out_capacity,
                                             size_t *num_out, sweep_compare cmp);

#ifdef __cplusplus
}
#endif

#endif /* SWEEP_SWEEP_DIST_H */
