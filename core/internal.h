/*
 * internal.h -- what the core's files share: the context, errors, the plugin
 * loader, scratch memory, descriptor resolution and validation helpers, and the
 * algorithm drivers that the public functions (core/api_*.c) call.
 * Not installed; plugins see only include/sweep/backend.h.
 */
#ifndef SWEEP_CORE_INTERNAL_H
#define SWEEP_CORE_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <sweep/backend.h>

/* Tile of the generic scan/reduce under SWEEP_OPTION_DETERMINISTIC: one association
 * order for every backend. */
#define SWEEP__DETERMINISTIC_TILE 4096u
/* Alignment of every scratch sub-allocation (also the granularity of sizes). */
#define SWEEP__SCRATCH_ALIGN 256u

/* ------------------------------------------------------------------ errors -- */

/* Every public function starts with SWEEP__ENTER("sweep_scan"): it clears the
 * calling thread's last error and names the function for later messages. */
void sweep__enter(const char *api_name);
#define SWEEP__ENTER(name) sweep__enter(name)

/* Records "<api name>: <formatted message>" as the thread's last error and returns
 * status, so a failure is reported as `return sweep__fail(SWEEP_ERR_..., "...", ...)`. */
sweep_status sweep__fail(sweep_status status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Forgets a message recorded earlier in this call (a fused entry that declined with
 * SWEEP_ERR_UNSUPPORTED may have explained itself before the core composed instead). */
void sweep__clear_error(void);

/* The report callback handed to backends: records the message as sweep__fail does,
 * unless message is NULL. */
void sweep__report(sweep_status status, const char *message);

/* After a backend entry failed: if the backend left no message, record a generic one
 * naming the entry ("backend 'cuda' failed in radix_scatter"). Returns status. */
sweep_status sweep__backend_failed(const char *backend_name, const char *entry,
                                   sweep_status status);

/* ------------------------------------------------------------------ loader -- */

/* The serial backend's table (linked in): serial_table.h. */

typedef struct sweep__backend_slot {
    const sweep_backend_table *table; /* NULL when unavailable                        */
    int device_count;
    char path[512];   /* the plugin file loaded or last tried                        */
    char reason[512]; /* why unavailable                                             */
} sweep__backend_slot;

/* Loads a backend once per process (thread-safe) and returns its slot (never NULL
 * for SERIAL..HIP). AUTO is not accepted here: see sweep__backend_resolve_auto. */
const sweep__backend_slot *sweep__backend_load(sweep_backend backend);

/* Appends text to a note buffer (capacity cap), cutting it short when full. */
void sweep__note_append(char *buf, size_t cap, const char *text);

/* Looks for a plugin file (e.g. "libsweep-openmp.so") next to libsweep, then in each
 * folder of SWEEP_PLUGIN_PATH, calling try_file on each candidate path until it
 * returns 1 (then returns 1). try_file appends its own notes; this appends where it
 * looked when SWEEP_PLUGIN_PATH is unset. Shared by the backend and communicator
 * plugin loaders. */
int sweep__plugin_search(const char *file_name, int (*try_file)(void *user, const char *path),
                         void *user, char *reason, size_t cap);

/* Opens one candidate plugin file and finds its entry symbol: returns the library
 * handle and sets *entry, or returns NULL with the reason (not found, cannot load, no
 * symbol) appended to reason. The caller checks the table the entry returns and
 * dlcloses the handle if it refuses it. */
void *sweep__plugin_open(const char *file, const char *symbol, void **entry, char *reason,
                         size_t cap);

/* The backend AUTO stands for now: the SWEEP_BACKEND environment variable if set
 * (an unknown value is SWEEP_ERR_INVALID_ARGUMENT), else the first of CUDA, HIP,
 * OpenMP, serial that loads and has a device. */
sweep_status sweep__backend_resolve_auto(sweep_backend *out);
/* The backend AUTO picks when nothing names one: CUDA, HIP, OpenMP, serial, the first that
 * loads and has a device (serial always does). */
sweep_backend sweep__backend_first_available(void);

/* ----------------------------------------------------------------- context -- */

typedef struct sweep__block {
    void *ptr;
    size_t bytes;
    int in_use;
} sweep__block;

struct sweep_context {
    const sweep_backend_table *be;
    void *h; /* the backend's handle */
    sweep_backend backend;
    int device;
    unsigned options;
    sweep_backend_props props;

    /* scratch: measuring (sweep_scratch_query_begin), caller buffer, or cache */
    int querying;
    size_t query_max;
    void *user_scratch;
    size_t user_scratch_bytes;
    sweep__block *cache;
    size_t cache_len, cache_cap;

    /* what sweep_malloc handed out and sweep_free has not taken back: lets sweep_free
     * refuse foreign pointers and sweep_context_destroy free what was left */
    void **allocs;
    size_t allocs_len, allocs_cap;
};

/* Non-zero when the core should use fused entries of the backend. */
int sweep__use_fused(const sweep_context *ctx);

/* Validating a context argument (sweep__check_ctx): context_registry.h. */

/* Frees the memory from sweep_malloc that is still allocated (context destroy). */
void sweep__allocs_release(sweep_context *ctx);

/* ----------------------------------------------------------------- scratch -- */

/* Rounds up to SWEEP__SCRATCH_ALIGN (saturating). */
size_t sweep__scratch_round(size_t bytes);

/* A bump allocator over one scratch block held for one call. */
typedef struct sweep__arena {
    unsigned char *base;
    size_t size;
    size_t used;
} sweep__arena;

/* Takes bytes (rounded up) from the arena; NULL when it would exceed the size (a
 * driver that measured its need correctly never sees that). */
void *sweep__arena_take(sweep__arena *arena, size_t bytes);

/* Acquires scratch for one call that needs `bytes`:
 *  - measuring (sweep_scratch_query_begin): records the need, sets *measure_only = 1;
 *    the caller returns SWEEP_OK without touching data;
 *  - a caller buffer is set: uses it, or fails with SWEEP_ERR_OUT_OF_MEMORY naming
 *    the size needed;
 *  - otherwise: a block of the context's caching allocator (allocated on a miss).
 * bytes == 0 gives an empty arena. Nothing has been written when this fails. */
sweep_status sweep__scratch_begin(sweep_context *ctx, size_t bytes, sweep__arena *arena,
                                  int *measure_only);
/* Returns the call's block to the cache (GPU work queued on it stays ordered). */
void sweep__scratch_end(sweep_context *ctx, sweep__arena *arena);

/* Frees every cached block (context destroy, sweep_context_trim). */
void sweep__cache_release(sweep_context *ctx);

/* ------------------------------------------------------------- descriptors -- */

/* Resolves and validates an operator: unknown kind or dtype, bitwise operator on a
 * floating dtype, custom without a custom pointer -> SWEEP_ERR_INVALID_ARGUMENT. */
sweep_status sweep__resolve_op(sweep_op op, sweep_kop *out);

/* Resolves a comparator (kind, dtype, custom pointer). */
sweep_status sweep__resolve_cmp(sweep_compare cmp, sweep_kcmp *out);

/* Resolves a radix sort descriptor: key dtype, bit range, descending flag and
 * value_size (0, 1, 2, 4, 8 or 16). */
sweep_status sweep__resolve_radix(const sweep_sort_desc *desc, sweep_kradix *out);

/* Valid values of value_size for sorts and merges. */
int sweep__value_size_ok(size_t value_size);

/* --------------------------------------------------------------- validation -- */

/* Non-zero when [a, a + abytes) and [b, b + bbytes) overlap (empty ranges never do). */
int sweep__overlap(const void *a, size_t abytes, const void *b, size_t bbytes);

/* Checks nseg + 1 offsets in context memory: non-decreasing and offsets[nseg] <= n.
 * Reads them back from device memory on GPU backends. On success *first and *last
 * are offsets[0] and offsets[nseg]. */
sweep_status sweep__check_offsets(sweep_context *ctx, const size_t *offsets, size_t nseg, size_t n,
                                  size_t *first, size_t *last);

/* The three words of a backend's check of the offsets (table entry check_offsets:
 * offsets[0], offsets[nseg], the least decreasing index or SIZE_MAX) as
 * sweep__check_offsets reports them: the error and its message, or *first and *last. */
sweep_status sweep__offsets_verdict(sweep_context *ctx, const size_t *offsets, size_t nseg,
                                    size_t n, const size_t *r, size_t *first, size_t *last);

/* Work queued behind the backend's check of the offsets (offsets_gate.c): one fused
 * entry with its size query and scratch. *declined when the entry answered
 * SWEEP_ERR_UNSUPPORTED to its size query, having queued nothing. */
typedef sweep_status (*sweep__gated_work)(sweep_context *ctx, void *arg, int *declined);

/* Non-zero where a call with offsets (nseg >= 1) may queue its work behind the
 * backend's check of them (table entries offsets_gate_begin/_end): the backend has
 * them, the context takes fused entries, is not deterministic and is not measuring. */
int sweep__offsets_gate_usable(const sweep_context *ctx);

/* sweep__check_offsets with work(ctx, arg, declined) queued right behind the
 * backend's check, before the host waits for it: the host then waits for the check
 * alone. Bad offsets give the same errors as sweep__check_offsets, and the gated
 * work has written nothing. On success *first and *last are offsets[0] and
 * offsets[nseg]; *declined as work set it (the caller then composes the primitive
 * itself, the offsets known good). */
sweep_status sweep__offsets_gated(sweep_context *ctx, const size_t *offsets, size_t nseg, size_t n,
                                  sweep__gated_work work, void *arg, size_t *first, size_t *last,
                                  int *declined);

/* ptr (may be NULL) is a multiple of align (a power of two), or fail naming it. */
sweep_status sweep__check_aligned(const char *name, const void *ptr, size_t align);

/* n * size without overflow, or fail with SWEEP_ERR_INVALID_ARGUMENT naming what. */
sweep_status sweep__bytes(size_t n, size_t size, const char *what, size_t *out);

/* ------------------------------------------------------ algorithm drivers -- */
/* Arguments are validated. Each driver prefers the backend's fused entry
 * (sweep__use_fused) and composes basic kernels otherwise; each acquires its own
 * scratch with sweep__scratch_begin (so measuring mode works through it). */

sweep_status sweep__scan(sweep_context *ctx, const sweep_kop *op, const void *in, void *out,
                         size_t n, int exclusive);
sweep_status sweep__segmented_scan(sweep_context *ctx, const sweep_kop *op, const void *in,
                                   void *out, size_t n, const sweep_ksegments *seg, int exclusive);
sweep_status sweep__reduce(sweep_context *ctx, const sweep_kop *op, const void *in, size_t n,
                           void *out);
sweep_status sweep__segmented_reduce(sweep_context *ctx, const sweep_kop *op, const void *in,
                                     size_t n, const size_t *offsets, size_t nseg, void *out);
/* sweep__segmented_reduce of offsets not checked yet, queued behind the backend's
 * check of them (sweep__offsets_gate_usable holds, nseg >= 1). */
sweep_status sweep__segmented_reduce_gated(sweep_context *ctx, const sweep_kop *op, const void *in,
                                           size_t n, const size_t *offsets, size_t nseg, void *out);
/* The segmented scan by offsets not checked yet, of the whole in and out (n > 0),
 * queued behind the backend's check of them where the backend's fused entry takes it
 * (sweep__offsets_gate_usable holds, nseg >= 1). *declined: nothing done but the
 * check, which passed, with *first and *last its offsets[0] and offsets[nseg]. */
sweep_status sweep__segmented_scan_offsets_gated(sweep_context *ctx, const sweep_kop *op,
                                                 const void *in, void *out, size_t n,
                                                 const size_t *offsets, size_t nseg, int exclusive,
                                                 size_t *first, size_t *last, int *declined);
sweep_status sweep__split(sweep_context *ctx, const uint8_t *flags, const void *in, void *out,
                          size_t elem_size, const void *values_in, void *values_out, size_t vsize,
                          size_t n, size_t *num_flagged, int keep_unflagged);
sweep_status sweep__radix_sort(sweep_context *ctx, const sweep_kradix *key, const void *keys_in,
                               void *keys_out, const void *values_in, void *values_out,
                               size_t vsize, size_t n);
sweep_status sweep__merge_sort(sweep_context *ctx, const sweep_kcmp *cmp, const void *keys_in,
                               void *keys_out, const void *values_in, void *values_out,
                               size_t vsize, size_t n);
sweep_status sweep__merge(sweep_context *ctx, const sweep_kcmp *cmp, const void *a,
                          const void *a_values, size_t na, const void *b, const void *b_values,
                          size_t nb, void *out, void *out_values, size_t vsize);
sweep_status sweep__runs(sweep_context *ctx, const sweep_kruns *runs);
sweep_status sweep__histogram(sweep_context *ctx, const sweep_khist *hist, const void *samples,
                              size_t n, void *counts);

/* Segmented sorts: radix order (key, cmp NULL) or comparator order (cmp, key NULL)
 * of each segment; first and last are offsets[0] and offsets[nseg] (0 and n while
 * measuring). Vectorised search: lower (upper == 0) or upper bounds. */
sweep_status sweep__segmented_sort(sweep_context *ctx, const sweep_kradix *key,
                                   const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                                   const void *values_in, void *values_out, size_t vsize, size_t n,
                                   const size_t *offsets, size_t nseg, size_t first, size_t last);
sweep_status sweep__search(sweep_context *ctx, const sweep_kcmp *cmp, const void *haystack,
                           size_t n, const void *needles, size_t num_needles, size_t *out,
                           int upper);

#endif /* SWEEP_CORE_INTERNAL_H */
